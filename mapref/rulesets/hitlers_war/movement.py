"""Movement legality (Hitler's War: Movement 1-5; Fall of Germany: Sea Movement, Allied & Soviet
Cooperation 2; War for Europe: activity limitations of unaligned nations, the Rumanian army,
Italian forces (PAA), France, permanently neutral countries; Barbarossa special rule 3).

Each check returns a :class:`.results.MoveCheck`: the route found, or the reason there is none and the
rule that forbids it.  Nothing here changes the state; :func:`move_commands` gives the commands
that apply a legal move.
"""

from __future__ import annotations

import copy

# (what only an action needs, its commands first, is imported by the functions that make the
# action: a report starts without it; see ruleset.py, issue 34)
from mapref.rulesets.hitlers_war.common import EASTERN, INACTIVE, Violation, port_spaces
from mapref.rulesets.hitlers_war.scenario import resolve_area
from mapref.rulesets.hitlers_war.state import POINT_TYPES

TYPE_CHECKING = False  # (typing is not imported at run time, as in mapref.rules.ruleset)
if TYPE_CHECKING:
    from mapref.rulesets.hitlers_war.routes import SeaReach
    from mapref.rulesets.hitlers_war.results import MoveCheck

# Italian forces 3: "Africa and the Middle East"
AFRICA_MIDDLE_EAST = ("ma", "dz", "tn", "ly", "eg", "mt", "ps", "tj", "ls", "iq", "ir", "kw", "qa")
PAA, ITALIAN_ARMY = "Panzer Army Africa", "Italian Army"
MEDITERRANEAN, GIBRALTAR = "med", "H4"
FLEET_AREAS = {"gb": ("gb", "britain"), "fr": ("fr", "france"), "it": ("it", "italy")}  # Fleet strength points 2


def _no(reason: str, rule: str, **kw) -> MoveCheck:
    from mapref.rulesets.hitlers_war.results import MoveCheck

    return MoveCheck(False, reason=reason, rule=rule, **kw)


def _phase_ok(cx, side: str) -> MoveCheck | None:
    st = cx.state
    if st.phase != "movement":
        return _no(
            f"it is the {st.side} {st.phase} phase: strength points move only in their side's movement phase",
            "Sequence of Play 1; Movement 1",
        )
    if side != st.side:
        return _no(f"it is the {st.side} movement phase, not the {side} one", 'Movement 1: "In their turn"')
    return None


def check_move(cx, frm: str, to: str, points: dict | None = None, army: str | None = None) -> MoveCheck:
    """May the phasing side move ``points`` (all the army's when None) from ``frm`` to ``to``?"""
    from mapref.rulesets.hitlers_war.results import MoveCheck
    from mapref.rulesets.hitlers_war.commands import MovePoints

    st = cx.state
    a, want, bad = _moving(cx, frm, to, points, army)
    if bad is not None:
        return bad
    kw = {"army": a.name, "points": want}
    if frm == to:
        return _no(f"{a.name} is already in {to}", "Movement 1", **kw)
    target = None if cx.is_box(to) else next((x for x in st.armies if x.at == to and x.side == a.side), None)
    why = (
        _entry_problem(cx, a, frm, to)
        or _rumanian_problem(cx, a, to, want, target)
        or _italian_problem(cx, a, to, want, target)
    )
    if why:
        return _no(*why, **kw)
    path, extra, how, why = _carried(cx, a, frm, to, sum(want.values()))
    if why:
        return _no(*why, **kw)
    n = 2
    names = {x.name for x in st.armies}
    while f"{a.name} {n}" in names:
        n += 1
    cmd = MovePoints(
        text=f"move {want} from {frm} to {to}",
        army=a.name,
        to=to,
        points=want,
        new_name=f"{a.name} {n}",
        join=target.name if target is not None else "",
    )
    out = MoveCheck(True, path, army=a.name, points=want, commands=[cmd] + extra)
    out.note = how
    return out


