"""What the report and the read-back after a drop no longer work out again, or work out with
fewer look-ups (issue 34, fourth round): each answer must be the one the plain code gives.

- the consistency check's space look-ups (the board's space ids, kept per map version) and the
  overlaps of the sides' start areas (kept with the very area sets they came from): the plain
  problems, in the same order, after the map is edited and the scenario's areas changed;
- the stacking check with each army's space looked up once: the plain violations, in order, on
  states bent every way the check looks at;
- the routes read from a trace's plain record (``SupplyTrace.parent``), kept until the record
  changes: the plain walk after every kind of change to it;
- the reader's usual values read without making its messages: the same problems for bad ones;
- the end of a step's look-ahead sharing the state's HexStates: none of them changed.
"""

from __future__ import annotations

import random
from collections import defaultdict
from dataclasses import replace

import pytest

from mapref.core.board import board_for
from mapref.core.graph import box_space
from mapref.io.mapfile import load_map
from mapref.io.problems import FileProblems
from mapref.rules import supply as core_supply
from mapref.rules.ruleset import Action
from mapref.rulesets.hitlers_war import consistency
from mapref.rulesets.hitlers_war.common import Context, Violation
from mapref.rulesets.hitlers_war.ruleset import RULESET
from mapref.rulesets.hitlers_war.scenario import Area, resolved_area
from mapref.rulesets.hitlers_war.stacking import (
    LIMIT,
    check_fleets,
    check_forts,
    check_home_forces,
    check_stacking,
    movement_over,
)
from mapref.rulesets.hitlers_war.state import POINT_TYPES, Army, HexState

from tests.rules.conftest import ROOT, SCENARIOS, TEST_MAP


# ------------------------------------------------------------------ the plain code (before issue 34's fourth round)
def plain_overlaps(m, sc) -> list[str]:
    out: list[str] = []
    earlier: list[tuple[str, frozenset[str]]] = []
    for side in sc.sides:
        if side in sc.side_setups:
            area = resolved_area(m, sc.setup(side).friendly, sc.absent_boxes)
            if any(not area.isdisjoint(o) for _, o in earlier):
                for sp in area:
                    first = next((s for s, o in earlier if sp in o), side)
                    if first != side:
                        out.append(f"setup.{side}.friendly: {sp} is also friendly to {first} at the start")
            earlier.append((side, area))
    return out


def plain_consistency(m, sc, st) -> list[str]:
    board = board_for(m)
    out = consistency._setup_problems(m, sc)
    for a in sc.armies:
        if a.at not in board:
            out.append(f"armies.{a.name}.at: {a.at!r} is not a space of the map")
        if a.nation not in board.countries:
            out.append(f"armies.{a.name}.nation: unknown country {a.nation!r}")
    for f in sc.forts:
        if f.at not in board:
            out.append(f"forts: {f.at!r} is not a space of the map")
    for e in sc.entries:
        if e.nation not in board.countries:
            out.append(f"entries.{e.id}.nation: unknown country {e.nation!r}")
        if e.at and e.at not in board:
            out.append(f"entries.{e.id}.at: {e.at!r} is not a space of the map")
    for b in sc.absent_boxes:
        if box_space(b) not in board:
            out.append(f"absent_boxes: unknown box {b!r}")
    for code in sc.home_forces.points if sc.home_forces else ():
        if code not in board.countries:
            out.append(f"home_forces.points.{code}: unknown country")
    out += plain_overlaps(m, sc)
    for a in st.armies:
        if a.at not in board:
            out.append(f"armies.{a.name}.at: {a.at!r} is not a space of the map")
    for f in st.fleets:
        if f.at not in board:
            out.append(f"fleets.{f.name}.at: {f.at!r} is not a space of the map")
    for space in st.hexes:
        if space not in board:
            out.append(f"hexes.{space}: not a space of the map")
    for code in st.nations:
        if code not in board.countries:
            out.append(f"nations.{code}: unknown country")
    for side in st.sides:
        if side not in sc.sides:
            out.append(f"sides.{side}: the scenario has no such side")
    return out


