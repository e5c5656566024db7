"""Issue 22: a new map from scratch.  ``mapref NEW.toml`` for a file that is not there offers a
new hex or area map (the command, in the test's process, then the same window driven through its dialogs); the
New area map form makes a map with a projection, and Save writes it where the command said."""

import time
import tkinter as tk
from pathlib import Path

import pytest

from mapref.io.areafile import load_area_map
from mapref.io.mapfile import load_map
from mapref.ui.area_editor import AreaEditor
from mapref.ui.editor import Editor
from mapref.ui.editors import open_new
from mapref.ui.editor_shell import editor_of
from tests.helpers import mapref

ROOT = Path(__file__).resolve().parents[2]


def test_mapref_with_a_file_not_there_opens_a_window_offering_a_new_map(tmp_path):
    r = mapref("new.toml", cwd=tmp_path, env={"MAPREF_EXIT_AFTER_MS": "300"})
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "window: new.toml (new) - mapref" and r.stderr == ""
    assert not (tmp_path / "new.toml").exists()  # nothing made until asked for
    r = mapref("nowhere/new.toml", cwd=tmp_path)
    assert (
        r.returncode == 1
        and r.stderr.strip() == "mapref: nowhere/new.toml: no such file, and no folder nowhere to make a new map in"
    )
    r = mapref("notes.txt", cwd=tmp_path)
    assert r.returncode == 1 and r.stderr.strip() == "notes.txt: no such file"
    # without a display: how to start one from the command line
    r = mapref("new.toml", cwd=tmp_path, env={"DISPLAY": ""})
    assert r.returncode == 1
    assert (
        r.stderr.strip() == "mapref: new.toml: no such file; to start a new area map there: mapref new-map -o new.toml"
    )


def drive(root, steps, timeout=20.0):
    """Answer the window's dialogs in turn: ``steps`` is [(dialog title, action(dialog))]."""
    done = []

    def go():
        if len(done) == len(steps):
            return
        title, act = steps[len(done)]
        d = next(
            (
                t
                for t in root.winfo_children()
                if isinstance(t, tk.Toplevel) and t.title() == title and t.winfo_viewable()
            ),
            None,
        )
        if d is not None:
            done.append(title)
            act(d)
        root.after(50, go)

    root.after(50, go)
    end = time.monotonic() + timeout
    while len(done) < len(steps) and time.monotonic() < end:
        root.update()
        time.sleep(0.01)
    root.update()
    return done


@pytest.fixture
def root(tk_root):  # tests/ui/conftest.py
    return tk_root


def fill(values):
    def act(d):
        for k, v in values.items():
            d.vars[k].set(v)
        d.ok()

    return act


def test_a_new_area_map_with_a_projection_is_saved_where_the_command_said(root, tmp_path):
    path = tmp_path / "europe.toml"
    open_new(root, path)
    assert root.title() == "europe.toml (new) - mapref"
    done = drive(
        root,
        [
            ("New map", lambda d: d.buttons["Area map..."].invoke()),
            (
                "New area map",
                fill(
                    {
                        "name": "Europe 1939",
                        "width": "1200",
                        "height": "900",
                        "projection": "longitude and latitude",
                        "extent": "-10 40 35 60",
                    }
                ),
            ),
        ],
    )
    assert done == ["New map", "New area map"]
    ed = editor_of(root)
    assert isinstance(ed, AreaEditor) and ed.path == path
    assert root.title() == "*europe.toml - mapref area editor"  # not on disk yet
    geo = ed.model.geo
    assert geo["lon0"] == -10 and geo["lat0"] == 60 and geo["parallel"] == 47.5
    assert ed.model.geo_to_map(40, 60)[0] == pytest.approx(1200, abs=0.01)  # the east edge is the map's width
    ed.fire("save")
    m = load_area_map(path)
    assert m.name == "Europe 1939" and m.geo == geo and not ed.history.dirty


def test_a_new_hex_map_and_cancel(root, tmp_path):
    path = tmp_path / "front.toml"
    open_new(root, path)
    done = drive(
        root,
        [("New map", lambda d: d.buttons["Hex map..."].invoke()), ("New hex map", fill({"rows": "12", "cols": "15"}))],
    )
    assert done == ["New map", "New hex map"]
    ed = editor_of(root)
    assert isinstance(ed, Editor) and ed.model.grid.rows == 12 and ed.model.grid.cols == 15
    ed.fire("save")
    assert load_map(path).grid.cols == 15
    root.destroy()
    # Cancel: nothing made, the window closes
    other = tk.Tk()
    open_new(other, tmp_path / "nothing.toml")
    drive(other, [("New map", lambda d: d.buttons["Cancel"].invoke())])
    with pytest.raises(tk.TclError, match="destroyed"):
        other.winfo_exists()  # the window closed
    assert not (tmp_path / "nothing.toml").exists()
