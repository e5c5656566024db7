"""The problems of an area map: what the problems panel lists and what fails ``mapref check``."""

import dataclasses
from pathlib import Path

import pytest
from shapely.geometry import Polygon

from mapref.core.arealint import lint_area
from mapref.core.areamodel import AreaMap, Box, Location, MoveLine
from mapref.io.areafile import load_area_map

SAMPLE = Path(__file__).resolve().parents[2] / "maps" / "area_sample.toml"


def loc(lid, pts, **kw):
    return Location(lid, name=lid.capitalize(), polygon=Polygon(pts), **kw)


def codes(m):
    return sorted((p.code, p.where) for p in lint_area(m))


def test_the_sample_has_only_its_two_proposed_lines_to_review():
    m = load_area_map(SAMPLE)
    assert codes(m) == [("proposed-line", "line:bern-marseilles"), ("proposed-line", "line:ruhr-bern")]


def test_self_intersection_names_the_point():
    m = AreaMap(locations={"bow": loc("bow", [(0, 0), (10, 10), (10, 0), (0, 10)])})
    (p,) = [p for p in lint_area(m) if p.code == "self-intersection"]
    assert p.is_error and p.message == "Bow: the border crosses itself at (5, 5)" and p.at == (5.0, 5.0)
    assert p.key == "locations.bow.polygon"


def test_overlap_gap_hole_and_sliver():
    m = AreaMap(
        locations={
            "a": loc("a", [(0, 0), (100, 0), (100, 100), (0, 100)]),
            "b": loc("b", [(90, 0), (200, 0), (200, 100), (90, 100)]),  # overlaps a by 10 x 100
            "c": loc("c", [(0, 100.5), (100, 100.5), (100, 200), (0, 200)]),  # half a unit below a: a gap
            "d": loc("d", [(300, 0), (400, 0), (400, 0.2), (300, 0.2)]),  # a sliver
        }
    )
    found = {(p.code, p.where) for p in lint_area(m)}
    assert ("overlap", "a") in found and ("gap", "a") in found and ("sliver", "d") in found
    overlap = next(p for p in lint_area(m) if p.code == "overlap")
    assert overlap.message == "A and B overlap (area 1000.00)" and overlap.is_error
    gap = next(p for p in lint_area(m) if p.code == "gap")
    assert gap.message == "A and C nearly touch (0.50 apart): snap their borders" and not gap.is_error


def test_a_small_hole_between_neighbours_is_a_gap():
    notched = [(0, 0), (150, 0), (150, 140), (148, 140), (148, 142), (150, 142), (150, 300), (0, 300)]
    m = AreaMap(locations={"a": loc("a", notched), "b": loc("b", [(150, 0), (300, 0), (300, 300), (150, 300)])})
    assert [p.message for p in lint_area(m) if p.code == "gap"] == ["a gap (area 4.00) between A, B"]
    lake = AreaMap(
        locations={
            "a": Location(
                "a",
                name="A",
                polygon=Polygon([(0, 0), (300, 0), (300, 300), (0, 300)], [[(140, 140), (142, 140), (142, 142)]]),
            )
        }
    )
    assert lint_area(lake) == [p for p in lint_area(lake) if p.code == "no-lines"]  # a hole in one location is a lake


def test_lines_no_lines_apart_duplicate_and_empty_half():
    m = AreaMap(
        locations={
            "a": loc("a", [(0, 0), (100, 0), (100, 100), (0, 100)]),
            "b": loc(
                "b", [(100, 0), (200, 0), (200, 100), (100, 100)], halves=("w", "e"), split=((150, 100), (150, 0))
            ),
            "c": loc("c", [(500, 0), (600, 0), (600, 100), (500, 100)]),
        },
        boxes={"usa": Box("usa", name="USA")},
    )
    m.lines = {"ab": MoveLine("ab", "a", "b.w"), "ab2": MoveLine("ab2", "b.w", "a"), "ac": MoveLine("ac", "a", "c")}
    found = codes(m)
    assert ("duplicate-line", "line:ab2") in found
    assert ("land-line-apart", "line:ac") in found and ("land-line-apart", "line:ab") not in found
    assert ("no-lines", "b.e") in found and ("no-lines", "box:usa") in found and ("no-lines", "c") not in found
    m.locations["b"] = dataclasses.replace(m.locations["b"], split=((300, 100), (300, 0)))  # misses b
    empty = [p for p in lint_area(m) if p.code == "empty-half"]
    assert [p.message for p in empty] == ["B: the split line leaves half e empty"] and empty[0].is_error


