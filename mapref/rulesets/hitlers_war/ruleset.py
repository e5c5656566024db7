"""Hitler's War behind the ruleset protocol (mapref.rules.ruleset): what the command line, the
referee's window and the game session ask of it, answered by the modules of this package.

Actions (their verbs are the command line's): ``move`` (strength points or a fleet; Movement
1-5, Sea movement), ``set`` (a referee's correction of a hex, or a nation's standing: rulings
R39), ``advance`` (end the current step of the sequence of play), ``losses`` and ``capture``
(combat results the players rolled: Assault and Advance resolution), ``place`` (set-up pools
placed by hand: Prepare for Play 3, :mod:`.placement`).  What the referee's window asks beyond
the actions (reach, control, previews, pools, advisory mode) is in :mod:`.views`.
"""

from __future__ import annotations

import copy

from mapref.core.board import SpaceError
from mapref.rules.ruleset import Ruleset
from mapref.rules.vpgame import TrackMoves
from mapref.rulesets.hitlers_war import files as hwfiles
from mapref.rulesets.hitlers_war import vpcheck  # a scenario's seasonal VP track (issue 16)
from mapref.rulesets.hitlers_war.common import Context
from mapref.rulesets.hitlers_war.consistency import consistency_problems, scenario_problems, start_problems
from mapref.rulesets.hitlers_war.menus import KEEP, Menus
from mapref.rulesets.hitlers_war.names import MAP_ALLEGIANCES, TITLE
from mapref.rulesets.hitlers_war.phases import STEP_LABELS, step_label, steps
from mapref.rulesets.hitlers_war.referee import referee
from mapref.rulesets.hitlers_war.sequence import advance
from mapref.rulesets.hitlers_war.state import POINT_TYPES, Turn
from mapref.rulesets.hitlers_war.victory import offers_after, victory_commands

TYPE_CHECKING = False  # (typing is not imported at run time, as in mapref.rules.ruleset)
if TYPE_CHECKING:
    from mapref.rules.values import Action, MenuItem, Move, Outcome, Piece, SetupPool, Step

# The checks of the actions (build, combat's consequences, invasion, nations, naval, placement,
# surrender, the home forces), the commands (.commands) and what the window asks (.views) are
# imported by the methods that use them: a report, a check of a saved game or a scenario list
# starts without them (issue 34: `mapref referee GAME --json` was 6x `python -c pass`, a third of
# its own modules' import the commands' and the checks' dataclasses).  The floor plan
# (pyproject.toml) holds for these imports as for the module's own.


def parse_losses(a: dict) -> dict | None:
    """The owner's choice of points lost to over-stacking (Stacking 3) from an ``advance``
    action's arguments: ``lose`` as {HEX: {type: n}} or a list of "HEX:TYPE=N,TYPE=N", or (the
    window's form) ``lose_at`` = HEX with the points as TYPE = N arguments."""
    from mapref.rulesets.hitlers_war.moves import parse_points

    lose = a.get("lose")
    out: dict[str, dict[str, int]] = {}
    if isinstance(lose, dict):
        for space, pts in lose.items():
            out[str(space).strip().upper()] = {str(k): int(v) for k, v in dict(pts).items() if int(v)}
    elif isinstance(lose, (list, tuple)):
        for item in lose:
            space, colon, pts = str(item).partition(":")
            if not colon or not space.strip():
                raise ValueError(f"--lose {item!r}: expected HEX:TYPE=N[,TYPE=N], e.g. N9:mechanized=1")
            for k, v in parse_points(pts).items():
                out.setdefault(space.strip().upper(), {})[k] = out.get(space.strip().upper(), {}).get(k, 0) + v
    elif lose is not None:
        raise ValueError("lose: expected {HEX: {TYPE: N}}")
    if a.get("lose_at"):
        pts = {t: int(a[k]) for k, t in [(t, t) for t in POINT_TYPES] + [("fort", "fort")] if a.get(k)}
        if pts:
            out[str(a["lose_at"]).strip().upper()] = pts
    return out or None


def _combat_ask(r, to: str):
    """The question a refused advance or invasion leaves to a player: the defender's retreat
    (Advance resolution 6-7) or the port of a fleet expelled from ``to`` (rulings R52)."""
    from mapref.rules.values import Ask

    if r.retreat is not None:
        name, options = r.retreat
        return Ask(
            "retreat_to",
            f"{name} retreats from {to} to",
            list(options),
            "The defender chooses among the legal retreats (Advance resolution 6-7).",
            many=True,
        )
    if getattr(r, "home", None) is not None:
        name, options = r.home
        return Ask(
            "home_to",
            f"{name} retreat from {to} to",
            list(options),
            "Home forces retreat only inside their country; with no hex left there they are eliminated "
            "(Unaligned Forces 3; rulings R68).",
        )
    if r.expel is not None:
        name, options = r.expel
        return Ask(
            "fleet_to",
            f"{name} is expelled from {to} to the port of",
            list(options),
            "The fleet's owner chooses the port it moves to at once (Movement of naval strength points "
            "and fleets 17; rulings R52).",
            many=True,
        )
    return None


