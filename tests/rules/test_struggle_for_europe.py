"""Struggle for Europe refereed on its area map: the rulebook's examples (the reference's T1-T10
and X1-X9), each from a saved game on disk, through the game session (the window's and the
command line's one door).  Sections are the rulebook's (docs/rulings.md, S-rulings)."""

import pytest

from mapref.rules.ruleset import Action
from mapref.rulesets.struggle_for_europe.battle import losses
from tests.rules.sfe_positions import counters, position, where


def report(s):
    return s.report().as_dict()


def counter(s, cid):
    return next(c for c in report(s)["counters"] if c["id"] == cid)


def ok(s, verb, **args):
    out = s.apply(Action(verb, args))
    assert out.ok, out.refusal
    return out


def no(s, verb, **args):
    before = s.state_data()
    out = s.check(Action(verb, args))
    assert not out.ok, out.messages
    assert s.state_data() == before
    return out


# --------------------------------------------------------------------- T1, T2 supply (8)
def test_t1_axis_counters_in_riga_are_out_of_supply_and_lose_one_counter(tmp_path):
    # 8 Supply Lines: "There are two Axis counters in Riga. The Soviet allies control Leningrad
    # and Bialystok. The two Axis counters in Riga are out of supply. The Axis player must
    # eliminate one counter of his choice."
    s = position(tmp_path, add={"A90": ("axis", 1, "riga"), "A91": ("axis", 2, "riga")}, flags={"riga": "axis"})
    r = report(s)
    assert r["out_of_supply"]["axis"] == {"Riga": ["A90", "A91"]}
    assert counter(s, "A90")["cut"] == ["bialystok.w", "leningrad.w"]  # the halves that cut it
    out = no(s, "end-turn")  # the owner chooses which counter (a 1 and a 2)
    assert out.ask.key == "losses" and out.ask.options == ["A90", "A91"] and out.rule == "8 Supply Lines"
    out = ok(s, "end-turn", losses=["A91"])
    assert "A91 (2) in Riga is out of supply and is lost" in out.messages
    assert counters(s, "riga") == ["A90"] and s.state.player == "allies"
    # one counter a turn: nothing else of the Axis was lost
    assert len([c for c in s.state.counters if c.faction == "axis"]) == 17


def test_t2_riga_is_supplied_through_the_axis_half_of_a_contested_bialystok(tmp_path):
    # "Bialystok is contested, with the Axis player controlling the half of Bialystok connected to
    # Riga, while the Soviet allies control the half connected to Minsk and Kiev. In this case,
    # the two Axis counters in Riga are in supply"
    riga = {"A90": ("axis", 1, "riga"), "A91": ("axis", 1, "riga")}
    s = position(
        tmp_path,
        add={**riga, "A92": ("axis", 1, "bialystok.w"), "S3": ("soviet", 1, "bialystok.e")},
        flags={"riga": "axis"},
    )
    r = report(s)
    assert r["locations"]["bialystok"]["control"] == "contested"
    a90 = counter(s, "A90")
    assert a90["supplied"] and a90["supply_path"] == ["riga.s", "bialystok.w", "warsaw.e", "warsaw.w", "berlin.e"]
    assert r["out_of_supply"]["axis"] == {}
    s3 = counter(s, "S3")  # the Soviet half traces on through Minsk
    assert (
        s3["supplied"]
        and s3["supply_path"][:2] == ["bialystok.e", "minsk.w"]
        and s3["supply_path"][-1].startswith("moscow")
    )
    out = ok(s, "end-turn")
    assert not any("out of supply" in m for m in out.messages) and counters(s, "riga") == ["A90", "A91"]
    # the halves the other way round: the trace would enter Bialystok by the Soviet half
    s = position(
        tmp_path,
        add={**riga, "A92": ("axis", 1, "bialystok.e"), "S3": ("soviet", 1, "bialystok.w")},
        flags={"riga": "axis"},
        name="g2.toml",
    )
    assert not counter(s, "A90")["supplied"] and counter(s, "A90")["cut"] == ["bialystok.w", "leningrad.w"]