def test_a_half_too_small_to_drop_on_is_a_warning():
    # five locations of 100 x 100; b's split leaves its east half 5% of it (Palermo's north half was 2.6%)
    m = AreaMap(
        locations={
            f"l{i}": loc(f"l{i}", [(200 * i, 300), (200 * i + 100, 300), (200 * i + 100, 400), (200 * i, 400)])
            for i in range(4)
        }
    )
    m.locations["b"] = loc("b", [(0, 0), (100, 0), (100, 100), (0, 100)], halves=("w", "e"), split=((95, 100), (95, 0)))
    (p,) = [p for p in lint_area(m) if p.code == "small-half"]
    assert p.where == "b.e" and p.level == "warning" and "5.0% of the location" in p.message
    m.locations["b"] = dataclasses.replace(m.locations["b"], split=((60, 100), (60, 0)))  # 40%: fine
    assert [p for p in lint_area(m) if p.code == "small-half"] == []


def test_levels_crossing_lines_and_warnings_accepted_on_purpose():
    m = AreaMap(
        locations={
            "a": loc("a", [(0, 0), (100, 0), (100, 100), (0, 100)]),
            "c": loc("c", [(500, 0), (600, 0), (600, 100), (500, 100)]),
            "d": loc("d", [(700, 0), (800, 0), (800, 100), (700, 100)]),
        }
    )
    m.lines = {"ac": MoveLine("ac", "a", "c"), "cd": MoveLine("cd", "c", "d", proposed=True)}
    assert {(p.code, p.level) for p in lint_area(m)} == {
        ("land-line-apart", "warning"),
        ("land-line-apart", "warning"),
        ("proposed-line", "note"),
    }
    m.lines["ac"] = dataclasses.replace(m.lines["ac"], crossing=True)  # a strait crossing on purpose
    assert [p.where for p in lint_area(m) if p.code == "land-line-apart"] == ["line:cd"]
    m.accept = ("land-line-apart:cd",)
    assert [p.code for p in lint_area(m)] == ["proposed-line"]
    m.accept = ("proposed-line", "land-line-apart")  # notes and errors are never left out; warnings by code
    assert [p.code for p in lint_area(m)] == ["proposed-line"]


def test_two_locations_a_pixel_apart_with_others_between_are_no_gap():
    # four squares meeting near a point as traced pixels meet: A and D touch along a one-unit
    # edge, so B and C are one unit apart at the corner with A and D between them
    a = loc("a", [(0, 0), (100, 0), (100, 100), (0, 100)])
    d = loc("d", [(100, 100), (200, 100), (200, 200), (101, 200), (101, 101), (100, 101)])
    b = loc("b", [(100, 0), (200, 0), (200, 100), (100, 100)])
    c = loc("c", [(0, 100), (100, 100), (100, 101), (101, 101), (101, 200), (0, 200)])
    m = AreaMap(locations={"a": a, "b": b, "c": c, "d": d})
    assert [p for p in lint_area(m) if p.code in ("gap", "overlap")] == []
    # with nothing between them, the same distance is a gap
    m = AreaMap(locations={"b": b, "c": loc("c", [(0, 100.5), (99.5, 100.5), (99.5, 200), (0, 200)])})
    assert [p.code for p in lint_area(m) if p.code == "gap"] == ["gap"]


def grid_map(n: int, size: float = 10.0) -> AreaMap:
    """``n`` x ``n`` square locations side by side, a land line between each two sharing a side."""
    locs, lines = {}, {}
    for r in range(n):
        for c in range(n):
            x, y = c * size, r * size
            lid = f"s{r}_{c}"
            locs[lid] = loc(lid, [(x, y), (x + size, y), (x + size, y + size), (x, y + size)])
            for nb in ((f"s{r}_{c + 1}") if c + 1 < n else None, (f"s{r + 1}_{c}") if r + 1 < n else None):
                if nb:
                    lines[f"{lid}-{nb}"] = MoveLine(f"{lid}-{nb}", lid, nb)
    return AreaMap(locations=locs, lines=lines)


@pytest.mark.slow  # 13,225 locations: 2 s on a quiet machine, 20 s in a loaded run of the whole set
def test_every_border_of_a_big_map_is_found():
    """A map of 16,900 locations side by side has 66,822 pairs that touch (sides and corners),
    more than the 50,000 a pass used to look at: every one of the 26,220 shared sides is found,
    and no land line between neighbours is said to join locations apart."""
    from mapref.core.areageom import shared_borders

    m = grid_map(115)
    borders = shared_borders(m)
    assert len(borders) == 2 * 115 * 114
    assert borders[("s114_113", "s114_114")] == 10.0
    assert not [p for p in lint_area(m) if p.code == "land-line-apart"]


