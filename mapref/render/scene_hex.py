"""A game on a hex map as marks (:mod:`mapref.render.marks`): the map as the referee's window
draws it, the game on it, the inspector's facts.  The game's decisions are made here once for
every drawing of it: which hexes are tinted in their holder's colour (:func:`held_tint`), where
the front runs (:func:`holders`, :func:`front_sides`), where each piece stands
(:func:`hex_piece_places`: counters most of a hex, several in a box side by side) and how it
looks (:func:`mapref.render.pieces.piece_marks`), the supply view, a ruleset's marks, the
selected piece's supply line or cut, and which names show (:func:`place_names`).

The referee's hex board (:class:`mapref.ui.referee.hex_board.HexBoard`) draws these marks for
the tiles it shows; the web page and the printed position draw :func:`hex_game_marks` for the
whole map.  No tkinter and no PIL here.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable

from mapref.core.grid import Hex
from mapref.core.layout import Layout
from mapref.render.labels import Box, Measure, dodge, place_labels, text_width
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
from mapref.render.pieces import FADED, FRONT, colours_of, held_tint, placed_marks, rule_mark, selection_marks
from mapref.render.style import GRID_LINE, LAND_UNOWNED, SEA_DEFAULT, blend, hex_fill, text_colour_on

PAPER = "#f4f1e8"  # the hex map's background
BOX_W, BOX_H = 3.0, 2.0  # an off-map box of a hex map, in hex sizes
Places = dict[str, tuple[float, float, float, bool]]  # piece id -> (x, y, size, may grow)


# ------------------------------------------------------------------------------ shared choices
def holders(rs, game, view=None, captured=None) -> dict[str, str]:
    """Who holds each space, for the front line: each side's spaces, supplied or not, as the
    supply view gives them (``view``, when asked already), and the captured ones
    (``control_view``, ``captured`` when asked already) over them."""
    held: dict[str, str] = {}
    for side, (sup, unsup) in (rs.supply_view(game) if view is None else view).items():
        held.update(dict.fromkeys(sup, side))
        held.update(dict.fromkeys(unsup, side))
    held.update(rs.control_view(game) if captured is None else captured)
    return held


def front_sides(grid, ctrl: dict[str, str], at_war: Callable[[str, str], bool]) -> list[tuple[Hex, str]]:
    """(hex, direction) of every side between hexes held by two sides at war, each side once
    (from the hex first in row order), walking the grid with integer steps."""
    R, C = grid.rows, grid.cols
    owners = list(map(ctrl.get, grid.labels_row_major()))
    hexes = grid.hex_list()
    dirs = grid.directions()
    steps = {
        par: [(k, dr, dc) for k, (dr, dc) in enumerate(st) if dr > 0 or (dr == 0 and dc > 0)]
        for par, st in grid.neighbour_steps().items()
    }
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


def counter_width(size: float) -> float:
    """An army counter's width on a hex map of hexes ``size`` wide: most of a hex, never too
    small to read at the window's fit zoom."""
    return min(1.6 * size, max(1.1 * size, 22.0))


def box_rect(lay: Layout, box) -> tuple[float, float, float, float]:
    """An off-map box's rectangle on a hex map drawn with ``lay``."""
    s = lay.size
    x, y = lay.origin[0] + box.position[0] * s, lay.origin[1] + box.position[1] * s
    return x, y, x + BOX_W * s, y + BOX_H * s


def box_slots(rect: tuple[float, float, float, float], n: int, size: float) -> tuple[list[Point], float]:
    """Where ``n`` counters go in an off-map box: centres and counter width.  They fill the part
    below the box's name in a grid, never wider than a counter on a hex, never overlapping each
    other or the production number (moved to the corner: :func:`box_production_at`)."""
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


def box_production_at(rect: tuple[float, float, float, float], size: float) -> tuple[float, float, float]:
    """Where a box's production number goes when counters fill the box: its top right corner,
    smaller (x, y, text size)."""
    x0, y0, x1, y1 = rect
    return x1 - 0.28 * size, y0 + 0.32 * size, max(8.0, size * 0.4)


def name_rank(d, x: float, y: float) -> tuple:
    """The order names are placed in: the capitals, then the biggest production, then from the
    top left."""
    return (0 if d is not None and d.capital else 1, -((d.production or 0) if d is not None else 0), y, x)