def test_t8_each_faction_traces_to_its_own_supply_locations(tmp_path):
    # 8: "Blue counters must trace to London, Paris, or Alexandria. They could not trace to
    # Leningrad, Moscow, or Stalingrad."
    s = position(tmp_path, add={"W56": ("western", 1, "bucharest")}, flags={"bucharest": "western"})
    w = counter(s, "W56")
    assert not w["supplied"] and "kiev.w" in w["cut"] and "odessa.w" in w["cut"]
    s = position(tmp_path, add={"S90": ("soviet", 1, "bucharest")}, flags={"bucharest": "soviet"}, name="g2.toml")
    assert counter(s, "S90")["supplied"]


def test_t9_a_clean_start(tmp_path):
    # 5.2 set-up; 3: no flags in starting locations; "*No Fortress start on the board"
    s = position(tmp_path)
    r = report(s)
    assert all(c["supplied"] for c in r["counters"]) and len(r["counters"]) == 38
    assert s.state.flags == {} and not any(c.fortress for c in s.state.counters) and s.state.bombing == 0
    assert r["violations"] == [] and r["victory"] is None
    assert r["cards"]["axis"]["hand"] == 6 and r["cards"]["allies"]["hand"] == 5  # 5.1
    assert r["victory_points"] == {"axis": 0, "allies": 0, "difference": 0, "leader": ""}
    assert sorted(c["id"] for c in r["counters"] if c["location"] == "ruhr") == ["A12", "A13", "A14", "A15"]
    assert [s.state.counter(x).strength for x in ("A12", "A13", "A14", "A15")] == [1, 2, 2, 3]


# ------------------------------------------------------------------- T3 the Ruhr (8 Examples)
def test_t3_the_ruhr_attacks_sedan_and_antwerp(tmp_path):
    s = position(tmp_path)
    # "move two counters (1 and 2) to Sedan and send his 3 counter to Antwerp"
    out = ok(
        s,
        "move",
        **{
            "from": "ruhr",
            "moves": [{"to": "sedan", "counters": ["1", "2"]}, {"to": "antwerp", "counters": ["3"]}],
            "card": "truck",
        },
    )
    assert out.data["battles"] == ["sedan", "antwerp"]
    assert where(s, "A12") == "sedan.e" and where(s, "A15") == "antwerp.e"  # Sedan's "right half"
    # "The Allied player elects to retreat into the back half of the location in Antwerp"
    ok(s, "battle", at="antwerp", attacker_air=3, retreat=True)
    assert where(s, "W5") == "antwerp.w" and report(s)["locations"]["antwerp"]["control"] == "contested"
    assert s.state.flags == {}
    # "the Allied player elects to battle in Sedan and defeats the Axis resulting in each player
    # losing one counter and the Axis 1 counter having to retreat back to the Ruhr"
    out = ok(s, "battle", at="sedan", attacker_air=3, defender_air=5, losses=["A13"])
    assert out.data["winner"] == "allies" and out.data["losses"] == {"axis": 1, "allies": 1}
    assert counters(s, "ruhr") == ["A12", "A14"] and counters(s, "sedan") == ["W7"]
    assert report(s)["locations"]["sedan"]["control"] == "western" and "sedan" not in s.state.flags
    # "The air power card(s) played by either player are placed in the recycle pile": the move
    # card and two air cards of the Axis, one air card of the Allies
    assert (s.state.cards["axis"].hand, s.state.cards["axis"].recycle) == (3, 3)
    assert (s.state.cards["allies"].hand, s.state.cards["allies"].recycle) == (4, 1)
    assert counter(s, "A15")["supplied"]  # the 3 in Antwerp's front half traces through the Ruhr
    assert s.state.cards["allies"].deck == 1  # no red location was entered (6)


def test_a_move_into_enemy_locations_needs_an_air_card_for_each_battle(tmp_path):
    # 8 Examples: "The player must have two available cards in their hand to do this operation"
    s = position(tmp_path, hands={"axis": 2})
    out = no(
        s,
        "move",
        **{"from": "ruhr", "moves": [{"to": "sedan", "counters": ["1", "2"]}, {"to": "antwerp", "counters": ["3"]}]},
    )
    assert "needs 3 cards" in out.reason and out.rule == "7.2 Move; 8 Examples"


