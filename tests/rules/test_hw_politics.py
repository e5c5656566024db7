"""War for Europe's political rules the referee enforces (issue 12, "Missing: ... every other
political rule of the scenario"): surrenders and Vichy France, Italian forces, violation of
neutrality, morale from events."""

from mapref.rulesets.hitlers_war.state import Army, Fleet, HexState, Nation, Turn

from hwplay import act, advance_to, ctx, edit, game, refused


def _axis_holds(s, *spaces):
    edit(s, lambda st: [st.hexes.__setitem__(x, HexState(control="axis", occupied=True)) for x in spaces])


def test_france_surrenders_vichy_france_and_the_free_french():
    # Surrender, France 3-7; Vichy France 3, 6; National morale chart: "France surrenders +2 to
    # Axis, -2 to Western Allies".
    s = game("war_for_europe")
    _axis_holds(s, "N7")
    advance_to(s, "axis", "combat", "exploitation")
    assert any(o["nation"] == "fr" for o in s.report().surrender)  # the roll offered (rulings R27)
    french_mech = sum(
        a.points["mechanized"] for a in s.state.armies if a.side == "allies" and ctx(s).country(a.at) == "fr"
    )
    assert french_mech == 4
    out = act(s, "surrender", nation="fr", free_french=3)
    st, cx = s.state, ctx(s)
    assert st.nations["fr"].status == "surrendered"
    assert all(cx.control.get(x) == "axis" for x in cx.board.spaces_of_country("fr"))
    assert cx.control.get("K9") == "axis"  # Corsica
    for c in ("ma", "dz", "tn", "ls"):
        assert st.nations[c].status == "vichy"
        assert all(x not in cx.control for x in cx.board.spaces_of_country(c))
    ff = st.army("Free French Army")
    assert (
        ff.at == "P6" and ff.points["infantry"] == 3 and ff.points["tactical_air"] == 1 and ff.points["mechanized"] == 0
    )
    assert not [a for a in st.armies if a.side == "allies" and cx.country(a.at) == "fr"]
    assert (st.sides["axis"].morale, st.sides["allies"].morale) == (12, 8), out.messages
    assert "once" in refused(s, "surrender", nation="fr").reason
    # Vichy France 3: no Axis moves into Corsica while Vichy stands
    advance_to(s, "axis", "movement", "land", turn="spring 1940")
    edit(s, lambda st: st.armies.append(Army("Riviera", "axis", "ge", "L8", {"infantry": 1})))
    assert "Vichy France 3" in refused(s, "move", **{"from": "L8", "to": "K9"}).rule
    # Vichy France 6: the Allies capture Vichy (M8): Vichy is dissolved, its lands Axis
    s2 = game("war_for_europe")
    _axis_holds(s2, "N7")
    advance_to(s2, "axis", "combat", "exploitation")
    act(s2, "surrender", nation="fr")
    advance_to(s2, "allies", "combat", "advances")
    cx = ctx(s2)
    atl = next(h for h in cx.board.spaces() if cx.space(h).terrain == "sea" and cx.sea_zone(h) == "atl")
    edit(
        s2,
        lambda st: (
            st.armies.append(Army("Liberators", "allies", "gb", "M7", {"mechanized": 4})),
            st.hexes.__setitem__("M7", HexState(control="allies", occupied=True)),
            st.fleets.append(Fleet("Home Fleet", "allies", "gb", atl, False, 2)),
        ),
    )
    assert "M7" in ctx(s2).supplied("allies")  # by sea, from London (Sea transportation 3)
    out = act(s2, "capture", **{"from": "M7", "to": "M8"})
    assert any("Vichy France 5-6" in m for m in out.messages)
    assert all(ctx(s2).control.get(x) == "axis" for x in ctx(s2).board.spaces_of_country("tn"))


def test_italy_surrenders_and_loses_its_army_and_fleets():
    # Surrender, Italy 2-4: five infantry and one mechanised lost, the Italian army's first; the
    # Italian Army and fleets removed; Italian hexes keep their allegiance.
    s = game("war_for_europe")
    edit(
        s,
        lambda st: (
            st.nations.__setitem__("it", Nation("axis", "at_war", Turn(1940, "spring"))),
            setattr(
                st.army("Panzer Army Africa"),
                "points",
                {**st.army("Panzer Army Africa").points, "infantry": 3, "mechanized": 1},
            ),
        ),
    )
    edit(
        s,
        lambda st: [
            st.hexes.__setitem__(x, HexState(control="allies", occupied=True)) for x in ("J10", "J11", "I11", "I12")
        ],
    )
    out = act(s, "surrender", nation="it")  # the roll offered with four Italian hexes held (Surrender, Italy 1)
    st = s.state
    assert st.army("Italian Army") is None and not [f for f in st.fleets if f.nation == "it"]
    paa = st.army("Panzer Army Africa")
    assert paa.points["infantry"] == 2 and paa.points["mechanized"] == 1  # 4 of the 5 came from the Italian army (4-1)
    assert (st.sides["axis"].morale, st.sides["allies"].morale) == (9, 11), out.messages


