"""Tell maps apart by their ``kind`` key and load any of them.

Map kinds register their loader here (``hex`` maps: :mod:`mapref.io.mapfile`; area maps
register theirs).  Scenarios and saved games belong to the game engine
(:func:`mapref.rules.files.open_file`), which names their kinds in the error for an unknown one.
"""

from __future__ import annotations

import os
from pathlib import Path
from collections.abc import Callable

from mapref.io.problems import FileProblems, Locator, Problem, parse_toml, show_value

# kind -> loader(data, source, shown) -> object; other modules register theirs
LOADERS: dict[str, Callable[[dict, str, str], object]] = {}


def register(kind: str, loader: Callable[[dict, str, str], object]) -> None:
    LOADERS[kind] = loader


def _ensure_registered() -> None:
    from mapref.io import mapfile

    LOADERS.setdefault("hex", mapfile.map_from_dict)
    # area maps need shapely (and numpy): imported when an area map is read, not for a hex map
    LOADERS.setdefault("area", _load_area)


def _load_area(data: dict, source: str, shown: str) -> object:
    import mapref.io.areafile  # noqa: F401  (registers its loader in place of this one)

    loader = LOADERS["area"]
    if loader is _load_area:  # pragma: no cover - areafile always registers
        raise RuntimeError("mapref.io.areafile did not register the area loader")
    return loader(data, source, shown)


def load_parsed(data: dict, source: str, shown: str, extra_kinds: tuple[str, ...] = ()) -> tuple[str, object]:
    """(kind, loaded object) for parsed TOML; raise :class:`FileProblems`."""
    _ensure_registered()
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
