"""What the referee's window draws that is its own, not the position's: the green of where a
dragged piece may go, and the legend's hexagon swatch.  The pieces, marks, rings and lines of the
game are the scene's (:mod:`mapref.render.pieces`, drawn by :mod:`mapref.ui.marks_tk`).
"""

from __future__ import annotations

import math

REACH = "#19d34a"


def hexagon(cx: float, cy: float, r: float) -> list[float]:
    return [
        v
        for i in range(6)
        for v in (cx + r * math.cos(math.radians(30 + 60 * i)), cy + r * math.sin(math.radians(30 + 60 * i)))
    ]


__all__ = ["REACH", "hexagon"]