def fit_name_marks(m, lay: Layout, hexes, size: float, ink_of: Callable[[Hex], str], bold: bool = False) -> list[Mark]:
    """The names a view zoomed out shows (below the zoom where every name is drawn): the capitals'
    and the production cities', ``size`` high, below their hexes (tag ``fit-name``)."""
    s = lay.size
    out: list[Mark] = []
    for h in hexes:
        d = m.hexes[h]
        if d.name and (d.capital or d.production) and m.grid.contains(h):
            cx, cy = lay.centre(h)
            out.append(
                Mark(
                    "text",
                    "names",
                    pts([(cx, cy + s * 0.78)]),
                    fill=ink_of(h),
                    text=d.name,
                    size=size,
                    bold=bold,
                    tags=("fit-name",),
                    space=m.grid.label(h),
                )
            )
    return out


def place_names(
    names: list[Mark], ranks: list[tuple], obstacles: list[Box], measure: Measure = text_width
) -> list[Mark]:
    """The hex map's names that show, each clear of the others and of the counters and marks
    (``obstacles``): where the map puts it, or just below or above the counter in its way
    (:func:`mapref.render.labels.dodge`); one with no room is left out."""
    at = place_labels([(rk, m.box(measure)) for rk, m in zip(ranks, names, strict=True)], obstacles, dodge)
    return [m.moved(*o) if o != (0.0, 0.0) else m for m, o in zip(names, at, strict=True) if o is not None]


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


def hex_symbols(s: float) -> dict[str, list[Mark]]:
    """The shapes repeated on a hex map, about (0, 0): the hexagon (pointy or flat), the
    capital's star in a ring, the port's anchor, a mountain."""
    out: dict[str, list[Mark]] = {}
    for name, start in (("hex-pointy", 30), ("hex-flat", 0)):
        ring = [
            (s * math.cos(math.radians(start + 60 * i)), s * math.sin(math.radians(start + 60 * i))) for i in range(6)
        ]
        out[name] = [Mark("poly", "spaces", pts(ring))]
    r = s * 0.2
    star = [
        (
            (r * 0.8 if i % 2 == 0 else r * 0.36) * math.cos(-math.pi / 2 + i * math.pi / 5),
            (r * 0.8 if i % 2 == 0 else r * 0.36) * math.sin(-math.pi / 2 + i * math.pi / 5),
        )
        for i in range(10)
    ]
    out["capital"] = [
        Mark("oval", "marks", ((-r, -r), (r, r)), fill="none", width=max(1.0, s / 20)),
        Mark("poly", "marks", pts(star)),
    ]
    a = s * 0.18
    out["port"] = [
        Mark("line", "marks", ((0, -a), (0, a)), width=max(1.0, a / 4)),
        Mark("line", "marks", ((-a * 0.5, -a * 0.55), (a * 0.5, -a * 0.55)), width=max(1.0, a / 4)),
        Mark(
            "line",
            "marks",
            pts(
                [
                    (a * math.cos(math.radians(t)), a * 0.3 + a * 0.6 * math.sin(math.radians(t)))
                    for t in range(20, 161, 20)
                ]
            ),
            width=max(1.0, a / 4),
        ),
        Mark("oval", "marks", ((-a * 0.22, -a * 1.25), (a * 0.22, -a * 0.8)), fill="none", width=max(1.0, a / 4)),
    ]
    w = s * 0.3
    out["mountain"] = [
        Mark("poly", "marks", pts([(-w * 1.4, 0), (-w * 0.4, -w * 1.1), (w * 0.3, 0)]), fill="#9b8265"),
        Mark("poly", "marks", pts([(-w * 0.2, 0), (w * 0.6, -w * 0.8), (w * 1.4, 0)]), fill="#9b8265"),
    ]
    return out


