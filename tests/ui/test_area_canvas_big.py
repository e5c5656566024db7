"""The area canvas on a big map (docs/performance.md: drawn around the view, at the detail of the
zoom): zoomed out every location is there, each outline within a pixel of the real one, without
names, values or move lines; zoomed in, what is drawn around the view is what a whole drawing
shows there (the exact outlines, the names, the lines of the locations drawn), in the order of
the layers; panning draws what comes into view; the pointer finds the location under it; an edit
and its undo redraw the places it changed.  The thresholds are lowered for the test so that a
map of a few hundred generated areas counts as big, and is zoomed out at its fit view."""

import math
import tkinter as tk

import pytest
from shapely.geometry import Polygon

from mapref.core.areaedit import accept_lines, generate_areas, move_vertex, suggest_lines
from mapref.core.areageom import rings_of
from mapref.core.areamodel import AreaMap
from mapref.ui import area_canvas
from mapref.ui.area_editor import AreaEditor


@pytest.fixture(scope="module")
def big_map():
    import random

    rnd = random.Random(7)
    land = Polygon([(0, 0), (3000, 0), (3000, 2000), (0, 2000)])
    m = AreaMap(name="big", land=land)
    pts = sorted({(round(rnd.uniform(20, 2980), 2), round(rnd.uniform(20, 1980), 2)) for _ in range(400)})
    generate_areas(m, pts).do(m)
    if not any(ln.proposed for ln in m.lines.values()):
        suggest_lines(m).do(m)
    accept_lines(m, [k for k, ln in m.lines.items() if ln.proposed]).do(m)
    return m


@pytest.fixture
def ed(big_map, monkeypatch):
    monkeypatch.setattr(area_canvas, "CULL_FROM", 100)
    monkeypatch.setattr(area_canvas, "DETAIL_PX", 60)
    root = tk.Tk()
    e = AreaEditor(root, None, model=big_map, quiet=True)
    root.geometry("1200x800+0+0")
    root.update()
    e.canvas.fit()
    root.update()
    yield e
    root.destroy()


def polygon_items(c, lid):
    return [i for i in c.loc_items.get(lid, []) if c.type(i) == "polygon" and "hole" not in c.gettags(i)]


def drawn_outline(c, item) -> Polygon:
    xy = c.coords(item)
    return Polygon([(xy[k] / c.zoom, xy[k + 1] / c.zoom) for k in range(0, len(xy), 2)])


def at_working_zoom(ed):
    c, m = ed.canvas, ed.model
    x0, y0, x1, y1 = m.bounds()
    cell = math.sqrt((x1 - x0) * (y1 - y0) / len(m.locations))
    c.zoom_at(90 / cell / c.zoom, c.winfo_width() / 2, c.winfo_height() / 2)
    c.centre_on(((x0 + x1) / 2, (y0 + y1) / 2))
    c._settle()
    ed.root.update()


def in_view(c, grow=0.0):
    return set(c._within(c._view_rect(grow)))


def test_zoomed_out_every_location_is_drawn_within_a_pixel_and_nothing_else(ed):
    c, m = ed.canvas, ed.model
    assert c.big and c.detail() == "low"
    assert set(c.loc_items) == set(m.locations)
    pixel = 1 / c.zoom
    for lid, loc in m.locations.items():
        (item,) = polygon_items(c, lid)
        got = drawn_outline(c, item)
        assert got.hausdorff_distance(loc.polygon) <= 1.5 * pixel, lid
    assert not c.find_withtag("names") and not c.find_withtag("values") and not c.line_items
    # the pointer finds the location under it (a spatial index, not the drawn items)
    for lid in list(m.locations)[::37]:
        p = m.locations[lid].polygon.representative_point()
        assert c.location_at(*c.widget_xy((p.x, p.y))) == lid


def test_zoomed_in_the_view_is_drawn_as_a_whole_drawing_shows_it_and_panning_draws_more(ed):
    c, m = ed.canvas, ed.model
    at_working_zoom(ed)
    assert c.detail() == "full"
    shown = set(c.loc_items)
    assert in_view(c) <= shown < set(m.locations)  # the view and around it, not the whole map
    for lid in in_view(c):
        (item,) = polygon_items(c, lid)  # the exact outline
        assert c.coords(item) == pytest.approx(c.flat(rings_of(m.locations[lid].polygon)[0][1]))
        names = [i for i in c.loc_items[lid] if "name" in c.gettags(i)]
        assert names and m.locations[lid].label in c.itemcget(names[0], "text")
    # the lines of the locations in view are drawn, over the locations and under the names
    joined = {k for k, ln in m.lines.items() if ln.a in in_view(c) or ln.b in in_view(c)}
    assert joined and joined <= set(c.line_items)
    order = {item: n for n, item in enumerate(c.find_all())}
    top_polygon = max(order[i] for lid in shown for i in polygon_items(c, lid))
    lines = [order[i] for ids in c.line_items.values() for i in ids]
    names = [order[i] for i in c.find_withtag("names")]
    assert top_polygon < min(lines) and max(lines) < min(names)
    # panning: what comes into view is drawn
    c.scan_mark(600, 400)
    c.scan_dragto(100, 100, gain=1)
    ed.root.update()
    assert in_view(c) <= set(c.loc_items)
    for lid in in_view(c):
        assert polygon_items(c, lid)


def test_an_edit_and_its_undo_redraw_the_places_it_changed(ed):
    c, m = ed.canvas, ed.model
    at_working_zoom(ed)
    lid = c.location_at(c.winfo_width() // 2, c.winfo_height() // 2)
    at = rings_of(m.locations[lid].polygon)[0][1][0]
    shared = [k for k, loc in m.locations.items() if any(p == at for _, r in rings_of(loc.polygon) for p in r)]
    assert len(shared) >= 2
    before = {k: c.coords(polygon_items(c, k)[0]) for k in shared}
    ed.push(move_vertex(m, at, (at[0] + 3, at[1] + 2)))
    ed.root.update()
    for k in shared:
        assert c.coords(polygon_items(c, k)[0]) == pytest.approx(c.flat(rings_of(m.locations[k].polygon)[0][1]))
        assert c.coords(polygon_items(c, k)[0]) != pytest.approx(before[k])
    ed.fire("undo")
    ed.root.update()
    for k in shared:
        assert c.coords(polygon_items(c, k)[0]) == pytest.approx(before[k])
