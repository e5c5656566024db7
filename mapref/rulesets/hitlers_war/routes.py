"""Sea routes for fleets (Fall of Germany, Movement of naval strength points and fleets).

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
"""

from __future__ import annotations

from typing import Iterable

from mapref.core.board import board_for
from mapref.core.graph import Graph
from mapref.rules.routes import Route, bfs

SEA_MOVE = frozenset({"sea", "coast", "sea_arrow", "port"})
MAX_SEA_MOVE = 7  # Fall of Germany, Movement of naval strength points 15


def sea_route(graph: Graph, m, friendly: Iterable[str], start: str, goal: str,
              blocked: Iterable[str] = (), max_length: int | None = None) -> Route:
    """A fleet's route by water from ``start`` to ``goal`` (rules 8-11, 15, 19; Blocking 1-2).

    ``m`` is the map (or its board); ``friendly`` are the spaces friendly to the fleet's side;
    ``blocked`` the hexes holding an enemy fleet at sea (they may be the goal, never a hex passed
    through); ``max_length`` counts hexes moved (seven for a move to sea)."""
    board = board_for(m)
    fr = frozenset(friendly)
    blk = frozenset(blocked)

    def terrain(space: str) -> str:
        s = board.space(space)
        return "box" if s is None or s.is_box else s.terrain

    def zone(space: str) -> str | None:
        s = board.space(space)
        return None if s is None else s.sea

    def access_ok(a: str, b: str) -> bool:
        # rule 19: ports with port_access are entered and left only through those hexes
        for port, other in ((a, b), (b, a)):
            s = board.space(port)
            if s is None or s.is_box or not s.port_access:
                continue
            o = board.space(other)
            if o is not None and not o.is_box and other not in s.port_access:
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
        if s != start and terrain(s) == "coastal" and s not in fr:
            # passing through a coastal hex from one sea into another (the Kiel canal) needs a
            # friendly hex: rule 19, "Friendly ships may pass between the Atlantic and the Baltic"
            into = c.sea if c.kind == "sea_arrow" else zone(n)
            if into is not None and into != zone(s):
                return False
        return True

    if start == goal:
        return Route(path=(start,))
    if terrain(goal) == "land":
        return Route(reason=f"{goal} is all land: fleets go to ports, full sea or coastal hexes",
                     rule="Movement of naval strength points and fleets 14")
    path = bfs(graph, start, goal, step)
    if path is None:
        return Route(reason=f"no sea route from {start} to {goal} (all-land sides, unfriendly coasts "
                            "and crossings, port access and enemy fleets at sea block it)",
                     rule="Movement of naval strength points and fleets 8-10, 19; Blocking sea routes 1")
    if max_length is not None and len(path) - 1 > max_length:
        return Route(reason=f"{goal} is {len(path) - 1} hexes from {start} by sea; a fleet going to sea "
                            f"moves at most {max_length}", rule="Movement of naval strength points and fleets 15")
    return Route(path=tuple(path))
