"""The area editor under Xvfb, driven by real (synthetic) mouse and key events.

The canvas is set to 2 pixels per map unit with the map's origin at the window's top-left, so a
map point (x, y) is clicked at widget pixel (2x, 2y); every test reads its result back from the
map and from the canvas items."""

import os
import subprocess
import sys
import tkinter as tk
from pathlib import Path

import pytest
from PIL import Image
from shapely.geometry import Polygon
from shapely.ops import unary_union

from mapref.core.areageom import border_between
from mapref.core.areamodel import AreaMap, ColourClass
from mapref.io.areafile import dumps_area_map, load_area_map
from mapref.ui.area_editor import AreaEditor
from tests.helpers import mapref

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "maps" / "area_sample.toml"


def make_editor(path=None, model=None):
    root = tk.Tk()
    e = AreaEditor(root, path, model=model, quiet=True)
    root.geometry("1400x900+0+0")
    root.update()
    return e


def at_zoom_2(ed):
    c = ed.canvas
    c.zoom = 2.0
    c.redraw()
    c.configure(scrollregion=(0, 0, 4000, 4000))
    c.xview_moveto(0)
    c.yview_moveto(0)
    ed.root.update()


@pytest.fixture
def blank(tmp_path):
    m = AreaMap(
        name="Test", colours={"blue": ColourClass("Western Allies", "#9dbce0"), "gray": ColourClass("Axis", "#b4b4b4")}
    )
    ed = make_editor(tmp_path / "t.toml", m)
    at_zoom_2(ed)
    yield ed
    ed.root.destroy()


def px(ed, p):
    return ed.canvas.widget_xy(p)


def click(ed, p, shift=False):
    c = ed.canvas
    x, y = px(ed, p)
    state = 0x1 if shift else 0
    c.event_generate("<Motion>", x=x, y=y)
    c.event_generate("<ButtonPress-1>", x=x, y=y, button=1, state=state)
    c.event_generate("<ButtonRelease-1>", x=x, y=y, button=1, state=state | 0x100)
    ed.root.update()


def drag(ed, points):
    c = ed.canvas
    (x, y), rest = px(ed, points[0]), points[1:]
    c.event_generate("<Motion>", x=x, y=y)
    c.event_generate("<ButtonPress-1>", x=x, y=y, button=1)
    for p in rest:
        x, y = px(ed, p)
        c.event_generate("<B1-Motion>", x=x, y=y, state=0x100)
    c.event_generate("<ButtonRelease-1>", x=x, y=y, button=1, state=0x100)
    ed.root.update()


def key(ed, keysym):
    c = ed.canvas
    c.focus_force()
    ed.root.update()
    c.event_generate(f"<{keysym}>")
    ed.root.update()


def polygons_of(ed, lid):
    c = ed.canvas
    return [i for i in ed.canvas.loc_items[lid] if c.type(i) == "polygon"]


