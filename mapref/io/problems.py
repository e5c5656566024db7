"""Problems found in a file, with the line they are on, and the one way mapref reads a file.

Every error a user sees reads ``FILE:LINE:COL: key.path: what was expected, got what``.
``tomllib`` gives a position only for syntax errors (in the message text on Python 3.11), so
for a wrong value at a valid place :class:`Locator` finds the line of a dotted key by a light
scan of the source: table headers, ``key = value`` lines and the keys of one-line inline tables.

Whatever a file holds, what is echoed back is safe to print: control characters, terminal
escape sequences, line breaks and bidirectional overrides are written as TOML escapes
(:func:`escape`), so a value can neither colour the terminal nor forge an extra error line,
and long values are cut short.  :func:`read_source` is the only place a file named by a user or
by another file is read: it must be a regular file of at most :data:`MAX_FILE_BYTES`.
"""

from __future__ import annotations

import errno
import gc
import math
import os
import re
import stat
import struct
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from mapref.io.limits import MAX_DEPTH, MAX_FILE_BYTES, MAX_ITEMS  # (for the modules that import them from here)

TYPE_CHECKING = False  # typing is not imported at run time: the command line starts quicker (issue 34)
if TYPE_CHECKING:
    from typing import NoReturn

MAX_PROBLEMS = 100
"""Problems of one file listed in full; past them a file is only counted ("and N more"): a file
with a million wrong values is reported in the time it takes to read it."""
MAX_SHOWN = 120
"""Characters of a string value echoed in a message; longer ones are cut with their length."""

