"""Draw a map to a PNG with pillow: terrain and countries, seas, coordinates, production,
ports, capitals, mountains, crossing arrows, impassable sides, off-map boxes and sea arrows."""

from __future__ import annotations

import io
import math
from pathlib import Path
from collections.abc import Callable
from dataclasses import dataclass

from PIL import Image, ImageDraw, ImageFont

from mapref.core.grid import Hex, Orientation
from mapref.core.layout import Layout
from mapref.core.model import MapModel
from mapref.io.problems import clip, escape
from mapref.render.text import Glyphs
from mapref.render.style import GRID_LINE, LAND_UNOWNED, SEA_DEFAULT, blend, hex_fill, text_colour_on

MIN_SIZE, MAX_SIZE = 4.0, 1000.0
"""The hex radius an image may be drawn at, in pixels."""
MAX_PIXELS = 40_000_000
"""The largest image drawn (40 megapixels, 120 MB of RGB): Hitler's War at --size 150."""


class ImageTooBig(ValueError):
    """The image asked for would pass :data:`MAX_PIXELS` (or the size is out of range)."""


def _frame(m: MapModel, s: float) -> tuple[float, float, int, int]:
    """(x0, y0, width, height) of the image of ``m`` at hex radius ``s``: the grid, with room
    for the title and for off-map boxes placed outside it."""
    margin = s * 0.6
    x0, y0, x1, y1 = Layout(m.grid, s).bounds()
    for b in m.boxes.values():
        bx, by = b.position[0] * s, b.position[1] * s
        x0, y0 = min(x0, bx), min(y0, by)
        x1, y1 = max(x1, bx + 3.2 * s), max(y1, by + 2.2 * s)
    return x0, y0, int(x1 - x0 + 2 * margin), int(y1 - y0 + 2 * margin + s * 0.8)


def image_size(m: MapModel, size: float | None = None) -> tuple[int, int]:
    """(width, height) in pixels of :func:`render_map` with this ``size``, without drawing."""
    s = _radius(m, size)
    return _frame(m, s)[2:]


def largest_size(m: MapModel) -> float:
    """The largest hex radius, to a tenth of a pixel, whose image stays within :data:`MAX_PIXELS`."""

    def fits(s: float) -> bool:
        w, h = _frame(m, s)[2:]
        return w * h <= MAX_PIXELS

    lo, hi = 0.0, MAX_SIZE
    if fits(hi):
        return hi
    while hi - lo > 0.05:
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if fits(mid) else (lo, mid)
    return lo


def default_size(m: MapModel) -> float:
    """The hex radius drawn when none is asked for: the map's own hex size, at least 24 pixels,
    or, for a map too big for :data:`MAX_PIXELS` at that size, the largest that fits (to a tenth
    of a pixel, at least :data:`MIN_SIZE`)."""
    s = min(MAX_SIZE, max(24.0, m.hex_size))
    w, h = _frame(m, s)[2:]
    if w * h > MAX_PIXELS:
        s = max(MIN_SIZE, math.floor(largest_size(m) * 10) / 10)
    return s


def _radius(m: MapModel, size: float | None) -> float:
    s = float(size if size is not None else default_size(m))
    if not (MIN_SIZE <= s <= MAX_SIZE):  # nan is refused too
        raise ImageTooBig(f"expected a hex radius from {MIN_SIZE:g} to {MAX_SIZE:g} pixels, got {s:g}")
    return s


def check_image_size(m: MapModel, size: float | None = None) -> None:
    """Raise :class:`ImageTooBig`, saying what size would do, unless ``m`` can be drawn at ``size``."""
    w, h = image_size(m, size)
    if w * h > MAX_PIXELS:
        fit = math.floor(largest_size(m))
        hint = (
            f"; at most --size {fit} fits" if fit >= MIN_SIZE else "; its boxes lie too far apart to draw at any size"
        )
        raise ImageTooBig(
            f"the image would be {w} x {h} pixels, more than mapref draws ({MAX_PIXELS // 1_000_000} megapixels){hint}"
        )


_FONT_CANDIDATES = [
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
    "/usr/share/fonts/TTF/DejaVuSans.ttf",
]
_BOLD_CANDIDATES = [
    "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf",
]


