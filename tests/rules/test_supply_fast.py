"""The fast supply search gives what the plain one gives (mapref.rules.supply.trace_plain, the
search as first written): the same spaces reached with the same routes, on the shipped maps and on
random maps with open seas, blocked hexes and boxes; and a trace updated after random changes of
control is a new trace's."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mapref.core.graph import build_graph
from mapref.core.grid import Grid
from mapref.core.model import Box, MapModel, SeaArrow
from mapref.io.mapfile import load_map
from mapref.rules import supply
from mapref.rules.supply import inputs, trace, trace_plain, update
from tests.helpers import examples

ROOT = Path(__file__).resolve().parents[2]


def random_map(seed: int, rows: int = 12, cols: int = 12) -> MapModel:
    rnd = random.Random(seed)
    m = MapModel(Grid(rows=rows, cols=cols))
    for _h, d in m.hexes.items():
        d.terrain = rnd.choice(("sea", "land", "land", "land", "coastal"))
        if d.terrain != "land":
            d.sea = rnd.choice(("n", "s"))
        d.port = 2 if d.terrain == "land" and rnd.random() < 0.1 else 0
    hexes = list(m.grid.hexes())
    for _ in range(6):
        s = rnd.choice(m.grid.hexsides(rnd.choice(hexes)))
        m.set_side(s, crossing=rnd.random() < 0.6, all_sea=rnd.choice((None, True)), impassable=rnd.random() < 0.2)
    m.boxes["far"] = Box("Far", land=tuple(rnd.sample(hexes, 2)), sea_arrows=(SeaArrow(rnd.choice(hexes), 4, "n"),))
    return m


def position(rnd: random.Random, g, density: float = 0.6):
    spaces = list(g.spaces)
    friendly = {s for s in spaces if rnd.random() < density}
    sources = rnd.sample(spaces, 2)
    friendly |= set(sources[:1])
    seas = {z for z in ("n", "s") if rnd.random() < 0.5}
    blocked = {s for s in spaces if rnd.random() < 0.05}
    return friendly, sources, seas, blocked


def same_as_plain(g, m, friendly, sources, seas=(), blocked=()):
    fast = trace(g, m, friendly, sources, seas, blocked)
    plain = trace_plain(g, m, friendly, sources, seas, blocked)
    assert fast.supplied == plain.supplied
    for s in g.spaces:
        assert fast.is_supplied(s) == (s in plain.parent and s in plain.friendly)
    assert fast.parent == plain.parent  # the same routes, found in the same order
    return fast


@settings(max_examples=examples(60), deadline=None)
@given(st.integers(0, 10**9))
def test_random_maps_and_positions(seed):
    m = random_map(seed)
    g = build_graph(m)
    rnd = random.Random(seed)
    for _ in range(3):
        same_as_plain(g, m, *position(rnd, g))


def test_shipped_map_with_seas():
    m = load_map(ROOT / "maps" / "hitlers_war.toml")
    g = build_graph(m)
    rnd = random.Random(7)
    zones = sorted({d.sea for d in m.hexes.values() if d.sea})
    for _ in range(20):
        friendly, sources, _, blocked = position(rnd, g, 0.7)
        seas = set(rnd.sample(zones, 3))
        same_as_plain(g, m, friendly, sources, seas, blocked)


def test_regions_and_frontiers_are_the_plain_ones(sample, german):
    m, g = sample
    fr = german(m) - {"B7", "C6", "C7", "A6", "A7"}
    t = trace(g, m, fr, ["E7"])
    assert t.region("B6") <= fr and "B6" in t.region("B6")
    assert t.frontier("B6") == sorted(
        {n for s in t.region("B6") for n in g.neighbours(s, supply.LAND_TRACE) if n not in fr}
    )


@pytest.mark.parametrize("seed", range(12))
def test_update_after_random_changes_of_control(seed):
    rnd = random.Random(seed)
    m = random_map(seed, 14, 14)
    g = build_graph(m)
    ix = g.index()
    friendly, sources, seas, blocked = position(rnd, g, 0.7)
    seas = seas if seed % 2 else set()  # half the cases by land only
    inp = inputs(g, m, friendly, sources, seas, blocked)
    t = supply.trace_inputs(inp, g)
    land = [i for i in range(ix.n) if i not in inp.full_sea and i not in inp.zone and ix.ids[i] not in sources]
    for _ in range(25):
        changed = rnd.sample(land, rnd.choice((1, 1, 1, 2, 5)))
        fr = bytearray(t.inputs.friendly)
        for c in changed:
            fr[c] ^= 1
        new_inp = supply.Inputs(ix, fr, inp.sources, inp.open_seas, inp.blocked, inp.zone, inp.full_sea)
        t = update(t, new_inp, changed, limit=rnd.choice((0.25, 1.0)))
        fresh = supply.trace_inputs(new_inp, g)
        assert t.supplied == fresh.supplied
        assert all(t.is_supplied(s) == fresh.is_supplied(s) for s in g.spaces)
        some = [s for s in g.spaces if fresh.is_supplied(s)][:10]
        assert [t.path(s) for s in some] == [fresh.path(s) for s in some]  # routes worked out again


def test_a_change_that_moves_no_control_keeps_the_trace(sample, german):
    m, g = sample
    t = trace(g, m, german(m), ["E7"])
    same = update(t, t.inputs, [])
    assert same._par is t._par and same.supplied == t.supplied


@pytest.mark.parametrize("seed", range(16))
def test_routes_after_changes_are_a_new_search_routes(seed):
    """The routes of a trace updated after changes of control (its breadth-first search carried on
    from the first level a changed space can change, routes asked before kept up to it) are those
    of a search from the sources, for every space, whether or not routes were asked between the
    changes."""
    rnd = random.Random(1000 + seed)
    m = random_map(seed, 16, 18)
    g = build_graph(m)
    ix = g.index()
    friendly, sources, seas, blocked = position(rnd, g, 0.75)
    seas = seas if seed % 2 else set()
    inp = inputs(g, m, friendly, sources, seas, blocked)
    t = supply.trace_inputs(inp, g)
    land = [i for i in range(ix.n) if i not in inp.full_sea and i not in inp.zone and ix.ids[i] not in sources]
    for step in range(30):
        changed = rnd.sample(land, rnd.choice((1, 1, 1, 2, 4)))
        fr = bytearray(t.inputs.friendly)
        for c in changed:
            fr[c] ^= 1
        new_inp = supply.Inputs(ix, fr, inp.sources, inp.open_seas, inp.blocked, inp.zone, inp.full_sea)
        t = update(t, new_inp, changed, limit=rnd.choice((0.01, 0.25, 1.0)))
        if step % 3 == 2:
            continue  # no route asked: the next change carries on from the search before
        fresh = supply.trace_inputs(new_inp, g)
        asked = rnd.sample(list(g.spaces), 20)
        assert [t.path(s) for s in asked] == [fresh.path(s) for s in asked]
        assert {s: t.path(s) for s in g.spaces} == {s: fresh.path(s) for s in g.spaces}
        assert t.supplied == fresh.supplied


def test_routes_after_a_capture_on_a_grid_are_a_new_search_routes():
    """On an open grid (every hex land: long routes, many of the same length) routes read after
    captures far from and near the source, and after a capture given back, are a new search's."""
    m = MapModel(Grid(rows=30, cols=30))
    for d in m.hexes.values():
        d.terrain = "land"
    g = build_graph(m)
    ix = g.index()
    spaces = list(g.spaces)
    inp = inputs(g, m, spaces, [spaces[0], spaces[-40]])
    t = supply.trace_inputs(inp, g)
    assert t.path(spaces[500])
    rnd = random.Random(3)
    for c in [ix.ix[spaces[899]], ix.ix[spaces[1]], *rnd.sample(range(ix.n), 12)] * 2:
        fr = bytearray(t.inputs.friendly)
        fr[c] ^= 1
        new_inp = supply.Inputs(
            ix, fr, supply.inputs(g, m, [ix.ids[i] for i in range(ix.n) if fr[i]], [spaces[0], spaces[-40]]).sources
        )
        if new_inp.sources != t.inputs.sources:
            continue
        t = update(t, new_inp, [c], limit=1.0)
        fresh = supply.trace_inputs(new_inp, g)
        assert {s: t.path(s) for s in spaces} == {s: fresh.path(s) for s in spaces}


