"""Scenario and saved-game files: round trip, atomic save, line-precise errors, all collected."""

import tomllib
from pathlib import Path

import pytest

from mapref.rulesets.hitlers_war.files import dumps_game, game_from_dict, load_game, load_scenario, save_game
from mapref.io.mapfile import load_map
from mapref.io.problems import FileProblems
from mapref.rulesets.hitlers_war.setup import new_game
from mapref.rulesets.hitlers_war.state import Army, Fort, HexState, HomeForce, Nation

ROOT = Path(__file__).resolve().parents[2]
MAP = ROOT / "maps" / "hitlers_war.toml"


@pytest.mark.parametrize("name", ["barbarossa", "fall_of_germany", "war_for_europe"])
def test_new_game_round_trips_exactly(tmp_path, name):
    m = load_map(MAP)
    st = new_game(m, load_scenario(ROOT / "scenarios" / f"{name}.toml"), auto_place=True)
    st.hexes["P10"] = HexState(control="soviet", occupied=True, devastated=3, permanent=1)
    st.home_forces.append(HomeForce("pl", "O13", 3))
    st.sides[st.side].history.append({"turn": "summer 1941", "total": 34, "spendable": 17})
    p = tmp_path / "g.toml"
    save_game(st, p)
    text = p.read_text(encoding="utf-8")
    again = load_game(p)
    assert again == st
    assert dumps_game(again) == text


def test_every_part_of_the_state_survives(tmp_path):
    m = load_map(MAP)
    st = new_game(m, load_scenario(ROOT / "scenarios" / "war_for_europe.toml"))
    st.armies.append(
        Army(
            'Odd "name"',
            "axis",
            "ge",
            "P11",
            {"infantry": 1, "mechanized": 0, "amphibious": 2, "tactical_air": 3, "para": 4},
            "Rommel",
            "",
            True,
        )
    )
    st.forts.append(Fort("axis", 2, "P11", 1, 2))
    st.nations["it"] = Nation("axis", "at_war")
    st.phase, st.subphase = "combat", "advances"
    st.sides["axis"].uboats_convoy = 3
    st.sides["allies"].asw = 2
    text = dumps_game(st)
    assert game_from_dict(tomllib.loads(text), text, "x") == st


def test_save_is_atomic(tmp_path, monkeypatch):
    import os

    m = load_map(MAP)
    st = new_game(m, load_scenario(ROOT / "scenarios" / "barbarossa.toml"))
    p = tmp_path / "g.toml"
    p.write_text("old", encoding="utf-8")

    def boom(*a):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(OSError):
        save_game(st, p)
    assert p.read_text() == "old" and list(tmp_path.iterdir()) == [p]


GAME = """format = 1
kind = "game"
scenario = "barbarossa"
map = "hitlers_war"

[turn]
season = "autumn"
year = 1941
side = "axis"
phase = "movement"

[armies."Army Group North"]
side = "axis"
nation = "ge"
at = "Q13"
infantry = 5
mechanised = 5

[hexes]
P10 = { control = "axsi", devastated = 2, permanent = 3 }
"""


def test_game_errors_are_line_precise_and_all_collected(tmp_path):
    p = tmp_path / "bad.toml"
    p.write_text(GAME, encoding="utf-8")
    with pytest.raises(FileProblems) as e:
        load_game(p, "bad.toml")
    lines = [str(x) for x in e.value.problems]
    assert 'bad.toml:7:1: turn.season: expected one of "spring", "summer", "winter", got "autumn"' in lines
    assert 'bad.toml:17:1: armies.Army Group North.mechanised: unknown key (did you mean "mechanized"?)' in lines
    assert any(x.startswith("bad.toml:20:9: hexes.P10.control: expected one of") for x in lines)
    assert any(x.startswith("bad.toml:20:") and "permanent" in x for x in lines)
    assert len(lines) == 4


def test_scenario_errors(tmp_path):
    text = (ROOT / "scenarios" / "barbarossa.toml").read_text(encoding="utf-8")
    text = text.replace('first_turn = "summer 1941"', 'first_turn = "summer"').replace(
        "infantry = 5\nmechanized = 5", "infantry = 5\nmechanzied = 5", 1
    )
    p = tmp_path / "s.toml"
    p.write_text(text, encoding="utf-8")
    with pytest.raises(FileProblems) as e:
        load_scenario(p, "s.toml")
    lines = [str(x) for x in e.value.problems]
    assert any("first_turn: expected a turn such as" in x and x.startswith("s.toml:") for x in lines)
    assert any('mechanzied: unknown key (did you mean "mechanized"?)' in x for x in lines)
