"""Areas traced from a picture of their borders, and a set of outlines made into a clean map.

:func:`trace_image` reads a grey image (a scan or a drawing of a map: regions enclosed by dark
border lines) as a ``numpy`` array and finds every enclosed region:

1. the image is smoothed (each pixel the darker of itself and its 3 x 3 mean) and the pixels
   darker than ``threshold`` are *border* (when none is given: Otsu's threshold of the image, or,
   where a fill is darker than that, half way between the border lines and the darkest fill, so
   that a dark filled region, a TripleA board's sea, is a region: :func:`border_level`);
   noise and anti-aliasing only move a few border pixels;
2. the rest falls into regions (4-connected, so a one-pixel diagonal line still separates two);
   a region smaller than ``min_area`` pixels (a light speck inside a border line) counts as
   border; a region touching the edge of the image is the *outside*, not an area;
3. every border pixel goes to the nearest region, the outside included (a breadth-first
   growth by 4-neighbour steps, so every region stays in one piece): two regions meet on the
   *centre line* of the border between them, whatever its width;
4. each region's pixels become its outline (pixel edges, so neighbours share every edge), the
   outlines are noded into one coverage and simplified *as a coverage*
   (:func:`shapely.coverage_simplify`: every shared edge, an arc between the points where three
   regions meet, is simplified once and used by both sides, as TopoJSON and mapshaper do), so
   neighbours keep identical vertices: no gap, no sliver, whatever the tolerance.

:func:`clean_outlines` does the same from polygons instead of pixels (a TripleA map's
``polygons.txt``, drawn with the border line left out between neighbours and islands drawn over
their sea zone): the outlines are painted into a label image (:func:`rasterize`, largest first)
and the rest follows from step 3.

Coordinates are image pixels, x to the right and y down (map units of a traced map: the image
lies under it at offset 0, scale 1).  This module needs numpy (shapely's own dependency) and no
imaging library: the caller reads the image (``numpy.asarray(PIL.Image.open(f).convert("L"))``).

For the area editor's click-to-grab tool: ``t = trace_image(gray)`` once per underlay, then
``t.region_at(x, y)`` is the region under a click (its outline shares every vertex with the
regions grabbed before it).
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field

import numpy as np
import shapely
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

from mapref.core.areamodel import as_area, interior_point, polygon_parts

Point2 = tuple[float, float]
OUTSIDE = -1


@dataclass(frozen=True)
class TracedRegion:
    """One traced region: its outline (image pixels, y down), a point well inside it for its
    label, and its size in pixels before simplification."""

    index: int
    polygon: BaseGeometry
    anchor: Point2
    pixels: int


@dataclass
class Tracing:
    """What :func:`trace_image` found: the regions (in reading order: top to bottom, then left
    to right by their anchor), the threshold used, the label of every pixel (``labels[y, x]``:
    a region's index, or -1 outside), and the pairs of regions that share a border with its
    length in pixels."""

    regions: list[TracedRegion]
    threshold: int
    labels: np.ndarray = field(repr=False)
    neighbours: dict[tuple[int, int], float] = field(default_factory=dict)

    def region_at(self, x: float, y: float) -> TracedRegion | None:
        """The region under image point ``(x, y)``, or None (outside the areas, off the image)."""
        h, w = self.labels.shape
        ix, iy = int(math.floor(x)), int(math.floor(y))
        if not (0 <= ix < w and 0 <= iy < h):
            return None
        k = int(self.labels[iy, ix])
        return self.regions[k] if k >= 0 else None


# ------------------------------------------------------------------------------ pixels
def otsu(gray: np.ndarray) -> int:
    """Otsu's threshold of a grey image: the level that best separates dark from light."""
    hist = np.bincount(gray.ravel(), minlength=256).astype(float)
    total = hist.sum()
    if total == 0:
        return 128
    levels = np.arange(256)
    w0 = np.cumsum(hist)
    m0 = np.cumsum(hist * levels)
    w1 = total - w0
    mu_t = m0[-1]
    with np.errstate(divide="ignore", invalid="ignore"):
        between = (mu_t * w0 / total - m0) ** 2 / (w0 * w1 / total)
    between[~np.isfinite(between)] = 0
    return int(np.argmax(between)) + 1


def _shifted_max(g: np.ndarray, dy: int, dx: int, reach: int) -> np.ndarray:
    """The lightest of the ``reach`` pixels in direction (dy, dx) from each pixel (edges repeated)."""
    h, w = g.shape
    p = np.pad(g, reach, mode="edge")
    out = np.zeros_like(g)
    for k in range(1, reach + 1):
        y0, x0 = reach + dy * k, reach + dx * k
        np.maximum(out, p[y0 : y0 + h, x0 : x0 + w], out=out)
    return out


def border_level(soft: np.ndarray, reach: int = 3, margin: int = 40) -> int:
    """The grey level below which a pixel is border.  Otsu's threshold of the image, unless a
    fill is darker than it (a TripleA board's seas, dark blue under black lines: Otsu's level
    falls between the white land and the blue sea, and every sea would be border): then it is
    chosen from the border lines' own greys, half way between the lines (their 90th percentile)
    and that darkest fill.  A line pixel has lighter pixels on both sides of it within ``reach``
    (by more than ``margin``), which the edge of a filled region has not; a fill is a grey at
    least half a percent of the other pixels share, lighter than the lines."""
    level = otsu(soft)
    g = soft.astype(np.int16)
    line = np.zeros(g.shape, dtype=bool)
    for dy, dx in ((0, 1), (1, 0), (1, 1), (1, -1)):
        ahead, behind = _shifted_max(g, dy, dx, reach), _shifted_max(g, -dy, -dx, reach)
        line |= (np.minimum(ahead, behind) - g) > margin
    near = line.copy()  # a line's soft edges are no fill
    for dy, dx in ((0, 1), (1, 0), (0, -1), (-1, 0)):
        near |= np.roll(line, (dy, dx), axis=(0, 1))
    flat = soft[~near]
    if flat.size == 0 or not line.any():
        return level
    hist = np.bincount(flat.ravel(), minlength=256)
    hist[: int(np.median(soft[line])) + margin // 2] = 0  # a patch as dark as the lines is no fill
    fill = int(np.argmax(hist >= max(1, 0.005 * flat.size)))
    dark = soft[line & (soft < fill)]
    if fill >= level or dark.size < 0.5 * line.sum():
        return level  # every fill lighter than Otsu's level; or lines no darker than the fills
    edge = int(np.percentile(dark, 90))
    return max(1, min(fill - 1, (edge + fill + 1) // 2))


def smooth(gray: np.ndarray) -> np.ndarray:
    """The darker of each pixel and the 3 x 3 mean around it (edges repeated): a light speck
    inside a border line fades into it, noise in a light region only darkens a few pixels
    (border specks, given back to the region), and a one-pixel line stays whole."""
    g = np.pad(gray.astype(np.uint16), 1, mode="edge")
    h, w = gray.shape
    acc = np.zeros((h, w), dtype=np.uint16)
    for dy in range(3):
        for dx in range(3):
            acc += g[dy : dy + h, dx : dx + w]
    return np.minimum(gray, (acc // 9).astype(np.uint8))


def components(mask: np.ndarray) -> tuple[np.ndarray, int]:
    """4-connected components of ``mask``: (labels with -1 off the mask and 0..n-1 on it, n),
    numbered in reading order of their first pixel.  Union-find over runs of each row."""
    h, w = mask.shape
    m = np.zeros((h, w + 2), dtype=np.int8)
    m[:, 1:-1] = mask
    d = np.diff(m, axis=1)
    rows_s, starts = np.nonzero(d == 1)
    rows_e, ends = np.nonzero(d == -1)  # ends exclusive
    n = len(starts)
    labels = np.full((h, w), -1, dtype=np.int32)
    if n == 0:
        return labels, 0
    order = np.lexsort((starts, rows_s))
    rows, starts = rows_s[order], starts[order]
    order_e = np.lexsort((ends, rows_e))
    ends = ends[order_e]
    parent = np.arange(n)

    def find(i: int) -> int:
        root = i
        while parent[root] != root:
            root = parent[root]
        while parent[i] != root:
            parent[i], i = root, parent[i]
        return root

    # runs of consecutive rows that overlap (share a column) belong together
    first_of_row = np.searchsorted(rows, np.arange(h + 1))
    for r in range(1, h):
        a0, a1 = first_of_row[r - 1], first_of_row[r]
        b0, b1 = first_of_row[r], first_of_row[r + 1]
        if a0 == a1 or b0 == b1:
            continue
        sa, ea = starts[a0:a1], ends[a0:a1]
        sb, eb = starts[b0:b1], ends[b0:b1]
        # for each run below, the runs above that overlap it: above.start < below.end and above.end > below.start
        lo = np.searchsorted(ea, sb, side="right")
        hi = np.searchsorted(sa, eb, side="left")
        for j in np.nonzero(hi > lo)[0]:
            rb = find(b0 + j)
            for i in range(lo[j], hi[j]):
                ra = find(a0 + i)
                if ra != rb:
                    if ra < rb:
                        parent[rb] = ra
                        rb = ra
                    else:
                        parent[ra] = rb
    roots = np.array([find(i) for i in range(n)])
    uniq, comp = np.unique(roots, return_inverse=True)  # roots are the first run of each component: reading order
    for i in range(n):
        labels[rows[i], starts[i] : ends[i]] = comp[i]
    return labels, len(uniq)


def grow(labels: np.ndarray, limit: int | None = None) -> np.ndarray:
    """Every unlabelled pixel (``labels == UNSET``) takes the label of the nearest labelled one
    (breadth first by 4-neighbour steps, so each region stays 4-connected; a tie goes to the
    smaller label); with ``limit``, no further than that many steps (the rest stays UNSET).
    Each step looks only at the unlabelled neighbours of the pixels the step before labelled
    (the work and memory go with the border pixels, not with the empty ground round a map: a
    map's outlines spread over 40 megapixels of nothing took 3 GB)."""
    h, w = labels.shape
    lab = labels.copy()
    flat = lab.ravel()
    unset = lab == UNSET
    near = np.zeros_like(unset)  # unlabelled pixels beside a labelled one: the first step's
    near[:, 1:] |= ~unset[:, :-1]
    near[:, :-1] |= ~unset[:, 1:]
    near[1:, :] |= ~unset[:-1, :]
    near[:-1, :] |= ~unset[1:, :]
    todo = np.flatnonzero(near & unset)
    del near, unset
    steps = ((0, -1), (0, 1), (-1, 0), (1, 0))
    big = np.iinfo(np.int32).max
    steps_left = -1 if limit is None else limit
    while len(todo) and steps_left != 0:
        steps_left -= 1
        ys, xs = np.divmod(todo, w)
        best = np.full(len(todo), big, dtype=np.int64)
        for dy, dx in steps:
            ny, nx = ys + dy, xs + dx
            ok = (ny >= 0) & (ny < h) & (nx >= 0) & (nx < w)
            got = np.full(len(todo), UNSET, dtype=np.int64)
            got[ok] = flat[ny[ok] * w + nx[ok]]
            got[got == UNSET] = big
            best = np.minimum(best, got)
        flat[todo] = best  # every one has a labelled neighbour
        nxt = []
        for dy, dx in steps:  # the next step's: the unlabelled neighbours of those just labelled
            ny, nx = ys + dy, xs + dx
            ok = (ny >= 0) & (ny < h) & (nx >= 0) & (nx < w)
            idx = ny[ok] * w + nx[ok]
            nxt.append(idx[flat[idx] == UNSET])
        todo = np.unique(np.concatenate(nxt))
    return lab


UNSET = np.iinfo(np.int32).min  # a border pixel not yet given to a region


def _run_boxes(labels: np.ndarray, nregions: int) -> list[list]:
    """For each region, the boxes of its pixel runs (row by row; runs identical on
    consecutive rows are one box)."""
    h, w = labels.shape
    out: list[list] = [[] for _ in range(nregions)]
    open_runs: dict[tuple[int, int, int], int] = {}  # (start, end, label) -> first row
    for y in range(h + 1):
        row_runs: set[tuple[int, int, int]] = set()
        if y < h:
            row = labels[y]
            cut = np.flatnonzero(np.diff(row)) + 1
            s = np.concatenate(([0], cut))
            e = np.concatenate((cut, [w]))
            lab = row[s]
            keep = lab >= 0
            row_runs = set(zip(s[keep].tolist(), e[keep].tolist(), lab[keep].tolist(), strict=True))
        for run in list(open_runs):
            if run not in row_runs:
                y0 = open_runs.pop(run)
                out[run[2]].append((run[0], y0, run[1], y))
        for run in row_runs:
            if run not in open_runs:
                open_runs[run] = y
    return out


TOLERANCE = 2.0  # pixels: the default simplification (a scanned border wobbles by a pixel or two)


def trace_image(
    gray: np.ndarray, threshold: int | None = None, min_area: float | None = None, tolerance: float = TOLERANCE
) -> Tracing:
    """Every region of ``gray`` (a 2-D uint8 array) enclosed by dark border lines, with its
    outline on the border's centre line, shared exactly with its neighbours and simplified
    within about ``tolerance`` pixels.  ``threshold``: the grey level below which a pixel is
    border (default: :func:`border_level`); ``min_area``: the smallest region in pixels (default: 16, or one
    20,000th of the image if more)."""
    gray = np.asarray(gray)
    if gray.ndim != 2 or gray.size == 0:
        raise ValueError("expected a grey image (a 2-D array of 0-255)")
    gray = gray.astype(np.uint8, copy=False)
    h, w = gray.shape
    soft = smooth(gray)
    level = border_level(soft) if threshold is None else int(threshold)
    if not 0 < level <= 255:
        raise ValueError(f"the threshold is a grey level from 1 to 255, got {level}")
    least = max(16.0, h * w / 20000) if min_area is None else float(min_area)
    comp, n = components(soft >= level)
    sizes = np.bincount(comp[comp >= 0], minlength=n)
    edge = np.zeros(n, dtype=bool)
    for side in (comp[0], comp[-1], comp[:, 0], comp[:, -1]):
        edge[side[side >= 0]] = True
    keep = (sizes >= least) & ~edge
    new_id = np.full(n, UNSET, dtype=np.int64)
    kept = np.flatnonzero(keep)
    new_id[kept] = np.arange(len(kept))
    new_id[edge & (sizes >= least)] = len(kept)  # one outside for every region on the edge
    lab = np.full((h, w), UNSET, dtype=np.int32)
    on = comp >= 0
    lab[on] = new_id[comp[on]]
    if len(kept) == 0:
        return Tracing([], level, np.full((h, w), OUTSIDE, dtype=np.int32))
    lab = grow(lab)
    lab[lab == UNSET] = len(kept)
    outside = len(kept)
    raw = [as_area([]) for _ in range(outside)]
    for k, boxes in enumerate(_run_boxes(np.where(lab == outside, -1, lab), outside)):
        raw[k] = shapely.union_all(shapely.box(*np.asarray(boxes, dtype=float).T)) if boxes else Polygon()
    polys = _finish(raw, tolerance)
    lab[lab == outside] = OUTSIDE
    return _tracing(polys, lab, level)


def _finish(raw: list[BaseGeometry], tolerance: float) -> list[BaseGeometry]:
    """Outlines made one coverage (noded: identical vertices on both sides of every shared
    edge) and simplified as one, each a valid polygon with coordinates on the 0.01 grid."""
    noded = shapely.coverage_clean(raw, snapping_distance=0.01)  # (0 gives empty outlines in GEOS 3.14)
    simple = shapely.coverage_simplify(noded, tolerance) if tolerance > 0 else noded
    out = []
    for g, before in zip(simple, noded, strict=True):
        g = shapely.set_precision(g, 0.01) if not g.is_empty else g
        if g.is_empty or not g.is_valid:
            g = before  # a ring too small to simplify keeps its pixels
        out.append(as_area([p for p in polygon_parts(g) if p.area > 0]))
    if not shapely.coverage_is_valid(out):
        out = [as_area([p for p in polygon_parts(g) if p.area > 0]) for g in noded]
    return out


def _tracing(polys: list[BaseGeometry], lab: np.ndarray, level: int) -> Tracing:
    pixels = np.bincount(lab[lab >= 0], minlength=len(polys))
    anchors = [interior_point(g) for g in polys]
    order = sorted(range(len(polys)), key=lambda i: (round(anchors[i][1] / 20), anchors[i][0]))
    rank = np.empty(len(polys) + 1, dtype=np.int32)
    rank[order] = np.arange(len(polys))
    rank[-1] = OUTSIDE
    lab = rank[lab]
    regions = [TracedRegion(j, polys[i], anchors[i], int(pixels[i])) for j, i in enumerate(order)]
    return Tracing(regions, level, lab, shared_lengths([r.polygon for r in regions]))


def shared_lengths(polys: list[BaseGeometry]) -> dict[tuple[int, int], float]:
    """Pairs ``(i, j)``, i < j, of outlines that share a stretch of border, with its length."""
    if len(polys) < 2:
        return {}
    tree = shapely.STRtree(polys)
    left, right = tree.query(polys, predicate="intersects")
    pairs = [(i, j) for i, j in zip(left.tolist(), right.tolist(), strict=True) if i < j]
    if not pairs:
        return {}
    lengths = shapely.length(
        shapely.intersection(
            shapely.boundary([polys[i] for i, _ in pairs]), shapely.boundary([polys[j] for _, j in pairs])
        )
    )
    return {p: float(x) for p, x in zip(pairs, lengths.tolist(), strict=True) if x > 0}


# ------------------------------------------------------------------------------ maps
def to_map(g: BaseGeometry, offset: Point2 = (0.0, 0.0), scale: float = 1.0) -> BaseGeometry:
    """An outline in image pixels placed on the map as its tracing image is: map point =
    ``offset + scale * pixel`` (the ``[background]`` table), rounded to the map's 0.01 grid."""
    ox, oy = float(offset[0]), float(offset[1])
    k = float(scale)
    return shapely.transform(g, lambda a: np.round(np.column_stack((ox + k * a[:, 0], oy + k * a[:, 1])), 2))


def sea_regions(t: Tracing, rgb: np.ndarray) -> set[int]:
    """The regions filled in the colour of the sea: blue (the mean of their pixels in ``rgb``,
    the image in colour, bluer than red and green): a TripleA board's sea zones, a map's seas."""
    lab = t.labels.ravel()
    on = lab >= 0
    n = len(t.regions)
    count = np.bincount(lab[on], minlength=n).astype(float)
    count[count == 0] = 1
    r, g, b = (
        np.bincount(lab[on], weights=rgb[..., k].ravel()[on].astype(float), minlength=n) / count for k in range(3)
    )
    return {i for i in range(n) if b[i] > r[i] + 20 and b[i] >= g[i]}


def traced_map(t: Tracing, name: str = "", image: str | None = None, seas: AbstractSet[int] = frozenset()):
    """An area map of the traced regions: a location per region (``area_1``, "Area 1"... in
    reading order, its anchor well inside it; the ``seas`` "Sea 1"... in the sea zones' colour
    class, ``attrs.sea``), a line proposed between every two that share a border (land, naval
    between two seas, coastal between land and sea), the page the image's size and, when given,
    the image as the tracing background (offset 0, scale 1: map units are the image's pixels)."""
    from mapref.core.areaedit import suggest_lines
    from mapref.core.areamodel import COASTAL, SEA_CLASS, AreaMap, Location

    h, w = t.labels.shape
    m = AreaMap(name=name, page=(float(w), float(h)))
    if image:
        m.background = {"image": image, "opacity": 0.5, "offset": [0.0, 0.0], "scale": 1.0}
    if seas:
        m.colours["sea"] = SEA_CLASS
        m.line_kinds["coastal"] = COASTAL
    sea_no = 0
    for r in t.regions:
        lid = f"area_{r.index + 1}"
        if r.index in seas:
            sea_no += 1
            m.locations[lid] = Location(
                lid, name=f"Sea {sea_no}", polygon=r.polygon, anchor=r.anchor, colour="sea", attrs={"sea": True}
            )
        else:
            m.locations[lid] = Location(lid, name=f"Area {r.index + 1}", polygon=r.polygon, anchor=r.anchor)
    e = suggest_lines(m)
    if e is not None:
        e.do(m)
    sea = {f"area_{i + 1}" for i in seas}
    for lid, ln in list(m.lines.items()):
        wet = (ln.a in sea) + (ln.b in sea)
        if wet:
            m.lines[lid] = dataclasses.replace(ln, kind="naval" if wet == 2 else "coastal")
    return m


def grab(m, t: Tracing, at: Point2, name: str = "", offset: Point2 = (0.0, 0.0), scale: float = 1.0):
    """The edit that adds the traced region under map point ``at`` as a location (the area
    editor's click-to-grab tool): ``t`` traced the map's tracing image, placed at ``offset`` and
    ``scale``.  Regions grabbed from one tracing share their borders exactly; a border with a
    location drawn by hand is fitted to it (:func:`mapref.core.areaedit.add_outline`).  Raises
    :class:`~mapref.core.commands.EditError` when no region lies there."""
    from mapref.core.areaedit import add_outline
    from mapref.core.commands import EditError

    k = float(scale)
    px, py = (at[0] - offset[0]) / k, (at[1] - offset[1]) / k
    r = t.region_at(px, py)
    if r is None:
        raise EditError("no traced area there (on a border line, or outside the areas of the image)")
    ax, ay = r.anchor
    anchor = (round(offset[0] + k * ax, 2), round(offset[1] + k * ay, 2))
    return add_outline(m, to_map(r.polygon, offset, scale), name=name, anchor=anchor)


# ------------------------------------------------------------------------- outlines
def rasterize(polys: list[BaseGeometry], shape: tuple[int, int]) -> np.ndarray:
    """A label image of ``shape`` (height, width): each pixel whose centre lies inside polygon
    ``k`` gets ``k`` (holes left out), later polygons painted over earlier ones; the rest UNSET.
    Scanlines through the pixel centres, in numpy (no imaging library)."""
    h, w = shape
    lab = np.full((h, w), UNSET, dtype=np.int32)
    for k, g in enumerate(polys):
        edges = []
        for p in polygon_parts(g):
            for ring in (p.exterior, *p.interiors):
                c = np.asarray(ring.coords, dtype=float)[:, :2]
                edges.append(np.column_stack((c[:-1], c[1:])))
        if not edges:
            continue
        e = np.concatenate(edges)
        e = e[e[:, 1] != e[:, 3]]  # horizontal edges cross no scanline
        if not len(e):
            continue
        y0 = max(0, int(math.ceil(e[:, [1, 3]].min() - 0.5)))
        y1 = min(h - 1, int(math.floor(e[:, [1, 3]].max() - 0.5)))
        if y1 < y0:
            continue
        yc = np.arange(y0, y1 + 1) + 0.5
        lo, hi = np.minimum(e[:, 1], e[:, 3]), np.maximum(e[:, 1], e[:, 3])
        rows, idx = np.nonzero((yc[:, None] >= lo[None, :]) & (yc[:, None] < hi[None, :]))
        if not len(rows):
            continue
        ex = e[idx]
        x = ex[:, 0] + (yc[rows] - ex[:, 1]) * (ex[:, 2] - ex[:, 0]) / (ex[:, 3] - ex[:, 1])
        order = np.lexsort((x, rows))
        rows, x = rows[order], x[order]
        if len(rows) % 2:  # a ring that does not close: nothing sensible to fill
            continue
        r2, x2 = rows.reshape(-1, 2), x.reshape(-1, 2)
        c0 = np.clip(np.ceil(x2[:, 0] - 0.5), 0, w).astype(int)
        c1 = np.clip(np.ceil(x2[:, 1] - 0.5), 0, w).astype(int)
        for r, a, b in zip((r2[:, 0] + y0).tolist(), c0.tolist(), c1.tolist(), strict=True):
            if b > a:
                lab[r, a:b] = k
    return lab


def raster_scale(outlines: list[BaseGeometry], border: float, max_pixels: int | None) -> float:
    """The scale :func:`clean_outlines` paints ``outlines`` at: 1 (a raster pixel a pixel of the
    outlines), or less when their raster would be over ``max_pixels`` (its memory bounded: a
    raster of 63 megapixels, Iron War's, takes 0.9 GB)."""
    live = [g for g in outlines if not g.is_empty]
    if not live or not max_pixels:
        return 1.0
    x0, y0, x1, y1 = shapely.total_bounds(live)
    pad = 2 * (math.ceil(border) + 3)
    area = (x1 - x0 + pad) * (y1 - y0 + pad)
    return 1.0 if area <= max_pixels else math.sqrt(max_pixels / area) * 0.999


def clean_outlines(
    outlines: list[BaseGeometry], border: float = 4.0, tolerance: float = 1.0, max_pixels: int | None = None
) -> list[BaseGeometry]:
    """Outlines drawn with a border line left out between neighbours (up to ``border`` pixels
    wide) made one clean coverage whose borders follow the centre of those gaps, as
    :func:`trace_image` does for a picture: the outlines are painted into a label image
    (largest first, so an island drawn over its sea zone keeps its shape and the sea gets a
    hole), the gaps are shared out to the nearest outline (no further than ``border``: what
    lies further from every outline belongs to none), and the pixels are made outlines with
    exact shared edges and simplified as one coverage.  Coordinates are pixels (an outline's
    point ``(x, y)`` is the corner of pixel ``(x, y)``).  One result per input, empty when
    nothing is left of it.  With ``max_pixels``, outlines whose raster would be larger are painted
    at the scale :func:`raster_scale` gives (a raster pixel a little over a pixel of theirs) and the
    result scaled back."""
    geoms = [shapely.make_valid(g) if not g.is_valid else g for g in outlines]
    geoms = [as_area(polygon_parts(g)) for g in geoms]
    live = [g for g in geoms if not g.is_empty]
    if not live:
        return [Polygon() for _ in geoms]
    k = raster_scale(live, border, max_pixels)
    if k < 1.0:
        geoms = [shapely.transform(g, lambda a: a * k) for g in geoms]
        live = [g for g in geoms if not g.is_empty]
        border *= k
    x0, y0, x1, y1 = shapely.total_bounds(live)
    pad = int(math.ceil(border)) + 2
    ox, oy = int(math.floor(x0)) - pad, int(math.floor(y0)) - pad
    shape = (int(math.ceil(y1)) - oy + pad, int(math.ceil(x1)) - ox + pad)
    moved = [shapely.transform(g, lambda a: a - (ox, oy)) for g in geoms]
    paint = sorted(range(len(geoms)), key=lambda i: -geoms[i].area)
    lab = rasterize([moved[i] for i in paint], shape)
    painted = lab != UNSET
    lab[painted] = np.asarray(paint, dtype=np.int32)[lab[painted]]
    lab = grow(lab, limit=int(math.ceil(border)))
    raw = [Polygon() for _ in geoms]
    for i, boxes in enumerate(_run_boxes(np.where(lab == UNSET, -1, lab), len(geoms))):
        if boxes:
            b = np.asarray(boxes, dtype=float)
            raw[i] = shapely.union_all(shapely.box(b[:, 0] + ox, b[:, 1] + oy, b[:, 2] + ox, b[:, 3] + oy))
    if k < 1.0:  # back to the outlines' pixels, on the 0.01 grid _finish keeps (the same on both sides of a border)
        raw = [shapely.transform(g, lambda a: np.round(a / k, 2)) for g in raw]
    return tidy(_finish(raw, tolerance / k))  # the raster's steps simplified as a pixel's are at full size


def tidy(polys: list[BaseGeometry]) -> list[BaseGeometry]:
    """A coverage without what ``mapref check`` would call a gap or a sliver
    (:mod:`mapref.core.arealint`, at the tolerance of these outlines): two outlines that nearly
    touch with nothing between them are bridged (:func:`_bridge`); a hole between the outlines
    too small or thin to be a lake, and a part of an outline thinner than the tolerance (when the
    outline has another part), each go to the neighbour that shares the longest border with
    them.  Shared edges stay identical."""
    from mapref.core.arealint import small_hole, thin, tolerance_for

    polys = list(polys)
    tol = tolerance_for(shapely.area(polys).tolist())
    _bridge(polys, tol)
    pieces: list[BaseGeometry] = []
    for i, g in enumerate(polys):
        parts = polygon_parts(g)
        if len(parts) < 2:
            continue
        main = max(parts, key=lambda p: p.area)
        slivers = [p for p in parts if p is not main and thin(p, tol)]
        if slivers:
            polys[i] = as_area([p for p in parts if not any(p is t for t in slivers)])
            pieces += slivers
    live = [g for g in polys if not g.is_empty]
    union = shapely.union_all(live) if live else Polygon()
    for part in polygon_parts(union):
        for ring in part.interiors:
            hole = Polygon(ring)
            if small_hole(hole, tol):
                pieces.append(hole)
    if not pieces:
        return polys
    tree = shapely.STRtree(polys)
    for piece in pieces:
        near = tree.query(piece, predicate="intersects").tolist()
        lengths = [(piece.boundary.intersection(polys[k].boundary).length, k) for k in near if not polys[k].is_empty]
        lengths = [x for x in lengths if x[0] > 0]
        if lengths:
            k = max(lengths)[1]
            polys[k] = as_area(polygon_parts(shapely.union_all([polys[k], piece])))
    if not shapely.coverage_is_valid(polys):
        polys = list(shapely.coverage_clean(polys, snapping_distance=0.01))
    return polys


def _bridge(polys: list[BaseGeometry], tol: float) -> None:
    """Close the gaps ``mapref check`` finds between two outlines that nearly touch (closer than
    ``tol``, nothing between them): the uncovered ground within ``tol`` of both goes to the
    first, which then shares a border with the second.  In place."""
    from mapref.core.arealint import nearly_touching

    if len(polys) < 2:
        return
    tree = shapely.STRtree(polys)
    left, right = tree.query(polys, predicate="dwithin", distance=tol)
    for i, j in zip(left.tolist(), right.tolist(), strict=True):
        a, b = polys[i], polys[j]
        if i >= j or a.is_empty or b.is_empty or a.intersects(b) or nearly_touching(polys, i, j, tree) is None:
            continue
        reach = shapely.intersection(a.buffer(tol, quad_segs=2), b.buffer(tol, quad_segs=2))
        near = [polys[k] for k in tree.query(reach, predicate="intersects").tolist() if not polys[k].is_empty]
        bridge = shapely.difference(reach, shapely.union_all(near))
        parts = [q for q in polygon_parts(bridge) if q.distance(a) < 1e-9 and q.distance(b) < 1e-9]
        if parts:
            polys[i] = as_area(polygon_parts(shapely.union_all([a, *parts])))


def bounds_of(polys: list[BaseGeometry]) -> tuple[float, float, float, float]:
    live = [g for g in polys if not g.is_empty]
    return tuple(shapely.total_bounds(live)) if live else (0.0, 0.0, 0.0, 0.0)


__all__ = [
    "OUTSIDE",
    "TracedRegion",
    "Tracing",
    "bounds_of",
    "clean_outlines",
    "raster_scale",
    "components",
    "grab",
    "grow",
    "border_level",
    "sea_regions",
    "otsu",
    "rasterize",
    "shared_lengths",
    "smooth",
    "tidy",
    "to_map",
    "trace_image",
    "traced_map",
]
