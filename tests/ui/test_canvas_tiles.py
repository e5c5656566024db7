"""A big map is drawn by tiles around the view (mapref.ui.canvas: CULL_FROM, TILE): what is drawn
is what a whole drawing shows there, after scrolling, zooming, painting out of view and undo."""

import gc
import tkinter as tk

import pytest

from mapref.core.grid import Grid, Hex
from mapref.core.model import Country, MapModel
from mapref.ui import canvas as canvas_mod
from mapref.ui.editor import Editor

N = 90  # 8,100 hexes: drawn by tiles


def big_map() -> MapModel:
    m = MapModel(Grid(rows=N, cols=N), name="tiles", hex_size=30.0)
    m.countries["aa"] = Country("Aland", "#8ec1ea", "germany")
    for h, d in m.hexes.items():
        if (h.row + h.col) % 7:
            d.terrain, d.country = "land", "aa"
            d.production = 3 if (h.row * h.col) % 11 == 0 else 0
    return m


@pytest.fixture
def ed(monkeypatch):
    # the problems check of a big map runs in a worker thread: here in the main one, so no
    # garbage of a destroyed window is collected in another thread (Tk's variables refuse that)
    from mapref.ui.problems import ProblemsPanel

    monkeypatch.setattr(ProblemsPanel, "BACKGROUND_FROM", 10**9)
    root = tk.Tk()
    e = Editor(root, model=big_map(), quiet=True)
    root.geometry("1200x800+0+0")
    root.update()
    yield e
    root.destroy()
    gc.collect()


def consistent(c):
    """Every drawn hex has its polygon where the layout puts it, its fill, and its marks; no
    item is left of a tile that was dropped."""
    assert c.items and len(c.items) < N * N
    for h, item in list(c.items.items())[::97]:
        assert c.coords(item) == pytest.approx(c.corners(h), abs=0.6)
        assert c.itemcget(item, "fill") == c.fill_of(h)
    marks = [i for ids in c.mark_items.values() for i in ids]
    assert set(marks) <= {i for h in c.items for i in c.mark_items.get(h, ())}
    assert len(c.find_withtag("hex")) == len(c.items)
    texts = {i for i in c.find_all() if c.type(i) == "text" and "labels" in c.gettags(i)}
    assert texts <= set(marks)
    # the view is covered: the hexes at its corners are drawn
    w, hgt = c.winfo_width(), c.winfo_height()
    for x, y in ((5, 5), (w - 5, 5), (5, hgt - 5), (w - 5, hgt - 5), (w // 2, hgt // 2)):
        h = c.hex_at(x, y)
        if h is not None:
            assert h in c.items


def test_only_the_tiles_around_the_view_are_drawn(ed):
    c = ed.canvas
    assert c.culling
    consistent(c)
    c.centre_on(Hex(N - 5, N - 5))
    ed.root.update()
    consistent(c)
    assert Hex(N - 5, N - 5) in c.items and Hex(1, 1) not in c.items


def test_a_hex_painted_out_of_view_shows_its_new_colour_when_scrolled_to(ed):
    c, m = ed.canvas, ed.model
    far = Hex(N - 3, N - 3)
    assert far not in c.items
    from mapref.core.commands import SetHexProps

    ed.push(SetHexProps({far: {"terrain": "sea", "country": None}}))
    ed.root.update()
    c.centre_on(far)
    ed.root.update()
    assert c.itemcget(c.items[far], "fill") == c.fill_of(far)
    consistent(c)
    ed.fire("undo")
    ed.root.update()
    assert m.hexes[far].terrain == "land" and c.itemcget(c.items[far], "fill") == c.fill_of(far)


def test_zoom_and_fit_keep_the_drawing_whole(ed):
    c = ed.canvas
    c.centre_on(Hex(N // 2, N // 2))
    ed.root.update()
    for f in (1 / 1.25, 1 / 1.25, 1.25, 2.0, 1 / 3.0):
        c.zoom_at(f, 300, 200)
        ed.root.update()
        consistent(c)
    c.fit()
    ed.root.update()
    assert len(c.items) == N * N  # the whole map is in view: every tile drawn


def test_marks_stay_above_the_hexes_of_new_tiles(ed):
    c = ed.canvas
    c.centre_on(Hex(N // 2, N // 2))
    ed.root.update()
    order = {i: k for k, i in enumerate(c.find_all())}
    top_hex = max(order[i] for i in c.items.values())
    marks = [i for ids in c.mark_items.values() for i in ids]
    assert marks and min(order[i] for i in marks) > top_hex


def test_small_maps_are_drawn_whole(monkeypatch):
    root = tk.Tk()
    try:
        m = MapModel(Grid(rows=20, cols=20))
        e = Editor(root, model=m, quiet=True)
        root.update()
        assert not e.canvas.culling and len(e.canvas.items) == 400
    finally:
        root.destroy()
    assert canvas_mod.CULL_FROM > 400
