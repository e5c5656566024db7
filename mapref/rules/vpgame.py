"""A VP track (:mod:`mapref.rules.vptrack`, shared/seeds/003) in a game of any ruleset.

A ruleset offers the track by answering its questions through a :class:`Host` -- who holds a
space, its country, whose ground units stand in it, the current turn and its season, whether
the game is past its set-up or over, and how the game ends with a result -- and by calling this
module at its usual points:

- reading a scenario: ``vptrack.read_spec`` (the ``[vp_track]`` and ``[strategic]`` tables);
  reading and writing a state: ``vptrack.read_state`` / ``vptrack.state_data`` (its ``vp_track``
  table); a new game: :func:`start`; the scenario's problems: :func:`problems`;
- ``check``: :func:`check` for the verbs in :data:`VERBS`; ``follow_up``: :func:`follow_up`;
  the report: :func:`report`; the window's panels: :func:`panel`; the moves table: :data:`MOVES`
  (from the light :mod:`mapref.rules.vpmoves`; the ruleset inherits their checks from
  :class:`TrackMoves`);
- the victory facts: :func:`result` (for ``type = "track"`` conditions).

The state keeps the track's markers in its ``vp_track`` attribute (``None`` without a track);
the scenario its ``vp_track`` spec.  Rulings V1-V17.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing is not imported at run time: the command line starts quicker (issue 34)
if TYPE_CHECKING:
    from typing import Protocol
    from mapref.rules import vptrack
    from mapref.rules.values import Action, Mark, Outcome, TrackRow
    from mapref.rules.vpmoves import MOVES as MOVES
else:
    Protocol = object  # (a protocol is for the type checkers: a plain class at run time)

# mapref.rules.vptrack is imported where a game has a track: the report and the checks of a game
# without one start without it (issue 34); so are the values of mapref.rules.values and the two
# moves (:data:`MOVES`, still given here by name).


def __getattr__(name: str) -> object:
    if name == "MOVES":  # the two moves every moves table with the track declares
        from mapref.rules.vpmoves import MOVES

        return MOVES
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


VERBS = ("vp-set", "vp-check")


class Host(Protocol):
    """What the track asks a game (the ruleset answers)."""

    def facts(self, game) -> vptrack.TrackFacts: ...  # holder, country, units, name of a space

    def turn(self, game) -> str: ...  # the current turn as the track records it ("winter 1939", "round 3")

    def season(self, game) -> str: ...  # the turn's season, for the track's ``seasons`` ("" when none)

    def started(self, game) -> bool: ...  # past the set-up: checks are due

    def over(self, game) -> bool: ...

    def end(self, game, result: dict) -> list: ...  # the commands that end the game with the track's result


class RoundHost:
    """A :class:`Host` for a game without seasons or a set-up step: each of its rounds (``turn``
    names it) is a Seasonal Turn; it is over when its state's ``over`` says so, and the track ends
    it with the state's ``phase`` "over" and ``winner``.  A ruleset gives ``facts`` and ``turn``
    and overrides what differs."""

    def facts(self, game) -> vptrack.TrackFacts:
        raise NotImplementedError

    def turn(self, game) -> str:
        raise NotImplementedError

    def season(self, game) -> str:
        return ""

    def started(self, game) -> bool:
        return True

    def over(self, game) -> bool:
        return bool(game.state.over)

    def end(self, game, result: dict) -> list:
        from mapref.rules import vptrack

        return [
            vptrack.SetAttr("phase", "over", "game over"),
            vptrack.SetAttr("winner", str(result.get("winner", "")), "the VP track's winner"),
        ]


def enabled(game) -> bool:
    return getattr(game.scenario, "vp_track", None) is not None and getattr(game.state, "vp_track", None) is not None


def start(scenario, state) -> None:
    """A new game of a scenario with a VP track gets the track's starting markers."""
    spec = getattr(scenario, "vp_track", None)
    if spec is None:
        state.vp_track = None
        return
    from mapref.rules import vptrack

    state.vp_track = vptrack.initial_state(spec)


