"""The shell both map editors share: the window's frame and everything that is not about hexes
or areas.

:class:`EditorShell` builds the menu bar, toolbar, tool palette, map, inspector, problems panel
and status bar, sized from the screen; binds every action of the editor's registry (``ACTIONS``:
id, menu, label, keys) as the virtual event ``<<id>>`` on the window, so menus, toolbar buttons,
keys and tests all go through :meth:`EditorShell.fire`; keeps the undo history; reports user
errors in a dialog and the status bar (anything else is an internal error, logged, one line).
Its collaborators hold the rest of what the two editors share: :class:`mapref.ui.editor_files.
EditorFiles` (open, save, save as, new, Open recent, close, autosave and crash recovery),
:class:`mapref.ui.images.Underlay` (the background image, read in a worker behind its guards)
and :mod:`mapref.ui.editor_help` (Help: shortcuts, the guide, About).

The hex editor (:class:`mapref.ui.editor.Editor`) and the area editor
(:class:`mapref.ui.area_editor.AreaEditor`) subclass it and answer the hooks: how their map
is read, written and drawn, their tools, palette, inspector and problems panel.

Keys: shortcuts with Control are bound to the window; single keys (tool letters, +, -, F,
Delete, Escape) only on the map, and never when Control, Alt or Super is held (Tk's ``<s>``
also matches Ctrl+S: that one belongs to Save).  Fields of the palette and the inspector keep
the keyboard while they are typed in (:meth:`EditorShell.watch_field`).
"""

from __future__ import annotations

import tkinter as tk
from dataclasses import dataclass
from pathlib import Path
from tkinter import messagebox, simpledialog, ttk
from collections.abc import Callable, Mapping

from mapref.core.commands import EditError
from mapref.io.problems import FileProblems
from mapref.paths import icon as icon_path
from mapref.ui import classify_error
from mapref.ui.dialogs import select_all_text, show_text
from mapref.ui.editor_api import MapKind as MapKind, editor_of as editor_of  # (also imported from here)
from mapref.ui.tooltip import Tooltip


@dataclass(frozen=True)
class Action:
    id: str
    menu: str  # "File", or "File/New" for an entry of a submenu
    label: str
    keys: tuple[str, ...] = ()  # Tk sequences; bound application-wide
    canvas_keys: tuple[str, ...] = ()  # bound on the canvas only (single keys)
    accel: str = ""  # shown in the menu
    icon: str | None = None
    toolbar: bool = False
    separator: bool = False  # a separator follows it in its menu


# The actions both editors have, in menu order; each editor puts its own between them.
FILE_ACTIONS = (
    Action("new-hex", "File/New", "Hex map..."),
    Action("new-area", "File/New", "Area map..."),
    Action("open", "File", "Open...", ("<Control-o>",), accel="Ctrl+O", icon="open", toolbar=True),
    Action("save", "File", "Save", ("<Control-s>",), accel="Ctrl+S", icon="save", toolbar=True),
    Action(
        "save-as", "File", "Save as...", ("<Control-S>", "<Control-Shift-S>", "<Control-Shift-s>"), accel="Ctrl+Shift+S"
    ),
    Action("export", "File", "Export PNG...", ("<Control-e>",), accel="Ctrl+E", icon="export", toolbar=True),
    Action("recover-unsaved", "File", "Recover unsaved map...", separator=True),
    Action("quit", "File", "Quit", ("<Control-q>",), accel="Ctrl+Q"),
)
UNDO_ACTIONS = (
    Action("undo", "Edit", "Undo", ("<Control-z>",), accel="Ctrl+Z", icon="undo", toolbar=True),
    Action(
        "redo",
        "Edit",
        "Redo",
        ("<Control-Z>", "<Control-Shift-Z>", "<Control-Shift-z>", "<Control-y>"),
        accel="Ctrl+Shift+Z / Ctrl+Y",
        icon="redo",
        toolbar=True,
        separator=True,
    ),
)
ZOOM_ACTIONS = (
    Action(
        "zoom-in", "View", "Zoom in", (), ("<plus>", "<equal>", "<KP_Add>"), accel="+", icon="zoom_in", toolbar=True
    ),
    Action("zoom-out", "View", "Zoom out", (), ("<minus>", "<KP_Subtract>"), accel="-", icon="zoom_out", toolbar=True),
    Action(
        "fit", "View", "Fit map to window", (), ("<f>", "<F>", "<0>", "<KP_0>"), accel="F / 0", icon="fit", toolbar=True
    ),
)
BACKGROUND_ACTIONS = (
    Action("load-background", "Tools", "Load background image...", icon="background", toolbar=True),
    Action("background-opacity", "Tools", "Background opacity..."),
    Action("remove-background", "Tools", "Remove background image"),
    Action("check", "Tools", "Check problems now", ("<F5>",), accel="F5", icon="problems", toolbar=True),
)
HELP_ACTIONS = (
    Action("shortcuts", "Help", "Keyboard shortcuts and guide", ("<F1>",), accel="F1"),
    Action("about", "Help", "About mapref"),
)

