"""The front-token card game (shared/seeds/001_d2451f0fedbbc099.txt) behind the ruleset protocol.

Two players, the Germans and the Allies, one turn a year from 1939 to 1945, three fronts of
four tokens each.  The referee keeps the year, the phase, the tokens and each player's cards
by count (hand, draw pile, discard pile: the cards themselves stay in the players' hands),
works out the draws, checks every played stack and resolves the battles.

Actions (the command line's verbs): ``advance`` (end the phase: History keeps and discards,
then the Production Phase's draws; TURN SEQUENCE), ``keep`` (History Phase), ``speer``
(Production Phase), ``swap`` (Planning Phase), ``battle`` (a front phase: both stacks at once).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

from mapref.rules.change import Replace
from mapref.rules import vpgame  # a seasonal VP track, when the scenario has one (shared/seeds/003)
from mapref.rules.ruleset import Action, Field, MenuItem, Move, Outcome, Ruleset, Step, TrackRow, Violation, refused
from mapref.rules.victory import evaluate
from mapref.rulesets.fronts import rules
from mapref.rulesets.fronts.moves import MOVES, TITLE
from mapref.rulesets.fronts.data import (
    PHASE_NAMES,
    PHASES,
    SIDES,
    Scenario,
    State,
    dumps_state,
    read_scenario,
    read_state,
    state_data,
)


class Facts:
    """What the victory evaluator asks: a front is held by the side holding all its tokens."""

    def __init__(self, sc: Scenario, st: State) -> None:
        self.sc, self.st = sc, st
        self.over = st.phase == "over"

    def holder(self, front: str) -> str | None:
        return next((s for s in SIDES if rules.holds_all(self.sc, self.st, s, front)), None)

    def start_holder(self, front: str) -> str | None:
        return None

    def production(self, side: str, printed: bool) -> int:
        return rules.total(self.st, side)

    def track(self) -> dict | None:
        return vpgame.result(self.st)


class TrackFacts:
    """What a VP track (shared/seeds/003) asks: a front's location is held by the side with more
    of its tokens (a tie: nobody; rulings F15); no countries; the sides with tokens on it stand in
    for ground units."""

    def __init__(self, sc: Scenario, st: State) -> None:
        self.sc, self.st = sc, st

    def _front(self, space: str) -> str | None:
        return next((f.id for f in self.sc.fronts.values() if f.location == space or f.id == space), None)

    def holder(self, space: str) -> str | None:
        t = self.st.tokens.get(self._front(space) or "", {})
        g, a = t.get("germans", 0), t.get("allies", 0)
        return "germans" if g > a else "allies" if a > g else None

    def country(self, space: str) -> str | None:
        return None

    def units(self, space: str) -> set[str]:
        return {s for s, n in self.st.tokens.get(self._front(space) or "", {}).items() if n}

    def name(self, space: str) -> str:
        f = self._front(space)
        return self.sc.fronts[f].name if f else space


class TrackHost(vpgame.RoundHost):
    """Years of the front-token game, for a VP track (mapref.rules.vpgame): every year is a
    Seasonal Turn."""

    def facts(self, game) -> TrackFacts:
        return TrackFacts(game.scenario, game.state)

    def turn(self, game) -> str:
        return str(game.state.year)


TRACK_HOST = TrackHost()


@dataclass
class Report:
    year: int
    phase: str
    violations: list = field(default_factory=list)
    tokens: dict = field(default_factory=dict)
    draws: dict = field(default_factory=dict)
    skipped: dict = field(default_factory=dict)
    hands: dict = field(default_factory=dict)
    last_battle: dict = field(default_factory=dict)
    victory: dict | None = None

    def as_dict(self) -> dict:
        return {
            "year": self.year,
            "phase": self.phase,
            "violations": [v.as_dict() for v in self.violations],
            "tokens": self.tokens,
            "draws": self.draws,
            "skipped": self.skipped,
            "hands": self.hands,
            "last_battle": self.last_battle,
            "victory": self.victory,
        }

    def text(self) -> str:
        lines = [f"{self.year}, {PHASE_NAMES.get(self.phase, self.phase)}"]
        for f, t in self.tokens.items():
            lines.append(
                f"{f}: germans {t['germans']}, allies {t['allies']}"
                + (f" (skipped: {self.skipped[f]})" if f in self.skipped else "")
            )
        for s, d in self.draws.items():
            lines.append(f"{s} draw {d['cards']}: " + "; ".join(d["terms"]))
        for s, h in self.hands.items():
            lines.append(f"{s}: {h['hand']} in hand, {h['deck']} in the deck, {h['discard']} discarded")
        if self.victory:
            lines.append(f"victory: {self.victory['winner']} ({self.victory['condition']}) [{self.victory['rule']}]")
        lines += [f"{v.code} [{v.rule}] {v.message}" for v in self.violations] or ["no violations"]
        return "\n".join(lines)


class Fronts(vpgame.TrackMoves, Ruleset):
    name = "fronts"
    title = TITLE
    end_verb = "advance"  # the End step button: the move that ends the step (its moves table)
    board_kinds = ("area",)
    board_view = "tracks"
    side_colours = {"germans": ("#3b3b3b", "#ffffff"), "allies": ("#2f5fb0", "#ffffff")}
    vp_host = TRACK_HOST  # a scenario's VP track (vp-set, vp-check: mapref.rules.vpgame)

    # ----------------------------------------------------------------------------- files
    def read_scenario(self, data, source, shown):
        return read_scenario(data, source, shown)

    def scenario_problems(self, board, sc):
        out = [
            f"fronts.{f.id}.location: {f.location!r} is not a location of the map"
            for f in sc.fronts.values()
            if board.space(f.location) is None
        ]
        return out + vpgame.problems(board, sc)

    def describe_scenario(self, sc) -> dict:
        return {"first_turn": str(sc.first_year), "last_turn": str(sc.last_year), "sides": list(SIDES)}

    def read_state(self, data, source, shown):
        return read_state(data, source, shown)

    def state_data(self, st):
        return state_data(st)

    def dumps_state(self, st):
        return dumps_state(st)

    def state_problems(self, board, sc, st):
        # FRONTS: every front holds its tokens; each player has a hand and a deck (the file
        # reader takes what is there; a game missing them could not be played on)
        out = self.scenario_problems(board, sc)
        out += [
            f"tokens.{f}: missing: each front holds {sc.tokens} tokens (FRONTS)"
            for f in sc.fronts
            if f not in st.tokens
        ]
        out += [f"hands.{s}: missing: each player has a hand and a deck" for s in SIDES if s not in st.hands]
        return out

    # ------------------------------------------------------------------------------ play
    def new_game(self, board, sc, *, scenario_ref="", map_ref="", auto_place=False):
        st = rules.new_state(sc, scenario_ref, map_ref)
        vpgame.start(sc, st)  # a seasonal VP track, when the scenario switches one on
        return st

    def position(self, game) -> dict:
        st = game.state
        return {
            "turn": str(st.year),
            "side": "",
            "step": st.phase,
            "over": st.over,
            "title": f"{game.scenario.name}: {st.year}, {PHASE_NAMES.get(st.phase, st.phase)}"
            + (f" ({st.winner} win)" if st.winner else ""),
        }

    def report(self, game) -> Report:
        sc, st = game.scenario, game.state
        v = []
        for f, t in st.tokens.items():
            if sum(t.values()) != sc.tokens:
                v.append(
                    Violation(
                        "fronts.tokens",
                        "FRONTS",
                        f,
                        "",
                        f"{sc.fronts[f].name}: {sum(t.values())} tokens, not {sc.tokens}",
                    )
                )
        draws = {}
        for s in SIDES:
            n, terms = rules.draw_count(sc, st, s)
            draws[s] = {"cards": n, "terms": terms}
        rep = Report(
            st.year,
            st.phase,
            v,
            {f: dict(t) for f, t in st.tokens.items()},
            draws,
            rules.skipped_this_turn(sc, st),
            {s: state_data(st)["hands"].get(s, {}) for s in SIDES},
            dict(st.last_battle),
            evaluate(sc.victory, Facts(sc, st)),
        )
        return vpgame.report(self.vp_host, rep, game)

    def steps(self, game) -> list[Step]:
        st = game.state
        skipped = rules.skipped_this_turn(game.scenario, st)
        return [Step(p, PHASE_NAMES[p] + (" (skipped)" if p in skipped else ""), p == st.phase) for p in PHASES]

    def follow_up(self, game):
        sc, st = game.scenario, game.state
        track = vpgame.follow_up(self.vp_host, game)
        if track[0]:
            return track
        if st.winner:
            return [], []
        v = evaluate(sc.victory, Facts(sc, st))
        if v is None:
            return [], []
        new = copy.deepcopy(st)
        new.phase, new.winner = "over", v["winner"]
        return [Replace(new, "game over")], [f"game over: the {v['winner']} win ({v['condition']}) [{v['rule']}]"]

    def moves(self) -> list[Move]:
        return MOVES

    def checked(self, game, move: Move, args: dict) -> Outcome:
        """Each check reads the scenario, the state and the action's arguments; nothing is done
        once the game is over."""
        st = game.state
        if move.name in vpgame.VERBS:  # a seasonal VP track (shared/seeds/003), when the scenario has one
            return super().checked(game, move, args)
        if st.over:
            return refused(f"the game is over: the {st.winner} won" if st.winner else "the game is over", "VICTORY")
        try:
            return self.check_of(move)(game.scenario, st, args)
        except (TypeError, ValueError) as e:  # arguments of the wrong kind (a script's action)
            return refused(f"{move.name}: {e}")

    def _check_advance(self, sc: Scenario, st: State, a: dict) -> Outcome:
        if st.phase in sc.fronts:
            f = sc.fronts[st.phase].name
            return refused(
                f"the {f} battle is not fought yet: both players play one or more cards (mapref battle)",
                f"{f.upper()} PHASE",
            )
        new = copy.deepcopy(st)
        msgs: list[str] = []
        rule = "TURN SEQUENCE"
        if st.phase == "history":
            # HISTORY PHASE: "A player may keep up to 2 extra, unused cards from the previous turn.
            # Excess cards are discarded."
            for s in SIDES:
                h = new.hands[s]
                if not h.kept and h.hand > sc.keep:
                    msgs.append(f"{s} keep {sc.keep} cards and discard {h.hand - sc.keep} (HISTORY PHASE)")
                    new.hands[s] = rules.discard(h, h.hand - sc.keep)
            # PRODUCTION PHASE: "Each player draws a number of cards as indicated by the Draw table."
            for s in SIDES:
                n, terms = rules.draw_count(sc, new, s)
                new.hands[s], note = rules.draw(new.hands[s], n)
                new.hands[s].drawn = n
                msgs.append(f"{s} draw {n}: {'; '.join(terms)}{note}")
            rule = "HISTORY PHASE; PRODUCTION PHASE; DRAW TABLE"
        year, phase = rules.next_step(sc, new)
        self._enter(sc, new, year, phase, msgs)
        return Outcome(True, [Replace(new)], msgs, rule=rule, label=f"end of the {PHASE_NAMES[st.phase]} {st.year}")

    def _enter(self, sc: Scenario, new: State, year: int, phase: str, msgs: list[str]) -> None:
        """Move to (year, phase), saying which front phases are skipped on the way."""
        if phase == "history" and year != new.year:
            for s in SIDES:
                h = new.hands[s]
                h.kept, h.drawn, h.swapped, h.speer = False, 0, -1, False
        skipped_from = PHASES.index(new.phase) + 1
        for p in PHASES[skipped_from:]:
            if p == phase:
                break
            if p in sc.fronts:
                msgs.append(f"{sc.fronts[p].name} Phase skipped: {rules.skip_reason(sc, new, p)}")
        new.year, new.phase = year, phase
        if phase == "over":
            msgs.append(f"the end of {year} (VICTORY)")
        else:
            msgs.append(f"now: {year}, {PHASE_NAMES[phase]}")

    def _side(self, a: dict) -> str:
        s = str(a.get("side", "")).lower()
        if s not in SIDES:
            raise ValueError(f"expected a side (germans or allies), got {a.get('side')!r}")
        return s

    def _check_keep(self, sc: Scenario, st: State, a: dict) -> Outcome:
        rule = "HISTORY PHASE"
        if st.phase != "history":
            return refused(f"cards are kept in the History Phase; it is the {PHASE_NAMES[st.phase]}", rule)
        try:
            s = self._side(a)
            n = int(a.get("cards", 0))
        except (TypeError, ValueError) as e:
            return refused(str(e), rule)
        h = st.hands[s]
        if h.kept:
            return refused(f"the {s} chose the cards they keep already this turn", rule)
        if not 0 <= n <= min(sc.keep, h.hand):
            return refused(
                f"the {s} may keep up to {sc.keep} unused cards and hold {h.hand}: {n} is too many"
                if n > 0
                else f"{n}: a number of cards from 0",
                rule,
            )
        new = copy.deepcopy(st)
        new.hands[s] = rules.discard(h, h.hand - n)
        new.hands[s].kept = True
        msg = f"{s} keep {n} cards and discard {h.hand - n}"
        return Outcome(True, [Replace(new)], [msg], rule=rule, label=msg)

    def _check_speer(self, sc: Scenario, st: State, a: dict) -> Outcome:
        rule = "CARD LIST, Notes: Discard the Speer card in Production Phase to draw 3 cards."
        side = next((s for s in SIDES if "Speer" in sc.decks.get(s, {})), "germans")
        if st.phase != "production":
            return refused(f"Speer is discarded in the Production Phase; it is the {PHASE_NAMES[st.phase]}", rule)
        h = st.hands[side]
        if h.speer or "Speer" in h.played:
            return refused("the Speer card is in the discard pile already", rule)
        if h.hand < 1:
            return refused(f"the {side} hold no card", rule)
        new = copy.deepcopy(st)
        nh = rules.discard(h, 1)
        nh.played = nh.played + ["Speer"]  # in the discard pile (shuffled back if the draw runs the deck out)
        nh, note = rules.draw(nh, 3)
        nh.speer = True
        new.hands[side] = nh
        msg = f"{side} discard Speer and draw 3{note}"
        return Outcome(True, [Replace(new)], [msg], rule=rule, label=msg)

    def _check_swap(self, sc: Scenario, st: State, a: dict) -> Outcome:
        rule = "PLANNING PHASE"
        if st.phase != "planning":
            return refused(f"cards are exchanged in the Planning Phase; it is the {PHASE_NAMES[st.phase]}", rule)
        try:
            s = self._side(a)
            n = int(a.get("cards", 0))
        except (TypeError, ValueError) as e:
            return refused(str(e), rule)
        h = st.hands[s]
        if h.swapped >= 0:
            return refused(f"the {s} exchanged {h.swapped} cards already this turn", rule)
        if not 0 <= n <= sc.swap:
            return refused(f"a player may discard up to {sc.swap} cards: {n}", rule)
        if n > h.hand:
            return refused(f"the {s} hold {h.hand} cards: they cannot discard {n}", rule)
        new = copy.deepcopy(st)
        nh, note = rules.draw(rules.discard(h, n), n)
        nh.swapped = n
        new.hands[s] = nh
        msg = f"{s} discard {n} cards and draw {n}{note}"
        return Outcome(True, [Replace(new)], [msg], rule=rule, label=msg)

    def _check_battle(self, sc: Scenario, st: State, a: dict) -> Outcome:
        front = st.phase
        if front not in sc.fronts:
            return refused(
                f"battles are fought in the front phases; it is the {PHASE_NAMES[st.phase]}", "TURN SEQUENCE"
            )
        fname = sc.fronts[front].name
        if a.get("front") and a["front"] != front:
            return refused(f"it is the {fname} Phase, not the {a['front']} front's", "TURN SEQUENCE")
        stacks = {}
        problems: list[tuple[str, str]] = []
        for s in SIDES:
            names = a.get(s, [])
            if isinstance(names, str):  # the window's form: one line
                names = rules.split_stack(sc, s, names)
            cards = []
            for n in names:
                if not str(n).strip():
                    continue
                try:
                    cards.append(rules.find_card(sc, s, str(n)))
                except ValueError as e:
                    problems.append((f"{s}: {e}", "CARD LIST"))
            stacks[s] = cards
            problems += [(f"{s}: {r}", rule) for r, rule in rules.stack_problems(sc, st, s, front, cards)]
        if problems:
            return refused("; ".join(r for r, _ in problems), "; ".join(dict.fromkeys(rule for _, rule in problems)))
        toks, win, lines = rules.resolve(sc, st, front, stacks)
        new = copy.deepcopy(st)
        new.tokens[front] = toks
        for s in SIDES:
            played = stacks[s]
            new.hands[s] = rules.discard(new.hands[s], len(played))
            new.hands[s].played = new.hands[s].played + [c.title for c in played]
        new.last_battle = {
            "year": st.year,
            "front": front,
            "germans": [c.title for c in stacks["germans"]],
            "allies": [c.title for c in stacks["allies"]],
            "germans_force": rules.force(stacks["germans"]),
            "allies_force": rules.force(stacks["allies"]),
            "winner": win,
        }
        year, phase = rules.next_step(sc, new)
        self._enter(sc, new, year, phase, lines)
        return Outcome(True, [Replace(new)], lines, rule=f"{fname.upper()} PHASE", label=f"{fname} battle {st.year}")

    # ---------------------------------------------------------------------------- window
    def tracks(self, game) -> list[TrackRow]:
        """The three fronts as rows of token slots (Allied tokens first, then German)."""
        sc, st = game.scenario, game.state
        skipped = rules.skipped_this_turn(sc, st)
        out = []
        for f, fr in sc.fronts.items():
            t = st.tokens.get(f, {})
            slots = ["allies"] * t.get("allies", 0) + ["germans"] * t.get("germans", 0)
            note = f"skipped this turn: {skipped[f]}" if f in skipped else ""
            holder = next((s for s in SIDES if rules.holds_all(sc, st, s, f)), "")
            if holder:
                note = f"the {holder} hold all {sc.tokens}" + (f"; {note}" if note else "")
            out.append(TrackRow(f, fr.name, slots, note, st.phase == f))
        return out + vpgame.tracks(game)

    def turn_track(self, game) -> list[Step]:
        sc, st = game.scenario, game.state
        return [Step(str(y), str(y), y == st.year) for y in range(sc.first_year, sc.last_year + 1)]

    def panels(self, game, report) -> list[tuple[str, list[str]]]:
        sc, st = game.scenario, game.state
        r = report.as_dict()
        draw = [f"{s}: {d['cards']} = " + "; ".join(d["terms"]) for s, d in r["draws"].items()]
        hands = [
            f"{s}: {h.get('hand', 0)} in hand, {h.get('deck', 0)} in the deck, {h.get('discard', 0)} discarded"
            for s, h in r["hands"].items()
        ]
        lb = st.last_battle
        battle = (
            [
                f"{sc.fronts[lb['front']].name} {lb['year']}: germans {lb['germans_force']} ({', '.join(lb['germans']) or 'no card'}), "
                f"allies {lb['allies_force']} ({', '.join(lb['allies']) or 'no card'}): "
                + (f"the {lb['winner']} win" if lb["winner"] else "a tie")
            ]
            if lb
            else ["no battle yet"]
        )
        vic = [f"RESULT: the {r['victory']['winner']} win ({r['victory']['condition']})"] if r["victory"] else []
        vic += [
            "Allies: all 4 tokens of any one front",
            "Germans: all 4 East and all 4 West tokens",
            f"the Germans lose if they have not won by the end of {sc.last_year}",
        ]
        return [
            ("Draw table (this year)", draw),
            ("Cards", hands),
            ("Last battle", battle),
            ("Victory", vic),
        ] + vpgame.panel(self.vp_host, game)

    # ---------------------------------------------------------------- what the window offers
    # What can be done now: the window offers it on a right-click anywhere on the fronts and in
    # its Game menu (the moves table, .moves: legal() greys what check refuses).
    def _offer_battle(self, game, space, piece) -> list[MenuItem]:
        sc, st = game.scenario, game.state
        if st.over or st.phase not in sc.fronts:
            return []
        fields = [
            Field(s, f"{s.title()}' stack (card titles, separated by commas or semicolons)", "text", "") for s in SIDES
        ]
        return [MenuItem(f"Fight the {sc.fronts[st.phase].name} battle...", Action("battle"), ask=fields)]

    def _offer_keep(self, game, space, piece) -> list[MenuItem]:
        sc, st = game.scenario, game.state
        if st.over or st.phase != "history":
            return []
        return [
            MenuItem(
                f"The {s} keep...",
                Action("keep", {"side": s}),
                ask=[Field("cards", f"cards the {s} keep (0-{n})", "int", n, min=0, max=n)],
            )
            for s in SIDES
            for n in [min(sc.keep, st.hands[s].hand)]
        ]

    def _when_keep(self, game, a: dict) -> Outcome | None:
        s, h = a.get("side"), game.state.hands.get(a.get("side"))
        if h is not None and h.kept:
            return refused(f"the {s} chose the cards they keep already this turn", "HISTORY PHASE")
        return None

    def _offer_speer(self, game, space, piece) -> list[MenuItem]:
        st = game.state
        return [MenuItem("", Action("speer"))] if not st.over and st.phase == "production" else []

    def _offer_swap(self, game, space, piece) -> list[MenuItem]:
        sc, st = game.scenario, game.state
        if st.over or st.phase != "planning":
            return []
        return [
            MenuItem(
                f"The {s} exchange cards...",
                Action("swap", {"side": s}),
                ask=[Field("cards", f"cards the {s} discard and draw again (0-{n})", "int", 0, min=0, max=n)],
            )
            for s in SIDES
            for n in [min(sc.swap, st.hands[s].hand)]
        ]

    def _when_swap(self, game, a: dict) -> Outcome | None:
        s, h = a.get("side"), game.state.hands.get(a.get("side"))
        if h is not None and h.swapped >= 0:
            return refused(f"the {s} exchanged {h.swapped} cards already this turn", "PLANNING PHASE")
        return None


RULESET = Fronts()
