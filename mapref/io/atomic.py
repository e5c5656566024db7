"""Saves that never lose a file, and a lock for files that several processes change.

:func:`write_atomic` writes the new text to a temporary file beside the target, flushes it to
disk, keeps the previous version as ``NAME.bak`` when asked, renames the temporary over the
target and flushes the directory: at every instant the target is either the whole old file or
the whole new one.  Beyond that it behaves as a careful editor does:

- the file keeps its permissions (and group, where allowed); a new file gets ``0666`` less
  the umask, as ``touch`` or an editor would give it;
- a symbolic link is written through: the file it points to is replaced, the link stays;
- temporaries are named ``.NAME.mapref-tmp-PID-XXXXXX``; those left by a save that was
  killed (their process is gone, or they are more than an hour old) are removed by the next
  save of the same file;
- with ``expect`` (a :class:`Stamp` taken when the file was read), nothing is written if the
  file changed on disk since: :class:`ChangedOnDisk`;
- a read-only file (no write permission for this user, or no write bit at all) is not
  replaced: :class:`ReadOnly` (as an editor refuses to write over it; save it elsewhere);
- a file with several hard links is rewritten in place once the new text is whole on disk
  beside it, so every name keeps seeing the same file (a rename would give this name a new
  file and leave the others on the old one);
- ``private=True`` (crash journals, autosaves): the file is the user's alone, mode ``0600``,
  and a symbolic link planted in its place is replaced, never written through.

:func:`file_lock` holds an exclusive lock across processes (``flock`` on ``.NAME.lock``
beside the file: the file itself is replaced by every save, so a lock on it would not hold).
Together: lock, read and stamp, change, ``write_atomic(..., expect=stamp)``, unlock.
"""

from __future__ import annotations

import errno
import _thread  # (threading's lock without importing threading: the command line's start)
import os
import stat
import time
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from collections.abc import Iterator

from mapref.core.digest import sha256

TEMP_MARK = ".mapref-tmp-"
STALE_AFTER = 3600.0
"""Seconds after which a temporary of a live process counts as left over too (pids are reused)."""
BACKUP_SUFFIX = ".bak"

_writing: set[str] = set()  # temporaries this process is writing now (other threads' saves)
_held: set[str] = set()  # lock files this process holds (a second lock would wait for ever)
_mutex = _thread.allocate_lock()  # threading.Lock is this


class ChangedOnDisk(OSError):
    """The file changed since it was read: another mapref, or an editor, wrote it."""

    def __init__(self, path: str | os.PathLike[str]):
        super().__init__(
            errno.EBUSY,
            "changed on disk since it was read (by another mapref or an editor); not overwritten",
            str(path),
        )


class ReadOnly(PermissionError):
    """The file may not be written (its mode says read-only): it is not replaced."""

    def __init__(self, path: str | os.PathLike[str], mode: int):
        super().__init__(
            errno.EACCES,
            f"the file is read-only (mode {mode:04o}); not overwritten: make it writable "
            "(chmod u+w) or save it elsewhere",
            str(path),
        )


class ReadOnlyFolder(PermissionError):
    """The file's folder may not be written (a disk mounted read-only, or a folder this user may
    not write): nothing is written, and the folder is what the message names."""

    def __init__(self, path: str | os.PathLike[str], folder: str | os.PathLike[str], mounted: bool):
        if mounted:
            why = f"its folder {folder} is on a disk mounted read-only; not saved: save it elsewhere"
        else:
            why = f"its folder {folder} may not be written; not saved: make the folder writable or save it elsewhere"
        super().__init__(errno.EROFS if mounted else errno.EACCES, why, str(path))


def _folder_refusal(path: str | os.PathLike[str], folder: Path) -> ReadOnlyFolder | None:
    """Why nothing can be written in ``folder`` (mounted read-only, not writable), or None."""
    where = folder or Path(".")
    try:
        if os.statvfs(where).f_flag & getattr(os, "ST_RDONLY", 1):
            return ReadOnlyFolder(path, where.absolute(), True)
    except OSError:
        return None
    if not os.access(where, os.W_OK | os.X_OK):
        return ReadOnlyFolder(path, where.absolute(), False)
    return None


