"""War for Europe's politics the referee enforces: whom a side may attack and when, what an attack
or a capture sets off (a nation at war, a capital's surrender), the nations that join a side by
themselves (the morale these events change is :mod:`.morale`'s).  Each scenario switches these
rules on with a ``[special.<id>]`` note: ``entry_into_the_war``, ``surrender``.

- Entry into the War, The Soviet Union 1-5 (:func:`attack_problem`, :func:`after_attack`): the
  Soviet Union "is not at war with anyone in 1939" (its nation ``at_peace``); in winter 1939 it may
  attack only Poland (1-2); the Soviets and the Axis may not attack each other until Poland has
  surrendered (3); from spring 1940 the Soviets may attack Germany, Italy, the inclined and the
  unaligned nations once Poland has surrendered (4); a Soviet attack on Germany or on land the
  Axis conquered is war with the Axis (5), as is an Axis attack on the Soviets once allowed.  A
  nation the Soviets may no longer attack (10) is refused too.
- Surrender, Other countries 1-5 (:func:`capital_surrender`): a country surrenders when its
  capital is captured; its uncaptured hexes go to the captor, without devastation; never twice;
  the Low Countries never surrender.
- Nations inclined toward the Axis 1-3, The United States 1 (:func:`automatic_entries`): the
  scenario's ``[entries.*]`` join their side at the beginning of the named player turn if still
  unaligned (rulings R39 as changed in issue 12).

Nothing here changes the state: each function returns commands (undoable) and messages.
"""

from __future__ import annotations

import copy

# (what only an action needs, its commands first, is imported by the functions that make the
# action: a report starts without it; see ruleset.py, issue 34)
from mapref.rulesets.hitlers_war.common import SOVIET_UNION, Context
from mapref.rulesets.hitlers_war.phases import steps
from mapref.rulesets.hitlers_war.state import POINT_TYPES, Army, Turn

TYPE_CHECKING = False  # (typing is not imported at run time, as in mapref.rules.ruleset)
if TYPE_CHECKING:
    from mapref.rulesets.hitlers_war.commands import Command

POLAND = "pl"
LOW_COUNTRIES = "lc"
ITALY = "it"
# nations with their own section of the Surrender rules (Germany, Italy, Rumania and Bulgaria,
# Finland, Soviet Union, France, Great Britain, The United States): "Other countries 1" is the rest
OWN_SURRENDER = ("ge", "it", "su", "fr", "gb", "us")
OWN_SURRENDER_AT_WAR = ("ro", "bg", "fi")  # their sections are about them fighting on the Axis side
NOT_YET = ("unaligned", "inclined")


def _status(cx, code: str) -> str | None:
    n = cx.state.nations.get(code)
    return n.status if n else None


def first_year(cx) -> bool:
    """The Soviet Union 1: "in 1939" -- the winter 1939 turn, before spring 1940."""
    return cx.state.turn < Turn(1940, "spring")


