"""Area editor tools: what clicks and drags on the map do.

Every tool turns gestures into edits of :mod:`mapref.core.areaedit` pushed on the editor's
history; none changes the map directly.  Tools that collect points (draw a location, split one,
generate areas) finish with Return, a double-click or a click on the first point, drop their
last point with BackSpace and cancel with Escape.  Points snap to the neighbours' vertices and
borders (within :data:`SNAP_PX` pixels) while the editor's *Snap* option is on.
"""

from __future__ import annotations

import math
import tkinter as tk
from typing import TYPE_CHECKING

from shapely.geometry import LineString

from mapref.core.areaedit import (
    add_box,
    add_line,
    add_location,
    delete_vertex,
    generate_areas,
    insert_vertex,
    move_vertex,
    set_box,
    set_line,
    set_location,
    set_map,
    split_location,
)
from mapref.core.areageom import moved_vertex, nearest_edge, nearest_vertex, round_point, snap
from mapref.core.areamodel import Condition
from mapref.core.commands import EditError

if TYPE_CHECKING:
    from mapref.ui.editor_shell import (
        EditorShell,
    )  # its editor (mapref.ui.area_editor.AreaEditor, which imports this module)

SNAP_PX = 9.0
MARK = "#d6006f"


class Tool:
    name = "tool"
    label = "Tool"
    key = ""
    icon = "select"
    tip = ""
    cursor = "crosshair"

    def __init__(self, ed: EditorShell) -> None:
        self.ed = ed

    @property
    def canvas(self):
        return self.ed.canvas

    @property
    def model(self):
        return self.ed.model

    def xy(self, e) -> tuple[float, float]:
        return self.canvas.map_xy(e.x, e.y)

    def press(self, e: tk.Event) -> None: ...
    def drag(self, e: tk.Event) -> None: ...
    def release(self, e: tk.Event) -> None: ...
    def motion(self, e: tk.Event) -> None: ...

    def double(self, e: tk.Event) -> None:
        """The second press of a double-click (Tk sends it instead of a press)."""
        self.press(e)

    def finish(self) -> bool:
        """Return pressed: finish what the tool collected (True when there was something)."""
        return False

    def back(self) -> bool:
        """BackSpace: drop the last point (True when there was one)."""
        return False

    def cancel(self) -> None:
        self.canvas.delete("toolmark")

    def push(self, cmd) -> None:
        self.ed.push(cmd)

    def mark(self, create, *args, **kw):
        kw.setdefault("tags", ("toolmark",))
        return create(*args, **kw)


