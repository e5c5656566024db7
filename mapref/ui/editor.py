"""The map editor window: menus, toolbar, tool palette, canvas, inspector, problems, status bar.

Every action is declared once in :data:`ACTIONS` (id, menu, label, shortcut, icon) and fired as
the virtual event ``<<id>>`` on the root window: menus, toolbar buttons, keys and tests all
call ``editor.fire(id)``.  Shortcuts with Control are bound application-wide; single keys
(+, -, F, Delete, Escape, tool letters) only on the map canvas so typing in the inspector never
zooms or deletes.

Every change to the map is a command on ``editor.stack`` (:mod:`mapref.core.commands`); the
canvas, the inspector, the problems panel and the title follow the stack's notifications.
User errors (a refused edit, a wrong label, a file with problems) are shown in a dialog and
the status bar; anything else is an internal error, logged to ``mapref-editor.log`` in the
temporary directory and reported in one line.
"""

from __future__ import annotations

import logging
import os
import time
import tkinter as tk
from dataclasses import dataclass
from pathlib import Path
from tkinter import filedialog, messagebox, simpledialog, ttk
from typing import Callable

from mapref.core.commands import (ChangeGrid, Command, EditError, ReplaceMap, SetEntry, SetMapAttr, DeleteBox, DeleteFeature,
                                  UndoStack, SetHexProps)
from mapref.core.grid import Grid, Hex, Hexside, LabelError
from mapref.core.model import Country, MapModel, Sea
from mapref.io.mapfile import dumps_map, load_map, save_map
from mapref.io.problems import FileProblems
from mapref.ui import classify_error
from mapref.paths import icon as icon_path
from mapref.ui.canvas import LAYER_TAGS, MapCanvas
from mapref.ui.dialogs import ChoiceDialog, ExportDialog, FormDialog, grid_fields, grid_from_values, show_text
from mapref.ui.inspector import Inspector
from mapref.core.lint import Lint
from mapref.ui.images import ScanLoader, ScanRefused, probe
from mapref.ui.pickers import SwatchPicker
from mapref.ui.recovery import (Autosave, add_recent, autosave_path, find_orphans, forget_recent, recent as recent_maps,
                                remove as remove_autosave, unsaved_orphans, write as write_autosave)
from mapref.ui.problems import ProblemsPanel
from mapref.ui.tools import TOOL_CLASSES, TOOL_KEYS, Tool
from mapref.ui.tooltip import Tooltip

log = logging.getLogger("mapref.editor")

USER_ERRORS = (EditError, LabelError, FileProblems, ValueError, OSError)


@dataclass(frozen=True)
class Action:
    id: str
    menu: str
    label: str
    keys: tuple[str, ...] = ()  # Tk sequences; bound application-wide
    canvas_keys: tuple[str, ...] = ()  # bound on the canvas only (single keys)
    accel: str = ""  # shown in the menu
    icon: str | None = None
    toolbar: bool = False


ACTIONS: tuple[Action, ...] = (
    Action("new", "File", "New map...", ("<Control-n>",), accel="Ctrl+N", icon="new", toolbar=True),
    Action("open", "File", "Open...", ("<Control-o>",), accel="Ctrl+O", icon="open", toolbar=True),
    Action("save", "File", "Save", ("<Control-s>",), accel="Ctrl+S", icon="save", toolbar=True),
    Action("save-as", "File", "Save as...", ("<Control-S>", "<Control-Shift-S>", "<Control-Shift-s>"), accel="Ctrl+Shift+S"),
    Action("export", "File", "Export PNG...", ("<Control-e>",), accel="Ctrl+E", icon="export", toolbar=True),
    Action("recover-unsaved", "File", "Recover unsaved map..."),
    Action("quit", "File", "Quit", ("<Control-q>",), accel="Ctrl+Q"),
    Action("undo", "Edit", "Undo", ("<Control-z>",), accel="Ctrl+Z", icon="undo", toolbar=True),
    Action("redo", "Edit", "Redo", ("<Control-Z>", "<Control-Shift-Z>", "<Control-Shift-z>", "<Control-y>"), accel="Ctrl+Shift+Z / Ctrl+Y", icon="redo", toolbar=True),
    Action("delete", "Edit", "Delete selected box / clear hex properties", (), ("<Delete>", "<BackSpace>"), accel="Delete"),
    Action("escape", "Edit", "Cancel / deselect", (), ("<Escape>",), accel="Esc"),
    Action("select-all", "Edit", "Select all hexes", ("<Control-a>",), accel="Ctrl+A"),
    Action("grid-settings", "Edit", "Grid settings..."),
    Action("map-properties", "Edit", "Map name..."),
    Action("add-country", "Edit", "Add / edit country..."),
    Action("add-sea", "Edit", "Add / edit sea zone..."),
    Action("zoom-in", "View", "Zoom in", (), ("<plus>", "<equal>", "<KP_Add>"), accel="+", icon="zoom_in", toolbar=True),
    Action("zoom-out", "View", "Zoom out", (), ("<minus>", "<KP_Subtract>"), accel="-", icon="zoom_out", toolbar=True),
    Action("fit", "View", "Fit map to window", (), ("<f>", "<F>"), accel="F", icon="fit", toolbar=True),
    Action("goto", "View", "Go to hex...", ("<Control-g>",), accel="Ctrl+G", icon="goto", toolbar=True),
    Action("find", "View", "Find hex or city...", ("<Control-f>",), accel="Ctrl+F", icon="find", toolbar=True),
    Action("load-background", "Tools", "Load background image...", icon="background", toolbar=True),
    Action("background-opacity", "Tools", "Background opacity..."),
    Action("remove-background", "Tools", "Remove background image"),
    Action("check", "Tools", "Check problems now", ("<F5>",), accel="F5", icon="problems", toolbar=True),
    Action("shortcuts", "Help", "Keyboard shortcuts", ("<F1>",), accel="F1"),
    Action("about", "Help", "About mapref"),
)

MODIFIERS = 0x4 | 0x8 | 0x40  # Control, Alt (Mod1), Super (Mod4); not Shift, Caps Lock or Num Lock

PAINT_DEFAULTS = {"terrain": "land", "country": "", "sea": ""}


