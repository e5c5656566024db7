"""The referee's window for a game on an area map (Struggle for Europe).

``mapref GAME.toml`` or ``mapref SCENARIO.toml`` opens here when the game's map is an area map
(:func:`mapref.ui.app.run` chooses by the map's kind); hex games open in
:mod:`mapref.ui.game`.  The window holds a :class:`~mapref.rules.session.GameSession` and asks
the game only through its ruleset: the pieces to draw (counters, fortresses, control flags),
the right-click menu at a space, what a drag means, the side panels, the referee's report.

- The map is the area canvas (:class:`~mapref.ui.area_canvas.AreaCanvas`) with the game on top:
  the counters of a location stand under its name, or, while it is contested, at the half they
  hold; control flags beside the name; a battle waiting is ringed in red.
- Click a counter to see it: its supply line is drawn along the move lines to its supply
  location, or, when it is cut off, the halves that cut it are ringed.
- Drag a counter onto a location or a half to move it with the move card chosen in the tool bar
  (truck or naval); a refused move says why, with the rule.
- Right-click a location for what can be done there: enter a battle's result, attack in a
  contested location, build.  The tool bar ends the turn and plays the other operations.

Every change is an action applied by the session (Edit > Undo / Redo, logged, journaled).  The
actions are methods too (:meth:`AreaGameWindow.move`, :meth:`act`), and the dialogs are
replaceable attributes (:attr:`ask_form`, :attr:`ask_choice`, :attr:`ask_save_changes`), so
tests and scripts need no dialog.
"""

from __future__ import annotations

import tkinter as tk
from pathlib import Path
from tkinter import filedialog, messagebox, ttk

from mapref.render.area_pieces import stack_points, stacks
from mapref.rules.ruleset import Action, Outcome
from mapref.rules.session import GameSession
from mapref.ui import PositionExport, autoclose, classify_error
from mapref.ui.area_canvas import AreaCanvas

SELECTED = "#ffd400"
UNSUPPLIED = "#ff3b30"
EDGE = "#f4f1e8"
SUPPLY_LINE = "#1e9e3a"
BATTLE = "#d0021b"
COUNTER = 18  # a counter's side in pixels
NEUTRAL = ("#555555", "#ffffff")
LIST_KEYS = ("losses", "retreat_to")  # an Ask whose answers pile up in a list


