"""The application window under Xvfb: the map is drawn and the status bar follows the mouse."""

import tkinter as tk
from pathlib import Path

import pytest
from PIL import ImageGrab

from mapref.ui.app import App

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def app():
    root = tk.Tk()
    a = App(root, ROOT / "maps" / "sample.toml")
    root.update()
    yield a
    root.destroy()


def test_window_draws_one_polygon_per_hex_in_its_colour(app):
    c = app.canvas
    m = app.model
    assert len(c.find_withtag("hex")) == m.grid.rows * m.grid.cols
    berlin = m.grid.parse("E7")
    assert c.itemcget(c.items[berlin], "fill") == m.countries["ge"].colour
    texts = {c.itemcget(i, "text") for i in c.find_withtag("labels")}
    assert {"E7", "Berlin", "London"} <= texts


def test_status_bar_names_the_hex_under_the_mouse(app):
    c = app.canvas
    x, y = c.widget_xy(app.model.grid.parse("E7"))
    c.event_generate("<Motion>", x=x, y=y)
    app.root.update()
    assert app.status.get() == "E7 Berlin, Germany, land, production 4, capital"


def test_screen_shows_the_map(app, tmp_path):
    c = app.canvas
    app.root.update()
    x, y = c.winfo_rootx(), c.winfo_rooty()
    hx, hy = c.widget_xy(app.model.grid.parse("F9"))  # Moscow, Soviet red
    shot = ImageGrab.grab(bbox=(x, y, x + c.winfo_width(), y + c.winfo_height()), xdisplay=None)
    shot.save(tmp_path / "viewer.png")
    r, g, b = shot.getpixel((hx + 8, hy - 8))[:3]
    assert r > 180 and g < 120 and b < 120


def test_zoom_keeps_the_hex_under_the_cursor(app):
    c = app.canvas
    h = app.model.grid.parse("D5")
    x, y = c.widget_xy(h)
    c.zoom_at(1.6, x, y)
    app.root.update()
    assert c.hex_at(x, y) == h
    c.zoom_at(1 / 3, x, y)
    assert c.hex_at(x, y) == h
