"""A crash journal: every action done in a window since the game was last saved.

The referee's window keeps one per open game (:class:`~mapref.rules.session.GameSession` with
``journal=True``).  Each action, undo and redo is appended as a line of JSON and flushed to disk
(``fsync``) before the screen shows it.  Saving starts a new journal; closing without saving
removes it.  After a crash the journal is still there: opening the game again finds it
(:func:`pending`) and can rebuild the position the window had (:func:`recover`).

Where it lives: beside a saved game, as ``.NAME.journal`` (``NAME`` the game's file name); for a
game not saved yet, in the per-user state folder (:func:`mapref.paths.state_dir`), named after
the scenario.  The first line says which file (and which version of it, by its SHA-256) the
actions start from, or holds the whole starting position of a new game.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from dataclasses import dataclass
from pathlib import Path

from mapref.rules.gamelog import LogEntry

VERSION = 1


def file_hash(path: str | os.PathLike[str]) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def _safe(scenario_id: str) -> str:
    return "".join(ch if ch.isalnum() or ch in "_" else "_" for ch in scenario_id) or "game"


def journal_path(game_path: str | None, scenario_id: str = "") -> Path:
    """Beside a saved game; for a new game, in the state folder, named after the scenario and
    this process (two windows on new games of one scenario keep two journals)."""
    from mapref.paths import state_dir

    if game_path:
        p = Path(game_path)
        return p.with_name(f".{p.name}.journal")
    return state_dir() / "journals" / f"new-{_safe(scenario_id)}-{os.getpid()}.journal"


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return False  # a journal of this process left by an earlier window: not in use
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


def _new_game_journals(scenario_id: str) -> list[Path]:
    """Journals of new games of this scenario left by windows that are gone, newest first."""
    from mapref.paths import state_dir

    out = []
    for p in (state_dir() / "journals").glob(f"new-{_safe(scenario_id)}-*.journal"):
        pid = p.stem.rsplit("-", 1)[-1]
        if pid.isdigit() and _alive(int(pid)):
            continue
        out.append(p)
    return sorted(out, key=lambda p: p.stat().st_mtime, reverse=True)


def _entry_data(e: LogEntry) -> dict:
    return e.as_data(with_redo=True)


def _entry(d: dict) -> LogEntry:
    return LogEntry(d["n"], d.get("turn", ""), d.get("side", ""), d.get("step", ""), dict(d.get("action", {})),
                    d.get("did", ""), d.get("rule", ""), d.get("by", ""), d.get("override", ""),
                    list(d.get("undo", [])), list(d.get("redo", [])))


class Journal:
    def __init__(self, path: Path, header: dict) -> None:
        self.path = path
        self.header = header
        self._started = False

    @classmethod
    def for_game(cls, session) -> "Journal":
        j = cls(journal_path(session.path, getattr(session.scenario, "id", "")), {})
        j._reset_header(session)
        return j

    def _reset_header(self, session) -> None:
        h: dict = {"journal": VERSION, "time": time.time(), "scenario": getattr(session.scenario, "path", ""),
                   "scenario_id": getattr(session.scenario, "id", "")}
        if session.path and Path(session.path).exists():
            h["game"] = str(Path(session.path).resolve())
            h["base"] = file_hash(session.path)
            h["saved_log"] = len(session.log)
        else:
            h["start"] = session.state_data()
            h["log"] = [_entry_data(e) for e in session.log]
        self.header = h
        self._session = session
        self._started = False

    def _write(self, line: dict) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        first = not self._started
        with open(self.path, "w" if first else "a", encoding="utf-8") as f:
            if first:
                f.write(json.dumps(self.header, ensure_ascii=False) + "\n")
            f.write(json.dumps(line, ensure_ascii=False) + "\n")
            f.flush()
            os.fsync(f.fileno())
        self._started = True

    def record(self, kind: str, entry: LogEntry) -> None:
        """Append one action ("do"), undo or redo, and flush it to disk."""
        self._write({kind: _entry_data(entry)})

    def saved(self, old_path: str = "") -> None:
        """The game was saved: its journal starts again (from the saved file)."""
        old = self.path
        self.path = journal_path(self._session.path, getattr(self._session.scenario, "id", ""))
        for p in {old, self.path}:
            _remove(p)
        self._reset_header(self._session)

    def discard(self) -> None:
        _remove(self.path)
        self._started = False

    @classmethod
    def resume(cls, r: "Recovery", session) -> "Journal":
        """Go on with a recovered journal: its records are kept, new actions follow them."""
        j = cls(r.path, r.header)
        j._session = session
        lines = [json.dumps(r.header, ensure_ascii=False)] + [json.dumps({k: _entry_data(e)}, ensure_ascii=False)
                                                              for k, e in r.records]
        tmp = r.path.with_name(r.path.name + ".tmp")
        with open(tmp, "w", encoding="utf-8") as f:
            f.write("\n".join(lines) + "\n")
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, r.path)
        j._started = True
        return j


def _remove(p: Path) -> None:
    try:
        p.unlink()
    except FileNotFoundError:
        pass


@dataclass
class Recovery:
    """A journal left by a window that did not close: what it holds."""

    path: Path
    header: dict
    records: list[tuple[str, LogEntry]]
    stale: str = ""  # why it cannot be applied (the game file changed since), or ""

    @property
    def actions(self) -> int:
        """How many actions the recovered position has beyond the saved one."""
        n = 0
        for kind, _ in self.records:
            n += -1 if kind == "undo" else 1
        return n

    def describe(self) -> str:
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(self.header.get("time", 0)))
        last = next((e.did for k, e in reversed(self.records) if k != "undo"), "")
        return f"{len(self.records)} unsaved change(s) from {when}" + (f", the last: {last}" if last else "")

    def discard(self) -> None:
        _remove(self.path)


def read(path: Path) -> Recovery | None:
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (FileNotFoundError, OSError, UnicodeDecodeError):
        return None
    if not lines:
        return None
    try:
        header = json.loads(lines[0])
    except ValueError:
        return None
    records: list[tuple[str, LogEntry]] = []
    for ln in lines[1:]:
        try:
            d = json.loads(ln)
            (kind, data), = d.items()
            records.append((kind, _entry(data)))
        except (ValueError, KeyError, TypeError):
            break  # a line torn by the crash: what came before it is whole
    if not records:
        return None
    return Recovery(path, header, records)


def pending(game_path: str | None, scenario_id: str = "") -> Recovery | None:
    """The journal a crashed window left for this game (a saved game's path, or a new game of
    this scenario), or None.  ``stale`` is set when the game file changed since."""
    if game_path:
        r = read(journal_path(game_path, scenario_id))
    else:
        r = next((x for x in map(read, _new_game_journals(scenario_id)) if x is not None), None)
    if r is None:
        return None
    if game_path:
        base = r.header.get("base")
        try:
            now = file_hash(game_path)
        except OSError:
            now = None
        if base != now:
            r.stale = "the game file was changed after these actions were journaled"
    return r


def recover(r: Recovery, game):
    """A session with the journal's actions re-done on ``game`` (the saved file as loaded, or a
    new game of the scenario): the position the window had; unsaved (dirty)."""
    from mapref.rules import datapatch
    from mapref.rules.session import ActionStep, GameSession

    if r.stale:
        raise ValueError(f"{r.path}: {r.stale}")
    s = GameSession(game, journal=False)
    data = s.state_data() if "start" not in r.header else r.header["start"]
    log = list(game.log) if "start" not in r.header else [_entry(d) for d in r.header.get("log", [])]
    saved = len(log) if "start" not in r.header else None
    for kind, e in r.records:
        if kind == "undo":
            data = datapatch.apply(data, e.undo)
            if log:
                log.pop()
        else:
            data = datapatch.apply(data, e.redo)
            log.append(e)
    game.log = log
    s = GameSession(game, journal=False)
    s._set_data(data)
    s.history.done = [ActionStep(e) for e in log]
    s.history.saved = saved
    s.journal = Journal.resume(r, s)
    return s


__all__ = ["Journal", "Recovery", "file_hash", "journal_path", "pending", "read", "recover"]
