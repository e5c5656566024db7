"""Issue 22: the area editor's grab tool (TripleA's Polygon Grabber done better), under Xvfb.

A designer starts a new area map over a border image (File > New > Area map with an image to
trace), picks the grab tool with its key and clicks inside regions of the image: each click
makes a location whose outline follows the middle of the border lines, and neighbours share
their border vertex for vertex (no gap, no sliver: the problems panel says nothing about them).

The border image is drawn here with PIL at twice the map's scale (1200 x 800 pixels for a page
of 600 x 400 map units), its lines 5 pixels wide and anti-aliased by a blur, as a scan is."""

import pytest
from PIL import Image, ImageDraw, ImageFilter
from shapely.geometry import Point

from mapref.core.arealint import lint_area
from mapref.ui.area_editor import AreaEditor
from mapref.ui.editor_shell import editor_of
from mapref.ui.editors import open_editor
from test_editor_evening import focus_map, key

# the borders, in map units (the image is twice as big): a frame, a wavy line across, two
# lines down from the top to it and two from it to the bottom (borders meet three at a time, as
# on most maps); six regions
FRAME = (20, 20, 580, 380)
ACROSS = [(20, 200), (150, 180), (300, 215), (450, 185), (580, 200)]
DOWN = (
    [(220, 20), (210, 120), (230, 199)],
    [(420, 20), (440, 189)],
    [(160, 182), (180, 290), (150, 380)],
    [(360, 203), (390, 300), (370, 380)],
)
# a point well inside each region, and the regions that share a border
INSIDE = {"nw": (100, 100), "n": (320, 100), "ne": (510, 100), "sw": (80, 300), "s": (270, 300), "se": (480, 300)}
NEIGHBOURS = [("nw", "n"), ("n", "ne"), ("nw", "sw"), ("nw", "s"), ("n", "s"), ("sw", "s")]


def border_image(path):
    img = Image.new("L", (1200, 800), 255)
    d = ImageDraw.Draw(img)
    k = 2
    d.rectangle([v * k for v in FRAME], outline=0, width=5)
    for line in (ACROSS, *DOWN):
        d.line([(x * k, y * k) for x, y in line], fill=0, width=5, joint="curve")
    img.filter(ImageFilter.GaussianBlur(1.2)).convert("RGB").save(path)


def click(ed, p):
    c = ed.canvas
    x, y = c.widget_xy(p)
    c.event_generate("<Motion>", x=x, y=y)
    c.event_generate("<ButtonPress-1>", x=x, y=y, button=1)
    c.event_generate("<ButtonRelease-1>", x=x, y=y, button=1)
    ed.root.update()


def wait(ed, cond, timeout=30.0):
    import time

    end = time.monotonic() + timeout
    while not cond() and time.monotonic() < end:
        ed.root.update()
        time.sleep(0.02)
    return cond()


@pytest.fixture
def traced(tk_root, tmp_path):
    """File > New > Area map with the border image, from the hex editor `mapref MAP.toml` opens."""
    img = tmp_path / "borders.png"
    border_image(img)
    hexed = open_editor(tk_root, "hex", None, quiet=True)
    tk_root.geometry("1366x700+0+0")
    tk_root.update()
    hexed.answers = [
        {
            "name": "Six regions",
            "width": "600",
            "height": "400",
            "projection": "none",
            "extent": "",
            "underlay": str(img),
        }
    ]
    hexed.fire("new-area")
    ed = editor_of(tk_root)
    assert isinstance(ed, AreaEditor) and ed.model.page == (600.0, 400.0) and ed.model.background["scale"] == 0.5
    ed.underlay.wait()
    tk_root.update()
    ed.canvas.fit()
    tk_root.update()
    return ed


def test_grab_regions_of_a_border_image_into_locations_that_share_their_borders(traced):
    ed, m = traced, traced.model
    focus_map(ed)
    key(ed, "k")  # the grab tool, by its key
    assert ed.tool_name.get() == "grab"
    got = {}
    for name in ("nw", "n", "ne", "sw", "s"):
        before = set(m.locations)
        click(ed, INSIDE[name])  # the first click waits for the tracing, then grabs
        assert wait(ed, lambda before=before: set(m.locations) != before), ed.messages
        (got[name],) = set(m.locations) - before
        assert ed.selected == ("location", got[name])
    assert len(m.locations) == 5 and not ed.messages
    polys = {k: m.locations[lid].polygon for k, lid in got.items()}
    for name, poly in polys.items():
        assert poly.contains(Point(INSIDE[name]))
    # each outline runs along the middle of the border lines: on the frame, 20 map units in from
    # the page's edge, and on the line down, which bulges to x = 230 where it meets the wavy line
    assert polys["nw"].bounds[:3] == pytest.approx((20, 20, 230), abs=2)
    for a, b in NEIGHBOURS:
        pa, pb = polys[a], polys[b]
        assert pa.intersection(pb).area == pytest.approx(0, abs=1e-6)  # no overlap
        shared = pa.boundary.intersection(pb.boundary)
        assert shared.length > 50  # a whole border, not a corner
        # vertex for vertex: every vertex of one on the other's border is a vertex of the other
        va, vb = set(pa.exterior.coords), set(pb.exterior.coords)
        on_b = {p for p in va if pb.boundary.distance(Point(p)) < 1e-9}
        on_a = {p for p in vb if pa.boundary.distance(Point(p)) < 1e-9}
        assert on_b and on_b == on_a
    # no gap or sliver between them: the problems panel has nothing to say about the grabbed ones
    problems = [p for p in lint_area(m) if p.code in ("gap", "sliver", "overlap")]
    assert problems == []
    # hovering a region not grabbed yet outlines it; a click outside the frame, or on a region
    # already grabbed, is refused with a reason
    x, y = ed.canvas.widget_xy(INSIDE["se"])
    ed.canvas.event_generate("<Motion>", x=x, y=y)
    ed.root.update()
    assert ed.canvas.find_withtag("toolmark")
    click(ed, (10, 200))
    assert "no traced area there" in ed.messages[-1]
    click(ed, INSIDE["nw"])
    assert "inside other locations" in ed.messages[-1] and len(m.locations) == 5
    # one undo step a grab
    ed.fire("undo")
    assert len(m.locations) == 4 and got["s"] not in m.locations


def test_the_border_level_can_be_set_and_the_map_saved(traced, tmp_path):
    from mapref.io.areafile import load_area_map

    ed, m = traced, traced.model
    ed.set_tool("grab")
    ed.grab_threshold.set(100)
    click(ed, INSIDE["ne"])
    assert wait(ed, lambda: len(m.locations) == 1), ed.messages
    assert "border darker than 100" in ed.message.get() or "Grabbed" in ed.message.get()
    ed.files.save_to(tmp_path / "six.toml")
    again = load_area_map(tmp_path / "six.toml")
    assert list(again.locations) == list(m.locations) and again.page == (600.0, 400.0)
