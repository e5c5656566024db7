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
from mapref.core.model import Box, SeaArrow
from mapref.io.derived import DiskStore
from mapref.rulesets.hitlers_war import routes
from mapref.rulesets.hitlers_war.routes import SEA_MOVE, SeaPlan, sea_plan
from tests.core.test_graph_index import LAYOUTS, random_map


@pytest.fixture
def store(tmp_path):
    s = DiskStore(tmp_path / "derived")
    use_store(s)
    yield s
    use_store(None)


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
