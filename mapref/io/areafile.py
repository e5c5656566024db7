"""Read and write area maps as TOML (``kind = "area"``, format 1, documented in docs/format.md).

One table per location (``[locations.paris]``), its polygon a short list of ``[x, y]`` points
six to a line, so moving a vertex changes one line of the file; one line per move line in
``[lines]``.  Every problem in a file is collected and reported together with its line, and
the writer is canonical: loading a file it wrote and saving it unchanged gives the same bytes.
"""

from __future__ import annotations

import math
from itertools import chain

import os
import re
from pathlib import Path

import numpy
import shapely
from shapely.geometry import MultiPolygon, Point, Polygon

from mapref.core.areamodel import (
    ALWAYS,
    BUILTIN_LINE_KINDS,
    DEFAULT_BOX_SIZE,
    ID_RE,
    WRAP_NEEDS_SEAMS,
    AreaMap,
    AreaRegion,
    Box,
    ColourClass,
    Condition,
    LineKind,
    Location,
    box_space,
    MoveLine,
    Supply,
    polygon_parts,
    valid_id,
)
from mapref.io import tomlwrite as tw
from mapref.io.atomic import write_atomic
from mapref.io.mapfile import ATTR_INT_REACH, plain_attr
from mapref.io.problems import FileProblems, Locator, Reader, collector_paused, parse_toml, show_value

FORMAT = 1
TOP_KEYS = (
    "format",
    "kind",
    "name",
    "notes",
    "page",
    "checks",
    "wrap",
    "geo",
    "background",
    "colours",
    "line_kinds",
    "regions",
    "land",
    "locations",
    "boxes",
    "lines",
)
PLACE_KEYS = ("name", "colour", "capital", "vp", "supply", "attrs")
LOCATION_KEYS = PLACE_KEYS + ("anchor", "halves", "split", "half_anchors", "polygon", "holes")
BOX_KEYS = PLACE_KEYS + ("position", "size", "active_from", "active_until")
LINE_KEYS = (
    "a",
    "b",
    "kind",
    "oneway",
    "defence_a",
    "defence_b",
    "active_from",
    "active_until",
    "via",
    "proposed",
    "crossing",
    "wrap",
    "attrs",
)
PLAIN_LINE_KEYS = frozenset(("a", "b", "kind"))
BACKGROUND_KEYS = ("image", "opacity", "offset", "scale")
GEO_KEYS = ("lon0", "lat0", "scale", "parallel")
MAX_VP = 99
MAX_DEFENCE = 99
POINTS_PER_LINE = 6


def load_area_map(path: str | os.PathLike[str], shown: str | None = None) -> AreaMap:
    """Load an area map file; raise :class:`FileProblems` listing every problem found."""
    shown = shown or str(path)
    with collector_paused():  # (parsing pauses it too: one pause for both)
        data, source = parse_toml(Path(path), shown)
        return area_from_dict(data, source, shown)


def area_from_dict(data: dict, source: str, shown: str) -> AreaMap:
    with collector_paused():  # (a big map's 100,000 objects: searched for cycles once, after)
        return _area_from_dict(data, source, shown)


def _area_from_dict(data: dict, source: str, shown: str) -> AreaMap:
    r = Reader(shown, source)
    r.check_keys(data, TOP_KEYS, "", required=("format", "kind"))
    if "format" in data and data["format"] != FORMAT:
        r.expected("format", f"{FORMAT} (this is mapref's area map format {FORMAT})", data["format"])
    r.str_(data, "kind", "", "area", choices=("area",))
    m = AreaMap(name=r.str_(data, "name", ""), notes=r.str_(data, "notes", ""))
    _read_page_and_checks(r, data, m)
    _read_wrap(r, data, m)
    _read_geo_and_background(r, data, m)
    _read_classes(r, data, m)
    land = r.table(data, "land", "")
    if land:
        r.check_keys(land, ("polygon", "holes"), "land", required=("polygon",))
        m.land = _area(r, land, "land")
    unsure = _read_locations(r, data, m)
    _read_boxes(r, data, m)
    spaces = _spaces(m)
    _read_lines(r, data, m, spaces, unsure)
    _read_regions(r, data, m, spaces)
    r.raise_if_any()
    return m


def _spaces(m: AreaMap) -> set[str]:
    """``set(m.all_spaces())``: without a location that has halves, its locations' ids and its
    boxes' spaces, taken at once (20,000 locations: not three calls each)."""
    if any(loc.halves for loc in m.locations.values()):
        return set(m.all_spaces())
    return set(m.locations).union(map(box_space, m.boxes))


def _read_page_and_checks(r: Reader, data: dict, m: AreaMap) -> None:
    page = _point(r, data, "page", "")
    if page is not None:
        if page[0] <= 0 or page[1] <= 0:
            r.expected("page", "[width, height] above 0", list(page))
        else:
            m.page = page
    checks = r.table(data, "checks", "")
    if checks:
        r.check_keys(checks, ("accept",), "checks")
        acc = checks.get("accept", [])
        if not isinstance(acc, list) or not all(isinstance(x, str) and _accept_ok(x) for x in acc):
            r.expected(
                "checks.accept",
                'warnings accepted on purpose, such as ["no-lines:lisbon.w"] (a warning\'s code, '
                "alone or with where it is: see docs/format.md)",
                acc,
            )
        else:
            m.accept = tuple(acc)


