"""The production phase: building strength points and repairing production (``mapref build``,
``mapref repair``; the window's "Build here..." and "Repair production here...").

Rulebook: Production points 1-4; Building strength points 1-6; Repairing devastated production
1-8; Stacking 5-6; Fortifications, Production 1-5 and Fort strength under construction 1-3;
Fleet strength points 3-5; Trans-Atlantic shipping 3-4; U-Boats 1-2; Anti-submarine warfare 1-2;
Strategic Bombing 2; Lend-Lease 1-5; Allied Supply and Production 1; The United States 3; France:
Activity limitations 1-2; Siberian production 2, 5; Vichy France 2; Surrender, Other countries 4;
Partial Ship Builds 1-3.

A side spends what its production gives this phase (:func:`production` ``available``); what it
does not spend is lost at the end of the phase (Production points 4: the phase's records are
cleared by `mapref advance`).  Costs are the scenario's where the rulebook states them and the
record sheet's otherwise, which the referee enters once (``--cost TYPE=N``, kept in the game: a
record sheet's cost changes with research, Research: Item cost 5).

Nothing here changes the state: each check returns the commands (undoable) that apply it.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

from mapref.rulesets.hitlers_war.commands import AddArmy, Command, SetArmyPoints, SetFleets, SetForts, SetHex, SetRecord
from mapref.rulesets.hitlers_war.names import COST_TYPES, RECORD_BUILDS
from mapref.rulesets.hitlers_war.production import REPAIR_COST, production
from mapref.rulesets.hitlers_war.stacking import FORT_MARKER, FORT_MARKERS, LIMIT, hex_points
from mapref.rulesets.hitlers_war.stacking import check_build as check_build_stacking
from mapref.rulesets.hitlers_war.state import POINT_TYPES, Army, Fort, Turn

GROUND_ONLY = ("infantry", "mechanized")  # Launching attacks 4 (Barbarossa: [special.ground_only])
ARMY_TYPES = POINT_TYPES  # built and assigned to armies (Amphibious 1; Tactical air 1; Paratroops 1)
RECORD_TYPES = dict(  # built onto the record sheet (names.RECORD_BUILDS): type -> (SideRecord field, rule)
    zip(
        RECORD_BUILDS,
        (
            ("ta_shipping", "Trans-Atlantic shipping 3-4"),
            ("uboats_port", "U-Boats 1-2: new U-boat points go to the U-boat marker in port"),
            ("asw", "Anti-submarine warfare 1-2"),
            ("bombers", "Strategic Bombing 1-2"),
        ),
        strict=True,
    )
)
US = "us"
FRANCE = "fr"
FRANCE_MIN = 3  # France: Activity limitations 2
FRANCE_FORTS_FROM = Turn(1940, "winter")  # France: Activity limitations 1
US_FIRST = 6  # The United States 3


@dataclass
class BuildCheck:
    ok: bool
    reason: str = ""
    rule: str = ""
    commands: list = field(default_factory=list)
    messages: list[str] = field(default_factory=list)
    cost: int = 0
    fields: dict = field(default_factory=dict)  # record-sheet fields a part of the build sets


def _no(reason: str, rule: str) -> BuildCheck:
    return BuildCheck(False, reason, rule)


def _step(cx, want: str) -> BuildCheck | None:
    st = cx.state
    if st.phase != "production" or st.subphase not in (want, ""):
        here = f"{st.phase}" + (f" ({st.subphase})" if st.subphase else "")
        what = {"build": "strength points are built", "repair": "production is repaired"}[want]
        return _no(
            f"it is the {st.side} {here}: {what} in the {want} step of a side's production phase",
            "Sequence of Play 3" + (".1" if want == "build" else ".2"),
        )
    return None


def cost_of(cx, side: str, kind: str) -> int | None:
    """The side's cost of ``kind`` now: the record sheet's recorded in the game, else the
    scenario's (rulings R19), else unknown."""
    rec = cx.state.sides.get(side)
    if rec is not None and kind in rec.costs:
        return rec.costs[kind]
    return cx.scenario.setup(side).costs.get(kind)


