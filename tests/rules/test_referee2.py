"""Referee part 2 on the real map: supply (Determine supply 1-9; Sea transportation 3; Blocking
sea routes 1), movement (Movement 1-5; Allied & Soviet Cooperation 2; Barbarossa special rule 3),
the sequence of play (Barbarossa Sequence of Play; First turn - final turn) and victory."""

import copy

from mapref.core.graph import LAND_KINDS
from hwplay import take_back

from mapref.rulesets.hitlers_war.commands import apply
from mapref.rulesets.hitlers_war.files import state_data
from mapref.rulesets.hitlers_war.common import Context
from mapref.rulesets.hitlers_war.movement import check_fleet_move, check_move
from mapref.rulesets.hitlers_war.sequence import advance, stacking_fix
from mapref.rulesets.hitlers_war.supply import isolation
from mapref.rulesets.hitlers_war.referee import referee
from mapref.rulesets.hitlers_war.state import Army, Fleet, Fort, HexState, Turn


def setc(st, space, side):
    st.hexes[space] = HexState(control=side)


def run_advance(m, sc, st, roll=None):
    r = advance(m, sc, st, roll=roll)
    assert not r.error, r.error
    apply(st, r.commands)
    return r


def test_an_encircled_army_is_unsupplied_and_shows_its_frontier(fresh):
    # Determine supply 1: "through an unbroken chain of friendly hexes"
    m, sc, st = fresh("barbarossa")
    cx = Context(m, sc, st)
    ring = [n for n in cx.graph.neighbours("P14", LAND_KINDS)]
    for n in ring:
        setc(st, n, "axis")
    rep = referee(m, sc, st).as_dict()
    army = next(a for a in rep["armies"] if a["name"] == "Western Military District")
    assert army["supplied"] is False and army["supply_path"] == []
    assert set(army["frontier"]) == set(ring)
    assert "Western Military District" in rep["supply"]["soviet"]["unsupplied_armies"]
    assert "P14" in rep["supply"]["soviet"]["unsupplied_hexes"]
    moscow = next(a for a in rep["armies"] if a["name"] == "Moscow")
    assert moscow["supplied"] and moscow["supply_path"][0] == "Q17" and moscow["supply_path"][-1] == "box:siberia"


def test_a_pocket_survives_through_a_crossing_arrow(fresh):
    # Determine supply 3: "A supply route may pass through any number of crossing hexsides."
    m, sc, st = fresh("barbarossa")
    cx = Context(m, sc, st)
    sup = cx.supplied("axis")
    for c in cx.graph.connections:
        if c.kind != "crossing" or c.a not in sup or c.b not in sup:
            continue
        for a, b in ((c.a, c.b), (c.b, c.a)):
            others = [n for n in cx.graph.neighbours(b, {"land", "box_land"})]
            st2 = copy.deepcopy(st)
            for n in others:
                setc(st2, n, "none")
            cx2 = Context(m, sc, st2)
            if a in cx2.supplied("axis") and b != "P10":
                path = cx2.trace("axis").path(b)
                assert path[:2] == [b, a] and path[-1] == "P10"
                # without the arrow (the crossing hex lost) the pocket is cut
                setc(st2, a, "none")
                assert b not in Context(m, sc, st2).supplied("axis")
                return
    raise AssertionError("no crossing arrow between Axis hexes on the map")


def test_a_fleet_at_sea_opens_a_sea_route_and_an_enemy_fleet_closes_it(fresh):
    # Sea transportation 3; Blocking sea routes 1 (Fall of Germany: Algeria H7 traces to London
    # only by sea)
    m, sc, st = fresh("fall_of_germany")
    assert "H7" not in Context(m, sc, st).supplied("allies")
    brit = next(f for f in st.fleets if f.side == "allies")
    brit.in_port, brit.at = False, "H4"  # at sea (Gibraltar is on the Atlantic: Changes to the map 7)
    st.fleets.append(
        Fleet("Second British Fleet", "allies", "gb", "H5" if m.hex("H5").terrain != "land" else "I8", False, 2)
    )
    cx = Context(m, sc, st)
    opened = cx.trace("allies")
    seas = {m.hex(f.at).sea for f in st.fleets if f.side == "allies" and not f.in_port}
    assert opened.is_supplied("H7"), seas
    path = opened.path("H7")
    assert path[-1] == "P7" and any(m.hex(s).terrain == "sea" for s in path if not s.startswith("box:"))
    # enemy fleets at sea on the route close it, hex by hex
    st2 = copy.deepcopy(st)
    for i in range(40):
        t = Context(m, sc, st2).trace("allies")
        if not t.is_supplied("H7"):
            break
        water = [s for s in t.path("H7") if not s.startswith("box:") and m.hex(s).terrain == "sea"]
        st2.fleets.append(Fleet(f"U{i}", "axis", "ge", water[0], False, 1))
    assert not Context(m, sc, st2).trace("allies").is_supplied("H7")
    assert any(f.side == "axis" for f in st2.fleets if not f.in_port)