def _moving(cx, frm: str, to: str, points: dict | None, army: str | None):
    """The army that moves from ``frm`` and the points it moves (Movement 1-2, 4): (army, points,
    None), or (None, None, the refusal)."""
    st = cx.state
    for space in (frm, to):
        if not cx.exists(space):
            return None, None, _no(f"{space} is not a space of this map and scenario", "Movement 2")
    cands = [a for a in st.armies if a.at == frm and (army is None or a.name == army)]
    if not cands:
        return None, None, _no(f"no army{' named ' + army if army else ''} in {frm}", "Movement 1")
    mine = [a for a in cands if a.side == st.side]
    a = mine[0] if mine else cands[0]
    bad = _phase_ok(cx, a.side)
    if bad:
        return None, None, bad
    want = (
        {t: a.points.get(t, 0) for t in POINT_TYPES} if not points else {t: int(points.get(t, 0)) for t in POINT_TYPES}
    )
    want = {t: v for t, v in want.items() if v}
    if not want or any(v < 0 for v in want.values()):
        return None, None, _no("no strength points to move", "Movement 1")
    for t, v in want.items():
        if v > a.points.get(t, 0):
            return (
                None,
                None,
                _no(f"{a.name} has {a.points.get(t, 0)} {t} points, not {v}", "Movement 1, 4 (points keep their type)"),
            )
    return a, want, None


def _entry_problem(cx, a, frm: str, to: str) -> tuple[str, str] | None:
    """Why ``a``'s points may not leave ``frm`` for ``to`` whatever the route: its nation inactive,
    Siberia's first turn, a neutral, a cooperating side's hex, France's and Vichy's limits."""
    st, sc = cx.state, cx.scenario
    nation = st.nations.get(a.nation)
    if nation is not None and nation.status in INACTIVE:
        return (
            f"{a.name} belongs to {a.nation}, which is {nation.status}: its strength points may not move",
            "Italy / The United States: Activity limitations 1",
        )
    if "siberian_army" in {n.id for n in sc.special} and frm == "box:siberia" and st.turn == sc.first_turn:
        return "the strength points that start in Siberia may not move on the first turn", "Barbarossa special rule 3"
    neutral = cx.neutral(to)
    if neutral:
        return (
            f"{to} is in {cx.board.country_name(neutral)}, neutral: it can never be entered",
            "All remaining unaligned countries 3; Barbarossa special rule 1; Fall of Germany special rule 2",
        )
    owner = cx.control.get(to)
    if {a.side, owner} == {"soviet", "allies"}:
        return (
            f"{to} is friendly to the {owner}: Soviet and Allied armies never enter each other's friendly hexes",
            "Allied & Soviet Cooperation 2",
        )
    # France: Activity limitations 3 (while France fights on the Allied side)
    fr = st.nations.get("fr")
    if (
        a.side == "allies"
        and fr is not None
        and fr.side == "allies"
        and fr.status == "at_war"
        and cx.country(frm) == "fr"
        and cx.country(to) != "fr"
    ):
        return (
            "Allied strength points in France must remain in France (they leave only by combat advance)",
            "France: Activity limitations 3",
        )
    if (
        a.side == "axis"
        and any(n.status == "vichy" for n in st.nations.values())
        and to in cx.board.regions.get("corsica", ())
    ):
        return (
            f"{to} is in Corsica: while Vichy France stands, Axis strength points may not move into it",
            "Vichy France 3",
        )
    return None


def _rumanian_problem(cx, a, to: str, want: dict, target) -> tuple[str, str] | None:
    """The Rumanian army (War for Europe): never leaves it; moves to Rumanian or Axis hexes in the USSR."""
    if a.name != "Rumanian Army" or cx.scenario.id != "war_for_europe":
        return None
    if target is not None:
        return "strength may be added to the Rumanian army but may never leave it", "The Rumanian army 2"
    if sum(want.values()) != a.total():
        return "the Rumanian army moves whole: its strength may never leave it", "The Rumanian army 2"
    if cx.country(to) not in ("ro", "su"):
        return f"{to} is not Rumanian nor Axis-friendly in the Soviet Union", "The Rumanian army 3"
    return None


