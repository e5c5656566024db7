"""The area map model: named locations drawn as polygons, joined by explicit move lines.

Many wargames (Struggle for Europe, the Axis & Allies family) are played on *areas*: an
:class:`AreaMap` holds

- **locations** (:class:`Location`): an id, a name, a polygon (shapely ``Polygon`` or
  ``MultiPolygon``), a label anchor, a colour class (the start colour or owner: ``blue``,
  ``red``...), the flags the rules read (capital, victory value, supply location for a side) and
  free attributes; optionally split into two **halves** by a line (``split``) with an id for
  each half (``halves = ("w", "e")``, the first half lies left of the line walked from its first
  point to its last, as seen on the map);
- off-map **boxes** (:class:`Box`): places without a polygon, drawn as a rectangle (the USA box);
- **move lines** (:class:`MoveLine`): from one space to another (a location, a half
  ``sedan.w`` or a box ``box:usa``), with a kind (``land``, ``naval`` or one the map declares
  in ``line_kinds``), one-way or two-way, a defence value at each end, a :class:`Condition`
  under which it is active (``active_from = {allied_deck = 2}``), bend points, and whether it
  is only *proposed* (suggested from a shared border, waiting for the designer);
- colour classes, line kinds, regions, an optional land outline (the coast that generated
  areas are clipped to), a tracing background, the lon/lat projection of imported maps, the
  blank page of a new map (``page``), the warnings the designer accepts on purpose
  (``accept``, read by :mod:`mapref.core.arealint`) and, for a map of a world that wraps around
  (imported TripleA maps), its seams (``wrap_x``, ``wrap_y``): a line marked ``wrap`` crosses a
  seam and is drawn as two stubs leaving the map's edges (:meth:`AreaMap.line_pieces`).

Borders are stored as polygons, one per location; shared borders are kept exact by the editor
(vertices snap to the neighbours' and move with them, :mod:`mapref.core.areaedit`) and checked
by :mod:`mapref.core.arealint` (overlaps, gaps, slivers).  Items are immutable: an edit replaces
a location, a line or a whole table (:mod:`mapref.core.areaedit`), so undo keeps the old objects.

*Map units*: x to the east, y to the south (as on a screen), in any unit the designer likes;
imported maps use ``geo.scale`` units per degree of latitude.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from functools import cached_property
from types import MappingProxyType
from collections.abc import Iterator, Mapping
from typing import Never

from shapely import make_valid
from shapely.geometry import LineString, MultiPolygon, Point, Polygon, box as shapely_box
from shapely.geometry.base import BaseGeometry

EMPTY: Mapping[str, Never] = MappingProxyType({})  # empty: a mapping of any value type
ID_RE = re.compile(r"[a-z0-9_][a-z0-9_\-]*")
BUILTIN_LINE_KINDS = ("land", "naval")
DEFAULT_BOX_SIZE = (60.0, 40.0)
Point2 = tuple[float, float]

# the eight compass directions (x east, y south) used to name halves
COMPASS = ("e", "se", "s", "sw", "w", "nw", "n", "ne")
COMPASS_WORDS = {
    "n": "north",
    "ne": "north-east",
    "e": "east",
    "se": "south-east",
    "s": "south",
    "sw": "south-west",
    "w": "west",
    "nw": "north-west",
}


def valid_id(text: object) -> bool:
    return isinstance(text, str) and ID_RE.fullmatch(text) is not None


def box_space(box_id: str) -> str:
    return f"box:{box_id}"


# ---------------------------------------------------------------------------- conditions
@dataclass(frozen=True)
class Condition:
    """When something is active, as data: from the moment every counter of ``active_from`` has
    reached its value, and while every counter of ``active_until`` is still below its value.

    Counters are named by the ruleset (``allied_deck``, ``turn``...).  The empty condition is
    always active.

    >>> c = Condition.parse("allied_deck >= 2")
    >>> c.holds({"allied_deck": 1}), c.holds({"allied_deck": 3}), c.text()
    (False, True, 'allied_deck >= 2')
    """

    active_from: tuple[tuple[str, int], ...] = ()
    active_until: tuple[tuple[str, int], ...] = ()

    def __bool__(self) -> bool:
        return bool(self.active_from or self.active_until)

    def holds(self, counters: Mapping[str, int]) -> bool:
        return all(counters.get(k, 0) >= v for k, v in self.active_from) and all(
            counters.get(k, 0) < v for k, v in self.active_until
        )

    def text(self) -> str:
        """The condition as a user types it: ``allied_deck >= 2, turn < 10`` (empty: always)."""
        return ", ".join([f"{k} >= {v}" for k, v in self.active_from] + [f"{k} < {v}" for k, v in self.active_until])

    def as_dict(self) -> dict:
        out: dict = {}
        if self.active_from:
            out["active_from"] = dict(self.active_from)
        if self.active_until:
            out["active_until"] = dict(self.active_until)
        return out

    @classmethod
    def parse(cls, text: str) -> Condition:
        """``"allied_deck >= 2, turn < 10"``; raises ValueError naming what was expected."""
        frm: list[tuple[str, int]] = []
        until: list[tuple[str, int]] = []
        for part in (text or "").replace(";", ",").split(","):
            part = part.strip()
            if not part:
                continue
            m = re.fullmatch(r"([a-z_][a-z0-9_]*)\s*(>=|<)\s*(\d+)", part)
            if not m:
                raise ValueError(
                    f"a condition is 'COUNTER >= N' or 'COUNTER < N' (such as 'allied_deck >= 2'), got {part!r}"
                )
            (frm if m.group(2) == ">=" else until).append((m.group(1), int(m.group(3))))
        return cls(tuple(frm), tuple(until))


ALWAYS = Condition()


@dataclass(frozen=True)
class Supply:
    """A supply location for a side, possibly only under a condition (USA: from deck 3)."""

    side: str
    condition: Condition = ALWAYS

    def text(self) -> str:
        return self.side + (f" if {self.condition.text()}" if self.condition else "")


# -------------------------------------------------------------------------------- tables
@dataclass(frozen=True)
class ColourClass:
    """A start colour (or owner) of locations: Struggle for Europe's blue, red, gray and tan."""

    name: str
    colour: str  # fill, #rrggbb
    side: str = ""  # the side that holds it at the start, when the rules need it


