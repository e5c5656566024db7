"""Hitler's War state changes as command objects (pure: they change only the GameState given).
The ruleset's checks return them; the game session applies them (mapref.rules.session), which
logs each action with the data it changed and undoes it by that record (mapref.rules.change):
a command only does.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from dataclasses import dataclass, field

from mapref.rules import change
from mapref.rulesets.hitlers_war.state import Army, Fleet, Fort, GameState, HexState, Nation, SideRecord, Turn


@dataclass
class Change(change.Change):
    """Base of the commands: ``text`` names what it does."""

    text: str = ""

    @property
    def label(self) -> str:
        return self.text

    @label.setter
    def label(self, value: str) -> None:  # (the engine's Change has a label one may set)
        self.text = value


Command = change.Change


@dataclass
class MovePoints(Change):
    """Movement 4-5: points leave an army (which disappears when empty) for ``to``, where they
    join the side's army there or form a new army named ``new_name``."""

    army: str = ""
    to: str = ""
    points: dict = field(default_factory=dict)
    new_name: str = ""
    join: str = ""  # the army in ``to`` the points join ("": none; armies never join in a box)

    def do(self, st: GameState) -> None:
        a = st.army(self.army)
        assert a is not None
        moved_all = (
            all(a.points.get(k, 0) == v for k, v in self.points.items()) and sum(self.points.values()) == a.total()
        )
        for k, v in self.points.items():
            a.points[k] = a.points.get(k, 0) - v
        target = st.army(self.join) if self.join else None
        if target is not None:
            for k, v in self.points.items():
                target.points[k] = target.points.get(k, 0) + v
            if a.total() == 0:
                if a.leader and not target.leader:
                    target.leader = a.leader
                st.armies.remove(a)
        elif moved_all:
            a.at = self.to
            for k, v in self.points.items():
                a.points[k] = v
        else:
            new = Army(self.new_name, a.side, a.nation, self.to)
            for k, v in self.points.items():
                new.points[k] = v
            st.armies.append(new)


@dataclass
class MoveFleet(Change):
    """Ship points move (Movement of naval strength points and fleets 12-14, 18; Fleet strength
    points 5): ``ships`` points of ``fleet`` (0: all of them) go to ``to``, ``lost`` of them
    eliminated on arrival (13); they join the fleet ``join`` there, or form a new fleet named
    ``new_name``, or (all of them, no join) the fleet moves under its name.  A fleet left with
    no ship point is removed (18).  Points that made their move mark the fleet they are in."""

    fleet: str = ""
    to: str = ""
    in_port: bool = True
    counts_as_move: bool = True
    ships: int = 0
    lost: int = 0
    new_name: str = ""
    join: str = ""

    def do(self, st: GameState) -> None:
        f = next(x for x in st.fleets if x.name == self.fleet)
        n = self.ships or f.capital
        arrive = n - self.lost
        target = next((x for x in st.fleets if x.name == self.join), None) if self.join else None
        if target is not None:
            target.capital += arrive
            target.moved = target.moved or self.counts_as_move
            f.capital -= n
        elif n == f.capital and not self.new_name:
            f.at, f.in_port, f.capital = self.to, self.in_port, arrive
            if self.counts_as_move:
                f.moved = True
        else:
            f.capital -= n
            if arrive:
                st.fleets.append(
                    Fleet(self.new_name, f.side, f.nation, self.to, self.in_port, arrive, moved=self.counts_as_move)
                )
        if f.capital <= 0:
            st.fleets.remove(f)


@dataclass
class SetHex(Change):
    """A hex's control, occupation marker and devastation (``None``: unchanged)."""

    space: str = ""
    control: str | None = None
    occupied: bool | None = None
    devastated: int | None = None

    def do(self, st: GameState) -> None:
        # a new HexState in the hex's place, never the one there changed: a look-ahead's copy of
        # the state shares the state's own (state.look_ahead)
        old = st.hexes.get(self.space)
        h = copy.copy(old) if old is not None else HexState()
        if self.control is not None:
            h.control = self.control
        if self.occupied is not None:
            h.occupied = self.occupied
        if self.devastated is not None:
            h.devastated = self.devastated
            h.permanent = min(h.permanent, h.devastated)
        st.hexes[self.space] = h


@dataclass
class RemoveArmy(Change):
    army: str = ""

    def do(self, st: GameState) -> None:
        st.armies = [a for a in st.armies if a.name != self.army]


@dataclass
class SetArmyPoints(Change):
    army: str = ""
    points: dict = field(default_factory=dict)
    no_defensive_assault: bool | None = None

    def do(self, st: GameState) -> None:
        a = st.army(self.army)
        assert a is not None
        a.points.update(self.points)
        if self.no_defensive_assault is not None:
            a.no_defensive_assault = self.no_defensive_assault


@dataclass
class SetForts(Change):
    """Replace the side's forts (fort points eliminated, or under construction made operational)."""

    forts: list = field(default_factory=list)

    def do(self, st: GameState) -> None:
        st.forts = copy.deepcopy(self.forts)


@dataclass
class SetFleets(Change):
    fleets: list = field(default_factory=list)

    def do(self, st: GameState) -> None:
        st.fleets = copy.deepcopy(self.fleets)


@dataclass
class SetTurn(Change):
    turn: Turn | None = None
    side: str = ""
    phase: str = ""
    subphase: str = ""

    def do(self, st: GameState) -> None:
        if self.turn is not None:
            st.turn = self.turn
        st.side, st.phase, st.subphase = self.side or st.side, self.phase, self.subphase


@dataclass
class AddHistory(Change):
    side: str = ""
    record: dict = field(default_factory=dict)

    def do(self, st: GameState) -> None:

        st.sides.setdefault(self.side, SideRecord()).history.append(dict(self.record))


