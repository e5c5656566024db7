"""The hex maps' graphs kept on disk between processes (issue 34; mapref.io.derived): a graph
read back from the store is the graph built from nothing, connection for connection and view for
view; a map changed in any way never finds another's graph; an entry that cannot be read is
built again; and the quicker paths of the same report (the board's order without a key per space,
the coastal spaces, the neighbour lists with connection numbers) give what the plain ones give."""

from __future__ import annotations

import os
import random
from array import array
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mapref.core import graph as graph_mod
from mapref.core.board import board_for
from mapref.core.board_base import Board
from mapref.core.graph import Connection, Graph, build_graph, graph_key, use_store
from mapref.core.grid import Grid, Hex
from mapref.core.model import Box, MapModel, SeaArrow
from mapref.io.derived import MAGIC, DiskStore
from tests.core.test_graph_index import LAYOUTS, plain_build_graph, random_map, same_graph
from tests.helpers import examples

ROOT = Path(__file__).resolve().parents[2]


def same_views(a: Graph, b: Graph) -> None:
    """The integer views the searches walk (land lists, land steps, every list of connections)."""
    same_graph(a, b)
    assert a._ids == b._ids and a._ca == b._ca and a._cb == b._cb and a._ck == b._ck
    assert a._clen == b._clen and a._csea == b._csea and a._cone == b._cone and a._nadj == b._nadj
    assert a._views["land_lists"] == b._views["land_lists"]
    assert a._views["land_steps"] == b._views["land_steps"]
    ia, ib = a.index(), b.index()
    assert ia.out_lists(graph_mod.LAND_KINDS) == ib.out_lists(graph_mod.LAND_KINDS)
    assert ia.mixed_pairs(graph_mod.LAND_KINDS) == ib.mixed_pairs(graph_mod.LAND_KINDS)
    assert ia.out_conns() == ib.out_conns() and ia.in_conns() == ib.in_conns()


def built(m: MapModel) -> Graph:
    """The graph built from nothing (no store)."""
    kept = list(graph_mod._store)
    use_store(None)
    try:
        return build_graph(m)
    finally:
        graph_mod._store[:] = kept


@settings(max_examples=examples(60), deadline=None)
@given(st.integers(0, 10**9), st.sampled_from(LAYOUTS))
def test_a_graph_read_back_is_the_graph_built(tmp_path_factory, seed, layout):
    use_store(DiskStore(tmp_path_factory.mktemp("derived")))
    try:
        m = random_map(seed, layout)
        first = build_graph(m)  # built and kept
        again = build_graph(m)  # read back
        assert again is not first
        same_views(again, built(m))
        same_graph(again, plain_build_graph(m))
    finally:
        use_store(None)


@pytest.mark.parametrize("seed", range(4))
def test_a_graph_read_back_makes_its_connection_lists_when_first_asked(seed, store):
    """Read back, the lists of connections at each space are made on first use (the report's
    searches do not ask for them), the lists of the spaces with sea connections are read with the
    graph; either is the built graph's, before and after a connection is added by hand."""
    m = random_map(seed, LAYOUTS[seed % len(LAYOUTS)])
    build_graph(m)
    again = build_graph(m)
    assert again._adj is None and again._views["mixed_land_pairs"]
    kept = again.index().mixed_pairs(graph_mod.LAND_KINDS)
    assert again._adj is None  # the mixed pairs were read back, not worked out from the lists
    assert kept == built(m).index().mixed_pairs(graph_mod.LAND_KINDS)
    mixed_pairs_are_out_pairs(again.index())
    plain = built(m)
    assert again._nadj == plain._nadj and again._adj is not None
    labels = m.grid.labels_row_major()
    again_lists = built(m)
    for g in (plain, again_lists):
        g.add(Connection(labels[0], labels[-1], "sea_arrow", length=3, sea="z"))
    fresh = build_graph(m)  # read back again: nothing made yet
    fresh.add(Connection(labels[0], labels[-1], "sea_arrow", length=3, sea="z"))
    for g in (again_lists, fresh):
        assert g._nadj == plain._nadj and g._ca == plain._ca and g._ck == plain._ck
        assert g.index().out_conns() == plain.index().out_conns()
        mixed_pairs_are_out_pairs(g.index())


