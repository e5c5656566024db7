"""What a drop in the referee's window no longer works out again (issue 34): each kept answer
must be what a position worked out from nothing gives, after random moves, ends of steps,
captures, undos and redos.

- Hitler's War's supply view, kept with the position's control for the supplied spaces it was
  worked out from (fleets put to sea and back with control unchanged included);
- its army counters, kept with their army's report entry;
- the fleets with no port to go to, kept with the position for the fleets and nations' statuses;
- a state's deep copy (the end-of-step preview's look-ahead), made without copy's generic walk:
  the same data, and nothing shared that a command changes.
"""

from __future__ import annotations

import copy
import random

from mapref.rules.ruleset import Action
from mapref.rulesets.hitlers_war.movement import fleets_without_port

from mapref.rules.session import open_game
from tests.rules.hwplay import capture_beside_army, fresh, game
from tests.rules.test_pockets import rich_game


def gesture(s, rng: random.Random) -> None:
    roll = rng.random()
    st = s.state
    if roll < 0.08:
        s.undo()
    elif roll < 0.12:
        s.redo()
    elif roll < 0.2:
        s.apply(s.ruleset.end_step(s.game))
    elif roll < 0.26 and st.fleets:  # a fleet to sea or back to port (the seas open to supply change)
        before = s.state_data()
        f = rng.choice(st.fleets)
        f.in_port = not f.in_port
        s.invalidate()
        if s._new_problems(before, s.state_data()):
            s._restore(before)
    elif roll < 0.33:  # a capture: a referee's correction of a hex's control
        before = s.state_data()
        capture_beside_army(s, rng)
        s.invalidate()
        if s._new_problems(before, s.state_data()):
            s._restore(before)
    else:
        mine = [a for a in st.armies if a.side == st.side and not a.at.startswith("box:")]
        if not mine:
            s.apply(s.ruleset.end_step(s.game))
            return
        a = rng.choice(mine)
        to = rng.choice(sorted(s.board.graph().neighbours(a.at, {"land"})) or [a.at])
        s.apply(Action("move", {"from": a.at, "to": to}))


def test_the_kept_supply_view_and_counters_are_the_ones_from_nothing():
    kept_views = kept_pieces = 0
    for seed, name in ((4, "barbarossa"), (5, "fall_of_germany"), (6, "war_for_europe")):
        rng = random.Random(seed)
        s = game(name)
        rs = s.ruleset
        last_view = None
        for _ in range(50):
            gesture(s, rng)
            view = rs.supply_view(s.game)
            kept_views += view is last_view
            last_view = view
            assert view == rs.supply_view(fresh(s))
            before = dict(s.game.cache.get("army_pieces") or {})
            pieces = rs.pieces(s.game, s.report())
            kept_pieces += sum(1 for p in pieces if any(p is k[1] for k in before.values()))
            g = fresh(s)
            assert pieces == rs.pieces(g, rs.report(g))
            for side in (None, *s.scenario.sides):
                kept_ports = fleets_without_port(rs.context(s.game), side)
                assert all(any(f is x for x in s.state.fleets) for f in kept_ports)  # the state's own fleets
                assert [f.name for f in kept_ports] == [f.name for f in fleets_without_port(rs.context(g), side)]
    assert kept_views > 10 and kept_pieces > 100  # (kept, not made again each time)


def test_the_kept_counters_of_cut_off_armies_are_the_ones_from_nothing(tmp_path):
    """A cut-off army's counter whose report entry says where its region ends is kept with the
    entry too: after captures of the pockets' edges, moves, undos and redos, on a rich position
    (bench/rich_game.py: armies cut off in pockets), the counters are a position's from nothing."""
    s = open_game(rich_game(tmp_path))
    rs = s.ruleset
    rng = random.Random(34)
    edges = sorted({x for a in s.report().armies for x in a.get("frontier", ())})
    kept = 0
    for step in range(24):
        roll = rng.random()
        if roll < 0.15:
            s.undo()
        elif roll < 0.2:
            s.redo()
        elif roll < 0.6:  # a pocket's edge taken or given back: pockets grow, shrink, open, close
            space = rng.choice(edges)
            holder = rs.context(s.game).control.get(space)
            s.apply(Action("set", {"space": space, "control": next(x for x in s.scenario.sides if x != holder)}))
        else:
            gesture(s, rng)
        before = dict(s.game.cache.get("army_pieces") or {})
        pieces = rs.pieces(s.game, s.report())
        kept += sum(1 for p in pieces if p.supplied is False and any(p is k[1] for k in before.values()))
        g = fresh(s)
        assert pieces == rs.pieces(g, rs.report(g)), step
    assert kept > 20  # (cut-off armies' counters kept, not made again each time)


def test_a_states_deep_copy_is_the_generic_one():
    rng = random.Random(34)
    s = game("barbarossa")
    for _ in range(30):
        gesture(s, rng)
    st = s.state
    st.armies.append(st.armies[0])  # the same army twice: copied once, as copy.deepcopy does
    c = copy.deepcopy(st)
    assert s.ruleset.state_data(c) == s.ruleset.state_data(st)
    assert c.armies[0] is c.armies[-1] and c.armies[0] is not st.armies[0]
    st.armies.pop()
    data = s.ruleset.state_data(st)
    for a in c.armies:  # what commands change on the copy leaves the state as it was
        a.points["infantry"] = a.points.get("infantry", 0) + 1
        a.at = "Q1"
    for h in c.hexes.values():
        h.control, h.devastated = "nobody", 7
    for f in c.fleets:
        f.capital += 1
    for f in c.forts:
        f.strength += 1
    c.turn, c.phase = None, "over"
    c.nations.clear()
    for rec in c.sides.values():
        rec.history.append({"turn": "x"})
    assert s.ruleset.state_data(st) == data