@dataclass(frozen=True)
class LineKind:
    """A kind of move line a scenario defines (``land`` and ``naval`` are built in)."""

    name: str
    colour: str = "#555555"


SEA_CLASS = ColourClass("Sea zone", "#b5cfe8")  # the colour class of sea zones (an imported or traced map's "sea")
COASTAL = LineKind("Coastal (land to sea)", "#4f86b8")  # the line kind between a land location and a sea zone


@dataclass(frozen=True)
class AreaRegion:
    name: str
    members: tuple[str, ...]  # location ids, half spaces or boxes


# ----------------------------------------------------------------------------- places
@dataclass(frozen=True, eq=False)
class Place:
    """What a location and a box share: the properties the rules read."""

    id: str
    name: str = ""
    colour: str = ""  # colour class (start colour / owner); "" = none
    capital: bool = False
    vp: int = 0  # victory value (0 = none)
    supply: tuple[Supply, ...] = ()
    attrs: Mapping[str, object] = field(default_factory=lambda: EMPTY)

    @property
    def label(self) -> str:
        return self.name or self.id

    def same(self, other: object) -> bool:
        return type(self) is type(other) and _fields(self) == _fields(other)


def _fields(p) -> tuple:
    out = []
    for k in p.__dataclass_fields__:
        v = getattr(p, k)
        if isinstance(v, BaseGeometry):
            v = v.wkb
        elif isinstance(v, Mapping):
            v = tuple(v.items())
        out.append(v)
    return tuple(out)


