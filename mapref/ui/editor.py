"""The hex map editor: its tools, palette, inspector and problems panel in the editors' shell.

The window's frame, the files (open, save, recent, autosave and crash recovery), undo, the
keys and Help are the shell's, shared with the area editor (:mod:`mapref.ui.editor_shell`).
What is here is about hexes: the actions of :data:`ACTIONS` that only a hex map has (select
all, go to a hex, grid settings, countries and sea zones), the selection of hexes and boxes,
finding a city, the New hex map form and the PNG export by hex size.

Every change to the map is a command on ``editor.history`` (:mod:`mapref.core.commands`); the
canvas, the inspector, the problems panel and the title follow the history's notifications.
"""

from __future__ import annotations

import tkinter as tk
from pathlib import Path
from tkinter import simpledialog, ttk
from collections.abc import Callable

from mapref.core.commands import (
    ChangeGrid,
    DeleteBox,
    DeleteFeature,
    EditError,
    ReplaceMap,
    SetEntry,
    SetHexProps,
    SetMapAttr,
    UndoStack,
)
from mapref.core.grid import Grid, Hex, Hexside, LabelError
from mapref.core.model import Country, MapModel, Sea
from mapref.io.mapfile import dumps_map, load_map, save_map
from mapref.io.problems import FileProblems
from mapref.rules import registry
from mapref.ui.canvas import LAYER_TAGS, MapCanvas
from mapref.ui.dialogs import FormDialog, grid_fields, grid_from_values
from mapref.ui.editor_shell import (
    BACKGROUND_ACTIONS,
    FILE_ACTIONS,
    HELP_ACTIONS,
    UNDO_ACTIONS,
    ZOOM_ACTIONS,
    Action,
    EditorShell,
    MapKind,
)
from mapref.ui.hex_palette import background_frame, build_options, choices, show_background_frame
from mapref.ui.images import probe
from mapref.ui.inspector import Inspector
from mapref.ui.pickers import SwatchPicker
from mapref.ui.problems import ProblemsPanel
from mapref.ui.tools import TOOL_CLASSES, TOOL_KEYS

__all__ = ["Action", "ACTIONS", "Editor", "TOOL_KEYS"]

USER_ERRORS = (EditError, LabelError, FileProblems, ValueError, OSError)

ACTIONS: tuple[Action, ...] = (
    Action("new-hex", "File/New", "Hex map...", ("<Control-n>",), accel="Ctrl+N", icon="new", toolbar=True),
    *FILE_ACTIONS[1:],
    *UNDO_ACTIONS,
    Action(
        "delete", "Edit", "Delete selected box / clear hex properties", (), ("<Delete>", "<BackSpace>"), accel="Delete"
    ),
    Action("escape", "Edit", "Cancel / deselect", (), ("<Escape>",), accel="Esc"),
    Action("select-all", "Edit", "Select all hexes", ("<Control-a>",), accel="Ctrl+A", separator=True),
    Action("grid-settings", "Edit", "Grid settings..."),
    Action("map-properties", "Edit", "Map name..."),
    Action("add-country", "Edit", "Add / edit country..."),
    Action("add-sea", "Edit", "Add / edit sea zone..."),
    *ZOOM_ACTIONS,
    Action("goto", "View", "Go to hex...", ("<Control-g>",), accel="Ctrl+G", icon="goto", toolbar=True),
    Action(
        "find",
        "View",
        "Find hex or city...",
        ("<Control-f>",),
        accel="Ctrl+F",
        icon="find",
        toolbar=True,
        separator=True,
    ),
    *BACKGROUND_ACTIONS,
    *HELP_ACTIONS,
)

PAINT_DEFAULTS = {"terrain": "land", "country": "", "sea": ""}

GUIDE = """\
THE HEX MAP EDITOR

A map is a grid of hexes (Edit > Grid settings) with terrain, countries, sea zones, cities,
production, ports, capitals, hexsides and off-map boxes. Pick a tool in the palette (or press
its letter with the mouse over the map), set its options below the tools, and click or drag on
the map. The inspector on the right shows and edits what is selected; the problems panel under
the map lists what is wrong with the map as you draw (a click jumps there).

Tracing a printed map: Tools > Load background image, then the Fit grid tool (T): drag a hex's
centre onto where that hex is on the scan, then a second hex far from the first.

Files: File > New > Hex map or Area map, Open (Ctrl+O), Open recent, Save (Ctrl+S). Unsaved
changes are autosaved every 30 seconds and every tenth change; after a crash, opening the map
again offers them back. Saves are atomic: the old file stays whole if anything fails.
"""


