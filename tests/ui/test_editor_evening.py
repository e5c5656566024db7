"""Issue 13: the bugs a designer met in an evening with the map editor, each driven through the
real window under Xvfb (keys sent to the widget that has the keyboard focus, as X does)."""

import tkinter as tk

import pytest

from test_editor import click, drag, three_sea_hexes_in_a_row


def key(ed, keysym, state=0):
    """Press a key the way the X server does: to whatever widget has the keyboard focus."""
    ed.root.update()
    w = ed.root.focus_get() or ed.root
    w.event_generate(f"<KeyPress-{keysym}>", state=state)
    w.event_generate(f"<KeyRelease-{keysym}>", state=state)
    ed.root.update()


def type_text(ed, text):
    for ch in text:
        key(ed, {"-": "minus", " ": "space"}.get(ch, ch), state=0x1 if ch.isupper() else 0)


def choose(ed, picker, code):
    """Open a picker's menu as a click would and invoke the entry of ``code``."""
    picker.fill()
    m = picker.menu
    i = next(
        i for i in range(m.index("end") + 1) if m.type(i) == "command" and m.entrycget(i, "label").endswith(f"[{code}]")
    )
    m.invoke(i)
    ed.root.update()


def ctrl(ed, letter):
    key(ed, letter, state=0x4)


def focus_map(ed):
    c = ed.canvas
    x, y = c.winfo_width() // 2, c.winfo_height() // 2
    c.event_generate("<Enter>", x=x, y=y)
    c.event_generate("<Motion>", x=x, y=y)
    c.focus_force()
    ed.root.update()


@pytest.mark.parametrize("letter", ["g", "c", "x", "p", "b", "m"])
def test_control_letters_do_not_switch_the_tool(ed, letter):
    """Ctrl+G (go to), Ctrl+C, Ctrl+X... used to switch to the fill / capital / box... tool, so
    the next click on the map edited it."""
    focus_map(ed)
    ed.answers = [None] * 3  # Ctrl+G asks for a hex: cancel
    ctrl(ed, letter)
    assert ed.tool_name.get() == "select"
    before = len(ed.history.done)
    h = next(iter(ed.model.grid.hexes()))
    click(ed, h)
    assert len(ed.history.done) == before and not ed.history.dirty
    # the bare letter still switches
    focus_map(ed)
    key(ed, letter)
    assert ed.tool_name.get() != "select"


def test_control_f_finds_while_the_map_has_focus(ed):
    m = ed.model
    berlin = m.find_name("Berlin")
    focus_map(ed)
    zoom = ed.canvas.zoom
    ed.answers = ["Berlin"]
    ctrl(ed, "f")
    assert ed.selection == {berlin}
    assert ed.canvas.zoom == zoom  # not the F (fit) of the map
    assert ed.status.get().startswith(f"{m.grid.label(berlin)} Berlin")


def test_after_an_inspector_edit_map_shortcuts_reach_the_map(ed):
    """Editing a field and pressing Return gives the keyboard back to the map: F fits the map
    instead of typing an F into the field ("unknown sea 'f'")."""
    m, c = ed.model, ed.canvas
    h = m.find_name("Berlin")
    click(ed, h)
    name = ed.inspector.widgets["name"]
    name.focus_force()
    ed.root.update()
    name.delete(0, "end")
    type_text(ed, "Berlin-Mitte")
    key(ed, "Return")
    assert m.hexes[h].name == "Berlin-Mitte"
    c.zoom_at(2.0, 10, 10)
    zoom = c.zoom
    # the mouse goes back to the map and the designer presses F to fit
    x, y = c.widget_xy(h)
    c.event_generate("<Enter>", x=x, y=y)
    c.event_generate("<Motion>", x=x, y=y)
    key(ed, "f")
    assert m.hexes[h].name == "Berlin-Mitte"
    assert c.zoom < zoom
    assert not ed.messages
    # and V picks the select tool, Escape deselects
    ed.set_tool("paint")
    key(ed, "v")
    assert ed.tool_name.get() == "select"


def test_a_field_being_typed_in_keeps_the_keyboard_when_the_mouse_crosses_the_map(ed):
    m, c = ed.model, ed.canvas
    h = m.find_name("Berlin")
    click(ed, h)
    name = ed.inspector.widgets["name"]
    name.focus_force()
    ed.root.update()
    name.delete(0, "end")
    type_text(ed, "X")
    x, y = c.widget_xy(h)
    c.event_generate("<Enter>", x=x, y=y)  # passing over the map on the way
    key(ed, "y")
    assert name.get() == "Xy"
    key(ed, "Return")
    assert m.hexes[h].name == "Xy"


