"""What a piece and a mark look like, as :class:`~mapref.render.marks.Mark`\\ s: one drawing of a
counter (its colours, its edge, its text fitted inside it), a fleet, a fort, a marker's pennant,
a ring that shows on every colour, an objective's star, a capital's dot, for every drawing of a
position: the referee's boards (:mod:`mapref.ui.referee`, through :mod:`mapref.ui.marks_tk`), the
web page and the printed position (:mod:`mapref.render.scene`).  No tkinter and no PIL here: the
drawing measures its own text (``measure``).

Sizes are the caller's, from the zoom: ``size`` is a counter's width (most of a hex, or a share
of an area map's scale), so counters and their text grow and shrink with the map.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from mapref.render.labels import Measure, fits, fitted_size, text_width
from mapref.render.marks import Mark, Point, pts
from mapref.render.style import blend, text_colour_on

NEUTRAL_COLOURS = ("#555555", "#ffffff")
SELECTED = "#ffd400"
UNSUPPLIED = "#ff3b30"
EDGE = "#f4f1e8"
HALO = "#ffffff"
FADED = "#ffffff"  # the supply view's unsupplied spaces
SUPPLY_LINE = "#1e9e3a"
FRONT = "#111111"
RING = "#d0021b"  # a ring mark (a battle waiting)
FORT_FILL = "#e9e2c8"
INK = "#1a1a1a"
MIN_TEXT = 8.0  # pixels: a counter's text smaller than this widens the counter, or is left out

Colours = Callable[[str], tuple[str, str]]  # side -> (fill, ink)


def colours_of(rs, game, side: str) -> tuple[str, str]:
    """A side's (fill, ink) as its ruleset gives them in ``game`` (a grey counter for a side it
    does not)."""
    return rs.colours(game).get(side, NEUTRAL_COLOURS)


def held_tint(base: str, printed: str, mark: str) -> float:
    """How strongly a space held by another side than at the start takes its holder's colour
    ``mark`` over its own ``base``: as strong as the labels drawn for the printed colour stay
    readable (0.6 down to 0.25).  ``blend(base, mark, t)`` is the fill; ``mark`` laid over
    ``base`` at opacity t is the same."""
    for t in (0.6, 0.5, 0.4, 0.3):
        if text_colour_on(blend(base, mark, t)) == text_colour_on(printed):
            return t
    return 0.25


def tinted(base: str, printed: str, mark: str) -> str:
    """The fill of a held space: its own ``base`` colour blended with its holder's ``mark``
    (:func:`held_tint`)."""
    return blend(base, mark, held_tint(base, printed, mark))


def counter_edge(supplied: bool | None, selected: bool, size: float) -> tuple[str, float]:
    """A counter's edge: the selected one's yellow and thick, an unsupplied one's red."""
    if selected:
        return SELECTED, max(2.5, size / 10)
    return (UNSUPPLIED if supplied is False else EDGE), max(1.5, size / 14)


def counter(
    x: float,
    y: float,
    w: float,
    fill: str,
    ink: str,
    text: str,
    edge: str,
    line: float,
    tags: tuple,
    space: str = "",
    *,
    grow: bool = True,
    measure: Measure = text_width,
    layer: str = "pieces",
) -> list[Mark]:
    """A counter ``w`` wide centred at (x, y), its text fitted inside; a text too long to read at
    that width ("10-0+2" at the fit zoom) widens the counter instead, or, where it may not grow
    (a slot of a crowded box), is left out (the side panel lists it)."""
    h = w * 0.72
    size = 0.0
    if text:
        room = w - 2 * line - 2
        size = fitted_size(text, room, h - 2, measure, least=MIN_TEXT)
        if not fits(text, size, room, measure):
            need = measure(text, MIN_TEXT, True) + 2 * line + 4
            if grow:
                w = max(w, need)
            elif need > w:
                text = ""
    out = [
        Mark(
            "rect",
            layer,
            pts([(x - w / 2, y - h / 2), (x + w / 2, y + h / 2)]),
            fill=fill,
            stroke=edge,
            width=line,
            tags=tags + ("counter",),
            space=space,
        )
    ]
    if text:
        out.append(
            Mark(
                "text",
                layer,
                pts([(x, y)]),
                fill=ink,
                text=text,
                size=size,
                bold=True,
                tags=tags + ("strength",),
                space=space,
                fit=round(w - 2 * line - 2, 2),
            )
        )
    return out