def _read_wrap(r: Reader, data: dict, m: AreaMap) -> None:
    wrap = r.table(data, "wrap", "")
    if not wrap:
        return
    r.check_keys(wrap, ("x", "y"), "wrap")
    for axis in ("x", "y"):
        seam = _point(r, wrap, axis, "wrap")
        if seam is None:
            continue
        if seam[1] <= seam[0]:
            r.expected(
                f"wrap.{axis}",
                f"[{axis}0, {axis}1] with {axis}0 below {axis}1 (the two edges that are one seam)",
                list(seam),
            )
        else:
            setattr(m, f"wrap_{axis}", seam)


def _read_geo_and_background(r: Reader, data: dict, m: AreaMap) -> None:
    geo = r.table(data, "geo", "")
    if geo:
        r.check_keys(geo, GEO_KEYS, "geo", required=("lon0", "lat0", "scale"))
        m.geo = {
            "lon0": r.num(geo, "lon0", "geo"),
            "lat0": r.num(geo, "lat0", "geo"),
            "scale": r.num(geo, "scale", "geo", 1.0, lo=0.0),
            "parallel": r.num(geo, "parallel", "geo", 0.0),
        }
    bg = r.table(data, "background", "")
    if bg:
        r.check_keys(bg, BACKGROUND_KEYS, "background", required=("image",))
        m.background = {
            "image": r.str_(bg, "image", "background"),
            "opacity": r.num(bg, "opacity", "background", 0.5),
            "offset": list(_point(r, bg, "offset", "background") or (0.0, 0.0)),
            "scale": r.num(bg, "scale", "background", 1.0, lo=0.0),
        }


def _read_classes(r: Reader, data: dict, m: AreaMap) -> None:
    """The colour classes and the kinds of line."""
    for code, c in r.table(data, "colours", "").items():
        w = f"colours.{code}"
        if not _id_ok(r, code, w) or not _is_table(r, c, w, '{ name = "Western Allies", colour = "#8fb3de" }'):
            continue
        r.check_keys(c, ("name", "colour", "side"), w, required=("name", "colour"))
        m.colours[code] = ColourClass(r.str_(c, "name", w), _colour(r, c, w), r.str_(c, "side", w))
    for code, k in r.table(data, "line_kinds", "").items():
        w = f"line_kinds.{code}"
        if not _id_ok(r, code, w) or not _is_table(r, k, w, '{ name = "Rail", colour = "#884400" }'):
            continue
        r.check_keys(k, ("name", "colour"), w, required=("name",))
        m.line_kinds[code] = LineKind(r.str_(k, "name", w), _colour(r, k, w, "#555555"))


def _read_locations(r: Reader, data: dict, m: AreaMap) -> set[str]:
    """The locations, into ``m``; the ids of those whose halves could not be read (lines to them
    are not checked until their halves are right)."""
    unsure: set[str] = set()
    points = 0
    locations = r.table(data, "locations", "")
    if len(locations) > MAX_LOCATIONS:
        r.error("locations", f"{len(locations):,} locations: mapref reads area maps of up to {MAX_LOCATIONS:,}")
        r.raise_if_any()
    built = _outlines(locations)
    ids = _all_ids(locations)
    for lid, lt in locations.items():
        got = built.get(lid)
        if got is not None and ids and points + got[1] <= MAX_POINTS:
            plain = _plain_location(lid, lt, got, m.colours)
            if plain is not None:  # (no problem to report: what the reading below makes of it)
                points += got[1]
                m.locations[lid] = plain
                continue
        w = f"locations.{lid}"
        if not _id_ok(r, lid, w, ids) or not _is_table(r, lt, w, "a table with name and polygon"):
            continue
        r.check_keys(lt, LOCATION_KEYS, w, required=("polygon",))
        if got is None:
            geom = _area(r, lt, w)
            points += int(shapely.get_num_coordinates(geom))
        else:
            geom, n = got
            points += n
        if points > MAX_POINTS:
            r.error(
                w,
                f"more than {MAX_POINTS:,} points in all the locations: mapref reads area maps of up to that many "
                "(simplify the outlines)",
            )
            r.raise_if_any()
        halves, split = _read_halves(r, lt, w, lid, unsure)
        half_anchors = _read_half_anchors(r, lt, w, lid, halves, unsure)
        m.locations[lid] = Location(
            lid,
            anchor=_point(r, lt, "anchor", w),
            halves=halves,
            split=split,
            polygon=geom,
            half_anchors=half_anchors,
            **_place(r, lt, w, m),
        )
    return unsure


PLAIN_LOCATION_KEYS = frozenset(("name", "colour", "capital", "vp", "anchor", "polygon"))


