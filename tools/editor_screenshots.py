"""Take the editor screenshots in docs/ on a 1366x768 screen (a laptop's), as a designer sees it.

    python tools/editor_screenshots.py

starts its own 1366x768 Xvfb (Xvfb must be installed), opens the editor there with the size it
picks for that screen, and saves docs/editor-inspector.png, editor-paint.png, editor-trace.png
and editor-recover.png: the window with its menu bar.
"""

import os
import shutil
import sys
import tempfile
import time
import tkinter as tk
from pathlib import Path

from PIL import Image, ImageDraw, ImageGrab

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.xvfb import start_xvfb
from mapref.core.commands import SetHexProps
from mapref.core.grid import Hex
from mapref.core.layout import Layout
from mapref.ui.editor import Editor

MAP = ROOT / "maps" / "hitlers_war.toml"
SIZE = (1366, 768)


def grab(root, out, extra=()):
    """The window with its menu bar (and any menu or dialog listed in ``extra``)."""
    for _ in range(5):
        root.update()
        time.sleep(0.06)
    x1 = root.winfo_rootx() + root.winfo_width()
    y1 = root.winfo_rooty() + root.winfo_height()
    for w in extra:
        x1 = max(x1, w.winfo_rootx() + w.winfo_width())
        y1 = max(y1, w.winfo_rooty() + w.winfo_height())
    img = ImageGrab.grab(bbox=(0, 0, min(x1, SIZE[0]), min(y1, SIZE[1])), xdisplay=os.environ["DISPLAY"])
    img.save(out)
    print(out, img.size)


def editor(path, **kw):
    root = tk.Tk()
    ed = Editor(root, path, quiet=True, **kw)
    root.geometry("+0+0")
    root.update()
    ed.canvas.fit()
    root.update()
    return root, ed


def zoom_on(ed, label, factor):
    c = ed.canvas
    x, y = c.widget_xy(ed.model.grid.parse(label))
    c.zoom_at(factor, x, y)
    c.centre_on(ed.model.grid.parse(label))


def main():
    docs = ROOT / "docs"
    tmp = Path(tempfile.mkdtemp())
    path = tmp / "hitlers_war.toml"
    shutil.copy(MAP, path)

    # 1: the inspector on Berlin (only the fields that apply, country picked from swatches), the
    # problems panel with what a slip of the mouse did
    root, ed = editor(path)
    g = ed.model.grid
    zoom_on(ed, "P10", 2.4)
    ed.push(SetHexProps.same([g.parse("P4")], port=4))  # a port out in the Atlantic
    ed.push(SetHexProps.same([g.parse("M10")], name="Berlin"))  # a second Berlin
    ed.push(SetHexProps.same([g.parse("Q10")], terrain="land"))  # land that keeps its sea zone
    ed.problems.run()
    ed.select({g.parse("P10")})
    c = ed.canvas
    x, y = c.widget_xy(g.parse("P10"))
    c.event_generate("<Motion>", x=x, y=y)
    grab(root, docs / "editor-inspector.png")
    root.destroy()

    # 2: painting a country with a radius-1 brush, its picker open: names and colour swatches
    shutil.copy(MAP, path)
    root, ed = editor(path)
    g, c = ed.model.grid, ed.canvas
    zoom_on(ed, "O13", 2.0)
    ed.set_tool("paint")
    ed.brush_radius.set(1)
    pk = ed.paint_pickers[True]["country"]
    pk.pick("ge")
    pts = [c.widget_xy(g.parse(lab)) for lab in ("P13", "O13")]
    c.event_generate("<Motion>", x=pts[0][0], y=pts[0][1])
    c.event_generate("<ButtonPress-1>", x=pts[0][0], y=pts[0][1], button=1)
    for px, py in pts[1:]:
        c.event_generate("<B1-Motion>", x=px, y=py, state=0x100)
    c.event_generate("<ButtonRelease-1>", x=pts[-1][0], y=pts[-1][1], button=1, state=0x100)
    c.event_generate("<Motion>", x=pts[-1][0] + 60, y=pts[-1][1])
    ed.problems.run()
    root.update()
    pk.fill()
    pk.menu.post(pk.winfo_rootx(), pk.winfo_rooty() + pk.winfo_height())
    grab(root, docs / "editor-paint.png", extra=(pk.menu,))
    pk.menu.unpost()
    root.destroy()

    # 3: tracing a scan laid under the hexes, fitted by dragging two hexes onto it
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
        d.text((cx - 8, cy - 24), m.grid.label(h), fill="#3a2a1a")
        if m.hexes[h].name:
            d.text((cx - 18, cy + 10), m.hexes[h].name, fill="#7a1a1a")
    img.save(tmp / "scan.png")
    ed.load_background(tmp / "scan.png", opacity=0.8)
    ed.underlay.wait()
    ed.set_tool("fit_grid")
    for h in (Hex(1, 1), Hex(m.grid.rows, m.grid.cols)):
        bg = m.background
        ix, iy = lay.centre(h)
        tx, ty = (
            int(round(v))
            for v in c.map_to_widget(bg["offset"][0] + bg["scale"] * ix, bg["offset"][1] + bg["scale"] * iy)
        )
        sx, sy = c.widget_xy(h)
        c.event_generate("<Motion>", x=sx, y=sy)
        c.event_generate("<ButtonPress-1>", x=sx, y=sy, button=1)
        c.event_generate("<B1-Motion>", x=tx, y=ty, state=0x100)
        c.event_generate("<ButtonRelease-1>", x=tx, y=ty, button=1, state=0x100)
    zoom_on(ed, "O9", 2.2)
    grab(root, docs / "editor-trace.png")
    root.destroy()

    # 4: opening a map after the editor was killed: its autosaved changes are offered
    shutil.copy(MAP, path)
    root, ed = editor(path)
    for lab in ("P9", "O9", "O10", "N9", "N10", "O8", "N8", "M9", "M10", "P11"):
        ed.push(SetHexProps.same([ed.model.grid.parse(lab)], production=5))
    saved = ed.files.autosave_file.read_text(encoding="utf-8")
    root.destroy()  # (a clean close removes it: put it back as a killed editor leaves it)
    (tmp / ".hitlers_war.autosave.toml").write_text(
        saved.replace(f"process {os.getpid()}", "process 999999"), encoding="utf-8"
    )
    root, ed = editor(path)  # quiet: nothing asked yet; then asked as the window would

    def dialog_shot():
        d = ed.recover_dialog
        grab(root, docs / "editor-recover.png", extra=(d,))
        d.buttons["Recover"].invoke()

    def ask(a):
        root.after(700, dialog_shot)
        return ed.files._ask_recover_dialog(a)

    ed.files.ask_recover = ask
    ed.files.offer_recovery()
    root.update()
    root.destroy()


if __name__ == "__main__":
    proc, display = start_xvfb(f"{SIZE[0]}x{SIZE[1]}x24")  # tools/xvfb.py
    os.environ["DISPLAY"] = display
    try:
        main()
    finally:
        proc.terminate()
