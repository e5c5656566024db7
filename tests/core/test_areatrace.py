"""Areas traced from a picture of their borders (mapref.core.areatrace): a map drawn as a scan
would show it (thick anti-aliased borders of uneven width, noise) is traced back into its areas,
with borders shared exactly; and outlines drawn apart (TripleA's) are made one clean map."""

import math
import random

import numpy as np
import pytest
import shapely
from PIL import Image, ImageDraw
from shapely.geometry import Polygon, box

from mapref.core.areaedit import generate_areas
from mapref.core.areageom import shared_borders
from mapref.core.arealint import lint_area
from mapref.core.areamodel import AreaMap, polygon_parts
from mapref.core.areatrace import clean_outlines, components, grab, raster_scale, trace_image, traced_map
from mapref.core.commands import EditError


def known_map(n: int = 40, seed: int = 7) -> AreaMap:
    """A wavy coast cut into ``n`` areas around random cities (Generate areas)."""
    rng = random.Random(seed)
    coast = []
    for i in range(120):
        a = 2 * math.pi * i / 120
        r = 1 + 0.07 * math.sin(5 * a) + 0.04 * math.sin(13 * a + 1)
        coast.append((600 + 480 * r * math.cos(a), 420 + 330 * r * math.sin(a)))
    land = Polygon(coast)
    m = AreaMap(land=land)
    pts: list = []
    while len(pts) < n:
        p = (round(rng.uniform(150, 1050), 2), round(rng.uniform(120, 720), 2))
        if land.buffer(-40).contains(Polygon([p, (p[0] + 1, p[1]), (p[0], p[1] + 1)])) and all(
            math.dist(p, q) > 60 for q in pts
        ):
            pts.append(p)
    generate_areas(m, pts).do(m)
    return m


def scan_of(m: AreaMap, size=(1200, 840), seed: int = 1) -> np.ndarray:
    """The map's borders as a scan shows them: dark lines 2 to 6 pixels wide (each area's
    outline its own width, so a border is uneven along its length), drawn at 4x and scaled down
    (anti-aliasing), light fills of several greys, then grey noise and dark and light specks."""
    s = 4
    rng = random.Random(seed)
    img = Image.new("L", (size[0] * s, size[1] * s), 236)
    d = ImageDraw.Draw(img)
    for i, loc in enumerate(m.locations.values()):
        for p in polygon_parts(loc.polygon):
            d.polygon([(x * s, y * s) for x, y in p.exterior.coords], fill=196 + 9 * (i % 5))
    for loc in m.locations.values():
        width = rng.choice((2, 3, 4, 6))
        for p in polygon_parts(loc.polygon):
            d.line([(x * s, y * s) for x, y in p.exterior.coords], fill=25, width=width * s, joint="curve")
    a = np.asarray(img.resize(size, Image.LANCZOS)).astype(float)
    noise = np.random.default_rng(seed)
    a += noise.normal(0, 14, a.shape)
    specks = noise.random(a.shape)
    a[specks < 0.002] = 0
    a[specks > 0.998] = 255
    return np.clip(a, 0, 255).astype(np.uint8)


@pytest.fixture(scope="module")
def traced():
    m = known_map()
    return m, trace_image(scan_of(m))


def test_a_scan_is_traced_back_into_its_areas(traced):
    m, t = traced
    truth = [loc.polygon for loc in m.locations.values()]
    assert abs(len(t.regions) - len(truth)) <= 0.1 * len(truth)
    # each true area is covered by one traced area, and no two true areas by the same one
    match = []
    for g in truth:
        best = max(t.regions, key=lambda r: r.polygon.intersection(g).area)
        assert best.polygon.intersection(g).area > 0.85 * g.area
        assert best.polygon.intersection(g).area > 0.85 * best.polygon.area
        match.append(best.index)
    assert len(set(match)) == len(truth)
    # the outline follows the border's centre line: within a few pixels of the true border
    for g, i in zip(truth, match, strict=True):
        assert t.regions[i].polygon.hausdorff_distance(g) < 6


def test_traced_borders_are_shared_exactly(traced):
    _, t = traced
    polys = [r.polygon for r in t.regions]
    assert all(p.is_valid and p.geom_type == "Polygon" for p in polys)
    assert shapely.coverage_is_valid(polys)  # no overlap, and every shared edge has the same vertices on both sides
    union = shapely.union_all(polys)
    assert union.geom_type == "Polygon" and not union.interiors  # no gap between neighbours
    assert sum(p.area for p in polys) == pytest.approx(union.area)
    # simplified: a few vertices a border, not every pixel step
    assert sum(shapely.get_num_coordinates(polys)) < 60 * len(polys)


def test_the_traced_map_has_no_problems_and_proposes_land_lines(traced):
    m, t = traced
    tm = traced_map(t, name="scan", image="scan.png")
    assert [p for p in lint_area(tm) if p.level != "note"] == []
    assert tm.page == (1200.0, 840.0) and tm.background["image"] == "scan.png"
    # a land line proposed between every two areas that share a border, as on the true map
    pairs = {frozenset((ln.a, ln.b)) for ln in tm.lines.values()}
    assert pairs == {frozenset(p) for p in shared_borders(tm)} and all(ln.proposed for ln in tm.lines.values())
    assert abs(len(pairs) - len(shared_borders(m))) <= 0.15 * len(shared_borders(m))


