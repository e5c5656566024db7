"""Combat results the players roll on the board's tables and the referee records (rulings R35).

The Firepower and Advance tables are printed on the board, not in the rulebook text, so the referee
never rolls: it checks that a result the players enter is possible and applies its consequences.

- :func:`check_losses`: the owner's chosen losses from the army (or fort points, or the garrison)
  in a hex (Assault resolution 2-8; Effect of forts on combat 2-3; Garrisons 4; Air superiority 1).
- :func:`check_capture`: a successful advance (Resolve initial advances 3; Exploitation attacks 7;
  Advance resolution 2-3, 5-10, 13; Advancing into friendly hexes 2; Sea/crossing hex side combat;
  Effect of forts on combat 4; Off-map combat 1-3; Allied & Soviet Cooperation 1; All remaining
  unaligned countries 3; Barbarossa special rule 1; Garrisons 4-6).

Each returns a :class:`CombatCheck`: the commands to apply and what they do, or the reason the
result is impossible and the rule.  Nothing here changes the state.
"""

from __future__ import annotations

import copy

# (what only an action needs, its commands first, is imported by the functions that make the
# action: a report starts without it; see ruleset.py, issue 34)
from mapref.rulesets.hitlers_war.common import ADJACENT, INACTIVE, Context, land_adjacent, roll_modifiers
from mapref.rulesets.hitlers_war.movement import ports_open_to
from mapref.rulesets.hitlers_war.results import Attacked, Captured, CombatCheck
from mapref.rulesets.hitlers_war.state import POINT_TYPES

ADVANCE_STEPS = ("advances", "exploitation", "")


def _no(reason: str, rule: str) -> CombatCheck:
    return CombatCheck(False, reason, rule)


def _combat_phase(cx) -> CombatCheck | None:
    st = cx.state
    if st.phase != "combat":
        return _no(
            f"it is the {st.side} {st.phase} phase: combat results are entered only in a combat phase",
            "Sequence of Play 2; Launching attacks 1",
        )
    return None


def _garrisons_after(cx, extra_lost: set[str], refilled: set[str] | frozenset[str] = frozenset()) -> list[str]:
    return sorted((set(cx.state.garrisons_lost) | extra_lost) - set(refilled))


# ----------------------------------------------------------------------------- losses
def check_losses(
    cx,
    space: str,
    losses: dict[str, int],
    fort: int = 0,
    garrison: bool = False,
    army: str | None = None,
    invader: bool = False,
    home: int = 0,
) -> CombatCheck:
    """The owner removes ``losses`` (points by type) from the army in ``space``, ``fort`` points
    from the fort there, ``home`` points from the home forces there (rulings R68), or the garrison
    of an empty hex.  ``invader``: the losses of an invading army to one naval fire or defensive
    assault, at least half amphibious (rulings R56); in the resolve amphibious assaults step the
    phasing side's losses are an invader's whether or not it is said (R56 as changed in issue 23).
    Losses the phasing side inflicts come from its attack: the result names it (an
    :class:`Attacked` event) for :mod:`.consequences`."""
    from mapref.rulesets.hitlers_war.commands import SetGarrisonsLost
    from mapref.rulesets.hitlers_war.homeforces import losses as home_losses
    from mapref.rulesets.hitlers_war.politics import attack_problem

    st = cx.state
    bad = _combat_phase(cx)
    if bad:
        return bad
    losses = {t: int(v) for t, v in losses.items() if v}
    bad = _no_losses(losses, fort, garrison, home)
    if bad:
        return bad
    out = CombatCheck(True)
    here = [a for a in st.armies if a.at == space]
    lost_garrisons: set[str] = set()
    # losses the phasing side inflicts on an enemy army or garrison come from its attack: whom it
    # may attack (The Soviet Union 1-4) and what the attack sets off (5)
    victims = [a.side for a in here if a.side != st.side and (army is None or a.name == army)] if losses else []
    attacked = bool(victims) or garrison or bool(fort) or bool(home)
    if home:
        h = home_losses(cx, space, home)
        if not h.ok:
            return _no(h.reason, h.rule)
        out.commands += h.commands
        out.messages += h.messages
    if attacked:
        pol = attack_problem(cx, st.side, space, victims)
        if pol:
            return _no(*pol)
    bad = _army_losses(cx, space, here, losses, army, invader, out, lost_garrisons) if losses else None
    if bad is None and fort:
        bad = _fort_losses(cx, space, fort, out)
    if bad is None and garrison:
        bad = _garrison_loss(cx, space, here, out, lost_garrisons)
    if bad is not None:
        return bad
    if lost_garrisons:
        out.commands.append(SetGarrisonsLost(spaces=_garrisons_after(cx, lost_garrisons)))
    if attacked:
        out.events = [Attacked(st.side, space, tuple(victims))]
    return out


def _no_losses(losses: dict[str, int], fort: int, garrison: bool, home: int) -> CombatCheck | None:
    if any(v < 0 for v in losses.values()) or fort < 0 or home < 0:
        return _no("losses are counted in whole strength points from 0 up", "Assault resolution 3, 5")
    if not losses and not fort and not garrison and not home:
        return _no(
            "no losses given: name the points lost (--infantry N ...), --fort N, --home N or --garrison",
            "Assault resolution 5",
        )
    return None