def problems(board, scenario) -> list[str]:
    spec = getattr(scenario, "vp_track", None)
    if spec is None:
        return []
    from mapref.rules import vptrack

    return vptrack.check_spaces(spec, board)


def result(state) -> dict | None:
    """The track's result (an automatic victory or the final score), for ``type = "track"``
    victory conditions (``Facts.track()``)."""
    ts = getattr(state, "vp_track", None)
    return ts.result if ts is not None and ts.result else None


def follow_up(host: Host, game) -> tuple[list, list[str]]:
    """After any change: the Victory Point Check when a Seasonal Turn has begun (0.1), the Final
    Victory Point Check when the game has ended (0.3), and the end of the game when the track
    decided it (0.2)."""
    if not enabled(game):
        return [], []
    from mapref.rules import vptrack

    spec, ts = game.scenario.vp_track, game.state.vp_track
    turn = host.turn(game)
    if host.over(game):
        if ts.result:
            return [], []
        new, _chk, _p, lines = vptrack.perform_check(spec, ts, host.facts(game), turn, final=True)
        return [vptrack.SetAttr("vp_track", new, "Final Victory Point Check")], lines
    if ts.result:
        return host.end(game, ts.result), [f"game over: {ts.result.get('winner')} wins [{ts.result.get('rule')}]"]
    seasonal = not spec.seasons or host.season(game) in spec.seasons
    if not host.started(game) or not seasonal or ts.checked == turn:
        return [], []
    new, _chk, _p, lines = vptrack.perform_check(spec, ts, host.facts(game), turn)
    cmds: list = [vptrack.SetAttr("vp_track", new, f"Victory Point Check {turn}")]
    if new.result:
        cmds += host.end(game, new.result)
        lines.append(f"game over: {new.result['winner']} wins [{new.result['rule']}]")
    return cmds, lines


def check(host: Host, game, action: Action) -> Outcome:
    """``vp-set`` (the referee records the track's markers) and ``vp-check`` (a check now;
    ``final``: the Final Victory Point Check)."""
    from mapref.rules.values import Outcome, refused

    if not enabled(game):
        return refused(
            f"{game.scenario.name} has no VP track: {action.verb} applies to scenarios with a [vp_track] table",
            "0 Seasonal Victory Phase",
        )
    from mapref.rules import vptrack

    spec, ts = game.scenario.vp_track, game.state.vp_track
    if action.verb == "vp-set":
        board = game.board
        got = vptrack.check_set(spec, ts, dict(action.args), board.is_place)
        if isinstance(got, str):
            return refused(got, "0 Seasonal Victory Phase")
        new, msgs = got
        return Outcome(
            True,
            [vptrack.SetAttr("vp_track", new, "vp-set")],
            msgs,
            rule="referee's record (0.1.1-0.3)",
            label="VP track: " + "; ".join(msgs),
        )
    final = bool(action.args.get("final"))
    if ts.result:
        return refused(
            f"the VP track has decided the game already: {ts.result.get('condition', '')}", ts.result.get("rule", "0.2")
        )
    turn = host.turn(game)
    new, _chk, _p, lines = vptrack.perform_check(spec, ts, host.facts(game), turn, final=final)
    cmds: list = [vptrack.SetAttr("vp_track", new, "Victory Point Check")]
    if new.result:
        cmds += host.end(game, new.result)
    return Outcome(
        True,
        cmds,
        lines,
        rule="0.3" if final else "0.1",
        label="Final Victory Point Check" if final else f"Victory Point Check {turn}",
    )


def panel(host: Host, game) -> list[tuple[str, list[str]]]:
    if not enabled(game):
        return []
    from mapref.rules import vptrack

    return [
        (
            "Victory Point Check",
            vptrack.panel_lines(
                game.scenario.vp_track, game.state.vp_track, host.facts(game), host.turn(game), final=host.over(game)
            ),
        )
    ]


