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

from array import array
from dataclasses import dataclass, field
from itertools import accumulate, compress, count
from types import MappingProxyType
from collections.abc import Iterable, Mapping

from mapref.core.model import MapModel, SideData

TYPE_CHECKING = False  # typing is not imported at run time: the command line starts quicker (issue 34)
if TYPE_CHECKING:
    from typing import Protocol
else:
    Protocol = object  # (a protocol is for the type checkers: a plain class at run time)

EMPTY_ATTRS: Mapping[str, object] = MappingProxyType({})
# the connections armies and supply follow by land (Movement 2, Determine supply 1-3): the one
# set every rule uses
LAND_KINDS = frozenset({"land", "crossing", "box_land"})
NAVAL_KINDS = frozenset({"sea", "coast", "crossing", "sea_arrow", "port"})
# the kinds of a hex map, numbered first in every graph (an area map adds its own after them)
KINDS = ("land", "crossing", "sea", "coast", "shore", "port", "box_land", "sea_arrow")


def box_space(box_id: str) -> str:
    return f"box:{box_id}"


@dataclass(frozen=True)
class Connection:
    """A connection between two spaces ``a`` and ``b`` of the graph: its kind and length."""

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


class Graph:
    """Spaces joined by connections.  Connections are kept as integer arrays (a space is a number
    in :meth:`index`); :class:`Connection` objects are made on first use, so a 40,000-hex map's
    graph is built in a fraction of a second and searches (supply, routes) walk integer
    neighbour lists.  ``Graph(spaces, connections)`` and :meth:`add` build one by hand."""

    def __init__(self, spaces: list[str] | None = None, connections: list[Connection] | None = None) -> None:
        self.spaces: list[str] = list(spaces) if spaces is not None else []
        self._ids: list[str] = []  # node number -> space id
        self._ix: dict[str, int] = {}  # space id -> node number
        self._kinds: list[str] = list(KINDS)  # kind code -> kind
        self._kcode: dict[str, int] = {k: i for i, k in enumerate(KINDS)}
        # the connections by number: ends, kind code, length, sea zone, one-way, attributes
        self._ca: list[int] | array[int] = []  # (read back from a store: arrays, graph_from_arrays)
        self._cb: list[int] | array[int] = []
        self._ck: list[int] = []
        self._clen: list[int] = []
        self._csea: list[str | None] = []
        self._cone: list[bool] = []
        # the attributes that are not EMPTY_ATTRS and the Connection objects made so far, by
        # number (a hex map's 270,000 connections have no attributes, and few are ever made)
        self._cattrs: dict[int, Mapping[str, object]] = {}
        self._cobj: dict[int, Connection] = {}
        self._adj: list[list[int]] | None = []  # node -> numbers of the connections touching it (_nadj)
        self._adj_packed: tuple[bytes, bytes] | None = None  # or, read back from a store, packed (_from_lists)
        self._views: dict = {}  # derived views (index, neighbour lists), dropped by add()
        for c in connections or ():
            self.add(c)

    def __repr__(self) -> str:
        return f"Graph({len(self.spaces)} spaces, {len(self._ca)} connections)"

    @property
    def _nadj(self) -> list[list[int]]:
        """Node -> the numbers of the connections touching it, in the order added.  A graph read
        back from a store makes these lists when first asked (issue 34: a report's searches walk
        the land lists and the few spaces with other connections, GraphIndex.mixed_pairs)."""
        adj = self._adj
        if adj is None:
            assert self._adj_packed is not None
            adj = self._adj = _from_lists(*self._adj_packed)
            self._adj_packed = None
        return adj

    @_nadj.setter
    def _nadj(self, value: list[list[int]]) -> None:
        self._adj, self._adj_packed = value, None

    # ----------------------------------------------------------------------- building
    def _node(self, space: str) -> int:
        i = self._ix.get(space)
        if i is None:
            i = self._ix[space] = len(self._ids)
            self._ids.append(space)
            self._nadj.append([])
        return i

    def _kind_code(self, kind: str) -> int:
        k = self._kcode.get(kind)
        if k is None:
            k = self._kcode[kind] = len(self._kinds)
            self._kinds.append(kind)
        return k

    def add(self, c: Connection) -> None:
        a, b = self._node(c.a), self._node(c.b)
        n = len(self._ca)
        self._ca.append(a)
        self._cb.append(b)
        self._ck.append(self._kind_code(c.kind))
        self._clen.append(c.length)
        self._csea.append(c.sea)
        self._cone.append(c.oneway)
        if c.attrs is not EMPTY_ATTRS:
            self._cattrs[n] = c.attrs
        self._cobj[n] = c
        self._nadj[a].append(n)
        if b != a:
            self._nadj[b].append(n)
        self._views.clear()

    # ----------------------------------------------------------------------- asking
    def _conn(self, n: int) -> Connection:
        c = self._cobj.get(n)
        if c is None:
            ids = self._ids
            c = self._cobj[n] = Connection(
                ids[self._ca[n]],
                ids[self._cb[n]],
                self._kinds[self._ck[n]],
                self._clen[n],
                self._csea[n],
                self._cone[n],
                self._cattrs.get(n, EMPTY_ATTRS),
            )
        return c

    @property
    def connections(self) -> list[Connection]:
        """Every connection, in the order they were added."""
        out = self._views.get("connections")
        if out is None:
            out = self._views["connections"] = [self._conn(n) for n in range(len(self._ca))]
        return out

    def _kind_filter(self, kinds) -> frozenset[int] | None:
        if kinds is None:
            return None
        code = self._kcode
        return frozenset(code[k] for k in kinds if k in code)

    def edges(self, space: str, kinds: frozenset[str] | set[str] | None = None) -> list[Connection]:
        i = self._ix.get(space)
        if i is None:
            return []
        ks = self._kind_filter(kinds)
        ck = self._ck
        return [self._conn(n) for n in self._nadj[i] if ks is None or ck[n] in ks]

    def out_edges(self, space: str, kinds: frozenset[str] | set[str] | None = None) -> list[Connection]:
        """The connections that may be followed from ``space`` (one-way lines only forwards)."""
        i = self._ix.get(space)
        if i is None:
            return []
        ks = self._kind_filter(kinds)
        ck, cone, ca = self._ck, self._cone, self._ca
        return [self._conn(n) for n in self._nadj[i] if (ks is None or ck[n] in ks) and (not cone[n] or ca[n] == i)]

    def neighbours(self, space: str, kinds: frozenset[str] | set[str] | None = None) -> list[str]:
        i = self._ix.get(space)
        if i is None:
            return []
        ks = self._kind_filter(kinds)
        ck, ca, cb, ids = self._ck, self._ca, self._cb, self._ids
        return [ids[cb[n] if ca[n] == i else ca[n]] for n in self._nadj[i] if ks is None or ck[n] in ks]

    def kinds_between(self, a: str, b: str) -> set[str]:
        i, j = self._ix.get(a), self._ix.get(b)
        if i is None or j is None:
            return set()
        ca, cb, ck, kinds = self._ca, self._cb, self._ck, self._kinds
        return {kinds[ck[n]] for n in self._nadj[i] if (cb[n] if ca[n] == i else ca[n]) == j}

    def index(self) -> GraphIndex:
        """The graph as numbers (built once, dropped by :meth:`add`): what fast searches walk."""
        ix = self._views.get("index")
        if ix is None:
            if self._views.get("spaces_known") is not self.spaces or len(self.spaces) != self._views.get("spaces_n"):
                for s in self.spaces:  # spaces without connections get numbers too
                    self._node(s)
            ix = self._views["index"] = GraphIndex(self)
        return ix


