"""Design problems of a map, each pointing at a hex, side or box."""

from pathlib import Path

import pytest

from mapref.core.commands import SetHexProps, SetSide, UndoStack
from mapref.core.grid import Grid, Hex
from mapref.core import lint as core_lint
from mapref.core.model import MapModel, SeaArrow
from mapref.io.mapfile import load_map
from mapref.rules import registry


def lint(m):
    """The map's lint as ``mapref check`` makes it: the allegiances the installed games call no
    power (Hitler's War's ``neutral``, ``axis_inclined``...) need no capital."""
    return core_lint.lint(m, registry.independent_allegiances())


SAMPLE = Path(__file__).resolve().parents[2] / "maps" / "sample.toml"


@pytest.fixture
def m():
    return load_map(SAMPLE)


def codes(m):
    return {(p.code, m.grid.label(p.where) if isinstance(p.where, Hex) else str(p.where)) for p in lint(m)}


def test_sample_map_is_clean(m):
    assert lint(m) == []


def test_each_check_points_at_its_place(m):
    g = m.grid
    P = g.parse
    s = UndoStack(m)
    s.push(SetHexProps.same([P("H1")], sea=None))  # sea hex without zone
    s.push(SetHexProps.same([P("E9")], port=5))  # inland port
    s.push(SetHexProps.same([P("H2")], port=5))  # port at sea
    s.push(SetHexProps.same([P("B9")], capital=True, country=None))  # capital in no country
    s.push(SetHexProps.same([P("F6")], capital=True))  # second German capital
    s.push(SetHexProps.same([P("C9")], name="berlin"))  # duplicate name
    s.push(SetHexProps.same([P("A9")], production=0))
    m.hexes[P("A10")].production = 20  # out of range (bypassing the command)
    s.push(SetSide(g.hexside(P("D3"), P("D4")), crossing=True))  # crossing between sea hexes
    m.boxes["usa"].sea_arrows = (SeaArrow(P("G5"), 3, "atl"),)  # arrow onto land
    got = codes(m)
    assert ("sea-without-zone", "H1") in got
    assert ("port-not-on-coast", "E9") in got and ("port-not-on-coast", "H2") in got
    assert ("capital-without-country", "B9") in got
    assert ("duplicate-name", "E7") in got  # C9 comes first in row order
    assert ("production-range", "A10") in got
    assert ("crossing-not-land", "Hexside(a=Hex(row=4, col=3), b=Hex(row=4, col=4))") in got
    assert ("sea-arrow-no-water", "box:usa") in got
    msgs = {p.message for p in lint(m)}
    assert "E9: port not on a coast (no water beside it)" in msgs
    assert "box USA: sea arrow from G5 reaches no water" in msgs


def test_unreachable_land_is_reported_once_per_group():
    m = MapModel(Grid(rows=6, cols=6))
    for h in m.grid.hexes():
        m.hexes[h].sea = "s"
    from mapref.core.model import Sea

    m.seas["s"] = Sea("S", "#0000ff")
    island = [Hex(2, 2), Hex(2, 3)]
    for h in island:
        m.hexes[h].terrain = "land"
    got = [p for p in lint(m) if p.code == "unreachable-land"]
    assert len(got) == 1 and got[0].where == Hex(2, 2) and "group of 2 land hexes" in got[0].message
    m.hexes[Hex(2, 3)].port = 2
    m.hexes[Hex(2, 3)].terrain = "coastal"
    assert [p for p in lint(m) if p.code == "unreachable-land"] == []


