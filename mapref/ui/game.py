"""The referee's window: a game on its map, with armies, the referee's report and supply lines.

``mapref`` with no file opens the Hitler's War map with the Barbarossa set-up; ``mapref
GAME.toml`` or ``mapref SCENARIO.toml`` open here too.  Click an army (or the hex it stands in)
to see whether it is in supply: the path it traces to its source is drawn on the map, or, when
it is cut off, the hexes where its friendly region ends are ringed in red.  Everything shown
comes from :func:`mapref.rulesets.hitlers_war.referee.referee` (a pure function of map, scenario and state).

Combat results (rulings R35): in a combat phase, right-clicking a hex next to the selected army
offers "Advance succeeded (capture)" and "Record losses..." (and "Garrison destroyed" for an
empty enemy hex).  The same actions are methods taking parameters (:meth:`GameWindow.capture`,
:meth:`GameWindow.losses`), so tests and scripts need no dialog; the dialogs are asked through
:attr:`GameWindow.ask_retreat` and :attr:`GameWindow.ask_losses`, which tests may replace.
"""

from __future__ import annotations

import tkinter as tk
from pathlib import Path
from tkinter import filedialog, messagebox, ttk

from mapref.core.grid import Hex
from mapref.core.model import MapModel
from mapref.rulesets.hitlers_war.referee import referee
from mapref.rulesets.hitlers_war.scenario import Scenario
from mapref.rulesets.hitlers_war.state import GameState
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
        self.context_menu: tk.Menu | None = None
        # dialogs for the right-click actions; tests replace them (no modal window)
        self.ask_retreat = self._ask_retreat_dialog  # (army, from_space, legal hexes) -> hex or None
        self.ask_losses = self._ask_losses_dialog  # (space, army dict or None, has_fort) -> values or None
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
        ttk.Label(side, text="Nations", font=("DejaVu Sans", 10, "bold")).pack(anchor="w", pady=(10, 0))
        nf = ttk.Frame(side)
        nf.pack(fill="x")
        self.nations_text = tk.Text(nf, height=8, width=34, wrap="word", relief="flat", background="#f4f1e8")
        nsb = ttk.Scrollbar(nf, orient="vertical", command=self.nations_text.yview)
        self.nations_text.configure(yscrollcommand=nsb.set)
        nsb.pack(side="right", fill="y")
        self.nations_text.pack(side="left", fill="x", expand=True)
        ttk.Label(side, text="Violations", font=("DejaVu Sans", 10, "bold")).pack(anchor="w", pady=(10, 0))
        self.violations = tk.Listbox(side, height=12, width=36)
        self.violations.pack(fill="both", expand=True)
        self.violations.bind("<<ListboxSelect>>", self._violation_clicked)
        self.canvas.bind("<Motion>", self._motion, add="+")
        self.canvas.bind("<ButtonPress-1>", self._click, add="+")
        self.canvas.bind("<ButtonRelease-1>", self._release, add="+")
        self.canvas.bind("<ButtonPress-3>", self._right_click, add="+")
        self.canvas.bind("f", lambda e: self.canvas.fit())
        self.canvas.bind("<Enter>", lambda e: self.canvas.focus_set())

    # ---------------------------------------------------------------------------- actions
    def refresh(self) -> None:
        """Run the referee and show its report."""
        from mapref.rulesets.hitlers_war.common import Context

        cx = Context(self.map, self.scenario, self.state)
        self.report = referee(self.map, self.scenario, self.state, cx.graph).as_dict()
        # the marker is on captured hexes, not on those a nation brought when joining (rulings R39)
        self.occupied = {sp: side for sp, side in cx.control.items()
                         if cx.start.get(sp) != side and self.state.hex(sp).occupied}
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
        self.show_nations()
        self.show_army()
        self.canvas.draw_overlays()

    def nations_lines(self) -> list[str]:
        """Nations whose standing is not plain unaligned, grouped: "axis, at war: Finland, Germany"."""
        groups: dict[tuple[str, str], list[str]] = {}
        for code, n in self.state.nations.items():
            if n.status == "unaligned" and n.side is None:
                continue
            name = self.map.countries[code].name if code in self.map.countries else code
            if n.joined is not None and n.joined != self.scenario.first_turn:
                name += f" (joined {n.joined})"
            groups.setdefault((n.side or "", n.status), []).append(name)
        order = {s: i for i, s in enumerate(self.scenario.sides)}
        out = []
        for (side, status), names in sorted(groups.items(), key=lambda kv: (order.get(kv[0][0], 99), kv[0][1])):
            head = f"{side}, {status.replace('_', ' ')}" if side else status.replace("_", " ")
            out.append(f"{head}: {', '.join(sorted(names))}")
        return out

    def show_nations(self) -> None:
        self.nations_text.delete("1.0", "end")
        self.nations_text.insert("end", "\n".join(self.nations_lines()))

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
        from mapref.rulesets.hitlers_war.commands import apply
        from mapref.rulesets.hitlers_war.common import Context
        from mapref.rulesets.hitlers_war.movement import check_move

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
        from mapref.rulesets.hitlers_war.commands import apply
        from mapref.rulesets.hitlers_war.sequence import advance

        r = advance(self.map, self.scenario, self.state, roll=roll)
        if r.error:
            self.show_error("Cannot advance", r.error)
            return
        apply(self.state, r.commands)
        self.history.append(("advance", r.commands))
        self.refresh()
        self.status.set("; ".join(r.messages) if r.messages else "advanced")

    def undo(self) -> None:
        from mapref.rulesets.hitlers_war.commands import undo

        if not self.history:
            self.status.set("nothing to undo")
            return
        what, cmds = self.history.pop()
        undo(self.state, cmds)
        self.refresh()
        self.status.set(f"undone: {what}")

    # ------------------------------------------------------------------- combat results (R35)
    def _context(self):
        from mapref.rulesets.hitlers_war.common import Context

        return Context(self.map, self.scenario, self.state)

    def _apply_result(self, what: str, r) -> None:
        """Apply a checked result and what follows (an immediate victory: rulings R32), as one undo step."""
        from mapref.rulesets.hitlers_war.commands import apply
        from mapref.rulesets.hitlers_war.combat import victory_commands

        apply(self.state, r.commands)
        vc, vmsg = victory_commands(self.map, self.scenario, self.state)
        apply(self.state, vc)
        self.history.append((what, list(r.commands) + vc))
        self.refresh()
        self.status.set("; ".join(r.messages + ([vmsg] if vmsg else [])) or what)

    def capture(self, frm: str, to: str, retreat_to: list[str] | None = None, army: str | None = None) -> bool:
        """A successful advance from ``frm`` into ``to`` (Advance resolution 2-13).  ``retreat_to``:
        where the defender retreats each displaced army, in order; when it is not given and a
        defender has a choice, :attr:`ask_retreat` asks (a single legal hex is taken at once)."""
        from mapref.rulesets.hitlers_war.commands import Relocate
        from mapref.rulesets.hitlers_war.combat import check_capture

        retreats = list(retreat_to or [])
        while True:
            r = check_capture(self._context(), frm, to, retreats, army=army)
            if r.ok or r.retreat is None or retreat_to is not None:
                break
            name, options = r.retreat
            choice = options[0] if len(options) == 1 else self.ask_retreat(name, to, options)
            if not choice:
                self.status.set(f"advance {frm} -> {to} not recorded: no retreat chosen for {name}")
                return False
            retreats.append(choice)
        if not r.ok:
            self.status.set(f"Illegal advance {frm} -> {to}: {r.reason} [{r.rule}]")
            return False
        self._apply_result(f"advance {frm} -> {to}", r)
        mover = next((c.army for c in r.commands if isinstance(c, Relocate) and c.to == to), None)
        if mover:
            self.select_army(mover)
        return True

    def losses(self, space: str, points: dict[str, int] | None = None, fort: int = 0, garrison: bool = False,
               army: str | None = None) -> bool:
        """The owner's losses after an assault (Assault resolution 5-8; Effect of forts on combat 2)."""
        from mapref.rulesets.hitlers_war.combat import check_losses

        r = check_losses(self._context(), space, dict(points or {}), fort=fort, garrison=garrison, army=army)
        if not r.ok:
            self.status.set(f"Impossible losses in {space}: {r.reason} [{r.rule}]")
            return False
        self._apply_result(f"losses in {space}", r)
        return True

    def combat_actions(self, space: str) -> list[tuple[str, object]]:
        """The right-click menu for ``space``: (label, action) pairs; none outside a combat phase."""
        from mapref.rulesets.hitlers_war.combat import land_adjacent

        st = self.state
        if st.phase != "combat":
            return []
        out: list[tuple[str, object]] = []
        a = self.selected_army()
        cx = self._context()
        enemy = cx.control.get(space) != st.side or any(x.at == space and x.side != st.side for x in st.armies)
        if a is not None and a["side"] == st.side and a["hex"] != space and enemy and \
                (land_adjacent(cx, a["hex"], space) or cx.graph.kinds_between(a["hex"], space)):
            out.append(("Advance succeeded (capture)", lambda: self.capture(a["hex"], space, army=a["name"])))
        here = [x for x in st.armies if x.at == space]
        if here or any(f.at == space for f in st.forts):
            out.append(("Record losses...", lambda: self.ask_and_record_losses(space)))
        elif enemy and not space.startswith("box:") and not self._neutral(cx, space):
            out.append(("Garrison destroyed", lambda: self.losses(space, garrison=True)))
        return out

    def _neutral(self, cx, space: str) -> bool:
        n = self.state.nations.get(cx.country(space) or "")
        return n is not None and n.status == "neutral" and space not in cx.control

    def _right_click(self, e: tk.Event) -> None:
        space = self.space_at(e.x, e.y)
        if space is None:
            return
        actions = self.combat_actions(space)
        if not actions:
            st = self.state
            self.status.set(f"it is the {st.side} {st.phase} phase: combat results are entered only in a combat phase "
                            f"[Sequence of Play 2; Launching attacks 1]" if st.phase != "combat"
                            else f"{space}: select the advancing army first, or right-click a hex with an army")
            return
        if self.context_menu is not None:
            self.context_menu.destroy()
        menu = self.context_menu = tk.Menu(self.root, tearoff=False)
        menu.add_command(label=space, state="disabled")
        for label, fn in actions:
            menu.add_command(label=label, command=fn)
        try:
            menu.tk_popup(e.x_root, e.y_root)
        finally:
            menu.grab_release()

    def ask_and_record_losses(self, space: str) -> bool:
        here = [a for a in (self.report or {}).get("armies", []) if a["hex"] == space]
        a = next((x for x in here if x["name"] == self.selected), here[0] if here else None)
        has_fort = any(f.at == space for f in self.state.forts)
        v = self.ask_losses(space, a, has_fort)
        if not v:
            return False
        try:
            pts = {k: int(v.get(k) or 0) for k in ("infantry", "mechanized", "amphibious", "tactical_air", "para")}
            fort = int(v.get("fort") or 0)
        except ValueError:
            self.status.set("losses are whole numbers of strength points [Assault resolution 5]")
            return False
        return self.losses(space, {k: n for k, n in pts.items() if n}, fort=fort, army=a["name"] if a else None)

    def _ask_retreat_dialog(self, army: str, space: str, options: list[str]) -> str | None:
        from mapref.ui.dialogs import FormDialog

        d = FormDialog(self.root, "Retreat", [("to", f"{army} retreats from {space} to", "choice", options[0], options)],
                       note="The defender chooses among the legal retreats (Advance resolution 6-7).")
        v = d.show()
        return v["to"] if v else None

    def _ask_losses_dialog(self, space: str, army: dict | None, has_fort: bool) -> dict | None:
        from mapref.ui.dialogs import FormDialog

        fields = []
        if army is not None:
            for k, n in army["strength"].items():
                if n:
                    fields.append((k, f"{k.replace('_', ' ')} lost (of {n})", "int", 0, None))
        if has_fort:
            fields.append(("fort", "fort points lost", "int", 0, None))
        if not fields:
            return None
        who = army["name"] if army else f"the fort in {space}"
        return FormDialog(self.root, f"Losses in {space}", fields,
                          note=f"The points {who} loses, as its owner chose (Assault resolution 5).").show()

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
        from mapref.rulesets.hitlers_war.files import save_game

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
    from mapref.rulesets.hitlers_war.files import find_map, load_scenario
    from mapref.io.mapfile import load_map
    from mapref.paths import shipped_scenario
    from mapref.rulesets.hitlers_war.setup import new_game

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