def test_rumania_and_bulgaria_surrender_to_the_soviets():
    # Surrender, Rumania and Bulgaria 3-4: "all strength points in the Rumanian army are removed";
    # "All Rumanian and Bulgarian territory becomes Soviet unless it is occupied by an Axis army,
    # other than the Rumanian army".
    s = game("war_for_europe")
    edit(
        s,
        lambda st: (
            setattr(st, "turn", Turn(1941, "spring")),
            setattr(st, "side", "allies"),
            setattr(st, "phase", "production"),
            setattr(st, "subphase", "research"),
        ),
    )
    act(s, "advance")  # summer 1941: Rumania, Bulgaria and Hungary join
    edit(s, lambda st: st.armies.append(Army("Sofia Guard", "axis", "ge", "K13", {"infantry": 2})))
    act(s, "surrender", nation="ro+bg")
    cx = ctx(s)
    assert s.state.army("Rumanian Army") is None
    assert cx.control["L14"] == "soviet" and cx.control["J13"] == "soviet" and cx.control["K13"] == "axis"
    assert s.state.sides["axis"].morale == 9


def test_finland_surrenders_unaligned_and_never_attacked_again():
    # Surrender, Finland 3-4
    s = game("barbarossa")
    edit(s, lambda st: st.armies.append(Army("Karelia", "axis", "ge", "T13", {"infantry": 3})))
    s.scenario.special.append(type(s.scenario.special[0])("surrender", "Surrender", "test: the War for Europe rule"))
    try:
        act(s, "surrender", nation="fi")
    finally:
        s.scenario.special.pop()
    cx = ctx(s)
    assert s.state.army("Karelia") is None and s.state.nations["fi"].status == "neutral"
    assert all(x not in cx.control for x in ("T13", "T14", "U13", "U14"))


def test_britain_surrenders_before_the_us_enters():
    # Surrender, Great Britain 3: "If the British surrender before the United States has entered
    # the war all uncaptured hexes of the following British territory become friendly to the
    # Axis: the British mainland, North Ireland, Gibraltar, Malta, Egypt, Cyprus, Palestine and
    # Transjordan."
    s = game("war_for_europe")
    edit(s, lambda st: setattr(st.sides["allies"], "morale", 0))  # offered by morale (Great Britain 2)
    act(s, "surrender", nation="gb")
    cx = ctx(s)
    for x in ("P7", "R5", "H4", "G11", "D14"):
        assert cx.control.get(x) == "axis", x
    assert cx.control.get("C19") == "allies"  # Iraq is not in the list
    assert s.state.sides["soviet"].morale == 9


def test_a_nation_first_attacked_and_not_conquered_joins_another_side():
    # Violation of neutrality 2, 5: "Unaligned countries first attacked but not conquered by the
    # Axis automatically join the Western Allies side"; Entry into the War: the conquered hexes
    # stay with the conqueror.  The Low Countries never surrender (Other countries 3).
    s = game("war_for_europe")
    advance_to(s, "axis", "combat", "advances")
    act(s, "capture", **{"from": "P9", "to": "P8"})
    assert s.state.nations["lc"].attacked_by == "axis"
    act(s, "advance")  # -> exploitation
    out = act(s, "advance")  # the end of the Axis combat phase
    st, cx = s.state, ctx(s)
    assert (st.nations["lc"].side, st.nations["lc"].status) == ("allies", "at_war"), out.messages
    assert cx.control["O9"] == "allies" and cx.control["P8"] == "axis"


def test_a_nation_that_withstands_the_soviets_in_peacetime():
    # The Soviet Union 8: "If the Soviet Union fails to force Finland's surrender by the conclusion
    # of the first turn, hostilities cease and Finland becomes inclined to the Axis. Any Finnish
    # territory conquered by the Soviet Union remains Soviet."  10: any other unaligned nation may
    # not be attacked again.
    s = game("war_for_europe")
    edit(
        s,
        lambda st: (
            setattr(st, "turn", Turn(1940, "spring")),
            st.nations.__setitem__("pl", Nation("axis", "surrendered")),
        ),
    )
    advance_to(s, "soviet", "combat", "advances", turn="spring 1940")
    edit(s, lambda st: st.armies.append(Army("Red Army", "soviet", "su", "T15", {"infantry": 4, "mechanized": 4})))
    act(s, "capture", **{"from": "T15", "to": "T14"})  # Helsinki is Finland's capital: it surrenders
    assert s.state.nations["fi"].status == "surrendered"
    s = game("war_for_europe")
    edit(
        s,
        lambda st: (
            setattr(st, "turn", Turn(1940, "spring")),
            st.nations.__setitem__("pl", Nation("axis", "surrendered")),
        ),
    )
    advance_to(s, "soviet", "combat", "advances", turn="spring 1940")
    edit(s, lambda st: st.armies.append(Army("Red Army", "soviet", "su", "U15", {"infantry": 4, "mechanized": 4})))
    act(s, "capture", **{"from": "U15", "to": "U14"})
    act(s, "advance")
    act(s, "advance")
    st, cx = s.state, ctx(s)
    assert (st.nations["fi"].side, st.nations["fi"].status) == ("axis", "inclined")
    assert cx.control["U14"] == "soviet"
    # Turkey attacked, not conquered: the Soviets may never attack it again
    edit(
        s,
        lambda st: (
            st.nations.__setitem__("tr", Nation(None, "unaligned", None, None, None, ["soviet"])),
            setattr(st, "phase", "combat"),
            setattr(st, "subphase", "advances"),
            setattr(st, "side", "soviet"),
        ),
    )
    edit(
        s,
        lambda st: st.armies.append(
            Army("Caucasus", "soviet", "su", "I19" if ctx(s).country("I19") == "su" else "J17", {"mechanized": 3})
        ),
    )
    frm = next(a.at for a in s.state.armies if a.name == "Caucasus")
    target = next(n for n in ctx(s).graph.neighbours(frm, {"land"}) if ctx(s).country(n) == "tr")
    assert "The Soviet Union 10" in refused(s, "capture", **{"from": frm, "to": target}).rule


