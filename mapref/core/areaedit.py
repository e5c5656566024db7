"""Edits of an area map as undoable commands, and the operations the area editor offers.

Every change goes through :class:`Edit`, one command that replaces items of the map's tables
(``locations``, ``boxes``, ``lines``, ``colours``, ``line_kinds``, ``regions``), renames items
and sets map attributes (``name``, ``notes``, ``land``, ``background``, ``geo``).  Items are
immutable, so an edit builds new tables and undo puts the old ones back: an undone edit gives
back the very same map (file order included).  An edit that would leave the map inconsistent
(a line to a space that no longer exists, an unknown colour class) raises
:class:`~mapref.core.commands.EditError` before changing anything.

The functions below build the edits the editor, the command line and tests make: draw a
location with exact shared borders, move/insert/delete a vertex in every location that has it,
split a location into halves (its lines move to the half nearest them), generate areas from
points (Voronoi cells clipped to the land), draw and suggest move lines.

>>> from mapref.core.history import History
>>> m = AreaMap()
>>> h = History(m)
>>> h.push(add_location(m, [(0, 0), (10, 0), (10, 10), (0, 10)], name="West"))
>>> h.push(add_location(m, [(10, 0), (20, 0), (20, 10), (10, 10)], name="East"))
>>> h.push(add_line(m, "west", "east"))
>>> list(m.locations), list(m.lines), h.undo().label, list(m.lines)
(['west', 'east'], ['west-east'], 'Add line West - East', [])
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass, field
from collections.abc import Iterable, Mapping

from shapely.geometry import Point, Polygon
from shapely.geometry.base import BaseGeometry

from mapref.core import history
from mapref.core.areageom import (
    absorb_vertices,
    deleted_vertex,
    fit_polygon,
    inserted_points,
    inserted_vertex,
    moved_vertex,
    outline_of,
    round_geom,
    rings_of,
    round_point,
    share_points,
    share_vertices,
    shared_borders,
    trace,
    voronoi_cells,
)
from mapref.core.areamodel import (
    ALWAYS,
    BUILTIN_LINE_KINDS,
    DEFAULT_BOX_SIZE,
    WRAP_NEEDS_SEAMS,
    AreaMap,
    Box,
    Condition,
    Location,
    MoveLine,
    box_space,
    half_ids_for,
    split_halves,
    valid_id,
)
from mapref.core.commands import EditError

TABLES = ("locations", "boxes", "lines", "colours", "line_kinds", "regions")
MAP_ATTRS = ("name", "notes", "land", "background", "geo", "page", "accept")


@dataclass
class AreaTouch:
    """What an edit changed, for views that refresh only that."""

    locations: set[str] = field(default_factory=set)
    boxes: set[str] = field(default_factory=set)
    lines: set[str] = field(default_factory=set)
    everything: bool = False  # colours, kinds, renames: redraw all
    background: bool = False
    land: bool = False


class Edit(history.Command):
    """Replace items of the map's tables (``id -> new item``, ``None`` deletes), rename items
    (``renames={"locations": {"old": "new"}}``, lines and regions follow) and set map
    attributes, as one undoable step."""

    def __init__(
        self,
        label: str,
        *,
        renames: Mapping[str, Mapping[str, str]] | None = None,
        attrs: Mapping[str, object] | None = None,
        **tables: Mapping[str, object],
    ) -> None:
        bad = set(tables) - set(TABLES)
        if bad:
            raise TypeError(f"no such table: {', '.join(sorted(bad))}")
        bad = set(attrs or {}) - set(MAP_ATTRS)
        if bad:
            raise TypeError(f"no such map attribute: {', '.join(sorted(bad))}")
        self.label = label
        self.changes = {t: dict(v) for t, v in tables.items() if v}
        self.renames = {t: dict(v) for t, v in (renames or {}).items() if v}
        self.attrs = dict(attrs or {})
        self._old_tables: dict[str, dict] = {}
        self._old_attrs: dict[str, object] = {}

    def is_empty(self) -> bool:
        return not (self.changes or self.renames or self.attrs)

    # ------------------------------------------------------------------------------ do
    def do(self, m: AreaMap) -> None:
        new_tables = {}
        for t in (
            set(self.changes)
            | set(self.renames)
            | ({"lines", "regions"} if self.renames.get("locations") or self.renames.get("boxes") else set())
        ):
            new_tables[t] = self._apply(t, getattr(m, t))
        staged = {t: new_tables.get(t, getattr(m, t)) for t in TABLES}
        # what the edit changed, where only that can have broken the map (a valid map stays valid
        # elsewhere): renames and new colour classes or line kinds are checked everywhere
        keys = (
            None
            if self.renames or {"colours", "line_kinds"} & set(self.changes)
            else {t: set(v) for t, v in self.changes.items()}
        )
        _validate(staged, set(new_tables), keys, {t: getattr(m, t) for t in ("lines",)})
        self._old_tables = {t: getattr(m, t) for t in new_tables}
        self._old_attrs = {a: getattr(m, a) for a in self.attrs}
        for t, v in new_tables.items():
            setattr(m, t, v)
        for a, value in self.attrs.items():
            setattr(m, a, value)

    def _apply(self, t: str, old: dict) -> dict:
        ren = self.renames.get(t, {})
        out: dict = {}
        for k, v in old.items():
            if k in ren:
                nk = ren[k]
                out[nk] = dataclasses.replace(v, id=nk) if hasattr(v, "id") else v
            else:
                out[k] = v
        loc_ren = self.renames.get("locations", {})
        box_ren = {box_space(a): box_space(b) for a, b in self.renames.get("boxes", {}).items()}
        if t == "lines" and (loc_ren or box_ren):

            def sp(s: str) -> str:
                if s in box_ren:
                    return box_ren[s]
                base, dot, half = s.partition(".")
                return loc_ren.get(base, base) + dot + half if base in loc_ren else s

            out = {k: dataclasses.replace(v, a=sp(v.a), b=sp(v.b)) for k, v in out.items()}
        if t == "regions" and (loc_ren or box_ren):

            def mem(s: str) -> str:
                return box_ren.get(s) or (
                    loc_ren.get(s.partition(".")[0], s.partition(".")[0]) + "".join(s.partition(".")[1:])
                )

            out = {k: dataclasses.replace(v, members=tuple(mem(x) for x in v.members)) for k, v in out.items()}
        for k, v in self.changes.get(t, {}).items():
            if v is None:
                out.pop(k, None)
            else:
                out[k] = v
        return out

    def undo(self, m: AreaMap) -> None:
        for t, v in self._old_tables.items():
            setattr(m, t, v)
        for a, value in self._old_attrs.items():
            setattr(m, a, value)

    def touch(self) -> AreaTouch:
        t = AreaTouch()
        t.locations = set(self.changes.get("locations", {}))
        t.boxes = set(self.changes.get("boxes", {}))
        t.lines = set(self.changes.get("lines", {}))
        t.everything = bool(self.renames) or bool({"colours", "line_kinds"} & set(self.changes)) or "name" in self.attrs
        t.background = "background" in self.attrs
        t.land = "land" in self.attrs
        return t


def _validate(
    tb: Mapping[str, dict],
    changed: set[str],
    keys: Mapping[str, set[str]] | None = None,
    before: Mapping[str, dict] | None = None,
) -> None:
    """Refuse a staged map whose ids, colours or lines are wrong.  ``keys``: the items an edit
    changed, table -> ids (None: every item is checked); then only those are checked, and the
    lines joined to a location or box changed (or gone), as the map before the edit (``before``)
    and after it has them."""
    locs, boxes, lines = tb["locations"], tb["boxes"], tb["lines"]
    colours = tb["colours"]
    problems = []

    def items(table: str, d: dict):
        if keys is None:
            return d.items()
        return [(k, d[k]) for k in keys.get(table, ()) if k in d]

    if changed & {"locations", "boxes", "colours"}:
        for table, d in (("locations", locs), ("boxes", boxes)):
            for k, p in items(table, d):
                if not valid_id(k):
                    problems.append(f"{k!r} is not an id (lowercase letters, digits, _ and -)")
                if p.colour and p.colour not in colours:
                    problems.append(
                        f"{p.label}: unknown colour class {p.colour!r} (the map has {', '.join(colours) or 'none'})"
                    )
    if changed & {"locations", "boxes", "lines", "line_kinds"}:
        kinds = set(BUILTIN_LINE_KINDS) | set(tb["line_kinds"])

        def exists(s: str) -> bool:
            if s.startswith("box:"):
                return s[4:] in boxes
            base, dot, half = s.partition(".")
            loc = locs.get(base)
            if loc is None:
                return False
            return half in loc.halves if loc.has_halves else not dot

        to_check: Iterable[tuple[str, MoveLine]]
        if keys is None:
            to_check = lines.items()
        else:
            ids = set(keys.get("lines", ())) & set(lines)
            places = set(keys.get("locations", ())) | {box_space(b) for b in keys.get("boxes", ())}
            if places:
                for d in (lines, (before or {}).get("lines") or {}):
                    ids.update(k for p in places for k in lines_by_place(d).get(p, ()) if k in lines)
            to_check = [(k, lines[k]) for k in sorted(ids)]
        for k, ln in to_check:
            if not valid_id(k):
                problems.append(f"{k!r} is not a line id (lowercase letters, digits, _ and -)")
            for end in (ln.a, ln.b):
                if not exists(end):
                    problems.append(
                        f"line {k}: no space {end!r} (a location with halves is joined by a half, such as sedan.w)"
                    )
            if ln.a == ln.b:
                problems.append(f"line {k}: joins {ln.a} to itself")
            if ln.kind not in kinds:
                problems.append(f"line {k}: unknown kind {ln.kind!r} (known: {', '.join(sorted(kinds))})")
    if problems:
        raise EditError("; ".join(problems[:5]) + (f" (and {len(problems) - 5} more)" if len(problems) > 5 else ""))


_BY_PLACE: dict[int, tuple[dict, dict]] = {}  # id(lines table) -> (the table, its lines by place), the last few


def lines_by_place(lines: dict) -> dict[str, list[str]]:
    """The ids of ``lines`` by the location (or ``box:id``) at either end, made once per lines
    table (an edit makes a new table only when it changes lines): what an edit's check and the
    area canvas read to find the lines joined to a place."""
    kept = _BY_PLACE.get(id(lines))
    if kept is None or kept[0] is not lines:
        out: dict[str, list[str]] = {}
        for k, ln in lines.items():
            for end in {_loc_of(ln.a), _loc_of(ln.b)}:
                out.setdefault(end, []).append(k)
        while len(_BY_PLACE) >= 3:
            _BY_PLACE.pop(next(iter(_BY_PLACE)))
        kept = _BY_PLACE[id(lines)] = (lines, out)
    return kept[1]


def merge(label: str, *edits: Edit) -> Edit:
    """One edit doing what several item edits do (later ones win); renames are not merged."""
    out = Edit(label)
    for e in edits:
        if e.renames:
            raise ValueError("cannot merge renames")
        for t, ch in e.changes.items():
            out.changes.setdefault(t, {}).update(ch)
        out.attrs.update(e.attrs)
    return out


# --------------------------------------------------------------------------- locations
def _location_name(m: AreaMap) -> str:
    n = len(m.locations) + 1
    names = {loc.name for loc in m.locations.values()}
    while f"Location {n}" in names:
        n += 1
    return f"Location {n}"


def add_location(
    m: AreaMap, points: list, name: str = "", lid: str | None = None, snap_borders: bool = True, **props
) -> Edit:
    """A new location from clicked points (already snapped).  Consecutive points on a
    neighbour's border follow it; the polygon is cut back where it overlaps neighbours; its
    vertices on a neighbour's border are inserted there too.  One undo step."""
    pts = [round_point(p) for p in points]
    if snap_borders:
        pts = trace(m, pts)
    if len(pts) < 3:
        raise EditError("a location needs at least three vertices")
    geom = Polygon(pts)
    if not geom.is_valid:
        import shapely

        geom = shapely.make_valid(geom)
    return add_outline(m, geom, name, lid, snap_borders, **props)


