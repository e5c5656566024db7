"""Issue 15: a background that is a decompression bomb, and a 144-megapixel scan (what reading
it allocates is measured, not the time it takes: no test here is timed).

The images are real files written here chunk by chunk (a PNG's rows are compressed as they are
made), so the test never holds the whole picture in memory itself."""

import struct
import zlib
from pathlib import Path

import pytest
from PIL import Image

from mapref.core.commands import SetHexProps
from mapref.io.mapfile import load_map
from mapref.ui.editor import Editor
from tests.helpers import Allocations

ROOT = Path(__file__).resolve().parents[2]
MAP = ROOT / "maps" / "hitlers_war.toml"


def write_png(path, w, h, bit_depth, row_for, colour_type=0, filter_for=lambda y: 0):
    """A PNG (greyscale by default; 2 = RGB) whose row y is ``row_for(y)`` (bytes, already
    filtered with the filter ``filter_for(y)`` names), compressed as it is written."""

    def chunk(f, kind, data):
        f.write(struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    z = zlib.compressobj(1)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n")
        chunk(f, b"IHDR", struct.pack(">IIBBBBB", w, h, bit_depth, colour_type, 0, 0, 0))
        buf = []
        for y in range(h):
            buf.append(z.compress(bytes([filter_for(y)]) + row_for(y)))
            if len(buf) > 256:
                chunk(f, b"IDAT", b"".join(buf))
                buf = []
        buf.append(z.flush())
        chunk(f, b"IDAT", b"".join(buf))
        chunk(f, b"IEND", b"")


def map_with_background(tmp_path, image_name, scale):
    path = tmp_path / MAP.name
    text = MAP.read_text(encoding="utf-8")
    assert "[background]" not in text
    path.write_text(
        text + f'\n[background]\nimage = "{image_name}"\nopacity = 0.5\noffset = [-20.0, -10.0]\nscale = {scale}\n',
        encoding="utf-8",
    )
    return path


@pytest.fixture
def root(tk_root):  # tests/ui/conftest.py
    return tk_root


def paint_something(ed):
    """The map is editable: a real click with the production tool."""
    m, c = ed.model, ed.canvas
    h = next(h for h in m.grid.hexes() if m.hexes[h].terrain == "land" and not m.hexes[h].production)
    ed.set_tool("production")
    ed.production_value.set(3)
    x, y = c.widget_xy(h)
    c.event_generate("<Motion>", x=x, y=y)
    c.event_generate("<ButtonPress-1>", x=x, y=y, button=1)
    c.event_generate("<ButtonRelease-1>", x=x, y=y, button=1)
    ed.root.update()
    assert m.hexes[h].production == 3
    return h


def test_a_decompression_bomb_background_is_refused_and_the_map_opens(tmp_path, root):
    bomb = tmp_path / "bomb.png"
    side = 20000  # 400 megapixels of 1-bit zeros: a 50 kB file that decodes to 400 MB
    zero = bytes(side // 8)
    write_png(bomb, side, side, 1, lambda y: zero)
    assert bomb.stat().st_size < 1_000_000
    path = map_with_background(tmp_path, "bomb.png", 0.05)

    ed = Editor(root, path, quiet=True)
    root.geometry("1400x900+0+0")
    root.update()
    ed.underlay.wait()
    assert ed.model.name == "Hitler's War" and len(ed.model.hexes) == 21 * 21
    assert ed.canvas.bg_image is None and not ed.canvas.find_withtag("background")
    msg = ed.message.get()
    assert "bomb.png claims 400 megapixels" in msg and "refused" in msg and "decompression bomb" in msg
    lines = [ed.problems.tree.item(i)["values"] for i in ed.problems.tree.get_children()]
    assert lines and "bomb.png claims 400 megapixels" in lines[0][1]
    # still a map to edit and save; [background] is kept for when the image is fixed
    paint_something(ed)
    ed.fire("save")
    assert load_map(path).background["image"] == "bomb.png"
    # loading it by hand is refused with the same words, and changes nothing
    before = len(ed.history.done)
    ed.fire("remove-background")
    ed.root.update()
    assert ed.model.background is None
    ed.messages.clear()
    root.after_idle(lambda: ed.load_background(bomb))  # as the menu's file dialog would
    root.update()
    assert ed.model.background is None and len(ed.history.done) == before + 1
    assert any("bomb.png claims 400 megapixels" in t for t in ed.messages)


def test_a_144_megapixel_scan_is_read_in_the_background_and_reduced(tmp_path, root):
    scan = tmp_path / "scan.png"
    w = h = 12000  # 144 megapixels, 8-bit grey: 144 MB decoded
    light, dark = bytes([230]) * 600, bytes([90]) * 600
    rows = [(light + dark) * (w // 1200), (dark + light) * (w // 1200)]
    write_png(scan, w, h, 8, lambda y: rows[(y // 600) % 2])
    path = map_with_background(tmp_path, "scan.png", 0.12)
    with Allocations() as mem:
        ed = Editor(root, path, quiet=True)
        root.geometry("1400x900+0+0")
        root.update()
        # the window is there and the map editable while the scan is read
        assert ed.underlay.loading and ed.message.get() == "Reading the background scan.png..."
        paint_something(ed)
        mem.wait(root, lambda: ed.underlay.loading)
    assert not ed.underlay.loading
    img = ed.canvas.bg_image
    assert img is not None and img.width * img.height <= 16_000_000 and img.width >= 3000
    assert ed.canvas.bg_source_size == (w, h)
    assert ed.message.get().startswith("Background scan.png (144 megapixels) is shown reduced to")
    # what reading it allocated (tests/helpers.Allocations), not what the process grew by: at
    # most the decoded grey image (144 MB) and its reduction, not 1.3 GB
    assert mem.peak_mb < 700, (mem.python_peak, mem.pillow_peak)
    # drawn under the hexes, placed by the file's pixels: 12000 px x 0.12 = 1440 map units wide
    c, bg = ed.canvas, ed.model.background
    ed.canvas.fit()
    root.update()
    assert c.find_withtag("background")
    px0, py0, px1, py1, ix0, iy0, ix1, iy1 = c._bg_region
    assert ix1 - ix0 == pytest.approx(w * bg["scale"] * c.zoom, rel=0.01)
    ox, oy = c.layout.origin
    assert (ix0, iy0) == pytest.approx((ox + bg["offset"][0] * c.zoom, oy + bg["offset"][1] * c.zoom), abs=1)
    assert c.find_all()[0] == c.find_withtag("background")[0]  # the lowest item: under the hexes
    assert c.itemcget(c.items[next(iter(c.items))], "stipple") == "gray50"  # opacity 0.5: half shows through
    # zoomed right in, only the view's part of the scan is drawn
    x, y = c.widget_xy(ed.model.grid.parse("P10"))
    c.zoom_at(8.0, x, y)
    root.update()
    ph = c._bg_photo
    assert ph.width() <= 2 * c.winfo_width() + 4 and ph.height() <= 2 * c.winfo_height() + 4
    # panning far redraws the part that comes into view
    region = c._bg_region
    c._scroll_to(region[4], c.canvasy(0))  # the scan's left edge, far left of what is drawn
    root.update()
    assert c._bg_region != region and c._bg_region[0] <= c.canvasx(0) + 1 <= c._bg_region[2]


def test_a_big_jpeg_is_decoded_reduced(tmp_path, root):
    scan = tmp_path / "scan.jpg"
    Image.radial_gradient("L").resize((7200, 5400)).save(scan, quality=80)  # 39 megapixels
    path = map_with_background(tmp_path, "scan.jpg", 0.2)
    ed = Editor(root, path, quiet=True)
    ed.underlay.wait()
    img = ed.canvas.bg_image
    assert img.width * img.height <= 16_000_000 and ed.canvas.bg_source_size == (7200, 5400)
    assert ed.message.get().startswith("Background scan.jpg (39 megapixels) is shown reduced to")
    ed.push(SetHexProps.same([next(iter(ed.model.grid.hexes()))], name="Edited"))
    assert ed.history.dirty
