"""The front-token card game (shared/seeds/001_d2451f0fedbbc099.txt) on its board of three fronts
(maps/three_fronts.toml, scenarios/three_fronts.toml): the document's rules as tests, each citing
its heading, played through the game session and the command line."""

from pathlib import Path

import pytest

from mapref.io.problems import FileProblems
from mapref.rules.files import load_scenario
from mapref.rules.ruleset import Action
from mapref.rules.session import GameSession, open_game, start_game
from tests.helpers import mapref

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = ROOT / "scenarios" / "three_fronts.toml"


@pytest.fixture
def s() -> GameSession:
    return start_game(SCENARIO)


def act(s, verb, **args):
    return s.apply(Action(verb, args))


def ok(s, verb, **args):
    out = act(s, verb, **args)
    assert out.ok, out.refusal
    return out


def position(s, year=None, phase=None, hands=None, **tokens):
    """Put the game in a position (a referee's set-up for the test): tokens as front=(germans, allies)."""
    st = s.state
    if year is not None:
        st.year = year
    if phase is not None:
        st.phase = phase
    for f, (g, a) in tokens.items():
        st.tokens[f] = {"germans": g, "allies": a}
    for side, n in (hands or {}).items():
        st.hands[side].hand = n
    s.invalidate()


def draws(s):
    d = s.report().as_dict()["draws"]
    return d["germans"]["cards"], d["allies"]["cards"]


def to_phase(s, phase):
    while s.state.phase != phase:
        ok(s, "advance")


# ------------------------------------------------------------------------------ set-up
def test_the_scenario_is_listed_and_its_card_list_is_the_document_s(tmp_path):
    r = mapref("scenarios", cwd=tmp_path)
    assert r.returncode == 0 and any(
        x.startswith("three_fronts ") and "map three_fronts" in x and "first turn 1939" in x
        for x in r.stdout.splitlines()
    ), r.stdout + r.stderr
    sc = load_scenario(SCENARIO)
    deck = sc.decks["germans"]
    assert len(deck) == 56  # CARD LIST
    types = [c.type for c in deck.values()]
    assert (types.count("U"), types.count("O"), types.count("S"), types.count("L"), types.count("")) == (
        19,
        15,
        12,
        9,
        1,
    )
    rommel = deck["Rommel, the Desert Fox"]
    assert (rommel.type, rommel.force, rommel.fronts) == ("L", 3, ("med", "west"))
    assert deck["Jet Fighters"].from_year == 1944 and deck["Speer"].type == ""


def test_set_up_two_tokens_each_and_the_1939_draws(s):
    # SETUP: "Both players control two tokens from each of the 3 Fronts."; DRAW TABLE: 1939 Allies 3, Germans 6
    assert s.state.tokens == {f: {"germans": 2, "allies": 2} for f in ("med", "west", "east")}
    assert sum(t["allies"] for t in s.state.tokens.values()) == 6
    assert s.state.year == 1939 and s.state.phase == "history"
    assert draws(s) == (6, 3)
    out = ok(s, "advance")  # HISTORY PHASE -> PRODUCTION PHASE: the draws
    assert s.state.hands["germans"].hand == 6 and s.state.hands["allies"].hand == 3
    assert s.state.hands["germans"].deck == 50
    assert "germans draw 6: 6 for 1939 (DRAW TABLE)" in out.messages


# ------------------------------------------------------------------------------ the draw
def test_1942_all_four_med_tokens_give_the_germans_one_more_card(s):
    # DRAW TABLE: 1942 10/10; "If the Germans control all 4 Med Tokens they get +1 cards"
    position(s, year=1942, med=(4, 0), west=(2, 2), east=(2, 2))
    assert draws(s) == (11, 10)
    terms = s.report().as_dict()["draws"]["germans"]["terms"]
    assert any("Control of North Africa & the Balkans" in t for t in terms)


