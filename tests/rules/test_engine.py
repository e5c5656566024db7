"""The engine's seam: the registry, a second (toy) ruleset on the same command line, the game
session's undo/redo/log, `mapref log` and `mapref undo`, and victory conditions as data."""

import json
from pathlib import Path

import pytest

from mapref.io.problems import FileProblems
from mapref.rules import registry
from mapref.rules.files import load_game, load_scenario
from mapref.rules.ruleset import Action
from mapref.rules.session import GameSession, open_game, start_game
from mapref.rules.victory import Condition, evaluate
from tests.helpers import mapref as run_mapref
from tests.toy_ruleset import race

ROOT = Path(__file__).resolve().parents[2]

TOY_SCENARIO = race((ROOT / "maps" / "sample.toml").as_posix())


def mapref(*args, cwd, env=None):
    return run_mapref(*args, cwd=cwd, env=env)


# ------------------------------------------------------------------------------ registry
def test_the_registry_knows_the_shipped_games_and_finds_them_by_name():
    assert "hitlers_war" in registry.names()
    assert registry.get("hitlers_war").title == "Hitler's War"
    with pytest.raises(registry.UnknownRuleset):
        registry.get("chess")


def test_a_scenario_naming_an_unknown_ruleset_gets_one_line_with_its_place(tmp_path):
    p = tmp_path / "s.toml"
    p.write_text(
        'format = 1\nkind = "scenario"\nid = "x"\nname = "X"\nmap = "sample"\nruleset = "chess"\n', encoding="utf-8"
    )
    with pytest.raises(FileProblems) as e:
        load_scenario(p, "s.toml")
    assert str(e.value.problems[0]).startswith("s.toml:6:1: ruleset: expected one of ")
    assert '"hitlers_war"' in str(e.value.problems[0]) and '"fronts"' in str(e.value.problems[0])
    assert str(e.value.problems[0]).endswith('got "chess"')


