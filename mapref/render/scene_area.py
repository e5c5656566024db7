"""A game on an area map as marks (:mod:`mapref.render.marks`): the map as the referee's area
board draws it, the game on it, the inspector's facts.  The game's decisions are made here once
for every drawing of it: which locations are tinted in their holder's colour, where the front
runs (:func:`area_holders`, :func:`area_front`), where each counter stands
(:func:`area_piece_places`: under its location's name, :func:`mapref.render.area_pieces.stack_points`;
a control flag before the name) and how it looks (:func:`mapref.render.pieces.piece_marks`), the
supply view, a ruleset's marks, the selected piece's supply line or cut, how a location and a box
are named (:func:`area_label_marks`, :func:`box_label_marks`) and which names show
(:func:`area_names`, :func:`fit_names`: inside their own location, clear of each other and of the
counters, moved about their hub or a part's pole of inaccessibility, shrunk, or hidden).

Sizes follow a unit ``u`` (the referee's board: its zoom; the page: 1): a counter is 18 ``u``
wide, a name 12 ``u`` high.  The referee's area board draws these marks; the web page and the
printed position draw :func:`area_game_marks`.  No tkinter and no PIL here.
"""

from __future__ import annotations
from itertools import pairwise

import math
from collections.abc import Callable

from mapref.render.area_pieces import stack_points, stacks
import shapely

from mapref.core.areamodel import interior_point, polygon_parts
from mapref.render.labels import Box, Measure, around, fit_labels, fits, fitted_size, place_labels, text_width, touch
from mapref.render.marks import (
    Mark,
    PieceView,
    Point,
    Scene,
    SpaceView,
    piece_views,
    pieces_here,
    pts,
    r2,
    supply_facts,
)
from mapref.render.pieces import FADED, FRONT, MIN_TEXT, colours_of, held_tint, placed_marks, rule_mark, selection_marks
from mapref.render.scene_hex import holders
from mapref.render.style import LAND_UNOWNED, blend, text_colour_on

AREA_SEA = "#cfdeec"  # the area map's sea
AREA_BORDER = "#4d4d4d"
COUNTER = 18.0  # a counter's width at unit 1
LEAST_COUNTER = 14.0  # ... never narrower: a strength stays readable in the fit view


def area_unit(m, k: float) -> float:
    """The unit things are drawn at on area map ``m`` drawn ``k`` pixels to a map unit: 1 where
    the whole map is about 900 pixels across, growing and shrinking with the zoom within 0.6 to
    2.6.  The referee's board at its zoom and the page at its scale draw alike."""
    x0, y0, x1, y1 = m.bounds()
    ref = 900.0 / max(x1 - x0, y1 - y0, 1e-6)
    return max(0.6, min(2.6, k / ref))


def counter_size(u: float) -> float:
    """A counter's width at unit ``u``."""
    return max(LEAST_COUNTER, COUNTER * u)


Places = dict[str, tuple[float, float, float, bool]]  # piece id -> (x, y, size, may grow)


class AreaProjection:
    """Map units to the drawing's: ``k`` drawing units to a map unit, the map's corner at
    (``margin``, ``margin + top``); like :class:`mapref.render.area_png._View` without the
    supersampling."""

    def __init__(self, m, width: float, margin: float = 40.0, top: float = 36.0) -> None:
        x0, y0, x1, y1 = m.bounds()
        for ln in m.lines.values():
            for x, y in ln.via:
                x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x), max(y1, y)
        self.x0, self.y0 = x0, y0
        self.k = (width - 2 * margin) / max(x1 - x0, 1e-6)
        self.margin, self.top = margin, top
        self.size = (width, (y1 - y0) * self.k + 2 * margin + top)

    def __call__(self, p) -> Point:
        return ((p[0] - self.x0) * self.k + self.margin, (p[1] - self.y0) * self.k + self.margin + self.top)


def area_scene(
    session, *, width: float = 1600.0, report=None, measure: Measure = text_width, memo: dict | None = None
) -> Scene:
    """A game on an area map, ``width`` drawing units wide, drawn as the referee's board draws it
    at that scale (:func:`area_unit`): the map (:func:`area_map_marks`), the game
    (:func:`area_game_marks`) and the names clear of its pieces (:func:`area_names`); the
    inspector's facts of every location, half and box.  ``memo``: a dict kept between scenes of
    one map (the positions of one game), where the map's marks are kept, and its names while
    the pieces they keep clear of stand still."""
    m = session.map
    v = AreaProjection(m, width)
    rep = report if report is not None else session.report()
    u = area_unit(m, v.k)
    sc = Scene("area", (0.0, 0.0, v.size[0], v.size[1]), AREA_SEA, counter_size(u), u)
    memo = memo if memo is not None else {}
    key = (id(m), getattr(m, "version", 0), width)
    if memo.get("map", (None,))[0] != key:
        memo["map"] = (key, area_map_marks(m, v, u, measure))
    map_marks = memo["map"][1]
    game_marks, pieces, ctrl = area_game_marks(session, v, u, rep, measure=measure)
    obstacles = obstacles_of(map_marks + game_marks, measure)
    names_key = (key, tuple(obstacles))
    if memo.get("names", (None,))[0] != names_key:
        memo["names"] = (names_key, area_names(m, v, u, obstacles, measure))
    sc.marks += map_marks + memo["names"][1] + game_marks
    sc.pieces = pieces
    sc.supply = {
        side: (sorted(sup), sorted(unsup)) for side, (sup, unsup) in session.ruleset.supply_view(session.game).items()
    }
    sc.spaces = _area_spaces(session, v, ctrl, pieces)
    return sc


