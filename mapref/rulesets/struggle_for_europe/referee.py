"""The referee's report on a Struggle for Europe position (``mapref referee [--json]``): control
of every location, every counter with its supply (the path to its supply location, or the halves
that cut it), the losses supply will cost at the end of the turn, the cards, the bombing track,
the victory points and the result, and the rules the position breaks."""

from __future__ import annotations

from dataclasses import dataclass, field

from mapref.rules.ruleset import Violation
from mapref.rules.victory import evaluate, victory_points
from mapref.rules.vpgame import RoundHost
from mapref.rulesets.struggle_for_europe.common import bombing_number, hand_size, who
from mapref.rulesets.struggle_for_europe.context import CONTESTED, Context
from mapref.rulesets.struggle_for_europe.state import PLAYERS


class Facts:
    """What the victory conditions ask (mapref.rules.victory): who holds a location now and at the
    start (its printed colour), the bombing track's points, and the moment."""

    def __init__(self, cx: Context, over: bool = False, turn_ended: str | None = None) -> None:
        self.cx = cx
        self.over = over
        self.turn_ended = turn_ended

    def holder(self, space: str) -> str | None:
        # "controlling (not contested)" (9): the player whose faction holds it
        return self.cx.controller(space)

    def start_holder(self, space: str) -> str | None:
        f = self.cx.printed(space)
        return self.cx.player(f) if f else None

    def production(self, side: str, printed: bool) -> int:
        return 0

    def track(self) -> dict | None:
        """A VP track's result, for ``type = "track"`` conditions (mapref.rules.vpgame)."""
        from mapref.rules.vpgame import result

        return result(self.cx.st)

    def track_points(self, side: str, track: str) -> int:
        # "As it moves to the right ... awards the Axis player that many Victory Points. As it
        # moves to the left ... awards the Allied player" (2): the number on the other side's half
        return bombing_number(self.cx, self.cx.sc.other(side)) if track == "strategic_bombing" else 0


class TrackFacts:
    """What a VP track (shared/seeds/003, mapref.rules.vptrack) asks of a position: the player
    who controls a location (contested: nobody), its country (the map's colour class), the players
    with armies in it (fortresses are no ground units that move: armies only)."""

    def __init__(self, cx: Context) -> None:
        self.cx = cx

    def holder(self, space: str) -> str | None:
        return self.cx.controller(self.cx.location_of(space))

    def country(self, space: str) -> str | None:
        s = self.cx.board.space(space)
        return s.country if s is not None else None

    def units(self, space: str) -> set[str]:
        return {self.cx.player(c.faction) for c in self.cx.counters_in(self.cx.location_of(space)) if not c.fortress}

    def name(self, space: str) -> str:
        return self.cx.label(space)


class TrackHost(RoundHost):
    """The turns and the end of a Struggle for Europe game, for a VP track (mapref.rules.vpgame):
    every turn is a Seasonal Turn (the game has no seasons); the game ends as its own end does."""

    def facts(self, game) -> TrackFacts:
        return TrackFacts(Context(game.map, game.scenario, game.state))

    def turn(self, game) -> str:
        return f"turn {game.state.turn}"

    def end(self, game, result: dict) -> list:
        from mapref.rules.vptrack import SetAttr

        return [
            SetAttr("over", True, "game over"),
            SetAttr(
                "result", {k: str(result.get(k, "")) for k in ("winner", "condition", "rule")}, "the VP track's result"
            ),
        ]


TRACK_HOST = TrackHost()


def victory_facts(cx: Context, over: bool = False, turn_ended: str | None = None) -> Facts:
    return Facts(cx, over, turn_ended)


def vp_totals(cx: Context) -> dict[str, int]:
    """Each player's victory points by the scenario's ``vp`` conditions (9)."""
    f = Facts(cx)
    out = {p: 0 for p in PLAYERS}
    for p in PLAYERS:
        c = next((c for c in cx.sc.victory if c.type == "vp" and c.side == p), None)
        if c is not None:
            out[p] = victory_points(c, f, p)
    return out


