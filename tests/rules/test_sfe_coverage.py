"""Struggle for Europe: the rules of shared/seeds/000 the rulebook examples' tests
(test_struggle_for_europe.py) do not reach, each written from the rule's words, for the
Struggle for Europe table of docs/rules-coverage.md (issue 23)."""

import pytest

from tests.rules.sfe_positions import counters, position, where
from tests.rules.test_struggle_for_europe import counter, no, ok, report


# ------------------------------------------------------- 7 Sequence of Play; 7.1, 7.2
def test_two_operations_a_turn_then_supply_then_the_draw(tmp_path):
    # 7: "The active player performs any two operations. Supply is checked for the active players
    # counters after he performs his operations but before he draws cards. After both operations are
    # completed and supply is checked, the active player draws cards from his play deck to refill his
    # hand to his maximum"; 7.2 Pass: "they do nothing"; Discard: "one of their cards from their hand
    # to their recycle pile. Players may only discard one card per discard operation."
    s = position(tmp_path)
    ok(s, "discard")
    assert (s.state.cards["axis"].hand, s.state.cards["axis"].recycle) == (5, 1)
    ok(s, "pass")
    assert s.state.cards["axis"].hand == 5 and s.state.operations == 2
    assert "two operations" in no(s, "discard").reason
    out = ok(s, "end-turn")
    assert s.state.cards["axis"].hand == 6 and s.state.player == "allies" and s.state.operations == 0
    assert any("draws 1 card" in m for m in out.messages)


def test_an_event_is_recycled_unless_the_card_says_otherwise(tmp_path):
    # 7.2 Play Card Event: "Place the played card in the recycle pile unless the card states
    # otherwise"; Card Quick Reference: Coordinated Offensive "Eliminated"; Wolfpack: "Allied player
    # randomly discards 2 cards from his hand"
    s = position(tmp_path)
    ok(s, "event", note="Wolfpack", opponent_discards=2)
    assert (s.state.cards["axis"].hand, s.state.cards["axis"].recycle) == (5, 1)
    assert (s.state.cards["allies"].hand, s.state.cards["allies"].recycle) == (3, 2)
    ok(s, "event", note="Coordinated Offensive", removed=True)
    assert (s.state.cards["axis"].recycle, s.state.cards["axis"].removed) == (1, 1)


# ----------------------------------------------------------------------- 5.1, 6 decks
def test_the_allied_hand_grows_with_each_deck_and_the_axis_reshuffles_after_its_third(tmp_path):
    # 5.1: "The Axis hand size is six cards, for the entire game ... The Allied hand size starts the
    # game as five cards ... Once the Allied II chevron cards are added ... six cards ... III ...
    # seven cards"; 6 GAME END: "The Axis recycle pile is reshuffled to create the Axis play deck as
    # many times as needed after their third deck runs out. The 3rd Allied deck is their final deck"
    s = position(tmp_path)
    assert report(s)["cards"]["allies"]["hand_size"] == 5 and report(s)["cards"]["axis"]["hand_size"] == 6
    ok(s, "deck", player="allies", deck=2)
    assert report(s)["cards"]["allies"]["hand_size"] == 6
    ok(s, "deck", player="allies", deck=3)
    assert report(s)["cards"]["allies"]["hand_size"] == 7
    assert "last" in no(s, "deck", player="allies", deck=3).reason
    ok(s, "deck", player="axis", deck=2)
    ok(s, "deck", player="axis", deck=3)
    out = ok(s, "deck", player="axis", deck=3)
    assert s.state.cards["axis"].reshuffles == 1 and "reshuffled" in out.messages[0]
    assert report(s)["cards"]["axis"]["hand_size"] == 6


# --------------------------------------------------------------- 8 Supply Lines
def test_supply_is_checked_for_the_active_players_counters_only(tmp_path):
    # 7: "Supply is checked for the active players counters"; 8 Supply Lines: "At the end of the
    # active players turn, counters in a location that cannot trace supply back to their supply
    # location, lose one counter a turn".  A Western counter cut off loses nothing at the end of the
    # Axis turn, and one counter at the end of its own.
    s = position(
        tmp_path,
        add={"W56": ("western", 1, "bucharest"), "W57": ("western", 1, "bucharest")},
        flags={"bucharest": "western"},
    )
    assert not counter(s, "W56")["supplied"]
    ok(s, "end-turn")
    assert counters(s, "bucharest") == ["W56", "W57"]
    out = ok(s, "end-turn", losses=["W57"])
    assert counters(s, "bucharest") == ["W56"] and any("out of supply" in m for m in out.messages)


