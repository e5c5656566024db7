"""Struggle for Europe scenarios and game states in TOML (docs/format.md, "Struggle for Europe").

Every problem of a file is collected with its line (``FILE:LINE:COL: key.path: expected ...,
got ...``); unknown keys get a did-you-mean.  :func:`state_data` is the state as plain tables,
:func:`read_state` reads them back to the same state, and :func:`dumps_state` writes them in one
canonical layout.
"""

from __future__ import annotations

from mapref.core.areamodel import Condition as Active
from mapref.io import tomlwrite as tw
from mapref.io.problems import Reader
from mapref.rules import vptrack
from mapref.rules.victory import read_conditions
from mapref.rulesets.struggle_for_europe.scenario import Faction, Scenario
from mapref.rulesets.struggle_for_europe.state import PLAYERS, Battle, Cards, Counter, GameState

SCENARIO_KEYS = (
    "format",
    "kind",
    "ruleset",
    "id",
    "name",
    "map",
    "rule",
    "notes",
    "sides",
    "first_player",
    "factions",
    "hands",
    "bombing",
    "decks",
    "setup",
    "victory",
    "vp_track",
    "strategic",
)
FACTION_KEYS = ("name", "player", "colour", "prefix", "flag", "active_from", "active_until", "active_rule")
STATE_KEYS = (
    "format",
    "kind",
    "scenario",
    "map",
    "turn",
    "player",
    "operations",
    "bombing",
    "over",
    "result",
    "built",
    "cards",
    "flags",
    "counters",
    "battles",
    "vp_track",
)
CARD_KEYS = ("deck", "reshuffles", "hand", "pile", "recycle", "removed")
COUNTER_KEYS = ("faction", "strength", "at", "fortress")
BATTLE_KEYS = ("at", "attacker", "attackers", "defenders", "line", "origin", "defence", "kind")
MAX_CARDS = 999


def _strs(r: Reader, d: dict, key: str, where: str) -> list[str]:
    v = d.get(key, [])
    if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
        r.expected(f"{where}.{key}" if where else key, "an array of strings", v)
        return []
    return list(v)


def _ints(r: Reader, d: dict, key: str, where: str, lo: int, hi: int) -> tuple[int, ...]:
    v = d.get(key, [])
    path = f"{where}.{key}" if where else key
    if not isinstance(v, list) or not all(isinstance(x, int) and not isinstance(x, bool) and lo <= x <= hi for x in v):
        r.expected(path, f"an array of integers {lo}-{hi}", v)
        return ()
    return tuple(v)


def _active(r: Reader, t: dict, where: str) -> Active:
    out = []
    for key in ("active_from", "active_until"):
        tab = r.table(t, key, where)
        out.append(tuple((k, r.int_(tab, k, f"{where}.{key}", 0, 0, 99)) for k in tab))
    return Active(out[0], out[1])


