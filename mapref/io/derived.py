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
"""

from __future__ import annotations

import marshal
import os
import sys
from pathlib import Path

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


class DiskStore:
    """Entries as files in ``folder`` (see the module docstring); never raises."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def _path(self, key: str) -> Path:
        return self.folder / f"{key}.marshal"

    def get(self, key: str) -> object | None:
        try:
            with open(self._path(key), "rb") as f:
                data = f.read()
            if not data.startswith(MAGIC):
                return None
            return marshal.loads(memoryview(data)[len(MAGIC) :])
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


__all__ = ["DiskStore", "KEEP", "MAGIC", "cache_dir", "enable", "install"]
