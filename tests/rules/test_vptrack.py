"""The seasonal Victory Point Check (shared/seeds/003_c3752f28fe54a412.txt, "0. Seasonal Victory
Phase") on the Hitler's War map: the document's examples as tests, each citing its paragraph,
played on the shipped variant scenario (scenarios/war_for_europe_vp.toml) through the game
session and the command line.  Nancy stands for Metz and Liege for Antwerp (rulings V7)."""

from pathlib import Path

import pytest

from mapref.io.problems import FileProblems
from mapref.rules import vptrack
from mapref.rules.files import load_scenario
from mapref.rules.ruleset import Action
from mapref.rules.session import GameSession, open_game, start_game
from mapref.rulesets.hitlers_war.state import Army
from tests.helpers import mapref

ROOT = Path(__file__).resolve().parents[2]
VP = ROOT / "scenarios" / "war_for_europe_vp.toml"

METZ, MADRID, OSLO, ANTWERP, PARIS, BERLIN = "N8", "J5", "T10", "O9", "N7", "P10"
STOCKHOLM, ANKARA = "T12", "I15"


@pytest.fixture
def s() -> GameSession:
    """A new game of the variant, out of set-up: the first Victory Point Check is done."""
    s = start_game(VP, auto_place=True)
    out = s.apply(Action("advance"))
    assert out.ok, out.refusal
    return s


def ok(s, verb, **args):
    out = s.apply(Action(verb, args))
    assert out.ok, out.refusal
    return out


def control(s, **spaces):
    for space, side in spaces.items():
        ok(s, "set", space=space, control=side)


def entry(check, space):
    return next(e for e in check["spaces"] if e["space"] == space)


def report(s):
    return s.report().as_dict()["vp_track"]


