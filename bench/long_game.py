"""A long game, played reproducibly for the benchmarks and the replay's tests.

    python bench/long_game.py OUT.toml [--scenario war_for_europe] [--actions 300] [--seed 7]

Plays a shipped scenario as a window would, through the ruleset alone: in a movement step up to
six pieces are dragged where ``reach`` says they may go (``drag`` gives the action a drop means),
in the announce step an attack or two is announced, and every other step is ended as the End
step button ends it; when the rules refuse to end a step (the Allies must build in France...),
the entries ``legal()`` offers are tried with small numbers in their forms until one is accepted.
Every action goes through ``GameSession.apply``, so the log holds each one's undo patch as a
window's does.  Stops at ``--actions`` actions (or when nothing more can be done) and saves the
game.  The same arguments always give the same file.
"""

from __future__ import annotations

import argparse
import copy
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mapref.rules.ruleset import Action
from mapref.rules.session import start_game

SKIP = ("set", "surrender", "vp-set", "vp-check", "advance", "naval", "home-forces", "losses")


def answered(s, a: Action):
    """Check ``a``, answering the questions the rules ask with their first option."""
    out = s.check(a)
    for _ in range(20):
        if out.ok or out.ask is None:
            break
        if out.ask.many:
            a.args.setdefault(out.ask.key, []).append(out.ask.options[0])
        else:
            a.args[out.ask.key] = out.ask.options[0]
        out = s.check(a)
    return out


def filled(item, rnd: random.Random) -> Action:
    """The entry's action, its form answered: small numbers, the first choice."""
    args = copy.deepcopy(item.action.args)
    for f in item.ask:
        v = f.default
        if f.kind == "int":
            lo = max(1, f.min or 0)
            v = rnd.randint(lo, max(lo, min(f.max if f.max is not None else 3, 3)))
        if v in (None, ""):
            continue
        where, _, leaf = f.key.rpartition(".")
        (args.setdefault(where, {}) if where else args)[leaf] = v
    return Action(item.action.verb, args)


def try_apply(s, a: Action | None) -> bool:
    if a is None:
        return False
    out = answered(s, a)
    if out.ok:
        return s.apply(a, outcome=out).ok
    return False


def drag_one(s, rnd: random.Random) -> bool:
    """Drag one of the pieces the window would let be dragged to a space it may reach."""
    rs, g = s.ruleset, s.game
    pieces = [p for p in rs.pieces(g) if p.selectable and p.kind in ("army", "fleet")]
    rnd.shuffle(pieces)
    for p in pieces[:12]:
        spots = sorted(rs.reach(g, p.id))
        rnd.shuffle(spots)
        if any(try_apply(s, rs.drag(g, p.id, to)) for to in spots[:3]):
            return True
    return False


def legal_one(s, rnd: random.Random, verbs=None) -> bool:
    """One entry ``legal()`` offers (game-wide, at the pieces and the spaces near them)."""
    rs, g = s.ruleset, s.game
    places: list[dict] = [{"place": "game"}, {"place": "toolbar"}]
    for p in [p for p in rs.pieces(g) if p.selectable][:10]:
        places += [{"piece": p.id}, {"space": p.space}]
        places += [{"space": sp} for sp in g.board.graph().neighbours(p.space)[:4]]
    items = [
        i
        for w in places
        for i in rs.legal(g, **w)
        if i.enabled and i.action.verb not in SKIP and (verbs is None or i.action.verb in verbs)
    ]
    rnd.shuffle(items)
    return any(try_apply(s, filled(i, rnd)) for i in items[:25])


class Player:
    """Plays a game one action at a time, as :func:`play` does (see the module docstring)."""

    def __init__(self, s, seed: int = 7) -> None:
        self.s, self.rnd = s, random.Random(seed)
        self.done_here, self.stuck = 0, 0

    def step(self) -> bool:
        """Do one action (False: nothing more can be done)."""
        s, rnd = self.s, self.rnd
        n = len(s.log)
        while len(s.log) == n:
            step = s.position().get("step", "")
            if "movement" in step and self.done_here < 6 and drag_one(s, rnd):
                self.done_here += 1
                continue
            if "announce" in step and self.done_here < 2 and legal_one(s, rnd, ("announce",)):
                self.done_here += 1
                continue
            self.done_here = 0
            if try_apply(s, s.ruleset.end_step(s.game)):
                self.stuck = 0
                continue
            self.stuck += 1
            if self.stuck > 40 or not legal_one(s, rnd):
                return False
        return True


def play(scenario: Path, actions: int, seed: int):
    """A new game of ``scenario`` played to ``actions`` actions (fewer when it gets stuck)."""
    s = start_game(scenario, auto_place=True)
    player = Player(s, seed)
    while len(s.log) < actions and player.step():
        pass
    return s


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out", type=Path)
    ap.add_argument("--scenario", default="war_for_europe")
    ap.add_argument("--actions", type=int, default=300)
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args(argv)
    t = time.perf_counter()
    s = play(ROOT / "scenarios" / f"{args.scenario}.toml", args.actions, args.seed)
    s.save(args.out)
    print(f"{args.out}: {len(s.log)} actions, {s.position().get('title', '')} ({time.perf_counter() - t:.1f} s)")
    return 0 if len(s.log) >= args.actions else 1


if __name__ == "__main__":
    sys.exit(main())
