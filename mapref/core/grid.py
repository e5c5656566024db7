"""Hex grid geometry and labels.

How hexes are stored
--------------------
Outside (files, labels, the user) a hex is an *offset* coordinate: ``Hex(col, row)``, both
1-based, exactly as its label reads.  With the ``letter-number`` scheme ``P10`` is row P
(the 16th letter, so ``row=16``) and column 10; with the ``ccrr`` scheme ``0510`` is column 5,
row 10.  Rows may be counted from the south (Hitler's War: row A is the southern edge) or from
the north (the usual ``ccrr`` maps); pixel *y* always points down the screen.

Inside, arithmetic uses *doubled* coordinates (Red Blob Games, "doubled coordinates"):
for pointy-top hexes (rows horizontal) a hex is ``(d, j)`` where ``j`` is its row and
``d = 2*col + shift`` is its position along the row in half-hex units; ``shift`` is +1 or -1 for
the rows that are pushed half a hex east or west, 0 for the others.  Flat-top hexes
(columns vertical) swap the roles of rows and columns.  Neighbours in doubled coordinates are
``(d+-2, j)`` and ``(d+-1, j+-1)`` whatever the layout, which is what makes every shift and
orientation one piece of code.

A hexside has one identity, :class:`Hexside`, the sorted pair of the two hexes it separates
(one of them may lie just off the grid), so a feature on the side between P10 and Q10 is the
same object seen from either hex.  Where each hex is drawn, in pixels, is
:class:`mapref.core.layout.Layout`.

>>> g = Grid(rows=21, cols=21)          # Hitler's War: pointy, rows B, D, F... shifted east
>>> g.label(g.parse("P10"))
'P10'
>>> sorted(g.label(n) for n in g.neighbours(g.parse("J11")))
['I11', 'I12', 'J10', 'J12', 'K11', 'K12']
>>> g.distance(g.parse("P10"), g.parse("Q17"))
7
"""

from __future__ import annotations

import functools
import itertools
import math
import re
from dataclasses import dataclass
from enum import Enum
from collections import namedtuple
from collections.abc import Iterator

SQRT3 = math.sqrt(3.0)

MAX_GRID_SIDE = 500
"""Rows and columns a grid may have, each (the editor's New map form allows 1-500)."""
MAX_GRID_HEXES = 100_000
"""Hexes a grid may have in all: 2.5 times the 200x200 map the editor is tuned for
(bench/editor_responsiveness.py); Hitler's War has 441."""
HEX_SIZE_RANGE = (4.0, 400.0)
"""A map's ``hex_size`` (radius in pixels at zoom 1), least and most."""
MAX_LABEL = 16
"""The longest text read as a hex label (a 500x500 grid needs 5 characters)."""


def grid_size_problem(rows: int, cols: int) -> str | None:
    """Why a grid of ``rows`` x ``cols`` is refused, or None: one rule for files and forms."""
    if not (1 <= rows <= MAX_GRID_SIDE and 1 <= cols <= MAX_GRID_SIDE):
        return f"rows and columns must each be 1-{MAX_GRID_SIDE}, got {rows} x {cols}"
    if rows * cols > MAX_GRID_HEXES:
        return f"a grid may have at most {MAX_GRID_HEXES:,} hexes, got {rows} x {cols} = {rows * cols:,}"
    return None


class Orientation(str, Enum):
    POINTY = "pointy"  # pointy-topped hexes, rows horizontal, every other row shifted
    FLAT = "flat"  # flat-topped hexes, columns vertical, every other column shifted


class LabelScheme(str, Enum):
    LETTER_NUMBER = "letter-number"  # "P10": row letters (A, B, ... Z, AA, AB ...) + column
    CCRR = "ccrr"  # "0510": two (or more) digits of column, then of row


class LabelError(ValueError):
    """A hex label that cannot be read or lies off the grid."""


TYPE_CHECKING = False  # typing is not imported at run time: the command line starts quicker (issue 34)
if TYPE_CHECKING:
    from typing import NamedTuple

    class Hex(NamedTuple):
        row: int
        col: int

    class Hexside(NamedTuple):
        a: Hex
        b: Hex

else:  # the classes typing.NamedTuple makes (collections.namedtuple's), for the type checkers above
    Hex = namedtuple("Hex", ("row", "col"))
    Hexside = namedtuple("Hexside", ("a", "b"))
Hex.__doc__ = "An offset coordinate, 1-based, as the label reads. Ordered by row, then column."
Hexside.__doc__ = "The side between two adjacent hexes; ``a < b``. Build it with :meth:`Grid.hexside`."