# ----------------------------------------------------------------------------- scenarios
def read_scenario(data: dict, source: str, shown: str) -> Scenario:
    r = Reader(shown, source)
    r.check_keys(data, SCENARIO_KEYS, "", required=("id", "name", "map", "factions", "setup"))
    sc = Scenario(
        r.str_(data, "id", ""),
        r.str_(data, "name", ""),
        r.str_(data, "map", ""),
        r.str_(data, "ruleset", "", "struggle_for_europe"),
        r.str_(data, "rule", ""),
        r.str_(data, "notes", ""),
    )
    sides = _strs(r, data, "sides", "") if "sides" in data else list(PLAYERS)
    if tuple(sides) != PLAYERS:
        r.expected("sides", '["axis", "allies"] (the two players, section 5)', data.get("sides"))
    sc.first_player = r.str_(data, "first_player", "", "axis", choices=PLAYERS)
    for fid, t in r.table(data, "factions", "").items():
        w = f"factions.{fid}"
        if not isinstance(t, dict):
            r.expected(w, 'a table such as { player = "allies", colour = "blue", prefix = "W" }', t)
            continue
        r.check_keys(t, FACTION_KEYS, w, required=("player", "colour", "prefix"))
        sc.factions[fid] = Faction(
            fid,
            r.str_(t, "name", w, fid),
            r.str_(t, "player", w, "axis", choices=PLAYERS),
            r.str_(t, "colour", w),
            r.str_(t, "prefix", w),
            r.str_(t, "flag", w),
            _active(r, t, w),
            r.str_(t, "active_rule", w),
        )
    prefixes = [f.prefix for f in sc.factions.values()]
    if len(set(prefixes)) != len(prefixes) or "F" in prefixes:
        r.error("factions", 'every faction needs its own counter prefix ("F" is the fortresses\')')
    hands = r.table(data, "hands", "")
    r.check_keys(hands, ("rule",) + PLAYERS, "hands", required=PLAYERS)
    sc.hands_rule = r.str_(hands, "rule", "hands")
    for p in PLAYERS:
        v = _ints(r, hands, p, "hands", 0, 20)
        if v and len(v) != 3:
            r.expected(f"hands.{p}", "three hand sizes, one for each play deck", hands.get(p))
        sc.hands[p] = v if len(v) == 3 else (0, 0, 0)
    bomb = r.table(data, "bombing", "")
    r.check_keys(bomb, ("rule", "axis_side", "allied_side"), "bombing", required=("axis_side", "allied_side"))
    sc.bombing_rule = r.str_(bomb, "rule", "bombing")
    sc.bombing_axis_side = _ints(r, bomb, "axis_side", "bombing", 0, 20)
    sc.bombing_allied_side = _ints(r, bomb, "allied_side", "bombing", 0, 20)
    decks = r.table(data, "decks", "")
    r.check_keys(decks, PLAYERS, "decks")
    for p in decks:
        v = _ints(r, decks, p, "decks", 0, MAX_CARDS)
        if len(v) != 3:
            r.expected(f"decks.{p}", "the number of cards with one, two and three chevrons", decks.get(p))
        else:
            sc.decks[p] = v
    setup = r.table(data, "setup", "")
    sc.setup_rule = r.str_(setup, "rule", "setup")
    for fid, t in setup.items():
        if fid == "rule":
            continue
        w = f"setup.{fid}"
        if fid not in sc.factions:
            r.expected(w, "a faction of [factions] (" + ", ".join(sc.factions) + ")", fid)
            continue
        if not isinstance(t, dict):
            r.expected(w, "a table: location = [strengths of its counters]", t)
            continue
        for loc in t:
            for s in _ints(r, t, loc, w, 1, 3):
                sc.setup.append((fid, loc, s))
    sc.victory = read_conditions(r, data, PLAYERS)
    sc.vp_track = vptrack.read_spec(r, data, PLAYERS)  # a seasonal VP track (shared/seeds/003), when switched on
    r.raise_if_any()
    return sc


def scenario_problems(board, sc: Scenario) -> list[str]:
    """What the scenario names that the map does not have, and values it states twice that differ."""
    m = board.map
    out = []
    if getattr(board, "kind", "") != "area":
        return [f"map: {sc.map!r} is a {getattr(board, 'kind', '?')} map; Struggle for Europe is played on an area map"]
    for fid, f in sc.factions.items():
        if f.colour not in m.colours:
            out.append(f"factions.{fid}.colour: {f.colour!r} is not a colour class of the map ({', '.join(m.colours)})")
    for fid, loc, _ in sc.setup:
        if loc not in m.locations and f"box:{loc}" not in {f"box:{b}" for b in m.boxes}:
            out.append(f"setup.{fid}.{loc}: no location {loc!r} on the map")
    for c in sc.victory:
        for space, v in c.values.items():
            lo = m.locations.get(space)
            if lo is None:
                out.append(f"victory.{c.id}.values.{space}: no location {space!r} on the map")
            elif lo.vp != v:
                out.append(f"victory.{c.id}.values.{space}: {v} points, but the map's circle says {lo.vp}")
        if c.type == "vp":
            missing = sorted(lid for lid, lo in m.locations.items() if lo.vp and lid not in c.values)
            if missing:
                out.append(f"victory.{c.id}.values: the map's victory locations {', '.join(missing)} are missing")
    for c in sc.victory:
        for t in c.tracks:
            if t != "strategic_bombing":
                out.append(f'victory.{c.id}.tracks: {t!r}: the game\'s only track is "strategic_bombing"')
    return out