def army_name(cx, side: str, nation: str) -> str:
    """A new army's name: the scenario's name for the nation's armies ("German Army 4"), else the
    country's ("Canada Army 1")."""
    base = next((p.army_name for p in cx.scenario.pools if p.side == side and p.nation == nation), "")
    base = base or f"{cx.board.country_name(nation)} Army"
    names = {a.name for a in cx.state.armies}
    n = 1
    while f"{base} {n}" in names:
        n += 1
    return f"{base} {n}"


def build_spaces(cx, side: str) -> list[str]:
    """Building strength points 4 (Axis: German hexes with an undevastated production point;
    Soviets: undevastated production hexes in the Soviet Union); Allied Supply and Production 1
    (production hexes in Great Britain, the United States or Canada; War for Europe adds France:
    France, Activity limitations 2): the scenario's ``build`` area, friendly, with production."""
    return production(cx, side).build_spaces


def check_build(
    cx,
    space: str | None,
    points: dict[str, int] | None = None,
    fort: int = 0,
    records: dict[str, int] | None = None,
    ships: int = 0,
    fleet: str | None = None,
    lend_lease: int = 0,
    costs: dict[str, int] | None = None,
    army: str | None = None,
) -> BuildCheck:
    """The phasing side builds: ``points`` (by type) in ``space`` (joining the army there, or
    ``army`` in a box, or a new army), ``fort`` points in ``space``, ``records`` (ta_shipping,
    uboat, asw, bomber), ``ships`` production paid toward capital ship points (completed ones
    join ``fleet``), ``lend_lease`` points given to the Soviets; ``costs`` records the record
    sheet's costs first."""
    st, sc = cx.state, cx.scenario
    bad = _step(cx, "build")
    if bad:
        return bad
    side = st.side
    rec = st.sides.get(side)
    points = {t: int(v) for t, v in (points or {}).items() if v}
    records = {t: int(v) for t, v in (records or {}).items() if v}
    costs = {t: int(v) for t, v in (costs or {}).items()}
    bad = _order_problem(sc, side, points, records, costs, fort, ships, lend_lease)
    if bad:
        return bad
    out = BuildCheck(True)
    new_costs = dict(rec.costs) if rec else {}
    if costs:
        new_costs.update(costs)
        out.messages.append(
            f"{side} record sheet costs: "
            + ", ".join(f"{t} {v}" for t, v in costs.items())
            + " [Building strength points 1; Research: Item cost 5]"
        )

    def cost(kind: str) -> int | None:
        return new_costs.get(kind, sc.setup(side).costs.get(kind))

    total = 0
    lines: list[str] = []
    for kind, n in list(points.items()) + list(records.items()) + ([("fort", fort)] if fort else []):
        c = cost(kind)
        if c is None:
            return _no(
                f"the {side} cost of {kind.replace('_', ' ')} is on the record sheet, not in the rulebook: "
                f"enter it once with --cost {kind}=N",
                "Building strength points 1; rulings R19",
            )
        total += c * n
        lines.append(f"{n} {kind.replace('_', ' ')} at {c}")
    prod = production(cx, side)
    fields: dict = {"costs": new_costs} if costs else {}
    bad = (
        _in_space(cx, side, space, points, fort, army, prod, out, fields)
        or _records(records, cost, rec, out, fields)
        or _paid_ships(cx, side, ships, fleet, cost, rec, out, fields)
        or _lend_lease(cx, side, lend_lease, prod, rec, out, fields)
    )
    if bad:
        return bad
    total += ships + lend_lease
    lines += ([f"{ships} toward capital ships"] if ships else []) + ([f"{lend_lease} lend-lease"] if lend_lease else [])
    if total > prod.available:
        return _no(
            f"{' + '.join(lines)} cost {total}; the {side} have {prod.available} of {prod.spendable} production left "
            f"this phase",
            "Building strength points 3; Production points 4",
        )
    if total:
        fields["spent"] = (rec.spent if rec else 0) + total
        out.messages.append(
            f"{side} spend {total} ({', '.join(lines)}): {prod.available - total} of {prod.spendable} left "
            f"[Building strength points 1-3]"
        )
    if fields:
        out.commands.append(SetRecord(text="record sheet", side=side, fields=fields))
    out.cost = total
    return out