def test_delete_on_an_empty_hex_adds_no_undo_step(ed):
    m = ed.model
    blank = next(
        h for h in m.grid.hexes() if m.hexes[h].terrain == "sea" and not m.hexes[h].name and not m.hexes[h].port
    )
    click(ed, blank)
    assert ed.selection == {blank}
    focus_map(ed)
    key(ed, "Delete")
    assert ed.history.done == [] and not ed.history.dirty
    assert not ed.root.title().startswith("*")
    assert "nothing to clear" in ed.message.get().lower()
    # a hex with something on it is cleared, in one step
    berlin = m.find_name("Berlin")
    click(ed, berlin)
    focus_map(ed)
    key(ed, "Delete")
    assert len(ed.history.done) == 1 and not m.hexes[berlin].capital and m.hexes[berlin].name == ""


def panel_lines(ed):
    ed.problems.run()
    ed.root.update()
    t = ed.problems.tree
    return [tuple(t.item(i)["values"]) for i in t.get_children()]


def test_painting_land_over_the_sea_drops_the_sea_zone(ed):
    m, c = ed.model, ed.canvas
    run = three_sea_hexes_in_a_row(m)
    zones = [m.hexes[h].sea for h in run]
    assert all(zones)
    ed.set_tool("paint")
    ed.paint_attr.set("terrain")
    ed.paint_values["terrain"].set("land")
    drag(ed, [c.widget_xy(h) for h in run])
    assert [(m.hexes[h].terrain, m.hexes[h].sea) for h in run] == [("land", None)] * 3
    assert not [line for line in panel_lines(ed) if "zone" in line[1]]  # (an island: unreachable land)
    ed.fire("undo")
    assert [m.hexes[h].sea for h in run] == zones
    # a land hex that kept a zone (from a file, say) is listed
    from mapref.core.commands import SetHexProps

    ed.push(SetHexProps.same([run[0]], terrain="land"))
    lab = m.grid.label(run[0])
    assert (lab, f"{lab}: land hex with sea zone {zones[0]!r} (only sea and part-sea hexes have one)") in panel_lines(
        ed
    )
    # the inspector's terrain field drops it too
    click(ed, run[1])
    choose(ed, ed.inspector.widgets["terrain"], "land")
    assert (m.hexes[run[1]].terrain, m.hexes[run[1]].sea) == ("land", None)


def test_removing_berlins_capital_is_a_problem(ed):
    m = ed.model
    berlin = m.find_name("Berlin")
    assert panel_lines(ed) == []
    ed.set_tool("capital")
    click(ed, berlin)
    assert not m.hexes[berlin].capital
    lines = panel_lines(ed)
    assert len(lines) == 1 and "Germany has no capital" in lines[0][1]
    assert ed.problems.count.get() == "1 problem"
    # a click on the line selects Germany's hexes
    ed.problems.tree.selection_set(ed.problems.tree.get_children()[0])
    ed.root.update()
    assert ed.selection == set(m.hexes_of_country("ge"))


def test_a_brand_new_map_lists_one_line_at_most(ed):
    from mapref.core.grid import Grid

    ed.new_map(Grid(rows=8, cols=10))
    ed.root.update()
    lines = panel_lines(ed)
    assert len(lines) <= 1
    assert ed.problems.count.get() in ("No problems", "1 problem")
    ed.new_map(Grid(rows=21, cols=21))
    assert len(panel_lines(ed)) <= 1


@pytest.mark.parametrize("display", [None, ":987"])
@pytest.mark.parametrize("args", [["maps/hitlers_war.toml"], []])
def test_without_a_display_mapref_says_so_plainly(args, display):
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    env = {k: v for k, v in os.environ.items() if k != "DISPLAY"}
    env["PYTHONPATH"] = str(root)
    if display:
        env["DISPLAY"] = display  # set, but no X server there
    r = subprocess.run(
        [sys.executable, "-m", "mapref", *args], cwd=root, env=env, capture_output=True, text=True, timeout=60
    )
    assert r.returncode == 1
    assert "internal error" not in r.stderr and "Traceback" not in r.stderr
    lines = r.stderr.strip().splitlines()
    assert lines[0].startswith("mapref: the windows need a graphical display")
    assert "mapref check" in r.stderr and "mapref render" in r.stderr and "mapref --help" in r.stderr


def test_pickers_show_names_and_colour_swatches(ed):
    m = ed.model
    pk = ed.paint_pickers[True]["country"]
    labels = pk.entries()
    assert labels[0] == "(none)" and "Germany  [ge]" in labels and "Soviet Union  [su]" in labels
    assert labels[-1] == "Add a country..."
    # the menu is split in columns so 44 countries fit a small screen
    assert (
        sum(
            1
            for i in range(pk.menu.index("end") + 1)
            if pk.menu.type(i) == "command" and pk.menu.entrycget(i, "columnbreak") in (1, "1")
        )
        >= 2
    )
    i = labels.index("Germany  [ge]")
    img = pk.menu.entrycget(i, "image")
    rgb = ed.root.tk.call(img, "get", 7, 7)
    rgb = tuple(int(v) for v in (rgb.split() if isinstance(rgb, str) else rgb))
    assert "#{:02x}{:02x}{:02x}".format(*rgb) == m.countries["ge"].colour
    # picking one paints with it
    ed.set_tool("paint")
    ed.paint_attr.set("terrain")
    choose(ed, pk, "ge")
    assert ed.paint_attr.get() == "country" and ed.paint_values["country"].get() == "ge"
    assert pk.cget("text") == "Germany"
    land = next(h for h in m.grid.hexes() if m.hexes[h].terrain == "land" and m.hexes[h].country == "fr")
    click(ed, land)
    assert m.hexes[land].country == "ge"
    # the inspector's picker sets the country of the selection; a new country shows up at once
    ed.set_tool("select")
    click(ed, land)
    ed.set_table_entry("countries", "vi", "Vichy France", "#8fbf7a", "france")
    insp = ed.inspector.widgets["country"]
    assert "Vichy France  [vi]" in insp.entries()
    choose(ed, insp, "vi")
    assert m.hexes[land].country == "vi" and insp.cget("text") == "Vichy France"
    assert ed.canvas.itemcget(ed.canvas.items[land], "fill") == "#8fbf7a"


