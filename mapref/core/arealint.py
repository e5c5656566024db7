"""Problems of an area map a designer should fix, found without a screen (shapely).

:func:`lint_area` returns :class:`AreaProblem` ``(code, where, message, key, at)``: ``where`` is a
location id, a half (``sedan.w``), a box (``box:usa``) or a line (``line:paris-sedan``); ``key``
is the file key it concerns (for ``FILE:LINE:COL`` messages); ``at`` a map point to show.  This
is the one list of what is wrong with a map: the editor's problems panel shows it and
``mapref check`` prints it.  Each problem has a level (:attr:`AreaProblem.level`): errors make
the map unusable by the rules and fail ``mapref check``; warnings are printed as warnings and
fail ``mapref check --strict``; notes are things left to do that are not wrong (a proposed line
waiting to be accepted) and never fail.

===================== ======= =============================================================
code                  level   problem
===================== ======= =============================================================
self-intersection     error   a border crosses itself (or the polygon is otherwise invalid)
overlap               error   two locations cover the same ground
empty-half            error   the split line leaves one half of a location empty
gap                   warning two neighbours nearly touch with nothing between them, or a small hole lies
                              between them
sliver                warning a part (or half) of a location thinner than the tolerance
small-half            warning a half smaller than a tenth of its location and than a quarter of
                              the median location: too small to drop a counter on
no-lines              warning a location, half or box that no move line reaches
land-line-apart       warning a land line between two locations that share no border, unless it
                              is marked as a strait crossing (``crossing = true``); a line marked
                              ``wrap`` needs the border across the map's seam
duplicate-line        warning two lines of the same kind between the same two locations
duplicate-name        warning two locations or boxes with the same name
proposed-line         note    a line suggested from a shared border, not yet accepted
===================== ======= =============================================================

*Tolerance.*  Gaps and slivers are measured against :func:`tolerance`, 1/100 of the square root
of the median location area (at least 0.05 map units): a 100 x 100 location gives 1 unit.

*Accepted on purpose.*  A map lists the warnings its designer accepts in ``accept``
(``[checks] accept`` in the file): a code (``"no-lines"``: every such warning) or a code and
where (``"no-lines:lisbon.w"``).  They are left out of the list; errors cannot be accepted.
"""

from __future__ import annotations

import gc
import math
import statistics
from typing import NamedTuple

import numpy
import shapely
from shapely.ops import nearest_points

from mapref.core.areageom import GRID, near_pairs, pair_limit
from mapref.core.areamodel import AreaMap, Location, polygon_parts

ERRORS = frozenset({"self-intersection", "overlap", "empty-half"})
NOTES = frozenset({"proposed-line"})
WARNINGS = frozenset({"gap", "sliver", "small-half", "no-lines", "land-line-apart", "duplicate-line", "duplicate-name"})
# the order the problems panel lists them in
ORDER = (
    "self-intersection",
    "overlap",
    "empty-half",
    "gap",
    "sliver",
    "small-half",
    "land-line-apart",
    "duplicate-line",
    "duplicate-name",
    "no-lines",
    "proposed-line",
)
SMALL_HALF = 0.10  # a half under this share of its location (and under a quarter of the median location) is too small


class AreaProblem(NamedTuple):
    code: str
    where: str
    message: str
    key: str = ""
    at: tuple[float, float] | None = None

    @property
    def is_error(self) -> bool:
        return self.code in ERRORS

    @property
    def level(self) -> str:
        """``error``, ``warning`` or ``note`` (see the module's table)."""
        return "error" if self.code in ERRORS else "note" if self.code in NOTES else "warning"


def tolerance(m: AreaMap) -> float:
    return tolerance_for([loc.polygon.area for loc in m.locations.values() if not loc.polygon.is_empty])


def tolerance_for(areas) -> float:
    """The tolerance of a map whose locations have these areas (see the module's notes)."""
    areas = [a for a in areas if a > 0]
    if not areas:
        return 0.05
    return max(0.05, math.sqrt(statistics.median(areas)) / 100)


def thin(g, tol: float) -> bool:
    """A sliver: thinner than ``tol`` (twice its area over its perimeter, the width of a strip)."""
    return bool(g.length) and 2 * g.area / g.length < tol


def small_hole(hole, tol: float) -> bool:
    """A hole between locations that is a gap, not a lake: under (10 x ``tol``)² or thin."""
    return hole.area < (tol * 10) ** 2 or thin(hole, tol)


