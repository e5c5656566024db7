"""Starting a game from a scenario's set-up, placing its free pools, and checking a set-up.

Rulebook: Prepare for Play 3-7; the Set Up sections of each scenario.
"""

from __future__ import annotations

from mapref.core.model import MapModel
from mapref.rulesets.hitlers_war.common import Context, Violation, port_spaces
from mapref.rulesets.hitlers_war.movement import fleet_port_problem
from mapref.rulesets.hitlers_war.scenario import Scenario, resolve_area, resolved_area
from mapref.rulesets.hitlers_war.state import (
    POINT_TYPES,
    Army,
    Fleet,
    Fort,
    GameState,
    HexState,
    Nation,
    Pool,
    SideRecord,
)

STACK = 10  # Stacking 2


def new_game(
    m: MapModel, sc: Scenario, *, scenario_ref: str = "", map_ref: str = "", auto_place: bool = False
) -> GameState:
    """The state at the start of the scenario's first turn, in the set-up phase."""
    st = GameState(
        scenario=scenario_ref or sc.id, map=map_ref or sc.map, turn=sc.first_turn, side=sc.move_order[0], phase="setup"
    )
    # nations: as listed, else the side whose start area holds the country, else other_nations
    cx = Context(m, sc, st)
    for code in m.countries:
        side, status = sc.nations[code] if code in sc.nations else _start_side(cx, code)
        # Nations inclined toward the Axis 4: Finland's army is supplied on its initial turn; a
        # Finland on a side at the start joins it on the first turn (rulings R36)
        joined = sc.first_turn if code == "fi" and side and status == "at_war" else None
        st.nations[code] = Nation(side, status, joined)
    for s in sc.sides:
        setup = sc.setup(s)
        rec = SideRecord(morale=setup.morale)
        for k, v in sc.records.get(s, {}).items():
            setattr(rec, k, list(v) if isinstance(v, list) else v)
        st.sides[s] = rec
    for a in sc.armies:
        st.armies.append(Army(a.name, a.side, a.nation, a.at, dict(a.points), a.leader))
    for f in sc.forts:
        st.forts.append(Fort(f.side, f.number, f.at, f.strength))
    for d in sc.devastation:
        _devastate(cx, st, d)
    for p in sc.pools:
        st.pools.append(Pool(p.id, p.side, dict(p.points), list(p.leaders)))
    _place_fleets(Context(m, sc, st))
    for rec in st.sides.values():
        rec.production = None
    if auto_place:
        place_pools(m, sc, st)
    return st


def _start_side(cx: Context, code: str):
    """(side, status) of a nation the scenario does not list: a country split between sides at the
    start (Fall of Germany: the Soviet Union, with the Axis-held hexes listed; Italy; France) fights
    on the side holding most of it (rulings R38); a country no side holds gets the scenario's
    other_nations status."""
    sc = cx.scenario
    held: dict[str, int] = {}
    spaces = cx.board.spaces_of_country(code)
    land = [x for x in spaces if not cx.is_box(x)] or spaces  # a nation of boxes only: the USA, Canada...
    for space in land:
        owner = cx.start.get(space)
        if owner:
            held[owner] = held.get(owner, 0) + 1
    if held:
        return max(sc.sides, key=lambda x: (held.get(x, 0), -sc.sides.index(x))), "at_war"
    return None, sc.other_nations


def _place_fleets(cx: Context) -> None:
    """Fleet strength points 2: each fleet in a friendly port of its side in its nation's area; its
    own nation's ports first (rulings R18)."""
    st = cx.state
    printed = port_spaces(cx.board)  # (a space without a port is never one: not each space of the area asked)
    for f in cx.scenario.fleets:
        area = resolved_area(cx.map, f.ports)
        ports = sorted(
            (s for s in printed if s in area and not fleet_port_problem(cx, f.side, f.nation, s, setup=True)),
            key=lambda s: (cx.country(s) != f.nation, s),
        )
        used = {x.at for x in st.fleets}
        free = [p for p in ports if p not in used and cx.port(p) >= f.capital] or ports or [""]
        st.fleets.append(Fleet(f.name, f.side, f.nation, free[0], f.in_port, f.capital))


def _devastate(cx: Context, st: GameState, d) -> None:
    spaces = sorted(resolve_area(cx.map, d.area, cx.scenario.absent_boxes), key=lambda s: (-cx.production(s), s))
    left = d.points
    for s in spaces:
        p = cx.production(s)
        if not p:
            continue
        n = p if left is None else min(p, left)
        if n <= 0:
            break
        hs = st.hexes.setdefault(s, HexState())
        hs.devastated += n
        if d.permanent:
            hs.permanent += n
        if left is not None:
            left -= n


