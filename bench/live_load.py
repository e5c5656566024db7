"""The table's live page under load (issue 35): pages on loopback follow a game played on.

    python bench/live_load.py [--clients 50] [--browsers 5] [--actions 100] [--pace 0.3] [--timeout 600]

A game of War for Europe is played to 20 actions (bench/long_game.py) and saved, and ``mapref
serve GAME.toml`` runs in a process of its own, as a referee runs it.  ``--clients`` pages follow
it: ``--browsers`` of them real tabs of the system's Chromium (the page and its script, as a phone
has it), the others light clients that read the same events stream and keep what the page's
script keeps (the table of chunks, the steps between positions, the log), applying each update as
it does.  Then ``--actions`` more actions are played, one every ``--pace`` seconds, each saved to
the file as ``mapref VERB GAME.toml`` saves it; the server sees the file change and every page
follows.

Checked: every client sees every action (an update whose log ends with it), none missed, each
update applies to the version the client has, and each ends with the very chunks a page that
connects afresh at the end is given; every browser tab ends at the last position with the whole
log and no error.  Printed: the time from each save to each client's having it (median, 95th
percentile, worst), the bytes an update carried, the server's CPU time.  Exits 1 when a check
fails or the run takes longer than ``--timeout`` seconds.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from long_game import Player, play

from mapref.rules.session import open_game


class Client(threading.Thread):
    """A light page: reads the events stream and keeps what the page's script keeps."""

    def __init__(self, address: str, version: int | None, boot: str, name: str) -> None:
        super().__init__(name=name, daemon=True)
        self.url = urlsplit(address)
        self.version, self.boot = version, boot
        self.table: dict[int, str] = {}
        self.first: dict | None = None
        self.steps: list = []
        self.log: list = []
        self.seen: list[tuple[float, int, int]] = []  # (when, version, log length)
        self.bytes: list[int] = []
        self.errors: list[str] = []
        self.stop = threading.Event()

    def run(self) -> None:
        try:
            conn = http.client.HTTPConnection(self.url.hostname, self.url.port, timeout=30)
            have = "" if self.version is None else self.version
            conn.request("GET", f"{self.url.path}events?have={have}&boot={self.boot}")
            r = conn.getresponse()
            if r.status != 200:
                self.errors.append(f"events: HTTP {r.status}")
                return
            event, data = "", ""
            while not self.stop.is_set():
                line = r.readline()
                if not line:
                    self.errors.append("the stream ended")
                    return
                line = line.decode("utf-8").rstrip("\n")
                if line.startswith("event: "):
                    event = line[7:]
                elif line.startswith("data: "):
                    data = line[6:]
                elif not line and event:
                    if event == "update":
                        self.apply(json.loads(data), len(data))
                    elif event in ("closed", "reload"):
                        return
                    event, data = "", ""
        except Exception as e:  # said in the report
            if not self.stop.is_set():
                self.errors.append(f"{type(e).__name__}: {e}")

    def apply(self, u: dict, size: int) -> None:
        if u.get("from") != self.version and "first" not in u:
            self.errors.append(f"an update from version {u.get('from')} for a client at {self.version}")
        for i, c in enumerate(u["table"]):
            self.table[u["at_table"] + i] = c
        if "first" in u:
            self.first, self.steps = u["first"], list(u["steps"])
        else:
            self.steps = self.steps[: u["keep"] - 1] + u["steps"]
        self.log = self.log[: u["log_keep"]] + u["log"]
        self.version = u["version"]
        self.bytes.append(size)
        self.seen.append((time.time(), u["version"], len(self.log)))

    def last_frame(self, first: dict | None = None, steps: list | None = None) -> dict:
        """The chunks of the last position, worked out as the page works them out."""
        out = {p: list(ids) for p, ids in (first or self.first or {}).items()}
        for step in steps if steps is not None else self.steps:
            for part, ops in step.items():
                lst = out.setdefault(part, [])
                for i1, _j1, old, new in reversed(ops):
                    lst[i1 : i1 + len(old)] = new
        return {p: [self.table.get(i) for i in ids] for p, ids in out.items()}


def boot_of(address: str) -> str:
    u = urlsplit(address)
    conn = http.client.HTTPConnection(u.hostname, u.port, timeout=60)
    conn.request("GET", u.path)
    text = conn.getresponse().read().decode("utf-8")
    return text.split('var R = window.mapref.replay, boot = "', 1)[1].split('"', 1)[0]