MODIFIERS = 0x4 | 0x8 | 0x40  # Control, Alt (Mod1), Super (Mod4); not Shift, Caps Lock or Num Lock


class EditorShell:
    """See the module notes.  Subclasses set the class attributes and answer the hooks."""

    map_kind: MapKind  # what it edits, and how that is read and written
    window_title = "mapref editor"
    ACTIONS: tuple[Action, ...] = ()
    TOOL_CLASSES: tuple = ()
    USER_ERRORS: tuple[type[BaseException], ...] = (EditError, FileProblems, ValueError, OSError)
    palette_width = 236
    inspector_width = 300
    autosave_ms = 30_000  # autosave this often while there are unsaved changes...
    autosave_changes = 10  # ... and on every tenth change

    def __init__(
        self,
        root: tk.Misc,
        path: str | Path | None = None,
        model=None,
        quiet: bool = False,
        ask_recover: Callable | None = None,
        user_files: bool = False,
        editors: Mapping[str, type[EditorShell]] | None = None,
    ) -> None:
        """``quiet``: no modal dialogs (tests; messages go to ``self.messages``, answers come from
        ``self.answers``).  ``ask_recover`` answers "recover the autosaved version?" (default: a
        dialog; in quiet mode without it the question is not asked).  ``user_files``: keep the
        per-user list of recent maps, and autosave maps never saved in the per-user folder (the
        ``mapref`` command does).  ``editors``: the editor of each kind of map (File > Open and
        File > New of the other kind put it in this window; :data:`mapref.ui.editors.EDITORS`,
        which ``mapref MAP.toml`` gives); by default only this editor's own kind."""
        from mapref.ui.editor_files import EditorFiles
        from mapref.ui.images import Underlay

        self.editors = editors if editors is not None else {self.map_kind.name: type(self)}
        self.root = root
        root.mapref_editor = self  # type: ignore[attr-defined]
        self.quiet = quiet
        self.messages: list[str] = []
        self.answers: list = []
        self.path: Path | None = Path(path) if path else None
        if model is None:
            model = self.map_kind.read(self.path) if self.path else self.map_kind.blank()
        self.model = model
        self.history = self.map_kind.history(model)
        self.history.listeners.append(self._changed)
        self.status = tk.StringVar(root, value="")
        self.message = tk.StringVar(root, value="")
        self._images: dict[str, tk.PhotoImage] = {}
        root.report_callback_exception = self.report_exception  # type: ignore[attr-defined]
        self._typing: set[tk.Widget] = set()  # fields typed in and not yet confirmed
        self.files = EditorFiles(self, ask_recover, user_files)
        self.underlay = Underlay(self)
        self._option_vars()
        self._build()
        self._window_size()
        self.tools = {cls.name: cls(self) for cls in self.TOOL_CLASSES}
        self.tool = self.tools["select"]
        self._build_palette()
        self._bind_actions()
        self.set_tool("select")
        root.protocol("WM_DELETE_WINDOW", lambda: self.fire("quit"))
        self.underlay.load()
        self.update_title()
        self.inspector.show()
        self.problems.schedule()
        self.files.start()

    # ------------------------------------------------------------------------- the hooks
    def make_panels(self, centre: ttk.PanedWindow, right: ttk.Frame) -> None:
        """Make ``self.canvas``, ``self.problems`` (in ``centre``) and ``self.inspector`` (in ``right``)."""
        raise NotImplementedError

    def handlers(self) -> dict[str, Callable[[], object]]:
        """The editor's own actions (those the shell does not know)."""
        return {}

    def _option_vars(self) -> None: ...
    def _build_palette(self) -> None: ...

    def _motion(self, e: tk.Event, dragging: bool = False) -> None:
        """The pointer moved over the map (``dragging``: with the button down): say what is
        under it, show what the tool would do."""

    def _forget_view(self) -> None:
        """A new map is in: drop the selection and whatever belongs to the old one."""

    def _changed(self, cmd, how: str) -> None:
        """The history did (``how`` = "do", "undo", "redo") ``cmd``: views follow."""

    def shortcut_rows(self) -> list[tuple[str, str, str]]:
        """(section, keys, what) for every shortcut, from the one registry of actions."""
        rows = [(a.menu.split("/")[0], a.accel, a.label.rstrip(".")) for a in self.ACTIONS if a.accel]
        rows += [("Tools", cls.key.upper(), f"{cls.label} tool") for cls in self.TOOL_CLASSES]
        rows += [
            ("Map", "Wheel, + / -", "Zoom about the cursor"),
            ("Map", "Middle-drag, Space+drag", "Pan"),
            ("Fields", "Return", "Set the value and give the keyboard back to the map"),
            ("Fields", "Escape", "Put the field back as it was"),
        ]
        return rows

    guide = ""  # the editor's part of the Help window's guide

    # ------------------------------------------------------------------------ plumbing
    def fire(self, action_id: str) -> None:
        """Fire an action the way a menu, a key or a toolbar button does."""
        self.root.event_generate(f"<<{action_id}>>")

    def push(self, cmd) -> None:
        self.history.push(cmd)

    def editor_class(self, kind: str) -> type[EditorShell]:
        """The editor of maps of ``kind`` (``self.editors``); EditError for a kind this window was
        not given (an editor made on its own edits only its own kind)."""
        if kind not in self.editors:
            raise EditError(f"this window edits {' and '.join(sorted(self.editors))} maps, not {kind} maps")
        return self.editors[kind]

    def end_group(self) -> None:
        if self.history.end_group() is not None:
            self.update_title()
            self.files.count_change()

    def after_change(self) -> None:
        """What every change does once the views followed it: title, inspector, problems, and
        the autosave count (a brush stroke counts once, when it ends)."""
        if self.history.group is None:
            self.files.count_change()
        self.update_title()
        self.inspector.show()
        self.problems.schedule()

    def set_status(self, text: str) -> None:
        self.message.set(text)

    def report_exception(self, exc_type, exc, tb) -> None:
        """Tk's callback error hook: user errors are shown, internal ones logged."""
        self.history.end_group()
        for t in self.tools.values():
            try:
                t.cancel()
            except Exception:  # never fail while reporting
                pass
        self.show_error(*classify_error(exc_type, exc, tb, self.USER_ERRORS))

    def show_error(self, title: str, text: str) -> None:
        self.messages.append(text)
        self.set_status(text.splitlines()[0] if text else title)
        if self.quiet:
            return
        if text.count("\n") > 3:
            show_text(self.root, title, text)
        else:
            messagebox.showerror(title, text, parent=self.root)

    def ask_string(self, title: str, prompt: str, initial: str = "") -> str | None:
        if self.quiet:
            return self.answers.pop(0) if self.answers else None
        return simpledialog.askstring(title, prompt, initialvalue=initial, parent=self.root)

    def image(self, name: str | None) -> tk.PhotoImage | None:
        if not name:
            return None
        if name not in self._images:
            p = icon_path(name)
            if not p.exists():
                return None
            self._images[name] = tk.PhotoImage(file=str(p), master=self.root)
        return self._images[name]

    # -------------------------------------------------------------------------- building
    def _build(self) -> None:
        root = self.root
        self.menubar = tk.Menu(root)
        root.configure(menu=self.menubar)
        self.menus: dict[str, tk.Menu] = {}
        for name in ("File", "Edit", "View", "Tools", "Help"):
            self.menus[name] = tk.Menu(self.menubar, tearoff=False)
            self.menubar.add_cascade(label=name, menu=self.menus[name], underline=0)
        self.toolbar = ttk.Frame(root, padding=(4, 2))
        self.toolbar.pack(side="top", fill="x")
        self.statusbar = statusbar = ttk.Frame(root)
        statusbar.pack(side="bottom", fill="x")
        ttk.Label(statusbar, textvariable=self.status, anchor="w", relief="sunken", width=50).pack(
            side="left", fill="x", expand=True
        )
        self.zoom_text = tk.StringVar(root, value="100%")
        self.zoom_label = ttk.Label(statusbar, textvariable=self.zoom_text, anchor="e", relief="sunken", width=6)
        self.zoom_label.pack(side="right")
        ttk.Label(statusbar, textvariable=self.message, anchor="w", relief="sunken", width=60).pack(
            side="right", fill="x"
        )
        self.palette = ttk.Frame(root, padding=(4, 2), width=self.palette_width)
        self.palette.pack(side="left", fill="y")
        self.palette.pack_propagate(False)  # the same width whatever the tool: the map does not jump
        right = ttk.Frame(root, width=self.inspector_width)
        right.pack(side="right", fill="y")
        right.pack_propagate(False)
        centre = ttk.PanedWindow(root, orient="vertical")
        centre.pack(side="left", fill="both", expand=True)
        self.make_panels(centre, right)
        self.gestures = Gestures(self)
        c = self.canvas
        c.bind("<<Redrawn>>", lambda e: self.zoom_text.set(f"{c.zoom * 100:.0f}%"), add="+")

    def _window_size(self) -> None:
        """1400x900, or less on a smaller screen: the whole window (with its menu bar, a title
        bar and a desktop panel) fits, and on a small screen it is maximised."""
        r = self.root
        sw, sh = r.winfo_screenwidth(), r.winfo_screenheight()
        w, h = min(1400, sw), min(900, sh - 100)  # 100: the menu bar, a title bar and a desktop panel
        r.geometry(f"{w}x{h}")
        if w < 1400 or h < 900:
            try:
                r.wm_attributes("-zoomed", True)  # a window manager fits it to the work area
            except tk.TclError:
                pass
        r.minsize(min(800, w), min(520, h))

    def watch_field(
        self,
        w: tk.Widget,
        confirm: Callable[[], object] | None = None,
        revert: Callable[[], object] | None = None,
        number: bool | None = None,
    ) -> None:
        """Make a text field of the palette or the inspector behave: typing in it keeps the
        keyboard there; Return (``confirm``, then) gives the keyboard back to the map; Escape
        (``revert``, then) does too; leaving it confirms.  A number field (a spin box, or
        ``number``) selects its content when it gets the keyboard, so typing 2 gives 2, not 20."""

        def typed(e):
            if e.keysym not in ("Tab", "ISO_Left_Tab", "Shift_L", "Shift_R", "Control_L", "Control_R"):
                self._typing.add(w)

        def ret(e):
            self._typing.discard(w)
            if confirm is not None:
                confirm()  # a refused value raises: the keyboard stays in the field
            self.canvas.focus_set()
            return "break"

        def esc(e):
            self._typing.discard(w)
            if revert is not None:
                revert()
            self.canvas.focus_set()
            return "break"

        def out(e):
            self._typing.discard(w)
            if confirm is not None:
                confirm()

        w.bind("<KeyPress>", typed, add="+")
        for seq in ("<Return>", "<KP_Enter>"):
            w.bind(seq, ret)
        w.bind("<Escape>", esc)
        w.bind("<FocusOut>", out)
        if number or (number is None and isinstance(w, (tk.Spinbox, ttk.Spinbox))):
            w.bind("<FocusIn>", lambda e: w.after_idle(select_all_text, w), add="+")

    def _tool_grid(self) -> None:
        """The palette's tool buttons (four a row, each with its tip and key) and the Tools menu's
        entries for them."""
        p = self.palette
        ttk.Label(p, text="Tools", font=("DejaVu Sans", 10, "bold")).pack(anchor="w")
        grid = ttk.Frame(p)
        grid.pack(anchor="w", pady=(2, 6))
        self.tool_buttons: dict[str, ttk.Radiobutton] = {}
        for i, cls in enumerate(self.TOOL_CLASSES):
            b = ttk.Radiobutton(
                grid,
                image=self.image(cls.icon),
                text=cls.label,
                variable=self.tool_name,
                value=cls.name,
                command=lambda n=cls.name: self.set_tool(n),
                style="Toolbutton",
            )
            b.grid(row=i // 4, column=i % 4, padx=1, pady=1)
            head, _, rest = cls.tip.partition(":")
            Tooltip(b, f"{head.split('(')[0].strip()}  [{cls.key.upper()}]\n{rest.strip()}" if rest else cls.tip)
            self.tool_buttons[cls.name] = b
            self.menus["Tools"].insert_radiobutton(
                i,
                label=cls.label,
                variable=self.tool_name,
                value=cls.name,
                accelerator=cls.key.upper(),
                command=lambda n=cls.name: self.set_tool(n),
            )
        self.menus["Tools"].insert_separator(len(self.TOOL_CLASSES))

    def _bind_actions(self) -> None:
        r = self.root
        handlers = {**self._shell_handlers(), **self.handlers()}
        self.menu_entries: dict[str, tuple[tk.Menu, int]] = {}
        submenus: dict[str, tk.Menu] = {}
        for a in self.ACTIONS:
            h = handlers[a.id]
            r.bind(f"<<{a.id}>>", lambda e, h=h: h())
            for seq in a.keys:
                r.event_add(f"<<{a.id}>>", seq)
            for seq in a.canvas_keys:
                self.canvas.bind(seq, lambda e, i=a.id: self.gestures.key(e, lambda: self.fire(i)))
            top, _, sub = a.menu.partition("/")
            menu = self.menus[top]
            if sub:
                if a.menu not in submenus:
                    submenus[a.menu] = tk.Menu(menu, tearoff=False)
                    menu.add_cascade(label=sub, menu=submenus[a.menu], underline=0)
                menu = submenus[a.menu]
            menu.add_command(label=a.label, accelerator=a.accel, command=lambda i=a.id: self.fire(i))
            self.menu_entries[a.id] = (menu, menu.index("end"))
            if a.id == "open":
                self.recent_menu = tk.Menu(
                    self.menus["File"], tearoff=False, postcommand=lambda: self.files.fill_recent()
                )
                self.menus["File"].add_cascade(label="Open recent", menu=self.recent_menu)
            if a.separator:
                menu.add_separator()
            if a.toolbar:
                b = ttk.Button(
                    self.toolbar,
                    image=self.image(a.icon),
                    text=a.label,
                    style="Toolbutton",
                    command=lambda i=a.id: self.fire(i),
                )
                b.pack(side="left", padx=1)
                Tooltip(b, a.label.rstrip(".") + (f"  ({a.accel})" if a.accel else ""))
        self.menus["Edit"].configure(postcommand=self._edit_menu_labels)
        view = self.menus["View"]
        view.add_separator()
        layers = tk.Menu(view, tearoff=False)
        view.add_cascade(label="Layers", menu=layers)
        for t in self.canvas_layers:
            r.bind(f"<<layer-{t}>>", lambda e, t=t: self.set_layer(t, not self.layer_vars[t].get()))
            layers.add_checkbutton(
                label=t.capitalize(),
                variable=self.layer_vars[t],
                command=lambda t=t: self.set_layer(t, self.layer_vars[t].get()),
            )
        for cls in self.TOOL_CLASSES:
            self.canvas.bind(f"<{cls.key}>", lambda e, n=cls.name: self.gestures.key(e, lambda: self.set_tool(n)))

    def _shell_handlers(self) -> dict[str, Callable[[], object]]:
        from mapref.ui.editor_help import show_about, show_help

        f = self.files
        return {
            "new-hex": lambda: f.ask_new("hex"),
            "new-area": lambda: f.ask_new("area"),
            "open": f.ask_open,
            "save": f.save,
            "save-as": f.ask_save_as,
            "export": self.ask_export,
            "recover-unsaved": f.recover_unsaved,
            "quit": f.close,
            "undo": self.undo,
            "redo": self.redo,
            "zoom-in": lambda: self.zoom(1.25),
            "zoom-out": lambda: self.zoom(0.8),
            "fit": self.canvas.fit,
            "load-background": self.underlay.ask_load,
            "background-opacity": self.underlay.ask_opacity,
            "remove-background": self.underlay.remove,
            "check": self.problems.run,
            "shortcuts": lambda: show_help(self),
            "about": lambda: show_about(self),
        }

    def _edit_menu_labels(self) -> None:
        """Undo and Redo say what they would undo or redo ("Undo Paint terrain"), or are greyed."""
        h = self.history
        for aid, can, label in (("undo", h.can_undo(), h.undo_label()), ("redo", h.can_redo(), h.redo_label())):
            menu, i = self.menu_entries[aid]
            menu.entryconfigure(i, label=f"{aid.capitalize()} {label}".strip(), state="normal" if can else "disabled")

    def dispose(self) -> None:
        """Take this editor out of its window (another editor comes in): its widgets, its
        timers, its bindings on the window."""
        self.files.stop()
        self.underlay.stop()
        for a in self.ACTIONS:
            self.root.unbind(f"<<{a.id}>>")
        for t in self.canvas_layers:
            self.root.unbind(f"<<layer-{t}>>")
        for w in list(self.root.winfo_children()):
            w.destroy()
        self.root.configure(menu="")

    # -------------------------------------------------------------------------- actions
    def set_tool(self, name: str) -> None:
        self.tool.cancel()
        self.tool = self.tools[name]
        self.tool_name.set(name)
        self.canvas.configure(cursor=self.tool.cursor)
        self.set_status(self.tool.tip)

    def set_layer(self, tag: str, visible: bool) -> None:
        self.layer_vars[tag].set(visible)
        self.canvas.set_layer(tag, visible)

    def undo(self) -> None:
        self.tool.cancel()
        if self.history.undo() is None:
            self.set_status("Nothing to undo")

    def redo(self) -> None:
        if self.history.redo() is None:
            self.set_status("Nothing to redo")

    def zoom(self, factor: float) -> None:
        """Zoom about the mouse pointer when it is over the map, else about the map's middle."""
        c = self.canvas
        x, y = c.winfo_pointerxy()
        x, y = x - c.winfo_rootx(), y - c.winfo_rooty()
        if not (0 <= x < c.winfo_width() and 0 <= y < c.winfo_height()):
            x, y = c.winfo_width() // 2, c.winfo_height() // 2
        c.zoom_at(factor, x, y)

    def export_size(self) -> float | None:
        """File > Export PNG asks how big (the hex size, the image's width): the answer, or None."""
        raise NotImplementedError

    def export_png(self, path: str | Path, size: float, progress: Callable[[float], None] | None = None):
        raise NotImplementedError

    def ask_export(self) -> None:
        from tkinter import filedialog

        from mapref.ui.dialogs import ExportDialog

        if self.quiet:  # tests: the size, then the file, from the answers
            size, p = (
                (self.answers.pop(0) if self.answers else None),
                (self.answers.pop(0) if len(self.answers) else None),
            )
        else:
            size = self.export_size()
            p = size and filedialog.asksaveasfilename(
                parent=self.root, defaultextension=".png", filetypes=[("PNG image", "*.png")]
            )
        if not size or not p:
            return
        d = ExportDialog(self.root, p)
        try:
            img = self.export_png(p, size, d.progress)
        finally:
            d.destroy()
        self.set_status(f"Exported {p}: {img.width}x{img.height} pixels")

    # ------------------------------------------------------------------------ map files
    def update_title(self) -> None:
        name = self.path.name if self.path else "untitled"
        self.root.title(f"{'*' if self.history.dirty else ''}{name} - {self.window_title}")

    def replace_model(self, m, path: Path | None) -> None:
        """Edit another map of this kind (the current one was saved or discarded)."""
        self.files.drop_autosave()
        self.model = m
        self.path = path
        self.history = self.map_kind.history(m)
        self.history.listeners.append(self._changed)
        self._forget_view()
        self.canvas.set_model(m)
        self.underlay.load()
        self.canvas.initial_view()
        self.update_title()
        self.inspector.show()
        self.problems.schedule()


class Gestures:
    """What the mouse and the keys do on an editor's map: the pointer's moves and the left
    button go to the current tool (a press, a drag and a release make one undo step);
    Space+drag (and the middle button, the canvas's own) pans; single-key shortcuts act only
    without Control, Alt or Super (Tk's ``<s>`` also matches Ctrl+S: that one belongs to Save);
    the keyboard follows the mouse onto the map unless a field is being typed in."""

    def __init__(self, ed: EditorShell) -> None:
        self.ed = ed
        self.space_down = False
        self.panning = False
        c = ed.canvas
        c.bind("<Motion>", lambda e: ed._motion(e))
        c.bind("<ButtonPress-1>", self.press)
        c.bind("<B1-Motion>", self.drag)
        c.bind("<ButtonRelease-1>", self.release)
        c.bind("<KeyPress-space>", lambda e: setattr(self, "space_down", True))
        c.bind("<KeyRelease-space>", lambda e: setattr(self, "space_down", False))
        c.bind("<Enter>", self.enter)

    def press(self, e: tk.Event) -> None:
        ed = self.ed
        ed.canvas.focus_set()
        if self.space_down:
            self.panning = True
            ed.canvas.scan_mark(e.x, e.y)
            return
        ed.tool.press(e)

    def drag(self, e: tk.Event) -> None:
        if self.panning:
            self.ed.canvas.scan_dragto(e.x, e.y, gain=1)
            return
        self.ed.tool.drag(e)
        self.ed._motion(e, dragging=True)

    def release(self, e: tk.Event) -> None:
        if self.panning:
            self.panning = False
            return
        try:
            self.ed.tool.release(e)
        finally:
            self.ed.end_group()

    def enter(self, _e=None) -> None:
        """The mouse comes onto the map: so does the keyboard, unless a field is being typed in
        (text typed and not yet confirmed with Return, Tab or a click elsewhere)."""
        if self.ed.root.focus_get() not in self.ed._typing:
            self.ed.canvas.focus_set()

    @staticmethod
    def key(e: tk.Event, action: Callable[[], object]) -> str | None:
        """A single-key shortcut of the map: done, unless Control, Alt or Super is held (then
        the key passes on to the application-wide shortcuts)."""
        if int(e.state) & MODIFIERS:
            return None
        action()
        return "break"