def test_1943_nine_allied_tokens_cost_the_germans_a_card(s):
    # DRAW TABLE: 1943 Germans 9; "The Germans get -1 if the Allies control 9 total tokens."
    position(s, year=1943, med=(1, 3), west=(1, 3), east=(1, 3))
    assert draws(s) == (8, 11)
    position(s, med=(0, 4), west=(1, 3), east=(1, 3))  # 10 tokens: still -1 (rulings F5); Allied victory aside
    assert draws(s)[0] == 8


def test_all_four_west_tokens_skip_the_west_phase_and_give_two_cards(s):
    # WEST FRONT PHASE: "If the German player controls all 4 West Front tokens, skip this phase."
    # DRAW TABLE: "If the Germans control all 4 West Tokens they get +2 (Defeat of Britain)"
    position(s, year=1941, west=(4, 0))
    assert draws(s) == (13, 9)
    to_phase(s, "planning")
    assert [st.label for st in s.ruleset.steps(s.game)][4] == "West Front Phase (skipped)"
    ok(s, "advance")
    assert s.state.phase == "med"
    out = ok(s, "battle", germans=[], allies=[])  # a tie: nothing moves (rulings F1)
    assert s.state.phase == "east"
    assert any("West Front Phase skipped: the germans control all 4 West Front tokens" in m for m in out.messages)


def test_1939_is_fought_on_the_west_front_only(s):
    # DRAW TABLE: 1939 "West Front Only" (rulings F3)
    to_phase(s, "planning")
    out = ok(s, "advance")
    assert s.state.phase == "west"
    assert any("Mediterranean Front Phase skipped: 1939: West Front Only" in m for m in out.messages)
    ok(s, "battle", germans=["Guderian"], allies=["Churchill L 2 A"])
    assert (s.state.year, s.state.phase) == (1940, "history")  # the East Front is skipped too


# ---------------------------------------------------------------------------- victory
def test_the_germans_win_with_all_east_and_west_tokens_whatever_the_med(s):
    # VICTORY: "To win, the German player must control all 4 tokens in both the East and West Fronts."
    position(s, year=1941, phase="east", hands={"germans": 5, "allies": 5}, med=(1, 3), west=(4, 0), east=(3, 1))
    out = ok(s, "battle", germans=["Barbarossa", "Army Group Center"], allies=["Zhukov L 2 E"])
    assert s.state.tokens["east"] == {"germans": 4, "allies": 0}
    assert s.state.phase == "over" and s.state.winner == "germans"
    assert any(m.startswith("game over: the germans win") for m in out.messages)
    assert not act(s, "advance").ok


def test_the_allies_win_with_all_four_tokens_of_one_front(s):
    # VICTORY: "If the Allied player controls all 4 tokens in any one front he wins."
    position(s, year=1942, phase="east", hands={"germans": 5, "allies": 5}, east=(1, 3))
    ok(s, "battle", germans=["Hitler"], allies=["Zhukov L 2 E", "Katyusha U 3 E"])
    assert s.state.winner == "allies" and s.state.phase == "over"
    assert s.report().victory["rule"] == "VICTORY"


def test_the_germans_lose_at_the_end_of_1945(s):
    # VICTORY: "If the Germans do not win by the end of 1945, they automatically lose."
    position(s, year=1945, phase="east", hands={"germans": 3, "allies": 3})
    out = ok(s, "battle", germans=["Model"], allies=["Konev L 2 E"])
    assert s.state.phase == "over" and s.state.winner == "allies"
    assert any("the end of 1945" in m for m in out.messages)


