"""Combat results the referee records (rulings R35-R38) on the real map (maps/hitlers_war.toml):
losses (Assault resolution 5-8; Effect of forts on combat 2; Garrisons 4), successful advances
(Advance resolution 2-13; Sea/crossing hex side combat; Off-map combat 2-3; Effect of forts on
combat 4; Allied & Soviet Cooperation 1; Barbarossa special rule 1), Finland's supply (Nations
inclined toward the Axis 4) and the Fall of Germany Soviet Union's status."""

from mapref.core.graph import LAND_KINDS
from hwplay import take_back

from mapref.rulesets.hitlers_war.files import dumps_game, game_from_dict, state_data
from mapref.rulesets.hitlers_war.commands import apply
from mapref.rulesets.hitlers_war.combat import check_capture, check_losses
from mapref.rulesets.hitlers_war.common import Context
from mapref.rulesets.hitlers_war.movement import check_move
from mapref.rulesets.hitlers_war.sequence import advance, stacking_fix
from mapref.rulesets.hitlers_war.supply import isolation
from mapref.rulesets.hitlers_war.state import Army, Fleet, Fort, HexState, Turn


def setc(st, space, side):
    st.hexes[space] = HexState(control=side)


def combat(fresh, name="barbarossa", side="axis", step="advances"):
    m, sc, st = fresh(name)
    st.phase, st.subphase, st.side = "combat", step, side
    return m, sc, st


def ok(r):
    assert r.ok, f"{r.reason} [{r.rule}]"
    return r


# ------------------------------------------------------------------------------ capture
def test_a_successful_advance_displaces_the_defender_and_captures_the_hex(fresh):
    # Resolve initial advances 3; Advance resolution 2, 5-6, 10, 13; Garrisons 6
    m, sc, st = combat(fresh)
    cx = Context(m, sc, st)
    # the defender must choose a retreat: the referee lists the vacant friendly hexes
    r = check_capture(cx, "O14", "P14")
    assert not r.ok and "P15, Q15" in r.reason and "Advance resolution 6-7" in r.rule
    # not into an unfriendly hex (rule 6), nor an occupied one while a vacant one exists (rule 7)
    assert check_capture(cx, "O14", "P14", ["P13"]).rule == "Advance resolution 6"
    assert "Advance resolution 7" in check_capture(cx, "O14", "P14", ["O15"]).rule
    r = ok(check_capture(cx, "O14", "P14", ["P15"]))
    apply(st, r.commands)
    assert st.army("Army Group Centre").at == "P14" and st.army("Army Group Centre").advanced == 1
    assert st.army("Western Military District").at == "P15"
    assert st.hex("P14").control == "axis" and st.hex("P14").occupied
    assert "O14" in st.garrisons_lost  # left empty during combat: no garrison until its end
    # exploitation: into a vacant hex with production, which is devastated (rule 10)
    st.subphase = "exploitation"
    r = ok(check_capture(Context(m, sc, st), "P14", "Q15"))
    apply(st, r.commands)
    assert st.hex("Q15").control == "axis" and st.hex("Q15").devastated == 1 and st.hex("Q15").occupied
    assert st.army("Army Group Centre").advanced == 2 and any("+2 to its next advance roll" in x for x in r.messages)
    assert set(st.garrisons_lost) == {"O14", "P14"}
    # the end of the combat phase brings the garrisons back and resets the counts
    a = advance(m, sc, st)
    apply(st, a.commands)
    assert st.garrisons_lost == [] and st.army("Army Group Centre").advanced == 0
    assert any("Garrisons 4, 6" in x for x in a.messages)


def test_undo_restores_the_state_before_an_advance(fresh):
    m, sc, st = combat(fresh)
    before, data = dumps_game(st), state_data(st)
    r = ok(check_capture(Context(m, sc, st), "O14", "P14", ["P15"]))
    apply(st, r.commands)
    assert dumps_game(st) != before
    take_back(st, data)  # as the session undoes it: by the data the action changed
    assert dumps_game(st) == before


def test_forced_retreat_into_an_occupied_hex_forfeits_defensive_assaults(fresh):
    # Advance resolution 7; Stacking 4
    m, sc, st = combat(fresh)
    for h in ("P15", "Q15"):
        setc(st, h, "axis")
    r = ok(check_capture(Context(m, sc, st), "O14", "P14", ["Q14"]))
    apply(st, r.commands)
    assert st.army("Western Military District").at == "Q14"
    assert st.army("Western Military District").no_defensive_assault and st.army("NW Army Group").no_defensive_assault
    # Stacking 4: the over-stack is fixed at the end of the owner's next movement phase
    c, msgs = stacking_fix(Context(m, sc, st), "soviet")
    apply(st, c)
    q = [a for a in st.armies if a.at == "Q14"]
    assert len(q) == 1 and q[0].total() == 8 and not q[0].no_defensive_assault


