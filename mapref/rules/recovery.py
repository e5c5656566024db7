"""Opening a game for play in a window, after whatever another window left for it: a crashed
window's journal (:mod:`mapref.rules.journal`) offered back, set aside or asked about; a game
another window plays opened read-only; a game ``mapref check`` refuses opened read-only.

It sits above both the journal and the session (:mod:`mapref.rules.session`): a recovered journal
becomes a session, and a session keeps a journal.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from mapref.io.atomic import file_lock, stamp
from mapref.io.problems import FileProblems, clip, show_value
from mapref.rules import datapatch
from mapref.rules.files import load_game, readback_problems
from mapref.rules.gamelog import LogEntry
from mapref.rules.journal import BadJournal, Claim, Journal, Recovery, claim, pending
from mapref.rules.session import ActionStep, GameSession


def replayed(r: Recovery, game) -> tuple[dict, list[LogEntry]]:
    """The position the journal's actions lead to from ``game`` (the saved file as loaded, or a
    new game of the scenario): (its data, its log), checked as the file reader would read it.
    Changes nothing, on disk or in ``game``: a window recovers it (:func:`recover`), ``mapref
    serve`` shows it to the players while the window that keeps it plays on.  Raises
    :class:`BadJournal` when the journal does not fit the game or would give a game that does
    not load."""
    if r.stale or r.bad:
        raise BadJournal(f"{r.path}: {r.stale or r.bad}")
    new = "start" in r.header
    own = game.ruleset.state_data(game.state)
    data = r.header["start"] if new else own
    log = list(r.start_log) if new else list(game.log)
    if not new and r.header.get("saved_log") != len(log):
        raise BadJournal("it starts from a log of another length than the game's")
    try:
        for kind, e in r.records:
            if kind == "undo":
                if not log or log[-1].n != e.n:
                    raise BadJournal(f"it takes back action {e.n}, which is not the last one done")
                data = datapatch.apply(data, e.undo)
                log.pop()
            else:
                data = datapatch.apply(data, e.redo)
                log.append(e)
        st = game.ruleset.read_state(data, "", str(r.path))
        problems = readback_problems(game, game.ruleset.dumps_state(st), str(r.path), whole=False)
    except datapatch.PatchError as e:
        raise BadJournal(f"its actions do not fit the game ({clip(str(e), 120)})") from None
    except FileProblems as e:
        p = e.problems[0]
        raise BadJournal(f"it gives a game that does not load ({p.key}: {p.message})") from None
    except (ValueError, TypeError) as e:
        raise BadJournal(f"it gives a game that cannot be written ({clip(str(e), 120)})") from None
    if problems:
        raise BadJournal(f"it gives a game that does not load ({problems[0]})")
    moved = [k for k in ("scenario", "map") if data.get(k) != own.get(k)]
    if moved:  # a journal replays actions on this game: it cannot change which scenario or map it is played with
        raise BadJournal(
            f"it names another {moved[0]} ({show_value(data.get(moved[0]))}) than the game ({show_value(own.get(moved[0]))})"
        )
    chain = replace(game, state=st, log=log, cache={}).log_problems()
    if chain:
        raise BadJournal(f"its log does not take the game back ({chain[0]})")
    return data, log


def recover(r: Recovery, game):
    """A session with the journal's actions re-done on ``game`` (the saved file as loaded, or a
    new game of the scenario): the position the window had; unsaved (dirty).  Raises
    :class:`BadJournal` (``game`` unchanged) when the journal does not fit the game or would give
    a game that does not load (:func:`replayed`)."""
    data, log = replayed(r, game)
    saved = None if "start" in r.header else len(game.log)
    game.log = log
    s = GameSession(game, journal=False)
    s._set_data(data)
    s.history.done = [ActionStep(e) for e in log]
    s.history.saved = saved if saved is not None and r.replay()[1] == saved else None
    s.journal = Journal.resume(r, s)
    return s


def _settled(game):
    """``game`` as its file is once a command changing it (which took the game's lock before this
    window claimed it) is done: read again if that command changed it meanwhile."""
    try:
        with file_lock(game.path, wait=30):
            if game.stamp is not None and stamp(game.path) != game.stamp:
                return load_game(game.path, game.path)
    except (OSError, RuntimeError, FileProblems):
        pass  # no lock to wait for (a read-only folder...), or the file cannot be read now: as read
    return game


def open_for_play(game, ask=None):
    """The session a window plays ``game`` in, with its crash journal, after dealing with what a
    crashed window left for it.  ``ask(question) -> bool`` (None: never recover).

    - a journal that cannot be read or does not fit: set aside, and said in ``session.notes``;
    - one whose game file changed since: the user is asked whether to delete it (else it is set
      aside);
    - one whose actions were all taken back: removed;
    - else the user is asked whether to recover it (no: it is removed)."""
    notes: list[str] = []
    session: GameSession | None
    problems = game.check()
    if problems:  # a game mapref check refuses is shown, never changed (nor saved over its file)
        session = GameSession(game, journal=False)
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        session.read_only = (
            f"the game has problems mapref check refuses, so it is opened read-only: {problems[0]}{more}; "
            "fix the file, then open it again"
        )
        session.notes = [session.read_only] + problems[1:20]
        return session
    held = claim(game.path) if game.path else Claim(None, None)
    if not held.ok:  # another window plays it: its journal is that window's, left alone
        session = GameSession(game, journal=False)
        session.read_only = f"{held.refusal(Path(game.path).name)}; opened read-only here"
        session.notes = [session.read_only]
        return session
    if held.hold is not None:
        game = _settled(game)
    r = pending(game.path or None, getattr(game.scenario, "id", ""))
    session = None
    if r is not None and r.bad:
        notes.append(f"a crash journal of this game could not be read ({r.bad}): {r.set_aside('bad')}")
    elif r is not None and r.empty:
        r.discard()
    elif r is not None and r.stale:
        name = Path(game.path).name
        question = (
            f"A window closed without saving left {r.describe()}, but {name} was changed on disk after them, "
            "so they cannot be applied to it. Delete them? (No keeps them, set aside beside the game.)"
        )
        if ask is not None and ask(question):
            r.discard()
        else:
            notes.append(
                f"unsaved changes of an earlier window ({r.describe()}) no longer fit {name}: {r.set_aside('stale')}"
            )
    elif r is not None:
        if ask is not None and ask(f"mapref was closed before these were saved: {r.describe()}. Recover them?"):
            try:
                session = recover(r, load_game(game.path, game.path) if game.path else game)
                notes.append(f"recovered: {r.describe()}")
            except BadJournal as e:
                notes.append(f"the crash journal of this game could not be recovered ({e}): {r.set_aside('bad')}")
            except FileProblems as e:
                notes.append(f"the crash journal could not be recovered: {e.problems[0]}")
        else:
            r.discard()
    if session is None:
        session = GameSession(game, journal=True)
    session.claim = held
    session.notes = notes
    return session


__all__ = ["open_for_play", "recover", "replayed"]
