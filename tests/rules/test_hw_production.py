"""Building and repairing in the production phase (issue 12, "Missing: Building and repairing"):
the budget, the costs, the places, Stacking 5, forts, the 25% repair limit, Siberia, lend-lease,
trans-Atlantic shipping, ships, the U.S. and French obligations.  Played through a GameSession on
the shipped map and scenarios."""

from mapref.rulesets.hitlers_war.state import Army, HexState, Turn

from hwplay import act, advance_to, edit, game, refused


def test_barbarossa_builds_within_the_budget_at_the_stated_costs_in_german_production_hexes():
    # Building strength points 2-4: "Infantry costs two production points and mechanised costs
    # five"; "with fifteen points of production, a player can build three mechanized strength
    # points, or seven infantry"; "Newly built Axis strength points may be placed only in German
    # hexes with at least one un-devastated production point."
    s = game("barbarossa")
    advance_to(s, "axis", "production", "build")
    p = s.report().production["axis"]
    assert (p.total, p.spendable, p.available) == (33, 16, 16)  # 34 less Algeria (R21), less 17 (special rule 2)
    assert refused(s, "build", space="L12", points={"infantry": 1}).rule.startswith("Building strength points 4")
    out = act(s, "build", space="N11", points={"mechanized": 2, "infantry": 1})  # 5 + 5 + 2
    assert any("a new army" in m for m in out.messages)
    a = next(x for x in s.state.armies if x.at == "N11")
    assert a.points["mechanized"] == 2 and a.points["infantry"] == 1 and a.side == "axis" and a.nation == "ge"
    assert s.report().production["axis"].available == 4
    out = refused(s, "build", space="N11", points={"mechanized": 1})
    assert "have 4 of 16" in out.reason and "Building strength points 3" in out.rule
    act(s, "build", space="N11", points={"infantry": 2})
    assert a.name in {x.name for x in s.state.armies} and s.state.army(a.name).points["infantry"] == 3
    # Production points 4: what is not spent is lost; the next phase starts afresh
    advance_to(s, "soviet", "movement")
    assert s.state.sides["axis"].spent == 0
    assert s.state.sides["axis"].history[-1]["spent"] == 16


def test_new_points_never_over_stack_and_only_in_the_build_step():
    # Stacking 5: "Newly built strength points may not be placed in a hex if it would cause
    # over-stacking."  Sequence of Play 3: build, then repair.
    s = game("barbarossa")
    edit(s, lambda st: st.armies.append(Army("Home Guard", "axis", "ge", "P10", {"infantry": 9})))
    assert "Sequence of Play 3.1" in refused(s, "build", space="P10", points={"infantry": 1}).rule
    advance_to(s, "axis", "production", "build")
    out = refused(s, "build", space="P10", points={"infantry": 2})
    assert "Stacking 5" in out.rule and "would make 11" in out.reason
    act(s, "build", space="P10", points={"infantry": 1})
    assert s.state.army("Home Guard").points["infantry"] == 10
    act(s, "advance")
    assert "Sequence of Play 3.1" in refused(s, "build", space="N11", points={"infantry": 1}).rule


def test_repair_costs_three_within_a_quarter_of_production_and_counts_next_turn():
    # Repairing devastated production 3-8: at most 25% of production (rounded down) on repairs;
    # three production a point; only where the hex traces supply; "Repaired production cannot be
    # used on the turn of repair."  Barbarossa: "Three production points in France are
    # permanently devastated"; Yugoslavia's "may be repaired".
    s = game("barbarossa")
    advance_to(s, "axis", "production", "repair")
    p = s.report().production["axis"]
    assert p.repair_budget == 4  # 25% of 16
    out = refused(s, "repair", space="N7", points=1)
    assert "permanently" in out.reason
    before = p.total
    out = act(s, "repair", space="L12", points=1)
    assert s.state.hex("L12").devastated == 0 and "counted from the next turn" in out.messages[0]
    assert s.report().production["axis"].total == before  # not this turn (Repairing 8)
    assert s.report().production["axis"].available == 13
    out = refused(s, "repair", space="L11", points=1)  # 3 more would pass the 4 allowed
    assert "Repairing devastated production 3-4" in out.rule
    advance_to(s, "axis", "production", "build", turn="winter 1941")
    assert s.report().production["axis"].total == before + 1


