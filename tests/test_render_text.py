"""The PNG renders' text from glyphs rendered once (mapref.render.text.Glyphs) lands where Pillow
draws the same string: the same ink box within a pixel, the same amount of ink, halos included;
and a map too big for the pixel bound at its own hex size is drawn smaller by default instead of
refused (an explicit --size still is)."""

import pytest
from PIL import Image, ImageChops, ImageDraw

from mapref.core.grid import Grid
from mapref.core.model import MapModel
from mapref.render.png import MAX_PIXELS, ImageTooBig, default_size, image_size, render_map, _font
from mapref.render.text import Glyphs

TEXTS = ["AB123", "CX7", "Area 1234", "Wjq,", "supply: western", "+2", "To AV"]


def ink(img: Image.Image):
    grey = ImageChops.invert(img.convert("L"))
    return grey.getbbox(), sum(grey.histogram()[40:])


@pytest.mark.parametrize(
    "size, bold, stroke, anchor",
    [
        (7, False, 0, "mm"),
        (12, False, 0, "mm"),
        (26, True, 4, "mm"),
        (10, False, 1, "mt"),
        (20, False, 0, "mt"),
        (13, True, 2, "lm"),
        (16, False, 0, "ls"),
    ],
)
def test_glyph_text_lands_where_pillow_draws_it(size, bold, stroke, anchor):
    f = _font(size, bold=bold)
    g = Glyphs(f, stroke)
    for text in TEXTS:
        for xy in ((150.0, 60.0), (150.37, 60.6), (151.5, 59.49)):
            a = Image.new("RGB", (300, 120), "white")
            b = a.copy()
            halo = "#ffee00" if stroke else None
            ImageDraw.Draw(a).text(
                xy, text, font=f, fill="#223344", anchor=anchor, stroke_width=stroke, stroke_fill=halo
            )
            g.draw(ImageDraw.Draw(b), xy, text, "#223344", anchor, halo)
            (box_a, n_a), (box_b, n_b) = ink(a), ink(b)
            assert all(abs(p - q) <= 1 for p, q in zip(box_a, box_b, strict=True)), (text, xy, box_a, box_b)
            assert abs(n_a - n_b) <= 0.08 * n_a, (text, xy, n_a, n_b)
    assert g.length("AB123") == pytest.approx(f.getlength("AB123"), abs=1)


def test_a_big_map_is_drawn_smaller_by_default_and_refused_at_a_size_too_big():
    m = MapModel(Grid(rows=160, cols=160), hex_size=30.0)
    w, h = image_size(m, 30)
    assert w * h > MAX_PIXELS  # too big at its own hex size
    s = default_size(m)
    assert 4 <= s < 30 and image_size(m, s)[0] * image_size(m, s)[1] <= MAX_PIXELS
    img = render_map(m)
    assert img.size == image_size(m, s)
    with pytest.raises(ImageTooBig, match="at most --size"):
        render_map(m, size=30)