def _fitted_text(
    x: float,
    y: float,
    text: str,
    width: float,
    height: float,
    colour: str,
    tags: tuple,
    space: str,
    measure: Measure,
    layer: str,
) -> list[Mark]:
    """A short text fitted into a box (a fleet's or a fort's strength), left out where even the
    smallest size would not fit."""
    if not text:
        return []
    size = fitted_size(text, width, height, measure, least=MIN_TEXT * 0.75)
    if not fits(text, size, width * 1.25, measure):
        return []
    return [
        Mark(
            "text",
            layer,
            pts([(x, y)]),
            fill=colour,
            text=text,
            size=size,
            bold=True,
            tags=tags,
            space=space,
            fit=round(width, 2),
        )
    ]


def fleet(
    x: float,
    y: float,
    s: float,
    fill: str,
    ink: str,
    text: str,
    tags: tuple,
    space: str = "",
    *,
    measure: Measure = text_width,
    layer: str = "pieces",
) -> list[Mark]:
    """A fleet: an oval ``s`` across (its strength inside)."""
    return [
        Mark(
            "oval",
            layer,
            pts([(x - s * 0.25, y - s * 0.22), (x + s * 0.25, y + s * 0.22)]),
            fill=fill,
            stroke=EDGE,
            width=1,
            tags=tags,
            space=space,
        )
    ] + _fitted_text(x, y, text, s * 0.42, s * 0.36, ink, tags, space, measure, layer)


def fort(
    x: float,
    y: float,
    s: float,
    fill: str,
    text: str,
    tags: tuple,
    space: str = "",
    *,
    measure: Measure = text_width,
    layer: str = "pieces",
) -> list[Mark]:
    """A fort: a pale square edged in its side's colour, its text in that colour."""
    return [
        Mark(
            "rect",
            layer,
            pts([(x - s * 0.22, y - s * 0.2), (x + s * 0.22, y + s * 0.2)]),
            fill=FORT_FILL,
            stroke=fill,
            width=2,
            tags=tags,
            space=space,
        )
    ] + _fitted_text(x, y, text, s * 0.38, s * 0.34, fill, tags, space, measure, layer)


def pennant(x: float, y: float, s: float, fill: str, tags: tuple, space: str = "", layer: str = "pieces") -> list[Mark]:
    """A marker (a control flag, an occupation marker): a pennant on its pole, the pennant's
    point at (x, y); ``s`` sets its size."""
    r = s * 0.2
    return [
        Mark(
            "poly",
            layer,
            pts([(x, y), (x + r * 2, y + r * 0.6), (x, y + r * 1.2)]),
            fill=fill,
            stroke=EDGE,
            width=1,
            tags=tags,
            space=space,
        ),
        Mark(
            "line",
            layer,
            pts([(x, y), (x, y + r * 2.2)]),
            stroke="#222222",
            width=max(1.0, r / 5),
            tags=tags,
            space=space,
        ),
    ]


def ring(
    cx: float, cy: float, r: float, width: float, colour: str, layer: str, tags: tuple = (), space: str = ""
) -> list[Mark]:
    """A ring that shows on every colour: a dark edge, a white halo, the coloured ring."""
    box = pts([(cx - r, cy - r), (cx + r, cy + r)])
    return [
        Mark("oval", layer, box, stroke="#000000", width=width * 2 + 4, tags=tags, space=space),
        Mark("oval", layer, box, stroke=HALO, width=width * 2, tags=tags, space=space),
        Mark("oval", layer, box, stroke=colour, width=width, tags=tags, space=space),
    ]


def piece_marks(
    p,
    x: float,
    y: float,
    size: float,
    colours: Colours,
    *,
    selected: bool = False,
    supply: bool = False,
    grow: bool = True,
    measure: Measure = text_width,
) -> list[Mark]:
    """One piece (:class:`~mapref.rules.ruleset.Piece`) as its kind is drawn, at (x, y):
    "marker" a pennant, "fleet" an oval, "fort" a pale square, any other kind a counter ``size``
    wide with its text (``grow``: it may widen for its text), edged yellow when ``selected``,
    red when out of supply and, with the ``supply`` view on, ringed (layer "supply-rings").
    Every mark carries the tag "piece" and the piece's id as its space."""
    fill, ink = colours(p.side)
    side = f"side:{p.side}"
    if p.kind == "marker":
        return pennant(x, y, size * 0.9, fill, ("piece", "pennant", "marker", side), p.id)
    tags = ("piece", "unit", p.kind, side)
    if p.kind == "fleet":
        return fleet(x, y, size * 1.3, fill, ink, p.text, tags, p.id, measure=measure)
    if p.kind == "fort":
        return fort(x, y, size * 1.3, fill, p.text, tags, p.id, measure=measure)
    edge, line = counter_edge(p.supplied, selected, size)
    out = counter(x, y, size, fill, ink, p.text, edge, line, tags, p.id, grow=grow, measure=measure)
    if p.supplied is False and supply:
        out += ring(x, y, size * 0.78, max(2.0, size / 16), UNSUPPLIED, "supply-rings", ("unsupplied-ring",), p.id)
    return out


