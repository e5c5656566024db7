"""A referee's record of a nation's standing: joining a side, surrendering, becoming neutral (rulings R39).

War for Europe's entries into the war (Entry into the War; Italy 3-4; Nations inclined toward the
Axis 1-5; The United States 1; Violation of neutrality 2-9) and its surrenders depend on die rolls
and on choices the players make, so the referee records them with :func:`check_nation` (``mapref set
GAME --nation CODE --status STATUS [--side SIDE]``).  What follows from the record:

- the turn a nation joins a side (``at_war`` on that side, from anything else) is recorded as its
  ``joined`` turn: Finland's army is supplied on that turn (Nations inclined toward the Axis 4;
  rulings R36);
- a nation that joins a side brings it every land space of its own that no side holds (Violation of
  neutrality 2: "the nation and all of its un-captured hexes"; Entry into the War 8: conquered
  territory stays with the conqueror); those spaces carry no occupation marker;
- anything else (a surrender, a nation becoming unaligned or neutral) changes only the record:
  what else a surrender does (Finland 3-4: its Axis points lost, its hexes unaligned) is entered
  with ``mapref set HEX --control`` and ``mapref losses``.

Nothing here changes the state: the result carries the commands (undoable) to apply.
"""

from __future__ import annotations

from mapref.rulesets.hitlers_war.build import US_FIRST
from mapref.rulesets.hitlers_war.commands import AddArmy, SetArmyPoints, SetHex, SetNation, SetRecord
from mapref.rulesets.hitlers_war.results import CombatCheck
from mapref.rulesets.hitlers_war.morale import MORALE_JOIN, morale_commands
from mapref.rulesets.hitlers_war.state import POINT_TYPES, STATUSES, Army, Turn

KEEP = object()  # check_nation(side=KEEP): the nation keeps the side it has
NEEDS_SIDE = ("at_peace", "inclined")
FINNISH_ARMY = (
    "Finnish Army",
    "T13",
)  # Nations inclined toward the Axis 4  # at_war may be on no side (Poland: Violation of neutrality 9)


def _no(reason: str, rule: str = "") -> CombatCheck:
    return CombatCheck(False, reason, rule)


def nation_spaces(cx, code: str) -> list[str]:
    """The land hexes and off-map boxes of a country (present in the scenario)."""
    spaces = [s for s in cx.board.spaces_of_country(code) if cx.exists(s)]
    return sorted(s for s in spaces if not cx.is_box(s)) + sorted(s for s in spaces if cx.is_box(s))


def check_nation(
    cx, code: str, status: str, side=KEEP, joined: Turn | None = None, army: str | None = None
) -> CombatCheck:
    """Record ``code``'s ``status`` (and ``side``: a side, ``None`` for nobody, or KEEP).  ``army``:
    the Axis army that takes the Baltic States' two points when they join (Nations inclined 5)."""
    st, m = cx.state, cx.map
    code = code.strip().lower()
    bad = _words_problem(cx, code, status, side)
    if bad:
        return bad
    old = st.nations.get(code)
    new_side = (old.side if old else None) if side is KEEP else side
    name = m.countries[code].name or code
    if status in NEEDS_SIDE and new_side is None:
        return _no(f"a nation {status.replace('_', ' ')} needs a side: give --side", "")
    if old is not None and (old.side, old.status) == (new_side, status) and joined is None:
        return _no(
            f"{name} is already {status.replace('_', ' ')}" + (f" on the {new_side} side" if new_side else ""), ""
        )
    joins = (
        status == "at_war" and new_side is not None and not (old and old.status == "at_war" and old.side == new_side)
    )
    when = joined if joined is not None else (st.turn if joins else (old.joined if old else None))
    what = f"{name} ({code}): {status.replace('_', ' ')}" + (f" on the {new_side} side" if new_side else "")
    out = CombatCheck(
        True,
        commands=[SetNation(text=what, code=code, side=new_side, status=status, joined=when)],
        messages=[what + (f", joined {when}" if when and (joins or joined is not None) else "")],
    )
    if army and not (joins and code == "bs" and new_side == "axis"):
        return _no(
            "--army names the army that takes the Baltic States' two points when they join the Axis",
            "Nations inclined toward the Axis 5",
        )
    if joins and new_side is not None:  # (joins: at war on a side)
        bad = _joins(cx, code, name, new_side, when, army, out)
        if bad:
            return bad
    return out


