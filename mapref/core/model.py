"""The map model: what a hex map holds, independent of files and screens.

A :class:`MapModel` is a :class:`~mapref.core.grid.Grid` plus

- per hex (:class:`HexData`): terrain (``land``, ``sea`` or ``coastal`` = part land, part
  sea), country code, sea zone code, production (0-16), name, mountain, capital, port
  capacity (0 = no port; >1 shows an anchor), whether the port exists only when a scenario
  switches optional ports on, and the hexes a port may be entered from (Taranto: I12 only);
- per hexside (:class:`SideData`, only sides that differ from the default): straits crossing
  arrow, an all-sea override, impassable;
- countries (:class:`Country`), sea zones (:class:`Sea`), named regions of hexes
  (:class:`Region`: Sicily, Western Libya...), off-map boxes (:class:`Box`) and free-form point
  features (:class:`Feature`: lend-lease depots, supply sources...).

Whether a hexside is *all sea* is derived: it is when either hex is sea or lies off the map,
unless the map overrides it (two coastal hexes across a strait, say).  Rules never walk the
grid: they use :mod:`mapref.core.graph`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import filterfalse
from collections.abc import Iterator

from mapref.core.grid import Grid, Hex, Hexside

TERRAINS = ("sea", "land", "coastal")
MAX_PRODUCTION = 16


@dataclass(slots=True)
class HexData:
    """What a map file says of one hex: terrain, country, sea zone, production and the rest."""

    terrain: str = "sea"
    country: str | None = None
    sea: str | None = None
    production: int = 0
    name: str = ""
    mountain: bool = False
    capital: bool = False
    port: int = 0
    port_optional: bool = False
    port_access: tuple[Hex, ...] = ()

    @property
    def is_land(self) -> bool:
        """Land an army can stand on: full land or part land, part sea."""
        return self.terrain != "sea"

    @property
    def is_water(self) -> bool:
        """Water a fleet can sail: full sea or part sea."""
        return self.terrain != "land"


@dataclass
class SideData:
    """What a map file says of one hexside: a crossing, all-sea, impassable."""

    crossing: bool = False
    all_sea: bool | None = None  # None: derived from terrain
    impassable: bool = False

    def is_default(self) -> bool:
        return not self.crossing and self.all_sea is None and not self.impassable


@dataclass
class Country:
    """A country of the map: its name, colour and allegiance at the start of the war."""

    name: str
    colour: str
    allegiance: str  # colour group at the start of the war: germany, britain, neutral...


@dataclass
class Sea:
    """A sea zone of the map: its name and colour."""

    name: str
    colour: str


@dataclass
class Region:
    """A named group of hexes the rules speak of (Sicily, Western Libya, the Low Countries)."""

    name: str
    hexes: tuple[Hex, ...]
    country: str | None = None


@dataclass
class SeaArrow:
    """A sea arrow: from a water hex, so many hexsides long, onto a sea zone."""

    hex: Hex  # the water hex the arrow leaves from
    length: int  # in hexsides
    sea: str  # the sea zone it opens on


@dataclass
class Box:
    """An off-map box: one oversized hex with no stacking limit."""

    name: str
    production: int = 0
    country: str | None = None
    land: tuple[Hex, ...] = ()  # hexes it touches by land
    sea_arrows: tuple[SeaArrow, ...] = ()
    position: tuple[float, float] = (0.0, 0.0)  # top-left, in hex-size units from the map origin
    optional: bool = False  # exists only in some scenarios


@dataclass
class Feature:
    """A point feature on a hex or box, with free attributes (side, capacity...)."""

    kind: str
    hex: Hex | None = None
    box: str | None = None
    attrs: dict[str, object] = field(default_factory=dict)


@dataclass
class MapModel:
    """A hex map as its file holds it: the grid, the hexes, the hexsides, countries, seas and the rest."""

    grid: Grid
    name: str = ""
    hex_size: float = 30.0
    hexes: dict[Hex, HexData] = field(default_factory=dict)
    hexsides: dict[Hexside, SideData] = field(default_factory=dict)
    countries: dict[str, Country] = field(default_factory=dict)
    seas: dict[str, Sea] = field(default_factory=dict)
    regions: dict[str, Region] = field(default_factory=dict)
    boxes: dict[str, Box] = field(default_factory=dict)
    features: dict[str, Feature] = field(default_factory=dict)
    notes: str = ""
    background: dict | None = None  # editor's tracing image: image, opacity, offset, scale
    # edit version: bumped by every change made through the undo history (mapref.core.history)
    # or :meth:`touch`; the board's graph and spaces are cached per version (mapref.core.board)
    version: int = field(default=0, compare=False, repr=False)

    def touch(self) -> None:
        """Say the map changed outside the undo history (caches built from it are stale)."""
        self.version += 1

    def __post_init__(self) -> None:
        if not self.hexes:
            self.hexes = {h: HexData() for h in self.grid.hex_list()}
            return
        for h in filterfalse(self.hexes.__contains__, self.grid.hex_list()):  # (no data made for those given)
            self.hexes[h] = HexData()

    # ------------------------------------------------------------------------- look-ups
    def hex(self, label: str) -> HexData:
        return self.hexes[self.grid.parse(label)]

    def at(self, space: str) -> HexData | None:
        """The hex data of a graph space (a hex label), or None for an off-map box."""
        return None if space.startswith("box:") else self.hexes[self.grid.parse(space)]

    def describe(self, h: Hex) -> str:
        """One line for a status bar: ``P10 Berlin, Germany, land, production 4, capital``."""
        d = self.hexes[h]
        parts = [self.grid.label(h) + (f" {d.name}" if d.name else "")]
        if d.country:
            parts.append(self.countries[d.country].name if d.country in self.countries else d.country)
        parts.append(d.terrain)
        if d.sea:
            parts.append(self.seas[d.sea].name if d.sea in self.seas else d.sea)
        if d.production:
            parts.append(f"production {d.production}")
        if d.port:
            parts.append(f"port {d.port}" + (" (optional)" if d.port_optional else ""))
        if d.capital:
            parts.append("capital")
        if d.mountain:
            parts.append("mountain")
        return ", ".join(parts)

    def label(self, h: Hex) -> str:
        return self.grid.label(h)

    def side(self, s: Hexside) -> SideData:
        return self.hexsides.get(s) or SideData()

    def is_all_sea(self, s: Hexside) -> bool:
        """Rulebook (Movement 2): a hexside entirely in the sea, free of any coastline."""
        data = self.hexsides.get(s)
        if data is not None and data.all_sea is not None:
            return data.all_sea
        return self.derived_all_sea(s)

    def derived_all_sea(self, s: Hexside) -> bool:
        for h in (s.a, s.b):
            if not self.grid.contains(h) or self.hexes[h].terrain == "sea":
                return True
        return False

    def hexes_of_country(self, code: str) -> list[Hex]:
        return [h for h, d in self.hexes.items() if d.country == code]

    def named(self) -> Iterator[tuple[Hex, HexData]]:
        for h, d in sorted(self.hexes.items()):
            if d.name:
                yield h, d

    def find_name(self, name: str) -> Hex | None:
        low = name.strip().lower()
        for h, d in self.hexes.items():
            if d.name.lower() == low:
                return h
        return None

    def production_by_country(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for d in self.hexes.values():
            if d.production and d.country:
                out[d.country] = out.get(d.country, 0) + d.production
        return out

    def set_side(self, s: Hexside, **changes: object) -> None:
        data = self.hexsides.get(s) or SideData()
        for k, v in changes.items():
            setattr(data, k, v)
        if data.is_default():
            self.hexsides.pop(s, None)
        else:
            self.hexsides[s] = data
