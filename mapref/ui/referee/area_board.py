"""The area map board of the referee's window: the area canvas
(:class:`~mapref.ui.area_canvas.AreaCanvas`) with the game on top, drawn from the window's scene.

What is drawn of the game, and where, is decided once for the window, the web page and the
printed position (:mod:`mapref.render.scene_area`): this board asks it for the marks and makes
each one canvas item (:mod:`mapref.ui.marks_tk`).

- Each location is named at a point well inside it (the pole of inaccessibility the map
  computes), in a font that grows with the zoom (:func:`~mapref.render.scene_area.area_label_marks`);
  a box's name is fitted inside it, or stands beside it when the box is too small to hold it
  (:func:`~mapref.render.scene_area.box_label_marks`); the map's raw supply and activation
  conditions are not printed (the status bar says them in words when the mouse is over the space).
- The counters of a location stand under its name (:func:`~mapref.render.scene_area.area_piece_places`,
  the page's and the printed position's layout too), their size following the zoom; markers
  (control flags) before the name; marks (objectives, capitals) before it; a ring round pieces
  that must resolve something (a battle waiting); the front between locations held by enemies.
- The spaces a ruleset gives in :meth:`~mapref.rules.ruleset.Ruleset.control_view` are tinted in
  their holder's colour (area control: every territory in its owner's colour); the supply view
  shades each side's supplied spaces and fades its unsupplied ones; the reach of a dragged piece
  is lit.
- Names never overlap each other or a counter: a name in the way moves up or down by a line, or
  beside, inside its own location, shrinks where it fits nowhere, or hides until the zoom makes
  room (the scene's placement, :func:`~mapref.render.scene_area.fit_names`); the fit view leaves
  room for the names at the map's edge.
"""

from __future__ import annotations

import tkinter as tk

from mapref.render.pieces import tinted
from mapref.render.scene_area import (
    area_front,
    area_unit,
    area_front_marks,
    area_holders,
    area_label_marks,
    area_name_width,
    area_piece_places,
    area_pieces_marks,
    area_rule_marks,
    area_selection,
    area_space_rings,
    area_supply_view_marks,
    box_label_marks,
    counter_size,
    fit_names,
    label_rank,
    name_size,
)
from mapref.render.style import text_colour_on
from mapref.ui.area_canvas import AreaCanvas
from mapref.ui.marks_tk import draw_marks, font, measurer
from mapref.ui.referee.board import BoardView
from mapref.ui.referee.counters import REACH