def test_an_isolated_hex_goes_to_the_side_with_the_closest_production(fresh):
    # Determine supply 6-8: an Axis hex cut off becomes friendly to the opposing side with the
    # closest undevastated production; land with no opponent near stays (R23)
    m, sc, st = fresh("barbarossa")
    st.turn = Turn(1941, "winter")  # past Finland's initial turn (R36)
    iso = isolation(Context(m, sc, st), "axis")
    assert iso.hexes == {} and "H7" in iso.stays and not iso.ties  # Finland traces over the Baltic (R36)
    for h in ("T13", "T14", "U13"):  # the Finnish Baltic shore taken: U14 is cut off
        setc(st, h, "soviet")
    iso = isolation(Context(m, sc, st), "axis")
    assert iso.hexes == {"U14": "soviet"}
    # Fall of Germany: three sides; an Axis hex cut off in France goes to the nearer side
    m, sc, st = fresh("fall_of_germany")
    cx = Context(m, sc, st)
    for n in cx.graph.neighbours("M8", LAND_KINDS):
        setc(st, n, "allies")
    iso = isolation(Context(m, sc, st), "axis")
    assert iso.hexes.get("M8") == "allies"


def test_advance_applies_isolation_at_the_end_of_the_combat_phase(fresh):
    m, sc, st = fresh("barbarossa")
    st.turn = Turn(1941, "winter")  # past Finland's initial turn (R36)
    for h in ("T13", "T14", "U13"):
        setc(st, h, "soviet")
    st.armies.append(Army("Finns", "axis", "fi", "U14", {"infantry": 2}))
    run_advance(m, sc, st)  # setup -> movement
    while not (st.phase == "combat" and st.subphase == "exploitation"):
        run_advance(m, sc, st)
        assert st.hex("U14").control is None  # nothing changes before the end of combat
    r = run_advance(m, sc, st)
    assert st.hex("U14").control == "soviet" and st.army("Finns") is None
    assert any("Determine supply 7" in x for x in r.messages)
    # Determine supply 9: the Soviet army cut off now is not removed in the Axis turn
    assert (st.side, st.phase) == ("axis", "production")


def test_a_soviet_army_may_not_enter_an_allied_hex(fresh):
    # Allied & Soviet Cooperation 2
    m, sc, st = fresh("fall_of_germany")
    cx = Context(m, sc, st)
    pair = next(
        (a, b)
        for a, s in cx.control.items()
        if s == "soviet" and not a.startswith("box:")
        for b in cx.graph.neighbours(a, LAND_KINDS)
        if cx.control.get(b) == "allies"
    )
    st.armies = [x for x in st.armies if x.at != pair[0]]
    st.armies.append(Army("Red", "soviet", "su", pair[0], {"infantry": 3}))
    st.phase, st.subphase, st.side = "movement", "land", "soviet"
    r = check_move(Context(m, sc, st), pair[0], pair[1])
    assert not r.ok and r.rule == "Allied & Soviet Cooperation 2"


def test_movement_rules(fresh):
    m, sc, st = fresh("barbarossa")
    cx = Context(m, sc, st)
    # moves only in the moving side's movement phase
    assert check_move(cx, "Q13", "Q12").rule.startswith("Sequence of Play")
    run_advance(m, sc, st)
    cx = Context(m, sc, st)
    # Movement 2: never into or through an unfriendly hex
    assert check_move(cx, "Q13", "Q14").rule == "Movement 2"
    # Movement 5: points moved to an empty friendly hex make a new army
    r = check_move(cx, "Q13", "Q12", {"infantry": 2})
    assert r.ok and r.route[0] == "Q13"
    apply(st, r.commands)
    assert st.army("Army Group North").points["infantry"] == 3 and st.army("Army Group North 2").at == "Q12"
    # Movement 4: into an occupied friendly hex, the points join the army there
    r = check_move(Context(m, sc, st), "Q12", "P13")
    data = state_data(st)
    apply(st, r.commands)
    assert st.army("Army Group North 2") is None and st.army("Fourth Army").points["infantry"] == 7
    take_back(st, data)
    assert st.army("Army Group North 2").at == "Q12"
    # neutral countries are never entered (Barbarossa special rule 1)
    nr = check_move(Context(m, sc, st), "Q13", "S11")
    assert not nr.ok