class GraphIndex:
    """A :class:`Graph` as numbers: space ``i`` is ``ids[i]`` (``ix[space] == i``); connection ``n``
    joins ``ca[n]`` to ``cb[n]`` with kind ``kinds[ck[n]]``.  Neighbour lists per kind set are
    made on first use and kept (the graph is built once per map version, so are they)."""

    def __init__(self, g: Graph) -> None:
        self.graph = g
        self.ids: list[str] = g._ids
        self.ix: dict[str, int] = g._ix
        self.n = len(g._ids)
        self.kinds: list[str] = g._kinds
        self.kcode: dict[str, int] = g._kcode
        self.ca, self.cb, self.ck = g._ca, g._cb, g._ck
        self.csea, self.cone = g._csea, g._cone
        self._lists: dict = {}
        land = g._views.get("land_lists")
        if land is not None and len(land) == self.n:  # made by build_graph (two-way connections only)
            self._lists[("out", LAND_KINDS)] = self._lists[("near", LAND_KINDS)] = land
            steps = g._views.get("land_steps")
            if steps is not None:
                self._lists[("steps", LAND_KINDS)] = steps

    def codes(self, kinds) -> frozenset[int]:
        return frozenset(self.kcode[k] for k in kinds if k in self.kcode)

    def marks(self, spaces: Iterable[str]) -> bytearray:
        """A byte per space, 1 for each of ``spaces`` (ids the graph does not have are left out)."""
        out = bytearray(self.n)
        get = self.ix.get
        for s in spaces:
            i = get(s)
            if i is not None:
                out[i] = 1
        return out

    def out_lists(self, kinds=None) -> list[list[int]]:
        """Per space, the spaces one connection of ``kinds`` (all when None) leads to from it
        (one-way lines only forwards), in the graph's order (a pair joined twice appears twice)."""
        return self._adjacent("out", kinds, "out", False)

    def near_lists(self, kinds=None) -> list[list[int]]:
        """Per space, the spaces joined to it by one connection of ``kinds`` either way (what
        :meth:`Graph.neighbours` lists)."""
        return self._adjacent("near", kinds, "either", False)

    def out_conns(self, kinds=None) -> list[list[tuple[int, int]]]:
        """Per space, (next space, connection number) for each connection of ``kinds`` that may
        be followed from it, in the graph's order."""
        return self._adjacent("outc", kinds, "out", True)

    def out_pairs(self) -> tuple[list[list[int]], list[list[int]]]:
        """:meth:`out_conns` of every kind as two lists per space, the next spaces and the
        connections' numbers (``zip`` them): on a graph without one-way lines the neighbour
        lists and the graph's own lists of connections, no pair made per connection (issue 34)."""
        key = ("out_pairs", None)
        out = self._lists.get(key)
        if out is None:
            if not any(self.cone):
                out = (self.near_lists(), self.graph._nadj)
            else:
                both = self.out_conns()
                out = ([[n for n, _ in xs] for xs in both], [[c for _, c in xs] for xs in both])
            self._lists[key] = out
        return out

    def mixed_pairs(self, kinds) -> list[tuple[list[int], list[int]] | None]:
        """Per space, None where every connection that may be followed from it is of ``kinds``
        (its next spaces are then :meth:`out_lists` of ``kinds``, in the same order), else its
        :meth:`out_pairs` (next spaces, connection numbers).  A search that treats ``kinds`` alike
        (supply by land) walks the plain lists through most of a map (issue 34): made once per
        graph, from the few spaces a connection of another kind touches."""
        key = ("mixed_pairs", frozenset(kinds))
        out = self._lists.get(key)
        kept = self.graph._views.get("mixed_land_pairs") if key[1] == LAND_KINDS else None
        if out is None and kept is not None:  # read back with the graph (graph_from_arrays)
            spaces, nexts, conns, ends = kept
            out = [None] * self.n
            for i, a, b in zip(spaces, [0, *ends], ends, strict=False):
                out[i] = (nexts[a:b], conns[a:b])
            self._lists[key] = out
        if out is None:
            others = frozenset(range(len(self.kinds))) - self.codes(kinds)
            ca, cb, cone = self.ca, self.cb, self.cone
            odd = list(compress(count(), map(others.__contains__, self.ck)))
            mixed = {ca[c] for c in odd} | {cb[c] for c in odd}
            one = any(cone)
            nadj = self.graph._nadj
            out = [None] * self.n
            for i in sorted(mixed):
                adj = nadj[i] if not one else [c for c in nadj[i] if not cone[c] or ca[c] == i]
                out[i] = ([cb[c] if ca[c] == i else ca[c] for c in adj], adj)
            self._lists[key] = out
        return out

    def in_conns(self, kinds=None) -> list[list[tuple[int, int]]]:
        """Per space, (previous space, connection number) for each connection of ``kinds`` that
        may be followed into it (the reverse of :meth:`out_conns`)."""
        return self._adjacent("inc", kinds, "in", True)

    def conns_of(self, way: str) -> list[list[tuple[int, int]]] | ConnsAt:
        """:meth:`out_conns` (``way`` "out") or :meth:`in_conns` ("in") of every kind, each space's
        list made when first asked (:class:`ConnsAt`), or the whole list where it was made: what a
        search after a change asks of a few spaces (issue 34: the whole lists of a 300x300 map
        took 0.3 s each, paid by the first capture with seas open)."""
        full = self._lists.get(("outc" if way == "out" else "inc", None))
        if full is not None:
            return full
        key = ("at", way)
        out = self._lists.get(key)
        if out is None:
            if not any(self.cone):  # every connection both ways: in and out the same lists
                out = self._lists.get(("at", "in" if way == "out" else "out"))
            if out is None:
                out = ConnsAt(self, way)
            self._lists[key] = out
        return out

    def _adjacent(self, name: str, kinds, way: str, conns: bool) -> list[list]:
        """Per space, the other end of each connection of ``kinds`` at it that may be followed
        ``way`` ("out" of the space, "in" to it, or "either": one-way lines count both ways),
        with the connection's number when ``conns``; made once per graph and kinds."""
        key = (name, None if kinds is None else frozenset(kinds))
        out = self._lists.get(key)
        if out is None and kinds is None and (way == "either" or not any(self.cone)):
            # every connection at a space, each followed either way (a hex map's): no filter
            ca, cb = self.ca, self.cb
            if conns:
                out = [[(cb[n] if ca[n] == i else ca[n], n) for n in adj] for i, adj in enumerate(self.graph._nadj)]
            else:
                out = [[cb[n] if ca[n] == i else ca[n] for n in adj] for i, adj in enumerate(self.graph._nadj)]
            self._lists[key] = out
        if out is None:
            ks = None if kinds is None else self.codes(kinds)
            ca, cb, ck, cone = self.ca, self.cb, self.ck, self.cone
            start = ca if way == "out" else cb  # the end a one-way connection is followed from / into
            out = []
            for i, adj in enumerate(self.graph._nadj):
                keep = [
                    n for n in adj if (ks is None or ck[n] in ks) and (way == "either" or not cone[n] or start[n] == i)
                ]
                other = [cb[n] if ca[n] == i else ca[n] for n in keep]
                out.append(list(zip(other, keep, strict=True)) if conns else other)
            self._lists[key] = out
        return out


