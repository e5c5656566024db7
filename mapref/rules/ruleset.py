"""What a game offers mapref: the ruleset protocol, and the plain values it speaks in.

A **ruleset** (one per game: Hitler's War, Struggle for Europe...) is found by name in
:mod:`mapref.rules.registry`, the name a scenario's ``ruleset`` key gives.  The CLI, the
referee's window, the renderer and the game session ask it only what :class:`Ruleset` declares
(OpenSpiel's one interface over many games; boardgame.io's game as data plus small functions).

Its three parts, each a typed base class with defaults:

- :class:`GameFiles`, **files**: read its scenarios and its game state from TOML data with
  line-precise problems, and write its state back (:meth:`~GameFiles.read_scenario`,
  :meth:`~GameFiles.read_state`, :meth:`~GameFiles.state_data`, :meth:`~GameFiles.dumps_state`);
  the problems between a scenario or a game and its map;
- :class:`GameRules`, **play**: start a game (:meth:`~GameRules.new_game`), the referee's report
  (:meth:`~GameRules.report`), check an :class:`Action` and say what it does
  (:meth:`~GameRules.check`: an :class:`Outcome` carrying the commands to apply, or the reason
  and the rule when it is refused), what follows any change (an immediate victory:
  :meth:`~GameRules.follow_up`), the sequence of play (:meth:`~GameRules.steps`), the moves
  declared once as data (:meth:`~GameRules.moves`: :class:`Move`, :class:`Arg`) and those legal
  now (:meth:`~GameRules.legal`); advisory mode: the commands that do a refused action anyway
  (:meth:`~GameRules.force`), which the session records in the log with the referee's reason
  (``GameSession.apply(override=...)``);
- :class:`GameView`, **the window**: the pieces to draw (:meth:`~GameView.pieces`), the entries
  a right-click offers at a space (:meth:`~GameView.menu`), the Game menu and the toolbar
  (:meth:`~GameView.game_menu`, :meth:`~GameView.toolbar`), what dropping a piece on a space
  means (:meth:`~GameView.drag`) and where it may go (:meth:`~GameView.reach`), side colours,
  who holds the spaces that changed hands (:meth:`~GameView.control_view`), the supplied
  territory (:meth:`~GameView.supply_view`), the set-up pools still to place
  (:meth:`~GameView.pools`, :meth:`~GameView.place`);
- and :class:`Ruleset` joins them with its ``name``, ``title`` and ``board_kinds``.

**The moves table.**  Each game declares its moves once (:meth:`GameRules.moves`: a
:class:`Move` each, with its :class:`Arg` arguments, the rule it applies, where the window
offers it and the function that checks it).  From that one table come the dispatch of
:meth:`~GameRules.check`, the command line's game verbs with their options and help
(``mapref move GAME.toml ...``: :mod:`mapref.cli`), and the moves legal now
(:meth:`~GameRules.legal`: :class:`MenuItem` entries, greyed exactly when ``check`` refuses them,
with :class:`Field` values to ask), from which the right-click menu, the Game menu and the
toolbar are made (:meth:`~GameView.menu`, :meth:`~GameView.game_menu`, :meth:`~GameView.toolbar`).

The values besides the report's :class:`Violation` (:class:`Action`, :class:`Outcome`,
:class:`Move`, :class:`MenuItem`, :class:`Piece`...) are defined in :mod:`mapref.rules.values` and
given here by name too.

A refusal is a value (an :class:`Outcome` with ``ok=False``), never an exception.  Nothing here
changes a game: the session (:mod:`mapref.rules.session`) applies outcomes and keeps the history.

"How to add a game" in docs/architecture.md walks through a new ruleset; tests/toy_ruleset.py
is a deliberately tiny one that proves the seam.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass

TYPE_CHECKING = False  # typing is not imported at run time: the command line starts quicker

if TYPE_CHECKING:  # the types of the protocol's arguments, for readers and type checkers only
    from typing import Any
    from collections.abc import Callable, Iterable
    from pathlib import Path

    from typing import Protocol

    from mapref.core.board import Board
    from mapref.rules.gamelog import LogEntry
    from mapref.rules.values import ARG_TYPES as ARG_TYPES
    from mapref.rules.values import FIELD_KINDS as FIELD_KINDS
    from mapref.rules.values import PLACES as PLACES
    from mapref.rules.values import Action as Action
    from mapref.rules.values import Arg as Arg
    from mapref.rules.values import Ask as Ask
    from mapref.rules.values import Field as Field
    from mapref.rules.values import Mark as Mark
    from mapref.rules.values import MenuItem as MenuItem
    from mapref.rules.values import Move as Move
    from mapref.rules.values import Outcome as Outcome
    from mapref.rules.values import Piece as Piece
    from mapref.rules.values import SetupPool as SetupPool
    from mapref.rules.values import Step as Step
    from mapref.rules.values import TrackRow as TrackRow
    from mapref.rules.values import refused as refused

    class Game(Protocol):
        """What a ruleset reads of a game: :class:`mapref.rules.files.Game` is one (the files
        that load and save a game sit above the rulesets; this protocol keeps them there)."""

        map: object
        scenario: object
        state: object
        ruleset: Ruleset
        path: str  # the saved game's path as shown to the user ("" for a new game)
        log: list[LogEntry]
        cache: dict  # a ruleset's caches for this game
        mode: str  # "strict" or "advisory"

        @property
        def board(self) -> Board: ...


# The plain values of actions, moves and the window live in mapref.rules.values (a command that
# acts on nothing and draws nothing starts without creating their dataclasses: issue 34); they are
# still given here by name, made when first asked for.
_VALUES = frozenset(
    (
        "ARG_TYPES",
        "Action",
        "Arg",
        "Ask",
        "FIELD_KINDS",
        "Field",
        "Mark",
        "MenuItem",
        "Move",
        "Outcome",
        "PLACES",
        "Piece",
        "SetupPool",
        "Step",
        "TrackRow",
        "refused",
    )
)


def __getattr__(name: str) -> object:
    """``from mapref.rules.ruleset import Action`` (and the other names of :mod:`mapref.rules.values`)."""
    if name in _VALUES:
        from mapref.rules import values

        return getattr(values, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def ink_on(fill: str) -> str:
    """The colour text stays readable in on ``fill`` (``#rrggbb``): near-black on a light fill,
    near-white on a dark one."""
    r, g, b = int(fill[1:3], 16), int(fill[3:5], 16), int(fill[5:7], 16)
    return "#111111" if (0.299 * r + 0.587 * g + 0.114 * b) > 140 else "#f5f5f5"


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


def moves_by_name(moves: Iterable[Move]) -> dict[str, Move]:
    """Verb -> move, the aliases too."""
    out: dict[str, Move] = {}
    for m in moves:
        out.setdefault(m.name, m)
        for a in m.aliases:
            out.setdefault(a, m)
    return out


def put(args: dict, key: str, value) -> None:
    """``args[key] = value``, a dotted key nested: "points.infantry" -> args["points"]["infantry"]."""
    where, _, leaf = key.rpartition(".")
    if where:
        args.setdefault(where, {})[leaf] = value
    else:
        args[key] = value


class GameFiles:
    """How a game reads and writes its files: its scenarios and its saved state, from and to TOML
    data, with line-precise problems; the problems between a scenario or a game and its map."""

    def read_scenario(self, data: dict, source: str, shown: str) -> Any:
        """A scenario from its parsed TOML (``kind = "scenario"``); raise FileProblems.  The
        object has at least ``id``, ``name``, ``map``, ``ruleset``, ``sides``, ``path``."""
        raise NotImplementedError

    def scenario_problems(self, board: Board, scenario: Any) -> list[str]:
        """Codes and spaces the scenario names that the map does not have."""
        return []

    def scenarios(self) -> list[Path]:
        """The scenario files the game's package carries, listed by ``mapref scenarios`` and File >
        New game and found by their names (``mapref new-game NAME``) as mapref's own are.
        mapref's own games keep theirs in its ``scenarios/`` folder: none here."""
        return []

    def describe_scenario(self, scenario: Any) -> dict:
        """For ``mapref scenarios``: at least ``first_turn`` (text)."""
        return {"first_turn": ""}

    def read_state(self, data: dict, source: str, shown: str) -> Any:
        """The game state from a saved game's parsed TOML (the engine's own keys removed:
        ``format``, ``kind``, ``log``); raise FileProblems.  Has ``scenario`` and ``map``."""
        raise NotImplementedError

    def state_data(self, state: Any) -> dict:
        """The state as the tree of tables its TOML reads as (``read_state`` reads it back)."""
        raise NotImplementedError

    def dumps_state(self, state: Any) -> str:
        """The state's TOML after the engine's header (``format``, ``kind``), canonical: by
        default :func:`state_data` written by :func:`mapref.io.tomlwrite.document`."""
        from mapref.io.tomlwrite import document

        return document(self.state_data(state))

    #: The state's tables of records (its data's ``{name: record}`` tables) that
    #: :meth:`dumps_data` writes record by record, each from its own name and data alone (a
    #: table, or a line, of its own): the session then reads back through the text a save
    #: writes only the records an action changed (:meth:`GameSession._new_problems
    #: <mapref.rules.session.GameSession._new_problems>`).  Empty: the whole text every time.
    record_tables: tuple[str, ...] = ()

    def dumps_data(self, data: dict) -> str | None:
        """The text :meth:`dumps_state` writes for a state whose :meth:`state_data` is ``data``
        (None: not known; a ruleset declaring :attr:`record_tables` gives it)."""
        return None

    def state_problems(self, board: Board, scenario: Any, state: Any) -> list[str]:
        return self.scenario_problems(board, scenario)

    def import_scenario(
        self, facts: Any, board: Board, map_ref: str, placed: dict[str, str] | None = None
    ) -> tuple[str, list[str]] | None:
        """A scenario of this game (its TOML text, and notes for the user) from what an imported
        map's source game says (``mapref import-triplea --scenario``: a
        :class:`mapref.io.triplea.TripleaGame`, its territories' spaces in ``facts.ids``), on
        ``board`` (the imported map) referred to as ``map_ref``; ``placed``: places the designer
        names (``--city NAME=TERRITORY``: name -> the source game's territory); None when the
        game cannot use them.  Raises ValueError saying why when the source game does not fit
        this one, or a place named is none of the game's."""
        return None


class GameRules:
    """What a game's rules answer: the start, where the game stands, the referee's report, whether
    an action may be done and what it does, the sequence of play, the moves a player may make."""

    name = ""
    title = ""

    def new_game(
        self, board: Board, scenario: Any, *, scenario_ref: str = "", map_ref: str = "", auto_place: bool = False
    ) -> Any:
        raise NotImplementedError

    def position(self, game: Game) -> dict:
        """Where the game stands: ``turn`` (text), ``side``, ``step`` (text), ``over`` (bool)."""
        raise NotImplementedError

    def report(self, game: Game) -> Any:
        """The referee's report: an object with ``violations``, ``as_dict()`` and ``text()``."""
        raise NotImplementedError

    def follow_up(self, game: Game) -> tuple[list, list[str]]:
        """What follows any change (applied in the same step): an immediate victory ends the
        game.  (commands, messages)."""
        return [], []

    def steps(self, game: Game) -> list[Step]:
        return []

    def step_name(self, step: str) -> str:
        """The readable name of a step as :meth:`position` gives it (and the log keeps it):
        "combat (defensive_assaults)" -> "defensive assaults".  Default: as it is."""
        return step

    end_verb = ""  # the verb of the move that ends a step, if the game has one (its moves table's)

    def end_step(self, game: Game) -> Action | None:
        """The action that ends the current step of the sequence of play (the window's End step):
        by default the game's ``end_verb`` with no arguments; None, no End step, for a game
        without one."""
        from mapref.rules.values import Action

        return Action(self.end_verb) if self.end_verb else None

    def end_step_preview(self, game: Game) -> list[str]:
        """What ending the step will do besides moving on (hexes isolated, armies lost), a line
        each, shown before the referee confirms.  Default: nothing to show."""
        return []

    def force(self, game: Game, action: Action) -> Outcome | None:
        """Advisory mode: an ``ok`` outcome doing ``action`` although :meth:`check` refuses it
        (house rules, a referee's ruling), or None when it cannot be done at all (the piece is not
        there).  The session logs the override with the refusal and the referee's reason."""
        return None

    def moves(self) -> list[Move]:
        """The game's moves, declared once: they drive :meth:`check`, the command line's verbs and
        the menus (:meth:`legal`).  Keep the table in a module that imports nothing heavy: the
        command line's help reads it (:func:`mapref.rules.registry.moves`)."""
        return []

    def move(self, verb: str) -> Move | None:
        """The move of the table that takes ``verb`` (its name or an alias)."""
        ms = self.moves()
        index = self.__dict__.get("_move_index")
        if index is None or index[0] is not ms:
            index = self.__dict__["_move_index"] = (ms, moves_by_name(ms))
        return index[1].get(verb)

    def check(self, game: Game, action: Action) -> Outcome:
        """May ``action`` be done now, and what does it do?  Never changes the game.  The move of
        the table named by the action's verb checks it (:meth:`checked`)."""
        m = self.move(action.verb)
        if m is None or m.check is None:
            from mapref.rules.values import refused

            names = ", ".join(x.name for x in self.moves() if x.check is not None)
            return refused(
                f"{self.title or self.name} has no action {action.verb!r}"
                + (f" (its actions: {names})" if names else "")
            )
        return self.checked(game, m, dict(action.args))

    def checked(self, game: Game, move: Move, args: dict) -> Outcome:
        """Run ``move``'s check on ``args`` (a copy: it may change them).  A ruleset overrides this
        to wrap what all its checks share (the end of the game, arguments of the wrong kind)."""
        return self.check_of(move)(game, args)

    def check_of(self, move: Move) -> Callable:
        """``move``'s check function (:meth:`checked` is only asked for a move that has one)."""
        if move.check is None:
            raise ValueError(f"the move {move.name!r} has no check")
        return self._fn(move.check)

    def _fn(self, f: Callable | str) -> Callable:
        """A move's function: itself, or the ruleset's method of that name."""
        return getattr(self, f) if isinstance(f, str) else f

    def legal(
        self, game: Game, *, space: str | None = None, piece: str | None = None, place: str | None = None
    ) -> list[MenuItem]:
        """The moves one may make now at ``space`` / for ``piece`` (the piece selected when the
        space is right-clicked) / in ``place`` ("game", "toolbar"; none of the three: both): a
        MenuItem each, its arguments filled as far as the context knows them and ``ask`` fields
        for the rest.  An entry is greyed (``enabled`` False, with ``why`` and ``rule``) exactly
        when :meth:`check` refuses it (an entry with ``ask`` fields: when the move's ``when``
        refuses it whatever the values); an enabled entry carries the rule it applies."""
        from mapref.rules.values import Action, MenuItem

        if place is not None:
            wanted = {place}
        else:
            wanted = ({"space"} if space is not None else set()) | ({"piece"} if piece is not None else set())
            wanted = wanted or {"game", "toolbar"}
        out: list[MenuItem] = []
        for m in self.moves():
            if not wanted.intersection(m.places):
                continue
            if m.offer is not None:
                items = self._fn(m.offer)(game, space, piece)
            elif wanted & {"game", "toolbar"}:
                items = [MenuItem(m.label or m.help, Action(m.name), ask=[a.field() for a in m.args if a.required])]
            else:
                items = []
            out += [self.judge(game, m, item) for item in items]
        return out

    def judge(self, game: Game, move: Move, item: MenuItem) -> MenuItem:
        """``item`` (an entry ``move`` offers) greyed or not, as :meth:`legal` says."""
        from mapref.rules.values import Action

        if item.action is None:
            item.action = Action(move.name)
        item.label = item.label or move.label or move.help
        item.group = item.group or move.group
        if item.ask:
            refusal = self._fn(move.when)(game, copy.deepcopy(item.action.args)) if move.when is not None else None
            applies = move.rule
        else:
            out = self.check(game, Action(item.action.verb, copy.deepcopy(item.action.args)))
            refusal = None if out.ok or out.ask is not None else out
            applies = out.rule or move.rule
        if refusal is None:
            item.enabled, item.rule = True, item.rule or applies
        else:
            item.enabled, item.why, item.rule = False, refusal.reason, refusal.rule
        return item


class GameView:
    """What a game shows in the referee's window: how the board is drawn, its pieces, panels and
    tracks, what a right-click, a drag or a drop offers, supply and control."""

    if TYPE_CHECKING:  # the menus are the moves GameRules.legal offers (a Ruleset is both)

        def legal(
            self, game: Game, *, space: str | None = None, piece: str | None = None, place: str | None = None
        ) -> list[MenuItem]: ...

    board_view = "map"  # what the referee's window draws: the map, or "tracks" (rows of token slots: :meth:`tracks`)
    side_colours: dict[str, tuple[str, str]] = {}  # side -> (fill, ink) of its counters (see colours)
    traces_supply = False  # the game traces supply: the window offers the supply view and each piece's line
    # the hex map's country ``allegiance`` values this game's maps use -> True for a power (its home
    # country and colonies hold a capital: ``mapref check``'s no-capital), False for none (the
    # unaligned, the neutral); the map editor offers them (a game with a moves module says them
    # there as ``ALLEGIANCES``, read without its rules: :func:`mapref.rules.registry.allegiances`)
    allegiances: dict[str, bool] = {}

    def colours(self, game: Any) -> dict[str, tuple[str, str]]:
        """Each side's (fill, ink) in ``game``: ``side_colours``, unless the game's own data
        gives its sides' colours (area control: a nation's ``colour``, from an imported TripleA
        map's map.properties). What every drawing of a game asks."""
        return self.side_colours

    def pieces(self, game: Game, report: Any = None) -> list[Piece]:
        return []

    def menu(self, game: Game, space: str, selected: str | None) -> list[MenuItem]:
        """The right-click menu at ``space`` (``selected``: the piece selected, if any): the moves
        of the places "space" and "piece" (:meth:`GameRules.legal`)."""
        return self.legal(game, space=space, piece=selected)

    def game_menu(self, game: Game) -> list[MenuItem]:
        """Entries of the window's Game menu that concern no one space (a nation's status,
        building): the moves of the place "game"."""
        return self.legal(game, place="game")

    def toolbar(self, game: Game) -> list[MenuItem]:
        """Buttons of the window's toolbar (a card game's Pass, Discard...): the moves of the
        place "toolbar"."""
        return self.legal(game, place="toolbar")

    def drag(self, game: Game, piece: str, to: str) -> Action | None:
        """The action of dropping piece ``piece`` on space ``to`` (None: nothing)."""
        return None

    def panels(self, game: Game, report: Any) -> list[tuple[str, list[str]]]:
        """Side panels of the window: (title, lines), such as "Production" or "Victory Point Check"."""
        return []

    def tracks(self, game: Game) -> list[TrackRow]:
        """The rows a ``board_view = "tracks"`` game shows instead of a map."""
        return []

    def turn_track(self, game: Game) -> list[Step]:
        """The turns of the game (the current one marked), for a window that shows them."""
        return []

    def reach(self, game: Game, piece: str, within: Iterable[str] | None = None) -> set[str]:
        """The spaces ``piece`` may be dropped on now (lit while it is dragged); a piece id, or
        ``pool:ID`` for a set-up pool.  ``within``: only these spaces are asked about (a big map's
        window asks about the spaces near the view, a few at a time).  Default: none known."""
        return set()

    def control_view(self, game: Game) -> dict[str, str]:
        """The spaces drawn in a side's colour: space -> holder.  Usually those held by another
        side than at the start (the front line shows); a game whose map shows who owns what
        (area control) gives every space held by another than the map's colour says."""
        return {}

    def at_war(self, game: Game, a: str, b: str) -> bool:
        """Are sides ``a`` and ``b`` enemies (a front line is drawn between their spaces)?"""
        return a != b

    def supply_view(self, game: Game) -> dict[str, tuple[set[str], set[str]]]:
        """Per side: (its supplied spaces, its spaces that trace no supply)."""
        return {}

    def pools(self, game: Game) -> list[SetupPool]:
        """The set-up pools with something still to place."""
        return []

    def place(self, game: Game, pool: str, space: str, kind: str = "") -> MenuItem | None:
        """What dropping pool ``pool`` on ``space`` does: an entry with its action and the values
        to ask (how many of each kind), or None.  ``kind``: one row of the pool was dragged (a
        kind of :attr:`SetupPool.left`, or ``leader/NAME``): the values start with that only."""
        return None

    def marks(self, game: Game) -> list[Mark]:
        """What the window marks on the board besides the pieces (victory cities, capitals,
        strategic spaces, battles waiting).  Default: nothing."""
        return []

    def legend(self, game: Game) -> dict[str, str]:
        """What each kind of piece is, for the window's legend ("army": "army: infantry-
        mechanized (+ other points)").  Default: the kind's name."""
        return {}


class Ruleset(GameFiles, GameRules, GameView):
    """The protocol every game implements: its files (:class:`GameFiles`), its rules
    (:class:`GameRules`) and its view (:class:`GameView`), base classes with defaults where a game
    may do nothing."""

    name = ""  # the registry key, the value of a scenario's ``ruleset``
    title = ""  # "Hitler's War"
    board_kinds: tuple[str, ...] = ("hex",)

    def summary(self, game: Game) -> list[str]:
        """What ``mapref new-game`` says of a game after its scenario's name, a part each: its
        turn, its armies, the set-up points still to place; what it does not have is left out
        (a game with no turns, armies or pools says none of them)."""
        turn = self.position(game).get("turn", "")
        armies = sum(1 for p in self.pieces(game) if p.kind == "army")
        left = sum(sum(p.left.values()) for p in self.pools(game))
        return [
            x
            for x in (turn, f"{armies} armies" if armies else "", f"{left} points still to place" if left else "")
            if x
        ]


__all__ = [
    "ARG_TYPES",
    "ink_on",
    "Action",
    "Arg",
    "Ask",
    "FIELD_KINDS",
    "Field",
    "GameFiles",
    "GameRules",
    "GameView",
    "Mark",
    "MenuItem",
    "Move",
    "Outcome",
    "PLACES",
    "Piece",
    "Ruleset",
    "SetupPool",
    "Step",
    "TrackRow",
    "Violation",
    "moves_by_name",
    "put",
    "refused",
]
