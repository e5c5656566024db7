"""The front-token card game's scenario and state as data, read from TOML with line-precise
problems and written back canonically (docs/format.md, "The front-token game").

The rules are ``shared/seeds/001_d2451f0fedbbc099.txt``; citations are its headings (FRONTS,
DRAW TABLE, WEST FRONT PHASE...).  The card list is data: each card is one line in the
document's own notation ("Rommel, the Desert Fox L 3 WM", "Jet Fighters U 2 A 1944+", "Speer - - -").
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from mapref.io import tomlwrite as tw
from mapref.io.problems import Reader
from mapref.rulesets.fronts.names import SIDES

TYPE_CHECKING = False  # (typing is not imported at run time, as in mapref.rules.ruleset)
if TYPE_CHECKING:  # the VP track is imported when a scenario has one
    from mapref.rules.vptrack import TrackSpec, TrackState

TYPES = {"L": "Leader", "O": "Operation", "U": "Unit", "S": "Special"}  # CARD LIST NOTATION
FRONT_LETTERS = {"E": "east", "W": "west", "M": "med"}  # "A = All Fronts"
PHASES = ("history", "production", "planning", "med", "west", "east")  # TURN SEQUENCE 1-6
PHASE_NAMES = {
    "history": "History Phase",
    "production": "Production Phase",
    "planning": "Planning Phase",
    "med": "Mediterranean Front Phase",
    "west": "West Front Phase",
    "east": "East Front Phase",
    "over": "Game over",
}
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
    "first_year",
    "last_year",
    "tokens",
    "keep",
    "swap",
    "limits",
    "fronts",
    "setup",
    "draw",
    "draw_modifiers",
    "decks",
    "victory",
    "vp_track",
    "strategic",
)
STATE_KEYS = (
    "format",
    "kind",
    "scenario",
    "map",
    "year",
    "phase",
    "winner",
    "tokens",
    "hands",
    "last_battle",
    "vp_track",
)
HAND_KEYS = ("hand", "deck", "discard", "kept", "drawn", "swapped", "speer", "played")


# ------------------------------------------------------------------------------ cards
@dataclass(frozen=True)
class Card:
    title: str
    type: str  # "L", "O", "U", "S" or "" (Speer: "- - -")
    force: int
    fronts: tuple[str, ...]  # front ids ("A": all three)
    notes: str = ""  # "1944+"

    @property
    def from_year(self) -> int:
        m = re.fullmatch(r"(\d{4})\+", self.notes)
        return int(m.group(1)) if m else 0

    def text(self) -> str:
        letters = {v: k for k, v in FRONT_LETTERS.items()}
        fr = "A" if len(self.fronts) == 3 else "".join(letters[f] for f in self.fronts) or "-"
        return f"{self.title} {self.type or '-'} {self.force if self.type else '-'} {fr}" + (
            f" {self.notes}" if self.notes else ""
        )


def parse_card(line: str) -> Card:
    """A card from the document's notation: ``TITLE TYPE FORCE FRONTS [NOTES]``; raises ValueError."""
    words = line.split()
    notes = ""
    if words and re.fullmatch(r"\d{4}\+", words[-1]):
        notes = words.pop()
    if len(words) < 4:
        raise ValueError(f'expected TITLE TYPE FORCE FRONTS [NOTES] (such as "Bismarck U 3 W"), got {line!r}')
    title, ty, force, fronts = " ".join(words[:-3]), words[-3], words[-2], words[-1]
    if (ty, force, fronts) == ("-", "-", "-"):
        return Card(title, "", 0, (), notes)  # Speer: no type, no force, no front
    if ty not in TYPES:
        raise ValueError(f"{line!r}: the type is one of L, O, U, S (CARD LIST NOTATION), got {ty!r}")
    if not force.isdigit():
        raise ValueError(f"{line!r}: the force is a number, got {force!r}")
    if fronts == "A":
        fr: tuple[str, ...] = ("med", "west", "east")
    elif fronts and all(c in FRONT_LETTERS for c in fronts):
        fr = tuple(f for f in ("med", "west", "east") if any(FRONT_LETTERS[c] == f for c in fronts))
    else:
        raise ValueError(f"{line!r}: the fronts are A or letters of E, W, M (CARD LIST NOTATION), got {fronts!r}")
    return Card(title, ty, int(force), fr, notes)


