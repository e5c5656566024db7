"""The referee's window: a game on its map, with its pieces, the turn track, the referee's report
and a messages and log panel.

``mapref`` with no file opens the Hitler's War map with the Barbarossa set-up; ``mapref
GAME.toml`` or ``mapref SCENARIO.toml`` open here too, and File > New game starts any shipped
scenario (its set-up pools placed by hand or automatically).  The window holds a
:class:`~mapref.rules.session.GameSession` and asks the game only through its ruleset
(:mod:`mapref.rules.ruleset`): the pieces to draw, the sequence of play, the right-click menu at
a space and the Game menu, what a drag means and where a piece may go, who holds the captured
spaces, the supplied territory, the set-up pools.  Every change is an action applied by the
session: one step of its history (Edit > Undo / Redo), logged, and journaled to disk before the
screen shows it, so a crash loses nothing (reopening offers the recovered position).

The window, top to bottom: the **turn track** (the turn, the side, the whole sequence of play
with the current step marked, what ending the step will do, Strict / Advisory, Supply view and
End step); the **map** with a **side panel** (the selected army and everything in its space,
the set-up pools, production and nations, violations, the legend); the **messages and log
panel** (every result and refusal in full with its rule, and the game's log; a click on a line
shows its spaces on the map); the status bar (what is under the mouse).

**Strict or advisory.**  Strict refuses what the rules refuse.  Advisory asks the referee's
reason and does it anyway where the game can (:meth:`Ruleset.force`); the log records the
override with the rule and the reason.

Click a piece (or the space it stands in) to see it: an army's supply line is drawn on the map,
or, when it is cut off, the spaces where its friendly region ends are ringed.  Drag an army to
move it: the counter follows the mouse and the spaces it may reach are lit.  Drag a set-up pool
from the Pools tab onto the map to place it.  The same actions are methods taking parameters
(:meth:`GameWindow.move`, :meth:`capture`, :meth:`losses`, :meth:`place`, :meth:`act`), so
tests and scripts need no dialog; dialogs are asked through replaceable attributes
(:attr:`ask_form`, :attr:`ask_choice`, :attr:`ask_override`, :attr:`ask_confirm`,
:attr:`ask_retreat`, :attr:`ask_losses`, :attr:`ask_save_changes`, :attr:`ask_save_path`, :attr:`ask_export_path`,
:attr:`ask_new_game`).
"""

from __future__ import annotations

import copy
import re
import tkinter as tk
from pathlib import Path
from tkinter import filedialog, messagebox, ttk

from mapref.core.grid import Hex
from mapref.render.style import blend, hex_fill, text_colour_on
from mapref.rules.ruleset import Action, Outcome
from mapref.rules.session import GameSession
from mapref.ui import PositionExport, autoclose, classify_error
from mapref.ui.canvas import LABELS_MIN_SIZE, MARKS_MIN_SIZE, MapCanvas

NEUTRAL_COLOURS = ("#555555", "#ffffff")
SELECTED = "#ffd400"
UNSUPPLIED = "#ff3b30"
HALO = "#ffffff"
FADED = "#ffffff"  # the supply view's unsupplied spaces
REACH = "#19d34a"
SUPPLY_LINE = "#1e9e3a"
FRONT = "#111111"
WINDOW_SIZE = (1400, 900)  # asked for on a screen with room for it; smaller screens get the screen
SPACE_TOKEN = re.compile(r"box:[A-Za-z_]+|\b[A-Z]{1,2}\d{1,3}\b")


# ------------------------------------------------------------------ counters, shared by the legend
def draw_army(c: tk.Canvas, cx: float, cy: float, w: float, fill: str, ink: str, text: str, outline: str, tags,
              width: float = 2) -> None:
    """An army counter ``w`` wide centred at (cx, cy)."""
    h = w * 0.72
    c.create_rectangle(cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2, fill=fill, outline=outline, width=width, tags=tags)
    c.create_text(cx, cy, text=text, fill=ink, font=("DejaVu Sans", max(6, int(w * 0.36)), "bold"), tags=tags)


def draw_fleet(c: tk.Canvas, cx: float, cy: float, s: float, fill: str, ink: str, text: str, tags) -> None:
    c.create_oval(cx - s * 0.25, cy - s * 0.22, cx + s * 0.25, cy + s * 0.22, fill=fill, outline="#f4f1e8", tags=tags)
    c.create_text(cx, cy, text=text, fill=ink, font=("DejaVu Sans", max(6, int(s * 0.26)), "bold"), tags=tags)


def draw_fort(c: tk.Canvas, cx: float, cy: float, s: float, fill: str, text: str, tags) -> None:
    c.create_rectangle(cx - s * 0.22, cy - s * 0.2, cx + s * 0.22, cy + s * 0.2, fill="#e9e2c8", outline=fill, width=2, tags=tags)
    c.create_text(cx, cy, text=text, fill=fill, font=("DejaVu Sans", max(6, int(s * 0.26)), "bold"), tags=tags)


def draw_marker(c: tk.Canvas, x: float, y: float, s: float, fill: str, tags) -> None:
    """An occupation marker: a pennant with its point at (x, y)."""
    r = s * 0.2
    c.create_polygon(x, y, x + r * 2, y + r * 0.6, x, y + r * 1.2, fill=fill, outline="#f4f1e8", tags=tags)


def draw_ring(c: tk.Canvas, cx: float, cy: float, r: float, width: float, colour: str, tags) -> None:
    """A ring that shows on every colour: a white halo under the coloured ring, dark edges."""
    c.create_oval(cx - r, cy - r, cx + r, cy + r, outline="#000000", width=width * 2 + 4, tags=tags)
    c.create_oval(cx - r, cy - r, cx + r, cy + r, outline=HALO, width=width * 2, tags=tags)
    c.create_oval(cx - r, cy - r, cx + r, cy + r, outline=colour, width=width, tags=tags)