def add_outline(
    m: AreaMap, geom: BaseGeometry, name: str = "", lid: str | None = None, snap_borders: bool = True, **props
) -> Edit:
    """A new location with the outline ``geom`` (a polygon or several parts, holes kept): cut
    back where it overlaps other locations, given their vertices that lie on its border and
    giving them its own, so every border is shared exactly (what the editor's grab tool adds
    from a traced underlay, :func:`mapref.core.areatrace.trace_image`).  One undo step."""
    geom = absorb_vertices(m, fit_polygon(m, geom)) if snap_borders else round_geom(geom)
    if geom.is_empty:
        raise EditError("the new location lies entirely inside other locations")
    name = name or _location_name(m)
    lid = lid or m.new_id(name)
    if lid in m.locations:
        raise EditError(f"there is already a location {lid!r}")
    neighbours = share_vertices(m, geom) if snap_borders else {}
    changes: dict[str, object] = {k: dataclasses.replace(m.locations[k], polygon=g) for k, g in neighbours.items()}
    changes[lid] = Location(lid, name=name, polygon=geom, **props)
    return Edit(f"Add location {name}", locations=changes)


LOCATION_PROPS = ("name", "colour", "capital", "vp", "supply", "attrs", "anchor", "polygon", "halves", "split")


def set_location(m: AreaMap, lid: str, label: str | None = None, **props) -> Edit:
    loc = _loc(m, lid)
    bad = set(props) - set(LOCATION_PROPS)
    if bad:
        raise EditError(f"locations have no property {', '.join(sorted(bad))}")
    props = _check_place_props(props)
    if "anchor" in props and props["anchor"] is not None:
        props["anchor"] = round_point(props["anchor"])
    new = dataclasses.replace(loc, **props)
    return Edit(label or f"Set {', '.join(sorted(props))} of {loc.label}", locations={lid: new})


