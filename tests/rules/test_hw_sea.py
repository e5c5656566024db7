"""Strength points at sea (issue 12, "Missing: sea transport, trans-Atlantic transport and
amphibious invasion; para-drops"): the limits, the fleets they need, the boxes."""

from mapref.rules.ruleset import Action
from mapref.rulesets.hitlers_war.state import Army, Fleet, HexState, Turn

from hwplay import act, advance_to, ctx, edit, game, refused


def _british_fleet_to_sea(s, at="O7"):
    """Naval movement: the British fleet sails from port to the Channel (Movement of naval
    strength points 14-15)."""
    advance_to(s, "allies", "movement", "naval")
    f = next(x for x in s.state.fleets if x.name == "British Fleet")
    act(s, "move", **{"from": f.at, "to": at, "fleet": f.name})
    assert not next(x for x in s.state.fleets if x.name == "British Fleet").in_port
    act(s, "advance")  # -> land movement


def test_a_fleet_at_sea_carries_one_point_a_capital_ship_through_its_sea():
    # Sea transportation 1-2: "A fleet at sea may transport one strength point for each capital
    # ship strength point in the fleet per turn. The fleet may only transport strength points
    # through the sea it occupies."  The British Army crosses the Channel to Paris.
    s = game("war_for_europe")
    edit(
        s,
        lambda st: setattr(
            next(a for a in st.armies if a.name == "British Army 1"),
            "points",
            {"infantry": 8, "mechanized": 2, "amphibious": 0, "tactical_air": 1, "para": 0},
        ),
    )
    advance_to(s, "allies", "movement", "land")
    # no fleet at sea: Britain is reached only by sea (rulings R40)
    assert "Movement 2" in refused(s, "move", **{"from": "P7", "to": "O8", "points": {"infantry": 1}}).rule
    s = game("war_for_europe")
    edit(
        s,
        lambda st: setattr(
            next(a for a in st.armies if a.name == "British Army 1"),
            "points",
            {"infantry": 8, "mechanized": 2, "amphibious": 0, "tactical_air": 1, "para": 0},
        ),
    )
    _british_fleet_to_sea(s)
    out = act(s, "move", **{"from": "P7", "to": "O8", "points": {"infantry": 5}})
    assert any("sea transport through atl" in m and "Sea transportation 1-2" in m for m in out.messages), out.messages
    assert s.state.sides["allies"].transported == {"atl": 5}
    assert any(a.at == "O8" and a.points["infantry"] == 5 for a in s.state.armies)
    # eight capital ship points carry eight points a turn: three more, not four
    out = refused(s, "move", **{"from": "P7", "to": "O8", "points": {"infantry": 3, "mechanized": 1}})
    assert "Sea transportation 1-2" in out.rule
    act(s, "move", **{"from": "P7", "to": "O8", "points": {"infantry": 3}})
    # the next Allied turn the fleet carries again
    advance_to(s, "allies", "production", "build")
    act(s, "build", space="M8", points={"infantry": 3})  # France: Activity limitations 2
    advance_to(s, "allies", "movement", "naval", turn="spring 1940")
    assert s.state.sides["allies"].transported == {}


def test_an_enemy_fleet_at_sea_blocks_the_transport_route():
    # Blocking sea routes 1: "A fleet at sea prevents enemy movement routes passing through its
    # hex ... enemy fleets trying to transport strength points ... through that hex."  London to
    # Casablanca (F4) by the Atlantic: Axis fleets at sea on every Atlantic hex beside the Allied
    # land joined to Casablanca close it; one hex left open lets the route through there.
    s = game("war_for_europe")
    _british_fleet_to_sea(s)
    cx = ctx(s)
    region = cx.trace("allies").region("F4")
    assert "P7" not in region
    shore = sorted(
        {
            n
            for x in region
            for n in cx.graph.neighbours(x)
            if cx.space(n) is not None and cx.space(n).terrain == "sea" and cx.sea_zone(n) == "atl"
        }
    )
    route = s.check(Action("move", {"from": "P7", "to": "F4", "points": {"infantry": 1}})).data["route"]
    gap = next(h for h in reversed(route) if h in shore)  # where the open route touches that land
    edit(s, lambda st: st.fleets.extend(Fleet(f"Raider {h}", "axis", "ge", h, False, 1) for h in shore))
    out = refused(s, "move", **{"from": "P7", "to": "F4", "points": {"infantry": 1}})
    assert "Blocking sea routes 1" in out.rule
    edit(s, lambda st: setattr(st, "fleets", [f for f in st.fleets if f.name != f"Raider {gap}"]))
    out = s.check(Action("move", {"from": "P7", "to": "F4", "points": {"infantry": 1}}))
    assert out.ok and gap in out.data["route"] and not (set(shore) - {gap}) & set(out.data["route"])


