"""A quick reader for the TOML that mapref writes, with the standard library's reader behind it.

``tomllib`` reads a 200x200 map and a game of 600 armies in about 70 ms, most of it one Python
call per character of a string or per key.  :func:`loads` reads the subset of TOML that
mapref's writers produce (:mod:`mapref.io.tomlwrite`, tomli-w) with a few regular expressions
per line: tables ``[a."b c"]`` and arrays of tables ``[[log]]``, ``key = value`` with bare or
quoted keys, basic strings, integers, floats, booleans, arrays (over several lines, with
comments) and inline tables.  Anything else (literal or multi-line strings, dotted keys, dates,
special numbers, a redefined key or table, anything malformed) raises :class:`Unsupported`, and
:func:`mapref.io.problems.parse_toml` then reads the file with ``tomllib``: its result, and its
error messages, are the reference (tests/io/test_fasttoml.py checks both agree on random
documents and on every file in the repository).
"""

from __future__ import annotations

import json
import operator
import re

from mapref.io.limits import MAX_DEPTH

__all__ = ["Unsupported", "loads"]


class Unsupported(ValueError):
    """The text leaves the subset read here (or is not valid TOML): use ``tomllib``."""


TYPE_CHECKING = False  # typing is not imported at run time: the command line starts quicker (issue 34)
if TYPE_CHECKING:
    from typing import Protocol

    class _Skip(Protocol):
        """A pattern that matches the empty string too: its ``match`` always finds a match."""

        def match(self, string: str, pos: int = 0, endpos: int = ..., /) -> re.Match[str]: ...


