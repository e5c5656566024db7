"""Real faults for the reliability tests: a read-only folder and a full disk.

Both are made for real, not mocked.  As root (a container, CI) a permission bit does not stop
a write, so a read-only folder is a read-only bind mount of it, and a full disk is a small
tmpfs filled to the last byte; otherwise the folder's mode is 0555 and a full disk is the file
size limit (RLIMIT_FSIZE: every write that grows a file fails, EFBIG, as on a full disk).
"""

from __future__ import annotations

import contextlib
import errno
import os
import resource
import subprocess
from pathlib import Path

ROOT_USER = os.geteuid() == 0


def _run(*args: str) -> None:
    subprocess.run(list(args), check=True, capture_output=True)


@contextlib.contextmanager
def read_only(folder: Path):
    """``folder`` cannot be written while the block runs (files in it can still be read)."""
    if ROOT_USER:
        _run("mount", "--bind", str(folder), str(folder))
        try:
            _run("mount", "-o", "remount,bind,ro", str(folder))
            yield folder
        finally:
            subprocess.run(["umount", "-l", str(folder)], check=False, capture_output=True)
    else:
        mode = folder.stat().st_mode
        os.chmod(folder, 0o555)
        try:
            yield folder
        finally:
            os.chmod(folder, mode)


class Disk:
    """A folder whose disk can be filled and freed again (see the module docstring)."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.mounted = False
        self._limit = None

    def fill(self) -> None:
        if self.mounted:
            for name, size in ((".filler", 1 << 16), (".filler2", 1)):  # big blocks, then the last bytes
                fd = os.open(self.folder / name, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
                try:
                    while True:
                        try:
                            os.write(fd, b"\0" * size)
                        except OSError as e:
                            assert e.errno == errno.ENOSPC
                            break
                        if os.fstat(fd).st_size > 64 << 20:
                            raise AssertionError("the small disk never filled")
                finally:
                    os.close(fd)
        else:
            self._limit = resource.getrlimit(resource.RLIMIT_FSIZE)
            resource.setrlimit(resource.RLIMIT_FSIZE, (0, self._limit[1]))

    def free(self) -> None:
        if self.mounted:
            for name in (".filler", ".filler2"):
                with contextlib.suppress(FileNotFoundError):
                    (self.folder / name).unlink()
        elif self._limit is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, self._limit)
            self._limit = None

    def preexec(self):
        """For a subprocess that must find the disk full from its start (no mount: the size limit)."""
        return (
            None if self.mounted else (lambda: resource.setrlimit(resource.RLIMIT_FSIZE, (0, resource.RLIM_INFINITY)))
        )


@contextlib.contextmanager
def small_disk(folder: Path, size: str = "2m"):
    """A :class:`Disk` at ``folder`` (created), freed and unmounted afterwards."""
    folder.mkdir(parents=True, exist_ok=True)
    d = Disk(folder)
    if ROOT_USER:
        _run("mount", "-t", "tmpfs", "-o", f"size={size},mode=0755", "tmpfs", str(folder))
        d.mounted = True
    try:
        yield d
    finally:
        d.free()
        if d.mounted:
            subprocess.run(["umount", "-l", str(folder)], check=False, capture_output=True)
