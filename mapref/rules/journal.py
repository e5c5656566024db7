"""A crash journal: every action done in a window since the game was last saved.

The referee's window keeps one per open game (:class:`~mapref.rules.session.GameSession` with
``journal=True``).  Each action, undo and redo is appended as a line of JSON and flushed to disk
(``fsync``) before the screen shows it; one the journal cannot hold (a full disk) is not done at
all, and the window says why.  Saving starts a new journal; closing without saving removes it.
After a crash the journal is still there: opening the game again
(:func:`mapref.rules.recovery.open_for_play`) offers the position it holds, asks about one left for
a game file that changed since, and reports and sets aside one it cannot read: a journal never
stops a game from opening.

Where it lives: beside a saved game, as ``.NAME.journal`` (``NAME`` the game's file name); when
that folder cannot be written (a read-only or full folder), and for a game not saved yet, in the
per-user state folder (:func:`mapref.paths.state_dir`).  It is the user's alone (mode 0600), and
a symbolic link planted in its place is replaced, never written through.  The first line says
which file (and which version of it, by its SHA-256) the actions start from, or holds the whole
starting position of a new game.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import stat
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from mapref.io.atomic import Hold, clean_stale_temps, holder, real_target, try_hold, write_atomic
from mapref.io.problems import MAX_ITEMS, FileProblems, Reader, clip, read_source, too_deep
from mapref.rules.gamelog import LogEntry, plain_problem, read_entry

VERSION = 1
KINDS = ("do", "undo", "redo")


class Kept(Protocol):
    """What a journal reads of the game session it keeps (:class:`mapref.rules.session.GameSession`)."""

    @property
    def path(self) -> str: ...

    @property
    def scenario(self) -> object: ...

    @property
    def log(self) -> list[LogEntry]: ...

    def state_data(self) -> dict: ...


def file_hash(path: str | os.PathLike[str]) -> str:
    """The SHA-256 of a file, read through mapref's guard (FileProblems if it cannot be read)."""
    return hashlib.sha256(read_source(path, str(path))).hexdigest()


def _safe(name: str) -> str:
    return "".join(ch if ch.isalnum() or ch in "_" else "_" for ch in name)[:60] or "game"


def _folder() -> Path:
    from mapref.paths import state_dir

    return state_dir(create=False) / "journals"


def journal_paths(game_path: str | None, scenario_id: str = "") -> list[Path]:
    """Where a game's journal may be, in the order it is tried: beside a saved game, then in the
    state folder (named after the game's full path); a new game's in the state folder, named
    after the scenario and this process (two windows on new games of one scenario keep two)."""
    if game_path:
        try:  # a symbolic link's game is its target's: one journal and one claim, whichever name opens it
            p = real_target(game_path)
        except OSError:
            p = Path(game_path)
        digest = hashlib.sha256(os.fsencode(os.path.realpath(p))).hexdigest()[:16]
        return [p.with_name(f".{p.name}.journal"), _folder() / f"saved-{_safe(p.stem)}-{digest}.journal"]
    return [_folder() / f"new-{_safe(scenario_id)}-{os.getpid()}.journal"]


def journal_path(game_path: str | None, scenario_id: str = "") -> Path:
    """Where a game's journal is written first (:func:`journal_paths`)."""
    return journal_paths(game_path, scenario_id)[0]


def claim_paths(game_path: str | os.PathLike[str]) -> list[Path]:
    """Where a window's claim on a saved game is held (:func:`claim`): beside the game, or when
    that folder cannot be written, in the state folder (named as the journal there is)."""
    here, state = journal_paths(str(game_path))
    return [here.with_name(here.name[: -len(".journal")] + ".window"), state.with_suffix(".window")]


@dataclass
class Claim:
    """A window's claim on a saved game (:func:`claim`): ``hold`` while this process has it;
    ``holder`` the process id of the window that has it instead ("" unknown), None when free."""

    hold: Hold | None
    holder: str | None

    @property
    def ok(self) -> bool:
        return self.holder is None

    def release(self) -> None:
        if self.hold is not None:
            self.hold.release()
            self.hold = None

    def refusal(self, shown: str) -> str:
        who = f"process {self.holder}" if self.holder else "another process"
        return f"{shown} is open in another mapref window ({who})"


def window_holder(game_path: str | os.PathLike[str]) -> str | None:
    """The process id of the window that has this saved game open ("" when not known), or None
    when no other process's window has it.  Takes nothing (a command asks before it changes the
    game)."""
    for p in claim_paths(game_path):
        who = holder(p)
        if who is not None:
            return who
    return None


