"""The state of a game: plain data, saved as TOML by :mod:`mapref.rulesets.hitlers_war.files`.

A space is a hex label (``"P10"``) or an off-map box (``"box:siberia"``), as in
:mod:`mapref.core.graph`.  Strength points are counted by type (:data:`POINT_TYPES`); fort
points live in :class:`Fort`, ship points in :class:`Fleet`, and the naval/air pools that are
not on the map (U-boats, A.S.W., trans-Atlantic shipping, strategic bombers) in
:class:`SideRecord`.  Hex control is stored only where it differs from the scenario's start
(see :func:`mapref.rules.control.control_map`).

The calendar (rulebook, Barbarossa set-up: "the second turn, winter 1941" follows summer 1941;
War for Europe starts in winter 1939, then "the spring 1940 turn"): three seasons a year,
spring, summer, winter, winter being the last turn of its year.
"""

from __future__ import annotations

import copy

from dataclasses import dataclass, field

from mapref.rulesets.hitlers_war.names import POINT_TYPES
from mapref.rulesets.hitlers_war.names import SIDES as SIDES, STATUSES as STATUSES  # re-exported: files.py, nations.py

TYPE_CHECKING = False  # (typing is not imported at run time, as in mapref.rules.ruleset)
if TYPE_CHECKING:
    from mapref.rules.vptrack import TrackState

SEASONS = ("spring", "summer", "winter")
YEARS = (1900, 2100)  # the years a game's turn may have (a saved game's turn.year)
PHASES = ("setup", "movement", "combat", "production", "over")
SUBPHASES = {
    "setup": ("",),
    "movement": ("", "naval", "land"),
    "combat": ("", "supply", "announce", "amphibious", "defensive_assaults", "assaults", "advances", "exploitation"),
    "production": ("", "build", "repair", "research"),
    "over": ("",),
}
# at_war: fighting on its side; at_peace: a side's own nation not yet at war (the Soviet Union in
# 1939); unaligned / inclined (towards ``side``); surrendered; neutral: may never be attacked;
# vichy: French land under Vichy after France's surrender (Surrender, France 3; Vichy France 3-6).


