"""``mapref import-areas``: an area map from a GeoJSON file of polygons.

One location per feature (its polygon, or all the parts of a multi-polygon), named by a
property (``name`` unless told otherwise), with the feature's other simple properties as free
attributes.  Longitude and latitude are projected to map units with the equirectangular
projection the file's ``[geo]`` table records (``x = (lon - lon0) * scale * cos(parallel)``,
``y = (lat0 - lat) * scale``, 20 units per degree of latitude), rounded to 0.01 units; borders
that two features share stay shared exactly.  Every pair of locations whose borders share a
stretch gets a *proposed* land line (the designer accepts or deletes it), when the border
touches the main land of both (the largest part of a multi-polygon; parts thinner than the map's
tolerance, slivers cut off at the file's frame, are dropped): the United Kingdom meets
Ireland only in Northern Ireland, so no land line joins Great Britain to Ireland (a note says
so); a line whose straight path would miss the shared border bends through its middle.
"""

from __future__ import annotations

import json
import math
import os
from pathlib import Path
from typing import Any

import shapely
from shapely.geometry import LineString, Point, Polygon, shape

from mapref.core.areaedit import suggest_lines
from mapref.core.areageom import GRID, border_between, pair_limit, round_geom, round_point
from mapref.core.arealint import lint_area
from mapref.core.areamodel import AreaMap, Location, as_area, polygon_parts
from mapref.io.mapfile import plain_attr
from mapref.io.problems import (
    MAX_DEPTH,
    FileProblems,
    Problem,
    clip,
    parse_toml_bytes,
    read_source,
    show_value,
    too_deep,
)

SCALE = 20.0  # map units per degree of latitude
MAX_FEATURES = 5000
"""The most features one import takes (Natural Earth's 1:10m countries of the world are 258)."""
MAX_POSITIONS = 200_000
"""The most points all the features' rings hold together: what an area map may hold
(:data:`mapref.io.areafile.MAX_POINTS`); Natural Earth's 1:110m Europe holds 3,200, and a more
detailed file is simplified first, in a GIS."""


def _fail(shown: str, key: str, message: str, line: int | None = None, col: int | None = None) -> FileProblems:
    return FileProblems([Problem(shown, line, col, key, message)])


def read_geojson(path: str | os.PathLike[str], shown: str | None = None) -> dict:
    """The JSON of a GeoJSON file, read through mapref's guard (a regular file of at most 16
    MiB: a FIFO, a device, a folder or a bigger file is refused in one line), nested at most
    :data:`mapref.io.problems.MAX_DEPTH` deep; FileProblems for anything else."""
    shown = shown or str(path)
    raw = read_source(path, shown)
    try:
        text = raw.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as e:
        raise _fail(
            shown, "", f"not UTF-8 text: byte 0x{raw[e.start]:02x} ({e.reason})", raw.count(b"\n", 0, e.start) + 1
        ) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise _fail(shown, "", f"JSON syntax error: {e.msg}", e.lineno, e.colno) from None
    except RecursionError:
        raise _fail(shown, "", f"arrays or objects nested more than {MAX_DEPTH} deep") from None
    except ValueError as e:  # an integer past Python's limit on digits (4300)
        raise _fail(shown, "", f"not a number mapref can read ({clip(str(e), 80)})") from None
    if too_deep(data) is not None:
        raise _fail(shown, "", f"arrays or objects nested more than {MAX_DEPTH} deep")
    if not isinstance(data, dict) or data.get("type") not in ("FeatureCollection", "Feature"):
        got = data.get("type") if isinstance(data, dict) else data
        raise _fail(shown, "type", f'expected a GeoJSON "FeatureCollection", got {show_value(got)}')
    return data


