"""The area map board of the referee's window: the area canvas
(:class:`~mapref.ui.area_canvas.AreaCanvas`) with the game on top, drawn from the window's scene.

- Each location is named at a point well inside it (the pole of inaccessibility the map
  computes), in a font that grows with the zoom; the map's raw supply and activation conditions
  are not printed (the status bar says them in words when the mouse is over the space).
- The counters of a location stand under its name (:func:`mapref.render.area_pieces.stack_points`,
  the printed position's layout too), their size following the zoom; markers (control flags)
  beside the name; marks (objectives, capitals) before it; a ring round pieces that must resolve
  something (a battle waiting).
- The spaces a ruleset gives in :meth:`~mapref.rules.ruleset.Ruleset.control_view` are tinted in
  their holder's colour (area control: every territory in its owner's colour); the supply view
  shades each side's supplied spaces and fades its unsupplied ones; the reach of a dragged piece
  is lit.
- Names never overlap each other or a counter: a name in the way moves up or down by a line, or
  hides until the zoom makes room; the fit view leaves room for the names at the map's edge.
"""

from __future__ import annotations

import tkinter as tk

from mapref.render.area_pieces import stack_points
from mapref.render.style import blend, text_colour_on
from mapref.ui.area_canvas import AreaCanvas
from mapref.ui.referee.board import BoardView
from mapref.ui.referee.counters import FADED, HALO, REACH, SUPPLY_LINE, UNSUPPLIED, draw_mark, draw_piece, fitted_font

COUNTER = 18.0  # a counter's side at the reference zoom (the whole map in about 900 pixels)