@dataclass(frozen=True, eq=False)
class Location(Place):
    """A location on the board: a polygon (or several parts) with an optional split in halves."""

    polygon: BaseGeometry = field(default_factory=Polygon)  # Polygon or MultiPolygon
    anchor: Point2 | None = None  # where the name goes; None = inside the polygon (polylabel)
    halves: tuple[str, ...] = ()  # () or two half ids: (left of the split line, right of it)
    split: tuple[Point2, ...] = ()  # the dividing line (2 or more points)
    half_anchors: Mapping[str, Point2] = field(default_factory=lambda: EMPTY)  # half id -> where its lines attach

    def __eq__(self, other: object) -> bool:  # and so no hash: Python sets __hash__ to None
        return self.same(other)

    @property
    def has_halves(self) -> bool:
        return len(self.halves) == 2 and len(self.split) >= 2

    def spaces(self) -> tuple[str, ...]:
        """The graph spaces of the location: its halves, or the location itself."""
        return tuple(f"{self.id}.{h}" for h in self.halves) if self.has_halves else (self.id,)

    @cached_property
    def parts(self) -> tuple[Polygon, ...]:
        return polygon_parts(self.polygon)

    @cached_property
    def half_geoms(self) -> dict[str, BaseGeometry]:
        """Half id -> its polygon (empty geometry when the line leaves nothing on that side)."""
        if not self.has_halves:
            return {}
        try:
            left, right = split_halves(self.polygon, self.split)
        except ValueError:
            left, right = Polygon(), Polygon()
        return {self.halves[0]: left, self.halves[1]: right}

    @cached_property
    def label_point(self) -> Point2:
        if self.anchor is not None:
            return self.anchor
        return interior_point(self.polygon)

    @cached_property
    def half_points(self) -> dict[str, Point2]:
        """Where lines attach to each half: its ``half_anchors`` point, else a point well inside it."""
        out: dict[str, Point2] = {}
        for h, g in self.half_geoms.items():
            if h in self.half_anchors:
                x, y = self.half_anchors[h]
                out[h] = (x, y)
            else:
                out[h] = interior_point(g) if not g.is_empty else self.label_point
        return out

    def space_point(self, space: str) -> Point2:
        """Where a line to ``space`` (the location or one of its halves) attaches."""
        if "." in space:
            return self.half_points.get(space.split(".", 1)[1], self.label_point)
        return self.label_point

    @cached_property
    def divider(self) -> BaseGeometry:
        """The part of the split line inside the location (drawn between the halves)."""
        if not self.has_halves:
            return LineString()
        try:
            return extended_line(self.split, self.polygon).intersection(self.polygon)
        except Exception:  # an invalid polygon has no divider to draw
            return LineString()


@dataclass(frozen=True, eq=False)
class Box(Place):
    """An off-map box (USA): a place with no polygon, drawn as a rectangle at ``position``."""

    position: Point2 = (0.0, 0.0)  # top-left, map units
    size: Point2 = DEFAULT_BOX_SIZE
    condition: Condition = ALWAYS  # when its contents become active (USA: allied_deck >= 3)

    def __eq__(self, other: object) -> bool:  # and so no hash: Python sets __hash__ to None
        return self.same(other)

    @property
    def rect(self) -> tuple[float, float, float, float]:
        x, y = self.position
        return x, y, x + self.size[0], y + self.size[1]

    @property
    def centre(self) -> Point2:
        x0, y0, x1, y1 = self.rect
        return (x0 + x1) / 2, (y0 + y1) / 2


@dataclass(frozen=True)
class MoveLine:
    """A move line between two spaces (location ids, ``loc.half`` or ``box:id``)."""

    id: str
    a: str
    b: str
    kind: str = "land"
    oneway: bool = False  # only from a to b
    defence_a: int = 0  # added to a defender at a when attacked along this line
    defence_b: int = 0
    condition: Condition = ALWAYS
    via: tuple[Point2, ...] = ()  # bend points of the drawn path
    proposed: bool = False  # suggested from a shared border; the designer accepts or deletes it
    crossing: bool = False  # a land line across water (a strait) on purpose: its ends need not touch
    wrap: bool = False  # goes the short way round a map that wraps (across wrap_x / wrap_y): drawn as two stubs
    attrs: Mapping[str, object] = field(default_factory=lambda: EMPTY, compare=False)

    def other(self, space: str) -> str:
        return self.b if space == self.a else self.a

    def defence_at(self, space: str) -> int:
        return self.defence_a if space == self.a else self.defence_b if space == self.b else 0


