"""The editors on a 1366x768 screen (issues 13 and 21): nothing cut off, hex or area.

A second Xvfb server of exactly that size is started for this module, and the editor runs in a
child process on it (a Tk process whose X server goes away dies with it, so the window must not
live in the test process).  The window picks its own size from the screen as it does on a
laptop; the child measures every panel and reports what sticks out or is cut off.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
W, H = 1366, 768

PROBE = r"""
import json, shutil, sys, tkinter as tk
from pathlib import Path
from mapref.ui.editor_files import read_any_map
from mapref.ui.editors import editor_class

path = Path(sys.argv[1])
shutil.copy(Path("maps") / path.name, path)
kind, _ = read_any_map(path)
root = tk.Tk()
ed = editor_class(kind)(root, path, quiet=True)  # as mapref MAP.toml opens it
root.update()
ed.canvas.fit()
root.update()
bad = []


def box(w):
    return w.winfo_rootx(), w.winfo_rooty(), w.winfo_width(), w.winfo_height()


def inside(w, outer, slack=0):
    x, y, ww, hh = box(w)
    ox, oy, ow, oh = box(outer)
    return x >= ox - slack and y >= oy - slack and x + ww <= ox + ow + slack and y + hh <= oy + oh + slack


def descendants(w):
    for c in w.winfo_children():
        yield c
        yield from descendants(c)


def not_cut(panel, what):
    for c in descendants(panel):
        if c.winfo_ismapped() and not isinstance(c, tk.Menu):
            if not inside(c, panel, slack=1):
                bad.append(f"{what}: {c.winfo_class()} {c} sticks out of the panel {box(c)} vs {box(panel)}")
            elif c.winfo_height() + 1 < c.winfo_reqheight():
                bad.append(f"{what}: {c.winfo_class()} {c} is {c.winfo_height()} high, needs {c.winfo_reqheight()}")


out = {"screen": [root.winfo_screenwidth(), root.winfo_screenheight()], "window": list(box(root))}
parts = {"toolbar": ed.toolbar, "palette": ed.palette, "inspector": ed.inspector, "map": ed.canvas,
         "problems": ed.problems, "status bar": ed.statusbar, "zoom": ed.zoom_label}
out["parts"] = {k: list(box(w)) for k, w in parts.items()}
for name, w in parts.items():
    if not w.winfo_ismapped():
        bad.append(f"the {name} is not shown")
    if not inside(w, root):
        bad.append(f"the {name} sticks out of the window: {box(w)} vs {box(root)}")
    if name not in ("map", "problems") and w.winfo_height() < w.winfo_reqheight():
        bad.append(f"the {name} is cut off: {w.winfo_height()} < {w.winfo_reqheight()}")
for name in ed.tools:
    ed.set_tool(name)
    root.update()
    not_cut(ed.palette, f"{name} tool")
if kind == "hex":
    selections = (("Berlin", lambda: ed.select({ed.model.find_name("Berlin")})),
                  ("a port", lambda: ed.select({next(h for h, d in ed.model.hexes.items() if d.port and d.terrain == "coastal")})),
                  ("a box", lambda: ed.select_box(next(iter(ed.model.boxes)))))
else:
    selections = (("Paris", lambda: ed.select("location", "paris")), ("a line", lambda: ed.select("line", next(iter(ed.model.lines)))),
                  ("a box", lambda: ed.select("box", next(iter(ed.model.boxes)))))
for what, select in selections:
    select()
    root.update()
    not_cut(ed.inspector, f"inspector on {what}")
out["bad"] = bad
print(json.dumps(out))
root.destroy()
"""


@pytest.fixture(scope="module")
def small_screen(laptop_display):
    """The test run's 1366x768 display (tests/conftest.py)."""
    return laptop_display


@pytest.mark.parametrize("name", ["hitlers_war.toml", "area_sample.toml"])
def test_the_editor_fits_a_1366x768_screen(small_screen, tmp_path, name):
    env = dict(os.environ, DISPLAY=small_screen, PYTHONPATH=str(ROOT))
    r = subprocess.run(
        [sys.executable, "-c", PROBE, str(tmp_path / name)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout.strip().splitlines()[-1])
    assert out["screen"] == [W, H]
    x, y, w, h = out["window"]
    # the window is on the screen and leaves room for a title bar and a desktop panel
    assert x >= 0 and y >= 0 and w <= W and y + h <= H - 60
    assert out["bad"] == []
    _, _, mw, mh = out["parts"]["map"]
    assert mw >= 800 and mh >= 450  # the map keeps most of the room
    assert out["parts"]["problems"][3] >= 90
