"""Strategic hexes and the VP track: a seasonal victory-point check any scenario can switch on.

The rules are section 0 of a longer rulebook, ``shared/seeds/003_c3752f28fe54a412.txt``
("0. Seasonal Victory Phase"); citations below are its paragraph numbers (0.1.1, 0.1.2, 0.2,
0.3, 0.4) and the choices among readings are rulings V1-V15 in docs/rulings.md.

A scenario switches it on with two tables (docs/format.md, "The VP track")::

    [vp_track]
    rule = "0 Seasonal Victory Phase"
    factions = { axis = "axis", soviet = "soviet", western = "allies" }   # faction -> side
    seasons = ["spring", "summer", "winter"]   # the Seasonal Turns (V3)
    berlin = "P10"                             # 0.3: an Allied ground unit in Berlin?
    policy_markers = ["appeasement"]           # Posture Box markers making a country Policy Affected (V5)
    boxes = [ { id = "allied_1", side = "allies", vp = 1, from = -4, to = 0 }, ... ]   # left to right
    [vp_track.start]                           # the markers and counts at the start (as in a game)
    box = "allied_1"
    face = "allied_crusade"

    [strategic]
    P10 = { faction = "axis", name = "Berlin" }

A game keeps its :class:`TrackState` as a ``[vp_track]`` table (the same keys as ``start``).
The ruleset answers what only it knows (:class:`TrackFacts`: who controls a space, its
country, whose ground units are in it); everything else is here, as pure functions:
:func:`strategic_value` (0.1.1), :func:`placement` (0.1.2), :func:`automatic_victory` (0.2),
:func:`final_score` (0.3), :func:`combined_score` (0.4), :func:`perform_check` (what a Victory
Point Check does to the state) and :func:`panel_lines` (the referee's "Victory Point Check" panel).
"""

from __future__ import annotations
from itertools import pairwise

import copy
from dataclasses import dataclass, field
from typing import Protocol

from mapref.rules.change import Change
from mapref.io.problems import Reader
from mapref.rules.vptrack_names import FACES, INFLUENCES, KINDS, WARS

FACTIONS = ("axis", "soviet", "western")
FACE_NAMES = {"axis_tide": "Axis Tide", "allied_crusade": "Allied Crusade"}
TRACK_SIDES = ("axis", "allies", "")  # a box's side: the face it shows; "" = the 0 box (face unchanged)
POSTURES = ("war", "neutral", "appeasement", "policy")
SPEC_KEYS = ("rule", "factions", "seasons", "berlin", "policy_markers", "boxes", "start", "allied_cap")
BOX_KEYS = ("id", "label", "side", "vp", "from", "to", "automatic")
STATE_KEYS = (
    "box",
    "face",
    "value",
    "checked",
    "war",
    "no_retreat",
    "ss_europa",
    "allied_collapse",
    "military_takeover",
    "minors",
    "stronghold",
    "support",
    "galvanic",
    "bonus",
    "countries",
    "result",
)
COUNTRY_KEYS = ("kind", "markers", "influence", "policy_affected")


# ----------------------------------------------------------------------------- the data
@dataclass(frozen=True)
class Box:
    """A box of the VP Track: its VP value, the face it shows, the values that fall in it."""

    id: str
    label: str
    side: str  # "axis" (Axis Tide), "allies" (Allied Crusade), "" (the 0 box: face unchanged)
    vp: int
    low: int | None  # the lowest Current Strategic Value placed here (None: no limit)
    high: int | None
    automatic: bool = False  # an Automatic Victory box (0.2 European Domination)

    def holds(self, value: int) -> bool:
        return (self.low is None or value >= self.low) and (self.high is None or value <= self.high)


@dataclass(frozen=True)
class Strategic:
    space: str
    faction: str  # whose Strategic Hex it is: axis, soviet or western
    name: str = ""


@dataclass
class CountryRecord:
    """What the referee keeps of a country for the check (0.1.1 exception, 0.3 additions)."""

    kind: str = ""  # western_minor, soviet_minor, neutral, civil_war, major ("" = not recorded)
    markers: list[str] = field(default_factory=list)  # in its Posture Box (Appeasement...)
    influence: str = ""  # a Neutral Country's Influence marker: pro_axis, pro_soviet, pro_west
    policy_affected: bool = False  # 13.6.1, recorded by the referee (V5)


@dataclass
class TrackState:
    """The markers and counts of the VP Track in a game (the ``[vp_track]`` table of a save)."""

    box: str = ""
    face: str = "allied_crusade"
    value: int | None = None  # the Current Strategic Value of the last check
    checked: str = ""  # the turn of the last Victory Point Check
    war: str = "limited"
    no_retreat: str = ""  # the box holding the Axis No Retreat marker ("" = not on the track)
    ss_europa: str = ""  # the box holding the SS Europa marker (scores nothing: 0.3)
    allied_collapse: int = 0  # markers in the Strategic Warfare Box
    military_takeover: int = 0
    minors: dict[str, str] = field(default_factory=dict)  # "western"/"soviet" -> the Minors Posture
    stronghold: str = ""  # the hex of the Republican Stronghold marker
    support: str = "soviet"  # the Republican Support marker's face: soviet or western
    galvanic: bool = False  # the Western faction played card 37 Operation Galvanic (0.3)
    bonus: dict[str, int] = field(default_factory=dict)  # side ("axis"/"allies") -> Bonus VPs (14.38, 0.4)
    countries: dict[str, CountryRecord] = field(default_factory=dict)
    result: dict = field(default_factory=dict)  # an automatic victory or the final score, once decided


