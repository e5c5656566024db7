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


def drag(w, frm, to):
    c = w.canvas
    (x0, y0), (x1, y1) = c.widget_xy(w.map.grid.parse(frm)), c.widget_xy(w.map.grid.parse(to))
    c.event_generate("<Motion>", x=x0, y=y0)
    c.event_generate("<ButtonPress-1>", x=x0, y=y0, button=1)
    c.event_generate("<B1-Motion>", x=x1, y=y1, state=0x100)
    c.event_generate("<ButtonRelease-1>", x=x1, y=y1, button=1, state=0x100)
    w.root.update()


def test_selected_army_shows_the_supply_line_it_traces(win):
    click(win, "Q17")  # the Soviet Moscow army traces to Siberia (Determine supply 4)
    army = win.selected_army()
    assert army["supplied"] and army["supply_path"][0] == "Q17" and army["supply_path"][-1] == "box:siberia"
    line = win.canvas.find_withtag("supply-path")
    assert len(line) == 1
    assert len(win.canvas.coords(line[0])) == 2 * len(army["supply_path"])
    assert "box:siberia" in win.army_text.get("1.0", "end")


def test_advance_then_drag_an_army_legally_and_illegally_then_undo(win):
    win.advance()  # set-up -> summer 1941, Axis movement
    assert (win.state.phase, win.state.side) == ("movement", "axis")
    assert win.turn_var.get().startswith("Barbarossa: Summer 1941, axis movement")
    click(win, "O14")
    drag(win, "O14", "P14")  # P14 is Soviet: Movement 2
    assert "Illegal move O14 -> P14" in win.status.get() and "[Movement 2]" in win.status.get()
    assert win.state.army("Army Group Centre").at == "O14"
    click(win, "O14")
    drag(win, "O14", "O13")  # Poland is Axis-friendly in Barbarossa
    assert win.state.army("Army Group Centre").at == "O13"
    counters = [i for i in win.canvas.find_withtag("army:Army Group Centre") if win.canvas.type(i) == "rectangle"]
    x0, y0, x1, y1 = win.canvas.coords(counters[0])
    cx, cy = win.canvas.layout.centre(win.map.grid.parse("O13"))
    assert abs((x0 + x1) / 2 - cx) < 1 and abs((y0 + y1) / 2 - cy) < 1
    win.undo()
    assert win.state.army("Army Group Centre").at == "O14"


def test_a_captured_hex_gets_an_occupation_marker(win):
    from mapref.rules.state import HexState

    assert win.canvas.find_withtag("occupation") == ()
    win.state.hexes["P14"] = HexState(control="axis", occupied=True)
    win.refresh()
    marks = win.canvas.find_withtag("occupation")
    assert len(marks) == 1 and win.canvas.itemcget(marks[0], "fill") == "#2b2b2b"