def hex_map_marks(m, lay: Layout, obstacles: Iterable[Box] = ()) -> list[Mark]:
    """A hex map as the referee's window draws it (:class:`mapref.ui.canvas.MapCanvas`): each
    hex in its country's or sea's colour with the grid, the coordinates, production, capitals,
    ports, mountains, coastal seas and names; impassable sides and crossing arrows; off-map boxes
    with their land links and sea arrows; supply sources and lend-lease depots.  Names are
    placed as the window places them (:func:`place_names`: clear of each other and of the
    ``obstacles``, the boxes of the counters and marks over the map); the capitals' and
    production cities' names are also given large (tag ``fit-name``) for a view zoomed out."""
    s = lay.size
    grid = m.grid
    hexagon = "hex-pointy" if grid.orientation.value == "pointy" else "hex-flat"
    out: list[Mark] = []
    names: list[Mark] = []
    for h in grid.hex_list():
        _hex_marks(m, lay, h, hexagon, out, names)
    fit = fit_name_marks(m, lay, grid.hex_list(), s * 0.5, lambda h: text_colour_on(hex_fill(m, m.hexes[h])), bold=True)
    blocks = list(obstacles)
    for group in (names, fit):
        out += place_names(group, [name_rank(m.hexes.get(grid.parse(x.space)), *x.pts[0]) for x in group], blocks)
    out += _hexside_marks(m, lay)
    for bid, b in m.boxes.items():
        out += _box_marks(m, lay, bid, b)
    for f in m.features.values():
        out += _feature_marks(m, lay, f)
    return out


def _hex_marks(m, lay: Layout, h, hexagon: str, out: list[Mark], names: list[Mark]) -> None:
    """A hex in its colour with the grid, its coordinates, coastal sea, production, capital,
    port and mountain (to ``out``) and its name (to ``names``, placed later)."""
    s, grid = lay.size, m.grid
    small = s * 0.22
    d = m.hexes[h]
    label = grid.label(h)
    cx, cy = lay.centre(h)
    fill = hex_fill(m, d)
    ink = text_colour_on(fill)
    c = (r2(cx), r2(cy))
    out.append(
        Mark(
            "use",
            "spaces",
            (c,),
            fill=fill,
            stroke=GRID_LINE,
            width=1,
            text=hexagon,
            tags=("hex", d.terrain),
            space=label,
        )
    )
    out.append(
        Mark(
            "text",
            "marks",
            ((r2(cx), r2(cy - s * 0.6)),),
            fill=blend(ink, fill, 0.45),
            text=label,
            size=small,
            tags=("coord", "detail"),
        )
    )
    if d.terrain == "coastal":
        sea = m.seas.get(d.sea) if d.sea else None
        r = s * 0.16
        out.append(
            Mark(
                "oval",
                "marks",
                ((r2(cx - s * 0.7 - r), r2(cy - r)), (r2(cx - s * 0.7 + r), r2(cy + r))),
                fill=sea.colour if sea else SEA_DEFAULT,
                tags=("coast",),
            )
        )
    if d.production:
        out.append(
            Mark(
                "text",
                "marks",
                ((r2(cx), r2(cy + s * 0.1)),),
                fill=ink,
                text=str(d.production),
                size=s * 0.4,
                bold=True,
                tags=("production",),
            )
        )
    if d.capital:
        out.append(
            Mark(
                "use",
                "marks",
                ((r2(cx - s * 0.45), r2(cy - s * 0.18)),),
                fill=ink,
                stroke=ink,
                text="capital",
                tags=("capital",),
            )
        )
    if d.port:
        out += _port_marks(d, cx, cy, s)
    if d.mountain:
        out.append(
            Mark("use", "marks", ((r2(cx), r2(cy + s * 0.5)),), stroke="#6b4f2a", text="mountain", tags=("mountain",))
        )
    if d.name:
        names.append(
            Mark(
                "text",
                "names",
                ((r2(cx), r2(cy + s * 0.55)),),
                fill=ink,
                text=d.name,
                size=small,
                tags=("name", "detail"),
                space=label,
            )
        )


def _port_marks(d, cx: float, cy: float, s: float) -> list[Mark]:
    """A port's anchor (paler when optional) and its capacity when not the usual 10."""
    out: list[Mark] = []
    small = s * 0.22
    colour = "#1b2f7a" if not d.port_optional else "#6a7bb0"
    out.append(
        Mark("use", "marks", ((r2(cx + s * 0.45), r2(cy - s * 0.15)),), stroke=colour, text="port", tags=("port",))
    )
    if d.port != 10:
        out.append(
            Mark(
                "text",
                "marks",
                ((r2(cx + s * 0.45), r2(cy + s * 0.18)),),
                fill="#1b2f7a",
                text=str(d.port),
                size=small,
                tags=("port", "detail"),
            )
        )
    return out


