"""One interface for every kind of map: a :class:`Board` of spaces joined by a graph.

A game is played on spaces: the hexes of a hex map, its off-map boxes, and (on an area map)
locations and the halves they are split into.  Every space has a stable **id**, the name a user
types for it and the one the files and the graph use:

============ ============================ ===============================================
kind         id                           example
============ ============================ ===============================================
hex          its label                    ``P10``
box          ``box:`` + the box's id      ``box:siberia``
location     the location's id            ``berlin`` (an area without halves)
half         location id ``.`` half id    ``sedan.w``
============ ============================ ===============================================

Rules ask the board, never the grid: :meth:`Board.space` gives a :class:`Space` with the
attributes the rules read (country, production, port, terrain, sea zone...), :meth:`Board.parse`
turns what a user typed into an id (or a clear :class:`SpaceError`), :meth:`Board.order_key` is
the one order spaces are listed in, and :meth:`Board.graph` is the map's graph
(:mod:`mapref.core.graph`), built once per edit version of the map and shared by every question.

The hex map is :class:`HexBoard` (this module); area maps are :mod:`mapref.core.areaboard`.
:func:`board_for` returns the board of a map model, cached on the model.

>>> from mapref.core.grid import Grid
>>> from mapref.core.model import MapModel
>>> m = MapModel(Grid(rows=3, cols=3))
>>> b = board_for(m)
>>> b.parse(" b2 "), b.space("B2").terrain, b.graph() is b.graph()
('B2', 'sea', True)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from collections.abc import Iterable, Mapping

from mapref.core.graph import Graph, box_space, build_graph
from mapref.core.grid import Hex, LabelError
from mapref.core.model import Country, MapModel

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
            cached = (self.version, {s: i for i, s in enumerate(sorted(self.spaces(), key=self.order_key))})
            self._order_rank = cached
        rank = cached[1]
        if all(map(rank.__contains__, ids)):
            return sorted(ids, key=rank.__getitem__)
        return sorted(ids, key=self.order_key)

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


def space_order(space_id: str) -> tuple:
    """The order of hex labels and boxes: hexes by row letters then column, boxes last."""
    if space_id.startswith("box:"):
        return (1, space_id, 0)
    letters = space_id.rstrip("0123456789")
    digits = space_id[len(letters) :]
    return (0, f"{len(letters):02d}{letters}", int(digits) if digits.isdigit() else 0)


class HexBoard(Board):
    """A hex map (:class:`~mapref.core.model.MapModel`) as a board: hexes by label, boxes as
    ``box:<id>``.  Spaces are made on first use and forgotten when the map is edited."""

    kind = "hex"

    def __init__(self, m: MapModel) -> None:
        self.map = m
        self._spaces: dict[str, Space | None] = {}
        self._seen_version = m.version

    # version and caches --------------------------------------------------------------
    @property
    def version(self) -> int:
        return self.map.version

    def _fresh(self) -> None:
        if self._seen_version != self.map.version:
            self._spaces.clear()
            self.__dict__.pop("_order", None)
            self.__dict__.pop("_regions", None)
            self._seen_version = self.map.version

    @property
    def name(self) -> str:
        return self.map.name

    @property
    def countries(self) -> Mapping[str, Country]:
        return self.map.countries

    @property
    def regions(self) -> Mapping[str, tuple[str, ...]]:
        self._fresh()
        if "_regions" not in self.__dict__:
            lab = self.map.grid.label
            self._regions = {k: tuple(lab(h) for h in r.hexes) for k, r in self.map.regions.items()}
        return self._regions

    # spaces --------------------------------------------------------------------------
    def spaces(self) -> list[str]:
        self._fresh()
        if "_order" not in self.__dict__:
            m = self.map
            if len(m.hexes) == m.grid.rows * m.grid.cols:  # the grid's hexes, row by row (sorted)
                hexes = m.grid.labels_row_major()
            else:
                hexes = [m.grid.label(h) for h in sorted(m.hexes)]
            self._order = hexes + [box_space(b) for b in m.boxes]
        return self._order

    def space(self, space_id: str) -> Space | None:
        self._fresh()
        try:
            return self._spaces[space_id]
        except KeyError:
            pass
        s = self._make(space_id)
        self._spaces[space_id] = s
        return s

    def _make(self, space_id: str) -> Space | None:
        m = self.map
        if not isinstance(space_id, str):
            return None
        if space_id.startswith("box:"):
            bid = space_id[4:]
            b = m.boxes.get(bid)
            if b is None:
                return None
            return Space(
                space_id,
                "box",
                name=b.name or bid,
                location=space_id,
                terrain="land",
                country=b.country,
                production=b.production,
                optional=b.optional,
            )
        h = self._hex_of().get(space_id)  # only the canonical label is an id (``p10`` is parsed, not looked up)
        if h is None:
            return None
        d = m.hexes[h]
        lab = m.grid.label
        return Space(
            space_id,
            "hex",
            name=d.name,
            location=space_id,
            terrain=d.terrain,
            country=d.country,
            sea=d.sea,
            production=d.production,
            port=d.port,
            port_optional=d.port_optional,
            port_access=tuple(lab(x) for x in d.port_access),
            capital=d.capital,
            mountain=d.mountain,
        )

    def _land_spaces(self):
        m = self.map
        if len(m.hexes) != m.grid.rows * m.grid.cols or list(m.hexes) != m.grid.hex_list():
            yield from super()._land_spaces()
            return
        for lab, d in zip(m.grid.labels_row_major(), m.hexes.values(), strict=True):
            if d.terrain != "sea":
                yield lab, d  # what is read of it (country) is the same as on its Space
        for b in self.spaces()[len(m.hexes) :]:
            s = self.space(b)
            if s is not None and s.is_land:
                yield b, s

    def _make_sea_table(self) -> tuple[Mapping[str, str], frozenset[str]]:
        m = self.map
        if len(m.hexes) != m.grid.rows * m.grid.cols:
            return super()._make_sea_table()
        labels = m.grid.labels_row_major()
        datas = m.hexes.values() if list(m.hexes) == m.grid.hex_list() else (m.hexes[h] for h in m.grid.hex_list())
        zones, full = {}, set()
        for lab, d in zip(labels, datas, strict=True):
            if d.sea:
                zones[lab] = d.sea
            if d.terrain == "sea":
                full.add(lab)
        return zones, frozenset(full)

    def _hex_of(self) -> dict[str, Hex]:
        """Hex label -> hex, for the grid (kept until the grid changes)."""
        g = self.map.grid
        kept = self.__dict__.get("_labels")
        if kept is None or kept[0] is not g:
            kept = (g, dict(zip(g.labels_row_major(), g.hex_list(), strict=True)))
            self._labels = kept
        return kept[1]

    def parse(self, text: str) -> str:
        if not isinstance(text, str) or not text.strip():
            raise SpaceError(f"expected a hex such as {self.map.grid.example_label()} or a box, got {text!r}")
        t = text.strip()
        low = t.lower()
        if low.startswith("box:"):
            low = low[4:]
        for bid in self.map.boxes:
            if bid.lower() == low or self.map.boxes[bid].name.lower() == low:
                return box_space(bid)
        if t.lower().startswith("box:"):
            raise SpaceError(f"{text!r}: no such box (the map has {', '.join(sorted(self.map.boxes)) or 'none'})")
        try:
            h = self.map.grid.parse(t.upper())
        except (LabelError, ValueError) as e:
            raise SpaceError(f"{text!r}: not a hex or box of the map ({e})") from None
        return self.map.grid.label(h)

    def order_key(self, space_id: str) -> tuple:
        return space_order(space_id)

    def _build_graph(self) -> Graph:
        return build_graph(self.map)


def board_for(m: object) -> Board:
    """The board of a map model (hex or area), cached on the model."""
    if isinstance(m, Board):
        return m
    b = getattr(m, "_board", None)
    if b is None:
        if isinstance(m, MapModel):
            b = HexBoard(m)
        else:
            make = getattr(m, "make_board", None)
            if make is None:
                raise TypeError(f"no board for {type(m).__name__}")
            b = make()
        try:
            object.__setattr__(m, "_board", b)
        except AttributeError:
            return b
    return b


def graph_for(m: object) -> Graph:
    """The graph of a map model at its current edit version (built once per version)."""
    return board_for(m).graph()


__all__ = ["Board", "HexBoard", "Space", "SpaceError", "board_for", "graph_for", "space_order"]