def plain_army(cx, a) -> list[Violation]:
    out = []
    if not cx.exists(a.at):
        out.append(
            Violation(
                "army.where", "Movement 2", a.at, a.side, f"{a.name} is in {a.at!r}, which is not a space of the map"
            )
        )
    elif not cx.is_land(a.at):
        out.append(Violation("army.where", "Movement 2", a.at, a.side, f"{a.name} is in {a.at}, an all-sea hex"))
    elif not cx.friendly(a.at, a.side) and cx.country(a.at) != a.nation and movement_over(cx, a.side):
        out.append(
            Violation(
                "army.unfriendly_hex",
                "Movement 2",
                a.at,
                a.side,
                f"{a.name} is in {a.at}, which is not friendly to {a.side}",
            )
        )
    if a.total() == 0:
        out.append(
            Violation(
                "army.empty",
                "Movement 6",
                a.at,
                a.side,
                f"{a.name} has no strength points: armies cannot exist without any",
            )
        )
    elif a.total(with_air=False) == 0 and movement_over(cx, a.side):
        out.append(
            Violation(
                "army.air_only",
                "Tactical air abilities 9",
                a.at,
                a.side,
                f"{a.name} holds only tactical air at the end of movement",
            )
        )
    if cx.is_box(a.at) and a.total(with_air=False) > LIMIT and movement_over(cx, a.side):
        out.append(
            Violation(
                "stacking.over_ten",
                "Stacking 6",
                a.at,
                a.side,
                f"{a.name} has {a.total(with_air=False)} strength points; each army in an off-map box is limited to ten",
            )
        )
    return out


def plain_hex(cx, space, armies, fort_points) -> list[Violation]:
    st = cx.state
    out = []
    side = armies[0].side
    if len(armies) > 1:
        retreat = all(a.no_defensive_assault for a in armies) and len({a.side for a in armies}) == 1
        if not retreat:
            names = ", ".join(a.name for a in armies)
            out.append(
                Violation(
                    "stacking.two_armies",
                    "Stacking 1",
                    space,
                    side,
                    f"{len(armies)} armies in {space} ({names}); a hex holds one army",
                )
            )
        elif movement_over(cx, side) and st.side == side:
            out.append(
                Violation(
                    "stacking.retreat_unresolved",
                    "Stacking 4",
                    space,
                    side,
                    f"the armies forced to retreat together into {space} were not separated in {side}'s movement phase: points over ten are lost and the rest go to one army",
                )
            )
    n = sum(a.total(with_air=False) for a in armies) + fort_points
    if n > LIMIT and movement_over(cx, side) and not all(a.no_defensive_assault for a in armies):
        forts = sum(f.strength for f in st.forts if f.at == space)
        extra = f" (with {forts} fort points)" if forts else ""
        out.append(
            Violation(
                "stacking.over_ten",
                "Stacking 2-3",
                space,
                side,
                f"{n} strength points in {space}{extra}; at most ten at the end of movement (tactical air exempt)",
            )
        )
    return out


def plain_stacking(cx) -> list[Violation]:
    st = cx.state
    out: list[Violation] = []
    by_space: dict[str, list] = defaultdict(list)
    for a in st.armies:
        by_space[a.at].append(a)
        out += plain_army(cx, a)
    forts_at: dict[str, int] = defaultdict(int)
    for f in st.forts:
        forts_at[f.at] += f.strength
    for space, armies in sorted(by_space.items()):
        if cx.is_box(space):
            continue
        out += plain_hex(cx, space, armies, forts_at[space])
    return out + check_fleets(cx) + check_forts(cx) + check_home_forces(cx)


