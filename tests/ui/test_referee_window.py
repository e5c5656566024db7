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
from mapref.ui.referee import RefereeWindow, load_for_play
from tests.ui.events import answer_dialog, click, drag, end_step, menu_entries, menu_foot, menu_labels, move, xy

ROOT = Path(__file__).resolve().parents[2]


def rect_of(w, tag):
    c = w.canvas
    return next(c.coords(i) for i in c.find_withtag(tag) if c.type(i) == "rectangle")


def overlap(a, b):
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def advance_to(w, phase, subphase="", side=None):
    for _ in range(40):
        if (w.state.phase, w.state.subphase) == (phase, subphase) and side in (None, w.state.side):
            return
        end_step(w)
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
        st.armies.append(
            Army(f"Siberian Reserve {i + 1}", "soviet", "su", "box:siberia", {"infantry": 2, "mechanized": 1})
        )
    win.refresh()
    c = win.canvas
    box = c.box_rect(win.map.boxes["siberia"])
    names = ["Siberian Army"] + [f"Siberian Reserve {i + 1}" for i in range(4)]
    rects = [rect_of(win, f"piece:army:{n}") for n in names]
    for i, r in enumerate(rects):
        assert box[0] <= r[0] and r[2] <= box[2] and box[1] <= r[1] and r[3] <= box[3], (names[i], r, box)
        for r2 in rects[i + 1 :]:
            assert not overlap(r, r2)
    prod = [i for i in c.find_withtag("box-production")]
    assert len(prod) == 1 and c.itemcget(prod[0], "text") == str(win.map.boxes["siberia"].production)
    pb = c.bbox(prod[0])
    assert not any(overlap(r, pb) for r in rects)
    width = rects[0][2] - rects[0][0]
    x, y = c.widget_xy(win.map.grid.parse("P19"))
    c.zoom_at(2.0, x, y)
    win.root.update()
    r = rect_of(win, "piece:army:Siberian Army")
    assert abs((r[2] - r[0]) - 2 * width) <= 2
    rects = [rect_of(win, f"piece:army:{n}") for n in names]
    assert not any(overlap(a, b) for i, a in enumerate(rects) for b in rects[i + 1 :])
    # the box viewer lists all five; clicking a counter in the box selects that army
    x0, y0, x1, y1 = rects[3]
    cx, cy = int((x0 + x1) / 2 - c.canvasx(0)), int((y0 + y1) / 2 - c.canvasy(0))
    c.event_generate("<Motion>", x=cx, y=cy)
    c.event_generate("<ButtonPress-1>", x=cx, y=cy, button=1)
    c.event_generate("<ButtonRelease-1>", x=cx, y=cy, button=1)
    win.root.update()
    assert win.selected == "army:Siberian Reserve 3"
    rows = win.side.here_rows()
    assert win.side.here_var.get().startswith("In box:siberia") and len(rows) == 5
    assert all(any(n in r for r in rows) for n in names)


def test_the_right_click_menu_greys_what_the_current_step_refuses(win):
    """Bug: the right-click menu offered actions the current step refuses."""
    entries = menu_entries(win, "P14")
    assert [(label, enabled) for label, enabled, _ in entries] == [("Record losses...", False)]
    click(win, "P14", button=3)
    m = win.controller.context_menu
    assert menu_labels(win) == ["Record losses..."]
    assert m.entrycget(0, "label").startswith("P14") and m.entrycget(1, "state") == "disabled"
    assert "combat results are entered only in a combat phase" in win.status.get()
    assert "combat results are entered only in a combat phase" in menu_foot(win)[0]  # the menu says why, with the rule
    assert menu_foot(win)[0].endswith("[Sequence of Play 2; Launching attacks 1]")
    win.controller.close_menu()
    advance_to(win, "combat", "advances")
    win.select("army:Army Group Centre")
    click(win, "P14", button=3)
    m = win.controller.context_menu
    assert [m.entrycget(i, "state") for i in range(1, m.index("end") + 1)] == [
        "normal",
        "normal",
        "normal",
    ]  # capture, failed, losses
    win.controller.close_menu()


