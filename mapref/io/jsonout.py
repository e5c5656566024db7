"""JSON as ``json.dumps(obj, indent=N, ensure_ascii=False)`` writes it, character for character,
several times quicker on big outputs (issue 34: ``mapref referee --json`` on a 300x300 game
prints 3 MB, every supplied army's route).

Python's C encoder knows no indentation: with ``indent`` the standard library falls back to its
pure-Python encoder, a generator per level and a write per piece.  Here one recursive pass
appends the pieces to a list, a list of strings (the routes, the hex lists) is joined at once,
and the strings are escaped by the standard library's own C function.  Anything but dicts, lists,
tuples, strings, numbers, booleans and None is refused with the standard library's TypeError.
"""

from __future__ import annotations

import json.encoder

_string = json.encoder.encode_basestring  # the C escape (ensure_ascii=False), as json.dumps uses
_INF = float("inf")
_PLAIN = {True: "true", False: "false", None: "null"}


def _float(o: float) -> str:
    if o != o:
        return "NaN"
    if o == _INF:
        return "Infinity"
    if o == -_INF:
        return "-Infinity"
    return float.__repr__(o)


def _key(k: object) -> str:
    if isinstance(k, str):
        return k
    if isinstance(k, float):
        return _float(k)
    if k is True:
        return "true"
    if k is False:
        return "false"
    if k is None:
        return "null"
    if isinstance(k, int):
        return int.__repr__(k)
    raise TypeError(f"keys must be str, int, float, bool or None, not {k.__class__.__name__}")


def dumps_indented(obj: object, indent: int = 1) -> str:
    """``json.dumps(obj, indent=indent, ensure_ascii=False)``, the same text.

    >>> dumps_indented({"a": [1, "b", None], "c": {}})
    '{\\n "a": [\\n  1,\\n  "b",\\n  null\\n ],\\n "c": {}\\n}'
    """
    out: list[str] = []
    _encode(obj, out, "\n", " " * indent)
    return "".join(out)


def _encode(o: object, out: list[str], nl: str, step: str) -> None:
    if isinstance(o, str):
        out.append(_string(o))
    elif o is None:
        out.append("null")
    elif o is True:
        out.append("true")
    elif o is False:
        out.append("false")
    elif isinstance(o, int):
        out.append(int.__repr__(o))
    elif isinstance(o, float):
        out.append(_float(o))
    elif isinstance(o, (list, tuple)):
        if not o:
            out.append("[]")
            return
        inner = nl + step
        if type(o[0]) is str:  # a route, a list of hexes: escaped and joined at once
            try:
                out.append("[" + inner + ("," + inner).join(map(_string, o)) + nl + "]")
                return
            except TypeError:  # not only strings (the escape takes nothing else)
                pass
        sep = "[" + inner
        for x in o:
            out.append(sep)
            sep = "," + inner
            _encode(x, out, inner, step)
        out.append(nl + "]")
    elif isinstance(o, dict):
        if not o:
            out.append("{}")
            return
        inner = nl + step
        sep = "{" + inner
        for k, v in o.items():
            head = sep + _string(k if type(k) is str else _key(k)) + ": "
            sep = "," + inner
            t = type(v)  # the plain values of an army's entry written here, without a call
            if t is str:
                out.append(head + _string(v))
            elif t is int:
                out.append(head + int.__repr__(v))
            elif t is bool or v is None:
                out.append(head + _PLAIN[v])
            else:
                out.append(head)
                _encode(v, out, inner, step)
        out.append(nl + "}")
    else:
        raise TypeError(f"Object of type {o.__class__.__name__} is not JSON serializable")


__all__ = ["dumps_indented"]
