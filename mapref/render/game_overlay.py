"""A game drawn over the map: ``mapref render MAP -o OUT.png --game GAME.toml``, and the referee's
File > Export position as PNG (:func:`render_position`, the print view).

What is drawn is the game part of the position's scene (:mod:`mapref.render.scene`, the one
description the web page of ``mapref export-html`` is written from too, with the referee's
window's choices): the spaces held by another side than at the start tinted in the holder's
colour, the front line between enemies, with ``supply`` each side's supplied territory shaded in
its colour, its unsupplied spaces faded and every unsupplied army ringed, the pieces its ruleset
shows (armies as counters with their strength, several in a box side by side, fleets, forts,
occupation markers and control flags; an unsupplied army edged in red), battles waiting, and a
title with the position.  The game is reached only through its ruleset (mapref.rules.registry),
so every game renders the same way.  No tkinter here.
"""

from __future__ import annotations

from pathlib import Path

from PIL import ImageDraw

from mapref.render.png import _font, render_map
from mapref.render.marks import GAME_LAYERS, LAYERS, ON_DEMAND, Mark
from mapref.render.scene_area import area_game_marks, beside_name, flag_reach
from mapref.render.scene_hex import hex_game_marks

UNSUPPLIED = "#ff3b30"
FRONT = "#111111"


def _rgba(colour: str, alpha: int) -> tuple[int, int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16), alpha


def draw_marks(d: ImageDraw.ImageDraw, marks: list[Mark]) -> None:
    """Draw the scene's marks (:mod:`mapref.render.scene`) with pillow, layer by layer
    (:data:`~mapref.render.marks.LAYERS`), in their order within a layer: the one description
    the web page and the referee's window are drawn from too.  ``d`` draws in RGBA."""
    from mapref.render.area_png import _dashed

    for m in sorted(marks, key=lambda mk: LAYERS.index(mk.layer) if mk.layer in LAYERS else len(LAYERS)):
        w = max(1, int(round(m.width))) if m.width else 0
        fill = _rgba(m.fill, int(round(255 * m.opacity))) if m.fill.startswith("#") else None
        if m.shape == "poly":
            d.polygon(
                list(m.pts),
                fill=fill,
                outline=None if m.dash else (m.stroke or None),
                width=w if m.stroke and not m.dash else 1,
            )
            if m.stroke and m.dash:
                _dashed(d, list(m.pts) + [m.pts[0]], m.stroke, w, m.dash[0] * 2, m.dash[1] * 2)
        elif m.shape == "line":
            if m.dash:
                _dashed(d, list(m.pts), m.stroke, w, m.dash[0] * 2, m.dash[1] * 2)
            else:
                d.line(list(m.pts), fill=m.stroke, width=w, joint="curve")
            if m.arrow and len(m.pts) > 1:
                _head(d, m.pts[-2], m.pts[-1], m.stroke, w)
                if m.arrow == "both":
                    _head(d, m.pts[1], m.pts[0], m.stroke, w)
        elif m.shape in ("rect", "oval"):
            (x0, y0), (x1, y1) = m.pts
            box = [min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)]
            (d.rectangle if m.shape == "rect" else d.ellipse)(box, fill=fill, outline=m.stroke or None, width=w or 1)
        elif m.shape == "text":
            size = max(6, int(round(m.size)))
            font = _font(size, bold=m.bold)
            while m.fit and size > 6 and d.textlength(m.text, font=font) > m.fit:
                size -= 1
                font = _font(size, bold=m.bold)
            anchor = {"start": "lm", "end": "rm"}.get(m.anchor, "mm")
            d.text(m.pts[0], m.text, font=font, fill=m.fill or "#222222", anchor=anchor)


def _head(d: ImageDraw.ImageDraw, p, q, colour: str, width: int) -> None:
    """An arrow head at ``q`` of the segment p-q, sized to the line."""
    import math

    a = math.atan2(q[1] - p[1], q[0] - p[0])
    k = max(8.0, width * 3.0)
    d.polygon(
        [
            q,
            (q[0] - k * math.cos(a - 0.45), q[1] - k * math.sin(a - 0.45)),
            (q[0] - k * math.cos(a + 0.45), q[1] - k * math.sin(a + 0.45)),
        ],
        fill=colour,
    )


def _layers(supply: bool) -> tuple[str, ...]:
    return GAME_LAYERS if supply else tuple(x for x in GAME_LAYERS if x not in ON_DEMAND)


