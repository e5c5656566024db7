"""Editing area maps without a screen: shared borders stay exact, halves, generated areas, lines."""

import random
from pathlib import Path

import pytest
from shapely.geometry import Polygon
from shapely.ops import unary_union

from mapref.core.areaedit import (
    accept_lines,
    add_line,
    add_location,
    delete_location,
    delete_vertex,
    generate_areas,
    insert_vertex,
    move_location,
    move_vertex,
    rename,
    set_land_from_locations,
    split_location,
    suggest_lines,
    unsplit_location,
)
from mapref.core.areageom import border_between, snap
from mapref.core.areamodel import AreaMap, Condition, split_halves
from mapref.core.commands import EditError
from mapref.core.history import History
from mapref.io.areafile import dumps_area_map, load_area_map

SAMPLE = Path(__file__).resolve().parents[2] / "maps" / "area_sample.toml"


def two_squares():
    m = AreaMap()
    h = History(m)
    h.push(add_location(m, [(0, 0), (100, 0), (100, 100), (0, 100)], name="West"))
    return m, h


def test_a_border_drawn_along_a_neighbour_is_shared_exactly():
    m, h = two_squares()
    # the west square's border gets a bend, then the east one is drawn by clicking only its two corners
    h.push(insert_vertex(m, (100, 50)))
    h.push(move_vertex(m, (100, 50), (110, 50)))
    h.push(add_location(m, [(100, 0), (200, 0), (200, 100), (100, 100)], name="East"))
    w, e = m.locations["west"].polygon, m.locations["east"].polygon
    assert w.intersection(e).area == 0
    assert border_between(w, e).length == pytest.approx(2 * (10**2 + 50**2) ** 0.5)
    assert unary_union([w, e]).equals(Polygon([(0, 0), (200, 0), (200, 100), (0, 100)]))
    # moving the shared vertex moves it in both
    h.push(move_vertex(m, (110, 50), (90, 40)))
    w, e = m.locations["west"].polygon, m.locations["east"].polygon
    assert (90, 40) in list(w.exterior.coords) and (90, 40) in list(e.exterior.coords)
    assert w.intersection(e).area == 0 and unary_union([w, e]).area == pytest.approx(20000)


def test_a_straight_edge_past_a_neighbours_corner_takes_the_corner():
    m, h = two_squares()
    h.push(add_location(m, [(100, 0), (200, 0), (200, 100), (100, 100)], name="East"))
    h.push(add_location(m, [(0, 100), (200, 100), (200, 200), (0, 200)], name="South"))
    assert (100.0, 100.0) in list(m.locations["south"].polygon.exterior.coords)
    h.push(delete_vertex(m, (100, 100)))  # gone from all three
    assert all((100.0, 100.0) not in list(loc.polygon.exterior.coords) for loc in m.locations.values())


def test_a_polygon_drawn_over_a_neighbour_is_cut_back_and_shares_the_cut():
    m, h = two_squares()
    h.push(add_location(m, [(50, 20), (150, 20), (150, 80), (50, 80)], name="Over"))
    o, w = m.locations["over"].polygon, m.locations["west"].polygon
    assert o.intersection(w).area == 0 and o.area == pytest.approx(50 * 60)
    assert (100.0, 20.0) in list(w.exterior.coords)  # the cut's ends are now vertices of the west square too


def test_snap_prefers_vertices_then_edges():
    m, _ = two_squares()
    assert snap(m, (98.5, 1.2), reach=3) == ((100.0, 0.0), "vertex")
    assert snap(m, (101.2, 50.3), reach=3) == ((100.0, 50.3), "edge")
    assert snap(m, (150.123, 50.456), reach=3) == ((150.12, 50.46), "free")


def test_split_moves_the_lines_to_the_nearer_half_and_undo_restores_the_file():
    m = load_area_map(SAMPLE)
    before = dumps_area_map(m)
    h = History(m)
    h.push(split_location(m, "ruhr", [(300, 220), (300, 50)]))  # walked north: west half first
    ruhr = m.locations["ruhr"]
    assert ruhr.halves == ("w", "e")
    assert m.lines["sedan-ruhr"].b == "ruhr.w" and m.lines["ruhr-berlin"].a == "ruhr.e"
    assert m.lines["ruhr-bern"].a in ("ruhr.w", "ruhr.e")
    left, right = split_halves(ruhr.polygon, ruhr.split)
    assert left.area + right.area == pytest.approx(ruhr.polygon.area)
    h.push(unsplit_location(m, "ruhr"))
    assert m.lines["sedan-ruhr"].b == "ruhr"
    h.undo()
    h.undo()
    assert dumps_area_map(m) == before


