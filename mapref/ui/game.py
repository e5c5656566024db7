"""The referee's window: a game on its map, with its pieces, the referee's report and supply lines.

``mapref`` with no file opens the Hitler's War map with the Barbarossa set-up; ``mapref
GAME.toml`` or ``mapref SCENARIO.toml`` open here too.  The window holds a
:class:`~mapref.rules.session.GameSession` and asks the game only through its ruleset
(:mod:`mapref.rules.ruleset`): the pieces to draw, the right-click menu at a space, what a drag
means, the side panels.  Every change is an action applied by the session: one step of its
history (Edit > Undo / Redo), logged, and journaled to disk before the screen shows it, so a
crash loses nothing (reopening offers the recovered position).

Click a piece (or the space it stands in) to see it: an army's supply line is drawn on the map,
or, when it is cut off, the spaces where its friendly region ends are ringed in red.  Drag an
army to move it (a refused move says why, citing the rule).  In a combat phase a right-click
offers the combat results (rulings R35).  The same actions are methods taking parameters
(:meth:`GameWindow.move`, :meth:`capture`, :meth:`losses`), so tests and scripts need no dialog;
dialogs are asked through replaceable attributes (:attr:`ask_retreat`, :attr:`ask_losses`,
:attr:`ask_save_changes`, :attr:`ask_recover`).
"""

from __future__ import annotations

import copy
import tkinter as tk
from pathlib import Path
from tkinter import filedialog, messagebox, ttk

from mapref.core.grid import Hex
from mapref.rules.ruleset import Action, Outcome
from mapref.rules.session import GameSession
from mapref.ui import autoclose, classify_error
from mapref.ui.canvas import MapCanvas

NEUTRAL_COLOURS = ("#555555", "#ffffff")


class GameCanvas(MapCanvas):
    """The map with the game on top: counters, fleets, forts, markers and a supply overlay."""

    def __init__(self, master: tk.Misc, m, window: "GameWindow", **kw) -> None:
        self.window = window
        super().__init__(master, m, **kw)

    def space_xy(self, space: str) -> tuple[float, float] | None:
        """Canvas coordinates of a space: a hex centre, or a point inside a box."""
        sp = self.window.session.board.space(space)
        if sp is None:
            return None
        if sp.is_box:
            b = self.model.boxes.get(space.partition(":")[2])
            if b is None:
                return None
            x0, y0, x1, y1 = self.box_rect(b)
            return (x0 + x1) / 2, y1 - 0.35 * self.layout.size
        return self.layout.centre(self.model.grid.parse(space))

    def colours(self, side: str) -> tuple[str, str]:
        return self.window.session.ruleset.side_colours.get(side, NEUTRAL_COLOURS)

    def draw_overlays(self) -> None:
        super().draw_overlays()
        w = getattr(self, "window", None)
        if w is None or w.report is None:
            return
        s = self.layout.size
        font = ("DejaVu Sans", max(6, int(s * 0.26)), "bold")
        per_box: dict[str, int] = {}
        for p in w.pieces:
            xy = self.space_xy(p.space)
            if xy is None:
                continue
            cx, cy = xy
            fill, ink = self.colours(p.side)
            if p.kind == "marker":
                # occupation markers (Hex Control and Garrisons, Friendly hexes 4)
                r = s * 0.2
                self.create_polygon(cx + s * 0.25, cy - s * 0.85 + r, cx + s * 0.25 + r * 2, cy - s * 0.85 + r * 1.6,
                                    cx + s * 0.25, cy - s * 0.85 + r * 2.2, fill=fill, outline="#f4f1e8",
                                    tags=("ovl", "occupation"))
            elif p.kind == "army":
                if self.window.session.board.space(p.space).is_box:
                    n = per_box.get(p.space, 0)
                    per_box[p.space] = n + 1
                    cx += (n - 1) * s * 0.75
                r = s * 0.36
                outline = "#ffd400" if p.title == w.selected else ("#ff3b30" if p.supplied is False else "#f4f1e8")
                tags = ("ovl", "unit", f"army:{p.title}")
                self.create_rectangle(cx - r, cy - r * 0.72, cx + r, cy + r * 0.72, fill=fill, outline=outline,
                                      width=max(2, s / 12), tags=tags)
                self.create_text(cx, cy, text=p.text, fill=ink, font=font, tags=tags)
            elif p.kind == "fleet":
                tags = ("ovl", "unit", "fleet", f"fleet:{p.title}")
                self.create_oval(cx + s * 0.2, cy - s * 0.75, cx + s * 0.7, cy - s * 0.3, fill=fill, outline="#f4f1e8", tags=tags)
                self.create_text(cx + s * 0.45, cy - s * 0.52, text=p.text, fill=ink, font=font, tags=tags)
            elif p.kind == "fort":
                tags = ("ovl", "unit", "fort")
                self.create_rectangle(cx - s * 0.7, cy + s * 0.3, cx - s * 0.25, cy + s * 0.7, fill="#e9e2c8", outline=fill,
                                      width=2, tags=tags)
                self.create_text(cx - s * 0.47, cy + s * 0.5, text=p.text, fill=fill, font=font, tags=tags)
        self._draw_supply()

    def _draw_supply(self) -> None:
        p = self.window.selected_piece()
        if p is None:
            return
        s = self.layout.size
        if p.supplied and len(p.supply_path) > 1:
            pts = [v for sp in p.supply_path for v in (self.space_xy(sp) or ())]
            self.create_line(*pts, fill="#1e9e3a", width=max(3, s / 7), arrow="last", smooth=False,
                             tags=("ovl", "supply", "supply-path"))
        for sp in p.cut:
            xy = self.space_xy(sp)
            if xy is None:
                continue
            cx, cy = xy
            self.create_oval(cx - s * 0.8, cy - s * 0.8, cx + s * 0.8, cy + s * 0.8, outline="#ff3b30", width=max(3, s / 8),
                             tags=("ovl", "supply", "supply-cut"))
        self.tag_raise("unit")