def place_pools(m: MapModel, sc: Scenario, st: GameState) -> None:
    """Place every free pool legally: armies of at most ten points (tactical air over the limit,
    Tactical air 2; never air alone, Tactical air 9) in empty friendly spaces of the pool's area,
    supplied ones with production first; fort points in a hex count (Fortifications 1)."""
    cx = Context(m, sc, st)
    specs = {p.id: p for p in sc.pools}
    for pool in st.pools:
        spec = specs.get(pool.id)
        if spec is None or pool.empty():
            continue
        made = _fill_spaces(cx, pool, spec)
        if made and pool.points["tactical_air"]:
            made[0].points["tactical_air"] += pool.points["tactical_air"]
            pool.points["tactical_air"] = 0
        for i, leader in enumerate(list(pool.leaders)):
            if made:
                made[i % len(made)].leader = leader
                pool.leaders.remove(leader)
    st.pools = [p for p in st.pools if not p.empty()]


def _fill_spaces(cx: Context, pool, spec) -> list[Army]:
    """The pool's ground points placed as armies of at most ten in its area's spaces, best first
    (supplied, with production, fewest fort points); the armies made."""
    st, sc = cx.state, cx.scenario
    area = resolve_area(cx.map, spec.area, sc.absent_boxes)
    supplied = cx.supplied(pool.side)
    occupied = {a.at for a in st.armies}
    fort_pts: dict[str, int] = {}
    for f in st.forts:
        fort_pts[f.at] = fort_pts.get(f.at, 0) + f.strength
    spaces = sorted(
        (s for s in area if _may_place(cx, s, pool.side, spec.nation) and (cx.is_box(s) or s not in occupied)),
        key=lambda s: (s not in supplied, -cx.undevastated(s), fort_pts.get(s, 0), s),
    )
    n = sum(1 for a in st.armies if a.pool == pool.id)
    ground = [t for t in POINT_TYPES if t != "tactical_air"]
    made: list[Army] = []
    for s in spaces:
        if not any(pool.points[t] for t in ground):
            break
        room = STACK - (0 if cx.is_box(s) else fort_pts.get(s, 0))
        while room > 0 and any(pool.points[t] for t in ground):
            n += 1
            a = Army(f"{spec.army_name} {n}", pool.side, spec.nation, s, {t: 0 for t in POINT_TYPES}, pool=pool.id)
            left = room
            for t in ground:
                k = min(left, pool.points[t])
                a.points[t] += k
                pool.points[t] -= k
                left -= k
            st.armies.append(a)
            made.append(a)
            if not cx.is_box(s):
                break
            room = STACK
    return made


def _may_place(cx: Context, space: str, side: str, nation: str) -> bool:
    """Set-up pools go to friendly spaces, or to the home of an unaligned nation's own army
    (the U.S. Home Army in the U.S. while it is unaligned: rulings R14)."""
    return cx.friendly(space, side) or cx.country(space) == nation


# ------------------------------------------------------------------------------- checks
def check_setup(cx: Context) -> list[Violation]:
    """The state matches the scenario's set-up (checked while the game is in its set-up phase)."""
    rule = cx.scenario.rule or "Scenario set-up"
    fixed = {f.name for f in cx.scenario.armies}
    return (
        _check_armies(cx, rule)
        + _check_placed(cx, rule, fixed)
        + _check_pools(cx, rule, fixed)
        + _check_forts(cx, rule)
        + _check_devastation(cx, rule)
        + _check_fleets(cx, rule)
        + _check_records(cx, rule)
    )


def _check_armies(cx: Context, rule: str) -> list[Violation]:
    """The set-up's armies in play: where, how strong, with their leaders."""
    sc, st = cx.scenario, cx.state
    out: list[Violation] = []
    by_name = {a.name: a for a in st.armies}
    for f in sc.armies:
        a = by_name.get(f.name)
        if a is None:
            out.append(
                Violation(
                    "setup.army_missing",
                    f"{rule}: armies in play",
                    f.at,
                    f.side,
                    f"{f.name} is missing: the set-up places it in {f.at}",
                )
            )
            continue
        if a.at != f.at:
            out.append(
                Violation(
                    "setup.army_misplaced",
                    f"{rule}: armies in play",
                    a.at,
                    f.side,
                    f"{f.name} is in {a.at}; the set-up places it in {f.at}",
                )
            )
        if any(a.points.get(t, 0) != f.points.get(t, 0) for t in POINT_TYPES):
            out.append(
                Violation(
                    "setup.army_strength",
                    f"{rule}: armies in play",
                    a.at,
                    f.side,
                    f"{f.name} has {_pts(a.points)}; the set-up gives {_pts(f.points)}",
                )
            )
        if f.leader and a.leader != f.leader:
            out.append(
                Violation(
                    "setup.leader", f"{rule}: armies in play", a.at, f.side, f"{f.name} should have leader {f.leader}"
                )
            )
    return out