class ConnsAt:
    """Per space, (other end, connection number) of each connection at it that may be followed
    ``way`` ("out" of the space, "in" to it; one-way lines only so), in the graph's order: the
    lists :meth:`GraphIndex.out_conns` and :meth:`GraphIndex.in_conns` hold, each made when first
    asked and kept."""

    __slots__ = ("_ca", "_cb", "_cone", "_start", "_nadj", "_memo")

    def __init__(self, ix: GraphIndex, way: str) -> None:
        self._ca, self._cb, self._nadj = ix.ca, ix.cb, ix.graph._nadj
        self._cone = ix.cone if any(ix.cone) else None  # (None: no one-way line to look for)
        self._start = ix.ca if way == "out" else ix.cb  # the end a one-way connection is followed from / into
        self._memo: dict[int, list[tuple[int, int]]] = {}

    def __len__(self) -> int:
        return len(self._nadj)

    def __getitem__(self, i: int) -> list[tuple[int, int]]:
        got = self._memo.get(i)
        if got is None:
            ca, cb, cone, start = self._ca, self._cb, self._cone, self._start
            if cone is None:
                got = [(cb[n] if ca[n] == i else ca[n], n) for n in self._nadj[i]]
            else:
                got = [(cb[n] if ca[n] == i else ca[n], n) for n in self._nadj[i] if not cone[n] or start[n] == i]
            self._memo[i] = got
        return got


