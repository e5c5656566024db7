"""Geometry of area maps: exact shared borders, snapping, topological vertex edits, Voronoi cells.

Borders are stored as one polygon per location (:mod:`mapref.core.areamodel`).  They stay shared
*exactly* because every edit keeps neighbours' vertices identical, the way QGIS's topological
editing does:

- a new vertex snaps to a neighbour's vertex, or onto a neighbour's edge (the vertex is then
  inserted into the neighbour too, :func:`share_vertices`);
- two consecutive new vertices on the same neighbour's border follow that border between them
  (:func:`trace`), so a border is drawn once and reused;
- a polygon drawn over its neighbours is cut back to them (:func:`fit_polygon`, QGIS's "avoid
  overlaps");
- moving, inserting or deleting a vertex does it in every location that has that vertex
  (:func:`moved_vertex`, :func:`inserted_vertex`, :func:`deleted_vertex`).

Coordinates are rounded to :data:`GRID` map units (Python's ``round``, so equal inputs give
equal outputs and the file shows short numbers).  Rings are handled without their closing point.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping

import shapely
from shapely.geometry import LineString, MultiPoint, Point, Polygon
from shapely.geometry.base import BaseGeometry
from shapely.ops import polygonize, substring, unary_union, voronoi_diagram

from mapref.core.areamodel import AreaMap, Location, as_area, polygon_parts

GRID = 0.01  # map units: coordinates are rounded to this
EPS = 1e-6  # two vertices closer than this are the same vertex
Point2 = tuple[float, float]
RingRef = tuple[int, int]  # (part index, ring index: 0 = exterior, 1.. = holes)


def rnd(v: float) -> float:
    x = round(v, 2)
    return 0.0 if x == 0 else x


def round_point(p) -> Point2:
    return (rnd(p[0]), rnd(p[1]))


def round_geom(g: BaseGeometry) -> BaseGeometry:
    """``g`` with coordinates rounded to :data:`GRID` (only polygon parts are kept)."""
    parts = []
    for p in polygon_parts(g):
        shell = _dedupe([round_point(c) for c in _open(p.exterior.coords)])
        if len(shell) < 3:
            continue
        holes = [h for h in (_dedupe([round_point(c) for c in _open(r.coords)]) for r in p.interiors) if len(h) >= 3]
        q = Polygon(shell, holes)
        if q.area > 0:
            parts.append(q)
    out = as_area(parts)
    if not out.is_valid:
        fixed = as_area([q for q in polygon_parts(shapely.make_valid(out)) if q.area > 0])
        if not fixed.is_empty:
            out = fixed
    return out


def _open(coords) -> list[Point2]:
    c = [tuple(x[:2]) for x in coords]
    return c[:-1] if len(c) > 1 and c[0] == c[-1] else c


def _dedupe(pts: list[Point2]) -> list[Point2]:
    out: list[Point2] = []
    for p in pts:
        if not out or out[-1] != p:
            out.append(p)
    while len(out) > 1 and out[0] == out[-1]:
        out.pop()
    return out


# ----------------------------------------------------------------------------- rings
def rings_of(g: BaseGeometry) -> list[tuple[RingRef, list[Point2]]]:
    """Every ring of a polygon geometry: ((part, ring), open list of points)."""
    out = []
    for i, p in enumerate(polygon_parts(g)):
        out.append(((i, 0), _open(p.exterior.coords)))
        for j, h in enumerate(p.interiors, start=1):
            out.append(((i, j), _open(h.coords)))
    return out


def with_rings(g: BaseGeometry, changed: Mapping[RingRef, list[Point2]]) -> BaseGeometry:
    """``g`` with some rings replaced (rings given as open point lists)."""
    parts = []
    for i, p in enumerate(polygon_parts(g)):
        shell = changed.get((i, 0), _open(p.exterior.coords))
        holes = [changed.get((i, j), _open(h.coords)) for j, h in enumerate(p.interiors, start=1)]
        parts.append(Polygon(shell, holes))
    return as_area(parts)


def _close(a: Point2, b: Point2, eps: float = EPS) -> bool:
    return abs(a[0] - b[0]) <= eps and abs(a[1] - b[1]) <= eps


def _candidates(m: AreaMap, xy: Point2, reach: float) -> list[Location]:
    """The locations whose bounds come within ``reach`` of ``xy``, in map order (through an
    STR-tree of the locations, made once per locations table)."""
    x, y = xy
    locs, tree = _location_tree(m.locations)
    near = shapely.box(x - reach, y - reach, x + reach, y + reach) if reach > 0 else shapely.Point(x, y)
    hits = sorted(tree.query(near).tolist())
    return [locs[i] for i in hits]


_TREES: dict[int, tuple] = {}  # id(locations table) -> (the table, its locations, their STR-tree), the last few


def _location_tree(table: dict) -> tuple[list[Location], shapely.STRtree]:
    kept = _TREES.get(id(table))
    if kept is None or kept[0] is not table:
        locs = list(table.values())
        # an empty polygon's envelope is empty: the tree never returns it (the bounds test never did)
        kept = (table, locs, shapely.STRtree([loc.polygon for loc in locs]))
        while len(_TREES) >= 3:
            _TREES.pop(next(iter(_TREES)))
        _TREES[id(table)] = kept
    return kept[1], kept[2]


# --------------------------------------------------------------------------- snapping
def nearest_vertex(
    m: AreaMap, xy: Point2, reach: float, exclude: Iterable[str] = (), extra: Iterable[Point2] = ()
) -> Point2 | None:
    """The vertex of any location (or of ``extra`` points) nearest ``xy`` within ``reach``."""
    skip = set(exclude)
    best, best_d = None, reach
    for loc in _candidates(m, xy, reach):
        if loc.id in skip:
            continue
        for _, ring in rings_of(loc.polygon):
            for p in ring:
                d = math.hypot(p[0] - xy[0], p[1] - xy[1])
                if d <= best_d:
                    best, best_d = p, d
    for p in extra:
        d = math.hypot(p[0] - xy[0], p[1] - xy[1])
        if d <= best_d:
            best, best_d = (p[0], p[1]), d
    return best


def nearest_edge(m: AreaMap, xy: Point2, reach: float, exclude: Iterable[str] = ()) -> tuple[Point2, str] | None:
    """The point nearest ``xy`` on any location's border within ``reach`` (rounded), with the
    location it lies on."""
    skip = set(exclude)
    best, best_d = None, reach
    pt = Point(xy)
    for loc in _candidates(m, xy, reach):
        if loc.id in skip:
            continue
        b = loc.polygon.boundary
        d = b.distance(pt)
        if d <= best_d:
            q = b.interpolate(b.project(pt))
            best, best_d = ((rnd(q.x), rnd(q.y)), loc.id), d
    return best


def snap(
    m: AreaMap, xy: Point2, reach: float, exclude: Iterable[str] = (), extra: Iterable[Point2] = ()
) -> tuple[Point2, str]:
    """Where a click at ``xy`` lands: ``(point, how)`` with how ``vertex``, ``edge`` or ``free``."""
    v = nearest_vertex(m, xy, reach, exclude, extra)
    if v is not None:
        return v, "vertex"
    e = nearest_edge(m, xy, reach, exclude)
    if e is not None:
        return e[0], "edge"
    return round_point(xy), "free"


def _on_ring(ring: list[Point2], p: Point2, eps: float) -> float | None:
    """Distance along the closed ring at which ``p`` lies (within eps), or None."""
    line = LineString(ring + [ring[0]])
    pt = Point(p)
    if line.distance(pt) > eps:
        return None
    return line.project(pt)


def trace(m: AreaMap, pts: list[Point2], exclude: Iterable[str] = (), eps: float = 0.02) -> list[Point2]:
    """The clicked ring ``pts`` with each pair of consecutive points that lie on the same
    neighbour's ring joined along that ring (the shorter way), so a border is shared exactly."""
    skip = set(exclude)
    n = len(pts)
    if n < 2:
        return list(pts)
    rings = []
    for loc in m.locations.values():
        if loc.id in skip or loc.polygon.is_empty:
            continue
        for _, ring in rings_of(loc.polygon):
            rings.append(ring)
    out: list[Point2] = []
    for i in range(n):
        p, q = pts[i], pts[(i + 1) % n]
        out.append(p)
        if n == 2 and i == 1:
            break
        best = None
        for ring in rings:
            x0 = min(c[0] for c in ring) - eps
            x1 = max(c[0] for c in ring) + eps
            if not (x0 <= p[0] <= x1 and x0 <= q[0] <= x1):
                continue
            dp, dq = _on_ring(ring, p, eps), _on_ring(ring, q, eps)
            if dp is None or dq is None or abs(dp - dq) < EPS:
                continue
            line = LineString(ring + [ring[0]])
            total = line.length
            fwd = (dq - dp) % total
            if fwd <= total - fwd:
                seg = _ring_path(line, dp, fwd, total)
            else:
                seg = _ring_path(line, dq, total - fwd, total)[::-1]
            inner = [c for c in seg[1:-1]]
            if best is None or len(inner) > len(best):
                best = inner
        if best:
            out += [c for c in best if not _close(c, p) and not _close(c, q)]
    return _dedupe(out)


