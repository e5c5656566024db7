"""What mapref works out from a map alone, kept on disk between processes (issue 34), as Python
keeps a module's bytecode: the hex maps' graphs (:func:`mapref.core.graph.use_store`) and what
is worked out from a graph and its map alone beside it (the supply trace's sea bits, a ruleset's
sea plan for fleets: keyed by the graph's key, what else they read of the map, and their code;
:func:`mapref.core.graph.stored_key`).

- Each entry is a file named by its key, the digest of everything it was worked out from (for a
  graph: the grid, each hex's terrain and port, the sides' data, the boxes, and the builder's own
  code: :func:`mapref.core.graph.graph_key`), so a map changed in any way, or a changed mapref,
  never finds another's entry.  Nothing of a game's position is kept.
- In ``$MAPREF_CACHE_DIR``, else ``$XDG_CACHE_HOME/mapref/derived``, else
  ``~/.cache/mapref/derived``, made private (0700); ``MAPREF_NO_CACHE=1`` keeps nothing.
- Written with ``marshal`` (plain lists, ints, strings and bytes; loading it runs no code), to a
  temporary file beside and renamed into place: a reader sees a whole entry or none.  An entry
  that cannot be read (cut short, another Python's, not mapref's) is ignored and worked out
  again; a folder that cannot be written to keeps nothing.  The newest :data:`KEEP` entries stay.
- One entry holds code: what ``dataclasses`` compiles for each data class, compiled once
  (:func:`keep_generated_code`), keyed by its text, as Python's own bytecode cache keeps a
  module's.  Reading it runs nothing either (each code is kept as marshal's bytes, loaded when
  its text comes).
"""

from __future__ import annotations

import marshal
import mmap
import os
import sys
from pathlib import Path
from types import CodeType

MAGIC = b"mapref-derived 1 " + sys.implementation.cache_tag.encode() + b"\n"  # marshal's format is Python's
KEEP = 24  # entries kept: three per hex map (its graph, its fleets' sea plan, the supply trace's sea bits), 12 MB for 300x300


def cache_dir() -> Path | None:
    """The folder entries are kept in, or None when ``MAPREF_NO_CACHE`` is set."""
    if os.environ.get("MAPREF_NO_CACHE"):
        return None
    own = os.environ.get("MAPREF_CACHE_DIR")
    if own:
        return Path(own)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "mapref" / "derived"


def _loads(data: bytes | memoryview) -> object | None:
    """An entry's value (marshal's objects are copies: nothing refers to ``data`` after)."""
    if data[: len(MAGIC)] != MAGIC:
        return None
    with memoryview(data)[len(MAGIC) :] as rest:
        return marshal.loads(rest)