def land_apart(m: AreaMap) -> set[str]:
    """The land lines between locations shared_borders says share no border (the plain way)."""
    from mapref.core.areageom import shared_borders

    b = shared_borders(m)
    return {f"line:{k}" for k, ln in m.lines.items() if (ln.a, ln.b) not in b and (ln.b, ln.a) not in b}


def test_land_lines_apart_with_overlaps_gaps_and_a_crossed_border():
    """The lint reads the shared borders from the intersections it works out for overlaps and
    gaps: the same land lines apart as shared_borders finds, with locations that overlap, nearly
    touch, cross themselves or touch at a corner only."""
    import random

    rnd = random.Random(34)
    for _ in range(5):
        m = grid_map(8)
        ids = list(m.locations)
        for lid in rnd.sample(ids, 6):  # pushed over a neighbour, or pulled away from it
            x0, y0, x1, y1 = m.locations[lid].polygon.bounds
            d = rnd.choice((-3.0, -0.004, 0.3, 2.0))
            m.locations[lid] = loc(lid, [(x0, y0), (x1 + d, y0), (x1 + d, y1), (x0, y1)])
        bow = rnd.choice(ids)
        x0, y0, x1, y1 = m.locations[bow].polygon.bounds
        m.locations[bow] = loc(bow, [(x0, y0), (x1, y1), (x1, y0), (x0, y1)])  # crosses itself
        for _ in range(10):  # lines between any two
            a, b = rnd.sample(ids, 2)
            m.lines[f"{a}-{b}"] = MoveLine(f"{a}-{b}", a, b)
        found = {p.where for p in lint_area(m) if p.code == "land-line-apart"}
        assert found == land_apart(m)
        valid = dataclasses.replace(m, locations={k: v for k, v in m.locations.items() if k != bow})
        valid.lines = {k: ln for k, ln in m.lines.items() if bow not in (ln.a, ln.b)}
        assert {p.where for p in lint_area(valid) if p.code == "land-line-apart"} == land_apart(valid)


def test_the_union_of_a_coverage_is_the_overlays_union():
    """The gaps are the small holes in the union of the outlines: worked out from the edges when
    the outlines make a coverage, by the overlay otherwise, the same union either way; holes
    listed in the order of their bounds."""
    import random

    import shapely

    from mapref.core.arealint import _union

    rnd = random.Random(7)
    for case in range(6):
        m = grid_map(9)
        for lid in rnd.sample(sorted(m.locations), 5):  # holes where a location is taken out
            del m.locations[lid]
        if case % 2:  # a square pushed over its neighbour: no coverage
            lid = rnd.choice(sorted(m.locations))
            x0, y0, x1, y1 = m.locations[lid].polygon.bounds
            m.locations[lid] = loc(lid, [(x0, y0), (x1 + 2, y0), (x1 + 2, y1), (x0, y1)])
        geoms = [x.polygon for x in m.locations.values()]
        assert shapely.coverage_is_valid(geoms) == (case % 2 == 0)
        assert _union(geoms, coverage=case % 2 == 0).equals(shapely.union_all(geoms))
    m = grid_map(9)
    for r, c in ((6, 6), (2, 2)):  # a notch in a border, the neighbour's vertices on it: a small hole
        x0, y0, x1, y1 = m.locations[f"s{r}_{c}"].polygon.bounds
        notched = [
            (x0, y0),
            (x1, y0),
            (x1, y0 + 4),
            (x1 - 0.5, y0 + 4),
            (x1 - 0.5, y0 + 5),
            (x1, y0 + 5),
            (x1, y1),
            (x0, y1),
        ]
        m.locations[f"s{r}_{c}"] = loc(f"s{r}_{c}", notched)
        m.locations[f"s{r}_{c + 1}"] = loc(
            f"s{r}_{c + 1}", [(x1, y0), (x1 + 10, y0), (x1 + 10, y1), (x1, y1), (x1, y0 + 5), (x1, y0 + 4)]
        )
    geoms = [x.polygon for x in m.locations.values()]
    assert shapely.coverage_is_valid(geoms)
    gaps = [p for p in lint_area(m) if p.code == "gap"]
    assert [p.message for p in gaps] == ["a gap (area 0.50) between S2_2, S2_3", "a gap (area 0.50) between S6_6, S6_7"]


