"""The fleets' sea plan kept on disk beside the hex map's graph (issue 34; routes._kept_plan): a
plan read back is the plan worked out from nothing, edge for edge and step for step; a map whose
sea zones, coasts, ports, port access or sides change never finds another's plan; an entry that
cannot be read is worked out again; and each space's steps are its sea connections in the
graph's order."""

from __future__ import annotations

import random

import pytest

from mapref.core import graph as graph_mod
from mapref.core.board import board_for
from mapref.core.graph import build_graph, use_store
from mapref.core.grid import Grid, Hex
from mapref.core.model import Box, MapModel, SeaArrow
from mapref.rules import supply
from mapref.rulesets.hitlers_war import routes
from mapref.rulesets.hitlers_war.routes import SEA_MOVE, SeaPlan, sea_plan
from tests.core.test_graph_index import LAYOUTS, random_map


def sea_map(seed: int, access: bool):
    rnd = random.Random(seed)
    m = random_map(seed, LAYOUTS[seed % len(LAYOUTS)])
    for d in m.hexes.values():
        d.sea = rnd.choice(("n", "s")) if d.terrain != "land" else None
    hexes = list(m.hexes)
    m.boxes["far"] = Box("Far", sea_arrows=(SeaArrow(rnd.choice(hexes), 4, rnd.choice(("n", "s"))),))
    if access:
        for h in rnd.sample(hexes, min(3, len(hexes))):
            m.hexes[h].terrain, m.hexes[h].port = "land", 2
            m.hexes[h].port_access = tuple(rnd.sample(hexes, min(2, len(hexes))))
    return m


def fresh(m) -> SeaPlan:
    """The plan worked out from nothing (no store)."""
    kept = list(graph_mod._store)
    use_store(None)
    try:
        g = build_graph(m)
        return SeaPlan(g.index(), board_for(m))
    finally:
        graph_mod._store[:] = kept


def same_plan(a: SeaPlan, b: SeaPlan) -> None:
    assert a.edges == b.edges and a.asks == b.asks and a.steps == b.steps


def in_store(m) -> SeaPlan:
    """The plan as a command line's process finds it: the graph and the plan from the store."""
    return sea_plan(build_graph(m), m)


@pytest.mark.parametrize("seed", range(10))
def test_a_plan_read_back_is_the_plan_worked_out(seed, store):
    m = sea_map(seed, access=seed % 2 == 1)
    first = in_store(m)  # worked out and kept
    again = in_store(m)  # read back
    assert again is not first and again._steps is None
    same_plan(first, fresh(m))
    same_plan(again, fresh(m))


@pytest.mark.parametrize("seed", range(6))
def test_the_steps_are_the_sea_connections_in_the_graphs_order(seed):
    m = sea_map(seed, access=False)
    g = build_graph(m)
    ix = g.index()
    plan = sea_plan(g, m)
    out = ix.out_conns(SEA_MOVE)
    assert [[n for n, _ in xs] for xs in plan.steps] == [[n for n, _ in xs] for xs in out]


def change(m, rnd: random.Random) -> str:
    """One random change of what a sea plan is worked out from."""
    hexes = list(m.hexes)
    h = rnd.choice(hexes)
    d = m.hexes[h]
    what = rnd.choice(("sea", "terrain", "port", "access", "side", "arrow"))
    if what == "sea":
        d.sea = {"n": "s", "s": None, None: "n"}[d.sea]
    elif what == "terrain":
        d.terrain = rnd.choice([t for t in ("sea", "land", "coastal") if t != d.terrain])
    elif what == "port":
        d.terrain, d.port = "land", 0 if d.port else 3
    elif what == "access":
        d.terrain, d.port = "land", 2
        d.port_access = () if d.port_access else (rnd.choice(hexes),)
    elif what == "side":
        s = rnd.choice(m.grid.hexsides(h))
        old = m.side(s)
        m.set_side(s, crossing=not old.crossing, all_sea=rnd.choice((None, True, False)), impassable=False)
    else:
        m.boxes["far"] = Box("Far", sea_arrows=(SeaArrow(h, 2, rnd.choice(("n", "s", "z"))),))
    m.touch()
    return what


@pytest.mark.parametrize("seed", range(12))
def test_a_changed_map_never_finds_another_plan(seed, store):
    rnd = random.Random(seed)
    m = sea_map(seed, access=True)
    for _ in range(8):
        in_store(m)
        same_plan(in_store(m), fresh(m))
        change(m, rnd)
        same_plan(in_store(m), fresh(m))


