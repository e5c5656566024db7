"""Hitler's War, third pass (branch hw3): the rows of docs/rules-coverage.md that were
implemented but UNTESTED, each test written from the rulebook's words (shared/seeds/002), and
the MISSING rows built since.  Games are played through a GameSession on the shipped map and
scenarios, as in test_hw_second_pass.py."""

from itertools import pairwise

from mapref.rulesets.hitlers_war.state import Army, HexState, Nation, Turn

from hwplay import act, advance_to, ctx, edit, game, refused


def _hold(s, side, spaces):
    def put(st):
        for x in spaces:
            st.hexes[x] = HexState(control=side, occupied=True)

    edit(s, put)


def _offers(s, nation):
    return [o for o in s.report().surrender if o["nation"] == nation]


def _at_war(s, *codes, side="axis", joined=None):
    def put(st):
        for c in codes:
            st.nations[c] = Nation(side, "at_war", joined)

    edit(s, put)


# ------------------------------------------------------------------ Surrender, Germany 1
def test_the_occupier_of_berlin_rolls_three_or_less_minus_one_a_german_hex_held():
    # Surrender, Germany 1: "If Berlin is captured, the nation which occupies Berlin (hex P10)
    # may make a German surrender roll at the end of their Combat Phase. If this roll is a three
    # or less Germany immediately surrenders. This roll is modified by -1 for each German hex,
    # other than Berlin, which is occupied by the Soviet or Western Allied side."
    s = game("war_for_europe")
    assert not _offers(s, "ge")
    _hold(s, "soviet", ["P10"])
    (o,) = _offers(s, "ge")
    assert o["by"] == "soviet" and o["roll_at_most"] == 3 and "Germany 1" in o["rule"]
    # one German hex held by the Soviets and one by the Allies: a roll of five or less
    _hold(s, "soviet", ["Q11"])
    _hold(s, "allies", ["N9"])
    (o,) = _offers(s, "ge")
    assert o["roll_at_most"] == 5
    # a German hex the Axis still holds does not count; nor does a hex outside Germany
    _hold(s, "allies", ["O8"])
    assert _offers(s, "ge")[0]["roll_at_most"] == 5


# ------------------------------------------- Germany 2, Great Britain 2, National Morale 9
def test_a_side_at_zero_morale_or_less_surrenders_at_the_end_of_its_turn():
    # National Morale 1, 9: "If morale is zero, or less than zero, at the end of its turn the
    # side will surrender."  Surrender, Germany 2 and Great Britain 2: "Germany [Britain] will
    # also surrender as per the morale rules".  The referee offers it (rulings R27).
    s = game("war_for_europe")
    edit(s, lambda st: setattr(st.sides["axis"], "morale", 1))
    assert not _offers(s, "axis")
    edit(s, lambda st: setattr(st.sides["axis"], "morale", 0))
    (o,) = _offers(s, "axis")
    assert o["automatic"] and o["rule"] == "National Morale 9" and "end of its turn" in o["what"]
    edit(s, lambda st: setattr(st.sides["allies"], "morale", -2))
    assert _offers(s, "allies") and _offers(s, "axis")
    assert not _offers(s, "soviet")


# -------------------------------------------------------------------- Surrender, Italy 1
def test_four_italian_hexes_with_sicily_but_not_sardinia_give_the_allies_the_italian_roll():
    # Surrender, Italy 1: "Should the Western Allies capture four hexes in Italy (including
    # Sicily but not Sardinia) the Western Allies may roll for Italian surrender at the end of
    # their combat phase. Italy will surrender on a roll of two or less. This roll is modified by
    # -1 for each hex they occupy in Italy (in addition to the initial four required".
    s = game("war_for_europe")
    _at_war(s, "it")
    _hold(s, "allies", ["H10", "H11", "I11", "J8"])  # Sicily, two Italian hexes, Sardinia
    assert not _offers(s, "it")
    _hold(s, "allies", ["I12"])
    (o,) = _offers(s, "it")
    assert o["by"] == "allies" and o["roll_at_most"] == 2 and "Italy 1" in o["rule"]
    _hold(s, "allies", ["J12"])
    assert _offers(s, "it")[0]["roll_at_most"] == 3
    # an Italy still unaligned is not at war: nothing to surrender
    s = game("war_for_europe")
    _hold(s, "allies", ["H10", "H11", "I11", "I12"])
    assert not _offers(s, "it")


# ------------------------------------------------------------- Surrender, Great Britain 1
def test_the_axis_in_london_rolls_two_or_less_minus_one_a_british_hex_held():
    # Surrender, Great Britain 1: "If London (hex P7) is captured the Axis may make a British
    # surrender roll at the end of their Combat Phase. If this roll is a two or less Britain
    # immediately surrenders. This roll is modified by -1 for each British hex, other than
    # London, which is occupied by the Axis side."
    s = game("war_for_europe")
    _hold(s, "axis", ["Q7"])
    assert not _offers(s, "gb")
    _hold(s, "axis", ["P7"])
    (o,) = _offers(s, "gb")
    assert o["by"] == "axis" and o["roll_at_most"] == 3 and "Great Britain 1" in o["rule"]
    _hold(s, "axis", ["P6", "R6"])
    assert _offers(s, "gb")[0]["roll_at_most"] == 5


# ------------------------------------------------------- Surrender, Rumania and Bulgaria 1-2
def _axis_army(name, at, n):
    return Army(name, "axis", "ge", at, {"infantry": min(n, 10), "mechanized": max(0, n - 10)})


def test_rumania_and_bulgaria_surrender_to_a_stronger_soviet_army_beside_them():
    # Surrender, Rumania and Bulgaria 1: "Rumania and Bulgaria both surrender if the Soviets
    # have an Army in or adjacent to Rumania or Bulgaria and the TOTAL number of strength points
    # in all Soviet armies exceeds the TOTAL number of Axis strength points on the EASTERN
    # front."  2: "The eastern front includes all territory in the Soviet Union, The Baltic
    # States, Finland, Poland, Hungary, Rumania and Bulgaria."
    s = game("war_for_europe")
    _at_war(s, "ro", "bg", "hu")
    soviet = sum(a.total() for a in s.state.armies if a.side == "soviet")
    # Soviet Army 2 stands in N15, beside Rumania (M15)
    assert ctx(s).country("M15") == "ro" and "M15" in ctx(s).graph.neighbours("N15")
    (o,) = _offers(s, "ro+bg")
    assert o["automatic"] and "Rumania and Bulgaria 1" in o["rule"]
    # Axis points in Germany are not on the eastern front
    edit(s, lambda st: st.armies.append(_axis_army("Reserve", "P11", 20)))
    edit(s, lambda st: st.armies.append(_axis_army("Reserve 2", "Q11", 20)))
    assert _offers(s, "ro+bg")
    # as many Axis points in Hungary and Rumania as the Soviets have: no surrender
    half = soviet // 2
    edit(s, lambda st: st.armies.append(_axis_army("East 1", "L14", half)))
    edit(s, lambda st: st.armies.append(_axis_army("East 2", "M12", soviet - half)))
    assert not _offers(s, "ro+bg")
    # one point fewer on the eastern front: the Soviets exceed it again
    edit(s, lambda st: st.army("East 1").points.__setitem__("infantry", st.army("East 1").points["infantry"] - 1))
    assert _offers(s, "ro+bg")
    # no Soviet army in or beside Rumania or Bulgaria: no surrender
    edit(s, lambda st: setattr(st.army("Soviet Army 2"), "at", "Q17"))
    assert not _offers(s, "ro+bg")