def claim(game_path: str | os.PathLike[str]) -> Claim:
    """Claim a saved game for the window about to play it: one window at a time plays a game (a
    second opens it read-only: its journal is the first window's, never offered, deleted or
    shared).  The claim is an exclusive lock held until released or the process ends; one that
    cannot be held anywhere (no folder can be written) leaves the game unclaimed but free."""
    who = window_holder(game_path)
    if who is not None:
        return Claim(None, who)
    for i, p in enumerate(claim_paths(game_path)):
        try:
            if i and not p.parent.is_dir():
                p.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
            hold, who = try_hold(p)
        except OSError:
            continue
        return Claim(hold, None) if hold is not None else Claim(None, who)
    return Claim(None, None)


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return False  # a journal of this process left by an earlier window: not in use
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (OSError, OverflowError, ValueError):
        return True
    return True


def _mtime(p: Path) -> float:
    try:
        return p.lstat().st_mtime
    except OSError:
        return 0.0


def _new_game_journals(scenario_id: str) -> list[Path]:
    """Journals of new games of this scenario left by windows that are gone, newest first."""
    try:
        found = list(_folder().glob(f"new-{_safe(scenario_id)}-*.journal"))
    except OSError:
        return []
    out = []
    for p in found:
        pid = p.stem.rsplit("-", 1)[-1]
        if pid.isdigit() and len(pid) < 12 and _alive(int(pid)):
            continue
        out.append(p)
    return sorted(out, key=_mtime, reverse=True)


def _remove(p: Path) -> None:
    """Remove a journal, and what a window killed while writing it left (its temporaries)."""
    try:
        p.unlink()
    except OSError:
        pass
    clean_stale_temps(p)


def _dumps(record: object) -> str:
    return json.dumps(record, ensure_ascii=False, allow_nan=False)


class Journal:
    """The journal a window keeps for its game (see the module docstring)."""

    def __init__(self, paths: list[Path], header: dict) -> None:
        self.paths = paths
        self.path = paths[0]
        self.header = header
        self.lines: list[str] = []  # the records written since the header (kept to write it all again)
        self._on_disk = False
        self._session: Kept | None = None

    @classmethod
    def for_game(cls, session: Kept) -> Journal:
        j = cls(journal_paths(session.path, getattr(session.scenario, "id", "")), {})
        j._reset_header(session)
        return j

    def _reset_header(self, session: Kept) -> None:
        h: dict = {
            "journal": VERSION,
            "time": time.time(),
            "scenario": str(getattr(session.scenario, "path", "")),
            "scenario_id": str(getattr(session.scenario, "id", "")),
        }
        try:
            base = file_hash(session.path) if session.path else None
        except FileProblems:
            base = None
        if base is not None:
            h["game"] = os.path.realpath(session.path)
            h["base"] = base
            h["saved_log"] = len(session.log)
        else:
            h["start"] = session.state_data()
            h["log"] = [e.as_data() for e in session.log]
        self.header = h
        self._session = session
        self.lines = []
        self._on_disk = False

    # ------------------------------------------------------------------------- writing
    def record(self, kind: str, entry: LogEntry) -> None:
        """Append one action ("do"), undo or redo, and flush it to disk; OSError when it cannot
        be (then the journal on disk is as it was before)."""
        line = _dumps({kind: entry.as_data(with_redo=True)})
        if self._on_disk:
            try:
                self._append(line)
                self.lines.append(line)
                return
            except OSError:
                pass  # removed, replaced, or full: written whole again (elsewhere if need be)
        where = self.path
        try:
            self._rewrite(self.lines + [line])
        except OSError as e:
            raise OSError(e.errno, e.strerror or str(e), str(where)) from None
        self.lines.append(line)

    def _append(self, line: str) -> None:
        flags = os.O_WRONLY | os.O_APPEND | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
        fd = os.open(self.path, flags | getattr(os, "O_NONBLOCK", 0))
        try:
            st = os.fstat(fd)
            if not stat.S_ISREG(st.st_mode) or st.st_uid != os.geteuid():
                raise OSError(errno.EPERM, "not a journal of this user's", str(self.path))
            data = (line + "\n").encode("utf-8")
            try:
                view = memoryview(data)
                while view:
                    view = view[os.write(fd, view) :]
                os.fsync(fd)
            except BaseException:
                try:
                    os.ftruncate(fd, st.st_size)  # no torn line for the next record to follow
                except OSError:
                    pass
                raise
        finally:
            os.close(fd)

    def _rewrite(self, lines: list[str]) -> None:
        """The whole journal, written atomically where it is, or else in the next place."""
        text = "\n".join([_dumps(self.header)] + lines) + "\n"
        first: OSError | None = None
        for p in [self.path] + [q for q in self.paths if q != self.path]:
            try:
                if not p.parent.is_dir():
                    p.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
                write_atomic(p, text, private=True)
            except OSError as e:
                first = first or e
                continue
            self.path = p
            for q in self.paths:
                if q != p:
                    _remove(q)
            self._on_disk = True
            return
        assert first is not None
        raise first

    def saved(self, old_path: str = "") -> None:
        """The game was saved: its journal starts again (from the saved file)."""
        session = self._session
        if session is None:
            raise ValueError("a journal saved before it kept a game")
        for p in self.paths:
            _remove(p)
        self.paths = journal_paths(session.path, getattr(session.scenario, "id", ""))
        self.path = self.paths[0]
        for p in self.paths:
            _remove(p)
        self._reset_header(session)

    def discard(self) -> None:
        for p in self.paths:
            _remove(p)
        self.lines = []
        self._on_disk = False

    @classmethod
    def resume(cls, r: Recovery, session: Kept) -> Journal:
        """Go on with a recovered journal: its records are kept (written where this window's
        journal goes), new actions follow them.  When it cannot be written now, the recovered
        file stays where it is and the next action tries again."""
        j = cls(journal_paths(session.path, getattr(session.scenario, "id", "")), r.header)
        j._session = session
        j.lines = [_dumps({k: e.as_data(with_redo=True)}) for k, e in r.records]
        try:
            j._rewrite(j.lines)
        except OSError:
            return j
        if r.path not in j.paths:
            _remove(r.path)
        return j