def test_step_names_are_readable_everywhere(win):
    """Bug: step names showed as identifiers ("defensive_assaults")."""
    steps = win.track.steps()
    assert steps[0] == ("Set-up", True)
    assert [s for s, _ in steps] == [
        "Set-up",
        "Movement",
        "Determine supply",
        "Announce attacks",
        "Defensive assaults",
        "Initial assaults",
        "Advances",
        "Exploitation",
        "Build",
        "Repair",
    ]
    advance_to(win, "combat", "defensive_assaults")
    assert [s for s, cur in win.track.steps() if cur] == ["Defensive assaults"]
    assert win.track.turn_var.get() == "Barbarossa: Summer 1941, axis defensive assaults"
    text = "\n".join(win.feed.lines())
    assert "_" not in text and "defensive assaults" in text and "now: summer 1941, axis defensive assaults" in text


def test_the_window_fits_a_1366x768_screen(laptop_tk, tmp_path):
    """Bug: the window asked for 1400x932 and lost its side panel and status bar on 1366x768."""
    root = laptop_tk
    w = RefereeWindow(root, load_for_play(None), quiet=True)
    root.update()
    w.canvas.fit()
    root.update()
    assert (root.winfo_screenwidth(), root.winfo_screenheight()) == (1366, 768)
    rx, ry, rw, rh = root.winfo_rootx(), root.winfo_rooty(), root.winfo_width(), root.winfo_height()
    assert rx >= 0 and ry >= 0 and rx + rw <= 1366 and ry + rh <= 768
    for name, widget in [
        ("turn track", w.track.frame),
        ("steps", w.track.steps_text),
        ("map", w.canvas),
        ("side panel", w.side.notebook),
        ("selected", w.side.info_text),
        ("messages and log", w.feed.text),
        ("status bar", w.statusbar),
        ("end step", w.track.end_button),
    ]:
        assert widget.winfo_ismapped(), name
        x, y = widget.winfo_rootx(), widget.winfo_rooty()
        assert widget.winfo_width() > 20 and widget.winfo_height() > 10, name
        assert rx <= x and x + widget.winfo_width() <= rx + rw and ry <= y and y + widget.winfo_height() <= ry + rh, (
            name
        )
    assert w.side.notebook.winfo_width() >= 300 and w.feed.text.winfo_height() >= 60 and w.canvas.winfo_height() >= 350
    # every step of the sequence of play shows in full on the track
    t = w.track.steps_text
    last = t.index("end-1c")
    assert t.bbox(last + " -1c") is not None
    img = screenshot(root, tmp_path / "fit.png")
    assert img.size == (rw, rh)
    # the side panel's tabs all show, with the count of violations (The Fall of Germany's set-up)
    w.files.ask_save_changes = lambda what: False
    w.files.new_game(shipped_scenario("fall_of_germany"), auto_place=False)
    root.update()
    assert w.side.notebook.tab(w.side.violations_tab, "text") == "Violations 3"
    assert w.side.notebook.winfo_reqwidth() <= w.side.notebook.winfo_width()
    assert [w.side.notebook.tab(i, "text") for i in range(5)] == ["Selected", "Pools", "Game", "Violations 3", "Legend"]
    # the pools' rows fit their columns
    t = w.side.pool_tree
    import tkinter.font as tkfont

    f = tkfont.nametofont("TkDefaultFont")
    assert all(f.measure(t.item(i, "text")) + 40 <= t.column("#0", "width") for i in t.get_children())
    # the legend scrolls when it is taller than its tab
    w.side.notebook.select(w.side.legend_tab)
    root.update()
    lo, hi = w.side.legend.yview()
    assert lo == 0.0 and (hi == 1.0 or w.side.legend.bbox("all")[3] > w.side.legend.winfo_height())
    assert w.side.legend.bbox("all")[2] <= w.side.legend.winfo_width()