# ---------------------------------------------------------------- Surrender, Finland 1-2
def test_finland_surrenders_when_its_axis_army_falls_under_four_points_or_is_cut_off():
    # Surrender, Finland 1: "If the Axis army in Finland ever becomes unsupplied the Finnish will
    # immediately surrender."  2: "If the Axis army in Finland contains LESS than four strength
    # points at the conclusion of an Axis combat phase the Finnish will immediately surrender."
    s = game("war_for_europe")
    _at_war(s, "fi")  # joined before this turn: supplied only via the Baltic (Nations inclined 4)
    _hold(s, "axis", ["T13", "T14", "U13", "U14"])
    edit(s, lambda st: st.armies.append(Army("Finnish Army", "axis", "fi", "T13", {"infantry": 4})))
    assert "T13" not in ctx(s).supplied("axis")
    (o,) = _offers(s, "fi")
    assert o["automatic"] and "Finland 1-2" in o["rule"]
    # a German fleet at sea in the Baltic supplies it (Sea transportation 3) from an Axis shore
    # beside the open sea (the Polish coast Q12 taken): four points stand
    _hold(s, "axis", ["Q12"])
    edit(
        s,
        lambda st: [
            setattr(f, "at", "S13") or setattr(f, "in_port", False) for f in st.fleets if f.name == "German Fleet"
        ],
    )
    assert "T13" in ctx(s).supplied("axis")
    assert not _offers(s, "fi")
    # supplied, three points are under four
    edit(s, lambda st: st.army("Finnish Army").points.__setitem__("infantry", 3))
    (o,) = _offers(s, "fi")
    assert o["automatic"] and "Finland 1-2" in o["rule"]
    # the army destroyed: nothing is "LESS than four strength points" too (rulings R62)
    edit(s, lambda st: setattr(st, "armies", [a for a in st.armies if a.name != "Finnish Army"]))
    (o,) = _offers(s, "fi")
    assert o["automatic"] and "Finland 1-2" in o["rule"]


# ------------------------------------------------------------------ The Rumanian army 2-3
def _rumania_joined(s):
    # Nations inclined toward the Axis 1: the Rumanian Army is placed in L14 in summer 1941
    edit(
        s,
        lambda st: (
            setattr(st, "turn", Turn(1941, "spring")),
            setattr(st, "side", "allies"),
            setattr(st, "phase", "production"),
            setattr(st, "subphase", "research"),
        ),
    )
    act(s, "advance")
    assert s.state.army("Rumanian Army").at == "L14"


def test_the_rumanian_army_takes_strength_but_never_gives_it_and_stays_in_rumania_or_the_ussr():
    # The Rumanian army 2: "Strength may be added to the Rumanian army but they may never leave
    # it."  3: "The Rumanian army may only be moved to Rumanian and Axis friendly hexes in the
    # Soviet Union."
    s = game("war_for_europe")
    _rumania_joined(s)
    advance_to(s, "axis", "movement", "land")
    ro = s.state.army("Rumanian Army")
    pts = ro.total()
    # no point of it may leave: neither a part of it moved away nor the whole into another army
    assert "The Rumanian army 2" in refused(s, "move", **{"from": "L14", "to": "M14", "points": {"infantry": 1}}).rule
    edit(s, lambda st: st.armies.append(Army("German Army 4", "axis", "ge", "M14", {"infantry": 2})))
    assert "The Rumanian army 2" in refused(s, "move", **{"from": "L14", "to": "M14"}).rule
    # German points may join it
    act(s, "move", **{"from": "M14", "to": "L14"})
    assert s.state.army("Rumanian Army").total() == pts + 2 and s.state.army("German Army 4") is None
    # not into Hungary (M12) nor Bulgaria (K13), both Axis
    assert ctx(s).control["M12"] == "axis" and ctx(s).control["K13"] == "axis"
    assert "The Rumanian army 3" in refused(s, "move", **{"from": "L14", "to": "M12"}).rule
    assert "The Rumanian army 3" in refused(s, "move", **{"from": "L14", "to": "K13"}).rule
    # into another Rumanian hex, and into an Axis friendly hex of the Soviet Union
    act(s, "move", **{"from": "L14", "to": "M14"})
    _hold(s, "axis", ["M15", "M16"])
    act(s, "move", **{"from": "M14", "to": "M16"})
    assert s.state.army("Rumanian Army").at == "M16"


def test_the_rumanian_army_advances_only_into_soviet_hexes():
    # The Rumanian army 3: "It may advance into Soviet hexes in the Soviet Union."
    s = game("war_for_europe")
    _rumania_joined(s)
    edit(
        s,
        lambda st: (
            st.nations.__setitem__("pl", Nation(None, "surrendered", None)),
            st.nations.__setitem__("su", Nation("soviet", "at_war", None)),
        ),
    )
    advance_to(s, "axis", "combat", "advances")
    out = act(s, "capture", **{"from": "L14", "to": "L15", "fleet_to": ["L16"]})  # the Soviet fleet leaves Odessa (R52)
    assert ctx(s).control["L15"] == "axis" and s.state.army("Rumanian Army").at == "L15", out.messages
    # from L13, beside Yugoslavia (L12), it may not advance out of Rumania but into the USSR
    edit(s, lambda st: setattr(st.army("Rumanian Army"), "at", "L13"))
    assert "The Rumanian army 3" in refused(s, "capture", **{"from": "L13", "to": "L12"}).rule


# ------------------------------------------------------------------ Italian forces 5
def test_the_paa_never_holds_more_points_than_the_italian_army():
    # Italian forces 5: "The PAA may never contain more strength points than the Italian army."
    s = game("war_for_europe")
    _at_war(s, "it")
    libya = [x for x in ctx(s).board.spaces_of_country("ly") if ctx(s).exists(x)]
    _hold(s, "axis", libya)
    edit(s, lambda st: setattr(st.army("Italian Army"), "at", "D11"))  # beside the PAA in D12
    advance_to(s, "axis", "movement", "land")
    assert (s.state.army("Italian Army").total(), s.state.army("Panzer Army Africa").total()) == (5, 1)
    # three of the Italian army's five into the PAA would leave it 2 against the PAA's 4
    assert "Italian forces 5" in refused(s, "move", **{"from": "D11", "to": "D12", "points": {"infantry": 3}}).rule
    act(s, "move", **{"from": "D11", "to": "D12", "points": {"infantry": 2}})  # 3 and 3
    assert (s.state.army("Italian Army").total(), s.state.army("Panzer Army Africa").total()) == (3, 3)
    assert not [v for v in s.report().violations if v.code == "italian_forces.paa_larger"]
    # however the PAA comes to be larger (built, or the Italian army's losses), the report says so
    edit(s, lambda st: st.army("Panzer Army Africa").points.__setitem__("infantry", 4))
    (v,) = [v for v in s.report().violations if v.code == "italian_forces.paa_larger"]
    assert v.rule == "Italian forces 5" and v.where == "D12"


# ------------------------------------------------------- France: Activity limitations 3
def test_allied_points_in_france_leave_it_only_by_combat_advance():
    # France, Activity limitations and British obligations 3: "Allied strength points already in
    # France must remain in France. They can only leave France via combat advance."
    s = game("war_for_europe")
    _hold(s, "allies", ["O9"])  # a Low Countries hex the Allies hold, beside N8
    _hold(s, "axis", ["P8"])
    edit(s, lambda st: st.armies.append(Army("B.E.F.", "allies", "gb", "N8", {"infantry": 2, "mechanized": 2})))
    advance_to(s, "allies", "movement", "land")
    assert "France: Activity limitations 3" in refused(s, "move", **{"from": "N8", "to": "O9"}).rule
    assert (
        "France: Activity limitations 3"
        in refused(s, "move", **{"from": "N7", "to": "O9", "points": {"infantry": 2}}).rule
    )
    act(s, "move", **{"from": "N7", "to": "M8", "points": {"infantry": 2}})  # inside France
    # by combat advance they may leave
    advance_to(s, "allies", "combat", "advances")
    out = act(s, "capture", **{"from": "N8", "to": "N9"})
    assert s.state.army("B.E.F.").at == "N9", out.messages


# ----------------------------------------------------------- Tactical air abilities 3
def test_tactical_air_alone_never_advances():
    # Tactical air abilities 3: "Tactical air strength points participate only in assault and
    # defensive assault. They cannot be used either in advance".
    s = game("war_for_europe")
    edit(s, lambda st: st.armies.append(Army("Luftflotte", "axis", "ge", "N12", {"tactical_air": 3})))
    advance_to(s, "axis", "combat", "advances")
    assert "Tactical air abilities 3" in refused(s, "capture", **{"from": "N12", "to": "N13"}).rule
    edit(s, lambda st: st.army("Luftflotte").points.__setitem__("infantry", 1))
    act(s, "capture", **{"from": "N12", "to": "N13"})
    assert ctx(s).control["N13"] == "axis"


