"""Pockets of cut-off armies (mapref.rules.supply.Pocket): one search per pocket, kept with the
trace, and always what a search from nothing finds (region and frontier as first written: every
friendly space joined by land, and the unfriendly spaces touching them) -- on random maps, on
graphs built by hand, after random changes of control (supply.update keeps the pockets no change
touches), and in the referee's report after captures on the rich benchmark position."""

from __future__ import annotations

import copy
import random
import sys
from pathlib import Path

import pytest

from mapref.core.graph import build_graph
from mapref.rules import supply
from mapref.rules.ruleset import Action
from mapref.rules.session import open_game
from mapref.rules.supply import bit_plan, inputs, trace, update
from mapref.rulesets.hitlers_war.common import Context
from tests.rules.test_supply_bits import hand_graph
from tests.rules.test_supply_fast import position, random_map

ROOT = Path(__file__).resolve().parents[2]


def plain_region(g, friendly: set[str], space: str) -> set[str]:
    """The region as first written: a search over the graph's ids."""
    seen, todo = {space}, [space]
    for s in todo:
        for n in g.neighbours(s, supply.LAND_TRACE):
            if n in friendly and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen


def plain_frontier(g, friendly: set[str], space: str) -> list[str]:
    return sorted(
        {n for s in plain_region(g, friendly, space) for n in g.neighbours(s, supply.LAND_TRACE) if n not in friendly}
    )


def same_pockets(t, g, friendly: set[str], spaces) -> None:
    for s in spaces:
        assert t.region(s) == plain_region(g, friendly, s), s
        assert t.frontier(s) == plain_frontier(g, friendly, s), s


@pytest.mark.parametrize("seed", range(8))
def test_pockets_on_random_maps_are_the_plain_search(seed):
    m = random_map(seed, 16, 16)
    g = build_graph(m)
    rnd = random.Random(seed)
    for density in (0.3, 0.6, 0.9):
        friendly, sources, seas, blocked = position(rnd, g, density)
        t = trace(g, m, friendly, sources, seas, blocked)
        same_pockets(t, g, friendly, g.spaces)  # friendly spaces and others, boxes included


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("oneway", (False, True))
def test_pockets_on_graphs_built_by_hand(seed, oneway):
    m, g = hand_graph(seed, oneway)
    rnd = random.Random(seed)
    friendly = {s for s in g.spaces if rnd.random() < 0.6}
    t = trace(g, m, friendly, [next(iter(sorted(friendly)))])
    same_pockets(t, g, friendly, g.spaces)


def test_one_search_per_pocket():
    """Every space of a pocket gets the same pocket back: the search ran once for it."""
    m = random_map(5, 20, 20)
    g = build_graph(m)
    assert bit_plan(g.index()) is not None
    friendly = {s for s in g.spaces if s != "box:far"} - {m.grid.label(h) for h in m.grid.hexes() if h.col == 10}
    t = trace(g, m, friendly, [])  # no source: every friendly space is in a pocket
    pockets = {}
    for s in sorted(friendly):
        p = t.pocket(s)
        assert p.has(g.index().ix[s])
        pockets.setdefault(id(p), p)
        assert all(t.pocket(x) is p for x in t.region(s) if x in friendly)
    regions = {frozenset(plain_region(g, friendly, s)) for s in friendly}
    assert len(pockets) == len(regions)  # one pocket each, found once


@pytest.mark.parametrize("seed", range(10))
def test_pockets_stay_right_after_random_changes_of_control(seed):
    """supply.update keeps the pockets asked before a change where no changed space is in or
    beside them, and finds the others again: each is what a search from nothing finds."""
    rnd = random.Random(seed)
    m = random_map(seed, 18, 18)
    g = build_graph(m)
    ix = g.index()
    friendly, sources, seas, blocked = position(rnd, g, 0.75)
    seas = seas if seed % 2 else set()
    t = supply.trace_inputs(inputs(g, m, friendly, sources, seas, blocked), g)
    land = [i for i in range(ix.n) if ix.ids[i] not in sources]
    kept_some = False
    for _ in range(30):
        fr_ids = {ix.ids[i] for i in range(ix.n) if t.inputs.friendly[i]}
        asked = rnd.sample(sorted(fr_ids), min(12, len(fr_ids)))
        before = {s: t.pocket(s) for s in asked}
        changed = rnd.sample(land, rnd.choice((1, 1, 2, 4)))
        fr = bytearray(t.inputs.friendly)
        for c in changed:
            fr[c] ^= 1
        inp = t.inputs
        new = supply.Inputs(ix, fr, inp.sources, inp.open_seas, inp.blocked, inp.zone, inp.full_sea)
        t = update(t, new, changed)
        now = {ix.ids[i] for i in range(ix.n) if fr[i]}
        same_pockets(t, g, now, asked + [ix.ids[c] for c in changed])
        kept_some |= any(t.pocket(s) is p for s, p in before.items())
    assert kept_some  # the pockets no change touched were kept, not searched again


def test_an_update_that_changes_no_space_keeps_every_pocket():
    """A change of control reported for spaces whose friendly byte is the same (a capture the
    side already held, say) keeps every pocket asked before, each answered again without a
    search (acceptance, issue 36: a fresh mutation sample found no test of it)."""
    rnd = random.Random(3)
    m = random_map(3, 16, 16)
    g = build_graph(m)
    ix = g.index()
    friendly, sources, seas, blocked = position(rnd, g, 0.6)
    t = supply.trace_inputs(inputs(g, m, friendly, sources, seas, blocked), g)
    asked = sorted(friendly)[:10]
    before = {s: t.pocket(s) for s in asked}
    t = update(t, t.inputs, [ix.ix[asked[0]], ix.ix[asked[1]]])
    assert all(t.pocket(s) is before[s] for s in asked)
    same_pockets(t, g, friendly, asked)


def rich_game(tmp_path: Path, size: int = 40) -> Path:
    sys.path.insert(0, str(ROOT / "bench"))
    from rich_game import make

    return make(tmp_path, size, seed=7, cut_off=0.4)


def plain_frontiers(cx) -> dict[str, list[str]]:
    """Each cut-off army's frontier, from a context with nothing kept, searched over ids."""
    out = {}
    for a in cx.state.armies:
        if a.at in cx.control and cx.friendly(a.at, a.side) and a.at not in cx.supplied(a.side):
            out[a.name] = plain_frontier(cx.graph, set(cx.friendly_spaces(a.side)), a.at)
    return out


def test_the_report_after_captures_on_a_rich_position(tmp_path):
    """Armies cut off in pockets: the report's frontiers are the plain search's after each
    capture and undo (the kept pockets are dropped or kept as the changes require)."""
    s = open_game(rich_game(tmp_path))
    rnd = random.Random(11)
    cut = [a for a in s.report().armies if "frontier" in a]
    assert len(cut) >= 3
    edges = sorted({x for a in cut for x in a["frontier"]})
    for step in range(12):
        space = rnd.choice(edges)
        cx = Context(s.map, s.scenario, s.state)
        holder = cx.control.get(space)
        other = next(x for x in s.scenario.sides if x != holder)
        if step % 4 == 3:
            s.undo()
        else:
            out = s.apply(Action("set", {"space": space, "control": other}))
            assert out.ok, out.refusal
        report = {a["name"]: a.get("frontier") for a in s.report().armies if "frontier" in a}
        fresh = Context(s.map, s.scenario, copy.deepcopy(s.state))
        assert report == plain_frontiers(fresh)
