"""The referee's window: a game on its map, with armies, the referee's report and supply lines.

``mapref`` with no file opens the Hitler's War map with the Barbarossa set-up; ``mapref
GAME.toml`` or ``mapref SCENARIO.toml`` open here too.  Click an army (or the hex it stands in)
to see whether it is in supply: the path it traces to its source is drawn on the map, or, when
it is cut off, the hexes where its friendly region ends are ringed in red.  Everything shown
comes from :func:`mapref.rules.referee.referee` (a pure function of map, scenario and state).
"""

from __future__ import annotations

import tkinter as tk
from pathlib import Path
from tkinter import filedialog, messagebox, ttk

from mapref.core.grid import Hex
from mapref.core.model import MapModel
from mapref.rules.referee import referee
from mapref.rules.scenario import Scenario
from mapref.rules.state import GameState
from mapref.ui import autoclose, classify_error
from mapref.ui.canvas import MapCanvas

SIDE_COLOURS = {"axis": ("#2b2b2b", "#ffffff"), "soviet": ("#9e1b1b", "#ffffff"), "allies": ("#1f4e9e", "#ffffff")}


class GameCanvas(MapCanvas):
    """The map with the game on top: army counters, fleets, forts and a supply overlay."""

    def __init__(self, master: tk.Misc, m: MapModel, window: "GameWindow", **kw) -> None:
        self.window = window
        super().__init__(master, m, **kw)

    def space_xy(self, space: str) -> tuple[float, float] | None:
        """Canvas coordinates of a space: a hex centre, or a point inside a box."""
        if space.startswith("box:"):
            b = self.model.boxes.get(space[4:])
            if b is None:
                return None
            x0, y0, x1, y1 = self.box_rect(b)
            return (x0 + x1) / 2, y1 - 0.35 * self.layout.size
        return self.layout.centre(self.model.grid.parse(space))

    def draw_overlays(self) -> None:
        super().draw_overlays()
        w = getattr(self, "window", None)
        if w is None or w.report is None:
            return
        s = self.layout.size
        font = ("DejaVu Sans", max(6, int(s * 0.26)), "bold")
        # occupation markers (Hex Control and Garrisons, Friendly hexes 4): hexes whose side
        # differs from the scenario's start
        for space, side in w.occupied.items():
            xy = self.space_xy(space)
            if xy is None:
                continue
            cx, cy = xy
            fill, _ = SIDE_COLOURS.get(side, ("#ffffff", "#000000"))
            r = s * 0.2
            self.create_polygon(cx + s * 0.25, cy - s * 0.85 + r, cx + s * 0.25 + r * 2, cy - s * 0.85 + r * 1.6,
                                cx + s * 0.25, cy - s * 0.85 + r * 2.2, fill=fill, outline="#f4f1e8",
                                tags=("ovl", "occupation"))
        per_box: dict[str, int] = {}
        for a in w.report["armies"]:
            xy = self.space_xy(a["hex"])
            if xy is None:
                continue
            cx, cy = xy
            if a["hex"].startswith("box:"):
                n = per_box.get(a["hex"], 0)
                per_box[a["hex"]] = n + 1
                cx += (n - 1) * s * 0.75
            fill, ink = SIDE_COLOURS.get(a["side"], ("#555555", "#ffffff"))
            st = a["strength"]
            text = f"{st.get('infantry', 0)}-{st.get('mechanized', 0)}"
            extra = sum(v for k, v in st.items() if k not in ("infantry", "mechanized"))
            if extra:
                text += f"+{extra}"
            r = s * 0.36
            outline = "#ffd400" if a["name"] == w.selected else ("#ff3b30" if a.get("supplied") is False else "#f4f1e8")
            tags = ("ovl", "unit", f"army:{a['name']}")
            self.create_rectangle(cx - r, cy - r * 0.72, cx + r, cy + r * 0.72, fill=fill, outline=outline,
                                  width=max(2, s / 12), tags=tags)
            self.create_text(cx, cy, text=text, fill=ink, font=font, tags=tags)
        for f in w.state.fleets if w.state else ():
            xy = self.space_xy(f.at)
            if xy is None:
                continue
            cx, cy = xy
            fill, ink = SIDE_COLOURS.get(f.side, ("#555555", "#ffffff"))
            self.create_oval(cx + s * 0.2, cy - s * 0.75, cx + s * 0.7, cy - s * 0.3, fill=fill, outline="#f4f1e8",
                             tags=("ovl", "unit", "fleet"))
            self.create_text(cx + s * 0.45, cy - s * 0.52, text=str(f.capital), fill=ink, font=font, tags=("ovl", "unit", "fleet"))
        for fort in w.state.forts if w.state else ():
            xy = self.space_xy(fort.at)
            if xy is None:
                continue
            cx, cy = xy
            fill, _ = SIDE_COLOURS.get(fort.side, ("#555555", "#ffffff"))
            self.create_rectangle(cx - s * 0.7, cy + s * 0.3, cx - s * 0.25, cy + s * 0.7, fill="#e9e2c8", outline=fill,
                                  width=2, tags=("ovl", "unit", "fort"))
            self.create_text(cx - s * 0.47, cy + s * 0.5, text=str(fort.strength), fill=fill, font=font, tags=("ovl", "unit", "fort"))
        self._draw_supply()

    def _draw_supply(self) -> None:
        w = self.window
        a = w.selected_army()
        if a is None:
            return
        s = self.layout.size
        path = a.get("supply_path") or []
        if a.get("supplied") and len(path) > 1:
            pts = [v for sp in path for v in (self.space_xy(sp) or ())]
            self.create_line(*pts, fill="#1e9e3a", width=max(3, s / 7), arrow="last", smooth=False,
                             tags=("ovl", "supply", "supply-path"))
        for sp in a.get("frontier") or []:
            xy = self.space_xy(sp)
            if xy is None:
                continue
            cx, cy = xy
            self.create_oval(cx - s * 0.8, cy - s * 0.8, cx + s * 0.8, cy + s * 0.8, outline="#ff3b30", width=max(3, s / 8),
                             tags=("ovl", "supply", "supply-cut"))
        self.tag_raise("unit")