def _army_losses(
    cx, space: str, here: list, losses: dict[str, int], army: str | None, invader: bool, out, lost_garrisons: set[str]
) -> CombatCheck | None:
    """The army in ``space`` loses ``losses`` (Assault resolution 4-6, 8; an invader's: Naval fire
    5, Defensive assault 3, rulings R56): the commands to ``out``; the refusal, or None."""
    from mapref.rulesets.hitlers_war.commands import RemoveArmy, SetArmyPoints

    st = cx.state
    cands = [a for a in here if army is None or a.name == army]
    if not cands:
        return _no(f"no army{' named ' + army if army else ''} in {space}", "Assault resolution 4")
    if len(cands) > 1:
        return _no(
            f"{len(cands)} armies in {space} ({', '.join(a.name for a in cands)}): name one with --army",
            "Assault resolution 4-5",
        )
    a = cands[0]
    for t, v in losses.items():
        if v > a.points.get(t, 0):
            return _no(
                f"{a.name} has {a.points.get(t, 0)} {t} points, it cannot lose {v}",
                "Assault resolution 5: the owner removes its own strength points",
            )
    if st.subphase == "amphibious" and a.side == st.side and a.points.get("amphibious", 0):
        invader = True  # in this step the phasing side's armies lose points only as invaders
    if invader:
        # Naval fire 5; Defensive assault (invasions) 3: "At least half of any losses ... must
        # be amphibious strength points" (with none left to lose, the rest is free: R56)
        if st.subphase not in ("amphibious", ""):
            return _no(
                f"it is the {st.subphase.replace('_', ' ')} step: an invading army's losses come in the "
                f"resolve amphibious assaults step",
                "Invasion procedure 7; Naval fire 5",
            )
        amph = losses.get("amphibious", 0)
        if 2 * amph < sum(losses.values()) and amph < a.points.get("amphibious", 0):
            return _no(
                f"{amph} of {sum(losses.values())} points lost are amphibious: at least half the losses of an "
                f"invading army must be amphibious while it has some",
                "Naval fire 5; Defensive assault 3",
            )
    left = {t: a.points.get(t, 0) - losses.get(t, 0) for t in POINT_TYPES}
    what = ", ".join(f"{v} {t}" for t, v in losses.items())
    if sum(left.values()) == 0:
        out.commands.append(RemoveArmy(text=f"{a.name} eliminated", army=a.name))
        out.messages.append(f"{a.name} loses {what}: it has no strength left and is removed [Assault resolution 6]")
        if not cx.is_box(space) and not any(x.at == space and x is not a for x in st.armies):
            lost_garrisons.add(space)
            out.messages.append(
                f"{space} is empty: no garrison until the end of the combat phase [Assault resolution 8]"
            )
    else:
        out.commands.append(SetArmyPoints(text=f"{a.name} loses {what}", army=a.name, points=left))
        out.messages.append(f"{a.name} loses {what}: {sum(left.values())} points left [Assault resolution 5]")
    return None


def _fort_losses(cx, space: str, fort: int, out) -> CombatCheck | None:
    """The fort in ``space`` loses ``fort`` operational points to an enemy assault (Effect of forts
    on combat 2; Fort strength under construction 3): the commands to ``out``; the refusal, or None."""
    from mapref.rulesets.hitlers_war.commands import SetForts

    st = cx.state
    f = next((x for x in st.forts if x.at == space), None)
    if f is None:
        return _no(f"no fort in {space}", "Effect of forts on combat 2")
    if f.side == st.side:
        return _no(
            f"fort points are lost only to enemy assaults, not to defensive assaults: it is the {st.side} turn",
            "Effect of forts on combat 2",
        )
    if fort > f.strength:
        return _no(
            f"the fort in {space} has {f.strength} operational points, it cannot lose {fort}"
            + (f" ({f.building} under construction count in no battle)" if f.building else ""),
            "Effect of forts on combat 2; Fort strength under construction 3",
        )
    forts = copy.deepcopy(st.forts)
    next(x for x in forts if x.at == space).strength -= fort
    out.commands.append(SetForts(text=f"fort {space} loses {fort}", forts=forts))
    out.messages.append(
        f"the fort in {space} loses {fort} points, {f.strength - fort} left [Effect of forts on combat 2]"
    )
    return None


def _garrison_loss(cx, space: str, here: list, out, lost_garrisons: set[str]) -> CombatCheck | None:
    """The garrison of the empty hex ``space`` destroyed (Assault resolution 7-8; Garrisons 1, 4-5;
    Advancing into friendly hexes 2); the refusal, or None."""
    st = cx.state
    if here:
        return _no(f"{space} holds an army: it has no garrison", "Garrisons 5")
    if cx.is_box(space) or not cx.is_land(space):
        return _no(f"{space} has no land: it has no garrison", "Garrisons 1")
    if space in st.garrisons_lost:
        return _no(f"the garrison of {space} is already destroyed", "Assault resolution 8")
    if cx.control.get(space) == st.side:
        return _no(
            f"{space} is friendly to the {st.side}: its garrison is not attacked in their turn",
            "Advancing into friendly hexes 2",
        )
    lost_garrisons.add(space)
    out.messages.append(
        f"the garrison of {space} is destroyed until the end of the combat phase [Assault resolution 7; Garrisons 4]"
    )
    return None


