"""The hex map board of the referee's window: the map (:class:`~mapref.ui.canvas.MapCanvas`)
with the game on top, drawn from the window's scene: the pieces (counters, fleets, forts,
markers), the marks (objectives, strategic spaces), the captured spaces tinted in their
holder's colour and the front line, the supply view, the reach of a dragged piece, the
selected piece's supply line.

Counters and their text scale with the zoom (a counter is most of a hex; its text is fitted
inside it).  The map's names are decluttered against each other and against the counters: a
name a counter would cover moves below or above it, or hides when there is no room.
"""

from __future__ import annotations

import tkinter as tk

from mapref.core.grid import Hex
from mapref.render.style import blend, hex_fill, text_colour_on
from mapref.ui.canvas import LABELS_MIN_SIZE, MARKS_MIN_SIZE, MapCanvas
from mapref.ui.referee.board import BoardView
from mapref.ui.referee.counters import (FADED, FRONT, HALO, REACH, SELECTED, SUPPLY_LINE, UNSUPPLIED, draw_mark,
                                         draw_piece, draw_ring)

SLOTTED = ("marker",)  # kinds not put in a box's grid of counters


class HexBoard(BoardView, MapCanvas):
    kind = "hex"

    def __init__(self, master: tk.Misc, m, scene, **kw) -> None:
        self.scene = scene
        self.held: dict[str, str] = {}  # spaces drawn in a holder's colour
        self.lit: set[str] = set()
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
        h = self.space_hex(space)
        return self.layout.centre(h) if h is not None else None

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
            kept = (g, dict(zip(g.labels_row_major(), g.hex_list())))
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
                self.create_rectangle(x0, y0, x1, y1, outline="#ff00aa", width=max(3, self.layout.size / 8),
                                      tags=("outline-box", "selection"))

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
        for tag in ("unit", "unsupplied-ring", "pennant", "mark"):
            self.delete(tag)
        self._draw_marks()
        self._draw_pieces()
        self._raise_pieces()

    initial_view = MapCanvas.initial_view  # the whole map, or a big map's middle (before BoardView's)

    def counter_size(self) -> float:
        """A counter's width: most of a hex, never too small to read at the fit zoom."""
        s = self.layout.size
        return min(1.6 * s, max(1.1 * s, 22.0))

    # ------------------------------------------------------- the holder's colour on a hex
    def fill_of(self, h: Hex) -> str:
        base = super().fill_of(h)
        side = self.held.get(self.model.grid.label(h)) if self.held else None
        if side is None or "countries" in self.hidden or base == "#ffffff":
            return base
        mark = self.colours(side)[0]
        for t in (0.6, 0.5, 0.4, 0.3):  # as strong as the printed colour's labels stay readable
            mixed = blend(base, mark, t)
            if text_colour_on(mixed) == text_colour_on(hex_fill(self.model, self.model.hexes[h])):
                return mixed
        return blend(base, mark, 0.25)

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
        the capitals and the production cities, as many as fit without touching."""
        s = self.layout.size
        if not MARKS_MIN_SIZE <= s < LABELS_MIN_SIZE or "labels" in self.hidden:
            return
        m = self.model
        font = ("DejaVu Sans", 7)
        for h in self._drawn(m.hexes):
            d = m.hexes[h]
            if d.name and (d.capital or d.production) and m.grid.contains(h):
                cx, cy = self.layout.centre(h)
                ink = text_colour_on(self.fill_of(h))
                self.create_text(cx, cy + s * 0.78, text=d.name, fill=ink, font=font, tags=("ovl", "name", "fit-name"))

    def declutter_labels(self) -> None:
        """Names never overlap each other or a counter: each is tried where the map puts it,
        then below and above the counters in its way; one that fits nowhere is hidden (the
        capitals and the biggest production placed first)."""
        names = self.find_withtag("name")
        if not names or "labels" in self.hidden:
            return
        s = self.layout.size
        units = [self.bbox(i) for i in self.find_withtag("unit") + self.find_withtag("mark")]
        units = [b for b in units if b]
        boxes = []
        homes = getattr(self, "_name_home", None)
        if homes is None or homes[0] != s:  # another zoom: the names' hexes are found again
            homes = self._name_home = (s, {})
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
            d = self.model.hexes.get(h)
            rank = (0 if d is not None and d.capital else 1, -(d.production if d is not None else 0), bb[1], bb[0])
            boxes.append((rank, i, bb, (x, y)))
        cell = 64
        grid: dict[tuple[int, int], list] = {}
        ucells: dict[tuple[int, int], list] = {}
        for b in units:
            for c in _cells(b, cell):
                ucells.setdefault(c, []).append(b)

        def free(bb) -> bool:
            cells = _cells(bb, cell)
            return not any(_touch(bb, k) for c in cells for k in grid.get(c, ())) and \
                not any(_touch(bb, k) for c in cells for k in ucells.get(c, ()))

        for _rank, i, bb, (x, y) in sorted(boxes):
            th = bb[3] - bb[1]
            tries = [0.0]
            for u in (k for c in _cells(bb, cell) for k in ucells.get(c, ()) if _touch(bb, k)):
                tries += [u[3] + th / 2 + 1 - y, u[1] - th / 2 - 1 - y]
            placed = None
            for dy in tries:
                cand = (bb[0], bb[1] + dy, bb[2], bb[3] + dy)
                if free(cand):
                    placed = (dy, cand)
                    break
            if placed is None:
                self.itemconfigure(i, state="hidden")
                continue
            dy, cand = placed
            if dy:
                self.coords(i, x, y + dy)
            for c in _cells(cand, cell):
                grid.setdefault(c, []).append(cand)

    def visible_names(self) -> list[tuple[str, tuple[int, int, int, int]]]:
        """The names shown on the map with their boxes (tests check they never overlap)."""
        out = []
        for i in self.find_withtag("name"):
            if self.itemcget(i, "state") != "hidden" and self.bbox(i):
                out.append((self.itemcget(i, "text"), tuple(self.bbox(i))))
        return out

    # ------------------------------------------------------------------- the overlays
    def draw_overlays(self) -> None:
        super().draw_overlays()
        w = getattr(self, "scene", None)
        if w is None or w.report is None:
            return
        self._draw_fit_names()
        self._draw_front()
        self._draw_supply_view()
        self._draw_reach()
        self._draw_marks()
        self._draw_pieces()
        self._draw_supply()
        self._raise_pieces()
        self.declutter_labels()
        self._drawn_for = self._overlay_key()

    def _overlay_key(self):
        w = self.scene
        boxes = frozenset(p.space for p in w.pieces if p.space.startswith("box:"))
        return (self.layout.size, getattr(self.model, "version", 0), frozenset(self.hidden), w.control,
                w.supply_view, boxes)

    def redraw_game(self) -> None:
        """After the position changed: when only the pieces did (a move), they are drawn again
        and nothing under them; else every overlay."""
        w = self.scene
        if w.report is None or getattr(self, "_drawn_for", None) != self._overlay_key():
            self.draw_overlays()
            return
        for tag in ("reach", "unit", "unsupplied-ring", "pennant", "supply", "mark"):
            self.delete(tag)
        self._draw_reach()
        self._draw_marks()
        self._draw_pieces()
        self._draw_supply()
        self._raise_pieces()
        self.declutter_labels()

    def show_reach(self) -> None:
        self.delete("reach")
        self._draw_reach()
        if self.find_withtag("unit"):
            self.tag_lower("reach", "unit")

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
            p = next((x for x in w.pieces if x.id == pid), None)
            if p is None:
                continue
            outline = SELECTED if p.id == w.selected else (UNSUPPLIED if p.supplied is False else "#f4f1e8")
            for i in self.find_withtag(f"piece:{pid}"):
                if self.type(i) == "rectangle":
                    self.itemconfigure(i, outline=outline)
        self.delete("supply")
        self._draw_supply()
        self._raise_pieces()  # the supply line under the names and the counters, its cut rings over them

    def _raise_pieces(self) -> None:
        self.tag_raise("name")  # over the supply line and the reach; the names stand clear of the pieces
        self.tag_raise("mark")
        self.tag_raise("unit")
        self.tag_raise("pennant")
        self.tag_raise("supply-cut")
        self.tag_raise("drag")
        self.tag_raise("selection")

    def _draw_front(self) -> None:
        """The front line: a thick line along every land side between spaces held by two sides."""
        ctrl = self.scene.control
        if not ctrl:
            return
        lay = self.layout
        s = lay.size
        for h, dr in self._front_sides(ctrl):
            (ax, ay), (bx, by) = lay.side_segment(h, dr)
            self.create_line(ax, ay, bx, by, fill=FRONT, width=max(2, s / 8), capstyle="round", tags=("ovl", "front"))

    def _front_sides(self, ctrl: dict[str, str]) -> list[tuple[Hex, str]]:
        """(hex, direction) of every side between hexes held by two sides at war, each side once;
        worked out once per holders' table, walking the grid with integer steps."""
        kept = getattr(self, "_front_kept", None)
        if kept is not None and kept[1] is self.model.grid and (kept[0] is ctrl or kept[0] == ctrl):
            return kept[2]
        grid = self.model.grid
        R, C = grid.rows, grid.cols
        owners = list(map(ctrl.get, grid.labels_row_major()))
        hexes = grid.hex_list()
        dirs = grid.directions()
        steps = {par: [(k, dr, dc) for k, (dr, dc) in enumerate(st) if dr > 0 or (dr == 0 and dc > 0)]
                 for par, st in grid.neighbour_steps().items()}
        war = self.scene.at_war
        out = []
        for i, side in enumerate(owners):
            if side is None:
                continue
            r, c = divmod(i, C)
            for k, dr, dc in steps[((r + 1) & 1, (c + 1) & 1)]:
                rr, cc = r + dr, c + dc
                if rr >= R or not 0 <= cc < C:
                    continue
                other = owners[rr * C + cc]
                if other is not None and other != side and war(side, other):
                    out.append((hexes[i], dirs[k]))
        self._front_kept = (ctrl, grid, out)
        return out

    def _draw_supply_view(self) -> None:
        """Each side's supplied spaces shaded in its colour, its unsupplied ones faded."""
        s = self.layout.size
        drawn = self.items if self.culling else None
        for side, (sup, unsup) in (self.scene.supply_view or {}).items():
            fill = self.colours(side)[0]
            for sp in sup:
                h = self.space_hex(sp)
                if h is not None and (drawn is None or h in drawn):
                    self.create_polygon(self.corners(h), fill=fill, stipple="gray12", outline="",
                                        tags=("ovl", "supply-view", "supplied", f"supplied:{side}"))
            for sp in unsup:
                h = self.space_hex(sp)
                if h is not None and (drawn is None or h in drawn):
                    self.create_polygon(self.corners(h), fill=FADED, stipple="gray50", outline=fill, dash=(4, 2),
                                        width=max(2, s / 10), tags=("ovl", "supply-view", "unsupplied", f"unsupplied:{side}"))

    def _draw_reach(self, spaces=None) -> None:
        s = self.layout.size
        drawn = self.items if self.culling else None
        for sp in (self.lit if spaces is None else spaces):
            h = self.space_hex(sp)
            if h is not None and drawn is not None and h not in drawn:
                continue  # far from the view: drawn when its tile is
            if h is not None:
                self.create_polygon(self.corners(h), fill=REACH, stipple="gray25", outline=REACH, width=max(2, s / 9),
                                    tags=("ovl", "reach"))
            elif sp.startswith("box:") and sp[4:] in self.model.boxes:
                x0, y0, x1, y1 = self.box_rect(self.model.boxes[sp[4:]])
                self.create_rectangle(x0, y0, x1, y1, outline=REACH, width=max(3, s / 7), tags=("ovl", "reach"))

    def _draw_marks(self) -> None:
        """The ruleset's marks: a star (an objective) in the hex's top corner, a ring round the
        hex or its pieces."""
        s = self.layout.size
        for mk in self.scene.marks:
            xy = self.space_xy(mk.space)
            if xy is None:
                continue
            tags = ("ovl", "game", "mark", f"mark:{mk.space}", f"mark-{mk.shape}")
            if mk.shape == "ring":
                draw_mark(self, mk, xy[0], xy[1], s * 0.9, self.colours, tags)
            else:
                draw_mark(self, mk, xy[0] - s * 0.5, xy[1] - s * 0.55, max(5.0, s * 0.28), self.colours, tags)

    def box_slots(self, bid: str, n: int) -> tuple[list[tuple[float, float]], float]:
        """Where ``n`` counters go in box ``bid``: centres and counter width.  They fill the part
        below the box's name in a grid, never wider than a counter on a hex, never overlapping
        each other or the production number (moved to the corner)."""
        b = self.model.boxes[bid]
        x0, y0, x1, y1 = self.box_rect(b)
        s = self.layout.size
        top, pad = y0 + 0.9 * s, 0.06 * s
        aw, ah = (x1 - x0) - 2 * pad, (y1 - top) - pad
        best = (0.0, 1, n)
        for rows in range(1, max(1, n) + 1):
            cols = -(-n // rows)
            w = min(aw / cols, ah / rows / 0.72) * 0.9
            if w > best[0]:
                best = (w, rows, cols)
        w, rows, cols = best
        w = min(w, self.counter_size())
        gx, gy = aw / cols, ah / rows
        out = []
        for i in range(n):
            r, c = divmod(i, cols)
            out.append((x0 + pad + gx * (c + 0.5), top + gy * (r + 0.5)))
        return out, w

    def _move_box_production(self, bid: str) -> None:
        b = self.model.boxes[bid]
        if not b.production:
            return
        x0, y0, x1, y1 = self.box_rect(b)
        s = self.layout.size
        for i in self.find_withtag(f"box:{bid}"):
            if self.type(i) == "text" and self.itemcget(i, "text") == str(b.production) and abs(self.coords(i)[1] - (y0 + 1.35 * s)) < 1:
                self.coords(i, x1 - 0.28 * s, y0 + 0.32 * s)
                self.itemconfigure(i, font=("DejaVu Sans", max(6, int(s * 0.3)), "bold"))
                self.addtag_withtag("box-production", i)

    def _draw_pieces(self) -> None:
        w = self.scene
        s = self.layout.size
        in_box: dict[str, list] = {}
        for p in w.pieces:
            if p.space.startswith("box:") and p.kind not in SLOTTED:
                in_box.setdefault(p.space, []).append(p)
        slots: dict[str, tuple[float, float, float]] = {}
        for space, ps in in_box.items():
            bid = space[4:]
            if bid not in self.model.boxes:
                continue
            self._move_box_production(bid)
            xy, cw = self.box_slots(bid, len(ps))
            for p, (x, y) in zip(ps, xy):
                slots[p.id] = (x, y, cw)
        supply_on = w.supply_view is not None
        drawn = self.items if self.culling else None  # a big map: the pieces on the tiles drawn
        for p in w.pieces:
            if drawn is not None and p.id not in slots:
                h = self.space_hex(p.space)
                if h is not None and h not in drawn:
                    continue  # drawn with its tile (follow_view)
            if p.id in slots:
                cx, cy, cw = slots[p.id]
                draw_piece(self, p, cx, cy, cw, self.colours, p.id == w.selected, supply_on, grow=False)
                continue
            xy = self.space_xy(p.space)
            if xy is None or p.space.startswith("box:") and p.kind not in SLOTTED:
                continue
            cx, cy = xy
            if p.kind == "marker":  # occupation markers: the top right of the hex
                draw_piece(self, p, cx + s * 0.25, cy - s * 0.65, s, self.colours, False, supply_on)
            elif p.kind == "fleet":
                draw_piece(self, p, cx + s * 0.45, cy - s * 0.52, s, self.colours, p.id == w.selected, supply_on)
            elif p.kind == "fort":
                draw_piece(self, p, cx - s * 0.47, cy + s * 0.5, s, self.colours, p.id == w.selected, supply_on)
            else:
                draw_piece(self, p, cx, cy, self.counter_size(), self.colours, p.id == w.selected, supply_on)

    def _draw_supply(self) -> None:
        p = self.scene.selected_piece()
        if p is None:
            return
        s = self.layout.size
        if p.supplied and len(p.supply_path) > 1:
            pts = [v for sp in p.supply_path for v in (self.space_xy(sp) or ())]
            if len(pts) >= 4:
                self.create_line(*pts, fill=HALO, width=max(3, s / 7) + 4, tags=("ovl", "supply", "supply-halo"))
                self.create_line(*pts, fill=SUPPLY_LINE, width=max(3, s / 7), arrow="last", tags=("ovl", "supply", "supply-path"))
        for sp in p.cut:
            xy = self.space_xy(sp)
            if xy is not None:
                draw_ring(self, xy[0], xy[1], s * 0.8, max(3, s / 8), UNSUPPLIED, ("ovl", "supply", "supply-cut"))


def _cells(bb, cell: int) -> list[tuple[int, int]]:
    return [(gx, gy) for gx in range(int(bb[0] // cell), int(bb[2] // cell) + 1) for gy in range(int(bb[1] // cell), int(bb[3] // cell) + 1)]


def _touch(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


__all__ = ["HexBoard"]