# Direction names, in the order of Grid.directions(); screen angles in degrees (y down).
POINTY_DIRECTIONS = ("E", "NE", "NW", "W", "SW", "SE")
POINTY_ANGLES = (0, -60, -120, 180, 120, 60)
FLAT_DIRECTIONS = ("NE", "N", "NW", "SW", "S", "SE")
FLAT_ANGLES = (-30, -90, -150, 150, 90, 30)

_LETTER_LABEL = re.compile(r"([A-Za-z]+)([0-9]+)")


def row_letters(index: int) -> str:
    """1 -> 'A', 26 -> 'Z', 27 -> 'AA', 28 -> 'AB' (bijective base 26)."""
    if index < 1:
        raise LabelError(f"row index {index} has no letters (rows start at 1 = A)")
    out = ""
    while index:
        index, rem = divmod(index - 1, 26)
        out = chr(ord("A") + rem) + out
    return out


def letters_row(letters: str) -> int:
    """'A' -> 1, 'Z' -> 26, 'AA' -> 27."""
    n = 0
    for ch in letters.upper():
        n = n * 26 + (ord(ch) - ord("A") + 1)
    return n


@functools.lru_cache(maxsize=8)
def _hex_list(rows: int, cols: int) -> list[Hex]:
    # each (row, col) made a Hex by tuple.__new__ directly: what Hex._make does, without a call of
    # Python code per hex (90,000 on a 300x300 map)
    return list(map(tuple.__new__, itertools.repeat(Hex), itertools.product(range(1, rows + 1), range(1, cols + 1))))


