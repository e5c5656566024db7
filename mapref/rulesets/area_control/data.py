"""Scenario and state of the area-control ruleset (docs/format.md, "Area control"), read from
TOML with line-precise problems and written back canonically.

The house rules are ``shared/seeds/004_a5840a12b2c8efaf.txt``; its headings are cited as they
are written (NEUTRAL BLOCKS, OCCUPATION OF CAPITAL CITIES...).  What a nation's capital does when
it falls is data (``capital_rule``) read by :mod:`.rules`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from mapref.io import tomlwrite as tw
from mapref.io.problems import Reader
from mapref.rulesets.area_control.names import ACTIVITIES, FACILITIES

TYPE_CHECKING = False  # (typing is not imported at run time, as in mapref.rules.ruleset)
if TYPE_CHECKING:  # the VP track is imported when a scenario has one
    from mapref.rules.vptrack import TrackSpec, TrackState

SIDES = ("axis", "allies")
NEUTRAL_KINDS = ("strict", "pro_axis", "pro_allied")
CAPITAL_RULES = ("plain", "relocate", "twin", "exile_to", "puppet", "none")
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
    "first_round",
    "last_round",
    "phases",
    "order",
    "pacific",
    "rental",
    "nations",
    "neutrals",
    "blocks",
    "facilities",
    "units",
    "ships",
    "victory",
    "vp_track",
    "strategic",
    "cities",
)
NATION_KEYS = (
    "name",
    "side",
    "cash",
    "capitals",
    "capital_rule",
    "rule",
    "at_war",
    "absorbed_by",
    "guards",
    "puppet_region",
    "exile_to",
    "not_at_war",
    "note",
    "colour",
)
STATE_KEYS = (
    "format",
    "kind",
    "scenario",
    "map",
    "round",
    "nation",
    "phase",
    "winner",
    "owners",
    "nations",
    "neutrals",
    "units",
    "facilities",
    "ships",
    "rented",
    "limbo",
    "pending",
    "vp_track",
)


@dataclass
class NationSpec:
    id: str
    name: str
    side: str
    cash: int = 0
    capitals: tuple[str, ...] = ()
    capital_rule: str = "plain"
    rule: str = ""
    at_war: tuple[str, ...] = ()
    absorbed_by: str = ""  # exile_to: the nation that takes over its territories (UK Europe -> Canada)
    guards: str = ""  # Canada guards UK Europe, ANZAC UK Pacific (their capital rules)
    puppet_region: str = ""  # Italy: Northern Italy
    exile_to: dict[str, str] = field(
        default_factory=dict
    )  # twin: map -> nation its units go to (UNITED STATES (EXILE))
    not_at_war: dict = field(default_factory=dict)  # {"enemies": [...], "may_not": [...], "rule": "..."}
    note: str = ""
    colour: str = ""  # its counters' and markers' colour ("": the ruleset's own for the nation)


@dataclass(frozen=True)
class Block:
    id: str
    name: str
    allied_attack: str  # the nation the block joins when an Allied power attacks
    axis_attack: str
    rule: str = ""


@dataclass
class Scenario:
    id: str
    name: str
    map: str
    ruleset: str = "area_control"
    sides: tuple[str, ...] = SIDES
    rule: str = ""
    notes: str = ""
    first_round: int = 1
    last_round: int = 12
    phases: tuple[str, ...] = ()
    order: tuple[str, ...] = ()
    pacific: frozenset[str] = frozenset()
    rental: dict[str, int] = field(default_factory=dict)
    nations: dict[str, NationSpec] = field(default_factory=dict)
    neutrals: dict[str, dict] = field(default_factory=dict)  # space -> {kind, block, army}
    blocks: dict[str, Block] = field(default_factory=dict)
    facilities: dict[str, dict[str, str]] = field(default_factory=dict)
    units: dict[str, dict[str, int]] = field(default_factory=dict)
    ships: dict[str, dict[str, int]] = field(default_factory=dict)  # sea zone -> nation -> ships
    victory: list = field(default_factory=list)
    path: str = ""
    vp_track: TrackSpec | None = None  # a seasonal VP track, when the scenario has one
    cities: dict[str, str] = field(default_factory=dict)  # a city the rules name -> its space ("" = not placed)

    def side_of(self, nation: str | None) -> str:
        n = self.nations.get(nation or "")
        return n.side if n is not None else ""

    def map_of(self, space: str) -> str:
        return "pacific" if space in self.pacific else "europe"


def _strs(r: Reader, d: dict, key: str, where: str) -> tuple[str, ...]:
    v = d.get(key, [])
    if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
        r.expected(f"{where}.{key}" if where else key, "an array of strings", v)
        return ()
    return tuple(v)


def _counts(r: Reader, d: dict, where: str) -> dict[str, int]:
    return {k: r.int_(d, k, where, 0, 0, 999) for k in d}


def _tables(r: Reader, data: dict, key: str, what: str) -> list[tuple[str, str, dict]]:
    """(name, where, table) of each entry of ``data[key]`` that is a table; the others are problems."""
    out = []
    for name, t in r.table(data, key, "").items():
        w = f"{key}.{name}"
        if not isinstance(t, dict):
            r.expected(w, what, t)
            continue
        out.append((name, w, t))
    return out


def read_scenario(data: dict, source: str, shown: str) -> Scenario:
    from mapref.rules.victory import read_conditions

    r = Reader(shown, source)
    r.check_keys(data, SCENARIO_KEYS, "", required=("id", "name", "map", "nations", "phases", "order"))
    sc = Scenario(
        r.str_(data, "id", ""),
        r.str_(data, "name", ""),
        r.str_(data, "map", ""),
        rule=r.str_(data, "rule", ""),
        notes=r.str_(data, "notes", ""),
        first_round=r.int_(data, "first_round", "", 1, 1, 99),
        last_round=r.int_(data, "last_round", "", 12, 1, 99),
        phases=_strs(r, data, "phases", ""),
        order=_strs(r, data, "order", ""),
        pacific=frozenset(_strs(r, data, "pacific", "")),
    )
    if data.get("sides", list(SIDES)) != list(SIDES):
        r.expected("sides", '["axis", "allies"]', data.get("sides"))
    rent = r.table(data, "rental", "")
    r.check_keys(rent, ("strict", "pro", "friendly", "own", "ships"), "rental")
    sc.rental = {k: r.int_(rent, k, "rental", 0, 0, 99) for k in rent}
    for nid, t in r.table(data, "nations", "").items():
        if not isinstance(t, dict):
            r.expected(f"nations.{nid}", "a table of one nation", t)
            continue
        sc.nations[nid] = _read_nation(r, nid, t)
    _check_nation_refs(r, sc)
    _read_places(r, data, sc)
    cities = r.table(data, "cities", "")
    sc.cities = {k: r.str_(cities, k, "cities") for k in cities}
    sc.victory = read_conditions(r, data, SIDES + tuple(sc.nations))
    from mapref.rules import vptrack

    sc.vp_track = vptrack.read_spec(r, data, SIDES)  # a seasonal VP track (shared/seeds/003), when switched on
    r.raise_if_any()
    return sc


def _read_nation(r: Reader, nid: str, t: dict) -> NationSpec:
    w = f"nations.{nid}"
    r.check_keys(t, NATION_KEYS, w, required=("name", "side"))
    n = NationSpec(
        nid,
        r.str_(t, "name", w),
        r.str_(t, "side", w, "allies", choices=SIDES),
        r.int_(t, "cash", w, 0, 0, 9999),
        _strs(r, t, "capitals", w),
        r.str_(t, "capital_rule", w, "plain", choices=CAPITAL_RULES),
        r.str_(t, "rule", w),
        _strs(r, t, "at_war", w),
        r.str_(t, "absorbed_by", w),
        r.str_(t, "guards", w),
        r.str_(t, "puppet_region", w),
        note=r.str_(t, "note", w),
        colour=r.str_(t, "colour", w),
    )
    if n.colour and not re.fullmatch(r"#[0-9a-fA-F]{6}", n.colour):
        r.expected(f"{w}.colour", 'a colour such as "#5a5a5a"', n.colour)
        n.colour = ""
    ex = r.table(t, "exile_to", w)
    n.exile_to = {k: r.str_(ex, k, f"{w}.exile_to") for k in ex}
    naw = r.table(t, "not_at_war", w)
    if naw:
        r.check_keys(
            naw, ("enemies", "may_not", "rule", "note"), f"{w}.not_at_war", required=("enemies", "may_not", "rule")
        )
        bad = [x for x in _strs(r, naw, "may_not", f"{w}.not_at_war") if x not in ACTIVITIES]
        if bad:
            r.expected(f"{w}.not_at_war.may_not", "activities among " + ", ".join(ACTIVITIES), bad[0])
        n.not_at_war = {
            "enemies": list(_strs(r, naw, "enemies", f"{w}.not_at_war")),
            "may_not": list(_strs(r, naw, "may_not", f"{w}.not_at_war")),
            "rule": r.str_(naw, "rule", f"{w}.not_at_war"),
            "note": r.str_(naw, "note", f"{w}.not_at_war"),
        }
    return n


def _check_nation_refs(r: Reader, sc: Scenario) -> None:
    """Every nation a nation's table or the turn order names is a nation of the scenario."""
    for nid, n in sc.nations.items():
        for k in ("absorbed_by", "guards"):
            if getattr(n, k) and getattr(n, k) not in sc.nations:
                r.expected(f"nations.{nid}.{k}", "a nation of the scenario", getattr(n, k))
        for x in n.at_war + tuple(n.not_at_war.get("enemies", ())) + tuple(n.exile_to.values()):
            if x not in sc.nations:
                r.expected(f"nations.{nid}", "nations of the scenario", x)
    for x in sc.order:
        if x not in sc.nations:
            r.expected("order", "nations of the scenario", x)


