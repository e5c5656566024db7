"""How long "Generate areas" takes at the sizes designers reach: 500, 2,000 and 10,000 areas.

The land is a wavy coast of 1,000 vertices (about 3,000 x 2,000 map units); the points are
random cities well inside it (seed 10).  What is timed is the whole edit the area editor's
Generate tool makes (:func:`mapref.core.areaedit.generate_areas`: Voronoi cells clipped to the
land, the coast given the cells' vertices, land lines proposed between neighbours) and
applying it; then the figures a designer would notice: cells, proposed lines, coast vertices.

    python bench/generate_areas.py [N ...]        (default: 500 2000 10000)
"""

from __future__ import annotations

import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from shapely.geometry import Point, Polygon

from mapref.core.areaedit import generate_areas
from mapref.core.areamodel import AreaMap

SEED = 10


def land() -> Polygon:
    coast = []
    for i in range(1000):
        a = 2 * math.pi * i / 1000
        r = 1.0 + 0.08 * math.sin(7 * a) + 0.05 * math.sin(19 * a + 1) + 0.01 * math.sin(97 * a)
        coast.append((round(1500 + 1400 * r * math.cos(a), 2), round(1000 + 900 * r * math.sin(a), 2)))
    return Polygon(coast)


def points(shape: Polygon, n: int) -> list[tuple[float, float]]:
    rng = random.Random(SEED)
    inner = shape.buffer(-10)
    out: set[tuple[float, float]] = set()
    while len(out) < n:
        p = (round(rng.uniform(100, 2900), 2), round(rng.uniform(100, 1900), 2))
        if inner.contains(Point(p)):
            out.add(p)
    return sorted(out)


def run(n: int) -> None:
    shape = land()
    m = AreaMap(name=f"{n} areas (benchmark)", land=shape)
    pts = points(shape, n)
    t = time.perf_counter()
    e = generate_areas(m, pts)
    made = time.perf_counter() - t
    t = time.perf_counter()
    e.do(m)
    applied = time.perf_counter() - t
    lines = sum(1 for ln in m.lines.values() if ln.proposed)
    coast = len(m.land.exterior.coords) - 1
    print(
        f"generate {n:>6} areas   {made:8.2f} s (+ {applied:.2f} s to apply)   {len(m.locations)} locations, "
        f"{lines} proposed land lines, coast {coast} vertices",
        flush=True,
    )


def main(argv: list[str]) -> None:
    for n in [int(a) for a in argv] or [500, 2000, 10000]:
        run(n)


if __name__ == "__main__":
    main(sys.argv[1:])