@dataclass(frozen=True)
class Grid:
    """A rectangular hex grid: its shape, which lines are shifted, and how hexes are named.

    ``shifted`` says which rows (pointy) or columns (flat) are pushed half a hex: ``"even"``
    (B, D, F... / 2, 4, 6...) or ``"odd"``.  ``shift`` says which way: ``"east"``/``"west"`` for
    pointy grids, ``"north"``/``"south"`` for flat ones.  ``first_row`` is the edge where row 1
    (A) lies.
    """

    rows: int
    cols: int
    orientation: Orientation = Orientation.POINTY
    shifted: str = "even"
    shift: str = "east"
    labels: LabelScheme = LabelScheme.LETTER_NUMBER
    first_row: str = "south"

    def __post_init__(self) -> None:
        object.__setattr__(self, "orientation", Orientation(self.orientation))
        object.__setattr__(self, "labels", LabelScheme(self.labels))
        if self.rows < 1 or self.cols < 1:
            raise ValueError(f"a grid needs at least one row and column, got {self.rows}x{self.cols}")
        size = grid_size_problem(self.rows, self.cols)
        if size:
            raise ValueError(size)
        if self.shifted not in ("even", "odd"):
            raise ValueError(f"shifted must be 'even' or 'odd', got {self.shifted!r}")
        allowed = ("east", "west") if self.orientation is Orientation.POINTY else ("north", "south")
        if self.shift not in allowed:
            raise ValueError(f"shift for a {self.orientation.value} grid must be one of {allowed}, got {self.shift!r}")
        if self.first_row not in ("south", "north"):
            raise ValueError(f"first_row must be 'south' or 'north', got {self.first_row!r}")

    # ----------------------------------------------------------------- doubled coordinates
    def _line_shift(self, line: int) -> int:
        """Half-hex offset (+1, -1 or 0) of row (pointy) or column (flat) number ``line``."""
        if (line % 2 == 0) != (self.shifted == "even"):
            return 0
        if self.orientation is Orientation.POINTY:
            return 1 if self.shift == "east" else -1
        # flat: +1 means towards higher row numbers
        towards_north = self.shift == "north"
        rows_grow_north = self.first_row == "south"
        return 1 if towards_north == rows_grow_north else -1

    def _to_doubled(self, h: Hex) -> tuple[int, int]:
        if self.orientation is Orientation.POINTY:
            return 2 * h.col + self._line_shift(h.row), h.row
        return 2 * h.row + self._line_shift(h.col), h.col

    def _from_doubled(self, d: int, j: int) -> Hex:
        along = (d - self._line_shift(j)) // 2
        if self.orientation is Orientation.POINTY:
            return Hex(row=j, col=along)
        return Hex(row=along, col=j)

    # -------------------------------------------------------------------------- topology
    def contains(self, h: Hex) -> bool:
        return 1 <= h.row <= self.rows and 1 <= h.col <= self.cols

    def hexes(self) -> Iterator[Hex]:
        """Every hex, row by row from row 1, west to east."""
        for r in range(1, self.rows + 1):
            for c in range(1, self.cols + 1):
                yield Hex(r, c)

    def directions(self) -> tuple[str, ...]:
        return POINTY_DIRECTIONS if self.orientation is Orientation.POINTY else FLAT_DIRECTIONS

    def _geo_sign(self) -> int:
        """+1 if row numbers grow down the screen, -1 if they grow up (pointy); same for flat rows."""
        return -1 if self.first_row == "south" else 1

    def neighbour(self, h: Hex, direction: str) -> Hex:
        """The hex across side ``direction`` (it may lie off the grid)."""
        d, j = self._to_doubled(h)
        s = self._geo_sign()
        if self.orientation is Orientation.POINTY:
            # (delta d, delta screen-row); screen rows grow downwards
            steps = {"E": (2, 0), "NE": (1, -1), "NW": (-1, -1), "W": (-2, 0), "SW": (-1, 1), "SE": (1, 1)}
            dd, dg = steps[direction]
            return self._from_doubled(d + dd, j + dg * s)
        # flat: d runs along the rows (screen y, sign s), j is the column (screen x)
        steps = {"N": (-2, 0), "NE": (-1, 1), "SE": (1, 1), "S": (2, 0), "SW": (1, -1), "NW": (-1, -1)}
        dg, dj = steps[direction]
        return self._from_doubled(d + dg * s, j + dj)

    def neighbours(self, h: Hex) -> list[Hex]:
        """The on-grid neighbours of ``h`` (in the order of :meth:`directions`)."""
        r, c = h.row, h.col
        rows, cols = self.rows, self.cols
        return [
            Hex(r + dr, c + dc)
            for dr, dc in self.neighbour_steps()[(r % 2, c % 2)]
            if 1 <= r + dr <= rows and 1 <= c + dc <= cols
        ]

    def neighbour_steps(self) -> dict[tuple[int, int], tuple[tuple[int, int], ...]]:
        """(row step, column step) to the neighbour in each of :meth:`directions`, keyed by the
        hex's (row parity, column parity): what lets a whole grid be walked with integer
        arithmetic (the graph's builder) instead of one :meth:`neighbour` call per side."""
        cached = self.__dict__.get("_steps")
        if cached is None:
            cached = {}
            for pr in (0, 1):
                for pc in (0, 1):
                    h = Hex(10 + pr, 10 + pc)
                    cached[(pr, pc)] = tuple(
                        (n.row - h.row, n.col - h.col) for n in (self.neighbour(h, d) for d in self.directions())
                    )
            object.__setattr__(self, "_steps", cached)
        return cached

    def hex_list(self) -> list[Hex]:
        """Every hex in the order of :meth:`hexes` (one list per grid size, shared: never change it)."""
        return _hex_list(self.rows, self.cols)

    def labels_row_major(self) -> list[str]:
        """The label of every hex in the order of :meth:`hexes` (row by row), made once per grid
        (shared: never change it; a report on a 300x300 map asked for it eight times)."""
        cached = self.__dict__.get("_labels_row_major")
        if cached is None:
            if self.labels is LabelScheme.LETTER_NUMBER:
                cols = [str(c) for c in range(1, self.cols + 1)]
                cached = [r + c for r in (row_letters(i) for i in range(1, self.rows + 1)) for c in cols]
            else:
                w = self._ccrr_width()
                cols = [f"{c:0{w}d}" for c in range(1, self.cols + 1)]
                cached = [c + r for r in (f"{i:0{w}d}" for i in range(1, self.rows + 1)) for c in cols]
            object.__setattr__(self, "_labels_row_major", cached)
        return cached

    def adjacent(self, a: Hex, b: Hex) -> bool:
        return self.distance(a, b) == 1

    def distance(self, a: Hex, b: Hex) -> int:
        da, ja = self._to_doubled(a)
        db, jb = self._to_doubled(b)
        dj = abs(ja - jb)
        dd = abs(da - db)
        return dj + max(0, (dd - dj) // 2)

    def hexside(self, a: Hex, b: Hex) -> Hexside:
        """The side shared by two adjacent hexes (one may be just off the grid)."""
        if self.distance(a, b) != 1:
            raise ValueError(f"{self.label(a)} and {self.label(b)} are not adjacent")
        return Hexside(min(a, b), max(a, b))

    def hexsides(self, h: Hex) -> list[Hexside]:
        """The six sides of ``h``, in the order of :meth:`directions`."""
        return [self.hexside(h, self.neighbour(h, dr)) for dr in self.directions()]

    def all_hexsides(self) -> Iterator[Hexside]:
        """Every side of every hex once, edge sides included (in the order of :meth:`hexes`,
        then of :meth:`directions`; walked with :meth:`neighbour_steps`: the largest grid's
        300,000 sides in a fraction of a second)."""
        steps = self.neighbour_steps()
        seen: set[Hexside] = set()
        for h in self.hexes():
            r, c = h.row, h.col
            for dr, dc in steps[(r % 2, c % 2)]:
                n = Hex(r + dr, c + dc)
                s = Hexside(h, n) if h < n else Hexside(n, h)
                if s not in seen:
                    seen.add(s)
                    yield s

    def direction_of(self, a: Hex, b: Hex) -> str:
        for dr in self.directions():
            if self.neighbour(a, dr) == b:
                return dr
        raise ValueError(f"{self.label(a)} and {self.label(b)} are not adjacent")

    # ---------------------------------------------------------------------------- labels
    def _ccrr_width(self) -> int:
        return max(2, len(str(max(self.rows, self.cols))))

    def label(self, h: Hex) -> str:
        if self.labels is LabelScheme.LETTER_NUMBER:
            return f"{row_letters(h.row)}{h.col}"
        w = self._ccrr_width()
        if h.col < 0 or h.row < 0:
            raise LabelError(f"hex at column {h.col}, row {h.row} has no {self.labels.value} label")
        return f"{h.col:0{w}d}{h.row:0{w}d}"

    def parse(self, text: str, *, on_grid: bool = True, strict: bool = False) -> Hex:
        """Read a label; with ``on_grid`` (the default) it must name a hex of this grid.

        A user may type ``p10`` or `` P010 ``; with ``strict`` (files) the label must be written
        exactly as :meth:`label` writes it, so one hex has one spelling.  Only ASCII letters and
        digits are read."""
        if not isinstance(text, str):
            raise LabelError(f"expected a hex label such as {self.example_label()!r}, got {text!r}")
        s = text.strip()
        shown = text if len(text) <= MAX_LABEL else text[:MAX_LABEL] + "..."
        if self.labels is LabelScheme.LETTER_NUMBER:
            m = _LETTER_LABEL.fullmatch(s) if len(s) <= MAX_LABEL else None
            if not m:
                raise LabelError(
                    f"{shown!r} is not a hex label: expected row letters then a column number, such as {self.example_label()!r}"
                )
            h = Hex(row=letters_row(m.group(1)), col=int(m.group(2)))
        else:
            w = self._ccrr_width()
            if not (s.isascii() and s.isdigit() and len(s) == 2 * w):
                raise LabelError(
                    f"{shown!r} is not a hex label: expected {2 * w} digits (column then row), such as {self.example_label()!r}"
                )
            h = Hex(row=int(s[w:]), col=int(s[:w]))
        if on_grid and not self.contains(h):
            raise LabelError(f"{shown!r} is off the map: rows run {self.label_range()}")
        if strict and h.row >= 1 and h.col >= 1 and self.label(h) != text:
            raise LabelError(f"expected the hex label {self.label(h)!r}, got {shown!r}")
        return h

    def example_label(self) -> str:
        return self.label(Hex(row=min(self.rows, 16), col=min(self.cols, 10)))

    def label_range(self) -> str:
        if self.labels is LabelScheme.LETTER_NUMBER:
            return f"{row_letters(1)}..{row_letters(self.rows)}, columns 1..{self.cols}"
        return f"1..{self.rows}, columns 1..{self.cols}"

    def side_label(self, s: Hexside) -> str:
        """``P10-Q10`` for a side between two hexes of the grid; ``A5:SW`` for an edge side."""
        if self.contains(s.a) and self.contains(s.b):
            return f"{self.label(s.a)}-{self.label(s.b)}"
        inner, outer = (s.a, s.b) if self.contains(s.a) else (s.b, s.a)
        return f"{self.label(inner)}:{self.direction_of(inner, outer)}"

    def parse_side(self, text: str, *, strict: bool = False) -> Hexside:
        """Read ``P10-Q10`` or ``A5:SW``; with ``strict`` (files) exactly as :meth:`side_label`
        writes it."""
        if not isinstance(text, str):
            raise LabelError(f"expected a hexside such as 'P10-Q10', got {text!r}")
        shown = text if len(text) <= 2 * MAX_LABEL else text[: 2 * MAX_LABEL] + "..."
        if ":" in text:
            hex_part, _, dr = text.partition(":")
            h = self.parse(hex_part, strict=strict)
            if dr not in self.directions():
                raise LabelError(f"{shown!r}: direction must be one of {', '.join(self.directions())}")
            side = self.hexside(h, self.neighbour(h, dr))
        else:
            parts = text.split("-")
            if len(parts) != 2:
                raise LabelError(f"{shown!r} is not a hexside: expected two adjacent hexes such as 'P10-Q10'")
            a, b = (self.parse(p, strict=strict) for p in parts)
            if self.distance(a, b) != 1:
                raise LabelError(f"{shown!r} is not a hexside: {parts[0]} and {parts[1]} are not adjacent")
            side = self.hexside(a, b)
        if strict and self.side_label(side) != text:
            raise LabelError(f"expected the hexside label {self.side_label(side)!r}, got {shown!r}")
        return side