def line_paths(m, to_px, gap: float = 7.0):
    """(line, its drawn pieces) for every move line whose ends exist: one path (its ends and
    bend points), or for a line round the back of a map that wraps two stubs, each from its own
    end (``AreaMap.line_pieces``); lines between the same two spaces without bend points are
    drawn side by side ``gap`` apart."""
    groups: dict[frozenset, list] = {}
    for ln in m.lines.values():
        if not ln.via:
            groups.setdefault(frozenset((ln.a, ln.b)), []).append(ln.id)
    out = []
    for ln in m.lines.values():
        pieces = m.line_pieces(ln)
        if pieces is None:
            continue
        pieces = [[to_px(p) for p in path] for path in pieces]
        same = groups.get(frozenset((ln.a, ln.b)), [])
        if len(same) > 1 and not ln.via and len(pieces) == 1:
            off = (same.index(ln.id) - (len(same) - 1) / 2) * gap
            (x0, y0), (x1, y1) = pieces[0]
            if ln.a > ln.b:  # the same sideways direction whichever way the line runs
                off = -off
            n = math.hypot(x1 - x0, y1 - y0) or 1.0
            ox, oy = -(y1 - y0) / n * off, (x1 - x0) / n * off
            pieces = [[(x0 + ox, y0 + oy), (x1 + ox, y1 + oy)]]
        out.append((ln, pieces))
    return out


def line_ends(pieces) -> tuple[tuple[Point, Point], tuple[Point, Point]]:
    """A drawn line's two ends (a, b), each with the next point along the line towards the other
    (where its defence value goes): of one path, or of two stubs."""
    if len(pieces) == 2:
        return (pieces[0][0], pieces[0][1]), (pieces[1][0], pieces[1][1])
    pts = pieces[0]
    return (pts[0], pts[1]), (pts[-1], pts[-2])


def midpoint(points) -> Point:
    """The point halfway along a polyline."""
    total = sum(math.hypot(b[0] - a[0], b[1] - a[1]) for a, b in pairwise(points))
    half = total / 2
    for a, b in pairwise(points):
        seg = math.hypot(b[0] - a[0], b[1] - a[1])
        if half <= seg and seg > 0:
            return (a[0] + (b[0] - a[0]) * half / seg, a[1] + (b[1] - a[1]) * half / seg)
        half -= seg
    return points[0]


def area_fill(m, colour: str) -> str:
    c = m.colours.get(colour) if colour else None
    return c.colour if c else LAND_UNOWNED


def _polys(geom) -> list:
    return [p for p in getattr(geom, "geoms", [geom]) if p.geom_type == "Polygon" and not p.is_empty]


def area_map_marks(m, to_px, u: float = 1.0, measure: Measure = text_width) -> list[Mark]:
    """An area map as the referee's area board draws it (:class:`mapref.ui.referee.area_board.AreaBoard`
    over :class:`mapref.ui.area_canvas.AreaCanvas`): the land, each location in its colour class
    with its border, halves divided by a dashed line, move lines (land grey, naval dashed blue,
    one-way with an arrow, defence values at their ends), boxes with their names fitted
    (:func:`box_label_marks`).  No raw condition or supply text (the inspector says them in
    words); the locations' names are placed with the game (:func:`area_names`)."""
    out: list[Mark] = []
    if m.land is not None and not m.land.is_empty:
        for p in _polys(m.land):
            out.append(
                Mark(
                    "poly",
                    "land",
                    pts(to_px(c) for c in p.exterior.coords[:-1]),
                    fill=blend(LAND_UNOWNED, AREA_SEA, 0.4),
                    stroke="#8aa0b5",
                    width=1,
                    dash=(4, 3),
                    tags=("land",),
                )
            )
    for lid, loc in m.locations.items():
        out += _location_marks(m, lid, loc, to_px, u)
    for ln, pieces in line_paths(m, to_px, 7.0 * u):
        out += _move_line_marks(m, ln, pieces, u)
    for bid, b in m.boxes.items():
        x0, y0 = to_px(b.position)
        x1, y1 = to_px((b.position[0] + b.size[0], b.position[1] + b.size[1]))
        space = f"box:{bid}"
        out.append(
            Mark(
                "rect",
                "boxes",
                pts([(x0, y0), (x1, y1)]),
                fill=area_fill(m, b.colour),
                stroke="#222222",
                width=2.5 * u,
                tags=("box",),
                space=space,
            )
        )
        out += box_label_marks(m, bid, (x0, y0, x1, y1), u, measure)
    return out


def _location_marks(m, lid: str, loc, to_px, u: float) -> list[Mark]:
    """A location in its colour class with its border; its halves (each its own tap target,
    drawn invisibly over it) divided by a dashed line."""
    out: list[Mark] = []
    fill = area_fill(m, loc.colour)
    for p in loc.parts:
        out.append(
            Mark(
                "poly",
                "spaces",
                pts(to_px(c) for c in p.exterior.coords[:-1]),
                fill=fill,
                stroke=AREA_BORDER,
                width=1.3 * u,
                holes=tuple(pts(to_px(c) for c in r.coords[:-1]) for r in p.interiors),
                tags=("location",),
                space=lid,
            )
        )
    if not loc.has_halves:
        return out
    for h, g in loc.half_geoms.items():
        for p in _polys(g):
            out.append(
                Mark(
                    "poly",
                    "spaces",
                    pts(to_px(c) for c in p.exterior.coords[:-1]),
                    fill="",
                    tags=("half",),
                    space=f"{lid}.{h}",
                )
            )
    for seg in getattr(loc.divider, "geoms", [loc.divider]):
        if not seg.is_empty and seg.geom_type == "LineString":
            out.append(
                Mark(
                    "line",
                    "halves",
                    pts(to_px(c) for c in seg.coords),
                    stroke=blend(AREA_BORDER, fill, 0.15),
                    width=1.6 * u,
                    dash=(7 * u, 5 * u),
                    tags=("divider",),
                )
            )
    return out


