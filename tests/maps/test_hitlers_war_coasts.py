"""maps/hitlers_war.toml: the sea sides (issue 12, phase 1).

The rulebook's words these tests check:

- Movement 2: "The route may not cross a side of a hex entirely in the sea except at a
  crossing arrow. A hexside must be completely free from the black coastline to be considered
  entirely in the sea."
- Map Board 3: "Crossing Arrows - Land armies may cross the straits marked by these arrows
  without need of sea transport."
- Determine supply 3: a supply route "may pass through any number of crossing hexsides. It may
  not cross a full sea hexside."

So an island (Great Britain, Ireland, Corsica, Sardinia, Sicily, Malta, Crete, Cyprus, Zealand)
is joined to other land only by its crossing arrows, and two shores facing each other across a
sea (the Channel, the Adriatic, the Aegean, the Alboran Sea...) have no land connection.  The
audit behind the list of sides is in docs/hitlers_war_map.md, "Sea sides".
"""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from mapref.core.graph import build_graph
from mapref.io.mapfile import load_map
from tests.helpers import mapref as _run

ROOT = Path(__file__).resolve().parents[2]
MAP = ROOT / "maps" / "hitlers_war.toml"
WALK = frozenset({"land", "crossing"})  # what an army walks or a land supply route follows


@pytest.fixture(scope="module")
def m():
    return load_map(MAP)


@pytest.fixture(scope="module")
def g(m):
    return build_graph(m)


def walk_out(g, group):
    """Every (inside, outside, kind) land or crossing connection leaving a group of hexes."""
    group = set(group)
    return {(a, b, c.kind) for a in group for c in g.edges(a, WALK) for b in [c.other(a)] if b not in group}


# The crossing arrows of the map (docs/hitlers_war_map.md, "Straits crossing arrows").
ARROWS = [
    ("G5", "H4", "Strait of Gibraltar"),
    ("H10", "H11", "Strait of Messina"),
    ("J8", "K9", "Strait of Bonifacio"),
    ("R9", "R10", "Great Belt"),
    ("R10", "R11", "Oresund"),
    ("L16", "L17", "Strait of Kerch"),
    ("I14", "J14", "Dardanelles"),
]


@pytest.mark.parametrize("a,b,strait", ARROWS)
def test_each_crossing_arrow_gives_a_crossing_and_no_land_connection(g, a, b, strait):
    # Map Board 3: armies cross at the arrow "without need of sea transport"
    assert g.kinds_between(a, b) & WALK == {"crossing"}, strait


# (island, its hexes, the land connections it must have: all crossing arrows)
ISLANDS = [
    ("Great Britain", ["T6", "S6", "S7", "R6", "Q6", "Q7", "P5", "P6", "P7"], set()),
    ("Ireland with North Ireland", ["Q5", "R5"], set()),
    ("Corsica", ["K9"], {("K9", "J8", "crossing")}),
    ("Sardinia", ["J8"], {("J8", "K9", "crossing")}),
    ("Sicily", ["H10"], {("H10", "H11", "crossing")}),
    ("Malta", ["G11"], set()),
    ("Crete", ["G14"], set()),
    ("Cyprus", ["F15"], set()),
    ("Zealand", ["R10"], {("R10", "R9", "crossing"), ("R10", "R11", "crossing")}),
]


@pytest.mark.parametrize("name,hexes,expected", ISLANDS, ids=[i[0] for i in ISLANDS])
def test_islands_are_reached_by_land_only_at_their_crossing_arrows(g, name, hexes, expected):
    # Movement 2 / Map Board 3: only a crossing arrow carries an army over the sea
    assert walk_out(g, hexes) == expected


def test_great_britain_has_no_land_connection_to_france_or_the_low_countries(m, g):
    # Movement 2: the Channel and the North Sea are crossed by sea transport only
    britain = {m.grid.label(h) for h in m.regions["great_britain"].hexes}
    continent = {m.grid.label(h) for h, d in m.hexes.items() if d.country in ("fr", "lc")}
    for a in ("P7", "P6", "P5"):
        for b in continent:
            assert not g.kinds_between(a, b) & WALK, (a, b)
    assert walk_out(g, britain) == set()


def test_africa_meets_europe_by_land_only_at_gibraltar(m, g):
    # Map Board 3: the Strait of Gibraltar arrow (G5-H4) is the only way across without ships
    africa = {m.grid.label(h) for h, d in m.hexes.items() if d.country in ("ma", "dz", "tn", "ly", "aof")}
    europe = {m.grid.label(h) for h, d in m.hexes.items() if d.country in ("es", "pt", "gi", "fr", "it", "mt")}
    links = {(a, b, k) for a, b, k in walk_out(g, africa) if b in europe}
    assert links == {("G5", "H4", "crossing")}


