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
from mapref.rules.ruleset import Action, Ask, MenuItem, Outcome, Piece, Ruleset, SetupPool, Step, Verb, refused
from mapref.rulesets.hitlers_war import files as hwfiles
from mapref.rulesets.hitlers_war import vpcheck  # a scenario's seasonal VP track (issue 16)
from mapref.rulesets.hitlers_war.common import Context
from mapref.rulesets.hitlers_war.state import POINT_TYPES, STATUSES, Turn

FLAGS = {"tactical_air": "air"}  # the command line's name of a strength type
STEP_LABELS = {
    ("setup", ""): "Set-up",
    ("movement", ""): "Movement",
    ("movement", "naval"): "Naval movement",
    ("movement", "land"): "Land movement",
    ("combat", "supply"): "Determine supply",
    ("combat", "announce"): "Announce attacks",
    ("combat", "amphibious"): "Amphibious assaults",
    ("combat", "defensive_assaults"): "Defensive assaults",
    ("combat", "assaults"): "Initial assaults",
    ("combat", "advances"): "Advances",
    ("combat", "exploitation"): "Exploitation",
    ("production", "build"): "Build",
    ("production", "repair"): "Repair",
    ("production", "research"): "Research",
    ("over", ""): "Game over",
}
KEEP = "keep"  # a ``set`` action's side: unchanged
ACTIONS = ("move", "set", "advance", "losses", "capture", "build", "repair", "invade", "surrender", "naval", "announce")


def parse_points(text: str) -> dict[str, int]:
    """``"infantry=1,mechanized=2"`` (``air`` for tactical air) -> {type: n}; raise ValueError."""
    out: dict[str, int] = {}
    names = {FLAGS.get(t, t): t for t in POINT_TYPES} | {t: t for t in POINT_TYPES} | {"fort": "fort"}
    for part in text.split(","):
        k, eq, v = part.strip().partition("=")
        k = k.strip().lower().replace("-", "_")
        if not eq or k not in names or not v.strip().isdigit():
            raise ValueError(f"{part.strip()!r}: expected TYPE=N with a type of {', '.join(sorted(set(names)))}")
        out[names[k]] = out.get(names[k], 0) + int(v)
    return out


def parse_costs(text: str) -> dict[str, int]:
    """``"mechanized=6,tactical_air=8"`` -> {type: cost} (``air`` for tactical air); raise ValueError."""
    from mapref.rulesets.hitlers_war.build import COST_TYPES

    names = {t: t for t in COST_TYPES} | {FLAGS.get(t, t): t for t in POINT_TYPES} | {"ta-shipping": "ta_shipping"}
    out = {}
    for part in text.split(","):
        k, eq, v = part.strip().partition("=")
        k = k.strip().lower()
        if not eq or names.get(k, names.get(k.replace("-", "_"))) is None or not v.strip().isdigit():
            raise ValueError(f"--cost {part.strip()!r}: expected TYPE=N with a type of {', '.join(COST_TYPES)}")
        out[names.get(k, names.get(k.replace("-", "_")))] = int(v)
    return out


def parse_losses(a: dict) -> dict | None:
    """The owner's choice of points lost to over-stacking (Stacking 3) from an ``advance``
    action's arguments: ``lose`` as {HEX: {type: n}} or a list of "HEX:TYPE=N,TYPE=N", or (the
    window's form) ``lose_at`` = HEX with the points as TYPE = N arguments."""
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
    if r.retreat is not None:
        name, options = r.retreat
        return Ask("retreat_to", f"{name} retreats from {to} to", list(options),
                   "The defender chooses among the legal retreats (Advance resolution 6-7).")
    if r.expel is not None:
        name, options = r.expel
        return Ask("fleet_to", f"{name} is expelled from {to} to the port of", list(options),
                   "The fleet's owner chooses the port it moves to at once (Movement of naval strength points "
                   "and fleets 17; rulings R52).")
    return None


def step_label(phase: str, subphase: str) -> str:
    return STEP_LABELS.get((phase, subphase), f"{phase} ({subphase})" if subphase else phase)