def _order_problem(sc, side: str, points: dict, records: dict, costs: dict, fort: int, ships: int, lend_lease: int):
    """What is wrong with the order whatever the position: unknown types, types the scenario does
    not build, costs that are no costs, negative or no amounts (Building strength points 1, 3;
    Launching attacks 4)."""
    for t in list(points) + list(records):
        if t not in ARMY_TYPES and t not in RECORD_TYPES:
            return _no(f"{t!r} is not a strength type ({', '.join(COST_TYPES)})", "Building strength points 1")
    # U-Boats 1: "Only the Axis player may build U-boat strength points."
    if records.get("uboat") and side != "axis":
        return _no(f"Only the Axis player may build U-boat strength points, not the {side}", "U-Boats 1")
    # Launching attacks 4: "For the Barbarossa scenario, only infantry and mechanized strength
    # points are available."
    other = [t for t in points if t not in GROUND_ONLY]
    if sc.has("ground_only") and other:
        return _no(
            f"{', '.join(t.replace('_', ' ') for t in other)}: in {sc.name} only infantry and mechanized "
            f"strength points are available",
            "Launching attacks 4",
        )
    for t, v in costs.items():
        if t not in COST_TYPES:
            return _no(f"--cost {t}: not a strength type ({', '.join(COST_TYPES)})", "Building strength points 1")
        if v <= 0:
            return _no(
                f"--cost {t}={v}: a cost is a whole number of production points from 1 up", "Building strength points 1"
            )
    if any(v < 0 for v in list(points.values()) + list(records.values())) or min(fort, ships, lend_lease) < 0:
        return _no("strength points are built in whole numbers from 0 up", "Building strength points 3")
    if not (points or fort or records or ships or lend_lease or costs):
        return _no(
            "nothing to build: give the points (--infantry N ...), --fort N, --ta-shipping N, --ships P, "
            "--lend-lease N or --cost TYPE=N",
            "Building strength points 3",
        )
    return None


def _in_space(cx, side: str, space, points: dict, fort: int, army, prod, out: BuildCheck, fields: dict):
    """Strength points and fort points built in ``space`` (Building strength points 4; The United
    States 3; Fortifications, Production): the commands to ``out``; the refusal, or None."""
    if not (points or fort):
        return None
    if not space:
        return _no("name the hex or box where the points are placed", "Building strength points 4")
    if not cx.exists(space):
        return _no(f"{space} is not a space of this map and scenario", "Building strength points 4")
    rec = cx.state.sides.get(side)
    if points:
        r = _place_points(cx, side, space, points, army, prod)
        if not r.ok:
            return r
        out.commands += r.commands
        out.messages += r.messages
        built = dict(rec.built) if rec else {}
        country = cx.country(space) or ""
        built[country] = built.get(country, 0) + sum(points.values())
        fields["built"] = built
        if rec is not None and rec.us_first:
            fields["us_first"] = max(0, rec.us_first - sum(points.values()))
    if fort:
        r = _fort(cx, side, space, fort)
        if not r.ok:
            return r
        out.commands += r.commands
        out.messages += r.messages
    return None


def _records(records: dict, cost, rec, out: BuildCheck, fields: dict):
    """What is built onto the record sheet (RECORD_TYPES); the refusal, or None."""
    for kind, n in records.items():
        attr, rule = RECORD_TYPES[kind]
        if kind == "ta_shipping" and not cost(kind):
            return _no("trans-Atlantic shipping is the Western Allies'", rule)
        fields[attr] = getattr(rec, attr, 0) + n
        if kind == "ta_shipping":  # Production points 1: they carry production from the next phase on
            fields["ta_built"] = getattr(rec, "ta_built", 0) + n
        out.messages.append(
            f"{n} {kind.replace('_', ' ')} point{'s' if n != 1 else ''} built: {fields[attr]} on the record sheet [{rule}]"
        )
    return None