def test_grabbing_regions_one_click_at_a_time_shares_their_border(traced):
    m, t = traced
    a, b = next(iter(t.neighbours))
    ra, rb = t.regions[a], t.regions[b]
    grabbed = AreaMap()
    offset, scale = (100.0, 50.0), 0.5  # the tracing image placed under the map
    for r, name in ((ra, "A"), (rb, "B")):
        at = (offset[0] + scale * r.anchor[0], offset[1] + scale * r.anchor[1])
        grab(grabbed, t, at, name=name, offset=offset, scale=scale).do(grabbed)
    ga, gb = grabbed.locations["a"].polygon, grabbed.locations["b"].polygon
    assert ga.area == pytest.approx(ra.polygon.area * scale * scale)
    assert shapely.coverage_is_valid([ga, gb]) and ("a", "b") in shared_borders(grabbed)
    with pytest.raises(EditError, match="no traced area there"):
        grab(grabbed, t, (0.0, 0.0), offset=offset, scale=scale)  # off the areas: the outside
    with pytest.raises(EditError, match="inside other locations"):
        grab(
            grabbed, t, (offset[0] + scale * ra.anchor[0], offset[1] + scale * ra.anchor[1]), offset=offset, scale=scale
        )


def test_one_pixel_diagonal_lines_separate_and_specks_do_not_make_areas():
    a = np.full((60, 60), 255, dtype=np.uint8)
    a[0, :] = a[-1, :] = a[:, 0] = a[:, -1] = 0  # a frame: the inside is enclosed
    for i in range(60):
        a[i, i] = 0  # a one-pixel diagonal
    a[40, 10] = 0  # a dark speck inside the lower area
    labels, n = components(a > 128)
    assert n == 2
    t = trace_image(a, threshold=128, min_area=4, tolerance=0)
    assert len(t.regions) == 2
    assert t.region_at(45, 12) is t.region_at(50, 8) and t.region_at(10, 40) is not t.region_at(40, 10)
    assert t.region_at(-1, 5) is None and t.region_at(200, 5) is None


def test_an_image_of_no_borders_has_no_areas():
    assert trace_image(np.full((40, 50), 200, dtype=np.uint8)).regions == []
    with pytest.raises(ValueError, match="grey image"):
        trace_image(np.zeros((4, 4, 3), dtype=np.uint8))


def test_outlines_drawn_apart_become_one_clean_map():
    """TripleA draws each territory apart from its neighbours (the border line is left out) and
    islands over their sea zone: one coverage comes out, borders on the centre of the gaps."""
    west, east = box(0, 0, 99, 100), box(102, 0, 200, 100)  # a 3-pixel gap between them
    sea = box(0, 100, 200, 200)  # drawn under the island
    island = box(80, 140, 120, 160)
    out = clean_outlines([west, east, sea, island], border=3)
    assert shapely.coverage_is_valid(out) and all(g.is_valid and not g.is_empty for g in out)
    w, e, s, i = out
    assert w.intersection(e).length > 99 and 99.5 <= w.bounds[2] <= 101.5  # they meet near x = 100.5
    assert s.contains(i.representative_point()) is False and abs(i.area - island.area) < 0.1 * island.area
    assert len(s.interiors) == 1  # the sea has a hole where the island is


def test_outlines_larger_than_the_raster_allowed_are_cleaned_on_a_coarser_one():
    """A raster of 63 megapixels (Iron War's outlines) takes 0.9 GB: past ``max_pixels`` the
    outlines are painted smaller and the result scaled back, the same map within a pixel or two."""
    west, east = box(0, 0, 99, 100), box(102, 0, 200, 100)
    sea, island = box(0, 100, 200, 200), box(80, 140, 120, 160)
    full = clean_outlines([west, east, sea, island], border=3)
    k = raster_scale([west, east, sea, island], 3, 20_000)
    assert 0.6 < k < 0.75 and raster_scale([west, east, sea, island], 3, 100_000) == 1.0
    out = clean_outlines([west, east, sea, island], border=3, max_pixels=20_000)
    assert shapely.coverage_is_valid(out) and all(g.is_valid and not g.is_empty for g in out)
    w, e, s, i = out
    assert w.intersection(e).length > 98 and 99 <= w.bounds[2] <= 102  # still meeting near x = 100.5
    assert len(s.interiors) == 1 and abs(i.area - island.area) < 0.15 * island.area
    assert all(a.symmetric_difference(b).area < 0.1 * b.area for a, b in zip(out, full, strict=True))
    # a shore as simple as at full size: the coarser raster's steps are simplified away as the
    # pixels' are (Total World War's map came out with 213,066 points, over what mapref reads)
    a = [2 * math.pi * i / 400 for i in range(400)]
    r = [150 + 20 * math.sin(7 * t) + 8 * math.sin(23 * t) for t in a]
    shore = Polygon([(400 + q * math.cos(t), 300 + q * math.sin(t)) for q, t in zip(r, a, strict=True)])
    sea = box(0, 0, 800, 600)
    points = [
        shapely.get_num_coordinates(clean_outlines([sea, shore], border=3, max_pixels=p)).sum()
        for p in (None, 300_000, 200_000)
    ]
    assert max(points[1:]) <= 1.1 * points[0], points