class GameWindow:
    def __init__(self, root: tk.Tk, m: MapModel, sc: Scenario, st: GameState, path: Path | None = None,
                 quiet: bool = False) -> None:
        self.root, self.map, self.scenario, self.state, self.path = root, m, sc, st, path
        self.quiet = quiet
        self.messages: list[str] = []
        self.report: dict | None = None
        self.selected: str | None = None
        self.history: list[tuple[str, list]] = []  # (what, commands) applied, newest last
        self.occupied: dict[str, str] = {}  # space -> side, where control differs from the start
        self._drag_from: str | None = None
        root.report_callback_exception = self.report_exception
        root.geometry("1400x900")
        self.status = tk.StringVar(value="")
        self._build()
        self.refresh()
        self.update_title()

    # ----------------------------------------------------------------------------- layout
    def _build(self) -> None:
        root = self.root
        menu = tk.Menu(root)
        filem = tk.Menu(menu, tearoff=False)
        filem.add_command(label="Open game or scenario...", accelerator="Ctrl+O", command=self.ask_open)
        filem.add_command(label="Save game as...", accelerator="Ctrl+S", command=self.ask_save)
        filem.add_command(label="Edit the map", command=self.edit_map)
        filem.add_separator()
        filem.add_command(label="Quit", accelerator="Ctrl+Q", command=root.destroy)
        menu.add_cascade(label="File", menu=filem)
        gamem = tk.Menu(menu, tearoff=False)
        gamem.add_command(label="End this step (advance)", accelerator="Ctrl+Return", command=self.advance)
        gamem.add_command(label="Undo", accelerator="Ctrl+Z", command=self.undo)
        menu.add_cascade(label="Game", menu=gamem)
        viewm = tk.Menu(menu, tearoff=False)
        viewm.add_command(label="Fit map", accelerator="F", command=lambda: self.canvas.fit())
        viewm.add_command(label="Refresh report", accelerator="F5", command=self.refresh)
        menu.add_cascade(label="View", menu=viewm)
        root.config(menu=menu)
        root.bind("<Control-o>", lambda e: self.ask_open())
        root.bind("<Control-s>", lambda e: self.ask_save())
        root.bind("<Control-q>", lambda e: root.destroy())
        root.bind("<F5>", lambda e: self.refresh())
        root.bind("<Control-Return>", lambda e: self.advance())
        root.bind("<Control-z>", lambda e: self.undo())

        bar = ttk.Label(root, textvariable=self.status, anchor="w", relief="sunken")
        bar.pack(side="bottom", fill="x")
        panes = ttk.PanedWindow(root, orient="horizontal")
        panes.pack(fill="both", expand=True)
        self.canvas = GameCanvas(panes, self.map, self)
        side = ttk.Frame(panes, padding=6, width=320)
        panes.add(self.canvas, weight=5)
        panes.add(side, weight=0)
        self.turn_var = tk.StringVar()
        ttk.Label(side, textvariable=self.turn_var, font=("DejaVu Sans", 12, "bold"), wraplength=300).pack(anchor="w")
        ttk.Label(side, text="Army", font=("DejaVu Sans", 10, "bold")).pack(anchor="w", pady=(10, 0))
        self.army_text = tk.Text(side, height=9, width=36, wrap="word", relief="flat", background="#f4f1e8")
        self.army_text.pack(fill="x")
        ttk.Label(side, text="Production", font=("DejaVu Sans", 10, "bold")).pack(anchor="w", pady=(10, 0))
        self.prod_text = tk.Text(side, height=6, width=36, wrap="word", relief="flat", background="#f4f1e8")
        self.prod_text.pack(fill="x")
        ttk.Label(side, text="Violations", font=("DejaVu Sans", 10, "bold")).pack(anchor="w", pady=(10, 0))
        self.violations = tk.Listbox(side, height=12, width=36)
        self.violations.pack(fill="both", expand=True)
        self.violations.bind("<<ListboxSelect>>", self._violation_clicked)
        self.canvas.bind("<Motion>", self._motion, add="+")
        self.canvas.bind("<ButtonPress-1>", self._click, add="+")
        self.canvas.bind("<ButtonRelease-1>", self._release, add="+")
        self.canvas.bind("f", lambda e: self.canvas.fit())
        self.canvas.bind("<Enter>", lambda e: self.canvas.focus_set())

    # ---------------------------------------------------------------------------- actions
    def refresh(self) -> None:
        """Run the referee and show its report."""
        from mapref.rules.hitlers_war.common import Context

        cx = Context(self.map, self.scenario, self.state)
        self.report = referee(self.map, self.scenario, self.state, cx.graph).as_dict()
        self.occupied = {sp: side for sp, side in cx.control.items() if cx.start.get(sp) != side}
        r = self.report
        t = r["turn"]
        sub = f" ({t['subphase']})" if t.get("subphase") else ""
        self.turn_var.set(f"{self.scenario.name}: {t['season'].capitalize()} {t['year']}, {t['side']} {t['phase']}{sub}")
        self.prod_text.delete("1.0", "end")
        for side, p in r["production"].items():
            spend = f", {p['spendable']} to spend" if p["spendable"] != p["total"] else ""
            self.prod_text.insert("end", f"{side}: {p['total']}{spend}\n")
        self.violations.delete(0, "end")
        self._violation_where = []
        for v in r["violations"]:
            where = f"{v['where']}: " if v["where"] else ""
            self.violations.insert("end", f"{where}{v['message']} [{v['rule']}]")
            self._violation_where.append(v["where"])
        if not r["violations"]:
            self.violations.insert("end", "No violations")
            self._violation_where.append("")
        self.show_army()
        self.canvas.draw_overlays()

    def armies_at(self, space: str) -> list[dict]:
        return [a for a in (self.report or {}).get("armies", []) if a["hex"] == space]

    def selected_army(self) -> dict | None:
        if self.report is None or self.selected is None:
            return None
        return next((a for a in self.report["armies"] if a["name"] == self.selected), None)

    def select_army(self, name: str | None) -> None:
        self.selected = name
        self.show_army()
        self.canvas.draw_overlays()

    def show_army(self) -> None:
        a = self.selected_army()
        self.army_text.delete("1.0", "end")
        if a is None:
            self.army_text.insert("end", "Click an army to see its strength and its supply line.")
            return
        st = ", ".join(f"{v} {k.replace('_', ' ')}" for k, v in a["strength"].items() if v)
        lines = [f"{a['name']} ({a['side']}, {a.get('nation', '')}) in {a['hex']}", st or "no strength points"]
        if a.get("leader"):
            lines.append(f"leader: {a['leader']}")
        if a.get("supplied"):
            path = a.get("supply_path") or []
            lines.append("In supply" + (f": {' - '.join(path)}" if path else ""))
        else:
            lines.append("OUT OF SUPPLY")
            if a.get("frontier"):
                lines.append(f"its friendly region ends at {', '.join(a['frontier'])}")
        self.army_text.insert("end", "\n".join(lines))

    def _click(self, e: tk.Event) -> None:
        space = self.space_at(e.x, e.y)
        here = self.armies_at(space) if space else []
        self._drag_from = space if here else None
        if not here:
            self.select_army(None)
            return
        names = [a["name"] for a in here]
        # clicking again cycles through the armies of a space (off-map boxes hold many)
        nxt = names[(names.index(self.selected) + 1) % len(names)] if self.selected in names else names[0]
        self.select_army(nxt)

    def space_at(self, x: int, y: int) -> str | None:
        bid = self.canvas.box_at(x, y)
        if bid is not None:
            return f"box:{bid}"
        h = self.canvas.hex_at(x, y)
        return self.map.grid.label(h) if h is not None else None

    def _release(self, e: tk.Event) -> None:
        """Dropping an army on another hex moves the whole army there, if the rules allow."""
        frm, self._drag_from = self._drag_from, None
        to = self.space_at(e.x, e.y)
        if frm and to and to != frm:
            self.move(frm, to, army=self.selected)

    def move(self, frm: str, to: str, points: dict | None = None, army: str | None = None) -> bool:
        """Check a move (Movement 1-5) and apply it; the reason and rule show when it is illegal."""
        from mapref.rules.commands import apply
        from mapref.rules.hitlers_war.common import Context
        from mapref.rules.hitlers_war.movement import check_move

        r = check_move(Context(self.map, self.scenario, self.state), frm, to, points, army=army)
        if not r.ok:
            self.status.set(f"Illegal move {frm} -> {to}: {r.reason} [{r.rule}]")
            return False
        apply(self.state, r.commands)
        self.history.append((f"move {frm} -> {to}", r.commands))
        self.selected = next((a.name for a in self.state.armies if a.at == to and a.side == self.state.side), None)
        self.refresh()
        self.status.set(f"{sum(r.points.values())} points of {r.army}: {frm} -> {to} by {' '.join(r.route)}")
        return True

    def advance(self, roll: int | None = None) -> None:
        """End the current step of the sequence of play and apply what the rules apply."""
        from mapref.rules.commands import apply
        from mapref.rules.hitlers_war.sequence import advance

        r = advance(self.map, self.scenario, self.state, roll=roll)
        if r.error:
            self.show_error("Cannot advance", r.error)
            return
        apply(self.state, r.commands)
        self.history.append(("advance", r.commands))
        self.refresh()
        self.status.set("; ".join(r.messages) if r.messages else "advanced")

    def undo(self) -> None:
        from mapref.rules.commands import undo

        if not self.history:
            self.status.set("nothing to undo")
            return
        what, cmds = self.history.pop()
        undo(self.state, cmds)
        self.refresh()
        self.status.set(f"undone: {what}")

    def _motion(self, e: tk.Event) -> None:
        h = self.canvas.hex_at(e.x, e.y)
        if h is None:
            self.status.set("")
            return
        lab = self.map.grid.label(h)
        armies = ", ".join(f"{a['name']} ({a['side']})" for a in self.armies_at(lab))
        self.status.set(self.map.describe(h) + (f"; {armies}" if armies else ""))

    def _violation_clicked(self, _e=None) -> None:
        sel = self.violations.curselection()
        if not sel or sel[0] >= len(self._violation_where):
            return
        where = self._violation_where[sel[0]]
        army = next((a for a in (self.report or {}).get("armies", []) if a["name"] == where), None)
        space = army["hex"] if army else where
        try:
            h: Hex | None = self.map.grid.parse(space)
        except ValueError:
            h = None
        if army:
            self.select_army(army["name"])
        if h is not None:
            self.canvas.centre_on(h)

    def update_title(self) -> None:
        what = self.path.name if self.path else f"{self.scenario.name} (new game)"
        self.root.title(f"{what} - mapref referee")

    def ask_save(self) -> None:
        from mapref.io.gamefile import save_game

        p = filedialog.asksaveasfilename(parent=self.root, defaultextension=".toml", filetypes=[("mapref game", "*.toml")])
        if p:
            save_game(self.state, p)
            self.path = Path(p)
            self.update_title()
            self.status.set(f"saved {p}")

    def ask_open(self) -> None:
        p = filedialog.askopenfilename(parent=self.root, filetypes=[("mapref files", "*.toml")])
        if p:
            self.open_path(p)

    def open_path(self, p: str | Path) -> None:
        m, sc, st, game_path = load_for_play(p)
        self.map, self.scenario, self.state, self.path = m, sc, st, game_path
        self.selected = None
        self.canvas.set_model(m)
        self.refresh()
        self.update_title()

    def edit_map(self) -> None:
        from mapref.ui.editor import Editor

        top = tk.Toplevel(self.root)
        Editor(top, model=self.map)  # type: ignore[arg-type]

    def report_exception(self, exc_type, exc, tb) -> None:
        """Tk's callback error hook: user errors are shown, internal ones logged."""
        self.show_error(*classify_error(exc_type, exc, tb, (ValueError, OSError)))

    def show_error(self, title: str, text: str) -> None:
        self.messages.append(text)
        self.status.set(text.splitlines()[0] if text else title)
        if not self.quiet:
            messagebox.showerror(title, text, parent=self.root)


