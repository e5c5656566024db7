"""The map canvas: one polygon per hex, found by hex arithmetic, recoloured in place.

Items are tagged by what they show (``hex``, ``label``, ``production``, ``port``, ``capital``,
``mountain``, ``hexside``, ``box``, ``feature``, ``grid``) so layers can be shown and hidden
with one ``itemconfigure`` per tag.  ``self.items[hex]`` is the polygon of a hex; the hex under
the mouse comes from :meth:`Layout.pixel_to_hex`, never from ``find_closest``.
"""

from __future__ import annotations

import tkinter as tk

from mapref.core.grid import Hex, Layout
from mapref.core.model import MapModel
from mapref.render.style import GRID_LINE, LAND_UNOWNED, SEA_DEFAULT, blend, hex_fill, text_colour_on

LAYER_TAGS = ("terrain", "labels", "production", "ports", "seas", "hexsides", "grid", "boxes", "features")


class MapCanvas(tk.Canvas):
    def __init__(self, master: tk.Misc, m: MapModel, **kw) -> None:
        kw.setdefault("background", "#f4f1e8")
        kw.setdefault("highlightthickness", 0)
        super().__init__(master, **kw)
        self.model = m
        self.zoom = 1.0
        self.items: dict[Hex, int] = {}
        self.hidden: set[str] = set()
        self.layout = self._make_layout()
        self.bind("<ButtonPress-2>", lambda e: self.scan_mark(e.x, e.y))
        self.bind("<B2-Motion>", lambda e: self.scan_dragto(e.x, e.y, gain=1))
        self.bind("<MouseWheel>", self._wheel)
        self.bind("<Button-4>", lambda e: self.zoom_at(1.15, e.x, e.y))
        self.bind("<Button-5>", lambda e: self.zoom_at(1 / 1.15, e.x, e.y))
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

    # ---------------------------------------------------------------------------- drawing
    def redraw(self) -> None:
        self.delete("all")
        self.items.clear()
        m, lay = self.model, self.layout
        grid = m.grid
        s = lay.size
        for h in grid.hexes():
            d = m.hexes[h]
            self.items[h] = self.create_polygon(lay.corners(h), fill=hex_fill(m, d), outline=GRID_LINE, tags=("hex", "terrain", "grid"))
        font_small = ("DejaVu Sans", max(6, int(s * 0.22)))
        font_prod = ("DejaVu Sans", max(7, int(s * 0.4)), "bold")
        for h in grid.hexes():
            self.draw_hex_marks(h, font_small, font_prod)
        for side, sd in m.hexsides.items():
            (ax, ay), (bx, by) = lay.hexside_segment(side)
            if sd.impassable:
                self.create_line(ax, ay, bx, by, fill="#111111", width=max(3, s / 6), tags=("hexside", "hexsides"))
            if sd.crossing and grid.contains(side.a) and grid.contains(side.b):
                (x0, y0), (x1, y1) = lay.centre(side.a), lay.centre(side.b)
                mx, my = (x0 + x1) / 2, (y0 + y1) / 2
                self.create_line(mx + (x0 - mx) * 0.7, my + (y0 - my) * 0.7, mx + (x1 - mx) * 0.7, my + (y1 - my) * 0.7,
                                 arrow="both", fill="#b01818", width=max(2, s / 10), tags=("hexside", "hexsides"))
        for bid, b in m.boxes.items():
            bx, by = lay.origin[0] + b.position[0] * s, lay.origin[1] + b.position[1] * s
            fill = m.countries[b.country].colour if b.country in m.countries else LAND_UNOWNED
            self.create_rectangle(bx, by, bx + 3 * s, by + 2 * s, fill=fill, outline="#222222", width=2, tags=("box", "boxes", f"box:{bid}"))
            self.create_text(bx + 1.5 * s, by + 0.6 * s, text=b.name, fill=text_colour_on(fill), font=font_small, tags=("box", "boxes", f"box:{bid}"))
            if b.production:
                self.create_text(bx + 1.5 * s, by + 1.35 * s, text=str(b.production), fill=text_colour_on(fill), font=font_prod, tags=("box", "boxes", f"box:{bid}"))
        self.apply_layers()
        x0, y0, x1, y1 = self.bbox("all") or (0, 0, 100, 100)
        self.configure(scrollregion=(x0 - s * 2, y0 - s * 2, x1 + s * 2, y1 + s * 2))

    def draw_hex_marks(self, h: Hex, font_small=None, font_prod=None) -> None:
        """(Re)draw the text and symbols on one hex."""
        m, lay = self.model, self.layout
        s = lay.size
        font_small = font_small or ("DejaVu Sans", max(6, int(s * 0.22)))
        font_prod = font_prod or ("DejaVu Sans", max(7, int(s * 0.4)), "bold")
        tag = f"marks:{h.row}:{h.col}"
        self.delete(tag)
        d = m.hexes[h]
        cx, cy = lay.centre(h)
        fill = hex_fill(m, d)
        ink = text_colour_on(fill)
        self.create_text(cx, cy - s * 0.6, text=m.grid.label(h), fill=blend(ink, fill, 0.45), font=font_small, tags=(tag, "labels"))
        if d.terrain == "coastal":
            sea = m.seas.get(d.sea) if d.sea else None
            r = s * 0.16
            self.create_oval(cx - s * 0.7 - r, cy - r, cx - s * 0.7 + r, cy + r, fill=sea.colour if sea else SEA_DEFAULT,
                             outline="", tags=(tag, "seas"))
        if d.production:
            self.create_text(cx, cy + s * 0.1, text=str(d.production), fill=ink, font=font_prod, tags=(tag, "production"))
        if d.capital:
            self.create_text(cx - s * 0.45, cy - s * 0.18, text="\u272a", fill=ink, font=("DejaVu Sans", max(7, int(s * 0.35))), tags=(tag, "capital", "labels"))
        if d.port:
            self.create_text(cx + s * 0.45, cy - s * 0.15, text="\u2693", fill="#1b2f7a" if not d.port_optional else "#6a7bb0",
                             font=("DejaVu Sans", max(7, int(s * 0.35))), tags=(tag, "port", "ports"))
        if d.mountain:
            self.create_text(cx, cy + s * 0.42, text="\u25b2\u25b2", fill="#6b4f2a", font=font_small, tags=(tag, "mountain", "terrain"))
        if d.name:
            self.create_text(cx, cy + s * 0.55, text=d.name, fill=ink, font=font_small, tags=(tag, "labels", "name"))

    def refresh_hex(self, h: Hex) -> None:
        d = self.model.hexes[h]
        self.itemconfigure(self.items[h], fill=hex_fill(self.model, d))
        self.draw_hex_marks(h)
        self.apply_layers()

    def apply_layers(self) -> None:
        for tag in LAYER_TAGS:
            if tag in ("terrain", "grid"):
                continue
            self.itemconfigure(tag, state="hidden" if tag in self.hidden else "normal")
        if "terrain" in self.hidden:
            self.itemconfigure("hex", fill="#ffffff")
        if "grid" in self.hidden:
            self.itemconfigure("hex", outline="")

    def set_layer(self, tag: str, visible: bool) -> None:
        (self.hidden.discard if visible else self.hidden.add)(tag)
        if tag in ("terrain", "grid") and visible:
            self.redraw()
        else:
            self.apply_layers()

    # ------------------------------------------------------------------------ zoom & pan
    def zoom_at(self, factor: float, x: float, y: float) -> None:
        """Zoom about widget point (x, y), keeping the map point under it in place."""
        new = min(8.0, max(0.1, self.zoom * factor))
        if new == self.zoom:
            return
        cx, cy = self.canvasx(x), self.canvasy(y)
        old = self.layout
        # the point in map units (hex sizes from the layout origin)
        ux, uy = (cx - old.origin[0]) / old.size, (cy - old.origin[1]) / old.size
        self.zoom = new
        self.layout = self._make_layout()
        self.redraw()
        nx, ny = self.layout.origin[0] + ux * self.layout.size, self.layout.origin[1] + uy * self.layout.size
        self._scroll_to(nx - x, ny - y)

    def _scroll_to(self, left: float, top: float) -> None:
        x0, y0, x1, y1 = (float(v) for v in self.cget("scrollregion").split())
        w, h = max(1.0, x1 - x0), max(1.0, y1 - y0)
        self.xview_moveto((left - x0) / w)
        self.yview_moveto((top - y0) / h)

    def fit(self) -> None:
        """Zoom so the whole map fits the window."""
        self.update_idletasks()
        w, h = max(50, self.winfo_width()), max(50, self.winfo_height())
        x0, y0, x1, y1 = self.layout.bounds()
        sx, sy = w / (x1 - x0 + 8 * self.layout.size), h / (y1 - y0 + 2 * self.layout.size)
        self.zoom = max(0.1, min(8.0, self.zoom * min(sx, sy)))
        self.layout = self._make_layout()
        self.redraw()
        self._scroll_to(float(self.cget("scrollregion").split()[0]), float(self.cget("scrollregion").split()[1]))

    def _wheel(self, e: tk.Event) -> None:
        self.zoom_at(1.15 if e.delta > 0 else 1 / 1.15, e.x, e.y)
