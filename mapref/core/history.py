"""Undo and redo for anything mapref edits: a map in the editor, a game in the referee's window.

A :class:`Command` changes a *target* (a map model, a game session) and knows how to take
itself back.  :class:`History` does commands and walks them back and forth (IDLE's undo
delegator: groups, a saved pointer), and tells its listeners after each change.  The map
editor's history (:class:`mapref.core.commands.UndoStack`) and the game session's
(:class:`mapref.rules.session.GameSession`) are both this class.

When the target has a ``touch()`` method (a map model does) it is called after every change,
so caches built from the target (the board's graph) know it changed.

>>> class Add(Command):
...     def __init__(self, n): self.n, self.label = n, f"add {n}"
...     def do(self, t): t.append(self.n)
...     def undo(self, t): t.remove(self.n)
>>> h = History([])
>>> h.push(Add(1)); h.push(Add(2)); h.target, h.dirty
([1, 2], True)
>>> h.undo().label, h.target
('add 2', [1])
>>> h.redo().label, h.target
('add 2', [1, 2])
"""

from __future__ import annotations

from collections.abc import Callable


class Command:
    """A change to a target, with its undo.  ``label`` names it in menus ("Undo move")."""

    label = "Edit"

    def do(self, target) -> None:
        raise NotImplementedError

    def undo(self, target) -> None:
        raise NotImplementedError


class CommandGroup(Command):
    """Several commands done and undone as one step (one drag of a brush, one game action)."""

    def __init__(self, label: str, commands: list[Command] | None = None) -> None:
        self.label = label
        self.commands: list[Command] = list(commands or [])

    def do(self, target) -> None:
        done: list[Command] = []
        try:
            for c in self.commands:
                c.do(target)
                done.append(c)
        except Exception:
            for c in reversed(done):
                c.undo(target)
            raise

    def undo(self, target) -> None:
        for c in reversed(self.commands):
            c.undo(target)


Listener = Callable[[Command, str], None]


class History:
    """Undo without limit.  ``push`` does a command; ``undo``/``redo`` walk the history.

    ``saved`` is the depth of the history when the target was last saved (``None`` once that
    state cannot be reached any more), so ``dirty`` is exact after undoing back to it.  While a
    group is open (:meth:`begin_group`) pushed commands are done at once and collected into one
    step.  Listeners hear ``(command, "do" | "undo" | "redo")`` after each change."""

    def __init__(self, target) -> None:
        self.target = target
        self.done: list[Command] = []
        self.undone: list[Command] = []
        self.saved: int | None = 0
        self.group: CommandGroup | None = None
        self.listeners: list[Listener] = []

    @property
    def model(self):  # the map editor's name for the target
        return self.target

    def _changed(self, c: Command, how: str) -> None:
        touch = getattr(self.target, "touch", None)
        if callable(touch):
            touch()
        for f in list(self.listeners):
            f(c, how)

    def push(self, c: Command) -> None:
        c.do(self.target)
        if self.group is not None:
            self.group.commands.append(c)
        else:
            self.record(c)
        self._changed(c, "do")

    def record(self, c: Command) -> None:
        """Add a command that is already done to the history (it becomes the next undo)."""
        if self.saved is not None and self.saved > len(self.done):
            self.saved = None  # the saved state was in the redo list we are dropping
        self.done.append(c)
        self.undone.clear()

    def add(self, c: Command) -> None:
        """Record a command its caller has already done, and tell the listeners."""
        self.record(c)
        self._changed(c, "do")

    def begin_group(self, label: str) -> None:
        if self.group is None:
            self.group = CommandGroup(label)

    def end_group(self) -> CommandGroup | None:
        g, self.group = self.group, None
        if g is not None and g.commands:
            self.record(g)
            return g
        return None

    def undo(self) -> Command | None:
        self.end_group()
        if not self.done:
            return None
        c = self.done.pop()
        c.undo(self.target)
        self.undone.append(c)
        self._changed(c, "undo")
        return c

    def redo(self) -> Command | None:
        self.end_group()
        if not self.undone:
            return None
        c = self.undone.pop()
        c.do(self.target)
        self.done.append(c)
        self._changed(c, "redo")
        return c

    def can_undo(self) -> bool:
        return bool(self.done) or bool(self.group and self.group.commands)

    def can_redo(self) -> bool:
        return bool(self.undone)

    def undo_label(self) -> str:
        return self.done[-1].label if self.done else ""

    def redo_label(self) -> str:
        return self.undone[-1].label if self.undone else ""

    def mark_saved(self) -> None:
        self.end_group()
        self.saved = len(self.done)

    @property
    def dirty(self) -> bool:
        return self.saved != len(self.done) or bool(self.group and self.group.commands)


__all__ = ["Command", "CommandGroup", "History"]