class AreaGameCanvas(AreaCanvas):
    """The area map with the game on top (tag ``game``), redrawn with the map."""

    def __init__(self, master: tk.Misc, m, window: "AreaGameWindow", **kw) -> None:
        self.window = window
        self.counter_at: dict[str, tuple[float, float]] = {}  # counter id -> its centre (canvas)
        super().__init__(master, m, **kw)

    def redraw(self) -> None:
        super().redraw()
        self.draw_game()

    def colours(self, side: str) -> tuple[str, str]:
        w = getattr(self, "window", None)
        return w.session.ruleset.side_colours.get(side, NEUTRAL) if w is not None else NEUTRAL

    def space_centre(self, space: str) -> tuple[float, float] | None:
        """Canvas point where a space's lines meet (a half's anchor, a box's centre)."""
        m = self.model
        if space in m.locations:
            return self.to_canvas(m.locations[space].label_point)
        p = m.space_point(space)
        return self.to_canvas(p) if p is not None else None

    def stack_xy(self, space: str, n: int) -> list[tuple[float, float]]:
        """Where the ``n`` counters standing in ``space`` go (canvas points; the layout is
        :func:`mapref.render.area_pieces.stack_points`, the printed position's too)."""
        return stack_points(self.model, space, n, self.to_canvas, COUNTER)

    def draw_game(self) -> None:
        w = getattr(self, "window", None)
        self.delete("game")
        self.counter_at = {}
        if w is None or w.report is None:
            return
        for space, ps in stacks(w.pieces).items():
            for p, (x, y) in zip(ps, self.stack_xy(space, len(ps))):
                self._counter(p, x, y)
        for p in w.pieces:
            if p.kind == "marker":
                self._flag(p)
        for b in w.report.get("battles", []):
            pts = [self.counter_at[c] for c in b["attackers"] if c in self.counter_at] or \
                [xy for xy in [self.space_centre(b["at"])] if xy is not None]
            if pts:
                h = COUNTER / 2 + 6
                x0, y0 = min(p[0] for p in pts) - h, min(p[1] for p in pts) - h
                x1, y1 = max(p[0] for p in pts) + h, max(p[1] for p in pts) + h
                self.create_oval(x0, y0, x1, y1, outline=BATTLE, width=3, dash=(5, 3), tags=("game", "battle", f"battle:{b['at']}"))
        self._supply()
        self.tag_raise("counter")

    def _counter(self, p, x: float, y: float) -> None:
        fill, ink = self.colours(p.side)
        h = COUNTER / 2
        cid = p.id.partition(":")[2]
        tags = ("game", "counter", f"counter:{cid}")
        sel = self.window.selected == cid
        outline = SELECTED if sel else (UNSUPPLIED if p.supplied is False else EDGE)
        if p.kind == "fort":
            self.create_rectangle(x - h, y - h, x + h, y + h, fill="#e9e2c8", outline=fill, width=3, tags=tags)
            self.create_rectangle(x - h - 1, y - h - 1, x + h + 1, y + h + 1, outline=outline if sel or p.supplied is False
                                  else fill, width=1, tags=tags)
            self.create_text(x, y, text="F", fill=fill, font=("DejaVu Sans", 9, "bold"), tags=tags)
        else:
            self.create_rectangle(x - h, y - h, x + h, y + h, fill=fill, outline=outline, width=3 if sel or p.supplied is False
                                  else 1.5, tags=tags)
            self.create_text(x, y, text=p.text, fill=ink, font=("DejaVu Sans", 9, "bold"), tags=tags)
        self.counter_at[cid] = (x, y)

    def _flag(self, p) -> None:
        loc = self.model.locations.get(p.space)
        if loc is None:
            return
        x, y = self.to_canvas(loc.label_point)
        x -= 4 + 3.5 * len(loc.label) + 10
        fill, ink = self.colours(p.side)
        tags = ("game", "flag", f"flag:{p.space}")
        self.create_line(x, y + 7, x, y - 9, fill="#222222", width=1.5, tags=tags)
        self.create_polygon(x, y - 9, x + 13, y - 5, x, y - 1, fill=fill, outline="#222222", tags=tags)

    def _supply(self) -> None:
        p = self.window.selected_piece()
        if p is None:
            return
        if p.supplied and len(p.supply_path) > 1:
            pts = [c for sp in p.supply_path for c in (self.space_centre(sp) or ())]
            self.create_line(*pts, fill="#ffffff", width=8, tags=("game", "supply"))
            self.create_line(*pts, fill=SUPPLY_LINE, width=4, arrow="last", arrowshape=(14, 16, 6),
                             tags=("game", "supply", "supply-path"))
        for sp in p.cut:
            c = self.space_centre(sp)
            if c is None:
                continue
            r = 15
            self.create_oval(c[0] - r, c[1] - r, c[0] + r, c[1] + r, outline="#ffffff", width=6, tags=("game", "supply"))
            self.create_oval(c[0] - r, c[1] - r, c[0] + r, c[1] + r, outline=UNSUPPLIED, width=3,
                             tags=("game", "supply", "supply-cut", f"cut:{sp}"))

    def counter_under(self, x: float, y: float) -> str | None:
        """The counter under widget point (x, y), the topmost one."""
        cx, cy = self.canvasx(x), self.canvasy(y)
        for item in reversed(self.find_overlapping(cx - 1, cy - 1, cx + 1, cy + 1)):
            for t in self.gettags(item):
                if t.startswith("counter:"):
                    return t.partition(":")[2]
        return None

    def counter_widget_xy(self, cid: str) -> tuple[int, int] | None:
        c = self.counter_at.get(cid)
        if c is None:
            return None
        return int(round(c[0] - self.canvasx(0))), int(round(c[1] - self.canvasy(0)))