def _font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    for path in (_BOLD_CANDIDATES if bold else []) + _FONT_CANDIDATES:
        if Path(path).exists():
            return ImageFont.truetype(path, size)
    font = ImageFont.load_default(size=size)
    if not isinstance(font, ImageFont.FreeTypeFont):  # Pillow without FreeType: a bitmap font of one size
        raise RuntimeError("this Pillow was built without FreeType: mapref cannot draw text of any size")
    return font


def render_map(
    m: MapModel,
    out: str | Path | None = None,
    size: float | None = None,
    progress: Callable[[float], None] | None = None,
    overlay: Callable[[ImageDraw.ImageDraw, Layout], None] | None = None,
) -> Image.Image:
    """Render ``m`` with hexes of ``size`` pixels (default: :func:`default_size`, the map's own hex
    size, at least 24, or smaller for a big map, to fit :data:`MAX_PIXELS`).

    ``progress`` is called with a fraction from 0 to 1 as rows are drawn; ``overlay`` may draw
    on top (units, supply lines).  A size out of range, or an image past :data:`MAX_PIXELS`,
    raises :class:`ImageTooBig` before anything is drawn."""
    s = _radius(m, size)
    check_image_size(m, s)
    margin = s * 0.6
    x0, y0, width, height = _frame(m, s)
    lay = Layout(m.grid, s, origin=(margin - x0, margin - y0 + s * 0.8))
    img = Image.new("RGB", (width, height), "#f4f1e8")
    sheet = _Sheet.of(m, ImageDraw.Draw(img), lay, s)
    f_prod = _font(max(9, int(s * 0.42)), bold=True)
    f_name = _font(max(7, int(s * 0.26)))
    _draw_hexes(sheet, progress)
    _draw_coasts(sheet)
    _draw_borders(sheet)
    _draw_hexsides(sheet)
    if progress:
        progress(0.8)
    _draw_hex_marks(sheet, _font(max(7, int(s * 0.24))), f_prod, f_name)
    _draw_features(sheet)
    _draw_boxes(sheet, f_prod, f_name)
    if m.name:
        f_title = _font(max(12, int(s * 0.55)), bold=True)
        sheet.d.text((margin, s * 0.35), _shown(m.name, 200), font=f_title, fill="#222222", anchor="lm")
    if overlay:
        overlay(sheet.d, lay)
    if progress:
        progress(1.0)
    if out is not None:
        save_image(img, out)
    return img


@dataclass
class _Sheet:
    """What every layer of :func:`render_map` draws with: the map, the drawing, the layout, the
    hex size, and each hex (row-major) with its data, fill and centre."""

    m: MapModel
    d: ImageDraw.ImageDraw
    lay: Layout
    s: float
    hexes: list[Hex]
    datas: list
    fills: list[str]
    centres: list[tuple[float, float]]
    offsets: list[tuple[float, float]]  # from a hex's centre to its six corners

    @classmethod
    def of(cls, m: MapModel, d: ImageDraw.ImageDraw, lay: Layout, s: float) -> _Sheet:
        grid = m.grid
        hexes = grid.hex_list()
        datas = [m.hexes[h] for h in hexes]
        # the corners of every hex: the centre plus the same six offsets (Layout.corners' arithmetic)
        start = 30 if grid.orientation is Orientation.POINTY else 0
        offsets = [
            (s * math.cos(math.radians(start + 60 * i)), s * math.sin(math.radians(start + 60 * i))) for i in range(6)
        ]
        return cls(
            m, d, lay, s, hexes, datas, [hex_fill(m, data) for data in datas], [lay.centre(h) for h in hexes], offsets
        )


