"""Home forces of the unaligned nations (War for Europe, Unaligned Forces 1-7 and the home forces
table; Vichy France 4).

1. "each unaligned nation receives infantry strength points, called home forces" -- the table:
   Poland 8, Spain 6, Turkey 6, Sweden 6, Finland 4, Rumania 5, Norway 3, all other countries 2
   (scenario data: ``[home_forces]``).
2. "never ... assigned to armies ... placed directly on the map board in their home country".
3. "If forced to retreat out of their country, they are eliminated. When their home country
   surrenders, they disappear forever."
4. "placed on the map board at the moment the first attack of a hex in their home country is
   announced but before it is resolved ... anywhere in their country, limited to a maximum of
   three strength points per hex."
5. "placed and directed by the player who would be the one to control the country if it doesn't
   surrender" (the referee records them; who placed them is the players').
7. "Once eliminated, they cannot be rebuilt. They are available just once."

Vichy France 4: Morocco, Algeria, Tunisia and Lebanon/Syria "have neutral forces of two infantry
points each should they be attacked. The Axis player places these forces" (the table's "all other
countries" two).  A nation whose forces are armies (Italy, the U.S.: their armies stand for them) or
that fights on a side has none.  Rulings R68.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

from mapref.rulesets.hitlers_war.commands import SetHomeForces, SetNation
from mapref.rulesets.hitlers_war.common import land_adjacent
from mapref.rulesets.hitlers_war.state import HomeForce

PER_HEX = 3  # Unaligned Forces 4
RULE = "Unaligned Forces 1-4, 7; home forces table"


@dataclass
class HomeCheck:
    ok: bool
    reason: str = ""
    rule: str = ""
    commands: list = field(default_factory=list)
    messages: list[str] = field(default_factory=list)
    retreat: tuple | None = None  # (what, options) when a retreat of home forces must be chosen


def _no(reason: str, rule: str = RULE) -> HomeCheck:
    return HomeCheck(False, reason, rule)


def entitled(cx, code: str) -> int:
    """The home force points ``code`` may still place now (0: none)."""
    spec = cx.scenario.home_forces
    n = cx.state.nations.get(code)
    if spec is None or n is None or n.home_placed:
        return 0
    unaligned = n.status in ("unaligned", "inclined", "vichy") or (n.status == "at_war" and n.side is None)
    if not unaligned or any(a.nation == code for a in cx.state.armies):
        return 0
    return spec.of(code)


def not_now(cx) -> HomeCheck | None:
    """The refusal of placing any home forces now (outside a combat phase), or None."""
    st = cx.state
    if st.phase != "combat":
        return _no(
            f"it is the {st.side} {st.phase} phase: home forces are placed when the first attack on their country "
            f"is announced, in a combat phase",
            "Unaligned Forces 4",
        )
    return None


def check_place(cx, code: str, placed: dict[str, int]) -> HomeCheck:
    """The home forces of nation ``code`` placed as ``placed`` (space -> points)."""
    st = cx.state
    if cx.scenario.home_forces is None:
        return _no(f"{cx.scenario.name} has no home forces (War for Europe's Unaligned Forces)", "Unaligned Forces")
    n = st.nations.get(code)
    if n is None:
        return _no(f"{code!r} is not a nation of the game")
    name = cx.board.country_name(code)
    if n.home_placed:
        return _no(f"{name}'s home forces were placed already: they are available just once", "Unaligned Forces 7")
    want = entitled(cx, code)
    if not want:
        why = (
            "its forces are its armies"
            if any(a.nation == code for a in st.armies)
            else f"it is {n.status.replace('_', ' ')}" + (f" on the {n.side} side" if n.side else "")
        )
        return _no(
            f"{name} has no home forces to place: only an unaligned nation has them ({why})", "Unaligned Forces 1"
        )
    bad = not_now(cx)
    if bad is not None:
        return bad
    if not placed or any(not isinstance(v, int) or isinstance(v, bool) or v < 1 for v in placed.values()):
        return _no("give the points placed in each hex: HEX=N (N from 1 to 3)", "Unaligned Forces 4")
    for space, v in placed.items():
        if not cx.exists(space) or cx.country(space) != code:
            return _no(
                f"{space} is not in {name}: home forces are placed in their home country", "Unaligned Forces 2-3"
            )
        if cx.control.get(space) is not None:
            return _no(
                f"{space} is held by the {cx.control[space]}: home forces go to their country's uncaptured hexes",
                "Unaligned Forces 2, 4",
            )
        if v > PER_HEX:
            return _no(f"{v} points in {space}: at most three a hex", "Unaligned Forces 4")
    total = sum(placed.values())
    if total != want:
        return _no(
            f"{name} has {want} home force points (the home forces table); {total} placed",
            "Unaligned Forces 1; home forces table",
        )
    forces = copy.deepcopy(st.home_forces) + [HomeForce(code, space, v) for space, v in placed.items()]
    where = ", ".join(f"{v} in {space}" for space, v in placed.items())
    return HomeCheck(
        True,
        commands=[
            SetHomeForces(text=f"{name}'s home forces placed", home_forces=forces),
            SetNation(
                text=f"{name}'s home forces placed",
                code=code,
                side=n.side,
                status=n.status,
                joined=n.joined,
                home_placed=True,
            ),
        ],
        messages=[
            f"{name}'s home forces placed: {where} ({want} infantry points, never in armies, never "
            f"leaving {name}, not rebuilt) [Unaligned Forces 1-4, 7; home forces table; rulings R68]"
        ],
    )


def losses(cx, space: str, n: int) -> HomeCheck:
    """``n`` home force points lost in ``space`` to an assault (Assault resolution 5-6)."""
    st = cx.state
    here = next((h for h in st.home_forces if h.at == space), None)
    if here is None:
        return _no(f"no home forces in {space}", "Unaligned Forces 2")
    if n > here.points:
        return _no(
            f"{cx.board.country_name(here.nation)}'s home forces in {space} have {here.points} points, not {n}",
            "Assault resolution 5",
        )
    forces = [copy.deepcopy(h) for h in st.home_forces if h is not here]
    if here.points > n:
        forces.append(HomeForce(here.nation, space, here.points - n))
    left = here.points - n
    return HomeCheck(
        True,
        commands=[SetHomeForces(text=f"home forces in {space} lose {n}", home_forces=forces)],
        messages=[
            f"{cx.board.country_name(here.nation)}'s home forces in {space} lose {n}: {left} left"
            + ("" if left else ", eliminated for good [Unaligned Forces 7]")
            + " [Assault resolution 5]"
        ],
    )


def displaced(cx, to: str, side: str, choice: str | None) -> HomeCheck:
    """A successful advance by ``side`` into ``to``: its home forces retreat like displaced armies
    (Advance resolution 6: to an adjacent hex across a land hexside) but only inside their country,
    to a hex still theirs (uncaptured); with none they are eliminated (Unaligned Forces 3).
    ``choice``: the hex their controller names."""
    st = cx.state
    here = next((h for h in st.home_forces if h.at == to), None)
    if here is None:
        return HomeCheck(True)
    name = cx.board.country_name(here.nation)
    sp = cx.space(to)
    if sp is not None and sp.capital and cx.country(to) == here.nation and cx.scenario.has("surrender"):
        return HomeCheck(True)  # the capital falls: the country surrenders and they disappear (3; R43)
    rest = [copy.deepcopy(h) for h in st.home_forces if h is not here]
    options = [
        s
        for s in cx.board.sorted({n for n in cx.graph.neighbours(to) if land_adjacent(cx, to, n)})
        if cx.country(s) == here.nation
        and cx.control.get(s) is None
        and cx.exists(s)
        and not any(a.at == s for a in st.armies)
    ]
    if not options:
        return HomeCheck(
            True,
            commands=[SetHomeForces(text=f"{name}'s home forces eliminated", home_forces=rest)],
            messages=[
                f"{name}'s home forces in {to} ({here.points}) cannot retreat inside {name}: eliminated "
                f"[Unaligned Forces 3]"
            ],
        )
    if choice is None:
        c = _no(
            f"{name}'s home forces ({here.points}) retreat from {to}: give --home-to with one of {', '.join(options)}",
            "Unaligned Forces 3; Advance resolution 6",
        )
        c.retreat = (f"{name}'s home forces", options)
        return c
    if choice not in options:
        return _no(
            f"{name}'s home forces may not retreat to {choice} (they stay in {name}, in a hex still theirs, "
            f"adjacent across land: {', '.join(options)})",
            "Unaligned Forces 3; Advance resolution 6",
        )
    merged = next((h for h in rest if h.at == choice and h.nation == here.nation), None)
    if merged is not None:
        merged.points += here.points
    else:
        rest.append(HomeForce(here.nation, choice, here.points))
    return HomeCheck(
        True,
        commands=[SetHomeForces(text=f"{name}'s home forces retreat to {choice}", home_forces=rest)],
        messages=[f"{name}'s home forces retreat from {to} to {choice} [Unaligned Forces 3; Advance resolution 6]"],
    )