def _move_line_marks(m, ln, pieces, u: float) -> list[Mark]:
    """A move line (land grey, naval dashed blue, proposed dotted, one-way or round the back of
    a map that wraps with an arrow), its ends, and the defence values near them."""
    out: list[Mark] = []
    colour = m.line_colour(ln.kind)
    dash = (3 * u, 3 * u) if ln.proposed else (8 * u, 4 * u) if ln.kind == "naval" else ()
    stubs = len(pieces) == 2  # round the back of a map that wraps: each stub's arrow says it goes on
    for path in pieces:
        out.append(
            Mark(
                "line",
                "lines",
                pts(path),
                stroke=colour,
                width=(1.5 if ln.proposed else 2.4) * u,
                dash=dash,
                arrow="last" if ln.oneway or stubs else "",
                tags=("move-line", ln.kind),
            )
        )
    ends = line_ends(pieces)
    for p, _ in ends:
        out.append(
            Mark(
                "oval",
                "lines",
                pts([(p[0] - 3 * u, p[1] - 3 * u), (p[0] + 3 * u, p[1] + 3 * u)]),
                fill=colour,
                tags=("line-end",),
            )
        )
    for val, (p, q) in zip((ln.defence_a, ln.defence_b), ends, strict=True):
        if not val:
            continue
        dx, dy = q[0] - p[0], q[1] - p[1]
        n = math.hypot(dx, dy) or 1.0
        t = min(0.3, 34 * u / n)
        cx, cy = p[0] + dx * t, p[1] + dy * t
        out.append(
            Mark(
                "rect",
                "values",
                pts([(cx - 8 * u, cy - 8 * u), (cx + 8 * u, cy + 8 * u)]),
                fill="#ffffff",
                stroke=colour,
                width=2 * u,
                tags=("defence",),
            )
        )
        out.append(
            Mark(
                "text",
                "values",
                ((r2(cx), r2(cy)),),
                fill="#111111",
                text=f"+{val}" if val < 10 else str(val),
                size=11 * u,
                bold=True,
                tags=("defence",),
            )
        )
    return out


# ------------------------------------------------------------------------------------ names
def name_size(u: float) -> float:
    """A location's name: 12 pixels high at unit 1 (9 points), never under 9."""
    return max(9.0, float(round(12 * u)))


def area_name(loc) -> str:
    """A location's name as shown: a star before a capital's."""
    return ("\u2605 " if loc.capital else "") + loc.label


def area_label_marks(
    loc, x: float, y: float, u: float, ink: str, measure: Measure = text_width, scale: float = 1.0
) -> list[Mark]:
    """A location's label centred at (x, y), a point well inside it (the map's label point): its
    name (:func:`area_name`, in :func:`name_size`, times ``scale`` where it is shrunk to fit its
    location: :func:`fit_names`) and, after it, its victory value in a badge.  No raw supply
    text."""
    size = name_size(u) * scale
    text = area_name(loc)
    out = [
        Mark("text", "names", pts([(x, y)]), fill=ink, text=text, size=size, bold=True, tags=("name",), space=loc.id)
    ]
    if loc.vp:
        r = 7 * u * scale
        cx = x + measure(text, size, True) / 2 + r + 2
        out.append(
            Mark(
                "oval",
                "names",
                pts([(cx - r, y - r), (cx + r, y + r)]),
                fill="#fff8dc",
                stroke="#7a5c00",
                width=1.5,
                tags=("vp",),
                space=loc.id,
            )
        )
        vs = fitted_size(str(loc.vp), r * 1.6, r * 1.6, measure, least=6.0)
        out.append(
            Mark(
                "text",
                "names",
                pts([(cx, y)]),
                fill="#3d2e00",
                text=str(loc.vp),
                size=vs,
                bold=True,
                tags=("vp",),
                space=loc.id,
            )
        )
    return out


def outward(m, b) -> int:
    """Which way a box faces away from the map: -1 left (a box left of its middle), 1 right."""
    x0, _y0, x1, _y1 = m.bounds()
    return -1 if b.position[0] + b.size[0] / 2 < (x0 + x1) / 2 else 1