# --------------------------------------------------------------------------- Manstein
def test_manstein_goes_in_a_german_army():
    # War for Europe, Axis forces in play: "Manstein: place in any German Army at the start of
    # play."
    s = game("war_for_europe")
    holder = next(a for a in s.state.armies if a.leader == "Manstein")
    assert holder.nation == "ge"
    assert not [v for v in s.report().violations if v.code == "setup.leader"]
    edit(
        s,
        lambda st: (
            setattr(st.army(holder.name), "leader", ""),
            setattr(st.army("Italian Army"), "leader", "Manstein"),
        ),
    )
    assert [v for v in s.report().violations if v.code == "setup.leader" and "Manstein" in v.message]
    edit(
        s,
        lambda st: (
            setattr(st.army("Italian Army"), "leader", ""),
            setattr(st.army("German Army 2"), "leader", "Manstein"),
        ),
    )
    assert not [v for v in s.report().violations if v.code == "setup.leader"]


# ---------------------------------------------------------------- Launching attacks 4
def test_barbarossa_has_only_infantry_and_mechanized_points():
    # Launching attacks 4: "For the Barbarossa scenario, only infantry and mechanized strength
    # points are available."  The set-up gives no other type, and none can be built.
    s = game("barbarossa")
    assert all(v == 0 for a in s.state.armies for t, v in a.points.items() if t not in ("infantry", "mechanized"))
    advance_to(s, "axis", "production", "build")
    for t in ("tactical_air", "amphibious", "para"):
        out = refused(s, "build", space="P10", points={t: 1}, cost={t: 3})
        assert "Launching attacks 4" in out.rule, out.reason
    act(s, "build", space="P10", points={"infantry": 1})


# ------------------------------------------------------ Fall of Germany victory 2 and 4
def test_the_axis_wins_the_fall_of_germany_if_berlin_is_friendly_at_the_end():
    # Fall of Germany victory conditions 1: the game ends "at the conclusion of the winter 1945
    # turn."  2: "The Axis player wins if Berlin is friendly."
    s = game("fall_of_germany")
    edit(s, lambda st: setattr(st, "turn", Turn(1945, "winter")))
    msgs = []
    for _ in range(100):
        if s.state.phase == "over":
            break
        msgs += act(s, "advance").messages
    assert s.state.phase == "over" and ctx(s).control["P10"] == "axis"
    assert any("axis wins" in m for m in msgs), msgs


def test_the_allies_win_the_fall_of_germany_when_neither_the_axis_nor_the_soviets_do():
    # Fall of Germany victory conditions 1: the game ends at the Soviet or Allied capture of
    # Berlin.  3: "The Soviet player wins if Berlin is no longer controlled by the Axis and the
    # Soviets have at least two thirds the seasonal production of the Allies."  4: "The Allied
    # player wins if neither the Axis nor Soviet players have been able to win."  With Moscow (3)
    # and Leningrad (2) lost, the Soviets count 18 (Siberia at twelve, R7) against the Allies' 29:
    # less than two thirds.
    s = game("fall_of_germany")
    _hold(s, "axis", ["Q17", "T15"])
    out = act(s, "set", space="P10", control="allies")
    assert s.state.phase == "over"
    assert any("allies wins" in m for m in out.messages), out.messages
    assert not any("soviet wins" in m or "axis wins" in m for m in out.messages)


# ------------------------------------------ Movement of naval strength points and fleets 10-11
def test_a_fleet_crosses_a_crossing_arrow_only_between_two_friendly_hexes():
    # Movement of naval strength points and fleets 10: "The route may cross a hexside with a
    # crossing arrow only if both adjacent hexes are friendly."  The Dardanelles (I14-J14, both
    # Turkish) are the Black Sea's one way to the Mediterranean: the Soviet fleet in Odessa (L15)
    # reaches the Aegean (H13) only through friendly Turkish hexes on both sides of the arrow
    # (and a friendly Rumanian coast K15 beside J14: rule 9).
    from mapref.rulesets.hitlers_war.routes import sea_route

    s = game("war_for_europe")
    cx = ctx(s)
    assert "crossing" in cx.graph.kinds_between("I14", "J14")
    soviet = {x for x, v in cx.control.items() if v == "soviet"}
    both = sea_route(cx.graph, cx.map, soviet | {"K15", "J14", "I14"}, "L15", "H13")
    assert both.ok and ("J14", "I14") == both.path[both.path.index("J14") : both.path.index("J14") + 2]
    one = sea_route(cx.graph, cx.map, soviet | {"K15", "J14"}, "L15", "H13")
    assert not one.ok and "10" in one.rule
    assert not sea_route(cx.graph, cx.map, soviet, "L15", "H13").ok


def test_fleets_sail_to_and_from_the_off_map_boxes_along_the_sea_arrows():
    # Movement of naval strength points and fleets 11: "Sea routes may travel to and from the
    # map and the off map boxes along the sea arrows."  The USA box's arrow leaves from K1.
    from mapref.rulesets.hitlers_war.routes import sea_route

    s = game("war_for_europe")
    cx = ctx(s)
    allied = {x for x, v in cx.control.items() if v == "allies"}
    there = sea_route(cx.graph, cx.map, allied, "P5", "box:usa")
    assert there.ok and there.path[-2:] == ("K1", "box:usa")
    back = sea_route(cx.graph, cx.map, allied, "box:usa", "P5")
    assert back.ok and back.path[:2] == ("box:usa", "K1")
    # the arrow is the only way: with its hex K1 closed by an enemy fleet at sea (Blocking sea
    # routes 1) the box cannot be reached
    assert not sea_route(cx.graph, cx.map, allied, "P5", "box:usa", blocked={"K1"}).ok


# --------------------------------------------------------------------- Off-map combat 3
def test_defenders_of_an_off_map_box_other_than_siberia_are_eliminated_not_retreated():
    # Off-map combat: the boxes other than Siberia "can be reached only by sea."  3: "Siberia is
    # the only off map box from which defending armies may retreat. Armies displaced in the
    # other off-map boxes must be eliminated."
    s = game("war_for_europe")
    edit(
        s,
        lambda st: (
            st.armies.append(Army("Sea Lion", "axis", "ge", "Q9", {"amphibious": 5})),
            st.armies.append(Army("Canadian Army", "allies", "ca", "box:canada", {"infantry": 3})),
        ),
    )
    advance_to(s, "axis", "combat", "amphibious")
    assert "Off-map combat 3" in refused(s, "invade", **{"from": "Q9", "to": "box:canada", "retreat_to": ["R1"]}).rule
    out = act(s, "invade", **{"from": "Q9", "to": "box:canada"})
    assert s.state.army("Canadian Army") is None and s.state.army("Sea Lion").at == "box:canada"
    assert any("Canadian Army" in m and "eliminated" in m and "Off-map combat 3" in m for m in out.messages)


# --------------------------------------------------------------------- Italian forces 2-3
def test_the_paa_stays_in_africa_and_the_middle_east_else_in_italy():
    # Italian forces 2: "The PAA must remain in Africa or the Middle East. If there are no Axis
    # friendly hexes in Africa or the Middle East, it may be placed in Italy."  3 lists Libya.
    s = game("war_for_europe")
    _at_war(s, "it")
    edit(s, lambda st: setattr(st.army("Panzer Army Africa"), "at", "L10"))
    libya = [x for x in ctx(s).board.spaces_of_country("ly") if ctx(s).exists(x)]
    _hold(s, "axis", libya + [x for x in ctx(s).board.spaces_of_country("it") if ctx(s).exists(x)])
    advance_to(s, "axis", "movement", "land")
    # Libya is Axis: the PAA may not stay about Italy
    assert "Italian forces 2-3" in refused(s, "move", **{"from": "L10", "to": "K10"}).rule
    # no Axis hex in Africa or the Middle East: Italy, and only Italy
    _hold(s, "none", libya)
    assert not any(
        v == "axis" and ctx(s).country(x) in ("ly", "eg", "tn", "dz", "ma") for x, v in ctx(s).control.items()
    )
    assert "Italian forces 2" in refused(s, "move", **{"from": "L10", "to": "M11"}).rule  # Germany
    act(s, "move", **{"from": "L10", "to": "K10"})
    assert s.state.army("Panzer Army Africa").at == "K10"