def test_siberia_repairs_one_point_a_turn_and_never_for_the_axis():
    # War for Europe, Siberian production 2: "Each turn the Soviet player may 'repair' one
    # devastated point at a cost of three production points"; 5: "If Siberia is captured by the
    # Axis NO production points may ever be repaired by the Axis."
    s = game("war_for_europe")
    edit(s, lambda st: setattr(st, "turn", Turn(1941, "spring")))  # no more -4: 15 production, 3 for repairs (R16)
    advance_to(s, "soviet", "production", "repair")
    act(s, "repair", space="box:siberia", points=1)
    assert s.state.hex("box:siberia").devastated == 7
    assert "Siberian production 2" in refused(s, "repair", space="box:siberia", points=1).rule
    edit(
        s,
        lambda st: (
            setattr(st, "side", "axis"),
            st.hexes.__setitem__("box:siberia", HexState(control="axis", devastated=7)),
        ),
    )
    assert "Siberian production 5" in refused(s, "repair", space="box:siberia", points=1).rule


def test_forts_under_construction_in_friendly_supplied_hexes_and_not_in_france_before_winter_1940():
    # Fortifications, Production 1-5; Fort strength under construction 1-2; France: Activity
    # limitations 1: "No fortification points may be built in France until the winter 1940 turn."
    s = game("war_for_europe")
    advance_to(s, "allies", "production", "build")
    assert "France: Activity limitations 1" in refused(s, "build", space="N7", fort=1).rule
    assert "Fortifications, Production 3" in refused(s, "build", space="Q13", fort=1).rule  # not Allied
    numbers = {x.number for x in s.state.forts if x.side == "allies"}
    act(s, "build", space="P7", fort=2)
    f = next(x for x in s.state.forts if x.at == "P7")
    assert (f.side, f.strength, f.building) == ("allies", 0, 2) and f.number not in numbers  # a new fort marker
    assert s.report().production["allies"].available == 10  # 20 - 2 x 5
    act(s, "build", space="M8", points={"infantry": 3})  # France: Activity limitations 2
    advance_to(s, "allies", "production", "build", turn="spring 1940")
    f = next(x for x in s.state.forts if x.at == "P7")
    assert (f.strength, f.building) == (2, 0)  # operational at the side's next production phase
    assert "at most five" in refused(s, "build", space="P7", fort=4).reason


def test_the_allies_build_three_points_in_france_each_turn():
    # France: Activity limitations 2: "The Allies must build at least three strength points in
    # France per turn."
    s = game("war_for_europe")
    advance_to(s, "allies", "production", "build")
    out = refused(s, "advance")
    assert "France: Activity limitations 2" in out.reason
    act(s, "build", space="M8", points={"infantry": 2})
    refused(s, "advance")
    act(s, "build", space="L8", points={"infantry": 1})
    act(s, "advance")
    assert s.state.subphase == "repair"


def test_record_sheet_costs_are_entered_once_and_kept():
    # Building strength points 1: "Each type of strength has a specific cost which is shown on
    # each record sheet"; the rulebook states War for Europe's infantry (Research special cases
    # 2), forts and shipping, not the rest (rulings R19).
    s = game("war_for_europe")
    advance_to(s, "axis", "production", "build")
    out = refused(s, "build", space="P10", points={"mechanized": 1})
    assert "--cost mechanized=N" in out.reason
    act(s, "build", space="P10", points={"mechanized": 1}, cost={"mechanized": 6})
    assert s.state.sides["axis"].costs == {"mechanized": 6}
    assert s.report().production["axis"].costs["mechanized"] == 6
    act(s, "build", space="P10", points={"mechanized": 1})
    assert s.report().production["axis"].spent == 12


