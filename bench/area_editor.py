"""How quick the area editor stays on a 300-location map.

Builds a reproducible map (seed 10): a wavy coast cut into 300 areas around random cities
(Voronoi, as the Generate tool does), a quarter of them split into halves, four colour classes,
victory values, a land line between every two neighbours and a few naval lines.  Opens the
editor under the current DISPLAY and prints timings of what a designer does all the time: hover
(status bar + tool marks), drag a shared vertex (one motion step with the live outline, then the
release that commits it), zoom about the cursor, undo, and the problems check.

    DISPLAY=:1 python bench/area_editor.py      (or: xvfb-run -a python bench/area_editor.py)
"""

from __future__ import annotations
from itertools import count

import math
import random
import statistics
import sys
import time
import tkinter as tk
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from shapely.geometry import Polygon

from mapref.core.areaedit import accept_lines, add_line, generate_areas, split_location, suggest_lines
from mapref.core.areageom import rings_of
from mapref.core.arealint import lint_area
from mapref.core.areamodel import AreaMap, ColourClass
from mapref.ui.area_editor import AreaEditor

N = 300
SEED = 10


def build() -> AreaMap:
    rng = random.Random(SEED)
    coast = []
    for i in range(160):
        a = 2 * math.pi * i / 160
        r = 1.0 + 0.08 * math.sin(7 * a) + 0.05 * math.sin(19 * a + 1)
        coast.append((1500 + 1400 * r * math.cos(a), 1000 + 900 * r * math.sin(a)))
    land = Polygon(coast)
    m = AreaMap(name="300 areas (benchmark)", land=land)
    m.colours = {
        "blue": ColourClass("Western Allies", "#9dbce0"),
        "red": ColourClass("Soviet", "#e08a80"),
        "gray": ColourClass("Axis", "#b4b4b4"),
        "tan": ColourClass("Neutral", "#e3d3a8"),
    }
    pts = []
    while len(pts) < N:
        p = (rng.uniform(200, 2800), rng.uniform(150, 1850))
        if land.buffer(-40).contains(Polygon([p, (p[0] + 1, p[1]), (p[0], p[1] + 1)])):
            pts.append((round(p[0], 2), round(p[1], 2)))
    generate_areas(m, pts).do(m)
    import dataclasses

    import shapely

    from mapref.core.areageom import round_geom

    for lid, loc in list(m.locations.items()):  # borders of 20-30 vertices, as on a traced map
        m.locations[lid] = dataclasses.replace(loc, polygon=round_geom(shapely.segmentize(loc.polygon, 22)))

    for i, (lid, loc) in enumerate(list(m.locations.items())):
        colour = ("blue", "red", "gray", "tan")[int(loc.label_point[0] // 750) % 4]
        m.locations[lid] = dataclasses.replace(loc, colour=colour, vp=(i % 7 == 0) * (1 + i % 3), capital=i % 40 == 0)
    for lid in list(m.locations)[::4]:
        loc = m.locations[lid]
        x0, y0, x1, y1 = loc.polygon.bounds
        cx = (x0 + x1) / 2
        split_location(m, lid, [(cx, y1 + 5), (cx, y0 - 5)]).do(m)
    suggest_lines(m).do(m)
    accept_lines(m, list(m.lines)).do(m)
    ids = list(m.locations)
    for i in range(20):
        a, b = ids[rng.randrange(N)], ids[rng.randrange(N)]
        if a != b:
            sa, sb = m.locations[a].spaces()[0], m.locations[b].spaces()[-1]
            add_line(m, sa, sb, kind="naval", oneway=i % 3 == 0, defence_b=i % 4).do(m)
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
    print(f"{name:<52} median {statistics.median(s):8.1f} ms   max {s[-1]:8.1f} ms   (n={len(s)})")


def main() -> None:
    t = time.perf_counter()
    m = build()
    print(
        f"{len(m.locations)} locations ({sum(1 for x in m.locations.values() if x.has_halves)} split), {len(m.lines)} move lines, "
        f"{sum(len(r) for x in m.locations.values() for _, r in rings_of(x.polygon))} vertices; built in "
        f"{(time.perf_counter() - t) * 1000:.0f} ms"
    )
    root = tk.Tk()
    t = time.perf_counter()
    ed = AreaEditor(root, model=m, quiet=True)
    root.geometry("1400x900+0+0")
    root.update()
    ed.canvas.fit()
    root.update()
    print(
        f"{'open the editor and fit the map':<52} {(time.perf_counter() - t) * 1000:8.0f} ms   items {len(ed.canvas.find_all())}"
    )
    c = ed.canvas

    hover_calls = count(1)  # numbers the calls, so that each hover differs from the last

    def hover():
        i = next(hover_calls)
        x, y = 150 + (i * 37) % 700, 100 + (i * 23) % 500
        c.event_generate("<Motion>", x=x, y=y)
        root.update_idletasks()

    for tool in ("select", "draw", "vertex", "line"):
        ed.set_tool(tool)
        line(f"hover, {tool} tool", ms(hover, 100))

    # a vertex shared by three locations, near the middle of the window
    centre = m.locations[c.location_at(c.winfo_width() // 2, c.winfo_height() // 2)]
    vx = max(rings_of(centre.polygon)[0][1], key=lambda p: -abs(p[0] - centre.label_point[0]))
    ed.set_tool("vertex")
    x, y = c.widget_xy(vx)
    c.event_generate("<Motion>", x=x, y=y)
    c.event_generate("<ButtonPress-1>", x=x, y=y, button=1)
    root.update()

    step_calls = count(1)  # numbers the calls, so that each step differs from the last

    def step():
        i = next(step_calls)
        c.event_generate("<B1-Motion>", x=x + i % 9, y=y + i % 7, state=0x100)
        root.update_idletasks()

    line("drag a shared vertex: one motion step", ms(step, 60))
    line(
        "release: commit the move and redraw",
        ms(
            lambda: (
                c.event_generate("<ButtonRelease-1>", x=x + 5, y=y + 4, button=1, state=0x100),
                root.update_idletasks(),
            )
        ),
    )
    line("undo the move", ms(lambda: (ed.fire("undo"), root.update_idletasks())))
    line("redo the move", ms(lambda: (ed.fire("redo"), root.update_idletasks())))

    zoom_calls = count(1)  # numbers the calls, so that each zoom differs from the last

    def zoom():
        i = next(zoom_calls)
        c.zoom_at(1.25 if i % 2 else 0.8, 500, 350)
        root.update_idletasks()

    line("zoom about the cursor (in, out)", ms(zoom, 10))
    line("the full redraw a moment after the last zoom step", ms(lambda: (c._settle(), root.update_idletasks()), 3))
    line("problems check (lint_area, in a worker thread in the editor)", ms(lambda: lint_area(m), 3))
    line("fit", ms(lambda: (c.fit(), root.update_idletasks()), 3))
    root.destroy()


if __name__ == "__main__":
    main()