def box_label_marks(
    m, bid: str, rect: tuple[float, float, float, float], u: float, measure: Measure = text_width
) -> list[Mark]:
    """A box's name (its victory value after it): inside the box on one line, or on two split at
    the space nearest the middle, in the biggest font that fits; where even two lines would not be
    readable (a small box at the fit zoom) beside the box, outside it on the side away from the
    map, in a location's name size.  Never clipped, never left out."""
    b = m.boxes[bid]
    x0, y0, x1, y1 = rect
    label = b.label + (f" ({b.vp} VP)" if b.vp else "")
    space = f"box:{bid}"
    ink = text_colour_on(area_fill(m, b.colour))
    bw, bh = x1 - x0 - 4, min(y1 - y0 - 2, 16 * u)
    lines = [label]
    size = fitted_size(label, bw, bh, measure, least=1.0)
    if " " in label and (size < MIN_TEXT or not fits(label, size, bw, measure)):
        cut = min((i for i, ch in enumerate(label) if ch == " "), key=lambda i: abs(i - len(label) / 2))
        two = [label[:cut], label[cut + 1 :]]
        size2 = fitted_size(
            max(two, key=lambda t: measure(t, 10, True)), bw, min(y1 - y0 - 2, 2 * bh) / 2, measure, least=1.0
        )
        if size2 > size:
            lines, size = two, size2
    if size >= MIN_TEXT and all(fits(t, size, bw, measure) for t in lines):
        cy, step = (y0 + y1) / 2, size * 1.05
        return [
            Mark(
                "text",
                "boxes",
                pts([(((x0 + x1) / 2), cy + (i - (len(lines) - 1) / 2) * step)]),
                fill=ink,
                text=t,
                size=size,
                bold=True,
                tags=("box-name",),
                space=space,
            )
            for i, t in enumerate(lines)
        ]
    way = outward(m, b)
    x = x0 - 4 * u if way < 0 else x1 + 4 * u
    return [
        Mark(
            "text",
            "boxes",
            pts([(x, (y0 + y1) / 2)]),
            fill=text_colour_on(AREA_SEA),
            text=label,
            size=name_size(u),
            bold=True,
            anchor="end" if way < 0 else "start",
            tags=("box-name", "box-name-outside"),
            space=space,
        )
    ]


def label_rank(loc) -> tuple:
    """The order names are placed in: capitals, then victory value, then the biggest."""
    area = loc.polygon.area if not loc.polygon.is_empty else 0.0
    return (0 if loc.capital else 1, -loc.vp, -area, loc.id)


def place_groups(groups: list[tuple[tuple, Box]], obstacles: list[Box]) -> list[tuple[float, float] | None]:
    """Where each location's label (its name with its badge, one box) goes: where the map puts
    it, else up or down by a line, beside, or further (:func:`mapref.render.labels.around`);
    None: hidden until the zoom makes room."""
    return place_labels(groups, obstacles, around)


NAME_SCALES = (1.0, 0.85, 0.7, 0.58, 0.48)  # a name that does not fit its location is shrunk, step by step ...
NAME_LEAST = 7.0  # ... to no less than 7 pixels high; then it is hidden until the zoom makes room
NAME_SPILL = 0.2  # a name stands in its location with its middle inside and all but a fifth of it
NAME_SLACK = 1.5  # ... its middle that many pixels inside, whatever whole pixel a drawing puts it on


def name_scales(u: float) -> tuple[float, ...]:
    """The sizes a location's name may take, as fractions of :func:`name_size`: whole pixels
    (as a drawing's fonts are), smaller ones only while it stays readable."""
    base = name_size(u)
    sizes = sorted({round(base * s) for s in NAME_SCALES if round(base * s) >= NAME_LEAST}, reverse=True)
    return tuple(k / base for k in sizes) or (1.0,)


def _from_px(to_px) -> Callable[[float, float], tuple[float, float]]:
    """The drawing's pixels back to the map's coordinates (every drawing scales and moves)."""
    (ax, ay), (bx, by) = to_px((0.0, 0.0)), to_px((1000.0, 1000.0))
    sx, sy = (bx - ax) / 1000.0 or 1.0, (by - ay) / 1000.0 or 1.0
    return lambda x, y: ((x - ax) / sx, (y - ay) / sy)


def fit_names(
    m,
    lids: list[str],
    labels: list[tuple[tuple, Box, Point]],
    obstacles: list[Box],
    to_px,
    u: float,
    moves=around,
    resize: Callable[[int, float], Box] | None = None,
):
    """Where each location's label goes (:func:`mapref.render.labels.fit_labels`): inside its
    own location (the middle of its box, and all of it but :data:`NAME_SPILL`, in the location's
    outline: a name never stands on a neighbour nor off the map), at the map's label point, else at the pole of inaccessibility of one of its parts
    (shapely's ``polylabel``: the point farthest inside), else moved about them; shrunk where it
    fits nowhere at its size (:func:`name_scales`), else hidden.  ``labels``: (rank, box, anchor)
    of each of ``lids``; ``resize(i, scale)`` measures label i smaller; returns (dx, dy, scale) or
    None for each."""
    back = _from_px(to_px)
    polys = {}
    for lid in lids:
        g = m.locations[lid].polygon
        shapely.prepare(g)
        polys[lid] = g

    (px0, py0), (px1, py1) = back(0.0, 0.0), back(NAME_SLACK, NAME_SLACK)
    slack = abs(px1 - px0), abs(py1 - py0)  # NAME_SLACK pixels in the map's units

    def inside(i: int, b: Box) -> bool:
        """Whether a box (a little in from its top and bottom: the text's own extent) stands in
        location ``lids[i]``: its middle inside with :data:`NAME_SLACK` pixels round it (a
        drawing puts text on whole pixels: a middle on the very edge of an island may land on
        it), and all but :data:`NAME_SPILL` of it."""
        x0, y0, x1, y1 = b
        iy = (y1 - y0) * 0.22
        (ax, ay), (bx, by) = back(x0, y0 + iy), back(x1, y1 - iy)
        box = shapely.box(min(ax, bx), min(ay, by), max(ax, bx), max(ay, by))
        g = polys[lids[i]]
        try:
            c = box.centroid
            if not g.contains(shapely.box(c.x - slack[0], c.y - slack[1], c.x + slack[0], c.y + slack[1])):
                return False
            return g.contains(box) or g.intersection(box).area >= (1 - NAME_SPILL) * box.area
        except shapely.errors.GEOSException:  # a border that crosses itself (check says so): not measured
            return False

    def hubs(i: int) -> list[tuple[float, float]]:
        loc = m.locations[lids[i]]
        ax, ay = labels[i][2]
        out = [(0.0, 0.0)]
        for part in sorted(polygon_parts(loc.polygon), key=lambda p: -p.area)[:3]:
            px, py = to_px(interior_point(part))
            if abs(px - ax) + abs(py - ay) > 1:
                out.append((px - ax, py - ay))
        return out

    return fit_labels(labels, obstacles, moves, inside, hubs, name_scales(u), resize)