def change(m: MapModel, rnd: random.Random) -> str:
    """One random change of what the graph is built from; what it was."""
    hexes = list(m.grid.hexes())
    h = rnd.choice(hexes)
    what = rnd.choice(("terrain", "port", "side", "box", "arrow"))
    if what == "terrain":
        d = m.hexes[h]
        d.terrain = rnd.choice([t for t in ("sea", "land", "coastal") if t != d.terrain])
    elif what == "port":
        m.hexes[h].port = 0 if m.hexes[h].port else 2
    elif what == "side":
        s = rnd.choice(m.grid.hexsides(h))
        old = m.side(s)
        m.set_side(s, crossing=not old.crossing, all_sea=old.all_sea, impassable=old.impassable)
    elif what == "box":
        m.boxes[f"b{len(m.boxes) + 2}"] = Box("Another", land=(h,))
    else:
        m.boxes["arrows"] = Box("Arrows", sea_arrows=(SeaArrow(h, rnd.randint(1, 5), "z"),))
    m.touch()
    return what


@pytest.mark.parametrize("seed", range(4))
def test_a_graph_read_back_shares_the_grids_labels_and_its_numbers(seed, store):
    """Read back, the graph's ids are the grid's own label strings (boxes after them), each land
    list's items the one int object of their number, the connections' ends packed arrays: the
    same values as the graph built (issue 34: fewer objects, a smaller process)."""
    m = random_map(seed, LAYOUTS[seed % len(LAYOUTS)])
    m.boxes["far"] = Box("Far", land=(next(iter(m.hexes)),))
    build_graph(m)
    g = build_graph(m)
    labels = m.grid.labels_row_major()
    plain = built(m)
    assert all(a is b for a, b in zip(g._ids, labels, strict=False)) and "box:far" in g._ids[len(labels) :]
    assert g._ids == plain._ids and g.spaces == plain.spaces and g._ix == plain._ix
    land = g._views["land_lists"]
    assert all(x is land_x for xs in land for x in xs for land_x in [g.index().ix[g._ids[x]]])
    assert list(g._ca) == list(plain._ca) and list(g._cb) == list(plain._cb)


def test_ids_not_starting_with_the_labels_are_read_as_written():
    assert graph_mod._split_ids("A1\nA2\nbox:x", ["A1", "A2"]) == ["A1", "A2", "box:x"]
    assert graph_mod._split_ids("A1\nA2", ["A1", "A2"]) == ["A1", "A2"]
    assert graph_mod._split_ids("A1\nA22", ["A1", "A2"]) == ["A1", "A22"]
    assert graph_mod._split_ids("B1\nA2", ["A1", "A2"]) == ["B1", "A2"]
    assert graph_mod._split_ids("", ["A1"]) == [] and graph_mod._split_ids("A1", None) == ["A1"]


def damaged(data: list, field: str) -> None:
    """Damage one field of a stored graph (graph_arrays' tuple) in place."""
    if field == "land":
        flat = array("i")
        flat.frombytes(data[12])
        flat[0] = 10**6
        data[12] = flat.tobytes()
    elif field in ("lengths", "seas"):
        i = 7 if field == "lengths" else 8
        where, values = data[i]
        data[i] = (array("i", [-1 if field == "seas" else 10**6]).tobytes(), values[:1] or [3])
    elif field == "kinds":
        data[6] = list(data[6])
    else:
        data[7] = (data[7][0], data[7][1] + [5])  # a value more than the connections listed