# ------------------------------------------------------------------------------- reading
class BadJournal(ValueError):
    """A journal that cannot be read or applied: reported and set aside, never applied."""


def _json(text: str) -> object:
    try:
        v = json.loads(text)
    except RecursionError:
        raise BadJournal("values nested too deep") from None
    except ValueError as e:
        raise BadJournal(f"not JSON ({clip(str(e), 80)})") from None
    if too_deep(v) is not None:
        raise BadJournal("values nested too deep")
    return v


def _checked(r: Reader) -> None:
    if r.problems:
        p = r.problems[0]
        raise BadJournal(f"{p.key}: {p.message}" if p.key else p.message)


def _header(h: object, shown: str) -> tuple[dict, list[LogEntry]]:
    """The header, checked, and the log a new game's journal starts from."""
    if not isinstance(h, dict) or type(h.get("journal")) is not int:
        raise BadJournal("not a mapref journal")
    if h["journal"] != VERSION:
        raise BadJournal(f"a journal of another version of mapref ({h['journal']})")
    t = h.get("time")
    if (
        isinstance(t, bool) or not isinstance(t, (int, float)) or not 0 <= t < 1e11
    ):  # (nan compares false; a huge integer too)
        raise BadJournal("its time is not a time")
    for k in ("scenario", "scenario_id", "game", "base"):
        if k in h and not isinstance(h[k], str):
            raise BadJournal(f"{k}: expected a string")
    if "start" in h:
        if not isinstance(h["start"], dict) or plain_problem(h["start"]):
            raise BadJournal("start: expected the game's starting position")
        r = Reader(shown, "")
        log = h.get("log", [])
        if not isinstance(log, list):
            raise BadJournal("log: expected a list of log entries")
        entries = [read_entry(r, e, i) for i, e in enumerate(log)]
        _checked(r)
        return h, [e for e in entries if e is not None]
    if (
        not isinstance(h.get("base"), str)
        or type(h.get("saved_log")) is not int
        or not 0 <= h["saved_log"] <= MAX_ITEMS
    ):
        raise BadJournal("expected the game file it starts from (base, saved_log)")  # (no game file holds more entries)
    return h, []


def _record(d: object, shown: str) -> tuple[str, LogEntry]:
    if not isinstance(d, dict) or len(d) != 1 or next(iter(d)) not in KINDS:
        raise BadJournal('expected one of { "do": ... }, { "undo": ... }, { "redo": ... }')
    ((kind, data),) = d.items()
    r = Reader(shown, "")
    e = read_entry(r, data, 0, kind, with_redo=True)
    _checked(r)
    assert e is not None
    return kind, e