# ------------------------------------------------------ 2, 7.2: taking a location
def test_an_unoccupied_enemy_location_is_taken_without_battle_and_flagged(tmp_path):
    # 7.2: "If the location moved into is an unoccupied enemy controlled or neutral location, the
    # entire (both halves) location becomes friendly controlled and an appropriate control flag is
    # placed. There is no battle."; 3 Control Flags: "Control flags are never placed in starting
    # locations if controlled by the starting color counters."
    s = position(tmp_path, player="allies", remove=["A8", "A9"])
    out = ok(s, "move", **{"from": "marseilles", "to": "milan"})
    assert s.state.battles == [] and s.state.flags == {"milan": "western"}, out.messages
    assert report(s)["locations"]["milan"]["control"] == "western"


# --------------------------------------------------------------- 8 Special Circumstance
def test_a_move_into_the_enemy_half_of_a_contested_location_fights_only_the_movers(tmp_path):
    # 8: "Any Army counter(s) that move into an adjacent contested location through a move line that
    # enters through the enemy occupied half of the location a battle occurs. The battle occurs only
    # with the moving army counter(s) and the opposing army counters in that half of the location
    # (the friendly counters in the contested half of the location do not participate in the battle)."
    s = position(tmp_path, remove=["W7"], add={"W6": ("western", 1, "sedan.e"), "A95": ("axis", 2, "sedan.w")})
    ok(s, "move", **{"from": "ruhr", "to": "sedan", "counters": ["A12"]})  # the Ruhr's line enters sedan.e
    b = s.state.battles[0]
    assert (b.at, b.attackers, b.defenders) == ("sedan.e", ["A12"], ["W6"])


# --------------------------------------------------------------------------- 8 Retreat
def test_the_retreating_player_may_split_his_counters(tmp_path):
    # 8 Retreat: "When retreating, all counters of the retreating player must retreat. The retreating
    # player may split a retreating group of counters as long as all retreating counters follow the
    # retreat rules."
    s = position(tmp_path, add={"W60": ("western", 1, "sedan"), "W61": ("western", 1, "sedan")})
    ok(s, "move", **{"from": "ruhr", "to": "sedan", "counters": ["A15", "A14", "A13", "A12"]})
    out = ok(
        s,
        "battle",
        at="sedan",
        attacker_air=6,
        defender_air=1,
        losses=["W6", "W7", "A12", "A13"],
        retreat_to=["W60=paris", "W61=antwerp"],
    )
    assert (where(s, "W60"), where(s, "W61")) == ("paris", "antwerp"), out.messages
    assert counters(s, "sedan") == ["A14", "A15"]


# ------------------------------------------------------------------- 8 Retreat: colours
# 8 Retreat: "(Western allied counters cannot retreat into red locations. Soviet allied counters
# cannot retreat into blue controlled locations)."  Two places on the board: tan Bucharest, whose
# east half has lines only to red Kiev and Odessa (its west half to tan Budapest, Belgrade and
# Sofia), and tan Madrid, whose north half has a line only to blue Bordeaux (its south half to tan
# Lisbon).  Each test plays the same position once with Western and once with Soviet counters, so
# that the colour, not the map, decides (rulings S8, S36).
def _bucharest(tmp_path, faction, flags=None, name="g.toml"):
    """Two 1s of ``faction`` hold Bucharest; two Axis 3s in Budapest move in and win."""
    f = faction[0].upper()
    s = position(
        tmp_path,
        name=name,
        flags={"budapest": "axis", "bucharest": faction, **(flags or {})},
        add={
            "A90": ("axis", 3, "budapest"),
            "A91": ("axis", 3, "budapest"),
            f"{f}90": (faction, 1, "bucharest"),
            f"{f}91": (faction, 1, "bucharest"),
        },
    )
    ok(s, "move", **{"from": "budapest", "to": "bucharest", "counters": ["A90", "A91"]})
    return s