def _paid_ships(cx, side: str, ships: int, fleet, cost, rec, out: BuildCheck, fields: dict):
    """Production paid toward capital ship points (:func:`_ships`); the refusal, or None."""
    if not ships:
        return None
    r = _ships(cx, side, ships, fleet, cost("capital_ship"), rec)
    if not r.ok:
        return r
    out.commands += r.commands
    out.messages += r.messages
    fields.update(r.fields)
    return None


def _lend_lease(cx, side: str, lend_lease: int, prod, rec, out: BuildCheck, fields: dict):
    """Lend-Lease 1-5: Allied production given to the Soviets; the refusal, or None."""
    if not lend_lease:
        return None
    st, sc = cx.state, cx.scenario
    if side != "allies" or "soviet" not in sc.sides or prod.lend_lease is None:
        return _no("only the Allied player gives production to the Soviet player", "Lend-Lease 1, 5")
    cap = prod.lend_lease["max"]
    given = rec.lend_given if rec else 0
    if given + lend_lease > cap:
        return _no(
            f"lend-lease this turn is at most {cap} (two for each depot still Soviet: "
            f"{', '.join(prod.lend_lease['depots']) or 'none'}); {given} given already",
            "Lend-Lease 1-2",
        )
    sov = st.sides.get("soviet")
    out.commands.append(
        SetRecord(text="lend-lease", side="soviet", fields={"lend_lease": (sov.lend_lease if sov else 0) + lend_lease})
    )
    fields["lend_given"] = given + lend_lease
    out.messages.append(
        f"{lend_lease} production points given to the Soviets, to be spent in their next production phase "
        f"[Lend-Lease 1-4]"
    )
    return None


def _place_points(cx, side: str, space: str, points: dict[str, int], army: str | None, prod) -> BuildCheck:
    st = cx.state
    if space not in prod.build_spaces:
        why = (
            f"{space} is not friendly to the {side}"
            if not cx.friendly(space, side)
            else f"{space} has no undevastated production point"
            if cx.undevastated(space) <= 0
            else f"{space} is not where the {side} build"
        )
        return _no(
            f"{why}: the {side} build in {', '.join(prod.build_spaces) or 'no space now'}",
            prod.build_rule or "Building strength points 4",
        )
    rec = st.sides.get(side)
    if rec is not None and rec.us_first and cx.country(space) != US:
        return _no(
            f"the first six strength points built after the U.S. joins go to the United States "
            f"({rec.us_first} still to build there)",
            "The United States 3",
        )
    n = sum(v for t, v in points.items() if t != "tactical_air")
    box = cx.is_box(space)
    target, bad = _build_target(cx, side, space, points, army, n)
    if bad:
        return bad
    what = ", ".join(f"{v} {t.replace('_', ' ')}" for t, v in points.items())
    cmd: Command
    if target is not None:
        new = {t: target.points.get(t, 0) + points.get(t, 0) for t in POINT_TYPES}
        cmd = SetArmyPoints(text=f"{target.name} built", army=target.name, points=new)
        msg = f"{what} built in {space}, joining {target.name} [Building strength points 4]"
    else:
        if target is None and not box and n == 0:
            return _no("armies can never contain only tactical air", "Tactical air abilities 9")
        nation = cx.country(space) or ""
        name = army if army and not st.army(army) else army_name(cx, side, nation)
        if st.army(name) is not None:
            return _no(f"an army named {name} is already in play", "Building strength points 4")
        cmd = AddArmy(
            text=f"{name} built", army=Army(name, side, nation, space, {t: points.get(t, 0) for t in POINT_TYPES})
        )
        msg = f"{what} built in {space}: a new army, {name} [Building strength points 4]"
    return BuildCheck(True, commands=[cmd], messages=[msg])