def _check_place_props(props: dict) -> dict:
    out = dict(props)
    if "vp" in out:
        try:
            out["vp"] = int(out["vp"] or 0)
        except (TypeError, ValueError):
            raise EditError(f"a victory value is a whole number 0-99, got {out['vp']!r}") from None
        if not 0 <= out["vp"] <= 99:
            raise EditError(f"a victory value is 0-99, got {out['vp']}")
    if "capital" in out:
        out["capital"] = bool(out["capital"])
    if "name" in out:
        out["name"] = str(out["name"]).strip()
    if "colour" in out:
        out["colour"] = (out["colour"] or "").strip()
    if "attrs" in out:
        out["attrs"] = dict(out["attrs"] or {})
    return out


def _loc(m: AreaMap, lid: str) -> Location:
    loc = m.locations.get(lid)
    if loc is None:
        raise EditError(f"no location {lid!r}")
    return loc


def rename(m: AreaMap, table: str, old: str, new: str) -> Edit:
    """Give a location, box or line a new id (lines and regions follow)."""
    new = new.strip()
    items = getattr(m, table)
    if old not in items:
        raise EditError(f"no {table[:-1]} {old!r}")
    if not valid_id(new):
        raise EditError(f"an id is lowercase letters, digits, _ and -, got {new!r}")
    if new != old and new in items:
        raise EditError(f"there is already a {table[:-1]} {new!r}")
    return Edit(f"Rename {old} to {new}", renames={table: {old: new}})