def test_moving_a_location_moves_its_half_anchors_and_a_new_split_forgets_them():
    m = load_area_map(SAMPLE)
    h = History(m)
    h.push(move_location(m, "sedan", 10, -5))
    assert m.locations["sedan"].half_anchors == {"w": (235.0, 145.0), "e": (265.0, 135.0)}
    h.push(split_location(m, "sedan", [(200, 150), (290, 150)]))
    assert m.locations["sedan"].half_anchors == {}
    h.undo()
    h.undo()
    assert dumps_area_map(m) == SAMPLE.read_text(encoding="utf-8")


def test_split_refuses_a_line_that_misses_the_location():
    m = load_area_map(SAMPLE)
    with pytest.raises(EditError, match="does not cut Ruhr in two"):
        split_location(m, "ruhr", [(500, 0), (500, 100)])


def test_generated_areas_tile_the_land_without_gaps_or_overlaps():
    m = AreaMap()
    land = Polygon([(0, 0), (300, 0), (320, 120), (200, 210), (60, 180), (-20, 90)])
    m.land = land
    rng = random.Random(4)
    pts = [(rng.uniform(20, 280), rng.uniform(20, 170)) for _ in range(12)]
    pts = [p for p in pts if land.contains(Polygon([(p[0] - 1, p[1] - 1), (p[0] + 1, p[1] - 1), (p[0], p[1] + 1)]))]
    h = History(m)
    h.push(generate_areas(m, pts))
    cells = [loc.polygon for loc in m.locations.values()]
    assert len(cells) == len(pts)
    union = unary_union(cells)
    assert union.geom_type == "Polygon" and not union.interiors  # no gap between the cells
    assert union.symmetric_difference(m.land).area < 1e-6  # the coast got the cells' new vertices
    assert m.land.hausdorff_distance(land) < 0.01  # moved by the rounding at most
    assert sum(c.area for c in cells) == pytest.approx(m.land.area, abs=1e-6)
    for i, a in enumerate(cells):
        for b in cells[i + 1 :]:
            assert a.intersection(b).area < 1e-9
    for loc in m.locations.values():
        assert loc.polygon.contains(
            Polygon(
                [
                    (loc.anchor[0] - 0.1, loc.anchor[1]),
                    (loc.anchor[0] + 0.1, loc.anchor[1]),
                    (loc.anchor[0], loc.anchor[1] + 0.1),
                ]
            )
        )
    # Generate areas proposes a land line between every two neighbouring cells (issue 22), in the same undo step
    from mapref.core.areageom import shared_borders

    pairs = {frozenset(p) for p in shared_borders(m)}
    assert pairs and {frozenset((ln.a, ln.b)) for ln in m.lines.values()} == pairs
    assert all(ln.proposed and ln.kind == "land" for ln in m.lines.values()) and suggest_lines(m) is None
    h.undo()
    assert m.locations == {} and m.lines == {}


def test_generating_inside_existing_locations_replaces_them():
    m, h = two_squares()
    h.push(add_location(m, [(100, 0), (200, 0), (200, 100), (100, 100)], name="East"))
    h.push(add_line(m, "west", "east"))
    h.push(generate_areas(m, [(120, 50), (180, 50)], names=["Left", "Right"]))
    assert set(m.locations) == {"west", "left", "right"} and "west-east" not in m.lines
    assert m.locations["left"].polygon.area == pytest.approx(5000)


def test_land_outline_from_locations():
    m, h = two_squares()
    h.push(set_land_from_locations(m))
    assert m.land.equals(m.locations["west"].polygon)


def test_lines_to_halves_suggested_lines_accept_rename_delete():
    m = load_area_map(SAMPLE)
    h = History(m)
    with pytest.raises(EditError, match="Sedan has halves"):
        add_line(m, "sedan", "berlin")
    h.push(
        add_line(
            m,
            "sedan.e",
            "marseilles",
            kind="naval",
            oneway=True,
            defence_b=3,
            condition=Condition((("allied_deck", 2),)),
        )
    )
    assert m.lines["sedan-marseilles"].defence_at("marseilles") == 3
    h.push(accept_lines(m, ["ruhr-bern"]))
    assert not m.lines["ruhr-bern"].proposed
    h.push(rename(m, "locations", "ruhr", "rhineland"))
    assert m.lines["sedan-ruhr"].b == "rhineland" and "rhineland" in m.locations and "ruhr" not in m.locations
    assert m.regions["front"].members == ("sedan.e", "rhineland")
    assert list(m.locations).index("rhineland") == 2  # keeps its place in the file
    h.push(delete_location(m, "rhineland"))
    assert not any("rhineland" in (ln.a, ln.b) for ln in m.lines.values())
    for _ in range(4):
        h.undo()
    assert dumps_area_map(m) == SAMPLE.read_text(encoding="utf-8")


