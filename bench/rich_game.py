"""Rich positions for the benchmarks: a Hitler's War game on a generated map with what the
simple benchmark game has not (issue 34), reproducible from a seed.

    python bench/rich_game.py OUTDIR [--size 200] [--seed 34]

Writes OUTDIR/rich_map.toml, OUTDIR/rich_scenario.toml and OUTDIR/rich_game.toml: the map of
bench/big_game.py (``--size`` rows and columns, its seas, straits, lakes, ports, boxes) with

- build areas: each side builds in every country of its bloc (the undevastated production
  hexes it holds there: about half the map's production);
- armies in proportion to the map: 600 on 200x200 (as bench/big_game.py), 150 on 100x100,
  1,350 on 300x300, half near the front;
- pockets: seven of them, their areas in proportion to the map (the largest about 5,000 hexes
  on 300x300), each a disc of one side's land ringed by the other side's hexes, with about 7.5%
  of the side's armies cut off inside them;
- fleets at sea (as bench/big_game.py: 8 a side, 6 of them at sea in different seas);
- devastation: about a third of the production hexes devastated, some of it permanently;
- forts: seven a side in the scenario, near the front.

The game is in the Axis movement phase.  The same arguments always give the same files.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from big_game import build_map, capitals, put_to_sea, scenario_text

from mapref.core.grid import Hex
from mapref.io.mapfile import save_map
from mapref.rulesets.hitlers_war.state import HexState

POCKETS = (0.14, 0.11, 0.09, 0.07, 0.05, 0.04, 0.03)  # each pocket's radius as a share of the map's size
CUT_OFF = 0.075  # share of a side's armies cut off in its pockets
FLEETS = 8


def armies_for(size: int) -> int:
    """600 armies on 200x200, in proportion to the hexes elsewhere (an even number)."""
    return max(12, round(600 * size * size / 40000 / 2) * 2)


def rich_scenario(m, armies: int, caps: tuple[Hex, Hex], rnd: random.Random) -> str:
    """bench/big_game.py's scenario with build areas and forts."""
    text = scenario_text(m, armies, FLEETS, caps)
    text = text.replace(
        'supply = ["', 'build = { allegiances = ["germany"] }\nbuild_rule = "benchmark: the bloc"\nsupply = ["', 1
    )
    head, _, rest = text.partition("[setup.soviet]")
    rest = rest.replace(
        'supply = ["', 'build = { allegiances = ["soviet"] }\nbuild_rule = "benchmark: the bloc"\nsupply = ["', 1
    )
    text = head + "[setup.soviet]" + rest
    lab = m.grid.label
    front = m.grid.cols // 2
    forts = []
    for side, west in (("axis", True), ("soviet", False)):
        near = [
            h
            for h, d in sorted(m.hexes.items())
            if d.terrain == "land" and (h.col <= front) == west and 2 <= abs(h.col - front) <= 8
        ]
        for i, h in enumerate(rnd.sample(near, 7)):
            forts += [
                f"[forts.{side}-{i + 1}]",
                f'side = "{side}"',
                f"number = {i + 1}",
                f'at = "{lab(h)}"',
                f"strength = {1 + i % 3}",
                "",
            ]
    return text + "\n" + "\n".join(forts)


def disc(m, centre: Hex, radius: int) -> dict[Hex, int]:
    """The hexes within ``radius`` + 2 of ``centre`` (steps over the grid), with their distance."""
    dist = {centre: 0}
    todo = [centre]
    for h in todo:
        if dist[h] >= radius + 2:
            continue
        for n in m.grid.neighbours(h):
            if n not in dist:
                dist[n] = dist[h] + 1
                todo.append(n)
    return dist


