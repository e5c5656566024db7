"""The replay of a long game on a phone (issue 35): the page's size and the time to step.

    python bench/replay_step.py [--actions 300] [--throttle 4] [--steps 60]

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
"""

from __future__ import annotations

import argparse
import gzip
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
  const t0 = performance.now();
  document.dispatchEvent(new KeyboardEvent("keydown", {key, bubbles: true}));
  requestAnimationFrame(() => setTimeout(() => done(performance.now() - t0), 0));
})"""


def measure(args) -> int:
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
        return 1
    raw = page.read_bytes()
    print(f"game: {len(s.log)} actions of War for Europe ({s.position().get('title', '')})")
    print(
        f"export-html: {took:.1f} s wall; page {len(raw) / 1024:.0f} KB, gzipped {len(gzip.compress(raw)) / 1024:.0f} KB"
    )
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
        b.close()
    print(f"Chromium, phone size, CPU slowed {args.throttle}x: page open {opened:.1f} s")

    def line(name: str, xs: list[float]) -> str:
        xs = sorted(xs)
        return f"| {name} | {statistics.median(xs):.1f} ms | {xs[max(0, int(len(xs) * 0.95) - 1)]:.1f} ms | {xs[-1]:.1f} ms |"

    print("| step | median | p95 | worst |\n|---|---|---|---|")
    print(line(f"one back (x{args.steps})", back))
    print(line(f"one on (x{args.steps})", fwd))
    print(f"| Home (to the opening position) | {home:.1f} ms | | |")
    print(f"| End (to the last position) | {end:.1f} ms | | |")
    worst = max(max(back), max(fwd))
    ok = at == len(s.log) and worst < 50
    print(f"\nthe worst step {worst:.1f} ms: {'under' if worst < 50 else 'OVER'} the 50 ms target")
    return 0 if ok else 1


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--actions", type=int, default=300)
    ap.add_argument("--throttle", type=float, default=4)
    ap.add_argument("--steps", type=int, default=60)
    ap.add_argument("--seed", type=int, default=7)
    return measure(ap.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
