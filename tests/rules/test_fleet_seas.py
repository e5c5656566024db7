"""Where fleets may sail, worked out from the graph's index and the seas kept per position
(mapref/rulesets/hitlers_war/routes.py: SeaPlan, SeaReach, sea_route), gives the answers of the
search as first written: a breadth-first search over space ids and Connection objects, one per
fleet and port (kept here as the reference).  Fall of Germany, Movement of naval strength points
and fleets 5, 7-11, 13, 15, 17, 19; Blocking sea routes 1-2.

Positions: the shipped scenarios with fleets, and the benchmark's map (bench/big_game.py, at a
size a test runs quickly), with fleets put to sea in every kind of water, coasts and ports
changing hands and enemy fleets at sea in the way."""

import copy
import random
import sys
from pathlib import Path

import pytest

from mapref.core.board import board_for
from mapref.rules.routes import Route, bfs
from mapref.rulesets.hitlers_war.common import INACTIVE, Context
from mapref.rulesets.hitlers_war.files import load_scenario
from mapref.rulesets.hitlers_war.movement import (
    fleet_port_problem,
    fleets_without_port,
    italian_fleet_kept,
    ports_open_to,
)
from mapref.rulesets.hitlers_war.routes import MAX_SEA_MOVE, SEA_MOVE, sea_route
from mapref.rulesets.hitlers_war.setup import new_game

ROOT = Path(__file__).resolve().parents[2]


# ------------------------------------------------------------------- the search as first written
def plain_step(graph, m, friendly, start, blocked):
    """The step of the search as first written: may a fleet go from ``s`` to ``n`` across ``c``?"""
    board = board_for(m)
    fr = frozenset(friendly)
    blk = frozenset(blocked)

    def terrain(space):
        s = board.space(space)
        return "box" if s is None or s.is_box else s.terrain

    def zone(space):
        s = board.space(space)
        return None if s is None else s.sea

    def access_ok(a, b):
        for port, other in ((a, b), (b, a)):
            s = board.space(port)
            if s is None or s.is_box or not s.port_access:
                continue
            o = board.space(other)
            if o is not None and not o.is_box and other not in s.port_access:
                return False
        return True

    def step(s, n, c):
        if c.kind not in SEA_MOVE:
            return False
        if s != start and s in blk:
            return False
        if c.kind == "coast" and not (s in fr and n in fr):
            return False
        if c.kind == "sea" and "crossing" in graph.kinds_between(s, n) and not (s in fr and n in fr):
            return False
        if not access_ok(s, n):
            return False
        if s != start and terrain(s) == "coastal" and s not in fr:
            into = c.sea if c.kind == "sea_arrow" else zone(n)
            if into is not None and into != zone(s):
                return False
        return True

    return step, terrain


def plain_sea_route(graph, m, friendly, start, goal, blocked=(), max_length=None) -> Route:
    step, terrain = plain_step(graph, m, friendly, start, blocked)
    if start == goal:
        return Route(path=(start,))
    if terrain(goal) == "land":
        return Route(
            reason=f"{goal} is all land: fleets go to ports, full sea or coastal hexes",
            rule="Movement of naval strength points and fleets 14",
        )
    path = bfs(graph, start, goal, step)
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
    return Route(path=tuple(path))


def plain_reached(graph, m, friendly, start, blocked) -> set[str]:
    """Every space the search as first written reaches from ``start`` when no goal stops it: the
    goals it finds (it finds a goal exactly when the goal enters its queue)."""
    step, terrain = plain_step(graph, m, friendly, start, blocked)
    seen, todo = {start}, [start]
    for s in todo:
        for c in graph.out_edges(s):
            n = c.other(s)
            if n not in seen and step(s, n, c):
                seen.add(n)
                todo.append(n)
    return {s for s in seen if terrain(s) != "land"}


