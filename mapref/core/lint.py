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
no-capital             a power (an allegiance the games do not call independent) with land on
                       the map and no capital in any of its countries
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
group needs at least one capital.  Which allegiances are no power is the games' to say (the
caller passes ``independent``: :func:`mapref.rules.registry.independent_allegiances`, Hitler's
War's ``axis_inclined``, ``unaligned`` and ``neutral``); the map format's own are no allegiance
and ``unaligned``, its default.  Several capitals in one country are allowed (Barbarossa
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

from collections.abc import Collection
from typing import NamedTuple

from mapref.core.grid import Hex, Hexside
from mapref.core.model import MAX_PRODUCTION, MapModel

Where = Hex | Hexside | str


class Lint(NamedTuple):
    code: str
    where: Where
    message: str
    hexes: tuple[Hex, ...] = ()  # every hex of a grouped problem (``where`` is the first)


NO_POWER = ("", "unaligned")  # the map format's allegiances that are no power: none, and its default


def lint(m: MapModel, independent: Collection[str] = ()) -> list[Lint]:
    """The map's problems; ``independent``: the allegiances the games count as no power (besides
    :data:`NO_POWER`)."""
    names: dict[str, str] = {}  # a name (lower case) -> where it was first used
    out = _hex_problems(m, names) + _box_problems(m, names) + _side_problems(m)
    return _without_zone(m) + out + _no_capital(m, {*NO_POWER, *independent}) + _unreachable(m)


def _hex_problems(m: MapModel, names: dict[str, str]) -> list[Lint]:
    """Each hex's own problems, in row order (its name recorded in ``names``)."""
    g = m.grid
    out: list[Lint] = []
    L = g.label
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
            out += _port_problems(m, h, lab)
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
    return out


def _port_problems(m: MapModel, h: Hex, lab: str) -> list[Lint]:
    g = m.grid
    d = m.hexes[h]
    if d.terrain == "sea":
        return [Lint("port-not-on-coast", h, f"{lab}: port on a sea hex")]
    if d.terrain == "land" and not any(
        not g.contains(n) or m.hexes[n].is_water for n in map(lambda dr: g.neighbour(h, dr), g.directions())
    ):
        return [Lint("port-not-on-coast", h, f"{lab}: port not on a coast (no water beside it)")]
    return []


def _box_problems(m: MapModel, names: dict[str, str]) -> list[Lint]:
    """Each box's problems and its sea arrows' (its name checked against ``names``)."""
    g = m.grid
    out: list[Lint] = []
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
                        "sea-arrow-no-water",
                        where,
                        f"box {b.name or bid}: sea arrow from {g.label(a.hex)} reaches no water",
                    )
                )
            if a.sea not in m.seas:
                out.append(Lint("unknown-sea", where, f"box {b.name or bid}: sea arrow to unknown sea zone {a.sea!r}"))
    return out


def _side_problems(m: MapModel) -> list[Lint]:
    g = m.grid
    out: list[Lint] = []
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
    return out


class _Walk:
    """The grid as numbers, for walking it in groups: hex ``i`` is ``order[i]`` (row by row), its
    data ``datas[i]``, the steps to its neighbours by its row and column parity (the graph's
    builder walks it so): no Grid call per hex or side."""

    def __init__(self, m: MapModel) -> None:
        g = m.grid
        self.m, self.rows, self.cols = m, g.rows, g.cols
        self.order = g.hex_list()
        hexes = m.hexes
        self.datas = list(hexes.values()) if list(hexes) == self.order else [hexes[h] for h in self.order]
        self.steps = g.neighbour_steps()

    def index(self, h: Hex) -> int:
        return (h.row - 1) * self.cols + h.col - 1

    def near(self, i: int):
        """The numbers of hex ``i``'s neighbours on the grid, in the order of the grid's directions."""
        r, c = divmod(i, self.cols)
        r, c = r + 1, c + 1
        for dr, dc in self.steps[(r & 1, c & 1)]:
            if 1 <= r + dr <= self.rows and 1 <= c + dc <= self.cols:
                yield i + dr * self.cols + dc

    def groups(self, pick, joined=None) -> list[list[int]]:
        """Connected groups of the hexes whose data ``pick`` accepts, each from its first hex in row
        order; ``joined(i, j)``: whether two such neighbours are joined (all are when None)."""
        seen = bytearray(len(self.datas))
        ok = [bool(pick(d)) for d in self.datas]
        out = []
        for start in range(len(ok)):
            if seen[start] or not ok[start]:
                continue
            seen[start] = 1
            group = [start]
            for x in group:
                for n in self.near(x):
                    if not seen[n] and ok[n] and (joined is None or joined(x, n)):
                        seen[n] = 1
                        group.append(n)
            out.append(group)
        return out


def _groups(m: MapModel, pick) -> list[list[Hex]]:
    """Connected groups (grid neighbours) of the hexes ``pick`` accepts, in row order."""
    w = _Walk(m)
    return [[w.order[i] for i in group] for group in w.groups(pick)]


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


def _no_capital(m: MapModel, no_power: set[str]) -> list[Lint]:
    """A power with land on the map and no capital (see the module's notes)."""
    members: dict[str, list[str]] = {}
    for code, c in m.countries.items():
        if c.allegiance not in no_power:
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
    arrow; impassable sides join nothing; ``box_land`` joins a box), walked on the grid as
    numbers (:class:`_Walk`) so a 200x200 map is checked in a fraction of a second."""
    w = _Walk(m)
    g = m.grid
    cut: set[tuple[int, int]] = set()  # pairs of land hexes a side keeps apart
    for s, sd in m.hexsides.items():
        # both are land: not all sea unless the side says so
        if g.contains(s.a) and g.contains(s.b) and (sd.impassable or (sd.all_sea and not sd.crossing)):
            a, b = w.index(s.a), w.index(s.b)
            cut.add((min(a, b), max(a, b)))
    box_touch = {w.index(h) for b in m.boxes.values() for h in b.land if g.contains(h)}
    joined = (lambda i, j: (min(i, j), max(i, j)) not in cut) if cut else None
    out: list[Lint] = []
    datas = w.datas
    for group in w.groups(lambda d: d.is_land, joined):
        if any(datas[i].capital or datas[i].port or datas[i].terrain == "coastal" or i in box_touch for i in group):
            continue
        h = w.order[group[0]]
        what = "land hex" if len(group) == 1 else f"group of {len(group)} land hexes"
        msg = f"{g.label(h)}: unreachable {what} (no capital, port, coast or box connected by land)"
        out.append(Lint("unreachable-land", h, msg))
    return out


__all__ = ["lint", "Lint"]