@dataclass
class TrackSpec:
    rule: str
    factions: dict[str, str]  # faction -> the scenario's side
    boxes: tuple[Box, ...]  # left (Allied end) to right (Axis end)
    strategic: dict[str, Strategic]
    seasons: tuple[str, ...] = ()
    berlin: str = ""
    policy_markers: tuple[str, ...] = ()
    allied_cap: int = 4  # 0.4 clarification: "the Allied factions cannot earn more than 4 VPs on a map"
    start: TrackState = field(default_factory=TrackState)

    def box(self, box_id: str) -> Box | None:
        return next((b for b in self.boxes if b.id == box_id), None)

    def index(self, box_id: str) -> int:
        return next((i for i, b in enumerate(self.boxes) if b.id == box_id), -1)

    @property
    def axis_side(self) -> str:
        return self.factions.get("axis", "axis")

    @property
    def allied_sides(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(self.factions[f] for f in ("soviet", "western") if f in self.factions))

    @property
    def allied_winner(self) -> str:
        """Who wins when the Allied factions win, in the scenario's sides (rulings V16): the
        Allied side, or the Allied sides together ("soviet and allies") when the factions are
        two sides ("The two Allied players ... must equally share the credit", 0.3)."""
        return " and ".join(self.allied_sides)

    def group(self, side: str | None) -> str:
        """``"axis"``, ``"allies"`` or ``""``: the side of the VP track a scenario side is on."""
        if side is None:
            return ""
        if side == self.axis_side:
            return "axis"
        return "allies" if side in self.allied_sides else ""

    def box_for(self, value: int) -> Box | None:
        return next((b for b in self.boxes if b.holds(value)), None)


class TrackFacts(Protocol):
    """What the mechanism asks the ruleset about the board."""

    def holder(self, space: str) -> str | None: ...  # the scenario side that controls the space

    def country(self, space: str) -> str | None: ...

    def units(self, space: str) -> set[str]: ...  # the sides with ground units in the space

    def name(self, space: str) -> str: ...


# ----------------------------------------------------------------------------- reading
def _strs(r: Reader, d: dict, key: str, where: str) -> list[str]:
    v = d.get(key, [])
    if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
        r.expected(f"{where}.{key}", "an array of strings", v)
        return []
    return list(v)


def read_state(r: Reader, t: dict, where: str, spec: TrackSpec | None = None) -> TrackState:
    """A :class:`TrackState` from its table (a save's ``[vp_track]``, a scenario's ``start``)."""
    r.check_keys(t, STATE_KEYS, where)
    boxes = tuple(b.id for b in spec.boxes) if spec is not None else None
    st = TrackState(
        box=r.str_(t, "box", where, "", choices=boxes) if boxes else r.str_(t, "box", where),
        face=r.str_(t, "face", where, "allied_crusade", choices=FACES),
        value=r.int_(t, "value", where, 0, -999, 999) if "value" in t else None,
        checked=r.str_(t, "checked", where),
        war=r.str_(t, "war", where, "limited", choices=WARS),
        no_retreat=r.str_(t, "no_retreat", where, "", choices=("",) + boxes)
        if boxes
        else r.str_(t, "no_retreat", where),
        ss_europa=r.str_(t, "ss_europa", where, "", choices=("",) + boxes) if boxes else r.str_(t, "ss_europa", where),
        allied_collapse=r.int_(t, "allied_collapse", where, 0, 0, 99),
        military_takeover=r.int_(t, "military_takeover", where, 0, 0, 99),
        stronghold=r.str_(t, "stronghold", where),
        support=r.str_(t, "support", where, "soviet", choices=("soviet", "western")),
        galvanic=r.bool_(t, "galvanic", where),
    )
    minors = r.table(t, "minors", where)
    for k in minors:
        if k not in ("western", "soviet"):
            r.expected(f"{where}.minors", 'the keys "western" and "soviet"', k)
            continue
        st.minors[k] = r.str_(minors, k, f"{where}.minors", "war", choices=POSTURES)
    bonus = r.table(t, "bonus", where)
    for k in bonus:
        if k not in ("axis", "allies"):
            r.expected(f"{where}.bonus", 'the keys "axis" and "allies"', k)
            continue
        st.bonus[k] = r.int_(bonus, k, f"{where}.bonus", 0, 0, 99)
    for code, c in r.table(t, "countries", where).items():
        w = f"{where}.countries.{code}"
        if not isinstance(c, dict):
            r.expected(w, 'a table such as { kind = "neutral", influence = "pro_west" }', c)
            continue
        r.check_keys(c, COUNTRY_KEYS, w)
        st.countries[code] = CountryRecord(
            r.str_(c, "kind", w, "", choices=KINDS),
            _strs(r, c, "markers", w),
            r.str_(c, "influence", w, "", choices=INFLUENCES),
            r.bool_(c, "policy_affected", w),
        )
    res = r.table(t, "result", where)
    st.result = dict(res)
    return st