# -------------------------------------------------------- T4 London to Marseille (8 Examples)
def t4(tmp_path, paris_w="paris.sw", paris_a="paris.ne", name="g.toml"):
    return position(
        tmp_path,
        player="allies",
        remove=["W8"],
        name=name,
        add={
            "W50": ("western", 3, "london"),
            "W9": ("western", 1, paris_w),
            "W10": ("western", 1, paris_w),
            "W11": ("western", 2, paris_w),
            "A93": ("axis", 2, paris_a),
            "W51": ("western", 2, "marseilles.nw"),
            "A94": ("axis", 1, "marseilles.se"),
        },
    )


def test_t4_london_through_normandy_and_paris_to_marseille_with_a_naval_card(tmp_path):
    s = t4(tmp_path)
    out = ok(
        s,
        "move",
        **{"from": "london", "to": "marseilles", "counters": ["W50"], "card": "naval", "via": ["normandy", "paris"]},
    )
    # "moves it through friendly location (Normandy) and a friendly half of contested location
    # (Paris), then finishes in a friendly half of a contested location (Marseille). NO BATTLE"
    assert out.messages[0] == (
        "W50 (3): London -> Normandy -> Paris (south-west) -> Marseilles (north-west) (no battle)"
    )
    assert out.data["path"] == ["london.se", "normandy.n", "normandy.s", "paris.sw", "marseilles.nw"]
    assert s.state.battles == [] and where(s, "W50") == "marseilles.nw" and where(s, "W51") == "marseilles.nw"
    # "Allied counters in Marseille are in supply to Paris and London from the same route"
    w = counter(s, "W50")
    assert w["supplied"] and w["supply_path"] == ["marseilles.nw", "paris.sw"]
    assert report(s)["locations"]["paris"]["control"] == "contested"  # a contested source still counts (8)


def test_t4_the_same_move_with_a_truck_card_is_refused(tmp_path):
    s = t4(tmp_path)
    out = no(s, "move", **{"from": "london", "to": "marseilles", "counters": ["W50"], "card": "truck"})
    assert "crosses a naval move line" in out.reason and "naval transport icon" in out.reason
    assert out.rule.startswith("2 Game Board")
    out = no(s, "move", **{"from": "london", "to": "marseilles", "counters": ["W50", "W1"], "card": "naval"})
    assert "only one counter may move through several locations" in out.reason  # "One army counter"


def test_t4_a_path_never_passes_the_enemy_half_of_a_contested_location(tmp_path):
    # the Western counters of Paris in the half without the Normandy and Marseille lines: the one
    # counter goes round by Bordeaux, not through the Axis half
    s = t4(tmp_path, paris_w="paris.ne", paris_a="paris.sw")
    out = ok(
        s,
        "move",
        **{"from": "london", "to": "marseilles", "counters": ["W50"], "card": "naval", "via": ["normandy", "paris"]},
    )
    path = out.data["path"]
    assert "paris.sw" not in path and path[path.index("paris.ne") - 1] == "antwerp.w"  # in by the friendly half
    # with Antwerp and Sedan Axis-held, Paris is reached only through its Axis half: refused
    s = position(
        tmp_path,
        player="allies",
        remove=["W5", "W6", "W7"],
        name="g2.toml",
        add={"W50": ("western", 3, "london"), "W9": ("western", 1, "paris.ne"), "A93": ("axis", 2, "paris.sw")},
        flags={"antwerp": "axis", "sedan": "axis"},
    )
    out = no(
        s,
        "move",
        **{"from": "london", "to": "marseilles", "counters": ["W50"], "card": "naval", "via": ["normandy", "paris"]},
    )
    assert out.reason.startswith("no chain of move lines from London to Marseilles by Normandy, Paris")


# ------------------------------------------------------------------ T5 the Sedan battle (8)
def t5(tmp_path, name="g.toml"):
    return position(
        tmp_path,
        remove=["W7"],
        name=name,
        add={"W6": ("western", 1, "sedan.w"), "A95": ("axis", 2, "sedan.e"), "W52": ("western", 3, "paris")},
    )


