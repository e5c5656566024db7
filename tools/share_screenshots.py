"""The screenshots of docs/sharing.md and the README (issue 35): the shared page on a phone, live
and in replay, and the connection lost; the referee's window with its Share with the table dialog.

    python tools/share_screenshots.py [OUTDIR]   (default: docs/)

A game of War for Europe is played to 40 actions (bench/long_game.py), shared as ``mapref serve``
shares it (in this process: the file followed), and opened in the system's Chromium at a phone's
size (390 x 844, touch).  Writes share-phone-live.png (the page following the game, an action
just taken through the file), share-phone-replay.png (stepped back to a move: its line, rule and
spaces ringed on the map) and share-phone-lost.png (the connection cut).  Then the game is opened in
the referee's window on an Xvfb of a small laptop's size (1366 x 768, its own), File > Share with
the table is chosen, the network ticked and a phone's page opened: share-dialog.png (the whole
screen).
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from long_game import play

from mapref.serve import Server, Share, live_script
from mapref.serve.follow import Follower, position_of
from tests.helpers import mapref
from tests.render.conftest import FLAGS, chromium_path
from tests.render.proxy import Relay


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else ROOT / "docs"
    work = Path("/tmp") / f"mapref-share-shots-{int(time.time())}"
    work.mkdir()
    game = work / "g.toml"
    s = play(ROOT / "scenarios" / "war_for_europe.toml", 40, 7)
    s.save(game)
    g, data, log = position_of(str(game))
    share = Share(g, live_script())
    follower = Follower(str(game), lambda g, d, lg: share.submit(d, lg))
    follower.look()
    server = Server(share).start()
    follower.start()
    relay = Relay(server.port)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=chromium_path(), args=FLAGS, headless=True)
        ctx = b.new_context(
            viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, device_scale_factor=2
        )
        tab = ctx.new_page()
        tab.goto(f"http://127.0.0.1:{relay.port}/{server.token}/")
        tab.wait_for_function("() => mapref.live.connected() && mapref.replay.last() === 40", timeout=120000)
        mapref("advance", game)
        tab.wait_for_function("() => mapref.replay.last() === 41", timeout=60000)
        tab.screenshot(path=str(out / "share-phone-live.png"))
        # the move nearest the middle of the map: its rings clear of the page's buttons
        k = tab.evaluate(
            """() => { const X = mapref.data.extent, cx = (X[0] + X[2]) / 2, cy = (X[1] + X[3]) / 2;
              let best = 1, d = Infinity;
              mapref.replay.lines().forEach((l, i) => { const p = l.at && l.at[0];
                if (p && l.line.includes(" move ")) { const e = Math.hypot(p[0] - cx, p[1] - cy); if (e < d) { d = e; best = i + 1; } } });
              return best; }"""
        )
        tab.evaluate(f"() => mapref.replay.go({k})")
        box = tab.locator("#layer-touched ellipse").first.bounding_box()
        tab.evaluate(f"() => mapref.zoomAt(2.2, {box['x'] + box['width'] / 2}, {box['y'] + box['height'] / 2})")
        tab.evaluate("() => document.getElementById('replay').scrollIntoView({block: 'end'})")
        tab.screenshot(path=str(out / "share-phone-replay.png"))
        tab.evaluate("() => mapref.replay.go(mapref.replay.last())")
        tab.evaluate("() => window.scrollTo(0, 0)")
        relay.cut()
        tab.wait_for_function("() => document.body.classList.contains('lost')", timeout=60000)
        tab.screenshot(path=str(out / "share-phone-lost.png"))
        b.close()
    follower.stop()
    server.stop()
    relay.close()
    dialog(game, out / "share-dialog.png")
    for name in ("share-phone-live.png", "share-phone-replay.png", "share-phone-lost.png", "share-dialog.png"):
        print(out / name)
    return 0


def dialog(game: Path, path: Path) -> None:
    """The referee's window sharing ``game`` with the phones of the network, one following."""
    from tools.xvfb import start_xvfb

    xvfb, display = start_xvfb("1366x768x24")
    os.environ["DISPLAY"] = display
    try:
        import tkinter as tk

        from PIL import ImageGrab
        from playwright.sync_api import sync_playwright

        from mapref.ui.referee import RefereeWindow, load_for_play

        root = tk.Tk()
        root.geometry("1366x740+0+0")
        w = RefereeWindow(root, load_for_play(game), quiet=True)
        root.update()
        w.canvas.fit()
        m = w.menus["File"]
        m.invoke(
            next(i for i in range(m.index("end") + 1) if m.type(i) == "command" and "Share" in m.entrycget(i, "label"))
        )
        w.share.start(network=True)  # the dialog's tick box
        w.share.dialog.geometry(f"+{root.winfo_rootx() + 420}+{root.winfo_rooty() + 150}")  # as a window manager would
        root.update()
        with sync_playwright() as pw:
            b = pw.chromium.launch(executable_path=chromium_path(), args=FLAGS, headless=True)
            tab = b.new_context(viewport={"width": 390, "height": 844}, is_mobile=True).new_page()
            tab.goto(w.share.address)
            tab.wait_for_function("() => mapref.live.connected()", timeout=60000)
            for _ in range(30):  # the dialog counts the pages following once a second
                root.update()
                time.sleep(0.1)
            ImageGrab.grab(xdisplay=display).save(path)
            b.close()
        w.share.stop()
        root.destroy()
    finally:
        xvfb.terminate()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
