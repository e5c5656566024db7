"""The marks of a position's scene (:mod:`mapref.render.marks`) as Tk canvas items: each
:class:`~mapref.render.marks.Mark` one ``create_polygon`` / ``create_line`` /
``create_rectangle`` / ``create_oval`` / ``create_text``, with the mark's tags (a piece's marks
also ``piece:ID``, the tag the referee's controller finds pieces by) and the caller's.  A fill's
opacity becomes a stipple (Tk has no transparency); a text's size is in pixels, measured with
:func:`measurer` so that what the scene fits into a counter fits on the canvas.

The referee's boards (:mod:`mapref.ui.referee`) draw the game with it, the legend too: no other
drawing of a counter, a ring or a supply line in the window.
"""

from __future__ import annotations

import tkinter as tk
import tkinter.font as tkfont

FONT = "DejaVu Sans"
ANCHORS = {"middle": "center", "start": "w", "end": "e"}


def font(size: float, bold: bool = False, italic: bool = False) -> tuple:
    """A Tk font ``size`` pixels high (a negative Tk size is in pixels)."""
    style = ("bold" if bold else "normal") + (" italic" if italic else "")
    return (FONT, -max(1, int(round(size))), style)


def measurer(widget: tk.Misc):
    """A text's width in pixels on ``widget``'s display: (text, size in pixels, bold) -> width,
    each answer kept (the same few texts are asked again at every redraw)."""
    fonts: dict = {}
    widths: dict = {}

    def measure(text: str, size: float, bold: bool = False) -> float:
        key = (text, int(round(size)), bool(bold))
        w = widths.get(key)
        if w is None:
            f = fonts.get(key[1:])
            if f is None:
                f = fonts[key[1:]] = tkfont.Font(
                    root=widget, family=FONT, size=-max(1, key[1]), weight="bold" if bold else "normal"
                )
            w = widths[key] = float(max((f.measure(t) for t in text.split("\n")), default=0))
        return w

    return measure


def stipple(opacity: float) -> str:
    """The stipple that shows a fill at about ``opacity`` over what is under it."""
    if opacity >= 0.95:
        return ""
    if opacity <= 0.2:
        return "gray12"
    if opacity <= 0.35:
        return "gray25"
    if opacity <= 0.6:
        return "gray50"
    return "gray75"


def _dash(d) -> tuple:
    return tuple(max(1, int(round(v))) for v in d)


def draw_marks(c: tk.Canvas, marks, tags: tuple = (), state: str = "normal") -> list[int]:
    """Draw ``marks`` on canvas ``c`` in their order; returns the items made."""
    out: list[int] = []
    for m in marks:
        t = tags + m.tags + ((f"piece:{m.space}",) if "piece" in m.tags else ())
        flat = [v for p in m.pts for v in p]
        if m.shape == "poly":
            kw = {"stipple": stipple(m.opacity)} if m.fill and m.opacity < 0.95 else {}
            if m.dash:
                kw["dash"] = _dash(m.dash)
            out.append(
                c.create_polygon(
                    flat,
                    fill=m.fill or "",
                    outline=m.stroke or "",
                    width=m.width if m.stroke else 1,
                    tags=t,
                    state=state,
                    **kw,
                )
            )
        elif m.shape == "line":
            kw = {"arrow": m.arrow} if m.arrow in ("last", "first", "both") else {}
            if kw and m.width >= 3:
                kw["arrowshape"] = (3.5 * m.width, 4 * m.width, 1.5 * m.width)
            if m.dash:
                kw["dash"] = _dash(m.dash)
            out.append(
                c.create_line(
                    flat, fill=m.stroke or "#000000", width=m.width or 1, capstyle="round", tags=t, state=state, **kw
                )
            )
        elif m.shape in ("rect", "oval"):
            kw = {"dash": _dash(m.dash)} if m.dash else {}
            if m.fill and m.opacity < 0.95:
                kw["stipple"] = stipple(m.opacity)
            make = c.create_rectangle if m.shape == "rect" else c.create_oval
            out.append(
                make(
                    flat,
                    fill=m.fill or "",
                    outline=m.stroke or "",
                    width=m.width if m.stroke else 0,
                    tags=t,
                    state=state,
                    **kw,
                )
            )
        elif m.shape == "text":
            out.append(
                c.create_text(
                    m.pts[0][0],
                    m.pts[0][1],
                    text=m.text,
                    fill=m.fill or "#222222",
                    font=font(m.size, m.bold, m.italic),
                    anchor=ANCHORS.get(m.anchor, "center"),
                    justify="center",
                    tags=t,
                    state=state,
                )
            )
    return out


__all__ = ["FONT", "draw_marks", "font", "measurer", "stipple"]
