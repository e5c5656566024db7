"""The sequence of play and what the rules apply at the end of each step (`mapref advance`).

Barbarossa, Sequence of Play: 1 Movement; 2 Combat: determine supply, announce initial attacks,
(Fall of Germany and War for Europe: resolve amphibious assaults,) resolve defensive assaults,
initial assaults, initial advances, exploitation; 3 Production: build, repair (War for Europe:
conduct research).  "Once each player has finished their turn a seasonal turn is completed and
the turn marker is moved forward to the next season" (three seasons: rulings R1); the sides move
in the scenario's ``move_order``.  Fall of Germany, Sea Movement 1: naval movement comes before
land movement.

Applied here (:func:`advance` returns the commands, the caller saves):
- end of a side's movement: Stacking 2-4 (points over ten in a hex lost, rulings R24);
- end of a side's combat phase: Determine supply 6-9 (isolation) and Fortifications, Production
  1 (unsupplied fort points), then the garrisons return (Garrisons 4, 6: ``garrisons_lost`` is
  emptied) and the side's advance counts (Advance resolution 13) start again;
- start of a side's production: Fort strength under construction 2 (points become operational);
- end of a side's production: the production record (Production points 2);
- a new turn: War for Europe, Siberian production 4 (four more devastated at winter 1942: R13);
- victory conditions after every step (mapref.rulesets.hitlers_war.victory); a game won, or past
  its last turn, is over.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

from mapref.core.graph import box_space
from mapref.rulesets.hitlers_war.commands import (
    AddHistory,
    CountHexes,
    EndCombat,
    RemoveArmy,
    SetArmyPoints,
    SetFleets,
    SetForts,
    SetHex,
    SetRecord,
    SetTurn,
    apply,
)
from mapref.rulesets.hitlers_war.stacking import LIMIT
from mapref.rulesets.hitlers_war.state import POINT_TYPES
from mapref.rulesets.hitlers_war.supply import isolation


def steps(sc) -> list[tuple[str, str]]:
    navy = bool(sc.fleets)
    out = [("movement", "naval"), ("movement", "land")] if navy else [("movement", "")]
    out += [
        ("combat", x)
        for x in ("supply", "announce")
        + (("amphibious",) if navy else ())
        + ("defensive_assaults", "assaults", "advances", "exploitation")
    ]
    out += [("production", "build"), ("production", "repair")]
    if any(n.id == "research" for n in sc.special):
        out.append(("production", "research"))
    return out


@dataclass
class Advance:
    commands: list = field(default_factory=list)
    messages: list[str] = field(default_factory=list)
    error: str = ""


# ------------------------------------------------------------------ end-of-step consequences
DEFAULT_LOSS_ORDER = ("infantry", "amphibious", "para", "mechanized")  # rulings R24: the default the owner may change


def _overstacked(cx, side: str) -> dict[str, tuple[list, int, int]]:
    """The side's hexes (not boxes) that need the end-of-movement fix: space -> (armies, their
    points without tactical air, operational fort points).  Fort points count toward the ten
    (Fortifications, Production 1) as in the check (mapref.rulesets.hitlers_war.stacking.hex_points)."""
    by_hex: dict[str, list] = {}
    for a in cx.state.armies:
        if a.side == side and not cx.is_box(a.at):
            by_hex.setdefault(a.at, []).append(a)
    out = {}
    for space, armies in sorted(by_hex.items()):
        forts = sum(f.strength for f in cx.state.forts if f.at == space and f.side == side)
        out[space] = (armies, sum(a.total(with_air=False) for a in armies), forts)
    return out


def stacking_choice_problem(cx, side: str, lose: dict | None) -> str:
    """Why the owner's choice of points lost to over-stacking (Stacking 3: "strength points of
    their choice") cannot be applied, or ""."""
    if not lose:
        return ""
    hexes = _overstacked(cx, side)
    for space, pts in lose.items():
        if space not in hexes:
            return f"{space}: no {side} army there to lose points at the end of movement"
        armies, ground, forts = hexes[space]
        excess = max(0, ground + forts - LIMIT)
        if not isinstance(pts, dict) or not all(
            isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in pts.values()
        ):
            return f"{space}: give the points lost as TYPE=N"
        n = sum(pts.values())
        if not excess:
            return f"{space} holds {ground + forts} points (with {forts} fort points): not over ten, nothing is lost"
        if n > excess:
            return (
                f"{space} holds {ground + forts} points ({forts} of them fort points): {excess} over ten; "
                f"{n} is more than the {excess} to lose"
            )
        for t, v in pts.items():
            if t == "tactical_air":
                return "tactical air does not count toward the ten (Tactical air abilities 2): choose other points"
            have = forts if t == "fort" else sum(a.points.get(t, 0) for a in armies)
            if t != "fort" and t not in POINT_TYPES:
                return f"{t!r} is not a strength type ({', '.join(POINT_TYPES)}, fort)"
            if v > have:
                return f"{space} has {have} {t} points, it cannot lose {v}"
    return ""


