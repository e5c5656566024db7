"""A nation's surrender with everything that follows it (War for Europe, Surrender; ``mapref
surrender GAME NATION``), once the players have rolled it (the referee offers the rolls: rulings
R27) or its conditions hold (Rumania and Bulgaria, Finland, morale).  Rulings R44.

- France 2-7: uncaptured French hexes and Corsica to the Axis; the French hexes of Lebanon-Syria,
  Tunisia, Algeria and Morocco Vichy French; Allied mechanised points in French or Vichy territory
  removed, tactical air to the Free French Army in P6, the infantry the players' rolls saved
  (``free_french``) with it, the rest removed; never twice.  Vichy France 5: the Axis dissolves
  Vichy (``vichy``), its lands become Axis.
- Italy 2-4: five infantry and one mechanised lost, the Italian army's first; the Italian Army and
  fleets removed with their points; the Italian hexes keep their allegiance.
- Rumania and Bulgaria 3-4: the Rumanian army removed; their land Soviet unless an Axis army other
  than the Rumanian holds it.
- Finland 3-4: every Axis point in Finland lost; Finland unaligned and never attacked again (its
  status ``neutral``); Finnish hexes the Soviets took stay Soviet.
- Great Britain 3-5: before the U.S. entered the war the British mainland, North Ireland,
  Gibraltar, Malta, Egypt, Cyprus, Palestine and Transjordan to the Axis (the Western Allies take
  no further part); after, only the mainland.
- Germany 1-2, Soviet Union 1-5: the record (the Soviet Union: no further Axis-Soviet attacks).
- Every surrender: the chart's morale (National morale chart); a nation surrenders once.

Nothing here changes the state: the result carries the commands.
"""

from __future__ import annotations

import copy

from mapref.rulesets.hitlers_war.build import BuildCheck
from mapref.rulesets.hitlers_war.commands import (
    AddArmy,
    RemoveArmy,
    SetArmyPoints,
    SetFleets,
    SetHex,
    SetNation,
    SetNations,
    SetRecord,
    apply,
)
from mapref.rulesets.hitlers_war.common import Context
from mapref.rulesets.hitlers_war.morale import MORALE_SURRENDER, morale_commands
from mapref.rulesets.hitlers_war.politics import capital_of, capital_surrender, capitals_held
from mapref.rulesets.hitlers_war.state import POINT_TYPES, Army, Nation
from mapref.rulesets.hitlers_war.victory import surrender_offers

VICHY_LANDS = ("ls", "tn", "dz", "ma")  # Surrender, France 3
FREE_FRENCH = ("Free French Army", "P6")  # Surrender, France 4, 6
BRITISH_LANDS = ("gi", "mt", "eg", "cy", "ps", "tj")  # Great Britain 3, with the mainland and North Ireland


def _no(reason: str, rule: str) -> BuildCheck:
    return BuildCheck(False, reason, rule)


def _spaces(cx, code: str) -> list[str]:
    return [s for s in cx.board.spaces_of_country(code) if cx.exists(s)]


def _to_side(cx, spaces, side: str, text: str) -> list:
    return [SetHex(text=f"{s} {text}", space=s, control=side, occupied=cx.start.get(s) != side) for s in spaces]


# National Morale 1, 9: a side whose morale is 0 or less surrenders; its nation's surrender applies
# it (Surrender, Germany 2; Great Britain 2; Soviet Union 1)
SIDE_NATION = {"axis": "ge", "allies": "gb", "soviet": "su"}
ALIASES = {"rumania": "ro+bg", "bulgaria": "ro+bg", "ro": "ro+bg", "bg": "ro+bg"}
# what each surrender needs, when the rules do not offer it now (rulings R65)
CONDITIONS = {
    "ge": (
        "Germany surrenders when Berlin (P10) is captured and the occupier rolls, or when the Axis morale is 0 or less",
        "Surrender, Germany 1-2",
    ),
    "fr": ("France surrenders when the Axis holds Paris (N7) and rolls", "Surrender, France 1"),
    "gb": (
        "Britain surrenders when the Axis holds London (P7) and rolls, or when the Allied morale is 0 or less",
        "Surrender, Great Britain 1-2",
    ),
    "it": (
        "Italy surrenders when the Western Allies hold four hexes of Italy (Sicily included, not Sardinia) and roll",
        "Surrender, Italy 1",
    ),
    "ro+bg": (
        "Rumania and Bulgaria surrender when a Soviet army is in or beside them and the Soviet armies hold more "
        "strength points than the Axis on the eastern front",
        "Surrender, Rumania and Bulgaria 1",
    ),
    "fi": (
        "Finland surrenders when the Axis army in Finland is unsupplied or under four points",
        "Surrender, Finland 1-2",
    ),
    "su": ("the Soviet Union offers to surrender only by morale: Soviet morale 0 or less", "Surrender, Soviet Union 1"),
}