def _pt(p) -> tuple[float, float]:
    return (round(p.x, 2), round(p.y, 2))


def lint_area(m: AreaMap) -> list[AreaProblem]:
    """Every problem of the map, locations first (in map order), then lines; without the
    warnings the map accepts on purpose (``m.accept``)."""
    was = gc.isenabled()
    gc.disable()  # (a big map's pairs and borders, 60,000 each: searched for cycles once, after)
    try:
        out = _lint(m)
    finally:
        if was:
            gc.enable()
    if not m.accept:
        return out
    codes = {a for a in m.accept if ":" not in a}
    pairs = {tuple(a.split(":", 1)) for a in m.accept if ":" in a}
    return [
        p
        for p in out
        if p.code not in WARNINGS
        or not (p.code in codes or (p.code, p.where.removeprefix("line:")) in pairs or (p.code, p.where) in pairs)
    ]


def _lint(m: AreaMap, fast: bool = True) -> list[AreaProblem]:
    """The problems of :func:`lint_area`, every one of them.  ``fast``: the usual outline (one
    valid part, no halves) and the pairs of a coverage are checked at C speed; without it, every
    outline and pair the general way (the same problems: tests/core/test_arealint.py)."""
    out: list[AreaProblem] = []
    locs = list(m.locations.values())
    # each outline's emptiness, validity, area and length asked of all at once (C speed)
    outlines = [loc.polygon for loc in locs]
    empty = shapely.is_empty(outlines).tolist()
    ok = shapely.is_valid(outlines).tolist()
    area = shapely.area(outlines).tolist()
    length = shapely.length(outlines).tolist()
    one = (shapely.get_type_id(outlines) == 3).tolist()  # a Polygon (not a MultiPolygon)
    areas = [a for a, e in zip(area, empty, strict=True) if not e]
    tol = tolerance_for(areas)
    small = statistics.median(areas) / 4 if areas else 0.0
    valid = []
    for n, loc in enumerate(locs):
        g = loc.polygon
        if fast and ok[n] and not empty[n] and one[n] and not (loc.halves and loc.has_halves):
            valid.append(loc)  # the usual outline: one valid part, no halves; a sliver if thin
            if length[n] and 2 * area[n] / length[n] < tol:
                _sliver(out, loc, g, tol)
            continue
        key = f"locations.{loc.id}.polygon"
        if empty[n]:
            out.append(AreaProblem("self-intersection", loc.id, f"{loc.label}: no polygon", key))
            continue
        if not ok[n]:
            out.append(_invalid(loc, key))
            continue
        valid.append(loc)
        for p in polygon_parts(g):
            if thin(p, tol):
                _sliver(out, loc, p, tol)
        if loc.has_halves:
            out += _half_problems(loc, tol, small)
    found, borders = _pairs(m, valid, tol, fast)
    out += found
    if len(valid) != len(areas):  # (areas: the outlines not empty)
        borders = None  # an outline the pairs left out (invalid): shared_borders takes it as what it covers
    out += _lines(m, borders)
    out += _duplicate_names(m)
    return out


def _invalid(loc: Location, key: str) -> AreaProblem:
    """The problem of an invalid outline, with where GEOS says it is invalid."""
    reason = shapely.is_valid_reason(loc.polygon)
    at = None
    if "[" in reason:
        try:
            xs = reason[reason.index("[") + 1 : reason.index("]")].split()
            at = (round(float(xs[0]), 2), round(float(xs[1]), 2))
        except (ValueError, IndexError):
            at = None
    what = reason.split("[")[0].strip()
    msg = (
        f"{loc.label}: the border crosses itself"
        if "Self-intersection" in what
        else f"{loc.label}: invalid polygon ({what.lower()})"
    )
    return AreaProblem("self-intersection", loc.id, msg + (f" at ({at[0]:g}, {at[1]:g})" if at else ""), key, at)


