"""The board every kind of map is, below each kind: :class:`Board` (the interface the rules ask),
:class:`Space` (what they read of one space), :class:`SpaceError` and :func:`space_order`.

:mod:`mapref.core.board` has the hex map's board and :func:`~mapref.core.board.board_for`
(which re-exports these names); :mod:`mapref.core.areaboard` the area map's.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from types import MappingProxyType
from collections.abc import Iterable, Mapping

from mapref.core.graph import Graph
from mapref.core.model import Country

EMPTY: Mapping[str, object] = MappingProxyType({})


class SpaceError(ValueError):
    """Text that names no space of the board."""


@dataclass(frozen=True, slots=True)
class Space:
    """What the rules read of one space (a snapshot of the map at one edit version)."""

    id: str
    kind: str  # "hex", "box", "location" or "half"
    name: str = ""  # printed name: "Berlin"
    location: str = ""  # the location a half belongs to; the space's own id otherwise
    terrain: str = "land"  # "land", "sea" or "coastal" (part land, part sea)
    country: str | None = None
    sea: str | None = None  # sea zone of a hex with water in it
    production: int = 0  # printed production (before any scenario or devastation)
    port: int = 0  # port capacity, 0 = no port
    port_optional: bool = False  # the port exists only where a scenario switches optional ports on
    port_access: tuple[str, ...] = ()  # the spaces a port is entered from (Taranto: I12 only)
    capital: bool = False
    mountain: bool = False
    optional: bool = False  # a box that exists only in some scenarios
    attrs: Mapping[str, object] = field(
        default_factory=lambda: EMPTY
    )  # free attributes (area maps: colour, victory...)

    @property
    def is_box(self) -> bool:
        return self.kind == "box"

    @property
    def is_land(self) -> bool:
        """Land an army can stand on (boxes and land areas included)."""
        return self.terrain != "sea"

    @property
    def is_water(self) -> bool:
        """Water a fleet can sail (a full-sea or part-sea hex)."""
        return self.kind == "hex" and self.terrain != "land"

    @property
    def label(self) -> str:
        """How to show the space to a user: ``P10 Berlin``, ``Siberia``, ``Sedan (west)``."""
        if self.kind == "hex":
            return f"{self.id} {self.name}" if self.name else self.id
        return self.name or self.id


class Board:
    """The interface every kind of map offers the rules (see the module docstring)."""

    kind = ""

    # --- to be provided by each kind of board ----------------------------------------
    @property
    def version(self) -> int:
        raise NotImplementedError

    @property
    def name(self) -> str:
        raise NotImplementedError

    @property
    def countries(self) -> Mapping[str, Country]:
        raise NotImplementedError

    @property
    def regions(self) -> Mapping[str, tuple[str, ...]]:
        """Named groups of spaces the rules speak of (Sicily, Western Libya): id -> space ids."""
        raise NotImplementedError

    def spaces(self) -> list[str]:
        """Every space id, in :meth:`order_key` order."""
        raise NotImplementedError

    def space(self, space_id: str) -> Space | None:
        """The space with this id, or None."""
        raise NotImplementedError

    def is_place(self, place_id: str) -> bool:
        """Is ``place_id`` a space, or a place made of spaces (an area map's location with
        halves)?  What a scenario may name where it asks who holds a place (issue 33)."""
        return self.space(place_id) is not None

    def parse(self, text: str) -> str:
        """The id of the space a user typed (``p10``, ``siberia``, ``box:siberia``); raises
        :class:`SpaceError` saying what was expected."""
        raise NotImplementedError

    def order_key(self, space_id: str) -> tuple:
        """The one order spaces are listed in (reports, saved games)."""
        raise NotImplementedError

    def ordered(self, ids) -> list[str]:
        """``ids`` (space ids) sorted by :meth:`order_key`: by each space's rank among the
        board's spaces, worked out once per map version (a sort of thousands of unsupplied hexes
        after every capture makes no key of its own per space)."""
        ids = list(ids)
        cached = getattr(self, "_order_rank", None)
        if cached is None or cached[0] != self.version:
            order = self._board_order()
            cached = (self.version, dict(zip(order, range(len(order)), strict=True)))  # at C speed
            self._order_rank = cached
        rank = cached[1]
        if all(map(rank.__contains__, ids)):
            return sorted(ids, key=rank.__getitem__)
        return sorted(ids, key=self.order_key)

    def _board_order(self) -> list[str]:
        """Every space in the order of :meth:`order_key` (boards may know it without a key per space)."""
        return sorted(self.spaces(), key=self.order_key)

    def _build_graph(self) -> Graph:
        raise NotImplementedError

    # --- shared ----------------------------------------------------------------------
    def __contains__(self, space_id: object) -> bool:
        return isinstance(space_id, str) and self.space(space_id) is not None

    def graph(self) -> Graph:
        """The map's graph, built once per edit version of the map."""
        cached = getattr(self, "_graph", None)
        if cached is None or cached[0] != self.version:
            cached = (self.version, self._build_graph())
            self._graph = cached
        return cached[1]

    def sea_table(self) -> tuple[Mapping[str, str], frozenset[str]]:
        """(the sea zone of every space that has one, the full-sea spaces), worked out once per
        map version: what a supply search over the whole map reads instead of every space."""
        cached = getattr(self, "_sea_table", None)
        if cached is None or cached[0] != self.version:
            cached = (self.version, self._make_sea_table())
            self._sea_table = cached
        return cached[1]

    def _make_sea_table(self) -> tuple[Mapping[str, str], frozenset[str]]:
        zones, full = {}, set()
        for sid in self.spaces():
            s = self.space(sid)
            if s is not None and s.sea:
                zones[sid] = s.sea
            if s is not None and s.terrain == "sea":
                full.add(sid)
        return zones, frozenset(full)

    def coastal_spaces(self) -> frozenset[str]:
        """The spaces of terrain ``coastal`` (part land, part sea; never a box), worked out once
        per map version: what the fleets' sea plan reads instead of making every space."""
        cached = getattr(self, "_coastal", None)
        if cached is None or cached[0] != self.version:
            cached = (self.version, self._make_coastal())
            self._coastal = cached
        return cached[1]

    def _make_coastal(self) -> frozenset[str]:
        out = set()
        for sid in self.spaces():
            s = self.space(sid)
            if s is not None and not s.is_box and s.terrain == "coastal":
                out.add(sid)
        return frozenset(out)

    def sorted(self, spaces: Iterable[str]) -> list[str]:
        return sorted(spaces, key=self.order_key)

    def location_of(self, space_id: str) -> str:
        s = self.space(space_id)
        return s.location if s is not None and s.location else space_id

    def spaces_of_country(self, code: str) -> list[str]:
        """The land spaces (boxes included) of a country, in board order."""
        return list(self.land_by_country().get(code, ()))

    def land_by_country(self) -> Mapping[str, tuple[str, ...]]:
        """Country code -> its land spaces (boxes included), in board order; once per map
        version."""
        cached = getattr(self, "_land_by_country", None)
        if cached is None or cached[0] != self.version:
            out: dict[str, list[str]] = {}
            for sid, s in self._land_spaces():
                if s.country is not None:
                    out.setdefault(s.country, []).append(sid)
            cached = (self.version, {k: tuple(v) for k, v in out.items()})
            self._land_by_country = cached
        return cached[1]

    def _land_spaces(self):
        """(id, space) of every land space in board order (boards may read their map quicker)."""
        for sid in self.spaces():
            s = self.space(sid)
            if s is not None and s.is_land:
                yield sid, s

    def country_name(self, code: str | None) -> str:
        if not code:
            return ""
        c = self.countries.get(code)
        return c.name if c is not None and c.name else code


@lru_cache(maxsize=1 << 18)  # (a state's data sorts its hexes by it after every action: issue 34)
def space_order(space_id: str) -> tuple:
    """The order of hex labels and boxes: hexes by row letters then column, boxes last."""
    if space_id.startswith("box:"):
        return (1, space_id, 0)
    letters = space_id.rstrip("0123456789")
    digits = space_id[len(letters) :]
    return (0, f"{len(letters):02d}{letters}", int(digits) if digits.isdigit() else 0)


__all__ = ["Board", "Space", "SpaceError", "space_order"]
