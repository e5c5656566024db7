"""bench/run on tiny maps, so the benchmarks cannot rot: every figure of the table is measured
for both hex maps and both area maps (the windows' too, under the tests' X display) and for the
command line's start, and scipy's and networkx's answers, when installed, agree with mapref's
(bench/run checks them); the run leaves nothing behind in the temporary folder.  No figure is
compared with a time."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

ROWS = [
    "load map + game",
    "full referee report",
    "supply for all sides from scratch",
    "scipy csgraph",
    "networkx",
    "supply after one move",
    "supply after one capture",
    "drag an army one hex in the window",
    "the whole drag",
    "refresh after it",
    "the drop to the window settled",
    "start to first frame",
    "start to settled",
    "paint one hex",
    "hover while the problems check runs",
    "zoom step",
    "memory, window with map and game",
    "render the map as PNG",
    "`mapref referee GAME --json`",
    "`mapref check MAP`",
    "reading the game's three files with tomllib",
    "referee / tomllib",
    # the area maps (small: the first, big: the second)
    "generate the areas from points",
    "area editor (`mapref MAP.toml`), start to settled",
    "hover at the fit view",
    "zoom step about the cursor",
    "vertex drag: the release",
    "undo the drag",
    "problems check (lint)",
    "render as PNG (default size)",
]
START = [
    "`python -c pass`",
    "`mapref --help`",
    "--help / python -c pass",
    "`mapref referee GAME --json` (the Hitler's War game",
    "referee / python -c pass",
]
# issue 34: the rich positions and the area maps' growth, a figure per size and an exponent
RICH = [
    "load map + game",
    "first report after loading",
    "report after a change: an army moved one hex",
    "report after a change: one hex changes hands",
    "drag in the window: the drop to the window settled",
    "`mapref GAME`, start to the window settled",
    "`mapref referee GAME --json`",
    "reading its three files with tomllib",
    "`mapref check MAP`",
]
GROWTH = [
    "`mapref check MAP`",
    "reading it with tomllib",
    "`mapref MAP.toml`, start to settled, problems check included",
]
TARGETS = [
    "report after a change (a move)",
    "report after a change (a capture)",
    "drop to the window settled",
    "window open to settled",
    "reading its three files with tomllib",
    "growth of the report after a change",
    "real map: `mapref referee GAME --json` / `python -c pass`",
    "`mapref check` / a tomllib read",
    "editor open to settled, background check included",
]


@pytest.mark.slow  # the whole benchmark, windows and processes included, at its smallest: 10 s (docs/testing.md)
def test_bench_run_tiny(tmp_path):
    out = tmp_path / "table.md"
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    r = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "run"), "--tiny", "--out", str(out)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=600,
        env={**os.environ, "PYTHONPATH": str(ROOT), "TMPDIR": str(scratch)},
    )
    assert r.returncode == 0, r.stdout + r.stderr
    assert list(scratch.iterdir()) == []  # no mapref-bench-state-* folders left behind
    table = out.read_text()
    assert "Hitler's War map" in table and "16x16 hexes" in table
    for row in ROWS:
        line = next((x for x in table.splitlines() if row in x), None)
        assert line is not None, f"no row {row!r} in\n{table}"
        cells = [c.strip() for c in line.strip("|").split("|")]
        if "scipy" in row or "networkx" in row:
            continue  # n/a where the bench extra is not installed (networkx: land only, and the big game has fleets at sea)
        assert "n/a" not in cells[2] and "n/a" not in cells[4], line
    for row in START:  # the command line's start: one figure
        line = next((x for x in table.splitlines() if row in x), None)
        assert line is not None and "n/a" not in line, f"no row {row!r} in\n{table}"
    rich = table[table.index("**Rich positions") : table.index("**Area maps")]
    growth = table[table.index("**Area maps") : table.index("| target (issue 34)")]
    for part, rows in ((rich, RICH), (growth, GROWTH)):
        for row in rows:
            line = next((x for x in part.splitlines() if row in x), None)
            assert line is not None, f"no row {row!r} in\n{part}"
            cells = [c.strip() for c in line.strip("|").split("|")]
            assert len(cells) == 4 and "n/a" not in line and cells[3], line  # two sizes and the exponent
    targets = table[table.index("| target (issue 34)") :]
    for row in TARGETS:  # each target with its measure and whether it holds (not whether it holds here)
        line = next((x for x in targets.splitlines() if row in x), None)
        assert line is not None and "n/a" not in line, f"no target {row!r} in\n{targets}"
        assert line.rstrip(" |").endswith(("yes", "NO")), line
