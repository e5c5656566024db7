"""What a game's position looks like, as data: one description for every drawing of it.

:func:`position_scene` turns a game session into a :class:`Scene`: the map (hexes, or area
locations, with their terrain, countries, names, boxes and lines), the game on top (the spaces
held by another side than at the start tinted in the holder's colour, the front line between
enemies, each side's supplied territory, the pieces with their strength), the referee's supply
verdict of every piece (the line it traces, in the drawing's coordinates, or the spaces that cut
it), what the inspector says of each space, and the position's text (turn, step, panels,
violations, the log).  It asks the game only through its ruleset (``pieces``, ``control_view``,
``supply_view``, ``side_colours``, ``at_war``, ``panels``, ``position``, ``steps``, ``tracks``,
``turn_track``) and the map's geometry (:class:`~mapref.core.grid.Layout`, area polygons).

The drawings are made from it and only from it:

- the web page (:mod:`mapref.render.html`, ``mapref export-html``) writes every :class:`Mark`
  as SVG and the verdicts as data for its script;
- the printed position (:mod:`mapref.render.game_overlay`, ``mapref render --game`` and the
  referee's File > Export position as PNG) draws the game's marks (layers :data:`GAME_LAYERS`)
  over the map with pillow.

A :class:`Mark` is a plain shape in the drawing's coordinates (a polygon, a line, a rectangle,
an oval, a text, a symbol placed at a point) with its style, the layer it belongs to, its tags
(what it shows) and the space it stands for.  The choices (sizes, offsets, colours) are the
referee's window's (:mod:`mapref.ui.game`, :mod:`mapref.ui.area_game`): the window can draw
from the same functions (:func:`hex_game_marks`, :func:`area_game_marks`, :func:`holders`,
:func:`front_sides`, :func:`box_slots`, :func:`declutter`).  No tkinter and no PIL here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable, Iterable

from mapref.core.grid import Hex, Layout
from mapref.render.style import GRID_LINE, LAND_UNOWNED, SEA_DEFAULT, blend, hex_fill, text_colour_on

Point = tuple[float, float]

# the referee window's colours (mapref.ui.game, mapref.ui.area_game)
NEUTRAL_COLOURS = ("#555555", "#ffffff")
UNSUPPLIED = "#ff3b30"
SUPPLY_LINE = "#1e9e3a"
HALO = "#ffffff"
FADED = "#ffffff"
FRONT = "#111111"
EDGE = "#f4f1e8"
BATTLE = "#d0021b"
PAPER = "#f4f1e8"  # the hex map's background
AREA_SEA = "#cfdeec"  # the area map's sea
AREA_BORDER = "#4d4d4d"
FORT_FILL = "#e9e2c8"
BOX_W, BOX_H = 3.0, 2.0  # an off-map box of a hex map, in hex sizes

# The layers, bottom to top.  The map's own: land (an area map's coast), spaces (hexes,
# locations), marks (what is printed on a hex), halves, lines (hexside features, move lines),
# boxes, names, values.  The game's (GAME_LAYERS): held (captured spaces tinted), front,
# supply-view (each side's supplied territory: shown on demand), pieces, supply-rings (every
# unsupplied army ringed: with the supply view), battles.
LAYERS = ("land", "spaces", "held", "marks", "halves", "lines", "boxes", "names", "values", "front", "supply-view", "pieces",
          "flags", "supply-rings", "battles")
GAME_LAYERS = ("held", "front", "supply-view", "pieces", "flags", "supply-rings", "battles")
ON_DEMAND = ("supply-view", "supply-rings")  # drawn only with the supply view


@dataclass(frozen=True)
class Mark:
    """One shape of the drawing.

    ``shape`` is "poly" (``pts`` a ring; ``holes`` more rings cut out of it), "line" (``pts``
    the points; ``arrow`` "last" or "both"), "rect" and "oval" (``pts`` two opposite corners),
    "text" (``pts`` its anchor point, ``size`` the font's height, ``anchor`` start / middle /
    end) or "use" (the symbol ``text`` placed at ``pts[0]``).  Colours are "#rrggbb" or ""
    (none); ``opacity`` is the fill's."""

    shape: str
    layer: str
    pts: tuple[Point, ...]
    fill: str = ""
    stroke: str = ""
    width: float = 0.0
    dash: tuple[float, ...] = ()
    text: str = ""
    size: float = 0.0
    bold: bool = False
    italic: bool = False
    anchor: str = "middle"
    arrow: str = ""
    opacity: float = 1.0
    holes: tuple[tuple[Point, ...], ...] = ()
    tags: tuple[str, ...] = ()
    space: str = ""
    fit: float = 0.0  # a text's greatest width: longer text is squeezed into it (a counter's strength)


@dataclass
class PieceView:
    """A piece as drawn, with the referee's verdict: where it stands, and, for an army, the
    supply line it traces (points of the drawing, from the piece to its source) or the spaces
    that cut it (``cut``; ``why`` when no space cuts it)."""

    id: str
    kind: str
    side: str
    space: str
    title: str
    text: str
    at: Point
    supplied: bool | None
    path: list[Point] = field(default_factory=list)
    cut: list[str] = field(default_factory=list)
    why: str = ""
    info: list[str] = field(default_factory=list)
    selectable: bool = False


@dataclass
class SpaceView:
    """A space as the inspector shows it: its id, name, where it is drawn, who holds it, the
    facts, a line each."""

    id: str
    name: str
    at: Point
    holder: str = ""
    facts: list[str] = field(default_factory=list)


@dataclass
class Scene:
    kind: str  # "hex", "area" or "tracks"
    extent: tuple[float, float, float, float]  # x0, y0, x1, y1 of the drawing
    background: str
    unit: float  # a hex's radius, or an area counter's side
    marks: list[Mark] = field(default_factory=list)
    symbols: dict[str, list[Mark]] = field(default_factory=dict)  # shapes a "use" mark places, drawn about (0, 0)
    pieces: list[PieceView] = field(default_factory=list)
    spaces: dict[str, SpaceView] = field(default_factory=dict)
    colours: dict[str, tuple[str, str]] = field(default_factory=dict)  # side -> (fill, ink)
    supply: dict[str, tuple[list[str], list[str]]] = field(default_factory=dict)  # side -> (supplied, unsupplied)
    title: str = ""
    map_name: str = ""
    game: str = ""  # the ruleset's title
    position: dict = field(default_factory=dict)
    steps: list = field(default_factory=list)  # Step
    turns: list = field(default_factory=list)  # Step
    panels: list[tuple[str, list[str]]] = field(default_factory=list)
    violations: list[str] = field(default_factory=list)
    victory: list[str] = field(default_factory=list)
    report: str = ""
    log: list[str] = field(default_factory=list)
    tracks: list = field(default_factory=list)  # TrackRow

    def layer(self, *names: str) -> list[Mark]:
        return [m for m in self.marks if m.layer in names]


# ------------------------------------------------------------------------------ shared choices
def colours_of(rs, side: str) -> tuple[str, str]:
    return rs.side_colours.get(side, NEUTRAL_COLOURS)


def holders(rs, game) -> dict[str, str]:
    """Who holds each space, for the front line: each side's spaces, supplied or not, as the
    supply view gives them, and the captured ones (``control_view``) over them."""
    held: dict[str, str] = {}
    for side, (sup, unsup) in rs.supply_view(game).items():
        for sp in sup | unsup:
            held[sp] = side
    held.update(rs.control_view(game))
    return held


