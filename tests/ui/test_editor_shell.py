"""Issue 21: the hex and area editors are one shell.  What a designer does in either window,
through its menus and keys under Xvfb: Ctrl+key never fires the bare key's action, File > New >
Area map from the hex editor (the real form: the keyboard in its first field, number fields
selected, OK refused with the reason), a map of the other kind opened in the same window,
Help, and menus that close on Escape."""

import shutil
import tkinter as tk
from pathlib import Path

import pytest
from PIL import Image

from mapref.io.areafile import load_area_map
from mapref.ui.area_editor import AreaEditor
from mapref.ui.editor import Editor
from mapref.ui.editor_shell import editor_of
from mapref.ui.editors import open_editor
from test_editor_evening import focus_map, key

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "maps" / "area_sample.toml"
HEX = ROOT / "maps" / "hitlers_war.toml"


@pytest.fixture
def root(tk_root):  # tests/ui/conftest.py
    return tk_root


def copy(tmp_path, src):
    p = tmp_path / src.name
    shutil.copy(src, p)
    return p


def menu_entry(menu, label):
    return next(
        i
        for i in range(menu.index("end") + 1)
        if menu.type(i) in ("command", "cascade") and menu.entrycget(i, "label") == label
    )


@pytest.mark.parametrize("letter,tool", [("s", "split"), ("l", "line"), ("e", "vertex")])
def test_in_the_area_editor_ctrl_letters_do_their_shortcut_and_never_switch_the_tool(root, tmp_path, letter, tool):
    """Ctrl+S saved and switched to the split tool, Ctrl+L proposed land lines and switched to
    the line tool, Ctrl+E asked for an export and switched to the vertex tool."""
    from mapref.core.areaedit import set_location

    path = copy(tmp_path, SAMPLE)
    ed = AreaEditor(root, path, quiet=True)
    root.geometry("1366x700+0+0")
    root.update()
    ed.push(set_location(ed.model, "paris", vp=7))
    ed.answers = [None]  # Ctrl+E asks the image's width: cancel
    focus_map(ed)
    key(ed, letter, state=0x4)
    assert ed.tool_name.get() == "select"
    if letter == "s":
        assert load_area_map(path).locations["paris"].vp == 7 and not ed.history.dirty
    elif letter == "l":
        assert "land line" in ed.message.get()
    # a click on the map selects, as the select tool does
    x, y = ed.canvas.widget_xy(ed.model.locations["sedan"].label_point)
    ed.canvas.event_generate("<ButtonPress-1>", x=x, y=y, button=1)
    ed.canvas.event_generate("<ButtonRelease-1>", x=x, y=y, button=1)
    root.update()
    assert ed.selected == ("location", "sedan")
    focus_map(ed)
    key(ed, letter)  # the bare letter switches
    assert ed.tool_name.get() == tool


def answer_when_up(root, title, act, found):
    """When the dialog ``title`` is up (a modal form: the test goes on inside its wait), do ``act(d)``."""

    def go():
        d = next(
            (
                t
                for t in root.winfo_children()
                if isinstance(t, tk.Toplevel) and t.title() == title and t.winfo_viewable()
            ),
            None,
        )
        if d is None:
            root.after(50, go)
            return
        found.append(d)
        act(d)

    root.after(200, go)


