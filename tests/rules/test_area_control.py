"""Axis & Allies house rules (shared/seeds/004_a5840a12b2c8efaf.txt) on an area map imported
with mapref import-areas (maps/europe_areas.toml): the document's sentences as tests, each citing
its heading, played through the game session and the command line (scenarios/aa_house_rules.toml)."""

from pathlib import Path

import pytest

from mapref.io.problems import FileProblems
from mapref.rules.files import load_scenario
from mapref.rules.ruleset import Action
from mapref.rules.session import GameSession, open_game, start_game
from tests.helpers import mapref

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = ROOT / "scenarios" / "aa_house_rules.toml"

BERLIN, ROME, N_ITALY, PARIS, LONDON, MOSCOW, STALINGRAD = (
    "germany",
    "italy.s",
    "italy.n",
    "france",
    "united_kingdom",
    "russia.n",
    "russia.s",
)
TOKYO, HONG_KONG, MANILA, SYDNEY, OTTAWA = "box:tokyo", "box:hong_kong", "box:manila", "box:sydney", "box:ottawa"
WASHINGTON, SAN_FRANCISCO = "box:washington", "box:san_francisco"


@pytest.fixture(scope="module")
def fresh():
    s = start_game(SCENARIO)
    return s.state_data()


@pytest.fixture
def s(fresh) -> GameSession:
    s = start_game(SCENARIO)
    s._set_data(fresh)
    return s


def act(s, verb, **args):
    if verb in ("take", "attack", "claim") and args.get("by") and s.state.nation != args["by"]:
        # a nation acts in its own turn (rulings A22): these tests of other rules move the turn to it
        s.state.nation = args["by"]
        s.invalidate()
    return s.apply(Action(verb, args))


def ok(s, verb, **args):
    out = act(s, verb, **args)
    assert out.ok, out.refusal
    return out


def owners(s, **spaces):
    """A referee's set-up for a test: territories to nations."""
    for space, nation in spaces.items():
        s.state.owners[space.replace("__", ":").replace("_dot_", ".")] = nation
    s.invalidate()


def own(s, space):
    return s.ruleset.cx(s.game).owner(space)


def to_phase(s, phase):
    while s.state.phase != phase:
        ok(s, "advance")


def income(s, nation):
    return s.report().income[nation]


# ------------------------------------------------------------------------- the map
def test_the_map_is_imported_with_the_cities_and_the_scenario_is_listed(tmp_path):
    r = mapref("scenarios", cwd=tmp_path)
    assert any(
        x.startswith("aa_house_rules ") and "map europe_areas" in x and "round 1" in x for x in r.stdout.splitlines()
    )
    r = mapref("check", str(ROOT / "maps" / "europe_areas.toml"), str(SCENARIO), cwd=tmp_path)
    assert r.returncode == 0, r.stdout + r.stderr
    s = start_game(SCENARIO)
    cx = s.ruleset.cx(s.game)
    assert [cx.city(x) for x in (BERLIN, ROME, N_ITALY, MOSCOW, STALINGRAD, "india", WASHINGTON)] == [
        "Berlin",
        "Rome",
        "Northern Italy",
        "Moscow",
        "Stalingrad",
        "Calcutta",
        "Washington",
    ]
    assert s.board.map.notes.startswith("Imported with mapref import-areas from Natural Earth")


# ---------------------------------------------------------------- AXIS VICTORY CONDITION
def test_four_and_four_cities_in_a_strategic_missions_phase_win_for_the_axis(s):
    # AXIS VICTORY CONDITION: "The Axis powers win the war if during any given strategic missions
    # phase ... The European Axis powers control 4 of the following 8 European cities ... and ...
    # Japan controls 4 of the following 8 Pacific cities"
    owners(
        s, france="germany", united_kingdom="italy", box__hong_kong="japan", box__manila="japan", box__sydney="japan"
    )
    assert s.report().victory is None  # Japan holds 4 (Tokyo too), but this is the purchase phase
    cities = s.report().cities
    assert (cities["european_cities"]["count"], cities["pacific_cities"]["count"]) == (4, 4)
    out = None
    while s.state.phase != "over":
        out = ok(s, "advance")
    assert s.state.winner == "axis" and s.state.round == 1 and s.log[-1].step == "mobilize"
    assert any("game over: the axis win" in m for m in out.messages)


def test_three_pacific_cities_are_not_enough(s):
    owners(s, france="germany", united_kingdom="italy", box__hong_kong="japan", box__manila="japan")
    to_phase(s, "strategic_missions")
    assert s.state.winner == "" and s.report().victory is None
    assert s.report().cities["pacific_cities"]["count"] == 3


