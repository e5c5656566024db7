"""The referee's window for a whole evening (issue 13): the bugs found trying it as a new user,
each with the test that failed before its fix, and what a referee needs in the window: the
messages and log panel, the turn track, strict and advisory modes, the supply view, counters
that follow the mouse, the captured hexes in their holder's colour, the legend and the stack
viewer, city names that do not collide, the print view, the set-up pools, a nation's status
and a hex's correction, building.  Real Tk windows under Xvfb, driven by synthetic events."""

import tkinter as tk
from pathlib import Path

import pytest
from PIL import Image

from mapref.io.mapfile import dumps_map
from mapref.paths import shipped_scenario
from mapref.rulesets.hitlers_war.state import Army, HexState
from mapref.ui import screenshot
from mapref.ui.game import GameWindow, load_for_play

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def win():
    root = tk.Tk()
    w = GameWindow(root, load_for_play(None), quiet=True)
    root.update()
    w.canvas.fit()
    root.update()
    yield w
    try:
        root.destroy()
    except tk.TclError:
        pass


def xy(w, space):
    return w.canvas.widget_xy(w.map.grid.parse(space))


def click(w, space, button=1):
    c = w.canvas
    x, y = xy(w, space)
    c.event_generate("<Motion>", x=x, y=y)
    c.event_generate(f"<ButtonPress-{button}>", x=x, y=y, button=button, rootx=c.winfo_rootx() + x, rooty=c.winfo_rooty() + y)
    if button == 1:
        c.event_generate("<ButtonRelease-1>", x=x, y=y, button=1)
    w.root.update()


