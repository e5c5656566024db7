"""Hitler's War supply: the one trace (mapref.rules.supply.trace) fed with a side's friendly
spaces, sources, open seas and blocked hexes, and the isolation it causes.

Combat, Determine supply 1-4: each army and friendly hex traces "through an unbroken chain of
friendly hexes" of any length, across crossing hexsides but never a full sea hexside, to the
side's source (Axis Berlin P10; Soviet Siberia; Allied London P7, and Paris while France fights:
France, Activity limitations 2; Allied units in the USA and Canada boxes are always in supply:
Allied Supply and Production 3).  Fall of Germany, Sea transportation 3: "A fleet at sea also
ensures that an army may draw supply through that sea"; Blocking sea routes 1: an enemy fleet at
sea blocks supply "through that hex".

Determine supply 6-8 (isolation) at the end of the side's combat phase: its unsupplied hexes
become friendly to "the opposing side with the closest un-devastated production point" (ties by
a die roll), the armies in them are eliminated; Fortifications, Production 1: unsupplied fort
points are eliminated.  "Closest" is measured along land routes through the lands of the sides
at war, never across an unaligned or neutral nation (docs/rulings.md R23).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

from mapref.core.graph import LAND_KINDS
from mapref.rules import supply as core_supply
from mapref.rules.supply import SupplyTrace


def sources(cx, side: str) -> list[str]:
    setup = cx.scenario.side_setups.get(side)
    if setup is None:
        return []
    # Allied Supply 3: units in the USA and Canada boxes are always in supply, but the boxes are
    # not supply sources for others (rulings R28): they are added to the supplied set only.
    return [s for s in setup.supply if cx.friendly(s, side)]


def open_seas(cx, side: str) -> set[str]:
    """Sea zones where ``side`` has a fleet at sea (Sea transportation 3, Fleets at sea 2)."""
    out = set()
    for f in cx.state.fleets:
        if f.side == side and not f.in_port and f.capital > 0:
            z = cx.sea_zone(f.at)
            if z:
                out.add(z)
    return out


def blocked(cx, side: str) -> set[str]:
    """Hexes holding an enemy fleet at sea (Blocking sea routes 1)."""
    return {f.at for f in cx.state.fleets if f.side != side and not f.in_port and f.capital > 0}


BALTIC = "bal"  # the Baltic Sea zone of maps/hitlers_war.toml
FINLAND = "fi"


def side_trace(cx, side: str) -> SupplyTrace:
    seas, blk = open_seas(cx, side), blocked(cx, side)
    t = cx.base_trace(side, sources(cx, side), seas, blk)  # the one trace, kept up to date per change
    fi = cx.state.nations.get(FINLAND)
    if fi is not None and fi.side == side:  # Finland's supply extends a copy of its own
        # what it depends on besides the trace (kept with it: the same position asks again)
        key = (
            fi.joined,
            cx.state.turn,
            bool(cx.scenario.fleets),
            bool(cx.state.fleets),
            frozenset(seas),
            frozenset(blk),
        )
        kept = t.__dict__.setdefault("_finland", {})
        if key not in kept:
            friendly = [s for s, v in cx.control.items() if v == side and cx.exists(s)]
            ext = t.copy()
            finland_supply(cx, side, ext, friendly, seas, blk)
            kept[key] = ext
        t = kept[key]
    return t


def finland_supply(cx, side: str, t: SupplyTrace, friendly: list[str], seas: set[str], blk: set[str]) -> list[str]:
    """Nations inclined toward the Axis 4: Finland's army "is supplied for the initial turn but on
    all following turns it must be supplied via the Baltic" (rulings R36).

    - On the turn Finland joined its side (``Nation.joined``; the first turn where it starts on a
      side) its friendly hexes are supplied as if they were sources, and so is the land joined to
      them ("This army is supplied for the initial turn", wherever it goes that turn).
    - A scenario with no fleets at all (Barbarossa) has no means to open or close the Baltic: there
      Finland's own hexes trace over the Baltic to a friendly Baltic shore joined to the side's
      source, and supply goes no further (an army that leaves Finland is not supplied through it:
      R36 as narrowed in issue 12).  Elsewhere the Baltic is open only where the side has a fleet
      at sea (Sea transportation 3), which the ordinary trace already does.

    Adds to ``t`` in place; returns the Finnish spaces it supplied."""
    fi = cx.state.nations.get(FINLAND)
    if fi is None or fi.side != side:
        return []
    fin = [s for s in friendly if cx.country(s) == FINLAND and not t.is_supplied(s)]
    if not fin:
        return []
    seeds: dict[str, list[str]] = {}
    initial = fi.joined is not None and fi.joined == cx.state.turn
    if initial:
        seeds = {s: [s] for s in fin}
    elif BALTIC not in seas and not cx.scenario.fleets and not cx.state.fleets:
        wide = core_supply.trace(cx.graph, cx.map, friendly, sources(cx, side), set(seas) | {BALTIC}, blk)
        seeds = {s: wide.path(s) for s in fin if wide.is_supplied(s)}
    if not seeds:
        return []
    todo: deque[str] = deque()
    for s, chain in seeds.items():
        for i, x in enumerate(chain):
            if x in t.parent:
                break
            t.parent[x] = chain[i + 1] if i + 1 < len(chain) else None
        todo.append(s)
    fr = set(friendly)
    while initial and todo:  # the initial turn: friendly land joined to Finland traces through it
        s = todo.popleft()
        for n in cx.graph.neighbours(s, core_supply.LAND_TRACE):
            if n in fr and n not in t.parent:
                t.parent[n] = s
                todo.append(n)
    return sorted(seeds)


# ------------------------------------------------------------------------------ isolation
@dataclass
class Isolation:
    """What Determine supply 6-8 and Fortifications (Production 1) do to ``side`` now."""

    side: str
    hexes: dict[str, str] = field(default_factory=dict)  # unsupplied hex -> the side it goes to
    ties: dict[str, list[str]] = field(default_factory=dict)  # hex -> the opposing sides that tie
    stays: list[str] = field(default_factory=list)  # unsupplied, but no opponent's production reaches it (R23)
    armies: list[str] = field(default_factory=list)  # armies eliminated
    forts: list[str] = field(default_factory=list)  # fort spaces whose points are eliminated

    def empty(self) -> bool:
        return not (self.hexes or self.ties or self.armies or self.forts)


def opponents(cx, side: str) -> list[str]:
    """The sides at war with ``side`` (Determine supply 8, "the opposing side": never a side at
    peace with it, such as the Soviets in 1939 or the Soviets and the Allies: Context.at_war)."""
    return [s for s in cx.scenario.sides if cx.at_war(side, s)]


def belligerents(cx) -> set[str]:
    """The sides at war with some side now (The Soviet Union 1: "not at war with anyone in 1939")."""
    sides = list(cx.scenario.sides)
    return {a for a in sides if any(cx.at_war(a, b) for b in sides)}


def distances_to_production(cx, start: str, sides: list[str]) -> dict[str, int]:
    """For each side in ``sides``: the length of the shortest land route (land, crossing and box
    connections) from ``start`` to a space friendly to it with undevastated production, through
    spaces held by a side at war only: never across an unaligned or permanently neutral nation
    (All remaining unaligned countries 1: they "remain so until attacked") nor the lands of a
    side at peace with every other (rulings R23).  Sides no such route reaches are left out."""
    want = {s: None for s in sides}
    war = belligerents(cx)
    dist = {start: 0}
    todo = deque([start])
    found: dict[str, int] = {}
    while todo and len(found) < len(sides):
        s = todo.popleft()
        d = dist[s]
        owner = cx.control.get(s)
        if owner in want and owner not in found and cx.undevastated(s) > 0 and s != start:
            found[owner] = d
        for n in cx.graph.neighbours(s, LAND_KINDS):
            if n not in dist and cx.control.get(n) in war and cx.exists(n) and not cx.neutral(n):
                dist[n] = d + 1
                todo.append(n)
    return found


def isolation(cx, side: str, trace: SupplyTrace | None = None) -> Isolation:
    t = trace or side_trace(cx, side)
    out = Isolation(side)
    opp = [o for o in opponents(cx, side) if o in cx.scenario.side_setups]
    always = cx.always_supplied(side)
    for space in sorted(s for s, v in cx.control.items() if v == side and cx.exists(s)):
        if t.is_supplied(space) or space in always:
            continue
        d = distances_to_production(cx, space, opp)
        if not d:
            out.stays.append(space)
            continue
        best = min(d.values())
        winners = [o for o in opp if d.get(o) == best]
        if len(winners) == 1:
            out.hexes[space] = winners[0]
        else:
            out.ties[space] = winners
    # Determine supply 7: "Any armies in these unsupplied hexes are eliminated at the same time",
    # also where the hex stays with its side (R23); rule 9: armies still unable to trace supply at
    # the end of their side's combat phase.  Armies of a nation not yet in the war (the Italian
    # Army in unaligned Italy: rulings R14) are not the side's forces yet.
    supplied = cx.supplied(side)
    out.armies = [a.name for a in cx.state.armies if a.side == side and a.at not in supplied and cx.active(a)]
    out.forts = [
        f.at for f in cx.state.forts if f.side == side and (f.strength or f.building) and not t.is_supplied(f.at)
    ]
    return out