class SelectTool(Tool):
    name, label, key, icon = "select", "Select", "v", "select"
    tip = (
        "Select (V): click a location, line or box; drag a box, or a selected location's name, to move it; drag a "
        "selected line's handles to bend it (double-click a bend to remove it)"
    )
    cursor = "arrow"

    def __init__(self, ed):
        super().__init__(ed)
        self.moving_box = None
        self.bend = None  # (line id, index in via, inserting?)
        self.moving_name = None  # (location id, press x, y, last x, y)

    def press(self, e):
        sel = self.ed.selected
        if sel and sel[0] == "line":
            h = self.ed.line_handle_at(e.x, e.y)
            if h is not None:
                self.bend = (sel[1], *h)
                self.ed.history.begin_group("Bend line")
                return
        if sel and sel[0] == "location" and sel[1] in self.model.locations and self.canvas.detail() == "full":
            # the selected location's name is dragged (a big map zoomed out draws no names)
            lx, ly = self.canvas.widget_xy(self.model.locations[sel[1]].label_point)
            if abs(lx - e.x) <= 30 and abs(ly - e.y) <= 8:
                self.moving_name = (sel[1], e.x, e.y, e.x, e.y)
                return
        lid = self.canvas.line_at(e.x, e.y)
        if lid is not None:
            self.ed.select("line", lid)
            return
        bid = self.canvas.box_at(e.x, e.y)
        if bid is not None:
            self.ed.select("box", bid)
            self.moving_box = (bid, e.x, e.y, e.x, e.y)
            return
        loc = self.canvas.location_at(e.x, e.y)
        self.ed.select("location", loc) if loc else self.ed.select(None)

    def drag(self, e):
        if self.moving_name:
            lid, x0, y0, lx, ly = self.moving_name
            c = self.canvas
            for i in c.loc_items.get(lid, []):
                if c.type(i) in ("text", "oval") and {"names", "values"} & set(c.gettags(i)):
                    c.move(i, e.x - lx, e.y - ly)
            self.moving_name = (lid, x0, y0, e.x, e.y)
        elif self.moving_box:
            bid, x0, y0, lx, ly = self.moving_box
            for i in self.canvas.box_items.get(bid, []):
                self.canvas.move(i, e.x - lx, e.y - ly)
            self.moving_box = (bid, x0, y0, e.x, e.y)
        elif self.bend:
            lid, i, inserting = self.bend
            ln = self.model.lines[lid]
            p = round_point(self.xy(e))
            via = list(ln.via)
            if inserting:
                via.insert(i, p)
                self.bend = (lid, i, False)
            else:
                via[i] = p
            self.push(set_line(self.model, lid, label="Bend line", via=via))

    def release(self, e):
        if self.moving_name:
            lid, x0, y0, _, _ = self.moving_name
            self.moving_name = None
            if (e.x, e.y) != (x0, y0):
                loc = self.model.locations[lid]
                ax, ay = loc.label_point
                z = self.canvas.zoom
                self.push(
                    set_location(
                        self.model,
                        lid,
                        label=f"Move the name of {loc.label}",
                        anchor=(ax + (e.x - x0) / z, ay + (e.y - y0) / z),
                    )
                )
            return
        if self.moving_box:
            bid, x0, y0, _, _ = self.moving_box
            self.moving_box = None
            if (e.x, e.y) != (x0, y0):
                b = self.model.boxes[bid]
                dx, dy = (e.x - x0) / self.canvas.zoom, (e.y - y0) / self.canvas.zoom
                self.push(
                    set_box(
                        self.model, bid, label=f"Move box {b.label}", position=(b.position[0] + dx, b.position[1] + dy)
                    )
                )
        self.bend = None

    def double(self, e):
        """Double-click a bend point of the selected line to remove it."""
        sel = self.ed.selected
        if sel and sel[0] == "line":
            h = self.ed.line_handle_at(e.x, e.y)
            if h is not None and not h[1]:
                via = list(self.model.lines[sel[1]].via)
                del via[h[0]]
                self.push(set_line(self.model, sel[1], label="Straighten line", via=via))
                return
        self.press(e)

    def cancel(self):
        super().cancel()
        self.moving_box = None
        self.bend = None
        self.moving_name = None


class _PointsTool(Tool):
    """A tool that collects clicked points and shows them joined."""

    closed = False  # the points make a ring

    def __init__(self, ed):
        super().__init__(ed)
        self.points: list[tuple[float, float]] = []

    def where(self, e) -> tuple[tuple[float, float], str]:
        return round_point(self.xy(e)), "free"

    def press(self, e):
        p, _how = self.where(e)
        self.add(p)

    def add(self, p) -> None:
        self.points.append(p)
        self.draw_points()
        self.ed.set_status(self.progress())

    def progress(self) -> str:
        return f"{len(self.points)} points: Return to finish, BackSpace to drop the last, Escape to cancel"

    def double(self, e):
        self.finish()

    def back(self):
        if not self.points:
            return False
        self.points.pop()
        self.draw_points()
        return True

    def cancel(self):
        super().cancel()
        self.points = []

    def draw_points(self, cursor=None, how: str = "free") -> None:
        c = self.canvas
        c.delete("toolmark")
        pts = [c.to_canvas(p) for p in self.points]
        if cursor is not None and pts:
            pts_line = pts + [c.to_canvas(cursor)]
        else:
            pts_line = pts
        if len(pts_line) >= 2:
            flat = [v for p in pts_line for v in p]
            if self.closed and len(pts_line) >= 3:
                self.mark(c.create_polygon, flat, fill="", outline=MARK, width=2, dash=(5, 3))
            else:
                self.mark(c.create_line, flat, fill=MARK, width=2, dash=(5, 3) if self.closed else ())
        for i, (x, y) in enumerate(pts):
            self.mark(
                c.create_rectangle, x - 3.5, y - 3.5, x + 3.5, y + 3.5, fill="#ffffff" if i else MARK, outline=MARK
            )
        if cursor is not None:
            x, y = c.to_canvas(cursor)
            if how == "vertex":
                self.mark(c.create_rectangle, x - 5, y - 5, x + 5, y + 5, outline=MARK, width=2)
            elif how == "edge":
                self.mark(c.create_oval, x - 5, y - 5, x + 5, y + 5, outline=MARK, width=2)

    def motion(self, e):
        p, how = self.where(e)
        if self.points or how != "free":
            self.draw_points(p, how)