WRAP_NEEDS_SEAMS = "a line can only wrap round a map that wraps: give the map its seams in [wrap] (x = [x0, x1])"


# ------------------------------------------------------------------------------- the map
@dataclass
class AreaMap:
    name: str = ""
    notes: str = ""
    colours: dict[str, ColourClass] = field(default_factory=dict)
    line_kinds: dict[str, LineKind] = field(default_factory=dict)
    regions: dict[str, AreaRegion] = field(default_factory=dict)
    locations: dict[str, Location] = field(default_factory=dict)
    boxes: dict[str, Box] = field(default_factory=dict)
    lines: dict[str, MoveLine] = field(default_factory=dict)
    land: BaseGeometry | None = None  # the coast generated areas are clipped to
    background: dict | None = None  # tracing image: image, opacity, offset, scale
    geo: dict | None = None  # lon/lat projection of imported maps: lon0, lat0, scale, parallel
    page: Point2 | None = (
        None  # (width, height) of a new map's blank page, from (0, 0): the extent before anything is drawn
    )
    accept: tuple[str, ...] = ()  # warnings accepted on purpose: "CODE" or "CODE:WHERE" (mapref.core.arealint)
    wrap_x: tuple[float, float] | None = None  # the world wraps east-west: x = wrap_x[0] and x = wrap_x[1] are one line
    wrap_y: tuple[float, float] | None = None  # likewise north-south
    version: int = field(default=0, compare=False, repr=False)

    kind = "area"

    def touch(self) -> None:
        """Say the map changed outside the undo history (caches built from it are stale)."""
        self.version += 1

    # ---------------------------------------------------------------------- look-ups
    def all_line_kinds(self) -> list[str]:
        return list(BUILTIN_LINE_KINDS) + [k for k in self.line_kinds if k not in BUILTIN_LINE_KINDS]

    def line_colour(self, kind: str) -> str:
        if kind in self.line_kinds:
            return self.line_kinds[kind].colour
        return {"land": "#6b6b6b", "naval": "#2f6db5"}.get(kind, "#555555")

    @property
    def wraps(self) -> bool:
        """The world wraps round (it has seams, ``[wrap]``): only then can a line be marked ``wrap``."""
        return self.wrap_x is not None or self.wrap_y is not None

    def wrap_shift(self, a: Point2, b: Point2) -> Point2:
        """The shift (whole map widths and heights along the axes that wrap) that brings ``b``
        nearest to ``a``: where ``b`` is seen from ``a`` going the short way round."""
        out = [0.0, 0.0]
        for axis, seam in ((0, self.wrap_x), (1, self.wrap_y)):
            if seam is None:
                continue
            span = seam[1] - seam[0]
            d = a[axis] - b[axis]
            out[axis] = span * round(d / span) if span > 0 else 0.0
        return out[0], out[1]

    def line_pieces(self, ln: MoveLine) -> list[list[Point2]] | None:
        """The line as drawn, in map units: one path (its ends and bend points), or for a line
        marked ``wrap`` two stubs, each from one end half way to the other end's image across
        the seam (the two halves of the short way round: they meet at the seam, which may
        follow the territories' borders rather than a straight edge); None when an end is
        missing."""
        pa, pb = self.space_point(ln.a), self.space_point(ln.b)
        if pa is None or pb is None:
            return None
        if not ln.wrap:
            return [[pa, *ln.via, pb]]
        sx, sy = self.wrap_shift(pa, pb)
        if not sx and not sy:
            return [[pa, pb]]
        mx, my = (pa[0] + pb[0] + sx) / 2, (pa[1] + pb[1] + sy) / 2
        return [[pa, (mx, my)], [pb, (mx - sx, my - sy)]]

    def place_of(self, space: str) -> Place | None:
        """The location or box a space belongs to."""
        if space.startswith("box:"):
            return self.boxes.get(space[4:])
        return self.locations.get(space.split(".", 1)[0])

    def space_exists(self, space: str) -> bool:
        if not isinstance(space, str):
            return False
        if space.startswith("box:"):
            return space[4:] in self.boxes
        loc_id, dot, half = space.partition(".")
        loc = self.locations.get(loc_id)
        if loc is None:
            return False
        return (half in loc.halves) if (dot and loc.has_halves) else (not dot and not loc.has_halves)

    def space_point(self, space: str) -> Point2 | None:
        """Where a line attaches to a space (a half's interior point, a box's centre)."""
        if space.startswith("box:"):
            b = self.boxes.get(space[4:])
            return b.centre if b else None
        loc = self.locations.get(space.split(".", 1)[0])
        return loc.space_point(space) if loc else None

    def all_spaces(self) -> Iterator[str]:
        for loc in self.locations.values():
            yield from loc.spaces()
        for bid in self.boxes:
            yield box_space(bid)

    def lines_of(self, place_id: str) -> list[MoveLine]:
        """The lines touching a location (any of its halves) or a box (``box:usa``)."""

        def loc(s: str) -> str:
            return s if s.startswith("box:") else s.split(".", 1)[0]

        return [ln for ln in self.lines.values() if loc(ln.a) == place_id or loc(ln.b) == place_id]

    def find(self, text: str) -> str | None:
        """A location or box by id or name (exact, then by prefix): ``paris`` or ``box:usa``."""
        low = text.strip().lower()
        if low.startswith("box:") and low[4:] in self.boxes:
            return low
        if low in self.locations:
            return low
        for lid, loc in self.locations.items():
            if loc.name.lower() == low:
                return lid
        for bid, b in self.boxes.items():
            if bid == low or b.name.lower() == low:
                return box_space(bid)
        for lid, loc in self.locations.items():
            if loc.name.lower().startswith(low):
                return lid
        return None

    def bounds(self) -> tuple[float, float, float, float]:
        """Bounds of everything drawn (locations, boxes, land) and of the page, or a default square."""
        xs: list[float] = []
        ys: list[float] = []
        if self.locations:  # every location's bounds at once (an empty polygon's are nan: left out)
            import numpy as np

            from shapely import bounds as bounds_of

            b = bounds_of([loc.polygon for loc in self.locations.values()])
            if not np.isnan(b).all():
                xs += [float(np.nanmin(b[:, 0])), float(np.nanmax(b[:, 2]))]
                ys += [float(np.nanmin(b[:, 1])), float(np.nanmax(b[:, 3]))]
        for b in self.boxes.values():
            x0, y0, x1, y1 = b.rect
            xs += [x0, x1]
            ys += [y0, y1]
        if self.land is not None and not self.land.is_empty:
            x0, y0, x1, y1 = self.land.bounds
            xs += [x0, x1]
            ys += [y0, y1]
        if self.page is not None:
            xs += [0.0, float(self.page[0])]
            ys += [0.0, float(self.page[1])]
        if not xs:
            return 0.0, 0.0, 1000.0, 700.0
        return min(xs), min(ys), max(xs), max(ys)

    def new_id(self, base: str, table: str = "locations") -> str:
        """A fresh id in ``table`` made from ``base`` (``paris``, ``paris_2``...)."""
        taken = getattr(self, table)
        b = slug(base) or "x"
        if b not in taken:
            return b
        n = 2
        while f"{b}_{n}" in taken:
            n += 1
        return f"{b}_{n}"

    # projection of imported maps ---------------------------------------------------
    def geo_to_map(self, lon: float, lat: float) -> Point2:
        """Map units of a longitude/latitude (maps imported from GeoJSON carry ``geo``)."""
        if not self.geo:
            raise ValueError("the map has no [geo] projection (only maps imported from GeoJSON do)")
        return geo_to_map(self.geo, lon, lat)