def load_for_play(path: str | Path | None) -> tuple[MapModel, Scenario, GameState, Path | None]:
    """A game file, a scenario file (a fresh set-up with its pools placed), or nothing (the
    Hitler's War map with the Barbarossa set-up).  The last item is the game file, if any."""
    from mapref.io.anyfile import load_any
    from mapref.io.gamefile import find_map, load_scenario
    from mapref.io.mapfile import load_map
    from mapref.paths import shipped_scenario
    from mapref.rules.hitlers_war.setup import new_game

    if path is None:
        sc_path = shipped_scenario("barbarossa")
        sc = load_scenario(sc_path, str(sc_path))
        m_path = find_map(sc.map, sc_path.parent)
        m = load_map(m_path, str(m_path))
        return m, sc, new_game(m, sc, scenario_ref="barbarossa", map_ref=sc.map, auto_place=True), None
    kind, obj = load_any(path)
    if kind == "game":
        return obj.map, obj.scenario, obj.state, Path(path)  # type: ignore[attr-defined]
    if kind == "scenario":
        m, sc = obj.map, obj.scenario  # type: ignore[attr-defined]
        return m, sc, new_game(m, sc, scenario_ref=str(Path(path).resolve()), map_ref=sc.map, auto_place=True), None
    raise ValueError(f"{path}: a {kind} file is a map: open it in the editor")


def run(path: str | Path | None = None) -> int:
    m, sc, st, game_path = load_for_play(path)
    root = tk.Tk()
    w = GameWindow(root, m, sc, st, game_path)
    root.after(60, w.canvas.fit)
    autoclose(root)
    root.mainloop()
    return 0