class GraphStore(Protocol):
    """Where built graphs are kept between processes (:func:`use_store`; mapref.io.derived keeps
    them on disk): ``get`` returns what ``put`` was given under the same key, or None."""

    def get(self, key: str) -> object | None: ...

    def put(self, key: str, value: object) -> None: ...


_store: list[GraphStore] = []  # the one store in use, if any


def use_store(store: GraphStore | None) -> None:
    """Keep the hex maps' graphs in ``store`` (None: in none).  The command line sets one up; a
    graph is looked up by the digest of everything :func:`build_graph` reads (:func:`graph_key`),
    so a map changed in any way never finds another's."""
    _store[:] = [] if store is None else [store]


def code_digest(h, *functions) -> None:
    """Feed the code of ``functions`` to the hash ``h``: their bytecode, names and constants, the
    code nested in them included; the same code gives the same bytes in every process (marshal's
    bytes of one code object differ between one compiled now and one read from a .pyc, and a
    frozenset's order with the hash seed)."""
    todo = [f.__code__ for f in functions]
    for co in todo:
        h.update(co.co_code)
        h.update(repr((co.co_name, co.co_names, co.co_varnames, co.co_freevars, co.co_cellvars)).encode())
        for c in co.co_consts:
            if isinstance(c, type(co)):
                todo.append(c)
            elif isinstance(c, frozenset):
                h.update(repr(sorted(map(repr, c))).encode())
            else:
                h.update(repr(c).encode())
        h.update(b"\0")