def test_draw_two_snapped_locations_split_join_by_a_one_way_naval_line_save_and_reopen(blank, tmp_path):
    ed, m, c = blank, blank.model, blank.canvas
    ed.set_tool("draw")
    for p in [(50, 50), (150, 50), (150, 150), (50, 150)]:
        click(ed, p)
    click(ed, (51, 51))  # near the first vertex: closes the ring
    assert list(m.locations) == ["location_1"]
    west = m.locations["location_1"]
    assert list(west.polygon.exterior.coords)[:-1] == [(50, 50), (150, 50), (150, 150), (50, 150)]
    assert c.itemcget(polygons_of(ed, "location_1")[0], "fill") == "#e8e2cf"  # no colour class yet
    assert ed.selected == ("location", "location_1")

    # bend its east border with the vertex tool: drag the border's middle out by 15 units
    ed.set_tool("vertex")
    drag(ed, [(150, 100), (158, 100), (165, 100)])
    assert (165.0, 100.0) in list(m.locations["location_1"].polygon.exterior.coords)
    assert ed.history.undo_label() == "Insert vertex"  # insert and move: one step

    # the neighbour is drawn by clicking near the two shared corners only: the clicks snap to them
    # and the border between them follows the bend
    ed.set_tool("draw")
    for p in [(151.5, 48.8), (250, 50), (250, 150), (148.9, 151.2)]:
        click(ed, p)
    key(ed, "Return")
    assert list(m.locations) == ["location_1", "location_2"]
    a, b = m.locations["location_1"].polygon, m.locations["location_2"].polygon
    assert a.intersection(b).area == 0
    assert border_between(a, b).length == pytest.approx(2 * (15**2 + 50**2) ** 0.5)
    assert unary_union([a, b]).equals(Polygon([(50, 50), (250, 50), (250, 150), (50, 150)]))
    # and on the canvas the two polygons share those corners
    flat_b = [float(v) for v in c.coords(polygons_of(ed, "location_2")[0])]
    assert [300.0, 100.0] in [flat_b[i : i + 2] for i in range(0, len(flat_b), 2)]
    assert [330.0, 200.0] in [flat_b[i : i + 2] for i in range(0, len(flat_b), 2)]

    # split the second location along a line drawn north to south
    ed.set_tool("split")
    click(ed, (210, 30))
    click(ed, (210, 170))
    ed.fire("finish")
    ed.root.update()
    east = m.locations["location_2"]
    assert east.halves == ("e", "w") and east.split == ((210.0, 30.0), (210.0, 170.0))
    assert east.half_geoms["w"].bounds[2] == 210.0 and east.half_geoms["e"].bounds[0] == 210.0
    assert [c.type(i) for i in c.loc_items["location_2"] if "halves" in c.gettags(i)] == ["line"]

    # a one-way naval line with a defence value, from the first location into the west half
    ed.set_tool("line")
    ed.line_kind.set("naval")
    ed.line_oneway.set(True)
    ed.line_defence_b.set("2")
    drag(ed, [(90, 100), (140, 100), (185, 90)])
    (lid,) = list(m.lines)
    ln = m.lines[lid]
    assert (ln.a, ln.b, ln.kind, ln.oneway, ln.defence_a, ln.defence_b) == (
        "location_1",
        "location_2.w",
        "naval",
        True,
        0,
        2,
    )
    path = [i for i in c.line_items[lid] if "path" in c.gettags(i)][0]
    assert c.itemcget(path, "arrow") == "last" and c.itemcget(path, "fill") == m.line_colour("naval")
    assert [c.itemcget(i, "text") for i in c.line_items[lid] if "defence" in c.gettags(i)] == ["+2"]
    assert ed.selected == ("line", lid)

    # give the first location a colour class in the inspector: the canvas recolours it
    ed.select("location", "location_1")
    w = ed.inspector.widgets["location"]["colour"]
    w.set("gray")
    w.event_generate("<<ComboboxSelected>>")
    ed.root.update()
    assert (
        m.locations["location_1"].colour == "gray" and c.itemcget(polygons_of(ed, "location_1")[0], "fill") == "#b4b4b4"
    )

    # save, reopen in a new editor, compare the file
    ed.fire("save")
    ed.root.update()
    saved = (tmp_path / "t.toml").read_text(encoding="utf-8")
    assert not ed.root.title().startswith("*")
    again = load_area_map(tmp_path / "t.toml")
    assert dumps_area_map(again) == saved == dumps_area_map(m)
    ed2 = make_editor(tmp_path / "t.toml")
    try:
        m2 = ed2.model
        assert m2.locations["location_2"].halves == ("e", "w") and m2.lines[lid] == ln
        assert m2.locations["location_1"].polygon.equals(m.locations["location_1"].polygon)
        assert ed2.root.title() == "t.toml - mapref area editor"
    finally:
        ed2.root.destroy()

    # undo everything, one step at a time, back to the empty map; redo it all
    steps = 0
    while ed.history.can_undo():
        ed.fire("undo")
        steps += 1
    ed.root.update()
    assert steps == 6 and not m.locations and not m.lines and not c.loc_items
    for _ in range(steps):
        ed.fire("redo")
    ed.root.update()
    assert dumps_area_map(m) == saved and len(c.loc_items) == 2


