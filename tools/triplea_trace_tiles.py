"""How well ``mapref trace-areas`` traces a TripleA board from its own tiles (docs/triplea.md):

    python tools/triplea_trace_tiles.py MAPDIR [--threshold N]

The map's ``map/baseTiles/X_Y.png`` are stitched into one picture (transparent pixels white) and
traced at the default threshold (or ``--threshold``); each territory of ``map/polygons.txt`` is
matched with the traced area that overlaps it most, and the areas' count, the threshold and the
median area error against TripleA's outlines are printed, with the seconds the tracing took.
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import numpy as np
from PIL import Image
from shapely import STRtree, union_all

from mapref.core.areatrace import otsu, sea_regions, smooth, trace_image
from mapref.io.triplea import read_polygons


def stitched(tiles: Path) -> Image.Image:
    found = {}
    for f in tiles.glob("*.png"):
        m = re.fullmatch(r"(\d+)_(\d+)\.png", f.name)
        if m:
            found[(int(m.group(1)), int(m.group(2)))] = f
    tw, th = Image.open(next(iter(found.values()))).size
    img = Image.new("RGB", ((max(x for x, _ in found) + 1) * tw, (max(y for _, y in found) + 1) * th), "white")
    for (x, y), f in found.items():
        tile = Image.open(f).convert("RGBA")
        back = Image.new("RGBA", tile.size, (255, 255, 255, 255))
        back.alpha_composite(tile)
        img.paste(back.convert("RGB"), (x * tw, y * th))
    return img


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("mapdir")
    ap.add_argument("--threshold", type=int, default=None)
    args = ap.parse_args()
    d = Path(args.mapdir) / "map"
    img = stitched(d / "baseTiles")
    gray = np.asarray(img.convert("L"))
    start = time.monotonic()
    t = trace_image(gray, threshold=args.threshold)
    secs = time.monotonic() - start
    outlines, _lines, _broken = read_polygons(d / "polygons.txt", str(d / "polygons.txt"))
    shapes = {n: union_all(ps) for n, ps in outlines.items() if ps}
    regions = [r.polygon for r in t.regions]
    tree = STRtree(regions)
    errors = []
    for g in shapes.values():
        if g.area < 50:
            continue
        hit = tree.query(g, predicate="intersects")
        if len(hit) == 0:
            errors.append(1.0)
            continue
        best = max(hit, key=lambda i: regions[i].intersection(g).area)
        errors.append(abs(regions[best].area - g.area) / g.area)
    seas = sea_regions(t, np.asarray(img))
    print(
        f"{args.mapdir}: {img.width}x{img.height} pixels; threshold {t.threshold} (Otsu's {otsu(smooth(gray))}): "
        f"{len(t.regions)} areas ({len(seas)} proposed as sea) for {len(shapes)} territories; median area error "
        f"{100 * statistics.median(errors):.1f}%; traced in {secs:.1f} s"
    )


if __name__ == "__main__":
    main()
