"""Take the editor screenshots in docs/ (run under a 24-bit X display: DISPLAY=:N python tools/editor_screenshots.py)."""

import shutil
import sys
import tempfile
import tkinter as tk
from pathlib import Path

from PIL import Image, ImageDraw

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from mapref.core.commands import SetHexProps  # noqa: E402
from mapref.core.grid import Hex, Layout  # noqa: E402
from mapref.ui.editor import Editor  # noqa: E402
from mapref.ui import screenshot  # noqa: E402

MAP = ROOT / "maps" / "hitlers_war.toml"


def grab(root, out):
    root.update()
    root.after(300)
    screenshot(root, out)
    print(out)


def editor(path):
    root = tk.Tk()
    ed = Editor(root, path, quiet=True)
    root.geometry("1400x900+0+0")
    root.update()
    ed.canvas.fit()
    root.update()
    return root, ed


def main():
    tmp = Path(tempfile.mkdtemp())
    path = tmp / "hitlers_war.toml"
    shutil.copy(MAP, path)
    # 1: selection in the inspector, a problem listed, status bar
    root, ed = editor(path)
    g = ed.model.grid
    ed.push(SetHexProps.same([g.parse("P4")], port=4))  # a port out in the Atlantic: a problem
    ed.push(SetHexProps.same([g.parse("O11")], name="Berlin"))  # a duplicate city name
    ed.problems.run()
    ed.select({g.parse("Q10"), g.parse("P10"), g.parse("Q11")})
    c = ed.canvas
    x, y = c.widget_xy(g.parse("P10"))
    c.event_generate("<Motion>", x=x, y=y)
    grab(root, ROOT / "docs" / "editor-inspector.png")
    # 2: painting with a radius-1 brush: a drag across the sea
    ed.set_tool("paint")
    ed.paint_attr.set("terrain")
    ed.paint_values["terrain"].set("land")
    ed.brush_radius.set(1)
    pts = [c.widget_xy(g.parse(lab)) for lab in ("Q6", "Q8")]  # across the North Sea
    c.event_generate("<Motion>", x=pts[0][0], y=pts[0][1])
    c.event_generate("<ButtonPress-1>", x=pts[0][0], y=pts[0][1], button=1)
    c.event_generate("<B1-Motion>", x=pts[1][0], y=pts[1][1], state=0x100)
    c.event_generate("<ButtonRelease-1>", x=pts[1][0], y=pts[1][1], button=1, state=0x100)
    ed.problems.run()
    c.event_generate("<Motion>", x=pts[1][0] + 40, y=pts[1][1] - 30)
    grab(root, ROOT / "docs" / "editor-paint.png")
    root.destroy()
    # 3: tracing a scan: a drawn "scan", misplaced, then fitted by two hexes
    shutil.copy(MAP, path)
    root, ed = editor(path)
    m, c = ed.model, ed.canvas
    lay = Layout(m.grid, m.hex_size / 0.8, origin=(60, 40))
    x0, y0, x1, y1 = lay.bounds()
    img = Image.new("RGB", (int(x1 + 60), int(y1 + 60)), "#efe4c8")
    d = ImageDraw.Draw(img)
    for h in m.grid.hexes():
        d.polygon(lay.corners(h), outline="#5a4a3a", fill="#cbb98f" if m.hexes[h].is_land else "#9fb7c9")
        cx, cy = lay.centre(h)
        d.text((cx - 8, cy - 20), m.grid.label(h), fill="#3a2a1a")
    img.save(tmp / "scan.png")
    ed.load_background(tmp / "scan.png", opacity=0.55)
    ed.wait_background()
    ed.set_tool("fit_grid")
    for h in (Hex(1, 1), Hex(m.grid.rows, m.grid.cols)):
        bg = m.background
        ix, iy = lay.centre(h)
        tx, ty = (int(round(v)) for v in c.map_to_widget(bg["offset"][0] + bg["scale"] * ix, bg["offset"][1] + bg["scale"] * iy))
        sx, sy = c.widget_xy(h)
        c.event_generate("<Motion>", x=sx, y=sy)
        c.event_generate("<ButtonPress-1>", x=sx, y=sy, button=1)
        c.event_generate("<B1-Motion>", x=tx, y=ty, state=0x100)
        c.event_generate("<ButtonRelease-1>", x=tx, y=ty, button=1, state=0x100)
    ed.set_layer("countries", False)
    grab(root, ROOT / "docs" / "editor-trace.png")
    root.destroy()


if __name__ == "__main__":
    main()