@pytest.mark.parametrize("field", ["land", "lengths", "seas", "kinds", "lengths listed"])
def test_a_graph_damaged_inside_is_built_again(field, store):
    """An entry whose land list, connections' lengths or sea zones, or kinds are not what
    graph_arrays writes is refused (ValueError, IndexError) and the graph built again."""
    m = random_map(6, {})
    m.boxes["arrows"] = Box("Arrows", sea_arrows=(SeaArrow(next(iter(m.hexes)), 3, "z"),))
    build_graph(m)
    data = list(store.get(graph_key(m)))
    assert data[0] == graph_mod.GRAPH_FORMAT and data[2] is None  # the ids are the spaces: kept once
    assert 1 <= len(data[7][1]) == len(data[8][1]) <= 4  # only the sea arrows' lengths and sea zones kept
    damaged(data, field)
    with pytest.raises((IndexError, ValueError)):
        graph_mod.graph_from_arrays(tuple(data))
    store.put(graph_key(m), tuple(data))
    same_views(build_graph(m), built(m))


@pytest.mark.parametrize("seed", range(12))
def test_a_changed_map_never_finds_another_graph(seed, store):
    rnd = random.Random(seed)
    m = random_map(seed, LAYOUTS[seed % len(LAYOUTS)])
    keys = {graph_key(m)}
    build_graph(m)
    for _ in range(6):
        what = change(m, rnd)
        key = graph_key(m)
        g = build_graph(m)
        same_views(g, built(m))
        same_graph(g, plain_build_graph(m))
        if key in keys:  # the change undid an earlier one (a port put back): the same map again
            continue
        assert what and key not in keys
        keys.add(key)
    # each map's graph was kept under its own key, and is read back right
    assert len(list(store.folder.glob("*.marshal"))) == min(len(keys), 8)
    same_views(build_graph(m), built(m))


def test_the_builders_code_is_in_the_key(store, monkeypatch):
    m = random_map(3, {})
    before = graph_key(m)

    def other(g, ta, tb, all_sea, crossing, port_a, port_b):
        return ()

    monkeypatch.setattr(graph_mod, "_pair_kinds", other)
    assert graph_key(m) != before


def test_the_grids_code_is_in_the_key(store, monkeypatch):
    """A mapref whose grid walks its hexes differently never reads a graph another one kept."""
    m = random_map(3, {})
    before = graph_key(m)
    monkeypatch.setattr(type(m.grid), "neighbour_steps", lambda self: {})
    assert graph_key(m) != before