def test_the_allies_win_at_the_end_of_round_12(s):
    # ALLIED VICTORY CONDITION: "The Axis powers have not won the game before the end of round 12"
    s.state.round, s.state.nation, s.state.phase = 12, "france", "collect_income"
    s.invalidate()
    out = ok(s, "advance")
    assert s.state.phase == "over" and s.state.winner == "allies"
    assert any("ALLIED VICTORY CONDITION" in m for m in out.messages)


# ---------------------------------------------------------------------- NEUTRAL BLOCKS
def test_an_allied_attack_in_south_america_makes_the_block_german(s):
    # BLOCK #1: "If an Allied power attacks any strict neutral territory in South America, all
    # remaining standing armies in South America (including pro-axis neutrals) and the territories
    # they're on, become German."
    ok(s, "war", nation="usa", on="germany")
    out = ok(s, "attack", space="box:chile", by="usa")
    for x in ("box:chile", "box:argentina", "box:brazil", "box:peru", "box:venezuela", "box:colombia"):
        assert own(s, x) == "germany" and x not in s.state.neutrals
    assert s.state.units["box:argentina"] == {"germany": 3}  # the pro-axis neutral's army too
    assert "BLOCK #1 - SOUTH AMERICA" in out.messages[0]
    assert "spain" in s.state.neutrals  # other blocks are untouched


def test_an_axis_attack_in_europe_makes_the_block_british(s):
    # BLOCK#2: "If an Axis power attacks any strict neutral territory in Europe, Africa, or the Middle
    # East, all remaining standing armies ... (including pro-allied neutrals) ... become British."
    ok(s, "take", space="belgium", by="germany")
    assert own(s, "belgium") == "germany"
    for x in ("spain", "sweden", "norway", "greece", "turkey"):
        assert own(s, x) == "uk_europe"
    assert s.state.units["norway"] == {"uk_europe": 1}
    assert "box:brazil" in s.state.neutrals


def test_mongolia_goes_to_japan_or_russia(s):
    # BLOCK #3: Allied attack -> Japanese; Axis attack -> Russian
    ok(s, "war", nation="japan", on="uk_pacific")
    ok(s, "attack", space="box:mongolia", by="japan")
    assert own(s, "box:mongolia") == "soviet"
    s.undo()
    ok(s, "attack", space="box:mongolia", by="china")
    assert own(s, "box:mongolia") == "japan"


def test_attacking_a_pro_neutral_turns_no_block(s):
    out = ok(s, "attack", space="romania", by="france")
    assert "no block changes sides" in out.messages[0] and "spain" in s.state.neutrals


# ----------------------------------------------------------- CLAIMING STANDING ARMIES
def test_an_air_transport_with_infantry_claims_a_pro_neutral(s):
    # CLAIMING STANDING ARMIES: "an air transport may land on a pro-neutral territory and claim the
    # standing army if carrying at least one regular infantry or elite infantry ON it."
    out = act(s, "claim", space="bulgaria", by="germany", air_transport=True, cargo=["artillery"])
    assert not out.ok and "regular or elite infantry" in out.reason and out.rule == "CLAIMING STANDING ARMIES"
    ok(s, "claim", space="bulgaria", by="germany", air_transport=True, cargo=["infantry", "artillery"])
    assert own(s, "bulgaria") == "germany" and s.state.units["bulgaria"] == {"germany": 2}
    # "Any land unit may claim a pro-neutral's standing army" (of its own side: rulings A6)
    ok(s, "claim", space="hungary", by="germany")
    assert not act(s, "claim", space="greece", by="germany").ok


def test_an_allied_power_claims_a_pro_allied_neutral(s):
    # "Any land unit may claim a pro-neutral's standing army": an Allied power's are the pro-allied (A6)
    out = act(s, "take", space="greece", by="uk_europe")
    assert not out.ok and out.reason == (
        "Greece is a pro-allied neutral: its standing army is claimed (mapref claim), not attacked"
    )
    ok(s, "claim", space="greece", by="uk_europe")
    assert own(s, "greece") == "uk_europe" and s.state.units["greece"] == {"uk_europe": 2}
    out = act(s, "claim", space="bulgaria", by="uk_europe")
    assert not out.ok and out.reason == (
        "Bulgaria is a pro-axis neutral: only a pro-allied neutral's army can be claimed by United Kingdom (Europe)"
    )


