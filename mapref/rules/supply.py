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

How it runs fast (docs/performance.md):

- A trace from scratch by land only (no open sea zone: the common case) works out which spaces
  are reached, not their routes, with :func:`bit_search`: the spaces are the bits of Python
  integers, the land connections of each common step of the grid a mask (:class:`BitPlan`, made
  once per graph), and each breadth-first level a few shifts, ANDs and ORs over the whole map
  (boxes and other odd connections listed apart).  About 130 levels on the 200x200 benchmark:
  1.5 ms a side instead of 10.  Its levels (each space's distance modulo 3) are kept as a tree of
  routes (:class:`LevelTree`: a space's parent is its first land neighbour one level nearer), which
  is all :func:`update` needs.  Graphs with one-way land connections, or not laid out as a grid,
  and traces with open seas use :func:`search`.
- The routes the referee shows (:meth:`SupplyTrace.path`, ``parent``) are always the
  breadth-first search's (:func:`search`), worked out when one is first asked for (10 ms a side
  on 200x200; the referee's report asks for each supplied army's, so a report makes it once per
  side and position).  It walks the graph's integer neighbour lists (:meth:`mapref.core.graph.Graph.index`)
  with the friendly spaces as a byte per space (:class:`Inputs`) and visits spaces in the same
  order as the plain search (:func:`trace_plain`, kept as the reference the tests and benchmarks
  compare with), so the routes are the same.  After a change of control (:func:`update`) the
  search is carried on from the first level a changed space can change (:func:`_resume_point`):
  a hex taken at the front, far from the sources, searches again only the spaces beyond it in
  the search's order (issue 34: 170 -> 105 ms for the report after a capture on 300x300); and
  only until it takes the same steps as the search before (:func:`_carried_on`, most often a
  level or two on), the rest of that search taken as it is, and the routes asked before that
  pass no space whose parent changed kept (issue 34: a capture's two searches, 19 -> ~8 ms).
- :func:`update` takes a trace and the spaces whose control changed and gives the trace of the
  new position without searching again from the sources where it can (a move that changes no
  control needs nothing; a captured hex is added or its dependants re-attached).

bench/run compares the trace from scratch with ``scipy.sparse.csgraph`` asked the same question
in the same run (the spaces reached: ``breadth_first_order`` without predecessors): about 0.6
times scipy's time on 200x200; with every route (:func:`search` against scipy's predecessors)
mapref takes about four times scipy's.  mapref does not depend on scipy (docs/performance.md).
"""

from __future__ import annotations

import operator
from collections import Counter, deque
from dataclasses import dataclass, field
from bisect import bisect_left
from itertools import chain, compress, islice
from collections.abc import Callable, Iterable

from mapref.core.board import board_for
from mapref.core.graph import LAND_KINDS, Graph, GraphIndex, code_digest, store_get, store_put, stored_key

LAND_TRACE = LAND_KINDS
SEA_TRACE = frozenset({"sea", "shore", "coast", "sea_arrow", "port"})
UNSEEN, ROOT, BLOCKED = -2, -1, -3
_FREE_OR_BLOCKED = (BLOCKED, UNSEEN)  # by the friendly byte of a space


@dataclass(eq=False)
class Inputs:
    """What one trace is asked, as numbers of the graph's index: the friendly spaces (a byte per
    space), the sources (in order), the open sea zones and the blocked spaces."""

    index: GraphIndex
    friendly: bytearray
    sources: tuple[int, ...]
    open_seas: frozenset[str] = frozenset()
    blocked: frozenset[int] = frozenset()
    zone: dict[int, str] = field(default_factory=dict)  # sea zone of each space that has one
    full_sea: frozenset[int] = frozenset()  # spaces whose terrain is sea
    _fr_bits: int | None = field(default=None, repr=False)

    def friendly_bits(self) -> int:
        """The friendly spaces as the bits of one integer (worked out once)."""
        if self._fr_bits is None:
            self._fr_bits = _bits(self.friendly)
        return self._fr_bits

    def water_open(self) -> bytearray:
        """A byte per space: a full-sea space of an open zone not blocked (the sea supply sails);
        kept with the index for the same seas (a trace is updated after every change)."""
        key = ("water_open", self.open_seas, self.blocked)
        kept = self.index._lists.get(key)
        wo = kept[1] if kept is not None and kept[0] is self.zone else None
        if wo is None:
            wo = bytearray(self.index.n)
            if self.open_seas:
                seas, blk, zone = self.open_seas, self.blocked, self.zone
                for i in self.full_sea:
                    if zone.get(i) in seas and i not in blk:
                        wo[i] = 1
            self._keep(key, wo)
        return wo

    def zone_open(self) -> bytearray:
        """A byte per space: its sea zone (coastal hexes have one too) is open."""
        key = ("zone_open", self.open_seas)
        kept = self.index._lists.get(key)
        zo = kept[1] if kept is not None and kept[0] is self.zone else None
        if zo is None:
            zo = bytearray(self.index.n)
            if self.open_seas:
                seas = self.open_seas
                for i, z in self.zone.items():
                    if z in seas:
                        zo[i] = 1
            self._keep(key, zo)
        return zo

    def _keep(self, key: tuple, value: bytearray) -> None:
        """Keep ``value`` with the index for these sea zones (a few per kind: the seas change when
        fleets move)."""
        lists = self.index._lists
        old = [k for k in lists if isinstance(k, tuple) and k and k[0] == key[0]]
        for k in old[:-7]:
            del lists[k]
        lists[key] = (self.zone, value)


def inputs(
    graph: Graph, m, friendly, sources: Iterable[str], open_seas: Iterable[str] = (), blocked: Iterable[str] = ()
) -> Inputs:
    """The :class:`Inputs` of a trace asked with space ids (``friendly``: ids, or a byte per space
    of ``graph.index()``)."""
    ix = graph.index()
    fr = bytearray(friendly) if isinstance(friendly, (bytes, bytearray)) else ix.marks(friendly)
    srcs: list[int] = []
    for s in sources:
        i = ix.ix.get(s)
        if i is not None and fr[i] and i not in srcs:
            srcs.append(i)
    seas = frozenset(open_seas)
    zone: dict[int, str] = {}
    full: frozenset[int] = frozenset()
    blk: frozenset[int] = frozenset()
    if seas:
        zone, full = sea_numbers(ix, board_for(m))
        blk = frozenset(ix.ix[s] for s in blocked if s in ix.ix)
    return Inputs(ix, fr, tuple(srcs), seas, blk, zone, full)


def sea_numbers(ix: GraphIndex, board) -> tuple[dict[int, str], frozenset[int]]:
    """The board's sea table (:meth:`Board.sea_table`) by space number, kept with the index."""
    key = (id(board), board.version)
    cached = ix._lists.get(("sea", key))
    if cached is None:
        zones, full = board.sea_table()
        get = ix.ix.get
        zone: dict = dict(zip(map(get, zones), zones.values(), strict=True))  # at C speed (issue 34)
        zone.pop(None, None)  # the spaces the graph does not have
        seas: frozenset = frozenset(map(get, full)) - {None}
        cached = (zone, seas)
        ix._lists[("sea", key)] = cached
    return cached


class Parents(dict):
    """A trace's plain record of routes (space -> the next space towards the source, None at a
    source) that counts its changes (``changes``), so that the routes read from it can be kept
    until it changes (:meth:`SupplyTrace.path`; a game's rules extend it in place)."""

    changes = 0

    def _changed(self) -> None:
        self.changes += 1

    def __setitem__(self, key, value) -> None:
        self._changed()
        dict.__setitem__(self, key, value)

    def __delitem__(self, key) -> None:
        self._changed()
        dict.__delitem__(self, key)

    def __ior__(self, other):  # type: ignore[misc]
        self._changed()
        return dict.__ior__(self, other)

    def clear(self) -> None:
        self._changed()
        dict.clear(self)

    def pop(self, *args):
        self._changed()
        return dict.pop(self, *args)

    def popitem(self):
        self._changed()
        return dict.popitem(self)

    def setdefault(self, key, default=None):
        self._changed()
        return dict.setdefault(self, key, default)

    def update(self, *args, **kwargs) -> None:
        self._changed()
        dict.update(self, *args, **kwargs)