def test_generate_areas_from_points_tiles_the_land_without_gaps(blank):
    ed, m, c = blank, blank.model, blank.canvas
    land = Polygon([(40, 40), (330, 30), (360, 160), (250, 250), (90, 230), (30, 140)])
    from mapref.core.areaedit import set_map

    ed.push(set_map(m, land=land))
    ed.root.update()
    assert c.find_withtag("land")
    ed.set_tool("generate")
    cities = [(80, 80), (170, 70), (280, 70), (90, 180), (200, 160), (300, 170)]
    for p in cities:
        click(ed, p)
    assert len(c.find_withtag("toolmark")) == 2 * len(cities)  # a dot and a number per city
    ed.fire("finish")
    ed.root.update()
    cells = [loc.polygon for loc in m.locations.values()]
    assert len(cells) == len(cities) and all(cell.is_valid for cell in cells)
    union = unary_union(cells)
    assert union.geom_type == "Polygon" and not union.interiors  # no gap inside
    assert union.symmetric_difference(m.land).area < 1e-6  # the land, all of it
    assert m.land.hausdorff_distance(land) < 0.01  # the coast only got the cells' rounded vertices
    for i, a in enumerate(cells):
        for b in cells[i + 1 :]:
            assert a.intersection(b).area < 1e-9
    for p, loc in zip(cities, m.locations.values(), strict=True):
        assert loc.anchor == p and loc.polygon.contains(Polygon([(p[0], p[1]), (p[0] + 0.1, p[1]), (p[0], p[1] + 0.1)]))
    assert len(c.loc_items) == len(cities) and not c.find_withtag("toolmark")
    # the problems panel sees no overlap or gap; the generated areas come with land lines proposed
    # between neighbours (issue 22), to accept
    assert m.lines and all(ln.proposed for ln in m.lines.values())
    assert {p.code for p in ed.problems.run()} == {"proposed-line"}
    ed.fire("accept-lines")
    ed.root.update()
    assert ed.problems.run() == []
    ed.fire("undo")
    ed.fire("undo")
    ed.root.update()
    assert not m.locations and not m.lines and m.land.equals(land)


def test_inspector_edits_every_kind_of_item_and_undo(tmp_path):
    p = tmp_path / "a.toml"
    p.write_bytes(SAMPLE.read_bytes())
    ed = make_editor(p)
    try:
        m, c = ed.model, ed.canvas
        c.fit()
        ed.root.update()
        ed.set_tool("select")
        click(ed, (312, 345))  # the island part of Marseilles
        assert ed.selected == ("location", "marseilles")
        ins = ed.inspector
        for k, v in (
            ("name", "Marseille"),
            ("vp", "4"),
            ("supply", "western; axis if turn >= 12"),
            ("attrs", "port = 3; coast = true"),
        ):
            w = ins.widgets["location"][k]
            w.focus_force()
            w.delete(0, "end")
            w.insert(0, v)
            w.event_generate("<Return>")
            ed.root.update()
        loc = m.locations["marseilles"]
        assert (loc.name, loc.vp, [s.text() for s in loc.supply], dict(loc.attrs)) == (
            "Marseille",
            4,
            ["western", "axis if turn >= 12"],
            {"port": 3, "coast": True},
        )
        texts = [c.itemcget(i, "text") for i in c.loc_items["marseilles"] if c.type(i) == "text"]
        assert "Marseille" in texts and "4" in texts
        # a wrong value is refused with a message, nothing changes
        w = ins.widgets["location"]["vp"]
        w.focus_force()
        w.delete(0, "end")
        w.insert(0, "many")
        w.event_generate("<Return>")
        ed.root.update()
        assert m.locations["marseilles"].vp == 4 and "whole number" in ed.messages[-1]

        ed.select("line", "usa-algiers")
        ed.root.update()
        w = ins.widgets["line"]["condition"]
        w.focus_force()
        w.delete(0, "end")
        w.insert(0, "allied_deck >= 4")
        w.event_generate("<Return>")
        ed.root.update()
        assert m.lines["usa-algiers"].condition.text() == "allied_deck >= 4", ed.messages
        ed.select("line", "ruhr-bern")
        ed.root.update()
        assert ins.vars["line"]["proposed"].get() == 1
        ins.widgets["line"]["proposed"].invoke()  # untick: accepted
        ed.root.update()
        assert not m.lines["ruhr-bern"].proposed
        w = ins.widgets["line"]["id"]
        w.focus_force()
        w.delete(0, "end")
        w.insert(0, "rhine-alps")
        w.event_generate("<Return>")
        ed.root.update()
        assert "rhine-alps" in m.lines and ed.selected == ("line", "rhine-alps")

        ed.select("box", "usa")
        ed.root.update()
        w = ins.widgets["box"]["position"]
        w.focus_force()
        w.delete(0, "end")
        w.insert(0, "-150 90")
        w.event_generate("<Return>")
        ed.root.update()
        assert m.boxes["usa"].position == (-150.0, 90.0)
        rect = [i for i in c.box_items["usa"] if c.type(i) == "rectangle"][0]
        assert c.coords(rect)[0] == pytest.approx(-150 * c.zoom)

        while ed.history.can_undo():
            ed.fire("undo")
        ed.root.update()
        assert dumps_area_map(m) == SAMPLE.read_text(encoding="utf-8") and not ed.root.title().startswith("*")
    finally:
        ed.root.destroy()


