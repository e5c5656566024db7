"""The referee's window: one application shell for every game.

``mapref GAME.toml`` or ``mapref SCENARIO.toml`` (any game), ``mapref`` with no file (the
Hitler's War map with the Barbarossa set-up), File > Open, File > New game and File > Open
recent all open here.  The window holds a :class:`~mapref.rules.session.GameSession` and knows
no game: it asks the ruleset (:mod:`mapref.rules.ruleset`) what to show and offers what the
ruleset offers.

Top to bottom: the menus (File, Edit, Game, View, Help); the **turn track**
(:mod:`.track`: the turn, the sequence of play, what ending the step will do, Strict /
Advisory, the supply view, End step and the ruleset's tool bar); the **board**, chosen by the
ruleset's ``board_view`` and the map's kind: the hex map (:mod:`.hex_board`), the area map
(:mod:`.area_board`) or the tracks (:mod:`.tracks_board`), beside the **side panel**
(:mod:`.side`: the selected piece, the pools, the tracks of a map game, the ruleset's panels,
violations, the legend); the **messages and log panel** (:mod:`.feed`); the status bar.

The mouse and the menus go through the **controller** (:mod:`.controller`); files through
:mod:`.files`.  Every change is an action the session applies: one step of its history (Edit >
Undo / Redo), logged, and journaled to disk before the screen shows it.  The window is sized
from the screen it opens on, and every shortcut with Ctrl is only that (a bare key's action
never fires with Ctrl or Alt held).
"""

from __future__ import annotations

import tkinter as tk
from dataclasses import dataclass
from pathlib import Path
from tkinter import messagebox, ttk

from mapref.render.scene_hex import holders
from mapref.rules.ruleset import Action, Outcome
from mapref.rules.session import GameSession
from mapref.ui import PositionExport, classify_error
from mapref.ui.referee import forms
from mapref.ui.referee.controller import Controller
from mapref.ui.referee.feed import Feed, sentence
from mapref.ui.referee.files import FileActions
from mapref.ui.referee.replay import LogReplay
from mapref.ui.referee.share import TableShare
from mapref.ui.referee.side import SidePanel
from mapref.ui.referee.track import TurnTrack

MODIFIERS = 0x4 | 0x8 | 0x40  # Control, Alt (Mod1), Super (Mod4): a bare key's action ignores them


@dataclass(frozen=True)
class Key:
    """A command of the window: its menu, label, keys (Tk sequences) and how the menu shows them."""

    menu: str
    label: str
    command: str  # a method of the window ("files." for the file actions)
    keys: tuple[str, ...] = ()
    accel: str = ""
    bare: bool = False  # a key without Ctrl: never fires while a modifier is held or text is typed


