"""The window figures of bench/run, measured in a process of their own under the current DISPLAY.

    python bench/gui_figures.py GAME.toml MAP.toml [--runs N] [--game-only]

Prints one JSON object: each time is [wall ms, this process's CPU ms] (the X server's drawing is
the server's CPU, not counted), memory in MB:

- ``window_ms``: the referee's window made and drawn for the game, in this process;
- ``rss_mb``: the process's resident memory with that window open (map and game loaded);
- ``drop_ms``: an army dragged one hex is dropped: the rules check the move, the session applies
  it, the window redraws (back and forth); ``drag_ms``: the whole drag (press, move, drop, each
  drawn); ``after_drag_ms``: what the window does next, before the
  next event (on a big map: the report and panels, left for just after the drag's frame);
  ``drop_settled_ms``: from the drop to the window settled, the report and panels drawn (what
  the user waits for);
- ``game_hover_ms``: the pointer moved over the map of the referee's window;
- ``paint_ms``, ``hover_ms``, ``hover_check_ms``, ``zoom_ms``: the map editor on MAP: one drag
  step of a radius-0 brush, the pointer moved (select tool), the pointer moved while the
  problems check runs, one wheel step of zoom about the cursor.

Each figure is the median of its samples; ``*_max`` the slowest by the wall clock.
"""

from __future__ import annotations
from itertools import count

import argparse
import gc
import json
import statistics
import sys
import threading
import time
import tkinter as tk
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def timed(f, n: int = 1) -> list[tuple[float, float]]:
    """(wall ms, this process's CPU ms) of each of ``n`` calls of ``f``."""
    out = []
    for _ in range(n):
        t, c = time.perf_counter(), time.process_time()
        f()
        out.append(((time.perf_counter() - t) * 1000, (time.process_time() - c) * 1000))
    return out


def put(res: dict, name: str, samples: list[tuple[float, float]]) -> None:
    """The median wall and CPU times of ``samples`` as ``res[name]`` ([wall, cpu]); the slowest wall
    time as ``name + "_max"``, the least of each as ``name + "_least"``."""
    res[name] = [statistics.median(w for w, _ in samples), statistics.median(c for _, c in samples)]
    res[name + "_max"] = max(w for w, _ in samples)
    res[name + "_least"] = [min(w for w, _ in samples), min(c for _, c in samples)]


def window_xy(canvas, x: float, y: float) -> tuple[int, int]:
    """Event coordinates of a canvas point (the canvas may be scrolled)."""
    return int(round(x - canvas.canvasx(0))), int(round(y - canvas.canvasy(0)))