# ------------------------------------------------------------------ the consistency check
def test_the_consistency_check_is_the_plain_one_after_map_edits_and_area_changes():
    from mapref.rulesets.hitlers_war.files import load_scenario

    rng = random.Random(34)
    kept_overlaps = 0
    for name in SCENARIOS:
        m = load_map(TEST_MAP)  # (edited below: a map and scenario of their own)
        labels = [m.label(h) for h in m.hexes]
        sc = load_scenario(ROOT / "scenarios" / f"{name}.toml")
        st = _new(m, sc)
        board = board_for(m)
        for step in range(12):
            roll = rng.random()
            if roll < 0.25:  # a hex leaves the map (an army may stand there): a new map version
                h = m.grid.parse(rng.choice([a.at for a in st.armies if not a.at.startswith("box:")]))
                m.hexes.pop(h, None)
                m.touch()
            elif roll < 0.5:  # a side's start area takes another side's spaces, or gives them back
                side = rng.choice(list(sc.side_setups))
                setup = sc.side_setups[side]
                extra = tuple(rng.sample(labels, 3))
                friendly = replace(setup.friendly, hexes=setup.friendly.hexes + extra) if roll < 0.4 else Area()
                sc.side_setups[side] = replace(setup, friendly=friendly)
            elif roll < 0.75:  # pieces and hexes where the map has no space
                st.armies[rng.randrange(len(st.armies))].at = rng.choice(["Q99", "box:nowhere", "q13", " Q13", "Q13"])
                if st.fleets:
                    st.fleets[rng.randrange(len(st.fleets))].at = rng.choice(["ZZ1", "box:atlantic", "Q13"])
                st.hexes[rng.choice(["A0", "Q13", "box:siberia", "AB12"])] = st.hex("Q13")
            got = consistency.consistency_problems(m, sc, st)
            assert got == plain_consistency(m, sc, st), (name, step)
            kept = board.__dict__.get("_overlaps")
            assert consistency.consistency_problems(m, sc, st) == got
            kept_overlaps += board.__dict__.get("_overlaps") is kept
    assert kept_overlaps > 20  # (kept, not worked out again each time)


def _new(m, sc):
    from mapref.rulesets.hitlers_war.setup import new_game

    return new_game(m, sc, auto_place=True)


def test_the_space_ids_are_the_boards_after_every_edit():
    m = load_map(TEST_MAP)  # (edited below: a map of its own)
    board = board_for(m)
    some = [m.label(h) for h in list(m.hexes)[:40]] + ["box:siberia", "box:nowhere", "Q13", "q13", "ZZ9", 7, None]
    for _ in range(3):
        known = consistency._known(board)
        assert [known(s) for s in some] == [isinstance(s, str) and s in board for s in some]
        m.hexes.pop(m.grid.parse("Q13"), None)  # Q13 leaves the map, then a box goes
        m.boxes.pop("siberia", None)
        m.touch()
    assert not consistency._known(board)("Q13") and not consistency._known(board)("box:siberia")


# ------------------------------------------------------------------ the stacking check
@pytest.mark.parametrize("name", ["barbarossa", "fall_of_germany", "war_for_europe"])
def test_the_stacking_check_is_the_plain_one_on_bent_states(fresh, name):
    m, sc, st = fresh(name)
    rng = random.Random(name)
    board = board_for(m)
    sea = next(s for s in board.spaces() if (sp := board.space(s)) is not None and not sp.is_land)
    boxes = [s for s in board.spaces() if s.startswith("box:")]
    for step in range(40):
        a = rng.choice(st.armies)
        roll = rng.random()
        if roll < 0.15:
            a.at = rng.choice(["Q99", "box:nowhere", sea, *boxes, *(x.at for x in st.armies[:3])])
        elif roll < 0.3:
            a.at = rng.choice(st.armies).at  # two armies in a hex
            a.no_defensive_assault = rng.random() < 0.5
        elif roll < 0.45:
            a.points = {t: rng.choice([0, 0, 1, 6, 12]) for t in POINT_TYPES}
        elif roll < 0.55:
            a.points = {t: 0 for t in POINT_TYPES} | {"tactical_air": rng.choice([0, 3])}
        elif roll < 0.65:
            a.side, a.nation = rng.choice(list(sc.sides)), rng.choice(list(board.countries))
        elif roll < 0.75:
            st.side = rng.choice(list(sc.sides))
            st.phase = rng.choice(["movement", "combat", "setup", "production"])
        elif roll < 0.8:
            st.armies.append(
                Army(f"extra{step}", rng.choice(list(sc.sides)), "ge", rng.choice(boxes), {"infantry": 11})
            )
        got = check_stacking(Context(m, sc, st))
        assert got == plain_stacking(Context(m, sc, st)), step