# ---------------------------------------------------------- PRODUCTION ON NEUTRAL TERRITORIES
def test_only_minor_factories_on_neutral_territories(s):
    # "Minor Factories are the only Production facility allowed on neutral territories regardless of territory value"
    ok(s, "claim", space="romania", by="germany")
    out = act(s, "build", space="romania", facility="major_factory", by="germany")
    assert not out.ok and "minor factories are the only production facility" in out.reason
    ok(s, "build", space="romania", facility="minor_factory", by="germany")
    assert "minor_factory" in s.state.facilities["romania"]
    ok(s, "build", space="germany", facility="air_base", by="germany")  # not a neutral territory


# ---------------------------------------------------------- NAVAL PORTS ON NEUTRAL TERRITORIES
@pytest.mark.parametrize("space,ships,cost", [("spain", 3, 6), ("turkey", 4, 12), ("france", 3, 0), ("germany", 9, 0)])
def test_naval_base_rental(s, space, ships, cost):
    # "Strict neutral ... 6 IPCs ... Pro neutral ... 3 IPCs ... Friendly ... 0 IPCs = ... up to 3
    # ships; Nation owned ... 0 IPCs = ... unlimited ships" (a fourth ship pays again: rulings A7)
    if space == "france":
        s.state.nation = "uk_europe"
        s.invalidate()
    by = s.state.nation
    cash = s.state.nations[by].cash
    out = ok(s, "rent", space=space, by=by, ships=ships)
    assert s.state.nations[by].cash == cash - cost and str(cost) in out.messages[0]


def test_a_pro_neutral_base_costs_3(s):
    s.state.neutrals["iceland"] = {"kind": "pro_allied", "block": "europe", "army": 1}
    s.state.facilities["iceland"] = {"naval_base": "ok"}
    s.state.nation = "uk_europe"
    s.invalidate()
    ok(s, "rent", space="iceland", by="uk_europe", ships=3)
    assert s.state.nations["uk_europe"].cash == 25 - 3
    assert not act(s, "rent", space="iceland", by="germany", ships=1).ok  # not Germany's purchase phase


def test_rentals_are_paid_in_the_purchase_phase_for_one_turn(s):
    ok(s, "advance")
    out = act(s, "rent", space="spain", by="germany", ships=1)
    assert not out.ok and "purchase" in out.reason


# ------------------------------------------------------------- NEUTRAL NATIONS: NOT AT WAR
def test_the_soviet_union_not_at_war_may_not_enter_a_neutral(s):
    # THE SOVIET UNION: "Unless at war with a European Axis power, Russia may not ... move into neutral territories."
    out = act(s, "take", space="finland", by="soviet")
    assert not out.ok and out.rule == "NEUTRAL NATIONS: NOT AT WAR: THE SOVIET UNION"
    out = act(s, "collect", nation="soviet", what="national_objectives", amount=5)
    assert not out.ok and "not at war with Germany, Italy" in out.reason
    ok(s, "war", nation="germany", on="soviet")
    ok(s, "collect", nation="soviet", what="national_objectives", amount=5)
    assert s.state.nations["soviet"].cash == 25


def test_the_united_states_and_japan_not_at_war(s):
    for nation, what in (("usa", "oil_tankers"), ("japan", "kamikaze_tokens"), ("anzac", "patron_tokens")):
        assert not act(s, "collect", nation=nation, what=what).ok
    ok(s, "collect", nation="germany", what="national_objectives", amount=5)  # no such rule for Germany


# ------------------------------------------------------------ OCCUPATION OF CAPITAL CITIES
def test_germany_loses_berlin_its_cash_and_its_income(s):
    # GERMANY (BERLIN): "they must relinquish all cash on hand to the nation that now controls it,
    # and they may not collect income again until Berlin has been liberated"
    out = ok(s, "take", space="Germany", by="france")
    assert s.state.nations["germany"].cash == 0 and s.state.nations["france"].cash == 15 + 30
    assert income(s, "germany") == (False, "until Berlin is liberated")
    assert not act(s, "collect", nation="germany", what="income", amount=10).ok
    assert any("its 30 cash on hand goes to France" in m for m in out.messages)
    ok(s, "war", nation="italy", on="france")
    ok(s, "take", space="Germany", by="italy")  # liberated by an ally: back to Germany
    assert own(s, BERLIN) == "germany" and income(s, "germany")[0]