def state_data(st: TrackState) -> dict:
    """The state as the table :func:`read_state` reads (defaults left out, canonical order)."""
    d: dict = {"box": st.box, "face": st.face}
    if st.value is not None:
        d["value"] = st.value
    if st.checked:
        d["checked"] = st.checked
    d["war"] = st.war
    for k in ("no_retreat", "ss_europa", "allied_collapse", "military_takeover", "stronghold"):
        if getattr(st, k):
            d[k] = getattr(st, k)
    if st.stronghold or st.support != "soviet":
        d["support"] = st.support
    if st.galvanic:
        d["galvanic"] = True
    if st.minors:
        d["minors"] = {k: st.minors[k] for k in sorted(st.minors)}
    if any(st.bonus.values()):
        d["bonus"] = {k: v for k, v in sorted(st.bonus.items()) if v}
    if st.countries:
        cs = {}
        for code in sorted(st.countries):
            c = st.countries[code]
            rec: dict = {}
            if c.kind:
                rec["kind"] = c.kind
            if c.markers:
                rec["markers"] = list(c.markers)
            if c.influence:
                rec["influence"] = c.influence
            if c.policy_affected:
                rec["policy_affected"] = True
            cs[code] = rec
        d["countries"] = cs
    if st.result:
        d["result"] = dict(st.result)
    return d


def toml_lines(d: dict) -> list[str]:
    """A saved game's ``[vp_track]`` tables from :func:`state_data` (canonical lines)."""
    from mapref.io import tomlwrite as tw

    out = ["", "[vp_track]"] + [tw.assign(k, v) for k, v in d.items() if k != "countries"]
    if "countries" in d:
        out += ["", "[vp_track.countries]"] + [f"{tw.key(c)} = {tw.inline(rec)}" for c, rec in d["countries"].items()]
    return out


def read_spec(r: Reader, data: dict, sides: tuple[str, ...]) -> TrackSpec | None:
    """The scenario's ``[vp_track]`` and ``[strategic]`` tables (None when it has no VP track)."""
    if "vp_track" not in data:
        if "strategic" in data:
            r.error("strategic", "strategic hexes count only on a VP track: add a [vp_track] table")
        return None
    t = r.table(data, "vp_track", "")
    w = "vp_track"
    r.check_keys(t, SPEC_KEYS, w, required=("rule", "factions", "boxes"))
    factions: dict[str, str] = {}
    ft = r.table(t, "factions", w)
    for f in ft:
        if f not in FACTIONS:
            r.expected(f"{w}.factions", "the factions " + ", ".join(FACTIONS), f)
            continue
        factions[f] = r.str_(ft, f, f"{w}.factions", "", choices=tuple(sides))
    if "axis" not in factions or not ({"soviet", "western"} & set(factions)):
        r.error(f"{w}.factions", "name the Axis side and at least one Allied faction's side (soviet, western)")
    boxes: list[Box] = []
    raw = t.get("boxes", [])
    if not isinstance(raw, list) or not all(isinstance(b, dict) for b in raw):
        r.expected(
            f"{w}.boxes", 'an array of tables such as { id = "axis_1", side = "axis", vp = 1, from = 3, to = 5 }', raw
        )
        raw = []
    for b in raw:
        r.check_keys(b, BOX_KEYS, f"{w}.boxes", required=("id",))
        bid = r.str_(b, "id", f"{w}.boxes")
        side = r.str_(b, "side", f"{w}.boxes", "", choices=TRACK_SIDES)
        lo = r.int_(b, "from", f"{w}.boxes", 0, -999, 999) if "from" in b else None
        hi = r.int_(b, "to", f"{w}.boxes", 0, -999, 999) if "to" in b else None
        boxes.append(
            Box(
                bid,
                r.str_(b, "label", f"{w}.boxes", bid),
                side,
                r.int_(b, "vp", f"{w}.boxes", 0, 0, 99),
                lo,
                hi,
                r.bool_(b, "automatic", f"{w}.boxes"),
            )
        )
    _check_boxes(r, f"{w}.boxes", boxes)
    spec = TrackSpec(
        r.str_(t, "rule", w),
        factions,
        tuple(boxes),
        {},
        tuple(_strs(r, t, "seasons", w)),
        r.str_(t, "berlin", w),
        tuple(_strs(r, t, "policy_markers", w)),
        r.int_(t, "allied_cap", w, 4, 0, 99),
    )
    spec.start = read_state(r, r.table(t, "start", w), f"{w}.start", spec)
    if not spec.start.box and boxes:
        r.error(f"{w}.start", 'missing required key "box" (where the VP marker starts)')
    for space, s in r.table(data, "strategic", "").items():
        ws = f"strategic.{space}"
        if not isinstance(s, dict):
            r.expected(ws, 'a table such as { faction = "axis", name = "Berlin" }', s)
            continue
        r.check_keys(s, ("faction", "name"), ws, required=("faction",))
        spec.strategic[space] = Strategic(
            space, r.str_(s, "faction", ws, "axis", choices=FACTIONS), r.str_(s, "name", ws)
        )
    return spec