class Locked(OSError):
    """Another process holds the lock of the file."""

    def __init__(self, path: str | os.PathLike[str], holder: str):
        who = f"process {holder}" if holder else "another process"
        super().__init__(
            errno.EWOULDBLOCK, f"being changed by another mapref ({who}); try again when it is done", str(path)
        )


@dataclass(frozen=True)
class Stamp:
    """What a file held when it was read; two stamps differ when its bytes differ."""

    size: int  # -1: there was no file
    digest: str

    @classmethod
    def of_bytes(cls, data: bytes) -> Stamp:
        return cls(len(data), sha256(data).hexdigest())

    @classmethod
    def of_text(cls, text: str) -> Stamp:
        """The stamp of a file that read as ``text`` (UTF-8, as every mapref file is)."""
        return cls.of_bytes(text.encode("utf-8"))


MISSING = Stamp(-1, "")


def stamp(path: str | os.PathLike[str]) -> Stamp:
    """The :class:`Stamp` of ``path`` now (:data:`MISSING` when there is no file); it is read
    through the same guard as every file mapref reads (regular, at most 64 MiB)."""
    from mapref.io.problems import read_source

    p = real_target(path)
    if not os.path.lexists(p):
        return MISSING
    return Stamp.of_bytes(read_source(p, str(path)))


def changed_since(path: str | os.PathLike[str], before: Stamp) -> bool:
    """True when ``path`` no longer holds what it held when ``before`` was taken."""
    return stamp(path) != before


def real_target(path: str | os.PathLike[str]) -> Path:
    """The file a save of ``path`` replaces: ``path`` itself, or where its symbolic link
    leads (a missing target is created, as editors do; a loop is an error)."""
    p = Path(path)
    if not p.is_symlink():
        return p
    try:
        os.stat(p)
    except FileNotFoundError:
        pass
    except OSError as e:
        if e.errno == errno.ELOOP:
            raise OSError(errno.ELOOP, "too many levels of symbolic links", str(path)) from None
    return Path(os.path.realpath(p))


def _temp_prefix(name: str) -> str:
    """``.NAME.mapref-tmp-``, shortened with a hash when NAME is long (file names stop at 255 bytes)."""
    if len(os.fsencode(name)) > 180:
        name = name[:60] + "~" + sha256(os.fsencode(name)).hexdigest()[:12]
    return f".{name}{TEMP_MARK}"


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, ValueError):
        return pid > 0
    return True


def clean_stale_temps(path: str | os.PathLike[str]) -> list[str]:
    """Remove the temporaries an interrupted save of ``path`` left; return their names."""
    target = Path(path)
    prefix = _temp_prefix(target.name)
    removed: list[str] = []
    try:
        entries = list(os.scandir(target.parent or "."))
    except OSError:
        return removed
    now = time.time()
    for e in entries:
        if not e.name.startswith(prefix):
            continue
        full = os.path.join(target.parent or ".", e.name)
        with _mutex:
            if full in _writing:
                continue
        pid_text = e.name[len(prefix) :].partition("-")[0]
        try:
            st = e.stat(follow_symlinks=False)
        except OSError:
            continue
        pid = int(pid_text) if pid_text.isascii() and pid_text.isdigit() and len(pid_text) < 12 else 0
        if pid and _alive(pid) and pid != os.getpid() and now - st.st_mtime < STALE_AFTER:
            continue
        try:
            os.unlink(full)
            removed.append(e.name)
        except OSError:
            pass
    return removed