def not_offered(cx, code: str) -> tuple[str, str] | None:
    """Why the rules offer no surrender of ``code`` now (reason, rule), or None: a surrender is
    applied only when the report offers it (the rolls and the automatic surrenders: rulings R27,
    R65); advisory mode applies one anyway."""
    offered = {SIDE_NATION.get(o["nation"], o["nation"]) for o in surrender_offers(cx)}
    if code in offered:
        return None
    if code in CONDITIONS:
        why, rule = CONDITIONS[code]
        return f"the rules offer no surrender of {code} now: {why}", rule

    name = cx.board.country_name(code)
    cap = capital_of(cx, code)
    if code == "lc" or cap is None:
        return (
            f"{name} has no capital: it never surrenders and must be occupied a hex at a time",
            "Surrender, Other countries 3",
        )
    return (
        f"{name} surrenders when its capital {cap} is captured; it is held by the {cx.control.get(cap) or 'no side'}",
        "Surrender, Other countries 1",
    )


def check_surrender(cx, nation: str, free_french: int = 0, refused: bool = False, offered: bool = True) -> BuildCheck:
    """``refused``: the Axis refuses the Soviet surrender offered (Surrender, Soviet Union 4).
    ``offered``: only a surrender the rules offer now (False: advisory mode's override)."""
    st, sc = cx.state, cx.scenario
    if not sc.has("surrender"):
        return _no(f"{sc.name} has no surrender rules (War for Europe has)", "Surrender")
    code = nation.strip().lower()
    code = ALIASES.get(code, SIDE_NATION.get(code, code))
    soviet = st.sides.get("soviet")
    if code == "su" and soviet is not None and soviet.surrender_refused:
        # Surrender, Soviet Union 4: "the Soviets will NEVER surrender again"
        return _no(
            "the Axis refused a Soviet surrender: the Soviets will never surrender again", "Surrender, Soviet Union 4"
        )
    if refused:
        return _refused(cx, code, offered)
    if code == "vichy":
        return dissolve_vichy(cx)
    if code == "ro+bg":
        why = not_offered(cx, code) if offered else None
        if why and any(st.nations.get(c) is not None and st.nations[c].status != "surrendered" for c in ("ro", "bg")):
            return _no(*why)
        return _rumania_bulgaria(cx)
    n = st.nations.get(code)
    if n is None:
        return _no(f"{code!r} is not a nation of the game", "Surrender")
    name = cx.board.country_name(code)
    if n.status == "surrendered":
        return _no(
            f"{name} has surrendered already: a country surrenders once",
            "Surrender, France 7; Great Britain 5; Other countries 5",
        )
    if code == "us":
        return _no("the United States can never surrender: it must be occupied", "Surrender, The United States 1")
    why = not_offered(cx, code) if offered else None
    if why:
        return _no(*why)
    if n.status not in ("at_war", "at_peace", "unaligned", "inclined"):
        return _no(f"{name} is {n.status.replace('_', ' ')}", "Surrender")
    r = _surrenders(cx, code, n, name, free_french)
    if r.ok and code in MORALE_SURRENDER:
        c, m = morale_commands(cx, *MORALE_SURRENDER[code])
        r.commands += c
        r.messages += m
    return r


def _refused(cx, code: str, offered: bool) -> BuildCheck:
    """Surrender, Soviet Union 4 (rulings R57): the Axis refuses the Soviet surrender offered."""
    st = cx.state
    if code != "su":
        return _no("only a Soviet surrender is offered to the Axis, who may refuse it", "Surrender, Soviet Union 4")
    if st.nations.get("su") is None or st.nations["su"].status == "surrendered" or st.sides.get("soviet") is None:
        return _no("the Soviet Union has surrendered already", "Surrender, Soviet Union 4")
    why = not_offered(cx, "su") if offered else None
    if why:
        return _no(*why)
    return BuildCheck(
        True,
        commands=[SetRecord(text="Soviet surrender refused", side="soviet", fields={"surrender_refused": 1})],
        messages=[
            "the Axis refuses the Soviet surrender: the Soviets will never surrender again "
            "[Surrender, Soviet Union 4; rulings R57]"
        ],
    )