def _italian_problem(cx, a, to: str, want: dict, target) -> tuple[str, str] | None:
    """Italian forces 1-5: where the PAA and the Italian army may go, what they keep between them."""
    st, sc = cx.state, cx.scenario
    paa = st.army(PAA)
    why = _paa_problem(cx, a, to, target)
    if why:
        return why
    if (
        a.name == ITALIAN_ARMY
        and sc.has("italian_forces")
        and cx.country(to) != "it"
        and (paa is None or cx.country(paa.at) not in AFRICA_MIDDLE_EAST)
    ):
        return (
            f"{to} is outside Italy: the Italian army may be moved anywhere only while the PAA is in Africa or the "
            f"Middle East",
            "Italian forces 4",
        )
    if (
        a.name in (ITALIAN_ARMY, PAA)
        and target is not None
        and target.name not in (ITALIAN_ARMY, PAA)
        and sc.has("italian_forces")
    ):
        left = {
            t: sum(x.points.get(t, 0) for x in (st.army(ITALIAN_ARMY), paa) if x is not None) - want.get(t, 0)
            for t in ("infantry", "mechanized")
        }
        if left["infantry"] < 5 or left["mechanized"] < 1:
            return (
                f"the Italian army and the PAA would keep {left['infantry']} infantry and {left['mechanized']} "
                f"mechanised: the Axis must maintain at least five and one between them",
                "Italian forces 1",
            )
    if (target is not None and target.name == "Panzer Army Africa") or a.name == "Italian Army":
        paa = st.army("Panzer Army Africa")
        ita = st.army("Italian Army")
        if paa is not None and ita is not None:
            n = sum(want.values())
            paa_after = paa.total() + (n if target is paa else 0)
            ita_after = ita.total() - (n if a is ita else 0) + (n if target is ita else 0)
            if paa_after > ita_after:
                return (
                    f"the PAA would hold {paa_after} points, more than the Italian army's {ita_after}",
                    "Italian forces 5",
                )
    return None


def _paa_problem(cx, a, to: str, target) -> tuple[str, str] | None:
    """Italian forces 1-3, 5: the PAA stays in Africa or the Middle East (in Italy while the Axis
    holds none of it) and its strength moves into no other army."""
    if a.name != PAA:
        return None
    # (whether the Axis holds Africa is looked up for the PAA only: every space's control)
    has_africa = any(v == "axis" and cx.country(s) in AFRICA_MIDDLE_EAST for s, v in cx.control.items())
    if has_africa and cx.country(to) not in AFRICA_MIDDLE_EAST:
        return f"{to} is not in Africa or the Middle East: the PAA must remain there", "Italian forces 2-3"
    if not has_africa and cx.country(to) != "it":
        return (
            f"{to}: with no Axis friendly hex in Africa or the Middle East the PAA may be only in Italy",
            "Italian forces 2",
        )
    if target is not None:
        return "the PAA's strength may not be moved into another army", "Italian forces 1, 5"
    return None


def _carried(cx, a, frm: str, to: str, n: int):
    """How ``n`` points of ``a`` go from ``frm`` to ``to``: overland, by trans-Atlantic shipping
    (Trans-Atlantic shipping 1, 5-6; The United States 4) or by sea transport (Sea transportation
    1-2; Fleets at sea 3): (path, the record's commands, how, None) or ((), [], "", the refusal)."""
    from mapref.rulesets.hitlers_war.commands import SetRecord
    from mapref.rulesets.hitlers_war.transport import capacity_left, fleet_capacity, sea_transport, trans_atlantic

    st = cx.state
    r = cx.land_route(a.side, frm, to)
    ta = trans_atlantic(cx, a.side, frm, to, n)
    if ta is not None:  # Trans-Atlantic shipping 1, 6; The United States 4
        if not ta.ok:
            return (), [], "", (ta.reason, ta.rule)
        rec = st.sides.get(a.side)
        extra = [
            SetRecord(
                text="trans-Atlantic shipping",
                side=a.side,
                fields={"ta_used": (rec.ta_used if rec else 0) + ta.shipping},
            )
        ]
        how = (
            f"by trans-Atlantic shipping: {ta.shipping} of {rec.ta_shipping if rec else 0} shipping points carry them "
            f"this turn (not production) [Trans-Atlantic shipping 1, 5-6]"
        )
        return ta.path, extra, how, None
    if r.ok:
        return r.path, [], "", None
    if not fleet_capacity(cx, a.side):  # no fleet at sea: no sea transport (Fleets at sea 3)
        return (), [], "", (r.reason, r.rule)
    sr = sea_transport(cx, a.side, frm, to, n)
    if not sr.ok:
        return (), [], "", (f"{r.reason}; {sr.reason}", f"{r.rule}; {sr.rule}")
    rec = st.sides.get(a.side)
    done = dict(rec.transported) if rec else {}
    for z, k in sr.transported.items():
        done[z] = done.get(z, 0) + k
    cap = capacity_left(cx, a.side)
    how = (
        f"by sea transport through {', '.join(sr.seas)} ("
        + ", ".join(f"{cap[z] - sr.transported[z]} more points can cross the {z} this turn" for z in sr.seas)
        + ") [Sea transportation 1-2]"
    )
    return sr.path, [SetRecord(text="sea transport", side=a.side, fields={"transported": done})], how, None