def test_russia_declares_a_new_capital_then_loses_its_income(s):
    # SOVIET UNION (MOSCOW): "must immediately declare a new capital territory with a production
    # facility on it ... If a new capital has been established (which will be the last Russian
    # capital) and it becomes enemy occupied, Russia may not collect income again until it is liberated."
    ok(s, "war", nation="germany", on="soviet")
    ok(s, "take", space=MOSCOW, by="germany")
    assert s.state.pending and s.state.pending[0]["kind"] == "capital"
    assert not act(s, "advance").ok  # "immediately"
    assert not act(s, "capital", nation="soviet", space="belarus").ok  # no production facility
    ok(s, "capital", nation="soviet", space=STALINGRAD)
    assert income(s, "soviet")[0]
    ok(s, "take", space=STALINGRAD, by="germany")
    ok_, why = income(s, "soviet")
    assert not ok_ and "its last capital" in why
    assert not s.state.pending


def test_russia_without_a_production_facility_waits_for_moscow(s):
    ok(s, "war", nation="germany", on="soviet")
    for sp in (STALINGRAD, "ukraine"):
        ok(s, "take", space=sp, by="germany")
    ok(s, "take", space=MOSCOW, by="germany")
    assert not s.state.pending and income(s, "soviet") == (
        False,
        "until Moscow is liberated (no production facility left)",
    )


def test_the_united_states_lone_capital_then_exile(s):
    # UNITED STATES (WASHINGTON): "San Francisco becomes the lone capital city allowing America to
    # continue collecting income"; (EXILE) "all American units on the Europe map become German, and
    # all American units on the Pacific map become Japanese" (when it holds neither: rulings A8)
    ok(s, "war", nation="usa", on="germany")
    out = ok(s, "take", space=WASHINGTON, by="germany")
    assert any("San Francisco becomes the lone capital" in m for m in out.messages)
    assert income(s, "usa")[0] and s.state.units[WASHINGTON] == {"usa": 4}
    ok(s, "war", nation="usa", on="japan")
    ok(s, "take", space=SAN_FRANCISCO, by="japan")
    assert not income(s, "usa")[0]
    assert s.state.units[WASHINGTON] == {"germany": 4}
    assert s.state.units[SAN_FRANCISCO] == {"japan": 2} and s.state.units["box:honolulu"] == {"japan": 1}


def test_london_falls_and_canada_takes_the_uk_europe_economy(s):
    # UNITED KINGDOM (LONDON): "all UK Europe territories now belong to Canada (UK pieces on board
    # remain British). Any originally controlled UK Europe territory which gets liberated after exile
    # (including London) is now absorbed into the Canadian economy."
    ok(s, "take", space=LONDON, by="germany")
    assert own(s, "egypt") == "canada" and s.state.units["egypt"] == {"uk_europe": 2}
    assert s.state.nations["uk_europe"].absorbed_by == "canada"
    assert not income(s, "uk_europe")[0] and income(s, "canada")[0]
    ok(s, "take", space=LONDON, by="france")
    assert own(s, LONDON) == "canada"


def test_london_and_ottawa_both_lost_stop_both_incomes_until_ottawa_is_liberated(s):
    # COMMONWEALTH CANADA (OTTAWA): "If Canada loses their capital while in control of the UK Europe
    # economy, the UK must remove all British units on the Europe map"; "If both London and Ottawa are
    # under enemy control, then UK Europe and Canada may not collect an income again until Ottawa is liberated"
    ok(s, "take", space=LONDON, by="germany")
    out = ok(s, "take", space=OTTAWA, by="germany")
    assert any("United Kingdom (Europe) units on the europe map are removed" in m for m in out.messages)
    assert "uk_europe" not in s.state.units.get("egypt", {}) and s.state.units["india"] == {"uk_pacific": 3}
    assert not income(s, "uk_europe")[0] and income(s, "canada") == (False, "until Ottawa is liberated")
    ok(s, "war", nation="usa", on="germany")
    ok(s, "take", space=OTTAWA, by="usa")
    assert own(s, OTTAWA) == "canada" and income(s, "canada")[0] and not income(s, "uk_europe")[0]


