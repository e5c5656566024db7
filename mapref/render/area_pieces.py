"""Where a game's pieces stand on an area map: one layout for the referee's area board, the web
page and the printed position (through :func:`mapref.render.scene_area.area_piece_places`).

The counters of a location stand in rows under its name; in a box, along its bottom; in a half
(a contested location), beside the name on the half's side, so the two sides of a contested
location stand apart.  Distances are in the drawing's pixels for a counter ``counter`` pixels
wide (the window's is 18).  No tkinter here.
"""

from __future__ import annotations

from collections.abc import Callable

Point = tuple[float, float]
PER_ROW = 6


def stack_points(m, space: str, n: int, to_px: Callable[[Point], Point], counter: float = 18.0) -> list[Point]:
    """Where the ``n`` counters standing in ``space`` of area map ``m`` go, in the drawing's
    pixels (``to_px`` maps the map's coordinates to them); [] for a space the map has not."""
    u = counter / 18.0  # the offsets below are the window's, for 18-pixel counters
    step = counter + 2 * u
    rows = [min(PER_ROW, n - r) for r in range(0, n, PER_ROW)]
    if space.startswith("box:"):
        b = m.boxes.get(space[4:])
        if b is None:
            return []
        x0, y0 = to_px(b.position)
        x1, y1 = to_px((b.position[0] + b.size[0], b.position[1] + b.size[1]))
        ox, oy, align, dy = (x0 + x1) / 2, y1 - counter * 0.8, 0, -1
    elif space in m.locations:
        x, y = to_px(m.locations[space].label_point)
        ox, oy, align, dy = x, y + 20 * u, 0, 1
    else:
        loc_id, _, h = space.partition(".")
        loc = m.locations.get(loc_id)
        if loc is None or h not in loc.half_points:
            return []
        lx, ly = to_px(loc.label_point)
        hx, hy = to_px(loc.half_points[h])
        vx, vy = hx - lx, hy - ly
        d = (vx * vx + vy * vy) ** 0.5 or 1.0
        vx, vy = vx / d, vy / d
        if abs(vx) >= 0.45:  # beside the name, to its west or east
            align = -1 if vx < 0 else 1
            ox, oy, dy = lx + vx * 30 * u, ly + (20 + vy * 12) * u, 1
        else:  # above or below it
            align = 0
            ox, oy, dy = lx, (ly - 32 * u if vy < 0 else ly + 22 * u), (-1 if vy < 0 else 1)
    out = []
    for r, k in enumerate(rows):
        for i in range(k):
            if align == 0:
                x = ox + (i - (k - 1) / 2) * step
            elif align < 0:
                x = ox - (k - 1 - i) * step
            else:
                x = ox + i * step
            out.append((x, oy + dy * r * step))
    return out


def stacks(pieces) -> dict[str, list]:
    """The counters (every kind of piece but markers: armies, forts, fleets) of each space, in
    the order they are drawn: forts first, then by side and strength."""
    out: dict[str, list] = {}
    for p in pieces:
        if p.kind != "marker":
            out.setdefault(p.space, []).append(p)
    for ps in out.values():
        ps.sort(
            key=lambda p: (p.kind == "army", p.side, -int(p.text or 0) if str(p.text or "0").isdigit() else 0, p.id)
        )
    return out


__all__ = ["stack_points", "stacks"]
