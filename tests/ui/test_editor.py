"""The map editor under Xvfb, driven by real (synthetic) mouse and key events.

Every test reads its result back from the model and from the canvas.  MAP is the one constant
to switch to maps/hitlers_war.toml once that map is merged; the tests pick their hexes from
whatever map it is.
"""

from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from mapref.core.grid import Hex
from mapref.core.layout import Layout
from mapref.io.mapfile import dumps_map, load_map
from mapref.render.style import LAND_UNOWNED

ROOT = Path(__file__).resolve().parents[2]
MAP = ROOT / "maps" / "hitlers_war.toml"


def three_sea_hexes_in_a_row(m):
    g = m.grid
    for r in range(g.rows, 0, -1):
        for c in range(2, g.cols - 2):
            run = [Hex(r, c + i) for i in range(3)]
            if all(m.hexes[h].terrain == "sea" for h in run):
                return run
    raise AssertionError("the map has no three sea hexes in a row")


def click(ed, h, shift=False):
    c = ed.canvas
    x, y = c.widget_xy(h)
    state = 0x1 if shift else 0
    c.event_generate("<Motion>", x=x, y=y)
    c.event_generate("<ButtonPress-1>", x=x, y=y, button=1, state=state)
    c.event_generate("<ButtonRelease-1>", x=x, y=y, button=1, state=state | 0x100)
    ed.root.update()


def drag(ed, points):
    c = ed.canvas
    (x, y), rest = points[0], points[1:]
    c.event_generate("<Motion>", x=x, y=y)
    c.event_generate("<ButtonPress-1>", x=x, y=y, button=1)
    for x, y in rest:
        c.event_generate("<B1-Motion>", x=x, y=y, state=0x100)
    c.event_generate("<ButtonRelease-1>", x=x, y=y, button=1, state=0x100)
    ed.root.update()


def fill(ed, h):
    return ed.canvas.itemcget(ed.canvas.items[h], "fill")


def test_paint_drag_is_one_undo_step_then_port_in_inspector_save_and_reopen(ed, tmp_path):
    m, c = ed.model, ed.canvas
    run = three_sea_hexes_in_a_row(m)
    sea_fills = [fill(ed, h) for h in run]
    original = dumps_map(m)

    # paint land with a real drag across three hexes
    ed.set_tool("paint")
    ed.paint_attr.set("terrain")
    ed.paint_values["terrain"].set("land")
    ed.brush_radius.set(0)
    drag(ed, [c.widget_xy(h) for h in run])
    assert [m.hexes[h].terrain for h in run] == ["land"] * 3
    assert [fill(ed, h) for h in run] == [LAND_UNOWNED] * 3
    assert len(ed.history.done) == 1 and ed.history.done[0].label == "Paint terrain"
    assert ed.root.title().startswith("*")

    # select the middle hex with the select tool and give it a port in the inspector
    ed.set_tool("select")
    click(ed, run[1])
    assert ed.selection == {run[1]}
    port = ed.inspector.widgets["port"]
    port.focus_set()
    port.delete(0, "end")
    port.insert(0, "6")
    port.event_generate("<Return>")
    ed.root.update()
    assert m.hexes[run[1]].port == 6
    tag = f"marks:{run[1].row}:{run[1].col}"
    assert any("ports" in c.gettags(i) for i in c.find_withtag(tag))

    # undo both steps (menu/keys fire the same virtual event), redo both
    ed.fire("undo")
    ed.root.update()
    assert m.hexes[run[1]].port == 0 and ed.inspector.vars["port"].get() == "0"
    assert not any("ports" in c.gettags(i) for i in c.find_withtag(tag))
    ed.fire("undo")
    ed.root.update()
    assert [m.hexes[h].terrain for h in run] == ["sea"] * 3 and [fill(ed, h) for h in run] == sea_fills
    assert dumps_map(m) == original and not ed.root.title().startswith("*")
    ed.fire("redo")
    ed.fire("redo")
    ed.root.update()
    assert m.hexes[run[1]].port == 6 and [fill(ed, h) for h in run] == [LAND_UNOWNED] * 3

    # save, reopen, compare
    ed.fire("save")
    ed.root.update()
    assert not ed.root.title().startswith("*")
    saved = ed.path.read_text(encoding="utf-8")
    assert saved == dumps_map(m) != original
    again = load_map(ed.path)
    assert dumps_map(again) == saved
    assert again.hexes[run[1]].port == 6 and [again.hexes[h].terrain for h in run] == ["land"] * 3
    assert ed.files.open_path(ed.path)
    ed.root.update()
    assert ed.model.hexes[run[1]].port == 6 and [fill(ed, h) for h in run] == [LAND_UNOWNED] * 3