def _surrenders(cx, code: str, n: Nation, name: str, free_french: int) -> BuildCheck:
    """What ``code``'s surrender does: its own section (France, Italy, Finland, Great Britain), a
    capital taken (Other countries 1-5), or its record alone (Germany, the Soviet Union, ...)."""
    own = {"it": _italy, "fi": _finland, "gb": _britain}.get(code)
    held = _capital_held(cx, code)
    if code == "fr":
        r = _france(cx, n, free_french)
    elif own is not None:
        r = own(cx, n)
    elif held is not None:
        c, m = capital_surrender(cx, held[1], held[0])
        r = BuildCheck(True, commands=c, messages=m)
    else:
        r = BuildCheck(
            True,
            commands=[
                SetNation(text=f"{name} surrenders", code=code, side=n.side, status="surrendered", joined=n.joined)
            ],
            messages=[
                f"{name} surrenders"
                + (
                    " [Surrender, Germany 1-2]"
                    if code == "ge"
                    else " [Surrender, Soviet Union 1-5: no further attacks between the "
                    "Axis and Soviet players; the Soviets take no further part]"
                    if code == "su"
                    else " [Surrender, Other countries 1, 4-5]"
                )
            ],
        )
    return r


def _capital_held(cx, code: str) -> tuple[str, str] | None:
    """(capital, holder) when ``code`` surrenders by Other countries 1 now, else None."""
    return next(((cap, holder) for c, cap, holder in capitals_held(cx) if c == code), None)


def _france(cx, n: Nation, free_french: int) -> BuildCheck:
    st = cx.state
    cmds: list = [SetNation(text="France surrenders", code="fr", side="axis", status="surrendered", joined=n.joined)]
    msgs = ["France surrenders, no production devastated [Surrender, France 1-2]"]
    french = [
        s
        for s in _spaces(cx, "fr") + list(cx.board.regions.get("corsica", ()))
        if cx.control.get(s) in ("allies", None)
    ]
    cmds += _to_side(cx, french, "axis", "to the Axis")
    msgs.append(
        f"uncaptured French hexes and Corsica become Axis: {', '.join(cx.board.sorted(set(french)))} [Surrender, France 3]"
    )
    vichy = [s for c in VICHY_LANDS for s in _spaces(cx, c) if cx.control.get(s) in ("allies", None)]
    cmds += [SetHex(text=f"{s} Vichy French", space=s, control="none", occupied=False) for s in vichy]
    cmds.append(
        SetNations(
            nations={
                c: Nation(None, "vichy", st.nations[c].joined if c in st.nations else None)
                for c in VICHY_LANDS
                if c in st.nations
            }
        )
    )
    msgs.append(
        f"the French hexes of Lebanon-Syria, Tunisia, Algeria and Morocco become Vichy French: "
        f"{', '.join(cx.board.sorted(vichy))} [Surrender, France 3; Vichy France 3-6]"
    )
    territory = (
        set(_spaces(cx, "fr"))
        | set(cx.board.regions.get("corsica", ()))
        | {s for c in VICHY_LANDS for s in _spaces(cx, c)}
    )
    inf = air = mech = 0
    for a in st.armies:
        if a.side == "allies" and a.at in territory:
            inf += a.points.get("infantry", 0) + a.points.get("amphibious", 0) + a.points.get("para", 0)
            mech += a.points.get("mechanized", 0)
            air += a.points.get("tactical_air", 0)
            cmds.append(RemoveArmy(text=f"{a.name} leaves France", army=a.name))
    if free_french > inf:
        return _no(
            f"{free_french} infantry points saved, but the Allies have {inf} in French and Vichy territory",
            "Surrender, France 4",
        )
    msgs.append(
        f"{mech} mechanised points in French territory removed [Surrender, France 5]; of {inf} infantry points "
        f"{free_french} rolled 1-2 and join the Free French Army, {inf - free_french} removed [Surrender, France 4]"
    )
    if free_french or air:
        name, at = FREE_FRENCH
        if st.army(name) is not None:
            a = st.army(name)
            cmds.append(
                SetArmyPoints(
                    army=name,
                    points={
                        t: a.points.get(t, 0) + (free_french if t == "infantry" else air if t == "tactical_air" else 0)
                        for t in POINT_TYPES
                    },
                )
            )
        else:
            pts = {t: 0 for t in POINT_TYPES}
            pts["infantry"], pts["tactical_air"] = free_french, air
            cmds.append(AddArmy(text="Free French Army", army=Army(name, "allies", "fr", at, pts)))
        msgs.append(
            f"the Free French Army in {at}: {free_french} infantry, {air} tactical air [Surrender, France 4, 6]"
        )
    return BuildCheck(True, commands=cmds, messages=msgs)