def test_the_inspector_shows_only_the_fields_that_apply(ed):
    m, g = ed.model, ed.model.grid
    sea = next(h for h in g.hexes() if m.hexes[h].terrain == "sea" and not m.hexes[h].name)
    inland = next(
        h
        for h in g.hexes()
        if m.hexes[h].terrain == "land"
        and all(m.hexes[n].terrain == "land" for n in g.neighbours(h))
        and len(g.neighbours(h)) == 6
        and not m.hexes[h].port
    )
    port = next(h for h in g.hexes() if m.hexes[h].port and m.hexes[h].terrain == "coastal")
    ed.select({sea})
    assert ed.inspector.shown_fields() == ["terrain", "sea", "name"]
    ed.select({inland})
    assert ed.inspector.shown_fields() == ["terrain", "country", "production", "name", "mountain", "capital"]
    ed.select({port})
    assert ed.inspector.shown_fields() == [
        "terrain",
        "country",
        "sea",
        "production",
        "name",
        "port",
        "port_optional",
        "port_access",
        "mountain",
        "capital",
    ]
    ed.select({sea, inland})  # the fields of either
    assert ed.inspector.shown_fields() == ["terrain", "country", "sea", "production", "name", "mountain", "capital"]
    assert ed.inspector.widgets["terrain"].cget("text") == "(mixed)"
    # production left on a sea hex (from a file) is shown so that it can be cleared
    from mapref.core.commands import SetHexProps

    ed.push(SetHexProps.same([sea], production=2))
    ed.select({sea})
    assert "production" in ed.inspector.shown_fields()
    # a field hidden for one terrain comes back when the terrain changes
    ed.select({inland})
    choose(ed, ed.inspector.widgets["terrain"], "coastal")
    assert "sea" in ed.inspector.shown_fields()


def test_help_lists_the_shortcuts_and_the_guide(ed):
    focus_map(ed)
    key(ed, "F1")
    top = ed.help_window
    assert top.winfo_exists() and top.winfo_ismapped() and top.title() == "Help - mapref editor"
    tabs = ed.help_tabs
    assert [tabs.tab(t, "text") for t in tabs.tabs()] == ["Keyboard shortcuts", "Guide"]
    t = ed.shortcuts_tree
    rows = {(t.item(s, "text"), *t.item(i, "values")) for s in t.get_children() for i in t.get_children(s)}
    assert ("View", "Ctrl+F", "Find hex or city") in rows
    assert ("View", "F / 0", "Fit map to window") in rows
    assert ("Edit", "Ctrl+Z", "Undo") in rows
    assert ("Tools", "B", "Paint tool") in rows and ("Tools", "T", "Fit grid to background tool") in rows
    guide = ed.guide_widget.get("1.0", "end")
    assert "THE HEX MAP EDITOR" in guide and "Fit grid to scan (T): drag a hex's centre" in guide
    # the Help menu has it too, and F1 again does not open a second window
    help_menu = ed.menus["Help"]
    labels = [
        help_menu.entrycget(i, "label") for i in range(help_menu.index("end") + 1) if help_menu.type(i) == "command"
    ]
    assert "Keyboard shortcuts and guide" in labels and "About mapref" in labels
    key(ed, "F1")
    assert [w for w in ed.root.winfo_children() if isinstance(w, tk.Toplevel) and w.title().startswith("Help")] == [top]


def test_the_edit_menu_says_what_undo_and_redo_would_do(ed):
    menu, i = ed.menu_entries["undo"]
    ed._edit_menu_labels()
    assert menu.entrycget(i, "label") == "Undo" and menu.entrycget(i, "state") == "disabled"
    ed.set_tool("capital")
    click(ed, ed.model.find_name("Berlin"))
    ed._edit_menu_labels()
    assert menu.entrycget(i, "label") == "Undo Set capital" and menu.entrycget(i, "state") == "normal"
    ed.fire("undo")
    ed._edit_menu_labels()
    rmenu, j = ed.menu_entries["redo"]
    assert rmenu.entrycget(j, "label") == "Redo Set capital"