def _check_placed(cx: Context, rule: str, fixed: set[str]) -> list[Violation]:
    """The other armies: each placed from a pool, inside the pool's area."""
    sc, st = cx.scenario, cx.state
    out: list[Violation] = []
    specs = {p.id: p for p in sc.pools}
    for a in st.armies:
        if a.name in fixed:
            continue
        spec = specs.get(a.pool)
        if spec is None:
            out.append(
                Violation(
                    "setup.army_extra",
                    f"{rule}: forces in play",
                    a.at,
                    a.side,
                    f"{a.name} is neither listed in the set-up nor placed from one of its pools",
                )
            )
            continue
        area = resolve_area(cx.map, spec.area, sc.absent_boxes)
        if a.at not in area or not _may_place(cx, a.at, spec.side, spec.nation):
            out.append(
                Violation(
                    "setup.pool_area",
                    spec.rule or f"{rule}: forces in play",
                    a.at,
                    a.side,
                    f"{a.name} is in {a.at}, outside the area its pool {spec.id} may be placed in",
                )
            )
    return out


def _check_pools(cx: Context, rule: str, fixed: set[str]) -> list[Violation]:
    """Each pool all placed, its points and leaders accounted for."""
    sc, st = cx.scenario, cx.state
    out: list[Violation] = []
    for spec in sc.pools:
        left = next((p for p in st.pools if p.id == spec.id), None)
        placed = {
            t: sum(a.points.get(t, 0) for a in st.armies if a.pool == spec.id and a.name not in fixed)
            for t in POINT_TYPES
        }
        remaining = left.points if left else {t: 0 for t in POINT_TYPES}
        if left is not None and any(remaining.values()):
            out.append(
                Violation(
                    "setup.pool_unplaced",
                    spec.rule or f"{rule}: forces in play",
                    "",
                    spec.side,
                    f"pool {spec.id} still has {_pts(remaining)} to place",
                )
            )
        for t in POINT_TYPES:
            if placed[t] + remaining.get(t, 0) != spec.points.get(t, 0):
                out.append(
                    Violation(
                        "setup.pool_strength",
                        spec.rule or f"{rule}: forces in play",
                        "",
                        spec.side,
                        f"pool {spec.id}: {placed[t]} {t} placed and {remaining.get(t, 0)} to place; the set-up gives {spec.points.get(t, 0)}",
                    )
                )
        leaders_left = left.leaders if left else []
        for ld in spec.leaders:
            holder = next((a for a in st.armies if a.leader == ld), None)
            if ld in leaders_left:
                out.append(
                    Violation(
                        "setup.pool_unplaced", spec.rule or rule, "", spec.side, f"leader {ld} is still to be placed"
                    )
                )
            elif holder is None or holder.pool != spec.id:
                out.append(
                    Violation(
                        "setup.leader",
                        spec.rule or rule,
                        holder.at if holder else "",
                        spec.side,
                        f"leader {ld} must be in an army of pool {spec.id}",
                    )
                )
    return out


def _check_forts(cx: Context, rule: str) -> list[Violation]:
    sc, st = cx.scenario, cx.state
    out: list[Violation] = []
    # forts (Fall of Germany and War for Europe set-ups)
    want = {(f.side, f.number): f for f in sc.forts}
    have = {(f.side, f.number): f for f in st.forts}
    for k, f in want.items():
        g = have.get(k)
        if g is None or g.at != f.at or g.strength != f.strength or g.building:
            got = f"{g.strength} points in {g.at}" if g else "missing"
            out.append(
                Violation(
                    "setup.fort",
                    f"{rule}: forts",
                    f.at,
                    f.side,
                    f"fort No. {f.number} should have {f.strength} points in {f.at}; it is {got}",
                )
            )
    for k, g in have.items():
        if k not in want:
            out.append(
                Violation("setup.fort", f"{rule}: forts", g.at, g.side, f"fort No. {g.number} is not in the set-up")
            )
    return out


