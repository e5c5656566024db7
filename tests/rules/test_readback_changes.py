"""The session's read-back of an action's new state through the text a save writes (issue 27),
done from the text of only what changed (issue 34): it must find what the whole text's read-back
finds, whatever the action or whatever was put in the state behind the session's back.

- after random moves, ends of steps, undos and redos the data the session keeps as read back
  whole still reads back as it is, and the read-back of the changes was used (not the whole);
- states bent behind the session's back (a space that is not the map's, points or devastation
  past their bounds, a control no side has, odd names, text that is not Unicode, a dropped
  army) give the same problems, in the same order, both ways.
"""

from __future__ import annotations

import random

from mapref.io.problems import parse_toml_bytes
from mapref.rules.ruleset import Action
from mapref.rules.session import _alike
from mapref.rulesets.hitlers_war.state import Army, HexState

from tests.rules.hwplay import game


def whole(s, before: dict, after: dict) -> list[str]:
    """``_new_problems`` from the whole text, as before issue 34 (the kept data put back after)."""
    kept, s._verified = s._verified, None
    try:
        return s._new_problems(before, after)
    finally:
        s._verified = kept


def reads_back_as_itself(s) -> bool:
    v = s._verified
    data, _ = parse_toml_bytes(s.ruleset.dumps_data(v).encode("utf-8"), "<game>")
    return _alike(data, v)


def random_play(s, rng: random.Random, n: int) -> int:
    """``n`` random gestures; how many actions were done."""
    done = 0
    g = s.board.graph()
    for _ in range(n):
        roll = rng.random()
        if roll < 0.1:
            s.undo()
        elif roll < 0.15:
            s.redo()
        elif roll < 0.22:
            done += s.apply(s.ruleset.end_step(s.game)).ok
        else:
            st = s.state
            mine = [a for a in st.armies if a.side == st.side and not a.at.startswith("box:")]
            if not mine:
                done += s.apply(s.ruleset.end_step(s.game)).ok
                continue
            a = rng.choice(mine)
            to = rng.choice(sorted(g.neighbours(a.at, {"land"})) or [a.at])
            done += s.apply(Action("move", {"from": a.at, "to": to})).ok
        if s._verified is not None:
            assert reads_back_as_itself(s)
            assert s._changed_readback(s.state_data()) == whole(s, {}, s.state_data())
    return done


def test_the_kept_data_reads_back_as_itself_through_random_play():
    for seed in (1, 2, 3):
        s = game("barbarossa")
        assert random_play(s, random.Random(seed), 60) > 5
        assert s._verified is not None


def bends(s, rng: random.Random):
    """Changes no action makes, each a function of the state."""
    st = s.state

    def army(fn):
        return lambda: fn(rng.choice(st.armies))

    return [
        army(lambda a: setattr(a, "at", "ZZ99")),  # not a space of the map (the consistency check)
        army(lambda a: a.points.__setitem__("infantry", 1000)),  # past the reader's bound
        army(lambda a: setattr(a, "name", 'a "quoted" name.with dots\nand a line')),
        army(lambda a: setattr(a, "name", "bad \ud800 text")),  # not Unicode: the text cannot be written
        army(lambda a: setattr(a, "leader", "[armies.x]\nside = 1")),
        army(lambda a: setattr(a, "advanced", -3)),
        army(lambda a: st.armies.remove(a)),
        lambda: st.armies.append(Army("New army", st.side, "germany", "P14", {"infantry": 2})),
        lambda: st.armies.append(Army(st.armies[0].name, st.side, "germany", "P14", {"infantry": 2})),
        lambda: st.hexes.__setitem__("P14", HexState(control="nobody")),
        lambda: st.hexes.__setitem__("P15", HexState(devastated=150, permanent=1)),
        lambda: st.hexes.__setitem__("Q99", HexState(occupied=True)),
        lambda: setattr(next(iter(st.nations.values())), "status", "sulking"),
        lambda: setattr(st, "notes", "a note\nover lines \"quoted\" '''"),
        lambda: setattr(st, "phase", "tea"),
    ]


def test_bent_states_give_the_same_problems_both_ways():
    rng = random.Random(34)
    s = game("barbarossa")
    random_play(s, rng, 20)
    fast = 0
    for round_ in range(4):
        for i in range(len(bends(s, rng))):
            before = s.state_data()
            if s._verified is None:
                whole(s, {}, before)
            for k in [i] if round_ == 0 else rng.sample(range(len(bends(s, rng))), 3):
                bends(s, rng)[k]()
            try:
                after = s.state_data()
            except (ValueError, TypeError):
                s._restore(before)
                continue
            fast += s._changed_readback(after) is not None
            assert s._new_problems(before, after) == whole(s, before, after), (round_, i)
            s._restore(before)
    assert fast > 20  # the changes' read-back was used, not the whole text's every time


def test_an_unreadable_action_is_refused_from_the_changes_too():
    """The read-back of the changes refuses what the whole text's refuses: a move the rules allow
    of an army whose leader's name is not Unicode (put there behind the session's back)."""
    s = game("barbarossa")
    assert s.apply(s.ruleset.end_step(s.game)).ok  # the set-up's end: the whole text read back
    assert s._verified is not None
    st = s.state
    a = next(a for a in st.armies if a.side == st.side and not a.at.startswith("box:"))
    a.leader = "x\ud800"  # not Unicode: no action's text with it can be written
    s.invalidate()
    before = s.state_data()
    to = next(iter(sorted(s.board.graph().neighbours(a.at, {"land"}))))
    out = s.apply(Action("move", {"from": a.at, "to": to}))
    assert not out.ok and "cannot read back" in out.reason and "Unicode" in out.reason, out.reason
    assert s.state_data() == before  # the game as it was
