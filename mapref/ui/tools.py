"""Editor tools: what a press, drag and release on the map do.

Each tool turns mouse gestures into commands of :mod:`mapref.core.commands` pushed on the
editor's undo stack; none changes the model directly.  A brush drag is one undo step (the
stack's group is open from press to release).  Tools that need a value (a terrain, a country,
a production figure) read it from the editor's option variables, shown in the tool palette.
"""

from __future__ import annotations

import math
import tkinter as tk
from typing import TYPE_CHECKING

from mapref.core.commands import (
    AddBox,
    AddFeature,
    DeleteFeature,
    EditBox,
    EditError,
    SetHexProps,
    SetMapAttr,
    SetSide,
    new_id,
    terrain_changes,
)
from mapref.core.grid import Hex
from mapref.core.layout import Layout
from mapref.core.model import Box, Feature, SeaArrow
from mapref.core.trace import fit_two, image_point, translate_to

if TYPE_CHECKING:
    from mapref.ui.editor_shell import EditorShell  # its editor (mapref.ui.editor.Editor, which imports this module)


def hexes_within(grid, centre: Hex, radius: int) -> list[Hex]:
    """Hexes of the grid within ``radius`` steps of ``centre`` (walks neighbours)."""
    out = [centre] if grid.contains(centre) else []
    seen = {centre}
    frontier = [centre]
    for _ in range(radius):
        nxt = []
        for h in frontier:
            for dr in grid.directions():
                n = grid.neighbour(h, dr)
                if n not in seen and grid.contains(n):
                    seen.add(n)
                    nxt.append(n)
        out += nxt
        frontier = nxt
    return out


class Tool:
    name = "tool"
    label = "Tool"
    key = ""  # its single-key shortcut on the map (TOOL_KEYS)
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

    def press(self, e: tk.Event) -> None: ...
    def drag(self, e: tk.Event) -> None: ...
    def release(self, e: tk.Event) -> None: ...
    def cancel(self) -> None: ...

    def hover(self, h: Hex | None, e: tk.Event) -> list[Hex]:
        return [h] if h else []

    def decorate(self, e: tk.Event) -> None:
        """Draw extra hover marks (ids appended to ``canvas.hover_items``)."""

    def push(self, cmd) -> None:
        self.ed.push(cmd)