@pytest.mark.parametrize(
    "damage",
    [
        lambda b: b[: len(b) // 2],  # cut short
        lambda b: b"garbage",
        lambda b: MAGIC.replace(b"mapref", b"mapfer") + b[len(MAGIC) :],  # another format
        lambda b: MAGIC + b"\x00\x01\x02",  # not marshal
        lambda b: b[: len(MAGIC)] + __import__("marshal").dumps(("mapref-graph-2", "x")),  # not a graph
        lambda b: b"",
    ],
)
def test_an_entry_that_cannot_be_read_is_built_again(damage, store):
    m = random_map(5, {})
    build_graph(m)
    (entry,) = store.folder.glob("*.marshal")
    entry.write_bytes(damage(entry.read_bytes()))
    same_views(build_graph(m), built(m))
    same_views(build_graph(m), built(m))  # written again whole


def test_a_folder_that_cannot_be_written_keeps_nothing(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    use_store(DiskStore(blocker / "derived"))
    try:
        m = random_map(8, {})
        same_views(build_graph(m), built(m))
        same_views(build_graph(m), built(m))
    finally:
        use_store(None)


def test_area_graphs_are_not_kept(store):
    g = Graph(["a", "b"])
    g.add(Connection("a", "b", "land", attrs={"defence": 2}))
    assert graph_mod.graph_arrays(g) is None


def run(args: list[str], env: dict) -> str:
    r = subprocess.run(
        [sys.executable, "-m", "mapref", *args], capture_output=True, text=True, cwd=ROOT, env=env, check=False
    )
    assert r.returncode in (0, 1), r.stderr
    return r.stdout


def test_the_referee_reads_the_same_with_the_store_cold_warm_and_off(tmp_path):
    """A whole process: the report is the same whether the graph was built, read back or never
    kept; and a changed map (one hex's terrain) is not read from the first map's entry."""
    sys.path.insert(0, str(ROOT / "bench"))
    from rich_game import make

    game = make(tmp_path / "game", 24, seed=5)
    env = {**os.environ, "MAPREF_CACHE_DIR": str(tmp_path / "derived"), "PYTHONPATH": str(ROOT)}
    env.pop("MAPREF_NO_CACHE", None)
    cold = run(["referee", str(game), "--json"], env)
    # the graph, the sea plan, the sea bits (and the data classes' code: mapref.io.derived)
    assert len(_map_entries(tmp_path / "derived")) == 3
    warm = run(["referee", str(game), "--json"], env)
    off = run(["referee", str(game), "--json"], {**env, "MAPREF_NO_CACHE": "1"})
    assert cold == warm == off and '"supply_path"' in cold
    mp = game.parent / "rich_map.toml"
    text = mp.read_text()
    head, _, rest = text.partition("[hexes]\n")
    line = next(x for x in rest.splitlines(keepends=True) if "port = " in x)
    mp.write_text(head + "[hexes]\n" + rest.replace(line, "", 1))  # a port less: other connections
    changed = run(["referee", str(game), "--json"], env)
    assert changed == run(["referee", str(game), "--json"], {**env, "MAPREF_NO_CACHE": "1"})
    assert len(_map_entries(tmp_path / "derived")) == 6


def _map_entries(folder) -> list:
    from mapref.io.derived import CODE_KEY

    return [p for p in folder.glob("*.marshal") if p.stem != CODE_KEY]


# ------------------------------------------------------------- the other quicker paths of the report
@pytest.mark.parametrize(
    "rows, cols, labels",
    [
        (30, 12, "letter-number"),
        (500, 2, "letter-number"),
        (12, 120, "letter-number"),
        (30, 30, "ccrr"),
        (1, 1, "letter-number"),
    ],
)
def test_the_board_order_without_a_key_per_space(rows, cols, labels):
    m = MapModel(Grid(rows=rows, cols=cols, labels=labels))
    m.boxes["zz"] = Box("Z")
    m.boxes["aa"] = Box("A")
    b = board_for(m)
    assert b._board_order() == Board._board_order(b) == sorted(b.spaces(), key=b.order_key)
    ids = random.Random(rows).sample(b.spaces(), min(40, len(b.spaces())))
    assert b.ordered(ids) == sorted(ids, key=b.order_key)


@pytest.mark.parametrize(
    "rows, cols, labels",
    [(30, 12, "letter-number"), (12, 120, "letter-number"), (30, 30, "ccrr"), (1, 1, "letter-number")],
)
def test_the_board_order_read_from_the_graphs_numbers(rows, cols, labels):
    """With the graph built, hexes alone are ranked by the graph's numbers: the order of
    order_key, for hexes, duplicates, boxes, ids of no space and the empty list."""
    m = MapModel(Grid(rows=rows, cols=cols, labels=labels))
    m.boxes["zz"] = Box("Z")
    m.boxes["aa"] = Box("A", land=(Hex(1, 1),))
    b = board_for(m)
    b.graph()
    rnd = random.Random(rows * cols)
    hexes = m.grid.labels_row_major()
    b.ordered(hexes[::-1])
    assert ("_order_rank" in vars(b)) == (labels != "letter-number")  # no table of ranks made for hexes
    for ids in (
        rnd.sample(hexes, min(40, len(hexes))),
        [*rnd.sample(hexes, min(5, len(hexes))), hexes[0], hexes[0]],
        [hexes[-1], "box:zz", hexes[0], "box:aa"],
        [hexes[0], "nowhere"],
        [],
        list(reversed(hexes)),
    ):
        assert b.ordered(ids) == sorted(ids, key=b.order_key)
        assert b.ordered(iter(ids)) == sorted(ids, key=b.order_key)


@pytest.mark.parametrize("seed", range(6))
def test_coastal_spaces_are_the_coastal_terrain(seed):
    m = random_map(seed, LAYOUTS[seed % len(LAYOUTS)])
    b = board_for(m)
    plain = {s for s in b.spaces() if (sp := b.space(s)) is not None and not sp.is_box and sp.terrain == "coastal"}
    assert b.coastal_spaces() == plain == Board._make_coastal(b)
    change(m, random.Random(seed))
    plain = {s for s in b.spaces() if (sp := b.space(s)) is not None and not sp.is_box and sp.terrain == "coastal"}
    assert b.coastal_spaces() == plain


def test_out_pairs_are_out_conns():
    m = random_map(11, {})
    ix = build_graph(m).index()
    nexts, conns = ix.out_pairs()
    assert [list(zip(a, b, strict=True)) for a, b in zip(nexts, conns, strict=True)] == ix.out_conns()
    g = Graph(["a", "b", "c"])
    g.add(Connection("a", "b", "road", oneway=True))
    g.add(Connection("b", "c", "land"))
    ix = g.index()
    nexts, conns = ix.out_pairs()
    assert [list(zip(a, b, strict=True)) for a, b in zip(nexts, conns, strict=True)] == ix.out_conns()


def mixed_pairs_are_out_pairs(ix) -> None:
    """Where mixed_pairs has None, the space's connections are all by land and its land list is
    its out_pairs' next spaces; elsewhere it is its out_pairs."""
    nexts, conns = ix.out_pairs()
    land, codes = ix.out_lists(graph_mod.LAND_KINDS), ix.codes(graph_mod.LAND_KINDS)
    mixed = ix.mixed_pairs(graph_mod.LAND_KINDS)
    assert len(mixed) == ix.n
    for i, got in enumerate(mixed):
        if got is None:
            assert all(ix.ck[c] in codes for c in conns[i]), ix.ids[i]
            assert land[i] == nexts[i], ix.ids[i]
        else:
            assert got == (nexts[i], conns[i]), ix.ids[i]
    touched = {e for c, k in enumerate(ix.ck) if k not in codes for e in (ix.ca[c], ix.cb[c])}
    assert [i for i, x in enumerate(mixed) if x is None] == [i for i in range(ix.n) if i not in touched]


@pytest.mark.parametrize("seed", range(6))
def test_the_sea_search_walks_land_lists_where_they_are_every_connection(seed, tmp_path_factory):
    """The open-seas search's plain land lists (GraphIndex.mixed_pairs), on random maps of every
    layout built and read back from the store, and on graphs built by hand with one-way lines."""
    m = random_map(seed, LAYOUTS[seed % len(LAYOUTS)])
    m.boxes["far"] = Box("Far", land=(next(iter(m.hexes)),), sea_arrows=(SeaArrow(list(m.hexes)[-1], 3, "n"),))
    mixed_pairs_are_out_pairs(built(m).index())
    use_store(DiskStore(tmp_path_factory.mktemp("derived")))
    try:
        build_graph(m)
        mixed_pairs_are_out_pairs(build_graph(m).index())  # read back
    finally:
        use_store(None)
    rnd = random.Random(seed)
    spaces = [f"s{i}" for i in range(12)]
    g = Graph(spaces)
    for k in range(30):  # land lines (some one-way) everywhere, other kinds between the first four
        a, b = rnd.sample(spaces if k % 5 else spaces[:4], 2)
        g.add(Connection(a, b, "land" if k % 5 else rnd.choice(("sea", "shore", "road")), oneway=rnd.random() < 0.3))
    mixed_pairs_are_out_pairs(g.index())


@pytest.mark.parametrize("seed", range(4))
def test_a_space_is_on_the_board_as_its_space_says(seed):
    """HexBoard.__contains__ answers without making the space: what space() says."""
    m = random_map(seed, LAYOUTS[seed % len(LAYOUTS)])
    m.boxes["east"] = Box("East")
    b = board_for(m)
    labels = m.grid.labels_row_major()
    asked = [*labels, "box:east", "box:west", "box:", "", "zz99", labels[0].lower(), " " + labels[0], 7, None]
    for s in asked:
        assert (s in b) == (isinstance(s, str) and b.space(s) is not None), s
    assert m.grid.labels_row_major() is labels  # made once per grid


@pytest.mark.parametrize("seed", range(5))
def test_the_quicker_tables_are_the_plain_ones(seed):
    """A grid's hexes made without a call per hex, the sea zones by space number read at C speed:
    what the plain comprehensions give (a box and a hex label the graph does not have included)."""
    from mapref.core.grid import Hex, _hex_list
    from mapref.rules.supply import sea_numbers

    m = random_map(seed, LAYOUTS[seed % len(LAYOUTS)])
    g = m.grid
    hexes = _hex_list(g.rows, g.cols)
    assert hexes == [Hex(r, c) for r in range(1, g.rows + 1) for c in range(1, g.cols + 1)]
    assert all(type(h) is Hex for h in hexes)
    rnd = random.Random(seed)
    for d in m.hexes.values():
        d.sea = rnd.choice((None, "n", "s")) if d.terrain != "land" else None
    b = board_for(m)
    zones, full = b.sea_table()
    labels = m.grid.labels_row_major()
    for ix in (built(m).index(), Graph(labels[: len(labels) // 2]).index()):  # the whole map, half of it
        got = sea_numbers(ix, b)
        plain = {ix.ix[s]: z for s, z in zones.items() if s in ix.ix}
        assert got == (plain, frozenset(ix.ix[s] for s in full if s in ix.ix))


def test_the_code_in_a_key_reads_the_same_compiled_or_from_a_pyc():
    """A key's digest of code (graph.code_digest) is the same for code compiled now and the same
    code read back from a .pyc (marshal's own bytes differ between the two), and in processes with
    other hash seeds (a frozenset constant's order)."""
    import hashlib
    import marshal
    import types

    src = "def f(x):\n    def g(y):\n        return y in {'sea', 'coast', 'port'}\n    return [g(x), 'land', 3]\n"
    compiled = compile(src, "m.py", "exec")
    read = marshal.loads(marshal.dumps(compiled))
    digests = set()
    for co in (compiled, read):
        f = types.FunctionType(next(c for c in co.co_consts if isinstance(c, types.CodeType)), {})
        h = hashlib.blake2b()
        graph_mod.code_digest(h, f)
        digests.add(h.hexdigest())
    code = "import hashlib; from mapref.core import graph as g; h = hashlib.blake2b(); g.code_digest(h, g.graph_key); print(h.hexdigest())"
    for seed in ("1", "2"):
        out = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": seed}
        )
        digests.add(("graph_key", out.stdout.strip()))
    assert len(digests) == 2


def test_the_shared_numbers_are_range_and_stay_so(store):
    """graph.numbers: one list per size, the same object asked again; a graph read back and the
    fleets' seas of a position use it and leave it as it was."""
    assert graph_mod.numbers(5) == [0, 1, 2, 3, 4] and graph_mod.numbers(5) is graph_mod.numbers(5)
    m = random_map(7, {})
    build_graph(m)
    g = build_graph(m)  # read back
    n = len(g._ids)
    nums = graph_mod.numbers(n)
    assert all(x is nums[x] for xs in g._views["land_lists"] for x in xs)
    assert all(i is nums[i] for i in g._ix.values())
    from mapref.rulesets.hitlers_war.routes import sea_reach

    sea_reach(g, m, set(g._ids[::2]), g._ids[1::5])
    assert graph_mod.numbers(n) is nums and nums == list(range(n))