def stacking_fix(cx, side: str, lose: dict | None = None) -> tuple[list, list[str]]:
    """Stacking 2-4 at the end of the side's movement phase: in each hex the points over ten (fort
    points count: Fortifications, Production 1; tactical air exempt: Tactical air abilities 2) are
    lost and the rest go to one army.  Stacking 3: the owner chooses the points (``lose``: space ->
    {type: n}, "fort" for fort points; checked by :func:`stacking_choice_problem`); what the owner
    leaves unchosen goes in the default order, infantry first (rulings R24)."""
    cmds, msgs = [], []
    lose = lose or {}
    for space, (armies, ground, fort_pts) in _overstacked(cx, side).items():
        total = ground + fort_pts
        if len(armies) == 1 and total <= LIMIT:
            if armies[0].no_defensive_assault:
                cmds.append(SetArmyPoints(army=armies[0].name, no_defensive_assault=False))
            continue
        keep = max(armies, key=lambda a: (a.total(), a.name))
        pts = {}
        for a in armies:
            for k, v in a.points.items():
                pts[k] = pts.get(k, 0) + v
        excess = max(0, total - LIMIT)
        lost: dict[str, int] = {}
        chosen = dict(lose.get(space, {}))
        for k, v in chosen.items():
            if v and k != "fort":
                pts[k] -= v
                lost[k] = v
                excess -= v
        if chosen.get("fort"):
            forts = copy.deepcopy(cx.state.forts)
            left = chosen["fort"]
            for f in forts:
                if f.at == space and f.side == side and left:
                    take = min(left, f.strength)
                    f.strength -= take
                    left -= take
            cmds.append(SetForts(forts=[f for f in forts if f.strength or f.building]))
            lost["fort"] = chosen["fort"]
            excess -= chosen["fort"]
        for k in DEFAULT_LOSS_ORDER:
            take = min(excess, pts.get(k, 0))
            if take:
                pts[k] -= take
                lost[k] = lost.get(k, 0) + take
                excess -= take
        for a in armies:
            if a is not keep:
                cmds.append(RemoveArmy(army=a.name))
        cmds.append(SetArmyPoints(army=keep.name, points=pts, no_defensive_assault=False))
        how = "the owner's choice" if chosen else "default order, infantry first; the owner may choose with --lose"
        what = ", ".join(f"{v} {k.replace('_', ' ')}" for k, v in lost.items() if v)
        forts_txt = f" and {fort_pts} fort points" if fort_pts else ""
        msgs.append(
            f"{space}: {len(armies)} arm{'y' if len(armies) == 1 else 'ies'}, {ground} points{forts_txt} -> "
            f"{keep.name} keeps the rest"
            + (f", lost {what} ({how})" if lost else "")
            + " [Stacking 2-4; Fortifications, Production 1; rulings R24]"
        )
    return cmds, msgs