class SelectTool(Tool):
    name, label, icon = "select", "Select", "select"
    tip = "Select (V): click a hex or box, Shift-click to add or remove, drag a rubber band; drag a box to move it"
    cursor = "arrow"

    def __init__(self, ed):
        super().__init__(ed)
        self.start = None
        self.moving_box: str | None = None
        self.base: set[Hex] = set()

    def press(self, e):
        shift = bool(e.state & 0x1)
        bid = self.canvas.box_at(e.x, e.y)
        if bid and not shift:
            self.ed.select_box(bid)
            self.moving_box = bid
            self.start = (e.x, e.y, self.model.boxes[bid].position)
            self.last = (e.x, e.y)
            return
        h = self.canvas.hex_at(e.x, e.y)
        self.base = set(self.ed.selection) if shift else set()
        if h is not None:
            if shift and h in self.base:
                self.base.discard(h)
                self.ed.select(self.base)
            else:
                self.ed.select(self.base | {h})
        elif not shift:
            self.ed.select(set())
        self.start = (e.x, e.y, None)

    def drag(self, e):
        if self.start is None:
            return
        x0, y0, pos = self.start
        if self.moving_box:
            self.canvas.move(f"box:{self.moving_box}", e.x - self.last[0], e.y - self.last[1])
            self.last = (e.x, e.y)
            return
        if abs(e.x - x0) + abs(e.y - y0) < 4:
            return
        c = self.canvas
        c.delete("rubber")
        c.create_rectangle(
            c.canvasx(x0),
            c.canvasy(y0),
            c.canvasx(e.x),
            c.canvasy(e.y),
            outline="#ff00aa",
            dash=(4, 2),
            tags=("rubber",),
        )
        self.ed.select(self.base | self.hexes_in_rect(x0, y0, e.x, e.y))

    def hexes_in_rect(self, x0, y0, x1, y1) -> set[Hex]:
        c, grid = self.canvas, self.model.grid
        lo_x, hi_x = sorted((c.canvasx(x0), c.canvasx(x1)))
        lo_y, hi_y = sorted((c.canvasy(y0), c.canvasy(y1)))
        corners = [c.layout.pixel_to_hex(x, y) for x in (lo_x, hi_x) for y in (lo_y, hi_y)]
        rows = [h.row for h in corners]
        cols = [h.col for h in corners]
        out = set()
        for r in range(max(1, min(rows) - 1), min(grid.rows, max(rows) + 1) + 1):
            for col in range(max(1, min(cols) - 1), min(grid.cols, max(cols) + 1) + 1):
                h = Hex(r, col)
                cx, cy = c.layout.centre(h)
                if lo_x <= cx <= hi_x and lo_y <= cy <= hi_y:
                    out.add(h)
        return out

    def release(self, e):
        self.canvas.delete("rubber")
        if self.moving_box and self.start:
            x0, y0, pos = self.start
            s = self.canvas.layout.size
            dx, dy = (e.x - x0) / s, (e.y - y0) / s
            bid, self.moving_box = self.moving_box, None
            if abs(dx) + abs(dy) > 0.05:
                self.push(EditBox(self.model, bid, position=(round(pos[0] + dx, 2), round(pos[1] + dy, 2))))
            else:
                self.canvas.draw_overlays()
        self.start = None

    def cancel(self):
        self.canvas.delete("rubber")
        self.start = None
        self.moving_box = None


class PaintTool(Tool):
    name, label, icon = "paint", "Paint", "paint"
    tip = "Paint brush (B): drag to paint terrain, country or sea zone; brush radius 0, 1 or 2 hexes"

    def __init__(self, ed):
        super().__init__(ed)
        self.last: tuple[int, int] | None = None
        self.active = False

    def changes_for(self, hexes: list[Hex]) -> dict[Hex, dict]:
        attr, value = self.ed.paint_attr.get(), self.ed.paint_value()
        out: dict[Hex, dict] = {}
        for h in hexes:
            d = self.model.hexes[h]
            ch: dict = {}
            if attr == "terrain":
                ch = terrain_changes(d, value)  # painting sea drops the country, land the sea zone
            elif attr == "country":
                if not d.is_land and value:  # countries paint land only: the coast stays crisp
                    continue
                if d.country != value:
                    ch["country"] = value
            elif attr == "sea":
                if not d.is_water and value:  # sea zones paint water only
                    continue
                if d.sea != value:
                    ch["sea"] = value
            if ch:
                out[h] = ch
        return out

    def hover(self, h, e):
        return hexes_within(self.model.grid, h, self.ed.brush_radius.get()) if h else []

    def paint_at(self, x: int, y: int) -> None:
        pts = [(x, y)]
        if self.last is not None:  # fill the gaps of a fast drag
            lx, ly = self.last
            n = int(math.hypot(x - lx, y - ly) / max(2.0, self.canvas.layout.size * 0.5))
            pts = [(lx + (x - lx) * i / (n + 1), ly + (y - ly) * i / (n + 1)) for i in range(1, n + 1)] + pts
        self.last = (x, y)
        targets: list[Hex] = []
        seen = set()
        for px, py in pts:
            h = self.canvas.hex_at(px, py)
            if h is None:
                continue
            for t in hexes_within(self.model.grid, h, self.ed.brush_radius.get()):
                if t not in seen:
                    seen.add(t)
                    targets.append(t)
        ch = self.changes_for(targets)
        if ch:
            self.push(SetHexProps(ch, f"Paint {self.ed.paint_attr.get()}"))

    def press(self, e):
        self.ed.history.begin_group(f"Paint {self.ed.paint_attr.get()}")
        self.active = True
        self.last = None
        self.paint_at(e.x, e.y)

    def drag(self, e):
        if self.active:
            self.paint_at(e.x, e.y)

    def release(self, e):
        if self.active:
            self.active = False
            self.last = None
            self.ed.end_group()

    def cancel(self):
        self.release(None)


