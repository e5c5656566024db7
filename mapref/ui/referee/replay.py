"""View > Replay the log (Ctrl+R) in the referee's window: the game's positions, action by
action, back to the opening one and forward again.

A bar under the board: the opening and the last position, one action back and on (and the arrow
keys, Home and End), a slider, the action's line with its rule and the spaces it touched (outlined
on the board).  The board, the panels and the log show the position after that action as the
window shows any position: the pieces with their supply as it stood then, the supply view (S),
what was held.  The positions are rebuilt from the log's undo patches
(:func:`mapref.render.replay.positions`), as ``mapref undo`` takes actions back; nothing is
stored twice.  While it replays the game cannot be changed (an action, undo, redo, save or open
says so); Escape or Back to the game returns to it, as it was.
"""

from __future__ import annotations

import tkinter as tk
from tkinter import ttk

from mapref.render.replay import positions, session_at
from mapref.rules import datapatch
from mapref.rules.files import Game
from mapref.rules.gamelog import spaces_named

BUSY = "the window is replaying the log: press Escape (or Back to the game) to play on"


class LogReplay:
    """See the module docstring: ``start()``, ``go(k)``, ``stop()``, ``active``, ``at``."""

    def __init__(self, window) -> None:
        self.window = window
        self.live = None  # the game's own session while the window replays
        self.datas: list[dict] = []
        self.log: list = []
        self.skipped = 0
        self.at = 0
        self.bar: ttk.Frame | None = None
        self.scale_var = tk.IntVar(master=window.root, value=0)
        for seq, step in (
            ("<KeyPress-Left>", -1),
            ("<KeyPress-Right>", 1),
            ("<KeyPress-Home>", "home"),
            ("<KeyPress-End>", "end"),
        ):
            window.root.bind(seq, lambda e, step=step: self._key(e, step), add="+")

    @property
    def active(self) -> bool:
        return self.live is not None

    @property
    def last(self) -> int:
        return len(self.datas) - 1

    def toggle(self) -> None:
        """View > Replay the log: start, or back to the game."""
        if self.active:
            self.stop()
        else:
            self.start()

    def refuse(self) -> bool:
        """True (and said) when the window is replaying: a change must wait."""
        if self.active:
            self.window.feed.tell(BUSY, "refused")
        return self.active

    # ----------------------------------------------------------------------- replaying
    def start(self) -> None:
        w = self.window
        s = w.session
        pos = positions(s.state_data(), s.log)
        datas = [pos.start]
        for redo in pos.redos:
            datas.append(datapatch.apply(datas[-1], redo))
        self.live, self.datas, self.log, self.skipped = s, datas, list(s.log), pos.skipped
        self.base = Game(s.map, s.scenario, None, s.ruleset, s.path)
        self._build_bar()
        self.go(self.last)
        n = len(self.log) - self.skipped
        w.feed.tell(
            f"replaying the log: {n} action{'' if n == 1 else 's'} (Left and Right step, Home and End; Escape returns)",
            "info",
        )

    def go(self, k: int) -> None:
        """Show the position after action ``k`` (0: the opening position)."""
        if not self.active:
            return
        k = max(0, min(self.last, int(k)))
        w = self.window
        self.at = k
        w.session = session_at(self.base, self.datas[k], self.log[: self.skipped + k])
        w.refresh()
        self.scale_var.set(k)
        e = self.log[self.skipped + k - 1] if k else None
        spaces = spaces_named(self.live.board, e.did, e.action) if e is not None else []
        w.canvas.outline(spaces)
        self.count.configure(text=f"{k} / {self.last}")
        if e is None:
            self.text.configure(text="The opening position, before any action")
        else:
            where = (" \u2014 " + ", ".join(spaces)) if spaces else ""
            self.text.configure(text=f"{e.n}. {e.turn}, {e.side}: {e.did}" + (f" [{e.rule}]" if e.rule else "") + where)
        w.root.title(f"Replay {k}/{self.last} - " + w.root.title().split(" - ", 1)[-1])

    def stop(self) -> None:
        """Back to the game, as it was."""
        if not self.active:
            return
        w = self.window
        w.session, self.live = self.live, None
        self.datas, self.log = [], []
        if self.bar is not None:
            self.bar.destroy()
            self.bar = None
        w.canvas.outline(())
        w.refresh()
        w.update_title()
        w.feed.tell("back to the game", "info")

    def _key(self, e: tk.Event, step) -> str | None:
        if not self.active or e.state & (0x4 | 0x8 | 0x40) or isinstance(e.widget, (tk.Entry, ttk.Entry, tk.Text)):
            return None
        if step == "home":
            self.go(0)
        elif step == "end":
            self.go(self.last)
        else:
            self.go(self.at + step)
        return "break"

    def _build_bar(self) -> None:
        w = self.window
        bar = self.bar = ttk.Frame(w.root, padding=(6, 3))
        bar.pack(side="bottom", fill="x", before=w.vpanes)
        ttk.Button(bar, text="|\u25c0", width=3, command=lambda: self.go(0)).pack(side="left")
        ttk.Button(bar, text="\u25c0", width=3, command=lambda: self.go(self.at - 1)).pack(side="left")
        self.scale = ttk.Scale(
            bar, from_=0, to=self.last, orient="horizontal", command=lambda v: self.go(round(float(v)))
        )
        self.scale.configure(variable=self.scale_var)
        self.scale.pack(side="left", fill="x", expand=True, padx=4)
        ttk.Button(bar, text="\u25b6", width=3, command=lambda: self.go(self.at + 1)).pack(side="left")
        ttk.Button(bar, text="\u25b6|", width=3, command=lambda: self.go(self.last)).pack(side="left")
        self.count = ttk.Label(bar, width=10, anchor="e")
        self.count.pack(side="left", padx=4)
        ttk.Button(bar, text="Back to the game", command=self.stop).pack(side="left", padx=(6, 0))
        self.text = ttk.Label(w.root, anchor="w", padding=(8, 0))
        self.text.pack(side="bottom", fill="x", before=bar)
        bar.bind("<Destroy>", lambda e: self.text.destroy() if e.widget is bar else None, add="+")


__all__ = ["BUSY", "LogReplay"]
