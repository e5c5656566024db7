"""Control and supply kept with a game state across changes (hitlers_war.common._Tracker) are
what a context worked out from nothing gives: after random captures, corrections and undos on the
shipped map and on the benchmark's generated map."""

from __future__ import annotations

import copy
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hwplay import take_back

from mapref.rules.session import open_game
from mapref.rulesets.hitlers_war.common import Context
from mapref.rulesets.hitlers_war.commands import SetHex
from mapref.rulesets.hitlers_war.files import state_data

ROOT = Path(__file__).resolve().parents[2]


def fresh_context(m, sc, st):
    """A context with nothing kept: a copy of the state has a tracker of its own."""
    return Context(m, sc, copy.deepcopy(st))


def same(cx, ref, sides):
    assert cx.control == ref.control and list(cx.control) == list(ref.control)
    for side in sides:
        assert cx.supplied(side) == ref.supplied(side)
        t, r = cx.trace(side), ref.trace(side)
        some = sorted(ref.supplied(side))[::7][:40]
        assert [t.path(s) for s in some] == [r.path(s) for s in some]


@pytest.mark.parametrize("name", ["barbarossa", "fall_of_germany", "war_for_europe"])
def test_random_changes_of_control_on_the_shipped_map(fresh, name):
    m, sc, st = fresh(name)
    rnd = random.Random(name)
    land = sorted(s for s in Context(m, sc, st).control if not s.startswith("box:"))
    done = []  # the state's data before each change
    for step in range(30):
        space = rnd.choice(land)
        cmd = SetHex(space=space, control=rnd.choice(list(sc.sides) + ["none"]))
        done.append(state_data(st))
        cmd.do(st)
        if step % 7 == 6:  # take a few back, as the session undoes: by the data they changed
            take_back(st, done[-3])
            del done[-3:]
        same(Context(m, sc, st), fresh_context(m, sc, st), sc.sides)


def test_the_benchmark_map(tmp_path):
    subprocess.run(
        [
            sys.executable,
            str(ROOT / "bench" / "big_game.py"),
            str(tmp_path),
            "--rows",
            "40",
            "--cols",
            "40",
            "--armies",
            "40",
        ],
        check=True,
        capture_output=True,
        cwd=ROOT,
    )
    s = open_game(tmp_path / "big_game.toml")
    m, sc, st = s.map, s.scenario, s.state
    rnd = random.Random(3)
    cx = Context(m, sc, st)
    land = sorted(x for x, v in cx.control.items())
    for _ in range(25):
        for space in rnd.sample(land, rnd.choice((1, 1, 3))):
            SetHex(space=space, control=rnd.choice(("axis", "soviet"))).do(st)
        same(Context(m, sc, st), fresh_context(m, sc, st), sc.sides)


def test_a_context_keeps_the_control_it_was_made_with(fresh):
    m, sc, st = fresh("barbarossa")
    before = Context(m, sc, st)
    space = next(s for s, v in before.control.items() if v == "axis" and not s.startswith("box:"))
    SetHex(space=space, control="soviet").do(st)
    after = Context(m, sc, st)
    assert before.control[space] == "axis" and after.control[space] == "soviet"


def test_reach_is_every_space_a_move_check_allows(fresh):
    """The window's reach (one search, routes read from it) is the spaces check_move allows, each
    checked on a context of its own (a search of its own)."""
    from mapref.rulesets.hitlers_war.movement import check_move
    from mapref.rulesets.hitlers_war.views import reach

    for name in ("barbarossa", "war_for_europe"):
        m, sc, st = fresh(name)
        while st.phase != "movement":
            from mapref.rulesets.hitlers_war.sequence import advance

            for c in advance(m, sc, st).commands:
                c.do(st)
        for a in [x for x in st.armies if x.side == st.side][:6]:
            want = {
                s
                for s, v in Context(m, sc, st).control.items()
                if v == a.side and s != a.at and check_move(Context(m, sc, st), a.at, s, army=a.name).ok
            }
            assert reach(Context(m, sc, st), f"army:{a.name}") == want
            some = set(sorted(Context(m, sc, st).control)[::3])
            assert reach(Context(m, sc, st), f"army:{a.name}", within=some) == want & some