# ----------------------------------------------------------------------------- capture
def retreat_options(
    cx, space: str, side: str, exclude: set[str] | frozenset[str] = frozenset()
) -> tuple[list[str], list[str]]:
    """The hexes an army of ``side`` displaced from ``space`` may retreat to (Advance resolution
    6-7): (vacant, occupied) adjacent friendly hexes, never across crossing or all-sea sides."""
    st = cx.state
    vacant, occupied = [], []
    for n in sorted(set(cx.graph.neighbours(space, ADJACENT))):
        if n in exclude or not cx.exists(n) or cx.control.get(n) != side:
            continue
        if any(a.at == n and a.side != side for a in st.armies):
            continue
        if cx.is_box(n) or not any(a.at == n for a in st.armies):
            vacant.append(n)  # boxes hold any number of armies (Stacking 6; rulings R37)
        else:
            occupied.append(n)
    return vacant, occupied


def _neutral_target(cx, to: str) -> str:
    sc = cx.scenario
    c = cx.neutral(to)
    if c:
        return f"{to} is in {cx.board.country_name(c)}, neutral: it may never be attacked"
    if any(x.id == "neutral" for x in sc.special) and to not in cx.start and to not in cx.control:
        return f"{to} was controlled by neither side at the start: it may never be attacked"
    return ""


def all_para(a) -> bool:
    """Para-drop across water 2: "Armies which consist entirely of para-troop strength points"
    (they "may be assigned tac air") may attack across a sea or crossing hexside."""
    ground = {t: v for t, v in a.points.items() if v and t != "tactical_air"}
    return bool(ground) and set(ground) == {"para"}


def _failed_drop(a, para_drop: int) -> list:
    """Para-drop 7: "If the advance fails, all para-troop strength points used in the para-drop are
    eliminated" (an army left with no points is gone)."""
    from mapref.rulesets.hitlers_war.commands import RemoveArmy, SetArmyPoints

    if not para_drop:
        return []
    pts = dict(a.points)
    pts["para"] = pts.get("para", 0) - para_drop
    if not any(pts.values()) and not a.leader:
        return [RemoveArmy(text=f"{a.name} lost with its para-drop", army=a.name)]
    return [SetArmyPoints(text=f"{a.name} loses {para_drop} para", army=a.name, points=pts)]


def check_capture(
    cx,
    frm: str,
    to: str,
    retreats: list[str] | None = None,
    army: str | None = None,
    invasion: bool = False,
    para_drop: int = 0,
    fleet_to: list[str] | None = None,
    home_to: str | None = None,
    failed: bool = False,
) -> CombatCheck:
    """A successful advance from ``frm`` into ``to`` (the players rolled it on the Advance table);
    ``retreats``: where the defender retreats each army displaced from ``to``, in order.
    ``invasion``: an amphibious invasion's advance (Invasion advance 1-3: the caller checks the
    sea route); ``para_drop``: para points dropped in this advance (Para-drop 2-5); ``fleet_to``: the
    port each enemy fleet in port in ``to`` is expelled to, in order (rulings R52); ``home_to``: where
    the home forces in ``to`` retreat (Unaligned Forces 3; rulings R68).  ``failed``: the advance the
    players rolled failed: the army stays and its attacks are over this turn (Advance resolution 2;
    Exploitation attacks 9; rulings R69).  What the capture sets off is not here: the result names
    it (a :class:`Captured` event) for :mod:`.consequences`."""
    from mapref.rulesets.hitlers_war.commands import SetGarrisonsLost
    from mapref.rulesets.hitlers_war.homeforces import displaced

    bad = _combat_phase(cx) or _advance_step_problem(cx, invasion)
    if bad:
        return bad
    a, bad = _advancing_army(cx, frm, to, army, invasion)
    if bad:
        return bad
    bad = _para_drop_problem(cx, a, para_drop)
    if bad:
        return bad
    across_water, bad = _advance_crossing(cx, a, frm, to, invasion)
    if bad:
        return bad
    bad = _target_problem(cx, a, to, invasion)
    if bad:
        return bad
    attacks, order = _exploitation_order(cx, a, invasion)
    if failed:
        return _failed_advance(cx, a, frm, to, attacks, order, para_drop)
    side = a.side
    owner = cx.control.get(to)
    enemy_here = [x for x in cx.state.armies if x.at == to and x.side != side]
    friendly_target = owner == side
    if invasion and friendly_target:
        return _no(
            f"{to} is friendly to the {side}: the target of an amphibious invasion can never be a friendly hex",
            "Invasion procedure 4",
        )
    if friendly_target and enemy_here:  # cannot happen in a consistent game
        return _no(f"{to} is friendly to the {side} but holds {enemy_here[0].name}", "Hex Control 2")
    out = CombatCheck(True, commands=list(attacks), messages=list(order))
    lost: set[str] = set()
    refilled: set[str] = set()
    # the defenders (Advance resolution 5-8; Off-map combat 3)
    bad = _displace_defenders(cx, a, frm, to, list(retreats or []), enemy_here, out, refilled)
    if bad:
        return bad
    if not friendly_target:
        h = displaced(cx, to, side, home_to)
        if not h.ok:
            c = _no(h.reason, h.rule)
            c.home = h.retreat
            return c
        out.commands += h.commands
        out.messages += h.messages
    _move_in(cx, a, frm, to, invasion, para_drop, across_water, out)
    if not cx.is_box(frm) and not any(x.at == frm and x is not a for x in cx.state.armies):
        lost.add(frm)  # Garrisons 6: a hex left empty in the combat phase regains it at the end
    refilled.add(to)  # occupied: no garrison (Garrisons 5)
    if friendly_target:
        out.messages.append(f"{to} was already {side}: no damage [Advancing into friendly hexes 2]")
    else:
        bad = _take_hex(cx, side, to, owner, list(fleet_to or []), out)
        if bad is not None:
            return bad
    out.commands.append(SetGarrisonsLost(spaces=_garrisons_after(cx, lost, refilled)))
    # what the capture sets off is .consequences' (the caller completes the result)
    if not friendly_target:
        out.events = [Captured(side, to, tuple(x.side for x in enemy_here))]
    return out


