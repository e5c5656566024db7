"""Each side's production, with every term shown.

Rulebook: Production points 1-4; Building strength points 1-5; Repairing devastated production
3-4; Barbarossa special rules 2 and 4; Trans-Atlantic shipping 1-5; Lend-Lease 1-4; Allied
Supply and Production 1; Soviet production limitations 1-2; Siberian production 1-4; The United
States 2; Vichy France 1; Norwegian Effects on Axis Production 2-4.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from mapref.core.graph import box_space
from mapref.rulesets.hitlers_war.common import Context, Violation
from mapref.rulesets.hitlers_war.scenario import Area, resolve_area

REPAIR_SHARE = 25  # percent, rounded down (Repairing devastated production 3)
REPAIR_COST = 3  # production points per repaired point (Repairing devastated production 4)


@dataclass
class Term:
    """One term of a side's production: what it counts, its points and its rule."""

    what: str
    points: int
    rule: str
    spaces: list[str] = field(default_factory=list)

    def as_dict(self) -> dict:
        d = {"what": self.what, "points": self.points, "rule": self.rule}
        if self.spaces:
            d["spaces"] = self.spaces
        return d


@dataclass
class SideProduction:
    """A side's production: its total, what it may spend, the terms that make it and what comes off."""

    side: str
    total: int
    spendable: int
    breakdown: list[Term]  # what makes the total
    deductions: list[Term]  # what comes off it before spending
    unsupplied: list[str]  # friendly undevastated production spaces that trace no supply
    repair_budget: int
    repairable_points: int
    costs: dict[str, int]
    costs_rule: str
    build_spaces: list[str]
    build_rule: str
    lend_lease: dict | None = None
    spent: int = 0  # in this production phase (builds, repairs, lend-lease)
    repair_spent: int = 0

    @property
    def available(self) -> int:
        """What is left to spend in this production phase (Production points 4: never saved)."""
        return max(0, self.spendable - self.spent)

    @property
    def repair_left(self) -> int:
        """Production still allowed on repairs this phase (Repairing devastated production 3)."""
        return max(0, min(self.repair_budget - self.repair_spent, self.available))

    def as_dict(self) -> dict:
        return {
            "total": self.total,
            "spendable": self.spendable,
            "spent": self.spent,
            "available": self.available,
            "breakdown": [t.as_dict() for t in self.breakdown],
            "deductions": [t.as_dict() for t in self.deductions],
            "unsupplied": self.unsupplied,
            "repair": {
                "budget": self.repair_budget,
                "points": self.repairable_points,
                "cost_per_point": REPAIR_COST,
                "spent": self.repair_spent,
                "rule": "Repairing devastated production 3-4",
            },
            "costs": self.costs,
            "costs_rule": self.costs_rule,
            "build": {"spaces": self.build_spaces, "rule": self.build_rule},
            **({"lend_lease": self.lend_lease} if self.lend_lease is not None else {}),
        }


def _adjusts(cx: Context, side: str, kind: str):
    return [a for a in cx.scenario.adjustments if a.side == side and a.kind == kind]


def production(cx: Context, side: str) -> SideProduction:
    """``side``'s production this turn: the terms that make it (its supplied production spaces,
    then the scenario's adjustments, :data:`ADJUSTMENTS`), the deductions, what it may spend, the
    repair budget, its costs and where it builds."""
    sc, st = cx.scenario, cx.state
    setup = sc.setup(side)
    vichy = [
        a
        for a in _adjusts(cx, side, "vichy")
        if st.nations.get(a.params.get("nation", "fr"))
        and st.nations[a.params.get("nation", "fr")].status == "surrendered"
    ]
    special = _special_spaces(cx, side, vichy)
    rec = st.sides.get(side)
    # Repairing devastated production 8: "Repaired production cannot be used on the turn of repair"
    repaired = dict(rec.repaired) if rec is not None else {}
    terms, unsupplied = _counted(cx, side, special, repaired)
    deductions: list[Term] = []
    for a in sc.adjustments:
        if a.side != side or (a.kind == "vichy" and a not in vichy) or a.kind not in ADJUSTMENTS:
            continue
        term, deduction = ADJUSTMENTS[a.kind](cx, side, a, special, repaired)
        terms += [term] if term is not None else []
        deductions += [deduction] if deduction is not None else []
    total = sum(t.points for t in terms)
    spendable = max(0, total - sum(t.points for t in deductions))
    if side == "soviet" and side in st.sides and st.sides[side].lend_lease:
        spendable += st.sides[side].lend_lease
        terms.append(Term("lend-lease gift waiting to be spent", st.sides[side].lend_lease, "Lend-Lease 3-4"))
    lend_lease = _lend_lease_limit(cx, side)
    budget = spendable * REPAIR_SHARE // 100
    spent = rec.spent if rec is not None and st.phase == "production" and st.side == side else 0
    repair_spent = rec.repair_spent if rec is not None and st.phase == "production" and st.side == side else 0
    build = cx.build_spaces(side)
    costs = dict(setup.costs)
    if rec is not None:
        costs.update(rec.costs)
    return SideProduction(
        side,
        total,
        spendable,
        terms,
        deductions,
        sorted(unsupplied),
        budget,
        budget // REPAIR_COST,
        costs,
        setup.costs_rule,
        build,
        setup.build_rule,
        lend_lease,
        spent,
        repair_spent,
    )


