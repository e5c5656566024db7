"""A scenario: the set-up and special rules of one game, as data (loaded by mapref.rulesets.hitlers_war.files).

Scenarios name countries, regions and boxes by the map's codes (``ge``, ``western_libya``,
``siberia``); :data:`mapref.rulesets.hitlers_war.codes.CODES` is the one list of the codes the
Hitler's War scenarios use.  Nothing here knows the map until :func:`resolve_area` is given one.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from mapref.core.board import board_for
from mapref.core.graph import box_space
from mapref.rulesets.hitlers_war.state import POINT_TYPES, Turn


@dataclass
class Area:
    """Spaces given by countries, colour groups (map ``allegiance``), regions, hexes and boxes,
    less ``except_`` (hex labels or box ids)."""

    countries: tuple[str, ...] = ()
    allegiances: tuple[str, ...] = ()
    regions: tuple[str, ...] = ()
    hexes: tuple[str, ...] = ()
    boxes: tuple[str, ...] = ()
    except_: tuple[str, ...] = ()

    def is_empty(self) -> bool:
        return not (self.countries or self.allegiances or self.regions or self.hexes or self.boxes)

    def as_dict(self) -> dict:
        d: dict = {}
        for k in ("countries", "allegiances", "regions", "hexes", "boxes"):
            if getattr(self, k):
                d[k] = list(getattr(self, k))
        if self.except_:
            d["except"] = list(self.except_)
        return d


@dataclass
class SideSetup:
    """A side's part of a scenario's set-up: its friendly area, production, supply sources, build area, morale and costs."""

    side: str
    friendly: Area
    production: int | None = None  # as the set-up states it
    supply: tuple[str, ...] = ()  # supply sources: hex labels or box:<id>
    always_supplied: tuple[str, ...] = ()  # box ids whose spaces are always in supply
    build: Area = field(default_factory=Area)  # where newly built strength points go
    build_rule: str = ""
    morale: int | None = None
    costs: dict[str, int] = field(default_factory=dict)
    costs_rule: str = ""


@dataclass
class FixedArmy:
    """An army a scenario sets up in a given space, with its points and leader."""

    name: str
    side: str
    nation: str
    at: str
    points: dict[str, int] = field(default_factory=lambda: {t: 0 for t in POINT_TYPES})
    leader: str = ""


@dataclass
class PoolSpec:
    """A pool of strength points a scenario gives a nation to place in an area (Prepare for Play 3)."""

    id: str
    side: str
    nation: str
    area: Area
    points: dict[str, int] = field(default_factory=lambda: {t: 0 for t in POINT_TYPES})
    leaders: tuple[str, ...] = ()
    army_name: str = ""  # armies made from the pool are named "<army_name> 1", "... 2"
    rule: str = ""


@dataclass
class FortSpec:
    """Fort points a scenario sets up in a hex."""

    side: str
    number: int
    at: str
    strength: int


@dataclass
class DevastationSpec:
    """Devastation a scenario sets up in an area (None points: all its production)."""

    id: str
    area: Area
    points: int | None = None  # None: all production in the area
    permanent: bool = False
    chosen_by: str = ""  # a side that chooses which points (when ``points`` is set)
    rule: str = ""


@dataclass
class FleetSpec:
    """A fleet a scenario sets up: its ship points and the ports it may be placed in."""

    name: str
    side: str
    nation: str
    capital: int
    ports: Area  # where it may be placed (Fleet strength points 2)
    in_port: bool = True


@dataclass
class Adjustment:
    """A production adjustment the scenario makes (``kind`` selects the procedure in
    mapref.rulesets.hitlers_war.production); its numbers are data."""

    id: str
    kind: str
    side: str
    rule: str
    params: dict = field(default_factory=dict)


@dataclass
class Note:
    """A victory condition or special rule: its words, citation and what implements it."""

    id: str
    rule: str
    text: str
    hexes: tuple[str, ...] = ()
    code: str = ""  # the module (and function) that implements it, if any


@dataclass
class Entry:
    """A nation that joins a side by itself at the beginning of a player turn, if it is still
    unaligned (War for Europe: Nations inclined toward the Axis 1-3; The United States 1)."""

    id: str
    rule: str
    nation: str
    side: str
    turn: Turn
    player_turn: str = ""  # the side whose player turn it begins ("": the turn's first side)
    army: str = ""  # an army it brings (placed in ``at``), or reinforces (``reinforce``)
    at: str = ""
    points: dict[str, int] = field(default_factory=dict)
    reinforce: bool = False  # add ``points`` to ``army`` if it is in play, never create it


@dataclass
class HomeForcesSpec:
    """Unaligned Forces 1 and the home forces table: infantry points per country, ``others`` for
    "All other countries"."""

    points: dict[str, int] = field(default_factory=dict)
    others: int = 0
    rule: str = ""

    def of(self, code: str) -> int:
        return self.points.get(code, self.others)


@dataclass
class Scenario:
    """A Hitler's War scenario as its file states it: the map, the turns, the sides and their set-up."""

    id: str
    name: str
    map: str
    ruleset: str
    rule: str  # the rulebook section of the set-up
    sides: tuple[str, ...]
    move_order: tuple[str, ...]
    first_turn: Turn
    last_turn: Turn
    first_phase: str = "movement"
    other_nations: str = "neutral"  # status of map countries not listed in ``nations``
    nations: dict[str, tuple[str | None, str]] = field(default_factory=dict)
    optional_ports: bool = False
    absent_boxes: tuple[str, ...] = ()
    no_production: Area = field(default_factory=Area)
    side_setups: dict[str, SideSetup] = field(default_factory=dict)
    armies: list[FixedArmy] = field(default_factory=list)
    pools: list[PoolSpec] = field(default_factory=list)
    forts: list[FortSpec] = field(default_factory=list)
    devastation: list[DevastationSpec] = field(default_factory=list)
    fleets: list[FleetSpec] = field(default_factory=list)
    records: dict[str, dict] = field(default_factory=dict)  # side -> uboats_port, ta_shipping...
    adjustments: list[Adjustment] = field(default_factory=list)
    victory: list = field(default_factory=list)  # mapref.rules.victory.Condition: the conditions as data
    special: list[Note] = field(default_factory=list)
    entries: list[Entry] = field(default_factory=list)
    notes: str = ""
    path: str = ""  # where it was loaded from (not saved)
    vp_track: object = None  # a seasonal VP track (mapref.rules.vptrack.TrackSpec), when the scenario has one
    home_forces: HomeForcesSpec | None = None  # Unaligned Forces (War for Europe)

    def setup(self, side: str) -> SideSetup:
        return self.side_setups[side]

    def has(self, special: str) -> bool:
        """Does the scenario use the rule its ``[special.<id>]`` note names?"""
        return any(n.id == special for n in self.special)

    def turns(self) -> list[Turn]:
        out, t = [], self.first_turn
        while t <= self.last_turn:
            out.append(t)
            t = t.next()
        return out


