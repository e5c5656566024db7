"""A small, deterministic TOML writer for the layouts mapref files use.

tomli-w would do for plain data, but mapref files are laid out for people: one line per hex,
row strings with a column ruler, inline tables for small records.  Output of this module is
canonical: writing what was read from a canonical file gives the same bytes.
"""

from __future__ import annotations

import json
import math
import re

_BARE = re.compile(r"[A-Za-z0-9_\-]+")


def key(k: str) -> str:
    return k if _BARE.fullmatch(k) else json.dumps(k, ensure_ascii=False)


def value(v: object) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        if math.isnan(v) or math.isinf(v):
            raise ValueError(f"cannot write {v!r} to TOML")
        if v == int(v) and abs(v) < 1e15:
            return f"{v:.1f}"
        return repr(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(value(x) for x in v) + "]"
    if isinstance(v, dict):
        return inline(v)
    raise TypeError(f"cannot write {type(v).__name__} to TOML")


def inline(d: dict) -> str:
    if not d:
        return "{}"
    return "{ " + ", ".join(f"{key(k)} = {value(v)}" for k, v in d.items()) + " }"


def assign(k: str, v: object) -> str:
    return f"{key(k)} = {value(v)}"


def document(d: dict) -> str:
    """Plain data as a TOML document laid out for people: the top level's values first, then a
    ``[table]`` for each of its tables, a value a line (a table within it as one inline table).

    >>> print(document({"turn": 2, "tokens": {"r1": {"side": "red", "at": "E6"}}}), end="")
    turn = 2
    <BLANKLINE>
    [tokens]
    r1 = { side = "red", at = "E6" }
    """
    out = [assign(k, v) for k, v in d.items() if not isinstance(v, dict)]
    for k, v in d.items():
        if isinstance(v, dict):
            out += ["", f"[{key(k)}]"] + [assign(k2, v2) for k2, v2 in v.items()]
    return "\n".join(out).lstrip("\n") + "\n"