def _read_places(r: Reader, data: dict, sc: Scenario) -> None:
    """The blocks, the neutral territories, the facilities, units and ships at the start."""
    for bid, w, t in _tables(
        r, data, "blocks", 'a table such as { name = "#3 Mongolia", allied_attack = "japan", axis_attack = "soviet" }'
    ):
        r.check_keys(
            t, ("name", "allied_attack", "axis_attack", "rule"), w, required=("name", "allied_attack", "axis_attack")
        )
        sc.blocks[bid] = Block(
            bid,
            r.str_(t, "name", w),
            r.str_(t, "allied_attack", w, "", choices=tuple(sc.nations)),
            r.str_(t, "axis_attack", w, "", choices=tuple(sc.nations)),
            r.str_(t, "rule", w),
        )
    for space, w, t in _tables(r, data, "neutrals", 'a table such as { kind = "strict", block = "europe", army = 3 }'):
        r.check_keys(t, ("kind", "block", "army"), w, required=("kind",))
        sc.neutrals[space] = {
            "kind": r.str_(t, "kind", w, "strict", choices=NEUTRAL_KINDS),
            "block": r.str_(t, "block", w, "", choices=("",) + tuple(sc.blocks)),
            "army": r.int_(t, "army", w, 0, 0, 99),
        }
    for space in r.table(data, "facilities", ""):
        fac = _strs(r, data["facilities"], space, "facilities")
        bad = [f for f in fac if f not in FACILITIES]
        if bad:
            r.expected(f"facilities.{space}", "facilities among " + ", ".join(FACILITIES), bad[0])
        sc.facilities[space] = {f: "ok" for f in fac if f in FACILITIES}
    for key, dest in (("units", sc.units), ("ships", sc.ships)):
        for space, w, t in _tables(r, data, key, "a table of nation = count"):
            for nat in t:
                if nat not in sc.nations:
                    r.expected(w, "nations of the scenario", nat)
            dest[space] = _counts(r, t, w)