class DrawTool(_PointsTool):
    name, label, key, icon = "draw", "Draw location", "d", "area_draw"
    tip = (
        "Draw location (D): click its vertices (they snap to the neighbours' vertices and borders, and a border "
        "between two clicks on a neighbour follows it); click the first vertex, double-click or Return to finish"
    )
    closed = True

    def where(self, e):
        xy = self.xy(e)
        if not self.ed.snap.get():
            return round_point(xy), "free"
        return snap(self.model, xy, self.canvas.reach(SNAP_PX), extra=self.points[:1])

    def press(self, e):
        p, _how = self.where(e)
        if len(self.points) >= 3 and p == self.points[0]:
            self.finish()
            return
        if self.points and p == self.points[-1]:
            return
        self.add(p)

    def finish(self):
        if len(self.points) < 3:
            if self.points:
                self.ed.set_status("A location needs at least three vertices")
            return bool(self.points)
        pts, self.points = self.points, []
        self.canvas.delete("toolmark")
        before = set(self.model.locations)
        self.push(add_location(self.model, pts, snap_borders=self.ed.snap.get()))
        new = [k for k in self.model.locations if k not in before]
        if new:
            self.ed.select("location", new[0])
        return True


class VertexTool(Tool):
    name, label, key, icon = "vertex", "Edit vertices", "e", "area_vertex"
    tip = (
        "Edit vertices (E): drag a vertex (it moves in every location that has it); drag a border to add a vertex "
        "there; Shift-click a vertex to delete it"
    )

    def __init__(self, ed):
        super().__init__(ed)
        self.at = None
        self.to = None
        self.shown = None

    def motion(self, e):
        c = self.canvas
        xy = self.xy(e)
        v = nearest_vertex(self.model, xy, c.reach(SNAP_PX))
        lid = c.location_at(e.x, e.y)
        c.delete("toolmark")
        if lid:
            from mapref.core.areageom import rings_of

            for _, ring in rings_of(self.model.locations[lid].polygon):
                for p in ring:
                    x, y = c.to_canvas(p)
                    self.mark(
                        c.create_rectangle, x - 2.5, y - 2.5, x + 2.5, y + 2.5, fill="#ffffff", outline=BORDER_MARK
                    )
        if v is not None:
            x, y = c.to_canvas(v)
            self.mark(c.create_rectangle, x - 5, y - 5, x + 5, y + 5, outline=MARK, width=2)
        else:
            ed = nearest_edge(self.model, xy, c.reach(SNAP_PX))
            if ed is not None:
                x, y = c.to_canvas(ed[0])
                self.mark(c.create_oval, x - 4, y - 4, x + 4, y + 4, outline=MARK, width=2)

    def press(self, e):
        c = self.canvas
        xy = self.xy(e)
        v = nearest_vertex(self.model, xy, c.reach(SNAP_PX))
        if v is not None and e.state & 0x1:
            self.push(delete_vertex(self.model, v))
            self.motion(e)
            return
        if v is None:
            ed = nearest_edge(self.model, xy, c.reach(SNAP_PX))
            if ed is None:
                lid = c.location_at(e.x, e.y)
                self.ed.select("location", lid) if lid else self.ed.select(None)
                return
            self.ed.history.begin_group("Insert vertex")
            self.push(insert_vertex(self.model, ed[0]))
            v = ed[0]
        self.at, self.to = v, v

    def drag(self, e):
        if self.at is None:
            return
        c = self.canvas
        xy = self.xy(e)
        p = nearest_vertex(self.model, xy, c.reach(SNAP_PX), exclude=())
        self.to = p if (p is not None and p != self.at) else round_point(xy)
        for lid, g in moved_vertex(self.model, self.at, self.to).items():
            c.preview_polygon(lid, g)
        c.delete("toolmark")
        x, y = c.to_canvas(self.to)
        self.mark(c.create_rectangle, x - 5, y - 5, x + 5, y + 5, outline=MARK, width=2)

    def release(self, e):
        if self.at is None:
            return
        at, to = self.at, self.to
        self.at = self.to = None
        if to is not None and to != at:
            try:
                self.push(move_vertex(self.model, at, to))
            except EditError:
                for lid in self.model.locations:
                    self.canvas.draw_location(lid)
                raise
        else:
            for lid in moved_vertex(self.model, at, at):
                self.canvas.draw_location(lid)

    def cancel(self):
        super().cancel()
        if self.at is not None:
            for lid in moved_vertex(self.model, self.at, self.at):
                self.canvas.draw_location(lid)
        self.at = self.to = None