def test_trans_atlantic_shipping_carries_the_us_army_to_britain():
    # Trans-Atlantic shipping 1, 6: "Each Trans-Atlantic shipping point can carry one production
    # or one strength point"; "Strength points can only be transported between America/Canada and
    # the United Kingdom via Trans-Atlantic shipping."  The United States 4; U.S. Activity
    # limitations 1: "While unaligned, U.S. strength points may not move".
    s = game("war_for_europe")
    advance_to(s, "allies", "movement", "land")
    assert (
        "Activity limitations 1"
        in refused(s, "move", **{"from": "box:usa", "to": "P7", "army": "U.S. Home Army 1"}).rule
    )
    edit(
        s,
        lambda st: (
            setattr(st, "turn", Turn(1942, "spring")),
            setattr(st, "side", "soviet"),
            setattr(st, "phase", "production"),
            setattr(st, "subphase", "research"),
        ),
    )
    advance_to(s, "allies", "movement", "land")
    assert s.state.nations["us"].status == "at_war"
    before = s.report().production["allies"]
    out = act(s, "move", **{"from": "box:usa", "to": "P7", "army": "U.S. Home Army 1", "points": {"infantry": 6}})
    assert any("trans-Atlantic shipping" in m for m in out.messages)
    assert s.state.sides["allies"].ta_used == 6
    assert s.state.army("British Army 1").points["infantry"] == 8  # the points joined the army in London
    # the six shipping points carry no production this turn (Trans-Atlantic shipping 1, 5)
    after = s.report().production["allies"]

    def term(p):
        return next(t.points for t in p.breakdown if t.what.startswith("trans-Atlantic"))

    assert term(after) == min(term(before), 8 - 6)
    assert (
        "Trans-Atlantic shipping 1"
        in refused(
            s,
            "move",
            **{"from": "box:usa", "to": "Q6", "army": "U.S. Home Army 1", "points": {"infantry": 2, "mechanized": 1}},
        ).rule
    )
    assert (
        "Trans-Atlantic shipping 6"
        in refused(
            s, "move", **{"from": "box:usa", "to": "F4", "army": "U.S. Home Army 1", "points": {"infantry": 1}}
        ).rule
    )


def _fog_invaders(s, points):
    def put(st):
        st.armies = [a for a in st.armies if a.at != "P7"]
        st.armies.append(Army("Overlord", "allies", "gb", "P7", dict(points)))

    edit(s, put)
    advance_to(s, "allies", "combat", "amphibious")


def test_an_amphibious_invasion_lands_and_its_amphibious_points_become_infantry():
    # Invasion procedure 2-4, 8; Invasion advance 3: "the invading army is placed in the target
    # hex and any defending armies retreated as normal. All amphibious points are then converted
    # to normal infantry strength points."
    s = game("fall_of_germany")
    _fog_invaders(s, {"amphibious": 4, "infantry": 2, "mechanized": 2})
    assert ctx(s).control["O8"] == "axis"
    out = act(s, "invade", **{"from": "P7", "to": "O8"})
    a = s.state.army("Overlord")
    assert a.at == "O8" and a.points["amphibious"] == 0 and a.points["infantry"] == 6
    assert ctx(s).control["O8"] == "allies" and s.state.hex("O8").occupied
    assert any("naval fire" in m and "1 in all" in m for m in out.messages), out.messages
    # one invader a hex (Invasion procedure 8); never a friendly target (4)
    edit(s, lambda st: st.armies.append(Army("Second Wave", "allies", "gb", "P7", {"amphibious": 5})))
    assert "Invasion procedure 8" in refused(s, "invade", **{"from": "P7", "to": "O8"}).rule
    edit(s, lambda st: st.hexes.__setitem__("O7", HexState(control="allies", occupied=True)))
    assert "Invasion procedure 4" in refused(s, "invade", **{"from": "P7", "to": "O7"}).rule


def test_only_an_army_at_least_half_amphibious_invades_and_a_failure_costs_its_amphibious_points():
    # Invasion procedure 2: "Only armies whose strength is composed of at least half amphibious
    # strength points may amphibiously invade."  Invasion advance 4: "If the attempt fails, the
    # invading army remains on its coastal hex. Any amphibious strength points in the army are
    # eliminated."  Invasion procedure 7: in the resolve amphibious assaults step.
    s = game("fall_of_germany")
    _fog_invaders(s, {"amphibious": 3, "infantry": 4})
    assert "Invasion procedure 2" in refused(s, "invade", **{"from": "P7", "to": "O8"}).rule
    edit(s, lambda st: st.army("Overlord").points.update({"amphibious": 4}))
    act(s, "invade", **{"from": "P7", "to": "O8", "failed": True})
    a = s.state.army("Overlord")
    assert a.at == "P7" and a.points["amphibious"] == 0 and a.points["infantry"] == 4
    assert ctx(s).control["O8"] == "axis"
    act(s, "advance")
    assert "Invasion procedure 7" in refused(s, "invade", **{"from": "P7", "to": "O7"}).rule


def test_paratroops_alone_attack_across_the_water():
    # Para-drop across water 2: "Armies which consist entirely of para-troop strength points may
    # attack an adjacent hex across a sea or crossing hexside."  Sea/crossing hex side combat for
    # every other army.  Para-drop 2: only in the army's first advance of the combat phase.
    s = game("war_for_europe")
    advance_to(s, "axis", "movement", "land")
    act(s, "move", **{"from": "O12", "to": "Q10"})  # German Army 3: one para point
    advance_to(s, "axis", "combat", "advances")
    out = act(s, "capture", **{"from": "Q10", "to": "R10", "para_drop": 1})
    assert ctx(s).control["R10"] == "axis"
    assert any("para-drop of 1" in m for m in out.messages)
    s = game("war_for_europe")
    advance_to(s, "axis", "combat", "advances")
    edit(s, lambda st: st.armies.append(Army("Kiel Corps", "axis", "ge", "Q10", {"infantry": 3})))
    assert "Sea/crossing hex side combat" in refused(s, "capture", **{"from": "Q10", "to": "R10"}).rule
    # Barbarossa has no paratroops
    s = game("barbarossa")
    advance_to(s, "axis", "combat", "advances")
    assert "Paratroops" in refused(s, "capture", **{"from": "O14", "to": "P14", "para_drop": 1}).rule