def isolation_commands(cx, side: str, roll: int | None) -> tuple[list, list[str], str]:
    from mapref.rulesets.hitlers_war.combat import consequences_of_capture
    from mapref.rulesets.hitlers_war.common import Context

    iso = isolation(cx, side)
    cmds, msgs = [], []
    if iso.ties and roll is None:
        ties = "; ".join(f"{h}: {' / '.join(s)}" for h, s in iso.ties.items())
        return (
            [],
            [],
            f"isolated hexes tie between opposing sides ({ties}): enter the die roll with --roll N (Determine supply 8)",
        )
    gone = [
        (space, to, f"{space} unsupplied: becomes {to} (closest undevastated production) [Determine supply 6-8]")
        for space, to in sorted(iso.hexes.items())
    ]
    for space, tied in sorted(iso.ties.items()):
        to = tied[0] if roll is not None and roll <= 3 else tied[-1]
        gone.append(
            (
                space,
                to,
                f"{space} unsupplied: {' and '.join(tied)} tie; roll {roll} gives it to {to} "
                f"[Determine supply 8; rulings R25]",
            )
        )
    work = None
    for space, to, msg in gone:
        if work is not None and work.hex(space).control == to:
            continue  # given to the same side already by a surrender this set off
        here = [
            SetHex(space=space, control=to, occupied=not cx.is_box(space)),
            CountHexes(gained={to: 1}, lost={side: 1}),
        ]
        msgs.append(msg)
        # Determine supply 7: "captured by an opponent": what a capture sets off (a capital's
        # surrender, the morale chart), worked out hex by hex on the position so far (rulings R66)
        if cx.scenario.has("surrender") or cx.scenario.has("morale"):
            if work is None:
                work = copy.deepcopy(cx.state)
            c, m = consequences_of_capture(Context(cx.map, cx.scenario, work, cx.graph), to, space, [], by_army=False)
            here += c
            msgs += m
            apply(work, here)
        cmds += here
    for name in iso.armies:
        cmds.append(RemoveArmy(army=name))
        msgs.append(f"{name} eliminated in an unsupplied hex [Determine supply 7]")
    if iso.forts:
        forts = [f for f in copy.deepcopy(cx.state.forts) if not (f.side == side and f.at in iso.forts)]
        cmds.append(SetForts(forts=forts))
        msgs.append(f"unsupplied fort points eliminated in {', '.join(iso.forts)} [Fortifications, Production 1]")
    if iso.stays:
        msgs.append(
            f"unsupplied, but no opposing production reaches them through the lands at war, so they stay {side}: "
            f"{', '.join(iso.stays)} [rulings R23]"
        )
    return cmds, msgs, ""


def forts_operational(cx, side: str) -> tuple[list, list[str]]:
    if not any(f.side == side and f.building for f in cx.state.forts):
        return [], []
    forts = copy.deepcopy(cx.state.forts)
    done = []
    for f in forts:
        if f.side == side and f.building:
            f.strength += f.building
            f.building = 0
            done.append(f.at)
    return [SetForts(forts=forts)], [
        f"fort points under construction in {', '.join(done)} become operational [Fort strength under construction 2]"
    ]


def pending_for(cx) -> list[dict]:
    """What the end of the current step will apply (the report's ``pending``)."""
    st, out = cx.state, []
    if st.phase == "movement":
        c, m = stacking_fix(cx, st.side)
        out += [{"when": "end of movement", "rule": "Stacking 2-4", "what": x} for x in m]
        for f in st.fleets:
            if f.side == st.side and not f.in_port:
                out.append(
                    {
                        "when": "start of movement",
                        "rule": "Movement of naval strength points and fleets 7",
                        "what": f"{f.name} is at sea in {f.at}: move it to port before any other move",
                    }
                )
    if st.fleets:
        from mapref.rulesets.hitlers_war.movement import fleets_without_port

        for f in fleets_without_port(cx):
            out.append(
                {
                    "when": f"start of the {f.side} movement",
                    "rule": "Movement of naval strength points and fleets 13",
                    "what": f"{f.name} in {f.at} can reach no friendly port with room: its {f.capital} ship points "
                    f"will be eliminated (rulings R53)",
                }
            )
    if st.phase == "production":
        from mapref.rulesets.hitlers_war.politics import italian_activation

        roll = italian_activation(cx)
        if roll:
            out.append(roll)
    if st.phase == "combat":
        iso = isolation(cx, st.side)
        for h, to in sorted(iso.hexes.items()):
            out.append(
                {
                    "when": "end of combat",
                    "rule": "Determine supply 6-8",
                    "what": f"{h} unsupplied: becomes {to}",
                    "hex": h,
                    "to": to,
                }
            )
        for h, tied in sorted(iso.ties.items()):
            out.append(
                {
                    "when": "end of combat",
                    "rule": "Determine supply 8",
                    "what": f"{h} unsupplied: {' and '.join(tied)} tie (die roll)",
                    "hex": h,
                    "tie": tied,
                }
            )
        for name in iso.armies:
            out.append(
                {"when": "end of combat", "rule": "Determine supply 7", "what": f"{name} eliminated", "army": name}
            )
        for h in iso.forts:
            out.append(
                {
                    "when": "end of combat",
                    "rule": "Fortifications, Production 1",
                    "what": f"fort points in {h} eliminated",
                    "hex": h,
                }
            )
    return out


