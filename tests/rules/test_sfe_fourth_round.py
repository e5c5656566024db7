"""Struggle for Europe and the seasonal VP check, fourth round (issue 33): each test written from
the seed's words (shared/seeds/000, 003) or the referee's view, and failing on main before its fix."""

import json
from pathlib import Path

from mapref.rules.session import start_game
from tests.helpers import mapref
from tests.rules.sfe_positions import position, where
from tests.rules.test_seeds_third_round import _with_track
from tests.rules.test_struggle_for_europe import no, ok

SFE_FACTIONS = 'factions = { axis = "axis", soviet = "allies", western = "allies" }'


def sfe_with_a_track(tmp_path: Path) -> Path:
    """Struggle for Europe with a VP track whose strategic spaces are named as its locations."""
    return _with_track(
        tmp_path,
        "struggle_for_europe",
        SFE_FACTIONS,
        'amsterdam = { faction = "western" }\nparis = { faction = "western" }\nhamburg = { faction = "axis" }\n',
        "sfe_vp",
    )


# ------------------------------------------------------------ 003 with area-map locations
def test_a_track_names_its_strategic_spaces_by_the_maps_locations(tmp_path):
    # rulings V15: "a scenario names its strategic spaces by that map's own ids (... an area map:
    # its locations)"; Paris has two halves, and is one strategic location
    path = sfe_with_a_track(tmp_path)
    r = mapref("check", path.name, cwd=tmp_path)
    assert r.returncode == 0, r.stdout + r.stderr
    r = mapref("new-game", path.name, "-o", "g.toml", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    r = mapref("vp-set", "g.toml", "--stronghold", "paris", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    bad = path.read_text(encoding="utf-8").replace("hamburg = {", "atlantis = {")
    (tmp_path / "bad.toml").write_text(bad, encoding="utf-8")
    r = mapref("check", "bad.toml", cwd=tmp_path)
    assert r.returncode == 1 and "strategic.atlantis: 'atlantis' is not a space or location of the map" in r.stdout


def test_the_first_seasonal_check_reads_the_opening_position(tmp_path):
    # 003 0.1: "A Victory Point Check is performed at the beginning of every Seasonal Turn": the
    # first turn's check counts the position the game starts from, not the one after its first
    # move (Amsterdam, a Western strategic location, taken by the Axis's first move)
    path = sfe_with_a_track(tmp_path)
    assert mapref("new-game", path.name, "-o", "g.toml", cwd=tmp_path).returncode == 0
    r = mapref("move", "g.toml", "ruhr", "amsterdam=1", cwd=tmp_path)
    assert r.returncode == 0 and "Amsterdam is now held by the Axis" in r.stdout, r.stderr
    r = mapref("referee", "g.toml", "--json", cwd=tmp_path)
    track = json.loads(r.stdout)["vp_track"]["track"]  # the marker as the check of turn 1 left it
    assert track["checked"] == "turn 1" and track["value"] == 0 and track["box"] == "allied_1", track


def test_area_control_checks_its_first_round_on_the_opening_position(tmp_path):
    # 003 0.1 on the house rules' game: the first round's check before anyone acts
    path = _with_track(
        tmp_path,
        "aa_house_rules",
        'factions = { axis = "axis", western = "allies", soviet = "allies" }',
        '"germany" = { faction = "axis" }\nfrance = { faction = "western" }\n',
        "aa_vp",
    )
    s = start_game(path, scenario_ref=str(path))
    assert s.state.vp_track.checked == "round 1" and s.log == []


# ------------------------------------------------------------------ 8 Examples: the cards
def test_a_battle_bonus_is_no_second_great_commander(tmp_path):
    # 8 Examples, Great Commander: "Add 2 to your total army strength. Only one Great Commander
    # may be played in a battle."  The only Battle Event of the rules that adds to a total is the
    # Great Commander (Defender Reinforce Battle brings a counter): a bonus of 2 beside a played
    # Great Commander is a second one (rulings S37)
    s = position(tmp_path, add={"A90": ("axis", 3, "sedan.e"), "W90": ("western", 1, "sedan.w")})
    ok(s, "attack", at="sedan")
    out = no(s, "battle", at="sedan", attacker_air=1, defender_air=1, commander=["attacker"], defender_bonus=2)
    assert "Only one Great Commander may be played in a battle" in out.reason, out.reason
    out = no(s, "battle", at="sedan", attacker_air=1, defender_air=1, attacker_bonus=2, defender_bonus=2)
    assert "Only one Great Commander may be played in a battle" in out.reason, out.reason
    out = ok(s, "battle", at="sedan", attacker_air=1, defender_air=1, commander=["attacker"], defender_bonus=1)
    assert out.data["totals"] == {"axis": 6, "allies": 3}


# -------------------------------------------------------------------- 2; 8 Retreat
def test_a_half_without_a_move_line_is_never_a_retreat(tmp_path):
    # 2: "Locations are divided in half to aid in determining control status, supply lines,
    # movements paths, attack paths and retreat paths"; 8 Defender Retreats Before Battle: "If the
    # counter(s) cannot retreat, they do battle".  Lisbon's west half has no move line: a counter
    # put there could neither move nor trace supply (rulings S33, S38)
    s = position(
        tmp_path,
        flags={"madrid": "axis", "lisbon": "western"},
        add={"A90": ("axis", 3, "madrid"), "W90": ("western", 1, "lisbon")},
    )
    ok(s, "move", **{"from": "madrid", "to": "lisbon", "counters": ["A90"]})
    out = no(s, "battle", at="lisbon", attacker_air=1, retreat=True)
    assert "do battle" in out.reason, out.reason
    assert where(s, "W90") == "lisbon"
    # Sevastopol's south half the same, for a Soviet defender attacked from Odessa
    s = position(
        tmp_path,
        name="g2.toml",
        flags={"odessa": "axis"},
        add={"A90": ("axis", 3, "odessa"), "S90": ("soviet", 1, "sevastopol")},
    )
    ok(s, "move", **{"from": "odessa", "to": "sevastopol", "counters": ["A90"]})
    out = no(s, "battle", at="sevastopol", attacker_air=1, retreat=True)
    assert "do battle" in out.reason, out.reason


# ---------------------------------------------------------------------- the command line
def test_a_check_says_it_is_a_check(tmp_path):
    # a referee must never mistake `--check` for the move: it says nothing was changed and what
    # the action would do
    assert mapref("new-game", "struggle_for_europe", "-o", "g.toml", cwd=tmp_path).returncode == 0
    before = (tmp_path / "g.toml").read_bytes()
    checked = mapref("move", "g.toml", "ruhr", "amsterdam=1", "--check", cwd=tmp_path)
    assert checked.returncode == 0
    lines = checked.stdout.splitlines()
    assert lines[0] == "check only, nothing changed: the rules allow it: it would do:"
    assert (tmp_path / "g.toml").read_bytes() == before
    done = mapref("move", "g.toml", "ruhr", "amsterdam=1", cwd=tmp_path)
    assert [x.strip() for x in lines[1:]] == done.stdout.splitlines()
    assert "check only" not in done.stdout