_WS: _Skip = re.compile(r"[ \t]*")  # type: ignore[assignment]
# blank lines and comment lines between statements (comments: no control character but tab)
_GAP_RE = r"(?:[ \t]*(?:#[^\x00-\x08\x0a-\x1f\x7f]*)?(?:\r?\n))*[ \t]*"
_GAP: _Skip = re.compile(_GAP_RE)  # type: ignore[assignment]
_END = re.compile(r"[ \t]*(?:#[^\x00-\x08\x0a-\x1f\x7f]*)?(?:\r?\n|\Z)")  # the rest of a line
_BARE = re.compile(r"[A-Za-z0-9_-]+")
_STR = re.compile(r'"([^"\\\x00-\x08\x0a-\x1f\x7f]*)"')
# a string with escapes (rare in mapref's files): its two patterns compiled when first met (re keeps them)
_STR_ESC = r'"((?:[^"\\\x00-\x08\x0a-\x1f\x7f]|\\["\\bfnrt]|\\u[0-9A-Fa-f]{4}|\\U[0-9A-Fa-f]{8})*)"'
_ESC = r'\\(["\\bfnrt]|u[0-9A-Fa-f]{4}|U[0-9A-Fa-f]{8})'
_SIMPLE_ESC = {'"': '"', "\\": "\\", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}
_NUM = re.compile(r"[+-]?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?")
_AFTER_SCALAR = frozenset(" \t\r\n,]}#")  # what may follow a number or a boolean
_NUMBER = r"[+-]?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?"
# an array of two numbers on one line, [x, y]: an area map's points, read in one match
_PAIR = re.compile(r"\[[ \t]*(" + _NUMBER + r")[ \t]*,[ \t]*(" + _NUMBER + r")[ \t]*\]")
# The one-line patterns below take keys and blanks possessively (++, *+): what follows a key is a
# blank or "=", what follows blanks is neither, so giving characters back never finds another
# match; it only saves the time of trying (a key of 20 characters was tried 20 times over).
# the usual line, in one match: a bare key, a string without escapes, an integer or a boolean
_SCALAR = r'(?:"[^"\\\x00-\x08\x0a-\x1f\x7f]*"|[+-]?(?:0|[1-9][0-9]*)|true|false)'
_ITEM = re.compile(
    r'([A-Za-z0-9_-]++)[ \t]*+=[ \t]*+(?:"([^"\\\x00-\x08\x0a-\x1f\x7f]*)"|([+-]?(?:0|[1-9][0-9]*))|(true|false))[ \t]*+(?:,[ \t]*+)?'
)
# a line holding a flat inline table of such values: { name = "Berlin", production = 4 }
_INLINE_LINE = re.compile(
    r"([A-Za-z0-9_-]++)[ \t]*+=[ \t]*+\{[ \t]*+((?:[A-Za-z0-9_-]++[ \t]*+=[ \t]*+" + _SCALAR + r"[ \t]*+,[ \t]*+)*"
    r"[A-Za-z0-9_-]++[ \t]*+=[ \t]*+" + _SCALAR + r"[ \t]*+)\}[ \t]*+(?:#[^\x00-\x08\x0a-\x1f\x7f]*)?(?:\r?\n|\Z)"
)
# a line holding an inline table of three strings without escapes, the usual move line:
# a-b = { a = "a", b = "b", kind = "land" }
_KEY_STR = r'([A-Za-z0-9_-]++)[ \t]*+=[ \t]*+"([^"\\\x00-\x08\x0a-\x1f\x7f]*)"[ \t]*+'
_THREE_LINE = re.compile(
    r"([A-Za-z0-9_-]++)[ \t]*+=[ \t]*+\{[ \t]*+"
    + r",[ \t]*+".join([_KEY_STR] * 3)
    + r"\}[ \t]*+(?:#[^\x00-\x08\x0a-\x1f\x7f]*)?(?:\r?\n|\Z)"
)
# the usual header, [a.b] with bare keys, and the start of a line key = [...]
_HEADER = re.compile(r"\[([A-Za-z0-9_-]++)\.([A-Za-z0-9_-]++)\][ \t]*+(?:#[^\x00-\x08\x0a-\x1f\x7f]*)?(?:\r?\n|\Z)")
_ARRAY_ITEM = re.compile(r"([A-Za-z0-9_-]++)[ \t]*+=[ \t]*+(?=\[)")
_LINE = re.compile(
    r'([A-Za-z0-9_-]++)[ \t]*+=[ \t]*+(?:"([^"\\\x00-\x08\x0a-\x1f\x7f]*)"|([+-]?(?:0|[1-9][0-9]*))|(true|false))'
    r"[ \t]*+(?:#[^\x00-\x08\x0a-\x1f\x7f]*)?(?:\r?\n|\Z)"
)


def _unescape(m: re.Match) -> str:
    e = m.group(1)
    if len(e) == 1:
        return _SIMPLE_ESC[e]
    cp = int(e[1:], 16)
    if 0xD800 <= cp <= 0xDFFF or cp > 0x10FFFF:
        raise Unsupported("not a Unicode scalar value")
    return chr(cp)


def _string(src: str, pos: int) -> tuple[int, str]:
    m = _STR.match(src, pos)
    if m is not None:
        if src.startswith('""', pos) and src.startswith('"', pos + 2):
            raise Unsupported("multi-line string")
        return m.end(), m.group(1)
    m = re.compile(_STR_ESC).match(src, pos)
    if m is None:
        raise Unsupported("string")
    return m.end(), re.compile(_ESC).sub(_unescape, m.group(1))


def _key(src: str, pos: int) -> tuple[int, str]:
    m = _BARE.match(src, pos)
    if m is not None:
        return m.end(), m.group()
    if src.startswith('"', pos):
        return _string(src, pos)
    raise Unsupported("key")