def _half_problems(loc: Location, tol: float, small: float) -> list[AreaProblem]:
    """The problems of a valid location's halves: empty, a sliver, too small to drop on."""
    g = loc.polygon
    out: list[AreaProblem] = []
    for h, hg in loc.half_geoms.items():
        if hg.is_empty:
            out.append(
                AreaProblem(
                    "empty-half",
                    f"{loc.id}.{h}",
                    f"{loc.label}: the split line leaves half {h} empty",
                    f"locations.{loc.id}.split",
                    loc.split[0],
                )
            )
        elif thin(hg, tol):
            out.append(
                AreaProblem(
                    "sliver",
                    f"{loc.id}.{h}",
                    f"{loc.label}: half {h} is a sliver",
                    f"locations.{loc.id}.split",
                    _pt(hg.representative_point()),
                )
            )
        elif hg.area < SMALL_HALF * g.area and hg.area < small:
            out.append(
                AreaProblem(
                    "small-half",
                    f"{loc.id}.{h}",
                    f"{loc.label}: half {h} is {100 * hg.area / g.area:.1f}% "
                    f"of the location, too small to drop a counter on: move the split line",
                    f"locations.{loc.id}.split",
                    _pt(hg.representative_point()),
                )
            )
    return out


def _duplicate_names(m: AreaMap) -> list[AreaProblem]:
    out: list[AreaProblem] = []
    names: dict[str, str] = {}
    for p in list(m.locations.values()) + list(m.boxes.values()):
        k = p.name.strip().lower()
        if not k:
            continue
        if k in names:
            is_loc = isinstance(p, Location)
            where = p.id if is_loc else f"box:{p.id}"
            table = "locations" if is_loc else "boxes"
            out.append(
                AreaProblem(
                    "duplicate-name", where, f"{p.label}: name already used by {names[k]}", f"{table}.{p.id}.name"
                )
            )
        else:
            names[k] = p.id
    return out


def _sliver(out: list[AreaProblem], loc: Location, p, tol: float) -> None:
    out.append(
        AreaProblem(
            "sliver",
            loc.id,
            f"{loc.label}: a sliver (area {p.area:.2f}, thinner than {tol:.2g})",
            f"locations.{loc.id}.polygon",
            _pt(p.representative_point()),
        )
    )


def nearly_touching(geoms, i: int, j: int, tree) -> tuple[float, float] | None:
    """Where outlines ``geoms[i]`` and ``geoms[j]`` (apart, and within the tolerance of each
    other) come nearest, unless another of ``geoms`` (in ``tree``, their STRtree) lies between
    them there (four meeting near a point): a gap to close."""
    pa, pb = nearest_points(geoms[i], geoms[j])
    mid = shapely.Point((pa.x + pb.x) / 2, (pa.y + pb.y) / 2)
    if any(k not in (i, j) for k in tree.query(mid, predicate="intersects").tolist()):
        return None
    return _pt(pa)


