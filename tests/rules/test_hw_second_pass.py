"""Hitler's War, second pass (issue 12, "Found wrong"): each test is written from the rulebook's
words and failed on the code before its fix.  Games are played through a GameSession (the one
the command line and the window share) on the shipped map and scenarios."""

from mapref.rulesets.hitlers_war.state import Army, HexState, Turn

from hwplay import act, advance_to, ctx, edit, game, refused


# ------------------------------------------------------------------ Determine supply 7-8
def test_an_isolated_hex_never_goes_to_a_side_at_peace_with_its_owner():
    # Determine supply 8: "An unsupplied hex becomes friendly to the opposing side with the
    # closest un-devastated production point"; The Soviet Union 1: "The Soviet Union is not at
    # war with anyone in 1939."  East Prussia (Q13) is cut off by the Polish corridor in winter
    # 1939; the Soviets, at peace, are not an opposing side.
    s = game("war_for_europe")
    advance_to(s, "axis", "combat", "exploitation")
    assert "Q13" not in ctx(s).supplied("axis")
    msgs = act(s, "advance").messages
    assert ctx(s).control.get("Q13") != "soviet", msgs
    assert not any("Q13" in m and "soviet" in m for m in msgs)


def test_armies_in_unsupplied_hexes_are_eliminated_even_where_the_hex_stays():
    # Determine supply 7: "All unsupplied hexes are immediately captured by an opponent. Any
    # armies in these unsupplied hexes are eliminated at the same time."  Rule 9: armies still
    # unable to trace supply at the end of their side's combat phase are removed.  In Barbarossa
    # no Soviet production reaches Crete by land (the hex stays Axis: rulings R23), but an army
    # there is still eliminated.
    s = game("barbarossa")
    edit(s, lambda st: st.armies.append(Army("Crete Corps", "axis", "ge", "G14", {"infantry": 2})))
    advance_to(s, "axis", "combat", "exploitation")
    msgs = act(s, "advance").messages
    assert s.state.army("Crete Corps") is None, msgs
    assert any("Crete Corps eliminated" in m and "Determine supply 7" in m for m in msgs)


# --------------------------------------------------------------------------- Stacking 3
def _german_army_to_the_fort(s):
    advance_to(s, "axis", "movement", "land")
    a = s.state.army("German Army 1")
    assert a.at == "P9" and a.points["infantry"] == 9 and a.points["mechanized"] == 1 and a.points["tactical_air"] == 2
    act(s, "move", **{"from": "P9", "to": "N9"})
    assert any(f.at == "N9" and f.strength == 1 for f in s.state.forts)


def test_fort_points_count_toward_the_ten_when_the_excess_is_removed():
    # Stacking 2-3; Fortifications, Production 1: "They count toward the ten strength point
    # stacking limit."  Ten army points beside a one-point fort: one point over, one lost.
    s = game("war_for_europe")
    _german_army_to_the_fort(s)
    msgs = act(s, "advance").messages
    a = s.state.army("German Army 1")
    assert a.total(with_air=False) == 9 and a.points["tactical_air"] == 2, msgs
    assert not [v for v in s.report().violations if v.code == "stacking.over_ten"]


def test_the_owner_chooses_the_points_lost_to_over_stacking():
    # Stacking 3: "they must eliminate strength points of their choice to bring the total down
    # to ten."
    s = game("war_for_europe")
    _german_army_to_the_fort(s)
    act(s, "advance", lose={"N9": {"mechanized": 1}})
    a = s.state.army("German Army 1")
    assert a.points["mechanized"] == 0 and a.points["infantry"] == 9
    # more than the excess is refused, as are points the hex does not hold
    s.undo()
    assert "more than" in refused(s, "advance", lose={"N9": {"infantry": 2}}).reason
    assert "para" in refused(s, "advance", lose={"N9": {"para": 1}}).reason