def drag(w, frm, to, steps=4):
    """Press on ``frm``, move in ``steps`` B1-Motion events, release on ``to``."""
    c = w.canvas
    (x0, y0), (x1, y1) = xy(w, frm), xy(w, to)
    c.event_generate("<Motion>", x=x0, y=y0)
    c.event_generate("<ButtonPress-1>", x=x0, y=y0, button=1)
    for i in range(1, steps + 1):
        c.event_generate("<B1-Motion>", x=x0 + (x1 - x0) * i // steps, y=y0 + (y1 - y0) * i // steps, state=0x100)
    w.root.update()
    c.event_generate("<ButtonRelease-1>", x=x1, y=y1, button=1, state=0x100)
    w.root.update()


def rect_of(w, tag):
    c = w.canvas
    return next(c.coords(i) for i in c.find_withtag(tag) if c.type(i) == "rectangle")


def overlap(a, b):
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def advance_to(w, phase, subphase=""):
    for _ in range(40):
        if (w.state.phase, w.state.subphase) == (phase, subphase):
            return
        w.advance()
    raise AssertionError(f"never reached {phase} {subphase}")


# ------------------------------------------------------------------------------- the bugs
def test_editing_the_map_from_the_game_does_not_change_the_games_map(win):
    """Bug: File > Edit the map changed the live game's map, even when the editor's changes
    were not saved."""
    before = dumps_map(win.map)
    ed = win.edit_map()
    ed.root.update()
    ed.canvas.fit()
    ed.root.update()
    h = win.map.grid.parse("P15")
    # paint the Soviet hex P15 into sea with a real drag in the editor
    ed.set_tool("paint")
    ed.paint_attr.set("terrain")
    ed.paint_values["terrain"].set("sea")
    ed.brush_radius.set(0)
    c = ed.canvas
    x, y = c.widget_xy(h)
    c.event_generate("<Motion>", x=x, y=y)
    c.event_generate("<ButtonPress-1>", x=x, y=y, button=1)
    c.event_generate("<B1-Motion>", x=x + 1, y=y, state=0x100)
    c.event_generate("<ButtonRelease-1>", x=x + 1, y=y, button=1, state=0x100)
    ed.root.update()
    assert ed.model.hexes[h].terrain == "sea"
    ed.answers = [False]  # close the editor without saving
    ed.fire("quit")
    win.root.update()
    assert win.map.hexes[h].terrain == "land" and dumps_map(win.map) == before
    assert win.session.board.space("P15").is_land
    win.refresh()
    assert win.canvas.fill_of(h) != "#a9c7e6"


def test_counters_in_an_off_map_box_neither_overlap_nor_cover_its_production_and_scale_with_zoom(win):
    """Bug: counters in off-map boxes overlapped each other and the box's production, and did
    not scale with the zoom."""
    st = win.state
    for i in range(4):
        st.armies.append(Army(f"Siberian Reserve {i + 1}", "soviet", "su", "box:siberia", {"infantry": 2, "mechanized": 1}))
    win.refresh()
    c = win.canvas
    box = c.box_rect(win.map.boxes["siberia"])
    names = ["Siberian Army"] + [f"Siberian Reserve {i + 1}" for i in range(4)]
    rects = [rect_of(win, f"army:{n}") for n in names]
    for i, r in enumerate(rects):
        assert box[0] <= r[0] and r[2] <= box[2] and box[1] <= r[1] and r[3] <= box[3], (names[i], r, box)
        for r2 in rects[i + 1:]:
            assert not overlap(r, r2)
    prod = [i for i in c.find_withtag("box-production")]
    assert len(prod) == 1 and c.itemcget(prod[0], "text") == str(win.map.boxes["siberia"].production)
    pb = c.bbox(prod[0])
    assert not any(overlap(r, pb) for r in rects)
    width = rects[0][2] - rects[0][0]
    x, y = c.widget_xy(win.map.grid.parse("P19"))
    c.zoom_at(2.0, x, y)
    win.root.update()
    r = rect_of(win, "army:Siberian Army")
    assert abs((r[2] - r[0]) - 2 * width) <= 2
    rects = [rect_of(win, f"army:{n}") for n in names]
    assert not any(overlap(a, b) for i, a in enumerate(rects) for b in rects[i + 1:])
    # the box viewer lists all five; clicking a counter in the box selects that army
    x0, y0, x1, y1 = rects[3]
    cx, cy = int((x0 + x1) / 2 - c.canvasx(0)), int((y0 + y1) / 2 - c.canvasy(0))
    c.event_generate("<Motion>", x=cx, y=cy)
    c.event_generate("<ButtonPress-1>", x=cx, y=cy, button=1)
    c.event_generate("<ButtonRelease-1>", x=cx, y=cy, button=1)
    win.root.update()
    assert win.selected == "Siberian Reserve 3"
    rows = win.here_rows()
    assert win.here_var.get().startswith("In box:siberia") and len(rows) == 5
    assert all(any(n in r for r in rows) for n in names)


def test_the_right_click_menu_greys_what_the_current_step_refuses(win):
    """Bug: the right-click menu offered actions the current step refuses."""
    entries = win.menu_entries("P14")
    assert [(label, enabled) for label, enabled, _ in entries] == [("Record losses...", False)]
    click(win, "P14", button=3)
    m = win.context_menu
    labels = [m.entrycget(i, "label") for i in range(m.index("end") + 1)]
    assert labels == ["P14", "Record losses..."]
    assert m.entrycget(1, "state") == "disabled"
    assert "combat results are entered only in a combat phase" in win.status.get()
    m.unpost()
    advance_to(win, "combat", "advances")
    win.select_army("Army Group Centre")
    click(win, "P14", button=3)
    m = win.context_menu
    assert [m.entrycget(i, "state") for i in range(1, m.index("end") + 1)] == ["normal", "normal"]
    m.unpost()


def test_step_names_are_readable_everywhere(win):
    """Bug: step names showed as identifiers ("defensive_assaults")."""
    steps = win.track_steps()
    assert steps[0] == ("Set-up", True)
    assert [s for s, _ in steps] == ["Set-up", "Movement", "Determine supply", "Announce attacks", "Defensive assaults",
                                     "Initial assaults", "Advances", "Exploitation", "Build", "Repair"]
    advance_to(win, "combat", "defensive_assaults")
    assert [s for s, cur in win.track_steps() if cur] == ["Defensive assaults"]
    assert win.turn_var.get() == "Barbarossa: Summer 1941, axis defensive assaults"
    text = "\n".join(win.feed_lines())
    assert "_" not in text and "defensive assaults" in text and "now: summer 1941, axis defensive assaults" in text


def test_the_window_fits_a_1366x768_screen(laptop_display, tmp_path):
    """Bug: the window asked for 1400x932 and lost its side panel and status bar on 1366x768."""
    root = tk.Tk(screenName=laptop_display)
    try:
        w = GameWindow(root, load_for_play(None), quiet=True)
        root.update()
        w.canvas.fit()
        root.update()
        assert (root.winfo_screenwidth(), root.winfo_screenheight()) == (1366, 768)
        rx, ry, rw, rh = root.winfo_rootx(), root.winfo_rooty(), root.winfo_width(), root.winfo_height()
        assert rx >= 0 and ry >= 0 and rx + rw <= 1366 and ry + rh <= 768
        for name, widget in [("turn track", w.track), ("steps", w.steps_text), ("map", w.canvas), ("side panel", w.side),
                             ("selected", w.army_text), ("messages and log", w.log_text), ("status bar", w.statusbar),
                             ("end step", w.end_button)]:
            assert widget.winfo_ismapped(), name
            x, y = widget.winfo_rootx(), widget.winfo_rooty()
            assert widget.winfo_width() > 20 and widget.winfo_height() > 10, name
            assert rx <= x and x + widget.winfo_width() <= rx + rw and ry <= y and y + widget.winfo_height() <= ry + rh, name
        assert w.side.winfo_width() >= 300 and w.log_text.winfo_height() >= 80 and w.canvas.winfo_height() >= 350
        # every step of the sequence of play shows in full on the track
        t = w.steps_text
        last = t.index("end-1c")
        assert t.bbox(last + " -1c") is not None
        img = screenshot(root, tmp_path / "fit.png")
        assert img.size == (rw, rh)
    finally:
        root.destroy()
