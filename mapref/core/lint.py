"""Problems a map designer should fix, found without a screen.

:func:`lint` returns a list of :class:`Lint` ``(code, where, message)``; ``where`` is a
:class:`Hex`, a :class:`Hexside` or ``"box:<id>"``, so a view can jump to it.  The map file
stays loadable with any of these: they are design problems, not format errors.

====================== ====================================================================
code                   problem
====================== ====================================================================
sea-without-zone       sea hexes with no sea zone (one line per connected group of them)
coast-without-zone     part land, part sea hexes with no sea zone (one line per connected group)
zone-on-land           a land hex with a sea zone (only water has one)
no-capital             a power (an allegiance other than unaligned, axis_inclined or neutral)
                       with land on the map and no capital in any of its countries
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

*Groups.*  A problem that many neighbouring hexes share (a brand-new map is all sea without a
zone) is one line for each connected group, at its first hex, with every hex of the group in
``Lint.hexes``; a lone hex keeps the one-hex message.

*Capitals.*  The map cannot tell which minor countries have a capital (the Hitler's War map
gives none to the Low Countries or the French colonies), but every power does: countries whose
allegiance names a power (germany, britain...) are its home country and its colonies, and the
group needs at least one capital.  Several capitals in one country are allowed (Barbarossa
counts three Soviet ones).

*Unreachable land.*  Land hexes are grouped by the land connections of
:func:`mapref.core.graph.build_graph` (``land``, ``crossing`` and ``box_land``).  A group is
reachable when it holds a capital, touches an off-map box, has a port (armies may arrive by
sea), or has a part-sea (coastal) hex, which a sea route reaches: armies land there by
amphibious invasion (Hitler's War, Invasion procedure 3; Movement of naval strength points 9),
as they reach Crete, Cyprus and Sardinia.  A group with none of these (an all-land island
without a port, a land hex walled off by impassable sides) is reported once, at its first hex,
with its size.
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
    hexes: tuple[Hex, ...] = ()  # every hex of a grouped problem (``where`` is the first)


INDEPENDENT = ("unaligned", "axis_inclined", "neutral", "")  # allegiances that are no power


def lint(m: MapModel) -> list[Lint]:
    g = m.grid
    out: list[Lint] = []
    L = g.label
    names: dict[str, str] = {}

    for h in g.hexes():
        d = m.hexes[h]
        lab = L(h)
        if d.sea and d.terrain == "land":
            out.append(
                Lint(
                    "zone-on-land", h, f"{lab}: land hex with sea zone {d.sea!r} (only sea and part-sea hexes have one)"
                )
            )
        elif d.sea and d.sea not in m.seas:
            out.append(Lint("unknown-sea", h, f"{lab}: unknown sea zone {d.sea!r}"))
        if d.country and d.country not in m.countries:
            out.append(Lint("unknown-country", h, f"{lab}: unknown country {d.country!r}"))
        if d.port:
            if d.terrain == "sea":
                out.append(Lint("port-not-on-coast", h, f"{lab}: port on a sea hex"))
            elif d.terrain == "land" and not any(
                not g.contains(n) or m.hexes[n].is_water for n in map(lambda dr: g.neighbour(h, dr), g.directions())
            ):
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
            out.append(
                Lint(
                    "production-range",
                    where,
                    f"box {b.name or bid}: production {b.production} outside 1-{MAX_PRODUCTION}",
                )
            )
        key = b.name.strip().lower()
        if key and key in names:
            out.append(Lint("duplicate-name", where, f"box {b.name}: name already used by {names[key]}"))
        elif key:
            names[key] = f"box {b.name}"
        for a in b.sea_arrows:
            if g.contains(a.hex) and not m.hexes[a.hex].is_water:
                out.append(
                    Lint(
                        "sea-arrow-no-water", where, f"box {b.name or bid}: sea arrow from {L(a.hex)} reaches no water"
                    )
                )
            if a.sea not in m.seas:
                out.append(Lint("unknown-sea", where, f"box {b.name or bid}: sea arrow to unknown sea zone {a.sea!r}"))
    for s, sd in m.hexsides.items():
        if sd.crossing:
            ok = g.contains(s.a) and g.contains(s.b) and m.hexes[s.a].is_land and m.hexes[s.b].is_land
            if not ok:
                out.append(
                    Lint(
                        "crossing-not-land",
                        s,
                        f"{g.side_label(s)}: crossing arrow between hexes that are not both land",
                    )
                )
    out = _without_zone(m) + out + _no_capital(m) + _unreachable(m)
    return out


def _groups(m: MapModel, pick) -> list[list[Hex]]:
    """Connected groups (grid neighbours) of the hexes ``pick`` accepts, in row order."""
    g = m.grid
    seen: set[Hex] = set()
    out = []
    for h in g.hexes():
        if h in seen or not pick(m.hexes[h]):
            continue
        seen.add(h)
        group, i = [h], 0
        while i < len(group):
            for n in g.neighbours(group[i]):
                if n not in seen and pick(m.hexes[n]):
                    seen.add(n)
                    group.append(n)
            i += 1
        out.append(group)
    return out


def _without_zone(m: MapModel) -> list[Lint]:
    out = []
    for code, terrain, one, many in (
        ("sea-without-zone", "sea", "sea hex", "sea hexes"),
        ("coast-without-zone", "coastal", "part-sea hex", "part-sea hexes"),
    ):
        for group in _groups(m, lambda d, t=terrain: d.terrain == t and not d.sea):
            h = group[0]
            lab = m.grid.label(h)
            if len(group) == 1:
                msg = f"{lab}: {one} without a sea zone"
            else:
                msg = f"{lab}: {len(group)} {many} without a sea zone (a connected group)"
                if not m.seas:
                    msg += "; add a sea zone (Edit menu) and paint them"
            out.append(Lint(code, h, msg, tuple(group)))
    return out


def _no_capital(m: MapModel) -> list[Lint]:
    """A power with land on the map and no capital (see the module's notes)."""
    members: dict[str, list[str]] = {}
    for code, c in m.countries.items():
        if c.allegiance not in INDEPENDENT:
            members.setdefault(c.allegiance, []).append(code)
    if not members:
        return []
    land: dict[str, list[Hex]] = {}
    capital: set[str] = set()
    prod = m.production_by_country()
    for h, d in m.hexes.items():
        if d.country and d.is_land:
            land.setdefault(d.country, []).append(h)
            if d.capital:
                capital.add(d.country)
    out = []
    for allegiance, codes in members.items():
        held = [c for c in codes if land.get(c)]
        if not held or any(c in capital for c in held):
            continue
        home = max(held, key=lambda c: (prod.get(c, 0), len(land[c]), c == allegiance[: len(c)]))
        hexes = land[home]
        where = max(sorted(hexes), key=lambda h: m.hexes[h].production)
        name = m.countries[home].name
        others = len(held) - 1
        msg = (
            f"{m.grid.label(where)}: {name} has no capital"
            + (f" (nor do the {others} other countries of allegiance {allegiance!r})" if others else "")
            + "; mark one of its cities with the Capital tool (C)"
        )
        out.append(Lint("no-capital", where, msg, tuple(sorted(hexes))))
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
            if d.capital or d.port or d.terrain == "coastal" or x in box_touch:
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
            out.append(
                Lint(
                    "unreachable-land",
                    h,
                    f"{lab}: unreachable {what} (no capital, port, coast or box connected by land)",
                )
            )
    return out


__all__ = ["lint", "Lint"]
