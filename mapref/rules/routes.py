"""Routes over the map graph: the shortest walk from one space to another under a rule.

Land (Hitler's War, Movement 2): "Their travel route, including the final hex to be occupied,
must be traced entirely through a connected line of friendly hexes. A strength point is not
allowed to move through or jump over an unfriendly hex. The route may not cross a side of a hex
entirely in the sea except at a crossing arrow."  Sea routes are a game's own
(Hitler's War's are in its ruleset package).

Every function returns a :class:`Route`: the spaces walked (start first) or the reason there is
none, with the rule that forbids it.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Iterable

from mapref.core.graph import LAND_KINDS, Graph


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


def bfs(graph: Graph, start: str, goal: str, step) -> list[str] | None:
    """The shortest walk from ``start`` to ``goal`` following connections (one-way lines only
    forwards) for which ``step(space, next_space, connection)`` is true, or None."""
    parent: dict[str, str | None] = {start: None}
    todo = deque([start])
    while todo:
        s = todo.popleft()
        if s == goal:
            out = [s]
            while parent[out[-1]] is not None:
                out.append(parent[out[-1]])  # type: ignore[arg-type]
            return out[::-1]
        for c in graph.out_edges(s):
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
    path = bfs(graph, start, goal, lambda s, n, c: c.kind in LAND_KINDS and n in fr)
    if path is None:
        return Route(reason=f"no line of friendly hexes joins {start} to {goal} "
                            "(all-sea sides are crossed only at crossing arrows)", rule="Movement 2")
    return Route(path=tuple(path))
