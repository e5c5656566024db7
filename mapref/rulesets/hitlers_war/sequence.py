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
from collections.abc import Iterable

# (what only an action needs, its commands first, is imported by the functions that make the
# action: a report starts without it; see ruleset.py, issue 34)
from mapref.core.graph import box_space
from mapref.rulesets.hitlers_war.common import Context
from mapref.rulesets.hitlers_war.movement import fleets_without_port, portless_fleet_commands
from mapref.rulesets.hitlers_war.phases import step_label, steps
from mapref.rulesets.hitlers_war.production import production
from mapref.rulesets.hitlers_war.stacking import LIMIT
from mapref.rulesets.hitlers_war.state import POINT_TYPES
from mapref.rulesets.hitlers_war.supply import isolation
from mapref.rulesets.hitlers_war.victory import end_summary, victory

TYPE_CHECKING = False  # (typing is not imported at run time, as in mapref.rules.ruleset)
if TYPE_CHECKING:
    from mapref.rulesets.hitlers_war.commands import Command
    from mapref.rulesets.hitlers_war.results import Advance


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
    cmds: list[Command] = []
    msgs: list[str] = []
    lose = lose or {}
    # (the commands' module is imported only where a hex needs a command: the report asks this in
    # every movement phase, and the command line's report starts without the module: issue 34)
    for space, (armies, ground, fort_pts) in _overstacked(cx, side).items():
        total = ground + fort_pts
        if len(armies) == 1 and total <= LIMIT:
            if armies[0].no_defensive_assault:
                from mapref.rulesets.hitlers_war.commands import SetArmyPoints

                cmds.append(SetArmyPoints(army=armies[0].name, no_defensive_assault=False))
            continue
        from mapref.rulesets.hitlers_war.commands import RemoveArmy, SetArmyPoints, SetForts

        keep = max(armies, key=lambda a: (a.total(), a.name))
        pts: dict[str, int] = {}
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
    from mapref.rulesets.hitlers_war.commands import apply, CountHexes, RemoveArmy, SetForts, SetHex
    from mapref.rulesets.hitlers_war.consequences import follow
    from mapref.rulesets.hitlers_war.results import Captured

    iso = isolation(cx, side)
    cmds: list[Command] = []
    msgs: list[str] = []
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
            c, m = follow(Context(cx.map, cx.scenario, work, cx.graph), [Captured(to, space, by_army=False)])
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
    from mapref.rulesets.hitlers_war.commands import SetForts

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
    st = cx.state
    out: list[dict] = []
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
        from mapref.rulesets.hitlers_war.politics import italian_activation  # (in this phase only)

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
class _Step:
    """The look-ahead of one ``advance``: a copy of the state the commands are applied to as they
    are found, so that each consequence is worked out on the position the earlier ones left."""

    def __init__(self, m, sc, st, out: Advance):
        self.m, self.sc, self.work, self.out = m, sc, st.look_ahead(), out
        self.commands: list = []

    def cx(self) -> Context:
        return Context(self.m, self.sc, self.work)

    def run(self, commands: list, messages: Iterable[str] = ()) -> None:
        from mapref.rulesets.hitlers_war.commands import apply

        apply(self.work, commands)
        self.commands.extend(commands)
        self.out.messages += messages


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
    anyway, saying what never enters play.  The step's end
    (:func:`_end_of_step`), the game's end (:func:`_game_over`), a new turn (:func:`_new_turn`) and
    the start of the next step (:func:`_start_of_step`) are applied in that order."""
    from mapref.rulesets.hitlers_war.results import Advance
    from mapref.rulesets.hitlers_war.commands import SetTurn

    out = Advance()
    if st.phase == "over":
        out.error = "the game is over"
        return out
    if lose and st.phase != "movement":
        out.error = "points lost to over-stacking are chosen at the end of a movement phase [Stacking 3]"
        return out
    s = _Step(m, sc, st, out)
    cx = s.cx()
    seq = steps(sc)
    side = s.work.side
    if s.work.phase == "setup":
        out.error = _end_of_setup(s, drop_pools)
        if out.error:
            return out
        nxt = (sc.move_order[0], seq[0])
        turn = s.work.turn
    else:
        here = (s.work.phase, s.work.subphase)
        if here not in seq:  # a saved game with no subphase: start of that phase
            here = next(x for x in seq if x[0] == s.work.phase)
        i = seq.index(here)
        out.error = _end_of_step(s, cx, seq, i, side, roll, lose)
        if out.error:
            return out
        turn, nxt = _next_step(s.work.turn, sc, seq, i, side)
    new_side, (phase, sub) = nxt
    if not _game_over(s, side, turn):
        _new_turn(s, turn)
        _start_of_step(s, seq, side, new_side, turn, phase, sub)
        s.run([SetTurn(turn=turn, side=new_side, phase=phase, subphase=sub)])
        out.messages.append(f"now: {turn}, {new_side} {step_label(phase, sub).lower()}")
    out.commands = s.commands
    return out


def _end_of_setup(s: _Step, drop_pools: bool) -> str:
    """Prepare for Play 3, 8: "Each player places their armies ... as instructed by the Scenario
    Set-up", then "Play can now begin": a pool left unplaced never enters play, so the set-up does
    not end with one (rulings R70); the error that stops it, or ""."""
    left = unplaced_pools(s.work)
    if left and not drop_pools:
        return (
            f"the set-up is not finished, still to place: {'; '.join(left)} (drag them from the Pools tab, "
            "or Game > Place the remaining set-up pools automatically, or mapref place GAME --auto) "
            "[Prepare for Play 3, 8]"
        )
    if left:
        s.out.messages.append(
            f"left unplaced, never to enter play: {'; '.join(left)} [Prepare for Play 3, 8; rulings R70]"
        )
    return ""


def _end_of_step(s: _Step, cx, seq, i: int, side: str, roll: int | None, lose: dict | None) -> str:
    """What the end of step ``seq[i]`` applies (run on ``s``); the error that stops it, or ""."""
    from mapref.rulesets.hitlers_war.build import end_of_building, end_of_production
    from mapref.rulesets.hitlers_war.commands import AddHistory

    work = s.work
    here = seq[i]
    end_of_movement = here[0] == "movement" and (i + 1 == len(seq) or seq[i + 1][0] != "movement")
    if lose and not end_of_movement:
        return "points lost to over-stacking are chosen at the end of land movement [Stacking 3]"
    if end_of_movement:
        err = stacking_choice_problem(cx, side, lose)
        if err:
            return f"{err} [Stacking 3]"
        s.run(*stacking_fix(cx, side, lose))
    if here == ("combat", "exploitation"):
        err = _end_of_combat(s, side, roll)
        if err:
            return err
    if here == ("production", "build"):
        err = end_of_building(s.cx(), side)
        if err:
            return err
    if here[0] == "production" and i + 1 == len(seq):
        wcx = s.cx()
        p = production(wcx, side)
        c, msgs = end_of_production(wcx, side)
        record = {"turn": str(work.turn), "total": p.total, "spendable": p.spendable, "spent": p.spent}
        s.run([AddHistory(side=side, record=record)])
        s.run(c, msgs)
    return ""


def _end_of_combat(s: _Step, side: str, roll: int | None) -> str:
    """The end of ``side``'s combat phase: isolation (Determine supply 6-9), the nations it attacked
    (Violation of neutrality), the morale chart's combat events, the surrenders the text makes
    automatic (rulings R72), the garrisons back (Garrisons 4, 6) and the phase's records cleared;
    the error that stops it, or ""."""
    from mapref.rulesets.hitlers_war.commands import EndCombat
    from mapref.rulesets.hitlers_war.morale import combat_phase_morale
    from mapref.rulesets.hitlers_war.politics import neutrality_commands
    from mapref.rulesets.hitlers_war.surrender import automatic_surrenders

    c, msgs, err = isolation_commands(s.cx(), side, roll)
    if err:
        return err
    s.run(c, msgs)
    s.run(*neutrality_commands(s.cx(), side))
    s.run(*combat_phase_morale(s.cx(), side))
    s.run(*automatic_surrenders(Context(s.m, s.sc, copy.deepcopy(s.work)), side))  # Surrender; rulings R72
    work = s.work
    if work.garrisons_lost:
        s.out.messages.append(f"garrisons return in {', '.join(work.garrisons_lost)} [Garrisons 4, 6]")
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
        s.run([EndCombat(side=side)])
    return ""


def _next_step(turn, sc, seq, i: int, side: str):
    """(turn, (side, step)) after step ``seq[i]``: the side's next step, the next side in the move
    order, or the next turn (Sequence of Play; rulings R1)."""
    if i + 1 < len(seq):
        return turn, (side, seq[i + 1])
    order = list(sc.move_order)
    j = order.index(side) + 1 if side in order else len(order)
    if j < len(order):
        return turn, (order[j], seq[0])
    return turn.next(), (order[0], seq[0])


def _game_over(s: _Step, side: str, turn) -> bool:
    """An immediate victory, or the last turn past: the game is over (rulings R32, R42)."""
    from mapref.rulesets.hitlers_war.commands import SetTurn

    sc = s.sc
    v = victory(s.cx())
    if v and v.get("immediate"):
        s.run([SetTurn(side=side, phase="over", subphase="")])
        s.out.messages.append(f"game over: {v['winner']} wins ({v['condition']}) [{v['rule']}]")
        return True
    if turn > sc.last_turn:
        s.run([SetTurn(side=side, phase="over", subphase="")])
        v = victory(s.cx())
        s.out.messages.append(
            f"game over after {sc.last_turn}" + (f": {v['winner']} wins ({v['condition']}) [{v['rule']}]" if v else "")
        )
        if not v and sc.has("surrender"):
            s.out.messages.append(end_summary(s.cx()))
        return True
    return False


def _new_turn(s: _Step, turn) -> None:
    """A new turn: War for Europe, Siberian production 4 (rulings R13)."""
    from mapref.rulesets.hitlers_war.commands import SetHex

    work = s.work
    if turn == work.turn:
        return
    for a in s.sc.adjustments:
        p = a.params
        if a.kind == "siberia" and p.get("requires") == "war" and "grows_from" in p and turn == p["grows_from"]:
            box = box_space(p.get("box", "siberia"))
            d = work.hex(box).devastated + (p.get("grows_to", 12) - p.get("production", 8))
            s.run([SetHex(space=box, devastated=d)])
            s.out.messages.append(
                f"{box}: production potential rises to {p.get('grows_to', 12)}, {d} devastated [Siberian production 4; rulings R13]"
            )


def _start_of_step(s: _Step, seq, side: str, new_side: str, turn, phase: str, sub: str) -> None:
    """What the start of the next step applies: fort points become operational at the start of a
    production phase (Fort strength under construction 2); at the start of a player turn the
    nations that join by themselves (Nations inclined toward the Axis 1-3; The United States 1;
    rulings R39), the fleets with no port eliminated (Movement of naval strength points and fleets
    7, 13; rulings R53), a new turn's transport (Sea transportation 1) and fleet moves."""
    from mapref.rulesets.hitlers_war.commands import SetFleets, SetRecord
    from mapref.rulesets.hitlers_war.politics import automatic_entries

    work = s.work
    if phase == "production" and sub == seq[[x[0] for x in seq].index("production")][1]:
        s.run(*forts_operational(s.cx(), new_side))
    if not (
        phase == "movement" and (new_side != side or turn != work.turn or work.phase == "setup") and sub == seq[0][1]
    ):
        return
    s.run(*automatic_entries(s.cx(), turn, new_side))
    s.run(*portless_fleet_commands(s.cx(), new_side))
    rec = work.sides.get(new_side)
    if rec is not None and (rec.ta_used or rec.transported):  # a new turn's transport (Sea transportation 1)
        s.run([SetRecord(side=new_side, fields={"ta_used": 0, "transported": {}})])
    if any(f.side == new_side and f.moved for f in work.fleets):
        fleets = copy.deepcopy(work.fleets)
        for f in fleets:
            if f.side == new_side:
                f.moved = False
        s.run([SetFleets(fleets=fleets)])