def _check_boxes(r: Reader, w: str, boxes: list[Box]) -> None:
    """The track must place every value in one box, ordered from the Allied end to the Axis end,
    and agree with the points 0.1.2 states (V2)."""
    if not boxes:
        return
    ids = [b.id for b in boxes]
    for b in boxes:
        if ids.count(b.id) > 1:
            r.error(w, f"two boxes are called {b.id!r}")
    if boxes[0].low is not None or boxes[-1].high is not None:
        r.error(w, 'the first box needs no "from" and the last no "to": every Current Strategic Value falls in a box')
    for a, b in pairwise(boxes):
        if a.high is None or b.low is None or b.low != a.high + 1:
            r.error(w, f'boxes {a.id!r} and {b.id!r} must meet: "to" of one, then "from" = that + 1 (left to right)')
            return

    def at(v: int) -> Box | None:
        return next((b for b in boxes if b.holds(v)), None)

    # 0.1.2: +1 and +2 -> the 0 box, face unchanged; clarification: 0 -> the 1 VP box, Allied
    # Crusade; example: +3 -> the 1 VP box, Axis Tide
    for v, side, vp, what in (
        (0, "allies", 1, "0 in the 1 VP box on its Allied Crusade side (0.1.2 clarification)"),
        (1, "", 0, "+1 in the 0 box (0.1.2)"),
        (2, "", 0, "+2 in the 0 box (0.1.2)"),
        (3, "axis", 1, "+3 in the 1 VP box on its Axis Tide side (0.1.2 example)"),
    ):
        box = at(v)
        if box is None or box.side != side or box.vp != vp or box.automatic:
            r.error(w, f"the track must place {what}")


def check_spaces(spec: TrackSpec, board) -> list[str]:
    """Strategic hexes and the Berlin hex the map does not have."""
    # an area map's location is named as such (``paris``), not by one of its halves (issue 33)
    out = [
        f"strategic.{s}: {s!r} is not a space or location of the map" for s in spec.strategic if not board.is_place(s)
    ]
    if spec.berlin and not board.is_place(spec.berlin):
        out.append(f"vp_track.berlin: {spec.berlin!r} is not a space or location of the map")
    if spec.start.stronghold and not board.is_place(spec.start.stronghold):
        out.append(f"vp_track.start.stronghold: {spec.start.stronghold!r} is not a space or location of the map")
    return out


def initial_state(spec: TrackSpec) -> TrackState:
    return copy.deepcopy(spec.start)


# --------------------------------------------------------------------- the check (0.1.1)
@dataclass
class Entry:
    """One strategic hex in a check: whether and how it counts, and why."""

    space: str
    name: str
    faction: str
    holder: str  # "axis", "allies" or "" (the side of the track that controls it)
    count: int  # +1 (for the Axis), -1 (for the Allies) or 0
    why: str


@dataclass
class Check:
    value: int
    entries: list[Entry]
    collapse: int
    takeover: int
    final: bool = False

    @property
    def counted(self) -> list[Entry]:
        return [e for e in self.entries if e.count]

    @property
    def uncounted(self) -> list[Entry]:
        return [e for e in self.entries if not e.count]

    def as_dict(self) -> dict:
        return {
            "value": self.value,
            "final": self.final,
            "allied_collapse": self.collapse,
            "military_takeover": self.takeover,
            "spaces": [
                {
                    "space": e.space,
                    "name": e.name,
                    "faction": e.faction,
                    "held_by": e.holder,
                    "count": e.count,
                    "why": e.why,
                }
                for e in self.entries
            ],
        }


def _policy_affected(spec: TrackSpec, st: TrackState, country: str | None) -> str:
    """Why ``country`` is a Policy Affected Country (13.6.1), or "" (V5)."""
    if not country:
        return ""
    c = st.countries.get(country)
    if c is None:
        return ""
    if c.policy_affected:
        return "recorded as Policy Affected (13.6.1)"
    marks = [m for m in c.markers if m in spec.policy_markers]
    if marks:
        return f"{marks[0].replace('_', ' ').title()} marker in its Posture Box (Policy Affected, 13.6.1)"
    return ""


