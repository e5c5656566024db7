"""Hitler's War: the rows of docs/rules-coverage.md marked DONE that named no test, or a test that
could not catch the rule (issue 23, "coverage honesty"): each test is written from the rule's
words and fails when the rule is broken.  Games are played through a GameSession on the shipped
map and scenarios, as in test_hw_second_pass.py."""

from mapref.rulesets.hitlers_war.state import Army, Fleet, HexState, Nation, Turn

from hwplay import act, advance_quietly, advance_to, ctx, edit, game, refused


def _hold(s, side, spaces):
    edit(s, lambda st: [st.hexes.__setitem__(x, HexState(control=side, occupied=True)) for x in spaces])


def _end_combat(s):
    while s.state.subphase != "exploitation":
        act(s, "advance")
    return act(s, "advance")


# ----------------------------------------------------------------------- Building 2
def test_barbarossa_infantry_costs_two_and_mechanized_five():
    # Building strength points 2: "Infantry costs two production points and mechanised costs five."
    s = game("barbarossa")
    advance_to(s, "axis", "production", "build")
    left = s.report().production["axis"].available
    act(s, "build", space="N11", points={"infantry": 1})
    assert s.report().production["axis"].available == left - 2
    act(s, "build", space="N11", points={"mechanized": 1})
    assert s.report().production["axis"].available == left - 7


# --------------------------------------------------------------- Fortifications 6
def test_forts_and_their_points_never_move():
    # Fortifications, Production 6: "Forts and their strength points cannot move."  An army leaving
    # a fort's hex leaves the fort and its points behind; a fort alone is nothing to move.
    s = game("war_for_europe")
    advance_to(s, "axis", "movement", "land")
    edit(s, lambda st: st.armies.append(Army("Westwall", "axis", "ge", "N9", {"infantry": 2})))
    act(s, "move", **{"from": "N9", "to": "N10"})
    fort = next(f for f in s.state.forts if f.side == "axis" and f.number == 1)
    assert fort.at == "N9" and fort.strength == 1
    assert "no army" in refused(s, "move", **{"from": "N9", "to": "N10"}).reason  # the fort alone does not move


# ---------------------------------------------------------------------- Lend-Lease 2, 5
def test_lend_lease_is_two_points_a_soviet_depot_and_never_from_the_soviets():
    # Lend-Lease 2: "Each friendly Soviet lend-lease depot (in hexes U15 and M20) can receive up to
    # two production points per turn ... When either is lost to the Axis, the Soviet player is no
    # longer able to get its share"; 5: "The Soviet player may NEVER give production points to the
    # Allied player."
    s = game("war_for_europe")
    _hold(s, "axis", ["M20"])
    advance_to(s, "allies", "production", "build")
    assert "at most 2" in refused(s, "build", lend_lease=3).reason
    act(s, "build", lend_lease=2)
    s = game("war_for_europe")
    advance_to(s, "soviet", "production", "build")
    assert "Lend-Lease" in refused(s, "build", lend_lease=1).rule


# ------------------------------------------------------------------- The Soviet Union 9, 11
def test_the_baltic_states_withstanding_the_soviets_in_peacetime_lean_to_the_axis():
    # The Soviet Union 9: "If the Soviet Union attacks the Baltic States (prior to being at war with
    # the Axis) and fails to force its surrender by the conclusion of the first turn, hostilities
    # cease and the Baltic States become inclined to the Axis. Any Baltic territory conquered by the
    # Soviet Union remains Soviet."
    s = game("war_for_europe")
    edit(
        s,
        lambda st: (
            setattr(st, "turn", Turn(1940, "spring")),
            st.nations.__setitem__("pl", Nation("axis", "surrendered")),
        ),
    )
    advance_to(s, "soviet", "combat", "advances", turn="spring 1940")
    edit(s, lambda st: st.armies.append(Army("Red Army", "soviet", "su", "S15", {"infantry": 4, "mechanized": 4})))
    act(s, "capture", **{"from": "S15", "to": "S14"})
    _end_combat(s)
    assert (s.state.nations["bs"].side, s.state.nations["bs"].status) == ("axis", "inclined")
    assert ctx(s).control["S14"] == "soviet"


def test_at_war_with_the_axis_the_soviets_attack_unaligned_nations_as_anyone():
    # The Soviet Union 11: "Once the Soviet Union is at war with the Axis it may attack any
    # unaligned nations as per the usual rules for attacking unaligned nations"; Violation of
    # neutrality 3: first attacked but not conquered by the Soviets, it joins the Axis (not The
    # Soviet Union 10's "may NOT attack that unaligned neutral for the remainder of the game")
    s = game("war_for_europe")
    edit(
        s,
        lambda st: (
            setattr(st, "turn", Turn(1941, "spring")),
            st.nations.__setitem__("pl", Nation("axis", "surrendered")),
            st.nations.__setitem__("su", Nation("soviet", "at_war")),
        ),
    )
    advance_to(s, "soviet", "combat", "advances", turn="spring 1941")
    edit(s, lambda st: st.armies.append(Army("Caucasus", "soviet", "su", "I19", {"mechanized": 3})))
    act(s, "capture", **{"from": "I19", "to": "H18"})
    out = _end_combat(s)
    assert (s.state.nations["tr"].side, s.state.nations["tr"].status) == ("axis", "at_war"), out.messages
    assert "soviet" not in s.state.nations["tr"].no_attack and ctx(s).control["H18"] == "soviet"


