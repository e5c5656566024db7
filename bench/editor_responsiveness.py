"""How quick the map editor stays on a 200x200 map (40,000 hexes).

Builds a 200x200 map (land and sea bands, two countries, names and production scattered),
opens the editor under the current DISPLAY and prints timings of what a designer does all the
time: hover (status bar + brush outline), paint (one drag step, radius 0 and 2, drawn to the
screen), one whole drag with undo, zoom about the cursor, fit, and the problems check.

    DISPLAY=:1 python bench/editor_responsiveness.py      (or: xvfb-run -a python bench/...)
"""

from __future__ import annotations
from itertools import count

import statistics
import sys
import time
import tkinter as tk
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mapref.core.grid import Grid
from mapref.core.lint import lint
from mapref.core.model import Country, MapModel, Sea
from mapref.ui.editor import Editor

N = 200


def build() -> MapModel:
    m = MapModel(Grid(rows=N, cols=N), name="200x200 benchmark", hex_size=30.0)
    m.countries["aa"] = Country("Aland", "#8ec1ea", "germany")
    m.countries["bb"] = Country("Bland", "#d9534f", "soviet")
    m.seas["s"] = Sea("Sea", "#a9c7e6")
    for h, d in m.hexes.items():
        if (h.col // 25) % 3 == 0:
            d.terrain, d.sea = "sea", "s"
        else:
            d.terrain, d.country = "land", "aa" if h.row < N // 2 else "bb"
            if (h.row * 7 + h.col * 3) % 41 == 0:
                d.production = 1 + (h.row + h.col) % 9
            if (h.row * 5 + h.col) % 97 == 0:
                d.name = f"Town {h.row}-{h.col}"
    return m


def ms(f, repeat=1):
    out = []
    for _ in range(repeat):
        t = time.perf_counter()
        f()
        out.append((time.perf_counter() - t) * 1000)
    return out


def line(name, samples):
    s = sorted(samples)
    print(f"{name:<44} median {statistics.median(s):8.1f} ms   max {s[-1]:8.1f} ms   (n={len(s)})")


def main() -> None:
    m = build()
    root = tk.Tk()
    t = time.perf_counter()
    ed = Editor(root, model=m, quiet=True)
    root.geometry("1400x900+0+0")
    root.update()
    print(f"{N}x{N} map, {N * N} hexes")
    print(
        f"{'open the editor (zoom 100%, labels drawn)':<44} {(time.perf_counter() - t) * 1000:8.0f} ms   items {len(ed.canvas.find_all())}"
    )
    c = ed.canvas
    ed.goto("CV100")
    root.update()

    hover_calls = count(1)  # numbers the calls, so that each hover differs from the last

    def hover():
        i = next(hover_calls)
        x, y = 200 + (i * 13) % 400, 200 + (i * 7) % 300
        c.event_generate("<Motion>", x=x, y=y)
        root.update_idletasks()

    ed.set_tool("select")
    line("hover (status bar + outline), select tool", ms(hover, 200))
    ed.set_tool("paint")
    ed.brush_radius.set(2)
    line("hover with a radius-2 brush outline", ms(hover, 200))

    for radius in (0, 2):
        ed.brush_radius.set(radius)
        ed.paint_attr.set("terrain")
        step_times = []
        y = 250
        x0 = 150
        c.event_generate("<Motion>", x=x0, y=y)
        c.event_generate("<ButtonPress-1>", x=x0, y=y, button=1)
        for k in range(1, 40):
            val = "coastal" if k % 2 else "land"
            ed.paint_values["terrain"].set(val)
            x = x0 + k * 12
            step_times += ms(
                lambda x=x, y=y: (c.event_generate("<B1-Motion>", x=x, y=y, state=0x100), root.update_idletasks())
            )
        c.event_generate("<ButtonRelease-1>", x=x, y=y, button=1, state=0x100)
        root.update()
        line(f"paint one drag step, brush radius {radius}", step_times)
    line("undo one whole drag", ms(lambda: (ed.fire("undo"), root.update_idletasks())))
    line("redo it", ms(lambda: (ed.fire("redo"), root.update_idletasks())))

    zooms = []
    for f in (1 / 1.25, 1 / 1.25, 1.25, 1.25, 1 / 1.25):
        zooms += ms(lambda f=f: (c.zoom_at(f, 400, 300), root.update_idletasks()))
    line("zoom about the cursor (wheel step)", zooms)
    line("fit (whole map, labels left out)", ms(lambda: (c.fit(), root.update_idletasks())))
    zooms = []
    for f in (1.25, 1.25, 1 / 1.25, 1 / 1.25):
        zooms += ms(lambda f=f: (c.zoom_at(f, 400, 300), root.update_idletasks()))
    line("zoom step when the whole map is in view", zooms)
    line("problems check (lint) of the whole map", ms(lambda: lint(m), 3))
    root.destroy()


if __name__ == "__main__":
    main()