def _hexside_marks(m, lay: Layout) -> list[Mark]:
    """Impassable sides and straits crossing arrows."""
    s, grid = lay.size, m.grid
    out: list[Mark] = []
    for side, sd in m.hexsides.items():
        (ax, ay), (bx, by) = lay.hexside_segment(side)
        if sd.impassable:
            out.append(
                Mark(
                    "line",
                    "lines",
                    pts([(ax, ay), (bx, by)]),
                    stroke="#111111",
                    width=max(3, s / 6),
                    tags=("impassable",),
                )
            )
        if sd.crossing and grid.contains(side.a) and grid.contains(side.b):
            (x0, y0), (x1, y1) = lay.centre(side.a), lay.centre(side.b)
            mx, my = (x0 + x1) / 2, (y0 + y1) / 2
            out.append(
                Mark(
                    "line",
                    "lines",
                    pts([(mx + (x0 - mx) * 0.7, my + (y0 - my) * 0.7), (mx + (x1 - mx) * 0.7, my + (y1 - my) * 0.7)]),
                    stroke="#b01818",
                    width=max(2, s / 10),
                    arrow="both",
                    tags=("crossing",),
                )
            )
    return out


def _box_marks(m, lay: Layout, bid: str, b) -> list[Mark]:
    """An off-map box: its links to its land hexes, its sea arrows with their lengths, the box
    in its country's colour with its name and production."""
    s, grid = lay.size, m.grid
    small = s * 0.22
    out: list[Mark] = []
    x0, y0, x1, y1 = box_rect(lay, b)
    fill = m.countries[b.country].colour if b.country in m.countries else LAND_UNOWNED
    ink = text_colour_on(fill)
    space = f"box:{bid}"
    for h in b.land:
        if grid.contains(h):
            cx, cy = lay.centre(h)
            out.append(
                Mark(
                    "line",
                    "boxes",
                    pts([(cx, cy), (min(max(cx, x0), x1), min(max(cy, y0), y1))]),
                    stroke="#6b4f2a",
                    width=max(1, s / 14),
                    tags=("box-link",),
                )
            )
    for a in b.sea_arrows:
        if grid.contains(a.hex):
            cx, cy = lay.centre(a.hex)
            tx, ty = min(max(cx, x0), x1), min(max(cy, y0), y1)
            out.append(
                Mark(
                    "line",
                    "boxes",
                    pts([(cx, cy), (tx, ty)]),
                    stroke="#1b2f7a",
                    width=max(2, s / 12),
                    arrow="last",
                    tags=("sea-arrow",),
                )
            )
            out.append(
                Mark(
                    "text",
                    "boxes",
                    ((r2((cx + tx) / 2), r2((cy + ty) / 2 - s * 0.2)),),
                    fill="#1b2f7a",
                    text=str(a.length),
                    size=s * 0.4,
                    bold=True,
                    tags=("sea-arrow",),
                )
            )
    out.append(
        Mark(
            "rect", "boxes", pts([(x0, y0), (x1, y1)]), fill=fill, stroke="#222222", width=2, tags=("box",), space=space
        )
    )
    out.append(
        Mark(
            "text",
            "boxes",
            ((r2((x0 + x1) / 2), r2(y0 + 0.6 * s)),),
            fill=ink,
            text=b.name,
            size=small * 1.3,
            tags=("box-name",),
            space=space,
        )
    )
    if b.production:
        out.append(
            Mark(
                "text",
                "boxes",
                ((r2((x0 + x1) / 2), r2(y0 + 1.35 * s)),),
                fill=ink,
                text=str(b.production),
                size=s * 0.4,
                bold=True,
                tags=("box-production",),
                space=space,
            )
        )
    return out


