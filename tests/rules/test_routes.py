"""Land and sea routes (Hitler's War Movement 2; Fall of Germany fleet movement 8-15, 19;
Blocking sea routes) on the sample map."""

from mapref.rules.routes import land_route
from mapref.rulesets.hitlers_war.routes import MAX_SEA_MOVE, sea_route


def test_land_move_through_friendly_hexes(sample, german):
    m, g = sample
    r = land_route(g, german(m), "A6", "G7")
    assert r.ok and r.path[0] == "A6" and r.path[-1] == "G7"


def test_final_hex_must_be_friendly(sample, german):
    m, g = sample
    r = land_route(g, german(m), "E7", "E8")
    assert not r.ok and r.rule == "Movement 2" and "E8 is not friendly" in r.reason


def test_no_jumping_over_an_unfriendly_hex(sample, german):
    m, g = sample
    fr = german(m) - {"B7", "C6", "C7", "A7"}
    r = land_route(g, fr, "B6", "E7")
    assert not r.ok and r.rule == "Movement 2"


def test_a_crossing_arrow_carries_armies_over_an_all_sea_side(sample, german):
    m, g = sample
    fr = german(m) - {"G5", "H5", "H4", "G6", "G7", "H6", "H7"}
    r = land_route(g, fr, "G4", "E7")
    assert r.ok and r.path[:2] == ("G4", "F4")


def test_fleet_sails_from_port_to_sea_within_seven_hexes(sample, german):
    m, g = sample
    fr = german(m)
    r = sea_route(g, m, fr, "F5", "E4", max_length=MAX_SEA_MOVE)
    assert r.ok and r.path[0] == "F5" and r.path[-1] == "E4"


def test_fleet_cannot_sail_onto_land(sample, german):
    m, g = sample
    r = sea_route(g, m, german(m), "F5", "E7")
    assert not r.ok and "all land" in r.reason


def test_too_far_to_sea(sample):
    m, g = sample
    # from Plymouth D2 around to the Atlantic's far corner and back is short; force a long one
    r = sea_route(g, m, set(), "D2", "A5", max_length=2)
    assert not r.ok and r.rule.endswith("15")


def test_port_access_only_through_named_hex(sample, german):
    # Fleet movement 19: Taranto is entered and left by I12 only (the sample's Stettin E6 by E5)
    m, g = sample
    r = sea_route(g, m, german(m), "E6", "D5")
    assert r.ok and r.path[1] == "E5"


def test_enemy_fleet_at_sea_blocks_passage_but_not_battle(sample, german):
    m, g = sample
    free = sea_route(g, m, german(m), "F5", "H4")
    assert free.ok
    mid = free.path[1:-1]
    # block every water hex the fleet could pass through on its way
    water = {s for s in g.spaces if not s.startswith("box:") and m.at(s).is_water} - {"H4"}
    blocked = sea_route(g, m, german(m), "F5", "H4", blocked=water)
    assert not blocked.ok and "Blocking" in blocked.rule
    # it can still sail into the enemy's hex to fight
    battle = sea_route(g, m, german(m), "F5", mid[0], blocked={mid[0]}) if mid else free
    assert battle.ok
