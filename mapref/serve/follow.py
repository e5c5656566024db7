"""A saved game followed on disk: ``mapref serve GAME.toml``.

What the players see is what the referee has: the game file as the last command saved it
(``mapref VERB GAME.toml`` in another terminal saves it after each action), and, while a window
has the game open, the actions it has done since its last save, which its crash journal holds
(:mod:`mapref.rules.journal`: each one written to disk before the window shows it).  A
:class:`Follower` looks at the file and the journal's places a few times a second; when either
changed it reads the game again, applies the journal's actions when the journal is the window's
for this very file (not stale, readable), and hands the position to the share.  It writes
nothing, takes no lock and never changes the journal: a window and commands go on as if it were
not there.  A file that cannot be read (being replaced by hand, say) keeps the last position, and
the problem is said once.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from pathlib import Path

from mapref.io.problems import FileProblems
from mapref.rules import journal, recovery
from mapref.rules.files import Game, load_game

POLL = 0.15  # seconds between looks at the file and its journal


def _stamp(p: Path) -> tuple:
    try:
        st = os.stat(p)
    except OSError:
        return ()
    return (st.st_mtime_ns, st.st_size, st.st_ino)


def position_of(path: str) -> tuple[Game, dict, list]:
    """The game at ``path`` as the referee has it: (the game as saved, the position's data, its
    log), with the actions of a window's crash journal for this file applied.  Raises
    FileProblems when the file cannot be read."""
    game = load_game(path, path)
    data, log = game.ruleset.state_data(game.state), list(game.log)
    r = journal.pending(path)
    if r is not None and not r.bad and not r.stale and not r.empty:
        try:
            data, log = recovery.replayed(r, game)
        except journal.BadJournal:
            pass  # a journal that does not fit the file: what the file holds
    return game, data, log


class Follower:
    """Follows the game at ``path`` (see the module docstring): ``on_change(game, data, log)``
    is called (from the follower's thread) with each new position, ``on_problem(text)`` once for
    each new problem reading it."""

    def __init__(
        self,
        path: str,
        on_change: Callable[[Game, dict, list], None],
        on_problem: Callable[[str], None] = lambda text: None,
    ) -> None:
        self.path = path
        self.on_change, self.on_problem = on_change, on_problem
        self.watched = [Path(path), *journal.journal_paths(path)]
        self._seen: tuple | None = None
        self._last: tuple | None = None
        self._problem = ""
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def look(self, strict: bool = False) -> bool:
        """Look once: True when the position changed (and was handed on).  ``strict``: a game
        that cannot be read raises FileProblems (the first look)."""
        stamps = tuple(_stamp(p) for p in self.watched)
        if stamps == self._seen:
            return False
        self._seen = stamps
        try:
            game, data, log = position_of(self.path)
        except FileProblems as e:
            if strict:
                raise
            self._said(f"{e.problems[0]}: still showing the last position read")
            return False
        except OSError as e:
            self._said(f"{self.path}: cannot be read ({e.strerror or e}): still showing the last position read")
            return False
        self._problem = ""
        now = (data, [x.as_data() for x in log])
        if now == self._last:
            return False
        self._last = now
        self.on_change(game, data, log)
        return True

    def _said(self, text: str) -> None:
        if text != self._problem:
            self._problem = text
            self.on_problem(text)

    def start(self) -> Follower:
        self._thread = threading.Thread(target=self._run, name="mapref-follow", daemon=True)
        self._thread.start()
        return self

    def _run(self) -> None:
        while not self._stop.wait(POLL):
            self.look()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(2)


__all__ = ["POLL", "Follower", "position_of"]
