"""The trace from scratch by land (mapref.rules.supply.bit_search: the search level by level over
the bits of Python integers) against the breadth-first search and the plain one: the same spaces
reached on random maps (blocked and crossing sides, boxes, several sources, any density), the
routes asked afterwards the plain search's, the tree of routes kept from its levels a tree of
shortest routes, the same with open seas, the fallbacks (one-way connections, graphs not laid out as a grid),
and updates after a trace from scratch without a search from the sources."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mapref.core.graph import Connection, Graph, build_graph
from mapref.core.grid import Grid
from mapref.core.model import Box, MapModel, SeaArrow
from mapref.rules import supply
from mapref.rules.supply import ROOT, UNSEEN, LevelTree, bit_plan, inputs, trace, trace_plain, update

from tests.rules.test_supply_fast import random_map
from tests.helpers import examples


def boxed_map(seed: int, rows: int = 30, cols: int = 34) -> MapModel:
    """A bigger random map: lakes, blocked and crossing sides, and boxes touching many hexes."""
    rnd = random.Random(seed)
    m = MapModel(Grid(rows=rows, cols=cols))
    for _h, d in m.hexes.items():
        d.terrain = rnd.choice(("sea",) + ("land",) * 8 + ("coastal",))
        if d.terrain != "land":
            d.sea = rnd.choice(("n", "s"))
    hexes = list(m.grid.hexes())
    for _ in range(rows * cols // 8):
        s = rnd.choice(m.grid.hexsides(rnd.choice(hexes)))
        m.set_side(s, crossing=rnd.random() < 0.5, all_sea=rnd.choice((None, True)), impassable=rnd.random() < 0.5)
    for b in range(rnd.randint(1, 4)):
        m.boxes[f"b{b}"] = Box(
            f"Box {b}",
            land=tuple(rnd.sample(hexes, rnd.randint(1, 12))),
            sea_arrows=(SeaArrow(rnd.choice(hexes), 3, "n"),),
        )
    return m


def land_position(rnd: random.Random, g, density: float):
    spaces = list(g.spaces)
    friendly = {s for s in spaces if rnd.random() < density}
    sources = rnd.sample(spaces, rnd.randint(1, 4))
    friendly |= set(sources[: rnd.randint(1, len(sources))])
    return friendly, sources


def distances(par: list[int], order: list[int]) -> dict[int, int]:
    dist: dict[int, int] = {}
    for v in order:
        dist[v] = 0 if par[v] < 0 else dist[par[v]] + 1
    return dist


def check_bits(g, m, friendly, sources):
    inp = inputs(g, m, friendly, sources)
    assert bit_plan(inp.index) is not None  # the trace from scratch is the bit search
    t = supply.trace_inputs(inp, g)
    assert t._par is None and isinstance(t._tree, LevelTree)  # no breadth-first search was made
    par, order = supply.search(inp)
    assert [i for i in range(inp.index.n) if t._reached[i]] == sorted(order)
    # the tree kept from the levels: each space's parent is a land neighbour one step nearer
    dist = distances(par, order)
    land = inp.index.out_lists(supply.LAND_TRACE)
    for v in range(inp.index.n):
        p = t._tree[v]
        if v not in dist:
            assert p == UNSEEN
        elif v in inp.sources:
            assert p == ROOT
        else:
            assert v in land[p] and dist[p] == dist[v] - 1
    plain = trace_plain(g, m, friendly, sources)
    assert t.supplied == plain.supplied
    assert all(t.is_supplied(s) == (s in plain.parent and s in plain.friendly) for s in g.spaces)
    assert t.parent == plain.parent  # routes asked for: the plain search's, found in its order
    return t


@settings(max_examples=examples(60), deadline=None)
@given(st.integers(0, 10**9), st.sampled_from((0.3, 0.55, 0.7, 0.9, 1.0)))
def test_bit_search_on_random_maps(seed, density):
    m = random_map(seed, 12, 13)
    g = build_graph(m)
    rnd = random.Random(seed)
    for _ in range(3):
        check_bits(g, m, *land_position(rnd, g, density))


@pytest.mark.parametrize("seed", range(8))
def test_bit_search_on_bigger_maps_with_boxes(seed):
    m = boxed_map(seed)
    g = build_graph(m)
    assert bit_plan(g.index()).irregular  # the boxes' connections are listed, not masks
    rnd = random.Random(seed)
    for density in (0.5, 0.65, 0.8, 1.0):
        t = check_bits(g, m, *land_position(rnd, g, density))
        some = sorted(t.supplied)[:: max(1, len(t.supplied) // 20)]
        plain = trace_plain(g, m, t.friendly, t.sources)
        for s in some:
            route = [s]
            while plain.parent[route[-1]] is not None:
                route.append(plain.parent[route[-1]])
            assert t.path(s) == route


def three_flipped(rnd: random.Random, inp: supply.Inputs) -> tuple[supply.Inputs, list[int]]:
    """``inp`` with three spaces (not sources, not in a sea zone) changed side: (new inputs, them)."""
    ix = inp.index
    changed = rnd.sample([i for i in range(ix.n) if i not in inp.sources and i not in inp.zone], 3)
    fr = bytearray(inp.friendly)
    for c in changed:
        fr[c] ^= 1
    return supply.Inputs(ix, fr, inp.sources, inp.open_seas, inp.blocked, inp.zone, inp.full_sea), changed


@pytest.mark.parametrize("seed", range(8))
def test_bit_search_with_open_seas(seed):
    """With open seas (Sea transportation 3; Blocking sea routes 1) the trace from scratch is the
    bit search too: the same spaces as the breadth-first search (friendly ones and the open sea
    it sails), the routes asked afterwards the plain search's; an update after it reads the
    breadth-first search's tree."""
    m = boxed_map(seed)
    g = build_graph(m)
    rnd = random.Random(seed)
    for density, seas in ((0.5, {"n"}), (0.7, {"s"}), (0.8, {"n", "s"}), (1.0, {"n"})):
        friendly, sources = land_position(rnd, g, density)
        blocked = set(rnd.sample(list(g.spaces), 6))
        inp = inputs(g, m, friendly, sources, seas, blocked)
        t = supply.trace_inputs(inp, g)
        assert t._par is None  # no breadth-first search was made
        par, order = supply.search(inp)
        assert [i for i in range(inp.index.n) if t._reached[i]] == sorted(order)
        plain = trace_plain(g, m, friendly, sources, seas, blocked)
        assert t.supplied == plain.supplied
        assert t.parent == plain.parent
        ix = inp.index
        new, changed = three_flipped(rnd, inp)
        fr = new.friendly
        u = update(supply.trace_inputs(inp, g), new, changed, limit=1.0)
        again = trace_plain(g, m, [ix.ids[i] for i in range(ix.n) if fr[i]], sources, seas, blocked)
        assert u.supplied == again.supplied and u.parent == again.parent


