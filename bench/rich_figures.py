"""The engine's figures on a rich position (bench/rich_game.py), for bench/run, in a process of
its own.

    python bench/rich_figures.py GAME.toml [--runs 3]

Prints one JSON object: each figure the least CPU time of ``--runs`` (ms; the process's CPU time,
time.process_time, what a figure on this shared machine is held to), and what the position holds:

- ``load``: the map, the scenario and the game read (``open_game``);
- ``report_first``: the first report after loading (the graph, the traces, every route);
- ``report_move``: the report after a change: an army moved one hex (the move applied, not
  timed, then the report);
- ``report_capture``: the report after one hex changes hands (a hex of the front set to the other
  side, not timed, then the report);
- ``report_again``: the report of the same position asked again after ``invalidate()`` (what the
  earlier benchmark called "after a change");
- ``drag_engine``: an army's move one hex checked and applied (the engine's part of a drop).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mapref.rules.ruleset import Action
from mapref.rules.session import open_game


def least(f, runs: int, setup=None) -> float:
    """The least CPU time of ``runs`` calls of ``f`` (ms), ``setup()`` before each, not timed."""
    best = float("inf")
    for _ in range(runs):
        if setup is not None:
            setup()
        c = time.process_time()
        f()
        best = min(best, (time.process_time() - c) * 1000)
    return best


def movable(s) -> tuple[str, str, str]:
    """An army of the phasing side, supplied, with an empty friendly land hex beside it."""
    st = s.state
    g = s.board.graph()
    cx = s.ruleset.context(s.game)
    taken = {a.at for a in st.armies}
    for a in st.armies:
        sp = s.board.space(a.at)
        if a.side != st.side or sp is None or sp.is_box or a.at not in cx.supplied(a.side):
            continue
        for n in g.neighbours(a.at, {"land"}):
            if cx.control.get(n) == a.side and n not in taken:
                return a.name, a.at, n
    raise SystemExit("no army to move")


def front(s) -> list[tuple[str, str]]:
    """Empty hexes of the phasing side beside an enemy's, with that enemy: where captures happen."""
    st = s.state
    g = s.board.graph()
    cx = s.ruleset.context(s.game)
    taken = {a.at for a in st.armies}
    sources = {x for side in cx.scenario.sides for x in cx.scenario.side_setups[side].supply}
    out = []
    for space, side in cx.control.items():
        if side != st.side or space.startswith("box:") or space in taken or space in sources:
            continue
        enemy = {cx.control.get(n) for n in g.neighbours(space, {"land"})} - {side, None}
        if enemy:
            out.append((space, sorted(enemy)[0]))
    return sorted(out)


def figures(game: Path, runs: int) -> dict:
    res: dict = {}
    open_game(game).report()  # imports, once
    res["load"] = least(lambda: open_game(game), runs)
    fresh = []
    res["report_first"] = least(lambda: fresh[-1].report(), runs, setup=lambda: fresh.append(open_game(game)))
    fresh.clear()
    s = open_game(game)
    s.report()
    name, a, b = movable(s)
    spots = [a, b]

    def move():
        frm = s.state.army(name).at
        out = s.apply(Action("move", {"from": frm, "to": spots[1] if frm == spots[0] else spots[0], "army": name}))
        assert out.ok, out.refusal

    res["report_move"] = least(s.report, runs, setup=move)
    hexes = front(s)
    picks = hexes[:: max(1, len(hexes) // (2 * runs + 1))]
    turn = [0]

    def capture():
        space, enemy = picks[turn[0] % len(picks)]
        turn[0] += 1
        out = s.apply(Action("set", {"space": space, "control": enemy}))
        assert out.ok, out.refusal

    res["report_capture"] = least(s.report, runs, setup=capture)

    def again():
        s.invalidate()
        s.report()

    res["report_again"] = least(again, runs)

    def check_apply():
        frm = s.state.army(name).at
        act = Action("move", {"from": frm, "to": spots[1] if frm == spots[0] else spots[0], "army": name})
        out = s.check(act)
        assert out.ok, out.refusal
        s.apply(act, outcome=out)

    res["drag_engine"] = least(check_apply, runs)
    r = s.report()
    res["hexes"] = s.map.grid.rows * s.map.grid.cols
    res["armies"] = len(s.state.armies)
    res["cut_off"] = sum(1 for x in r.armies if "frontier" in x)
    res["pockets"] = len({tuple(x["frontier"]) for x in r.armies if "frontier" in x and x["frontier"]})
    res["at_sea"] = sum(not f.in_port for f in s.state.fleets)
    return res


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game")
    ap.add_argument("--runs", type=int, default=3)
    a = ap.parse_args()
    print(json.dumps(figures(Path(a.game), a.runs)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
