"""Victory and the surrender rolls the rules offer (checked by the referee report after every
change, and by `mapref advance` after every step).

The victory conditions are data in each scenario's ``[victory.*]`` tables (Barbarossa victory
conditions 1-2; Fall of Germany victory conditions 1-5 and special rule 1), evaluated by the
engine's one evaluator (mapref.rules.victory) with the facts of the position given here.
War for Europe: Surrender (Germany 1, Italy 1, Rumania and Bulgaria 1, Finland 1-2, France 1,
Great Britain 1, Other countries 1-2) and National Morale 9.  The referee does not roll: it
offers the roll with the number needed and applies nothing (rulings R27).
"""

from __future__ import annotations

import copy

# (what only an action needs, its commands first, is imported by the functions that make the
# action: a report starts without it; see ruleset.py, issue 34)
from mapref.core.graph import box_space
from mapref.rules.victory import evaluate
from mapref.rulesets.hitlers_war.common import EASTERN, Context


class Facts:
    """What the victory evaluator (mapref.rules.victory) asks of a Hitler's War position."""

    def __init__(self, cx):
        self.cx = cx
        self.over = cx.state.phase == "over"

    def holder(self, space: str) -> str | None:
        return self.cx.control.get(space)

    def start_holder(self, space: str) -> str | None:
        return self.cx.start.get(space)

    def track(self) -> dict | None:
        """The VP track's result (an automatic victory or the final score), for ``type =
        "track"`` conditions (mapref.rules.vptrack; scenarios with a VP track)."""
        ts = getattr(self.cx.state, "vp_track", None)
        return ts.result if ts is not None and ts.result else None

    def production(self, side: str, printed: bool) -> int:
        """Fall of Germany victory condition 5: "all friendly production points are counted
        regardless of their location or devastation" (``printed``; rulings R26): each friendly
        space at the figure the scenario gives it, Siberia at its scenario figure (twelve in The
        Fall of Germany: Barbarossa special rule 4, rulings R7), as its production counts it."""
        cx = self.cx
        if printed:
            return sum(scenario_figure(cx, s) for s in cx.production_spaces() if cx.friendly(s, side))
        return sum(cx.undevastated(s) for s in cx.production_spaces() if cx.friendly(s, side))


def scenario_figure(cx, space: str) -> int:
    """A space's production as the scenario counts it, devastation aside: the printed figure, or
    the figure a ``siberia`` adjustment gives its box this turn (Barbarossa special rule 4;
    Siberian production 4)."""
    for a in cx.scenario.adjustments:
        p = a.params
        if a.kind == "siberia" and box_space(p.get("box", "siberia")) == space:
            grown = "grows_from" in p and cx.state.turn >= p["grows_from"]
            return p.get("grows_to", 12) if grown else p.get("production", cx.production(space))
    return cx.production(space)


def _holds(cx, space: str, side: str) -> bool:
    return cx.control.get(space) == side


def victory(cx) -> dict | None:
    """The scenario's victory conditions (its ``[victory.*]`` tables) evaluated now."""
    return evaluate(cx.scenario.victory, Facts(cx))


def _count(cx, country: str, side_set: tuple[str, ...], exclude: tuple[str, ...] = ()) -> int:
    return sum(1 for s, v in cx.control.items() if v in side_set and cx.country(s) == country and s not in exclude)


def victory_commands(m, sc, st) -> tuple[list, str]:
    """After a result: the game ends at once when an immediate victory condition holds (R32)."""
    from mapref.rulesets.hitlers_war.commands import SetTurn

    v = victory(Context(m, sc, st))
    if v and v.get("immediate") and st.phase != "over":
        return [SetTurn(phase="over", subphase="")], f"game over: {v['winner']} wins ({v['condition']}) [{v['rule']}]"
    return [], ""


def surrender_offers(cx) -> list[dict]:
    """The surrender rolls (or automatic surrenders) whose conditions hold now (War for Europe), in
    the order of :data:`OFFERS`."""
    if not cx.scenario.has("surrender"):
        return []
    return [o for offers in OFFERS for o in offers(cx)]


def _status(cx, code: str) -> str | None:
    n = cx.state.nations.get(code)
    return n.status if n else None


def _germany(cx) -> list[dict]:
    if _status(cx, "ge") in ("surrendered",) or cx.control.get("P10") not in ("soviet", "allies"):
        return []
    n = _count(cx, "ge", ("soviet", "allies"), ("P10",))
    return [
        {
            "nation": "ge",
            "by": cx.control["P10"],
            "roll_at_most": 3 + n,
            "when": "end of the capturing side's combat phase",
            "rule": "Surrender, Germany 1",
            "what": f"Berlin held; -1 for each of {n} other German hexes held",
        }
    ]


def _france(cx) -> list[dict]:
    if _status(cx, "fr") != "at_war" or not _holds(cx, "N7", "axis"):
        return []
    n = _count(cx, "fr", ("axis",), ("N7",))
    return [
        {
            "nation": "fr",
            "by": "axis",
            "roll_at_most": 2 + n,
            "when": "end of the Axis combat phase",
            "rule": "Surrender, France 1",
            "what": f"Paris held; -1 for each of {n} other Axis hexes in France",
        }
    ]