def game_figures(game: Path, runs: int, res: dict) -> None:
    from mapref.ui.referee import RefereeWindow, load_for_play

    root = tk.Tk()
    t, cpu = time.perf_counter(), time.process_time()
    session = load_for_play(game)
    w = RefereeWindow(root, session, quiet=True)
    root.update()
    res["window_ms"] = [(time.perf_counter() - t) * 1000, (time.process_time() - cpu) * 1000]
    res["rss_mb"] = rss_mb()
    st, board = session.state, session.board
    g = board.graph()
    cx = session.ruleset.context(session.game)
    taken = {a.at for a in st.armies}
    move = None
    for a in st.armies:
        if a.side != st.side or board.space(a.at) is None or board.space(a.at).is_box:
            continue
        for n in g.neighbours(a.at, {"land"}):
            if cx.control.get(n) == a.side and n not in taken:
                move = (a.name, a.at, n)
                break
        if move:
            break
    c = w.canvas
    if move is not None:
        name, frm, to = move
        if not frm.startswith("box:"):
            c.centre_on(session.map.grid.parse(frm))
        root.update()
        spots = [frm, to]

        drops: list[tuple[float, float]] = []
        released: list[tuple[float, float]] = []  # (wall, CPU) at each drop

        drag_calls = count(0)  # numbers the calls, so that each drag differs from the last

        def drag():
            i = next(drag_calls)
            a, b = spots[i % 2], spots[(i + 1) % 2]
            xa, ya = window_xy(c, *c.space_xy(a))
            xb, yb = window_xy(c, *c.space_xy(b))
            c.event_generate("<ButtonPress-1>", x=xa, y=ya, button=1)
            root.update_idletasks()
            c.event_generate("<B1-Motion>", x=(xa + xb) // 2, y=(ya + yb) // 2, state=0x100)
            root.update_idletasks()
            t = time.perf_counter()
            released.append((t, time.process_time()))
            c.event_generate("<ButtonRelease-1>", x=xb, y=yb, button=1, state=0x100)
            root.update_idletasks()
            drops.append(((time.perf_counter() - t) * 1000, (time.process_time() - released[-1][1]) * 1000))

        def settle():
            """What the window does after the drag's frame, before the next event (a big map's
            window refreshes its report and panels then; the reach fills in while dragging): every
            event and timer, until none is left."""
            deadline = time.perf_counter() + 60
            root.update()
            while root.tk.call("after", "info") and time.perf_counter() < deadline:
                root.update()

        drag()  # the first drag builds what later ones reuse
        settle()
        drops.clear()
        samples, after, settled = [], [], []
        for _ in range(runs):
            samples += timed(drag, 1)
            after += timed(settle, 1)
            t, cpu = released[-1]
            settled.append(((time.perf_counter() - t) * 1000, (time.process_time() - cpu) * 1000))
        moved = st.army(name) is not None and st.army(name).at in spots
        res["drag_ok"] = bool(moved)
        put(res, "drag_ms", samples)
        put(res, "drop_ms", drops)
        put(res, "after_drag_ms", after)
        put(res, "drop_settled_ms", settled)

    hover_calls = count(1)  # numbers the calls, so that each hover differs from the last

    def hover():
        i = next(hover_calls)
        c.event_generate("<Motion>", x=200 + (i * 13) % 400, y=200 + (i * 7) % 300)
        root.update_idletasks()

    put(res, "game_hover_ms", timed(hover, 4 * runs))
    root.destroy()
    gc.collect()  # the window's Tk objects go here, not in the editor's worker thread (Tk forbids it)


def editor_figures(map_path: Path, runs: int, res: dict) -> None:
    from mapref.io.mapfile import load_map
    from mapref.ui.editor import Editor

    m = load_map(map_path)
    root = tk.Tk()
    ed = Editor(root, model=m, quiet=True)
    root.geometry("1400x900+0+0")
    root.update()
    c = ed.canvas

    hover_calls = count(1)  # numbers the calls, so that each hover differs from the last

    def hover():
        i = next(hover_calls)
        c.event_generate("<Motion>", x=200 + (i * 13) % 400, y=200 + (i * 7) % 300)
        root.update_idletasks()

    ed.set_tool("select")
    put(res, "hover_ms", timed(hover, 4 * runs))
    # hover while the problems check runs (the editor checks big maps in a worker thread)
    samples: list[tuple[float, float]] = []
    for _ in range(3):
        before = threading.active_count()
        ed.problems.run_in_background()
        deadline = time.perf_counter() + 20
        while threading.active_count() > before and time.perf_counter() < deadline:
            samples += timed(hover, 1)
        root.update()
    if threading.active_count() == 1 and not samples:  # a small map is checked at once
        ed.problems.run()
        samples = timed(hover, runs)
    put(res, "hover_check_ms", samples or [(float("nan"), float("nan"))])

    ed.set_tool("paint")
    ed.brush_radius.set(0)
    ed.paint_attr.set("terrain")
    y, x0 = 250, 150
    c.event_generate("<Motion>", x=x0, y=y)
    c.event_generate("<ButtonPress-1>", x=x0, y=y, button=1)
    steps = []
    for k in range(1, 2 * runs + 1):
        ed.paint_values["terrain"].set("coastal" if k % 2 else "land")
        x = x0 + k * 12
        steps += timed(lambda x=x: (c.event_generate("<B1-Motion>", x=x, y=y, state=0x100), root.update_idletasks()), 1)
    c.event_generate("<ButtonRelease-1>", x=x, y=y, button=1, state=0x100)
    root.update()
    put(res, "paint_ms", steps)
    zooms = []
    for f in [1 / 1.25, 1.25] * max(2, runs // 2):
        zooms += timed(lambda f=f: (c.zoom_at(f, 400, 300), root.update_idletasks()), 1)
    put(res, "zoom_ms", zooms)
    deadline = time.perf_counter() + 30
    while threading.active_count() > 1 and time.perf_counter() < deadline:  # a problems check still running
        root.update()
        time.sleep(0.02)
    root.destroy()
    gc.collect()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game")
    ap.add_argument("map")
    ap.add_argument("--runs", type=int, default=9)
    ap.add_argument("--game-only", action="store_true", help="the referee's window only (no map editor)")
    a = ap.parse_args()
    res: dict = {}
    game_figures(Path(a.game), a.runs, res)
    # the game window's Tk objects are freed here, in the main thread: collected later in the
    # editor's worker thread (the problems check) they would stop the process (Tcl forbids it)
    gc.collect()
    if not a.game_only:
        editor_figures(Path(a.map), a.runs, res)
    print(json.dumps(res))
    return 0


if __name__ == "__main__":
    sys.exit(main())