def fleet_port_problem(cx, side: str, nation: str, space: str, setup: bool = False) -> str:
    """Why a fleet of ``nation`` on ``side`` may not be placed or moved into port in ``space``, or
    "".  Fleet strength points 2: "British fleets may only be placed or moved into friendly ports
    in Great Britain or Allied hexes (brown hexes)" -- French green, Italian yellow; German fleets
    "into ports in any Axis friendly hexes", Soviet "in any Soviet friendly hexes".  At set-up the
    fleet of a nation not yet in the war may stand in its own nation's port, like its army
    (rulings R14: the unaligned Italian fleet in Naples)."""
    if not cx.port(space):
        return f"{space} has no port"
    n = cx.state.nations.get(nation)
    if not cx.friendly(space, side):
        if not (setup and n is not None and n.status in INACTIVE and cx.country(space) == nation):
            return f"{space} is not a friendly port of the {side}"
    area = FLEET_AREAS.get(nation)
    if area:
        c = cx.country(space) or ""
        k = cx.map.countries.get(c)
        if not (c == area[0] or (k is not None and k.allegiance == area[1])):
            return f"a {cx.board.country_name(nation)} fleet may only enter friendly ports in its nation or its allied (same colour) hexes"
    return ""


def italian_fleet_kept(cx, f, to: str) -> bool:
    """Italian forces 7: "Italian fleets cannot leave the Mediterranean unless the Allies do not
    possess any friendly ports in the Mediterranean and Gibraltar is no longer friendly to the
    Western Allies" -- may Italian fleet ``f`` not go to ``to``?"""
    if f.nation != "it" or not cx.scenario.has("italian_forces") or cx.sea_zone(to) == MEDITERRANEAN or to == GIBRALTAR:
        return False
    allied_med = any(cx.port(s) and cx.sea_zone(s) == MEDITERRANEAN and v == "allies" for s, v in cx.control.items())
    return allied_med or cx.friendly(GIBRALTAR, "allies")


def fleet_seas(cx, side: str, lost: tuple[str, ...] = ()) -> SeaReach:
    """Where ``side``'s fleets may sail now by routes of any length (rules 8-10, 19; Blocking sea
    routes 1): through its friendly spaces but ``lost``, past no enemy fleet at sea."""
    from mapref.rulesets.hitlers_war.routes import sea_reach

    blocked = frozenset(x.at for x in cx.state.fleets if x.side != side and not x.in_port)
    kept = cx._pos.kept  # (control and the fleets at sea alone: kept with the position, asked per fleet)
    key = ("fleet_seas", side, tuple(lost), blocked)
    reach = kept.get(key)
    if reach is None:
        reach = kept[key] = sea_reach(cx.graph, cx.map, cx.held_bytes(side, lost), blocked)
    return reach