class HitlersWar(Ruleset):
    name = "hitlers_war"
    title = "Hitler's War"
    board_kinds = ("hex",)
    side_colours = {"axis": ("#2b2b2b", "#ffffff"), "soviet": ("#9e1b1b", "#ffffff"), "allies": ("#1f4e9e", "#ffffff")}

    # ----------------------------------------------------------------------------- files
    def read_scenario(self, data, source, shown):
        return hwfiles.scenario_from_dict(data, source, shown)

    def scenario_problems(self, board, scenario):
        from mapref.rulesets.hitlers_war.consistency import scenario_problems, start_problems

        out = scenario_problems(board, scenario) + vpcheck.problems(board, scenario)
        return out or start_problems(board, scenario)  # the start is worked out from a consistent scenario only

    def describe_scenario(self, scenario) -> dict:
        return {"first_turn": str(scenario.first_turn), "last_turn": str(scenario.last_turn), "sides": list(scenario.sides)}

    def read_state(self, data, source, shown):
        data = {"format": hwfiles.FORMAT, "kind": "game", **data}
        return hwfiles.game_from_dict(data, source, shown)

    def state_data(self, state) -> dict:
        return hwfiles.state_data(state)

    def dumps_state(self, state) -> str:
        return hwfiles.dumps_state(state)

    def state_problems(self, board, scenario, state):
        from mapref.rulesets.hitlers_war.consistency import consistency_problems

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
        return {"turn": str(st.turn), "side": st.side, "step": step, "over": st.phase == "over",
                "title": f"{game.scenario.name}: {st.turn.season.capitalize()} {st.turn.year}, {st.side} "
                         f"{step_label(st.phase, st.subphase).lower()}"}

    def report(self, game):
        from mapref.rulesets.hitlers_war.referee import referee

        return vpcheck.report(referee(game.map, game.scenario, game.state), game)

    def steps(self, game) -> list[Step]:
        from mapref.rulesets.hitlers_war.sequence import steps

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
        from mapref.rulesets.hitlers_war.combat import victory_commands

        cmds, msg = victory_commands(game.map, game.scenario, game.state)
        more, msgs = vpcheck.follow_up(game)
        return cmds + more, ([msg] if msg else []) + msgs

    def check(self, game, action: Action) -> Outcome:
        if action.verb in vpcheck.VERBS:
            return vpcheck.check(game, action)
        fn = getattr(self, f"_check_{action.verb}", None)
        if fn is None:
            return refused(f"Hitler's War has no action {action.verb!r} (its actions: {', '.join(ACTIONS)})")
        try:
            return fn(game, dict(action.args))
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

        frm, to = self._space(game, a.get("from", "")), self._space(game, a.get("to", ""))
        cx = self.context(game)
        st = game.state
        has_army = any(x.at == frm and x.side == st.side for x in st.armies)
        if "fleet" in a or (not has_army and any(f.at == frm for f in st.fleets)):
            r = check_fleet_move(cx, frm, to, fleet=a.get("fleet") or None, at_sea=bool(a.get("at_sea")))
        else:
            pts = {t: int(v) for t, v in (a.get("points") or {}).items() if v}
            r = check_move(cx, frm, to, pts or None, army=a.get("army"))
        if not r.ok:
            return Outcome(False, reason=f"illegal move {frm} -> {to}: {r.reason}", rule=r.rule)
        what = r.fleet or f"{sum(r.points.values())} points of {r.army}"
        line = f"{what}: {frm} -> {to} by {' '.join(r.route)}"
        return Outcome(True, r.commands, [line] + ([r.note] if getattr(r, "note", "") else []), rule="Movement 1-5" if not r.fleet else "Movement of naval strength points and fleets",
                       label=f"move {what} {frm} -> {to}", data={"route": list(r.route), "army": r.army, "fleet": r.fleet})

    def _check_set(self, game, a: dict) -> Outcome:
        if any(k in a for k in ("nation", "status", "side", "joined")):
            return self._check_nation(game, a)
        from mapref.rulesets.hitlers_war.commands import SetHex

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
        msg = f"{space}: " + ", ".join(x for x in (f"control {control}" if control else "",
                                                  f"devastated {devastated}" if devastated is not None else "") if x)
        cmd = SetHex(text=msg, space=space, control=control, devastated=devastated,
                     occupied=None if control is None else control != "none")
        return Outcome(True, [cmd], [msg], rule="referee's correction", label=f"set {msg}")

    def _check_nation(self, game, a: dict) -> Outcome:
        from mapref.rulesets.hitlers_war.nations import KEEP as NKEEP
        from mapref.rulesets.hitlers_war.nations import check_nation

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
        r = check_nation(self.context(game), a["nation"], str(a["status"]).strip().lower(), side, joined,
                         army=a.get("army") or None)
        if not r.ok:
            return Outcome(False, reason=f"cannot set nation {a['nation']}: {r.reason}", rule=r.rule)
        return Outcome(True, r.commands, r.messages, rule="rulings R39", label=r.messages[0] if r.messages else "set nation")

    def _check_advance(self, game, a: dict) -> Outcome:
        from mapref.rulesets.hitlers_war.sequence import advance

        st = game.state
        here = step_label(st.phase, st.subphase)
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
                ask = Ask("roll", "the die roll", [str(i) for i in range(1, 7)],
                          "Isolated hexes tie between opposing sides: 1-3 gives them to the first, 4-6 to the second "
                          "(Determine supply 8; rulings R25).")
            return Outcome(False, reason=r.error, ask=ask)
        return Outcome(True, r.commands, r.messages, rule="Sequence of Play", label=f"end of {st.side} {here.lower()}")

    def _advance_to(self, game, target: str, roll, lose) -> Outcome:
        """``advance --to "[SEASON YEAR] SIDE STEP"``: end step after step, each with what the
        rules apply at its end, until the game reaches the step (one logged action); stop with the
        reason at the first step that cannot end."""
        import copy

        from mapref.rulesets.hitlers_war.commands import apply
        from mapref.rulesets.hitlers_war.sequence import advance, steps

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
        work = copy.deepcopy(st)
        cmds: list = []
        msgs: list[str] = []
        for _ in range(len(seq) * len(sc.move_order) * (len(sc.turns()) + 1)):
            end_of_move = work.phase == "movement" and (work.phase, work.subphase) == [x for x in seq if x[0] == "movement"][-1]
            r = advance(game.map, sc, work, roll=roll, lose=lose if end_of_move else None)
            if r.error:
                where = f"{work.turn}, {work.side} {step_label(work.phase, work.subphase).lower()}"
                return refused(f"advancing to {target}: stopped at {where}: {r.error}")
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
        return Outcome(True, cmds, msgs, rule="Sequence of Play", label=f"advance to {work.turn}, {work.side} "
                       f"{step_label(work.phase, work.subphase).lower()}")

    def _check_build(self, game, a: dict) -> Outcome:
        from mapref.rulesets.hitlers_war.build import RECORD_TYPES, check_build

        space = self._space(game, a["space"]) if a.get("space") else None
        try:
            points = {t: int(v) for t, v in (a.get("points") or {t: a[t] for t in POINT_TYPES if t in a}).items() if int(v)}
            records = {t: int(a[t]) for t in RECORD_TYPES if a.get(t)}
            costs = a.get("cost") or {}
            if isinstance(costs, (list, tuple)):
                costs = {k: v for item in costs for k, v in parse_costs(str(item)).items()}
            nums = {k: int(a.get(k) or 0) for k in ("fort", "ships", "lend_lease")}
        except (TypeError, ValueError) as e:
            return refused(f"cannot build: {e}", "Building strength points 3")
        r = check_build(self.context(game), space, points, nums["fort"], records, nums["ships"], a.get("fleet") or None,
                        nums["lend_lease"], dict(costs), a.get("army") or None)
        if not r.ok:
            return Outcome(False, reason=f"cannot build{' in ' + space if space else ''}: {r.reason}", rule=r.rule)
        what = ", ".join(f"{v} {t.replace('_', ' ')}" for t, v in list(points.items()) + list(records.items())
                         + [(k, v) for k, v in nums.items() if v])
        return Outcome(True, r.commands, r.messages, rule="Building strength points 1-6",
                       label=f"build {what or 'costs'}" + (f" in {space}" if space else ""))

    def _check_repair(self, game, a: dict) -> Outcome:
        from mapref.rulesets.hitlers_war.build import check_repair

        space = self._space(game, a.get("space", ""))
        try:
            n = int(a.get("points", a.get("n", 1)))
        except (TypeError, ValueError):
            return refused(f"repair: the number of points must be a whole number, got {a.get('points')!r}",
                           "Repairing devastated production 7")
        r = check_repair(self.context(game), space, n)
        if not r.ok:
            return Outcome(False, reason=f"cannot repair {space}: {r.reason}", rule=r.rule)
        return Outcome(True, r.commands, r.messages, rule="Repairing devastated production 2-8", label=f"repair {n} in {space}")

    def _check_losses(self, game, a: dict) -> Outcome:
        from mapref.rulesets.hitlers_war.combat import check_losses

        space = self._space(game, a.get("space", ""))
        pts = {t: int(v) for t, v in (a.get("points") or {}).items() if v}
        r = check_losses(self.context(game), space, pts, fort=int(a.get("fort", 0) or 0),
                         garrison=bool(a.get("garrison")), army=a.get("army"), invader=bool(a.get("invader")))
        if not r.ok:
            return Outcome(False, reason=f"impossible losses in {space}: {r.reason}", rule=r.rule)
        return Outcome(True, r.commands, r.messages, rule="Assault resolution 5-8", label=f"losses in {space}")

    def _check_capture(self, game, a: dict) -> Outcome:
        from mapref.rulesets.hitlers_war.combat import check_capture

        frm, to = self._space(game, a.get("from", "")), self._space(game, a.get("to", ""))
        retreats = [self._space(game, x) for x in a.get("retreat_to", [])]
        fleet_to = [self._space(game, x) for x in a.get("fleet_to", [])]
        r = check_capture(self.context(game), frm, to, retreats, army=a.get("army"), para_drop=int(a.get("para_drop") or 0),
                          fleet_to=fleet_to)
        if not r.ok:
            ask = _combat_ask(r, to)
            return Outcome(False, reason=f"illegal advance {frm} -> {to}: {r.reason}", rule=r.rule, ask=ask)
        mover = next((c.army for c in r.commands if type(c).__name__ == "Relocate" and c.to == to), None)
        return Outcome(True, r.commands, r.messages, rule="Advance resolution 2-13", label=f"advance {frm} -> {to}",
                       data={"army": mover})

    def _check_place(self, game, a: dict) -> Outcome:
        from mapref.rulesets.hitlers_war.placement import PlaceAll, check_place
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
            lines = [f"{x.name} in {x.at}: " + ", ".join(f"{v} {t.replace('_', ' ')}" for t, v in x.points.items() if v) for x in made]
            cmd = PlaceAll(text="the remaining set-up pools placed automatically", map=game.map, scenario=game.scenario)
            return Outcome(True, [cmd], [f"{len(made)} armies placed from the set-up pools"] + lines, rule="Prepare for Play 3",
                           label="place the remaining set-up pools automatically")
        space = self._space(game, a.get("space", ""))
        r = check_place(self.context(game), a.get("pool", ""), space, a.get("points") or {}, a.get("leader", "") or "")
        if not r.ok:
            return Outcome(False, reason=f"cannot place in {space}: {r.reason}", rule=r.rule)
        return Outcome(True, [r.command], [r.message], rule=r.rule, label=r.label,
                       data={"army": r.command.join or r.command.new_name})

    def _check_invade(self, game, a: dict) -> Outcome:
        from mapref.rulesets.hitlers_war.combat import check_invasion

        frm, to = self._space(game, a.get("from", "")), self._space(game, a.get("to", ""))
        retreats = [self._space(game, x) for x in a.get("retreat_to", [])]
        fleet_to = [self._space(game, x) for x in a.get("fleet_to", [])]
        r = check_invasion(self.context(game), frm, to, retreats, army=a.get("army"), failed=bool(a.get("failed")),
                           fleet_to=fleet_to)
        if not r.ok:
            ask = _combat_ask(r, to)
            return Outcome(False, reason=f"illegal invasion {frm} -> {to}: {r.reason}", rule=r.rule, ask=ask)
        return Outcome(True, r.commands, r.messages, rule="Amphibious Invasions: Invasion procedure; Invasion advance 3-4",
                       label=f"invasion {frm} -> {to}" + (" failed" if a.get("failed") else ""))

    def _check_announce(self, game, a: dict) -> Outcome:
        from mapref.rulesets.hitlers_war.combat import check_announce

        target = self._space(game, a.get("target", ""))
        r = check_announce(self.context(game), str(a.get("army", "")), target)
        if not r.ok:
            return Outcome(False, reason=f"not announced: {r.reason}", rule=r.rule)
        return Outcome(True, r.commands, r.messages, rule="Announce initial attacks 1-4",
                       label=f"announce {a.get('army')} -> {target}")

    def _check_naval(self, game, a: dict) -> Outcome:
        from mapref.rulesets.hitlers_war.naval import check_naval

        try:
            al, dl = int(a.get("attacker_losses") or 0), int(a.get("defender_losses") or 0)
        except (TypeError, ValueError):
            return refused("the losses are whole numbers of ship points", "Naval battle resolution 3")
        loser_to = self._space(game, a["loser_to"]) if a.get("loser_to") else None
        r = check_naval(self.context(game), str(a.get("attacker", "")), str(a.get("defender", "")), al, dl,
                        evaded=bool(a.get("evaded")), loser_to=loser_to)
        if not r.ok:
            ask = None
            if r.expel is not None:
                name, options = r.expel
                ask = Ask("loser_to", f"{name} returns to the port of", list(options),
                          "The beaten fleet's owner chooses a friendly port on the same sea (Naval battle resolution 4).")
            return Outcome(False, reason=f"naval battle not recorded: {r.reason}", rule=r.rule, ask=ask)
        what = "evasion" if a.get("evaded") else "naval battle"
        return Outcome(True, r.commands, r.messages, rule="Naval battle resolution; Attacking enemy fleets",
                       label=f"{what}: {a.get('attacker')} against {a.get('defender')}")

    def _check_surrender(self, game, a: dict) -> Outcome:
        from mapref.rulesets.hitlers_war.surrender import check_surrender

        nation = str(a.get("nation", "")).strip().lower()
        if not nation:
            return refused("surrender: name the nation (a country code: fr, it, gb, fi, ro+bg...; or vichy)", "Surrender")
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

    def place(self, game, pool: str, space: str) -> MenuItem | None:
        from mapref.rulesets.hitlers_war.views import place_item

        return place_item(self.context(game), pool, space)

    def game_menu(self, game) -> list[MenuItem]:
        from mapref.rulesets.hitlers_war.views import game_menu

        cx = self.context(game)
        out = game_menu(cx, game)
        if game.state.phase == "production":  # the entries not tied to a space: shipping, ships, lend-lease
            out[1:1] = [item for item in self._production_menu(game, cx, None) if item.action is not None
                        and "space" not in item.action.args]
        return out

    def pieces(self, game, report=None) -> list[Piece]:
        r = (report or self.report(game)).as_dict()
        cx = self.context(game)
        out: list[Piece] = []
        for a in r["armies"]:
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

                    why = unsupplied_why(cx, game.state.army(a["name"]))
                    if why:
                        info.append(why[:1].upper() + why[1:])
            out.append(Piece(f"army:{a['name']}", "army", a["side"], a["hex"], text, a["name"], True, bool(a.get("supplied")),
                             list(a.get("supply_path") or []), list(a.get("frontier") or []), why=why, info=info))
        for f in game.state.fleets:
            out.append(Piece(f"fleet:{f.name}", "fleet", f.side, f.at, str(f.capital), f.name,
                             info=[f"{f.name} ({f.side}) {'in port' if f.in_port else 'at sea'} in {f.at}: {f.capital} capital ship points"]))
        for fort in game.state.forts:
            out.append(Piece(f"fort:{fort.side}-{fort.number}", "fort", fort.side, fort.at, str(fort.strength),
                             f"fort No. {fort.number}"))
        for space, side in cx.control.items():
            # occupation markers (Hex Control and Garrisons, Friendly hexes 4): on captured hexes,
            # not on those a nation brought when joining (rulings R39)
            if cx.start.get(space) != side and game.state.hex(space).occupied:
                out.append(Piece(f"occupied:{space}", "marker", side, space, "", "occupation marker"))
        return out

    def supply_view(self, game) -> dict[str, tuple[set[str], set[str]]]:
        """Per side: (its supplied spaces, its friendly spaces that trace no supply)."""
        cx = self.context(game)
        out = {}
        for side in game.scenario.sides:
            sup = cx.supplied(side)
            mine = cx.friendly_spaces(side)
            out[side] = (sup & mine, mine - sup)
        return out

    def panels(self, game, report) -> list[tuple[str, list[str]]]:
        r = report.as_dict()
        prod = []
        for side, p in r["production"].items():
            spend = f", {p['spendable']} to spend" if p["spendable"] != p["total"] else ""
            left = f", {p['available']} left" if p.get("spent") else ""
            prod.append(f"{side}: {p['total']}{spend}{left}")
        from mapref.rulesets.hitlers_war.build import budget_lines

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

    def menu(self, game, space: str, selected: str | None) -> list[MenuItem]:
        """The right-click menu at ``space``: combat results (greyed, with the reason, outside a
        combat phase: rulings R35), then what the step does here (the end of movement with the
        points lost chosen; building and repairing in the production phase)."""
        from mapref.rulesets.hitlers_war.combat import land_adjacent

        st = game.state
        cx = self.context(game)
        here = [x for x in st.armies if x.at == space]
        has_fort = any(f.at == space for f in st.forts)
        combat = st.phase == "combat"
        why = "" if combat else (f"it is the {st.side} {step_label(st.phase, st.subphase).lower()}: combat results are "
                                 "entered only in a combat phase [Sequence of Play 2; Launching attacks 1]")
        out: list[MenuItem] = []
        sel = st.army(selected.partition(":")[2]) if selected and selected.startswith("army:") else None
        enemy = cx.control.get(space) != st.side or any(x.at == space and x.side != st.side for x in st.armies)
        if sel is not None and sel.side == st.side and sel.at != space and enemy and st.subphase == "amphibious" \
                and sel.points.get("amphibious"):
            # Amphibious invasions (Invasion resolution; Invasion advance 3-4): the players rolled it
            out.append(MenuItem("Invasion succeeded (landing)", Action("invade", {"from": sel.at, "to": space, "army": sel.name})))
            out.append(MenuItem("Invasion failed (amphibious points lost)",
                                Action("invade", {"from": sel.at, "to": space, "army": sel.name, "failed": True})))
        if sel is not None and sel.side == st.side and sel.at != space and enemy and (st.phase, st.subphase) == ("combat", "announce"):
            # Announce initial attacks 1-2: name the attacking army and its target (rulings R60;
            # the check says why a target may not be named)
            out.append(MenuItem(f"Announce {sel.name}'s attack on {space}", Action("announce", {"army": sel.name, "target": space})))
        if sel is not None and sel.side == st.side and sel.at != space and enemy and \
                (land_adjacent(cx, sel.at, space) or cx.graph.kinds_between(sel.at, space)):
            out.append(MenuItem("Advance succeeded (capture)", Action("capture", {"from": sel.at, "to": space, "army": sel.name}),
                                combat, why))
        if here or has_fort:
            a = next((x for x in here if sel is not None and x.name == sel.name), here[0] if here else None)
            fields = [(t, f"{t.replace('_', ' ')} lost (of {n})", "int", 0, None) for t, n in (a.points.items() if a else []) if n]
            if has_fort:
                fields.append(("fort", "fort points lost", "int", 0, None))
            args = {"space": space}
            if a is not None:
                args["army"] = a.name
            out.append(MenuItem("Record losses...", Action("losses", args), combat, why, ask=fields))
        elif enemy and not cx.is_box(space) and not (cx.neutral(space) and space not in cx.control):
            out.append(MenuItem("Garrison destroyed", Action("losses", {"space": space, "garrison": True}), combat, why))
        from mapref.rulesets.hitlers_war.views import place_item

        if st.phase == "setup":
            from mapref.rulesets.hitlers_war.placement import placeable

            for p in st.pools:
                if space in placeable(cx, p.id):
                    item = place_item(cx, p.id, space)
                    if item is not None:
                        out.append(item)
        if st.phase == "movement":
            out += self._movement_menu(game, cx, space)
        if st.phase == "production":
            out += self._production_menu(game, cx, space)
        return out

    def _movement_menu(self, game, cx, space: str) -> list[MenuItem]:
        """Movement: at an over-stacked hex of the phasing side, end the movement phase with the
        owner's choice of the points lost (Stacking 3; the rest by rulings R24)."""
        from mapref.rulesets.hitlers_war.sequence import _overstacked, steps

        st = game.state
        seq = [x for x in steps(game.scenario) if x[0] == "movement"]
        last = (st.phase, st.subphase) == seq[-1]
        over = _overstacked(cx, st.side).get(space)
        if over is None:
            return []
        armies, ground, forts = over
        if ground + forts <= 10:
            return []
        fields = [(t, f"{t.replace('_', ' ')} lost (of {n})", "int", 0, None)
                  for t in POINT_TYPES if t != "tactical_air" and (n := sum(a.points.get(t, 0) for a in armies))]
        if forts:
            fields.append(("fort", f"fort points lost (of {forts})", "int", 0, None))
        why = "" if last else "points over ten are lost at the end of land movement [Stacking 2-3]"
        return [MenuItem(f"End movement, choosing the {ground + forts - 10} points lost here...",
                         Action("advance", {"lose_at": space}), last, why, ask=fields)]

    def _production_menu(self, game, cx, space: str) -> list[MenuItem]:
        """Production: "Build here..." at a space where the phasing side builds (build step),
        "Build shipping, ships, lend-lease..." anywhere (build step), "Repair production here..."
        at a friendly devastated space (repair step).  Each asks its values in one form; the note
        gives the costs and what is left (Building strength points 1-4; Repairing 2-8)."""
        from mapref.rulesets.hitlers_war.build import RECORD_TYPES, cost_of
        from mapref.rulesets.hitlers_war.production import production

        st = game.state
        side = st.side
        p = production(cx, side)
        left = f"{p.available} of {p.spendable} production left"
        out: list[MenuItem] = []
        if st.subphase == "build":
            known = {t: cost_of(cx, side, t) for t in POINT_TYPES + ("fort",)}
            costs = ", ".join(f"{t.replace('_', ' ')} {c}" for t, c in known.items() if c is not None)
            note = f"{left}; costs: {costs or 'none known'} (enter other record-sheet costs with mapref build --cost)"
            if space in p.build_spaces:
                fields = [(t, f"{t.replace('_', ' ')} ({c} each)", "int", 0, None) for t, c in known.items()
                          if c is not None and t != "fort"]
                if known.get("fort") is not None and not cx.is_box(space):
                    fields.append(("fort", f"fort points ({known['fort']} each)", "int", 0, None))
                if cx.is_box(space):
                    names = [a.name for a in st.armies if a.at == space and a.side == side]
                    fields.append(("army", "join army (empty: a new army)", "choice", "", [""] + names))
                out.append(MenuItem("Build here...", Action("build", {"space": space}), True, note, ask=fields))
            elif known.get("fort") is not None and cx.friendly(space, side) and not cx.is_box(space) and cx.is_land(space):
                out.append(MenuItem("Build fort points here...", Action("build", {"space": space}), True, note,
                                    ask=[("fort", f"fort points ({known['fort']} each)", "int", 1, None)]))
            extra = [(k, f"{k.replace('_', ' ')} points ({cost_of(cx, side, k)} each)", "int", 0, None)
                     for k in RECORD_TYPES if cost_of(cx, side, k) is not None]
            ports = [f.name for f in st.fleets if f.side == side and f.in_port]
            if ports:
                extra.append(("ships", "production paid toward capital ships", "int", 0, None))
                extra.append(("fleet", "fleet in port for completed ships", "choice", ports[0], ports))
            if p.lend_lease is not None and p.lend_lease["max"]:
                extra.append(("lend_lease", f"lend-lease to the Soviets (at most {p.lend_lease['max']})", "int", 0, None))
            if extra:
                out.append(MenuItem("Build shipping, ships, lend-lease...", Action("build", {}), True, note, ask=extra))
        elif st.subphase == "repair" and cx.friendly(space, side):
            hs = st.hex(space)
            n = hs.devastated - hs.permanent
            if n > 0:
                note = (f"three production a point; {p.repair_left} of {p.repair_budget} left for repairs "
                        f"(25% of {p.spendable}); {left}")
                out.append(MenuItem("Repair production here...", Action("repair", {"space": space}), True, note,
                                    ask=[("points", f"points to repair (of {n} devastated)", "int", 1, None)]))
        return out

    # ------------------------------------------------------------------------------- CLI
    def verbs(self) -> list[Verb]:
        def points_args(ap):
            for t in POINT_TYPES:
                ap.add_argument(f"--{FLAGS.get(t, t)}", dest=t, type=int, default=0, metavar="N")

        def points_of(args) -> dict:
            return {t: getattr(args, t) for t in POINT_TYPES if getattr(args, t)}

        def move_args(ap):
            ap.add_argument("frm", metavar="FROM")
            ap.add_argument("to", metavar="TO")
            points_args(ap)
            ap.add_argument("--army", default=None, help="the army to move from (where several share a box)")
            ap.add_argument("--fleet", default=None, nargs="?", const="", help="move the fleet in FROM (optionally named)")
            ap.add_argument("--at-sea", action="store_true", help="a fleet moving to a port hex stays at sea there")

        def move_action(args, game) -> Action:
            d: dict = {"from": args.frm, "to": args.to}
            if points_of(args):
                d["points"] = points_of(args)
            if args.army:
                d["army"] = args.army
            if args.fleet is not None:
                d["fleet"] = args.fleet
            if args.at_sea:
                d["at_sea"] = True
            return Action("move", d)

        def set_args(ap):
            ap.add_argument("hex", metavar="HEX", nargs="?", default=None)
            ap.add_argument("--control", choices=("axis", "soviet", "allies", "none"))
            ap.add_argument("--devastated", type=int, default=None, metavar="N")
            ap.add_argument("--nation", default=None, metavar="CODE", help="a country code of the map (fi, it, us...)")
            ap.add_argument("--status", default=None, metavar="STATUS", help="the nation's status: " + ", ".join(STATUSES))
            ap.add_argument("--side", default=None, metavar="SIDE", help="the side it is on or leans to (none: no side); default: unchanged")
            ap.add_argument("--joined", default=None, metavar="TURN",
                            help='the turn it joined its side, "SEASON YEAR" (default: this turn, when it joins one now)')
            ap.add_argument("--army", default=None, metavar="ARMY",
                            help="the Baltic States joining the Axis: the Axis army that takes their two points "
                                 "(Nations inclined toward the Axis 5)")

        def set_action(args, game) -> Action:
            d: dict = {}
            for k, v in (("space", args.hex), ("control", args.control), ("devastated", args.devastated),
                         ("nation", args.nation), ("status", args.status), ("side", args.side), ("joined", args.joined),
                         ("army", args.army)):
                if v is not None:
                    d[k] = v
            return Action("set", d)

        def advance_args(ap):
            ap.add_argument("--roll", type=int, default=None, choices=range(1, 7), metavar="N",
                            help="the die roll that settles a tie for isolated hexes (Determine supply 8)")
            ap.add_argument("--to", default=None, metavar='"[SEASON YEAR] SIDE STEP"',
                            help='end step after step until this one, e.g. "allies production", "spring 1942 allies land" '
                                 "(stops, changing nothing, at a step that cannot end)")
            ap.add_argument("--lose", action="append", default=[], metavar="HEX:TYPE=N[,TYPE=N]",
                            help="at the end of movement: the points the owner eliminates in an over-stacked hex "
                                 "(Stacking 3; types infantry, mechanized, amphibious, para, fort); the rest by rulings R24")

        def advance_action(args, game) -> Action:
            d: dict = {}
            if args.roll is not None:
                d["roll"] = args.roll
            if args.lose:
                d["lose"] = list(args.lose)
            if args.to:
                d["to"] = args.to
            return Action("advance", d)

        def losses_args(ap):
            ap.add_argument("hex", metavar="HEX")
            points_args(ap)
            ap.add_argument("--fort", type=int, default=0, metavar="N", help="fort points lost (enemy assaults only)")
            ap.add_argument("--garrison", action="store_true", help="the garrison of an empty hex is destroyed")
            ap.add_argument("--army", default=None, help="the army losing points (where several share the hex)")
            ap.add_argument("--invader", action="store_true",
                            help="an invading army's losses to one naval fire or defensive assault: at least half "
                                 "amphibious (Naval fire 5; Defensive assault 3)")

        def losses_action(args, game) -> Action:
            d: dict = {"space": args.hex}
            if points_of(args):
                d["points"] = points_of(args)
            if args.fort:
                d["fort"] = args.fort
            if args.garrison:
                d["garrison"] = True
            if getattr(args, "invader", False):
                d["invader"] = True
            if args.army:
                d["army"] = args.army
            return Action("losses", d)

        def capture_args(ap):
            ap.add_argument("frm", metavar="FROM")
            ap.add_argument("to", metavar="TO")
            ap.add_argument("--retreat-to", action="append", default=[], metavar="HEX",
                            help="where the defender retreats the army displaced from TO (repeat, in order, when TO holds several)")
            ap.add_argument("--fleet-to", action="append", default=[], metavar="HEX",
                            help="the port an enemy fleet in port in TO is expelled to (repeat, in order; rulings R52)")
            ap.add_argument("--army", default=None, help="the advancing army (where several share FROM)")

        def capture_action(args, game) -> Action:
            d: dict = {"from": args.frm, "to": args.to}
            if args.retreat_to:
                d["retreat_to"] = list(args.retreat_to)
            if getattr(args, "fleet_to", None):
                d["fleet_to"] = list(args.fleet_to)
            if args.army:
                d["army"] = args.army
            if getattr(args, "para_drop", 0):
                d["para_drop"] = args.para_drop
            return Action("capture", d)

        def place_args(ap):
            ap.add_argument("pool", metavar="POOL", nargs="?", default=None, help="the set-up pool (as the scenario names it)")
            ap.add_argument("hex", metavar="HEX", nargs="?", default=None)
            points_args(ap)
            ap.add_argument("--leader", default=None, help="a leader of the pool, given to the army placed")
            ap.add_argument("--auto", action="store_true", help="place every pool left automatically")

        def place_action(args, game) -> Action:
            if args.auto:
                return Action("place", {"auto": True})
            if not args.pool or not args.hex:
                raise ValueError("give POOL and HEX (and the points), or --auto")
            d: dict = {"pool": args.pool, "space": args.hex}
            if points_of(args):
                d["points"] = points_of(args)
            if args.leader:
                d["leader"] = args.leader
            return Action("place", d)

        def para_args(ap):
            capture_args(ap)
            ap.add_argument("--para-drop", dest="para_drop", type=int, default=0, metavar="N",
                            help="para points dropped in this, the army's first advance (Para-drop 2-5)")

        def invade_args(ap):
            ap.add_argument("frm", metavar="FROM", help="the invading army's coastal hex")
            ap.add_argument("to", metavar="TO", help="the target hex")
            ap.add_argument("--failed", action="store_true", help="the invasion's advance failed (Invasion advance 4)")
            ap.add_argument("--retreat-to", action="append", default=[], metavar="HEX",
                            help="where the defender retreats the army displaced from TO")
            ap.add_argument("--fleet-to", action="append", default=[], metavar="HEX",
                            help="the port an enemy fleet in port in TO is expelled to (repeat, in order; rulings R52)")
            ap.add_argument("--army", default=None, help="the invading army (where several share FROM)")

        def invade_action(args, game) -> Action:
            d: dict = {"from": args.frm, "to": args.to}
            if args.failed:
                d["failed"] = True
            if args.retreat_to:
                d["retreat_to"] = list(args.retreat_to)
            if getattr(args, "fleet_to", None):
                d["fleet_to"] = list(args.fleet_to)
            if args.army:
                d["army"] = args.army
            return Action("invade", d)

        def build_args(ap):
            ap.add_argument("hex", metavar="HEX", nargs="?", default=None, help="where the strength or fort points are placed")
            points_args(ap)
            ap.add_argument("--fort", type=int, default=0, metavar="N", help="fort points (under construction for a season)")
            ap.add_argument("--army", default=None, help="the army in a box the points join, or the new army's name")
            ap.add_argument("--ta-shipping", dest="ta_shipping", type=int, default=0, metavar="N", help="trans-Atlantic shipping points")
            ap.add_argument("--uboats", dest="uboat", type=int, default=0, metavar="N", help="U-boat points (to the U-boat marker in port)")
            ap.add_argument("--asw", type=int, default=0, metavar="N", help="A.S.W. points")
            ap.add_argument("--bombers", dest="bomber", type=int, default=0, metavar="N", help="strategic bomber points")
            ap.add_argument("--ships", type=int, default=0, metavar="P", help="production paid toward capital ship points")
            ap.add_argument("--fleet", default=None, help="the fleet in port that completed ship points join")
            ap.add_argument("--lend-lease", dest="lend_lease", type=int, default=0, metavar="N",
                            help="Allies: production points given to the Soviets (Lend-Lease)")
            ap.add_argument("--cost", action="append", default=[], metavar="TYPE=N",
                            help="record the record sheet's cost of a type (costs the rulebook does not state)")

        def build_action(args, game) -> Action:
            d: dict = {}
            if args.hex:
                d["space"] = args.hex
            if points_of(args):
                d["points"] = points_of(args)
            for k in ("fort", "ta_shipping", "uboat", "asw", "bomber", "ships", "lend_lease"):
                if getattr(args, k):
                    d[k] = getattr(args, k)
            for k in ("army", "fleet"):
                if getattr(args, k):
                    d[k] = getattr(args, k)
            if args.cost:
                d["cost"] = {k: v for item in args.cost for k, v in parse_costs(item).items()}
            return Action("build", d)

        def repair_args(ap):
            ap.add_argument("hex", metavar="HEX")
            ap.add_argument("points", metavar="N", type=int, nargs="?", default=1, help="devastated points to repair (default 1)")

        return [
            Verb("place", "place strength from a set-up pool (set-up phase); exit 1 with the rule when illegal",
                 "Place strength points of a set-up pool in a hex or box of its area (Prepare for Play 3; Stacking 1-2, 6), "
                 "or --auto: every pool left, as new-game --auto-place does.", place_args, place_action, check_only=True),
            Verb("move", "check a move of strength points (or a fleet) and apply it; exit 1 with the rule when illegal",
                 "Check a move and apply it (Movement 1-5; Sea Movement).", move_args, move_action, check_only=True),
            Verb("set", "a referee's correction of the board (a hex's control or devastation) or record of a nation's status",
                 "Correct the board (a hex's control or devastation), or record a nation joining a side, surrendering... "
                 "(--nation CODE --status STATUS [--side SIDE]).", set_args, set_action),
            Verb("advance", "end the current phase, applying what the rules apply at its end, and save",
                 "End the current step of the sequence of play.", advance_args, advance_action),
            Verb("losses", "record the losses a player chose after an assault (combat phase); exit 1 with the rule when impossible",
                 "Record the strength points the owner removes after an assault (Assault resolution 5-8; Effect of forts "
                 "on combat 2; Air superiority 1).", losses_args, losses_action),
            Verb("capture", "record a successful advance the players rolled: the army moves in, defenders retreat; exit 1 with the rule when illegal",
                 "Record a successful advance from FROM into TO (Advance resolution 2-13; Off-map combat; Effect of forts "
                 "on combat 4).", para_args, capture_action, check_only=True),
            Verb("invade", "record an amphibious invasion the players resolved: the army lands (or, --failed, loses its amphibious points); exit 1 with the rule when illegal",
                 "Record an amphibious invasion from FROM into TO in the resolve amphibious assaults step (Invasion "
                 "procedure 1-8; Invasion advance 1-5; Naval fire 2-4).", invade_args, invade_action, check_only=True),
            Verb("surrender", "apply a nation's surrender the players rolled (or whose conditions hold) with all it does; vichy: the Axis dissolves Vichy France",
                 "Apply a surrender (War for Europe, Surrender: France 2-7, Italy 2-4, Rumania and Bulgaria 3-4, Finland 3-4, "
                 "Great Britain 3-5, Germany, Soviet Union; National morale chart); NATION 'vichy': Vichy France 5.",
                 lambda ap: (ap.add_argument("nation", metavar="NATION", help="a country code (fr, it, gb, fi, ge, su...), ro+bg, or vichy"),
                             ap.add_argument("--free-french", dest="free_french", type=int, default=0, metavar="N",
                                             help="France: the infantry points whose roll was 1 or 2 (Surrender, France 4)"),
                             ap.add_argument("--refused", action="store_true",
                                             help="su: the Axis refuses the Soviet surrender; it is never offered again "
                                                  "(Surrender, Soviet Union 4)")),
                 lambda args, game: Action("surrender", {"nation": args.nation, **({"free_french": args.free_french} if args.free_french else {}),
                                                         **({"refused": True} if args.refused else {})}),
                 check_only=True),
            Verb("announce", "name an army and the hex it attacks, in the announce step; once any is named only named armies attack (rulings R60)",
                 "Announce an initial attack (Announce initial attacks 1-4; Launching attacks 5): once the side has "
                 "announced, an army not named may not attack this combat phase and a named army's initial advance "
                 "goes into its named hex.",
                 lambda ap: (ap.add_argument("army", metavar="ARMY", help="the attacking army's name"),
                             ap.add_argument("target", metavar="HEX", help="the hex it attacks (adjacent; may be friendly)")),
                 lambda args, game: Action("announce", {"army": args.army, "target": args.target}),
                 check_only=True),
            Verb("naval", "record a naval battle the players rolled (each fleet's losses) or an evasion: the larger fleet stays at sea, the smaller returns to port",
                 "Record a naval battle in the resolve amphibious assaults step (Naval battle resolution 2-5) or an "
                 "evasion (Attacking enemy fleets 3-4; rulings R59).",
                 lambda ap: (ap.add_argument("attacker", metavar="ATTACKER", help="the attacking fleet's name"),
                             ap.add_argument("defender", metavar="DEFENDER", help="the defending fleet's name"),
                             ap.add_argument("--attacker-losses", dest="attacker_losses", type=int, default=0, metavar="N"),
                             ap.add_argument("--defender-losses", dest="defender_losses", type=int, default=0, metavar="N"),
                             ap.add_argument("--evaded", action="store_true", help="the defender evaded (the players' roll)"),
                             ap.add_argument("--loser-to", dest="loser_to", default=None, metavar="PORT",
                                             help="the friendly port on the same sea the beaten fleet returns to")),
                 lambda args, game: Action("naval", {"attacker": args.attacker, "defender": args.defender,
                                                     "attacker_losses": args.attacker_losses,
                                                     "defender_losses": args.defender_losses,
                                                     **({"evaded": True} if args.evaded else {}),
                                                     **({"loser_to": args.loser_to} if args.loser_to else {})}),
                 check_only=True),
            Verb("build", "spend the phasing side's production on new strength points, forts, shipping, lend-lease (production: build step)",
                 "Build in the production phase (Building strength points 1-6; Stacking 5; Fortifications, Production; "
                 "Trans-Atlantic shipping 3-4; Lend-Lease 1-5; Allied Supply and Production 1; The United States 3; "
                 "France: Activity limitations 1-2; Partial Ship Builds).", build_args, build_action, check_only=True),
            Verb("repair", "repair devastated production of the phasing side: three production a point, at most 25% of production (production: repair step)",
                 "Repair devastated production (Repairing devastated production 2-8; Siberian production 2, 5).", repair_args,
                 lambda args, game: Action("repair", {"space": args.hex, "points": args.points}), check_only=True),
        ] + vpcheck.verbs()


RULESET = HitlersWar()