# ------------------------------------------------------------------ the routes read from a trace's record
def walk(parent: dict, space: str) -> list[str]:
    if space not in parent:
        return []
    out = [space]
    step = parent[space]
    while step is not None:
        out.append(step)
        step = parent[step]
    return out


def test_routes_read_from_a_traces_record_follow_every_change_to_it(fresh):
    m, sc, st = fresh("barbarossa")
    cx = Context(m, sc, st)
    t = cx.trace("axis").copy()
    parent = t.parent
    assert isinstance(parent, core_supply.Parents)
    spaces = sorted(parent)
    rng = random.Random(7)
    probe = rng.sample(spaces, 60)
    sources = [s for s in spaces if parent[s] is None]
    inner = [s for s in spaces if parent[s] is not None]

    def same():
        for s in probe + ["Q99"]:
            assert t.path(s) == walk(parent, s), s
        assert t.path(probe[0]) is not t.path(probe[0])  # a list of the caller's own

    same()
    a, b, c, d = rng.sample(inner, 4)
    changes = [
        lambda: parent.__setitem__(a, sources[0]),  # a route re-attached at a source
        lambda: parent.__delitem__(b),
        lambda: parent.update({c: None}),  # a new source
        lambda: parent.update([(d, sources[-1])]),
        lambda: parent.setdefault("Q99", None),
        lambda: parent.pop(c),
        lambda: parent.__ior__({c: sources[0]}),
        lambda: parent.popitem(),
        lambda: parent.clear(),
    ]
    for change in changes:
        probe = [s for s in probe if s in parent] + [c, d]
        try:
            [walk(parent, s) for s in probe]
        except KeyError:  # a route through a space taken out: the plain walk fails too
            probe = [s for s in probe if _walks(parent, s)]
        same()
        change()
        probe = [s for s in probe if _walks(parent, s)]
        same()
    copied = t.copy()  # a copy's record is a record of its own
    copied.parent["Q13"] = None
    assert t.path("Q13") == walk(t.parent, "Q13")


def _walks(parent, s) -> bool:
    try:
        walk(parent, s)
    except KeyError:
        return False
    return True


def test_the_window_reads_the_same_routes_once_a_record_is_made(fresh):
    """Reading ``parent`` (the window does, for an unsupplied army's counter) makes the trace's
    record: its routes are the breadth-first ones read before."""
    m, sc, st = fresh("war_for_europe")
    cx = Context(m, sc, st)
    for side in sc.sides:
        t = cx.trace(side)
        before = {a.at: t.path(a.at) for a in st.armies}
        assert t.parent is not None  # (read: the record made)
        assert {a.at: t.path(a.at) for a in st.armies} == before


# ------------------------------------------------------------------ the reader's usual values
def test_bad_army_and_hex_values_are_said_as_before(fresh):
    m, sc, st = fresh("barbarossa")
    data = RULESET.state_data(st)
    name = next(iter(data["armies"]))
    army = data["armies"][name]
    army.update(infantry=-1, mechanized=1000, amphibious=True, tactical_air="3", at=13, leader=["x"], advanced=100)
    data.setdefault("hexes", {})["Q13"] = {"devastated": 100, "permanent": "1"}
    with pytest.raises(FileProblems) as e:
        RULESET.read_state(data, "", "<game>")
    got = [f"{p.key}: {p.message}" for p in e.value.problems]
    w = f"armies.{name}"
    assert got == [
        f"{w}.at: expected a string, got 13",
        f"{w}.infantry: expected an integer 0-999, got -1",
        f"{w}.mechanized: expected an integer 0-999, got 1000",
        f"{w}.amphibious: expected an integer 0-999, got true",
        f'{w}.tactical_air: expected an integer 0-999, got "3"',
        f"{w}.leader: expected a string, got an array",
        f"{w}.advanced: expected an integer 0-99, got 100",
        "hexes.Q13.devastated: expected an integer 0-99, got 100",
        'hexes.Q13.permanent: expected an integer 0-99, got "1"',
    ]