# ------------------------------------------------------------------ Fleet strength points 2
def test_set_up_fleets_go_only_to_friendly_ports_of_their_side():
    # Fleet strength points 2: "Soviet fleets may be placed or moved into ports in any Soviet
    # friendly hexes."  Fall of Germany: Odessa (L15) is Axis-held at the start.
    s = game("fall_of_germany")
    sov = next(f for f in s.state.fleets if f.name == "Soviet Fleet")
    assert sov.at in ("T15", "L16")
    assert not [v for v in s.report().violations if v.code == "setup.fleet"]
    edit(s, lambda st: setattr(next(f for f in st.fleets if f.name == "Soviet Fleet"), "at", "L15"))
    bad = [v for v in s.report().violations if v.code == "setup.fleet"]
    assert bad and bad[0].where == "L15" and "Fleet strength points 2" in bad[0].rule
    # each nation's fleet starts in a port of its own nation where it has one
    s = game("war_for_europe")
    where = {f.name: ctx(s).country(f.at) for f in s.state.fleets}
    assert where == {
        "German Fleet": "ge",
        "Italian Fleet": "it",
        "Soviet Fleet": "su",
        "British Fleet": "gb",
        "French Fleet": "fr",
    }
    # the unaligned Italian fleet in its own port (Naples) is allowed, like its army (rulings R14)
    edit(s, lambda st: setattr(next(f for f in st.fleets if f.name == "Italian Fleet"), "at", "J10"))
    assert not [v for v in s.report().violations if v.code == "setup.fleet"]


# --------------------------------------------------------------- Fall of Germany victory
def test_fall_of_germany_victory_counts_siberia_as_its_production_does():
    # Fall of Germany victory 3 and 5 ("all friendly production points are counted"); Siberia is
    # twelve "for the rest of the game" (Barbarossa special rule 4; rulings R7): Soviet 23 with
    # Siberia at 12 is at least two thirds of the Allies' 29 printed points.
    s = game("fall_of_germany")
    out = act(s, "set", space="P10", control="allies")
    assert s.state.phase == "over"
    assert any("soviet wins" in m for m in out.messages), out.messages


# ------------------------------------------------------------- Surrender: other countries
def _axis_advances(s):
    advance_to(s, "axis", "combat", "advances")


def test_a_country_surrenders_when_its_capital_is_captured():
    # Surrender, Other countries 1: "All other countries will surrender immediately when their
    # capital is captured."  4: no further devastation; the new owner holds its land.  The
    # Soviet Union 2 states the same for Poland: "all hexes - other than those already captured
    # by the Axis - become" the conqueror's.
    s = game("war_for_europe")
    _axis_advances(s)
    a = s.state.army("German Army 3")
    assert a.at == "O12"
    out = act(s, "capture", **{"from": "O12", "to": "P12"})
    pl = s.state.nations["pl"]
    assert pl.status == "surrendered", out.messages
    cx = ctx(s)
    polish = [x for x in cx.board.spaces_of_country("pl") if cx.exists(x)]
    assert all(cx.control.get(x) == "axis" for x in polish)
    assert [x for x in polish if s.state.hex(x).devastated] == [x for x in ["P12"] if cx.production("P12")]
    assert any("Poland surrenders" in m and "Other countries 1" in m for m in out.messages)


def _axis_land(s, countries, keep=()):
    def put(st):
        cx = ctx(s)
        for c in countries:
            for x in cx.board.spaces_of_country(c):
                if x not in keep and cx.exists(x) and not cx.is_box(x):
                    st.hexes[x] = HexState(control="axis", occupied=True)

    edit(s, put)