def plain_ports_open_to(cx, fleet, frm, lost=(), held=None, any_room=False):
    """ports_open_to as first written, with one search from the fleet instead of one per port
    (plain_reached: the same answers)."""
    st = cx.state
    held = held or {}
    friendly = [s for s, v in cx.control.items() if v == fleet.side and s not in lost]
    blocked = {x.at for x in st.fleets if x.side != fleet.side and not x.in_port}
    reached = plain_reached(cx.graph, cx.map, friendly, frm, blocked)
    out = []
    for s in friendly:
        room = cx.port(s)
        if (
            not room
            or s == frm
            or fleet_port_problem(cx, fleet.side, fleet.nation, s)
            or italian_fleet_kept(cx, fleet, s)
        ):
            continue
        if any(x.at == s and x.side == fleet.side and x is not fleet for x in st.fleets):
            continue
        used = sum(x.capital for x in st.fleets if x.at == s and x.in_port and x is not fleet) + held.get(s, 0)
        if used + (1 if any_room else fleet.capital) > room:
            continue
        if s in reached:
            out.append(s)
    return cx.board.sorted(out)


def plain_fleets_without_port(cx):
    st = cx.state

    def must_go(f):
        n = st.nations.get(f.nation)
        if n is not None and n.status in INACTIVE:
            return False
        return not f.in_port or cx.control.get(f.at) not in (None, "none", f.side)

    return [f for f in st.fleets if must_go(f) and not plain_ports_open_to(cx, f, f.at, any_room=True)]


# ------------------------------------------------------------------------------- positions
def positions(m, sc, st, rnd: random.Random, count: int):
    """``count`` positions from ``st``: fleets put to sea (full sea and coastal hexes of every sea)
    or left in port, coasts, crossings and ports given to another side or to nobody."""
    board = board_for(m)
    water = [s for s in board.spaces() if (board.space(s).terrain in ("sea", "coastal"))]
    shore = [s for s in board.spaces() if board.space(s).terrain == "coastal" or board.space(s).port]
    sides = list(sc.sides)
    for _ in range(count):
        for f in st.fleets:
            if rnd.random() < 0.7:
                f.at, f.in_port = rnd.choice(water), False
            else:
                f.in_port = True
        st.hexes.clear()
        for s in rnd.sample(shore, min(len(shore), rnd.randint(0, 40))):
            st.hex(s).control = rnd.choice(sides + ["none"])
        yield Context(m, sc, st)


def same_answers(cx, rnd: random.Random, goals: int = 12) -> int:
    """Compare the fleets' ports, the portless fleets and sample routes with the reference; the
    number of comparisons made."""
    st, board = cx.state, cx.board
    n = 0
    ports = [s for s in board.spaces() if cx.port(s)]
    water = [s for s in board.spaces() if board.space(s).terrain in ("sea", "coastal")]
    for f in st.fleets:
        for any_room in (True, False):
            want = plain_ports_open_to(cx, f, f.at, any_room=any_room)
            assert ports_open_to(cx, f, f.at, any_room=any_room) == want, (f, any_room)
            assert bool(ports_open_to(cx, f, f.at, any_room=any_room, first=True)) == bool(want)
            n += 2
        lost = tuple(rnd.sample(ports, 2))
        held = {p: rnd.randint(0, 3) for p in rnd.sample(ports, 3)}
        assert ports_open_to(cx, f, f.at, lost=lost, held=held) == plain_ports_open_to(
            cx, f, f.at, lost=lost, held=held
        )
        friendly = [s for s, v in cx.control.items() if v == f.side]
        blocked = {x.at for x in st.fleets if x.side != f.side and not x.in_port}
        for goal in rnd.sample(ports, min(goals, len(ports))) + rnd.sample(water, goals):
            for limit in (None, MAX_SEA_MOVE):
                assert sea_route(
                    cx.graph, cx.map, friendly, f.at, goal, blocked=blocked, max_length=limit
                ) == plain_sea_route(cx.graph, cx.map, friendly, f.at, goal, blocked=blocked, max_length=limit), (
                    f.at,
                    goal,
                )
                n += 1
    assert [f.name for f in fleets_without_port(cx)] == [f.name for f in plain_fleets_without_port(cx)]
    return n + 1


