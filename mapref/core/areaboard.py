"""An area map as a :class:`~mapref.core.board.Board`: the spaces and the graph the rules read.

Spaces (see :mod:`mapref.core.board`):

- a location without halves is one space, its id (``berlin``, kind ``location``);
- a location with halves is two spaces, ``sedan.w`` and ``sedan.e`` (kind ``half``), and not a
  space itself: the rules ask ``location_of("sedan.w") == "sedan"``;
- an off-map box is ``box:usa`` (kind ``box``).

:attr:`Space.attrs` carries what the rules read of an area: ``colour`` (the colour class),
``vp``, ``supply`` (a tuple of :class:`~mapref.core.areamodel.Supply`), ``half`` (the half id),
``condition`` (a box's), and the location's free attributes.  ``Space.country`` is the colour
class too, so code written for countries works; ``Space.capital`` is the capital flag.

The graph has one :class:`~mapref.core.graph.Connection` per move line (kind ``land``,
``naval`` or the map's own; ``oneway``; attrs ``line`` = the line's id, ``defence`` = {space:
value} for each end with a value, ``condition``, ``proposed`` and the line's free attributes),
plus a connection of kind ``half`` between the two halves of each split location.

:meth:`AreaBoard.parse` reads what a user typed: ids in any case (``Sedan.W``), ``box:usa``
or a box's name, and a location's name (``Paris``).  A name of a location with halves is
ambiguous as a *space*: ``parse`` raises :class:`SpaceError` listing the halves (``Sedan has
two halves: sedan.w, sedan.e``); :meth:`AreaBoard.parse_location` accepts it and returns the
location id.  No rules live here: control and supply are the ruleset's.
"""

from __future__ import annotations

from types import MappingProxyType
from collections.abc import Mapping

from mapref.core.areamodel import COMPASS_WORDS, AreaMap, box_space
from mapref.core.board_base import Board, Space, SpaceError
from mapref.core.graph import Connection, Graph
from mapref.core.model import Country