class Editor(EditorShell):
    map_kind = None  # type: ignore[assignment]  # HEX_MAP, below
    window_title = "mapref editor"
    ACTIONS = ACTIONS
    TOOL_CLASSES = TOOL_CLASSES
    USER_ERRORS = USER_ERRORS
    canvas_layers = LAYER_TAGS
    guide = GUIDE

    # ---------------------------------------------------------------- the shell's hooks
    def make_panels(self, centre: ttk.PanedWindow, right: ttk.Frame) -> None:
        self.selection: set[Hex] = set()
        self.selected_box: str | None = None
        self._pickers: list[SwatchPicker] = []
        self.paint_pickers: dict[bool, dict[str, SwatchPicker]] = {}
        self.inspector = Inspector(right, self)
        self.inspector.pack(fill="both", expand=True)
        self.canvas = MapCanvas(centre, self.model, width=600, height=400)
        self.problems = ProblemsPanel(centre, self)
        centre.add(self.canvas, weight=5)
        centre.add(self.problems, weight=0)  # a bigger window gives the map the room
        self.canvas.bind("<Leave>", lambda e: (self.canvas.set_hover(()), self.status.set("")))

    def handlers(self) -> dict[str, Callable[[], object]]:
        return {
            "delete": self.delete_selection,
            "escape": self.escape,
            "select-all": self.select_all,
            "grid-settings": self.ask_grid_settings,
            "map-properties": self.ask_map_name,
            "add-country": lambda: self.ask_table_entry("countries"),
            "add-sea": lambda: self.ask_table_entry("seas"),
            "goto": self.ask_goto,
            "find": self.ask_find,
        }

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
        self.opacity = tk.DoubleVar(r, value=float((self.model.background or {}).get("opacity", 0.5)))

    def _build_palette(self) -> None:
        """The tools, then the options of the current tool only, then the background's opacity
        when the map has a background."""
        self._tool_grid()
        self.options_frame = ttk.LabelFrame(self.palette, text="Options", padding=4, width=200)
        self.options_frame.pack(fill="x", pady=2)
        self.tool_options: dict[str, ttk.Frame] = {}
        for cls in TOOL_CLASSES:
            f = ttk.Frame(self.options_frame)
            build_options(self, f, cls)
            self.tool_options[cls.name] = f
        self.background_frame = background_frame(self, self.palette)
        show_background_frame(self)

    def _forget_view(self) -> None:
        self.selection, self.selected_box = set(), None
        show_background_frame(self)
        self._refresh_pickers()

    def _changed(self, cmd, how: str) -> None:
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
                self.underlay.changed()
                self.opacity.set(float((self.model.background or {}).get("opacity", 0.5)))
                show_background_frame(self)
        if how != "do":
            self.set_status(f"{how.capitalize()}: {cmd.label}")
        self.after_change()

    def shortcut_rows(self) -> list[tuple[str, str, str]]:
        return super().shortcut_rows() + [
            ("Map", "Shift+click", "Add a hex to the selection, or take it out"),
            ("Map", "Drag (Select tool)", "Select the hexes in a rectangle; drag a box to move it"),
        ]

    # ------------------------------------------------------------------------- palette
    def picker(self, master, attr: str, variable: tk.StringVar, on_pick, none: bool = True) -> SwatchPicker:
        """A country, sea zone or terrain picker with swatches; its menu ends with "Add..."."""
        add = None
        if attr in ("country", "sea"):
            table = "countries" if attr == "country" else "seas"
            add = (f"Add a {'country' if attr == 'country' else 'sea zone'}...", lambda: self.ask_table_entry(table))
        pk = SwatchPicker(
            master,
            variable,
            lambda: choices(self.model, attr),
            on_pick=on_pick,
            none_label="(none)" if none else None,
            add=add,
            width=13,
        )
        self._pickers.append(pk)
        return pk

    def _refresh_pickers(self) -> None:
        """Countries or seas changed (a name, a colour): the pickers show them anew."""
        self._pickers = [pk for pk in self._pickers if pk.winfo_exists()]
        for pk in self._pickers:
            pk.show()

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
            raise EditError(
                f"unknown {self.paint_attr.get()} {v!r}: add it first (Edit menu) or pick one of {', '.join(sorted(table)) or 'none'}"
            )
        return v

    # --------------------------------------------------------------------------- mouse
    def _motion(self, e: tk.Event, dragging: bool = False) -> None:
        h = self.canvas.hex_at(e.x, e.y)
        if h:
            self.status.set(self.describe(h))
        elif not dragging:
            bid = self.canvas.box_at(e.x, e.y)
            b = self.model.boxes.get(bid) if bid else None
            self.status.set(f"Box {b.name}" + (f", production {b.production}" if b.production else "") if b else "")
        self.canvas.set_hover(self.tool.hover(h, e))
        if not dragging:
            self.tool.decorate(e)

    def describe(self, h: Hex) -> str:
        return self.model.describe(h)

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
            self.canvas.create_rectangle(
                x0 - 3, y0 - 3, x1 + 3, y1 + 3, outline="#ff00aa", width=3, tags=("boxsel", "selection")
            )
        self.inspector.show()

    def select_all(self) -> None:
        self.select(self.model.grid.hexes())

    def set_tool(self, name: str) -> None:
        super().set_tool(name)
        for f in self.tool_options.values():
            f.pack_forget()
        self.options_frame.configure(text=f"{self.tools[name].label} options")
        self.tool_options[name].pack(fill="x")

    def set_layer(self, tag: str, visible: bool) -> None:
        super().set_layer(tag, visible)
        if tag == "background":
            self.canvas.draw_background()

    # -------------------------------------------------------------------------- actions
    def escape(self) -> None:
        self.tool.cancel()
        self.canvas.delete("boxsel")
        self.select(set())

    def delete_selection(self) -> None:
        if self.selected_box:
            bid = self.selected_box
            self.history.begin_group(f"Delete box {bid}")
            for fid, f in list(self.model.features.items()):
                if f.box == bid:
                    self.push(DeleteFeature(fid))
            self.push(DeleteBox(bid))
            self.history.end_group()
            self.select_box(None)
        elif self.selection:
            cmd = SetHexProps.same(
                sorted(self.selection),
                label="Clear hex properties",
                name="",
                production=0,
                port=0,
                port_optional=False,
                port_access=(),
                capital=False,
                mountain=False,
            )
            if cmd.is_noop(self.model):
                self.set_status(
                    "Nothing to clear: no name, production, port, capital or mountain on the selected hexes"
                )
            else:
                self.push(cmd)

    def zoom(self, factor: float) -> None:
        super().zoom(factor)
        self.canvas.set_selection(self.selection)

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
            starts = [x for x, d in m.named() if d.name.lower().startswith(low)] or [
                x for x, d in m.named() if low in d.name.lower()
            ]
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
                self.canvas._scroll_to(
                    (x0 + x1) / 2 - self.canvas.winfo_width() / 2, (y0 + y1) / 2 - self.canvas.winfo_height() / 2
                )
                self.select_box(bid)

    def ask_goto(self) -> None:
        t = self.ask_string("Go to hex", f"Hex label (such as {self.model.grid.example_label()}):")
        if t:
            self.goto(t)

    def ask_find(self) -> None:
        t = self.ask_string("Find", "Name of a city, hex or box:")
        if t:
            self.find(t)

    # ----------------------------------------------------------------------- the map
    def new_map(self, grid: Grid, hex_size: float = 30.0, name: str = "Untitled") -> None:
        self.replace_model(MapModel(grid=grid, name=name, hex_size=hex_size), None)

    def set_grid(self, grid: Grid, hex_size: float | None = None) -> ChangeGrid:
        cmd = ChangeGrid(grid, hex_size)
        self.push(cmd)
        if cmd.dropped:
            self.set_status(f"Grid changed; {cmd.dropped} hexes with data fell off the grid (Undo brings them back)")
        return cmd

    def ask_grid_settings(self) -> None:
        d = FormDialog(
            self.root,
            "Grid settings",
            grid_fields(self.model.grid, self.model.hex_size),
            validate=lambda v: _problem(grid_from_values, v),
            note="Hexes keep their data by label; hexes that fall off the grid are dropped (Undo restores them).",
        )
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
        fields = [
            ("code", "Code (short, e.g. ge)", "entry", "", None),
            ("name", "Name", "entry", "", None),
            ("colour", "Colour", "colour", "#cccccc", None),
        ]
        if table == "countries":
            fields.append(("allegiance", "Allegiance", "choice", "unaligned", self.allegiance_choices()))
        v = FormDialog(self.root, f"Add or edit a {what}", fields, note=f"An existing code edits that {what}.").show()
        if v:
            self.set_table_entry(table, **v)

    def allegiance_choices(self) -> list[str]:
        """A country's allegiances to choose from: the installed games' (their maps' colour
        groups), those the map's countries have, and the format's default, ``unaligned``."""
        known = [*registry.allegiances(), *(c.allegiance for c in self.model.countries.values()), "unaligned"]
        return list(dict.fromkeys(a for a in known if a))

    def set_table_entry(self, table: str, code: str, name: str, colour: str, allegiance: str = "unaligned") -> None:
        import re

        if not re.fullmatch(r"[A-Za-z0-9_]{1,8}", code or ""):
            raise EditError(f"a code is 1-8 letters, digits or _, got {code!r}")
        if not re.fullmatch(r"#[0-9a-fA-F]{6}", colour or ""):
            raise EditError(f"a colour is #rrggbb, got {colour!r}")
        value = Country(name or code, colour, allegiance) if table == "countries" else Sea(name or code, colour)
        self.push(SetEntry(table, code, value))

    def export_png(self, path: str | Path, size: float, progress: Callable[[float], None] | None = None):
        from mapref.render.png import render_map

        return render_map(self.model, path, size=size, progress=progress)

    def export_size(self) -> float | None:
        return simpledialog.askfloat(
            "Export PNG",
            f"Hex size in pixels (the map's own size is {self.model.hex_size:g}):",
            initialvalue=max(24.0, self.model.hex_size),
            minvalue=4,
            maxvalue=400,
            parent=self.root,
        )

    # ------------------------------------------------------------------------- background
    def load_background(self, path: str | Path, opacity: float = 0.5) -> None:
        """Lay the scan ``path`` under the grid, spread over the grid's width (then fit it with
        the Fit grid tool).  A bomb or an unreadable file is refused before anything changes."""
        w, _h = probe(path)
        x0, y0, x1, y1 = self.canvas.layout.bounds()
        scale = (x1 - x0) / self.canvas.zoom / w
        ox = (x0 - self.canvas.layout.origin[0]) / self.canvas.zoom
        oy = (y0 - self.canvas.layout.origin[1]) / self.canvas.zoom
        self.set_background(
            {"image": self.underlay.shown_name(path), "opacity": opacity, "offset": [ox, oy], "scale": scale},
            "Load background",
        )
        self.opacity.set(opacity)
        self.set_layer("background", True)
        self.set_status("Background loaded: use the Fit grid tool (T) to drag two hexes onto the scan")

    def set_background(self, bg: dict | None, label: str) -> None:
        self.push(SetMapAttr(label=label, background=bg))