@dataclass
class Recovery:
    """A journal left by a window that did not close: what it holds."""

    path: Path
    header: dict
    records: list[tuple[str, LogEntry]]
    stale: str = ""  # why it cannot be applied (the game file changed since), or ""
    bad: str = ""  # why it cannot be read at all, or ""
    start_log: list[LogEntry] = field(default_factory=list)  # a new game's log when the journal began

    @property
    def actions(self) -> int:
        """How many actions the recovered position has beyond the saved one (net)."""
        added, back, _ = self.summary()
        return added - back

    def _saved(self) -> int:
        return len(self.header.get("log", [])) if "start" in self.header else int(self.header.get("saved_log", 0))

    def replay(self) -> tuple[list, int]:
        """The history the records lead to, as the window's was: (the actions done, each the
        index of a saved one or a new :class:`LogEntry`; how many saved ones are still there,
        in place).  An undo moves the last action to a redo list, a redo brings it back, a new
        action clears the redo list."""
        saved = self._saved()
        done: list = list(range(saved))
        undone: list = []
        for kind, e in self.records:
            if kind == "undo":
                if done:
                    undone.append(done.pop())
            elif kind == "redo" and undone:
                done.append(undone.pop())
            else:
                done.append(e)
                undone.clear()
        kept = 0
        while kept < len(done) and done[kept] == kept and kept < saved:
            kept += 1
        return done, kept

    def summary(self) -> tuple[int, int, str]:
        """(actions done beyond the saved position, saved actions taken back, what the last
        action still done beyond the saved position did, or "")."""
        done, kept = self.replay()
        added = len(done) - kept
        last = done[-1] if added else None
        return added, self._saved() - kept, last.did if isinstance(last, LogEntry) else ""

    def describe(self) -> str:
        added, back, last = self.summary()
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(self.header.get("time", 0)))
        parts = ([f"{added} unsaved action{'s' if added != 1 else ''}"] if added else []) + (
            [f"{back} saved action{'s' if back != 1 else ''} taken back"] if back else []
        )
        return (
            (" and ".join(parts) or "no change") + f" from {when}" + (f" (the last: {clip(last, 120)})" if last else "")
        )

    @property
    def empty(self) -> bool:
        """Nothing to recover: every action it holds was taken back again."""
        added, back, _ = self.summary()
        return not added and not back

    def discard(self) -> None:
        _remove(self.path)

    def set_aside(self, why: str) -> str:
        """Rename the journal out of the way (``.NAME.journal.WHY-WHEN``); the sentence to tell."""
        new = self.path.with_name(f"{self.path.name}.{why}-{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}")
        try:
            os.rename(self.path, new)
        except OSError as e:
            return f"it could not be set aside ({e.strerror})"
        return f"set aside as {new}"


def read(path: Path) -> Recovery | None:
    """The journal at ``path`` (None when there is none, or it holds no action); one that cannot
    be read comes back with ``bad`` saying why."""
    shown = str(path)
    try:
        if stat.S_ISLNK(os.lstat(path).st_mode):
            return Recovery(path, {}, [], bad="a symbolic link, not a journal mapref wrote")
        raw = read_source(path, shown)
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as e:
        return Recovery(path, {}, [], bad=clip(str(e), 200))
    except FileProblems as e:
        return Recovery(path, {}, [], bad=e.problems[0].message)
    if not raw.strip():
        return None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return Recovery(path, {}, [], bad="not UTF-8 text")
    lines = text.split("\n")
    torn = not text.endswith("\n")  # the last line was being written when the window died
    body = lines[1:] if torn else lines[1:-1]
    try:
        header, start_log = _header(_json(lines[0]), shown)
    except BadJournal as e:
        return Recovery(path, {}, [], bad=f"line 1: {e}")
    records: list[tuple[str, LogEntry]] = []
    for i, ln in enumerate(body):
        try:
            records.append(_record(_json(ln), shown))
        except BadJournal as e:
            if torn and i == len(body) - 1:
                break
            return Recovery(path, header, [], bad=f"line {i + 2}: {e}")
    if not records:
        return None
    return Recovery(path, header, records, start_log=start_log)


def pending(game_path: str | None, scenario_id: str = "") -> Recovery | None:
    """The journal a crashed window left for this game (a saved game's path, or a new game of
    this scenario), or None.  ``stale`` is set when the game file changed since; ``bad`` when
    the journal cannot be read.  Never raises."""
    if game_path:
        found = [r for r in map(read, sorted(journal_paths(game_path, scenario_id), key=_mtime, reverse=True)) if r]
        r = found[0] if found else None
    else:
        r = next((x for x in map(read, _new_game_journals(scenario_id)) if x is not None), None)
    if r is None or r.bad:
        return r
    if game_path and "start" not in r.header:  # (a game whose file was gone kept its whole start)
        try:
            now = file_hash(game_path)
        except FileProblems:
            now = None
        if r.header.get("base") != now:
            r.stale = "the game file was changed after these actions were journaled"
    return r


__all__ = [
    "BadJournal",
    "Claim",
    "claim",
    "claim_paths",
    "window_holder",
    "Journal",
    "Recovery",
    "file_hash",
    "journal_path",
    "journal_paths",
    "pending",
    "read",
]