BORDER_MARK = "#4d4d4d"


class SplitTool(_PointsTool):
    name, label, key, icon = "split", "Split in halves", "s", "area_split"
    tip = (
        "Split in halves (S): click a line across a location (two points or more), then Return or double-click; "
        "its move lines go to the nearer half"
    )

    def finish(self):
        if len(self.points) < 2:
            return bool(self.points)
        pts = self.points
        line = LineString(pts)
        best, best_len = None, 0.0
        sel = self.ed.selected
        for lid, loc in self.model.locations.items():
            if loc.polygon.is_empty or not loc.polygon.is_valid:
                continue
            n = line.intersection(loc.polygon).length
            if sel == ("location", lid) and n > 0:
                best, best_len = lid, math.inf
            if n > best_len:
                best, best_len = lid, n
        self.points = []
        self.canvas.delete("toolmark")
        if best is None:
            raise EditError("the line crosses no location: draw it across the one to split")
        self.push(split_location(self.model, best, pts))
        self.ed.select("location", best)
        return True


class GenerateTool(_PointsTool):
    name, label, key, icon = "generate", "Generate areas", "g", "area_generate"
    tip = (
        "Generate areas (G): click a city for each location, then Return: the land is cut into one area per city "
        "(Voronoi cells clipped to the land outline, or to the locations you clicked in, or to the background)"
    )

    def draw_points(self, cursor=None, how="free"):
        c = self.canvas
        c.delete("toolmark")
        for i, p in enumerate(self.points, start=1):
            x, y = c.to_canvas(p)
            self.mark(c.create_oval, x - 5, y - 5, x + 5, y + 5, fill=MARK, outline="#ffffff", width=1.5)
            self.mark(c.create_text, x + 9, y - 9, text=str(i), fill=MARK, font=("DejaVu Sans", 9, "bold"))

    def motion(self, e):
        pass

    def progress(self):
        return f"{len(self.points)} cities: Return to cut the land into {len(self.points)} areas"

    def finish(self):
        if not self.points:
            return False
        pts, self.points = self.points, []
        self.canvas.delete("toolmark")
        rect = self.canvas.background_rect() if (self.canvas.bg_image is not None and self.model.background) else None
        self.push(generate_areas(self.model, pts, background_rect=rect))
        self.ed.select(None)
        return True


class LineTool(Tool):
    name, label, key, icon = "line", "Draw move line", "l", "area_line"
    tip = (
        "Draw move line (L): press on a location or half and drag to another; the kind, direction, defence values "
        "and condition come from the palette; click a line to select it"
    )

    def __init__(self, ed):
        super().__init__(ed)
        self.start = None

    def press(self, e):
        self.start = self.canvas.space_at(e.x, e.y)
        self.press_xy = (e.x, e.y)
        if self.start is None:
            lid = self.canvas.line_at(e.x, e.y)
            self.ed.select("line", lid) if lid else self.ed.select(None)

    def motion(self, e):
        c = self.canvas
        c.delete("toolmark")
        s = c.space_at(e.x, e.y)
        if s:
            self.ed.outline_space(s, tag="toolmark", colour="#ffffff")

    def drag(self, e):
        if self.start is None:
            return
        c = self.canvas
        c.delete("toolmark")
        p = self.model.space_point(self.start)
        x0, y0 = c.to_canvas(p)
        x1, y1 = c.canvasx(e.x), c.canvasy(e.y)
        self.mark(
            c.create_line,
            x0,
            y0,
            x1,
            y1,
            fill=self.model.line_colour(self.ed.line_kind.get()),
            width=2.5,
            arrow="last" if self.ed.line_oneway.get() else "none",
        )
        s = c.space_at(e.x, e.y)
        if s:
            self.ed.outline_space(s, tag="toolmark", colour="#ffffff")

    def release(self, e):
        start, self.start = self.start, None
        self.canvas.delete("toolmark")
        if start is None:
            return
        end = self.canvas.space_at(e.x, e.y)
        if end is None or end.split(".")[0] == start.split(".")[0]:
            if abs(e.x - self.press_xy[0]) + abs(e.y - self.press_xy[1]) < 4:
                lid = self.canvas.line_at(e.x, e.y)
                if lid:
                    self.ed.select("line", lid)
                else:
                    self.ed.select_space(start)
            elif end is None:
                self.ed.set_status("Release the line on another location, half or box")
            return
        ed = self.ed
        try:
            cond = Condition.parse(ed.line_condition.get())
        except ValueError as err:
            raise EditError(str(err)) from None
        cmd = add_line(
            self.model,
            start,
            end,
            kind=ed.line_kind.get().strip() or "land",
            oneway=ed.line_oneway.get(),
            defence_a=_int(ed.line_defence_a.get()),
            defence_b=_int(ed.line_defence_b.get()),
            condition=cond,
        )
        self.push(cmd)
        ed.select("line", next(iter(cmd.changes["lines"])))


