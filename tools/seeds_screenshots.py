"""Take the screenshots of issue 16 in docs/ at 1366x768 (``python tools/seeds_screenshots.py``
starts its own Xvfb of that size): the referee's window with the Victory Point Check (the Hitler's
War variant war_for_europe_vp, shared/seeds/003: the strategic hexes starred on the map, the VP
track in the Tracks tab), the front-token game's three fronts (three_fronts, shared/seeds/001),
and area control on the imported map (aa_house_rules, shared/seeds/004: the map in its owners'
colours, victory cities and capitals marked, the tallies and blocks in the Tracks tab)."""

import os
import sys
import tkinter as tk
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from mapref.rules.ruleset import Action
from mapref.ui import screenshot
from mapref.ui.referee import RefereeWindow, load_for_play
from tools.xvfb import start_xvfb


def grab(root, out):
    root.update()
    root.after(300)
    root.update()
    screenshot(root, out)
    print(out)


def act(w, verb, **args):
    out = w.act(Action(verb, args))
    assert out.ok, out.refusal


def vp_check(root):
    """May-June 1940 of 003's example on the Hitler's War map: the Axis holds Oslo and Liege
    (Antwerp), the Allies Nancy (Metz), France no longer appeases, a Republican Stronghold in Madrid."""
    w = RefereeWindow(root, load_for_play(ROOT / "scenarios" / "war_for_europe_vp.toml"), quiet=True)
    root.update()
    w.canvas.fit()
    act(w, "advance")
    act(w, "vp-set", country="fr", remove_marker=["appeasement"])
    act(w, "vp-set", stronghold="J5", support="soviet", minors=["soviet=war"])
    for hex_ in ("T10", "O9", "P12"):
        act(w, "set", space=hex_, control="axis")
    act(w, "vp-check")
    w.refresh()
    w.side.notebook.select(w.side.tracks_tab)  # the VP track, drawn as a track
    grab(root, ROOT / "docs" / "referee-vp-check.png")
    return w


def fronts(root):
    w = RefereeWindow(root, load_for_play(ROOT / "scenarios" / "three_fronts.toml"), quiet=True)
    root.update()
    root.update()
    act(w, "advance")
    act(w, "advance")
    act(w, "swap", side="germans", cards=2)
    act(w, "advance")
    act(
        w,
        "battle",
        germans=["Guderian", "Panzer Divisions", "Capture the Low Countries"],
        allies=["Gort L 2 W", "BEF U 2 W"],
    )
    act(w, "advance")
    act(w, "advance")
    act(w, "advance")  # 1940: the Mediterranean Front Phase
    w.refresh()
    grab(root, ROOT / "docs" / "referee-fronts.png")
    return w


def area_control(root):
    """004's house rules on the imported area map: Germany takes France, the Low Countries,
    Denmark and Norway (Paris a victory city now Germany's)."""
    w = RefereeWindow(root, load_for_play(ROOT / "scenarios" / "aa_house_rules.toml"), quiet=True)
    root.update()
    w.canvas.fit()
    for space in ("france", "belgium", "netherlands", "denmark", "norway"):  # the spring of 1940, on Germany's turn
        act(w, "take", space=space, by="germany")
    w.refresh()
    w.side.notebook.select(w.side.tracks_tab)  # the victory cities, capitals and neutral blocks
    grab(root, ROOT / "docs" / "referee-area-control.png")
    return w


def main():
    xvfb, os.environ["DISPLAY"] = start_xvfb("1366x768x24")
    try:
        shoot()
    finally:
        xvfb.terminate()


def shoot():
    root = tk.Tk()
    vp_check(root)
    root.destroy()
    root = tk.Tk()
    fronts(root)
    root.destroy()
    root = tk.Tk()
    area_control(root)
    root.destroy()


if __name__ == "__main__":
    main()