def _advance_step_problem(cx, invasion: bool) -> CombatCheck | None:
    sub = cx.state.subphase
    if invasion and sub not in ("amphibious", ""):
        return _no(
            f"it is the {sub.replace('_', ' ')} step: amphibious invasions are resolved in the resolve "
            f"amphibious assaults step",
            "Invasion procedure 7",
        )
    if not invasion and sub not in ADVANCE_STEPS:
        return _no(
            f"it is the {sub.replace('_', ' ')} step: advances come in the initial advances and exploitation steps",
            "Combat 7; Resolve initial advances; Exploitation attacks",
        )
    return None


def _advancing_army(cx, frm: str, to: str, army: str | None, invasion: bool):
    """The army that advances from ``frm`` and whether it may (Advance resolution 1-2; Exploitation
    attacks 3, 9; Activity limitations; Tactical air abilities 3): (army, None) or (None, refusal)."""
    st = cx.state
    cands = [a for a in st.armies if a.at == frm and a.side == st.side and (army is None or a.name == army)]
    if not cands:
        return None, _no(
            f"no {st.side} army{' named ' + army if army else ''} in {frm}: only the phasing side advances",
            "Launching attacks 1; Advance resolution 2",
        )
    if len(cands) > 1:
        return None, _no(
            f"{len(cands)} armies in {frm} ({', '.join(a.name for a in cands)}): name one with --army",
            "Advance resolution 1",
        )
    a = cands[0]
    if a.name in st.stopped and not invasion:
        return None, _no(
            f"{a.name}'s attacks are over this turn: it failed an advance, or its exploitation ended when another "
            f"army began one",
            "Advance resolution 2; Exploitation attacks 3, 9 (rulings R69)",
        )
    nation = st.nations.get(a.nation)
    if nation is not None and nation.status in INACTIVE:
        return None, _no(
            f"{a.name} belongs to {a.nation}, which is {nation.status}: its strength points may not attack",
            "Italy / The United States: Activity limitations 1",
        )
    bad = _announced_problem(cx, a, to)
    if bad is not None:
        return None, bad
    if a.total(with_air=False) == 0:
        return None, _no(
            f"{a.name} has only tactical air, which is never used in an advance", "Tactical air abilities 3"
        )
    if frm == to:
        return None, _no(f"{a.name} is already in {to}", "Advance resolution 2")
    return a, None


def _para_drop_problem(cx, a, para_drop: int) -> CombatCheck | None:
    """Para-drop 1-3, 5: the points dropped are the army's para points, in its first advance."""
    if not para_drop:
        return None
    if not cx.scenario.has("paratroops"):
        return _no("this scenario has no para-drops", "Paratroops (War for Europe)")
    if para_drop > a.points.get("para", 0):
        return _no(f"{a.name} has {a.points.get('para', 0)} para points, it cannot drop {para_drop}", "Para-drop 1, 5")
    if a.advanced:
        return _no(
            f"{a.name} has already advanced this turn: para-troops drop only in the first hex an army advances to",
            "Para-drop 2-3",
        )
    return None