def test_t5_the_battle_in_contested_sedan(tmp_path):
    s = t5(tmp_path)
    ok(s, "attack", at="sedan")  # "The Axis player conducts an attack operation in a contested location"
    assert s.state.operations == 1 and s.state.battles[0].at == "sedan.w" and s.state.battles[0].defence == 0
    args = dict(at="sedan", attacker_air=4, attacker_bonus=2, defender_air=5, reinforce="W52")
    out = no(s, "battle", **args)  # the Allies choose one of their two units: a 1 and a 3
    assert out.ask.key == "losses" and out.ask.options == ["W6", "W52"]
    out = ok(s, "battle", **args, losses=["W6"])
    # "This gives him a value of 8 strength ... Adding his total gives him a value of 9 (5 + 3 + 1)"
    assert out.data["totals"] == {"axis": 8, "allies": 9} and out.data["winner"] == "allies"
    assert (
        out.messages[1]
        == "Axis: counters 2 + air 4 + events 2 = 8; Allied: counters 4 + air 5 = 9: the Allied player wins"
    )
    # "The Axis player's unit is eliminated. The Allied player must choose one of his two units"
    assert s.state.counter("A95") is None and s.state.counter("W6") is None
    assert counters(s, "sedan") == ["W52"] and where(s, "W52") == "sedan"
    r = report(s)
    assert (
        r["locations"]["sedan"]["control"] == "western" and "sedan" not in s.state.flags
    )  # "controls the Sedan location"
    # all cards recycled: Axis air + Great Commander; Allied air + Reinforce
    assert (s.state.cards["axis"].hand, s.state.cards["axis"].recycle) == (4, 2)
    assert (s.state.cards["allies"].hand, s.state.cards["allies"].recycle) == (3, 2)


def test_t5_the_defender_wins_ties(tmp_path):
    s = t5(tmp_path)
    ok(s, "attack", at="sedan")
    out = ok(s, "battle", at="sedan", attacker_air=4, attacker_bonus=2, defender_air=4, reinforce="W52", losses=["W6"])
    assert out.data["totals"] == {"axis": 8, "allies": 8} and out.data["winner"] == "allies"
    assert "(the defender wins ties)" in out.messages[1]


def test_losses_are_counted_in_counters():
    # 8: "if the loser had 5 counters, he would lose 3"; "if the winner had 5 counters, he would
    # lose 2"; "may never lose more counters than the loser of the battle"
    assert losses(5, 5) == (3, 2)
    assert losses(1, 5) == (1, 1) and losses(1, 1) == (1, 0) and losses(2, 2) == (1, 1) and losses(0, 3) == (0, 0)


def test_a_move_battle_adds_the_location_defence_value_of_the_attackers_line(tmp_path):
    # 2: "the location defense value that is added to an occupying defender when an attacker
    # enters the location using that move line" (the map: +1 entering Sedan from Munich)
    s = position(tmp_path, add={"A96": ("axis", 2, "munich"), "A98": ("axis", 1, "munich")})
    ok(s, "move", **{"from": "munich", "to": "sedan"})
    b = s.state.battles[0]
    assert (b.at, b.defence, b.line) == ("sedan.e", 1, "sedan-munich")
    out = ok(s, "battle", at="sedan", attacker_air=1, defender_air=1, losses=["A98"])
    assert out.data["totals"] == {"axis": 4, "allies": 4}  # 1 + 1 + air 1 + defence 1
    assert out.data["winner"] == "allies" and where(s, "A96") == "munich"  # back along the line it used


# ------------------------------------------------------------------------ T6 Budapest (3)
def test_t6_a_blue_counter_may_not_enter_a_soviet_held_budapest(tmp_path):
    s = position(
        tmp_path,
        player="allies",
        decks={"allies": 2},
        add={"W53": ("western", 1, "vienna")},
        flags={"vienna": "western", "budapest": "soviet", "bucharest": "western"},
    )
    out = no(s, "move", **{"from": "vienna", "to": "budapest"})
    assert out.reason == "Western Allies counters may not enter Budapest: the Soviet Allies control it"
    assert out.rule.startswith("3 Game Counters")
    # nor through it (7.2: "blue may not enter red, and red may not enter blue controlled locations")
    out = no(s, "move", **{"from": "vienna", "to": "bucharest"})
    assert out.reason.startswith("no chain of move lines from Vienna to Bucharest")
    out = no(s, "build", faction="western", strength=1, at="budapest")
    assert "may not enter Budapest" in out.reason
    # red may: the Soviets enter their own Budapest
    s2 = position(
        tmp_path,
        player="allies",
        decks={"allies": 2},
        name="g2.toml",
        add={"S91": ("soviet", 1, "bucharest")},
        flags={"budapest": "soviet", "bucharest": "soviet"},
    )
    ok(s2, "move", **{"from": "bucharest", "to": "budapest"})