def area_names(m, to_px, u: float, obstacles: list[Box], measure: Measure = text_width) -> list[Mark]:
    """The locations' labels that show (:func:`area_label_marks`), each inside its location and
    clear of the others and of the ``obstacles`` (:func:`fit_names`), bigger places first."""
    lids = list(m.locations)
    labels = []

    def box(i: int, scale: float = 1.0) -> Box:
        loc = m.locations[lids[i]]
        x, y = to_px(loc.label_point)
        return _union(mk.box(measure) for mk in area_label_marks(loc, x, y, u, "#000000", measure, scale))

    for i, lid in enumerate(lids):
        labels.append((label_rank(m.locations[lid]), box(i), to_px(m.locations[lid].label_point)))
    fits = fit_names(m, lids, labels, obstacles, to_px, u, resize=box)
    out: list[Mark] = []
    for lid, (_rk, _bb, (x, y)), fit in zip(lids, labels, fits, strict=True):
        if fit is not None:
            loc = m.locations[lid]
            ink = text_colour_on(area_fill(m, loc.colour))
            out += area_label_marks(loc, x + fit[0], y + fit[1], u, ink, measure, fit[2])
    return out


def _union(boxes) -> Box:
    bs = list(boxes)
    return min(b[0] for b in bs), min(b[1] for b in bs), max(b[2] for b in bs), max(b[3] for b in bs)


def obstacles_of(marks: list[Mark], measure: Measure = text_width) -> list[Box]:
    """The boxes names must keep clear of: the pieces (counters, flags), the ruleset's marks,
    the move lines' defence values and the boxes' names."""
    keep = ("piece", "mark", "defence", "box-name")
    return [mk.box(measure) for mk in marks if any(t in mk.tags for t in keep)]


def beside_name(x: float, y: float, width: float, u: float, reach: float) -> Point:
    """A point just before a name ``width`` wide centred at (x, y), for something reaching
    ``reach`` to its right (a flag's pennant from its pole, a star from its centre): it ends
    4 ``u`` before the name."""
    return x - width / 2 - 4 * u - reach, y


FLAG = 1.5  # an area map's control flag, as big as a marker of a counter 1.5 times as wide


def flag_reach(size: float) -> float:
    """How far a control flag's pennant reaches right of its pole, for counters ``size`` wide
    (:func:`mapref.render.pieces.pennant` of a marker ``FLAG * size``)."""
    return 0.36 * FLAG * size


def beside_box(m, b, to_px, size: float, u: float, what: str = "flag") -> Point:
    """A point just outside a box on the side towards the map (its name may stand on the other):
    where a flag's pole or an objective's star goes."""
    x0, y0 = to_px(b.position)
    x1, y1 = to_px((b.position[0] + b.size[0], b.position[1] + b.size[1]))
    inward = -outward(m, b)
    edge = x1 + 3 if inward > 0 else x0 - 3
    if what == "star":
        return edge + inward * size * 0.5, (y0 + y1) / 2
    return (edge + 1.1 * size if inward > 0 else edge - 1.1 * size - flag_reach(size)), (y0 + y1) / 2


# ------------------------------------------------------------------------------------ the game
def printed_holder(m, colours, place) -> str | None:
    """The side a location's printed colour gives it, when the ruleset has a colour for it:
    its colour class (area control's nations) or the class's side (Struggle for Europe's
    blue for the Western Allies)."""
    c = getattr(place, "colour", "") or ""
    if c in colours:
        return c
    cls = m.colours.get(c)
    side = getattr(cls, "side", "") if cls is not None else ""
    return side if side in colours else None


def area_holders(session, view=None) -> dict[str, str]:
    """Who holds each location and box (not the halves): the printed colour's side, then the
    supply view's and the captured ones (:func:`holders`) over it; a location whose halves two
    sides hold (contested) is held by none.  ``view``: the supply view, when asked already."""
    rs, game, m = session.ruleset, session.game, session.map
    colours = rs.colours(game)
    out: dict[str, str] = {}
    for lid, loc in m.locations.items():
        side = printed_holder(m, colours, loc)
        if side:
            out[lid] = side
    for bid, b in m.boxes.items():
        side = printed_holder(m, colours, b)
        if side:
            out[f"box:{bid}"] = side
    by_loc: dict[str, set[str]] = {}
    for sp, side in holders(rs, game, view).items():
        loc = sp if sp.startswith("box:") else sp.split(".", 1)[0]
        by_loc.setdefault(loc, set()).add(side)
    for loc, sides in by_loc.items():
        if len(sides) == 1:
            out[loc] = next(iter(sides))
        else:
            out.pop(loc, None)
    return out


