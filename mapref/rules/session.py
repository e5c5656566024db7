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
from collections.abc import Callable

from mapref.core.history import Command, History
from mapref.io.problems import FileProblems, parse_toml_bytes
from mapref.rules.files import ENGINE_KEYS, Game, load_game, new_game, readback_problems, save_game
from mapref.rules.gamelog import LogEntry, plain_problem

TYPE_CHECKING = False  # typing is not imported at run time: the command line starts quicker (issue 34)
if TYPE_CHECKING:
    from mapref.rules.values import Action, Outcome
    from mapref.rules.journal import Claim, Journal

# The data patches (mapref.rules.datapatch) and the crash journal (mapref.rules.journal) are
# imported where an action, an undo or a window needs them: the command line's report and
# checks start without them (issue 34).


def journal_failure(e: OSError) -> str:
    """The sentence a window shows when its crash journal cannot be written."""
    where = f" ({e.filename})" if getattr(e, "filename", None) else ""
    return (
        f"the crash journal{where} cannot be written: {e.strerror or e}; free some space or make the folder "
        "writable, or save the game elsewhere (File > Save as)"
    )


class JournalError(OSError):
    """An undo or redo the crash journal could not record: it was not done."""

    def __init__(self, cause: OSError, what: str):
        super().__init__(cause.errno, f"{what}: {journal_failure(cause)}")

    def __str__(self) -> str:
        return str(self.strerror)


class ActionStep(Command):
    """One logged action in the session's history: undone and redone through its data patch."""

    def __init__(self, entry: LogEntry) -> None:
        self.entry = entry
        self.label = entry.did

    def do(self, session: GameSession) -> None:
        from mapref.rules import datapatch

        session._set_data(datapatch.apply(session.state_data(), self.entry.redo))
        session.game.log.append(self.entry)

    def undo(self, session: GameSession) -> None:
        from mapref.rules import datapatch

        now = session.state_data()
        before = datapatch.apply(now, self.entry.undo)
        self.entry.redo = datapatch.diff(before, now).redo_ops()
        session._set_data(before)
        if session.game.log and session.game.log[-1] is self.entry:
            session.game.log.pop()
        else:
            session.game.log = [e for e in session.game.log if e is not self.entry]