def _special_spaces(cx: Context, side: str, vichy: list) -> set[str]:
    """The spaces an adjustment counts instead of their printed production: Siberia's and the
    U.S. box (Surrender, The United States 2: "the Axis can never use U.S. production points" --
    the U.S. production counts only through its own side's entry adjustment), surrendered France
    under Vichy, the boxes the convoy carries."""
    sc = cx.scenario
    special: set[str] = set()
    for a in _adjusts(cx, side, "siberia") + _adjusts(cx, side, "us_entry"):
        special.add(box_space(a.params.get("box", "siberia" if a.kind == "siberia" else "usa")))
    for a in sc.adjustments:
        if a.kind == "us_entry" and a.side != side:
            special.add(box_space(a.params.get("box", "usa")))
    for a in vichy:
        special |= {s for s in cx.production_spaces() if cx.country(s) == a.params.get("nation", "fr")}
    for a in _adjusts(cx, side, "ta_shipping"):
        special |= {box_space(b) for b in a.params.get("boxes", [])}  # counted through the convoy
    return special


def _counted(cx: Context, side: str, special: set[str], repaired: dict) -> tuple[list[Term], list[str]]:
    """The first terms (the side's undevastated production that counts) and the production spaces
    that trace no supply.  At set-up no supply has been determined yet: the set-up's figure is the
    count of friendly undevastated points (Prepare for Play 6, "provided ... to save the trouble
    of counting").  From the first turn on only points that trace supply count (Production points
    1).  docs/rulings.md R21."""
    at_setup = cx.state.phase == "setup"
    supplied = cx.supplied(side)
    counted: list[str] = []
    unsupplied: list[str] = []
    points: dict[str, int] = {}
    for s, p in cx.production_by_side().get(side, ()):
        if s in special:
            continue
        p = points[s] = max(0, p - repaired.get(s, 0)) if repaired else p
        if not p:
            continue
        (counted if at_setup or s in supplied else unsupplied).append(s)
    what = (
        "undevastated friendly production (set-up: counted, not yet traced)"
        if at_setup
        else "undevastated friendly production that traces supply"
    )
    terms = [
        Term(
            what,
            sum(points[s] for s in counted),
            "Prepare for Play 6" if at_setup else "Production points 1",
            [f"{s}={points[s]}" for s in counted],
        )
    ]
    if repaired:
        terms.append(
            Term(
                f"repaired this phase, counted from next turn: {', '.join(f'{s}={n}' for s, n in repaired.items())}",
                0,
                "Repairing devastated production 8",
            )
        )
    return terms, unsupplied


# each adjustment kind of a scenario -> (cx, side, adjustment, special spaces, repaired) -> (term, deduction)
def _siberia(cx: Context, side: str, a, special: set[str], repaired: dict):
    st, p, turn = cx.state, a.params, cx.state.turn
    box = box_space(p.get("box", "siberia"))
    n = 0
    ok = turn >= p["from"] and cx.friendly(box, side)
    if ok and p.get("requires") == "war":
        nation = st.nations.get(cx.country(box) or "su")
        ok = nation is not None and nation.status == "at_war"
    if ok:
        full = (
            p.get("grows_to", p.get("production", 8))
            if "grows_from" in p and turn >= p["grows_from"]
            else p.get("production", 8)
        )
        n = max(0, full - st.hex(box).devastated - repaired.get(box, 0))
    return Term(f"Siberia ({'from ' + str(p['from'])})", n, a.rule), None


def _us_entry(cx: Context, side: str, a, special: set[str], repaired: dict):
    p, turn = a.params, cx.state.turn
    nation = cx.state.nations.get(p.get("nation", "us"))
    n = 0
    if nation is not None and nation.side == side and nation.status == "at_war" and turn >= p["from"]:
        n = p.get("base", 16) + p.get("per_turn", 1) * turn.turns_since(p["from"])
    return Term("United States production", n, a.rule), None