def _value(src: str, pos: int, frozen: set[int], depth: int):
    """The value at ``pos``, which lies ``depth`` levels below the document (a table or an array
    there must leave room for what it holds within :data:`MAX_DEPTH`)."""
    c = src[pos : pos + 1]
    if c == '"':
        return _string(src, pos)
    if c == "[":
        return _array(src, pos, frozen, depth)
    if c == "{":
        return _inline(src, pos, frozen, depth)
    v: bool | int | float
    if c == "t" and src.startswith("true", pos):
        end, v = pos + 4, True
    elif c == "f" and src.startswith("false", pos):
        end, v = pos + 5, False
    else:
        m = _NUM.match(src, pos)
        if m is None or m.end() == pos:
            raise Unsupported("value")
        end = m.end()
        v = float(m.group()) if m.group(1) or m.group(2) else int(m.group())
    if end < len(src) and src[end] not in _AFTER_SCALAR:
        raise Unsupported("value")  # a date, 1_000, 0x10, inf...
    return end, v


def _number(text: str):
    return float(text) if "." in text or "e" in text or "E" in text else int(text)


def _deep(depth: int) -> None:
    """Tables and arrays nested :data:`mapref.io.limits.MAX_DEPTH` deep or more are left to
    tomllib (and refused by :func:`mapref.io.problems.parse_toml`, which then checks the depth
    of what tomllib read)."""
    if depth >= MAX_DEPTH:
        raise Unsupported("nested too deep")


# arrays of numbers up to four levels deep (a polygon's points, a long list), read at C speed:
# such an array's text (digits, signs, dots, exponents, commas, spaces, tabs, line feeds and
# brackets), with a trailing comma after a value turned into a space, is read by JSON's reader.
# JSON and TOML read such numbers alike; anything else (a comment, a string, "[,]", 1_000, +1)
# makes it fail, and the array is read below.
_NUM_CHARS = r"[0-9eE.+\-, \t\n]"
_LEVEL = _NUM_CHARS + r"*+"
for _ in range(3):
    _LEVEL = r"(?:" + _NUM_CHARS + r"++|\[" + _LEVEL + r"\])*+"
_NUMERIC = re.compile(r"\[" + _LEVEL + r"\]")  # [[[[1]]]] at most
# a trailing comma right after a value (a number or an array), before the array's end: turned
# into a space by one substitution (the text keeps its length); after a blank it is left, and
# JSON's reader declines the array (read below then)
_TRAILING = re.compile(r",(?<=[0-9\]],)(?=[ \t\n]*\])")
_JSON = json.JSONDecoder()

# A run of an area map's (or a big hex map's) usual statements, read in two passes at C speed
# (:func:`_run`): headers [a] and [a.b] with bare keys, and key = value lines whose value is a
# string without escapes, an integer, a boolean, an array of numbers read by JSON's reader, or a
# move line's three strings; each ends with its line's newline (never the text's end: the run is
# then read from its own copy of the text, whose end is not the document's).  Compiled when a big
# text first needs it.
_TAIL = r"[ \t]*+(?:#[^\x00-\x08\x0a-\x1f\x7f]*)?\r?\n"
_UNIT = (
    r"(?:\[([A-Za-z0-9_-]++)(?:\.([A-Za-z0-9_-]++))?\]" + _TAIL + r"|([A-Za-z0-9_-]++)[ \t]*+=[ \t]*+"
    r'(?:"([^"\\\x00-\x08\x0a-\x1f\x7f]*)"|([+-]?(?:0|[1-9][0-9]*))|(true|false)|(\[' + _LEVEL + r"\])"
    r"|\{[ \t]*+" + r",[ \t]*+".join([_KEY_STR] * 3) + r"\})" + _TAIL + r")" + _GAP_RE
)
# one unit after another (its groups not captured: re cannot capture within a possessive repeat)
_RUN = r"(?:" + _UNIT.replace("(", "(?:").replace("(?:?", "(?") + r")*+"
_UNITS = _UNIT + r"|([\s\S])"  # a unit, or a character outside one (its last group)
_LAST = operator.itemgetter(-1)  # a unit's last group: a character outside any unit
_ARR = operator.itemgetter(6)  # a unit's array of numbers
_RUN_LOOK = 65536  # how far a run is measured before it is read
_RUN_MIN = 4096  # a shorter run is read statement by statement (its two passes would cost more)
_BIG = 65536  # a text this long may hold runs: smaller ones (a game's files) never compile the patterns


