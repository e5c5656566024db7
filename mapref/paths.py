"""Where the shipped maps, scenarios and icons are, from a clone or an installed copy."""

from __future__ import annotations

import site
import sys
from pathlib import Path

_SOURCE_ROOT = Path(__file__).resolve().parent.parent


def data_dir(name: str) -> Path:
    """``maps``, ``scenarios`` or ``icons``: beside the package in a clone or editable install,
    under ``<prefix>/share/mapref`` in a regular install."""
    candidates = [_SOURCE_ROOT / name, Path(sys.prefix) / "share" / "mapref" / name]
    user_base = getattr(site, "USER_BASE", None)
    if user_base:
        candidates.append(Path(user_base) / "share" / "mapref" / name)
    for c in candidates:
        if c.is_dir():
            return c
    return candidates[0]


def shipped_map(stem: str) -> Path:
    return data_dir("maps") / f"{stem}.toml"


def shipped_scenario(stem: str) -> Path:
    return data_dir("scenarios") / f"{stem}.toml"


def state_dir(create: bool = True) -> Path:
    """The per-user folder for mapref's own files (crash journals, the error log):
    ``$XDG_STATE_HOME/mapref`` or ``~/.local/state/mapref``, created private (0700) unless
    ``create`` is False."""
    import os

    base = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    p = Path(base) / "mapref"
    if create:
        p.mkdir(parents=True, exist_ok=True, mode=0o700)
    return p


def icon(name: str) -> Path:
    return data_dir("icons") / f"{name}.png"
