"""The area map editor: its tools, palette, inspector and problems panel in the editors' shell.

The window's frame, the files (open, save, recent, autosave and crash recovery), undo, the
keys and Help are the shell's, shared with the hex editor (:mod:`mapref.ui.editor_shell`).
What is here is about areas: the actions of :data:`ACTIONS` that only an area map has (finish
a drawing, colour classes, line kinds, regions, the land outline, proposed land lines), the
selection of a location, line or box, the palette's options for new move lines, the New area
map form and the PNG export by width.

Every change is an edit (:mod:`mapref.core.areaedit`) on ``editor.history``; the canvas, the
inspector, the problems panel and the title follow the history's notifications.
"""

from __future__ import annotations
from itertools import pairwise

import tkinter as tk
from pathlib import Path
from tkinter import simpledialog, ttk
from collections.abc import Callable

from mapref.core.areaedit import (
    AreaTouch,
    Edit,
    accept_lines,
    lines_by_place,
    replace_map,
    set_land_from_locations,
    set_map,
    suggest_lines,
)
from mapref.core.areamodel import AreaMap, ColourClass, LineKind, valid_id
from mapref.core.commands import EditError
from mapref.core.history import Command, CommandGroup, History
from mapref.io.areafile import dumps_area_map, load_area_map, save_area_map
from mapref.ui.area_canvas import LAYER_TAGS, SELECT, AreaCanvas
from mapref.ui.area_inspector import AreaInspector, delete_selected
from mapref.ui.area_problems import AreaProblemsPanel
from mapref.ui.area_tools import TOOL_CLASSES
from mapref.ui.dialogs import FormDialog
from mapref.ui.area_new import ask_new_area_values, new_area_map_from
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
from mapref.ui.images import probe

ACTIONS: tuple[Action, ...] = (
    FILE_ACTIONS[0],
    Action("new-area", "File/New", "Area map...", ("<Control-n>",), accel="Ctrl+N", icon="new", toolbar=True),
    *FILE_ACTIONS[2:],
    *UNDO_ACTIONS,
    Action("delete", "Edit", "Delete selected / last point", (), ("<Delete>", "<BackSpace>"), accel="Delete"),
    Action("escape", "Edit", "Cancel / deselect", (), ("<Escape>",), accel="Esc"),
    Action(
        "finish",
        "Edit",
        "Finish (location, split, areas)",
        (),
        ("<Return>", "<KP_Enter>"),
        accel="Return",
        separator=True,
    ),
    Action("map-properties", "Edit", "Map name..."),
    Action("add-colour", "Edit", "Add / edit colour class..."),
    Action("add-line-kind", "Edit", "Add / edit line kind..."),
    Action("add-region", "Edit", "Add / edit region...", separator=True),
    Action("land-from-locations", "Edit", "Land outline from the locations"),
    Action("clear-land", "Edit", "Clear the land outline"),
    *ZOOM_ACTIONS,
    Action(
        "find", "View", "Find location...", ("<Control-f>",), accel="Ctrl+F", icon="find", toolbar=True, separator=True
    ),
    Action(
        "suggest-lines",
        "Tools",
        "Suggest land lines from shared borders",
        ("<Control-l>",),
        accel="Ctrl+L",
        icon="area_suggest",
        toolbar=True,
    ),
    Action("accept-lines", "Tools", "Accept all proposed lines", separator=True),
    *BACKGROUND_ACTIONS,
    *HELP_ACTIONS,
)

GUIDE = """\
THE AREA MAP EDITOR

An area map is locations (areas with an outline, split in halves where the game needs them),
off-map boxes and the move lines that join them. Pick a tool in the palette (or press its
letter with the mouse over the map) and click on the map; Return finishes a drawing, BackSpace
drops its last point, Escape cancels. The inspector on the right shows and edits what is
selected; the problems panel under the map lists gaps, overlaps, slivers and lines that join
locations that share no border (a click jumps there; tick Strait crossing in the inspector for
a land line across water on purpose, Wraps round the map edge for one round the back).

Starting a map: File > New > Area map asks its size, a projection (or none) and an image to
trace. Over a border image, the Grab tool (K) takes the region under a click as a location,
its outline on the middle of the border lines, sharing its vertices with the neighbours
already grabbed. Draw location (D) draws one by hand, its clicks snapping to the neighbours'
corners and borders. Generate areas (G) cuts the land around a city per area. Tools > Suggest
land lines proposes a line between every two locations that share a border.

Files: File > New, Open (Ctrl+O), Open recent, Save (Ctrl+S). Unsaved changes are autosaved
every 30 seconds and every tenth change; after a crash, opening the map again offers them back.
"""