def _fsync_dir(directory: Path) -> None:
    try:
        fd = os.open(directory or ".", os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:  # some file systems cannot sync a directory; the rename is done anyway
        pass
    finally:
        os.close(fd)


def _token() -> str:
    """Eight random hex digits: ``secrets.token_hex(4)`` (os.urandom), without importing secrets
    (and random) at every start (issue 34)."""
    return os.urandom(4).hex()


def _temp_name(target: Path) -> str:
    """A fresh temporary name beside ``target`` (not created), registered as this process's."""
    tmp = str(target.parent / f"{_temp_prefix(target.name)}{os.getpid()}-{_token()}")
    with _mutex:
        _writing.add(tmp)
    return tmp


def _new_temp(target: Path, mode: int) -> tuple[int, str]:
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    for _ in range(100):
        tmp = _temp_name(target)
        try:
            return os.open(tmp, flags, mode), tmp
        except BaseException as e:
            with _mutex:
                _writing.discard(tmp)
            if not isinstance(e, FileExistsError):
                raise
    raise FileExistsError(errno.EEXIST, "no free temporary name", str(target))


def backup_path(path: str | os.PathLike[str]) -> Path:
    """Where a save with ``backup=True`` keeps the previous version: ``NAME.bak`` beside the file."""
    t = real_target(path)
    return t.with_name(t.name + BACKUP_SUFFIX)


def write_atomic(
    path: str | os.PathLike[str],
    text: str | bytes,
    *,
    backup: bool = False,
    expect: Stamp | None = None,
    private: bool = False,
) -> None:
    """Replace ``path`` with ``text`` (UTF-8; or bytes, written as they are: an image) so that a
    failure at any point leaves the old file whole.

    ``backup``: first keep the file's previous version as ``NAME.bak`` (a hard link to the
    old file, so it is the very bytes that were there).  ``expect``: refuse with
    :class:`ChangedOnDisk` if the file no longer holds what it held when this stamp was taken.
    ``private``: a file of mapref's own beside the user's (an autosave): a symbolic link at
    ``path`` is replaced, never written through (a link planted there cannot make mapref
    overwrite the file it points to), and the file is readable by its owner only (0600)."""
    target = Path(path) if private else real_target(path)
    data = text.encode("utf-8") if isinstance(text, str) else bytes(text)
    old = _old_file(path, target, private)
    clean_stale_temps(target)  # first: a killed save's leftover may be a hard link to the file
    in_place = old is not None and not private and _linked_elsewhere(target)
    fd, tmp = _new_temp(target, 0o600 if old is not None or private else 0o666)
    try:
        try:
            _fill_temp(fd, data, old, private)
        finally:
            os.close(fd)
        if expect is not None and stamp(target) != expect:
            raise ChangedOnDisk(path)
        if backup and old is not None:
            _keep_backup(target, copy=in_place)
        if in_place:
            _rewrite_in_place(target, data)
            os.unlink(tmp)
        else:
            os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    finally:
        with _mutex:
            _writing.discard(tmp)
    _fsync_dir(target.parent)


def _old_file(path, target: Path, private: bool) -> os.stat_result | None:
    """The file's status before the save (None when there is none, or a private file's name is a
    symbolic link: the link itself is replaced); refused when it is no regular file, is read
    only, or its folder takes no new file."""
    try:
        old = os.lstat(target) if private else os.stat(target)
    except FileNotFoundError:
        old = None
    if private and old is not None and stat.S_ISLNK(old.st_mode):
        old = None  # the link itself is replaced
    if old is not None and not stat.S_ISREG(old.st_mode):
        raise (
            IsADirectoryError(errno.EISDIR, "not a regular file", str(path))
            if stat.S_ISDIR(old.st_mode)
            else OSError(errno.EINVAL, "not a regular file", str(path))
        )
    if old is not None and not private and (not stat.S_IMODE(old.st_mode) & 0o222 or not os.access(target, os.W_OK)):
        refused = _folder_refusal(path, target.parent) if stat.S_IMODE(old.st_mode) & 0o222 else None
        raise refused or ReadOnly(path, stat.S_IMODE(old.st_mode))
    refused = _folder_refusal(path, target.parent)
    if refused is not None:
        raise refused
    return old


def _fill_temp(fd: int, data: bytes, old: os.stat_result | None, private: bool) -> None:
    """The temporary file given the old file's mode and group (0600 for a private one) and the
    new bytes, on the disk."""
    if private:
        os.fchmod(fd, 0o600)  # whatever the umask
    elif old is not None:
        os.fchmod(fd, stat.S_IMODE(old.st_mode))
        if old.st_gid != os.getegid():
            try:
                os.fchown(fd, -1, old.st_gid)
            except OSError:
                pass
    _write_all(fd, data)
    os.fsync(fd)


def _linked_elsewhere(target: Path) -> bool:
    """Whether the file has hard links other than its name and the temporaries of saves (a
    backup being made links the file to a temporary for a moment; a killed one's is left)."""
    try:
        st = os.stat(target)
    except OSError:
        return False
    if st.st_nlink < 2:
        return False
    prefix = _temp_prefix(target.name)
    ours = 0
    try:
        with os.scandir(target.parent or ".") as entries:
            for e in entries:
                if e.name.startswith(prefix):
                    try:
                        t = e.stat(follow_symlinks=False)
                    except OSError:
                        continue
                    ours += (t.st_ino, t.st_dev) == (st.st_ino, st.st_dev)
    except OSError:
        pass
    return st.st_nlink - ours > 1


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def _rewrite_in_place(target: Path, data: bytes) -> None:
    """Overwrite a hard-linked file's bytes (every link sees them).  The new text is already
    whole on disk in a temporary, and the file's room is reserved before a byte is changed, so
    a full disk refuses the save before it starts rather than half-way."""
    fd = os.open(target, os.O_WRONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0))
    try:
        if hasattr(os, "posix_fallocate"):
            try:
                os.posix_fallocate(fd, 0, len(data))
            except OSError as e:
                if e.errno not in (errno.EOPNOTSUPP, errno.EINVAL, getattr(errno, "ENOTSUP", errno.EOPNOTSUPP)):
                    raise
        os.lseek(fd, 0, os.SEEK_SET)
        _write_all(fd, data)
        os.ftruncate(fd, len(data))
        os.fsync(fd)
    finally:
        os.close(fd)