# ---------------------------------------------------------------------------- advancing
def unplaced_pools(st) -> list[str]:
    """What the set-up pools still hold ("pool axis: 29 infantry, 14 mechanized"), one line a pool."""
    out = []
    for p in st.pools:
        if p.empty():
            continue
        what = [f"{v} {t.replace('_', ' ')}" for t, v in p.points.items() if v]
        what += [f"leader {ld}" for ld in p.leaders]
        out.append(f"pool {p.id}: {', '.join(what)}")
    return out


def advance(m, sc, st, roll: int | None = None, lose: dict | None = None, *, drop_pools: bool = False) -> Advance:
    """End the current step: the commands that apply its consequences and move the game on.
    ``st`` is not changed (the commands are applied to a copy to look ahead).  The set-up ends
    only with every pool placed (Prepare for Play 3, 8); ``drop_pools`` (advisory mode) ends it
    anyway, saying what never enters play."""
    from mapref.rulesets.hitlers_war.common import Context
    from mapref.rulesets.hitlers_war.production import production
    from mapref.rulesets.hitlers_war.victory import victory

    out = Advance()
    if st.phase == "over":
        out.error = "the game is over"
        return out
    if lose and st.phase != "movement":
        out.error = "points lost to over-stacking are chosen at the end of a movement phase [Stacking 3]"
        return out
    work = copy.deepcopy(st)
    cx = Context(m, sc, work)
    seq = steps(sc)
    side = work.side
    cmds: list = []

    def run(cs: list) -> None:
        apply(work, cs)
        cmds.extend(cs)

    if work.phase == "setup":
        # Prepare for Play 3, 8: "Each player places their armies ... as instructed by the
        # Scenario Set-up", then "Play can now begin": a pool left unplaced never enters play,
        # so the set-up does not end with one (rulings R70)
        left = unplaced_pools(work)
        if left and not drop_pools:
            out.error = (
                f"the set-up is not finished, still to place: {'; '.join(left)} (drag the pools onto the map, "
                "or place --auto) [Prepare for Play 3, 8]"
            )
            return out
        if left:
            out.messages.append(
                f"left unplaced, never to enter play: {'; '.join(left)} [Prepare for Play 3, 8; rulings R70]"
            )
        nxt = (sc.move_order[0], seq[0])
        turn = work.turn
    else:
        here = (work.phase, work.subphase)
        if here not in seq:  # a saved game with no subphase: start of that phase
            here = next(s for s in seq if s[0] == work.phase)
        i = seq.index(here)
        # what the end of this step applies
        end_of_movement = here[0] == "movement" and (i + 1 == len(seq) or seq[i + 1][0] != "movement")
        if lose and not end_of_movement:
            out.error = "points lost to over-stacking are chosen at the end of land movement [Stacking 3]"
            return out
        if end_of_movement:
            err = stacking_choice_problem(cx, side, lose)
            if err:
                out.error = f"{err} [Stacking 3]"
                return out
            c, msgs = stacking_fix(cx, side, lose)
            run(c)
            out.messages += msgs
        if here == ("combat", "exploitation"):
            c, msgs, err = isolation_commands(Context(m, sc, work), side, roll)
            if err:
                out.error = err
                return out
            run(c)
            out.messages += msgs
            from mapref.rulesets.hitlers_war.politics import neutrality_commands

            c, msgs = neutrality_commands(Context(m, sc, work), side)
            run(c)
            out.messages += msgs
            from mapref.rulesets.hitlers_war.politics import combat_phase_morale

            c, msgs = combat_phase_morale(Context(m, sc, work), side)
            run(c)
            out.messages += msgs
            from mapref.rulesets.hitlers_war.surrender import automatic_surrenders

            c, msgs = automatic_surrenders(Context(m, sc, copy.deepcopy(work)), side)  # Surrender; rulings R72
            run(c)
            out.messages += msgs
            if work.garrisons_lost:
                out.messages.append(f"garrisons return in {', '.join(work.garrisons_lost)} [Garrisons 4, 6]")
            if (
                work.garrisons_lost
                or work.invasions
                or work.announced
                or work.hexes_gained
                or work.hexes_lost
                or work.exploiting
                or work.stopped
                or any(a.side == side and a.advanced for a in work.armies)
            ):
                run([EndCombat(side=side)])
        if here == ("production", "build"):
            from mapref.rulesets.hitlers_war.build import end_of_building

            err = end_of_building(Context(m, sc, work), side)
            if err:
                out.error = err
                return out
        if here[0] == "production" and i + 1 == len(seq):
            from mapref.rulesets.hitlers_war.build import end_of_production

            wcx = Context(m, sc, work)
            p = production(wcx, side)
            c, msgs = end_of_production(wcx, side)
            run(
                [
                    AddHistory(
                        side=side,
                        record={"turn": str(work.turn), "total": p.total, "spendable": p.spendable, "spent": p.spent},
                    )
                ]
            )
            run(c)
            out.messages += msgs
        turn = work.turn
        if i + 1 < len(seq):
            nxt = (side, seq[i + 1])
        else:
            order = list(sc.move_order)
            j = order.index(side) + 1 if side in order else len(order)
            if j < len(order):
                nxt = (order[j], seq[0])
            else:
                turn = work.turn.next()
                nxt = (order[0], seq[0])
    new_side, (phase, sub) = nxt
    v = victory(Context(m, sc, work))
    if v and v.get("immediate"):
        run([SetTurn(side=side, phase="over", subphase="")])
        out.messages.append(f"game over: {v['winner']} wins ({v['condition']}) [{v['rule']}]")
        out.commands = cmds
        return out
    if turn > sc.last_turn:
        run([SetTurn(side=side, phase="over", subphase="")])
        v = victory(Context(m, sc, work))
        out.messages.append(
            f"game over after {sc.last_turn}" + (f": {v['winner']} wins ({v['condition']}) [{v['rule']}]" if v else "")
        )
        if not v and sc.has("surrender"):
            from mapref.rulesets.hitlers_war.victory import end_summary

            out.messages.append(end_summary(Context(m, sc, work)))
        out.commands = cmds
        return out
    if turn != work.turn:
        for a in sc.adjustments:
            p = a.params
            if a.kind == "siberia" and p.get("requires") == "war" and "grows_from" in p and turn == p["grows_from"]:
                box = box_space(p.get("box", "siberia"))
                d = work.hex(box).devastated + (p.get("grows_to", 12) - p.get("production", 8))
                run([SetHex(space=box, devastated=d)])
                out.messages.append(
                    f"{box}: production potential rises to {p.get('grows_to', 12)}, {d} devastated [Siberian production 4; rulings R13]"
                )
    if phase == "production" and sub == seq[[s[0] for s in seq].index("production")][1]:
        c, msgs = forts_operational(Context(m, sc, work), new_side)
        run(c)
        out.messages += msgs
    if phase == "movement" and (new_side != side or turn != work.turn or work.phase == "setup") and sub == seq[0][1]:
        # nations that join by themselves at the beginning of a player turn (Nations inclined
        # toward the Axis 1-3; The United States 1; rulings R39)
        from mapref.rulesets.hitlers_war.politics import automatic_entries

        c, msgs = automatic_entries(Context(m, sc, work), turn, new_side)
        run(c)
        out.messages += msgs
        # Movement of naval strength points and fleets 7, 13: fleets with no port to go to are
        # eliminated at the start of their side's movement (rulings R53)
        from mapref.rulesets.hitlers_war.movement import portless_fleet_commands

        c, msgs = portless_fleet_commands(Context(m, sc, work), new_side)
        run(c)
        out.messages += msgs
        rec = work.sides.get(new_side)
        if rec is not None and (rec.ta_used or rec.transported):  # a new turn's transport (Sea transportation 1)
            run([SetRecord(side=new_side, fields={"ta_used": 0, "transported": {}})])
        if any(f.side == new_side and f.moved for f in work.fleets):
            fleets = copy.deepcopy(work.fleets)
            for f in fleets:
                if f.side == new_side:
                    f.moved = False
            run([SetFleets(fleets=fleets)])
    run([SetTurn(turn=turn, side=new_side, phase=phase, subphase=sub)])
    from mapref.rulesets.hitlers_war.ruleset import step_label

    out.messages.append(f"now: {turn}, {new_side} {step_label(phase, sub).lower()}")
    out.commands = cmds
    return out