def test_rome_falls_with_northern_italy_axis_held_the_italian_social_republic(s):
    # ITALY (ROME): "the Italian puppet government of the Italian Social Republic is established,
    # however, only if Northern Italy is not Allied controlled. If the puppet government is
    # triggered, then Northern Italy and all Italian units on the board immediately become German."
    ok(s, "war", nation="italy", on="france")
    out = ok(s, "take", space=ROME, by="france")
    assert own(s, N_ITALY) == "germany" and s.state.nations["italy"].isr
    assert s.state.units[N_ITALY] == {"germany": 2} and s.state.units["libya"] == {"germany": 2}
    assert s.state.nations["france"].cash == 15 + 10
    rolls = [p["target"] for p in s.state.pending if p["kind"] == "roll"]
    assert "Tyrrhenian Sea" in rolls and "libya" in rolls and "albania" in rolls
    # the dice: Germany higher -> German; the Allies higher -> removed / value in limbo
    assert not act(s, "roll", target="libya", germany=4, allies=4).ok  # a tie: roll again (rulings A10)
    ok(s, "roll", target="libya", germany=2, allies=5)
    assert own(s, "libya") == "italy" and "libya" in s.state.limbo and s.state.units["libya"] == {"germany": 2}
    ok(s, "roll", target="Tyrrhenian Sea", germany=6, allies=1)
    assert s.state.ships["Tyrrhenian Sea"] == {"germany": 2}
    ok(s, "roll", target="Central Mediterranean", germany=1, allies=2)
    assert s.state.ships["Central Mediterranean"] == {}
    for t in [p["target"] for p in s.state.pending]:
        ok(s, "roll", target=t, germany=5, allies=3)
    assert own(s, "albania") == "germany"
    # "It won't matter if an Axis nation liberates Rome, Northern Italy will remain the new capital
    # and all units remain German."
    ok(s, "take", space=ROME, by="germany")
    assert own(s, ROME) == "italy" and own(s, N_ITALY) == "germany" and s.state.units[N_ITALY] == {"germany": 2}
    assert any("Italian Social Republic" in m for m in out.messages)


def test_rome_falls_with_northern_italy_allied_no_puppet(s):
    ok(s, "war", nation="italy", on="france")
    ok(s, "take", space=N_ITALY, by="france")
    out = ok(s, "take", space=ROME, by="france")
    assert not s.state.nations["italy"].isr and any("no Italian Social Republic" in m for m in out.messages)
    assert not s.state.pending and s.state.units["libya"] == {"italy": 2}


def test_france_loses_paris(s):
    # FRANCE (PARIS): cash to the captor, "Vichy rules are immediately in effect", no income until liberated
    out = ok(s, "take", space=PARIS, by="germany")
    assert any("Vichy rules" in m for m in out.messages) and not income(s, "france")[0]


# ------------------------------------------------------------------ files and the CLI
def test_the_state_round_trips_through_a_saved_game(s, tmp_path):
    ok(s, "war", nation="italy", on="france")
    ok(s, "take", space=ROME, by="france")
    ok(s, "roll", target="libya", germany=2, allies=5)
    data = s.state_data()
    s.save(tmp_path / "g.toml")
    assert open_game(tmp_path / "g.toml").state_data() == data
    while s.log:
        s.undo()
    assert s.state.owners == {} and not s.state.pending


def test_the_command_line(tmp_path):
    r = mapref("new-game", "aa_house_rules", "-o", "g.toml", cwd=tmp_path)
    assert r.returncode == 0 and "armies" not in r.stdout, r.stdout + r.stderr
    r = mapref("take", "g.toml", "Finland", "--by", "soviet", cwd=tmp_path)  # Germany's turn (rulings A22)
    assert r.returncode == 1 and r.stderr.count("\n") == 1 and "turn" in r.stderr
    r = mapref("take", "g.toml", "France", "--by", "germany", cwd=tmp_path)
    assert r.returncode == 0 and "cash on hand goes to Germany" in r.stdout, r.stderr
    r = mapref("referee", "g.toml", cwd=tmp_path)
    assert "France: NO income (until Paris is liberated)" in r.stdout
    r = mapref("rent", "g.toml", "Spain", "--by", "germany", "--ships", "0", cwd=tmp_path)
    assert r.returncode == 1 and "1 ship at least" in r.stderr
    r = mapref("rent", "g.toml", "Spain", "--by", "germany", "--ships", "3", cwd=tmp_path)
    assert r.returncode == 0 and "6" in r.stdout, r.stderr
    r = mapref("undo", "g.toml", cwd=tmp_path)
    for _ in range(7):  # to the Soviet turn
        assert mapref("advance", "g.toml", cwd=tmp_path).returncode == 0
    r = mapref("take", "g.toml", "Finland", "--by", "soviet", cwd=tmp_path)
    assert r.returncode == 1 and r.stderr.count("\n") == 1 and "NOT AT WAR" in r.stderr


def test_a_condition_naming_an_unknown_nation_is_one_line_with_its_place(tmp_path):
    text = SCENARIO.read_text(encoding="utf-8").replace('sides = ["germany", "italy"]', 'sides = ["germany", "italia"]')
    p = tmp_path / "bad.toml"
    p.write_text(text, encoding="utf-8")
    with pytest.raises(FileProblems) as e:
        load_scenario(p)
    assert any(
        "victory.european_cities.sides" in str(x) and '"italia"' in str(x) and str(x).startswith(f"{p}:")
        for x in e.value.problems
    )
