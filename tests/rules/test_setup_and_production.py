"""Set-up checks and production, from the set-ups' and production rules' words."""

from mapref.rulesets.hitlers_war.common import Context
from mapref.rulesets.hitlers_war.production import production
from mapref.rulesets.hitlers_war.setup import check_setup
from mapref.rulesets.hitlers_war.referee import referee
from mapref.rulesets.hitlers_war.state import POINT_TYPES, Army, HexState, Nation, Turn


def codes(m, sc, st):
    return {v.code: v for v in check_setup(Context(m, sc, st))}


def test_fixed_army_misplaced_and_wrong_strength(fresh):
    m, sc, st = fresh("barbarossa")
    st.army("Army Group Centre").at = "O13"
    st.army("Moscow").points["mechanized"] = 3
    v = codes(m, sc, st)
    assert "setup.army_misplaced" in v and v["setup.army_misplaced"].rule.startswith("Barbarossa Set Up")
    assert "setup.army_strength" in v


def test_fixed_army_missing_and_extra(fresh):
    m, sc, st = fresh("barbarossa")
    st.armies.remove(st.army("Fourth Army"))
    st.armies.append(Army("Phantom", "axis", "ge", "P11", {t: 0 for t in POINT_TYPES} | {"infantry": 1}))
    v = codes(m, sc, st)
    assert "setup.army_missing" in v and "setup.army_extra" in v


def test_pool_outside_its_area_and_wrong_totals(fresh):
    m, sc, st = fresh("fall_of_germany")
    axis = next(a for a in st.armies if a.pool == "axis")
    axis.at = "Q17"  # Moscow: Soviet-friendly
    axis.points["mechanized"] += 1
    v = codes(m, sc, st)
    assert v["setup.pool_area"].where == "Q17"
    assert "setup.pool_strength" in v


def test_devastation_and_forts_as_listed(fresh):
    m, sc, st = fresh("fall_of_germany")
    st.hexes["O10"].devastated = 2
    st.hexes["M8"].permanent = 0
    st.forts[0].strength = 1
    st.hexes["P11"] = HexState(devastated=1)
    v = [x for x in check_setup(Context(m, sc, st)) if x.code in ("setup.devastation", "setup.fort")]
    assert {x.where for x in v} >= {"M8", "P11", "N9"}
    assert any("O10" in x.message for x in v)


def test_setup_checks_only_in_the_setup_phase(fresh):
    m, sc, st = fresh("barbarossa")
    st.army("Moscow").at = "Q16"
    st.phase = "movement"
    assert not [v for v in referee(m, sc, st).violations if v.code.startswith("setup.")]


def test_production_differs_from_the_set_up(fresh):
    m, sc, st = fresh("barbarossa")
    st.hexes["P10"] = HexState(devastated=2)
    v = [x for x in referee(m, sc, st).violations if x.code == "setup.production"]
    assert v and "34" in v[0].message and v[0].side == "axis"


def test_barbarossa_minus_17_and_repair_budget(fresh):
    m, sc, st = fresh("barbarossa")
    p = production(Context(m, sc, st), "axis")
    assert (p.total, p.spendable, p.repair_budget, p.repairable_points) == (34, 17, 4, 1)
    assert p.costs == {"infantry": 2, "mechanized": 5}
    assert "P10" in p.build_spaces and "L9" not in p.build_spaces  # German hexes only


def test_barbarossa_siberia_timing(fresh):
    m, sc, st = fresh("barbarossa")
    st.phase = "production"  # in play: only points that trace supply count (Production points 1)

    def cx():
        return Context(m, sc, st)

    assert production(cx(), "soviet").total == 16
    st.turn = Turn(1941, "winter")
    assert production(cx(), "soviet").total == 24
    st.turn = Turn(1943, "spring")
    assert production(cx(), "soviet").total == 28
    st.hexes["box:siberia"] = HexState(control="axis")
    # Siberia lost: no Siberian production, and no supply source (Determine supply 4) either
    assert production(cx(), "soviet").total == 0