# --------------------------------------------------------------------------- scenario
@dataclass(frozen=True)
class Front:
    id: str
    name: str
    location: str  # the map's location that shows it
    skip_if_all: str = ""  # the side whose holding all its tokens skips its phase (WEST/EAST FRONT PHASE)


@dataclass(frozen=True)
class Modifier:
    side: str
    cards: int
    why: str
    holds_all: str = ""  # the side holds every token of this front
    total_side: str = ""  # ... or this side holds at least ``at_least`` tokens in all
    at_least: int = 0


@dataclass
class Scenario:
    id: str
    name: str
    map: str
    ruleset: str = "fronts"
    sides: tuple[str, ...] = SIDES
    rule: str = ""
    notes: str = ""
    first_year: int = 1939
    last_year: int = 1945
    tokens: int = 4
    keep: int = 2
    swap: int = 3
    limits: dict[str, int] = field(default_factory=dict)
    fronts: dict[str, Front] = field(default_factory=dict)  # in phase order (med, west, east)
    setup: dict[str, dict[str, int]] = field(default_factory=dict)  # front -> side -> tokens
    draw: dict[int, dict] = field(default_factory=dict)  # year -> {germans, allies, fronts, note}
    modifiers: list[Modifier] = field(default_factory=list)
    decks: dict[str, dict[str, Card]] = field(default_factory=dict)  # side -> title -> card
    deck_size: dict[str, int] = field(default_factory=dict)
    victory: list = field(default_factory=list)
    path: str = ""
    vp_track: TrackSpec | None = None  # a seasonal VP track, when the scenario has one

    def fronts_of(self, year: int) -> tuple[str, ...]:
        """The fronts fought in ``year`` (the draw table's "West Front Only" in 1939: rulings F3)."""
        row = self.draw.get(year, {})
        return tuple(row.get("fronts") or self.fronts)


def read_scenario(data: dict, source: str, shown: str) -> Scenario:
    from mapref.rules.victory import read_conditions

    r = Reader(shown, source)
    r.check_keys(data, SCENARIO_KEYS, "", required=("id", "name", "map", "fronts", "setup", "draw", "decks"))
    sc = Scenario(
        r.str_(data, "id", ""),
        r.str_(data, "name", ""),
        r.str_(data, "map", ""),
        rule=r.str_(data, "rule", ""),
        notes=r.str_(data, "notes", ""),
        first_year=r.int_(data, "first_year", "", 1939, 1900, 2100),
        last_year=r.int_(data, "last_year", "", 1945, 1900, 2100),
        tokens=r.int_(data, "tokens", "", 4, 1, 99),
        keep=r.int_(data, "keep", "", 2, 0, 99),
        swap=r.int_(data, "swap", "", 3, 0, 99),
    )
    sides = data.get("sides", list(SIDES))
    if sides != list(SIDES):
        r.expected(
            "sides", '["germans", "allies"] (INTRODUCTION: "One player is the Germans, the other is the Allies")', sides
        )
    if sc.last_year < sc.first_year:
        r.error("last_year", f"expected a year from first_year ({sc.first_year}) on, got {sc.last_year}")
    lim = r.table(data, "limits", "")
    for k in lim:
        if k not in TYPES:
            r.expected("limits", "card types L, O, U, S", k)
    sc.limits = {k: r.int_(lim, k, "limits", 1, 0, 99) for k in TYPES if k in lim}
    _read_fronts(r, data, sc)
    _read_setup(r, data, sc)
    _read_draw(r, data, sc)
    _read_modifiers(r, data, sc)
    for side, t in r.table(data, "decks", "").items():
        if side not in SIDES or not isinstance(t, dict):
            r.expected("decks", "a table per side (germans, allies)", side)
            continue
        _read_deck(r, sc, side, t)
    for s in SIDES:
        if s not in sc.decks:
            r.error("decks", f"missing [decks.{s}]")
    sc.victory = read_conditions(r, data, SIDES)
    from mapref.rules import vptrack

    sc.vp_track = vptrack.read_spec(r, data, SIDES)  # a seasonal VP track (shared/seeds/003), when switched on
    r.raise_if_any()
    return sc