def test_an_army_with_no_retreat_is_eliminated(fresh):
    # Advance resolution 8
    m, sc, st = combat(fresh)
    st.armies = [a for a in st.armies if a.at not in ("O15", "Q14")]
    for h in ("O15", "P15", "Q14", "Q15"):
        setc(st, h, "axis")
    r = ok(check_capture(Context(m, sc, st), "O14", "P14"))
    apply(st, r.commands)
    assert st.army("Western Military District") is None and any("Advance resolution 8" in x for x in r.messages)


def test_advance_legality(fresh):
    m, sc, st = combat(fresh)
    cx = Context(m, sc, st)
    # Advance resolution 3: the target may not hold a friendly army
    assert check_capture(cx, "Q13", "P13").rule == "Advance resolution 3"
    # Launching attacks 5: adjacent hexes only
    assert not check_capture(cx, "Q13", "P15").ok
    # only the phasing side's armies advance
    assert not check_capture(cx, "Q14", "Q13").ok
    # Sea/crossing hex side combat: never across the Kerch crossing (L16-L17)
    setc(st, "L16", "axis")
    st.armies.append(Army("Crimea", "axis", "ge", "L16", {"mechanized": 3}))
    r = check_capture(Context(m, sc, st), "L16", "L17")
    assert not r.ok and r.rule.startswith("Sea/crossing hex side combat")
    # Barbarossa special rule 1: hexes of neither side (neutral Sweden, Turkey...) are never attacked
    cx = Context(m, sc, st)
    a, b = next(
        (a, b)
        for a, s in cx.control.items()
        if s == "axis" and not a.startswith("box:")
        for b in cx.graph.neighbours(a, {"land"})
        if b not in cx.control
    )
    st.armies = [x for x in st.armies if x.at != a]
    st.armies.append(Army("Neutral-breaker", "axis", "ge", a, {"mechanized": 5}))
    r = check_capture(Context(m, sc, st), a, b)
    assert not r.ok and "Barbarossa special rule 1" in r.rule
    # only in the advances and exploitation steps of a combat phase
    st.subphase = "assaults"
    assert "Combat 7" in check_capture(Context(m, sc, st), "O14", "P14", ["P15"]).rule
    st.phase, st.subphase = "movement", ""
    assert check_capture(Context(m, sc, st), "O14", "P14", ["P15"]).rule.startswith("Sequence of Play 2")


def test_advancing_into_a_friendly_hex_does_no_damage(fresh):
    # Advancing into friendly hexes 1-2
    m, sc, st = combat(fresh)
    r = ok(check_capture(Context(m, sc, st), "Q13", "P12"))
    apply(st, r.commands)
    assert st.army("Army Group North").at == "P12" and st.hex("P12").is_default()
    assert any("Advancing into friendly hexes 2" in x for x in r.messages)


def test_an_unsupplied_army_may_not_attack(fresh):
    # Determine supply 5
    m, sc, st = combat(fresh)
    for n in Context(m, sc, st).graph.neighbours("O14", LAND_KINDS):
        if n not in ("P14", "N14", "O15"):
            setc(st, n, "soviet")
    st.armies = [a for a in st.armies if a.side == "soviet" or a.at == "O14"]
    r = check_capture(Context(m, sc, st), "O14", "P14", ["P15"])
    assert not r.ok and r.rule == "Determine supply 5"


def test_an_advance_destroys_the_fort(fresh):
    # Effect of forts on combat 4; Effect of forts on combat 2 (fort losses to enemy assaults only)
    m, sc, st = combat(fresh)
    st.forts.append(Fort("soviet", 1, "P14", 3))
    r = ok(check_losses(Context(m, sc, st), "P14", {}, fort=1))
    apply(st, r.commands)
    assert st.forts[0].strength == 2
    st.side = "soviet"  # a defensive assault against Soviet attackers: not fort points
    assert check_losses(Context(m, sc, st), "P14", {}, fort=1).rule == "Effect of forts on combat 2"
    st.side = "axis"
    assert not check_losses(Context(m, sc, st), "P14", {}, fort=3).ok
    r = ok(check_capture(Context(m, sc, st), "O14", "P14", ["P15"]))
    apply(st, r.commands)
    assert st.forts == [] and any("Effect of forts on combat 4" in x for x in r.messages)