def ports_open_to(
    cx,
    fleet,
    frm: str,
    lost: tuple[str, ...] = (),
    held: dict | None = None,
    any_room: bool = False,
    first: bool = False,
) -> list[str]:
    """The ports ``fleet`` may sail to from ``frm`` now (board order): friendly ports it may enter
    (Fleet strength points 2), not in ``lost`` (spaces just taken from its side), with room for its
    ship points (Movement of naval strength points and fleets 5; Italian forces 7 for the Italian
    fleets; ``held``: points already sent to a
    port and not yet in the state; ``any_room``: room for one point at least, the rest being lost: 13),
    no other fleet of its side there (3; rulings R17), reached by a
    sea route of any length (8-10, 19; Blocking sea routes 1).  Used when a fleet must go to port:
    expelled from a captured port (17; rulings R52) or at sea at the start of movement (7, 13;
    rulings R53).  ``first``: stop at the first port found."""
    st = cx.state
    held = held or {}
    ix = cx.graph.index().ix
    start = ix.get(frm)
    if start is None:
        return []
    reach = fleet_seas(cx, fleet.side, lost)
    others = {x.at for x in st.fleets if x.side == fleet.side and x is not fleet}
    control = cx.control
    out = []
    for s in port_spaces(cx.board):  # the sea route first: most ports are in other seas
        if control.get(s) != fleet.side or s == frm or s in lost or s in others or not reach.reaches(start, ix[s]):
            continue
        room = cx.port(s)
        if not room or fleet_port_problem(cx, fleet.side, fleet.nation, s) or italian_fleet_kept(cx, fleet, s):
            continue
        used = sum(x.capital for x in st.fleets if x.at == s and x.in_port and x is not fleet) + held.get(s, 0)
        if used + (1 if any_room else fleet.capital) > room:
            continue
        out.append(s)
        if first:  # only whether there is one (the report asks after every change)
            break
    return cx.board.sorted(out)


def setup_placement(cx, f, to: str, ships: int | None):
    """Prepare for Play 3 (rulings R64): in the set-up phase, ship points of ``f`` placed in another
    port of the set-up's area for its nation (Fleet strength points 2), within the port's capacity
    (5), alone or joining the nation's fleet there.  Returns (commands, reason, rule)."""
    from mapref.rulesets.hitlers_war import fleets

    sc, st = cx.scenario, cx.state
    specs = [s for s in sc.fleets if s.side == f.side and s.nation == f.nation]
    if not specs:
        return [], f"{f.name} is not part of this scenario's set-up", "Prepare for Play 3"
    area = set().union(*(resolve_area(cx.map, s.ports) for s in specs))
    n = f.capital if ships is None else ships
    if to not in area:
        return (
            [],
            f"{to} is not a port where the set-up places {cx.board.country_name(f.nation)} ships",
            "Prepare for Play 3; Fleet strength points 2",
        )
    why = fleet_port_problem(cx, f.side, f.nation, to, setup=True)
    if why:
        return [], why, "Fleet strength points 2"
    t = fleets.transfer(cx, f, to, n, f.in_port)
    if not t.ok:
        return [], t.reason, t.rule
    held = sum(x.capital for x in st.fleets if x.at == to and x.in_port and x is not f)
    if f.in_port and held + n > cx.port(to):
        return (
            [],
            f"the port of {to} holds {cx.port(to)} strength points ({held} there already)",
            "Movement of naval strength points and fleets 5",
        )
    return [fleets.move_command(cx, f, f.at, to, ships, f.in_port, False, t.target)], "", ""


def check_fleet_move(
    cx, frm: str, to: str, fleet: str | None = None, at_sea: bool = False, ships: int | None = None
) -> MoveCheck:
    """Fall of Germany, Movement of naval strength points and fleets 6-19, Blocking sea routes.
    ``ships``: only that many of the fleet's ship points move, forming a new fleet or joining the
    nation's fleet in ``to`` (Fleet strength points 5; 12, 18: :mod:`.fleets`).  In the set-up
    phase the ship points are placed in another port of the set-up instead (rulings R64)."""
    from mapref.rulesets.hitlers_war.results import MoveCheck
    from mapref.rulesets.hitlers_war import fleets

    st = cx.state
    cands = [f for f in st.fleets if f.at == frm and (fleet is None or f.name == fleet)]
    if not cands:
        return _no(
            f"no fleet{' named ' + fleet if fleet else ''} in {frm}", "Movement of naval strength points and fleets 1"
        )
    f = cands[0]
    kw = {"fleet": f.name}
    why = fleets.ships_problem(f, ships)
    if why:
        return _no(why, fleets.TRANSFER_RULE, **kw)
    n = f.capital if ships is None else ships
    if st.phase == "setup" and cx.exists(to):
        cmds, why, rule = setup_placement(cx, f, to, ships)
        if why:
            return _no(why, rule, **kw)
        return MoveCheck(
            True, (frm, to), fleet=f.name, commands=cmds, note="placed at set-up [Prepare for Play 3; rulings R64]"
        )
    return _fleet_move(cx, f, frm, to, n, at_sea, ships)


