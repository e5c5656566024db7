"""Colours shared by the PNG renderer and the Tk canvas (no PIL or Tk import here)."""

from __future__ import annotations

from mapref.core.model import HexData, MapModel
from mapref.rules.ruleset import ink_on

SEA_DEFAULT = "#a9c7e6"
LAND_UNOWNED = "#e8e2cf"
GRID_LINE = "#6d6d6d"


def hex_fill(m: MapModel, d: HexData) -> str:
    if d.terrain == "sea":
        sea = m.seas.get(d.sea) if d.sea else None
        return sea.colour if sea else SEA_DEFAULT
    c = m.countries.get(d.country) if d.country else None
    return c.colour if c else LAND_UNOWNED


def _rgb(c: str) -> tuple[int, int, int]:
    return int(c[1:3], 16), int(c[3:5], 16), int(c[5:7], 16)


def text_colour_on(fill: str) -> str:
    return ink_on(fill)


def blend(a: str, b: str, t: float) -> str:
    """Mix colour ``a`` with ``b``: t=0 gives a, t=1 gives b."""
    ra, ga, ba = _rgb(a)
    rb, gb, bb = _rgb(b)
    return f"#{round(ra + (rb - ra) * t):02x}{round(ga + (gb - ga) * t):02x}{round(ba + (bb - ba) * t):02x}"