# --------------------------------------------------------------------------- map look-ups
def resolve_area(board, area: Area, absent_boxes: tuple[str, ...] = ()) -> set[str]:
    """The land spaces (hexes, boxes) of an area on a board (a map model is taken for its
    board); unknown codes are ignored here and reported by :func:`area_problems`."""
    return set(resolved_area(board, area, absent_boxes))


def resolved_area(board, area: Area, absent_boxes: tuple[str, ...] = ()) -> frozenset[str]:
    """:func:`resolve_area` as it is kept per map version (not a copy of its own: to read)."""
    board = board_for(board)
    key = (
        board.version,
        area.countries,
        area.allegiances,
        area.regions,
        area.hexes,
        area.boxes,
        area.except_,
        tuple(absent_boxes),
    )
    kept = board.__dict__.setdefault("_areas", {})
    if key in kept:
        return kept[key]
    if len(kept) > 64:
        kept.clear()
    countries = board.countries
    codes = set(area.countries) | {c for c, k in countries.items() if k.allegiance in area.allegiances}
    out: set[str] = set()
    by_country = board.land_by_country()
    for c in codes:
        out.update(by_country.get(c, ()))
    out.update(b for b in (box_space(x) for x in area.boxes) if board.space(b) is not None)
    regions = board.regions
    for r in area.regions:
        out.update(regions.get(r, ()))
    out.update(area.hexes)
    for x in area.except_:
        if x in regions:
            out.difference_update(regions[x])
        out.discard(x)
        out.discard(box_space(x))
    for b in absent_boxes:
        out.discard(box_space(b))
    kept[key] = done = frozenset(out)
    return done


def area_problems(board, area: Area, where: str) -> list[str]:
    """Codes an area names that the map does not have."""
    board = board_for(board)
    out = []
    countries = board.countries
    allegiances = {c.allegiance for c in countries.values()}
    for c in area.countries:
        if c not in countries:
            out.append(f"{where}: unknown country {c!r} (the map has {', '.join(sorted(countries))})")
    for a in area.allegiances:
        if a not in allegiances:
            out.append(f"{where}: no country of the map has allegiance {a!r}")
    for r in area.regions:
        if r not in board.regions:
            out.append(f"{where}: unknown region {r!r}")
    for b in area.boxes:
        if box_space(b) not in board:
            out.append(f"{where}: unknown box {b!r}")
    for lab in list(area.hexes) + [x for x in area.except_ if box_space(x) not in board and x not in board.regions]:
        s = board.space(lab)
        if s is None or s.is_box:
            out.append(f"{where}: {lab!r} is not a hex of the map")
    return out
