"""The referee's window: the Barbarossa set-up on the Hitler's War map, armies drawn, clicking
an army shows its supply."""

import os
import subprocess
import sys
from pathlib import Path

from PIL import ImageGrab

from mapref.rules.ruleset import Action
from tests.helpers import mapref
from tests.ui.events import answer_dialog, click, drag, end_step, key, menu_actions, menu_labels

ROOT = Path(__file__).resolve().parents[2]


def test_default_window_is_barbarossa_with_every_army_drawn(win):
    assert win.scenario.id == "barbarossa"
    assert win.root.title() == "Barbarossa (new game) - mapref referee"
    counters = {
        t for i in win.canvas.find_withtag("unit") for t in win.canvas.gettags(i) if t.startswith("piece:army:")
    }
    assert counters == {f"piece:army:{a.name}" for a in win.state.armies}
    assert win.side.violation_lines() == ["No violations"]
    assert win.side.panel_text["Production"].get("1.0", "end").splitlines()[:2] == [
        "axis: 34, 17 to spend",
        "soviet: 16",
    ]


def test_clicking_an_army_shows_its_strength_and_supply(win, tmp_path):
    click(win, "O14")  # Barbarossa set-up: Army Group Centre, 2 infantry 8 mechanized
    assert win.selected == "army:Army Group Centre"
    text = win.side.info_text.get("1.0", "end")
    assert "2 infantry, 8 mechanized" in text and "In supply" in text
    # the selected counter is outlined in yellow on the canvas
    rect = [i for i in win.canvas.find_withtag("piece:army:Army Group Centre") if win.canvas.type(i) == "rectangle"][0]
    assert win.canvas.itemcget(rect, "outline") == "#ffd400"
    x, y = win.canvas.winfo_rootx(), win.canvas.winfo_rooty()
    shot = ImageGrab.grab(
        bbox=(x, y, x + win.canvas.winfo_width(), y + win.canvas.winfo_height()), xdisplay=os.environ["DISPLAY"]
    )
    cx, cy = win.canvas.widget_xy(win.map.grid.parse("O14"))
    assert shot.convert("RGB").getpixel((cx, cy - 2)) in {(0x2B, 0x2B, 0x2B), (255, 255, 255)}  # the black Axis counter
    click(win, "A1")  # empty sea: nothing selected
    assert win.selected is None and "Click a piece" in win.side.info_text.get("1.0", "end")


def test_status_bar_names_hex_and_army(win):
    c = win.canvas
    x, y = c.widget_xy(win.map.grid.parse("Q17"))
    c.event_generate("<Motion>", x=x, y=y)
    win.root.update()
    assert win.status.get() == "Q17 Moscow, Soviet Union, land, production 3, capital; Moscow (soviet)"