def graph_key(m: MapModel) -> str:
    """The digest of what :func:`build_graph` reads of ``m`` (the grid, each hex's terrain and
    port, the sides' data, the boxes) and of the builder's and the grid's own code (a mapref whose
    grid walks differently never reads a graph another kept)."""

    from mapref.core import digest as hashlib  # hashlib's blake2b, without loading OpenSSL (issue 34)

    h = hashlib.blake2b(digest_size=20)
    grid = m.grid
    walks = [f for f in vars(type(grid)).values() if hasattr(f, "__code__")]  # the grid's own methods too
    code_digest(h, build_graph, _build_hex_graph, _hex_connections, _pair_kinds, _across, _side_table, *walks)
    code_digest(h, graph_arrays, GraphIndex.mixed_pairs)  # what is kept with the graph
    h.update(repr(sorted(LAND_KINDS)).encode())
    order = grid.hex_list()
    hexes = m.hexes
    datas = list(hexes.values()) if list(hexes) == order else [hexes[h] for h in order]
    h.update(repr(grid).encode())
    h.update("\0".join([d.terrain for d in datas]).encode())
    h.update(bytes([bool(d.port) for d in datas]))
    h.update(repr(sorted(_side_table(m).items())).encode())
    h.update(repr(list(m.boxes.items())).encode())
    return h.hexdigest()


def build_graph(m: MapModel) -> Graph:
    """The graph of a hex map (the kinds of connection in the module docstring).  Connections
    are added side by side as :meth:`Grid.all_hexsides` lists the sides (row by row, each hex's
    sides in the order of its directions), then the boxes'; the grid is walked with integer
    steps (:meth:`Grid.neighbour_steps`).  With a store in use (:func:`use_store`), a graph built
    before from the same map is read from it instead (issue 34: about a quarter of the first
    report on a 300x300 map was building it)."""
    if not _store:
        return _build_hex_graph(m)
    key = graph_key(m)
    kept = _store[0].get(key)
    if kept is not None:
        try:
            g = graph_from_arrays(kept, m.grid.labels_row_major())
            g._views["store_key"] = key
            return g
        except (TypeError, ValueError, IndexError, KeyError):
            pass  # not a graph this module wrote: built again
    g = _build_hex_graph(m)
    arrays = graph_arrays(g)
    if arrays is not None:
        _store[0].put(key, arrays)
        g._views["store_key"] = key
    return g


def stored_key(g: Graph) -> str | None:
    """The key ``g`` was read from or kept under in the store in use (:func:`graph_key`), or None
    (no store, a graph not kept, or one changed since by :meth:`Graph.add`): what is worked out
    from the graph alone may be kept beside it under a key made from this one."""
    return g._views.get("store_key") if _store else None


def store_get(key: str) -> object | None:
    """What the store in use holds under ``key`` (None: nothing, or no store)."""
    return _store[0].get(key) if _store else None


def store_put(key: str, value: object) -> None:
    """Keep ``value`` (what ``marshal`` writes) under ``key`` in the store in use, if any."""
    if _store:
        _store[0].put(key, value)


def _ints(xs: Iterable[int]) -> bytes:
    return array("i", xs).tobytes()


def _int_array(b: bytes) -> array:
    a = array("i")
    a.frombytes(b)
    return a


def _int_list(b: bytes) -> list[int]:
    return _int_array(b).tolist()


def _lists(lists: list[list[int]]) -> tuple[bytes, bytes]:
    """Lists of ints as two arrays of bytes: every item, and each list's length."""
    return _ints([x for xs in lists for x in xs]), _ints([len(xs) for xs in lists])


def _from_lists(flat: bytes, lengths: bytes, numbers: list[int] | None = None) -> list[list[int]]:
    """The lists :func:`_lists` wrote.  With ``numbers`` (``list(range(n))``) each item is its
    object there (IndexError for an item out of range): a space's number appears in each of its
    neighbours' lists, one int object instead of six (issue 34: a 300x300 map's land lists hold
    486,000 items)."""
    items = _int_list(flat) if numbers is None else list(map(numbers.__getitem__, _int_array(flat)))
    ends = list(accumulate(_int_list(lengths)))
    if ends and ends[-1] != len(items):
        raise ValueError("not a graph: lists cut short")
    return [items[a:b] for a, b in zip([0, *ends], ends, strict=False)]