@pytest.mark.parametrize("seed", range(10))
def test_a_search_carried_on_after_changes_is_a_new_search(seed):
    """The breadth-first search carried on after changes of control, a level at a time until it
    takes the same steps as the search before (supply._carried_on), is a new search's: the same
    parents and the same order for every space, and every route kept from before (asked before
    the change, read again after) is the new search's; on open grids (many routes of one length:
    the levels move when a bottleneck is taken) and random maps with open seas, over chains of
    captures, captures given back and several changes at once."""
    rnd = random.Random(seed)
    if seed % 2:
        m = random_map(seed, 18, 20)
        g = build_graph(m)
        friendly, sources, seas, blocked = position(rnd, g, 0.8)
    else:
        m = MapModel(Grid(rows=24, cols=26))
        for d in m.hexes.values():
            d.terrain = "land"
        g = build_graph(m)
        spaces = list(g.spaces)
        friendly = {s for s in spaces if rnd.random() < 0.93}
        sources, seas, blocked = [spaces[0], spaces[-30]], set(), set()
        friendly |= set(sources)
    ix = g.index()
    inp = inputs(g, m, friendly, sources, seas, blocked)
    t = supply.trace_inputs(inp, g, routes=True)
    land = [i for i in range(ix.n) if i not in inp.full_sea and i not in inp.zone and ix.ids[i] not in sources]
    taken: list[int] = []
    for step in range(40):
        if taken and rnd.random() < 0.3:
            changed = [taken.pop(rnd.randrange(len(taken)))]  # given back
        else:
            changed = rnd.sample(land, rnd.choice((1, 1, 1, 2, 3)))
            taken += changed
        fr = bytearray(t.inputs.friendly)
        for c in changed:
            fr[c] ^= 1
        new_inp = supply.Inputs(ix, fr, inp.sources, inp.open_seas, inp.blocked, inp.zone, inp.full_sea)
        asked = [s for s in rnd.sample(list(g.spaces), 60) if t.is_supplied(s)]
        before = {s: t.path(s) for s in asked}  # routes asked before the change: kept where the same
        t = update(t, new_inp, changed, limit=1.0)
        if step % 4 == 3:
            continue  # nothing asked: the next change carries on from the search before
        par, order = supply.search(new_inp)
        assert t._searched() == (par, order)
        fresh = supply.trace_inputs(new_inp, g)
        assert {s: t.path(s) for s in before} == {s: fresh.path(s) for s in before}
        assert {s: t.path(s) for s in g.spaces} == {s: fresh.path(s) for s in g.spaces}