@dataclass
class Report:
    violations: list[Violation] = field(default_factory=list)
    data: dict = field(default_factory=dict)
    victory: dict | None = None

    def as_dict(self) -> dict:
        return {**self.data, "victory": self.victory, "violations": [v.as_dict() for v in self.violations]}

    def text(self) -> str:
        d = self.data
        p = d["position"]
        out = [
            f"{d['scenario']}: turn {p['turn']}, the {who(p['player'])} player, {p['operations']} of 2 operations done"
            + (" (game over)" if p["over"] else "")
        ]
        vp = d["victory_points"]
        lead = f"{vp['leader']} leads by {vp['difference']}" if vp["leader"] else "level"
        out.append(f"victory points: axis {vp['axis']}, allies {vp['allies']} ({lead})")
        b = d["bombing"]
        out.append(f"strategic bombing: {b['where']}")
        for pl, c in d["cards"].items():
            pile = f", {c['pile']} in the play deck" if c.get("pile") is not None else ""
            out.append(
                f"{who(pl)}: deck {c['deck']}, {c['hand']} cards in hand (hand size {c['hand_size']}){pile}, "
                f"{c['recycle']} recycled, {c['removed']} removed"
            )
        for bt in d["battles"]:
            out.append(
                f"battle waiting in {bt['where']}: {bt['attacker']} {', '.join(bt['attackers'])} against "
                f"{', '.join(bt['defenders']) or 'nobody'}"
                + (f" (location defence {bt['defence']})" if bt["defence"] else "")
            )
        for loc in d["locations"].values():
            if not loc["counters"]:
                continue
            parts = []
            for where, ids in loc["counters"].items():
                parts.append((f"{where}: " if where else "") + ", ".join(ids))
            out.append(
                f"{loc['name']} ({loc['control']}{', flag ' + loc['flag'] if loc['flag'] else ''}): " + "; ".join(parts)
            )
        for pl, locs in d["out_of_supply"].items():
            for loc, ids in locs.items():
                out.append(f"OUT OF SUPPLY ({who(pl)}): {loc}: {', '.join(ids)}")
        if self.victory:
            out.append(
                f"victory: the {self.victory['winner']} player wins: {self.victory['condition']} [{self.victory['rule']}]"
            )
        out += [f"{v.code} [{v.rule}] {v.where}: {v.message}" for v in self.violations] or ["no violations"]
        return "\n".join(out)


def referee(game) -> Report:
    cx = Context(game.map, game.scenario, game.state)
    st, sc = cx.st, cx.sc
    r = Report()
    counters, out_of_supply = _counters_data(cx)
    cards = {}
    for pl in PLAYERS:
        hand = st.cards[pl]
        cards[pl] = {
            "deck": hand.deck,
            "reshuffles": hand.reshuffles,
            "hand": hand.hand,
            "hand_size": hand_size(cx, pl),
            "pile": hand.pile,
            "recycle": hand.recycle,
            "removed": hand.removed,
        }
    vp = vp_totals(cx)
    diff = vp["axis"] - vp["allies"]
    r.data = {
        "scenario": sc.name,
        "position": {"turn": st.turn, "player": st.player, "operations": st.operations, "over": st.over},
        "decks_in_effect": cx.counters_now(),
        "cards": cards,
        "bombing": _bombing_data(cx),
        "victory_points": {
            "axis": vp["axis"],
            "allies": vp["allies"],
            "difference": abs(diff),
            "leader": "axis" if diff > 0 else "allies" if diff < 0 else "",
        },
        "locations": _locations_data(cx),
        "counters": counters,
        "out_of_supply": {pl: {cx.label(k): v for k, v in x.items()} for pl, x in out_of_supply.items()},
        "battles": [
            {
                "where": cx.label(bt.at),
                "at": bt.at,
                "attacker": bt.attacker,
                "attackers": bt.attackers,
                "defenders": bt.defenders,
                "defence": bt.defence,
                "line": bt.line,
                "kind": bt.kind,
            }
            for bt in st.battles
        ],
    }
    r.victory = dict(st.result) if st.result else evaluate(sc.victory, Facts(cx, over=st.over))
    r.violations = violations(cx)
    return r


