"""How the referee's board views draw what a ruleset shows (the pieces, the marks) and the
colours they share, so the legend is drawn with the very functions the boards use.

Sizes are given by the caller from the zoom (a counter is most of a hex, or a fixed share of an
area map's scale), so counters and their text grow and shrink with the map.
"""

from __future__ import annotations

import math
import tkinter as tk

NEUTRAL_COLOURS = ("#555555", "#ffffff")
SELECTED = "#ffd400"
UNSUPPLIED = "#ff3b30"
EDGE = "#f4f1e8"
HALO = "#ffffff"
FADED = "#ffffff"  # the supply view's unsupplied spaces
REACH = "#19d34a"
SUPPLY_LINE = "#1e9e3a"
FRONT = "#111111"
RING = "#d0021b"  # a ring mark (a battle waiting)
FONT = "DejaVu Sans"


_MEASURED: dict = {}


def fitted_font(text: str, width: float, height: float, bold: bool = True, widget: tk.Misc | None = None) -> tuple:
    """The biggest font whose ``text`` fits ``width`` x ``height`` pixels, never under 5 points:
    a counter's text stays inside its counter at every zoom ("10-0+2" on a small counter gets a
    smaller font).  With ``widget`` the text is measured; without, a DejaVu Sans character is
    taken as 0.66 of the size wide."""
    n = max(1, len(text))
    weight = "bold" if bold else "normal"
    size = max(5, int(min(height * 0.72, width / (0.66 * n))))
    if widget is not None and text:
        import tkinter.font as tkfont

        while size > 5:
            key = (text, size, weight)
            if key not in _MEASURED:
                _MEASURED[key] = tkfont.Font(root=widget, family=FONT, size=size, weight=weight).measure(text)
            if _MEASURED[key] <= width:
                break
            size -= 1
    return (FONT, size, weight)


def draw_counter(c: tk.Canvas, cx: float, cy: float, w: float, fill: str, ink: str, text: str, outline: str, tags,
                 width: float = 2, grow: bool = True) -> None:
    """A counter (an army, a block) ``w`` wide centred at (cx, cy), its text fitted inside; a text
    too long to read at that width ("10-0+2" at the fit zoom) widens the counter instead, or,
    where it may not grow (a slot of a crowded box), is left out (the side panel lists it)."""
    h = w * 0.72
    font = fitted_font(text, w - 2 * width - 2, h - 2, widget=c) if text else None
    if font is not None and font[1] <= 6:
        import tkinter.font as tkfont

        need = tkfont.Font(root=c, family=FONT, size=6, weight="bold").measure(text) + 2 * width + 4
        font = (FONT, 6, "bold")
        if not grow and need > w:
            text = ""
        w = max(w, need) if grow else w
    c.create_rectangle(cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2, fill=fill, outline=outline, width=width, tags=tags)
    if text:
        c.create_text(cx, cy, text=text, fill=ink, font=font, tags=tags)


def draw_fleet(c: tk.Canvas, cx: float, cy: float, s: float, fill: str, ink: str, text: str, tags) -> None:
    c.create_oval(cx - s * 0.25, cy - s * 0.22, cx + s * 0.25, cy + s * 0.22, fill=fill, outline=EDGE, tags=tags)
    c.create_text(cx, cy, text=text, fill=ink, font=fitted_font(text, s * 0.42, s * 0.36, widget=c), tags=tags)


def draw_fort(c: tk.Canvas, cx: float, cy: float, s: float, fill: str, text: str, tags) -> None:
    c.create_rectangle(cx - s * 0.22, cy - s * 0.2, cx + s * 0.22, cy + s * 0.2, fill="#e9e2c8", outline=fill, width=2, tags=tags)
    c.create_text(cx, cy, text=text, fill=fill, font=fitted_font(text, s * 0.38, s * 0.34, widget=c), tags=tags)


def draw_marker(c: tk.Canvas, x: float, y: float, s: float, fill: str, tags) -> None:
    """A marker (a control flag, an occupation marker): a pennant with its point at (x, y)."""
    r = s * 0.2
    c.create_polygon(x, y, x + r * 2, y + r * 0.6, x, y + r * 1.2, fill=fill, outline=EDGE, tags=tags)
    c.create_line(x, y, x, y + r * 2.2, fill="#222222", width=max(1, r / 5), tags=tags)