# ------------------------------------------------------------------------------ state
@dataclass
class NationState:
    cash: int = 0
    at_war: list[str] = field(default_factory=list)
    capital: str = ""  # a capital declared after the first fell (the Soviet Union)
    absorbed_by: str = ""  # its economy taken over (UK Europe by Canada)
    isr: bool = False  # Italy: the Italian Social Republic is established
    collected: list[str] = field(default_factory=list)  # what it collected this turn (income, national objectives...)


@dataclass
class State:
    scenario: str
    map: str
    round: int = 1
    nation: str = ""
    phase: str = ""
    winner: str = ""
    owners: dict[str, str] = field(default_factory=dict)  # space -> nation, where it differs from the map
    nations: dict[str, NationState] = field(default_factory=dict)
    neutrals: dict[str, dict] = field(default_factory=dict)  # still neutral: space -> {kind, block, army}
    units: dict[str, dict[str, int]] = field(default_factory=dict)
    facilities: dict[str, dict[str, str]] = field(default_factory=dict)
    ships: dict[str, dict[str, int]] = field(default_factory=dict)
    rented: dict[str, dict] = field(default_factory=dict)  # space -> {by, ships, paid}
    limbo: list[str] = field(default_factory=list)  # Italian territories whose value is in limbo
    pending: list[dict] = field(default_factory=list)  # rolls and choices the rules wait for
    vp_track: TrackState | None = None  # a VP track's markers, when the scenario has one

    @property
    def over(self) -> bool:
        return self.phase == "over"