def _feature_marks(m, lay: Layout, f) -> list[Mark]:
    """A supply source (a ring) or a lend-lease depot (a half-black disc), at its hex or in its box."""
    s, grid = lay.size, m.grid
    out: list[Mark] = []
    if f.hex is not None and grid.contains(f.hex):
        cx, cy = lay.centre(f.hex)
    elif f.box in m.boxes:
        x0, y0, x1, y1 = box_rect(lay, m.boxes[f.box])
        cx, cy = x1 - 0.3 * s, y1 - 0.3 * s
    else:
        return []
    if f.kind == "supply_source":
        r = s * 0.78 if f.hex is not None else s * 0.25
        out.append(
            Mark(
                "oval",
                "lines",
                pts([(cx - r, cy - r), (cx + r, cy + r)]),
                stroke="#e0a000",
                width=max(2, s / 10),
                tags=("supply-source",),
            )
        )
    else:
        r = s * 0.17
        px, py = (cx + s * 0.42, cy + s * 0.22) if f.hex is not None else (cx, cy)
        out.append(
            Mark(
                "oval",
                "lines",
                pts([(px - r, py - r), (px + r, py + r)]),
                fill="#ffffff",
                stroke="#000000",
                width=1,
                tags=("depot",),
            )
        )
        half = [(px + r * math.cos(math.radians(a)), py - r * math.sin(math.radians(a))) for a in range(90, 271, 15)]
        out.append(Mark("poly", "lines", pts(half), fill="#000000", tags=("depot",)))
    return out


def hex_centre(m, board, lay: Layout, space: str) -> Point | None:
    """Where a space is drawn: a hex's centre or the middle of a box."""
    sp = board.space(space)
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


# ---------------------------------------------------------------------------------- the game
def hex_piece_places(m, lay: Layout, pieces, centre: Callable[[str], Point | None]) -> Places:
    """Where each piece stands and how big it is drawn: piece id -> (x, y, size, may grow).
    An army (any counter) on a hex at its centre, most of a hex wide (:func:`counter_width`);
    a fleet at the hex's top right, a fort at its bottom left, an occupation marker's pennant
    at its top right corner; the counters of an off-map box in a grid below its name
    (:func:`box_slots`), never wider than a counter on a hex (and not growing for their
    text).  ``centre(space)`` is where a space is drawn."""
    s = lay.size
    out: Places = {}
    in_box: dict[str, list] = {}
    for p in pieces:
        if p.kind != "marker" and p.space.startswith("box:"):
            in_box.setdefault(p.space, []).append(p)
    for space, ps in in_box.items():
        b = m.boxes.get(space[4:])
        if b is None:
            continue
        xy, cw = box_slots(box_rect(lay, b), len(ps), s)
        for p, (x, y) in zip(ps, xy, strict=True):
            out[p.id] = (x, y, cw, False)
    for p in pieces:
        if p.id in out or (p.kind != "marker" and p.space.startswith("box:")):
            continue
        c = centre(p.space)
        if c is None:
            continue
        cx, cy = c
        if p.kind == "marker":
            out[p.id] = (cx + s * 0.25, cy - s * 0.65, s, True)
        elif p.kind == "fleet":
            out[p.id] = (cx + s * 0.45, cy - s * 0.52, s, True)
        elif p.kind == "fort":
            out[p.id] = (cx - s * 0.47, cy + s * 0.5, s, True)
        else:
            out[p.id] = (cx, cy, counter_width(s), True)
    return out


def hex_pieces_marks(
    pieces, places: Places, colours, *, selected: str | None = None, supply: bool = False, measure: Measure = text_width
) -> list[Mark]:
    """The ``pieces`` standing where ``places`` puts them (:func:`hex_piece_places`)."""
    return placed_marks(pieces, places, colours, selected=selected, supply=supply, measure=measure)


def hex_rule_marks(marks, centre: Callable[[str], Point | None], s: float, colours) -> list[Mark]:
    """A ruleset's marks on a hex map: a star or a dot in the hex's top left, a ring round the
    hex (something to resolve there)."""
    out: list[Mark] = []
    for mk in marks:
        c = centre(mk.space)
        if c is None:
            continue
        if mk.shape == "ring":
            out += rule_mark(mk, c[0], c[1], s * 0.9, colours, layer="battles")
        else:
            out += rule_mark(mk, c[0] - s * 0.5, c[1] - s * 0.55, max(5.0, s * 0.28), colours, layer="objectives")
    return out


def hex_front_marks(lay: Layout, sides: list[tuple[Hex, str]]) -> list[Mark]:
    """The front line: a thick line along every side between spaces held by two sides at war."""
    w = max(2.0, lay.size / 8)
    return [
        Mark("line", "front", pts(lay.side_segment(h, dr)), stroke=FRONT, width=w, tags=("front",)) for h, dr in sides
    ]


