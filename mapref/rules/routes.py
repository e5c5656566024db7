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
from collections.abc import Iterable

from mapref.core.graph import LAND_KINDS, Graph


@dataclass(frozen=True)
class Route:
    """A route found (its spaces, in order) or why there is none (the reason and the rule)."""

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
            p = parent[s]
            while p is not None:
                out.append(p)
                p = parent[p]
            return out[::-1]
        for c in graph.out_edges(s):
            n = c.other(s)
            if n not in parent and step(s, n, c):
                parent[n] = s
                todo.append(n)
    return None


def land_route(graph: Graph, friendly: Iterable[str] | bytes | bytearray, start: str, goal: str) -> Route:
    """The shortest land route through friendly spaces (Movement 2), or why there is none.
    ``friendly``: space ids, or a byte per space of ``graph.index()`` (1: friendly)."""
    ix = graph.index()
    fr = friendly if isinstance(friendly, (bytes, bytearray)) else ix.marks(friendly)
    si, gi = ix.ix.get(start), ix.ix.get(goal)
    if gi is None or not fr[gi]:
        return Route(reason=f"{goal} is not friendly: the route and the final hex must be friendly", rule="Movement 2")
    if si is None or not fr[si]:
        return Route(reason=f"{start} is not friendly", rule="Movement 2")
    path = _land_bfs(ix.out_lists(LAND_KINDS), fr, si, gi)
    if path is None:
        return Route(
            reason=f"no line of friendly hexes joins {start} to {goal} "
            "(all-sea sides are crossed only at crossing arrows)",
            rule="Movement 2",
        )
    return Route(path=tuple(ix.ids[i] for i in path))


def land_tree(graph: Graph, friendly: bytes | bytearray, start: str) -> dict[int, int]:
    """The whole search :func:`land_route` makes from ``start`` (space number -> the one it was
    reached from, -1 at ``start``): every friendly space joined to ``start`` by land, and the
    route :func:`land_route` finds to each (a search stopped at a goal sets the same parents)."""
    ix = graph.index()
    si = ix.ix.get(start)
    if si is None or not friendly[si]:
        return {}
    land = ix.out_lists(LAND_KINDS)
    parent = {si: -1}
    todo = [si]
    for s in todo:
        for n in land[s]:
            if n not in parent and friendly[n]:
                parent[n] = s
                todo.append(n)
    return parent


def route_in_tree(graph: Graph, tree: dict[int, int], friendly: bytes | bytearray, start: str, goal: str) -> Route:
    """:func:`land_route` from the start of ``tree`` (made by :func:`land_tree` with the same
    friendly spaces): the same answer, without searching again."""
    ix = graph.index()
    si, gi = ix.ix.get(start), ix.ix.get(goal)
    if gi is None or not friendly[gi]:
        return Route(reason=f"{goal} is not friendly: the route and the final hex must be friendly", rule="Movement 2")
    if si is None or not friendly[si]:
        return Route(reason=f"{start} is not friendly", rule="Movement 2")
    if gi not in tree:
        return Route(
            reason=f"no line of friendly hexes joins {start} to {goal} "
            "(all-sea sides are crossed only at crossing arrows)",
            rule="Movement 2",
        )
    out = [gi]
    while tree[out[-1]] >= 0:
        out.append(tree[out[-1]])
    return Route(path=tuple(ix.ids[i] for i in reversed(out)))


def unwind(parent: dict[int, int], goal: int) -> list[int]:
    """The route from the start of a breadth-first search to ``goal``, read back through the
    ``parent`` of each space reached (-1 at the start)."""
    out = [goal]
    while parent[out[-1]] >= 0:
        out.append(parent[out[-1]])
    return out[::-1]


def _land_bfs(land: list[list[int]], fr, start: int, goal: int) -> list[int] | None:
    """:func:`bfs` over integer neighbour lists (the same walk: first found, first followed)."""
    parent = {start: -1}
    todo = [start]
    for s in todo:
        if s == goal:
            return unwind(parent, s)
        for n in land[s]:
            if n not in parent and fr[n]:
                parent[n] = s
                todo.append(n)
    return None
