"""Victory conditions and the surrender rolls the rules offer (checked by the referee report after
every change, and by `mapref advance` after every step).

Barbarossa victory conditions: 1. the Axis wins "immediately at the moment they simultaneously
control" Leningrad T15, Moscow Q17 and Stalingrad M19; 2. the Soviet player wins by preventing
it, and "immediately the moment they gain control of" Berlin P10.
Fall of Germany victory conditions 1-5 and special rule 1 (two players).
War for Europe: Surrender (Germany 1, Italy 1, Rumania and Bulgaria 1, Finland 1-2, France 1,
Great Britain 1, Other countries 1-2) and National Morale 9.  The referee does not roll: it
offers the roll with the number needed and applies nothing (rulings R27).
"""

from __future__ import annotations


def _holds(cx, space: str, side: str) -> bool:
    return cx.control.get(space) == side


def _printed_production(cx, side: str) -> int:
    """Fall of Germany victory condition 5: "all friendly production points are counted
    regardless of their location or devastation" (rulings R26)."""
    return sum(cx.production(s) for s in cx.production_spaces() if cx.friendly(s, side))


def victory(cx) -> dict | None:
    sc, st = cx.scenario, cx.state
    over = st.phase == "over"
    if sc.id == "barbarossa":
        caps = ("T15", "Q17", "M19")
        if all(_holds(cx, h, "axis") for h in caps):
            return {"winner": "axis", "condition": "the Axis controls Leningrad T15, Moscow Q17 and Stalingrad M19",
                    "rule": "Barbarossa victory conditions 1", "immediate": True}
        if _holds(cx, "P10", "soviet"):
            return {"winner": "soviet", "condition": "the Soviets control Berlin P10",
                    "rule": "Barbarossa victory conditions 2", "immediate": True}
        if over:
            return {"winner": "soviet", "condition": "the Axis did not take the three Soviet capitals by the end of winter 1943",
                    "rule": "Barbarossa victory conditions 2", "immediate": False}
        return None
    if sc.id == "fall_of_germany":
        taken = cx.control.get("P10") in ("soviet", "allies")
        if not (taken or over):
            return None
        base = {"immediate": taken, "two_player": "soviet+allies" if taken else "axis",
                "two_player_rule": "Fall of Germany special rule 1"}
        if _holds(cx, "P10", "axis"):
            return {**base, "winner": "axis", "condition": "Berlin P10 is friendly to the Axis at the end of winter 1945",
                    "rule": "Fall of Germany victory conditions 1-2"}
        sov, al = _printed_production(cx, "soviet"), _printed_production(cx, "allies")
        if 3 * sov >= 2 * al:
            return {**base, "winner": "soviet", "condition": f"Berlin is not Axis and Soviet production {sov} is at least two thirds of the Allies' {al}",
                    "rule": "Fall of Germany victory conditions 1, 3, 5"}
        return {**base, "winner": "allies", "condition": f"Berlin is not Axis and Soviet production {sov} is under two thirds of the Allies' {al}",
                "rule": "Fall of Germany victory conditions 1, 4, 5"}
    return None


def _count(cx, country: str, side_set: tuple[str, ...], exclude: tuple[str, ...] = ()) -> int:
    return sum(1 for s, v in cx.control.items() if v in side_set and cx.country(s) == country and s not in exclude)


def surrender_offers(cx) -> list[dict]:
    """The surrender rolls (or automatic surrenders) whose conditions hold now (War for Europe)."""
    sc, st = cx.scenario, cx.state
    if sc.id != "war_for_europe":
        return []
    out = []

    def status(code):
        n = st.nations.get(code)
        return n.status if n else None

    if status("ge") not in ("surrendered",) and cx.control.get("P10") in ("soviet", "allies"):
        n = _count(cx, "ge", ("soviet", "allies"), ("P10",))
        out.append({"nation": "ge", "by": cx.control["P10"], "roll_at_most": 3 + n, "when": "end of the capturing side's combat phase",
                    "rule": "Surrender, Germany 1", "what": f"Berlin held; -1 for each of {n} other German hexes held"})
    if status("fr") == "at_war" and _holds(cx, "N7", "axis"):
        n = _count(cx, "fr", ("axis",), ("N7",))
        out.append({"nation": "fr", "by": "axis", "roll_at_most": 2 + n, "when": "end of the Axis combat phase",
                    "rule": "Surrender, France 1", "what": f"Paris held; -1 for each of {n} other Axis hexes in France"})
    if status("gb") == "at_war" and _holds(cx, "P7", "axis"):
        n = _count(cx, "gb", ("axis",), ("P7",))
        out.append({"nation": "gb", "by": "axis", "roll_at_most": 2 + n, "when": "end of the Axis combat phase",
                    "rule": "Surrender, Great Britain 1", "what": f"London held; -1 for each of {n} other British hexes held"})
    sard = set(cx.board.regions.get("sardinia", ()))
    it = [s for s, v in cx.control.items() if v == "allies" and cx.country(s) == "it" and s not in sard]
    if status("it") == "at_war" and len(it) >= 4:
        out.append({"nation": "it", "by": "allies", "roll_at_most": 2 + len(it) - 4, "when": "end of the Allied combat phase",
                    "rule": "Surrender, Italy 1", "what": f"the Allies hold {len(it)} Italian hexes"})
    east = ("su", "bs", "fi", "pl", "hu", "ro", "bg")
    if status("ro") == "at_war" or status("bg") == "at_war":
        sov = sum(a.total() for a in st.armies if a.side == "soviet")
        axis_east = sum(a.total() for a in st.armies if a.side == "axis" and cx.country(a.at) in east)
        near = any(a.side == "soviet" and (cx.country(a.at) in ("ro", "bg") or any(cx.country(n) in ("ro", "bg") for n in cx.graph.neighbours(a.at)))
                   for a in st.armies)
        if near and sov > axis_east:
            out.append({"nation": "ro+bg", "by": "soviet", "automatic": True, "rule": "Surrender, Rumania and Bulgaria 1",
                        "what": f"a Soviet army in or beside Rumania/Bulgaria and Soviet strength {sov} > Axis eastern front {axis_east}"})
    if status("fi") == "at_war":
        fin = [a for a in st.armies if a.side == "axis" and cx.country(a.at) == "fi"]
        sup = cx.supplied("axis")
        if any(a.at not in sup for a in fin) or (fin and sum(a.total() for a in fin) < 4):
            out.append({"nation": "fi", "by": "soviet", "automatic": True, "rule": "Surrender, Finland 1-2",
                        "what": "the Axis army in Finland is unsupplied or under four points (checked at the end of an Axis combat phase)"})
    for side, rec in st.sides.items():
        if rec.morale is not None and rec.morale <= 0:
            out.append({"nation": side, "automatic": True, "rule": "National Morale 9", "what": f"{side} morale is {rec.morale}: surrenders at the end of its turn"})
    return out
