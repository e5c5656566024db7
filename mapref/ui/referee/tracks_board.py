"""The board of a game played on tracks rather than a map (``Ruleset.board_view = "tracks"``):
the front-token card game's three fronts of four tokens (shared/seeds/001); and the tracks a
map game shows beside its map (area control's victory-city tallies and neutral blocks, a VP
track), in a panel of the window's side (``panel=True``: the rows only, each label above its
slots).

The referee's window (:mod:`mapref.ui.referee.window`) puts this canvas where a map would go.
It draws, from the ruleset's answers only: the title (year and phase), the turn track
(``turn_track``), the sequence of play (``steps``, skipped steps greyed), and one row per track
(``tracks``) with its token slots coloured by the side holding them, the row being played
outlined.  A right-click on a row opens the ruleset's menu for it (``menu``), as a right-click
on a space of a map does.
"""

from __future__ import annotations

import tkinter as tk

from mapref.ui.referee.board import BoardView

BG = "#f4f1e8"
INK = "#222222"
CURRENT = "#e8a200"
NEUTRAL = ("#9a9a9a", "#ffffff")


class TracksBoard(BoardView, tk.Canvas):
    kind = "tracks"

    def __init__(self, master: tk.Misc, scene, panel: bool = False, **kw) -> None:
        kw.setdefault("width", 300 if panel else 900)
        kw.setdefault("height", 300 if panel else 640)
        super().__init__(master, background=BG, highlightthickness=0, **kw)
        self.scene = scene
        self.panel = panel
        self.held: dict = {}
        self.lit: set = set()
        self._rows: list[tuple[str, float, float]] = []  # (id, top, bottom) of each drawn row
        self.bind("<Configure>", lambda e: self.draw_overlays())
        if panel:
            self.bind("<Button-4>", lambda e: self.yview_scroll(-2, "units"))
            self.bind("<Button-5>", lambda e: self.yview_scroll(2, "units"))

    # what the window asks of every board ------------------------------------------------
    def fit(self) -> None:
        self.draw_overlays()

    def zoom_step(self, factor: float) -> None:
        self.draw_overlays()

    def redraw_game(self) -> None:
        self.draw_overlays()

    def set_model(self, _m) -> None:
        self.draw_overlays()

    def space_xy(self, space: str):
        for rid, top, bottom in self._rows:
            if rid == space:
                return (self.winfo_width() / 2, (top + bottom) / 2)
        return None

    def outline(self, spaces) -> None:
        self.delete("outline")
        for rid, top, bottom in self._rows:
            if rid in spaces:
                self.create_rectangle(
                    6,
                    top - 3,
                    max(self.winfo_width(), 300) - 6,
                    bottom + 3,
                    outline="#ff00aa",
                    width=3,
                    tags=("outline",),
                )

    def centre_on_space(self, space: str) -> None:
        xy = self.space_xy(space)
        if xy is not None and self.panel:
            self.yview_moveto(max(0.0, (xy[1] - 40) / max(1.0, float(self.bbox("all")[3] if self.bbox("all") else 1))))

    def space_at(self, x: float, y: float) -> str | None:
        """The track under the pointer (what a right-click passes to the ruleset's menu), or ""
        anywhere else on the board (the menu of the phase)."""
        y = self.canvasy(y)
        for rid, top, bottom in self._rows:
            if top <= y <= bottom:
                return rid
        return ""

    # drawing -------------------------------------------------------------------------------
    def colours(self, side: str) -> tuple[str, str]:
        s = self.scene.session
        return s.ruleset.colours(s.game).get(side, NEUTRAL)

    def draw_overlays(self) -> None:
        if self.panel:
            self._draw_panel()
            return
        s = self.scene.session
        rs, game = s.ruleset, s.game
        self.delete("all")
        w = max(self.winfo_width(), 600)
        pad = 24
        pos = rs.position(game)
        title = self.create_text(
            pad,
            pad,
            text=pos.get("title", ""),
            anchor="nw",
            fill=INK,
            font=("DejaVu Sans", 16, "bold"),
            tags=("title",),
            width=w - 2 * pad,
        )
        y = self.bbox(title)[3] + 12
        turns = rs.turn_track(game)
        if turns:
            y = self._draw_turns(turns, y, w)
        steps = rs.steps(game)
        if steps:
            y = self._draw_steps(steps, y, w)
        self._rows = []
        rows = rs.tracks(game)
        room = max(90.0, min(150.0, (self.winfo_height() - y - 100) / max(1, len(rows))))
        for row in rows:
            self._draw_row(row, y, y + room - 14, w)
            y += room
        lx = pad
        colours = rs.colours(self.scene.session.game)
        step = min(120.0, (w - 2 * pad) / max(1, len(colours)))
        for side in colours:
            fill, _ink = self.colours(side)
            self.create_oval(lx, y + 4, lx + 16, y + 20, fill=fill, outline="#444444")
            self.create_text(
                lx + 20, y + 12, text=side.replace("_", " ").title(), anchor="w", fill=INK, font=("DejaVu Sans", 9)
            )
            lx += step
        self.create_text(
            pad,
            y + 34,
            text="Right-click for this phase's actions; Ctrl+Return ends the phase.",
            anchor="w",
            fill="#555555",
            font=("DejaVu Sans", 9),
        )

    def _draw_turns(self, turns, y: float, w: float) -> float:
        """The turn track, the current turn marked; the y below it."""
        pad = 24
        self.create_text(pad, y + 14, text="Turn", anchor="w", fill=INK, font=("DejaVu Sans", 10, "bold"))
        bw = min(90, (w - 2 * pad - 90) / len(turns))
        for i, t in enumerate(turns):
            x0 = pad + 90 + i * bw
            self.create_rectangle(
                x0,
                y,
                x0 + bw - 6,
                y + 28,
                fill="#fff6d6" if t.current else "#ffffff",
                outline=CURRENT if t.current else "#8a8a8a",
                width=3 if t.current else 1,
                tags=("turn", f"turn:{t.id}") + (("current-turn",) if t.current else ()),
            )
            self.create_text(
                x0 + (bw - 6) / 2,
                y + 14,
                text=t.label,
                fill=INK,
                font=("DejaVu Sans", 10, "bold" if t.current else "normal"),
            )
        return y + 44

    def _draw_steps(self, steps, y: float, w: float) -> float:
        """The phases of the turn, numbered, the current one marked and skipped ones greyed; the y
        below them."""
        pad = 24
        self.create_text(pad, y + 16, text="Phase", anchor="w", fill=INK, font=("DejaVu Sans", 10, "bold"))
        bw = (w - 2 * pad - 90) / len(steps)
        for i, st in enumerate(steps):
            x0 = pad + 90 + i * bw
            skipped = "(skipped)" in st.label
            self.create_rectangle(
                x0,
                y,
                x0 + bw - 6,
                y + 32,
                fill="#fff6d6" if st.current else ("#e4e0d6" if skipped else "#ffffff"),
                outline=CURRENT if st.current else "#8a8a8a",
                width=3 if st.current else 1,
                tags=("step", f"step:{st.id}") + (("current-step",) if st.current else ()),
            )
            self.create_text(
                x0 + (bw - 6) / 2,
                y + 16,
                text=f"{i + 1}. {st.label.replace(' (skipped)', '')}",
                fill="#8a8a8a" if skipped else INK,
                width=bw - 12,
                justify="center",
                font=("DejaVu Sans", 8, "bold" if st.current else "normal"),
            )
        return y + 52

    def _draw_row(self, row, top: float, bottom: float, w: float) -> None:
        """One track from ``top`` to ``bottom``: its box, name, slots, counts and note."""
        pad = 24
        self._rows.append((row.id, top, bottom))
        self.create_rectangle(
            pad,
            top,
            w - pad,
            bottom,
            fill="#fffdf6",
            outline=CURRENT if row.current else "#b9b2a0",
            width=4 if row.current else 1,
            tags=("track", f"track:{row.id}") + (("current-track",) if row.current else ()),
        )
        lab = self.create_text(
            pad + 14,
            top + 10,
            text=row.label + (" (now)" if row.current else ""),
            anchor="nw",
            fill=INK,
            font=("DejaVu Sans", 13 if len(row.label) <= 30 else 11, "bold"),
            width=262,
        )
        label_bottom = self.bbox(lab)[3]
        cx0, gap = self._draw_slots(row, top, bottom, w)
        counts = {sd: row.slots.count(sd) for sd in dict.fromkeys(row.slots) if sd}
        self.create_text(
            pad + 14,
            label_bottom + 4,
            text=", ".join(f"{k} {v}" for k, v in counts.items()),
            anchor="nw",
            fill="#555555",
            font=("DejaVu Sans", 10),
            width=262,
        )
        end = cx0 + len(row.slots) * gap + 10
        if row.note and w - pad - end > 110:
            self.create_text(
                end,
                (top + bottom) / 2,
                text=row.note,
                anchor="w",
                fill="#7a3b00",
                width=w - pad - end - 10,
                font=("DejaVu Sans", 10, "italic"),
                tags=("note",),
            )

    def _draw_slots(self, row, top: float, bottom: float, w: float) -> tuple[float, float]:
        """A track's slots, each a token in its side's colours (white when empty) with its
        label while there is room; (where the first slot is, the step between slots)."""
        pad = 24
        cx0 = pad + 300
        n = max(1, len(row.slots))
        room_x = w - pad - cx0 - 10
        r = max(5.0, min(26.0, (bottom - top) / 2 - 12, (room_x / n - 18) / 2, room_x / n / 2 - 1))
        gap = min(2 * r + 18, room_x / n)
        short = len(self.scene.session.ruleset.colours(self.scene.session.game)) > 2
        for i, side in enumerate(row.slots):
            fill, ink = self.colours(side) if side else ("#ffffff", INK)
            cx, cy = cx0 + r + i * gap, (top + bottom) / 2 - (8 if row.labels else 0)
            self.create_oval(
                cx - r,
                cy - r,
                cx + r,
                cy + r,
                fill=fill,
                outline="#444444",
                width=2,
                tags=("token", f"token:{row.id}:{i}", f"side:{side or 'none'}"),
            )
            self.create_text(
                cx,
                cy,
                text=(side[: 2 if short else 1].upper() if side and r >= 10 else ""),
                fill=ink,
                font=("DejaVu Sans", 11 if short else 12, "bold"),
            )
            if i < len(row.labels) and r >= 13:
                self.create_text(
                    cx,
                    cy + r + 9,
                    text=row.labels[i],
                    fill=INK,
                    width=2 * r + 16,
                    justify="center",
                    font=("DejaVu Sans", 7),
                    tags=("slot-label",),
                )
        return cx0, gap

    def _draw_panel(self) -> None:
        """The rows only, for a side panel: each row's label (wrapped) over its slots, which wrap
        onto more lines when there are many; a slot's name under it while there is room."""
        s = self.scene.session
        rs, game = s.ruleset, s.game
        self.delete("all")
        w = max(self.winfo_width(), 200)
        pad = 8
        y = pad
        self._rows = []
        for row in rs.tracks(game):
            top = y
            lab = self.create_text(
                pad + 4,
                y + 4,
                text=row.label + (" (now)" if row.current else ""),
                anchor="nw",
                fill=INK,
                font=("DejaVu Sans", 9, "bold"),
                width=w - 2 * pad - 8,
                tags=("row-label",),
            )
            y = self.bbox(lab)[3] + 6
            r = 9.0
            longest = max((len(x) for x in row.labels), default=0)
            gap = max(2 * r + 4, min(2 * r + 38, 5.5 * longest + 4) if row.labels else 0)
            per = max(1, int((w - 2 * pad) // gap))
            for start in range(0, len(row.slots), per):  # a line of slots, its names under them
                cy = y + r
                bottom = cy + r
                for i in range(start, min(start + per, len(row.slots))):
                    side = row.slots[i]
                    cx = pad + r + 2 + (i - start) * gap + (gap - 2 * r) / 2 - 2
                    fill, ink = self.colours(side) if side else ("#ffffff", INK)
                    self.create_oval(
                        cx - r,
                        cy - r,
                        cx + r,
                        cy + r,
                        fill=fill,
                        outline="#444444",
                        width=1.5,
                        tags=("token", f"token:{row.id}:{i}", f"side:{side or 'none'}"),
                    )
                    if i < len(row.labels):
                        t = self.create_text(
                            cx,
                            cy + r + 2,
                            text=row.labels[i],
                            anchor="n",
                            fill=INK,
                            width=gap - 2,
                            justify="center",
                            font=("DejaVu Sans", 6),
                            tags=("slot-label",),
                        )
                        bottom = max(bottom, self.bbox(t)[3])
                y = bottom + 6
            if row.note:
                note = self.create_text(
                    pad + 4,
                    y,
                    text=row.note,
                    anchor="nw",
                    fill="#7a3b00",
                    width=w - 2 * pad - 8,
                    font=("DejaVu Sans", 8, "italic"),
                    tags=("note",),
                )
                y = self.bbox(note)[3] + 2
            bottom = y + 4
            self._rows.append((row.id, top, bottom))
            self.create_rectangle(
                pad - 4,
                top - 2,
                w - pad + 2,
                bottom,
                outline=CURRENT if row.current else "#b9b2a0",
                width=3 if row.current else 1,
                tags=("track", f"track:{row.id}"),
            )
            y = bottom + 8
        self.configure(scrollregion=(0, 0, w, y))


__all__ = ["TracksBoard"]
