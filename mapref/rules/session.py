"""A game being played: the one object the command line and the referee's window share.

A :class:`GameSession` holds the loaded map, scenario and state (a :class:`~mapref.rules.files.Game`),
the ruleset that referees it, the map's graph (cached by the board per map version), and one
history of the actions done (:class:`mapref.core.history.History`: undo, redo, a saved mark).
Every change goes through :meth:`GameSession.apply`: the ruleset checks the action, the session
applies its commands and what follows them (an immediate victory), and records a
:class:`~mapref.rules.gamelog.LogEntry` with what it changed (:mod:`mapref.rules.datapatch`).
The log is saved with the game, so ``mapref undo`` takes back the last action in a later
process and ``mapref log`` prints it.

**Advisory mode** lives here, not in a window: :meth:`GameSession.apply` refuses what the rules
refuse and returns the refusal; ``apply(action, override=reason)`` does a refused action anyway
when the ruleset can force it, and the log entry records the reason with the rule overridden.
:meth:`GameSession.can_force` says beforehand whether it can (the window asks for the reason
only then).

A window also keeps a journal (:mod:`mapref.rules.journal`): every action is appended and
flushed to disk before the screen shows it, so a crash loses nothing; the next open offers the
recovered position.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Callable

from mapref.core.history import Command, History
from mapref.rules import datapatch
from mapref.rules.files import Game, load_game, new_game, save_game
from mapref.rules.gamelog import LogEntry
from mapref.rules.ruleset import Action, Outcome


class ActionStep(Command):
    """One logged action in the session's history: undone and redone through its data patch."""

    def __init__(self, entry: LogEntry) -> None:
        self.entry = entry

    @property
    def label(self) -> str:
        return self.entry.did

    def do(self, session: "GameSession") -> None:
        session._set_data(datapatch.apply(session.state_data(), self.entry.redo))
        session.game.log.append(self.entry)

    def undo(self, session: "GameSession") -> None:
        now = session.state_data()
        before = datapatch.apply(now, self.entry.undo)
        self.entry.redo = datapatch.diff(before, now).redo_ops()
        session._set_data(before)
        if session.game.log and session.game.log[-1] is self.entry:
            session.game.log.pop()
        else:
            session.game.log = [e for e in session.game.log if e is not self.entry]


