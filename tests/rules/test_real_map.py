"""The shipped scenarios on the shipped Hitler's War map: every fresh set-up is legal and every
side's starting production is the rulebook's figure (docs/rulings.md, "Arithmetic against the
shipped map")."""

from pathlib import Path

import pytest

from mapref.rulesets.hitlers_war.files import load_scenario
from mapref.io.mapfile import load_map
from mapref.rulesets.hitlers_war.consistency import scenario_problems
from mapref.rulesets.hitlers_war.setup import new_game
from mapref.rulesets.hitlers_war.referee import referee

ROOT = Path(__file__).resolve().parents[2]
MAP = ROOT / "maps" / "hitlers_war.toml"

# Every side of every scenario, as the set-ups state (rulings R9, R21 explain the counting)
AGREE = [
    ("barbarossa", "axis", 34),
    ("barbarossa", "soviet", 16),
    ("fall_of_germany", "axis", 30),
    ("fall_of_germany", "soviet", 23),
    ("fall_of_germany", "allies", 35),
    ("war_for_europe", "axis", 16),
    ("war_for_europe", "soviet", 15),
    ("war_for_europe", "allies", 23),
]


def _report(name):
    m = load_map(MAP)
    sc = load_scenario(ROOT / "scenarios" / f"{name}.toml")
    assert scenario_problems(m, sc) == []
    return referee(m, sc, new_game(m, sc, auto_place=True))


@pytest.mark.parametrize("name,side,figure", AGREE)
def test_figures_that_agree(name, side, figure):
    assert _report(name).production[side].total == figure


@pytest.mark.parametrize("name", ["barbarossa", "fall_of_germany", "war_for_europe"])
def test_fresh_set_up_has_no_violations(name):
    assert [(v.code, v.where, v.message) for v in _report(name).violations] == []


def test_barbarossa_spendable_after_the_minus_17():
    # Barbarossa special rule 2: "only 17 points can be spent in a turn"
    assert _report("barbarossa").production["axis"].spendable == 17