# ------------------------------------------------------------------- Unaligned Forces 3
def test_home_forces_never_leave_home_and_go_with_their_country():
    # Unaligned Forces 3: "Home forces cannot leave their homeland. If forced to retreat out of
    # their country, they are eliminated. When their home country surrenders, they disappear
    # forever."
    from mapref.rulesets.hitlers_war.state import HomeForce

    s = game("war_for_europe")
    edit(s, lambda st: st.home_forces.extend([HomeForce("yu", "L11", 2), HomeForce("yu", "L12", 3)]))
    assert not [v for v in s.report().violations if v.code == "home_forces.abroad"]
    edit(s, lambda st: setattr(st.home_forces[0], "at", "M11"))  # into Germany
    (v,) = [v for v in s.report().violations if v.code == "home_forces.abroad"]
    assert v.where == "M11" and v.rule == "Unaligned Forces 3"
    edit(s, lambda st: setattr(st.home_forces[0], "at", "L11"))
    # Belgrade (L12) taken: Yugoslavia surrenders (Other countries 1-2), its home forces go
    advance_to(s, "axis", "combat", "advances")
    cx = ctx(s)
    _hold(s, "axis", [x for x in cx.board.spaces_of_country("yu") if x != "L12" and cx.exists(x) and not cx.is_box(x)])
    edit(
        s,
        lambda st: (
            setattr(st, "home_forces", [h for h in st.home_forces if h.at != "L12"]),
            st.armies.append(Army("Raiders", "axis", "ge", "K12", {"infantry": 2, "mechanized": 2})),
        ),
    )
    act(s, "capture", **{"from": "K12", "to": "L12"})
    assert s.state.nations["yu"].status == "surrendered"
    assert not [h for h in s.state.home_forces if h.nation == "yu"]


# ---------------------------------------- Movement of naval strength points and fleets 17 (R52)
def _axis_at_marseille(s):
    # an Axis army in L9 (held with L10, joined to Germany) beside Marseille (L8), where the
    # French fleet is in port
    _hold(s, "axis", ["L9", "L10"])
    edit(s, lambda st: st.armies.append(Army("Army of the Alps", "axis", "ge", "L9", {"infantry": 4, "mechanized": 2})))
    f = next(f for f in s.state.fleets if f.name == "French Fleet")
    assert (f.at, f.in_port) == ("L8", True)
    advance_to(s, "axis", "combat", "advances")


def test_a_fleet_in_a_captured_port_is_expelled_to_another_port_at_once():
    # Movement of naval strength points and fleets 17: "Ship strength points in port are safe from
    # any direct attack (though they can be expelled from port by a successful enemy advance into
    # it). Expelled fleets must move immediately to another port."  The owner chooses the port
    # (rulings R52): one of its side's friendly ports it may enter (Fleet strength points 2: a
    # French fleet in France or the green hexes), with room (5), reached by a sea route (8-10).
    s = game("war_for_europe")
    _axis_at_marseille(s)
    out = refused(s, "capture", **{"from": "L9", "to": "L8", "retreat_to": ["L7"]})
    assert (
        out.ask is not None
        and out.ask.key == "fleet_to"
        and "Movement of naval strength points and fleets 17" in out.rule
    )
    assert {"H6", "H7", "H9"} <= set(out.ask.options)
    assert "D14" not in out.ask.options and "P7" not in out.ask.options  # British ports (brown)
    assert "L8" not in out.ask.options
    assert "17" in refused(s, "capture", **{"from": "L9", "to": "L8", "retreat_to": ["L7"], "fleet_to": ["D14"]}).rule
    out = act(s, "capture", **{"from": "L9", "to": "L8", "retreat_to": ["L7"], "fleet_to": ["H6"]})
    f = next(f for f in s.state.fleets if f.name == "French Fleet")
    assert (f.at, f.in_port) == ("H6", True) and ctx(s).control["L8"] == "axis"
    assert any("French Fleet" in m and "expelled" in m and "H6" in m for m in out.messages), out.messages


def test_an_expelled_fleet_with_no_port_to_go_to_is_eliminated():
    # Movement of naval strength points and fleets 17 with 13: "Ship strength points which no
    # longer have a port or which would exceed the port's capacity are eliminated" (rulings R52).
    s = game("war_for_europe")
    _hold(s, "axis", ["H6", "H7", "H9", "F4", "M7", "O6", "O8"])
    _axis_at_marseille(s)
    out = act(s, "capture", **{"from": "L9", "to": "L8", "retreat_to": ["L7"]})
    assert not [f for f in s.state.fleets if f.name == "French Fleet"]
    assert any("French Fleet" in m and "eliminated" in m and "13" in m for m in out.messages), out.messages


# ---------------------------------------- Movement of naval strength points and fleets 13 (R53)
def _soviet_fleet_at_sea(s, at="K16"):
    def put(st):
        f = next(f for f in st.fleets if f.name == "Soviet Fleet")
        f.at, f.in_port = at, False

    edit(s, put)


def test_a_fleet_at_sea_with_no_port_to_go_to_is_eliminated_at_the_start_of_movement():
    # Movement of naval strength points and fleets 7: "At the beginning of their movement phase, a
    # player must move all of their ship strength points currently at sea to port."  13: "Ship
    # strength points which no longer have a port or which would exceed the port's capacity are
    # eliminated, instead."  The Soviet fleet at sea in the Black Sea with Odessa (L15) and
    # Sevastopol (L16) lost has no port it can reach (the Dardanelles are Turkish): rulings R53.
    s = game("war_for_europe")
    _soviet_fleet_at_sea(s)
    _hold(s, "axis", ["L15", "L16"])
    pend = [p for p in s.report().pending if "Soviet Fleet" in p["what"] and "13" in p["rule"]]
    assert pend and "eliminated" in pend[0]["what"]
    msgs = advance_to(s, "soviet", "movement", "naval")
    assert not [f for f in s.state.fleets if f.name == "Soviet Fleet"]
    assert any("Soviet Fleet" in m and "eliminated" in m and "13" in m for m in msgs), msgs


def test_a_fleet_at_sea_that_can_reach_a_port_is_kept_and_must_sail_there():
    # Movement of naval strength points and fleets 7-8: Sevastopol (L16) is still Soviet.
    s = game("war_for_europe")
    _soviet_fleet_at_sea(s)
    _hold(s, "axis", ["L15"])
    assert not [p for p in s.report().pending if "13" in p["rule"]]
    advance_to(s, "soviet", "movement", "naval")
    f = next(f for f in s.state.fleets if f.name == "Soviet Fleet")
    assert (f.at, f.in_port) == ("K16", False)
    assert [p for p in s.report().pending if "Soviet Fleet" in p["what"] and "7" in p["rule"]]
    act(s, "move", **{"from": "K16", "to": "L16"})
    f = next(f for f in s.state.fleets if f.name == "Soviet Fleet")
    assert (f.at, f.in_port) == ("L16", True)


def test_ship_points_over_the_ports_capacity_are_eliminated_on_the_way_back_to_port():
    # Movement of naval strength points and fleets 5: "Gibraltar ... can hold just three."  13:
    # ship strength points "which would exceed the port's capacity are eliminated, instead":
    # the British fleet of eight returning from sea to Gibraltar keeps three (rulings R53).
    s = game("war_for_europe")

    def put(st):
        f = next(f for f in st.fleets if f.name == "British Fleet")
        f.at, f.in_port = "H3", False

    edit(s, put)
    assert ctx(s).port("H4") == 3
    advance_to(s, "allies", "movement", "naval")
    out = act(s, "move", **{"from": "H3", "to": "H4"})
    f = next(f for f in s.state.fleets if f.name == "British Fleet")
    assert (f.at, f.in_port, f.capital) == ("H4", True, 3)
    assert any("5" in m and "eliminated" in m and "13" in m for m in out.messages), out.messages
    # a fleet already in port is not pushed over a port's capacity: that move is refused (5)
    s = game("war_for_europe")
    advance_to(s, "allies", "movement", "naval")
    assert "fleets 5" in refused(s, "move", **{"from": "P5", "to": "H4"}).rule