def delete_location(m: AreaMap, lid: str) -> Edit:
    loc = _loc(m, lid)
    lines = {k: None for k, ln in m.lines.items() if lid in (ln.a.split(".")[0], ln.b.split(".")[0])}
    regions = {
        k: dataclasses.replace(r, members=tuple(x for x in r.members if x.split(".")[0] != lid))
        for k, r in m.regions.items()
        if any(x.split(".")[0] == lid for x in r.members)
    }
    return Edit(f"Delete location {loc.label}", locations={lid: None}, lines=lines, regions=regions)


def _with_geoms(m: AreaMap, label: str, geoms: Mapping[str, BaseGeometry]) -> Edit:
    return Edit(label, locations={k: dataclasses.replace(m.locations[k], polygon=g) for k, g in geoms.items()})


def move_vertex(m: AreaMap, at, to) -> Edit:
    """Move the vertex at ``at`` to ``to`` in every location that has it."""
    geoms = moved_vertex(m, tuple(at), tuple(to))
    if not geoms:
        raise EditError(f"no vertex at {tuple(at)}")
    return _with_geoms(m, "Move vertex", geoms)


def insert_vertex(m: AreaMap, xy, reach: float = 0.02) -> Edit:
    """Add a vertex at ``xy`` to every border passing there (both sides of a shared border)."""
    geoms = inserted_vertex(m, tuple(xy), reach)
    if not geoms:
        raise EditError("no border there to add a vertex to")
    return _with_geoms(m, "Insert vertex", geoms)


def delete_vertex(m: AreaMap, at) -> Edit:
    try:
        geoms = deleted_vertex(m, tuple(at))
    except ValueError as e:
        raise EditError(str(e)) from None
    if not geoms:
        raise EditError(f"no vertex at {tuple(at)}")
    return _with_geoms(m, "Delete vertex", geoms)


def move_location(m: AreaMap, lid: str, dx: float, dy: float) -> Edit:
    """Move a whole location (its polygon, anchor and split line) by (dx, dy)."""
    from shapely import affinity

    loc = _loc(m, lid)
    g = round_geom(affinity.translate(loc.polygon, dx, dy))
    anchor = round_point((loc.anchor[0] + dx, loc.anchor[1] + dy)) if loc.anchor else None
    split = tuple(round_point((x + dx, y + dy)) for x, y in loc.split)
    half_anchors = {h: round_point((x + dx, y + dy)) for h, (x, y) in loc.half_anchors.items()}
    return Edit(
        f"Move {loc.label}",
        locations={lid: dataclasses.replace(loc, polygon=g, anchor=anchor, split=split, half_anchors=half_anchors)},
    )


# ------------------------------------------------------------------------------ halves
def _nearest_half(halves: Mapping[str, BaseGeometry], p) -> str:
    pt = Point(p)
    best, best_d = None, math.inf
    for h, g in halves.items():
        d = g.distance(pt) if not g.is_empty else math.inf
        if d < best_d:
            best, best_d = h, d
    return best if best is not None else next(iter(halves))


