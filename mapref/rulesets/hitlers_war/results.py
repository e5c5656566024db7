"""What the checks return: a combat, nation or naval check (:class:`CombatCheck`, with the events it
names for :mod:`.consequences`: :class:`Attacked`, :class:`Captured`), a move's
(:class:`MoveCheck`), the end of a step (:class:`Advance`).  Apart from the context (:mod:`.common`):
the referee's report makes none of them and starts without them (issue 34)."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class CombatCheck:
    """What a combat, nation or naval check returns: the commands and what they do, or the reason
    it is refused and the rule (and what a player must choose first)."""

    ok: bool
    reason: str = ""
    rule: str = ""
    commands: list = field(default_factory=list)
    messages: list[str] = field(default_factory=list)
    # when the result is refused because the defender must choose a retreat: (army, its legal hexes)
    retreat: tuple[str, list[str]] | None = None
    # refused because the owner must choose the port of a fleet expelled from ``to`` (rulings R52)
    expel: tuple[str, list[str]] | None = None
    # refused because the home forces displaced from ``to`` need their hex (Unaligned Forces 3; rulings R68)
    home: tuple[str, list[str]] | None = None
    # the events among the commands whose consequences are still to be worked out (.consequences)
    events: list = field(default_factory=list)


@dataclass(frozen=True)
class Attacked:
    """An event: ``side`` attacked ``space`` (its losses entered: an army's, ``defenders`` the sides
    of those attacked, a fort's, a garrison's, home forces'), Launching attacks; The Soviet Union 1-5."""

    side: str
    space: str
    defenders: tuple[str, ...] = ()


@dataclass(frozen=True)
class Captured:
    """An event: ``side`` captured ``space`` from ``defenders`` (the sides of the armies displaced),
    by an army's advance or, ``by_army`` False, by isolation (Determine supply 7; rulings R66)."""

    side: str
    space: str
    defenders: tuple[str, ...] = ()
    by_army: bool = True


@dataclass
class MoveCheck:
    """A move checked: whether it is legal, its route, and the reason and rule if not."""

    ok: bool
    route: tuple[str, ...] = ()
    reason: str = ""
    rule: str = ""
    army: str = ""
    fleet: str = ""
    points: dict = field(default_factory=dict)
    commands: list = field(default_factory=list)
    note: str = ""  # how the points travel, when not by land (sea transport, trans-Atlantic shipping)

    def as_dict(self) -> dict:
        return {"ok": self.ok, "route": list(self.route), "reason": self.reason, "rule": self.rule}


@dataclass
class Advance:
    """What ending a step does: its commands and messages, or the error that stops it."""

    commands: list = field(default_factory=list)
    messages: list[str] = field(default_factory=list)
    error: str = ""