class GameCanvas(MapCanvas):
    """The map with the game on top: counters, fleets, forts, markers, the captured spaces in
    their holder's colour and the front line, the supply view, the reach of a dragged piece."""

    def __init__(self, master: tk.Misc, m, window: "GameWindow", **kw) -> None:
        self.window = window
        self.held: dict[str, str] = {}  # captured spaces: space -> holder
        self.reach: set[str] = set()
        super().__init__(master, m, **kw)
        self.bind("<<Redrawn>>", lambda e: self.declutter_labels(), add="+")

    def space_xy(self, space: str) -> tuple[float, float] | None:
        """Canvas coordinates of a space: a hex centre, or the middle of a box."""
        sp = self.window.session.board.space(space)
        if sp is None:
            return None
        if sp.is_box:
            b = self.model.boxes.get(space.partition(":")[2])
            if b is None:
                return None
            x0, y0, x1, y1 = self.box_rect(b)
            return (x0 + x1) / 2, (y0 + y1) / 2
        return self.layout.centre(self.model.grid.parse(space))

    def space_hex(self, space: str) -> Hex | None:
        """The hex of a space (None for a box or no space), by its canonical label."""
        hexes = self._label_hexes()
        if hexes is not None:
            return hexes.get(space)
        sp = self.window.session.board.space(space)
        if sp is None or sp.is_box:
            return None
        try:
            return self.model.grid.parse(space)
        except ValueError:
            return None

    def _label_hexes(self) -> dict[str, Hex] | None:
        """Hex label -> hex for the model's grid (kept until the grid changes)."""
        g = getattr(self.model, "grid", None)
        if g is None:
            return None
        kept = getattr(self, "_labels_kept", None)
        if kept is None or kept[0] is not g:
            kept = (g, dict(zip(g.labels_row_major(), g.hex_list())))
            self._labels_kept = kept
        return kept[1]

    def _drawn(self, hexes) -> list:
        """Those of ``hexes`` whose tile is drawn (a big map draws the tiles around the view)."""
        return [h for h in hexes if h in self.items] if self.culling else list(hexes)

    def follow_view(self) -> None:
        """After the view moved: the new tiles get the pieces and the overlays drawn per hex (the
        supply view, the reach of a dragged piece) as well."""
        before = set(self._tiles)
        super().follow_view()
        w = getattr(self, "window", None)
        if not self._tiles - before or w is None or w.report is None:
            return
        if (w.supply_on.get() and w.supply_view) or self.reach:
            self.delete("supply-view")
            self.delete("reach")
            if w.supply_on.get():
                self._draw_supply_view()
            self._draw_reach()
        if w._press is not None and w._press.get("dragging"):
            return  # a counter is being dragged: the pieces are drawn again at the drop
        for tag in ("unit", "unsupplied-ring", "occupation"):
            self.delete(tag)
        self._draw_pieces()
        self._raise_pieces()

    def colours(self, side: str) -> tuple[str, str]:
        return self.window.session.ruleset.side_colours.get(side, NEUTRAL_COLOURS)

    # -------------------------------------------------------- the holder's colour on a hex
    def fill_of(self, h: Hex) -> str:
        base = super().fill_of(h)
        side = self.held.get(self.model.grid.label(h)) if self.held else None
        if side is None or "countries" in self.hidden or base == "#ffffff":
            return base
        mark = self.colours(side)[0]
        # as strong as the labels drawn for the printed colour stay readable
        for t in (0.6, 0.5, 0.4, 0.3):
            mixed = blend(base, mark, t)
            if text_colour_on(mixed) == text_colour_on(hex_fill(self.model, self.model.hexes[h])):
                return mixed
        return blend(base, mark, 0.25)

    def set_held(self, held: dict[str, str]) -> None:
        """The spaces held by another side than at the start; recolours those that changed."""
        changed = {s for s in set(held) | set(self.held) if held.get(s) != self.held.get(s)}
        self.held = dict(held)
        for s in changed:
            h = self.space_hex(s)
            if h is not None and h in self.items:
                self.itemconfigure(self.items[h], fill=getattr(self, "_hex_fill", self.fill_of)(h))

    # ------------------------------------------------------------------- city labels
    def counter_width(self) -> float:
        """An army counter's width: most of a hex, never too small to read at the fit zoom."""
        s = self.layout.size
        return min(1.6 * s, max(1.1 * s, 22.0))

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
        self.declutter_labels()

    def declutter_labels(self) -> None:
        """Names that would overlap another are hidden, the capitals and the biggest production
        kept first (the map hides them all below a zoom; :meth:`_draw_fit_names` shows some)."""
        names = self.find_withtag("name")
        if not names or "labels" in self.hidden:
            return
        boxes = []
        s = self.layout.size
        for i in names:
            self.itemconfigure(i, state="normal")
            bb = self.bbox(i)
            if bb is None:
                continue
            x, y = self.coords(i)
            up = 0.78 if "fit-name" in self.gettags(i) else 0.55
            h = self.layout.pixel_to_hex(x, y - s * up)
            d = self.model.hexes.get(h)
            rank = (0 if d is not None and d.capital else 1, -(d.production if d is not None else 0), bb[1], bb[0])
            boxes.append((rank, i, bb))
        cell = 64
        grid: dict[tuple[int, int], list] = {}
        for _rank, i, bb in sorted(boxes):
            cells = [(gx, gy) for gx in range(int(bb[0] // cell), int(bb[2] // cell) + 1)
                     for gy in range(int(bb[1] // cell), int(bb[3] // cell) + 1)]
            if any(bb[0] < k[2] and k[0] < bb[2] and bb[1] < k[3] and k[1] < bb[3] for c in cells for k in grid.get(c, ())):
                self.itemconfigure(i, state="hidden")
            else:
                for c in cells:
                    grid.setdefault(c, []).append(bb)

    def visible_names(self) -> list[tuple[str, tuple[int, int, int, int]]]:
        """The names shown on the map with their boxes (tests check they never overlap)."""
        out = []
        for i in self.find_withtag("name"):
            if self.itemcget(i, "state") != "hidden" and self.bbox(i):
                out.append((self.itemcget(i, "text"), tuple(self.bbox(i))))
        return out

    # --------------------------------------------------------------------- the overlays
    def draw_overlays(self) -> None:
        super().draw_overlays()
        w = getattr(self, "window", None)
        if w is None or w.report is None:
            return
        self._draw_fit_names()
        self._draw_front()
        if w.supply_on.get():
            self._draw_supply_view()
        self._draw_reach()
        self._draw_pieces()
        self._draw_supply()
        self._raise_pieces()
        self._drawn_for = self._overlay_key()

    def _overlay_key(self):
        """What the overlays under the pieces are drawn from (the map's own, the front, the
        supply view, the reach, the boxes holding counters)."""
        w = self.window
        boxes = frozenset(p.space for p in w.pieces if p.space.startswith("box:"))
        return (self.layout.size, getattr(self.model, "version", 0), frozenset(self.hidden), w.control,
                w.supply_view if w.supply_on.get() else None, boxes)

    def redraw_game(self) -> None:
        """After the position changed: when only the pieces did (a move), they are drawn again
        and nothing under them; else every overlay."""
        w = self.window
        if w.report is None or getattr(self, "_drawn_for", None) != self._overlay_key():
            self.draw_overlays()
            return
        for tag in ("reach", "unit", "unsupplied-ring", "occupation", "supply"):
            self.delete(tag)
        self._draw_reach()
        self._draw_pieces()
        self._draw_supply()
        self._raise_pieces()

    def show_reach(self) -> None:
        """The reach of a dragged piece changed: that layer only is drawn again."""
        self.delete("reach")
        self._draw_reach()
        if self.find_withtag("unit"):
            self.tag_lower("reach", "unit")

    def show_selection(self, before: str | None) -> None:
        """Another army selected: the outlines of the two counters and the supply line change,
        nothing else is drawn again."""
        w = self.window
        if w.report is None:
            return
        for name in {before, w.selected} - {None}:
            p = next((x for x in w.pieces if x.kind == "army" and x.title == name), None)
            if p is None:
                continue
            outline = SELECTED if p.title == w.selected else (UNSUPPLIED if p.supplied is False else "#f4f1e8")
            tag = p.id if p.id.startswith("army:") else f"army:{p.title}"
            for i in self.find_withtag(tag):
                if self.type(i) == "rectangle":
                    self.itemconfigure(i, outline=outline)
        self.delete("supply")
        self._draw_supply()
        if self.find_withtag("unit"):  # the supply line under the counters, its cut rings over them
            self.tag_lower("supply-halo", "unit")
            self.tag_lower("supply-path", "unit")
        else:
            self._raise_pieces()

    def _raise_pieces(self) -> None:
        self.tag_raise("unit")
        self.tag_raise("supply-cut")
        self.tag_raise("drag")
        self.tag_raise("selection")

    def _draw_front(self) -> None:
        """The front line: a thick line along every land side between spaces held by two sides."""
        ctrl = self.window.control
        if not ctrl:
            return
        lay = self.layout
        s = lay.size
        for h, dr in self._front_sides(ctrl):
            (ax, ay), (bx, by) = lay.side_segment(h, dr)
            self.create_line(ax, ay, bx, by, fill=FRONT, width=max(2, s / 8), capstyle="round", tags=("ovl", "front"))

    def _front_sides(self, ctrl: dict[str, str]) -> list[tuple[Hex, str]]:
        """(hex, direction) of every side between hexes held by two sides at war, each side once
        (from the hex first in row order); worked out once per holders' table, walking the grid
        with integer steps."""
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
        war = self.window.at_war
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
        """Each side's supplied spaces shaded in its colour, its unsupplied ones hatched."""
        s = self.layout.size
        drawn = self.items if self.culling else None
        for side, (sup, unsup) in (self.window.supply_view or {}).items():
            fill = self.colours(side)[0]
            for sp in sup:
                h = self.space_hex(sp)
                if h is not None and (drawn is None or h in drawn):
                    self.create_polygon(self.corners(h), fill=fill, stipple="gray12", outline="",
                                        tags=("ovl", "supply-view", "supplied", f"supplied:{side}"))
            for sp in unsup:
                # faded: half the hex's pixels white, its edge dashed in the side's colour
                h = self.space_hex(sp)
                if h is not None and (drawn is None or h in drawn):
                    self.create_polygon(self.corners(h), fill=FADED, stipple="gray50", outline=fill, dash=(4, 2),
                                        width=max(2, s / 10), tags=("ovl", "supply-view", "unsupplied", f"unsupplied:{side}"))

    def draw_reach(self, spaces) -> None:
        """Light ``spaces`` as reachable (more of the reach, found while a piece is dragged)."""
        self._draw_reach(spaces)

    def _draw_reach(self, spaces=None) -> None:
        s = self.layout.size
        drawn = self.items if self.culling else None
        for sp in (self.reach if spaces is None else spaces):
            h = self.space_hex(sp)
            if h is not None and drawn is not None and h not in drawn:
                continue  # far from the view: drawn when its tile is
            if h is not None:
                self.create_polygon(self.corners(h), fill=REACH, stipple="gray25", outline=REACH, width=max(2, s / 9),
                                    tags=("ovl", "reach"))
            else:
                b = self.model.boxes.get(sp.partition(":")[2])
                if b is not None:
                    x0, y0, x1, y1 = self.box_rect(b)
                    self.create_rectangle(x0, y0, x1, y1, outline=REACH, width=max(3, s / 7), tags=("ovl", "reach"))

    def box_slots(self, bid: str, n: int) -> tuple[list[tuple[float, float]], float]:
        """Where ``n`` counters go in box ``bid``: centres and counter width.  They fill the part
        below the box's name in a grid, never wider than a counter on a hex (so they scale with
        the zoom), never overlapping each other or the production number (moved to the corner)."""
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
        w = min(w, self.counter_width())
        gx, gy = aw / cols, ah / rows
        out = []
        for i in range(n):
            r, c = divmod(i, cols)
            out.append((x0 + pad + gx * (c + 0.5), top + gy * (r + 0.5)))
        return out, w

    def _move_box_production(self, bid: str) -> None:
        """The production number of a box holding counters goes to its top right corner."""
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
        w = self.window
        s = self.layout.size
        board = w.session.board
        in_box: dict[str, list] = {}
        for p in w.pieces:
            sp = board.space(p.space)
            if sp is not None and sp.is_box and p.kind == "army":
                in_box.setdefault(p.space, []).append(p)
        slots: dict[str, tuple[float, float, float]] = {}
        for space, ps in in_box.items():
            bid = space.partition(":")[2]
            if bid not in self.model.boxes:
                continue
            self._move_box_production(bid)
            xy, cw = self.box_slots(bid, len(ps))
            for p, (x, y) in zip(ps, xy):
                slots[p.id] = (x, y, cw)
        drawn = self.items if self.culling else None  # a big map: the pieces on the tiles drawn
        for p in w.pieces:
            if drawn is not None and p.id not in slots:
                h = self.space_hex(p.space)
                if h is not None and h not in drawn:
                    continue  # drawn with its tile (follow_view)
            xy = self.space_xy(p.space)
            if xy is None:
                continue
            cx, cy = xy
            fill, ink = self.colours(p.side)
            if p.kind == "marker":
                # occupation markers (Hex Control and Garrisons, Friendly hexes 4)
                draw_marker(self, cx + s * 0.25, cy - s * 0.65, s, fill, ("ovl", "occupation"))
            elif p.kind == "army":
                cw = self.counter_width()
                if p.id in slots:
                    cx, cy, cw = slots[p.id]
                elif p.space not in in_box and board.space(p.space) is not None and board.space(p.space).is_box:
                    continue
                outline = SELECTED if p.title == w.selected else (UNSUPPLIED if p.supplied is False else "#f4f1e8")
                tags = ("ovl", "unit", p.id if p.id.startswith("army:") else f"army:{p.title}", f"piece:{p.id}")
                draw_army(self, cx, cy, cw, fill, ink, p.text, outline, tags, width=max(2, s / 12))
                if p.supplied is False and w.supply_on.get():
                    draw_ring(self, cx, cy, cw * 0.78, max(2, s / 14), UNSUPPLIED, ("ovl", "unsupplied-ring"))
            elif p.kind == "fleet":
                draw_fleet(self, cx + s * 0.45, cy - s * 0.52, s, fill, ink, p.text, ("ovl", "unit", "fleet", f"fleet:{p.title}"))
            elif p.kind == "fort":
                draw_fort(self, cx - s * 0.47, cy + s * 0.5, s, fill, p.text, ("ovl", "unit", "fort"))

    def _draw_supply(self) -> None:
        p = self.window.selected_piece()
        if p is None:
            return
        s = self.layout.size
        if p.supplied and len(p.supply_path) > 1:
            pts = [v for sp in p.supply_path for v in (self.space_xy(sp) or ())]
            self.create_line(*pts, fill=HALO, width=max(3, s / 7) + 4, smooth=False, tags=("ovl", "supply", "supply-halo"))
            self.create_line(*pts, fill=SUPPLY_LINE, width=max(3, s / 7), arrow="last", smooth=False,
                             tags=("ovl", "supply", "supply-path"))
        for sp in p.cut:
            xy = self.space_xy(sp)
            if xy is None:
                continue
            draw_ring(self, xy[0], xy[1], s * 0.8, max(3, s / 8), UNSUPPLIED, ("ovl", "supply", "supply-cut"))


class GameWindow(PositionExport):
    def __init__(self, root: tk.Tk, session: GameSession, quiet: bool = False) -> None:
        self.root, self.session, self.quiet = root, session, quiet
        self.messages: list[str] = []  # internal errors shown (tests read them)
        self.feed: list[dict] = []  # the messages and log panel, oldest first
        self.report: dict | None = None
        self.pieces: list = []
        self.control: dict[str, str] = {}
        self.supply_view: dict | None = None
        self.selected: str | None = None  # the selected army's name
        self.here: str | None = None  # the space whose pieces the side panel lists
        self.last_space: str | None = None  # the space last clicked (forms asking a space start with it)
        self._press: dict | None = None  # a drag under way: the piece, where it started
        # a big map (drawn by tiles): the reach of a dragged piece is asked a few spaces at a time
        # between events, and the window's refresh after an action comes just after its frame
        self._reach_job: dict | None = None
        self._refresh_job: str | None = None
        self._pool_drag: dict | None = None
        self.context_menu: tk.Menu | None = None
        # dialogs; tests replace them (no modal window)
        self.ask_retreat = self._ask_retreat_dialog  # (army, from_space, legal hexes) -> hex or None
        self.ask_losses = self._ask_losses_dialog  # (space, army dict or None, has_fort) -> values or None
        self.ask_save_changes = self._ask_save_changes_dialog  # (what) -> True (save), False (discard), None (cancel)
        self.ask_save_path = self._ask_save_path_dialog  # () -> where to save a game, or None
        self.ask_form = self._ask_form_dialog  # (title, fields, note) -> values or None
        self.ask_choice = self._ask_choice_dialog  # (Ask) -> the option chosen, or None
        self.ask_override = self._ask_override_dialog  # (what, refusal) -> the referee's reason, or None
        self.ask_confirm = self._ask_confirm_dialog  # (title, text) -> bool
        self.ask_export_path = self._ask_export_path_dialog  # () -> path or None
        self.ask_new_game = self._ask_new_game_dialog  # () -> (scenario path, place pools automatically) or None
        root.report_callback_exception = self.report_exception
        self.fit_to_screen()
        root.protocol("WM_DELETE_WINDOW", self.close)
        self.status = tk.StringVar(value="")
        self.mode = tk.StringVar(value="strict")
        self.supply_on = tk.BooleanVar(value=False)
        self._build()
        session.listeners.append(self._session_changed)
        self._reset_feed()
        self.refresh()
        self.update_title()

    # ------------------------------------------------------------------------ the game
    @property
    def map(self):
        return self.session.map

    @property
    def scenario(self):
        return self.session.scenario

    @property
    def state(self):
        return self.session.state

    @property
    def path(self) -> Path | None:
        return Path(self.session.path) if self.session.path else None

    @property
    def board_view(self) -> str:
        """What the board shows: "map", or "tracks" (rows of tokens: mapref.ui.tracks_view)."""
        return getattr(self.session.ruleset, "board_view", "map")

    @property
    def history(self) -> list[tuple[str, object]]:
        """The actions that can be undone, oldest first: (what, step)."""
        return [(c.label, c) for c in self.session.history.done]

    @property
    def advisory(self) -> bool:
        return self.mode.get() == "advisory"

    # ----------------------------------------------------------------------------- layout
    def fit_to_screen(self) -> None:
        """The window asks for 1400x900 where the screen has room, else the whole screen (a
        1366x768 laptop): nothing of it is off the screen."""
        root = self.root
        sw, sh = root.winfo_screenwidth(), root.winfo_screenheight()
        w, h = min(WINDOW_SIZE[0], sw), min(WINDOW_SIZE[1], sh - 60)
        root.geometry(f"{w}x{h}+0+0")
        root.minsize(min(900, sw), min(560, sh - 60))
        if sw < WINDOW_SIZE[0] or sh < WINDOW_SIZE[1] + 60:
            try:
                root.attributes("-zoomed", True)  # X11 with a window manager: the work area
            except tk.TclError:
                pass

    def _build(self) -> None:
        root = self.root
        self.menubar = menu = tk.Menu(root)
        filem = tk.Menu(menu, tearoff=False)
        filem.add_command(label="New game from a scenario...", accelerator="Ctrl+N", command=self.ask_and_start_new)
        filem.add_command(label="Open game or scenario...", accelerator="Ctrl+O", command=self.ask_open)
        filem.add_command(label="Save", accelerator="Ctrl+S", command=self.save)
        filem.add_command(label="Save as...", accelerator="Ctrl+Shift+S", command=self.ask_save)
        filem.add_command(label="Export position as PNG...", accelerator="Ctrl+E", command=self.ask_and_export)
        filem.add_command(label="Edit the map", command=self.edit_map)
        filem.add_separator()
        filem.add_command(label="Quit", accelerator="Ctrl+Q", command=self.close)
        menu.add_cascade(label="File", menu=filem)
        self.edit_menu = editm = tk.Menu(menu, tearoff=False)
        editm.add_command(label="Undo", accelerator="Ctrl+Z", command=self.undo)
        editm.add_command(label="Redo", accelerator="Ctrl+Y", command=self.redo)
        menu.add_cascade(label="Edit", menu=editm)
        self.game_menu = tk.Menu(menu, tearoff=False)
        menu.add_cascade(label="Game", menu=self.game_menu)
        viewm = tk.Menu(menu, tearoff=False)
        viewm.add_checkbutton(label="Supply view", accelerator="S", variable=self.supply_on, command=self.refresh)
        viewm.add_command(label="Fit map", accelerator="F", command=lambda: self.canvas.fit())
        viewm.add_command(label="Legend", command=lambda: self.side.select(self.legend_tab))
        viewm.add_command(label="Refresh report", accelerator="F5", command=self.refresh)
        menu.add_cascade(label="View", menu=viewm)
        root.config(menu=menu)
        root.bind("<Control-n>", lambda e: self.ask_and_start_new())
        root.bind("<Control-o>", lambda e: self.ask_open())
        root.bind("<Control-s>", lambda e: self.save())
        root.bind("<Control-S>", lambda e: self.ask_save())
        root.bind("<Control-e>", lambda e: self.ask_and_export())
        root.bind("<Control-q>", lambda e: self.close())
        root.bind("<F5>", lambda e: self.refresh())
        root.bind("<Control-Return>", lambda e: self.end_step())
        root.bind("<Control-z>", lambda e: self.undo())
        root.bind("<Control-y>", lambda e: self.redo())
        root.bind("<Control-Z>", lambda e: self.redo())

        self.statusbar = ttk.Label(root, textvariable=self.status, anchor="w", relief="sunken")
        self.statusbar.pack(side="bottom", fill="x")
        self._build_track(root)
        vpanes = self.vpanes = ttk.PanedWindow(root, orient="vertical")
        vpanes.pack(fill="both", expand=True)
        panes = ttk.PanedWindow(vpanes, orient="horizontal")
        if self.board_view == "tracks":  # a game played on tracks, not a map (the front-token game)
            from mapref.ui.tracks_view import TracksView

            self.canvas = TracksView(panes, self)
        else:
            self.canvas = GameCanvas(panes, self.map, self, width=400, height=240)
        self.side = ttk.Notebook(panes, width=340)
        panes.add(self.canvas, weight=5)
        panes.add(self.side, weight=0)
        vpanes.add(panes, weight=5)
        self._build_side()
        self._build_log(vpanes)
        c = self.canvas
        c.bind("<Motion>", self._motion, add="+")
        c.bind("<ButtonPress-1>", self._click, add="+")
        c.bind("<B1-Motion>", self._drag_motion, add="+")
        c.bind("<ButtonRelease-1>", self._release, add="+")
        c.bind("<ButtonPress-3>", self._right_click, add="+")
        c.bind("f", lambda e: self.canvas.fit())
        c.bind("s", lambda e: self.toggle_supply_view())
        c.bind("<Enter>", lambda e: self.canvas.focus_set())

    def _build_track(self, root) -> None:
        """The turn track: turn and side, the sequence of play with the current step, what ending
        it will do, the mode, the supply view and End step."""
        track = self.track = ttk.Frame(root, padding=(6, 3))
        track.pack(side="top", fill="x")
        top = ttk.Frame(track)
        top.pack(fill="x")
        self.turn_var = tk.StringVar()
        ttk.Label(top, textvariable=self.turn_var, font=("DejaVu Sans", 11, "bold")).pack(side="left")
        self.end_button = ttk.Button(top, text="End step \u25b8", command=self.end_step)
        self.end_button.pack(side="right")
        ttk.Checkbutton(top, text="Supply view", variable=self.supply_on, command=self.refresh).pack(side="right", padx=8)
        ttk.Radiobutton(top, text="Advisory", value="advisory", variable=self.mode, command=self._mode_changed).pack(side="right")
        ttk.Radiobutton(top, text="Strict", value="strict", variable=self.mode, command=self._mode_changed).pack(side="right")
        ttk.Label(top, text="Rules:").pack(side="right", padx=(8, 2))
        self.steps_text = tk.Text(track, height=1, wrap="word", relief="flat", background=root.cget("background"),
                                  font=("DejaVu Sans", 9), padx=0, pady=2, cursor="arrow", highlightthickness=0)
        self.steps_text.pack(fill="x")
        self.preview_var = tk.StringVar()
        self.preview_label = ttk.Label(track, textvariable=self.preview_var, foreground="#7a3b00", wraplength=1300)
        self.preview_label.pack(fill="x")
        track.bind("<Configure>", lambda e: self.preview_label.configure(wraplength=max(300, e.width - 20)))

    def _build_side(self) -> None:
        side = self.side
        # the selected army, and every piece in its space (the stack / box viewer)
        sel = ttk.Frame(side, padding=4)
        side.add(sel, text="Army")
        self.army_text = tk.Text(sel, height=8, width=36, wrap="word", relief="flat", background="#f4f1e8")
        self.army_text.pack(fill="x")
        self.here_var = tk.StringVar(value="Here")
        ttk.Label(sel, textvariable=self.here_var, font=("DejaVu Sans", 10, "bold")).pack(anchor="w", pady=(6, 0))
        self.here_list = tk.Listbox(sel, height=8, width=36, activestyle="none")
        self.here_list.pack(fill="both", expand=True)
        self.here_list.bind("<<ListboxSelect>>", self._here_clicked)
        self._here_items: list = []
        # the set-up pools
        pools = ttk.Frame(side, padding=4)
        side.add(pools, text="Pools")
        ttk.Label(pools, text="Drag a pool onto the map to place it; the counts go down as you place.", wraplength=300,
                  foreground="#555555").pack(anchor="w")
        self.pool_tree = ttk.Treeview(pools, columns=("left",), show="tree headings", height=12, selectmode="browse")
        self.pool_tree.heading("#0", text="pool")
        self.pool_tree.heading("left", text="to place")
        self.pool_tree.column("#0", width=220, stretch=True)
        self.pool_tree.column("left", width=90, anchor="e", stretch=False)
        self.pool_tree.pack(fill="both", expand=True)
        self.pool_tree.bind("<ButtonPress-1>", self._pool_press)
        self.pool_tree.bind("<B1-Motion>", self._pool_motion)
        self.pool_tree.bind("<ButtonRelease-1>", self._pool_release)
        # the game: production, nations (the ruleset's panels)
        outer = ttk.Frame(side, padding=4)
        side.add(outer, text="Game")
        self._panel_frame = outer
        self.panel_text: dict[str, tk.Text] = {}
        # violations
        vf = ttk.Frame(side, padding=4)
        side.add(vf, text="Violations")
        self.violations_tab = vf
        self.violations = tk.Listbox(vf, height=12, width=36)
        vsb = ttk.Scrollbar(vf, orient="vertical", command=self.violations.yview)
        self.violations.configure(yscrollcommand=vsb.set)
        vsb.pack(side="right", fill="y")
        self.violations.pack(fill="both", expand=True)
        self.violations.bind("<<ListboxSelect>>", self._violation_clicked)
        # the legend
        lf = ttk.Frame(side, padding=4)
        side.add(lf, text="Legend")
        self.legend_tab = lf
        self.legend = tk.Canvas(lf, width=310, height=300, background="#f4f1e8", highlightthickness=0)
        lsb = ttk.Scrollbar(lf, orient="vertical", command=self.legend.yview)
        self.legend.configure(yscrollcommand=lsb.set)
        lsb.pack(side="right", fill="y")
        self.legend.pack(fill="both", expand=True)
        self.legend.bind("<Button-4>", lambda e: self.legend.yview_scroll(-2, "units"))
        self.legend.bind("<Button-5>", lambda e: self.legend.yview_scroll(2, "units"))
        self.legend.bind("<MouseWheel>", lambda e: self.legend.yview_scroll(-1 if e.delta > 0 else 1, "units"))

    def _build_log(self, vpanes) -> None:
        """The messages and log panel: every result and refusal in full, and the game's log."""
        frame = ttk.Frame(vpanes)
        head = ttk.Frame(frame)
        head.pack(fill="x")
        ttk.Label(head, text="Messages and log", font=("DejaVu Sans", 9, "bold")).pack(side="left", padx=4)
        ttk.Label(head, text="(click a line to see its spaces on the map)", foreground="#666666",
                  font=("DejaVu Sans", 8)).pack(side="left")
        self.log_text = tk.Text(frame, height=6, wrap="word", relief="flat", background="#fbfaf5", font=("DejaVu Sans", 9),
                                cursor="arrow", padx=4)
        sb = ttk.Scrollbar(frame, orient="vertical", command=self.log_text.yview)
        self.log_text.configure(yscrollcommand=sb.set)
        sb.pack(side="right", fill="y")
        self.log_text.pack(fill="both", expand=True)
        t = self.log_text
        t.tag_configure("refused", foreground="#b00020")
        t.tag_configure("override", foreground="#a15c00")
        t.tag_configure("info", foreground="#555555")
        t.tag_configure("undone", foreground="#9a9a9a", overstrike=True)
        t.tag_configure("detail", lmargin1=18, lmargin2=18, foreground="#333333")
        t.tag_configure("current", background="#fff3b0")
        t.configure(state="disabled")
        vpanes.add(frame, weight=1)

    def _panel(self, title: str) -> tk.Text:
        t = self.panel_text.get(title)
        if t is None:
            ttk.Label(self._panel_frame, text=title, font=("DejaVu Sans", 10, "bold")).pack(anchor="w", pady=(6, 0))
            frame = ttk.Frame(self._panel_frame)
            frame.pack(fill="both", expand=True)
            t = tk.Text(frame, height=6 if title != "Nations" else 8, width=34, wrap="word", relief="flat", background="#f4f1e8")
            sb = ttk.Scrollbar(frame, orient="vertical", command=t.yview)
            t.configure(yscrollcommand=sb.set)
            sb.pack(side="right", fill="y")
            t.pack(side="left", fill="both", expand=True)
            self.panel_text[title] = t
        return t

    @property
    def prod_text(self) -> tk.Text:
        return self._panel("Production")

    @property
    def nations_text(self) -> tk.Text:
        return self._panel("Nations")

    # ---------------------------------------------------------------------------- showing
    def _session_changed(self, what: str) -> None:
        self.update_title()

    def refresh(self, force: bool = True) -> None:
        """Run the referee and show the position (after any change, or F5).  ``force=False``:
        the session's report is used when it is up to date (after an action the session made it
        stale already; the report is not worked out twice)."""
        s = self.session
        rs, game = s.ruleset, s.game
        if force:
            s.invalidate()
        rep = s.report()
        self.report = rep.as_dict()
        self.pieces = rs.pieces(game, rep)
        self._war: dict = {}
        self.control = self._holders()
        self.canvas.set_held(rs.control_view(game))
        self.supply_view = rs.supply_view(game) if self.supply_on.get() else None
        self._show_track()
        for title, lines in rs.panels(game, rep):
            t = self._panel(title)
            t.delete("1.0", "end")
            t.insert("end", "\n".join(lines))
            if len(lines) > int(t.cget("height")):  # a long panel (Victory Point Check) grows, up to 20 lines
                t.configure(height=min(len(lines), 20))
        self.violations.delete(0, "end")
        self._violation_where = []
        for v in rep.violations:
            where = f"{v.where}: " if v.where else ""
            self.violations.insert("end", f"{where}{v.message} [{v.rule}]")
            self._violation_where.append(v.where)
        if not rep.violations:
            self.violations.insert("end", "No violations")
            self._violation_where.append("")
        label = f"Violations {len(rep.violations)}" if rep.violations else "Violations"
        if self.side.tab(self.violations_tab, "text") != label:  # setting it lays the notebook out again
            self.side.tab(self.violations_tab, text=label)
        self._show_pools()
        if self.selected is not None and self.selected_piece() is None:
            self.selected = None
        self.show_army()
        self._show_legend()
        getattr(self.canvas, "redraw_game", self.canvas.draw_overlays)()
        self._update_edit_menu()
        self._update_game_menu()
        self._render_feed()

    def at_war(self, a: str, b: str) -> bool:
        key = (a, b)
        if key not in self._war:
            self._war[key] = self.session.ruleset.at_war(self.session.game, a, b)
        return self._war[key]

    def _holders(self) -> dict[str, str]:
        """Who holds each space (for the front line): each side's spaces, supplied or not, as the
        supply view gives them, and the captured ones."""
        rs, game = self.session.ruleset, self.session.game
        held: dict[str, str] = {}
        view = rs.supply_view(game)
        for side, (sup, unsup) in view.items():
            held.update(dict.fromkeys(sup, side))
            held.update(dict.fromkeys(unsup, side))
        held.update(rs.control_view(game))
        return held

    def _show_track(self) -> None:
        s = self.session
        pos = s.position()
        self.turn_var.set(pos.get("title", ""))
        steps = s.ruleset.steps(s.game)
        t = self.steps_text
        here = next((i for i, st in enumerate(steps) if st.current), None)
        shown = (pos.get("side", ""), tuple((st.id, st.label, st.current) for st in steps), t.winfo_width())
        if shown != getattr(self, "_track_shown", None):  # the same step still (a move): the track stays
            self._track_shown = shown
            self._draw_track(t, pos, steps, here)
        self._show_preview(pos, steps, here)

    def _draw_track(self, t, pos: dict, steps, here) -> None:
        s = self.session
        t.configure(state="normal")
        t.delete("1.0", "end")
        side = pos.get("side", "")
        fill, ink = s.ruleset.side_colours.get(side, ("#333333", "#ffffff"))
        t.tag_configure("current", background=fill, foreground=ink, font=("DejaVu Sans", 9, "bold"))
        t.tag_configure("done", foreground="#8a8a8a")
        t.tag_configure("todo", foreground="#222222")
        for i, st in enumerate(steps):
            if i:
                t.insert("end", " \u203a ", ("todo",))
            tag = "current" if st.current else ("done" if here is not None and i < here else "todo")
            t.insert("end", f" {st.label} ", (tag, f"step:{st.id}"))
        t.configure(state="disabled")
        t.update_idletasks()
        lines = t.count("1.0", "end", "displaylines")
        t.configure(height=max(1, min(3, (lines[0] if isinstance(lines, tuple) else lines) or 1)))

    def _show_preview(self, pos: dict, steps, here) -> None:
        s = self.session
        action = s.ruleset.end_step(s.game)
        preview = s.ruleset.end_step_preview(s.game) if action is not None and not pos.get("over") else []
        self._preview = preview
        nxt = steps[here + 1].label if here is not None and here + 1 < len(steps) else ""
        if pos.get("over"):
            self.preview_var.set("The game is over.")
        elif preview:
            self.preview_var.set("Ending this step: " + "; ".join(preview))
        else:
            self.preview_var.set(f"Ending this step moves on to {nxt.lower() if nxt else 'the next side or turn'}; nothing else happens.")
        self.end_button.configure(state="disabled" if action is None or pos.get("over") else "normal")

    def track_steps(self) -> list[tuple[str, bool]]:
        """The turn track as shown: (label, current) per step."""
        t = self.steps_text
        out = []
        for tag in t.tag_names():
            if tag.startswith("step:"):
                r = t.tag_ranges(tag)
                if r:
                    out.append((t.index(r[0]), t.get(r[0], r[1]).strip(), "current" in t.tag_names(r[0])))
        return [(label, cur) for _i, label, cur in sorted(out, key=lambda x: tuple(int(v) for v in x[0].split(".")))]

    def _show_pools(self) -> None:
        """The Pools tab: each pool with what it still has to place, a row per kind (dragging a
        kind's row places that kind; the pool's row, all it has)."""
        tree = self.pool_tree
        open_ = {i for i in tree.get_children() if tree.item(i, "open")}
        tree.delete(*tree.get_children())
        self._pools = {p.id: p for p in self.session.ruleset.pools(self.session.game)}
        for p in self._pools.values():
            total = sum(p.left.values())
            tree.insert("", "end", iid=p.id, text=p.label, values=(f"{total} points",), open=p.id in open_ or len(self._pools) < 4)
            for k, n in p.left.items():
                if n:
                    tree.insert(p.id, "end", iid=f"{p.id}/{k}", text=k.replace("_", " "), values=(n,))
            for ld in p.leaders:
                tree.insert(p.id, "end", iid=f"{p.id}/leader/{ld}", text=f"leader {ld}", values=("",))
        if not self._pools:
            tree.insert("", "end", iid="-", text="no set-up pools to place", values=("",))

    def pool_rows(self) -> list[tuple[str, str]]:
        """The pools as shown: (pool, what it still has to place)."""
        tree = self.pool_tree
        out = []
        for i in tree.get_children():
            kids = tree.get_children(i)
            left = ", ".join(f"{tree.item(k, 'values')[0]} {tree.item(k, 'text')}" for k in kids
                             if not k.partition("/")[2].startswith("leader/"))
            leaders = [tree.item(k, "text")[7:] for k in kids if k.partition("/")[2].startswith("leader/")]
            if leaders:
                left += ("; " if left else "") + "leaders: " + ", ".join(leaders)
            out.append((tree.item(i, "text"), left))
        return out

    def _show_legend(self) -> None:
        """The legend of counters and markers, drawn with the map's own drawing functions (once
        per ruleset and sides: a move changes nothing in it)."""
        c = self.legend
        rs = self.session.ruleset
        sides = list(getattr(self.scenario, "sides", ()) or rs.side_colours)
        key = (id(rs), tuple(sides), tuple(rs.side_colours.get(x, NEUTRAL_COLOURS) for x in sides))
        if getattr(self, "_legend_for", None) == key and c.find_all():
            return
        self._legend_for = key
        c.delete("all")
        s = 30.0
        y = 16.0
        font = ("DejaVu Sans", 9)

        def row(text: str) -> None:
            nonlocal y
            t = c.create_text(64, y, text=text, anchor="w", font=font, width=245)
            x0, y0, x1, y1 = c.bbox(t)
            y += max(26, (y1 - y0) + 8)

        w = 36.0
        for side in sides:
            fill, ink = rs.side_colours.get(side, NEUTRAL_COLOURS)
            draw_army(c, 30, y, w, fill, ink, "3-1", "#f4f1e8", ("legend",))
            row(f"{side} army: infantry-mechanized (+ other points)")
        fill, ink = rs.side_colours.get(sides[0], NEUTRAL_COLOURS) if sides else NEUTRAL_COLOURS
        draw_army(c, 30, y, w, fill, ink, "3-1", SELECTED, ("legend",), width=3)
        row("the selected army")
        draw_army(c, 30, y, w, fill, ink, "3-1", UNSUPPLIED, ("legend",), width=3)
        row("an army out of supply")
        draw_fleet(c, 30, y, s * 1.3, fill, ink, "2", ("legend",))
        row("a fleet: capital ship points")
        draw_fort(c, 30, y, s * 1.3, fill, "2", ("legend",))
        row("a fort: fort points")
        base = "#d9534f"
        c.create_polygon(_hexagon(30, y, 15), fill=base, outline="#6d6d6d")
        draw_marker(c, 26, y - 10, s * 1.4, fill, ("legend",))
        other = rs.side_colours.get(sides[1], NEUTRAL_COLOURS)[0] if len(sides) > 1 else base
        c.itemconfigure(c.find_all()[-2], fill=blend(base, fill, 0.4))
        row("a captured hex: tinted in its holder's colour, with an occupation marker")
        c.create_line(10, y, 50, y, fill=HALO, width=8)
        c.create_line(10, y, 50, y, fill=SUPPLY_LINE, width=4, arrow="last")
        row("the supply line of the selected army, to its source")
        draw_ring(c, 30, y, 11, 3, UNSUPPLIED, ("legend",))
        row("ringed: where a cut-off army's line is cut; in the supply view, every unsupplied army")
        c.create_polygon(_hexagon(30, y, 15), fill=REACH, stipple="gray25", outline=REACH, width=3)
        row("where the dragged army (or pool) may go")
        c.create_line(12, y, 48, y, fill=FRONT, width=4)
        row("the front: where the hexes of two enemies meet")
        for side in sides[:3]:
            f = rs.side_colours.get(side, NEUTRAL_COLOURS)[0]
            c.create_polygon(_hexagon(30, y, 15), fill="#e8e2cf", outline="")
            c.create_polygon(_hexagon(30, y, 15), fill=f, stipple="gray12", outline="")
            row(f"supply view: {side} supplied")
        c.create_polygon(_hexagon(30, y, 15), fill=other, outline="")
        c.create_polygon(_hexagon(30, y, 15), fill=FADED, stipple="gray50", outline=fill, dash=(4, 2), width=2)
        row("supply view: friendly but unsupplied (faded)")
        c.configure(scrollregion=(0, 0, 300, y))

    def nations_lines(self) -> list[str]:
        rs = self.session.ruleset
        return rs.nations_lines(self.session.game) if hasattr(rs, "nations_lines") else []

    def armies_at(self, space: str) -> list[dict]:
        """The armies in a space (name, side), from the pieces the game shows."""
        return [{"name": p.title, "side": p.side, "hex": p.space} for p in self.pieces
                if p.kind == "army" and p.space == space and p.title]

    def selected_army(self) -> dict | None:
        if self.report is None or self.selected is None:
            return None
        return next((a for a in self.report.get("armies", []) if a["name"] == self.selected), None)

    def selected_piece(self):
        if self.selected is None:
            return None
        return next((p for p in self.pieces if p.kind == "army" and p.title == self.selected), None)

    def select_army(self, name: str | None) -> None:
        old, self.selected = self.selected, name
        p = self.selected_piece()
        if p is not None:
            self.here = p.space
        self.show_army()
        self.canvas.show_selection(old)

    def show_army(self) -> None:
        p = self.selected_piece()
        self.army_text.delete("1.0", "end")
        if p is None:
            self.army_text.insert("end", "Right-click the board for the actions of this phase." if self.board_view != "map"
                                  else "Click an army to see its strength and its supply line.")
        else:
            self.army_text.insert("end", "\n".join(p.info))
        self._show_here()

    def _show_here(self) -> None:
        """The stack / box viewer: every piece in the space last clicked."""
        lb = self.here_list
        lb.delete(0, "end")
        self._here_items = []
        space = self.here
        if not space:
            self.here_var.set("Here")
            return
        items = [p for p in self.pieces if p.space == space]
        sp = self.session.board.space(space)
        name = getattr(sp, "name", "") if sp is not None else ""
        self.here_var.set(f"In {space}{' ' + name if name else ''}: {len(items)} piece{'s' if len(items) != 1 else ''}")
        for p in items:
            what = "" if p.kind == "army" else f" ({p.kind})"
            flag = "  no supply" if p.supplied is False else ""
            lb.insert("end", f"{p.title or p.kind}{what} {p.text}{flag}")
            fill = self.canvas.colours(p.side)[0]
            lb.itemconfigure("end", foreground=UNSUPPLIED if p.supplied is False else fill,
                             selectforeground="#000000")
            if p.title == self.selected and p.kind == "army":
                lb.itemconfigure("end", background="#fff3b0")
            self._here_items.append(p)

    def here_rows(self) -> list[str]:
        return list(self.here_list.get(0, "end"))

    def _here_clicked(self, _e=None) -> None:
        sel = self.here_list.curselection()
        if sel and sel[0] < len(self._here_items):
            p = self._here_items[sel[0]]
            if p.kind == "army":
                self.select_army(p.title)

    def update_title(self) -> None:
        what = self.path.name if self.path else f"{self.scenario.name} (new game)"
        mark = "*" if self.session.dirty else ""
        self.root.title(f"{mark}{what} - mapref referee")

    def _update_edit_menu(self) -> None:
        h = self.session.history
        self.edit_menu.entryconfigure(0, label=f"Undo {h.undo_label()}".strip(), state="normal" if h.can_undo() else "disabled")
        self.edit_menu.entryconfigure(1, label=f"Redo {h.redo_label()}".strip(), state="normal" if h.can_redo() else "disabled")

    def _update_game_menu(self) -> None:
        m = self.game_menu
        m.delete(0, "end")
        m.add_command(label="End this step...", accelerator="Ctrl+Return", command=self.end_step,
                      state="normal" if self.end_button.cget("state") != "disabled" else "disabled")
        items = self.session.ruleset.game_menu(self.session.game)
        if items:
            m.add_separator()
        for item in items:
            m.add_command(label=item.label, command=lambda item=item: self.invoke(item), state="normal" if item.enabled else "disabled")
        m.add_separator()
        m.add_radiobutton(label="Strict: refuse what the rules refuse", value="strict", variable=self.mode, command=self._mode_changed)
        m.add_radiobutton(label="Advisory: allow it with a reason, logged", value="advisory", variable=self.mode,
                          command=self._mode_changed)

    def game_menu_labels(self) -> list[str]:
        m = self.game_menu
        return [m.entrycget(i, "label") for i in range(m.index("end") + 1) if m.type(i) not in ("separator",)]

    def _mode_changed(self) -> None:
        self.tell("Advisory mode: an action the rules refuse can be done anyway; you give the reason and the log "
                  "records the override." if self.advisory else "Strict mode: what the rules refuse is refused.", "info")
        self._update_game_menu()

    def toggle_supply_view(self) -> None:
        self.supply_on.set(not self.supply_on.get())
        self.refresh()

    # ------------------------------------------------------------ the messages and log panel
    def _reset_feed(self) -> None:
        self.feed = [{"kind": "log", "entry": e, "details": []} for e in self.session.log]

    def tell(self, text: str, kind: str = "info", spaces: list[str] | tuple = ()) -> None:
        """A message in the panel (in full) and its first line in the status bar."""
        self.feed.append({"kind": kind, "text": text, "spaces": list(spaces) or self.spaces_in(text)})
        self.status.set(text.splitlines()[0] if text else "")
        self._render_feed()

    def show(self, action: Action, out: Outcome) -> None:
        """The one place an outcome becomes what the referee sees: a result is the new log entry
        with what it did, a refusal its reason and rule in full."""
        if out.ok:
            entry = self.session.log[-1] if self.session.log else None
            details = [m for m in out.messages if m and m != (entry.did if entry else "")]
            if entry is not None:
                self.feed.append({"kind": "log", "entry": entry, "details": details})
            self.status.set("; ".join(out.messages) or out.label)
        else:
            text = _capital(out.refusal)
            self.feed.append({"kind": "refused", "text": text, "spaces": self.spaces_in(text, action.args)})
            self.status.set(text)
        self._render_feed()

    def spaces_in(self, text: str = "", args=None) -> list[str]:
        """The spaces an action's arguments and a message name, in order."""
        board = self.session.board
        out: list[str] = []

        def add(v) -> None:
            if isinstance(v, str):
                if v not in out and board.space(v) is not None:
                    out.append(v)
            elif isinstance(v, (list, tuple)):
                for x in v:
                    add(x)
            elif isinstance(v, dict):
                for x in v.values():
                    add(x)

        add(args or {})
        for tok in SPACE_TOKEN.findall(text or ""):
            add(tok)
        return out

    def _render_feed(self) -> None:
        t = self.log_text
        t.configure(state="normal")
        t.delete("1.0", "end")
        live = {id(e) for e in self.session.log}
        for i, item in enumerate(self.feed):
            tag = f"feed:{i}"
            if item["kind"] == "log":
                e = item["entry"]
                line = self.log_line(e)
                tags = [tag] + (["undone"] if id(e) not in live else []) + (["override"] if e.override else [])
                t.insert("end", line + ("  (undone)" if id(e) not in live else "") + "\n", tuple(tags))
                for d in item["details"]:
                    t.insert("end", d + "\n", (tag, "detail") + (("undone",) if id(e) not in live else ()))
            else:
                t.insert("end", item["text"] + "\n", (tag, item["kind"]))
            t.tag_bind(tag, "<Button-1>", lambda e, i=i: self.goto_feed(i))
        t.configure(state="disabled")
        t.see("end")

    def log_line(self, e) -> str:
        """A log entry as the panel shows it: its step by name, the override with its reason."""
        who = f" by {e.by}" if e.by else ""
        rule = f" [{e.rule}]" if e.rule else ""
        over = f"\n    AGAINST THE RULES: {e.override}" if e.override else ""
        step = self.session.ruleset.step_name(e.step)
        return f"{e.n}. {e.turn}, {e.side} {step}{who}: {e.did}{rule}{over}"

    def feed_lines(self) -> list[str]:
        """The panel's text, a line each (tests read it)."""
        return self.log_text.get("1.0", "end").strip("\n").splitlines()

    def feed_spaces(self, i: int) -> list[str]:
        item = self.feed[i]
        if item["kind"] == "log":
            e = item["entry"]
            return self.spaces_in(" ".join([e.did, *item["details"]]), {k: v for k, v in e.action.items() if k != "verb"})
        return list(item.get("spaces", []))

    def goto_feed(self, i: int) -> None:
        """A click on a line of the panel: its spaces outlined on the map, the first one centred,
        its army selected."""
        if not 0 <= i < len(self.feed):
            return
        t = self.log_text
        t.tag_remove("current", "1.0", "end")
        r = t.tag_ranges(f"feed:{i}")
        if r:
            t.tag_add("current", r[0], r[-1])
        spaces = self.feed_spaces(i)
        hexes = [h for h in (self.canvas.space_hex(s) for s in spaces) if h is not None]
        self.canvas.set_selection(hexes)
        if hexes:
            self.canvas.centre_on(hexes[0])
        item = self.feed[i]
        if item["kind"] == "log":
            e = item["entry"]
            text = " ".join([e.did, *item["details"]])
            army = e.action.get("army")
        else:
            text, army = item.get("text", ""), None
        if not army:  # the army the line names (the longest name that fits: "Army Group Centre 2")
            named = [p.title for p in self.pieces if p.kind == "army" and p.title and p.title in text]
            army = max(named, key=len) if named else None
        if army and any(p.title == army for p in self.pieces):
            self.select_army(army)
        if spaces:
            self.status.set("on the map: " + ", ".join(spaces))

    # ---------------------------------------------------------------------------- actions
    def act(self, action: Action, *, choices: bool = True) -> Outcome:
        """Check an action, ask the choices the rules need first (a die roll...; not with
        ``choices=False``), apply it, and show the result or the refusal.  In advisory mode a
        refused action is done anyway when the referee gives a reason and the game can do it
        (:meth:`Ruleset.force`); the log records the override."""
        out = self.session.check(action)
        while choices and not out.ok and out.ask is not None:
            choice = self.ask_choice(out.ask)
            if not choice:
                self.tell(f"{action.verb} not done: no {out.ask.label} chosen", "info", self.spaces_in("", action.args))
                return out
            if out.ask.many:
                action.args.setdefault(out.ask.key, []).append(choice)
            else:
                action.args[out.ask.key] = choice
            out = self.session.check(action)
        override = ""
        if not out.ok and self.advisory:
            if self.session.ruleset.force(self.session.game, action) is None:
                out = Outcome(False, reason=f"{out.reason} (this cannot be done even against the rules)", rule=out.rule)
                self.show(action, out)
                return out
            override = self.ask_override(action, _capital(out.refusal))
            if not override:
                self.show(action, out)
                return out
        res = self.session.apply(action, outcome=out if out.ok else None, override=override)
        if res.ok:
            self._after(action, res)
        self.show(action, res)
        return res

    def _after(self, action: Action, out: Outcome) -> None:
        if self.board_view == "map" and getattr(self.canvas, "culling", False):
            # a big map: what the action moved is shown at once (a dragged counter put on its
            # space), the report and the rest of the window just after this frame
            self._snap_counter(action, out)
            self._pending = (action, out)
            if self._refresh_job is None:
                self._refresh_job = self.root.after(1, self._after_now)
            return
        self._after_now(action, out)

    def _snap_counter(self, action: Action, out: Outcome) -> None:
        to = action.args.get("to")
        name = action.args.get("army") or (out.data.get("army") if isinstance(out.data, dict) else None)
        c = self.canvas
        xy = c.space_xy(to) if to else None
        if not name or xy is None or c.space_hex(to) is None:
            return
        items = [i for i in c.find_withtag(f"army:{name}") if c.type(i) == "rectangle"]
        if items:
            x0, y0, x1, y1 = c.coords(items[0])
            c.move(f"army:{name}", xy[0] - (x0 + x1) / 2, xy[1] - (y0 + y1) / 2)

    def flush(self) -> None:
        """Do now what a big map's window left for just after an action's frame (tests)."""
        if self._refresh_job is not None:
            self.root.after_cancel(self._refresh_job)
            self._after_now()

    def _after_now(self, action: Action | None = None, out: Outcome | None = None) -> None:
        if action is None:
            self._refresh_job = None
            pending, self._pending = getattr(self, "_pending", None), None
            if pending is None:
                return
            action, out = pending
        to = action.args.get("to") or action.args.get("space")
        mover = out.data.get("army") if isinstance(out.data, dict) else None
        if to:
            self.here = to
        self.refresh(force=False)  # the report of the new position, worked out once
        if to and action.verb == "move":
            side = self.session.position().get("side")
            mover = next((p.title for p in self.pieces if p.kind == "army" and p.space == to and p.side == side), mover)
        if mover and any(p.kind == "army" and p.title == mover for p in self.pieces):
            self.select_army(mover)

    def move(self, frm: str, to: str, points: dict | None = None, army: str | None = None) -> bool:
        """Check a move and apply it; the reason and rule show when it is illegal."""
        args: dict = {"from": frm, "to": to}
        if points:
            args["points"] = points
        if army:
            args["army"] = army
        return self.act(Action("move", args)).ok

    def place(self, pool: str, space: str, points: dict | None = None, leader: str = "") -> bool:
        """Place points of a set-up pool in a space."""
        args: dict = {"pool": pool, "space": space}
        if points:
            args["points"] = dict(points)
        if leader:
            args["leader"] = leader
        return self.act(Action("place", args)).ok

    def end_step(self) -> bool:
        """End this step (Ctrl+Return, the End step button): what it will do is shown first and
        confirmed when it does more than move on."""
        rs, game = self.session.ruleset, self.session.game
        action = rs.end_step(game)
        if action is None:
            return False
        preview = rs.end_step_preview(game)
        if preview:
            here = next((st.label for st in rs.steps(game) if st.current), "this step")
            text = f"Ending {here.lower()} will:\n\n" + "\n".join(f"- {x}" for x in preview) + "\n\nEnd the step?"
            if not self.ask_confirm("End the step", text):
                self.tell("the step goes on (not ended)", "info")
                return False
        return self.act(action).ok

    def advance(self, roll: int | None = None) -> None:
        """End the current step of the sequence of play (no question asked: scripts and tests)."""
        rs = self.session.ruleset
        action = rs.end_step(self.session.game) or Action("advance")
        if roll is not None:
            action.args["roll"] = roll
        out = self.session.check(action)
        if not out.ok and out.ask is None:
            self.show(action, out)
            if not self.quiet:
                messagebox.showerror("Cannot end the step", _capital(out.refusal), parent=self.root)
            return
        self.act(action)

    def undo(self) -> None:
        e = self.session.undo()
        if e is None:
            self.tell("nothing to undo", "info")
            return
        self.refresh()
        self.tell(f"undone: {e.did}", "info", self.spaces_in(e.did, e.action))

    def redo(self) -> None:
        e = self.session.redo()
        if e is None:
            self.tell("nothing to redo", "info")
            return
        self.refresh()
        self.tell(f"redone: {e.did}", "info", self.spaces_in(e.did, e.action))

    # ------------------------------------------------------------------------- the mouse
    def space_at(self, x: int, y: int) -> str | None:
        if self.board_view != "map":
            return self.canvas.space_at(x, y)
        bid = self.canvas.box_at(x, y)
        if bid is not None:
            return f"box:{bid}"
        h = self.canvas.hex_at(x, y)
        return self.map.grid.label(h) if h is not None else None

    def _click(self, e: tk.Event) -> None:
        space = self.space_at(e.x, e.y)
        self.canvas.set_selection(())
        self.last_space = space or self.last_space
        here = self.armies_at(space) if space else []
        self._press = {"from": space, "x": e.x, "y": e.y, "dragging": False} if here else None
        self.here = space
        if not here:
            self.select_army(None)
            return
        names = [a["name"] for a in here]
        # clicking again cycles through the armies of a space (off-map boxes hold many)
        nxt = names[(names.index(self.selected) + 1) % len(names)] if self.selected in names else names[0]
        if self.session.board.space(space).is_box:
            # in a box, the counter under the mouse
            hit = self._army_under(e.x, e.y)
            if hit in names:
                nxt = hit
        self.select_army(nxt)

    def _army_under(self, x: int, y: int) -> str | None:
        cx, cy = self.canvas.canvasx(x), self.canvas.canvasy(y)
        for i in reversed(self.canvas.find_overlapping(cx - 1, cy - 1, cx + 1, cy + 1)):
            for tag in self.canvas.gettags(i):
                if tag.startswith("army:"):
                    return tag[5:]
        return None

    def _drag_motion(self, e: tk.Event) -> None:
        """Dragging an army: its counter follows the mouse, the spaces it may reach are lit."""
        p = self._press
        if p is None or not self.selected:
            return
        c = self.canvas
        if not p["dragging"]:
            if abs(e.x - p["x"]) + abs(e.y - p["y"]) < 4:
                return
            p["dragging"] = True
            p["last"] = (p["x"], p["y"])
            piece = self.selected_piece()
            self._start_reach(piece.id if piece else f"army:{self.selected}", p["from"])
            c.addtag_withtag("drag", f"army:{self.selected}")
            c.tag_raise("drag")
        lx, ly = p["last"]
        c.move("drag", e.x - lx, e.y - ly)
        p["last"] = (e.x, e.y)
        to = self.space_at(e.x, e.y)
        if to:
            ok = to in c.reach or to == p["from"]
            self.status.set(f"drop on {to}" + ("" if ok else ": not a space it may reach now"))

    REACH_STEP = 40  # spaces asked at a time while a big map's reach fills in (a few ms each)

    def _start_reach(self, piece: str, frm: str | None) -> None:
        """Light the spaces ``piece`` may be dropped on.  A big map asks about the spaces drawn
        around the view, nearest first, a few at a time between events, so the drag never waits
        for a whole map's checks."""
        c = self.canvas
        rs, game = self.session.ruleset, self.session.game
        if not getattr(c, "culling", False):
            c.reach = rs.reach(game, piece)
            c.show_reach() if hasattr(c, "show_reach") else c.draw_overlays()
            return
        c.reach = set()
        c.delete("reach")
        home = c.space_hex(frm) if frm else None
        r0, c0 = (home.row, home.col) if home is not None else (0, 0)
        near = sorted(c.items, key=lambda h: (h.row - r0) ** 2 + (h.col - c0) ** 2)  # nearest first
        labels = self.map.grid.label
        todo = [f"box:{b}" for b in self.map.boxes] + [labels(h) for h in near]
        gen = (self._reach_job or {}).get("gen", 0) + 1
        self._reach_job = {"piece": piece, "todo": todo, "gen": gen}
        self.root.after(1, self._reach_step, gen)

    def _reach_step(self, gen: int) -> None:
        job = self._reach_job
        if job is None or job["gen"] != gen or self._press is None:
            return
        chunk, job["todo"] = job["todo"][:self.REACH_STEP], job["todo"][self.REACH_STEP:]
        got = self.session.ruleset.reach(self.session.game, job["piece"], within=chunk)
        c = self.canvas
        if got:
            c.reach |= got
            c.draw_reach(got)
            c.tag_raise("drag")
        if job["todo"]:
            self.root.after(1, self._reach_step, gen)
        else:
            self._reach_job = None

    def drag_reach(self) -> set[str]:
        return set(self.canvas.reach)

    def _release(self, e: tk.Event) -> None:
        """Dropping an army on another space moves it there, if the rules allow."""
        p, self._press = self._press, None
        c = self.canvas
        was_dragging = p is not None and p.get("dragging")
        c.reach = set()
        self._reach_job = None
        if getattr(c, "culling", False):
            c.delete("reach")
        c.dtag("drag", "drag")
        to = self.space_at(e.x, e.y)
        frm = p["from"] if p else None
        if frm and to and to != frm and self.selected:
            piece = self.selected_piece()
            action = self.session.ruleset.drag(self.session.game, piece.id if piece else f"army:{self.selected}", to)
            if action is not None:
                out = self.act(action)
                if out.ok:
                    return
        if was_dragging:
            c.draw_overlays()

    def _right_click(self, e: tk.Event) -> None:
        space = self.space_at(e.x, e.y)
        if space is None:
            return
        self.last_space = space
        items = self._menu(space)
        if not items:
            self.status.set(f"{space}: nothing to do here now")
            return
        if self.context_menu is not None:
            self.context_menu.destroy()
        menu = self.context_menu = tk.Menu(self.root, tearoff=False)
        menu.add_command(label=space, state="disabled")
        greyed = [i for i in items if not i.enabled]
        for item in items:
            if item.enabled:
                menu.add_command(label=item.label, command=self._menu_command(item))
            else:
                menu.add_command(label=item.label, state="disabled")
        if greyed:
            whys = []
            for i in greyed:
                why = f"{i.why} [{i.rule}]" if i.why and i.rule and f"[{i.rule}]" not in i.why else i.why
                if why and why not in whys:
                    whys.append(why)
            self.status.set(f"{space}: " + _capital("; ".join(whys)) if whys else f"{space}: greyed entries are refused now")
        try:
            menu.tk_popup(e.x_root, e.y_root)
        finally:
            menu.grab_release()

    def _menu(self, space: str):
        sel = f"army:{self.selected}" if self.selected else None
        return self.session.ruleset.menu(self.session.game, space, sel)

    def menu_entries(self, space: str) -> list[tuple[str, bool, str]]:
        """The right-click menu at ``space``: (label, enabled, why greyed)."""
        return [(i.label, i.enabled, i.why) for i in self._menu(space)]

    def combat_actions(self, space: str) -> list[tuple[str, object]]:
        """The right-click menu's enabled entries at ``space``: (label, function) pairs."""
        return [(item.label, self._menu_command(item)) for item in self._menu(space) if item.enabled]

    def _menu_command(self, item):
        action = item.action
        if action is None:
            return lambda: None
        if action.verb == "capture":
            return lambda: self._capture(Action(action.verb, dict(action.args)))
        if item.ask and action.verb == "losses":
            return lambda: self.ask_and_record_losses(action.args["space"])
        return lambda: self.invoke(item)

    def invoke(self, item) -> bool:
        """A menu entry: its values asked first (its ``ask`` fields), then its action.  Greyed
        entries (what the current step refuses) stay greyed in advisory mode too: advisory mode
        overrides the rules on an action, with a reason, not the sequence of play's menus."""
        if item.action is None:
            return False
        args = copy.deepcopy(item.action.args)
        if item.ask:
            fields = []
            for key, label, kind, default, choices in item.ask:
                if key == "space" and not default and self.last_space:
                    default = self.last_space
                fields.append((key, label, kind, default, choices))
            values = self.ask_form(item.label.rstrip("."), fields, "\n".join(x for x in (item.note, item.why) if x))
            if not values:
                return False
            for key, _label, kind, _default, _choices in item.ask:
                v = values.get(key, "")
                if kind == "int":
                    try:
                        v = int(v or 0)
                    except ValueError:
                        self.tell(f"{key.rpartition('.')[2]}: a whole number, please (got {v!r})", "refused")
                        return False
                elif v == "":
                    continue
                where, _, leaf = key.rpartition(".")
                if where:
                    if kind == "int" and not v:
                        continue
                    args.setdefault(where, {})[leaf] = v
                else:
                    args[key] = v
        return self.act(Action(item.action.verb, args)).ok

    def ask_and_act(self, item) -> bool:
        return self.invoke(item)

    # ------------------------------------------------------------------- set-up pools
    def _pool_press(self, e: tk.Event) -> None:
        row = self.pool_tree.identify_row(e.y)
        self._pool_drag = None
        pool, _, kind = (row or "").partition("/")
        if pool in self._pools:
            self.pool_tree.selection_set(row)
            self._pool_drag = {"pool": pool, "kind": kind, "dragging": False}

    def _pool_canvas_xy(self, e: tk.Event) -> tuple[int, int]:
        t, c = self.pool_tree, self.canvas
        return e.x + t.winfo_rootx() - c.winfo_rootx(), e.y + t.winfo_rooty() - c.winfo_rooty()

    def _pool_motion(self, e: tk.Event) -> None:
        """Dragging a pool: a counter of its side follows the mouse over the map, the spaces it
        may be placed in are lit."""
        d = self._pool_drag
        if d is None:
            return
        c = self.canvas
        x, y = self._pool_canvas_xy(e)
        pool = self._pools[d["pool"]]
        if not d["dragging"]:
            d["dragging"] = True
            c.reach = self.session.ruleset.reach(self.session.game, f"pool:{pool.id}")
            c.draw_overlays()
        c.delete("ghost")
        if 0 <= x < c.winfo_width() and 0 <= y < c.winfo_height():
            fill, ink = c.colours(pool.side)
            draw_army(c, c.canvasx(x), c.canvasy(y), c.counter_width(), fill, ink, "+", SELECTED, ("ghost", "drag"))
            to = self.space_at(x, y)
            if to:
                self.status.set(f"place pool {pool.id} in {to}" + ("" if to in c.reach else ": outside where it may be placed"))

    def _pool_release(self, e: tk.Event) -> None:
        d, self._pool_drag = self._pool_drag, None
        c = self.canvas
        c.delete("ghost")
        if d is None or not d["dragging"]:
            return
        c.reach = set()
        x, y = self._pool_canvas_xy(e)
        space = self.space_at(x, y) if 0 <= x < c.winfo_width() and 0 <= y < c.winfo_height() else None
        if space is None:
            c.draw_overlays()
            return
        self.last_space = space
        item = self.session.ruleset.place(self.session.game, d["pool"], space)
        if item is None:
            self.tell(f"pool {d['pool']} cannot be placed in {space}", "refused", [space])
            c.draw_overlays()
            return
        if d["kind"]:
            # a kind's row: that kind only (a leader's row: that leader)
            kind = d["kind"]
            room = sum(int(default or 0) for key, _l, k, default, _c in item.ask if key.startswith("points.") and k == "int")
            left = self._pools[d["pool"]].left.get(kind, 0)
            fields = []
            for key, label, k, default, choices in item.ask:
                if kind.startswith("leader/"):
                    default = kind[7:] if key == "leader" else (0 if k == "int" else default)
                elif key.startswith("points."):
                    default = min(left, room) if key == f"points.{kind}" else 0
                fields.append((key, label, k, default, choices))
            item = copy.copy(item)
            item.ask = fields
        if not self.invoke(item):
            c.draw_overlays()

    # ------------------------------------------------------------------- combat results (R35)
    def capture(self, frm: str, to: str, retreat_to: list[str] | None = None, army: str | None = None) -> bool:
        """A successful advance from ``frm`` into ``to`` (Advance resolution 2-13).  ``retreat_to``:
        where the defender retreats each displaced army, in order; when it is not given and a
        defender has a choice, :attr:`ask_retreat` asks (a single legal hex is taken at once)."""
        args: dict = {"from": frm, "to": to}
        if army:
            args["army"] = army
        if retreat_to is not None:
            args["retreat_to"] = list(retreat_to)
        return self._capture(Action("capture", args), asked=retreat_to is not None)

    def _capture(self, action: Action, asked: bool = False) -> bool:
        while True:
            out = self.session.check(action)
            if out.ok or out.ask is None or asked:
                break
            options = out.ask.options
            name = out.ask.label.split(" retreats from ")[0]
            choice = options[0] if len(options) == 1 else self.ask_retreat(name, action.args["to"], options)
            if not choice:
                self.tell(f"advance {action.args['from']} -> {action.args['to']} not recorded: no retreat chosen for {name}",
                          "info", [action.args["from"], action.args["to"]])
                return False
            action.args.setdefault(out.ask.key, []).append(choice)
        return self.act(action, choices=False).ok

    def losses(self, space: str, points: dict[str, int] | None = None, fort: int = 0, garrison: bool = False,
               army: str | None = None) -> bool:
        """The owner's losses after an assault (Assault resolution 5-8; Effect of forts on combat 2)."""
        args: dict = {"space": space}
        if points:
            args["points"] = dict(points)
        if fort:
            args["fort"] = fort
        if garrison:
            args["garrison"] = True
        if army:
            args["army"] = army
        return self.act(Action("losses", args)).ok

    def ask_and_record_losses(self, space: str) -> bool:
        here = [a for a in (self.report or {}).get("armies", []) if a["hex"] == space]
        a = next((x for x in here if x["name"] == self.selected), here[0] if here else None)
        has_fort = any(p.kind == "fort" and p.space == space for p in self.pieces)
        v = self.ask_losses(space, a, has_fort)
        if not v:
            return False
        try:
            pts = {k: int(v.get(k) or 0) for k in ("infantry", "mechanized", "amphibious", "tactical_air", "para")}
            fort = int(v.get("fort") or 0)
        except ValueError:
            self.tell("losses are whole numbers of strength points [Assault resolution 5]", "refused", [space])
            return False
        return self.losses(space, {k: n for k, n in pts.items() if n}, fort=fort, army=a["name"] if a else None)

    # ------------------------------------------------------------------------------ dialogs
    def _ask_form_dialog(self, title: str, fields: list, note: str = "") -> dict | None:
        from mapref.ui.dialogs import FormDialog

        return FormDialog(self.root, title, fields, note=note).show()

    def _ask_choice_dialog(self, ask) -> str | None:
        from mapref.ui.dialogs import FormDialog

        v = FormDialog(self.root, _capital(ask.label), [("choice", _capital(ask.label), "choice", ask.options[0], ask.options)],
                       note=ask.note).show()
        return v["choice"] if v else None

    def _ask_override_dialog(self, action: Action, refusal: str) -> str | None:
        from mapref.ui.dialogs import FormDialog

        v = FormDialog(self.root, "Against the rules", [("reason", "Your reason (kept in the log)", "entry", "", None)],
                       note=f"Advisory mode. The rules refuse this: {refusal}\n\nDo it anyway?").show()
        return (v or {}).get("reason") or None

    def _ask_confirm_dialog(self, title: str, text: str) -> bool:
        return bool(messagebox.askyesno(title, text, parent=self.root))

    def _ask_retreat_dialog(self, army: str, space: str, options: list[str]) -> str | None:
        from mapref.ui.dialogs import FormDialog

        d = FormDialog(self.root, "Retreat", [("to", f"{army} retreats from {space} to", "choice", options[0], options)],
                       note="The defender chooses among the legal retreats (Advance resolution 6-7).")
        v = d.show()
        return v["to"] if v else None

    def _ask_losses_dialog(self, space: str, army: dict | None, has_fort: bool) -> dict | None:
        from mapref.ui.dialogs import FormDialog

        fields = []
        if army is not None:
            for k, n in army["strength"].items():
                if n:
                    fields.append((k, f"{k.replace('_', ' ')} lost (of {n})", "int", 0, None))
        if has_fort:
            fields.append(("fort", "fort points lost", "int", 0, None))
        if not fields:
            return None
        who = army["name"] if army else f"the fort in {space}"
        return FormDialog(self.root, f"Losses in {space}", fields,
                          note=f"The points {who} loses, as its owner chose (Assault resolution 5).").show()

    def _motion(self, e: tk.Event) -> None:
        if self.board_view != "map":
            return
        space = self.space_at(e.x, e.y)
        if space is None:
            self.status.set("")
            return
        h = self.canvas.space_hex(space)
        if h is not None:
            text = self.map.describe(h)
        else:
            sp = self.session.board.space(space)
            text = f"{space} {getattr(sp, 'name', '')}".strip()
        armies = ", ".join(f"{a['name']} ({a['side']})" for a in self.armies_at(space))
        self.status.set(text + (f"; {armies}" if armies else ""))

    def _violation_clicked(self, _e=None) -> None:
        sel = self.violations.curselection()
        if not sel or sel[0] >= len(self._violation_where):
            return
        where = self._violation_where[sel[0]]
        if self.board_view != "map":
            return
        army = next((a for a in (self.report or {}).get("armies", []) if a["name"] == where), None)
        space = army["hex"] if army else where
        h = self.canvas.space_hex(space) if space else None
        if army:
            self.select_army(army["name"])
        if h is not None:
            self.canvas.set_selection([h])
            self.canvas.centre_on(h)

    # ------------------------------------------------------------------------------ files
    def save(self) -> bool:
        """Save to the game's own file (Ctrl+S); a new game asks where."""
        if not self.session.path:
            return self.ask_save()
        self.session.save()
        self.update_title()
        self.tell(f"saved {self.session.path}", "info")
        return True

    def ask_save(self) -> bool:
        p = self.ask_save_path()
        if not p:
            return False
        self.session.save(p)
        self.update_title()
        self.tell(f"saved {p}", "info")
        return True

    def _ask_save_path_dialog(self) -> str | None:
        return filedialog.asksaveasfilename(parent=self.root, defaultextension=".toml", filetypes=[("mapref game", "*.toml")]) or None

    def _ask_save_changes_dialog(self, what: str) -> bool | None:
        return messagebox.askyesnocancel("Unsaved changes", f"Save the changes to {what} first?", parent=self.root)

    def settle_unsaved(self) -> bool:
        """Before closing or opening another game: True when it is all right to go on (the
        changes were saved or thrown away), False to stay."""
        if not self.session.dirty:
            return True
        what = self.path.name if self.path else f"the new {self.scenario.name} game"
        answer = self.ask_save_changes(what)
        if answer is None:
            return False
        if answer:
            return self.save()
        return True

    def close(self) -> None:
        if not self.settle_unsaved():
            return
        self.session.close()
        self.root.destroy()

    def ask_open(self) -> None:
        p = filedialog.askopenfilename(parent=self.root, filetypes=[("mapref files", "*.toml")])
        if p:
            self.open_path(p)

    def open_path(self, p: str | Path) -> bool:
        if not self.settle_unsaved():
            return False
        new = load_for_play(p, journal=True, ask=self._ask_recover_dialog if not self.quiet else None)
        self._switch(new, f"opened {p}")
        return True

    def _switch(self, new: GameSession, note: str) -> None:
        from mapref.core.model import MapModel

        if not isinstance(new.map, MapModel):
            new.close()
            raise ValueError(f"{new.scenario.name} is played on an area map: open it with mapref FILE, which opens "
                             "the referee's window for area maps")
        self.session.listeners.remove(self._session_changed)
        self.session.close()
        self.session = new
        new.listeners.append(self._session_changed)
        self.selected = None
        self.here = None
        self.canvas.held = {}
        self.canvas.set_model(new.map)
        self._reset_feed()
        self.refresh()
        self.update_title()
        self.tell(note, "info")

    def new_game(self, scenario: str | Path, auto_place: bool = False) -> bool:
        """A new game from a scenario file: its set-up pools placed automatically, or left in the
        Pools tab for the players to place."""
        from mapref.rules.files import new_game

        if not self.settle_unsaved():
            return False
        path = Path(scenario)
        game = new_game(path, scenario_ref=_scenario_ref(path), auto_place=auto_place)
        self._switch(GameSession(game, journal=True), f"new game: {game.scenario.name}"
                     + ("" if auto_place else "; place the set-up pools from the Pools tab (drag them onto the map)"))
        if not auto_place and self.session.ruleset.pools(self.session.game):
            self.side.select(1)
        self.canvas.fit()
        return True

    def ask_and_start_new(self) -> None:
        v = self.ask_new_game()
        if v:
            self.new_game(*v)

    def _ask_new_game_dialog(self):
        from mapref.paths import data_dir
        from mapref.ui.dialogs import FormDialog

        shipped = [p.stem for p in sorted(data_dir("scenarios").glob("*.toml")) if _on_hexes(p)]
        v = FormDialog(self.root, "New game", [("scenario", "Scenario", "choice", shipped[0] if shipped else "", shipped),
                                               ("pools", "Set-up pools", "choice", "place them by hand",
                                                ["place them by hand", "place them automatically"])],
                       note="The scenario's fixed set-up is placed at once; its free placements (pools) are dragged "
                            "from the Pools tab, or placed automatically.").show()
        if not v or not v.get("scenario"):
            return None
        return data_dir("scenarios") / f"{v['scenario']}.toml", v["pools"].endswith("automatically")

    def _ask_recover_dialog(self, text: str) -> bool:
        return messagebox.askyesno("Recover unsaved changes", f"mapref was closed before these were saved: {text}. Recover them?",
                                   parent=self.root)

    def export_supply(self) -> bool:  # File > Export position as PNG (PositionExport) draws the supply view when it is on
        return self.supply_on.get()

    def exported(self, text: str) -> None:
        self.tell(text, "info")

    def edit_map(self):
        """The map editor on a copy of the game's map: what is edited there does not change the
        game being played (save the map and reopen the game to play on it)."""
        import tomllib

        from mapref.io.mapfile import dumps_map, map_from_dict
        from mapref.ui.editor import Editor

        text = dumps_map(self.map)  # a copy through the file format: the model's caches are not copied
        m = map_from_dict(tomllib.loads(text), text, f"{self.map.name or 'map'} (a copy)")
        top = tk.Toplevel(self.root)
        return Editor(top, model=m, quiet=self.quiet)  # type: ignore[arg-type]

    def report_exception(self, exc_type, exc, tb) -> None:
        """Tk's callback error hook: user errors are shown, internal ones logged."""
        self.show_error(*classify_error(exc_type, exc, tb, (ValueError, OSError)))

    def show_error(self, title: str, text: str) -> None:
        self.messages.append(text)
        self.tell(text or title, "refused")
        if not self.quiet:
            messagebox.showerror(title, text, parent=self.root)


def _hexagon(cx: float, cy: float, r: float) -> list[float]:
    import math

    return [v for i in range(6) for v in (cx + r * math.cos(math.radians(30 + 60 * i)), cy + r * math.sin(math.radians(30 + 60 * i)))]


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _on_hexes(scenario: Path) -> bool:
    """Is the scenario played on a hex map (this window's kind)?"""
    import tomllib

    from mapref.rules import registry

    try:
        name = tomllib.loads(scenario.read_text(encoding="utf-8")).get("ruleset", "")
        return "hex" in registry.get(str(name)).board_kinds
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, KeyError):  # not offered
        return False


def _scenario_ref(path: Path) -> str:
    from mapref.paths import data_dir

    try:
        if path.resolve().parent == data_dir("scenarios").resolve():
            return path.stem
    except OSError:
        pass
    return str(path.resolve())


def load_for_play(path: str | Path | None, *, journal: bool = False, ask=None) -> GameSession:
    """A session on a game file, a scenario file (a fresh set-up with its pools placed), or
    nothing (the shipped default: the Hitler's War map with the Barbarossa set-up).  With
    ``journal``, the session keeps a crash journal; when a crashed window left one for this
    game, ``ask(description) -> bool`` decides whether to recover it (None: never)."""
    from mapref.paths import shipped_scenario
    from mapref.rules import journal as jr
    from mapref.rules import registry
    from mapref.rules.files import load_game, new_game, open_file
    from mapref.rules.session import GameSession

    if path is None:
        sc_path = shipped_scenario(registry.DEFAULT_SCENARIO)
        game = new_game(sc_path, scenario_ref=registry.DEFAULT_SCENARIO, auto_place=True)
    else:
        kind, obj = open_file(path)
        if kind == "game":
            game = obj  # type: ignore[assignment]
        elif kind == "scenario":
            game = new_game(Path(path), scenario_ref=str(Path(path).resolve()), auto_place=True)
        else:
            raise ValueError(f"{path}: a {kind} file is a map: open it in the editor")
    if journal:
        r = jr.pending(game.path or None, getattr(game.scenario, "id", ""))
        if r is not None and not r.stale and ask is not None and ask(r.describe()):
            fresh = load_game(game.path, game.path) if game.path else game
            return jr.recover(r, fresh)
        if r is not None:
            r.discard()
    return GameSession(game, journal=journal)


def run(path: str | Path | None = None) -> int:
    root = tk.Tk()
    root.withdraw()
    ask = (lambda text: messagebox.askyesno("Recover unsaved changes",
                                           f"mapref was closed before these were saved: {text}. Recover them?"))
    session = load_for_play(path, journal=True, ask=ask)
    root.deiconify()
    w = GameWindow(root, session)
    # the whole map, or on a big map its middle at a working zoom: fitting 40,000 hexes would draw
    # every one (View > Fit still does)
    root.after(60, getattr(w.canvas, "initial_view", w.canvas.fit))
    autoclose(root)
    root.mainloop()
    return 0