# -------------------------------------------------------------- T7 the Algiers line (2, 6)
def algiers(tmp_path, deck, name="g.toml", london_axis=False):
    add = {"W54": ("western", 1, "algiers"), "W55": ("western", 1, "box:usa")}
    flags = {"tunis": "axis", "marseilles": "axis"}
    remove = ["W8"]
    if london_axis:
        flags["london"] = "axis"
        remove += ["W1", "W2", "W3", "W4"]
    return position(tmp_path, player="allies", decks={"allies": deck}, add=add, flags=flags, remove=remove, name=name)


def test_t7_the_algiers_line_on_the_first_allied_deck(tmp_path):
    s = algiers(tmp_path, 1)  # "does not come into effect until the start of the Allied 2nd play deck"
    assert not counter(s, "W54")["supplied"]
    out = no(s, "move", **{"from": "london", "moves": [{"to": "algiers", "counters": ["W1", "W2"]}], "card": "naval"})
    assert "Algiers is not next to London along a move line in effect" in out.reason
    out = no(s, "move", **{"from": "london", "to": "algiers", "counters": ["W1"], "card": "naval"})
    assert out.reason.startswith("no chain of move lines from London to Algiers")


def test_t7_the_algiers_line_on_the_second_allied_deck(tmp_path):
    s = algiers(tmp_path, 2)
    w = counter(s, "W54")  # "Supply may be traced along the line from Algiers back to London"
    assert w["supplied"] and w["supply_path"] == ["algiers.w", "london.nw"]
    out = no(s, "move", **{"from": "london", "to": "algiers", "counters": ["W1"], "card": "truck"})
    assert "naval move line" in out.reason
    out = no(s, "move", **{"from": "algiers", "to": "london", "counters": ["W54"], "card": "naval"})
    assert out.reason.startswith("no chain of move lines from Algiers to London")  # one way
    out = no(s, "move", **{"from": "box:usa", "to": "algiers", "card": "naval"})
    assert "can move from the shuffle for the 3rd Allied play deck" in out.reason and out.rule == "6 USA Entry"
    ok(s, "move", **{"from": "london", "to": "algiers", "counters": ["W1", "W2"], "card": "naval"})
    assert counters(s, "algiers") == ["W1", "W2", "W54"]


def test_t7_the_algiers_line_on_the_third_allied_deck(tmp_path):
    s = algiers(tmp_path, 3, london_axis=True)  # "(and USA starting with the 3rd Allied play deck)"
    w = counter(s, "W54")
    assert w["supplied"] and w["supply_path"] == ["algiers.w", "box:usa"]
    ok(s, "move", **{"from": "usa", "to": "algiers", "card": "naval"})
    assert where(s, "W55") == "algiers"


# ---------------------------------------------------------- T10, X7 Special Circumstance (6)
def test_t10_the_axis_entering_a_red_location_brings_the_soviets_into_play(tmp_path):
    s = position(tmp_path)
    assert s.report().as_dict()["cards"]["allies"]["hand_size"] == 5
    out = ok(s, "move", **{"from": "warsaw", "to": "bialystok", "counters": ["A5"]})
    assert any("the Soviets come into play" in m for m in out.messages)
    assert s.state.cards["allies"].deck == 2 and report(s)["cards"]["allies"]["hand_size"] == 6
    ok(s, "battle", at="bialystok", attacker_air=1, defender_air=4)  # the Axis 3 loses; it counts all the same
    assert s.state.cards["allies"].deck == 2


