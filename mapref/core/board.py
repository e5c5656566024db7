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

The base (:class:`Board`, :class:`Space`) is :mod:`mapref.core.board_base`; the hex map is
:class:`HexBoard` (this module); area maps are :mod:`mapref.core.areaboard`.
:func:`board_for` returns the board of a map model, cached on the model.

>>> from mapref.core.grid import Grid
>>> from mapref.core.model import MapModel
>>> m = MapModel(Grid(rows=3, cols=3))
>>> b = board_for(m)
>>> b.parse(" b2 "), b.space("B2").terrain, b.graph() is b.graph()
('B2', 'sea', True)
"""

from __future__ import annotations

from collections.abc import Mapping

from mapref.core.board_base import Board as Board, Space as Space, SpaceError as SpaceError, space_order
from mapref.core.graph import Graph, box_space, build_graph
from mapref.core.grid import Hex, LabelError, LabelScheme
from mapref.core.model import Country, MapModel


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

    def __contains__(self, space_id: object) -> bool:
        """Is ``space_id`` a space (what ``space(space_id) is not None`` says), without making
        it: a scenario's check asks of thousands (issue 34)."""
        if not isinstance(space_id, str):
            return False
        if space_id.startswith("box:"):
            return space_id[4:] in self.map.boxes
        h = self._hex_of().get(space_id)
        return h is not None and h in self.map.hexes

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

    def _make_coastal(self) -> frozenset[str]:
        m = self.map
        if len(m.hexes) != m.grid.rows * m.grid.cols:
            return super()._make_coastal()
        datas = m.hexes.values() if list(m.hexes) == m.grid.hex_list() else (m.hexes[h] for h in m.grid.hex_list())
        return frozenset(lab for lab, d in zip(m.grid.labels_row_major(), datas, strict=True) if d.terrain == "coastal")

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

    def _board_order(self) -> list[str]:
        """A whole grid labelled by row letters and column numbers is in :func:`space_order`
        row by row already (its rows' letters are bijective base 26: fewer letters first, then A
        to Z; then the column's number), the boxes after it by id: no key made per space (issue
        34: a tenth of the first report on 300x300)."""
        m = self.map
        if m.grid.labels is LabelScheme.LETTER_NUMBER and len(m.hexes) == m.grid.rows * m.grid.cols:
            return m.grid.labels_row_major() + sorted(box_space(b) for b in m.boxes)
        return super()._board_order()

    def ordered(self, ids) -> list[str]:
        """:meth:`Board.ordered`; hexes only of a whole letter-number grid, with the graph built:
        ranked by their numbers in the graph (row by row, as :meth:`_board_order`), read from its
        table of numbers rather than a table of ranks of its own (issue 34: 90,000 entries on a
        300x300 map, for the two lists of unsupplied hexes a report sorts)."""
        ids = list(ids)
        nums = self._hex_numbers(ids)
        if nums is None:
            return super().ordered(ids)
        gids = self.graph()._ids
        return [gids[i] for i in sorted(nums)]

    def _hex_numbers(self, ids: list[str]) -> list[int] | None:
        """The graph's number of each of ``ids`` when every one is a hex of a whole letter-number
        grid whose graph is built and numbers the hexes row by row first (else None)."""
        m = self.map
        cached = getattr(self, "_graph", None)
        n = m.grid.rows * m.grid.cols
        if cached is None or cached[0] != self.version or m.grid.labels is not LabelScheme.LETTER_NUMBER:
            return None
        if len(m.hexes) != n:
            return None
        g = cached[1]
        checked = self.__dict__.get("_graph_rows")
        if checked is None or checked[0] is not g:
            labels = m.grid.labels_row_major()
            checked = self._graph_rows = (g, len(g._ids) >= n and g._ids[:n] == labels)
        if not checked[1]:
            return None
        nums = list(map(g._ix.get, ids))
        if None in nums or max(nums, default=-1) >= n:
            return None
        return nums

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
            # an area map and its board need shapely: imported only when one is asked for (a hex
            # game never loads it); areaboard imports board_base, not this module (no cycle)
            from mapref.core.areaboard import AreaBoard
            from mapref.core.areamodel import AreaMap

            if not isinstance(m, AreaMap):
                raise TypeError(f"no board for {type(m).__name__}")
            b = AreaBoard(m)
        try:
            object.__setattr__(m, "_board", b)
        except AttributeError:
            return b
    return b


def graph_for(m: object) -> Graph:
    """The graph of a map model at its current edit version (built once per version)."""
    return board_for(m).graph()


__all__ = ["Board", "HexBoard", "Space", "SpaceError", "board_for", "graph_for", "space_order"]
