"""What every Hitler's War check shares: the game context (hex control, the spaces' attributes
read from the board, plain supply traces, production per space).  Rules ask the board
(mapref.core.board) and its graph, never the grid or the labels."""

from __future__ import annotations

from mapref.core.board import Board, Space, board_for
from mapref.core.graph import Graph, box_space
from mapref.rules.ruleset import Violation
from mapref.rulesets.hitlers_war.scenario import Scenario, resolve_area
from mapref.rulesets.hitlers_war.state import GameState

__all__ = ["Context", "Violation", "start_control", "SOVIET_UNION"]

SOVIET_UNION = "su"  # the nation whose standing is the Soviet side's (The Soviet Union 1-5)
INACTIVE = ("unaligned", "inclined", "surrendered")  # a nation's forces may not move or attack


class Context:
    """Map, scenario and state with the derived look-ups the checks need (read-only)."""

    def __init__(self, m, sc: Scenario, st: GameState, graph: Graph | None = None):
        self.map, self.scenario, self.state = m, sc, st
        self.board: Board = board_for(m)
        self.graph = graph or self.board.graph()
        self.start = start_control(self.board, sc)
        self.control = dict(self.start)
        for space, hs in st.hexes.items():
            if hs.control == "none":
                self.control.pop(space, None)
            elif hs.control:
                self.control[space] = hs.control
        self._supply: dict = {}
        self._absent = frozenset(box_space(b) for b in sc.absent_boxes)

    # spaces ---------------------------------------------------------------------------
    def space(self, space: str) -> Space | None:
        """The board's space, or None when the map or the scenario has no such space."""
        s = self.board.space(space)
        return None if s is None or space in self._absent else s

    def is_box(self, space: str) -> bool:
        s = self.board.space(space)
        return s is not None and s.is_box

    def exists(self, space: str) -> bool:
        return self.space(space) is not None

    def hexdata(self, space: str) -> Space | None:
        """The space of a hex (None for a box or no space)."""
        s = self.space(space)
        return None if s is None or s.is_box else s

    def country(self, space: str) -> str | None:
        s = self.board.space(space)
        return s.country if s is not None else None

    def is_land(self, space: str) -> bool:
        s = self.space(space)
        return s is not None and s.is_land

    def sea_zone(self, space: str) -> str | None:
        s = self.space(space)
        return s.sea if s is not None else None

    def port(self, space: str) -> int:
        s = self.space(space)
        if s is None or s.is_box:
            return 0
        if s.port_optional and not self.scenario.optional_ports:
            return 0
        return s.port

    def production(self, space: str) -> int:
        """Printed production of a space in this scenario (before devastation)."""
        s = self.space(space)
        if s is None or space in self.no_production:
            return 0
        return s.production

    @property
    def no_production(self) -> set[str]:
        if not hasattr(self, "_no_prod"):
            self._no_prod = resolve_area(self.board, self.scenario.no_production) if not self.scenario.no_production.is_empty() else set()
        return self._no_prod

    def undevastated(self, space: str) -> int:
        return max(0, self.production(space) - self.state.hex(space).devastated)

    def production_spaces(self) -> list[str]:
        return [s for s in self.board.spaces() if self.production(s)]

    def friendly(self, space: str, side: str) -> bool:
        return self.control.get(space) == side

    def neutral(self, space: str) -> str | None:
        """The country of ``space`` when it is permanently neutral (status ``neutral``: it may
        never be entered or attacked; All remaining unaligned countries 3; Barbarossa special
        rule 1; Fall of Germany special rule 2), else None.  The one neutral check."""
        c = self.country(space)
        n = self.state.nations.get(c) if c else None
        return c if n is not None and n.status == "neutral" else None

    # supply (Combat: Determine supply 1-4; mapref.rulesets.hitlers_war.supply) --------------
    def trace(self, side: str):
        """The side's supply trace (the one implementation: mapref.rules.supply.trace)."""
        if side not in self._supply:
            from mapref.rulesets.hitlers_war.supply import side_trace

            self._supply[side] = side_trace(self, side)
        return self._supply[side]

    def always_supplied(self, side: str) -> set[str]:
        """Allied Supply and Production 3: "Allied units in the USA and Canada off map boxes are
        ALWAYS in supply" (the scenario's ``always_supplied`` boxes), whoever the box is friendly
        to: the U.S. Home Army is supplied while the U.S. is unaligned."""
        setup = self.scenario.side_setups.get(side)
        return {box_space(b) for b in setup.always_supplied if self.exists(box_space(b))} if setup else set()

    def supplied(self, side: str) -> set[str]:
        """The side's supplied spaces (worked out once per context): its friendly spaces that
        trace supply, and the boxes always in supply.  Production and isolation read only the
        friendly ones."""
        key = ("supplied", side)
        if key not in self._supply:
            t = self.trace(side)
            self._supply[key] = t.supplied | self.always_supplied(side)
        return self._supply[key]

    def active(self, army) -> bool:
        """An army whose nation fights (not unaligned, inclined or surrendered: Italy, The United
        States: Activity limitations 1)."""
        n = self.state.nations.get(army.nation)
        return n is None or n.status not in INACTIVE

    # sides at war -------------------------------------------------------------------
    def at_war(self, a: str, b: str) -> bool:
        """Are sides ``a`` and ``b`` at war?  Allied & Soviet Cooperation 1: the Soviets and the
        Allies "may never attack one another"; The Soviet Union 1 (War for Europe): "The Soviet
        Union is not at war with anyone in 1939", recorded as its nation's ``at_peace`` status
        until it goes to war (The Soviet Union 5) -- and after a Soviet surrender "No further
        attacks are allowed between the Axis and Soviet players" (Surrender, Soviet Union 2)."""
        if a == b or not a or not b:
            return False
        if {a, b} == {"soviet", "allies"}:
            return False
        if "soviet" in (a, b):
            su = self.state.nations.get(SOVIET_UNION)
            return su is None or su.status == "at_war"
        return True


def start_control(board: Board, sc: Scenario) -> dict[str, str]:
    """Friendly hexes at the start (Hex control 1: every hex of the countries the set-up lists).
    Worked out once per map version and scenario."""
    key = (id(board), board.version)
    cached = getattr(sc, "_start_control", None)
    if cached is not None and cached[0] == key:
        return cached[1]
    out: dict[str, str] = {}
    for side in sc.sides:
        if side not in sc.side_setups:
            continue
        for space in sorted(resolve_area(board, sc.setup(side).friendly, sc.absent_boxes)):
            out.setdefault(space, side)
    sc._start_control = (key, out)
    return out
