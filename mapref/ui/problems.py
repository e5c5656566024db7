"""The problems panel: the lint of the map, refreshed while you draw; a click jumps there."""

from __future__ import annotations

import tkinter as tk
from tkinter import ttk
from typing import TYPE_CHECKING

from mapref.core.grid import Hex, Hexside
from mapref.core.lint import Lint, lint
from mapref.rules import registry

if TYPE_CHECKING:
    from mapref.ui.editor_shell import EditorShell  # its editor (mapref.ui.editor.Editor, which imports this module)


class ProblemsPanel(ttk.Frame):
    delay_ms = 400  # wait for a pause in the drawing before checking again

    def __init__(self, master, ed: EditorShell) -> None:
        super().__init__(master)
        self.ed = ed
        self.count = tk.StringVar(value="Problems")
        ttk.Label(self, textvariable=self.count, font=("DejaVu Sans", 10, "bold")).pack(anchor="w", padx=4)
        self.tree = ttk.Treeview(self, columns=("where", "message"), show="headings", height=4, selectmode="browse")
        self.tree.heading("where", text="Where")
        self.tree.heading("message", text="Problem")
        self.tree.column("where", width=90, stretch=False)
        self.tree.column("message", width=400)
        sb = ttk.Scrollbar(self, orient="vertical", command=self.tree.yview)
        self.tree.configure(yscrollcommand=sb.set)
        sb.pack(side="right", fill="y")
        self.tree.pack(side="left", fill="both", expand=True)
        self.tree.bind("<<TreeviewSelect>>", self._jump)
        self.problems: list[Lint] = []
        self.notes: list[Lint] = []  # the editor's own (a background that cannot be read), listed first
        self._lint: list[Lint] = []
        self._after: str | None = None
        self.bind("<Destroy>", lambda e: self._after and e.widget is self and self.after_cancel(self._after))

    BACKGROUND_FROM = 5000  # hexes: bigger maps are checked in a worker thread

    def schedule(self) -> None:
        if self._after:
            self.after_cancel(self._after)
        big = len(self.ed.model.hexes) >= self.BACKGROUND_FROM
        self._after = self.after(self.delay_ms, self.run_in_background if big else self.run)

    def run_in_background(self) -> None:
        """Lint in a worker thread (it only reads the model; Tk is touched only here, in the
        main thread, when the result is polled).  An edit during the check schedules another."""
        import threading

        self._unschedule()
        self._generation = getattr(self, "_generation", 0) + 1
        gen, m, box = self._generation, self.ed.model, {}
        independent = registry.independent_allegiances()  # the games' (asked here, in the main thread)

        def work():
            try:
                box["result"] = lint(m, independent)
            except RuntimeError:  # the model changed under the check: a newer check follows
                box["result"] = None

        t = threading.Thread(target=work, daemon=True)
        _quick_switches(+1)
        t.start()
        self.count.set("Checking...")

        def poll():
            if t.is_alive():
                self.after(50, poll)
                return
            _quick_switches(-1)
            if gen == self._generation and box.get("result") is not None and m is self.ed.model:
                self.show(box["result"])

        self.after(50, poll)

    def _unschedule(self) -> None:
        if self._after:
            self.after_cancel(self._after)  # (harmless when it is the check running now)
            self._after = None

    def run(self) -> list[Lint]:
        self._unschedule()
        self._generation = getattr(self, "_generation", 0) + 1
        return self.show(lint(self.ed.model, registry.independent_allegiances()))

    def set_notes(self, notes: list[Lint]) -> None:
        self.notes = list(notes)
        self.show(self._lint)

    def show(self, problems: list[Lint]) -> list[Lint]:
        self._lint = problems
        self.problems = self.notes + problems
        self.tree.delete(*self.tree.get_children())
        g = self.ed.model.grid
        for i, p in enumerate(self.problems[:2000]):
            self.tree.insert("", "end", iid=str(i), values=(self.where_text(p.where), p.message), tags=(p.code,))
        n = len(self.problems)
        self.count.set("No problems" if n == 0 else f"{n} problem{'s' if n != 1 else ''}")
        del g
        return self.problems

    def where_text(self, where) -> str:
        g = self.ed.model.grid
        if isinstance(where, Hex):
            return g.label(where)
        if isinstance(where, Hexside):
            return g.side_label(where)
        return str(where)

    def _jump(self, _e=None) -> None:
        sel = self.tree.selection()
        if sel:
            self.jump(int(sel[0]))

    def jump(self, index: int) -> None:
        p = self.problems[index]
        self.ed.goto_where(p.where)
        if len(p.hexes) > 1:  # a group: select all of it
            self.ed.select(p.hexes)


# While a check runs in its worker thread, the interpreter hands over between threads every
# millisecond instead of every five: each Tk call of the main thread lets the worker run, and at
# five milliseconds a hover waited for several turns (28 ms on 200x200; 5 ms at one millisecond,
# for a check 15% slower; docs/performance.md).
_RUNNING = [0, None]


def _quick_switches(delta: int) -> None:
    import sys

    if delta > 0 and _RUNNING[0] == 0:
        _RUNNING[1] = sys.getswitchinterval()
        sys.setswitchinterval(min(_RUNNING[1], 0.001))
    _RUNNING[0] = max(0, _RUNNING[0] + delta)
    if _RUNNING[0] == 0 and _RUNNING[1] is not None:
        sys.setswitchinterval(_RUNNING[1])
        _RUNNING[1] = None