class FillTool(PaintTool):
    name, label, icon = "fill", "Flood fill", "fill"
    tip = "Flood fill (G): fill the connected hexes that have the same value as the one clicked"

    def hover(self, h, e):
        return [h] if h else []

    def region(self, start: Hex) -> list[Hex]:
        attr = self.ed.paint_attr.get()
        grid, m = self.model.grid, self.model
        key = getattr(m.hexes[start], attr)
        land = m.hexes[start].is_land
        out, seen, i = [start], {start}, 0
        while i < len(out):
            h = out[i]
            i += 1
            for n in grid.neighbours(h):
                d = m.hexes[n]
                if n in seen or getattr(d, attr) != key:
                    continue
                if attr == "country" and d.is_land != land:
                    continue
                seen.add(n)
                out.append(n)
        return out

    def press(self, e):
        h = self.canvas.hex_at(e.x, e.y)
        if h is None:
            return
        ch = self.changes_for(self.region(h))
        if ch:
            self.push(SetHexProps(ch, f"Fill {self.ed.paint_attr.get()}"))

    def drag(self, e): ...
    def release(self, e): ...


class ClickHexTool(Tool):
    """A tool that changes the hex clicked (Shift-click: the opposite where it makes sense)."""

    def press(self, e):
        h = self.canvas.hex_at(e.x, e.y)
        if h is not None:
            self.apply(h, bool(e.state & 0x1))

    def apply(self, h: Hex, shift: bool) -> None: ...


class ProductionTool(ClickHexTool):
    name, label, icon = "production", "Production", "production"
    tip = "Production (P): click a hex to give it the production in the palette; Shift-click clears it"

    def apply(self, h, shift):
        v = 0 if shift else self.ed.production_value.get()
        if self.model.hexes[h].production != v:
            self.push(SetHexProps.same([h], production=v))


class ToggleTool(ClickHexTool):
    prop = "mountain"

    def apply(self, h, shift):
        d = self.model.hexes[h]
        self.push(SetHexProps.same([h], **{self.prop: not getattr(d, self.prop)}))


class PortTool(ClickHexTool):
    name, label, icon = "port", "Port", "port"
    tip = "Port (O): click a hex to add a port with the capacity in the palette, click again to remove it"

    def apply(self, h, shift):
        d = self.model.hexes[h]
        if d.port:
            self.push(SetHexProps.same([h], label="Remove port", port=0, port_optional=False, port_access=()))
        else:
            self.push(SetHexProps.same([h], label="Add port", port=self.ed.port_capacity.get()))


class CapitalTool(ToggleTool):
    name, label, icon, prop = "capital", "Capital", "capital", "capital"
    tip = "Capital (C): click a hex to make it its country's capital, again to undo"


class MountainTool(ToggleTool):
    name, label, icon, prop = "mountain", "Mountain", "mountain", "mountain"
    tip = "Mountain (M): click a hex to toggle mountain"


class NameTool(ClickHexTool):
    name, label, icon = "name", "City name", "name"
    tip = "City name (N): click a hex to name it (an empty name removes it)"

    def apply(self, h, shift):
        old = self.model.hexes[h].name
        new = self.ed.ask_string("City name", f"Name of {self.model.grid.label(h)}:", old)
        if new is not None and new.strip() != old:
            self.push(SetHexProps.same([h], label="Name hex", name=new))