# C0 and C1 controls, DEL, line and paragraph separators, bidirectional overrides and lone
# surrogates (from file names that are not UTF-8): nothing a terminal may act on.  The regular
# expressions of messages and of locating a problem are compiled where first used (re's cache
# keeps them): a command that finds no problem does not compile them (issue 34: 2-3 ms a start).
_UNSAFE = r"[\x00-\x1f\x7f-\x9f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]"
_SHORT_ESCAPES = {"\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}


def escape(text: str) -> str:
    """``text`` with every character a terminal could act on written as a TOML escape
    (``\\n``, ``\\u001b``): safe to print on one line."""
    return re.sub(_UNSAFE, lambda m: _SHORT_ESCAPES.get(m.group(), f"\\u{ord(m.group()):04x}"), text)


def clip(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, saying how long it was."""
    return text if len(text) <= limit else f"{text[:limit]}... ({len(text)} characters)"


@dataclass(frozen=True)
class Problem:
    """One problem of a file: where it is (file, line, column, key) and what it is."""

    file: str
    line: int | None
    col: int | None
    key: str
    message: str

    def __str__(self) -> str:
        """One line, whatever the file held: see :func:`escape`."""
        where = escape(clip(self.file, 400)) or '""'
        if self.line is not None:
            where += f":{self.line}"
            if self.col is not None:
                where += f":{self.col}"
        message = escape(clip(self.message, 2000))
        return f"{where}: {escape(clip(self.key, 200))}: {message}" if self.key else f"{where}: {message}"


class FileProblems(Exception):
    """Raised by loaders: every problem of one file, to be shown together."""

    def __init__(self, problems: list[Problem]):
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))


_HEADER = r"^\s*\[\[?([^\]]+)\]\]?\s*(#.*)?$"  # linear: no nested quantifiers
_KEY = r'^\s*("(?:[^"\\]|\\.)*"|[A-Za-z0-9_\-]+(?:\s*\.\s*[A-Za-z0-9_\-"]+)*)\s*='
_INLINE_KEY = r'(?:^|[{,]\s*)("(?:[^"\\]|\\.)*"|[A-Za-z0-9_\-]+)\s*='


def _split_dotted(text: str) -> list[str]:
    parts = re.findall(r'"((?:[^"\\]|\\.)*)"|([^.\s]+)', text)
    return [a or b for a, b in parts]


class Locator:
    """Maps dotted key paths (``hexes.P10.production``) to (line, column), 1-based."""

    def __init__(self, source: str):
        self.positions: dict[str, tuple[int, int]] = {}
        self._found: dict[str, tuple[int | None, int | None]] = {}
        table: list[str] = []
        header, key_re, inline_key = re.compile(_HEADER), re.compile(_KEY), re.compile(_INLINE_KEY)
        for n, raw in enumerate(source.splitlines(), start=1):
            m = header.match(raw)
            if m and not raw.lstrip().startswith("#") and "=" not in raw.split("]")[0]:
                table = _split_dotted(m.group(1).strip())
                self.positions.setdefault(".".join(table), (n, raw.index("[") + 1))
                continue
            km = key_re.match(raw)
            if not km:
                continue
            key = _split_dotted(km.group(1))
            path = table + key
            self.positions.setdefault(".".join(path), (n, km.start(1) + 1))
            rest_at = km.end()
            brace = raw.find("{", rest_at)
            if brace != -1:
                for im in inline_key.finditer(raw, brace):
                    name = im.group(1).strip('"')
                    self.positions.setdefault(".".join(path + [name]), (n, im.start(1) + 1))

    def find(self, path: str) -> tuple[int | None, int | None]:
        if path not in self._found:
            self._found[path] = self._find(path)
        return self._found[path]

    def _find(self, path: str) -> tuple[int | None, int | None]:
        parts = path.split(".")
        while parts:
            pos = self.positions.get(".".join(parts))
            if pos:
                return pos
            prefix = ".".join(parts) + "."  # a table known only by its sub-tables: [a.b] for "a"
            under = [p for k, p in self.positions.items() if k.startswith(prefix)]
            if under:
                return min(under)
            parts.pop()
        return None, None


_SYNTAX_POS = r"\((?:at line (\d+), column (\d+)|at end of document)\)"
_FILE_KINDS = (
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISFIFO, "a named pipe (FIFO)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


def file_kind(mode: int) -> str:
    """What a path that is not a regular file is, in words ("a directory", "a character device")."""
    return next((name for test, name in _FILE_KINDS if test(mode)), "a special file")


def _mib(n: int) -> str:
    return f"{n / (1024 * 1024):.1f} MiB"


BROKEN_IMAGE_ERRORS = (OSError, SyntaxError, ValueError, EOFError, struct.error, zlib.error)
"""What an image library raises on a damaged image file (Pillow: SyntaxError for a broken PNG
chunk, ValueError for a truncated header, zlib and struct errors from inside the data): every
reader of images turns them into one line."""

_noted: list[set[tuple[int, int]]] = []  # the files read within each :func:`noting_reads` block


@contextmanager
def noting_reads() -> Iterator[set[tuple[int, int]]]:
    """For the ``with`` block: the files read through :func:`open_regular` (every loader), as
    (device, inode); a command's output may then be held to never being one of them
    (:mod:`mapref.io.output`)."""
    seen: set[tuple[int, int]] = set()
    _noted.append(seen)
    try:
        yield seen
    finally:
        _noted.remove(seen)


def was_read(st: os.stat_result) -> bool:
    """Whether the file ``st`` describes was read within a :func:`noting_reads` block open now."""
    return any((st.st_dev, st.st_ino) in seen for seen in _noted)


def open_regular(path: str | os.PathLike[str], shown: str) -> int:
    """A descriptor of ``path`` opened for reading, if it is a regular file (opened without
    blocking, then examined through the descriptor: a FIFO, a device or a directory is refused
    at once, never waited on); else :class:`FileProblems` in one line.  The caller closes it."""

    def fail(message: str) -> FileProblems:
        return FileProblems([Problem(shown, None, None, "", message)])

    if not shown or not os.fspath(path):
        raise fail("expected a file name, got an empty one")
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise fail("no such file") from None
    except IsADirectoryError:
        raise fail("expected a regular file, got a directory") from None
    except PermissionError:
        raise fail("cannot read: permission denied") from None
    except ValueError:  # a NUL character in the name
        raise fail("not a valid file name (it holds a NUL character)") from None
    except OSError as e:
        if e.errno == errno.ENAMETOOLONG:
            raise fail(f"file name too long ({len(os.fsencode(path))} bytes)") from None
        if e.errno == errno.ELOOP:
            raise fail("too many levels of symbolic links") from None
        raise fail(f"cannot read: {e.strerror or e}") from None
    try:
        st = os.fstat(fd)
    except OSError as e:
        os.close(fd)
        raise fail(f"cannot read: {e.strerror or e}") from None
    if not stat.S_ISREG(st.st_mode):
        os.close(fd)
        raise fail(f"expected a regular file, got {file_kind(st.st_mode)}")
    for seen in _noted:
        seen.add((st.st_dev, st.st_ino))
    return fd


def read_source(path: str | os.PathLike[str], shown: str) -> bytes:
    """The bytes of a file mapref is asked to read, or :class:`FileProblems` in one line.

    Only a regular file of at most :data:`MAX_FILE_BYTES` is read: a directory, a FIFO,
    ``/dev/zero`` or a file that grows past the cap while being read is refused at once (the
    file is opened without blocking, then examined through its descriptor).  Every loader reads
    through this function."""

    def fail(message: str) -> FileProblems:
        return FileProblems([Problem(shown, None, None, "", message)])

    fd = open_regular(path, shown)
    try:
        st = os.fstat(fd)
        too_big = "too big: {} (mapref reads files up to " + _mib(MAX_FILE_BYTES) + ")"
        if st.st_size > MAX_FILE_BYTES:
            raise fail(too_big.format(_mib(st.st_size)))
        chunks, total = [], 0
        while True:
            chunk = os.read(fd, min(1 << 20, MAX_FILE_BYTES + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > MAX_FILE_BYTES:
                raise fail(too_big.format("more than " + _mib(MAX_FILE_BYTES)))
        return b"".join(chunks)
    except OSError as e:
        raise fail(f"cannot read: {e.strerror or e}") from None
    finally:
        os.close(fd)


def _position(text: str, offset: int) -> tuple[int, int]:
    """(line, column), 1-based, of character ``offset`` of ``text``."""
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


def _deep_bracket(source: str) -> tuple[int | None, int | None]:
    """Where arrays and inline tables first nest deeper than :data:`MAX_DEPTH` (strings and
    comments skipped), or (None, None)."""
    depth, i, n = 0, 0, len(source)
    while i < n:
        c = source[i]
        if c in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return _position(source, i)
        elif c in "]}":
            depth = max(0, depth - 1)
        elif c == "#":
            j = source.find("\n", i)
            i = n if j == -1 else j
            continue
        elif c in "\"'":
            quote = c * 3 if source.startswith(c * 3, i) else c
            j = i + len(quote)
            while j < n and not source.startswith(quote, j):
                j += 2 if (c == '"' and source[j] == "\\") else 1
            i = j + len(quote)
            continue
        i += 1
    return None, None


def too_deep(data: object) -> list[str] | None:
    """The key path of the first value nested deeper than :data:`MAX_DEPTH`, or None.  Only
    arrays and tables are visited, and a path is built only for the one found: an array of two
    million numbers costs one pass over it, no copy per element."""
    stack: list[tuple[object, int]] = [(data, 0)]
    while stack:
        v, depth = stack.pop()
        if depth >= MAX_DEPTH and v:  # a value inside it lies deeper than the limit
            return _path_below(data, MAX_DEPTH + 1) or []
        items = v.values() if isinstance(v, dict) else v if isinstance(v, list) else ()
        stack.extend((x, depth + 1) for x in items if isinstance(x, (dict, list)))
    return None


def _path_below(v: object, depth: int) -> list[str] | None:
    """The keys down to a value ``depth`` levels below ``v`` (recursion at most MAX_DEPTH + 1)."""
    if depth == 0:
        return []
    pairs = v.items() if isinstance(v, dict) else enumerate(v) if isinstance(v, list) else ()
    for k, x in pairs:
        if depth == 1:
            return [str(k)]
        if isinstance(x, (dict, list)):
            rest = _path_below(x, depth - 1)
            if rest is not None:
                return [str(k)] + rest
    return None


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cycle collector paused while many objects are made that all live on (a big
    map's parsed text, its model, its drawing): not searched again and again as they come.  As
    it was after, whatever happens; nested, the outermost restores it, and then moves what was
    made meanwhile (with every other object the collector follows) into its oldest generation,
    as if it had lived through the younger ones' collections: searched by the collector's full
    collections only, not by the next young one and the one after (a 20,000-location map's
    model: 40 and 35 ms).  Nothing is kept from the collector: ``gc.freeze`` then
    ``gc.unfreeze`` only move objects between generations (mapref freezes nothing itself)."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.freeze()
            gc.unfreeze()
            gc.enable()


def parse_toml(path: str | os.PathLike[str], shown: str) -> tuple[dict, str]:
    """Read (through :func:`read_source`) and parse a TOML file, turning every failure into
    :class:`FileProblems` with a line and column wherever there is one."""
    return parse_toml_bytes(read_source(path, shown), shown)


def parse_toml_bytes(raw: bytes, shown: str) -> tuple[dict, str]:
    """Parse the bytes of a TOML file as :func:`parse_toml` does (a save reads its text back
    through here before it replaces the file).  A file of more than :data:`MAX_ITEMS` items is
    refused before it is parsed."""
    items = raw.count(b",") + raw.count(b"=") + raw.count(b"[") + raw.count(b"{")
    if items > MAX_ITEMS:
        raise FileProblems(
            [
                Problem(
                    shown,
                    None,
                    None,
                    "",
                    f"too many values: {items:,} keys, array items and tables "
                    f"(mapref reads files of up to {MAX_ITEMS:,})",
                )
            ]
        )
    try:
        source = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        line_start = raw.rfind(b"\n", 0, e.start) + 1
        byte_col = len(raw[line_start : e.start].decode("utf-8", "replace")) + 1
        what = f"byte 0x{raw[e.start]:02x}" if e.end - e.start == 1 else f"bytes {raw[e.start : e.end].hex(' ')}"
        raise FileProblems(
            [Problem(shown, raw.count(b"\n", 0, e.start) + 1, byte_col, "", f"not UTF-8 text: {what} ({e.reason})")]
        ) from None
    from mapref.io import fasttoml  # here, not at the top: the command line's help and game verbs start without it

    try:
        with collector_paused():
            data = fasttoml.loads(source)  # mapref's own layout, quickly (and nested at most MAX_DEPTH deep)
        checked = True
    except fasttoml.Unsupported:
        data, checked = None, False  # anything else by tomllib
    if data is None:
        import tomllib  # only then (it imports datetime: 10 ms of a `mapref referee` on a small game)
    try:
        if data is None:
            with collector_paused():
                data = tomllib.loads(source)
    except tomllib.TOMLDecodeError as e:
        text = str(e)
        m = re.search(_SYNTAX_POS, text)
        line = col = None
        if m:
            if m.group(1):
                line, col = int(m.group(1)), int(m.group(2))
            else:
                line, col = _position(source, len(source))
            text = text[: m.start()].strip()
        raise FileProblems([Problem(shown, line, col, "", f"TOML syntax error: {text}")]) from None
    except RecursionError:
        line, col = _deep_bracket(source)
        raise FileProblems(
            [Problem(shown, line, col, "", f"arrays or tables nested more than {MAX_DEPTH} deep")]
        ) from None
    except ValueError as e:  # an integer past Python's limit on digits (4300)
        if "integer string conversion" not in str(e):
            raise
        m = re.search(r"[0-9][0-9_]{4299,}", source)
        line, col = _position(source, m.start()) if m else (None, None)
        raise FileProblems([Problem(shown, line, col, "", "integer too long (more than 4300 digits)")]) from None
    deep = None if checked else too_deep(data)
    if deep is not None:
        line, col = _deep_bracket(source)
        if line is None:
            line, col = Locator(source).find(".".join(deep))
        raise FileProblems([Problem(shown, line, col, "", f"arrays or tables nested more than {MAX_DEPTH} deep")])
    return data, source


def show_value(v: object) -> str:
    """A value from a file as a message shows it: strings quoted, escaped and cut short."""
    if isinstance(v, str):
        text = '"' + escape(v[:MAX_SHOWN].replace("\\", "\\\\").replace('"', '\\"')) + '"'
        return text if len(v) <= MAX_SHOWN else f'{text[:-1]}..." ({len(v)} characters)'
    if v is None:
        return "nothing"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int) and v.bit_length() > 64:
        return f"an integer of about {int(v.bit_length() * math.log10(2)) + 1} digits"
    if isinstance(v, dict):
        return "a table"
    if isinstance(v, list):
        if 0 < len(v) <= 4 and all(isinstance(x, float) or (type(x) is int and x.bit_length() <= 64) for x in v):
            return "[" + ", ".join(show_value(x) for x in v) + "]"  # a short list of numbers: [nan, 0.0]
        return "an array"
    return escape(clip(str(v), MAX_SHOWN))


class Reader:
    """Collects problems while a loader walks parsed TOML; every message gets its line."""

    def __init__(self, shown: str, source: str):
        self.shown = shown
        self.source = source
        self._locator: Locator | None = None
        self.problems: list[Problem] = []
        self.more = 0  # problems past MAX_PROBLEMS: counted, not located

    @property
    def locator(self) -> Locator:
        """Built on first use: a file without problems is never scanned."""
        if self._locator is None:
            self._locator = Locator(self.source)
        return self._locator

    def error(self, key: str, message: str) -> None:
        if len(self.problems) >= MAX_PROBLEMS:
            self.more += 1
            return
        line, col = self.locator.find(key)
        self.problems.append(Problem(self.shown, line, col, key, message))

    def expected(self, key: str, what: str, got: object) -> None:
        self.error(key, f"expected {what}, got {show_value(got)}")

    def check_keys(
        self, table: dict, allowed: list[str] | tuple[str, ...], where: str, required: tuple[str, ...] = ()
    ) -> None:
        for k in table:
            if k not in allowed:
                if len(self.problems) >= MAX_PROBLEMS:
                    self.more += 1
                    continue
                import difflib

                key = f"{where}.{k}" if where else k
                close = difflib.get_close_matches(k, allowed, n=1, cutoff=0.6)
                hint = f' (did you mean "{close[0]}"?)' if close else f" (allowed: {', '.join(allowed)})"
                self.error(key, f"unknown key{hint}")
        for k in required:
            if k not in table:
                self.error(where or k, f'missing required key "{k}"')

    # typed getters: they report and return a default on a bad value
    def table(self, data: dict, key: str, where: str) -> dict:
        v = data.get(key, {})
        if not isinstance(v, dict):
            self.expected(f"{where}.{key}" if where else key, "a table", v)
            return {}
        return v

    def str_(self, data: dict, key: str, where: str, default: str = "", choices: tuple[str, ...] | None = None) -> str:
        if key not in data:
            return default
        v = data[key]
        path = f"{where}.{key}" if where else key
        if not isinstance(v, str):
            self.expected(path, "a string", v)
            return default
        if choices is not None and v not in choices:
            self.expected(path, "one of " + ", ".join(f'"{c}"' for c in choices), v)
            return default
        return v

    def int_(
        self, data: dict, key: str, where: str, default: int = 0, lo: int | None = None, hi: int | None = None
    ) -> int:
        if key not in data:
            return default
        v = data[key]
        path = f"{where}.{key}" if where else key
        rng = f" {lo}-{hi}" if lo is not None and hi is not None else (f" >= {lo}" if lo is not None else "")
        if not isinstance(v, int) or isinstance(v, bool) or (lo is not None and v < lo) or (hi is not None and v > hi):
            self.expected(path, f"an integer{rng}", v)
            return default
        return v

    def num(
        self, data: dict, key: str, where: str, default: float = 0.0, lo: float | None = None, hi: float | None = None
    ) -> float:
        """A finite number, ``lo <= v <= hi`` when given (TOML's nan and inf are never accepted)."""
        if key not in data:
            return default
        v = data[key]
        path = f"{where}.{key}" if where else key
        if lo is not None and hi is not None:
            rng = f" from {lo:g} to {hi:g}"
        else:
            rng = f" >= {lo:g}" if lo is not None else (f" <= {hi:g}" if hi is not None else "")
        finite = (isinstance(v, float) and math.isfinite(v)) or (type(v) is int and v.bit_length() < 1000)
        if not finite or (lo is not None and v < lo) or (hi is not None and v > hi):
            self.expected(path, "a number" + rng, v)
            return default
        return float(v)

    def format_(self, data: dict, version: int, what: str) -> None:
        """The ``format`` key: the integer ``version`` (``true`` is not 1)."""
        if "format" in data and (type(data["format"]) is not int or data["format"] != version):
            self.expected("format", f"{version} (this is mapref's {what} format {version})", data["format"])

    def bool_(self, data: dict, key: str, where: str, default: bool = False) -> bool:
        if key not in data:
            return default
        v = data[key]
        if not isinstance(v, bool):
            self.expected(f"{where}.{key}" if where else key, "true or false", v)
            return default
        return v

    def raise_if_any(self) -> None:
        if self.problems:
            more = [Problem(self.shown, None, None, "", f"and {self.more:,} more problems")] if self.more else []
            raise FileProblems(self.problems + more)

    def stop(self) -> NoReturn:
        """Raise the problems found so far, right after one that leaves nothing more to read."""
        self.raise_if_any()
        raise AssertionError("Reader.stop: no problem was found")
