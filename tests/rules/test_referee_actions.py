"""What the referee's window asks Hitler's War (issue 13) through the protocol, without a window:
set-up pools placed by hand (Prepare for Play 3), advisory overrides recorded in the log, the
end-of-step preview, the reach of an army, who holds the captured hexes, building and repairing
within the budget, and the readable step names."""

from pathlib import Path

from mapref.paths import shipped_scenario
from mapref.rules.files import load_game
from mapref.rules.ruleset import Action
from mapref.rules.session import start_game
from mapref.rulesets.hitlers_war.state import Army, HexState
from tests.helpers import mapref

ROOT = Path(__file__).resolve().parents[2]


def barbarossa():
    return start_game(shipped_scenario("barbarossa"), scenario_ref="barbarossa")


def to(s, phase, subphase="", side=None):
    for _ in range(40):
        st = s.state
        if (st.phase, st.subphase) == (phase, subphase) and side in (None, st.side):
            return
        assert s.apply(Action("advance")).ok
    raise AssertionError((phase, subphase))


def test_pools_are_placed_by_hand_within_their_area_and_stacking():
    s = start_game(shipped_scenario("fall_of_germany"), scenario_ref="fall_of_germany")
    rs = s.ruleset
    assert [(p.id, p.left) for p in rs.pools(s.game)][0] == ("axis", {"infantry": 29, "mechanized": 14})
    out = s.apply(Action("place", {"pool": "axis", "space": "P10", "points": {"infantry": 4, "mechanized": 6}}))
    assert out.ok and out.label == "place 4 infantry, 6 mechanized of pool axis in P10"
    a = s.state.army("Axis Army 1")
    assert a.at == "P10" and a.pool == "axis" and (a.points["infantry"], a.points["mechanized"]) == (4, 6)
    assert rs.pools(s.game)[0].left == {"infantry": 25, "mechanized": 8}
    r = s.check(Action("place", {"pool": "axis", "space": "P10", "points": {"infantry": 1}}))
    assert not r.ok and r.rule == "Stacking 2; Fortifications 1"
    r = s.check(Action("place", {"pool": "axis", "space": "Q17", "points": {"infantry": 1}}))
    assert not r.ok and "outside the area" in r.reason and r.rule.startswith("Fall of Germany set-up")
    r = s.check(Action("place", {"pool": "axis", "space": "P9", "points": {"infantry": 30}}))
    assert not r.ok and "has 25 infantry left" in r.reason
    assert "P9" in rs.reach(s.game, "pool:axis") and "P10" not in rs.reach(s.game, "pool:axis")
    # the fort in N9 counts toward the ten (Fortifications 1)
    item = rs.place(s.game, "axis", "N9")
    assert dict((k, d) for k, _l, _t, d, _c in item.ask) == {"points.infantry": 8, "points.mechanized": 0}
    # undo gives the points back to the pool
    s.undo()
    assert rs.pools(s.game)[0].left == {"infantry": 29, "mechanized": 14} and s.state.army("Axis Army 1") is None
    # after the set-up, nothing more is placed
    s.apply(Action("place", {"auto": True}))
    assert rs.pools(s.game) == [] and not [v for v in s.report().violations if v.code.startswith("setup.pool")]


def test_mapref_place_on_the_command_line(tmp_path):
    def run(*args):
        return mapref(*args, cwd=tmp_path)

    assert run("new-game", "fall_of_germany", "-o", "g.toml").returncode == 0
    r = run("place", "g.toml", "soviet", "Q17", "--infantry", "5", "--mechanized", "5")
    assert r.returncode == 0, r.stderr
    r = run("place", "g.toml", "soviet", "P10", "--infantry", "1")
    assert r.returncode == 1 and "outside the area" in r.stderr
    g = load_game(tmp_path / "g.toml")
    assert any(a.at == "Q17" and a.pool == "soviet" for a in g.state.armies) and g.log[-1].verb == "place"


