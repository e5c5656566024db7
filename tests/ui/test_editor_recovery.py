"""Issue 15: never lose a map.  A real editor process makes changes, is killed with SIGKILL, and
the map opened again offers the autosaved changes; a clean save or close leaves nothing behind.
Also the list of recent maps (per-user files live under $XDG_* folders set to the test's own)."""

import os
import shutil
import signal
import subprocess
import sys
import time
import tkinter as tk
from pathlib import Path

import pytest

from mapref.io.mapfile import dumps_map, load_map
from mapref.ui import recovery
from mapref.ui.editor import Editor

ROOT = Path(__file__).resolve().parents[2]
MAP = ROOT / "maps" / "hitlers_war.toml"

# A real editor window in its own process, driven by the same synthetic mouse events as the
# other GUI tests: the production tool clicked on land hexes, one change each.
CHILD = r"""
import sys, tkinter as tk
from pathlib import Path
from mapref.core.grid import Grid
from mapref.ui.editor import Editor

path, n, untitled = sys.argv[1], int(sys.argv[2]), sys.argv[3] == "untitled"
Editor.autosave_ms = 1500
root = tk.Tk()
ed = Editor(root, None if untitled else path, user_files=untitled)
root.geometry("1400x900+0+0")
root.update()
if untitled:
    ed.new_map(Grid(rows=8, cols=10))
    ed.select_all()
    ed.inspector.commit("terrain", "land")
ed.canvas.fit()
root.update()
m, c = ed.model, ed.canvas
ed.set_tool("production")
ed.production_value.set(7)
targets = [h for h in m.grid.hexes() if m.hexes[h].terrain == "land" and m.hexes[h].production == 0][:n]

def click(h):
    x, y = c.widget_xy(h)
    c.event_generate("<Motion>", x=x, y=y)
    c.event_generate("<ButtonPress-1>", x=x, y=y, button=1)
    c.event_generate("<ButtonRelease-1>", x=x, y=y, button=1)

def edit():
    for h in targets:
        click(h)
    root.update()
    print("edited " + " ".join(m.grid.label(h) for h in targets), flush=True)

root.after(200, edit)
root.mainloop()
"""


def start_child(path, n, untitled=False, env_extra=None):
    env = dict(os.environ, PYTHONPATH=str(ROOT), **(env_extra or {}))
    p = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(path), str(n), "untitled" if untitled else "map"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    line = p.stdout.readline()
    if not line.startswith("edited"):
        p.kill()
        raise AssertionError(f"the editor process did not make its changes: {line!r} {p.communicate(timeout=10)[1]}")
    return p, line.split()[1:]