class SupplyTrace:
    """The result of a trace: which spaces it reached (friendly spaces and the open sea it used)
    and, when asked, each one's route to a source (``path``; ``parent`` as a dict of ids).

    ``parent`` is the plain form (space -> the next space towards the source, None at a source);
    reading it makes it the trace's own record, which a game's rules may then extend (Hitler's War
    adds Finland's supply)."""

    def __init__(
        self,
        inp: Inputs,
        graph: Graph,
        reached: bytearray | None,
        order: list[int] | None = None,
        par=None,
        tree=None,
        paths: dict | None = None,
    ) -> None:
        self.inputs = inp
        self.graph = graph
        self.index = inp.index
        self.sources = tuple(inp.index.ids[i] for i in inp.sources)
        self._reached_bytes = reached  # a byte per space: reached by the search (None: from _par)
        self._order = order  # spaces in the order the breadth-first search reached them (None: not kept)
        self._par = par  # breadth-first parents (space number, ROOT at a source; None: not worked out)
        self._tree = tree  # any tree of routes to the sources (what update() keeps up to date)
        # the routes asked so far, as tuples of ids by space number: kept with ``_par``, which is
        # never changed once worked out
        self._paths: dict[int, tuple[str, ...]] = paths if paths is not None and par is not None else {}
        self._dict: Parents | None = None
        # the routes read from ``_dict`` so far: (its ``changes`` then, {space: route}); None: none
        self._dict_paths: tuple[int, dict[str, tuple[str, ...]]] | None = None
        self._friendly: frozenset[str] | None = None
        self._pockets: list[Pocket] = []  # the pockets asked so far (:meth:`pocket`)
        # a breadth-first search of inputs that differ from these only in the friendly byte of
        # some spaces: (parents, order, routes asked, those spaces), carried on from the first level
        # they can change (:func:`_resume_point`) when routes are asked; None: search from the sources
        self._base: tuple | None = None
        # the breadth-first search (parents, order), made with the spaces reached when the routes
        # were known to be asked (trace_inputs' ``routes``): what _searched gives, once asked
        self._early: tuple[list[int], list[int]] | None = None

    @property
    def _reached(self) -> bytearray:
        if self._reached_bytes is None:
            r = bytearray(self.index.n)
            for v in self._bfs_order():
                r[v] = 1
            self._reached_bytes = r
        return self._reached_bytes

    def copy(self) -> SupplyTrace:
        """A trace of its own (to extend: Hitler's War adds Finland's supply)."""
        t = SupplyTrace(self.inputs, self.graph, self._reached_bytes, self._order, self._par, self._tree, self._paths)
        t._dict = Parents(self._dict) if self._dict is not None else None
        t._friendly = self._friendly
        t._pockets = self._pockets  # the same friendly spaces
        t._base = self._base
        t._early = self._early
        return t

    # ------------------------------------------------------------------ plain form
    @property
    def friendly(self) -> frozenset[str]:
        if self._friendly is None:
            ids, fr = self.index.ids, self.inputs.friendly
            self._friendly = frozenset(ids[i] for i in range(self.index.n) if fr[i])
        return self._friendly

    @property
    def parent(self) -> dict[str, str | None]:
        if self._dict is None:
            par = self._bfs_parents()
            ids = self.index.ids
            self._dict = Parents((ids[v], (ids[par[v]] if par[v] >= 0 else None)) for v in self._bfs_order())
        return self._dict

    def _bfs_parents(self):
        return self._searched()[0]

    def _bfs_order(self) -> list[int]:
        return self._searched()[1]

    def _searched(self) -> tuple[list[int], list[int]]:
        """The breadth-first search's (parents, order), worked out when first asked."""
        if self._par is None or self._order is None:
            if self._early is not None:
                par, order = self._early
                self._par, self._order, self._base, self._early = par, order, None, None
                return par, order
            if self._par is None and self._base is not None:
                # carried on from the level the changed spaces can first change, until it takes
                # the same steps as the search before (the routes that pass no space whose
                # parent changed kept)
                par, order, self._paths = _carried_on(self.inputs, *self._base)
            else:
                par, order = search(self.inputs)
            self._par, self._order, self._base = par, order, None
            return par, order
        return self._par, self._order

    # ------------------------------------------------------------------ questions
    @property
    def supplied(self) -> set[str]:
        """Friendly spaces (hexes and boxes) that trace supply; sea hexes used are left out."""
        if self._dict is not None:
            return {s for s in self._dict if s in self.friendly}
        ids, fr = self.index.ids, self.inputs.friendly
        r: bytes | bytearray = self._reached
        if self._order is not None:
            return {ids[i] for i in self._bfs_order() if fr[i]}
        if self.inputs.open_seas:  # sea spaces may be reached: only the friendly ones
            n = self.index.n
            r = (int.from_bytes(r, "little") & int.from_bytes(fr, "little")).to_bytes(n, "little")
        return set(compress(ids, r))

    def unreached(self, friendly: bytes | bytearray) -> list[str]:
        """The spaces with a byte in ``friendly`` (a byte per space) the trace does not reach, in
        the index's order: a side's unsupplied spaces, worked out over bytes rather than ids."""
        ids = self.index.ids
        if self._dict is not None:  # a record of its own (extended by a game's rules): read it
            return [ids[i] for i in compress(range(self.index.n), friendly) if ids[i] not in self._dict]
        left = int.from_bytes(bytes(friendly), "little") & ~int.from_bytes(bytes(self._reached), "little")
        return list(compress(ids, left.to_bytes(self.index.n, "little"))) if left else []

    def is_supplied(self, space: str) -> bool:
        if self._dict is not None:
            return space in self._dict and space in self.friendly
        i = self.index.ix.get(space)
        if i is None or not self.inputs.friendly[i]:
            return False
        return self._bfs_parents()[i] >= ROOT if self._reached_bytes is None else bool(self._reached_bytes[i])

    def path(self, space: str) -> list[str]:
        """The route from ``space`` to its source, ``space`` first and the source last."""
        d = self._dict
        if d is not None:
            if space not in d:
                return []
            kept = self._dict_paths
            if kept is None or kept[0] != d.changes:  # (the record changed since: read again)
                kept = self._dict_paths = (d.changes, {})
            seen = kept[1]
            got = seen.get(space)
            if got is None:  # read along the record, up to a space whose route was read before
                out = [space]
                step = d[space]
                while step is not None:
                    rest = seen.get(step)
                    if rest is not None:
                        out += rest
                        break
                    out.append(step)
                    step = d[step]
                got = seen[space] = tuple(out)
            return list(got)
        i = self.index.ix.get(space)
        if i is None or not self._reached[i]:
            return []
        par = self._bfs_parents()
        memo = self._paths
        got = memo.get(i)
        if got is None:  # read along the parents (each route kept: the same position asks again)
            ids = self.index.ids
            out = []
            x = i
            while x >= 0:
                out.append(ids[x])
                x = par[x]
            got = memo[i] = tuple(out)
        return list(got)

    def region(self, space: str) -> set[str]:
        """The friendly spaces joined to ``space`` by land (its pocket, when cut off)."""
        p = self.pocket(space)
        return set() if p is None else {self.index.ids[i] for i in p.spaces()}

    def frontier(self, space: str) -> list[str]:
        """Where the friendly region of ``space`` ends: the unfriendly spaces touching it by land,
        sorted.  For a cut-off army, these are the hexes that cut its line."""
        p = self.pocket(space)
        return [] if p is None else list(p.frontier())

    def pocket(self, space: str) -> Pocket | None:
        """The :class:`Pocket` of ``space`` (None for a space the graph does not have): the
        friendly spaces joined to it by land.  One search per pocket: the pockets of friendly
        spaces are kept with the trace, whose friendly spaces never change (a cut-off army's
        neighbours in its pocket ask again; the report asks for every cut-off army)."""
        i = self.index.ix.get(space)
        if i is None:
            return None
        if not self.inputs.friendly[i]:  # the space and the friendly land beside it: not a pocket of its own
            return Pocket.of(self.inputs, i)
        for p in self._pockets:
            if p.has(i):
                return p
        p = Pocket.of(self.inputs, i)
        self._pockets.append(p)
        return p


