"""Strength points at sea: sea transport by fleets, trans-Atlantic shipping, and the sea route of
an amphibious invasion (The Fall of Germany: Fleets at sea 3-4, Sea transportation 1-2,
Trans-Atlantic shipping 1, 5-6, Blocking sea routes 1, Invasion procedure 2-8, Naval fire 2, 4;
The United States 4).

- Sea transport (:func:`sea_transport`): when no land route joins two friendly spaces, strength
  points may cross the water where their side has fleets at sea: "A fleet at sea may transport
  one strength point for each capital ship strength point in the fleet per turn.  The fleet may
  only transport strength points through the sea it occupies" (Sea transportation 1-2).  The
  route embarks on a friendly coast, sails full-sea hexes of the seas so covered, never through a
  hex holding an enemy fleet at sea (Blocking sea routes 1), and lands on a friendly coast (or an
  off-map box by its sea arrow).  Each sea's capacity this turn is its fleets' capital ship points
  less the points they already carried (``SideRecord.transported``).  No port is needed at either
  end: the rulebook names none (rulings R45).
- Trans-Atlantic shipping (:func:`trans_atlantic`): "Strength points can only be transported
  between America/Canada and the United Kingdom via Trans-Atlantic shipping" (6), one point per
  shipping point (1); what the shipping carries this turn it does not carry as production (5).
- An invasion's sea route (:func:`invasion_route`): from the army's coastal hex to the target
  "through multiple seas and oceans ... of any length" (Invasion procedure 3, 6), with the number
  of full-sea hexsides it crosses (Naval fire 2, 4: a sea arrow counts its length) and the seas it
  passes (Escorting 1-2, 5).

Nothing here changes the state; the movement and combat checks turn the routes into commands.
"""

from __future__ import annotations
from itertools import pairwise

from collections import deque
from dataclasses import dataclass, field

from mapref.core.graph import LAND_KINDS, box_space

EMBARK = frozenset({"sea", "shore", "port", "sea_arrow"})  # from land onto the water, or across an all-sea side
AMERICA = ("usa", "canada")  # Trans-Atlantic shipping 6: "America/Canada"
UNITED_KINGDOM = "gb"


@dataclass
class SeaRoute:
    ok: bool
    path: tuple[str, ...] = ()
    seas: tuple[str, ...] = ()  # the sea zones crossed, in order
    sea_sides: int = 0  # full-sea hexsides crossed (a sea arrow: its length)
    reason: str = ""
    rule: str = ""
    shipping: int = 0  # trans-Atlantic shipping points used
    transported: dict[str, int] = field(default_factory=dict)  # sea zone -> points carried


def fleet_capacity(cx, side: str) -> dict[str, int]:
    """Per sea zone: the capital ship points of the side's fleets at sea there (Sea transportation
    1; Fleets at sea 2)."""
    out: dict[str, int] = {}
    for f in cx.state.fleets:
        if f.side == side and not f.in_port and f.capital > 0:
            z = cx.sea_zone(f.at)
            if z:
                out[z] = out.get(z, 0) + f.capital
    return out


def capacity_left(cx, side: str) -> dict[str, int]:
    rec = cx.state.sides.get(side)
    used = rec.transported if rec is not None else {}
    return {z: c - used.get(z, 0) for z, c in fleet_capacity(cx, side).items()}


def _is_sea(cx, space: str) -> bool:
    s = cx.space(space)
    return s is not None and not s.is_box and s.terrain == "sea"


def _zone_of_step(cx, a: str, b: str) -> str | None:
    for c in cx.graph.out_edges(a):
        if c.other(a) == b and c.kind == "sea_arrow":
            return c.sea
    for x in (b, a):
        if _is_sea(cx, x):
            return cx.sea_zone(x)
    return cx.sea_zone(a) or cx.sea_zone(b)


def _sides_crossed(cx, path: list[str]) -> int:
    n = 0
    for a, b in pairwise(path):
        arrow = next((c for c in cx.graph.out_edges(a) if c.other(a) == b and c.kind == "sea_arrow"), None)
        if arrow is not None:
            n += arrow.length
        elif "sea" in cx.graph.kinds_between(a, b):
            n += 1
    return n


def _seas(cx, path: list[str]) -> tuple[str, ...]:
    out: list[str] = []
    for a, b in pairwise(path):
        if LAND_KINDS & cx.graph.kinds_between(a, b) and not (_is_sea(cx, a) or _is_sea(cx, b)):
            continue
        z = _zone_of_step(cx, a, b)
        if z and z not in out:
            out.append(z)
    return tuple(out)