def _ring_path(line: LineString, start: float, length: float, total: float) -> list[Point2]:
    """Points along a closed ring from ``start`` for ``length`` (wrapping), vertices included."""
    end = start + length
    if end <= total:
        seg = substring(line, start, end)
        return [tuple(c) for c in seg.coords]
    a = [tuple(c) for c in substring(line, start, total).coords]
    b = [tuple(c) for c in substring(line, 0, end - total).coords]
    return a + b[1:]


# ------------------------------------------------------------------ topological edits
def moved_vertex(m: AreaMap, at: Point2, to: Point2, eps: float = EPS) -> dict[str, BaseGeometry]:
    """New polygons of every location with a vertex at ``at``, moved to ``to``."""
    out = {}
    to = round_point(to)
    for loc in _candidates(m, at, eps * 10):
        changed = {}
        for ref, ring in rings_of(loc.polygon):
            if any(_close(p, at, eps) for p in ring):
                changed[ref] = [to if _close(p, at, eps) else p for p in ring]
        if changed:
            out[loc.id] = with_rings(loc.polygon, changed)
    return out


def inserted_vertex(
    m: AreaMap, xy: Point2, eps: float = 0.02, only: Iterable[str] | None = None
) -> dict[str, BaseGeometry]:
    """New polygons of every location whose border passes within ``eps`` of ``xy`` and has no
    vertex there: ``xy`` (rounded) is inserted into that edge."""
    xy = round_point(xy)
    allowed = set(only) if only is not None else None
    out = {}
    pt = Point(xy)
    for loc in _candidates(m, xy, eps):
        if allowed is not None and loc.id not in allowed:
            continue
        geom = loc.polygon
        changed = {}
        for ref, ring in rings_of(geom):
            if any(_close(p, xy, eps * 0.5) for p in ring):
                continue
            for i in range(len(ring)):
                a, b = ring[i], ring[(i + 1) % len(ring)]
                if LineString([a, b]).distance(pt) <= eps:
                    changed[ref] = ring[: i + 1] + [xy] + ring[i + 1 :]
                    break
        if changed:
            out[loc.id] = with_rings(geom, changed)
    return out