def _advance_crossing(cx, a, frm: str, to: str, invasion: bool):
    """Whether the advance crosses the water (an army of para-troops only: Para-drop across water
    2), or the refusal of a target not adjacent across a land hexside (Launching attacks 5; Sea/
    crossing hex side combat): (across_water, refusal or None)."""
    if invasion or land_adjacent(cx, frm, to):
        return False, None
    sc = cx.scenario
    kinds = cx.graph.kinds_between(frm, to)
    if kinds & {"sea", "crossing"} and sc.has("paratroops") and all_para(a):
        return True, None  # Para-drop across water 2
    if kinds:
        return False, _no(
            f"{frm} and {to} are joined only across a crossing or all-sea hexside"
            + (" (only an army of para-troops, with tac air, may attack across it)" if sc.has("paratroops") else ""),
            "Sea/crossing hex side combat; Launching attacks 5; Para-drop across water 2",
        )
    return False, _no(f"{to} is not adjacent to {frm}", "Launching attacks 5; Advance resolution 2")


def _target_problem(cx, a, to: str, invasion: bool) -> CombatCheck | None:
    """Why army ``a`` may not advance into ``to``: a neutral, a cooperating side, a friendly army, the
    Rumanian army's limit, the politics of the attack, supply, an exploitation without an advance."""
    from mapref.rulesets.hitlers_war.politics import attack_problem

    st, sc, side = cx.state, cx.scenario, a.side
    why = _neutral_target(cx, to)
    if why:
        return _no(
            why, "All remaining unaligned countries 3; Barbarossa special rule 1; Fall of Germany special rule 2"
        )
    owner = cx.control.get(to)
    enemy_here = [x for x in st.armies if x.at == to and x.side != side]
    if {side, owner} == {"soviet", "allies"} or any({side, x.side} == {"soviet", "allies"} for x in enemy_here):
        return _no(
            f"{to} is {owner}: the Soviet and Allied players may never attack one another",
            "Allied & Soviet Cooperation 1",
        )
    if any(x.at == to and x.side == side for x in st.armies):
        return _no(f"{to} holds a friendly army", "Advance resolution 3")
    if a.name == "Rumanian Army" and sc.id == "war_for_europe" and cx.country(to) not in ("ro", "su"):
        return _no(
            f"{to} is not in the Soviet Union: the Rumanian army advances only into Soviet hexes", "The Rumanian army 3"
        )
    if owner != side:
        pol = attack_problem(cx, side, to, [x.side for x in enemy_here])
        if pol:
            return _no(*pol)
    if a.at not in cx.supplied(side):
        return _no(f"{a.name} cannot trace supply: it may not attack this turn", "Determine supply 5")
    if st.subphase == "exploitation" and not invasion and not a.advanced:
        # Exploitation attacks 1: "Armies which successfully advanced into their target ... may
        # participate in the exploitation phase" (rulings R61)
        return _no(
            f"{a.name} has not advanced this combat phase: only armies that advanced into their target exploit",
            "Exploitation attacks 1",
        )
    return None


def _exploitation_order(cx, a, invasion: bool) -> tuple[list, list[str]]:
    """Exploitation attacks 2-3: one army at a time; "Once the attacker begins one army's
    exploitation, they cannot then return to finish another army's earlier exploitation attack"."""
    from mapref.rulesets.hitlers_war.commands import SetAttacks

    st = cx.state
    if st.subphase != "exploitation" or invasion or st.exploiting == a.name:
        return [], []
    attacks = [SetAttacks(text=f"{a.name} exploits", exploiting=a.name, stop=[st.exploiting] if st.exploiting else [])]
    order = []
    if st.exploiting:
        order.append(
            f"{st.exploiting}'s exploitation is over: {a.name} exploits now, and {st.exploiting} may not return "
            f"to it [Exploitation attacks 2-3; rulings R69]"
        )
    return attacks, order


def _failed_advance(cx, a, frm: str, to: str, attacks: list, order: list[str], para_drop: int) -> CombatCheck:
    """Advance resolution 2; Exploitation attacks 8-9 (rulings R69): the army stays, its attacks over;
    the para points it dropped are lost (Para-drop 7)."""
    from mapref.rulesets.hitlers_war.commands import SetAttacks

    stop = SetAttacks(
        text=f"{a.name} failed to advance",
        stop=[a.name],
        exploiting="" if cx.state.subphase == "exploitation" else None,
    )
    return CombatCheck(
        True,
        commands=attacks + [stop] + _failed_drop(a, para_drop),
        messages=order
        + [
            f"{a.name}'s advance from {frm} into {to} fails: it stays in {frm} and makes no more attacks this turn "
            f"[Advance resolution 2; Exploitation attacks 8-9; rulings R69]"
        ]
        + (
            [
                f"the para-drop of {para_drop} failed with it: the {para_drop} para points dropped are eliminated [Para-drop 7]"
            ]
            if para_drop
            else []
        ),
    )