def _int(v) -> int:
    try:
        return int(v or 0)
    except (TypeError, ValueError):
        raise EditError(f"a defence value is a whole number, got {v!r}") from None


class BoxTool(Tool):
    name, label, key, icon = "box", "Off-map box", "b", "box"
    tip = "Off-map box (B): click an empty place to add a box; drag a box to move it"

    def __init__(self, ed):
        super().__init__(ed)
        self.moving = None

    def press(self, e):
        bid = self.canvas.box_at(e.x, e.y)
        if bid:
            self.ed.select("box", bid)
            self.moving = (bid, e.x, e.y, e.x, e.y)
            return
        x, y = self.xy(e)
        cmd = add_box(self.model, (x - 30, y - 20))
        self.push(cmd)
        self.ed.select("box", next(iter(cmd.changes["boxes"])))

    def drag(self, e):
        if self.moving:
            bid, x0, y0, lx, ly = self.moving
            for i in self.canvas.box_items.get(bid, []):
                self.canvas.move(i, e.x - lx, e.y - ly)
            self.moving = (bid, x0, y0, e.x, e.y)

    def release(self, e):
        if self.moving:
            bid, x0, y0, _, _ = self.moving
            self.moving = None
            if (e.x, e.y) != (x0, y0):
                b = self.model.boxes[bid]
                dx, dy = (e.x - x0) / self.canvas.zoom, (e.y - y0) / self.canvas.zoom
                self.push(
                    set_box(
                        self.model, bid, label=f"Move box {b.label}", position=(b.position[0] + dx, b.position[1] + dy)
                    )
                )


class BackgroundTool(Tool):
    name, label, key, icon = "background", "Move background", "t", "background"
    tip = "Move background (T): drag the tracing image under the map; its scale is in the palette"
    cursor = "fleur"

    def __init__(self, ed):
        super().__init__(ed)
        self.start = None

    def press(self, e):
        if not self.model.background:
            raise EditError("load a background image first (Tools menu)")
        self.start = (e.x, e.y, e.x, e.y)

    def drag(self, e):
        if self.start:
            x0, y0, lx, ly = self.start
            self.canvas.move("background", e.x - lx, e.y - ly)
            self.start = (x0, y0, e.x, e.y)

    def release(self, e):
        if self.start:
            x0, y0, _, _ = self.start
            self.start = None
            if (e.x, e.y) != (x0, y0):
                bg = dict(self.model.background)
                ox, oy = bg.get("offset", (0.0, 0.0))
                z = self.canvas.zoom
                bg["offset"] = [round(ox + (e.x - x0) / z, 2), round(oy + (e.y - y0) / z, 2)]
                self.push(set_map(self.model, label="Move background", background=bg))