def test_x7_soviets_may_not_move_or_build_on_the_first_allied_deck(tmp_path):
    s = position(tmp_path, player="allies")
    out = no(s, "move", **{"from": "minsk", "to": "smolensk"})
    assert out.reason == "Soviet Allies counters may not move yet (on Allied deck 1)"
    assert out.rule == "6: Soviet allies may not move or build during the 1st allied play deck"
    assert "may not be built yet" in no(s, "build", faction="soviet", strength=1, at="moscow").reason
    s = position(tmp_path, player="allies", decks={"allies": 2}, name="g2.toml")
    ok(s, "move", **{"from": "minsk", "to": "smolensk"})


def test_an_axis_entry_into_tan_riga_does_not_bring_the_soviets_in(tmp_path):
    s = position(tmp_path, remove=["S3"], add={"A97": ("axis", 1, "bialystok")}, flags={"bialystok": "axis"})
    out = ok(s, "move", **{"from": "bialystok", "to": "riga"})
    assert out.messages == [
        "A97 (1): Bialystok -> Riga (south): Riga (neutral, unoccupied) is taken without battle",
        "Riga is now held by the Axis (German flag)",
    ]
    assert s.state.flags["riga"] == "axis" and s.state.cards["allies"].deck == 1


# -------------------------------------------------------------------- X1 bombing (2, 7.2)
def test_x1_strategic_bombing_cuts_the_axis_hand_at_its_next_draw(tmp_path):
    # "The marker sits in the 0 side of Axis (left of center 0). The Allied player plays a
    # Strategic Bombing card ... to the 1 space on the Axis side. The Axis player plays two cards
    # for operations during his next turn. This leaves the Axis player 4 cards in his hand ... He
    # begins the next turn with 5 cards in his hand."
    s = position(tmp_path, player="allies", bombing=-1)
    ok(s, "bomb")
    assert s.state.bombing == -2 and s.state.cards["allies"].hand == 3  # the card and one more recycled
    r = report(s)
    assert r["bombing"]["axis_hand_cut"] == 1 and r["victory_points"]["allies"] == 1  # VP from the track
    ok(s, "end-turn")
    ok(s, "discard")
    ok(s, "discard")
    assert s.state.cards["axis"].hand == 4
    out = ok(s, "end-turn")
    assert "the Axis player draws 1 card (hand size 5, 5 in hand)" in out.messages


def test_the_bombing_marker_never_moves_off_the_end_of_the_track(tmp_path):
    s = position(tmp_path, bombing=4)
    out = no(s, "bomb")
    assert "at the end of the track" in out.reason and out.rule == "7.2 Operation: Conduct a Strategic Bombing"


# ------------------------------------------------------------------------ builds (7.2, 3)
def test_builds_cost_cards_as_the_quick_reference_says(tmp_path):
    s = position(tmp_path)
    out = ok(s, "build", strength=2, at="berlin")
    assert out.messages[0] == "A17 (2) built in Berlin (the card removed from the game, 1 more recycled)"
    c = s.state.cards["axis"]
    assert (c.hand, c.recycle, c.removed) == (4, 1, 1)
    out = no(s, "build", strength=3, at="paris")
    assert "Paris is held by the Western Allies" in out.reason
    ok(s, "build", strength=3, at="rome")
    assert s.state.cards["axis"].hand == 1
    out = no(s, "build", strength=1, at="rome")  # two operations done
    assert "two operations" in out.reason


def test_a_counter_is_built_only_in_an_in_supply_location(tmp_path):
    s = position(tmp_path, add={"A90": ("axis", 1, "riga")}, flags={"riga": "axis"})
    out = no(s, "build", strength=1, at="riga")
    assert "not in supply" in out.reason


def test_the_usa_box_takes_western_counters_from_the_third_allied_deck(tmp_path):
    s = position(tmp_path, player="allies", decks={"allies": 2})
    assert "not active yet" in no(s, "build", faction="western", strength=1, at="usa").reason
    s = position(tmp_path, player="allies", decks={"allies": 3}, name="g2.toml")
    ok(s, "build", faction="western", strength=1, at="usa")
    assert counters(s, "box:usa") == ["W15"]