def _plain_location(lid: str, lt: object, got: tuple, colours: dict) -> Location | None:
    """The usual location, a table of ``name``, ``colour`` (a class of the map), ``capital``,
    ``vp``, ``anchor`` and its ``polygon`` (``got``: its outline made at once, and the number of
    its points), made as the reading in :func:`_read_locations` makes it (a few checks instead
    of a dozen calls: 20,000 locations); None for any other location, and for one whose reading
    would report a problem."""
    if type(lt) is not dict or not lt.keys() <= PLAIN_LOCATION_KEYS:
        return None
    name, colour = lt.get("name", ""), lt.get("colour", "")
    capital, vp = lt.get("capital", False), lt.get("vp", 0)
    if not (
        type(name) is str
        and type(colour) is str
        and (not colour or colour in colours)
        and type(capital) is bool
        and type(vp) is int
        and 0 <= vp <= MAX_VP
    ):
        return None
    anchor = None
    if "anchor" in lt:
        v = lt["anchor"]
        if type(v) is not list or len(v) != 2:
            return None
        x, y = v
        if not (
            (type(x) is float or type(x) is int)
            and (type(y) is float or type(y) is int)
            and -MAX_COORD <= x <= MAX_COORD
            and -MAX_COORD <= y <= MAX_COORD
        ):
            return None
        anchor = (float(x), float(y))
    loc = object.__new__(Location)  # as _new_line makes a line: the same fields, in the same order
    d = loc.__dict__
    d.update(_LOCATION_FIELDS)
    d["id"], d["name"], d["colour"], d["capital"], d["vp"], d["attrs"] = lid, name, colour, capital, vp, {}
    d["polygon"], d["anchor"], d["half_anchors"] = got[0], anchor, {}
    return loc


_LOCATION_FIELDS = Location("").__dict__


def _outlines(locations: dict) -> dict:
    """Location id -> (its outline, its number of coordinates as shapely counts them) for the
    locations whose polygon is one ring of good points and that have no holes, every outline
    made in one call (a 20,000-location map: 20,000 polygons at C speed, not one Polygon call
    each).  The outlines are those :func:`_area` makes of the same points; any location whose
    polygon is another shape, and every location when one ring's points are wrong (each error is
    then reported by :func:`_area`, in the order it reports them), is left out for :func:`_area`."""
    ids, rings = [], []
    for lid, lt in locations.items():
        if type(lt) is not dict or "holes" in lt:
            continue
        v = lt.get("polygon")
        if type(v) is list and len(v) >= 3 and type(v[0]) is list and v[0] and type(v[0][0]) is not list:
            ids.append(lid)
            rings.append(v)
    if not ids:
        return {}
    flat = list(chain.from_iterable(rings))
    if set(map(type, flat)) != {list} or set(map(len, flat)) != {2}:
        return {}
    if not set(map(type, chain.from_iterable(flat))) <= {int, float}:
        return {}
    try:  # (every point a pair of ints and floats: read as one run of numbers, two a point)
        a = numpy.fromiter(chain.from_iterable(flat), dtype=float, count=2 * len(flat)).reshape(-1, 2)
    except (OverflowError, ValueError):
        return {}
    if not (numpy.isfinite(a).all() and (numpy.abs(a) <= MAX_COORD).all()):
        return {}
    lengths = numpy.fromiter(map(len, rings), dtype=numpy.int64, count=len(rings))
    ends = numpy.cumsum(lengths)
    starts = ends - lengths
    closed = (a[starts] == a[ends - 1]).all(axis=1)  # a closing point repeating the first is not stored
    keep = numpy.ones(len(a), dtype=bool)
    keep[ends[closed] - 1] = False
    lengths = lengths - closed
    if (lengths < 3).any() or (a[starts] == a[starts + lengths - 1]).all(axis=1).any():
        return {}  # too few points, or closed twice: _area reports them
    coords = a[keep]
    which = numpy.repeat(numpy.arange(len(ids)), lengths)
    polys = shapely.polygons(shapely.linearrings(coords, indices=which))
    counts = (lengths + 1).tolist()
    return {lid: (g, n) for lid, g, n in zip(ids, polys.tolist(), counts, strict=True)}


def _read_halves(r: Reader, lt: dict, w: str, lid: str, unsure: set[str]) -> tuple[tuple[str, ...], tuple]:
    """A location's halves and its split line, or ``((), ())`` (``lid`` added to ``unsure`` when
    they are there but wrong)."""
    if "halves" not in lt and "split" not in lt:
        return (), ()
    if "halves" not in lt or "split" not in lt:
        r.error(w, 'a location with halves needs both "halves" (two ids) and "split" (the dividing line)')
    hv = lt.get("halves")
    good = isinstance(hv, list) and len(hv) == 2 and all(valid_id(h) for h in hv) and hv[0] != hv[1]
    if "halves" in lt and not good:
        r.error(
            f"{w}.halves",
            f'expected two different half ids such as ["w", "e"] (lowercase letters, digits, _), got {_show(hv)}',
        )
    sp = _points(r, lt, "split", w, least=2)
    if isinstance(hv, list) and "split" in lt and sp is not None and good:
        return tuple(hv), tuple(sp)
    unsure.add(lid)  # lines to it are not checked until its halves are right
    return (), ()


def _read_half_anchors(r: Reader, lt: dict, w: str, lid: str, halves, unsure: set[str]) -> dict:
    half_anchors: dict = {}
    if "half_anchors" not in lt:
        return half_anchors
    ha = r.table(lt, "half_anchors", w)
    for h in ha:
        if h not in halves:
            if lid not in unsure:
                r.error(f"{w}.half_anchors.{h}", f"not a half of {lid} (its halves: {', '.join(halves) or 'none'})")
            continue
        pt = _point(r, ha, h, f"{w}.half_anchors")
        if pt is not None:
            half_anchors[h] = pt
    return half_anchors