def test_reach_with_a_fleet_at_sea_or_from_america(fresh):
    """Where sea transport or trans-Atlantic shipping may carry an army, the reach is not cut to
    the spaces joined to it by land."""
    from mapref.rulesets.hitlers_war.movement import check_move
    from mapref.rulesets.hitlers_war.sequence import advance
    from mapref.rulesets.hitlers_war.transport import fleet_capacity
    from mapref.rulesets.hitlers_war.views import reach

    m, sc, st = fresh("war_for_europe")
    while st.phase != "movement":
        for c in advance(m, sc, st).commands:
            c.do(st)
    mine = [f for f in st.fleets if f.side == st.side and f.capital > 0]
    if mine:
        c0 = Context(m, sc, st)
        sea = next((n for n in c0.graph.neighbours(mine[0].at) if c0.sea_zone(n)), None)
        if sea is not None:
            mine[0].at, mine[0].in_port = sea, False
    cx = Context(m, sc, st)
    for a in [x for x in st.armies if x.side == st.side][:4]:
        want = {
            s
            for s, v in cx.control.items()
            if v == a.side and s != a.at and check_move(Context(m, sc, st), a.at, s, army=a.name).ok
        }
        assert reach(Context(m, sc, st), f"army:{a.name}") == want
    assert not mine or fleet_capacity(cx, st.side)


def test_views_read_from_the_friendly_bytes_are_the_plain_ones(fresh):
    from mapref.rulesets.hitlers_war.commands import SetHex
    from mapref.rulesets.hitlers_war.views import control_view

    m, sc, st = fresh("war_for_europe")
    cx = Context(m, sc, st)
    spaces = sorted(s for s in cx.control if not s.startswith("box:"))[::9]
    for i, s in enumerate(spaces):
        SetHex(space=s, control=sc.sides[i % len(sc.sides)] if i % 4 else "none").do(st)
    cx = Context(m, sc, st)
    for side in sc.sides:
        assert cx.friendly_spaces(side) == {s for s, v in cx.control.items() if v == side and cx.exists(s)}
    assert control_view(cx) == {s: v for s, v in cx.control.items() if cx.start.get(s) != v and cx.exists(s)}


def plain_production_by_side(cx) -> dict:
    """Each side's production spaces with their undevastated points, from every space's control."""
    out: dict = {}
    for s in cx.production_spaces():
        side = cx.control.get(s)
        if side is not None:
            out.setdefault(side, []).append((s, cx.undevastated(s)))
    return out


def test_production_kept_with_the_position_follows_devastation(fresh):
    """The production each side holds, kept with the position, is a fresh count's after
    devastation and repairs that change no control (Strategic bombing, Repairing devastated
    production), after captures, and back again."""
    m, sc, st = fresh("war_for_europe")
    rnd = random.Random(34)
    cx = Context(m, sc, st)
    prod = sorted(cx.production_spaces())
    assert cx.production_by_side() == plain_production_by_side(cx)
    for step in range(24):
        s = rnd.choice(prod)
        if step % 3 == 2:
            SetHex(space=s, control=rnd.choice(list(sc.sides))).do(st)
        else:
            st.hex(s).devastated = rnd.randint(0, 3)
        cx = Context(m, sc, st)
        assert (
            cx.production_by_side()
            == plain_production_by_side(cx)
            == plain_production_by_side(fresh_context(m, sc, st))
        )
        assert all(cx.build_spaces(side) == fresh_context(m, sc, st).build_spaces(side) for side in sc.sides)


def plain_start_control(board, sc) -> dict:
    """start_control as first written: a setdefault per space of each side's sorted area."""
    from mapref.rulesets.hitlers_war.scenario import resolve_area

    out: dict[str, str] = {}
    for side in sc.sides:
        if side not in sc.side_setups:
            continue
        for space in sorted(resolve_area(board, sc.setup(side).friendly, sc.absent_boxes)):
            out.setdefault(space, side)
    return out


@pytest.mark.parametrize("name", ["barbarossa", "fall_of_germany", "war_for_europe"])
def test_start_control_is_the_plain_one_in_the_same_order(hw_map, name):
    """The same spaces, sides and order of the dict (its order is read: lists of control), on
    the shipped scenarios and on one whose sides' areas overlap (the first side listed keeps
    them)."""
    from mapref.core.board import board_for
    from mapref.rulesets.hitlers_war.common import start_control

    board = board_for(hw_map)
    from mapref.rulesets.hitlers_war.files import load_scenario

    path = Path(__file__).resolve().parents[2] / "scenarios" / f"{name}.toml"
    sc, both = load_scenario(path), load_scenario(path)
    got = start_control(board, sc)
    assert list(got.items()) == list(plain_start_control(board, sc).items())
    sides = [s for s in sc.sides if s in sc.side_setups]
    both.setup(sides[1]).friendly = both.setup(sides[0]).friendly  # the first side's area the second's too
    overlapped = start_control(board, both)
    assert list(overlapped.items()) == list(plain_start_control(board, both).items())
    assert len(overlapped) < len(got) or sides[1] not in overlapped.values()