def area_front(m, ctrl: dict[str, str], at_war: Callable[[str, str], bool]) -> list[list[Point]]:
    """The borders (map units) between locations held by two sides at war."""
    import shapely

    ids = [k for k, loc in m.locations.items() if k in ctrl and not loc.polygon.is_empty]
    polys = [m.locations[k].polygon for k in ids]
    if not ids:
        return []
    tree = shapely.STRtree(polys)
    out: list[list[Point]] = []
    for i, k in enumerate(ids):
        for j in tree.query(polys[i], predicate="intersects").tolist():
            if j <= i:
                continue
            a, b = ctrl[k], ctrl[ids[j]]
            if a == b or not at_war(a, b):
                continue
            try:
                shared = polys[i].boundary.intersection(polys[j].boundary)
            except Exception:  # an invalid outline draws no front
                continue
            merged = (
                shapely.line_merge(shared) if shared.geom_type in ("MultiLineString", "GeometryCollection") else shared
            )
            for g in getattr(merged, "geoms", [merged]):
                if g.geom_type == "LineString" and g.length > 0:
                    out.append(list(g.coords))
    return out


def area_front_marks(lines: list[list[Point]], to_px, u: float = 1.0) -> list[Mark]:
    """The front line along the borders :func:`area_front` finds."""
    return [
        Mark("line", "front", pts(to_px(c) for c in line), stroke=FRONT, width=3.5 * u, tags=("front",))
        for line in lines
    ]


def area_space_rings(m, space: str, to_px) -> list[list[Point]]:
    """The outlines of a space in the drawing: a location's parts, a half, a box."""
    if space.startswith("box:"):
        b = m.boxes.get(space[4:])
        if b is None:
            return []
        x0, y0, x1, y1 = b.rect
        return [[to_px(p) for p in ((x0, y0), (x1, y0), (x1, y1), (x0, y1))]]
    lid, _, half = space.partition(".")
    loc = m.locations.get(lid)
    if loc is None:
        return []
    g = loc.half_geoms.get(half) if half else loc.polygon
    if g is None or g.is_empty:
        return []
    return [[to_px(c) for c in p.exterior.coords[:-1]] for p in _polys(g)]


def area_held_marks(rs, game, m, to_px) -> list[Mark]:
    """The spaces held by another side than their printed colour's, in the holder's colour
    (:func:`mapref.render.pieces.held_tint`)."""
    out: list[Mark] = []
    for space, side in sorted(rs.control_view(game).items()):
        place = m.place_of(space)
        if place is None:
            continue
        mark = colours_of(rs, game, side)[0]
        base = area_fill(m, place.colour)
        for ring in area_space_rings(m, space, to_px):
            out.append(
                Mark(
                    "poly",
                    "held",
                    pts(ring),
                    fill=mark,
                    opacity=held_tint(base, base, mark),
                    tags=("held", f"held:{side}"),
                    space=space,
                )
            )
    return out


def area_supply_view_marks(
    view: dict, colours, rings_of: Callable[[str], list[list[Point]]], u: float = 1.0
) -> list[Mark]:
    """The supply view: each side's supplied spaces shaded in its colour, its unsupplied ones faded."""
    out: list[Mark] = []
    for side, (sup, unsup) in view.items():
        fill = colours(side)[0]
        for sp in sorted(sup):
            for ring in rings_of(sp):
                out.append(
                    Mark(
                        "poly",
                        "supply-view",
                        pts(ring),
                        fill=fill,
                        opacity=0.25,
                        tags=("supply-view", "supplied", f"supplied:{side}"),
                        space=sp,
                    )
                )
        for sp in sorted(unsup):
            for ring in rings_of(sp):
                out.append(
                    Mark(
                        "poly",
                        "supply-view",
                        pts(ring),
                        fill=FADED,
                        opacity=0.5,
                        stroke=fill,
                        width=2 * u,
                        dash=(4, 2),
                        tags=("supply-view", "unsupplied", f"unsupplied:{side}"),
                        space=sp,
                    )
                )
    return out


def area_name_width(m, u: float, measure: Measure = text_width) -> Callable[[str], float]:
    """The width of each location's name as :func:`area_label_marks` draws it."""
    size = name_size(u)
    return lambda lid: measure(area_name(m.locations[lid]), size, True)


def area_piece_places(m, pieces, to_px, size: float, u: float, name_width: Callable[[str], float]) -> Places:
    """Where each piece stands: the counters (every kind but markers) of a space in rows under
    its location's name (:func:`mapref.render.area_pieces.stack_points`, forts first, then by
    side and strength), ``size`` wide; a marker (a control flag) before the location's name
    (:func:`beside_name`), or just outside its box.  A counter in a stack does not grow for its
    text (its neighbours stand a counter's step away): a text too long for it is left out (the
    side panel lists it)."""
    out: Places = {}
    for space, ps in stacks(pieces).items():
        # a space the map has not gets no places: its counters are not drawn
        for p, (x, y) in zip(ps, spread(m, space, len(ps), to_px, size, u, out), strict=False):
            out[p.id] = (x, y, size, False)
    for p in pieces:
        if p.kind != "marker":
            continue
        key = p.space if p.space.startswith("box:") else p.space.split(".", 1)[0]
        if key.startswith("box:"):
            b = m.boxes.get(key[4:])
            if b is None:
                continue
            x, y = beside_box(m, b, to_px, size, u, "flag")
        elif key in m.locations:
            cx, cy = to_px(m.locations[key].label_point)
            x, y = beside_name(cx, cy, name_width(key), u, flag_reach(size))
        else:
            continue
        out[p.id] = (x, y - size * 0.5 * FLAG, size * FLAG, True)
    return out


