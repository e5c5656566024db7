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

import shapely
from shapely.geometry import LineString, Point, Polygon, shape

from mapref.core.areaedit import suggest_lines
from mapref.core.areageom import GRID, border_between, round_geom, round_point
from mapref.core.areamodel import AreaMap, Location, as_area, polygon_parts
from mapref.io.problems import FileProblems, Problem

SCALE = 20.0  # map units per degree of latitude


def read_geojson(path: str | os.PathLike[str], shown: str | None = None) -> dict:
    shown = shown or str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise FileProblems([Problem(shown, None, None, "", "no such file")]) from None
    except (OSError, UnicodeDecodeError) as e:
        raise FileProblems([Problem(shown, None, None, "", f"cannot read: {e}")]) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise FileProblems([Problem(shown, e.lineno, e.colno, "", f"JSON syntax error: {e.msg}")]) from None
    if not isinstance(data, dict) or data.get("type") not in ("FeatureCollection", "Feature"):
        got = data.get("type") if isinstance(data, dict) else type(data).__name__
        raise FileProblems([Problem(shown, None, None, "type", f'expected a GeoJSON "FeatureCollection", got {got!r}')])
    return data


def areas_from_geojson(data: dict, shown: str, name_property: str = "name", name: str = "") -> tuple[AreaMap, list[str]]:
    """(the map, notes about skipped features); raises FileProblems for features without a name."""
    feats = data.get("features", []) if data.get("type") == "FeatureCollection" else [data]
    problems: list[Problem] = []
    notes: list[str] = []
    shapes = []
    for i, f in enumerate(feats):
        key = f"features[{i}]"
        if not isinstance(f, dict):
            problems.append(Problem(shown, None, None, key, "expected a Feature object"))
            continue
        props = f.get("properties") or {}
        label = props.get(name_property)
        geom = f.get("geometry")
        if not isinstance(label, str) or not label.strip():
            have = ", ".join(sorted(k for k, v in props.items() if isinstance(v, str))) or "none"
            problems.append(Problem(shown, None, None, f"{key}.properties.{name_property}",
                                    f"expected the feature's name, got {json.dumps(label)} (its text properties: {have}; "
                                    "choose one with --name-property)"))
            continue
        if not geom or geom.get("type") not in ("Polygon", "MultiPolygon"):
            notes.append(f"{label}: skipped, not a polygon ({(geom or {}).get('type', 'no geometry')})")
            continue
        try:
            g = shape(geom)
        except Exception as e:  # noqa: BLE001 - malformed coordinates
            problems.append(Problem(shown, None, None, f"{key}.geometry", f"unreadable coordinates ({e})"))
            continue
        attrs = {k: v for k, v in props.items() if k != name_property and isinstance(v, (str, int, float, bool)) and v is not None}
        shapes.append((label.strip(), g, attrs))
    if problems:
        raise FileProblems(problems)
    if not shapes:
        raise FileProblems([Problem(shown, None, None, "features", "no Polygon or MultiPolygon feature to import")])

    x0, y0, x1, y1 = shapely.total_bounds([g for _, g, _ in shapes])
    geo = {"lon0": round(x0, 2), "lat0": round(y1, 2), "scale": SCALE, "parallel": round((y0 + y1) / 2, 1)}
    m = AreaMap(name=name, geo=geo)
    for label, g, attrs in shapes:
        mg = round_geom(_project(g, geo))
        if mg.is_empty:
            notes.append(f"{label}: skipped, too small at this scale")
            continue
        lid = m.new_id(label)
        m.locations[lid] = Location(lid, name=label, polygon=mg, attrs=attrs)
    notes += _drop_slivers(m)
    e = suggest_lines(m)
    if e is not None:
        e.do(m)
        notes += _drop_exclave_lines(m)
        _bend_lines(m)
    return m, notes


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
            notes.append(f"{loc.label}: skipped, a sliver thinner than {tol:.2g} map units here (cut off at the file's frame?)")
            continue
        kept = [p for p in parts if p is main or not thin(p, tol)]
        if len(kept) < len(parts):
            m.locations[lid] = dataclasses.replace(loc, polygon=as_area(kept))
            notes.append(f"{loc.label}: {len(parts) - len(kept)} part(s) thinner than {tol:.2g} map units dropped (slivers)")
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
        notes.append(f"{a.label} - {b.label}: they meet only on an outlying part of one of them; no land line proposed "
                     "(draw one where armies walk there)")
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


def import_areas(src: str, out: str, name_property: str = "name") -> tuple[AreaMap, list[str]]:
    """Read ``src``, write the area map to ``out`` (atomically); return the map and notes."""
    from mapref.io.areafile import save_area_map

    data = read_geojson(src)
    m, notes = areas_from_geojson(data, src, name_property, name=Path(src).stem.replace("_", " "))
    save_area_map(m, out)
    return m, notes


__all__ = ["areas_from_geojson", "import_areas", "read_geojson"]