def front_sides(grid, ctrl: dict[str, str], at_war: Callable[[str, str], bool]) -> list[tuple[Hex, str]]:
    """(hex, direction) of every side between hexes held by two sides at war, each side once
    (from the hex first in row order), walking the grid with integer steps."""
    R, C = grid.rows, grid.cols
    owners = list(map(ctrl.get, grid.labels_row_major()))
    hexes = grid.hex_list()
    dirs = grid.directions()
    steps = {par: [(k, dr, dc) for k, (dr, dc) in enumerate(st) if dr > 0 or (dr == 0 and dc > 0)]
             for par, st in grid.neighbour_steps().items()}
    out = []
    for i, side in enumerate(owners):
        if side is None:
            continue
        r, c = divmod(i, C)
        for k, dr, dc in steps[((r + 1) & 1, (c + 1) & 1)]:
            rr, cc = r + dr, c + dc
            if rr >= R or not 0 <= cc < C:
                continue
            other = owners[rr * C + cc]
            if other is not None and other != side and at_war(side, other):
                out.append((hexes[i], dirs[k]))
    return out


def held_tint(base: str, printed: str, mark: str) -> float:
    """How strongly a captured hex takes its holder's colour ``mark`` over its own ``base``:
    as strong as the labels drawn for the printed colour stay readable (0.6 down to 0.25).
    ``blend(base, mark, t)`` is the fill; ``mark`` laid over ``base`` at opacity t is the same."""
    for t in (0.6, 0.5, 0.4, 0.3):
        if text_colour_on(blend(base, mark, t)) == text_colour_on(printed):
            return t
    return 0.25


def counter_width(size: float) -> float:
    """An army counter's width on a hex map of hexes ``size`` wide: most of a hex, never too
    small to read at the window's fit zoom."""
    return min(1.6 * size, max(1.1 * size, 22.0))


def box_rect(lay: Layout, box) -> tuple[float, float, float, float]:
    s = lay.size
    x, y = lay.origin[0] + box.position[0] * s, lay.origin[1] + box.position[1] * s
    return x, y, x + BOX_W * s, y + BOX_H * s