def _build_target(cx, side: str, space: str, points: dict[str, int], army: str | None, n: int):
    """The army the points built in ``space`` join (``army`` in a box; the side's army in a hex), or
    None for a new army; within the stacking limits (Stacking 1-2, 5-6; Building strength points
    5): (army or None, None) or (None, the refusal)."""
    st = cx.state
    if cx.is_box(space):
        target = None
        if army:
            target = next((a for a in st.armies if a.name == army and a.at == space and a.side == side), None)
        if target is not None and target.total(with_air=False) + n > LIMIT:
            return None, _no(
                f"{target.name} has {target.total(with_air=False)} points; {n} more would pass ten",
                "Stacking 6: each army in an off-map box is limited to ten",
            )
        if target is None and n > LIMIT:
            return None, _no(f"{n} points make an army of more than ten", "Stacking 2, 6")
        return target, None
    over = check_build_stacking(cx, space, points)
    if over:
        return None, _no(f"{over[0].message} (fort points count)", "Stacking 5; Building strength points 5")
    target = next((a for a in st.armies if a.at == space and a.side == side), None)
    if any(a.at == space and a.side != side for a in st.armies):
        return None, _no(f"{space} holds an enemy army", "Stacking 1")
    return target, None


def _fort(cx, side: str, space: str, n: int) -> BuildCheck:
    st = cx.state
    rule = "Fortifications, Production 1-5"
    if cx.is_box(space) or not cx.is_land(space):
        return _no(f"{space} is not a land hex: fort points go to a friendly hex", "Fortifications, Production 3")
    if not cx.friendly(space, side):
        return _no(f"{space} is not friendly to the {side}", "Fortifications, Production 3")
    if space not in cx.supplied(side):
        return _no(f"{space} cannot trace supply to the {side} source", "Fortifications, Production 3")
    fr = st.nations.get(FRANCE)
    if (
        cx.scenario.has("france")
        and cx.country(space) == FRANCE
        and fr is not None
        and fr.status == "at_war"
        and st.turn < FRANCE_FORTS_FROM
    ):
        return _no(
            "no fortification points may be built in France until the winter 1940 turn",
            "France: Activity limitations 1",
        )
    forts = copy.deepcopy(st.forts)
    f = next((x for x in forts if x.at == space and x.side == side), None)
    if f is None:
        mine = sorted(x.number for x in forts if x.side == side)
        if len(mine) >= FORT_MARKERS:
            return _no(
                f"the {side} have {len(mine)} fort markers in play; at most seven (dismantle one first)",
                "Fortifications, Production 5",
            )
        number = next(k for k in range(1, FORT_MARKERS + 1) if k not in mine)
        f = Fort(side, number, space, 0, 0)
        forts.append(f)
        new = True
    else:
        new = False
    if f.strength + f.building + n > FORT_MARKER:
        return _no(
            f"fort No. {f.number} in {space} holds {f.strength + f.building} points; a fort holds at most five",
            "Fortifications, Production 2",
        )
    # Fortifications, Production 1: "Fort strength points are built like other types of strength
    # points ... They count toward the ten strength point stacking limit"; Building strength points
    # 5: "Strength points cannot be placed in a hex that already holds ten strength points": a fort
    # point is placed as an infantry point is, counted with the fort points still being built there
    # (rulings R67, corrected in issue 33)
    building = sum(x.building for x in st.forts if x.at == space)
    if hex_points(cx, space, building + n) > LIMIT:
        return _no(
            f"building {n} fort point{'s' if n != 1 else ''} in {space} would make {hex_points(cx, space, building + n)}; "
            f"at most ten (fort points are built like other strength points and count toward the ten)",
            "Stacking 5; Building strength points 5; Fortifications, Production 1 (rulings R67)",
        )
    f.building += n
    msgs = [
        f"{n} fort point{'s' if n != 1 else ''} under construction in {space}"
        + (f" (new fort No. {f.number})" if new else f" (fort No. {f.number})")
        + f": operational from the {side} next production phase [{rule}; Fort strength under construction 1-3]"
    ]
    return BuildCheck(True, commands=[SetForts(text=f"fort {space} built", forts=forts)], messages=msgs)