def _read_fronts(r: Reader, data: dict, sc: Scenario) -> None:
    """``[fronts]``: the three fronts, in the order of their phases (TURN SEQUENCE)."""
    for fid, t in r.table(data, "fronts", "").items():
        w = f"fronts.{fid}"
        if fid not in ("med", "west", "east"):
            r.expected("fronts", "the fronts med, west and east (FRONTS)", fid)
            continue
        if not isinstance(t, dict):
            r.expected(w, 'a table such as { name = "West Front", location = "west" }', t)
            continue
        r.check_keys(t, ("name", "location", "skip_if_all"), w, required=("name",))
        sc.fronts[fid] = Front(
            fid,
            r.str_(t, "name", w),
            r.str_(t, "location", w, fid),
            r.str_(t, "skip_if_all", w, "", choices=("",) + SIDES),
        )
    sc.fronts = {f: sc.fronts[f] for f in ("med", "west", "east") if f in sc.fronts}  # phase order (TURN SEQUENCE)
    if len(sc.fronts) != 3:
        r.error("fronts", "expected the three fronts med, west and east (FRONTS: There are three fronts)")


def _read_setup(r: Reader, data: dict, sc: Scenario) -> None:
    """``[setup.tokens]``: each front's tokens of each side at the start (FRONTS)."""
    setup = r.table(data, "setup", "")
    r.check_keys(setup, ("tokens",), "setup", required=("tokens",))
    for fid, t in r.table(setup, "tokens", "setup").items():
        w = f"setup.tokens.{fid}"
        if fid not in sc.fronts or not isinstance(t, dict):
            r.expected(w, "a front with { germans = N, allies = N }", t if isinstance(t, dict) else fid)
            continue
        r.check_keys(t, SIDES, w, required=SIDES)
        sc.setup[fid] = {s: r.int_(t, s, w, 0, 0, sc.tokens) for s in SIDES}
        if sum(sc.setup[fid].values()) != sc.tokens:
            r.error(w, f"the two sides' tokens must make the front's {sc.tokens} (FRONTS)")


def _read_draw(r: Reader, data: dict, sc: Scenario) -> None:
    """``[draw.YEAR]``: the draw table, a row for every year of the scenario (DRAW TABLE)."""
    for year, t in r.table(data, "draw", "").items():
        w = f"draw.{year}"
        if not year.isdigit() or not isinstance(t, dict):
            r.expected(w, "a year with { germans = N, allies = N }", t if isinstance(t, dict) else year)
            continue
        r.check_keys(t, SIDES + ("fronts", "note"), w, required=SIDES)
        fr = t.get("fronts", [])
        if not isinstance(fr, list) or any(not isinstance(f, str) or f not in sc.fronts for f in fr):
            r.expected(f"{w}.fronts", "an array of fronts (med, west, east)", fr)
            fr = []
        sc.draw[int(year)] = {
            "germans": r.int_(t, "germans", w, 0, 0, 99),
            "allies": r.int_(t, "allies", w, 0, 0, 99),
            "fronts": [f for f in ("med", "west", "east") if f in fr],
            "note": r.str_(t, "note", w),
        }
    for y in range(sc.first_year, sc.last_year + 1):
        if y not in sc.draw:
            r.error("draw", f"missing the draw of {y} (DRAW TABLE)")


