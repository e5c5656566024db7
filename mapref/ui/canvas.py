"""The map canvas: one polygon per hex, found by hex arithmetic, recoloured in place.

Items are tagged by what they show (``hex``, ``labels``, ``production``, ``ports``, ``seas``,
``hexsides``, ``boxes``, ``features``, ``background``...) so layers can be shown and hidden
with one ``itemconfigure`` per tag.  ``self.items[hex]`` is the polygon of a hex; the hex under
the mouse comes from :meth:`Layout.pixel_to_hex`, never from ``find_closest``.

Drawing order, bottom to top: the background (tracing) image, hex polygons (their fill lets
the image show through, a stipple pattern chosen by the background's opacity, and their
outlines stay crisp on top of it), per-hex marks (labels, production, ports...), hexsides,
boxes, features, then the editor's selection and hover outlines.  Only the part of the image
around the view is scaled and drawn (redrawn when the view moves far), so zooming in on a big
scan costs no more than the window's size.  At small zoom the per-hex text is left out (level of
detail), which keeps a 200x200 map quick to zoom.

*Map units* are pixels at zoom 1 measured from the layout origin: a point ``(ux, uy)`` is at
canvas ``origin + zoom * (ux, uy)``.  The background's ``offset`` and ``scale`` are in these
units: image pixel ``(ix, iy)`` lies at map point ``offset + scale * (ix, iy)``.
"""

from __future__ import annotations

import tkinter as tk
from collections.abc import Iterable

from mapref.core.grid import Hex, Hexside
from mapref.core.layout import Layout
from mapref.core.model import Box, MapModel
from mapref.render.scene_hex import box_rect
from mapref.render.style import GRID_LINE, LAND_UNOWNED, SEA_DEFAULT, blend, hex_fill, text_colour_on

LAYER_TAGS = (
    "terrain",
    "countries",
    "labels",
    "production",
    "ports",
    "seas",
    "hexsides",
    "grid",
    "boxes",
    "features",
    "background",
)
# layers drawn as the fill or outline of the hex polygons rather than as items of their own
_POLYGON_LAYERS = ("terrain", "countries", "seas", "grid")
LABELS_MIN_SIZE = 14.0  # hex size in pixels below which labels and names are not drawn
MARKS_MIN_SIZE = 7.0  # ... below which production, ports and other marks are not drawn
# Maps of this many hexes or more draw only the hexes around the view, in tiles of TILE x TILE
# hexes made as the view moves (a Tk canvas redraws in time proportional to all its items)
CULL_FROM = 5000
TILE = 16