def _ships(cx, side: str, pay: int, fleet: str | None, cost: int | None, rec) -> BuildCheck:
    """Partial Ship Builds 1-3 (where the scenario has them): production paid toward ship points,
    the oldest first; a point paid in full joins a fleet of the side in port (Fleet strength
    points 3-4).  Without partial builds a point is paid in one turn (Building strength points 6)."""
    st = cx.state
    partial = cx.scenario.has("partial_ships")
    owed = list(rec.partial_ships) if rec else []
    done = 0
    left = pay
    while left > 0:
        if not owed:
            if cost is None:
                return _no(
                    f"the {side} cost of a capital ship point is on the record sheet: enter it once with --cost capital_ship=N",
                    "Building strength points 1; rulings R19",
                )
            owed.append(cost)
        take = min(left, owed[0])
        owed[0] -= take
        left -= take
        if owed[0] == 0:
            owed.pop(0)
            done += 1
    if owed and not partial and (not rec or owed != list(rec.partial_ships)):
        return _no(
            f"{pay} production does not pay whole capital ship points ({cost} each): a point is built in one turn",
            "Building strength points 6",
        )
    cmds, msgs = [], []
    if done:
        fleets = copy.deepcopy(st.fleets)
        f = next((x for x in fleets if x.side == side and (fleet is None or x.name == fleet) and x.in_port), None)
        if f is None:
            return _no(
                f"the {done} completed capital ship point{'s' if done != 1 else ''} need{'s' if done == 1 else ''} "
                f"{'fleet ' + fleet if fleet else 'a fleet of the ' + side} in port",
                "Fleet strength points 3-4: new ship points only to fleets in port",
            )
        if f.capital + done > LIMIT:
            return _no(
                f"{f.name} holds {f.capital}; a fleet holds at most ten",
                "Movement of naval strength points and fleets 2",
            )
        f.capital += done
        cmds.append(SetFleets(text=f"{f.name} gains {done}", fleets=fleets))
        msgs.append(
            f"{done} capital ship point{'s' if done != 1 else ''} completed, joining {f.name} in {f.at} "
            f"[Fleet strength points 3-4]"
        )
    if owed:
        msgs.append(
            f"ship points under construction still owe {', '.join(map(str, owed))} production [Partial Ship Builds 1-2]"
        )
    return BuildCheck(True, commands=cmds, messages=msgs, fields={"partial_ships": owed})


# ----------------------------------------------------------------------------- repair
def check_repair(cx, space: str, n: int) -> BuildCheck:
    """The phasing side repairs ``n`` devastated points in ``space`` (Repairing devastated
    production 2-8; Siberian production 2, 5)."""
    st, sc = cx.state, cx.scenario
    bad = _step(cx, "repair")
    if bad:
        return bad
    side = st.side
    if n <= 0:
        return _no("repair at least one production point", "Repairing devastated production 7")
    if not cx.exists(space):
        return _no(f"{space} is not a space of this map and scenario", "Repairing devastated production 2")
    if not cx.friendly(space, side):
        return _no(
            f"{space} is not friendly to the {side}: production is repaired in friendly hexes",
            "Repairing devastated production 2, 5",
        )
    hs = st.hex(space)
    rec = st.sides.get(side)
    done_now = rec.repaired.get(space, 0) if rec else 0
    repairable = hs.devastated - hs.permanent
    for a in sc.adjustments:
        p = a.params
        if a.kind == "siberia" and space == f"box:{p.get('box', 'siberia')}":
            if side in p.get("no_repair_by", []):
                return _no(f"{space} was captured: the {side} may never repair its production", "Siberian production 5")
            per = p.get("repair_per_turn")
            if per is not None and done_now + n > per:
                return _no(
                    f"Siberia repairs at most {per} point a turn ({done_now} repaired already)", "Siberian production 2"
                )
    if hs.devastated <= 0:
        return _no(f"{space} has no devastated production", "Repairing devastated production 2")
    if n > repairable:
        extra = f" ({hs.permanent} permanently devastated)" if hs.permanent else ""
        return _no(
            f"{space} has {repairable} repairable devastated points{extra}, not {n}",
            "Repairing devastated production 7",
        )
    if space not in cx.supplied(side):
        return _no(
            f"{space} cannot trace supply to the {side} source: it stays devastated",
            "Repairing devastated production 6",
        )
    prod = production(cx, side)
    c = REPAIR_COST * n
    if c > prod.repair_left:
        return _no(
            f"repairing {n} costs {c}; the {side} may spend {prod.repair_left} more on repairs this phase "
            f"(25% of {prod.spendable}, rounded down: {prod.repair_budget}; {prod.repair_spent} spent; "
            f"{prod.available} production left)",
            "Repairing devastated production 3-4",
        )
    repaired = dict(rec.repaired) if rec else {}
    repaired[space] = done_now + n
    cmds = [
        SetHex(text=f"{space} repaired", space=space, devastated=hs.devastated - n),
        SetRecord(
            text="repair",
            side=side,
            fields={"spent": prod.spent + c, "repair_spent": prod.repair_spent + c, "repaired": repaired},
        ),
    ]
    msgs = [
        f"{n} production point{'s' if n != 1 else ''} repaired in {space} for {c}: {hs.devastated - n} devastated left, "
        f"counted from the next turn [Repairing devastated production 2-8]",
        f"{side}: {prod.available - c} of {prod.spendable} production left, {prod.repair_left - c} more for repairs",
    ]
    return BuildCheck(True, commands=cmds, messages=msgs, cost=c)