def test_mapref_scenarios_lists_the_shipped_scenarios_with_ruleset_map_and_first_turn(tmp_path):
    r = mapref("scenarios", "--json", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    rows = {x["id"]: x for x in json.loads(r.stdout)}
    assert rows["barbarossa"]["ruleset"] == "hitlers_war" and rows["barbarossa"]["map"] == "hitlers_war"
    assert rows["barbarossa"]["first_turn"] == "summer 1941"
    assert (
        rows["fall_of_germany"]["first_turn"] == "spring 1944" and rows["war_for_europe"]["first_turn"] == "winter 1939"
    )
    text = mapref("scenarios", cwd=tmp_path).stdout
    line = next(ln for ln in text.splitlines() if ln.startswith("barbarossa "))
    assert " ".join(line.split()) == "barbarossa Barbarossa (Hitler's War; map hitlers_war; first turn summer 1941)"


# ----------------------------------------------------------------- a second game, the same CLI
def test_a_second_ruleset_plays_through_the_same_command_line(tmp_path, toy_game):
    (tmp_path / "race.toml").write_text(TOY_SCENARIO, encoding="utf-8")
    assert mapref("check", "race.toml", cwd=tmp_path).returncode == 0
    r = mapref("new-game", "race.toml", "-o", "g.toml", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    r = mapref("step", "g.toml", "E5", "E7", cwd=tmp_path)  # not next to it: refused with the rule
    assert r.returncode == 1 and r.stderr.strip() == "mapref: E7 is not next to E5 by land [Rule 1]"
    r = mapref("move", "g.toml", "E5", "E6", cwd=tmp_path)  # Hitler's War's verb: not this game's
    assert r.returncode == 1 and "has no 'move'" in r.stderr and "step, pass" in r.stderr
    assert mapref("step", "g.toml", "E5", "E6", "--check", cwd=tmp_path).stdout.splitlines()[-1] == "  r1: E5 -> E6"
    assert 'at = "E5"' in (tmp_path / "g.toml").read_text()  # --check applies nothing
    assert mapref("step", "g.toml", "E5", "E6", cwd=tmp_path).returncode == 0
    assert mapref("pass", "g.toml", cwd=tmp_path).returncode == 0
    r = mapref("log", "g.toml", cwd=tmp_path)
    assert r.stdout.splitlines() == [
        "1. turn 1, red play: step r1 E5 -> E6 [Rule 1]",
        "2. turn 1, red play: red passes [Rule 2]",
    ]
    r = mapref("undo", "g.toml", cwd=tmp_path)
    assert r.returncode == 0 and r.stdout.strip() == "undone: 2. turn 1, red play: red passes [Rule 2]"
    data = json.loads(mapref("referee", "g.toml", "--json", cwd=tmp_path).stdout)
    assert data["tokens"]["r1"] == ["red", "E6"] and data["victory"] is None
    r = mapref("step", "g.toml", "E6", "E7", cwd=tmp_path)
    assert r.returncode == 0 and "game over: red wins [Rule 3]" in r.stdout
    r = mapref("pass", "g.toml", cwd=tmp_path)
    assert r.returncode == 1 and "the game is over" in r.stderr


def test_the_toy_game_in_a_session_with_the_generic_victory_evaluator(tmp_path, toy_game):
    (tmp_path / "race.toml").write_text(TOY_SCENARIO, encoding="utf-8")
    s = start_game(tmp_path / "race.toml")
    for _ in range(6):  # blue holds out: three turns of passing
        assert s.apply(Action("pass")).ok
    assert s.state.over and s.report().victory["winner"] == "blue" and not s.report().victory["immediate"]


# ---------------------------------------------------------------- the session: undo, redo, log
def hw_session(tmp_path, name="barbarossa"):
    g = tmp_path / "g.toml"
    r = mapref("new-game", name, "-o", str(g), cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    return open_game(g)


def test_undo_and_redo_restore_the_exact_position(tmp_path):
    s = hw_session(tmp_path)
    start = s.state_data()
    assert s.apply(Action("advance")).ok
    after_advance = s.state_data()
    out = s.apply(Action("move", {"from": "Q13", "to": "Q12", "points": {"infantry": 2}}))
    assert out.ok and out.label == "move 2 points of Army Group North Q13 -> Q12"
    moved = s.state_data()
    assert "Army Group North 2" in moved["armies"]
    assert s.dirty and s.history.undo_label() == "move 2 points of Army Group North Q13 -> Q12"
    assert s.undo().did == out.label
    assert s.state_data() == after_advance and list(s.state_data()["armies"]) == list(after_advance["armies"])
    assert s.redo() is not None and s.state_data() == moved
    s.undo()
    s.undo()
    assert s.state_data() == start and s.log == [] and not s.dirty
    assert s.undo() is None


def test_a_refused_action_changes_nothing_and_is_not_logged(tmp_path):
    s = hw_session(tmp_path)
    before = s.state_data()
    out = s.apply(Action("move", {"from": "Q13", "to": "Q14"}))
    assert not out.ok and out.rule.startswith("Sequence of Play") and s.log == [] and s.state_data() == before


def test_the_log_is_saved_with_the_game_and_mapref_undo_takes_back_each_action(tmp_path):
    assert mapref("new-game", "barbarossa", "-o", "g.toml", cwd=tmp_path).returncode == 0
    g = tmp_path / "g.toml"
    versions = [g.read_bytes()]
    steps = [
        ("advance",),
        ("move", "Q13", "Q12", "--infantry", "2"),
        ("set", "P14", "--control", "axis"),
        ("move", "O14", "O13"),
    ]
    for args in steps:
        r = mapref(args[0], "g.toml", *args[1:], cwd=tmp_path)
        assert r.returncode == 0, (args, r.stderr)
        versions.append(g.read_bytes())
    log = mapref("log", "g.toml", cwd=tmp_path).stdout.splitlines()
    assert len(log) == 4
    assert log[0] == "1. summer 1941, axis setup: end of axis set-up [Sequence of Play]"
    assert log[1].startswith(
        "2. summer 1941, axis movement: move 2 points of Army Group North Q13 -> Q12 [Movement 1-5]"
    )
    assert log[2] == "3. summer 1941, axis movement: set P14: control axis [referee's correction]"
    entries = json.loads(mapref("log", "g.toml", "--json", cwd=tmp_path).stdout)
    assert entries[1]["action"] == {"verb": "move", "from": "Q13", "to": "Q12", "points": {"infantry": 2}}
    for expected in reversed(versions[:-1]):  # each undo gives back the file as it was, byte for byte
        r = mapref("undo", "g.toml", cwd=tmp_path)
        assert r.returncode == 0, r.stderr
        assert g.read_bytes() == expected
    r = mapref("undo", "g.toml", cwd=tmp_path)
    assert r.returncode == 1 and "nothing to undo" in r.stderr


def test_a_game_saved_before_the_log_existed_still_loads_and_plays(tmp_path):
    # format 1 games written before the engine issue have no [[log]]: they load, and play on
    s = hw_session(tmp_path)
    text = (tmp_path / "g.toml").read_text()
    assert "[[log]]" not in text
    assert s.apply(Action("advance")).ok
    s.save()
    again = load_game(tmp_path / "g.toml")
    assert len(again.log) == 1 and again.log[0].verb == "advance"
    assert GameSession(again).undo() is not None


# --------------------------------------------------------------------- victory as data
class F:
    def __init__(self, held, start=None, prod=None, over=False):
        self.held, self.start, self.prod, self.over = held, start or {}, prod or {}, over

    def holder(self, s):
        return self.held.get(s)

    def start_holder(self, s):
        return self.start.get(s)

    def production(self, side, printed):
        return self.prod.get(side, 0)


def test_hold_all_is_immediate_and_the_default_waits_for_the_end():
    conds = [
        Condition("a", "R1", "three capitals", "hold_all", side="axis", spaces=("T15", "Q17", "M19"), when="immediate"),
        Condition("d", "R2", "the Soviets hold out", "default", winner="soviet", when="end"),
    ]
    assert evaluate(conds, F({"T15": "axis", "Q17": "axis"})) is None
    v = evaluate(conds, F({"T15": "axis", "Q17": "axis", "M19": "axis"}))
    assert v["winner"] == "axis" and v["immediate"] and v["rule"] == "R1"
    v = evaluate(conds, F({}, over=True))
    assert v["winner"] == "soviet" and not v["immediate"]


def test_hold_n_of_m_at_this_moment():
    cities = tuple(f"C{i}" for i in range(8))
    conds = [
        Condition("v", "VC", "control 4 of these 8", "hold_n", side="axis", spaces=cities, count=4, when="immediate")
    ]
    assert evaluate(conds, F({c: "axis" for c in cities[:3]})) is None
    assert evaluate(conds, F({c: "axis" for c in cities[:4]}))["winner"] == "axis"


def test_a_capture_that_ends_the_game_then_a_production_comparison_decides():
    conds = [
        Condition(
            "end",
            "1",
            "Berlin falls",
            "hold_any",
            sides=("soviet", "allies"),
            spaces=("P10",),
            when="immediate",
            effect="end",
        ),
        Condition("axis", "2", "Berlin friendly", "hold_all", side="axis", spaces=("P10",)),
        Condition(
            "soviet", "3", "two thirds", "production", side="soviet", versus="allies", ratio=(2, 3), printed=True
        ),
        Condition("allies", "4", "otherwise", "default", winner="allies"),
        Condition(
            "2p",
            "s1",
            "capture",
            "hold_any",
            sides=("soviet", "allies"),
            spaces=("P10",),
            winner="soviet+allies",
            when="immediate",
            role="two_player",
        ),
        Condition("2a", "s1", "axis", "default", winner="axis", role="two_player"),
    ]
    assert evaluate(conds, F({"P10": "axis"})) is None  # the game goes on
    v = evaluate(conds, F({"P10": "allies"}, prod={"soviet": 20, "allies": 30}))
    assert v["winner"] == "soviet" and v["immediate"] and v["two_player"] == "soviet+allies" and "20" in v["condition"]
    assert evaluate(conds, F({"P10": "allies"}, prod={"soviet": 19, "allies": 30}))["winner"] == "allies"
    v = evaluate(conds, F({"P10": "axis"}, over=True))
    assert v["winner"] == "axis" and v["two_player"] == "axis" and not v["immediate"]


def test_victory_points_with_a_margin_counted_only_for_the_opposing_side():
    # Struggle for Europe 9: points only for locations the side did not start with; 7-point lead
    values = {"Paris": 3, "Berlin": 5, "Rome": 2, "London": 4}
    start = {"Paris": "allies", "London": "allies", "Berlin": "axis", "Rome": "axis"}
    c = Condition(
        "vp",
        "9",
        "a 7 point lead",
        "vp",
        side="axis",
        versus="allies",
        values=values,
        enemy_start=True,
        margin=7,
        when="immediate",
    )
    assert evaluate([c], F({"Paris": "axis", "Berlin": "axis", "Rome": "axis"}, start)) is None  # 3 points only
    assert evaluate([c], F({"Paris": "axis", "London": "axis", "Berlin": "axis"}, start))["winner"] == "axis"  # 7
    assert evaluate([c], F({"Paris": "axis", "London": "axis", "Berlin": "allies"}, start)) is None  # 7 - 5


class FT(F):
    """Facts with a track and the side whose player turn has just ended."""

    def __init__(self, held, start, track=None, turn_ended=None, over=False):
        super().__init__(held, start, over=over)
        self.track, self.turn_ended = track or {}, turn_ended

    def track_points(self, side, track):
        assert track == "strategic_bombing"
        return self.track.get(side, 0)


def test_victory_points_from_a_track_checked_at_the_end_of_the_other_sides_player_turn():
    # Struggle for Europe 9: "The Axis player has a 7 victory point differential at the end of an
    # Allied player turn", counting "victory points earned on the Strategic Bombing Track"
    values = {"paris": 2, "london": 3, "berlin": 3}
    start = {"paris": "allies", "london": "allies", "berlin": "axis"}
    axis = Condition(
        "axis",
        "9",
        "Axis 7 ahead",
        "vp",
        side="axis",
        versus="allies",
        values=values,
        enemy_start=True,
        tracks=("strategic_bombing",),
        margin=7,
        when="turn_end",
        turn_of="allies",
    )
    allies = Condition(
        "allies",
        "9",
        "Allies 7 ahead at the end",
        "vp",
        side="allies",
        versus="axis",
        values=values,
        enemy_start=True,
        tracks=("strategic_bombing",),
        margin=7,
        when="end",
    )
    fallback = Condition("else", "9", "otherwise the Axis", "default", winner="axis", when="end")
    conds = [axis, allies, fallback]
    held = {"paris": "axis", "london": "axis"}  # 5 points, and 2 from the bombing track: 7
    assert evaluate(conds, FT(held, start, {"axis": 2})) is None  # not at the end of an Allied turn
    assert evaluate(conds, FT(held, start, {"axis": 2}, turn_ended="axis")) is None  # the Axis turn ended
    v = evaluate(conds, FT(held, start, {"axis": 2}, turn_ended="allies"))
    assert v["winner"] == "axis" and v["immediate"] and "axis 7 victory points, allies 0" in v["condition"]
    assert evaluate(conds, FT(held, start, {"axis": 1}, turn_ended="allies")) is None  # 6 is not enough
    v = evaluate(conds, FT({"berlin": "allies"}, start, {"allies": 4}, over=True))
    assert v["winner"] == "allies" and not v["immediate"]  # 3 + 4 at the end of the game
    assert evaluate(conds, FT({"berlin": "allies"}, start, {"allies": 3}, over=True))["winner"] == "axis"


def test_a_turn_end_condition_needs_the_side_whose_turn_it_is(tmp_path, toy_game):
    bad = TOY_SCENARIO.replace('when = "immediate"', 'when = "turn_end"').replace(
        'when = "end"', 'when = "end"\nturn_of = "red"'
    )
    (tmp_path / "race.toml").write_text(bad, encoding="utf-8")
    with pytest.raises(FileProblems) as e:
        load_scenario(tmp_path / "race.toml", "race.toml")
    assert [str(p) for p in e.value.problems] == [
        'race.toml:13:1: victory.red: a condition with when = "turn_end" needs "turn_of" (the side whose player turn ends)',
        'race.toml:27:1: victory.blue.turn_of: only a condition with when = "turn_end" has "turn_of"',
    ]


def test_the_shipped_scenarios_state_their_victory_conditions_as_data():
    for name in ("barbarossa", "fall_of_germany"):
        sc = load_scenario(ROOT / "scenarios" / f"{name}.toml")
        assert sc.victory and all(c.type != "note" for c in sc.victory), name
    bar = load_scenario(ROOT / "scenarios" / "barbarossa.toml")
    assert [(c.type, c.when) for c in bar.victory] == [
        ("hold_all", "immediate"),
        ("hold_all", "immediate"),
        ("default", "end"),
    ]


# ------------------------------------------------------------ what the engine asks of the game
def test_a_log_line_says_only_what_the_game_has():
    # Bug: a game with no turns or sides logged "3. ,  : take Paris" (", red play" assumed a turn)
    from mapref.rules.gamelog import LogEntry

    e = LogEntry(3, "", "", "", {"verb": "take"}, "take Paris", rule="Rule 9")
    assert e.line() == "3. take Paris [Rule 9]"
    e = LogEntry(3, "round 2", "", "", {"verb": "take"}, "take Paris", rule="Rule 9")
    assert e.line() == "3. round 2: take Paris [Rule 9]"
    e = LogEntry(3, "turn 1", "red", "play", {"verb": "step"}, "step r1 E5 -> E6", by="referee")
    assert e.line() == "3. turn 1, red play by referee: step r1 E5 -> E6"


def test_the_end_step_is_the_games_own():
    # Bug: a game without an 'advance' got an End step that said "has no action 'advance'"
    from mapref.rules.ruleset import Ruleset

    assert Ruleset().end_step(None) is None  # no sequence of play: no End step
    for name in registry.names():
        rs = registry.get(name)
        assert rs.end_step(None) is None or rs.move(rs.end_step(None).verb) is not None, name
