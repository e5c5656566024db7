"""A big map and a game on it, generated reproducibly for the benchmarks.

    python bench/big_game.py OUTDIR [--rows 200] [--cols 200] [--armies 600] [--fleets 8]

Writes OUTDIR/big_map.toml (a hex map: land with several seas, straits and lakes, coastal hexes
and ports along them, two blocs of countries, production scattered, two off-map boxes: one
reached by a sea arrow, one by land), OUTDIR/big_scenario.toml (a Hitler's War scenario: the
Axis in the west, the Soviets in the east, each with a capital as supply source, ``--armies``
armies half each, many along the front, and ``--fleets`` fleets a side) and OUTDIR/big_game.toml
(the game in the Axis movement phase, with most fleets at sea in different seas: some with a
port in reach, some cut off in a lake or a strait with no friendly port, some where an enemy
fleet stands in the way).  The same arguments always give the same files.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mapref.core.grid import Grid, Hex
from mapref.core.model import Box, Country, MapModel, Sea, SeaArrow
from mapref.io.mapfile import save_map

STRAITS = 50  # a strait every 50 columns (two hexes wide, cut into segments every 40 rows)


def sea_zone(h: Hex, rows: int, cols: int, rnd: random.Random) -> str | None:
    """The sea zone of hex ``h``, or None for land: a band along the north and the south edges,
    straits across the land (the first segment of each joins the north band, the others are
    closed seas) and lakes."""
    if h.row <= 3:
        return "n"
    if h.row > rows - 3:
        return "s"
    if h.col % STRAITS in (24, 25) and h.row % 40 < 30:
        return f"k{h.col // STRAITS}"
    if rnd.random() < 0.02:
        return "l"
    return None


def build_map(rows: int, cols: int) -> MapModel:
    rnd = random.Random(1941)
    m = MapModel(Grid(rows=rows, cols=cols), name=f"Benchmark {rows}x{cols}", hex_size=30.0)
    for i in range(6):
        m.countries[f"w{i}"] = Country(f"West {i}", "#8ec1ea", "germany")
        m.countries[f"e{i}"] = Country(f"East {i}", "#d9534f", "soviet")
    m.seas.update({"n": Sea("North Sea", "#a9c7e6"), "s": Sea("South Sea", "#a9c7e6"), "l": Sea("Lakes", "#b4d2ee")})
    for k in range((cols + STRAITS - 1) // STRAITS):
        m.seas[f"k{k}"] = Sea(f"Strait {k}", "#a0c0e0")
    for h, d in m.hexes.items():
        zone = sea_zone(h, rows, cols, rnd)
        if zone:
            d.terrain, d.sea = "sea", zone
            continue
        d.terrain = "land"
        west = h.col <= cols // 2
        d.country = f"{'w' if west else 'e'}{(h.row * 6) // (rows + 1)}"
        if rnd.random() < 0.06:
            d.production = rnd.randint(1, 4)
    for h, d in m.hexes.items():  # coasts and ports beside the sea
        if d.terrain != "land":
            continue
        wet = [m.hexes[n].sea for n in m.grid.neighbours(h) if m.hexes[n].terrain == "sea"]
        if not wet:
            continue
        if rnd.random() < 0.5:  # part land, part sea: fleets sail along it (coast connections)
            d.terrain, d.sea = "coastal", wet[0]
            if rnd.random() < 0.12:
                d.port = rnd.randint(2, 4)
        elif rnd.random() < 0.04:  # a port on a full-land hex (port connections)
            d.port = 2
    # two off-map boxes: one reached by sea arrows from the north band, one by land from the east edge
    west_arrow = Hex(2, max(2, cols // 10))
    m.boxes["west_box"] = Box(
        "West Box", production=2, country="w3", position=(-4.6, 2.0), sea_arrows=(SeaArrow(west_arrow, 3, "n"),)
    )
    east_land = tuple(
        Hex(r, cols) for r in range(rows // 2 - 5, rows // 2 + 5) if m.hexes[Hex(r, cols)].terrain != "sea"
    )
    m.boxes["east_box"] = Box(
        "East Box", production=4, country="e3", position=(cols * 1.5 + 2, rows / 2), land=east_land
    )
    return m


def fleet_spots(m: MapModel, rows: int, cols: int, per_side: int) -> dict[str, list[tuple[str, bool]]]:
    """Where each side's fleets stand in the game: (hex, in port); most at sea in different seas."""
    rnd = random.Random(1943)
    lab = m.grid.label
    sea = sorted(h for h, d in m.hexes.items() if d.terrain == "sea")
    out: dict[str, list[tuple[str, bool]]] = {}
    used: set[Hex] = set()
    for side, west in (("axis", True), ("soviet", False)):
        mine = [h for h in sea if (h.col <= cols // 2) == west]
        wanted = [
            lambda h: m.hexes[h].sea == "n",  # the north band: ports along it and the straits' first segments
            lambda h: m.hexes[h].sea == "s",  # the south band
            lambda h: m.hexes[h].sea.startswith("k") and 45 <= h.row % 80 < 70,  # a closed strait
            lambda h: m.hexes[h].sea.startswith("k") and h.row < 30,  # a strait open to the north band
            lambda h: m.hexes[h].sea == "l",  # a lake
        ]
        spots: list[tuple[str, bool]] = []
        for i in range(per_side):
            want = wanted[i % len(wanted)]
            pool = [h for h in mine if want(h) and h not in used] or [h for h in mine if h not in used]
            h = rnd.choice(pool)
            used.add(h)
            spots.append((lab(h), False))
        out[side] = spots
    return out


def capitals(m: MapModel) -> tuple[Hex, Hex]:
    """The two sides' capitals (their supply sources), made land hexes of the middle countries."""
    rows, cols = m.grid.rows, m.grid.cols
    west_cap = Hex(rows // 2, max(2, cols // 8))
    east_cap = Hex(rows // 2, cols - cols // 8)
    for h in (west_cap, east_cap):
        d = m.hexes[h]
        d.terrain, d.sea, d.capital, d.production, d.port = "land", None, True, 10, 0
        d.name = "West Capital" if h is west_cap else "East Capital"
        d.country = "w3" if h is west_cap else "e3"
    return west_cap, east_cap


def scenario_text(m: MapModel, armies: int, fleets: int, caps: tuple[Hex, Hex]) -> str:
    """The scenario: two sides, ``armies`` armies (half of them near the front), ``fleets`` fleets a side."""
    lab = m.grid.label
    rnd = random.Random(1942)
    land = {"axis": [], "soviet": []}
    for h, d in sorted(m.hexes.items()):
        if d.terrain != "sea":
            land["axis" if d.country and d.country.startswith("w") else "soviet"].append(h)
    lines = [
        "# generated by bench/big_game.py",
        "format = 1",
        'kind = "scenario"',
        'id = "big"',
        'name = "Benchmark"',
        'map = "big_map.toml"',
        'ruleset = "hitlers_war"',
        'rule = "benchmark"',
        'sides = ["axis", "soviet"]',
        'move_order = ["axis", "soviet"]',
        'first_turn = "summer 1941"',
        'last_turn = "winter 1943"',
        "",
        "[setup.axis]",
        'friendly = { allegiances = ["germany"] }',
        "production = 0",
        f'supply = ["{lab(caps[0])}"]',
        "",
        "[setup.soviet]",
        'friendly = { allegiances = ["soviet"] }',
        "production = 0",
        f'supply = ["{lab(caps[1])}"]',
        "",
    ]
    used: set[Hex] = set()
    front = m.grid.cols // 2
    for side in ("axis", "soviet"):
        hexes = land[side]
        near = [h for h in hexes if abs(h.col - front) <= 6]
        for i in range(armies // 2):
            pool = near if i % 2 == 0 and near else hexes
            h = rnd.choice(pool)
            while h in used:
                h = rnd.choice(pool)
            used.add(h)
            lines += [
                f'[armies."{side} army {i + 1}"]',
                f'side = "{side}"',
                f'nation = "{m.hexes[h].country}"',
                f'at = "{lab(h)}"',
                f"infantry = {rnd.randint(1, 5)}",
                f"mechanized = {rnd.randint(0, 5)}",
                "",
            ]
    for side, bloc, prefix in (("axis", "germany", "w"), ("soviet", "soviet", "e")):
        for i in range(fleets):
            lines += [
                f'[fleets."{side} fleet {i + 1}"]',
                f'side = "{side}"',
                f'nation = "{prefix}{i % 6}"',
                f"capital = {1 + i % 2}",
                f'ports = {{ allegiances = ["{bloc}"] }}',
                "",
            ]
    return "\n".join(lines)


def put_to_sea(m: MapModel, state, fleets: int) -> None:
    """All but a quarter of each side's ``fleets`` fleets at sea, in different seas (:func:`fleet_spots`)."""
    spots = fleet_spots(m, m.grid.rows, m.grid.cols, fleets - fleets // 4)
    for side, places in spots.items():
        mine = [f for f in state.fleets if f.side == side]
        for f, (at, in_port) in zip(mine, places, strict=False):  # the fleets not put to sea stay in port
            f.at, f.in_port = at, in_port


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("outdir")
    ap.add_argument("--rows", type=int, default=200)
    ap.add_argument("--cols", type=int, default=200)
    ap.add_argument("--armies", type=int, default=600)
    ap.add_argument("--fleets", type=int, default=8, help="fleets a side; all but a quarter at sea (8)")
    a = ap.parse_args()
    out = Path(a.outdir)
    out.mkdir(parents=True, exist_ok=True)
    m = build_map(a.rows, a.cols)
    caps = capitals(m)
    save_map(m, out / "big_map.toml")
    (out / "big_scenario.toml").write_text(scenario_text(m, a.armies, a.fleets, caps))
    game = out / "big_game.toml"
    env_py = [sys.executable, "-m", "mapref"]
    for cmd in (["new-game", str(out / "big_scenario.toml"), "-o", str(game), "--force"], ["advance", str(game)]):
        r = subprocess.run(env_py + cmd, capture_output=True, text=True, cwd=ROOT)
        if r.returncode != 0:
            print(r.stdout + r.stderr, file=sys.stderr)
            return 1
    # the fleets at sea, and the position only: no [[log]]
    from mapref.rules.files import load_game, save_game

    g = load_game(game)
    put_to_sea(m, g.state, a.fleets)
    g.log = []
    save_game(g, game)
    at_sea = sum(not f.in_port for f in g.state.fleets)
    print(
        f"{out}: {a.rows}x{a.cols} map, {a.armies // 2 * 2} armies, {len(g.state.fleets)} fleets ({at_sea} at sea); "
        "game in the Axis movement phase"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