def hex_supply_view_marks(view: dict, colours, hexes: Callable[[str], Hex | None], lay: Layout) -> list[Mark]:
    """The supply view: each side's supplied hexes shaded in its colour, its unsupplied ones
    faded (``hexes(space)``: the hex of a space drawn, or None)."""
    s = lay.size
    out: list[Mark] = []
    for side, (sup, unsup) in view.items():
        fill = colours(side)[0]
        for sp in sorted(sup):
            h = hexes(sp)
            if h is not None:
                out.append(
                    Mark(
                        "poly",
                        "supply-view",
                        pts(lay.corners(h)),
                        fill=fill,
                        opacity=0.2,
                        tags=("supply-view", "supplied", f"supplied:{side}"),
                        space=sp,
                    )
                )
        for sp in sorted(unsup):
            h = hexes(sp)
            if h is not None:
                out.append(
                    Mark(
                        "poly",
                        "supply-view",
                        pts(lay.corners(h)),
                        fill=FADED,
                        opacity=0.5,
                        stroke=fill,
                        width=max(2, s / 10),
                        dash=(4, 2),
                        tags=("supply-view", "unsupplied", f"unsupplied:{side}"),
                        space=sp,
                    )
                )
    return out


def hex_selection(
    supplied: bool | None, path: list[Point], cut: list[str], centre: Callable[[str], Point | None], s: float
) -> list[Mark]:
    """The selected piece on a hex map: its supply line, or rings where it is cut."""
    return selection_marks(supplied, path, cut, centre, max(3.0, s / 7), s * 0.8, max(3.0, s / 8))


def hex_held_marks(rs, game, m, lay: Layout, hexes: Callable[[str], Hex | None]) -> list[Mark]:
    """The captured hexes in their holder's colour, as strong as :func:`held_tint` says."""
    out: list[Mark] = []
    for space, side in sorted(rs.control_view(game).items()):
        h = hexes(space)
        if h is None:
            continue
        base = hex_fill(m, m.hexes[h])
        mark = colours_of(rs, game, side)[0]
        out.append(
            Mark(
                "poly",
                "held",
                pts(lay.corners(h)),
                fill=mark,
                opacity=held_tint(base, base, mark),
                tags=("held", f"held:{side}"),
                space=space,
            )
        )
    return out


def hex_game_marks(
    session,
    lay: Layout,
    report=None,
    *,
    supply: bool = True,
    selected: str | None = None,
    measure: Measure = text_width,
):
    """The game on a hex map, as the referee's window draws it (:class:`mapref.ui.referee.hex_board.HexBoard`):
    returns (marks, pieces, holders).  The captured hexes tinted in their holder's colour (layer
    ``held``), the front line, each side's supplied hexes shaded and its unsupplied ones faded
    (``supply-view``; only with ``supply``), the ruleset's marks, the pieces (armies as
    counters with their strength, several in a box side by side, fleets, forts, occupation
    markers; an unsupplied army edged in red and, in the supply view, ringed), and the supply
    line or the cut of the ``selected`` piece (layer ``selection``)."""
    rs, game, m, board = session.ruleset, session.game, session.map, session.board
    rep = report if report is not None else session.report()
    s = lay.size

    def colours(side: str) -> tuple[str, str]:
        return colours_of(rs, game, side)

    def hex_of(space: str) -> Hex | None:
        sp = board.space(space)
        if sp is None or sp.is_box:
            return None
        try:
            return m.grid.parse(space)
        except ValueError:
            return None

    def centre(space: str) -> Point | None:
        return hex_centre(m, board, lay, space)

    view = rs.supply_view(game)
    ctrl = holders(rs, game, view)
    war: dict = {}

    def at_war(a: str, b: str) -> bool:
        if (a, b) not in war:
            war[(a, b)] = rs.at_war(game, a, b)
        return war[(a, b)]

    out = hex_held_marks(rs, game, m, lay, hex_of)
    out += hex_front_marks(lay, front_sides(m.grid, ctrl, at_war))
    if supply:
        out += hex_supply_view_marks(view, colours, hex_of, lay)
    out += hex_rule_marks(rs.marks(game), centre, s, colours)
    pieces = rs.pieces(game, rep)
    places = hex_piece_places(m, lay, pieces, centre)
    out += hex_pieces_marks(pieces, places, colours, selected=selected, supply=supply, measure=measure)
    views = piece_views(pieces, places, centre)
    if selected is not None:
        v = next((x for x in views if x.id == selected or x.title == selected), None)
        if v is not None:
            out += hex_selection(v.supplied, v.path, v.cut, centre, s)
    return out, views, ctrl