# ------------------------------------------------------------------------ who may attack
def attack_problem(cx, side: str, target: str, defenders: list[str] | None = None) -> tuple[str, str] | None:
    """Why ``side`` may not attack ``target`` now (reason, rule), or None.  ``defenders``: the
    sides of the armies in it."""
    sc = cx.scenario
    if not sc.has("entry_into_the_war"):
        return None
    su = _status(cx, SOVIET_UNION)
    holders0 = {cx.control.get(target)} | set(defenders or [])
    if su == "surrendered" and {side} | holders0 >= {"soviet", "axis"}:
        return (
            f"{target}: the Soviet Union has surrendered; no further attacks are allowed between the Axis and Soviet "
            f"players",
            "Surrender, Soviet Union 2",
        )
    if su != "at_peace":
        return None  # at war with the Axis
    owner = cx.control.get(target)
    holders = {owner} | set(defenders or [])
    nation = cx.country(target)
    poland_down = _status(cx, POLAND) == "surrendered"
    if side == "axis" and "soviet" in holders:
        if not poland_down:
            return (
                f"{target} is Soviet: the Soviet and Axis forces may not attack each other until Poland has surrendered",
                "The Soviet Union 3",
            )
        return None
    if side != "soviet":
        return None
    if "axis" in holders:
        if first_year(cx):
            return (
                f"{target} is Axis: the Soviet Union may not attack the Axis in the winter 1939 turn",
                "The Soviet Union 1",
            )
        if not poland_down:
            return (
                f"{target} is Axis: the Soviet and Axis forces may not attack each other until Poland has surrendered",
                "The Soviet Union 3",
            )
        return None
    if owner is not None or nation is None:
        return None
    n = cx.state.nations.get(nation)
    if n is None or n.status not in NOT_YET + ("at_war",):
        return None
    name = cx.board.country_name(nation)
    if nation == POLAND:
        return None  # The Soviet Union 2: Polish hexes not conquered by the Axis
    if "soviet" in n.no_attack:
        return (
            f"{name} withstood the Soviet attack: the Soviet Union may not attack it for the remainder of the game",
            "The Soviet Union 10",
        )
    if first_year(cx):
        what = (
            "Italy"
            if nation == ITALY
            else (f"{name}, inclined to the Axis" if n.status == "inclined" else f"{name}, unaligned")
        )
        return (
            f"{target} is in {what}: in 1939 the Soviet Union may attack only Poland",
            "The Soviet Union 1-2" if nation == ITALY or n.status == "inclined" else "The Soviet Union 2, 4",
        )
    if not poland_down:
        return (
            f"{target} is in {name}: from spring 1940 the Soviet Union may attack it only once Poland has surrendered",
            "The Soviet Union 4",
        )
    return None


def after_attack(cx, side: str, target: str, defenders: list[str] | None = None) -> tuple[list, list[str]]:
    """What an attack by ``side`` on ``target`` sets off: the first attack on an unaligned nation
    is recorded (Violation of neutrality 2, resolved at the end of the combat phase by
    :func:`neutrality_commands`); The Soviet Union 5 ("If the Soviet Union attacks Germany or any
    territory conquered by the Axis the Soviet Union is considered at war with the Axis"), and an
    Axis attack on the Soviets, allowed once Poland has surrendered (3)."""
    from mapref.rulesets.hitlers_war.commands import SetNation

    if not cx.scenario.has("entry_into_the_war"):
        return [], []
    cmds, msgs = [], []
    code = cx.country(target)
    n = cx.state.nations.get(code) if code else None
    if n is not None and target not in cx.control and n.status in NOT_YET and code != POLAND and not n.attacked_by:
        cmds.append(
            SetNation(
                text=f"{code} attacked",
                code=code,
                side=n.side,
                status=n.status,
                joined=n.joined,
                attacked_by=side,
                attacked=cx.state.turn,
            )
        )
        msgs.append(
            f"the {side} are the first to attack {cx.board.country_name(code)}: unless it surrenders in this combat "
            f"phase it joins another side [Violation of neutrality 2-8]"
        )
    if _status(cx, SOVIET_UNION) != "at_peace":
        return cmds, msgs
    holders = {cx.control.get(target)} | set(defenders or [])
    if {side} | holders >= {"soviet", "axis"} and side in ("soviet", "axis"):
        n = cx.state.nations[SOVIET_UNION]
        rule = "The Soviet Union 5" if side == "soviet" else "The Soviet Union 3, 5"
        su = cx.state.nations[SOVIET_UNION]
        # the turn the war began is kept: Soviet winter combat 2 counts its winters (rulings R54)
        return (
            cmds
            + [
                SetNation(
                    text="the Soviet Union at war with the Axis",
                    code=SOVIET_UNION,
                    side=su.side,
                    status="at_war",
                    joined=su.joined or cx.state.turn,
                )
            ],
            msgs + [f"the {side} attack {target}: the Soviet Union is at war with the Axis [{rule}]"],
        )
    return cmds, msgs


