"""Text drawn from glyphs rendered once per font (and halo width): what the PNG renders use for
the thousands of labels of a big map (docs/performance.md).

Pillow lays out and rasterises every string it is asked to draw (about 40 microseconds for a
hex's coordinates, several times that with a halo); a 200x200 map's 40,000 labels and a 10,000
area map's names spent most of a render there.  A :class:`Glyphs` renders each character of its
font once, as a small grey mask (with its halo's mask when the text has one), and draws a string
by placing its characters' masks one after the other by their advances and the font's kerning
of each pair (both worked out once), the string anchored as Pillow anchors it.
"""

from __future__ import annotations

from PIL import Image, ImageDraw, ImageFont

_H = {"l": 0.0, "m": 0.5, "r": 1.0}  # horizontal anchors: the part of the advance width left of the point


class Glyphs:
    """The glyphs of ``font``, each rendered on first use; ``stroke``: the halo's width in pixels."""

    def __init__(self, font: ImageFont.FreeTypeFont, stroke: int = 0) -> None:
        self.font, self.stroke = font, stroke
        self._glyphs: dict[str, tuple] = {}
        self._base: dict[str, float] = {}  # vertical anchor -> where the baseline is below the anchor point
        self._ink: dict[tuple, float | tuple[int, ...] | None] = {}  # Image.getpixel's value
        self._kern: dict[str, float] = {}  # a pair of characters -> what the font's kerning adds

    def _glyph(self, ch: str) -> tuple:
        """(fill mask, its offset from the pen on the baseline, halo mask, its offset, advance)."""
        g = self._glyphs.get(ch)
        if g is None:
            fill = self._mask(ch, 0)
            halo = self._mask(ch, self.stroke) if self.stroke else (None, (0, 0))
            g = self._glyphs[ch] = (*fill, *halo, self.font.getlength(ch))
        return g

    def _mask(self, ch: str, stroke: int) -> tuple[Image.Image | None, tuple[int, int]]:
        x0, y0, x1, y1 = (int(v) for v in self.font.getbbox(ch, anchor="ls", stroke_width=stroke))
        if x1 <= x0 or y1 <= y0:
            return None, (0, 0)
        img = Image.new("L", (x1 - x0, y1 - y0), 0)
        ImageDraw.Draw(img).text(
            (-x0, -y0), ch, font=self.font, fill=255, anchor="ls", stroke_width=stroke, stroke_fill=255
        )
        return img, (x0, y0)

    def baseline(self, v: str, glyphs: list | None = None) -> float:
        """How far below a point anchored ``v`` (Pillow's vertical anchors: a, m, s, d the same for
        every string of the font; t and b the top and the bottom of the string's ink) the baseline
        lies."""
        if v in "tb" and glyphs:
            marks = [(g[1][1], g[1][1] + g[0].size[1]) for g in glyphs if g[0] is not None]  # the ink, not the halo
            if marks:
                return -min(t for t, _ in marks) if v == "t" else -max(b for _, b in marks)
            v = "a"
        b = self._base.get(v)
        if b is None:
            f, sw = self.font, self.stroke  # Pillow anchors a string with a halo by the halo's extent
            b = self._base[v] = float(
                f.getbbox("x", anchor="l" + v, stroke_width=sw)[1] - f.getbbox("x", anchor="ls", stroke_width=sw)[1]
            )
        return b

    def _advances(self, text: str, glyphs: list) -> list[float]:
        """Each character's advance, with the kerning before the next one."""
        out = [g[4] for g in glyphs]
        for i in range(len(text) - 1):
            pair = text[i : i + 2]
            k = self._kern.get(pair)
            if k is None:
                k = self._kern[pair] = self.font.getlength(pair) - glyphs[i][4] - glyphs[i + 1][4]
            out[i] += k
        return out

    def length(self, text: str) -> float:
        return sum(self._advances(text, [self._glyph(ch) for ch in text]))

    def draw(
        self, d: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, fill, anchor: str = "mm", stroke_fill=None
    ) -> None:
        """Draw ``text`` at ``xy`` as ``d.text(xy, text, font, fill, anchor, stroke_width, stroke_fill)``
        draws it (the halo first, under every character)."""
        glyphs = [self._glyph(ch) for ch in text]
        adv = self._advances(text, glyphs)
        x = xy[0] - _H[anchor[0]] * sum(adv)
        y = xy[1] + self.baseline(anchor[1], glyphs)
        if self.stroke and stroke_fill is not None:
            pen, ink = x, self._ink_of(d, stroke_fill)
            for g, a in zip(glyphs, adv, strict=True):
                if g[2] is not None:
                    d.bitmap((round(pen + g[3][0]), round(y + g[3][1])), g[2], fill=ink)
                pen += a
        pen, ink = x, self._ink_of(d, fill)
        for g, a in zip(glyphs, adv, strict=True):
            if g[0] is not None:
                d.bitmap((round(pen + g[1][0]), round(y + g[1][1])), g[0], fill=ink)
            pen += a

    def _ink_of(self, d: ImageDraw.ImageDraw, colour):
        """``colour`` as the image's mode has it (worked out once per colour)."""
        key = (d.mode, colour)
        ink = self._ink.get(key)
        if ink is None:
            ink = self._ink[key] = Image.new(d.mode, (1, 1), colour).getpixel((0, 0))
        return ink


__all__ = ["Glyphs"]