def test_unreachable_groups_follow_the_graph_land_connections(m):
    """The lint walks the grid itself; it must agree with build_graph's land connections."""
    from mapref.core.graph import LAND_KINDS, build_graph

    g = m.grid
    for s in list(g.all_hexsides())[::7]:
        if g.contains(s.a) and g.contains(s.b):
            m.set_side(s, impassable=True)
    for s in g.hexsides(g.parse("C9")):  # wall one land hex in
        m.set_side(s, impassable=True)
    m.set_side(g.parse_side("F4-G4"), crossing=True, all_sea=True)
    graph = build_graph(m)
    # groups by the graph
    seen, groups = set(), []
    for h in g.hexes():
        lab = g.label(h)
        if not m.hexes[h].is_land or lab in seen:
            continue
        grp, stack = set(), [lab]
        while stack:
            x = stack.pop()
            if x in grp or x.startswith("box:"):
                continue
            grp.add(x)
            stack += [n for n in graph.neighbours(x, LAND_KINDS - {"box_land"}) if n not in grp]
        seen |= grp
        groups.append(grp)
    boxed = {g.label(h) for b in m.boxes.values() for h in b.land}
    bad = [
        grp
        for grp in groups
        if not any(
            m.hexes[g.parse(x)].capital
            or m.hexes[g.parse(x)].port
            or m.hexes[g.parse(x)].terrain == "coastal"
            or x in boxed
            for x in grp
        )
    ]
    found = [p for p in lint(m) if p.code == "unreachable-land"]
    assert len(found) == len(bad) and len(bad) > 0


def test_the_shipped_maps_have_no_problems():
    root = Path(__file__).resolve().parents[2]
    for p in sorted((root / "maps").glob("*.toml")):
        if 'kind = "area"' in p.read_text(encoding="utf-8"):
            continue  # area maps: tests/core/test_arealint.py
        assert [(x.code, x.message) for x in lint(load_map(p))] == [], p.name


def test_a_blank_map_is_one_line_not_a_problem_per_hex():
    m = MapModel(Grid(rows=8, cols=10))
    got = lint(m)
    assert len(got) == 1
    assert got[0].code == "sea-without-zone" and got[0].where == Hex(1, 1) and len(got[0].hexes) == 80
    assert "80 sea hexes without a sea zone" in got[0].message and "add a sea zone" in got[0].message


def test_hexes_without_a_zone_are_one_line_per_connected_group(m):
    g = m.grid
    s = UndoStack(m)
    lone, pair = g.parse("H1"), [g.parse("A3"), g.parse("A4")]
    s.push(SetHexProps.same([lone, *pair], sea=None))
    got = [p for p in lint(m) if p.code == "sea-without-zone"]
    assert sorted((g.label(p.where), len(p.hexes)) for p in got) == [("A3", 2), ("H1", 1)]
    assert any(p.message == "H1: sea hex without a sea zone" for p in got)


def test_a_land_hex_with_a_sea_zone(m):
    g = m.grid
    h = next(h for h in g.hexes() if m.hexes[h].terrain == "coastal" and m.hexes[h].sea)
    UndoStack(m).push(SetHexProps.same([h], terrain="land"))
    got = [p for p in lint(m) if p.code == "zone-on-land"]
    assert [p.where for p in got] == [h] and f"land hex with sea zone {m.hexes[h].sea!r}" in got[0].message


def test_a_power_without_a_capital():
    """Removing Berlin's capital is a problem; the Low Countries and the colonies have none in the
    rulebook, and a second Soviet capital removed still leaves two."""
    m = load_map(Path(__file__).resolve().parents[2] / "maps" / "hitlers_war.toml")
    g = m.grid
    s = UndoStack(m)
    s.push(SetHexProps.same([g.parse("P10")], capital=False))
    s.push(SetHexProps.same([g.parse("Q17")], capital=False))
    got = [p for p in lint(m) if p.code == "no-capital"]
    assert len(got) == 1 and "Germany has no capital" in got[0].message
    assert set(got[0].hexes) == set(m.hexes_of_country("ge")) and g.parse("P10") in got[0].hexes
    s.push(SetHexProps.same([g.parse("N7")], capital=False))
    got = {p.message.split(": ", 1)[1] for p in lint(m) if p.code == "no-capital"}
    assert any(t.startswith("France has no capital (nor do the 5 other countries of allegiance 'france')") for t in got)
    s.undo(), s.undo(), s.undo()
    assert [p for p in lint(m) if p.code == "no-capital"] == []
