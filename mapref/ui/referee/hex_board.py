"""The hex map board of the referee's window: the map (:class:`~mapref.ui.canvas.MapCanvas`)
with the game on top, drawn from the window's scene: the pieces (counters, fleets, forts,
markers), the marks (objectives, strategic spaces), the captured spaces tinted in their
holder's colour and the front line, the supply view, the reach of a dragged piece, the
selected piece's supply line.

What is drawn of the game, and where, is decided once for the window, the web page and the
printed position (:mod:`mapref.render.scene_hex`): this board asks it for the marks of the tiles
it shows and makes each one canvas item (:mod:`mapref.ui.marks_tk`).  Counters and their text
scale with the zoom (a counter is most of a hex; its text is measured to fit inside it).  The
map's names are placed clear of each other and of the counters as the scene places them
(:func:`mapref.render.labels.place_labels`): a name a counter would cover moves below or above
it, or hides when there is no room.
"""

from __future__ import annotations

import tkinter as tk

from mapref.core.grid import Hex
from mapref.render.labels import dodge, place_labels
from mapref.render.pieces import counter_edge, tinted
from mapref.render.scene_hex import (
    box_production_at,
    counter_width,
    fit_name_marks,
    front_sides,
    hex_front_marks,
    hex_piece_places,
    hex_pieces_marks,
    hex_rule_marks,
    hex_selection,
    hex_supply_view_marks,
    name_rank,
)
from mapref.render.style import hex_fill, text_colour_on
from mapref.ui.canvas import LABELS_MIN_SIZE, MARKS_MIN_SIZE, MapCanvas
from mapref.ui.marks_tk import draw_marks, measurer
from mapref.ui.referee.board import BoardView
from mapref.ui.referee.counters import REACH


