"""The area map editor window: menus, toolbar, tool palette, canvas, inspector, problems, status.

Built like the hex editor (:mod:`mapref.ui.editor`): every action is declared once in
:data:`ACTIONS` and fired as the virtual event ``<<id>>`` on the root window, so menus, the
toolbar, keys and tests all go through ``editor.fire(id)``; Control shortcuts are bound
application-wide, single keys (tool letters, +, -, F, Delete, Return, Escape) only on the canvas.
Every change is an edit (:mod:`mapref.core.areaedit`) on ``editor.history``; the canvas, the
inspector, the problems panel and the title follow the history's notifications.  User errors
(a refused edit, a file with problems) are shown in a dialog and the status bar; anything else
is an internal error, logged to the temporary directory and reported in one line.
"""

from __future__ import annotations

import tkinter as tk
from pathlib import Path
from tkinter import filedialog, messagebox, simpledialog, ttk
from typing import Callable

from mapref.core.areaedit import (
    AreaTouch,
    Edit,
    accept_lines,
    set_land_from_locations,
    set_map,
    suggest_lines,
)
from mapref.core.areamodel import AreaMap, ColourClass, LineKind, valid_id
from mapref.core.commands import EditError
from mapref.core.history import Command, CommandGroup, History
from mapref.io.areafile import load_area_map, save_area_map
from mapref.io.problems import FileProblems
from mapref.paths import icon as icon_path
from mapref.ui import classify_error
from mapref.ui.area_canvas import LAYER_TAGS, SELECT, AreaCanvas
from mapref.ui.area_inspector import AreaInspector, delete_selected
from mapref.ui.area_problems import AreaProblemsPanel
from mapref.ui.area_tools import TOOL_CLASSES, Tool
from mapref.ui.dialogs import ExportDialog, FormDialog, show_text
from mapref.ui.editor import Action
from mapref.ui.tooltip import Tooltip

USER_ERRORS = (EditError, FileProblems, ValueError, OSError)

ACTIONS: tuple[Action, ...] = (
    Action("new", "File", "New area map", ("<Control-n>",), accel="Ctrl+N", icon="new", toolbar=True),
    Action("open", "File", "Open...", ("<Control-o>",), accel="Ctrl+O", icon="open", toolbar=True),
    Action("save", "File", "Save", ("<Control-s>",), accel="Ctrl+S", icon="save", toolbar=True),
    Action("save-as", "File", "Save as...", ("<Control-S>", "<Control-Shift-S>", "<Control-Shift-s>"), accel="Ctrl+Shift+S"),
    Action("export", "File", "Export PNG...", ("<Control-e>",), accel="Ctrl+E", icon="export", toolbar=True),
    Action("quit", "File", "Quit", ("<Control-q>",), accel="Ctrl+Q"),
    Action("undo", "Edit", "Undo", ("<Control-z>",), accel="Ctrl+Z", icon="undo", toolbar=True),
    Action("redo", "Edit", "Redo", ("<Control-Z>", "<Control-Shift-Z>", "<Control-Shift-z>", "<Control-y>"), accel="Ctrl+Shift+Z / Ctrl+Y",
           icon="redo", toolbar=True),
    Action("delete", "Edit", "Delete selected / last point", (), ("<Delete>", "<BackSpace>"), accel="Delete"),
    Action("escape", "Edit", "Cancel / deselect", (), ("<Escape>",), accel="Esc"),
    Action("finish", "Edit", "Finish (location, split, areas)", (), ("<Return>", "<KP_Enter>"), accel="Return"),
    Action("map-properties", "Edit", "Map name..."),
    Action("add-colour", "Edit", "Add / edit colour class..."),
    Action("add-line-kind", "Edit", "Add / edit line kind..."),
    Action("add-region", "Edit", "Add / edit region..."),
    Action("land-from-locations", "Edit", "Land outline from the locations"),
    Action("clear-land", "Edit", "Clear the land outline"),
    Action("zoom-in", "View", "Zoom in", (), ("<plus>", "<equal>", "<KP_Add>"), accel="+", icon="zoom_in", toolbar=True),
    Action("zoom-out", "View", "Zoom out", (), ("<minus>", "<KP_Subtract>"), accel="-", icon="zoom_out", toolbar=True),
    Action("fit", "View", "Fit map to window", (), ("<f>", "<F>"), accel="F", icon="fit", toolbar=True),
    Action("find", "View", "Find location...", ("<Control-f>",), accel="Ctrl+F", icon="find", toolbar=True),
    Action("suggest-lines", "Tools", "Suggest land lines from shared borders", ("<Control-l>",), accel="Ctrl+L", icon="area_suggest",
           toolbar=True),
    Action("accept-lines", "Tools", "Accept all proposed lines"),
    Action("load-background", "Tools", "Load background image...", icon="background", toolbar=True),
    Action("background-opacity", "Tools", "Background opacity..."),
    Action("remove-background", "Tools", "Remove background image"),
    Action("check", "Tools", "Check problems now", ("<F5>",), accel="F5", icon="problems", toolbar=True),
    Action("shortcuts", "Help", "Keyboard shortcuts", ("<F1>",), accel="F1"),
    Action("about", "Help", "About mapref"),
)