def split_location(m: AreaMap, lid: str, points: list, ids: tuple[str, str] | None = None) -> Edit:
    """Split a location into two halves along a line (its lines move to the nearer half)."""
    loc = _loc(m, lid)
    pts = tuple(round_point(p) for p in points)
    if len(pts) < 2:
        raise EditError("a split line needs at least two points")
    try:
        left, right = split_halves(loc.polygon, pts)
        ids = ids or half_ids_for(loc.polygon, pts)
    except ValueError as e:
        raise EditError(str(e)) from None
    if left.is_empty or right.is_empty:
        raise EditError(f"the line does not cut {loc.label} in two: draw it across the location")
    if not (valid_id(ids[0]) and valid_id(ids[1]) and ids[0] != ids[1]):
        raise EditError(f"half ids are two different ids of lowercase letters and digits, got {ids!r}")
    new = dataclasses.replace(
        loc, halves=tuple(ids), split=pts, half_anchors={}
    )  # a new split: points inside the new halves
    halves = {ids[0]: left, ids[1]: right}
    lines = _repoint_lines(m, loc, new, halves)
    return Edit(f"Split {loc.label} into halves", locations={lid: new}, lines=lines)


def _repoint_lines(m: AreaMap, old: Location, new: Location, halves: Mapping[str, BaseGeometry]) -> dict:
    """Lines to ``old`` (or its old halves) re-pointed to the halves of ``new`` (or to ``new``)."""
    out = {}
    for k, ln in m.lines.items():
        ends = []
        for end, other in ((ln.a, ln.b), (ln.b, ln.a)):
            if end.split(".", 1)[0] != old.id or end.startswith("box:"):
                ends.append(end)
                continue
            if not halves:
                ends.append(new.id)
                continue
            if "." in end and old.has_halves:
                p = old.space_point(end)  # where the old half was
            else:
                q = m.space_point(other) if m.space_exists(other) else None  # a space that is has a point
                p = q if q is not None else old.label_point
            ends.append(f"{new.id}.{_nearest_half(halves, p)}")
        if (ends[0], ends[1]) != (ln.a, ln.b):
            out[k] = dataclasses.replace(ln, a=ends[0], b=ends[1])
    return out


def unsplit_location(m: AreaMap, lid: str) -> Edit:
    loc = _loc(m, lid)
    if not loc.has_halves:
        raise EditError(f"{loc.label} has no halves")
    new = dataclasses.replace(loc, halves=(), split=())
    return Edit(f"Join the halves of {loc.label}", locations={lid: new}, lines=_repoint_lines(m, loc, new, {}))


def rename_halves(m: AreaMap, lid: str, ids: Iterable[str]) -> Edit:
    loc = _loc(m, lid)
    if not loc.has_halves:
        raise EditError(f"{loc.label} has no halves")
    ids = tuple(i.strip().lower() for i in ids)
    if not (len(ids) == 2 and all(valid_id(i) for i in ids) and ids[0] != ids[1]):
        raise EditError(f"half ids are two different ids of lowercase letters and digits, got {' '.join(ids)!r}")
    ren = {f"{lid}.{a}": f"{lid}.{b}" for a, b in zip(loc.halves, ids, strict=True)}
    lines = {}
    for k, ln in m.lines.items():
        a, b = ren.get(ln.a, ln.a), ren.get(ln.b, ln.b)
        if (a, b) != (ln.a, ln.b):
            lines[k] = dataclasses.replace(ln, a=a, b=b)
    return Edit(f"Rename the halves of {loc.label}", locations={lid: dataclasses.replace(loc, halves=ids)}, lines=lines)


# ---------------------------------------------------------------------- generate areas
def generation_region(m: AreaMap, points: list, background_rect: tuple | None = None) -> tuple[BaseGeometry, list[str]]:
    """What "generate areas from points" cuts: (region, locations it replaces).

    The locations that contain a point are replaced; the region is the map's land outline
    (less the locations not replaced) when it has one, else the replaced locations' union, else
    the background image's rectangle, else the points' hull with a margin."""
    from shapely.geometry import MultiPoint, box
    from shapely.ops import unary_union

    pts = [Point(p) for p in points]
    replaced = [lid for lid, loc in m.locations.items() if any(loc.polygon.intersects(p) for p in pts)]
    kept = [loc.polygon for lid, loc in m.locations.items() if lid not in replaced and loc.polygon.is_valid]
    if m.land is not None and not m.land.is_empty:
        region = m.land.difference(unary_union(kept)) if kept else m.land
    elif replaced:
        region = unary_union([m.locations[k].polygon for k in replaced])
    elif background_rect is not None:
        region = box(*background_rect)
    else:
        hull = MultiPoint(pts).convex_hull
        x0, y0, x1, y1 = hull.bounds
        region = hull.buffer(max(x1 - x0, y1 - y0, 10) * 0.25)
    return region, replaced