class HexBoard(BoardView, MapCanvas):
    kind = "hex"

    def __init__(self, master: tk.Misc, m, scene, **kw) -> None:
        self.scene = scene
        self.held: dict[str, str] = {}  # spaces drawn in a holder's colour
        self.lit: set[str] = set()
        self._places: dict = {}  # where each piece was drawn (scene_hex.hex_piece_places)
        # each piece drawn, in drawing order: (its marks, or None once its items were changed
        # since: picked up, selected; its canvas items); a move draws again only the pieces
        # whose marks changed (:meth:`_draw_changed_pieces`)
        self._piece_items: dict[str, tuple[list | None, list[int]]] = {}
        self._marks_for: dict = {}  # each piece's marks with what they were made from (_piece_marks)
        self._centres: tuple | None = None  # (layout, map, space -> centre): space_xy
        self.measure = measurer(self)  # asked only once the canvas is made
        super().__init__(master, m, **kw)
        self.bind("<<Redrawn>>", lambda e: self.declutter_labels(), add="+")

    # ------------------------------------------------------------------------ spaces
    def space_at(self, x: float, y: float) -> str | None:
        bid = self.box_at(x, y)
        if bid is not None:
            return f"box:{bid}"
        h = self.hex_at(x, y)
        return self.model.grid.label(h) if h is not None else None

    def space_xy(self, space: str) -> tuple[float, float] | None:
        """Canvas coordinates of a space: a hex centre, or the middle of a box."""
        if space.startswith("box:"):
            b = self.model.boxes.get(space[4:])
            if b is None:
                return None
            x0, y0, x1, y1 = self.box_rect(b)
            return (x0 + x1) / 2, (y0 + y1) / 2
        kept = self._centres  # each hex's centre kept with the layout (frozen: a new one for each zoom) and map
        if kept is None or kept[0] is not self.layout or kept[1] is not self.model:
            kept = self._centres = (self.layout, self.model, {})
        xy = kept[2].get(space)
        if xy is None:
            h = self.space_hex(space)
            if h is None:
                return None
            xy = kept[2][space] = self.layout.centre(h)
        return xy

    def space_hex(self, space: str) -> Hex | None:
        """The hex of a space (None for a box or no space), by its canonical label."""
        hexes = self._label_hexes()
        return hexes.get(space) if hexes is not None else None

    def _label_hexes(self) -> dict[str, Hex] | None:
        g = getattr(self.model, "grid", None)
        if g is None:
            return None
        kept = getattr(self, "_labels_kept", None)
        if kept is None or kept[0] is not g:
            kept = (g, dict(zip(g.labels_row_major(), g.hex_list(), strict=True)))
            self._labels_kept = kept
        return kept[1]

    def describe(self, space: str) -> str:
        h = self.space_hex(space)
        if h is not None:
            return self.model.describe(h)
        b = self.model.boxes.get(space[4:]) if space.startswith("box:") else None
        return f"{space} {b.name}".strip() if b is not None else space

    def outline(self, spaces) -> None:
        self.set_selection([h for h in (self.space_hex(s) for s in spaces) if h is not None])
        self.delete("outline-box")
        for s in spaces:
            if s.startswith("box:") and s[4:] in self.model.boxes:
                x0, y0, x1, y1 = self.box_rect(self.model.boxes[s[4:]])
                self.create_rectangle(
                    x0,
                    y0,
                    x1,
                    y1,
                    outline="#ff00aa",
                    width=max(3, self.layout.size / 8),
                    tags=("outline-box", "selection"),
                )

    def centre_on_space(self, space: str) -> None:
        h = self.space_hex(space)
        if h is not None:
            self.centre_on(h)
        else:
            BoardView.centre_on_space(self, space)

    def spaces_near(self, space: str | None) -> list[str]:
        home = self.space_hex(space) if space else None
        r0, c0 = (home.row, home.col) if home is not None else (0, 0)
        near = sorted(self.items, key=lambda h: (h.row - r0) ** 2 + (h.col - c0) ** 2)
        label = self.model.grid.label
        return [f"box:{b}" for b in self.model.boxes] + [label(h) for h in near]

    def _drawn(self, hexes) -> list:
        return [h for h in hexes if h in self.items] if self.culling else list(hexes)

    def follow_view(self) -> None:
        """After the view moved: the new tiles get the pieces and the overlays drawn per hex (the
        supply view, the reach of a dragged piece) as well."""
        before = set(self._tiles)
        super().follow_view()
        w = getattr(self, "scene", None)
        if not self._tiles - before or w is None or w.report is None:
            return
        if w.supply_view or self.lit:
            self.delete("supply-view")
            self.delete("reach")
            self._draw_supply_view()
            self._draw_reach()
        press = w.controller.press_at
        if press is not None and press.get("dragging"):
            return  # a counter is being dragged: the pieces are drawn again at the drop
        for tag in ("piece", "unsupplied-ring", "mark"):
            self.delete(tag)
        self._draw_marks()
        self._draw_pieces()
        self._raise_pieces()

    initial_view = MapCanvas.initial_view  # the whole map, or a big map's middle (before BoardView's)

    def counter_size(self) -> float:
        """A counter's width: most of a hex, never too small to read at the fit zoom."""
        return counter_width(self.layout.size)

    # ------------------------------------------------------- the holder's colour on a hex
    def fill_of(self, h: Hex) -> str:
        """A hex held by another side than at the start in its holder's colour, as strong as the
        scene tints it (:func:`mapref.render.pieces.tinted`)."""
        base = super().fill_of(h)
        side = self.held.get(self.model.grid.label(h)) if self.held else None
        if side is None or "countries" in self.hidden or base == "#ffffff":
            return base
        return tinted(base, hex_fill(self.model, self.model.hexes[h]), self.colours(side)[0])

    def set_held(self, held: dict[str, str]) -> None:
        changed = {s for s in set(held) | set(self.held) if held.get(s) != self.held.get(s)}
        self.held = dict(held)
        for s in changed:
            h = self.space_hex(s)
            if h is not None and h in self.items:
                self.itemconfigure(self.items[h], fill=getattr(self, "_hex_fill", self.fill_of)(h))

    # ---------------------------------------------------------------------- names
    def _draw_fit_names(self) -> None:
        """Below the zoom where the map draws every name (the fit zoom on a laptop), the names of
        the capitals and the production cities (:func:`mapref.render.scene_hex.fit_name_marks`),
        as many as fit without touching."""
        s = self.layout.size
        if not MARKS_MIN_SIZE <= s < LABELS_MIN_SIZE or "labels" in self.hidden:
            return
        marks = fit_name_marks(
            self.model, self.layout, self._drawn(self.model.hexes), 9.0, lambda h: text_colour_on(self.fill_of(h))
        )
        draw_marks(self, marks, ("ovl", "name"))

    def declutter_labels(self) -> None:
        """Names never overlap each other or a counter: each is placed where the map puts it,
        else below or above the counters in its way; one that fits nowhere is hidden (the
        capitals and the biggest production placed first): the scene's placement
        (:func:`mapref.render.labels.place_labels` with :func:`~mapref.render.labels.dodge`),
        on the boxes of the names and counters as drawn."""
        names = self.find_withtag("name")
        if not names or "labels" in self.hidden:
            return
        s = self.layout.size
        obstacles = [b for b in (self.bbox(i) for i in self.find_withtag("piece") + self.find_withtag("mark")) if b]
        homes = getattr(self, "_name_home", None)
        if homes is None or homes[0] != s:  # another zoom: the names' hexes are found again
            homes = self._name_home = (s, {})
        items, labels, places = [], [], []
        for i in names:
            up = 0.78 if "fit-name" in self.gettags(i) else 0.55
            h = homes[1].get(i)
            if h is None:
                x, y = self.coords(i)
                h = homes[1][i] = self.layout.pixel_to_hex(x, y - s * up)
            cx, cy = self.layout.centre(h)
            x, y = cx, cy + s * up  # where the map puts the name of its hex
            self.coords(i, x, y)
            self.itemconfigure(i, state="normal")
            bb = self.bbox(i)
            if bb is None:
                continue
            items.append(i)
            places.append((x, y))
            labels.append((name_rank(self.model.hexes.get(h), x, y), bb))
        for i, (x, y), at in zip(items, places, place_labels(labels, obstacles, dodge), strict=True):
            if at is None:
                self.itemconfigure(i, state="hidden")
            elif at[1]:
                self.coords(i, x, y + at[1])

    # ------------------------------------------------------------------- the overlays
    def draw_overlays(self) -> None:
        super().draw_overlays()
        w = getattr(self, "scene", None)
        if w is None or w.report is None:
            return
        self._draw_fit_names()
        self._draw_front()
        self._draw_supply_view()
        self._draw_game()
        self._drawn_for = self._overlay_key()

    def _overlay_key(self):
        w = self.scene
        boxes = frozenset(p.space for p in w.pieces if p.space.startswith("box:"))
        return (
            self.layout.size,
            getattr(self.model, "version", 0),
            frozenset(self.hidden),
            w.control,
            w.supply_view,
            boxes,
        )

    def redraw_game(self) -> None:
        """After the position changed: when only the pieces did (a move), they are drawn again
        and nothing under them; else every overlay."""
        w = self.scene
        if w.report is None or getattr(self, "_drawn_for", None) != self._overlay_key():
            self.draw_overlays()
            return
        for tag in ("reach", "supply", "mark"):
            self.delete(tag)
        self._draw_game(changed_only=True)

    def _draw_game(self, changed_only: bool = False) -> None:
        """The reach, the ruleset's marks, the pieces and the selected piece's line, stacked,
        then the names placed clear of them.  ``changed_only``: the pieces drawn stand (the
        rest was deleted); only those that changed are drawn again."""
        self._draw_reach()
        self._draw_marks()
        self._draw_pieces(changed_only)
        self._draw_supply()
        self._raise_pieces()
        self.declutter_labels()

    def show_reach(self) -> None:
        self.delete("reach")
        self._draw_reach()
        if self.find_withtag("piece"):
            self.tag_lower("reach", "piece")

    def draw_reach(self, spaces) -> None:
        self._draw_reach(spaces)
        self.tag_raise("drag")

    def show_selection(self, before: str | None) -> None:
        """Another piece selected: the outlines of the two counters and the supply line change,
        nothing else is drawn again."""
        w = self.scene
        if w.report is None:
            return
        for pid in {before, w.selected} - {None}:
            self._changed_piece(pid)
            p = next((x for x in w.pieces if x.id == pid), None)
            if p is None or pid not in self._places:
                continue
            outline, width = counter_edge(p.supplied, p.id == w.selected, self._places[pid][2])
            for i in self.find_withtag(f"piece:{pid}"):
                if self.type(i) == "rectangle" and "counter" in self.gettags(i):
                    self.itemconfigure(i, outline=outline, width=width)
        self.delete("supply")
        self._draw_supply()
        self._raise_pieces()  # the supply line under the names and the counters, its cut rings over them

    def _raise_pieces(self) -> None:
        for tag in RAISED:  # (the names over the supply line and the reach; they stand clear of the pieces)
            self.tag_raise(tag)

    def _draw_front(self) -> None:
        """The front line (:func:`mapref.render.scene_hex.front_sides`), worked out once per
        holders' table."""
        ctrl = self.scene.control
        if not ctrl:
            return
        kept = getattr(self, "_front_kept", None)
        if kept is None or kept[1] is not self.model.grid or not (kept[0] is ctrl or kept[0] == ctrl):
            kept = self._front_kept = (ctrl, self.model.grid, front_sides(self.model.grid, ctrl, self.scene.at_war))
        draw_marks(self, hex_front_marks(self.layout, kept[2]), ("ovl",))

    def _drawn_hex(self, space: str) -> Hex | None:
        """The hex of a space drawn now (a big map draws the tiles about the view)."""
        h = self.space_hex(space)
        return h if h is not None and (not self.culling or h in self.items) else None

    def _draw_supply_view(self) -> None:
        """Each side's supplied spaces shaded in its colour, its unsupplied ones faded."""
        view = self.scene.supply_view
        if view:
            draw_marks(self, hex_supply_view_marks(view, self.colours, self._drawn_hex, self.layout), ("ovl",))

    def _draw_reach(self, spaces=None) -> None:
        s = self.layout.size
        drawn = self.items if self.culling else None
        for sp in self.lit if spaces is None else spaces:
            h = self.space_hex(sp)
            if h is not None and drawn is not None and h not in drawn:
                continue  # far from the view: drawn when its tile is
            if h is not None:
                self.create_polygon(
                    self.corners(h),
                    fill=REACH,
                    stipple="gray25",
                    outline=REACH,
                    width=max(2, s / 9),
                    tags=("ovl", "reach"),
                )
            elif sp.startswith("box:") and sp[4:] in self.model.boxes:
                x0, y0, x1, y1 = self.box_rect(self.model.boxes[sp[4:]])
                self.create_rectangle(x0, y0, x1, y1, outline=REACH, width=max(3, s / 7), tags=("ovl", "reach"))

    def _draw_marks(self) -> None:
        """The ruleset's marks: a star (an objective) in the hex's top corner, a ring round the
        hex (:func:`mapref.render.scene_hex.hex_rule_marks`)."""
        draw_marks(
            self, hex_rule_marks(self.scene.marks, self.space_xy, self.layout.size, self.colours), ("ovl", "game")
        )

    def _move_box_production(self, bid: str) -> None:
        """Counters in a box: its production number to the box's corner (where
        :func:`mapref.render.scene_hex.box_slots` leaves it room)."""
        b = self.model.boxes[bid]
        if not b.production:
            return
        x0, y0, x1, y1 = self.box_rect(b)
        s = self.layout.size
        for i in self.find_withtag(f"box:{bid}"):
            if (
                self.type(i) == "text"
                and self.itemcget(i, "text") == str(b.production)
                and abs(self.coords(i)[1] - (y0 + 1.35 * s)) < 1
            ):
                x, y, size = box_production_at((x0, y0, x1, y1), s)
                self.coords(i, x, y)
                self.itemconfigure(i, font=("DejaVu Sans", -int(size), "bold"))
                self.addtag_withtag("box-production", i)

    def pick_up(self, pid: str) -> None:
        self._changed_piece(pid)  # (its items are carried about)
        super().pick_up(pid)

    def _changed_piece(self, pid: str | None) -> None:
        """A piece's items were changed since they were drawn: drawn again at the next redraw."""
        kept = self._piece_items.get(pid) if pid else None
        if kept is not None and pid is not None:
            self._piece_items[pid] = (None, kept[1])

    def _draw_pieces(self, changed_only: bool = False) -> None:
        """The pieces where the scene puts them (:func:`mapref.render.scene_hex.hex_piece_places`),
        those of the tiles drawn (a big map's others come with their tiles).  ``changed_only``:
        the pieces drawn before stand; those whose marks are the same are left as they are when
        they can be (:meth:`_draw_changed_pieces`)."""
        w = self.scene
        for bid in {p.space[4:] for p in w.pieces if p.space.startswith("box:") and p.kind != "marker"}:
            if bid in self.model.boxes:
                self._move_box_production(bid)
        pieces = w.pieces
        if self.culling:  # a big map: the pieces on the tiles drawn, and in the boxes (placed together)
            pieces = [p for p in pieces if p.space.startswith("box:") or self._drawn_hex(p.space) is not None]
        places = self._places = hex_piece_places(self.model, self.layout, pieces, self.space_xy)
        marks = self._piece_marks(pieces, places)
        per_piece: dict[str, list] = {}
        for m in marks:
            per_piece.setdefault(m.space, []).append(m)
        if changed_only:
            if self._draw_changed_pieces(per_piece):
                return
            self.delete("piece")
            self.delete("unsupplied-ring")
        items = draw_marks(self, marks, ("ovl", "game"))
        self._piece_items = {}
        if len(items) == len(marks):  # (else nothing is kept: the next redraw draws every piece)
            at = iter(items)
            self._piece_items = {pid: (ms, [next(at) for _ in ms]) for pid, ms in per_piece.items()}

    def _piece_marks(self, pieces, places: dict) -> list:
        """:func:`mapref.render.scene_hex.hex_pieces_marks` of ``pieces``, each piece's marks
        kept with what they are made from (the piece, where it stands and how big, whether it is
        selected, the supply view on, its side's colours): a move changes a few."""
        w = self.scene
        selected, supply = w.selected, w.supply_view is not None
        known = self._marks_for
        now: dict = {}
        out: list = []
        for p in pieces:
            at = places.get(p.id)
            if at is None:
                continue
            key = (at, p.id == selected, supply, self.colours(p.side))
            old = known.get(p.id)
            if old is not None and (old[0] is p or old[0] == p) and old[1] == key:
                ms = old[2]
            else:
                ms = hex_pieces_marks([p], places, self.colours, selected=selected, supply=supply, measure=self.measure)
            now[p.id] = (p, key, ms)
            out += ms
        self._marks_for = now
        return out

    def _draw_changed_pieces(self, per_piece: dict[str, list]) -> bool:
        """Draw again only the pieces whose marks changed since they were drawn (a move: the
        piece moved, the stack it left and joined, a change of supply), each put in the stacking
        order a drawing of every piece gives (by :meth:`_raise_pieces`' layers, in the pieces'
        order); False, drawing nothing, when that cannot be done: the pieces' items are not all
        there as drawn, or the pieces come in another order."""
        kept = self._piece_items
        if not kept:
            return False
        standing = {i for _, ids in kept.values() for i in ids}
        if standing != set(self.find_withtag("piece")) | set(self.find_withtag("unsupplied-ring")):
            return False  # deleted or drawn over by something else
        same = [pid for pid, ms in per_piece.items() if pid in kept and kept[pid][0] == ms]
        same_set = set(same)
        if [pid for pid in kept if pid in same_set] != same:
            return False  # (the pieces that stand in another order)
        if any(_layer(m) is None for ms in per_piece.values() for m in ms):
            return False  # (an item no layer raises: its place among the reach and the marks drawn again is not kept)
        gone = [i for pid, (_, ids) in kept.items() if pid not in same_set for i in ids]
        if gone:
            self.delete(*gone)
        now: dict[str, tuple[list | None, list[int]]] = {}
        layers: dict[str | None, list[tuple[int, bool]]] = {}  # each layer's items in order: (item, new)
        for pid, ms in per_piece.items():
            new = pid not in same_set
            ids = draw_marks(self, ms, ("ovl", "game")) if new else kept[pid][1]
            if len(ids) != len(ms):
                self._piece_items = {}
                return False  # (never so: one item a mark)
            now[pid] = (ms, ids)
            for m, i in zip(ms, ids, strict=True):
                layers.setdefault(_layer(m), []).append((i, new))
        self._piece_items = now
        for seq in layers.values():
            first = next((k for k, (_, new) in enumerate(seq) if not new), None)
            if first is None:
                continue  # none stood: the new ones were made in order
            for k in range(first - 1, -1, -1):  # under the first that stood, in order
                self.tag_lower(seq[k][0], seq[k + 1][0])
            for k in range(first + 1, len(seq)):
                if seq[k][1]:
                    self.tag_raise(seq[k][0], seq[k - 1][0])
        return True

    def _draw_supply(self) -> None:
        """The selected piece's supply line, or rings where it is cut."""
        p = self.scene.selected_piece()
        if p is None:
            return
        path = [xy for xy in (self.space_xy(sp) for sp in p.supply_path) if xy is not None] if p.supplied else []
        draw_marks(self, hex_selection(p.supplied, path, p.cut, self.space_xy, self.layout.size), ("ovl", "supply"))


# the layers :meth:`HexBoard._raise_pieces` raises, in turn: an item ends in the last of its tags
RAISED = ("name", "mark", "unit", "pennant", "unsupplied-ring", "supply-cut", "drag", "selection")


def _layer(m) -> str | None:
    """The layer of :data:`RAISED` a mark's item ends in, the last of its tags there (None: none)."""
    return next((t for t in reversed(RAISED) if t in m.tags), None)


__all__ = ["HexBoard"]