def _displace_defenders(
    cx, a, frm: str, to: str, retreats: list[str], enemy_here: list, out: CombatCheck, refilled: set[str]
) -> CombatCheck | None:
    """The defenders displaced from ``to``: eliminated in an off-map box but Siberia (Off-map combat
    3), else each retreats as the defender chose or is eliminated (Advance resolution 5-8); the
    commands and messages go to ``out``; the refusal, or None."""
    from mapref.rulesets.hitlers_war.commands import Relocate, RemoveArmy

    if not enemy_here:
        return None
    if cx.is_box(to) and to != "box:siberia":
        if retreats:
            return _no(f"armies displaced from {to} cannot retreat: only Siberia's defenders may", "Off-map combat 3")
        for d in enemy_here:
            out.commands.append(RemoveArmy(text=f"{d.name} eliminated", army=d.name))
            out.messages.append(f"{d.name} is displaced from an off-map box and eliminated [Off-map combat 3]")
        return None
    if len(retreats) > len(enemy_here):
        return _no(
            f"{len(retreats)} retreats given for {len(enemy_here)} displaced "
            f"arm{'y' if len(enemy_here) == 1 else 'ies'}",
            "Advance resolution 6",
        )
    taken: set[str] = set()
    work = copy.deepcopy(cx.state)  # retreats happen one after the other
    wcx = Context(cx.map, cx.scenario, work, cx.graph)
    for i, d in enumerate(enemy_here):
        bad = _retreat(cx, wcx, d, frm, to, retreats[i] if i < len(retreats) else None, taken, out, refilled)
        if bad is not None:
            return bad
    # air superiority is a loss the players count (Air superiority 1)
    air = a.points.get("tactical_air", 0)
    for d in enemy_here:
        excess = air - d.points.get("tactical_air", 0)
        if excess > 0 and any(isinstance(c, Relocate) and c.army == d.name for c in out.commands):
            out.messages.append(
                f"air superiority: {d.name} may lose up to {excess} more points, not tactical air "
                f"(enter them with mapref losses) [Air superiority 1]"
            )
    return None


def _retreat(
    cx, wcx, d, frm: str, to: str, r: str | None, taken: set[str], out: CombatCheck, refilled: set[str]
) -> CombatCheck | None:
    """Defender ``d`` retreats from ``to`` to ``r`` (Advance resolution 6-8; Stacking 4), on the
    position ``wcx`` of the retreats so far; the refusal, or None."""
    from mapref.rulesets.hitlers_war.commands import Relocate, RemoveArmy, SetArmyPoints

    vacant, occupied = retreat_options(wcx, to, d.side, exclude={frm})
    vacant = [v for v in vacant if v not in taken]
    legal = vacant or occupied
    if not legal:
        if r:
            return _no(
                f"{d.name} has no hex to retreat to ({r} is not an adjacent {d.side} hex across a land side)",
                "Advance resolution 6, 8",
            )
        out.commands.append(RemoveArmy(text=f"{d.name} eliminated", army=d.name))
        out.messages.append(f"{d.name} cannot retreat into an adjacent friendly hex: eliminated [Advance resolution 8]")
        return None
    if r is None:
        c = _no(
            f"the defender must retreat {d.name} from {to}: give --retreat-to with one of {', '.join(legal)}",
            "Resolve initial advances 3; Advance resolution 6-7",
        )
        c.retreat = (d.name, list(legal))
        return c
    if r not in vacant + occupied:
        why_r = (
            f"{r} is not adjacent to {to} across a land hexside"
            if not land_adjacent(cx, to, r)
            else f"{r} is not friendly to the {d.side}"
            if wcx.control.get(r) != d.side
            else f"{r} is not a legal retreat"
        )
        return _no(f"{d.name} may not retreat to {r}: {why_r} (legal: {', '.join(legal)})", "Advance resolution 6")
    if r in occupied and vacant:
        return _no(
            f"{r} holds another army: {d.name} may retreat there only when no vacant hex is available "
            f"({', '.join(vacant)})",
            "Advance resolution 7; Stacking 4",
        )
    work = wcx.state
    if r in occupied:
        other = next(x for x in work.armies if x.at == r)
        out.commands.append(Relocate(text=f"{d.name} retreats to {r}", army=d.name, to=r, no_defensive_assault=True))
        out.commands.append(SetArmyPoints(army=other.name, no_defensive_assault=True))
        out.messages.append(
            f"{d.name} retreats to {r}, where {other.name} stands: both lose their defensive assault "
            f"this turn; over ten points there are lost if not fixed by the end of the next movement phase "
            f"[Advance resolution 7; Stacking 4]"
        )
    else:
        out.commands.append(Relocate(text=f"{d.name} retreats to {r}", army=d.name, to=r))
        out.messages.append(f"{d.name} retreats to {r} [Advance resolution 6]")
        refilled.add(r)
    work.army(d.name).at = r
    taken.add(r)
    return None


