"""Take the referee's-window screenshots in docs/ (docs/referee-*.png) at 1366x768, the size of a
small laptop screen: ``python tools/referee_screenshots.py`` starts its own Xvfb of that size
(``--display :N`` uses a running one).  Each picture is a step of docs/referee-guide.md."""

import argparse
import os
import sys
import tkinter as tk
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.xvfb import start_xvfb

DOCS = ROOT / "docs"
SIZE = (1366, 768)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--display", default=None, help="a running X display of 1366x768 (default: start an Xvfb)")
    ap.add_argument("--out", default=str(DOCS), help="where to write the pictures (default: docs/)")
    args = ap.parse_args()
    xvfb = None
    if args.display:
        display = args.display
    else:
        xvfb, display = start_xvfb(f"{SIZE[0]}x{SIZE[1]}x24")  # tools/xvfb.py
    os.environ["DISPLAY"] = display
    os.environ.setdefault("XDG_STATE_HOME", str(Path("/tmp") / "mapref-screenshots-state"))
    try:
        shoot(Path(args.out))
    finally:
        if xvfb is not None:
            xvfb.terminate()


def shoot(out: Path) -> None:
    from PIL import Image, ImageGrab

    from mapref.paths import shipped_scenario
    from mapref.rulesets.hitlers_war.state import Army, HexState
    from mapref.ui import screenshot
    from mapref.rules.ruleset import Action
    from mapref.ui.referee import RefereeWindow, load_for_play

    out.mkdir(parents=True, exist_ok=True)

    def grab(root, name: str, screen: bool = False) -> None:
        root.update()
        root.after(200)
        root.update()
        path = out / f"referee-{name}.png"
        if screen:  # the whole screen: a dialog over the window
            ImageGrab.grab(xdisplay=os.environ["DISPLAY"]).save(path)
        else:
            screenshot(root, path)
        print(path)

    root = tk.Tk()
    w = RefereeWindow(root, load_for_play(None), quiet=True)
    assert (root.winfo_screenwidth(), root.winfo_screenheight()) == SIZE
    root.update()
    w.canvas.fit()
    root.update()
    m, st = w.map, w.state

    # 1. the window: Barbarossa, summer 1941, Axis movement; an army selected with its supply line
    w.end_step(confirm=False)
    w.select("army:Western Military District")
    assert w.act(Action("move", {"from": "O14", "to": "O13"})).ok
    assert not w.act(
        Action("move", {"from": "Q13", "to": "R14"})
    ).ok  # a refused move: its reason and rule in the messages panel
    w.select("army:Western Military District")
    grab(root, "window")

    # 2. dragging a counter: it follows the mouse, the hexes it may reach are lit
    c = w.canvas
    w.select("army:Army Group South")
    (x0, y0), (x1, y1) = c.widget_xy(m.grid.parse("N13")), c.widget_xy(m.grid.parse("L12"))
    c.event_generate("<Motion>", x=x0, y=y0)
    c.event_generate("<ButtonPress-1>", x=x0, y=y0, button=1)
    c.event_generate("<B1-Motion>", x=x0 + 8, y=y0, state=0x100)
    c.event_generate("<B1-Motion>", x=(x0 + x1) // 2, y=(y0 + y1) // 2, state=0x100)
    grab(root, "drag")
    c.event_generate("<ButtonRelease-1>", x=x0, y=y0, button=1, state=0x100)
    root.update()

    # 3. the Kiev pocket: cut off, the hexes that cut its line ringed; the supply view on
    st.army("SW Army Group").at = "O16"
    for lab in ("M14", "M15", "N15", "O15", "O14", "N13", "M13"):
        st.hexes[lab] = HexState(control="axis", occupied=lab not in ("O14", "N13"))
    st.army("Army Group South").at = "M15"
    st.army("Army Group Centre").at = "O15"
    st.armies.append(Army("Crete Garrison", "axis", "ge", "G14", {"infantry": 1}))
    w.refresh()
    w.supply_on.set(True)
    w.refresh()
    w.select("army:Kiev Military District")
    grab(root, "supply")
    w.supply_on.set(False)
    w.refresh()
    x, y = c.widget_xy(m.grid.parse("N14"))
    c.zoom_at(2.4, x, y)
    c.draw_overlays()
    grab(root, "cut")
    c.fit()

    # 4. advisory mode: the Siberian army moved against special rule 3, the override in the log
    st.armies[:] = [a for a in st.armies if a.name != "Crete Garrison"]
    w.ask_confirm = lambda title, text: True
    while not (st.side == "soviet" and st.phase == "movement"):
        w.end_step(confirm=False)
    w.mode.set("advisory")
    w.mode_changed()
    w.ask_override = lambda action, refusal: "house rule: the Siberian army entrains at once"
    assert w.act(Action("move", {"from": "box:siberia", "to": "Q21"})).ok
    w.select("army:Siberian Army")
    grab(root, "advisory")
    w.mode.set("strict")
    w.mode_changed()

    # 5. the end of the Soviet combat phase, previewed before it is confirmed: the Kiev pocket lost
    while not (st.phase, st.subphase) == ("combat", "exploitation"):
        w.end_step(confirm=False)
    w.select("army:Kiev Military District")
    grab(root, "end-step")

    # 6. the legend
    w.side.notebook.select(w.side.legend_tab)
    grab(root, "legend")
    w.side.notebook.select(0)

    # 7. File > New game: The Fall of Germany, its pools placed by hand
    w.files.ask_save_changes = lambda what: False

    def answer_dialog(name, values):
        def go():
            d = next(t for t in root.winfo_children() if isinstance(t, tk.Toplevel) and t.winfo_viewable())
            for k, v in values.items():
                d.vars[k].set(v)
            d.update()
            d.geometry(f"+{root.winfo_rootx() + 420}+{root.winfo_rooty() + 200}")
            d.update()
            grab(root, name, screen=True)
            d.ok()

        root.after(400, go)

    answer_dialog("new-game", {"scenario": "The Fall of Germany (Hitler's War)", "pools": "place them by hand"})
    w.files.ask_and_start_new()
    root.update()
    # placing the set-up pools by dragging them from the Pools tab
    for space in ("P10", "O10", "N9"):
        pts = {"infantry": 5, "mechanized": 5} if space == "P10" else {"infantry": 6}
        w.act(Action("place", {"pool": "axis", "space": space, "points": pts}))
    t = w.side.pool_tree
    root.update()
    bx, by, bw, bh = t.bbox("axis")
    t.event_generate("<ButtonPress-1>", x=bx + 80, y=by + bh // 2, button=1)
    tx, ty = c.widget_xy(m.grid.parse("Q10"))
    dx, dy = c.winfo_rootx() - t.winfo_rootx(), c.winfo_rooty() - t.winfo_rooty()
    t.event_generate("<B1-Motion>", x=tx + dx, y=ty + dy, state=0x100)
    grab(root, "pools")
    t.event_generate("<ButtonRelease-1>", x=bx + 80, y=by + bh // 2, button=1, state=0x100)
    root.update()

    # 8. building in the production phase: the form shows the budget, costs and places
    w.files.new_game(shipped_scenario("barbarossa"), auto_place=True)
    root.update()
    while not (st := w.state).phase == "production":
        w.end_step(confirm=False)
    w.side.notebook.select(w.side.game_tab)
    w.ask_form = w._ask_form_dialog
    item = next(i for i in w.session.ruleset.menu(w.session.game, "P10", None) if i.label.startswith("Build"))
    answer_dialog("build", {"mechanized": "2"})
    w.controller.invoke(item)
    root.update()

    # 9. the print view: File > Export position as PNG, with the supply view
    w.supply_on.set(True)
    w.refresh()
    p = w.export_png(out / "referee-print-full.png")
    img = Image.open(p)
    img.thumbnail((1366, 1366))
    img.save(out / "referee-print.png")
    p.unlink()
    print(out / "referee-print.png")
    w.supply_on.set(False)

    # 10. save, and resume later: the game reopens with its log
    import tempfile

    folder = Path(tempfile.gettempdir()) / "mapref-guide"
    folder.mkdir(exist_ok=True)
    game = folder / "barbarossa-evening.toml"
    game.unlink(missing_ok=True)
    w.files.ask_save_path = lambda: str(game)
    w.files.save()
    w.files.open_path(game)
    root.update()
    grab(root, "resume")
    root.destroy()


if __name__ == "__main__":
    main()