# -------------------------------------------------------------------------------- states
def read_state(data: dict, source: str, shown: str) -> GameState:
    r = Reader(shown, source)
    r.check_keys(data, STATE_KEYS, "", required=("scenario", "map"))
    st = GameState(
        r.str_(data, "scenario", ""),
        r.str_(data, "map", ""),
        r.int_(data, "turn", "", 1, 1, 999),
        r.str_(data, "player", "", "axis", choices=PLAYERS),
        r.int_(data, "operations", "", 0, 0, 2),
        r.int_(data, "bombing", "", 0, -20, 20),
    )
    st.over = r.bool_(data, "over", "")
    res = r.table(data, "result", "")
    r.check_keys(res, ("winner", "condition", "rule"), "result")
    st.result = {k: r.str_(res, k, "result") for k in res}
    built = r.table(data, "built", "")
    st.built = {k: r.int_(built, k, "built", 0, 0, 9999) for k in built}
    cards = r.table(data, "cards", "")
    r.check_keys(cards, PLAYERS, "cards")
    for p in PLAYERS:
        t = r.table(cards, p, "cards")
        w = f"cards.{p}"
        r.check_keys(t, CARD_KEYS, w)
        st.cards[p] = Cards(
            r.int_(t, "deck", w, 1, 1, 3),
            r.int_(t, "reshuffles", w, 0, 0, 999),
            r.int_(t, "hand", w, 0, 0, MAX_CARDS),
            r.int_(t, "pile", w, 0, 0, MAX_CARDS) if "pile" in t else None,
            r.int_(t, "recycle", w, 0, 0, MAX_CARDS),
            r.int_(t, "removed", w, 0, 0, MAX_CARDS),
        )
    flags = r.table(data, "flags", "")
    st.flags = {k: r.str_(flags, k, "flags") for k in flags}
    for cid, t in r.table(data, "counters", "").items():
        w = f"counters.{cid}"
        if not isinstance(t, dict):
            r.expected(w, 'a table such as { faction = "axis", strength = 2, at = "ruhr" }', t)
            continue
        r.check_keys(t, COUNTER_KEYS, w, required=("faction", "strength", "at"))
        st.counters.append(
            Counter(
                cid,
                r.str_(t, "faction", w),
                r.int_(t, "strength", w, 1, 1, 3),
                r.str_(t, "at", w),
                r.bool_(t, "fortress", w),
            )
        )
    for loc, t in r.table(data, "battles", "").items():
        w = f"battles.{loc}"
        if not isinstance(t, dict):
            r.expected(w, "a table", t)
            continue
        r.check_keys(t, BATTLE_KEYS, w, required=("at", "attacker", "attackers", "defenders"))
        st.battles.append(
            Battle(
                r.str_(t, "at", w),
                r.str_(t, "attacker", w, "axis", choices=PLAYERS),
                _strs(r, t, "attackers", w),
                _strs(r, t, "defenders", w),
                r.str_(t, "line", w),
                r.str_(t, "origin", w),
                r.int_(t, "defence", w, 0, 0, 99),
                r.str_(t, "kind", w, "move", choices=("move", "attack")),
            )
        )
    if "vp_track" in data:
        st.vp_track = vptrack.read_state(r, r.table(data, "vp_track", ""), "vp_track")
    r.raise_if_any()
    return st


