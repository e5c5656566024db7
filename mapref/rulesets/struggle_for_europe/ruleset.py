"""Struggle for Europe 1939-1945 behind the ruleset protocol (mapref.rules.ruleset).

Actions (the command line's verbs, docs/format.md "Struggle for Europe"; declared in
:mod:`.moves`):

========== ==================================================================================
move       one move card: counters of one location to adjacent locations, or one counter
           through friendly locations (7.2); opens the battles it causes (8)
attack     an attack operation in a contested location (7.2); opens a battle
battle     the result of a battle: the cards' values, the defender's choice, losses, retreats (8)
build      build an army of strength 1-3 (7.2)
fortress   build an Axis fortress in a half (7.2)
bomb       a strategic bombing operation (7.2)
discard    discard a card (7.2)
event      play an event card (7.2)
pass       pass an operation (7.2)
end-turn   end the player turn: supply losses, the draw, the 7-point check (7, 8, 9)
deck       the referee records a new play deck (6)
set        a referee's correction (cards, a flag, the bombing marker, a counter)
========== ==================================================================================
"""

from __future__ import annotations

import copy

from mapref.core.board import SpaceError
from mapref.rules import vpgame  # a seasonal VP track, when the scenario has one (shared/seeds/003)
from mapref.rules.ruleset import Action, Ask, Field, Mark, MenuItem, Move, Outcome, Piece, Ruleset, Step, refused
from mapref.rulesets.struggle_for_europe import files as sfiles
from mapref.rulesets.struggle_for_europe.common import Refused, Replace, work, who
from mapref.rulesets.struggle_for_europe.context import CONTESTED, Context
from mapref.rulesets.struggle_for_europe.moves import MOVES, TITLE, legs
from mapref.rulesets.struggle_for_europe.state import PLAYERS, Cards, Counter, GameState

LIST_KEYS = ("losses", "retreat_to")  # the questions whose answers make a list (a counter lost, a retreat, each)


