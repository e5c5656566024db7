"""The log of internal errors: one per user, written without following links, never failing.

An internal error (a bug) shows the user one line naming this log; the traceback goes here.
The log is ``$XDG_STATE_HOME/mapref/error.log`` (``~/.local/state/mapref/error.log`` by
default); when that cannot be written, ``mapref-UID/error.log`` in the temporary directory, in
a folder of mode 0700 that must belong to the user.  The log file is opened with
``O_NOFOLLOW`` and must be a regular file of the user's: a link or someone else's file planted
there is never written.  It is emptied when it passes 1 MiB.  :func:`append` never raises.
"""

from __future__ import annotations

import os
import stat
import sys
import tempfile
import time
from pathlib import Path

MAX_LOG_BYTES = 1 << 20
LOG_NAME = "error.log"


def _candidates() -> list[tuple[Path, bool]]:
    """(folder, shared parent?) in order of preference."""
    out: list[tuple[Path, bool]] = []
    xdg = os.environ.get("XDG_STATE_HOME", "")
    if xdg and os.path.isabs(xdg):
        out.append((Path(xdg) / "mapref", False))
    home = os.path.expanduser("~")
    if os.path.isabs(home):
        out.append((Path(home) / ".local" / "state" / "mapref", False))
    out.append((Path(tempfile.gettempdir()) / f"mapref-{os.getuid()}", True))
    return out


def log_path() -> Path:
    """Where the log is written when all goes well."""
    return _candidates()[0][0] / LOG_NAME


def _own_folder(folder: Path, shared_parent: bool) -> None:
    """Make ``folder`` (mode 0700) or check the one there: a real folder of this user's, and in
    a shared parent such as /tmp one nobody else may write to. Raises OSError otherwise."""
    if shared_parent:
        try:
            os.mkdir(folder, 0o700)
        except FileExistsError:
            pass
    else:
        os.makedirs(folder, mode=0o700, exist_ok=True)
    st = os.lstat(folder)
    if not stat.S_ISDIR(st.st_mode) or st.st_uid != os.getuid():
        raise OSError(f"{folder} is not a folder of this user's")
    if shared_parent and st.st_mode & 0o022:
        raise OSError(f"{folder} may be written by others")


def _write(folder: Path, shared_parent: bool, text: str) -> Path:
    _own_folder(folder, shared_parent)
    path = folder / LOG_NAME
    flags = (
        os.O_WRONLY
        | os.O_APPEND
        | os.O_CREAT
        | getattr(os, "O_NOFOLLOW", 0)
        | getattr(os, "O_CLOEXEC", 0)
        | os.O_NONBLOCK
    )
    fd = os.open(path, flags, 0o600)
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_uid != os.getuid():
            raise OSError(f"{path} is not a file of this user's")
        if st.st_size > MAX_LOG_BYTES:
            os.ftruncate(fd, 0)
        data = memoryview(text.encode("utf-8", "backslashreplace"))
        while data:
            data = data[os.write(fd, data) :]
    finally:
        os.close(fd)
    return path


def append(text: str) -> tuple[Path | None, str]:
    """Append ``text`` (a traceback) with the time and the command line; return (the log's
    path, "") or (None, why no log could be written). Never raises."""
    try:
        entry = f"--- {time.strftime('%Y-%m-%d %H:%M:%S')} {' '.join(sys.argv)!r}\n{text}"
        if not entry.endswith("\n"):
            entry += "\n"
    except Exception as e:  # the log must never fail
        entry = f"--- (no header: {type(e).__name__})\n{text}\n"
    reasons = []
    try:
        for folder, shared in _candidates():
            try:
                return _write(folder, shared, entry), ""
            except Exception as e:
                reasons.append(f"{folder}: {getattr(e, 'strerror', None) or e}")
    except Exception as e:
        reasons.append(str(e))
    return None, "; ".join(reasons) or "no place to write it"


def describe(path: Path | None, why: str) -> str:
    """The log for a user's message ("details in ..."): its path, or the path it should have had
    and why it could not be written. Never raises."""
    try:
        if path is not None:
            return str(path)
        return f"{log_path()}, which could not be written ({why})"
    except Exception:
        return "an error log that could not be written"