def _read_modifiers(r: Reader, data: dict, sc: Scenario) -> None:
    """``[[draw_modifiers]]``: the cards a side draws more or fewer, and when."""
    mods = data.get("draw_modifiers", [])
    if not isinstance(mods, list) or not all(isinstance(m, dict) for m in mods):
        r.expected("draw_modifiers", "an array of tables", mods)
        mods = []
    for m in mods:
        w = "draw_modifiers"
        r.check_keys(
            m, ("side", "cards", "why", "holds_all", "total_side", "at_least"), w, required=("side", "cards", "why")
        )
        sc.modifiers.append(
            Modifier(
                r.str_(m, "side", w, "germans", choices=SIDES),
                r.int_(m, "cards", w, 0, -99, 99),
                r.str_(m, "why", w),
                r.str_(m, "holds_all", w, "", choices=("",) + tuple(sc.fronts)),
                r.str_(m, "total_side", w, "", choices=("",) + SIDES),
                r.int_(m, "at_least", w, 0, 0, 99),
            )
        )


def _read_deck(r: Reader, sc: Scenario, side: str, t: dict) -> None:
    """``[decks.SIDE]``: a side's cards, one of each (THE DECKS), and the deck's size."""
    w = f"decks.{side}"
    r.check_keys(t, ("cards", "size", "note"), w)
    cards: dict[str, Card] = {}
    lines = t.get("cards", [])
    if not isinstance(lines, list) or not all(isinstance(x, str) for x in lines):
        r.expected(f"{w}.cards", 'an array of card lines such as "Bismarck U 3 W"', lines)
        lines = []
    for ln in lines:
        try:
            c = parse_card(ln)
        except ValueError as e:
            r.error(f"{w}.cards", str(e))
            continue
        if c.title in cards:
            r.error(f"{w}.cards", f"{c.title!r} twice: a deck has one of each card (THE DECKS)")
        cards[c.title] = c
    sc.decks[side] = cards
    sc.deck_size[side] = r.int_(t, "size", w, len(cards), 1, 999) if "size" in t or not cards else len(cards)
    if cards and sc.deck_size[side] != len(cards):
        r.error(f"{w}.size", f"the deck lists {len(cards)} cards, so its size is {len(cards)}")


# ------------------------------------------------------------------------------ state
@dataclass
class Hand:
    """A player's cards by count (the referee does not see them): hand, draw pile, discard pile."""

    hand: int = 0
    deck: int = 0
    discard: int = 0
    kept: bool = False  # History Phase: the cards kept were chosen this turn
    drawn: int = 0  # Production Phase: cards drawn this turn (0: not yet)
    swapped: int = -1  # Planning Phase: cards swapped this turn (-1: not yet)
    speer: bool = False  # the Speer card discarded this turn (Notes)
    played: list[str] = field(default_factory=list)  # titles played this turn (in the discard pile)


@dataclass
class State:
    scenario: str
    map: str
    year: int
    phase: str = "history"
    winner: str = ""  # set when the game is over
    tokens: dict[str, dict[str, int]] = field(default_factory=dict)  # front -> side -> tokens
    hands: dict[str, Hand] = field(default_factory=dict)
    last_battle: dict = field(default_factory=dict)  # front, stacks, totals, winner (for the display)
    vp_track: TrackState | None = None  # a VP track's markers, when the scenario has one

    @property
    def over(self) -> bool:
        return self.phase == "over"