def _ta_shipping(cx: Context, side: str, a, special: set[str], repaired: dict):
    """Trans-Atlantic shipping 1: a shipping point carries one production or one strength point;
    those carrying strength points this turn carry no production.  Production points 1: the output
    is counted at the start of the phase, so shipping built in it carries nothing before the next
    (``ta_built``)."""
    p = a.params
    r = cx.state.sides.get(side)
    ships = max(0, r.ta_shipping - r.ta_used - r.ta_built) if r is not None else 0
    if "boxes" not in p:
        n = min(p.get("points", 8), ships)
        return Term(
            f"trans-Atlantic shipping ({ships} shipping points carry up to {p.get('points', 8)})", n, a.rule
        ), None
    # War for Europe: the convoy carries the colonial boxes' production to Britain, one point per
    # shipping point (Trans-Atlantic shipping 1; rulings R9)
    spaces = [box_space(b) for b in p["boxes"] if cx.exists(box_space(b)) and cx.friendly(box_space(b), side)]
    carried = sum(cx.undevastated(b) for b in spaces)
    n = min(carried, ships)
    return (
        Term(
            f"trans-Atlantic shipping ({ships} shipping points carry {carried} from the off-map boxes)",
            n,
            a.rule,
            spaces,
        ),
        None,
    )


def _vichy(cx: Context, side: str, a, special: set[str], repaired: dict):
    p = a.params
    supplied = cx.supplied(side)
    spaces = sorted(
        s for s in special if cx.country(s) == p.get("nation", "fr") and cx.friendly(s, side) and s in supplied
    )
    raw = sum(cx.undevastated(s) for s in spaces)
    n = min(p.get("cap", 4), max(0, raw - p.get("reduce", 3)))
    return Term(f"Vichy France ({raw} - {p.get('reduce', 3)}, at most {p.get('cap', 4)})", n, a.rule, spaces), None


def _deduct(cx: Context, side: str, a, special: set[str], repaired: dict):
    p = a.params
    if "until" in p and cx.state.turn >= p["until"]:
        return None, None
    return None, Term(f"scenario deduction{' until ' + str(p['until']) if 'until' in p else ''}", p["points"], a.rule)


def _norway(cx: Context, side: str, a, special: set[str], repaired: dict):
    p, st = a.params, cx.state
    enemies = {"allies", "soviet"}
    n = 0
    no = st.nations.get(p.get("norway", "no"))
    if cx.control.get(p.get("hex", "U10")) in enemies and not (no and no.status in ("neutral", "unaligned")):
        n = p.get("points", 1)
    sweden = p.get("sweden", "se")
    if any(cx.control.get(s) in enemies for s in resolve_area(cx.map, _country_area(sweden))):
        n = max(n, p.get("sweden_points", 2))  # Norwegian effects 4: not cumulative
    return None, (Term("Norway and Sweden held by the enemy", n, a.rule) if n else None)


ADJUSTMENTS = {
    "siberia": _siberia,
    "us_entry": _us_entry,
    "ta_shipping": _ta_shipping,
    "vichy": _vichy,
    "deduct": _deduct,
    "norway": _norway,
}


def _lend_lease_limit(cx: Context, side: str) -> dict | None:
    """Lend-Lease 1-2: the Allies may give the Soviets two points for each depot still Soviet, at
    most four."""
    if side != "allies" or "soviet" not in cx.scenario.sides:
        return None
    depots = sorted(
        cx.map.label(f.hex) if f.hex is not None else box_space(f.box)
        for f in cx.map.features.values()
        if f.kind == "lend_lease_depot"
    )
    open_ = [d for d in depots if cx.friendly(d, "soviet")]
    return {"max": min(4, 2 * len(open_)), "depots": open_, "rule": "Lend-Lease 1-2"}


def _country_area(code: str):
    return Area(countries=(code,))


def all_production(cx: Context) -> dict[str, SideProduction]:
    return {s: production(cx, s) for s in cx.scenario.sides}


def check_production(cx: Context, prod: dict[str, SideProduction]) -> list[Violation]:
    """At set-up, each side's production equals the figure the set-up states (Prepare for Play 6)."""
    out = []
    for side, p in prod.items():
        stated = cx.scenario.setup(side).production
        if stated is not None and p.total != stated:
            terms = " + ".join(f"{t.points} ({t.what})" for t in p.breakdown)
            out.append(
                Violation(
                    "setup.production",
                    f"{cx.scenario.rule}: {side} production at start",
                    "",
                    side,
                    f"{side} production is {p.total} = {terms}; the set-up states {stated}",
                )
            )
    return out