def draw_ring(c: tk.Canvas, cx: float, cy: float, r: float, width: float, colour: str, tags) -> None:
    """A ring that shows on every colour: a white halo under the coloured ring, dark edges."""
    c.create_oval(cx - r, cy - r, cx + r, cy + r, outline="#000000", width=width * 2 + 4, tags=tags)
    c.create_oval(cx - r, cy - r, cx + r, cy + r, outline=HALO, width=width * 2, tags=tags)
    c.create_oval(cx - r, cy - r, cx + r, cy + r, outline=colour, width=width, tags=tags)


def star_points(cx: float, cy: float, r: float) -> list[float]:
    out = []
    for i in range(10):
        a = math.pi / 2 + i * math.pi / 5
        rr = r if i % 2 == 0 else r * 0.45
        out += [cx + rr * math.cos(a), cy - rr * math.sin(a)]
    return out


def draw_star(c: tk.Canvas, cx: float, cy: float, r: float, fill: str, tags) -> None:
    """An objective (a victory city, a strategic space), in its holder's colour."""
    c.create_polygon(star_points(cx, cy, r), fill=fill, outline="#1a1a1a", width=max(1.0, r / 6), tags=tags)


def draw_dot(c: tk.Canvas, cx: float, cy: float, r: float, fill: str, tags) -> None:
    c.create_oval(cx - r, cy - r, cx + r, cy + r, fill=fill, outline="#1a1a1a", width=1, tags=tags)


def hexagon(cx: float, cy: float, r: float) -> list[float]:
    return [v for i in range(6) for v in (cx + r * math.cos(math.radians(30 + 60 * i)), cy + r * math.sin(math.radians(30 + 60 * i)))]


def draw_piece(c: tk.Canvas, p, cx: float, cy: float, size: float, colours, selected: bool, supply_on: bool,
               grow: bool = True) -> None:
    """One piece as its kind is drawn (Piece.kind: "army", "fleet", "fort", "marker"; any other
    kind is drawn as a counter).  ``size``: a counter's width; ``colours(side)`` -> (fill, ink);
    ``grow``: a counter may widen for its text."""
    fill, ink = colours(p.side)
    tags = ("ovl", "game", "unit", f"piece:{p.id}", f"kind:{p.kind}")
    if p.kind == "marker":
        draw_marker(c, cx, cy, size * 0.9, fill, ("ovl", "game", "pennant", f"piece:{p.id}", f"kind:{p.kind}"))
    elif p.kind == "fleet":
        draw_fleet(c, cx, cy, size * 1.3, fill, ink, p.text, tags)
    elif p.kind == "fort":
        draw_fort(c, cx, cy, size * 1.3, fill, p.text, tags)
    else:
        outline = SELECTED if selected else (UNSUPPLIED if p.supplied is False else EDGE)
        draw_counter(c, cx, cy, size, fill, ink, p.text, outline, tags, width=max(1.5, size / 14) if not selected else max(2.5, size / 10),
                     grow=grow)
        if p.supplied is False and supply_on:
            draw_ring(c, cx, cy, size * 0.78, max(2, size / 16), UNSUPPLIED, ("ovl", "game", "unsupplied-ring"))


def draw_mark(c: tk.Canvas, mark, cx: float, cy: float, r: float, colours, tags) -> None:
    fill = colours(mark.side)[0] if mark.side else "#f2f2f2"
    if mark.shape == "star":
        draw_star(c, cx, cy, r, fill, tags)
    elif mark.shape == "dot":
        draw_dot(c, cx, cy, r * 0.6, fill, tags)
    else:
        c.create_oval(cx - r, cy - r, cx + r, cy + r, outline=RING, width=3, dash=(5, 3), tags=tags)


__all__ = ["EDGE", "FADED", "FRONT", "HALO", "NEUTRAL_COLOURS", "REACH", "RING", "SELECTED", "SUPPLY_LINE", "UNSUPPLIED",
           "draw_counter", "draw_dot", "draw_fleet", "draw_fort", "draw_mark", "draw_marker", "draw_piece", "draw_ring",
           "draw_star", "fitted_font", "hexagon"]