def test_italian_forces_limits():
    # Italian forces 1: "at least five infantry strength points and one mechanised strength point
    # between the Italian Army and the PAA"; 7: Italian fleets stay in the Mediterranean.
    s = game("war_for_europe")
    edit(
        s,
        lambda st: (
            st.nations.__setitem__("it", Nation("axis", "at_war", Turn(1939, "winter"))),
            [st.hexes.__setitem__(x, HexState(control="axis")) for x in ctx(s).board.spaces_of_country("it")],
            st.armies.append(Army("German Army 9", "axis", "ge", "L10", {"infantry": 1})),
        ),
    )
    advance_to(s, "axis", "movement", "land")
    assert "Italian forces 1" in refused(s, "move", **{"from": "L9", "to": "L10", "points": {"infantry": 1}}).rule
    s2 = game("war_for_europe")
    edit(
        s2,
        lambda st: (
            st.nations.__setitem__("it", Nation("axis", "at_war", Turn(1939, "winter"))),
            [st.hexes.__setitem__(x, HexState(control="axis")) for x in ctx(s2).board.spaces_of_country("it")],
        ),
    )
    advance_to(s2, "axis", "movement", "naval")
    f = next(x for x in s2.state.fleets if x.nation == "it")
    cx = ctx(s2)
    atl = next(
        h
        for h in cx.board.spaces()
        if cx.space(h) and cx.space(h).terrain == "sea" and cx.sea_zone(h) == "atl" and "H4" in cx.graph.neighbours(h)
    )
    assert "Italian forces 7" in refused(s2, "move", **{"from": f.at, "to": atl, "fleet": f.name}).rule


def test_morale_follows_the_chart():
    # National morale chart: "Axis captures Gibraltar +1 to Axis, -1 to Western Allies"; "Gain of
    # six or more hexes during a combat phase +1"; "Loss of five or more hexes ... -1".
    s = game("war_for_europe")
    advance_to(s, "axis", "combat", "advances")
    edit(
        s,
        lambda st: (
            st.armies.append(Army("Gibraltar Force", "axis", "ge", "H5", {"mechanized": 3})),
            [st.hexes.__setitem__(x, HexState(control="axis", occupied=True)) for x in ("H5", "I5", "J6")],
        ),
    )
    cx = ctx(s)
    _axis_holds(s, *[x for c in ("fr", "es") for x in cx.board.spaces_of_country(c)])  # a land line from Berlin
    assert "H5" in ctx(s).supplied("axis")
    out = act(s, "capture", **{"from": "H5", "to": "H4"})
    assert (s.state.sides["axis"].morale, s.state.sides["allies"].morale) == (11, 9), out.messages
    # six Polish hexes in one Axis combat phase
    s = game("war_for_europe")
    advance_to(s, "axis", "combat", "advances")
    edit(s, lambda st: st.armies.append(Army("Panzer Group", "axis", "ge", "N12", {"mechanized": 8})))
    for frm, to in (("N12", "N13"), ("N13", "O14"), ("O14", "P13"), ("P13", "P12")):  # Warsaw last: Poland surrenders
        act(s, "capture", **{"from": frm, "to": to})
    assert s.state.hexes_gained["axis"] == 6  # four captured, O13 and Q12 by the surrender
    act(s, "advance")  # -> exploitation
    out = act(s, "advance")  # the end of the Axis combat phase
    assert s.state.sides["axis"].morale == 11, out.messages


def test_the_axis_dissolves_vichy_france():
    # Vichy France 5: "The Axis may dissolve Vichy France at any point. After Vichy France is
    # dissolved ... All Vichy territory becomes Axis territory".
    s = game("war_for_europe")
    assert "no Vichy France" in refused(s, "surrender", nation="vichy").reason
    _axis_holds(s, "N7")  # Paris taken: the French roll is offered (Surrender, France 1)
    act(s, "surrender", nation="fr")
    out = act(s, "surrender", nation="vichy")
    cx = ctx(s)
    assert all(cx.control.get(x) == "axis" for c in ("ma", "dz", "tn", "ls") for x in cx.board.spaces_of_country(c))
    assert s.state.nations["tn"].status == "at_war" and any("Vichy France 5-6" in m for m in out.messages)
