"""What the referee's window asks of the board it shows, whichever it is: the hex map
(:mod:`.hex_board`), the area map (:mod:`.area_board`) or the tracks (:mod:`.tracks_board`).

A board view is a Tk canvas that draws the game from the window's *scene* (what the window
asked the ruleset at its last refresh: ``pieces``, ``selected``, ``marks``, ``held``,
``control``, ``supply_view``...) and answers the controller's questions in the ruleset's own
words: which space is under the mouse (:meth:`space_at`, the id a ruleset's ``menu`` and
``drag`` take), which piece (:meth:`piece_at`, a :class:`~mapref.rules.ruleset.Piece` id).
Every piece's items carry the tag ``piece:ID``, so one mechanism lifts, carries and finds
pieces on every board.
"""

from __future__ import annotations

import math


class BoardView:
    """The common part of the three board views (a mixin over a ``tk.Canvas``)."""

    kind = ""  # "hex", "area", "tracks": what the window's tests and the status ask
    lit: set  # the spaces lit as where a dragged piece may go

    # Each board has ``redraw_game()`` (the scene changed: draw the pieces and marks, and
    # whatever under them changed) and ``space_at(x, y)`` (the space under widget point (x, y):
    # its id, or None); the canvases' own ``fit``, ``zoom_at`` and ``set_model`` serve as they are.

    def space_xy(self, space: str) -> tuple[float, float] | None:
        """Canvas coordinates of a space's centre (None: not on this board)."""
        return None

    def outline(self, spaces) -> None:
        """Outline ``spaces`` (a line of the log clicked, Go to, Find)."""

    def centre_on_space(self, space: str) -> None:
        xy = self.space_xy(space)
        if xy is None:
            return
        self.update_idletasks()
        self.scroll_to_canvas(xy[0] - self.winfo_width() / 2, xy[1] - self.winfo_height() / 2)

    def scroll_to_canvas(self, left: float, top: float) -> None:
        self._scroll_to(left, top)

    def describe(self, space: str) -> str:
        """What the status bar says of a space under the mouse."""
        return space

    def visible_names(self) -> list[tuple[str, tuple[int, int, int, int]]]:
        """The names shown on the board with their boxes (tests check they never overlap)."""
        out = []
        for i in self.find_withtag("name"):
            if self.itemcget(i, "state") != "hidden" and self.bbox(i):
                out.append((self.itemcget(i, "text"), tuple(self.bbox(i))))
        return out

    def show_selection(self, before: str | None) -> None:
        self.redraw_game()

    def show_reach(self) -> None:
        self.redraw_game()

    def draw_reach(self, spaces) -> None:
        self.show_reach()

    def set_held(self, held: dict) -> None:
        self.held = dict(held)

    def initial_view(self) -> None:
        """The view a window opens on (a hex board of a big map: its middle, not every hex)."""
        self.fit()

    def zoom_step(self, factor: float) -> None:
        """Zoom about the middle of the view (the + and - keys)."""
        self.update_idletasks()
        self.zoom_at(factor, self.winfo_width() / 2, self.winfo_height() / 2)

    # ------------------------------------------------------------------------- pieces
    def piece_at(self, x: float, y: float) -> str | None:
        """The id of the topmost piece under widget point (x, y)."""
        cx, cy = self.canvasx(x), self.canvasy(y)
        for item in reversed(self.find_overlapping(cx - 1, cy - 1, cx + 1, cy + 1)):
            for t in self.gettags(item):
                if t.startswith("piece:") and "drag" not in self.gettags(item):
                    return t[6:]
        return None

    def piece_box(self, pid: str) -> tuple[float, float, float, float] | None:
        """The canvas box of a piece's counter (its biggest item)."""
        best = None
        for i in self.find_withtag(f"piece:{pid}"):
            bb = self.bbox(i)
            if bb and (best is None or (bb[2] - bb[0]) * (bb[3] - bb[1]) > (best[2] - best[0]) * (best[3] - best[1])):
                best = bb
        return best

    def piece_widget_xy(self, pid: str) -> tuple[int, int] | None:
        """Widget coordinates of a piece's centre (tests press the mouse there)."""
        bb = self.piece_box(pid)
        if bb is None:
            return None
        return int(round((bb[0] + bb[2]) / 2 - self.canvasx(0))), int(round((bb[1] + bb[3]) / 2 - self.canvasy(0)))

    def space_widget_xy(self, space: str) -> tuple[int, int] | None:
        xy = self.space_xy(space)
        if xy is None:
            return None
        return int(round(xy[0] - self.canvasx(0))), int(round(xy[1] - self.canvasy(0)))

    def pick_up(self, pid: str) -> None:
        """A piece is picked up to be dragged: its items follow :meth:`carry`."""
        self.addtag_withtag("drag", f"piece:{pid}")
        self.tag_raise("drag")

    def carry(self, dx: float, dy: float) -> None:
        self.move("drag", dx, dy)

    def put_down(self, space: str | None = None) -> None:
        """The drag ended: the piece stays where it was dropped (centred on ``space``, if given)
        until the next drawing of the game."""
        if space is not None:
            xy = self.space_xy(space)
            items = self.find_withtag("drag")
            if xy is not None and items:
                bbs = [self.bbox(i) for i in items if self.bbox(i)]
                if bbs:
                    x0, y0 = min(b[0] for b in bbs), min(b[1] for b in bbs)
                    x1, y1 = max(b[2] for b in bbs), max(b[3] for b in bbs)
                    self.move("drag", xy[0] - (x0 + x1) / 2, xy[1] - (y0 + y1) / 2)
        self.dtag("drag", "drag")

    def ghost(self, x: float, y: float, side: str) -> None:
        """A counter of ``side`` under the mouse while a set-up pool is dragged from the side
        panel (widget coordinates)."""
        from mapref.render.pieces import counter, counter_edge
        from mapref.ui.marks_tk import draw_marks

        self.delete("ghost")
        fill, ink = self.colours(side)
        size = self.counter_size()
        edge, line = counter_edge(None, True, size)
        line = float(math.ceil(line))  # a whole pixel: Tk repaints a moved item's whole edge (no fragments left)
        draw_marks(
            self, counter(self.canvasx(x), self.canvasy(y), size, fill, ink, "+", edge, line, ()), ("ghost", "drag")
        )

    def counter_size(self) -> float:
        return 24.0

    def colours(self, side: str) -> tuple[str, str]:
        from mapref.render.pieces import NEUTRAL_COLOURS, colours_of

        w = getattr(self, "scene", None)
        return colours_of(w.session.ruleset, w.session.game, side) if w is not None else NEUTRAL_COLOURS

    def spaces_near(self, space: str | None) -> list[str]:
        """The spaces a dragged piece's reach is asked about, nearest ``space`` first (a big
        map: those drawn around the view)."""
        return []


__all__ = ["BoardView"]