class GameWindow:
    def __init__(self, root: tk.Tk, session: GameSession, quiet: bool = False) -> None:
        self.root, self.session, self.quiet = root, session, quiet
        self.messages: list[str] = []
        self.report: dict | None = None
        self.pieces: list = []
        self.selected: str | None = None  # the selected army's name
        self._drag_from: str | None = None
        self.context_menu: tk.Menu | None = None
        # dialogs; tests replace them (no modal window)
        self.ask_retreat = self._ask_retreat_dialog  # (army, from_space, legal hexes) -> hex or None
        self.ask_losses = self._ask_losses_dialog  # (space, army dict or None, has_fort) -> values or None
        self.ask_save_changes = self._ask_save_changes_dialog  # (what) -> True (save), False (discard), None (cancel)
        self.ask_form = self._ask_form_dialog  # (title, fields, note) -> values or None
        root.report_callback_exception = self.report_exception
        root.geometry("1400x900")
        root.protocol("WM_DELETE_WINDOW", self.close)
        self.status = tk.StringVar(value="")
        self._build()
        session.listeners.append(self._session_changed)
        self.refresh()
        self.update_title()

    # ------------------------------------------------------------------------ the game
    @property
    def map(self):
        return self.session.map

    @property
    def scenario(self):
        return self.session.scenario

    @property
    def state(self):
        return self.session.state

    @property
    def path(self) -> Path | None:
        return Path(self.session.path) if self.session.path else None

    @property
    def board_view(self) -> str:
        """What the board shows: "map", or "tracks" (rows of tokens: mapref.ui.tracks_view)."""
        return getattr(self.session.ruleset, "board_view", "map")

    @property
    def history(self) -> list[tuple[str, object]]:
        """The actions that can be undone, oldest first: (what, step)."""
        return [(c.label, c) for c in self.session.history.done]

    # ----------------------------------------------------------------------------- layout
    def _build(self) -> None:
        root = self.root
        menu = tk.Menu(root)
        filem = tk.Menu(menu, tearoff=False)
        filem.add_command(label="Open game or scenario...", accelerator="Ctrl+O", command=self.ask_open)
        filem.add_command(label="Save", accelerator="Ctrl+S", command=self.save)
        filem.add_command(label="Save as...", accelerator="Ctrl+Shift+S", command=self.ask_save)
        filem.add_command(label="Edit the map", command=self.edit_map)
        filem.add_separator()
        filem.add_command(label="Quit", accelerator="Ctrl+Q", command=self.close)
        menu.add_cascade(label="File", menu=filem)
        self.edit_menu = editm = tk.Menu(menu, tearoff=False)
        editm.add_command(label="Undo", accelerator="Ctrl+Z", command=self.undo)
        editm.add_command(label="Redo", accelerator="Ctrl+Y", command=self.redo)
        menu.add_cascade(label="Edit", menu=editm)
        gamem = tk.Menu(menu, tearoff=False)
        gamem.add_command(label="End this step (advance)", accelerator="Ctrl+Return", command=self.advance)
        menu.add_cascade(label="Game", menu=gamem)
        viewm = tk.Menu(menu, tearoff=False)
        viewm.add_command(label="Fit map", accelerator="F", command=lambda: self.canvas.fit())
        viewm.add_command(label="Refresh report", accelerator="F5", command=self.refresh)
        menu.add_cascade(label="View", menu=viewm)
        root.config(menu=menu)
        root.bind("<Control-o>", lambda e: self.ask_open())
        root.bind("<Control-s>", lambda e: self.save())
        root.bind("<Control-S>", lambda e: self.ask_save())
        root.bind("<Control-q>", lambda e: self.close())
        root.bind("<F5>", lambda e: self.refresh())
        root.bind("<Control-Return>", lambda e: self.advance())
        root.bind("<Control-z>", lambda e: self.undo())
        root.bind("<Control-y>", lambda e: self.redo())
        root.bind("<Control-Z>", lambda e: self.redo())

        bar = ttk.Label(root, textvariable=self.status, anchor="w", relief="sunken")
        bar.pack(side="bottom", fill="x")
        panes = ttk.PanedWindow(root, orient="horizontal")
        panes.pack(fill="both", expand=True)
        if self.board_view == "tracks":  # a game played on tracks, not a map (the front-token game)
            from mapref.ui.tracks_view import TracksView

            self.canvas = TracksView(panes, self)
        else:
            self.canvas = GameCanvas(panes, self.map, self)
        side = ttk.Frame(panes, padding=6, width=320)
        panes.add(self.canvas, weight=5)
        panes.add(side, weight=0)
        self.turn_var = tk.StringVar()
        ttk.Label(side, textvariable=self.turn_var, font=("DejaVu Sans", 12, "bold"), wraplength=300).pack(anchor="w")
        ttk.Label(side, text="Selected", font=("DejaVu Sans", 10, "bold")).pack(anchor="w", pady=(10, 0))
        self.army_text = tk.Text(side, height=9, width=36, wrap="word", relief="flat", background="#f4f1e8")
        self.army_text.pack(fill="x")
        self.panel_text: dict[str, tk.Text] = {}
        self._panel_frame = ttk.Frame(side)
        self._panel_frame.pack(fill="x")
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

    def _panel(self, title: str) -> tk.Text:
        t = self.panel_text.get(title)
        if t is None:
            ttk.Label(self._panel_frame, text=title, font=("DejaVu Sans", 10, "bold")).pack(anchor="w", pady=(10, 0))
            frame = ttk.Frame(self._panel_frame)
            frame.pack(fill="x")
            t = tk.Text(frame, height=6 if title != "Nations" else 8, width=34, wrap="word", relief="flat", background="#f4f1e8")
            sb = ttk.Scrollbar(frame, orient="vertical", command=t.yview)
            t.configure(yscrollcommand=sb.set)
            sb.pack(side="right", fill="y")
            t.pack(side="left", fill="x", expand=True)
            self.panel_text[title] = t
        return t

    @property
    def prod_text(self) -> tk.Text:
        return self._panel("Production")

    @property
    def nations_text(self) -> tk.Text:
        return self._panel("Nations")

    # ---------------------------------------------------------------------------- showing
    def _session_changed(self, what: str) -> None:
        self.update_title()

    def refresh(self) -> None:
        """Run the referee and show its report (after any change, or F5)."""
        s = self.session
        s.invalidate()
        rep = s.report()
        self.report = rep.as_dict()
        self.pieces = s.ruleset.pieces(s.game, rep)
        pos = s.position()
        self.turn_var.set(pos.get("title", ""))
        for title, lines in s.ruleset.panels(s.game, rep) if hasattr(s.ruleset, "panels") else []:
            t = self._panel(title)
            t.delete("1.0", "end")
            t.insert("end", "\n".join(lines))
            if len(lines) > int(t.cget("height")):  # a long panel (Victory Point Check) grows, up to 20 lines
                t.configure(height=min(len(lines), 20))
        self.violations.delete(0, "end")
        self._violation_where = []
        for v in rep.violations:
            where = f"{v.where}: " if v.where else ""
            self.violations.insert("end", f"{where}{v.message} [{v.rule}]")
            self._violation_where.append(v.where)
        if not rep.violations:
            self.violations.insert("end", "No violations")
            self._violation_where.append("")
        if self.selected is not None and self.selected_piece() is None:
            self.selected = None
        self.show_army()
        self.canvas.draw_overlays()
        self._update_edit_menu()

    def nations_lines(self) -> list[str]:
        rs = self.session.ruleset
        return rs.nations_lines(self.session.game) if hasattr(rs, "nations_lines") else []

    def armies_at(self, space: str) -> list[dict]:
        return [a for a in (self.report or {}).get("armies", []) if a["hex"] == space]

    def selected_army(self) -> dict | None:
        if self.report is None or self.selected is None:
            return None
        return next((a for a in self.report.get("armies", []) if a["name"] == self.selected), None)

    def selected_piece(self):
        if self.selected is None:
            return None
        return next((p for p in self.pieces if p.kind == "army" and p.title == self.selected), None)

    def select_army(self, name: str | None) -> None:
        self.selected = name
        self.show_army()
        self.canvas.draw_overlays()

    def show_army(self) -> None:
        p = self.selected_piece()
        self.army_text.delete("1.0", "end")
        if p is None:
            self.army_text.insert("end", "Right-click the board for the actions of this phase." if self.board_view != "map"
                                  else "Click an army to see its strength and its supply line.")
            return
        self.army_text.insert("end", "\n".join(p.info))

    def update_title(self) -> None:
        what = self.path.name if self.path else f"{self.scenario.name} (new game)"
        mark = "*" if self.session.dirty else ""
        self.root.title(f"{mark}{what} - mapref referee")

    def _update_edit_menu(self) -> None:
        h = self.session.history
        self.edit_menu.entryconfigure(0, label=f"Undo {h.undo_label()}".strip(), state="normal" if h.can_undo() else "disabled")
        self.edit_menu.entryconfigure(1, label=f"Redo {h.redo_label()}".strip(), state="normal" if h.can_redo() else "disabled")

    # ---------------------------------------------------------------------------- actions
    def act(self, action: Action, refused_prefix: str = "") -> Outcome:
        """Apply an action through the session: its result (or the reason and rule it is
        refused) shows in the status bar."""
        out = self.session.apply(action)
        if not out.ok:
            self.status.set(_capital(out.refusal))
            return out
        self.refresh()
        self.status.set("; ".join(out.messages) or out.label)
        return out

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
        if self.board_view != "map":
            return self.canvas.space_at(x, y)
        bid = self.canvas.box_at(x, y)
        if bid is not None:
            return f"box:{bid}"
        h = self.canvas.hex_at(x, y)
        return self.map.grid.label(h) if h is not None else None

    def _release(self, e: tk.Event) -> None:
        """Dropping an army on another space moves it there, if the rules allow."""
        frm, self._drag_from = self._drag_from, None
        to = self.space_at(e.x, e.y)
        if frm and to and to != frm and self.selected:
            action = self.session.ruleset.drag(self.session.game, f"army:{self.selected}", to)
            if action is not None:
                self._move(action)

    def move(self, frm: str, to: str, points: dict | None = None, army: str | None = None) -> bool:
        """Check a move (Movement 1-5) and apply it; the reason and rule show when it is illegal."""
        args: dict = {"from": frm, "to": to}
        if points:
            args["points"] = points
        if army:
            args["army"] = army
        return self._move(Action("move", args))

    def _move(self, action: Action) -> bool:
        out = self.session.apply(action)
        if not out.ok:
            self.status.set(_capital(out.refusal))
            return False
        to = action.args.get("to")
        self.selected = next((a.name for a in self.state.armies if a.at == to and a.side == self.state.side), None)
        self.refresh()
        self.status.set("; ".join(out.messages))
        return True

    def advance(self, roll: int | None = None) -> None:
        """End the current step of the sequence of play and apply what the rules apply."""
        out = self.session.apply(Action("advance", {"roll": roll} if roll is not None else {}))
        if not out.ok:
            self.show_error("Cannot advance", out.refusal)
            return
        self.refresh()
        self.status.set("; ".join(out.messages) if out.messages else "advanced")

    def undo(self) -> None:
        e = self.session.undo()
        if e is None:
            self.status.set("nothing to undo")
            return
        self.refresh()
        self.status.set(f"undone: {e.did}")

    def redo(self) -> None:
        e = self.session.redo()
        if e is None:
            self.status.set("nothing to redo")
            return
        self.refresh()
        self.status.set(f"redone: {e.did}")

    # ------------------------------------------------------------------- combat results (R35)
    def capture(self, frm: str, to: str, retreat_to: list[str] | None = None, army: str | None = None) -> bool:
        """A successful advance from ``frm`` into ``to`` (Advance resolution 2-13).  ``retreat_to``:
        where the defender retreats each displaced army, in order; when it is not given and a
        defender has a choice, :attr:`ask_retreat` asks (a single legal hex is taken at once)."""
        args: dict = {"from": frm, "to": to}
        if army:
            args["army"] = army
        if retreat_to is not None:
            args["retreat_to"] = list(retreat_to)
        return self._capture(Action("capture", args), asked=retreat_to is not None)

    def _capture(self, action: Action, asked: bool = False) -> bool:
        while True:
            out = self.session.check(action)
            if out.ok or out.ask is None or asked:
                break
            options = out.ask.options
            name = out.ask.label.split(" retreats from ")[0]
            choice = options[0] if len(options) == 1 else self.ask_retreat(name, action.args["to"], options)
            if not choice:
                self.status.set(f"advance {action.args['from']} -> {action.args['to']} not recorded: no retreat chosen for {name}")
                return False
            action.args.setdefault(out.ask.key, []).append(choice)
        if not out.ok:
            self.status.set(_capital(out.refusal))
            return False
        out = self.session.apply(action, outcome=out)
        mover = out.data.get("army")
        if mover:
            self.selected = mover
        self.refresh()
        self.status.set("; ".join(out.messages) or out.label)
        return True

    def losses(self, space: str, points: dict[str, int] | None = None, fort: int = 0, garrison: bool = False,
               army: str | None = None) -> bool:
        """The owner's losses after an assault (Assault resolution 5-8; Effect of forts on combat 2)."""
        args: dict = {"space": space}
        if points:
            args["points"] = dict(points)
        if fort:
            args["fort"] = fort
        if garrison:
            args["garrison"] = True
        if army:
            args["army"] = army
        return self.act(Action("losses", args)).ok

    def combat_actions(self, space: str) -> list[tuple[str, object]]:
        """The right-click menu's enabled entries at ``space``: (label, function) pairs."""
        return [(item.label, self._menu_command(item)) for item in self._menu(space) if item.enabled]

    def _menu(self, space: str):
        sel = f"army:{self.selected}" if self.selected else None
        return self.session.ruleset.menu(self.session.game, space, sel)

    def _menu_command(self, item):
        action = item.action
        if action is None:
            return lambda: None
        if action.verb == "capture":
            return lambda: self._capture(Action(action.verb, dict(action.args)))
        if item.ask and action.verb == "losses":
            return lambda: self.ask_and_record_losses(action.args["space"])
        if item.ask:
            return lambda: self.ask_and_act(item)
        return lambda: self.act(Action(action.verb, dict(action.args)))

    def ask_and_act(self, item) -> bool:
        """A menu entry that needs values first (its ``ask`` fields): ask them, then act."""
        values = self.ask_form(item.label.rstrip("."), item.ask, item.why)
        if not values:
            return False
        args = dict(item.action.args)
        for key, _label, kind, _default, _choices in item.ask:
            v = values.get(key, "")
            if kind == "int":
                try:
                    args[key] = int(v or 0)
                except ValueError:
                    self.status.set(f"{key}: a whole number, please (got {v!r})")
                    return False
            elif v != "":
                args[key] = v
        return self.act(Action(item.action.verb, args)).ok

    def _ask_form_dialog(self, title: str, fields: list, note: str = "") -> dict | None:
        from mapref.ui.dialogs import FormDialog

        return FormDialog(self.root, title, fields, note=note).show()

    def _right_click(self, e: tk.Event) -> None:
        space = self.space_at(e.x, e.y)
        if space is None:
            return
        items = self._menu(space)
        if not any(i.enabled for i in items):
            why = next((i.why for i in items if i.why), "")
            st = self.state
            self.status.set(why or (f"{space}: select the advancing army first, or right-click a hex with an army"
                                    if st.phase == "combat" else f"{space}: nothing to do here now"))
            return
        if self.context_menu is not None:
            self.context_menu.destroy()
        menu = self.context_menu = tk.Menu(self.root, tearoff=False)
        menu.add_command(label=space, state="disabled")
        for item in items:
            menu.add_command(label=item.label, command=self._menu_command(item), state="normal" if item.enabled else "disabled")
        try:
            menu.tk_popup(e.x_root, e.y_root)
        finally:
            menu.grab_release()

    def ask_and_record_losses(self, space: str) -> bool:
        here = [a for a in (self.report or {}).get("armies", []) if a["hex"] == space]
        a = next((x for x in here if x["name"] == self.selected), here[0] if here else None)
        has_fort = any(p.kind == "fort" and p.space == space for p in self.pieces)
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
        if self.board_view != "map":
            return
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
        if self.board_view != "map":
            return
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

    # ------------------------------------------------------------------------------ files
    def save(self) -> bool:
        """Save to the game's own file (Ctrl+S); a new game asks where."""
        if not self.session.path:
            return self.ask_save()
        self.session.save()
        self.update_title()
        self.status.set(f"saved {self.session.path}")
        return True

    def ask_save(self) -> bool:
        p = filedialog.asksaveasfilename(parent=self.root, defaultextension=".toml", filetypes=[("mapref game", "*.toml")])
        if not p:
            return False
        self.session.save(p)
        self.update_title()
        self.status.set(f"saved {p}")
        return True

    def _ask_save_changes_dialog(self, what: str) -> bool | None:
        return messagebox.askyesnocancel("Unsaved changes", f"Save the changes to {what} first?", parent=self.root)

    def settle_unsaved(self) -> bool:
        """Before closing or opening another game: True when it is all right to go on (the
        changes were saved or thrown away), False to stay."""
        if not self.session.dirty:
            return True
        what = self.path.name if self.path else f"the new {self.scenario.name} game"
        answer = self.ask_save_changes(what)
        if answer is None:
            return False
        if answer:
            return self.save()
        return True

    def close(self) -> None:
        if not self.settle_unsaved():
            return
        self.session.close()
        self.root.destroy()

    def ask_open(self) -> None:
        p = filedialog.askopenfilename(parent=self.root, filetypes=[("mapref files", "*.toml")])
        if p:
            self.open_path(p)

    def open_path(self, p: str | Path) -> bool:
        if not self.settle_unsaved():
            return False
        new = load_for_play(p, journal=True, ask=self._ask_recover_dialog if not self.quiet else None)
        self.session.listeners.remove(self._session_changed)
        self.session.close()
        self.session = new
        new.listeners.append(self._session_changed)
        self.selected = None
        self.canvas.set_model(new.map)
        self.refresh()
        self.update_title()
        return True

    def _ask_recover_dialog(self, text: str) -> bool:
        return messagebox.askyesno("Recover unsaved changes", f"mapref was closed before these were saved: {text}. Recover them?",
                                   parent=self.root)

    def edit_map(self) -> None:
        """The map editor on a copy of the game's map: what is edited there does not change the
        game being played (save the map and reopen the game to play on it)."""
        from mapref.ui.editor import Editor

        top = tk.Toplevel(self.root)
        Editor(top, model=copy.deepcopy(self.map))  # type: ignore[arg-type]

    def report_exception(self, exc_type, exc, tb) -> None:
        """Tk's callback error hook: user errors are shown, internal ones logged."""
        self.show_error(*classify_error(exc_type, exc, tb, (ValueError, OSError)))

    def show_error(self, title: str, text: str) -> None:
        self.messages.append(text)
        self.status.set(text.splitlines()[0] if text else title)
        if not self.quiet:
            messagebox.showerror(title, text, parent=self.root)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def load_for_play(path: str | Path | None, *, journal: bool = False, ask=None) -> GameSession:
    """A session on a game file, a scenario file (a fresh set-up with its pools placed), or
    nothing (the shipped default: the Hitler's War map with the Barbarossa set-up).  With
    ``journal``, the session keeps a crash journal; when a crashed window left one for this
    game, ``ask(description) -> bool`` decides whether to recover it (None: never)."""
    from mapref.paths import shipped_scenario
    from mapref.rules import journal as jr
    from mapref.rules import registry
    from mapref.rules.files import load_game, new_game, open_file
    from mapref.rules.session import GameSession

    if path is None:
        sc_path = shipped_scenario(registry.DEFAULT_SCENARIO)
        game = new_game(sc_path, scenario_ref=registry.DEFAULT_SCENARIO, auto_place=True)
    else:
        kind, obj = open_file(path)
        if kind == "game":
            game = obj  # type: ignore[assignment]
        elif kind == "scenario":
            game = new_game(Path(path), scenario_ref=str(Path(path).resolve()), auto_place=True)
        else:
            raise ValueError(f"{path}: a {kind} file is a map: open it in the editor")
    if journal:
        r = jr.pending(game.path or None, getattr(game.scenario, "id", ""))
        if r is not None and not r.stale and ask is not None and ask(r.describe()):
            fresh = load_game(game.path, game.path) if game.path else game
            return jr.recover(r, fresh)
        if r is not None:
            r.discard()
    return GameSession(game, journal=journal)


def run(path: str | Path | None = None) -> int:
    root = tk.Tk()
    root.withdraw()
    ask = (lambda text: messagebox.askyesno("Recover unsaved changes",
                                           f"mapref was closed before these were saved: {text}. Recover them?"))
    session = load_for_play(path, journal=True, ask=ask)
    root.deiconify()
    w = GameWindow(root, session)
    root.after(60, w.canvas.fit)
    autoclose(root)
    root.mainloop()
    return 0