def _never_reached(sc, seq, st, turn, side: str, step: tuple[str, str]) -> str:
    """Why ``advance --to`` can never reach (turn,) side, step from the game's position, or "": a
    turn outside the scenario's first to final turn, a side not in its move order, a step already
    past (Sequence of Play; the set-up's "First turn - final turn")."""
    span = f"{sc.name} runs from {sc.first_turn} to {sc.last_turn}"
    if side not in sc.move_order:
        return f"the {side} do not move in {sc.name} (the move order: {', '.join(sc.move_order)})"
    if turn is not None and not sc.first_turn <= turn <= sc.last_turn:
        return f"{turn} is not a turn of the game: {span}"
    order = list(sc.move_order)

    def key(t, sd, stp):
        return (t.index, order.index(sd), seq.index(stp))

    here = (st.phase, st.subphase)
    if here not in seq and st.phase in {p for p, _ in seq}:
        here = next(x for x in seq if x[0] == st.phase)
    now = (
        (st.turn.index, -1, -1)
        if st.phase == "setup" or here not in seq or st.side not in order
        else key(st.turn, st.side, here)
    )
    if turn is None:
        turn = st.turn if key(st.turn, side, step) > now else st.turn.next()
        if turn > sc.last_turn:
            return f"the game ends before the {side} {step_label(*step).lower()} comes again: {span}"
    if key(turn, side, step) == now:
        return f"the game is at {turn}, {side} {step_label(*step).lower()} already"
    if key(turn, side, step) < now:
        return (
            f"{turn}, {side} {step_label(*step).lower()} is past: the game is at {st.turn}, {st.side} "
            f"{step_label(st.phase, st.subphase).lower()} ({span})"
        )
    return ""