def _madrid(tmp_path, faction, flags=None, name="g.toml"):
    """Two 1s of ``faction`` hold Madrid; two Axis 3s in Lisbon move in and win."""
    f = faction[0].upper()
    s = position(
        tmp_path,
        name=name,
        flags={"lisbon": "axis", "madrid": faction, **(flags or {})},
        add={
            "A90": ("axis", 3, "lisbon"),
            "A91": ("axis", 3, "lisbon"),
            f"{f}90": (faction, 1, "madrid"),
            f"{f}91": (faction, 1, "madrid"),
        },
    )
    ok(s, "move", **{"from": "lisbon", "to": "madrid", "counters": ["A90", "A91"]})
    return s


def test_a_beaten_western_counter_never_retreats_into_a_red_location(tmp_path):
    # Bucharest's neighbours Kiev and Odessa are red and Soviet: the Allied player's, but not for
    # blue counters.  With Belgrade and Sofia Western the owner chooses between those two only.
    s = _bucharest(tmp_path, "western", {"belgrade": "western", "sofia": "western"})
    out = no(s, "battle", at="bucharest", attacker_air=1)
    assert out.ask.key == "retreat_to" and out.ask.options == ["belgrade", "sofia"]
    out = no(s, "battle", at="bucharest", attacker_air=1, retreat_to=["kiev"])
    assert out.reason == "W91 cannot retreat from Bucharest to Kiev (it may retreat to: Belgrade, Sofia)"
    # with only Kiev and Odessa friendly to the Allies, the survivor cannot retreat: eliminated
    s = _bucharest(tmp_path, "western", name="g2.toml")
    out = no(s, "battle", at="bucharest", attacker_air=1, retreat_to=["odessa"])
    assert out.reason == "W91 cannot retreat from Bucharest to Odessa (it may retreat to: nowhere)"
    out = ok(s, "battle", at="bucharest", attacker_air=1)
    assert out.data["winner"] == "axis" and out.data["losses"] == {"allies": 1, "axis": 1}
    assert (
        "W91 (1) cannot retreat and is eliminated (8 Retreat: If you can not retreat you are eliminated)"
        in out.messages
    )
    assert [c.id for c in s.state.counters if c.id in ("W90", "W91")] == []
    assert counters(s, "kiev") == ["S6"] and counters(s, "odessa") == []
    # the control: Soviet counters beaten in the same Bucharest retreat into red Kiev or Odessa
    s = _bucharest(tmp_path, "soviet", name="g3.toml")
    out = no(s, "battle", at="bucharest", attacker_air=1)
    assert out.ask.options == ["kiev", "odessa"]
    ok(s, "battle", at="bucharest", attacker_air=1, retreat_to=["odessa"])
    assert where(s, "S91") == "odessa"


def test_a_beaten_soviet_counter_never_retreats_into_a_blue_controlled_location(tmp_path):
    # Madrid's neighbour Bordeaux is blue and Western; Lisbon, which the Axis left, stays Axis.
    s = _madrid(tmp_path, "soviet")
    out = no(s, "battle", at="madrid", attacker_air=1, retreat_to=["bordeaux"])
    assert out.reason == "S91 cannot retreat from Madrid to Bordeaux (it may retreat to: nowhere)"
    out = ok(s, "battle", at="madrid", attacker_air=1)
    assert (
        "S91 (1) cannot retreat and is eliminated (8 Retreat: If you can not retreat you are eliminated)"
        in out.messages
    )
    assert s.state.counter("S91") is None and counters(s, "bordeaux") == []
    # the control: Western counters beaten in the same Madrid retreat into blue Bordeaux
    s = _madrid(tmp_path, "western", name="g2.toml")
    out = ok(s, "battle", at="madrid", attacker_air=1)
    assert "W91 (1) retreats to Bordeaux" in out.messages and where(s, "W91") == "bordeaux"