def _keep_backup(target: Path, copy: bool = False) -> None:
    """``NAME.bak`` := the current ``NAME``, atomically (a hard link to it, or a copy where
    the file system has no hard links, or when ``copy``: the file is about to be rewritten in
    place, and a link would change with it)."""
    bak = target.with_name(target.name + BACKUP_SUFFIX)
    tmp = _temp_name(target)
    try:
        try:
            if copy:
                raise OSError(errno.EXDEV, "a copy, not a link")
            os.link(target, tmp)
        except OSError as e:
            if e.errno == errno.EEXIST:
                raise
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
            try:
                with open(target, "rb") as src:
                    os.fchmod(fd, stat.S_IMODE(os.fstat(src.fileno()).st_mode))
                    while chunk := src.read(1 << 20):
                        _write_all(fd, chunk)
                os.fsync(fd)
            finally:
                os.close(fd)
        os.replace(tmp, bak)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    finally:
        with _mutex:
            _writing.discard(tmp)


def _open_lock(lock: str) -> int:
    """The lock file, opened for ``flock``: made if missing; another user's lock in a shared
    folder (0644: not ours to write) is opened read-only, which locks just as well."""
    flags = getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        return os.open(lock, os.O_RDWR | os.O_CREAT | flags, 0o666)
    except (PermissionError, OSError) as e:
        if e.errno not in (errno.EACCES, errno.EPERM, errno.EROFS, errno.EISDIR):
            raise
        first = e
    try:
        return os.open(lock, os.O_RDONLY | flags)
    except OSError:
        raise OSError(first.errno, f"cannot lock: {first.strerror}", lock) from None