def test_the_siberian_army_waits_for_the_second_turn(fresh):
    # Barbarossa special rule 3
    m, sc, st = fresh("barbarossa")
    st.phase, st.subphase, st.side = "movement", "", "soviet"
    r = check_move(Context(m, sc, st), "box:siberia", "Q17")
    assert not r.ok and r.rule == "Barbarossa special rule 3"
    st.turn = Turn(1941, "winter")
    r = check_move(Context(m, sc, st), "box:siberia", "Q17")
    assert r.ok and r.route[-1] == "Q17"


def test_fleet_moves_one_move_within_seven_hexes(fresh):
    # Fall of Germany, Movement of naval strength points and fleets 14-15
    m, sc, st = fresh("war_for_europe")
    st.phase, st.subphase, st.side, st.turn = "movement", "naval", "axis", Turn(1940, "spring")
    cx = Context(m, sc, st)
    g = next(f for f in st.fleets if f.name == "German Fleet")
    sea = [s for s in cx.graph.neighbours(g.at, {"sea", "coast", "port"}) if m.hex(s).terrain == "sea"]
    sea = sea or [s for s in cx.graph.neighbours(g.at, {"sea", "coast", "port"})]
    r = check_fleet_move(cx, g.at, sea[0], at_sea=True)
    assert r.ok
    apply(st, r.commands)
    assert g.in_port is False and g.at == sea[0] and g.moved
    # at sea, its next move must be to port (rule 7)
    again = check_fleet_move(Context(m, sc, st), sea[0], sea[0], at_sea=True)
    assert not again.ok and "Movement of naval strength points and fleets 7" in again.rule
    # more than seven hexes to sea is refused (rule 15)
    g.at, g.in_port, g.moved = "Q10", True, False
    far = [s for s in ("A10", "C3", "H2", "D5") if m.hex(s).terrain == "sea"]
    if far:
        rf = check_fleet_move(Context(m, sc, st), "Q10", far[0], at_sea=True)
        assert not rf.ok
    # Taranto (J11) is left by I12 only (rule 19): the route from Taranto starts through I12
    it = next(f for f in st.fleets if f.nation == "it")
    it.at = "J11"
    it.moved = False
    for h in ("J11", "I12", "K12", "K11", "I11", "J10"):
        setc(st, h, "axis")  # Italy has joined the Axis; coastal sides need friendly hexes (rule 9)
    r = check_fleet_move(Context(m, sc, st), "J11", "I12", at_sea=True)
    assert r.ok and r.route == ("J11", "I12")
    r = check_fleet_move(Context(m, sc, st), "J11", "K12", at_sea=True)
    assert not r.ok or r.route[1] == "I12"  # never straight out of Taranto to K12


def test_stacking_deadline_at_the_end_of_movement(fresh):
    # Stacking 4: over ten points in a hex at the end of the next movement phase are lost
    m, sc, st = fresh("barbarossa")
    st.armies.append(Army("Extra", "axis", "ge", "Q13", {"infantry": 4}))
    c, msgs = stacking_fix(Context(m, sc, st), "axis")
    apply(st, c)
    q = [a for a in st.armies if a.at == "Q13"]
    assert len(q) == 1 and q[0].total() == 10 and msgs


def test_fort_points_under_construction_become_operational(fresh):
    # Fort strength under construction 2
    m, sc, st = fresh("barbarossa")
    st.forts.append(Fort("axis", 1, "P10", 0, 2))
    st.phase, st.subphase, st.side = "combat", "exploitation", "axis"
    run_advance(m, sc, st)
    assert (
        (st.phase, st.subphase) == ("production", "build") and st.forts[0].strength == 2 and st.forts[0].building == 0
    )