@dataclass(frozen=True, order=True)
class Turn:
    """A game turn: a year and a season, in the order of play."""

    year: int
    season: str

    @property
    def index(self) -> int:
        return self.year * len(SEASONS) + SEASONS.index(self.season)

    def __str__(self) -> str:
        return f"{self.season} {self.year}"

    def next(self) -> Turn:
        i = SEASONS.index(self.season) + 1
        return Turn(self.year + i // len(SEASONS), SEASONS[i % len(SEASONS)])

    @staticmethod
    def parse(text: str) -> Turn:
        """``"winter 1941"`` -> Turn(1941, "winter"); raises ValueError."""
        parts = text.strip().lower().split()
        if (
            len(parts) != 2
            or parts[0] not in SEASONS
            or not (parts[1].isascii() and parts[1].isdigit())
            or not YEARS[0] <= int(parts[1][:6]) <= YEARS[1]
        ):
            raise ValueError(
                f'expected "SEASON YEAR" with a season of {", ".join(SEASONS)} and a year {YEARS[0]}-{YEARS[1]}'
            )
        return Turn(int(parts[1]), parts[0])

    def turns_since(self, other: Turn) -> int:
        return self.index - other.index


def strength_total(points: dict[str, int], *, with_air: bool = True) -> int:
    # (the whole sum less tactical air: the points are whole numbers, so the same figure; the
    # report asks it a few times for each of hundreds of armies)
    n = sum(points.values())
    return n if with_air else n - points.get("tactical_air", 0)


def _copy_plain(obj, memo, *mutable: str):
    """A deep copy of a dataclass whose fields are plain values, but for the dicts named in
    ``mutable`` (copied too): what ``copy.deepcopy`` gives, without its generic walk (commands
    save the armies before changing them; docs/performance.md)."""
    new = object.__new__(type(obj))
    new.__dict__.update(obj.__dict__)
    for k in mutable:
        setattr(new, k, dict(getattr(obj, k)))
    memo[id(obj)] = new
    return new


def _copied(obj, memo):
    """``copy.deepcopy(obj, memo)``, the plain dataclasses copied without its dispatch."""
    got = memo.get(id(obj), memo)
    if got is not memo:
        return got
    if type(obj) in _PLAIN:
        return obj.__deepcopy__(memo)
    return copy.deepcopy(obj, memo)


_PIECES = ("armies", "fleets", "forts")


@dataclass
class Army:
    """An army on the map or in a box: its side, nation, place and strength points."""

    name: str
    side: str
    nation: str
    at: str  # hex label or "box:<id>"
    points: dict[str, int] = field(default_factory=lambda: {t: 0 for t in POINT_TYPES})
    leader: str = ""
    pool: str = ""  # the set-up pool its points came from, if any
    no_defensive_assault: bool = False  # after a forced retreat into an occupied hex (Stacking 4)
    advanced: int = 0  # hexes advanced into this combat phase (Advance resolution 13: +1 a hex)

    def total(self, *, with_air: bool = True) -> int:
        return strength_total(self.points, with_air=with_air)

    def __deepcopy__(self, memo):
        return _copy_plain(self, memo, "points")


@dataclass
class Fleet:
    """A fleet: its side, nation, place and ship points, in port or at sea."""

    name: str
    side: str
    nation: str
    at: str
    in_port: bool = True
    capital: int = 0
    moved: bool = False  # made its one move this movement phase (fleet movement 14)

    def __deepcopy__(self, memo):
        return _copy_plain(self, memo)


@dataclass
class Fort:
    """Fort points of a side in a hex, operational or under construction."""

    side: str
    number: int
    at: str
    strength: int = 0
    building: int = 0  # points under construction (Fortifications: face down for a season)

    def __deepcopy__(self, memo):
        return _copy_plain(self, memo)


@dataclass
class HexState:
    """What a game changes of a hex: its control, occupation marker and devastation."""

    control: str | None = None  # None: as at the scenario's start; "none" for nobody's
    occupied: bool = False  # occupation marker
    devastated: int = 0
    permanent: int = 0  # of ``devastated``, points that can never be repaired

    def is_default(self) -> bool:
        return self.control is None and not self.occupied and not self.devastated and not self.permanent

    def __deepcopy__(self, memo):
        return _copy_plain(self, memo)


_PLAIN = (Army, Fleet, Fort, HexState)  # (their own __deepcopy__: _copy_plain)


@dataclass
class Nation:
    """A nation's standing: the side it belongs or leans to, its status, when it joined."""

    side: str | None  # the side it belongs or leans to; None for nobody
    status: str  # one of STATUSES
    joined: Turn | None = None  # the turn it joined its side, where a rule needs it (Finland: rulings R36)
    # Violation of neutrality 2: the side that first attacked it while it was unaligned, and when
    attacked_by: str | None = None
    attacked: Turn | None = None
    no_attack: list[str] = field(default_factory=list)  # sides that may never attack it again (The Soviet Union 10)
    home_placed: bool = False  # its home forces were placed (Unaligned Forces 4, 7: "available just once")


@dataclass
class SideRecord:
    """A side's record sheet beyond its armies."""

    morale: int | None = None
    production: int | None = None  # the production recorded on the sheet (Production points 2)
    lend_lease: int = 0  # Soviet: the gift waiting to be spent (Lend-Lease 3)
    partial_ships: list[int] = field(default_factory=list)  # production still owed per ship point
    uboats_port: int = 0
    uboats_convoy: int = 0  # in the Atlantic convoy box
    asw: int = 0
    ta_shipping: int = 0
    bombers: int = 0
    history: list[dict] = field(default_factory=list)  # production records: {turn, total, spent...}
    costs: dict[str, int] = field(default_factory=dict)  # costs from the record sheet (Building 1; Research: Item cost)
    us_first: int = 0  # strength points still to be built in the United States (The United States 3)
    surrender_refused: int = 0  # 1: the Axis refused this side's surrender (Surrender, Soviet Union 4; rulings R57)
    # this production phase (cleared at its end: Production points 4)
    spent: int = 0  # production spent on builds, repairs, lend-lease
    repair_spent: int = 0  # of which on repairs (Repairing devastated production 3)
    repaired: dict[str, int] = field(default_factory=dict)  # points repaired now, counted from next turn (Repairing 8)
    built: dict[str, int] = field(default_factory=dict)  # strength points built now, by country (France 2)
    lend_given: int = 0  # lend-lease given now (Lend-Lease 1)
    ta_built: int = 0  # trans-Atlantic shipping points built now: they carry from the next phase (Production points 1)
    # this turn, from the side's movement phase (cleared at its start)
    ta_used: int = 0  # trans-Atlantic shipping points carrying strength points (Trans-Atlantic shipping 1)
    transported: dict[str, int] = field(
        default_factory=dict
    )  # sea zone -> points carried by fleets (Sea transportation 1-2)


@dataclass
class Pool:
    """Strength still to be placed at set-up (a free placement of the scenario)."""

    id: str
    side: str
    points: dict[str, int] = field(default_factory=lambda: {t: 0 for t in POINT_TYPES})
    leaders: list[str] = field(default_factory=list)

    def empty(self) -> bool:
        return not any(self.points.values()) and not self.leaders


@dataclass
class HomeForce:
    """A nation's home forces in a hex: their points."""

    nation: str
    at: str
    points: int


@dataclass
class GameState:
    """A Hitler's War position: the turn and step, the pieces, the hexes, the nations and the records."""

    scenario: str  # shipped scenario name or a path relative to the game file
    map: str  # shipped map name or a path relative to the game file
    turn: Turn
    side: str
    phase: str = "setup"
    subphase: str = ""
    armies: list[Army] = field(default_factory=list)
    fleets: list[Fleet] = field(default_factory=list)
    forts: list[Fort] = field(default_factory=list)
    hexes: dict[str, HexState] = field(default_factory=dict)
    nations: dict[str, Nation] = field(default_factory=dict)
    sides: dict[str, SideRecord] = field(default_factory=dict)
    pools: list[Pool] = field(default_factory=list)
    home_forces: list[HomeForce] = field(default_factory=list)
    # empty hexes whose garrison is gone until the end of the combat phase (Garrisons 4, 6;
    # Assault resolution 7-8; Advance resolution 10)
    garrisons_lost: list[str] = field(default_factory=list)
    # hexes amphibiously invaded this combat phase (Invasion procedure 8: one army a hex)
    invasions: list[str] = field(default_factory=list)
    # the initial attacks announced this combat phase, army -> target (Announce initial attacks
    # 1-2; rulings R60)
    announced: dict[str, str] = field(default_factory=dict)
    # hexes each side gained and lost this combat phase (National morale chart: six gained +1,
    # five lost -1)
    hexes_gained: dict[str, int] = field(default_factory=dict)
    hexes_lost: dict[str, int] = field(default_factory=dict)
    # the army exploiting now (Exploitation attacks 2-3) and the armies whose attacks are over this
    # combat phase: a failed advance (Advance resolution 2; Exploitation attacks 9), an exploitation
    # left for another army's (Exploitation attacks 3); rulings R69
    exploiting: str = ""
    stopped: list[str] = field(default_factory=list)
    notes: str = ""
    vp_track: TrackState | None = None  # the VP track's markers, when the scenario has one

    def __deepcopy__(self, memo):
        """What ``copy.deepcopy`` gives, without its generic walk over every army and hex (the
        end-of-step preview copies the state after every change; docs/performance.md)."""
        new = object.__new__(type(self))
        memo[id(self)] = new
        d = new.__dict__
        for k, v in self.__dict__.items():
            if type(v) is list and k in _PIECES:
                d[k] = [_copied(x, memo) for x in v]
            elif type(v) is dict and k == "hexes":
                d[k] = {s: _copied(h, memo) for s, h in v.items()}
            else:
                d[k] = copy.deepcopy(v, memo)
        return new

    def look_ahead(self) -> GameState:
        """A copy to work out what commands would do (an end of step's consequences: the
        end-of-step preview makes one after every change): ``copy.deepcopy``'s, but sharing this
        state's HexStates, which no command changes (SetHex puts a new one in a hex's place; the
        copy's hexes dict is its own).  Everything else is copied as deepcopy does."""
        memo: dict = {id(h): h for h in self.hexes.values()}
        return copy.deepcopy(self, memo)

    def hex(self, space: str) -> HexState:
        return self.hexes.get(space) or HexState()

    def army(self, name: str) -> Army | None:
        return next((a for a in self.armies if a.name == name), None)