DEFAULT_PAGE = (1000.0, 700.0)


def new_area_map(
    name: str = "",
    width: float | None = None,
    height: float | None = None,
    projection: Mapping[str, float] | None = None,
    underlay: str | None = None,
    underlay_size: tuple[int, int] | None = None,
) -> AreaMap:
    """A blank area map to draw on (the command line's ``mapref new-map`` and the editor's File >
    New > Area map): a page of ``width`` x ``height`` map units (default 1000 x 700; with an
    underlay and no size, the image's size in pixels), an optional lon/lat ``projection``
    (``lon0``, ``lat0``, ``scale``, ``parallel``: the ``[geo]`` table of imported maps), and an
    optional ``underlay``: an image to trace (its path as the map file will name it, relative to
    the map's folder, and its size in pixels), laid at the page's top-left corner and scaled to
    the page's width, half transparent.  Raises ValueError for a size or projection out of range."""
    if underlay is not None and underlay_size is None:
        raise ValueError("an underlay needs its size in pixels")
    iw, ih = underlay_size if underlay_size is not None else (0, 0)
    if underlay is not None and (iw <= 0 or ih <= 0):
        raise ValueError(f"the underlay's size is two numbers above 0, got {iw} x {ih}")
    ratio = (ih / iw) if underlay is not None else DEFAULT_PAGE[1] / DEFAULT_PAGE[0]  # of a side not given
    if width is not None and height is not None:
        w, h = float(width), float(height)
    elif width is not None:
        w, h = float(width), float(width) * ratio
    elif height is not None:
        w, h = float(height) / ratio, float(height)
    else:
        w, h = (float(iw), float(ih)) if underlay is not None else DEFAULT_PAGE
    if not (0 < w <= 1e6 and 0 < h <= 1e6):
        raise ValueError(f"a page is from 1 to 1,000,000 map units on a side, got {w:g} x {h:g}")
    m = AreaMap(name=name or "Untitled", page=(round(w, 2), round(h, 2)))
    if projection is not None:
        geo = {k: float(projection[k]) for k in ("lon0", "lat0", "scale")}
        geo["parallel"] = float(projection.get("parallel", geo["lat0"]))
        if not (
            -180 <= geo["lon0"] <= 180 and -90 <= geo["lat0"] <= 90 and -90 < geo["parallel"] < 90 and geo["scale"] > 0
        ):
            raise ValueError(
                "a projection is lon0 -180..180, lat0 -90..90, a scale above 0 (map units a degree of "
                f"latitude) and a parallel between -90 and 90, got {projection}"
            )
        m.geo = geo
    if underlay is not None:
        m.background = {"image": underlay, "opacity": 0.5, "offset": [0.0, 0.0], "scale": round(w / iw, 6)}
    return m


