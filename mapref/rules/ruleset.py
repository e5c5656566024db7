"""What a game offers mapref: the ruleset protocol, and the plain values it speaks in.

A **ruleset** (one per game: Hitler's War, Struggle for Europe...) is found by name in
:mod:`mapref.rules.registry`, the name a scenario's ``ruleset`` key gives.  The CLI, the
referee's window, the renderer and the game session ask it only what :class:`Ruleset` declares
(OpenSpiel's one interface over many games; boardgame.io's game as data plus small functions):

- **files**: read its scenarios and its game state from TOML data with line-precise problems,
  and write its state back (:meth:`Ruleset.read_scenario`, :meth:`read_state`,
  :meth:`state_data`, :meth:`dumps_state`); the problems between a scenario or a game and its map;
- **play**: start a game (:meth:`new_game`), the referee's report (:meth:`report`), check an
  :class:`Action` and say what it does (:meth:`check`: an :class:`Outcome` carrying the commands
  to apply, or the reason and the rule when it is refused), what follows any change (an
  immediate victory: :meth:`follow_up`), the sequence of play (:meth:`steps`);
- **the window**: the pieces to draw (:meth:`pieces`), the actions a right-click offers at a
  space (:meth:`menu`), what dropping a piece on a space means (:meth:`drag`), side colours;
- **the command line**: its game verbs (:meth:`verbs`, e.g. Hitler's War's ``move``, ``set``,
  ``advance``, ``losses``, ``capture``), each turning its arguments into an :class:`Action`.

A refusal is a value (an :class:`Outcome` with ``ok=False``), never an exception.  Nothing here
changes a game: the session (:mod:`mapref.rules.session`) applies outcomes and keeps the history.

"How to add a game" in docs/architecture.md walks through a new ruleset; tests/toy_ruleset.py
is a deliberately tiny one that proves the seam.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable


@dataclass(frozen=True)
class Violation:
    """A rule broken by the position on the board (the referee's report lists them)."""

    code: str  # stable identifier, e.g. "stacking.two_armies"
    rule: str  # rulebook citation: section and paragraph
    where: str  # a space id, a piece's name, or "" for the side
    side: str
    message: str

    def as_dict(self) -> dict:
        return {"code": self.code, "rule": self.rule, "where": self.where, "side": self.side, "message": self.message}


@dataclass
class Action:
    """What a player or the referee does: a verb and its arguments, all plain data (TOML-able),
    so it can be logged, journaled and replayed."""

    verb: str
    args: dict = field(default_factory=dict)

    def as_dict(self) -> dict:
        return {"verb": self.verb, **self.args}


@dataclass
class Ask:
    """A choice the rules need before an action can be applied (the defender's retreat hex):
    add ``args[key] = choice`` and check again."""

    key: str
    label: str
    options: list[str]
    note: str = ""


@dataclass
class Outcome:
    """The answer to :meth:`Ruleset.check`."""

    ok: bool
    commands: list = field(default_factory=list)  # Command objects that apply the action
    messages: list[str] = field(default_factory=list)  # what it did, a line each
    reason: str = ""  # why it is refused
    rule: str = ""  # the rule that refuses it, or the rules it applies (for the log)
    label: str = ""  # one line for the log and the Undo menu: "move 10 points of AGN Q13 -> R14"
    ask: Ask | None = None  # a choice needed first (ok is False)
    data: dict = field(default_factory=dict)  # extra for callers: the route, the piece moved...

    @property
    def refusal(self) -> str:
        return f"{self.reason} [{self.rule}]" if self.rule else self.reason


def refused(reason: str, rule: str = "", **data) -> Outcome:
    return Outcome(False, reason=reason, rule=rule, data=data)


@dataclass
class Piece:
    """Something the window draws on a space: a counter, a fleet, a fort, a marker."""

    id: str  # unique in the game ("army:Army Group North")
    kind: str  # "army", "fleet", "fort", "marker"
    side: str
    space: str
    text: str = ""  # what the counter shows: "5-5"
    title: str = ""  # its name: "Army Group North"
    selectable: bool = False
    supplied: bool | None = None  # None: supply does not apply
    supply_path: list[str] = field(default_factory=list)  # space first, source last
    cut: list[str] = field(default_factory=list)  # where the line is cut (spaces to ring)
    why: str = ""  # why it is unsupplied, when no space cuts it (an empty sea route)
    info: list[str] = field(default_factory=list)  # lines for the side panel


@dataclass
class MenuItem:
    """One entry of the right-click menu at a space."""

    label: str
    action: Action | None = None
    enabled: bool = True
    why: str = ""  # why it is greyed out
    ask: list = field(default_factory=list)  # fields the window asks before acting: (key, label, kind, default, options)


@dataclass
class Verb:
    """A game verb of the command line (``mapref move GAME ...``)."""

    name: str
    help: str
    description: str
    arguments: Callable  # (argparse.ArgumentParser) -> None: adds the verb's arguments after GAME
    action: Callable  # (args, game) -> Action; raise ValueError with a message for bad arguments
    check_only: bool = False  # has --check (check, print, do not apply)
    print_ok: Callable | None = None  # (outcome) -> lines printed on success (default: the outcome's messages)


@dataclass
class TrackRow:
    """A row of token slots the window draws when a game's board is a set of tracks rather than a
    map (``Ruleset.board_view = "tracks"``: the front-token game's three fronts of four tokens)."""

    id: str  # what a right-click passes to ``menu`` as the space
    label: str
    slots: list[str]  # one side per slot ("" = empty)
    note: str = ""  # "skipped this turn: ..."
    current: bool = False  # the row being played now
    labels: list[str] = field(default_factory=list)  # a name under each slot (a victory city's)


@dataclass
class Step:
    """One step of the sequence of play, for the turn track."""

    id: str  # "movement.land"
    label: str  # "Land movement"
    current: bool = False


class Ruleset:
    """The protocol every game implements (a base class: defaults where a game may do nothing)."""

    name = ""  # the registry key, the value of a scenario's ``ruleset``
    title = ""  # "Hitler's War"
    board_kinds: tuple[str, ...] = ("hex",)
    board_view = "map"  # what the referee's window draws: the map, or "tracks" (rows of token slots: :meth:`tracks`)
    side_colours: dict[str, tuple[str, str]] = {}  # side -> (fill, ink) of its counters

    # ----------------------------------------------------------------------------- files
    def read_scenario(self, data: dict, source: str, shown: str):
        """A scenario from its parsed TOML (``kind = "scenario"``); raise FileProblems.  The
        object has at least ``id``, ``name``, ``map``, ``ruleset``, ``sides``, ``path``."""
        raise NotImplementedError

    def scenario_problems(self, board, scenario) -> list[str]:
        """Codes and spaces the scenario names that the map does not have."""
        return []

    def describe_scenario(self, scenario) -> dict:
        """For ``mapref scenarios``: at least ``first_turn`` (text)."""
        return {"first_turn": ""}

    def read_state(self, data: dict, source: str, shown: str):
        """The game state from a saved game's parsed TOML (the engine's own keys removed:
        ``format``, ``kind``, ``log``); raise FileProblems.  Has ``scenario`` and ``map``."""
        raise NotImplementedError

    def state_data(self, state) -> dict:
        """The state as the tree of tables its TOML reads as (``read_state`` reads it back)."""
        raise NotImplementedError

    def dumps_state(self, state) -> str:
        """The state's TOML after the engine's header (``format``, ``kind``), canonical."""
        raise NotImplementedError

    def state_problems(self, board, scenario, state) -> list[str]:
        return self.scenario_problems(board, scenario)

    # ------------------------------------------------------------------------------ play
    def new_game(self, board, scenario, *, scenario_ref: str = "", map_ref: str = "", auto_place: bool = False):
        raise NotImplementedError

    def position(self, game) -> dict:
        """Where the game stands: ``turn`` (text), ``side``, ``step`` (text), ``over`` (bool)."""
        raise NotImplementedError

    def report(self, game):
        """The referee's report: an object with ``violations``, ``as_dict()`` and ``text()``."""
        raise NotImplementedError

    def check(self, game, action: Action) -> Outcome:
        """May ``action`` be done now, and what does it do?  Never changes the game."""
        return refused(f"{self.title or self.name} has no action {action.verb!r}")

    def follow_up(self, game) -> tuple[list, list[str]]:
        """What follows any change (applied in the same step): an immediate victory ends the
        game.  (commands, messages)."""
        return [], []

    def steps(self, game) -> list[Step]:
        return []

    # ---------------------------------------------------------------------------- window
    def pieces(self, game, report=None) -> list[Piece]:
        return []

    def menu(self, game, space: str, selected: str | None) -> list[MenuItem]:
        return []

    def drag(self, game, piece: str, to: str) -> Action | None:
        """The action of dropping piece ``piece`` on space ``to`` (None: nothing)."""
        return None

    def panels(self, game, report) -> list[tuple[str, list[str]]]:
        """Side panels of the window: (title, lines), such as "Production" or "Victory Point Check"."""
        return []

    def tracks(self, game) -> list[TrackRow]:
        """The rows a ``board_view = "tracks"`` game shows instead of a map."""
        return []

    def turn_track(self, game) -> list[Step]:
        """The turns of the game (the current one marked), for a window that shows them."""
        return []

    # ------------------------------------------------------------------------------- CLI
    def verbs(self) -> list[Verb]:
        return []


__all__ = ["Action", "Ask", "MenuItem", "Outcome", "Piece", "Ruleset", "Step", "TrackRow", "Verb", "Violation", "refused"]