def test_control_z_key_and_brush_radius_one(ed):
    m, c = ed.model, ed.canvas
    run = three_sea_hexes_in_a_row(m)
    ed.set_tool("paint")
    ed.paint_values["terrain"].set("coastal")
    ed.brush_radius.set(1)
    click(ed, run[1])
    ring = [h for h in m.grid.neighbours(run[1])] + [run[1]]
    assert all(m.hexes[h].terrain == "coastal" for h in ring)
    c.focus_force()
    ed.root.update()
    c.event_generate("<Control-z>")
    ed.root.update()
    assert m.hexes[run[1]].terrain == "sea"
    c.event_generate("<Control-y>")
    ed.root.update()
    assert all(m.hexes[h].terrain == "coastal" for h in ring)


def test_rubber_band_and_inspector_edits_several_hexes(ed):
    m, c = ed.model, ed.canvas
    g = m.grid
    a, b = Hex(2, 2), Hex(3, 4)
    (x0, y0), (x1, y1) = c.widget_xy(a), c.widget_xy(b)
    sx, sy = (3 if x1 > x0 else -3), (3 if y1 > y0 else -3)
    drag(ed, [(x0 - sx, y0 - sy), ((x0 + x1) // 2, (y0 + y1) // 2), (x1 + sx, y1 + sy)])
    assert {a, b} <= ed.selection and len(ed.selection) >= 4
    w = ed.inspector.widgets["production"]
    w.focus_set()
    w.delete(0, "end")
    w.insert(0, "3")
    w.event_generate("<Return>")
    ed.root.update()
    assert all(m.hexes[h].production == 3 for h in ed.selection)
    ed.fire("undo")
    assert len(ed.history.done) == 0
    del g


def test_problems_panel_lists_and_jumps(ed):
    m = ed.model
    run = three_sea_hexes_in_a_row(m)
    from mapref.core.commands import SetHexProps

    ed.push(SetHexProps.same([run[0]], port=4))
    probs = ed.problems.run()
    ed.root.update()
    i = next(i for i, p in enumerate(probs) if p.code == "port-not-on-coast" and p.where == run[0])
    ed.problems.tree.selection_set(str(i))
    ed.root.update()
    assert ed.selection == {run[0]}
    assert ed.problems.tree.item(str(i))["values"][0] == m.grid.label(run[0])


def test_malformed_map_keeps_the_current_one(ed):
    before = dumps_map(ed.model)
    bad = ROOT / "tests" / "data" / "invalid" / "02_production_too_big.toml"
    assert not ed.files.open_path(bad)
    assert ed.messages and "02_production_too_big.toml:" in ed.messages[-1]
    assert dumps_map(ed.model) == before


def test_user_error_in_a_callback_is_shown_not_raised(ed):
    ed.set_tool("paint")
    ed.paint_attr.set("country")
    ed.paint_values["country"].set("zz")
    run = three_sea_hexes_in_a_row(ed.model)
    land = next(h for h in ed.model.grid.hexes() if ed.model.hexes[h].terrain == "land")
    click(ed, land)
    assert any("unknown country 'zz'" in msg for msg in ed.messages)
    del run


def test_grid_change_keeps_data_and_redraws(ed):
    m = ed.model
    named = {m.grid.label(h): d.name for h, d in m.named()}
    g = m.grid
    from mapref.core.grid import Grid

    bigger = Grid(
        rows=g.rows + 1,
        cols=g.cols + 2,
        orientation=g.orientation,
        shifted=g.shifted,
        shift=g.shift,
        labels=g.labels,
        first_row=g.first_row,
    )
    ed.set_grid(bigger)
    ed.root.update()
    assert len(ed.canvas.find_withtag("hex")) == bigger.rows * bigger.cols
    assert {m.grid.label(h): d.name for h, d in m.named()} == named
    ed.fire("undo")
    ed.root.update()
    assert len(ed.canvas.find_withtag("hex")) == g.rows * g.cols


def test_hexside_box_and_feature_tools(ed):
    m, c = ed.model, ed.canvas
    g = m.grid
    a = next(
        h
        for h in g.hexes()
        if m.hexes[h].is_land
        and any(m.hexes[n].is_land for n in g.neighbours(h))
        and not m.side(g.hexside(h, next(n for n in g.neighbours(h) if m.hexes[n].is_land))).impassable
    )
    b = next(n for n in g.neighbours(a) if m.hexes[n].is_land)
    (ax, ay), (bx, by) = c.widget_xy(a), c.widget_xy(b)
    ed.set_tool("hexside")
    ed.side_mode.set("impassable")
    mx, my = (ax + bx) // 2, (ay + by) // 2
    c.event_generate("<Motion>", x=mx, y=my)
    c.event_generate("<ButtonPress-1>", x=mx, y=my, button=1)
    c.event_generate("<ButtonRelease-1>", x=mx, y=my, button=1)
    ed.root.update()
    assert m.side(g.hexside(a, b)).impassable
    assert len(c.find_withtag("hexside")) >= 1

    ed.set_tool("box")
    ed.box_mode.set("place")
    ed.answers = ["Exile"]
    x, y = 5, 5  # the top-left corner of the canvas, off the grid
    c.event_generate("<Motion>", x=x, y=y)
    c.event_generate("<ButtonPress-1>", x=x, y=y, button=1)
    c.event_generate("<ButtonRelease-1>", x=x, y=y, button=1)
    ed.root.update()
    bid = ed.selected_box
    assert bid and m.boxes[bid].name == "Exile" and c.find_withtag(f"box:{bid}")
    ed.box_mode.set("land")
    click(ed, a)
    assert m.boxes[bid].land == (a,)
    ed.set_tool("feature")
    ed.feature_kind.set("supply_source")
    click(ed, b)
    assert any(f.kind == "supply_source" and f.hex == b for f in m.features.values())
    ed.select_box(bid)
    ed.fire("delete")
    ed.root.update()
    assert bid not in m.boxes and not c.find_withtag(f"box:{bid}")


def test_goto_find_zoom_and_status(ed):
    m, c = ed.model, ed.canvas
    h, d = next(iter(m.named()))
    assert ed.find(d.name.upper()) == h and ed.selection == {h}
    assert ed.status.get().startswith(f"{m.grid.label(h)} {d.name}")
    last = max(m.grid.hexes())
    assert ed.goto(m.grid.label(last)) == last
    x, y = c.widget_xy(last)
    c.event_generate("<Motion>", x=x, y=y)
    c.zoom_at(1.5, x, y)
    ed.root.update()
    assert c.hex_at(x, y) == last


def test_export_png_reports_progress(ed, tmp_path):
    seen = []
    img = ed.export_png(tmp_path / "out.png", 20, seen.append)
    assert (tmp_path / "out.png").exists() and img.width > 100
    assert seen[-1] == 1.0 and len(seen) > 5


def test_closing_with_unsaved_changes_asks(ed):
    from mapref.core.commands import SetHexProps

    h = next(iter(ed.model.grid.hexes()))
    ed.push(SetHexProps.same([h], production=2))
    ed.answers = [None]  # Cancel
    ed.fire("quit")
    ed.root.update()
    assert ed.root.winfo_exists() and ed.history.dirty


def test_trace_background_fits_grid_by_two_hexes(ed, tmp_path):
    m, c = ed.model, ed.canvas
    g = m.grid
    # a synthetic scan: the grid drawn at a known placement (image px -> map units: off + scale*px)
    true_scale, true_off = 0.8, (-30.0, -20.0)
    H = m.hex_size
    lay = Layout(g, H / true_scale, origin=(-true_off[0] / true_scale, -true_off[1] / true_scale))
    x0, y0, x1, y1 = lay.bounds()
    img = Image.new("RGB", (int(x1 + 40), int(y1 + 40)), "#f0e8d0")
    dr = ImageDraw.Draw(img)
    for h in g.hexes():
        dr.polygon(lay.corners(h), outline="#000000", fill="#c0d8a0" if m.hexes[h].is_land else "#a0c0e0")
    scan = tmp_path / "scan.png"
    img.save(scan)

    ed.load_background(scan, opacity=0.6)
    ed.underlay.wait()
    ed.root.update()
    assert m.background["image"] == "scan.png"
    assert c.find_withtag("background")
    A, B = Hex(1, 1), Hex(g.rows, g.cols)
    ed.set_tool("fit_grid")
    for h in (A, B):
        bg = m.background
        ix, iy = lay.centre(h)  # where h is on the scan
        ux, uy = bg["offset"][0] + bg["scale"] * ix, bg["offset"][1] + bg["scale"] * iy
        tx, ty = (int(round(v)) for v in c.map_to_widget(ux, uy))
        sx, sy = c.widget_xy(h)
        drag(ed, [(sx, sy), ((sx + tx) // 2, (sy + ty) // 2), (tx, ty)])
    bg = m.background
    assert bg["scale"] == pytest.approx(true_scale, rel=0.02)
    assert bg["offset"][0] == pytest.approx(true_off[0], abs=2.5 / c.zoom)
    assert bg["offset"][1] == pytest.approx(true_off[1], abs=2.5 / c.zoom)
    # the canvas shows the scan where the model says
    item = c.find_withtag("background")[0]
    ox, oy = c.layout.origin
    assert c.coords(item) == pytest.approx([ox + bg["offset"][0] * c.zoom, oy + bg["offset"][1] * c.zoom], abs=1)
    assert c._bg_photo.width() == pytest.approx(img.width * bg["scale"] * c.zoom, abs=2)
    # the hex centre of the scan now lies under the grid's hex centre
    mid = Hex(g.rows // 2, g.cols // 2)
    ix, iy = lay.centre(mid)
    wx, wy = c.map_to_widget(bg["offset"][0] + bg["scale"] * ix, bg["offset"][1] + bg["scale"] * iy)
    assert (wx, wy) == pytest.approx(c.widget_xy(mid), abs=3)
    # undo brings the previous placement back; saved in the file
    ed.fire("save")
    assert "[background]" in ed.path.read_text(encoding="utf-8")
    assert load_map(ed.path).background["scale"] == pytest.approx(true_scale, rel=0.02)