def geo_to_map(geo: Mapping[str, float], lon: float, lat: float) -> Point2:
    k = float(geo["scale"])
    c = math.cos(math.radians(float(geo.get("parallel", 0.0))))
    return (lon - float(geo["lon0"])) * k * c, (float(geo["lat0"]) - lat) * k


def slug(text: str) -> str:
    import unicodedata

    t = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    t = re.sub(r"[^a-z0-9]+", "_", t).strip("_")
    return t


# ------------------------------------------------------------------------------ geometry
def polygon_parts(g: BaseGeometry | None) -> tuple[Polygon, ...]:
    """The polygons of a geometry (a Polygon, a MultiPolygon, or a collection with some)."""
    if g is None or g.is_empty:
        return ()
    if isinstance(g, Polygon):
        return (g,)
    if isinstance(g, MultiPolygon):
        return tuple(g.geoms)
    out: list[Polygon] = []
    for x in getattr(g, "geoms", ()):
        out += polygon_parts(x)
    return tuple(out)


def as_area(parts) -> BaseGeometry:
    """A Polygon for one part, a MultiPolygon for several, an empty Polygon for none."""
    parts = [p for p in parts if not p.is_empty]
    if not parts:
        return Polygon()
    return parts[0] if len(parts) == 1 else MultiPolygon(parts)


def interior_point(g: BaseGeometry) -> Point2:
    """A point well inside the largest part (pole of inaccessibility), for labels and lines."""
    from shapely.ops import polylabel

    parts = polygon_parts(g)
    if not parts:
        return (0.0, 0.0)
    big = max(parts, key=lambda p: p.area)
    try:
        tol = max(0.01, math.sqrt(max(big.area, 1e-9)) / 50)
        p = polylabel(big, tolerance=tol) if big.is_valid else big.representative_point()
    except Exception:  # degenerate rings
        p = big.representative_point() if not big.is_empty else Point(0, 0)
    return (round(p.x, 2), round(p.y, 2))


