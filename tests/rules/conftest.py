from pathlib import Path

import pytest

from mapref.rulesets.hitlers_war.files import load_scenario
from mapref.io.mapfile import load_map
from mapref.rulesets.hitlers_war.common import Context
from mapref.rulesets.hitlers_war.setup import new_game

ROOT = Path(__file__).resolve().parents[2]
TEST_MAP = ROOT / "maps" / "hitlers_war.toml"
SCENARIOS = ("barbarossa", "fall_of_germany", "war_for_europe")


@pytest.fixture(scope="session")
def hw_map():
    return load_map(TEST_MAP)


@pytest.fixture(scope="session")
def scenarios():
    return {s: load_scenario(ROOT / "scenarios" / f"{s}.toml") for s in SCENARIOS}


@pytest.fixture
def fresh(hw_map, scenarios):
    """fresh(name) -> (map, scenario, state) after new-game --auto-place."""

    def make(name, auto_place=True):
        sc = scenarios[name]
        return hw_map, sc, new_game(hw_map, sc, auto_place=auto_place)

    return make


def ctx(m, sc, st):
    return Context(m, sc, st)


@pytest.fixture(scope="session")
def sample():
    """The sample map (every feature of the format) and its graph."""
    from mapref.core.graph import build_graph

    m = load_map(ROOT / "maps" / "sample.toml")
    return m, build_graph(m)


@pytest.fixture(scope="session")
def german():
    """german(m): labels of a map's German hexes."""
    return lambda m: {m.label(h) for h in m.hexes_of_country("ge")}
