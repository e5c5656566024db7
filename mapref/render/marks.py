"""What a drawing of a position is made of, as plain data (no tkinter and no PIL here).

A :class:`Mark` is one plain shape (a polygon, a line, a rectangle, an oval, a text, a symbol
placed at a point) in the drawing's coordinates, with its style, its layer (:data:`LAYERS`), its
tags and the space it stands for.  The web page writes each as an SVG element
(:mod:`mapref.render.html`), the printed position draws each with pillow
(:mod:`mapref.render.game_overlay`), the referee's window makes each one Tk canvas item
(:mod:`mapref.ui.marks_tk`).  A :class:`Scene` is a whole position: its marks, its pieces with
the referee's verdicts (:class:`PieceView`), what the inspector says of each space
(:class:`SpaceView`), and the position's text (:mod:`mapref.render.scene` makes it).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from collections.abc import Iterable

from mapref.render.labels import Measure, text_width

Point = tuple[float, float]

# The layers, bottom to top.  The map's own: land (an area map's coast), spaces (hexes,
# locations), marks (what is printed on a hex), halves, lines (hexside features, move lines),
# boxes, names, values.  The game's (GAME_LAYERS): held (captured spaces tinted), front,
# supply-view (each side's supplied territory: shown on demand), objectives (a ruleset's stars
# and dots), pieces, flags, supply-rings (every unsupplied army ringed: with the supply view),
# battles (a ruleset's rings: something to resolve).
LAYERS = (
    "land",
    "spaces",
    "held",
    "marks",
    "halves",
    "lines",
    "boxes",
    "names",
    "values",
    "front",
    "supply-view",
    "objectives",
    "pieces",
    "flags",
    "supply-rings",
    "battles",
)
GAME_LAYERS = ("held", "front", "supply-view", "objectives", "pieces", "flags", "supply-rings", "battles")
ON_DEMAND = ("supply-view", "supply-rings")  # drawn only with the supply view


def r2(v: float) -> float:
    return round(v, 2)


def pts(seq: Iterable[Point]) -> tuple[Point, ...]:
    """Points rounded to a hundredth (what a drawing needs, and a page stays small)."""
    return tuple((round(x, 2), round(y, 2)) for x, y in seq)


@dataclass(frozen=True)
class Mark:
    """One shape of the drawing.

    ``shape`` is "poly" (``pts`` a ring; ``holes`` more rings cut out of it), "line" (``pts``
    the points; ``arrow`` "last" or "both"), "rect" and "oval" (``pts`` two opposite corners),
    "text" (``pts`` its anchor point, ``size`` the font's height in the drawing's units,
    ``anchor`` start / middle / end) or "use" (the symbol ``text`` placed at ``pts[0]``).
    Colours are "#rrggbb" or "" (none); ``opacity`` is the fill's."""

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

    def box(self, measure: Measure = text_width) -> tuple[float, float, float, float]:
        """The box the mark covers (a text's measured by ``measure``; a line's and an outline's
        half width included)."""
        if self.shape == "text":
            x, y = self.pts[0]
            w = max(measure(t, self.size, self.bold) for t in self.text.split("\n"))
            if self.fit:
                w = min(w, self.fit)
            x0 = x - w / 2 if self.anchor == "middle" else (x - w if self.anchor == "end" else x)
            lines = self.text.count("\n") + 1
            return x0, y - self.size * 0.6 * lines, x0 + w, y + self.size * 0.6 * lines
        xs = [p[0] for p in self.pts]
        ys = [p[1] for p in self.pts]
        e = self.width / 2 if self.stroke or self.shape == "line" else 0.0
        return min(xs) - e, min(ys) - e, max(xs) + e, max(ys) + e

    def moved(self, dx: float, dy: float) -> Mark:
        from dataclasses import replace

        return replace(
            self,
            pts=pts((x + dx, y + dy) for x, y in self.pts),
            holes=tuple(pts((x + dx, y + dy) for x, y in r) for r in self.holes),
        )


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
    scale: float = 1.0  # an area map's unit (scene_area.area_unit): what its lines and rings are sized by
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


def pieces_here(pieces: list[PieceView], space: str) -> list[str]:
    """What stands on ``space``, a line each, as the inspector lists it."""
    out = []
    for p in pieces:
        if p.space != space:
            continue
        what = "" if p.kind == "army" else f" ({p.kind})"
        flag = ", out of supply" if p.supplied is False else ""
        out.append(f"{p.title or p.kind}{what} {p.text} [{p.side}{flag}]".replace("  ", " "))
    return out


def supply_facts(view: dict) -> dict[str, str]:
    """What the inspector says of each space's supply, from the supply view: which side traces
    supply to it, or whose it is without supply."""
    out: dict[str, str] = {}
    for side, (sup, unsup) in view.items():
        out.update(dict.fromkeys(sup, f"supplied for {side}"))
        out.update(dict.fromkeys(unsup, f"{side}: traces no supply"))
    return out


def piece_views(pieces, places: dict, centre) -> list[PieceView]:
    """Each piece drawn (``places``: piece id -> (x, y, ...)) with the referee's verdict: its
    supply line as points of the drawing (``centre(space)``), the spaces that cut it."""
    views: list[PieceView] = []
    for p in pieces:
        if p.id not in places:
            continue
        x, y = places[p.id][:2]
        path = [c for c in (centre(sp) for sp in p.supply_path) if c is not None] if p.supplied else []
        views.append(
            PieceView(
                p.id,
                p.kind,
                p.side,
                p.space,
                p.title,
                str(p.text),
                (r2(x), r2(y)),
                p.supplied,
                [(r2(a), r2(b)) for a, b in path],
                list(p.cut),
                p.why,
                list(p.info),
                p.selectable,
            )
        )
    return views


__all__ = [
    "supply_facts",
    "piece_views",
    "GAME_LAYERS",
    "LAYERS",
    "ON_DEMAND",
    "Mark",
    "PieceView",
    "Point",
    "Scene",
    "SpaceView",
    "pieces_here",
    "pts",
    "r2",
]