def read_state(data: dict, source: str, shown: str) -> State:
    r = Reader(shown, source)
    r.check_keys(data, STATE_KEYS, "", required=("scenario", "map", "round", "nation", "phase"))
    st = State(
        r.str_(data, "scenario", ""),
        r.str_(data, "map", ""),
        r.int_(data, "round", "", 1, 1, 999),
        r.str_(data, "nation", ""),
        r.str_(data, "phase", ""),
        r.str_(data, "winner", "", "", choices=("",) + SIDES),
    )
    ow = r.table(data, "owners", "")
    st.owners = {k: r.str_(ow, k, "owners") for k in ow}
    for nid, w, t in _tables(r, data, "nations", "a table such as { cash = 30 }"):
        r.check_keys(t, ("cash", "at_war", "capital", "absorbed_by", "isr", "collected"), w)
        st.nations[nid] = NationState(
            r.int_(t, "cash", w, 0, 0, 99999),
            list(_strs(r, t, "at_war", w)),
            r.str_(t, "capital", w),
            r.str_(t, "absorbed_by", w),
            r.bool_(t, "isr", w),
            list(_strs(r, t, "collected", w)),
        )
    for space, w, t in _tables(r, data, "neutrals", 'a table such as { kind = "strict", block = "europe", army = 1 }'):
        r.check_keys(t, ("kind", "block", "army"), w)
        st.neutrals[space] = {
            "kind": r.str_(t, "kind", w, "strict", choices=NEUTRAL_KINDS),
            "block": r.str_(t, "block", w),
            "army": r.int_(t, "army", w, 0, 0, 99),
        }
    for key in ("units", "ships"):
        for space, w, t in _tables(r, data, key, "a table of nation = count"):
            getattr(st, key)[space] = _counts(r, t, w)
    for space, w, t in _tables(r, data, "facilities", 'a table such as { minor_factory = "ok" }'):
        st.facilities[space] = {k: r.str_(t, k, w, "ok", choices=("ok", "max_damage")) for k in t}
    for space, w, t in _tables(r, data, "rented", 'a table such as { by = "germany", ships = 3, paid = 6 }'):
        r.check_keys(t, ("by", "ships", "paid"), w)
        st.rented[space] = {
            "by": r.str_(t, "by", w),
            "ships": r.int_(t, "ships", w, 0, 0, 999),
            "paid": r.int_(t, "paid", w, 0, 0, 999),
        }
    st.limbo = list(_strs(r, data, "limbo", ""))
    pend = data.get("pending", [])
    if not isinstance(pend, list) or not all(isinstance(x, dict) for x in pend):
        r.expected("pending", "an array of tables", pend)
        pend = []
    st.pending = [dict(x) for x in pend]
    if "vp_track" in data:
        from mapref.rules import vptrack

        st.vp_track = vptrack.read_state(r, r.table(data, "vp_track", ""), "vp_track")
    r.raise_if_any()
    return st


def state_data(st: State) -> dict:
    d: dict = {"scenario": st.scenario, "map": st.map, "round": st.round, "nation": st.nation, "phase": st.phase}
    if st.winner:
        d["winner"] = st.winner
    if st.limbo:
        d["limbo"] = sorted(st.limbo)
    if st.pending:
        d["pending"] = [dict(x) for x in st.pending]
    d["owners"] = {k: st.owners[k] for k in sorted(st.owners)}
    nations = {}
    for nid, n in st.nations.items():
        rec: dict = {"cash": n.cash}
        if n.at_war:
            rec["at_war"] = sorted(n.at_war)
        for k in ("capital", "absorbed_by"):
            if getattr(n, k):
                rec[k] = getattr(n, k)
        if n.isr:
            rec["isr"] = True
        if n.collected:
            rec["collected"] = list(n.collected)
        nations[nid] = rec
    d["nations"] = nations
    d["neutrals"] = {k: dict(st.neutrals[k]) for k in sorted(st.neutrals)}
    for key in ("units", "ships", "facilities"):
        tab = getattr(st, key)
        d[key] = {k: {n: v for n, v in sorted(tab[k].items())} for k in sorted(tab) if tab[k]}
    d["rented"] = {k: dict(st.rented[k]) for k in sorted(st.rented)}
    if st.vp_track is not None:
        from mapref.rules import vptrack

        d["vp_track"] = vptrack.state_data(st.vp_track)
    return d


def dumps_state(st: State) -> str:
    d = state_data(st)
    out = [tw.assign(k, d[k]) for k in ("scenario", "map", "round", "nation", "phase", "winner", "limbo") if k in d]
    if "pending" in d:
        out.append("pending = [")
        out += [f"  {tw.inline(p)}," for p in d["pending"]]
        out.append("]")
    for key in ("owners",):
        out += ["", f"[{key}]"] + [f"{tw.key(k)} = {tw.value(v)}" for k, v in d[key].items()]
    out += ["", "[nations]"] + [f"{tw.key(k)} = {tw.inline(v)}" for k, v in d["nations"].items()]
    for key in ("neutrals", "units", "ships", "facilities", "rented"):
        out += ["", f"[{key}]"] + [f"{tw.key(k)} = {tw.inline(v)}" for k, v in d[key].items()]
    if "vp_track" in d:
        from mapref.rules import vptrack

        out += vptrack.toml_lines(d["vp_track"])
    return "\n".join(out) + "\n"


__all__ = [
    "ACTIVITIES",
    "Block",
    "FACILITIES",
    "NationSpec",
    "NationState",
    "SIDES",
    "Scenario",
    "State",
    "dumps_state",
    "read_scenario",
    "read_state",
    "state_data",
]