class GameSession:
    """See the module docstring.  ``journal``: keep a crash journal (the window does)."""

    def __init__(self, game: Game, journal: bool = False) -> None:
        self.game = game
        self.history = History(self)
        for e in game.log:  # a game loaded with its log can be taken back action by action
            self.history.done.append(ActionStep(e))
        self.history.saved = len(self.history.done)
        self.listeners: list[Callable[[str], None]] = []
        self.version = 0  # bumped by every change: caches of the report key on it
        self._report: tuple[int, object] | None = None
        self.journal = None
        if journal:
            from mapref.rules.journal import Journal

            self.journal = Journal.for_game(self)

    # ------------------------------------------------------------------------- the game
    @property
    def ruleset(self):
        return self.game.ruleset

    @property
    def map(self):
        return self.game.map

    @property
    def board(self):
        return self.game.board

    @property
    def scenario(self):
        return self.game.scenario

    @property
    def state(self):
        return self.game.state

    @property
    def path(self) -> str:
        return self.game.path

    @property
    def log(self) -> list[LogEntry]:
        return self.game.log

    @property
    def dirty(self) -> bool:
        return self.history.dirty

    def state_data(self) -> dict:
        return self.ruleset.state_data(self.game.state)

    def _set_data(self, data: dict) -> None:
        """Make the state what ``data`` reads as, in place (whoever holds the state object sees
        the change)."""
        new = self.ruleset.read_state(data, "", self.path or "<game>")
        old = self.game.state
        if type(new) is type(old) and hasattr(old, "__dict__"):
            old.__dict__.update(new.__dict__)
        else:
            self.game.state = new

    def invalidate(self) -> None:
        """The state was changed outside the session (a script, a test): forget what was worked
        out from it."""
        self.version += 1
        self._report = None

    def touch(self) -> None:
        """Called by the history after every change."""
        self.invalidate()
        for f in list(self.listeners):
            f("changed")

    # --------------------------------------------------------------------------- asking
    def report(self):
        """The referee's report on the position (worked out once per change)."""
        if self._report is None or self._report[0] != self.version:
            self._report = (self.version, self.ruleset.report(self.game))
        return self._report[1]

    def position(self) -> dict:
        return self.ruleset.position(self.game)

    def check(self, action: Action) -> Outcome:
        return self.ruleset.check(self.game, action)

    # ------------------------------------------------------------------------- changing
    def apply(self, action: Action, *, by: str = "", override: str = "", outcome: Outcome | None = None) -> Outcome:
        """Check ``action`` and, if it is allowed, do it as one step of the history and the log.
        Returns the outcome (its messages include what followed: "game over: ...").

        ``override`` (advisory mode: the referee's reason): an action the rules refuse is done
        anyway when the ruleset can force it (:meth:`Ruleset.force`); the log entry records the
        reason with the rule overridden.  Given for an allowed action, it is recorded as well (an
        entry the window offered greyed out)."""
        out = outcome if outcome is not None else self.check(action)
        if not out.ok and override and out.ask is None:
            forced = self.ruleset.force(self.game, action)
            if forced is None or not forced.ok:
                return self.not_forcible(out)
            refusal = out.refusal
            out = forced
            out.label = f"{out.label or action.verb} (against the rules)"
            override = f"{override} (overrides: {refusal})"
        if not out.ok:
            return out
        pos = self.position()
        before = self.state_data()
        st = self.game.state
        for c in out.commands:
            c.do(st)
        more, msgs = self.ruleset.follow_up(self.game)
        for c in more:
            c.do(st)
        out.messages = list(out.messages) + list(msgs)
        patch = datapatch.diff(before, self.state_data())
        entry = LogEntry(n=(self.log[-1].n + 1) if self.log else 1, turn=pos.get("turn", ""), side=pos.get("side", ""),
                         step=pos.get("step", ""), action=action.as_dict(),
                         did=out.label or "; ".join(out.messages) or action.verb, rule=out.rule, by=by, override=override,
                         undo=patch.undo_ops(), redo=patch.redo_ops())
        self.game.log.append(entry)
        step = ActionStep(entry)
        if self.journal is not None:
            self.journal.record("do", entry)
        self.history.add(step)
        return out

    def can_force(self, action: Action) -> bool:
        """Advisory mode: may ``action``, which the rules refuse, be done anyway with the
        referee's reason (``apply(action, override=reason)``)?  The window asks before it asks
        for the reason; when it may not, :meth:`not_forcible` is what to show."""
        forced = self.ruleset.force(self.game, action)
        return forced is not None and forced.ok

    @staticmethod
    def not_forcible(refusal: Outcome) -> Outcome:
        """The refusal of an action that cannot be done even against the rules (the piece is not
        there, the game has no way to force it)."""
        return Outcome(False, reason=f"{refusal.reason} (this cannot be done even against the rules)", rule=refusal.rule,
                       data=refusal.data)

    def undo(self) -> LogEntry | None:
        """Take back the last action (None when there is none)."""
        step = self.history.undo()
        if step is None:
            return None
        if self.journal is not None:
            self.journal.record("undo", step.entry)
        return step.entry

    def redo(self) -> LogEntry | None:
        step = self.history.redo()
        if step is None:
            return None
        if self.journal is not None:
            self.journal.record("redo", step.entry)
        return step.entry

    # --------------------------------------------------------------------------- saving
    def save(self, path: str | os.PathLike[str] | None = None) -> str:
        """Save the game (with its log) to ``path`` or its own file; returns the path."""
        target = str(path) if path is not None else self.path
        if not target:
            raise ValueError("this game has no file yet: give one to save it as")
        # its own file is overwritten only if nobody changed it since it was read or saved
        same = bool(self.path) and os.path.abspath(target) == os.path.abspath(self.path)
        save_game(self.game, target, expect=self.game.stamp if same else None)
        old = self.game.path
        self.game.path = target
        self.history.mark_saved()
        if self.journal is not None:
            self.journal.saved(old)
        for f in list(self.listeners):
            f("saved")
        return target

    def close(self) -> None:
        """The window closes without saving: the journal is no longer needed."""
        if self.journal is not None:
            self.journal.discard()


def open_game(path: str | os.PathLike[str], journal: bool = False) -> GameSession:
    return GameSession(load_game(path, str(path)), journal=journal)


def start_game(scenario: str | os.PathLike[str], *, scenario_ref: str = "", map_ref: str = "",
               auto_place: bool = False, journal: bool = False) -> GameSession:
    """A new game from a scenario file (or a shipped scenario's path)."""
    return GameSession(new_game(Path(scenario), scenario_ref=scenario_ref, map_ref=map_ref, auto_place=auto_place),
                       journal=journal)


__all__ = ["ActionStep", "GameSession", "open_game", "start_game"]