def test_oslo_athens_and_belgrade_are_capitals_and_the_low_countries_never_surrender():
    # Surrender, Other countries 2: "The following hexes are now capitals: T10 Oslo, H13 Athens,
    # L12 Belgrade."  3: "The Low Countries are the lone exception. They never surrender".
    for capital, frm, country, line in (
        ("T10", "U10", "no", ()),
        ("H13", "H12", "gr", ("yu", "bg")),
        ("L12", "K12", "yu", ()),
    ):
        s = game("war_for_europe")
        _axis_advances(s)
        _axis_land(s, (country,) + line, keep=(capital,))
        edit(
            s,
            lambda st, frm=frm: st.armies.append(Army("Raiders", "axis", "ge", frm, {"infantry": 2, "mechanized": 2})),
        )
        if country == "no":  # Norway joins Germany only by sea: the German fleet at sea in the Atlantic
            cx = ctx(s)
            sea = next(
                n
                for x in cx.board.spaces_of_country("no")
                for n in cx.graph.neighbours(x)
                if cx.space(n).terrain == "sea" and cx.sea_zone(n) == "atl"
            )
            edit(
                s,
                lambda st, sea=sea: [
                    setattr(f, "at", sea) or setattr(f, "in_port", False) for f in st.fleets if f.name == "German Fleet"
                ],
            )
        assert frm in ctx(s).supplied("axis")
        out = act(s, "capture", **{"from": frm, "to": capital})
        assert s.state.nations[country].status == "surrendered", (capital, out.messages)
        assert all(ctx(s).control.get(x) == "axis" for x in ctx(s).board.spaces_of_country(country) if ctx(s).exists(x))
    s = game("war_for_europe")
    _axis_advances(s)
    act(s, "capture", **{"from": "P9", "to": "P8"})  # German Army 1 into the Low Countries
    assert s.state.nations["lc"].status != "surrendered"
    assert not any(ctx(s).board.space(x).capital for x in ctx(s).board.spaces_of_country("lc"))


# ------------------------------------------------------------------ The Soviet Union 1-5
def _soviet_advances(s, turn=None):
    advance_to(s, "soviet", "combat", "advances", turn=turn)


def _soviet_army_at(s, space, name="Red Army"):
    def put(st):
        st.armies = [a for a in st.armies if a.at != space]
        st.armies.append(Army(name, "soviet", "su", space, {"infantry": 3, "mechanized": 3}))

    edit(s, put)


def test_the_soviet_union_attacks_only_poland_in_1939():
    # The Soviet Union 1: "may not attack the Axis, Italy or any nations inclined to the Axis in
    # the winter 1939 turn."  2: "the Soviet Union may attack any Polish hexes not conquered by
    # the Axis."
    s = game("war_for_europe")
    _soviet_advances(s)
    _soviet_army_at(s, "N14")
    out = refused(s, "capture", **{"from": "N14", "to": "M15"})  # Rumania, inclined to the Axis
    assert "The Soviet Union 1" in out.rule
    act(s, "capture", **{"from": "N14", "to": "N13"})  # Poland
    assert ctx(s).control["N13"] == "soviet"


def test_the_soviet_union_waits_for_poland_to_surrender():
    # The Soviet Union 4: "Starting with the spring 1940 turn the Soviet Union may attack
    # Germany, Italy, nations inclined towards the Axis and any unaligned countries provided
    # Poland has surrendered."  3: "The Soviet and Axis forces may NOT attack each other until
    # the Polish have surrendered."
    s = game("war_for_europe")
    edit(s, lambda st: setattr(st, "turn", Turn(1940, "spring")))
    _soviet_advances(s, "spring 1940")
    _soviet_army_at(s, "N14")
    assert "Poland" in refused(s, "capture", **{"from": "N14", "to": "M15"}).reason
    # the Axis may not attack a Soviet hex before Poland surrenders either
    s = game("war_for_europe")
    _axis_advances(s)

    def put(st):
        for x in ("O13", "O14"):
            st.hexes[x] = HexState(control="axis", occupied=True)
        st.armies.append(Army("Raiders", "axis", "ge", "O14", {"mechanized": 5}))

    edit(s, put)
    assert ctx(s).control["P14"] == "soviet"
    assert "The Soviet Union 3" in refused(s, "capture", **{"from": "O14", "to": "P14"}).rule


def test_a_soviet_attack_on_germany_puts_the_soviets_at_war_with_the_axis():
    # The Soviet Union 5: "If the Soviet Union attacks Germany or any territory conquered by the
    # Axis the Soviet Union is considered at war with the Axis."
    s = game("war_for_europe")
    edit(s, lambda st: setattr(st, "turn", Turn(1940, "spring")))
    edit(s, lambda st: st.nations.__setitem__("pl", type(st.nations["pl"])("axis", "surrendered")))

    def poland_axis(st):
        for x in ctx(s).board.spaces_of_country("pl"):
            if not ctx(s).is_box(x):
                st.hexes[x] = HexState(control="axis", occupied=True)

    edit(s, poland_axis)
    _soviet_advances(s, "spring 1940")
    _soviet_army_at(s, "N14")
    assert s.state.nations["su"].status == "at_peace"
    out = act(s, "capture", **{"from": "N14", "to": "N13"})
    assert s.state.nations["su"].status == "at_war"
    assert any("The Soviet Union 5" in m for m in out.messages)