def test_bad_keys_sides_controls_and_flags_are_said_as_before(fresh):
    m, sc, st = fresh("barbarossa")
    data = RULESET.state_data(st)
    names = list(data["armies"])[:3]
    data["armies"][names[0]].update(side="red", no_defensive_assault=1, colour="x")
    del data["armies"][names[1]]["side"]
    data["armies"][names[2]].update(side=3, nation=None)
    data.setdefault("hexes", {})["Q13"] = {"control": "red", "occupied": "yes", "shade": 1}
    data["hexes"]["Q14"] = {"control": ""}
    data["hexes"]["Q15"] = {"control": 1, "occupied": 0}
    with pytest.raises(FileProblems) as e:
        RULESET.read_state(data, "", "<game>")
    got = [f"{p.key}: {p.message}" for p in e.value.problems]
    a, b, c = (f"armies.{n}" for n in names)
    sides = '"axis", "soviet", "allies"'
    assert got == [  # (what the reader said before its usual values were read apart)
        f"{a}.colour: unknown key (allowed: side, nation, at, leader, pool, no_defensive_assault, advanced, "
        "infantry, mechanized, amphibious, tactical_air, para)",
        f'{a}.side: expected one of {sides}, got "red"',
        f"{a}.no_defensive_assault: expected true or false, got 1",
        f'{b}: missing required key "side"',
        f'{b}: missing required key "side"',
        f"{c}.side: expected a string, got 3",
        f"{c}.nation: expected a string, got nothing",
        "hexes.Q13.shade: unknown key (allowed: control, occupied, devastated, permanent)",
        f'hexes.Q13.control: expected one of {sides}, "none", got "red"',
        'hexes.Q13.occupied: expected true or false, got "yes"',
        f'hexes.Q14.control: expected one of {sides}, "none", got ""',
        "hexes.Q15.control: expected a string, got 1",
        "hexes.Q15.occupied: expected true or false, got 0",
    ]


def test_the_hexes_are_written_in_label_order_whatever_changes(fresh):
    """state_data keeps the last sorted order of the hexes with their keys: a hex taken, one
    given back, two states in turn, the same keys in another order."""
    from mapref.core.board import space_order

    _, _, st = fresh("war_for_europe")
    _, _, other = fresh("barbarossa")
    rng = random.Random(3)
    labels = ["A1", "B2", "Q13", "Q9", "AA3", "box:siberia", "R10", "C7"]
    for _ in range(30):
        s = rng.choice([st, other])
        roll = rng.random()
        if roll < 0.4:
            s.hexes[rng.choice(labels)] = HexState(control=rng.choice(["axis", "allies"]))
        elif roll < 0.6 and s.hexes:
            s.hexes.pop(rng.choice(list(s.hexes)))
        elif roll < 0.8:
            items = list(s.hexes.items())
            rng.shuffle(items)
            s.hexes = dict(items)
        data = RULESET.state_data(s)
        plain = [x for x in sorted(s.hexes, key=space_order) if not s.hexes[x].is_default()]
        assert list(data["hexes"]) == plain
        assert data["hexes"] == {x: RULESET.state_data(s)["hexes"][x] for x in plain}


# ------------------------------------------------------------------ the end of step's look-ahead
def _hexes_now(st) -> dict:
    return {s: (id(h), h.control, h.occupied, h.devastated, h.permanent) for s, h in st.hexes.items()}