def extended_line(points, g: BaseGeometry) -> LineString:
    """The split line with its first and last segments extended well past ``g``."""
    pts = [tuple(map(float, p)) for p in points]
    if len(pts) < 2:
        raise ValueError("a split line needs at least two points")
    x0, y0, x1, y1 = g.bounds if not g.is_empty else (0, 0, 1, 1)
    lx0, ly0, lx1, ly1 = LineString(pts).bounds
    reach = 4 * (max(x1, lx1) - min(x0, lx0) + max(y1, ly1) - min(y0, ly0) + 1)

    def out(a, b):
        dx, dy = b[0] - a[0], b[1] - a[1]
        n = math.hypot(dx, dy)
        if n == 0:
            raise ValueError("a split line cannot have two equal points in a row")
        return (b[0] + dx / n * reach, b[1] + dy / n * reach)

    return LineString([out(pts[1], pts[0])] + pts + [out(pts[-2], pts[-1])])


def split_halves(g: BaseGeometry, points) -> tuple[BaseGeometry, BaseGeometry]:
    """Split ``g`` along a line: (the part left of it walked from first to last point as seen
    on the map, the part right of it).  Parts the line does not cross go to the side they lie
    on (the line's end segments are extended far beyond the location).  Raises ValueError when
    the line does not divide the plane in two (it crosses itself)."""
    from shapely.ops import split

    line = extended_line(points, g)
    gx0, gy0, gx1, gy1 = g.bounds if not g.is_empty else (0, 0, 1, 1)
    lx0, ly0, lx1, ly1 = LineString([tuple(p) for p in points]).bounds
    x0, y0, x1, y1 = min(gx0, lx0), min(gy0, ly0), max(gx1, lx1), max(gy1, ly1)
    pad = (x1 - x0) + (y1 - y0) + 1  # the line reaches four times as far: it crosses the frame
    frame = shapely_box(x0 - pad, y0 - pad, x1 + pad, y1 + pad)
    pieces = [p for p in split(frame, line).geoms if p.area > 0]
    if len(pieces) != 2:
        raise ValueError("the split line must not cross itself")
    (ax, ay), (bx, by) = points[0], points[1]
    dx, dy = bx - ax, by - ay
    n = math.hypot(dx, dy)
    eps = max(1e-6, n * 1e-4)
    probe = Point((ax + bx) / 2 + dy / n * eps, (ay + by) / 2 - dx / n * eps)  # left on a y-down map
    left = pieces[0] if pieces[0].contains(probe) else pieces[1]
    right = pieces[1] if left is pieces[0] else pieces[0]
    if not g.is_valid:  # a self-intersecting outline (mapref check lists it): split what it covers
        g = make_valid(g)
    return as_area(polygon_parts(g.intersection(left))), as_area(polygon_parts(g.intersection(right)))


def compass(dx: float, dy: float) -> str:
    """The compass direction (``e``, ``se``... on a y-down map) of a vector."""
    ang = math.degrees(math.atan2(dy, dx)) % 360
    return COMPASS[int(((ang + 22.5) % 360) // 45)]


def half_ids_for(g: BaseGeometry, points) -> tuple[str, str]:
    """Half ids for a split: the compass direction of each half seen from the other."""
    left, right = split_halves(g, points)
    if left.is_empty or right.is_empty:
        return ("a", "b")
    lc, rc = left.centroid, right.centroid
    a = compass(lc.x - rc.x, lc.y - rc.y)
    b = COMPASS[(COMPASS.index(a) + 4) % 8]
    return a, b


__all__ = [
    "ALWAYS",
    "AreaMap",
    "new_area_map",
    "AreaRegion",
    "Box",
    "ColourClass",
    "Condition",
    "LineKind",
    "Location",
    "MoveLine",
    "Place",
    "Supply",
    "box_space",
    "half_ids_for",
    "polygon_parts",
    "split_halves",
    "valid_id",
]