def _fleet_move(cx, f, frm: str, to: str, n: int, at_sea: bool, ships: int | None) -> MoveCheck:
    """Fleet ``f`` (``n`` of its ship points) moves in its movement phase (Movement of naval strength
    points and fleets 5-19; Blocking sea routes; Italian forces 7)."""
    from mapref.rulesets.hitlers_war.results import MoveCheck
    from mapref.rulesets.hitlers_war import fleets
    from mapref.rulesets.hitlers_war.routes import MAX_SEA_MOVE, sea_route

    st = cx.state
    kw = {"fleet": f.name}
    bad = _phase_ok(cx, f.side)
    if bad:
        return bad
    if not cx.exists(to):
        return _no(
            f"{to} is not a space of this map and scenario", "Movement of naval strength points and fleets 8", **kw
        )
    port = cx.port(to)
    going_to_port = port > 0 and not at_sea
    if f.in_port and f.moved:
        return _no(f"{f.name} has made its one move this turn", "Movement of naval strength points and fleets 14", **kw)
    if not f.in_port and not going_to_port:
        return _no(
            f"{f.name} is at sea: at the start of the movement phase it must first move to port",
            "Movement of naval strength points and fleets 7",
            **kw,
        )
    t = fleets.transfer(cx, f, to, n, going_to_port)
    if not t.ok:
        return _no(t.reason, t.rule, **kw)
    excess, why = _port_room(cx, f, to, n) if going_to_port else (0, None)
    if why:
        return _no(*why, **kw)
    if italian_fleet_kept(cx, f, to):
        return _no(
            f"{to} is outside the Mediterranean: Italian fleets stay in it while the Allies have a Mediterranean "
            f"port or Gibraltar",
            "Italian forces 7",
            **kw,
        )
    friendly = [s for s, v in cx.control.items() if v == f.side]
    blocked = {x.at for x in st.fleets if x.side != f.side and not x.in_port}
    r = sea_route(
        cx.graph, cx.map, friendly, frm, to, blocked=blocked, max_length=None if going_to_port else MAX_SEA_MOVE
    )
    if not r.ok:
        return _no(r.reason, r.rule, **kw)
    cmd = fleets.move_command(cx, f, frm, to, ships, going_to_port, f.in_port, t.target, excess)
    out = MoveCheck(True, r.path, fleet=f.name, commands=[cmd])
    out.note = _fleet_note(f, to, n, port, excess, cmd, t.target)
    return out


def _port_room(cx, f, to: str, n: int) -> tuple[int, tuple[str, str] | None]:
    """Whether fleet ``f`` may enter the port of ``to`` with ``n`` ship points (Fleet strength
    points 2; Movement of naval strength points and fleets 5, 13; rulings R53): (the points over
    its capacity, eliminated, None) or (0, the refusal)."""
    why = fleet_port_problem(cx, f.side, f.nation, to)
    if why:
        return 0, (why, "Fleet strength points 2")
    port = cx.port(to)
    held = sum(x.capital for x in cx.state.fleets if x.at == to and x.in_port and x is not f)
    # 13: ship points returning from sea "which would exceed the port's capacity are
    # eliminated, instead" (rulings R53); a fleet in port is never moved over it (5)
    if held + n > port and (f.in_port or held >= port):
        return 0, (
            f"the port of {to} holds {port} strength points ({held} there already)",
            "Movement of naval strength points and fleets 5",
        )
    return max(0, held + n - port), None


def _fleet_note(f, to: str, n: int, port: int, excess: int, cmd, target) -> str:
    """What a fleet's move does besides moving: points over the port's capacity lost, a new fleet
    formed, a fleet joined."""
    from mapref.rulesets.hitlers_war import fleets

    if excess:
        return (
            f"the port of {to} holds {port}: {excess} of the {n} ship points are eliminated "
            f"[Movement of naval strength points and fleets 5, 13; rulings R53]"
        )
    if cmd.new_name:
        return f"{cmd.new_name} formed with {n} ship points; {f.capital - n} stay in {f.name} [{fleets.TRANSFER_RULE}]"
    if target is not None:
        return f"{target.name} now holds {target.capital + n} ship points [{fleets.TRANSFER_RULE}]"
    return ""