def _read_boxes(r: Reader, data: dict, m: AreaMap) -> None:
    for bid, bt in r.table(data, "boxes", "").items():
        w = f"boxes.{bid}"
        if not _id_ok(r, bid, w) or not _is_table(r, bt, w, 'a table such as { name = "USA", position = [0, 0] }'):
            continue
        r.check_keys(bt, BOX_KEYS, w, required=("position",))
        size = _point(r, bt, "size", w) or DEFAULT_BOX_SIZE
        if size[0] <= 0 or size[1] <= 0:
            r.expected(f"{w}.size", "[width, height] above 0", list(size))
            size = DEFAULT_BOX_SIZE
        m.boxes[bid] = Box(
            bid,
            position=_point(r, bt, "position", w) or (0.0, 0.0),
            size=size,
            condition=_condition(r, bt, w),
            **_place(r, bt, w, m),
        )


def _read_lines(r: Reader, data: dict, m: AreaMap, spaces: set[str], unsure: set[str]) -> None:
    kinds = set(BUILTIN_LINE_KINDS) | set(m.line_kinds)
    lines = r.table(data, "lines", "")
    ids = _all_ids(lines)
    for lid, lt in lines.items():
        ln = _plain_line(lid, lt, spaces, kinds, ids)
        if ln is None:
            ln = _read_line(r, m, lid, lt, spaces, kinds, unsure)
        if ln is not None:
            m.lines[lid] = ln


def _plain_line(lid: str, lt: object, spaces: set[str], kinds: set[str], known: bool = False) -> MoveLine | None:
    """The usual line, ``{ a = "x", b = "y", kind = "land" }`` between two spaces of the map, as
    :func:`_read_line` reads it (a few checks instead of a dozen calls: 60,000 lines on a map of
    20,000 locations); None for any other line.  ``known``: ``lid`` is an id (:func:`_all_ids`)."""
    if type(lt) is not dict or not lt.keys() <= PLAIN_LINE_KEYS:
        return None
    a, b, kind = lt.get("a"), lt.get("b"), lt.get("kind", "land")
    if (
        type(a) is str
        and type(b) is str
        and a != b
        and a in spaces
        and b in spaces
        and type(kind) is str
        and kind in kinds
        and (known or valid_id(lid))
    ):
        return _new_line(lid, a, b, kind)
    return None


_LINE_FIELDS = MoveLine("", "", "").__dict__


def _new_line(lid: str, a: str, b: str, kind: str) -> MoveLine:
    """``MoveLine(lid, a, b, kind=kind, attrs={})``, the same object made without the frozen
    dataclass's ``__init__`` (which sets each of its 13 fields through ``object.__setattr__``):
    the other fields' defaults copied (all of them immutable), as ``__init__`` gives them."""
    ln = object.__new__(MoveLine)
    d = ln.__dict__
    d.update(_LINE_FIELDS)
    d["id"], d["a"], d["b"], d["kind"], d["attrs"] = lid, a, b, kind, {}
    return ln


def _read_line(
    r: Reader, m: AreaMap, lid: str, lt: object, spaces: set[str], kinds: set[str], unsure: set[str]
) -> MoveLine | None:
    """A line of ``[lines]``, every problem of it reported to ``r``; None if it is no table."""
    w = f"lines.{lid}"
    if not _id_ok(r, lid, w) or not _is_table(r, lt, w, '{ a = "paris.e", b = "sedan.w", kind = "land" }'):
        return None
    if not isinstance(lt, dict):  # (said by _is_table)
        return None
    r.check_keys(lt, LINE_KEYS, w, required=("a", "b"))
    ends = [_space(r, m, spaces, lt, k, w, unsure) for k in ("a", "b")]
    kind = r.str_(lt, "kind", w, "land")
    if kind not in kinds:
        r.expected(
            f"{w}.kind",
            "one of " + ", ".join(f'"{k}"' for k in sorted(kinds)) + " (declare others in [line_kinds])",
            kind,
        )
    if ends[0] and ends[0] == ends[1]:
        r.error(f"{w}.b", f"a line joins two different spaces, got {show_value(ends[1])} at both ends")
    via = _points(r, lt, "via", w, least=0) or []
    wraps = r.bool_(lt, "wrap", w)
    if wraps and not m.wraps:
        r.error(f"{w}.wrap", WRAP_NEEDS_SEAMS)
    return MoveLine(
        lid,
        ends[0] or "",
        ends[1] or "",
        kind=kind,
        oneway=r.bool_(lt, "oneway", w),
        defence_a=r.int_(lt, "defence_a", w, 0, 0, MAX_DEFENCE),
        defence_b=r.int_(lt, "defence_b", w, 0, 0, MAX_DEFENCE),
        condition=_condition(r, lt, w),
        via=tuple(via),
        proposed=r.bool_(lt, "proposed", w),
        crossing=r.bool_(lt, "crossing", w),
        wrap=wraps,
        attrs=_attrs(r, lt, w),
    )


def _read_regions(r: Reader, data: dict, m: AreaMap, spaces: set[str]) -> None:
    for rid, rt in r.table(data, "regions", "").items():
        w = f"regions.{rid}"
        if not _id_ok(r, rid, w) or not _is_table(r, rt, w, '{ name = "Low Countries", locations = ["antwerp"] }'):
            continue
        r.check_keys(rt, ("name", "locations"), w, required=("name", "locations"))
        members = rt.get("locations", [])
        ok = []
        if not isinstance(members, list):
            r.expected(f"{w}.locations", "an array of location ids", members)
            members = []
        for x in members:
            if isinstance(x, str) and (x in m.locations or x in spaces):
                ok.append(x)
            else:
                r.expected(f"{w}.locations", "location ids, halves or boxes of the map", x)
        m.regions[rid] = AreaRegion(r.str_(rt, "name", w), tuple(ok))