class AreaBoard(Board):
    kind = "area"

    def __init__(self, m: AreaMap) -> None:
        self.map = m
        self._seen = -1
        self._fresh()

    @property
    def version(self) -> int:
        return self.map.version

    def _fresh(self) -> None:
        if self._seen == self.map.version:
            return
        self._seen = self.map.version
        m = self.map
        spaces: dict[str, Space] = {}
        for lid, loc in m.locations.items():
            base = dict(loc.attrs)
            base.update(colour=loc.colour, vp=loc.vp, supply=loc.supply, capital=loc.capital)
            if loc.has_halves:
                for h in loc.halves:
                    sid = f"{lid}.{h}"
                    attrs = dict(base, half=h)
                    word = COMPASS_WORDS.get(h, h)
                    spaces[sid] = Space(
                        sid,
                        "half",
                        name=f"{loc.label} ({word})",
                        location=lid,
                        terrain="land",
                        country=loc.colour or None,
                        capital=loc.capital,
                        attrs=MappingProxyType(attrs),
                    )
            else:
                spaces[lid] = Space(
                    lid,
                    "location",
                    name=loc.label,
                    location=lid,
                    terrain="land",
                    country=loc.colour or None,
                    capital=loc.capital,
                    attrs=MappingProxyType(base),
                )
        for bid, b in m.boxes.items():
            sid = box_space(bid)
            attrs = dict(b.attrs)
            attrs.update(colour=b.colour, vp=b.vp, supply=b.supply, capital=b.capital, condition=b.condition)
            spaces[sid] = Space(
                sid,
                "box",
                name=b.label,
                location=sid,
                terrain="land",
                country=b.colour or None,
                capital=b.capital,
                attrs=MappingProxyType(attrs),
            )
        self._spaces = spaces
        self._order = sorted(spaces, key=self.order_key)
        self._lower = {s.lower(): s for s in spaces}

    # Board interface ----------------------------------------------------------------
    @property
    def name(self) -> str:
        return self.map.name

    @property
    def countries(self) -> Mapping[str, Country]:
        """The colour classes, as countries (name, fill colour, side as the allegiance)."""
        return {k: Country(c.name, c.colour, c.side or k) for k, c in self.map.colours.items()}

    @property
    def regions(self) -> Mapping[str, tuple[str, ...]]:
        self._fresh()
        out = {}
        for rid, r in self.map.regions.items():
            members: list[str] = []
            for x in r.members:
                loc = self.map.locations.get(x)
                members += list(loc.spaces()) if loc is not None else [x]
            out[rid] = tuple(members)
        return out

    def spaces(self) -> list[str]:
        self._fresh()
        return self._order

    def space(self, space_id: str) -> Space | None:
        self._fresh()
        return self._spaces.get(space_id) if isinstance(space_id, str) else None

    def is_place(self, place_id: str) -> bool:
        """A space, or a location with halves (``paris``: its halves are the spaces)."""
        return self.space(place_id) is not None or (isinstance(place_id, str) and place_id in self.map.locations)

    def order_key(self, space_id: str) -> tuple:
        if space_id.startswith("box:"):
            return (1, space_id, 0)
        loc, _, half = space_id.partition(".")
        lo = self.map.locations.get(loc)
        return (0, loc, lo.halves.index(half) if lo is not None and half in lo.halves else 0)

    def parse(self, text: str) -> str:
        """The space a user typed; a location with halves must be named by its half."""
        lid = self._parse(text)
        if lid in self._spaces:
            return lid
        loc = self.map.locations[lid]
        raise SpaceError(f"{text!r}: {loc.label} has two halves: {', '.join(loc.spaces())}; name one")

    def parse_location(self, text: str) -> str:
        """The location (or ``box:<id>``) a user typed: a half gives its location."""
        sid = self._parse(text)
        return self.location_of(sid) if sid in self._spaces else sid

    def _parse(self, text: str) -> str:
        self._fresh()
        if not isinstance(text, str) or not text.strip():
            raise SpaceError(f"expected a location, a half (such as {self._example()}) or a box, got {text!r}")
        t = text.strip()
        low = t.lower()
        if low in self._lower:
            return self._lower[low]
        if low in {x.lower() for x in self.map.locations}:
            return next(x for x in self.map.locations if x.lower() == low)
        m = self.map
        for bid, b in m.boxes.items():
            if bid.lower() == low.removeprefix("box:") or b.name.lower() == low.removeprefix("box:"):
                return box_space(bid)
        named = [lid for lid, loc in m.locations.items() if loc.name.lower() == low]
        if len(named) == 1:
            return named[0]
        if len(named) > 1:
            raise SpaceError(f"{text!r}: several locations have this name: {', '.join(named)}")
        raise SpaceError(f"{text!r}: no location, half or box of the map is called so (such as {self._example()})")

    def _example(self) -> str:
        for loc in self.map.locations.values():
            if loc.has_halves:
                return loc.spaces()[0]
        return next(iter(self.map.locations), "berlin")

    def _build_graph(self) -> Graph:
        m = self.map
        g = Graph()
        g.spaces = list(self.spaces())
        for lid, loc in m.locations.items():
            if loc.has_halves:
                a, b = loc.spaces()
                g.add(Connection(a, b, "half", attrs=MappingProxyType({"location": lid})))
        for lid, ln in m.lines.items():
            defence = {}
            if ln.defence_a:
                defence[ln.a] = ln.defence_a
            if ln.defence_b:
                defence[ln.b] = ln.defence_b
            attrs = dict(ln.attrs)
            attrs.update(line=lid, defence=MappingProxyType(defence), condition=ln.condition, proposed=ln.proposed)
            g.add(Connection(ln.a, ln.b, ln.kind, oneway=ln.oneway, attrs=MappingProxyType(attrs)))
        return g


__all__ = ["AreaBoard"]