class AreaGameWindow(PositionExport):
    def __init__(self, root: tk.Tk, session: GameSession, quiet: bool = False) -> None:
        self.root, self.session, self.quiet = root, session, quiet
        self.report: dict | None = None
        self.pieces: list = []
        self.selected: str | None = None  # a counter id
        self.messages: list[str] = []
        self._drag: str | None = None
        self.context_menu: tk.Menu | None = None
        # dialogs; tests replace them
        self.ask_form = self._ask_form_dialog  # (title, fields, note) -> values or None
        self.ask_choice = self._ask_choice_dialog  # (label, options, note) -> option or None
        self.ask_save_changes = self._ask_save_changes_dialog  # (what) -> True, False, None
        self.ask_export_path = self._ask_export_path_dialog  # () -> path or None
        self.card = tk.StringVar(master=root, value="truck")
        self.status = tk.StringVar(master=root, value="")
        root.report_callback_exception = self.report_exception
        root.geometry("1400x900")
        root.protocol("WM_DELETE_WINDOW", self.close)
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

    # ----------------------------------------------------------------------------- layout
    def _build(self) -> None:
        root = self.root
        menu = tk.Menu(root)
        filem = tk.Menu(menu, tearoff=False)
        filem.add_command(label="Open game or scenario...", accelerator="Ctrl+O", command=self.ask_open)
        filem.add_command(label="Save", accelerator="Ctrl+S", command=self.save)
        filem.add_command(label="Save as...", accelerator="Ctrl+Shift+S", command=self.ask_save)
        filem.add_command(label="Export position as PNG...", accelerator="Ctrl+E", command=self.ask_and_export)
        filem.add_separator()
        filem.add_command(label="Quit", accelerator="Ctrl+Q", command=self.close)
        menu.add_cascade(label="File", menu=filem)
        self.edit_menu = editm = tk.Menu(menu, tearoff=False)
        editm.add_command(label="Undo", accelerator="Ctrl+Z", command=self.undo)
        editm.add_command(label="Redo", accelerator="Ctrl+Y", command=self.redo)
        menu.add_cascade(label="Edit", menu=editm)
        gamem = tk.Menu(menu, tearoff=False)
        for label, verb in (("End turn", "end-turn"), ("Pass", "pass"), ("Discard a card", "discard"),
                            ("Strategic bombing", "bomb"), ("Play an event", "event")):
            gamem.add_command(label=label, command=lambda v=verb: self.act(Action(v)))
        gamem.add_separator()
        gamem.add_command(label="Record a new play deck...", command=self.ask_deck)
        menu.add_cascade(label="Game", menu=gamem)
        viewm = tk.Menu(menu, tearoff=False)
        viewm.add_command(label="Fit map", accelerator="F", command=lambda: self.canvas.fit())
        viewm.add_command(label="Refresh report", accelerator="F5", command=self.refresh)
        menu.add_cascade(label="View", menu=viewm)
        root.config(menu=menu)
        for seq, fn in (("<Control-o>", self.ask_open), ("<Control-s>", self.save), ("<Control-S>", self.ask_save),
                        ("<Control-q>", self.close), ("<F5>", self.refresh), ("<Control-z>", self.undo),
                        ("<Control-y>", self.redo), ("<Control-Z>", self.redo), ("<Control-e>", self.ask_and_export)):
            root.bind(seq, lambda e, f=fn: f())

        top = ttk.Frame(root, padding=(6, 4))
        top.pack(side="top", fill="x")
        self.turn_var = tk.StringVar(master=root)
        ttk.Label(top, textvariable=self.turn_var, font=("DejaVu Sans", 12, "bold")).pack(side="left")
        bar = ttk.Frame(top)
        bar.pack(side="right")
        ttk.Label(bar, text="Move card:").pack(side="left")
        ttk.Radiobutton(bar, text="Truck", value="truck", variable=self.card).pack(side="left")
        ttk.Radiobutton(bar, text="Naval", value="naval", variable=self.card).pack(side="left", padx=(0, 10))
        self.buttons = {}
        for label, verb in (("Pass", "pass"), ("Discard", "discard"), ("Bomb", "bomb"), ("End turn", "end-turn")):
            b = ttk.Button(bar, text=label, command=lambda v=verb: self.act(Action(v)))
            b.pack(side="left", padx=2)
            self.buttons[verb] = b

        ttk.Label(root, textvariable=self.status, anchor="w", relief="sunken").pack(side="bottom", fill="x")
        panes = ttk.PanedWindow(root, orient="horizontal")
        panes.pack(fill="both", expand=True)
        self.canvas = AreaGameCanvas(panes, self.map, self)
        side = ttk.Frame(panes, padding=6, width=330)
        panes.add(self.canvas, weight=5)
        panes.add(side, weight=0)
        ttk.Label(side, text="Selected", font=("DejaVu Sans", 10, "bold")).pack(anchor="w")
        self.selected_text = tk.Text(side, height=6, width=38, wrap="word", relief="flat", background="#f4f1e8")
        self.selected_text.pack(fill="x")
        self.panel_text: dict[str, tk.Text] = {}
        self._panel_frame = ttk.Frame(side)
        self._panel_frame.pack(fill="x")
        ttk.Label(side, text="Battles waiting", font=("DejaVu Sans", 10, "bold")).pack(anchor="w", pady=(8, 0))
        self.battles = tk.Listbox(side, height=3, width=38)
        self.battles.pack(fill="x")
        ttk.Label(side, text="Messages", font=("DejaVu Sans", 10, "bold")).pack(anchor="w", pady=(8, 0))
        self.log_text = tk.Text(side, height=10, width=38, wrap="word", relief="flat", background="#f4f1e8")
        self.log_text.pack(fill="both", expand=True)
        ttk.Label(side, text="Violations", font=("DejaVu Sans", 10, "bold")).pack(anchor="w", pady=(8, 0))
        self.violations = tk.Listbox(side, height=3, width=38)
        self.violations.pack(fill="x")
        c = self.canvas
        c.bind("<ButtonPress-1>", self._press, add="+")
        c.bind("<ButtonRelease-1>", self._release, add="+")
        c.bind("<ButtonPress-3>", self._right_click, add="+")
        c.bind("<Motion>", self._motion, add="+")
        c.bind("f", lambda e: c.fit())
        c.bind("<Enter>", lambda e: c.focus_set())

    def _panel(self, title: str) -> tk.Text:
        t = self.panel_text.get(title)
        if t is None:
            ttk.Label(self._panel_frame, text=title, font=("DejaVu Sans", 10, "bold")).pack(anchor="w", pady=(8, 0))
            t = tk.Text(self._panel_frame, height=2, width=38, wrap="word", relief="flat", background="#f4f1e8")
            t.pack(fill="x")
            self.panel_text[title] = t
        return t

    # ---------------------------------------------------------------------------- showing
    def _session_changed(self, what: str) -> None:
        self.update_title()

    def refresh(self) -> None:
        s = self.session
        s.invalidate()
        rep = s.report()
        self.report = rep.as_dict()
        self.pieces = s.ruleset.pieces(s.game, rep)
        self.turn_var.set(s.position().get("title", ""))
        for title, lines in s.ruleset.panels(s.game, rep):
            t = self._panel(title)
            t.delete("1.0", "end")
            t.insert("end", "\n".join(lines))
            t.configure(height=max(1, len(lines)))
        self.battles.delete(0, "end")
        for b in self.report.get("battles", []):
            who = {"axis": "Axis", "allies": "Allied"}.get(b["attacker"], b["attacker"])
            self.battles.insert("end", f"{b['where']}: {who} {', '.join(b['attackers'])} against "
                                       f"{', '.join(b['defenders']) or 'nobody'} (right-click it)")
        self.violations.delete(0, "end")
        for v in rep.violations:
            self.violations.insert("end", f"{v.where}: {v.message} [{v.rule}]")
        if not rep.violations:
            self.violations.insert("end", "No violations")
        if self.selected is not None and self.selected_piece() is None:
            self.selected = None
        self.show_selected()
        self.canvas.draw_game()
        h = s.history
        self.edit_menu.entryconfigure(0, label=f"Undo {h.undo_label()}".strip(), state="normal" if h.can_undo() else "disabled")
        self.edit_menu.entryconfigure(1, label=f"Redo {h.redo_label()}".strip(), state="normal" if h.can_redo() else "disabled")

    def selected_piece(self):
        if self.selected is None:
            return None
        return next((p for p in self.pieces if p.id == f"counter:{self.selected}"), None)

    def select(self, cid: str | None) -> None:
        self.selected = cid
        self.show_selected()
        self.canvas.draw_game()

    def show_selected(self) -> None:
        p = self.selected_piece()
        self.selected_text.delete("1.0", "end")
        self.selected_text.insert("end", "\n".join(p.info) if p is not None else
                                  "Click a counter to see its supply line; drag it to move it.")

    def update_title(self) -> None:
        what = self.path.name if self.path else f"{self.scenario.name} (new game)"
        self.root.title(f"{'*' if self.session.dirty else ''}{what} - mapref referee")

    def say(self, text: str) -> None:
        self.status.set(text)
        self.messages.append(text)
        self.log_text.insert("end", text + "\n")
        self.log_text.see("end")

    # ---------------------------------------------------------------------------- actions
    def act(self, action: Action) -> Outcome:
        """Check an action, ask the choices the rules need (the counters to lose, where to
        retreat), and apply it; the result or the refusal with its rule shows."""
        action = Action(action.verb, dict(action.args))
        while True:
            out = self.session.check(action)
            if out.ok or out.ask is None:
                break
            choice = self.ask_choice(out.ask.label, list(out.ask.options), out.ask.note)
            if not choice:
                self.say(f"not done: {out.refusal}")
                return out
            if out.ask.key in LIST_KEYS:
                action.args.setdefault(out.ask.key, []).append(choice)
            else:
                action.args[out.ask.key] = choice
        if not out.ok:
            self.say(_capital(out.refusal))
            return out
        out = self.session.apply(action, outcome=out)
        self.refresh()
        self.say("; ".join(out.messages) or out.label)
        return out

    def move(self, cid: str, to: str, card: str | None = None) -> bool:
        """Drop counter ``cid`` on space ``to`` (a location, a half or a box) with the move card
        (default: the tool bar's)."""
        action = self.session.ruleset.drag(self.session.game, f"counter:{cid}", to, card or self.card.get())
        if action is None:
            return False
        out = self.act(action)
        if out.ok:
            self.select(cid if self.state.counter(cid) is not None else None)
        return out.ok

    def undo(self) -> None:
        e = self.session.undo()
        self.refresh()
        self.say(f"undone: {e.did}" if e is not None else "nothing to undo")

    def redo(self) -> None:
        e = self.session.redo()
        self.refresh()
        self.say(f"redone: {e.did}" if e is not None else "nothing to redo")

    def ask_deck(self) -> bool:
        v = self.ask_form("Record a new play deck", [("player", "player", "choice", "allies", ["axis", "allies"]),
                                                     ("deck", "the play deck now in use", "choice", "2", ["1", "2", "3"])],
                          "The play deck ran out and the next was made (6).")
        if not v:
            return False
        return self.act(Action("deck", {"player": v["player"], "deck": int(v["deck"])})).ok

    # ------------------------------------------------------------------------- the mouse
    def _press(self, e: tk.Event) -> None:
        cid = self.canvas.counter_under(e.x, e.y)
        self._drag = cid
        self.select(cid)

    def _release(self, e: tk.Event) -> None:
        cid, self._drag = self._drag, None
        if cid is None or self.canvas.counter_under(e.x, e.y) == cid:
            return
        to = self.canvas.space_at(e.x, e.y)
        if to is not None:
            self.move(cid, to)

    def _motion(self, e: tk.Event) -> None:
        space = self.canvas.space_at(e.x, e.y)
        if space is None:
            return
        loc = space if space.startswith("box:") else space.split(".", 1)[0]
        d = (self.report or {}).get("locations", {}).get(loc)
        if d is None:
            self.status.set(self.session.board.space(space).label if self.session.board.space(space) else space)
            return
        here = "; ".join((f"{h}: " if h else "") + ", ".join(ids) for h, ids in d["counters"].items())
        flag = f", {d['flag']} flag" if d["flag"] else ""
        self.status.set(f"{self.session.board.space(space).label if self.session.board.space(space) else d['name']}: "
                        f"{d['control']}{flag}" + (f"; {here}" if here else ""))

    def menu_items(self, space: str):
        return self.session.ruleset.menu(self.session.game, space, f"counter:{self.selected}" if self.selected else None)

    def _right_click(self, e: tk.Event) -> None:
        space = self.canvas.space_at(e.x, e.y)
        if space is None:
            return
        items = self.menu_items(space)
        if not items:
            self.status.set(f"{space}: nothing to do here now")
            return
        if self.context_menu is not None:
            self.context_menu.destroy()
        menu = self.context_menu = tk.Menu(self.root, tearoff=False)
        menu.add_command(label=space, state="disabled")
        for item in items:
            menu.add_command(label=item.label, command=lambda i=item: self.choose(i), state="normal" if item.enabled else "disabled")
        try:
            menu.tk_popup(e.x_root, e.y_root)
        finally:
            menu.grab_release()

    def choose(self, item) -> bool:
        """A right-click menu entry: its fields asked first, then the action."""
        if not item.enabled:
            self.say(item.why or "not now")
            return False
        args = dict(item.action.args)
        if item.ask:
            values = self.ask_form(item.label.rstrip("."), item.ask, item.why)
            if not values:
                return False
            for key, _label, kind, _default, _choices in item.ask:
                v = str(values.get(key, "")).strip()
                if v in ("", "None"):
                    continue
                if kind == "int":
                    try:
                        args[key] = int(v)
                    except ValueError:
                        self.say(f"{key}: a whole number, please (got {v!r})")
                        return False
                else:
                    args[key] = v
        return self.act(Action(item.action.verb, args)).ok

    # ------------------------------------------------------------------------------ dialogs
    def _ask_form_dialog(self, title: str, fields: list, note: str = "") -> dict | None:
        from mapref.ui.dialogs import FormDialog

        fields = [(k, lab, kind, "" if d is None else d, ch) for k, lab, kind, d, ch in fields]
        return FormDialog(self.root, title, fields, note=note).show()

    def _ask_choice_dialog(self, label: str, options: list[str], note: str = "") -> str | None:
        from mapref.ui.dialogs import FormDialog

        v = FormDialog(self.root, "Choose", [("choice", label, "choice", options[0], options)], note=note).show()
        return v["choice"] if v else None

    def _ask_save_changes_dialog(self, what: str) -> bool | None:
        return messagebox.askyesnocancel("Unsaved changes", f"Save the changes to {what} first?", parent=self.root)

    # ------------------------------------------------------------------------------ files
    def save(self) -> bool:
        if not self.session.path:
            return self.ask_save()
        self.session.save()
        self.update_title()
        self.say(f"saved {self.session.path}")
        return True

    def exported(self, text: str) -> None:  # File > Export position as PNG (PositionExport)
        self.say(text)

    def ask_save(self) -> bool:
        p = filedialog.asksaveasfilename(parent=self.root, defaultextension=".toml", filetypes=[("mapref game", "*.toml")])
        if not p:
            return False
        self.session.save(p)
        self.update_title()
        self.say(f"saved {p}")
        return True

    def settle_unsaved(self) -> bool:
        if not self.session.dirty:
            return True
        what = self.path.name if self.path else f"the new {self.scenario.name} game"
        answer = self.ask_save_changes(what)
        if answer is None:
            return False
        return self.save() if answer else True

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
        from mapref.ui.game import load_for_play

        if not self.settle_unsaved():
            return False
        new = load_for_play(p, journal=True, ask=None if self.quiet else self._ask_recover_dialog)
        if new.board.kind != "area":
            new.close()
            self.show_error("Not an area game", f"{p}: a game on a hex map: open it with mapref {p}")
            return False
        self.session.listeners.remove(self._session_changed)
        self.session.close()
        self.session = new
        new.listeners.append(self._session_changed)
        self.selected = None
        self.canvas.set_model(new.map)
        self.refresh()
        self.canvas.fit()
        self.update_title()
        return True

    def _ask_recover_dialog(self, text: str) -> bool:
        return messagebox.askyesno("Recover unsaved changes", f"mapref was closed before these were saved: {text}. Recover them?",
                                   parent=self.root)

    def report_exception(self, exc_type, exc, tb) -> None:
        self.show_error(*classify_error(exc_type, exc, tb, (ValueError, OSError)))

    def show_error(self, title: str, text: str) -> None:
        self.say(text.splitlines()[0] if text else title)
        if not self.quiet:
            messagebox.showerror(title, text, parent=self.root)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def run(path: str | Path) -> int:
    from mapref.ui.game import load_for_play

    root = tk.Tk()
    root.withdraw()
    ask = (lambda text: messagebox.askyesno("Recover unsaved changes",
                                           f"mapref was closed before these were saved: {text}. Recover them?"))
    session = load_for_play(path, journal=True, ask=ask)
    root.deiconify()
    w = AreaGameWindow(root, session)
    root.after(60, w.canvas.fit)
    autoclose(root)
    root.mainloop()
    return 0


__all__ = ["AreaGameCanvas", "AreaGameWindow", "run"]