# ------------------------------------------------------------ Italy 7; Italian forces 4
def test_the_italian_army_moves_from_the_turn_after_italy_joins():
    # Italy 6-7: the roll is "made at the beginning of the Axis production phase ... Strength points
    # in the Italian army and the PAA are available for use in the following turn."
    s = game("war_for_europe")
    edit(s, lambda st: setattr(st, "turn", Turn(1940, "spring")))
    advance_to(s, "axis", "production", "build", turn="spring 1940")
    act(s, "set", nation="it", status="at_war", side="axis")
    assert "movement phase" in refused(s, "move", **{"from": "L9", "to": "L10", "points": {"infantry": 1}}).reason
    advance_quietly(s, "axis", "movement", "land", turn="summer 1940")
    act(s, "move", **{"from": "L9", "to": "L10", "points": {"infantry": 1}})


def test_the_italian_army_leaves_italy_only_while_the_paa_is_in_africa():
    # Italian forces 4: "The Italian army may be moved anywhere provided the PAA is in Africa or the
    # Middle East." (rulings R51)
    for paa_at, ok in (("D12", True), ("K11", False)):  # Libya; Italy
        s = game("war_for_europe")
        advance_to(s, "axis", "movement", "land")
        act(s, "set", nation="it", status="at_war", side="axis")
        edit(s, lambda st, at=paa_at: setattr(st.army("Panzer Army Africa"), "at", at))
        move = {"from": "L9", "to": "M11", "points": {"infantry": 2}}
        if ok:
            act(s, "move", **move)  # out of Italy, into Austria
        else:
            assert "Italian forces 4" in refused(s, "move", **move).rule


# ------------------------------------------------------------------------- France 1
def test_france_starts_at_war_with_germany_beside_britain():
    # France 1: "France starts the game at war with Germany. However, it is best to look upon
    # France as an ally of Great Britain."
    s = game("war_for_europe")
    fr = s.state.nations["fr"]
    assert (fr.side, fr.status) == ("allies", "at_war")
    assert ctx(s).control["N7"] == "allies" and ctx(s).control["P7"] == "allies"
    advance_to(s, "axis", "combat", "advances")
    edit(s, lambda st: st.armies.append(Army("Panzer Group", "axis", "ge", "N9", {"mechanized": 6})))
    act(s, "capture", **{"from": "N9", "to": "N8"})  # attacked in winter 1939 with no declaration


# --------------------------------------------------- Violation of neutrality 6, 8
def test_italy_attacked_by_the_axis_joins_the_allies_with_its_armies():
    # Violation of neutrality 6: "In the extremely unlikely event that Italy is attacked by the Axis
    # player, it joins the Western Allies and its armies are replaced by Allied armies with
    # identical strengths."
    s = game("war_for_europe")
    advance_to(s, "axis", "combat", "advances")
    edit(s, lambda st: st.armies.append(Army("Alpine Corps", "axis", "ge", "M11", {"mechanized": 4})))
    act(s, "capture", **{"from": "M11", "to": "L10"})
    out = _end_combat(s)
    assert (s.state.nations["it"].side, s.state.nations["it"].status) == ("allies", "at_war"), out.messages
    ita = s.state.army("Italian Army")
    assert ita.side == "allies" and ita.points["infantry"] == 4 and ita.points["mechanized"] == 1
    assert s.state.army("Panzer Army Africa").side == "allies"
    assert ctx(s).control["L10"] == "axis"


def test_rumania_attacked_by_the_axis_and_not_conquered_joins_the_soviets():
    # Violation of neutrality 8: "In the extremely unlikely event that Finland, Baltic States,
    # Hungary, Rumania, and Bulgaria are first attacked but not conquered by the Axis player,
    # hostilities cease, any territory conquered by the Axis remains Axis and the country joins the
    # Soviet side."
    s = game("war_for_europe")
    advance_to(s, "axis", "combat", "advances")
    edit(s, lambda st: st.armies.append(Army("Carpathian Group", "axis", "ge", "N12", {"mechanized": 4})))
    act(s, "capture", **{"from": "N12", "to": "M13"})
    out = _end_combat(s)
    assert s.state.nations["ro"].side == "soviet", out.messages
    assert ctx(s).control["M13"] == "axis"


# -------------------------------------------------------------- France 2; Vichy France 2
def test_france_s_surrender_devastates_nothing_and_the_axis_repairs_french_production():
    # Surrender, France 2: "No additional production is devastated when France surrenders."
    # Vichy France 2: "The Axis player may repair devastated French production."
    s = game("war_for_europe")
    _hold(s, "axis", ["N7"])
    before = {h: s.state.hex(h).devastated for h in ctx(s).board.spaces_of_country("fr")}
    act(s, "surrender", nation="fr")
    assert {h: s.state.hex(h).devastated for h in ctx(s).board.spaces_of_country("fr")} == before
    edit(s, lambda st: st.hexes.__setitem__("M8", HexState(control="axis", occupied=True, devastated=1)))
    advance_to(s, "axis", "production", "repair")
    act(s, "repair", space="M8", points=1)
    assert s.state.hex("M8").devastated == 0