def test_italy_meets_the_balkans_only_at_the_head_of_the_adriatic(m, g):
    # Movement 2: the Adriatic and the Strait of Otranto have no crossing arrow
    peninsula = ["L9", "L10", "K10", "K11", "J10", "J11", "I11", "I12", "H11"]
    balkans = {m.grid.label(h) for h, d in m.hexes.items() if d.country in ("yu", "gr", "bg")} | {"J12"}
    links = {(a, b) for a, b, _ in walk_out(g, peninsula) if b in balkans}
    assert links == {("L10", "L11")}  # Venice - Zagreb (Trieste)


def test_anatolia_meets_europe_only_through_istanbul_and_the_dardanelles(m, g):
    # Movement 2: the Aegean has no crossing arrow; the Bosporus lies inside Istanbul's hex J14
    anatolia = {m.grid.label(h) for h, d in m.hexes.items() if d.country == "tr"} - {"J14"}
    greece_bulgaria = {m.grid.label(h) for h, d in m.hexes.items() if d.country in ("gr", "bg")}
    assert not {(a, b) for a, b, _ in walk_out(g, anatolia) if b in greece_bulgaria}
    assert g.kinds_between("I14", "J14") & WALK == {"crossing"}


# Sides the geometry made land although the water runs along them (docs/hitlers_war_map.md).
WATER_SIDES = [
    ("O8", "P7", "Strait of Dover"),
    ("O7", "P7", "English Channel"),
    ("O7", "P6", "English Channel"),
    ("O6", "P6", "English Channel"),
    ("O6", "P5", "Western Approaches"),
    ("P7", "P8", "North Sea"),
    ("Q5", "Q6", "Irish Sea"),
    ("R5", "R6", "North Channel"),
    ("R5", "S6", "North Channel"),
    ("R10", "S10", "Kattegat"),
    ("R10", "S11", "Kattegat"),
    ("S10", "S11", "Kattegat"),
    ("S10", "T10", "Skagerrak"),
    ("G5", "H5", "Alboran Sea"),
    ("G6", "H5", "Alboran Sea"),
    ("H5", "H6", "Alboran Sea"),
    ("H6", "I6", "Alboran Sea"),
    ("K9", "L8", "Ligurian Sea"),
    ("K9", "L9", "Ligurian Sea"),
    ("K11", "K12", "Adriatic"),
    ("K11", "L11", "Adriatic"),
    ("I12", "J12", "Strait of Otranto"),
    ("I12", "I13", "Strait of Otranto"),
    ("H12", "I12", "Ionian Sea"),
    ("H13", "H14", "Aegean"),
    ("I13", "I14", "Aegean"),
    ("I14", "J13", "Thracian Sea"),
    ("G14", "G15", "Crete"),
    ("G14", "H14", "Crete"),
    ("F15", "G16", "Cyprus"),
    ("L17", "M17", "Sea of Azov"),
    ("A20", "B20", "Persian Gulf"),
    ("B19", "B20", "Persian Gulf"),
]


@pytest.mark.parametrize("a,b,water", WATER_SIDES, ids=[f"{a}-{b}" for a, b, _ in WATER_SIDES])
def test_sides_across_open_water_are_all_sea(m, g, a, b, water):
    # Movement 2: "entirely in the sea" and no crossing arrow: no land, no crossing connection
    assert m.is_all_sea(m.grid.parse_side(f"{a}-{b}")), water
    assert not g.kinds_between(a, b) & WALK, water


def test_the_rebuild_gives_the_shipped_map_byte_for_byte(tmp_path):
    # docs/hitlers_war_map.md: the map is built, never hand-edited
    out = tmp_path / "hw.toml"
    r = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "build_hitlers_war.py"), "-o", str(out)],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert r.returncode == 0, r.stderr
    assert out.read_bytes() == MAP.read_bytes()


# ------------------------------------------------------------------ as a referee meets it
def test_an_army_cannot_walk_from_london_to_france_in_war_for_europe(tmp_path):
    # Movement 2: Britain and France are both Allied-friendly in winter 1939, but the Channel is
    # "entirely in the sea" with no crossing arrow: the British Army needs sea transport.
    assert _run("new-game", "war_for_europe", "-o", "g.toml", "--auto-place", cwd=tmp_path).returncode == 0
    r = _run("advance", "g.toml", "--to", "allies land", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    turn = json.loads(_run("referee", "g.toml", "--json", cwd=tmp_path).stdout)["turn"]
    assert (turn["side"], turn["phase"], turn["subphase"]) == ("allies", "movement", "land")
    for france in ("O8", "N7", "O7"):  # Calais, Paris, Cherbourg: all friendly
        r = _run("move", "g.toml", "P7", france, "--infantry", "1", cwd=tmp_path)
        assert r.returncode == 1 and "[Movement 2]" in r.stderr, (france, r.stderr)
    r = _run("move", "g.toml", "P7", "P6", "--infantry", "1", cwd=tmp_path)  # within Britain: fine
    assert r.returncode == 0, r.stderr
