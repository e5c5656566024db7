"""A big area map zoomed out (mapref.ui.area_canvas: ``_draw_outlines``): the canvas read back
holds, for every location in map order, one polygon per ring of its outline simplified to within
a pixel (shapely's, worked out here on its own): the points times the zoom without the closing
one, its colour class's fill (holes in the sea's colour, tagged ``hole``), the border's colour
and width, the stipple, the tags and the layer's state; a location whose simplified outline
collapses is drawn exactly.  And the window ``mapref MAP.toml`` opens draws the map once, at the
view it opens with (the window's first sizes are not followed before it)."""

import tkinter as tk

import pytest
import shapely
from shapely.geometry import MultiPolygon, Polygon

from mapref.core.areaedit import generate_areas
from mapref.core.areamodel import AreaMap, ColourClass
from mapref.ui import area_canvas
from mapref.ui.area_canvas import BORDER, SEA
from mapref.ui.area_editor import AreaEditor


def varied_map() -> AreaMap:
    """Generated areas in three colour classes and none, plus a location with a hole, one in two
    parts (one of them with a hole), and one too small to keep three points at the fit view."""
    import random

    rnd = random.Random(34)
    m = AreaMap(name="outlines", land=Polygon([(0, 0), (3000, 0), (3000, 2000), (0, 2000)]))
    m.colours = {
        "blue": ColourClass("Western Allies", "#9dbce0"),
        "red": ColourClass("Soviet", "#e08a80"),
        "tan": ColourClass("Neutral", "#e3d3a8"),
    }
    pts = sorted({(round(rnd.uniform(20, 2980), 2), round(rnd.uniform(20, 1980), 2)) for _ in range(300)})
    generate_areas(m, pts).do(m)
    import dataclasses

    for n, (lid, loc) in enumerate(list(m.locations.items())):
        m.locations[lid] = dataclasses.replace(loc, colour=("blue", "red", "tan", "")[n % 4])
    ring = [(3100, 100), (3600, 100), (3600, 600), (3100, 600)]
    lake = [(3200, 200), (3300, 200), (3300, 300), (3200, 300)]
    first = next(iter(m.locations.values()))
    m.locations["lake"] = dataclasses.replace(first, id="lake", name="Lake", polygon=Polygon(ring, [lake]))
    m.locations["isles"] = dataclasses.replace(
        first,
        id="isles",
        name="Isles",
        colour="red",
        polygon=MultiPolygon(
            [
                Polygon(
                    [(3100, 800), (3500, 800), (3500, 1200), (3100, 1200)], [[(3200, 900), (3300, 900), (3250, 1000)]]
                ),
                Polygon([(3600, 800), (3900, 800), (3750, 1100)]),
            ]
        ),
    )
    m.locations["speck"] = dataclasses.replace(
        first, id="speck", name="Speck", polygon=Polygon([(3100, 1500), (3100.5, 1500), (3100.5, 1500.4)])
    )
    return m


@pytest.fixture
def ed(monkeypatch):
    monkeypatch.setattr(area_canvas, "CULL_FROM", 100)
    monkeypatch.setattr(area_canvas, "DETAIL_PX", 60)
    root = tk.Tk()
    e = AreaEditor(root, None, model=varied_map(), quiet=True)
    root.geometry("1200x800+0+0")
    root.update()
    e.canvas.fit()
    root.update()
    yield e
    root.destroy()


def expected_items(c) -> list[tuple]:
    """What the canvas should hold for the locations at low detail, worked out from the map."""
    out = []
    stipple = c._stipple()
    for lid, loc in c.model.locations.items():
        simple = shapely.simplify(loc.polygon, 0.8 / c.zoom, preserve_topology=False)
        rings = []
        for part in shapely.get_parts(simple):
            rings += [(part.exterior, False)] + [(r, True) for r in part.interiors]
        made = []
        for r, hole in rings:
            flat = [v * c.zoom for p in list(r.coords)[:-1] for v in p]
            if len(flat) < 6:
                continue
            fill = SEA if hole else c.fill_of(loc.colour)
            tags = ("loc", f"loc:{lid}", "locations") + (("hole",) if hole else ())
            made.append((lid, flat, fill, BORDER, 1.2, "" if hole else stipple, tags, "normal"))
        if not made:  # collapsed at this zoom: its exact outline, simplified keeping its shape
            exact = shapely.simplify(loc.polygon, 0.8 / c.zoom, preserve_topology=True)
            for part in shapely.get_parts(exact):
                flat = [v * c.zoom for p in list(part.exterior.coords)[:-1] for v in p]
                made.append(
                    (
                        lid,
                        flat,
                        c.fill_of(loc.colour),
                        BORDER,
                        1.2,
                        stipple,
                        ("loc", f"loc:{lid}", "locations"),
                        "normal",
                    )
                )
        out += made
    return out


def drawn_items(c) -> list[tuple]:
    """The canvas's location polygons read back, in drawing order."""
    of_item = {i: lid for lid, ids in c.loc_items.items() for i in ids}
    out = []
    for i in c.find_withtag("locations"):
        tags = tuple(t for t in c.gettags(i) if t != "current")  # (the item under the pointer)
        out.append(
            (
                of_item[i],
                c.coords(i),
                c.itemcget(i, "fill"),
                c.itemcget(i, "outline"),
                float(c.itemcget(i, "width")),
                c.itemcget(i, "stipple"),
                tags,
                c.itemcget(i, "state"),
            )
        )
    return out