class AreaBoard(BoardView, AreaCanvas):
    kind = "area"

    def __init__(self, master: tk.Misc, m, scene, **kw) -> None:
        self.scene = scene
        self.held: dict[str, str] = {}
        self.lit: set[str] = set()
        self._shrunk: set[str] = set()  # the locations whose names are drawn smaller to fit (declutter)
        self.measure = measurer(self)  # asked only once the canvas is made
        super().__init__(master, m, **kw)

    # ------------------------------------------------------------------------ scale
    def unit(self) -> float:
        """How much bigger than at the reference zoom (the whole map in about 900 pixels) things
        are drawn now (:func:`~mapref.render.scene_area.area_unit`)."""
        return area_unit(self.model, self.zoom)

    def counter_size(self) -> float:
        return counter_size(self.unit())

    def name_font(self) -> tuple:
        return font(name_size(self.unit()), bold=True)

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
        return [[v for p in ring for v in p] for ring in area_space_rings(self.model, space, self.to_canvas)]

    def spaces_near(self, space: str | None) -> list[str]:
        return list(self.model.all_spaces())

    # ------------------------------------------------------------------ the map as drawn
    def _location_label(self, loc, fill: str, z=None, at=None, scale: float = 1.0) -> list[int]:
        """The location's label as the scene draws it (:func:`~mapref.render.scene_area.area_label_marks`):
        its name at a point well inside the location (``at``: where :meth:`declutter` fitted it),
        scaled with the zoom (a star before a capital's; ``scale``: shrunk to fit), its VP value in
        a badge after it; both move together when the name makes room.  No raw supply conditions."""
        x, y = at if at is not None else self.to_canvas(loc.label_point)
        z = z or self._z
        group = f"label:{loc.id}"
        marks = area_label_marks(loc, x, y, self.unit(), text_colour_on(fill), self.measure, scale)
        ids = draw_marks(
            self,
            [mk for mk in marks if "name" in mk.tags],
            ("names", f"loc:{loc.id}", f"name:{loc.id}", group),
            self._state("names"),
        )
        ids += draw_marks(
            self,
            [mk for mk in marks if "name" not in mk.tags],
            ("values", f"loc:{loc.id}", group),
            self._state("values"),
        )
        for i in ids:
            z(i, "names")
        return ids

    def draw_box(self, bid: str, bulk: bool = False) -> None:
        """A box with its name fitted inside it (its VP after it), or beside it when the box is
        too small to hold it (:func:`~mapref.render.scene_area.box_label_marks`); its supply
        and activation conditions are told in words by the status bar."""
        super().draw_box(bid, bulk)
        b = self.model.boxes.get(bid)
        if b is None:
            return
        ids = self.box_items[bid]
        texts = [i for i in ids if self.type(i) == "text"]  # the editor's name and notes: the scene's label instead
        self.delete(*texts)
        x0, y0, x1, y1 = self.coords(ids[0])
        label = draw_marks(
            self,
            box_label_marks(self.model, bid, (x0, y0, x1, y1), self.unit(), self.measure),
            ("boxes", f"box:{bid}", f"name:box:{bid}"),
            self._state("boxes"),
        )
        for i in label if not bulk else ():
            self._z(i, "boxes")
        self.box_items[bid] = [i for i in ids if i not in texts] + label

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
        """The locations held by another side than their printed colour's, in the holder's
        colour as strong as the scene tints them (:func:`mapref.render.pieces.tinted`)."""
        for lid, ids in self.loc_items.items():
            loc = self.model.locations.get(lid)
            if loc is None:
                continue
            base = self.fill_of(loc.colour)
            side = self.held.get(lid)
            fill = tinted(base, base, self.colours(side)[0]) if side else base
            for i in ids:
                t = self.type(i)
                if t == "polygon" and "hole" not in self.gettags(i) and "loc" in self.gettags(i):
                    self.itemconfigure(i, fill=fill)
                elif t == "text" and "name" in self.gettags(i):
                    self.itemconfigure(i, fill=text_colour_on(fill))

    # --------------------------------------------------------------------- the game
    def redraw_game(self) -> None:
        """The game as the scene draws it (:mod:`mapref.render.scene_area`): the supply view,
        the front, the ruleset's marks, the pieces, the selected piece's line or cut; then the
        names placed clear of them."""
        w = getattr(self, "scene", None)
        self.delete("game")
        if w is None or w.report is None:
            return
        m, to = self.model, self.to_canvas
        u, size = self.unit(), self.counter_size()
        measure = self.measure
        if w.supply_view:
            draw_marks(
                self,
                area_supply_view_marks(w.supply_view, self.colours, lambda sp: area_space_rings(m, sp, to), u),
                ("game",),
            )
        self._draw_reach()
        draw_marks(self, area_front_marks(self._front(), to, u), ("game",))
        widths = area_name_width(m, u, measure)
        places = area_piece_places(m, w.pieces, to, size, u, widths)
        marks = area_rule_marks(w.marks, m, to, places, size, u, self.colours, widths)
        marks += area_pieces_marks(
            w.pieces, places, self.colours, selected=w.selected, supply=w.supply_view is not None, measure=measure
        )
        draw_marks(self, marks, ("game",))
        self._draw_supply()
        self.tag_raise("game")
        self.tag_raise("name")  # over the supply line; the names stand clear of the pieces (declutter)
        self.tag_raise("vp")
        for tag in ("objectives", "unit", "pennant", "unsupplied-ring", "battles", "supply-cut", "drag", "selection"):
            self.tag_raise(tag)
        self.declutter()

    def _front(self) -> list:
        """The front's borders (map units), worked out again only when who holds what changes."""
        w = self.scene
        ctrl = area_holders(w.session, w.supply_all)
        key = (id(self.model), getattr(self.model, "version", 0), frozenset(ctrl.items()))
        kept = getattr(self, "_front_kept", None)
        if kept is None or kept[0] != key:
            kept = self._front_kept = (key, area_front(self.model, ctrl, w.at_war))
        return kept[1]

    def _draw_reach(self, spaces=None) -> None:
        for sp in self.lit if spaces is None else spaces:
            for ring in self._rings(sp):
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
        """The selected piece's supply line, or rings where it is cut."""
        p = self.scene.selected_piece()
        if p is None:
            return
        path = [xy for xy in (self.space_xy(sp) for sp in p.supply_path) if xy is not None] if p.supplied else []
        draw_marks(self, area_selection(p.supplied, path, p.cut, self.space_xy, self.unit()), ("game", "supply"))

    # ------------------------------------------------------------------ decluttering
    def _relabel(self, loc, at=None, scale: float = 1.0) -> None:
        """Draw location ``loc``'s label again (at ``at``, ``scale`` times its size)."""
        group = f"label:{loc.id}"
        old = set(self.find_withtag(group))
        self.delete(group)
        ids = self._location_label(loc, self.fill_of(loc.colour), at=at, scale=scale)
        self.loc_items[loc.id] = [i for i in self.loc_items.get(loc.id, []) if i not in old] + ids

    def declutter(self) -> None:
        """Names stay inside their own location and never overlap a counter, a marker, a mark, a
        line's defence value, a box's name or another name: each label (its name with its badge)
        is placed as the scene places it (:func:`~mapref.render.scene_area.fit_names`): on its
        location's hub, else at a part's pole of inaccessibility, above, below, beside, or further;
        shrunk where it fits nowhere at its size; a name with no room hides until the zoom makes
        some (capitals and the biggest places first)."""
        m = self.model
        found = (
            self.find_withtag("piece")
            + self.find_withtag("mark")
            + self.find_withtag("defence")
            + self.find_withtag("box-name")
        )
        obstacles = [b for b in (self.bbox(i) for i in found) if b]
        obstacles += [
            self.bbox(i)
            for i in self.find_withtag("values")
            if "defence" not in self.gettags(i) and self.type(i) == "rectangle" and self.bbox(i)
        ]
        shrunk, self._shrunk = self._shrunk, set()
        lids, labels = [], []
        for lid, loc in m.locations.items():
            group = f"label:{lid}"
            if not self.find_withtag(group):
                continue
            x, y = self.to_canvas(loc.label_point)
            if lid in shrunk:  # shrunk to fit last time: at its size again, where the map puts it
                self._relabel(loc)
            items = self.find_withtag(group)
            for i in items:
                self.itemconfigure(i, state=self._state("values" if "values" in self.gettags(i) else "names"))
            # back where the map puts it: its hub (the group moved earlier keeps its offset otherwise)
            name = next(i for i in items if "name" in self.gettags(i))
            nx, ny = self.coords(name)
            self.move(group, x - nx, y - ny)
            bb = self.bbox(group)
            if bb is None:
                continue
            lids.append(lid)
            labels.append((label_rank(loc), bb, (x, y)))

        def resize(i: int, scale: float) -> tuple[float, float, float, float]:
            """Label i's box at ``scale`` as Tk measures its text."""
            loc = m.locations[lids[i]]
            x, y = labels[i][2]
            marks = area_label_marks(loc, x, y, self.unit(), "#000000", self.measure, scale)
            bs = [mk.box(self.measure) for mk in marks]  # a pixel more each side, as Tk's bbox of a text
            return min(b[0] for b in bs) - 1, min(b[1] for b in bs), max(b[2] for b in bs) + 1, max(b[3] for b in bs)

        fits = fit_names(m, lids, labels, obstacles, self.to_canvas, self.unit(), resize=resize)
        for lid, (_rk, _bb, (x, y)), fit in zip(lids, labels, fits, strict=True):
            group = f"label:{lid}"
            if fit is None:
                self.itemconfigure(group, state="hidden")
            elif fit[2] != 1.0:
                self._relabel(m.locations[lid], (x + fit[0], y + fit[1]), fit[2])
                self._shrunk.add(lid)
            elif fit[:2] != (0.0, 0.0):
                self.move(group, fit[0], fit[1])


__all__ = ["AreaBoard"]
