"""Build maps/struggle_for_europe.toml from real outlines and the hand data.

    python3 tools/build_struggle_for_europe.py [-o maps/struggle_for_europe.toml]

Inputs (both in tools/data/):

- ``ne_110m_countries_europe.geojson``: Natural Earth 1:110m country outlines (public domain),
  today's borders;
- ``struggle_for_europe.toml``: the hand data: every location (name, start colour, capital flag,
  victory value, supply location, city, the ids of its two halves), the USA box, the recipe that
  cuts 1939 locations out of today's countries (``[outlines] pieces``, processed in order), and
  every move line (its two half spaces, kind, direction, defence values, condition, basis).

What the script decides: the projection (``[geo]``), the borders (the pieces cut out of the
countries are cleaned as one coverage, :func:`shapely.coverage_clean`: where two pieces overlap
or leave a sliver of a gap between them the border is drawn once, so neighbours share their
vertices exactly and ``mapref check --strict`` finds no gap), the halves (each location is cut by
a straight line through its city, or its ``cut`` point, perpendicular to the direction its first
half faces; where that leaves a half under a tenth of the location, too small to drop a counter
on, the cut slides along that direction until the halves are equal), and the background land
(every country in the frame, drawn under the locations).  Coordinates are snapped to 0.1 map
units, so rerunning gives the same bytes.  The hand data's ``accept`` lists the warnings the map
accepts on purpose (the back halves no line reaches: rulings S6).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import numpy as np
import shapely
from shapely.geometry import box as shapely_box, shape
from shapely.ops import unary_union

from mapref.core.areamodel import (
    AreaMap,
    Box,
    ColourClass,
    Condition,
    Location,
    MoveLine,
    Supply,
    as_area,
    geo_to_map,
    polygon_parts,
    split_halves,
)
from mapref.io.areafile import dumps_area_map

DATA = ROOT / "tools" / "data"
HAND = DATA / "struggle_for_europe.toml"
OUTLINES = DATA / "ne_110m_countries_europe.geojson"
OUT = ROOT / "maps" / "struggle_for_europe.toml"

MIN_PART = 0.02  # square degrees: slivers left by the clipping are dropped
GRID = 0.1  # map units the coordinates are snapped to
GAP_WIDTH = 1.0  # map units: gaps between pieces narrower than this go to a neighbour (the sea is wider)
SMALL_HALF = 0.10  # a half under this share of its location makes the cut slide to equal halves
ANCHOR_STEPS = (11.0, 8.0, 5.0, 3.0)  # map units from the cut to a half's anchor, tried in turn
COLOURS = {
    "blue": ColourClass("Western Allies", "#9dbce0", "western"),
    "red": ColourClass("Soviet Allies", "#e3968c", "soviet"),
    "gray": ColourClass("Axis", "#b9b9b9", "axis"),
    "tan": ColourClass("Neutral", "#e6d6a8", ""),
}
# the direction a half id faces (x east, y south, as on the map)
FACING = {
    "e": (1, 0),
    "w": (-1, 0),
    "n": (0, -1),
    "s": (0, 1),
    "ne": (1, -1),
    "nw": (-1, -1),
    "se": (1, 1),
    "sw": (-1, 1),
}


def condition(t: dict) -> Condition:
    return Condition(tuple(sorted(t.get("active_from", {}).items())), tuple(sorted(t.get("active_until", {}).items())))


def supply_of(v) -> tuple[Supply, ...]:
    if v is None:
        return ()
    if isinstance(v, str):
        return (Supply(v),)
    return (Supply(v["side"], condition(v)),)


def clip_box(lon: list[float], lat: list[float]):
    big = 1000.0
    x0, x1 = (max(-big, v) if i == 0 else min(big, v) for i, v in enumerate(lon))
    y0, y1 = (max(-big, v) if i == 0 else min(big, v) for i, v in enumerate(lat))
    return shapely_box(x0, y0, x1, y1)


def keep_parts(g):
    return as_area([p for p in polygon_parts(g) if p.area >= MIN_PART])


def balanced_cut(poly, cut: tuple[float, float], facing: str) -> tuple[float, float]:
    """``cut``, or where the cut slides to along ``facing`` when a half would be under
    :data:`SMALL_HALF` of the location: the point that makes the two halves equal."""
    fx, fy = FACING[facing]
    n = math.hypot(fx, fy)
    fx, fy = fx / n, fy / n

    def share(t: float) -> float:  # the share of the half ``facing`` points to, cut at cut + t * facing
        c = (cut[0] + fx * t, cut[1] + fy * t)
        r = 10000.0  # map units: far beyond the map
        box = shapely.Polygon(
            [
                (c[0] - fy * r, c[1] + fx * r),
                (c[0] - fy * r + fx * r, c[1] + fx * r + fy * r),
                (c[0] + fy * r + fx * r, c[1] - fx * r + fy * r),
                (c[0] + fy * r, c[1] - fx * r),
            ]
        )
        return poly.intersection(box).area / poly.area

    s = share(0.0)
    if SMALL_HALF <= s <= 1 - SMALL_HALF:
        return cut
    lo, hi = -2000.0, 2000.0  # share() falls as t grows
    for _ in range(60):
        mid = (lo + hi) / 2
        if share(mid) > 0.5:
            lo = mid
        else:
            hi = mid
    t = round((lo + hi) / 2, 1)
    return (round(cut[0] + fx * t, 1), round(cut[1] + fy * t, 1))


def clean(polys: list) -> list:
    """The locations as one coverage: overlaps and thin gaps between neighbours resolved, every
    shared border drawn once (identical vertices on both sides), snapped to :data:`GRID`."""
    cleaned = shapely.coverage_clean(polys, gap_width=GAP_WIDTH)
    out = [shapely.transform(g, lambda a: np.round(a, 1)) for g in cleaned]
    if not shapely.coverage_is_valid(out) or not all(g.is_valid for g in out):
        raise SystemExit("the cleaned borders do not form a valid coverage")
    return out


def halves_split(poly, cut: tuple[float, float], halves: tuple[str, str]):
    """A split line through ``cut`` perpendicular to where ``halves[0]`` faces, walked so that
    ``halves[0]`` lies on its left (:func:`mapref.core.areamodel.split_halves`)."""
    fx, fy = FACING[halves[0]]
    n = math.hypot(fx, fy)
    fx, fy = fx / n, fy / n
    px, py = -fy, fx  # perpendicular
    reach = 2000.0
    a = (round(cut[0] + px * reach, 1), round(cut[1] + py * reach, 1))
    b = (round(cut[0] - px * reach, 1), round(cut[1] - py * reach, 1))
    for pts in ((a, cut, b), (b, cut, a)):
        pts = (pts[0], (round(cut[0], 1), round(cut[1], 1)), pts[2])
        left, right = split_halves(poly, pts)
        if left.is_empty or right.is_empty:
            continue
        lc, rc = left.centroid, right.centroid
        if (lc.x - rc.x) * fx + (lc.y - rc.y) * fy > 0:
            return pts
    raise SystemExit(f"cannot split a location through {cut} into {halves}")


def half_anchor(half, cut, facing: str) -> tuple[float, float]:
    """Where the lines of a half meet: a little way from the cut towards where the half faces,
    inside the half (lines then run between cities, as on the printed board)."""
    from shapely.geometry import Point

    fx, fy = FACING[facing]
    n = math.hypot(fx, fy)
    inner = half.buffer(-2.0)
    for d in ANCHOR_STEPS:
        p = Point(cut[0] + fx / n * d, cut[1] + fy / n * d)
        if inner.contains(p):
            return (round(p.x, 1), round(p.y, 1))
    from shapely.ops import nearest_points

    target = Point(cut[0] + fx / n * ANCHOR_STEPS[0], cut[1] + fy / n * ANCHOR_STEPS[0])
    p = nearest_points(inner if not inner.is_empty else half, target)[0]
    return (round(p.x, 1), round(p.y, 1))


def build() -> AreaMap:
    hand = tomllib.loads(HAND.read_text(encoding="utf-8"))
    geo = dict(hand["geo"])
    frame = clip_box(hand["frame"]["lon"], hand["frame"]["lat"])
    countries = {}
    for f in json.loads(OUTLINES.read_text(encoding="utf-8"))["features"]:
        g = shape(f["geometry"]).intersection(frame)
        if not g.is_empty:
            countries[f["properties"]["name"]] = g

    def project(g):
        k = float(geo["scale"])
        c = math.cos(math.radians(float(geo["parallel"])))

        def xy(a):
            return np.column_stack(((a[:, 0] - geo["lon0"]) * k * c, (geo["lat0"] - a[:, 1]) * k))

        g = shapely.make_valid(shapely.transform(g, xy))
        return as_area(polygon_parts(shapely.set_precision(g, GRID)))

    # 1939 locations cut out of today's countries, in the recipe's order
    got: dict[str, list] = {lid: [] for lid in hand["locations"]}
    left = dict(countries)
    for p in hand["outlines"]["pieces"]:
        rest = left[p["country"]]
        piece = rest.intersection(clip_box(p["lon"], p["lat"])) if "lon" in p else rest
        left[p["country"]] = rest.difference(piece)
        got[p["location"]].append(piece)

    m = AreaMap(
        name=hand["name"],
        notes=hand.get("notes", ""),
        colours=dict(COLOURS),
        geo=geo,
        accept=tuple(hand.get("checks", {}).get("accept", ())),
    )
    m.land = project(unary_union([keep_parts(g) for g in countries.values()]))
    outlines = {}
    for lid in hand["locations"]:
        outlines[lid] = project(keep_parts(unary_union(got[lid])))
        if outlines[lid].is_empty:
            raise SystemExit(f"{lid}: no outline")
    outlines = dict(zip(outlines, clean(list(outlines.values())), strict=True))
    for lid, t in hand["locations"].items():
        poly = outlines[lid]
        city = geo_to_map(geo, *t["city"])
        city = (round(city[0], 1), round(city[1], 1))
        cut = geo_to_map(geo, *t["cut"]) if "cut" in t else city
        halves = tuple(t["halves"])
        cut = balanced_cut(poly, cut, halves[0])
        split = halves_split(poly, cut, halves)
        attrs = {"basis": t["basis"]}
        loc = Location(
            lid,
            t["name"],
            t["colour"],
            bool(t.get("capital")),
            int(t.get("vp", 0)),
            supply_of(t.get("supply")),
            attrs,
            polygon=poly,
            anchor=city,
            halves=halves,
            split=split,
        )
        anchors = {h: half_anchor(loc.half_geoms[h], split[1], h) for h in halves}
        m.locations[lid] = dataclasses.replace(loc, half_anchors=anchors)
    for bid, t in hand["boxes"].items():
        pos = geo_to_map(geo, *t["position"])
        m.boxes[bid] = Box(
            bid,
            t["name"],
            t["colour"],
            False,
            0,
            supply_of(t.get("supply")),
            {"basis": t["basis"]},
            position=(round(pos[0], 1), round(pos[1], 1)),
            size=(70.0, 44.0),
            condition=condition(t),
        )
    for lid, t in hand["lines"].items():
        m.lines[lid] = MoveLine(
            lid,
            t["a"],
            t["b"],
            t["kind"],
            bool(t.get("oneway")),
            int(t.get("defence_a", 0)),
            int(t.get("defence_b", 0)),
            condition(t),
            attrs={"basis": t["basis"]},
        )
    return m


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-o", "--output", default=str(OUT))
    args = ap.parse_args(argv)
    m = build()
    Path(args.output).write_text(dumps_area_map(m), encoding="utf-8")
    halves = sum(len(loc.spaces()) for loc in m.locations.values())
    print(f"{args.output}: {len(m.locations)} locations ({halves} halves), {len(m.boxes)} box, {len(m.lines)} lines")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