# ------------------------------------------------------------------------------ reading
def _accept_ok(entry: str) -> bool:
    """An entry of ``[checks] accept``: the code of a warning, alone or with where it is."""
    from mapref.core.arealint import WARNINGS

    code, _, where = entry.partition(":")
    return code in WARNINGS and (not _ or bool(where))


def _is_table(r: Reader, v: object, where: str, example: str) -> bool:
    if not isinstance(v, dict):
        r.expected(where, example if example.startswith("a ") else f"a table such as {example}", v)
        return False
    return True


def _all_ids(keys) -> bool:
    """Is every one of ``keys`` an id (:func:`valid_id`)?  One match over them all, joined by
    newlines (no id holds one: a key that does splits in more lines than there are keys)."""
    keys = list(keys)
    if not keys or not all(type(k) is str for k in keys):
        return not keys
    text = "\n".join(keys)
    return text.count("\n") == len(keys) - 1 and _IDS.fullmatch(text) is not None


_IDS = re.compile(rf"(?:{ID_RE.pattern}\n)*{ID_RE.pattern}")


def _id_ok(r: Reader, key: str, where: str, known: bool = False) -> bool:
    """Is ``key`` an id (``known``: :func:`_all_ids` said so of its table already)?  If not,
    the problem is reported."""
    if not known and not valid_id(key):
        r.error(where, f"expected an id of lowercase letters, digits, _ and -, got {show_value(key)}")
        return False
    return True


def _colour(r: Reader, d: dict, where: str, default: str = "#cccccc") -> str:
    c = r.str_(d, "colour", where, default)
    if not (len(c) == 7 and c.startswith("#") and all(ch in "0123456789abcdefABCDEF" for ch in c[1:])):
        r.expected(f"{where}.colour", 'a colour such as "#9ec9e8"', c)
        return default
    return c


def _show(v: object) -> str:
    """A value as it is written in the file (arrays inline)."""
    if isinstance(v, list):
        return "[" + ", ".join(_show(x) for x in v) + "]"
    return show_value(v)


MAX_COORD = 1e7  # map units: far beyond any map, short of what geometry and drawing overflow on
MAX_LOCATIONS = 20_000
"""The most locations an area map holds: twice the 10,000 that Generate areas makes and the
benchmark measures (docs/performance.md); Europe's countries are 91, TripleA's largest maps a
few thousand territories.  What a map of many locations costs beyond reading them is bounded
apart (the nearby pairs, :func:`mapref.core.areageom.near_pairs`)."""
MAX_POINTS = 200_000
"""The most points an area map's locations hold together: Europe's 91 countries hold 3,200; an
outline of this many costs seconds to check and draw (a self-intersecting one most)."""


def _number(v: object) -> bool:
    """A coordinate: a finite number within :data:`MAX_COORD` (nan and inf broke the geometry)."""
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        return False
    return abs(v) <= MAX_COORD if isinstance(v, int) else math.isfinite(v) and abs(v) <= MAX_COORD


def _point(r: Reader, d: dict, key: str, where: str):
    if key not in d:
        return None
    v = d[key]
    if type(v) is list and len(v) == 2:  # the usual point: two floats or ints in reach, at once
        x, y = v
        if (
            (type(x) is float or type(x) is int)
            and (type(y) is float or type(y) is int)
            and -MAX_COORD <= x <= MAX_COORD
            and -MAX_COORD <= y <= MAX_COORD
        ):
            return (float(x), float(y))
    if isinstance(v, list) and len(v) == 2 and all(_number(x) for x in v):
        return (float(v[0]), float(v[1]))
    r.expected(f"{where}.{key}", "[x, y] (two numbers)", v)
    return None


def _fast_points(v: list) -> list | None:
    """``v`` as (x, y) tuples when it is a list of [x, y] pairs of coordinates (a polygon of a
    hundred thousand points is checked at C speed), else None."""
    if not all(type(p) is list and len(p) == 2 for p in v):
        return None
    if not set(map(type, chain.from_iterable(v))) <= {int, float}:
        return None
    try:
        a = numpy.asarray(v, dtype=float)
    except (OverflowError, ValueError):
        return None
    if not (numpy.isfinite(a).all() and (numpy.abs(a) <= MAX_COORD).all()):
        return None
    return list(map(tuple, a.tolist()))


def _ring(r: Reader, v: object, path: str, least: int, what: str = "ring"):
    if not isinstance(v, list):
        r.expected(path, "an array of [x, y] points", v)
        return None
    fast = _fast_points(v)
    pts = fast if fast is not None else []
    for i, p in enumerate(v if fast is None else (), start=1):
        if isinstance(p, list) and len(p) == 2 and all(_number(x) for x in p):
            pts.append((float(p[0]), float(p[1])))
        else:
            r.error(path, f"expected [x, y] at point {i} (finite numbers within {MAX_COORD:g}), got {_show(p)}")
            return None
    if len(pts) > 1 and pts[0] == pts[-1] and what == "ring":
        pts.pop()  # a closing point repeating the first is not stored
    if len(pts) < least:
        r.error(path, f"expected at least {least} points, got {len(pts)}")
        return None
    return pts