# ------------------------------------------------------------------- messages and log panel
def test_the_messages_panel_keeps_refusals_in_full_and_the_log_clickable(win):
    end_step(win)
    assert not move(win, "O14", "P14")  # Soviet hex: Movement 2
    lines = win.feed.lines()
    refusal = next(ln for ln in lines if ln.startswith("Illegal move O14 -> P14"))
    assert refusal.endswith("[Movement 2]") and len(refusal) > 60  # the full reason, not a clipped status line
    assert move(win, "O14", "O13")
    lines = win.feed.lines()
    entry = next(
        ln
        for ln in lines
        if ln.startswith("2. summer 1941, axis movement: move 10 points of Army Group Centre O14 -> O13")
    )
    assert entry.endswith("[Movement 1-5]")
    assert any("O14 -> O13 by O14 O13" in ln for ln in lines)  # what it did, under the entry
    # a click on the entry's line outlines its spaces on the map and selects its army
    win.select(None)
    i = next(k for k, item in enumerate(win.feed.items) if item["kind"] == "log" and item["entry"].n == 2)
    t = win.feed.text
    first = t.tag_ranges(f"feed:{i}")[0]
    t.see(first)
    win.root.update()
    x, y, _, h = t.bbox(first)
    t.event_generate("<Motion>", x=x + 5, y=y + h // 2)
    t.event_generate("<Button-1>", x=x + 5, y=y + h // 2)
    win.root.update()
    grid = win.map.grid
    assert {grid.label(h) for h in win.canvas.selection_items} == {"O14", "O13"}
    assert win.selected == "army:Army Group Centre"
    # undo keeps the entry in the panel, struck out; Edit > Undo names it
    assert win.edit_menu.entrycget(0, "label") == "Undo move 10 points of Army Group Centre O14 -> O13"
    win.undo()
    assert (
        "undone" in t.tag_names(f"{first} +2c")
        and win.feed.lines()[-1] == "undone: move 10 points of Army Group Centre O14 -> O13"
    )
    win.redo()
    assert "undone" not in t.tag_names(t.tag_ranges(f"feed:{i}")[0])


# ------------------------------------------------------------------------- the turn track
def test_ending_a_step_shows_what_it_will_do_and_asks_first(win):
    """Army Group South and Centre ring Kiev: ending the Soviet... the Axis exploitation isolates
    nothing of the Axis; the Soviet ring is shown when the Soviet combat ends."""
    st = win.state
    advance_to(win, "combat", "exploitation")
    # an Axis army cut off behind Soviet lines: the end of the Axis combat phase eliminates it
    st.armies.append(Army("Lost Corps", "axis", "ge", "Q18", {"infantry": 1}))
    st.hexes["Q18"] = HexState(control="axis", occupied=True)
    win.refresh()
    preview = win.track.preview_var.get()
    assert (
        preview.startswith("Ending this step: ") and "Lost Corps eliminated" in preview and "Q18 unsupplied" in preview
    )
    asked = []
    win.ask_confirm = lambda title, text: asked.append(text) or False
    win.end_step()
    assert asked and "Ending exploitation will:" in asked[0] and "- Lost Corps eliminated" in asked[0]
    assert (st.phase, st.subphase) == ("combat", "exploitation") and st.army("Lost Corps") is not None
    win.ask_confirm = lambda title, text: True
    win.end_step()
    assert st.army("Lost Corps") is None and (st.phase, st.subphase) == ("production", "build")
    assert [s for s, cur in win.track.steps() if cur] == ["Build"]
    # a plain step moves on without a question
    win.ask_confirm = lambda title, text: pytest.fail("asked with nothing to confirm")
    assert win.track.preview_var.get() == "Ending this step moves on to repair; nothing else happens."
    win.track.end_button.invoke()
    assert st.subphase == "repair"


# ---------------------------------------------------------------------- strict or advisory
def test_strict_refuses_and_advisory_overrides_with_the_reason_in_the_log(win, tmp_path):
    advance_to(win, "movement", side="soviet")
    # the Siberian army may not move on the first turn (Barbarossa special rule 3)
    assert not move(win, "box:siberia", "Q21")
    assert "Barbarossa special rule 3" in win.feed.lines()[-1] and win.state.army("Siberian Army").at == "box:siberia"
    win.mode.set("advisory")
    win.mode_changed()
    m = win.game_menu
    radio = next(
        i for i in range(m.index("end") + 1) if m.type(i) == "radiobutton" and m.entrycget(i, "value") == "advisory"
    )
    assert m.entrycget(radio, "label") == "Advisory: allow it with a reason, logged" and win.mode.get() == "advisory"
    # what the step refuses stays greyed in the menus: advisory mode overrides an action's rules
    click(win, "Q14", button=3)
    cm = win.controller.context_menu
    assert menu_labels(win) == ["Record losses..."]
    assert cm.entrycget(1, "state") == "disabled"
    win.controller.close_menu()
    asked = []
    win.ask_override = lambda action, refusal: asked.append(refusal) or None  # the referee thinks again
    assert not move(win, "box:siberia", "Q21")
    assert asked and "Barbarossa special rule 3" in asked[0] and win.state.army("Siberian Army").at == "box:siberia"
    win.ask_override = lambda action, refusal: "house rule: the Siberians entrain at once"
    assert move(win, "box:siberia", "Q21")
    assert win.state.army("Siberian Army").at == "Q21"
    e = win.session.log[-1]
    assert e.override.startswith(
        "house rule: the Siberians entrain at once (overrides: Illegal move"
    ) or e.override.startswith("house rule: the Siberians entrain at once (overrides: illegal move")
    assert "Barbarossa special rule 3" in e.override and e.did.endswith("(against the rules)")
    text = "\n".join(win.feed.lines())
    assert "AGAINST THE RULES: house rule: the Siberians entrain at once" in text
    # what cannot be done at all is refused in advisory mode too
    assert not move(win, "P16", "P15")  # no army in P16
    assert "cannot be done even against the rules" in win.feed.lines()[-1]
    # the override is saved with the game
    win.session.save(tmp_path / "g.toml")
    assert "house rule: the Siberians entrain at once" in (tmp_path / "g.toml").read_text()


# ------------------------------------------------------------------------------ supply
def test_supply_view_shades_each_sides_territory_and_rings_every_unsupplied_army(win):
    st = win.state
    end_step(win)
    # an Axis army on Crete (an island reached only by sea: no enemy hex cuts it)
    st.armies.append(Army("Crete Garrison", "axis", "ge", "G14", {"infantry": 1}))
    win.refresh()
    c = win.canvas
    assert c.find_withtag("supply-view") == ()
    win.canvas.focus_set()
    c.event_generate("<KeyPress-s>")
    win.root.update()
    assert win.supply_on.get()
    view = win.session.ruleset.supply_view(win.session.game)
    for side in ("axis", "soviet"):
        sup, unsup = view[side]
        assert len(c.find_withtag(f"supplied:{side}")) == len([s for s in sup if not s.startswith("box:")]) > 20
        assert len(c.find_withtag(f"unsupplied:{side}")) == len([s for s in unsup if not s.startswith("box:")])
    assert "G14" in view["axis"][1]
    unsupplied = [p for p in win.pieces if p.kind == "army" and p.supplied is False]
    assert [p.title for p in unsupplied] == ["Crete Garrison"]
    rings = c.find_withtag("unsupplied-ring")
    assert len(rings) == 3 * len(unsupplied)  # black edge, white halo, red ring: they show on every colour
    assert [c.itemcget(i, "outline") for i in rings] == ["#000000", "#ffffff", "#ff3b30"]
    # why, when no hex cuts the line
    win.select("army:Crete Garrison")
    text = win.side.info_text.get("1.0", "end")
    assert "OUT OF SUPPLY" in text and "the sea cuts it off" in text and "Sea transportation 3" in text
    assert c.find_withtag("supply-cut") == ()
    # the supply path of a supplied army, drawn with a halo
    win.select("army:Moscow")
    assert len(c.find_withtag("supply-path")) == 1 and len(c.find_withtag("supply-halo")) == 1
    c.event_generate("<KeyPress-s>")
    win.root.update()
    assert c.find_withtag("supply-view") == () and c.find_withtag("unsupplied-ring") == ()


def test_a_cut_off_armys_cut_points_are_ringed_so_they_show_on_red_hexes(win, tmp_path):
    st = win.state
    end_step(win)
    st.army("SW Army Group").at = "O16"
    for lab in ("M14", "M15", "N15", "O15", "O14", "N13", "M13"):
        st.hexes[lab] = HexState(control="axis", occupied=lab not in ("O14", "N13"))
    win.refresh()
    win.select("army:Kiev Military District")
    c = win.canvas
    cuts = c.find_withtag("supply-cut")
    assert len(cuts) == 3 * len(win.selected_piece().cut) > 0
    img = screenshot(win.canvas, tmp_path / "cut.png").convert("RGB")
    # on the Soviet red and on the Axis colours alike the ring shows: across it, a white halo, the
    # red ring and a black edge
    s = c.layout.size
    for space in win.selected_piece().cut:
        x, y = xy(win, space)
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            line = [
                img.getpixel((int(x + r * dx), int(y + r * dy))) for r in range(int(s * 0.8) - 10, int(s * 0.8) + 11)
            ]
            assert any(min(p) > 230 for p in line), (space, line)
            assert any(p[0] > 230 and p[1] < 80 and p[2] < 70 for p in line), (space, line)
            assert any(max(p) < 40 for p in line), (space, line)


# -------------------------------------------------------------- counters and the map
def test_a_dragged_counter_follows_the_mouse_and_lights_where_it_may_go(win):
    end_step(win)
    c = win.canvas
    win.select("army:Army Group Centre")
    (x0, y0), (x1, y1) = xy(win, "O14"), xy(win, "N12")
    c.event_generate("<Motion>", x=x0, y=y0)
    c.event_generate("<ButtonPress-1>", x=x0, y=y0, button=1)
    mx, my = (x0 + x1) // 2, (y0 + y1) // 2
    c.event_generate("<B1-Motion>", x=x0 + 10, y=y0, state=0x100)
    c.event_generate("<B1-Motion>", x=mx, y=my, state=0x100)
    win.root.update()
    r = rect_of(win, "piece:army:Army Group Centre")
    assert abs((r[0] + r[2]) / 2 - c.canvasx(mx)) <= 1 and abs((r[1] + r[3]) / 2 - c.canvasy(my)) <= 1
    reach = set(win.canvas.lit)
    assert "O13" in reach and "N12" in reach and "P14" not in reach and "O14" not in reach
    assert len(c.find_withtag("reach")) == len([s for s in reach if not s.startswith("box:")])
    c.event_generate("<B1-Motion>", x=x1, y=y1, state=0x100)
    c.event_generate("<ButtonRelease-1>", x=x1, y=y1, button=1, state=0x100)
    win.root.update()
    assert win.state.army("Army Group Centre").at == "N12" and c.find_withtag("reach") == ()
    # a refused drop puts the counter back where it stands
    drag(win, "N12", "P14")
    assert win.state.army("Army Group Centre").at == "N12"
    r = rect_of(win, "piece:army:Army Group Centre")
    cx, cy = c.layout.centre(win.map.grid.parse("N12"))
    assert abs((r[0] + r[2]) / 2 - cx) < 1 and abs((r[1] + r[3]) / 2 - cy) < 1


def test_captured_hexes_take_their_holders_colour_and_the_front_line_shows(win):
    c = win.canvas
    h = win.map.grid.parse("P14")
    before = c.itemcget(c.items[h], "fill")
    fronts = len(c.find_withtag("front"))
    assert fronts > 10  # the border between the Axis and the Soviet Union
    win.state.hexes["P14"] = HexState(control="axis", occupied=True)
    win.refresh()
    after = c.itemcget(c.items[h], "fill")
    axis = win.session.ruleset.side_colours["axis"][0]

    def dist(a, b):
        return sum(abs(int(a[i : i + 2], 16) - int(b[i : i + 2], 16)) for i in (1, 3, 5))

    assert after != before and dist(after, axis) < dist(before, axis) - 60
    assert len(c.find_withtag("front")) != fronts
    win.undo() if win.session.history.can_undo() else None
    win.state.hexes.pop("P14")
    win.refresh()
    assert c.itemcget(c.items[h], "fill") == before


def test_the_legend_shows_every_kind_of_counter_and_marker(win, tmp_path):
    win.side.notebook.select(win.side.legend_tab)
    win.root.update()
    texts = [
        win.side.legend.itemcget(i, "text") for i in win.side.legend.find_all() if win.side.legend.type(i) == "text"
    ]
    joined = "\n".join(texts)
    for words in (
        "axis army",
        "soviet army",
        "selected piece",
        "out of supply",
        "fleet",
        "fort",
        "occupation marker",
        "supply line",
        "cut",
        "may go",
        "front",
        "supply view",
    ):
        assert words in joined, words
    screenshot(win.side.legend, tmp_path / "legend.png")


def test_city_names_never_collide(win):
    c = win.canvas

    def collisions():
        names = c.visible_names()
        return [(a, b) for i, (a, ra) in enumerate(names) for b, rb in names[i + 1 :] if overlap(ra, rb)]

    assert c.visible_names() and collisions() == []
    assert any(n == "Berlin" for n, _ in c.visible_names()) and any(n == "Moscow" for n, _ in c.visible_names())
    x, y = xy(win, "P12")
    for f in (1.3, 1.3, 1.3, 0.6):
        c.zoom_at(f, x, y)
        win.root.update()
        assert c.visible_names() and collisions() == [], c.layout.size


def test_city_names_at_the_fit_zoom_of_a_laptop(laptop_tk):
    root = laptop_tk
    w = RefereeWindow(root, load_for_play(None), quiet=True)
    root.update()
    w.canvas.fit()
    root.update()
    c = w.canvas
    names = c.visible_names()
    assert c.layout.size < 14 and len(names) > 15  # below the map's own names: the main cities only
    assert {"Berlin", "Moscow", "London", "Rome"} <= {n for n, _ in names}
    assert not any(overlap(ra, rb) for i, (_, ra) in enumerate(names) for _, rb in names[i + 1 :])


# --------------------------------------------------------------------------- print view
def test_export_the_position_as_png_with_the_supply_overlay(win, tmp_path):
    end_step(win)
    win.state.hexes["P14"] = HexState(control="axis", occupied=True)
    win.state.armies.append(Army("Crete Garrison", "axis", "ge", "G14", {"infantry": 1}))
    win.refresh()
    plain = win.export_png(tmp_path / "plain.png")
    win.supply_on.set(True)
    win.refresh()
    out = win.export_png(tmp_path / "supply.png")
    assert win.feed.lines()[-1] == f"exported the position to {out}"
    a, b = Image.open(plain).convert("RGB"), Image.open(out).convert("RGB")
    assert a.size == b.size and a.size[0] > 800
    colours = b.getcolors(1 << 20)
    axis = (0x2B, 0x2B, 0x2B)
    assert dict((c, n) for n, c in colours).get(axis, 0) > 500  # the Axis counters
    red = sum(n for n, c in colours if c[0] > 230 and c[1] < 80 and c[2] < 70)
    red_plain = sum(n for n, c in a.getcolors(1 << 20) if c[0] > 230 and c[1] < 80 and c[2] < 70)
    assert red > red_plain  # the unsupplied spaces hatched and the Crete garrison ringed
    assert a.tobytes() != b.tobytes()


# ------------------------------------------------------------------------ set-up pools
def pool_drag(w, pool, space):
    """Press on the pool's row in the Pools tab, drag over the map, release on ``space``."""
    t, c = w.side.pool_tree, w.canvas
    w.side.notebook.select(1)
    w.root.update()
    x, y, width, h = t.bbox(pool)
    px, py = x + width // 2, y + h // 2
    t.event_generate("<ButtonPress-1>", x=px, y=py, button=1)
    tx, ty = xy(w, space)
    dx, dy = c.winfo_rootx() - t.winfo_rootx(), c.winfo_rooty() - t.winfo_rooty()
    for i in range(1, 4):
        t.event_generate("<B1-Motion>", x=px + (tx + dx - px) * i // 3, y=py + (ty + dy - py) * i // 3, state=0x100)
    w.root.update()
    t.event_generate("<ButtonRelease-1>", x=tx + dx, y=ty + dy, button=1, state=0x100)
    w.root.update()


def test_set_up_pools_are_dragged_onto_the_map_and_count_down(win):
    assert win.files.new_game(shipped_scenario("fall_of_germany"), auto_place=False)
    win.root.update()
    st = win.state
    assert win.root.title() == "The Fall of Germany (new game) - mapref referee"
    assert win.side.pool_rows()[0][1] == "29 infantry, 14 mechanized"
    asked = []

    def form(title, fields, note):
        asked.append((title, [(f.key, f.default) for f in fields]))
        return {"points.infantry": "6", "points.mechanized": "4"}

    win.ask_form = form
    # while dragging, a counter follows the mouse and the area of the pool is lit
    t, c = win.side.pool_tree, win.canvas
    win.side.notebook.select(1)
    win.root.update()
    x, y, width, h = t.bbox("axis")
    t.event_generate("<ButtonPress-1>", x=x + 5, y=y + h // 2, button=1)
    tx, ty = xy(win, "P10")
    dx, dy = c.winfo_rootx() - t.winfo_rootx(), c.winfo_rooty() - t.winfo_rooty()
    t.event_generate("<B1-Motion>", x=tx + dx, y=ty + dy, state=0x100)
    win.root.update()
    assert "P10" in set(win.canvas.lit) and "Q17" not in set(win.canvas.lit) and c.find_withtag("ghost")
    t.event_generate("<ButtonRelease-1>", x=tx + dx, y=ty + dy, button=1, state=0x100)
    win.root.update()
    assert asked == [("Place from pool axis in P10", [("points.infantry", 10), ("points.mechanized", 0)])]
    a = next(x for x in st.armies if x.at == "P10")
    assert a.name == "Axis Army 1" and a.points["infantry"] == 6 and a.points["mechanized"] == 4
    assert win.side.pool_rows()[0][1] == "23 infantry, 10 mechanized"
    assert any(
        ln.startswith("1. spring 1944, axis set-up: place 6 infantry, 4 mechanized of pool axis in P10")
        for ln in win.feed.lines()
    )
    assert counter_at(win, "P10") == "6-4"
    # a kind's row places that kind only (the form starts with it)
    asked.clear()

    def defaults(title, fields, note):
        asked.append((title, [(f.key, f.default) for f in fields]))
        return {f.key: str(f.default) for f in fields}

    win.ask_form = defaults
    pool_drag(win, "axis/mechanized", "O10")
    assert asked == [
        ("Place from pool axis in O10", [("points.infantry", 0), ("points.mechanized", 8)])
    ]  # with 2 fort points
    assert win.side.pool_rows()[0][1] == "23 infantry, 2 mechanized"
    assert counter_at(win, "O10") == "0-8"
    # a place outside the pool's area is refused in strict mode, with its rule
    pool_drag(win, "axis", "Q17")
    assert "outside the area where pool axis may be placed" in win.feed.lines()[-1]
    assert not any(x.at == "Q17" for x in st.armies)
    # the rest placed automatically from the Game menu, then set-up ends with no violation
    item = next(i for i in win.session.ruleset.game_menu(win.session.game) if i.label.startswith("Place the remaining"))
    assert win.controller.invoke(item)
    assert win.side.pool_rows() == [("no set-up pools to place", "")]
    assert not [v for v in win.session.report().violations if v.code.startswith("setup.pool")]
    win.undo()
    assert win.side.pool_rows()[0][1] == "23 infantry, 2 mechanized"


def counter_at(w, space):
    c = w.canvas
    x, y = c.layout.centre(w.map.grid.parse(space))
    for i in c.find_overlapping(x - 1, y - 1, x + 1, y + 1):
        if c.type(i) == "text" and "unit" in c.gettags(i):
            return c.itemcget(i, "text")
    return None


# ------------------------------------------------------- a nation, a hex, building, by menu
def test_a_nations_status_and_a_hexs_control_from_the_game_menu(win):
    labels = win.game_menu_labels()
    assert "Set a nation's status..." in labels and "Correct a hex's control or devastation..." in labels
    items = {i.label: i for i in win.session.ruleset.game_menu(win.session.game)}
    win.ask_form = lambda title, fields, note: {"nation": "Sweden", "status": "at_war", "side": "axis", "joined": ""}
    assert win.controller.invoke(items["Set a nation's status..."])
    n = win.state.nations["se"]
    assert (n.side, n.status) == ("axis", "at_war")
    assert any(
        "Sweden" in ln
        for ln in win.side.panel_text["Nations"].get("1.0", "end").splitlines()
        if ln.startswith("axis, at war")
    )
    # a hex: the form starts with the space last clicked
    click(win, "P15")
    seen = []

    def form(title, fields, note):
        seen.append({f.key: f.default for f in fields})
        return {"space": "P15", "control": "axis", "devastated": "1"}

    win.ask_form = form
    assert win.controller.invoke(items["Correct a hex's control or devastation..."])
    assert seen[0]["space"] == "P15"
    hs = win.state.hex("P15")
    assert hs.control == "axis" and hs.devastated == 1
    assert win.canvas.held.get("P15") == "axis"
    assert win.session.log[-1].did.startswith("set P15: control axis, devastated 1")


def test_build_in_the_production_phase_within_the_budget(win):
    advance_to(win, "production", "build")
    prod = win.side.panel_text["Production"].get("1.0", "end")
    assert "axis budget: " in prod and "costs: infantry 2, mechanized 5" in prod and "build in: " in prod
    assert [label for label, enabled, _ in menu_entries(win, "P10")] == ["Build here..."]
    notes = []

    def form(title, fields, note):
        notes.append(note)
        return {"infantry": "2", "mechanized": "1"}

    win.ask_form = form
    click(win, "P10", button=3)
    m = win.controller.context_menu
    m.invoke(2)
    win.root.update()
    assert "costs: infantry 2, mechanized 5" in notes[0] and "production left" in notes[0]
    a = next(x for x in win.state.armies if x.at == "P10")
    assert a.points["infantry"] == 2 and a.points["mechanized"] == 1
    assert any("spend 9" in line for line in win.feed.lines()[-3:])
    # more than is left is refused with the rule
    win.ask_form = lambda title, fields, note: {"mechanized": "3"}
    click(win, "P10", button=3)
    m = win.controller.context_menu
    assert menu_labels(win) == ["Record losses...", "Build here..."] and m.entrycget(1, "state") == "disabled"
    m.invoke(2)
    win.root.update()
    assert "Building strength points 3" in win.feed.lines()[-1] and a.points["mechanized"] == 1


# ------------------------------------------------------------------------- any game
def test_the_window_plays_a_game_it_knows_only_through_the_protocol(tmp_path, toy_game):
    """The toy game of tests/toy_ruleset.py (installed as a package of its own): pieces, track,
    end step, drag, log, all generic."""
    from tests.rules.test_engine import TOY_SCENARIO

    root = tk.Tk()
    try:
        sc = tmp_path / "race.toml"
        sc.write_text(TOY_SCENARIO, encoding="utf-8")
        w = RefereeWindow(root, load_for_play(sc), quiet=True)
        root.update()
        w.canvas.fit()
        root.update()
        assert w.track.turn_var.get() == "Race to Berlin: turn 1, red to play" and w.track.steps() == [("Play", True)]
        assert {t for i in w.canvas.find_withtag("unit") for t in w.canvas.gettags(i) if t.startswith("piece:")} == {
            "piece:token:r1",
            "piece:token:b1",
        }
        click(w, "E5")
        assert w.selected == "token:r1"
        drag(w, "E5", "E6")
        assert w.state.tokens["r1"] == ("red", "E6")
        assert w.feed.lines()[-1].startswith("1. turn 1, red play: step r1 E5 -> E6 [Rule 1]") or any(
            ln.startswith("1. turn 1, red play: step r1 E5 -> E6") for ln in w.feed.lines()
        )
        drag(w, "E6", "E9")  # not next to it
        assert "[Rule 1]" in w.feed.lines()[-1] and w.state.tokens["r1"] == ("red", "E6")
        w.track.end_button.invoke()
        root.update()
        assert w.track.turn_var.get() == "Race to Berlin: turn 1, blue to play"
        assert w.side.pool_rows() == [("no set-up pools to place", "")]
    finally:
        root.destroy()


def test_the_real_dialogs_of_the_window(win):
    """The form, the choice, the override reason and the new game dialogs, answered by pressing
    OK from a timer (they are modal)."""
    from mapref.rules.ruleset import Ask

    def answer(values):
        answer_dialog(win.root, values)

    advance_to(win, "movement", side="soviet")
    win.mode.set("advisory")
    answer({"reason": "the referee allows it"})
    assert move(win, "box:siberia", "Q21")
    assert win.session.log[-1].override.startswith("the referee allows it (overrides: ")
    item = next(i for i in win.session.ruleset.game_menu(win.session.game) if i.label.startswith("Correct a hex"))
    answer({"space": "Q20", "control": "axis"})
    assert win.controller.invoke(item) and win.state.hex("Q20").control == "axis"
    answer({"choice": "4"})
    assert win.ask_choice(Ask("roll", "the die roll", [str(i) for i in range(1, 7)])) == "4"
    answer({"scenario": "The Fall of Germany (Hitler's War)", "pools": "place them automatically"})
    path, auto = win.files.ask_new_game()
    assert path.name == "fall_of_germany.toml" and auto is True


def test_an_attack_is_announced_from_the_right_click_menu(win):
    """Announce initial attacks 1-2 ("name each attacking army and its target hex") in the
    window: in the announce step, the selected army's attack on an enemy hex is named from the
    right-click menu at that hex, and recorded (rulings R60)."""
    advance_to(win, "combat", "announce", side="axis")
    click(win, "O14")
    assert win.selected == "army:Army Group Centre"
    labels = [label for label, enabled, _ in menu_entries(win, "P14")]
    assert "Announce Army Group Centre's attack on P14" in labels
    click(win, "P14", button=3)
    m = win.controller.context_menu
    entry = next(
        i
        for i in range(m.index("end") + 1)
        if m.type(i) == "command" and m.entrycget(i, "label") == "Announce Army Group Centre's attack on P14"
    )
    m.invoke(entry)
    win.root.update()
    assert win.state.announced == {"Army Group Centre": "P14"}
    assert win.session.log[-1].action == {"verb": "announce", "army": "Army Group Centre", "target": "P14"}
    # not in another step
    win.undo()
    advance_to(win, "combat", "assaults", side="axis")
    assert not [x for x, _, _ in menu_entries(win, "P14") if x.startswith("Announce")]
