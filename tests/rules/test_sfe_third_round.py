"""Struggle for Europe (issue 23, "Rules, third round"): retreats before battle that cannot be
made, fortresses when their location's counters retreat, the Algiers line on the shipped set-up,
the Great Commander's limit, and what the referee says.  Each test is written from the rulebook's
words (shared/seeds/000) and failed on main before its fix."""

from tests.rules.sfe_positions import position, where
from tests.rules.test_struggle_for_europe import counter, no, ok


# ------------------------------------------------------ 8 Defender Retreats Before Battle
def test_defenders_who_cannot_retreat_before_battle_do_battle(tmp_path):
    # 8 Defender Retreats Before Battle: "If it was a contested location, he places all defending
    # counter(s) into another (non-neutral) friendly controlled location using connecting move
    # lines. If the counter(s) cannot retreat, they do battle."  Tobruk contested, the Axis in its
    # west half, whose only line leads to Tripoli, now Western: the Axis counters cannot retreat,
    # so the election is refused and the battle is fought (rulings S21).
    s = position(
        tmp_path,
        player="allies",
        remove=["A6", "A7"],
        flags={"tripoli": "western"},
        add={"A90": ("axis", 1, "tobruk.w"), "W12": ("western", 2, "tobruk.e")},
    )
    ok(s, "attack", at="tobruk")
    out = no(s, "battle", at="tobruk", attacker_air=3, retreat=True)
    assert "do battle" in out.reason and "Defender Retreats Before Battle" in out.rule
    assert s.state.counter("A90") is not None  # not eliminated
    out = ok(s, "battle", at="tobruk", attacker_air=3, defender_air=1)
    assert out.data["winner"] == "allies" and s.state.counter("A90") is None  # lost in battle, not by the election


# ------------------------------------------------------------- 7.2 and 8: the fortress
def test_a_fortress_is_eliminated_when_its_locations_counters_retreat_before_battle(tmp_path):
    # 7.2 Build and Place Fortress Counters: "If counters in a location with a fortress retreat
    # (forced or elected), the counters retreat but the fortress is eliminated."  8 Retreat: "If
    # electing or forced to retreat, and a fortress is in the location, all counters other than the
    # fortress retreat, and the fortress is eliminated."  The Axis in the Ruhr, a fortress in the
    # half the Western counters do not enter: the Axis retreats into that half and the fortress
    # goes (rulings S21 as changed).
    s = position(
        tmp_path,
        player="allies",
        remove=["A13", "A14", "A15"],
        add={"F1": ("axis", 3, "ruhr.e"), "W60": ("western", 3, "sedan"), "W61": ("western", 3, "sedan")},
    )
    ok(s, "move", **{"from": "sedan", "to": "ruhr", "counters": ["W60", "W61"]})
    b = s.state.battles[0]
    assert b.at != "ruhr.e"
    out = ok(s, "battle", at="ruhr", attacker_air=3, retreat=True)
    assert s.state.counter("F1") is None, out.messages
    assert any("F1" in m and "eliminated" in m for m in out.messages)
    assert where(s, "A12") == "ruhr.e"


# ------------------------------------------------------------------ 2 the Algiers line
def test_the_allies_cannot_reach_or_supply_algiers_on_their_first_deck(tmp_path):
    # 2 Game Board: "The naval move line from USA and London to Algiers is one way ... This line
    # does not come into effect until the start of the Allied 2nd play deck. Supply may be traced
    # along the line from Algiers back to London".  On the shipped set-up (Marseilles Western, the
    # Allies on their first deck) no other line reaches Algiers: no naval move from Marseilles, no
    # supply for a counter there (rulings S5).
    s = position(tmp_path, player="allies", add={"W54": ("western", 1, "algiers")})
    assert not counter(s, "W54")["supplied"]
    out = no(s, "move", **{"from": "marseilles", "to": "algiers", "counters": ["W8"], "card": "naval"})
    assert "Algiers" in out.reason
    out = no(s, "move", **{"from": "london", "to": "algiers", "counters": ["W1"], "card": "naval"})
    assert "Algiers" in out.reason
    # from the second deck the stated line carries them, and only from London
    s = position(tmp_path, player="allies", decks={"allies": 2}, add={"W54": ("western", 1, "algiers")}, name="g2.toml")
    assert counter(s, "W54")["supplied"]
    ok(s, "move", **{"from": "london", "to": "algiers", "counters": ["W1"], "card": "naval"})
    no(s, "move", **{"from": "algiers", "to": "marseilles", "counters": ["W54"], "card": "naval"})


# ----------------------------------------------------------- 8 Examples: Great Commander
def test_only_one_great_commander_in_a_battle(tmp_path):
    # 8 Examples, the Great Commander card: "Add 2 to your total army strength. Only one Great
    # Commander may be played in a battle." (rulings S35)
    s = position(
        tmp_path,
        remove=["W7"],
        add={"W6": ("western", 1, "sedan.w"), "A95": ("axis", 2, "sedan.e"), "W52": ("western", 3, "paris")},
    )
    ok(s, "attack", at="sedan")
    out = no(s, "battle", at="sedan", attacker_air=4, defender_air=5, commander=["attacker", "defender"])
    assert "Only one Great Commander" in out.reason
    out = ok(s, "battle", at="sedan", attacker_air=4, defender_air=1, commander=["attacker"])
    assert out.data["totals"] == {"axis": 8, "allies": 2}  # 2 + air 4 + Great Commander 2
    assert s.state.cards["axis"].recycle == 2  # the air card and the Great Commander


# ------------------------------------------------------------ what the referee says
def test_the_loss_question_names_the_player_who_chooses(tmp_path):
    # 8: "The loser removes half of his total counters ... The owner of the army" chooses; the
    # question put to the Axis player names the Axis player, not the Allied one of the example
    s = position(tmp_path, player="allies", add={"W60": ("western", 3, "sedan"), "W61": ("western", 3, "sedan")})
    ok(s, "move", **{"from": "sedan", "to": "ruhr", "counters": ["W60", "W61"]})
    out = no(s, "battle", at="ruhr", attacker_air=6, defender_air=1)
    assert (
        out.ask.key == "losses" and "Axis" in out.ask.label and "Axis" in out.ask.note and "Allied" not in out.ask.note
    )


def test_build_entries_read_as_english(tmp_path):
    s = position(tmp_path)
    labels = [i.label for i in s.ruleset.menu(s.game, "berlin", None)]
    assert "Build a 1-strength Axis army" in labels and not any(lab.startswith("Build a Axis") for lab in labels)


def test_a_move_into_the_half_its_line_does_not_enter_says_which_half_it_enters(tmp_path):
    # 8: "the battle occurs in the half of the location that the attacker's move line enters"; the
    # Ruhr's line enters Sedan's east half: a move into sedan.w is refused with that, not with
    # "Sedan is not next to Ruhr"
    s = position(tmp_path)
    out = no(s, "move", **{"from": "ruhr", "to": "sedan.w", "counters": ["A12"]})
    assert "not next to" not in out.reason and "sedan.e" in out.reason, out.reason
    ok(s, "move", **{"from": "ruhr", "to": "sedan.e", "counters": ["A12"]})