def strategic_value(spec: TrackSpec, st: TrackState, facts: TrackFacts, final: bool = False) -> Check:
    """The Current Strategic Value (0.1.1), or the Final Strategic Value with ``final`` (0.3),
    with every strategic hex and why it counts or not."""
    entries = []
    berlin_allied = bool(spec.berlin) and any(spec.group(s) == "allies" for s in facts.units(spec.berlin))
    for space in sorted(spec.strategic, key=lambda s: (FACTIONS.index(spec.strategic[s].faction), s)):
        s = spec.strategic[space]
        name = s.name or facts.name(space) or space
        country = facts.country(space)
        rec = st.countries.get(country or "")
        side = facts.holder(space)
        holder = spec.group(side)
        how = f"held by {side}" if holder else "held by no side"
        stronghold = bool(st.stronghold) and st.stronghold == space
        if stronghold:
            # 0.1.1 exception: Allied control "due to the Republican Stronghold marker"
            holder, how = "allies", "Republican Stronghold marker"
        if final and rec is not None and rec.kind == "neutral" and rec.influence and not stronghold:
            # 0.3: a Neutral Country's Influence marker decides, by an Allied ground unit in Berlin (V8)
            berlin = spec.berlin
            if rec.influence == "pro_axis":
                if not berlin_allied:
                    holder, how = "axis", f"Pro-Axis Influence marker and no Allied ground unit in {berlin} (0.3)"
                else:
                    how = f"Pro-Axis Influence marker, but an Allied ground unit is in {berlin} (0.3); {how}"
            else:
                mark = "Pro-Soviet" if rec.influence == "pro_soviet" else "Pro-West"
                if berlin_allied:
                    holder, how = "allies", f"{mark} Influence marker and an Allied ground unit in {berlin} (0.3)"
                else:
                    how = f"{mark} Influence marker, but no Allied ground unit in {berlin} (0.3); {how}"
        count, why = 0, how
        if s.faction in ("soviet", "western") and holder == "axis":
            count, why = 1, f"{how}: a {s.faction.title()} Strategic Hex under Axis control (0.1.1 step 1)"
        elif s.faction == "axis" and holder == "allies":
            if stronghold:
                # "refer to the Republican Support marker to see whether the Civil War Country is a
                # Western Minor Country or a Soviet Minor Country for this purpose" (V6)
                kind = st.support
                posture = st.minors.get(kind, "war")
                if posture != "war":
                    why = (
                        f"{how}; the Republican Support marker shows {kind.title()}, and the {kind.title()} Minors "
                        f"Posture is {posture.replace('_', ' ').title()}, not War: Policy Affected (0.1.1 exception)"
                    )
                else:
                    count, why = (
                        -1,
                        (
                            f"{how}; the Republican Support marker shows {kind.title()} and the {kind.title()} "
                            f"Minors Posture is War: counts for the Allies (0.1.1 step 2, exception)"
                        ),
                    )
            else:
                pa = _policy_affected(spec, st, country)
                if pa:
                    why = f"{how}; {pa}: not counted (0.1.1 exception)"
                else:
                    count, why = -1, f"{how}: an Axis Strategic Hex under Allied control (0.1.1 step 2)"
        elif holder and ((s.faction == "axis") == (holder == "axis")):
            why = f"{how}: its own side's hex"
        entries.append(Entry(space, name, s.faction, holder, count, why))
    value = sum(e.count for e in entries) + st.allied_collapse - st.military_takeover
    return Check(value, entries, st.allied_collapse, st.military_takeover, final)


# ----------------------------------------------------------------- placement (0.1.2, 0.2)
@dataclass
class Placement:
    box: str
    face: str
    note: str = ""  # what changed the plain placement: unchanged face, the No Retreat clamp
    clamped: bool = False


def placement(spec: TrackSpec, st: TrackState, value: int) -> Placement:
    """Where the VP marker goes for ``value`` and on which face (0.1.2)."""
    b = spec.box_for(value)
    if b is None:  # a track read without problems places every value
        raise ValueError(f"no box of the VP track holds {value}")
    if b.side == "":
        # "Do not flip the VP marker when the Current Strategic Value is +1 or +2. Just place the
        # VP marker in the 0 Box and leave it on whichever side was already face-up."
        return Placement(b.id, st.face, f"{_signed(value)}: the 0 box, face unchanged ({FACE_NAMES[st.face]}) (0.1.2)")
    face = "axis_tide" if b.side == "axis" else "allied_crusade"
    out = Placement(b.id, face)
    if face == "axis_tide" and st.no_retreat:
        # 0.1.2: "the Axis Tide VP marker cannot be placed in a VP Box to the right of (i.e.,
        # higher than) the one containing the No Retreat marker"
        nr = spec.index(st.no_retreat)
        if nr >= 0 and spec.index(b.id) > nr:
            out = Placement(
                st.no_retreat,
                face,
                f"moved back to the No Retreat marker's box ({label(spec, st.no_retreat)}) (0.1.2)",
                True,
            )
    return out


def _signed(v: int) -> str:
    return f"{v:+d}" if v else "0"


def label(spec: TrackSpec, box_id: str) -> str:
    b = spec.box(box_id)
    return b.label if b is not None else box_id or "none"


