"""Struggle for Europe 1939-1945 behind the ruleset protocol (mapref.rules.ruleset).

Actions (the command line's verbs, docs/format.md "Struggle for Europe"):

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

from mapref.core.board import SpaceError
from mapref.rules.ruleset import Action, MenuItem, Outcome, Piece, Ruleset, Step, Verb, refused
from mapref.rulesets.struggle_for_europe import files as sfiles
from mapref.rulesets.struggle_for_europe.common import Refused, Replace, work, who
from mapref.rulesets.struggle_for_europe.context import CONTESTED, Context
from mapref.rulesets.struggle_for_europe.state import PLAYERS, Cards, Counter, GameState

def legs(items: list[str]) -> list[dict]:
    """``sedan=1,2`` ``antwerp=A4`` ``paris`` -> [{"to": "sedan", "counters": ["1", "2"]}, ...]: where
    counters go and which (by id or strength; none named: all)."""
    out = []
    for it in items:
        to, eq, who_ = it.partition("=")
        out.append({"to": to.strip(), "counters": [x.strip() for x in who_.split(",") if x.strip()] if eq else []})
    return out


VERBS = ("move", "attack", "battle", "build", "fortress", "bomb", "discard", "event", "pass", "end-turn", "deck", "set")


class StruggleForEurope(Ruleset):
    name = "struggle_for_europe"
    title = "Struggle for Europe"
    board_kinds = ("area",)
    side_colours = {"axis": ("#5a5a5a", "#ffffff"), "western": ("#1f4e9e", "#ffffff"), "soviet": ("#a3241c", "#ffffff"),
                    "allies": ("#1f4e9e", "#ffffff")}

    # ----------------------------------------------------------------------------- files
    def read_scenario(self, data, source, shown):
        return sfiles.read_scenario(data, source, shown)

    def scenario_problems(self, board, scenario):
        return sfiles.scenario_problems(board, scenario)

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
            st.counters.append(Counter(st.new_id(prefix), fid, strength, loc if loc in board.map.locations else f"box:{loc}"))
        for p in PLAYERS:
            sizes = sc.decks.get(p)
            hand = sc.hands[p][0]
            st.cards[p] = Cards(deck=1, hand=hand, pile=(sizes[0] - hand) if sizes else None)
        return st

    def context(self, game) -> Context:
        return Context(game.map, game.scenario, game.state)

    def position(self, game) -> dict:
        st = game.state
        step = "over" if st.over else ("battle" if st.battles else f"operation {min(st.operations + 1, 2)}"
                                       if st.operations < 2 else "end of turn")
        return {"turn": f"turn {st.turn}", "side": st.player, "step": step, "over": st.over,
                "title": f"{game.scenario.name}: turn {st.turn}, the {who(st.player)} player" + (f", {step}" if not st.over else
                                                                                             ", game over")}

    def report(self, game):
        from mapref.rulesets.struggle_for_europe.referee import referee

        return referee(game)

    def steps(self, game) -> list[Step]:
        st = game.state
        here = self.position(game)["step"]
        return [Step("operation 1", "Operation 1", here == "operation 1"), Step("operation 2", "Operation 2", here == "operation 2"),
                Step("battle", "Battle", here == "battle"), Step("end of turn", "Supply and draw", here == "end of turn"),
                Step("over", "Game over", st.over)]

    def check(self, game, action: Action) -> Outcome:
        from mapref.rulesets.struggle_for_europe import battle, movement, operations
        from mapref.rulesets.struggle_for_europe.referee import victory_facts

        verb = "end-turn" if action.verb in ("advance", "end_turn") else action.verb
        a = dict(action.args)
        cx, st = work(game)
        try:
            if verb == "move":
                moves = a.get("moves")
                if isinstance(moves, str):  # "sedan=1,2 antwerp=3", as the window's form gives it
                    moves = legs(moves.replace(";", " ").split())
                if not moves and a.get("to"):
                    moves = [{"to": a["to"], "counters": a.get("counters", [])}]
                done = movement.check_move(cx, a.get("from", ""), list(moves or []), str(a.get("card", "truck")),
                                           list(a.get("via") or []))
            elif verb == "attack":
                done = battle.check_attack(cx, a.get("at", ""))
            elif verb == "battle":
                done = battle.check_battle(cx, a.get("at", ""), a)
            elif verb == "build":
                done = operations.check_build(cx, a.get("faction"), int(a.get("strength", 0)), a.get("at", ""))
            elif verb == "fortress":
                done = operations.check_fortress(cx, a.get("at", ""))
            elif verb == "bomb":
                done = operations.check_bomb(cx)
            elif verb == "discard":
                done = operations.check_discard(cx)
            elif verb == "event":
                done = operations.check_event(cx, bool(a.get("removed")), int(a.get("opponent_discards", 0) or 0),
                                              str(a.get("note", "")))
            elif verb == "pass":
                done = operations.check_pass(cx)
            elif verb == "end-turn":
                done = operations.check_end_turn(cx, list(a.get("losses") or []), bool(a.get("last")), victory_facts)
            elif verb == "deck":
                pile = a.get("cards")
                done = operations.check_deck(cx, str(a.get("player", "")), int(a.get("deck", 0)),
                                             None if pile is None else int(pile))
            elif verb == "set":
                done = operations.check_set(cx, a)
            else:
                return refused(f"Struggle for Europe has no action {action.verb!r} (its actions: {', '.join(VERBS)})")
        except Refused as e:
            out = refused(e.reason, e.rule)
            out.ask = e.ask
            return out
        except SpaceError as e:
            return refused(str(e))
        except (TypeError, ValueError) as e:
            return refused(f"{verb}: {e}")
        return Outcome(True, [Replace(done.state, done.label)], done.messages, rule=done.rule, label=done.label, data=done.data)

    # ---------------------------------------------------------------------------- window
    def pieces(self, game, report=None) -> list[Piece]:
        r = (report or self.report(game)).as_dict()
        st = game.state
        cx = self.context(game)
        out: list[Piece] = []
        for c in r["counters"]:
            side = c["faction"]
            info = [f"{c['id']}: {game.scenario.factions[side].name} {'fortress' if c['fortress'] else 'army'}, strength "
                    f"{c['strength']}, in {cx.label(c['at'])}"]
            if c["supplied"]:
                words: list[str] = []
                for sp in c["supply_path"]:
                    w = cx.label(cx.location_of(sp))
                    if not words or words[-1] != w:
                        words.append(w)
                info.append("In supply: " + " - ".join(words))
            else:
                info.append("OUT OF SUPPLY" + (f": cut at {', '.join(cx.label(x) for x in c['cut'])}" if c["cut"] else ""))
            out.append(Piece(f"counter:{c['id']}", "fort" if c["fortress"] else "army", side, c["at"], str(c["strength"]),
                             c["id"], selectable=not c["fortress"] and not st.over, supplied=c["supplied"],
                             supply_path=list(c["supply_path"]), cut=list(c["cut"]), info=info))
        for loc, f in st.flags.items():
            out.append(Piece(f"flag:{loc}", "marker", f, loc, game.scenario.factions[f].flag if f in game.scenario.factions else f,
                             f"{game.scenario.factions[f].flag if f in game.scenario.factions else f} flag"))
        return out

    def panels(self, game, report) -> list[tuple[str, list[str]]]:
        d = report.as_dict()
        vp = d["victory_points"]
        lines = [f"Axis {vp['axis']}, Allies {vp['allies']}" + (f": {vp['leader']} lead {vp['difference']}" if vp["leader"] else "")]
        cards = [f"{p}: deck {c['deck']}, hand {c['hand']}/{c['hand_size']}" + (f", pile {c['pile']}" if c["pile"] is not None
                                                                              else "") for p, c in d["cards"].items()]
        bomb = [d["bombing"]["where"]]
        return [("Victory points", lines), ("Cards", cards), ("Strategic bombing", bomb)]

    def drag(self, game, piece: str, to: str, card: str = "truck") -> Action | None:
        kind, _, cid = piece.partition(":")
        c = game.state.counter(cid) if kind == "counter" else None
        if c is None or c.at == to or c.location == to.split(".", 1)[0] and not to.startswith("box:"):
            return None
        return Action("move", {"from": c.location, "to": to, "counters": [c.id], "card": card})

    def menu(self, game, space: str, selected: str | None) -> list[MenuItem]:
        st = game.state
        cx = self.context(game)
        loc = space if space.startswith("box:") else space.split(".", 1)[0]
        out: list[MenuItem] = []
        b = st.battle_at(loc)
        if b is not None:
            fields = [("attacker_air", "attacker's air power value", "int", 0, None),
                      ("attacker_bonus", "attacker's battle events (+)", "int", 0, None),
                      ("defender_air", "defender's air power value (blank: no card)", "int", None, None),
                      ("defender_bonus", "defender's battle events (+)", "int", 0, None)]
            out.append(MenuItem("Battle result: the defender defends...", Action("battle", {"at": loc}), ask=fields))
            out.append(MenuItem("Battle: the defender retreats before battle...", Action("battle", {"at": loc, "retreat": True}),
                                ask=[("attacker_air", "attacker's air power value", "int", 0, None)]))
            return out
        why = "" if not st.battles and not st.over else "a battle waits" if st.battles else "the game is over"
        ops = st.operations < 2 and not why
        mine = [c for c in cx.counters_in(loc) if cx.player(c.faction) == st.player and not c.fortress]
        if mine:
            out.append(MenuItem("Move counters from here...", Action("move", {"from": loc}), ops, why,
                                ask=[("moves", "where to (sedan=1,2 antwerp=3; no =: all)", "entry", "", None),
                                     ("card", "move card", "choice", "truck", ["truck", "naval"])]))
        if cx.control(loc) == CONTESTED and cx.players_in(loc) >= {st.player}:
            out.append(MenuItem(f"Attack in {cx.label(loc)}", Action("attack", {"at": loc}), ops, why))
        for fid in game.scenario.player_factions(st.player):
            if cx.control(loc) == fid:
                for s in (1, 2, 3):
                    out.append(MenuItem(f"Build a {game.scenario.factions[fid].name} {s}",
                                        Action("build", {"faction": fid, "strength": s, "at": loc}), ops, why))
        if st.player == "axis" and "." in space and cx.control(loc) == "axis":
            out.append(MenuItem(f"Build a fortress in {cx.label(space)}", Action("fortress", {"at": space}), ops, why))
        return out

    # ------------------------------------------------------------------------------- CLI
    def verbs(self) -> list[Verb]:
        from mapref.rulesets.struggle_for_europe.cli import verbs

        return verbs()


RULESET = StruggleForEurope()