def test_unsupplied_production_is_not_counted(fresh):
    # Production points 1: "They cannot include un-devastated points unless they can trace a
    # supply route back to their nation's supply source." At set-up they are counted (rulings R21).
    m, sc, st = fresh("barbarossa")
    assert production(Context(m, sc, st), "axis").total == 34
    st.phase = "production"
    p = production(Context(m, sc, st), "axis")
    # Algeria (H7) is across the sea: it does not trace to Berlin. Finland (T14) touches the Axis
    # only through neutral Sweden or Soviet hexes, but it is supplied on its initial turn and then
    # via the Baltic, which Barbarossa (no fleets) leaves open (Nations inclined toward the Axis 4;
    # rulings R36)
    assert "H7" in p.unsupplied and "T14" not in p.unsupplied and p.total == 33
    st.turn = st.turn.next()
    assert production(Context(m, sc, st), "axis").total == 33
    st.hexes["Q12"] = HexState(control="soviet")  # Danzig: cuts East Prussia off from the Reich
    cut = production(Context(m, sc, st), "axis")
    assert "Q13" in cut.unsupplied or m.hex("Q13").production == 0


def test_war_for_europe_soviet_minus_4_until_spring_1941(fresh):
    m, sc, st = fresh("war_for_europe")
    assert production(Context(m, sc, st), "soviet").spendable == 11
    st.turn = Turn(1941, "spring")
    assert production(Context(m, sc, st), "soviet").spendable == 15


def test_war_for_europe_siberia_needs_war(fresh):
    m, sc, st = fresh("war_for_europe")
    st.turn = Turn(1941, "winter")
    st.hexes["box:siberia"].devastated = 5
    assert production(Context(m, sc, st), "soviet").total == 15
    st.nations["su"] = Nation("soviet", "at_war")
    assert production(Context(m, sc, st), "soviet").total == 18


def test_us_production_from_its_entry(fresh):
    m, sc, st = fresh("war_for_europe")
    st.nations["us"] = Nation("allies", "at_war")
    st.hexes["box:usa"] = HexState(control="allies")
    st.turn = Turn(1942, "spring")
    assert production(Context(m, sc, st), "allies").total == 23 + 16
    st.turn = Turn(1942, "summer")
    assert production(Context(m, sc, st), "allies").total == 23 + 17


def test_trans_atlantic_shipping_limits_delivery(fresh):
    m, sc, st = fresh("fall_of_germany")
    st.sides["allies"].ta_shipping = 5
    assert production(Context(m, sc, st), "allies").total == 35 - 3


def test_vichy_france_reduced_by_three_and_capped_at_four(fresh):
    # Vichy France 1: French production "is always reduced by three ... Germany may never
    # receive more than four production points from Vichy France"
    m, sc, st = fresh("war_for_europe")
    st.nations["fr"] = Nation("axis", "surrendered")
    for h in m.hexes_of_country("fr"):
        st.hexes[m.label(h)] = HexState(control="axis")
    p = production(Context(m, sc, st), "axis")
    vichy = next(t for t in p.breakdown if t.what.startswith("Vichy"))
    assert vichy.points == 4  # France's 7 - 3
    assert p.total == 16 + 4
    st.hexes["N7"] = HexState(control="axis", devastated=m.hex("N7").production)  # Paris's points
    p = production(Context(m, sc, st), "axis")
    vichy = next(t for t in p.breakdown if t.what.startswith("Vichy"))
    assert vichy.points == min(4, 7 - m.hex("N7").production - 3)


def test_norway_and_sweden_not_cumulative(fresh):
    m, sc, st = fresh("war_for_europe")
    st.nations["no"] = Nation("allies", "at_war")
    st.hexes["U10"] = HexState(control="allies")
    p = production(Context(m, sc, st), "axis")
    assert p.spendable == p.total - 1
    st.hexes["S11"] = HexState(control="soviet")
    p = production(Context(m, sc, st), "axis")
    assert p.spendable == p.total - 2


def test_lend_lease_capacity_follows_the_depots(fresh):
    m, sc, st = fresh("fall_of_germany")
    p = production(Context(m, sc, st), "allies")
    assert p.lend_lease["max"] == 4
    st.hexes["U15"] = HexState(control="axis")
    assert production(Context(m, sc, st), "allies").lend_lease["max"] == 2


def test_referee_does_not_change_the_state(fresh):
    from mapref.rulesets.hitlers_war.files import dumps_game

    m, sc, st = fresh("war_for_europe")
    before = dumps_game(st)
    referee(m, sc, st)
    assert dumps_game(st) == before