def _pairs(
    m: AreaMap, valid, tol: float, fast: bool = True
) -> tuple[list[AreaProblem], dict[tuple[str, str], float] | None]:
    """The overlaps and gaps between the ``valid`` locations, and their shared borders as
    :func:`mapref.core.areageom.shared_borders` gives them (None when the pairs looked at were
    cut short): the pairs' intersections are worked out once for both.  Where the outlines make
    a coverage (no overlaps, borders that fit vertex for vertex: a map made by Generate areas or
    the editor's snapping), ``fast`` reads the borders from the outlines' edges and measures only
    the pairs apart (:func:`_coverage_borders`, :func:`_apart`): the overlay's answer without
    intersecting every pair."""
    out: list[AreaProblem] = []
    if len(valid) < 2:
        return out, {}
    geoms = [loc.polygon for loc in valid]
    tree = shapely.STRtree(geoms)
    coverage = bool(shapely.coverage_is_valid(geoms))
    shared = _shared_edges(geoms) if coverage and fast else None
    near = _near(tree, geoms, tol, shared[0]) if shared is not None else None
    pairs, dist = near if near is not None else (near_pairs(tree, geoms, "dwithin", tol), None)
    # (bounded: locations piled up are named, not all of them)
    borders: dict[tuple[str, str], float] | None = {}
    if len(pairs) >= pair_limit(len(geoms)):
        borders = None
    if pairs and coverage and fast:  # no overlaps: only gaps between pairs apart, the borders from the edges
        if borders is not None:
            borders = _coverage_borders(valid, geoms, shared)
        _apart(out, valid, geoms, tree, pairs, dist)
    elif pairs:
        ga, gb = [geoms[i] for i, _ in pairs], [geoms[j] for _, j in pairs]
        inter = shapely.intersection(ga, gb)
        areas = shapely.area(inter)
        if borders is not None:
            borders = _borders(valid, pairs, ga, gb, inter, areas)
        dist = shapely.distance(ga, gb)
        left, right = [i for i, _ in pairs], [j for _, j in pairs]
        for i, j, a, d, g in zip(left, right, areas.tolist(), dist.tolist(), inter, strict=True):
            la, lb = valid[i], valid[j]
            if a > 1e-9:  # below: rounding noise of the intersection itself
                at = _pt(g.representative_point())
                if a >= tol * tol:
                    out.append(
                        AreaProblem(
                            "overlap",
                            la.id,
                            f"{la.label} and {lb.label} overlap (area {a:.2f})",
                            f"locations.{la.id}.polygon",
                            at,
                        )
                    )
                else:
                    out.append(
                        AreaProblem(
                            "gap",
                            la.id,
                            f"{la.label} and {lb.label}: their borders do not quite meet "
                            f"(a sliver of area {a:.2g} overlaps)",
                            f"locations.{la.id}.polygon",
                            at,
                        )
                    )
            elif d > 0:
                _nearly_touching(out, valid, geoms, tree, i, j, d)
    # small holes in the union: gaps between neighbours (in the order of their bounds)
    union = _union(geoms, coverage)
    holes = sorted((shapely.Polygon(ring) for part in polygon_parts(union) for ring in part.interiors), key=_bounds)
    for hole in holes:
        if small_hole(hole, tol):
            near = [valid[k].label for k in tree.query(hole, predicate="dwithin", distance=tol).tolist()]
            first = valid[int(tree.query(hole, predicate="dwithin", distance=tol)[0])] if near else valid[0]
            out.append(
                AreaProblem(
                    "gap",
                    first.id,
                    f"a gap (area {hole.area:.2f}) between {', '.join(sorted(near)) or 'locations'}",
                    f"locations.{first.id}.polygon",
                    _pt(hole.representative_point()),
                )
            )
    return out, borders


def _nearly_touching(out: list[AreaProblem], valid, geoms, tree, i: int, j: int, d: float) -> None:
    """A gap where outlines ``i`` and ``j``, ``d`` apart, come nearest (:func:`nearly_touching`)."""
    pa = nearly_touching(geoms, i, j, tree)
    if pa is not None:
        la, lb = valid[i], valid[j]
        out.append(
            AreaProblem(
                "gap",
                la.id,
                f"{la.label} and {lb.label} nearly touch ({d:.2f} apart): snap their borders",
                f"locations.{la.id}.polygon",
                pa,
            )
        )


def _near(tree, geoms, tol: float, touching=None):
    """The pairs of ``geoms`` within ``tol`` of each other and their distances: the pairs
    :func:`~mapref.core.areageom.near_pairs` finds with the tree's ``dwithin``, in its order,
    from the pairs whose bounds come within ``tol`` and the distance of each (one distance a
    pair, not the tree's test of each pair on an outline prepared for it); a distance within
    a hair of ``tol`` is settled by the tree's own test.  None when those pairs are as many as
    :func:`~mapref.core.areageom.pair_limit` allows (a pile: ``near_pairs`` cuts it short).
    ``touching``: the pairs ``i < j`` with an edge in common, as the sorted keys ``i * n + j``
    (:func:`_shared_edges`): their distance is 0 (they have its two points in common), not
    measured."""
    hair = 1e-9 * max(1.0, tol)
    b, g = shapely.bounds(geoms), tol + hair  # (every pair within tol, and some more)
    left, right = tree.query(shapely.box(b[:, 0] - g, b[:, 1] - g, b[:, 2] + g, b[:, 3] + g))
    keep = left < right
    left, right = left[keep], right[keep]
    if len(left) >= pair_limit(len(geoms)):
        return None
    if touching is None or not len(touching):
        dist = shapely.distance(numpy.take(geoms, left), numpy.take(geoms, right))
    else:
        key = left * len(geoms) + right
        at = numpy.minimum(numpy.searchsorted(touching, key), len(touching) - 1)
        apart = touching[at] != key
        dist = numpy.zeros(len(left))
        dist[apart] = shapely.distance(numpy.take(geoms, left[apart]), numpy.take(geoms, right[apart]))
    ok = dist <= tol
    for k in numpy.flatnonzero(numpy.abs(dist - tol) <= hair).tolist():
        i, j = int(left[k]), int(right[k])
        ok[k] = j in tree.query(geoms[i], predicate="dwithin", distance=tol).tolist()
    return list(zip(left[ok].tolist(), right[ok].tolist(), strict=True)), dist[ok]