def test_an_override_does_a_refused_action_and_the_log_keeps_the_reason():
    s = barbarossa()
    to(s, "movement", side="soviet")
    action = Action("move", {"from": "box:siberia", "to": "Q21"})
    refused = s.apply(action)
    assert not refused.ok and refused.rule == "Barbarossa special rule 3"
    out = s.apply(action, override="house rule")
    assert out.ok and s.state.army("Siberian Army").at == "Q21"
    e = s.log[-1]
    assert e.override == f"house rule (overrides: {refused.refusal})" and e.did.endswith("(against the rules)")
    assert "OVERRIDE: house rule" in e.line()
    s.undo()
    assert s.state.army("Siberian Army").at == "box:siberia"
    impossible = s.apply(Action("move", {"from": "P16", "to": "P15"}), override="why not")
    assert not impossible.ok and "cannot be done even against the rules" in impossible.reason


def test_the_end_of_a_step_is_previewed():
    s = barbarossa()
    rs = s.ruleset
    assert rs.end_step_preview(s.game) == []
    to(s, "combat", "exploitation")
    s.state.hexes["Q18"] = HexState(control="axis", occupied=True)
    s.invalidate()
    preview = rs.end_step_preview(s.game)
    assert any(line.startswith("Q18 unsupplied: becomes soviet") for line in preview)
    assert (s.state.phase, s.state.subphase) == ("combat", "exploitation")  # nothing changed


def test_reach_control_view_steps_and_their_names():
    s = barbarossa()
    rs = s.ruleset
    assert rs.reach(s.game, "army:Army Group Centre") == set()  # set-up: nothing moves
    assert [st.label for st in rs.steps(s.game)][:2] == ["Set-up", "Movement"]
    to(s, "movement")
    reach = rs.reach(s.game, "army:Army Group Centre")
    assert "O13" in reach and "P14" not in reach and "H15" not in reach
    assert rs.reach(s.game, "army:Moscow") == set()  # not the Soviet turn
    assert rs.control_view(s.game) == {}
    s.state.hexes["P14"] = HexState(control="axis", occupied=True)
    assert rs.control_view(s.game) == {"P14": "axis"}
    assert rs.step_name("combat (defensive_assaults)") == "defensive assaults" and rs.step_name("setup") == "set-up"
    out = s.apply(Action("advance"))
    assert out.messages[-1] == "now: summer 1941, axis determine supply"


def test_build_and_repair_within_the_budget():
    s = barbarossa()
    to(s, "production", "build")
    r = s.apply(Action("build", {"space": "P10", "points": {"infantry": 2, "mechanized": 1}}))
    spendable = s.report().as_dict()["production"]["axis"]["spendable"]
    assert r.ok and any("spend 9" in m and f"{spendable - 9} of {spendable} left" in m for m in r.messages)
    r = s.check(Action("build", {"space": "P10", "points": {"mechanized": 3}}))
    assert not r.ok and r.rule.startswith("Building strength points 3")
    r = s.check(Action("build", {"space": "Q17", "points": {"infantry": 1}}))
    assert not r.ok and r.rule.startswith("Building strength points 4")
    r = s.check(Action("build", {"space": "P10", "points": {"para": 1}}))
    # Launching attacks 4: "For the Barbarossa scenario, only infantry and mechanized strength
    # points are available" (the cost asked for elsewhere, rulings R19: t/rules/test_hw_production.py)
    assert not r.ok and r.rule == "Launching attacks 4"
    s.undo()
    assert s.check(Action("build", {"space": "P10", "points": {"mechanized": 3}})).ok
    s.state.armies.append(Army("Berlin Garrison", "axis", "ge", "P10", {"infantry": 9}))
    s.invalidate()
    r = s.check(Action("build", {"space": "P10", "points": {"infantry": 2}}))
    assert not r.ok and "Stacking 5" in r.rule and "would make 11" in r.reason
    s.state.armies.pop()
    # repairs: a quarter of the production, three points each, in friendly supplied hexes
    to(s, "production", "repair")
    s.state.hexes["P10"] = HexState(devastated=2)
    s.invalidate()
    r = s.apply(Action("repair", {"space": "P10", "points": 1}))
    assert r.ok and s.state.hex("P10").devastated == 1
    r = s.check(Action("repair", {"space": "P10", "points": 1}))
    assert not r.ok and r.rule == "Repairing devastated production 3-4"
    r = s.check(Action("repair", {"space": "Q17", "points": 1}))
    assert not r.ok and "not friendly" in r.reason
