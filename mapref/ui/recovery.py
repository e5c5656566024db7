"""Autosave and crash recovery for the map editors (hex and area), and the per-user files
(recent maps).

Where the recovery file lives
    Beside the map, as ``.NAME.autosave.toml`` (hidden, like Vim's swap file): it is on the same
    disk as the map, found by whoever opens the map next, and a plain map file anyone can open.
    When the map's folder cannot be written (a map in a shared or read-only folder), and for a
    map never saved, it goes to the per-user folder ``$XDG_STATE_HOME/mapref/autosave``
    (``~/.local/state/mapref/autosave``).  If another running editor already autosaves the same
    map there, this one adds its process id (``.NAME.1234.autosave.toml``).

What is in it
    The map as its file would be (:func:`mapref.io.mapfile.dumps_map` or
    :func:`mapref.io.areafile.dumps_area_map`), after two comment lines saying which map it
    belongs to, which process wrote it and when.  It is written atomically
    (:func:`mapref.io.atomic.write_atomic`) every 30 s while there are unsaved changes and on
    every tenth change, and removed when the map is saved, closed or discarded.  It is readable
    by its owner only (0600); a symbolic link planted under its name is replaced, never written
    through, and is not taken for an autosave when the map is opened (nor is a file of another
    user, a FIFO or a device).

Recovery
    A recovery file whose process is gone (it crashed, was killed, the machine went down) is
    offered when the map is opened again; a map never saved is offered from File > Recover
    unsaved map.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import stat
import time
from dataclasses import dataclass
from pathlib import Path

from mapref.io.atomic import write_atomic

SUFFIX = ".autosave.toml"
_HEADER = re.compile(r"# mapref autosave of (?P<of>.*); process (?P<pid>\d+); (?P<when>[0-9T:\- ]+)$")


def _base(env: str, default: str) -> Path:
    v = os.environ.get(env)
    return Path(v) if v and os.path.isabs(v) else Path.home() / default


def state_dir() -> Path:
    """The per-user folder of autosaves of maps never saved or in folders we cannot write."""
    return _base("XDG_STATE_HOME", ".local/state") / "mapref" / "autosave"


def config_dir() -> Path:
    return _base("XDG_CONFIG_HOME", ".config") / "mapref"


def process_alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # someone else's process
    except OSError:
        return False
    return True


def process_start(pid: int) -> float | None:
    """When process ``pid`` started (seconds since the epoch), on Linux; None elsewhere."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as f:
            ticks = int(f.read().rsplit(")", 1)[1].split()[19])  # field 22, starttime
        with open("/proc/stat", encoding="ascii") as f:
            boot = next(int(line.split()[1]) for line in f if line.startswith("btime "))
        return boot + ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError, StopIteration):
        return None


@dataclass
class Autosave:
    """A recovery file: its path, the map it belongs to (None: never saved), who wrote it, when."""

    path: Path
    of: Path | None
    pid: int
    when: float  # the file's modification time

    @property
    def orphan(self) -> bool:
        """Left by an editor that is gone (a process of that number started after the file was
        written is another program that got the number again)."""
        if not process_alive(self.pid):
            return True
        started = process_start(self.pid)
        return started is not None and started > self.when + 2

    def describe(self) -> str:
        return time.strftime("%d %b %Y at %H:%M", time.localtime(self.when))