def browsers(address: str, n: int):
    """``n`` tabs of the system's Chromium on the page, each recording when it has each version."""
    from playwright.sync_api import sync_playwright

    from tests.render.conftest import FLAGS, chromium_path

    pw = sync_playwright().start()
    b = pw.chromium.launch(executable_path=chromium_path(), args=FLAGS, headless=True)
    tabs = []
    for _ in range(n):
        ctx = b.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
        tab = ctx.new_page()
        errors: list[str] = []
        tab.on("pageerror", lambda e, errors=errors: errors.append(str(e)))
        tab.goto(address)
        tab.wait_for_function("window.mapref && window.mapref.replay && window.mapref.live")
        tab.evaluate(
            """() => { const R = window.mapref.replay, update = R.update; window.__seen = [];
              R.update = function (u) { update(u); window.__seen.push([Date.now() / 1000, R.version(), R.lines().length]); }; }"""
        )
        tabs.append((tab, errors))
    return pw, b, tabs


def measure(args) -> int:
    work = Path(tempfile.mkdtemp(prefix="mapref-live-"))
    game = work / "g.toml"
    s = play(ROOT / "scenarios" / "war_for_europe.toml", 20, args.seed)
    s.save(game)
    t0 = time.time()
    serve = subprocess.Popen(
        [sys.executable, "-m", "mapref", "serve", str(game)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    problems: list[str] = []
    try:
        address = serve.stdout.readline().strip()
        assert address.startswith("http://127.0.0.1:"), address
        boot = boot_of(address)
        # each light client starts from nothing: its first update is the whole track
        clients = [Client(address, None, boot, f"client-{i}") for i in range(args.clients - args.browsers)]
        for c in clients:
            c.start()
        pw, b, tabs = browsers(address, args.browsers) if args.browsers else (None, None, [])
        time.sleep(1.0)
        saved: list[tuple[float, int]] = []  # (when saved, log length)
        session = open_game(game)
        player = Player(session, args.seed + 1)
        for _ in range(args.actions):
            if time.time() - t0 > args.timeout:
                problems.append(f"over {args.timeout} s: stopped after {len(saved)} actions")
                break
            if not player.step():
                problems.append(f"the game got stuck after {len(saved)} actions")
                break
            session.save(game)
            saved.append((time.time(), len(session.log)))
            time.sleep(args.pace)
        want = len(session.log)
        deadline = time.time() + 30
        while time.time() < deadline and not all(c.log and len(c.log) == want for c in clients):
            time.sleep(0.2)
        for tab, _ in tabs:
            tab.wait_for_function(f"window.mapref.replay.lines().length === {want}", timeout=30000)
        cpu = cpu_of(serve.pid)
        fresh = Client(address, None, boot, "fresh")
        fresh.start()
        deadline = time.time() + 30
        while time.time() < deadline and not fresh.log:
            time.sleep(0.1)
        fresh.stop.set()
        report(args, clients, tabs, saved, want, fresh, cpu, problems)
        if pw is not None:
            b.close()
            pw.stop()
    finally:
        for c in locals().get("clients", []):
            c.stop.set()
        serve.terminate()
        try:
            serve.wait(10)
        except subprocess.TimeoutExpired:
            serve.kill()
    took = time.time() - t0
    print(f"\nthe whole run: {took:.0f} s (bound {args.timeout} s)")
    if took > args.timeout:
        problems.append(f"the run took {took:.0f} s, over {args.timeout} s")
    for p in problems:
        print("PROBLEM:", p)
    return 1 if problems else 0


def cpu_of(pid: int) -> float:
    """The CPU seconds a process has used (Linux /proc)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return float("nan")


def report(args, clients, tabs, saved, want, fresh, cpu, problems) -> None:
    lat: list[float] = []
    missed = 0
    end = fresh.last_frame()
    for c in clients:
        problems += [f"{c.name}: {e}" for e in c.errors]
        got = {n: when for when, _v, n in c.seen}
        for when, n in saved:
            if n in got:
                lat.append(got[n] - when)
            else:
                missed += 1
        if c.last_frame() != end:
            problems.append(f"{c.name}: its last position is not the one a fresh page gets")
    for i, (tab, errors) in enumerate(tabs):
        problems += [f"browser {i}: {e}" for e in errors]
        got = {n: when for when, _v, n in tab.evaluate("window.__seen")}
        for when, n in saved:
            if n in got:
                lat.append(got[n] - when)
            else:
                missed += 1
    if missed:
        problems.append(f"{missed} (client, action) pairs missed")
    sizes = [b for c in clients for b in c.bytes]
    lat.sort()
    print(
        "| clients | browsers | actions | pace | missed | latency median | p95 | worst | update median | server CPU |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    print(
        f"| {args.clients} | {args.browsers} | {len(saved)} (log {want}) | {args.pace} s | {missed} | "
        f"{statistics.median(lat) * 1000:.0f} ms | {lat[int(len(lat) * 0.95) - 1] * 1000:.0f} ms | {lat[-1] * 1000:.0f} ms | "
        f"{statistics.median(sizes) / 1024:.1f} KB | {cpu:.1f} s |"
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--clients", type=int, default=50)
    ap.add_argument("--browsers", type=int, default=5)
    ap.add_argument("--actions", type=int, default=100)
    ap.add_argument("--pace", type=float, default=0.3)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--timeout", type=float, default=600)
    return measure(ap.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