def dissolve_vichy(cx, by: str = "the Axis") -> BuildCheck:
    """Vichy France 5-6: "All Vichy territory becomes Axis territory"."""
    st = cx.state
    vichy = [c for c in VICHY_LANDS if st.nations.get(c) is not None and st.nations[c].status == "vichy"]
    if not vichy:
        return _no("there is no Vichy France (France has not surrendered, or Vichy is dissolved)", "Vichy France 5")
    spaces = [s for c in vichy for s in _spaces(cx, c) if s not in cx.control]
    cmds: list = _to_side(cx, spaces, "axis", "to the Axis")
    cmds.append(SetNations(nations={c: Nation("axis", "at_war", st.turn) for c in vichy}))
    return BuildCheck(
        True,
        commands=cmds,
        messages=[
            f"Vichy France is dissolved by {by}: its lands become Axis ({', '.join(cx.board.sorted(spaces)) or 'none left'}) "
            f"and lose their neutral forces [Vichy France 5-6]"
        ],
    )


def _italy(cx, n: Nation) -> BuildCheck:
    st = cx.state
    cmds: list = [SetNation(text="Italy surrenders", code="it", side=n.side, status="surrendered", joined=n.joined)]
    need = {"infantry": 5, "mechanized": 1}
    ita, paa = st.army("Italian Army"), st.army("Panzer Army Africa")
    for a in (ita, paa):
        if a is None:
            continue
        take = {t: min(v, a.points.get(t, 0)) for t, v in need.items()}
        need = {t: need[t] - take[t] for t in need}
        if a is ita:
            continue
        left = {t: a.points.get(t, 0) - take.get(t, 0) for t in POINT_TYPES}
        cmds.append(RemoveArmy(army=a.name) if not any(left.values()) else SetArmyPoints(army=a.name, points=left))
    msgs = [
        "Italy surrenders [Surrender, Italy 1]",
        "five infantry and one mechanised lost, the Italian army's first [Surrender, Italy 2]",
    ]
    if ita is not None:
        cmds.append(RemoveArmy(text="Italian Army removed", army=ita.name))
    fleets = [f for f in st.fleets if f.nation == "it"]
    if fleets:
        cmds.append(SetFleets(fleets=[copy.deepcopy(f) for f in st.fleets if f.nation != "it"]))
    msgs.append(
        f"the Italian Army and {len(fleets)} Italian fleet{'s' if len(fleets) != 1 else ''} are removed with their "
        f"points; Italian hexes keep their allegiance [Surrender, Italy 3-4]"
    )
    return BuildCheck(True, commands=cmds, messages=msgs)


def _rumania_bulgaria(cx) -> BuildCheck:
    st = cx.state
    cmds: list = []
    for code in ("ro", "bg"):
        n = st.nations.get(code)
        if n is not None and n.status != "surrendered":
            cmds.append(
                SetNation(text=f"{code} surrenders", code=code, side=n.side, status="surrendered", joined=n.joined)
            )
    if not cmds:
        return _no("Rumania and Bulgaria have surrendered already", "Surrender, Other countries 5")
    ro = st.army("Rumanian Army")
    if ro is not None:
        cmds.append(RemoveArmy(text="Rumanian Army removed", army=ro.name))
    held = {a.at for a in st.armies if a.side == "axis" and a.name != "Rumanian Army"}
    lands = [s for c in ("ro", "bg") for s in _spaces(cx, c) if cx.control.get(s) != "soviet" and s not in held]
    cmds += _to_side(cx, lands, "soviet", "to the Soviets")
    c, m = morale_commands(cx, *MORALE_SURRENDER["ro+bg"])
    return BuildCheck(
        True,
        commands=cmds + c,
        messages=[
            "Rumania and Bulgaria surrender; the Rumanian army is removed [Surrender, Rumania and Bulgaria 1, 3]",
            f"their land becomes Soviet but where an Axis army other than the Rumanian stands: "
            f"{', '.join(cx.board.sorted(lands)) or 'none'} [Surrender, Rumania and Bulgaria 4]",
        ]
        + m,
    )


