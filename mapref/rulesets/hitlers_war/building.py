"""Building strength points and repairing devastated production in the production phase: the
``build`` and ``repair`` actions (a minimal version for the referee's window, to be merged with
the fuller production work: the budget spent this phase is read from the game's log).

Rulebook, Building strength points 1-6: each type costs what the record sheet shows (the
scenario's ``costs``: infantry 2, mechanized 5 in Barbarossa), any number within the budget,
placed only in the side's build spaces (German hexes / Soviet production hexes with at least one
undevastated production point: the scenario's ``build``), joining the army there or forming a
new one, never where a hex would hold more than ten (Stacking 5).  Repairing devastated
production 2-8: in friendly hexes that trace supply, at most a quarter of the production
(rounded down) spent on it, three production points a point, not usable before next turn.
The budget is the side's spendable production (Production points 1-4; Barbarossa special rule 2).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from mapref.rulesets.hitlers_war.commands import SetHex, Snapshot
from mapref.rulesets.hitlers_war.production import REPAIR_COST, REPAIR_SHARE, production
from mapref.rulesets.hitlers_war.stacking import LIMIT, hex_points
from mapref.rulesets.hitlers_war.state import POINT_TYPES, Army, GameState

BUILD_RULE = "Building strength points 1-5"
REPAIR_RULE = "Repairing devastated production 2-8"


@dataclass
class BuildPoints(Snapshot):
    space: str = ""
    points: dict = field(default_factory=dict)
    join: str = ""
    new_name: str = ""
    side: str = ""
    nation: str = ""

    def do(self, st: GameState) -> None:
        self._save(st, "armies")
        a = st.army(self.join) if self.join else None
        if a is None:
            a = Army(self.new_name, self.side, self.nation, self.space, {t: 0 for t in POINT_TYPES})
            st.armies.append(a)
        for t, n in self.points.items():
            a.points[t] = a.points.get(t, 0) + n


@dataclass
class Budget:
    side: str
    total: int  # spendable this turn
    built: int  # spent on new strength points this phase
    repaired: int  # production points spent on repairs this phase
    repair_cap: int  # at most this much on repairs (a quarter, rounded down)

    @property
    def left(self) -> int:
        return max(0, self.total - self.built - self.repaired)

    @property
    def repair_left(self) -> int:
        return max(0, min(self.left, self.repair_cap - self.repaired))


def _this_phase(game, verb: str) -> list:
    st = game.state
    return [e for e in game.log if e.action.get("verb") == verb and e.turn == str(st.turn) and e.side == st.side]


def budget(cx, game) -> Budget:
    st = cx.state
    p = production(cx, st.side)
    costs = cx.scenario.setup(st.side).costs
    built = sum(costs.get(t, 0) * int(n) for e in _this_phase(game, "build") for t, n in (e.action.get("points") or {}).items())
    repaired_points = sum(int(e.action.get("points", 0) or 0) for e in _this_phase(game, "repair"))
    # Repairing 8: repaired production is not available before the following turn
    total = max(0, p.spendable - repaired_points)
    return Budget(st.side, total, built, repaired_points * REPAIR_COST, total * REPAIR_SHARE // 100 if total else 0)


def _step(st) -> str:
    from mapref.rulesets.hitlers_war.ruleset import step_label

    return step_label(st.phase, st.subphase).lower()


@dataclass
class Check:
    ok: bool
    reason: str = ""
    rule: str = ""
    commands: list = field(default_factory=list)
    message: str = ""
    label: str = ""


def build_spaces(cx) -> list[str]:
    return production(cx, cx.state.side).build_spaces


def check_build(cx, game, space: str, points: dict) -> Check:
    st, sc = cx.state, cx.scenario
    if (st.phase, st.subphase) != ("production", "build"):
        return Check(False, f"it is the {st.side} {_step(st)}: strength points are built in the build step of the production phase",
                     "Sequence of Play 3.1")
    setup = sc.setup(st.side)
    costs = setup.costs
    pts = {t: int(n) for t, n in (points or {}).items() if int(n or 0)}
    if not pts or any(n < 0 for n in pts.values()):
        return Check(False, "nothing to build: give the points of each kind", BUILD_RULE)
    bad = [t for t in pts if t not in costs]
    if bad:
        return Check(False, f"{', '.join(bad)} cannot be built in {sc.name} (only {', '.join(costs)})",
                     setup.costs_rule or "Building strength points 2")
    b = budget(cx, game)
    cost = sum(costs[t] * n for t, n in pts.items())
    if cost > b.left:
        return Check(False, f"they cost {cost} production points; {b.left} of {b.total} are left this turn",
                     "Building strength points 3, 6")
    if space not in build_spaces(cx):
        return Check(False, f"{space} is not a space where the {st.side} may place new strength points",
                     setup.build_rule or "Building strength points 4")
    ground = sum(n for t, n in pts.items() if t != "tactical_air")
    here = hex_points(cx, space) if not cx.is_box(space) else 0
    if not cx.is_box(space) and here + ground > LIMIT:
        return Check(False, f"{space} would hold {here + ground} strength points; at most ten", "Building strength points 5; Stacking 5")
    join = None if cx.is_box(space) else next((a for a in st.armies if a.at == space and a.side == st.side), None)
    names = {a.name for a in st.armies}
    n = 1
    while f"{st.side.capitalize()} Army {n}" in names:
        n += 1
    nation = join.nation if join else (cx.country(space) or "")
    what = ", ".join(f"{v} {t.replace('_', ' ')}" for t, v in pts.items())
    who = join.name if join else f"{st.side.capitalize()} Army {n}"
    cmd = BuildPoints(text=f"build {what} in {space}", space=space, points=pts, join=join.name if join else "",
                      new_name=f"{st.side.capitalize()} Army {n}", side=st.side, nation=nation)
    return Check(True, commands=[cmd], message=f"{what} built in {space} ({who}) for {cost} production points; "
                 f"{b.left - cost} of {b.total} left", label=f"build {what} in {space}", rule=BUILD_RULE)


def check_repair(cx, game, space: str, n: int) -> Check:
    st = cx.state
    if (st.phase, st.subphase) != ("production", "repair"):
        return Check(False, f"it is the {st.side} {_step(st)}: production is repaired in the repair step of the production phase",
                     "Sequence of Play 3.2")
    if n <= 0:
        return Check(False, "repair at least one point", REPAIR_RULE)
    if not cx.friendly(space, st.side):
        return Check(False, f"{space} is not friendly to the {st.side}", "Repairing devastated production 2")
    if space not in cx.supplied(st.side):
        return Check(False, f"{space} traces no supply: its production stays devastated", "Repairing devastated production 6")
    hs = st.hex(space)
    can = hs.devastated - hs.permanent
    if n > can:
        return Check(False, f"{space} has {can} repairable devastated point{'s' if can != 1 else ''}"
                     + (f" ({hs.permanent} permanently devastated)" if hs.permanent else ""), "Repairing devastated production 1-2")
    b = budget(cx, game)
    if n * REPAIR_COST > b.repair_left:
        return Check(False, f"repairing {n} costs {n * REPAIR_COST}; {b.repair_left} production points may still go to "
                     f"repairs (a quarter of {b.total}, and what is left)", "Repairing devastated production 3-4")
    cmd = SetHex(text=f"repair {n} in {space}", space=space, devastated=hs.devastated - n)
    return Check(True, commands=[cmd], message=f"{space}: {n} production point{'s' if n != 1 else ''} repaired for "
                 f"{n * REPAIR_COST}; usable from next turn", label=f"repair {n} in {space}", rule=REPAIR_RULE)


def budget_lines(cx, game) -> list[str]:
    """The production panel's lines in the production phase: the budget, the costs, the places."""
    st = cx.state
    if st.phase != "production":
        return []
    b = budget(cx, game)
    setup = cx.scenario.setup(st.side)
    costs = ", ".join(f"{t} {c}" for t, c in setup.costs.items())
    out = [f"{st.side} budget: {b.left} of {b.total} left (built {b.built}, repairs {b.repaired})",
           f"costs: {costs} [{setup.costs_rule or 'Building strength points 2'}]",
           f"build in: {', '.join(build_spaces(cx)) or 'nowhere'}",
           f"repairs: up to {b.repair_left} more ({REPAIR_COST} a point)"]
    return out