def read_state(data: dict, source: str, shown: str) -> State:
    r = Reader(shown, source)
    r.check_keys(data, STATE_KEYS, "", required=("scenario", "map", "year", "phase"))
    st = State(
        r.str_(data, "scenario", ""),
        r.str_(data, "map", ""),
        r.int_(data, "year", "", 1939, 1900, 2100),
        r.str_(data, "phase", "", "history", choices=PHASES + ("over",)),
        r.str_(data, "winner", "", "", choices=("",) + SIDES),
    )
    for fid, t in r.table(data, "tokens", "").items():
        w = f"tokens.{fid}"
        if fid not in ("med", "west", "east") or not isinstance(t, dict):
            r.expected(
                w, "a front (med, west, east) with { germans = N, allies = N }", t if isinstance(t, dict) else fid
            )
            continue
        r.check_keys(t, SIDES, w, required=SIDES)
        st.tokens[fid] = {s: r.int_(t, s, w, 0, 0, 99) for s in SIDES}
    for side, t in r.table(data, "hands", "").items():
        w = f"hands.{side}"
        if side not in SIDES or not isinstance(t, dict):
            r.expected("hands", "a table per side (germans, allies)", side)
            continue
        r.check_keys(t, HAND_KEYS, w)
        played = t.get("played", [])
        if not isinstance(played, list) or not all(isinstance(x, str) for x in played):
            r.expected(f"{w}.played", "an array of card titles", played)
            played = []
        st.hands[side] = Hand(
            r.int_(t, "hand", w, 0, 0, 999),
            r.int_(t, "deck", w, 0, 0, 999),
            r.int_(t, "discard", w, 0, 0, 999),
            r.bool_(t, "kept", w),
            r.int_(t, "drawn", w, 0, 0, 999),
            r.int_(t, "swapped", w, -1, -1, 99),
            r.bool_(t, "speer", w),
            list(played),
        )
    lb = r.table(data, "last_battle", "")
    st.last_battle = dict(lb)
    if "vp_track" in data:
        from mapref.rules import vptrack

        st.vp_track = vptrack.read_state(r, r.table(data, "vp_track", ""), "vp_track")
    r.raise_if_any()
    return st


def state_data(st: State) -> dict:
    d: dict = {"scenario": st.scenario, "map": st.map, "year": st.year, "phase": st.phase}
    if st.winner:
        d["winner"] = st.winner
    d["tokens"] = {f: {s: st.tokens[f][s] for s in SIDES} for f in ("med", "west", "east") if f in st.tokens}
    hands = {}
    for side in SIDES:
        h = st.hands.get(side)
        if h is None:
            continue
        rec: dict = {"hand": h.hand, "deck": h.deck, "discard": h.discard}
        if h.kept:
            rec["kept"] = True
        if h.drawn:
            rec["drawn"] = h.drawn
        if h.swapped >= 0:
            rec["swapped"] = h.swapped
        if h.speer:
            rec["speer"] = True
        if h.played:
            rec["played"] = list(h.played)
        hands[side] = rec
    d["hands"] = hands
    if st.last_battle:
        d["last_battle"] = dict(st.last_battle)
    if st.vp_track is not None:
        from mapref.rules import vptrack

        d["vp_track"] = vptrack.state_data(st.vp_track)
    return d


def dumps_state(st: State) -> str:
    d = state_data(st)
    out = [tw.assign(k, d[k]) for k in ("scenario", "map", "year", "phase", "winner") if k in d]
    out += ["", "[tokens]"] + [f"{tw.key(f)} = {tw.inline(v)}" for f, v in d["tokens"].items()]
    for side, rec in d["hands"].items():
        out += ["", f"[hands.{side}]"] + [tw.assign(k, v) for k, v in rec.items()]
    if "last_battle" in d:
        out += ["", "[last_battle]"] + [tw.assign(k, v) for k, v in d["last_battle"].items()]
    if "vp_track" in d:
        from mapref.rules import vptrack

        out += vptrack.toml_lines(d["vp_track"])
    return "\n".join(out) + "\n"


__all__ = [
    "Card",
    "Front",
    "Hand",
    "Modifier",
    "PHASES",
    "PHASE_NAMES",
    "SIDES",
    "Scenario",
    "State",
    "TYPES",
    "dumps_state",
    "parse_card",
    "read_scenario",
    "read_state",
    "state_data",
]