def test_advancing_into_siberia_captures_the_whole_box(fresh):
    # Off-map combat 1-3: the box is one big hex; its production is devastated; Siberia's
    # defenders may retreat
    m, sc, st = combat(fresh)
    setc(st, "Q21", "axis")
    st.armies.append(Army("Panzer East", "axis", "ge", "Q21", {"mechanized": 8}))
    cx = Context(m, sc, st)
    st_sup = cx.supplied("axis")
    if "Q21" not in st_sup:  # give it a supply line for the test: a corridor of Axis hexes
        path = [n for n in ("Q14", "Q15", "Q16", "Q17", "Q18", "Q19", "Q20")]
        for h in path:
            setc(st, h, "axis")
        st.armies = [a for a in st.armies if a.at not in path]
    r = check_capture(Context(m, sc, st), "Q21", "box:siberia")
    assert not r.ok and "P21" in r.reason  # the Siberian Army must retreat: where?
    r = ok(check_capture(Context(m, sc, st), "Q21", "box:siberia", ["R21"]))
    apply(st, r.commands)
    assert st.hex("box:siberia").control == "axis" and st.hex("box:siberia").devastated == 8
    assert st.army("Siberian Army").at == "R21" and any("Off-map combat 2" in x for x in r.messages)


def test_soviets_and_allies_never_attack_one_another(fresh):
    # Allied & Soviet Cooperation 1
    m, sc, st = combat(fresh, "fall_of_germany", "soviet", "exploitation")
    cx = Context(m, sc, st)
    a, b = next(
        (a, b)
        for a, s in cx.control.items()
        if s == "soviet" and not a.startswith("box:")
        for b in cx.graph.neighbours(a, {"land"})
        if cx.control.get(b) == "allies"
    )
    st.armies = [x for x in st.armies if x.at != a]
    st.armies.append(Army("Red", "soviet", "su", a, {"mechanized": 3}))
    r = check_capture(Context(m, sc, st), a, b)
    assert not r.ok and r.rule == "Allied & Soviet Cooperation 1"


# ------------------------------------------------------------------------------ losses
def test_losses_are_the_owners_choice_of_points_the_army_has(fresh):
    # Assault resolution 5-6, 8; Garrisons 4
    m, sc, st = combat(fresh, step="assaults")
    cx = Context(m, sc, st)
    r = check_losses(cx, "Q14", {"mechanized": 2})
    assert not r.ok and "has 1 mechanized" in r.reason and r.rule.startswith("Assault resolution 5")
    apply(st, ok(check_losses(cx, "Q14", {"infantry": 2})).commands)
    assert st.army("NW Army Group").points["infantry"] == 1
    r = ok(check_losses(Context(m, sc, st), "Q14", {"infantry": 1, "mechanized": 1}))
    apply(st, r.commands)
    assert st.army("NW Army Group") is None and "Q14" in st.garrisons_lost
    assert any("Assault resolution 6" in x for x in r.messages)
    # Assault resolution 7: the garrison of an empty hex; then it is gone for the phase
    apply(st, ok(check_losses(Context(m, sc, st), "Q15", {}, garrison=True)).commands)
    assert "Q15" in st.garrisons_lost
    assert not check_losses(Context(m, sc, st), "Q15", {}, garrison=True).ok
    # only in a combat phase
    st.phase, st.subphase = "production", "build"
    assert check_losses(Context(m, sc, st), "P14", {"infantry": 1}).rule.startswith("Sequence of Play 2")


def test_combat_state_is_saved(fresh):
    m, sc, st = combat(fresh)
    apply(st, ok(check_capture(Context(m, sc, st), "O14", "P14", ["P15"])).commands)
    text = dumps_game(st)
    assert "advanced = 1" in text and 'garrisons_lost = ["O14"]' in text and 'joined = "summer 1941"' in text
    back = game_from_dict(__import__("tomllib").loads(text), text, "g.toml")
    assert back.army("Army Group Centre").advanced == 1 and back.garrisons_lost == ["O14"]
    assert back.nations["fi"].joined == Turn(1941, "summer")
    assert dumps_game(back) == text