def _draw_hexes(sh: _Sheet, progress: Callable[[float], None] | None) -> None:
    """Every hex filled and outlined (progress to 0.7)."""
    total = len(sh.hexes)
    polygon, offsets, fills = sh.d.polygon, sh.offsets, sh.fills
    for i, (cx, cy) in enumerate(sh.centres):
        polygon([(cx + ox, cy + oy) for ox, oy in offsets], fill=fills[i], outline=GRID_LINE)
        if progress and i % max(1, total // 50) == 0:
            progress(0.7 * i / total)


def _draw_coasts(sh: _Sheet) -> None:
    """Coastal hexes: a water wedge marks the part-sea, part-land hexes, on each side facing a
    sea hex (or the grid's edge)."""
    m, d, lay, grid = sh.m, sh.d, sh.lay, sh.m.grid
    R, C = grid.rows, grid.cols
    dirs, steps, datas = grid.directions(), grid.neighbour_steps(), sh.datas
    for i, data in enumerate(datas):
        if data.terrain != "coastal":
            continue
        h = sh.hexes[i]
        cx, cy = sh.centres[i]
        sea = m.seas.get(data.sea) if data.sea else None
        water = sea.colour if sea else SEA_DEFAULT
        for k, (dr, dc) in enumerate(steps[(h.row & 1, h.col & 1)]):
            r, c = h.row + dr, h.col + dc
            if not (1 <= r <= R and 1 <= c <= C) or datas[(r - 1) * C + c - 1].terrain == "sea":
                (ax, ay), (bx, by) = lay.side_segment(h, dirs[k])
                k2 = 0.28
                d.polygon(
                    [
                        (ax, ay),
                        (bx, by),
                        (bx + (cx - bx) * k2, by + (cy - by) * k2),
                        (ax + (cx - ax) * k2, ay + (cy - ay) * k2),
                    ],
                    fill=water,
                )
        d.polygon([(cx + ox, cy + oy) for ox, oy in sh.offsets], outline=GRID_LINE)


def _draw_borders(sh: _Sheet) -> None:
    """Sea zone borders: thick dark blue lines between water hexes of different seas; country
    borders between land hexes.  The grid walked with integer steps (Grid.neighbour_steps): each
    side once, from the hex first in row order, in the order of its directions."""
    grid, lay, s, datas = sh.m.grid, sh.lay, sh.s, sh.datas
    R, C = grid.rows, grid.cols
    dirs = grid.directions()
    forward = {
        par: [(k, dr, dc) for k, (dr, dc) in enumerate(st) if dr > 0 or (dr == 0 and dc > 0)]
        for par, st in grid.neighbour_steps().items()
    }
    sea_w, border_w = max(2, int(s / 9)), max(1, int(s / 16))
    line = sh.d.line
    for i, a in enumerate(datas):
        h = sh.hexes[i]
        for k, dr, dc in forward[(h.row & 1, h.col & 1)]:
            r, c = h.row + dr, h.col + dc
            if not (1 <= r <= R and 1 <= c <= C):
                continue
            b = datas[(r - 1) * C + c - 1]
            if a.is_water and b.is_water and a.sea and b.sea and a.sea != b.sea:
                line(lay.side_segment(h, dirs[k]), fill="#1b2f7a", width=sea_w)
            elif a.is_land and b.is_land and a.country != b.country and a.country and b.country:
                line(lay.side_segment(h, dirs[k]), fill="#555555", width=border_w)


def _draw_hexsides(sh: _Sheet) -> None:
    """Impassable hexsides and straits crossing arrows."""
    d, lay, s, grid = sh.d, sh.lay, sh.s, sh.m.grid
    for side, sd in sh.m.hexsides.items():
        (ax, ay), (bx, by) = lay.hexside_segment(side)
        if sd.impassable:
            d.line([(ax, ay), (bx, by)], fill="#111111", width=max(3, int(s / 6)))
        if sd.crossing and grid.contains(side.a) and grid.contains(side.b):
            _arrow(d, lay.centre(side.a), lay.centre(side.b), s, "#b01818")


def _draw_hex_marks(
    sh: _Sheet, f_label: ImageFont.FreeTypeFont, f_prod: ImageFont.FreeTypeFont, f_name: ImageFont.FreeTypeFont
) -> None:
    """Each hex's label, mountain, production, capital, port and name, from glyphs rendered once
    (mapref.render.text: 40,000 strings on a 200x200 map)."""
    d, s, fills = sh.d, sh.s, sh.fills
    t_label, t_prod, t_name = Glyphs(f_label), Glyphs(f_prod), Glyphs(f_name)
    labels = sh.m.grid.labels_row_major()
    for i, data in enumerate(sh.datas):
        cx, cy = sh.centres[i]
        fill = fills[i]
        ink = text_colour_on(fill)
        t_label.draw(d, (cx, cy - s * 0.62), labels[i], blend(ink, fill, 0.45))
        if data.mountain:
            _mountain(d, cx, cy + s * 0.05, s, ink)
        if data.production:
            t_prod.draw(d, (cx, cy + (s * 0.12 if not data.mountain else -s * 0.2)), str(data.production), ink)
        if data.capital:
            rad = s * 0.2
            px, py = cx - s * 0.45, cy - s * 0.18
            d.ellipse([px - rad, py - rad, px + rad, py + rad], outline=ink, width=max(1, int(s / 20)))
            _star(d, px, py, rad * 0.8, ink)
        if data.port:
            _anchor(d, cx + s * 0.45, cy - s * 0.15, s * 0.22, "#1b2f7a" if not data.port_optional else "#6a7bb0")
            if data.port != 10:
                t_label.draw(d, (cx + s * 0.45, cy + s * 0.15), str(data.port), "#1b2f7a")
        if data.name:
            t_name.draw(d, (cx, cy + s * 0.52), _shown(data.name), ink)


def _draw_features(sh: _Sheet) -> None:
    """Lend-lease depots and supply sources on their hexes."""
    d, s = sh.d, sh.s
    for f in sh.m.features.values():
        if f.hex is None:
            continue
        cx, cy = sh.lay.centre(f.hex)
        if f.kind == "lend_lease_depot":
            rad = s * 0.17
            px, py = cx + s * 0.42, cy + s * 0.22
            d.ellipse([px - rad, py - rad, px + rad, py + rad], fill="#ffffff", outline="#000000")
            d.pieslice([px - rad, py - rad, px + rad, py + rad], 90, 270, fill="#000000")
        elif f.kind == "supply_source":
            rad = s * 0.78
            d.ellipse([cx - rad, cy - rad, cx + rad, cy + rad], outline="#e0a000", width=max(2, int(s / 10)))


def _draw_boxes(sh: _Sheet, f_prod: ImageFont.FreeTypeFont, f_name: ImageFont.FreeTypeFont) -> None:
    """The off-map boxes with their name and production, lines to their land hexes and sea
    arrows with their lengths."""
    m, d, lay, s = sh.m, sh.d, sh.lay, sh.s
    for box in m.boxes.values():
        bx, by = lay.origin[0] + box.position[0] * s, lay.origin[1] + box.position[1] * s
        w, hgt = 3.0 * s, 2.0 * s
        fill = m.countries[box.country].colour if box.country in m.countries else LAND_UNOWNED
        d.rounded_rectangle([bx, by, bx + w, by + hgt], radius=s * 0.2, fill=fill, outline="#222222", width=2)
        ink = text_colour_on(fill)
        d.text((bx + w / 2, by + hgt * 0.3), _shown(box.name), font=f_name, fill=ink, anchor="mm")
        if box.production:
            d.text((bx + w / 2, by + hgt * 0.68), str(box.production), font=f_prod, fill=ink, anchor="mm")
        for h in box.land:
            cx, cy = lay.centre(h)
            d.line(
                [(cx, cy), (min(max(cx, bx), bx + w), min(max(cy, by), by + hgt))],
                fill="#6b4f2a",
                width=max(1, int(s / 14)),
            )
        for arrow in box.sea_arrows:
            cx, cy = lay.centre(arrow.hex)
            tx, ty = min(max(cx, bx), bx + w), min(max(cy, by), by + hgt)
            _arrow(d, (cx, cy), (tx, ty), s, "#1b2f7a", shorten=False)
            d.text(
                ((cx + tx) / 2, (cy + ty) / 2 - s * 0.2), str(arrow.length), font=f_prod, fill="#1b2f7a", anchor="mm"
            )


SIDE_LIMITS = {".jpg": 65500, ".jpeg": 65500, ".webp": 16383}
"""Formats whose images may not be longer than this a side (their encoders refuse more, and say
so on the terminal, not to the caller)."""


def encode_image(img: Image.Image, out: str | Path) -> bytes:
    """``img`` in the format ``out``'s extension names, as the bytes of its file: ValueError for
    an extension Pillow does not write, or a size its format cannot hold."""
    suffix = Path(out).suffix.lower()
    limit = SIDE_LIMITS.get(suffix)
    if limit is not None and max(img.size) > limit:
        raise ValueError(
            f"a {suffix[1:].upper()} image is at most {limit:,} pixels a side, and this one is "
            f"{img.width:,} x {img.height:,}: write a PNG, or give a smaller --size"
        )
    fmt = Image.registered_extensions().get(suffix)
    if fmt is None:
        raise ValueError(f"unknown file extension: {clip(escape(suffix), 40) or '(none)'}")
    buf = io.BytesIO()
    img.save(buf, fmt)
    return buf.getvalue()


def save_image(img: Image.Image, out: str | Path) -> None:
    """Write ``img`` atomically (:func:`mapref.io.atomic.write_atomic`: a full disk or a kill
    leaves the old file whole); ValueError, nothing written, for a format or size it cannot be."""
    from mapref.io.atomic import write_atomic

    write_atomic(out, encode_image(img, out))


def _shown(name: str, limit: int = 60) -> str:
    """A name as drawn: on one line, control characters written out (Pillow's layout fails on
    some, a carriage return for one), cut short."""
    return escape(clip(name, limit))


def _arrow(
    d: ImageDraw.ImageDraw, p: tuple[float, float], q: tuple[float, float], s: float, colour: str, shorten: bool = True
) -> None:
    (x0, y0), (x1, y1) = p, q
    if shorten:
        mx, my = (x0 + x1) / 2, (y0 + y1) / 2
        x0, y0 = mx + (x0 - mx) * 0.7, my + (y0 - my) * 0.7
        x1, y1 = mx + (x1 - mx) * 0.7, my + (y1 - my) * 0.7
    w = max(2, int(s / 10))
    d.line([(x0, y0), (x1, y1)], fill=colour, width=w)
    ang = math.atan2(y1 - y0, x1 - x0)
    heads = [(x1, y1, ang)] + ([(x0, y0, ang + math.pi)] if shorten else [])
    for hx, hy, a in heads:
        k = s * 0.22
        d.polygon(
            [
                (hx, hy),
                (hx - k * math.cos(a - 0.45), hy - k * math.sin(a - 0.45)),
                (hx - k * math.cos(a + 0.45), hy - k * math.sin(a + 0.45)),
            ],
            fill=colour,
        )


def _star(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, colour: str) -> None:
    pts = []
    for i in range(10):
        rr = r if i % 2 == 0 else r * 0.45
        a = -math.pi / 2 + i * math.pi / 5
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    d.polygon(pts, fill=colour)


def _mountain(d: ImageDraw.ImageDraw, cx: float, cy: float, s: float, colour: str) -> None:
    w = s * 0.3
    base = cy + s * 0.28
    d.polygon(
        [(cx - w * 1.4, base), (cx - w * 0.4, base - w * 1.1), (cx + w * 0.3, base)], outline=colour, fill="#9b8265"
    )
    d.polygon(
        [(cx - w * 0.2, base), (cx + w * 0.6, base - w * 0.8), (cx + w * 1.4, base)], outline=colour, fill="#9b8265"
    )


def _anchor(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, colour: str) -> None:
    w = max(1, int(r / 4))
    d.line([(cx, cy - r), (cx, cy + r)], fill=colour, width=w)
    d.line([(cx - r * 0.5, cy - r * 0.55), (cx + r * 0.5, cy - r * 0.55)], fill=colour, width=w)
    d.arc([cx - r, cy, cx + r, cy + r * 1.2], 20, 160, fill=colour, width=w)
    d.ellipse([cx - r * 0.22, cy - r * 1.25, cx + r * 0.22, cy - r * 0.8], outline=colour, width=w)


__all__ = [
    "render_map",
    "image_size",
    "check_image_size",
    "default_size",
    "largest_size",
    "ImageTooBig",
    "MAX_PIXELS",
    "Hex",
]