class Pocket:
    """The friendly spaces joined by land to a space (the space itself, whether friendly or not,
    included): its pocket, when it traces no supply.  On a graph with a :class:`BitPlan` the
    pocket is found a level at a time over bits, as :func:`bit_search` does: ``bits`` has bit
    ``i`` for its space ``i`` and ``edge`` for each space one land connection from one of them; else
    ``members`` is the set of its spaces (and ``bits`` None)."""

    __slots__ = ("inp", "bits", "edge", "members", "_spaces", "_frontier")

    def __init__(self, inp: Inputs, bits: int | None, edge: int = 0, members: set[int] | None = None) -> None:
        self.inp, self.bits, self.edge, self.members = inp, bits, edge, members
        self._spaces: list[int] | None = None
        self._frontier: tuple[str, ...] | None = None

    @classmethod
    def of(cls, inp: Inputs, start: int) -> Pocket:
        """The pocket of space ``start``: one search from it through the friendly spaces."""
        plan = bit_plan(inp.index)
        if plan is None:
            near, fr = inp.index.near_lists(LAND_TRACE), inp.friendly
            seen = {start}
            todo = [start]
            for s in todo:
                for n in near[s]:
                    if fr[n] and n not in seen:
                        seen.add(n)
                        todo.append(n)
            return cls(inp, None, members=seen)
        front = reached = 1 << start
        avail = inp.friendly_bits() & ~front
        while front:
            front = _land_step(front, plan) & avail
            avail ^= front
            reached |= front
        return cls(inp, reached, _land_step(reached, plan))

    def has(self, i: int) -> bool:
        if self.bits is not None:
            return bool(self.bits >> i & 1)
        return self.members is not None and i in self.members

    def spaces(self) -> list[int]:
        """Its spaces by number, in the index's order."""
        if self._spaces is None:
            n = self.inp.index.n
            self._spaces = (
                list(compress(range(n), _bytes(self.bits, n))) if self.bits is not None else sorted(self.members or ())
            )
        return self._spaces

    def frontier(self) -> tuple[str, ...]:
        """The spaces not friendly joined by land to one of its spaces, sorted by id."""
        if self._frontier is None:
            ix, fr = self.inp.index, self.inp.friendly
            if self.bits is not None:
                x = self.edge & ~self.inp.friendly_bits()
                out = {ix.ids[i] for i in compress(range(ix.n), _bytes(x, ix.n))} if x else set()
            else:
                near = ix.near_lists(LAND_TRACE)
                out = {ix.ids[n] for s in self.spaces() for n in near[s] if not fr[n]}
            self._frontier = tuple(sorted(out))
        return self._frontier


# --------------------------------------------------------------------------- the search
def trace(
    graph: Graph,
    m,
    friendly: Iterable[str],
    sources: Iterable[str],
    open_seas: Iterable[str] = (),
    blocked: Iterable[str] = (),
) -> SupplyTrace:
    """Trace supply from ``sources`` (spaces that must themselves be friendly) through
    ``friendly`` spaces, and through the sea zones in ``open_seas`` except ``blocked`` hexes.
    ``m`` is the map (or its board)."""
    return trace_inputs(inputs(graph, m, friendly, sources, open_seas, blocked), graph)


def trace_inputs(inp: Inputs, graph: Graph | None = None, routes: bool = False) -> SupplyTrace:
    """The trace of ``inp`` from scratch: on a graph :func:`bit_plan` accepts, the spaces reached
    by :func:`bit_search` (by land only) or :func:`sea_bit_search` (with open seas, on a graph
    :func:`sea_bits` accepts too); routes are worked out by :func:`search` when one is asked for.
    Otherwise :func:`search`.  ``routes``: routes will be asked (a report shows each supplied
    army's): with open seas the search is made at once, its spaces reached are the trace's (the
    bit search's, which is not made: issue 34), the trace otherwise the same."""
    plan = bit_plan(inp.index)
    sea = sea_bits(inp.index, plan) if plan is not None and inp.open_seas else None
    if plan is None or (inp.open_seas and sea is None):
        par, order = search(inp)
        return SupplyTrace(inp, graph or inp.index.graph, None, order, par, par)
    if sea is not None and routes:
        par, order = search(inp)
        reached = bytearray(inp.index.n)
        for v in order:
            reached[v] = 1
        t = SupplyTrace(inp, graph or inp.index.graph, reached, None, None, None)
        t._early = (par, order)
        return t
    if sea is not None:
        return SupplyTrace(inp, graph or inp.index.graph, sea_bit_search(plan, sea, inp), None, None, None)
    reached, tree = bit_search(plan, inp)
    return SupplyTrace(inp, graph or inp.index.graph, reached, None, None, tree)


def search(
    inp: Inputs, resume: tuple[list[int], list[int], int] | None = None, done: Callable[[int], bool] | None = None
) -> tuple[list[int], list[int]]:
    """The breadth-first search: (parents, spaces in the order reached).  Parents are space
    numbers (ROOT at a source; below ROOT where not reached: UNSEEN or BLOCKED).  ``resume``:
    (parents, order, start) of a search done up to a level (:func:`_resume_point`), carried on
    from ``order[start]``, the first space of a level.  ``done(b)``: asked after each level is
    taken from the queue, ``order[b:]`` the next level (all of it); True stops the search there."""
    if resume is None:
        par = list(map(_FREE_OR_BLOCKED.__getitem__, inp.friendly))
        order = []
        for s in inp.sources:
            par[s] = ROOT
            order.append(s)
        start = 0
    else:
        par, order, start = resume
    if not inp.open_seas:
        _land_search(inp, par, order, start, done)
    else:
        _sea_search(inp, par, order, start, done)
    return par, order


def _resume_point(
    inp: Inputs, par0: list[int], order0: list[int], changed: frozenset[int]
) -> tuple[list[int], list[int], int, float, Callable[[int], int]]:
    """Where :func:`search` of ``inp`` may carry on from the search (``par0``, ``order0``) of
    inputs that differ from ``inp`` only in the friendly byte of the spaces ``changed``:
    (parents, order, start, level, depth), the spaces of ``order0`` up to ``level`` kept with their
    parents, the search to carry on from ``order[start]`` (the first space of that level);
    ``depth(v)`` is the level of a space ``par0`` reached.  The changed spaces are not reached
    in ``parents``; the spaces of ``order0`` after ``level`` still have their parents there: the
    caller makes them not reached before the search may reach them (:class:`_Carry`).

    The two searches take the same steps until one asks about a changed space: when a space
    entered into one (one of its neighbours at its level), or the space itself, is taken from the
    queue.  So up to the least level of a changed space and the spaces a connection leads from
    into one (in the first search) they queue the same spaces in the same order with the same
    parents; the new search carries on by taking the spaces of that level from the queue.  Where
    no such space was reached the searches are the same (``level`` infinite)."""
    ix, fr = inp.index, inp.friendly
    # the spaces a connection leads from into each space (by land only without open seas)
    land_in, into = _land_in(ix), (ix.conns_of("in") if inp.open_seas else None)
    levels: dict[int, int] = {}

    def depth(v: int) -> int:  # the level of a space ``par0`` reached
        chain = []
        while v not in levels and par0[v] != ROOT:
            chain.append(v)
            v = par0[v]
        d = levels.setdefault(v, 0)
        for x in reversed(chain):
            d += 1
            levels[x] = d
        return d

    level = float("inf")
    for c in changed:
        for v in [c, *(land_in[c] if into is None else [p for p, _ in into[c]])]:
            if par0[v] >= ROOT:
                level = min(level, depth(v))
    par = list(par0)
    free = _FREE_OR_BLOCKED
    if level == float("inf"):
        end = start = len(order0)
    else:
        start = bisect_left(order0, level, key=depth)
        end = bisect_left(order0, level + 1, lo=start, key=depth)
    for c in changed:
        if par0[c] < ROOT or depth(c) > level:
            par[c] = free[fr[c]]
    return par, order0[:end], start, level, depth


