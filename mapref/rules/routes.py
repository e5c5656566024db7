"""Routes for land strength points and fleets over the map graph.

Land (Hitler's War, Movement 2): "Their travel route, including the final hex to be occupied,
must be traced entirely through a connected line of friendly hexes. A strength point is not
allowed to move through or jump over an unfriendly hex. The route may not cross a side of a hex
entirely in the sea except at a crossing arrow."

Sea (Fall of Germany, Movement of naval strength points and fleets):
 8. a fleet "must be able to trace a sea route to the port it is travelling to";
 9. "The sea route cannot cross an all land hex side. The sea route may cross a partial
    land/partial sea hexside only if both adjacent hexes are friendly."
10. "The route may cross a hexside with a crossing arrow only if both adjacent hexes are
    friendly."
11. "Sea routes may travel to and from the map and the off map boxes along the sea arrows."
15. to a full sea or coastal hex, "no more than seven hexes from its port";
19. Kiel joins the Atlantic and the Baltic for friendly ships; Taranto (J11) is entered and left
    by I12 only (the map's ``port_access``);
Blocking sea routes 1: an enemy fleet at sea "prevents enemy fleets moving through the hex",
and 2: "It cannot stop enemy ship strength points from entering its hex to do battle with it."

Every function returns a :class:`Route`: the spaces walked (start first) or the reason there is
none, with the rule that forbids it.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Iterable

from mapref.core.graph import Graph
from mapref.core.model import MapModel

LAND_MOVE = frozenset({"land", "crossing", "box_land"})
SEA_MOVE = frozenset({"sea", "coast", "sea_arrow", "port"})
MAX_SEA_MOVE = 7  # Fall of Germany, Movement of naval strength points 15


@dataclass(frozen=True)
class Route:
    path: tuple[str, ...] = ()
    reason: str = ""
    rule: str = ""

    @property
    def ok(self) -> bool:
        return bool(self.path)

    def __bool__(self) -> bool:
        return self.ok


def _bfs(graph: Graph, start: str, goal: str, step) -> list[str] | None:
    parent: dict[str, str | None] = {start: None}
    todo = deque([start])
    while todo:
        s = todo.popleft()
        if s == goal:
            out = [s]
            while parent[out[-1]] is not None:
                out.append(parent[out[-1]])  # type: ignore[arg-type]
            return out[::-1]
        for c in graph.edges(s):
            n = c.other(s)
            if n not in parent and step(s, n, c):
                parent[n] = s
                todo.append(n)
    return None


def land_route(graph: Graph, friendly: Iterable[str], start: str, goal: str) -> Route:
    """The shortest land route through friendly spaces (Movement 2), or why there is none."""
    fr = frozenset(friendly)
    if goal not in fr:
        return Route(reason=f"{goal} is not friendly: the route and the final hex must be friendly", rule="Movement 2")
    if start not in fr:
        return Route(reason=f"{start} is not friendly", rule="Movement 2")
    path = _bfs(graph, start, goal, lambda s, n, c: c.kind in LAND_MOVE and n in fr)
    if path is None:
        return Route(reason=f"no line of friendly hexes joins {start} to {goal} "
                            "(all-sea sides are crossed only at crossing arrows)", rule="Movement 2")
    return Route(path=tuple(path))


def _terrain(m: MapModel, space: str) -> str:
    d = m.at(space)
    return "box" if d is None else d.terrain


def _zone(m: MapModel, space: str) -> str | None:
    d = m.at(space)
    return None if d is None else d.sea


def sea_route(graph: Graph, m: MapModel, friendly: Iterable[str], start: str, goal: str,
              blocked: Iterable[str] = (), max_length: int | None = None) -> Route:
    """A fleet's route by water from ``start`` to ``goal`` (rules 8-11, 15, 19; Blocking 1-2).

    ``friendly`` are the spaces friendly to the fleet's side; ``blocked`` the hexes holding an
    enemy fleet at sea (they may be the goal, never a hex passed through); ``max_length`` counts
    hexes moved (seven for a move to sea)."""
    fr = frozenset(friendly)
    blk = frozenset(blocked)
    grid = m.grid

    def access_ok(a: str, b: str) -> bool:
        # rule 19: ports with port_access are entered and left only through those hexes
        for port, other in ((a, b), (b, a)):
            if port.startswith("box:"):
                continue
            d = m.hexes[grid.parse(port)]
            if d.port_access and not other.startswith("box:") and grid.parse(other) not in d.port_access:
                return False
        return True

    def step(s: str, n: str, c) -> bool:
        if c.kind not in SEA_MOVE:
            return False
        if s != start and s in blk:
            return False  # Blocking sea routes 1: no passing through an enemy fleet at sea
        if c.kind == "coast" and not (s in fr and n in fr):
            return False  # rule 9
        if c.kind == "sea" and "crossing" in graph.kinds_between(s, n) and not (s in fr and n in fr):
            return False  # rule 10
        if not access_ok(s, n):
            return False  # rule 19, Taranto
        if s != start and _terrain(m, s) == "coastal" and s not in fr:
            # passing through a coastal hex from one sea into another (the Kiel canal) needs a
            # friendly hex: rule 19, "Friendly ships may pass between the Atlantic and the Baltic"
            into = c.sea if c.kind == "sea_arrow" else _zone(m, n)
            if into is not None and into != _zone(m, s):
                return False
        return True

    if start == goal:
        return Route(path=(start,))
    if _terrain(m, goal) == "land":
        return Route(reason=f"{goal} is all land: fleets go to ports, full sea or coastal hexes",
                     rule="Movement of naval strength points and fleets 14")
    path = _bfs(graph, start, goal, step)
    if path is None:
        return Route(reason=f"no sea route from {start} to {goal} (all-land sides, unfriendly coasts "
                            "and crossings, port access and enemy fleets at sea block it)",
                     rule="Movement of naval strength points and fleets 8-10, 19; Blocking sea routes 1")
    if max_length is not None and len(path) - 1 > max_length:
        return Route(reason=f"{goal} is {len(path) - 1} hexes from {start} by sea; a fleet going to sea "
                            f"moves at most {max_length}", rule="Movement of naval strength points and fleets 15")
    return Route(path=tuple(path))