# ----------------------------------------------------------------------------- stacks
@pytest.mark.parametrize(
    "phase,year,stack,words",
    [
        ("west", 1941, ["Guderian", "Manstein"], "2 Leader cards: a maximum of 1 Leader card"),
        ("east", 1941, ["Bismarck"], "cannot be used in the East Front"),
        ("west", 1943, ["Jet Fighters"], "may be played from 1944"),
        ("west", 1941, ["Panzer Divisions", "Luftwaffe", "SS Troops"], "3 Unit cards: a maximum of 2 Unit cards"),
        ("west", 1941, ["Speer"], "never played to a front"),
        ("west", 1941, ["Panzer Divisions", "Panzer Divisions"], "twice"),
        ("west", 1941, ["Tiger Tanks"], "is not a card of the germans' deck"),
    ],
)
def test_illegal_stacks_are_refused_with_the_reason_and_the_rule(s, phase, year, stack, words):
    # the front phases: "Only cards that say they can be used in the ... Front may be played. A
    # maximum of 1 Leader card, 1 Operations card, 2 unit cards, and 1 Special card may be played."
    position(s, year=year, phase=phase, hands={"germans": 6, "allies": 6})
    before = s.state_data()
    out = act(s, "battle", germans=stack, allies=[])
    assert not out.ok and words in out.reason and out.rule
    assert s.state_data() == before


def test_legal_stacks_rommel_in_the_med_and_west_jets_from_1944(s):
    for phase in ("med", "west"):
        position(s, year=1941, phase=phase, hands={"germans": 6, "allies": 6}, med=(2, 2), west=(2, 2), east=(2, 2))
        assert ok(s, "battle", germans=["Rommel, the Desert Fox"], allies=[])
        s.undo()
    position(s, year=1944, phase="west", hands={"germans": 6, "allies": 6})
    ok(s, "battle", germans=["Jet Fighters", "Hitler", "Atlantic Wall", "Battle of the Bulge", "V2 Rockets"], allies=[])
    assert s.state.last_battle["germans_force"] == 2 + 2 + 3 + 3 + 3


def test_a_tie_moves_no_token_and_a_win_with_nothing_to_take_moves_none(s):
    # "The player with the highest total Force wins" (ties: rulings F1; nothing to take: F6)
    position(s, year=1941, phase="med", hands={"germans": 6, "allies": 6}, med=(2, 2))
    out = ok(s, "battle", germans=["Hitler"], allies=["Churchill L 2 A"])
    assert s.state.tokens["med"] == {"germans": 2, "allies": 2} and any("a tie" in m for m in out.messages)
    position(s, phase="med", med=(4, 0))
    out = ok(s, "battle", germans=["Mussolini"], allies=[])
    assert s.state.tokens["med"] == {"germans": 4, "allies": 0} and any("nothing to take" in m for m in out.messages)


def test_a_battle_discards_the_played_cards(s):
    position(s, year=1941, phase="west", hands={"germans": 5, "allies": 4})
    ok(s, "battle", germans=["Guderian", "Luftwaffe"], allies=["Churchill L 2 A"])
    g, a = s.state.hands["germans"], s.state.hands["allies"]
    assert (g.hand, g.discard, a.hand, a.discard) == (3, 2, 3, 1)
    assert s.state.tokens["west"] == {"germans": 3, "allies": 1}


# ------------------------------------------------------------------ the phases' cards
def test_speer_is_discarded_in_the_production_phase_to_draw_three(s):
    # CARD LIST, Notes: "Discard the Speer card in Production Phase to draw 3 cards."
    ok(s, "advance")
    assert s.state.phase == "production"
    ok(s, "speer")
    g = s.state.hands["germans"]
    assert (g.hand, g.discard) == (6 - 1 + 3, 1)
    out = act(s, "speer")
    assert not out.ok and "discard pile already" in out.reason
    ok(s, "advance")
    assert not act(s, "speer").ok  # only in the Production Phase


def test_history_keeps_two_of_four_unused_cards(s):
    # HISTORY PHASE: "A player may keep up to 2 extra, unused cards from the previous turn. Excess cards are discarded."
    position(s, year=1941, phase="history", hands={"germans": 4, "allies": 4})
    assert not act(s, "keep", side="germans", cards=3).ok
    ok(s, "keep", side="allies", cards=1)
    out = ok(s, "advance")
    g, a = s.state.hands["germans"], s.state.hands["allies"]
    assert g.discard == 2 and a.discard == 3
    assert g.hand == 2 + 11 and a.hand == 1 + 9  # then the draws of 1941
    assert "germans keep 2 cards and discard 2 (HISTORY PHASE)" in out.messages