# ------------------------------------------------- the roll modifiers the report names (R54)
def _mods(s, name):
    a = next(a for a in s.report().as_dict()["armies"] if a["name"] == name)
    return a["modifiers"]


def test_morale_five_or_less_adds_one_fifteen_or_more_takes_one_from_assaults_and_advances():
    # National Morale 7: "If a country's morale is reduced to five or less, one must be added to
    # all of their assault and advance rolls. They still defensively assault as per normal."  8:
    # "If a country's morale reaches fifteen or more all of their assault and advance rolls are
    # reduced by one."
    s = game("war_for_europe")
    assert not [m for m in _mods(s, "German Army 1") if "National Morale" in m["rule"]]
    edit(s, lambda st: setattr(st.sides["axis"], "morale", 5))
    (m,) = [m for m in _mods(s, "German Army 1") if "National Morale" in m["rule"]]
    assert m["value"] == 1 and m["rolls"] == ["assault", "advance"] and m["rule"] == "National Morale 7"
    edit(s, lambda st: setattr(st.sides["axis"], "morale", 15))
    (m,) = [m for m in _mods(s, "German Army 1") if "National Morale" in m["rule"]]
    assert m["value"] == -1 and m["rolls"] == ["assault", "advance"] and m["rule"] == "National Morale 8"
    assert not [m for m in _mods(s, "French Army 1") if "National Morale" in m["rule"]]  # the Allies at ten
    line = _text_line(s, "German Army 1")
    assert "-1 to its assault, advance rolls" in line and "[National Morale 8]" in line


def _text_line(s, name):
    from mapref.rulesets.hitlers_war.referee import report_text

    return "\n".join(x for x in report_text(s.report()).splitlines() if x.startswith(name))


def test_the_italian_and_rumanian_armies_add_one_to_assaults_and_advances_but_not_the_paa():
    # Italian forces 6: "The Italian Army always adds +1 to all assault and advance rolls. It
    # defensively assaults like a regular army. This rule does NOT apply to the PAA."  The
    # Rumanian army 4: "The Rumanian army always adds +1 to all assault and advance rolls."
    s = game("war_for_europe")
    (m,) = _mods(s, "Italian Army")
    assert (m["value"], m["rolls"], m["rule"]) == (1, ["assault", "advance"], "Italian forces 6")
    assert _mods(s, "Panzer Army Africa") == []
    assert "Italian forces 6" in _text_line(s, "Italian Army")
    _rumania_joined(s)
    (m,) = _mods(s, "Rumanian Army")
    assert (m["value"], m["rolls"], m["rule"]) == (1, ["assault", "advance"], "The Rumanian army 4")


def test_axis_armies_in_soviet_hexes_in_winter_add_four_then_two_then_one():
    # Soviet winter combat 1: "Axis armies have all of their assault, advance and defensive
    # assault rolls increased while occupying Soviet hexes during winter turns."  2: "During the
    # first such winter turn, the modifier is plus four; during the second such winter turn, the
    # modifier is lessened to plus two; and for all following winters, the modifier drops to a
    # final plus one."  Barbarossa begins in summer 1941 at war: winter 1941 is the first
    # (rulings R54).
    s = game("barbarossa")
    a = next(a for a in s.state.armies if a.side == "axis" and ctx(s).country(a.at) != "su")
    edit(s, lambda st: setattr(st.army(a.name), "at", "P14"))
    _hold(s, "axis", ["P14"])
    assert not [m for m in _mods(s, a.name) if "winter" in m["rule"]]  # summer
    for turn, value in ((Turn(1941, "winter"), 4), (Turn(1942, "winter"), 2), (Turn(1943, "winter"), 1)):
        edit(s, lambda st, turn=turn: setattr(st, "turn", turn))
        (m,) = [m for m in _mods(s, a.name) if "winter" in m["rule"]]
        assert (m["value"], m["rolls"]) == (value, ["assault", "advance", "defensive assault"]), turn
    edit(s, lambda st: setattr(st, "turn", Turn(1942, "spring")))
    assert not [m for m in _mods(s, a.name) if "winter" in m["rule"]]
    # outside the Soviet Union, or a Soviet army: nothing
    edit(s, lambda st: setattr(st, "turn", Turn(1941, "winter")))
    assert not [m for m in _mods(s, "Moscow") if "winter" in m["rule"]]
    edit(s, lambda st: setattr(st.army(a.name), "at", "P12"))
    assert not [m for m in _mods(s, a.name) if "winter" in m["rule"]]


def test_the_soviet_winter_counts_from_the_winter_of_the_war_with_the_axis_in_war_for_europe():
    # Soviet winter combat 2 in War for Europe: the Soviet Union goes to war with the Axis when
    # one attacks the other (The Soviet Union 3, 5); the first winter turn from then on is the
    # first such winter (rulings R54).
    s = game("war_for_europe")
    edit(
        s,
        lambda st: (
            setattr(st, "turn", Turn(1941, "summer")),
            st.nations.__setitem__("su", Nation("soviet", "at_war", Turn(1941, "summer"))),
            st.armies.append(Army("Ostheer", "axis", "ge", "P14", {"infantry": 5})),
        ),
    )
    _hold(s, "axis", ["P14"])
    edit(s, lambda st: setattr(st, "turn", Turn(1941, "winter")))
    assert [m["value"] for m in _mods(s, "Ostheer") if "winter" in m["rule"]] == [4]
    edit(s, lambda st: setattr(st, "turn", Turn(1942, "winter")))
    assert [m["value"] for m in _mods(s, "Ostheer") if "winter" in m["rule"]] == [2]


def test_the_fall_of_germany_starts_after_the_first_two_soviet_winters():
    # Soviet winter combat: "Historically, the Axis armies were totally unprepared for the
    # severity of Russian winter ... The following restrictions reproduce the historical
    # situation."  2: "+4 the first such winter, +2 the second, for all following winters +1".
    # The Fall of Germany begins in spring 1944 (Scenario 2), with the war in the east since
    # summer 1941: its winters are the war's fourth and fifth, +1 (rulings R54).
    s = game("fall_of_germany")
    edit(s, lambda st: st.armies.append(Army("Ostheer", "axis", "ge", "P14", {"infantry": 5})))
    _hold(s, "axis", ["P14"])
    for year in (1944, 1945):
        edit(s, lambda st, y=year: setattr(st, "turn", Turn(y, "winter")))
        assert [m["value"] for m in _mods(s, "Ostheer") if "winter" in m["rule"]] == [1]


def test_the_turn_the_soviet_union_goes_to_war_with_the_axis_is_kept():
    # The Soviet Union 5: "If the Soviet Union attacks Germany or any territory conquered by the
    # Axis the Soviet Union is considered at war with the Axis."  Its turn starts the count of
    # Soviet winters (rulings R54).
    s = game("war_for_europe")
    edit(
        s,
        lambda st: (
            setattr(st, "turn", Turn(1940, "spring")),
            st.nations.__setitem__("pl", Nation("axis", "surrendered", None)),
        ),
    )
    _hold(s, "axis", [x for x in ctx(s).board.spaces_of_country("pl") if not ctx(s).is_box(x)])
    advance_to(s, "soviet", "combat", "advances", turn="spring 1940")
    edit(
        s,
        lambda st: (
            setattr(st, "armies", [a for a in st.armies if a.at != "N14"]),
            st.armies.append(Army("Red Army", "soviet", "su", "N14", {"infantry": 3, "mechanized": 3})),
        ),
    )
    assert s.state.nations["su"].joined is None
    act(s, "capture", **{"from": "N14", "to": "N13"})
    assert (s.state.nations["su"].status, s.state.nations["su"].joined) == ("at_war", Turn(1940, "spring"))