def _ring_problem(ring: object) -> str:
    """Why ``ring`` is not a closed ring of positions in degrees ("" when it is)."""
    if not isinstance(ring, list) or len(ring) < 4:
        return "expected a ring of at least 4 positions"
    for p in ring:
        if not isinstance(p, list) or not 2 <= len(p) <= 3 or not all(type(x) in (int, float) for x in p):
            return f"expected positions [longitude, latitude], got {show_value(p)}"
        lon, lat = p[0], p[1]
        if not (-180 <= lon <= 180 and -90 <= lat <= 90):  # nan compares false
            return f"expected longitude -180 to 180 and latitude -90 to 90 (degrees, as GeoJSON has them), got {show_value(p[:2])}"
    return ""


def _polygons(geom: dict) -> tuple[list, str]:
    """(the polygons' rings, why they are not polygons' rings or "")."""
    coords = geom.get("coordinates")
    polys = [coords] if geom["type"] == "Polygon" else coords
    if not isinstance(polys, list) or not all(isinstance(p, list) and p for p in polys):
        return [], "expected the polygons' rings"
    for p in polys:
        bad = next(filter(None, map(_ring_problem, p)), "")
        if bad:
            return [], bad
        if _ring_area(p[0]) == 0:
            return [], "expected an outer ring enclosing an area, got one whose points lie on one point or one line"
    return polys, ""


def _ring_area(ring: list) -> float:
    """Twice the area a ring of positions encloses (the shoelace formula; 0 for a point or a line)."""
    return abs(sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(ring, ring[1:] + ring[:1], strict=True)))


def areas_from_geojson(
    data: dict, shown: str, name_property: str = "name", name: str = ""
) -> tuple[AreaMap, list[str]]:
    """(the map, notes about skipped features); FileProblems for features it cannot take: no
    name, coordinates that are not degrees, too many features or points, locations that would
    overlap; what it makes passes ``mapref check``."""
    feats = data.get("features", []) if data.get("type") == "FeatureCollection" else [data]
    if not isinstance(feats, list):
        raise _fail(shown, "features", f"expected an array of features, got {show_value(feats)}")
    if len(feats) > MAX_FEATURES:
        raise _fail(shown, "features", f"{len(feats):,} features: import-areas takes up to {MAX_FEATURES:,}")
    notes: list[str] = []
    shapes = _shapes(feats, shown, name_property, notes)
    m = _located(shapes, shown, name, notes)
    suggested = suggest_lines(m)
    if suggested is not None:
        suggested.do(m)
        notes += _drop_exclave_lines(m)
        _bend_lines(m)
    return m, notes


def _shapes(feats: list, shown: str, name_property: str, notes: list[str]) -> list[tuple[int, str, Any, dict]]:
    """Each polygon feature as (its index, its name, its shape in degrees, its plain properties);
    a feature of another kind is a note; FileProblems for those it cannot take (20 at most)."""
    problems: list[Problem] = []
    shapes = []
    points = 0
    for i, f in enumerate(feats):
        key = f"features[{i}]"
        got = _feature_polygons(f, key, shown, name_property, notes)
        if isinstance(got, Problem):
            problems.append(got)
            continue
        if got is None:
            continue
        label, polys, props = got
        points += sum(len(r) for p in polys for r in p)
        if points > MAX_POSITIONS:
            raise _fail(
                shown,
                "features",
                f"more than {MAX_POSITIONS:,} points: import-areas takes up to that many "
                "(simplify the file in a GIS first)",
            )
        try:
            g = shape({"type": "MultiPolygon", "coordinates": polys})
        except Exception as e:  # what shapely refuses that the checks above let through
            problems.append(
                Problem(shown, None, None, f"{key}.geometry", f"unreadable coordinates ({clip(str(e), 80)})")
            )
            continue
        attrs = {k: v for k, v in props.items() if k != name_property and plain_attr(v)}
        shapes.append((i, label.strip(), g, attrs))
        if len(problems) >= 20:
            break
    if problems:
        raise FileProblems(problems)
    if not shapes:
        raise _fail(shown, "features", "no Polygon or MultiPolygon feature to import")
    return shapes