class HitlersWar(Menus, TrackMoves, Ruleset):
    name = "hitlers_war"
    title = TITLE
    end_verb = "advance"  # the End step button: the move that ends the step (its moves table)
    board_kinds = ("hex",)
    vp_host = vpcheck.HOST  # a scenario's VP track (vp-set, vp-check: mapref.rules.vpgame)
    side_colours = {"axis": ("#2b2b2b", "#ffffff"), "soviet": ("#9e1b1b", "#ffffff"), "allies": ("#1f4e9e", "#ffffff")}
    allegiances = MAP_ALLEGIANCES  # (moves.ALLEGIANCES, for the registry)

    # ----------------------------------------------------------------------------- files
    def read_scenario(self, data, source, shown):
        return hwfiles.scenario_from_dict(data, source, shown)

    def scenario_problems(self, board, scenario):
        out = scenario_problems(board, scenario) + vpcheck.problems(board, scenario)
        return out or start_problems(board, scenario)  # the start is worked out from a consistent scenario only

    def describe_scenario(self, scenario) -> dict:
        return {
            "first_turn": str(scenario.first_turn),
            "last_turn": str(scenario.last_turn),
            "sides": list(scenario.sides),
        }

    def read_state(self, data, source, shown):
        data = {"format": hwfiles.FORMAT, "kind": "game", **data}
        return hwfiles.game_from_dict(data, source, shown)

    def state_data(self, state) -> dict:
        return hwfiles.state_data(state)

    def dumps_state(self, state) -> str:
        return hwfiles.dumps_state(state)

    record_tables = hwfiles.RECORD_TABLES_WRITTEN

    def dumps_data(self, data: dict) -> str:
        return hwfiles.dumps_data(data)

    def state_problems(self, board, scenario, state):
        return consistency_problems(board, scenario, state) + vpcheck.problems(board, scenario)

    # ------------------------------------------------------------------------------ play
    def context(self, game) -> Context:
        return Context(game.map, game.scenario, game.state)

    def new_game(self, board, scenario, *, scenario_ref="", map_ref="", auto_place=False):
        from mapref.rulesets.hitlers_war.setup import new_game

        st = new_game(board.map, scenario, scenario_ref=scenario_ref, map_ref=map_ref, auto_place=auto_place)
        vpcheck.start(scenario, st)
        return st

    def position(self, game) -> dict:
        st = game.state
        step = st.phase + (f" ({st.subphase})" if st.subphase else "")
        return {
            "turn": str(st.turn),
            "side": st.side,
            "step": step,
            "over": st.phase == "over",
            "title": f"{game.scenario.name}: {st.turn.season.capitalize()} {st.turn.year}, {st.side} "
            f"{step_label(st.phase, st.subphase).lower()}",
        }

    def report(self, game):
        return vpcheck.report(referee(game.map, game.scenario, game.state), game)

    def steps(self, game) -> list[Step]:
        from mapref.rules.values import Step

        st = game.state
        here = (st.phase, st.subphase)
        seq = steps(game.scenario)
        if here not in seq and st.phase in {p for p, _ in seq}:
            here = next(s for s in seq if s[0] == st.phase)
        if st.phase in ("setup", "over"):
            seq = [(st.phase, "")] + seq if st.phase == "setup" else seq + [(st.phase, "")]
        return [Step(f"{p}.{s}" if s else p, step_label(p, s), (p, s) == here) for p, s in seq]

    def step_name(self, step: str) -> str:
        phase, _, sub = step.partition(" (")
        return step_label(phase, sub.rstrip(")")).lower() if (phase, sub.rstrip(")")) in STEP_LABELS else step

    def end_step_preview(self, game) -> list[str]:
        from mapref.rulesets.hitlers_war.views import end_step_preview

        return end_step_preview(self, game)

    def force(self, game, action: Action) -> Outcome | None:
        from mapref.rulesets.hitlers_war.views import force

        return force(self, game, action)

    def follow_up(self, game):
        cmds, msg = victory_commands(game.map, game.scenario, game.state)
        more, msgs = vpcheck.follow_up(game)
        return cmds + more, ([msg] if msg else []) + msgs

    def moves(self) -> list[Move]:
        from mapref.rulesets.hitlers_war.moves import MOVES

        return MOVES

    def checked(self, game, move: Move, args: dict) -> Outcome:
        from mapref.rules.values import refused

        try:
            return super().checked(game, move, args)
        except SpaceError as e:
            return refused(str(e))

    # each check returns an Outcome whose ``reason`` reads as one line after "mapref: "
    def _space(self, game, text: str) -> str:
        cx = self.context(game)
        try:
            s = cx.board.parse(text)
        except SpaceError:
            raise SpaceError(f"{text}: not a hex or box of the map") from None
        if not cx.exists(s):
            raise SpaceError(f"{text}: not a hex or box of the map")
        return s

    def _check_move(self, game, a: dict) -> Outcome:
        from mapref.rulesets.hitlers_war.movement import check_fleet_move, check_move

        from mapref.rules.values import Outcome, refused

        frm, to = self._space(game, a.get("from", "")), self._space(game, a.get("to", ""))
        cx = self.context(game)
        st = game.state
        has_army = any(x.at == frm and x.side == st.side for x in st.armies)
        if "fleet" in a or "ships" in a or (not has_army and any(f.at == frm for f in st.fleets)):
            ships = a.get("ships")
            if ships is not None and not isinstance(ships, int):
                try:
                    ships = int(ships)
                except (TypeError, ValueError):
                    return refused(f"--ships: a whole number of ship points, not {ships!r}", "Fleet strength points 5")
            r = check_fleet_move(cx, frm, to, fleet=a.get("fleet") or None, at_sea=bool(a.get("at_sea")), ships=ships)
        else:
            pts = {t: int(v) for t, v in (a.get("points") or {}).items() if v}
            r = check_move(cx, frm, to, pts or None, army=a.get("army"))
        if not r.ok:
            return Outcome(False, reason=f"illegal move {frm} -> {to}: {r.reason}", rule=r.rule)
        what = r.fleet or f"{sum(r.points.values())} points of {r.army}"
        line = f"{what}: {frm} -> {to} by {' '.join(r.route)}"
        return Outcome(
            True,
            r.commands,
            [line] + ([r.note] if getattr(r, "note", "") else []),
            rule="Movement 1-5" if not r.fleet else "Movement of naval strength points and fleets",
            label=f"move {what} {frm} -> {to}",
            data={"route": list(r.route), "army": r.army, "fleet": r.fleet},
        )

    def _check_set(self, game, a: dict) -> Outcome:
        from mapref.rules.values import Outcome, refused
        from mapref.rulesets.hitlers_war.commands import SetHex

        if any(k in a for k in ("nation", "status", "side", "joined")):
            return self._check_nation(game, a)

        if not a.get("space"):
            return refused("nothing to set: give HEX --control SIDE / --devastated N, or --nation CODE --status STATUS")
        space = self._space(game, a["space"])
        control, devastated = a.get("control"), a.get("devastated")
        if control == KEEP:
            control = None
        if control is None and devastated is None:
            return refused("nothing to set: give --control SIDE or --devastated N")
        cx = self.context(game)
        if devastated is not None:
            try:
                devastated = int(devastated)
            except (TypeError, ValueError):
                return refused(f"{space}: devastated points are a whole number, not {devastated!r}")
        if devastated is not None and not 0 <= int(devastated) <= max(cx.production(space), 12):
            return refused(f"{space}: --devastated must be between 0 and its production ({cx.production(space)})")
        if control not in (None, "none") and control not in game.scenario.sides:
            return refused(f"{control} is not a side of {game.scenario.id}")
        msg = f"{space}: " + ", ".join(
            x
            for x in (
                f"control {control}" if control else "",
                f"devastated {devastated}" if devastated is not None else "",
            )
            if x
        )
        cmd = SetHex(
            text=msg,
            space=space,
            control=control,
            devastated=devastated,
            occupied=None if control is None else control != "none",
        )

        more = [
            f"now offered: the surrender of {o['nation']} ({o['what']}): mapref surrender GAME {o['nation']} "
            f"[{o['rule']}; rulings R65]"
            for o in offers_after(cx, [cmd])
        ]
        return Outcome(True, [cmd], [msg] + more, rule="referee's correction", label=f"set {msg}")

    def _check_nation(self, game, a: dict) -> Outcome:
        from mapref.rules.values import Outcome, refused
        from mapref.rulesets.hitlers_war.nations import check_nation, KEEP as NKEEP

        if a.get("space") or a.get("control") is not None or a.get("devastated") is not None:
            return refused("a hex and a nation are set separately: give either HEX --control/--devastated or --nation")
        if not a.get("nation") or not a.get("status"):
            return refused("a nation's record needs --nation CODE and --status STATUS")
        try:
            joined = Turn.parse(a["joined"]) if a.get("joined") is not None else None
        except ValueError as e:
            return refused(f"--joined {a['joined']!r}: {e}")
        code = str(a["nation"]).strip()
        by_name = {(c.name or k).lower(): k for k, c in game.map.countries.items()}
        a["nation"] = by_name.get(code.lower(), code)
        side = a.get("side", KEEP)
        side = NKEEP if side == KEEP else (None if side in (None, "none") else str(side).lower())
        r = check_nation(
            self.context(game), a["nation"], str(a["status"]).strip().lower(), side, joined, army=a.get("army") or None
        )
        if not r.ok:
            return Outcome(False, reason=f"cannot set nation {a['nation']}: {r.reason}", rule=r.rule)
        return Outcome(
            True, r.commands, r.messages, rule="rulings R39", label=r.messages[0] if r.messages else "set nation"
        )

    def _check_advance(self, game, a: dict) -> Outcome:
        from mapref.rules.values import Ask, Outcome, refused

        st = game.state
        here = step_label(st.phase, st.subphase)
        early = self._when_advance(game, a)  # the window's "End movement, choosing the points lost here"
        if early is not None:
            return early
        try:
            lose = parse_losses(a)
        except ValueError as e:
            return refused(str(e), "Stacking 3")
        roll = a.get("roll")
        roll = int(roll) if roll not in (None, "") else None
        if a.get("to"):
            return self._advance_to(game, str(a["to"]), roll, lose)
        r = advance(game.map, game.scenario, st, roll=roll, lose=lose)
        if r.error:
            ask = None
            if "--roll" in r.error:
                ask = Ask(
                    "roll",
                    "the die roll",
                    [str(i) for i in range(1, 7)],
                    "Isolated hexes tie between opposing sides: 1-3 gives them to the first, 4-6 to the second "
                    "(Determine supply 8; rulings R25).",
                )
            return Outcome(False, reason=r.error, ask=ask)
        return Outcome(True, r.commands, r.messages, rule="Sequence of Play", label=f"end of {st.side} {here.lower()}")

    def _advance_to(self, game, target: str, roll, lose) -> Outcome:
        """``advance --to "[SEASON YEAR] SIDE STEP"``: end step after step, each with what the
        rules apply at its end, until the game reaches the step (one logged action); stop with the
        reason at the first step that cannot end."""
        from mapref.rules.values import Outcome, refused
        from mapref.rulesets.hitlers_war.commands import apply

        sc, st = game.scenario, game.state
        words = target.lower().replace(",", " ").split()
        turn = None
        if len(words) >= 2 and words[1].isdigit():
            try:
                turn = Turn.parse(" ".join(words[:2]))
            except ValueError as e:
                return refused(f"--to {target!r}: {e}")
            words = words[2:]
        if not words or words[0] not in sc.sides:
            return refused(f"--to {target!r}: expected [SEASON YEAR] SIDE STEP, the side one of {', '.join(sc.sides)}")
        side, rest = words[0], words[1:]
        seq = steps(sc)
        want = None
        key = " ".join(rest).replace(" ", ".")
        for p, sub in seq:
            if key in (p, sub, f"{p}.{sub}", step_label(p, sub).lower().replace(" ", ".")):
                want = (p, sub)
                break
        if want is None:
            names = ", ".join(f"{p}.{sub}" if sub else p for p, sub in seq)
            return refused(f"--to {target!r}: no step {' '.join(rest)!r} (the steps: {names})")
        why = _never_reached(sc, seq, st, turn, side, want)
        if why:
            return refused(f"--to {target!r}: {why}", "Sequence of Play")
        work = copy.deepcopy(st)
        cmds: list = []
        msgs: list[str] = []
        for _ in range(len(seq) * len(sc.move_order) * (len(sc.turns()) + 1)):
            end_of_move = (
                work.phase == "movement" and (work.phase, work.subphase) == [x for x in seq if x[0] == "movement"][-1]
            )
            r = advance(game.map, sc, work, roll=roll, lose=lose if end_of_move else None)
            if r.error:  # one action or none: said plainly, the game stays where it is
                where = f"{work.turn}, {work.side} {step_label(work.phase, work.subphase).lower()}"
                now = f"{st.turn}, {st.side} {step_label(st.phase, st.subphase).lower()}"
                return refused(
                    f"advancing to {target}: nothing changed, the game is still at {now}: {where} cannot end: {r.error}"
                )
            apply(work, r.commands)
            cmds += r.commands
            msgs += [m for m in r.messages if not m.startswith("now: ")]
            if work.phase == "over":
                break
            if (work.side, work.phase, work.subphase) == (side, *want) and (turn is None or work.turn == turn):
                break
        else:
            return refused(f"advancing to {target}: the game never reaches it")
        msgs.append(f"now: {work.turn}, {work.side} {work.phase}{' (' + work.subphase + ')' if work.subphase else ''}")
        return Outcome(
            True,
            cmds,
            msgs,
            rule="Sequence of Play",
            label=f"advance to {work.turn}, {work.side} {step_label(work.phase, work.subphase).lower()}",
        )

    def _check_build(self, game, a: dict) -> Outcome:
        from mapref.rulesets.hitlers_war.moves import parse_costs

        from mapref.rules.values import Outcome, refused
        from mapref.rulesets.hitlers_war.build import check_build, RECORD_TYPES

        space = self._space(game, a["space"]) if a.get("space") else None
        try:
            points = {
                t: int(v) for t, v in (a.get("points") or {t: a[t] for t in POINT_TYPES if t in a}).items() if int(v)
            }
            records = {t: int(a[t]) for t in RECORD_TYPES if a.get(t)}
            costs = a.get("cost") or {}
            if isinstance(costs, (list, tuple)):
                costs = {k: v for item in costs for k, v in parse_costs(str(item)).items()}
            nums = {k: int(a.get(k) or 0) for k in ("fort", "ships", "lend_lease")}
        except (TypeError, ValueError) as e:
            return refused(f"cannot build: {e}", "Building strength points 3")
        r = check_build(
            self.context(game),
            space,
            points,
            nums["fort"],
            records,
            nums["ships"],
            a.get("fleet") or None,
            nums["lend_lease"],
            dict(costs),
            a.get("army") or None,
        )
        if not r.ok:
            return Outcome(False, reason=f"cannot build{' in ' + space if space else ''}: {r.reason}", rule=r.rule)
        what = ", ".join(
            f"{v} {t.replace('_', ' ')}"
            for t, v in list(points.items()) + list(records.items()) + [(k, v) for k, v in nums.items() if v]
        )
        return Outcome(
            True,
            r.commands,
            r.messages,
            rule="Building strength points 1-6",
            label=f"build {what or 'costs'}" + (f" in {space}" if space else ""),
        )

    def _check_repair(self, game, a: dict) -> Outcome:
        from mapref.rules.values import Outcome, refused
        from mapref.rulesets.hitlers_war.build import check_repair

        space = self._space(game, a.get("space", ""))
        try:
            n = int(a.get("points", a.get("n", 1)))
        except (TypeError, ValueError):
            return refused(
                f"repair: the number of points must be a whole number, got {a.get('points')!r}",
                "Repairing devastated production 7",
            )
        r = check_repair(self.context(game), space, n)
        if not r.ok:
            return Outcome(False, reason=f"cannot repair {space}: {r.reason}", rule=r.rule)
        return Outcome(
            True, r.commands, r.messages, rule="Repairing devastated production 2-8", label=f"repair {n} in {space}"
        )

    def _check_losses(self, game, a: dict) -> Outcome:
        from mapref.rulesets.hitlers_war.combat import check_losses

        from mapref.rules.values import Outcome
        from mapref.rulesets.hitlers_war.consequences import completed

        space = self._space(game, a.get("space", ""))
        pts = {t: int(v) for t, v in (a.get("points") or {}).items() if v}
        cx = self.context(game)
        r = check_losses(
            cx,
            space,
            pts,
            fort=int(a.get("fort", 0) or 0),
            garrison=bool(a.get("garrison")),
            army=a.get("army"),
            invader=bool(a.get("invader")),
            home=int(a.get("home", 0) or 0),
        )
        r = completed(cx, r)
        if not r.ok:
            return Outcome(False, reason=f"impossible losses in {space}: {r.reason}", rule=r.rule)
        return Outcome(True, r.commands, r.messages, rule="Assault resolution 5-8", label=f"losses in {space}")

    def _check_capture(self, game, a: dict) -> Outcome:
        from mapref.rulesets.hitlers_war.combat import check_capture

        from mapref.rules.values import Outcome
        from mapref.rulesets.hitlers_war.consequences import completed

        frm, to = self._space(game, a.get("from", "")), self._space(game, a.get("to", ""))
        retreats = [self._space(game, x) for x in a.get("retreat_to", [])]
        fleet_to = [self._space(game, x) for x in a.get("fleet_to", [])]
        home_to = a.get("home_to")
        if isinstance(home_to, (list, tuple)):  # a list of answers: the last
            home_to = home_to[-1] if home_to else None
        home_to = self._space(game, str(home_to)) if home_to else None
        cx = self.context(game)
        r = check_capture(
            cx,
            frm,
            to,
            retreats,
            army=a.get("army"),
            para_drop=int(a.get("para_drop") or 0),
            fleet_to=fleet_to,
            home_to=home_to,
            failed=bool(a.get("failed")),
        )
        r = completed(cx, r)
        if not r.ok:
            ask = _combat_ask(r, to)
            return Outcome(False, reason=f"illegal advance {frm} -> {to}: {r.reason}", rule=r.rule, ask=ask)
        mover = next((c.army for c in r.commands if type(c).__name__ == "Relocate" and c.to == to), None)
        return Outcome(
            True,
            r.commands,
            r.messages,
            rule="Advance resolution 2-13",
            label=f"advance {frm} -> {to}" + (" failed" if a.get("failed") else ""),
            data={"army": mover},
        )

    def _check_place(self, game, a: dict) -> Outcome:
        from mapref.rules.values import Outcome, refused
        from mapref.rulesets.hitlers_war.placement import check_place, PlaceAll
        from mapref.rulesets.hitlers_war.setup import place_pools

        if a.get("auto"):
            st = game.state
            if st.phase != "setup":
                return refused("the set-up pools are placed in the set-up phase", "Prepare for Play 3")
            if not st.pools:
                return refused("no set-up pool is left to place", "Prepare for Play 3")
            before = len(st.armies)
            work = copy.deepcopy(st)
            place_pools(game.map, game.scenario, work)
            made = work.armies[before:]
            lines = [
                f"{x.name} in {x.at}: " + ", ".join(f"{v} {t.replace('_', ' ')}" for t, v in x.points.items() if v)
                for x in made
            ]
            cmd = PlaceAll(text="the remaining set-up pools placed automatically", map=game.map, scenario=game.scenario)
            return Outcome(
                True,
                [cmd],
                [f"{len(made)} armies placed from the set-up pools"] + lines,
                rule="Prepare for Play 3",
                label="place the remaining set-up pools automatically",
            )
        space = self._space(game, a.get("space", ""))
        r = check_place(self.context(game), a.get("pool", ""), space, a.get("points") or {}, a.get("leader", "") or "")
        if not r.ok or r.command is None:  # (a placement checked ok carries its command)
            return Outcome(False, reason=f"cannot place in {space}: {r.reason}", rule=r.rule)
        return Outcome(
            True,
            [r.command],
            [r.message],
            rule=r.rule,
            label=r.label,
            data={"army": r.command.join or r.command.new_name},
        )

    def _check_invade(self, game, a: dict) -> Outcome:
        from mapref.rules.values import Outcome
        from mapref.rulesets.hitlers_war.invasion import check_invasion

        frm, to = self._space(game, a.get("from", "")), self._space(game, a.get("to", ""))
        retreats = [self._space(game, x) for x in a.get("retreat_to", [])]
        fleet_to = [self._space(game, x) for x in a.get("fleet_to", [])]
        r = check_invasion(
            self.context(game), frm, to, retreats, army=a.get("army"), failed=bool(a.get("failed")), fleet_to=fleet_to
        )
        if not r.ok:
            ask = _combat_ask(r, to)
            return Outcome(False, reason=f"illegal invasion {frm} -> {to}: {r.reason}", rule=r.rule, ask=ask)
        return Outcome(
            True,
            r.commands,
            r.messages,
            rule="Amphibious Invasions: Invasion procedure; Invasion advance 3-4",
            label=f"invasion {frm} -> {to}" + (" failed" if a.get("failed") else ""),
        )

    def _check_home_forces(self, game, a: dict) -> Outcome:
        from mapref.rulesets.hitlers_war.moves import parse_placements

        from mapref.rules.values import Outcome, refused
        from mapref.rulesets.hitlers_war import homeforces

        code = str(a.get("nation", "")).strip().lower()
        by_name = {(c.name or k).lower(): k for k, c in game.map.countries.items()}
        code = by_name.get(code, code)
        placed = {}
        at = a.get("at") or {}
        try:
            if isinstance(at, str):  # the window's entry: "O13=3 P12=3"
                at = parse_placements(at)
        except ValueError as e:
            return refused(str(e), "Unaligned Forces 4")
        try:
            for space, v in dict(at).items():
                placed[self._space(game, str(space))] = int(v)
        except (TypeError, ValueError):
            return refused("home forces: give HEX=N for each hex (N whole points)", "Unaligned Forces 4")
        r = homeforces.check_place(self.context(game), code, placed)
        if not r.ok:
            return Outcome(False, reason=f"home forces not placed: {r.reason}", rule=r.rule)
        return Outcome(True, r.commands, r.messages, rule="Unaligned Forces 1-4", label=f"home forces of {code} placed")

    def _check_announce(self, game, a: dict) -> Outcome:
        from mapref.rulesets.hitlers_war.combat import check_announce

        from mapref.rules.values import Outcome

        target = self._space(game, a.get("target", ""))
        r = check_announce(self.context(game), str(a.get("army", "")), target)
        if not r.ok:
            return Outcome(False, reason=f"not announced: {r.reason}", rule=r.rule)
        return Outcome(
            True,
            r.commands,
            r.messages,
            rule="Announce initial attacks 1-4",
            label=f"announce {a.get('army')} -> {target}",
        )

    def _check_naval(self, game, a: dict) -> Outcome:
        from mapref.rules.values import Ask, Outcome, refused
        from mapref.rulesets.hitlers_war.naval import check_naval

        try:
            al, dl = int(a.get("attacker_losses") or 0), int(a.get("defender_losses") or 0)
        except (TypeError, ValueError):
            return refused("the losses are whole numbers of ship points", "Naval battle resolution 3")
        loser_to = self._space(game, a["loser_to"]) if a.get("loser_to") else None
        r = check_naval(
            self.context(game),
            str(a.get("attacker", "")),
            str(a.get("defender", "")),
            al,
            dl,
            evaded=bool(a.get("evaded")),
            loser_to=loser_to,
        )
        if not r.ok:
            ask = None
            if r.expel is not None:
                name, options = r.expel
                ask = Ask(
                    "loser_to",
                    f"{name} returns to the port of",
                    list(options),
                    "The beaten fleet's owner chooses a friendly port on the same sea (Naval battle resolution 4).",
                )
            return Outcome(False, reason=f"naval battle not recorded: {r.reason}", rule=r.rule, ask=ask)
        what = "evasion" if a.get("evaded") else "naval battle"
        return Outcome(
            True,
            r.commands,
            r.messages,
            rule="Naval battle resolution; Attacking enemy fleets",
            label=f"{what}: {a.get('attacker')} against {a.get('defender')}",
        )

    def _check_surrender(self, game, a: dict) -> Outcome:
        from mapref.rules.values import Outcome, refused
        from mapref.rulesets.hitlers_war.surrender import check_surrender

        nation = str(a.get("nation", "")).strip().lower()
        if not nation:
            return refused(
                "surrender: name the nation (a country code: fr, it, gb, fi, ro+bg...; or vichy)", "Surrender"
            )
        try:
            ff = int(a.get("free_french") or 0)
        except (TypeError, ValueError):
            return refused("--free-french: a whole number of infantry points", "Surrender, France 4")
        r = check_surrender(self.context(game), nation, ff, refused=bool(a.get("refused")))
        if not r.ok:
            return Outcome(False, reason=f"cannot apply the surrender of {nation}: {r.reason}", rule=r.rule)
        return Outcome(True, r.commands, r.messages, rule="Surrender", label=f"surrender of {nation}")

    # ---------------------------------------------------------------------------- window
    def reach(self, game, piece: str, within=None) -> set[str]:
        from mapref.rulesets.hitlers_war.views import reach

        return reach(self.context(game), piece, within)

    def at_war(self, game, a: str, b: str) -> bool:
        # the Soviets and the Western Allies fight the Axis, not each other (Allied & Soviet Cooperation)
        return a != b and "axis" in (a, b)

    def control_view(self, game) -> dict[str, str]:
        from mapref.rulesets.hitlers_war.views import control_view

        return control_view(self.context(game))

    def pools(self, game) -> list[SetupPool]:
        from mapref.rulesets.hitlers_war.views import pools

        return pools(self.context(game))

    def place(self, game, pool: str, space: str, kind: str = "") -> MenuItem | None:
        from mapref.rulesets.hitlers_war.views import place_item

        return place_item(self.context(game), pool, space, kind)

    def pieces(self, game, report=None) -> list[Piece]:
        r = (report or self.report(game)).as_dict()
        cx = self.context(game)
        out: list[Piece] = []
        # a supplied army's counter is made from its report entry alone, and an unsupplied one's
        # whose entry says where its friendly region ends: kept with the entry (a move leaves the
        # others' entries as they were), not made again; not to be changed
        cache = getattr(game, "cache", None)  # (a game of a ruleset's own tests may have none)
        kept = (cache.get("army_pieces") if cache is not None else None) or {}
        keep: dict = {}
        armies: dict | None = None  # the state's armies by name, for those asked why they are cut off
        for a in r["armies"]:
            old = kept.get(a["name"])
            if old is not None and old[0] == a:
                piece = old[1]
            else:
                if armies is None and not a.get("supplied") and not a.get("frontier"):
                    armies = {x.name: x for x in reversed(game.state.armies)}  # (the first of a name, as state.army)
                piece = self._army_piece(cx, game, a, armies)
            if a.get("supplied") or a.get("frontier"):
                keep[a["name"]] = (a, piece)
            out.append(piece)
        if cache is not None:
            cache["army_pieces"] = keep
        self._other_pieces(cx, game, out)
        return out

    @staticmethod
    def _army_piece(cx, game, a: dict, armies: dict | None = None) -> Piece:
        """An army's counter from its entry in the report (``a``); an unsupplied army with no
        frontier, from its army too (``armies``: the state's by name, else asked of the state)."""
        from mapref.rules.values import Piece

        stn = a["strength"]
        text = f"{stn.get('infantry', 0)}-{stn.get('mechanized', 0)}"
        extra = sum(v for k, v in stn.items() if k not in ("infantry", "mechanized"))
        if extra:
            text += f"+{extra}"
        points = ", ".join(f"{v} {k.replace('_', ' ')}" for k, v in stn.items() if v)
        info = [f"{a['name']} ({a['side']}, {a.get('nation', '')}) in {a['hex']}", points or "no strength points"]
        if a.get("leader"):
            info.append(f"leader: {a['leader']}")
        if a.get("supplied"):
            path = a.get("supply_path") or []
            info.append("In supply" + (f": {' - '.join(path)}" if path else ""))
        why = ""
        if not a.get("supplied"):
            info.append("OUT OF SUPPLY")
            if a.get("frontier"):
                info.append(f"its friendly region ends at {', '.join(a['frontier'])}")
            else:
                from mapref.rulesets.hitlers_war.views import unsupplied_why

                army = armies.get(a["name"]) if armies is not None else game.state.army(a["name"])
                why = unsupplied_why(cx, army)
                if why:
                    info.append(why[:1].upper() + why[1:])
        return Piece(
            f"army:{a['name']}",
            "army",
            a["side"],
            a["hex"],
            text,
            a["name"],
            True,
            bool(a.get("supplied")),
            list(a.get("supply_path") or []),
            list(a.get("frontier") or []),
            why=why,
            info=info,
        )

    @staticmethod
    def _other_pieces(cx, game, out: list[Piece]) -> None:
        """The fleets, forts and occupation markers, after the armies in ``out``."""
        from mapref.rules.values import Piece

        for f in game.state.fleets:
            out.append(
                Piece(
                    f"fleet:{f.name}",
                    "fleet",
                    f.side,
                    f.at,
                    str(f.capital),
                    f.name,
                    info=[
                        f"{f.name} ({f.side}) {'in port' if f.in_port else 'at sea'} in {f.at}: {f.capital} capital ship points"
                    ],
                )
            )
        for fort in game.state.forts:
            out.append(
                Piece(
                    f"fort:{fort.side}-{fort.number}",
                    "fort",
                    fort.side,
                    fort.at,
                    str(fort.strength),
                    f"fort No. {fort.number}",
                )
            )
        for space, side in cx.occupied_captures():
            # occupation markers (Hex Control and Garrisons, Friendly hexes 4): on captured hexes,
            # not on those a nation brought when joining (rulings R39)
            out.append(Piece(f"occupied:{space}", "marker", side, space, "", "occupation marker"))

    traces_supply = True  # Determine supply

    def supply_view(self, game) -> dict[str, tuple[set[str], set[str]]]:
        """Per side: (its supplied spaces, its friendly spaces that trace no supply).  Kept with
        the position's control for the supplied spaces it was worked out from (a move changes
        neither): the same tables again, not to be changed."""
        cx = self.context(game)
        sides = tuple(game.scenario.sides)
        sups = tuple(cx.supplied(side) for side in sides)
        kept = cx._pos.kept.get("supply_view")
        if kept is not None and kept[0] == sides and all(a is b for a, b in zip(kept[1], sups, strict=True)):
            return kept[2]
        out = {}
        for side, sup in zip(sides, sups, strict=True):
            mine = cx.friendly_spaces(side)
            out[side] = (sup & mine, mine - sup)
        cx._pos.kept["supply_view"] = (sides, sups, out)  # (the supplied sets held: their ids stay theirs)
        return out

    def legend(self, game) -> dict[str, str]:
        return {
            "army": "army: infantry-mechanized (+ other points)",
            "fleet": "a fleet: capital ship points",
            "fort": "a fort: fort points",
            "marker": "an occupation marker: a captured hex (Hex Control and Garrisons)",
        }

    def marks(self, game) -> list:
        return vpcheck.marks(game)

    def tracks(self, game) -> list:
        return vpcheck.tracks(game)

    def panels(self, game, report) -> list[tuple[str, list[str]]]:
        from mapref.rulesets.hitlers_war.build import budget_lines

        r = report.as_dict()
        prod = []
        for side, p in r["production"].items():
            spend = f", {p['spendable']} to spend" if p["spendable"] != p["total"] else ""
            left = f", {p['available']} left" if p.get("spent") else ""
            prod.append(f"{side}: {p['total']}{spend}{left}")

        prod += budget_lines(self.context(game))
        return [("Production", prod), ("Nations", self.nations_lines(game))] + vpcheck.panel(game)

    def nations_lines(self, game) -> list[str]:
        """Nations whose standing is not plain unaligned, grouped: "axis, at war: Finland, Germany"."""
        groups: dict[tuple[str, str], list[str]] = {}
        for code, n in game.state.nations.items():
            if n.status == "unaligned" and n.side is None:
                continue
            name = game.board.country_name(code)
            if n.joined is not None and n.joined != game.scenario.first_turn:
                name += f" (joined {n.joined})"
            groups.setdefault((n.side or "", n.status), []).append(name)
        order = {s: i for i, s in enumerate(game.scenario.sides)}
        out = []
        for (side, status), names in sorted(groups.items(), key=lambda kv: (order.get(kv[0][0], 99), kv[0][1])):
            head = f"{side}, {status.replace('_', ' ')}" if side else status.replace("_", " ")
            out.append(f"{head}: {', '.join(sorted(names))}")
        return out

    def drag(self, game, piece: str, to: str) -> Action | None:
        from mapref.rules.values import Action

        kind, _, name = piece.partition(":")
        if kind == "army":
            a = game.state.army(name)
            if a is not None and a.at != to:
                return Action("move", {"from": a.at, "to": to, "army": name})
        if kind == "fleet":
            f = next((x for x in game.state.fleets if x.name == name), None)
            if f is not None and f.at != to:
                return Action("move", {"from": f.at, "to": to, "fleet": name})
        return None


RULESET = HitlersWar()