def test_planning_discards_up_to_three_and_draws_as_many(s):
    # PLANNING PHASE: "A player may discard up to 3 cards and draw an equal number of replacement cards."
    to_phase(s, "planning")
    assert not act(s, "swap", side="germans", cards=4).ok
    ok(s, "swap", side="germans", cards=3)
    assert s.state.hands["germans"].hand == 6 and s.state.hands["germans"].discard == 3
    assert not act(s, "swap", side="germans", cards=1).ok  # once a turn


def test_an_empty_deck_draws_from_the_shuffled_discard(s):
    # PRODUCTION PHASE: "If a deck runs out, shuffle the discard and draw from it."
    st = s.state
    st.hands["germans"].deck, st.hands["germans"].discard, st.hands["germans"].played = 2, 30, ["Hitler"]
    s.invalidate()
    out = ok(s, "advance")
    g = s.state.hands["germans"]
    assert (g.hand, g.deck, g.discard, g.played) == (6, 26, 0, [])
    assert any("the discard pile was shuffled" in m for m in out.messages)


# ------------------------------------------------------------------- files and the CLI
def test_the_state_round_trips_and_undo_restores_it(s, tmp_path):
    to_phase(s, "planning")
    ok(s, "swap", side="allies", cards=2)
    ok(s, "advance")
    ok(s, "battle", germans=["Guderian"], allies=["Montgomery L 3 WM"])
    data = s.state_data()
    s.save(tmp_path / "g.toml")
    again = open_game(tmp_path / "g.toml")
    assert again.state_data() == data
    for _ in range(len(again.log)):
        again.undo()
    assert again.state_data() == start_game(SCENARIO).state_data() | {
        "scenario": again.state.scenario,
        "map": again.state.map,
    }


def test_the_command_line_plays_a_turn(tmp_path):
    r = mapref("new-game", "three_fronts", "-o", "g.toml", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    for args in (("advance",), ("advance",), ("swap", "germans", "1"), ("advance",)):
        r = mapref(*args[:1], "g.toml", *args[1:], cwd=tmp_path)
        assert r.returncode == 0, r.stderr
    r = mapref("battle", "g.toml", "--germans", "Guderian", "--germans", "Manstein", cwd=tmp_path)
    assert r.returncode == 1 and "2 Leader cards" in r.stderr and r.stderr.count("\n") == 1
    r = mapref("battle", "g.toml", "--germans", "Guderian", "--allies", "Churchill L 2 A", "--check", cwd=tmp_path)
    assert r.returncode == 0 and "a tie" in r.stdout
    r = mapref(
        "battle",
        "g.toml",
        "--germans",
        "Guderian",
        "--germans",
        "Invasion of Norway",
        "--allies",
        "Churchill L 2 A",
        cwd=tmp_path,
    )
    assert r.returncode == 0 and "take one West Front token" in r.stdout, r.stderr
    r = mapref("referee", "g.toml", cwd=tmp_path)
    assert "west: germans 3, allies 1" in r.stdout and "1940, History Phase" in r.stdout
    r = mapref("log", "g.toml", cwd=tmp_path)
    assert "West Front battle 1939" in r.stdout


def test_a_broken_card_line_is_one_line_with_its_place(tmp_path):
    text = SCENARIO.read_text(encoding="utf-8").replace('"Bismarck U 3 W"', '"Bismarck U three W"')
    p = tmp_path / "bad.toml"
    p.write_text(text, encoding="utf-8")
    with pytest.raises(FileProblems) as e:
        load_scenario(p)
    assert any(
        "decks.germans.cards" in str(x) and "the force is a number" in str(x) and str(x).startswith(f"{p}:")
        for x in e.value.problems
    )
    r = mapref("check", str(p), cwd=tmp_path)
    assert (
        r.returncode == 1 and "Traceback" not in r.stdout + r.stderr and "the force is a number" in r.stdout + r.stderr
    )