GRAPH_FORMAT = "mapref-graph-4"  # (3: every connection's length and sea zone, the ids twice, kinds as ints)


def graph_arrays(g: Graph) -> tuple | None:
    """A hex map's graph as strings, bytes and ints (what ``marshal`` writes quickly), or None for
    a graph with connection attributes (an area map's) or a space whose id holds a new line."""
    if g._cattrs or any("\n" in s for s in g._ids) or len(g._kinds) > 256:
        return None
    steps = g._views["land_steps"]
    mixed = g.index().mixed_pairs(LAND_KINDS)
    spaces = [i for i, x in enumerate(mixed) if x is not None]
    ids = "\n".join(g._ids)
    lens = [c for c, x in enumerate(g._clen) if x != 1]  # (a sea arrow's length: a few)
    seas = [c for c, x in enumerate(g._csea) if x is not None]
    return (
        GRAPH_FORMAT,
        "\n".join(g.spaces),
        None if ids == "\n".join(g.spaces) else ids,
        tuple(g._kinds),
        _ints(g._ca),
        _ints(g._cb),
        bytes(g._ck),  # (a kind's code: a byte)
        (_ints(lens), [g._clen[c] for c in lens]),
        (_ints(seas), [g._csea[c] for c in seas]),
        None if not any(g._cone) else [bool(x) for x in g._cone],
        *_lists(g._nadj),
        *_lists(g._views["land_lists"]),
        tuple((d, bytes(b)) for d, b in steps.items()),
        _ints(spaces),
        *_lists([mixed[i][0] for i in spaces]),  # type: ignore[index]
        _ints([c for i in spaces for c in mixed[i][1]]),  # type: ignore[index]
    )


_NUMBERS: list[list[int]] = [[]]


def numbers(n: int) -> list[int]:
    """``list(range(n))``, one list kept for the last ``n`` asked (shared: never change it; copy
    it): a graph read back and the searches over its spaces use these int objects rather than
    make their own (issue 34: 90,000 per list on a 300x300 map)."""
    kept = _NUMBERS[0]
    if len(kept) != n:
        kept = _NUMBERS[0] = list(range(n))
    return kept


def _split_ids(text: str, labels: list[str] | None) -> list[str]:
    """The ids joined by new lines in ``text``; where they start with ``labels`` (the grid's, row
    by row), those very strings (one string per hex label in the process, not two)."""
    if not text:
        return []
    if labels:
        head = "\n".join(labels)
        if text.startswith(head) and (len(text) == len(head) or text[len(head)] == "\n"):
            return labels + (text[len(head) + 1 :].split("\n") if len(text) > len(head) else [])
    return text.split("\n")


def _sparse(data: tuple, k: int, usual: object) -> list:
    """``k`` values, ``usual`` but at the connections ``data`` lists: (their numbers, values)."""
    where, values = _int_list(data[0]), data[1]
    if not isinstance(values, list) or len(values) != len(where) or min(where, default=0) < 0:
        raise ValueError("not a graph: connections' values")
    out = [usual] * k
    for c, v in zip(where, values, strict=True):
        out[c] = v
    return out


