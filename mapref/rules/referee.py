"""The referee: a pure function of map, scenario and state that returns a report.

It never changes the state.  Each check is a function in mapref.rules.hitlers_war returning
violations (code, rule citation, where, side, message).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from mapref.core.graph import Graph
from mapref.core.model import MapModel
from mapref.rules.hitlers_war.common import Context, Violation
from mapref.rules.hitlers_war.production import SideProduction, all_production, check_production
from mapref.rules.hitlers_war.setup import check_setup
from mapref.rules.hitlers_war.stacking import check_stacking
from mapref.rules.scenario import Scenario
from mapref.rules.state import POINT_TYPES, GameState


@dataclass
class Report:
    scenario: str
    turn: dict
    violations: list[Violation] = field(default_factory=list)
    production: dict[str, SideProduction] = field(default_factory=dict)
    armies: list[dict] = field(default_factory=list)
    supply: dict[str, list[str]] = field(default_factory=dict)

    def as_dict(self) -> dict:
        return {
            "scenario": self.scenario,
            "turn": self.turn,
            "violations": [v.as_dict() for v in self.violations],
            "armies": self.armies,
            "production": {s: p.as_dict() for s, p in self.production.items()},
            "unsupplied_armies": self.supply,
        }


def referee(m: MapModel, sc: Scenario, st: GameState, graph: Graph | None = None) -> Report:
    cx = Context(m, sc, st, graph)
    prod = all_production(cx)
    violations: list[Violation] = []
    if st.phase == "setup":
        violations += check_setup(cx)
        violations += check_production(cx, prod)
    violations += check_stacking(cx)
    armies = [{"name": a.name, "side": a.side, "nation": a.nation, "hex": a.at,
               "strength": {t: a.points.get(t, 0) for t in POINT_TYPES}, "leader": a.leader,
               "supplied": a.at in cx.supplied(a.side)} for a in st.armies]
    unsupplied = {s: sorted(a.name for a in st.armies if a.side == s and a.at not in cx.supplied(s)) for s in sc.sides}
    turn = {"season": st.turn.season, "year": st.turn.year, "side": st.side, "phase": st.phase, "subphase": st.subphase}
    return Report(sc.id, turn, violations, prod, armies, unsupplied)


def report_text(r: Report) -> str:
    t = r.turn
    lines = [f"{r.scenario}: {t['season']} {t['year']}, {t['side']} {t['phase']}{' (' + t['subphase'] + ')' if t['subphase'] else ''}"]
    for side, p in r.production.items():
        extra = f", {p.spendable} spendable" if p.spendable != p.total else ""
        lines.append(f"production {side}: {p.total}{extra}; repair budget {p.repair_budget} ({p.repairable_points} points)")
        for term in p.breakdown:
            lines.append(f"  + {term.points:3d}  {term.what} [{term.rule}]")
        for term in p.deductions:
            lines.append(f"  - {term.points:3d}  {term.what} [{term.rule}]")
        if p.unsupplied:
            lines.append(f"  (not counted, no supply: {', '.join(p.unsupplied)})")
    for side, names in r.supply.items():
        if names:
            lines.append(f"unsupplied {side} armies: {', '.join(names)}")
    if r.violations:
        lines.append(f"{len(r.violations)} violation(s):")
        for v in r.violations:
            where = f"{v.where}: " if v.where else ""
            lines.append(f"  {v.code} [{v.rule}] {v.side + ' ' if v.side else ''}{where}{v.message}")
    else:
        lines.append("no violations")
    return "\n".join(lines)