def neutrality_commands(cx, side: str) -> tuple[list, list[str]]:
    """Violation of neutrality 2-8 and The Soviet Union 8-11, at the end of ``side``'s combat
    phase: each nation ``side`` first attacked this turn that was not forced to surrender
    "automatically join[s] one of the other sides": the Axis when first attacked by the Western
    Allies (4) or by the Soviets at war with the Axis (3); the Western Allies when first attacked by
    the Axis (5), but Finland, the Baltic States, Hungary, Rumania and Bulgaria join the Soviets (8);
    the Soviets at peace: Finland and the Baltic States become inclined to the Axis (The Soviet
    Union 8-9), any other nation may never be attacked by them again (10).  Conquered hexes stay
    with the conqueror (Entry into the War 8); a nation's armies change side with it (6-7)."""
    from mapref.rulesets.hitlers_war.commands import AddArmy, apply, RemoveArmy, SetNation
    from mapref.rulesets.hitlers_war.nations import check_nation

    if not cx.scenario.has("entry_into_the_war"):
        return [], []
    st = cx.state
    work = copy.deepcopy(st)
    cmds: list = []
    msgs: list[str] = []
    su_war = _status(cx, SOVIET_UNION) == "at_war"
    for code, n in sorted(st.nations.items()):
        if n.attacked_by != side or n.attacked != st.turn or n.status not in NOT_YET:
            continue
        name = cx.board.country_name(code)
        if side == "soviet" and not su_war:
            if code in ("fi", "bs"):
                c: list[Command] = [
                    SetNation(text=f"{name} inclined", code=code, side="axis", status="inclined", joined=n.joined)
                ]
                m = f"{name} withstood the Soviet attack: hostilities cease and it becomes inclined to the Axis; its hexes the Soviets took stay Soviet [The Soviet Union 8-9]"
            else:
                c = [
                    SetNation(
                        text=f"{name} closed to the Soviets",
                        code=code,
                        side=n.side,
                        status=n.status,
                        joined=n.joined,
                        no_attack=sorted(set(n.no_attack) | {"soviet"}),
                    )
                ]
                m = f"{name} withstood the Soviet attack: hostilities cease and the Soviet Union may not attack it for the rest of the game [The Soviet Union 10]"
            apply(work, c)
            cmds += c
            msgs.append(m)
            continue
        if side in ("allies", "soviet"):
            to, rule = (
                "axis",
                "Violation of neutrality 3"
                if side == "soviet"
                else "Violation of neutrality 4" + (", 7" if code == "us" else ""),
            )
        else:
            to, rule = (
                ("soviet", "Violation of neutrality 8")
                if code in ("fi", "bs", "hu", "ro", "bg")
                else ("allies", "Violation of neutrality 5" + (", 6" if code == ITALY else ""))
            )
        r = check_nation(Context(cx.map, cx.scenario, work, cx.graph), code, "at_war", to)
        if not r.ok:
            continue
        apply(work, r.commands)
        cmds += r.commands
        msgs.append(
            f"{name} was not forced to surrender by the {side}: it joins the {to} side with its uncaptured hexes [{rule}]"
        )
        msgs += r.messages[1:]
        for a in [x for x in work.armies if x.nation == code and x.side != to]:
            moved = copy.deepcopy(a)
            moved.side = to
            moves: list[Command] = [RemoveArmy(army=a.name), AddArmy(text=f"{a.name} to the {to}", army=moved)]
            apply(work, moves)
            cmds += moves
            msgs.append(f"{a.name} becomes a {to} army of the same strength [Violation of neutrality 6-7]")
    return cmds, msgs


