"""Stacking of armies, fleets, forts and home forces.

Rulebook: Stacking 1-6 (Barbarossa); Sea Movement: Fleet strength points, Movement of naval
strength points and fleets 2-5; Fortifications: Production 1-5, Fort strength under
construction 3; Tactical Airpower: Tactical air abilities 2 and 9; Leaders 7; Unaligned
Forces 4 and 6.
"""

from __future__ import annotations

from collections import defaultdict

from mapref.rulesets.hitlers_war.common import Context, Violation
from mapref.rulesets.hitlers_war.state import POINT_TYPES

LIMIT = 10  # Stacking 2
FORT_MARKER = 5  # Fortifications: Production 2
FORT_MARKERS = 7  # Fortifications: Production 5
HOME_FORCE = 3  # Unaligned Forces 4


def movement_over(cx: Context, side: str) -> bool:
    """Limits that hold "at the end of a movement phase" bind a side except while it moves."""
    st = cx.state
    return not (st.side == side and st.phase in ("movement", "setup"))


def hex_points(cx: Context, space: str, extra: int = 0) -> int:
    """Points counting toward the ten in a hex: army points but tactical air (Tactical air 2;
    leaders are not points, Leaders 7) plus operational fort points (Fortifications 1; under
    construction they do not count, Fort strength under construction 3)."""
    n = sum(a.total(with_air=False) for a in cx.state.armies if a.at == space)
    n += sum(f.strength for f in cx.state.forts if f.at == space)
    return n + extra


def check_stacking(cx: Context) -> list[Violation]:
    """Every army's place and strength, then every hex's armies (in label order), the fleets, the
    forts and the home forces.  Each army's space is looked up once and each side's
    :func:`movement_over` asked once (the report after every change checks every army; issue 34)."""
    st = cx.state
    out: list[Violation] = []
    by_space: dict[str, list] = defaultdict(list)
    over = {side: movement_over(cx, side) for side in {a.side for a in st.armies}}
    space = cx.space
    for a in st.armies:
        by_space[a.at].append(a)
        out += _army_violations(cx, a, space(a.at), over[a.side])
    forts_at: dict[str, int] = defaultdict(int)
    for f in st.forts:
        forts_at[f.at] += f.strength
    for at, armies in sorted(by_space.items()):
        if cx.is_box(at):
            continue  # Stacking 6: any number of armies in an off-map box
        out += _hex_violations(cx, at, armies, forts_at[at], over[armies[0].side])
    out += check_fleets(cx)
    out += check_forts(cx)
    out += check_home_forces(cx)
    return out


def _army_violations(cx: Context, a, sp, over: bool) -> list[Violation]:
    """Where army ``a`` stands and what it holds (Movement 2, 6; Tactical air abilities 9; Stacking 6).
    ``sp``: its space (``cx.space(a.at)``); ``over``: :func:`movement_over` for its side."""
    out: list[Violation] = []
    if sp is None:  # not cx.exists(a.at)
        out.append(
            Violation(
                "army.where", "Movement 2", a.at, a.side, f"{a.name} is in {a.at!r}, which is not a space of the map"
            )
        )
    elif not sp.is_land:
        out.append(Violation("army.where", "Movement 2", a.at, a.side, f"{a.name} is in {a.at}, an all-sea hex"))
    elif cx.control.get(a.at) != a.side and sp.country != a.nation and over:  # (sp: the board's space, cx.country's)
        out.append(
            Violation(
                "army.unfriendly_hex",
                "Movement 2",
                a.at,
                a.side,
                f"{a.name} is in {a.at}, which is not friendly to {a.side}",
            )
        )
    total = a.total()
    ground = total - a.points.get("tactical_air", 0)  # a.total(with_air=False)
    if total == 0:
        out.append(
            Violation(
                "army.empty",
                "Movement 6",
                a.at,
                a.side,
                f"{a.name} has no strength points: armies cannot exist without any",
            )
        )
    elif ground == 0 and over:
        out.append(
            Violation(
                "army.air_only",
                "Tactical air abilities 9",
                a.at,
                a.side,
                f"{a.name} holds only tactical air at the end of movement",
            )
        )
    if ground > LIMIT and over and cx.is_box(a.at):
        out.append(
            Violation(
                "stacking.over_ten",
                "Stacking 6",
                a.at,
                a.side,
                f"{a.name} has {ground} strength points; each army in an off-map box is limited to ten",
            )
        )
    return out


def _hex_violations(cx: Context, space: str, armies: list, fort_points: int, over: bool) -> list[Violation]:
    """The armies in hex ``space`` (Stacking 1-4; Fortifications 1).  ``over``:
    :func:`movement_over` for the side of its first army."""
    st = cx.state
    out: list[Violation] = []
    side = armies[0].side
    if len(armies) > 1:
        retreat = all(a.no_defensive_assault for a in armies) and len({a.side for a in armies}) == 1
        if not retreat:
            names = ", ".join(a.name for a in armies)
            out.append(
                Violation(
                    "stacking.two_armies",
                    "Stacking 1",
                    space,
                    side,
                    f"{len(armies)} armies in {space} ({names}); a hex holds one army",
                )
            )
        elif over and st.side == side:
            out.append(
                Violation(
                    "stacking.retreat_unresolved",
                    "Stacking 4",
                    space,
                    side,
                    f"the armies forced to retreat together into {space} were not separated in {side}'s movement phase: points over ten are lost and the rest go to one army",
                )
            )
    n = sum(a.total(with_air=False) for a in armies) + fort_points  # hex_points, for every hex at once
    if n > LIMIT and over and not all(a.no_defensive_assault for a in armies):
        forts = sum(f.strength for f in st.forts if f.at == space)
        extra = f" (with {forts} fort points)" if forts else ""
        out.append(
            Violation(
                "stacking.over_ten",
                "Stacking 2-3",
                space,
                side,
                f"{n} strength points in {space}{extra}; at most ten at the end of movement (tactical air exempt)",
            )
        )
    return out