class StruggleForEurope(vpgame.TrackMoves, Ruleset):
    name = "struggle_for_europe"
    title = TITLE
    end_verb = "advance"  # the End step button: the move that ends the step (its moves table)
    board_kinds = ("area",)
    side_colours = {
        "axis": ("#5a5a5a", "#ffffff"),
        "western": ("#1f4e9e", "#ffffff"),
        "soviet": ("#a3241c", "#ffffff"),
        "allies": ("#1f4e9e", "#ffffff"),
    }

    # ----------------------------------------------------------------------------- files
    def read_scenario(self, data, source, shown):
        return sfiles.read_scenario(data, source, shown)

    def scenario_problems(self, board, scenario):
        return sfiles.scenario_problems(board, scenario) + vpgame.problems(board, scenario)

    def describe_scenario(self, scenario) -> dict:
        return {"first_turn": f"turn 1, {who(scenario.first_player)} player", "sides": list(scenario.sides)}

    def read_state(self, data, source, shown):
        return sfiles.read_state(data, source, shown)

    def state_data(self, state) -> dict:
        return sfiles.state_data(state)

    def dumps_state(self, state) -> str:
        return sfiles.dumps_state(state)

    def state_problems(self, board, scenario, state):
        return sfiles.state_problems(board, scenario, state)

    # ------------------------------------------------------------------------------ play
    def new_game(self, board, scenario, *, scenario_ref="", map_ref="", auto_place=False):
        """The set-up of section 5: the counters of 5.2, no flags, the bombing marker on the black
        0, both players on their first deck with a full hand (5.1), the Axis to play (5)."""
        sc = scenario
        st = GameState(scenario_ref or sc.id, map_ref or sc.map, player=sc.first_player)
        for fid, loc, strength in sc.setup:
            prefix = sc.factions[fid].prefix
            st.counters.append(
                Counter(st.new_id(prefix), fid, strength, loc if loc in board.map.locations else f"box:{loc}")
            )
        for p in PLAYERS:
            sizes = sc.decks.get(p)
            hand = sc.hands[p][0]
            st.cards[p] = Cards(deck=1, hand=hand, pile=(sizes[0] - hand) if sizes else None)
        vpgame.start(sc, st)  # a seasonal VP track, when the scenario switches one on
        return st

    def context(self, game) -> Context:
        return Context(game.map, game.scenario, game.state)

    def position(self, game) -> dict:
        st = game.state
        step = (
            "over"
            if st.over
            else (
                "battle"
                if st.battles
                else f"operation {min(st.operations + 1, 2)}"
                if st.operations < 2
                else "end of turn"
            )
        )
        return {
            "turn": f"turn {st.turn}",
            "side": st.player,
            "step": step,
            "over": st.over,
            "title": f"{game.scenario.name}: turn {st.turn}, the {who(st.player)} player"
            + (f", {step}" if not st.over else ", game over"),
        }

    def report(self, game):
        from mapref.rulesets.struggle_for_europe.referee import referee

        return vpgame.report(self.vp_host, referee(game), game)

    def follow_up(self, game):
        return vpgame.follow_up(self.vp_host, game)

    def steps(self, game) -> list[Step]:
        st = game.state
        here = self.position(game)["step"]
        return [
            Step("operation 1", "Operation 1", here == "operation 1"),
            Step("operation 2", "Operation 2", here == "operation 2"),
            Step("battle", "Battle", here == "battle"),
            Step("end of turn", "Supply and draw", here == "end of turn"),
            Step("over", "Game over", st.over),
        ]

    def moves(self) -> list[Move]:
        return MOVES

    @property
    def vp_host(self):
        from mapref.rulesets.struggle_for_europe.referee import TRACK_HOST

        return TRACK_HOST

    def checked(self, game, move: Move, args: dict) -> Outcome:
        """Each check works on a copy of the state (:func:`.common.work`) and says what it did, or
        raises Refused with the reason, the rule and the question to ask first."""
        if move.name in vpgame.VERBS:  # a seasonal VP track (shared/seeds/003), when the scenario has one
            return super().checked(game, move, args)
        cx, st = work(game)
        try:
            done = self.check_of(move)(cx, args)
        except Refused as e:
            out = refused(e.reason, e.rule)
            out.ask = e.ask
            if out.ask is not None and out.ask.key in LIST_KEYS:
                out.ask.many = True
            return out
        except SpaceError as e:
            return refused(str(e))
        except (TypeError, ValueError) as e:
            return refused(f"{move.name}: {e}")
        return Outcome(
            True, [Replace(done.state, done.label)], done.messages, rule=done.rule, label=done.label, data=done.data
        )

    def _check_move(self, cx, a: dict):
        """One move card.  Without a card named (a counter dropped on the map), a truck card if the
        move takes land lines only; if it needs a naval line, the player is asked to play a card
        with the naval transport icon (2 Game Board; rulings S12)."""
        from mapref.rulesets.struggle_for_europe import movement

        moves = a.get("moves")
        if isinstance(moves, str):  # "sedan=1,2 antwerp=3", as the window's form gives it
            moves = legs(moves.replace(";", " ").split())
        if not moves and a.get("to"):
            moves = [{"to": a["to"], "counters": a.get("counters", [])}]
        via = list(a.get("via") or [])
        if a.get("card"):
            return movement.check_move(cx, a.get("from", ""), list(moves or []), str(a["card"]), via)
        fresh = copy.deepcopy(cx.st)
        try:
            return movement.check_move(cx, a.get("from", ""), list(moves or []), "truck", via)
        except Refused as e:
            if e.rule != movement.R_CARD:
                raise
            # what a naval card refuses too is refused as it is
            movement.check_move(Context(cx.map, cx.sc, fresh), a.get("from", ""), list(moves or []), "naval", via)
            raise Refused(
                e.reason,
                e.rule,
                Ask(
                    "card",
                    "the move card",
                    ["naval"],
                    "This move takes a naval move line: play a card with the naval transport "
                    "icon (2 Game Board; rulings S12).",
                ),
            ) from None

    def _check_attack(self, cx, a: dict):
        from mapref.rulesets.struggle_for_europe import battle

        return battle.check_attack(cx, a.get("at", ""))

    def _check_battle(self, cx, a: dict):
        from mapref.rulesets.struggle_for_europe import battle

        return battle.check_battle(cx, a.get("at", ""), a)

    def _check_build(self, cx, a: dict):
        from mapref.rulesets.struggle_for_europe import operations

        return operations.check_build(cx, a.get("faction"), int(a.get("strength", 0)), a.get("at", ""))

    def _check_fortress(self, cx, a: dict):
        from mapref.rulesets.struggle_for_europe import operations

        return operations.check_fortress(cx, a.get("at", ""))

    def _check_bomb(self, cx, a: dict):
        from mapref.rulesets.struggle_for_europe import operations

        return operations.check_bomb(cx)

    def _check_discard(self, cx, a: dict):
        from mapref.rulesets.struggle_for_europe import operations

        return operations.check_discard(cx)

    def _check_event(self, cx, a: dict):
        from mapref.rulesets.struggle_for_europe import operations

        return operations.check_event(
            cx, bool(a.get("removed")), int(a.get("opponent_discards", 0) or 0), str(a.get("note", ""))
        )

    def _check_pass(self, cx, a: dict):
        from mapref.rulesets.struggle_for_europe import operations

        return operations.check_pass(cx)

    def _check_end_turn(self, cx, a: dict):
        from mapref.rulesets.struggle_for_europe import operations
        from mapref.rulesets.struggle_for_europe.referee import victory_facts

        return operations.check_end_turn(cx, list(a.get("losses") or []), bool(a.get("last")), victory_facts)

    def _check_deck(self, cx, a: dict):
        from mapref.rulesets.struggle_for_europe import operations

        pile = a.get("cards")
        return operations.check_deck(
            cx, str(a.get("player", "")), int(a.get("deck", 0)), None if pile in (None, "") else int(pile)
        )

    def _check_set(self, cx, a: dict):
        from mapref.rulesets.struggle_for_europe import operations

        return operations.check_set(cx, a)

    # ---------------------------------------------------------------------------- window
    def pieces(self, game, report=None) -> list[Piece]:
        r = (report or self.report(game)).as_dict()
        st = game.state
        cx = self.context(game)
        out: list[Piece] = []
        for c in r["counters"]:
            side = c["faction"]
            info = [
                f"{c['id']}: {game.scenario.factions[side].name} {'fortress' if c['fortress'] else 'army'}, strength "
                f"{c['strength']}, in {cx.label(c['at'])}"
            ]
            if c["supplied"]:
                words: list[str] = []
                for sp in c["supply_path"]:
                    w = cx.label(cx.location_of(sp))
                    if not words or words[-1] != w:
                        words.append(w)
                info.append("In supply: " + " - ".join(words))
            else:
                info.append(
                    "OUT OF SUPPLY" + (f": cut at {', '.join(cx.label(x) for x in c['cut'])}" if c["cut"] else "")
                )
            out.append(
                Piece(
                    f"counter:{c['id']}",
                    "fort" if c["fortress"] else "army",
                    side,
                    c["at"],
                    str(c["strength"]),
                    c["id"],
                    selectable=not c["fortress"] and not st.over,
                    supplied=c["supplied"],
                    supply_path=list(c["supply_path"]),
                    cut=list(c["cut"]),
                    info=info,
                )
            )
        for loc, f in st.flags.items():
            out.append(
                Piece(
                    f"flag:{loc}",
                    "marker",
                    f,
                    loc,
                    game.scenario.factions[f].flag if f in game.scenario.factions else f,
                    f"{game.scenario.factions[f].flag if f in game.scenario.factions else f} flag",
                )
            )
        return out

    traces_supply = True  # 8 Supply Lines

    def supply_view(self, game) -> dict[str, tuple[set[str], set[str]]]:
        """Per faction: the spaces it holds that trace supply to one of its supply locations, and
        those it holds that do not (section 8 Supply Lines: the same trace as its counters'; rulings S34)."""
        cx = self.context(game)
        out: dict[str, tuple[set[str], set[str]]] = {}
        spaces = cx.board.spaces()
        for fid in game.scenario.factions:
            held = {s for s in spaces if cx.holds_space(fid, s)}
            if not held:
                continue
            traced = cx.trace(fid).parent
            sup = {s for s in held if s in traced}
            out[fid] = (sup, held - sup)
        return out

    def reach(self, game, piece: str, within=None) -> set[str]:
        """Where a counter may be dropped now: the spaces a truck or a naval card moves it to (7.2)."""
        out = set()
        for sp in within if within is not None else game.board.spaces():
            a = self.drag(game, piece, sp)
            if a is None:
                continue
            for card in ("truck", "naval"):
                if self.check(game, Action(a.verb, {**a.args, "card": card})).ok:
                    out.add(sp)
                    break
        return out

    def marks(self, game) -> list[Mark]:
        """A battle waiting: a ring round the attackers (8: right-click it for its result); a VP
        track's strategic spaces."""
        cx = self.context(game)
        return [
            Mark(
                bt.at,
                "ring",
                bt.attacker,
                f"battle waiting in {cx.label(bt.at)} (right-click it)",
                [f"counter:{x}" for x in bt.attackers],
            )
            for bt in game.state.battles
        ] + vpgame.marks(self.vp_host, game)

    def tracks(self, game) -> list:
        return vpgame.tracks(game)

    def control_view(self, game) -> dict[str, str]:
        """The locations a faction controls that its printed colour does not give it (section 2:
        by its counters alone, or by its control flag); a contested location is nobody's (rulings S34)."""
        cx = self.context(game)
        out = {}
        for loc in list(game.map.locations) + [f"box:{b}" for b in game.map.boxes]:
            c = cx.control(loc)
            if c not in (None, CONTESTED) and c != cx.printed(loc):
                out[loc] = c
        return out

    def at_war(self, game, a: str, b: str) -> bool:
        """Factions of different players are enemies; the Western and Soviet Allies are one
        player's (section 3: their colour rules keep them apart, they never fight; rulings S34)."""
        cx = self.context(game)
        return cx.player(a) != cx.player(b) and bool(cx.player(a)) and bool(cx.player(b))

    def panels(self, game, report) -> list[tuple[str, list[str]]]:
        d = report.as_dict()
        vp = d["victory_points"]
        lines = [
            f"Axis {vp['axis']}, Allies {vp['allies']}"
            + (f": {vp['leader']} lead {vp['difference']}" if vp["leader"] else "")
        ]
        cards = [
            f"{p}: deck {c['deck']}, hand {c['hand']}/{c['hand_size']}"
            + (f", pile {c['pile']}" if c["pile"] is not None else "")
            for p, c in d["cards"].items()
        ]
        bomb = [d["bombing"]["where"]]
        return [("Victory points", lines), ("Cards", cards), ("Strategic bombing", bomb)] + vpgame.panel(
            self.vp_host, game
        )

    def drag(self, game, piece: str, to: str, card: str | None = None) -> Action | None:
        """Dropping a counter moves it with one move card; which card is asked by the check when
        it matters (a naval move line).  ``card``: the card named already."""
        kind, _, cid = piece.partition(":")
        c = game.state.counter(cid) if kind == "counter" else None
        if c is None or c.at == to or c.location == to.split(".", 1)[0] and not to.startswith("box:"):
            return None
        return Action("move", {"from": c.location, "to": to, "counters": [c.id], **({"card": card} if card else {})})

    # ---------------------------------------------------------------- what the window offers
    # The entries each move offers at a location (the moves table, .moves: legal() greys those
    # check refuses).  While a battle waits in a location, only its result is offered there.
    @staticmethod
    def _location(space: str) -> str:
        return space if space.startswith("box:") else space.split(".", 1)[0]

    def _battle_here(self, game, space) -> bool:
        return space is not None and game.state.battle_at(self._location(space)) is not None

    def _offer_battle(self, game, space, piece) -> list[MenuItem]:
        if space is None:
            return []
        loc = self._location(space)
        if game.state.battle_at(loc) is None:
            return []
        air = Field("attacker_air", "attacker's air power value", "int", 0, min=0)
        return [
            MenuItem(
                "Battle result: the defender defends...",
                Action("battle", {"at": loc}),
                ask=[
                    air,
                    Field("attacker_bonus", "attacker's battle events (+)", "int", 0, min=0),
                    Field("defender_air", "defender's air power value (blank: no card)", "int", None, min=0),
                    Field("defender_bonus", "defender's battle events (+)", "int", 0, min=0),
                    Field(
                        "commander",
                        "the Great Commander played by (only one a battle)",
                        "choice",
                        "",
                        ("", "attacker", "defender"),
                    ),
                ],
            ),
            MenuItem(
                "Battle: the defender retreats before battle...",
                Action("battle", {"at": loc, "retreat": True}),
                ask=[air],
            ),
        ]

    def _offer_move(self, game, space, piece) -> list[MenuItem]:
        if space is None or self._battle_here(game, space):
            return []
        st, cx = game.state, self.context(game)
        loc = self._location(space)
        if not any(cx.player(c.faction) == st.player and not c.fortress for c in cx.counters_in(loc)):
            return []
        return [
            MenuItem(
                "",
                Action("move", {"from": loc}),
                ask=[Field("moves", "where to (sedan=1,2 antwerp=3; no =: all)", "text", "")],
                note="The move card (truck or naval) is asked when the move takes a naval move line.",
            )
        ]

    def _when_operation(self, game, a: dict) -> Outcome | None:
        from mapref.rulesets.struggle_for_europe.common import check_turn

        try:
            check_turn(self.context(game), game.state.player)
        except Refused as e:
            return refused(e.reason, e.rule)
        return None

    def _offer_attack(self, game, space, piece) -> list[MenuItem]:
        if space is None or self._battle_here(game, space):
            return []
        st, cx = game.state, self.context(game)
        loc = self._location(space)
        if cx.control(loc) == CONTESTED and cx.players_in(loc) >= {st.player}:
            return [MenuItem(f"Attack in {cx.label(loc)}", Action("attack", {"at": loc}))]
        return []

    def _offer_build(self, game, space, piece) -> list[MenuItem]:
        if space is None or self._battle_here(game, space):
            return []
        st, cx = game.state, self.context(game)
        loc = self._location(space)
        return [
            MenuItem(
                f"Build a {n}-strength {game.scenario.factions[fid].name} army",
                Action("build", {"faction": fid, "strength": n, "at": loc}),
            )
            for fid in game.scenario.player_factions(st.player)
            if cx.control(loc) == fid
            for n in (1, 2, 3)
        ]

    def _offer_fortress(self, game, space, piece) -> list[MenuItem]:
        if space is None or "." not in space or self._battle_here(game, space):
            return []
        st, cx = game.state, self.context(game)
        if st.player == "axis" and cx.control(self._location(space)) == "axis":
            return [MenuItem(f"Build a fortress in {cx.label(space)}", Action("fortress", {"at": space}))]
        return []

    def _offer_deck(self, game, space, piece) -> list[MenuItem]:
        return [
            MenuItem(
                "Record a new play deck...",
                Action("deck", {}),
                ask=[
                    Field("player", "player", "choice", "allies", PLAYERS),
                    Field("deck", "the play deck now in use", "choice", "2", ("1", "2", "3")),
                ],
                note="The play deck ran out and the next was made (6).",
            )
        ]


RULESET = StruggleForEurope()
