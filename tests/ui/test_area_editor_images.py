"""Issue 27: an area map's background image goes through the same guards as the hex editor's
(mapref.ui.images): a 900-megapixel image, a 169-megapixel one and a FIFO each give a clear
message, never an internal error, a hang or a huge allocation, and the map stays editable.

The images are real files written here row by row (tests/ui/test_editor_images.write_png)."""

import math
import os
import shutil
from pathlib import Path

import pytest
from PIL import Image

from mapref.io.areafile import load_area_map
from mapref.ui import images
from mapref.ui.area_editor import AreaEditor
from mapref.ui.editor import Editor
from test_editor_images import write_png
from tests.helpers import Allocations

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "maps" / "area_sample.toml"
HEX = ROOT / "maps" / "hitlers_war.toml"


def with_background(tmp_path, image_name, scale, src=SAMPLE):
    path = tmp_path / src.name
    text = src.read_text(encoding="utf-8")
    assert "[background]" not in text
    path.write_text(
        text + f'\n[background]\nimage = "{image_name}"\nopacity = 0.5\noffset = [-100.0, 0.0]\nscale = {scale}\n',
        encoding="utf-8",
    )
    return path


def draw_square(ed, x0, y0):
    """The map is editable: a location drawn with four clicks and Return."""
    c = ed.canvas
    ed.set_tool("draw")
    ed.snap.set(False)
    c.centre_on((x0 + 15, y0 + 15))
    ed.root.update()
    n = len(ed.model.locations)
    for p in [(x0, y0), (x0 + 30, y0), (x0 + 30, y0 + 30), (x0, y0 + 30)]:
        x, y = c.widget_xy(p)
        c.event_generate("<Motion>", x=x, y=y)
        c.event_generate("<ButtonPress-1>", x=x, y=y, button=1)
        c.event_generate("<ButtonRelease-1>", x=x, y=y, button=1)
    c.focus_force()
    c.event_generate("<KeyPress-Return>")
    ed.root.update()
    assert len(ed.model.locations) == n + 1


@pytest.fixture
def root(tk_root):  # tests/ui/conftest.py
    return tk_root