@pytest.mark.parametrize("name", ["fall_of_germany", "war_for_europe"])
def test_the_shipped_scenarios_fleets_reach_the_ports_the_plain_search_reaches(hw_map, name):
    sc = load_scenario(ROOT / "scenarios" / f"{name}.toml")
    st = new_game(hw_map, sc, auto_place=True)
    rnd = random.Random(name)
    made = sum(same_answers(cx, rnd) for cx in positions(hw_map, sc, st, rnd, 8))
    assert made > 8 * len(st.fleets) * 20


@pytest.fixture(scope="module")
def bench_game(tmp_path_factory):
    """The benchmark's game (bench/big_game.py) on a 80x110 map: the north and south seas, two
    straits (each one segment open to the north, one closed), lakes, coasts, ports, two boxes."""
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        import big_game
    finally:
        sys.path.remove(str(ROOT / "bench"))
    d = tmp_path_factory.mktemp("bench_game")
    m = big_game.build_map(80, 110)
    caps = big_game.capitals(m)
    from mapref.io.mapfile import load_map, save_map

    save_map(m, d / "big_map.toml")
    (d / "big_scenario.toml").write_text(big_game.scenario_text(m, 40, 8, caps))
    m = load_map(d / "big_map.toml")
    sc = load_scenario(d / "big_scenario.toml")
    st = new_game(m, sc)
    big_game.put_to_sea(m, st, 8)
    return m, sc, st


def test_the_benchmark_games_fleets_reach_the_ports_the_plain_search_reaches(bench_game):
    m, sc, st = bench_game
    cx = Context(m, sc, st)
    at_sea = [f for f in st.fleets if not f.in_port]
    assert len({cx.sea_zone(f.at) for f in at_sea}) >= 4  # fleets at sea in several seas
    stranded = [f.name for f in fleets_without_port(cx)]
    assert stranded and len(stranded) < len(at_sea)  # some reach a port, some cannot
    rnd = random.Random(26)
    same_answers(cx, rnd, goals=4)
    for cx in positions(m, sc, st, rnd, 2):
        same_answers(cx, rnd, goals=2)


def test_the_seas_kept_with_a_position_follow_the_fleets_at_sea(bench_game):
    """Where a side's fleets may sail is kept with the position (control) for the fleets at sea
    then: enemy fleets put to sea around a fleet while control stays the same close its routes
    (Blocking sea routes 1), and leaving again open them, as the plain search says; fleets moved at
    random give the plain search's ports and portless fleets."""
    m, sc, st = bench_game
    saved = copy.deepcopy(st.fleets)  # (the module's game: given back as it was)
    try:
        fleets_kept_with_the_position(m, sc, st)
    finally:
        st.fleets[:] = saved


def fleets_kept_with_the_position(m, sc, st) -> None:
    rnd = random.Random(34)
    board = board_for(m)
    water = [s for s in board.spaces() if board.space(s).terrain in ("sea", "coastal")]
    cx = Context(m, sc, st)
    f = next(x for x in st.fleets if not x.in_port and ports_open_to(cx, x, x.at))
    g = cx.graph
    ring = [n for n in g.neighbours(f.at) if n in water and not cx.port(n)]
    enemies = [x for x in st.fleets if x.side != f.side][: len(ring)]
    assert len(enemies) == len(ring) > 2
    open_ = ports_open_to(cx, f, f.at)
    kept = [(x.at, x.in_port) for x in enemies]
    for x, n in zip(enemies, ring, strict=True):
        x.at, x.in_port = n, False
    cx = Context(m, sc, st)
    assert cx._pos is Context(m, sc, st)._pos  # the same position: only fleets moved
    closed = ports_open_to(cx, f, f.at)
    assert closed == plain_ports_open_to(cx, f, f.at) and closed != open_
    for x, (at, in_port) in zip(enemies, kept, strict=True):
        x.at, x.in_port = at, in_port
    cx = Context(m, sc, st)
    assert ports_open_to(cx, f, f.at) == open_
    for _ in range(3):
        for x in rnd.sample(st.fleets, 4):
            if rnd.random() < 0.8:
                x.at, x.in_port = rnd.choice(water), False
            else:
                x.in_port = True
        same_answers(Context(m, sc, st), rnd, goals=1)