class HexsideTool(Tool):
    name, label, icon = "hexside", "Hexside", "hexside"
    tip = "Hexside (H): click near a hex edge to toggle a straits crossing arrow, an impassable side or an all-sea side"

    def side(self, e):
        return self.canvas.side_at(e.x, e.y, reach=0.45)

    def hover(self, h, e):
        return []

    def decorate(self, e):
        c = self.canvas
        s = self.side(e)
        if s is not None:
            (ax, ay), (bx, by) = c.layout.hexside_segment(s)
            c.hover_items.append(
                c.create_line(ax, ay, bx, by, fill="#ff00aa", width=max(3, c.layout.size / 8), tags=("hover",))
            )

    def press(self, e):
        s = self.side(e)
        if s is None:
            return
        mode = self.ed.side_mode.get()
        cur = self.model.side(s)
        if mode == "all_sea":
            new = None if cur.all_sea is not None else (not self.model.derived_all_sea(s))
            self.push(SetSide(s, label="Toggle all-sea side", all_sea=new))
        else:
            self.push(SetSide(s, label=f"Toggle {mode}", **{mode: not getattr(cur, mode)}))


class BoxTool(Tool):
    name, label, icon = "box", "Off-map box", "box"
    tip = (
        "Off-map box (X): click empty space to place a box, drag a box to move it; with a box selected, "
        "'land' mode clicks toggle land contact, 'sea arrow' mode clicks toggle a sea arrow of the palette's length"
    )

    def __init__(self, ed):
        super().__init__(ed)
        self.select = SelectTool(ed)

    def press(self, e):
        bid = self.canvas.box_at(e.x, e.y)
        mode = self.ed.box_mode.get()
        if bid or mode == "place":
            if bid:
                self.select.press(e)
                return
            if self.canvas.hex_at(e.x, e.y) is not None:
                self.ed.set_status("Click outside the grid (or anywhere in 'place' mode off the hexes) to place a box")
            ux, uy = self.canvas.map_xy(e.x, e.y)
            s = self.model.hex_size
            bid = new_id(self.model.boxes, "box")
            name = self.ed.ask_string("New box", "Name of the off-map box:", bid.capitalize())
            if not name:
                return
            self.push(AddBox(bid, Box(name=name, position=(round(ux / s - 1.5, 2), round(uy / s - 1.0, 2)))))
            self.ed.select_box(bid)
            return
        h = self.canvas.hex_at(e.x, e.y)
        bid = self.ed.selected_box
        if h is None or bid is None:
            self.ed.set_status("Select a box first (click it), then click hexes to connect them")
            return
        self.toggle_connection(bid, h, mode)

    def toggle_connection(self, bid: str, h: Hex, mode: str) -> None:
        b = self.model.boxes[bid]
        if mode == "land":
            land = tuple(x for x in b.land if x != h) if h in b.land else b.land + (h,)
            self.push(EditBox(self.model, bid, land=land))
        else:
            arrows = tuple(a for a in b.sea_arrows if a.hex != h)
            if len(arrows) == len(b.sea_arrows):
                d = self.model.hexes[h]
                sea = d.sea or next(iter(self.model.seas), "")
                arrows += (SeaArrow(h, self.ed.arrow_length.get(), sea),)
            self.push(EditBox(self.model, bid, sea_arrows=arrows))

    def drag(self, e):
        self.select.drag(e)

    def release(self, e):
        self.select.release(e)


class FeatureTool(Tool):
    name, label, icon = "feature", "Point feature", "feature"
    tip = "Point feature (L): click a hex or box to add the feature kind in the palette (lend-lease depot, supply source), click it again to remove it"

    def press(self, e):
        kind = self.ed.feature_kind.get().strip() or "supply_source"
        side = self.ed.feature_side.get().strip()
        bid = self.canvas.box_at(e.x, e.y)
        h = None if bid else self.canvas.hex_at(e.x, e.y)
        if bid is None and h is None:
            return
        for fid, f in self.model.features.items():
            if f.kind == kind and ((h is not None and f.hex == h) or (bid is not None and f.box == bid)):
                self.push(DeleteFeature(fid))
                return
        attrs = {"side": side} if side else {}
        self.push(AddFeature(new_id(self.model.features, kind + "_"), Feature(kind, hex=h, box=bid, attrs=attrs)))