def generate_areas(
    m: AreaMap, points: list, names: list[str] | None = None, background_rect: tuple | None = None
) -> Edit:
    """Cut the land into one location per point (Voronoi cells clipped to the region of
    :func:`generation_region`); each point becomes its location's label anchor, and a land line
    is proposed between every two new locations that share a border (and between a new one and
    a neighbour it touches), to accept or delete.  The cells' vertices on the coast and on the
    kept neighbours' borders are inserted there too, so every border is shared exactly."""
    pts = [round_point(p) for p in points]
    if len(pts) < 1:
        raise EditError("click at least one point (a city) for each location to make")
    region, replaced = generation_region(m, pts, background_rect)
    region = round_geom(region)
    if region.is_empty:
        raise EditError("there is no land left to cut into areas here")
    try:
        cells = voronoi_cells(pts, region)
    except ValueError as e:
        raise EditError(str(e)) from None
    verts = [p for c in cells for _, ring in rings_of(c) for p in ring]
    attrs = {}
    if m.land is not None and not m.land.is_empty:
        attrs["land"] = _coast_with(m.land, verts)  # the cells' new coast vertices go into the outline too
    delete = merge("x", *[delete_location(m, lid) for lid in replaced]) if replaced else Edit("x")
    changes: dict[str, object] = dict(delete.changes.get("locations", {}))
    # the cells' vertices on a neighbour's border go into that border too (shared exactly)
    kept = AreaMap(locations={k: v for k, v in m.locations.items() if k not in replaced})
    for k, g in share_points(kept, verts).items():
        changes[k] = dataclasses.replace(kept.locations[k], polygon=g)
    taken = set(m.locations) - set(replaced)
    names_used = {loc.name for loc in m.locations.values()}
    n = 1
    new_ids = []
    for i, (p, cell) in enumerate(zip(pts, cells, strict=True)):
        if cell.is_empty:
            continue
        if names and i < len(names) and names[i]:
            name = names[i]
        else:
            while f"Area {n}" in names_used:
                n += 1
            name = f"Area {n}"
            n += 1
        base = m.new_id(name)
        lid, nth = base, 2
        while lid in taken or (lid in changes and changes[lid] is not None):
            lid, nth = f"{base}_{nth}", nth + 1
        taken.add(lid)
        new_ids.append(lid)
        changes[lid] = Location(lid, name=name, polygon=cell, anchor=p)
    edit = Edit(
        f"Generate {len(pts)} areas from points",
        locations=changes,
        lines=delete.changes.get("lines", {}),
        regions=delete.changes.get("regions", {}),
        attrs=attrs,
    )
    lines = _proposed_after(m, edit, new_ids)
    if lines:
        edit.changes["lines"] = {**edit.changes.get("lines", {}), **lines}
    return edit


def _proposed_after(m: AreaMap, edit: Edit, new_ids: list[str]) -> dict[str, MoveLine]:
    """The land lines :func:`suggest_lines` proposes around ``new_ids`` on the map as ``edit``
    leaves it (the map itself is not changed)."""
    after = AreaMap(
        locations=m.locations,
        boxes=m.boxes,
        lines=m.lines,
        colours=m.colours,
        line_kinds=m.line_kinds,
        regions=m.regions,
    )
    edit.do(after)
    new = set(new_ids)
    near = set(new)
    touched = {k for k, v in edit.changes.get("locations", {}).items() if v is not None}
    near |= touched  # kept neighbours whose borders took the cells' vertices
    e = suggest_lines(after, ids=[k for k in after.locations if k in near])
    if e is None:
        return {}
    return {
        k: ln
        for k, ln in e.changes["lines"].items()
        if isinstance(ln, MoveLine) and (_loc_of(ln.a) in new or _loc_of(ln.b) in new)
    }


def _coast_with(land: BaseGeometry, points) -> BaseGeometry:
    """The land outline with every one of ``points`` that lies on its border inserted."""
    coast = round_geom(land)
    got = inserted_points(coast, points, 0.02)
    return coast if got is None else got


def set_land_from_locations(m: AreaMap) -> Edit:
    if not m.locations:
        raise EditError("the map has no locations to take the land outline from")
    return Edit(
        "Land outline from the locations", attrs={"land": outline_of(loc.polygon for loc in m.locations.values())}
    )


# -------------------------------------------------------------------------------- lines
def _loc_of(space: str) -> str:
    return space if space.startswith("box:") else space.split(".", 1)[0]


def line_id(m: AreaMap, a: str, b: str, taken: Iterable[str] = (), *, used: set[str] | None = None) -> str:
    """A fresh line id ``a-b`` (``a-b_2``...) not among the map's lines and ``taken``; a caller
    making many passes ``used`` (every id taken, kept up to date by the caller) instead."""

    def part(s):
        return s[4:] if s.startswith("box:") else s.split(".", 1)[0]

    base = f"{part(a)}-{part(b)}"
    used = used if used is not None else set(m.lines) | set(taken)
    if base not in used:
        return base
    n = 2
    while f"{base}_{n}" in used:
        n += 1
    return f"{base}_{n}"