def _problem(check: Callable[[dict], object], values: dict) -> str | None:
    """What is wrong with a form's values (``check`` raises ValueError), or None."""
    try:
        check(values)
    except ValueError as e:
        return str(e)
    return None


def ask_new_hex_values(ed: EditorShell) -> dict | None:
    """File > New > Hex map: the grid's form over editor ``ed``'s window (quiet: the next answer)."""
    if ed.quiet:
        return ed.answers.pop(0) if ed.answers else None
    return FormDialog(
        ed.root,
        "New hex map",
        grid_fields(None, 30.0),
        validate=lambda v: _problem(grid_from_values, v),
        note="Hitler's War: 21 rows A-U from the south, 21 columns, pointy hexes, even rows shifted east.",
    ).show()


def new_hex_map(values: dict) -> MapModel:
    """The map the New hex map form's ``values`` ask for (ValueError saying what is wrong)."""
    grid, size = grid_from_values({k: str(v) for k, v in values.items()})
    return MapModel(grid=grid, name=str(values.get("name") or "Untitled"), hex_size=size)


HEX_MAP = MapKind(
    "hex",
    read=load_map,
    blank=lambda: MapModel(Grid(rows=21, cols=21), name="Untitled"),
    dumps=dumps_map,
    write=save_map,
    replace=lambda m, other: ReplaceMap(other),
    history=UndoStack,
    ask_new=ask_new_hex_values,
    make_new=new_hex_map,
)
Editor.map_kind = HEX_MAP
