"""Tell maps apart by their ``kind`` key and load any of them.

Each map kind's loader is named here (``hex`` maps: :mod:`mapref.io.mapfile`; ``area`` maps:
:mod:`mapref.io.areafile`), each module imported when a map of its kind is read.  Scenarios and
saved games belong to the game engine (:func:`mapref.rules.files.open_file`), which names their
kinds in the error for an unknown one.
"""

from __future__ import annotations

import os
from pathlib import Path
from collections.abc import Callable

from mapref.io.problems import FileProblems, Locator, Problem, parse_toml, show_value


def _load_hex(data: dict, source: str, shown: str) -> object:
    from mapref.io import derived
    from mapref.io.mapfile import map_from_dict

    derived.install()  # the command line keeps the graphs of the maps it reads (issue 34)
    return map_from_dict(data, source, shown)


def _load_area(data: dict, source: str, shown: str) -> object:
    # area maps need shapely (and numpy): imported when an area map is read, not for a hex map
    from mapref.io.areafile import area_file

    return area_file(data, source, shown)


# kind -> loader(data, source, shown) -> the loaded object
LOADERS: dict[str, Callable[[dict, str, str], object]] = {"hex": _load_hex, "area": _load_area}


def load_parsed(data: dict, source: str, shown: str, extra_kinds: tuple[str, ...] = ()) -> tuple[str, object]:
    """(kind, loaded object) for parsed TOML; raise :class:`FileProblems`."""
    kind = data.get("kind", "hex" if "grid" in data else None)
    if not isinstance(kind, str) or kind not in LOADERS:
        known = ", ".join(f'"{k}"' for k in sorted(set(LOADERS) | set(extra_kinds)))
        line, col = Locator(source).find("kind")
        got = show_value(kind) if kind is not None else "nothing"
        raise FileProblems([Problem(shown, line, col, "kind", f"expected one of {known}, got {got}")])
    return kind, LOADERS[kind](data, source, shown)


def load_any(
    path: str | os.PathLike[str], shown: str | None = None, extra_kinds: tuple[str, ...] = ()
) -> tuple[str, object]:
    """Return (kind, loaded object) or raise :class:`FileProblems`."""
    shown = shown or str(path)
    data, source = parse_toml(Path(path), shown)
    return load_parsed(data, source, shown, extra_kinds)
