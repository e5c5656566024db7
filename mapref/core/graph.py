"""One graph for hex and area maps: spaces joined by connections of a kind.

Rules (supply, movement, adjacency) are written against this graph, never against the grid.
A hex map derives its connections from the grid and terrain:

========== ==============================================================================
kind       between
========== ==============================================================================
land       two hexes with land in them, across a side that is not all sea
crossing   two hexes with land in them, across an all-sea side with a straits crossing arrow
sea        two hexes with water in them, across an all-sea side (ships sail it freely)
coast      two part land/part sea hexes across a side that is not all sea (ships may cross
           only when both hexes are friendly; Fleet movement 9)
shore      a full-land hex and a full-sea hex beside it (a coastline along the side: armies
           embark there when a fleet carries them or their supply by sea)
port       a port on a full-land hex and each hex with water beside it (ships enter and leave
           the port across these sides)
box_land   an off-map box and a hex it touches by land
sea_arrow  a water hex and an off-map box, with a ``length`` in hexsides and a ``sea``
========== ==============================================================================

Impassable sides give no connection at all.  A pair of hexes may have two connections (a
``land`` and a ``coast`` one, or a ``crossing`` and a ``sea`` one).  Spaces are named by hex
label (``"P10"``) or ``"box:<id>"`` for a box (:mod:`mapref.core.board`).

Every connection has a kind, a direction (two-way, or one-way from ``a`` to ``b``) and
attributes: ``length`` (hexsides, for sea arrows), ``sea`` (the zone a sea arrow opens on) and
free ``attrs`` (an area map's move line: its defence value at each end, the condition under
which it is active).  Area maps list their connections (:mod:`mapref.core.areaboard`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Mapping

from mapref.core.model import MapModel

EMPTY_ATTRS: Mapping[str, object] = MappingProxyType({})
# the connections armies and supply follow by land (Movement 2, Determine supply 1-3): the one
# set every rule uses
LAND_KINDS = frozenset({"land", "crossing", "box_land"})
NAVAL_KINDS = frozenset({"sea", "coast", "crossing", "sea_arrow", "port"})


def box_space(box_id: str) -> str:
    return f"box:{box_id}"


@dataclass(frozen=True)
class Connection:
    a: str
    b: str
    kind: str
    length: int = 1
    sea: str | None = None
    oneway: bool = False  # only from a to b
    attrs: Mapping[str, object] = field(default_factory=lambda: EMPTY_ATTRS, compare=False, hash=False)

    def other(self, space: str) -> str:
        return self.b if space == self.a else self.a

    def leads_from(self, space: str) -> bool:
        """May the connection be followed from ``space`` (one-way lines only from ``a``)?"""
        return not self.oneway or space == self.a


@dataclass
class Graph:
    spaces: list[str] = field(default_factory=list)
    connections: list[Connection] = field(default_factory=list)
    _adj: dict[str, list[Connection]] = field(default_factory=dict, repr=False)

    def add(self, c: Connection) -> None:
        self.connections.append(c)
        self._adj.setdefault(c.a, []).append(c)
        self._adj.setdefault(c.b, []).append(c)

    def edges(self, space: str, kinds: frozenset[str] | set[str] | None = None) -> list[Connection]:
        return [c for c in self._adj.get(space, ()) if kinds is None or c.kind in kinds]

    def out_edges(self, space: str, kinds: frozenset[str] | set[str] | None = None) -> list[Connection]:
        """The connections that may be followed from ``space`` (one-way lines only forwards)."""
        return [c for c in self._adj.get(space, ()) if (kinds is None or c.kind in kinds) and c.leads_from(space)]

    def neighbours(self, space: str, kinds: frozenset[str] | set[str] | None = None) -> list[str]:
        return [c.other(space) for c in self.edges(space, kinds)]

    def kinds_between(self, a: str, b: str) -> set[str]:
        return {c.kind for c in self._adj.get(a, ()) if c.other(a) == b}


def build_graph(m: MapModel) -> Graph:
    g = Graph()
    grid = m.grid
    for h in grid.hexes():
        g.spaces.append(grid.label(h))
    for box_id in m.boxes:
        g.spaces.append(box_space(box_id))
    for s in grid.all_hexsides():
        if not (grid.contains(s.a) and grid.contains(s.b)):
            continue
        side = m.side(s)
        if side.impassable:
            continue
        da, db = m.hexes[s.a], m.hexes[s.b]
        la, lb = grid.label(s.a), grid.label(s.b)
        all_sea = m.is_all_sea(s)
        if da.is_land and db.is_land:
            if not all_sea:
                g.add(Connection(la, lb, "land"))
            elif side.crossing:
                g.add(Connection(la, lb, "crossing"))
        if da.is_water and db.is_water:
            if all_sea:
                g.add(Connection(la, lb, "sea"))
            elif da.terrain == "coastal" and db.terrain == "coastal":
                g.add(Connection(la, lb, "coast"))
        elif {da.terrain, db.terrain} == {"land", "sea"}:
            g.add(Connection(la, lb, "shore"))
        for (dp, lp), (dw, lw) in (((da, la), (db, lb)), ((db, lb), (da, la))):
            if dp.port and dp.terrain == "land" and dw.is_water:
                g.add(Connection(lp, lw, "port"))
    for box_id, box in m.boxes.items():
        bs = box_space(box_id)
        for h in box.land:
            g.add(Connection(bs, grid.label(h), "box_land"))
        for arrow in box.sea_arrows:
            g.add(Connection(grid.label(arrow.hex), bs, "sea_arrow", length=arrow.length, sea=arrow.sea))
    return g
