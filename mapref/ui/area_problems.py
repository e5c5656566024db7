"""The area editor's problems panel: :func:`mapref.core.arealint.lint_area`, refreshed after a
pause in the editing; a click jumps to the problem.  Big maps are checked in a worker thread on
a snapshot of the map (edits replace the map's tables rather than change them, so the snapshot
stays whole while the user goes on editing)."""

from __future__ import annotations

import dataclasses
import threading
from typing import TYPE_CHECKING

from mapref.core.arealint import ORDER, AreaProblem, lint_area
from mapref.core.areamodel import AreaMap
from mapref.ui.problems import ProblemsPanel

if TYPE_CHECKING:
    from mapref.ui.editor_shell import (
        EditorShell,
    )  # its editor (mapref.ui.area_editor.AreaEditor, which imports this module)


def snapshot(m: AreaMap) -> AreaMap:
    """The map as it is now, for the worker thread's lint: every field (its tables are replaced,
    never changed in place, by an edit), so the panel lints what ``mapref check`` lints (the
    ``[checks] accept`` list included)."""
    return dataclasses.replace(m)


class AreaProblemsPanel(ProblemsPanel):
    BACKGROUND_FROM = 120  # locations: bigger maps are checked in a worker thread

    def __init__(self, master, ed: EditorShell) -> None:
        super().__init__(master, ed)
        self.tree.tag_configure("error", foreground="#b00020")
        self.tree.column("where", width=140, stretch=False)

    def schedule(self) -> None:
        if self._after:
            self.after_cancel(self._after)
        big = len(self.ed.model.locations) >= self.BACKGROUND_FROM
        self._after = self.after(self.delay_ms, self.run_in_background if big else self.run)

    def run_in_background(self) -> None:
        if self._after:
            self.after_cancel(self._after)
        self._after = None
        self._generation = getattr(self, "_generation", 0) + 1
        gen, snap, box = self._generation, snapshot(self.ed.model), {}
        model = self.ed.model
        t = threading.Thread(target=lambda: box.setdefault("result", lint_area(snap)), daemon=True)
        t.start()
        self.count.set("Checking...")

        def poll():
            if t.is_alive():
                self.after(40, poll)
            elif gen == self._generation and "result" in box and model is self.ed.model:
                self.show(box["result"])

        self.after(40, poll)

    def run(self) -> list[AreaProblem]:
        if self._after:
            self.after_cancel(self._after)  # a check asked for now replaces the one scheduled
        self._after = None
        self._generation = getattr(self, "_generation", 0) + 1
        return self.show(lint_area(self.ed.model))

    def show(self, problems: list[AreaProblem]) -> list[AreaProblem]:
        """The editor's own notes first (a background that cannot be read), then the map's problems."""
        self._lint = problems
        self.problems = self.notes + sorted(
            problems, key=lambda p: ORDER.index(p.code) if p.code in ORDER else len(ORDER)
        )
        self.tree.delete(*self.tree.get_children())
        for i, p in enumerate(self.problems[:2000]):
            self.tree.insert(
                "",
                "end",
                iid=str(i),
                values=(self.where_text(p.where), p.message),
                tags=(p.code, "error" if getattr(p, "is_error", False) else "warning"),
            )
        n = len(self.problems)
        errors = sum(1 for p in self.problems if getattr(p, "is_error", False))
        self.count.set(
            "No problems"
            if n == 0
            else f"{n} problem{'s' if n != 1 else ''}" + (f" ({errors} errors)" if errors else "")
        )
        return self.problems

    def where_text(self, where) -> str:
        return str(where).removeprefix("line:")

    def jump(self, index: int) -> None:
        if index >= len(self.notes):
            self.ed.goto_problem(self.problems[index])