class MapCanvas(tk.Canvas):
    def __init__(self, master: tk.Misc, m: MapModel, **kw) -> None:
        kw.setdefault("background", "#f4f1e8")
        kw.setdefault("highlightthickness", 0)
        super().__init__(master, **kw)
        self.model = m
        self.zoom = 1.0
        self.items: dict[Hex, int] = {}
        self.hidden: set[str] = set()
        self.selection_items: dict[Hex, int] = {}
        self.mark_items: dict[Hex, list[int]] = {}  # the text and symbols on each hex, by id (no tag search)
        self.hover_items: list[int] = []
        self._first_ovl: int | None = None  # the lowest overlay item: new marks go just below it
        self._tiles: set[tuple[int, int]] = set()  # the tiles drawn (big maps: see CULL_FROM)
        self._hexes_top: int | None = None  # a hidden item just above the hex polygons
        self._moving = False  # while _scroll_to moves both ways (one tile pass after both)
        self.bg_image = None  # PIL image of the tracing background
        self.bg_source_size: tuple[int, int] | None = None  # the size of the file's image (bg_image may be reduced)
        self._bg_region = None
        self._stipple = ""  # of the hex fills, while a background shows through them ("none": no fill)
        self._bg_photo = None
        self._bg_key = None
        self.layout = self._make_layout()
        self.bind("<ButtonPress-2>", lambda e: self.scan_mark(e.x, e.y))
        self.bind("<B2-Motion>", lambda e: self.scan_dragto(e.x, e.y, gain=1))
        self.bind("<MouseWheel>", self._wheel)
        self.bind("<Button-4>", lambda e: self.zoom_at(1.15, e.x, e.y))
        self.bind("<Button-5>", lambda e: self.zoom_at(1 / 1.15, e.x, e.y))
        self.bind("<Configure>", lambda e: self.follow_view(), add="+")
        self.redraw()

    # --------------------------------------------------------------------------- geometry
    def _make_layout(self) -> Layout:
        s = self.model.hex_size * self.zoom
        return Layout(self.model.grid, s, origin=(s * 4.0, s * 0.5))

    def hex_at(self, x: float, y: float) -> Hex | None:
        """The map hex under widget coordinates (x, y), or None off the grid."""
        h = self.layout.pixel_to_hex(self.canvasx(x), self.canvasy(y))
        return h if self.model.grid.contains(h) else None

    def widget_xy(self, h: Hex) -> tuple[int, int]:
        """Widget coordinates of a hex centre (for tests and tooltips)."""
        cx, cy = self.layout.centre(h)
        return int(round(cx - self.canvasx(0))), int(round(cy - self.canvasy(0)))

    def map_xy(self, x: float, y: float) -> tuple[float, float]:
        """Map units (zoom-1 pixels from the layout origin) of widget point (x, y)."""
        ox, oy = self.layout.origin
        return (self.canvasx(x) - ox) / self.zoom, (self.canvasy(y) - oy) / self.zoom

    def map_to_widget(self, ux: float, uy: float) -> tuple[float, float]:
        ox, oy = self.layout.origin
        return ox + ux * self.zoom - self.canvasx(0), oy + uy * self.zoom - self.canvasy(0)

    def box_rect(self, b: Box) -> tuple[float, float, float, float]:
        return box_rect(self.layout, b)

    def box_at(self, x: float, y: float) -> str | None:
        cx, cy = self.canvasx(x), self.canvasy(y)
        for bid, b in self.model.boxes.items():
            x0, y0, x1, y1 = self.box_rect(b)
            if x0 <= cx <= x1 and y0 <= cy <= y1:
                return bid
        return None

    def side_at(self, x: float, y: float, reach: float = 0.3) -> Hexside | None:
        """The hexside nearest widget point (x, y) if within ``reach`` hex sizes of it."""
        import math

        cx, cy = self.canvasx(x), self.canvasy(y)
        grid = self.model.grid
        h = self.layout.pixel_to_hex(cx, cy)
        best, best_d = None, reach * self.layout.size
        for dr in grid.directions():
            n = grid.neighbour(h, dr)
            if not (grid.contains(h) or grid.contains(n)):
                continue
            (ax, ay), (bx, by) = self.layout.side_segment(h, dr)
            d = math.hypot(cx - (ax + bx) / 2, cy - (ay + by) / 2)
            if d < best_d:
                best, best_d = grid.hexside(h, n), d
        return best

    def corners(self, h: Hex) -> list[float]:
        """Flat corner coordinates of a hex polygon (offsets computed once per layout)."""
        lay = self.layout
        if getattr(self, "_corner_key", None) != (lay.size, lay.grid.orientation):
            import math

            start = 30 if lay.grid.orientation.value == "pointy" else 0
            self._offsets = [
                (lay.size * math.cos(math.radians(start + 60 * i)), lay.size * math.sin(math.radians(start + 60 * i)))
                for i in range(6)
            ]
            self._corner_key = (lay.size, lay.grid.orientation)
        cx, cy = lay.centre(h)
        return [v for dx, dy in self._offsets for v in (cx + dx, cy + dy)]

    def lod(self) -> int:
        s = self.layout.size
        return 0 if s < MARKS_MIN_SIZE else 1 if s < LABELS_MIN_SIZE else 2

    # ---------------------------------------------------------------------------- drawing
    def fill_of(self, h: Hex) -> str:
        d = self.model.hexes[h]
        if "terrain" in self.hidden:
            return "#ffffff"
        if d.terrain == "sea":
            return SEA_DEFAULT if "seas" in self.hidden else hex_fill(self.model, d)
        if "countries" in self.hidden:
            return LAND_UNOWNED
        return hex_fill(self.model, d)

    def _fonts(self):
        s = self.layout.size
        return ("DejaVu Sans", max(6, int(s * 0.22))), ("DejaVu Sans", max(7, int(s * 0.4)), "bold")

    def redraw(self) -> None:
        self.delete("all")
        self.items.clear()
        self.mark_items.clear()
        self.selection_items.clear()
        self.hover_items = []
        self._first_ovl = None
        self._bg_key = None
        self._tiles = set()
        m, lay = self.model, self.layout
        hexes = [] if self.culling else m.grid.hex_list()  # a big map: the tiles around the view, below
        outline = "" if "grid" in self.hidden else GRID_LINE
        create = self.create_polygon
        for h in hexes:
            self.items[h] = create(
                self.corners(h),
                fill=self._hex_fill(h),
                outline=outline,
                tags=("hex",),
                stipple=self._stipple if self._stipple != "none" else "",
            )
        self._hexes_top = self.create_line(0, 0, 0, 0, state="hidden", tags=("hexes-top",))
        self.draw_background()
        if lay.size >= MARKS_MIN_SIZE:
            fonts = self._fonts()
            for h in hexes:
                self.draw_hex_marks(h, *fonts)
        self.follow_view()
        self.draw_overlays()
        x0, y0, x1, y1 = self.layout.bounds()
        for b in m.boxes.values():
            bx0, by0, bx1, by1 = self.box_rect(b)
            x0, y0, x1, y1 = min(x0, bx0), min(y0, by0), max(x1, bx1), max(y1, by1)
        s = lay.size
        self.configure(scrollregion=(x0 - s * 4, y0 - s * 4, x1 + s * 4, y1 + s * 4))
        self.event_generate("<<Redrawn>>")

    # ------------------------------------------------------------ drawing by tiles (big maps)
    @property
    def culling(self) -> bool:
        """Only the tiles around the view are drawn (maps of CULL_FROM hexes or more)."""
        return len(self.model.hexes) >= CULL_FROM

    def _tile_hexes(self, t: tuple[int, int]) -> list[Hex]:
        g = self.model.grid
        r0, c0 = t[0] * TILE + 1, t[1] * TILE + 1
        return [
            Hex(r, c)
            for r in range(r0, min(g.rows, r0 + TILE - 1) + 1)
            for c in range(c0, min(g.cols, c0 + TILE - 1) + 1)
        ]

    def _view(self) -> tuple[float, float, float, float]:
        """The canvas area in view (before the window is mapped: the size it asks for)."""
        w = self.winfo_width() if self.winfo_ismapped() and self.winfo_width() > 1 else max(800, self.winfo_reqwidth())
        h = (
            self.winfo_height()
            if self.winfo_ismapped() and self.winfo_height() > 1
            else max(600, self.winfo_reqheight())
        )
        x0, y0 = self.canvasx(0), self.canvasy(0)
        return x0, y0, x0 + w, y0 + h

    def _tiles_wanted(self, margin: float) -> set[tuple[int, int]]:
        """The tiles under the view grown by ``margin`` views on every side."""
        x0, y0, x1, y1 = self._view()
        mx, my = (x1 - x0) * margin, (y1 - y0) * margin
        x0, y0, x1, y1 = x0 - mx, y0 - my, x1 + mx, y1 + my
        g = self.model.grid
        corners = [self.layout.pixel_to_hex(x, y) for x in (x0, x1) for y in (y0, y1)]
        rows = [h.row for h in corners]
        cols = [h.col for h in corners]
        r0, r1 = max(1, min(rows) - 1), min(g.rows, max(rows) + 1)
        c0, c1 = max(1, min(cols) - 1), min(g.cols, max(cols) + 1)
        if r0 > r1 or c0 > c1:
            return set()
        return {
            (ti, tj)
            for ti in range((r0 - 1) // TILE, (r1 - 1) // TILE + 1)
            for tj in range((c0 - 1) // TILE, (c1 - 1) // TILE + 1)
        }

    def follow_view(self) -> None:
        """After the view moved or the window changed size: draw the tiles that came near the
        view and forget those far from it (big maps only)."""
        if not self.culling or self._moving or self._hexes_top is None:
            return
        need = self._tiles_wanted(0.5)
        keep = self._tiles_wanted(1.5)
        for t in sorted(self._tiles - keep):
            self._drop_tile(t)
        new = sorted(need - self._tiles)
        if new:
            fonts = self._fonts() if self.layout.size >= MARKS_MIN_SIZE else None
            for t in new:
                self._draw_tile(t, fonts)

    def _draw_tile(self, t: tuple[int, int], fonts) -> None:
        tag = f"tile:{t[0]}:{t[1]}"
        hexes = self._tile_hexes(t)
        outline = "" if "grid" in self.hidden else GRID_LINE
        stipple = self._stipple if self._stipple != "none" else ""
        create = self.create_polygon
        for h in hexes:
            self.items[h] = create(
                self.corners(h), fill=self._hex_fill(h), outline=outline, tags=("hex", tag), stipple=stipple
            )
        self._tiles.add(t)
        self.tag_lower(tag, self._hexes_top)  # over the background and the other hexes, under every mark
        if fonts is not None:
            for h in hexes:
                self.draw_hex_marks(h, *fonts)

    def _drop_tile(self, t: tuple[int, int]) -> None:
        ids = []
        for h in self._tile_hexes(t):
            item = self.items.pop(h, None)
            if item is not None:
                ids.append(item)
            ids += self.mark_items.pop(h, None) or ()
        if ids:
            self.delete(*ids)
        self._tiles.discard(t)

    def _state(self, *layers: str) -> str:
        return "hidden" if any(t in self.hidden for t in layers) else "normal"

    def draw_hex_marks(self, h: Hex, font_small=None, font_prod=None) -> None:
        """(Re)draw the text and symbols on one hex."""
        m, lay = self.model, self.layout
        s = lay.size
        tag = f"marks:{h.row}:{h.col}"
        old = self.mark_items.pop(h, None)
        if old:
            self.delete(*old)
        if s < MARKS_MIN_SIZE or (self.culling and h not in self.items):  # a hex not drawn: its tile draws them
            return
        ids: list[int] = []

        def mk(create, *args, **kw):
            ids.append(create(*args, **kw))

        if font_small is None:
            font_small, font_prod = self._fonts()
        d = m.hexes[h]
        cx, cy = lay.centre(h)
        fill = hex_fill(m, d)
        ink = text_colour_on(fill)
        st = self._state
        big = s >= LABELS_MIN_SIZE
        if big:
            mk(
                self.create_text,
                cx,
                cy - s * 0.6,
                text=m.grid.label(h),
                fill=blend(ink, fill, 0.45),
                font=font_small,
                tags=(tag, "labels", "coord", "fs"),
                state=st("labels"),
            )
        if d.terrain == "coastal":
            sea = m.seas.get(d.sea) if d.sea else None
            r = s * 0.16
            mk(
                self.create_oval,
                cx - s * 0.7 - r,
                cy - r,
                cx - s * 0.7 + r,
                cy + r,
                fill=sea.colour if sea else SEA_DEFAULT,
                outline="",
                tags=(tag, "seas"),
                state=st("seas"),
            )
        if d.production:
            mk(
                self.create_text,
                cx,
                cy + s * 0.1,
                text=str(d.production),
                fill=ink,
                font=font_prod,
                tags=(tag, "production", "fp"),
                state=st("production"),
            )
        ids += self._symbol_items(d, cx, cy, tag, ink, big, font_small)
        if d.mountain:
            mk(
                self.create_text,
                cx,
                cy + s * 0.42,
                text="\u25b2\u25b2",
                fill="#6b4f2a",
                font=font_small,
                tags=(tag, "mountain", "terrain", "fs"),
                state=st("terrain"),
            )
        if d.name and big:
            mk(
                self.create_text,
                cx,
                cy + s * 0.55,
                text=d.name,
                fill=ink,
                font=font_small,
                tags=(tag, "labels", "name", "fs"),
                state=st("labels"),
            )
        self.mark_items[h] = ids
        if self._first_ovl is not None:
            for i in ids:
                self.tag_lower(i, self._first_ovl)

    def _symbol_items(self, d, cx: float, cy: float, tag: str, ink: str, big: bool, font_small) -> list[int]:
        """A hex's capital star, port anchor and port capacity (when not the usual 10)."""
        s, st = self.layout.size, self._state
        ids: list[int] = []

        def mk(create, *args, **kw):
            ids.append(create(*args, **kw))

        if d.capital:
            mk(
                self.create_text,
                cx - s * 0.45,
                cy - s * 0.18,
                text="\u272a",
                fill=ink,
                font=("DejaVu Sans", max(7, int(s * 0.35))),
                tags=(tag, "capital", "labels", "fy"),
                state=st("labels"),
            )
        if d.port:
            mk(
                self.create_text,
                cx + s * 0.45,
                cy - s * 0.15,
                text="\u2693",
                fill="#1b2f7a" if not d.port_optional else "#6a7bb0",
                font=("DejaVu Sans", max(7, int(s * 0.35))),
                tags=(tag, "port", "ports", "fy"),
                state=st("ports"),
            )
            if d.port != 10 and big:
                mk(
                    self.create_text,
                    cx + s * 0.45,
                    cy + s * 0.18,
                    text=str(d.port),
                    fill="#1b2f7a",
                    font=font_small,
                    tags=(tag, "port", "ports", "fs"),
                    state=st("ports"),
                )
        return ids

    def draw_overlays(self) -> None:
        """(Re)draw hexsides, boxes and features (all items tagged ``ovl``)."""
        self.delete("ovl")
        self._first_ovl = self.create_line(0, 0, 0, 0, state="hidden", tags=("ovl",))
        m = self.model
        self._draw_hexsides()
        fonts = self._fonts()
        for bid, b in m.boxes.items():
            self._draw_box(bid, b, *fonts)
        for fid, f in m.features.items():
            self._draw_feature(fid, f)
        self.tag_raise("selection")
        self.tag_raise("hover")

    def _draw_hexsides(self) -> None:
        """Impassable sides and straits crossing arrows."""
        m, lay, grid = self.model, self.layout, self.model.grid
        s, st = lay.size, self._state
        for side, sd in m.hexsides.items():
            (ax, ay), (bx, by) = lay.hexside_segment(side)
            if sd.impassable:
                self.create_line(
                    ax,
                    ay,
                    bx,
                    by,
                    fill="#111111",
                    width=max(3, s / 6),
                    tags=("ovl", "hexside", "hexsides"),
                    state=st("hexsides"),
                )
            if sd.crossing and grid.contains(side.a) and grid.contains(side.b):
                (x0, y0), (x1, y1) = lay.centre(side.a), lay.centre(side.b)
                mx, my = (x0 + x1) / 2, (y0 + y1) / 2
                self.create_line(
                    mx + (x0 - mx) * 0.7,
                    my + (y0 - my) * 0.7,
                    mx + (x1 - mx) * 0.7,
                    my + (y1 - my) * 0.7,
                    arrow="both",
                    fill="#b01818",
                    width=max(2, s / 10),
                    tags=("ovl", "hexside", "hexsides"),
                    state=st("hexsides"),
                )

    def _draw_box(self, bid: str, b: Box, font_small, font_prod) -> None:
        """An off-map box: its links to its land hexes, its sea arrows with their lengths, the box
        in its country's colour with its name and production."""
        m, lay, grid = self.model, self.layout, self.model.grid
        s, st = lay.size, self._state
        x0, y0, x1, y1 = self.box_rect(b)
        fill = m.countries[b.country].colour if b.country in m.countries else LAND_UNOWNED
        tags = ("ovl", "box", "boxes", f"box:{bid}")
        for h in b.land:
            if grid.contains(h):
                cx, cy = lay.centre(h)
                self.create_line(
                    cx,
                    cy,
                    min(max(cx, x0), x1),
                    min(max(cy, y0), y1),
                    fill="#6b4f2a",
                    width=max(1, s / 14),
                    tags=tags,
                    state=st("boxes"),
                )
        for a in b.sea_arrows:
            if grid.contains(a.hex):
                cx, cy = lay.centre(a.hex)
                tx, ty = min(max(cx, x0), x1), min(max(cy, y0), y1)
                self.create_line(
                    cx, cy, tx, ty, fill="#1b2f7a", width=max(2, s / 12), arrow="last", tags=tags, state=st("boxes")
                )
                self.create_text(
                    (cx + tx) / 2,
                    (cy + ty) / 2 - s * 0.2,
                    text=str(a.length),
                    fill="#1b2f7a",
                    font=font_prod,
                    tags=tags,
                    state=st("boxes"),
                )
        self.create_rectangle(x0, y0, x1, y1, fill=fill, outline="#222222", width=2, tags=tags, state=st("boxes"))
        self.create_text(
            (x0 + x1) / 2,
            y0 + 0.6 * s,
            text=b.name,
            fill=text_colour_on(fill),
            font=font_small,
            tags=tags,
            state=st("boxes"),
        )
        if b.production:
            self.create_text(
                (x0 + x1) / 2,
                y0 + 1.35 * s,
                text=str(b.production),
                fill=text_colour_on(fill),
                font=font_prod,
                tags=tags,
                state=st("boxes"),
            )

    def _draw_feature(self, fid: str, f) -> None:
        """A supply source (a ring) or a lend-lease depot (a half-black disc), at its hex or in its box."""
        m, lay, grid = self.model, self.layout, self.model.grid
        s, st = lay.size, self._state
        if f.hex is not None and grid.contains(f.hex):
            cx, cy = lay.centre(f.hex)
        elif f.box in m.boxes:
            x0, y0, x1, y1 = self.box_rect(m.boxes[f.box])
            cx, cy = x1 - 0.3 * s, y1 - 0.3 * s
        else:
            return
        tags = ("ovl", "feature", "features", f"feature:{fid}")
        if f.kind == "supply_source":
            r = s * 0.78 if f.hex is not None else s * 0.25
            self.create_oval(
                cx - r, cy - r, cx + r, cy + r, outline="#e0a000", width=max(2, s / 10), tags=tags, state=st("features")
            )
        else:
            r = s * 0.17
            px, py = (cx + s * 0.42, cy + s * 0.22) if f.hex is not None else (cx, cy)
            self.create_oval(
                px - r, py - r, px + r, py + r, fill="#ffffff", outline="#000000", tags=tags, state=st("features")
            )
            self.create_arc(
                px - r,
                py - r,
                px + r,
                py + r,
                start=90,
                extent=180,
                fill="#000000",
                outline="",
                tags=tags,
                state=st("features"),
            )

    def refresh_hex(self, h: Hex) -> None:
        """Recolour one hex and redraw its marks (no pass over the other items); a hex not drawn
        (far from the view of a big map) is drawn as it is when it comes near."""
        if h in self.items:
            self.itemconfigure(self.items[h], fill=self._hex_fill(h))
            self.draw_hex_marks(h)

    def refresh(self, hexes: Iterable[Hex] = (), overlays: bool = False) -> None:
        hexes = [h for h in hexes if h in self.items]
        if len(hexes) > 3000:
            self.redraw()
            return
        for h in hexes:
            self.itemconfigure(self.items[h], fill=self._hex_fill(h))
            self.draw_hex_marks(h)
        if overlays:
            self.draw_overlays()

    def apply_layers(self) -> None:
        for tag in LAYER_TAGS:
            if tag in _POLYGON_LAYERS and tag != "seas":
                continue
            self.itemconfigure(tag, state="hidden" if tag in self.hidden else "normal")
        if "terrain" not in self.hidden:
            self.itemconfigure("mountain", state="normal")

    def set_layer(self, tag: str, visible: bool) -> None:
        (self.hidden.discard if visible else self.hidden.add)(tag)
        if tag in _POLYGON_LAYERS:
            outline = "" if "grid" in self.hidden else GRID_LINE
            for h, item in self.items.items():
                self.itemconfigure(item, fill=self._hex_fill(h), outline=outline)
        self.apply_layers()

    # ------------------------------------------------------------------- selection & hover
    def set_selection(self, hexes: Iterable[Hex]) -> None:
        want = set(hexes)
        for h in list(self.selection_items):
            if h not in want:
                self.delete(self.selection_items.pop(h))
        w = max(2, self.layout.size / 10)
        for h in want:
            if h not in self.selection_items and self.model.grid.contains(h):
                self.selection_items[h] = self.create_polygon(
                    self.corners(h), fill="", outline="#ff00aa", width=w, tags=("selection",)
                )

    def set_hover(self, hexes: Iterable[Hex]) -> None:
        if self.hover_items:
            self.delete(*self.hover_items)
        self.hover_items = [
            self.create_polygon(self.corners(h), fill="", outline="#ffffff", width=2, dash=(3, 2), tags=("hover",))
            for h in hexes
            if self.model.grid.contains(h)
        ]

    # ------------------------------------------------------------------ background image
    def set_background_image(self, image, source_size: tuple[int, int] | None = None) -> None:
        """A PIL image to trace (or None); placed by ``model.background``.  ``source_size`` is
        the size of the image file the background's ``scale`` refers to, when ``image`` is a
        reduced copy of it (a big scan); by default the image's own size."""
        self.bg_image = image
        self.bg_source_size = source_size or (image.size if image is not None else None)
        self._bg_key = None
        self.draw_background()

    def see_through(self) -> str:
        """The stipple of the hex fills: how much of the background shows through them."""
        bg = self.model.background
        if self.bg_image is None or not bg or "background" in self.hidden:
            return ""
        opacity = max(0.0, min(1.0, float(bg.get("opacity", 0.5))))
        for upto, pattern in ((0.125, ""), (0.375, "gray75"), (0.625, "gray50"), (0.8, "gray25"), (0.95, "gray12")):
            if opacity < upto:
                return pattern
        return "none"  # no fill at all: outlines and marks over the image

    def _apply_see_through(self) -> None:
        pattern = self.see_through()
        if pattern == self._stipple:
            return
        was_empty, self._stipple = self._stipple == "none", pattern
        if pattern == "none":
            self.itemconfigure("hex", fill="", stipple="")
            return
        if was_empty:
            for h, item in self.items.items():
                self.itemconfigure(item, fill=self.fill_of(h))
        self.itemconfigure("hex", stipple=pattern)

    def _hex_fill(self, h: Hex) -> str:
        return "" if self._stipple == "none" else self.fill_of(h)

    def draw_background(self) -> None:
        bg = self.model.background
        if self.bg_image is None or not bg or "background" in self.hidden:
            self.delete("background")
            self._bg_key = None
            self._bg_region = None
            self._apply_see_through()
            return
        from PIL import Image, ImageTk

        from mapref.ui.images import visible_part

        img = self.bg_image
        w, h = img.size
        sw, _ = self.bg_source_size or img.size
        scale = float(bg.get("scale", 1.0)) * self.zoom * (sw / w)  # canvas pixels per pixel of img
        ox, oy = (float(v) for v in bg.get("offset", (0.0, 0.0)))
        x, y = self.layout.origin[0] + ox * self.zoom, self.layout.origin[1] + oy * self.zoom
        # the view with half a window around it, in canvas coordinates, cut to the image
        vw, vh = max(200, self.winfo_width()), max(200, self.winfo_height())
        vx0, vy0 = self.canvasx(0) - vw / 2, self.canvasy(0) - vh / 2
        part = visible_part((w, h), scale, x, y, (vx0, vy0, vx0 + 2 * vw, vy0 + 2 * vh))
        if part is None:
            self.delete("background")
            self._bg_key, self._bg_region = None, None
            self._apply_see_through()
            return
        (sx0, sy0, sx1, sy1), (tw, th) = part
        key = (sx0, sy0, sx1, sy1, tw, th)
        px, py = x + sx0 * scale, y + sy0 * scale
        if key != self._bg_key or not self.find_withtag("background"):
            self.delete("background")
            part = img.crop((sx0, sy0, sx1, sy1)).resize((tw, th), Image.BILINEAR)
            self._bg_photo = ImageTk.PhotoImage(part, master=self)
            self.create_image(px, py, image=self._bg_photo, anchor="nw", tags=("background",))
            self._bg_key = key
        else:
            self.coords("background", px, py)
        # what is drawn, and what of the image lies beyond it (drawn again when the view gets there)
        self._bg_region = (px, py, px + tw, py + th, x, y, x + w * scale, y + h * scale)
        self.tag_lower("background")
        self._apply_see_through()

    def _background_follow(self) -> None:
        """After the view moved: draw the part of the background that came into view."""
        from mapref.ui.images import must_redraw

        vx0, vy0 = self.canvasx(0), self.canvasy(0)
        if must_redraw(
            getattr(self, "_bg_region", None), (vx0, vy0, vx0 + self.winfo_width(), vy0 + self.winfo_height())
        ):
            self.draw_background()

    def xview_moveto(self, fraction) -> None:
        super().xview_moveto(fraction)
        self._background_follow()
        self.follow_view()

    def yview_moveto(self, fraction) -> None:
        super().yview_moveto(fraction)
        self._background_follow()
        self.follow_view()

    def scan_dragto(self, x, y, gain=10) -> None:
        super().scan_dragto(x, y, gain)
        self._background_follow()
        self.follow_view()

    # ------------------------------------------------------------------------ zoom & pan
    def zoom_at(self, factor: float, x: float, y: float) -> None:
        """Zoom about widget point (x, y), keeping the map point under it in place."""
        new = min(8.0, max(0.02, self.zoom * factor))
        if new == self.zoom:
            return
        cx, cy = self.canvasx(x), self.canvasy(y)
        old = self.layout
        ux, uy = (cx - old.origin[0]) / old.size, (cy - old.origin[1]) / old.size
        lod = self.lod()
        self.zoom = new
        self.layout = self._make_layout()
        self._moving = True  # the tiles of a big map are drawn once the view is where it goes
        try:
            if lod == self.lod() and self.items:
                self._rescale(self.layout.size / old.size)
            else:
                sel = list(self.selection_items)
                self.redraw()
                self.set_selection(sel)
        finally:
            self._moving = False
        nx, ny = self.layout.origin[0] + ux * self.layout.size, self.layout.origin[1] + uy * self.layout.size
        self._scroll_to(nx - x, ny - y)

    def _rescale(self, f: float) -> None:
        """Zoom the drawn items by ``f`` about the canvas origin (the layout origin scales with
        the zoom, so this matches a redraw); text sizes follow through three font tags."""
        self.scale("all", 0, 0, f, f)
        small, prod = self._fonts()
        self.itemconfigure("fs", font=small)
        self.itemconfigure("fp", font=prod)
        self.itemconfigure("fy", font=("DejaVu Sans", max(7, int(self.layout.size * 0.35))))
        self.draw_overlays()
        sel = list(self.selection_items)
        self.set_selection(())
        self.set_selection(sel)
        self._bg_key = None
        self.draw_background()
        x0, y0, x1, y1 = (float(v) * f for v in self.cget("scrollregion").split())
        self.configure(scrollregion=(x0, y0, x1, y1))
        self.follow_view()
        self.event_generate("<<Redrawn>>")

    def _scroll_to(self, left: float, top: float) -> None:
        x0, y0, x1, y1 = (float(v) for v in self.cget("scrollregion").split())
        w, h = max(1.0, x1 - x0), max(1.0, y1 - y0)
        self._moving = True
        try:
            self.xview_moveto((left - x0) / w)
        finally:
            self._moving = False
        self.yview_moveto((top - y0) / h)

    def centre_on(self, h: Hex) -> None:
        self.update_idletasks()
        cx, cy = self.layout.centre(h)
        self._scroll_to(cx - self.winfo_width() / 2, cy - self.winfo_height() / 2)

    def fit(self) -> None:
        """Zoom so the whole map fits the window."""
        self.update_idletasks()
        w, h = max(50, self.winfo_width()), max(50, self.winfo_height())
        x0, y0, x1, y1 = self.layout.bounds()
        for b in self.model.boxes.values():
            bx0, by0, bx1, by1 = self.box_rect(b)
            x0, y0, x1, y1 = min(x0, bx0), min(y0, by0), max(x1, bx1), max(y1, by1)
        sx, sy = w / (x1 - x0 + 1 * self.layout.size), h / (y1 - y0 + 1 * self.layout.size)
        self.zoom = max(0.02, min(8.0, self.zoom * min(sx, sy)))
        self.layout = self._make_layout()
        sel = list(self.selection_items)
        self._moving = True
        try:
            self.redraw()
        finally:
            self._moving = False
        self.set_selection(sel)
        x0, y0, x1, y1 = self.layout.bounds()
        for b in self.model.boxes.values():
            bx0, by0, bx1, by1 = self.box_rect(b)
            x0, y0, x1, y1 = min(x0, bx0), min(y0, by0), max(x1, bx1), max(y1, by1)
        self._scroll_to((x0 + x1) / 2 - w / 2, (y0 + y1) / 2 - h / 2)

    def initial_view(self) -> None:
        """The view a window opens on: the whole map, or on a big map (drawn by tiles) its
        middle at the current zoom; fitting 40,000 hexes would draw every one of them (F still
        does)."""
        if not self.culling:
            self.fit()
            return
        self.update_idletasks()
        g = self.model.grid
        self.centre_on(Hex((g.rows + 1) // 2, (g.cols + 1) // 2))

    def _wheel(self, e: tk.Event) -> None:
        self.zoom_at(1.15 if e.delta > 0 else 1 / 1.15, e.x, e.y)

    def set_model(self, m: MapModel) -> None:
        self.model = m
        self.layout = self._make_layout()
        self.redraw()
