"""Hitler's War scenarios and game states in TOML (formats in docs/format.md).

The game engine (mapref.rules.files) reads a file's envelope (``format``, ``kind``, the
scenario's ``ruleset``, a game's ``[[log]]``) and hands the rest here.  Every problem of a file
is collected with its line (``FILE:LINE:COL: key.path: expected ..., got ...``); unknown keys
get a did-you-mean.  What :func:`dumps_state` writes reads back to the same state and the same
bytes; :func:`state_data` is the same state as plain tables (for the engine's log and undo).
"""

from __future__ import annotations

import os
from pathlib import Path

from mapref.core.board import space_order
from mapref.io import tomlwrite as tw
from mapref.io.atomic import write_atomic
from mapref.io.problems import FileProblems, Problem, Reader, parse_toml, show_value
from mapref.rules.files import load_game as load_any_game
from mapref.rules.victory import read_conditions
from mapref.rulesets.hitlers_war.scenario import (
    Adjustment,
    Area,
    DevastationSpec,
    Entry,
    FixedArmy,
    FleetSpec,
    FortSpec,
    HomeForcesSpec,
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
    YEARS,
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
    "siberia": ("box", "from", "production", "grows_to", "grows_from", "requires", "repair_per_turn", "no_repair_by"),
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
    """Each point type's ``r.int_(d, t, where, 0, 0, 999)``; the usual value (none, or a whole
    number in range) read here without the reader making its messages' key first (a game's
    1,350 armies are read back after every action; issue 34)."""
    out = {}
    for t in POINT_TYPES:
        v = d.get(t, 0)
        out[t] = v if type(v) is int and 0 <= v <= 999 else r.int_(d, t, where, 0, 0, 999)
    return out


def _str(r: Reader, d: dict, key: str, where: str) -> str:
    """``r.str_(d, key, where)``, the usual value (none, or a string) read here (as :func:`_points`)."""
    v = d.get(key, "")
    return v if type(v) is str else r.str_(d, key, where)


def _int(r: Reader, d: dict, key: str, where: str, hi: int) -> int:
    """``r.int_(d, key, where, 0, 0, hi)``, the usual value read here (as :func:`_points`)."""
    v = d.get(key, 0)
    return v if type(v) is int and 0 <= v <= hi else r.int_(d, key, where, 0, 0, hi)


def _bool(r: Reader, d: dict, key: str, where: str) -> bool:
    """``r.bool_(d, key, where)``, the usual value read here (as :func:`_points`)."""
    v = d.get(key, False)
    return v if type(v) is bool else r.bool_(d, key, where)


def _keys(
    r: Reader, d: dict, allowed: frozenset[str], order: tuple[str, ...], where: str, required: tuple[str, ...] = ()
) -> None:
    """``r.check_keys(d, order, where, required)``: nothing to say when every key is allowed and
    the required ones are there (``allowed``: ``order`` as a set), which is seen here first."""
    keys = d.keys()
    if not (keys <= allowed and keys >= _NEEDED.get(required, frozenset(required))):
        r.check_keys(d, order, where, required=required)


ARMY_KEYS = ("side", "nation", "at", "leader", "pool", "no_defensive_assault", "advanced") + POINT_TYPES
ARMY_NEEDS = ("side", "nation", "at")
HEX_KEYS = ("control", "occupied", "devastated", "permanent")
HEX_CONTROLS = SIDES + ("none",)
_ARMY_KEY_SET, _HEX_KEY_SET = frozenset(ARMY_KEYS), frozenset(HEX_KEYS)
_NEEDED = {(): frozenset(), ARMY_NEEDS: frozenset(ARMY_NEEDS)}  # required keys as sets (made once)
_ARMY_NEEDED = _NEEDED[ARMY_NEEDS]


def _kept(r: Reader, ok: bool, key: str, what: str, got: object) -> bool:
    """``ok``; when it is not, ``key`` is said to expect ``what`` (a filter that says what it drops)."""
    if not ok:
        r.expected(key, what, got)
    return ok


def _turn(r: Reader, d: dict, key: str, where: str, default: Turn) -> Turn:
    """The turn at required key ``key`` (``default`` when it is missing or wrong: said)."""
    got = _turn_or_none(r, d, key, where)
    return default if got is None else got


def _turn_or_none(r: Reader, d: dict, key: str, where: str) -> Turn | None:
    """The turn at required key ``key``, or None when it is missing or wrong (said)."""
    path = f"{where}.{key}" if where else key
    if key not in d:
        r.error(where or key, f'missing required key "{key}"')
        return None
    v = d[key]
    try:
        if not isinstance(v, str):
            raise ValueError
        return Turn.parse(v)  # years 1900-2100, as a saved game's turn.year: a game made from it loads
    except ValueError:
        r.expected(
            path, f'a turn such as "summer 1941" (seasons: {", ".join(SEASONS)}; years {YEARS[0]}-{YEARS[1]})', v
        )
        return None


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
SCENARIO_TOP = (
    "format",
    "kind",
    "id",
    "name",
    "map",
    "ruleset",
    "rule",
    "notes",
    "sides",
    "move_order",
    "first_turn",
    "last_turn",
    "first_phase",
    "other_nations",
    "optional_ports",
    "absent_boxes",
    "no_production",
    "setup",
    "nations",
    "armies",
    "pools",
    "forts",
    "devastation",
    "fleets",
    "records",
    "adjustments",
    "victory",
    "special",
    "vp_track",
    "strategic",  # these two: a seasonal VP track (mapref.rules.vptrack; issue 16)
    "entries",
    "home_forces",
)
SETUP_KEYS = (
    "friendly",
    "production",
    "supply",
    "always_supplied",
    "build",
    "build_rule",
    "morale",
    "costs",
    "costs_rule",
)
RECORD_KEYS = ("partial_ships", "uboats_port", "uboats_convoy", "asw", "ta_shipping", "bombers")


def scenario_from_dict(data: dict, source: str, shown: str) -> Scenario:
    r = Reader(shown, source)
    sc = _scenario_top(r, data)
    sides = sc.sides
    for read in (_setups, _nations_and_armies, _forts_and_fleets, _records, _adjustments, _notes_and_entries):
        read(r, data, sc, sides)
    sc.vp_track = None  # unless the scenario switches the VP track on
    if "vp_track" in data or "strategic" in data:  # (imported only then: issue 34, the command line's start)
        from mapref.rules import vptrack

        sc.vp_track = vptrack.read_spec(r, data, sides)
    r.raise_if_any()
    sc.path = shown
    return sc


def _scenario_top(r: Reader, data: dict) -> Scenario:
    r.check_keys(
        data, SCENARIO_TOP, "", required=("format", "kind", "id", "name", "map", "sides", "first_turn", "last_turn")
    )
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
        id=r.str_(data, "id", ""),
        name=r.str_(data, "name", ""),
        map=r.str_(data, "map", ""),
        ruleset=r.str_(data, "ruleset", "", "hitlers_war", choices=("hitlers_war",)),
        rule=r.str_(data, "rule", ""),
        sides=sides,
        move_order=tuple(order),
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
    return sc


def _setups(r: Reader, data: dict, sc: Scenario, sides: tuple[str, ...]) -> None:
    for side, w, t in _tables(r, data, "setup", "a table of one side's set-up"):
        if side not in sides:
            r.expected(w, "a side named in `sides`", side)
            continue
        r.check_keys(t, SETUP_KEYS, w, required=("friendly", "production"))
        costs = r.table(t, "costs", w)
        for k in costs:
            if k not in POINT_TYPES + ("fort", "ta_shipping", "capital_ship", "uboat", "asw"):
                r.error(
                    f"{w}.costs.{k}",
                    "unknown strength type (infantry, mechanized, amphibious, tactical_air, para, fort, ta_shipping, capital_ship, uboat, asw)",
                )
        sc.side_setups[side] = SideSetup(
            side=side,
            friendly=_area(r, t, "friendly", w),
            production=r.int_(t, "production", w, 0, 0, 999),
            supply=_strs(r, t, "supply", w),
            always_supplied=_strs(r, t, "always_supplied", w),
            build=_area(r, t, "build", w),
            build_rule=r.str_(t, "build_rule", w),
            morale=r.int_(t, "morale", w, 0, 0, 19) if "morale" in t else None,
            costs={k: r.int_(costs, k, f"{w}.costs", 0, 0, 99) for k in costs},
            costs_rule=r.str_(t, "costs_rule", w),
        )
    for s in sides:
        if s not in sc.side_setups:
            r.error("setup", f"missing the [setup.{s}] table")


def _nations_and_armies(r: Reader, data: dict, sc: Scenario, sides: tuple[str, ...]) -> None:
    for code, w, t in _tables(r, data, "nations", 'a table such as { side = "axis", status = "at_war" }'):
        r.check_keys(t, ("side", "status"), w, required=("status",))
        side = _side(r, t, "side", w, required=False) or None
        sc.nations[code] = (side, r.str_(t, "status", w, "neutral", choices=STATUSES))
    for name, w, t in _tables(r, data, "armies", "a table of one army"):
        r.check_keys(t, ("side", "nation", "at", "leader") + POINT_TYPES, w, required=("side", "nation", "at"))
        sc.armies.append(
            FixedArmy(
                name,
                _side(r, t, "side", w, sides),
                r.str_(t, "nation", w),
                r.str_(t, "at", w),
                _points(r, t, w),
                r.str_(t, "leader", w),
            )
        )
    for pid, w, t in _tables(r, data, "pools", "a table of one free placement"):
        r.check_keys(
            t,
            ("side", "nation", "area", "leaders", "army_name", "rule") + POINT_TYPES,
            w,
            required=("side", "nation", "area"),
        )
        sc.pools.append(
            PoolSpec(
                pid,
                _side(r, t, "side", w, sides),
                r.str_(t, "nation", w),
                _area(r, t, "area", w),
                _points(r, t, w),
                _strs(r, t, "leaders", w),
                r.str_(t, "army_name", w, pid),
                r.str_(t, "rule", w),
            )
        )


def _forts_and_fleets(r: Reader, data: dict, sc: Scenario, sides: tuple[str, ...]) -> None:
    for _fid, w, t in _tables(r, data, "forts", "a table of one fort"):
        r.check_keys(t, ("side", "number", "at", "strength"), w, required=("side", "number", "at", "strength"))
        sc.forts.append(
            FortSpec(
                _side(r, t, "side", w, sides),
                r.int_(t, "number", w, 0, 1, 7),
                r.str_(t, "at", w),
                r.int_(t, "strength", w, 0, 0, 5),
            )
        )
    for did, w, t in _tables(r, data, "devastation", "a table of devastated production"):
        r.check_keys(t, ("area", "points", "permanent", "chosen_by", "rule"), w, required=("area",))
        sc.devastation.append(
            DevastationSpec(
                did,
                _area(r, t, "area", w),
                r.int_(t, "points", w, 0, 1, 999) if "points" in t else None,
                r.bool_(t, "permanent", w),
                _side(r, t, "chosen_by", w, sides, required=False),
                r.str_(t, "rule", w),
            )
        )
    for name, w, t in _tables(r, data, "fleets", "a table of one fleet"):
        r.check_keys(
            t, ("side", "nation", "capital", "ports", "in_port"), w, required=("side", "nation", "capital", "ports")
        )
        sc.fleets.append(
            FleetSpec(
                name,
                _side(r, t, "side", w, sides),
                r.str_(t, "nation", w),
                r.int_(t, "capital", w, 0, 1, 99),
                _area(r, t, "ports", w),
                r.bool_(t, "in_port", w, True),
            )
        )


def _records(r: Reader, data: dict, sc: Scenario, sides: tuple[str, ...]) -> None:
    for side, w, t in _tables(r, data, "records", "a table of a side's record sheet at start"):
        if side not in sides:
            r.expected(w, "a side named in `sides`", side)
            continue
        r.check_keys(t, RECORD_KEYS, w)
        rec: dict = {k: r.int_(t, k, w, 0, 0, 999) for k in RECORD_KEYS if k != "partial_ships" and k in t}
        if "partial_ships" in t:
            ps = t["partial_ships"]
            if not isinstance(ps, list) or not all(
                isinstance(x, int) and not isinstance(x, bool) and x > 0 for x in ps
            ):
                r.expected(
                    f"{w}.partial_ships", "an array of positive integers (production still owed per ship point)", ps
                )
            else:
                rec["partial_ships"] = list(ps)
        sc.records[side] = rec


def _adjustments(r: Reader, data: dict, sc: Scenario, sides: tuple[str, ...]) -> None:
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
        if "no_repair_by" in params:
            params["no_repair_by"] = list(_strs(r, t, "no_repair_by", w))
        for k in (
            "points",
            "production",
            "grows_to",
            "base",
            "per_turn",
            "reduce",
            "cap",
            "sweden_points",
            "repair_per_turn",
        ):
            if k in params:
                r.int_(params, k, w, 0, 0, 999)
        sc.adjustments.append(Adjustment(aid, kind, _side(r, t, "side", w, sides), r.str_(t, "rule", w), params))


def _notes_and_entries(r: Reader, data: dict, sc: Scenario, sides: tuple[str, ...]) -> None:
    sc.victory = read_conditions(r, data, sides)
    for key, dest in (("special", sc.special),):
        for nid, w, t in _tables(r, data, key, "a table with rule and text"):
            r.check_keys(t, ("rule", "text", "hexes", "code"), w, required=("rule", "text"))
            dest.append(
                Note(nid, r.str_(t, "rule", w), r.str_(t, "text", w), _strs(r, t, "hexes", w), r.str_(t, "code", w))
            )
    for eid, w, t in _tables(r, data, "entries", "a table of a nation that joins a side by itself"):
        r.check_keys(
            t,
            ("rule", "nation", "side", "turn", "player_turn", "army", "at", "reinforce") + POINT_TYPES,
            w,
            required=("rule", "nation", "side", "turn"),
        )
        sc.entries.append(
            Entry(
                eid,
                r.str_(t, "rule", w),
                r.str_(t, "nation", w),
                _side(r, t, "side", w, sides),
                _turn(r, t, "turn", w, sc.first_turn),
                _side(r, t, "player_turn", w, sides, required=False),
                r.str_(t, "army", w),
                r.str_(t, "at", w),
                {k: v for k, v in _points(r, t, w).items() if v},
                r.bool_(t, "reinforce", w),
            )
        )
    if "home_forces" in data:  # Unaligned Forces 1; the home forces table
        t = r.table(data, "home_forces", "")
        r.check_keys(t, ("rule", "points", "others"), "home_forces", required=("points",))
        pts = r.table(t, "points", "home_forces")
        sc.home_forces = HomeForcesSpec(
            {k: r.int_(pts, k, "home_forces.points", 0, 0, 99) for k in pts},
            r.int_(t, "others", "home_forces", 0, 0, 99),
            r.str_(t, "rule", "home_forces"),
        )


def load_scenario(path: str | os.PathLike[str], shown: str | None = None) -> Scenario:
    shown = shown or str(path)
    data, source = parse_toml(Path(path), shown)
    if data.get("kind") != "scenario":
        raise FileProblems(
            [Problem(shown, None, None, "kind", f'expected "scenario", got {show_value(data.get("kind"))}')]
        )
    sc = scenario_from_dict(data, source, shown)
    sc.path = shown
    return sc


# -------------------------------------------------------------------------------- games
GAME_TOP = (
    "format",
    "kind",
    "scenario",
    "map",
    "notes",
    "turn",
    "nations",
    "sides",
    "armies",
    "fleets",
    "forts",
    "hexes",
    "pools",
    "home_forces",
    "garrisons_lost",
    "vp_track",
    "invasions",
    "hexes_gained",
    "hexes_lost",
    "announced",
    "exploiting",
    "stopped",
)
SIDE_RECORD_KEYS = (
    "morale",
    "production",
    "lend_lease",
    "partial_ships",
    "uboats_port",
    "uboats_convoy",
    "asw",
    "ta_shipping",
    "bombers",
    "history",
    "costs",
    "us_first",
    "spent",
    "repair_spent",
    "repaired",
    "built",
    "lend_given",
    "ta_built",
    "ta_used",
    "transported",
    "surrender_refused",
)
RECORD_INTS = (
    "lend_lease",
    "uboats_port",
    "uboats_convoy",
    "asw",
    "ta_shipping",
    "bombers",
    "us_first",
    "spent",
    "repair_spent",
    "lend_given",
    "ta_built",
    "ta_used",
    "surrender_refused",
)
RECORD_TABLES = ("costs", "repaired", "built", "transported")  # {name = N}
HISTORY_KEYS = ("turn", "total", "spendable", "spent", "built", "repaired", "lend_lease", "research")


def game_from_dict(data: dict, source: str, shown: str) -> GameState:
    r = Reader(shown, source)
    g = _game_top(r, data)
    for read in (_game_nations, _game_sides, _game_pieces, _game_spaces, _game_combat):
        read(r, data, g)
    r.raise_if_any()
    return g


def _game_top(r: Reader, data: dict) -> GameState:
    r.check_keys(data, GAME_TOP, "", required=("format", "kind", "scenario", "map", "turn"))
    if "format" in data and data["format"] != FORMAT:
        r.expected("format", f"{FORMAT} (mapref's game format {FORMAT})", data["format"])
    t = r.table(data, "turn", "")
    r.check_keys(
        t, ("season", "year", "side", "phase", "subphase"), "turn", required=("season", "year", "side", "phase")
    )
    phase = r.str_(t, "phase", "turn", "movement", choices=PHASES)
    g = GameState(
        scenario=r.str_(data, "scenario", ""),
        map=r.str_(data, "map", ""),
        turn=Turn(r.int_(t, "year", "turn", 1939, *YEARS), r.str_(t, "season", "turn", "winter", choices=SEASONS)),
        side=_side(r, t, "side", "turn"),
        phase=phase,
        subphase=r.str_(t, "subphase", "turn", "", choices=SUBPHASES.get(phase, ("",))),
        notes=r.str_(data, "notes", ""),
    )
    return g


def _game_nations(r: Reader, data: dict, g: GameState) -> None:
    for code, w, n in _tables(r, data, "nations", 'a table such as { side = "axis", status = "at_war" }'):
        r.check_keys(
            n,
            ("side", "status", "joined", "attacked_by", "attacked", "no_attack", "home_placed"),
            w,
            required=("status",),
        )
        g.nations[code] = Nation(
            _side(r, n, "side", w, required=False) or None,
            r.str_(n, "status", w, "neutral", choices=STATUSES),
            _turn_or_none(r, n, "joined", w) if "joined" in n else None,
            _side(r, n, "attacked_by", w, required=False) or None,
            _turn_or_none(r, n, "attacked", w) if "attacked" in n else None,
            [x for x in _strs(r, n, "no_attack", w) if _kept(r, x in SIDES, f"{w}.no_attack", "sides", x)],
            r.bool_(n, "home_placed", w),
        )


def _game_sides(r: Reader, data: dict, g: GameState) -> None:
    for side, w, s in _tables(r, data, "sides", "a table of one side's record sheet"):
        if side not in SIDES:
            r.expected(w, "a side (" + ", ".join(SIDES) + ")", side)
            continue
        g.sides[side] = _side_record(r, s, w)


def _side_record(r: Reader, s: dict, w: str) -> SideRecord:
    r.check_keys(s, SIDE_RECORD_KEYS, w)
    rec = SideRecord(
        morale=r.int_(s, "morale", w, 0, -99, 19) if "morale" in s else None,
        production=r.int_(s, "production", w, 0, 0, 999) if "production" in s else None,
    )
    for k in RECORD_INTS:
        setattr(rec, k, r.int_(s, k, w, 0, 0, 999))
    for k in RECORD_TABLES:
        t = r.table(s, k, w)
        setattr(rec, k, {str(x): r.int_(t, x, f"{w}.{k}", 0, 0, 999) for x in t})
    ps = s.get("partial_ships", [])
    if not isinstance(ps, list) or not all(isinstance(x, int) and not isinstance(x, bool) and x > 0 for x in ps):
        r.expected(f"{w}.partial_ships", "an array of positive integers", ps)
    else:
        rec.partial_ships = list(ps)
    hist = s.get("history", [])
    if not isinstance(hist, list) or not all(isinstance(x, dict) for x in hist):
        r.expected(f"{w}.history", 'an array of tables such as { turn = "summer 1941", total = 34 }', hist)
        hist = []
    for h in hist:
        r.check_keys(h, HISTORY_KEYS, f"{w}.history")
        bad = [k for k, v in h.items() if k != "turn" and (not isinstance(v, int) or isinstance(v, bool))]
        if bad or not isinstance(h.get("turn"), str):
            r.expected(f"{w}.history", '{ turn = "SEASON YEAR", total = N, ... } with integer figures', h)
        rec.history.append(dict(h))
    return rec


def _usual_armies(data: dict) -> list[Army] | None:
    """The armies of a game's data when every one holds only usual values (what the reader of
    :func:`_game_pieces` reads without a word: the keys it knows, the side one of the sides,
    strings, points 0-999, advanced 0-99), made without the reader's calls; else None (the reader
    reads them, saying what is wrong).  A game's 1,350 armies are read back after every action
    (issue 34)."""
    t = data.get("armies", {})
    if type(t) is not dict:
        return None
    out = []
    for name, a in t.items():
        if type(a) is not dict:
            return None
        keys = a.keys()
        if not (keys <= _ARMY_KEY_SET and keys >= _ARMY_NEEDED):
            return None
        side, nation, at = a["side"], a["nation"], a["at"]
        leader, pool = a.get("leader", ""), a.get("pool", "")
        nda, adv = a.get("no_defensive_assault", False), a.get("advanced", 0)
        if not (
            type(side) is str
            and side in SIDES
            and type(nation) is str
            and type(at) is str
            and type(leader) is str
            and type(pool) is str
            and type(nda) is bool
            and type(adv) is int
            and 0 <= adv <= 99
        ):
            return None
        points = {}
        for p in POINT_TYPES:
            v = a.get(p, 0)
            if type(v) is not int or not 0 <= v <= 999:
                return None
            points[p] = v
        out.append(Army(name, side, nation, at, points, leader, pool, nda, adv))
    return out


def _game_pieces(r: Reader, data: dict, g: GameState) -> None:
    usual = _usual_armies(data)
    if usual is not None:
        g.armies += usual
    for name, w, a in _tables(r, data, "armies", "a table of one army") if usual is None else ():
        _keys(r, a, _ARMY_KEY_SET, ARMY_KEYS, w, required=ARMY_NEEDS)
        side = a.get("side")
        g.armies.append(
            Army(
                name,
                side if type(side) is str and side in SIDES else _side(r, a, "side", w),
                _str(r, a, "nation", w),
                _str(r, a, "at", w),
                _points(r, a, w),
                _str(r, a, "leader", w),
                _str(r, a, "pool", w),
                _bool(r, a, "no_defensive_assault", w),
                _int(r, a, "advanced", w, 99),
            )
        )
    for name, w, f in _tables(r, data, "fleets", "a table of one fleet"):
        r.check_keys(f, ("side", "nation", "at", "in_port", "capital", "moved"), w, required=("side", "nation", "at"))
        g.fleets.append(
            Fleet(
                name,
                _side(r, f, "side", w),
                r.str_(f, "nation", w),
                r.str_(f, "at", w),
                r.bool_(f, "in_port", w, True),
                r.int_(f, "capital", w, 0, 0, 99),
                r.bool_(f, "moved", w),
            )
        )
    for _fid, w, f in _tables(r, data, "forts", "a table of one fort"):
        r.check_keys(f, ("side", "number", "at", "strength", "building"), w, required=("side", "number", "at"))
        g.forts.append(
            Fort(
                _side(r, f, "side", w),
                r.int_(f, "number", w, 1, 1, 99),
                r.str_(f, "at", w),
                r.int_(f, "strength", w, 0, 0, 99),
                r.int_(f, "building", w, 0, 0, 99),
            )
        )


def _usual_hexes(data: dict) -> dict[str, HexState] | None:
    """The hexes of a game's data when every one holds only usual values (what the reader of
    :func:`_game_spaces` reads without a word: the keys it knows, a control one of its choices,
    devastation 0-99, the permanent part no more), made without the reader's calls; else None
    (as :func:`_usual_armies`)."""
    t = data.get("hexes", {})
    if type(t) is not dict:
        return None
    out = {}
    for space, h in t.items():
        if type(h) is not dict or not h.keys() <= _HEX_KEY_SET:
            return None
        c, occupied = h.get("control"), h.get("occupied", False)
        dv, pm = h.get("devastated", 0), h.get("permanent", 0)
        if not (
            ((c is None and "control" not in h) or (type(c) is str and c in HEX_CONTROLS))
            and type(occupied) is bool
            and type(dv) is int
            and type(pm) is int
            and 0 <= pm <= dv <= 99
        ):
            return None
        out[space] = HexState(c, occupied, dv, pm)
    return out


def _game_spaces(r: Reader, data: dict, g: GameState) -> None:
    usual = _usual_hexes(data)
    if usual is not None:
        g.hexes.update(usual)
    hexes = _tables(r, data, "hexes", 'a table such as { control = "axis", devastated = 2 }') if usual is None else ()
    for space, w, h in hexes:
        _keys(r, h, _HEX_KEY_SET, HEX_KEYS, w)
        c = h.get("control")
        hs = HexState(
            (c if type(c) is str and c in HEX_CONTROLS else r.str_(h, "control", w, "", choices=HEX_CONTROLS)) or None,
            _bool(r, h, "occupied", w),
            _int(r, h, "devastated", w, 99),
            _int(r, h, "permanent", w, 99),
        )
        if hs.permanent > hs.devastated:
            r.error(f"{w}.permanent", f"expected at most the devastated points ({hs.devastated}), got {hs.permanent}")
        g.hexes[space] = hs
    for pid, w, p in _tables(r, data, "pools", "a table of strength still to place"):
        r.check_keys(p, ("side", "leaders") + POINT_TYPES, w, required=("side",))
        g.pools.append(Pool(pid, _side(r, p, "side", w), _points(r, p, w), list(_strs(r, p, "leaders", w))))
    for space, w, h in _tables(r, data, "home_forces", 'a table such as { nation = "pl", points = 3 }'):
        r.check_keys(h, ("nation", "points"), w, required=("nation", "points"))
        g.home_forces.append(HomeForce(r.str_(h, "nation", w), space, r.int_(h, "points", w, 0, 0, 99)))


def _game_combat(r: Reader, data: dict, g: GameState) -> None:
    g.garrisons_lost = list(_strs(r, data, "garrisons_lost", ""))
    if "vp_track" in data:
        from mapref.rules import vptrack

        g.vp_track = vptrack.read_state(r, r.table(data, "vp_track", ""), "vp_track")
    g.invasions = list(_strs(r, data, "invasions", ""))
    g.exploiting = r.str_(data, "exploiting", "")
    g.stopped = list(_strs(r, data, "stopped", ""))
    t = r.table(data, "announced", "")
    g.announced = {str(k): v for k, v in t.items() if _kept(r, isinstance(v, str), f"announced.{k}", "a hex label", v)}
    for k in ("hexes_gained", "hexes_lost"):
        t = r.table(data, k, "")
        setattr(g, k, {str(x): r.int_(t, x, k, 0, 0, 9999) for x in t if _kept(r, x in SIDES, f"{k}.{x}", "a side", x)})


def state_data(g: GameState) -> dict:
    """The state as the tables its TOML reads as (what :func:`game_from_dict` reads back); the
    game engine diffs it to log and undo actions (mapref.rules.datapatch)."""
    d: dict = {"scenario": g.scenario, "map": g.map}
    if g.notes:
        d["notes"] = g.notes
    if g.garrisons_lost:
        d["garrisons_lost"] = sorted(g.garrisons_lost, key=space_order)
    turn = {"season": g.turn.season, "year": g.turn.year, "side": g.side, "phase": g.phase}
    if g.subphase:
        turn["subphase"] = g.subphase
    d["turn"] = turn
    d["nations"] = {code: _nation_data(n) for code, n in g.nations.items()}
    d["sides"] = {side: _side_data(s) for side, s in g.sides.items()}
    d["armies"] = {a.name: _army_data(a) for a in g.armies}
    d["fleets"] = {f.name: _fleet_data(f) for f in g.fleets}
    d["forts"] = {f"{f.side}-{f.number}": _fort_data(f) for f in g.forts}
    hexes = g.hexes
    d["hexes"] = {space: _hex_data(h) for space in _hex_order(hexes) if not (h := hexes[space]).is_default()}
    d["pools"] = {p.id: _pool_data(p) for p in g.pools}
    d["home_forces"] = {h.at: {"nation": h.nation, "points": h.points} for h in g.home_forces}
    if g.vp_track is not None:
        from mapref.rules import vptrack

        d["vp_track"] = vptrack.state_data(g.vp_track)
    # this combat phase's records last, so their coming and going leaves the other keys' order
    if g.invasions:
        d["invasions"] = sorted(g.invasions, key=space_order)
    if g.announced:
        d["announced"] = dict(sorted(g.announced.items()))
    if g.exploiting:
        d["exploiting"] = g.exploiting
    if g.stopped:
        d["stopped"] = sorted(g.stopped)
    for k in ("hexes_gained", "hexes_lost"):
        if getattr(g, k):
            d[k] = dict(sorted(getattr(g, k).items()))
    return d


def _nation_data(n: Nation) -> dict:
    rec: dict = {"side": n.side} if n.side else {}
    rec["status"] = n.status
    if n.joined is not None:
        rec["joined"] = str(n.joined)
    if n.attacked_by:
        rec["attacked_by"] = n.attacked_by
    if n.attacked is not None:
        rec["attacked"] = str(n.attacked)
    if n.no_attack:
        rec["no_attack"] = list(n.no_attack)
    if n.home_placed:
        rec["home_placed"] = True
    return rec


def _side_data(s: SideRecord) -> dict:
    rec: dict = {}
    if s.morale is not None:
        rec["morale"] = s.morale
    if s.production is not None:
        rec["production"] = s.production
    for k in RECORD_INTS:
        if getattr(s, k):
            rec[k] = getattr(s, k)
    for k in RECORD_TABLES:
        if getattr(s, k):
            rec[k] = dict(getattr(s, k))
    if s.partial_ships:
        rec["partial_ships"] = list(s.partial_ships)
    if s.history:
        rec["history"] = [dict(h) for h in s.history]
    return rec


_HEX_ORDER: tuple[tuple[str, ...], list[str]] = ((), [])  # the last hexes' keys (in their order), sorted


def _hex_order(hexes: dict) -> list[str]:
    """The spaces of a state's hexes sorted by :func:`space_order` (to read); the last answer kept
    with the keys it sorted, in their order, as a move leaves them as they were (issue 34)."""
    global _HEX_ORDER
    keys = tuple(hexes)
    kept = _HEX_ORDER
    if kept[0] != keys:
        kept = _HEX_ORDER = (keys, sorted(keys, key=space_order))
    return kept[1]


def _army_data(a: Army) -> dict:
    rec: dict = {"side": a.side, "nation": a.nation, "at": a.at}
    pts = a.points
    for t in POINT_TYPES:
        if pts.get(t):
            rec[t] = pts[t]
    if a.leader:
        rec["leader"] = a.leader
    if a.pool:
        rec["pool"] = a.pool
    if a.no_defensive_assault:
        rec["no_defensive_assault"] = True
    if a.advanced:
        rec["advanced"] = a.advanced
    return rec


def _fleet_data(f: Fleet) -> dict:
    rec: dict = {"side": f.side, "nation": f.nation, "at": f.at, "in_port": f.in_port, "capital": f.capital}
    if f.moved:
        rec["moved"] = True
    return rec


def _fort_data(f: Fort) -> dict:
    rec: dict = {"side": f.side, "number": f.number, "at": f.at, "strength": f.strength}
    if f.building:
        rec["building"] = f.building
    return rec


def _hex_data(h: HexState) -> dict:
    rec: dict = {}
    if h.control:
        rec["control"] = h.control
    if h.occupied:
        rec["occupied"] = True
    if h.devastated:
        rec["devastated"] = h.devastated
    if h.permanent:
        rec["permanent"] = h.permanent
    return rec


def _pool_data(p: Pool) -> dict:
    rec: dict = {"side": p.side}
    rec.update({t: p.points[t] for t in POINT_TYPES if p.points.get(t)})
    if p.leaders:
        rec["leaders"] = list(p.leaders)
    return rec


def dumps_state(g: GameState) -> str:
    """The game's TOML after the header (``format``, ``kind``): scalars, then one table per
    army, fleet, fort and pool, one line per nation and hex (canonical: same state, same bytes)."""
    return dumps_data(state_data(g))


def dumps_data(d: dict) -> str:
    """The text :func:`dumps_state` writes for a state whose :func:`state_data` is ``d``.  Each
    record of the tables of :data:`RECORD_TABLES_WRITTEN` is written from its own name and data
    alone (a table or a line of its own), whatever else the state holds: the session reads back
    only the records an action changed (:meth:`mapref.rules.session.GameSession._new_problems`)."""
    out = [tw.assign("scenario", d["scenario"]), tw.assign("map", d["map"])]
    for k in (
        "notes",
        "garrisons_lost",
        "invasions",
        "hexes_gained",
        "hexes_lost",
        "announced",
        "exploiting",
        "stopped",
    ):
        if k in d:
            out.append(tw.assign(k, d[k]))
    out += ["", "[turn]"] + [tw.assign(k, v) for k, v in d["turn"].items()]
    out += ["", "[nations]"] + [f"{tw.key(code)} = {tw.inline(rec)}" for code, rec in d["nations"].items()]
    for side, rec in d["sides"].items():
        out += ["", f"[sides.{tw.key(side)}]"]
        for k, v in rec.items():
            if k == "history":
                out.append("history = [")
                out += [f"  {tw.inline(h)}," for h in v]
                out.append("]")
            else:
                out.append(tw.assign(k, v))
    for table in ("armies", "fleets", "forts"):
        for name, rec in d[table].items():
            out += ["", f"[{table}.{tw.key(name)}]"] + [tw.assign(k, v) for k, v in rec.items()]
    out += ["", "[hexes]"] + [f"{tw.key(space)} = {tw.inline(rec)}" for space, rec in d["hexes"].items()]
    for pid, rec in d["pools"].items():
        out += ["", f"[pools.{tw.key(pid)}]"] + [tw.assign(k, v) for k, v in rec.items()]
    if d["home_forces"]:
        out += ["", "[home_forces]"] + [f"{tw.key(at)} = {tw.inline(rec)}" for at, rec in d["home_forces"].items()]
    if "vp_track" in d:
        from mapref.rules import vptrack

        out += vptrack.toml_lines(d["vp_track"])
    return "\n".join(out) + "\n"


# the tables written record by record (dumps_data); what else the state holds is written whole
RECORD_TABLES_WRITTEN = ("nations", "sides", "armies", "fleets", "forts", "hexes", "pools", "home_forces")


def dumps_game(g: GameState) -> str:
    """A whole saved game with no log (the engine writes games with their log:
    mapref.rules.files.dumps_game)."""
    return (
        "# mapref saved game; the format is described in docs/format.md\n"
        f"format = {FORMAT}\n"
        'kind = "game"\n' + dumps_state(g)
    )


def save_game(g: GameState, path: str | os.PathLike[str]) -> None:
    write_atomic(path, dumps_game(g))


def load_game(path: str | os.PathLike[str], shown: str | None = None) -> GameState:
    shown = shown or str(path)
    data, source = parse_toml(Path(path), shown)
    if data.get("kind") != "game":
        raise FileProblems([Problem(shown, None, None, "kind", f'expected "game", got {show_value(data.get("kind"))}')])
    return game_from_dict({k: v for k, v in data.items() if k != "log"}, source, shown)


def load_game_bundle(path: str | os.PathLike[str], shown: str | None = None):
    """A saved game with its scenario, map and log (mapref.rules.files.Game)."""
    return load_any_game(path, shown)