def graph_from_arrays(data: object, labels: list[str] | None = None) -> Graph:
    """The graph :func:`graph_arrays` wrote; ValueError when ``data`` is not one.  ``labels``: the
    map's hex labels row by row, the same strings as the graph's first ids (kept as the ids)."""
    if not isinstance(data, tuple) or len(data) != 19 or data[0] != GRAPH_FORMAT:
        raise ValueError("not a graph")
    _, spaces, ids, kinds, ca, cb, ck, clen, csea, cone, nflat, nlen, lflat, llen, steps = data[:15]
    mspaces, mnexts, mlen, mconns = data[15:]
    g = Graph()
    g.spaces = _split_ids(spaces, labels)
    g._ids = list(g.spaces) if ids is None else _split_ids(ids, labels)
    n = len(g._ids)
    nums = numbers(n)
    g._ix = dict(zip(g._ids, nums, strict=True))  # (the shared numbers: no int made per space)
    g._kinds = list(kinds)
    g._kcode = {x: i for i, x in enumerate(kinds)}
    # the ends of each connection stay packed (4 bytes each, no int object): the report's searches
    # walk the neighbour lists, not these (issue 34: 545,000 ints on a 300x300 map)
    if not isinstance(ck, bytes):
        raise ValueError("not a graph: kinds")
    g._ca, g._cb, g._ck = _int_array(ca), _int_array(cb), list(ck)
    k = len(g._ca)
    g._clen = _sparse(clen, k, 1)
    g._csea = _sparse(csea, k, None)
    g._cone = [False] * k if cone is None else cone
    g._cattrs, g._cobj = {}, {}
    # the connections at each node: made when first asked (Graph._nadj), the lengths checked now
    nl = _int_list(nlen)
    if len(nl) != n or sum(nl) * 4 != len(nflat) or min(nl, default=0) < 0:
        raise ValueError("not a graph: lists cut short")
    g._adj, g._adj_packed = None, (nflat, nlen)
    land = _from_lists(lflat, llen, nums)
    if not (len(g._cb) == len(g._ck) == len(g._clen) == len(g._csea) == len(g._cone) == k):
        raise ValueError("not a graph: lengths differ")
    if len(land) != n or len(g._ix) != n:
        raise ValueError("not a graph: lengths differ")
    mixed = _int_list(mspaces)
    nexts, conns, lengths = list(map(nums.__getitem__, _int_array(mnexts))), _int_list(mconns), _int_list(mlen)
    ends = list(accumulate(lengths))
    if len(lengths) != len(mixed) or len(nexts) != len(conns) or (ends[-1] if ends else 0) != len(nexts):
        raise ValueError("not a graph: lists cut short")
    if mixed and (min(mixed) < 0 or max(mixed) >= n):
        raise ValueError("not a graph: a space out of range")
    g._views["mixed_land_pairs"] = (mixed, nexts, conns, ends)
    g._views["land_lists"] = land
    g._views["land_steps"] = {d: bytearray(b) for d, b in steps}
    g._views["spaces_known"], g._views["spaces_n"] = g.spaces, len(g.spaces)
    return g


def _build_hex_graph(m: MapModel) -> Graph:
    grid = m.grid
    g = Graph()
    labels = grid.labels_row_major()
    g.spaces = labels + [box_space(b) for b in m.boxes]
    g._ids = list(g.spaces)
    g._ix = {s: i for i, s in enumerate(g._ids)}
    g._nadj = [[] for _ in g._ids]
    order = grid.hex_list()
    hexes = m.hexes
    datas = list(hexes.values()) if list(hexes) == order else [hexes[h] for h in order]
    # the land neighbour lists (LAND_KINDS) are made on the way: every search by land walks them;
    # per step forward (j - i), a byte per hex: a land connection from i to i + step (what the
    # supply trace's bit search reads: mapref.rules.supply.BitPlan)
    landn: list[list[int]] = [[] for _ in g._ids]
    land_steps = _hex_connections(g, m, [d.terrain for d in datas], [bool(d.port) for d in datas], landn)
    k = len(g._ca)
    n = len(g._ca)
    g._clen = [1] * n
    g._csea = [None] * n
    g._cone = [False] * n
    g._cattrs, g._cobj = {}, {}
    lab = grid.label
    for box_id, box in m.boxes.items():
        bs = box_space(box_id)
        for h in box.land:
            g.add(Connection(bs, lab(h), "box_land"))
        for arrow in box.sea_arrows:
            g.add(Connection(lab(arrow.hex), bs, "sea_arrow", length=arrow.length, sea=arrow.sea))
    if m.boxes:  # box_land connections (and spaces of labels off the grid) come last
        landn += [[] for _ in range(len(g._ids) - len(landn))]
        ca, cb, ck = g._ca, g._cb, g._ck
        for c in range(k, len(ca)):
            if ck[c] == g._kcode["box_land"]:
                landn[ca[c]].append(cb[c])
                landn[cb[c]].append(ca[c])
    g._views["land_lists"] = landn
    g._ca, g._cb = array("i", g._ca), array("i", g._cb)  # as read back (graph_from_arrays)
    for b in land_steps.values():
        b.extend(bytes(len(g._ids) - len(b)))  # boxes (and labels off the grid) have no steps
    g._views["land_steps"] = land_steps
    g._views["spaces_known"], g._views["spaces_n"] = g.spaces, len(g.spaces)  # numbered in order already
    return g


