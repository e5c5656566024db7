"""The seasonal Victory Point Check (shared/seeds/003, mapref.rules.vptrack) on the Hitler's War
map: what a scenario with a ``[vp_track]`` table gets (scenarios/war_for_europe_vp.toml).

This module answers the track's questions for a Hitler's War position (mapref.rules.vpgame,
which does the rest for every ruleset): who controls a hex (Hex control), its country, whose
ground units are in it; the turn and its season (a check at the beginning of every Seasonal Turn:
0.1, rulings V3); the set-up and the end of the game (0.3).  The rest of the package calls it at
four points (ruleset.py: new game, check, follow-up, panels; the moves table, moves.py, declares
the two verbs, mapref.rules.vpmoves; files.py reads and writes the tables), and it does nothing
for a scenario without a VP track.
"""

from __future__ import annotations

# (what only an action needs, its commands first, is imported by the functions that make the
# action: a report starts without it; see ruleset.py, issue 34)
from mapref.rules import vpgame
from mapref.rulesets.hitlers_war.common import Context
from mapref.rulesets.hitlers_war.state import POINT_TYPES

GROUND = tuple(t for t in POINT_TYPES if t != "tactical_air")  # ground units (rulings V8)


class Facts:
    """What the VP track asks of a Hitler's War position (mapref.rules.vptrack.TrackFacts)."""

    def __init__(self, cx: Context) -> None:
        self.cx = cx

    def holder(self, space: str) -> str | None:
        return self.cx.control.get(space)  # Hex control (rulings V4: control, not occupation)

    def country(self, space: str) -> str | None:
        return self.cx.country(space)

    def units(self, space: str) -> set[str]:
        return {a.side for a in self.cx.state.armies if a.at == space and any(a.points.get(t) for t in GROUND)}

    def name(self, space: str) -> str:
        s = self.cx.board.space(space)
        return (s.name if s is not None else "") or space


class Host:
    """The turn, the set-up and the end of a Hitler's War game, for the track (mapref.rules.vpgame)."""

    def facts(self, game) -> Facts:
        return Facts(Context(game.map, game.scenario, game.state))

    def turn(self, game) -> str:
        return str(game.state.turn)

    def season(self, game) -> str:
        return game.state.turn.season

    def started(self, game) -> bool:
        return game.state.phase != "setup"

    def over(self, game) -> bool:
        return game.state.phase == "over"

    def end(self, game, result: dict) -> list:
        from mapref.rulesets.hitlers_war.commands import SetTurn

        return [SetTurn(phase="over", subphase="")]


HOST = Host()


def enabled(game) -> bool:
    return vpgame.enabled(game)


def start(sc, st) -> None:
    vpgame.start(sc, st)


def problems(board, sc) -> list[str]:
    return vpgame.problems(board, sc)


def follow_up(game) -> tuple[list, list[str]]:
    return vpgame.follow_up(HOST, game)


def panel(game) -> list[tuple[str, list[str]]]:
    return vpgame.panel(HOST, game)


def marks(game) -> list:
    return vpgame.marks(HOST, game)


def tracks(game) -> list:
    return vpgame.tracks(game)


def report(rep, game):
    return vpgame.report(HOST, rep, game)