@pytest.mark.parametrize("name", ["barbarossa", "fall_of_germany", "war_for_europe"])
def test_the_look_ahead_shares_the_hexes_and_never_changes_them(name):
    """The end of a step is worked out on a copy sharing the state's HexStates (state.look_ahead):
    asking it (the window's preview), at every step of a game played on, changes none of them,
    and what it finds is then done on the game itself."""
    from tests.rules.hwplay import game
    from tests.rules.test_drop_caches import gesture

    rng = random.Random(name)
    s = game(name)
    shared = 0
    for _ in range(45):
        st = s.state
        look = st.look_ahead()
        shared += sum(look.hexes[x] is h for x, h in st.hexes.items())
        assert RULESET.state_data(look) == RULESET.state_data(st) and look.hexes is not st.hexes
        before, hexes = s.state_data(), _hexes_now(st)
        out = s.check(Action("advance", {}))
        assert s.state_data() == before and _hexes_now(st) == hexes
        if out.ok and rng.random() < 0.5:
            s.apply(s.ruleset.end_step(s.game))
        else:
            gesture(s, rng)
    assert shared > 10  # (shared, not copied)


def test_set_hex_puts_a_new_hex_state_in_place():
    from mapref.rulesets.hitlers_war.commands import SetHex
    from mapref.rulesets.hitlers_war.state import GameState, Turn

    st = GameState("s", "m", Turn(1941, "summer"), "axis")
    st.hexes["Q13"] = HexState(control="axis", devastated=3, permanent=2)
    old = st.hexes["Q13"]
    look = st.look_ahead()
    SetHex(space="Q13", control="soviet", devastated=1).do(look)
    SetHex(space="Q14", occupied=True).do(look)
    assert old == HexState(control="axis", devastated=3, permanent=2) and st.hexes == {"Q13": old}
    assert look.hexes == {"Q13": HexState("soviet", False, 1, 1), "Q14": HexState(occupied=True)}
    SetHex(space="Q13", occupied=True).do(st)
    assert st.hexes["Q13"] == HexState("axis", True, 3, 2) and st.hexes["Q13"] is not old


def test_isolation_worked_out_ahead_leaves_the_hexes_as_they_were(fresh):
    """Determine supply 6-8 at the end of the combat phase: the look-ahead gives a cut-off hex to
    the other side (SetHex on a hex the state holds a HexState for); the state's own HexState is
    as it was until the end of the step is done."""
    from mapref.rulesets.hitlers_war.commands import SetHex, apply
    from mapref.rulesets.hitlers_war.sequence import advance
    from mapref.rulesets.hitlers_war.state import Turn

    m, sc, st = fresh("barbarossa")
    st.turn = Turn(1941, "winter")  # past Finland's initial turn (R36)
    for h in ("T13", "T14", "U13"):
        st.hexes[h] = HexState(control="soviet")
    st.hexes["U14"] = HexState(devastated=1)
    st.armies.append(Army("Finns", "axis", "fi", "U14", {"infantry": 2}))
    while not (st.phase == "combat" and st.subphase == "exploitation"):
        r = advance(m, sc, st)
        apply(st, r.commands)
    u14, hexes = st.hexes["U14"], _hexes_now(st)
    r = advance(m, sc, st)
    assert any(isinstance(c, SetHex) and c.space == "U14" for c in r.commands)
    assert _hexes_now(st) == hexes and u14 == HexState(devastated=1)
    apply(st, r.commands)
    assert st.hex("U14").control == "soviet" and st.hex("U14").devastated == 1 and u14.control is None


@pytest.mark.parametrize("enabled", [True, False])
def test_the_referee_leaves_the_cycle_collector_as_it_found_it(fresh, enabled):
    """The referee pauses the cycle collector while it makes the report (issue 34): after it the
    collector is on or off as it was, and the report is the one made with the collector running."""
    import gc

    from mapref.rulesets.hitlers_war.referee import _referee, referee

    m, sc, st = fresh("barbarossa")
    was = gc.isenabled()
    try:
        gc.enable()
        plain = _referee(m, sc, st, None).as_dict()
        if not enabled:
            gc.disable()
        assert referee(m, sc, st).as_dict() == plain
        assert gc.isenabled() is enabled
    finally:
        (gc.enable if was else gc.disable)()
