"""The seasonal Victory Point Check (shared/seeds/003, mapref.rules.vptrack) on the Hitler's War
map: what a scenario with a ``[vp_track]`` table gets (scenarios/war_for_europe_vp.toml).

This module binds the generic mechanism to a Hitler's War position: who controls a hex (Hex
control), its country, whose ground units are in it; when a check is due (at the beginning of
every Seasonal Turn: 0.1, rulings V3); the final check when the game ends (0.3); the referee's
``vp-set`` and ``vp-check`` actions; the "Victory Point Check" panel and report lines.  The rest
of the package calls it at four points (ruleset.py: new game, check, follow-up, panels; the
moves table, moves.py, declares the two verbs; files.py reads and writes the tables), and does nothing for a scenario without a VP track.
"""

from __future__ import annotations

from mapref.rules import vptrack
from mapref.rules.ruleset import Action, Outcome, refused
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


def enabled(game) -> bool:
    return getattr(game.scenario, "vp_track", None) is not None and getattr(game.state, "vp_track", None) is not None


def start(sc, st) -> None:
    """A new game of a scenario with a VP track gets the track's starting markers."""
    if getattr(sc, "vp_track", None) is not None:
        st.vp_track = vptrack.initial_state(sc.vp_track)


def problems(board, sc) -> list[str]:
    spec = getattr(sc, "vp_track", None)
    return vptrack.check_spaces(spec, board) if spec is not None else []


def _facts(game) -> Facts:
    return Facts(Context(game.map, game.scenario, game.state))


def _final(game) -> bool:
    return game.state.phase == "over"


def follow_up(game) -> tuple[list, list[str]]:
    """After any change: the Victory Point Check when a Seasonal Turn has begun (0.1), the Final
    Victory Point Check when the game has ended (0.3), and the end of the game when the track
    decided it (0.2)."""
    if not enabled(game):
        return [], []
    from mapref.rulesets.hitlers_war.commands import SetTurn

    spec, st = game.scenario.vp_track, game.state
    ts = st.vp_track
    turn = str(st.turn)
    if st.phase == "over":
        if ts.result:
            return [], []
        new, _chk, _p, lines = vptrack.perform_check(spec, ts, _facts(game), turn, final=True)
        return [vptrack.SetAttr("vp_track", new, "Final Victory Point Check")], lines
    if ts.result:
        return [SetTurn(phase="over", subphase="")], [f"game over: {ts.result.get('winner')} wins [{ts.result.get('rule')}]"]
    seasonal = not spec.seasons or st.turn.season in spec.seasons
    if st.phase == "setup" or not seasonal or ts.checked == turn:
        return [], []
    new, _chk, _p, lines = vptrack.perform_check(spec, ts, _facts(game), turn)
    cmds: list = [vptrack.SetAttr("vp_track", new, f"Victory Point Check {turn}")]
    if new.result:
        cmds.append(SetTurn(phase="over", subphase=""))
        lines.append(f"game over: {new.result['winner']} wins [{new.result['rule']}]")
    return cmds, lines


def check(game, action: Action) -> Outcome:
    if not enabled(game):
        return refused(f"{game.scenario.name} has no VP track: {action.verb} applies to scenarios with a [vp_track] table",
                       "0 Seasonal Victory Phase")
    spec, ts = game.scenario.vp_track, game.state.vp_track
    if action.verb == "vp-set":
        board = game.board
        got = vptrack.check_set(spec, ts, dict(action.args), lambda s: board.space(s) is not None)
        if isinstance(got, str):
            return refused(got, "0 Seasonal Victory Phase")
        new, msgs = got
        return Outcome(True, [vptrack.SetAttr("vp_track", new, "vp-set")], msgs, rule="referee's record (0.1.1-0.3)",
                       label="VP track: " + "; ".join(msgs))
    final = bool(action.args.get("final"))
    if ts.result:
        return refused(f"the VP track has decided the game already: {ts.result.get('condition', '')}", ts.result.get("rule", "0.2"))
    new, _chk, _p, lines = vptrack.perform_check(spec, ts, _facts(game), str(game.state.turn), final=final)
    cmds: list = [vptrack.SetAttr("vp_track", new, "Victory Point Check")]
    if new.result:
        from mapref.rulesets.hitlers_war.commands import SetTurn

        cmds.append(SetTurn(phase="over", subphase=""))
    return Outcome(True, cmds, lines, rule="0.3" if final else "0.1",
                   label="Final Victory Point Check" if final else f"Victory Point Check {game.state.turn}")


def panel(game) -> list[tuple[str, list[str]]]:
    if not enabled(game):
        return []
    return [("Victory Point Check", vptrack.panel_lines(game.scenario.vp_track, game.state.vp_track, _facts(game),
                                                        str(game.state.turn), final=_final(game)))]


class TrackReport:
    """The Hitler's War report with the Victory Point Check added (``vp_track`` in ``as_dict``,
    its lines in ``text``); everything else is the report's own."""

    def __init__(self, report, game) -> None:
        self._report = report
        spec, ts = game.scenario.vp_track, game.state.vp_track
        facts = _facts(game)
        self.vp_check = vptrack.strategic_value(spec, ts, facts, final=_final(game)).as_dict()
        self.vp_check["track"] = vptrack.state_data(ts)  # the markers as recorded (the last check's value, result)
        self.vp_lines = vptrack.panel_lines(spec, ts, facts, str(game.state.turn), final=_final(game))

    def __getattr__(self, name):
        return getattr(self._report, name)

    def as_dict(self) -> dict:
        d = self._report.as_dict()
        d["vp_track"] = self.vp_check
        return d

    def text(self) -> str:
        return self._report.text() + "\nVictory Point Check (0.1):\n" + "\n".join(f"  {x}" for x in self.vp_lines)


def report(rep, game):
    return TrackReport(rep, game) if enabled(game) else rep