class GrabTool(Tool):
    """TripleA's Polygon Grabber, done better: the background image (a drawing or a scan of the
    borders) is traced once (:func:`mapref.core.areatrace.trace_image`, in a worker thread: the
    regions enclosed by dark lines, each outline on the middle of the border lines, one coverage
    whose neighbours share every vertex); a click inside a region adds it as a location
    (:func:`mapref.core.areatrace.grab`), fitted to the locations already there.  The pointer
    shows the region a click would take."""

    name, label, key, icon = "grab", "Grab area", "k", "area_grab"
    tip = (
        "Grab area (K): click inside a region of the background image enclosed by border lines: it becomes a "
        "location, its outline on the middle of the border lines, sharing its vertices with its neighbours"
    )

    def __init__(self, ed):
        super().__init__(ed)
        self._tracing = None  # (key, Tracing)
        self._worker = None  # (key, thread, result box)
        self._pending: list[tuple[float, float]] = []  # clicks made while the image was being traced

    def _key(self):
        img, bg = self.canvas.bg_image, self.model.background
        try:
            level = max(0, min(255, int(self.ed.grab_threshold.get())))
        except (tk.TclError, ValueError):
            level = 0  # not a number (being typed): found from the image
        return None if img is None or not bg else (id(img), level)

    def placement(self) -> tuple[tuple[float, float], float]:
        """Where the traced image lies on the map: (offset, map units per pixel of the image the
        canvas holds, which may be a reduced copy of the file)."""
        bg = self.model.background
        sw = (self.canvas.bg_source_size or self.canvas.bg_image.size)[0]
        scale = float(bg.get("scale", 1.0)) * sw / self.canvas.bg_image.width
        ox, oy = (float(v) for v in bg.get("offset", (0.0, 0.0)))
        return (ox, oy), scale

    def tracing(self):
        """The tracing of the background as it is now, or None while it is being made (started
        here when needed); EditError when there is no image to trace."""
        key = self._key()
        if key is None:
            if self.model.background and self.ed.underlay.loading:
                raise EditError("the background image is still being read; try again in a moment")
            raise EditError("load the image to trace first: Tools > Load background image, or File > New > Area map")
        if self._tracing is not None and self._tracing[0] == key:
            return self._tracing[1]
        if self._worker is None or self._worker[0] != key:
            import threading

            import numpy as np

            from mapref.core.areatrace import trace_image

            gray = np.asarray(self.canvas.bg_image.convert("L"))
            threshold = key[1] or None
            box: dict = {}

            def work():
                try:
                    box["t"] = trace_image(gray, threshold=threshold)
                except Exception as e:  # said in the status bar, never a crash of the worker
                    box["error"] = e

            t = threading.Thread(target=work, daemon=True)
            t.start()
            self._worker = (key, t, box)
            self.ed.set_status("Tracing the background image: the regions enclosed by its border lines...")
            self.ed.root.after(50, self._poll)
        return None

    def _poll(self) -> None:
        if self._worker is None:
            return
        key, t, box = self._worker
        if t.is_alive():
            self.ed.root.after(50, self._poll)
            return
        self._worker = None
        if "error" in box:
            self._pending = []
            self.ed.show_error("Cannot trace the background", f"the background image cannot be traced: {box['error']}")
            return
        self._tracing = (key, box["t"])
        n = len(box["t"].regions)
        self.ed.set_status(
            f"Traced {n} region{'s' if n != 1 else ''} (border darker than {box['t'].threshold}): click "
            "inside one to grab it"
        )
        pending, self._pending = self._pending, []
        for p in pending:
            self.grab_at(p)

    def press(self, e):
        self.grab_at(self.xy(e))

    def grab_at(self, at: tuple[float, float]) -> str | None:
        """Add the traced region under map point ``at`` as a location; its id, or None while
        the image is being traced (the click is kept and done when it is)."""
        from mapref.core.areatrace import grab

        t = self.tracing()
        if t is None:
            self._pending.append(at)
            return None
        offset, scale = self.placement()
        before = set(self.model.locations)
        self.push(grab(self.model, t, at, offset=offset, scale=scale))
        new = next((k for k in self.model.locations if k not in before), None)
        if new:
            self.ed.select("location", new)
            self.ed.set_status(
                f"Grabbed {self.model.locations[new].label}; name it in the inspector, grab its "
                "neighbours, then Tools > Suggest land lines (Ctrl+L)"
            )
        return new

    def motion(self, e):
        """Outline the region a click would grab."""
        self.canvas.delete("toolmark")
        key = self._key()
        if key is None or self._tracing is None or self._tracing[0] != key:
            return
        offset, scale = self.placement()
        x, y = self.xy(e)
        r = self._tracing[1].region_at((x - offset[0]) / scale, (y - offset[1]) / scale)
        if r is None:
            return
        c = self.canvas
        for part in getattr(r.polygon, "geoms", [r.polygon]):
            pts = [
                c.to_canvas((offset[0] + scale * px, offset[1] + scale * py)) for px, py in part.exterior.coords[:-1]
            ]
            self.mark(c.create_polygon, [v for p in pts for v in p], fill="", outline=MARK, width=2, dash=(5, 3))

    def cancel(self):
        super().cancel()
        self._pending = []


