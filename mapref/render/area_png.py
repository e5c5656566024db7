"""Draw an area map to a PNG with pillow: locations filled by colour class, halves divided by
their line, names, victory values, capitals, supply locations, move lines (land grey, naval
blue, the map's own kinds in their colour; one-way lines with an arrow head; defence values at
their ends; conditions at their middle; proposed lines dashed; a line round the back of a map
that wraps as two stubs, each ending in an open chevron) and off-map boxes.

The picture is drawn at twice its size and scaled down, so lines and text are smooth."""

from __future__ import annotations
from itertools import pairwise

import math
from pathlib import Path
from collections.abc import Callable

from PIL import Image, ImageDraw

from mapref.core.areamodel import AreaMap, Location, polygon_parts
from mapref.render.png import MAX_PIXELS, ImageTooBig, save_image  # one image bound for every map
from mapref.render.png import _font
from mapref.render.scene_area import area_fill as fill_of, fit_names, label_rank, line_ends, line_paths as _line_paths
from mapref.render.scene_area import midpoint as _midpoint
from mapref.render.style import LAND_UNOWNED, blend, text_colour_on
from mapref.render.text import Glyphs

SEA = "#cfdeec"
BORDER = "#4d4d4d"
SS = 2  # supersampling
SUPERSAMPLED = 16_000_000
MIN_WIDTH, MAX_WIDTH = 200, 8000  # an area map's image width `mapref render --size` takes
"""The largest image drawn supersampled (at SS times its size, then reduced): a bigger one is
drawn at its own size, so that a 40-megapixel image takes a few hundred megabytes, not the
1.1 GB its supersampled drawing took."""


class _View:
    def __init__(self, m: AreaMap, width: int, margin: float, ss: int = SS) -> None:
        x0, y0, x1, y1 = m.bounds()
        for ln in m.lines.values():
            for x, y in ln.via:
                x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x), max(y1, y)
        self.x0, self.y0 = x0, y0
        span = max(x1 - x0, 1e-6)
        self.ss = ss
        self.k = (width - 2 * margin) / span * ss
        self.margin = margin * ss
        self.top = 36 * ss  # room for the title
        self.size = (int(width * ss), int((y1 - y0) * self.k + 2 * self.margin + self.top))

    def __call__(self, p) -> tuple[float, float]:
        return ((p[0] - self.x0) * self.k + self.margin, (p[1] - self.y0) * self.k + self.margin + self.top)