# ------------------------------------------------------------------------------ Finland (R36)
def test_finland_is_supplied_on_its_initial_turn_then_only_via_the_baltic(fresh):
    # Nations inclined toward the Axis 4
    m, sc, st = fresh("barbarossa")
    for h in ("T13", "T14", "U13"):  # the Finnish shore lost: U14 cannot reach the Baltic
        setc(st, h, "soviet")
    assert "U14" in Context(m, sc, st).supplied("axis")  # summer 1941: the initial turn
    st.turn = Turn(1941, "winter")
    assert "U14" not in Context(m, sc, st).supplied("axis")
    # with its shore, Finland traces over the Baltic in Barbarossa, which has no fleets
    m, sc, st = fresh("barbarossa")
    st.turn = Turn(1942, "spring")
    t = Context(m, sc, st).trace("axis")
    path = t.path("U14")
    assert path[-1] == "P10" and any(
        not s.startswith("box:") and m.hex(s).sea == "bal" and m.hex(s).terrain == "sea" for s in path
    )
    assert isolation(Context(m, sc, st), "axis").hexes == {}
    # Fall of Germany has fleets: after its first turn Finland needs a fleet at sea in the Baltic
    m, sc, st = fresh("fall_of_germany")
    assert "T13" in Context(m, sc, st).supplied("axis")
    st.turn = st.turn.next()
    assert "T13" not in Context(m, sc, st).supplied("axis")
    st.fleets.append(Fleet("Baltic Squadron", "axis", "ge", "R12", False, 1))
    assert "T13" in Context(m, sc, st).supplied("axis")


# ------------------------------------------------------------------------------ FoG nations (R38)
def test_fall_of_germany_soviet_union_is_at_war_not_neutral(fresh):
    m, sc, st = fresh("fall_of_germany")
    su = st.nations["su"]
    assert (su.side, su.status) == ("soviet", "at_war")
    assert (st.nations["se"].status, st.nations["ch"].status) == ("neutral", "neutral")
    # neutral countries are still never entered (Fall of Germany special rule 2), without the
    # old exception for controlled hexes
    st.phase, st.subphase, st.side = "movement", "land", "soviet"
    cx = Context(m, sc, st)
    a = next(
        s
        for s, v in cx.control.items()
        if v == "soviet"
        and not s.startswith("box:")
        and any(
            st.nations.get(cx.country(n)) and st.nations[cx.country(n)].status == "neutral"
            for n in cx.graph.neighbours(s, {"land"})
        )
    )
    b = next(n for n in cx.graph.neighbours(a, {"land"}) if st.nations[cx.country(n)].status == "neutral")
    st.armies = [x for x in st.armies if x.at != a]
    st.armies.append(Army("Red", "soviet", "su", a, {"infantry": 3}))
    r = check_move(Context(m, sc, st), a, b)
    assert not r.ok and "neutral" in r.reason


def test_finland_joining_in_war_for_europe_is_supplied_on_its_first_turn(fresh):
    # Nations inclined toward the Axis 4; Violation of neutrality 2; rulings R36, R39
    from mapref.rulesets.hitlers_war.nations import check_nation

    m, sc, st = fresh("war_for_europe")
    st.turn, st.phase, st.side = Turn(1941, "summer"), "combat", "axis"
    cx = Context(m, sc, st)
    assert st.nations["fi"].status == "unaligned" and "T13" not in cx.control
    data = state_data(st)
    r = ok(check_nation(cx, "fi", "at_war", "axis"))
    apply(st, r.commands)
    fi = st.nations["fi"]
    assert (fi.side, fi.status, fi.joined) == ("axis", "at_war", Turn(1941, "summer"))
    assert st.hex("T13").control == "axis" and not st.hex("T13").occupied
    assert st.army("Finnish Army").at == "T13"  # placed with Finland's entry (rulings R58)
    cx = Context(m, sc, st)
    assert {"T13", "U14"} <= cx.supplied("axis")  # the initial turn: supplied
    assert not {"T13", "T14", "U13", "U14"} & set(isolation(cx, "axis").hexes)
    st.turn = st.turn.next()  # later: only via the Baltic, which needs a fleet at sea in War for Europe
    assert "T13" not in Context(m, sc, st).supplied("axis")
    # undone, Finland is unaligned again and its hexes nobody's
    take_back(st, data)
    assert st.nations["fi"].status == "unaligned" and st.nations["fi"].joined is None and "T13" not in st.hexes
    # a Soviet-held Finnish hex stays Soviet when Finland joins (Entry into the War 8)
    setc(st, "U13", "soviet")
    r = ok(check_nation(Context(m, sc, st), "fi", "at_war", "axis"))
    apply(st, r.commands)
    assert st.hex("U13").control == "soviet" and st.hex("T14").control == "axis"
    assert not check_nation(Context(m, sc, st), "fi", "at_war", "axis").ok
    assert not check_nation(Context(m, sc, st), "fi", "bogus").ok