def obstacles_of(marks: list[Mark], measure: Measure = text_width) -> list[Box]:
    """The boxes names must keep clear of: the pieces and the ruleset's marks."""
    return [mk.box(measure) for mk in marks if "piece" in mk.tags or "mark" in mk.tags]


def hex_scene(
    session,
    *,
    size: float = 30.0,
    layout: Layout | None = None,
    report=None,
    with_map: bool = True,
    supply: bool = True,
    memo: dict | None = None,
) -> Scene:
    """A game on a hex map: the map as the referee's window draws it (``with_map``) and the
    game (:func:`hex_game_marks`), the names clear of its pieces; the inspector's facts of every
    hex and box.  ``memo``: a dict kept between scenes of one map and layout (the positions of
    one game), where the map's marks are kept while the pieces they keep clear of stand still."""
    m = session.map
    lay = layout or hex_layout(m, size)
    rep = report if report is not None else session.report()
    sc = Scene("hex", hex_extent(m, lay), PAPER, lay.size)
    game_marks, pieces, held = hex_game_marks(session, lay, rep, supply=supply)
    if with_map:
        obstacles = obstacles_of(game_marks)
        key = (id(m), getattr(m, "version", 0), lay.size, tuple(obstacles))
        kept = memo.get("map") if memo is not None else None
        map_marks = kept[1] if kept is not None and kept[0] == key else hex_map_marks(m, lay, obstacles)
        if memo is not None:
            memo["map"] = (key, map_marks)
        sc.marks += _boxes_with_pieces(map_marks, m, lay, pieces)
        sc.symbols = hex_symbols(lay.size)
    sc.marks += game_marks
    sc.pieces = pieces
    sc.supply = {
        side: (sorted(sup), sorted(unsup)) for side, (sup, unsup) in session.ruleset.supply_view(session.game).items()
    }
    if with_map:
        sc.spaces = _hex_spaces(session, lay, held, pieces)
    return sc


def _boxes_with_pieces(marks: list[Mark], m, lay: Layout, pieces: list[PieceView]) -> list[Mark]:
    """A box with counters in it has its production number in its corner (:func:`box_slots`)."""
    full = {p.space for p in pieces if p.space.startswith("box:") and p.kind != "marker"}
    if not full:
        return marks
    from dataclasses import replace

    out = []
    for mk in marks:
        if "box-production" in mk.tags and mk.space in full and mk.space[4:] in m.boxes:
            x, y, size = box_production_at(box_rect(lay, m.boxes[mk.space[4:]]), lay.size)
            mk = replace(mk, pts=pts([(x, y)]), size=size)
        out.append(mk)
    return out


def _hex_spaces(session, lay: Layout, ctrl: dict[str, str], pieces: list[PieceView]) -> dict[str, SpaceView]:
    """What the inspector says of every hex and box: the map's line (code and name, country,
    terrain, sea, production, port, capital, mountain), who holds it, whether its holder
    traces supply to it, and what stands there."""
    m = session.map
    rs, game = session.ruleset, session.game
    lay_sup = supply_facts(rs.supply_view(game))
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
        here = pieces_here(pieces, label)
        facts += [f"here: {x}" for x in here]
        c = lay.centre(h)
        out[label] = SpaceView(label, d.name or "", (r2(c[0]), r2(c[1])), holder, facts)
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
        facts += [f"here: {x}" for x in pieces_here(pieces, space)]
        out[space] = SpaceView(space, b.name, (r2((x0 + x1) / 2), r2((y0 + y1) / 2)), holder, facts)
    return out


__all__ = [
    "BOX_H",
    "BOX_W",
    "PAPER",
    "box_production_at",
    "box_rect",
    "box_slots",
    "counter_width",
    "front_sides",
    "hex_centre",
    "hex_extent",
    "hex_front_marks",
    "hex_game_marks",
    "hex_held_marks",
    "hex_layout",
    "hex_map_marks",
    "hex_piece_places",
    "hex_pieces_marks",
    "hex_rule_marks",
    "hex_scene",
    "hex_selection",
    "hex_supply_view_marks",
    "hex_symbols",
    "holders",
    "fit_name_marks",
    "name_rank",
    "obstacles_of",
    "place_names",
]
