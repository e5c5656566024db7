"""Read scenarios and saved games, write saved games (formats in docs/format.md).

Both are TOML with a top-level ``kind`` (``"scenario"`` or ``"game"``).  Every problem of a
file is collected with its line (``FILE:LINE:COL: key.path: expected ..., got ...``); unknown
keys get a did-you-mean.  Saving is atomic, and what :func:`dumps_game` writes reads back to
the same state and the same bytes.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from mapref.core.model import MapModel
from mapref.io import tomlwrite as tw
from mapref.io.anyfile import register
from mapref.io.atomic import write_atomic
from mapref.io.problems import FileProblems, Problem, Reader, parse_toml, show_value
from mapref.rulesets.hitlers_war.scenario import (
    Adjustment,
    Area,
    DevastationSpec,
    FixedArmy,
    FleetSpec,
    FortSpec,
    Note,
    PoolSpec,
    Scenario,
    SideSetup,
)
from mapref.rulesets.hitlers_war.state import (
    PHASES,
    POINT_TYPES,
    SEASONS,
    SIDES,
    STATUSES,
    SUBPHASES,
    Army,
    Fleet,
    Fort,
    GameState,
    HexState,
    HomeForce,
    Nation,
    Pool,
    SideRecord,
    Turn,
)

FORMAT = 1
AREA_KEYS = ("countries", "allegiances", "regions", "hexes", "boxes", "except")
ADJUSTMENT_KEYS = {
    "deduct": ("points", "until"),
    "siberia": ("box", "from", "production", "grows_to", "grows_from", "requires"),
    "us_entry": ("box", "nation", "from", "base", "per_turn"),
    "ta_shipping": ("points", "boxes"),
    "vichy": ("nation", "reduce", "cap"),
    "norway": ("hex", "norway", "sweden", "points", "sweden_points"),
}


# ------------------------------------------------------------------------------ helpers
def _strs(r: Reader, d: dict, key: str, where: str) -> tuple[str, ...]:
    if key not in d:
        return ()
    v = d[key]
    path = f"{where}.{key}" if where else key
    if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
        r.expected(path, "an array of strings", v)
        return ()
    return tuple(v)


def _area(r: Reader, d: dict, key: str, where: str) -> Area:
    path = f"{where}.{key}" if where else key
    v = d.get(key, {})
    if not isinstance(v, dict):
        r.expected(path, 'a table such as { countries = ["ge"], hexes = ["D12"] }', v)
        return Area()
    r.check_keys(v, AREA_KEYS, path)
    return Area(*(_strs(r, v, k, path) for k in ("countries", "allegiances", "regions", "hexes", "boxes", "except")))


def _points(r: Reader, d: dict, where: str) -> dict[str, int]:
    return {t: r.int_(d, t, where, 0, 0, 999) for t in POINT_TYPES}


def _turn(r: Reader, d: dict, key: str, where: str, default: Turn) -> Turn:
    path = f"{where}.{key}" if where else key
    if key not in d:
        r.error(where or key, f'missing required key "{key}"')
        return default
    v = d[key]
    try:
        if not isinstance(v, str):
            raise ValueError
        return Turn.parse(v)
    except ValueError:
        r.expected(path, f'a turn such as "summer 1941" (seasons: {", ".join(SEASONS)})', v)
        return default


def _side(r: Reader, d: dict, key: str, where: str, sides: tuple[str, ...] = SIDES, required: bool = True) -> str:
    if key not in d:
        if required:
            r.error(where, f'missing required key "{key}"')
        return ""
    return r.str_(d, key, where, "", choices=sides)


def _tables(r: Reader, data: dict, key: str, what: str) -> list[tuple[str, str, dict]]:
    out = []
    for name, t in r.table(data, key, "").items():
        w = f"{key}.{name}"
        if not isinstance(t, dict):
            r.expected(w, what, t)
            continue
        out.append((name, w, t))
    return out


# ----------------------------------------------------------------------------- scenarios
SCENARIO_TOP = ("format", "kind", "id", "name", "map", "ruleset", "rule", "notes", "sides", "move_order", "first_turn",
                "last_turn", "first_phase", "other_nations", "optional_ports", "absent_boxes", "no_production", "setup",
                "nations", "armies", "pools", "forts", "devastation", "fleets", "records", "adjustments", "victory", "special")
SETUP_KEYS = ("friendly", "production", "supply", "always_supplied", "build", "build_rule", "morale", "costs", "costs_rule")
RECORD_KEYS = ("partial_ships", "uboats_port", "uboats_convoy", "asw", "ta_shipping", "bombers")


def scenario_from_dict(data: dict, source: str, shown: str) -> Scenario:
    r = Reader(shown, source)
    r.check_keys(data, SCENARIO_TOP, "", required=("format", "kind", "id", "name", "map", "sides", "first_turn", "last_turn"))
    if "format" in data and data["format"] != FORMAT:
        r.expected("format", f"{FORMAT} (mapref's scenario format {FORMAT})", data["format"])
    sides = _strs(r, data, "sides", "")
    for s in sides:
        if s not in SIDES:
            r.expected("sides", "sides among " + ", ".join(f'"{x}"' for x in SIDES), s)
    sides = tuple(s for s in sides if s in SIDES)
    order = _strs(r, data, "move_order", "") or sides
    if sorted(order) != sorted(sides):
        r.expected("move_order", "each side of `sides` once", list(order))
    sc = Scenario(
        id=r.str_(data, "id", ""), name=r.str_(data, "name", ""), map=r.str_(data, "map", ""),
        ruleset=r.str_(data, "ruleset", "", "hitlers_war", choices=("hitlers_war",)), rule=r.str_(data, "rule", ""),
        sides=sides, move_order=tuple(order),
        first_turn=_turn(r, data, "first_turn", "", Turn(1939, "winter")),
        last_turn=_turn(r, data, "last_turn", "", Turn(1945, "winter")),
        first_phase=r.str_(data, "first_phase", "", "movement", choices=PHASES),
        other_nations=r.str_(data, "other_nations", "", "neutral", choices=STATUSES),
        optional_ports=r.bool_(data, "optional_ports", ""),
        absent_boxes=_strs(r, data, "absent_boxes", ""),
        notes=r.str_(data, "notes", ""),
    )
    if "no_production" in data:
        sc.no_production = _area(r, data, "no_production", "")
    for side, w, t in _tables(r, data, "setup", "a table of one side's set-up"):
        if side not in sides:
            r.expected(w, "a side named in `sides`", side)
            continue
        r.check_keys(t, SETUP_KEYS, w, required=("friendly", "production"))
        costs = r.table(t, "costs", w)
        for k in costs:
            if k not in POINT_TYPES + ("fort", "ta_shipping", "capital_ship", "uboat", "asw"):
                r.error(f"{w}.costs.{k}", "unknown strength type (infantry, mechanized, amphibious, tactical_air, para, fort, ta_shipping, capital_ship, uboat, asw)")
        sc.side_setups[side] = SideSetup(
            side=side, friendly=_area(r, t, "friendly", w), production=r.int_(t, "production", w, 0, 0, 999),
            supply=_strs(r, t, "supply", w), always_supplied=_strs(r, t, "always_supplied", w),
            build=_area(r, t, "build", w), build_rule=r.str_(t, "build_rule", w),
            morale=r.int_(t, "morale", w, 0, 0, 19) if "morale" in t else None,
            costs={k: r.int_(costs, k, f"{w}.costs", 0, 0, 99) for k in costs}, costs_rule=r.str_(t, "costs_rule", w),
        )
    for s in sides:
        if s not in sc.side_setups:
            r.error("setup", f'missing the [setup.{s}] table')
    for code, w, t in _tables(r, data, "nations", 'a table such as { side = "axis", status = "at_war" }'):
        r.check_keys(t, ("side", "status"), w, required=("status",))
        side = _side(r, t, "side", w, required=False) or None
        sc.nations[code] = (side, r.str_(t, "status", w, "neutral", choices=STATUSES))
    for name, w, t in _tables(r, data, "armies", "a table of one army"):
        r.check_keys(t, ("side", "nation", "at", "leader") + POINT_TYPES, w, required=("side", "nation", "at"))
        sc.armies.append(FixedArmy(name, _side(r, t, "side", w, sides), r.str_(t, "nation", w), r.str_(t, "at", w),
                                   _points(r, t, w), r.str_(t, "leader", w)))
    for pid, w, t in _tables(r, data, "pools", "a table of one free placement"):
        r.check_keys(t, ("side", "nation", "area", "leaders", "army_name", "rule") + POINT_TYPES, w, required=("side", "nation", "area"))
        sc.pools.append(PoolSpec(pid, _side(r, t, "side", w, sides), r.str_(t, "nation", w), _area(r, t, "area", w),
                                 _points(r, t, w), _strs(r, t, "leaders", w), r.str_(t, "army_name", w, pid), r.str_(t, "rule", w)))
    for fid, w, t in _tables(r, data, "forts", "a table of one fort"):
        r.check_keys(t, ("side", "number", "at", "strength"), w, required=("side", "number", "at", "strength"))
        sc.forts.append(FortSpec(_side(r, t, "side", w, sides), r.int_(t, "number", w, 0, 1, 7), r.str_(t, "at", w),
                                 r.int_(t, "strength", w, 0, 0, 5)))
    for did, w, t in _tables(r, data, "devastation", "a table of devastated production"):
        r.check_keys(t, ("area", "points", "permanent", "chosen_by", "rule"), w, required=("area",))
        sc.devastation.append(DevastationSpec(did, _area(r, t, "area", w), r.int_(t, "points", w, 0, 1, 999) if "points" in t else None,
                                              r.bool_(t, "permanent", w), _side(r, t, "chosen_by", w, sides, required=False),
                                              r.str_(t, "rule", w)))
    for name, w, t in _tables(r, data, "fleets", "a table of one fleet"):
        r.check_keys(t, ("side", "nation", "capital", "ports", "in_port"), w, required=("side", "nation", "capital", "ports"))
        sc.fleets.append(FleetSpec(name, _side(r, t, "side", w, sides), r.str_(t, "nation", w), r.int_(t, "capital", w, 0, 1, 99),
                                   _area(r, t, "ports", w), r.bool_(t, "in_port", w, True)))
    for side, w, t in _tables(r, data, "records", "a table of a side's record sheet at start"):
        if side not in sides:
            r.expected(w, "a side named in `sides`", side)
            continue
        r.check_keys(t, RECORD_KEYS, w)
        rec: dict = {k: r.int_(t, k, w, 0, 0, 999) for k in RECORD_KEYS if k != "partial_ships" and k in t}
        if "partial_ships" in t:
            ps = t["partial_ships"]
            if not isinstance(ps, list) or not all(isinstance(x, int) and not isinstance(x, bool) and x > 0 for x in ps):
                r.expected(f"{w}.partial_ships", "an array of positive integers (production still owed per ship point)", ps)
            else:
                rec["partial_ships"] = list(ps)
        sc.records[side] = rec
    for aid, w, t in _tables(r, data, "adjustments", "a table of one production adjustment"):
        kind = r.str_(t, "kind", w, "", choices=tuple(ADJUSTMENT_KEYS))
        if "kind" not in t:
            r.error(w, 'missing required key "kind"')
        r.check_keys(t, ("kind", "side", "rule") + ADJUSTMENT_KEYS.get(kind, ()), w, required=("side", "rule"))
        params = {k: t[k] for k in ADJUSTMENT_KEYS.get(kind, ()) if k in t}
        for k in ("from", "until", "grows_from"):
            if k in params:
                try:
                    params[k] = Turn.parse(params[k]) if isinstance(params[k], str) else None
                    if params[k] is None:
                        raise ValueError
                except ValueError:
                    r.expected(f"{w}.{k}", 'a turn such as "winter 1941"', t[k])
        for k in ("points", "production", "grows_to", "base", "per_turn", "reduce", "cap", "sweden_points"):
            if k in params:
                r.int_(params, k, w, 0, 0, 999)
        sc.adjustments.append(Adjustment(aid, kind, _side(r, t, "side", w, sides), r.str_(t, "rule", w), params))
    for key, dest in (("victory", sc.victory), ("special", sc.special)):
        for nid, w, t in _tables(r, data, key, "a table with rule and text"):
            r.check_keys(t, ("rule", "text", "hexes", "code"), w, required=("rule", "text"))
            dest.append(Note(nid, r.str_(t, "rule", w), r.str_(t, "text", w), _strs(r, t, "hexes", w), r.str_(t, "code", w)))
    r.raise_if_any()
    sc.path = shown
    return sc


def load_scenario(path: str | os.PathLike[str], shown: str | None = None) -> Scenario:
    shown = shown or str(path)
    data, source = parse_toml(Path(path), shown)
    if data.get("kind") != "scenario":
        raise FileProblems([Problem(shown, None, None, "kind", f'expected "scenario", got {show_value(data.get("kind"))}')])
    return scenario_from_dict(data, source, shown)


# -------------------------------------------------------------------------------- games
GAME_TOP = ("format", "kind", "scenario", "map", "notes", "turn", "nations", "sides", "armies", "fleets", "forts",
            "hexes", "pools", "home_forces", "garrisons_lost")
SIDE_RECORD_KEYS = ("morale", "production", "lend_lease", "partial_ships", "uboats_port", "uboats_convoy", "asw",
                    "ta_shipping", "bombers", "history")
HISTORY_KEYS = ("turn", "total", "spendable", "built", "repaired", "lend_lease", "research")


def game_from_dict(data: dict, source: str, shown: str) -> GameState:
    r = Reader(shown, source)
    r.check_keys(data, GAME_TOP, "", required=("format", "kind", "scenario", "map", "turn"))
    if "format" in data and data["format"] != FORMAT:
        r.expected("format", f"{FORMAT} (mapref's game format {FORMAT})", data["format"])
    t = r.table(data, "turn", "")
    r.check_keys(t, ("season", "year", "side", "phase", "subphase"), "turn", required=("season", "year", "side", "phase"))
    phase = r.str_(t, "phase", "turn", "movement", choices=PHASES)
    g = GameState(
        scenario=r.str_(data, "scenario", ""), map=r.str_(data, "map", ""),
        turn=Turn(r.int_(t, "year", "turn", 1939, 1900, 2100), r.str_(t, "season", "turn", "winter", choices=SEASONS)),
        side=_side(r, t, "side", "turn"), phase=phase,
        subphase=r.str_(t, "subphase", "turn", "", choices=SUBPHASES.get(phase, ("",))),
        notes=r.str_(data, "notes", ""),
    )
    for code, w, n in _tables(r, data, "nations", 'a table such as { side = "axis", status = "at_war" }'):
        r.check_keys(n, ("side", "status", "joined"), w, required=("status",))
        g.nations[code] = Nation(_side(r, n, "side", w, required=False) or None, r.str_(n, "status", w, "neutral", choices=STATUSES),
                                 _turn(r, n, "joined", w, None) if "joined" in n else None)
    for side, w, s in _tables(r, data, "sides", "a table of one side's record sheet"):
        if side not in SIDES:
            r.expected(w, "a side (" + ", ".join(SIDES) + ")", side)
            continue
        r.check_keys(s, SIDE_RECORD_KEYS, w)
        rec = SideRecord(
            morale=r.int_(s, "morale", w, 0, -99, 19) if "morale" in s else None,
            production=r.int_(s, "production", w, 0, 0, 999) if "production" in s else None,
            **{k: r.int_(s, k, w, 0, 0, 999) for k in ("lend_lease", "uboats_port", "uboats_convoy", "asw", "ta_shipping", "bombers")},
        )
        ps = s.get("partial_ships", [])
        if not isinstance(ps, list) or not all(isinstance(x, int) and not isinstance(x, bool) and x > 0 for x in ps):
            r.expected(f"{w}.partial_ships", "an array of positive integers", ps)
        else:
            rec.partial_ships = list(ps)
        hist = s.get("history", [])
        if not isinstance(hist, list) or not all(isinstance(x, dict) for x in hist):
            r.expected(f"{w}.history", "an array of tables such as { turn = \"summer 1941\", total = 34 }", hist)
            hist = []
        for h in hist:
            r.check_keys(h, HISTORY_KEYS, f"{w}.history")
            bad = [k for k, v in h.items() if k != "turn" and (not isinstance(v, int) or isinstance(v, bool))]
            if bad or not isinstance(h.get("turn"), str):
                r.expected(f"{w}.history", "{ turn = \"SEASON YEAR\", total = N, ... } with integer figures", h)
            rec.history.append(dict(h))
        g.sides[side] = rec
    for name, w, a in _tables(r, data, "armies", "a table of one army"):
        r.check_keys(a, ("side", "nation", "at", "leader", "pool", "no_defensive_assault", "advanced") + POINT_TYPES, w, required=("side", "nation", "at"))
        g.armies.append(Army(name, _side(r, a, "side", w), r.str_(a, "nation", w), r.str_(a, "at", w), _points(r, a, w),
                             r.str_(a, "leader", w), r.str_(a, "pool", w), r.bool_(a, "no_defensive_assault", w),
                             r.int_(a, "advanced", w, 0, 0, 99)))
    for name, w, f in _tables(r, data, "fleets", "a table of one fleet"):
        r.check_keys(f, ("side", "nation", "at", "in_port", "capital", "moved"), w, required=("side", "nation", "at"))
        g.fleets.append(Fleet(name, _side(r, f, "side", w), r.str_(f, "nation", w), r.str_(f, "at", w),
                              r.bool_(f, "in_port", w, True), r.int_(f, "capital", w, 0, 0, 99), r.bool_(f, "moved", w)))
    for fid, w, f in _tables(r, data, "forts", "a table of one fort"):
        r.check_keys(f, ("side", "number", "at", "strength", "building"), w, required=("side", "number", "at"))
        g.forts.append(Fort(_side(r, f, "side", w), r.int_(f, "number", w, 1, 1, 99), r.str_(f, "at", w),
                            r.int_(f, "strength", w, 0, 0, 99), r.int_(f, "building", w, 0, 0, 99)))
    for space, w, h in _tables(r, data, "hexes", "a table such as { control = \"axis\", devastated = 2 }"):
        r.check_keys(h, ("control", "occupied", "devastated", "permanent"), w)
        hs = HexState(r.str_(h, "control", w, "", choices=SIDES + ("none",)) or None, r.bool_(h, "occupied", w),
                      r.int_(h, "devastated", w, 0, 0, 99), r.int_(h, "permanent", w, 0, 0, 99))
        if hs.permanent > hs.devastated:
            r.error(f"{w}.permanent", f"expected at most the devastated points ({hs.devastated}), got {hs.permanent}")
        g.hexes[space] = hs
    for pid, w, p in _tables(r, data, "pools", "a table of strength still to place"):
        r.check_keys(p, ("side", "leaders") + POINT_TYPES, w, required=("side",))
        g.pools.append(Pool(pid, _side(r, p, "side", w), _points(r, p, w), list(_strs(r, p, "leaders", w))))
    for space, w, h in _tables(r, data, "home_forces", "a table such as { nation = \"pl\", points = 3 }"):
        r.check_keys(h, ("nation", "points"), w, required=("nation", "points"))
        g.home_forces.append(HomeForce(r.str_(h, "nation", w), space, r.int_(h, "points", w, 0, 0, 99)))
    g.garrisons_lost = list(_strs(r, data, "garrisons_lost", ""))
    r.raise_if_any()
    return g


def _record(d: dict) -> str:
    return tw.inline(d)


def dumps_game(g: GameState) -> str:
    out = ["# mapref saved game; the format is described in docs/format.md", f"format = {FORMAT}", 'kind = "game"',
           tw.assign("scenario", g.scenario), tw.assign("map", g.map)]
    if g.notes:
        out.append(tw.assign("notes", g.notes))
    if g.garrisons_lost:
        out.append(tw.assign("garrisons_lost", sorted(g.garrisons_lost, key=_space_order)))
    out += ["", "[turn]", tw.assign("season", g.turn.season), f"year = {g.turn.year}", tw.assign("side", g.side),
            tw.assign("phase", g.phase)]
    if g.subphase:
        out.append(tw.assign("subphase", g.subphase))
    out += ["", "[nations]"]
    for code, n in g.nations.items():
        d = {"side": n.side} if n.side else {}
        d["status"] = n.status
        if n.joined is not None:
            d["joined"] = str(n.joined)
        out.append(f"{tw.key(code)} = {_record(d)}")
    for side, s in g.sides.items():
        out += ["", f"[sides.{tw.key(side)}]"]
        if s.morale is not None:
            out.append(f"morale = {s.morale}")
        if s.production is not None:
            out.append(f"production = {s.production}")
        for k in ("lend_lease", "uboats_port", "uboats_convoy", "asw", "ta_shipping", "bombers"):
            if getattr(s, k):
                out.append(f"{k} = {getattr(s, k)}")
        if s.partial_ships:
            out.append(tw.assign("partial_ships", s.partial_ships))
        if s.history:
            out.append("history = [")
            out += [f"  {_record(h)}," for h in s.history]
            out.append("]")
    for a in g.armies:
        out += ["", f"[armies.{tw.key(a.name)}]", tw.assign("side", a.side), tw.assign("nation", a.nation), tw.assign("at", a.at)]
        out += [f"{t} = {a.points[t]}" for t in POINT_TYPES if a.points.get(t)]
        if a.leader:
            out.append(tw.assign("leader", a.leader))
        if a.pool:
            out.append(tw.assign("pool", a.pool))
        if a.no_defensive_assault:
            out.append("no_defensive_assault = true")
        if a.advanced:
            out.append(f"advanced = {a.advanced}")
    for f in g.fleets:
        out += ["", f"[fleets.{tw.key(f.name)}]", tw.assign("side", f.side), tw.assign("nation", f.nation), tw.assign("at", f.at),
                tw.assign("in_port", f.in_port), f"capital = {f.capital}"]
        if f.moved:
            out.append("moved = true")
    for f in g.forts:
        out += ["", f"[forts.{tw.key(f'{f.side}-{f.number}')}]", tw.assign("side", f.side), f"number = {f.number}",
                tw.assign("at", f.at), f"strength = {f.strength}"]
        if f.building:
            out.append(f"building = {f.building}")
    out += ["", "[hexes]"]
    for space in sorted(g.hexes, key=_space_order):
        h = g.hexes[space]
        if h.is_default():
            continue
        d: dict = {}
        if h.control:
            d["control"] = h.control
        if h.occupied:
            d["occupied"] = True
        if h.devastated:
            d["devastated"] = h.devastated
        if h.permanent:
            d["permanent"] = h.permanent
        out.append(f"{tw.key(space)} = {_record(d)}")
    for p in g.pools:
        out += ["", f"[pools.{tw.key(p.id)}]", tw.assign("side", p.side)]
        out += [f"{t} = {p.points[t]}" for t in POINT_TYPES if p.points.get(t)]
        if p.leaders:
            out.append(tw.assign("leaders", p.leaders))
    if g.home_forces:
        out += ["", "[home_forces]"]
        out += [f"{tw.key(h.at)} = {_record({'nation': h.nation, 'points': h.points})}" for h in g.home_forces]
    return "\n".join(out) + "\n"


def _space_order(space: str) -> tuple:
    if space.startswith("box:"):
        return (1, space, 0)
    letters = space.rstrip("0123456789")
    return (0, f"{len(letters):02d}{letters}", int(space[len(letters):] or 0))


def save_game(g: GameState, path: str | os.PathLike[str]) -> None:
    write_atomic(path, dumps_game(g))


def load_game(path: str | os.PathLike[str], shown: str | None = None) -> GameState:
    shown = shown or str(path)
    data, source = parse_toml(Path(path), shown)
    if data.get("kind") != "game":
        raise FileProblems([Problem(shown, None, None, "kind", f'expected "game", got {show_value(data.get("kind"))}')])
    return game_from_dict(data, source, shown)


# ------------------------------------------------------------------ finding what a file names
def find_scenario(name: str, base: Path | None = None) -> Path:
    """A scenario path, or a shipped scenario name such as ``barbarossa``."""
    from mapref.paths import shipped_scenario

    p = Path(name)
    if base is not None and not p.is_absolute() and (base / p).exists():
        return base / p
    if p.suffix == ".toml" or p.exists():
        return p
    return shipped_scenario(name)


def find_map(name: str, base: Path | None = None) -> Path:
    from mapref.paths import shipped_map

    p = Path(name)
    if base is not None and not p.is_absolute() and (base / p).exists():
        return base / p
    if p.suffix == ".toml" or p.exists():
        return p
    return shipped_map(name)


@dataclass
class Game:
    """A saved game with the scenario and map it belongs to."""

    state: GameState
    scenario: Scenario
    map: MapModel
    path: str = ""

    def check(self) -> list[str]:
        """Problems between the files (unknown codes, spaces): used by ``mapref check``."""
        from mapref.rulesets.hitlers_war.consistency import consistency_problems

        return [f"{self.path}: {p}" for p in consistency_problems(self.map, self.scenario, self.state)]


def load_game_bundle(path: str | os.PathLike[str], shown: str | None = None) -> Game:
    from mapref.io.mapfile import load_map

    shown = shown or str(path)
    g = load_game(path, shown)
    base = Path(path).parent
    sc_path = find_scenario(g.scenario, base)
    sc = load_scenario(sc_path, str(sc_path))
    m_path = find_map(g.map or sc.map, base)
    return Game(g, sc, load_map(m_path, str(m_path)), shown)


@dataclass
class ScenarioFile:
    """A scenario with its map, for ``mapref check``."""

    scenario: Scenario
    map: MapModel
    path: str

    def check(self) -> list[str]:
        from mapref.rulesets.hitlers_war.consistency import scenario_problems

        return [f"{self.path}: {p}" for p in scenario_problems(self.map, self.scenario)]


def _scenario_loader(data: dict, source: str, shown: str) -> object:
    from mapref.io.mapfile import load_map

    sc = scenario_from_dict(data, source, shown)
    m_path = find_map(sc.map, Path(shown).parent)
    return ScenarioFile(sc, load_map(m_path, str(m_path)), shown)


def _game_loader(data: dict, source: str, shown: str) -> object:
    game_from_dict(data, source, shown)  # the game's own problems first, with lines
    return load_game_bundle(shown, shown)


register("scenario", _scenario_loader)
register("game", _game_loader)
