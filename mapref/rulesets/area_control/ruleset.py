"""Area control behind the ruleset protocol: territories held by nations, victory cities,
capitals and neutral blocks, refereed by the house rules of shared/seeds/004 (rules.py).

The referee records what the players do on the board: a territory taken (``take``), an attack
on a neutral (``attack``), a standing army claimed (``claim``), a facility built (``build``), a
naval base rented (``rent``), a war declared (``war``), what a nation collects (``collect``), a
new capital declared (``capital``), the Italian dice (``roll``), the end of a phase
(``advance``).  Each is checked against the house rules and what follows is applied: blocks that
change sides, cash handed over, economies absorbed, units that change hands.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

from mapref.core.board import SpaceError
from mapref.rules.change import Replace
from mapref.rules import vpgame  # a seasonal VP track, when the scenario has one (shared/seeds/003)
from mapref.rules.ruleset import (
    Action,
    Field,
    Mark,
    MenuItem,
    Move,
    Outcome,
    Piece,
    Ruleset,
    Step,
    TrackRow,
    ink_on,
    refused,
)
from mapref.rules.victory import evaluate, holds
from mapref.rulesets.area_control import rules
from mapref.rulesets.area_control.moves import MOVES, TITLE
from mapref.rulesets.area_control.data import (
    ACTIVITIES,
    FACILITIES,
    NationState,
    Scenario,
    State,
    dumps_state,
    read_scenario,
    read_state,
    state_data,
)

GREY = "#8c8c8c"  # a nation with no colour of its own
COLOURS = {  # the shipped scenario's nations (a scenario's nation may give its own colour)
    "germany": "#6e6e6e",
    "italy": "#9c8d4e",
    "japan": "#d08a20",
    "soviet": "#b03a36",
    "usa": "#4a8a3a",
    "uk_europe": "#b08660",
    "uk_pacific": "#9a7048",
    "canada": "#c49a6c",
    "anzac": "#8a6038",
    "france": "#4f74b8",
    "china": "#5f9e88",
}


class Facts:
    def __init__(self, cx: rules.Cx) -> None:
        self.cx = cx
        self.over = cx.st.phase == "over"
        self.phase = cx.st.phase

    def holder(self, space: str) -> str | None:
        return self.cx.owner(space)

    def start_holder(self, space: str) -> str | None:
        return self.cx.original(self.cx.resolve(space))

    def production(self, side: str, printed: bool) -> int:
        return 0

    def track(self) -> dict | None:
        return vpgame.result(self.cx.st)


class TrackFacts:
    """What a VP track (shared/seeds/003) asks of a position: the side whose nation holds a
    territory, its country (the nation it belongs to on the map), the sides with units in it."""

    def __init__(self, cx: rules.Cx) -> None:
        self.cx = cx

    def holder(self, space: str) -> str | None:
        owner = self.cx.owner(space)
        return self.cx.side(owner) if owner else None

    def country(self, space: str) -> str | None:
        return self.cx.original(space)

    def units(self, space: str) -> set[str]:
        return {self.cx.side(n) for n, k in self.cx.st.units.get(space, {}).items() if k}

    def name(self, space: str) -> str:
        return self.cx.name(space)


class TrackHost(vpgame.RoundHost):
    """Rounds of an area-control game, for a VP track (mapref.rules.vpgame): every round is a
    Seasonal Turn (the game has no seasons)."""

    def facts(self, game) -> TrackFacts:
        return TrackFacts(rules.Cx(game.scenario, game.state, game.board))

    def turn(self, game) -> str:
        return f"round {game.state.round}"


TRACK_HOST = TrackHost()


@dataclass
class Report:
    round: int
    nation: str
    phase: str
    violations: list = field(default_factory=list)
    cities: dict = field(default_factory=dict)
    income: dict = field(default_factory=dict)
    blocks: list = field(default_factory=list)
    pending: list = field(default_factory=list)
    victory: dict | None = None
    names: dict = field(default_factory=dict)  # nation id -> its name, for the text (the JSON keeps ids)

    def name(self, nation: str) -> str:
        return self.names.get(nation, nation)

    def as_dict(self) -> dict:
        return {
            "round": self.round,
            "nation": self.nation,
            "phase": self.phase,
            "violations": [],
            "victory_cities": self.cities,
            "income": self.income,
            "blocks": self.blocks,
            "pending": self.pending,
            "victory": self.victory,
        }

    def text(self) -> str:
        lines = [f"round {self.round}, {self.name(self.nation)}, {self.phase.replace('_', ' ')}"]
        for group, c in self.cities.items():
            lines.append(
                f"{group}: {c['count']} of {len(c['cities'])} held by {c['by']} (needs {c['needs']}): "
                + ", ".join(
                    f"{x['city']} ({self.name(x['holder']) if x['holder'] else 'neutral' if x['space'] else 'not on the map'})"
                    for x in c["cities"]
                )
            )
        for n, (ok, why) in self.income.items():
            lines.append(f"{self.name(n)}: {'collects income' if ok else 'NO income'} ({why})")
        lines += self.blocks
        lines += [f"pending: {p.get('text') or p.get('what')}" for p in self.pending]
        if self.victory:
            lines.append(f"victory: {self.victory['winner']} ({self.victory['condition']}) [{self.victory['rule']}]")
        lines.append("no violations")
        return "\n".join(lines)


class AreaControl(vpgame.TrackMoves, Ruleset):
    name = "area_control"
    title = TITLE
    end_verb = "advance"  # the End step button: the move that ends the step (its moves table)
    board_kinds = ("area",)
    board_view = "map"  # the map in its owners' colours; the cities, capitals and blocks as tracks beside it
    vp_host = TRACK_HOST  # a scenario's VP track (vp-set, vp-check: mapref.rules.vpgame)
    side_colours = {n: (c, "#ffffff") for n, c in COLOURS.items()}

    def colours(self, game) -> dict[str, tuple[str, str]]:
        """Each nation's (fill, ink): its scenario's ``colour`` (an imported TripleA map's own
        colour for the player, map.properties ``color.PLAYER``), else the shipped nations', else
        its colour class on the map, else grey."""
        sc = getattr(game, "scenario", None)
        if sc is None or not getattr(sc, "nations", None):
            return self.side_colours
        m = getattr(game.board, "map", None)
        out = {}
        for nid, n in sc.nations.items():
            cls = m.colours.get(nid) if m is not None else None
            fill = n.colour or COLOURS.get(nid) or (cls.colour if cls is not None else GREY)
            out[nid] = (fill, ink_on(fill))
        return out

    # ----------------------------------------------------------------------------- files
    def read_scenario(self, data, source, shown):
        return read_scenario(data, source, shown)

    def scenario_problems(self, board, sc: Scenario):
        spaces = list(sc.neutrals) + list(sc.facilities) + list(sc.units) + list(sc.pacific)
        spaces += [c for n in sc.nations.values() for c in n.capitals] + [
            n.puppet_region for n in sc.nations.values() if n.puppet_region
        ]
        spaces += [s for c in sc.victory for s in c.spaces if not s.startswith(rules.CITY)]
        spaces += [s for s in sc.cities.values() if s]
        return sorted(
            {f"{s!r} is not a territory of the map" for s in spaces if board.space(s) is None}
        ) + vpgame.problems(board, sc)

    def describe_scenario(self, sc) -> dict:
        return {
            "first_turn": f"round {sc.first_round}",
            "last_turn": f"round {sc.last_round}",
            "sides": ["axis", "allies"],
        }

    def import_scenario(self, facts, board, map_ref, placed=None):
        from mapref.rulesets.area_control.imported import scenario_from

        return scenario_from(facts, board, map_ref, placed)

    def read_state(self, data, source, shown):
        return read_state(data, source, shown)

    def state_data(self, st):
        return state_data(st)

    def dumps_state(self, st):
        return dumps_state(st)

    # ------------------------------------------------------------------------------ play
    def new_game(self, board, sc: Scenario, *, scenario_ref="", map_ref="", auto_place=False):
        st = State(scenario_ref or sc.id, map_ref or sc.map, sc.first_round, sc.order[0], sc.phases[0])
        for nid, n in sc.nations.items():
            st.nations[nid] = NationState(n.cash, list(n.at_war))
        st.neutrals = {k: dict(v) for k, v in sc.neutrals.items()}
        st.units = copy.deepcopy(sc.units)
        st.facilities = copy.deepcopy(sc.facilities)
        st.ships = copy.deepcopy(sc.ships)
        vpgame.start(sc, st)  # a seasonal VP track, when the scenario switches one on
        return st

    def cx(self, game) -> rules.Cx:
        return rules.Cx(game.scenario, game.state, game.board)

    def position(self, game) -> dict:
        st = game.state
        who = game.scenario.nations.get(st.nation)
        return {
            "turn": f"round {st.round}",
            "side": st.nation,
            "side_name": who.name if who else st.nation,  # what a page shows of the side (the id keys colours)
            "step": st.phase,
            "over": st.over,
            "title": f"{game.scenario.name}: round {st.round}, {who.name if who else st.nation}, {st.phase.replace('_', ' ')}"
            + (f" ({st.winner} win)" if st.winner else ""),
        }

    def summary(self, game) -> list[str]:
        """``mapref new-game``'s line: the round and the units on the board (a counter of land units
        is no army: the house rules count units, seed 004)."""
        st = game.state
        land = sum(n for here in st.units.values() for n in here.values() if n > 0)
        sea = sum(n for here in st.ships.values() for n in here.values() if n > 0)
        parts = [
            f"{land} land unit{'s' if land != 1 else ''}" if land else "",
            f"{sea} ship{'s' if sea != 1 else ''}" if sea else "",
        ]
        return [self.position(game)["turn"], *(p for p in parts if p)]

    def cities(self, cx: rules.Cx) -> dict:
        out = {}
        for c in cx.sc.victory:
            if c.role != "part" or c.type != "hold_n":
                continue
            ok, _ = holds(c, Facts(cx))
            rows = [{"space": cx.resolve(s), "city": cx.city(s), "holder": cx.owner(s) or ""} for s in c.spaces]
            out[c.id] = {
                "cities": rows,
                "by": " and ".join(cx.nname(h) for h in c.holders()),
                "needs": c.count,
                "count": sum(1 for r in rows if r["holder"] in c.holders()),
                "met": ok,
                "rule": c.rule,
            }
        return out

    def report(self, game) -> Report:
        cx = self.cx(game)
        st = game.state
        inc = {n: rules.income(cx, n) for n in game.scenario.nations}
        blocks = [rules.block_forecast(cx, b) for b in game.scenario.blocks]
        rep = Report(
            st.round,
            st.nation,
            st.phase,
            [],
            self.cities(cx),
            inc,
            blocks,
            list(st.pending),
            self.victory(game, cx),
            {n: cx.nname(n) for n in game.scenario.nations},
        )
        return vpgame.report(self.vp_host, rep, game)

    def victory(self, game, cx) -> dict | None:
        """The result: once the game is won, the side that won it (a won game stays won: the Axis
        condition is checked "during any given strategic missions phase", and after the game ends
        the Allied condition would otherwise be read again); before, the conditions now."""
        st = game.state
        if st.winner:
            c = next((c for c in game.scenario.victory if c.role == "win" and c.who() == st.winner), None)
            return {
                "winner": st.winner,
                "condition": c.text if c else f"the {st.winner} won",
                "rule": c.rule if c else "",
                "immediate": bool(c and c.when == "immediate"),
            }
        return evaluate(game.scenario.victory, Facts(cx))

    def steps(self, game) -> list[Step]:
        return [Step(p, p.replace("_", " ").capitalize(), p == game.state.phase) for p in game.scenario.phases]

    def turn_track(self, game) -> list[Step]:
        sc = game.scenario
        return [Step(str(r), str(r), r == game.state.round) for r in range(sc.first_round, sc.last_round + 1)]

    def follow_up(self, game):
        st = game.state
        track = vpgame.follow_up(self.vp_host, game)
        if track[0]:
            return track
        if st.winner:
            return [], []
        v = evaluate(game.scenario.victory, Facts(self.cx(game)))
        if v is None:
            return [], []
        new = copy.deepcopy(st)
        new.phase, new.winner = "over", v["winner"]
        return [Replace(new, "game over")], [f"game over: the {v['winner']} win ({v['condition']}) [{v['rule']}]"]

    # --------------------------------------------------------------------------- actions
    def moves(self) -> list[Move]:
        return MOVES

    def checked(self, game, move: Move, args: dict) -> Outcome:
        """Each check reads the game, its context and the action's arguments; nothing is done
        once the game is over."""
        st = game.state
        if move.name in vpgame.VERBS:  # a seasonal VP track (shared/seeds/003), when the scenario has one
            return super().checked(game, move, args)
        if st.over:
            return refused(f"the game is over: the {st.winner} won" if st.winner else "the game is over")
        try:
            return self.check_of(move)(game, self.cx(game), args)
        except (SpaceError, ValueError, TypeError) as e:
            return refused(str(e))

    def _nation(self, cx: rules.Cx, text) -> str:
        t = str(text or "").strip().lower().replace(" ", "_")
        for nid, n in cx.sc.nations.items():
            if t in (nid, n.name.lower().replace(" ", "_")):
                return nid
        raise ValueError(f"{text!r}: not a nation of the scenario ({', '.join(cx.sc.nations)})")

    def _space(self, cx: rules.Cx, text) -> str:
        return cx.board.parse(str(text))

    @staticmethod
    def _done(result, label: str, rule: str = "") -> Outcome:
        if isinstance(result, rules.Refusal):
            return refused(result.reason, result.rule)
        new, lines = result
        return Outcome(True, [Replace(new)], lines, rule=rule, label=label)

    def _check_advance(self, game, cx, a):
        sc, st = game.scenario, game.state
        if st.pending:
            return refused(
                f"first: {st.pending[0].get('text') or st.pending[0].get('what')} (mapref roll / mapref capital)",
                "OCCUPATION OF CAPITAL CITIES",
            )
        if a.get("to"):
            return self._advance_to(game, cx, str(a["to"]))
        new, msg = self._next_phase(sc, st)
        return Outcome(
            True,
            [Replace(new)],
            [msg],
            rule="the turn sequence",
            label=f"end of {st.nation} {st.phase.replace('_', ' ')}",
        )

    @staticmethod
    def _next_phase(sc, st) -> tuple[State, str]:
        """The position after the current phase ends, and what it is."""
        new = copy.deepcopy(st)
        i = sc.phases.index(st.phase) if st.phase in sc.phases else len(sc.phases) - 1
        if i + 1 < len(sc.phases):
            new.phase = sc.phases[i + 1]
            return new, f"now: {sc.nations[st.nation].name}, {new.phase.replace('_', ' ')}"
        # the end of a nation's turn: its rentals were for "one turn" (NAVAL PORTS ON NEUTRAL TERRITORIES)
        new.rented = {k: v for k, v in new.rented.items() if v["by"] != st.nation}
        new.nations[st.nation].collected = []
        j = sc.order.index(st.nation) + 1
        if j < len(sc.order):
            new.nation, new.phase = sc.order[j], sc.phases[0]
        elif st.round >= sc.last_round:
            new.phase = "over"
            return new, f"the end of round {st.round}"
        else:
            new.round, new.nation, new.phase = st.round + 1, sc.order[0], sc.phases[0]
        return new, f"now: round {new.round}, {sc.nations[new.nation].name}, {new.phase.replace('_', ' ')}"

    def _advance_to(self, game, cx, to: str):
        """``advance --to "[ROUND] NATION PHASE"``: the phases end one by one up to that one (a
        position reached in one step); it stops early where a phase decides the game (the Axis
        condition is read "during any given strategic missions phase")."""
        sc, st = game.scenario, game.state
        words = to.replace(",", " ").split()
        rnd = int(words.pop(0)) if words and words[0].isdigit() else None
        phase = next((p for p in sc.phases if words and "_".join(words).lower().endswith(p)), None)
        rest = "_".join(words).lower()[: -len(phase) - 1] if phase else ""
        nation = self._nation(cx, rest) if rest else None
        if phase is None or nation is None:
            return refused(
                f"--to {to!r}: expected [ROUND] NATION PHASE, such as '2 {sc.order[0]} {sc.phases[0]}' (phases: "
                + ", ".join(sc.phases)
                + ")"
            )
        rnd = st.round if rnd is None else rnd
        key = (rnd, sc.order.index(nation), sc.phases.index(phase))
        if key <= (st.round, sc.order.index(st.nation), sc.phases.index(st.phase)):
            return refused(f"--to {to!r}: that phase is not after the current one ({self.position(game)['title']})")
        new = st
        while (new.round, sc.order.index(new.nation), sc.phases.index(new.phase)) < key:
            new, msg = self._next_phase(sc, new)
            if new.phase == "over" or evaluate(sc.victory, Facts(rules.Cx(sc, new, game.board))) is not None:
                break
        return Outcome(
            True, [Replace(new)], [msg], rule="the turn sequence", label=f"advance to {msg.removeprefix('now: ')}"
        )

    @staticmethod
    def _not_their_turn(game, cx, by: str, what: str):
        """A nation acts in its own turn only (the turn order: rulings A22)."""
        st = game.state
        if by != st.nation:
            verb, _, rest = what.partition(" ")
            return refused(
                f"it is {cx.whose(st.nation)} turn ({st.phase.replace('_', ' ')}): "
                + " ".join(x for x in (cx.does(by, verb), rest) if x)
                + f" only in {'their' if cx.plural(by) else 'its'} own turn",
                "the turn order (rulings A22)",
            )
        return None

    def _check_take(self, game, cx, a):
        space, by = self._space(cx, a.get("space")), self._nation(cx, a.get("by"))
        no = self._not_their_turn(game, cx, by, "takes territories")
        if no is not None:
            return no
        return self._done(
            rules.take(cx, space, by),
            rules.cap(f"{cx.does(by, 'takes')} {cx.name(space)}"),
            "OCCUPATION OF CAPITAL CITIES; NEUTRAL BLOCKS",
        )

    def _check_attack(self, game, cx, a):
        space, by = self._space(cx, a.get("space")), self._nation(cx, a.get("by"))
        no = self._not_their_turn(game, cx, by, "attacks")
        if no is not None:
            return no
        return self._done(
            rules.attack(cx, space, by), rules.cap(f"{cx.does(by, 'attacks')} {cx.name(space)}"), "NEUTRAL BLOCKS"
        )

    def _check_claim(self, game, cx, a):
        space, by = self._space(cx, a.get("space")), self._nation(cx, a.get("by"))
        no = self._not_their_turn(game, cx, by, "claims standing armies")
        if no is not None:
            return no
        return self._done(
            rules.claim(cx, space, by, bool(a.get("air_transport")), list(a.get("cargo") or [])),
            rules.cap(f"{cx.does(by, 'claims')} {cx.name(space)}"),
            "CLAIMING STANDING ARMIES",
        )

    def _check_build(self, game, cx, a):
        space, by = self._space(cx, a.get("space")), self._nation(cx, a.get("by"))
        fac = str(a.get("facility", "")).lower().replace(" ", "_")
        if fac not in FACILITIES:
            return refused(f"{a.get('facility')!r}: a facility is one of {', '.join(FACILITIES)}")
        return self._done(
            rules.build(cx, space, fac, by),
            rules.cap(f"{cx.does(by, 'builds')} a {fac.replace('_', ' ')} in {cx.name(space)}"),
            "PRODUCTION ON NEUTRAL TERRITORIES",
        )

    def _check_rent(self, game, cx, a):
        rule = "NAVAL PORTS ON NEUTRAL TERRITORIES"
        space, by = self._space(cx, a.get("space")), self._nation(cx, a.get("by"))
        ships = int(a.get("ships", 0))
        st = game.state
        if st.phase != game.scenario.phases[0] or st.nation != by:
            return refused(
                f"a base is paid for in {cx.whose(by)} {game.scenario.phases[0].replace('_', ' ')} phase", rule
            )
        if not st.nations[by].at_war:
            return refused(
                f"only nations at war may use naval bases on neutral territories; {cx.does(by, 'is')} at war with no one",
                rule,
            )
        got = rules.rental(cx, space, by, ships)
        if isinstance(got, rules.Refusal):
            return refused(got.reason, got.rule)
        cost, how = got
        if cost > st.nations[by].cash:
            return refused(
                rules.cap(f"{cx.does(by, 'has')} {st.nations[by].cash} on hand; the base costs {cost} ({how})"), rule
            )
        new = copy.deepcopy(st)
        new.nations[by].cash -= cost
        new.rented[space] = {"by": by, "ships": ships, "paid": cost}
        msg = rules.cap(
            f"{cx.does(by, 'rents')} the naval base of {cx.name(space)} for {ships} ships this turn: {cost} ({how})"
        )
        return Outcome(True, [Replace(new)], [msg], rule=rule, label=msg)

    def _check_war(self, game, cx, a):
        n, on = self._nation(cx, a.get("nation")), self._nation(cx, a.get("on"))
        if cx.side(n) == cx.side(on):
            return refused(rules.cap(f"{cx.who(n)} and {cx.who(on)} are on the same side"))
        if cx.at_war(n, on):
            return refused(rules.cap(f"{cx.does(n, 'is')} at war with {cx.who(on)} already"))
        new = copy.deepcopy(game.state)
        new.nations[n].at_war.append(on)
        new.nations[on].at_war.append(n)
        msg = rules.cap(f"{cx.who(n)} and {cx.who(on)} are at war")
        return Outcome(True, [Replace(new)], [msg], rule="NEUTRAL NATIONS: NOT AT WAR", label=msg)

    def _check_collect(self, game, cx, a):
        n = self._nation(cx, a.get("nation"))
        what = str(a.get("what", "income")).lower()
        if what not in ACTIVITIES or what == "enter_neutral":
            return refused(f"{what!r}: one of {', '.join(x for x in ACTIVITIES if x != 'enter_neutral')}")
        ref = rules.may(cx, n, what)
        if ref is not None:
            return refused(ref.reason, ref.rule)
        amount = int(a.get("amount", 0) or 0)
        new = copy.deepcopy(game.state)
        new.nations[n].cash += amount
        new.nations[n].collected.append(what)
        msg = f"{cx.nname(n)}: {what.replace('_', ' ')}" + (f" +{amount}" if amount else "")
        return Outcome(
            True, [Replace(new)], [msg], rule="NEUTRAL NATIONS: NOT AT WAR; OCCUPATION OF CAPITAL CITIES", label=msg
        )

    def _check_capital(self, game, cx, a):
        n, space = self._nation(cx, a.get("nation")), self._space(cx, a.get("space"))
        return self._done(
            rules.declare_capital(cx, n, space), f"{n} declares {space} its capital", "SOVIET UNION (MOSCOW)"
        )

    def _check_roll(self, game, cx, a):
        target = str(a.get("target", ""))
        items = [p for p in game.state.pending if p["kind"] == "roll"]
        item = next(
            (
                p
                for p in items
                if p["target"] == target
                or p["target"].lower() == target.lower()
                or cx.name(p["target"]).lower() == target.lower()
            ),
            None,
        )
        if item is None:
            return refused(
                f"no roll is due for {target!r}"
                + (f" (due: {', '.join(p['target'] for p in items)})" if items else ""),
                "ITALY (ROME)",
            )
        return self._done(
            rules.roll(cx, item, int(a.get("germany", 0)), int(a.get("allies", 0))),
            f"roll for {item['target']}",
            "ITALY (ROME)",
        )

    def _check_cash(self, game, cx, a):
        n = self._nation(cx, a.get("nation"))
        v = int(a.get("amount", 0))
        if v < 0:
            return refused("cash on hand is 0 or more")
        new = copy.deepcopy(game.state)
        new.nations[n].cash = v
        msg = rules.cap(f"{cx.does(n, 'has')} {v} on hand (referee's record)")
        return Outcome(True, [Replace(new)], [msg], rule="referee's record", label=msg)

    # ---------------------------------------------------------------------------- window
    def tracks(self, game) -> list[TrackRow]:
        cx = self.cx(game)
        out = []
        for cid, c in self.cities(cx).items():
            label = f"{cid.replace('_', ' ').title()}: {c['count']} of {len(c['cities'])} held by {c['by']} (needs {c['needs']})"
            out.append(
                TrackRow(
                    cid,
                    label,
                    [r["holder"] for r in c["cities"]],
                    "MET" if c["met"] else "",
                    game.state.phase == "strategic_missions",
                    labels=[r["city"] for r in c["cities"]],
                )
            )
        caps = [(n, s) for n, spec in game.scenario.nations.items() for s in cx.capitals(n)]
        out.append(
            TrackRow(
                "capitals",
                "Capitals",
                [cx.owner(s) or "" for _, s in caps],
                "",
                labels=[f"{cx.city(s)} ({cx.nname(n)})" for n, s in caps],
            )
        )
        for b in game.scenario.blocks.values():
            left = [s for s, t in game.state.neutrals.items() if t["block"] == b.id]
            spaces = sorted(
                s
                for s in game.board.spaces()
                if s in game.scenario.neutrals and game.scenario.neutrals[s]["block"] == b.id
            )
            out.append(
                TrackRow(
                    f"block:{b.id}",
                    f"Block {b.name}",
                    [("" if s in left else (cx.owner(s) or "")) for s in spaces],
                    rules.block_forecast(cx, b.id),
                    labels=[cx.name(s) for s in spaces],
                )
            )
        return out + vpgame.tracks(game)

    def pieces(self, game, report=None) -> list[Piece]:
        """Each territory's land units, a counter per nation with their count (the units the
        scenario places and the rules move: ``[units]``), each sea zone's ships likewise, and each
        neutral's standing army; in the nation's colour, selectable to be seen."""
        cx, st = self.cx(game), game.state
        out = []
        for kind, table, what in (("army", st.units, "land units"), ("fleet", st.ships, "ships")):
            for space in sorted(table):
                for nation, n in sorted(table[space].items()):
                    if n <= 0:
                        continue
                    title = f"{n} {cx.nname(nation)} {what if n != 1 else what[:-1]} in {cx.name(space)}"
                    held = cx.owner(space)
                    out.append(
                        Piece(
                            f"{kind}:{space}:{nation}",
                            kind,
                            nation,
                            space,
                            str(n),
                            title,
                            selectable=True,
                            info=[title, f"{cx.name(space)}: held by {cx.who(held) if held else 'no one'}"],
                        )
                    )
        for space, info in sorted(st.neutrals.items()):
            if info.get("army"):
                title = (
                    f"the standing army of {cx.name(space)}: {info['army']} ({info['kind'].replace('_', '-')} neutral)"
                )
                out.append(
                    Piece(
                        f"army:{space}:neutral", "army", "neutral", space, str(info["army"]), title, True, info=[title]
                    )
                )
        return out

    def legend(self, game) -> dict[str, str]:
        return {"army": "a nation's land units in a territory (their count)", "fleet": "a nation's ships in a sea zone"}

    def marks(self, game) -> list[Mark]:
        """The victory cities (a star in their holder's colour), the capitals (a dot), and a VP
        track's strategic spaces."""
        cx = self.cx(game)
        out = []
        for group, c in self.cities(cx).items():
            for r in c["cities"]:
                if not r["space"]:  # a city the map does not place yet
                    continue
                out.append(
                    Mark(r["space"], "star", r["holder"], f"victory city {r['city']} ({group.replace('_', ' ')})")
                )
        for n in game.scenario.nations:
            for s in cx.capitals(n):
                out.append(Mark(s, "dot", cx.owner(s) or "", f"capital of {cx.nname(n)}"))
        return out + vpgame.marks(self.vp_host, game)

    def control_view(self, game) -> dict[str, str]:
        """The territories owned by another nation than the one whose colour the map prints
        (taken, liberated, or absorbed: OCCUPATION OF CAPITAL CITIES; NEUTRAL BLOCKS; rulings A21)."""
        cx = self.cx(game)
        out = {}
        for s in game.board.spaces():
            o = cx.owner(s)
            if o and o != cx.original(s):
                out[s] = o
        return out

    def at_war(self, game, a: str, b: str) -> bool:
        """Two nations are enemies once at war (NEUTRAL NATIONS: NOT AT WAR; the scenario's
        ``at_war`` lists and the ``war`` action; rulings A21)."""
        return self.cx(game).at_war(a, b)

    def panels(self, game, report) -> list[tuple[str, list[str]]]:
        cx = self.cx(game)
        r = report
        inc = [
            f"{cx.nname(n)}: {'income' if ok else 'NO income'} ({why}); cash {game.state.nations[n].cash}"
            for n, (ok, why) in r.income.items()
        ]
        pend = [p.get("text") or p.get("what") for p in game.state.pending] or ["nothing"]
        vic = [f"RESULT: the {r.victory['winner']} win ({r.victory['condition']})"] if r.victory else []
        for c in r.cities.values():
            vic.append(
                f"{c['by']}: {c['count']} of {len(c['cities'])} (needs {c['needs']}): "
                + ", ".join(
                    f"{x['city']} ({cx.nname(x['holder']) if x['holder'] else 'no one' if x['space'] else 'not on the map'})"
                    for x in c["cities"]
                )
            )
        vic.append(f"the Allies win if the Axis has not won by the end of round {game.scenario.last_round}")
        return [
            ("Victory cities", vic),
            ("Capitals and income", inc),
            ("Neutral blocks", list(r.blocks)),
            ("Pending", pend),
        ] + vpgame.panel(self.vp_host, game)

    # ---------------------------------------------------------------- what the window offers
    # At a territory: what the nation whose turn it is may record there; elsewhere (a row of the
    # tracks) and in the Game menu: the same with the territory asked.  A roll or a capital due
    # comes first: only it is offered (the moves table, .moves: legal() greys what check refuses).
    def _territory(self, game, space) -> str | None:
        return space if space is not None and game.board.space(space) is not None else None

    def _offer_roll(self, game, space, piece) -> list[MenuItem]:
        return [
            MenuItem(
                f"Roll for {p['target']}...",
                Action("roll", {"target": p["target"]}),
                ask=[
                    Field("germany", "Germany's die", "int", 1, min=1, max=6),
                    Field("allies", "the Allied die", "int", 1, min=1, max=6),
                ],
            )
            for p in game.state.pending[:1]
            if p["kind"] == "roll"
        ]

    def _offer_capital(self, game, space, piece) -> list[MenuItem]:
        return [
            MenuItem(
                f"{p['nation']}: declare the new capital...",
                Action("capital", {"nation": p["nation"]}),
                ask=[Field("space", "territory", "choice", p["choices"][0], p["choices"])],
            )
            for p in game.state.pending[:1]
            if p["kind"] != "roll"
        ]

    def _at(self, game, space, verb: str, label: str, ask_label: str, **more) -> list[MenuItem]:
        """An entry of ``verb`` by the nation whose turn it is: at a territory, for it; elsewhere
        with the territory asked.  Nothing while a roll or a capital is due."""
        st = game.state
        if st.pending or st.over:
            return []
        by = st.nation
        here = self._territory(game, space)
        if here is not None:
            return [
                MenuItem(
                    self._says(game, by, label.format(space=self.cx(game).name(here))),
                    Action(verb, {"space": here, "by": by, **more}),
                )
            ]
        return [MenuItem(ask_label, Action(verb, {"by": by, **more}), ask=[Field("space", "territory", "space")])]

    def _offer_take(self, game, space, piece) -> list[MenuItem]:
        return self._at(game, space, "take", "takes {space}", "Take a territory...")

    def _offer_attack(self, game, space, piece) -> list[MenuItem]:
        here = self._territory(game, space)
        if here is not None and here not in game.state.neutrals:
            return []
        return self._at(game, space, "attack", "attacks {space} (a neutral)", "Attack a neutral...")

    def _offer_claim(self, game, space, piece) -> list[MenuItem]:
        here = self._territory(game, space)
        if here is None or here not in game.state.neutrals:
            return []
        return self._at(game, here, "claim", "claims the standing army of {space}", "", air_transport=False, cargo=[])

    def _says(self, game, by: str, rest: str) -> str:
        """A menu entry's words: "The Germans take France", "Germany takes France" (``rest``
        begins with the verb as with a country)."""
        verb, _, tail = rest.partition(" ")
        return rules.cap(f"{self.cx(game).does(by, verb)} {tail}")

    def _offer_build(self, game, space, piece) -> list[MenuItem]:
        here = self._territory(game, space)
        if here is None or game.state.pending or game.state.over:
            return []
        by = game.state.nation
        if self.cx(game).owner(here) != by:  # a nation builds only in its own territory (rulings A27)
            return []
        return [
            MenuItem(
                self._says(game, by, f"builds in {self.cx(game).name(here)}..."),
                Action("build", {"space": here, "by": by}),
                ask=[Field("facility", "facility", "choice", FACILITIES[0], FACILITIES)],
            )
        ]

    def _offer_rent(self, game, space, piece) -> list[MenuItem]:
        here = self._territory(game, space)
        if here is None or here not in game.state.neutrals or game.state.pending or game.state.over:
            return []
        by = game.state.nation
        return [
            MenuItem(
                self._says(game, by, f"rents the naval base of {self.cx(game).name(here)}..."),
                Action("rent", {"space": here, "by": by}),
                ask=[Field("ships", "ships", "int", 1, min=0)],
            )
        ]

    def _when_rent(self, game, a: dict) -> Outcome | None:
        st, by = game.state, str(a.get("by", ""))  # (required: the move's arguments have it)
        rule = "NAVAL PORTS ON NEUTRAL TERRITORIES"
        if st.phase != game.scenario.phases[0] or st.nation != by:
            cx = self.cx(game)
            return refused(
                f"a base is paid for in {cx.whose(by)} {game.scenario.phases[0].replace('_', ' ')} phase", rule
            )
        if not st.nations[by].at_war:
            return refused(
                f"only nations at war may use naval bases on neutral territories; {self.cx(game).does(by, 'is')} at "
                "war with no one",
                rule,
            )
        return None

    def _offer_advance(self, game, space, piece) -> list[MenuItem]:
        """The Game menu's End the phases up to...: a phase of this round after the current one,
        or the next round's first (End step, the window's own button, ends one)."""
        sc, st = game.scenario, game.state
        if st.pending or st.over:
            return []
        later = []
        started = False
        for n in sc.order:
            for p in sc.phases:
                if started:
                    later.append(f"{n} {p}")
                started = started or (n, p) == (st.nation, st.phase)
        if st.round < sc.last_round:
            later.append(f"{st.round + 1} {sc.order[0]} {sc.phases[0]}")
        if not later:
            return []
        return [
            MenuItem(
                "", Action("advance"), ask=[Field("to", "end the phases up to", "choice", later[-1], tuple(later))]
            )
        ]

    def _nation_field(self, game) -> Field:
        return Field("nation", "nation", "choice", game.state.nation, tuple(game.scenario.nations))

    # the referee's records of a nation (war, what it collects, its cash): the nation whose turn it is first
    def _offer_war(self, game, space, piece) -> list[MenuItem]:
        names = tuple(game.scenario.nations)
        other = next((n for n in names if n != game.state.nation), game.state.nation)
        return [
            MenuItem(
                "", Action("war"), ask=[self._nation_field(game), Field("on", "at war with", "choice", other, names)]
            )
        ]

    def _offer_collect(self, game, space, piece) -> list[MenuItem]:
        what = tuple(x for x in ACTIVITIES if x != "enter_neutral")
        return [
            MenuItem(
                "",
                Action("collect"),
                ask=[
                    self._nation_field(game),
                    Field("what", "collects", "choice", "income", what),
                    Field("amount", "adds to its cash", "int", 0),
                ],
            )
        ]

    def _offer_cash(self, game, space, piece) -> list[MenuItem]:
        st = game.state
        return [
            MenuItem(
                "",
                Action("cash"),
                ask=[
                    self._nation_field(game),
                    Field("amount", "cash on hand", "int", st.nations[st.nation].cash, min=0),
                ],
            )
        ]


RULESET = AreaControl()