def automatic_victory(spec: TrackSpec, st: TrackState, p: Placement) -> dict | None:
    """An Automatic Victory decided by a placement (0.2), as a result table, or None."""
    b = spec.box(p.box)
    if b is None:
        return None
    if b.automatic and st.war == "total":
        side = "axis" if p.face == "axis_tide" else "allies"
        if side == "axis" and st.no_retreat:
            return None  # 0.2 clarification: impossible while the No Retreat marker is on the track
        return {
            "winner": spec.axis_side if side == "axis" else spec.allied_winner,
            "how": "automatic",
            "condition": f"European Domination: the VP marker placed in {b.label} during Total War",
            "rule": "0.2",
        }
    if p.face == "allied_crusade" and st.war == "limited" and b.side == "allies" and b.vp >= 2:
        # German Surrender: "If the Allied Crusade VP marker is placed in the 2 VP Box during
        # Limited War" (the 2 VP box or one further to the Allied end: V9)
        return {
            "winner": spec.allied_winner,
            "how": "automatic",
            "condition": f"German Surrender: the Allied Crusade VP marker placed in {b.label} during Limited War",
            "rule": "0.2",
        }
    return None


def perform_check(
    spec: TrackSpec, st: TrackState, facts: TrackFacts, turn: str, final: bool = False
) -> tuple[TrackState, Check, Placement, list[str]]:
    """A Victory Point Check (0.1) or the Final Victory Point Check (0.3): the new state (the
    marker placed, an automatic victory or the final score recorded), the check, the placement
    and the lines that tell what happened."""
    chk = strategic_value(spec, st, facts, final)
    p = placement(spec, st, chk.value)
    new = copy.deepcopy(st)
    new.box, new.face, new.value, new.checked = p.box, p.face, chk.value, turn
    what = "Final Victory Point Check" if final else f"Victory Point Check ({turn})"
    lines = [
        f"{what}: {'Final' if final else 'Current'} Strategic Value {_signed(chk.value)}; the VP marker goes to {label(spec, p.box)}, "
        f"{FACE_NAMES[p.face]}" + (f" ({p.note})" if p.note else "")
    ]
    if not new.result:
        won = None if final else automatic_victory(spec, new, p)
        if won is not None:
            new.result = won
            lines.append(f"Automatic Victory: {won['winner']} ({won['condition']}) [0.2]")
        elif final:
            sc = final_score(spec, new)
            new.result = sc
            lines.append(f"final score: Axis {sc['axis']}, Allies {sc['allies']}: {sc['winner']} wins [0.3]")
    return new, chk, p, lines


# ------------------------------------------------------------------------ scores (0.3, 0.4)
def final_score(spec: TrackSpec, st: TrackState) -> dict:
    """The VPs of each side from the markers on the track (0.3), and the winner (ties: Axis)."""
    b = spec.box(st.box)
    vp = b.vp if b is not None else 0
    axis_terms, allied_terms = [], []
    if st.face == "axis_tide" and vp:
        axis_terms.append((vp, f"Axis Tide marker in {label(spec, st.box)}"))
    if st.no_retreat:
        nr = spec.box(st.no_retreat)
        if nr is not None and nr.vp:
            axis_terms.append((nr.vp, f"No Retreat marker in {nr.label}"))
    if st.galvanic:
        axis_terms.append((1, "the Western faction played card 37 Operation Galvanic"))
    if st.bonus.get("axis"):
        axis_terms.append((st.bonus["axis"], "Bonus VPs (14.38)"))
    if st.face == "allied_crusade" and vp:
        # 0.4 clarification: "the Allied factions cannot earn more than 4 VPs on a map"
        allied_terms.append((min(vp, spec.allied_cap), f"Allied Crusade marker in {label(spec, st.box)}"))
    if st.bonus.get("allies"):
        allied_terms.append((st.bonus["allies"], "Bonus VPs (14.38)"))
    axis, allies = sum(v for v, _ in axis_terms), sum(v for v, _ in allied_terms)
    # "The side with the most VPs wins. If the VP scores are tied at the end of the game, the Axis faction wins."
    winner = spec.axis_side if axis >= allies else spec.allied_winner
    return {
        "winner": winner,
        "how": "score",
        "axis": axis,
        "allies": allies,
        "rule": "0.3",
        "condition": f"final score Axis {axis}, Allies {allies}"
        + (" (a tie goes to the Axis)" if axis == allies else ""),
        "axis_terms": [f"{v} {w}" for v, w in axis_terms],
        "allied_terms": [f"{v} {w}" for v, w in allied_terms],
    }


def combined_score(maps: list[dict]) -> dict:
    """0.4: the combined game's score from each map's markers: a list of ``{"axis_box_vp",
    "no_retreat_vp", "allied_box_vp", "bonus_axis", "bonus_allies"}`` (Allied VPs capped at 4
    a map; SS Europa and Hakko Ichiu score nothing).  Ties go to the Axis."""
    axis = sum(m.get("axis_box_vp", 0) + m.get("no_retreat_vp", 0) + m.get("bonus_axis", 0) for m in maps)
    allies = sum(min(m.get("allied_box_vp", 0), 4) + m.get("bonus_allies", 0) for m in maps)
    return {"axis": axis, "allies": allies, "winner": "axis" if axis >= allies else "allies"}