def overlay_for_session(s, m, supply: bool = False):
    """The overlay function for a game session (the referee's window): the game's marks of the
    position's scene (:func:`mapref.render.scene.hex_game_marks`: captured hexes, the front, with
    ``supply`` the supply view and every unsupplied army ringed, the pieces) and the title."""

    def draw(d0: ImageDraw.ImageDraw, lay) -> None:
        image = getattr(d0, "_image", None)
        d = ImageDraw.Draw(image, "RGBA") if image is not None else d0
        size = getattr(lay, "size", 24)
        marks, _pieces, _held = hex_game_marks(s, lay, s.report(), supply=supply, measure=_measure(d))
        layers = _layers(supply)
        draw_marks(d, [mk for mk in marks if mk.layer in layers])
        title = s.position().get("title", "")
        if title:
            tf = _font(max(12, int(size * 0.55)), bold=True)
            x = size * 0.6 + (d.textlength(m.name + "  \u2014  ", font=tf) if m.name else 0)
            d.text(
                (x, size * 0.35),
                (f"\u2014  {title}" if m.name else title) + ("  (supply view)" if supply else ""),
                font=tf,
                fill="#222222",
                anchor="lm",
            )

    return draw


def area_overlay_for_session(s, m):
    """The overlay function :func:`mapref.render.area_png.render_area` calls for a game on an
    area map: the game's marks of the position's scene (:func:`mapref.render.scene.area_game_marks`:
    the counters and fortresses of each location laid out as in the referee's window, unsupplied
    ones outlined in red, control flags beside the names, battles waiting ringed, the captured
    locations tinted and the front); it returns the position for the title."""

    def draw(d0: ImageDraw.ImageDraw, to_px, scale: float) -> str:
        image = getattr(d0, "_image", None)
        d = ImageDraw.Draw(image, "RGBA") if image is not None else d0
        counter = printed_counter(to_px, scale)

        marks, _pieces, _held = area_game_marks(
            s,
            to_px,
            scale,
            s.report(),
            counter=counter,
            measure=_measure(d),
            supply=False,
            name_width=_printed_name_width(d, m, scale),
        )
        draw_marks(d, [mk for mk in marks if mk.layer in _layers(False)])
        return s.position().get("title", "")

    return draw


def printed_counter(to_px, scale: float) -> float:
    """A counter's width on a printed area map: 20 pixels at the default width (1600), in the
    drawing's pixels (``scale`` of them to an image pixel)."""
    width = to_px.size[0] / scale if hasattr(to_px, "size") else 1600  # the image's width
    return scale * max(12.0, min(32.0, 20.0 * width / 1600))


def _measure(d: ImageDraw.ImageDraw):
    """A text's width in pillow's fonts, as the marks are drawn (:func:`draw_marks`)."""
    cache: dict = {}

    def measure(text: str, size: float, bold: bool) -> float:
        key = (text, int(size), bold)
        if key not in cache:
            cache[key] = d.textlength(text, font=_font(max(6, int(size)), bold=bold))
        return cache[key]

    return measure


def _printed_name_width(d: ImageDraw.ImageDraw, m, scale: float):
    """How wide a location's name is as :func:`mapref.render.area_png.render_area` prints it
    (13 pixels, bold), a capital's star before it counted in."""
    measure = _measure(d)
    return lambda lid: (
        measure(m.locations[lid].label, 13 * scale, True) + (22 * scale if m.locations[lid].capital else 0)
    )


def area_flag_pole(d: ImageDraw.ImageDraw, m, loc, to_px, scale: float) -> tuple[float, float]:
    """Where a control flag's pole stands on a printed area map: left of the location's name
    (drawn by :func:`mapref.render.area_png.render_area`), and of its capital's star
    (:func:`mapref.render.scene_area.beside_name`)."""
    x, y = to_px(loc.label_point)
    return beside_name(x, y, _printed_name_width(d, m, scale)(loc.id), scale, flag_reach(printed_counter(to_px, scale)))


def render_position(session, out: str | Path | None = None, *, supply: bool = False, size: float | None = 36):
    """The position of a game session as a PNG (the print view: hexes of ``size`` pixels, big
    enough to read the counters on paper; on an area map, an image ``size``x45 pixels wide at the
    default); returns the image."""
    if getattr(session.map, "kind", "") == "area":
        from mapref.render.area_png import render_area

        return render_area(
            session.map, out, width=int((size or 36) * 45), overlay=area_overlay_for_session(session, session.map)
        )
    return render_map(session.map, out, size, overlay=overlay_for_session(session, session.map, supply=supply))


__all__ = [
    "printed_counter",
    "area_flag_pole",
    "area_overlay_for_session",
    "draw_marks",
    "overlay_for_session",
    "render_position",
]
