"""The graph built with integer steps is the graph built side by side from the grid (the plain
builder below, as it was before the performance issue), connection for connection and in the
same order, on the shipped maps and on random maps of every grid layout; the integer views agree
with the string API."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mapref.core.graph import Connection, Graph, build_graph, box_space
from mapref.core.grid import Grid
from mapref.core.model import Box, MapModel, SeaArrow
from mapref.io.mapfile import load_map
from tests.helpers import examples

ROOT = Path(__file__).resolve().parents[2]


def plain_build_graph(m: MapModel) -> Graph:
    """The builder as it was: one Grid call per side (the reference)."""
    g = Graph()
    grid = m.grid
    for h in grid.hexes():
        g.spaces.append(grid.label(h))
    for box_id in m.boxes:
        g.spaces.append(box_space(box_id))
    for s in grid.all_hexsides():
        if not (grid.contains(s.a) and grid.contains(s.b)):
            continue
        side = m.side(s)
        if side.impassable:
            continue
        da, db = m.hexes[s.a], m.hexes[s.b]
        la, lb = grid.label(s.a), grid.label(s.b)
        all_sea = m.is_all_sea(s)
        if da.is_land and db.is_land:
            if not all_sea:
                g.add(Connection(la, lb, "land"))
            elif side.crossing:
                g.add(Connection(la, lb, "crossing"))
        if da.is_water and db.is_water:
            if all_sea:
                g.add(Connection(la, lb, "sea"))
            elif da.terrain == "coastal" and db.terrain == "coastal":
                g.add(Connection(la, lb, "coast"))
        elif {da.terrain, db.terrain} == {"land", "sea"}:
            g.add(Connection(la, lb, "shore"))
        for (dp, lp), (dw, lw) in (((da, la), (db, lb)), ((db, lb), (da, la))):
            if dp.port and dp.terrain == "land" and dw.is_water:
                g.add(Connection(lp, lw, "port"))
    for box_id, box in m.boxes.items():
        bs = box_space(box_id)
        for h in box.land:
            g.add(Connection(bs, grid.label(h), "box_land"))
        for arrow in box.sea_arrows:
            g.add(Connection(grid.label(arrow.hex), bs, "sea_arrow", length=arrow.length, sea=arrow.sea))
    return g


def same_graph(a: Graph, b: Graph) -> None:
    assert a.spaces == b.spaces
    assert [(c.a, c.b, c.kind, c.length, c.sea, c.oneway) for c in a.connections] == [
        (c.a, c.b, c.kind, c.length, c.sea, c.oneway) for c in b.connections
    ]
    for s in a.spaces:
        assert a.edges(s) == b.edges(s)
        assert a.out_edges(s, {"land", "sea"}) == b.out_edges(s, {"land", "sea"})
        assert a.neighbours(s) == b.neighbours(s)


def random_map(seed: int, layout: dict) -> MapModel:
    rnd = random.Random(seed)
    g = Grid(rows=rnd.randint(1, 9), cols=rnd.randint(1, 9), **layout)
    m = MapModel(g)
    for d in m.hexes.values():
        d.terrain = rnd.choice(("sea", "land", "coastal", "land"))
        d.port = rnd.choice((0, 0, 0, 2))
    hexes = list(g.hexes())
    for _ in range(rnd.randint(0, 8)):
        h = rnd.choice(hexes)
        s = rnd.choice(g.hexsides(h))
        m.set_side(
            s, crossing=rnd.random() < 0.5, all_sea=rnd.choice((None, True, False)), impassable=rnd.random() < 0.2
        )
    if rnd.random() < 0.6:
        m.boxes["b1"] = Box(
            "Box", land=tuple(rnd.sample(hexes, min(2, len(hexes)))), sea_arrows=(SeaArrow(rnd.choice(hexes), 3, "z"),)
        )
    return m


LAYOUTS = [
    dict(),
    dict(shifted="odd", shift="west"),
    dict(first_row="north", labels="ccrr"),
    dict(orientation="flat", shift="north"),
    dict(orientation="flat", shift="south", shifted="odd", first_row="north"),
]


@pytest.mark.parametrize("name", ["hitlers_war", "sample"])
def test_shipped_maps(name):
    m = load_map(ROOT / "maps" / f"{name}.toml")
    same_graph(build_graph(m), plain_build_graph(m))


@settings(max_examples=examples(150), deadline=None)
@given(st.integers(0, 10**9), st.sampled_from(LAYOUTS))
def test_random_maps(seed, layout):
    m = random_map(seed, layout)
    same_graph(build_graph(m), plain_build_graph(m))


def test_index_views_agree_with_the_string_api():
    m = load_map(ROOT / "maps" / "hitlers_war.toml")
    g = build_graph(m)
    ix = g.index()
    land = {"land", "crossing", "box_land"}
    out_land, near_all = ix.out_lists(land), ix.near_lists()
    for s in g.spaces:
        i = ix.ix[s]
        assert [ix.ids[j] for j in out_land[i]] == [c.other(s) for c in g.out_edges(s, land)]
        assert [ix.ids[j] for j in near_all[i]] == g.neighbours(s)
        assert [(ix.ids[j], g.connections[n]) for j, n in ix.out_conns()[i]] == [
            (c.other(s), c) for c in g.out_edges(s)
        ]


def test_one_way_lines_and_hand_built_graphs():
    g = Graph(["a", "b", "c"])
    g.add(Connection("a", "b", "road", oneway=True))
    g.add(Connection("b", "c", "land"))
    ix = g.index()
    assert ix.out_lists()[ix.ix["b"]] == [ix.ix["c"]]  # the one-way line leads from a only
    assert [ix.ids[j] for j, _ in ix.in_conns()[ix.ix["b"]]] == ["a", "c"]
    assert g.kinds_between("a", "b") == {"road"} and g.neighbours("b") == ["a", "c"]
    g.add(Connection("c", "d", "land"))  # a later addition drops the views
    assert g.index().n == 4 and g.neighbours("d") == ["c"]


@settings(max_examples=examples(60), deadline=None)
@given(st.integers(0, 10**9))
def test_each_spaces_connections_made_when_asked_are_the_whole_lists(seed):
    """``conns_of`` (a search after a change asks a few spaces' connections, each made when asked)
    gives what ``out_conns`` and ``in_conns`` list, one-way lines only their way, in any order of
    asking; once the whole list is made it is the one given."""
    import random

    rng = random.Random(seed)
    names = [f"s{i}" for i in range(rng.randrange(2, 12))]
    g = Graph(names)
    for _ in range(rng.randrange(0, 30)):
        a, b = rng.choice(names), rng.choice(names)
        g.add(Connection(a, b, rng.choice(["land", "road", "sea"]), oneway=rng.random() < 0.3))
    fresh = g.index()
    lazy = {way: fresh.conns_of(way) for way in ("out", "in")}
    order = list(range(fresh.n))
    rng.shuffle(order)
    whole = {"out": g.index().out_conns(), "in": g.index().in_conns()}
    for way in ("out", "in"):
        assert len(lazy[way]) == fresh.n
        assert [(i, lazy[way][i]) for i in order] == [(i, whole[way][i]) for i in order]
        assert g.index().conns_of(way) is whole[way]  # (made whole: no second copy)
