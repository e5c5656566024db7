"""A naval battle the players resolved, or an evasion (Fall of Germany and War for Europe:
Attacking enemy fleets 1-5, Naval battle resolution 1-5; ``mapref naval``; rulings R59).

The dice are the players' (the Firepower table is on the board: rulings R35): they enter each
fleet's losses, or that the defender evaded.  The referee then applies what the rules say:

- Naval battle resolution 2: in the resolve amphibious assaults step;
- 4: "the larger of the two fleets remains at sea and the smaller fleet must return to a friendly
  port (owner's choice) on the same sea. In case of a tie, the fleet that inflicted the greater
  losses remains at sea. If this is also the same, the defending fleet remains at sea";
- 5: a loser with no friendly port on the same sea, or no sea route to one, is eliminated;
- Attacking enemy fleets 1: fleets at sea in the same sea; 4: "Evading fleets move immediately to
  the nearest friendly port. If they are unable to move to a friendly port, they may not evade."

Nothing here changes the state: the result carries the commands.
"""

from __future__ import annotations

import copy

from mapref.rulesets.hitlers_war.commands import SetFleets
from mapref.rulesets.hitlers_war.results import CombatCheck
from mapref.rulesets.hitlers_war.movement import ports_open_to
from mapref.rulesets.hitlers_war.routes import sea_route

BATTLE = "Naval battle resolution"


def _no(reason: str, rule: str) -> CombatCheck:
    return CombatCheck(False, reason, rule)


def on_sea(cx, port: str, zone: str | None) -> bool:
    """Is ``port`` on the sea ``zone`` (its own hex's sea, or a water hex beside it of that sea:
    Kiel and Gibraltar are on two, Movement of naval strength points and fleets 19)?"""
    if zone is None:
        return False
    return cx.sea_zone(port) == zone or any(cx.sea_zone(n) == zone for n in cx.graph.neighbours(port))


def not_now(cx) -> CombatCheck | None:
    """The refusal of any naval battle now (outside the resolve amphibious assaults step), or None."""
    st = cx.state
    if st.phase != "combat" or st.subphase not in ("amphibious", ""):
        return _no(
            "naval battles are resolved in the resolve amphibious assaults step of a combat phase", f"{BATTLE} 2"
        )
    return None


def _carried(cx, fleet, zone: str) -> CombatCheck | None:
    """Fleets at sea 4: "Fleets at sea may only perform one action each turn. A fleet could not
    transport strength points and attack another fleet in the same turn."  Sea transport is kept
    per side and sea (Sea transportation 1-2); the fleet carried some of it when its side's other
    fleets at sea there could not carry it all (rulings R71)."""
    rec = cx.state.sides.get(fleet.side)
    carried = (rec.transported or {}).get(zone, 0) if rec is not None else 0
    others = sum(
        f.capital
        for f in cx.state.fleets
        if f.side == fleet.side and f is not fleet and not f.in_port and cx.sea_zone(f.at) == zone
    )
    if carried <= others:
        return None
    return _no(
        f"{fleet.name} transported strength points through the {zone} this turn ({carried} carried, {others} of them "
        f"by other fleets at most): a fleet at sea performs one action a turn, so it attacks no fleet",
        "Fleets at sea 4 (rulings R71)",
    )


def check_naval(
    cx,
    attacker: str,
    defender: str,
    attacker_losses: int = 0,
    defender_losses: int = 0,
    evaded: bool = False,
    loser_to: str | None = None,
) -> CombatCheck:
    st = cx.state
    bad = not_now(cx)
    if bad is not None:
        return bad
    fa = next((f for f in st.fleets if f.name == attacker), None)
    fd = next((f for f in st.fleets if f.name == defender), None)
    bad = _battle_problem(cx, attacker, fa, defender, fd)
    if bad is not None:
        return bad
    assert fa is not None and fd is not None  # (_battle_problem refuses a fleet that is not there)
    zone = cx.sea_zone(fa.at)
    busy = _carried(cx, fa, zone)
    if busy is not None:
        return busy
    if evaded:
        return _evade(cx, fd, zone)
    for name, f, n in ((attacker, fa, attacker_losses), (defender, fd, defender_losses)):
        if n < 0 or n > f.capital:
            return _no(f"{name} has {f.capital} ship points: it cannot lose {n}", f"{BATTLE} 3")
    left = {fa.name: fa.capital - attacker_losses, fd.name: fd.capital - defender_losses}
    inflicted = {fa.name: defender_losses, fd.name: attacker_losses}
    msgs = [
        f"naval battle in the {zone}: {attacker} loses {attacker_losses} ({left[fa.name]} left), {defender} loses "
        f"{defender_losses} ({left[fd.name]} left) [{BATTLE} 3]"
    ]
    fleets = copy.deepcopy(st.fleets)
    sunk = [f for f in (fa, fd) if left[f.name] <= 0]
    for f in sunk:
        msgs.append(f"{f.name} loses every ship point and is removed [{BATTLE} 3]")
    for x in fleets:
        if x.name in left:
            x.capital = left[x.name]
    if sunk:
        fleets = [x for x in fleets if left.get(x.name, 1) > 0]
        return CombatCheck(True, commands=[SetFleets(text="naval battle", fleets=fleets)], messages=msgs)
    # 4: the larger stays at sea; ties: the greater losses inflicted; then the defender
    if left[fa.name] != left[fd.name]:
        winner = fa if left[fa.name] > left[fd.name] else fd
        why = "the larger fleet"
    elif inflicted[fa.name] != inflicted[fd.name]:
        winner = fa if inflicted[fa.name] > inflicted[fd.name] else fd
        why = "a tie: the fleet that inflicted the greater losses"
    else:
        winner, why = fd, "a tie, and equal losses: the defending fleet"
    msgs.append(f"{winner.name} remains at sea ({why}) [{BATTLE} 4]")
    return _loser_returns(cx, fd if winner is fa else fa, zone, loser_to, fleets, msgs)


