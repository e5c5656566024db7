"""Ship strength points split between fleets and merged (Fall of Germany, Sea Movement).

Fleet strength points 5: "A player may transfer ship strength points but only between fleets of
the same colour. A country may never have more fleets than have been provided for it."  Movement
of naval strength points and fleets 2: "Each fleet can hold a maximum of ten naval strength
points"; 3: "No two fleets can occupy the same hex"; 12: "New fleets may be created or disbanded to
facilitate this movement"; 18: "Fleets can be created at any time to receive ship strength points.
Empty fleets are removed from play".  Prepare for Play 3 and the set-ups' naval forces ("Allied
naval forces: 8 Capital ships"): the ship points are placed in fleets in the ports the set-up
allows, as many fleets as the player likes (rulings R64).

This module answers only what happens to the ship points (which fleet they leave, which they join
or form, how many are lost); where a fleet may go (ports, sea routes) is
:mod:`mapref.rulesets.hitlers_war.movement` with :mod:`.routes`.
"""

from __future__ import annotations

from dataclasses import dataclass

from mapref.rulesets.hitlers_war.commands import MoveFleet

FLEET_LIMIT = 10  # Movement of naval strength points and fleets 2
TRANSFER_RULE = "Fleet strength points 5; Movement of naval strength points and fleets 2-3, 12, 18 (rulings R64)"


@dataclass
class Transfer:
    ok: bool
    reason: str = ""
    rule: str = ""
    target: object = None  # the fleet of the same nation the points join, or None (a new fleet or the whole one)


def ships_problem(f, ships: int | None) -> str:
    """Why ``ships`` points cannot leave fleet ``f`` (None: the whole fleet), or ""."""
    if ships is None:
        return ""
    if isinstance(ships, bool) or not isinstance(ships, int) or ships < 1:
        return f"--ships: a whole number of ship points from 1 to {f.capital}, not {ships!r}"
    if ships > f.capital:
        return f"{f.name} has {f.capital} ship points, it cannot send {ships}"
    return ""


def transfer(cx, f, to: str, ships: int, in_port: bool) -> Transfer:
    """May ``ships`` points of fleet ``f`` arrive in ``to`` (in port or at sea) as far as fleets
    go?  A fleet of the same side there must be of the same nation (same colour) and in the same
    state (both in port, or both at sea), and the two may hold at most ten together; the points
    then join it.  Otherwise they move as the whole fleet or form a new fleet."""
    st = cx.state
    others = [x for x in st.fleets if x.at == to and x.side == f.side and x is not f]
    if not others:
        return Transfer(True)
    target = others[0]
    if target.nation != f.nation:
        return Transfer(
            False,
            f"{target.name} in {to} is {cx.board.country_name(target.nation)}, {f.name} is "
            f"{cx.board.country_name(f.nation)}: ship points pass only between fleets of the same colour, "
            f"and two fleets never share a hex",
            "Fleet strength points 5; Movement of naval strength points and fleets 3 (rulings R17)",
        )
    if target.in_port != in_port:
        return Transfer(
            False,
            f"{target.name} is {'in port' if target.in_port else 'at sea'} in {to}: the points would "
            f"arrive {'in port' if in_port else 'at sea'}, a second fleet in the hex",
            "Movement of naval strength points and fleets 3 (rulings R17, R64)",
        )
    if target.capital + ships > FLEET_LIMIT:
        return Transfer(
            False,
            f"{target.name} holds {target.capital} ship points: {ships} more would make "
            f"{target.capital + ships}, over ten",
            "Movement of naval strength points and fleets 2",
        )
    return Transfer(True, target=target)


def new_fleet_name(st, f) -> str:
    """The name of a fleet formed by points leaving ``f``: "British Fleet 2" (as new armies are
    named: rulings R31)."""
    base = f.name.rstrip("0123456789").rstrip() or f.name
    names = {x.name for x in st.fleets}
    n = 2
    while f"{base} {n}" in names:
        n += 1
    return f"{base} {n}"


def move_command(
    cx, f, frm: str, to: str, ships: int | None, in_port: bool, counts_as_move: bool, target=None, lost: int = 0
) -> MoveFleet:
    """The one command that moves ``ships`` points (None: all) of ``f`` to ``to``: the whole fleet
    moves under its name, or the points join ``target`` or form a new fleet; ``lost`` of them are
    eliminated on arrival (a port's capacity: Movement of naval strength points and fleets 13)."""
    n = f.capital if ships is None else ships
    whole = n == f.capital
    if target is not None:
        what = f"{n} ship points of {f.name} {frm} -> {to}, joining {target.name}"
    elif whole:
        what = f"fleet {f.name} {frm} -> {to}"
    else:
        what = f"{n} ship points of {f.name} {frm} -> {to}"
    return MoveFleet(
        text=what,
        fleet=f.name,
        to=to,
        in_port=in_port,
        counts_as_move=counts_as_move,
        ships=0 if whole and target is None else n,
        lost=lost,
        new_name="" if whole or target is not None else new_fleet_name(cx.state, f),
        join=target.name if target is not None else "",
    )