class AreaEditor:
    def __init__(self, root: tk.Tk, path: str | Path | None = None, model: AreaMap | None = None, quiet: bool = False) -> None:
        self.root = root
        self.quiet = quiet  # tests: no modal dialogs; messages go to self.messages, answers come from self.answers
        self.messages: list[str] = []
        self.answers: list = []
        self.path: Path | None = Path(path) if path else None
        if model is None:
            model = load_area_map(self.path) if self.path else AreaMap(name="Untitled")
        self.model = model
        self.history = History(model)
        self.history.listeners.append(self._changed)
        self.selected: tuple[str, str] | None = None
        self.status = tk.StringVar(root, value="")
        self.message = tk.StringVar(root, value="")
        self._images: dict[str, tk.PhotoImage] = {}
        root.report_callback_exception = self.report_exception
        root.geometry("1400x900")
        root.minsize(800, 500)
        self._option_vars()
        self._build()
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

    # ------------------------------------------------------------------------ plumbing
    def fire(self, action_id: str) -> None:
        self.root.event_generate(f"<<{action_id}>>")

    def push(self, cmd: Command) -> None:
        if isinstance(cmd, Edit) and cmd.is_empty():
            return
        self.history.push(cmd)

    def end_group(self) -> None:
        if self.history.end_group() is not None:
            self.update_title()

    def _touch(self, cmd: Command) -> AreaTouch:
        if isinstance(cmd, CommandGroup):
            t = AreaTouch()
            for c in cmd.commands:
                x = self._touch(c)
                t.locations |= x.locations
                t.boxes |= x.boxes
                t.lines |= x.lines
                t.everything |= x.everything
                t.background |= x.background
                t.land |= x.land
            return t
        touch = getattr(cmd, "touch", None)
        return touch() if callable(touch) else AreaTouch(everything=True)

    def _changed(self, cmd: Command, how: str) -> None:
        t = self._touch(cmd)
        if t.background and self.canvas.bg_image is None and self.model.background:
            self._load_background_image()
        elif t.background and not self.model.background:
            self.canvas.set_background_image(None)
        self.canvas.refresh(t)
        if self.model.background:
            self.opacity.set(float(self.model.background.get("opacity", 0.5)))
            self.bg_scale.set(f"{float(self.model.background.get('scale', 1.0)):g}")
        if how != "do":
            self.set_status(f"{how.capitalize()}: {cmd.label}")
        if self.selected and not self._exists(self.selected):
            self.selected = None
        self.show_selection()
        self.update_title()
        self.inspector.show()
        self.problems.schedule()

    def _exists(self, sel) -> bool:
        kind, k = sel
        return k in {"location": self.model.locations, "line": self.model.lines, "box": self.model.boxes}[kind]

    def set_status(self, text: str) -> None:
        self.message.set(text)

    def report_exception(self, exc_type, exc, tb) -> None:
        self.history.end_group()
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
            return self.answers.pop(0) if self.answers else None
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
        self.tool_name = tk.StringVar(r, value="select")
        self.snap = tk.BooleanVar(r, value=True)
        self.line_kind = tk.StringVar(r, value="land")
        self.line_oneway = tk.BooleanVar(r, value=False)
        self.line_defence_a = tk.StringVar(r, value="0")
        self.line_defence_b = tk.StringVar(r, value="0")
        self.line_condition = tk.StringVar(r, value="")
        self.layer_vars = {t: tk.BooleanVar(r, value=True) for t in LAYER_TAGS}
        self.opacity = tk.DoubleVar(r, value=float((self.model.background or {}).get("opacity", 0.5)))
        self.bg_scale = tk.StringVar(r, value=f"{float((self.model.background or {}).get('scale', 1.0)):g}")

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
        statusbar = ttk.Frame(root)
        statusbar.pack(side="bottom", fill="x")
        ttk.Label(statusbar, textvariable=self.status, anchor="w", relief="sunken", width=70).pack(side="left", fill="x", expand=True)
        self.zoom_text = tk.StringVar(root, value="100%")
        ttk.Label(statusbar, textvariable=self.zoom_text, anchor="e", relief="sunken", width=8).pack(side="right")
        ttk.Label(statusbar, textvariable=self.message, anchor="w", relief="sunken", width=60).pack(side="right", fill="x")
        self.palette = ttk.Frame(root, padding=4)
        self.palette.pack(side="left", fill="y")
        right = ttk.Frame(root, width=320)
        right.pack(side="right", fill="y")
        right.pack_propagate(False)
        self.inspector = AreaInspector(right, self)
        self.inspector.pack(fill="both", expand=True)
        centre = ttk.PanedWindow(root, orient="vertical")
        centre.pack(side="left", fill="both", expand=True)
        self.canvas = AreaCanvas(centre, self.model, width=600, height=560)
        self.problems = AreaProblemsPanel(centre, self)
        centre.add(self.canvas, weight=5)
        centre.add(self.problems, weight=1)
        c = self.canvas
        c.bind("<Motion>", self._motion)
        c.bind("<Leave>", lambda e: self.status.set(""))
        c.bind("<ButtonPress-1>", self._press)
        c.bind("<B1-Motion>", self._drag)
        c.bind("<ButtonRelease-1>", self._release)
        c.bind("<Double-Button-1>", lambda e: self.tool.double(e))
        c.bind("<KeyPress-space>", lambda e: setattr(self, "space_down", True))
        c.bind("<KeyRelease-space>", lambda e: setattr(self, "space_down", False))
        c.bind("<Enter>", self._enter)
        c.bind("<<Redrawn>>", lambda e: (self.zoom_text.set(f"{c.zoom * 100:.0f}%"), self.show_selection()))
        self.space_down = False
        self._panning = False

    def _enter(self, _e=None) -> None:
        f = self.root.focus_get()
        if not isinstance(f, (tk.Entry, ttk.Entry, tk.Text, ttk.Spinbox, ttk.Combobox)):
            self.canvas.focus_set()

    def _build_palette(self) -> None:
        p = self.palette
        ttk.Label(p, text="Tools", font=("DejaVu Sans", 10, "bold")).pack(anchor="w")
        grid = ttk.Frame(p)
        grid.pack(anchor="w", pady=(2, 8))
        self.tool_buttons: dict[str, ttk.Radiobutton] = {}
        for i, cls in enumerate(TOOL_CLASSES):
            b = ttk.Radiobutton(grid, image=self.image(cls.icon), text=cls.label, variable=self.tool_name, value=cls.name,
                                command=lambda n=cls.name: self.set_tool(n), style="Toolbutton")
            b.grid(row=i // 4, column=i % 4, padx=1, pady=1)
            head, _, rest = cls.tip.partition(":")
            Tooltip(b, f"{head}\n{rest.strip()}")
            self.tool_buttons[cls.name] = b
            self.menus["Tools"].insert_radiobutton(i, label=cls.label, variable=self.tool_name, value=cls.name,
                                                   accelerator=cls.key.upper(), command=lambda n=cls.name: self.set_tool(n))
        self.menus["Tools"].insert_separator(len(TOOL_CLASSES))
        ttk.Checkbutton(p, text="Snap to neighbours", variable=self.snap).pack(anchor="w", pady=(0, 6))

        o = ttk.LabelFrame(p, text="New move line", padding=4)
        o.pack(fill="x", pady=2)
        row = ttk.Frame(o)
        row.pack(fill="x")
        ttk.Label(row, text="Kind", width=11).pack(side="left")
        self.kind_combo = ttk.Combobox(row, textvariable=self.line_kind, width=9)
        self.kind_combo.pack(side="left")
        self.kind_combo.bind("<Button-1>", lambda e: self.kind_combo.configure(values=self.model.all_line_kinds()), add="+")
        ttk.Checkbutton(o, text="One-way (from -> to)", variable=self.line_oneway).pack(anchor="w")
        for text, var in (("Defence at from", self.line_defence_a), ("Defence at to", self.line_defence_b)):
            row = ttk.Frame(o)
            row.pack(fill="x")
            ttk.Label(row, text=text, width=15).pack(side="left")
            ttk.Spinbox(row, from_=0, to=99, textvariable=var, width=4).pack(side="left")
        ttk.Label(o, text="Active when").pack(anchor="w")
        ttk.Entry(o, textvariable=self.line_condition, width=20).pack(fill="x")
        ttk.Label(o, text="such as allied_deck >= 2", foreground="#555555").pack(anchor="w")

        o = ttk.LabelFrame(p, text="Generate areas", padding=4)
        o.pack(fill="x", pady=2)
        ttk.Label(o, text="Click a city per area (G),\nthen:", foreground="#555555").pack(anchor="w")
        ttk.Button(o, text="Cut the land", command=lambda: self.fire("finish")).pack(anchor="w")

        o = ttk.LabelFrame(p, text="Background", padding=4)
        o.pack(fill="x", pady=2)
        ttk.Label(o, text="Opacity").pack(anchor="w")
        s = ttk.Scale(o, from_=0.0, to=1.0, variable=self.opacity, orient="horizontal")
        s.pack(fill="x")
        s.bind("<ButtonRelease-1>", lambda e: self.set_background(opacity=self.opacity.get()))
        row = ttk.Frame(o)
        row.pack(fill="x")
        ttk.Label(row, text="Scale").pack(side="left")
        e = ttk.Entry(row, textvariable=self.bg_scale, width=8)
        e.pack(side="left", padx=4)
        for seq in ("<Return>", "<FocusOut>"):
            e.bind(seq, lambda ev: self.set_background(scale=self.bg_scale.get()))

    def _bind_actions(self) -> None:
        r = self.root
        handlers: dict[str, Callable[[], object]] = {
            "new": self.ask_new, "open": self.ask_open, "save": self.save, "save-as": self.ask_save_as, "export": self.ask_export,
            "quit": self.quit, "undo": self.undo, "redo": self.redo, "delete": self.delete, "escape": self.escape,
            "finish": self.finish, "map-properties": self.ask_map_name, "add-colour": self.ask_colour_class,
            "add-line-kind": self.ask_line_kind, "add-region": self.ask_region, "land-from-locations": lambda: self.push(set_land_from_locations(self.model)),
            "clear-land": lambda: self.push(set_map(self.model, label="Clear the land outline", land=None)),
            "zoom-in": lambda: self.zoom(1.25), "zoom-out": lambda: self.zoom(0.8), "fit": self.canvas.fit, "find": self.ask_find,
            "suggest-lines": self.suggest_lines, "accept-lines": self.accept_all_lines, "load-background": self.ask_background,
            "background-opacity": self.ask_opacity, "remove-background": lambda: self.push(set_map(self.model, label="Remove background",
                                                                                                     background=None)),
            "check": self.problems.run, "shortcuts": self.show_shortcuts, "about": self.show_about,
        }
        for a in ACTIONS:
            h = handlers[a.id]
            r.bind(f"<<{a.id}>>", lambda e, h=h: h())
            for seq in a.keys:
                r.event_add(f"<<{a.id}>>", seq)
            for seq in a.canvas_keys:
                self.canvas.bind(seq, lambda e, i=a.id: (self.fire(i), "break")[1])
            menu = self.menus[a.menu]
            menu.add_command(label=a.label, accelerator=a.accel, command=lambda i=a.id: self.fire(i))
            if a.id in ("export", "redo", "finish", "find", "accept-lines", "clear-land"):
                menu.add_separator()
            if a.toolbar:
                b = ttk.Button(self.toolbar, image=self.image(a.icon or ""), text=a.label, style="Toolbutton", command=lambda i=a.id: self.fire(i))
                b.pack(side="left", padx=1)
                Tooltip(b, a.label.rstrip(".") + (f"  ({a.accel})" if a.accel else ""))
        view = self.menus["View"]
        view.add_separator()
        layers = tk.Menu(view, tearoff=False)
        view.add_cascade(label="Layers", menu=layers)
        for t in LAYER_TAGS:
            r.bind(f"<<layer-{t}>>", lambda e, t=t: self.set_layer(t, not self.layer_vars[t].get()))
            layers.add_checkbutton(label=t.capitalize(), variable=self.layer_vars[t],
                                   command=lambda t=t: self.set_layer(t, self.layer_vars[t].get()))
        for cls in TOOL_CLASSES:
            self.canvas.bind(f"<{cls.key}>", lambda e, n=cls.name: self.set_tool(n))

    # --------------------------------------------------------------------------- mouse
    def _motion(self, e: tk.Event) -> None:
        self.status.set(self.describe(self.canvas.space_at(e.x, e.y)))
        self.tool.motion(e)

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

    def _release(self, e: tk.Event) -> None:
        if self._panning:
            self._panning = False
            return
        try:
            self.tool.release(e)
        finally:
            self.end_group()

    def describe(self, space: str | None) -> str:
        m = self.model
        if not space:
            return ""
        p = m.place_of(space)
        if p is None:
            return space
        parts = [p.label]
        if "." in space and not space.startswith("box:"):
            parts[0] += f" (half {space.split('.', 1)[1]})"
        if space.startswith("box:"):
            parts[0] = f"Box {parts[0]}"
        if p.colour:
            parts.append(m.colours[p.colour].name if p.colour in m.colours else p.colour)
        if p.vp:
            parts.append(f"victory value {p.vp}")
        if p.capital:
            parts.append("capital")
        for s in p.supply:
            parts.append(f"supply for {s.text()}")
        n = sum(1 for ln in m.lines.values() if space in (ln.a, ln.b))
        parts.append(f"{n} move line{'s' if n != 1 else ''}")
        return ", ".join(parts)

    # ----------------------------------------------------------------------- selection
    def select(self, kind: str | None, key: str | None = None) -> None:
        self.selected = (kind, key) if kind and key else None
        self.show_selection()
        self.inspector.show()

    def select_space(self, space: str) -> None:
        if space.startswith("box:"):
            self.select("box", space[4:])
        else:
            self.select("location", space.split(".", 1)[0])

    def show_selection(self) -> None:
        c = self.canvas
        c.delete("selection")
        sel = self.selected
        if sel is None or not self._exists(sel):
            return
        kind, k = sel
        m = self.model
        if kind == "location":
            for p in m.locations[k].parts:
                c.create_polygon(c.flat(p.exterior.coords[:-1]), fill="", outline=SELECT, width=3, tags=("selection",))
        elif kind == "box":
            x0, y0, x1, y1 = m.boxes[k].rect
            z = c.zoom
            c.create_rectangle(x0 * z - 3, y0 * z - 3, x1 * z + 3, y1 * z + 3, outline=SELECT, width=3, tags=("selection",))
        else:
            path = c.line_path(k)
            if path is None:
                return
            pts = [c.to_canvas(p) for p in path]
            c.create_line(*[v for p in pts for v in p], fill=SELECT, width=5, tags=("selection",))
            for x, y in pts[1:-1]:
                c.create_rectangle(x - 5, y - 5, x + 5, y + 5, fill="#ffffff", outline=SELECT, width=2, tags=("selection",))
            for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
                x, y = (x0 + x1) / 2, (y0 + y1) / 2
                c.create_oval(x - 4, y - 4, x + 4, y + 4, fill=SELECT, outline="#ffffff", tags=("selection",))

    def line_handle_at(self, x: float, y: float) -> tuple[int, bool] | None:
        """A handle of the selected line under widget point (x, y): (index in ``via``, inserting?)
        for a bend point (False) or a segment's middle (True: a new bend goes at that index)."""
        if not self.selected or self.selected[0] != "line":
            return None
        c = self.canvas
        path = c.line_path(self.selected[1])
        if path is None:
            return None
        pts = [c.widget_xy(p) for p in path]
        for i, (px, py) in enumerate(pts[1:-1]):
            if abs(px - x) <= 6 and abs(py - y) <= 6:
                return (i, False)
        for i, ((x0, y0), (x1, y1)) in enumerate(zip(pts, pts[1:])):
            if abs((x0 + x1) / 2 - x) <= 6 and abs((y0 + y1) / 2 - y) <= 6:
                return (i, True)
        return None

    def outline_space(self, space: str, tag: str, colour: str) -> None:
        c = self.canvas
        m = self.model
        if space.startswith("box:"):
            b = m.boxes.get(space[4:])
            if b:
                x0, y0, x1, y1 = b.rect
                z = c.zoom
                c.create_rectangle(x0 * z, y0 * z, x1 * z, y1 * z, outline=colour, width=2, dash=(4, 2), tags=(tag,))
            return
        loc = m.locations.get(space.split(".", 1)[0])
        if loc is None:
            return
        g = loc.half_geoms.get(space.split(".", 1)[1]) if "." in space else loc.polygon
        for p in getattr(g, "geoms", [g]):
            if p.geom_type == "Polygon" and not p.is_empty:
                c.create_polygon(c.flat(p.exterior.coords[:-1]), fill="", outline=colour, width=2, dash=(4, 2), tags=(tag,))

    def set_tool(self, name: str) -> None:
        self.tool.cancel()
        self.tool = self.tools[name]
        self.tool_name.set(name)
        self.canvas.configure(cursor=self.tool.cursor)
        self.set_status(self.tool.tip)

    def set_layer(self, tag: str, visible: bool) -> None:
        self.layer_vars[tag].set(visible)
        self.canvas.set_layer(tag, visible)

    # -------------------------------------------------------------------------- actions
    def undo(self) -> None:
        self.tool.cancel()
        if self.history.undo() is None:
            self.set_status("Nothing to undo")

    def redo(self) -> None:
        if self.history.redo() is None:
            self.set_status("Nothing to redo")

    def escape(self) -> None:
        self.tool.cancel()
        self.select(None)

    def finish(self) -> None:
        if not self.tool.finish():
            self.set_status("Nothing to finish: " + self.tool.tip.split(":", 1)[-1].strip())

    def delete(self) -> None:
        if self.tool.back():
            return
        delete_selected(self)

    def zoom(self, factor: float) -> None:
        c = self.canvas
        x, y = c.winfo_pointerxy()
        x, y = x - c.winfo_rootx(), y - c.winfo_rooty()
        if not (0 <= x < c.winfo_width() and 0 <= y < c.winfo_height()):
            x, y = c.winfo_width() // 2, c.winfo_height() // 2
        c.zoom_at(factor, x, y)

    def find(self, text: str) -> str:
        where = self.model.find(text)
        if where is None:
            raise EditError(f"no location or box called {text!r}")
        if where.startswith("box:"):
            b = self.model.boxes[where[4:]]
            self.canvas.centre_on(b.centre)
            self.select("box", b.id)
        else:
            self.canvas.centre_on(self.model.locations[where].label_point)
            self.select("location", where)
        return where

    def ask_find(self) -> None:
        t = self.ask_string("Find", "Name or id of a location or box:")
        if t:
            self.find(t)

    def goto_problem(self, p) -> None:
        w = p.where
        m = self.model
        if w.startswith("line:"):
            k = w[5:]
            if k in m.lines:
                path = self.canvas.line_path(k)
                if path:
                    self.canvas.centre_on(path[len(path) // 2])
                self.select("line", k)
            return
        if w.startswith("box:"):
            if w[4:] in m.boxes:
                self.canvas.centre_on(m.boxes[w[4:]].centre)
                self.select("box", w[4:])
            return
        lid = w.split(".", 1)[0]
        if lid in m.locations:
            self.canvas.centre_on(p.at or m.locations[lid].label_point)
            self.select("location", lid)
            if p.at:
                x, y = self.canvas.to_canvas(p.at)
                self.canvas.create_oval(x - 9, y - 9, x + 9, y + 9, outline="#b00020", width=3, tags=("selection",))

    def suggest_lines(self) -> None:
        e = suggest_lines(self.model)
        if e is None:
            self.set_status("No land line to suggest: every two locations that share a border are joined")
            return
        self.push(e)
        self.set_status(f"{e.label}: dashed; accept them (Tools menu, or the inspector) or delete them")

    def accept_all_lines(self) -> None:
        self.push(accept_lines(self.model, [k for k, ln in self.model.lines.items() if ln.proposed]))

    # ------------------------------------------------------------------------ map files
    def update_title(self) -> None:
        name = self.path.name if self.path else "untitled"
        self.root.title(f"{'*' if self.history.dirty else ''}{name} - mapref area editor")

    def replace_model(self, m: AreaMap, path: Path | None) -> None:
        self.model = m
        self.path = path
        self.history = History(m)
        self.history.listeners.append(self._changed)
        self.selected = None
        self.canvas.set_background_image(None)
        self.canvas.set_model(m)
        self._load_background_image()
        self.canvas.fit()
        self.update_title()
        self.inspector.show()
        self.problems.schedule()

    def confirm_discard(self) -> bool:
        if not self.history.dirty:
            return True
        if self.quiet:
            answer = self.answers.pop(0) if self.answers else False
        else:
            answer = messagebox.askyesnocancel("Unsaved changes", f"Save the changes to {self.path.name if self.path else 'this map'}?",
                                               parent=self.root)
        if answer is None:
            return False
        return self.save() if answer else True

    def open_path(self, path: str | Path) -> bool:
        from mapref.io.anyfile import load_any

        try:
            kind, obj = load_any(path)
        except FileProblems as e:
            self.show_error(f"{Path(path).name} has problems", "\n".join(str(p) for p in e.problems))
            return False
        if kind != "area":
            self.show_error("Not an area map", f"{path} is a {kind} file: open it with  mapref {Path(path).name}")
            return False
        m = obj.map
        self.replace_model(m, Path(path))
        self.set_status(f"Opened {path}")
        return True

    def ask_open(self) -> None:
        if not self.confirm_discard():
            return
        p = filedialog.askopenfilename(parent=self.root, filetypes=[("mapref area maps", "*.toml"), ("All files", "*")])
        if p:
            self.open_path(p)

    def ask_new(self) -> None:
        if self.confirm_discard():
            self.replace_model(AreaMap(name="Untitled"), None)

    def save(self) -> bool:
        if self.path is None:
            return self.ask_save_as()
        return self.save_to(self.path)

    def save_to(self, path: str | Path) -> bool:
        save_area_map(self.model, path)
        self.path = Path(path)
        self.history.mark_saved()
        self.update_title()
        self.set_status(f"Saved {path}")
        return True

    def ask_save_as(self) -> bool:
        p = filedialog.asksaveasfilename(parent=self.root, defaultextension=".toml", filetypes=[("mapref area maps", "*.toml")],
                                         initialfile=self.path.name if self.path else "areas.toml")
        return self.save_to(p) if p else False

    def quit(self) -> None:
        if self.confirm_discard():
            self.root.destroy()

    def export_png(self, path: str | Path, width: int, progress: Callable[[float], None] | None = None):
        from mapref.render.area_png import render_area

        hidden = {t for t, v in self.layer_vars.items() if not v.get()}
        return render_area(self.model, path, width=width, progress=progress, hidden=hidden)

    def ask_export(self) -> None:
        width = simpledialog.askinteger("Export PNG", "Width of the image in pixels:", initialvalue=1600, minvalue=200, maxvalue=20000,
                                        parent=self.root)
        if not width:
            return
        p = filedialog.asksaveasfilename(parent=self.root, defaultextension=".png", filetypes=[("PNG image", "*.png")])
        if not p:
            return
        d = ExportDialog(self.root, p)
        try:
            img = self.export_png(p, width, d.progress)
        finally:
            d.destroy()
        self.set_status(f"Exported {p}: {img.width}x{img.height} pixels")

    def ask_map_name(self) -> None:
        t = self.ask_string("Map name", "Name of the map:", self.model.name)
        if t is not None:
            self.push(set_map(self.model, name=t.strip()))

    def ask_colour_class(self) -> None:
        fields = [("code", "Code (such as blue)", "entry", "", None), ("name", "Name", "entry", "", None),
                  ("colour", "Colour", "colour", "#cccccc", None), ("side", "Side (optional)", "entry", "", None)]
        v = FormDialog(self.root, "Add or edit a colour class", fields, note="An existing code edits that class.").show()
        if v:
            self.set_colour_class(**v)

    def set_colour_class(self, code: str, name: str, colour: str, side: str = "") -> None:
        import re

        if not valid_id(code):
            raise EditError(f"a code is lowercase letters, digits and _, got {code!r}")
        if not re.fullmatch(r"#[0-9a-fA-F]{6}", colour or ""):
            raise EditError(f"a colour is #rrggbb, got {colour!r}")
        self.push(Edit(f"Colour class {code}", colours={code: ColourClass(name or code, colour, side.strip())}))

    def ask_line_kind(self) -> None:
        fields = [("code", "Code (such as rail)", "entry", "", None), ("name", "Name", "entry", "", None),
                  ("colour", "Colour", "colour", "#884400", None)]
        v = FormDialog(self.root, "Add or edit a line kind", fields, note="land and naval are built in.").show()
        if v:
            if not valid_id(v["code"]):
                raise EditError(f"a code is lowercase letters, digits and _, got {v['code']!r}")
            self.push(Edit(f"Line kind {v['code']}", line_kinds={v["code"]: LineKind(v["name"] or v["code"], v["colour"])}))

    def ask_region(self) -> None:
        fields = [("code", "Code (such as benelux)", "entry", "", None), ("name", "Name", "entry", "", None),
                  ("members", "Locations (ids, halves, box:id)", "entry", "", None)]
        v = FormDialog(self.root, "Add or edit a region", fields, note="An existing code edits that region; no locations "
                       "deletes it.").show()
        if v:
            self.set_region(v["code"], v["name"], v["members"].replace(",", " ").split())

    def set_region(self, code: str, name: str, members: list[str]) -> None:
        from mapref.core.areamodel import AreaRegion

        m = self.model
        if not valid_id(code):
            raise EditError(f"a code is lowercase letters, digits and _, got {code!r}")
        bad = [x for x in members if x not in m.locations and not m.space_exists(x)]
        if bad:
            raise EditError(f"not a location, half or box of the map: {', '.join(bad)}")
        self.push(Edit(f"Region {code}", regions={code: AreaRegion(name or code, tuple(members)) if members else None}))

    # ------------------------------------------------------------------------- background
    def _load_background_image(self) -> None:
        bg = self.model.background
        img = None
        if bg and bg.get("image"):
            p = Path(bg["image"])
            if not p.is_absolute() and self.path is not None:
                p = self.path.parent / p
            try:
                from PIL import Image

                img = Image.open(p)
                img.load()
            except OSError as e:
                self.set_status(f"Background image {bg['image']} cannot be read: {e}")
                img = None
        self.canvas.set_background_image(img)

    def load_background(self, path: str | Path, opacity: float = 0.5) -> None:
        from PIL import Image

        img = Image.open(path)
        img.load()
        shown = str(path)
        if self.path is not None:
            try:
                shown = str(Path(path).resolve().relative_to(self.path.resolve().parent))
            except ValueError:
                pass
        if self.model.locations:
            x0, y0, x1, y1 = self.model.bounds()
            scale = round((x1 - x0) / img.width, 4)
        else:
            x0, y0, scale = 0.0, 0.0, 1.0
        self.canvas.bg_image = img
        self.push(set_map(self.model, label="Load background", background={"image": shown, "opacity": opacity,
                                                                            "offset": [x0, y0], "scale": scale}))
        self.canvas.set_background_image(img)
        self.set_layer("background", True)
        if not self.model.locations:
            self.canvas.fit()
        self.set_status("Background loaded: trace locations over it (D), or move it (T) and set its scale in the palette")

    def ask_background(self) -> None:
        p = filedialog.askopenfilename(parent=self.root, filetypes=[("Images", "*.png *.jpg *.jpeg"), ("All files", "*")])
        if p:
            self.load_background(p)

    def set_background(self, opacity=None, scale=None) -> None:
        if not self.model.background:
            return
        bg = dict(self.model.background)
        if opacity is not None:
            bg["opacity"] = round(max(0.0, min(1.0, float(opacity))), 3)
        if scale is not None:
            try:
                s = float(scale)
            except ValueError:
                raise EditError(f"the background's scale is a number above 0, got {scale!r}") from None
            if s <= 0:
                raise EditError(f"the background's scale is a number above 0, got {scale!r}")
            bg["scale"] = s
        if bg != self.model.background:
            self.push(set_map(self.model, label="Background", background=bg))

    def ask_opacity(self) -> None:
        v = simpledialog.askfloat("Background opacity", "Opacity 0-1:", initialvalue=self.opacity.get(), minvalue=0, maxvalue=1,
                                  parent=self.root)
        if v is not None:
            self.set_background(opacity=v)

    # ------------------------------------------------------------------------------ help
    def show_shortcuts(self) -> None:
        lines = [f"{a.accel:<24} {a.label}" for a in ACTIONS if a.accel]
        lines += [f"{cls.key.upper():<24} {cls.label} tool" for cls in TOOL_CLASSES]
        lines += ["Wheel                    zoom about the cursor", "Middle-drag, Space-drag  pan",
                  "Shift-click a vertex     delete it (Edit vertices tool)"]
        show_text(self.root, "Keyboard shortcuts", "\n".join(lines))

    def show_about(self) -> None:
        messagebox.showinfo("About mapref", "mapref: hex and area map editor and referee for WW2 board wargames.", parent=self.root)


def run(path: str | Path | None = None) -> int:
    from mapref.ui import autoclose

    root = tk.Tk()
    root.title("mapref area editor")
    ed = AreaEditor(root, path)
    root.after(50, ed.canvas.fit)
    autoclose(root)
    root.mainloop()
    return 0