# ------------------------------------------------- the seas' groups against the union-find
def union_find_reach(plan, fr, blk):
    """SeaReach's groups and one-way steps as first written: a union-find over every edge of the
    plan (the reference for the parts of open water searched once each)."""
    from mapref.rulesets.hitlers_war.routes import NEED_BOTH, ZONE_CHANGE

    parent = list(range(plan.ix.n))

    def find(x):
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    def ok(a, b, f):
        return (
            f >= 0
            and a not in blk
            and not (f & NEED_BOTH and not (fr[a] and fr[b]))
            and not (f & ZONE_CHANGE and not fr[a])
        )

    oneway = []
    for a, b, fa, fb in plan.edges:
        there, back = ok(a, b, fa), ok(b, a, fb)
        if there and back:
            ra, rb = find(a), find(b)
            if ra != rb:
                parent[ra] = rb
        elif there:
            oneway.append((a, b))
        elif back:
            oneway.append((b, a))
    group = [find(x) for x in range(plan.ix.n)]
    onward = {}
    for a, b in oneway:
        if group[a] != group[b]:
            onward.setdefault(group[a], set()).add(group[b])
    return group, onward


def same_seas(reach, plan, fr, blk) -> None:
    """``reach`` has the reference's groups (the same spaces together; the names of the groups
    may differ) and the same one-way steps between them."""
    from mapref.rulesets.hitlers_war.routes import SeaReach

    assert isinstance(reach, SeaReach)
    group, onward = union_find_reach(plan, fr, blk)
    name: dict[int, int] = {}
    back: dict[int, int] = {}
    for x, (old, new) in enumerate(zip(group, reach.group, strict=True)):
        assert name.setdefault(old, new) == new and back.setdefault(new, old) == old, plan.ix.ids[x]
    assert {name[a]: {name[b] for b in bs} for a, bs in onward.items()} == reach.onward


def test_the_seas_groups_are_the_union_finds(bench_game, hw_map):
    """Random friendly spaces and enemy fleets at sea (side by side, on coasts, in ports), on the
    benchmark's map and the Hitler's War map (straits, Kiel, Taranto's port access)."""
    from mapref.rulesets.hitlers_war.routes import SeaReach, sea_plan

    rnd = random.Random(34)
    for m in (bench_game[0], hw_map):
        g = board_for(m).graph()
        plan = sea_plan(g, m)
        n = plan.ix.n
        water = sorted({x for e in plan.edges for x in e[:2]})
        for k in range(12):
            fr = bytearray(rnd.random() < (0.2 + 0.06 * k) for _ in range(n))
            blk = set(rnd.sample(water, min(len(water), rnd.choice((0, 1, 5, 40)))))
            if k % 3 == 0 and blk:  # enemy fleets side by side
                x = next(iter(blk))
                blk |= {y for y, _ in plan.steps[x]}
            blk = frozenset(blk)
            same_seas(SeaReach(plan, fr, blk), plan, fr, blk)


def test_a_spaces_steps_without_every_spaces_list(bench_game, hw_map):
    """SeaPlan.steps_from: each space's steps (in another order), before and after the plan's
    lists of steps are made."""
    from mapref.rulesets.hitlers_war.routes import SeaPlan, sea_plan

    for m in (bench_game[0], hw_map):
        g = board_for(m).graph()
        kept = sea_plan(g, m)
        plan = SeaPlan(kept.ix, kept.board, (kept.edges, kept.asks))
        quick = [sorted(plan.steps_from(i)) for i in range(plan.ix.n)]
        assert plan._steps is None  # (none made)
        assert quick == [sorted(xs) for xs in plan.steps] == [sorted(plan.steps_from(i)) for i in range(plan.ix.n)]
        assert sum(map(len, quick)) > 100
