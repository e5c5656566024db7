"""Amphibious invasions the players resolved (Fall of Germany and War for Europe: Amphibious
Invasions; Invasion procedure; Invasion resolution; Invasion advance): checked here, the advance
itself is :func:`.combat.check_capture`'s with what the capture sets off (:mod:`.consequences`).
Nothing here changes the state."""

from __future__ import annotations

from mapref.rulesets.hitlers_war.combat import _combat_phase, _no, check_capture
from mapref.rulesets.hitlers_war.commands import AddInvasion, RemoveArmy, SetArmyPoints
from mapref.rulesets.hitlers_war.common import INACTIVE
from mapref.rulesets.hitlers_war.results import CombatCheck
from mapref.rulesets.hitlers_war.consequences import completed
from mapref.rulesets.hitlers_war.transport import invasion_route


def check_invasion(
    cx,
    frm: str,
    to: str,
    retreats: list[str] | None = None,
    army: str | None = None,
    failed: bool = False,
    fleet_to: list[str] | None = None,
) -> CombatCheck:
    """An amphibious invasion the players resolved (Invasion resolution 1-7): its advance succeeded
    (the army lands in ``to``; its amphibious points become infantry: Invasion advance 3) or it
    failed (``failed``: the army stays and loses every amphibious point: Invasion advance 4).
    Checked: the resolve amphibious assaults step (Invasion procedure 7), an army at least half
    amphibious (2), a sea route (3, 6), a target never friendly (4), one invader a target (8)."""
    st = cx.state
    bad = _combat_phase(cx)
    if bad:
        return bad
    if st.subphase not in ("amphibious", ""):
        return _no(
            f"it is the {st.subphase.replace('_', ' ')} step: amphibious invasions are resolved in the resolve "
            f"amphibious assaults step",
            "Invasion procedure 7; Invasion resolution",
        )
    cands = [a for a in st.armies if a.at == frm and a.side == st.side and (army is None or a.name == army)]
    if not cands:
        return _no(f"no {st.side} army{' named ' + army if army else ''} in {frm}", "Invasion procedure 1")
    if len(cands) > 1:
        return _no(f"{len(cands)} armies in {frm}: name one with --army", "Invasion procedure 1")
    a = cands[0]
    nation = st.nations.get(a.nation)
    if nation is not None and nation.status in INACTIVE:
        return _no(
            f"{a.name} belongs to {a.nation}, which is {nation.status}: its strength points may not attack",
            "Italy / The United States: Activity limitations 1",
        )
    amph = a.points.get("amphibious", 0)
    ground = a.total(with_air=False)
    if not amph or 2 * amph < ground:
        return _no(
            f"{a.name} has {amph} amphibious points of {ground}: only armies at least half amphibious may invade",
            "Invasion procedure 2",
        )
    if to in st.invasions:
        return _no(
            f"{to} has been invaded this turn: only one army can amphibiously assault each hex", "Invasion procedure 8"
        )
    if cx.control.get(to) == a.side:
        return _no(
            f"{to} is friendly to the {a.side}: the target of an amphibious invasion can never be a friendly hex",
            "Invasion procedure 4",
        )
    route = invasion_route(cx, frm, to)
    if not route.ok:
        return _no(route.reason, route.rule)
    fire = (
        f"unescorted, it was open to naval fire: one roll a full-sea hexside, {route.sea_sides} in all "
        f"[Naval fire 1-4]; escorts needed one a sea: {', '.join(route.seas) or 'none'} [Escorting 1-2, 5]"
    )
    # Invasion advance 2: "all the amphibious strength points plus an equal number of infantry
    # and mechanized strength points"
    ground = a.points.get("infantry", 0) + a.points.get("mechanized", 0)
    strength = (
        f"its invasion advance is rolled on the Advance table with strength {amph + min(amph, ground)} "
        f"({amph} amphibious and {min(amph, ground)} infantry and mechanized) [Invasion advance 1-2]; its "
        f"invasion assault fires with {amph} (only amphibious points count) [Invasion assault 3]; each escort's "
        f"coastal bombardment fires with its capital ship points, at most {amph} [Coastal bombardment 2]"
    )
    if failed:
        pts = dict(a.points)
        pts["amphibious"] = 0
        if not any(pts.values()):
            cmds: list = [RemoveArmy(text=f"{a.name} eliminated", army=a.name)]
        else:
            cmds = [SetArmyPoints(text=f"{a.name} loses its amphibious points", army=a.name, points=pts)]
        cmds.append(AddInvasion(space=to))
        return CombatCheck(
            True,
            commands=cmds,
            messages=[
                f"{a.name}'s invasion of {to} by {' '.join(route.path)} fails: it stays in {frm} and its {amph} amphibious "
                f"points are eliminated [Invasion advance 4]",
                strength,
                fire,
            ],
        )
    r = completed(cx, check_capture(cx, frm, to, retreats, army=a.name, invasion=True, fleet_to=fleet_to))
    if not r.ok:
        return r
    r.commands.append(AddInvasion(space=to))
    r.messages.insert(
        0, f"amphibious invasion of {to} from {frm} by sea: {' '.join(route.path)} [Invasion procedure 3]"
    )
    r.messages.insert(1, strength)
    r.messages.append(fire)
    r.messages.append(
        "it may exploit if it did not amphibiously assault, never invade again this turn [Invasion advance 5]"
    )
    return r