def _words_problem(cx, code: str, status: str, side) -> CombatCheck | None:
    """A country, status or side the map and scenario do not have."""
    m, sc = cx.map, cx.scenario
    if code not in m.countries:
        return _no(f"{code!r} is not a country of the map (it has {', '.join(sorted(m.countries))})", "")
    if status not in STATUSES:
        return _no(f"{status!r} is not a nation status (one of {', '.join(STATUSES)})", "")
    if side is not KEEP and side is not None and side not in sc.sides:
        return _no(f"{side!r} is not a side of {sc.id} ({', '.join(sc.sides)}, or none)", "")
    return None


def _joins(cx, code: str, name: str, new_side: str, when, army: str | None, out: CombatCheck) -> CombatCheck | None:
    """What a nation joining ``new_side`` brings (the commands and messages to ``out``): its spaces
    no side holds (Violation of neutrality 2; Entry into the War 8), Finland's and the Baltic
    States' points (Nations inclined toward the Axis 4-5), the morale chart's event, the U.S.
    builds (The United States 3); the refusal, or None."""
    sc = cx.scenario
    gained = [s for s in nation_spaces(cx, code) if s not in cx.control]
    for s in gained:
        out.commands.append(
            SetHex(
                text=f"{s} joins the {new_side}",
                space=s,
                control=new_side,
                occupied=cx.start.get(s) not in (None, new_side),
            )
        )
    held = [s for s in nation_spaces(cx, code) if cx.control.get(s) not in (None, new_side)]
    if gained:
        out.messages.append(
            f"{len(gained)} spaces of {name} no side held become {new_side}: {', '.join(gained)} "
            f"[Violation of neutrality 2]"
        )
    if held:
        out.messages.append(f"{', '.join(held)} stay with the side that holds them [Entry into the War 8]")
    if code == "fi" and new_side == "axis" and sc.has("entry_into_the_war"):
        _finnish_army(cx, out)
    if code == "bs" and new_side == "axis" and sc.has("entry_into_the_war"):
        bad = _baltic_points(cx, army, out)
        if bad:
            return bad
    if code == "fi":
        out.messages.append(
            f"Finland's army is supplied this turn ({when}), then only via the Baltic "
            f"[Nations inclined toward the Axis 4; rulings R36]"
        )
    if code in MORALE_JOIN and MORALE_JOIN[code][0].keys() <= {new_side}:
        c, m2 = morale_commands(cx, *MORALE_JOIN[code])
        out.commands += c
        out.messages += m2
    if code == "us" and sc.has("entry_into_the_war"):
        out.commands.append(SetRecord(text="U.S. builds", side=new_side, fields={"us_first": US_FIRST}))
        out.messages.append(
            f"the first {US_FIRST} strength points the {new_side} build must be placed in the United States "
            f"[The United States 3]"
        )
    return None


def _finnish_army(cx, out: CombatCheck) -> None:
    """Nations inclined toward the Axis 4: "The Axis player immediately places four strength points
    in a new Axis army located in hex T13" (four infantry: rulings R58)."""
    st = cx.state
    name, at = FINNISH_ARMY
    if st.army(name) is None and not any(x.at == at for x in st.armies):
        pts = {t: 0 for t in POINT_TYPES}
        pts["infantry"] = 4
        out.commands.append(AddArmy(text=f"{name} placed in {at}", army=Army(name, "axis", "fi", at, pts)))
        out.messages.append(
            f"the {name} is placed in {at} with four infantry points [Nations inclined toward the Axis 4; rulings R58]"
        )
    else:
        out.messages.append(
            f"the {name} is in play or {at} holds an army: the Axis places the Finnish army's four points "
            f"[Nations inclined toward the Axis 4]"
        )


def _baltic_points(cx, army: str | None, out: CombatCheck) -> CombatCheck | None:
    """Nations inclined toward the Axis 5: "The Axis player immediately places two strength points
    in any of their armies" (two infantry: rulings R58)."""
    if not army:
        out.messages.append(
            "the Axis places two strength points in any of its armies: record them with --army ARMY "
            "[Nations inclined toward the Axis 5]"
        )
        return None
    target = cx.state.army(army)
    if target is None or target.side != "axis":
        return _no(
            f"{army!r} is not an Axis army: the Baltic States' two points go to an Axis army",
            "Nations inclined toward the Axis 5",
        )
    pts = dict(target.points)
    pts["infantry"] = pts.get("infantry", 0) + 2
    out.commands.append(SetArmyPoints(text=f"{army} +2 infantry", army=army, points=pts))
    out.messages.append(
        f"{army} receives the Baltic States' two infantry points [Nations inclined toward the Axis 5; rulings R58]"
    )
    return None