def deleted_vertex(m: AreaMap, at: Point2, eps: float = EPS) -> dict[str, BaseGeometry]:
    """New polygons of every location with a vertex at ``at``, without it.  Raises ValueError
    when a ring would keep fewer than three points."""
    out = {}
    for loc in _candidates(m, at, eps * 10):
        changed = {}
        for ref, ring in rings_of(loc.polygon):
            if any(_close(p, at, eps) for p in ring):
                kept = [p for p in ring if not _close(p, at, eps)]
                if len(kept) < 3:
                    raise ValueError(f"{loc.label}: a border needs at least three vertices")
                changed[ref] = kept
        if changed:
            out[loc.id] = with_rings(loc.polygon, changed)
    return out


def inserted_points(geom: BaseGeometry, points, eps: float = 0.02) -> BaseGeometry | None:
    """``geom`` with every one of ``points`` that lies within ``eps`` of one of its borders, and
    is not already a vertex of that ring, inserted into that edge (rounded), in order along it;
    None when no point lies on it.  What :func:`inserted_vertex` does for one point, for many
    at once (an STR-tree over the edges: thousands of points in a fraction of a second)."""
    import numpy as np

    pts = np.unique(np.round(np.asarray(list(points), dtype=float).reshape(-1, 2), 2), axis=0)
    rings = rings_of(geom)
    if not len(pts) or not rings:
        return None
    seg_a, seg_b, seg_ring, seg_idx = [], [], [], []
    for r, (_, ring) in enumerate(rings):
        a = np.asarray(ring, dtype=float)
        seg_a.append(a)
        seg_b.append(np.roll(a, -1, axis=0))
        seg_ring.append(np.full(len(a), r))
        seg_idx.append(np.arange(len(a)))
    A, B = np.concatenate(seg_a), np.concatenate(seg_b)
    ring_of, idx_of = np.concatenate(seg_ring), np.concatenate(seg_idx)
    segs = shapely.linestrings(np.stack([A, B], axis=1))
    pgeoms = shapely.points(pts)
    pi, si = shapely.STRtree(segs).query(pgeoms, predicate="dwithin", distance=eps)
    if not len(pi):
        return None
    # a point that is already a vertex of a ring is not inserted into that ring
    vi, vj = shapely.STRtree(shapely.points(A)).query(pgeoms, predicate="dwithin", distance=eps * 0.75)
    is_vertex = {(int(p), int(ring_of[v])) for p, v in zip(vi.tolist(), vj.tolist(), strict=True)}
    chosen: dict[tuple[int, int], int] = {}  # (point, ring) -> its first edge within eps
    for p, sgm in sorted(zip(pi.tolist(), si.tolist(), strict=True)):
        key = (p, int(ring_of[sgm]))
        if key not in is_vertex and key not in chosen:
            chosen[key] = sgm
    if not chosen:
        return None
    by_edge: dict[int, list[tuple[float, Point2]]] = {}
    for (p, _), sgm in chosen.items():
        a, b = A[sgm], B[sgm]
        d = b - a
        n2 = float(d @ d) or 1.0
        t = float((pts[p] - a) @ d) / n2
        by_edge.setdefault(sgm, []).append((t, (float(pts[p][0]), float(pts[p][1]))))
    changed: dict[RingRef, list[Point2]] = {}
    for r, (ref, ring) in enumerate(rings):
        edges = [s for s in by_edge if ring_of[s] == r]
        if not edges:
            continue
        extra = {int(idx_of[s]): [q for _, q in sorted(by_edge[s])] for s in edges}
        out: list[Point2] = []
        for i, v in enumerate(ring):
            out.append(v)
            out += [round_point(q) for q in extra.get(i, ())]
        changed[ref] = _dedupe(out)
    return with_rings(geom, changed)