def _feature_polygons(
    f, key: str, shown: str, name_property: str, notes: list[str]
) -> Problem | tuple[str, list, dict] | None:
    """A feature's (name, polygons, properties); a Problem when it cannot be taken; None (and a
    note) when it is no polygon."""
    if not isinstance(f, dict):
        return Problem(shown, None, None, key, f"expected a Feature object, got {show_value(f)}")
    props = f.get("properties") or {}
    if not isinstance(props, dict):
        return Problem(shown, None, None, f"{key}.properties", f"expected an object, got {show_value(props)}")
    label = props.get(name_property)
    geom = f.get("geometry")
    if not isinstance(label, str) or not label.strip():
        have = ", ".join(sorted(k for k, v in props.items() if isinstance(v, str))) or "none"
        return Problem(
            shown,
            None,
            None,
            f"{key}.properties.{name_property}",
            f"expected the feature's name, got {json.dumps(label) if isinstance(label, (str, type(None))) else show_value(label)} "
            f"(its text properties: {have}; choose one with --name-property)",
        )
    if geom is not None and not isinstance(geom, dict):
        return Problem(shown, None, None, f"{key}.geometry", f"expected a geometry object, got {show_value(geom)}")
    kind = (geom or {}).get("type", "no geometry")
    if geom is None or kind not in ("Polygon", "MultiPolygon"):
        notes.append(
            f"{clip(label, 60)}: skipped, not a polygon ({show_value(kind) if not isinstance(kind, str) else clip(kind, 40)})"
        )
        return None
    polys, bad = _polygons(geom)
    if bad:
        return Problem(shown, None, None, f"{key}.geometry.coordinates", bad)
    return label, polys, props


def _located(shapes: list[tuple[int, str, Any, dict]], shown: str, name: str, notes: list[str]) -> AreaMap:
    """The map of the shapes projected (a location each, those too small at its scale noted and
    left out, slivers dropped); FileProblems when its locations overlap or cross themselves."""
    x0, y0, x1, y1 = shapely.total_bounds([g for _, _, g, _ in shapes])
    geo = {"lon0": round(x0, 2), "lat0": round(y1, 2), "scale": SCALE, "parallel": round((y0 + y1) / 2, 1)}
    m = AreaMap(name=name, geo=geo)
    feature_of: dict[str, int] = {}
    for i, label, g, attrs in shapes:
        try:
            mg = round_geom(_project(g, geo))
        except shapely.errors.GEOSException as e:  # what the geometry library refuses that the checks let through
            raise _fail(shown, f"features[{i}].geometry", f"unreadable coordinates ({clip(str(e), 80)})") from None
        if mg.is_empty:
            notes.append(f"{clip(label, 60)}: skipped, too small at this scale")
            continue
        lid = m.new_id(label)
        m.locations[lid] = Location(lid, name=label, polygon=mg, attrs=attrs)
        feature_of[lid] = i
    notes += _drop_slivers(m)
    wrong = [p for p in lint_area(m) if p.is_error]  # overlaps, borders crossing themselves: before any work on them
    if wrong:
        out = [
            Problem(
                shown,
                None,
                None,
                f"features[{feature_of.get(p.where.split('.')[0], 0)}]",
                f"{p.message}: the locations of a map may not overlap or cross themselves",
            )
            for p in wrong[:20]
        ]
        if len(wrong) > 20:
            many = (
                "at least " if len(wrong) >= pair_limit(len(m.locations)) else ""
            )  # (overlaps are looked for up to that many)
            out.append(Problem(shown, None, None, "features", f"and {many}{len(wrong) - 20:,} more such problems"))
        raise FileProblems(out)
    return m


def _drop_slivers(m: AreaMap) -> list[str]:
    """Parts thinner than the map's tolerance (a country's corner cut off at the edge of the
    file's frame) are dropped, as ``mapref check`` would call them slivers; a location that is
    nothing but slivers is skipped.  Each is noted."""
    import dataclasses

    from mapref.core.arealint import thin, tolerance

    tol = tolerance(m)
    notes = []
    for lid, loc in list(m.locations.items()):
        parts = polygon_parts(loc.polygon)
        main = max(parts, key=lambda p: p.area)
        if all(thin(p, tol) for p in parts):
            del m.locations[lid]
            notes.append(
                f"{loc.label}: skipped, a sliver thinner than {tol:.2g} map units here (cut off at the file's frame?)"
            )
            continue
        kept = [p for p in parts if p is main or not thin(p, tol)]
        if len(kept) < len(parts):
            m.locations[lid] = dataclasses.replace(loc, polygon=as_area(kept))
            notes.append(
                f"{loc.label}: {len(parts) - len(kept)} part(s) thinner than {tol:.2g} map units dropped (slivers)"
            )
    return notes