# ---------------------------------------------------------------------------- the panel
def panel_lines(spec: TrackSpec, st: TrackState, facts: TrackFacts, turn: str = "", final: bool = False) -> list[str]:
    """The "Victory Point Check" panel: the value now, where the marker would go, every counted
    and uncounted strategic hex and why, the markers, and the result when decided."""
    chk = strategic_value(spec, st, facts, final)
    p = placement(spec, st, chk.value)
    head = "Final Strategic Value" if final else "Current Strategic Value"
    out = [
        f"{head} now: {_signed(chk.value)} -> {label(spec, p.box)}, {FACE_NAMES[p.face]}"
        + (f" ({p.note})" if p.note else "")
    ]
    out.append(
        f"VP marker: {label(spec, st.box)}, {FACE_NAMES[st.face]}"
        + (
            f" (check of {st.checked}: {_signed(st.value)})"
            if st.checked and st.value is not None
            else " (no check yet)"
        )
    )
    out.append(
        f"War: {st.war.title()}; No Retreat: {label(spec, st.no_retreat) if st.no_retreat else 'not on the track'}"
        + (f"; SS Europa: {label(spec, st.ss_europa)} (scores nothing)" if st.ss_europa else "")
    )
    plus = [e for e in chk.entries if e.count > 0]
    minus = [e for e in chk.entries if e.count < 0]
    out.append(f"Counted for the Axis (+{len(plus) + chk.collapse}):")
    out += [f"  + {e.name} {e.space} ({e.faction.title()}): {e.why}" for e in plus]
    out.append(f"  + {chk.collapse} Allied Collapse marker(s) in the Strategic Warfare Box")
    out.append(f"Counted for the Allies (-{len(minus) + chk.takeover}):")
    out += [f"  - {e.name} {e.space} ({e.faction.title()}): {e.why}" for e in minus]
    out.append(f"  - {chk.takeover} Military Takeover marker(s) in the Strategic Warfare Box")
    out.append(f"Not counted ({len(chk.uncounted)}):")
    out += [f"  {e.name} {e.space} ({e.faction.title()}): {e.why}" for e in chk.uncounted]
    if st.result:
        r = st.result
        out.append(f"RESULT: {r.get('winner')} wins: {r.get('condition', '')} [{r.get('rule', '')}]")
    elif st.no_retreat:
        out.append("No Axis Automatic Victory while the No Retreat marker is on the track (0.2)")
    return out


# -------------------------------------------------------------- actions (the referee's)
def _pairs(items, keys: tuple[str, ...], values: tuple[str, ...] | None, what: str) -> dict:
    """``["western=war", ...]`` -> {"western": "war"}; raise ValueError with what was expected."""
    out = {}
    for it in items or []:
        k, sep, v = str(it).partition("=")
        k, v = k.strip().lower(), v.strip().lower()
        if not sep or k not in keys or (values is not None and v not in values):
            vals = "|".join(values) if values is not None else "N"
            raise ValueError(f"{what} {it!r}: expected {'|'.join(keys)}={vals}")
        out[k] = v
    return out


def _box_arg(spec: TrackSpec, a: dict, key: str) -> str | None:
    """A box of the track given as ``--KEY`` ("" for none), None when not given; ValueError."""
    v = a.get(key)
    if v is None:
        return None
    v = str(v).strip().lower()
    if v == "none":
        return ""
    if v not in {b.id for b in spec.boxes}:
        raise ValueError(
            f"--{key.replace('_', '-')} {v!r}: not a box of the VP track ({', '.join(b.id for b in spec.boxes)}; none)"
        )
    return v


def _set_war_and_counts(new: TrackState, a: dict, msgs: list[str]) -> None:
    """``--war``, ``--collapse`` and ``--takeover``."""
    if a.get("war") is not None:
        if a["war"] not in WARS:
            raise ValueError(f"--war {a['war']!r}: expected limited or total")
        new.war = a["war"]
        msgs.append(f"{new.war.title()} War")
    for key, attr, what in (
        ("collapse", "allied_collapse", "Allied Collapse"),
        ("takeover", "military_takeover", "Military Takeover"),
    ):
        if a.get(key) is not None:
            n = int(a[key])
            if not 0 <= n <= 99:
                raise ValueError(f"--{key} {n}: expected 0-99 markers")
            setattr(new, attr, n)
            msgs.append(f"{n} {what} marker(s) in the Strategic Warfare Box")


def _set_track_markers(spec: TrackSpec, new: TrackState, a: dict, msgs: list[str]) -> None:
    """``--no-retreat``, ``--ss-europa``, ``--box`` and ``--face``: the markers on the track."""
    for key, what in (("no_retreat", "No Retreat"), ("ss_europa", "SS Europa")):
        v = _box_arg(spec, a, key)
        if v is not None:
            setattr(new, key, v)
            msgs.append(f"{what} marker: {label(spec, v) if v else 'off the track'}")
    v = _box_arg(spec, a, "box")
    if v == "":
        raise ValueError("--box: the VP marker is always on the track")
    if v is not None:
        new.box = v
        msgs.append(f"VP marker moved to {label(spec, v)} (referee's correction)")
    if a.get("face") is not None:
        if a["face"] not in FACES:
            raise ValueError(f"--face {a['face']!r}: expected axis_tide or allied_crusade")
        new.face = a["face"]
        msgs.append(f"VP marker face: {FACE_NAMES[new.face]} (referee's correction)")