# ----------------------------------------------------------- Great Britain 5; the U.S. 1-2
def test_britain_surrenders_once_and_the_united_states_never():
    # Surrender, Great Britain 5: "Britain can only surrender once in a game."  The United States
    # 1-2: "The United States can never surrender. It must be occupied by the Axis. In the unlikely
    # event that this occurs the Axis can never use U.S. production points."
    s = game("war_for_europe")
    edit(s, lambda st: setattr(st.sides["allies"], "morale", 0))
    act(s, "surrender", nation="gb")
    assert "once" in refused(s, "surrender", nation="gb").reason
    assert "United States 1" in refused(s, "surrender", nation="us").rule
    edit(
        s,
        lambda st: (
            st.nations.__setitem__("us", Nation("allies", "at_war", Turn(1939, "winter"))),
            st.hexes.__setitem__("box:usa", HexState(control="axis", occupied=True)),
        ),
    )
    p = s.report().production["axis"]
    assert not any("United States" in t.what and t.points for t in p.breakdown)
    assert "box:usa" not in " ".join(" ".join(t.spaces) for t in p.breakdown)


# ------------------------------------------------------------ Tactical air abilities 1
def test_tactical_air_is_built_and_assigned_like_other_points():
    # Tactical air abilities 1: "Tactical air strength points can now be built and assigned to
    # armies like other strength points." (its cost is on the record sheet: rulings R47)
    s = game("war_for_europe")
    advance_to(s, "axis", "production", "build")
    act(s, "build", cost={"tactical_air": 5})
    army = next(a for a in s.state.armies if a.name == "German Army 1")
    act(s, "build", space=army.at, points={"tactical_air": 2})
    assert s.state.army("German Army 1").points["tactical_air"] == army.points["tactical_air"]


# ------------------------------------------------------ Sea transportation 2 (two seas)
def test_transport_to_cairo_needs_ships_at_sea_in_the_atlantic_and_the_mediterranean():
    # Sea transportation 2: "for the Western Allied player to transport two strength points to Cairo
    # (hex D15) they would need to have two capital strength points at sea in the Atlantic Ocean and
    # two strength points at sea in the Mediterranean."
    s = game("war_for_europe")
    advance_to(s, "allies", "movement", "naval")
    act(s, "move", **{"from": "P5", "to": "P4", "fleet": "British Fleet", "ships": 2})
    advance_to(s, "allies", "movement", "land")
    r = refused(s, "move", **{"from": "P7", "to": "D15", "points": {"infantry": 2}})
    assert "(atl)" in r.reason and "Sea transportation" in r.rule, r.reason  # the Atlantic only: no way to Cairo
    edit(s, lambda st: st.fleets.append(Fleet("Mediterranean Fleet", "allies", "gb", "G12", False, 2)))
    out = act(s, "move", **{"from": "P7", "to": "D15", "points": {"infantry": 2}})
    assert s.state.sides["allies"].transported == {"atl": 2, "med": 2}, out.messages
    assert (
        "Sea transportation 1-2" in refused(s, "move", **{"from": "P7", "to": "D15", "points": {"mechanized": 1}}).rule
    )


# ------------------------------------------------- Movement of naval 15 (seven hexes)
def test_a_fleet_sails_to_sea_at_most_seven_hexes_from_its_port():
    # Movement of naval strength points and fleets 15: "The route travelled to a full sea or coastal
    # hex must be no more than seven hexes from its port."  From the British Fleet's port P5, I2 is
    # seven hexes of Atlantic away and H2 eight.
    s = game("war_for_europe")
    advance_to(s, "allies", "movement", "naval")
    assert "15" in refused(s, "move", **{"from": "P5", "to": "H2", "fleet": "British Fleet"}).rule
    act(s, "move", **{"from": "P5", "to": "I2", "fleet": "British Fleet"})
    assert next(f for f in s.state.fleets if f.name == "British Fleet").at == "I2"


# --------------------------------------------------------- Violation of neutrality 4
def test_spain_attacked_by_the_allies_and_not_conquered_joins_the_axis():
    # Violation of neutrality 4: "Unaligned countries first attacked but not conquered by the
    # Western Allies automatically join the Axis side."
    s = game("war_for_europe")
    advance_to(s, "allies", "combat", "advances")
    edit(s, lambda st: st.armies.append(Army("Pyrenees Corps", "allies", "fr", "L6", {"mechanized": 4})))
    act(s, "capture", **{"from": "L6", "to": "L5"})
    out = _end_combat(s)
    assert (s.state.nations["es"].side, s.state.nations["es"].status) == ("axis", "at_war"), out.messages
    assert ctx(s).control["L5"] == "allies"