def marks(host: Host, game) -> list[Mark]:
    """The strategic spaces on the map (0.1.1), for the referee's window: a star in the colour of
    the side holding the space (white: no side), named with whose strategic space it is."""
    from mapref.rules.values import Mark

    if not enabled(game):
        return []
    facts = host.facts(game)
    return [
        Mark(sp, "star", facts.holder(sp) or "", f"{s.faction} strategic space {s.name or facts.name(sp)}")
        for sp, s in game.scenario.vp_track.strategic.items()
    ]


def tracks(game) -> list[TrackRow]:
    """The VP Track drawn as a track: a slot per box, left (the Allied end) to right (the Axis
    end), the VP marker in its box showing the side of its face (0.1.2)."""
    from mapref.rules.values import TrackRow

    if not enabled(game):
        return []
    from mapref.rules import vptrack

    spec, ts = game.scenario.vp_track, game.state.vp_track
    allied = spec.factions.get("western") or (spec.allied_sides[0] if spec.allied_sides else "")
    side = spec.axis_side if ts.face == "axis_tide" else allied
    value = "" if ts.value is None else f", Current Strategic Value {ts.value:+d}"
    note = f"last check: {ts.checked}" if ts.checked else "no check yet"
    if ts.result:
        note = f"{ts.result.get('winner', '')}: {ts.result.get('condition', '')}".strip(": ")
    return [
        TrackRow(
            "vp_track",
            f"VP Track: {vptrack.FACE_NAMES.get(ts.face, ts.face)}{value}",
            [side if b.id == ts.box else "" for b in spec.boxes],
            note,
            labels=[("AV" if b.automatic else str(b.vp)) for b in spec.boxes],
        )
    ]


class TrackMoves:
    """A ruleset's checks of :data:`MOVES` (a ruleset inherits them and names its :class:`Host`
    ``vp_host``: a class attribute, or a property that imports it when first asked); a scenario
    without a VP track refuses them."""

    @property
    def vp_host(self) -> Host:
        raise NotImplementedError(f"{type(self).__name__} names no vp_host")

    def _check_vp_set(self, game, a: dict) -> Outcome:
        from mapref.rules.values import Action

        return check(self.vp_host, game, Action("vp-set", a))

    def _check_vp_check(self, game, a: dict) -> Outcome:
        from mapref.rules.values import Action

        return check(self.vp_host, game, Action("vp-check", a))


class TrackReport:
    """A game's report with the Victory Point Check added (``vp_track`` in ``as_dict``, its lines
    in ``text``); everything else is the report's own."""

    def __init__(self, report, host: Host, game) -> None:
        from mapref.rules import vptrack

        self._report = report
        spec, ts = game.scenario.vp_track, game.state.vp_track
        facts = host.facts(game)
        final = host.over(game)
        self.vp_check = vptrack.strategic_value(spec, ts, facts, final=final).as_dict()
        self.vp_check["track"] = vptrack.state_data(ts)  # the markers as recorded (the last check's value, result)
        self.vp_lines = vptrack.panel_lines(spec, ts, facts, host.turn(game), final=final)

    def __getattr__(self, name):
        return getattr(self._report, name)

    def as_dict(self) -> dict:
        d = self._report.as_dict()
        d["vp_track"] = self.vp_check
        return d

    def text(self) -> str:
        return self._report.text() + "\nVictory Point Check (0.1):\n" + "\n".join(f"  {x}" for x in self.vp_lines)


def report(host: Host, rep, game):
    return TrackReport(rep, host, game) if enabled(game) else rep


__all__ = [
    "Host",
    "MOVES",
    "RoundHost",
    "TrackMoves",
    "TrackReport",
    "VERBS",
    "check",
    "enabled",
    "follow_up",
    "panel",
    "problems",
    "report",
    "result",
    "start",
]