def test_a_900_megapixel_background_is_refused_and_the_area_map_opens(tmp_path, root):
    bomb = tmp_path / "bomb.png"
    side = 30000  # 900 megapixels of 1-bit zeros: a file of 110 kB
    zero = bytes(side // 8)
    write_png(bomb, side, side, 1, lambda y: zero)
    assert bomb.stat().st_size < 1_000_000
    path = with_background(tmp_path, "bomb.png", 0.02)

    ed = AreaEditor(root, path, quiet=True)
    root.geometry("1400x900+0+0")
    root.update()
    ed.underlay.wait()
    assert len(ed.model.locations) == 8 and ed.canvas.bg_image is None and not ed.canvas.find_withtag("background")
    msg = ed.message.get()
    assert "bomb.png claims 900 megapixels" in msg and "refused" in msg and "decompression bomb" in msg
    first = ed.problems.tree.item(ed.problems.tree.get_children()[0])["values"]
    assert "bomb.png claims 900 megapixels" in first[1]
    assert not any("internal error" in t for t in ed.messages)
    draw_square(ed, 500, 500)
    ed.fire("save")
    assert load_area_map(path).background["image"] == "bomb.png"  # kept for when the image is fixed
    # Tools > Load background image with it: refused with the same words, nothing changes
    ed.fire("remove-background")
    root.update()
    done = len(ed.history.done)
    root.after_idle(lambda: ed.load_background(bomb))  # as the menu's file dialog would
    root.update()
    assert ed.model.background is None and len(ed.history.done) == done
    assert any("bomb.png claims 900 megapixels" in t for t in ed.messages)


def test_a_169_megapixel_background_is_read_in_parts_never_whole(tmp_path, root):
    """13000 x 13000 RGB: 507 MB of pixels, 676 MB as PIL holds them.  The rows repeat the one
    above them (PNG's Up filter) except a dark band every 1000 rows, so every strip boundary
    depends on the row before it."""
    big = tmp_path / "big.png"
    w = h = 13000
    stripes = bytes(v for x in range(w) for v in ((250, 250, 240) if (x // 400) % 2 else (200, 220, 255)))
    dark, same = bytes([40, 40, 40]) * w, bytes(3 * w)

    def row(y):
        return dark if y % 1000 < 8 else stripes if y % 1000 == 8 or y == 0 else same

    write_png(big, w, h, 8, row, colour_type=2, filter_for=lambda y: 0 if y % 1000 <= 8 or y == 0 else 2)
    path = with_background(tmp_path, "big.png", 0.04)
    with Allocations() as mem:  # what reading it allocates, not what the process grows by
        ed = AreaEditor(root, path, quiet=True)
        root.geometry("1400x900+0+0")
        root.update()
        assert ed.underlay.loading  # the window is up while the image is read
        mem.wait(root, lambda: ed.underlay.loading)
    ed.canvas.fit()
    root.update()
    img = ed.canvas.bg_image
    k = math.ceil(math.sqrt(w * h / images.MAX_PIXELS))  # 4: a quarter of the width and of the height
    assert list(img.size) == [math.ceil(w / k)] * 2 and ed.canvas.bg_source_size == (w, h)
    assert ed.canvas.find_withtag("background")
    assert ed.message.get() == f"Background big.png (169 megapixels) is shown reduced to {w // k}x{h // k}"
    assert ed.messages == []

    # what the file shows, far from the first rows too: the stripes, and the dark bands
    def colour(x, y):
        return [40, 40, 40] if y % 1000 < 8 else [250, 250, 240] if (x // 400) % 2 else [200, 220, 255]

    pixels = {
        (x, y): img.getpixel((x, y))
        for x, y in [(10, 10), (100, 10), (10, 200), (10, 500), (110, 2100), (1000, 2100), (3000, 3240)]
    }
    for (x, y), got in pixels.items():
        assert list(got) == colour(x * k, y * k), (x, y)
    assert set(pixels.values()) == {(40, 40, 40), (250, 250, 240), (200, 220, 255)}
    assert mem.peak_mb < 450, (mem.python_peak, mem.pillow_peak)  # decoded whole it would take 676 MB on its own


def test_the_strips_decode_every_png_filter_exactly(tmp_path):
    """A small RGB image written with each of PNG's five row filters in turn, read in strips of
    a few rows: the same pixels as PIL's own decoding, reduced."""
    w, h = 301, 211
    img = Image.radial_gradient("L").resize((w, h))
    rgb = Image.merge("RGB", (img, img.transpose(Image.Transpose.FLIP_LEFT_RIGHT), Image.effect_noise((w, h), 60)))
    raw = rgb.tobytes()
    rows = [raw[y * 3 * w : (y + 1) * 3 * w] for y in range(h)]

    def paeth(a, b, c):
        p = a + b - c
        pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
        return a if pa <= pb and pa <= pc else b if pb <= pc else c

    def filtered(y):
        f, cur = y % 5, rows[y]
        up = rows[y - 1] if y else bytes(len(cur))
        out = bytearray(len(cur))
        for i, v in enumerate(cur):
            a = cur[i - 3] if i >= 3 else 0
            b, c = up[i], (up[i - 3] if i >= 3 else 0)
            out[i] = (v - (0, a, b, (a + b) // 2, paeth(a, b, c))[f]) & 0xFF
        return bytes(out)

    p = tmp_path / "filters.png"
    write_png(p, w, h, 8, filtered, colour_type=2, filter_for=lambda y: y % 5)
    assert Image.open(p).tobytes() == raw  # the file is what it should be
    old = images.STRIP_BYTES
    images.STRIP_BYTES = 5000  # five rows a strip: a boundary at every filter
    try:
        scan = images.read(p, max_pixels=5000)
    finally:
        images.STRIP_BYTES = old
    k = math.ceil(math.sqrt(w * h / 5000))
    assert scan.image.tobytes() == rgb.reduce(k).tobytes() and scan.source_size == (w, h)


@pytest.mark.parametrize("cls,src", [(AreaEditor, SAMPLE), (Editor, HEX)])
def test_a_fifo_or_a_device_as_background_is_refused_at_once(tmp_path, root, cls, src):
    fifo = tmp_path / "scan.png"
    os.mkfifo(fifo)  # nothing ever writes to it: opening it for reading would wait for ever
    path = with_background(tmp_path, "scan.png", 0.5, src)
    ed = cls(root, path, quiet=True)
    ed.underlay.wait(10)  # a bound against a hang only: refused at once, not read for ever
    assert not ed.underlay.loading
    assert ed.message.get() == "Background scan.png: expected a regular file, got a named pipe (FIFO)"
    assert ed.canvas.bg_image is None
    ed.fire("remove-background")
    root.update()
    for name, kind in ((fifo, "a named pipe (FIFO)"), ("/dev/zero", "a character device"), (tmp_path, "a directory")):
        ed.messages.clear()
        root.after_idle(lambda n=name: ed.load_background(n))  # as the menu's file dialog would
        root.update()
        assert ed.model.background is None
        assert ed.messages and ed.messages[-1].endswith(f": expected a regular file, got {kind}"), ed.messages
    shutil.rmtree(tmp_path / "unused", ignore_errors=True)


def test_zoomed_right_in_the_background_is_still_drawn_and_follows_the_view(tmp_path, root):
    """Tracing a small region of a big image means zooming in: only the part in view is drawn
    (it used to vanish beyond 36 megapixels of drawing)."""
    img = tmp_path / "scan.png"
    Image.radial_gradient("L").resize((4000, 3000)).save(img)
    path = with_background(tmp_path, "scan.png", 0.25)
    ed = AreaEditor(root, path, quiet=True)
    root.geometry("1366x700+0+0")
    root.update()
    ed.underlay.wait()
    c = ed.canvas
    c.fit()
    root.update()
    x, y = c.widget_xy((150.0, 300.0))
    for _ in range(12):
        c.zoom_at(1.5, x, y)
    root.update()
    assert c.zoom > 50  # 4000 px at 0.25 units each, times the zoom: far more than 36 megapixels
    assert c.find_withtag("background")
    ph, pixel = c._bg_photo, c.zoom * 0.25  # canvas pixels to a pixel of the image
    assert ph.width() <= 2 * c.winfo_width() + 3 * pixel and ph.height() <= 2 * c.winfo_height() + 3 * pixel
    region = c._bg_region
    c._scroll_to(c.canvasx(0) + 3 * c.winfo_width(), c.canvasy(0))  # pan far to the right
    root.update()
    assert c._bg_region != region and c._bg_region[0] <= c.canvasx(0) + 1 <= c._bg_region[2]


def test_a_big_image_that_cannot_be_read_in_parts_is_refused_saying_what_to_do(tmp_path, root):
    """A 16-bit PNG of 100 megapixels: PIL would hold it at 4 bytes a pixel (381 MB) to reduce it."""
    deep = tmp_path / "deep.png"
    side = 10000
    zero = bytes(2 * side)
    write_png(deep, side, side, 16, lambda y: zero)
    path = with_background(tmp_path, "deep.png", 0.05)
    ed = AreaEditor(root, path, quiet=True)
    ed.underlay.wait()
    assert ed.canvas.bg_image is None and len(ed.model.locations) == 8
    assert ed.message.get() == (
        "Background deep.png (100 megapixels, PNG I;16) would take 381 MB to read whole; save it as "
        "a JPEG or an 8-bit PNG that is not interlaced (mapref reads those in parts), or scale it "
        "down, and load it again"
    )