def test_barbarossa_calendar_from_first_to_last_turn(fresh):
    # First turn - final turn: Summer 1941 - Winter 1943, Axis first; three seasons (R1)
    m, sc, st = fresh("barbarossa")
    seen = []
    for _ in range(400):
        if st.phase == "over":
            break
        run_advance(m, sc, st)
        if st.phase == "movement":
            seen.append((str(st.turn), st.side))
    assert seen[:4] == [
        ("summer 1941", "axis"),
        ("summer 1941", "soviet"),
        ("winter 1941", "axis"),
        ("winter 1941", "soviet"),
    ]
    assert seen[-1] == ("winter 1943", "soviet") and len(seen) == 16
    assert st.phase == "over"
    v = referee(m, sc, st).as_dict()["victory"]
    assert v["winner"] == "soviet" and v["rule"] == "Barbarossa victory conditions 2"
    assert advance(m, sc, st).error == "the game is over"


def test_barbarossa_won_by_the_axis_at_the_moment_it_holds_three_capitals(fresh):
    # Barbarossa victory conditions 1
    m, sc, st = fresh("barbarossa")
    run_advance(m, sc, st)
    for h in ("T15", "Q17"):
        setc(st, h, "axis")
    assert referee(m, sc, st).as_dict()["victory"] is None
    setc(st, "M19", "axis")
    v = referee(m, sc, st).as_dict()["victory"]
    assert v["winner"] == "axis" and v["immediate"]
    run_advance(m, sc, st)
    assert st.phase == "over"


def test_barbarossa_won_by_the_soviets_on_taking_berlin(fresh):
    # Barbarossa victory conditions 2
    m, sc, st = fresh("barbarossa")
    setc(st, "P10", "soviet")
    assert referee(m, sc, st).as_dict()["victory"]["winner"] == "soviet"


def test_fall_of_germany_victory(fresh):
    m, sc, st = fresh("fall_of_germany")
    setc(st, "P10", "allies")
    v = referee(m, sc, st).as_dict()["victory"]
    assert v["winner"] in ("soviet", "allies") and v["two_player"] == "soviet+allies"


def test_war_for_europe_siberia_grows_at_winter_1942(fresh):
    # Siberian production 4; rulings R13
    m, sc, st = fresh("war_for_europe")
    st.turn, st.side, st.phase, st.subphase = Turn(1942, "summer"), sc.move_order[-1], "production", "research"
    before = st.hex("box:siberia").devastated
    run_advance(m, sc, st)
    assert str(st.turn) == "winter 1942" and st.hex("box:siberia").devastated == before + 4


def test_occupation_markers_stand_on_captured_occupied_hexes_only_in_control_order(fresh):
    # Hex Control and Garrisons, Friendly hexes 4: a marker on each captured hex marked occupied;
    # none where the side holds the hex from the start or nobody holds it (rulings R39)
    from mapref.rulesets.hitlers_war.ruleset import HitlersWar

    m, sc, st = fresh("war_for_europe")
    cx = Context(m, sc, st)
    axis = sorted(s for s, side in cx.start.items() if side == "axis" and not s.startswith("box:"))
    allied = sorted(s for s, side in cx.start.items() if side == "allies" and not s.startswith("box:"))
    outside = sorted(s for s in cx.board.spaces() if s not in cx.start and cx.board.space(s).is_land)
    st.hexes[allied[7]] = HexState(control="axis", occupied=True)
    st.hexes[outside[0]] = HexState(control="soviet", occupied=True)  # not held by anyone at the start
    st.hexes[axis[3]] = HexState(control="allies", occupied=True)
    st.hexes[axis[5]] = HexState(control="none", occupied=True)  # nobody's: no marker
    st.hexes[axis[9]] = HexState(occupied=True)  # held from the start: no marker
    st.hexes[allied[2]] = HexState(control="axis")  # captured, not marked occupied
    st.hexes[allied[1]] = HexState(control="axis", occupied=True)

    class G:
        map, scenario, state = m, sc, st

    rs = HitlersWar()
    cx = Context(m, sc, st)
    want = [(s, side) for s, side in cx.control.items() if cx.start.get(s) != side and st.hex(s).occupied]
    got = [(p.space, p.side) for p in rs.pieces(G, referee(m, sc, st)) if p.kind == "marker"]
    assert got == want
    assert sorted(got) == sorted(
        [(allied[7], "axis"), (outside[0], "soviet"), (axis[3], "allies"), (allied[1], "axis")]
    )