def _check_fleets(cx: Context, rule: str) -> list[Violation]:
    sc, st = cx.scenario, cx.state
    out: list[Violation] = []
    # fleets and record sheets: the set-up's ship points per nation, in as many fleets as the
    # player placed them (Fleet strength points 5; Movement of naval 18; rulings R64)

    specs: dict[tuple[str, str], list] = {}
    for spec in sc.fleets:
        specs.setdefault((spec.side, spec.nation), []).append(spec)
    have_ships: dict[tuple[str, str], int] = {}
    for f in st.fleets:
        group = specs.get((f.side, f.nation))
        if group is None:
            out.append(
                Violation("setup.fleet", f"{rule}: naval forces", f.at, f.side, f"{f.name} is not in the set-up")
            )
            continue
        have_ships[(f.side, f.nation)] = have_ships.get((f.side, f.nation), 0) + f.capital
        if f.in_port != group[0].in_port:
            out.append(
                Violation(
                    "setup.fleet",
                    f"{rule}: naval forces",
                    f.at,
                    f.side,
                    f"{f.name} should be {'in port' if group[0].in_port else 'at sea'}",
                )
            )
        area = set().union(*(resolve_area(cx.map, g.ports) for g in group))
        why = (
            "not in the area of its set-up"
            if f.at not in area
            else fleet_port_problem(cx, f.side, f.nation, f.at, setup=True)
        )
        if why:
            out.append(
                Violation(
                    "setup.fleet",
                    "Sea movement: Fleet strength points 2",
                    f.at,
                    f.side,
                    f"{f.name} is not in a port it may be placed in: {why}",
                )
            )
    for (side, nation), group in specs.items():
        want, got = sum(g.capital for g in group), have_ships.get((side, nation), 0)
        if got != want:
            names = " and ".join(g.name for g in group)
            out.append(
                Violation(
                    "setup.fleet",
                    f"{rule}: naval forces",
                    "",
                    side,
                    f"{names}: the set-up gives {want} capital ship points to the {nation} fleets; they hold {got}"
                    if got
                    else f"{names} ({want} capital ship points) is missing",
                )
            )
    return out


def _check_records(cx: Context, rule: str) -> list[Violation]:
    sc, st = cx.scenario, cx.state
    out: list[Violation] = []
    for side, rec in sc.records.items():
        have_rec = st.sides.get(side)
        for k, v in rec.items():
            got = getattr(have_rec, k, None) if have_rec else None
            if got != v:
                out.append(Violation("setup.record", f"{rule}", "", side, f"{k} should be {v} at the start, is {got}"))
    return out


def _check_devastation(cx: Context, rule: str) -> list[Violation]:
    sc, st = cx.scenario, cx.state
    out = []
    covered: set[str] = set()
    for d in sc.devastation:
        area = resolve_area(cx.map, d.area, sc.absent_boxes)
        covered |= area
        r = d.rule or f"{rule}: devastation"
        if d.points is None:
            for s in sorted(area):
                p = cx.production(s)
                hs = st.hex(s)
                if p and (hs.devastated != p or hs.permanent != (p if d.permanent else 0)):
                    kind = "permanently " if d.permanent else ""
                    out.append(
                        Violation(
                            "setup.devastation",
                            r,
                            s,
                            "",
                            f"{s} should have all {p} production points {kind}devastated; it has {hs.devastated} ({hs.permanent} permanent)",
                        )
                    )
        else:
            dev = sum(st.hex(s).devastated for s in area)
            perm = sum(st.hex(s).permanent for s in area)
            if dev != d.points or perm != (d.points if d.permanent else 0):
                where = ", ".join(sorted(area)) if len(area) <= 3 else ""
                out.append(
                    Violation(
                        "setup.devastation",
                        r,
                        where,
                        d.chosen_by,
                        f"{d.id}: {d.points} points in {where or 'the area'} should be {'permanently ' if d.permanent else ''}devastated; {dev} are ({perm} permanent)",
                    )
                )
    for s, hs in sorted(st.hexes.items()):
        if hs.devastated and s not in covered:
            out.append(
                Violation(
                    "setup.devastation",
                    f"{rule}: devastation",
                    s,
                    "",
                    f"{s} has {hs.devastated} devastated points the set-up does not give",
                )
            )
    return out


def _pts(points: dict[str, int]) -> str:
    parts = [f"{v} {t.replace('_', ' ')}" for t, v in points.items() if v]
    return ", ".join(parts) or "no strength"