@pytest.mark.parametrize("seas", [False, True])
def test_a_trace_updated_for_routes_takes_the_spaces_reached_from_the_search(seas):
    """Updated for a report (``routes``: every supplied army's route is asked), a trace whose lost
    spaces have more than supply.REPAIR_MOST spaces behind them takes the spaces reached from its
    breadth-first search carried on, not re-attached: the same spaces, supplied and unsupplied
    spaces, routes and pockets as a new trace, over a chain of captures of the gaps of a wall
    across an open grid (each cuts off or reroutes the thousands of spaces behind it), captures
    elsewhere and captures given back."""
    m = MapModel(Grid(rows=44, cols=46))
    wall = set()
    for h, d in m.hexes.items():
        d.terrain = "land"
        if seas and h.col in (30, 31) and h.row > 20:  # a sea behind the wall, one zone
            d.terrain, d.sea = "sea", "n"
        if h.row == 6 and h.col not in (9, 24):
            wall.add(m.label(h))
    g = build_graph(m)
    ix = g.index()
    spaces = list(g.spaces)
    rnd = random.Random(11)
    friendly = {s for s in spaces if s not in wall and rnd.random() < 0.97}
    sources = [m.label(min(m.hexes, key=lambda h: (h.row, h.col)))]
    friendly |= set(sources)
    gaps = [m.label(h) for h in m.hexes if h.row in (6, 7) and h.col in (9, 24)]
    inp = inputs(g, m, friendly, sources, {"n"} if seas else (), ())
    t = supply.trace_inputs(inp, g, routes=True)
    t.path(sources[0])
    elsewhere = [i for i in range(ix.n) if i not in inp.full_sea and i not in inp.zone and ix.ids[i] not in sources]
    taken: list[int] = []
    searched = 0
    for step in range(24):
        if taken and step % 3 == 2:
            changed = [taken.pop(0)]
        else:
            pick = [ix.ix[s] for s in gaps if ix.ix[s] not in taken] if step % 2 == 0 else elsewhere
            changed = [c for c in rnd.sample(pick, 1) if c not in taken] if pick else []
            taken += changed
        fr = bytearray(t.inputs.friendly)
        for c in changed:
            fr[c] ^= 1
        new_inp = supply.Inputs(ix, fr, inp.sources, inp.open_seas, inp.blocked, inp.zone, inp.full_sea)
        t = update(t, new_inp, changed, routes=True)
        searched += t._reached_bytes is None
        fresh = supply.trace_inputs(new_inp, g)
        assert t.unreached(fr) == fresh.unreached(fr)
        assert all(t.is_supplied(s) == fresh.is_supplied(s) for s in spaces)
        assert t.supplied == fresh.supplied
        assert {s: t.path(s) for s in spaces} == {s: fresh.path(s) for s in spaces}
        cut = [s for s in spaces if fr[ix.ix[s]] and not fresh.is_supplied(s)][:3]
        assert [t.frontier(s) for s in cut] == [fresh.frontier(s) for s in cut]
    assert searched >= 3  # (the spaces reached taken from the search, not re-attached)