def _move_in(cx, a, frm: str, to: str, invasion: bool, para_drop: int, across_water: bool, out: CombatCheck) -> None:
    """The advancing army moves in (Advance resolution 2, 13), with the advance roll's modifiers
    (rulings R54), an invader's amphibious points made infantry (Invasion advance 3) and the
    para-drop (Para-drop 4-6; across water 2-3)."""
    from mapref.rulesets.hitlers_war.commands import Relocate, SetArmyPoints

    out.commands.append(Relocate(text=f"{a.name} advances {frm} -> {to}", army=a.name, to=to, advanced_by=1))
    out.messages.append(
        f"{a.name} {'invades' if invasion else 'advances'} from {frm} into {to} (its advance number {a.advanced + 1} "
        f"this turn: +{a.advanced + 1} to its next advance roll) [Advance resolution 2, 13]"
    )
    mods = advance_modifiers(cx, a, to)
    if mods:
        out.messages.append(
            "the advance roll's modifiers: "
            + ", ".join(f"{m['value']:+d} {m['why']} [{m['rule']}]" for m in mods)
            + f": {sum(m['value'] for m in mods):+d} in all (the players' roll; rulings R54)"
        )
    if invasion and a.points.get("amphibious"):
        pts = dict(a.points)
        pts["infantry"] = pts.get("infantry", 0) + pts.get("amphibious", 0)
        pts["amphibious"] = 0
        out.commands.append(SetArmyPoints(text=f"{a.name} lands", army=a.name, points=pts))
        out.messages.append(f"its {a.points['amphibious']} amphibious points become infantry [Invasion advance 3]")
    if para_drop:
        out.messages.append(
            f"para-drop of {para_drop}: doubled and added to the mechanized points on the Advance table "
            f"[Para-drop 4-6]" + (" across water [Para-drop across water 2-3]" if across_water else "")
        )
    elif across_water:
        out.messages.append(f"{a.name}, all para-troops, attacks across the water [Para-drop across water 2-3]")


def _take_hex(cx, side: str, to: str, owner: str | None, fleet_to: list[str], out: CombatCheck) -> CombatCheck | None:
    """``to`` captured: control, occupation, devastation (Advance resolution 10; Off-map combat 2),
    the enemy fleets in its port expelled (rulings R52), an enemy fort destroyed (Effect of forts on
    combat 4); the refusal when a fleet's port must be chosen first, or None."""
    from mapref.rulesets.hitlers_war.commands import CountHexes, SetForts, SetHex

    st = cx.state
    prod = cx.production(to)
    start_side = cx.start.get(to)
    out.commands.append(
        SetHex(
            text=f"{to} captured",
            space=to,
            control=side,
            occupied=start_side != side,
            devastated=prod if prod else None,
        )
    )
    out.commands.append(CountHexes(gained={side: 1}, lost={owner: 1} if owner else {}))
    what = f"{to} becomes {side}" + (" with an occupation marker" if start_side != side else "")
    if prod:
        what += f", its {prod} production devastated"
    out.messages.append(what + (" [Off-map combat 2]" if cx.is_box(to) else " [Advance resolution 10]"))
    bad = _expel_fleets(cx, side, to, fleet_to, out.commands, out.messages)
    if bad is not None:
        return bad
    f = next((x for x in st.forts if x.at == to and x.side != side), None)
    if f is not None:
        out.commands.append(
            SetForts(text=f"fort {to} destroyed", forts=[copy.deepcopy(x) for x in st.forts if x is not f])
        )
        out.messages.append(
            f"the {f.side} fort in {to} and its {f.strength + f.building} points are destroyed [Effect of forts on combat 4]"
        )
    return None


def check_announce(cx, army: str, target: str) -> CombatCheck:
    """Announce initial attacks 1-4 (rulings R60): in the announce step the phasing side names each
    attacking army and its target hex: its own army (2), one hex an army (Launching attacks 5),
    adjacent across a land side (5), or reached by sea for an army that may invade (Invasion
    procedure 1-2) or para-troops alone (Para-drop across water 2), friendly or not (4); several
    armies may name the same hex (3)."""
    from mapref.rulesets.hitlers_war.commands import Announce

    st, sc = cx.state, cx.scenario
    if st.phase != "combat" or st.subphase not in ("announce", ""):
        return _no(
            f"it is the {st.side} {st.phase}{' (' + st.subphase.replace('_', ' ') + ')' if st.subphase else ''}: "
            f"initial attacks are announced in the announce step of the combat phase, first",
            "Announce initial attacks 1",
        )
    a = st.army(army)
    if a is None or a.side != st.side:
        return _no(
            f"{army!r} is not a {st.side} army: the attacking player names its own armies", "Announce initial attacks 2"
        )
    if not cx.exists(target):
        return _no(f"{target} is not a space of this map and scenario", "Announce initial attacks 2")
    if army in st.announced:
        return _no(
            f"{army} is already named to attack {st.announced[army]}: an army attacks one hex at a time",
            "Launching attacks 5; Announce initial attacks 2",
        )
    if target == a.at:
        return _no(f"{army} is in {target}: the target must be adjacent", "Launching attacks 5")
    invader = bool(a.points.get("amphibious", 0)) and 2 * a.points.get("amphibious", 0) >= a.total(with_air=False)
    para_over_water = sc.has("paratroops") and all_para(a) and bool(cx.graph.kinds_between(a.at, target))
    if not land_adjacent(cx, a.at, target) and not invader and not para_over_water:
        return _no(f"{target} is not adjacent to {a.at} across a land hexside", "Launching attacks 5")
    return CombatCheck(
        True,
        commands=[Announce(text=f"{army} announced against {target}", army=army, target=target)],
        messages=[
            f"{army} is named to attack {target}"
            + (" (friendly: Announce initial attacks 4)" if cx.control.get(target) == st.side else "")
            + " [Announce initial attacks 1-3]"
        ],
    )