class Editor:
    autosave_ms = 30_000  # autosave this often while there are unsaved changes...
    autosave_changes = 10  # ... and on every tenth change

    def __init__(self, root: tk.Tk, path: str | Path | None = None, model: MapModel | None = None, quiet: bool = False,
                 ask_recover: Callable[[Autosave], bool] | None = None, user_files: bool = False) -> None:
        """``quiet``: no modal dialogs (tests; messages go to ``self.messages``).  ``ask_recover``
        answers "recover the autosaved version?" (default: a dialog; in quiet mode without it the
        question is not asked).  ``user_files``: keep the per-user list of recent maps and
        autosave maps never saved in the per-user folder (the ``mapref`` command does)."""
        self.root = root
        self.quiet = quiet
        self.messages: list[str] = []
        self.user_files = user_files
        self.ask_recover = ask_recover or (None if quiet else self._ask_recover_dialog)
        self.path: Path | None = Path(path) if path else None
        if model is None:
            model = load_map(self.path) if self.path else MapModel(Grid(rows=21, cols=21), name="Untitled")
        self.model = model
        self.stack = UndoStack(model)
        self.stack.listeners.append(self._changed)
        self.selection: set[Hex] = set()
        self.selected_box: str | None = None
        self.status = tk.StringVar(value="")
        self.message = tk.StringVar(value="")
        self._images: dict[str, tk.PhotoImage] = {}
        root.report_callback_exception = self.report_exception
        self._typing: set[tk.Widget] = set()  # fields typed in and not yet confirmed
        self._bg_loader: ScanLoader | None = None
        self._bg_path: Path | None = None
        self._pickers: list[SwatchPicker] = []
        self._option_vars()
        self._build()
        self._window_size()
        self.tools: dict[str, Tool] = {cls.name: cls(self) for cls in TOOL_CLASSES}
        self.tool: Tool = self.tools["select"]
        self._build_palette()
        self._bind_actions()
        self.set_tool("select")
        root.protocol("WM_DELETE_WINDOW", lambda: self.fire("quit"))
        self._load_background_image()
        self.update_title()
        self.inspector.show()
        self.problems.schedule()
        self._autosave_file: Path | None = None
        self._changes = 0  # since the last autosave
        self._session = f"{os.getpid()}-{int(time.time())}"
        root.bind("<Destroy>", lambda e: e.widget is root and self._drop_autosave(), add="+")
        self._autosave_after = root.after(self.autosave_ms, self._autosave_tick)
        if self.path is not None:
            self._remember(self.path)
            self.offer_recovery()
        if self.user_files and unsaved_orphans():
            self.set_status("A map never saved was autosaved before mapref stopped: File > Recover unsaved map")

    # ------------------------------------------------------------------------ plumbing
    def fire(self, action_id: str) -> None:
        """Fire an action the way a menu, a key or a toolbar button does."""
        self.root.event_generate(f"<<{action_id}>>")

    def push(self, cmd: Command) -> None:
        self.stack.push(cmd)

    def end_group(self) -> None:
        g = self.stack.end_group()
        if g is not None:
            self.update_title()
            self._count_change()

    def _changed(self, cmd: Command, how: str) -> None:
        t = cmd.touch()
        c = self.canvas
        if t.everything:
            c.layout = c._make_layout()
            self.selection = {h for h in self.selection if self.model.grid.contains(h)}
            if self.selected_box not in self.model.boxes:
                self.selected_box = None
            c.redraw()
            c.set_selection(self.selection)
            self._refresh_pickers()
        else:
            c.refresh(t.hexes, overlays=t.sides or t.boxes or t.features)
            if t.background:
                if self._background_path() != self._bg_path:  # another image (or none): read it
                    self._load_background_image()
                c.draw_background()
                self.opacity.set(float((self.model.background or {}).get("opacity", 0.5)))
                self._show_background_frame()
        if how != "do":
            self.set_status(f"{how.capitalize()}: {cmd.label}")
        if self.stack.group is None:  # a brush stroke counts once, when it ends
            self._count_change()
        self.update_title()
        self.inspector.show()
        self.problems.schedule()

    def set_status(self, text: str) -> None:
        self.message.set(text)

    def report_exception(self, exc_type, exc, tb) -> None:
        """Tk's callback error hook: user errors are shown, internal ones logged."""
        self.stack.end_group()
        for t in self.tools.values():
            try:
                t.cancel()
            except Exception:  # noqa: BLE001 - never fail while reporting
                pass
        self.show_error(*classify_error(exc_type, exc, tb, USER_ERRORS))

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
            return self.answers.pop(0) if getattr(self, "answers", None) else None
        return simpledialog.askstring(title, prompt, initialvalue=initial, parent=self.root)

    def image(self, name: str) -> tk.PhotoImage | None:
        if name not in self._images:
            p = icon_path(name)
            if not p.exists():
                return None
            self._images[name] = tk.PhotoImage(file=str(p), master=self.root)
        return self._images[name]

    # -------------------------------------------------------------------------- building
    def _option_vars(self) -> None:
        r = self.root
        self.paint_attr = tk.StringVar(r, value="terrain")
        self.paint_values = {k: tk.StringVar(r, value=v) for k, v in PAINT_DEFAULTS.items()}
        self.brush_radius = tk.IntVar(r, value=0)
        self.production_value = tk.IntVar(r, value=1)
        self.port_capacity = tk.IntVar(r, value=10)
        self.side_mode = tk.StringVar(r, value="crossing")
        self.box_mode = tk.StringVar(r, value="place")
        self.arrow_length = tk.IntVar(r, value=2)
        self.feature_kind = tk.StringVar(r, value="lend_lease_depot")
        self.feature_side = tk.StringVar(r, value="")
        self.tool_name = tk.StringVar(r, value="select")
        self.layer_vars = {t: tk.BooleanVar(r, value=True) for t in LAYER_TAGS}

    def paint_value(self) -> str | None:
        v = self.paint_values[self.paint_attr.get()].get().strip()
        if self.paint_attr.get() == "terrain":
            if v not in ("sea", "land", "coastal"):
                raise EditError(f"pick a terrain to paint: sea, land or coastal (got {v!r})")
            return v
        if not v:
            return None
        table = self.model.countries if self.paint_attr.get() == "country" else self.model.seas
        if v not in table:
            by_name = {x.name.lower(): k for k, x in table.items()}
            if v.lower() in by_name:
                return by_name[v.lower()]
            raise EditError(f"unknown {self.paint_attr.get()} {v!r}: add it first (Edit menu) or pick one of {', '.join(sorted(table)) or 'none'}")
        return v

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
        ttk.Label(statusbar, textvariable=self.status, anchor="w", relief="sunken", width=50).pack(side="left", fill="x", expand=True)
        self.zoom_text = tk.StringVar(value="100%")
        self.zoom_label = ttk.Label(statusbar, textvariable=self.zoom_text, anchor="e", relief="sunken", width=6)
        self.zoom_label.pack(side="right")
        ttk.Label(statusbar, textvariable=self.message, anchor="w", relief="sunken", width=60).pack(side="right", fill="x")

        self.palette = ttk.Frame(root, padding=(4, 2), width=236)
        self.palette.pack(side="left", fill="y")
        self.palette.pack_propagate(False)  # the same width whatever the tool: the map does not jump
        right = ttk.Frame(root, width=300)
        right.pack(side="right", fill="y")
        right.pack_propagate(False)
        self.inspector = Inspector(right, self)
        self.inspector.pack(fill="both", expand=True)
        centre = ttk.PanedWindow(root, orient="vertical")
        centre.pack(side="left", fill="both", expand=True)
        self.canvas = MapCanvas(centre, self.model, width=600, height=400)
        self.problems = ProblemsPanel(centre, self)
        centre.add(self.canvas, weight=5)
        centre.add(self.problems, weight=0)  # a bigger window gives the map the room

        c = self.canvas
        c.bind("<Motion>", self._motion)
        c.bind("<Leave>", lambda e: (c.set_hover(()), self.status.set("")))
        c.bind("<ButtonPress-1>", self._press)
        c.bind("<B1-Motion>", self._drag)
        c.bind("<ButtonRelease-1>", self._release)
        c.bind("<KeyPress-space>", lambda e: setattr(self, "space_down", True))
        c.bind("<KeyRelease-space>", lambda e: setattr(self, "space_down", False))
        c.bind("<Enter>", self._enter)
        c.bind("<<Redrawn>>", lambda e: self.zoom_text.set(f"{c.zoom * 100:.0f}%"))
        self.space_down = False
        self._panning = False

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

    def _enter(self, _e=None) -> None:
        """The mouse comes onto the map: so does the keyboard, unless a field is being typed in
        (text typed and not yet confirmed with Return, Tab or a click elsewhere)."""
        if self.root.focus_get() not in self._typing:
            self.canvas.focus_set()

    def watch_field(self, w: tk.Widget, confirm: Callable[[], object] | None = None,
                    revert: Callable[[], object] | None = None) -> None:
        """Make a text field of the palette or the inspector behave: typing in it keeps the
        keyboard there; Return (``confirm``, then) gives the keyboard back to the map; Escape
        (``revert``, then) does too; leaving it confirms."""
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

    def _build_palette(self) -> None:
        """The tools, then the options of the current tool only (as in Tiled or GIMP), then the
        background's opacity when the map has a background."""
        p = self.palette
        ttk.Label(p, text="Tools", font=("DejaVu Sans", 10, "bold")).pack(anchor="w")
        grid = ttk.Frame(p)
        grid.pack(anchor="w", pady=(2, 6))
        self.tool_buttons: dict[str, ttk.Radiobutton] = {}
        for i, cls in enumerate(TOOL_CLASSES):
            key = TOOL_KEYS[cls.name]
            b = ttk.Radiobutton(grid, image=self.image(cls.icon), text=cls.label, variable=self.tool_name, value=cls.name,
                                command=lambda n=cls.name: self.set_tool(n), style="Toolbutton")
            b.grid(row=i // 4, column=i % 4, padx=1, pady=1)
            Tooltip(b, f"{cls.tip.split(':')[0]}  [{key.upper()}]\n{cls.tip.split(':', 1)[1].strip()}" if ":" in cls.tip else cls.tip)
            self.tool_buttons[cls.name] = b
            self.menus["Tools"].insert_radiobutton(i, label=cls.label, variable=self.tool_name, value=cls.name,
                                                   accelerator=key.upper(), command=lambda n=cls.name: self.set_tool(n))
        self.menus["Tools"].insert_separator(len(TOOL_CLASSES))

        self.options_frame = ttk.LabelFrame(p, text="Options", padding=4, width=200)
        self.options_frame.pack(fill="x", pady=2)
        self.tool_options: dict[str, ttk.Frame] = {}
        for cls in TOOL_CLASSES:
            f = ttk.Frame(self.options_frame)
            getattr(self, f"_options_{cls.name}", self._options_hint)(f, cls)
            self.tool_options[cls.name] = f

        self.background_frame = o = ttk.LabelFrame(p, text="Background image", padding=4)
        self.opacity = tk.DoubleVar(value=float((self.model.background or {}).get("opacity", 0.5)))
        row = ttk.Frame(o)
        row.pack(fill="x")
        ttk.Label(row, text="Opacity").pack(side="left")
        s = ttk.Scale(row, from_=0.0, to=1.0, variable=self.opacity, orient="horizontal", length=110)
        s.pack(side="left", fill="x", expand=True, padx=(4, 0))
        s.bind("<ButtonRelease-1>", lambda e: self.set_background_opacity(self.opacity.get()))
        ttk.Checkbutton(o, text="Show", variable=self.layer_vars["background"],
                        command=lambda: self.set_layer("background", self.layer_vars["background"].get())).pack(anchor="w")
        self._show_background_frame()

    def _show_background_frame(self) -> None:
        if self.model.background:
            self.background_frame.pack(fill="x", pady=2)
        else:
            self.background_frame.pack_forget()

    def _show_tool_options(self, name: str) -> None:
        for f in self.tool_options.values():
            f.pack_forget()
        self.options_frame.configure(text=f"{self.tools[name].label} options" if name in self.tools else "Options")
        self.tool_options[name].pack(fill="x")

    # the options of each tool (``_options_<tool name>``; the others show a hint)
    def _options_hint(self, f: ttk.Frame, cls) -> None:
        text = cls.tip.split(":", 1)[1].strip() if ":" in cls.tip else cls.tip
        ttk.Label(f, text=text[0].upper() + text[1:] + ".", wraplength=200, justify="left", foreground="#444444").pack(anchor="w")

    def _choices(self, attr: str):
        from mapref.render.style import LAND_UNOWNED, SEA_DEFAULT

        if attr == "terrain":
            return [("sea", "Sea", SEA_DEFAULT), ("land", "Land", LAND_UNOWNED), ("coastal", "Part sea, part land", "#b9c8a6")]
        table = self.model.countries if attr == "country" else self.model.seas
        return sorted(((code, x.name, x.colour) for code, x in table.items()), key=lambda c: c[1].lower())

    def picker(self, master, attr: str, variable: tk.StringVar, on_pick, none: bool = True) -> SwatchPicker:
        """A country, sea zone or terrain picker with swatches; its menu ends with "Add..."."""
        add = None
        if attr in ("country", "sea"):
            table = "countries" if attr == "country" else "seas"
            add = (f"Add a {'country' if attr == 'country' else 'sea zone'}...", lambda: self.ask_table_entry(table))
        pk = SwatchPicker(master, variable, lambda: self._choices(attr), on_pick=on_pick,
                          none_label="(none)" if none else None, add=add, width=13)
        self._pickers.append(pk)
        return pk

    def _refresh_pickers(self) -> None:
        """Countries or seas changed (a name, a colour): the pickers show them anew."""
        self._pickers = [pk for pk in self._pickers if pk.winfo_exists()]
        for pk in self._pickers:
            pk.show()

    def _paint_options(self, f: ttk.Frame, brush: bool) -> None:
        for attr, text in (("terrain", "Terrain"), ("country", "Country"), ("sea", "Sea zone")):
            row = ttk.Frame(f)
            row.pack(fill="x", pady=1)
            ttk.Radiobutton(row, text=text, value=attr, variable=self.paint_attr, width=8).pack(side="left")
            pk = self.picker(row, attr, self.paint_values[attr], lambda code, a=attr: self.paint_attr.set(a), none=attr != "terrain")
            pk.pack(side="left", fill="x", expand=True)
            self.paint_pickers.setdefault(brush, {})[attr] = pk
        if brush:
            row = ttk.Frame(f)
            row.pack(fill="x", pady=(4, 0))
            ttk.Label(row, text="Brush radius").pack(side="left")
            for r in (0, 1, 2):
                ttk.Radiobutton(row, text=str(r), value=r, variable=self.brush_radius).pack(side="left")

    def _options_paint(self, f, cls) -> None:
        self.paint_pickers: dict[bool, dict[str, SwatchPicker]] = {}
        self._paint_options(f, brush=True)

    def _options_fill(self, f, cls) -> None:
        self._paint_options(f, brush=False)

    def _spin_option(self, f, text: str, var: tk.IntVar, hi: int) -> None:
        row = ttk.Frame(f)
        row.pack(fill="x", pady=1)
        ttk.Label(row, text=text).pack(side="left")
        sp = ttk.Spinbox(row, from_=0, to=hi, textvariable=var, width=5)
        sp.pack(side="right")
        self.watch_field(sp)

    def _options_production(self, f, cls) -> None:
        self._spin_option(f, "Production", self.production_value, 16)
        self._options_hint(f, cls)

    def _options_port(self, f, cls) -> None:
        self._spin_option(f, "Port capacity", self.port_capacity, 99)
        self._options_hint(f, cls)

    def _options_hexside(self, f, cls) -> None:
        for v, t in (("crossing", "Crossing arrow"), ("impassable", "Impassable"), ("all_sea", "All-sea override")):
            ttk.Radiobutton(f, text=t, value=v, variable=self.side_mode).pack(anchor="w")

    def _options_box(self, f, cls) -> None:
        for v, t in (("place", "Place / move"), ("land", "Land contact"), ("sea", "Sea arrow")):
            ttk.Radiobutton(f, text=t, value=v, variable=self.box_mode).pack(anchor="w")
        self._spin_option(f, "Sea arrow length", self.arrow_length, 20)

    def _options_feature(self, f, cls) -> None:
        cb = ttk.Combobox(f, textvariable=self.feature_kind, values=["lend_lease_depot", "supply_source"], width=18)
        cb.pack(anchor="w", fill="x")
        self.watch_field(cb)
        row = ttk.Frame(f)
        row.pack(fill="x", pady=(2, 0))
        ttk.Label(row, text="Side").pack(side="left")
        e = ttk.Entry(row, textvariable=self.feature_side, width=10)
        e.pack(side="left", padx=(4, 0))
        self.watch_field(e)

    def _options_fit_grid(self, f, cls) -> None:
        self._options_hint(f, cls)
        row = ttk.Frame(f)
        row.pack(fill="x", pady=(4, 0))
        ttk.Button(row, text="Load image...", command=lambda: self.fire("load-background")).pack(side="left")
        ttk.Button(row, text="Remove", command=lambda: self.fire("remove-background")).pack(side="left", padx=(4, 0))

    def _bind_actions(self) -> None:
        r = self.root
        handlers: dict[str, Callable[[], object]] = {
            "new": self.ask_new_map, "open": self.ask_open, "save": self.save, "save-as": self.ask_save_as,
            "export": self.ask_export, "recover-unsaved": self.recover_unsaved, "quit": self.quit, "undo": self.undo, "redo": self.redo,
            "delete": self.delete_selection, "escape": self.escape, "select-all": self.select_all,
            "grid-settings": self.ask_grid_settings, "map-properties": self.ask_map_name,
            "add-country": lambda: self.ask_table_entry("countries"), "add-sea": lambda: self.ask_table_entry("seas"),
            "zoom-in": lambda: self.zoom(1.25), "zoom-out": lambda: self.zoom(0.8), "fit": self.canvas.fit,
            "goto": self.ask_goto, "find": self.ask_find, "load-background": self.ask_background,
            "background-opacity": self.ask_opacity, "remove-background": self.remove_background,
            "check": self.problems.run, "shortcuts": self.show_shortcuts, "about": self.show_about,
        }
        self.menu_entries: dict[str, tuple[tk.Menu, int]] = {}
        for a in ACTIONS:
            h = handlers[a.id]
            r.bind(f"<<{a.id}>>", lambda e, h=h: h())
            for seq in a.keys:
                r.event_add(f"<<{a.id}>>", seq)
            for seq in a.canvas_keys:
                self.canvas.bind(seq, lambda e, i=a.id: self._canvas_key(e, lambda: self.fire(i)))
            menu = self.menus[a.menu]
            menu.add_command(label=a.label, accelerator=a.accel, command=lambda i=a.id: self.fire(i))
            self.menu_entries[a.id] = (menu, menu.index("end"))
            if a.id == "open":
                self.recent_menu = tk.Menu(menu, tearoff=False, postcommand=self._fill_recent)
                menu.add_cascade(label="Open recent", menu=self.recent_menu)
            if a.id in ("recover-unsaved", "redo", "select-all", "find"):
                menu.add_separator()
            if a.toolbar:
                b = ttk.Button(self.toolbar, image=self.image(a.icon), text=a.label, style="Toolbutton",
                               command=lambda i=a.id: self.fire(i))
                b.pack(side="left", padx=1)
                Tooltip(b, a.label.rstrip(".") + (f"  ({a.accel})" if a.accel else ""))
        self.menus["Edit"].configure(postcommand=self._edit_menu_labels)
        view = self.menus["View"]
        view.add_separator()
        layers = tk.Menu(view, tearoff=False)
        view.add_cascade(label="Layers", menu=layers)
        for t in LAYER_TAGS:
            r.bind(f"<<layer-{t}>>", lambda e, t=t: self.set_layer(t, not self.layer_vars[t].get()))
            layers.add_checkbutton(label=t.capitalize(), variable=self.layer_vars[t],
                                   command=lambda t=t: self.set_layer(t, self.layer_vars[t].get()))
        for name, key in TOOL_KEYS.items():
            self.canvas.bind(f"<{key}>", lambda e, n=name: self._canvas_key(e, lambda: self.set_tool(n)))

    def _edit_menu_labels(self) -> None:
        """Undo and Redo say what they would undo or redo ("Undo Paint terrain"), or are greyed."""
        for aid, can, label in (("undo", self.stack.can_undo(), self.stack.undo_label()),
                                ("redo", self.stack.can_redo(), self.stack.redo_label())):
            menu, i = self.menu_entries[aid]
            menu.entryconfigure(i, label=f"{aid.capitalize()} {label}".strip(), state="normal" if can else "disabled")

    def _canvas_key(self, e: tk.Event, action: Callable[[], object]) -> str | None:
        """A single-key shortcut of the map.  Tk's ``<g>`` also matches Ctrl+G and Alt+G: those
        belong to the application-wide shortcuts (go to, find...), so they pass through."""
        if e.state & MODIFIERS:
            return None
        action()
        return "break"

    # --------------------------------------------------------------------------- mouse
    def _motion(self, e: tk.Event) -> None:
        h = self.canvas.hex_at(e.x, e.y)
        self.status.set(self.describe(h) if h else self._describe_box(self.canvas.box_at(e.x, e.y)))
        self.canvas.set_hover(self.tool.hover(h, e))
        self.tool.decorate(e)

    def _press(self, e: tk.Event) -> None:
        self.canvas.focus_set()
        if self.space_down:
            self._panning = True
            self.canvas.scan_mark(e.x, e.y)
            return
        self.tool.press(e)

    def _drag(self, e: tk.Event) -> None:
        if self._panning:
            self.canvas.scan_dragto(e.x, e.y, gain=1)
            return
        self.tool.drag(e)
        h = self.canvas.hex_at(e.x, e.y)
        if h:
            self.status.set(self.describe(h))
        self.canvas.set_hover(self.tool.hover(h, e))

    def _release(self, e: tk.Event) -> None:
        if self._panning:
            self._panning = False
            return
        try:
            self.tool.release(e)
        finally:
            self.end_group()

    def describe(self, h: Hex) -> str:
        return self.model.describe(h)

    def _describe_box(self, bid: str | None) -> str:
        if not bid:
            return ""
        b = self.model.boxes[bid]
        return f"Box {b.name}" + (f", production {b.production}" if b.production else "")

    # ----------------------------------------------------------------------- selection
    def select(self, hexes) -> None:
        self.selection = set(hexes)
        self.selected_box = None
        self.canvas.set_selection(self.selection)
        self.inspector.show()

    def select_box(self, bid: str | None) -> None:
        self.selection = set()
        self.selected_box = bid
        self.canvas.set_selection(())
        self.canvas.delete("boxsel")
        if bid in self.model.boxes:
            x0, y0, x1, y1 = self.canvas.box_rect(self.model.boxes[bid])
            self.canvas.create_rectangle(x0 - 3, y0 - 3, x1 + 3, y1 + 3, outline="#ff00aa", width=3, tags=("boxsel", "selection"))
        self.inspector.show()

    def select_all(self) -> None:
        self.select(self.model.grid.hexes())

    def set_tool(self, name: str) -> None:
        self.tool.cancel()
        self.tool = self.tools[name]
        self.tool_name.set(name)
        self._show_tool_options(name)
        self.canvas.configure(cursor=self.tool.cursor)
        self.set_status(self.tool.tip)

    def set_layer(self, tag: str, visible: bool) -> None:
        self.layer_vars[tag].set(visible)
        self.canvas.set_layer(tag, visible)
        if tag == "background":
            self.canvas.draw_background()

    # -------------------------------------------------------------------------- actions
    def undo(self) -> None:
        self.tool.cancel()
        if self.stack.undo() is None:
            self.set_status("Nothing to undo")

    def redo(self) -> None:
        if self.stack.redo() is None:
            self.set_status("Nothing to redo")

    def escape(self) -> None:
        self.tool.cancel()
        self.canvas.delete("boxsel")
        self.select(set())

    def delete_selection(self) -> None:
        if self.selected_box:
            bid = self.selected_box
            self.stack.begin_group(f"Delete box {bid}")
            for fid, f in list(self.model.features.items()):
                if f.box == bid:
                    self.push(DeleteFeature(fid))
            self.push(DeleteBox(bid))
            self.stack.end_group()
            self.select_box(None)
        elif self.selection:
            cmd = SetHexProps.same(sorted(self.selection), label="Clear hex properties", name="", production=0, port=0,
                                   port_optional=False, port_access=(), capital=False, mountain=False)
            if cmd.is_noop(self.model):
                self.set_status("Nothing to clear: no name, production, port, capital or mountain on the selected hexes")
            else:
                self.push(cmd)

    def zoom(self, factor: float) -> None:
        c = self.canvas
        x, y = c.winfo_pointerxy()
        x, y = x - c.winfo_rootx(), y - c.winfo_rooty()
        if not (0 <= x < c.winfo_width() and 0 <= y < c.winfo_height()):
            x, y = c.winfo_width() // 2, c.winfo_height() // 2
        c.zoom_at(factor, x, y)
        c.set_selection(self.selection)

    def goto(self, label: str) -> Hex:
        h = self.model.grid.parse(label)
        self.goto_where(h)
        return h

    def find(self, text: str) -> Hex | str:
        """A hex by name (exact, then by prefix), a box by name, or a hex by label."""
        m = self.model
        low = text.strip().lower()
        h = m.find_name(text)
        if h is None:
            starts = [x for x, d in m.named() if d.name.lower().startswith(low)] or [x for x, d in m.named() if low in d.name.lower()]
            h = starts[0] if starts else None
        if h is not None:
            self.goto_where(h)
            return h
        for bid, b in m.boxes.items():
            if b.name.lower() == low or bid == low:
                self.goto_where(f"box:{bid}")
                return f"box:{bid}"
        try:
            return self.goto(text)
        except LabelError:
            raise EditError(f"no hex, city or box called {text!r}") from None

    def goto_where(self, where) -> None:
        if isinstance(where, Hexside):
            where = where.a if self.model.grid.contains(where.a) else where.b
        if isinstance(where, Hex):
            self.canvas.centre_on(where)
            self.select({where})
            self.status.set(self.describe(where))
        elif isinstance(where, str) and where.startswith("box:"):
            bid = where[4:]
            if bid in self.model.boxes:
                x0, y0, x1, y1 = self.canvas.box_rect(self.model.boxes[bid])
                self.canvas.update_idletasks()
                self.canvas._scroll_to((x0 + x1) / 2 - self.canvas.winfo_width() / 2, (y0 + y1) / 2 - self.canvas.winfo_height() / 2)
                self.select_box(bid)

    def ask_goto(self) -> None:
        t = self.ask_string("Go to hex", f"Hex label (such as {self.model.grid.example_label()}):")
        if t:
            self.goto(t)

    def ask_find(self) -> None:
        t = self.ask_string("Find", "Name of a city, hex or box:")
        if t:
            self.find(t)

    # ------------------------------------------------------------------------ map files
    def update_title(self) -> None:
        name = self.path.name if self.path else "untitled"
        self.root.title(f"{'*' if self.stack.dirty else ''}{name} - mapref editor")

    def replace_model(self, m: MapModel, path: Path | None) -> None:
        """Edit another map (the current one was saved or discarded: its autosave goes)."""
        self._drop_autosave()
        self.model = m
        self.path = path
        self.stack = UndoStack(m)
        self.stack.listeners.append(self._changed)
        self.selection, self.selected_box = set(), None
        self.canvas.set_model(m)
        self._load_background_image()
        self._show_background_frame()
        self._refresh_pickers()
        self.canvas.fit()
        self.update_title()
        self.inspector.show()
        self.problems.schedule()

    def confirm_discard(self) -> bool:
        """True when it is fine to drop the current map (saved, or the user says so)."""
        if not self.stack.dirty:
            return True
        if self.quiet:
            answer = self.answers.pop(0) if getattr(self, "answers", None) else False
        else:
            answer = messagebox.askyesnocancel("Unsaved changes", f"Save the changes to {self.path.name if self.path else 'this map'}?",
                                               parent=self.root)
        if answer is None:
            return False
        if answer:
            return self.save()
        return True

    def open_path(self, path: str | Path) -> bool:
        try:
            m = load_map(path)
        except FileProblems as e:
            self.show_error(f"{Path(path).name} has problems", "\n".join(str(p) for p in e.problems))
            return False
        self.replace_model(m, Path(path))
        self.set_status(f"Opened {path}")
        self._remember(Path(path))
        self.offer_recovery()
        return True

    def ask_open(self) -> None:
        if not self.confirm_discard():
            return
        p = filedialog.askopenfilename(parent=self.root, filetypes=[("mapref maps", "*.toml"), ("All files", "*")])
        if p:
            self.open_path(p)

    def new_map(self, grid: Grid, hex_size: float = 30.0, name: str = "Untitled") -> None:
        self.replace_model(MapModel(grid=grid, name=name, hex_size=hex_size), None)

    def ask_new_map(self) -> None:
        if not self.confirm_discard():
            return
        d = FormDialog(self.root, "New map", grid_fields(None, 30.0),
                       note="Hitler's War: 21 rows A-U from the south, 21 columns, pointy hexes, even rows shifted east.")
        v = d.show()
        if v:
            grid, size = grid_from_values(v)
            self.new_map(grid, size)

    def set_grid(self, grid: Grid, hex_size: float | None = None) -> ChangeGrid:
        cmd = ChangeGrid(grid, hex_size)
        self.push(cmd)
        if cmd.dropped:
            self.set_status(f"Grid changed; {cmd.dropped} hexes with data fell off the grid (Undo brings them back)")
        return cmd

    def ask_grid_settings(self) -> None:
        d = FormDialog(self.root, "Grid settings", grid_fields(self.model.grid, self.model.hex_size),
                       note="Hexes keep their data by label; hexes that fall off the grid are dropped (Undo restores them).")
        v = d.show()
        if v:
            grid, size = grid_from_values(v)
            self.set_grid(grid, size)

    def ask_map_name(self) -> None:
        t = self.ask_string("Map name", "Name of the map:", self.model.name)
        if t is not None:
            self.push(SetMapAttr(name=t))

    def ask_table_entry(self, table: str) -> None:
        what = "country" if table == "countries" else "sea zone"
        fields = [("code", "Code (short, e.g. ge)", "entry", "", None), ("name", "Name", "entry", "", None),
                  ("colour", "Colour", "colour", "#cccccc", None)]
        if table == "countries":
            fields.append(("allegiance", "Allegiance", "choice", "unaligned",
                           ["germany", "italy", "britain", "france", "soviet", "usa", "axis_inclined", "unaligned", "neutral"]))
        v = FormDialog(self.root, f"Add or edit a {what}", fields, note=f"An existing code edits that {what}.").show()
        if v:
            self.set_table_entry(table, **v)

    def set_table_entry(self, table: str, code: str, name: str, colour: str, allegiance: str = "unaligned") -> None:
        import re

        if not re.fullmatch(r"[A-Za-z0-9_]{1,8}", code or ""):
            raise EditError(f"a code is 1-8 letters, digits or _, got {code!r}")
        if not re.fullmatch(r"#[0-9a-fA-F]{6}", colour or ""):
            raise EditError(f"a colour is #rrggbb, got {colour!r}")
        value = Country(name or code, colour, allegiance) if table == "countries" else Sea(name or code, colour)
        self.push(SetEntry(table, code, value))

    def save(self) -> bool:
        if self.path is None:
            return self.ask_save_as()
        return self.save_to(self.path)

    def save_to(self, path: str | Path) -> bool:
        save_map(self.model, path)
        self._drop_autosave()  # saved: nothing to recover (and a new name autosaves elsewhere)
        self.path = Path(path)
        self.stack.mark_saved()
        self.update_title()
        self.set_status(f"Saved {path}")
        self._remember(self.path)
        return True

    def ask_save_as(self) -> bool:
        p = filedialog.asksaveasfilename(parent=self.root, defaultextension=".toml", filetypes=[("mapref maps", "*.toml")],
                                         initialfile=self.path.name if self.path else "map.toml")
        return self.save_to(p) if p else False

    def quit(self) -> None:
        if self.confirm_discard():
            self._drop_autosave()
            self.root.destroy()

    # ------------------------------------------------------------- autosave and recovery
    def _count_change(self) -> None:
        self._changes += 1
        if self._changes >= self.autosave_changes:
            self.autosave()

    def _autosave_tick(self) -> None:
        if self._changes:
            self.autosave()
        self._autosave_after = self.root.after(self.autosave_ms, self._autosave_tick)

    def autosave(self) -> Path | None:
        """Write the recovery file now if there are unsaved changes (remove it if there are
        none); a failure is told in the status bar, never raised.  Returns the file written."""
        self._changes = 0
        if not self.stack.dirty:
            self._drop_autosave()
            return None
        if self.path is None and not self.user_files:
            return None  # a map never saved, outside the mapref command (a script, a test)
        try:
            if self._autosave_file is None:
                self._autosave_file = autosave_path(self.path, self._session)
            write_autosave(self._autosave_file, dumps_map(self.model), self.path)
        except OSError as e:
            self.set_status(f"Autosave to {self._autosave_file} failed: {e.strerror or e}")
            self._autosave_file = None
            return None
        return self._autosave_file

    @property
    def autosave_file(self) -> Path | None:
        return self._autosave_file

    def _drop_autosave(self) -> None:
        remove_autosave(self._autosave_file)
        self._autosave_file = None
        self._changes = 0

    def _ask_recover_dialog(self, a: Autosave) -> bool:
        self.root.update()  # the window is up (and the map drawn) behind the question
        self.canvas.fit()
        name = a.of.name if a.of else "A map never saved"
        text = (f"They were autosaved {a.describe()}. Recover puts them back (Undo then shows the map as it "
                "was last saved); Discard deletes them for good.")
        if a.of is not None and a.of.exists() and a.of.stat().st_mtime > a.when + 1:
            text += "\n\nThe map file was saved again after that autosave: recovering replaces it when you save."
        d = ChoiceDialog(self.root, "Recover unsaved changes", f"{name} has changes that were not saved when mapref stopped.",
                         text, [("Recover", True), ("Discard", False)], safe=True)
        self.recover_dialog = d
        return bool(d.show())

    def offer_recovery(self) -> bool:
        """If an editor that is gone left changes to this map, offer them: yes makes the map as
        autosaved (one step: Undo goes back to the file), no deletes the autosave.  True when
        recovered."""
        if self.path is None or self.ask_recover is None:
            return False
        found = find_orphans(self.path)
        if not found:
            return False
        newest = found[0]
        try:
            recovered = load_map(newest.path, shown=f"the autosave of {self.path.name}")
        except FileProblems as e:
            self.set_status(f"The autosave {newest.path} cannot be read ({e.problems[0]}); it was left there")
            return False
        yes = self.ask_recover(newest)
        for a in found:
            remove_autosave(a.path)
        if not yes:
            self.set_status(f"Autosaved changes to {self.path.name} discarded")
            return False
        self.push(ReplaceMap(recovered))
        self.canvas.fit()
        self.autosave()  # ours now: a crash before the next save still has them
        self.set_status(f"Recovered the changes to {self.path.name} autosaved {newest.describe()}; save to keep them")
        return True

    def recover_unsaved(self) -> bool:
        """File > Recover unsaved map: offer the maps never saved that an editor left behind."""
        found = unsaved_orphans() if self.user_files else []
        if not found:
            self.set_status("No unsaved map to recover")
            return False
        ask = self.ask_recover or self._ask_recover_dialog
        for a in found:
            try:
                m = load_map(a.path, shown="the autosave of an unsaved map")
            except FileProblems:
                continue
            if ask(a):
                if not self.confirm_discard():
                    return False
                self.replace_model(m, None)
                self.stack.saved = None  # unsaved: the title shows it, closing asks
                self.update_title()
                remove_autosave(a.path)
                self.autosave()
                self.set_status(f"Recovered an unsaved map autosaved {a.describe()}; save it to keep it")
                return True
            remove_autosave(a.path)
        return False

    # ---------------------------------------------------------------------- recent maps
    def _remember(self, path: Path) -> None:
        if self.user_files:
            add_recent(path)

    def _fill_recent(self) -> None:
        m = self.recent_menu
        m.delete(0, "end")
        maps = recent_maps() if self.user_files else []
        for i, p in enumerate(maps):
            m.add_command(label=f"{i + 1}  {p.name}   ({p.parent})", underline=0 if i < 9 else -1,
                          command=lambda p=p: self.open_recent(p))
        if not maps:
            m.add_command(label="(no maps opened yet)", state="disabled")
        else:
            m.add_separator()
            m.add_command(label="Clear the list", command=lambda: [forget_recent(p) for p in maps])

    def open_recent(self, path: Path) -> bool:
        if not path.exists():
            forget_recent(path)
            raise EditError(f"{path} is not there any more; it was taken off the list of recent maps")
        if not self.confirm_discard():
            return False
        return self.open_path(path)

    def export_png(self, path: str | Path, size: float, progress: Callable[[float], None] | None = None):
        from mapref.render.png import render_map

        return render_map(self.model, path, size=size, progress=progress)

    def ask_export(self) -> None:
        size = simpledialog.askfloat("Export PNG", "Hex size in pixels (the map's own size is "
                                     f"{self.model.hex_size:g}):", initialvalue=max(24.0, self.model.hex_size), minvalue=4,
                                     maxvalue=400, parent=self.root)
        if not size:
            return
        p = filedialog.asksaveasfilename(parent=self.root, defaultextension=".png", filetypes=[("PNG image", "*.png")])
        if not p:
            return
        d = ExportDialog(self.root, p)
        try:
            img = self.export_png(p, size, d.progress)
        finally:
            d.destroy()
        self.set_status(f"Exported {p}: {img.width}x{img.height} pixels")

    # ------------------------------------------------------------------------- background
    def _background_path(self) -> Path | None:
        bg = self.model.background
        if not bg or not bg.get("image"):
            return None
        p = Path(bg["image"])
        if not p.is_absolute() and self.path is not None:
            p = self.path.parent / p
        return p

    @property
    def background_loading(self) -> bool:
        return self._bg_loader is not None

    def _load_background_image(self) -> None:
        """Read the map's background scan in a worker thread: the map is drawn and usable at once,
        the scan appears when it is read.  A scan that cannot be used (a decompression bomb, a
        missing file) is said in the status bar and the problems panel; the map stays editable
        and keeps its ``[background]`` for when the image is fixed."""
        p = self._background_path()
        self._bg_path = p
        self._bg_loader = None
        self.problems.set_notes([])
        self.canvas.set_background_image(None)
        if p is None:
            return
        self._bg_loader = loader = ScanLoader(p)
        self.set_status(f"Reading the background {p.name}...")
        self._poll_background(loader)

    def _poll_background(self, loader: ScanLoader) -> None:
        if loader is not self._bg_loader:
            return  # another background since
        r = loader.result()
        if r is None:
            self.root.after(40, self._poll_background, loader)
            return
        self._bg_loader = None
        if isinstance(r, ScanRefused):
            self.set_status(str(r)[0].upper() + str(r)[1:])
            self.problems.set_notes([Lint("background", "background", str(r)[0].upper() + str(r)[1:])])
            return
        self.canvas.set_background_image(r.image, r.source_size)
        self.set_status(r.note or f"Background {loader.path.name} loaded")

    def wait_background(self, timeout: float = 60.0) -> None:
        """Process events until the background scan is read (scripts and tests)."""
        import time

        end = time.monotonic() + timeout
        while self._bg_loader is not None and time.monotonic() < end:
            self.root.update()
            time.sleep(0.01)

    def load_background(self, path: str | Path, opacity: float = 0.5) -> None:
        """Lay the scan ``path`` under the grid, spread over the grid's width (then fit it with
        the Fit grid tool).  A bomb or an unreadable file is refused before anything changes."""
        w, _h = probe(path)
        shown = str(path)
        if self.path is not None:
            try:
                shown = str(Path(path).resolve().relative_to(self.path.resolve().parent))
            except ValueError:
                pass
        # start with the scan spread over the grid's width
        x0, y0, x1, y1 = self.canvas.layout.bounds()
        scale = (x1 - x0) / self.canvas.zoom / w
        ox = (x0 - self.canvas.layout.origin[0]) / self.canvas.zoom
        oy = (y0 - self.canvas.layout.origin[1]) / self.canvas.zoom
        self.push(SetMapAttr(label="Load background", background={"image": shown, "opacity": opacity, "offset": [ox, oy], "scale": scale}))
        self.opacity.set(opacity)
        self.set_layer("background", True)
        self.set_status("Background loaded: use the Fit grid tool (T) to drag two hexes onto the scan")

    def ask_background(self) -> None:
        p = filedialog.askopenfilename(parent=self.root, filetypes=[("Images", "*.png *.jpg *.jpeg"), ("All files", "*")])
        if p:
            self.load_background(p)

    def set_background_opacity(self, value: float) -> None:
        if not self.model.background:
            return
        bg = dict(self.model.background)
        bg["opacity"] = round(max(0.0, min(1.0, float(value))), 3)
        if bg != self.model.background:
            self.push(SetMapAttr(label="Background opacity", background=bg))

    def ask_opacity(self) -> None:
        v = simpledialog.askfloat("Background opacity", "Opacity 0-1:", initialvalue=self.opacity.get(), minvalue=0, maxvalue=1,
                                  parent=self.root)
        if v is not None:
            self.opacity.set(v)
            self.set_background_opacity(v)

    def remove_background(self) -> None:
        if self.model.background:
            self.push(SetMapAttr(label="Remove background", background=None))

    # ------------------------------------------------------------------------------ help
    def shortcut_rows(self) -> list[tuple[str, str, str]]:
        """(section, keys, what) for every shortcut, from the one registry of actions."""
        rows = [(a.menu, a.accel, a.label.rstrip(".")) for a in ACTIONS if a.accel]
        rows += [("Tools", k.upper(), f"{cls.label} tool") for cls in TOOL_CLASSES for n, k in TOOL_KEYS.items() if n == cls.name]
        rows += [("Map", "Wheel, + / -", "Zoom about the cursor"), ("Map", "Middle-drag, Space+drag", "Pan"),
                 ("Map", "Shift+click", "Add a hex to the selection, or take it out"),
                 ("Map", "Drag (Select tool)", "Select the hexes in a rectangle; drag a box to move it"),
                 ("Fields", "Return", "Set the value and give the keyboard back to the map"),
                 ("Fields", "Escape", "Put the field back as it was")]
        return rows

    def show_shortcuts(self) -> tk.Toplevel:
        """Help > Keyboard shortcuts (F1): a window listing them by menu; F1 again raises it."""
        top = getattr(self, "_shortcuts", None)
        if top is not None and top.winfo_exists():
            top.deiconify()
            top.lift()
            return top
        top = self._shortcuts = tk.Toplevel(self.root)
        top.title("Keyboard shortcuts - mapref editor")
        top.transient(self.root)
        tree = ttk.Treeview(top, columns=("keys", "what"), show="tree headings", height=22)
        tree.heading("#0", text="")
        tree.heading("keys", text="Keys")
        tree.heading("what", text="Does")
        tree.column("#0", width=90, stretch=False)
        tree.column("keys", width=190, stretch=False)
        tree.column("what", width=380)
        sections: dict[str, str] = {}
        for section, keys, what in self.shortcut_rows():
            if section not in sections:
                sections[section] = tree.insert("", "end", text=section, open=True)
            tree.insert(sections[section], "end", values=(keys, what))
        sb = ttk.Scrollbar(top, orient="vertical", command=tree.yview)
        tree.configure(yscrollcommand=sb.set)
        ttk.Button(top, text="Close", command=top.destroy).pack(side="bottom", pady=6)
        sb.pack(side="right", fill="y")
        tree.pack(fill="both", expand=True, padx=(8, 0), pady=(8, 0))
        top.bind("<Escape>", lambda e: top.destroy())
        self.shortcuts_tree = tree
        return top

    def show_about(self) -> None:
        messagebox.showinfo("About mapref", "mapref: hex map editor and referee for WW2 board wargames.", parent=self.root)


def run(path: str | Path | None = None) -> int:
    from mapref.ui import autoclose

    root = tk.Tk()
    root.title("mapref editor")
    # a window that closes itself (MAPREF_EXIT_AFTER_MS: a test of which window opens) is not a
    # designer's session: it leaves no recent map or unsaved-map autosave in the user's folders
    ed = Editor(root, path, user_files=not os.environ.get("MAPREF_EXIT_AFTER_MS"))
    root.after(50, ed.canvas.fit)
    autoclose(root)
    root.mainloop()
    return 0