# ----------------------------------------------------------------------- the scenario
def test_the_variant_is_listed_with_its_strategic_hexes_named_in_the_file(tmp_path):
    r = mapref("scenarios", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    line = next(x for x in r.stdout.splitlines() if x.startswith("war_for_europe_vp "))
    assert "Seasonal Victory Points" in line and "map hitlers_war" in line and "winter 1939" in line
    sc = load_scenario(VP)
    spec = sc.vp_track
    assert spec.strategic[METZ].faction == "axis" and spec.strategic[METZ].name == "Nancy (Metz)"
    assert {spec.strategic[x].faction for x in (OSLO, ANTWERP, PARIS)} == {"western"}
    assert len(spec.strategic) == 32


def test_the_variant_keeps_the_war_for_europe_set_up():
    # the variant copies The War for Europe and changes only how the game is won: when the War for
    # Europe file changes, copy its set-up again
    import tomllib

    base = tomllib.loads((ROOT / "scenarios" / "war_for_europe.toml").read_text(encoding="utf-8"))
    variant = tomllib.loads(VP.read_text(encoding="utf-8"))
    own = ("id", "name", "rule", "notes", "victory", "vp_track", "strategic")
    assert {k: v for k, v in variant.items() if k not in own} == {k: v for k, v in base.items() if k not in own}


def test_the_first_check_is_done_when_the_first_turn_begins(s):
    # 0.1: "A Victory Point Check is performed at the beginning of every Seasonal Turn"
    ts = s.state.vp_track
    assert ts.checked == "winter 1939" and ts.value == 0
    assert (ts.box, ts.face) == ("allied_1", "allied_crusade")


# --------------------------------------------------------------- 0.1.1 examples
def test_metz_is_not_counted_while_france_appeases(s):
    # 0.1.1 Example: "France is an active Western Minor Country, but an Appeasement marker is in
    # France's Posture Box. Thus, Metz (w3519), an Axis Strategic hex under Western control, is not counted."
    e = entry(report(s), METZ)
    assert e["held_by"] == "allies" and e["count"] == 0
    assert "Appeasement marker" in e["why"] and "not counted" in e["why"]
    assert report(s)["value"] == 0
    # without the marker Metz counts for the Allies (0.1.1 step 2)
    ok(s, "vp-set", country="fr", remove_marker=["appeasement"])
    assert entry(report(s), METZ)["count"] == -1 and report(s)["value"] == -1


def test_madrid_counts_for_the_allies_through_the_republican_stronghold(s):
    # 0.1.1 Example: "The Republican Stronghold marker is in Madrid (w2710) and the Republican
    # Support marker has its Soviet side face up. If the Soviet Minors Posture is War, Madrid would
    # count for the Allies - even if Spain is a Neutral Country."
    assert s.state.vp_track.countries["es"].kind == "neutral"
    ok(s, "vp-set", stronghold=MADRID, support="soviet", minors=["soviet=war"])
    e = entry(report(s), MADRID)
    assert e["held_by"] == "allies" and e["count"] == -1
    assert "Republican Support marker shows Soviet" in e["why"]
    # the Soviet Minors not at War: Spain counts as a Policy Affected Soviet Minor (rulings V6)
    ok(s, "vp-set", minors=["soviet=neutral"])
    e = entry(report(s), MADRID)
    assert e["count"] == 0 and "not War" in e["why"]
    # the Western side up: the Western Minors' posture decides
    ok(s, "vp-set", support="western")
    assert entry(report(s), MADRID)["count"] == -1


# -------------------------------------------------------------- 0.1.2 examples
def test_may_june_1940_plus_one_leaves_the_marker_on_its_allied_crusade_side(s):
    # 0.1.2 Example: "the VP marker reads Allied Crusade. The Axis player has ground units occupying
    # two Allied Strategic Hexes (Oslo and Antwerp), while the Allies occupy one Axis Strategic Hex
    # (Metz). The sum is one in favor of the Axis, or +1. The VP marker is placed in the 0 VP Box and
    # left, unchanged, on its Allied Crusade side."
    ok(s, "vp-set", country="fr", remove_marker=["appeasement"])
    control(s, **{OSLO: "axis", ANTWERP: "axis"})
    out = ok(s, "vp-check")
    ts = s.state.vp_track
    assert ts.value == 1 and (ts.box, ts.face) == ("zero", "allied_crusade")
    assert "face unchanged" in out.messages[0]


def test_plus_one_or_two_leaves_an_axis_tide_face_too(s):
    # 0.1.2: "leave it on whichever side was already face-up"
    ok(s, "vp-set", face="axis_tide")
    control(s, **{OSLO: "axis", ANTWERP: "axis"})
    ok(s, "vp-check")
    assert (s.state.vp_track.box, s.state.vp_track.face) == ("zero", "axis_tide")


def test_aug_sept_1940_plus_three_puts_the_marker_in_the_1_vp_box_axis_tide(s):
    # 0.1.2 Example: "there are now Axis ground units in three Allied Strategic Hexes (Oslo,
    # Antwerp, and Paris), while the Allies have none in Axis Strategic Hexes. The sum is three in
    # favor of the Axis, or +3. The VP marker is placed in the 1 VP Box on its Axis Tide side."
    ok(s, "vp-set", country="fr", remove_marker=["appeasement"])
    control(s, **{OSLO: "axis", ANTWERP: "axis"})
    ok(s, "vp-check")
    assert (s.state.vp_track.box, s.state.vp_track.face) == ("zero", "allied_crusade")
    control(s, **{PARIS: "axis", METZ: "axis"})
    ok(s, "vp-check")
    ts = s.state.vp_track
    assert ts.value == 3 and (ts.box, ts.face) == ("axis_1", "axis_tide")
    assert sorted(e["space"] for e in report(s)["spaces"] if e["count"]) == sorted([OSLO, ANTWERP, PARIS])


def test_the_referee_checks_by_itself_at_the_beginning_of_each_seasonal_turn(s):
    # 0.1: "A Victory Point Check is performed at the beginning of every Seasonal Turn" (every
    # Hitler's War turn is one: rulings V3); the position is the one the new turn begins with
    ok(s, "vp-set", country="fr", remove_marker=["appeasement"])
    while str(s.state.turn) == "winter 1939":  # to the last step of the turn
        if (s.state.side, s.state.subphase) == ("allies", "build"):
            ok(s, "build", space="M8", points={"infantry": 3})  # France: Activity limitations 2 (issue 12)
        ok(s, "advance", roll=3)  # a die roll, in case isolated hexes tie (Determine supply 8)
    s.undo()
    control(s, **{OSLO: "axis", ANTWERP: "axis"})
    assert s.state.vp_track.checked == "winter 1939"
    out = ok(s, "advance", roll=3)
    ts = s.state.vp_track
    assert str(s.state.turn) == "spring 1940" and ts.checked == "spring 1940"
    # (the Hitler's War supply rules may have moved other hexes during the turn: the check reads the
    # position the turn begins with, whatever it is)
    now = report(s)
    assert ts.value == now["value"] and entry(now, OSLO)["count"] == 1 and entry(now, ANTWERP)["count"] == 1
    assert (ts.box, ts.face) == (
        s.scenario.vp_track.box_for(ts.value).id,
        "allied_crusade" if ts.value <= 2 else "axis_tide",
    )
    assert any(
        m.startswith(f"Victory Point Check (spring 1940): Current Strategic Value {ts.value:+d}") for m in out.messages
    )
    assert s.log[-1].did.startswith("end of allies")  # one step of the log, undone as one
    s.undo()
    assert s.state.vp_track.checked == "winter 1939"


def test_zero_goes_to_the_1_vp_box_on_its_allied_crusade_side(s):
    # 0.1.2 Clarification: "If the Current Strategic Value is 0, the VP marker goes in the 1 VP Box
    # on its Allied Crusade side."
    ok(s, "vp-set", box="axis_2", face="axis_tide")
    ok(s, "vp-check")
    ts = s.state.vp_track
    assert ts.value == 0 and (ts.box, ts.face) == ("allied_1", "allied_crusade")


def test_markers_in_the_strategic_warfare_box_count(s):
    # 0.1.1 Step 1: "... plus the number of Allied Collapse markers"; Step 2: "... plus the number
    # of Military Takeover markers"
    ok(s, "vp-set", collapse=4, takeover=1)
    assert report(s)["value"] == 3


# ------------------------------------------------------- No Retreat and automatic victory
def test_no_retreat_moves_the_axis_tide_marker_back_and_forbids_an_axis_automatic_victory(s):
    # 0.1.2: "the Axis Tide VP marker cannot be placed in a VP Box to the right of (i.e., higher
    # than) the one containing the No Retreat marker. If the VP marker would be placed to the
    # right, move it back to the VP Box containing the No Retreat marker."
    ok(s, "vp-set", no_retreat="axis_1", war="total", collapse=16)
    out = ok(s, "vp-check")
    ts = s.state.vp_track
    assert ts.value == 16 and (ts.box, ts.face) == ("axis_1", "axis_tide")
    assert "No Retreat" in out.messages[0]
    # 0.2 Clarification: "While the No Retreat marker is on the VP Track, it is impossible for the
    # Axis player to win an Automatic Victory."
    assert not ts.result and s.state.phase != "over"
    assert any(
        "No Axis Automatic Victory while the No Retreat marker" in x
        for x in s.ruleset.panels(s.game, s.report())[-1][1]
    )


def test_european_domination_in_total_war_ends_the_game(s):
    # 0.2: "If the VP marker is placed in the Automatic Victory Box on the VP Track during Total
    # War, the side indicated on the VP marker wins an Automatic Victory."
    ok(s, "vp-set", collapse=15)
    ok(s, "vp-check")
    assert s.state.vp_track.box == "axis_av" and not s.state.vp_track.result  # Limited War: nothing
    ok(s, "vp-set", war="total")
    out = ok(s, "vp-check")
    assert s.state.vp_track.result["winner"] == "axis" and s.state.phase == "over"
    assert "European Domination" in " ".join(out.messages)
    assert s.report().victory["winner"] == "axis" and s.report().victory["immediate"]


def test_german_surrender_in_limited_war(s):
    # 0.2: "If the Allied Crusade VP marker is placed in the 2 VP Box during Limited War, the
    # Allies wins an Automatic Victory."
    ok(s, "vp-set", country="fr", remove_marker=["appeasement"], takeover=4)
    ok(s, "vp-check")
    ts = s.state.vp_track
    assert ts.value == -5 and ts.box == "allied_2"
    assert ts.result["winner"] == "soviet and allies" and "German Surrender" in ts.result["condition"]
    assert s.state.phase == "over"
    # and undo takes it all back (the log's data patch)
    s.undo()
    assert not s.state.vp_track.result and s.state.phase != "over"


# ------------------------------------------------------------- 0.3 the final check
def test_the_final_check_ignores_pro_west_neutrals_without_an_allied_unit_in_berlin(s):
    # 0.3 Example: "Madrid, Stockholm, and Ankara contain Pro-West Influence markers - but there are
    # no Allied ground units in Berlin. Thus, these hexes are not included in the Allied Strategic
    # Hex count."
    for c in ("es", "se", "tr"):
        ok(s, "vp-set", country=c, influence="pro_west")
    ok(s, "vp-check", final=True)
    fin = report(s)
    assert fin["final"]
    for x in (MADRID, STOCKHOLM, ANKARA):
        e = entry(fin, x)
        assert e["count"] == 0 and "no Allied ground unit in P10" in e["why"]
    assert s.state.vp_track.result["how"] == "score" and s.state.phase == "over"


def test_the_final_check_counts_pro_west_neutrals_with_an_allied_unit_in_berlin(s):
    # 0.3: "A Strategic Hex is considered under Allied control if it is in a Neutral Country
    # containing a Pro-Soviet or Pro-West Influence marker and an Allied ground unit is in Berlin."
    for c in ("es", "se", "tr"):
        ok(s, "vp-set", country=c, influence="pro_west")
    s.state.armies.append(Army("Red Banner", "soviet", "su", BERLIN, {"infantry": 1}))
    s.invalidate()
    ok(s, "vp-check", final=True)
    fin = report(s)
    assert [entry(fin, x)["count"] for x in (MADRID, STOCKHOLM, ANKARA)] == [-1, -1, -1]
    assert s.state.vp_track.value == -3 and s.state.vp_track.box == "allied_1"


def test_a_pro_axis_neutral_counts_for_the_axis_at_the_final_check(s):
    # 0.3: "under Axis control if it is in a Neutral Country containing a Pro-Axis Influence marker
    # and no Allied ground unit is in Berlin (w3825)" (Stockholm is an Axis hex here: its own side's)
    ok(s, "vp-set", country="no", kind="neutral", influence="pro_axis")
    ok(s, "vp-check", final=True)
    assert entry(report(s), OSLO)["count"] == 1


# ------------------------------------------------------------------------- the score
def test_the_historical_score_allied_crusade_4_against_no_retreat_2(s):
    # 0.3 Clarification: "Historically, the final score was 4 to 2 in favor of the Allies - Allied
    # Crusade 4 vs. No Retreat 2."
    spec, ts = s.scenario.vp_track, s.state.vp_track
    ts.box, ts.face, ts.no_retreat = "allied_4", "allied_crusade", "axis_2"
    score = vptrack.final_score(spec, ts)
    assert (score["allies"], score["axis"], score["winner"]) == (4, 2, "soviet and allies")


def test_a_tie_goes_to_the_axis_and_galvanic_scores_for_it(s):
    # 0.3: "If the VP scores are tied at the end of the game, the Axis faction wins."; "1 VP ... if
    # the Western faction plays its card 37 Operation Galvanic"
    spec, ts = s.scenario.vp_track, s.state.vp_track
    ts.box, ts.face, ts.galvanic = "allied_1", "allied_crusade", True
    score = vptrack.final_score(spec, ts)
    assert (score["allies"], score["axis"], score["winner"]) == (1, 1, "axis")
    # 0.3 Clarification: "the Axis faction does not earn any VPs for the SS Europa marker"
    ts.ss_europa = "axis_4"
    assert vptrack.final_score(spec, ts)["axis"] == 1


def test_the_game_ends_with_the_final_check_and_the_score_decides(s):
    # 0.3: when the game ends, "a Final Victory Point Check is performed"; the most VPs win
    ok(s, "vp-set", no_retreat="axis_2")
    ok(s, "vp-check", final=True)
    v = s.report().victory
    assert v["winner"] == "axis" and "Axis 2, Allies 1" in v["condition"]


def test_the_combined_game_example_scores_allies_6_axis_5():
    # 0.4 Example: TK: "the Axis Tide marker was planted in the 2 VP box" (read as the No Retreat
    # marker: rulings V12), 1 Bonus VP, the Allied Crusade marker in the 4 VP box; DS: "both the
    # Japanese Mandate and Allied Crusade VP markers are in the 2 VP Box" -> "Allies 6, Axis 5"
    got = vptrack.combined_score(
        [{"no_retreat_vp": 2, "bonus_axis": 1, "allied_box_vp": 4}, {"no_retreat_vp": 2, "allied_box_vp": 2}]
    )
    assert (got["allies"], got["axis"], got["winner"]) == (6, 5, "allies")
    # 0.4 Clarification: "the Allied factions cannot earn more than 4 VPs on a map"
    assert vptrack.combined_score([{"allied_box_vp": 5}])["allies"] == 4


# ---------------------------------------------------------------- files, refusals, CLI
def test_the_track_state_round_trips_through_a_saved_game(s, tmp_path):
    ok(
        s,
        "vp-set",
        stronghold=MADRID,
        support="western",
        minors=["soviet=war"],
        bonus=["axis=1"],
        galvanic=True,
        country="tr",
        influence="pro_axis",
        no_retreat="axis_3",
        ss_europa="axis_4",
    )
    before = s.state_data()["vp_track"]
    s.save(tmp_path / "g.toml")
    again = open_game(tmp_path / "g.toml")
    assert again.state_data()["vp_track"] == before
    assert s.ruleset.read_state(s.state_data(), "", "x").vp_track == s.state.vp_track


def test_bad_values_are_refused_with_the_reason(s):
    for args, words in (
        ({"no_retreat": "axis_9"}, "not a box of the VP track"),
        ({"stronghold": "Z99"}, "not a space of the map"),
        ({"influence": "pro_west"}, "need --country"),
        ({}, "nothing to set"),
    ):
        out = s.apply(Action("vp-set", args))
        assert not out.ok and words in out.reason


def test_a_track_that_breaks_0_1_2_is_one_line_with_its_place(tmp_path):
    bad = VP.read_text(encoding="utf-8").replace(
        '{ id = "zero", label = "0 box", side = "", vp = 0, from = 1, to = 2 }',
        '{ id = "zero", label = "0 box", side = "", vp = 0, from = 1, to = 1 }',
    )
    bad = bad.replace(
        '{ id = "axis_1", label = "1 VP box (Axis Tide)", side = "axis", vp = 1, from = 3, to = 5 }',
        '{ id = "axis_1", label = "1 VP box (Axis Tide)", side = "axis", vp = 1, from = 2, to = 5 }',
    )
    p = tmp_path / "bad.toml"
    p.write_text(bad, encoding="utf-8")
    with pytest.raises(FileProblems) as e:
        load_scenario(p)
    msgs = [str(x) for x in e.value.problems]
    assert any("+2 in the 0 box (0.1.2)" in m and m.startswith(f"{p}:") and "vp_track.boxes" in m for m in msgs)
    r = mapref("check", str(p), cwd=tmp_path)
    assert r.returncode == 1 and "Traceback" not in r.stderr + r.stdout
    assert "+2 in the 0 box" in r.stdout + r.stderr


def test_the_command_line_records_markers_and_checks(tmp_path):
    r = mapref("new-game", "war_for_europe_vp", "-o", "g.toml", "--auto-place", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    r = mapref("vp-set", "g.toml", "--country", "fr", "--remove-marker", "appeasement", cwd=tmp_path)
    assert r.returncode == 0 and "fr: western minor" in r.stdout, r.stderr
    r = mapref("set", "g.toml", "T10", "--control", "axis", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    r = mapref("vp-check", "g.toml", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "Current Strategic Value 0" in r.stdout and "1 VP box (Allied Crusade)" in r.stdout  # Oslo +1, Metz -1
    r = mapref("referee", "g.toml", cwd=tmp_path)
    assert "Victory Point Check (0.1):" in r.stdout and "Oslo T10 (Western)" in r.stdout
    r = mapref("vp-set", "g.toml", "--no-retreat", "axis_9", cwd=tmp_path)
    assert r.returncode == 1 and r.stderr.count("\n") == 1 and "not a box of the VP track" in r.stderr
    r = mapref("vp-check", "g.toml", cwd=tmp_path)
    assert r.returncode == 0


def test_a_scenario_without_a_track_refuses_the_vp_verbs():
    s = start_game(ROOT / "scenarios" / "war_for_europe.toml", auto_place=True)
    out = s.apply(Action("vp-check"))
    assert not out.ok and "has no VP track" in out.reason
    assert [t for t, _ in s.ruleset.panels(s.game, s.report())] == ["Production", "Nations"]
