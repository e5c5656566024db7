"""A deliberately tiny game used only by the tests, to prove the engine's seam: nothing of it is
known to mapref outside this file, yet the command line, the session (log, undo, redo, journal)
and the victory evaluator serve it as they serve Hitler's War.

"Tokens": two sides, ``red`` and ``blue``, each with a few tokens on land spaces of any map.  On
its turn a side may ``step`` one token to a neighbouring empty land space ("Rule 1"), then
``pass`` the turn to the other side ("Rule 2").  The scenario's victory conditions (data) say
who wins.  The tests install it as a game from outside mapref would be (``toy_game`` in
tests/conftest.py: a package with an entry point, its scenario and map inside it), or register it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from mapref.core.graph import LAND_KINDS
from mapref.rules.change import Change
from mapref.io.problems import Reader
from mapref.rules.ruleset import Action, Arg, MenuItem, Move, Outcome, Piece, Ruleset, Step, Violation, refused
from mapref.rules.victory import evaluate, read_conditions

SIDES = ("red", "blue")


@dataclass
class Scenario:
    id: str
    name: str
    map: str
    ruleset: str
    sides: tuple[str, ...] = SIDES
    tokens: dict[str, tuple[str, str]] = field(default_factory=dict)  # name -> (side, space)
    last_turn: int = 10
    victory: list = field(default_factory=list)
    path: str = ""


@dataclass
class State:
    scenario: str
    map: str
    turn: int = 1
    side: str = "red"
    over: bool = False
    tokens: dict[str, tuple[str, str]] = field(default_factory=dict)


class Step_(Change):  # what an action does; the session undoes it by the data it changed
    def __init__(self, token: str, to: str):
        self.token, self.to = token, to

    def do(self, st: State) -> None:
        st.tokens[self.token] = (st.tokens[self.token][0], self.to)


class SetTurn(Change):
    def __init__(self, turn: int, side: str, over: bool = False):
        self.turn, self.side, self.over = turn, side, over

    def do(self, st: State) -> None:
        st.turn, st.side, st.over = self.turn, self.side, self.over


class Facts:
    def __init__(self, game):
        self.st = game.state
        self.over = game.state.over
        self.held = {sp: side for side, sp in game.state.tokens.values()}
        self.start = {sp: side for side, sp in game.scenario.tokens.values()}

    def holder(self, space):
        return self.held.get(space)

    def start_holder(self, space):
        return self.start.get(space)

    def production(self, side, printed):
        return sum(1 for s, _ in self.st.tokens.values() if s == side)


@dataclass
class Report:
    violations: list = field(default_factory=list)
    victory: dict | None = None
    tokens: dict = field(default_factory=dict)

    def as_dict(self) -> dict:
        return {"violations": [v.as_dict() for v in self.violations], "victory": self.victory, "tokens": self.tokens}

    def text(self) -> str:
        lines = [f"{n}: {s} in {sp}" for n, (s, sp) in self.tokens.items()]
        if self.victory:
            lines.append(f"victory: {self.victory['winner']}")
        lines += [f"{v.code} [{v.rule}] {v.message}" for v in self.violations] or ["no violations"]
        return "\n".join(lines)


class Tokens(Ruleset):
    name = "toy"
    title = "Tokens (a test game)"
    side_colours = {"red": ("#c02020", "#ffffff"), "blue": ("#2040c0", "#ffffff")}
    allegiances = {"red_realm": True, "free_cities": False}  # its maps' countries: a power, and no power

    def scenarios(self):
        # installed as a package, its scenarios are in it (tests/conftest.py, toy_game)
        return sorted((Path(__file__).parent / "scenarios").glob("*.toml"))

    def read_scenario(self, data, source, shown):
        r = Reader(shown, source)
        r.check_keys(data, ("format", "kind", "id", "name", "map", "ruleset", "last_turn", "tokens", "victory"), "")
        sc = Scenario(
            r.str_(data, "id", ""),
            r.str_(data, "name", ""),
            r.str_(data, "map", ""),
            "toy",
            last_turn=r.int_(data, "last_turn", "", 10, 1, 99),
        )
        for name, t in r.table(data, "tokens", "").items():
            sc.tokens[name] = (
                r.str_(t, "side", f"tokens.{name}", "red", choices=SIDES),
                r.str_(t, "at", f"tokens.{name}"),
            )
        sc.victory = read_conditions(r, data, SIDES)
        r.raise_if_any()
        return sc

    def scenario_problems(self, board, sc):
        return [
            f"tokens.{n}.at: {sp!r} is not a land space of the map"
            for n, (_, sp) in sc.tokens.items()
            if board.space(sp) is None or not board.space(sp).is_land
        ]

    def describe_scenario(self, sc):
        return {"first_turn": "turn 1"}

    def read_state(self, data, source, shown):
        r = Reader(shown, source)
        r.check_keys(data, ("format", "kind", "scenario", "map", "turn", "side", "over", "tokens"), "")
        st = State(
            r.str_(data, "scenario", ""),
            r.str_(data, "map", ""),
            r.int_(data, "turn", "", 1, 1, 999),
            r.str_(data, "side", "", "red", choices=SIDES),
            r.bool_(data, "over", ""),
        )
        for name, t in r.table(data, "tokens", "").items():
            st.tokens[name] = (
                r.str_(t, "side", f"tokens.{name}", "red", choices=SIDES),
                r.str_(t, "at", f"tokens.{name}"),
            )
        r.raise_if_any()
        return st

    def state_data(self, st):
        d = {"scenario": st.scenario, "map": st.map, "turn": st.turn, "side": st.side}
        if st.over:
            d["over"] = True
        d["tokens"] = {n: {"side": s, "at": sp} for n, (s, sp) in st.tokens.items()}
        return d

    def state_problems(self, board, sc, st):
        return [
            f"tokens.{n}.at: {sp!r} is not a space of the map" for n, (_, sp) in st.tokens.items() if sp not in board
        ]

    def new_game(self, board, sc, *, scenario_ref="", map_ref="", auto_place=False):
        return State(scenario_ref or sc.id, map_ref or sc.map, tokens=dict(sc.tokens))

    def position(self, game):
        st = game.state
        return {
            "turn": f"turn {st.turn}",
            "side": st.side,
            "step": "play",
            "over": st.over,
            "title": f"{game.scenario.name}: turn {st.turn}, {st.side} to play",
        }

    def report(self, game):
        st = game.state
        v = []
        seen: dict[str, str] = {}
        for n, (_, sp) in st.tokens.items():
            if sp in seen:
                v.append(Violation("toy.two_tokens", "Rule 1", sp, "", f"{n} and {seen[sp]} share {sp}"))
            seen[sp] = n
        return Report(v, evaluate(game.scenario.victory, Facts(game)), dict(st.tokens))

    def steps(self, game):
        return [Step("play", "Play", True)]

    def end_step(self, game):
        return Action("pass")

    def follow_up(self, game):
        v = evaluate(game.scenario.victory, Facts(game))
        if v and v["immediate"] and not game.state.over:
            st = game.state
            return [SetTurn(st.turn, st.side, True)], [f"game over: {v['winner']} wins [{v['rule']}]"]
        return [], []

    def moves(self):
        return MOVES

    def checked(self, game, move, args) -> Outcome:
        if game.state.over:
            return refused("the game is over", "Rule 2")
        return super().checked(game, move, args)

    def _check_pass(self, game, a: dict) -> Outcome:
        st = game.state
        nxt = SIDES[(SIDES.index(st.side) + 1) % 2]
        turn = st.turn + (1 if nxt == "red" else 0)
        over = turn > game.scenario.last_turn
        return Outcome(
            True,
            [SetTurn(min(turn, game.scenario.last_turn), nxt, over)],
            [f"{nxt} to play"],
            rule="Rule 2",
            label=f"{st.side} passes",
        )

    def _check_step(self, game, a: dict) -> Outcome:
        st, board = game.state, game.board
        try:
            frm, to = board.parse(a.get("from", "")), board.parse(a.get("to", ""))
        except ValueError as e:
            return refused(str(e))
        mine = [n for n, (s, sp) in st.tokens.items() if sp == frm and s == st.side]
        if not mine:
            return refused(f"no {st.side} token in {frm}", "Rule 1")
        if to not in board.graph().neighbours(frm, LAND_KINDS):
            return refused(f"{to} is not next to {frm} by land", "Rule 1")
        if any(sp == to for _, sp in st.tokens.values()):
            return refused(f"{to} is not empty", "Rule 1")
        return Outcome(
            True,
            [Step_(mine[0], to)],
            [f"{mine[0]}: {frm} -> {to}"],
            rule="Rule 1",
            label=f"step {mine[0]} {frm} -> {to}",
        )

    def _offer_step(self, game, space, piece) -> list[MenuItem]:
        """The selected token stepping to the space right-clicked."""
        n = (piece or "").partition(":")[2]
        if space is None or n not in game.state.tokens:
            return []
        return [MenuItem(f"Step {n} here", Action("step", {"from": game.state.tokens[n][1], "to": space}))]

    def pieces(self, game, report=None):
        return [Piece(f"token:{n}", "army", s, sp, "1", n, True) for n, (s, sp) in game.state.tokens.items()]

    def drag(self, game, piece, to):
        n = piece.partition(":")[2]
        return Action("step", {"from": game.state.tokens[n][1], "to": to}) if n in game.state.tokens else None


MOVES = [
    Move(
        "step",
        "move a token one space",
        "Step a token to a neighbouring empty land space (Rule 1).",
        (Arg("from", "space", required=True, metavar="FROM"), Arg("to", "space", required=True, metavar="TO")),
        rule="Rule 1",
        places=("piece", "drag"),
        check="_check_step",
        offer="_offer_step",
        cli_check=True,
    ),
    Move(
        "pass",
        "end the turn",
        "Pass the turn to the other side (Rule 2).",
        rule="Rule 2",
        places=("toolbar",),
        label="Pass",
        check="_check_pass",
    ),
]

RULESET = Tokens()


def race(map_ref: str) -> str:
    """The toy game's one scenario, "Race to Berlin", on the map ``map_ref`` (maps/sample.toml)."""
    return f'''format = 1
kind = "scenario"
ruleset = "toy"
id = "race"
name = "Race to Berlin"
map = "{map_ref}"
last_turn = 3

[tokens]
r1 = {{ side = "red", at = "E5" }}
b1 = {{ side = "blue", at = "E9" }}

[victory.red]
rule = "Rule 3"
text = "red holds Berlin"
type = "hold_all"
side = "red"
spaces = ["E7"]
when = "immediate"

[victory.blue]
rule = "Rule 4"
text = "blue holds out"
type = "default"
winner = "blue"
when = "end"
'''