def _carried_on(
    inp: Inputs, par0: list[int], order0: list[int], paths0: dict[int, tuple[str, ...]], changed: frozenset[int]
) -> tuple[list[int], list[int], dict[int, tuple[str, ...]]]:
    """The breadth-first search of ``inp`` (parents, order) carried on from the search (``par0``,
    ``order0``) of inputs that differ only in the friendly byte of the spaces ``changed``
    (:func:`_resume_point`), and the routes of ``paths0`` (that search's, by space) that are the
    same in it.

    The search is carried on a level at a time until it takes the same steps as the search before
    (:class:`_Carry`); from there on it would find what that one found, which is taken as it is:
    its spaces in its order, with their parents.  A route is the same when none of its spaces has
    another parent (or none): the spaces whose parent may have changed are those of the levels
    searched again."""
    par, order, start, level, depth = _resume_point(inp, par0, order0, changed)
    if level == float("inf"):  # no changed space was reached: the same search
        return par, order, dict(paths0)
    end = len(order)  # the first space of the level after ``level`` (in both searches)
    carry = _Carry(inp, par0, order0, changed, depth, par, order, int(level), start, end)
    search(inp, (par, order, start), carry.done)
    if carry.at is None:  # (searched to the end) the routes of the spaces up to that level are the same
        carry.rest_not_reached()
        return par, order, {i: r for i, r in paths0.items() if len(r) <= level + 1}
    last, old_end = carry.at  # the last level searched again; where the search before goes on from it
    new_end = len(order)
    order += order0[old_end:]
    for v in carry.sooner:  # (made not reached at first) as the search before has them
        if par0[v] >= ROOT and depth(v) > last:
            par[v] = par0[v]
    ids = inp.index.ids
    moved = {ids[v] for v in chain(order[end:new_end], order0[end:old_end]) if par[v] != par0[v]}
    lo, hi = -(last + 1), -(int(level) + 1)  # a route's spaces of those levels (the source last, level 0)
    paths = {i: r for i, r in paths0.items() if len(r) <= level + 1 or moved.isdisjoint(r[lo:hi])}
    return par, order, paths


def _sooner(inp: Inputs, par0: list[int], depth, changed: frozenset[int], level: int) -> set[int]:
    """The spaces the search of ``inp`` carried on from ``level`` (:func:`_resume_point`) may reach
    at a lower level than the search before (``par0``) did, and more: only a route through a
    changed space it may enter can be shorter than before (the other steps are the same), and such
    a space is reached after ``level``; so a search from those spaces, each at ``level + 1``,
    that goes on only into spaces it reaches lower than before finds them all."""
    fr, wo = inp.friendly, inp.water_open()
    seeds = [c for c in changed if fr[c] or wo[c]]
    if not seeds:
        return set()
    low = dict.fromkeys(seeds, level + 1)
    step, out = _stepper(inp), inp.index.conns_of("out")
    for s in seeds:  # (the list grows)
        d = low[s] + 1
        for n, c in out[s]:
            if n in low or not step(s, n, c):
                continue
            if par0[n] >= ROOT and depth(n) <= d:
                continue
            low[n] = d
            seeds.append(n)
    return set(low)


class _Carry:
    """The search carried on from a search before (:func:`_carried_on`): ``done`` for
    :func:`search`, asked after each level.

    It makes the spaces the search before reached after ``level`` not reached a level ahead of the
    search (the spaces of the level it may reach next), and at once those it may reach sooner than
    before (:func:`_sooner`): the others are reached at their level before or later.  A level at a
    time, most of them are never made not reached (the search comes to take the same steps as
    before a level or two on).

    Has the search come to take the same steps as the search before?  After a level is taken from
    the queue (the next level, ``order[b:]``, all found) the two go on alike when

    - the next level is the same spaces in the same order in both (the queue);
    - every space either has reached so far is reached in the other, but for changed spaces;
    - each changed space ``c`` is no longer asked about differently: reached by the search before
      at a level already taken from the queue, or never; and reached by this one at such a
      level, or never to be entered (not friendly, not open sea).

    Then each space taken from the queue asks the same of the same spaces (a space reached in
    both is passed over; one reached in neither gives the same answer: the same friendly byte, or
    a changed space neither search ever enters) and finds what the search before found, with
    the same parents.  ``at``: (that level, where ``order0`` goes on after it) once they do."""

    def __init__(self, inp, par0, order0, changed, depth, par, order, level: int, start: int, end: int) -> None:
        self.par0, self.order0, self.changed, self.depth = par0, order0, changed, depth
        self.par, self.order, self.fr, self.wo = par, order, inp.friendly, inp.water_open()
        self.level = level + 1  # the level the next call finds complete, ``order[b:]``
        self.sooner = _sooner(inp, par0, depth, changed, level)
        free, fr = _FREE_OR_BLOCKED, self.fr
        for v in self.sooner:
            par[v] = free[fr[v]]
        self.old, self.next = start, end  # the spaces of ``order0`` at the level last made not reached
        self._clear()
        self.differ: set[int] = set()  # the spaces reached so far by one search and not the other
        self.at: tuple[int, int] | None = None

    def _clear(self) -> None:
        """Make the spaces of the next level of the search before not reached (but those it may
        reach sooner, made so at first: the search may have reached them).  Its spaces are those
        after the level before whose parent is of that level."""
        order0, par0, a = self.order0, self.par0, self.next
        up = set(order0[self.old : a])
        b = bisect_left(order0, True, lo=a, key=lambda v: par0[v] not in up)
        self.old, self.next = a, b
        self._unreach(order0[a:b])

    def rest_not_reached(self) -> None:
        """The search went on to the end: the spaces the search before reached that it did not
        made not reached (but those it may have reached sooner)."""
        self._unreach(self.order0[self.next :])

    def _unreach(self, spaces: list[int]) -> None:
        """Make ``spaces`` not reached, but those made so at first (:func:`_sooner`)."""
        par, free, fr, sooner = self.par, _FREE_OR_BLOCKED, self.fr, self.sooner
        for v in spaces:
            if v not in sooner:
                par[v] = free[fr[v]]

    def done(self, b: int) -> bool:
        level = self.level
        self.level += 1
        now = self.order[b:]
        oe = self.next
        before = self.order0[self.old : oe]
        if now != before:
            self.differ.symmetric_difference_update(now)
            self.differ.symmetric_difference_update(before)
        elif self.differ <= self.changed and self._settled(level):
            self.at = (level, oe)
            return True
        self._clear()
        return False

    def _settled(self, level: int) -> bool:
        """No changed space is asked about differently from here on (the class's third point)."""
        par0, par, fr, wo, depth = self.par0, self.par, self.fr, self.wo, self.depth
        for c in self.changed:
            if par0[c] >= ROOT and depth(c) >= level:  # still to be taken from the queue (the same in both)
                return False
            if par[c] < ROOT and (fr[c] or wo[c]):  # this search may still enter it
                return False
        return True