def _finland(cx, n: Nation) -> BuildCheck:
    st = cx.state
    fin = set(_spaces(cx, "fi"))
    cmds: list = [SetNation(text="Finland surrenders", code="fi", side=None, status="neutral", joined=n.joined)]
    lost = [a for a in st.armies if a.side == "axis" and a.at in fin]
    cmds += [RemoveArmy(text=f"{a.name} lost", army=a.name) for a in lost]
    unaligned = [s for s in fin if cx.control.get(s) == "axis"]
    cmds += [SetHex(text=f"{s} unaligned", space=s, control="none", occupied=False) for s in unaligned]
    return BuildCheck(
        True,
        commands=cmds,
        messages=[
            f"Finland surrenders: the Axis loses {sum(a.total() for a in lost)} strength points in Finland [Surrender, Finland 3]",
            f"Finland is unaligned and may not be attacked for the rest of the game; its Axis hexes are unaligned "
            f"({', '.join(cx.board.sorted(unaligned)) or 'none'}), those the Soviets took stay Soviet [Surrender, Finland 4]",
        ],
    )


def _britain(cx, n: Nation) -> BuildCheck:
    st = cx.state
    us = st.nations.get("us")
    before_us = us is None or us.status != "at_war"
    mainland = list(cx.board.regions.get("great_britain", ()))
    lands = mainland + (
        list(cx.board.regions.get("north_ireland", ())) + [s for c in BRITISH_LANDS for s in _spaces(cx, c)]
        if before_us
        else []
    )
    gained = [s for s in lands if cx.control.get(s) in ("allies", None)]
    cmds: list = [
        SetNation(text="Great Britain surrenders", code="gb", side=n.side, status="surrendered", joined=n.joined)
    ]
    cmds += _to_side(cx, gained, "axis", "to the Axis")
    what = (
        "before the United States entered the war: the British mainland, North Ireland, Gibraltar, Malta, Egypt, "
        "Cyprus, Palestine and Transjordan become Axis; the Western Allies take no further part [Surrender, Great Britain 3]"
        if before_us
        else "after the United States entered the war: only the British mainland becomes Axis; the "
        "Western Allies remain in the game [Surrender, Great Britain 4]"
    )
    return BuildCheck(
        True,
        commands=cmds,
        messages=[
            "Great Britain surrenders [Surrender, Great Britain 1-2, 5]",
            what,
            f"to the Axis: {', '.join(cx.board.sorted(gained)) or 'none'}",
        ],
    )


def automatic_surrenders(cx, side: str) -> tuple[list, list[str]]:
    """The surrenders the text makes automatic, applied at the end of ``side``'s combat phase
    (rulings R72): Rumania and Bulgaria "both surrender if" a Soviet army is in or beside them
    and the Soviet armies outnumber the Axis points on the eastern front (Surrender, Rumania and
    Bulgaria 1: no moment named, so when a combat phase's results are settled; a surrender to the
    Soviets while they are at war with the Axis); Finland when its
    Axis army "ever becomes unsupplied" (Finland 1) or holds "LESS than four strength points at
    the conclusion of an Axis combat phase" (Finland 2; none left is under four, R62).  The
    others stay the players' (rolls) or the referee's (capitals, morale): offered, not applied.
    The commands are applied to ``cx.state`` as they are made (a copy the caller runs them on)."""
    st = cx.state
    if not cx.scenario.has("surrender"):
        return [], []
    cmds: list = []
    msgs: list[str] = []
    if cx.at_war("axis", "soviet") and any(o["nation"] == "ro+bg" for o in surrender_offers(cx)):
        o = next(o for o in surrender_offers(cx) if o["nation"] == "ro+bg")
        r = _rumania_bulgaria(cx)
        if r.ok:
            apply(st, r.commands)
            cmds += r.commands
            msgs += [f"Rumania and Bulgaria surrender immediately: {o['what']} [{o['rule']}; rulings R72]", *r.messages]
            cx = Context(cx.map, cx.scenario, st)
    n = st.nations.get("fi")
    if n is not None and n.status == "at_war" and n.side == "axis":
        fin = [a for a in st.armies if a.side == "axis" and cx.country(a.at) == "fi"]
        cut = [a for a in fin if a.at not in cx.supplied("axis")]
        points = sum(a.total() for a in fin)
        why = ""
        if cut:
            why = f"the Axis army in Finland is unsupplied ({', '.join(a.name for a in cut)}) [Surrender, Finland 1"
        elif side == "axis" and points < 4:
            why = f"the Axis army in Finland holds {points} strength points, less than four, at the end of the Axis combat phase [Surrender, Finland 2"
        if why:
            r = _finland(cx, n)
            apply(st, r.commands)
            cmds += r.commands
            msgs += [f"the Finnish surrender immediately: {why}; rulings R72]", *r.messages]
    return cmds, msgs