def share_vertices(
    m: AreaMap, geom: BaseGeometry, exclude: Iterable[str] = (), eps: float = 0.02
) -> dict[str, BaseGeometry]:
    """Insert into the neighbours every vertex of ``geom`` that lies on their border but is not
    one of their vertices (so both sides of a border have the same vertices)."""
    return share_points(m, [p for _, ring in rings_of(geom) for p in ring], exclude, eps)


def share_points(m: AreaMap, points, exclude: Iterable[str] = (), eps: float = 0.02) -> dict[str, BaseGeometry]:
    """New polygons of the locations (but ``exclude``) whose borders pass within ``eps`` of
    some of ``points`` there are not vertices of theirs: those points inserted."""
    import numpy as np

    skip = set(exclude)
    pts = np.asarray(list(points), dtype=float).reshape(-1, 2)
    if not len(pts):
        return {}
    x0, y0 = pts.min(axis=0) - eps
    x1, y1 = pts.max(axis=0) + eps
    out: dict[str, BaseGeometry] = {}
    for loc in m.locations.values():
        if loc.id in skip or loc.polygon.is_empty:
            continue
        a0, b0, a1, b1 = loc.polygon.bounds
        if a1 < x0 or a0 > x1 or b1 < y0 or b0 > y1:
            continue
        near = pts[
            (pts[:, 0] >= a0 - eps) & (pts[:, 0] <= a1 + eps) & (pts[:, 1] >= b0 - eps) & (pts[:, 1] <= b1 + eps)
        ]
        g = inserted_points(loc.polygon, near, eps) if len(near) else None
        if g is not None:
            out[loc.id] = g
    return out