def perturbed(rnd, n: int) -> AreaMap:
    """A map made by Generate areas from ``n`` random points (a coverage: neighbours' borders fit
    vertex for vertex), its lines accepted, then broken here and there as a designer's hand
    breaks one: a vertex moved in one location only or in all that share it, a vertex added on
    one side of a border only, a location grown over its neighbours, shrunk or nudged away from
    them, a border crossed, an outline emptied, split into parts or given a hole, halves, lines
    between any two."""
    import shapely

    from mapref.core.areaedit import accept_lines, generate_areas, suggest_lines
    from mapref.core.areageom import moved_vertex, rings_of, with_rings

    pts: set[tuple[float, float]] = set()
    while len(pts) < n:
        pts.add((round(rnd.uniform(20, 980), 2), round(rnd.uniform(20, 680), 2)))
    m = AreaMap(name="t", land=Polygon([(0, 0), (1000, 0), (1000, 700), (0, 700)]))
    generate_areas(m, sorted(pts)).do(m)
    if not any(ln.proposed for ln in m.lines.values()):
        suggest_lines(m).do(m)
    accept_lines(m, [k for k, ln in m.lines.items() if ln.proposed][: len(m.lines) * 2 // 3]).do(m)
    ids = list(m.locations)
    for _ in range(rnd.randint(0, 6)):
        lid = rnd.choice(ids)
        place = m.locations[lid]
        g = place.polygon
        ref, ring = rnd.choice(rings_of(g) or [((0, 0), [])])
        what = rnd.choice(("one", "shared", "collinear", "grow", "shrink", "nudge", "bow", "empty", "parts", "hole"))
        what = what if len(ring) >= 4 else "halves"
        k = rnd.randrange(max(1, len(ring)))
        if what == "one":  # a vertex moved in this location only: an overlap or a gap
            d = rnd.choice((0.003, 0.2, 5.0))
            x, y = ring[k]
            g = with_rings(g, {ref: ring[:k] + [(x + rnd.uniform(-d, d), y + rnd.uniform(-d, d))] + ring[k + 1 :]})
        elif what == "shared":  # moved in every location that has it: still a coverage
            x, y = ring[k]
            for other, moved in moved_vertex(m, (x, y), (round(x + rnd.uniform(-3, 3), 2), y)).items():
                m.locations[other] = dataclasses.replace(m.locations[other], polygon=moved)
            continue
        elif what == "collinear":  # a vertex on one side of a border only: no coverage, no overlap
            (ax, ay), (bx, by) = ring[k], ring[(k + 1) % len(ring)]
            g = with_rings(g, {ref: ring[: k + 1] + [((ax + bx) / 2, (ay + by) / 2)] + ring[k + 1 :]})
        elif what in ("grow", "shrink"):
            f = 1 + rnd.choice((0.001, 0.05)) * (1 if what == "grow" else -1)
            g = shapely.affinity.scale(g, f, f, origin=g.centroid)
        elif what == "nudge":
            g = shapely.affinity.translate(g, rnd.uniform(-0.5, 0.5), rnd.uniform(-0.5, 0.5))
        elif what == "bow":
            ring = list(ring)
            ring[0], ring[2] = ring[2], ring[0]
            g = with_rings(g, {ref: ring})
        elif what == "empty":
            g = Polygon()
        elif what == "parts":  # cut in two parts side by side
            x0, y0, x1, y1 = g.bounds
            xm = (x0 + x1) / 2
            g = shapely.MultiPolygon(
                [
                    p
                    for p in (g & shapely.box(x0 - 1, y0 - 1, xm, y1 + 1), g & shapely.box(xm, y0 - 1, x1 + 1, y1 + 1))
                    if p.geom_type == "Polygon"
                ]
            )
        elif what == "hole":
            c, r = g.representative_point(), rnd.choice((0.05, 2.0))
            h = [(c.x - r, c.y - r), (c.x + r, c.y - r), (c.x + r, c.y + r), (c.x - r, c.y + r)]
            g = Polygon(g.exterior.coords, [h]) if g.geom_type == "Polygon" and g.contains(Polygon(h)) else g
        if what == "halves":
            x0, y0, x1, y1 = g.bounds
            xm = x0 + (x1 - x0) * rnd.choice((0.5, 0.05, 1.5))
            m.locations[lid] = dataclasses.replace(place, halves=("w", "e"), split=((xm, y0 - 1), (xm, y1 + 1)))
        else:
            m.locations[lid] = dataclasses.replace(place, polygon=g)
    for _ in range(rnd.randint(0, 4)):
        a, b = rnd.sample(ids, 2)
        m.lines[f"x-{a}-{b}"] = MoveLine(
            f"x-{a}-{b}", a, b, kind=rnd.choice(("land", "naval")), crossing=rnd.random() < 0.2
        )
    return m


def test_the_fast_checks_find_what_the_general_ones_find():
    """The lint checks the usual outline (one valid part, no halves) and the pairs of a
    coverage at C speed (the borders read from the outlines' edges, only the pairs apart
    measured); the general way (``fast=False``: each outline on its own, every pair intersected)
    finds the same problems, in the same order, and the same shared borders, on maps made by
    Generate areas and broken by hand, with overlaps, gaps, added vertices, crossed borders,
    empty outlines, parts, holes and halves."""
    import random

    import shapely

    from mapref.core.arealint import _lint, _near, _pairs, _shared_edges, tolerance
    from mapref.core.areageom import near_pairs

    rnd = random.Random(3434)
    side = grid_map(4)  # a vertex on one side of a border only (the other side has none there): no coverage
    side.locations["s1_1"] = loc("s1_1", [(10, 10), (20, 10), (20, 15), (20, 20), (10, 20)])
    maps = [perturbed(rnd, rnd.choice((3, 25, 60))) for _ in range(24)] + [grid_map(4), side]
    kinds = set()
    touched = []  # how many pairs with an edge in common, each coverage
    for case, m in enumerate(maps):
        assert _lint(m) == _lint(m, fast=False), case
        valid = [x for x in m.locations.values() if not x.polygon.is_empty and x.polygon.is_valid]
        tol = tolerance(m)
        (found, fast), (plain_found, plain) = _pairs(m, valid, tol), _pairs(m, valid, tol, fast=False)
        assert found == plain_found and fast is not None and plain is not None
        assert fast.keys() == plain.keys() and all(fast[k] == pytest.approx(plain[k], abs=1e-9) for k in fast)
        kinds.add((shapely.coverage_is_valid([x.polygon for x in valid]), bool(found)))
        geoms = [x.polygon for x in valid]  # the pairs within the tolerance: the tree's own, in its order
        tree = shapely.STRtree(geoms)
        pairs, dist = _near(tree, geoms, tol)
        assert pairs == near_pairs(tree, geoms, "dwithin", tol), case
        assert dist.tolist() == shapely.distance([geoms[i] for i, _ in pairs], [geoms[j] for _, j in pairs]).tolist()
        if shapely.coverage_is_valid(geoms):  # the pairs with an edge in common given: not measured, the same
            touching = _shared_edges(geoms)[0]
            assert _near(tree, geoms, tol, touching) is not None, case
            assert (pairs, dist.tolist()) == (lambda p, d: (p, d.tolist()))(*_near(tree, geoms, tol, touching)), case
            touched.append(len(touching))
    assert kinds == {(True, False), (True, True), (False, True), (False, False)}  # each path, with gaps and without
    assert min(touched) == 0 and max(touched) > 100


def test_the_pairs_within_the_tolerance_are_the_trees_own_at_the_edge_and_in_a_pile():
    """:func:`mapref.core.arealint._near` (the distance of each pair whose bounds come near)
    against the tree's ``dwithin``: squares exactly the tolerance apart, a hair nearer and a hair
    farther, across and diagonally; a pile of outlines on each other is left to ``near_pairs``."""
    import shapely
    from shapely.geometry import box

    from mapref.core.areageom import near_pairs
    from mapref.core.arealint import _near

    tol = 0.25
    geoms = []
    for dx, dy in ((tol, 0), (0, tol), (tol * 0.6, tol * 0.8), (tol * (1 + 1e-12), 0), (tol * (1 - 1e-12), 0)):
        for gx, gy in ((1, 0), (0, 1), (1, 1)):  # a square and its neighbour across, above, diagonally
            x0 = 40.0 * len(geoms)
            geoms += [
                box(x0, 0, x0 + 10, 10),
                box(x0 + gx * (10 + dx), gy * (10 + dy), x0 + gx * (10 + dx) + 10, gy * (10 + dy) + 10),
            ]
    tree = shapely.STRtree(geoms)
    pairs, _ = _near(tree, geoms, tol)
    assert pairs == near_pairs(tree, geoms, "dwithin", tol) and len(pairs) >= 10
    pile = [box(0, 0, 10, 10)] * 400  # (79,800 pairs: more than pair_limit allows)
    assert _near(shapely.STRtree(pile), pile, tol) is None
