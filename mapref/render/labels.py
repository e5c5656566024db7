"""Which names show and where: one placement of labels for every drawing of a position (the
referee's boards, :mod:`mapref.ui.referee`; the web page and the printed position, through
:mod:`mapref.render.scene`).  No tkinter and no PIL here: a drawing measures its own text (Tk's
fonts, pillow's, or :func:`text_width`'s estimate for a browser) and hands the boxes in.

Labels are placed lowest rank first (the capitals and the biggest places first); each tries
where the map puts it, then the places its ``moves`` offer, and takes the first where it
touches neither a label placed before it nor an obstacle (a counter, a flag, a mark); a label
with no free place is hidden until the zoom makes room.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

Box = tuple[float, float, float, float]  # x0, y0, x1, y1
Offset = tuple[float, float]
Measure = Callable[[str, float, bool], float]  # (text, size in pixels, bold) -> width in pixels

CELL = 64.0  # the side of the grid cells boxes are filed in


# DejaVu Sans's advance of each printable ASCII character (space to ~), in hundredths of its
# size, rounded up (measured with the font's files); any other character counts as the widest.
_WIDTHS = {
    False: (
        32,
        41,
        46,
        84,
        64,
        96,
        78,
        28,
        40,
        40,
        50,
        84,
        32,
        37,
        32,
        34,
        64,
        64,
        64,
        64,
        64,
        64,
        64,
        64,
        64,
        64,
        34,
        34,
        84,
        84,
        84,
        54,
        100,
        69,
        69,
        70,
        78,
        64,
        58,
        78,
        76,
        30,
        30,
        66,
        56,
        87,
        75,
        79,
        61,
        79,
        70,
        64,
        62,
        74,
        69,
        99,
        69,
        62,
        69,
        40,
        34,
        40,
        84,
        50,
        50,
        62,
        64,
        55,
        64,
        62,
        36,
        64,
        64,
        28,
        28,
        58,
        28,
        98,
        64,
        62,
        64,
        64,
        42,
        53,
        40,
        64,
        60,
        82,
        60,
        60,
        53,
        64,
        34,
        64,
        84,
    ),
    True: (
        35,
        46,
        53,
        84,
        70,
        101,
        88,
        31,
        46,
        46,
        53,
        84,
        38,
        42,
        38,
        37,
        70,
        70,
        70,
        70,
        70,
        70,
        70,
        70,
        70,
        70,
        40,
        40,
        84,
        84,
        84,
        59,
        100,
        78,
        77,
        74,
        84,
        69,
        69,
        83,
        84,
        38,
        38,
        78,
        64,
        100,
        84,
        86,
        74,
        86,
        78,
        73,
        69,
        82,
        78,
        111,
        78,
        73,
        73,
        46,
        37,
        46,
        84,
        50,
        50,
        68,
        72,
        60,
        72,
        68,
        44,
        72,
        72,
        35,
        35,
        67,
        35,
        105,
        72,
        69,
        72,
        72,
        50,
        60,
        48,
        72,
        66,
        93,
        65,
        66,
        59,
        72,
        37,
        72,
        84,
    ),
}


def text_width(text: str, size: float, bold: bool = False) -> float:
    """The width of ``text`` in DejaVu Sans ``size`` high, from the font's advances: what a
    drawing that cannot measure its font (a browser's page written ahead) goes by."""
    table = _WIDTHS[bool(bold)]
    return size * sum(table[o - 32] if 32 <= o < 127 else 100 for o in map(ord, text)) / 100


def touch(a: Box, b: Box) -> bool:
    """Whether two boxes overlap (touching edges do not)."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _cells(bb: Box) -> list[tuple[int, int]]:
    return [
        (gx, gy)
        for gx in range(int(bb[0] // CELL), int(bb[2] // CELL) + 1)
        for gy in range(int(bb[1] // CELL), int(bb[3] // CELL) + 1)
    ]


class _Grid:
    """Boxes filed by the grid cells they cover, to ask what a box touches."""

    def __init__(self, boxes: Iterable[Box] = ()) -> None:
        self.cells: dict[tuple[int, int], list[Box]] = {}
        for b in boxes:
            self.add(b)

    def add(self, bb: Box) -> None:
        for c in _cells(bb):
            self.cells.setdefault(c, []).append(bb)

    def touching(self, bb: Box) -> list[Box]:
        seen: list[Box] = []
        for c in _cells(bb):
            for k in self.cells.get(c, ()):
                if touch(bb, k) and k not in seen:
                    seen.append(k)
        return seen

    def free(self, bb: Box) -> bool:
        return not any(touch(bb, k) for c in _cells(bb) for k in self.cells.get(c, ()))


def dodge(bb: Box, in_way: Sequence[Box]) -> list[Offset]:
    """A hex map's name moves just below, or just above, each counter in its way."""
    out: list[Offset] = []
    for u in in_way:
        out += [(0.0, u[3] + 1 - bb[1]), (0.0, u[1] - 1 - bb[3])]
    return out


def around(bb: Box, in_way: Sequence[Box], gap: float = 4.0) -> list[Offset]:
    """An area map's name moves up or down by a line, or beside where it is (left, right), then
    further: the places about a location's hub that stay well inside it."""
    w, h = bb[2] - bb[0], bb[3] - bb[1]
    side = w / 2 + gap
    return [
        (0, -h),
        (0, h),
        (-side, 0),
        (side, 0),
        (0, -2 * h),
        (0, 2 * h),
        (-side, -h),
        (side, -h),
        (-side, h),
        (side, h),
        (0, -3 * h),
        (0, 3 * h),
    ]


def place_labels(
    labels: Sequence[tuple[tuple, Box]],
    obstacles: Iterable[Box] = (),
    moves: Callable[[Box, Sequence[Box]], list[Offset]] | None = None,
) -> list[Offset | None]:
    """Where each label goes so that none overlaps another or an obstacle: ``labels`` are
    (rank, box); the lowest ranks are placed first, each where it is or at the first free offset
    ``moves(box, in_way)`` offers (``in_way``: the obstacles its box touches where it is).
    Returns the offset (dx, dy) of each label, in the order given, or None for one hidden."""
    return [
        None if f is None else (f[0], f[1]) for f in fit_labels([(rk, bb, None) for rk, bb in labels], obstacles, moves)
    ]


Fit = tuple[float, float, float]  # (dx, dy, scale): the label scaled about its anchor, then moved


def fit_labels(
    labels: Sequence[tuple[tuple, Box, Offset | None]],
    obstacles: Iterable[Box] = (),
    moves: Callable[[Box, Sequence[Box]], list[Offset]] | None = None,
    inside: Callable[[int, Box], bool] | None = None,
    hubs: Callable[[int], list[Offset]] | None = None,
    scales: Sequence[float] = (1.0,),
    resize: Callable[[int, float], Box] | None = None,
) -> list[Fit | None]:
    """:func:`place_labels` for labels that must stay inside something (an area map's name in
    its own location) and may shrink to: ``labels`` are (rank, box, anchor), the box scaling about
    its anchor (None: no shrinking); each label tries, at each of ``scales`` in turn, each of its
    ``hubs(i)`` (offsets from where it is to other good places for it: a part's pole of
    inaccessibility; where it is first) and the ``moves`` about them, and takes the first box
    ``inside(i, box)`` accepts that touches nothing placed before it nor an obstacle.
    ``resize(i, scale)``: label i's box at that scale, measured (a font's smaller sizes are not
    exactly smaller in proportion); else scaled.  Returns (dx, dy, scale) of each label, in the
    order given, or None for one hidden."""
    placed = _Grid()
    blocks = _Grid(obstacles)
    out: list[Fit | None] = [None] * len(labels)
    for i in sorted(range(len(labels)), key=lambda k: labels[k][0]):
        _rank, bb, anchor = labels[i]
        for s in scales if anchor is not None else (1.0,):
            sb = bb if s == 1.0 or anchor is None else resize(i, s) if resize is not None else _scaled(bb, anchor, s)
            got = _first_free(i, sb, placed, blocks, moves, inside, hubs(i) if hubs is not None else [(0.0, 0.0)])
            if got is not None:
                placed.add(got[0])
                out[i] = (got[1], got[2], s)
                break
    return out


def _scaled(bb: Box, anchor: Offset, s: float) -> Box:
    ax, ay = anchor
    return ax + s * (bb[0] - ax), ay + s * (bb[1] - ay), ax + s * (bb[2] - ax), ay + s * (bb[3] - ay)


def _first_free(i, bb, placed, blocks, moves, inside, hubs) -> tuple[Box, float, float] | None:
    """The first of a label's places (each hub, then the moves about it) that is free and inside."""
    for hx, hy in hubs:
        hb = (bb[0] + hx, bb[1] + hy, bb[2] + hx, bb[3] + hy)
        tries: list[Offset] = [(0.0, 0.0)]
        if moves is not None:
            tries += moves(hb, blocks.touching(hb))
        for dx, dy in tries:
            cand = (hb[0] + dx, hb[1] + dy, hb[2] + dx, hb[3] + dy)
            if placed.free(cand) and blocks.free(cand) and (inside is None or inside(i, cand)):
                return cand, hx + dx, hy + dy
    return None


def declutter(labels: Sequence[tuple[tuple, Box]]) -> list[int]:
    """The labels to show so that none overlaps another: ``labels`` are (rank, box) with box
    (x0, y0, x1, y1); the lowest ranks are placed first.  Returns the indices kept."""
    return [i for i, at in enumerate(place_labels(labels)) if at is not None]


def fitted_size(
    text: str, width: float, height: float, measure: Measure = text_width, bold: bool = True, least: float = 1.0
) -> float:
    """The biggest whole font size (pixels) at which ``text`` fits ``width`` x ``height``, no
    smaller than ``least`` (the caller asks :func:`fits` whether it fits even then)."""
    size = float(int(max(least, min(height * 0.95, width / (0.55 * max(1, len(text)))))))
    while size > least and measure(text, size, bold) > width:
        size -= 1.0
    return max(size, least)


def fits(text: str, size: float, width: float, measure: Measure = text_width, bold: bool = True) -> bool:
    return measure(text, size, bold) <= width


__all__ = [
    "Box",
    "Measure",
    "around",
    "declutter",
    "dodge",
    "fits",
    "fitted_size",
    "fit_labels",
    "place_labels",
    "text_width",
    "touch",
]
