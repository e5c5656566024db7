"""The area map figures of bench/run: a map of N locations made with the project's own generator,
and what a designer does with it in the area editor.

    python bench/area_figures.py generate N OUT.toml      the map (prints JSON: the generation's time)
    python bench/area_figures.py window MAP.toml [--runs R]   the editor's figures (needs a display)

``generate``: the coast and the points of bench/generate_areas.py (a wavy coast of 1,000 vertices,
about 3,000 x 2,000 map units, and N random points well inside it), cut into areas by *Generate areas* (:func:`mapref.core.areaedit.generate_areas`:
Voronoi cells clipped to the land, the coast given the cells' vertices, land lines proposed
between neighbours) and applied: that is the time reported.  Then, untimed, the map is dressed
as a designer would (four colour classes, victory values, capitals, the proposed lines accepted)
and saved.

``window``: the area editor opened on the file, in this process, as ``mapref MAP.toml`` opens it
(the window, then its fit view) and settled; then, each the median of ``--runs`` or more samples,
[wall ms, this process's CPU ms]:

- ``hover``: the pointer moved over the map at the fit view (select tool: status bar);
- ``zoom``: one wheel step about the cursor from the fit view, in and out;
- ``redraw``: what the canvas does a moment after the last zoom step;
- ``drag_step`` / ``release`` / ``undo``: at a working zoom (a location about 60 pixels wide), a
  vertex shared by three locations dragged: one motion step, the release that commits the move
  and redraws, and its undo;
- ``check``: the problems check (:func:`mapref.core.arealint.lint_area`);
- ``render``: the map as a PNG at the default size (:func:`mapref.render.area_png.render_area`).
"""

from __future__ import annotations
from itertools import count

import argparse
import dataclasses
import json
import math
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from generate_areas import land, points  # the coast and the points of bench/generate_areas.py
from gui_figures import timed  # one timing of a call, wall and CPU, for every bench figure


def med(samples: list[tuple[float, float]]) -> list[float]:
    return [statistics.median(w for w, _ in samples), statistics.median(c for _, c in samples)]