def _britain(cx) -> list[dict]:
    if _status(cx, "gb") != "at_war" or not _holds(cx, "P7", "axis"):
        return []
    n = _count(cx, "gb", ("axis",), ("P7",))
    return [
        {
            "nation": "gb",
            "by": "axis",
            "roll_at_most": 2 + n,
            "when": "end of the Axis combat phase",
            "rule": "Surrender, Great Britain 1",
            "what": f"London held; -1 for each of {n} other British hexes held",
        }
    ]


def _italy(cx) -> list[dict]:
    sard = set(cx.board.regions.get("sardinia", ()))
    it = [s for s, v in cx.control.items() if v == "allies" and cx.country(s) == "it" and s not in sard]
    if _status(cx, "it") != "at_war" or len(it) < 4:
        return []
    return [
        {
            "nation": "it",
            "by": "allies",
            "roll_at_most": 2 + len(it) - 4,
            "when": "end of the Allied combat phase",
            "rule": "Surrender, Italy 1",
            "what": f"the Allies hold {len(it)} Italian hexes",
        }
    ]


def _rumania_bulgaria(cx) -> list[dict]:
    st = cx.state
    if _status(cx, "ro") != "at_war" and _status(cx, "bg") != "at_war":
        return []
    sov = sum(a.total() for a in st.armies if a.side == "soviet")
    axis_east = sum(a.total() for a in st.armies if a.side == "axis" and cx.country(a.at) in EASTERN)
    near = any(
        a.side == "soviet"
        and (cx.country(a.at) in ("ro", "bg") or any(cx.country(n) in ("ro", "bg") for n in cx.graph.neighbours(a.at)))
        for a in st.armies
    )
    if not (near and sov > axis_east):
        return []
    return [
        {
            "nation": "ro+bg",
            "by": "soviet",
            "automatic": True,
            "rule": "Surrender, Rumania and Bulgaria 1",
            "what": f"a Soviet army in or beside Rumania/Bulgaria and Soviet strength {sov} > Axis eastern front {axis_east}",
        }
    ]


def _finland(cx) -> list[dict]:
    st = cx.state
    if _status(cx, "fi") != "at_war" or st.nations["fi"].side != "axis":
        return []
    # Surrender, Finland 1-2: the Axis army in Finland unsupplied, or under four points (none
    # left is under four: rulings R62)
    fin = [a for a in st.armies if a.side == "axis" and cx.country(a.at) == "fi"]
    sup = cx.supplied("axis")
    if not (any(a.at not in sup for a in fin) or sum(a.total() for a in fin) < 4):
        return []
    return [
        {
            "nation": "fi",
            "by": "soviet",
            "automatic": True,
            "rule": "Surrender, Finland 1-2",
            "what": "the Axis army in Finland is unsupplied or under four points (checked at the end of an Axis combat phase)",
        }
    ]


def _capitals(cx) -> list[dict]:
    from mapref.rulesets.hitlers_war.politics import capitals_held

    return [
        {
            "nation": code,
            "by": holder,
            "automatic": True,
            "rule": "Surrender, Other countries 1",
            "what": f"its capital {cap} is held by the {holder}: it surrenders (its uncaptured hexes to the {holder})",
        }
        for code, cap, holder in capitals_held(cx)
    ]


def _morale(cx) -> list[dict]:
    out = []
    for side, rec in cx.state.sides.items():
        if side == "soviet" and rec.surrender_refused:
            continue  # Surrender, Soviet Union 4: never again once refused
        if rec.morale is not None and rec.morale <= 0:
            out.append(
                {
                    "nation": side,
                    "automatic": True,
                    "rule": "National Morale 9",
                    "what": f"{side} morale is {rec.morale}: surrenders at the end of its turn",
                }
            )
    return out


# the surrenders the rules offer, in the report's order
OFFERS = (_germany, _france, _britain, _italy, _rumania_bulgaria, _finland, _capitals, _morale)


def offers_after(cx, commands: list) -> list[dict]:
    """The surrenders ``commands`` would newly offer (a capital taken by a correction, ``mapref set
    --control``: rulings R65)."""
    from mapref.rulesets.hitlers_war.commands import apply

    before = {(o["nation"], o["rule"]) for o in surrender_offers(cx)}
    work = copy.deepcopy(cx.state)
    apply(work, commands)
    return [
        o
        for o in surrender_offers(Context(cx.map, cx.scenario, work, cx.graph))
        if (o["nation"], o["rule"]) not in before
    ]


def end_summary(cx) -> str:
    """War for Europe states no victory conditions beyond the surrenders: at its end (after winter
    1945, rulings R42) the referee reports who surrendered, who holds Berlin, and each side's
    morale."""
    st = cx.state
    gone = sorted(cx.board.country_name(c) for c, n in st.nations.items() if n.status == "surrendered")
    morale = ", ".join(f"{s} {r.morale}" for s, r in st.sides.items() if r.morale is not None)
    return (
        f"surrendered: {', '.join(gone) or 'none'}; Berlin (P10) is held by the {cx.control.get('P10', 'no side')}"
        + (f"; morale: {morale}" if morale else "")
        + " [Surrender; rulings R42]"
    )
