"""One game shared with the table: its positions as they are now, and what each page needs to
follow them.

A :class:`Share` is given the game's position (its data and log) each time it changes
(:meth:`Share.submit`: a window after each action, undo and redo; :mod:`.follow` after each
change of the file or its journal) and works in a thread of its own: it draws the positions it
has not drawn yet (:class:`mapref.render.replay.Frames`: the last one first, so the pages show
it at once, then the earlier ones for the replay) and publishes a new version of the game's
track.  A page asks for the page (:meth:`Share.page`) and then for each change from the version
it has (:meth:`Share.update_since`); the server waits for changes with :meth:`Share.wait`.
"""

from __future__ import annotations

import gzip
import json
import secrets
import threading

from mapref.render.replay import Frames, Positions, Track, positions, track_page, update
from mapref.rules.files import Game
from mapref.rules.gamelog import LogEntry

KEEP = 64  # the versions kept for pages that come back (older ones get the whole track again)
RELOAD = "reload"  # why a share closes when another replaces it (its pages load the page again)


class Share:
    """See the module docstring.  ``game``: the game whose positions are drawn (its map,
    scenario and ruleset; a copy of its own, drawn in the share's thread)."""

    def __init__(self, game: Game, live_js: str = "") -> None:
        self.frames = Frames(game)
        self.live_js = live_js
        self.lock = threading.Condition(threading.RLock())
        self.boot = secrets.token_hex(6)  # this share's; a page of another is reloaded
        self.version = 0
        self.tracks: dict[int, Track] = {}
        self.current: Track | None = None
        self.last: tuple[dict, list[LogEntry]] | None = None
        self.closed = ""  # why it stopped ("" while it runs)
        self.problem = ""  # why the last position submitted could not be drawn ("" when it was)
        self._pending: tuple[dict, list[LogEntry]] | None = None
        self._wake = threading.Event()
        self._page: tuple[int, bytes, bytes] | None = None
        self._updates: dict[tuple, bytes] = {}
        self._thread = threading.Thread(target=self._work, name="mapref-share", daemon=True)
        self._thread.start()

    # ------------------------------------------------------------------------ changing
    def submit(self, data: dict, log: list[LogEntry]) -> None:
        """The game's position now (its data, and the log that led there): drawn and published
        by the share's thread (a later one replaces one not yet drawn)."""
        with self.lock:
            self._pending = (data, list(log))
        self._wake.set()

    def _work(self) -> None:
        while not self.closed:
            self._wake.wait()
            self._wake.clear()
            with self.lock:
                job, self._pending = self._pending, None
            if job is not None and not self.closed:
                try:
                    self._publish(*job)
                except Exception as e:  # a position that cannot be drawn: said, the last one kept
                    with self.lock:
                        self.problem = f"{type(e).__name__}: {e}"
                        self.lock.notify_all()

    def _publish(self, data: dict, log: list[LogEntry]) -> None:
        """Draw the position (the last one first) and publish it; then the earlier ones, one at a
        time (the lock is let go between them), and publish the whole track."""
        frames = self.frames
        with self.lock:
            pos = positions(data, log)
            last = len(pos.keys) - 1
            self._each_action(pos, log)
            frames.draw_at(pos, last, data, log)
            complete = not frames.missing(pos)
            self._set(frames.track_of(pos, log, first=0 if complete else last), data, log)
        if complete:
            return
        drawing = frames.drawing(pos, log)
        while True:
            with self.lock:
                if self._pending is not None or self.closed:
                    return  # a newer position: it is drawn next (what was drawn is kept)
                if next(drawing, None) is None:
                    self._set(frames.track_of(pos, log), data, log)
                    return

    def _each_action(self, pos: Positions, log: list[LogEntry]) -> None:
        """Several actions came at once (a window's journal or the file looked at once after two
        saves): the position after each but the last is published first, so every page sees
        every action."""
        old = self.current
        if old is None or old.partial or not old.keys or pos.skipped != old.skipped:
            return
        n = len(old.keys)
        if n >= len(pos.keys) - 1 or pos.keys[:n] != old.keys:
            return
        for k in range(n, len(pos.keys) - 1):
            part = Positions(pos.keys[: k + 1], pos.start, pos.redos[:k], pos.skipped)
            data_k = part.data(k)
            head = log[: pos.skipped + k]
            self.frames.draw_at(part, k, data_k, head)
            self._set(self.frames.track_of(part, head), data_k, head)

    def _set(self, track: Track, data: dict, log: list[LogEntry]) -> None:
        self.version += 1
        track.version = self.version
        self.tracks[self.version] = track
        for v in [v for v in self.tracks if v <= self.version - KEEP]:
            del self.tracks[v]
        self.current, self.last, self.problem = track, (data, log), ""
        self._updates.clear()
        self.lock.notify_all()

    def close(self, why: str = "the game was closed") -> None:
        """Stop: every page following it is told ``why``."""
        with self.lock:
            self.closed = why or "stopped"
            self.lock.notify_all()
        self._wake.set()

    # ------------------------------------------------------------------------- asking
    def wait(self, seen: int | None, timeout: float) -> tuple[int, str]:
        """Wait up to ``timeout`` seconds for a version after ``seen`` (or the share's end):
        (the version now, why it stopped or "")."""
        with self.lock:
            if self.version == seen and not self.closed:
                self.lock.wait(timeout)
            return self.version, self.closed

    def ready(self, timeout: float) -> bool:
        """Wait until a position has been published (False: none after ``timeout`` seconds)."""
        with self.lock:
            return bool(self.lock.wait_for(lambda: self.current is not None or self.closed, timeout)) and (
                self.current is not None
            )

    def page(self, gz: bool = False) -> tuple[int, bytes]:
        """(the version, the page of the last position with its replay and the live script),
        gzip-compressed with ``gz``."""
        with self.lock:
            if self._page is None or self._page[0] != self.version:
                assert self.current is not None and self.last is not None
                data, log = self.last
                session = self.frames.session_at(data, log)
                live = self.live_js.replace("__BOOT__", self.boot)
                text = track_page(self.frames, self.current, session, live=live).encode("utf-8")
                self._page = (self.version, text, gzip.compress(text, 6))
            version, text, packed = self._page
            return version, packed if gz else text

    def versions_after(self, seen: int | None) -> list[int]:
        """The versions a page that has ``seen`` is to be sent, in order: each one after it (every
        action reaches every page), or only the last when ``seen`` is no longer known."""
        with self.lock:
            if seen is None or seen not in self.tracks:
                return [self.version] if self.current is not None else []
            return sorted(v for v in self.tracks if v > seen)

    def update_since(self, have: int | None, to: int | None = None) -> bytes:
        """What a page showing version ``have`` needs to show version ``to`` (the last one by
        default; JSON): only what changed when ``have`` is still known, else the whole track."""
        with self.lock:
            assert self.current is not None
            new = self.tracks.get(to, self.current) if to is not None else self.current
            old = self.tracks.get(have) if have is not None else None
            key = (old.version if old is not None else None, new.version)
            got = self._updates.get(key)
            if got is None:
                u = update(self.frames, old, new)
                got = self._updates[key] = json.dumps(u, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
            return got


__all__ = ["KEEP", "RELOAD", "Share"]
