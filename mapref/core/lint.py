"""Problems a map designer should fix, found without a screen.

:func:`lint` returns a list of :class:`Lint` ``(code, where, message)``; ``where`` is a
:class:`Hex`, a :class:`Hexside` or ``"box:<id>"``, so a view can jump to it.  The map file
stays loadable with any of these: they are design problems, not format errors.

====================== ====================================================================
code                   problem
====================== ====================================================================
sea-without-zone       a sea hex with no sea zone
coast-without-zone     a part land, part sea hex with no sea zone
unknown-country        a hex or box whose country code is not in [countries]
unknown-sea            a hex or sea arrow whose sea zone is not in [seas]
port-not-on-coast      a port on a full sea hex, or on a land hex with no water next to it
sea-arrow-no-water     a box's sea arrow leaves from a hex with no water in it
crossing-not-land      a straits crossing arrow whose two hexes are not both land
capital-without-country a capital on a hex that belongs to no country
duplicate-name         two hexes (or a hex and a box) with the same name
production-range       production outside 1-16 (0 means none), or production on a sea hex
unreachable-land       land that no army can reach: see below
====================== ====================================================================

*Unreachable land.*  Land hexes are grouped by the land connections of
:func:`mapref.core.graph.build_graph` (``land``, ``crossing`` and ``box_land``).  A group is
reachable when it holds a capital, touches an off-map box, or has a port (armies may arrive by
sea).  A group with none of these (an island without a port, a land hex walled off by
impassable sides) is reported once, at its first hex, with its size.
"""

from __future__ import annotations

from typing import NamedTuple, Union

from mapref.core.grid import Hex, Hexside
from mapref.core.model import MAX_PRODUCTION, MapModel

Where = Union[Hex, Hexside, str]


class Lint(NamedTuple):
    code: str
    where: Where
    message: str


def lint(m: MapModel) -> list[Lint]:
    g = m.grid
    out: list[Lint] = []
    L = g.label
    names: dict[str, str] = {}

    for h in g.hexes():
        d = m.hexes[h]
        lab = L(h)
        if d.terrain == "sea" and not d.sea:
            out.append(Lint("sea-without-zone", h, f"{lab}: sea hex without a sea zone"))
        elif d.terrain == "coastal" and not d.sea:
            out.append(Lint("coast-without-zone", h, f"{lab}: part-sea hex without a sea zone"))
        if d.sea and d.sea not in m.seas:
            out.append(Lint("unknown-sea", h, f"{lab}: unknown sea zone {d.sea!r}"))
        if d.country and d.country not in m.countries:
            out.append(Lint("unknown-country", h, f"{lab}: unknown country {d.country!r}"))
        if d.port:
            if d.terrain == "sea":
                out.append(Lint("port-not-on-coast", h, f"{lab}: port on a sea hex"))
            elif d.terrain == "land" and not any(not g.contains(n) or m.hexes[n].is_water for n in map(lambda dr: g.neighbour(h, dr), g.directions())):
                out.append(Lint("port-not-on-coast", h, f"{lab}: port not on a coast (no water beside it)"))
        if d.production:
            if not 1 <= d.production <= MAX_PRODUCTION:
                out.append(Lint("production-range", h, f"{lab}: production {d.production} outside 1-{MAX_PRODUCTION}"))
            elif d.terrain == "sea":
                out.append(Lint("production-range", h, f"{lab}: production {d.production} on a sea hex"))
        # Several capitals in one country are allowed: Barbarossa counts three Soviet ones
        if d.capital and (not d.country or d.terrain == "sea"):
            out.append(Lint("capital-without-country", h, f"{lab}: capital outside any country"))
        if d.name:
            key = d.name.strip().lower()
            if key in names:
                out.append(Lint("duplicate-name", h, f"{lab}: name {d.name!r} already used by {names[key]}"))
            else:
                names[key] = lab
    for bid, b in m.boxes.items():
        where = f"box:{bid}"
        if b.country and b.country not in m.countries:
            out.append(Lint("unknown-country", where, f"box {b.name or bid}: unknown country {b.country!r}"))
        if b.production and not 1 <= b.production <= MAX_PRODUCTION:
            out.append(Lint("production-range", where, f"box {b.name or bid}: production {b.production} outside 1-{MAX_PRODUCTION}"))
        key = b.name.strip().lower()
        if key and key in names:
            out.append(Lint("duplicate-name", where, f"box {b.name}: name already used by {names[key]}"))
        elif key:
            names[key] = f"box {b.name}"
        for a in b.sea_arrows:
            if g.contains(a.hex) and not m.hexes[a.hex].is_water:
                out.append(Lint("sea-arrow-no-water", where, f"box {b.name or bid}: sea arrow from {L(a.hex)} reaches no water"))
            if a.sea not in m.seas:
                out.append(Lint("unknown-sea", where, f"box {b.name or bid}: sea arrow to unknown sea zone {a.sea!r}"))
    for s, sd in m.hexsides.items():
        if sd.crossing:
            ok = g.contains(s.a) and g.contains(s.b) and m.hexes[s.a].is_land and m.hexes[s.b].is_land
            if not ok:
                out.append(Lint("crossing-not-land", s, f"{g.side_label(s)}: crossing arrow between hexes that are not both land"))
    out += _unreachable(m)
    return out


def _unreachable(m: MapModel) -> list[Lint]:
    """Groups of land joined by the land connections of :func:`build_graph` (``land``: both
    hexes land across a side that is not all sea; ``crossing``: an all-sea side with a crossing
    arrow; impassable sides join nothing; ``box_land`` joins a box), walked on the grid directly
    so a 200x200 map is checked in a fraction of a second."""
    g = m.grid
    hexes = m.hexes
    sides = m.hexsides
    box_touch = {h for b in m.boxes.values() for h in b.land}
    dirs = g.directions()
    seen: set[Hex] = set()
    out: list[Lint] = []
    for h in g.hexes():
        if h in seen or not hexes[h].is_land:
            continue
        seen.add(h)
        group = [h]
        reachable = False
        i = 0
        while i < len(group):
            x = group[i]
            i += 1
            d = hexes[x]
            if d.capital or d.port or x in box_touch:
                reachable = True
            for dr in dirs:
                n = g.neighbour(x, dr)
                if n in seen or not g.contains(n):
                    continue
                nd = hexes[n]
                if not nd.is_land:
                    continue
                sd = sides.get(Hexside(min(x, n), max(x, n))) if sides else None
                if sd is not None:
                    if sd.impassable:
                        continue
                    all_sea = sd.all_sea if sd.all_sea is not None else False  # both are land: not all sea by default
                    if all_sea and not sd.crossing:
                        continue
                seen.add(n)
                group.append(n)
        if not reachable:
            lab = g.label(h)
            what = "land hex" if len(group) == 1 else f"group of {len(group)} land hexes"
            out.append(Lint("unreachable-land", h, f"{lab}: unreachable {what} (no capital, port or box connected by land)"))
    return out


__all__ = ["lint", "Lint"]