def wait_for(cond, timeout=20.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if cond():
            return True
        time.sleep(0.05)
    return False


def kill(p):
    os.kill(p.pid, signal.SIGKILL)
    p.wait(10)
    assert p.returncode == -signal.SIGKILL


@pytest.fixture
def path(tmp_path):
    p = tmp_path / MAP.name
    shutil.copy(MAP, p)
    return p


@pytest.fixture
def root(tk_root):  # tests/ui/conftest.py
    return tk_root


def productions(m, labels):
    return [m.hex(lab).production for lab in labels]


def test_a_killed_editor_s_changes_are_offered_when_the_map_is_opened_again(path, root):
    autosave = path.parent / ".hitlers_war.autosave.toml"
    child, labels = start_child(path, 12)
    try:
        assert len(labels) == 12
        # the tenth change wrote the recovery file at once; the timer catches the last two
        assert wait_for(lambda: autosave.exists())
        assert wait_for(lambda: productions(load_map(autosave), labels) == [7] * 12)
        assert autosave.read_text(encoding="utf-8").startswith(
            f"# mapref autosave of {path.resolve()}; process {child.pid};"
        )
        # while that editor runs, opening the map elsewhere offers nothing
        asked = []
        other = Editor(root, path, quiet=True, ask_recover=lambda a: asked.append(a) or True)
        assert asked == [] and productions(other.model, labels) == [0] * 12
        root.destroy()
    finally:
        kill(child)
    assert autosave.exists()
    assert productions(load_map(path), labels) == [0] * 12  # the map file itself was never saved

    root = tk.Tk()
    try:
        asked = []
        ed = Editor(root, path, quiet=True, ask_recover=lambda a: asked.append(a) or True)
        root.update()
        assert len(asked) == 1 and asked[0].of == path.resolve() and asked[0].pid == child.pid
        assert productions(ed.model, labels) == [7] * 12
        assert ed.root.title().startswith("*") and ed.history.dirty
        assert "Recovered the changes to hitlers_war.toml" in ed.message.get()
        c = ed.canvas
        assert any(c.itemcget(i, "text") == "7" for i in c.mark_items[ed.model.grid.parse(labels[0])])
        # one step: Undo shows the file as it was saved, Redo the recovered changes
        ed.fire("undo")
        assert productions(ed.model, labels) == [0] * 12
        ed.fire("redo")
        ed.fire("save")
        root.update()
        assert not autosave.exists() and not list(path.parent.glob("*.autosave.toml"))
        assert productions(load_map(path), labels) == [7] * 12
    finally:
        root.destroy()
    # nothing is offered again
    root = tk.Tk()
    try:
        asked = []
        Editor(root, path, quiet=True, ask_recover=lambda a: asked.append(a) or True)
        assert asked == []
    finally:
        root.destroy()


def test_declining_the_recovery_deletes_it_and_opens_the_saved_map(path, root):
    child, labels = start_child(path, 10)
    autosave = path.parent / ".hitlers_war.autosave.toml"
    assert wait_for(lambda: autosave.exists())
    kill(child)
    saved = path.read_text(encoding="utf-8")
    ed = Editor(root, path, quiet=True, ask_recover=lambda a: False)
    assert not autosave.exists()
    assert dumps_map(ed.model) == saved and not ed.history.dirty
    assert "discarded" in ed.message.get()


def test_a_clean_save_or_close_leaves_no_recovery_file(path, root):
    ed = Editor(root, path, quiet=True)
    root.update()
    autosave = path.parent / ".hitlers_war.autosave.toml"
    m = ed.model
    land = [h for h in m.grid.hexes() if m.hexes[h].terrain == "land" and not m.hexes[h].production][:10]
    from mapref.core.commands import SetHexProps

    for h in land[:9]:
        ed.push(SetHexProps.same([h], production=2))
    assert not autosave.exists()  # nine changes, and no 30 s yet
    ed.push(SetHexProps.same([land[9]], production=2))
    assert autosave.exists() and ed.files.autosave_file == autosave
    ed.fire("save")
    assert not autosave.exists()
    for h in land:
        ed.push(SetHexProps.same([h], production=3))
    assert autosave.exists()
    # undoing back to the saved map: nothing to recover
    for _ in land:
        ed.fire("undo")
    ed.files.autosave()
    assert not autosave.exists()
    for h in land:
        ed.push(SetHexProps.same([h], production=4))
    assert autosave.exists()
    ed.answers = [False]  # close: "Save the changes?" No
    ed.fire("quit")
    assert not autosave.exists()
    assert productions(load_map(path), [m.grid.label(h) for h in land]) == [2] * 10


def test_a_killed_unsaved_map_is_recovered_from_the_file_menu(path, root, tmp_path, monkeypatch):
    state = tmp_path / "state"
    monkeypatch.setenv("XDG_STATE_HOME", str(state))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    child, labels = start_child(path, 10, untitled=True, env_extra={"XDG_STATE_HOME": str(state)})
    folder = state / "mapref" / "autosave"
    assert wait_for(lambda: list(folder.glob("untitled-*.autosave.toml")))
    saved = list(folder.glob("untitled-*.autosave.toml"))[0]
    assert wait_for(lambda: productions(load_map(saved), labels) == [7] * 10)
    kill(child)
    asked = []
    ed = Editor(root, path, quiet=True, user_files=True, ask_recover=lambda a: asked.append(a) or True)
    assert "File > Recover unsaved map" in ed.message.get()
    ed.fire("recover-unsaved")
    root.update()
    assert len(asked) == 1 and asked[0].of is None
    assert ed.path is None and ed.model.grid.rows == 8 and ed.history.dirty and ed.root.title().startswith("*untitled")
    assert productions(ed.model, labels) == [7] * 10
    assert not list(folder.glob(f"untitled-{child.pid}-*.autosave.toml"))


def test_recent_maps_in_the_file_menu(path, root, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    other = tmp_path / "sample.toml"
    shutil.copy(ROOT / "maps" / "sample.toml", other)
    ed = Editor(root, path, quiet=True, user_files=True)
    assert ed.files.open_path(other)
    assert recovery.recent() == [other.resolve(), path.resolve()]
    ed.files.fill_recent()
    menu = ed.recent_menu
    labels = [menu.entrycget(i, "label") for i in range(menu.index("end") + 1) if menu.type(i) == "command"]
    assert labels[0].startswith("1  sample.toml") and labels[1].startswith("2  hitlers_war.toml")
    menu.invoke(1)  # hitlers_war.toml
    root.update()
    assert ed.path == path and ed.model.name == "Hitler's War"
    assert recovery.recent()[0] == path.resolve()
    # a map that has gone is said so and taken off the list
    other.unlink()
    ed.files.fill_recent()
    root.after_idle(lambda: menu.invoke(1))
    root.update()
    assert any("is not there any more" in t for t in ed.messages)
    assert recovery.recent() == [path.resolve()]
    # saving under a new name puts it first
    ed.files.save_to(tmp_path / "copy.toml")
    assert recovery.recent()[0] == (tmp_path / "copy.toml").resolve()


def test_the_recovery_question_is_a_dialog_with_recover_and_discard(path, root):
    """Without a callback the editor asks in a window: Discard deletes, closing it recovers."""
    text = path.read_text(encoding="utf-8").replace('P10 = { name = "Berlin"', 'P10 = { name = "Berlin-Spandau"')
    head = f"# mapref autosave of {path.resolve()}; process 999999; 2026-01-01T10:00:00\n"
    autosave = path.parent / ".hitlers_war.autosave.toml"
    for click_on, expect in (("Discard", "Berlin"), (None, "Berlin-Spandau")):
        autosave.write_text(head + text, encoding="utf-8")
        seen = []

        def answer(seen=seen, click_on=click_on):
            ds = [
                w
                for w in root.winfo_children()
                if isinstance(w, tk.Toplevel) and w.title() == "Recover unsaved changes"
            ]
            if not ds or not ds[0].winfo_ismapped():
                root.after(100, answer)  # not up yet
                return
            d = ds[0]
            seen.append(True)
            if click_on:
                d.buttons[click_on].invoke()
            else:
                d.focus_force()
                d.update()
                d.event_generate("<Escape>")

        root.after(300, answer)
        ed = Editor(root, path)
        assert seen == [True]
        assert ed.model.hex("P10").name == expect
        if click_on == "Discard":
            assert not autosave.exists()
        else:  # recovered, and autosaved again at once by this editor: a second crash loses nothing
            assert recovery.read_header(autosave).pid == os.getpid()
        for w in root.winfo_children():
            w.destroy()


def test_a_process_number_taken_again_by_another_program_does_not_hide_a_crash(path, root):
    """The editor that wrote the autosave is gone and an unrelated program now has its process
    number: the autosave is still offered."""
    autosave = path.parent / ".hitlers_war.autosave.toml"
    text = path.read_text(encoding="utf-8").replace('P10 = { name = "Berlin"', 'P10 = { name = "Neu-Berlin"')
    other = subprocess.Popen(["sleep", "60"])
    try:
        autosave.write_text(
            f"# mapref autosave of {path.resolve()}; process {other.pid}; 2026-01-01T10:00:00\n" + text,
            encoding="utf-8",
        )
        then = time.time() - 3600
        os.utime(autosave, (then, then))  # written an hour ago, before that program started
        asked = []
        ed = Editor(root, path, quiet=True, ask_recover=lambda a: asked.append(a) or True)
        assert len(asked) == 1 and ed.model.hex("P10").name == "Neu-Berlin"
        # an autosave newer than that program is its own: not offered
        autosave.write_text(
            f"# mapref autosave of {path.resolve()}; process {other.pid}; 2026-01-01T10:00:00\n" + text,
            encoding="utf-8",
        )
        assert recovery.find_orphans(path) == []
    finally:
        other.kill()
        other.wait()
