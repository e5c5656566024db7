"""How long the referee takes on a big game: `mapref move --check` and the referee's report.

    python bench/engine.py [--rows 200 --cols 200 --armies 600] [--before REV] [--runs 3]

Generates the map and game with bench/big_game.py (reproducible), then times, as a user runs
them (a whole `python -m mapref` process each, median of --runs):

- `mapref move GAME FROM TO --check`: one army one hex, checked, not applied;
- `mapref referee GAME --json`: the whole referee report;

for this checkout and, with --before REV (default: cd880ad, the last commit before the engine
issue), for that revision checked out in a temporary git worktree, so both are measured in the
same run on the same machine.  It also prints the in-process time of the report for this
checkout (no interpreter start-up).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run_cli(tree: Path, args: list[str], runs: int) -> tuple[float, str]:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    times, out = [], ""
    for _ in range(runs):
        t = time.perf_counter()
        r = subprocess.run([sys.executable, "-m", "mapref", *args], capture_output=True, text=True, env=env, cwd=tree)
        times.append(time.perf_counter() - t)
        out = r.stdout + r.stderr
        if r.returncode not in (0, 1):
            raise SystemExit(f"{tree}: mapref {' '.join(args)} failed:\n{out}")
    return statistics.median(times), out


def pick_move(game: Path) -> tuple[str, str]:
    """The first Axis army and an empty friendly land hex beside it."""
    sys.path.insert(0, str(ROOT))
    import tomllib

    from mapref.io.mapfile import load_map

    g = tomllib.loads(game.read_text())
    m = load_map(game.parent / g["map"])
    taken = {a["at"] for a in g["armies"].values()}
    for a in g["armies"].values():
        if a["side"] != "axis":
            continue
        h = m.grid.parse(a["at"])
        for n in m.grid.neighbours(h):
            d = m.hexes[n]
            if d.terrain == "land" and d.country and d.country.startswith("w") and m.grid.label(n) not in taken:
                return a["at"], m.grid.label(n)
    raise SystemExit("no army with an empty friendly neighbour")


def in_process_report(game: Path, runs: int) -> float:
    sys.path.insert(0, str(ROOT))
    from mapref.rules.session import open_game

    times = []
    for _ in range(runs):
        s = open_game(game)
        t = time.perf_counter()
        s.report()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rows", type=int, default=200)
    ap.add_argument("--cols", type=int, default=200)
    ap.add_argument("--armies", type=int, default=600)
    ap.add_argument("--before", default="cd880ad", help="a revision to compare with ('' for none)")
    ap.add_argument("--runs", type=int, default=3)
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "game"
        subprocess.run(
            [
                sys.executable,
                str(ROOT / "bench" / "big_game.py"),
                str(out),
                "--rows",
                str(a.rows),
                "--cols",
                str(a.cols),
                "--armies",
                str(a.armies),
            ],
            check=True,
            cwd=ROOT,
        )
        game = out / "big_game.toml"
        frm, to = pick_move(game)
        trees = [("this checkout", ROOT)]
        if a.before:
            old = Path(tmp) / "before"
            subprocess.run(
                ["git", "-C", str(ROOT), "worktree", "add", "-q", "--detach", str(old), a.before], check=True
            )
            trees.insert(0, (f"before ({a.before})", old))
        try:
            print(f"{a.rows}x{a.cols} map, {a.armies} armies; move {frm} -> {to}; median of {a.runs}")
            print(f"{'tree':24} {'move --check':>14} {'referee --json':>16}")
            for name, tree in trees:
                mv, out_mv = run_cli(tree, ["move", str(game), frm, to, "--check"], a.runs)
                rf, out_rf = run_cli(tree, ["referee", str(game), "--json"], a.runs)
                try:
                    json.loads(out_rf[: out_rf.rindex("}") + 1])
                except ValueError:
                    raise SystemExit(f"{name}: the report is not JSON:\n{out_rf[-500:]}") from None
                print(f"{name:24} {mv:13.2f}s {rf:15.2f}s")
            print(f"{'report in process':24} {'':14} {in_process_report(game, a.runs):15.3f}s")
        finally:
            if a.before:
                subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(old)], check=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
