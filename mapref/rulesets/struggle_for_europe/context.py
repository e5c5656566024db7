"""What the rules read of a position: control of locations and halves, the colour rules, which
lines are in effect, and supply traces (rulebook sections 2, 3, 6 and 8 "Supply Lines").

Spaces are the board's (:mod:`mapref.core.areaboard`): a half ``sedan.e``, the USA box
``box:usa``.  A counter stands in its location as a whole (``ruhr``) unless the location is
contested or the counter is a fortress, when it stands in a half (rulings S11).

Control (section 2, rulings S10): a location is **contested** while both players have counters in
it; otherwise it is held by the faction whose counters are the only ones in it, else by the
faction whose control flag is in it, else by the faction of its printed colour (tan: nobody, it
is **neutral**).  Control covers both halves; while contested, each player holds the half its
counters stand in.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

from mapref.core.areaboard import AreaBoard
from mapref.core.board import board_for
from mapref.rulesets.struggle_for_europe.scenario import Scenario
from mapref.rulesets.struggle_for_europe.state import Counter, GameState

MOVE_KINDS = frozenset({"land", "naval"})
CONTESTED = "contested"


@dataclass
class Trace:
    """A faction's supply (section 8 Supply Lines): every space that reaches one of its supply
    locations, with the next space on the way (the source's spaces have None)."""

    faction: str
    parent: dict[str, str | None] = field(default_factory=dict)
    sources: tuple[str, ...] = ()

    def path(self, space: str) -> list[str]:
        if space not in self.parent:
            return []
        out = [space]
        step = self.parent[space]
        while step is not None:
            out.append(step)
            step = self.parent[step]
        return out


class Context:
    def __init__(self, m, sc: Scenario, st: GameState) -> None:
        self.map = m
        board = board_for(m)
        if not isinstance(board, AreaBoard):
            raise TypeError(f"Struggle for Europe is played on an area map, not a {board.kind} map")
        self.board = board
        self.graph = self.board.graph()
        self.sc = sc
        self.st = st
        self._traces: dict[str, Trace] = {}

    # ------------------------------------------------------------------ factions, colours
    def player(self, faction: str) -> str:
        f = self.sc.factions.get(faction)
        return f.player if f is not None else ""

    def faction_name(self, faction: str) -> str:
        f = self.sc.factions.get(faction)
        return f.name if f is not None else faction or "nobody"

    def place(self, loc: str):
        return self.map.place_of(loc)

    def is_location(self, loc: str) -> bool:
        return loc in self.map.locations or (loc.startswith("box:") and loc[4:] in self.map.boxes)

    def printed(self, loc: str) -> str | None:
        """The faction of a location's printed colour (tan: None), section 2."""
        p = self.place(loc)
        return self.sc.faction_of_colour(p.colour) if p is not None and p.colour else None

    def label(self, space: str) -> str:
        """How a user reads a space: "Sedan", "Sedan (east)", "USA"."""
        s = self.board.space(space)
        if s is not None:
            return s.label
        p = self.place(space)
        return p.label if p is not None else space

    def spaces_of(self, loc: str) -> tuple[str, ...]:
        """The board spaces of a location (its halves) or a box."""
        if loc.startswith("box:"):
            return (loc,)
        lo = self.map.locations.get(loc)
        return lo.spaces() if lo is not None else ()

    def location_of(self, space: str) -> str:
        return space if space.startswith("box:") else space.split(".", 1)[0]

    # -------------------------------------------------------------------------- counters
    def counters_in(self, loc: str) -> list[Counter]:
        return self.st.at_location(loc)

    def players_in(self, loc: str) -> set[str]:
        return {self.player(c.faction) for c in self.counters_in(loc)}

    def half_of(self, loc: str, player: str) -> str | None:
        """The half a player's counters hold in a contested location (its armies' half)."""
        halves = [
            c.at for c in self.counters_in(loc) if self.player(c.faction) == player and "." in c.at and not c.fortress
        ]
        halves = halves or [c.at for c in self.counters_in(loc) if self.player(c.faction) == player and "." in c.at]
        return halves[0] if halves else None

    # --------------------------------------------------------------------------- control
    def control(self, loc: str) -> str | None:
        """A faction, ``"contested"``, or None (neutral)."""
        here = self.counters_in(loc)
        players = {self.player(c.faction) for c in here}
        if len(players) > 1:
            return CONTESTED
        if here:
            return (
                here[0].faction
                if not here[0].fortress
                else next((c.faction for c in here if not c.fortress), here[0].faction)
            )
        flag = self.st.flags.get(loc)
        if flag:
            return flag
        return self.printed(loc)

    def controller(self, loc: str) -> str | None:
        """The player who controls a location (None: contested or neutral)."""
        c = self.control(loc)
        return self.player(c) if c not in (None, CONTESTED) else None

    def holds_space(self, faction: str, space: str) -> bool:
        """Is ``space`` friendly to ``faction``: its location controlled by the faction, or the
        faction's own half of a contested location (sections 2, 7.2, 8 Supply Lines)."""
        loc = self.location_of(space)
        c = self.control(loc)
        if c == faction:
            return True
        if c == CONTESTED and "." in space:
            here = self.counters_in(loc)
            if any(x.at == space and x.faction == faction for x in here):
                return True
            # while a battle is fought there, counters standing in the location as a whole hold
            # the half the enemy has not entered
            mine = self.player(faction)
            return any(x.at == loc and x.faction == faction for x in here) and not any(
                x.at == space and self.player(x.faction) != mine for x in here
            )
        return False

    def contested(self, loc: str) -> bool:
        return self.control(loc) == CONTESTED

    # -------------------------------------------------------------------------- the decks
    def counters_now(self) -> dict[str, int]:
        """The values conditions are written in: ``allied_deck``, ``axis_deck``, ``turn``."""
        cards = self.st.cards
        return {
            "allied_deck": cards["allies"].deck if "allies" in cards else 1,
            "axis_deck": cards["axis"].deck if "axis" in cards else 1,
            "turn": self.st.turn,
        }

    def active(self, cond) -> bool:
        return cond.holds(self.counters_now())

    def faction_active(self, faction: str) -> bool:
        f = self.sc.factions.get(faction)
        return f is None or self.active(f.active)

    def box_active(self, space: str) -> bool:
        if not space.startswith("box:"):
            return True
        b = self.map.boxes.get(space[4:])
        return b is None or self.active(b.condition)

    def edge_active(self, c) -> bool:
        cond = c.attrs.get("condition") if c.attrs else None
        return cond is None or self.active(cond)

    # ------------------------------------------------------------------- the colour rules
    def entry_refusal(self, faction: str, loc: str) -> str:
        """Why counters of ``faction`` may not enter (or be placed in, or retreat into) ``loc``;
        "" when they may.  Section 3: "Blue counters may only be placed or enter blue, tan and
        gray locations ... The blue counters may not move or enter a red controlled location";
        blue and red "may not be in the same location at the same time" (rulings S8)."""
        me = self.sc.factions.get(faction)
        if me is None:
            return ""
        for fid, other in self.sc.factions.items():
            if fid == faction or other.player != me.player:
                continue
            name = self.label(loc)
            if self.printed(loc) == fid:
                return f"{me.name} counters may not enter {name}, a {other.colour} location"
            if self.control(loc) == fid:
                return f"{me.name} counters may not enter {name}: the {other.name} control it"
            if any(c.faction == fid for c in self.counters_in(loc)):
                return f"{me.name} counters may not be in {name} with {other.name} counters"
        return ""

    # ---------------------------------------------------------------------------- supply
    def sources(self, faction: str) -> list[str]:
        """The spaces a faction traces supply to (section 8 Supply Lines): its supply locations
        whose condition holds (the USA from the Allied 3rd deck), while it controls them or while
        they are contested and printed in its colour ("A contested location still counts as a
        supply source for the original owning side until controlled by the opposing side")."""
        out = []
        places = list(self.map.locations.items()) + [(f"box:{b}", x) for b, x in self.map.boxes.items()]
        for loc, p in places:
            if not any(s.side == faction and self.active(s.condition) for s in p.supply):
                continue
            c = self.control(loc)
            if c == faction:
                out += list(self.spaces_of(loc))
            elif c == CONTESTED and self.printed(loc) == faction:
                out += [s for s in self.spaces_of(loc) if self.holds_space(faction, s)]
        return out

    def trace(self, faction: str) -> Trace:
        """Every space of the board that traces supply for ``faction``: along move lines in effect
        (either way: "Supply may be traced along the line from Algiers back to London"), through
        friendly locations and the faction's halves of contested ones, never through neutral or
        enemy ones (section 8 Supply Lines)."""
        if faction in self._traces:
            return self._traces[faction]
        t = Trace(faction)
        t.sources = tuple(self.sources(faction))
        todo: deque[str] = deque()
        for s in t.sources:
            if s not in t.parent:
                t.parent[s] = None
                todo.append(s)
        while todo:
            s = todo.popleft()
            for c in self.graph.edges(s):
                n = c.other(s)
                if n in t.parent or not self.edge_active(c):
                    continue
                if c.kind != "half" and c.kind not in MOVE_KINDS:
                    continue
                if self.holds_space(faction, n):
                    t.parent[n] = s
                    todo.append(n)
        self._traces[faction] = t
        return t

    def counter_spaces(self, c: Counter) -> tuple[str, ...]:
        """Where a counter's trace starts: its half, or every half of its location."""
        if "." in c.at or c.at.startswith("box:"):
            return (c.at,)
        return self.spaces_of(c.at)

    def supply_of(self, c: Counter) -> tuple[bool, list[str], list[str]]:
        """(in supply, the path to a source, the spaces that cut it when it is not)."""
        t = self.trace(c.faction)
        starts = self.counter_spaces(c)
        best: list[str] = []
        for s in starts:
            p = t.path(s)
            if p and (not best or len(p) < len(best)):
                best = p
        if best:
            return True, best, []
        return False, [], self.cut(c.faction, starts)

    def cut(self, faction: str, starts) -> list[str]:
        """The spaces where the friendly region around ``starts`` ends: the halves that cut it."""
        seen = set(starts)
        todo = deque(starts)
        out: set[str] = set()
        while todo:
            s = todo.popleft()
            for c in self.graph.edges(s):
                n = c.other(s)
                if c.kind not in MOVE_KINDS and c.kind != "half":
                    continue
                if not self.edge_active(c):
                    continue
                if self.holds_space(faction, n):
                    if n not in seen:
                        seen.add(n)
                        todo.append(n)
                elif c.kind != "half":
                    out.add(n)
        return self.board.sorted(out)

    def in_supply(self, c: Counter) -> bool:
        return self.supply_of(c)[0]


__all__ = ["CONTESTED", "Context", "MOVE_KINDS", "Trace"]