def _battle_problem(cx, attacker: str, fa, defender: str, fd) -> CombatCheck | None:
    """Attacking enemy fleets 1: two fleets of opposing sides at sea in the same sea."""
    for name, f in ((attacker, fa), (defender, fd)):
        if f is None:
            return _no(f"no fleet named {name!r}", "Attacking enemy fleets 1")
        if f.in_port:
            return _no(
                f"{name} is in port: ships in port are safe from any direct attack",
                "Movement of naval strength points and fleets 17; Attacking enemy fleets 1",
            )
    if fa.side == fd.side:
        return _no(f"{attacker} and {defender} are both {fa.side}", "Attacking enemy fleets 1")
    zone = cx.sea_zone(fa.at)
    if zone is None or zone != cx.sea_zone(fd.at):
        return _no(
            f"{attacker} ({fa.at}) and {defender} ({fd.at}) are not at sea in the same sea",
            "Attacking enemy fleets 1; Fleets at sea 2-3",
        )
    return None


def _loser_returns(cx, loser, zone: str, loser_to: str | None, fleets: list, msgs: list[str]) -> CombatCheck:
    """The loser returns to a friendly port on the sea, its owner's choice, or is eliminated with
    none it can reach (naval battle resolution 4-5; rulings R53 for a port's room)."""
    options = [p for p in ports_open_to(cx, loser, loser.at, any_room=True) if on_sea(cx, p, zone)]
    if not options:
        fleets = [x for x in fleets if x.name != loser.name]
        msgs.append(f"{loser.name} has no friendly port it can reach on the {zone}: it is eliminated [{BATTLE} 5]")
        return CombatCheck(True, commands=[SetFleets(text="naval battle", fleets=fleets)], messages=msgs)
    if loser_to is None:
        c = _no(
            f"{loser.name} lost the battle and must return to a friendly port on the {zone}, its owner's choice "
            f"(--loser-to, one of {', '.join(options)})",
            f"{BATTLE} 4",
        )
        c.expel = (loser.name, options)
        return c
    if loser_to not in options:
        return _no(
            f"{loser.name} may not return to {loser_to}: not a friendly port on the {zone} it can reach with room "
            f"(legal: {', '.join(options)})",
            f"{BATTLE} 4-5",
        )
    g = next(x for x in fleets if x.name == loser.name)
    room = cx.port(loser_to) - sum(x.capital for x in cx.state.fleets if x.at == loser_to and x.in_port)
    if g.capital > room:  # 13: the points over the port's capacity are lost (rulings R53)
        msgs.append(
            f"the port of {loser_to} holds {room} more: {g.capital - room} of {loser.name}'s ship points are "
            f"eliminated [Movement of naval strength points and fleets 5, 13; rulings R53]"
        )
        g.capital = room
    g.at, g.in_port = loser_to, True
    msgs.append(f"{loser.name} returns to the port of {loser_to} [{BATTLE} 4]")
    return CombatCheck(True, commands=[SetFleets(text="naval battle", fleets=fleets)], messages=msgs)


def _evade(cx, f, zone: str) -> CombatCheck:
    """Attacking enemy fleets 4: to the nearest friendly port (fewest hexes by sea), or no evasion."""
    st = cx.state
    options = ports_open_to(cx, f, f.at, any_room=True)
    if not options:
        return _no(f"{f.name} can reach no friendly port: it may not evade", "Attacking enemy fleets 4")
    friendly = [s for s, v in cx.control.items() if v == f.side]
    blocked = {x.at for x in st.fleets if x.side != f.side and not x.in_port}
    dist = {p: len(sea_route(cx.graph, cx.map, friendly, f.at, p, blocked=blocked).path) - 1 for p in options}
    best = min(dist.values())
    port = cx.board.sorted([p for p, d in dist.items() if d == best])[0]
    fleets = copy.deepcopy(st.fleets)
    g = next(x for x in fleets if x.name == f.name)
    msgs = [
        f"{f.name} evades battle and moves at once to the nearest friendly port, {port} ({best} hexes by sea) "
        f"[Attacking enemy fleets 3-4]"
    ]
    room = cx.port(port) - sum(x.capital for x in st.fleets if x.at == port and x.in_port)
    if g.capital > room:
        msgs.append(
            f"the port of {port} holds {room} more: {g.capital - room} ship points are eliminated "
            f"[Movement of naval strength points and fleets 13; rulings R53]"
        )
        g.capital = room
    g.at, g.in_port = port, True
    return CombatCheck(True, commands=[SetFleets(text="evasion", fleets=fleets)], messages=msgs)