def _set_postures_and_bonus(new: TrackState, a: dict, msgs: list[str], exists) -> None:
    """``--minors``, ``--stronghold``, ``--support``, ``--galvanic`` and ``--bonus``."""
    for k, v in _pairs(a.get("minors"), ("western", "soviet"), POSTURES, "--minors").items():
        new.minors[k] = v
        msgs.append(f"{k.title()} Minors Posture: {v.title()}")
    if a.get("stronghold") is not None:
        v = str(a["stronghold"]).strip()
        if v.lower() == "none":
            v = ""
        elif not exists(v):
            raise ValueError(f"--stronghold {v!r}: not a space of the map")
        new.stronghold = v
        msgs.append(f"Republican Stronghold marker: {v or 'removed'}")
    if a.get("support") is not None:
        if a["support"] not in ("soviet", "western"):
            raise ValueError(f"--support {a['support']!r}: expected soviet or western")
        new.support = a["support"]
        msgs.append(f"Republican Support marker: {new.support.title()} side up")
    if a.get("galvanic") is not None:
        new.galvanic = bool(a["galvanic"])
        msgs.append("card 37 Operation Galvanic " + ("played" if new.galvanic else "not played"))
    for k, v in _pairs(a.get("bonus"), ("axis", "allies"), None, "--bonus").items():
        if not v.isdigit():
            raise ValueError(f"--bonus {k}={v}: expected a number of Bonus VPs")
        new.bonus[k] = int(v)
        msgs.append(f"{k} Bonus VPs: {v}")


COUNTRY_ARGS = ("kind", "add_marker", "remove_marker", "influence", "policy_affected")


def _set_country(new: TrackState, a: dict, msgs: list[str]) -> None:
    """``--country CODE`` with ``--kind``, ``--add-marker``, ``--remove-marker``, ``--influence``
    and ``--policy-affected``: the referee's record of a country."""
    code = a.get("country")
    if not code:
        if any(a.get(k) is not None for k in COUNTRY_ARGS):
            raise ValueError(
                "--kind, --add-marker, --remove-marker, --influence and --policy-affected need --country CODE"
            )
        return
    c = copy.deepcopy(new.countries.get(code, CountryRecord()))
    if a.get("kind") is not None:
        if a["kind"] not in KINDS or not a["kind"]:
            raise ValueError(f"--kind {a['kind']!r}: expected one of {', '.join(k for k in KINDS if k)}")
        c.kind = a["kind"]
    for m in a.get("add_marker") or []:
        if m not in c.markers:
            c.markers.append(m)
    for m in a.get("remove_marker") or []:
        if m not in c.markers:
            raise ValueError(f"--remove-marker {m!r}: {code} has no such marker ({', '.join(c.markers) or 'none'})")
        c.markers.remove(m)
    if a.get("influence") is not None:
        v = "" if a["influence"] == "none" else a["influence"]
        if v not in INFLUENCES:
            raise ValueError(f"--influence {a['influence']!r}: expected pro_axis, pro_soviet, pro_west or none")
        c.influence = v
    if a.get("policy_affected") is not None:
        c.policy_affected = bool(a["policy_affected"])
    new.countries[code] = c
    bits = (
        [c.kind.replace("_", " ") or "no kind"]
        + ([f"markers {', '.join(c.markers)}"] if c.markers else [])
        + ([c.influence.replace("_", "-") + " influence"] if c.influence else [])
        + (["Policy Affected"] if c.policy_affected else [])
    )
    msgs.append(f"{code}: " + "; ".join(bits))


def check_set(spec: TrackSpec, st: TrackState, a: dict, exists=lambda space: True):
    """The referee records markers and counts (``vp-set``): (new state, message lines) or a
    refusal as a string.  ``a`` holds the action's arguments (mapref.rules.vpgame.MOVES)."""
    new = copy.deepcopy(st)
    msgs: list[str] = []
    try:
        _set_war_and_counts(new, a, msgs)
        _set_track_markers(spec, new, a, msgs)
        _set_postures_and_bonus(new, a, msgs, exists)
        _set_country(new, a, msgs)
    except (TypeError, ValueError) as e:
        return str(e)
    if not msgs:
        return "nothing to set: see mapref vp-set --help"
    return new, msgs


# ---------------------------------------------------------------------------- a command
class SetAttr(Change):
    """Replace one attribute of a game state (its whole VP-track record)."""

    def __init__(self, attr: str, value, label: str = "") -> None:
        self.attr, self.value, self.label = attr, copy.deepcopy(value), label or f"set {attr}"

    def do(self, target) -> None:
        setattr(target, self.attr, copy.deepcopy(self.value))


__all__ = [
    "Box",
    "Check",
    "check_set",
    "CountryRecord",
    "Entry",
    "Placement",
    "SetAttr",
    "Strategic",
    "TrackFacts",
    "TrackSpec",
    "TrackState",
    "automatic_victory",
    "check_spaces",
    "combined_score",
    "final_score",
    "initial_state",
    "panel_lines",
    "perform_check",
    "placement",
    "read_spec",
    "read_state",
    "state_data",
    "strategic_value",
    "toml_lines",
]