# ------------------------------------------------------- Invasion advance 2; Naval fire 2, 4
def test_the_invasion_advance_strength_is_the_amphibious_points_and_as_many_ground_points():
    # Invasion advance 2: "The strength used for an invasion advance is composed of all the
    # amphibious strength points plus an equal number of infantry and mechanized strength
    # points."  Naval fire 2: one roll "For each full sea (not partial sea/partial land) hex side
    # that the invasion route travels"; from P7 to O8 one full-sea side.
    s = game("fall_of_germany")
    edit(
        s,
        lambda st: (
            setattr(st, "armies", [a for a in st.armies if a.at != "P7"]),
            st.armies.append(Army("Overlord", "allies", "gb", "P7", {"amphibious": 5, "infantry": 1, "mechanized": 1})),
        ),
    )
    advance_to(s, "allies", "combat", "amphibious")
    assert cx_kinds(s, "P7", "O8") == {"sea"}
    out = act(s, "invade", **{"from": "P7", "to": "O8"})
    assert any("strength 7" in m and "Invasion advance 1-2" in m for m in out.messages), out.messages
    # Invasion assault 3: "Only amphibious strength points can be counted toward the firepower
    # strength of the invasion assault."  Coastal bombardment 2: an escort's firepower "may NEVER
    # be higher than the number of amphibious strength points in the invading army."
    assert any("invasion assault fires with 5" in m and "Invasion assault 3" in m for m in out.messages)
    assert any("coastal bombardment" in m and "at most 5" in m and "Coastal bombardment 2" in m for m in out.messages)
    assert any("1 in all" in m and "Naval fire" in m for m in out.messages)
    s = game("fall_of_germany")
    edit(
        s,
        lambda st: (
            setattr(st, "armies", [a for a in st.armies if a.at != "P7"]),
            st.armies.append(Army("Overlord", "allies", "gb", "P7", {"amphibious": 4, "infantry": 2, "mechanized": 2})),
        ),
    )
    advance_to(s, "allies", "combat", "amphibious")
    out = act(s, "invade", **{"from": "P7", "to": "O8", "failed": True})
    assert any("strength 8" in m and "Invasion advance 1-2" in m for m in out.messages), out.messages


def cx_kinds(s, a, b):
    return set(ctx(s).graph.kinds_between(a, b))


def test_naval_fire_counts_the_sea_arrow_to_an_off_map_box_by_its_number():
    # Naval fire 4: "In the unlikely event that an invasion is directed against an off map box, the
    # number of hex sides the army travels along a sea arrow is shown by the number next to it."
    # Canada's arrow from R1 is marked 3.
    s = game("war_for_europe")
    edit(s, lambda st: st.armies.append(Army("Sea Lion", "axis", "ge", "Q9", {"amphibious": 5})))
    advance_to(s, "axis", "combat", "amphibious")
    out = act(s, "invade", **{"from": "Q9", "to": "box:canada"})
    route = (
        next(m for m in out.messages if m.startswith("amphibious invasion")).split("by sea: ")[1].split(" [")[0].split()
    )
    assert route[-2:] == ["R1", "box:canada"]
    full = sum(1 for x, y in pairwise(route[:-1]) if "sea" in cx_kinds(s, x, y) and "coast" not in cx_kinds(s, x, y))
    assert any(f"{full + 3} in all" in m and "Naval fire" in m for m in out.messages), (full, out.messages)


# -------------------------------------------------------------------------- Italy 3-6 (R55)
def test_the_axis_is_offered_the_italian_activation_roll_at_the_start_of_its_production():
    # Italy 3: "Starting with the spring 1940 turn, the Axis player may make an Italian activation
    # roll, provided they have declared war on the Low Countries."  4: "on a roll of 1-2 Italy
    # joins the Axis."  5: "modified by -1 if the Axis occupies all of the Low Countries and -1 for
    # each French hex captured by the Axis."  6: "made at the beginning of the Axis production
    # phase."  The referee offers the roll with its number (rulings R55); the players roll.
    def italy(s):
        return [p for p in s.report().pending if p["rule"].startswith("Italy 3")]

    s = game("war_for_europe")
    advance_to(s, "axis", "production", "build")
    assert not italy(s)  # winter 1939
    s = game("war_for_europe")
    edit(s, lambda st: setattr(st, "turn", Turn(1940, "spring")))
    advance_to(s, "axis", "production", "build", turn="spring 1940")
    assert not italy(s)  # no war on the Low Countries yet
    lc = [x for x in ctx(s).board.spaces_of_country("lc") if ctx(s).exists(x) and not ctx(s).is_box(x)]
    _hold(s, "axis", lc[:1])
    (p,) = italy(s)
    assert p["roll_at_most"] == 2 and "beginning of the Axis production phase" in p["when"]
    _hold(s, "axis", lc + ["N8", "O8"])  # all the Low Countries and two French hexes
    (p,) = italy(s)
    assert p["roll_at_most"] == 5 and "roll 5 or less" in p["what"]
    # not in the repair step, nor once Italy has joined
    _at_war(s, "it")
    assert not italy(s)


# ----------------------------------------- Mountain combat 2; The Soviet Union 7 (R54 widened)
def test_an_advance_into_a_mountain_hex_is_recorded_with_its_plus_two():
    # Mountain combat 2: "An army attempting to advance into a mountain hex must add two to its
    # die roll in addition to any other modifiers."  N13 (Poland) is a mountain hex, O13 is not.
    s = game("war_for_europe")
    assert ctx(s).space("N13").mountain and not ctx(s).space("O13").mountain
    edit(s, lambda st: st.armies.append(Army("Gebirgsjaeger", "axis", "ge", "N12", {"infantry": 3})))
    advance_to(s, "axis", "combat", "advances")
    out = act(s, "capture", **{"from": "N12", "to": "N13"})
    (m,) = [m for m in out.messages if "modifiers" in m]
    assert "+2" in m and "Mountain combat 2" in m and "+2 in all" in m, m
    # the second advance of the army (Advance resolution 13: +1), into a plain hex: +1 in all
    out = act(s, "capture", **{"from": "N13", "to": "O13"})
    (m,) = [m for m in out.messages if "modifiers" in m]
    assert "Mountain" not in m and "Advance resolution 13" in m and "+1 in all" in m, m


def test_a_soviet_advance_into_finland_before_the_war_with_the_axis_adds_two():
    # The Soviet Union 7: "If the Soviet Union attacks Finland (prior to being at war with the
    # Axis) the Soviet player adds two to all assault and advance rolls directed at Finnish hexes."
    s = game("war_for_europe")
    edit(
        s,
        lambda st: (
            setattr(st, "turn", Turn(1940, "spring")),
            st.nations.__setitem__("pl", Nation("axis", "surrendered", None)),
        ),
    )
    advance_to(s, "soviet", "combat", "advances", turn="spring 1940")
    edit(s, lambda st: st.armies.append(Army("Red Army", "soviet", "su", "U15", {"infantry": 4, "mechanized": 2})))
    out = act(s, "capture", **{"from": "U15", "to": "U14"})
    (m,) = [m for m in out.messages if "modifiers" in m]
    assert "The Soviet Union 7" in m and "+2 in all" in m, m


# ------------------------------------------------------------- Surrender, Soviet Union 3
def test_after_a_soviet_surrender_the_axis_keeps_as_many_points_on_the_eastern_front():
    # Surrender, Soviet Union 3: "The Soviet player counts the strength points remaining in their
    # armies. The Axis player must maintain a force of at least as many strength points in armies
    # which are located in the EASTERN front. The eastern front includes all territory in the
    # Soviet Union, The Baltic States, Finland, Poland, Hungary, Rumania and Bulgaria."
    s = game("war_for_europe")
    soviet = sum(a.total() for a in s.state.armies if a.side == "soviet")

    def eastern(s):
        return [v for v in s.report().violations if v.code == "surrender.eastern_front"]

    assert not eastern(s)
    edit(s, lambda st: st.nations.__setitem__("su", Nation("soviet", "surrendered", None)))
    (v,) = eastern(s)
    assert v.rule == "Surrender, Soviet Union 3" and str(soviet) in v.message
    edit(s, lambda st: st.armies.append(_axis_army("Ostheer", "P13", soviet - 1)))  # Poland
    assert eastern(s)
    edit(s, lambda st: st.armies.append(_axis_army("Reserve", "P11", 10)))  # Germany: not the eastern front
    assert eastern(s)
    edit(s, lambda st: st.armies.append(Army("Garrison", "axis", "ge", "M12", {"infantry": 1})))  # Hungary
    assert not eastern(s)