def _points(r: Reader, d: dict, key: str, where: str, least: int):
    if key not in d:
        return None
    return _ring(r, d[key], f"{where}.{key}", least, what="line")


def _rings(r: Reader, v: object, path: str) -> list:
    """One ring ``[[x, y], ...]`` or several ``[[[x, y], ...], ...]``."""
    if isinstance(v, list) and v and isinstance(v[0], list) and v[0] and isinstance(v[0][0], list):
        out = []
        for ring in v:
            got = _ring(r, ring, path, 3)
            if got is not None:
                out.append(got)
        return out
    got = _ring(r, v, path, 3)
    return [got] if got is not None else []


def _area(r: Reader, d: dict, where: str):
    shells = _rings(r, d.get("polygon"), f"{where}.polygon") if "polygon" in d else []
    holes = _rings(r, d["holes"], f"{where}.holes") if "holes" in d else []
    shell_polys = [Polygon(s) for s in shells]
    if not holes:  # (each outline made once: a 20,000-location map makes 20,000)
        return Polygon() if not shell_polys else shell_polys[0] if len(shells) == 1 else MultiPolygon(shell_polys)
    own: list[list] = [[] for _ in shells]
    for h in holes:
        p = Point(h[0])
        for i, sp in enumerate(shell_polys):
            try:
                inside = sp.intersects(p)
            except Exception:  # a self-intersecting shell
                inside = False
            if inside:
                own[i].append(h)
                break
        else:
            r.error(f"{where}.holes", f"a hole at {_pt(h[0])} lies in no part of the polygon")
    parts = [Polygon(s, own[i]) if own[i] else shell_polys[i] for i, s in enumerate(shells)]
    if not parts:
        return Polygon()
    return parts[0] if len(parts) == 1 else MultiPolygon(parts)


def _condition(r: Reader, d: dict, where: str) -> Condition:
    parts = []
    for key in ("active_from", "active_until"):
        v = d.get(key, {})
        got = []
        if not isinstance(v, dict):
            r.expected(f"{where}.{key}", "a table of counters such as { allied_deck = 2 }", v)
            v = {}
        for k, n in v.items():
            if not valid_id(k) or "-" in k:
                r.error(f"{where}.{key}.{k}", "expected a counter name of lowercase letters, digits and _")
            elif not isinstance(n, int) or isinstance(n, bool) or n < 0:
                r.expected(f"{where}.{key}.{k}", "a whole number >= 0", n)
            else:
                got.append((k, n))
        parts.append(tuple(got))
    return Condition(parts[0], parts[1]) if parts[0] or parts[1] else ALWAYS


def _supply(r: Reader, d: dict, where: str) -> tuple[Supply, ...]:
    if "supply" not in d:
        return ()
    v = d["supply"]
    items = v if isinstance(v, list) else [v]
    out = []
    for it in items:
        if isinstance(it, str) and valid_id(it):
            out.append(Supply(it))
        elif isinstance(it, dict):
            r.check_keys(it, ("side", "active_from", "active_until"), f"{where}.supply", required=("side",))
            side = r.str_(it, "side", f"{where}.supply")
            if side:
                out.append(Supply(side, _condition(r, it, f"{where}.supply")))
        else:
            r.expected(
                f"{where}.supply",
                'a side such as "western", or { side = "western", active_from = { allied_deck = 3 } }',
                it,
            )
    return tuple(out)


def _attrs(r: Reader, d: dict, where: str) -> dict:
    v = d.get("attrs", {})
    if not isinstance(v, dict):
        r.expected(f"{where}.attrs", "a table of free attributes", v)
        return {}
    out = {}
    for k, x in v.items():
        if plain_attr(x) or (isinstance(x, list) and all(plain_attr(y) for y in x)):
            out[k] = x
        else:
            r.expected(
                f"{where}.attrs.{k}",
                f"a string, number (finite, within ±{ATTR_INT_REACH:,}), true/false or an array of them",
                x,
            )
    return out


def _place(r: Reader, d: dict, where: str, m: AreaMap) -> dict:
    colour = r.str_(d, "colour", where)
    if colour and colour not in m.colours:
        import difflib

        close = difflib.get_close_matches(colour, list(m.colours), n=1, cutoff=0.6)
        known = ", ".join(f'"{k}"' for k in m.colours) or "none: declare them in [colours]"
        r.error(
            f"{where}.colour",
            f"expected a colour class of [colours] ({known}), got {show_value(colour)}"
            + (f' (did you mean "{close[0]}"?)' if close else ""),
        )
        colour = ""
    return {
        "name": r.str_(d, "name", where),
        "colour": colour,
        "capital": r.bool_(d, "capital", where),
        "vp": r.int_(d, "vp", where, 0, 0, MAX_VP),
        "supply": _supply(r, d, where),
        "attrs": _attrs(r, d, where),
    }