@pytest.mark.parametrize("damage", ["cut", "garbage", "wrong", "range"])
def test_a_plan_that_cannot_be_read_is_worked_out_again(damage, store):
    m = sea_map(3, access=False)
    in_store(m)
    g = build_graph(m)
    key = routes._plan_key(graph_mod.stored_key(g), g.index(), routes._plan_inputs(g.index(), board_for(m)))
    data = store.get(key)
    assert isinstance(data, tuple) and data[0] == routes.PLAN_FORMAT
    bad = {
        "cut": (data[0], data[1][:-4], *data[2:]),
        "garbage": "not a plan",
        "wrong": (data[0], "x", *data[2:]),
        "range": (data[0], bytes([255]) * len(data[1]), *data[2:]),
    }[damage]
    store.put(key, bad)
    same_plan(in_store(m), fresh(m))
    assert store.get(key)[0] == routes.PLAN_FORMAT  # kept again, whole


def test_a_graph_changed_by_hand_keeps_no_plan(store):
    m = sea_map(5, access=False)
    g = build_graph(m)
    assert graph_mod.stored_key(g) is not None
    labels = m.grid.labels_row_major()
    g.add(graph_mod.Connection(labels[0], labels[-1], "sea"))
    assert graph_mod.stored_key(g) is None
    use_store(None)
    assert graph_mod.stored_key(build_graph(m)) is None


# ------------------------------------------------------------- the supply trace's sea bits
def same_bits(a, b) -> None:
    assert (a is None) == (b is None)
    if a is not None:
        assert (a.n, a.sea, a.full, a.irregular, a.irregular_from) == (
            b.n,
            b.sea,
            b.full,
            b.irregular,
            b.irregular_from,
        )


def fresh_bits(m):
    kept = list(graph_mod._store)
    use_store(None)
    try:
        ix = build_graph(m).index()
        plan = supply.bit_plan(ix)
        return None if plan is None else supply._make_sea_bits(ix, plan)
    finally:
        graph_mod._store[:] = kept


def bits_in_store(m):
    """As the trace asks (only of a graph with a bit plan)."""
    ix = build_graph(m).index()
    plan = supply.bit_plan(ix)
    return None if plan is None else supply.sea_bits(ix, plan)


@pytest.mark.parametrize("seed", range(12))
def test_sea_bits_read_back_are_the_ones_made_and_never_stale(seed, store):
    """The supply trace's sea connections as bits (supply.sea_bits), kept beside the graph: read
    back they are the ones made from nothing; after random changes of the map, fresh ones."""
    rnd = random.Random(seed)
    m = sea_map(seed, access=False)
    for _ in range(6):
        bits_in_store(m)
        same_bits(bits_in_store(m), fresh_bits(m))
        change(m, rnd)
        same_bits(bits_in_store(m), fresh_bits(m))


@pytest.mark.parametrize("damage", ["garbage", "range", "steps", "pairs"])
def test_sea_bits_that_cannot_be_read_are_made_again(damage, store):
    m = MapModel(Grid(rows=10, cols=12))  # all sea, an island, a box with an arrow
    for h, d in m.hexes.items():
        d.terrain, d.sea = ("land", None) if 3 < h.row < 7 and 3 < h.col < 8 else ("sea", "n")
    m.boxes["far"] = Box("Far", sea_arrows=(SeaArrow(Hex(1, 1), 4, "n"),))
    bits_in_store(m)
    entries = {p.stem: store.get(p.stem) for p in store.folder.glob("*.marshal")}
    key = next(k for k, v in entries.items() if isinstance(v, tuple) and v[0] == supply.SEA_BITS_FORMAT)
    data = entries[key]
    if data[1] is None:
        pytest.fail("this map's sea bits should fit the grid")
    _, n, sea, full, irregular = data
    bad = {
        "garbage": (supply.SEA_BITS_FORMAT, n, "x", full, irregular),
        "range": (supply.SEA_BITS_FORMAT, n, sea, full, {n + 5: [(0, 0)]}),
        "steps": (supply.SEA_BITS_FORMAT, n, {**sea, 999: 1}, full, irregular),
        "pairs": (supply.SEA_BITS_FORMAT, n, sea, full, {0: [(1, 2, 3)]}),
    }[damage]
    store.put(key, bad)
    same_bits(bits_in_store(m), fresh_bits(m))
    assert store.get(key)[2] == sea  # kept again, whole
