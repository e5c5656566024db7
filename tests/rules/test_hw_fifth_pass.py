"""Hitler's War, fifth pass (issue 33, "The referee's evening, fourth round"): the rules an
independent reading of the rulebook (shared/seeds/002) still found bent.  Each test is written
from the rule's words and failed on main before its fix; games are played through a GameSession
on the shipped map and scenarios (tests/rules/hwplay.py)."""

from hwplay import act, advance_to, ctx, edit, game, refused
from test_hw_third_pass import _at_war, _hold

from mapref.rulesets.hitlers_war.state import Army
from tests.helpers import mapref


# ------------------------------------------------------------------------ Fleets at sea 4
def _british_fleet_at_sea_carrying(s, carry: int):
    """War for Europe: the British Fleet sails to O5 (the Atlantic), the German Fleet is at sea in
    O4; in the land movement the British Army crosses to O8 with ``carry`` points by sea."""
    advance_to(s, "allies", "movement", "naval")
    edit(
        s,
        lambda st: [
            setattr(f, "at", "O4") or setattr(f, "in_port", False) for f in st.fleets if f.name == "German Fleet"
        ],
    )
    f = next(x for x in s.state.fleets if x.name == "British Fleet")
    act(s, "move", **{"from": f.at, "to": "O5", "fleet": f.name})
    act(s, "advance")  # -> land movement
    if carry:
        out = act(s, "move", **{"from": "P7", "to": "O8", "points": {"infantry": carry}})
        assert any("sea transport through atl" in m for m in out.messages), out.messages
    advance_to(s, "allies", "combat", "amphibious")


def test_a_fleet_that_carried_points_attacks_no_fleet_the_same_turn():
    # Fleets at sea 4: "Fleets at sea may only perform one action each turn. A fleet could not
    # transport strength points and attack another fleet in the same turn."
    s = game("war_for_europe")
    _british_fleet_at_sea_carrying(s, 1)
    out = refused(s, "naval", attacker="British Fleet", defender="German Fleet", attacker_losses=0, defender_losses=1)
    assert out.rule.startswith("Fleets at sea 4") and "one action" in out.reason, out.reason
    # the control: the same fleet, having carried nothing, attacks
    s = game("war_for_europe")
    _british_fleet_at_sea_carrying(s, 0)
    act(
        s,
        "naval",
        attacker="British Fleet",
        defender="German Fleet",
        attacker_losses=0,
        defender_losses=1,
        loser_to="Q9",
    )


# ------------------------------------------------------------------------------ U-Boats 1
def test_only_the_axis_builds_u_boats(tmp_path):
    # U-Boats 1: "Only the Axis player may build U-boat strength points."
    assert mapref("new-game", "war_for_europe", "-o", "g.toml", "--auto-place", cwd=tmp_path).returncode == 0
    assert mapref("advance", "g.toml", "--to", "winter 1939 allies build", cwd=tmp_path).returncode == 0
    r = mapref("build", "g.toml", "--uboats", "2", "--cost", "uboat=3", cwd=tmp_path)
    assert r.returncode == 1 and "Only the Axis player may build U-boat strength points" in r.stderr, r.stdout
    assert r.stderr.rstrip().endswith("[U-Boats 1]")
    assert mapref("build", "g.toml", "N8", "--infantry", "3", cwd=tmp_path).returncode == 0  # France 2
    assert mapref("advance", "g.toml", "--to", "spring 1940 axis build", cwd=tmp_path).returncode == 0
    r = mapref("build", "g.toml", "--uboats", "2", "--cost", "uboat=3", cwd=tmp_path)
    assert r.returncode == 0 and "2 uboat points built" in r.stdout, r.stderr


# ----------------------------------------------------------------------------- Para-drop 7
def test_a_failed_para_drop_loses_the_para_points_dropped():
    # Para-drop 7: "If the advance fails, all para-troop strength points used in the para-drop are
    # eliminated."  German Army 3 (O12) drops its para point on O13 and fails.
    s = game("war_for_europe")
    advance_to(s, "axis", "movement", "land")
    edit(s, lambda st: st.army("German Army 3").points.update(infantry=3, para=2))
    advance_to(s, "axis", "combat", "advances")
    out = act(s, "capture", **{"from": "O12", "to": "O13", "para_drop": 2, "failed": True})
    a = s.state.army("German Army 3")
    assert a.at == "O12" and a.points["para"] == 0 and a.points["infantry"] == 3
    assert any("Para-drop 7" in m and "2 para points dropped are eliminated" in m for m in out.messages), out.messages