def spread(m, space: str, n: int, to_px, size: float, u: float, placed: Places) -> list[Point]:
    """Where the ``n`` counters of ``space`` go: under its name
    (:func:`mapref.render.area_pieces.stack_points`), or, where that would cover a counter of a
    neighbour placed before (two small locations side by side zoomed out), moved by a counter's
    step down, up or aside, the first way clear."""
    at = stack_points(m, space, n, to_px, size)
    if not at or not placed:
        return at

    def box(x: float, y: float, s: float) -> Box:
        return x - s / 2 - 1, y - s * 0.36 - 1, x + s / 2 + 1, y + s * 0.36 + 1

    others = [box(x, y, s) for x, y, s, _ in placed.values()]
    step = size + 2 * u
    for dx, dy in (
        (0, 0),
        (0, step),
        (0, -step),
        (-step, 0),
        (step, 0),
        (0, 2 * step),
        (-step, step),
        (step, step),
        (-step, -step),
        (step, -step),
        (0, -2 * step),
    ):
        if not any(touch(box(x + dx, y + dy, size), o) for x, y in at for o in others):
            return [(x + dx, y + dy) for x, y in at]
    return at


def area_pieces_marks(
    pieces, places: Places, colours, *, selected: str | None = None, supply: bool = False, measure: Measure = text_width
) -> list[Mark]:
    """The ``pieces`` where ``places`` puts them (:func:`area_piece_places`): a space's stack at
    a time (as :func:`mapref.render.area_pieces.stacks` orders it), the markers last."""
    ordered = [p for ps in stacks(pieces).values() for p in ps] + [p for p in pieces if p.kind == "marker"]
    return placed_marks(ordered, places, colours, selected=selected, supply=supply, measure=measure)


def area_rule_marks(
    marks, m, to_px, places: Places, size: float, u: float, colours, name_width: Callable[[str], float]
) -> list[Mark]:
    """A ruleset's marks on an area map: a star or a dot before the location's name (several
    side by side), or just outside its box; a ring round the pieces it names (a battle waiting),
    or round the space."""
    out: list[Mark] = []
    before: dict[str, int] = {}
    rows: dict[str, list[Point]] = {}
    for mk in marks:
        key = mk.space if mk.space.startswith("box:") else mk.space.split(".", 1)[0]
        if mk.shape == "ring":
            boxes = [
                (x - s / 2 - 5 * u, y - s * 0.36 - 5 * u, x + s / 2 + 5 * u, y + s * 0.36 + 5 * u)
                for x, y, s, _ in (places[p] for p in mk.pieces if p in places)
            ]
            c = _centre(m, mk.space, to_px)
            if boxes:
                box = _union(boxes)
                out += rule_mark(mk, (box[0] + box[2]) / 2, (box[1] + box[3]) / 2, size, colours, box, layer="battles")
            elif c is not None:
                out += rule_mark(mk, c[0], c[1], size, colours, layer="battles")
            continue
        k = before.get(key, 0)
        before[key] = k + 1
        if key.startswith("box:"):
            b = m.boxes.get(key[4:])
            if b is None:
                continue
            x, y = beside_box(m, b, to_px, size, u, "star")
            x += -outward(m, b) * k * size
        elif key in m.locations:
            if key not in rows:
                n = sum(1 for x in marks if x.shape != "ring" and x.space.split(".", 1)[0] == key)
                rows[key] = marker_row(m.locations[key], n, to_px, size, u, name_width(key))
            x, y = rows[key][k]
        else:
            continue
        out += rule_mark(mk, x, y, size * 0.45, colours, layer="objectives")
    return out


def marker_row(loc, n: int, to_px, size: float, u: float, width: float) -> list[Point]:
    """Where a location's ``n`` markers (stars, dots) go, side by side: before its name (a name
    ``width`` wide at its label point), else above it, else after it, the first place where all of
    them stand in the location (a small territory: a cell of a TripleA board zoomed out); else
    (an island smaller than its markers: World War II v4's Hawaiian Islands at the map's left edge,
    whose star stood off the map) the nearest of those and the markers on the name's own place."""
    cx, cy = to_px(loc.label_point)
    r = size * 0.45
    bx, by = beside_name(cx, cy, width, u, r)
    layouts = [
        [(bx - k * size, by) for k in range(n)],
        [(cx + (k - (n - 1) / 2) * size, cy - 7 * u - r) for k in range(n)],
        [(cx + width / 2 + 4 * u + r + k * size, cy) for k in range(n)],
    ]
    drawn = shapely.union_all(
        [
            shapely.Polygon([to_px(c) for c in p.exterior.coords], [[to_px(c) for c in h.coords] for h in p.interiors])
            for p in loc.parts
        ]
    )
    for row in layouts:
        if all(drawn.contains(shapely.Point(x, y).buffer(r * 0.6, 4)) for x, y in row):
            return row
    layouts.append([(cx + (k - (n - 1) / 2) * size, cy) for k in range(n)])
    return min(layouts, key=lambda row: sum(drawn.distance(shapely.Point(x, y)) for x, y in row))


def _centre(m, space: str, to_px) -> Point | None:
    """Where a space is drawn: a location's label point, a half's or a box's point."""
    if space in m.locations:
        return to_px(m.locations[space].label_point)
    p = m.space_point(space)
    return to_px(p) if p is not None else None


def area_selection(
    supplied: bool | None, path: list[Point], cut: list[str], centre: Callable[[str], Point | None], u: float
) -> list[Mark]:
    """The selected piece on an area map: its supply line, or rings where it is cut."""
    return selection_marks(supplied, path, cut, centre, 4 * u, 15 * u, 3 * u)