def test_mapref_with_no_argument_opens_barbarossa_from_outside_the_checkout(tmp_path):
    env = {**os.environ, "MAPREF_EXIT_AFTER_MS": "500", "PYTHONPATH": str(ROOT)}
    r = subprocess.run(
        [sys.executable, "-m", "mapref"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60
    )
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "window: Barbarossa (new game) - mapref referee"


def test_mapref_with_a_map_opens_the_editor(tmp_path):
    r = mapref(ROOT / "maps" / "hitlers_war.toml", cwd=tmp_path, env={"MAPREF_EXIT_AFTER_MS": "300"})
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "window: hitlers_war.toml - mapref editor"


def test_selected_army_shows_the_supply_line_it_traces(win):
    click(win, "Q17")  # the Soviet Moscow army traces to Siberia (Determine supply 4)
    army = win.selected_piece()
    assert army.supplied and army.supply_path[0] == "Q17" and army.supply_path[-1] == "box:siberia"
    line = win.canvas.find_withtag("supply-path")
    assert len(line) == 1
    assert len(win.canvas.coords(line[0])) == 2 * len(army.supply_path)
    assert "box:siberia" in win.side.info_text.get("1.0", "end")


def test_advance_then_drag_an_army_legally_and_illegally_then_undo(win):
    end_step(win)  # set-up -> summer 1941, Axis movement
    assert (win.state.phase, win.state.side) == ("movement", "axis")
    assert win.track.turn_var.get().startswith("Barbarossa: Summer 1941, axis movement")
    click(win, "O14")
    drag(win, "O14", "P14")  # P14 is Soviet: Movement 2
    assert "Illegal move O14 -> P14" in win.status.get() and "[Movement 2]" in win.status.get()
    assert win.state.army("Army Group Centre").at == "O14"
    click(win, "O14")
    drag(win, "O14", "O13")  # Poland is Axis-friendly in Barbarossa
    assert win.state.army("Army Group Centre").at == "O13"
    counters = [i for i in win.canvas.find_withtag("piece:army:Army Group Centre") if win.canvas.type(i) == "rectangle"]
    x0, y0, x1, y1 = win.canvas.coords(counters[0])
    cx, cy = win.canvas.layout.centre(win.map.grid.parse("O13"))
    assert abs((x0 + x1) / 2 - cx) < 1 and abs((y0 + y1) / 2 - cy) < 1
    win.undo()
    assert win.state.army("Army Group Centre").at == "O14"


def test_a_captured_hex_gets_an_occupation_marker(win):
    from mapref.rulesets.hitlers_war.state import HexState

    assert occupation(win) == []
    win.state.hexes["P14"] = HexState(control="axis", occupied=True)
    win.refresh()
    marks = occupation(win)
    assert len(marks) == 1 and win.canvas.itemcget(marks[0], "fill") == "#2b2b2b"


def occupation(w):
    """The occupation markers drawn (their pennants)."""
    return [i for i in w.canvas.find_withtag("marker") if w.canvas.type(i) == "polygon"]


# ------------------------------------------------------------------ combat results (rulings R35)
def right_click(w, label):
    c = w.canvas
    x, y = c.widget_xy(w.map.grid.parse(label))
    c.event_generate("<ButtonPress-3>", x=x, y=y, button=3, rootx=c.winfo_rootx() + x, rooty=c.winfo_rooty() + y)
    w.root.update()


def counter_text(w, army):
    return next(
        w.canvas.itemcget(i, "text") for i in w.canvas.find_withtag(f"piece:army:{army}") if w.canvas.type(i) == "text"
    )


def test_capture_and_losses_from_the_right_click_menu_then_undo(win, tmp_path):
    from mapref.ui import screenshot

    right_click(win, "P14")  # set-up: no combat results
    assert (
        "combat results are entered only in a combat phase" in win.status.get()
        and "[Sequence of Play 2" in win.status.get()
    )
    key(win, "<Escape>")  # the menu closes
    assert win.controller.context_menu is None
    for _ in range(6):  # set-up -> movement -> supply -> announce -> defensive assaults -> assaults -> advances
        end_step(win)
    assert (win.state.phase, win.state.subphase, win.state.side) == ("combat", "advances", "axis")
    click(win, "O14")
    right_click(win, "P14")  # the Western Military District's hex, next to Army Group Centre
    assert menu_labels(win) == [
        "Advance succeeded (capture)",
        "Advance failed (no more attacks this turn)",
        "Record losses...",
    ]
    # the defender has two legal retreats (P15, Q15): the window asks; tests answer without a dialog
    asked = []
    win.ask_choice = lambda ask: asked.append((ask.label, ask.options)) or None
    win.controller.context_menu.invoke(1)
    assert asked == [("Western Military District retreats from P14 to", ["P15", "Q15"])]
    assert (
        win.state.army("Army Group Centre").at == "O14"
        and "Not done (Western Military District retreats from P14 to: nothing chosen)" in win.status.get()
    )
    # an illegal retreat: the reason and the rule in the status bar, nothing changed
    assert not win.act(Action("capture", {"from": "O14", "to": "P14", "retreat_to": ["P13"]}), choices=False).ok
    assert "Illegal advance O14 -> P14" in win.status.get() and "[Advance resolution 6]" in win.status.get()
    assert win.act(Action("capture", {"from": "O14", "to": "P14", "retreat_to": ["P15"]})).ok
    st = win.state
    assert st.army("Army Group Centre").at == "P14" and st.army("Western Military District").at == "P15"
    assert st.hex("P14").control == "axis" and st.hex("P14").occupied and st.hex("P14").devastated == 0
    assert "O14" in st.garrisons_lost and "P14 becomes axis" in win.status.get()
    assert win.selected == "army:Army Group Centre" and win.session.history.done[-1].label == "advance O14 -> P14"
    # the canvas: the counter moved, an Axis occupation marker on P14
    rect = [i for i in win.canvas.find_withtag("piece:army:Army Group Centre") if win.canvas.type(i) == "rectangle"][0]
    x0, y0, x1, y1 = win.canvas.coords(rect)
    cx, cy = win.canvas.layout.centre(win.map.grid.parse("P14"))
    assert abs((x0 + x1) / 2 - cx) < 1 and abs((y0 + y1) / 2 - cy) < 1
    marks = occupation(win)
    assert len(marks) == 1 and win.canvas.itemcget(marks[0], "fill") == "#2b2b2b"
    mx = sum(win.canvas.coords(marks[0])[0::2]) / 3
    assert cx < mx < cx + win.canvas.layout.size
    screenshot(win.root, tmp_path / "capture.png")
    # a capture into a hex with production devastates it (Advance resolution 10), from the menu
    end_step(win)  # -> exploitation
    click(win, "P14")
    right_click(win, "Q15")
    assert menu_labels(win) == [
        "Advance succeeded (capture)",
        "Advance failed (no more attacks this turn)",
        "Garrison destroyed",
    ]
    win.controller.context_menu.invoke(1)
    assert st.army("Army Group Centre").at == "Q15" and st.hex("Q15").devastated == 1
    win.undo()
    assert st.army("Army Group Centre").at == "P14" and st.hex("Q15").devastated == 0
    # losses: the owner's choice; the counter's text follows; impossible losses give the rule
    assert counter_text(win, "NW Army Group") == "3-1"
    assert not win.act(Action("losses", {"space": "Q14", "points": {"mechanized": 3}})).ok
    assert "has 1 mechanized" in win.status.get() and "[Assault resolution 5" in win.status.get()
    win.ask_form = lambda title, fields, note: {"points.infantry": "2"}
    right_click(win, "Q14")
    labels = menu_labels(win)
    win.controller.context_menu.invoke(1 + labels.index("Record losses..."))
    assert st.army("NW Army Group").points["infantry"] == 1 and counter_text(win, "NW Army Group") == "1-1"
    assert "NW Army Group loses 2 infantry" in win.status.get()
    # undo, step by step: the losses, the end of the advances step, then the capture
    win.undo()
    assert counter_text(win, "NW Army Group") == "3-1"
    win.undo()
    assert st.subphase == "advances"
    win.undo()
    assert win.status.get() == "undone: advance O14 -> P14"
    assert st.army("Army Group Centre").at == "O14" and st.army("Western Military District").at == "P14"
    assert st.hex("P14").control is None and occupation(win) == []
    assert st.garrisons_lost == []


def test_nations_panel_lists_each_side_and_status(win):
    lines = win.side.panel_text["Nations"].get("1.0", "end").strip().splitlines()
    assert lines[0].startswith("axis, at war: ") and "Finland" in lines[0] and "Germany" in lines[0]
    assert any(ln.startswith("soviet, at war: ") and "Soviet Union" in ln for ln in lines)
    assert any(ln.startswith("neutral: ") and "Sweden" in ln for ln in lines)


def test_the_retreat_and_losses_dialogs(win):
    # the real dialogs, answered by pressing OK from a timer (they are modal)

    def answer(value=None):
        answer_dialog(win.root, dict([value]) if value else None)

    for _ in range(6):
        end_step(win)
    win.select("army:Army Group Centre")
    answer(("choice", "Q15"))
    assert dict(menu_actions(win, "P14"))["Advance succeeded (capture)"]()
    assert win.state.army("Western Military District").at == "Q15"
    answer(("points.infantry", "1"))
    win.select("army:Western Military District")
    assert dict(menu_actions(win, "Q15"))["Record losses..."]()
    assert win.state.army("Western Military District").points["infantry"] == 2


def test_no_garrison_to_destroy_in_a_neutral_hex(win):
    for _ in range(5):
        end_step(win)
    assert win.state.phase == "combat"
    win.select(None)
    assert menu_actions(win, "H15") == []  # Turkey: neutral in Barbarossa
    assert [x[0] for x in menu_actions(win, "P15")] == ["Garrison destroyed"]