def _numbers(src: str, pos: int):
    """(end, list) for an array of numbers (nested or not) at ``pos``, or None."""
    m = _NUMERIC.match(src, pos)
    if m is None:
        return None
    text = _TRAILING.sub(" ", m.group())
    try:
        v, end = _JSON.raw_decode(text)
    except ValueError:
        return None
    return (pos + end, v) if end == len(text) else None


def _array(src: str, pos: int, frozen: set[int], depth: int):
    _deep(depth)
    fast = _numbers(src, pos) if depth + 4 < MAX_DEPTH else None
    if fast is not None:
        frozen.add(id(fast[1]))
        return fast
    m = _PAIR.match(src, pos)
    if m is not None:
        pair = [_number(m.group(1)), _number(m.group(2))]
        frozen.add(id(pair))
        return m.end(), pair
    out: list = []
    pos = _GAP.match(src, pos + 1).end()
    while True:
        if src.startswith("]", pos):
            frozen.add(id(out))
            return pos + 1, out
        pos, v = _value(src, pos, frozen, depth + 1)
        out.append(v)
        pos = _GAP.match(src, pos).end()
        if src.startswith(",", pos):
            pos = _GAP.match(src, pos + 1).end()
        elif not src.startswith("]", pos):
            raise Unsupported("array")


def _inline(src: str, pos: int, frozen: set[int], depth: int):
    _deep(depth)
    out: dict = {}
    pos = _WS.match(src, pos + 1).end()
    if src.startswith("}", pos):
        frozen.add(id(out))
        return pos + 1, out
    while True:
        pos, k = _key(src, pos)
        pos = _WS.match(src, pos).end()
        if not src.startswith("=", pos) or k in out:
            raise Unsupported("inline table")
        pos = _WS.match(src, pos + 1).end()
        pos, out[k] = _value(src, pos, frozen, depth + 1)
        pos = _WS.match(src, pos).end()
        if src.startswith("}", pos):
            frozen.add(id(out))
            return pos + 1, out
        if not src.startswith(",", pos):
            raise Unsupported("inline table")
        pos = _WS.match(src, pos + 1).end()


def loads(src: str) -> dict:
    """The document ``src`` as ``tomllib.loads`` reads it, or :class:`Unsupported`."""
    try:
        return _loads(src)
    except (RecursionError, ValueError, OverflowError) as e:  # too deep, an integer too long...
        if isinstance(e, Unsupported):
            raise
        raise Unsupported(str(e)) from None


