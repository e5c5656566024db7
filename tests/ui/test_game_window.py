"""The referee's window: the Barbarossa set-up on the Hitler's War map, armies drawn, clicking
an army shows its supply."""

import os
import subprocess
import sys
import tkinter as tk
from pathlib import Path

import pytest
from PIL import ImageGrab

from mapref.ui.game import GameWindow, load_for_play

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def win():
    m, sc, st, path = load_for_play(None)
    root = tk.Tk()
    w = GameWindow(root, m, sc, st, path, quiet=True)
    root.update()
    w.canvas.fit()
    root.update()
    yield w
    root.destroy()


def click(w, label):
    c = w.canvas
    x, y = c.widget_xy(w.map.grid.parse(label))
    c.event_generate("<Motion>", x=x, y=y)
    c.event_generate("<ButtonPress-1>", x=x, y=y, button=1)
    c.event_generate("<ButtonRelease-1>", x=x, y=y, button=1)
    w.root.update()


def test_default_window_is_barbarossa_with_every_army_drawn(win):
    assert win.scenario.id == "barbarossa"
    assert win.root.title() == "Barbarossa (new game) - mapref referee"
    counters = {t for i in win.canvas.find_withtag("unit") for t in win.canvas.gettags(i) if t.startswith("army:")}
    assert counters == {f"army:{a.name}" for a in win.state.armies}
    assert win.violations.get(0) == "No violations"
    assert win.prod_text.get("1.0", "end").splitlines()[:2] == ["axis: 34, 17 to spend", "soviet: 16"]


def test_clicking_an_army_shows_its_strength_and_supply(win, tmp_path):
    click(win, "O14")  # Barbarossa set-up: Army Group Centre, 2 infantry 8 mechanized
    assert win.selected == "Army Group Centre"
    text = win.army_text.get("1.0", "end")
    assert "2 infantry, 8 mechanized" in text and "In supply" in text
    # the selected counter is outlined in yellow on the canvas
    rect = [i for i in win.canvas.find_withtag("army:Army Group Centre") if win.canvas.type(i) == "rectangle"][0]
    assert win.canvas.itemcget(rect, "outline") == "#ffd400"
    x, y = win.canvas.winfo_rootx(), win.canvas.winfo_rooty()
    shot = ImageGrab.grab(bbox=(x, y, x + win.canvas.winfo_width(), y + win.canvas.winfo_height()), xdisplay=os.environ["DISPLAY"])
    cx, cy = win.canvas.widget_xy(win.map.grid.parse("O14"))
    assert shot.convert("RGB").getpixel((cx, cy - 2)) in {(0x2b, 0x2b, 0x2b), (255, 255, 255)}  # the black Axis counter
    click(win, "A1")  # empty sea: nothing selected
    assert win.selected is None and "Click an army" in win.army_text.get("1.0", "end")


def test_status_bar_names_hex_and_army(win):
    c = win.canvas
    x, y = c.widget_xy(win.map.grid.parse("Q17"))
    c.event_generate("<Motion>", x=x, y=y)
    win.root.update()
    assert win.status.get() == "Q17 Moscow, Soviet Union, land, production 3, capital; Moscow (soviet)"


def test_mapref_with_no_argument_opens_barbarossa_from_outside_the_checkout(tmp_path):
    env = {**os.environ, "MAPREF_EXIT_AFTER_MS": "1500", "PYTHONPATH": str(ROOT)}
    r = subprocess.run([sys.executable, "-m", "mapref"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "window: Barbarossa (new game) - mapref referee"


def test_mapref_with_a_map_opens_the_editor(tmp_path):
    env = {**os.environ, "MAPREF_EXIT_AFTER_MS": "1500", "PYTHONPATH": str(ROOT)}
    r = subprocess.run([sys.executable, "-m", "mapref", str(ROOT / "maps" / "hitlers_war.toml")], cwd=tmp_path, env=env,
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "window: hitlers_war.toml - mapref editor"