# --------------------------------------------------------------------------- Surrender
def test_finland_surrenders_by_itself_when_its_army_is_under_four_at_the_end_of_the_axis_combat():
    # Surrender, Finland 2: "If the Axis army in Finland contains LESS than four strength points at
    # the conclusion of an Axis combat phase the Finnish will immediately surrender."  3: "Upon
    # surrender all Axis strength points located in Finland are lost."  No referee's act: the
    # end of the combat phase applies it, and the log says why (rulings R72).
    s = game("war_for_europe")
    _at_war(s, "fi")
    edit(s, lambda st: st.armies.append(Army("Finnish Army", "axis", "fi", "T13", {"infantry": 3})))
    advance_to(s, "axis", "combat", "exploitation")
    out = act(s, "advance")
    assert s.state.nations["fi"].status != "at_war"
    assert s.state.army("Finnish Army") is None
    assert any("Finland" in m and "Surrender, Finland 2" in m and "immediately" in m for m in out.messages), (
        out.messages
    )


def test_rumania_and_bulgaria_surrender_by_themselves_at_the_end_of_a_combat_phase():
    # Surrender, Rumania and Bulgaria 1: "Rumania and Bulgaria both surrender if the Soviets have
    # an Army in or adjacent to Rumania or Bulgaria and the TOTAL number of strength points in all
    # Soviet armies exceeds the TOTAL number of Axis strength points on the EASTERN front."  The
    # text names no moment: the end of a combat phase, when its captures and losses are settled
    # (rulings R72), and a surrender to the Soviets is one while they are at war with the Axis.
    # Soviet Army 2 stands in N15, beside Rumania.
    s = game("war_for_europe")
    _at_war(s, "ro", "bg", "hu")
    advance_to(s, "axis", "combat", "exploitation")
    act(s, "advance")  # 1939: the Soviet Union is at peace (The Soviet Union 1): nothing yet
    assert s.state.nations["ro"].status == "at_war"
    _at_war(s, "su", side="soviet")
    advance_to(s, "soviet", "combat", "exploitation")
    out = act(s, "advance")
    assert s.state.nations["ro"].status == "surrendered" and s.state.nations["bg"].status == "surrendered"
    assert any("Rumania and Bulgaria" in m and "Rumania and Bulgaria 1" in m for m in out.messages), out.messages
    # what the text offers stays an offer: Paris held gives the Axis a roll, not a surrender
    s = game("war_for_europe")
    _hold(s, "axis", ["N7"])
    advance_to(s, "axis", "combat", "exploitation")
    act(s, "advance")
    assert s.state.nations["fr"].status == "at_war"


# ------------------------------------------------ Building strength points 5; Fortifications
def test_a_fort_point_beside_ten_is_refused_as_an_infantry_point_is():
    # Building strength points 5: "Strength points cannot be placed in a hex that already holds ten
    # strength points."  Fortifications, Production 1: "Fort strength points are built like other
    # types of strength points."  A fort point is placed as any other: beside ten it is refused
    # (rulings R67, corrected)
    s = game("war_for_europe")
    advance_to(s, "axis", "production", "build")
    army = next(a for a in s.state.armies if a.side == "axis" and a.nation == "ge" and not ctx(s).is_box(a.at))
    at = army.at
    edit(
        s,
        lambda st: setattr(
            st.army(army.name),
            "points",
            {"infantry": 10, "mechanized": 0, "amphibious": 0, "tactical_air": 0, "para": 0},
        ),
    )
    infantry = refused(s, "build", space=at, points={"infantry": 1})
    fort = refused(s, "build", space=at, fort=1)
    assert "Building strength points 5" in infantry.rule and "Building strength points 5" in fort.rule, (infantry, fort)
    assert "ten" in fort.reason


# ------------------------------------------------------------------- advance --to
def test_advance_to_that_stops_says_nothing_changed(tmp_path):
    # a referee asking for a step the game cannot reach now is told plainly that the file did not
    # change, where the game still is, and why it stopped
    assert mapref("new-game", "war_for_europe", "-o", "g.toml", "--auto-place", cwd=tmp_path).returncode == 0
    before = (tmp_path / "g.toml").read_bytes()
    r = mapref("advance", "g.toml", "--to", "spring 1940 allies build", cwd=tmp_path)
    assert r.returncode == 1
    assert "nothing changed" in r.stderr and "the game is still at winter 1939, axis set-up" in r.stderr, r.stderr
    assert "winter 1939, allies build cannot end" in r.stderr, r.stderr
    assert (tmp_path / "g.toml").read_bytes() == before