def _side_table(m: MapModel) -> dict[tuple[int, int], SideData]:
    """The map's hexside data by the pair of hex numbers (row by row) it lies between, lower first."""
    grid = m.grid
    C = grid.cols
    sides: dict[tuple[int, int], SideData] = {}
    for s, sd in m.hexsides.items():
        if grid.contains(s.a) and grid.contains(s.b):
            ia, ib = (s.a.row - 1) * C + s.a.col - 1, (s.b.row - 1) * C + s.b.col - 1
            sides[(min(ia, ib), max(ia, ib))] = sd
    return sides


def _pair_kinds(
    g: Graph, ta: str, tb: str, all_sea: bool, crossing: bool, port_a: bool, port_b: bool
) -> tuple[tuple[int, bool], ...]:
    """The connections across a side between hexes ``a`` and ``b`` (terrains ``ta``, ``tb``; a
    port on either), in the order they are added, as (kind code, from ``b`` to ``a``): land or
    crossing, then sea or coast, or a shore; then a port on a full-land hex beside water, ``a``'s
    first."""
    out = []
    if ta != "sea" and tb != "sea" and (not all_sea or crossing):
        out.append(("crossing" if all_sea else "land", False))
    if ta != "land" and tb != "land":
        if all_sea or (ta == "coastal" and tb == "coastal"):
            out.append(("sea" if all_sea else "coast", False))
    elif (ta == "land" and tb == "sea") or (ta == "sea" and tb == "land"):
        out.append(("shore", False))
    if port_a and ta == "land" and tb != "land":
        out.append(("port", False))
    if port_b and tb == "land" and ta != "land":
        out.append(("port", True))
    return tuple((g._kcode[k], rev) for k, rev in out)


def _across(sd: SideData, ta: str, tb: str) -> tuple[bool, bool]:
    """(all sea, crossing) of a side with data ``sd`` between hexes of terrains ``ta`` and ``tb``."""
    return (sd.all_sea if sd.all_sea is not None else (ta == "sea" or tb == "sea")), sd.crossing


def _hex_connections(g: Graph, m: MapModel, terr: list[str], port: list[bool], landn: list[list[int]]):
    """Add the connections between the hexes of ``m`` to ``g`` (``terr``, ``port``: each hex's
    terrain and port, row by row), side by side as :meth:`Grid.all_hexsides` lists them; fill the
    land neighbour lists ``landn``; return the land connections per step forward, a byte per hex."""
    grid = m.grid
    R, C = grid.rows, grid.cols
    sides = _side_table(m)
    # the steps to the neighbours after a hex in the walk (the sides first met from it)
    ahead = {
        par: [(dr, dc) for dr, dc in steps if dr > 0 or (dr == 0 and dc > 0)]
        for par, steps in grid.neighbour_steps().items()
    }
    land_steps = {dr * C + dc: bytearray(len(g._ids)) for steps in ahead.values() for dr, dc in steps}
    fwd = {par: [(dr, dc, land_steps[dr * C + dc]) for dr, dc in steps] for par, steps in ahead.items()}
    nadj, ca, cb, ck = g._nadj, g._ca, g._cb, g._ck
    by_land = {g._kcode["land"], g._kcode["crossing"]}
    table: dict[tuple, tuple[tuple[int, bool], ...]] = {}  # (terrains, all sea, crossing, ports) -> connections
    k = 0
    for r in range(1, R + 1):
        base = (r - 1) * C - 1
        last_row = r == R
        for c in range(1, C + 1):
            i = base + c
            ta = terr[i]
            for dr, dc, on_step in fwd[(r & 1, c & 1)]:
                cc = c + dc
                if (dr and last_row) or cc < 1 or cc > C:
                    continue
                j = i + dr * C + dc
                tb = terr[j]
                sd = sides.get((i, j)) if sides else None
                if sd is None:
                    key = (ta, tb, ta == "sea" or tb == "sea", False, port[i], port[j])
                elif sd.impassable:
                    continue
                else:
                    key = (ta, tb, *_across(sd, ta, tb), port[i], port[j])
                conns = table.get(key)
                if conns is None:
                    conns = table[key] = _pair_kinds(g, *key)
                na, nb = nadj[i], nadj[j]
                for kind, rev in conns:
                    na.append(k)
                    nb.append(k)
                    ca.append(j if rev else i)
                    cb.append(i if rev else j)
                    ck.append(kind)
                    k += 1
                    if kind in by_land:
                        landn[i].append(j)
                        landn[j].append(i)
                        on_step[i] = 1
    return land_steps