def sea_transport(cx, side: str, frm: str, to: str, n: int) -> SeaRoute:
    """The shortest route from ``frm`` to ``to`` over friendly land and the seas where ``side``'s
    fleets at sea can still carry ``n`` points this turn (Sea transportation 1-2)."""
    open_ = {z for z, c in capacity_left(cx, side).items() if c >= n}
    blocked = {f.at for f in cx.state.fleets if f.side != side and not f.in_port and f.capital > 0}
    friendly = {s for s, v in cx.control.items() if v == side}
    america = {box_space(b) for b in AMERICA}
    if frm in america or to in america:
        return SeaRoute(
            False,
            reason="strength points go to and from America and Canada only by trans-Atlantic shipping",
            rule="Trans-Atlantic shipping 6",
        )
    if not open_:
        have = capacity_left(cx, side)
        why = (
            f"its fleets at sea can carry {', '.join(f'{c} in the {z}' for z, c in have.items())} more this turn"
            if have
            else "it has no fleet at sea"
        )
        return SeaRoute(
            False,
            reason=f"no land route, and no sea transport for {n} points: {why}",
            rule="Sea transportation 1-2; Fleets at sea 3",
        )
    parent: dict[str, str | None] = {frm: None}
    todo = deque([frm])
    while todo:
        s = todo.popleft()
        if s == to:
            break
        water = s not in friendly
        for c in cx.graph.out_edges(s):
            nb = c.other(s)
            if nb not in parent and _may_step(cx, c, s, nb, water, friendly, open_, blocked):
                parent[nb] = s
                todo.append(nb)
    if to not in parent:
        return SeaRoute(
            False,
            reason=f"no route over friendly land and the seas its fleets at sea cover "
            f"({', '.join(sorted(open_))}) joins {frm} to {to}, avoiding enemy fleets at sea",
            rule="Sea transportation 1-2; Blocking sea routes 1",
        )
    path = [to]
    step = parent[to]
    while step is not None:
        path.append(step)
        step = parent[step]
    path.reverse()
    seas = _seas(cx, path)
    return SeaRoute(True, tuple(path), seas, _sides_crossed(cx, path), transported={z: n for z in seas})


def _may_step(cx, c, s: str, nb: str, water: bool, friendly: set[str], open_: set[str], blocked: set[str]) -> bool:
    """May sea transport step from ``s`` (``water``: at sea) to ``nb`` across connection ``c``:
    over friendly land, embarking onto a sea its fleets cover, by sea past no enemy fleet, landing
    on a friendly coast (Sea transportation 1-2; Blocking sea routes 1)."""
    if c.kind in LAND_KINDS:
        return not water and nb in friendly
    if not (c.kind in EMBARK or c.kind == "coast"):
        return False
    if c.kind == "sea_arrow":
        return c.sea in open_ and ((water and nb in friendly) or (not water and _is_sea(cx, nb) and nb not in blocked))
    if nb in friendly:
        # landing from the water, or straight across an all-sea side between two friendly coasts
        return (water or c.kind == "sea") and (_zone_of_step(cx, s, nb) in open_)
    return _is_sea(cx, nb) and nb not in blocked and cx.sea_zone(nb) in open_


def trans_atlantic(cx, side: str, frm: str, to: str, n: int) -> SeaRoute | None:
    """Trans-Atlantic shipping 1, 6 (The United States 4): between the USA or Canada box and a
    friendly hex of the United Kingdom, one point per shipping point a turn.  None when the move
    is not between America and the United Kingdom."""
    america = {box_space(b) for b in AMERICA if cx.exists(box_space(b))}
    ends = {frm, to}
    if not ends & america:
        return None
    other = to if frm in america else frm
    if other in america or cx.country(other) != UNITED_KINGDOM or cx.is_box(other):
        return SeaRoute(
            False,
            reason="strength points go between America/Canada and the United Kingdom, and only there, "
            "by trans-Atlantic shipping",
            rule="Trans-Atlantic shipping 6",
        )
    rec = cx.state.sides.get(side)
    ships = rec.ta_shipping if rec else 0
    used = rec.ta_used if rec else 0
    if used + n > ships:
        return SeaRoute(
            False,
            reason=f"{n} points need {n} trans-Atlantic shipping points; the {side} have {ships}, "
            f"{used} carrying strength points already this turn",
            rule="Trans-Atlantic shipping 1",
        )
    if not cx.friendly(to, side):
        return SeaRoute(
            False, reason=f"{to} is not friendly to the {side}: the final hex must be friendly", rule="Movement 2"
        )
    return SeaRoute(True, (frm, to), ("atl",), 0, shipping=n)


def invasion_route(cx, frm: str, to: str) -> SeaRoute:
    """An amphibious invasion's sea route (Invasion procedure 3, 6): from ``frm`` (a hex touching
    the water) over full-sea hexes to ``to``, any length, any seas; enemy fleets do not block it
    (they may intercept: Intercepting 1-2, the players' dice)."""
    parent: dict[str, str | None] = {frm: None}
    todo = deque([frm])
    while todo:
        s = todo.popleft()
        if s == to:
            break
        for c in cx.graph.out_edges(s):
            nb = c.other(s)
            if nb in parent or c.kind not in EMBARK:
                continue
            if nb == to or _is_sea(cx, nb):
                if c.kind == "sea_arrow" and nb != to:
                    continue
                parent[nb] = s
                todo.append(nb)
    if to not in parent or parent[to] is None:
        return SeaRoute(
            False,
            reason=f"no sea route from {frm} to {to} ({frm} must touch the water, and {to} be reached from the sea)",
            rule="Invasion procedure 3, 6",
        )
    path = [to]
    step = parent[to]
    while step is not None:
        path.append(step)
        step = parent[step]
    path.reverse()
    return SeaRoute(True, tuple(path), _seas(cx, path), _sides_crossed(cx, path))
