"""The referee: a pure function of map, scenario and state that returns a report.

It never changes the state.  Each check is a function in mapref.rulesets.hitlers_war returning
violations (code, rule citation, where, side, message).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from mapref.core.graph import Graph
from mapref.core.model import MapModel
from mapref.io.problems import collector_paused
from mapref.rulesets.hitlers_war.common import Context, Violation, roll_modifiers
from mapref.rulesets.hitlers_war.movement import check_moves_state
from mapref.rulesets.hitlers_war.production import SideProduction, all_production, check_production
from mapref.rulesets.hitlers_war.scenario import Scenario
from mapref.rulesets.hitlers_war.sequence import pending_for
from mapref.rulesets.hitlers_war.stacking import check_stacking
from mapref.rulesets.hitlers_war.state import POINT_TYPES, GameState
from mapref.rulesets.hitlers_war.supply import open_seas
from mapref.rulesets.hitlers_war.victory import surrender_offers, victory


@dataclass
class Report:
    """The referee's report on a position: the turn, the violations and what the rules show now."""

    scenario: str
    turn: dict
    violations: list[Violation] = field(default_factory=list)
    production: dict[str, SideProduction] = field(default_factory=dict)
    armies: list[dict] = field(default_factory=list)
    supply: dict[str, list[str]] = field(default_factory=dict)
    supply_detail: dict[str, dict] = field(default_factory=dict)
    pending: list[dict] = field(default_factory=list)
    victory: dict | None = None
    surrender: list[dict] = field(default_factory=list)
    garrisons_lost: list[str] = field(default_factory=list)

    def as_dict(self) -> dict:
        return {
            "scenario": self.scenario,
            "turn": self.turn,
            "violations": [v.as_dict() for v in self.violations],
            "armies": self.armies,
            "production": {s: p.as_dict() for s, p in self.production.items()},
            "unsupplied_armies": self.supply,
            "supply": self.supply_detail,
            "pending": self.pending,
            "victory": self.victory,
            "surrender": self.surrender,
            "garrisons_lost": self.garrisons_lost,
        }

    def text(self) -> str:
        return report_text(self)


def referee(m: MapModel, sc: Scenario, st: GameState, graph: Graph | None = None) -> Report:
    """The report on the position.  The cycle collector is paused meanwhile: the report and what
    is kept for the next one are thousands of containers that live on (a 300x300 game's armies,
    routes, sets), none of them garbage, which its young collections walked again and again
    (issue 34: about a fifth of the report after a capture)."""
    with collector_paused():
        return _referee(m, sc, st, graph)


def _referee(m: MapModel, sc: Scenario, st: GameState, graph: Graph | None) -> Report:
    cx = Context(m, sc, st, graph)
    cx.routes_asked = True  # (each supplied army's route is in the report)
    prod = all_production(cx)
    violations: list[Violation] = []
    if st.phase == "setup":
        from mapref.rulesets.hitlers_war.setup import check_setup  # (in this phase only)

        violations += check_setup(cx)
        violations += check_production(cx, prod)
    violations += check_stacking(cx)
    armies = []
    for a in st.armies:
        sup = a.at in cx.supplied(a.side)
        t = cx.trace(a.side)
        entry = {
            "name": a.name,
            "side": a.side,
            "nation": a.nation,
            "hex": a.at,
            "strength": {k: a.points.get(k, 0) for k in POINT_TYPES},
            "leader": a.leader,
            "supplied": sup,
            "supply_path": t.path(a.at) if sup else [],
            "advanced": a.advanced,
            "no_defensive_assault": a.no_defensive_assault,
            "modifiers": roll_modifiers(cx, a),
        }
        if not sup and a.at in cx.control and cx.friendly(a.at, a.side):
            entry["frontier"] = t.frontier(a.at)
        armies.append(entry)
    unsupplied = {s: sorted(a.name for a in st.armies if a.side == s and a.at not in cx.supplied(s)) for s in sc.sides}
    detail = {
        s: {
            "unsupplied_hexes": cx.unsupplied_spaces(s),
            "unsupplied_armies": unsupplied[s],
            "open_seas": sorted(open_seas(cx, s)),
            "rule": "Determine supply 1-4; Sea transportation 3; Blocking sea routes 1",
        }
        for s in sc.sides
    }
    turn = {"season": st.turn.season, "year": st.turn.year, "side": st.side, "phase": st.phase, "subphase": st.subphase}
    r = Report(sc.id, turn, violations, prod, armies, unsupplied, detail)

    r.pending = pending_for(cx)
    r.victory = victory(cx)
    r.surrender = surrender_offers(cx)
    r.garrisons_lost = sorted(st.garrisons_lost, key=cx.board.order_key)
    r.violations += check_moves_state(cx)
    return r


def report_text(r: Report) -> str:
    t = r.turn
    lines = [
        f"{r.scenario}: {t['season']} {t['year']}, {t['side']} {t['phase']}{' (' + t['subphase'] + ')' if t['subphase'] else ''}"
    ]
    for side, p in r.production.items():
        extra = f", {p.spendable} spendable" if p.spendable != p.total else ""
        lines.append(
            f"production {side}: {p.total}{extra}; repair budget {p.repair_budget} ({p.repairable_points} points)"
            + (f"; spent {p.spent}, {p.available} left this phase" if p.spent else "")
        )
        for term in p.breakdown:
            lines.append(f"  + {term.points:3d}  {term.what} [{term.rule}]")
        for term in p.deductions:
            lines.append(f"  - {term.points:3d}  {term.what} [{term.rule}]")
        if p.unsupplied:
            lines.append(f"  (not counted, no supply: {', '.join(p.unsupplied)})")
    for side, names in r.supply.items():
        if names:
            lines.append(f"unsupplied {side} armies: {', '.join(names)}")
    for side, d in r.supply_detail.items():
        if d["unsupplied_hexes"]:
            lines.append(f"unsupplied {side} hexes: {', '.join(d['unsupplied_hexes'])}")
    for a in r.armies:
        if a["advanced"]:
            lines.append(
                f"{a['name']} has advanced {a['advanced']} hex(es) this turn: +{a['advanced']} to its next advance roll [Advance resolution 13]"
            )
        for mod in a.get("modifiers", ()):
            lines.append(
                f"{a['name']}: {mod['value']:+d} to its {', '.join(mod['rolls'])} rolls ({mod['why']}) [{mod['rule']}]"
            )
        if a["no_defensive_assault"]:
            lines.append(f"{a['name']} may not defensively assault this turn [Advance resolution 7; Stacking 4]")
    if r.garrisons_lost:
        lines.append(
            f"no garrison until the end of combat: {', '.join(r.garrisons_lost)} [Garrisons 4, 6; Assault resolution 8]"
        )
    for due in r.pending:
        lines.append(f"pending ({due['when']}): {due['what']} [{due['rule']}]")
    for s in r.surrender:
        lines.append(
            f"surrender: {s['nation']} [{s['rule']}] {s['what']}"
            + (f"; roll {s['roll_at_most']} or less" if "roll_at_most" in s else "")
        )
    if r.victory:
        lines.append(f"victory: {r.victory['winner']} ({r.victory['condition']}) [{r.victory['rule']}]")
    if r.violations:
        lines.append(f"{len(r.violations)} violation(s):")
        for v in r.violations:
            where = f"{v.where}: " if v.where else ""
            lines.append(f"  {v.code} [{v.rule}] {v.side + ' ' if v.side else ''}{where}{v.message}")
    else:
        lines.append("no violations")
    return "\n".join(lines)