def test_trans_atlantic_shipping_and_lend_lease():
    # Trans-Atlantic shipping 3-4: "There is no limit ... Each Trans-Atlantic shipping point costs
    # three production points"; Lend-Lease 1-4: up to four points a turn, two for each Soviet
    # depot, spent in the next Soviet production phase or lost.
    s = game("war_for_europe")
    advance_to(s, "allies", "production", "build")
    act(s, "build", ta_shipping=2)
    assert s.state.sides["allies"].ta_shipping == 10
    act(s, "build", lend_lease=3)
    assert "at most 4" in refused(s, "build", lend_lease=2).reason
    act(s, "build", space="M8", points={"infantry": 3})
    assert s.state.sides["soviet"].lend_lease == 3
    advance_to(s, "soviet", "production", "build", turn="spring 1940")
    p = s.report().production["soviet"]
    assert any("lend-lease" in t.what for t in p.breakdown)
    spend = p.spendable
    advance_to(s, "allies", "movement", "naval", turn="spring 1940")
    assert s.state.sides["soviet"].lend_lease == 0
    assert s.state.sides["soviet"].history[-1]["spendable"] == spend


def test_ship_points_paid_in_parts_join_a_fleet_in_port():
    # Partial Ship Builds 1-3 ("The Axis player begins the game with one ship strength point
    # partially built. It needs six production points to complete"); Fleet strength points 3-4.
    s = game("war_for_europe")
    advance_to(s, "axis", "production", "build")
    fleet = next(f for f in s.state.fleets if f.name == "German Fleet")
    act(s, "build", ships=4)
    assert s.state.sides["axis"].partial_ships == [2, 9] and fleet.capital == 2
    act(s, "build", ships=2, fleet="German Fleet")
    assert s.state.sides["axis"].partial_ships == [9]
    assert next(f for f in s.state.fleets if f.name == "German Fleet").capital == 3


def test_the_first_six_points_after_the_us_joins_go_to_the_united_states():
    # The United States 3: "When the U.S. joins the Western Allies the first six strength points
    # built during the production phase must be placed in the United States."
    s = game("war_for_europe")
    edit(
        s,
        lambda st: (
            setattr(st, "turn", Turn(1942, "spring")),
            setattr(st, "side", "soviet"),
            setattr(st, "phase", "production"),
            setattr(st, "subphase", "research"),
        ),
    )
    advance_to(s, "allies", "production", "build")
    assert s.state.sides["allies"].us_first == 6
    assert "The United States 3" in refused(s, "build", space="P7", points={"infantry": 1}).rule
    out = act(s, "build", space="box:usa", points={"infantry": 6})
    new = [a for a in s.state.armies if a.at == "box:usa" and a.points["infantry"] == 6]
    assert new and new[0].nation == "us" and "a new army" in out.messages[0]
    assert s.state.sides["allies"].us_first == 0
    act(s, "build", space="P7", points={"infantry": 1})


def test_production_that_traces_no_supply_stays_devastated():
    # Repairing devastated production 6: "Production points cannot be repaired unless the player
    # is able to trace a supply route to their side's supply centre."  5: repairs in captured
    # hexes are allowed, once they trace.
    s = game("barbarossa")
    advance_to(s, "axis", "production", "repair")
    edit(s, lambda st: st.hexes.__setitem__("Q15", HexState(control="axis", occupied=True, devastated=1)))
    out = refused(s, "repair", space="Q15", points=1)
    assert "Repairing devastated production 6" in out.rule
    edit(
        s, lambda st: [st.hexes.__setitem__(x, HexState(control="axis", occupied=True)) for x in ("P14", "P15", "Q14")]
    )
    if "Q15" in s.report().supply_detail["axis"]["unsupplied_hexes"]:
        raise AssertionError("Q15 should trace through P14/Q14 to the Axis line")
    act(s, "repair", space="Q15", points=1)
    assert s.state.hex("Q15").devastated == 0
