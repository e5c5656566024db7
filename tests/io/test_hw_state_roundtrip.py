"""Every piece of state issue 12 added survives the file and the engine's data form: undo, redo,
`mapref undo` and crash recovery read it back through `read_state(state_data(st))`."""

import tomllib
from pathlib import Path

from mapref.io.mapfile import load_map
from mapref.rules.datapatch import apply, diff
from mapref.rulesets.hitlers_war.files import dumps_game, dumps_state, game_from_dict, load_scenario, state_data
from mapref.rulesets.hitlers_war.ruleset import RULESET
from mapref.rulesets.hitlers_war.setup import new_game
from mapref.rulesets.hitlers_war.state import Nation, Turn

ROOT = Path(__file__).resolve().parents[2]


def _rich_state():
    m = load_map(ROOT / "maps" / "hitlers_war.toml")
    st = new_game(m, load_scenario(ROOT / "scenarios" / "war_for_europe.toml"), auto_place=True)
    rec = st.sides["allies"]
    rec.costs = {"amphibious": 4, "mechanized": 6}
    rec.us_first, rec.spent, rec.repair_spent, rec.lend_given, rec.ta_used = 6, 12, 3, 2, 5
    rec.repaired, rec.built, rec.transported = {"P7": 1}, {"fr": 3, "us": 6}, {"atl": 5, "med": 2}
    st.sides["soviet"].lend_lease = 2
    st.sides["soviet"].surrender_refused = 1  # Surrender, Soviet Union 4 (rulings R57)
    st.nations["fi"] = Nation("axis", "inclined", None, "soviet", Turn(1940, "spring"), ["soviet"])
    st.nations["ma"] = Nation(None, "vichy")
    st.invasions = ["O8"]
    st.announced = {"British Army 1": "O8", "French Army 1": "N8"}  # Announce initial attacks 2 (rulings R60)
    st.hexes_gained, st.hexes_lost = {"axis": 6}, {"allies": 5}
    st.phase, st.subphase = "combat", "amphibious"
    return st


def test_the_new_state_round_trips_through_the_file():
    st = _rich_state()
    text = dumps_game(st)
    again = game_from_dict(tomllib.loads(text), text, "x")
    assert again == st
    assert dumps_game(again) == text


def test_the_new_state_round_trips_through_the_engine_data_and_its_patches():
    st = _rich_state()
    assert RULESET.read_state(state_data(st), "", "x") == st
    plain = new_game(
        load_map(ROOT / "maps" / "hitlers_war.toml"),
        load_scenario(ROOT / "scenarios" / "war_for_europe.toml"),
        auto_place=True,
    )
    before, after = state_data(plain), state_data(st)
    p = diff(before, after)
    assert apply(after, p.undo_ops()) == before and apply(before, p.redo_ops()) == after
    assert RULESET.read_state(apply(after, p.undo_ops()), "", "x") == plain
    assert dumps_state(RULESET.read_state(apply(before, p.redo_ops()), "", "x")) == dumps_state(st)


def test_a_patch_that_reorders_the_top_table_applies_both_ways():
    # a key that comes and goes in the middle of the top table (garrisons_lost in a combat phase)
    # reorders it: `mapref undo` and Redo must put it back (this raised PatchError before)
    before = {"scenario": "s", "map": "m", "turn": {"side": "axis"}}
    after = {"scenario": "s", "map": "m", "garrisons_lost": ["P11"], "turn": {"side": "axis"}}
    for a, b in ((before, after), (after, before)):
        p = diff(a, b)
        assert apply(b, p.undo_ops()) == a and list(apply(b, p.undo_ops())) == list(a)
        assert apply(a, p.redo_ops()) == b and list(apply(a, p.redo_ops())) == list(b)
