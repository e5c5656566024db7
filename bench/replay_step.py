"""The replay of a long game on a phone (issue 35): the page's size and the time to step.

    python bench/replay_step.py [--actions 300] [--throttle 4] [--steps 60] [--page PAGE.html]

A game of War for Europe is played to ``--actions`` actions (bench/long_game.py) and exported
with its replay (``mapref export-html``: the time and the page's size, as is and gzipped, are
printed).  The page is opened in the system's Chromium at a phone's size (390 x 844, touch) with
the CPU slowed ``--throttle`` times through the DevTools protocol
(``Emulation.setCPUThrottlingRate``, a mid-range phone's speed at 4), and the arrow keys step
back ``--steps`` actions from the last position and forward again.  A step is timed from the key
to the next frame painted (the page's script, then the style, layout and paint it causes:
``performance.now()`` at the key, then after the next animation frame and the task after it);
the jumps (Home, End) likewise.  Printed: the median, the 95th percentile and the worst step,
each way, and the jumps.  The target: a step under 50 ms.

A step's wall time counts the wait for the next frame (up to 16.7 ms) and, on a busy machine, the
time the browser waits for a core.  So each step's own work is also read from Chromium's trace:
the main thread's CPU time (thread time) of the step's script, style, layout, paint and
layerizing, the same steps again, the second time traced (a figure the machine's load does not
change).  ``--page`` steps through a page exported before (its game is not played again).
"""

from __future__ import annotations

import argparse
import gzip
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from long_game import play

# a key pressed, and the time until the frame after it is painted
TIMED = """(key) => new Promise(done => {
  performance.mark("step");
  const t0 = performance.now();
  document.dispatchEvent(new KeyboardEvent("keydown", {key, bubbles: true}));
  requestAnimationFrame(() => setTimeout(() => done(performance.now() - t0), 0));
})"""


# the main thread's work a step causes, as Chromium's trace names it
WORK = (
    "EventDispatch",
    "FunctionCall",
    "TimerFire",
    "UpdateLayoutTree",
    "Layout",
    "PrePaint",
    "Paint",
    "Layerize",
    "Commit",
)


def exported(args) -> tuple[Path, int] | None:
    """The game played and exported (or the page given): (the page, its game's actions)."""
    if args.page:
        return Path(args.page).resolve(), args.actions
    work = Path(tempfile.mkdtemp(prefix="mapref-replay-"))
    game, page = work / "g.toml", work / "g.html"
    s = play(ROOT / "scenarios" / "war_for_europe.toml", args.actions, args.seed)
    s.save(game)
    t = time.perf_counter()
    r = subprocess.run(
        [sys.executable, "-m", "mapref", "export-html", str(game), "-o", str(page)],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    took = time.perf_counter() - t
    if r.returncode:
        print(r.stderr)
        return None
    print(f"game: {len(s.log)} actions of War for Europe ({s.position().get('title', '')})")
    print(f"export-html: {took:.1f} s wall")
    return page, len(s.log)


def cpu_per_step(trace: bytes, steps: int) -> list[float]:
    """Each step's main-thread CPU time (ms) from a trace of ``steps`` steps, each begun with the
    user-timing mark ``step``: the thread time of the work (:data:`WORK`) between two marks."""
    events = json.loads(trace)["traceEvents"]
    marks = sorted(e["ts"] for e in events if e.get("name") == "step" and e.get("ph") in ("R", "I", "n", "b"))
    if len(marks) != steps:
        return []
    out = [0.0] * steps
    for e in events:
        if e.get("ph") == "X" and e.get("name") in WORK and e.get("tdur") and e["ts"] >= marks[0]:
            i = sum(1 for m in marks if m <= e["ts"]) - 1
            out[i] += e["tdur"] / 1000
    return out


def measure(args) -> int:
    got = exported(args)
    if got is None:
        return 1
    page, actions = got
    raw = page.read_bytes()
    print(f"page {len(raw) / 1024:.0f} KB, gzipped {len(gzip.compress(raw)) / 1024:.0f} KB")
    from playwright.sync_api import sync_playwright

    from tests.render.conftest import FLAGS, chromium_path

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=chromium_path(), args=FLAGS, headless=True)
        ctx = b.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
        tab = ctx.new_page()
        cdp = ctx.new_cdp_session(tab)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": args.throttle})
        t = time.perf_counter()
        tab.goto(page.as_uri())
        tab.wait_for_function("window.mapref && window.mapref.replay")
        opened = time.perf_counter() - t
        back = [tab.evaluate(TIMED, "ArrowLeft") for _ in range(args.steps)]
        fwd = [tab.evaluate(TIMED, "ArrowRight") for _ in range(args.steps)]
        home = tab.evaluate(TIMED, "Home")
        end = tab.evaluate(TIMED, "End")
        at = tab.evaluate("mapref.replay.at()")
        b.start_tracing(page=tab, categories=["devtools.timeline", "blink.user_timing"])
        for key in ("ArrowLeft", "ArrowRight"):
            for _ in range(args.steps):
                tab.evaluate(TIMED, key)
        cpu = cpu_per_step(b.stop_tracing(), 2 * args.steps)
        b.close()
    print(f"Chromium, phone size, CPU slowed {args.throttle}x: page open {opened:.1f} s")

    def p95(xs: list[float]) -> float:
        return sorted(xs)[max(0, int(len(xs) * 0.95) - 1)]

    def line(name: str, xs: list[float]) -> str:
        return f"| {name} | {statistics.median(xs):.1f} ms | {p95(xs):.1f} ms | {max(xs):.1f} ms |"

    print("| step | median | p95 | worst |\n|---|---|---|---|")
    print(line(f"one back (x{args.steps})", back))
    print(line(f"one on (x{args.steps})", fwd))
    if cpu:
        print(line(f"a step's main-thread CPU (x{len(cpu)}, traced)", cpu))
    print(f"| Home (to the opening position) | {home:.1f} ms | | |")
    print(f"| End (to the last position) | {end:.1f} ms | | |")
    wall = p95(back + fwd)
    ok = at == actions and wall < 50
    print(f"\na step's p95 {wall:.1f} ms: {'under' if wall < 50 else 'OVER'} the 50 ms target", end="")
    print(f" (its CPU's p95 {p95(cpu):.1f} ms)" if cpu else "")
    return 0 if ok else 1


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--actions", type=int, default=300)
    ap.add_argument("--throttle", type=float, default=4)
    ap.add_argument("--steps", type=int, default=60)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--page", help="a page exported before, of a game of --actions actions (none played)")
    return measure(ap.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