def test_file_new_area_map_from_the_hex_editor(root, tmp_path):
    scan = tmp_path / "borders.png"
    Image.new("RGB", (800, 600), "white").save(scan)
    ed = open_editor(root, "hex", copy(tmp_path, HEX))  # as mapref opens it; not quiet: the real dialogs
    root.geometry("1366x700+0+0")
    root.update()
    seen = {}

    def fill(d):
        d.update()
        seen["focus"] = d.focus_get() is d.fields["name"]  # the keyboard is in the first field
        d.vars["width"].set("wide")
        d.ok()
        seen["why"] = d.why.get()  # refused, and why
        seen["still open"] = d.winfo_exists()
        f = d.fields["width"]
        f.focus_force()
        d.update()
        f.event_generate("<FocusIn>")
        d.update()
        seen["selected"] = f.selection_present() and f.selection_get() == "wide"
        f.event_generate("<KeyPress-1>")
        for ch in "200":
            f.event_generate(f"<KeyPress-{ch}>")
        seen["typed"] = d.vars["width"].get()
        d.vars["name"].set("The Marches")
        d.vars["height"].set("900")
        d.vars["underlay"].set(str(scan))
        d.ok()

    found = []
    answer_when_up(root, "New area map", fill, found)
    file_menu = ed.menus["File"]
    new = root.nametowidget(file_menu.entrycget(menu_entry(file_menu, "New"), "menu"))
    assert [new.entrycget(i, "label") for i in range(new.index("end") + 1)] == ["Hex map...", "Area map..."]
    new.invoke(menu_entry(new, "Area map..."))
    root.update()
    assert found and seen == {
        "focus": True,
        "why": "the width is a number of map units from 1 to 1000000, got 'wide'",
        "still open": True,
        "selected": True,
        "typed": "1200",
    }
    area = editor_of(root)
    assert isinstance(area, AreaEditor) and area is not ed
    assert root.title() == "untitled - mapref area editor" and area.model.name == "The Marches"
    assert area.model.background["scale"] == 1.5 and area.model.background["image"] == str(scan)
    area.underlay.wait()
    assert area.canvas.find_withtag("background") and area.canvas.bg_source_size == (800, 600)
    # the window is the area editor's now: its menus, its keys
    tools = area.menus["Tools"]
    assert "Suggest land lines from shared borders" in [
        tools.entrycget(i, "label") for i in range(tools.index("end") + 1) if tools.type(i) == "command"
    ]
    focus_map(area)
    key(area, "d")
    assert area.tool_name.get() == "draw"


def test_open_a_map_of_the_other_kind_in_the_same_window(root, tmp_path):
    hexmap, areamap = copy(tmp_path, HEX), copy(tmp_path, SAMPLE)
    ed = open_editor(root, "hex", hexmap, quiet=True)  # as mapref opens it
    root.update()
    assert ed.files.open_path(areamap)
    area = editor_of(root)
    assert isinstance(area, AreaEditor) and root.title() == "area_sample.toml - mapref area editor"
    assert "paris" in area.model.locations and area.path == areamap
    # a scenario or a game is not a map: said so, the map stays
    assert not area.files.open_path(ROOT / "scenarios" / "barbarossa.toml")
    assert "this is a scenario, not a map: open it with  mapref barbarossa.toml" in area.messages[-1]
    bad = ROOT / "tests" / "data" / "invalid_area" / "20_several_problems_at_once.toml"
    assert not area.files.open_path(bad)
    assert len(area.messages[-1].splitlines()) == 4 and editor_of(root) is area and "paris" in area.model.locations
    # and back: the hex editor, whose Ctrl+S saves the hex map
    assert area.files.open_path(hexmap)
    again = editor_of(root)
    assert isinstance(again, Editor) and root.title() == "hitlers_war.toml - mapref editor"
    from mapref.core.commands import SetHexProps

    again.push(SetHexProps.same([again.model.grid.parse("P10")], name="Berlin-Mitte"))
    focus_map(again)
    key(again, "s", state=0x4)
    assert "Berlin-Mitte" in hexmap.read_text(encoding="utf-8") and again.tool_name.get() == "select"


def test_help_in_the_area_editor(root, tmp_path):
    ed = AreaEditor(root, copy(tmp_path, SAMPLE), quiet=True)
    root.update()
    focus_map(ed)
    key(ed, "F1")
    assert ed.help_window.title() == "Help - mapref area editor"
    t = ed.shortcuts_tree
    rows = {(t.item(s, "text"), *t.item(i, "values")) for s in t.get_children() for i in t.get_children(s)}
    assert ("Tools", "D", "Draw location tool") in rows and (
        "Tools",
        "Ctrl+L",
        "Suggest land lines from shared borders",
    ) in rows
    assert ("File", "Ctrl+N", "Area map") in rows and ("View", "F / 0", "Fit map to window") in rows
    guide = ed.guide_widget.get("1.0", "end")
    assert "THE AREA MAP EDITOR" in guide and "Draw location (D): click its vertices" in guide


def test_a_picker_menu_closes_on_escape(root, tmp_path):
    ed = Editor(root, copy(tmp_path, HEX), quiet=True)
    root.update()
    ed.set_tool("paint")
    root.update()
    pk = ed.paint_pickers[True]["country"]
    pk.fill()
    pk.menu.post(pk.winfo_rootx(), pk.winfo_rooty() + pk.winfo_height())
    pk.menu.focus_force()
    root.update()
    assert pk.menu.winfo_ismapped()
    pk.menu.event_generate("<Escape>")
    root.update()
    assert not pk.menu.winfo_ismapped()
