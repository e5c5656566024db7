"""Placing a set-up pool by hand: the ``place`` action (the referee's window drags a pool onto the
map; ``mapref place`` does the same from the command line).

Rulebook, Prepare for Play 3: "Each player places their armies and markers on the map board as
instructed by the Scenario Set-up"; the scenarios' set-ups give forces to "Place in any Axis
Friendly Territories" (Fall of Germany) or "in any German territories" (War for Europe): the
pool's ``area``, its friendly spaces (or the home of an unaligned nation's own army: rulings
R14), as :func:`mapref.rulesets.hitlers_war.setup.place_pools` places them automatically.

- only in the set-up phase (Prepare for Play 3, 8: play begins after the set-up);
- in a hex, the points join the side's army there, or form a new army named after the pool
  ("Axis Army 3"): a hex holds one army (Stacking 1) of at most ten points with the fort points
  there, tactical air not counted (Stacking 2; Tactical air abilities 2; Fortifications 1);
- in an off-map box each placement is a new army of at most ten points (Stacking 6);
- never into a space an enemy army holds (Movement 2: armies stand in friendly spaces);
- a pool's leader goes with the points placed (``leader``), into an army of that pool (Leaders).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from mapref.core.model import MapModel

from mapref.rulesets.hitlers_war.commands import Change
from mapref.rulesets.hitlers_war.scenario import Scenario, resolve_area
from mapref.rulesets.hitlers_war.setup import _may_place, place_pools
from mapref.rulesets.hitlers_war.stacking import LIMIT, hex_points
from mapref.rulesets.hitlers_war.state import POINT_TYPES, Army, GameState

RULE = "Prepare for Play 3"


@dataclass
class PlacePoints(Change):
    """Points leave a pool for an army in ``space`` (``join``: an army already there)."""

    pool: str = ""
    space: str = ""
    points: dict = field(default_factory=dict)
    join: str = ""
    new_name: str = ""
    side: str = ""
    nation: str = ""
    leader: str = ""

    def do(self, st: GameState) -> None:
        pool = next(p for p in st.pools if p.id == self.pool)
        for t, n in self.points.items():
            pool.points[t] = pool.points.get(t, 0) - n
        a = st.army(self.join) if self.join else None
        if a is None:
            a = Army(self.new_name, self.side, self.nation, self.space, {t: 0 for t in POINT_TYPES}, pool=self.pool)
            st.armies.append(a)
        for t, n in self.points.items():
            a.points[t] = a.points.get(t, 0) + n
        if self.leader:
            pool.leaders.remove(self.leader)
            a.leader = self.leader
        st.pools = [p for p in st.pools if not p.empty()]


@dataclass
class PlaceAll(Change):
    """Every pool left placed automatically (:func:`mapref.rulesets.hitlers_war.setup.place_pools`)."""

    map: object = None
    scenario: object = None

    def do(self, st: GameState) -> None:
        if not isinstance(self.map, MapModel) or not isinstance(self.scenario, Scenario):
            raise TypeError("placing the pools needs the game's hex map and its scenario")
        place_pools(self.map, self.scenario, st)


@dataclass
class Placement:
    ok: bool
    reason: str = ""
    rule: str = ""
    command: PlacePoints | None = None
    message: str = ""
    label: str = ""


def _no(reason: str, rule: str = RULE) -> Placement:
    return Placement(False, reason, rule)


def check_place(
    cx, pool_id: str, space: str, points: dict[str, int], leader: str = "", *, force: bool = False
) -> Placement:
    """May ``points`` of pool ``pool_id`` (and its ``leader``) be placed in ``space``?  With
    ``force``, only what makes it impossible (no such pool or points) refuses it."""
    st, sc = cx.state, cx.scenario
    pool = next((p for p in st.pools if p.id == pool_id), None)
    spec = next((p for p in sc.pools if p.id == pool_id), None)
    if pool is None or spec is None:
        have = ", ".join(p.id for p in st.pools) or "none are left"
        return _no(f"no set-up pool {pool_id!r} to place (pools: {have})")
    pts = {t: int(v) for t, v in (points or {}).items() if int(v or 0)}
    bad = _points_problem(pool, spec, pts, leader)
    if bad is not None:
        return bad
    here = [a for a in st.armies if a.at == space]
    join = None if cx.is_box(space) else next((a for a in here if a.side == pool.side), None)
    if not force:
        bad = _space_problem(cx, pool, spec, space, pts, here, join)
        if bad is not None:
            return bad
    if join is None and not pts:
        return _no(f"leader {leader} goes to an army: place points with it, or drop it on an army of the pool")
    return _placed(cx, pool, spec, space, pts, leader, join)


def _placed(cx, pool, spec, space: str, pts: dict[str, int], leader: str, join) -> Placement:
    """The placement: into ``join``, or as a new army of the pool named after it."""
    st, pool_id = cx.state, pool.id
    n = sum(1 for a in st.armies if a.pool == pool_id)
    names = {a.name for a in st.armies}
    while True:
        n += 1
        new_name = f"{spec.army_name or pool_id} {n}"
        if new_name not in names:
            break
    what = ", ".join(f"{v} {t.replace('_', ' ')}" for t, v in pts.items()) or "no points"
    who = join.name if join is not None else new_name
    msg = f"{what}{' and ' + leader if leader else ''} from pool {pool_id} placed in {space}: {who}"
    cmd = PlacePoints(
        text=msg,
        pool=pool_id,
        space=space,
        points=pts,
        join=join.name if join is not None else "",
        new_name=new_name,
        side=pool.side,
        nation=spec.nation,
        leader=leader,
    )
    label = f"place {what}{' and ' + leader if leader else ''} of pool {pool_id} in {space}"
    return Placement(True, rule=spec.rule or RULE, command=cmd, message=msg, label=label)


def _points_problem(pool, spec, pts: dict[str, int], leader: str) -> Placement | None:
    """Points (and a leader) the pool does not have left."""
    bad = [t for t in pts if t not in POINT_TYPES]
    if bad:
        return _no(f"{', '.join(bad)}: not a kind of strength point ({', '.join(POINT_TYPES)})")
    if any(v < 0 for v in pts.values()):
        return _no("a negative number of points cannot be placed")
    if not pts and not leader:
        return _no("nothing to place: give the points of each kind")
    for t, v in pts.items():
        if v > pool.points.get(t, 0):
            return _no(
                f"pool {pool.id} has {pool.points.get(t, 0)} {t.replace('_', ' ')} left, not {v}", spec.rule or RULE
            )
    if leader and leader not in pool.leaders:
        return _no(f"{leader} is not a leader still to place from pool {pool.id}", spec.rule or RULE)
    return None


def _space_problem(cx, pool, spec, space: str, pts: dict[str, int], here: list, join) -> Placement | None:
    """Why the points may not go to ``space`` by the rules: not the set-up, outside the pool's area,
    an enemy army there, over the stacking limit, tactical air alone (Prepare for Play 3, 8;
    Movement 2; Stacking 2, 6; Fortifications 1; Tactical air abilities 9)."""
    st = cx.state
    if st.phase != "setup":
        return _no(
            f"it is the {st.side} {st.phase} phase: set-up forces are placed before play begins",
            "Prepare for Play 3, 8",
        )
    area = resolve_area(cx.map, spec.area, cx.scenario.absent_boxes)
    if space not in area or not _may_place(cx, space, pool.side, spec.nation):
        return _no(f"{space} is outside the area where pool {pool.id} may be placed", spec.rule or RULE)
    if any(a.side != pool.side for a in here):
        return _no(f"{space} holds an enemy army", "Movement 2")
    ground = sum(v for t, v in pts.items() if t != "tactical_air")
    if cx.is_box(space):
        if ground > LIMIT:
            return _no(f"an army in an off-map box holds at most ten strength points, not {ground}", "Stacking 6")
    elif hex_points(cx, space, ground) > LIMIT:
        return _no(
            f"{space} would hold {hex_points(cx, space, ground)} strength points (fort points count); at most ten",
            "Stacking 2; Fortifications 1",
        )
    if join is None and ground == 0:
        return _no(
            "tactical air alone cannot form an army: place it with ground points or into an army",
            "Tactical air abilities 9",
        )
    return None


def placeable(cx, pool_id: str) -> set[str]:
    """The spaces pool ``pool_id`` may be placed in now (some points fit there)."""
    st, sc = cx.state, cx.scenario
    pool = next((p for p in st.pools if p.id == pool_id), None)
    spec = next((p for p in sc.pools if p.id == pool_id), None)
    if pool is None or spec is None or st.phase != "setup":
        return set()
    out = set()
    for s in resolve_area(cx.map, spec.area, sc.absent_boxes):
        if not _may_place(cx, s, pool.side, spec.nation):
            continue
        if any(a.at == s and a.side != pool.side for a in st.armies):
            continue
        if cx.is_box(s) or hex_points(cx, s) < LIMIT:
            out.add(s)
    return out


def room(cx, space: str) -> int:
    """Ground points a placement in ``space`` may still add (ten a hex; ten a new army in a box)."""
    return LIMIT if cx.is_box(space) else max(0, LIMIT - hex_points(cx, space))
