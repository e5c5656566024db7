"""Helpers for playing Hitler's War games in tests: a GameSession on the shipped map and
scenarios, actions that must pass or be refused, advancing to a step, a referee's edit."""

import copy
import random
from dataclasses import replace
from pathlib import Path

from mapref.rules import datapatch
from mapref.rules.ruleset import Action
from mapref.rules.session import start_game
from mapref.rulesets.hitlers_war.common import Context
from mapref.rulesets.hitlers_war.ruleset import RULESET

ROOT = Path(__file__).resolve().parents[2]


def game(name: str, auto_place: bool = True):
    return start_game(ROOT / "scenarios" / f"{name}.toml", auto_place=auto_place)


def take_back(st, before: dict) -> None:
    """Undo what was done to ``st`` since its data was ``before`` as the game session undoes an
    action: the data patch between the two taken back and read by the game's own reader, the state
    changed in place (``GameSession._set_data``)."""
    after = RULESET.state_data(st)
    data = datapatch.apply(after, datapatch.diff(before, after).undo_ops())
    st.__dict__.update(RULESET.read_state(data, "", "<game>").__dict__)


def fresh(s):
    """The session's game on a state read again from its data: no cache of the state's applies."""
    st = s.ruleset.read_state(s.state_data(), "", "<game>")
    return replace(s.game, state=st, cache={})


def capture_beside_army(s, rng: random.Random) -> None:
    """A referee's correction of a hex's control: a random land hex next to a random army on the
    map given to a random side (changed on a copy of the hex, as the state's own commands do)."""
    st = s.state
    on_map = [a.at for a in st.armies if not a.at.startswith("box:")]
    space = rng.choice(sorted(s.board.graph().neighbours(rng.choice(on_map), {"land"})))
    h = copy.copy(st.hex(space))
    h.control = rng.choice(list(s.scenario.sides))
    st.hexes[space] = h


def act(s, verb: str, **args):
    out = s.apply(Action(verb, args))
    assert out.ok, out.refusal
    return out


def refused(s, verb: str, **args):
    out = s.check(Action(verb, args))
    assert not out.ok, out.messages
    return out


def advance_to(s, side: str, phase: str, subphase: str = "", turn: str | None = None, limit: int = 400):
    """Advance step by step until the game is at (turn,) side, phase, subphase."""
    msgs = []
    for _ in range(limit):
        st = s.state
        if (st.side, st.phase, st.subphase) == (side, phase, subphase) and (turn is None or str(st.turn) == turn):
            return msgs
        msgs += act(s, "advance").messages
    raise AssertionError(f"never reached {turn} {side} {phase} {subphase}")


def quiet_step(s):
    """End the current step doing nothing a player may leave undone: the only obligation of a
    quiet turn is France, Activity limitations 2 ("The Allies must build at least three strength
    points in France per turn"), met with three infantry in N8 (beside Paris) while France fights."""
    st = s.state
    fr = st.nations.get("fr")
    if (
        (st.side, st.phase, st.subphase) == ("allies", "production", "build")
        and fr is not None
        and fr.status == "at_war"
        and s.scenario.has("france")
    ):
        act(s, "build", space="N8", points={"infantry": 3})
    return act(s, "advance")


def advance_quietly(s, side: str, phase: str, subphase: str = "", turn: str | None = None, limit: int = 400):
    """As :func:`advance_to`, across Allied build steps too (:func:`quiet_step`)."""
    msgs = []
    for _ in range(limit):
        st = s.state
        if (st.side, st.phase, st.subphase) == (side, phase, subphase) and (turn is None or str(st.turn) == turn):
            return msgs
        msgs += quiet_step(s).messages
    raise AssertionError(f"never reached {turn} {side} {phase} {subphase}")


def edit(s, fn):
    """Change the state as a referee's correction (a test's set-up), then forget the caches."""
    fn(s.state)
    s.invalidate()


def ctx(s) -> Context:
    return Context(s.map, s.scenario, s.state)