def _space(r: Reader, m: AreaMap, spaces: set[str], d: dict, key: str, where: str, unsure: set[str]) -> str | None:
    v = d.get(key)
    if v is None:
        return None
    if isinstance(v, str) and v in spaces:
        return v
    if isinstance(v, str) and v.split(".", 1)[0] in unsure:
        return None  # its location's halves are already reported
    hint = ""
    if isinstance(v, str):
        loc = m.locations.get(v.split(".", 1)[0])
        if loc is not None and loc.has_halves:
            hint = f" ({loc.label} has halves: name one of {', '.join(loc.spaces())})"
        elif loc is not None and "." in v:
            hint = f" ({loc.label} has no halves: write {loc.id})"
        elif v.startswith("box:"):
            hint = f" (no such box; the map has {', '.join(m.boxes) or 'none'})"
        else:
            import difflib

            close = difflib.get_close_matches(v, sorted(spaces), n=1, cutoff=0.6)
            hint = f' (did you mean "{close[0]}"?)' if close else ""
    r.error(
        f"{where}.{key}",
        f'expected a location, a half such as "sedan.w" or a box such as "box:usa", got {show_value(v)}{hint}',
    )
    return None


# ------------------------------------------------------------------------------ writing
def num(v: float) -> str:
    """A coordinate as written: at most 6 decimals, no trailing ``.0``."""
    x = round(float(v), 6)
    if x == 0:
        x = 0.0  # no "-0"
    s = repr(x)
    return s[:-2] if s.endswith(".0") else s


def _pt(p) -> str:
    return f"[{num(p[0])}, {num(p[1])}]"


def _ring_lines(pts, indent: str) -> list[str]:
    out = []
    for i in range(0, len(pts), POINTS_PER_LINE):
        out.append(indent + ", ".join(_pt(p) for p in pts[i : i + POINTS_PER_LINE]) + ",")
    return out


def _ring_coords(ring) -> list:
    c = list(ring.coords)
    return c[:-1] if len(c) > 1 and c[0] == c[-1] else c


def _area_lines(geom) -> list[str]:
    parts = polygon_parts(geom)
    out = []
    if len(parts) == 1:
        out += ["polygon = ["] + _ring_lines(_ring_coords(parts[0].exterior), "  ") + ["]"]
    else:
        out.append("polygon = [")
        for p in parts:
            out += ["  ["] + _ring_lines(_ring_coords(p.exterior), "    ") + ["  ],"]
        out.append("]")
    holes = [h for p in parts for h in p.interiors]
    if holes:
        out.append("holes = [")
        for h in holes:
            out += ["  ["] + _ring_lines(_ring_coords(h), "    ") + ["  ],"]
        out.append("]")
    return out


def _cond_items(c: Condition) -> list[tuple[str, object]]:
    out: list[tuple[str, object]] = []
    if c.active_from:
        out.append(("active_from", dict(c.active_from)))
    if c.active_until:
        out.append(("active_until", dict(c.active_until)))
    return out


def _supply_value(s: tuple[Supply, ...]):
    vals = [x.side if not x.condition else {"side": x.side, **dict(_cond_items(x.condition))} for x in s]
    return vals[0] if len(vals) == 1 else vals


def _place_lines(p) -> list[str]:
    out = [tw.assign("name", p.name)]
    if p.colour:
        out.append(tw.assign("colour", p.colour))
    if p.capital:
        out.append("capital = true")
    if p.vp:
        out.append(f"vp = {p.vp}")
    if p.supply:
        out.append(tw.assign("supply", _supply_value(p.supply)))
    return out


def dumps_area_map(m: AreaMap) -> str:
    out = [
        "# mapref area map; the format is described in docs/format.md",
        f"format = {FORMAT}",
        'kind = "area"',
        tw.assign("name", m.name),
    ]
    if m.notes:
        out.append(tw.assign("notes", m.notes))
    if m.page is not None:
        out.append(f"page = {_pt(m.page)}")
    out += _settings_lines(m) + _class_lines(m)
    if m.land is not None and not m.land.is_empty:
        out += ["", "[land]"] + _area_lines(m.land)
    for lid, loc in m.locations.items():
        out += _location_lines(lid, loc)
    for bid, b in m.boxes.items():
        out += _box_lines(bid, b)
    out += ["", "[lines]"]
    out += [_line_entry(lid, ln) for lid, ln in m.lines.items()]
    return "\n".join(out) + "\n"


def _settings_lines(m: AreaMap) -> list[str]:
    """The [checks], [wrap], [geo] and [background] tables, those the map has."""
    out: list[str] = []
    if m.accept:
        out += [
            "",
            "[checks]",
            "# warnings accepted on purpose (mapref check and the problems panel leave them out)",
            tw.assign("accept", list(m.accept)),
        ]
    if m.wrap_x or m.wrap_y:
        out += [
            "",
            "[wrap]",
            "# the world wraps around: the two edges of each pair are one seam (lines with wrap = true cross it)",
        ]
        out += [f"{axis} = {_pt(seam)}" for axis, seam in (("x", m.wrap_x), ("y", m.wrap_y)) if seam]
    if m.geo:
        g = m.geo
        out += [
            "",
            "[geo]",
            "# x = (lon - lon0) * scale * cos(parallel), y = (lat0 - lat) * scale",
            f"lon0 = {num(g['lon0'])}",
            f"lat0 = {num(g['lat0'])}",
            f"scale = {num(g['scale'])}",
            f"parallel = {num(g.get('parallel', 0.0))}",
        ]
    bg = m.background
    if bg:
        out += [
            "",
            "[background]",
            tw.assign("image", bg["image"]),
            tw.assign("opacity", float(bg["opacity"])),
            f"offset = {_pt(bg['offset'])}",
            tw.assign("scale", float(bg["scale"])),
        ]
    return out