class AreaBoard(BoardView, AreaCanvas):
    kind = "area"

    def __init__(self, master: tk.Misc, m, scene, **kw) -> None:
        self.scene = scene
        self.held: dict[str, str] = {}
        self.lit: set[str] = set()
        super().__init__(master, m, **kw)

    # ------------------------------------------------------------------------ scale
    def unit(self) -> float:
        """How much bigger than at the reference zoom things are drawn now."""
        x0, y0, x1, y1 = self.model.bounds()
        ref = 900.0 / max(x1 - x0, y1 - y0, 1e-6)
        return max(0.6, min(2.6, self.zoom / ref))

    def counter_size(self) -> float:
        return COUNTER * self.unit()

    def name_font(self) -> tuple:
        return ("DejaVu Sans", max(7, int(round(9 * self.unit()))), "bold")

    # ------------------------------------------------------------------------ spaces
    def space_xy(self, space: str) -> tuple[float, float] | None:
        m = self.model
        if space in m.locations:
            return self.to_canvas(m.locations[space].label_point)
        p = m.space_point(space)
        return self.to_canvas(p) if p is not None else None

    def describe(self, space: str) -> str:
        place = self.model.place_of(space)
        if place is None:
            return space
        words = [place.label]
        if "." in space:
            words.append(f"({space.split('.', 1)[1]} half)")
        sup = getattr(place, "supply", ())
        if sup:
            words.append("supply source: " + ", ".join(s.text() for s in sup))
        cond = getattr(place, "condition", None)
        if cond:
            words.append(f"active when {cond.text()}")
        return " ".join(words[:2]) + ("; " + "; ".join(words[2:]) if len(words) > 2 else "")

    def outline(self, spaces) -> None:
        self.delete("outline")
        for s in spaces:
            for ring in self._rings(s):
                self.create_polygon(ring, fill="", outline="#ff00aa", width=3, tags=("outline", "selection"))

    def _rings(self, space: str) -> list[list[float]]:
        """The outlines of a space (a location's parts, a half, a box) in canvas coordinates."""
        m = self.model
        if space.startswith("box:"):
            b = m.boxes.get(space[4:])
            if b is None:
                return []
            x0, y0, x1, y1 = b.rect
            return [self.flat([(x0, y0), (x1, y0), (x1, y1), (x0, y1)])]
        lid, _, half = space.partition(".")
        loc = m.locations.get(lid)
        if loc is None:
            return []
        g = loc.half_geoms.get(half) if half else loc.polygon
        if g is None or g.is_empty:
            return []
        return [self.flat(p.exterior.coords[:-1]) for p in getattr(g, "geoms", [g]) if p.geom_type == "Polygon"]

    def spaces_near(self, space: str | None) -> list[str]:
        return list(self.model.all_spaces())

    # ------------------------------------------------------------------ the map as drawn
    def _location_label(self, loc, fill: str, z=None) -> list[int]:
        """The name at a point well inside the location, scaled with the zoom (a star before a
        capital's), its VP value in a badge after it; both move together when the name makes
        room (:meth:`declutter`).  No raw supply conditions."""
        x, y = self.to_canvas(loc.label_point)
        ink = text_colour_on(fill)
        text = ("\u2605 " if loc.capital else "") + loc.label
        group = f"label:{loc.id}"
        z = z or self._z
        ids = [self.create_text(x, y, text=text, fill=ink, font=self.name_font(),
                                tags=("names", f"loc:{loc.id}", "name", f"name:{loc.id}", group), state=self._state("names"))]
        z(ids[0], "names")
        if loc.vp:
            bb = self.bbox(ids[0]) or (x, y, x, y)
            r = 7 * self.unit()
            cx = bb[2] + r + 2
            a = self.create_oval(cx - r, y - r, cx + r, y + r, fill="#fff8dc", outline="#7a5c00", width=1.5,
                                 tags=("values", f"loc:{loc.id}", group), state=self._state("values"))
            b = self.create_text(cx, y, text=str(loc.vp), fill="#3d2e00", font=fitted_font(str(loc.vp), r * 1.6, r * 1.6),
                                 tags=("values", f"loc:{loc.id}", "vp", group), state=self._state("values"))
            for i in (a, b):
                z(i, "names")
            ids += [a, b]
        return ids

    def draw_box(self, bid: str, bulk: bool = False) -> None:
        """A box with its name fitted inside it on one line (its VP after it); its supply and
        activation conditions are told in words by the status bar."""
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
        label = b.label + (f" ({b.vp} VP)" if b.vp else "")
        bw, bh = x1 - x0 - 4, min(y1 - y0 - 2, 16 * self.unit())
        font = fitted_font(label, bw, bh)
        if font[1] < 7 and " " in label:  # on two lines, split at the space nearest the middle
            cut = min((i for i, ch in enumerate(label) if ch == " "), key=lambda i: abs(i - len(label) / 2))
            two = label[:cut] + "\n" + label[cut + 1:]
            font2 = fitted_font(max(two.split("\n"), key=len), bw, min(y1 - y0 - 2, 2 * bh) / 2)
            if font2[1] > font[1]:
                label, font = two, font2
        ids = [self.create_rectangle(x0, y0, x1, y1, fill=fill, outline="#222222", width=2.5, tags=tags, state=self._state("boxes"))]
        if font[1] >= 6:  # too small to read: the status bar names it
            ids.append(self.create_text((x0 + x1) / 2, (y0 + y1) / 2, text=label, fill=text_colour_on(fill), font=font,
                                        justify="center", tags=tags + ("box-name", f"name:box:{bid}"), state=self._state("boxes")))
        for i in ids if not bulk else ():
            self._z(i, "boxes")
        self.box_items[bid] = ids

    def draw_line(self, lid: str, bulk: bool = False) -> None:
        """A move line without its raw condition text (the rules say when it is in effect)."""
        super().draw_line(lid, bulk)
        ln = self.model.lines.get(lid)
        if ln is not None and ln.condition:
            cond = ln.condition.text()
            for i in self.line_items.get(lid, []):
                if self.type(i) == "text" and self.itemcget(i, "text") == cond:
                    self.delete(i)

    def redraw(self) -> None:
        super().redraw()
        self._tint()
        self.redraw_game()

    def fit(self) -> None:
        """The whole map in the view, its names at the edges too."""
        super().fit()
        self.update_idletasks()
        w, h = max(50, self.winfo_width()), max(50, self.winfo_height())
        bb = self.bbox("loc", "boxes", "name")
        if bb is None:
            return
        x0, y0, x1, y1 = bb
        f = min((w - 8) / max(1, x1 - x0), (h - 8) / max(1, y1 - y0), 1.0)
        if f < 0.999:
            self.zoom *= f
            self.redraw()
            bb = self.bbox("loc", "boxes", "name") or bb
            x0, y0, x1, y1 = bb
        self._scroll_to((x0 + x1) / 2 - w / 2, (y0 + y1) / 2 - h / 2)

    # ------------------------------------------------------------- holders' colours
    def set_held(self, held: dict[str, str]) -> None:
        if held != self.held:
            self.held = dict(held)
            self._tint()

    def _tint(self) -> None:
        for lid, ids in self.loc_items.items():
            loc = self.model.locations.get(lid)
            if loc is None:
                continue
            base = self.fill_of(loc.colour)
            side = self.held.get(lid)
            fill = blend(base, self.colours(side)[0], 0.55) if side else base
            for i in ids:
                t = self.type(i)
                if t == "polygon" and "hole" not in self.gettags(i) and "loc" in self.gettags(i):
                    self.itemconfigure(i, fill=fill)
                elif t == "text" and "name" in self.gettags(i):
                    self.itemconfigure(i, fill=text_colour_on(fill))

    # --------------------------------------------------------------------- the game
    def redraw_game(self) -> None:
        w = getattr(self, "scene", None)
        self.delete("game")
        if w is None or w.report is None:
            return
        self._draw_supply_view()
        self._draw_reach()
        size = self.counter_size()
        stacks: dict[str, list] = {}
        for p in w.pieces:
            if p.kind != "marker":
                stacks.setdefault(p.space, []).append(p)
        supply_on = w.supply_view is not None
        for space, ps in stacks.items():
            for p, (x, y) in zip(ps, stack_points(self.model, space, len(ps), self.to_canvas, size)):
                draw_piece(self, p, x, y, size, self.colours, p.id == w.selected, supply_on)
        for p in w.pieces:
            if p.kind == "marker":
                xy = self._beside_name(p.space, "flag")
                if xy is not None:
                    draw_piece(self, p, xy[0], xy[1] - size * 0.5, size, self.colours, False, supply_on)
        self._draw_marks(size)
        self._draw_supply()
        self.tag_raise("game")
        self.tag_raise("name")  # over the supply line; the names stand clear of the pieces (declutter)
        self.tag_raise("vp")
        for tag in ("unit", "pennant", "mark", "supply-cut", "drag", "selection"):
            self.tag_raise(tag)
        self.declutter()

    def _beside_name(self, space: str, where: str) -> tuple[float, float] | None:
        """A point just before the name of ``space``'s location or box (a flag, a star)."""
        key = space if space.startswith("box:") else space.split(".", 1)[0]
        xy = self.space_xy(key)
        if xy is None:
            return None
        x, y = xy
        if key.startswith("box:"):  # outside the box, at its left edge
            b = self.model.boxes.get(key[4:])
            if b is not None:
                return (self.to_canvas(b.position)[0] - self.counter_size() * 0.45 - 3, y)
        name = self.find_withtag(f"name:{key}")
        bb = self.bbox(name[0]) if name else None
        if bb:
            x, y = bb[0] - 4 * self.unit(), (bb[1] + bb[3]) / 2
        return (x - (14 if where == "star" else 2) * self.unit(), y)

    def _draw_marks(self, size: float) -> None:
        w = self.scene
        for mk in w.marks:
            tags = ("game", "mark", f"mark:{mk.space}", f"mark-{mk.shape}")
            if mk.shape == "ring":
                pts = [self.piece_box(pid) for pid in mk.pieces]
                pts = [b for b in pts if b]
                if pts:
                    x0, y0 = min(b[0] for b in pts) - 5, min(b[1] for b in pts) - 5
                    x1, y1 = max(b[2] for b in pts) + 5, max(b[3] for b in pts) + 5
                    draw_mark(self, mk, (x0 + x1) / 2, (y0 + y1) / 2, 0, self.colours, tags)
                    for i in self.find_withtag(f"mark:{mk.space}"):
                        if self.type(i) == "oval":
                            self.coords(i, x0, y0, x1, y1)
                    continue
                xy = self.space_xy(mk.space)
                if xy is not None:
                    draw_mark(self, mk, xy[0], xy[1], size, self.colours, tags)
                continue
            xy = self._beside_name(mk.space, "star")
            if xy is not None:
                draw_mark(self, mk, xy[0], xy[1], size * 0.45, self.colours, tags)

    def _space_polygons(self, space: str) -> list[list[float]]:
        return self._rings(space)

    def _draw_supply_view(self) -> None:
        for side, (sup, unsup) in (self.scene.supply_view or {}).items():
            fill = self.colours(side)[0]
            for sp in sup:
                for ring in self._space_polygons(sp):
                    self.create_polygon(ring, fill=fill, stipple="gray25", outline="",
                                        tags=("game", "supply-view", "supplied", f"supplied:{side}"))
            for sp in unsup:
                for ring in self._space_polygons(sp):
                    self.create_polygon(ring, fill=FADED, stipple="gray50", outline=fill, dash=(4, 2), width=2,
                                        tags=("game", "supply-view", "unsupplied", f"unsupplied:{side}"))

    def _draw_reach(self, spaces=None) -> None:
        for sp in (self.lit if spaces is None else spaces):
            for ring in self._space_polygons(sp):
                self.create_polygon(ring, fill=REACH, stipple="gray25", outline=REACH, width=3, tags=("game", "reach"))

    def show_reach(self) -> None:
        self.delete("reach")
        self._draw_reach()
        self.tag_raise("unit")
        self.tag_raise("drag")

    def draw_reach(self, spaces) -> None:
        self._draw_reach(spaces)
        self.tag_raise("unit")
        self.tag_raise("drag")

    def show_selection(self, before: str | None) -> None:
        self.redraw_game()

    def _draw_supply(self) -> None:
        p = self.scene.selected_piece()
        if p is None:
            return
        u = self.unit()
        if p.supplied and len(p.supply_path) > 1:
            pts = [c for sp in p.supply_path for c in (self.space_xy(sp) or ())]
            if len(pts) >= 4:
                self.create_line(*pts, fill=HALO, width=8 * u, tags=("game", "supply"))
                self.create_line(*pts, fill=SUPPLY_LINE, width=4 * u, arrow="last", arrowshape=(14 * u, 16 * u, 6 * u),
                                 tags=("game", "supply", "supply-path"))
        for sp in p.cut:
            c = self.space_xy(sp)
            if c is None:
                continue
            r = 15 * u
            self.create_oval(c[0] - r, c[1] - r, c[0] + r, c[1] + r, outline=HALO, width=6, tags=("game", "supply"))
            self.create_oval(c[0] - r, c[1] - r, c[0] + r, c[1] + r, outline=UNSUPPLIED, width=3,
                             tags=("game", "supply", "supply-cut", f"cut:{sp}"))

    # ------------------------------------------------------------------ decluttering
    def declutter(self) -> None:
        """Names never overlap a counter, a marker, a mark, a line's defence value or another
        name: each is tried on its location's hub, then above, below, left and right of it;
        the first free place takes it (with its VP badge), and a name with no room hides until
        the zoom makes some (bigger locations are placed first)."""
        m = self.model
        obstacles = [b for b in (self.bbox(i) for i in self.find_withtag("unit") + self.find_withtag("pennant")
                                 + self.find_withtag("mark") + self.find_withtag("defence") + self.find_withtag("box-name")) if b]
        obstacles += [self.bbox(i) for i in self.find_withtag("values") if "defence" not in self.gettags(i)
                      and self.type(i) == "rectangle" and self.bbox(i)]
        names = []
        for lid, loc in m.locations.items():
            group = f"label:{lid}"
            items = self.find_withtag(group)
            if not items:
                continue
            for i in items:
                self.itemconfigure(i, state=self._state("values" if "values" in self.gettags(i) else "names"))
            bb = self.bbox(group)
            x, y = self.to_canvas(loc.label_point)
            if bb is None:
                continue
            # back where the map puts it: its hub (the group moved earlier keeps its offset otherwise)
            name = next(i for i in items if "name" in self.gettags(i))
            nx, ny = self.coords(name)
            self.move(group, x - nx, y - ny)
            bb = self.bbox(group)
            names.append((-loc.polygon.area, lid, group, bb))
        placed: list = []
        for _size, lid, group, bb in sorted(names):
            w, h = bb[2] - bb[0], bb[3] - bb[1]
            for dx, dy in ((0, 0), (0, -h), (0, h), (-w / 2 - 4, 0), (w / 2 + 4, 0), (0, -2 * h), (0, 2 * h),
                           (-w / 2 - 4, -h), (w / 2 + 4, -h), (-w / 2 - 4, h), (w / 2 + 4, h), (0, -3 * h), (0, 3 * h)):
                cand = (bb[0] + dx, bb[1] + dy, bb[2] + dx, bb[3] + dy)
                if not any(_touch(cand, o) for o in placed) and not any(_touch(cand, o) for o in obstacles):
                    if dx or dy:
                        self.move(group, dx, dy)
                    placed.append(cand)
                    break
            else:
                self.itemconfigure(group, state="hidden")

    def visible_names(self) -> list[tuple[str, tuple[int, int, int, int]]]:
        out = []
        for i in self.find_withtag("name"):
            if self.itemcget(i, "state") != "hidden" and self.bbox(i):
                out.append((self.itemcget(i, "text"), tuple(self.bbox(i))))
        return out


def _touch(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


__all__ = ["AreaBoard"]