def test_fortresses_one_per_half_axis_only_never_moving(tmp_path):
    s = position(tmp_path)
    out = no(s, "fortress", at="ruhr")
    assert out.ask is not None and out.ask.options == ["ruhr.w", "ruhr.e"]
    ok(s, "fortress", at="ruhr.w")
    assert where(s, "F1") == "ruhr.w" and s.state.counter("F1").strength == 3
    assert "only one fortress" in no(s, "fortress", at="ruhr.w").reason
    ok(s, "end-turn")
    assert "only the Axis player" in no(s, "fortress", at="paris.ne").reason


def test_no_counters_are_combined_or_split(tmp_path):
    # 3: "You can not take three 1 strength counters in a location and combine them": moving and
    # building never change a counter's strength, and losses take whole counters
    s = position(tmp_path)
    before = {c.id: c.strength for c in s.state.counters}
    ok(s, "move", **{"from": "ruhr", "to": "berlin", "counters": ["1", "2"]})
    assert {c.id: c.strength for c in s.state.counters} == before


# -------------------------------------------------------------------------- victory (9)
def test_x9_a_seven_point_lead_wins_at_the_end_of_the_other_players_turn(tmp_path):
    # the Axis holds Paris (2), London (3), Antwerp (1) and Marseilles (1): 7 points
    flags = {"paris": "axis", "london": "axis", "antwerp": "axis", "marseilles": "axis"}
    s = position(tmp_path, flags=flags, remove=["W1", "W2", "W3", "W4", "W5", "W8", "W9", "W10", "W11"])
    assert report(s)["victory_points"] == {"axis": 7, "allies": 0, "difference": 7, "leader": "axis"}
    out = ok(s, "end-turn")  # the end of an Axis turn: not yet
    assert not s.state.over and not any("game over" in m for m in out.messages)
    out = ok(s, "end-turn")  # the end of the Allied turn
    assert s.state.over and s.state.result["winner"] == "axis" and s.state.result["rule"] == "9 How to Win the Game"
    assert "no action" not in no(s, "pass").reason and no(s, "pass").reason == "the game is over"


def test_x9_at_the_end_of_the_game_the_allies_need_a_seven_point_lead(tmp_path):
    flags = {"berlin": "western", "ruhr": "western", "rome": "western"}
    s = position(
        tmp_path,
        player="allies",
        decks={"allies": 3},
        flags=flags,
        remove=["A10", "A11", "A12", "A13", "A14", "A15", "A16"],
    )
    assert report(s)["victory_points"]["allies"] == 7
    ok(s, "end-turn", last=True)
    assert s.state.over and s.state.result["winner"] == "allies"
    s = position(
        tmp_path,
        player="allies",
        decks={"allies": 3},
        flags={"berlin": "western", "ruhr": "western"},
        remove=["A12", "A13", "A14", "A15", "A16"],
        name="g2.toml",
    )
    ok(s, "end-turn", last=True)
    assert (
        s.state.result["winner"] == "axis"
        and "does not have a 7 victory point differential" in s.state.result["condition"]
    )


# ------------------------------------------------------------------ the session and files
def test_every_action_round_trips_through_the_state_data_and_undo(tmp_path):
    s = position(tmp_path)
    start = s.state_data()
    ok(
        s,
        "move",
        **{"from": "ruhr", "moves": [{"to": "sedan", "counters": ["1", "2"]}, {"to": "antwerp", "counters": ["3"]}]},
    )
    mid = s.state_data()
    ok(s, "battle", at="antwerp", attacker_air=3, retreat=True)
    ok(s, "battle", at="sedan", attacker_air=3, defender_air=5, losses=["A13"])
    ok(s, "fortress", at="ruhr.e")
    end = s.state_data()
    s.save()
    from mapref.rules.session import open_game

    again = open_game(tmp_path / "g.toml")
    assert again.state_data() == end
    for _ in range(3):
        again.undo()
    assert again.state_data() == mid
    again.undo()
    assert again.state_data() == start


@pytest.mark.parametrize("verb", ["move", "attack", "battle", "build", "fortress"])
def test_bad_arguments_are_refusals_not_exceptions(tmp_path, verb):
    s = position(tmp_path)
    out = s.check(Action(verb, {"from": "nowhere", "to": "atlantis", "at": "atlantis", "strength": "x"}))
    assert not out.ok and out.reason


