"""Problems between a scenario or game and its map: codes and spaces that do not exist."""

from __future__ import annotations

from mapref.core.board import board_for
from mapref.core.graph import box_space
from mapref.rulesets.hitlers_war.scenario import Scenario, area_problems, resolved_area
from mapref.rulesets.hitlers_war.state import GameState


def _space_ok(m, space: str) -> bool:
    return space in board_for(m)


def _known(board):
    """``space in board`` for many spaces: the board's space ids as a set (kept on the board per
    map version) asked first, the board itself only for what is not among them (a game's check
    asks for every army and hex after each action; issue 34).  Every id of ``board.spaces()`` is
    a space, so the answer is the board's own."""
    kept = board.__dict__.get("_space_ids")
    if kept is None or kept[0] != board.version:
        kept = board.__dict__["_space_ids"] = (board.version, frozenset(board.spaces()))
    ids = kept[1]

    def known(space) -> bool:
        return (type(space) is str and space in ids) or space in board

    return known


def scenario_problems(m, sc: Scenario) -> list[str]:
    """The scenario's codes and spaces the map does not have, and the spaces friendly to two sides
    at the start."""
    return _setup_problems(m, sc) + _piece_problems(m, sc) + _overlaps(m, sc)


def _setup_problems(m, sc: Scenario) -> list[str]:
    out: list[str] = []
    board = board_for(m)
    for side, s in sc.side_setups.items():
        out += area_problems(m, s.friendly, f"setup.{side}.friendly")
        out += area_problems(m, s.build, f"setup.{side}.build")
        for sp in s.supply:
            if not _space_ok(m, sp):
                out.append(f"setup.{side}.supply: {sp!r} is not a space of the map")
        for b in s.always_supplied:
            if box_space(b) not in board:
                out.append(f"setup.{side}.always_supplied: unknown box {b!r}")
    for p in sc.pools:
        out += area_problems(m, p.area, f"pools.{p.id}.area")
    for d in sc.devastation:
        out += area_problems(m, d.area, f"devastation.{d.id}.area")
    for f in sc.fleets:
        out += area_problems(m, f.ports, f"fleets.{f.name}.ports")
    out += area_problems(m, sc.no_production, "no_production")
    for code in sc.nations:
        if code not in board.countries:
            out.append(f"nations.{code}: unknown country")
    return out


def _piece_problems(m, sc: Scenario) -> list[str]:
    out: list[str] = []
    board = board_for(m)
    known = _known(board)
    countries = board.countries
    for a in sc.armies:
        if not known(a.at):
            out.append(f"armies.{a.name}.at: {a.at!r} is not a space of the map")
        if a.nation not in countries:
            out.append(f"armies.{a.name}.nation: unknown country {a.nation!r}")
    for f in sc.forts:
        if not _space_ok(m, f.at):
            out.append(f"forts: {f.at!r} is not a space of the map")
    for e in sc.entries:
        if e.nation not in countries:
            out.append(f"entries.{e.id}.nation: unknown country {e.nation!r}")
        if e.at and not _space_ok(m, e.at):
            out.append(f"entries.{e.id}.at: {e.at!r} is not a space of the map")
    for b in sc.absent_boxes:
        if box_space(b) not in board:
            out.append(f"absent_boxes: unknown box {b!r}")
    for code in sc.home_forces.points if sc.home_forces else ():
        if code not in countries:
            out.append(f"home_forces.points.{code}: unknown country")
    return out


def _overlaps(m, sc: Scenario) -> list[str]:
    """A space friendly to two sides at the start (the first side whose area holds a space is its
    side; whole sets compared at once: a big map's sides hold tens of thousands of spaces).  The
    answer depends on the sides' resolved areas alone, which are kept per map version
    (:func:`resolved_area`): it is kept with the very sets it was worked out from (the last one,
    on the board), not worked out again for every check of a game."""
    areas = tuple(
        (side, resolved_area(m, sc.setup(side).friendly, sc.absent_boxes))
        for side in sc.sides
        if side in sc.side_setups
    )
    board = board_for(m)
    kept = board.__dict__.get("_overlaps")
    if (
        kept is not None
        and len(kept[0]) == len(areas)
        and all(a[0] == b[0] and a[1] is b[1] for a, b in zip(kept[0], areas, strict=True))
    ):
        return list(kept[1])
    out: list[str] = []
    earlier: list[tuple[str, frozenset[str]]] = []
    for side, area in areas:
        if any(not area.isdisjoint(o) for _, o in earlier):
            for sp in area:
                first = next((s for s, o in earlier if sp in o), side)
                if first != side:
                    out.append(f"setup.{side}.friendly: {sp} is also friendly to {first} at the start")
        earlier.append((side, area))
    board.__dict__["_overlaps"] = (areas, tuple(out))
    return out


def start_problems(m, sc: Scenario) -> list[str]:
    """What the scenario's start would get wrong (checked with the scenario, not with every game
    made from it): Fleet strength points 2, each fleet starts in a port of its area it may use
    (rulings R18); a fleet with none would start nowhere and the game would not load again."""
    from mapref.rulesets.hitlers_war.setup import new_game

    return [
        f"fleets.{f.name}.ports: no port in this area where a {f.nation} fleet of the {f.side} may start "
        f"[Fleet strength points 2]"
        for f in new_game(m, sc).fleets
        if not f.at
    ]


def consistency_problems(m, sc: Scenario, st: GameState) -> list[str]:
    out = scenario_problems(m, sc)
    board = board_for(m)
    known = _known(board)
    for a in st.armies:
        if not known(a.at):
            out.append(f"armies.{a.name}.at: {a.at!r} is not a space of the map")
    for f in st.fleets:
        if not known(f.at):
            out.append(f"fleets.{f.name}.at: {f.at!r} is not a space of the map")
    for space in st.hexes:
        if not known(space):
            out.append(f"hexes.{space}: not a space of the map")
    for code in st.nations:
        if code not in board_for(m).countries:
            out.append(f"nations.{code}: unknown country")
    for side in st.sides:
        if side not in sc.sides:
            out.append(f"sides.{side}: the scenario has no such side")
    return out
