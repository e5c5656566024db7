"""Tell a map, a scenario and a saved game apart by their ``kind`` key, and load any of them."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Callable

from mapref.io.problems import FileProblems, Locator, Problem, parse_toml, show_value

# kind -> loader(data, source, shown) -> object; other modules register theirs
LOADERS: dict[str, Callable[[dict, str, str], object]] = {}


def register(kind: str, loader: Callable[[dict, str, str], object]) -> None:
    LOADERS[kind] = loader


def _ensure_registered() -> None:
    from mapref.io import mapfile

    LOADERS.setdefault("hex", mapfile.map_from_dict)
    try:  # scenarios and games, when their modules exist
        import mapref.io.gamefile  # noqa: F401
    except ModuleNotFoundError as e:
        if e.name != "mapref.io.gamefile":
            raise


def load_any(path: str | os.PathLike[str], shown: str | None = None) -> tuple[str, object]:
    """Return (kind, loaded object) or raise :class:`FileProblems`."""
    _ensure_registered()
    shown = shown or str(path)
    data, source = parse_toml(Path(path), shown)
    kind = data.get("kind", "hex" if "grid" in data else None)
    if not isinstance(kind, str) or kind not in LOADERS:
        known = ", ".join(f'"{k}"' for k in sorted(LOADERS))
        line, col = Locator(source).find("kind")
        got = show_value(kind) if kind is not None else "nothing"
        raise FileProblems([Problem(shown, line, col, "kind", f"expected one of {known}, got {got}")])
    return kind, LOADERS[kind](data, source, shown)