def _class_lines(m: AreaMap) -> list[str]:
    """The [colours] table, and the [line_kinds] and [regions] the map has."""
    out = ["", "[colours]"]
    for code, c in m.colours.items():
        d = {"name": c.name, "colour": c.colour}
        if c.side:
            d["side"] = c.side
        out.append(f"{tw.key(code)} = {tw.inline(d)}")
    if m.line_kinds:
        out += ["", "[line_kinds]"]
        for code, k in m.line_kinds.items():
            out.append(f"{tw.key(code)} = {tw.inline({'name': k.name, 'colour': k.colour})}")
    if m.regions:
        out += ["", "[regions]"]
        for code, rg in m.regions.items():
            out.append(f"{tw.key(code)} = {tw.inline({'name': rg.name, 'locations': list(rg.members)})}")
    return out


def _location_lines(lid: str, loc: Location) -> list[str]:
    out = ["", f"[locations.{tw.key(lid)}]"] + _place_lines(loc)
    if loc.anchor is not None:
        out.append(f"anchor = {_pt(loc.anchor)}")
    if loc.halves:
        out.append(tw.assign("halves", list(loc.halves)))
        out.append("split = [" + ", ".join(_pt(p) for p in loc.split) + "]")
        anchors = [(h, loc.half_anchors[h]) for h in loc.halves if h in loc.half_anchors]
        if anchors:
            out.append("half_anchors = { " + ", ".join(f"{tw.key(h)} = {_pt(p)}" for h, p in anchors) + " }")
    out += _area_lines(loc.polygon)
    if loc.attrs:
        out.append(tw.assign("attrs", dict(loc.attrs)))
    return out


def _box_lines(bid: str, b: Box) -> list[str]:
    out = ["", f"[boxes.{tw.key(bid)}]"] + _place_lines(b)
    for k, v in _cond_items(b.condition):
        out.append(tw.assign(k, v))
    out.append(f"position = {_pt(b.position)}")
    if tuple(b.size) != DEFAULT_BOX_SIZE:
        out.append(f"size = {_pt(b.size)}")
    if b.attrs:
        out.append(tw.assign("attrs", dict(b.attrs)))
    return out


def _line_entry(lid: str, ln: MoveLine) -> str:
    """A move line as its one line of [lines]."""
    parts = [f"a = {tw.value(ln.a)}", f"b = {tw.value(ln.b)}", f"kind = {tw.value(ln.kind)}"]
    if ln.oneway:
        parts.append("oneway = true")
    if ln.defence_a:
        parts.append(f"defence_a = {ln.defence_a}")
    if ln.defence_b:
        parts.append(f"defence_b = {ln.defence_b}")
    parts += [tw.assign(k, v) for k, v in _cond_items(ln.condition)]
    if ln.via:
        parts.append("via = [" + ", ".join(_pt(p) for p in ln.via) + "]")
    for flag in ("proposed", "crossing", "wrap"):
        if getattr(ln, flag):
            parts.append(f"{flag} = true")
    if ln.attrs:
        parts.append(tw.assign("attrs", dict(ln.attrs)))
    return f"{tw.key(lid)} = {{ " + ", ".join(parts) + " }"


def save_area_map(m: AreaMap, path: str | os.PathLike[str]) -> None:
    """Write the map atomically: the old file stays whole if anything fails."""
    write_atomic(path, dumps_area_map(m))


# ------------------------------------------------------------------------- mapref check
class AreaFile:
    """A loaded area map with where it came from, for ``mapref check`` (geometry problems that
    make the map unusable: self-intersections, overlaps, empty halves; see
    :mod:`mapref.core.arealint`).  The map is linted once, and its keys located in the file once,
    for both the errors (:meth:`check`) and the other problems (:meth:`lint_lines`)."""

    def __init__(self, m: AreaMap, source: str, shown: str) -> None:
        self.map = m
        self.source = source
        self.shown = shown
        self._problems: list | None = None
        self._locator: Locator | None = None

    def problems(self) -> list:
        """The map's problems (:func:`mapref.core.arealint.lint_area`), worked out once."""
        if self._problems is None:
            from mapref.core.arealint import lint_area

            self._problems = lint_area(self.map)
        return self._problems

    def locator(self) -> Locator:
        """Where each key of the file is (:class:`mapref.io.problems.Locator`), made once."""
        if self._locator is None:
            self._locator = Locator(self.source)
        return self._locator

    def check(self) -> list[str]:
        from mapref.io.problems import Problem

        out = []
        for p in self.problems():
            if not p.is_error:
                continue
            line, col = self.locator().find(p.key)
            out.append(str(Problem(self.shown, line, col, p.key, p.message)))
        return out

    def lint_lines(self) -> list:
        """Every problem of the map as ``mapref check`` prints it (:func:`mapref.io.lintlines.area_lint`),
        from the one lint."""
        from mapref.io.lintlines import area_lint

        probs = self.problems()
        return area_lint(self.map, self.source, self.shown, probs, self.locator() if probs else None)


def area_file(data: dict, source: str, shown: str) -> AreaFile:
    """The area map of parsed TOML as ``mapref check`` reads it (:mod:`mapref.io.anyfile`'s loader)."""
    return AreaFile(area_from_dict(data, source, shown), source, shown)


__all__ = [
    "AreaFile",
    "FileProblems",
    "area_file",
    "area_from_dict",
    "dumps_area_map",
    "load_area_map",
    "save_area_map",
]