# ---------------------------------------------------- Naval fire 5; Defensive assault 3
def test_an_invading_army_loses_at_least_half_amphibious_points_to_each_fire():
    # Naval fire 5: "At least half the losses of each separate fire must be amphibious strength
    # points."  Defensive assault (amphibious invasions) 3: "At least half of any losses inflicted
    # by defensive assault must be amphibious strength points."  Recorded with --invader (rulings
    # R56); with no amphibious point left the rest is the owner's choice.
    s = game("fall_of_germany")
    edit(
        s,
        lambda st: (
            setattr(st, "armies", [a for a in st.armies if a.at != "P7"]),
            st.armies.append(Army("Overlord", "allies", "gb", "P7", {"amphibious": 2, "infantry": 3})),
        ),
    )
    advance_to(s, "allies", "combat", "amphibious")
    out = refused(s, "losses", space="P7", points={"infantry": 1}, invader=True)
    assert "Naval fire 5" in out.rule and "Defensive assault 3" in out.rule
    refused(s, "losses", space="P7", points={"infantry": 2, "amphibious": 1}, invader=True)
    act(s, "losses", space="P7", points={"infantry": 1, "amphibious": 1}, invader=True)
    # its last amphibious point and two infantry: it has no more amphibious points to lose
    act(s, "losses", space="P7", points={"infantry": 2, "amphibious": 1}, invader=True)
    assert s.state.army("Overlord") is None
    # outside the invasion step the flag is refused
    s = game("fall_of_germany")
    edit(s, lambda st: st.armies.append(Army("Overlord", "allies", "gb", "Q6", {"amphibious": 2, "infantry": 2})))
    advance_to(s, "allies", "combat", "assaults")
    assert "Invasion procedure 7" in refused(s, "losses", space="Q6", points={"amphibious": 1}, invader=True).rule


# ------------------------------------------------------------- Surrender, Soviet Union 4
def test_a_refused_soviet_surrender_is_never_offered_again(tmp_path):
    # Surrender, Soviet Union 1: "The Soviet Union will only offer to surrender as per the morale
    # rules"; 4: "If the Axis player chooses to refuse a Soviet surrender the Soviets will NEVER
    # surrender again."  The refusal is recorded (mapref surrender su --refused: rulings R57).
    from mapref.rules.session import open_game

    s = game("war_for_europe")
    edit(s, lambda st: setattr(st.sides["soviet"], "morale", 0))
    assert _offers(s, "soviet")
    out = act(s, "surrender", nation="su", refused=True)
    assert any("Soviet Union 4" in m for m in out.messages)
    assert s.state.nations["su"].status != "surrendered"
    assert not _offers(s, "soviet")
    assert "Soviet Union 4" in refused(s, "surrender", nation="su").rule
    assert "Soviet Union 4" in refused(s, "surrender", nation="su", refused=True).rule  # refused once
    # only the Soviet surrender is refused this way
    assert "Soviet Union 4" in refused(s, "surrender", nation="fr", refused=True).rule
    # the record is kept in the saved game
    path = tmp_path / "g.toml"
    s.save(str(path))
    s2 = open_game(path)
    assert "Soviet Union 4" in refused(s2, "surrender", nation="su").rule


# ------------------------------------------------------- Nations inclined toward the Axis 4
def test_finland_joining_the_axis_brings_four_points_in_a_new_army_in_t13():
    # Nations inclined toward the Axis 4: "Provided Finland is aligned to the Axis it will join the
    # Axis on the turn it declares war on the Soviet Union. The Axis player immediately places four
    # strength points in a new Axis army located in hex T13."  Four infantry (rulings R58).
    s = game("war_for_europe")
    edit(
        s,
        lambda st: (
            setattr(st, "turn", Turn(1941, "summer")),
            st.nations.__setitem__("fi", Nation("axis", "inclined", None)),
        ),
    )
    out = act(s, "set", nation="fi", status="at_war", side="axis")
    a = s.state.army("Finnish Army")
    assert (
        a is not None
        and (a.side, a.nation, a.at) == ("axis", "fi", "T13")
        and a.total() == 4
        and a.points["infantry"] == 4
    )
    assert any("Finnish Army" in m and "Nations inclined toward the Axis 4" in m for m in out.messages)
    assert "T13" in ctx(s).supplied("axis")  # supplied on its first turn
    s.undo()
    assert s.state.army("Finnish Army") is None


# ------------------------------------------------------- Nations inclined toward the Axis 5
def test_the_baltic_states_joining_the_axis_add_two_points_to_an_axis_army():
    # Nations inclined toward the Axis 5: "Provided the Baltic States are aligned to the Axis it
    # will join the Axis on the turn it declares war on the Soviet Union. The Axis player
    # immediately places two strength points in any of their armies."  The army is named with
    # the record (--army); two infantry (rulings R58).
    s = game("war_for_europe")
    edit(s, lambda st: st.nations.__setitem__("bs", Nation("axis", "inclined", None)))
    before = s.state.army("German Army 2").points["infantry"]
    assert (
        "Nations inclined toward the Axis 5"
        in refused(s, "set", nation="bs", status="at_war", side="axis", army="Soviet Army 1").rule
    )
    out = act(s, "set", nation="bs", status="at_war", side="axis", army="German Army 2")
    assert s.state.army("German Army 2").points["infantry"] == before + 2
    assert any("two" in m and "Nations inclined toward the Axis 5" in m for m in out.messages)
    # without an army named the report of the record reminds the referee
    s = game("war_for_europe")
    edit(s, lambda st: st.nations.__setitem__("bs", Nation("axis", "inclined", None)))
    out = act(s, "set", nation="bs", status="at_war", side="axis")
    assert any("--army" in m and "Nations inclined toward the Axis 5" in m for m in out.messages)
    # --army belongs to the Baltic States' entry only
    assert (
        "Nations inclined toward the Axis 5"
        in refused(s, "set", nation="fi", status="at_war", side="axis", army="German Army 2").rule
    )


# ------------------------- Naval battle resolution 2-5; Attacking enemy fleets 3-4 (R59)
def _fleets_at_sea(s, **where):
    def put(st):
        for f in st.fleets:
            if f.name in where:
                f.at, f.in_port = where[f.name], False

    edit(s, put)


def _fleet(s, name):
    return next((f for f in s.state.fleets if f.name == name), None)


def test_after_a_naval_battle_the_larger_fleet_stays_at_sea_and_the_smaller_returns_to_port():
    # Naval battle resolution 2: "All naval battles are resolved during the resolve amphibious
    # assaults phase."  4: "When losses are removed, the larger of the two fleets remains at sea and
    # the smaller fleet must return to a friendly port (owner's choice) on the same sea."
    s = game("war_for_europe")
    _fleets_at_sea(s, **{"British Fleet": "O5", "German Fleet": "O4"})
    edit(s, lambda st: setattr(_fleet(s, "German Fleet"), "capital", 6))
    advance_to(s, "allies", "combat", "assaults")
    assert (
        "Naval battle resolution 2"
        in refused(
            s, "naval", attacker="British Fleet", defender="German Fleet", attacker_losses=4, defender_losses=1
        ).rule
    )
    s = game("war_for_europe")
    _fleets_at_sea(s, **{"British Fleet": "O5", "German Fleet": "O4"})
    edit(s, lambda st: setattr(_fleet(s, "German Fleet"), "capital", 6))
    advance_to(s, "allies", "combat", "amphibious")
    # British 8 - 4 = 4, German 6 - 1 = 5: the British fleet is the smaller and goes to port
    out = refused(s, "naval", attacker="British Fleet", defender="German Fleet", attacker_losses=4, defender_losses=1)
    assert out.ask is not None and out.ask.key == "loser_to" and "P5" in out.ask.options
    assert all(ctx(s).sea_zone(p) == "atl" or p in ("H4",) for p in out.ask.options)
    assert "L8" not in out.ask.options  # Marseille is on the Mediterranean
    out = act(
        s,
        "naval",
        attacker="British Fleet",
        defender="German Fleet",
        attacker_losses=4,
        defender_losses=1,
        loser_to="P5",
    )
    b, g = _fleet(s, "British Fleet"), _fleet(s, "German Fleet")
    assert (b.capital, b.at, b.in_port) == (4, "P5", True)
    assert (g.capital, g.at, g.in_port) == (5, "O4", False)
    assert any("Naval battle resolution 4" in m for m in out.messages)


