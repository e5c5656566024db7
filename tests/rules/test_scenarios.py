"""Every scenario's fresh set-up is legal and produces the rulebook's figures (on the stand-in map)."""

import pytest

from mapref.rulesets.hitlers_war.codes import ALLEGIANCES, BOXES, COUNTRIES, REGIONS
from mapref.rulesets.hitlers_war.consistency import scenario_problems
from mapref.rulesets.hitlers_war.referee import referee
from mapref.rulesets.hitlers_war.state import Turn

FIGURES = {  # (total, spendable) per side, from each set-up
    "barbarossa": {"axis": (34, 17), "soviet": (16, 16)},
    "fall_of_germany": {"axis": (30, 30), "soviet": (23, 23), "allies": (35, 35)},
    "war_for_europe": {"axis": (16, 16), "soviet": (15, 11), "allies": (23, 23)},
}


@pytest.mark.parametrize("name", list(FIGURES))
def test_fresh_setup_has_no_violations_and_the_stated_production(fresh, name):
    m, sc, st = fresh(name)
    assert scenario_problems(m, sc) == []
    r = referee(m, sc, st)
    assert [v.as_dict() for v in r.violations] == []
    assert {s: (p.total, p.spendable) for s, p in r.production.items()} == FIGURES[name]
    assert not st.pools


def test_without_auto_place_the_pools_are_reported(fresh):
    m, sc, st = fresh("fall_of_germany", auto_place=False)
    codes = {v.code for v in referee(m, sc, st).violations}
    assert codes == {"setup.pool_unplaced"}


def test_calendar_has_three_seasons_winter_last():
    # Barbarossa: "the second turn, winter 1941" follows summer 1941
    assert Turn(1941, "summer").next() == Turn(1941, "winter")
    assert Turn(1939, "winter").next() == Turn(1940, "spring")


def test_turn_ranges(scenarios):
    assert len(scenarios["barbarossa"].turns()) == 8  # summer 1941 .. winter 1943
    assert scenarios["fall_of_germany"].turns()[0] == Turn(1944, "spring")
    assert scenarios["war_for_europe"].first_turn == Turn(1939, "winter")


def test_every_code_a_scenario_uses_is_in_the_code_table(scenarios):
    for sc in scenarios.values():
        areas = [s.friendly for s in sc.side_setups.values()] + [s.build for s in sc.side_setups.values()]
        areas += (
            [p.area for p in sc.pools]
            + [d.area for d in sc.devastation]
            + [f.ports for f in sc.fleets]
            + [sc.no_production]
        )
        for a in areas:
            assert set(a.countries) <= set(COUNTRIES), sc.id
            assert set(a.allegiances) <= set(ALLEGIANCES), sc.id
            assert set(a.regions) <= set(REGIONS), sc.id
            assert set(a.boxes) <= set(BOXES), sc.id
        assert set(sc.nations) <= set(COUNTRIES)
        assert {a.nation for a in sc.armies} <= set(COUNTRIES)


def test_a_space_friendly_to_two_sides_at_the_start_is_named_once_per_later_side(fresh):
    # Hex control 1: a hex is friendly to one side at the start; a scenario whose set-ups both
    # list it is refused, naming the space and the side that listed it first
    from dataclasses import replace

    from mapref.rulesets.hitlers_war.scenario import resolve_area

    m, sc, _ = fresh("fall_of_germany")
    sc = replace(sc, side_setups=dict(sc.side_setups))
    axis = resolve_area(m, sc.setup("axis").friendly, sc.absent_boxes)
    soviet = resolve_area(m, sc.setup("soviet").friendly, sc.absent_boxes)
    country = sorted(sc.setup("axis").friendly.countries)[0]
    allies = sc.setup("allies")
    sc.side_setups["allies"] = replace(
        allies, friendly=replace(allies.friendly, countries=allies.friendly.countries + (country,))
    )
    sov = sc.setup("soviet")
    sc.side_setups["soviet"] = replace(
        sov, friendly=replace(sov.friendly, countries=sov.friendly.countries + (country,))
    )
    taken = (
        resolve_area(
            m,
            replace(allies.friendly, countries=(country,), allegiances=(), regions=(), hexes=(), boxes=()),
            sc.absent_boxes,
        )
        & axis
    )
    assert taken
    problems = [p for p in scenario_problems(m, sc) if "also friendly" in p]
    expect = sorted(
        [f"setup.soviet.friendly: {s} is also friendly to axis at the start" for s in taken | (soviet & axis)]
        + [f"setup.allies.friendly: {s} is also friendly to axis at the start" for s in taken]
    )
    assert sorted(problems) == expect