def _loads(src: str) -> dict:
    root: dict = {}
    frozen: set[int] = set()  # inline tables and static arrays: never extended by a header
    defined: set[int] = {id(root)}  # tables given by a header or the root
    keep: list = []  # the objects whose ids are in frozen/defined stay alive while reading
    cur = root
    cur_depth = 0  # how deep the current table lies
    pos, n = 0, len(src)
    # statements before this are read one by one; a big text's runs at once (their tables lie at
    # most two deep, their arrays four below them)
    slow_until = 0 if n >= _BIG and MAX_DEPTH > 7 else n
    probe = False  # measure a run before reading it (once one was read to the text's end and ended before it)
    while True:
        pos = _GAP.match(src, pos).end()
        if pos >= n:
            return root
        if src.startswith("[", pos):
            pos, cur, cur_depth, slow_until, probe = _tables(src, pos, root, frozen, defined, slow_until, probe)
            keep.append(cur)
            continue
        m = _LINE.match(src, pos)
        if m is not None:
            k, text, num, flag = m.groups()
            if k in cur:
                raise Unsupported("key given twice")
            cur[k] = text if text is not None else int(num) if num is not None else flag == "true"
            pos = m.end()
            continue
        m = _ARRAY_ITEM.match(src, pos)
        if m is not None:  # key = [...]: as the general reading below reads it
            k = m.group(1)
            if k in cur:
                raise Unsupported("key")
            pos, v = _array(src, m.end(), frozen, cur_depth + 1)
            cur[k] = v
            keep.append(v)
            m = _END.match(src, pos)
            if m is None:
                raise Unsupported("end of line")
            pos = m.end()
            continue
        m = _THREE_LINE.match(src, pos)
        if m is not None:  # as the inline table below, in one match
            k, k1, v1, k2, v2, k3, v3 = m.groups()
            _deep(cur_depth + 1)
            if k in cur or k1 == k2 or k1 == k3 or k2 == k3:
                raise Unsupported("key given twice")
            cur[k] = d = {k1: v1, k2: v2, k3: v3}
            frozen.add(id(d))
            pos = m.end()
            continue
        m = _INLINE_LINE.match(src, pos)
        if m is not None:
            k = m.group(1)
            _deep(cur_depth + 1)
            items = _ITEM.findall(m.group(2))
            d = {
                ik: text if num == "" and flag == "" else int(num) if num else flag == "true"
                for ik, text, num, flag in items
            }
            if k in cur or len(d) != len(items):
                raise Unsupported("key given twice")
            cur[k] = d
            frozen.add(id(d))
            pos = m.end()
            continue
        pos, k = _key(src, pos)
        pos = _WS.match(src, pos).end()
        if not src.startswith("=", pos) or k in cur:
            raise Unsupported("key")  # a dotted key, a key given twice...
        pos = _WS.match(src, pos + 1).end()
        pos, v = _value(src, pos, frozen, cur_depth + 1)
        cur[k] = v
        if isinstance(v, (dict, list)):
            keep.append(v)
        m = _END.match(src, pos)
        if m is None:
            raise Unsupported("end of line")
        pos = m.end()


def _tables(src: str, pos: int, root: dict, frozen: set[int], defined: set[int], slow_until: int, probe: bool) -> tuple:
    """The header at ``pos``, and from ``slow_until`` on the run of usual statements it starts
    (:func:`_run`): (the position after them, the last table they open, how deep it lies, the
    new ``slow_until`` and ``probe``)."""
    if pos >= slow_until:
        t, end, depth, probe = _run(src, pos, root, frozen, defined, probe)
        if t is not None:
            return end, t, depth, end, probe
        slow_until = end
    return *_header(src, pos, root, frozen, defined), slow_until, probe