def test_zoomed_out_the_canvas_holds_each_ring_simplified_with_its_colours_and_tags(ed):
    import gc

    c = ed.canvas
    assert c.big and c.detail() == "low" and gc.isenabled()  # (paused while they were made, not after)
    want = expected_items(c)
    assert drawn_items(c) == want  # the same points exactly, in map order
    kinds = {(w[0], w[6][-1]) for w in want}
    assert ("lake", "hole") in kinds and ("isles", "hole") in kinds  # the cases are there
    assert sum(1 for w in want if w[0] == "isles" and "hole" not in w[6]) == 2
    assert "speck" in c.loc_items and len({w[2] for w in want}) == 5  # three classes, none, the sea
    # hidden, the layer's items are made hidden
    c.set_layer("locations", False)
    c.redraw()
    assert {c.itemcget(i, "state") for i in c.find_withtag("locations")} == {"hidden"}
    c.set_layer("locations", True)


def test_the_window_mapref_opens_draws_the_map_once_at_its_view(monkeypatch):
    monkeypatch.setattr(area_canvas, "CULL_FROM", 100)
    monkeypatch.setattr(area_canvas, "DETAIL_PX", 60)
    root = tk.Tk()
    try:
        e = AreaEditor(root, None, model=varied_map(), quiet=True)
        e.canvas.hold_view()  # as mapref.ui.editors.run_editor does
        made = max(e.canvas.find_all())  # what the editor drew as it was made
        root.geometry("1600x1000+0+0")
        root.update()  # the window's first sizes: not followed (bigger than the view drawn at first)
        assert e.canvas.winfo_width() > 1.25 * 600
        assert max(e.canvas.find_all()) == made
        e.canvas.initial_view()
        root.update()
        c = e.canvas
        assert min(c.find_all()) == made + 1  # nothing drawn between the editor and its view
        assert set(c.loc_items) == set(c.model.locations) and drawn_items(c) == expected_items(c)
    finally:
        root.destroy()


def test_the_outlines_stipple_follows_the_background_image(ed):
    """No image: the outlines unstippled, also when there was none before (set_background_image
    then leaves them as drawn); an image under them: stippled (holes not); taken away: unstippled."""
    from PIL import Image

    c = ed.canvas

    def stipples() -> set[tuple[bool, str]]:
        return {("hole" in c.gettags(i), c.itemcget(i, "stipple")) for i in c.find_withtag("locations")}

    assert stipples() == {(False, ""), (True, "")}
    c.set_background_image(None)
    assert stipples() == {(False, ""), (True, "")}
    c.model.background = {"image": "scan.png", "opacity": 0.5, "offset": [0.0, 0.0], "scale": 1.0}
    c.set_background_image(Image.new("RGB", (300, 200), "#a0c080"))
    assert stipples() == {(False, "gray50"), (True, "")}
    c.set_background_image(None)
    assert stipples() == {(False, ""), (True, "")}
    c.set_background_image(None)
    assert stipples() == {(False, ""), (True, "")}


def test_the_location_under_the_pointer_skips_empty_outlines(ed):
    """The canvas's tree of outlines leaves empty ones out, and still names each location."""
    import dataclasses

    m = ed.model
    first = next(iter(m.locations.values()))
    locations = {}
    for n, (lid, loc) in enumerate(m.locations.items()):
        locations[lid] = loc
        if n % 50 == 0:
            locations[f"void{n}"] = dataclasses.replace(first, id=f"void{n}", polygon=Polygon())
    m.locations = locations  # (another table: the canvas's tree made again)
    c = ed.canvas
    c.redraw()
    ed.root.update()
    for lid, loc in m.locations.items():
        if loc.polygon.is_empty or lid == "speck":  # (the speck: under a pixel)
            continue
        p = loc.polygon.representative_point()
        assert c.location_at(*c.widget_xy((p.x, p.y))) == lid


def test_a_big_area_map_opened_from_the_hex_editor_is_drawn_once_at_its_view(monkeypatch, tmp_path):
    """File > Open of a big area map in the hex editor's window (the editor switches kind): the
    new canvas does not follow the window's sizes before its view is set, as run_editor's does."""
    from mapref.io.areafile import save_area_map
    from mapref.ui.editors import editor_of, open_editor

    monkeypatch.setattr(area_canvas, "CULL_FROM", 100)
    monkeypatch.setattr(area_canvas, "DETAIL_PX", 60)
    path = tmp_path / "big.toml"
    save_area_map(varied_map(), path)
    root = tk.Tk()
    try:  # what the area editor draws as it is made, on its own
        AreaEditor(root, path, quiet=True)
        made = max(editor_of(root).canvas.find_all())
    finally:
        root.destroy()
    root = tk.Tk()
    try:
        root.geometry("1600x1000+0+0")
        ed = open_editor(root, "hex", None, quiet=True)
        root.update()
        assert ed.files.open_path(path)
        c = editor_of(root).canvas
        assert isinstance(editor_of(root), AreaEditor) and c.winfo_width() > 1.25 * 600
        assert min(c.find_all()) == made + 1  # nothing drawn between the editor and its view
        assert set(c.loc_items) == set(c.model.locations) and drawn_items(c) == expected_items(c)
    finally:
        root.destroy()