def area_game_marks(
    session,
    to_px,
    u: float = 1.0,
    report=None,
    *,
    counter: float | None = None,
    measure: Measure = text_width,
    selected: str | None = None,
    supply: bool = True,
    name_width: Callable[[str], float] | None = None,
):
    """The game on an area map, as the referee's area board draws it
    (:class:`mapref.ui.referee.area_board.AreaBoard`): returns (marks, pieces, holders).  The
    locations held by another side than at the start tinted (``held``), the front, with
    ``supply`` the supply view (each side's supplied spaces shaded, its unsupplied ones faded),
    the counters of each location (:func:`area_piece_places`; unsupplied ones edged in red, and
    ringed in the supply view), control flags and objectives before the names, battles waiting
    ringed; a ``selected`` counter's supply line or cut.  ``counter``: a counter's width (18
    ``u``); ``name_width(location id)``: its name's width as drawn (:func:`area_name_width`)."""
    rs, game, m = session.ruleset, session.game, session.map
    rep = report if report is not None else session.report()
    size = counter if counter is not None else counter_size(u)
    widths = name_width or area_name_width(m, u, measure)

    def colours(side: str) -> tuple[str, str]:
        return colours_of(rs, game, side)

    view = rs.supply_view(game)
    ctrl = area_holders(session, view)
    war: dict = {}

    def at_war(a: str, b: str) -> bool:
        if (a, b) not in war:
            war[(a, b)] = rs.at_war(game, a, b)
        return war[(a, b)]

    out = area_held_marks(rs, game, m, to_px)
    out += area_front_marks(area_front(m, ctrl, at_war), to_px, u)
    if supply:
        out += area_supply_view_marks(view, colours, lambda sp: area_space_rings(m, sp, to_px), u)
    pieces = rs.pieces(game, rep)
    places = area_piece_places(m, pieces, to_px, size, u, widths)
    out += area_rule_marks(rs.marks(game), m, to_px, places, size, u, colours, widths)
    out += area_pieces_marks(pieces, places, colours, selected=selected, supply=supply, measure=measure)

    def centre(space: str) -> Point | None:
        return _centre(m, space, to_px)

    views = piece_views(pieces, places, centre)
    if selected is not None:
        v = next((x for x in views if x.id == selected or x.id.partition(":")[2] == selected), None)
        if v is not None:
            out += area_selection(v.supplied, v.path, v.cut, centre, u)
    return out, views, ctrl


def _area_spaces(session, to_px, ctrl: dict[str, str], pieces: list[PieceView]) -> dict[str, SpaceView]:
    """What the inspector says of every location, half and box: its name and id, its colour
    class (the country), victory value, capital, supply, production, who holds it, whether its
    holder traces supply to it, and what stands there."""
    m, board = session.map, session.board
    rs, game = session.ruleset, session.game
    sup_of = supply_facts(rs.supply_view(game))
    out: dict[str, SpaceView] = {}
    ids = list(board.spaces())
    ids += [lid for lid, loc in m.locations.items() if loc.has_halves]
    for sid in ids:
        place = m.place_of(sid)
        if place is None:
            continue
        sp = board.space(sid)
        name = sp.name if sp is not None else place.label
        facts = []
        kind = "off-map box" if sid.startswith("box:") else ("half of " + place.label if "." in sid else "location")
        facts.append(f"{kind}, code {sid}")
        cls = m.colours.get(place.colour) if place.colour else None
        if cls is not None:
            facts.append(f"printed {cls.name}")
        prod = place.attrs.get("production") or place.attrs.get("ipc") or place.attrs.get("income")
        if prod:
            facts.append(f"production {prod}")
        if place.vp:
            facts.append(f"victory value {place.vp}")
        if place.capital:
            facts.append("capital")
        if place.supply:
            facts.append("supply location for " + ", ".join(s.text() for s in place.supply))
        loc_id = sid if sid.startswith("box:") else sid.split(".", 1)[0]
        holder = ctrl.get(loc_id, "")
        if holder:
            facts.append(f"held by {holder}")
        if sid in sup_of:
            facts.append(sup_of[sid])
        here = [sid] if "." in sid or sid.startswith("box:") else [sid, *(s for s in place.spaces() if s != sid)]
        for s in here:
            facts += [f"here: {x}" for x in pieces_here(pieces, s)]
        pt = m.space_point(sid) if "." in sid or sid.startswith("box:") else m.locations[sid].label_point
        c = to_px(pt) if pt is not None else (0.0, 0.0)
        out[sid] = SpaceView(sid, name, (r2(c[0]), r2(c[1])), holder, facts)
    return out


# ------------------------------------------------------------------------------------- tracks


__all__ = [
    "AREA_BORDER",
    "AREA_SEA",
    "COUNTER",
    "AreaProjection",
    "area_unit",
    "counter_size",
    "area_fill",
    "area_front",
    "area_front_marks",
    "area_game_marks",
    "area_held_marks",
    "area_holders",
    "area_label_marks",
    "area_map_marks",
    "area_name",
    "area_name_width",
    "area_names",
    "area_piece_places",
    "area_pieces_marks",
    "area_rule_marks",
    "marker_row",
    "area_scene",
    "area_selection",
    "area_space_rings",
    "area_supply_view_marks",
    "beside_box",
    "beside_name",
    "flag_reach",
    "FLAG",
    "box_label_marks",
    "label_rank",
    "line_ends",
    "line_paths",
    "midpoint",
    "name_size",
    "obstacles_of",
    "outward",
    "place_groups",
    "fit_names",
    "name_scales",
    "printed_holder",
    "spread",
]