# ---------------------------------------------------------------------------- the map
def generate(n: int, out: Path) -> dict:
    from mapref.core.areaedit import accept_lines, generate_areas, suggest_lines
    from mapref.core.areamodel import AreaMap, ColourClass
    from mapref.io.areafile import save_area_map

    shape = land()
    m = AreaMap(name=f"{n} areas (benchmark)", land=shape)
    pts = points(shape, n)
    (t,) = timed(lambda: generate_areas(m, pts).do(m))
    m.colours = {
        "blue": ColourClass("Western Allies", "#9dbce0"),
        "red": ColourClass("Soviet", "#e08a80"),
        "gray": ColourClass("Axis", "#b4b4b4"),
        "tan": ColourClass("Neutral", "#e3d3a8"),
    }
    for i, (lid, loc) in enumerate(list(m.locations.items())):
        colour = ("blue", "red", "gray", "tan")[int(loc.label_point[0] // 750) % 4]
        m.locations[lid] = dataclasses.replace(loc, colour=colour, vp=(i % 7 == 0) * (1 + i % 3), capital=i % 40 == 0)
    if not any(ln.proposed for ln in m.lines.values()):  # a Generate that proposes no lines: suggest them
        suggest_lines(m).do(m)
    accept_lines(m, [k for k, ln in m.lines.items() if ln.proposed]).do(m)
    save_area_map(m, out)
    return {"generate": list(t), "locations": len(m.locations), "lines": len(m.lines)}


# ------------------------------------------------------------------------- the window
def window(path: Path, runs: int) -> dict:
    import tkinter as tk

    from mapref.core.areageom import rings_of
    from mapref.core.arealint import lint_area
    from mapref.render.area_png import render_area
    from mapref.ui.area_editor import AreaEditor

    res: dict = {}
    root = tk.Tk()
    t, c = time.perf_counter(), time.process_time()
    ed = AreaEditor(root, path, quiet=True)
    root.geometry("1400x900+0+0")
    root.update()
    ed.canvas.fit()  # what mapref MAP.toml does 50 ms after the window is made
    root.update()
    res["open"] = [(time.perf_counter() - t) * 1000, (time.process_time() - c) * 1000]
    cv, m = ed.canvas, ed.model
    res["items_at_fit"] = len(cv.find_all())

    hover_calls = count(1)  # numbers the calls, so that each hover differs from the last

    def hover():
        i = next(hover_calls)
        cv.event_generate("<Motion>", x=150 + (i * 37) % 900, y=100 + (i * 23) % 600)
        root.update_idletasks()

    ed.set_tool("select")
    res["hover"] = med(timed(hover, 10 * runs))

    zoom_calls = count(1)  # numbers the calls, so that each zoom differs from the last

    def zoom():
        i = next(zoom_calls)
        cv.zoom_at(1.25 if i % 2 else 0.8, 700, 450)
        root.update_idletasks()

    res["zoom"] = med(timed(zoom, 2 * runs))
    res["redraw"] = med(timed(lambda: (cv._settle(), root.update_idletasks()), max(1, runs // 2)))

    # a working zoom: a location about 60 pixels wide, on the middle of the map
    x0, y0, x1, y1 = m.bounds()
    cell = math.sqrt((x1 - x0) * (y1 - y0) / max(1, len(m.locations)))
    cv.zoom_at(60 / cell / cv.zoom, cv.winfo_width() / 2, cv.winfo_height() / 2)
    cv.centre_on(((x0 + x1) / 2, (y0 + y1) / 2))
    root.update()
    cv._settle()
    root.update()
    lid = cv.location_at(cv.winfo_width() // 2, cv.winfo_height() // 2)
    loc = m.locations[lid]
    ring = rings_of(loc.polygon)[0][1]
    shared = {}
    for other in m.locations.values():
        if other.id != lid and other.polygon.distance(loc.polygon) < 1e-6:
            for p in rings_of(other.polygon)[0][1]:
                shared[p] = shared.get(p, 0) + 1
    vx = max(ring, key=lambda p: (shared.get(p, 0), -abs(p[0] - loc.label_point[0])))
    ed.set_tool("vertex")
    x, y = cv.widget_xy(vx)
    steps, releases, undos = [], [], []
    for _k in range(runs):
        cv.event_generate("<Motion>", x=x, y=y)
        cv.event_generate("<ButtonPress-1>", x=x, y=y, button=1)
        root.update()
        for j in range(1, 4):
            steps += timed(
                lambda j=j: (
                    cv.event_generate("<B1-Motion>", x=x + j, y=y + j % 2, state=0x100),
                    root.update_idletasks(),
                )
            )
        releases += timed(
            lambda: (
                cv.event_generate("<ButtonRelease-1>", x=x + 3, y=y + 2, button=1, state=0x100),
                root.update_idletasks(),
            )
        )
        root.update()
        undos += timed(lambda: (ed.fire("undo"), root.update_idletasks()))
        root.update()
    res["drag_step"], res["release"], res["undo"] = med(steps), med(releases), med(undos)
    res["check"] = med(timed(lambda: lint_area(m), max(1, runs // 2)))
    res["render"] = med(timed(lambda: render_area(m), max(1, runs // 2)))
    root.destroy()
    return res


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="what", required=True)
    g = sub.add_parser("generate")
    g.add_argument("n", type=int)
    g.add_argument("out")
    w = sub.add_parser("window")
    w.add_argument("map")
    w.add_argument("--runs", type=int, default=5)
    a = ap.parse_args()
    res = generate(a.n, Path(a.out)) if a.what == "generate" else window(Path(a.map), a.runs)
    print(json.dumps(res))
    return 0


if __name__ == "__main__":
    sys.exit(main())
