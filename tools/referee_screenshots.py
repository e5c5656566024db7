"""Take the referee's-window screenshots in docs/ (run under a 24-bit X display:
DISPLAY=:N python tools/referee_screenshots.py)."""

import sys
import tkinter as tk
from pathlib import Path


ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from mapref.rulesets.hitlers_war.state import HexState  # noqa: E402
from mapref.ui.game import GameWindow, load_for_play  # noqa: E402
from mapref.ui import screenshot  # noqa: E402


def grab(root, out):
    root.update()
    root.after(300)
    screenshot(root, out)
    print(out)


def main():
    root = tk.Tk()
    w = GameWindow(root, load_for_play(None), quiet=True)
    m, st = w.map, w.state
    root.update()
    w.canvas.fit()
    w.advance()  # summer 1941, Axis movement
    w.select_army("Western Military District")
    grab(root, ROOT / "docs" / "referee-supply.png")
    # Army Group South and Centre close a ring around Kiev: the Kiev Military District is cut off
    st.army("SW Army Group").at = "O16"
    for lab in ("M14", "M15", "N15", "O15", "O14", "N13", "M13"):
        st.hexes[lab] = HexState(control="axis", occupied=lab not in ("O14", "N13"))
    w.refresh()
    w.select_army("Kiev Military District")
    x, y = w.canvas.widget_xy(m.grid.parse("N14"))
    w.canvas.zoom_at(2.2, x, y)
    w.canvas.draw_overlays()
    grab(root, ROOT / "docs" / "referee-cut.png")
    root.destroy()


if __name__ == "__main__":
    main()