@contextmanager
def file_lock(path: str | os.PathLike[str], *, wait: float | None = None) -> Iterator[None]:
    """Hold the exclusive lock of ``path`` across processes for the ``with`` block.

    ``wait``: None waits as long as it takes; a number of seconds (0: not at all) raises
    :class:`Locked`, naming the holder's process, when the lock is still held then.  The lock
    is ``.NAME.lock`` beside the file (beside the link's target for a symbolic link), created
    on first use and never removed (removing it would let two processes lock two files).  It is
    released when the block ends or the process dies.  Not re-entrant: a second lock of the
    same file in one process raises RuntimeError instead of waiting for itself."""
    import fcntl  # POSIX; imported here so that saving needs nothing more than os

    target = real_target(path)
    lock = str(target.with_name(f".{target.name}.lock"))
    with _mutex:
        if lock in _held:
            raise RuntimeError(f"{path}: this process already holds its lock")
        _held.add(lock)
    try:
        fd = _open_lock(lock)
    except BaseException:
        with _mutex:
            _held.discard(lock)
        raise
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(errno.EINVAL, "cannot lock: the lock file is not a regular file", lock)
        deadline = None if wait is None else time.monotonic() + wait
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | (0 if deadline is None else fcntl.LOCK_NB))
                break
            except BlockingIOError:
                if deadline is None or time.monotonic() >= deadline:  # (a blocking lock never says so)
                    holder = os.pread(fd, 32, 0).decode("ascii", "replace").strip()
                    raise Locked(path, holder if holder.isdigit() else "") from None
                time.sleep(0.02)
        try:
            os.ftruncate(fd, 0)
            os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        except OSError:
            pass  # the lock holds without the note of who holds it
        try:
            yield
        finally:
            try:
                os.ftruncate(fd, 0)
            except OSError:
                pass
            fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)
        with _mutex:
            _held.discard(lock)


class Hold:
    """A lock kept until :meth:`release` (or the end of the process), taken by :func:`try_hold`:
    a window's claim on the game it plays.  Within one process a lock is shared: every hold of it
    counts, and it is freed when the last is released."""

    def __init__(self, lock: str) -> None:
        self.lock = lock
        self.released = False

    def release(self) -> None:
        if self.released:
            return
        self.released = True
        import fcntl

        with _mutex:
            entry = _holds.get(self.lock)
            if entry is None:
                return
            entry[1] -= 1
            if entry[1] > 0:
                return
            del _holds[self.lock]
        fd = entry[0]
        try:
            os.ftruncate(fd, 0)
        except OSError:
            pass
        try:
            fcntl.flock(fd, fcntl.LOCK_UN)
        finally:
            os.close(fd)


_holds: dict[str, list] = {}  # lock file -> [descriptor, holds of it in this process]


def try_hold(lock: str | os.PathLike[str]) -> tuple[Hold | None, str]:
    """Take the lock file ``lock`` (made if missing) without waiting and keep it: (the
    :class:`Hold`, "") or, when another process holds it, (None, that process's id or "").
    OSError when there can be no such lock (its folder cannot be written and it is not there)."""
    import fcntl

    key = os.path.abspath(lock)
    with _mutex:
        if key in _holds:
            _holds[key][1] += 1
            return Hold(key), ""
    fd = _open_lock(key)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(errno.EINVAL, "not a regular file", key)
        for tries in range(10):  # (a moment's probe by holder() holds it shared: a few tries)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if tries < 9:
                    time.sleep(0.02)
                    continue
                who = os.pread(fd, 32, 0).decode("ascii", "replace").strip()
                os.close(fd)
                return None, who if who.isdigit() else ""
    except BaseException:
        try:
            os.close(fd)
        except OSError:
            pass
        raise
    try:
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
    except OSError:
        pass  # held all the same, without the note of who holds it
    with _mutex:
        _holds[key] = [fd, 1]
    return Hold(key), ""


def holder(lock: str | os.PathLike[str]) -> str | None:
    """Who holds the lock file ``lock`` (a :func:`try_hold`) now: None when no other process does,
    else that process's id ("" when it is not known).  Takes nothing."""
    import fcntl

    key = os.path.abspath(lock)
    with _mutex:
        if key in _holds:
            return None
    try:
        fd = os.open(key, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0))
    except (OSError, ValueError):
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        try:
            fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except BlockingIOError:
            who = os.pread(fd, 32, 0).decode("ascii", "replace").strip()
            return who if who.isdigit() else ""
        fcntl.flock(fd, fcntl.LOCK_UN)
        return None
    finally:
        os.close(fd)


__all__ = [
    "Hold",
    "try_hold",
    "holder",
    "write_atomic",
    "file_lock",
    "stamp",
    "changed_since",
    "Stamp",
    "MISSING",
    "ChangedOnDisk",
    "Locked",
    "ReadOnly",
    "ReadOnlyFolder",
    "real_target",
    "backup_path",
    "clean_stale_temps",
]