def _counters_data(cx: Context) -> tuple[list[dict], dict[str, dict[str, list[str]]]]:
    """Each counter with its supply (path, where it is cut), and the counters out of supply by
    player and location."""
    counters = []
    out_of_supply: dict[str, dict[str, list[str]]] = {p: {} for p in PLAYERS}
    for c in cx.st.counters:
        ok, path, cut = cx.supply_of(c)
        counters.append(
            {
                "id": c.id,
                "faction": c.faction,
                "player": cx.player(c.faction),
                "strength": c.strength,
                "fortress": c.fortress,
                "at": c.at,
                "location": c.location,
                "supplied": ok,
                "supply_path": path,
                "cut": cut,
            }
        )
        if not ok:
            out_of_supply[cx.player(c.faction)].setdefault(c.location, []).append(c.id)
    return counters, out_of_supply


def _locations_data(cx: Context) -> dict[str, dict]:
    """Each location and box: its name, colour, VP, control, flag and counters by half."""
    m, st = cx.map, cx.st
    locations = {}
    for loc in list(m.locations) + [f"box:{b}" for b in m.boxes]:
        groups: dict[str, list[str]] = {}
        for c in cx.counters_in(loc):
            groups.setdefault(c.half, []).append(c.id)
        ctl = cx.control(loc)
        p = m.place_of(loc)
        locations[loc] = {
            "name": p.label,
            "colour": p.colour,
            "vp": p.vp,
            "control": ctl or "neutral",
            "controller": cx.controller(loc),
            "flag": st.flags.get(loc, ""),
            "counters": groups,
        }
    return locations


def _bombing_data(cx: Context) -> dict:
    """The Strategic Bombing marker: where it is and the hand cuts it makes."""
    b = cx.st.bombing
    where = (
        "the black 0"
        if b == 0
        else (
            f"{abs(b)} left, on the Axis side (number {bombing_number(cx, 'axis')})"
            if b < 0
            else f"{b} right, on the Allied side (number {bombing_number(cx, 'allies')})"
        )
    )
    return {
        "position": b,
        "where": where,
        "axis_hand_cut": bombing_number(cx, "axis"),
        "allied_hand_cut": bombing_number(cx, "allies"),
    }


def violations(cx: Context) -> list[Violation]:
    out = []
    st = cx.st
    seen_forts: dict[str, str] = {}
    for c in st.counters:
        loc = c.location
        why = cx.entry_refusal(c.faction, loc)
        if why:
            out.append(Violation("colour", "3 Game Counters", c.id, cx.player(c.faction), why))
        if c.fortress:
            if c.at in seen_forts:
                out.append(
                    Violation(
                        "fortress.two",
                        "7.2 Build and Place Fortress Counters",
                        c.at,
                        cx.player(c.faction),
                        f"{c.id} and {seen_forts[c.at]}: only one fortress may be in each half of a location",
                    )
                )
            seen_forts[c.at] = c.id
    for loc in {c.location for c in st.counters}:
        if cx.control(loc) != CONTESTED:
            continue
        for pl in PLAYERS:
            halves = {c.at for c in cx.counters_in(loc) if cx.player(c.faction) == pl and not c.fortress}
            if len(halves) > 1:
                out.append(
                    Violation(
                        "contested.halves",
                        "2 Game Board: contested locations",
                        loc,
                        pl,
                        f"the {who(pl)} counters in contested {cx.label(loc)} stand in more than one half",
                    )
                )
    return out


__all__ = ["Facts", "Report", "referee", "victory_facts", "vp_totals"]