def pockets(
    m, state, caps: tuple[Hex, Hex], rnd: random.Random, cut_off: float = CUT_OFF
) -> list[tuple[str, int, int]]:
    """Ring the pockets (:data:`POCKETS`) with the other side's hexes and move armies of the
    pocket's side into them: (side, hexes of the pocket, armies cut off) of each."""
    rows, cols = m.grid.rows, m.grid.cols
    size = min(rows, cols)
    lab, parse = m.grid.label, m.grid.parse
    west_of = lambda h: h.col <= cols // 2  # noqa: E731
    taken: set[Hex] = set()
    occupied = {parse(a.at) for a in state.armies if not a.at.startswith("box:")}
    by_side = {s: [a for a in state.armies if a.side == s] for s in ("axis", "soviet")}
    cut = {s: round(len(v) * cut_off) for s, v in by_side.items()}
    share = {s: sum(r * r for i, r in enumerate(POCKETS) if (i % 2 == 0) == (s == "axis")) for s in cut}
    moved: set[str] = set()
    out = []
    for i, f in enumerate(POCKETS):
        side = "axis" if i % 2 == 0 else "soviet"
        enemy = "soviet" if side == "axis" else "axis"
        west = side == "axis"
        radius = max(2, round(f * size))
        for _ in range(400):
            c = Hex(rnd.randint(rows // 5, rows - rows // 5), rnd.randint(1, cols))
            if west_of(c) != west or abs(c.col - cols // 2) > cols // 4:
                continue
            d = disc(m, c, radius)
            if any(h in taken for h in d) or any(cap in d for cap in caps):
                continue
            break
        else:
            continue
        taken.update(d)
        inside = []
        for h, k in d.items():
            hd = m.hexes[h]
            if hd.terrain == "sea":
                continue
            mine = hd.country is not None and hd.country.startswith("w" if west else "e")
            if k > radius and mine:
                state.hexes.setdefault(lab(h), HexState()).control = enemy
            elif k <= radius and mine:
                inside.append(h)
        n = round(cut[side] * f * f / share[side])
        free = [h for h in inside if h not in occupied]
        spots = rnd.sample(free, min(n, len(free)))
        armies = [a for a in by_side[side] if a.name not in moved and parse(a.at) not in d]
        for a, h in zip(rnd.sample(armies, min(len(spots), len(armies))), spots, strict=False):
            occupied.discard(parse(a.at))
            a.at = lab(h)
            occupied.add(h)
            moved.add(a.name)
        out.append((side, len(inside), len(spots)))
    return out


def devastate(m, state, rnd: random.Random) -> int:
    """About a third of the production hexes devastated (a quarter of those permanently)."""
    n = 0
    for h, d in sorted(m.hexes.items()):
        if d.production and not d.capital and rnd.random() < 0.33:
            hs = state.hexes.setdefault(m.grid.label(h), HexState())
            hs.devastated = rnd.randint(1, d.production)
            if rnd.random() < 0.25:
                hs.permanent = rnd.randint(1, hs.devastated)
            n += 1
    return n


def make(out: Path, size: int, seed: int = 34, cut_off: float = CUT_OFF) -> Path:
    """Write the rich game of ``size`` x ``size`` hexes into ``out`` (``cut_off``: the share of each
    side's armies cut off in its pockets); its path."""
    out.mkdir(parents=True, exist_ok=True)
    rnd = random.Random(seed)
    m = build_map(size, size)
    caps = capitals(m)
    save_map(m, out / "rich_map.toml")
    text = rich_scenario(m, armies_for(size), caps, rnd).replace("big_map.toml", "rich_map.toml")
    (out / "rich_scenario.toml").write_text(text)
    game = out / "rich_game.toml"
    py = [sys.executable, "-m", "mapref"]
    for cmd in (["new-game", str(out / "rich_scenario.toml"), "-o", str(game), "--force"], ["advance", str(game)]):
        r = subprocess.run(py + cmd, capture_output=True, text=True, cwd=ROOT)
        if r.returncode != 0:
            raise SystemExit(f"mapref {' '.join(cmd)}:\n{r.stdout}{r.stderr}")
    from mapref.rules.files import load_game, save_game

    g = load_game(game)
    put_to_sea(m, g.state, FLEETS)
    made = pockets(m, g.state, caps, rnd, cut_off)
    dev = devastate(m, g.state, rnd)
    g.log = []
    save_game(g, game)
    (out / "rich_game.txt").write_text(
        f"{size}x{size}, seed {seed}: {len(g.state.armies)} armies, {len(g.state.fleets)} fleets "
        f"({sum(not f.in_port for f in g.state.fleets)} at sea), {len(g.state.forts)} forts, "
        f"{dev} devastated production hexes, pockets (side, hexes, armies cut off): {made}\n"
    )
    return game


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("outdir")
    ap.add_argument("--size", type=int, default=200)
    ap.add_argument("--seed", type=int, default=34)
    a = ap.parse_args()
    game = make(Path(a.outdir), a.size, a.seed)
    print(game, (game.parent / "rich_game.txt").read_text().strip())
    return 0


if __name__ == "__main__":
    sys.exit(main())