def test_problems_panel_lists_an_overlap_and_a_click_jumps_to_it(blank):
    ed, m = blank, blank.model
    ed.snap.set(False)
    ed.set_tool("draw")
    for p in [(50, 50), (150, 50), (150, 150), (50, 150)]:
        click(ed, p)
    ed.fire("finish")
    for p in [(120, 60), (220, 60), (220, 140), (120, 140)]:
        click(ed, p)
    ed.fire("finish")
    ed.root.update()
    problems = ed.problems.run()
    ed.root.update()
    errors = [p for p in problems if p.is_error]
    assert [p.message for p in errors] == ["Location 1 and Location 2 overlap (area 2400.00)"]
    assert ed.problems.count.get() == "3 problems (1 errors)"
    first = ed.problems.tree.get_children()[0]
    assert ed.problems.tree.item(first, "values")[1] == errors[0].message
    ed.select(None)
    ed.problems.tree.selection_set(first)
    ed.root.update()
    assert ed.selected == ("location", "location_1")
    # with snapping on, the same drawing is cut back to the neighbour: no overlap
    ed.fire("undo")
    ed.snap.set(True)
    for p in [(120, 60), (220, 60), (220, 140), (120, 140)]:
        click(ed, p)
    ed.fire("finish")
    assert not [p for p in ed.problems.run() if p.is_error]
    assert m.locations["location_2"].polygon.area == pytest.approx(70 * 80)


def test_vertex_shared_by_three_locations_moves_and_deletes_in_all(blank):
    from mapref.core.areaedit import add_location

    ed, m, c = blank, blank.model, blank.canvas
    for pts in (
        [(50, 50), (150, 50), (150, 150), (50, 150)],
        [(150, 50), (250, 50), (250, 150), (150, 150)],
        [(50, 150), (250, 150), (250, 220), (50, 220)],
    ):
        ed.push(add_location(m, pts))
    ed.root.update()
    ed.set_tool("vertex")
    drag(ed, [(150.5, 150.5), (160, 170), (170, 180)])
    for lid in m.locations:
        assert (170.0, 180.0) in list(m.locations[lid].polygon.exterior.coords), lid
    coords = [float(v) for v in c.coords(polygons_of(ed, "location_3")[0])]
    assert [340.0, 360.0] in [coords[i : i + 2] for i in range(0, len(coords), 2)]
    assert sum(loc.polygon.area for loc in m.locations.values()) == pytest.approx(200 * 170)
    click(ed, (170, 180), shift=True)
    assert all((170.0, 180.0) not in list(loc.polygon.exterior.coords) for loc in m.locations.values())
    ed.fire("undo")
    ed.fire("undo")
    ed.root.update()
    assert all((150.0, 150.0) in list(loc.polygon.exterior.coords) for loc in m.locations.values())