def _space_label(m: AreaMap, s: str) -> str:
    p = m.place_of(s)
    if p is None:
        return s
    return p.label + (f" ({s.split('.', 1)[1]})" if "." in s and not s.startswith("box:") else "")


def add_line(
    m: AreaMap,
    a: str,
    b: str,
    kind: str = "land",
    oneway: bool = False,
    defence_a: int = 0,
    defence_b: int = 0,
    condition: Condition = ALWAYS,
    via=(),
    proposed: bool = False,
    lid: str | None = None,
    attrs=None,
    crossing: bool = False,
) -> Edit:
    for s in (a, b):
        if not m.space_exists(s):
            loc = m.locations.get(s.split(".", 1)[0])
            if loc is not None and loc.has_halves:
                raise EditError(f"{loc.label} has halves: join one of {', '.join(loc.spaces())}")
            raise EditError(f"no location, half or box {s!r}")
    if _loc_of(a) == _loc_of(b):
        raise EditError("a move line joins two different locations")
    lid = lid or line_id(m, a, b)
    ln = MoveLine(
        lid,
        a,
        b,
        kind=kind,
        oneway=bool(oneway),
        defence_a=int(defence_a),
        defence_b=int(defence_b),
        condition=condition,
        via=tuple(round_point(p) for p in via),
        proposed=proposed,
        crossing=bool(crossing),
        attrs=dict(attrs or {}),
    )
    return Edit(f"Add line {_space_label(m, a)} - {_space_label(m, b)}", lines={lid: ln})


LINE_PROPS = (
    "a",
    "b",
    "kind",
    "oneway",
    "defence_a",
    "defence_b",
    "condition",
    "via",
    "proposed",
    "crossing",
    "wrap",
    "attrs",
)


def set_line(m: AreaMap, lid: str, label: str | None = None, **props) -> Edit:
    ln = m.lines.get(lid)
    if ln is None:
        raise EditError(f"no line {lid!r}")
    bad = set(props) - set(LINE_PROPS)
    if bad:
        raise EditError(f"lines have no property {', '.join(sorted(bad))}")
    for k in ("defence_a", "defence_b"):
        if k in props:
            try:
                props[k] = int(props[k] or 0)
            except (TypeError, ValueError):
                raise EditError(f"a defence value is a whole number 0-99, got {props[k]!r}") from None
            if not 0 <= props[k] <= 99:
                raise EditError(f"a defence value is 0-99, got {props[k]}")
    if "condition" in props and isinstance(props["condition"], str):
        try:
            props["condition"] = Condition.parse(props["condition"])
        except ValueError as e:
            raise EditError(str(e)) from None
    if "via" in props:
        props["via"] = tuple(round_point(p) for p in props["via"])
    for k in ("oneway", "proposed", "crossing", "wrap"):
        if k in props:
            props[k] = bool(props[k])
    if props.get("wrap") and not m.wraps:  # the file would be refused (docs/format.md, [lines] wrap)
        raise EditError(WRAP_NEEDS_SEAMS)
    return Edit(label or f"Set {', '.join(sorted(props))} of line {lid}", lines={lid: dataclasses.replace(ln, **props)})


def delete_lines(m: AreaMap, ids: Iterable[str]) -> Edit:
    ids = [i for i in ids if i in m.lines]
    if not ids:
        raise EditError("no line to delete")
    return Edit("Delete line" + ("s" if len(ids) > 1 else f" {ids[0]}"), lines={i: None for i in ids})


def accept_lines(m: AreaMap, ids: Iterable[str]) -> Edit:
    ch = {i: dataclasses.replace(m.lines[i], proposed=False) for i in ids if i in m.lines and m.lines[i].proposed}
    if not ch:
        raise EditError("no proposed line to accept")
    return Edit("Accept line" + ("s" if len(ch) > 1 else f" {next(iter(ch))}"), lines=ch)


def best_half(m: AreaMap, lid: str, towards: str) -> str:
    """The space of location ``lid`` a line towards location/box ``towards`` should join: the
    half sharing the longest border with it, else the half nearest to it."""
    loc = m.locations[lid]
    if not loc.has_halves:
        return lid
    other = m.locations.get(towards)
    halves = loc.half_geoms
    if other is not None:
        from mapref.core.areageom import border_between

        lengths = {h: border_between(g, other.polygon).length for h, g in halves.items() if not g.is_empty}
        if lengths and max(lengths.values()) > 0:
            return f"{lid}.{max(lengths, key=lengths.__getitem__)}"
        p = other.label_point
    else:
        p = m.boxes[towards[4:]].centre if towards.startswith("box:") and towards[4:] in m.boxes else loc.label_point
    return f"{lid}.{_nearest_half(halves, p)}"