def _main_part(loc: Location):
    parts = polygon_parts(loc.polygon)
    return max(parts, key=lambda p: p.area) if parts else loc.polygon


def _drop_exclave_lines(m: AreaMap) -> list[str]:
    """A land line is proposed only where the two locations' main lands meet: a border on an
    outlying part (the United Kingdom's Northern Ireland, Russia's Kaliningrad) would let armies
    walk from the main land across the water.  Each dropped proposal is noted; the designer
    draws the line where the game wants one."""
    notes = []
    for lid, ln in list(m.lines.items()):
        a, b = m.place_of(ln.a), m.place_of(ln.b)
        if ln.kind != "land" or not isinstance(a, Location) or not isinstance(b, Location):
            continue
        if border_between(_main_part(a), _main_part(b)).length > GRID:
            continue
        del m.lines[lid]
        notes.append(
            f"{a.label} - {b.label}: they meet only on an outlying part of one of them; no land line proposed "
            "(draw one where armies walk there)"
        )
    return notes


def _project(g, geo: dict):
    k = geo["scale"]
    c = math.cos(math.radians(geo["parallel"]))

    def pt(p):
        return ((p[0] - geo["lon0"]) * k * c, (geo["lat0"] - p[1]) * k)

    parts = []
    for p in polygon_parts(g):
        parts.append(Polygon([pt(q) for q in p.exterior.coords], [[pt(q) for q in r.coords] for r in p.interiors]))
    return shapely.make_valid(as_area(parts))


def _bend_lines(m: AreaMap) -> None:
    """A land line whose straight path misses the shared border bends through its middle."""
    import dataclasses

    for lid, ln in list(m.lines.items()):
        a, b = m.place_of(ln.a), m.place_of(ln.b)
        pa, pb = m.space_point(ln.a), m.space_point(ln.b)
        if not isinstance(a, Location) or not isinstance(b, Location) or pa is None or pb is None:
            continue
        border = border_between(a.polygon, b.polygon)
        if border.is_empty:
            continue
        straight = LineString([pa, pb])
        if straight.distance(border) <= 0.5:
            continue
        longest = max(getattr(border, "geoms", [border]), key=lambda x: x.length)
        mid = longest.interpolate(0.5, normalized=True) if longest.length else Point(longest.coords[0])
        m.lines[lid] = dataclasses.replace(ln, via=(round_point((mid.x, mid.y)),))


def import_areas(src: str, out: str, name_property: str = "name", write=None) -> tuple[AreaMap, list[str]]:
    """Read ``src``, write the area map to ``out`` (atomically; ``write(out, text)`` when given:
    the command line's policy for its output); return the map and notes.  A map that ``mapref
    check`` would refuse is not written (FileProblems)."""
    from mapref.io.areafile import area_file, dumps_area_map
    from mapref.io.atomic import write_atomic

    data = read_geojson(src)
    m, notes = areas_from_geojson(data, src, name_property, name=Path(src).stem.replace("_", " "))
    text = dumps_area_map(m)
    try:
        parsed, source = parse_toml_bytes(text.encode("utf-8"), out)
        wrong = area_file(parsed, source, out).check()
    except FileProblems as e:
        wrong = [str(p) for p in e.problems]
    if wrong:
        raise _fail(src, "", f"the map made from it would not pass mapref check, so {out} was not written: {wrong[0]}")
    (write or write_atomic)(out, text)
    return m, notes


__all__ = ["areas_from_geojson", "import_areas", "read_geojson"]
