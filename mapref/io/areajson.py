"""An area map as plain JSON for scripts (``mapref info --json``), and a short text summary.

The JSON is documented in docs/format.md ("mapref info --json on an area map")."""

from __future__ import annotations

from collections.abc import Mapping

from mapref.core.areageom import shared_borders
from mapref.core.areamodel import AreaMap, Condition, Place, polygon_parts
from mapref.core.board import board_for


def _cond(c: Condition) -> dict:
    return {"active_from": dict(c.active_from), "active_until": dict(c.active_until), "text": c.text()}


def _r(v: float) -> float:
    return round(float(v), 2)


def _place(p: Place) -> dict:
    return {
        "name": p.name,
        "colour": p.colour or None,
        "capital": p.capital,
        "vp": p.vp,
        "supply": [{"side": s.side, "condition": _cond(s.condition)} for s in p.supply],
        "attrs": dict(p.attrs),
    }


def area_to_json(m: AreaMap) -> dict:
    lines_of: dict[str, list[str]] = {}
    for lid, ln in m.lines.items():
        for s in (ln.a, ln.b):
            lines_of.setdefault(s, []).append(lid)
    g = board_for(m).graph()
    return {
        "format": 1,
        "kind": "area",
        "name": m.name,
        "notes": m.notes,
        "bounds": [_r(x) for x in m.bounds()],
        "page": list(m.page) if m.page else None,
        "wrap": {axis: list(seam) for axis, seam in (("x", m.wrap_x), ("y", m.wrap_y)) if seam},
        "accept": list(m.accept),
        "geo": m.geo,
        "colours": _colours_json(m),
        "line_kinds": {k: {"name": v.name, "colour": v.colour} for k, v in m.line_kinds.items()},
        "regions": {
            k: {"name": r.name, "locations": list(r.members), "spaces": list(board_for(m).regions[k])}
            for k, r in m.regions.items()
        },
        "land": {"area": _r(m.land.area), "parts": len(polygon_parts(m.land))}
        if m.land is not None and not m.land.is_empty
        else None,
        "locations": _locations_json(m, lines_of),
        "boxes": {bid: _box_json(bid, box, lines_of) for bid, box in m.boxes.items()},
        "lines": {lid: _line_json(m, lid, ln) for lid, ln in m.lines.items()},
        "spaces": board_for(m).spaces(),
        "connections": [
            {
                "a": c.a,
                "b": c.b,
                "kind": c.kind,
                "oneway": c.oneway,
                "line": c.attrs.get("line"),
                "defence": dict(dv) if isinstance(dv := c.attrs.get("defence"), Mapping) else {},
            }
            for c in g.connections
        ],
    }


def _colours_json(m: AreaMap) -> dict:
    """Each colour class with the locations and boxes it fills."""
    return {
        k: {
            "name": c.name,
            "colour": c.colour,
            "side": c.side,
            "locations": [x for x, loc in m.locations.items() if loc.colour == k]
            + [f"box:{x}" for x, b in m.boxes.items() if b.colour == k],
        }
        for k, c in m.colours.items()
    }


def _locations_json(m: AreaMap, lines_of: dict[str, list[str]]) -> dict:
    """Each location: its place, area, bounds, anchor, spaces, neighbours (by the length of the
    border they share), halves and move lines."""
    neighbours: dict[str, dict[str, float]] = {k: {} for k in m.locations}
    for (a, b), length in shared_borders(m).items():
        neighbours[a][b] = _r(length)
        neighbours[b][a] = _r(length)
    locations = {}
    for lid, loc in m.locations.items():
        d = {"id": lid, **_place(loc)}
        d.update(
            area=_r(loc.polygon.area),
            bounds=[_r(x) for x in loc.polygon.bounds] if not loc.polygon.is_empty else None,
            parts=len(loc.parts),
            anchor=[_r(x) for x in loc.label_point],
            spaces=list(loc.spaces()),
            neighbours=dict(sorted(neighbours[lid].items())),
        )
        if loc.has_halves:
            d["halves"] = {
                h: {
                    "space": f"{lid}.{h}",
                    "area": _r(g.area),
                    "point": [_r(x) for x in loc.half_points[h]],
                    "lines": lines_of.get(f"{lid}.{h}", []),
                }
                for h, g in loc.half_geoms.items()
            }
            d["split"] = [[_r(x), _r(y)] for x, y in loc.split]
        else:
            d["halves"] = {}
        d["lines"] = sorted({x for s in loc.spaces() for x in lines_of.get(s, [])})
        locations[lid] = d
    return locations


def _box_json(bid: str, box, lines_of: dict[str, list[str]]) -> dict:
    return {
        "id": bid,
        "space": f"box:{bid}",
        **_place(box),
        "position": [_r(x) for x in box.position],
        "size": [_r(x) for x in box.size],
        "condition": _cond(box.condition),
        "lines": lines_of.get(f"box:{bid}", []),
    }


def _line_json(m: AreaMap, lid: str, ln) -> dict:
    pa, pb = m.place_of(ln.a), m.place_of(ln.b)
    return {
        "id": lid,
        "a": ln.a,
        "b": ln.b,
        "a_location": pa.id if pa else None,
        "b_location": pb.id if pb else None,
        "kind": ln.kind,
        "oneway": ln.oneway,
        "defence_a": ln.defence_a,
        "defence_b": ln.defence_b,
        "condition": _cond(ln.condition),
        "via": [[_r(x), _r(y)] for x, y in ln.via],
        "proposed": ln.proposed,
        "crossing": ln.crossing,
        "wrap": ln.wrap,
        "attrs": dict(ln.attrs),
    }


def area_summary(m: AreaMap) -> str:
    halves = sum(1 for loc in m.locations.values() if loc.has_halves)
    kinds: dict[str, int] = {}
    for ln in m.lines.values():
        kinds[ln.kind] = kinds.get(ln.kind, 0) + 1
    proposed = sum(1 for ln in m.lines.values() if ln.proposed)
    lines = [
        m.name or "(unnamed map)",
        f"area map: {len(m.locations)} locations ({halves} split into halves), {len(m.boxes)} off-map boxes, "
        f"{len(list(m.all_spaces()))} spaces",
        f"move lines: {len(m.lines)} ("
        + ", ".join(f"{n} {k}" for k, n in kinds.items())
        + ")"
        + (f", {proposed} proposed" if proposed else "")
        + f", {sum(1 for ln in m.lines.values() if ln.oneway)} one-way",
        f"capitals: {', '.join(loc.label for loc in m.locations.values() if loc.capital) or 'none'}",
        f"victory values: {sum(p.vp for p in list(m.locations.values()) + list(m.boxes.values()))} in all",
        "colour classes (locations, victory values):",
    ]
    for k, c in m.colours.items():
        members = [p for p in list(m.locations.values()) + list(m.boxes.values()) if p.colour == k]
        lines.append(f"  {k:8} {c.name:24} {c.side or '-':10} {len(members):3} {sum(p.vp for p in members):3}")
    sup: dict[str, list[str]] = {}
    for p in list(m.locations.values()) + list(m.boxes.values()):
        for s in p.supply:
            sup.setdefault(s.side, []).append(p.label + (f" ({s.condition.text()})" if s.condition else ""))
    for side, names in sup.items():
        lines.append(f"supply for {side}: {', '.join(names)}")
    return "\n".join(lines)


__all__ = ["area_summary", "area_to_json"]
