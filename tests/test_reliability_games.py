"""Reliability of the game files and commands (issue 15): the fuzz's reproducers in
tests/data/fuzz/, concurrent writers, files changed under a command, new-game overwriting."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from mapref.io.atomic import ChangedOnDisk
from mapref.rules.ruleset import Action
from mapref.rules.session import open_game
from tests.helpers import mapref

ROOT = Path(__file__).resolve().parents[1]
FUZZ = ROOT / "tests" / "data" / "fuzz"
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}


def one_clean_line(r, code=1):
    out = (r.stdout + r.stderr).strip().splitlines()
    assert r.returncode == code and len(out) == 1, r.stdout + r.stderr
    assert "internal error" not in out[0] and "Traceback" not in out[0]
    return out[0]


@pytest.mark.parametrize("name", ["long_map_name.game.toml", "long_scenario_name.game.toml"])
def test_a_game_naming_a_file_too_long_to_look_up_gets_one_line(name):
    line = one_clean_line(mapref("check", name, cwd=FUZZ))
    assert "too long" in line or "no such scenario" in line


def test_new_game_from_a_name_too_long_to_look_up(tmp_path):
    line = one_clean_line(mapref("new-game", "a" * 300, "-o", "g.toml", cwd=tmp_path))
    assert "no such scenario" in line and "..." in line  # the name is echoed cut short
    assert not (tmp_path / "g.toml").exists()


def test_format_true_is_not_format_1_in_games_and_scenarios():
    r = mapref("check", "format_true.game.toml", "format_true.scenario.toml", cwd=FUZZ)
    assert r.returncode == 1
    assert r.stdout.splitlines() == ["format_true.game.toml:2:1: format: expected 1 (this is mapref's game format 1), got true",
                                     "format_true.scenario.toml:2:1: format: expected 1 (this is mapref's scenario format 1), got true"]


def test_a_game_whose_scenario_changed_blames_the_scenario():
    line = one_clean_line(mapref("check", "changed_scenario/game.toml", cwd=FUZZ))
    assert line.startswith("changed_scenario/scenario.toml: setup.axis.supply:")


@pytest.mark.parametrize("name", ["army_lower_case.game.toml", "army_leading_zero.game.toml"])
def test_an_army_in_a_non_canonical_hex_is_a_problem(name):
    line = one_clean_line(mapref("check", name, cwd=FUZZ))
    assert "armies.Army Group North.at" in line and "not a space of the map" in line


def test_new_game_refuses_a_scenario_that_check_refuses_and_writes_nothing(tmp_path):
    r = mapref("new-game", str(FUZZ / "inconsistent.scenario.toml"), "-o", "g.toml", cwd=tmp_path)
    assert r.returncode == 1 and "'A0' is not a hex of the map" in r.stderr
    assert not (tmp_path / "g.toml").exists()


def test_what_a_user_typed_is_echoed_escaped_on_one_line(tmp_path, new_game_file):
    new_game_file()  # as mapref new-game barbarossa -o g.toml writes it
    line = one_clean_line(mapref("set", "g.toml", "--nation", "\x1b[31mred\nforged", "--status", "neutral", cwd=tmp_path))
    assert "\x1b" not in line and "\\u001b[31mred\\nforged" in line


def test_new_game_does_not_overwrite_a_game_in_progress_or_the_scenario(tmp_path):
    assert mapref("new-game", "barbarossa", "-o", "g.toml", cwd=tmp_path).returncode == 0
    assert mapref("advance", "g.toml", cwd=tmp_path).returncode == 0
    before = (tmp_path / "g.toml").read_bytes()
    line = one_clean_line(mapref("new-game", "barbarossa", "-o", "g.toml", cwd=tmp_path))
    assert "--force" in line and (tmp_path / "g.toml").read_bytes() == before
    assert mapref("new-game", "barbarossa", "-o", "g.toml", "--force", cwd=tmp_path).returncode == 0
    assert (tmp_path / "g.toml").read_bytes() != before
    sc = tmp_path / "s.toml"
    sc.write_bytes((ROOT / "scenarios" / "barbarossa.toml").read_bytes().replace(b'map = "hitlers_war"',
                                                                                 f'map = "{ROOT / "maps" / "hitlers_war.toml"}"'.encode()))
    kept = sc.read_bytes()
    line = one_clean_line(mapref("new-game", "s.toml", "-o", "s.toml", "--force", cwd=tmp_path))
    assert "the scenario itself" in line and sc.read_bytes() == kept


def test_commands_on_one_game_at_once_lose_nothing(tmp_path, new_game_file):
    # Concurrent writers: each command holds the game's lock from reading to saving
    new_game_file()  # as mapref new-game barbarossa -o g.toml writes it
    hexes = ["P14", "Q14", "O15", "N14", "R13", "Q15"]
    procs = [subprocess.Popen([sys.executable, "-m", "mapref", "set", "g.toml", h, "--control", "axis"], cwd=tmp_path, env=ENV,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for h in hexes]
    for p in procs:
        out, err = p.communicate(timeout=120)
        assert p.returncode == 0, err
    s = open_game(tmp_path / "g.toml")
    assert all(s.state.hex(h).control == "axis" for h in hexes)
    assert sorted(e.action["space"] for e in s.log) == sorted(hexes)


def test_a_save_refuses_to_overwrite_a_game_changed_on_disk_since_it_was_read(tmp_path, new_game_file):
    new_game_file()  # as mapref new-game barbarossa -o g.toml writes it
    s = open_game(tmp_path / "g.toml")
    assert s.apply(Action("advance")).ok
    assert mapref("set", "g.toml", "P14", "--control", "axis", cwd=tmp_path).returncode == 0  # another mapref
    theirs = (tmp_path / "g.toml").read_bytes()
    with pytest.raises(ChangedOnDisk):
        s.save()
    assert (tmp_path / "g.toml").read_bytes() == theirs  # their change is kept
    s.save(tmp_path / "mine.toml")  # saving under another name works
    assert open_game(tmp_path / "mine.toml").state.phase == "movement"


def test_game_commands_on_names_no_lock_can_be_taken_for(tmp_path):
    for args in (("advance", ""), ("move", "a" * 300 + ".toml", "P10", "P11"), ("undo", "missing/g.toml")):
        line = one_clean_line(mapref(*args, cwd=tmp_path))
        assert line.startswith(("mapref:", "missing/", "a")) or ": " in line


def test_a_scenario_year_a_game_could_not_hold_is_refused(tmp_path):
    sc = tmp_path / "s.toml"
    sc.write_text((ROOT / "scenarios" / "barbarossa.toml").read_text().replace('first_turn = "summer 1941"', 'first_turn = "summer 99999"')
                  .replace('map = "hitlers_war"', f'map = "{(ROOT / "maps" / "hitlers_war.toml").as_posix()}"'))
    r = mapref("check", "s.toml", cwd=tmp_path)
    assert r.returncode == 1 and "first_turn: expected a turn such as" in r.stdout and "years 1900-2100" in r.stdout


AREA = (ROOT / "maps" / "area_sample.toml").read_text()


def test_area_coordinates_must_be_finite_numbers(tmp_path):
    p = tmp_path / "a.toml"
    p.write_text(AREA.replace("[100, 80], [200, 70]", "[100, 80], [nan, 70]", 1))
    line = one_clean_line(mapref("check", "a.toml", cwd=tmp_path))
    assert line.startswith("a.toml:") and "locations.paris.polygon: expected [x, y] at point 2 (finite numbers" in line


def test_a_self_intersecting_location_with_halves_is_listed_not_a_crash(tmp_path):
    # Paris drawn as a bow tie, still split in halves: info shows it, check lists the problem
    p = tmp_path / "a.toml"
    p.write_text(AREA.replace("[100, 80], [200, 70], [215, 150], [210, 230], [110, 230],",
                              "[100, 80], [200, 70], [110, 230], [210, 230],", 1))
    r = mapref("info", "a.toml", "--json", cwd=tmp_path)
    assert r.returncode == 0 and "internal error" not in r.stderr, r.stderr
    r = mapref("check", "a.toml", cwd=tmp_path)
    assert r.returncode == 1 and "Paris: the border crosses itself" in r.stdout and "Traceback" not in r.stderr


def test_a_joined_turn_a_game_could_not_hold_is_refused_before_saving(tmp_path, new_game_file):
    new_game_file()  # as mapref new-game barbarossa -o g.toml writes it
    before = (tmp_path / "g.toml").read_bytes()
    line = one_clean_line(mapref("set", "g.toml", "--nation", "tr", "--status", "at_war", "--joined", "winter 99999", cwd=tmp_path))
    assert "a year 1900-2100" in line and (tmp_path / "g.toml").read_bytes() == before


def test_a_fleet_with_no_port_it_may_stand_in_is_a_scenario_problem(tmp_path):
    """Fleet strength points 2 (a fleet starts in a friendly port of its nation's area): a
    scenario whose fleet's ports area holds no port that fleet may use is refused by check and
    new-game, and no game is written that would not load again (fuzz case seed 15 #8845: the
    British Fleet given nation "fr" and British ports)."""
    sc = tmp_path / "s.toml"
    text = (ROOT / "scenarios" / "war_for_europe.toml").read_text()
    british = text.index('[fleets."British Fleet"]')
    text = text[:british] + text[british:].replace('nation = "gb"', 'nation = "fr"', 1)
    sc.write_text(text.replace('map = "hitlers_war"', f'map = "{(ROOT / "maps" / "hitlers_war.toml").as_posix()}"'))
    r = mapref("check", "s.toml", cwd=tmp_path)
    assert r.returncode == 1 and "fleets.British Fleet.ports: no port in this area where a fr fleet of the allies may start" in r.stdout
    r = mapref("new-game", "s.toml", "-o", "g.toml", cwd=tmp_path)
    assert r.returncode == 1 and "fleets.British Fleet.ports" in r.stderr and not (tmp_path / "g.toml").exists()
