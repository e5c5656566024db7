"""Problems found in a file, with the line they are on.

Every error a user sees reads ``FILE:LINE:COL: key.path: what was expected, got what``.
``tomllib`` gives a position only for syntax errors (in the message text on Python 3.11), so
for a wrong value at a valid place :class:`Locator` finds the line of a dotted key by a light
scan of the source: table headers, ``key = value`` lines and the keys of one-line inline tables.
"""

from __future__ import annotations

import difflib
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from mapref.io import fasttoml


@dataclass(frozen=True)
class Problem:
    file: str
    line: int | None
    col: int | None
    key: str
    message: str

    def __str__(self) -> str:
        where = self.file
        if self.line is not None:
            where += f":{self.line}"
            if self.col is not None:
                where += f":{self.col}"
        return f"{where}: {self.key}: {self.message}" if self.key else f"{where}: {self.message}"


class FileProblems(Exception):
    """Raised by loaders: every problem of one file, to be shown together."""

    def __init__(self, problems: list[Problem]):
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))


_HEADER = re.compile(r"^\s*\[\[?\s*([^\]]+?)\s*\]\]?\s*(#.*)?$")
_KEY = re.compile(r'^\s*("(?:[^"\\]|\\.)*"|[A-Za-z0-9_\-]+(?:\s*\.\s*[A-Za-z0-9_\-"]+)*)\s*=')
_INLINE_KEY = re.compile(r'(?:^|[{,]\s*)("(?:[^"\\]|\\.)*"|[A-Za-z0-9_\-]+)\s*=')


def _split_dotted(text: str) -> list[str]:
    parts = re.findall(r'"((?:[^"\\]|\\.)*)"|([^.\s]+)', text)
    return [a or b for a, b in parts]


class Locator:
    """Maps dotted key paths (``hexes.P10.production``) to (line, column), 1-based."""

    def __init__(self, source: str):
        self.positions: dict[str, tuple[int, int]] = {}
        table: list[str] = []
        for n, raw in enumerate(source.splitlines(), start=1):
            m = _HEADER.match(raw)
            if m and not raw.lstrip().startswith("#") and "=" not in raw.split("]")[0]:
                table = _split_dotted(m.group(1))
                self.positions.setdefault(".".join(table), (n, raw.index("[") + 1))
                continue
            km = _KEY.match(raw)
            if not km:
                continue
            key = _split_dotted(km.group(1))
            path = table + key
            self.positions.setdefault(".".join(path), (n, km.start(1) + 1))
            rest_at = km.end()
            brace = raw.find("{", rest_at)
            if brace != -1:
                for im in _INLINE_KEY.finditer(raw, brace):
                    name = im.group(1).strip('"')
                    self.positions.setdefault(".".join(path + [name]), (n, im.start(1) + 1))

    def find(self, path: str) -> tuple[int | None, int | None]:
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


_SYNTAX_POS = re.compile(r"\(at line (\d+), column (\d+)\)")


def parse_toml(path: Path, shown: str) -> tuple[dict, str]:
    """Read and parse a TOML file, turning every failure into :class:`FileProblems`."""
    try:
        source = path.read_bytes().decode("utf-8")
    except FileNotFoundError:
        raise FileProblems([Problem(shown, None, None, "", "no such file")]) from None
    except UnicodeDecodeError as e:
        raise FileProblems([Problem(shown, None, None, "", f"not UTF-8 text ({e.reason} at byte {e.start})")]) from None
    except OSError as e:
        raise FileProblems([Problem(shown, None, None, "", f"cannot read: {e.strerror}")]) from None
    try:
        data = fasttoml.loads(source)  # mapref's own layout, quickly; anything else by tomllib
    except fasttoml.Unsupported:
        data = None
    try:
        if data is None:
            data = tomllib.loads(source)
    except tomllib.TOMLDecodeError as e:
        text = str(e)
        m = _SYNTAX_POS.search(text)
        line = col = None
        if m:
            line, col = int(m.group(1)), int(m.group(2))
            text = text[: m.start()].strip()
        raise FileProblems([Problem(shown, line, col, "", f"TOML syntax error: {text}")]) from None
    return data, source


def show_value(v: object) -> str:
    if isinstance(v, str):
        return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, dict):
        return "a table"
    if isinstance(v, list):
        return "an array"
    return str(v)


class Reader:
    """Collects problems while a loader walks parsed TOML; every message gets its line."""

    def __init__(self, shown: str, source: str):
        self.shown = shown
        self.source = source
        self._locator: Locator | None = None
        self.problems: list[Problem] = []

    @property
    def locator(self) -> Locator:
        """Built on first use: a file without problems is never scanned."""
        if self._locator is None:
            self._locator = Locator(self.source)
        return self._locator

    def error(self, key: str, message: str) -> None:
        line, col = self.locator.find(key)
        self.problems.append(Problem(self.shown, line, col, key, message))

    def expected(self, key: str, what: str, got: object) -> None:
        self.error(key, f"expected {what}, got {show_value(got)}")

    def check_keys(self, table: dict, allowed: list[str] | tuple[str, ...], where: str, required: tuple[str, ...] = ()) -> None:
        for k in table:
            if k not in allowed:
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

    def int_(self, data: dict, key: str, where: str, default: int = 0, lo: int | None = None, hi: int | None = None) -> int:
        if key not in data:
            return default
        v = data[key]
        path = f"{where}.{key}" if where else key
        rng = f" {lo}-{hi}" if lo is not None and hi is not None else (f" >= {lo}" if lo is not None else "")
        if not isinstance(v, int) or isinstance(v, bool) or (lo is not None and v < lo) or (hi is not None and v > hi):
            self.expected(path, f"an integer{rng}", v)
            return default
        return v

    def num(self, data: dict, key: str, where: str, default: float = 0.0, lo: float | None = None) -> float:
        if key not in data:
            return default
        v = data[key]
        path = f"{where}.{key}" if where else key
        if not isinstance(v, (int, float)) or isinstance(v, bool) or (lo is not None and v < lo):
            self.expected(path, "a number" + (f" > {lo:g}" if lo is not None else ""), v)
            return default
        return float(v)

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
            raise FileProblems(self.problems)