def _run(src: str, pos: int, root: dict, frozen: set[int], defined: set[int], probe: bool) -> tuple:
    """Read the run of :data:`_UNIT`'s at ``pos`` (a header) into ``root`` as the statements one
    by one would (Unsupported where they would raise): (the last table it opens, the position
    after it, how deep that table lies, ``probe`` for the next run).  (None, where the run ends,
    0, ``probe``) and ``root`` untouched if it is too short to be worth it or one of its arrays
    is not JSON's.  Without ``probe`` the units are read to the text's end at once (the usual
    area map is one run), and the run ends at the first character outside them; when that is
    before the text's end, the next runs are measured first (else each would read the rest)."""
    run: _Skip = re.compile(_RUN)  # type: ignore[assignment]
    end = run.match(src, pos, pos + _RUN_LOOK).end()  # (a run cut short by the look's end goes on)
    if end - pos < _RUN_MIN:
        return None, end, 0, probe
    if probe:
        end = run.match(src, pos).end()
        units = re.compile(_UNITS).findall(src[pos:end])  # (its own copy: the run's end is no text's end)
        if any(map(_LAST, units)):
            return None, end, 0, probe  # not one unit after another (never seen: _RUN matched them so)
    else:
        units = re.compile(_UNITS).findall(src, pos)
        end = len(src)
        if any(map(_LAST, units)):  # the run ends before the text's end, where _RUN ends
            del units[list(map(bool, map(_LAST, units))).index(True) :]
            end, probe = run.match(src, pos).end(), True
    try:
        values = _JSON.decode(_TRAILING.sub(" ", "[" + ",".join(filter(None, map(_ARR, units))) + "]"))
    except ValueError:
        return None, end, 0, probe  # an array JSON's reader declines: one by one, as _array reads it
    frozen.update(map(id, values))
    i = 0
    cur: dict = root
    depth = 0
    parent: dict = root
    parent_key = None  # the key of root that holds ``parent``, the table of the last header [a.b]
    for h1, h2, k, string, num, flag, arr, k1, v1, k2, v2, k3, v3, _ in units:
        if h1:
            if h1 == parent_key and h2 and h2 not in parent:  # the next [a.b] of the same a: a new table
                parent[h2] = cur = {}
                defined.add(id(cur))
                continue
            cur, depth = _open(root, (h1, h2) if h2 else (h1,), False, frozen, defined), 2 if h2 else 1
            parent_key = None
            if h2:
                parent = root[h1]
                if isinstance(parent, list):  # [[a]] then [a.b]: b is a table of a's last
                    parent = parent[-1]
                parent_key = h1
            continue
        if k in cur:
            raise Unsupported("key given twice")
        if arr:
            cur[k] = values[i]
            i += 1
        elif k1:
            if k1 == k2 or k1 == k3 or k2 == k3:
                raise Unsupported("key given twice")
            cur[k] = d = {k1: v1, k2: v2, k3: v3}
            frozen.add(id(d))
        elif num:
            cur[k] = int(num)
        elif flag:
            cur[k] = flag == "true"
        else:
            cur[k] = string
    return cur, end, depth, probe


def _header(src: str, pos: int, root: dict, frozen: set[int], defined: set[int]) -> tuple[int, dict, int]:
    """A table's header ``[a.b]`` or ``[[a.b]]`` at ``pos``: (the position after it, the table
    it opens, how deep that lies); Unsupported for a header TOML refuses or this reader leaves."""
    m = _HEADER.match(src, pos)
    if m is not None:  # the usual header, [locations.paris]
        return m.end(), _open(root, m.group(1, 2), False, frozen, defined), 2
    many = src.startswith("[[", pos)
    pos = _WS.match(src, pos + (2 if many else 1)).end()
    path = []
    while True:
        pos, k = _key(src, pos)
        path.append(k)
        pos = _WS.match(src, pos).end()
        if src.startswith(".", pos):
            pos = _WS.match(src, pos + 1).end()
            continue
        break
    close = "]]" if many else "]"
    if not src.startswith(close, pos):
        raise Unsupported("header")
    m = _END.match(src, pos + len(close))
    if m is None:
        raise Unsupported("header")
    return m.end(), _open(root, path, many, frozen, defined), len(path) + many


def _open(root: dict, path, many: bool, frozen: set[int], defined: set[int]) -> dict:
    """The table the header ``[a.b]`` (``path``: its keys) or ``[[a.b]]`` opens, made where it
    is not yet; Unsupported where TOML refuses it or this reader leaves it to tomllib."""
    _deep(len(path) + many)  # the table [a.b] lies two levels down; [[a.b]]'s tables three
    t = root
    for k in path[:-1]:
        nxt = t.setdefault(k, {})
        if isinstance(nxt, list):
            if id(nxt) in frozen or not nxt:
                raise Unsupported("header into an array")
            nxt = nxt[-1]
        if not isinstance(nxt, dict) or id(nxt) in frozen:
            raise Unsupported("header")
        t = nxt
    last = path[-1]
    if many:
        arr = t.setdefault(last, [])
        if not isinstance(arr, list) or id(arr) in frozen:
            raise Unsupported("array of tables")
        cur: dict = {}
        arr.append(cur)
    else:
        cur = t.setdefault(last, {})
        if not isinstance(cur, dict) or id(cur) in frozen or id(cur) in defined:
            raise Unsupported("table defined twice")
    defined.add(id(cur))
    return cur