def _pixels(m: AreaMap, width: int) -> int:
    """How many pixels an image of ``m`` ``width`` pixels wide has."""
    w, h = _View(m, width, margin=40).size
    return (w // SS) * (h // SS)


def render_area(
    m: AreaMap,
    out: str | Path | None = None,
    width: int | None = None,
    progress: Callable[[float], None] | None = None,
    hidden: set[str] | frozenset[str] = frozenset(),
    overlay: Callable[[ImageDraw.ImageDraw, Callable, float], str] | None = None,
) -> Image.Image:
    """Render ``m`` ``width`` pixels wide (default 1600); ``hidden`` names layers to leave out
    (``names``, ``values``, ``lines``, ``halves``, ``boxes``, ``land``).  ``overlay(draw, to_px,
    scale)`` draws over the map (a game's pieces: :mod:`mapref.render.game_overlay`) in the
    drawing's pixels (``scale`` of them to an image pixel) and returns what to add to the title."""
    v = _view_of(m, int(width or 1600))
    img = Image.new("RGB", v.size, SEA)
    d = ImageDraw.Draw(img)
    s = v.ss
    f_name = _font(13 * s, bold=True)
    f_small = _font(10 * s)
    _draw_locations(d, v, m, hidden, progress)
    if "boxes" not in hidden:
        _draw_boxes(d, v, m, f_name, f_small)
    marks = _draw_lines(d, v, m) if "lines" not in hidden else []  # their values go over the names
    if progress:
        progress(0.8)
    # the names and values from glyphs rendered once per font and halo (mapref.render.text)
    t_name, t_value, t_small = Glyphs(f_name, 2 * s), Glyphs(_font(11 * s, bold=True)), Glyphs(f_small, s)
    if "names" not in hidden:
        _draw_names(d, v, m, hidden, t_name, t_value, t_small)
    if "values" not in hidden:
        _draw_line_values(d, v, marks, t_value, f_small)
    title = m.name or ""
    if overlay is not None:
        more = overlay(d, v, s)
        if more:  # the position's title names the game already when it starts with the map's name
            title = more if not title or more.startswith(title) else f"{title}  \u2014  {more}"
    d.text((v.margin, 10 * s), title, font=_font(18 * s, bold=True), fill="#222222")
    if s > 1:
        img = img.resize((v.size[0] // s, v.size[1] // s), Image.Resampling.LANCZOS)
    if progress:
        progress(1.0)
    if out is not None:
        save_image(img, out)
    return img


def _view_of(m: AreaMap, width: int) -> _View:
    """The view of ``m`` ``width`` pixels wide, supersampled unless the image is big; ImageTooBig
    past MAX_PIXELS, saying the largest size that fits."""
    v = _View(m, width, margin=40)
    w, h = v.size[0] // SS, v.size[1] // SS
    if w * h > MAX_PIXELS:  # the same bound as hex maps: memory stays within a few hundred MB
        most = int(width * (MAX_PIXELS / (w * h)) ** 0.5)
        while most > 1 and _pixels(m, most) > MAX_PIXELS:
            most -= 1  # (the margins make the estimate a little too big)
        fits = (
            f"at most --size {most} fits"
            if most >= MIN_WIDTH
            else f"even a {MIN_WIDTH}-pixel-wide one is too big (is a location or box far from the rest?)"
        )
        raise ImageTooBig(
            f"a {width}-pixel-wide image of this map is {w}x{h} pixels, over the "
            f"{MAX_PIXELS // 1_000_000} megapixels mapref draws; {fits}"
        )
    if w * h > SUPERSAMPLED:
        v = _View(m, width, margin=40, ss=1)
    return v


def _draw_locations(d: ImageDraw.ImageDraw, v: _View, m: AreaMap, hidden: set[str] | frozenset[str], progress) -> None:
    """The land behind, each location filled (progress to 0.5), then its borders and the dashed
    divider of its halves."""
    s = v.ss
    if m.land is not None and "land" not in hidden:
        for p in polygon_parts(m.land):
            _poly(d, v, p, blend(LAND_UNOWNED, SEA, 0.35), SEA)
    locs = list(m.locations.values())
    for i, loc in enumerate(locs):
        fill = fill_of(m, loc.colour)
        for p in loc.parts:
            _poly(d, v, p, fill, SEA)
        if progress and i % 25 == 0:
            progress(0.5 * i / max(1, len(locs)))
    for loc in locs:
        for p in loc.parts:
            _ring(d, v, p.exterior.coords, BORDER, max(2, int(1.3 * s)))
            for r in p.interiors:
                _ring(d, v, r.coords, BORDER, max(2, int(1.3 * s)))
        if loc.has_halves and "halves" not in hidden:
            for seg in getattr(loc.divider, "geoms", [loc.divider]):
                if not seg.is_empty and seg.geom_type == "LineString":
                    _dashed(
                        d,
                        [v(c) for c in seg.coords],
                        blend(BORDER, fill_of(m, loc.colour), 0.2),
                        int(1.6 * s),
                        7 * s,
                        5 * s,
                    )


def _draw_boxes(d: ImageDraw.ImageDraw, v: _View, m: AreaMap, f_name, f_small) -> None:
    """Each box with its name, VP, supply and condition."""
    s = v.ss
    for b in m.boxes.values():
        x0, y0 = v(b.position)
        x1, y1 = v((b.position[0] + b.size[0], b.position[1] + b.size[1]))
        d.rectangle([x0, y0, x1, y1], fill=fill_of(m, b.colour), outline=BORDER, width=3 * s)
        ink = text_colour_on(fill_of(m, b.colour))
        d.text(((x0 + x1) / 2, y0 + 6 * s), b.label, font=f_name, fill=ink, anchor="mt")
        extra = []
        if b.vp:
            extra.append(f"VP {b.vp}")
        extra += [f"supply {x.text()}" for x in b.supply]
        if b.condition:
            extra.append(f"active if {b.condition.text()}")
        for j, t in enumerate(extra):
            d.text(((x0 + x1) / 2, y0 + (24 + 13 * j) * s), t, font=f_small, fill=ink, anchor="mt")


def _draw_lines(d: ImageDraw.ImageDraw, v: _View, m: AreaMap) -> list:
    """Each move line (dashed when proposed or naval) with its ends, chevrons round the back of
    a map that wraps or its one-way arrow head; (line, pieces, colour) of each, for its values."""
    s = v.ss
    marks = []
    for ln, pieces in _line_paths(m, v, 7.0 * s):
        colour = m.line_colour(ln.kind)
        w = int((2.2 if ln.kind == "land" else 2.6) * s)
        for pts in pieces:
            if ln.proposed:
                _dashed(d, pts, blend(colour, "#ffffff", 0.15), max(2, int(1.5 * s)), 6 * s, 5 * s)
            elif ln.kind == "naval":
                _dashed(d, pts, colour, w, 11 * s, 5 * s)
            else:
                d.line(pts, fill=colour, width=w, joint="curve")
        for p, _ in line_ends(pieces):
            d.ellipse([p[0] - 3 * s, p[1] - 3 * s, p[0] + 3 * s, p[1] + 3 * s], fill=colour)
        if len(pieces) == 2:  # round the back of a map that wraps: each stub's open chevron says it goes on
            for pts in pieces:
                _chevron(d, pts[-2], pts[-1], colour, 8 * s, max(2, int(1.5 * s)))
        elif ln.oneway:
            _arrow_head(d, pieces[0][-2], pieces[0][-1], colour, 11 * s)
        marks.append((ln, pieces, colour))
    return marks


def _draw_names(
    d: ImageDraw.ImageDraw, v: _View, m: AreaMap, hidden, t_name: Glyphs, t_value: Glyphs, t_small: Glyphs
) -> None:
    """Each location's name (smaller where it does not fit) and values."""
    s = v.ss
    locs = list(m.locations.values())
    values = "values" not in hidden
    smaller: dict[float, Glyphs] = {1.0: t_name}
    for loc, fit in zip(locs, _fit_names(m, v, locs, t_name, s, values), strict=True):
        if fit is None:
            continue
        if fit[2] not in smaller:
            smaller[fit[2]] = Glyphs(_font(max(6, int(13 * s * fit[2])), bold=True), 2 * s)
        x, y = v(loc.label_point)
        _label(d, (x + fit[0], y + fit[1]), m, loc, smaller[fit[2]], t_value, t_small, s * fit[2], values)


def _draw_line_values(d: ImageDraw.ImageDraw, v: _View, marks: list, t_value: Glyphs, f_small) -> None:
    """The defence values at a move line's ends and its condition at its middle."""
    s = v.ss
    for ln, pieces, colour in marks:
        for val, (p, q) in zip((ln.defence_a, ln.defence_b), line_ends(pieces), strict=True):
            if val:
                _defence(d, p, q, val, t_value, colour, s)
        if ln.condition:
            d.text(
                _midpoint(pieces[0]),
                ln.condition.text(),
                font=f_small,
                fill=colour,
                anchor="mm",
                stroke_width=2 * s,
                stroke_fill="#ffffff",
            )


def _poly(d: ImageDraw.ImageDraw, v: _View, p, fill: str, hole_fill: str) -> None:
    d.polygon([v(c) for c in p.exterior.coords], fill=fill)
    for r in p.interiors:
        d.polygon([v(c) for c in r.coords], fill=hole_fill)


def _ring(d: ImageDraw.ImageDraw, v: _View, coords, colour: str, width: int) -> None:
    pts = [v(c) for c in coords]
    d.line(pts, fill=colour, width=width, joint="curve")


def _dashed(d: ImageDraw.ImageDraw, pts, colour: str, width: int, dash: float, gap: float) -> None:
    on, left = True, dash
    for (x0, y0), (x1, y1) in pairwise(pts):
        seg = math.hypot(x1 - x0, y1 - y0)
        pos = 0.0
        while pos < seg:
            step = min(left, seg - pos)
            if on:
                a, b = pos / seg, (pos + step) / seg
                d.line(
                    [(x0 + (x1 - x0) * a, y0 + (y1 - y0) * a), (x0 + (x1 - x0) * b, y0 + (y1 - y0) * b)],
                    fill=colour,
                    width=width,
                )
            pos += step
            left -= step
            if left <= 1e-9:
                on = not on
                left = dash if on else gap


def _arrow_head(d: ImageDraw.ImageDraw, p, q, colour: str, size: float) -> None:
    """An arrow head on segment p->q, at two thirds of the way (clear of q's label)."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    n = math.hypot(dx, dy) or 1.0
    ux, uy = dx / n, dy / n
    tip = (p[0] + dx * 0.62 + ux * size / 2, p[1] + dy * 0.62 + uy * size / 2)
    back = (tip[0] - ux * size, tip[1] - uy * size)
    d.polygon(
        [
            tip,
            (back[0] - uy * size * 0.55, back[1] + ux * size * 0.55),
            (back[0] + uy * size * 0.55, back[1] - ux * size * 0.55),
        ],
        fill=colour,
    )


def _chevron(d: ImageDraw.ImageDraw, p, q, colour: str, size: float, width: int) -> None:
    """An open arrow head at q, pointing along p -> q: the line goes on past the map's edge."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    n = math.hypot(dx, dy) or 1.0
    ux, uy = dx / n, dy / n
    back = (q[0] - ux * size, q[1] - uy * size)
    d.line(
        [
            (back[0] - uy * size * 0.6, back[1] + ux * size * 0.6),
            q,
            (back[0] + uy * size * 0.6, back[1] - ux * size * 0.6),
        ],
        fill=colour,
        width=width,
        joint="curve",
    )


def _defence(d: ImageDraw.ImageDraw, p, q, val: int, glyphs: Glyphs, colour: str, s: int) -> None:
    """The defence value of a line's end: a small framed number a little way along the line."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    n = math.hypot(dx, dy) or 1.0
    t = min(0.3, 34 * s / n)
    c = (p[0] + dx * t, p[1] + dy * t)
    r = 8 * s
    d.rectangle([c[0] - r, c[1] - r, c[0] + r, c[1] + r], fill="#ffffff", outline=colour, width=2 * s)
    glyphs.draw(d, c, f"+{val}" if val < 10 else str(val), "#111111")


def _name_box(x: float, y: float, loc: Location, t_name: Glyphs, s: float, values: bool) -> tuple:
    """The box a location's label takes centred at (x, y) as :func:`_label` draws it: its name, a
    capital's star before it, its VP badge above it."""
    half = t_name.length(loc.label) / 2
    left = x - half - (16 * s if loc.capital else 0)
    top = y - (29 * s if values and loc.vp else 9 * s)
    bottom = y + (24 * s if values and loc.supply else 9 * s)
    return left, top, x + half, bottom


def _fit_names(m: AreaMap, v: _View, locs: list, t_name: Glyphs, s: int, values: bool) -> list:
    """Where each name goes (:func:`mapref.render.scene_area.fit_names`): inside its location,
    clear of the others, shrunk where it does not fit, else left out."""
    labels = []
    for loc in locs:
        x, y = v(loc.label_point)
        labels.append((label_rank(loc), _name_box(x, y, loc, t_name, s, values), (x, y)))

    def resize(i: int, scale: float) -> tuple:
        x, y = labels[i][2]
        glyphs = Glyphs(_font(max(6, int(13 * s * scale)), bold=True), 2 * s)
        return _name_box(x, y, locs[i], glyphs, s * scale, values)

    return fit_names(m, [loc.id for loc in locs], labels, [], v, 13 / 12, resize=resize)


def _label(
    d, at, m: AreaMap, loc: Location, t_name: Glyphs, t_value: Glyphs, t_small: Glyphs, s: float, values: bool
) -> None:
    """A location's label centred at ``at``, ``s`` drawing pixels to a pixel of its size."""
    x, y = at
    fill = fill_of(m, loc.colour)
    ink = text_colour_on(fill)
    halo = fill if ink == "#111111" else "#333333"
    name = loc.label
    tw = t_name.length(name)
    t_name.draw(d, (x, y), name, ink, "mm", stroke_fill=halo)
    if loc.capital:
        _star(d, x - tw / 2 - 9 * s, y, 6 * s, "#c0392b")
    if values and loc.vp:
        r = 9 * s
        cy = y - 19 * s
        d.ellipse([x - r, cy - r, x + r, cy + r], fill="#fff8dc", outline="#7a5c00", width=max(1, round(2 * s)))
        t_value.draw(d, (x, cy), str(loc.vp), "#3d2e00")
    if values and loc.supply:
        sides = ", ".join(sp.text() for sp in loc.supply)
        t_small.draw(d, (x, y + 14 * s), f"supply: {sides}", ink, "mt", stroke_fill=halo)


def _star(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, colour: str) -> None:
    pts = []
    for i in range(10):
        ang = math.pi / 2 + i * math.pi / 5
        rr = r if i % 2 == 0 else r * 0.45
        pts.append((cx + rr * math.cos(ang), cy - rr * math.sin(ang)))
    d.polygon(pts, fill=colour)


__all__ = ["MAX_WIDTH", "MIN_WIDTH", "render_area"]