@pytest.mark.parametrize("seed", range(8))
def test_a_trace_with_routes_asked_is_the_trace_with_its_routes(seed, monkeypatch):
    """With open seas and the routes known to be asked (trace_inputs' ``routes``: the referee's
    report) the breadth-first search is made at once instead of the bit search: the same spaces
    reached (the same sets, in the same order), the same routes and plain record, the same
    updates after a change (carried on from it); no second search."""
    m = boxed_map(seed)
    g = build_graph(m)
    rnd = random.Random(seed)
    real = supply.search
    for density, seas in ((0.5, {"n"}), (0.7, {"s"}), (0.8, {"n", "s"}), (1.0, {"n"})):
        friendly, sources = land_position(rnd, g, density)
        blocked = set(rnd.sample(list(g.spaces), 6))
        inp = inputs(g, m, friendly, sources, seas, blocked)
        bits, early = supply.trace_inputs(inp, g), supply.trace_inputs(inp, g, routes=True)
        assert early._reached == bits._reached and early._par is None and early._early is not None
        assert list(early.supplied) == list(bits.supplied)
        assert early.unreached(inp.friendly) == bits.unreached(inp.friendly)
        assert all(early.is_supplied(s) == bits.is_supplied(s) for s in g.spaces)
        searches: list[int] = []
        monkeypatch.setattr(supply, "search", lambda *a, _n=searches, _s=real: _n.append(1) or _s(*a))
        some = sorted(bits.supplied)[:: max(1, len(bits.supplied) // 30)]
        assert [early.path(s) for s in some] == [bits.path(s) for s in some]
        assert len(searches) == 1 and early.parent == bits.parent  # (bits' search; early made none)
        new, changed = three_flipped(rnd, inp)
        for fresh in (True, False):  # an update of a trace whose routes were asked, or not yet
            a = update(supply.trace_inputs(inp, g), new, changed, limit=1.0)
            b = update(supply.trace_inputs(inp, g, routes=True), new, changed, limit=1.0)
            if fresh:
                a, b = update(a, new, [], limit=1.0), update(b, new, [], limit=1.0)
            assert list(a.supplied) == list(b.supplied) and a.parent == b.parent
        monkeypatch.setattr(supply, "search", real)
        copy = supply.trace_inputs(inp, g, routes=True).copy()
        assert copy.parent == bits.parent


def hand_graph(seed: int, oneway: bool):
    """A graph built by hand (as an area map's): spaces numbered in no grid order, land
    connections between random pairs, some one-way."""
    rnd = random.Random(seed)
    m = MapModel(Grid(rows=8, cols=8))
    spaces = [m.grid.label(h) for h in m.grid.hexes()]
    rnd.shuffle(spaces)
    conns = []
    for _ in range(150):
        a, b = rnd.sample(spaces, 2)
        conns.append(
            Connection(
                a, b, rnd.choice(("land", "land", "crossing", "box_land", "sea")), oneway=oneway and rnd.random() < 0.3
            )
        )
    return m, Graph(spaces, conns)


@pytest.mark.parametrize("seed", range(10))
@pytest.mark.parametrize("oneway", (False, True))
def test_graphs_built_by_hand(seed, oneway):
    m, g = hand_graph(seed, oneway)
    if oneway:
        assert bit_plan(g.index()) is None  # one-way connections: the breadth-first search
    rnd = random.Random(seed)
    for density in (0.5, 0.8, 1.0):
        friendly, sources = land_position(rnd, g, density)
        t = trace(g, m, friendly, sources)
        plain = trace_plain(g, m, friendly, sources)
        assert t.supplied == plain.supplied
        assert t.parent == plain.parent


@pytest.mark.parametrize("seed", range(10))
def test_updates_after_a_trace_from_scratch_search_nothing_again(seed, monkeypatch):
    """A capture after a trace from scratch re-attaches what depended on the hex lost, reading
    the tree from the levels: no breadth-first search, no search from the sources (limit 1.0)."""
    m = boxed_map(seed)
    g = build_graph(m)
    ix = g.index()
    rnd = random.Random(seed)
    friendly, sources = land_position(rnd, g, 0.8)
    inp = inputs(g, m, friendly, sources)
    t = supply.trace_inputs(inp, g)
    fresh_traces = []
    for _ in range(30):
        changed = rnd.sample([i for i in range(ix.n) if i not in inp.sources], rnd.choice((1, 1, 2, 6)))
        fr = bytearray(t.inputs.friendly)
        for c in changed:
            fr[c] ^= 1
        new_inp = supply.Inputs(ix, fr, inp.sources)
        with monkeypatch.context() as mp:
            mp.setattr(supply, "search", lambda *a: pytest.fail("searched from the sources"))
            mp.setattr(supply, "bit_search", lambda *a: pytest.fail("searched from the sources"))
            t = update(t, new_inp, changed, limit=1.0)
        fresh = supply.trace_inputs(new_inp, g)
        fresh_traces.append(fresh)
        assert t.supplied == fresh.supplied
        assert all(t.is_supplied(s) == fresh.is_supplied(s) for s in g.spaces)
        some = sorted(fresh.supplied)[:8]
        assert [t.path(s) for s in some] == [fresh.path(s) for s in some]
    # and a trace kept from an update is updated as well as one from scratch
    assert any(isinstance(x._tree, LevelTree) for x in fresh_traces)


def plan_edges(plan) -> set[tuple[int, int]]:
    out = set()
    for d, mask in plan.up:
        out |= {(i, i + d) for i in range(plan.n) if mask >> i & 1}
    for d, mask in plan.down:
        out |= {(i, i - d) for i in range(plan.n) if mask >> i & 1}
    out |= {(i, j) for i, js in plan.irregular.items() for j in js}
    return out


@pytest.mark.parametrize("seed", range(6))
def test_the_plan_is_the_land_connections(seed):
    """The masks and lists of the plan (from build_graph's steps, or worked out from the
    neighbour lists for a graph built otherwise) are exactly the graph's land connections."""
    m = boxed_map(seed, 14, 15) if seed % 2 else random_map(seed, 11, 12)
    g = build_graph(m)
    ix = g.index()
    land = ix.out_lists(supply.LAND_TRACE)
    want = {(i, j) for i in range(ix.n) for j in land[i]}
    assert plan_edges(bit_plan(ix)) == want
    del ix._lists[("steps", supply.LAND_TRACE)]
    assert plan_edges(supply._make_plan(ix)) == want
    plan = supply._make_plan(ix)
    assert plan.irregular_from == sum(1 << i for i in plan.irregular)


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("oneway", (False, True))
def test_updates_on_graphs_built_by_hand(seed, oneway):
    """update() enters a space only from where a land connection leads into it (one-way lines
    only forwards): the same spaces as a new trace and the plain search."""
    m, g = hand_graph(seed, oneway)
    ix = g.index()
    rnd = random.Random(seed)
    friendly, sources = land_position(rnd, g, 0.7)
    inp = inputs(g, m, friendly, sources)
    t = supply.trace_inputs(inp, g)
    for _ in range(25):
        changed = rnd.sample([i for i in range(ix.n) if i not in inp.sources], rnd.choice((1, 2, 4)))
        fr = bytearray(t.inputs.friendly)
        for c in changed:
            fr[c] ^= 1
        new_inp = supply.Inputs(ix, fr, inp.sources)
        t = update(t, new_inp, changed, limit=1.0)
        plain = trace_plain(g, m, [ix.ids[i] for i in range(ix.n) if fr[i]], [ix.ids[i] for i in inp.sources])
        assert t.supplied == plain.supplied
        assert t.parent == plain.parent