def absorb_vertices(m: AreaMap, geom: BaseGeometry, exclude: Iterable[str] = (), eps: float = 0.02) -> BaseGeometry:
    """``geom`` with the neighbours' vertices that lie on its border inserted into it (a border
    drawn straight past a neighbour's corner gets that corner, so moving it moves both)."""
    skip = set(exclude)
    x0, y0, x1, y1 = geom.bounds
    extra: list[Point2] = []
    for loc in m.locations.values():
        if loc.id in skip or loc.polygon.is_empty:
            continue
        a0, b0, a1, b1 = loc.polygon.bounds
        if a1 < x0 - eps or a0 > x1 + eps or b1 < y0 - eps or b0 > y1 + eps:
            continue
        for _, ring in rings_of(loc.polygon):
            extra += ring
    got = inserted_points(geom, extra, eps) if extra else None
    return geom if got is None else got


def fit_polygon(m: AreaMap, geom: BaseGeometry, exclude: Iterable[str] = ()) -> BaseGeometry:
    """``geom`` cut back where it overlaps other locations (QGIS "avoid overlaps"), rounded."""
    skip = set(exclude)
    geom = round_geom(geom)
    x0, y0, x1, y1 = geom.bounds
    others = []
    for loc in m.locations.values():
        if loc.id in skip or loc.polygon.is_empty or not loc.polygon.is_valid:
            continue
        a0, b0, a1, b1 = loc.polygon.bounds
        if a1 < x0 or a0 > x1 or b1 < y0 or b0 > y1:
            continue
        if loc.polygon.intersection(geom).area > 0:
            others.append(loc.polygon)
    if not others:
        return geom
    cut = geom.difference(unary_union(others))
    return round_geom(as_area([p for p in polygon_parts(cut) if p.area > GRID * GRID * 4]))


# ----------------------------------------------------------------------- neighbours
MAX_PAIRS = 50_000
PAIRS_PER_LOCATION = 8
"""The most pairs of nearby locations one pass over a map looks at (:func:`pair_limit`): a map of
5,000 locations side by side has about 15,000, one of 20,000 about 60,000 (three or four a
location); thousands of locations piled on each other would have millions (each an overlap the
problems list has already named enough of)."""


def pair_limit(n: int) -> int:
    """The most pairs of nearby locations looked at among ``n``: :data:`MAX_PAIRS`, or
    :data:`PAIRS_PER_LOCATION` a location on a bigger map (every neighbour of a 20,000-location
    map, never the square of a pile)."""
    return max(MAX_PAIRS, PAIRS_PER_LOCATION * n)


def near_pairs(
    tree: shapely.STRtree, geoms: list, predicate: str, distance: float | None = None, limit: int | None = None
) -> list[tuple[int, int]]:
    """The pairs ``(i, j)``, ``i < j``, of ``geoms`` (the tree's) that meet ``predicate``, at most
    ``limit`` of them (:func:`pair_limit` of their number): asked of the tree a hundred geometries
    at a time, so locations piled on each other cost what the limit allows, not the square of
    their number."""
    limit = pair_limit(len(geoms)) if limit is None else limit
    pairs: list[tuple[int, int]] = []
    kw = {} if distance is None else {"distance": distance}
    for k in range(0, len(geoms), 100):
        left, right = tree.query(geoms[k : k + 100], predicate=predicate, **kw)
        pairs += [(i + k, j) for i, j in zip(left.tolist(), right.tolist(), strict=True) if i + k < j]
        if len(pairs) >= limit:
            return pairs[:limit]
    return pairs