# ------------------------------------------------------------------------ retreats (8 Retreat)
def test_a_beaten_defender_retreats_where_its_owner_chooses_among_friendly_locations(tmp_path):
    s = position(tmp_path)
    ok(s, "move", **{"from": "ruhr", "to": "sedan", "counters": ["A15", "A14"]})
    args = dict(at="sedan", attacker_air=5, defender_air=1, losses=["A14"])
    out = no(s, "battle", **args)  # "he must retreat using a move line to a friendly controlled location"
    assert out.ask.key == "retreat_to" and out.ask.options == ["antwerp", "marseilles", "paris"]
    assert out.reason.startswith("W7 must retreat from Sedan: choose where")
    out = no(s, "battle", **args, retreat_to=["munich"])
    assert out.reason == "W7 cannot retreat from Sedan to Munich (it may retreat to: Paris, Antwerp, Marseilles)"
    out = ok(s, "battle", **args, retreat_to=["paris"])
    assert out.data["winner"] == "axis" and where(s, "W7") == "paris" and s.state.counter("W6") is None
    assert s.state.flags == {"sedan": "axis"} and where(s, "A15") == "sedan"  # the winner's flag


def test_a_fortress_never_retreats_it_is_eliminated(tmp_path):
    # 7.2: "If counters in a location with a fortress retreat (forced or elected), the counters
    # retreat but the fortress is eliminated."
    s = position(
        tmp_path,
        player="allies",
        remove=["A13", "A14", "A15"],
        add={"F1": ("axis", 3, "ruhr.w"), "W60": ("western", 3, "sedan"), "W61": ("western", 3, "sedan")},
    )
    ok(s, "move", **{"from": "sedan", "to": "ruhr", "counters": ["W60", "W61"]})
    assert s.state.battles[0].defenders == ["A12", "F1"]  # the fortress of the half attacked defends
    out = ok(s, "battle", at="ruhr", attacker_air=3, losses=["A12"])
    assert out.data["totals"] == {"allies": 9, "axis": 4}
    assert "F1 (fortress) cannot retreat and is eliminated (3 Fortress Counter)" in out.messages
    assert counters(s, "ruhr") == ["W61"] and s.state.flags["ruhr"] == "western"  # one of the two 3s lost


def test_an_attack_operation_lost_sends_the_attacker_out_of_its_half(tmp_path):
    s = position(
        tmp_path,
        player="allies",
        add={"W6": ("western", 1, "sedan.w"), "W7": ("western", 1, "sedan.w"), "A95": ("axis", 2, "sedan.e")},
    )
    ok(s, "attack", at="sedan")
    b = s.state.battles[0]
    assert (b.at, b.attackers, b.defenders, b.kind) == ("sedan.e", ["W6", "W7"], ["A95"], "attack")
    out = ok(s, "battle", at="sedan", attacker_air=1, defender_air=3, retreat_to=["paris"])
    assert out.data["winner"] == "axis" and out.data["losses"] == {"allies": 1, "axis": 0}
    assert counters(s, "sedan") == ["A95"] and where(s, "W7") == "paris" and s.state.flags == {"sedan": "axis"}


def test_a_retreat_across_a_naval_line_costs_a_card(tmp_path):
    # 8 Retreat: "To retreat across a naval move line, you must discard into the recycle pile a
    # card with a naval move icon."
    s = position(
        tmp_path,
        remove=["W5", "W9", "W10", "W11"],
        flags={"paris": "axis", "antwerp": "axis", "bordeaux": "axis"},
        add={
            "A70": ("axis", 3, "paris"),
            "A71": ("axis", 3, "paris"),
            "W62": ("western", 1, "normandy"),
            "W63": ("western", 1, "normandy"),
        },
    )
    ok(s, "move", **{"from": "paris", "to": "normandy"})
    out = ok(s, "battle", at="normandy", attacker_air=1)
    assert where(s, "W63") == "london" and "the Allied player discards a naval move card" in " ".join(out.messages)
    assert s.state.cards["allies"].hand == 4 and s.state.cards["allies"].recycle == 1
