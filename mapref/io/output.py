"""Where a command writes its result (``-o FILE``): one policy for every command that writes a file.

- A file already there is replaced only when the user says so (``--force``), and its old
  version is then kept as ``NAME.bak`` beside it.
- A command never writes over a file it read: its own input, a game's scenario or map, the image
  it traces, a TripleA map's files; not even with ``--force`` (the files named on the command
  line, and every file read through mapref's guard while the command runs:
  :func:`mapref.io.problems.noting_reads`, which ``mapref.cli.main`` holds open).
- The write is atomic (:func:`mapref.io.atomic.write_atomic`): a full disk or a kill leaves the
  old file whole, or no file at all.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass, field

from mapref.io.atomic import real_target, write_atomic
from mapref.io.problems import clip, escape, was_read


class OutputRefused(ValueError):
    """The command may not write there (one line to show the user); nothing was written."""


def _stat(path: str) -> os.stat_result | None:
    try:
        return os.stat(path)
    except (OSError, ValueError):
        return None


def _shown(path: str) -> str:
    return clip(escape(path), 200)


@dataclass
class Output:
    """A file a command writes.  ``inputs``: the files named on its command line that it reads
    (refused as its output whatever ``force`` says); ``hint``: what a file already there may be,
    for the refusal ("a game in progress?")."""

    path: str
    force: bool = False
    inputs: tuple[str, ...] = ()
    hint: str = ""
    replaces: bool = field(default=False, init=False)  # a file was there: kept as NAME.bak when written

    def check(self) -> Output:
        """Refuse (:class:`OutputRefused`) what the policy forbids, before any work is done."""
        shown = _shown(self.path)
        if not self.path:
            raise OutputRefused("expected a file name to write, got an empty one")
        st = _stat(self.path)
        if st is None:
            self.replaces = False
            return self
        if not stat.S_ISREG(st.st_mode):
            # a folder, a device or a pipe is never replaced: --force would not help
            what = "a folder, not a file" if stat.S_ISDIR(st.st_mode) else "not a regular file"
            raise OutputRefused(f"{shown}: {what}; nothing written: give a file name to write")
        for name in self.inputs:
            other = _stat(name)
            if other is not None and (other.st_dev, other.st_ino) == (st.st_dev, st.st_ino):
                raise OutputRefused(
                    f"{shown}: that is the file the command reads ({_shown(name)}); nothing written: give another file"
                )
        if was_read(st):
            raise OutputRefused(f"{shown}: the command read that file; nothing written: give another file")
        if not self.force:
            raise OutputRefused(
                f"{shown} already exists{f' ({self.hint})' if self.hint else ''}: give --force to replace it "
                f"(the old one is kept as {_shown(real_target(self.path).name)}.bak), or another file"
            )
        self.replaces = True
        return self

    def write(self, data: str | bytes) -> None:
        """Write ``data`` there, atomically, keeping the old file as ``NAME.bak``; checked again
        first (every file the command read is known now).  OSError when it cannot be written."""
        self.check()
        write_atomic(self.path, data, backup=self.replaces)


__all__ = ["Output", "OutputRefused"]