def _queue(order: list[int], start: int):
    """The search's queue from ``order[start]`` on (the list grows as the search goes)."""
    it = iter(order)
    if start:
        next(islice(it, start - 1, None))
    return it


def _levels(order: list[int], start: int, done: Callable[[int], bool] | None):
    """The search's queue from ``order[start]`` (the first space of a level) as one iterator, or
    with ``done`` a level at a time, ``done(b)`` asked after each (``order[b:]`` the next level,
    all found): True ends the search there, as an empty level does."""
    queue = _queue(order, start)
    if done is None:
        yield queue
        return
    stop = len(order)
    while True:
        yield islice(queue, stop - start)
        if stop == len(order) or done(stop):
            return
        start, stop = stop, len(order)


def _land_search(inp: Inputs, par: list[int], order: list[int], start: int, done=None) -> None:
    """:func:`search` by land: ``par`` holds FREE (friendly, not reached yet), BLOCKED or the
    parent of each space (one look-up per step)."""
    append = order.append
    land = inp.index.out_lists(LAND_TRACE)
    for level in _levels(order, start, done):
        for s in level:
            for n in land[s]:
                if par[n] is UNSEEN:  # small ints are one object: an identity test
                    par[n] = s
                    append(n)


def _sea_search(inp: Inputs, par: list[int], order: list[int], start: int, done=None) -> None:
    """:func:`search` with open seas: ``par`` holds FREE (friendly, not reached yet), BLOCKED (not
    friendly, not reached yet: open sea may still be sailed) or the parent of each space."""
    ix = inp.index
    append = order.append
    # the rule of _stepper, written out in the loop (a call per connection was most of the time)
    land, seat = ix.codes(LAND_TRACE), ix.codes(SEA_TRACE)
    arrow, seak = ix.kcode.get("sea_arrow", -1), ix.kcode.get("sea", -1)
    ck, csea, seas = ix.ck, ix.csea, inp.open_seas
    fr, wo, zo = inp.friendly, inp.water_open(), inp.zone_open()
    # a space with land connections only (most of a map) walks its land list; the others their
    # connections of every kind, in the graph's order
    plain, mixed = ix.out_lists(LAND_TRACE), ix.mixed_pairs(LAND_TRACE)
    for level in _levels(order, start, done):
        for s in level:
            pairs = mixed[s]
            if pairs is None:  # by land only: to friendly spaces (an unfriendly one goes nowhere)
                if fr[s]:
                    for n in plain[s]:
                        if par[n] is UNSEEN:  # (friendly: one test)
                            par[n] = s
                            append(n)
                continue
            nexts, conns = pairs
            if fr[s]:
                zs = zo[s]
                for n, c in zip(nexts, conns, strict=True):
                    if par[n] >= ROOT:  # reached
                        continue
                    k = ck[c]
                    if k in land:
                        ok = fr[n]
                    elif k not in seat:
                        continue
                    elif k == arrow:
                        ok = csea[c] in seas and wo[n]
                    elif fr[n]:
                        ok = k == seak and (zs or zo[n])  # a full-sea side between two friendly shores
                    else:
                        ok = wo[n]  # embarking onto an open sea
                    if ok:
                        par[n] = s
                        append(n)
            else:  # an open sea hex the search sails on: landing on a friendly shore, or sailing on
                for n, c in zip(nexts, conns, strict=True):
                    if par[n] >= ROOT:
                        continue
                    k = ck[c]
                    if k not in seat:
                        continue
                    if (fr[n] if k == arrow else (fr[n] or wo[n])) and (k != arrow or csea[c] in seas):
                        par[n] = s
                        append(n)


def _stepper(inp: Inputs):
    """``step(s, n, c)``: may supply go from space ``s`` to ``n`` across connection ``c``
    (the rule of the module docstring; ``s`` is friendly or an open sea space)?"""
    ix, fr = inp.index, inp.friendly
    land, seat = ix.codes(LAND_TRACE), ix.codes(SEA_TRACE)
    arrow, seak = ix.kcode.get("sea_arrow", -1), ix.kcode.get("sea", -1)
    ck, csea, seas = ix.ck, ix.csea, inp.open_seas
    wo, zo = inp.water_open(), inp.zone_open()

    def step(s: int, n: int, c: int) -> bool:
        k = ck[c]
        if k in land:
            return bool(fr[s] and fr[n])
        if k not in seat or not seas:
            return False
        if k == arrow:
            return csea[c] in seas and bool(fr[n] if not fr[s] else wo[n])
        if not fr[s]:
            return bool(fr[n] or wo[n])  # landing on a friendly shore, or sailing on
        if fr[n]:
            return k == seak and bool(zo[s] or zo[n])  # a full-sea side between two friendly shores
        return bool(wo[n])  # embarking from a friendly hex onto an open sea

    return step


# ------------------------------------------------------------------- the bit search
_TO_DIGITS = bytes.maketrans(b"\x00" + bytes(range(1, 256)), b"0" + b"1" * 255)  # a byte per space -> "0"/"1"
_FROM_DIGITS = bytes.maketrans(b"01", b"\x00\x01")


def _bits(b: bytearray) -> int:
    """A byte per space as one integer: bit ``i`` set where byte ``i`` is not 0."""
    return int(b[::-1].translate(_TO_DIGITS), 2) if b else 0


def _bytes(x: int, n: int) -> bytearray:
    """The bits of ``x`` as a byte per space (``n`` spaces)."""
    return bytearray(format(x, "b")[::-1].encode().translate(_FROM_DIGITS)).ljust(n, b"\0")


class BitPlan:
    """The land connections (:data:`LAND_TRACE`) of a graph as bit masks, for :func:`bit_search`.

    Spaces are bits of a Python integer (space ``i`` is bit ``i``).  On a hex map numbered row by
    row most land connections join space ``i`` to ``i + d`` for a few steps ``d`` (1, cols and
    cols +- 1); for each such step ``up`` has the spaces with a land connection to ``i + d`` and
    ``down`` those with one to ``i - d`` (the same connections from their other end), so a
    breadth-first level is a handful of shifts, ANDs and ORs over all spaces at once.  The other
    connections (boxes, or any step too rare to be worth a mask) are listed in ``irregular``
    (space -> the spaces it leads to), ``irregular_from`` their spaces as bits."""

    def __init__(self, n: int, up: list, down: list, irregular: dict[int, list[int]]) -> None:
        self.n = n
        self.up = up  # [(d, mask)]: bit i of mask -> a land connection from i to i + d
        self.down = down  # [(d, mask)]: bit i of mask -> a land connection from i to i - d
        self.irregular = irregular
        self.irregular_from = sum(1 << i for i in irregular)


def bit_plan(ix: GraphIndex) -> BitPlan | None:
    """The :class:`BitPlan` of the graph (made once per index), or None where it does not fit:
    a one-way land connection (the masks and the levels are read both ways), or too many
    connections outside the common steps (an area map, a graph built by hand)."""
    key = ("bitplan", LAND_TRACE)
    if key in ix._lists:
        return ix._lists[key]
    ix._lists[key] = plan = _make_plan(ix)
    return plan


def _make_plan(ix: GraphIndex) -> BitPlan | None:
    n = ix.n
    codes = ix.codes(LAND_TRACE)
    if not n or (any(ix.cone) and any(ix.cone[c] and ix.ck[c] in codes for c in range(len(ix.ck)))):
        return None
    land = ix.out_lists(LAND_TRACE)
    total = sum(map(len, land))
    rows = _step_rows(ix, land)
    steps = sorted(rows)
    if not steps:
        return None
    covered = sum(b.count(1) for b in rows.values()) * 2
    if (total - covered) * 8 > total:
        return None
    irregular = _irregular(land, rows) if covered < total else {}
    masks = {d: _bits(b) for d, b in rows.items()}
    return BitPlan(n, [(d, masks[d]) for d in steps], [(d, masks[d] << d) for d in steps], irregular)