def _announced_problem(cx, a, to: str) -> CombatCheck | None:
    """Announce initial attacks 2 (rulings R60): once the side has announced its initial attacks,
    an army not named may not attack in the combat phase, and a named army's initial advance or
    invasion goes into the hex named for it."""
    st = cx.state
    if not st.announced:
        return None
    if a.name not in st.announced:
        return _no(
            f"{a.name} was not named in the announcement of the initial attacks: it has lost the opportunity to "
            f"attack this combat phase",
            "Announce initial attacks 2",
        )
    if st.subphase in ("advances", "amphibious") and st.announced[a.name] != to:
        return _no(f"{a.name} was named to attack {st.announced[a.name]}, not {to}", "Announce initial attacks 2")
    return None


def advance_modifiers(cx, a, to: str) -> list[dict]:
    """The modifiers of army ``a``'s advance roll into ``to`` (rulings R54): its own
    (:func:`roll_modifiers` that touch advances), Advance resolution 13 (+1 a hex already advanced
    this turn), Mountain combat 2 (+2 into a mountain hex), The Soviet Union 7 (a Soviet advance
    into a Finnish hex before the war with the Axis: +2)."""
    out = [m for m in roll_modifiers(cx, a) if "advance" in m["rolls"]]
    if a.advanced:
        out.append(
            {
                "value": a.advanced,
                "rolls": ["advance"],
                "rule": "Advance resolution 13",
                "why": f"{a.advanced} hex{'es' if a.advanced > 1 else ''} already advanced this turn",
            }
        )
    s = cx.space(to) if not cx.is_box(to) else None
    if s is not None and s.mountain:
        out.append({"value": 2, "rolls": ["advance"], "rule": "Mountain combat 2", "why": f"{to} is a mountain hex"})
    su = cx.state.nations.get("su")
    if a.side == "soviet" and cx.country(to) == "fi" and su is not None and su.status != "at_war":
        out.append(
            {
                "value": 2,
                "rolls": ["assault", "advance"],
                "rule": "The Soviet Union 7",
                "why": "a Soviet attack on Finland before the war with the Axis",
            }
        )
    return out


def _expel_fleets(cx, side: str, to: str, fleet_to: list[str], cmds: list, msgs: list) -> CombatCheck | None:
    """Movement of naval strength points and fleets 17: ships in port "can be expelled from port by
    a successful enemy advance into it. Expelled fleets must move immediately to another port."
    The owner names the port (``fleet_to``, one a fleet in order) among those the fleet may reach
    (:func:`ports_open_to`); with none, its ship points "no longer have a port" and are
    eliminated (13).  Rulings R52.  Adds to ``cmds`` and ``msgs``; returns a refusal or None."""
    from mapref.rulesets.hitlers_war.commands import MoveFleet, SetFleets

    st = cx.state
    expelled = [f for f in st.fleets if f.at == to and f.in_port and f.side != side]
    if not expelled:
        return None
    if len(fleet_to) > len(expelled):
        return _no(
            f"{len(fleet_to)} ports given for {len(expelled)} expelled fleet{'s' if len(expelled) > 1 else ''}",
            "Movement of naval strength points and fleets 17",
        )
    held: dict[str, int] = {}
    gone, moves = [], []
    for i, f in enumerate(expelled):
        options = ports_open_to(cx, f, to, lost=(to,), held=held)
        if not options:
            gone.append(f)
            msgs.append(
                f"{f.name} is expelled from {to} with no port to go to: its {f.capital} ship points are "
                f"eliminated [Movement of naval strength points and fleets 13, 17; rulings R52]"
            )
            continue
        port = fleet_to[i] if i < len(fleet_to) else None
        if port is None:
            c = _no(
                f"{f.name} is expelled from the port of {to}: its owner names the port it moves to at once "
                f"(--fleet-to, one of {', '.join(options)})",
                "Movement of naval strength points and fleets 17",
            )
            c.expel = (f.name, options)
            return c
        if port not in options:
            return _no(
                f"{f.name} may not go to {port}: not a friendly port it may enter with room, by a sea route "
                f"(legal: {', '.join(options)})",
                "Movement of naval strength points and fleets 17; 2, 5, 8-10",
            )
        held[port] = held.get(port, 0) + f.capital
        moves.append(
            MoveFleet(
                text=f"fleet {f.name} expelled {to} -> {port}",
                fleet=f.name,
                to=port,
                in_port=True,
                counts_as_move=False,
            )
        )
        msgs.append(
            f"{f.name} is expelled from the port of {to} and moves at once to the port of {port} "
            f"[Movement of naval strength points and fleets 17; rulings R52]"
        )
    if gone:
        cmds.append(
            SetFleets(text="expelled fleets eliminated", fleets=[copy.deepcopy(x) for x in st.fleets if x not in gone])
        )
    cmds.extend(moves)
    return None
