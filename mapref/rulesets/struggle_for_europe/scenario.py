"""A Struggle for Europe scenario: the factions, the hand sizes, the strategic bombing track, the
counter set-up and the victory conditions, as the scenario file states them (docs/format.md)."""

from __future__ import annotations

from dataclasses import dataclass, field

from mapref.core.areamodel import ALWAYS, Condition as Active


@dataclass
class Faction:
    """A colour of counters: the Axis (gray), the Western Allies (blue), the Soviets (red)."""

    id: str
    name: str
    player: str  # "axis" or "allies": the player who runs it
    colour: str  # the map's colour class of its start locations (section 2)
    prefix: str  # counter ids: "A1", "W1", "S1"
    flag: str = ""  # its control flag (section 3): "German", "British", "Soviet"
    active: Active = ALWAYS  # when its counters may move and be built (Soviets: allied_deck >= 2, section 6)
    active_rule: str = ""


@dataclass
class Scenario:
    id: str
    name: str
    map: str
    ruleset: str = "struggle_for_europe"
    rule: str = ""
    notes: str = ""
    sides: tuple[str, ...] = ("axis", "allies")
    first_player: str = "axis"
    factions: dict[str, Faction] = field(default_factory=dict)
    hands: dict[str, tuple[int, ...]] = field(default_factory=dict)  # player -> hand size by deck (1, 2, 3)
    hands_rule: str = ""
    bombing_axis_side: tuple[int, ...] = ()  # the numbers left of the black 0, nearest first
    bombing_allied_side: tuple[int, ...] = ()  # the numbers right of it
    bombing_rule: str = ""
    decks: dict[str, tuple[int, ...]] = field(default_factory=dict)  # player -> cards with 1, 2, 3 chevrons, when known
    setup: list[tuple[str, str, int]] = field(default_factory=list)  # (faction, location, strength), in order
    setup_rule: str = ""
    victory: list = field(default_factory=list)
    path: str = ""
    vp_track: object = None  # a seasonal VP track (mapref.rules.vptrack.TrackSpec), when the scenario has one

    def player_factions(self, player: str) -> list[str]:
        return [f for f, x in self.factions.items() if x.player == player]

    def faction_of_colour(self, colour: str) -> str | None:
        return next((f for f, x in self.factions.items() if x.colour == colour), None)

    def other(self, player: str) -> str:
        return self.sides[1] if player == self.sides[0] else self.sides[0]


__all__ = ["Faction", "Scenario"]