class AreaEditor(EditorShell):
    map_kind = None  # type: ignore[assignment]  # AREA_MAP, below
    window_title = "mapref area editor"
    ACTIONS = ACTIONS
    TOOL_CLASSES = TOOL_CLASSES
    canvas_layers = LAYER_TAGS
    inspector_width = 320
    guide = GUIDE

    # ---------------------------------------------------------------- the shell's hooks
    def make_panels(self, centre: ttk.PanedWindow, right: ttk.Frame) -> None:
        self.selected: tuple[str, str] | None = None
        self.inspector = AreaInspector(right, self)
        self.inspector.pack(fill="both", expand=True)
        self.canvas = AreaCanvas(centre, self.model, width=600, height=560)
        self.problems = AreaProblemsPanel(centre, self)
        centre.add(self.canvas, weight=5)
        centre.add(self.problems, weight=1)
        c = self.canvas
        c.bind("<Leave>", lambda e: self.status.set(""))
        c.bind("<Double-Button-1>", lambda e: self.tool.double(e))
        c.bind("<<Redrawn>>", lambda e: self.show_selection(), add="+")

    def handlers(self) -> dict[str, Callable[[], object]]:
        return {
            "delete": self.delete,
            "escape": self.escape,
            "finish": self.finish,
            "map-properties": self.ask_map_name,
            "add-colour": lambda: ask_colour_class(self),
            "add-line-kind": lambda: ask_line_kind(self),
            "add-region": lambda: ask_region(self),
            "land-from-locations": lambda: self.push(set_land_from_locations(self.model)),
            "clear-land": lambda: self.push(set_map(self.model, label="Clear the land outline", land=None)),
            "find": self.ask_find,
            "suggest-lines": self.suggest_lines,
            "accept-lines": self.accept_all_lines,
        }

    def _option_vars(self) -> None:
        r = self.root
        self.tool_name = tk.StringVar(r, value="select")
        self.snap = tk.BooleanVar(r, value=True)
        self.line_kind = tk.StringVar(r, value="land")
        self.line_oneway = tk.BooleanVar(r, value=False)
        self.line_defence_a = tk.StringVar(r, value="0")
        self.line_defence_b = tk.StringVar(r, value="0")
        self.line_condition = tk.StringVar(r, value="")
        self.grab_threshold = tk.IntVar(r, value=0)  # the grab tool's border level; 0: Otsu's, from the image
        self.layer_vars = {t: tk.BooleanVar(r, value=True) for t in LAYER_TAGS}
        self.opacity = tk.DoubleVar(r, value=float((self.model.background or {}).get("opacity", 0.5)))
        self.bg_scale = tk.StringVar(r, value=f"{float((self.model.background or {}).get('scale', 1.0)):g}")

    def _build_palette(self) -> None:
        from mapref.ui.area_tools import build_palette

        self._tool_grid()
        build_palette(self, self.palette)

    def _forget_view(self) -> None:
        self.selected = None

    def _changed(self, cmd: Command, how: str) -> None:
        t = touch_of(cmd)
        self.canvas.refresh(t)
        if t.background:
            self.underlay.changed()
        if self.model.background:
            self.opacity.set(float(self.model.background.get("opacity", 0.5)))
            self.bg_scale.set(f"{float(self.model.background.get('scale', 1.0)):g}")
        if how != "do":
            self.set_status(f"{how.capitalize()}: {cmd.label}")
        if self.selected and not self._exists(self.selected):
            self.selected = None
        self.show_selection()
        self.after_change()

    def _exists(self, sel) -> bool:
        kind, k = sel
        return k in {"location": self.model.locations, "line": self.model.lines, "box": self.model.boxes}[kind]

    def shortcut_rows(self) -> list[tuple[str, str, str]]:
        return super().shortcut_rows() + [
            ("Map", "Shift+click a vertex", "Delete it (Edit vertices tool)"),
            ("Map", "Double-click", "Finish a location, a split or the areas"),
        ]

    # --------------------------------------------------------------------------- mouse
    def _motion(self, e: tk.Event, dragging: bool = False) -> None:
        if not dragging:
            self.status.set(self.describe(self.canvas.space_at(e.x, e.y)))
            self.tool.motion(e)

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
        place = space if space.startswith("box:") else space.split(".", 1)[0]
        n = sum(1 for k in lines_by_place(m.lines).get(place, ()) if space in (m.lines[k].a, m.lines[k].b))
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
            c.create_rectangle(
                x0 * z - 3, y0 * z - 3, x1 * z + 3, y1 * z + 3, outline=SELECT, width=3, tags=("selection",)
            )
        else:
            if m.lines[k].wrap:  # round the map: its two stubs, no bend points
                for piece in c.line_pieces(k) or []:
                    c.create_line(
                        *[v for p in piece for v in c.to_canvas(p)], fill=SELECT, width=5, tags=("selection",)
                    )
                return
            path = c.line_path(k)
            if path is None:
                return
            pts = [c.to_canvas(p) for p in path]
            c.create_line(*[v for p in pts for v in p], fill=SELECT, width=5, tags=("selection",))
            for x, y in pts[1:-1]:
                c.create_rectangle(
                    x - 5, y - 5, x + 5, y + 5, fill="#ffffff", outline=SELECT, width=2, tags=("selection",)
                )
            for (x0, y0), (x1, y1) in pairwise(pts):
                x, y = (x0 + x1) / 2, (y0 + y1) / 2
                c.create_oval(x - 4, y - 4, x + 4, y + 4, fill=SELECT, outline="#ffffff", tags=("selection",))

    def line_handle_at(self, x: float, y: float) -> tuple[int, bool] | None:
        """A handle of the selected line under widget point (x, y): (index in ``via``, inserting?)
        for a bend point (False) or a segment's middle (True: a new bend goes at that index)."""
        if (
            not self.selected
            or self.selected[0] != "line"
            or getattr(self.model.lines.get(self.selected[1]), "wrap", False)
        ):
            return None  # a line round the map is two straight stubs: no bend points
        c = self.canvas
        path = c.line_path(self.selected[1])
        if path is None:
            return None
        pts = [c.widget_xy(p) for p in path]
        for i, (px, py) in enumerate(pts[1:-1]):
            if abs(px - x) <= 6 and abs(py - y) <= 6:
                return (i, False)
        for i, ((x0, y0), (x1, y1)) in enumerate(pairwise(pts)):
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
                c.create_polygon(
                    c.flat(p.exterior.coords[:-1]), fill="", outline=colour, width=2, dash=(4, 2), tags=(tag,)
                )

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
                pieces = self.canvas.line_pieces(k)
                if pieces:
                    self.canvas.centre_on(pieces[0][len(pieces[0]) // 2])
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

    def ask_map_name(self) -> None:
        t = self.ask_string("Map name", "Name of the map:", self.model.name)
        if t is not None:
            self.push(set_map(self.model, name=t.strip()))

    def set_colour_class(self, code: str, name: str, colour: str, side: str = "") -> None:
        import re

        if not valid_id(code):
            raise EditError(f"a code is lowercase letters, digits and _, got {code!r}")
        if not re.fullmatch(r"#[0-9a-fA-F]{6}", colour or ""):
            raise EditError(f"a colour is #rrggbb, got {colour!r}")
        self.push(Edit(f"Colour class {code}", colours={code: ColourClass(name or code, colour, side.strip())}))

    def set_region(self, code: str, name: str, members: list[str]) -> None:
        from mapref.core.areamodel import AreaRegion

        m = self.model
        if not valid_id(code):
            raise EditError(f"a code is lowercase letters, digits and _, got {code!r}")
        bad = [x for x in members if x not in m.locations and not m.space_exists(x)]
        if bad:
            raise EditError(f"not a location, half or box of the map: {', '.join(bad)}")
        self.push(Edit(f"Region {code}", regions={code: AreaRegion(name or code, tuple(members)) if members else None}))

    # ----------------------------------------------------------------------- the map
    def export_png(self, path: str | Path, width: int, progress: Callable[[float], None] | None = None):
        from mapref.render.area_png import render_area

        hidden = {t for t, v in self.layer_vars.items() if not v.get()}
        return render_area(self.model, path, width=int(width), progress=progress, hidden=hidden)

    def export_size(self) -> int | None:
        return simpledialog.askinteger(
            "Export PNG",
            "Width of the image in pixels:",
            initialvalue=1600,
            minvalue=200,
            maxvalue=20000,
            parent=self.root,
        )

    # ------------------------------------------------------------------------- background
    def load_background(self, path: str | Path, opacity: float = 0.5) -> None:
        """Lay the image ``path`` under the map, over the locations' extent (or at one map unit
        a pixel on an empty map).  A bomb or an unreadable file is refused before anything changes."""
        w, _h = probe(path)
        if self.model.locations:
            x0, y0, x1, y1 = self.model.bounds()
            scale = round((x1 - x0) / w, 4)
        else:
            x0, y0, scale = 0.0, 0.0, 1.0
        self.set_background(
            {"image": self.underlay.shown_name(path), "opacity": opacity, "offset": [x0, y0], "scale": scale},
            "Load background",
        )
        self.set_layer("background", True)
        if not self.model.locations:
            self.underlay.wait()
            self.canvas.fit()
        self.set_status(
            "Background loaded: grab regions (K) or trace locations over it (D), or move it (T) and set its scale "
            "in the palette"
        )

    def set_background(self, bg: dict | None, label: str) -> None:
        self.push(set_map(self.model, label=label, background=bg))


def touch_of(cmd: Command) -> AreaTouch:
    """What ``cmd`` (an edit, or a group of them) changed, for the views to refresh."""
    if isinstance(cmd, CommandGroup):
        t = AreaTouch()
        for c in cmd.commands:
            x = touch_of(c)
            t.locations |= x.locations
            t.boxes |= x.boxes
            t.lines |= x.lines
            t.everything |= x.everything
            t.background |= x.background
            t.land |= x.land
        return t
    touch = getattr(cmd, "touch", None)
    return touch() if callable(touch) else AreaTouch(everything=True)


def ask_colour_class(ed: AreaEditor) -> None:
    fields = [
        ("code", "Code (such as blue)", "entry", "", None),
        ("name", "Name", "entry", "", None),
        ("colour", "Colour", "colour", "#cccccc", None),
        ("side", "Side (optional)", "entry", "", None),
    ]
    v = FormDialog(ed.root, "Add or edit a colour class", fields, note="An existing code edits that class.").show()
    if v:
        ed.set_colour_class(**v)


def ask_line_kind(ed: AreaEditor) -> None:
    fields = [
        ("code", "Code (such as rail)", "entry", "", None),
        ("name", "Name", "entry", "", None),
        ("colour", "Colour", "colour", "#884400", None),
    ]
    v = FormDialog(ed.root, "Add or edit a line kind", fields, note="land and naval are built in.").show()
    if v:
        if not valid_id(v["code"]):
            raise EditError(f"a code is lowercase letters, digits and _, got {v['code']!r}")
        ed.push(Edit(f"Line kind {v['code']}", line_kinds={v["code"]: LineKind(v["name"] or v["code"], v["colour"])}))


def ask_region(ed: AreaEditor) -> None:
    fields = [
        ("code", "Code (such as benelux)", "entry", "", None),
        ("name", "Name", "entry", "", None),
        ("members", "Locations (ids, halves, box:id)", "entry", "", None),
    ]
    v = FormDialog(
        ed.root, "Add or edit a region", fields, note="An existing code edits that region; no locations deletes it."
    ).show()
    if v:
        ed.set_region(v["code"], v["name"], v["members"].replace(",", " ").split())


AREA_MAP = MapKind(
    "area",
    read=load_area_map,
    blank=lambda: AreaMap(name="Untitled"),
    dumps=dumps_area_map,
    write=save_area_map,
    replace=replace_map,
    history=History,
    ask_new=ask_new_area_values,
    make_new=new_area_map_from,
)
AreaEditor.map_kind = AREA_MAP