def fleets_without_port(cx, side: str | None = None) -> list:
    """Movement of naval strength points and fleets 7, 13: at the start of its side's movement a
    fleet at sea (or in a port its side no longer holds) must go to port; one that can reach no
    port with room "no longer [has] a port" and is eliminated (rulings R53).  The fleets of
    ``side`` (every side when None) that would be, now."""
    st = cx.state

    def must_go(f) -> bool:
        n = st.nations.get(f.nation)
        if n is not None and n.status in INACTIVE:  # a fleet not yet in the war stays home (R14)
            return False
        holder = cx.control.get(f.at)
        return not f.in_port or (holder not in (None, "none", f.side))

    # kept with the position's control for the fleets and the nations' statuses it was worked out
    # from (all it reads besides the map and scenario): the report asks after every change, and a
    # move of an army changes none of them (issue 34)
    key = (
        side,
        tuple((f.name, f.side, f.nation, f.at, f.in_port, f.capital, f.moved) for f in st.fleets),
        tuple((code, n.status) for code, n in st.nations.items()),
    )
    kept = cx._pos.kept.get(("fleets_without_port", side))
    if kept is None or kept[0] != key:
        gone = tuple(
            i
            for i, f in enumerate(st.fleets)
            if (side is None or f.side == side)
            and must_go(f)
            and not ports_open_to(cx, f, f.at, any_room=True, first=True)
        )
        kept = cx._pos.kept["fleets_without_port", side] = (key, gone)
    return [st.fleets[i] for i in kept[1]]


def portless_fleet_commands(cx, side: str) -> tuple[list, list[str]]:
    """The commands and messages that eliminate ``side``'s fleets with no port at the start of its
    movement (:func:`fleets_without_port`; rulings R53)."""
    from mapref.rulesets.hitlers_war.commands import SetFleets

    gone = fleets_without_port(cx, side)
    if not gone:
        return [], []
    fleets = [copy.deepcopy(x) for x in cx.state.fleets if x not in gone]
    return [SetFleets(text="fleets with no port eliminated", fleets=fleets)], [
        f"{f.name} ({'at sea' if not f.in_port else 'in a port lost'} in {f.at}) can reach no friendly port with room: its "
        f"{f.capital} ship points are eliminated [Movement of naval strength points and fleets 7, 13; rulings R53]"
        for f in gone
    ]


def check_moves_state(cx) -> list:
    """Standing violations of the movement restrictions: Italian forces 5, "The PAA may never
    contain more strength points than the Italian army" (however it came to be larger: a build
    into the PAA, the Italian army's losses; moves are refused in :func:`check_move`); Surrender,
    Soviet Union 3, the Axis force kept on the eastern front after a Soviet surrender."""
    st = cx.state
    out = []
    paa, ita = st.army(PAA), st.army(ITALIAN_ARMY)
    italy = st.nations.get("it")
    if (
        cx.scenario.has("italian_forces")
        and paa is not None
        and (italy is None or italy.status != "surrendered")
        and paa.total() > (ita.total() if ita else 0)
    ):
        out.append(
            Violation(
                "italian_forces.paa_larger",
                "Italian forces 5",
                paa.at,
                paa.side,
                f"the PAA holds {paa.total()} strength points, more than the Italian army's "
                f"{ita.total() if ita else 0}",
            )
        )
    # Surrender, Soviet Union 3: once the Soviets have surrendered, "The Axis player must
    # maintain a force of at least as many strength points in armies which are located in the
    # EASTERN front" as the Soviet armies hold
    su = st.nations.get("su")
    if su is not None and su.status == "surrendered" and cx.scenario.has("surrender"):
        soviet = sum(a.total() for a in st.armies if a.side == "soviet")
        east = sum(a.total() for a in st.armies if a.side == "axis" and cx.country(a.at) in EASTERN)
        if east < soviet:
            out.append(
                Violation(
                    "surrender.eastern_front",
                    "Surrender, Soviet Union 3",
                    "",
                    "axis",
                    f"the Axis armies on the eastern front hold {east} strength points; the Soviet armies "
                    f"hold {soviet}: the Axis must keep at least as many there",
                )
            )
    return out