# -------------------------------------------------- automatic entries into the war
def test_nations_inclined_toward_the_axis_join_in_summer_1941():
    # Nations inclined toward the Axis 1-3: "At the beginning of the summer 1941 turn Rumania
    # joins the Axis provided they are still unaligned. If Rumania becomes Axis in this manner
    # the Rumanian Army is placed in hex L14 with four infantry and one mechanised strength
    # points." Bulgaria and Hungary join too; Hungary adds one infantry and one mechanised.
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
    out = act(s, "advance")
    st = s.state
    assert str(st.turn) == "summer 1941" and st.side == "axis"
    for code in ("ro", "bg", "hu"):
        assert (st.nations[code].side, st.nations[code].status) == ("axis", "at_war"), (code, out.messages)
    cx = ctx(s)
    assert cx.control["L14"] == "axis" and cx.control["K13"] == "axis" and cx.control["M12"] == "axis"
    ro = st.army("Rumanian Army")
    assert ro is not None and ro.at == "L14" and ro.points["infantry"] == 5 and ro.points["mechanized"] == 2


def test_the_united_states_joins_in_the_allied_spring_1942_turn():
    # The United States 1: "At the beginning of the Allied Spring 1942 player turn the U.S. will
    # join the Allied side if still unaligned."  2: sixteen production points in spring 1942;
    # National morale chart: "U.S. joins Western Allies +2 to Western Allies".
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
    before = s.report().production["allies"].total
    morale = s.state.sides["allies"].morale
    out = act(s, "advance")
    st = s.state
    assert (st.side, st.phase) == ("allies", "movement")
    assert (st.nations["us"].side, st.nations["us"].status) == ("allies", "at_war"), out.messages
    assert st.nations["us"].joined == Turn(1942, "spring")
    assert s.report().production["allies"].total == before + 16
    assert st.sides["allies"].morale == morale + 2


# ------------------------------------------------------------------ Allied Supply 3
def test_the_us_home_army_is_always_in_supply():
    # Allied Supply and Production 3: "Allied units in the USA and Canada off map boxes are
    # ALWAYS in supply."
    s = game("war_for_europe")
    armies = {a["name"]: a for a in s.report().as_dict()["armies"]}
    assert armies["U.S. Home Army 1"]["supplied"] is True
    assert armies["U.S. Home Army 2"]["supplied"] is True


# --------------------------------------------------------- Finland in Barbarossa (R36)
def test_supply_over_the_baltic_reaches_finland_only():
    # Barbarossa: Finland is Axis-friendly at the start and its production counts (set-up, 34);
    # Nations inclined toward the Axis 4 ("supplied via the Baltic") lets Finland's own hexes
    # trace over the Baltic where no fleets exist (rulings R36), but nothing lets supply go on
    # from Finland into other hexes: an Axis army that marched from Finland into Soviet U15 is cut
    # off, and at the end of the Axis combat phase it is eliminated (Determine supply 7) and U15
    # goes to the Soviets (8).
    s = game("barbarossa")
    edit(
        s,
        lambda st: (
            setattr(st, "turn", Turn(1941, "winter")),
            st.hexes.__setitem__("U15", HexState(control="axis", occupied=True)),
            st.armies.append(Army("Lapland Army", "axis", "ge", "U15", {"infantry": 3})),
        ),
    )
    assert "T14" in ctx(s).supplied("axis")
    assert "U15" not in ctx(s).supplied("axis")
    advance_to(s, "axis", "combat", "exploitation")
    msgs = act(s, "advance").messages
    assert s.state.army("Lapland Army") is None, msgs
    assert ctx(s).control["U15"] == "soviet"