def suggest_lines(m: AreaMap, kind: str = "land", ids: Iterable[str] | None = None) -> Edit | None:
    """Proposed land lines between locations that share a border and have no line yet (each
    end at the half along that border).  None when there is nothing to suggest."""
    joined = {frozenset((_loc_of(ln.a), _loc_of(ln.b))) for ln in m.lines.values()}
    new: dict[str, MoveLine] = {}
    used = set(m.lines)  # the ids taken so far (line_id would otherwise gather them for every line)
    for (a, b), _length in shared_borders(m, ids).items():
        if frozenset((a, b)) in joined:
            continue
        sa, sb = best_half(m, a, b), best_half(m, b, a)
        lid = line_id(m, sa, sb, used=used)
        used.add(lid)
        new[lid] = MoveLine(lid, sa, sb, kind=kind, proposed=True)
    if not new:
        return None
    return Edit(f"Suggest {len(new)} land line{'s' if len(new) != 1 else ''}", lines=new)


# -------------------------------------------------------------------------------- boxes
BOX_PROPS = ("name", "colour", "capital", "vp", "supply", "attrs", "position", "size", "condition")


def add_box(m: AreaMap, position, name: str = "", bid: str | None = None, size=DEFAULT_BOX_SIZE, **props) -> Edit:
    name = name or f"Box {len(m.boxes) + 1}"
    bid = bid or m.new_id(name, "boxes")
    if bid in m.boxes:
        raise EditError(f"there is already a box {bid!r}")
    return Edit(
        f"Add box {name}", boxes={bid: Box(bid, name=name, position=round_point(position), size=tuple(size), **props)}
    )


def set_box(m: AreaMap, bid: str, label: str | None = None, **props) -> Edit:
    b = m.boxes.get(bid)
    if b is None:
        raise EditError(f"no box {bid!r}")
    bad = set(props) - set(BOX_PROPS)
    if bad:
        raise EditError(f"boxes have no property {', '.join(sorted(bad))}")
    props = _check_place_props(props)
    if "position" in props:
        props["position"] = round_point(props["position"])
    if "size" in props:
        w, h = props["size"]
        if w <= 0 or h <= 0:
            raise EditError(f"a box's size is two numbers above 0, got {w:g} {h:g}")
        props["size"] = round_point((w, h))
    if "condition" in props and isinstance(props["condition"], str):
        try:
            props["condition"] = Condition.parse(props["condition"])
        except ValueError as e:
            raise EditError(str(e)) from None
    return Edit(
        label or f"Set {', '.join(sorted(props))} of box {b.label}", boxes={bid: dataclasses.replace(b, **props)}
    )


def delete_box(m: AreaMap, bid: str) -> Edit:
    b = m.boxes.get(bid)
    if b is None:
        raise EditError(f"no box {bid!r}")
    sp = box_space(bid)
    lines = {k: None for k, ln in m.lines.items() if sp in (ln.a, ln.b)}
    regions = {
        k: dataclasses.replace(r, members=tuple(x for x in r.members if x != sp))
        for k, r in m.regions.items()
        if sp in r.members
    }
    return Edit(f"Delete box {b.label}", boxes={bid: None}, lines=lines, regions=regions)


def set_map(m: AreaMap, label: str | None = None, **attrs) -> Edit:
    return Edit(label or f"Set {', '.join(sorted(attrs))}", attrs=attrs)


def replace_map(m: AreaMap, other: AreaMap, label: str = "Recover autosaved changes") -> Edit:
    """One step that makes ``m`` equal to ``other`` (every table and map attribute): recovering
    an autosaved version, which Undo takes back to the map as it was saved."""
    tables = {
        t: {**{k: None for k in getattr(m, t) if k not in getattr(other, t)}, **getattr(other, t)} for t in TABLES
    }
    return Edit(label, attrs={a: getattr(other, a) for a in MAP_ATTRS}, **tables)


__all__ = [
    "AreaTouch",
    "Edit",
    "accept_lines",
    "add_box",
    "add_line",
    "add_location",
    "add_outline",
    "best_half",
    "delete_box",
    "delete_lines",
    "delete_location",
    "delete_vertex",
    "generate_areas",
    "generation_region",
    "insert_vertex",
    "merge",
    "move_location",
    "move_vertex",
    "rename",
    "rename_halves",
    "replace_map",
    "set_box",
    "set_land_from_locations",
    "set_line",
    "set_location",
    "set_map",
    "split_location",
    "suggest_lines",
    "unsplit_location",
]