class FitGridTool(Tool):
    """Drag hex A's centre onto where A is on the scan, then hex B's: the image follows."""

    name, label, icon = "fit_grid", "Fit grid to background", "fit_grid"
    tip = (
        "Fit grid to scan (T): drag a hex's centre to where that hex is on the background image; "
        "do it for a second hex far from the first and the scan is scaled and moved to match"
    )

    def __init__(self, ed):
        super().__init__(ed)
        self.pairs: list[tuple[Hex, tuple[float, float]]] = []  # (hex, image point)
        self.dragging: Hex | None = None

    def map_centre(self, h: Hex) -> tuple[float, float]:
        return Layout(self.model.grid, self.model.hex_size).centre(h)

    def press(self, e):
        if self.model.background and self.ed.underlay.loading:
            raise EditError("the background image is still being read; try again in a moment")
        if not self.model.background or self.canvas.bg_image is None:
            raise EditError("load a background image first (Tools > Load background image...)")
        self.dragging = self.canvas.hex_at(e.x, e.y)

    def drag(self, e):
        if self.dragging is None:
            return
        c = self.canvas
        c.delete("fitmark")
        cx, cy = c.layout.centre(self.dragging)
        x, y = c.canvasx(e.x), c.canvasy(e.y)
        c.create_line(cx, cy, x, y, fill="#ff00aa", width=2, arrow="last", tags=("fitmark",))
        c.create_oval(x - 5, y - 5, x + 5, y + 5, outline="#ff00aa", width=2, tags=("fitmark",))

    def release(self, e):
        h, self.dragging = self.dragging, None
        self.canvas.delete("fitmark")
        if h is None:
            return
        bg = dict(self.model.background)
        scale, offset = float(bg.get("scale", 1.0)), tuple(float(v) for v in bg.get("offset", (0.0, 0.0)))
        img_pt = image_point(self.canvas.map_xy(e.x, e.y), offset, scale)
        self.pairs = [p for p in self.pairs if p[0] != h][-1:] + [(h, img_pt)]
        if len(self.pairs) == 1:
            offset = translate_to(self.map_centre(h), img_pt, scale)
            label = f"Move background to {self.model.grid.label(h)}"
        else:
            (ha, ia), (hb, ib) = self.pairs
            scale, offset = fit_two(self.map_centre(ha), self.map_centre(hb), ia, ib)
            label = f"Fit background to {self.model.grid.label(ha)} and {self.model.grid.label(hb)}"
        bg.update(scale=round(scale, 6), offset=[round(offset[0], 3), round(offset[1], 3)])
        self.push(SetMapAttr(label=label, background=bg))
        done = ", ".join(self.model.grid.label(p[0]) for p in self.pairs)
        self.ed.set_status(
            f"Background fitted on {done}"
            + ("; now drag a second hex far from the first" if len(self.pairs) == 1 else "")
        )

    def cancel(self):
        self.dragging = None
        self.canvas.delete("fitmark")


TOOL_CLASSES = (
    SelectTool,
    PaintTool,
    FillTool,
    ProductionTool,
    PortTool,
    CapitalTool,
    MountainTool,
    NameTool,
    HexsideTool,
    BoxTool,
    FeatureTool,
    FitGridTool,
)
TOOL_KEYS = {
    "select": "v",
    "paint": "b",
    "fill": "g",
    "production": "p",
    "port": "o",
    "capital": "c",
    "mountain": "m",
    "name": "n",
    "hexside": "h",
    "box": "x",
    "feature": "l",
    "fit_grid": "t",
}
for _cls in TOOL_CLASSES:
    _cls.key = TOOL_KEYS[_cls.name]