def _apart(out: list[AreaProblem], valid, geoms, tree, pairs, dist=None) -> None:
    """The gaps between the nearby ``pairs`` of a coverage (no two outlines overlap: their
    intersections have no area) that do not touch: what the overlay's pass finds there
    (``dist``: the pairs' distances, when known)."""
    if dist is None:
        dist = shapely.distance([geoms[i] for i, _ in pairs], [geoms[j] for _, j in pairs])
    for k in numpy.flatnonzero(dist > 0).tolist():
        i, j = pairs[k]
        _nearly_touching(out, valid, geoms, tree, i, j, float(dist[k]))


def _coverage_borders(valid, geoms, shared=None) -> dict[tuple[str, str], float]:
    """The shared borders of outlines that make a coverage (``shapely.coverage_is_valid``: no
    overlaps, and where two outlines meet their edges are the same, vertex for vertex), as
    :func:`_borders` reads them from the pairs' intersections: each pair ``(i, j)``, ``i < j``,
    of ``valid`` whose outlines have edges in common, with their total length above
    :data:`GRID` (``shared``: :func:`_shared_edges` of ``geoms``, when worked out already)."""
    keys, total = _shared_edges(geoms) if shared is None else shared
    shared_ = total > GRID
    n = len(geoms)
    ids = [loc.id for loc in valid]
    first = [ids[i] for i in (keys[shared_] // n).tolist()]
    second = [ids[j] for j in (keys[shared_] % n).tolist()]
    return dict(zip(zip(first, second, strict=True), total[shared_].tolist(), strict=True))


def _shared_edges(geoms):
    """The pairs ``(i, j)``, ``i < j``, of ``geoms`` (a coverage) whose outlines have edges in
    common, as the sorted keys ``i * len(geoms) + j``, and the total length of their common
    edges.  The edges of every outline are matched at once (sorted), not intersected a pair at
    a time."""
    if (shapely.get_type_id(geoms) == 3).all() and not shapely.get_num_interior_rings(geoms).any():
        xy, ring = shapely.get_coordinates(geoms, return_index=True)  # one ring each: its own
        owner = ring
    else:
        parts, of_part = shapely.get_parts(geoms, return_index=True)
        rings, of_ring = shapely.get_rings(parts, return_index=True)
        xy, ring = shapely.get_coordinates(rings, return_index=True)
        owner = of_part[of_ring[ring]]
    same = numpy.flatnonzero(ring[:-1] == ring[1:])  # each segment: a coordinate and the next of its ring
    a, b, owner = xy[same], xy[same + 1], owner[same]
    flip = (a[:, 0] > b[:, 0]) | ((a[:, 0] == b[:, 0]) & (a[:, 1] > b[:, 1]))  # each edge one way round
    a[flip], b[flip] = b[flip], a[flip].copy()
    order = numpy.lexsort((owner, b[:, 1], b[:, 0], a[:, 1], a[:, 0]))
    a, b, owner = a[order], b[order], owner[order]
    twin = numpy.flatnonzero((a[:-1] == a[1:]).all(axis=1) & (b[:-1] == b[1:]).all(axis=1) & (owner[:-1] != owner[1:]))
    d = b[twin] - a[twin]
    length = numpy.sqrt(d[:, 0] * d[:, 0] + d[:, 1] * d[:, 1])
    key = owner[twin] * len(geoms) + owner[twin + 1]  # (the lower owner first: sorted by owner within an edge)
    keys, which = numpy.unique(key, return_inverse=True)
    return keys, numpy.bincount(which, weights=length, minlength=len(keys))


def _bounds(g) -> tuple[float, ...]:
    return g.bounds


def _union(geoms: list, coverage: bool):
    """The union of the outlines: where they make a ``coverage`` (``shapely.coverage_is_valid``:
    no overlaps, neighbours' borders that fit vertex for vertex, as Generate areas and the
    editor's snapping make them) it is worked out from their edges in one pass
    (shapely.coverage_union_all, a tenth of the time), else by the overlay (shapely.union_all)."""
    return shapely.coverage_union_all(geoms) if coverage else shapely.union_all(geoms)


def _borders(valid, pairs, ga, gb, inter, areas) -> dict[tuple[str, str], float]:
    """:func:`mapref.core.areageom.shared_borders` of the valid locations from the intersections
    of the nearby pairs: where two outlines only touch, what they have in common is their shared
    border; where they overlap (an error), the borders' own intersection is measured."""
    lengths = shapely.length(inter)
    over = numpy.flatnonzero(areas > 0)
    if len(over):
        lengths[over] = shapely.length(
            shapely.intersection(shapely.boundary(numpy.take(ga, over)), shapely.boundary(numpy.take(gb, over)))
        )
    out = {}
    for k in numpy.flatnonzero(lengths > GRID).tolist():
        i, j = pairs[k]
        out[(valid[i].id, valid[j].id)] = float(lengths[k])
    return out


def _lines(m: AreaMap, borders: dict[tuple[str, str], float] | None = None) -> list[AreaProblem]:
    """The lines' problems (``borders``: :func:`mapref.core.areageom.shared_borders` of the map,
    when worked out already)."""
    from mapref.core.areageom import shared_borders, touch_across_seam

    out: list[AreaProblem] = []
    seen: dict[tuple, str] = {}
    touched = {ln.a for ln in m.lines.values()} | {ln.b for ln in m.lines.values()}
    places = {s: _place(s) if "." in s else s for s in touched}  # each line's ends: their location or box
    boxes = {space for space in touched if space.startswith("box:")}
    for lid, ln in m.lines.items():
        end_a, end_b = ln.a, ln.b
        la, lb = places[end_a], places[end_b]
        pair = (la, lb, ln.kind) if la <= lb else (lb, la, ln.kind)  # (either way round)
        if pair in seen:
            out.append(
                AreaProblem(
                    "duplicate-line",
                    f"line:{lid}",
                    f"line {lid}: a second {ln.kind} line between {la} and {lb} (the first is {seen[pair]})",
                    f"lines.{lid}",
                )
            )
        else:
            seen[pair] = lid
        if ln.proposed:
            out.append(
                AreaProblem(
                    "proposed-line",
                    f"line:{lid}",
                    f"line {lid}: proposed from a shared border: accept or delete it",
                    f"lines.{lid}",
                )
            )
        if ln.kind == "land" and not ln.crossing and end_a not in boxes and end_b not in boxes:
            if borders is None:
                borders = shared_borders(m)
            if (la, lb) not in borders and (lb, la) not in borders and not (ln.wrap and touch_across_seam(m, la, lb)):
                out.append(
                    AreaProblem(
                        "land-line-apart",
                        f"line:{lid}",
                        f"line {lid}: a land line between {la} and {lb}, "
                        "which share no border"
                        + (" even across the map's seam" if ln.wrap else "")
                        + " (a strait crossing on purpose: mark it crossing = true)",
                        f"lines.{lid}",
                    )
                )
    return out + _unreached(m, touched)


def _unreached(m: AreaMap, touched: set[str]) -> list[AreaProblem]:
    """The locations, halves and boxes no move line reaches (``touched``: the lines' ends)."""
    out: list[AreaProblem] = []
    for loc in m.locations.values():
        if loc.halves and loc.has_halves:
            missing = [s for s in loc.spaces() if s not in touched]
            if len(missing) == 2:
                out.append(
                    AreaProblem("no-lines", loc.id, f"{loc.label}: no move line reaches it", f"locations.{loc.id}")
                )
            elif missing:
                out.append(
                    AreaProblem(
                        "no-lines",
                        missing[0],
                        f"{loc.label}: no move line reaches half {missing[0].split('.')[1]}",
                        f"locations.{loc.id}.halves",
                    )
                )
        elif loc.id not in touched:
            out.append(AreaProblem("no-lines", loc.id, f"{loc.label}: no move line reaches it", f"locations.{loc.id}"))
    for bid, b in m.boxes.items():
        if f"box:{bid}" not in touched:
            out.append(AreaProblem("no-lines", f"box:{bid}", f"box {b.label}: no move line reaches it", f"boxes.{bid}"))
    return out


def _place(space: str) -> str:
    return space if space.startswith("box:") else space.split(".", 1)[0]


__all__ = [
    "AreaProblem",
    "ERRORS",
    "NOTES",
    "WARNINGS",
    "lint_area",
    "nearly_touching",
    "small_hole",
    "thin",
    "tolerance",
    "tolerance_for",
]
