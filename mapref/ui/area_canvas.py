"""The area map canvas: a polygon per location part, a line per move line, redrawn per item.

Canvas coordinates are map units times :attr:`AreaCanvas.zoom` (x east, y south).  Items are
kept in dicts by location, line and box id (never looked up by tag), tagged by layer
(``locations``, ``halves``, ``names``, ``values``, ``lines``, ``boxes``, ``land``,
``background``) so a layer is shown or hidden with one ``itemconfigure``.  An edit redraws only
what it touched (:class:`~mapref.core.areaedit.AreaTouch`) and the lines attached to it; new
items are slotted into their layer under invisible marker items, so the drawing order stays
background, land, locations, halves, lines, boxes, names, values, then the editor's marks.

What is under the mouse comes from shapely (an STR-tree of the polygons, rebuilt per map
version), never from ``find_closest``.

A big map (:data:`CULL_FROM` locations or more: docs/performance.md) is drawn around the view
and at the detail its zoom shows.  The locations whose bounds meet the view grown by half a view
on every side are drawn (the same STR-tree answers), and more as the view moves (scrolling,
panning, a zoom settling), those far away forgotten; a move line is drawn with a location at
either end drawn.  Zoomed out so far that a location is less than :data:`DETAIL_PX` pixels wide,
outlines are drawn simplified to a pixel and names, values, the halves' dividers and the move
lines are left out (they return as the zoom comes in).  A redraw makes the items layer by layer
and stacks the layers once; an edit redraws its places and the lines joined to them (found by
place, not by looking at every line).
"""

from __future__ import annotations
from itertools import compress, pairwise

import math
import tkinter as tk

import shapely
from shapely.geometry import LineString, Point

from mapref.core.areaedit import AreaTouch, lines_by_place
from mapref.core.areamodel import AreaMap, Location
from mapref.io.problems import collector_paused
from mapref.render.scene_area import midpoint
from mapref.render.style import LAND_UNOWNED, blend, text_colour_on

LAYERS = ("background", "land", "locations", "halves", "lines", "boxes", "names", "values", "edit")
LAYER_TAGS = ("locations", "halves", "names", "values", "lines", "boxes", "land", "background")
SEA = "#cfdeec"
BORDER = "#4d4d4d"
SELECT = "#ff00aa"
CULL_FROM = 1500  # locations: a map this big is drawn around the view, at the detail of its zoom
DETAIL_PX = 24  # a location narrower than this on screen: simplified outline, no names, values or lines