def test_a_naval_battle_tie_goes_to_the_greater_losses_inflicted_then_to_the_defender():
    # Naval battle resolution 4: "In case of a tie, the fleet that inflicted the greater losses
    # remains at sea. If this is also the same, the defending fleet remains at sea. The loser
    # always returns to port."
    s = game("war_for_europe")
    _fleets_at_sea(s, **{"British Fleet": "O5", "German Fleet": "O4"})
    edit(s, lambda st: setattr(_fleet(s, "German Fleet"), "capital", 6))
    advance_to(s, "allies", "combat", "amphibious")
    # 8 - 3 = 5 and 6 - 1 = 5: the Germans inflicted 3, the British 1: the Germans stay
    act(
        s,
        "naval",
        attacker="British Fleet",
        defender="German Fleet",
        attacker_losses=3,
        defender_losses=1,
        loser_to="P5",
    )
    assert _fleet(s, "German Fleet").in_port is False and _fleet(s, "British Fleet").at == "P5"
    s.undo()
    edit(s, lambda st: setattr(_fleet(s, "German Fleet"), "capital", 8))
    # 8 - 2 = 6 and 8 - 2 = 6, each inflicted 2: the defender (the German fleet) stays
    act(
        s,
        "naval",
        attacker="British Fleet",
        defender="German Fleet",
        attacker_losses=2,
        defender_losses=2,
        loser_to="P5",
    )
    assert _fleet(s, "German Fleet").in_port is False and _fleet(s, "British Fleet").at == "P5"


def test_a_beaten_fleet_with_no_friendly_port_on_its_sea_is_eliminated():
    # Naval battle resolution 5: "If the loser is unable to return to port, because they have no
    # friendly port on the same sea or cannot trace a sea route to a friendly port, the fleet is
    # eliminated."  The German fleet's one Atlantic port (Kiel, Q9-Q10) lost.
    s = game("war_for_europe")
    _fleets_at_sea(s, **{"British Fleet": "O5", "German Fleet": "O4"})
    advance_to(s, "allies", "combat", "amphibious")
    _hold(s, "allies", ["Q9", "Q10"])
    out = act(s, "naval", attacker="British Fleet", defender="German Fleet", attacker_losses=0, defender_losses=1)
    assert _fleet(s, "German Fleet") is None
    assert any("German Fleet" in m and "eliminated" in m and "Naval battle resolution 5" in m for m in out.messages)
    # a fleet that loses every ship point is gone too (the other stays at sea)
    s = game("war_for_europe")
    _fleets_at_sea(s, **{"British Fleet": "O5", "German Fleet": "O4"})
    advance_to(s, "allies", "combat", "amphibious")
    act(s, "naval", attacker="British Fleet", defender="German Fleet", attacker_losses=1, defender_losses=2)
    assert _fleet(s, "German Fleet") is None and _fleet(s, "British Fleet").capital == 7


def test_an_evading_fleet_goes_to_the_nearest_friendly_port_or_may_not_evade():
    # Attacking enemy fleets 3: the defender "may choose to evade battle"; the roll is the
    # players'.  4: "Evading fleets move immediately to the nearest friendly port. If they are
    # unable to move to a friendly port, they may not evade."
    s = game("war_for_europe")
    _fleets_at_sea(s, **{"British Fleet": "O5", "German Fleet": "Q8"})
    advance_to(s, "allies", "combat", "amphibious")
    out = act(s, "naval", attacker="British Fleet", defender="German Fleet", evaded=True)
    g = _fleet(s, "German Fleet")
    assert (g.at, g.in_port) == ("Q9", True), out.messages  # Q8 -> Q9, one hex
    assert any("Attacking enemy fleets 3-4" in m for m in out.messages)
    s = game("war_for_europe")
    _fleets_at_sea(s, **{"British Fleet": "O5", "German Fleet": "O4"})
    advance_to(s, "allies", "combat", "amphibious")
    _hold(s, "allies", ["Q9", "Q10", "Q13"])
    assert (
        "Attacking enemy fleets 4"
        in refused(s, "naval", attacker="British Fleet", defender="German Fleet", evaded=True).rule
    )


# ------------------------------------------------------- Announce initial attacks 1-4 (R60)
def test_only_the_armies_named_in_the_announcement_attack_and_only_their_named_hex():
    # Announce initial attacks 1: "The attacking player first announces all of the initial attacks
    # that they wish their armies to make that turn."  2: "They must name each attacking army and
    # the hex targeted for its attack. Those armies not named to attack at this time lose the
    # opportunity to attack later in the combat phase."  3: "More than one army may be named to
    # attack the same adjacent hex."  4: "Any adjacent hex may be named a target hex for attack
    # even if already friendly".  Launching attacks 5: the target "must always be adjacent".
    s = game("war_for_europe")
    edit(
        s,
        lambda st: (
            st.armies.append(Army("Army Group South", "axis", "ge", "N12", {"infantry": 4, "mechanized": 2})),
            setattr(st.army("German Army 2"), "at", "P11"),
        ),
    )
    advance_to(s, "axis", "combat", "announce")
    assert "Launching attacks 5" in refused(s, "announce", army="German Army 3", target="P13").rule  # not adjacent
    act(s, "announce", army="German Army 3", target="O13")
    act(s, "announce", army="Army Group South", target="O13")  # two armies, one hex (3)
    act(s, "announce", army="German Army 1", target="P10")  # a friendly hex (4)
    assert "Launching attacks 5" in refused(s, "announce", army="German Army 3", target="P12").rule  # one hex an army
    assert (
        "Announce initial attacks 2" in refused(s, "announce", army="Soviet Army 1", target="R17").rule
    )  # not the Axis's
    advance_to(s, "axis", "combat", "advances")
    assert "Announce initial attacks 1" in refused(s, "announce", army="German Army 2", target="P12").rule  # too late
    # German Army 2 was not named: it may not advance; Army Group South only into O13
    assert "Announce initial attacks 2" in refused(s, "capture", **{"from": "P11", "to": "P12"}).rule
    assert "Announce initial attacks 2" in refused(s, "capture", **{"from": "N12", "to": "N13"}).rule
    act(s, "capture", **{"from": "N12", "to": "O13"})
    # nor exploit later in the phase
    advance_to(s, "axis", "combat", "exploitation")
    assert "Announce initial attacks 2" in refused(s, "capture", **{"from": "P11", "to": "P12"}).rule
    # the next combat phase starts with no announcement; with none recorded nothing is enforced
    # (rulings R60)
    s2 = game("war_for_europe")
    advance_to(s2, "axis", "combat", "advances")
    assert s2.state.announced == {}
    act(s2, "capture", **{"from": "O12", "to": "P12"})


# ------------------------------------------------------------------ Exploitation attacks 1
def test_only_an_army_that_advanced_in_its_initial_attack_exploits():
    # Exploitation attacks 1: "Armies which successfully advanced into their target but did NOT
    # launch an assault may participate in the exploitation phase."  (Whether it assaulted is the
    # players' record; that it advanced is the referee's: rulings R61.)
    s = game("war_for_europe")
    edit(
        s, lambda st: st.armies.append(Army("Army Group South", "axis", "ge", "N12", {"infantry": 4, "mechanized": 2}))
    )
    advance_to(s, "axis", "combat", "advances")
    act(s, "capture", **{"from": "O12", "to": "P12"})  # German Army 3 advances in the initial advances
    advance_to(s, "axis", "combat", "exploitation")
    assert "Exploitation attacks 1" in refused(s, "capture", **{"from": "N12", "to": "N13"}).rule
    act(s, "capture", **{"from": "P12", "to": "P13"})
    assert s.state.army("German Army 3").at == "P13"
