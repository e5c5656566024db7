"""The Struggle for Europe area map: what the rulebook states of the board (section 2, the set-up
of 5.2, the supply locations of 8, the examples' lines) is on it, and the builder reproduces it."""

import importlib.util
from pathlib import Path

import pytest

from mapref.core.arealint import lint_area
from mapref.io.areafile import dumps_area_map, load_area_map

ROOT = Path(__file__).resolve().parents[2]
MAP = ROOT / "maps" / "struggle_for_europe.toml"
NAMED = [
    "Helsinki",
    "Warsaw",
    "Tripoli",
    "Milan",
    "Rome",
    "Ruhr",
    "Berlin",
    "London",
    "Antwerp",
    "Sedan",
    "Marseilles",
    "Paris",
    "Tobruk",
    "Alexandria",
    "Leningrad",
    "Bialystok",
    "Minsk",
    "Moscow",
    "Kiev",
    "Stalingrad",
    "Grozny",
    "Riga",
    "Budapest",
    "Normandy",
    "Algiers",
]


@pytest.fixture(scope="module")
def m():
    return load_area_map(MAP)


def test_the_builder_makes_the_shipped_map_byte_for_byte():
    spec = importlib.util.spec_from_file_location("build_sfe", ROOT / "tools" / "build_struggle_for_europe.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    assert dumps_area_map(mod.build()) == MAP.read_text(encoding="utf-8")


def test_every_location_the_rulebook_names_is_there_split_in_halves(m):
    names = {loc.name: loc for loc in m.locations.values()}
    for n in NAMED:
        assert n in names, n
    assert m.boxes["usa"].name == "USA"
    # 2: "Locations are named for cities, and divided in half by a line"
    assert all(loc.has_halves and not any(g.is_empty for g in loc.half_geoms.values()) for loc in m.locations.values())
    assert (len(m.locations), sum(len(loc.spaces()) for loc in m.locations.values()), len(m.lines)) == (
        50,
        100,
        93,
    )  # no Marseilles-Algiers line (rulings S5)
    assert not [p for p in lint_area(m) if p.is_error]


def test_start_colours_and_supply_locations(m):
    colour = {lid: loc.colour for lid, loc in m.locations.items()}
    assert {colour[x] for x in ("helsinki", "warsaw", "tripoli", "milan", "rome", "ruhr", "berlin")} == {"gray"}
    assert {
        colour[x] for x in ("london", "antwerp", "sedan", "marseilles", "paris", "tobruk", "alexandria", "normandy")
    } == {"blue"}
    assert {colour[x] for x in ("leningrad", "bialystok", "minsk", "moscow", "kiev", "stalingrad", "grozny")} == {"red"}
    assert colour["riga"] == colour["budapest"] == "tan"  # rulings S2
    # 8 Supply Lines: London, Paris, Alexandria (and the USA from the 3rd deck); Leningrad,
    # Moscow, Stalingrad; Helsinki, Berlin, Rome
    sup = {lid: loc.supply[0].side for lid, loc in m.locations.items() if loc.supply}
    assert sup == {
        "london": "western",
        "paris": "western",
        "alexandria": "western",
        "leningrad": "soviet",
        "moscow": "soviet",
        "stalingrad": "soviet",
        "helsinki": "axis",
        "berlin": "axis",
        "rome": "axis",
    }
    usa = m.boxes["usa"].supply[0]
    assert usa.side == "western" and usa.condition.text() == "allied_deck >= 3"
    # 9: tan locations carry no victory value (they can never be scored)
    assert all(loc.vp == 0 for loc in m.locations.values() if loc.colour == "tan")


def test_the_lines_the_examples_need(m):
    def line(a, b):
        return next(ln for ln in m.lines.values() if {ln.a.split(".")[0], ln.b.split(".")[0]} == {a, b})

    # 8 Supply Lines: "the half of Bialystok connected to Riga" / "... connected to Minsk and Kiev"
    assert line("riga", "bialystok").b == "bialystok.w" and line("warsaw", "bialystok").a == "bialystok.w"
    assert line("bialystok", "minsk").a == "bialystok.e" and line("bialystok", "kiev").a == "bialystok.e"
    # Riga's only lines go to Leningrad and Bialystok (the Axis in Riga is cut off by them)
    assert sorted(
        {ln.a.split(".")[0] for ln in m.lines_of("riga")} | {ln.b.split(".")[0] for ln in m.lines_of("riga")}
    ) == ["bialystok", "leningrad", "riga"]
    # 8 Examples: the Ruhr enters Sedan's right half; London - Normandy is naval; Normandy - Paris -
    # Marseille on Paris's one half
    assert line("ruhr", "sedan").b == "sedan.e" and line("ruhr", "antwerp").b == "antwerp.e"
    assert line("london", "normandy").kind == "naval"
    assert line("normandy", "paris").b == line("paris", "marseilles").a == "paris.sw"
    assert line("paris", "sedan").a == "paris.ne"
    # 2: "The naval move line from USA and London to Algiers is one way ... until the start of the
    # Allied 2nd play deck"
    for a in ("london", "box:usa"):
        ln = next(x for x in m.lines.values() if x.a.split(".")[0] == a and x.b.startswith("algiers"))
        assert ln.kind == "naval" and ln.oneway and ln.condition.text() == "allied_deck >= 2"