# --------------------------------------------------------------- end of the production phase
def end_of_building(cx, side: str) -> str:
    """Why the side's build step may not end yet, or "": France, Activity limitations 2 ("The
    Allies must build at least three strength points in France per turn") while France fights on
    their side, when they have the production and a French build hex with room."""
    st, sc = cx.state, cx.scenario
    rec = st.sides.get(side)
    fr = st.nations.get(FRANCE)
    if (
        rec is None
        or side != "allies"
        or not sc.has("france")
        or fr is None
        or fr.status != "at_war"
        or fr.side != side
    ):
        return ""
    prod = production(cx, side)
    built = rec.built.get(FRANCE, 0)
    inf = cost_of(cx, side, "infantry")
    room = [s for s in prod.build_spaces if cx.country(s) == FRANCE and hex_points(cx, s) < LIMIT]
    if built < FRANCE_MIN and room and inf is not None and prod.available >= inf * (FRANCE_MIN - built):
        return (
            f"the Allies must build at least three strength points in France per turn; {built} built "
            f"(they have {prod.available} production left; French build hexes: {', '.join(room)}) "
            f"[France: Activity limitations 2]"
        )
    return ""


def end_of_production(cx, side: str) -> tuple[list, list[str]]:
    """The end of a side's production phase: unspent production is lost (Production points 4) and
    the lend-lease gift with it (Lend-Lease 4); the phase's records are cleared."""
    st = cx.state
    rec = st.sides.get(side)
    if rec is None:
        return [], []
    prod = production(cx, side)
    msgs = []
    if prod.available and prod.spendable:
        msgs.append(f"{side}: {prod.available} production unspent, lost [Production points 4]")
    clear = {"spent": 0, "repair_spent": 0, "repaired": {}, "built": {}, "lend_given": 0, "ta_built": 0}
    if side == "soviet" and rec.lend_lease:
        clear["lend_lease"] = 0
        msgs.append(f"the lend-lease gift ({rec.lend_lease}) is spent or lost [Lend-Lease 4]")
    return [SetRecord(text="end of production", side=side, fields=clear)], msgs


def budget_lines(cx) -> list[str]:
    """The window's production panel in the production phase: what is left, the costs, where
    the phasing side builds, what repairs may still take (Building strength points 1-4;
    Repairing devastated production 3)."""
    st = cx.state
    if st.phase != "production":
        return []
    p = production(cx, st.side)
    costs = ", ".join(
        f"{t.replace('_', ' ')} {c}" for t in POINT_TYPES + ("fort",) if (c := cost_of(cx, st.side, t)) is not None
    )
    return [
        f"{st.side} budget: {p.available} of {p.spendable} left (spent {p.spent}, repairs {p.repair_spent})",
        f"costs: {costs or 'none known'} [{p.costs_rule or 'Building strength points 2'}]",
        f"build in: {', '.join(p.build_spaces) or 'nowhere'}",
        f"repairs: up to {p.repair_left} more ({REPAIR_COST} a point)",
    ]
