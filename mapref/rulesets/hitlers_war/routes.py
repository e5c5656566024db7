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

How it runs fast (docs/performance.md): what never changes in a game -- which connections a
fleet may follow at all (rule 19's port access), which need both hexes friendly (9, 10), which
leave a coastal hex into another sea (19, Kiel) -- is worked out once per map version as numbers
of the graph's index (:class:`SeaPlan`).  A route (:func:`sea_route`) is a breadth-first search
over those numbers.  Whether a fleet reaches a space at all, by a route of any length (where a
fleet at sea must go to port, or one expelled from a port), is read from the seas as a side's
fleets may sail them now (:class:`SeaReach`): the spaces joined both ways under the rules, in
groups, and the one-way steps between groups (into a hex an enemy fleet holds, into an
unfriendly coastal hex from another sea), worked out once per position and side and kept while
no space whose friendliness a step asks changes hands and no enemy fleet moves.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable
from itertools import compress, count, repeat

from mapref.core.board import board_for
from mapref.core.graph import Graph, GraphIndex, code_digest, numbers, store_get, store_put, stored_key
from mapref.rules.routes import Route, unwind
from mapref.rules.supply import sea_numbers
from mapref.rulesets.hitlers_war.common import port_spaces

SEA_MOVE = frozenset({"sea", "coast", "sea_arrow", "port"})
MAX_SEA_MOVE = 7  # Fall of Germany, Movement of naval strength points 15

NEED_BOTH = 1  # a step only between two friendly hexes (rules 9, 10)
ZONE_CHANGE = 2  # out of a coastal hex into another sea: only from a friendly hex (rule 19, Kiel)


class SeaPlan:
    """The steps a fleet may take, as numbers of the graph's index (made once per map version).

    ``steps[s]``: (next space, flags) for each sea connection that may be followed from ``s``
    and that rule 19's port access allows, in the graph's order; the flags say what the step
    asks of friendliness (:data:`NEED_BOTH`, :data:`ZONE_CHANGE`).  ``edges``: each of those
    connections once, (a, b, flags from a, flags from b), -1 for a way it may not be followed.
    ``asks``: the spaces whose friendliness some step asks.  ``kept``: (edges, asks) of the same
    graph and sea table worked out before (:func:`sea_plan` keeps them on disk with the graph)."""

    def __init__(self, ix: GraphIndex, board, kept: tuple | None = None) -> None:
        self.ix, self.board = ix, board
        self._spaces: dict[int, object] = {}
        self._steps: list | None = None  # (a list of (next space, flags) per space; () for none)
        if kept is None:
            kept = _plan_edges(ix, *_plan_inputs(ix, board))
        self.edges: list[tuple[int, int, int, int]] = kept[0]
        self.asks: list[int] = kept[1]
        self._reach: dict[tuple, SeaReach] = {}
        self._open: tuple | None = None
        self._others_at: dict[int, list[tuple[int, int]]] | None = None  # (steps_from)

    @property
    def open_water(self) -> tuple[list, list[int], list[tuple[int, int, int, int]], list[int]]:
        """The edges a fleet may follow both ways whatever holds the spaces (no flag either way:
        open water) as neighbour lists (``()`` for a space with none), the spaces they touch (in
        the edges' order), the other edges, and ``list(range(n))``: what :class:`SeaReach` walks,
        made once per plan."""
        if self._open is None:
            none: tuple = ()
            near: list = [none] * self.ix.n
            spaces: list[int] = []
            others = []
            for e in self.edges:
                a, b, fa, fb = e
                if fa or fb:  # (flags, or -1: one way only)
                    others.append(e)
                    continue
                for x, y in ((a, b), (b, a)):
                    if near[x] is none:
                        near[x] = []
                        spaces.append(x)
                    near[x].append(y)
            self._open = (near, spaces, others, numbers(self.ix.n))
        return self._open

    @property
    def steps(self) -> list:
        """Each space's steps, read from the edges (in the graph's order, ``a``'s way first)."""
        if self._steps is None:
            # a space without sea steps (most of a map: land) shares one empty tuple
            none: tuple = ()
            steps: list = [none] * self.ix.n
            for a, b, fa, fb in self.edges:
                if fa >= 0:
                    if steps[a] is none:
                        steps[a] = []
                    steps[a].append((b, fa))
                if fb >= 0:
                    if steps[b] is none:
                        steps[b] = []
                    steps[b].append((a, fb))
            self._steps = steps
        return self._steps

    def steps_from(self, i: int) -> list[tuple[int, int]]:
        """``steps[i]`` in some order (the same steps), without every space's list made: its
        open-water neighbours (no flags) and its other edges' steps (what a fleet's reach asks
        of a few spaces: issue 34)."""
        if self._steps is not None:
            return self._steps[i]
        if self._others_at is None:
            at: dict[int, list[tuple[int, int]]] = {}
            for a, b, fa, fb in self.open_water[2]:
                if fa >= 0:
                    at.setdefault(a, []).append((b, fa))
                if fb >= 0:
                    at.setdefault(b, []).append((a, fb))
            self._others_at = at
        return [(m, 0) for m in self.open_water[0][i]] + self._others_at.get(i, [])

    def _space(self, i: int):
        s = self._spaces.get(i, self)
        if s is self:
            s = self._spaces[i] = self.board.space(self.ix.ids[i])
        return s

    def _zone(self, i: int) -> str | None:
        s = self._space(i)
        return None if s is None else s.sea

    def terrain(self, i: int) -> str:
        s = self._space(i)
        return "box" if s is None or s.is_box else s.terrain

    def reach(self, friendly: bytes | bytearray, blocked: frozenset[int]) -> SeaReach:
        """The seas as fleets of the side with ``friendly`` spaces may sail them with enemy fleets at
        sea in ``blocked``: made once and kept while the spaces a step asks keep their friendliness."""
        key = (bytes(map(friendly.__getitem__, self.asks)), blocked)
        r = self._reach.get(key)
        if r is None:
            if len(self._reach) >= 16:
                self._reach.pop(next(iter(self._reach)))
            r = self._reach[key] = SeaReach(self, friendly, blocked)
        return r


def _plan_inputs(ix: GraphIndex, board) -> tuple[dict[int, str], frozenset[int], bytes, dict[int, set[str]], bytes]:
    """What a sea plan reads of the board besides the graph: the sea zones and the full-sea
    spaces by number, a byte per space for coastal terrain, rule 19's port access (port ->
    the hexes its sides open on) and a byte per space for the spaces that are boxes or none."""
    zones, full = sea_numbers(ix, board)  # the board's sea zones, read from the map at once
    coastal = board.coastal_spaces()
    access: dict[int, set[str]] = {}
    for p in port_spaces(board):
        sp = board.space(p)
        if sp is not None and sp.port_access and p in ix.ix:
            access[ix.ix[p]] = set(sp.port_access)
    offmap = b""
    if access:  # only rule 19's check asks what the spaces beside such a port are
        offmap = bytes(sp is None or sp.is_box for sp in map(board.space, ix.ids))
    return zones, full, bytes(map(coastal.__contains__, ix.ids)), access, offmap


def _plan_edges(
    ix: GraphIndex, zones: dict[int, str], full: frozenset[int], coastal_bytes: bytes, access, offmap: bytes
) -> tuple[list[tuple[int, int, int, int]], list[int]]:
    """A sea plan's (edges, asks) from the graph and :func:`_plan_inputs`."""
    ids, ck, csea, ca, cb, cone = ix.ids, ix.ck, ix.csea, ix.ca, ix.cb, ix.cone
    codes = ix.codes(SEA_MOVE)
    coast, sea, arrow, crossing = (ix.kcode.get(k, -1) for k in ("coast", "sea", "sea_arrow", "crossing"))
    # the connections of each kind asked about, picked out at C speed (a 300x300 map has 270,000)
    crossed = (
        {(min(ca[c], cb[c]), max(ca[c], cb[c])) for c in compress(count(), map(crossing.__eq__, ck))}
        if crossing in ck
        else set()
    )
    coastal: dict[int, bool] = {}

    def access_ok(a: int, b: int) -> bool:
        # rule 19: ports with port_access are entered and left only through those hexes
        for port, other in ((a, b), (b, a)):
            if port in access and ids[other] not in access[port] and not offmap[other]:
                return False
        return True

    edges: list[tuple[int, int, int, int]] = []
    asks: set[int] = set()
    for c in compress(count(), map(codes.__contains__, ck)):  # in the graph's order (as out_conns)
        k = ck[c]
        a, b = ca[c], cb[c]
        both = k == coast or (k == sea and crossed and (min(a, b), max(a, b)) in crossed)
        fl = []
        for s, m in ((a, b), (b, a)):
            if (s == b and (cone[c] or a == b)) or (access and not access_ok(s, m)):
                fl.append(-1)
                continue
            f = NEED_BOTH if both else 0
            if s not in coastal:
                coastal[s] = s not in full and bool(coastal_bytes[s])  # (terrain(s) == "coastal")
            if coastal[s]:
                into = csea[c] if k == arrow else zones.get(m)
                if into is not None and into != zones.get(s):
                    f |= ZONE_CHANGE
                    asks.add(s)
            if both:
                asks.update((s, m))
            fl.append(f)
        if fl != [-1, -1]:
            edges.append((a, b, fl[0], fl[1]))
    return edges, sorted(asks)


PLAN_FORMAT = "mapref-seaplan-1"


def _plan_key(graph_key: str, ix: GraphIndex, inputs: tuple) -> str:
    """The digest of everything a sea plan is worked out from: the graph (its key in the store),
    the board's sea table, coastal spaces and port access, and the code that works it out."""
    import hashlib

    zones, full, coastal_bytes, access, offmap = inputs
    h = hashlib.blake2b(digest_size=20)
    h.update(f"{PLAN_FORMAT} {graph_key} {sorted(SEA_MOVE)} {NEED_BOTH} {ZONE_CHANGE}".encode())
    code_digest(h, _plan_edges, _kept_plan, SeaPlan.steps.fget)  # type: ignore[attr-defined]
    h.update("\0".join(map(zones.get, range(ix.n), repeat(""))).encode())  # (a zone is never "": sea_table)
    h.update(bytes(map(full.__contains__, range(ix.n))))
    h.update(coastal_bytes)
    h.update(repr(sorted((p, sorted(a)) for p, a in access.items())).encode())
    h.update(offmap)
    return h.hexdigest()


def _kept_plan(graph: Graph, ix: GraphIndex, board) -> SeaPlan:
    """The sea plan of ``graph``: read from the store the graph was read from or kept in, under
    the digest of what it is worked out from (:func:`_plan_key`), else worked out and kept there."""
    gkey = stored_key(graph)
    if gkey is None:
        return SeaPlan(ix, board)
    inputs = _plan_inputs(ix, board)
    key = _plan_key(gkey, ix, inputs)
    data = store_get(key)
    if isinstance(data, tuple) and len(data) == 6 and data[0] == PLAN_FORMAT:
        try:
            a, b, fa, fb, asks = (_ints_of(x) for x in data[1:])
            spaces = (a, b, asks)
            if len(a) == len(b) == len(fa) == len(fb) and all(
                min(x, default=0) >= 0 and max(x, default=0) < ix.n for x in spaces
            ):
                return SeaPlan(ix, board, (list(zip(a, b, fa, fb, strict=True)), asks))
        except (TypeError, ValueError):
            pass  # not a plan this module wrote: worked out again
    edges, asks = _plan_edges(ix, *inputs)
    cols = list(zip(*edges, strict=True)) if edges else [(), (), (), ()]
    store_put(key, (PLAN_FORMAT, *(array("i", x).tobytes() for x in cols), array("i", asks).tobytes()))
    return SeaPlan(ix, board, (edges, asks))


def _ints_of(b: object) -> list[int]:
    if not isinstance(b, bytes):
        raise TypeError("not bytes")
    a = array("i")
    a.frombytes(b)
    return a.tolist()


def sea_plan(graph: Graph, m) -> SeaPlan:
    """The :class:`SeaPlan` of ``graph`` (the graph of map or board ``m``), kept with its index
    (and, for a hex map's graph kept on disk, on disk beside it: issue 34)."""
    ix = graph.index()
    board = board_for(m)
    key = ("sea_plan", id(board), board.version)
    plan = ix._lists.get(key)
    if plan is None:
        plan = ix._lists[key] = _kept_plan(graph, ix, board)
    return plan


class SeaReach:
    """Where a side's fleets may sail by routes of any length in one position: the spaces joined
    both ways by steps the rules allow now, as groups (``group[s]``), and the one-way steps
    between groups (``onward``).  From a start, a fleet reaches the groups its own steps lead
    into (a fleet may leave the hex it stands in whatever holds it: Blocking sea routes 2, rule 19
    asks only of hexes passed through) and every group those lead on to."""

    def __init__(self, plan: SeaPlan, fr: bytes | bytearray, blk: frozenset[int]) -> None:
        self.plan, self.fr = plan, bytes(fr)
        near, spaces, others, nums = plan.open_water
        # each space its own group (a space's group is a space of it: an id, never compared)
        self.group = group = nums.copy()
        oneway = []
        # open water both ways (most of the seas): its groups are the parts the open-water edges
        # join, an enemy fleet's hex a group of its own (entered, never passed through: Blocking
        # sea routes 1), one search per part (issue 34: was a union-find call per end of each edge)
        seen = bytearray(len(nums))
        for x in blk:
            seen[x] = 1
            oneway += [(y, x) for y in near[x] if y not in blk]
        for s in spaces:
            if seen[s]:
                continue
            seen[s] = 1
            part = [s]
            for u in part:
                for m in near[u]:
                    if not seen[m]:
                        seen[m] = 1
                        group[m] = s
                        part.append(m)

        def ok(a: int, b: int, f: int) -> bool:
            # Blocking sea routes 1; rules 9, 10; rule 19 (Kiel), for a space passed through
            return (
                f >= 0
                and a not in blk
                and not (f & NEED_BOTH and not (fr[a] and fr[b]))
                and not (f & ZONE_CHANGE and not fr[a])
            )

        # the other edges: a step the rules allow both ways now joins two groups
        link: dict[int, int] = {}  # a group joined to another -> that group

        def root(x: int) -> int:
            r = x
            while r in link:
                r = link[r]
            while x != r:  # each group on the way joined to the last at once
                link[x], x = r, link[x]
            return r

        for a, b, fa, fb in others:
            there, back = ok(a, b, fa), ok(b, a, fb)
            if there and back:
                ra, rb = root(group[a]), root(group[b])
                if ra != rb:
                    link[ra] = rb
            elif there:
                oneway.append((a, b))
            elif back:
                oneway.append((b, a))
        if link:
            for x in spaces:
                if group[x] in link:
                    group[x] = root(group[x])
            for a, b, _, _ in others:
                for x in (a, b):
                    if group[x] in link:
                        group[x] = root(group[x])
        g = self.group
        self.onward: dict[int, set[int]] = {}
        for a, b in oneway:
            if g[a] != g[b]:
                self.onward.setdefault(g[a], set()).add(g[b])
        self._from: dict[int, frozenset[int]] = {}

    def groups_from(self, start: int) -> frozenset[int]:
        """The groups a fleet in ``start`` may reach."""
        out = self._from.get(start)
        if out is None:
            fr, g = self.fr, self.group
            todo = []
            for m, f in self.plan.steps_from(start):
                if f & NEED_BOTH and not (fr[start] and fr[m]):
                    continue
                todo.append(g[m])
            seen = set(todo)
            for x in todo:
                for y in self.onward.get(x, ()):
                    if y not in seen:
                        seen.add(y)
                        todo.append(y)
            out = self._from[start] = frozenset(seen)
        return out

    def reaches(self, start: int, goal: int) -> bool:
        """Does a sea route lead from ``start`` to ``goal`` (what :func:`sea_route` finds)?"""
        if start == goal:
            return True
        if self.plan.terrain(goal) == "land":
            return False
        return self.group[goal] in self.groups_from(start)


def _numbers(ix: GraphIndex, friendly, blocked: Iterable[str]) -> tuple[bytes | bytearray, frozenset[int]]:
    fr = friendly if isinstance(friendly, (bytes, bytearray)) else ix.marks(friendly)
    get = ix.ix.get
    return fr, frozenset(i for i in map(get, blocked) if i is not None)


def sea_reach(graph: Graph, m, friendly, blocked: Iterable[str] = ()) -> SeaReach:
    """The :class:`SeaReach` of a side with ``friendly`` spaces (ids, or a byte per space of
    ``graph.index()``) and enemy fleets at sea in ``blocked``."""
    plan = sea_plan(graph, m)
    fr, blk = _numbers(plan.ix, friendly, blocked)
    return plan.reach(fr, blk)


def sea_route(
    graph: Graph, m, friendly, start: str, goal: str, blocked: Iterable[str] = (), max_length: int | None = None
) -> Route:
    """A fleet's route by water from ``start`` to ``goal`` (rules 8-11, 15, 19; Blocking 1-2).

    ``m`` is the map (or its board); ``friendly`` are the spaces friendly to the fleet's side
    (ids, or a byte per space of ``graph.index()``); ``blocked`` the hexes holding an enemy fleet
    at sea (they may be the goal, never a hex passed through); ``max_length`` counts hexes moved
    (seven for a move to sea)."""
    if start == goal:
        return Route(path=(start,))
    plan = sea_plan(graph, m)
    ix = plan.ix
    si, gi = ix.ix.get(start), ix.ix.get(goal)
    if gi is not None and plan.terrain(gi) == "land":
        return Route(
            reason=f"{goal} is all land: fleets go to ports, full sea or coastal hexes",
            rule="Movement of naval strength points and fleets 14",
        )
    path = None
    if si is not None and gi is not None:
        fr, blk = _numbers(ix, friendly, blocked)
        path = _search(plan, fr, blk, si, gi)
    if path is None:
        return Route(
            reason=f"no sea route from {start} to {goal} (all-land sides, unfriendly coasts "
            "and crossings, port access and enemy fleets at sea block it)",
            rule="Movement of naval strength points and fleets 8-10, 19; Blocking sea routes 1",
        )
    if max_length is not None and len(path) - 1 > max_length:
        return Route(
            reason=f"{goal} is {len(path) - 1} hexes from {start} by sea; a fleet going to sea "
            f"moves at most {max_length}",
            rule="Movement of naval strength points and fleets 15",
        )
    return Route(path=tuple(ix.ids[i] for i in path))


def _search(plan: SeaPlan, fr, blk: frozenset[int], start: int, goal: int) -> list[int] | None:
    """The breadth-first search of a sea route (first found, first followed, in the graph's order)."""
    parent = {start: -1}
    todo = [start]
    steps = plan.steps
    for s in todo:
        if s == goal:
            return unwind(parent, s)
        inner = s != start
        if inner and s in blk:
            continue  # Blocking sea routes 1: no passing through an enemy fleet at sea
        frs = fr[s]
        for n, f in steps[s]:
            if n in parent:
                continue
            if f & NEED_BOTH and not (frs and fr[n]):
                continue  # rules 9, 10
            if f & ZONE_CHANGE and inner and not frs:
                continue  # rule 19: from one sea into another through a coastal hex, a friendly one
            parent[n] = s
            todo.append(n)
    return None