@pytest.mark.parametrize(
    "loc, half, other, faction, to",
    [
        ("bucharest", "e", "w", "western", "odessa"),
        ("bucharest", "e", "w", "soviet", "odessa"),
        ("madrid", "n", "s", "soviet", "bordeaux"),
        ("madrid", "n", "s", "western", "bordeaux"),
    ],
)
def test_defenders_who_may_retreat_before_battle_only_into_the_other_colour_do_battle(
    tmp_path, loc, half, other, faction, to
):
    # 8 Defender Retreats Before Battle: "If it was a contested location, he places all defending
    # counter(s) into another (non-neutral) friendly controlled location using connecting move
    # lines. If the counter(s) cannot retreat, they do battle."  Contested Bucharest and Madrid:
    # the Allies hold the half whose only lines lead to red Odessa and Kiev, or to blue Bordeaux.
    cid = faction[0].upper() + "90"
    s = position(tmp_path, add={"A90": ("axis", 3, f"{loc}.{other}"), cid: (faction, 1, f"{loc}.{half}")})
    ok(s, "attack", at=loc)
    if (faction == "western") == (to == "bordeaux"):  # the control: Soviet into red, Western into blue
        ok(s, "battle", at=loc, attacker_air=1, retreat=True, retreat_to=[to])
        assert where(s, cid) == to
        return
    out = no(s, "battle", at=loc, attacker_air=1, retreat=True, retreat_to=[to])
    assert "do battle" in out.reason and "Defender Retreats Before Battle" in out.rule
    assert where(s, cid) == f"{loc}.{half}"
    out = ok(s, "battle", at=loc, attacker_air=1, defender_air=0)
    assert out.data["totals"] == {"axis": 4, "allies": 1} and s.state.counter(cid) is None  # lost in battle


def test_the_printed_colour_bars_a_retreat_even_where_the_retreating_faction_holds_it(tmp_path):
    # Rulings S36 (S8): a location of the other Allied colour stays closed to a retreat when a
    # correction has given it to the retreating faction: section 3, "Blue counters may only be
    # placed or enter blue, tan and gray locations. Red counters may only be placed or enter red,
    # tan and gray locations".  Empty Odessa under a Western flag (Kiev Soviet, its 1 there);
    # empty Bordeaux under a Soviet one.
    s = _bucharest(tmp_path, "western", {"odessa": "western"})
    assert report(s)["locations"]["odessa"]["control"] == "western"
    out = ok(s, "battle", at="bucharest", attacker_air=1)
    assert s.state.counter("W91") is None and counters(s, "odessa") == []
    assert any(m.startswith("W91 (1) cannot retreat and is eliminated") for m in out.messages)
    s = _madrid(tmp_path, "soviet", {"bordeaux": "soviet"}, name="g2.toml")
    assert report(s)["locations"]["bordeaux"]["control"] == "soviet"
    out = ok(s, "battle", at="madrid", attacker_air=1)
    assert s.state.counter("S91") is None and counters(s, "bordeaux") == []
    assert any(m.startswith("S91 (1) cannot retreat and is eliminated") for m in out.messages)


# ------------------------------------------------------------------------------ 9 Victory
def test_victory_points_go_when_the_original_owner_retakes_the_location(tmp_path):
    # 9: "If the original owning player regains control of a victory point location, the opposing
    # player loses the victory points he had been awarded."
    s = position(tmp_path, remove=["W9", "W10", "W11"], flags={"paris": "axis"})
    assert report(s)["victory_points"]["axis"] == 2
    s = position(tmp_path, remove=["W9", "W10", "W11"], flags={"paris": "western"}, name="g2.toml")
    assert report(s)["victory_points"]["axis"] == 0


def test_the_allies_win_with_a_seven_point_lead_at_the_end_of_an_axis_turn(tmp_path):
    # 9: "The Allied player has a 7 victory point differential at the end of an Axis player turn."
    flags = {"berlin": "western", "ruhr": "western", "rome": "western"}
    # the Axis counters that Berlin and Rome supplied are gone too (nothing is cut off)
    s = position(tmp_path, flags=flags, remove=[f"A{i}" for i in range(3, 17)])
    assert report(s)["victory_points"]["allies"] == 7
    ok(s, "end-turn")
    assert s.state.over and s.state.result["winner"] == "allies"