TOOL_CLASSES = (SelectTool, DrawTool, VertexTool, SplitTool, GenerateTool, LineTool, BoxTool, BackgroundTool, GrabTool)


def build_palette(ed: EditorShell, p) -> None:
    """The palette below the tool buttons: snapping, the options of new move lines, generating
    areas, the background image's opacity and scale."""
    from tkinter import ttk

    ttk.Checkbutton(p, text="Snap to neighbours", variable=ed.snap).pack(anchor="w", pady=(0, 6))
    o = ttk.LabelFrame(p, text="New move line", padding=4)
    o.pack(fill="x", pady=2)
    row = ttk.Frame(o)
    row.pack(fill="x")
    ttk.Label(row, text="Kind", width=11).pack(side="left")
    ed.kind_combo = ttk.Combobox(row, textvariable=ed.line_kind, width=9)
    ed.kind_combo.pack(side="left")
    ed.kind_combo.bind("<Button-1>", lambda e: ed.kind_combo.configure(values=ed.model.all_line_kinds()), add="+")
    ed.watch_field(ed.kind_combo)
    ttk.Checkbutton(o, text="One-way (from -> to)", variable=ed.line_oneway).pack(anchor="w")
    for text, var in (("Defence at from", ed.line_defence_a), ("Defence at to", ed.line_defence_b)):
        row = ttk.Frame(o)
        row.pack(fill="x")
        ttk.Label(row, text=text, width=15).pack(side="left")
        sp = ttk.Spinbox(row, from_=0, to=99, textvariable=var, width=4)
        sp.pack(side="left")
        ed.watch_field(sp)
    ttk.Label(o, text="Active when").pack(anchor="w")
    e = ttk.Entry(o, textvariable=ed.line_condition, width=20)
    e.pack(fill="x")
    ed.watch_field(e)
    ttk.Label(o, text="such as allied_deck >= 2", foreground="#555555").pack(anchor="w")

    o = ttk.LabelFrame(p, text="Generate areas", padding=4)
    o.pack(fill="x", pady=2)
    ttk.Label(o, text="Click a city per area (G),\nthen:", foreground="#555555").pack(anchor="w")
    ttk.Button(o, text="Cut the land", command=lambda: ed.fire("finish")).pack(anchor="w")

    o = ttk.LabelFrame(p, text="Grab areas (K)", padding=4)
    o.pack(fill="x", pady=2)
    row = ttk.Frame(o)
    row.pack(fill="x")
    ttk.Label(row, text="Border darker than").pack(side="left")
    sp = ttk.Spinbox(row, from_=0, to=255, textvariable=ed.grab_threshold, width=4)
    sp.pack(side="left", padx=4)
    ed.watch_field(sp)
    ttk.Label(o, text="0: found from the image", foreground="#555555").pack(anchor="w")

    o = ttk.LabelFrame(p, text="Background", padding=4)
    o.pack(fill="x", pady=2)
    ttk.Label(o, text="Opacity").pack(anchor="w")
    s = ttk.Scale(o, from_=0.0, to=1.0, variable=ed.opacity, orient="horizontal")
    s.pack(fill="x")
    s.bind("<ButtonRelease-1>", lambda e: ed.underlay.set("Background opacity", opacity=ed.opacity.get()))
    row = ttk.Frame(o)
    row.pack(fill="x")
    ttk.Label(row, text="Scale").pack(side="left")
    e = ttk.Entry(row, textvariable=ed.bg_scale, width=8)
    e.pack(side="left", padx=4)
    ed.watch_field(e, confirm=lambda: ed.underlay.set("Background scale", scale=ed.bg_scale.get()), number=True)