def read_header(path: Path) -> Autosave | None:
    """The header of the autosave ``path``; None for anything else (a symbolic link, a FIFO or
    a file of another user planted under an autosave's name is not an autosave)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_uid != os.getuid():
            return None
        first = os.read(fd, 4096).split(b"\n", 1)[0].decode("utf-8", "replace")
    except OSError:
        return None
    finally:
        os.close(fd)
    m = _HEADER.match(first)
    if not m:
        return None
    of = None if m.group("of") == "an unsaved map" else Path(m.group("of"))
    return Autosave(path, of, int(m.group("pid")), st.st_mtime)


def _writable(folder: Path) -> bool:
    return folder.is_dir() and os.access(folder, os.W_OK | os.X_OK)


def _user_name(map_path: Path) -> str:
    digest = hashlib.sha1(str(map_path).encode("utf-8")).hexdigest()[:10]
    return f"{map_path.stem}-{digest}"


def candidates(map_path: Path) -> list[Path]:
    """Every recovery file that may belong to ``map_path`` (beside it and in the user folder)."""
    map_path = map_path.resolve()
    out: list[Path] = []
    for folder, stem in ((map_path.parent, f".{map_path.stem}"), (state_dir(), _user_name(map_path))):
        if folder.is_dir():
            out += sorted(folder.glob(f"{glob_escape(stem)}{SUFFIX}")) + sorted(
                folder.glob(f"{glob_escape(stem)}.*{SUFFIX}")
            )
    return out


def glob_escape(text: str) -> str:
    return re.sub(r"([*?\[])", r"[\1]", text)


def find_orphans(map_path: Path) -> list[Autosave]:
    """The recovery files of ``map_path`` left by editors that are gone, newest first."""
    map_path = map_path.resolve()
    out = []
    for p in candidates(map_path):
        a = read_header(p)
        if a is not None and a.of is not None and a.of == map_path and a.orphan:
            out.append(a)
    return sorted(out, key=lambda a: a.when, reverse=True)


def unsaved_orphans() -> list[Autosave]:
    """Recovery files of maps never saved, left by editors that are gone, newest first."""
    d = state_dir()
    out = []
    if d.is_dir():
        for p in d.glob(f"untitled-*{SUFFIX}"):
            a = read_header(p)
            if a is not None and a.of is None and a.orphan:
                out.append(a)
    return sorted(out, key=lambda a: a.when, reverse=True)


def autosave_path(map_path: Path | None, session: str) -> Path:
    """Where this editor autosaves ``map_path`` (see the module notes)."""
    if map_path is None:
        return state_dir() / f"untitled-{session}{SUFFIX}"
    map_path = map_path.resolve()
    if _writable(map_path.parent):
        folder, stem = map_path.parent, f".{map_path.stem}"
    else:
        folder, stem = state_dir(), _user_name(map_path)
    p = folder / f"{stem}{SUFFIX}"
    other = read_header(p) if os.path.lexists(p) else None
    if other is not None and other.pid != os.getpid():
        p = folder / f"{stem}.{os.getpid()}{SUFFIX}"  # another editor's (running, or not yet recovered)
    return p


def write(path: Path, text: str, of: Path | None) -> None:
    """Write an autosave atomically, with its header: readable by its owner only (0600), and a
    symbolic link planted at its name is replaced, never written through."""
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    what = str(of.resolve()) if of is not None else "an unsaved map"
    head = (
        f"# mapref autosave of {what}; process {os.getpid()}; {time.strftime('%Y-%m-%dT%H:%M:%S')}\n"
        "# The map editor offers it when the map is opened after a crash; it is removed when the map is saved or closed.\n"
    )
    write_atomic(path, head + text, private=True)


def remove(path: Path | None) -> None:
    if path is None:
        return
    try:
        path.unlink()
    except FileNotFoundError:
        pass


# ------------------------------------------------------------------------------ recent maps
RECENT_MAX = 10


def recent_file() -> Path:
    return config_dir() / "recent.json"


def recent(key: str = "maps") -> list[Path]:
    """The files opened or saved last, newest first: the maps (the editor's list) or the games
    (``key="games"``, the referee's); a missing or broken list is empty."""
    try:
        data = json.loads(recent_file().read_text(encoding="utf-8"))
        return [Path(p) for p in data.get(key, []) if isinstance(p, str)][:RECENT_MAX]
    except (OSError, ValueError, AttributeError):
        return []


def _write_recent(key: str, paths: list[Path]) -> None:
    try:
        f = recent_file()
        try:
            data = json.loads(f.read_text(encoding="utf-8"))
            if not isinstance(data, dict):
                data = {}
        except (OSError, ValueError):
            data = {}
        data[key] = [str(q) for q in paths]
        f.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(f, json.dumps(data, indent=1) + "\n")
    except OSError:
        pass  # a list of recent files is a convenience: never fail an open or a save over it


def add_recent(path: Path, key: str = "maps") -> list[Path]:
    p = path.resolve()
    paths = ([p] + [q for q in recent(key) if q != p])[:RECENT_MAX]
    _write_recent(key, paths)
    return paths


def forget_recent(path: Path, key: str = "maps") -> list[Path]:
    p = path.resolve()
    paths = [q for q in recent(key) if q != p]
    _write_recent(key, paths)
    return paths