# ---------------------------------------------------------------------------- surrender
def capital_surrender(cx, side: str, target: str) -> tuple[list, list[str]]:
    """Surrender, Other countries 1-5: ``side`` has just captured ``target``; if it is the capital
    of a country whose surrender this rule decides, the country surrenders: its hexes that no
    other side captured become ``side``'s (occupied, no devastation: 4; The Soviet Union 2 says
    the same of Poland), its home forces disappear (Unaligned Forces 3), and it never surrenders
    again (5)."""
    from mapref.rulesets.hitlers_war.commands import CountHexes, SetHex, SetHomeForces, SetNation

    if not cx.scenario.has("surrender"):
        return [], []
    sp = cx.space(target)
    code = cx.country(target)
    if sp is None or not sp.capital or code is None:
        return [], []
    n = cx.state.nations.get(code)
    if n is None or n.status in ("surrendered", "neutral") or code == LOW_COUNTRIES:
        return [], []  # Other countries 3, 5
    if code in OWN_SURRENDER or (code in OWN_SURRENDER_AT_WAR and n.status == "at_war" and n.side):
        return [], []
    name = cx.board.country_name(code)
    cmds: list = [SetNation(text=f"{name} surrenders", code=code, side=side, status="surrendered", joined=n.joined)]
    gained = []
    for s in cx.board.spaces_of_country(code):
        if s == target or not cx.exists(s):
            continue
        holder = cx.control.get(s)
        if holder is None or (n.side is not None and holder == n.side and holder != side):
            cmds.append(SetHex(text=f"{s} to the {side}", space=s, control=side, occupied=cx.start.get(s) != side))
            gained.append(s)
    if gained:
        cmds.append(
            CountHexes(gained={side: len(gained)}, lost={n.side: len(gained)} if n.side and n.side != side else {})
        )
    if any(h.nation == code for h in cx.state.home_forces):
        cmds.append(SetHomeForces(home_forces=[h for h in cx.state.home_forces if h.nation != code]))
    msgs = [f"{name} surrenders: its capital {target} is captured [Surrender, Other countries 1]"]
    if gained:
        msgs.append(
            f"its uncaptured hexes become {side}, no production devastated: {', '.join(cx.board.sorted(gained))} "
            f"[Surrender, Other countries 4; The Soviet Union 2]"
        )
    return cmds, msgs


def capital_of(cx, code: str) -> str | None:
    """The capital hex of country ``code`` on the map (its circled star), or None."""
    for s in cx.board.spaces_of_country(code):
        sp = cx.space(s)
        if sp is not None and sp.capital:
            return s
    return None


def capitals_held(cx) -> list[tuple[str, str, str]]:
    """Surrender, Other countries 1: the countries whose surrender this rule decides and whose
    capital a side other than their own holds now, not yet applied (the capital was taken by a
    correction, ``mapref set --control``, or by isolation before this was applied): (country,
    capital, holder).  A capture by advance applies it at once (:func:`capital_surrender`)."""
    if not cx.scenario.has("surrender"):
        return []
    out = []
    for code, n in cx.state.nations.items():
        if n.status in ("surrendered", "neutral") or code == LOW_COUNTRIES or code in OWN_SURRENDER:
            continue
        if code in OWN_SURRENDER_AT_WAR and n.status == "at_war" and n.side:
            continue
        cap = capital_of(cx, code)
        holder = cx.control.get(cap) if cap else None
        if cap and holder and holder != n.side:
            out.append((code, cap, holder))
    return out


