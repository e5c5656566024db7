"""The plain values the ruleset protocol (:mod:`mapref.rules.ruleset`) speaks in, beyond the
referee's report: an :class:`Action` and the :class:`Outcome` of checking it (an :class:`Ask`
when the rules need a choice first), the moves table (:class:`Move`, :class:`Arg`), and what the
referee's window draws and offers (:class:`Piece`, :class:`MenuItem` with its :class:`Field`
values, :class:`Mark`, :class:`SetupPool`, :class:`TrackRow`, :class:`Step`).

They were defined in :mod:`mapref.rules.ruleset`, which still gives each of them by name
(``from mapref.rules.ruleset import Action`` works as before); they live here so that a command
that acts on nothing and draws nothing (``mapref referee GAME --json``) starts without creating
their dataclasses (issue 34: each costs about as much as a small module to import).
"""

from __future__ import annotations

from dataclasses import dataclass, field

TYPE_CHECKING = False  # typing is not imported at run time: the command line starts quicker

if TYPE_CHECKING:
    from typing import Any
    from collections.abc import Callable, Sequence


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
    many: bool = False  # the answers make a list: append each choice to ``args[key]`` and check again


@dataclass
class Outcome:
    """The answer to :meth:`Ruleset.check`."""

    ok: bool
    commands: list = field(default_factory=list)  # the changes that apply the action (mapref.rules.change)
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


@dataclass(frozen=True)
class Field:
    """A value a menu entry asks before its action is checked (the window's form renders it).

    ``key`` is where the answer goes in the action's arguments ("points.infantry" puts it in
    ``args["points"]["infantry"]``); ``kind`` is one of :data:`FIELD_KINDS`: "int" (bounded by
    ``min``/``max``), "text", "choice" (one of ``options``), "space" (a space of the map; with no
    default the window starts it with the space last clicked), "bool", "many" (a list of
    ``options``)."""

    key: str
    label: str
    kind: str = "text"
    default: object = None
    options: Sequence = ()  # any sequence given; kept as a tuple
    min: int | None = None
    max: int | None = None

    def __post_init__(self):
        if self.kind not in FIELD_KINDS:
            raise ValueError(f"field {self.key!r}: kind {self.kind!r} is not one of {', '.join(FIELD_KINDS)}")
        object.__setattr__(self, "options", tuple(self.options or ()))

    def __iter__(self):
        """The old 5-tuple (key, label, kind, default, options), for windows written before Field
        (a default of None read as an empty answer)."""
        return iter(self.as_tuple())

    def __getitem__(self, i):
        return self.as_tuple()[i]

    def as_tuple(self) -> tuple:
        return (
            self.key,
            self.label,
            self.kind,
            "" if self.default is None else self.default,
            list(self.options) or None,
        )


FIELD_KINDS = ("int", "text", "choice", "space", "bool", "many")


@dataclass
class MenuItem:
    """One entry of a menu the window shows (right-click at a space, a piece's menu, the Game
    menu, the toolbar): an action to check and apply, or (``action`` None with ``items``) a
    submenu.  ``enabled`` is False exactly when the ruleset's ``check`` would refuse the action
    (``why`` and ``rule`` say why); ``ask`` are the values the window asks first."""

    label: str
    action: Action | None = None
    enabled: bool = True
    why: str = ""  # why it is greyed out (or, enabled, a hint shown with the form)
    ask: list = field(default_factory=list)  # Field objects (old code: 5-tuples key, label, kind, default, options)
    note: str = ""  # shown with the fields (the costs, the budget, the places)
    rule: str = ""  # the rule that refuses it, or the rule it applies
    group: str = ""  # the submenu it goes in ("" = top level)
    items: list = field(default_factory=list)  # a submenu's entries (``action`` is None)


@dataclass
class Mark:
    """Something the window marks on a space that is not a piece: a victory city, a capital, a
    strategic hex, a battle waiting to be fought.  ``shape``: "star" (an objective, in the colour
    of ``side``: whose it is, or who holds it), "dot" (a small disc in the side's colour: a
    capital), "ring" (round ``pieces``, or the space: something to resolve there)."""

    space: str
    shape: str = "star"
    side: str = ""
    label: str = ""  # what it is ("victory city Paris"): the status bar and the legend
    pieces: list[str] = field(default_factory=list)  # piece ids a ring goes round


@dataclass
class SetupPool:
    """Forces a scenario's set-up leaves the players to place (Hitler's War: "Place in any Axis
    friendly territories"), with what is still to place."""

    id: str
    side: str
    label: str  # "Axis Army (Fall of Germany set-up: Axis forces...)"
    left: dict[str, int] = field(default_factory=dict)  # still to place, by kind: {"infantry": 29, ...}
    rule: str = ""
    leaders: list[str] = field(default_factory=list)  # leaders still to give to a placed army

    @property
    def empty(self) -> bool:
        return not any(self.left.values()) and not self.leaders