class DiskStore:
    """Entries as files in ``folder`` (see the module docstring); never raises."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def _path(self, key: str) -> Path:
        return self.folder / f"{key}.marshal"

    def get(self, key: str) -> object | None:
        try:
            with open(self._path(key), "rb") as f:
                try:  # mapped, not copied: the entry is read from the page cache (issue 34: 9 MB a report)
                    mm = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
                except (OSError, ValueError):  # (an empty file; a file system that maps nothing)
                    return _loads(f.read())
            with mm, memoryview(mm) as data:
                return _loads(data)
        except (OSError, ValueError, EOFError, TypeError):
            return None

    def put(self, key: str, value: object) -> None:
        try:
            data = MAGIC + marshal.dumps(value)  # type: ignore[arg-type]  # what marshal takes: graph_arrays' kinds
            self.folder.mkdir(parents=True, exist_ok=True, mode=0o700)
            import tempfile

            fd, tmp = tempfile.mkstemp(dir=self.folder, prefix=".tmp-", suffix=".marshal")
            try:
                with os.fdopen(fd, "wb") as f:
                    f.write(data)
                os.replace(tmp, self._path(key))
            except BaseException:
                os.unlink(tmp)
                raise
            self._prune()
        except (OSError, ValueError):
            pass  # a full disk, a read-only home: nothing kept, nothing lost

    def _prune(self) -> None:
        entries = []
        for p in self.folder.glob("*.marshal"):
            try:
                entries.append((p.stat().st_mtime, p))
            except OSError:
                continue
        for _, p in sorted(entries, reverse=True)[KEEP:]:
            try:
                p.unlink()
            except OSError:
                pass


_wanted: list[bool | None] = []  # enable() was called: the command line's processes keep entries


def enable() -> None:
    """Keep entries in this process (the command line, at its start: it imports no map code for
    that, ``mapref --help`` stays quick); they are used from the first hex map read on
    (:func:`install`).  ``MAPREF_NO_CACHE`` set: nothing is kept."""
    _wanted[:] = [True]


def install() -> None:
    """Keep the hex maps' graphs on disk (:func:`mapref.core.graph.use_store`) when
    :func:`enable` was called (mapref.io.anyfile calls this when it reads a hex map)."""
    if not _wanted or _wanted[0] is None:
        return
    from mapref.core.graph import use_store

    folder = cache_dir()
    use_store(DiskStore(folder) if folder is not None else None)
    _wanted[:] = [None]  # installed once


# ------------------------------------------------------------ the data classes' generated code
CODE_KEY = "code-" + sys.implementation.cache_tag  # the entry of the code kept (compiled code is Python's own)
CODE_LIMIT = 4000  # texts kept at most (mapref's data classes make about 600): past it, this process's only
_code: list = []  # [the store, the code read from it, the code compiled in this process, the texts used]


def keep_generated_code() -> None:
    """Compile the code ``dataclasses`` generates for each data class (its ``__init__``,
    ``__repr__``, ``__eq__``...: text made when a module defining one is imported) once, and keep
    it on disk, as Python keeps a module's bytecode: compiling that text was nearly a third of ``mapref
    referee GAME --json`` on the Hitler's War map (issue 34).  The text is the key; it is compiled
    as ``exec`` compiles it there (file ``<string>``, none of the caller's ``__future__`` flags),
    so a class is made exactly as without it.  ``dataclasses`` calls ``exec`` by its name: this
    module's version is put in its place.  An entry that does not read back as code is compiled
    again.  Kept by :func:`save_generated_code`; nothing with ``MAPREF_NO_CACHE``."""
    folder = cache_dir()
    if folder is None or _code:
        return
    import dataclasses

    store = DiskStore(folder)
    kept = store.get(CODE_KEY)
    old = {k: v for k, v in kept.items() if type(k) is str and type(v) is bytes} if isinstance(kept, dict) else {}
    new: dict[str, bytes] = {}
    used: set[str] = set()
    _code[:] = [store, old, new, used]

    def exec_kept(source, globals=None, locals=None, /):
        if type(source) is str:
            code = None
            data = old.get(source)
            if data is not None:
                try:
                    code = marshal.loads(data)
                except (ValueError, EOFError, TypeError):
                    code = None
                used.add(source)
            if type(code) is not CodeType:
                code = compile(source, "<string>", "exec", dont_inherit=True)
                new[source] = marshal.dumps(code)
            source = code
        return exec(source, globals, locals)

    dataclasses.exec = exec_kept  # type: ignore[attr-defined]


def save_generated_code() -> None:
    """Keep what :func:`keep_generated_code` compiled in this process and did not find kept, with
    what was kept (other commands import other modules; past :data:`CODE_LIMIT` texts, only what
    this process used); nothing is written when all was found."""
    if not _code or not _code[2]:
        return
    store, old, new, used = _code
    both = {**old, **new}
    if len(both) > CODE_LIMIT:
        both = {k: v for k, v in both.items() if k in used or k in new}
    store.put(CODE_KEY, both)
    old.clear()  # (in place: the dicts keep_generated_code's exec reads and fills)
    old.update(both)
    new.clear()


__all__ = [
    "CODE_KEY",
    "CODE_LIMIT",
    "DiskStore",
    "KEEP",
    "MAGIC",
    "cache_dir",
    "enable",
    "install",
    "keep_generated_code",
    "save_generated_code",
]