def shared_borders(m: AreaMap, ids: Iterable[str] | None = None) -> dict[tuple[str, str], float]:
    """Pairs of locations ``(a, b)`` (a before b in map order) whose borders share a stretch,
    with its length.  Touching at a point only is not a shared border."""
    order = {k: i for i, k in enumerate(m.locations)}
    locs = [m.locations[k] for k in (ids if ids is not None else m.locations) if k in m.locations]
    locs = [loc for loc in locs if not loc.polygon.is_empty]
    # an invalid outline (self-intersecting: the problems list it) is taken as what it covers
    geoms = [loc.polygon if loc.polygon.is_valid else shapely.make_valid(loc.polygon) for loc in locs]
    if len(geoms) < 2:
        return {}
    tree = shapely.STRtree(geoms)
    out = {}
    pairs = near_pairs(tree, geoms, "intersects")
    if not pairs:
        return {}
    bounds = shapely.boundary(geoms)  # (each outline's once: valid already)
    ba = bounds[[i for i, _ in pairs]]
    bb = bounds[[j for _, j in pairs]]
    lengths = shapely.length(shapely.intersection(ba, bb))
    for (i, j), length in zip(pairs, lengths.tolist(), strict=True):
        if length > GRID:
            a, b = locs[i].id, locs[j].id
            if order[a] > order[b]:
                a, b = b, a
            out[(a, b)] = float(length)
    return out


def touch_across_seam(m: AreaMap, a: str, b: str) -> bool:
    """Whether locations ``a`` and ``b`` meet across the seam of a map that wraps (``wrap_x`` /
    ``wrap_y``): ``b`` seen from ``a`` the short way round shares a border with it, or reaches
    over it (the two edges of a seam are drawn separately and need not fit exactly)."""
    la, lb = m.locations.get(a), m.locations.get(b)
    if la is None or lb is None or la.polygon.is_empty or lb.polygon.is_empty:
        return False
    dx, dy = m.wrap_shift(la.label_point, lb.label_point)
    if not dx and not dy:
        return False
    pa, pb = shapely.make_valid(la.polygon), shapely.make_valid(shapely.transform(lb.polygon, lambda c: c + (dx, dy)))
    return shapely.intersection(pa, pb).area > GRID * GRID or border_between(pa, pb).length > GRID


def border_between(a: BaseGeometry, b: BaseGeometry) -> BaseGeometry:
    """The shared stretch of two locations' borders (lines)."""
    return shapely.make_valid(a).boundary.intersection(shapely.make_valid(b).boundary)


# ------------------------------------------------------------------------- Voronoi
def voronoi_cells(points: list[Point2], region: BaseGeometry) -> list[BaseGeometry]:
    """One cell per point: the part of ``region`` nearer that point than any other, with the
    cells' common borders identical (they are noded together before rounding)."""
    if len(points) < 2:
        return [round_geom(region)] * len(points)
    if len(set(points)) != len(points):
        raise ValueError("two points are at the same place")
    region = shapely.make_valid(region)
    x0, y0, x1, y1 = region.bounds
    pad = max(x1 - x0, y1 - y0) + 1
    env = Polygon([(x0 - pad, y0 - pad), (x1 + pad, y0 - pad), (x1 + pad, y1 + pad), (x0 - pad, y1 + pad)])
    diagram = voronoi_diagram(MultiPoint(points), envelope=env)
    edges = [c.boundary for c in diagram.geoms]
    noded = unary_union(edges + [region.boundary])
    faces = [f for f in polygonize(noded) if f.area > 0 and region.contains(f.representative_point())]
    groups: list[list[Polygon]] = [[] for _ in points]
    tree = shapely.STRtree([Point(p) for p in points])
    for f in faces:
        rp = f.representative_point()
        i = int(tree.nearest(rp))
        groups[i].append(f)
    return [round_geom(unary_union(g)) if g else Polygon() for g in groups]


def outline_of(geoms: Iterable[BaseGeometry]) -> BaseGeometry:
    return round_geom(unary_union([shapely.make_valid(g) for g in geoms]))


__all__ = [
    "GRID",
    "border_between",
    "deleted_vertex",
    "fit_polygon",
    "inserted_points",
    "inserted_vertex",
    "moved_vertex",
    "nearest_edge",
    "nearest_vertex",
    "outline_of",
    "rings_of",
    "round_geom",
    "round_point",
    "share_points",
    "share_vertices",
    "shared_borders",
    "near_pairs",
    "pair_limit",
    "MAX_PAIRS",
    "snap",
    "touch_across_seam",
    "trace",
    "voronoi_cells",
    "with_rings",
]
