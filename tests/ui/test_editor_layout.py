"""The editor on a 1366x768 screen (issue 13): nothing cut off.

A second Xvfb server of exactly that size is started for this module; the editor's window is a
Tk root on it (``tk.Tk(screenName=...)``), so the window picks its own size from the screen as
it does on a laptop.
"""

import shutil
import subprocess
import time
import tkinter as tk
from pathlib import Path

import pytest

from mapref.ui.editor import Editor

ROOT = Path(__file__).resolve().parents[2]
MAP = ROOT / "maps" / "hitlers_war.toml"
W, H = 1366, 768


@pytest.fixture(scope="module")
def small_screen():
    exe = shutil.which("Xvfb")
    assert exe, "Xvfb is needed for the GUI tests"
    for n in range(160, 220):
        if Path(f"/tmp/.X{n}-lock").exists():
            continue
        proc = subprocess.Popen([exe, f":{n}", "-screen", "0", f"{W}x{H}x24", "-nolisten", "tcp"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(100):
            if Path(f"/tmp/.X11-unix/X{n}").exists():
                break
            if proc.poll() is not None:
                break
            time.sleep(0.05)
        if proc.poll() is None and Path(f"/tmp/.X11-unix/X{n}").exists():
            yield f":{n}"
            proc.terminate()
            proc.wait(10)
            return
        proc.kill()
    raise RuntimeError("could not start a 1366x768 Xvfb")


@pytest.fixture
def small_ed(small_screen, tmp_path):
    path = tmp_path / MAP.name
    shutil.copy(MAP, path)
    root = tk.Tk(screenName=small_screen)
    e = Editor(root, path, quiet=True)
    root.update()
    e.canvas.fit()
    root.update()
    yield e
    root.destroy()


def inside(w, outer, slack=0):
    """True when widget ``w`` lies wholly inside widget ``outer`` on the screen."""
    x, y, ww, hh = w.winfo_rootx(), w.winfo_rooty(), w.winfo_width(), w.winfo_height()
    ox, oy, ow, oh = outer.winfo_rootx(), outer.winfo_rooty(), outer.winfo_width(), outer.winfo_height()
    return x >= ox - slack and y >= oy - slack and x + ww <= ox + ow + slack and y + hh <= oy + oh + slack


def descendants(w):
    for c in w.winfo_children():
        yield c
        yield from descendants(c)


def not_cut(panel):
    """Every shown widget of the panel lies inside it and gets the height it asks for."""
    bad = []
    for c in descendants(panel):
        if c.winfo_ismapped() and not isinstance(c, tk.Menu):
            if not inside(c, panel, slack=1) or c.winfo_height() + 1 < c.winfo_reqheight():
                bad.append((str(c), c.winfo_class(), c.winfo_rooty() + c.winfo_height(), c.winfo_reqheight(), c.winfo_height()))
    return bad


def test_the_editor_fits_a_1366x768_screen(small_ed):
    ed, root = small_ed, small_ed.root
    assert root.winfo_screenwidth() == W and root.winfo_screenheight() == H
    # the window is on the screen, leaving room for a panel or task bar
    assert root.winfo_width() <= W and root.winfo_height() <= H - 40
    assert root.winfo_rootx() >= 0 and root.winfo_rooty() >= 0
    assert root.winfo_rooty() + root.winfo_height() <= H
    parts = {"toolbar": ed.toolbar, "palette": ed.palette, "inspector": ed.inspector, "map": ed.canvas,
             "problems": ed.problems, "status bar": ed.statusbar}
    for name, w in parts.items():
        assert w.winfo_ismapped(), f"the {name} is not shown"
        assert inside(w, root), f"the {name} sticks out of the window"
        assert w.winfo_height() >= w.winfo_reqheight() or name in ("map", "problems"), f"the {name} is cut off"
    assert ed.canvas.winfo_height() >= 400 and ed.canvas.winfo_width() >= 700
    assert ed.problems.winfo_height() >= 90
    # every tool's options fit in the palette; the inspector shows all its fields
    for name in ed.tools:
        ed.set_tool(name)
        root.update()
        assert not_cut(ed.palette) == [], name
    berlin = ed.model.find_name("Berlin")
    ed.select({berlin})
    root.update()
    assert not_cut(ed.inspector) == []
    ed.select_box(next(iter(ed.model.boxes)))
    root.update()
    assert not_cut(ed.inspector) == []
    # the status bar shows the zoom at its right end
    assert inside(ed.zoom_label, root) and ed.zoom_label.winfo_ismapped()