def placed_marks(
    pieces,
    places: dict,
    colours: Colours,
    *,
    selected: str | None = None,
    supply: bool = False,
    measure: Measure = text_width,
) -> list[Mark]:
    """The ``pieces`` where ``places`` puts them (piece id -> (x, y, size, may grow)), in the
    order given (:func:`piece_marks`)."""
    out: list[Mark] = []
    for p in pieces:
        at = places.get(p.id)
        if at is not None:
            x, y, size, grow = at
            out += piece_marks(
                p, x, y, size, colours, selected=p.id == selected, supply=supply, grow=grow, measure=measure
            )
    return out


def star_points(cx: float, cy: float, r: float) -> list[Point]:
    out = []
    for i in range(10):
        a = math.pi / 2 + i * math.pi / 5
        rr = r if i % 2 == 0 else r * 0.45
        out.append((cx + rr * math.cos(a), cy - rr * math.sin(a)))
    return out


def rule_mark(
    mk,
    cx: float,
    cy: float,
    r: float,
    colours: Colours,
    box: tuple[float, float, float, float] | None = None,
    layer: str = "battles",
) -> list[Mark]:
    """A ruleset's :class:`~mapref.rules.ruleset.Mark`: a star (an objective, in its holder's
    colour) or a dot (a capital) ``r`` across at (cx, cy); a ring (something to resolve) round
    ``box`` when given (the pieces it goes round), else ``r`` about (cx, cy)."""
    fill = colours(mk.side)[0] if mk.side else "#f2f2f2"
    tags = ("mark", f"mark:{mk.space}", f"mark-{mk.shape}")
    if mk.shape == "star":
        return [
            Mark(
                "poly",
                layer,
                pts(star_points(cx, cy, r)),
                fill=fill,
                stroke=INK,
                width=max(1.0, r / 6),
                tags=tags,
                space=mk.space,
            )
        ]
    if mk.shape == "dot":
        d = r * 0.6
        return [
            Mark(
                "oval",
                layer,
                pts([(cx - d, cy - d), (cx + d, cy + d)]),
                fill=fill,
                stroke=INK,
                width=1,
                tags=tags,
                space=mk.space,
            )
        ]
    x0, y0, x1, y1 = box if box is not None else (cx - r, cy - r, cx + r, cy + r)
    return [
        Mark("oval", layer, pts([(x0, y0), (x1, y1)]), stroke=RING, width=3, dash=(5, 3), tags=tags, space=mk.space)
    ]


def selection_marks(
    supplied: bool | None,
    path: list[Point],
    cut: list[str],
    centre: Callable[[str], Point | None],
    line: float,
    ring_r: float,
    ring_width: float,
    layer: str = "selection",
) -> list[Mark]:
    """What is shown of a selected piece: its supply line (``path``, points from the piece to its
    source) with a white halo and an arrow to its source, or a ring at every space that cuts it
    (``cut``, placed by ``centre``)."""
    out: list[Mark] = []
    if supplied and len(path) > 1:
        line_pts = pts(path)
        out.append(Mark("line", layer, line_pts, stroke=HALO, width=line + 4, tags=("supply-halo",)))
        out.append(Mark("line", layer, line_pts, stroke=SUPPLY_LINE, width=line, arrow="last", tags=("supply-path",)))
    for sp in cut:
        c = centre(sp)
        if c is not None:
            out += ring(c[0], c[1], ring_r, ring_width, UNSUPPLIED, layer, ("supply-cut", f"cut:{sp}"), sp)
    return out


def marks_box(marks: list[Mark], measure: Measure = text_width) -> tuple[float, float, float, float] | None:
    """The box the marks cover (a text's by ``measure``)."""
    xs0, ys0, xs1, ys1 = [], [], [], []
    for m in marks:
        b = m.box(measure)
        xs0.append(b[0])
        ys0.append(b[1])
        xs1.append(b[2])
        ys1.append(b[3])
    return (min(xs0), min(ys0), max(xs1), max(ys1)) if xs0 else None


__all__ = [
    "colours_of",
    "held_tint",
    "tinted",
    "EDGE",
    "FADED",
    "FORT_FILL",
    "FRONT",
    "HALO",
    "MIN_TEXT",
    "NEUTRAL_COLOURS",
    "RING",
    "SELECTED",
    "SUPPLY_LINE",
    "UNSUPPLIED",
    "placed_marks",
    "counter",
    "counter_edge",
    "fleet",
    "fort",
    "marks_box",
    "pennant",
    "piece_marks",
    "ring",
    "rule_mark",
    "selection_marks",
    "star_points",
]