def _last(steps: list[Command]) -> ActionStep:
    """The last of a session's history's steps (it holds nothing but action steps)."""
    step = steps[-1]
    if not isinstance(step, ActionStep):
        raise TypeError(f"a game session's history holds {step!r}, not an action step")
    return step


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
        self._verified: dict | None = None  # state data whose whole saved text was read back as it (_new_problems)
        self.journal: Journal | None = None
        self.notes: list[str] = []  # what the window says on opening it (a crash journal set aside...)
        self.read_only = ""  # why this game may not be changed here (another window plays it...), or ""
        self.claim: Claim | None = (
            None  # a window's claim on its saved game (mapref.rules.journal.claim), released on close
        )
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
        from mapref.rules.values import Outcome

        if self.read_only:
            return Outcome(False, reason=f"not done: {self.read_only}")
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
        problem = plain_problem(action.as_dict())
        if problem:
            return Outcome(False, reason=f"not done: its arguments hold {problem}")
        pos = self.position()
        before = self.state_data()
        st = self.game.state
        try:
            for c in out.commands:
                c.do(st)
            more, msgs = self.ruleset.follow_up(self.game)
            for c in more:
                c.do(st)
            after = self.state_data()
            unreadable = self._new_problems(before, after)
        except BaseException:
            self._restore(before)
            raise
        if unreadable:  # one wrong argument must not make the game unloadable (or unsaveable)
            self._restore(before)
            return Outcome(
                False, reason=f"not done: the game would then hold what mapref cannot read back ({unreadable[0]})"
            )  # (no rule refuses it: the file format does)
        out.messages = list(out.messages) + list(msgs)
        from mapref.rules import datapatch

        patch = datapatch.diff(before, after)
        entry = LogEntry(
            n=(self.log[-1].n + 1) if self.log else 1,
            turn=pos.get("turn", ""),
            side=pos.get("side", ""),
            step=pos.get("step", ""),
            action=action.as_dict(),
            did=out.label or "; ".join(out.messages) or action.verb,
            rule=out.rule,
            by=by,
            override=override,
            undo=patch.undo_ops(),
            redo=patch.redo_ops(),
        )
        if self.journal is not None:  # on disk first: an action the journal cannot hold is not done
            try:
                self.journal.record("do", entry)
            except OSError as e:
                self._restore(before)
                return Outcome(False, reason=f"not done: {journal_failure(e)}")
            except BaseException:
                self._restore(before)
                raise
        self.game.log.append(entry)
        self.history.add(ActionStep(entry))
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
        from mapref.rules.values import Outcome

        return Outcome(
            False,
            reason=f"{refusal.reason} (this cannot be done even against the rules)",
            rule=refusal.rule,
            data=refusal.data,
        )

    def _restore(self, data: dict) -> None:
        """Put the state back as ``data`` reads (an action that could not be done)."""
        self._set_data(data)
        self.invalidate()

    def _new_problems(self, before: dict, after: dict, live: bool = True) -> list[str]:
        """What would stop the game, as it is after a change, from loading again that was not
        already so before it: the file reader's limits and the consistency check, through the
        very text a save would write.  ``live``: the session's state is ``after`` (an action just
        done), and its text is written from it as it is; else ``after`` is read first (an undo
        or redo tried before it is done)."""
        if after == before:
            return []
        new = self._changed_readback(after) if live else None
        if new is None:
            new = self._whole_readback(after, live)
        if not new:
            return []
        try:  # the problems the game had before the change are not the change's
            was = self.ruleset.read_state(before, "", self.path or "<game>")
            old = set(self.ruleset.state_problems(self.board, self.scenario, was))
        except (FileProblems, ValueError, TypeError):
            old = set()
        return [p for p in new if p not in old]

    def _whole_readback(self, after: dict, live: bool) -> list[str]:
        """The problems of the whole text a save would write for ``after`` (see
        :meth:`_new_problems`), read back as the file reader reads it."""
        text = None
        if live:
            try:  # the text a save writes: the live state's (read back below as the file reader reads it)
                text = self.ruleset.dumps_state(self.game.state)
            except Exception:  # a state the writer cannot take as it is: through the reader first, which says why
                text = None
        whole = text is not None  # the text is the writer's of ``after`` itself (the live state's data)
        if text is None:
            try:
                text = self.ruleset.dumps_state(self.ruleset.read_state(after, "", self.path or "<game>"))
            except FileProblems as e:
                return [f"{p.key}: {p.message}" if p.key else p.message for p in e.problems]
            except (ValueError, TypeError) as e:
                return [f"cannot be written: {e}"]
        keep: dict = {}
        new = readback_problems(self.game, text, whole=False, keep=keep)
        if whole and self.ruleset.record_tables and _alike(keep.get("data"), after):
            self._verified = after  # its text reads back as it is: the next action's read-back starts from it
        return new

    def _changed_readback(self, after: dict) -> list[str] | None:
        """The problems :meth:`_whole_readback` finds for ``after`` (the live state's data), from
        the text of only what differs from the data whose whole text was read back last (None
        when it cannot be done so: then the whole text is read back).

        The ruleset's writer writes each record of its :attr:`~mapref.rules.ruleset.GameFiles.record_tables`
        from its own name and data alone.  ``self._verified``'s whole text was read back as that
        data; here the text of the records that differ from it (new or changed), of one record
        more of each table (the tables' sections stand as in the whole text) and of all the rest
        of the state is written and read back: when it reads as the data it was written from,
        the whole text reads as ``after`` (each unchanged record's text is the one read back
        before, each name read back as itself), and the reader and the consistency check are
        given ``after`` in the order the whole text holds it."""
        rs, ver = self.ruleset, self._verified
        tables = rs.record_tables
        if ver is None or not tables:
            return None
        probe: dict = {}
        for k, v in after.items():
            old = ver.get(k)
            if k in tables and isinstance(v, dict) and isinstance(old, dict):
                part = {} if v == old else {n: r for n, r in v.items() if n not in old or old[n] != r}
                if v and not part:  # a table with nothing new: one record, so that its section is written
                    n = next(iter(v))
                    part[n] = v[n]
                probe[k] = part
            else:
                probe[k] = v
        shown = self.path or "<game>"
        try:
            text = rs.dumps_data(probe)
            if text is None:
                return None
            data, _ = parse_toml_bytes(text.encode("utf-8"), shown)
        except Exception:  # the whole text's read-back says why
            return None
        if not _alike(data, probe):
            return None
        self._verified = after
        # what the whole text reads as, in its order: the records as they are, the rest as read back
        read = {k: after[k] if k in tables else data[k] for k in data if k not in ENGINE_KEYS}
        try:
            st = rs.read_state(read, "", shown)
        except FileProblems as e:
            return [f"{p.key}: {p.message}" if p.key else p.message for p in e.problems]
        except (ValueError, TypeError) as e:
            return [f"cannot be written: {e}"]
        return rs.state_problems(self.board, self.scenario, st)

    def _step_problem(self, step: ActionStep, undo: bool) -> str:
        """Why taking ``step`` back (or doing it again) would fail or leave a game that does not
        load ("" when it is fine): tried on a copy before anything changes."""
        from mapref.rules import datapatch

        now = self.state_data()
        try:
            then = datapatch.apply(now, step.entry.undo if undo else step.entry.redo)
        except (datapatch.PatchError, TypeError, KeyError) as e:
            return f"its log entry does not fit the game ({e})"
        bad = self._new_problems(now, then, live=False)
        return f"the game would then hold what mapref cannot read back ({bad[0]})" if bad else ""

    def undo(self) -> LogEntry | None:
        """Take back the last action (None when there is none).  Nothing changes when the
        journal cannot record it (OSError) or the log entry cannot take it back (ValueError)."""
        if not self.history.done:
            return None
        if self.read_only:
            raise ValueError(f"not undone: {self.read_only}")
        step = _last(self.history.done)
        problem = self._step_problem(step, undo=True)
        if problem:
            raise ValueError(f"cannot undo {step.entry.did!r}: {problem}")
        if self.journal is not None:
            try:
                self.journal.record("undo", step.entry)
            except OSError as e:
                raise JournalError(e, "not undone") from None
        self.history.undo()
        return step.entry

    def redo(self) -> LogEntry | None:
        if not self.history.undone:
            return None
        if self.read_only:
            raise ValueError(f"not redone: {self.read_only}")
        step = _last(self.history.undone)
        if self.journal is not None:
            try:
                self.journal.record("redo", step.entry)
            except OSError as e:
                raise JournalError(e, "not redone") from None
        self.history.redo()
        return step.entry

    # --------------------------------------------------------------------------- saving
    def save(self, path: str | os.PathLike[str] | None = None) -> str:
        """Save the game (with its log) to ``path`` or its own file; returns the path."""
        target = str(path) if path is not None else self.path
        if not target:
            raise ValueError("this game has no file yet: give one to save it as")
        if self.read_only:
            raise ValueError(f"not saved: {self.read_only}")
        # its own file is overwritten only if nobody changed it since it was read or saved
        same = bool(self.path) and os.path.abspath(target) == os.path.abspath(self.path)
        moved = self._claim_for(target) if self.journal is not None and not same else None
        try:
            save_game(self.game, target, expect=self.game.stamp if same else None)
        except BaseException:
            if moved is not None:
                moved.release()
            raise
        if moved is not None:  # a window's game saved as another file: the window plays that one now
            if self.claim is not None:
                self.claim.release()
            self.claim = moved
        old = self.game.path
        self.game.path = target
        self.history.mark_saved()
        if self.journal is not None:
            self.journal.saved(old)
        for f in list(self.listeners):
            f("saved")
        return target

    def _claim_for(self, target: str):
        """A window saving its game as ``target``: that file's claim, or ValueError when another
        window plays it (it would find its game overwritten)."""
        from mapref.rules.journal import claim

        new = claim(target)
        if not new.ok:
            raise ValueError(f"not saved: {new.refusal(target)}; save it as another file, or close it there first")
        return new

    def close(self) -> None:
        """The window closes without saving: the journal is no longer needed, nor its claim."""
        if self.journal is not None:
            self.journal.discard()
        if self.claim is not None:
            self.claim.release()
            self.claim = None


def _alike(read: object, data: dict) -> bool:
    """Does ``read`` (what a state's text parsed as) hold what ``data`` holds?  The writer leaves
    out a table with nothing in it, which the reader reads as empty."""
    if not isinstance(read, dict):
        return False
    return {k: v for k, v in read.items() if v != {}} == {k: v for k, v in data.items() if v != {}}


def open_game(path: str | os.PathLike[str], journal: bool = False) -> GameSession:
    return GameSession(load_game(path, str(path)), journal=journal)


def start_game(
    scenario: str | os.PathLike[str],
    *,
    scenario_ref: str = "",
    map_ref: str = "",
    auto_place: bool = False,
    journal: bool = False,
) -> GameSession:
    """A new game from a scenario file (or a shipped scenario's path)."""
    return GameSession(
        new_game(Path(scenario), scenario_ref=scenario_ref, map_ref=map_ref, auto_place=auto_place), journal=journal
    )


__all__ = ["ActionStep", "GameSession", "JournalError", "journal_failure", "open_game", "start_game"]