def test_an_edit_that_breaks_a_line_is_refused_before_changing_anything():
    from mapref.core.areaedit import Edit

    m = load_area_map(SAMPLE)
    before = dumps_area_map(m)
    with pytest.raises(EditError, match="no space 'paris.e'"):
        History(m).push(Edit("drop paris", locations={"paris": None}))
    assert dumps_area_map(m) == before


def test_a_line_wraps_only_round_a_map_that_wraps():
    """A file with a line marked wrap on a map without [wrap] seams is refused (docs/format.md):
    the edit that would make one is refused first, so no save writes a file that cannot be opened."""
    from mapref.core.areaedit import set_line

    m = load_area_map(SAMPLE)
    with pytest.raises(
        EditError, match=r"a line can only wrap round a map that wraps: give the map its seams in \[wrap\]"
    ):
        set_line(m, "ruhr-berlin", wrap=True)
    m.wrap_x = (-200.0, 900.0)
    assert set_line(m, "ruhr-berlin", wrap=True).changes["lines"]["ruhr-berlin"].wrap
    m.wrap_x = None
    assert (
        not set_line(m, "ruhr-berlin", wrap=False).changes["lines"]["ruhr-berlin"].wrap
    )  # unmarking one is always allowed


def test_an_edit_is_checked_where_it_changed_the_map_as_the_whole_map_would_be():
    """Edit.do checks only what an edit changed (its items, and the lines joined to a location or
    box it changed or dropped); on a valid map that refuses exactly the edits a check of the whole
    map refuses (random edits on the sample map: dropped and re-coloured places, halves taken
    away, lines to spaces that are or are not there)."""
    import dataclasses

    from mapref.core.areaedit import Edit, _validate
    from mapref.core.areamodel import MoveLine

    m = load_area_map(SAMPLE)
    rnd = random.Random(26)
    locs, boxes, lines = list(m.locations), list(m.boxes), list(m.lines)
    spaces = (
        [s for loc in m.locations.values() for s in loc.spaces()]
        + [f"box:{b}" for b in boxes]
        + ["paris.e", "nowhere", "box:no"]
    )
    refused = accepted = 0
    for _ in range(300):
        changes: dict = {}
        for _ in range(rnd.randint(1, 3)):
            what = rnd.randrange(6)
            if what == 0:
                changes.setdefault("locations", {})[rnd.choice(locs)] = None
            elif what == 1 and boxes:
                changes.setdefault("boxes", {})[rnd.choice(boxes)] = None
            elif what == 2:
                split = [x for x in locs if m.locations[x].has_halves]
                lid = rnd.choice(split or locs)
                changes.setdefault("locations", {})[lid] = dataclasses.replace(m.locations[lid], halves=(), split=())
            elif what == 3:
                lid = rnd.choice(locs)
                changes.setdefault("locations", {})[lid] = dataclasses.replace(
                    m.locations[lid], colour=rnd.choice(["", "nope"] + list(m.colours))
                )
            elif what == 4:
                a, b = rnd.sample(spaces, 2)
                changes.setdefault("lines", {})[f"x{rnd.randrange(99)}"] = MoveLine(f"x{rnd.randrange(99)}", a, b)
            else:
                changes.setdefault("lines", {})[rnd.choice(lines)] = None
        e = Edit("random", **changes)
        new = {t: e._apply(t, getattr(m, t)) for t in changes}
        staged = {
            t: new.get(t, getattr(m, t)) for t in ("locations", "boxes", "lines", "regions", "colours", "line_kinds")
        }
        outcomes = []
        for keys in (None, {t: set(v) for t, v in changes.items()}):
            try:
                _validate(staged, set(new), keys, {"lines": m.lines})
                outcomes.append(True)
            except EditError:
                outcomes.append(False)
        assert outcomes[0] == outcomes[1], changes
        refused += not outcomes[0]
        accepted += outcomes[0]
    assert refused > 30 and accepted > 30
