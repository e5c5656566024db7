"""A grid's pixel geometry (:class:`Layout`): where each hex, corner and hexside of a
:class:`~mapref.core.grid.Grid` is drawn, and the hex at a point.  Apart from the grid itself: what
draws a map needs it, a command that draws nothing starts without it (issue 34)."""

from __future__ import annotations

import math
from dataclasses import dataclass

from mapref.core.grid import FLAT_ANGLES, POINTY_ANGLES, SQRT3, Grid, Hex, Hexside, Orientation


@dataclass(frozen=True)
class Layout:
    """Pixel geometry of a grid: ``size`` is the centre-to-corner radius in pixels.

    The hex in the north-west corner of the grid has its whole polygon at non-negative x and y;
    ``origin`` moves everything.
    """

    grid: Grid
    size: float
    origin: tuple[float, float] = (0.0, 0.0)

    def _screen_doubled(self, h: Hex) -> tuple[float, float]:
        """(along, across) in doubled units with the screen's orientation (y down)."""
        g = self.grid
        d, j = g._to_doubled(h)
        if g.orientation is Orientation.POINTY:
            # x from d; y from the row, flipped when row 1 is the southern edge
            y = (g.rows - j) if g.first_row == "south" else (j - 1)
            return d, y
        y = (2 * (g.rows + 1) - d) if g.first_row == "south" else d
        return y, j - 1

    def _min_doubled(self) -> int:
        # smallest doubled coordinate along the shifted lines of this grid
        return 1 if self.grid._line_shift(1) == -1 or self.grid._line_shift(2) == -1 else 2

    def centre(self, h: Hex) -> tuple[float, float]:
        g = self.grid
        a, b = self._screen_doubled(h)
        ox, oy = self.origin
        if g.orientation is Orientation.POINTY:
            d0 = self._min_doubled()
            x = SQRT3 / 2 * self.size * (a - d0) + SQRT3 / 2 * self.size
            y = 1.5 * self.size * b + self.size
            return ox + x, oy + y
        # flat: a is the doubled position down the screen, b the screen column
        dmin = min(self._screen_doubled(Hex(row=r, col=c))[0] for r in (1, g.rows) for c in (1, min(2, g.cols)))
        x = 1.5 * self.size * b + self.size
        y = SQRT3 / 2 * self.size * (a - dmin) + SQRT3 / 2 * self.size
        return ox + x, oy + y

    def corners(self, h: Hex) -> list[tuple[float, float]]:
        cx, cy = self.centre(h)
        start = 30 if self.grid.orientation is Orientation.POINTY else 0
        out = []
        for i in range(6):
            a = math.radians(start + 60 * i)
            out.append((cx + self.size * math.cos(a), cy + self.size * math.sin(a)))
        return out

    def side_segment(self, h: Hex, direction: str) -> tuple[tuple[float, float], tuple[float, float]]:
        """The two end points of side ``direction`` of ``h``."""
        g = self.grid
        angles = POINTY_ANGLES if g.orientation is Orientation.POINTY else FLAT_ANGLES
        ang = angles[g.directions().index(direction)]
        cx, cy = self.centre(h)
        pts = []
        for da in (-30, 30):
            a = math.radians(ang + da)
            pts.append((cx + self.size * math.cos(a), cy + self.size * math.sin(a)))
        return pts[0], pts[1]

    def hexside_segment(self, s: Hexside) -> tuple[tuple[float, float], tuple[float, float]]:
        inner, outer = (s.a, s.b) if self.grid.contains(s.a) else (s.b, s.a)
        return self.side_segment(inner, self.grid.direction_of(inner, outer))

    def pixel_to_hex(self, x: float, y: float) -> Hex:
        """The hex whose polygon holds (x, y); it may lie off the grid."""
        g = self.grid
        ox, oy = self.origin
        x -= ox
        y -= oy
        if g.orientation is Orientation.POINTY:
            d0 = self._min_doubled()
            a = (x - SQRT3 / 2 * self.size) / (SQRT3 / 2 * self.size) + d0  # doubled along
            b = (y - self.size) / (1.5 * self.size)  # screen row
        else:
            dmin = min(self._screen_doubled(Hex(row=r, col=c))[0] for r in (1, g.rows) for c in (1, min(2, g.cols)))
            b = (x - self.size) / (1.5 * self.size)  # screen column
            a = (y - SQRT3 / 2 * self.size) / (SQRT3 / 2 * self.size) + dmin
        # doubled (a along, b across) -> axial with a parity constant k, then cube rounding
        ref_a, ref_b = self._screen_doubled(Hex(1, 1))
        k = (ref_a - ref_b) % 2
        q = (a - b - k) / 2
        r = b
        cq, cr = _axial_round(q, r)
        sa, sb = 2 * cq + cr + k, cr
        return self._from_screen_doubled(int(sa), int(sb))

    def _from_screen_doubled(self, a: int, b: int) -> Hex:
        g = self.grid
        if g.orientation is Orientation.POINTY:
            j = (g.rows - b) if g.first_row == "south" else (b + 1)
            return g._from_doubled(a, j)
        d = (2 * (g.rows + 1) - a) if g.first_row == "south" else a
        return g._from_doubled(d, b + 1)

    def bounds(self) -> tuple[float, float, float, float]:
        """(min x, min y, max x, max y) of every hex polygon."""
        xs: list[float] = []
        ys: list[float] = []
        g = self.grid
        edge = [Hex(r, c) for r in range(1, g.rows + 1) for c in (1, 2, g.cols - 1, g.cols) if 1 <= c <= g.cols]
        edge += [Hex(r, c) for r in (1, 2, g.rows - 1, g.rows) if 1 <= r <= g.rows for c in range(1, g.cols + 1)]
        for h in edge:
            for px, py in self.corners(h):
                xs.append(px)
                ys.append(py)
        return min(xs), min(ys), max(xs), max(ys)


def _axial_round(q: float, r: float) -> tuple[int, int]:
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return int(rq), int(rr)
