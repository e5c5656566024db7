"""National Morale (War for Europe): the chart's events the referee sees and what they do to the
sides' morale (National Morale 4: "Morale is raised or lowered by the events described in the
national morale chart ... A country's morale can never be greater than nineteen").  Switched on by
the scenario's ``[special.morale]``.  Nothing here changes the state: each function returns
commands and messages."""

from __future__ import annotations

from mapref.rulesets.hitlers_war.commands import SetRecord

MORALE_MAX = 19  # National Morale 4

# National morale chart (the events the referee records)
MORALE_JOIN = {"it": ({"axis": 1}, "Italy joins the Axis"), "us": ({"allies": 2}, "U.S. joins Western Allies")}
MORALE_SURRENDER = {
    "fr": ({"axis": 2, "allies": -2}, "France surrenders"),
    "su": ({"axis": 2, "allies": -1}, "Soviet Union surrenders"),
    "gb": ({"axis": 2, "soviet": -1}, "Great Britain surrenders"),
    "it": ({"allies": 1, "axis": -1}, "Italy surrenders"),
    "ro+bg": ({"axis": -1}, "Rumania & Bulgaria surrender"),
}
MORALE_AXIS_CAPTURES = {
    "D14": ({"axis": 1, "allies": -1}, "Axis captures Alexandria"),
    "H4": ({"axis": 1, "allies": -1}, "Axis captures Gibraltar"),
    "T15": ({"soviet": -1}, "Axis captures Leningrad"),
    "Q17": ({"soviet": -3}, "Axis captures Moscow"),
    "M19": ({"soviet": -1}, "Axis captures Stalingrad"),
}
AFRICA = ("ma", "dz", "tn", "ly", "eg", "aof")  # "last Axis friendly hex in Africa"


def morale_commands(cx, changes: dict[str, int], what: str, st=None) -> tuple[list, list[str]]:
    """National Morale 4: "Morale is raised or lowered by the events described in the national
    morale chart ... A country's morale can never be greater than nineteen."  ``st``: the state the
    changes apply to (default the context's)."""
    if not cx.scenario.has("morale"):
        return [], []
    st = st or cx.state
    cmds, parts = [], []
    for side, d in changes.items():
        rec = st.sides.get(side)
        if rec is None or rec.morale is None or not d:
            continue
        new = min(MORALE_MAX, rec.morale + d)
        cmds.append(SetRecord(text=f"{side} morale {new}", side=side, fields={"morale": new}))
        parts.append(f"{side} {rec.morale} -> {new}")
    if not cmds:
        return [], []
    return cmds, [f"{what}: morale {', '.join(parts)} [National morale chart; National Morale 4]"]


def capture_morale(
    cx, side: str, target: str, army_side: str = "", by_army: bool = True
) -> tuple[dict[str, int], list[str]]:
    """The chart's events a capture of ``target`` by ``side`` sets off: the Axis takes Alexandria,
    Gibraltar, Leningrad, Moscow or Stalingrad; a Soviet army occupies a hex in Germany (not a
    capture by isolation, ``by_army`` False: no army occupies it); the Allies capture the last
    Axis friendly hex in Africa."""
    if not cx.scenario.has("morale"):
        return {}, []
    out: dict[str, int] = {}
    what = []
    if side == "axis" and target in MORALE_AXIS_CAPTURES:
        d, w = MORALE_AXIS_CAPTURES[target]
        for k, v in d.items():
            out[k] = out.get(k, 0) + v
        what.append(w)
    if side == "soviet" and cx.country(target) == "ge" and by_army:
        out["axis"] = out.get("axis", 0) - 1
        what.append("Soviet army occupies a hex in Germany")
    if side == "allies" and cx.control.get(target) == "axis" and cx.country(target) in AFRICA:
        left = [s for s, v in cx.control.items() if v == "axis" and cx.country(s) in AFRICA and s != target]
        if not left:
            out["allies"] = out.get("allies", 0) + 1
            what.append("Allies capture the last Axis friendly hex in Africa")
    return out, what


def combat_phase_morale(cx, side: str) -> tuple[list, list[str]]:
    """National morale chart, at the end of ``side``'s combat phase: "Gain of six or more hexes
    during a combat phase +1", "Loss of five or more hexes during a combat phase -1" (hexes counted
    for the side, not by country: National Morale 6), with the hexes isolation gave (Determine
    supply 7).  "No attacks declared during a combat phase -1" is the players' (attacks are not
    announced to the referee)."""
    if not cx.scenario.has("morale"):
        return [], []
    st = cx.state
    changes: dict[str, int] = {}
    what = []
    for s, n in st.hexes_gained.items():
        if n >= 6:
            changes[s] = changes.get(s, 0) + 1
            what.append(f"{s} gained {n} hexes")
    for s, n in st.hexes_lost.items():
        if n >= 5:
            changes[s] = changes.get(s, 0) - 1
            what.append(f"{s} lost {n} hexes")
    if not changes:
        return [], []
    return morale_commands(cx, changes, f"in the {side} combat phase " + ", ".join(what))