def _step_rows(ix: GraphIndex, land: list[list[int]]) -> dict[int, bytearray]:
    """A byte per space for each common step ``d``: a land connection from ``i`` to ``i + d`` (and,
    both ways, from ``i + d`` to ``i``); a hex map's graph has them from its builder (build_graph),
    another graph's steps are the common ones of a sample of spaces across the map."""
    n = ix.n
    rows = ix._lists.get(("steps", LAND_TRACE))
    if rows is not None and len(next(iter(rows.values()), b"")) == n:
        return {d: b for d, b in rows.items() if d > 0 and b.count(1)}
    sample = Counter(j - i for i in range(0, n, max(1, n // 1024)) for j in land[i] if j > i)
    edges = sum(sample.values())
    common = [d for d, k in sample.most_common(8) if k * 32 >= edges]
    return {d: bytearray(map(operator.contains, land, range(d, n + d))) for d in common}


def _irregular(land: list[list[int]], rows: dict[int, bytearray]) -> dict[int, list[int]]:
    """The land connections the step masks ``rows`` miss (boxes...): space -> the spaces they lead to."""
    n = len(land)
    lens = list(map(len, land))
    if max(lens) < 256:
        cov = 0
        for d, b in rows.items():
            x = int.from_bytes(b, "little")
            cov += x + (x << (8 * d))  # a byte per space: the connections the masks cover
        # a byte per space: its connections the masks miss (none is covered and not there)
        diff = (int.from_bytes(bytes(lens), "little") - cov).to_bytes(n, "little")
        spaces: Iterable[int] = compress(range(n), diff)
    else:
        spaces = range(n)
    irregular: dict[int, list[int]] = {}
    for i in spaces:
        out = [j for j in land[i] if not (j - i in rows and rows[j - i][i]) and not (i - j in rows and rows[i - j][j])]
        if out:
            irregular[i] = out
    return irregular


def _source_bits(inp: Inputs) -> int:
    """The sources of a search as bits."""
    out = 0
    for s in inp.sources:
        out |= 1 << s
    return out


def _steps(front: int, up, down) -> int:
    """The spaces one regular step (``up``: +d, ``down``: -d, each with the mask of the spaces it
    may be taken from) beyond the spaces of ``front``, as bits."""
    out = 0
    for d, m in up:
        out |= (front & m) << d
    for d, m in down:
        out |= (front & m) >> d
    return out


def _land_step(x: int, plan: BitPlan) -> int:
    """The spaces one land connection beyond the spaces of ``x`` (any of them), as bits."""
    return _steps(x, plan.up, plan.down) | _irregular_steps(x, plan.irregular, plan.irregular_from)


def _irregular_steps(front: int, irregular, irregular_from: int) -> int:
    """The spaces the irregular connections (space -> next spaces) lead to from ``front``."""
    out = 0
    x = front & irregular_from
    while x:
        low = x & -x
        x ^= low
        for j in irregular[low.bit_length() - 1]:
            out |= 1 << j
    return out


def bit_search(plan: BitPlan, inp: Inputs) -> tuple[bytearray, LevelTree]:
    """The spaces a search by land from the sources reaches (a byte per space), level by level
    over bits: each level is the spaces one land connection beyond the last, friendly and not
    reached before.  What :func:`search` reaches by land, without its order or parents; the
    levels are kept (each space's distance modulo 3) as the tree of routes :func:`update` needs
    (:class:`LevelTree`)."""
    n = plan.n
    fr = inp.friendly_bits()
    front = _source_bits(inp)
    cls = [front, 0, 0]  # the spaces reached at a distance of 0, 1, 2 modulo 3
    avail = fr & ~front
    up = [(d, m & fr) for d, m in plan.up]  # a land connection from a friendly space
    down = [(d, m & fr) for d, m in plan.down]
    irr, irr_from = plan.irregular, plan.irregular_from
    level = 0
    while front:
        nxt = (_steps(front, up, down) | _irregular_steps(front, irr, irr_from)) & avail
        if not nxt:
            break
        avail ^= nxt
        level += 1
        cls[level % 3] |= nxt
        front = nxt
    reached = _bytes(cls[0] | cls[1] | cls[2], n)
    return reached, LevelTree(inp, cls)


class SeaBits:
    """The sea connections supply may follow (:data:`SEA_TRACE`) of a graph as bit masks, for
    :func:`sea_bit_search`: for each step ``d`` of the :class:`BitPlan`, ``sea[d]`` has bit ``i``
    where a sea, shore, coast or port connection joins space ``i`` to ``i + d``, ``full[d]`` where
    that connection is a ``sea`` one (across a full-sea side); the connections of other steps,
    the sea arrows and one-way connections are listed in ``irregular`` (space -> (next space,
    connection) it may be followed to), ``irregular_from`` their spaces as bits."""

    def __init__(
        self, n: int, sea: dict[int, int], full: dict[int, int], irregular: dict[int, list[tuple[int, int]]]
    ) -> None:
        self.n, self.sea, self.full, self.irregular = n, sea, full, irregular
        self.irregular_from = sum(1 << i for i in irregular)


def sea_bits(ix: GraphIndex, plan: BitPlan) -> SeaBits | None:
    """The :class:`SeaBits` of the graph (made once per index), or None when too many sea
    connections lie outside the plan's steps (a graph not laid out as a grid).  A hex map's graph
    kept on disk keeps them beside it (issue 34: :func:`_kept_sea_bits`)."""
    key = ("seabits", SEA_TRACE)
    if key in ix._lists:
        return ix._lists[key]
    ix._lists[key] = out = _kept_sea_bits(ix, plan)
    return out


SEA_BITS_FORMAT = "mapref-seabits-1"


def _kept_sea_bits(ix: GraphIndex, plan: BitPlan) -> SeaBits | None:
    """:func:`_make_sea_bits`, read from the store the graph was read from or kept in, under the
    digest of the graph's key, the plan's steps and the code that makes them; else made and kept."""
    gkey = stored_key(ix.graph)
    if gkey is None:
        return _make_sea_bits(ix, plan)
    import hashlib

    steps = sorted(d for d, _ in plan.up)
    h = hashlib.blake2b(digest_size=20)
    h.update(f"{SEA_BITS_FORMAT} {gkey} {steps} {sorted(SEA_TRACE)}".encode())
    code_digest(h, _make_sea_bits, _kept_sea_bits, _sea_bits_read, _bits)
    key = h.hexdigest()
    data = store_get(key)
    if isinstance(data, tuple) and len(data) == 2 and data[0] == SEA_BITS_FORMAT and data[1] is None:
        return None
    try:
        kept = _sea_bits_read(data, ix, steps)
    except (TypeError, ValueError):
        kept = None  # not what this module wrote: made again
    if kept is not None:
        return kept
    out = _make_sea_bits(ix, plan)
    if out is None:
        store_put(key, (SEA_BITS_FORMAT, None))
    else:
        store_put(key, (SEA_BITS_FORMAT, out.n, out.sea, out.full, {i: list(xs) for i, xs in out.irregular.items()}))
    return out


def _sea_bits_read(data: object, ix: GraphIndex, steps: list[int]) -> SeaBits | None:
    """The :class:`SeaBits` :func:`_kept_sea_bits` kept, or None when ``data`` is not that."""
    if isinstance(data, tuple) and len(data) == 5 and data[0] == SEA_BITS_FORMAT and data[1] == ix.n:
        _, n, sea, full, irregular = data
        if (
            isinstance(sea, dict)
            and isinstance(full, dict)
            and isinstance(irregular, dict)
            and sorted(sea) == sorted(full) == steps
            and all(isinstance(x, int) and x >= 0 for x in (*sea.values(), *full.values()))
            and all(
                isinstance(i, int) and 0 <= i < n and all(0 <= b < n and 0 <= c < len(ix.ck) for b, c in xs)
                for i, xs in irregular.items()
            )
        ):
            return SeaBits(n, sea, full, {i: [(b, c) for b, c in xs] for i, xs in irregular.items()})
    return None


def _make_sea_bits(ix: GraphIndex, plan: BitPlan) -> SeaBits | None:
    steps = {d for d, _ in plan.up}
    codes = ix.codes(SEA_TRACE)
    arrow, seak = ix.kcode.get("sea_arrow", -1), ix.kcode.get("sea", -1)
    n = ix.n
    sea = {d: bytearray(n) for d in steps}
    full = {d: bytearray(n) for d in steps}
    irregular: dict[int, list[tuple[int, int]]] = {}
    ca, cb, ck, cone = ix.ca, ix.cb, ix.ck, ix.cone
    regular = 0
    for c, k in enumerate(ck):
        if k not in codes:
            continue
        a, b = ca[c], cb[c]
        lo, hi = (a, b) if a < b else (b, a)
        d = hi - lo
        if k != arrow and not cone[c] and d in steps:
            sea[d][lo] = 1
            if k == seak:
                full[d][lo] = 1
            regular += 1
            continue
        irregular.setdefault(a, []).append((b, c))
        if not cone[c] and b != a:
            irregular.setdefault(b, []).append((a, c))
    out = None
    if len(irregular) * 8 <= max(regular, 1):
        out = SeaBits(n, {d: _bits(b) for d, b in sea.items()}, {d: _bits(b) for d, b in full.items()}, irregular)
    return out


def sea_bit_search(plan: BitPlan, sea: SeaBits, inp: Inputs) -> bytearray:
    """The spaces a trace with open seas reaches (a byte per space; the open sea it sails
    included), level by level over bits as :func:`bit_search`, following the rule of
    :func:`_stepper`: by land between friendly spaces; from a friendly space onto an open sea
    hex, or across a full-sea side to a friendly space when either is of an open zone; from an
    open sea hex on, or ashore onto a friendly space.  For each step the connections a space of
    the front may follow into a space it may enter are worked out once per trace, so a level is
    a shift and two ANDs per step; the irregular connections (sea arrows, boxes) are asked of the
    rule one by one.  The same spaces as :func:`search` reaches (the rule asks only of the two
    spaces and the connection, never of the order)."""
    n = plan.n
    fr = inp.friendly_bits()
    wo = _bits(inp.water_open()) & ~fr  # a friendly space is land to the rule, whatever its terrain
    zo = _bits(inp.zone_open())
    frwo = fr | wo
    land = dict(plan.up)
    up, down = [], []
    for d in sorted(set(land) | set(sea.sea)):
        L, S, K = land.get(d, 0), sea.sea.get(d, 0), sea.full.get(d, 0)
        # i -> i + d: (connections, the spaces they may be followed from, where they may lead)
        rules = ((L, fr, fr), (S, fr, wo), (S, wo, frwo))
        u = 0
        for c, src, tgt in rules:
            u |= c & src & (tgt >> d)
        u |= K & fr & (fr >> d) & (zo | (zo >> d))
        # i + d -> i, the bit at the space followed from
        w = 0
        for c, src, tgt in rules:
            w |= (c << d) & src & (tgt << d)
        w |= (K << d) & fr & (fr << d) & (zo | (zo << d))
        if u:
            up.append((d, u))
        if w:
            down.append((d, w))
    irr_land, irr_land_from = plan.irregular, plan.irregular_from & fr
    irr_sea, irr_sea_from = sea.irregular, sea.irregular_from
    step = _stepper(inp) if irr_sea else (lambda s, n, c: False)
    front = _source_bits(inp)
    reached = front
    avail = frwo & ~front
    while front:
        nxt = _steps(front, up, down) | (_irregular_steps(front, irr_land, irr_land_from) & fr)
        x = front & irr_sea_from
        while x:
            low = x & -x
            x ^= low
            i = low.bit_length() - 1
            for j, c in irr_sea[i]:
                if step(i, j, c):
                    nxt |= 1 << j
        nxt &= avail
        avail ^= nxt
        reached |= nxt
        front = nxt
    return _bytes(reached, n)


class LevelTree:
    """A tree of routes to the sources read from a :func:`bit_search`'s levels, for
    :func:`update`: a source's parent is ROOT, another reached space's parent is the first space
    of its land neighbours (the graph's order) one level nearer the sources (its distance modulo
    3 is one less: land connections go both ways, so neighbours' distances differ by at most
    one); a space not reached has UNSEEN.  ``tree[i] = p`` records a parent of its own (what
    update() changes), read before the levels.  Read as a list (``tree[i]``)."""

    __slots__ = ("inp", "cls", "_code", "own")

    def __init__(self, inp: Inputs, cls: list[int], own: dict[int, int] | None = None) -> None:
        self.inp = inp
        self.cls = cls
        self._code: bytearray | None = None  # a byte per space: 1 + its distance modulo 3, 0 if not reached
        self.own: dict[int, int] = own if own is not None else {}

    def code(self) -> bytearray:
        if self._code is None:
            n = self.inp.index.n
            spread = [int.from_bytes(_bytes(x, n), "little") for x in self.cls]  # a byte per space, 0 or 1
            self._code = bytearray((spread[0] + 2 * spread[1] + 3 * spread[2]).to_bytes(n, "little"))
        return self._code

    def copy(self) -> LevelTree:
        t = LevelTree(self.inp, self.cls, dict(self.own))
        t._code = self._code
        return t

    def __getitem__(self, v: int) -> int:
        p = self.own.get(v)
        if p is not None:
            return p
        code = self.code()
        c = code[v]
        if not c:
            return UNSEEN
        if c == 1 and v in self.inp.sources:
            return ROOT
        want = 3 if c == 1 else c - 1
        for u in self.inp.index.out_lists(LAND_TRACE)[v]:
            if code[u] == want:
                return u
        return UNSEEN  # not reached (cannot happen: a reached space has a neighbour one level nearer)

    def __setitem__(self, v: int, p: int) -> None:
        self.own[v] = p


# --------------------------------------------------------------------- after a change
def update(
    old: SupplyTrace, inp: Inputs, changed: Iterable[int], limit: float = 0.25, routes: bool = False
) -> SupplyTrace:
    """The trace for ``inp``, which differs from ``old.inputs`` only in the friendly byte of the
    spaces ``changed`` (the sources, open seas and blocked spaces are the same): spaces that became
    friendly extend the reach of the trace, and the spaces that reached a source only through a
    space no longer friendly are re-attached or dropped.  Falls back to a search from the sources
    when a change touches sea spaces, or when more than ``limit`` of the reached spaces depend on
    the spaces lost.  The reached spaces are exactly a new search's; routes are worked out again
    when asked.  The pockets ``old`` found that no changed space is in or beside are kept.
    ``routes``: routes will be asked (the referee's report): where more than :data:`REPAIR_MOST`
    spaces depend on the spaces lost and ``old``'s breadth-first search may be carried on, the
    reached spaces are that search's (made for the routes anyway) rather than re-attached."""
    changed = [c for c in set(changed) if old.inputs.friendly[c] != inp.friendly[c]]
    t = _updated(old, inp, changed, limit, routes)
    t._pockets = _pockets_kept(old._pockets, changed)
    return t


def _pockets_kept(pockets: list[Pocket], changed: list[int]) -> list[Pocket]:
    """The pockets none of the spaces ``changed`` (whose friendly byte changed) is in or beside:
    the same spaces and the same frontier after the change."""
    if not changed:
        return pockets
    ch = 0
    for c in changed:
        ch |= 1 << c
    return [p for p in pockets if p.bits is not None and not ch & (p.bits | p.edge)]


# the most spaces depending on the spaces lost that update() re-attaches when the routes will be
# asked (the breadth-first search carried on gives the spaces reached as well: issue 34, a hex at a
# bottleneck with 20,000 spaces behind it took ~30 ms to re-attach on 300x300)
REPAIR_MOST = 1024


def _updated(old: SupplyTrace, inp: Inputs, changed: list[int], limit: float, routes: bool = False) -> SupplyTrace:
    """:func:`update` of the reached spaces and the tree (``changed``: the spaces whose friendly
    byte changed)."""
    if not changed:
        t = SupplyTrace(inp, old.graph, old._reached_bytes, old._order, old._par, old._tree, old._paths)
        t._base, t._early = old._base, old._early
        return t
    if (
        inp.sources != old.inputs.sources
        or inp.open_seas != old.inputs.open_seas
        or inp.blocked != old.inputs.blocked
        or any(c in inp.full_sea or c in inp.zone for c in changed)
    ):
        return trace_inputs(inp, old.graph)
    # a trace from scratch with open seas keeps no tree: the breadth-first search's, made once
    kept = old._tree if old._tree is not None else old._bfs_parents()
    reached = bytearray(old._reached)
    tree = kept.copy() if isinstance(kept, LevelTree) else list(kept)
    fr = inp.friendly
    step = _stepper(inp) if inp.open_seas else None
    ix = inp.index
    land_out = ix.out_lists(LAND_TRACE)
    out_c, in_c = (ix.conns_of("out"), ix.conns_of("in")) if step else (None, None)
    lost = [c for c in changed if not fr[c] and reached[c]]
    if lost:
        base = _base_of(old, changed) if routes else None
        sub = _subtree(lost, reached, tree, land_out, out_c, step, REPAIR_MOST if base is not None else None)
        if sub is None:  # the spaces reached and their routes: the search carried on, when first asked
            t = SupplyTrace(inp, old.graph, None, None, None, None)
            t._base = base
            return t
        if len(sub) > limit * max(1, reached.count(1)) and len(sub) > 64:
            t = trace_inputs(inp, old.graph)
            if t._par is None:  # routes carried on from old's search when asked
                t._base = _base_of(old, changed)
            return t
        for s in sub:
            reached[s] = 0
            tree[s] = UNSEEN
        # re-attach: a space of the subtree next to a reached space it may be entered from
        gone = set(lost)
        _attach([s for s in sub if s not in gone], inp, reached, tree, land_out, out_c, in_c, step)
    gained = [c for c in changed if fr[c] and not reached[c]]
    if gained:
        _attach(gained, inp, reached, tree, land_out, out_c, in_c, step)
    t = SupplyTrace(inp, old.graph, reached, None, None, tree)
    t._base = _base_of(old, changed)
    return t


def _base_of(old: SupplyTrace, changed: list[int]) -> tuple | None:
    """The breadth-first search a trace updated from ``old`` (``changed``: the spaces whose
    friendly byte changed) carries on from: ``old``'s, or the one ``old`` would have carried on
    from, with the spaces changed since."""
    if old._par is not None and old._order is not None:
        return (old._par, old._order, old._paths, frozenset(changed))
    if old._early is not None:
        return (*old._early, old._paths, frozenset(changed))
    if old._base is not None:
        par, order, paths, before = old._base
        return (par, order, paths, before | frozenset(changed))
    return None


def _subtree(
    lost: list[int], reached: bytearray, tree, land_out, out_c, step, most: int | None = None
) -> list[int] | None:
    """The spaces whose route in the tree passes one of ``lost`` (reached): ``lost`` first, then
    the subtree under them in the order found; None once there are more than ``most``."""
    sub = set(lost)
    todo = list(lost)
    for s in todo:
        for n in land_out[s] if step is None else (x for x, _ in out_c[s]):
            if n not in sub and reached[n] and tree[n] == s:
                sub.add(n)
                todo.append(n)
        if most is not None and len(todo) > most:
            return None
    return todo


def _attach(spaces: list[int], inp: Inputs, reached: bytearray, tree, land_out, out_c, in_c, step) -> None:
    """Attach each of ``spaces`` (not reached) to the trace: a source as a root, another space to
    a reached space it may be entered from; then reach on from those attached (:func:`_grow`)."""
    land_in = _land_in(inp.index) if step is None else None
    seeds = []
    for s in spaces:
        p = ROOT if s in inp.sources else _entered_from(s, reached, inp.friendly, land_in, in_c, step)
        if p is not None:
            tree[s] = p
            reached[s] = 1
            seeds.append(s)
    _grow(seeds, reached, tree, inp.friendly, land_out, out_c, step)


def _land_in(ix: GraphIndex) -> list[list[int]]:
    """Per space, the spaces a land connection leads from into it: the land neighbour lists
    themselves where every land connection goes both ways (a hex map's graph), made once."""
    key = ("in", LAND_TRACE)
    out = ix._lists.get(key)
    if out is None:
        codes = ix.codes(LAND_TRACE)
        if any(ix.cone) and any(ix.cone[c] and ix.ck[c] in codes for c in range(len(ix.ck))):
            out = [[p for p, _ in x] for x in ix.in_conns(LAND_TRACE)]
        else:
            out = ix.out_lists(LAND_TRACE)
        ix._lists[key] = out
    return out


def _entered_from(s: int, reached: bytearray, fr: bytearray, land_in, in_c, step) -> int | None:
    """A reached space supply may go from into ``s`` (the first in the graph's order), or None."""
    if step is None:
        if fr[s]:
            for p in land_in[s]:
                if reached[p] and fr[p]:
                    return p
        return None
    for p, c in in_c[s]:
        if reached[p] and step(p, s, c):
            return p
    return None


def _grow(seeds: list[int], reached: bytearray, tree: list[int], fr: bytearray, land_out, out_c, step) -> None:
    """Reach on from ``seeds`` (already reached) into spaces not reached yet."""
    todo = list(seeds)
    if step is None:
        for s in todo:
            for n in land_out[s]:
                if not reached[n] and fr[n]:
                    reached[n] = 1
                    tree[n] = s
                    todo.append(n)
        return
    for s in todo:
        for n, c in out_c[s]:
            if not reached[n] and step(s, n, c):
                reached[n] = 1
                tree[n] = s
                todo.append(n)


# ------------------------------------------------------------------------- the reference
@dataclass
class PlainTrace:
    """What :func:`trace_plain` finds: each space reached and its parent, the friendly spaces (the reference)."""

    sources: tuple[str, ...]
    parent: dict[str, str | None] = field(default_factory=dict)
    friendly: frozenset[str] = frozenset()

    @property
    def supplied(self) -> set[str]:
        return {s for s in self.parent if s in self.friendly}


def trace_plain(
    graph: Graph,
    m,
    friendly: Iterable[str],
    sources: Iterable[str],
    open_seas: Iterable[str] = (),
    blocked: Iterable[str] = (),
) -> PlainTrace:
    """The search as first written, over space ids and Connection objects: the reference the
    fast searches are tested against (tests/rules/test_supply_fast.py) and the benchmarks time."""
    board = board_for(m)

    def zone(space: str) -> str | None:
        d = board.space(space)
        return None if d is None else d.sea

    fr = frozenset(friendly)
    seas = frozenset(open_seas)
    blk = frozenset(blocked)
    result = PlainTrace(sources=tuple(sources), friendly=fr)
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
