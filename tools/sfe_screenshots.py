"""The Struggle for Europe map and screenshots of a game in progress, for the README and docs/.

    python3 tools/sfe_screenshots.py          (starts its own 1366x768 Xvfb: a small laptop's screen)

- docs/struggle_for_europe_map.png: the map as ``mapref render`` draws it;
- docs/sfe-referee-overview.png: the referee's window on a game in progress, the whole map;
- docs/sfe-referee-battle.png: the western front after the Ruhr's first move (8 Examples): the
  battles waiting in Sedan and Antwerp ringed, the Axis 3's supply line to Berlin;
- docs/sfe-referee-cut.png: the east a turn later: the Axis 3 that took Riga is cut off by
  Leningrad and a Bialystok the Soviets took back (8 Supply Lines), the halves that cut it
  ringed, the German flag in Riga.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
import tkinter as tk
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mapref.io.areafile import load_area_map
from mapref.render.area_png import render_area
from mapref.rules.ruleset import Action
from mapref.ui import screenshot
from mapref.ui.referee import RefereeWindow, load_for_play
from tools.xvfb import start_xvfb

DOCS = ROOT / "docs"
SCENARIO = ROOT / "scenarios" / "struggle_for_europe.toml"


def window(path) -> RefereeWindow:
    root = tk.Tk()
    w = RefereeWindow(root, load_for_play(path), quiet=True)
    w.ask_choice = lambda ask: (_ for _ in ()).throw(SystemExit(f"asked: {ask.label} {ask.options}"))
    root.update()
    w.canvas.fit()
    root.update()
    return w


def view(w: RefereeWindow, lon0, lat0, lon1, lat1) -> None:
    m, c = w.map, w.canvas
    (x0, y0), (x1, y1) = m.geo_to_map(lon0, lat1), m.geo_to_map(lon1, lat0)
    c.update_idletasks()
    c.zoom = min(c.winfo_width() / (x1 - x0), c.winfo_height() / (y1 - y0))
    c.redraw()
    c.centre_on(((x0 + x1) / 2, (y0 + y1) / 2))
    w.root.update()


def act(w: RefereeWindow, verb: str, **args) -> None:
    out = w.act(Action(verb, args))
    if not out.ok:
        raise SystemExit(f"{verb} {args}: {out.refusal}")


def main() -> int:
    import os

    xvfb, os.environ["DISPLAY"] = start_xvfb("1366x768x24")
    try:
        return shoot()
    finally:
        xvfb.terminate()


def shoot() -> int:
    render_area(load_area_map(ROOT / "maps" / "struggle_for_europe.toml"), DOCS / "struggle_for_europe_map.png")
    tmp = Path(tempfile.mkdtemp())
    try:
        game = tmp / "game.toml"
        shutil.copy(SCENARIO, tmp / "scenario.toml")
        w = window(tmp / "scenario.toml")
        w.session.save(game)
        # the Axis opens (8 Examples): the Ruhr's move, Antwerp contested, Sedan held
        act(w, "move", **{"from": "ruhr", "moves": "sedan=1,2 antwerp=3"})
        view(w, -6, 42, 16, 56)
        w.select("counter:A15")
        w.feed.tell("Right-click Sedan or Antwerp to enter the battle's result")
        screenshot(w.root, DOCS / "sfe-referee-battle.png")
        act(w, "battle", at="antwerp", attacker_air=3, retreat=True)
        act(w, "battle", at="sedan", attacker_air=4, defender_air=5, losses=["A13"])
        act(w, "fortress", at="ruhr.w")
        act(w, "end-turn")
        # the Allies build and bomb; the Axis strikes east and enters red Bialystok (6)
        act(w, "build", faction="western", strength=2, at="paris")
        act(w, "bomb")
        act(w, "end-turn")
        act(w, "move", **{"from": "warsaw", "moves": "bialystok=2,3"})
        act(w, "battle", at="bialystok", attacker_air=4, defender_air=1, losses=["A4"])
        act(w, "move", **{"from": "bialystok", "moves": "riga=A5"})
        act(w, "end-turn")
        # the Soviets, in play since the Axis entered Bialystok, take it back: Riga is cut off
        act(w, "move", **{"from": "minsk", "moves": "bialystok"})
        w.canvas.fit()
        w.select("counter:A5")
        w.root.update()
        screenshot(w.root, DOCS / "sfe-referee-overview.png")
        view(w, 15, 50, 37, 63)
        w.select("counter:A5")
        screenshot(w.root, DOCS / "sfe-referee-cut.png")
        w.root.destroy()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    for p in (
        "struggle_for_europe_map.png",
        "sfe-referee-overview.png",
        "sfe-referee-battle.png",
        "sfe-referee-cut.png",
    ):
        print(DOCS / p)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