def box_slots(rect: tuple[float, float, float, float], n: int, size: float) -> tuple[list[Point], float]:
    """Where ``n`` counters go in an off-map box: centres and counter width.  They fill the part
    below the box's name in a grid, never wider than a counter on a hex, never overlapping each
    other or the production number (moved to the corner)."""
    x0, y0, x1, y1 = rect
    s = size
    top, pad = y0 + 0.9 * s, 0.06 * s
    aw, ah = (x1 - x0) - 2 * pad, (y1 - top) - pad
    best = (0.0, 1, n)
    for rows in range(1, max(1, n) + 1):
        cols = -(-n // rows)
        w = min(aw / cols, ah / rows / 0.72) * 0.9
        if w > best[0]:
            best = (w, rows, cols)
    w, rows, cols = best
    w = min(w, counter_width(s))
    gx, gy = aw / cols, ah / rows
    return [(x0 + pad + gx * (i % cols + 0.5), top + gy * (i // cols + 0.5)) for i in range(n)], w


def text_width(text: str, size: float, bold: bool = False) -> float:
    """The width of ``text`` in a sans-serif font ``size`` high, estimated (DejaVu Sans: about
    0.6 of the height per character; bold a little wider)."""
    return len(text) * size * (0.64 if bold else 0.58)


def declutter(labels: list[tuple[tuple, tuple[float, float, float, float]]]) -> list[int]:
    """The labels to show so that none overlaps another: ``labels`` are (rank, box) with box
    (x0, y0, x1, y1); the lowest ranks are placed first.  Returns the indices kept."""
    cell = 64.0
    grid: dict[tuple[int, int], list] = {}
    kept = []
    for i in sorted(range(len(labels)), key=lambda k: labels[k][0]):
        bb = labels[i][1]
        cells = [(gx, gy) for gx in range(int(bb[0] // cell), int(bb[2] // cell) + 1)
                 for gy in range(int(bb[1] // cell), int(bb[3] // cell) + 1)]
        if any(bb[0] < k[2] and k[0] < bb[2] and bb[1] < k[3] and k[1] < bb[3] for c in cells for k in grid.get(c, ())):
            continue
        for c in cells:
            grid.setdefault(c, []).append(bb)
        kept.append(i)
    return sorted(kept)


def _text_box(m: Mark) -> tuple[float, float, float, float]:
    x, y = m.pts[0]
    w = text_width(m.text, m.size, m.bold)
    x0 = x - w / 2 if m.anchor == "middle" else (x - w if m.anchor == "end" else x)
    return x0, y - m.size * 0.6, x0 + w, y + m.size * 0.6


def _ring(cx: float, cy: float, r: float, width: float, colour: str, layer: str, tags=(), space="") -> list[Mark]:
    """A ring that shows on every colour: a dark edge, a white halo, the coloured ring."""
    box = ((cx - r, cy - r), (cx + r, cy + r))
    return [Mark("oval", layer, box, stroke="#000000", width=width * 2 + 4, tags=tags, space=space),
            Mark("oval", layer, box, stroke=HALO, width=width * 2, tags=tags, space=space),
            Mark("oval", layer, box, stroke=colour, width=width, tags=tags, space=space)]


def _r(v: float) -> float:
    return round(v, 2)


def _pts(seq) -> tuple[Point, ...]:
    return tuple((_r(x), _r(y)) for x, y in seq)


# ------------------------------------------------------------------------------ the position
def position_scene(session, *, size: float = 30.0, width: float = 1600.0) -> Scene:
    """The whole position of a game session: the map and the game, the verdicts, the text.
    A hex map is drawn with hexes ``size`` wide; an area map ``width`` wide; a game played on
    tracks (``board_view = "tracks"`` on a map without move lines) as its rows of tokens."""
    rs, game = session.ruleset, session.game
    rep = session.report()
    m = session.map
    if getattr(m, "kind", "") == "area":
        if getattr(rs, "board_view", "map") == "tracks" and not m.lines:
            sc = tracks_scene(session)
        else:
            sc = area_scene(session, width=width, report=rep)
    else:
        sc = hex_scene(session, size=size, report=rep)
    _describe(sc, session, rep)
    return sc


def _describe(sc: Scene, session, rep) -> None:
    """The position's text: title, steps, turns, panels, violations, victory, report, log."""
    rs, game = session.ruleset, session.game
    pos = session.position()
    sc.position = dict(pos)
    sc.title = pos.get("title", "")
    sc.game = rs.title or rs.name
    sc.map_name = getattr(session.map, "name", "") or ""
    sc.steps = list(rs.steps(game))
    sc.turns = list(rs.turn_track(game))
    sc.panels = [(t, list(lines)) for t, lines in rs.panels(game, rep)]
    sc.violations = [(f"{v.where}: " if v.where else "") + f"{v.message} [{v.rule}]" for v in getattr(rep, "violations", [])]
    data = rep.as_dict() if hasattr(rep, "as_dict") else {}
    v = data.get("victory") if isinstance(data, dict) else None
    if isinstance(v, dict) and v:
        who = v.get("winner") or v.get("side") or ""
        how = v.get("condition") or v.get("how") or v.get("text") or ""
        rule = f" [{v['rule']}]" if v.get("rule") else ""
        sc.victory = [f"{who} wins: {how}{rule}".strip()]
    elif pos.get("over"):
        sc.victory = ["the game is over"]
    else:
        sc.victory = ["no victory yet"]
    try:
        sc.report = rep.text()
    except Exception:  # noqa: BLE001 - a report without text still exports its panels
        sc.report = ""
    sc.log = [_log_line(rs, e) for e in session.log]
    try:
        sc.tracks = list(rs.tracks(game))
    except Exception:  # noqa: BLE001 - a game without tracks
        sc.tracks = []
    sc.colours = {side: colours_of(rs, side) for side in
                  list(dict.fromkeys(list(getattr(session.scenario, "sides", ()) or ()) + list(rs.side_colours)))}


def _log_line(rs, e) -> str:
    """A log entry as the referee's window shows it: its step by name, the override with its reason."""
    who = f" by {e.by}" if e.by else ""
    rule = f" [{e.rule}]" if e.rule else ""
    over = f" AGAINST THE RULES: {e.override}" if e.override else ""
    return f"{e.n}. {e.turn}, {e.side} {rs.step_name(e.step)}{who}: {e.did}{rule}{over}"


def _supply_sets(rs, game) -> dict[str, tuple[list[str], list[str]]]:
    return {side: (sorted(sup), sorted(unsup)) for side, (sup, unsup) in rs.supply_view(game).items()}


# ----------------------------------------------------------------------------------- hex maps
def hex_layout(m, size: float) -> Layout:
    """The layout of a hex map drawn with hexes ``size`` wide, its boxes included, from (0, 0)
    with a margin of 0.6 hex and room for a title."""
    margin = size * 0.6
    x0, y0, x1, y1 = Layout(m.grid, size).bounds()
    for b in m.boxes.values():
        x0, y0 = min(x0, b.position[0] * size), min(y0, b.position[1] * size)
    return Layout(m.grid, size, origin=(margin - x0, margin - y0 + size * 0.8))


def hex_extent(m, lay: Layout) -> tuple[float, float, float, float]:
    s = lay.size
    x0, y0, x1, y1 = lay.bounds()
    for b in m.boxes.values():
        bx0, by0, bx1, by1 = box_rect(lay, b)
        x0, y0, x1, y1 = min(x0, bx0), min(y0, by0), max(x1, bx1), max(y1, by1)
    return 0.0, 0.0, x1 + s * 0.6, y1 + s * 0.6


def hex_scene(session, *, size: float = 30.0, layout: Layout | None = None, report=None, with_map: bool = True,
              supply: bool = True) -> Scene:
    """A game on a hex map: the map as the referee's window draws it (``with_map``) and the
    game (:func:`hex_game_marks`); the inspector's facts of every hex and box."""
    m = session.map
    lay = layout or hex_layout(m, size)
    rep = report if report is not None else session.report()
    sc = Scene("hex", hex_extent(m, lay), PAPER, lay.size)
    if with_map:
        sc.marks += hex_map_marks(m, lay)
        sc.symbols = hex_symbols(lay.size)
    game_marks, pieces, held = hex_game_marks(session, lay, rep, supply=supply)
    sc.marks += game_marks
    sc.pieces = pieces
    sc.supply = _supply_sets(session.ruleset, session.game)
    if with_map:
        sc.spaces = _hex_spaces(session, lay, held, pieces)
    return sc


def hex_symbols(s: float) -> dict[str, list[Mark]]:
    """The shapes repeated on a hex map, about (0, 0): the hexagon (pointy or flat), the
    capital's star in a ring, the port's anchor, a mountain."""
    out: dict[str, list[Mark]] = {}
    for name, start in (("hex-pointy", 30), ("hex-flat", 0)):
        ring = [(s * math.cos(math.radians(start + 60 * i)), s * math.sin(math.radians(start + 60 * i))) for i in range(6)]
        out[name] = [Mark("poly", "spaces", _pts(ring))]
    r = s * 0.2
    star = [((r * 0.8 if i % 2 == 0 else r * 0.36) * math.cos(-math.pi / 2 + i * math.pi / 5),
             (r * 0.8 if i % 2 == 0 else r * 0.36) * math.sin(-math.pi / 2 + i * math.pi / 5)) for i in range(10)]
    out["capital"] = [Mark("oval", "marks", ((-r, -r), (r, r)), fill="none", width=max(1.0, s / 20)), Mark("poly", "marks", _pts(star))]
    a = s * 0.18
    out["port"] = [Mark("line", "marks", ((0, -a), (0, a)), width=max(1.0, a / 4)),
                   Mark("line", "marks", ((-a * 0.5, -a * 0.55), (a * 0.5, -a * 0.55)), width=max(1.0, a / 4)),
                   Mark("line", "marks", _pts([(a * math.cos(math.radians(t)), a * 0.3 + a * 0.6 * math.sin(math.radians(t)))
                                               for t in range(20, 161, 20)]), width=max(1.0, a / 4)),
                   Mark("oval", "marks", ((-a * 0.22, -a * 1.25), (a * 0.22, -a * 0.8)), fill="none", width=max(1.0, a / 4))]
    w = s * 0.3
    out["mountain"] = [Mark("poly", "marks", _pts([(-w * 1.4, 0), (-w * 0.4, -w * 1.1), (w * 0.3, 0)]), fill="#9b8265"),
                       Mark("poly", "marks", _pts([(-w * 0.2, 0), (w * 0.6, -w * 0.8), (w * 1.4, 0)]), fill="#9b8265")]
    return out


def hex_map_marks(m, lay: Layout) -> list[Mark]:
    """A hex map as the referee's window draws it (:class:`mapref.ui.canvas.MapCanvas`): each
    hex in its country's or sea's colour with the grid, the coordinates, production, capitals,
    ports, mountains, coastal seas and names; impassable sides and crossing arrows; off-map boxes
    with their land links and sea arrows; supply sources and lend-lease depots.  Names that would
    overlap are left out (:func:`declutter`); the capitals' and production cities' names are
    also given large (tag ``fit-name``) for a view zoomed out."""
    s = lay.size
    grid = m.grid
    hexagon = "hex-pointy" if grid.orientation.value == "pointy" else "hex-flat"
    small = s * 0.22
    out: list[Mark] = []
    names: list[Mark] = []
    fit: list[Mark] = []
    rank: dict[int, tuple] = {}
    for h in grid.hex_list():
        d = m.hexes[h]
        label = grid.label(h)
        cx, cy = lay.centre(h)
        fill = hex_fill(m, d)
        ink = text_colour_on(fill)
        c = (_r(cx), _r(cy))
        out.append(Mark("use", "spaces", (c,), fill=fill, stroke=GRID_LINE, width=1, text=hexagon,
                        tags=("hex", d.terrain), space=label))
        out.append(Mark("text", "marks", ((_r(cx), _r(cy - s * 0.6)),), fill=blend(ink, fill, 0.45), text=label, size=small,
                        tags=("coord", "detail")))
        if d.terrain == "coastal":
            sea = m.seas.get(d.sea) if d.sea else None
            r = s * 0.16
            out.append(Mark("oval", "marks", ((_r(cx - s * 0.7 - r), _r(cy - r)), (_r(cx - s * 0.7 + r), _r(cy + r))),
                            fill=sea.colour if sea else SEA_DEFAULT, tags=("coast",)))
        if d.production:
            out.append(Mark("text", "marks", ((_r(cx), _r(cy + s * 0.1)),), fill=ink, text=str(d.production), size=s * 0.4,
                            bold=True, tags=("production",)))
        if d.capital:
            out.append(Mark("use", "marks", ((_r(cx - s * 0.45), _r(cy - s * 0.18)),), fill=ink, stroke=ink, text="capital",
                            tags=("capital",)))
        if d.port:
            colour = "#1b2f7a" if not d.port_optional else "#6a7bb0"
            out.append(Mark("use", "marks", ((_r(cx + s * 0.45), _r(cy - s * 0.15)),), stroke=colour, text="port", tags=("port",)))
            if d.port != 10:
                out.append(Mark("text", "marks", ((_r(cx + s * 0.45), _r(cy + s * 0.18)),), fill="#1b2f7a", text=str(d.port),
                                size=small, tags=("port", "detail")))
        if d.mountain:
            out.append(Mark("use", "marks", ((_r(cx), _r(cy + s * 0.5)),), stroke="#6b4f2a", text="mountain", tags=("mountain",)))
        if d.name:
            key = (0 if d.capital else 1, -(d.production or 0), cy, cx)
            names.append(Mark("text", "names", ((_r(cx), _r(cy + s * 0.55)),), fill=ink, text=d.name, size=small,
                              tags=("name", "detail"), space=label))
            rank[id(names[-1])] = key
            if d.capital or d.production:
                fit.append(Mark("text", "names", ((_r(cx), _r(cy + s * 0.78)),), fill=ink, text=d.name, size=s * 0.5,
                                bold=True, tags=("fit-name",), space=label))
                rank[id(fit[-1])] = key
    for group in (names, fit):
        keep = declutter([(rank[id(x)], _text_box(x)) for x in group])
        out += [group[i] for i in keep]
    for side, sd in m.hexsides.items():
        (ax, ay), (bx, by) = lay.hexside_segment(side)
        if sd.impassable:
            out.append(Mark("line", "lines", _pts([(ax, ay), (bx, by)]), stroke="#111111", width=max(3, s / 6), tags=("impassable",)))
        if sd.crossing and grid.contains(side.a) and grid.contains(side.b):
            (x0, y0), (x1, y1) = lay.centre(side.a), lay.centre(side.b)
            mx, my = (x0 + x1) / 2, (y0 + y1) / 2
            out.append(Mark("line", "lines", _pts([(mx + (x0 - mx) * 0.7, my + (y0 - my) * 0.7), (mx + (x1 - mx) * 0.7, my + (y1 - my) * 0.7)]),
                            stroke="#b01818", width=max(2, s / 10), arrow="both", tags=("crossing",)))
    for bid, b in m.boxes.items():
        x0, y0, x1, y1 = box_rect(lay, b)
        fill = m.countries[b.country].colour if b.country in m.countries else LAND_UNOWNED
        ink = text_colour_on(fill)
        space = f"box:{bid}"
        for h in b.land:
            if grid.contains(h):
                cx, cy = lay.centre(h)
                out.append(Mark("line", "boxes", _pts([(cx, cy), (min(max(cx, x0), x1), min(max(cy, y0), y1))]), stroke="#6b4f2a",
                                width=max(1, s / 14), tags=("box-link",)))
        for a in b.sea_arrows:
            if grid.contains(a.hex):
                cx, cy = lay.centre(a.hex)
                tx, ty = min(max(cx, x0), x1), min(max(cy, y0), y1)
                out.append(Mark("line", "boxes", _pts([(cx, cy), (tx, ty)]), stroke="#1b2f7a", width=max(2, s / 12), arrow="last",
                                tags=("sea-arrow",)))
                out.append(Mark("text", "boxes", ((_r((cx + tx) / 2), _r((cy + ty) / 2 - s * 0.2)),), fill="#1b2f7a",
                                text=str(a.length), size=s * 0.4, bold=True, tags=("sea-arrow",)))
        out.append(Mark("rect", "boxes", _pts([(x0, y0), (x1, y1)]), fill=fill, stroke="#222222", width=2, tags=("box",), space=space))
        out.append(Mark("text", "boxes", ((_r((x0 + x1) / 2), _r(y0 + 0.6 * s)),), fill=ink, text=b.name, size=small * 1.3,
                        tags=("box-name",), space=space))
        if b.production:
            out.append(Mark("text", "boxes", ((_r((x0 + x1) / 2), _r(y0 + 1.35 * s)),), fill=ink, text=str(b.production),
                            size=s * 0.4, bold=True, tags=("box-production",), space=space))
    for f in m.features.values():
        if f.hex is not None and grid.contains(f.hex):
            cx, cy = lay.centre(f.hex)
        elif f.box in m.boxes:
            x0, y0, x1, y1 = box_rect(lay, m.boxes[f.box])
            cx, cy = x1 - 0.3 * s, y1 - 0.3 * s
        else:
            continue
        if f.kind == "supply_source":
            r = s * 0.78 if f.hex is not None else s * 0.25
            out.append(Mark("oval", "lines", _pts([(cx - r, cy - r), (cx + r, cy + r)]), stroke="#e0a000", width=max(2, s / 10),
                            tags=("supply-source",)))
        else:
            r = s * 0.17
            px, py = (cx + s * 0.42, cy + s * 0.22) if f.hex is not None else (cx, cy)
            out.append(Mark("oval", "lines", _pts([(px - r, py - r), (px + r, py + r)]), fill="#ffffff", stroke="#000000", width=1,
                            tags=("depot",)))
            half = [(px + r * math.cos(math.radians(a)), py - r * math.sin(math.radians(a))) for a in range(90, 271, 15)]
            out.append(Mark("poly", "lines", _pts(half), fill="#000000", tags=("depot",)))
    return out


def _hex_centre(session, lay: Layout, space: str) -> Point | None:
    """Where a space is drawn: a hex's centre or the middle of a box."""
    m = session.map
    sp = session.board.space(space)
    if sp is None:
        return None
    if sp.is_box:
        b = m.boxes.get(space.partition(":")[2])
        if b is None:
            return None
        x0, y0, x1, y1 = box_rect(lay, b)
        return (x0 + x1) / 2, (y0 + y1) / 2
    try:
        return lay.centre(m.grid.parse(space))
    except ValueError:
        return None


def hex_game_marks(session, lay: Layout, report=None, *, supply: bool = True, selected: str | None = None):
    """The game on a hex map, as the referee's window draws it (:class:`mapref.ui.game.GameCanvas`):
    returns (marks, pieces, holders).  The captured hexes tinted in their holder's colour (layer
    ``held``), the front line, each side's supplied hexes shaded and its unsupplied ones faded
    (``supply-view``; only with ``supply``), the pieces (armies as counters with their strength,
    several in a box side by side, fleets, forts, occupation markers; an unsupplied army edged
    in red and, in the supply view, ringed), and the supply line or the cut of the ``selected``
    army (layer ``selection``)."""
    rs, game, m = session.ruleset, session.game, session.map
    rep = report if report is not None else session.report()
    s = lay.size
    grid = m.grid
    out: list[Mark] = []
    held = rs.control_view(game)
    ctrl = holders(rs, game)

    def hex_of(space: str) -> Hex | None:
        sp = session.board.space(space)
        if sp is None or sp.is_box:
            return None
        try:
            return grid.parse(space)
        except ValueError:
            return None

    def corners(h: Hex) -> tuple[Point, ...]:
        return _pts(lay.corners(h))

    # the captured hexes in their holder's colour (a blend, as the window's fill)
    for space, side in sorted(held.items()):
        h = hex_of(space)
        if h is None:
            continue
        d = m.hexes[h]
        base = hex_fill(m, d)
        mark = colours_of(rs, side)[0]
        out.append(Mark("poly", "held", corners(h), fill=mark, opacity=held_tint(base, base, mark), tags=("held", f"held:{side}"),
                        space=space))
    # the front line
    war: dict = {}

    def at_war(a: str, b: str) -> bool:
        if (a, b) not in war:
            war[(a, b)] = rs.at_war(game, a, b)
        return war[(a, b)]

    for h, dr in front_sides(grid, ctrl, at_war):
        out.append(Mark("line", "front", _pts(lay.side_segment(h, dr)), stroke=FRONT, width=max(2, s / 8), tags=("front",)))
    # the supply view
    if supply:
        for side, (sup, unsup) in rs.supply_view(game).items():
            fill = colours_of(rs, side)[0]
            for sp in sorted(sup):
                h = hex_of(sp)
                if h is not None:
                    out.append(Mark("poly", "supply-view", corners(h), fill=fill, opacity=0.2, tags=("supplied", f"supplied:{side}"),
                                    space=sp))
            for sp in sorted(unsup):
                h = hex_of(sp)
                if h is not None:
                    out.append(Mark("poly", "supply-view", corners(h), fill=FADED, opacity=0.5, stroke=fill, width=max(2, s / 10),
                                    dash=(4, 2), tags=("unsupplied", f"unsupplied:{side}"), space=sp))
    # the pieces
    pieces = rs.pieces(game, rep)
    board = session.board
    in_box: dict[str, list] = {}
    for p in pieces:
        sp = board.space(p.space)
        if sp is not None and sp.is_box and p.kind == "army":
            in_box.setdefault(p.space, []).append(p)
    slots: dict[str, tuple[float, float, float]] = {}
    for space, ps in in_box.items():
        bid = space.partition(":")[2]
        b = m.boxes.get(bid)
        if b is None:
            continue
        xy, cw = box_slots(box_rect(lay, b), len(ps), s)
        for p, (x, y) in zip(ps, xy):
            slots[p.id] = (x, y, cw)
    views: list[PieceView] = []
    for p in pieces:
        xy = _hex_centre(session, lay, p.space)
        if xy is None:
            continue
        cx, cy = xy
        fill, ink = colours_of(rs, p.side)
        tags = ("piece", p.kind, f"side:{p.side}")
        at = (cx, cy)
        if p.kind == "marker":
            x, y = cx + s * 0.25, cy - s * 0.65
            r = s * 0.2
            out.append(Mark("poly", "pieces", _pts([(x, y), (x + r * 2, y + r * 0.6), (x, y + r * 1.2)]), fill=fill, stroke=EDGE,
                            width=1, tags=tags + ("occupation",), space=p.space))
            at = (x, y)
        elif p.kind == "army":
            cw = counter_width(s)
            if p.id in slots:
                cx, cy, cw = slots[p.id]
            elif board.space(p.space) is not None and board.space(p.space).is_box:
                continue
            at = (cx, cy)
            edge = UNSUPPLIED if p.supplied is False else EDGE
            hh = cw * 0.72
            out.append(Mark("rect", "pieces", _pts([(cx - cw / 2, cy - hh / 2), (cx + cw / 2, cy + hh / 2)]), fill=fill, stroke=edge,
                            width=max(2, s / 12), tags=tags + ("counter",), space=p.id))
            out.append(Mark("text", "pieces", ((_r(cx), _r(cy)),), fill=ink, text=p.text, size=max(6, cw * 0.36), bold=True,
                            tags=tags + ("strength",), space=p.id, fit=_r(cw * 0.92)))
            if p.supplied is False:
                out += _ring(cx, cy, cw * 0.78, max(2, s / 14), UNSUPPLIED, "supply-rings", ("unsupplied-ring",), p.id)
        elif p.kind == "fleet":
            x, y = cx + s * 0.45, cy - s * 0.52
            out.append(Mark("oval", "pieces", _pts([(x - s * 0.25, y - s * 0.22), (x + s * 0.25, y + s * 0.22)]), fill=fill,
                            stroke=EDGE, width=1, tags=tags, space=p.id))
            out.append(Mark("text", "pieces", ((_r(x), _r(y)),), fill=ink, text=p.text, size=max(6, s * 0.26), bold=True, tags=tags,
                            space=p.id))
            at = (x, y)
        elif p.kind == "fort":
            x, y = cx - s * 0.47, cy + s * 0.5
            out.append(Mark("rect", "pieces", _pts([(x - s * 0.22, y - s * 0.2), (x + s * 0.22, y + s * 0.2)]), fill=FORT_FILL,
                            stroke=fill, width=2, tags=tags, space=p.id))
            out.append(Mark("text", "pieces", ((_r(x), _r(y)),), fill=fill, text=p.text, size=max(6, s * 0.26), bold=True, tags=tags,
                            space=p.id))
            at = (x, y)
        path = [c for c in (_hex_centre(session, lay, sp) for sp in p.supply_path) if c is not None] if p.supplied else []
        views.append(PieceView(p.id, p.kind, p.side, p.space, p.title, p.text, (_r(at[0]), _r(at[1])), p.supplied,
                               [(_r(x), _r(y)) for x, y in path], list(p.cut), p.why, list(p.info), p.selectable))
    if selected is not None:
        v = next((x for x in views if x.id == selected or x.title == selected), None)
        if v is not None:
            out += selection_marks(v, lambda sp: _hex_centre(session, lay, sp), s, max(3, s / 7), s * 0.8, max(3, s / 8))
    return out, views, ctrl


def selection_marks(v: PieceView, centre: Callable[[str], Point | None], unit: float, line: float, ring: float,
                    ring_width: float) -> list[Mark]:
    """What the window shows of a selected piece: its supply line with a white halo and an
    arrow to its source, or a ring at every space that cuts it (layer ``selection``)."""
    out: list[Mark] = []
    if v.supplied and len(v.path) > 1:
        out.append(Mark("line", "selection", tuple(v.path), stroke=HALO, width=line + 4, tags=("supply-halo",)))
        out.append(Mark("line", "selection", tuple(v.path), stroke=SUPPLY_LINE, width=line, arrow="last", tags=("supply-path",)))
    for sp in v.cut:
        c = centre(sp)
        if c is not None:
            out += _ring(c[0], c[1], ring, ring_width, UNSUPPLIED, "selection", ("supply-cut",), sp)
    return out


def _pieces_here(pieces: list[PieceView], space: str) -> list[str]:
    out = []
    for p in pieces:
        if p.space != space:
            continue
        what = "" if p.kind == "army" else f" ({p.kind})"
        flag = ", out of supply" if p.supplied is False else ""
        out.append(f"{p.title or p.kind}{what} {p.text} [{p.side}{flag}]".replace("  ", " "))
    return out


def _hex_spaces(session, lay: Layout, ctrl: dict[str, str], pieces: list[PieceView]) -> dict[str, SpaceView]:
    """What the inspector says of every hex and box: the map's line (code and name, country,
    terrain, sea, production, port, capital, mountain), who holds it, whether its holder
    traces supply to it, and what stands there."""
    m = session.map
    rs, game = session.ruleset, session.game
    lay_sup: dict[str, str] = {}
    for side, (sup, unsup) in rs.supply_view(game).items():
        for sp in sup:
            lay_sup[sp] = f"supplied for {side}"
        for sp in unsup:
            lay_sup[sp] = f"{side}: traces no supply"
    out: dict[str, SpaceView] = {}
    for h in m.grid.hex_list():
        label = m.grid.label(h)
        d = m.hexes[h]
        facts = m.describe(h).split(", ")[1:]
        facts = [f[:1].upper() + f[1:] if i == 0 else f for i, f in enumerate(facts)]
        holder = ctrl.get(label, "")
        if holder:
            facts.append(f"held by {holder}")
        if label in lay_sup:
            facts.append(lay_sup[label])
        here = _pieces_here(pieces, label)
        facts += [f"here: {x}" for x in here]
        c = lay.centre(h)
        out[label] = SpaceView(label, d.name or "", (_r(c[0]), _r(c[1])), holder, facts)
    for bid, b in m.boxes.items():
        space = f"box:{bid}"
        x0, y0, x1, y1 = box_rect(lay, b)
        facts = ["off-map box"]
        if b.country:
            facts.append(m.countries[b.country].name if b.country in m.countries else b.country)
        if b.production:
            facts.append(f"production {b.production}")
        holder = ctrl.get(space, "")
        if holder:
            facts.append(f"held by {holder}")
        facts += [f"here: {x}" for x in _pieces_here(pieces, space)]
        out[space] = SpaceView(space, b.name, (_r((x0 + x1) / 2), _r((y0 + y1) / 2)), holder, facts)
    return out


# ---------------------------------------------------------------------------------- area maps
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


def area_scene(session, *, width: float = 1600.0, report=None) -> Scene:
    """A game on an area map, ``width`` drawing units wide: the map (:func:`area_map_marks`) and
    the game (:func:`area_game_marks`); the inspector's facts of every location, half and box."""
    m = session.map
    v = AreaProjection(m, width)
    rep = report if report is not None else session.report()
    u = 1.0
    sc = Scene("area", (0.0, 0.0, v.size[0], v.size[1]), AREA_SEA, 20.0 * u)
    sc.marks += area_map_marks(m, v, u)
    game_marks, pieces, ctrl = area_game_marks(session, v, u, rep)
    sc.marks += game_marks
    sc.pieces = pieces
    sc.supply = _supply_sets(session.ruleset, session.game)
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
        pieces = [[to_px(p) for p in pts] for pts in pieces]
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


def midpoint(pts) -> Point:
    """The point halfway along a polyline."""
    total = sum(math.hypot(b[0] - a[0], b[1] - a[1]) for a, b in zip(pts, pts[1:]))
    half = total / 2
    for a, b in zip(pts, pts[1:]):
        seg = math.hypot(b[0] - a[0], b[1] - a[1])
        if half <= seg and seg > 0:
            return (a[0] + (b[0] - a[0]) * half / seg, a[1] + (b[1] - a[1]) * half / seg)
        half -= seg
    return pts[0]


def area_fill(m, colour: str) -> str:
    c = m.colours.get(colour) if colour else None
    return c.colour if c else LAND_UNOWNED


def _polys(geom) -> list:
    return [p for p in getattr(geom, "geoms", [geom]) if p.geom_type == "Polygon" and not p.is_empty]


def area_map_marks(m, to_px, u: float = 1.0) -> list[Mark]:
    """An area map as the area canvas draws it (:class:`mapref.ui.area_canvas.AreaCanvas`, in
    the printed sizes of :func:`mapref.render.area_png.render_area`): the land, each location
    in its colour class with its border, halves divided by a dashed line, move lines (land grey,
    naval dashed blue, one-way with an arrow, defence values at their ends, conditions at their
    middle), boxes, and the names (a star for a capital, victory values, supply), names that
    would overlap another left out."""
    out: list[Mark] = []
    if m.land is not None and not m.land.is_empty:
        for p in _polys(m.land):
            out.append(Mark("poly", "land", _pts(to_px(c) for c in p.exterior.coords[:-1]), fill=blend(LAND_UNOWNED, AREA_SEA, 0.4),
                            stroke="#8aa0b5", width=1, dash=(4, 3), tags=("land",)))
    for lid, loc in m.locations.items():
        fill = area_fill(m, loc.colour)
        for p in loc.parts:
            out.append(Mark("poly", "spaces", _pts(to_px(c) for c in p.exterior.coords[:-1]), fill=fill, stroke=AREA_BORDER,
                            width=1.3 * u, holes=tuple(_pts(to_px(c) for c in r.coords[:-1]) for r in p.interiors),
                            tags=("location",), space=lid))
        if loc.has_halves:
            for h, g in loc.half_geoms.items():  # each half its own tap target, drawn invisibly over the location
                for p in _polys(g):
                    out.append(Mark("poly", "spaces", _pts(to_px(c) for c in p.exterior.coords[:-1]), fill="", tags=("half",),
                                    space=f"{lid}.{h}"))
            for seg in getattr(loc.divider, "geoms", [loc.divider]):
                if not seg.is_empty and seg.geom_type == "LineString":
                    out.append(Mark("line", "halves", _pts(to_px(c) for c in seg.coords), stroke=blend(AREA_BORDER, fill, 0.15),
                                    width=1.6 * u, dash=(7 * u, 5 * u), tags=("divider",)))
    for ln, pieces in line_paths(m, to_px, 7.0 * u):
        colour = m.line_colour(ln.kind)
        dash = (3 * u, 3 * u) if ln.proposed else (8 * u, 4 * u) if ln.kind == "naval" else ()
        stubs = len(pieces) == 2  # round the back of a map that wraps: each stub's arrow says it goes on
        for pts in pieces:
            out.append(Mark("line", "lines", _pts(pts), stroke=colour, width=(1.5 if ln.proposed else 2.4) * u, dash=dash,
                            arrow="last" if ln.oneway or stubs else "", tags=("move-line", ln.kind)))
        ends = line_ends(pieces)
        for p, _ in ends:
            out.append(Mark("oval", "lines", _pts([(p[0] - 3 * u, p[1] - 3 * u), (p[0] + 3 * u, p[1] + 3 * u)]), fill=colour,
                            tags=("line-end",)))
        for val, (p, q) in zip((ln.defence_a, ln.defence_b), ends):
            if not val:
                continue
            dx, dy = q[0] - p[0], q[1] - p[1]
            n = math.hypot(dx, dy) or 1.0
            t = min(0.3, 34 * u / n)
            cx, cy = p[0] + dx * t, p[1] + dy * t
            out.append(Mark("rect", "values", _pts([(cx - 8 * u, cy - 8 * u), (cx + 8 * u, cy + 8 * u)]), fill="#ffffff", stroke=colour,
                            width=2 * u, tags=("defence",)))
            out.append(Mark("text", "values", ((_r(cx), _r(cy)),), fill="#111111", text=f"+{val}" if val < 10 else str(val),
                            size=11 * u, bold=True, tags=("defence",)))
        if ln.condition:
            mx, my = midpoint(pieces[0])
            out.append(Mark("text", "values", ((_r(mx), _r(my - 8 * u)),), fill=colour, text=ln.condition.text(), size=10 * u,
                            italic=True, tags=("condition",)))
    for bid, b in m.boxes.items():
        x0, y0 = to_px(b.position)
        x1, y1 = to_px((b.position[0] + b.size[0], b.position[1] + b.size[1]))
        fill = area_fill(m, b.colour)
        ink = text_colour_on(fill)
        space = f"box:{bid}"
        out.append(Mark("rect", "boxes", _pts([(x0, y0), (x1, y1)]), fill=fill, stroke="#222222", width=3 * u, tags=("box",), space=space))
        out.append(Mark("text", "boxes", ((_r((x0 + x1) / 2), _r(y0 + 12 * u)),), fill=ink, text=b.label, size=13 * u, bold=True,
                        tags=("box-name",), space=space))
        extra = ([f"VP {b.vp}"] if b.vp else []) + [f"supply {x.text()}" for x in b.supply]
        if b.condition:
            extra.append(f"active if {b.condition.text()}")
        for j, t in enumerate(extra):
            out.append(Mark("text", "boxes", ((_r((x0 + x1) / 2), _r(y0 + (28 + 13 * j) * u)),), fill=ink, text=t, size=10 * u,
                            tags=("box-note",), space=space))
    names: list[tuple[tuple, list[Mark]]] = []
    for lid, loc in m.locations.items():
        x, y = to_px(loc.label_point)
        fill = area_fill(m, loc.colour)
        ink = text_colour_on(fill)
        text = ("\u2605 " if loc.capital else "") + loc.label
        group = [Mark("text", "names", ((_r(x), _r(y)),), fill=ink, text=text, size=13 * u, bold=True, tags=("name",), space=lid)]
        if loc.vp:
            group.append(Mark("oval", "names", _pts([(x - 9 * u, y - 28 * u), (x + 9 * u, y - 10 * u)]), fill="#fff8dc", stroke="#7a5c00",
                              width=2 * u, tags=("vp",)))
            group.append(Mark("text", "names", ((_r(x), _r(y - 19 * u)),), fill="#3d2e00", text=str(loc.vp), size=11 * u, bold=True,
                              tags=("vp",)))
        if loc.supply:
            group.append(Mark("text", "names", ((_r(x), _r(y + 15 * u)),), fill=ink, text="supply: " + ", ".join(s.text() for s in loc.supply),
                              size=10 * u, tags=("supply-note",)))
        area = loc.polygon.area if not loc.polygon.is_empty else 0.0
        names.append(((0 if loc.capital else 1, -loc.vp, -area, lid), group))
    boxes = []
    for rank, group in names:
        xs0, ys0, xs1, ys1 = zip(*(_text_box(g) if g.shape == "text" else (g.pts[0][0], g.pts[0][1], g.pts[1][0], g.pts[1][1])
                                   for g in group))
        boxes.append((rank, (min(xs0), min(ys0), max(xs1), max(ys1))))
    for i in declutter(boxes):
        out += names[i][1]
    return out


def printed_holder(m, rs, place) -> str | None:
    """The side a location's printed colour gives it, when the ruleset has a colour for it:
    its colour class (area control's nations) or the class's side (Struggle for Europe's
    blue for the Western Allies)."""
    c = getattr(place, "colour", "") or ""
    if c in rs.side_colours:
        return c
    cls = m.colours.get(c)
    side = getattr(cls, "side", "") if cls is not None else ""
    return side if side in rs.side_colours else None


def area_holders(session) -> dict[str, str]:
    """Who holds each location and box (not the halves): the printed colour's side, then the
    supply view's and the captured ones (:func:`holders`) over it; a location whose halves two
    sides hold (contested) is held by none."""
    rs, game, m = session.ruleset, session.game, session.map
    out: dict[str, str] = {}
    for lid, loc in m.locations.items():
        side = printed_holder(m, rs, loc)
        if side:
            out[lid] = side
    for bid, b in m.boxes.items():
        side = printed_holder(m, rs, b)
        if side:
            out[f"box:{bid}"] = side
    by_loc: dict[str, set[str]] = {}
    for sp, side in holders(rs, game).items():
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
            except Exception:  # noqa: BLE001 - an invalid outline draws no front
                continue
            merged = shapely.line_merge(shared) if shared.geom_type in ("MultiLineString", "GeometryCollection") else shared
            for g in getattr(merged, "geoms", [merged]):
                if g.geom_type == "LineString" and g.length > 0:
                    out.append(list(g.coords))
    return out


def flag_pole(m, loc, to_px, u: float = 1.0, measure: Callable[[str, float, bool], float] = text_width) -> Point:
    """Where a control flag's pole stands: left of the location's name (13 units, bold), and of
    its capital's star; ``measure`` gives a text's width (the printed image measures its font)."""
    x, y = to_px(loc.label_point)
    x -= measure(loc.label, 13 * u, True) / 2 + (24 if loc.capital else 8) * u
    return x, y


def area_game_marks(session, to_px, u: float = 1.0, report=None, *, counter: float | None = None,
                    measure: Callable[[str, float, bool], float] = text_width, selected: str | None = None):
    """The game on an area map, as the area referee's window draws it
    (:class:`mapref.ui.area_game.AreaGameCanvas`): returns (marks, pieces, holders).  The
    locations held by another side than at the start tinted (``held``), the front, the supply
    view (each side's supplied spaces shaded, its unsupplied ones faded), the counters and
    fortresses of each location laid out by :func:`mapref.render.area_pieces.stack_points`
    (unsupplied ones edged in red, and ringed in the supply view), control flags beside the
    names, battles waiting ringed; a ``selected`` counter's supply line or cut."""
    from mapref.render.area_pieces import stack_points, stacks

    rs, game, m = session.ruleset, session.game, session.map
    rep = report if report is not None else session.report()
    counter = counter if counter is not None else 20.0 * u
    h = counter / 2
    out: list[Mark] = []
    ctrl = area_holders(session)

    def shapes(space: str):
        if space.startswith("box:"):
            return []
        loc = m.locations.get(space.split(".", 1)[0])
        if loc is None:
            return []
        if "." in space:
            return _polys(loc.half_geoms.get(space.split(".", 1)[1]))
        return list(loc.parts)

    def ring_of(p) -> tuple[Point, ...]:
        return _pts(to_px(c) for c in p.exterior.coords[:-1])

    for space, side in sorted(rs.control_view(game).items()):
        place = m.place_of(space)
        if place is None:
            continue
        mark = colours_of(rs, side)[0]
        base = area_fill(m, place.colour)
        for p in shapes(space):
            out.append(Mark("poly", "held", ring_of(p), fill=mark, opacity=held_tint(base, base, mark), tags=("held", f"held:{side}"),
                            space=space))
    war: dict = {}

    def at_war(a: str, b: str) -> bool:
        if (a, b) not in war:
            war[(a, b)] = rs.at_war(game, a, b)
        return war[(a, b)]

    for line in area_front(m, ctrl, at_war):
        out.append(Mark("line", "front", _pts(to_px(c) for c in line), stroke=FRONT, width=3.5 * u, tags=("front",)))
    for side, (sup, unsup) in rs.supply_view(game).items():
        fill = colours_of(rs, side)[0]
        for sp in sorted(sup):
            for p in shapes(sp):
                out.append(Mark("poly", "supply-view", ring_of(p), fill=fill, opacity=0.25, tags=("supplied", f"supplied:{side}"), space=sp))
        for sp in sorted(unsup):
            for p in shapes(sp):
                out.append(Mark("poly", "supply-view", ring_of(p), fill=FADED, opacity=0.5, stroke=fill, width=2 * u, dash=(4, 2),
                                tags=("unsupplied", f"unsupplied:{side}"), space=sp))
    pieces = rs.pieces(game, rep)
    views: list[PieceView] = []
    at: dict[str, Point] = {}

    def centre(space: str) -> Point | None:
        if space in m.locations:
            return to_px(m.locations[space].label_point)
        p = m.space_point(space)
        return to_px(p) if p is not None else None

    for space, ps in stacks(pieces).items():
        for p, (x, y) in zip(ps, stack_points(m, space, len(ps), to_px, counter)):
            fill, ink = colours_of(rs, p.side)
            tags = ("piece", p.kind, f"side:{p.side}")
            box = _pts([(x - h, y - h), (x + h, y + h)])
            if p.kind == "fort":
                out.append(Mark("rect", "pieces", box, fill=FORT_FILL, stroke=fill, width=2.5 * u, tags=tags + ("counter",), space=p.id))
                out.append(Mark("text", "pieces", ((_r(x), _r(y)),), fill=fill, text="F", size=counter * 0.5, bold=True, tags=tags,
                                space=p.id))
            else:
                out.append(Mark("rect", "pieces", box, fill=fill, stroke=UNSUPPLIED if p.supplied is False else EDGE,
                                width=(2.5 if p.supplied is False else 1.2) * u, tags=tags + ("counter",), space=p.id))
                out.append(Mark("text", "pieces", ((_r(x), _r(y)),), fill=ink, text=str(p.text), size=counter * 0.5, bold=True,
                                tags=tags + ("strength",), space=p.id, fit=_r(counter * 0.92)))
                if p.supplied is False:
                    out += _ring(x, y, counter * 0.78, 2 * u, UNSUPPLIED, "supply-rings", ("unsupplied-ring",), p.id)
            at[p.id.partition(":")[2]] = (x, y)
            path = [c for c in (centre(sp) for sp in p.supply_path) if c is not None] if p.supplied else []
            views.append(PieceView(p.id, p.kind, p.side, p.space, p.title, str(p.text), (_r(x), _r(y)), p.supplied,
                                   [(_r(a), _r(b)) for a, b in path], list(p.cut), p.why, list(p.info), p.selectable))
    for p in pieces:  # control flags, left of the location's name
        loc = m.locations.get(p.space) if p.kind == "marker" else None
        if loc is None:
            continue
        x, y = flag_pole(m, loc, to_px, u, measure)
        fill = colours_of(rs, p.side)[0]
        out.append(Mark("line", "flags", _pts([(x, y + 7 * u), (x, y - 9 * u)]), stroke="#222222", width=1.5 * u, tags=("flag",),
                        space=p.space))
        out.append(Mark("poly", "flags", _pts([(x, y - 9 * u), (x + 13 * u, y - 5 * u), (x, y - 1 * u)]), fill=fill, stroke="#222222",
                        width=1, tags=("flag", f"flag:{p.space}", f"side:{p.side}"), space=p.space))
        views.append(PieceView(p.id, p.kind, p.side, p.space, p.title, str(p.text), (_r(x), _r(y)), None, info=list(p.info)))
    data = rep.as_dict() if hasattr(rep, "as_dict") else {}
    for b in data.get("battles", []) if isinstance(data, dict) else []:
        pts = [at[c] for c in b.get("attackers", []) if c in at]
        if not pts and b.get("at") in m.locations:
            pts = [to_px(m.locations[b["at"]].label_point)]
        if pts:
            r = h + 6 * u
            out.append(Mark("oval", "battles", _pts([(min(p[0] for p in pts) - r, min(p[1] for p in pts) - r),
                                                     (max(p[0] for p in pts) + r, max(p[1] for p in pts) + r)]),
                            stroke=BATTLE, width=3 * u, dash=(5, 3), tags=("battle", f"battle:{b.get('at', '')}")))
    if selected is not None:
        v = next((x for x in views if x.id == selected or x.id.partition(":")[2] == selected), None)
        if v is not None:
            out += selection_marks(v, centre, counter, 4 * u, 15 * u, 3 * u)
    return out, views, ctrl


def _area_spaces(session, to_px, ctrl: dict[str, str], pieces: list[PieceView]) -> dict[str, SpaceView]:
    """What the inspector says of every location, half and box: its name and id, its colour
    class (the country), victory value, capital, supply, production, who holds it, whether its
    holder traces supply to it, and what stands there."""
    m, board = session.map, session.board
    rs, game = session.ruleset, session.game
    sup_of: dict[str, str] = {}
    for side, (sup, unsup) in rs.supply_view(game).items():
        for sp in sup:
            sup_of[sp] = f"supplied for {side}"
        for sp in unsup:
            sup_of[sp] = f"{side}: traces no supply"
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
            facts += [f"here: {x}" for x in _pieces_here(pieces, s)]
        pt = m.space_point(sid) if "." in sid or sid.startswith("box:") else m.locations[sid].label_point
        c = to_px(pt) if pt is not None else (0.0, 0.0)
        out[sid] = SpaceView(sid, name, (_r(c[0]), _r(c[1])), holder, facts)
    return out


# ------------------------------------------------------------------------------------- tracks
def tracks_scene(session) -> Scene:
    """A game played on tracks (the front-token card game): its rows of token slots as the
    tracks view draws them (:class:`mapref.ui.tracks_view.TracksView`), 1000 units wide."""
    rs, game = session.ruleset, session.game
    w, pad = 1000.0, 24.0
    out: list[Mark] = []
    y = pad
    turns = rs.turn_track(game)
    if turns:
        out.append(Mark("text", "names", ((pad, y + 14),), fill="#222222", text="Turn", size=13, bold=True, anchor="start"))
        bw = min(90.0, (w - 2 * pad - 90) / len(turns))
        for i, t in enumerate(turns):
            x0 = pad + 90 + i * bw
            out.append(Mark("rect", "spaces", ((x0, y), (x0 + bw - 6, y + 28)), fill="#fff6d6" if t.current else "#ffffff",
                            stroke="#e8a200" if t.current else "#8a8a8a", width=3 if t.current else 1,
                            tags=("turn",) + (("current-turn",) if t.current else ())))
            out.append(Mark("text", "names", ((x0 + (bw - 6) / 2, y + 14),), fill="#222222", text=t.label, size=12, bold=t.current))
        y += 44
    steps = rs.steps(game)
    if steps:
        out.append(Mark("text", "names", ((pad, y + 16),), fill="#222222", text="Phase", size=13, bold=True, anchor="start"))
        bw = (w - 2 * pad - 90) / len(steps)
        for i, st in enumerate(steps):
            x0 = pad + 90 + i * bw
            skipped = "(skipped)" in st.label
            out.append(Mark("rect", "spaces", ((x0, y), (x0 + bw - 6, y + 32)),
                            fill="#fff6d6" if st.current else ("#e4e0d6" if skipped else "#ffffff"),
                            stroke="#e8a200" if st.current else "#8a8a8a", width=3 if st.current else 1,
                            tags=("step",) + (("current-step",) if st.current else ())))
            out.append(Mark("text", "names", ((x0 + (bw - 6) / 2, y + 16),), fill="#8a8a8a" if skipped else "#222222",
                            text=f"{i + 1}. {st.label.replace(' (skipped)', '')}", size=10, bold=st.current))
        y += 52
    sc = Scene("tracks", (0.0, 0.0, w, 0.0), PAPER, 26.0)
    short = len(rs.side_colours) > 2
    for row in rs.tracks(game):
        top, bottom = y, y + 120
        out.append(Mark("rect", "spaces", ((pad, top), (w - pad, bottom)), fill="#fffdf6", stroke="#e8a200" if row.current else "#b9b2a0",
                        width=4 if row.current else 1, tags=("track",) + (("current-track",) if row.current else ()), space=row.id))
        out.append(Mark("text", "names", ((pad + 14, top + 22),), fill="#222222", text=row.label + (" (now)" if row.current else ""),
                        size=15, bold=True, anchor="start", space=row.id))
        counts = {sd: row.slots.count(sd) for sd in dict.fromkeys(row.slots) if sd}
        out.append(Mark("text", "names", ((pad + 14, top + 44),), fill="#555555", text=", ".join(f"{k} {v}" for k, v in counts.items()),
                        size=12, anchor="start"))
        cx0 = pad + 300
        n = max(1, len(row.slots))
        room = w - pad - cx0 - 10
        r = max(5.0, min(26.0, (room / n - 18) / 2))
        gap = min(2 * r + 18, room / n)
        for i, side in enumerate(row.slots):
            fill, ink = colours_of(rs, side) if side else ("#ffffff", "#222222")
            cx, cy = cx0 + r + i * gap, (top + bottom) / 2 - (8 if row.labels else 0)
            out.append(Mark("oval", "pieces", ((cx - r, cy - r), (cx + r, cy + r)), fill=fill, stroke="#444444", width=2,
                            tags=("token", f"side:{side or 'none'}"), space=row.id))
            if side and r >= 10:
                out.append(Mark("text", "pieces", ((cx, cy),), fill=ink, text=side[:2 if short else 1].upper(), size=13, bold=True))
            if i < len(row.labels) and r >= 13:
                out.append(Mark("text", "names", ((cx, cy + r + 10),), fill="#222222", text=row.labels[i], size=9))
        if row.note:
            out.append(Mark("text", "names", ((pad + 14, bottom - 14),), fill="#7a3b00", text=row.note, size=12, italic=True, anchor="start"))
        sc.spaces[row.id] = SpaceView(row.id, row.label, (w / 2, (top + bottom) / 2), "", [row.label] + ([row.note] if row.note else [])
                                      + [f"slot {i + 1}: {s or 'empty'}" + (f" ({row.labels[i]})" if i < len(row.labels) else "")
                                         for i, s in enumerate(row.slots)])
        y += 134
    sc.marks = out
    sc.extent = (0.0, 0.0, w, y + pad)
    return sc


__all__ = ["AreaProjection", "BOX_H", "BOX_W", "GAME_LAYERS", "LAYERS", "Mark", "ON_DEMAND", "PieceView", "Scene", "SpaceView",
           "area_front", "area_game_marks", "area_holders", "area_map_marks", "area_scene", "box_rect", "box_slots", "counter_width",
           "declutter", "flag_pole", "front_sides", "held_tint", "hex_game_marks", "hex_layout", "hex_map_marks", "hex_scene",
           "holders", "line_ends", "line_paths", "midpoint", "position_scene", "selection_marks", "text_width", "tracks_scene"]
