"""What every Hitler's War check shares: violations, hex control, plain supply traces, production
per space.  Rules use the graph (mapref.core.graph), never the grid."""

from __future__ import annotations

from dataclasses import dataclass

from mapref.core.graph import Graph, box_space, build_graph
from mapref.core.model import MapModel
from mapref.rulesets.hitlers_war.scenario import Scenario, resolve_area
from mapref.rulesets.hitlers_war.state import GameState


@dataclass(frozen=True)
class Violation:
    code: str  # stable identifier, e.g. "stacking.two_armies"
    rule: str  # rulebook citation: section and paragraph
    where: str  # a space (hex label or box:<id>), an army or fleet name, or "" for the side
    side: str
    message: str

    def as_dict(self) -> dict:
        return {"code": self.code, "rule": self.rule, "where": self.where, "side": self.side, "message": self.message}


class Context:
    """Map, scenario and state with the derived look-ups the checks need (read-only)."""

    def __init__(self, m: MapModel, sc: Scenario, st: GameState, graph: Graph | None = None):
        self.map, self.scenario, self.state = m, sc, st
        self.graph = graph or build_graph(m)
        self.start = start_control(m, sc)
        self.control = dict(self.start)
        for space, hs in st.hexes.items():
            if hs.control == "none":
                self.control.pop(space, None)
            elif hs.control:
                self.control[space] = hs.control
        self._supply: dict = {}

    # spaces ---------------------------------------------------------------------------
    def is_box(self, space: str) -> bool:
        return space.startswith("box:")

    def exists(self, space: str) -> bool:
        if self.is_box(space):
            bid = space[4:]
            return bid in self.map.boxes and bid not in self.scenario.absent_boxes
        try:
            self.map.grid.parse(space)
        except ValueError:
            return False
        return True

    def hexdata(self, space: str):
        return None if self.is_box(space) else self.map.hex(space)

    def country(self, space: str) -> str | None:
        if self.is_box(space):
            b = self.map.boxes.get(space[4:])
            return b.country if b else None
        return self.map.hex(space).country

    def port(self, space: str) -> int:
        if self.is_box(space) or not self.exists(space):
            return 0
        d = self.map.hex(space)
        if d.port_optional and not self.scenario.optional_ports:
            return 0
        return d.port

    def production(self, space: str) -> int:
        """Printed production of a space in this scenario (before devastation)."""
        if not self.exists(space) or space in self.no_production:
            return 0
        if self.is_box(space):
            return self.map.boxes[space[4:]].production
        return self.map.hex(space).production

    @property
    def no_production(self) -> set[str]:
        if not hasattr(self, "_no_prod"):
            self._no_prod = resolve_area(self.map, self.scenario.no_production) if not self.scenario.no_production.is_empty() else set()
        return self._no_prod

    def undevastated(self, space: str) -> int:
        return max(0, self.production(space) - self.state.hex(space).devastated)

    def production_spaces(self) -> list[str]:
        out = [self.map.label(h) for h, d in sorted(self.map.hexes.items()) if d.production]
        out += [box_space(b) for b, x in self.map.boxes.items() if x.production and b not in self.scenario.absent_boxes]
        return [s for s in out if self.production(s)]

    def friendly(self, space: str, side: str) -> bool:
        return self.control.get(space) == side

    # supply (Combat: Determine supply 1-4; mapref.rulesets.hitlers_war.supply) --------------
    def trace(self, side: str):
        """The side's supply trace (the one implementation: mapref.rules.supply.trace)."""
        if side not in self._supply:
            from mapref.rulesets.hitlers_war.supply import side_trace

            self._supply[side] = side_trace(self, side)
        return self._supply[side]

    def supplied(self, side: str) -> set[str]:
        t = self.trace(side)
        always = {box_space(b) for b in self.scenario.side_setups[side].always_supplied} if side in self.scenario.side_setups else set()
        return t.supplied | {s for s in always if self.friendly(s, side)}


def start_control(m: MapModel, sc: Scenario) -> dict[str, str]:
    """Friendly hexes at the start (Hex control 1: every hex of the countries the set-up lists)."""
    out: dict[str, str] = {}
    for side in sc.sides:
        if side not in sc.side_setups:
            continue
        for space in sorted(resolve_area(m, sc.setup(side).friendly, sc.absent_boxes)):
            out.setdefault(space, side)
    return out
