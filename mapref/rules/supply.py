"""Supply tracing on the map graph (Hitler's War, Combat: "Determine supply").

Rule 1: "To be in supply, each army and friendly hex must be able to trace a supply route through
an unbroken chain of friendly hexes to their side's supply source."  Rule 2: any length.
Rule 3: "A supply route may pass through any number of crossing hexsides. It may not cross a
full sea hexside."  Fall of Germany, Sea transportation 3: "A fleet at sea also ensures that an
army may draw supply through that sea"; Blocking sea routes 1: an enemy fleet at sea "prevents
enemy ... supply through that hex".

The trace is a breadth-first search outward from the side's sources over

- ``land``, ``crossing`` and ``box_land`` connections between friendly spaces, and
- where the side has a fleet at sea in a sea zone (``open_seas``): the full-sea hexes of that
  zone, entered from friendly hexes beside them (``sea``/``shore`` connections), except hexes
  where an enemy fleet is at sea (``blocked``); sea arrows of an open zone reach their boxes.

Breadth-first search gives every supplied space its shortest route to a source, which is the
path the referee shows (hex labels, the source last).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Iterable

from mapref.core.board import board_for
from mapref.core.graph import LAND_KINDS, Graph

LAND_TRACE = LAND_KINDS
SEA_TRACE = frozenset({"sea", "shore", "coast", "sea_arrow", "port"})


@dataclass
class SupplyTrace:
    sources: tuple[str, ...]
    parent: dict[str, str | None] = field(default_factory=dict)
    friendly: frozenset[str] = frozenset()
    graph: Graph | None = None

    @property
    def supplied(self) -> set[str]:
        """Friendly spaces (hexes and boxes) that trace supply; sea hexes used are left out."""
        return {s for s in self.parent if s in self.friendly}

    def is_supplied(self, space: str) -> bool:
        return space in self.parent and space in self.friendly

    def path(self, space: str) -> list[str]:
        """The route from ``space`` to its source, ``space`` first and the source last."""
        if space not in self.parent:
            return []
        out = [space]
        while self.parent[out[-1]] is not None:
            out.append(self.parent[out[-1]])  # type: ignore[arg-type]
        return out

    def region(self, space: str) -> set[str]:
        """The friendly spaces joined to ``space`` by land (its pocket, when cut off)."""
        assert self.graph is not None
        seen = {space}
        todo = deque([space])
        while todo:
            s = todo.popleft()
            for n in self.graph.neighbours(s, LAND_TRACE):
                if n in self.friendly and n not in seen:
                    seen.add(n)
                    todo.append(n)
        return seen

    def frontier(self, space: str) -> list[str]:
        """Where the friendly region of ``space`` ends: the unfriendly spaces touching it by land,
        sorted.  For a cut-off army, these are the hexes that cut its line."""
        assert self.graph is not None
        region = self.region(space)
        out = set()
        for s in region:
            for n in self.graph.neighbours(s, LAND_TRACE):
                if n not in self.friendly:
                    out.add(n)
        return sorted(out)


def trace(graph: Graph, m, friendly: Iterable[str], sources: Iterable[str],
          open_seas: Iterable[str] = (), blocked: Iterable[str] = ()) -> SupplyTrace:
    """Trace supply from ``sources`` (spaces that must themselves be friendly) through
    ``friendly`` spaces, and through the sea zones in ``open_seas`` except ``blocked`` hexes.
    ``m`` is the map (or its board)."""
    board = board_for(m)

    def zone(space: str) -> str | None:
        d = board.space(space)
        return None if d is None else d.sea

    fr = frozenset(friendly)
    seas = frozenset(open_seas)
    blk = frozenset(blocked)
    result = SupplyTrace(sources=tuple(sources), friendly=fr, graph=graph)
    todo: deque[str] = deque()
    for s in result.sources:
        if s in fr and s not in result.parent:
            result.parent[s] = None
            todo.append(s)

    def water_open(space: str) -> bool:
        d = board.space(space)
        return d is not None and space not in blk and d.terrain == "sea" and d.sea in seas

    while todo:
        s = todo.popleft()
        s_is_water = s not in fr  # only open sea hexes are ever queued besides friendly spaces
        for c in graph.out_edges(s):
            n = c.other(s)
            if n in result.parent:
                continue
            if c.kind in LAND_TRACE:
                ok = not s_is_water and n in fr
            elif c.kind in SEA_TRACE and seas:
                if c.kind == "sea_arrow":
                    ok = c.sea in seas and (n in fr if s_is_water else water_open(n))
                elif s_is_water:
                    ok = n in fr or water_open(n)  # landing on a friendly shore, or sailing on
                elif n in fr:
                    # across a full-sea side between two friendly shores of an open sea zone
                    ok = c.kind == "sea" and bool({zone(s), zone(n)} & seas)
                else:
                    ok = water_open(n)  # embarking from a friendly hex onto an open sea
            else:
                ok = False
            if ok:
                result.parent[n] = s
                todo.append(n)
    return result