def state_data(st: GameState) -> dict:
    d: dict = {
        "scenario": st.scenario,
        "map": st.map,
        "turn": st.turn,
        "player": st.player,
        "operations": st.operations,
        "bombing": st.bombing,
    }
    if st.over:
        d["over"] = True
    if st.result:
        d["result"] = dict(st.result)
    d["built"] = dict(st.built)
    cards = {}
    for p in PLAYERS:
        c = st.cards.get(p, Cards())
        rec: dict = {"deck": c.deck}
        if c.reshuffles:
            rec["reshuffles"] = c.reshuffles
        rec["hand"] = c.hand
        if c.pile is not None:
            rec["pile"] = c.pile
        rec["recycle"] = c.recycle
        rec["removed"] = c.removed
        cards[p] = rec
    d["cards"] = cards
    d["flags"] = dict(st.flags)
    counters = {}
    for k in st.counters:
        rec = {"faction": k.faction, "strength": k.strength, "at": k.at}
        if k.fortress:
            rec["fortress"] = True
        counters[k.id] = rec
    d["counters"] = counters
    battles = {}
    for b in st.battles:
        rec = {"at": b.at, "attacker": b.attacker, "attackers": list(b.attackers), "defenders": list(b.defenders)}
        if b.line:
            rec["line"] = b.line
        if b.origin:
            rec["origin"] = b.origin
        if b.defence:
            rec["defence"] = b.defence
        rec["kind"] = b.kind
        battles[b.location] = rec
    d["battles"] = battles
    if st.vp_track is not None:
        d["vp_track"] = vptrack.state_data(st.vp_track)
    return d


def dumps_state(st: GameState) -> str:
    d = state_data(st)
    out = [tw.assign(k, d[k]) for k in ("scenario", "map", "turn", "player", "operations", "bombing")]
    if "over" in d:
        out.append("over = true")
    if "result" in d:
        out.append(tw.assign("result", d["result"]))
    out.append(tw.assign("built", d["built"]))
    out += ["", "[cards]"] + [f"{p} = {tw.inline(c)}" for p, c in d["cards"].items()]
    out += ["", "[flags]"] + [tw.assign(k, v) for k, v in d["flags"].items()]
    out += ["", "[counters]"] + [f"{tw.key(k)} = {tw.inline(v)}" for k, v in d["counters"].items()]
    for loc, b in d["battles"].items():
        out += ["", f"[battles.{tw.key(loc)}]"] + [tw.assign(k, v) for k, v in b.items()]
    if "vp_track" in d:
        out += vptrack.toml_lines(d["vp_track"])
    return "\n".join(out) + "\n"


def state_problems(board, sc: Scenario, st: GameState) -> list[str]:
    out = scenario_problems(board, sc)
    m = board.map
    for c in st.counters:
        if c.faction not in sc.factions:
            out.append(
                f"counters.{c.id}.faction: {c.faction!r} is not a faction of the scenario ({', '.join(sc.factions)})"
            )
        if board.space(c.at) is None and c.at not in m.locations:
            out.append(f"counters.{c.id}.at: no location, half or box {c.at!r} on the map")
        elif c.fortress and "." not in c.at:
            out.append(f"counters.{c.id}.at: a fortress stands in a half of its location (section 7.2), not {c.at!r}")
    for loc, f in st.flags.items():
        if loc not in m.locations:
            out.append(f"flags.{loc}: no location {loc!r} on the map")
        if f not in sc.factions:
            out.append(f"flags.{loc}: {f!r} is not a faction of the scenario")
    for b in st.battles:
        if board.space(b.at) is None:
            out.append(f"battles.{b.location}.at: no half {b.at!r} on the map")
        for cid in b.attackers + b.defenders:
            if st.counter(cid) is None:
                out.append(f"battles.{b.location}: no counter {cid!r} in the game")
    return out


__all__ = ["dumps_state", "read_scenario", "read_state", "scenario_problems", "state_data", "state_problems"]