# ------------------------------------------------------------------------- entries
def automatic_entries(cx, turn: Turn, player: str) -> tuple[list, list[str]]:
    """The scenario's ``[entries.*]`` that join at the beginning of ``player``'s turn of ``turn``
    (Nations inclined toward the Axis 1-3; The United States 1).  ``cx`` is the state before."""
    from mapref.rulesets.hitlers_war.commands import AddArmy, apply, SetArmyPoints
    from mapref.rulesets.hitlers_war.nations import check_nation

    sc = cx.scenario
    due = [e for e in sc.entries if e.turn == turn and (e.player_turn or sc.move_order[0]) == player]
    if not due:
        return [], []
    work = copy.deepcopy(cx.state)
    cmds: list = []
    msgs: list[str] = []
    placed: set[str] = set()  # armies placed "in this manner" this turn

    def run(c: list) -> None:
        apply(work, c)
        cmds.extend(c)

    for e in due:
        n = work.nations.get(e.nation)
        name = cx.board.country_name(e.nation)
        if n is None or n.status not in NOT_YET:
            msgs.append(
                f"{name} is {n.status.replace('_', ' ') if n else 'not in play'}, no longer unaligned: it does not join "
                f"by itself [{e.rule}]"
            )
            continue
        r = check_nation(Context(cx.map, sc, work, cx.graph), e.nation, "at_war", e.side, turn)
        if not r.ok:
            msgs.append(f"{name} does not join the {e.side}: {r.reason} [{e.rule}]")
            continue
        run(r.commands)
        msgs.append(f"{name} joins the {e.side} side at the beginning of the {player} {turn} turn [{e.rule}]")
        msgs += r.messages[1:]
        if not e.army:
            continue
        a = work.army(e.army)
        if e.reinforce:
            if a is not None and e.army in placed:
                run(
                    [
                        SetArmyPoints(
                            text=f"{e.army} reinforced",
                            army=e.army,
                            points={t: a.points.get(t, 0) + e.points.get(t, 0) for t in POINT_TYPES},
                        )
                    ]
                )
                msgs.append(f"the {e.army} in {a.at} gains {_pts(e.points)} [{e.rule}]")
        elif a is not None or any(x.at == e.at for x in work.armies):
            msgs.append(
                f"the {e.army} cannot be placed in {e.at}: the hex is occupied or the army is in play "
                f"(the referee places it) [{e.rule}]"
            )
        else:
            run(
                [
                    AddArmy(
                        text=f"{e.army} placed in {e.at}",
                        army=Army(e.army, e.side, e.nation, e.at, {t: e.points.get(t, 0) for t in POINT_TYPES}),
                    )
                ]
            )
            placed.add(e.army)
            msgs.append(f"the {e.army} is placed in {e.at} with {_pts(e.points)} [{e.rule}]")
    return cmds, msgs


ITALY_ROLL_FROM = Turn(1940, "spring")  # Italy 3


def italian_activation(cx) -> dict | None:
    """The Italian activation roll the Axis may make now (rulings R55), or None.  Italy 3: "Starting
    with the spring 1940 turn, the Axis player may make an Italian activation roll, provided they
    have declared war on the Low Countries" (the Axis attacked them: an Axis hex there, or their
    record); 4: "on a roll of 1-2 Italy joins the Axis"; 5: "-1 if the Axis occupies all of the Low
    Countries and -1 for each French hex captured by the Axis"; 6: "made at the beginning of the
    Axis production phase" (offered in its first step).  The players roll; a success is recorded
    with ``mapref set GAME --nation it --status at_war --side axis``."""
    st, sc = cx.state, cx.scenario
    italy, lc = st.nations.get(ITALY), st.nations.get(LOW_COUNTRIES)
    if not sc.has("entry_into_the_war") or italy is None or italy.status not in NOT_YET or lc is None:
        return None
    if st.turn < ITALY_ROLL_FROM or st.side != "axis" or st.phase != "production":
        return None
    first = next((sub for ph, sub in steps(sc) if ph == "production"), "")
    if st.subphase not in ("", first):
        return None
    lc_hexes = [s for s in cx.board.spaces_of_country(LOW_COUNTRIES) if cx.exists(s) and not cx.is_box(s)]
    held = [s for s in lc_hexes if cx.control.get(s) == "axis"]
    if not held and lc.attacked_by != "axis" and not (lc.status == "at_war" and lc.side == "allies"):
        return None
    french = [s for s, v in cx.control.items() if v == "axis" and cx.country(s) == "fr"]
    n = 2 + (1 if lc_hexes and len(held) == len(lc_hexes) else 0) + len(french)
    return {
        "when": "the beginning of the Axis production phase",
        "rule": "Italy 3-6",
        "roll_at_most": n,
        "what": f"the Axis may roll for Italy: roll {n} or less and Italy joins the Axis (1-2"
        + ("; -1 all the Low Countries occupied" if n > 2 + len(french) else "")
        + (f"; -1 for each of {len(french)} French hexes captured" if french else "")
        + ") (rulings R55)",
    }


def _pts(points: dict) -> str:
    return ", ".join(f"{v} {k.replace('_', ' ')}" for k, v in points.items() if v) or "no strength"