KEYS = (
    Key("File", "New game...", "files.ask_and_start_new", ("<Control-n>",), "Ctrl+N"),
    Key("File", "Open game or scenario...", "files.ask_open", ("<Control-o>",), "Ctrl+O"),
    Key("File", "Save", "files.save", ("<Control-s>",), "Ctrl+S"),
    Key(
        "File", "Save as...", "files.save_as", ("<Control-S>", "<Control-Shift-S>", "<Control-Shift-s>"), "Ctrl+Shift+S"
    ),
    Key("File", "Export position as PNG...", "ask_and_export", ("<Control-e>",), "Ctrl+E"),
    Key(
        "File",
        "Export position as web page...",
        "ask_and_export_html",
        ("<Control-E>", "<Control-Shift-E>", "<Control-Shift-e>"),
        "Ctrl+Shift+E",
    ),
    Key("File", "Share with the table...", "share.show"),
    Key("File", "Quit", "close", ("<Control-q>",), "Ctrl+Q"),
    Key("Edit", "Undo", "undo", ("<Control-z>",), "Ctrl+Z"),
    Key("Edit", "Redo", "redo", ("<Control-y>", "<Control-Z>", "<Control-Shift-Z>", "<Control-Shift-z>"), "Ctrl+Y"),
    Key("Game", "End this step...", "end_step", ("<Control-Return>", "<Control-KP_Enter>"), "Ctrl+Return"),
    Key("View", "Supply view", "toggle_supply_view", ("<KeyPress-s>",), "S", bare=True),
    Key("View", "Zoom in", "zoom_in", ("<KeyPress-plus>", "<KeyPress-equal>", "<KeyPress-KP_Add>"), "+", bare=True),
    Key("View", "Zoom out", "zoom_out", ("<KeyPress-minus>", "<KeyPress-KP_Subtract>"), "-", bare=True),
    Key(
        "View",
        "Fit the board to the window",
        "fit",
        ("<KeyPress-0>", "<KeyPress-KP_0>", "<KeyPress-f>"),
        "0 / F",
        bare=True,
    ),
    Key("View", "Go to a space...", "ask_goto", ("<Control-g>",), "Ctrl+G"),
    Key("View", "Find a piece or space...", "ask_find", ("<Control-f>",), "Ctrl+F"),
    Key("View", "Refresh the report", "refresh", ("<F5>",), "F5"),
    Key("View", "Replay the log", "replay.toggle", ("<Control-r>",), "Ctrl+R"),
    Key("Help", "Keyboard shortcuts and the guide", "show_help", ("<F1>",), "F1"),
    Key("Help", "About mapref", "show_about"),
)
MOUSE = (
    ("Board", "Click a piece", "Select it: its supply line, its strength, the pieces with it"),
    ("Board", "Click a space again", "The next piece in it"),
    ("Board", "Drag a piece", "Move it (the spaces it may reach are lit); a refused move says why"),
    ("Board", "Right-click a space", "What can be done there now (greyed: refused now, with the rule)"),
    ("Board", "Wheel / middle-drag", "Zoom / move the view"),
    ("Pools", "Drag a pool's row", "Place it where it is dropped"),
    ("Log", "Click a line", "Its spaces outlined on the board"),
    (
        "Replay",
        "Left / Right, Home / End",
        "One action back / on, the opening / the last position (View > Replay the log)",
    ),
    ("Menus", "Escape or a click elsewhere", "Close a menu"),
    ("Dialogs", "Return / Escape", "OK / Cancel; a number field's text is selected: type to replace it"),
)