@dataclass
class Relocate(Change):
    """Combat: a whole army moves into the hex it advanced into (Advance resolution 2) or retreats
    (rule 6) without joining the army it may find there (rule 7: the hex is then over-stacked)."""

    army: str = ""
    to: str = ""
    advanced_by: int = 0
    no_defensive_assault: bool | None = None

    def do(self, st: GameState) -> None:
        a = st.army(self.army)
        assert a is not None
        a.at = self.to
        a.advanced += self.advanced_by
        if self.no_defensive_assault is not None:
            a.no_defensive_assault = self.no_defensive_assault


@dataclass
class CountHexes(Change):
    """Hexes changing hands in a combat phase, for the morale chart."""

    gained: dict = field(default_factory=dict)  # side -> hexes
    lost: dict = field(default_factory=dict)

    def do(self, st: GameState) -> None:
        for mine, add in ((st.hexes_gained, self.gained), (st.hexes_lost, self.lost)):
            for k, v in add.items():
                mine[k] = mine.get(k, 0) + v


@dataclass
class Announce(Change):
    """An initial attack announced: ``army`` attacks ``target`` (Announce initial attacks 1-2)."""

    army: str = ""
    target: str = ""

    def do(self, st: GameState) -> None:
        st.announced = {**st.announced, self.army: self.target}


@dataclass
class SetAttacks(Change):
    """Who exploits now and whose attacks are over this combat phase (Exploitation attacks 2-3, 9;
    Advance resolution 2; rulings R69)."""

    exploiting: str | None = None  # None: unchanged
    stop: list = field(default_factory=list)  # armies whose attacks end now

    def do(self, st: GameState) -> None:
        if self.exploiting is not None:
            st.exploiting = self.exploiting
        st.stopped = st.stopped + [a for a in self.stop if a not in st.stopped]


@dataclass
class AddInvasion(Change):
    """A hex amphibiously invaded this combat phase (Invasion procedure 8)."""

    space: str = ""

    def do(self, st: GameState) -> None:
        st.invasions = sorted(set(st.invasions) | {self.space})


@dataclass
class SetGarrisonsLost(Change):
    """The empty hexes whose garrison is gone until the end of the combat phase (Garrisons 4, 6)."""

    spaces: list = field(default_factory=list)

    def do(self, st: GameState) -> None:
        st.garrisons_lost = sorted(set(self.spaces))


@dataclass
class EndCombat(Change):
    """End of a side's combat phase: garrisons return (Garrisons 4, 6) and the side's advance
    counts (Advance resolution 13) start again next turn."""

    side: str = ""

    def do(self, st: GameState) -> None:
        st.garrisons_lost = []
        st.invasions = []
        st.announced = {}
        st.exploiting, st.stopped = "", []
        st.hexes_gained, st.hexes_lost = {}, {}
        for a in st.armies:
            if a.side == self.side:
                a.advanced = 0


@dataclass
class SetNation(Change):
    """A nation's standing (side, status, the turn it joined); what else its record holds (who
    first attacked it: Violation of neutrality 2) is kept unless given."""

    code: str = ""
    side: str | None = None
    status: str = ""
    joined: Turn | None = None
    attacked_by: str | None = None
    attacked: Turn | None = None
    no_attack: list | None = None
    home_placed: bool | None = None

    def do(self, st: GameState) -> None:
        old = st.nations.get(self.code)
        n = Nation(self.side, self.status, self.joined)
        if old is not None:
            n.attacked_by, n.attacked, n.no_attack = old.attacked_by, old.attacked, list(old.no_attack)
            n.home_placed = old.home_placed
        if self.attacked_by is not None:
            n.attacked_by = self.attacked_by or None
            n.attacked = self.attacked
        if self.no_attack is not None:
            n.no_attack = list(self.no_attack)
        if self.home_placed is not None:
            n.home_placed = self.home_placed
        st.nations[self.code] = n


@dataclass
class AddArmy(Change):
    """A new army enters play (a nation joining brings it: Nations inclined toward the Axis 1;
    newly built strength points: Building strength points 4)."""

    army: Army | None = None

    def do(self, st: GameState) -> None:
        assert self.army is not None
        st.armies.append(copy.deepcopy(self.army))


@dataclass
class SetRecord(Change):
    """Fields of a side's record sheet (morale, shipping, the production phase's spending...)."""

    side: str = ""
    fields: dict = field(default_factory=dict)

    def do(self, st: GameState) -> None:
        rec = st.sides.setdefault(self.side, SideRecord())
        for k, v in self.fields.items():
            setattr(rec, k, copy.deepcopy(v))


@dataclass
class SetNations(Change):
    """Replace nations' records at once (a surrender or an entry that changes several)."""

    nations: dict = field(default_factory=dict)

    def do(self, st: GameState) -> None:
        for code, n in self.nations.items():
            st.nations[code] = copy.deepcopy(n)


@dataclass
class SetHomeForces(Change):
    home_forces: list = field(default_factory=list)

    def do(self, st: GameState) -> None:
        st.home_forces = copy.deepcopy(self.home_forces)


def apply(st: GameState, commands: Iterable[Command]) -> None:
    for c in commands:
        c.do(st)


__all__ = [
    "Command",
    "MovePoints",
    "MoveFleet",
    "SetHex",
    "RemoveArmy",
    "SetArmyPoints",
    "SetForts",
    "SetFleets",
    "SetTurn",
    "AddHistory",
    "Relocate",
    "SetGarrisonsLost",
    "EndCombat",
    "SetNation",
    "AddArmy",
    "SetRecord",
    "SetNations",
    "SetHomeForces",
    "Announce",
    "SetAttacks",
    "AddInvasion",
    "CountHexes",
    "apply",
    "Fleet",
    "Fort",
]