ARG_TYPES = ("space", "int", "text", "choice", "side", "piece", "bool", "list")
PLACES = ("space", "piece", "game", "toolbar", "drag", "cli-only")
_FIELD_KIND = {
    "space": "space",
    "int": "int",
    "text": "text",
    "choice": "choice",
    "side": "choice",
    "piece": "choice",
    "bool": "bool",
    "list": "many",
}


@dataclass(frozen=True)
class Arg:
    """One argument of a :class:`Move`: where it goes in the action's arguments, its type, and
    how the command line spells it (``mapref VERB GAME.toml ...`` is built from these)."""

    name: str  # the action's argument key ("from"; "points.infantry" goes in args["points"]["infantry"])
    type: str = "text"  # one of ARG_TYPES ("list": an option given again and again, or a positional taking several)
    required: bool = False
    default: object = None
    choices: tuple = ()
    min: int | None = None  # bounds of an "int"
    max: int | None = None
    flag: str = ""  # the command line's option ("--roll"); "" = a positional argument
    help: str = ""
    metavar: str | tuple = ""
    nargs: int | str | None = (
        None  # the command line's count of values, where not the type's own ("?" for --fleet [NAME])
    )
    const: object = None  # an option's value when given without one (with nargs "?")
    convert: Callable | None = None  # the command line's value -> the action's (raise ValueError with a message)
    keep: bool = False  # always in the action, even when it is the default (else left out when it is)

    def __post_init__(self):
        if self.type not in ARG_TYPES:
            raise ValueError(f"argument {self.name!r}: type {self.type!r} is not one of {', '.join(ARG_TYPES)}")
        object.__setattr__(self, "choices", tuple(self.choices or ()))
        if self.default is None and self.type in ("bool", "list"):
            object.__setattr__(self, "default", False if self.type == "bool" else ())

    def field(self, label: str = "", **changes) -> Field:
        """The form field that asks this argument (``changes``: default, options, min, max...)."""
        d: dict[str, Any] = {
            "key": self.name,
            "label": label or self.help or self.name.rpartition(".")[2].replace("_", " "),
            "kind": _FIELD_KIND[self.type],
            "default": None if self.default in ((), []) else self.default,
            "options": tuple(str(c) for c in self.choices),
            "min": self.min,
            "max": self.max,
        }
        d.update(changes)
        return Field(**d)


@dataclass(frozen=True)
class Move:
    """A move of a game, declared once (the ruleset's :meth:`GameRules.moves` table): the verb,
    its arguments, the rule it applies, where the window offers it, and how it is checked.

    ``check``, ``offer`` and ``when`` are functions, or the names of methods of the ruleset (so a
    table names them without importing the game's modules: ``mapref --help`` reads the tables):

    - ``check(game, args) -> Outcome``: may it be done, and what does it do (the ruleset's
      :meth:`GameRules.checked` calls it: a ruleset may wrap what all its checks share);
    - ``offer(game, space, piece) -> list[MenuItem]``: the entries it offers now at ``space`` /
      for ``piece`` (both None: game-wide), their arguments filled as far as the context knows
      them and ``ask`` fields for the rest (default, for the places "game" and "toolbar": one
      entry, its required arguments asked);
    - ``when(game, args) -> Outcome | None``: the refusal ``check`` gives whatever the values an
      entry asks (a step of the sequence of play), or None: an entry with ``ask`` fields is
      greyed by it (an entry without is checked)."""

    name: str  # the verb (an Action's ``verb``, the command line's ``mapref NAME``)
    help: str  # one line (``mapref --help``, the command's help)
    description: str = ""  # the command's description
    args: tuple[Arg, ...] = ()
    rule: str = ""  # the rule it applies
    places: tuple[str, ...] = ("cli-only",)  # of PLACES: where the window offers it
    label: str = ""  # the menu label (an offer may give each entry its own)
    group: str = ""  # the submenu
    check: Callable | str | None = None
    offer: Callable | str | None = None
    when: Callable | str | None = None
    aliases: tuple[str, ...] = ()  # other verbs check takes for it ("advance" for "end-turn")
    cli_check: bool = False  # the command has --check (check, print, do not apply)
    finish: Callable | None = None  # (the command line's action arguments) -> them, checked together (raise ValueError)
    print_ok: Callable | None = None  # (outcome) -> lines printed on success (default: the outcome's messages)

    def __post_init__(self):
        bad = [p for p in self.places if p not in PLACES]
        if bad:
            raise ValueError(f"move {self.name!r}: place {bad[0]!r} is not one of {', '.join(PLACES)}")

    def arg(self, name: str) -> Arg | None:
        return next((a for a in self.args if a.name == name), None)


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


__all__ = [
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
]