def test_layers_box_background_and_png_export(blank, tmp_path):
    from mapref.core.areaedit import add_line, add_location

    ed, m, c = blank, blank.model, blank.canvas
    ed.push(add_location(m, [(50, 50), (150, 50), (150, 150), (50, 150)], name="Paris"))
    ed.set_tool("box")
    click(ed, (300, 100))
    (bid,) = list(m.boxes)
    assert m.boxes[bid].position == (270.0, 80.0) and ed.selected == ("box", bid)
    drag(ed, [(300, 100), (320, 110), (340, 120)])
    assert m.boxes[bid].position == (310.0, 100.0), ed.messages
    ed.push(add_line(m, "paris", f"box:{bid}", kind="naval"))
    ed.root.update()
    line_items = c.line_items[f"paris-{bid}"]
    ed.fire("layer-lines")
    ed.root.update()
    assert {c.itemcget(i, "state") for i in line_items} == {"hidden"} and not ed.layer_vars["lines"].get()
    ed.fire("layer-lines")
    ed.root.update()
    assert {c.itemcget(i, "state") for i in line_items} == {"normal"}

    img = tmp_path / "scan.png"
    Image.new("RGB", (200, 150), "#a0c080").save(img)
    ed.load_background(img)
    ed.underlay.wait()  # read in a worker: the map stays usable meanwhile
    assert c.find_withtag("background") and m.background["image"] == "scan.png"
    assert c.itemcget(polygons_of(ed, "paris")[0], "stipple") == "gray50"  # the scan shows through
    ed.set_tool("background")
    drag(ed, [(100, 100), (110, 110), (120, 120)])
    assert m.background["offset"] == [70.0, 70.0]
    ed.underlay.set(opacity=0.8)
    assert m.background["opacity"] == 0.8

    out = tmp_path / "map.png"
    got = ed.export_png(out, 600)
    assert got.width == 600 and Image.open(out).size == got.size


def test_mapref_opens_an_area_map_in_the_area_editor(tmp_path):
    r = mapref(SAMPLE, cwd=tmp_path, env={"MAPREF_EXIT_AFTER_MS": "300"})
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "window: area_sample.toml - mapref area editor"


def test_mapref_reads_an_area_map_once_to_open_it(tmp_path):
    """``mapref MAP.toml`` reads the file to report its problems and hands the map to the editor:
    a 10,000-location map is parsed once, not twice (docs/performance.md)."""
    code = (
        "import sys\nimport mapref.io.problems as p\nreads = []\nparse = p.parse_toml\n"
        "def counted(*a, **k):\n    reads.append(a[0])\n    return parse(*a, **k)\n"
        "p.parse_toml = counted\nimport mapref.io.areafile, mapref.rules.files\n"
        "mapref.io.areafile.parse_toml = mapref.rules.files.parse_toml = counted\n"
        "from mapref.cli import main\nmain([sys.argv[1]])\nprint('reads', len(reads))\n"
    )
    env = dict(os.environ, MAPREF_EXIT_AFTER_MS="300", PYTHONPATH=str(ROOT), XDG_STATE_HOME=str(tmp_path / "state"))
    r = subprocess.run(
        [sys.executable, "-c", code, str(SAMPLE)], capture_output=True, text=True, cwd=tmp_path, env=env, timeout=60
    )
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == ["window:", "area_sample.toml", "-", "mapref", "area", "editor", "reads", "1"], r.stdout


def test_double_click_finishes_a_location_and_its_name_can_be_dragged(blank):
    ed, m, c = blank, blank.model, blank.canvas
    ed.set_tool("draw")
    for p in [(60, 60), (200, 60), (130, 180)]:
        click(ed, p)
    click(ed, (130, 180))  # the second click of a double-click on the last vertex finishes
    assert list(m.locations) == ["location_1"] and len(rings_of_first(m)) == 3
    assert not c.find_withtag("toolmark")
    ed.set_tool("select")
    start = m.locations["location_1"].label_point
    drag(ed, [start, (start[0] + 10, start[1] + 5), (start[0] + 20, start[1] + 10)])
    assert m.locations["location_1"].anchor == (round(start[0] + 20, 2), round(start[1] + 10, 2))
    name = [i for i in c.loc_items["location_1"] if "name" in c.gettags(i)][0]
    assert c.coords(name) == pytest.approx([(start[0] + 20) * 2, (start[1] + 10) * 2])
    ed.set_region("north", "The North", ["location_1"])
    assert m.regions["north"].members == ("location_1",)
    ed.fire("undo")
    ed.fire("undo")
    ed.root.update()
    assert m.locations["location_1"].anchor is None and not m.regions


def rings_of_first(m):
    return list(next(iter(m.locations.values())).polygon.exterior.coords)[:-1]