class RefereeWindow(PositionExport):
    """The referee's window on ``session`` in ``root``.  ``quiet``: no message boxes (tests);
    ``user_files``: keep the per-user list of recent games."""

    def __init__(self, root: tk.Tk, session: GameSession, quiet: bool = False, user_files: bool = False) -> None:
        self.root, self.session, self.quiet = root, session, quiet
        self.messages: list[str] = []  # internal errors shown (tests read them)
        self.report = None  # the referee's report of the position shown
        self.pieces: list = []
        self.marks: list = []
        self.control: dict[str, str] = {}
        self.supply_view: dict | None = None  # each side's supplied spaces, while the supply view is on
        self.supply_all: dict = {}  # the same, always (who holds what: the front)
        # the supply view and captures ``control`` was worked out from (a ruleset that keeps its
        # supply view per position gives the same one again after a move)
        self._holders_for: tuple | None = None
        self.selected: str | None = None  # the selected piece's id
        self.here: str | None = None  # the space whose pieces the side panel lists
        self.last_space: str | None = None  # the space last clicked (forms asking a space start with it)
        self._war: dict = {}
        self._found: tuple[str, list, int] | None = None
        # dialogs; tests replace them (no modal window)
        self.ask_form = self._ask_form_dialog  # (title, fields, note) -> values or None
        self.ask_choice = self._ask_choice_dialog  # (Ask) -> the option chosen, or None
        self.ask_override = self._ask_override_dialog  # (action, refusal) -> the referee's reason, or None
        self.ask_confirm = self._ask_confirm_dialog  # (title, text) -> bool
        self.ask_export_path = self._ask_export_path_dialog  # ("png" or "html") -> path or None
        self.ask_text = self._ask_text_dialog  # (title, label, choices) -> text or None
        self.files = FileActions(self, user_files)
        self.controller = Controller(self)
        self.share = TableShare(self)
        self.status = tk.StringVar(master=root, value="")
        self.mode = tk.StringVar(master=root, value=session.game.mode)  # each game in its own saved mode
        self.supply_on = tk.BooleanVar(master=root, value=False)
        root.report_callback_exception = self.report_exception
        self.size_to_screen()
        root.protocol("WM_DELETE_WINDOW", self.close)
        self._build()
        self.replay = LogReplay(self)
        session.listeners.append(self._session_changed)
        self.feed.reset()
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
    def advisory(self) -> bool:
        return self.mode.get() == "advisory"

    # ----------------------------------------------------------------------------- layout
    def size_to_screen(self) -> None:
        """The window takes most of the screen it opens on (all of a small laptop's, through the
        window manager's maximised state where there is one): nothing of it is off the screen."""
        root = self.root
        sw, sh = root.winfo_screenwidth(), root.winfo_screenheight()
        small = sw <= 1440 or sh <= 900
        w, h = (sw, sh - 60) if small else (int(sw * 0.9), int((sh - 60) * 0.92))
        root.geometry(f"{w}x{h}+0+0")
        root.minsize(min(900, sw), min(560, sh - 60))
        if small:
            try:
                root.attributes("-zoomed", True)  # X11 with a window manager: the work area
            except tk.TclError:
                pass

    def _build(self) -> None:
        root = self.root
        self._build_menus()
        self.statusbar = ttk.Label(root, textvariable=self.status, anchor="w", relief="sunken")
        self.statusbar.pack(side="bottom", fill="x")
        self.track = TurnTrack(root, self)
        self.track.frame.pack(side="top", fill="x")
        vpanes = self.vpanes = ttk.PanedWindow(root, orient="vertical")
        vpanes.pack(fill="both", expand=True)
        self.panes = ttk.PanedWindow(vpanes, orient="horizontal")
        self.canvas = self.make_board(self.panes)
        self.side = SidePanel(self.panes, self)
        self.panes.add(self.canvas, weight=5)
        self.panes.add(self.side.notebook, weight=0)
        vpanes.add(self.panes, weight=5)
        self.feed = Feed(vpanes, self)
        vpanes.add(self.feed.frame, weight=1)
        self.controller.bind_pools(self.side.pool_tree)
        self._bind_keys()

    def _build_menus(self) -> None:
        root = self.root
        self.menubar = bar = tk.Menu(root)
        menus: dict[str, tk.Menu] = {}
        for name in ("File", "Edit", "Game", "View", "Help"):
            menus[name] = tk.Menu(bar, tearoff=False)
            bar.add_cascade(label=name, menu=menus[name])
        self.edit_menu, self.game_menu, self.view_menu = menus["Edit"], menus["Game"], menus["View"]
        for k in KEYS:
            if k.menu == "Game":
                continue
            m = menus[k.menu]
            if k.command == "toggle_supply_view":  # (left out for a game that traces no supply: _show_views)
                self._supply_entry = dict(
                    label=k.label, accelerator=k.accel, variable=self.supply_on, command=self.refresh
                )
                m.add_checkbutton(**self._supply_entry)
            else:
                m.add_command(label=k.label, accelerator=k.accel, command=self._command(k.command))
            if k.command == "files.ask_open":
                self.recent_menu = tk.Menu(
                    menus["File"], tearoff=False, postcommand=lambda: self.files.fill_recent(self.recent_menu)
                )
                menus["File"].add_cascade(label="Open recent", menu=self.recent_menu)
            if k.command == "ask_and_export_html":
                m.add_command(label="Edit the map", command=self.edit_map)
                m.add_separator()
        menus["View"].add_command(label="Legend", command=lambda: self.side.notebook.select(self.side.legend_tab))
        menus["Help"].insert_command(1, label="The referee's guide", command=self.show_guide)
        self.menus = menus
        root.config(menu=bar)

    def _command(self, name: str):
        owner, _, attr = name.rpartition(".")
        return lambda: getattr(getattr(self, owner) if owner else self, attr)()

    def _bind_keys(self) -> None:
        """Every command's keys on the window; a bare key's action does nothing while Ctrl, Alt
        or Super is held (Ctrl+S saves and does not toggle the supply view) or while a text
        field has the keyboard."""
        root = self.root
        for k in KEYS:
            fn = self._command(k.command)
            for seq in k.keys:
                root.bind(
                    seq, (lambda e, fn=fn: self._bare(e, fn)) if k.bare else (lambda e, fn=fn: (fn(), "break")[1])
                )
        root.bind("<Escape>", lambda e: self._escape())
        self.canvas.bind("<Enter>", lambda e: self.canvas.focus_set(), add="+")

    def _bare(self, e: tk.Event, fn) -> str | None:
        if e.state & MODIFIERS or isinstance(e.widget, (tk.Entry, ttk.Entry, tk.Text, tk.Listbox, ttk.Combobox)):
            return None
        fn()
        return "break"

    def _escape(self) -> None:
        self.controller.close_menu()
        if self.replay.active:
            self.replay.stop()
        self.canvas.outline(())

    def board_kind(self) -> str:
        """ "tracks", "area" or "hex": the board the ruleset declares (``board_view``) on the kind
        of map the game has."""
        rs, m = self.session.ruleset, self.session.map
        return "tracks" if rs.board_view == "tracks" else "area" if getattr(m, "kind", "") == "area" else "hex"

    def make_board(self, master):
        """The board of :meth:`board_kind`, its mouse bound to the controller."""
        m = self.session.map
        kind = self.board_kind()
        if kind == "tracks":
            from mapref.ui.referee.tracks_board import TracksBoard

            board = TracksBoard(master, self)
        elif kind == "area":
            from mapref.ui.referee.area_board import AreaBoard

            board = AreaBoard(master, m, self, width=400, height=240)
        else:
            from mapref.ui.referee.hex_board import HexBoard

            board = HexBoard(master, m, self, width=400, height=240)
        self.controller.bind(board)
        return board

    # ---------------------------------------------------------------------------- showing
    def _session_changed(self, what: str) -> None:
        self.update_title()

    def refresh(self, force: bool = True) -> None:
        """Run the referee and show the position (after any change, or F5).  ``force=False``:
        the session's report is used when it is up to date."""
        s = self.session
        rs, game = s.ruleset, s.game
        if force:
            s.invalidate()
        rep = self.report = s.report()
        self.pieces = rs.pieces(game, rep)
        self.marks = rs.marks(game)
        self._war = {}
        view = self.supply_all = rs.supply_view(game)
        captured = rs.control_view(game)
        kept = self._holders_for
        if kept is None or kept[0] is not view or kept[1] != captured:  # (the same view: a move changed no control)
            self.control = holders(rs, game, view, captured)
            self._holders_for = (view, captured)
        self.canvas.set_held(captured)
        self._show_views()
        self.supply_view = view if self.supply_on.get() else None
        self.track.show()
        self.track.show_tools(rs.toolbar(game))
        if self.selected is not None and self.selected_piece() is None:
            self.selected = None
        self.side.show(rep)
        self._fit_side()
        self.canvas.redraw_game()
        self._update_edit_menu()
        self._update_game_menu()
        self.feed.render()

    def _fit_side(self) -> None:
        """The side panel as wide as its tabs ask (a tab added for this game's pools or tracks):
        the board gives up the width."""
        nb = self.side.notebook
        self.root.update_idletasks()
        need, have = nb.winfo_reqwidth(), nb.winfo_width()
        total = self.panes.winfo_width()
        if have > 1 and need > have and total > need + 300:
            try:
                self.panes.sashpos(0, self.panes.sashpos(0) - (need - have))
            except tk.TclError:
                pass

    def at_war(self, a: str, b: str) -> bool:
        key = (a, b)
        if key not in self._war:
            self._war[key] = self.session.ruleset.at_war(self.session.game, a, b)
        return self._war[key]

    def update_title(self) -> None:
        what = self.path.name if self.path else f"{self.scenario.name} (new game)"
        ro = " (read-only)" if self.session.read_only else ""
        self.root.title(f"{'*' if self.session.dirty else ''}{what}{ro} - mapref referee")

    def _update_edit_menu(self) -> None:
        h = self.session.history
        self.edit_menu.entryconfigure(
            0, label=f"Undo {h.undo_label()}".strip(), state="normal" if h.can_undo() else "disabled"
        )
        self.edit_menu.entryconfigure(
            1, label=f"Redo {h.redo_label()}".strip(), state="normal" if h.can_redo() else "disabled"
        )

    def _update_game_menu(self) -> None:
        m = self.game_menu
        end = "normal" if self.track.end_button.cget("state") != "disabled" else "disabled"
        items = self.session.ruleset.game_menu(self.session.game)
        shown = (end, items)
        if shown == getattr(self, "_game_menu_shown", None) and m.index("end") is not None:
            return  # the same entries (a move): the menu stands
        self._game_menu_shown = shown
        m.delete(0, "end")
        own = self.controller.register(m)
        m.add_command(label="End this step...", accelerator="Ctrl+Return", command=self.end_step, state=end)
        own.append(None)
        if items:
            m.add_separator()
            own.append(None)
            self.controller.fill_menu(m, items)
        m.add_separator()
        m.add_radiobutton(
            label="Strict: refuse what the rules refuse", value="strict", variable=self.mode, command=self.mode_changed
        )
        m.add_radiobutton(
            label="Advisory: allow it with a reason, logged",
            value="advisory",
            variable=self.mode,
            command=self.mode_changed,
        )
        own += [None, None, None]

    def game_menu_labels(self) -> list[str]:
        """The Game menu's entries as shown, a submenu's after its own."""
        return menu_labels(self.game_menu)

    def mode_changed(self) -> None:
        self.session.game.mode = self.mode.get()  # saved with the game
        self.feed.tell(
            "Advisory mode: an action the rules refuse can be done anyway; you give the reason and the log "
            "records the override."
            if self.advisory
            else "Strict mode: what the rules refuse is refused.",
            "info",
        )

    def toggle_supply_view(self) -> None:
        if not self.session.ruleset.traces_supply:
            self.status.set(f"{self.session.ruleset.title} traces no supply: it has no supply view")
            return
        self.supply_on.set(not self.supply_on.get())
        self.refresh()

    def _show_views(self) -> None:
        """The View menu offers the supply view only for a game that traces supply."""
        m, label = self.view_menu, self._supply_entry["label"]
        at = next(
            (i for i in range(m.index("end") + 1) if m.type(i) != "separator" and m.entrycget(i, "label") == label),
            None,
        )
        if self.session.ruleset.traces_supply and at is None:
            m.insert_checkbutton(0, **self._supply_entry)
        elif not self.session.ruleset.traces_supply and at is not None:
            m.delete(at)
            self.supply_on.set(False)

    # ------------------------------------------------------------------------ pieces
    def piece(self, pid: str | None):
        return next((p for p in self.pieces if p.id == pid), None) if pid else None

    def selected_piece(self):
        return self.piece(self.selected)

    def piece_named(self, values, text: str = ""):
        """The piece an action's values name (its id or title), else the one whose title the
        text names (the longest that fits)."""
        for v in values:
            p = next((x for x in self.pieces if v and v in (x.id, x.title) and x.kind != "marker"), None)
            if p is not None:
                return p
        named = [p for p in self.pieces if p.title and p.kind != "marker" and p.title in text]
        return max(named, key=lambda p: len(p.title)) if named else None

    def select(self, pid: str | None) -> None:
        old, self.selected = self.selected, pid
        p = self.selected_piece()
        if p is not None:
            self.here = p.space
        self.side.show_selected()
        self.canvas.show_selection(old)

    # ---------------------------------------------------------------------- actions
    def act(self, action: Action, **kw) -> Outcome:
        return self.controller.act(action, **kw)

    def end_step(self, confirm: bool = True) -> bool:
        """End this step (Ctrl+Return, the End step button): what it will do is shown first and
        confirmed when it does more than move on (``confirm=False``: no question)."""
        rs, game = self.session.ruleset, self.session.game
        action = rs.end_step(game)
        if action is None:
            return False
        if not self.session.check(action).ok:  # refused: said (or overridden in advisory mode), not confirmed
            return self.act(action).ok
        preview = rs.end_step_preview(game) if confirm else []
        if preview:
            here = next((st.label for st in rs.steps(game) if st.current), "this step")
            text = f"Ending {here.lower()} will:\n\n" + "\n".join(f"- {x}" for x in preview) + "\n\nEnd the step?"
            if not self.ask_confirm("End the step", text):
                self.feed.tell("the step goes on (not ended)", "info")
                return False
        return self.act(action).ok

    def undo(self) -> None:
        if self.replay.refuse():
            return
        e = self.session.undo()
        if e is None:
            self.feed.tell("nothing to undo", "info")
            return
        self.refresh()
        self.feed.tell(f"undone: {e.did}", "info", self.feed.spaces_in(e.did, e.action))

    def redo(self) -> None:
        if self.replay.refuse():
            return
        e = self.session.redo()
        if e is None:
            self.feed.tell("nothing to redo", "info")
            return
        self.refresh()
        self.feed.tell(f"redone: {e.did}", "info", self.feed.spaces_in(e.did, e.action))

    # ---------------------------------------------------------------------- the view
    def zoom_in(self) -> None:
        self.canvas.zoom_step(1.25)

    def zoom_out(self) -> None:
        self.canvas.zoom_step(0.8)

    def fit(self) -> None:
        self.canvas.fit()

    def space_names(self) -> list[str]:
        """Every space as Go to lists it: "code name" (the name alone where it is the code)."""
        board = self.session.board
        key = (id(board), board.version)
        if getattr(self, "_names_for", None) != key:
            out = []
            for sid in board.spaces():
                sp = board.space(sid)
                name = getattr(sp, "name", "") if sp is not None else ""
                if sp is not None and (name or sp.kind != "hex"):
                    out.append(f"{sid} {name}" if name and name.lower() != sid.lower() else sid)
            self._names, self._names_for = out, key
        return self._names

    def find_space(self, text: str) -> str | None:
        """A space by its code (``P10``, ``box:usa``, ``sedan``) or its name (exact, then the
        start of a name, then anywhere in it)."""
        board = self.session.board
        t = text.strip()
        if not t:
            return None
        first = t.split(" ", 1)[0]
        for cand in (t, first):
            if board.space(cand) is not None:
                return cand
            try:
                return board.parse(cand)
            except ValueError:
                pass
        low = t.lower()
        named = [
            (n.split(" ", 1)[0], n.split(" ", 1)[1].lower() if " " in n else n.lower()) for n in self.space_names()
        ]
        for test in (lambda nm: nm == low, lambda nm: nm.startswith(low), lambda nm: low in nm):
            hit = next((sid for sid, nm in named if test(nm)), None)
            if hit is not None:
                return hit
        return None

    def goto(self, text: str) -> str:
        """Go to a space by its name or code (Ctrl+G): centred and outlined."""
        sid = self.find_space(text)
        if sid is None:
            raise ValueError(f"no space called {text.strip()!r} on this board")
        self.canvas.centre_on_space(sid)
        self.canvas.outline([sid])
        self.here = sid
        self.side.show_selected()
        self.status.set(self.canvas.describe(sid))
        return sid

    def ask_goto(self) -> None:
        t = self.ask_text("Go to a space", "A space's name or code:", self.space_names())
        if t:
            self.goto(t)

    def find(self, text: str):
        """Find (Ctrl+F): the pieces whose name or text holds ``text`` (again: the next one), or
        else a space by name; the piece is selected and its space centred."""
        low = text.strip().lower()
        if not low:
            return None
        hits = [
            p
            for p in self.pieces
            if p.kind != "marker" and (low in (p.title or "").lower() or low == p.text.lower() or low in p.id.lower())
        ]
        if hits:
            k = 0
            if self._found is not None and self._found[0] == low:
                k = (self._found[2] + 1) % len(hits)
            self._found = (low, hits, k)
            p = hits[k]
            if p.selectable:
                self.select(p.id)
            self.canvas.centre_on_space(p.space)
            self.canvas.outline([p.space])
            self.status.set(f"{p.title or p.id} in {p.space} ({k + 1} of {len(hits)})")
            return p
        return self.goto(text)

    def ask_find(self) -> None:
        t = self.ask_text("Find", "A piece's name, or a space's name or code:", [])
        if t:
            self.find(t)

    # -------------------------------------------------------------------------- help
    def show_help(self) -> tk.Toplevel:
        """Help (F1): the keyboard shortcuts and the mouse, then the referee's guide."""
        from mapref.ui.referee.help import help_window

        return help_window(self, KEYS, MOUSE)

    def show_guide(self) -> tk.Toplevel:
        from mapref.ui.referee.help import guide_window

        return guide_window(self, KEYS, MOUSE)

    def show_about(self) -> None:
        from mapref.ui.referee.help import about_text

        if self.quiet:
            self.feed.tell(about_text(), "info")
            return
        messagebox.showinfo("About mapref", about_text(), parent=self.root)

    # -------------------------------------------------------------------------- files
    def close(self) -> None:
        self.replay.stop()
        if not self.files.settle_unsaved():
            return
        self.share.stop("the referee's window was closed")
        self.session.close()
        self.root.destroy()

    def switch(self, new: GameSession, note: str) -> None:
        """Play ``new`` in this window: the board its ruleset declares, its panels and log."""
        self.replay.stop()
        self.share.stop("another game was opened in the referee's window")
        old = self.session
        if self._session_changed in old.listeners:
            old.listeners.remove(self._session_changed)
        old.close()
        self.session = new
        new.listeners.append(self._session_changed)
        self.mode.set(new.game.mode)  # a new or opened game starts in its own mode, not the last game's
        self.selected = self.here = self.last_space = None
        if self.board_kind() == self.canvas.kind:  # the same kind of board: the new map on it
            self.canvas.held = {}
            self.canvas.set_model(new.map)
        else:
            board = self.make_board(self.panes)
            self.panes.forget(self.canvas)
            self.canvas.destroy()
            self.canvas = board
            self.panes.insert(0, board, weight=5)
            board.bind("<Enter>", lambda e: board.focus_set(), add="+")
        self.side.clear_panels()
        self.feed.reset()
        self.refresh()
        self.update_title()
        self.root.update_idletasks()
        self.canvas.fit()
        self.feed.tell(note, "info")

    def export_supply(self) -> bool:  # File > Export position as PNG draws the supply view when it is on
        return self.supply_on.get()

    def exported(self, text: str) -> None:
        self.feed.tell(text, "info")

    def edit_map(self):
        """File > Edit the map: the map editor on the game's own map file (a shipped map or the one
        the game or its scenario names; a copy, untitled, only when that file is gone).  What is
        edited there does not change the game being played: save the map and reopen the game to
        play on it."""
        from mapref.rules.files import map_file

        m = self.map
        path = map_file(self.session.game)  # the game's own map file: Save writes it, Save As starts beside it
        top = tk.Toplevel(self.root)
        from mapref.ui.editors import open_editor

        kind = "area" if getattr(m, "kind", "") == "area" else "hex"
        return open_editor(top, kind, path=path, model=None if path else _copy_map(m), quiet=self.quiet)

    # ------------------------------------------------------------------------ dialogs
    def _ask_form_dialog(self, title: str, fields: list, note: str = "") -> dict | None:
        return forms.ask_form(
            self.root, title, [forms.form_field(f) if not isinstance(f, forms.FormField) else f for f in fields], note
        )

    def _ask_choice_dialog(self, ask) -> str | None:
        return forms.ask_choice(self.root, ask)

    def _ask_override_dialog(self, action: Action, refusal: str) -> str | None:
        return forms.ask_override(self.root, refusal)

    def _ask_confirm_dialog(self, title: str, text: str) -> bool:
        return bool(messagebox.askyesno(title, text, parent=self.root))

    def _ask_text_dialog(self, title: str, label: str, choices: list[str]) -> str | None:
        from mapref.ui.dialogs import FormDialog

        v = FormDialog(self.root, title, [("text", label, "space", "", choices)]).show()
        return (v or {}).get("text") or None

    def report_exception(self, exc_type, exc, tb) -> None:
        """Tk's callback error hook: user errors are shown, internal ones logged."""
        self.show_error(*classify_error(exc_type, exc, tb, (ValueError, OSError)))

    def show_error(self, title: str, text: str) -> None:
        self.messages.append(text)
        self.feed.tell(sentence(text or title), "refused")
        if not self.quiet:
            messagebox.showerror(title, text, parent=self.root)


def menu_labels(m: tk.Menu) -> list[str]:
    """A menu's entries as shown, a submenu's after its own."""
    out = []
    for i in range(m.index("end") + 1 if m.index("end") is not None else 0):
        if m.type(i) == "separator":
            continue
        out.append(m.entrycget(i, "label"))
        if m.type(i) == "cascade":
            out += menu_labels(m.nametowidget(m.entrycget(i, "menu")))
    return out


def _copy_map(m):
    """A copy of a map through its file format (the model's caches are not copied)."""
    import tomllib

    if getattr(m, "kind", "") == "area":
        from mapref.io.areafile import area_from_dict, dumps_area_map

        text = dumps_area_map(m)
        return area_from_dict(tomllib.loads(text), text, f"{m.name or 'map'} (a copy)")
    from mapref.io.mapfile import dumps_map, map_from_dict

    text = dumps_map(m)
    return map_from_dict(tomllib.loads(text), text, f"{m.name or 'map'} (a copy)")


__all__ = ["KEYS", "MOUSE", "RefereeWindow"]
