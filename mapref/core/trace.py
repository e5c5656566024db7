"""Fitting a scanned map under the grid: two reference hexes give scale and offset.

A background image is placed by ``offset`` and ``scale`` in *map units* (pixels at zoom 1,
from the layout origin): image pixel ``(ix, iy)`` lies at map point ``offset + scale * (ix, iy)``.
The user says "hex A's centre is at image point a, hex B's at b"; :func:`fit_two` returns the
uniform scale and the offset that put both there (no rotation: scans are assumed square to the
grid; with a slightly rotated scan the fit is the least-squares compromise along A-B).

>>> fit_two((0.0, 0.0), (100.0, 0.0), (10.0, 20.0), (60.0, 20.0))
(2.0, (-20.0, -40.0))
"""

from __future__ import annotations

Point = tuple[float, float]


def fit_two(map_a: Point, map_b: Point, img_a: Point, img_b: Point) -> tuple[float, Point]:
    dmx, dmy = map_b[0] - map_a[0], map_b[1] - map_a[1]
    dix, diy = img_b[0] - img_a[0], img_b[1] - img_a[1]
    den = dix * dix + diy * diy
    if den < 1e-9:
        raise ValueError("the two reference points are at the same place on the image: pick two hexes far apart")
    scale = (dmx * dix + dmy * diy) / den
    if scale <= 0:
        raise ValueError("the reference hexes are swapped on the image: hex A must be placed on A, B on B")
    ox = (map_a[0] + map_b[0]) / 2 - scale * (img_a[0] + img_b[0]) / 2
    oy = (map_a[1] + map_b[1]) / 2 - scale * (img_a[1] + img_b[1]) / 2
    return scale, (ox, oy)


def translate_to(map_a: Point, img_a: Point, scale: float) -> Point:
    """The offset that puts image point ``img_a`` on map point ``map_a`` at ``scale``."""
    return map_a[0] - scale * img_a[0], map_a[1] - scale * img_a[1]


def image_point(map_pt: Point, offset: Point, scale: float) -> Point:
    return (map_pt[0] - offset[0]) / scale, (map_pt[1] - offset[1]) / scale