def check_build(cx: Context, space: str, points: dict[str, int]) -> list[Violation]:
    """Newly built points may not be placed where they would over-stack (Stacking 5; Building 5)."""
    new = sum(v for t, v in points.items() if t in POINT_TYPES and t != "tactical_air")
    side = cx.state.side
    if cx.is_box(space):
        return []
    if hex_points(cx, space, new) > LIMIT:
        return [
            Violation(
                "stacking.build_over_ten",
                "Stacking 5",
                space,
                side,
                f"building {new} points in {space} would make {hex_points(cx, space, new)}; at most ten",
            )
        ]
    return []


def check_fleets(cx: Context) -> list[Violation]:
    st = cx.state
    out = []
    by_space: dict[tuple[str, str], list] = defaultdict(list)
    in_port: dict[str, int] = defaultdict(int)
    armies_at = {a.at for a in st.armies}
    for f in st.fleets:
        by_space[(f.at, f.side)].append(f)
        if f.capital > LIMIT:
            out.append(
                Violation(
                    "stacking.fleet_over_ten",
                    "Movement of naval strength points and fleets 2",
                    f.at,
                    f.side,
                    f"{f.name} has {f.capital} ship points; a fleet holds at most ten",
                )
            )
        if f.capital == 0:
            out.append(
                Violation(
                    "fleet.empty",
                    "Movement of naval strength points and fleets 18",
                    f.at,
                    f.side,
                    f"{f.name} has no ship strength points",
                )
            )
        d = cx.space(f.at)
        if d is None or not cx.exists(f.at) or cx.is_box(f.at):
            out.append(
                Violation(
                    "fleet.where",
                    "Movement of naval strength points and fleets 6",
                    f.at,
                    f.side,
                    f"{f.name} is not in a hex of the map",
                )
            )
            continue
        if f.in_port:
            if not cx.port(f.at):
                out.append(
                    Violation(
                        "fleet.not_a_port",
                        "Movement of naval strength points and fleets 5-6",
                        f.at,
                        f.side,
                        f"{f.name} is in port in {f.at}, which has no port",
                    )
                )
            in_port[f.at] += f.capital
        elif not d.is_water:
            out.append(
                Violation(
                    "fleet.where",
                    "Movement of naval strength points and fleets 14",
                    f.at,
                    f.side,
                    f"{f.name} is at sea in {f.at}, an all-land hex",
                )
            )
        if f.at in armies_at and d.terrain != "coastal":
            out.append(
                Violation(
                    "stacking.fleet_and_army",
                    "Movement of naval strength points and fleets 4",
                    f.at,
                    f.side,
                    f"{f.name} shares {f.at} with an army; only a part land/part sea hex may hold both",
                )
            )
    for (space, side), fleets in sorted(by_space.items()):
        if len(fleets) > 1:
            out.append(
                Violation(
                    "stacking.two_fleets",
                    "Movement of naval strength points and fleets 3",
                    space,
                    side,
                    f"{len(fleets)} fleets in {space} ({', '.join(f.name for f in fleets)}); no two fleets in a hex",
                )
            )
    for space, n in sorted(in_port.items()):
        cap = cx.port(space)
        if cap and n > cap:
            side = next(f.side for f in st.fleets if f.at == space)
            out.append(
                Violation(
                    "stacking.port_capacity",
                    "Movement of naval strength points and fleets 5",
                    space,
                    side,
                    f"{n} ship points in port in {space}; the port holds {cap}",
                )
            )
    return out


def check_forts(cx: Context) -> list[Violation]:
    st = cx.state
    out = []
    count: dict[str, int] = defaultdict(int)
    for f in st.forts:
        count[f.side] += 1
        if f.strength + f.building > FORT_MARKER:
            out.append(
                Violation(
                    "stacking.fort_over_five",
                    "Fortifications: Production 2",
                    f.at,
                    f.side,
                    f"fort No. {f.number} in {f.at} holds {f.strength + f.building} points (with those under construction); at most five",
                )
            )
        if f.strength + f.building == 0:
            out.append(
                Violation(
                    "fort.empty", "Fortifications: Production 4", f.at, f.side, f"fort No. {f.number} has no points"
                )
            )
    for side, n in sorted(count.items()):
        if n > FORT_MARKERS:
            out.append(
                Violation(
                    "stacking.fort_markers",
                    "Fortifications: Production 5",
                    "",
                    side,
                    f"{n} fort markers in play; at most seven per side",
                )
            )
    return out


def check_home_forces(cx: Context) -> list[Violation]:
    out = []
    for h in cx.state.home_forces:
        d = cx.hexdata(h.at)
        capital = d is not None and d.capital and cx.country(h.at) == h.nation
        if h.points > HOME_FORCE and not capital:
            out.append(
                Violation(
                    "stacking.home_forces",
                    "Unaligned Forces 4 and 6",
                    h.at,
                    "",
                    f"{h.points} home force points of {h.nation} in {h.at}; at most three a hex except in the capital",
                )
            )
        if cx.exists(h.at) and cx.country(h.at) != h.nation:
            out.append(
                Violation(
                    "home_forces.abroad",
                    "Unaligned Forces 3",
                    h.at,
                    "",
                    f"{h.nation} home forces in {h.at}, outside their country",
                )
            )
    return out