class AreaCanvas(tk.Canvas):
    def __init__(self, master: tk.Misc, m: AreaMap, **kw) -> None:
        kw.setdefault("background", SEA)
        kw.setdefault("highlightthickness", 0)
        super().__init__(master, **kw)
        self.model = m
        self.zoom = 1.0
        self.hidden: set[str] = set()
        self.loc_items: dict[str, list[int]] = {}
        self.line_items: dict[str, list[int]] = {}
        self.box_items: dict[str, list[int]] = {}
        self.bg_image = None
        self.bg_source_size: tuple[int, int] | None = None
        self._bg_photo = None
        self._bg_key = None
        self._bg_region = None
        self._tree_key = None
        self._region: tuple[float, float, float, float] | None = None  # a big map: the map area drawn
        self._detail = "full"
        self._moving = False  # the view is being moved in several steps: follow it once at the end
        self._held = False  # a view is about to be set (:meth:`hold_view`): the window's first sizes are not followed
        self.bind("<ButtonPress-2>", lambda e: self.scan_mark(e.x, e.y))
        self.bind("<B2-Motion>", lambda e: self.scan_dragto(e.x, e.y, gain=1))
        self.bind("<MouseWheel>", lambda e: self.zoom_at(1.15 if e.delta > 0 else 1 / 1.15, e.x, e.y))
        self.bind("<Button-4>", lambda e: self.zoom_at(1.15, e.x, e.y))
        self.bind("<Button-5>", lambda e: self.zoom_at(1 / 1.15, e.x, e.y))
        self.bind("<Configure>", lambda e: self._follow(), add="+")
        self.redraw()

    # ------------------------------------------------------------------------ geometry
    def to_canvas(self, p) -> tuple[float, float]:
        return p[0] * self.zoom, p[1] * self.zoom

    def flat(self, pts) -> list[float]:
        z = self.zoom
        return [c for p in pts for c in (p[0] * z, p[1] * z)]

    def map_xy(self, x: float, y: float) -> tuple[float, float]:
        """Map units of widget point (x, y)."""
        return self.canvasx(x) / self.zoom, self.canvasy(y) / self.zoom

    def widget_xy(self, p) -> tuple[int, int]:
        """Widget coordinates of a map point (for tests and tooltips)."""
        return int(round(p[0] * self.zoom - self.canvasx(0))), int(round(p[1] * self.zoom - self.canvasy(0)))

    def reach(self, pixels: float = 8.0) -> float:
        """``pixels`` on the screen in map units."""
        return pixels / self.zoom

    def _tree(self):
        m = self.model
        key = (m.version, id(m.locations))
        if self._tree_key != key:
            polys = [loc.polygon for loc in m.locations.values()]
            shown = (~shapely.is_empty(polys)).tolist() if polys else []  # (asked of all at once)
            self._ids = list(compress(m.locations, shown))
            self._strtree = shapely.STRtree(list(compress(polys, shown)))
            self._tree_key = key
        return self._strtree

    def location_at(self, x: float, y: float) -> str | None:
        """The location under widget point (x, y)."""
        p = Point(self.map_xy(x, y))
        tree = self._tree()
        for i in tree.query(p, predicate="intersects").tolist():
            return self._ids[i]
        return None

    def box_at(self, x: float, y: float) -> str | None:
        mx, my = self.map_xy(x, y)
        for bid, b in self.model.boxes.items():
            x0, y0, x1, y1 = b.rect
            if x0 <= mx <= x1 and y0 <= my <= y1:
                return bid
        return None

    def space_at(self, x: float, y: float) -> str | None:
        """The space (a location, a half or ``box:<id>``) under widget point (x, y)."""
        bid = self.box_at(x, y)
        if bid:
            return f"box:{bid}"
        lid = self.location_at(x, y)
        if lid is None:
            return None
        loc = self.model.locations[lid]
        if not loc.has_halves:
            return lid
        p = Point(self.map_xy(x, y))
        best, best_d = None, math.inf
        for h, g in loc.half_geoms.items():
            d = g.distance(p) if not g.is_empty else math.inf
            if d < best_d:
                best, best_d = h, d
        return f"{lid}.{best}"

    def line_path(self, lid: str) -> list[tuple[float, float]] | None:
        m = self.model
        ln = m.lines.get(lid)
        if ln is None:
            return None
        pa, pb = m.space_point(ln.a), m.space_point(ln.b)
        if pa is None or pb is None:
            return None
        return [pa, *ln.via, pb]

    def line_pieces(self, lid: str) -> list[list[tuple[float, float]]] | None:
        """The line as drawn in map units: its path, or two stubs off the map's edges for a line
        round the back of a map that wraps (:meth:`AreaMap.line_pieces`)."""
        ln = self.model.lines.get(lid)
        return self.model.line_pieces(ln) if ln is not None else None

    def line_at(self, x: float, y: float, pixels: float = 5.0) -> str | None:
        """The move line under widget point (x, y): of a big map, among those drawn."""
        p = Point(self.map_xy(x, y))
        best, best_d = None, self.reach(pixels)
        for lid in list(self.line_items) if self.big else self.model.lines:
            pieces = self.line_pieces(lid)
            if pieces is None:
                continue
            d = min(LineString(path).distance(p) for path in pieces)
            if d <= best_d:
                best, best_d = lid, d
        return best

    # -------------------------------------------------------------------------- drawing
    def _z(self, item: int, layer: str) -> None:
        """Put ``item`` at the top of ``layer`` (just under the next layer's marker)."""
        nxt = LAYERS[LAYERS.index(layer) + 1] if layer != LAYERS[-1] else None
        if nxt is not None:
            self.tag_lower(item, self._markers[nxt])

    def _state(self, layer: str) -> str:
        return "hidden" if layer in self.hidden else "normal"

    def fill_of(self, colour: str) -> str:
        c = self.model.colours.get(colour) if colour else None
        return c.colour if c else LAND_UNOWNED

    # ------------------------------------------------------------- a big map: view and detail
    @property
    def big(self) -> bool:
        """Drawn around the view and at the detail of the zoom (:data:`CULL_FROM` locations or more)."""
        return len(self.model.locations) >= CULL_FROM

    def _cell(self) -> float:
        """How wide a location typically is, in map units (the map's area shared by its locations)."""
        m = self.model
        key = (m.version, id(m.locations))
        if getattr(self, "_cell_key", None) != key:
            x0, y0, x1, y1 = m.bounds()
            self._cell_size = math.sqrt(max(1e-9, (x1 - x0) * (y1 - y0)) / max(1, len(m.locations)))
            self._cell_key = key
        return self._cell_size

    def detail(self) -> str:
        """ "full", or for a big map zoomed out "low" (simplified outlines, no names, values or lines)."""
        return "low" if self.big and self.zoom * self._cell() < DETAIL_PX else "full"

    def _view_rect(self, grow: float = 0.0) -> tuple[float, float, float, float]:
        """The map area in view (map units), grown by ``grow`` views on every side."""
        w = self.winfo_width() if self.winfo_width() > 1 else max(600, self.winfo_reqwidth())
        h = self.winfo_height() if self.winfo_height() > 1 else max(500, self.winfo_reqheight())
        x0, y0 = self.canvasx(0), self.canvasy(0)
        gx, gy = w * grow, h * grow
        z = self.zoom
        return (x0 - gx) / z, (y0 - gy) / z, (x0 + w + gx) / z, (y0 + h + gy) / z

    def _within(self, rect) -> list[str]:
        """The locations whose bounds meet ``rect`` (map units), in map order."""
        tree = self._tree()
        ids = self._ids
        return [ids[i] for i in sorted(tree.query(shapely.box(*rect)).tolist())]

    def _shown(self, lid: str) -> bool:
        """Is location ``lid`` to be drawn (a big map: its bounds meet the area drawn)?"""
        if not self.big or self._region is None:
            return True
        loc = self.model.locations.get(lid)
        if loc is None or loc.polygon.is_empty:
            return False
        x0, y0, x1, y1 = loc.polygon.bounds
        r = self._region
        return x0 <= r[2] and r[0] <= x1 and y0 <= r[3] and r[1] <= y1

    def _line_shown(self, ln) -> bool:
        """A big map draws a line at full detail with a location at either end drawn (or a box)."""
        if not self.big:
            return True
        if self._detail != "full":
            return False
        return any(_place(s).startswith("box:") or _place(s) in self.loc_items for s in (ln.a, ln.b))

    def _follow(self) -> None:
        """After the view moved (a big map): draw what came near the view, forget what is far."""
        if not self.big or self._moving or self._held or self._region is None:
            return
        r, need = self._region, self._view_rect(0.25)
        if r[0] <= need[0] and r[1] <= need[1] and need[2] <= r[2] and need[3] <= r[3]:
            return
        self._region = self._view_rect(0.5)
        keep = set(self._within(self._view_rect(1.5)))
        for lid in [k for k in self.loc_items if k not in keep]:
            self.delete(*self.loc_items.pop(lid))
        new = [lid for lid in self._within(self._region) if lid not in self.loc_items]
        self._draw_locations(new)
        if self._detail == "full":
            by_place = lines_by_place(self.model.lines)
            for k in [
                k for k in self.line_items if k not in self.model.lines or not self._line_shown(self.model.lines[k])
            ]:
                self.delete(*self.line_items.pop(k))
            lines = {k for lid in new for k in by_place.get(lid, ()) if k not in self.line_items}
            for k in sorted(lines):
                self.draw_line(k, bulk=True)
        self._stack_layers()

    def _draw_locations(self, lids: list[str]) -> None:
        """Draw ``lids`` (bulk: the caller stacks the layers after), simplified at low detail."""
        if self._detail == "low" and lids:
            self._draw_outlines(lids)
        else:
            for lid in lids:
                self.draw_location(lid, bulk=True)

    def _draw_outlines(self, lids: list[str]) -> None:
        """Low detail: every location's outline simplified to within a pixel, all at once (the
        rings' points worked out by shapely for all of them, each polygon made with one Tcl call;
        the cycle collector paused meanwhile)."""
        with collector_paused():
            self._make_outlines(lids)

    def _make_outlines(self, lids: list[str]) -> None:
        import numpy as np

        m = self.model
        locs = [m.locations[k] for k in lids]
        simple = shapely.simplify([loc.polygon for loc in locs], 0.8 / self.zoom, preserve_topology=False)
        if (shapely.get_type_id(simple) == 3).all() and not shapely.get_num_interior_rings(simple).any():
            coords, ring = shapely.get_coordinates(simple, return_index=True)  # one ring each: the outline
            loc_of, outline = np.arange(len(locs)), np.ones(len(locs), dtype=bool)
        else:
            parts, of_part = shapely.get_parts(simple, return_index=True)
            rings, part_of = shapely.get_rings(parts, return_index=True)
            coords, ring = shapely.get_coordinates(rings, return_index=True)
            loc_of, outline = of_part[part_of], np.ones(len(rings), dtype=bool)
            outline[1:] = part_of[1:] != part_of[:-1]  # a part's first ring is its outline, the others holes
        flat = (coords * self.zoom).ravel().tolist()
        starts = np.flatnonzero(np.diff(ring, prepend=-1))  # where each ring's points start
        ends = [*starts[1:].tolist(), len(coords)] if len(starts) else []
        stipple, st = self._stipple(), self._state("locations")
        call, w = self.tk.call, self._w
        fills: dict[str, str] = {}
        drawn: dict[str, list[int]] = {}
        at = ring[starts]  # the rings drawn (a ring without points has no start)
        for start, end, k, hole in zip(
            starts.tolist(), ends, loc_of[at].tolist(), (~outline[at]).tolist(), strict=True
        ):
            pts = flat[2 * start : 2 * end - 2]  # (the closing point left out)
            if len(pts) < 6:  # a sliver gone to a line at this zoom: its exact outline
                continue
            lid = lids[k]
            colour = locs[k].colour
            fill = fills[colour] if colour in fills else fills.setdefault(colour, self.fill_of(colour))
            i = call(
                w,
                "create",
                "polygon",
                *pts,
                "-fill",
                SEA if hole else fill,
                "-outline",
                BORDER,
                "-width",
                1.2,
                "-stipple",
                "" if hole else stipple,
                "-tags",
                ("loc", f"loc:{lid}", "locations") + (("hole",) if hole else ()),
                "-state",
                st,
            )
            drawn.setdefault(lid, []).append(self.tk.getint(i))
        for lid in lids:
            if lid not in drawn:  # every outline collapsed: drawn exactly
                self.draw_location(lid, bulk=True)
            else:
                self.loc_items[lid] = drawn[lid]

    def _stack_layers(self) -> None:
        """Put every layer in its place at once (items made in bulk, in any order): each one just
        under the next layer's marker, as :meth:`_z` puts a single item (the markers keep their
        order; what is drawn over the map, a game's counters, stays over it)."""
        for layer, nxt in pairwise(LAYERS):
            self.tag_lower(layer, self._markers[nxt])

    def redraw(self) -> None:
        self._held = False
        self.delete("all")
        self.loc_items.clear()
        self.line_items.clear()
        self.box_items.clear()
        self._markers = {layer: self.create_line(0, 0, 0, 0, state="hidden", tags=("marker",)) for layer in LAYERS}
        self._bg_key = None
        self._detail = self.detail()
        self._region = self._view_rect(0.5) if self.big else None
        self.draw_background()
        self.draw_land()
        self._draw_locations(self._within(self._region) if self.big else list(self.model.locations))
        for bid in self.model.boxes:
            self.draw_box(bid, bulk=True)
        if not self.big:
            lines = list(self.model.lines)
        elif self._detail == "full":
            by_place = lines_by_place(self.model.lines)
            lines = sorted(
                {k for p in list(self.loc_items) + [f"box:{b}" for b in self.model.boxes] for k in by_place.get(p, ())}
            )
        else:
            lines = []
        for lid in lines:
            self.draw_line(lid, bulk=True)
        self._stack_layers()
        self._scrollregion()
        self.event_generate("<<Redrawn>>")

    def _scrollregion(self) -> None:
        x0, y0, x1, y1 = self.model.bounds()
        if self.bg_image is not None and self.model.background:
            bx0, by0, bx1, by1 = self.background_rect()
            x0, y0, x1, y1 = min(x0, bx0), min(y0, by0), max(x1, bx1), max(y1, by1)
        z = self.zoom
        pad = 200
        self.configure(scrollregion=(x0 * z - pad, y0 * z - pad, x1 * z + pad, y1 * z + pad))

    def background_rect(self) -> tuple[float, float, float, float]:
        """Where the background lies, in map units: its ``offset``, and the image file's size
        times its ``scale`` (the size of the file, when the image drawn is a reduced copy)."""
        bg = self.model.background or {}
        ox, oy = (float(v) for v in bg.get("offset", (0.0, 0.0)))
        s = float(bg.get("scale", 1.0))
        w, h = self.bg_source_size or (0, 0)
        return ox, oy, ox + w * s, oy + h * s

    def draw_land(self) -> None:
        self.delete("land")
        land = self.model.land
        if land is None or land.is_empty:
            return
        fill = blend(LAND_UNOWNED, SEA, 0.4)
        for p in getattr(land, "geoms", [land]):
            if p.geom_type != "Polygon":
                continue
            i = self.create_polygon(
                self.flat(p.exterior.coords[:-1]),
                fill=fill,
                outline="#8aa0b5",
                dash=(4, 3),
                tags=("land",),
                state=self._state("land"),
            )
            self._z(i, "land")

    def _stipple(self) -> str:
        return (
            "gray50"
            if (self.bg_image is not None and self.model.background and "background" not in self.hidden)
            else ""
        )

    def draw_location(self, lid: str, bulk: bool = False, geom=None) -> None:
        """(Re)draw location ``lid``; ``bulk``: one of many, stacked by the caller; ``geom``: its
        outline as drawn (simplified at low detail)."""
        old = self.loc_items.pop(lid, None)
        if old:
            self.delete(*old)
        loc = self.model.locations.get(lid)
        if loc is None or not self._shown(lid):
            return
        z = (lambda i, layer: None) if bulk else self._z
        low = self._detail == "low"
        if low and geom is None:
            geom = shapely.simplify(loc.polygon, 0.8 / self.zoom, preserve_topology=True)
        ids: list[int] = []
        fill = self.fill_of(loc.colour)
        tags = ("loc", f"loc:{lid}", "locations")
        stipple = self._stipple()
        for p in loc.parts if geom is None else [g for g in getattr(geom, "geoms", [geom]) if g.geom_type == "Polygon"]:
            i = self.create_polygon(
                self.flat(p.exterior.coords[:-1]),
                fill=fill,
                outline=BORDER,
                width=1.2,
                stipple=stipple,
                tags=tags,
                state=self._state("locations"),
            )
            z(i, "locations")
            ids.append(i)
            for r in p.interiors:
                i = self.create_polygon(
                    self.flat(r.coords[:-1]),
                    fill=SEA,
                    outline=BORDER,
                    width=1.2,
                    tags=tags + ("hole",),
                    state=self._state("locations"),
                )
                z(i, "locations")
                ids.append(i)
        if low:  # zoomed out on a big map: the outline only (the rest returns with the zoom)
            self.loc_items[lid] = ids
            return
        if loc.has_halves:
            for seg in getattr(loc.divider, "geoms", [loc.divider]):
                if seg.is_empty or seg.geom_type != "LineString":
                    continue
                i = self.create_line(
                    self.flat(seg.coords),
                    fill=blend(BORDER, fill, 0.15),
                    width=1.5,
                    dash=(6, 4),
                    tags=("halves", f"loc:{lid}"),
                    state=self._state("halves"),
                )
                z(i, "halves")
                ids.append(i)
        ids += self._location_label(loc, fill, z)
        self.loc_items[lid] = ids

    def preview_polygon(self, lid: str, geom) -> None:
        """Show ``geom`` as the outline of location ``lid`` while a vertex is dragged (same parts)."""
        rings = []
        for p in getattr(geom, "geoms", [geom]):
            if p.geom_type == "Polygon":
                rings.append(p.exterior.coords[:-1])
                rings += [r.coords[:-1] for r in p.interiors]
        polys = [i for i in self.loc_items.get(lid, []) if self.type(i) == "polygon"]
        for i, ring in zip(polys, rings, strict=False):  # a drag that changes the parts previews those kept
            self.coords(i, self.flat(ring))

    def _location_label(self, loc: Location, fill: str, z=None) -> list[int]:
        z = z or self._z
        x, y = self.to_canvas(loc.label_point)
        ink = text_colour_on(fill)
        ids = []
        text = ("\u2605 " if loc.capital else "") + loc.label
        i = self.create_text(
            x,
            y,
            text=text,
            fill=ink,
            font=("DejaVu Sans", 9, "bold"),
            tags=("names", f"loc:{loc.id}", "name"),
            state=self._state("names"),
        )
        z(i, "names")
        ids.append(i)
        if loc.vp:
            r = 8
            a = self.create_oval(
                x - r,
                y - 17 - r,
                x + r,
                y - 17 + r,
                fill="#fff8dc",
                outline="#7a5c00",
                width=1.5,
                tags=("values", f"loc:{loc.id}"),
                state=self._state("values"),
            )
            b = self.create_text(
                x,
                y - 17,
                text=str(loc.vp),
                fill="#3d2e00",
                font=("DejaVu Sans", 8, "bold"),
                tags=("values", f"loc:{loc.id}", "vp"),
                state=self._state("values"),
            )
            for i in (a, b):
                z(i, "values")
            ids += [a, b]
        if loc.supply:
            i = self.create_text(
                x,
                y + 13,
                text="supply: " + ", ".join(s.text() for s in loc.supply),
                fill=ink,
                font=("DejaVu Sans", 7),
                tags=("values", f"loc:{loc.id}"),
                state=self._state("values"),
            )
            z(i, "values")
            ids.append(i)
        return ids

    def draw_box(self, bid: str, bulk: bool = False) -> None:
        old = self.box_items.pop(bid, None)
        if old:
            self.delete(*old)
        b = self.model.boxes.get(bid)
        if b is None:
            return
        x0, y0 = self.to_canvas(b.position)
        x1, y1 = self.to_canvas((b.position[0] + b.size[0], b.position[1] + b.size[1]))
        fill = self.fill_of(b.colour)
        tags = ("boxes", f"box:{bid}")
        ids = [
            self.create_rectangle(
                x0, y0, x1, y1, fill=fill, outline="#222222", width=2.5, tags=tags, state=self._state("boxes")
            ),
            self.create_text(
                (x0 + x1) / 2,
                y0 + 10,
                text=b.label,
                fill=text_colour_on(fill),
                font=("DejaVu Sans", 9, "bold"),
                tags=tags + ("name",),
                state=self._state("boxes"),
            ),
        ]
        extra = ([f"VP {b.vp}"] if b.vp else []) + [f"supply {s.text()}" for s in b.supply]
        if b.condition:
            extra.append(f"active if {b.condition.text()}")
        if extra:
            ids.append(
                self.create_text(
                    (x0 + x1) / 2,
                    y0 + 24,
                    text="\n".join(extra),
                    fill=text_colour_on(fill),
                    anchor="n",
                    font=("DejaVu Sans", 7),
                    tags=tags,
                    state=self._state("boxes"),
                )
            )
        for i in ids if not bulk else ():
            self._z(i, "boxes")
        self.box_items[bid] = ids

    def draw_line(self, lid: str, bulk: bool = False) -> None:
        old = self.line_items.pop(lid, None)
        if old:
            self.delete(*old)
        ln = self.model.lines.get(lid)
        path = self.line_path(lid) if ln is not None and self._line_shown(ln) else None
        if ln is None or path is None:
            return
        z = (lambda i, layer: None) if bulk else self._z
        pts = [self.to_canvas(p) for p in path]
        pts = self._offset(ln, pts)
        colour = self.model.line_colour(ln.kind)
        tags = ("lines", f"line:{lid}")
        st = self._state("lines")
        dash = (3, 3) if ln.proposed else (8, 4) if ln.kind == "naval" else ()
        width = 1.5 if ln.proposed else 2.5
        stubs = [[self.to_canvas(p) for p in piece] for piece in self.line_pieces(lid) or []] if ln.wrap else []
        if len(stubs) == 2:  # round the back of a map that wraps: two stubs, each with an arrow where it goes on
            ids = [
                self.create_line(
                    *[c for p in piece for c in p],
                    fill=colour,
                    width=width,
                    dash=dash,
                    arrow="last",
                    arrowshape=(8, 8, 5),
                    tags=tags + ("path",),
                    state=st,
                )
                for piece in stubs
            ]
            pts = [stubs[0][0], stubs[0][1], stubs[1][1], stubs[1][0]]  # its ends, each with the way its stub goes
        else:
            ids = [
                self.create_line(
                    *[c for p in pts for c in p],
                    fill=colour,
                    width=width,
                    dash=dash,
                    arrow="last" if ln.oneway else "none",
                    arrowshape=(12, 14, 5),
                    tags=tags + ("path",),
                    state=st,
                )
            ]
        for p in (pts[0], pts[-1]):
            ids.append(
                self.create_oval(p[0] - 3, p[1] - 3, p[0] + 3, p[1] + 3, fill=colour, outline="", tags=tags, state=st)
            )
        for i in ids:
            z(i, "lines")
        vs = self._state("values") if st == "normal" else "hidden"
        ids += self._line_values(lid, ln, pts, bool(stubs), colour, vs, z)
        self.line_items[lid] = ids

    def _line_values(self, lid: str, ln, pts: list, stubs: bool, colour: str, vs: str, z) -> list[int]:
        """A move line's defence values near its ends and its condition at its middle (the
        values layer): their items."""
        ids: list[int] = []
        for val, (p, q) in ((ln.defence_a, (pts[0], pts[1])), (ln.defence_b, (pts[-1], pts[-2]))):
            if not val:
                continue
            dx, dy = q[0] - p[0], q[1] - p[1]
            n = math.hypot(dx, dy) or 1.0
            t = min(0.3, 26 / n)
            cx, cy = p[0] + dx * t, p[1] + dy * t
            a = self.create_rectangle(
                cx - 8,
                cy - 7,
                cx + 8,
                cy + 7,
                fill="#ffffff",
                outline=colour,
                width=1.5,
                tags=("values", f"line:{lid}"),
                state=vs,
            )
            b = self.create_text(
                cx,
                cy,
                text=f"+{val}",
                font=("DejaVu Sans", 8, "bold"),
                fill="#111111",
                tags=("values", f"line:{lid}", "defence"),
                state=vs,
            )
            for i in (a, b):
                z(i, "values")
            ids += [a, b]
        if ln.condition:
            mx, my = midpoint(pts[:2] if stubs else pts)
            i = self.create_text(
                mx,
                my - 8,
                text=ln.condition.text(),
                fill=colour,
                font=("DejaVu Sans", 7, "italic"),
                tags=("values", f"line:{lid}"),
                state=vs,
            )
            z(i, "values")
            ids.append(i)
        return ids

    def _pairs(self) -> dict[frozenset, list[str]]:
        """Lines without bends by the two spaces they join (built once per lines table: an edit
        makes a new one only when it changes lines)."""
        m = self.model
        key = m.lines
        if getattr(self, "_pairs_key", None) is not key:
            pairs: dict[frozenset, list[str]] = {}
            for k, x in m.lines.items():
                if not x.via:
                    pairs.setdefault(frozenset((x.a, x.b)), []).append(k)
            self._pairs_cache, self._pairs_key = pairs, key
        return self._pairs_cache

    def _offset(self, ln, pts):
        """Lines between the same two spaces without bends are drawn side by side."""
        if ln.via or len(pts) != 2:
            return pts
        same = self._pairs().get(frozenset((ln.a, ln.b)), [])
        if len(same) < 2 or ln.id not in same:
            return pts
        off = (same.index(ln.id) - (len(same) - 1) / 2) * 7
        if ln.a > ln.b:
            off = -off
        (x0, y0), (x1, y1) = pts
        n = math.hypot(x1 - x0, y1 - y0) or 1.0
        ox, oy = -(y1 - y0) / n * off, (x1 - x0) / n * off
        return [(x0 + ox, y0 + oy), (x1 + ox, y1 + oy)]

    def refresh(self, t: AreaTouch) -> None:
        """Redraw what an edit touched, and the lines attached to it."""
        m = self.model
        if t.everything:
            self.redraw()
            return
        if t.land:
            self.draw_land()
        if t.background:
            self._bg_key = None
            self.draw_background()
            for lid in list(self.loc_items) if self.big else list(m.locations):
                self.draw_location(lid)  # the stipple follows the background
        lines = set(t.lines)
        places = set(t.locations) | {f"box:{b}" for b in t.boxes}
        for lid in t.locations:
            self.draw_location(lid)
        for bid in t.boxes:
            self.draw_box(bid)
        if places:
            by_place = lines_by_place(m.lines)
            lines.update(k for p in places for k in by_place.get(p, ()))
            lines.update(k for k in self.line_items if k not in m.lines)
        pairs = self._pairs()
        for k in list(lines):  # lines drawn side by side with a changed one move aside
            ln = m.lines.get(k)
            if ln is not None and not ln.via:
                lines.update(pairs.get(frozenset((ln.a, ln.b)), []))
        for k in lines:
            self.draw_line(k)
        self._scrollregion()

    # --------------------------------------------------------------------------- layers
    def set_layer(self, tag: str, visible: bool) -> None:
        (self.hidden.discard if visible else self.hidden.add)(tag)
        if tag == "background":
            self.draw_background()
            stipple = self._stipple()
            for ids in self.loc_items.values():
                for i in ids:
                    if self.type(i) == "polygon" and "hole" not in self.gettags(i):
                        self.itemconfigure(i, stipple=stipple)
            return
        self.itemconfigure(tag, state="hidden" if tag in self.hidden else "normal")
        if tag == "lines" and "values" not in self.hidden:
            for _k, ids in self.line_items.items():
                for i in ids:
                    if "values" in self.gettags(i):
                        self.itemconfigure(i, state="hidden" if not visible else "normal")

    # ----------------------------------------------------------------------- background
    def set_background_image(self, image, source_size: tuple[int, int] | None = None) -> None:
        """A PIL image to trace (or None), placed by ``model.background``; ``source_size``: the
        size of the image file its ``scale`` speaks of, when ``image`` is a reduced copy."""
        unchanged = image is None and self.bg_image is None  # (every outline already drawn unstippled)
        self.bg_image = image
        self.bg_source_size = source_size or (image.size if image is not None else None)
        self._bg_key = None
        self.draw_background()
        if unchanged:
            return
        stipple = self._stipple()
        for ids in self.loc_items.values():
            for i in ids:
                if self.type(i) == "polygon" and "hole" not in self.gettags(i):
                    self.itemconfigure(i, stipple=stipple)

    def draw_background(self) -> None:
        """Draw the part of the background image in view (with half a window around it): a big
        image zoomed in costs the window's size, not the image's; panning draws the part that
        comes into view."""
        bg = self.model.background
        if self.bg_image is None or not bg or "background" in self.hidden:
            self.delete("background")
            self._bg_key = self._bg_region = None
            return
        from PIL import Image, ImageTk

        from mapref.ui.images import visible_part

        img = self.bg_image
        x0, y0, x1, y1 = self.background_rect()
        scale = (x1 - x0) * self.zoom / img.width  # canvas pixels per pixel of the image
        x, y = x0 * self.zoom, y0 * self.zoom
        vw, vh = max(200, self.winfo_width()), max(200, self.winfo_height())
        vx0, vy0 = self.canvasx(0) - vw / 2, self.canvasy(0) - vh / 2
        part = visible_part(img.size, scale, x, y, (vx0, vy0, vx0 + 2 * vw, vy0 + 2 * vh))
        if part is None:
            self.delete("background")
            self._bg_key = self._bg_region = None
            return
        (sx0, sy0, sx1, sy1), (tw, th) = part
        opacity = max(0.0, min(1.0, float(bg.get("opacity", 0.5))))
        px, py = x + sx0 * scale, y + sy0 * scale
        key = (sx0, sy0, sx1, sy1, tw, th, opacity)
        if key != self._bg_key or not self.find_withtag("background"):
            self.delete("background")
            piece = img.crop((sx0, sy0, sx1, sy1)).convert("RGBA").resize((tw, th), Image.BILINEAR)
            piece.putalpha(int(round(255 * opacity)))
            self._bg_photo = ImageTk.PhotoImage(piece, master=self)
            i = self.create_image(px, py, image=self._bg_photo, anchor="nw", tags=("background",))
            self._z(i, "background")
            self._bg_key = key
        else:
            self.coords("background", px, py)
        self._bg_region = (px, py, px + tw, py + th, x, y, x + img.width * scale, y + img.height * scale)

    def _background_follow(self) -> None:
        """After the view moved: draw the part of the background that came into view."""
        from mapref.ui.images import must_redraw

        vx0, vy0 = self.canvasx(0), self.canvasy(0)
        if must_redraw(self._bg_region, (vx0, vy0, vx0 + self.winfo_width(), vy0 + self.winfo_height())):
            self.draw_background()

    def xview_moveto(self, fraction) -> None:
        super().xview_moveto(fraction)
        self._background_follow()
        self._follow()

    def yview_moveto(self, fraction) -> None:
        super().yview_moveto(fraction)
        self._background_follow()
        self._follow()

    def scan_dragto(self, x, y, gain=10) -> None:
        super().scan_dragto(x, y, gain)
        self._background_follow()
        self._follow()

    # -------------------------------------------------------------------- zoom and pan
    REDRAW_AFTER_ZOOM_MS = 250

    def zoom_at(self, factor: float, x: float, y: float) -> None:
        """Zoom about widget point (x, y), keeping the map point under it in place.

        The drawn items are scaled at once (quick on a big map) and redrawn from the map a
        moment after the last zoom step, so marks get their size back and no rounding piles up."""
        new = min(200.0, max(0.01, self.zoom * factor))
        if new == self.zoom:
            return
        mx, my = self.map_xy(x, y)
        f = new / self.zoom
        self.zoom = new
        self.scale("all", 0, 0, f, f)
        self._bg_key = None
        self.draw_background()
        self._scrollregion()
        self._moving = True  # a big map draws what the new view shows when the zoom settles
        try:
            self._scroll_to(mx * new - x, my * new - y)
        finally:
            self._moving = False
        if getattr(self, "_redraw_after", None):
            self.after_cancel(self._redraw_after)
        self._redraw_after = self.after(self.REDRAW_AFTER_ZOOM_MS, self._settle)
        self.event_generate("<<Redrawn>>")

    def _settle(self) -> None:
        self._redraw_after = None
        left, top = self.canvasx(0), self.canvasy(0)
        self.redraw()
        self._scroll_to(left, top)

    def _scroll_to(self, left: float, top: float) -> None:
        x0, y0, x1, y1 = (float(v) for v in self.cget("scrollregion").split())
        w, h = max(1.0, x1 - x0), max(1.0, y1 - y0)
        moving, self._moving = self._moving, True
        try:
            self.xview_moveto((left - x0) / w)
            self.yview_moveto((top - y0) / h)
        finally:
            self._moving = moving
        self._follow()

    def centre_on(self, p) -> None:
        self.update_idletasks()
        x, y = self.to_canvas(p)
        self._scroll_to(x - self.winfo_width() / 2, y - self.winfo_height() / 2)

    def fit(self) -> None:
        """Zoom so the whole map fits the window."""
        moving, self._moving = self._moving, True  # (a big map: the view drawn once, below, not followed first)
        try:
            self.update_idletasks()
        finally:
            self._moving = moving
        w, h = max(50, self.winfo_width()), max(50, self.winfo_height())
        x0, y0, x1, y1 = self.model.bounds()
        if self.bg_image is not None and self.model.background and not self.model.locations:
            x0, y0, x1, y1 = self.background_rect()
        self.zoom = max(0.01, min(200.0, min((w - 40) / max(x1 - x0, 1e-6), (h - 40) / max(y1 - y0, 1e-6))))
        cx, cy = (x0 + x1) / 2 * self.zoom, (y0 + y1) / 2 * self.zoom
        if self.big:  # the view first: a big map draws what it shows
            self.delete("all")
            self.loc_items.clear()
            self.line_items.clear()
            self.box_items.clear()
            self._region = None
            self._scrollregion()
            self._scroll_to(cx - w / 2, cy - h / 2)
        self.redraw()
        self._scroll_to(cx - w / 2, cy - h / 2)

    def initial_view(self) -> None:
        """The view a map opens with: all of it."""
        self.fit()

    def hold_view(self) -> None:
        """The view is set in a moment (``mapref MAP.toml`` fits the map once the window is up):
        until then a big map does not follow the window's first sizes, so what the window shows
        at its opening is drawn once, at the view it opens with (a redraw ends the hold)."""
        self._held = True

    def set_model(self, m: AreaMap) -> None:
        self.model = m
        self._tree_key = None
        self.redraw()


def _place(space: str) -> str:
    return space if space.startswith("box:") else space.split(".", 1)[0]
