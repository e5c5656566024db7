"""The ``mapref`` command.

``mapref [FILE]`` opens the application; ``mapref COMMAND ...`` runs one of the commands below.
Errors print one line each and exit 1; nothing prints a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from mapref.io.problems import FileProblems

COMMANDS = {}


def command(name: str, help: str):
    def deco(fn):
        COMMANDS[name] = (fn, help)
        return fn

    return deco


class UserError(Exception):
    """A problem to show the user in one line, without a traceback."""


class ArgumentParser(argparse.ArgumentParser):
    """argparse, but a usage error is one line and exit status 1 like every other error."""

    def error(self, message: str):  # type: ignore[override]
        raise UserError(f"{self.prog}: {message} (see {self.prog} --help)")


def _load_map(path: str):
    from mapref.core.model import MapModel
    from mapref.io.anyfile import load_any

    kind, obj = load_any(path)
    if isinstance(obj, MapModel):
        return obj
    m = getattr(obj, "map", None)
    if isinstance(m, MapModel):
        return m
    raise UserError(f"{path}: a {kind} file has no map to show")


# ------------------------------------------------------------------------------- commands
@command("check", "validate maps, scenarios and saved games; one line per problem")
def cmd_check(argv: list[str]) -> int:
    ap = ArgumentParser(prog="mapref check", description="Validate maps, scenarios and saved games.")
    ap.add_argument("files", nargs="+", metavar="FILE")
    args = ap.parse_args(argv)
    from mapref.io.anyfile import load_any

    bad = 0
    for f in args.files:
        try:
            kind, obj = load_any(f)
        except FileProblems as e:
            bad += 1
            for p in e.problems:
                print(p)
            continue
        extra = []
        checker = getattr(obj, "check", None)
        if callable(checker):
            extra = checker()
        if extra:
            bad += 1
            for p in extra:
                print(p)
        else:
            print(f"{f}: ok ({kind})")
    return 1 if bad else 0


@command("info", "summary of a map (grid, counts, countries, production); --json for the whole model")
def cmd_info(argv: list[str]) -> int:
    ap = ArgumentParser(prog="mapref info", description="Summarise a map; --json dumps the whole model.")
    ap.add_argument("file", metavar="FILE")
    ap.add_argument("--json", action="store_true", help="the whole model as JSON (see docs/format.md)")
    args = ap.parse_args(argv)
    from mapref.io.jsonview import map_to_json, summary

    m = _load_map(args.file)
    if args.json:
        json.dump(map_to_json(m), sys.stdout, indent=1, ensure_ascii=False)
        print()
    else:
        print(summary(m))
    return 0


@command("render", "draw a map to a PNG")
def cmd_render(argv: list[str]) -> int:
    ap = ArgumentParser(prog="mapref render", description="Draw a map (and a game's units) to an image.")
    ap.add_argument("file", metavar="FILE")
    ap.add_argument("-o", "--output", required=True, metavar="OUT.png")
    ap.add_argument("--size", type=float, default=None, metavar="RADIUS",
                    help="hex radius in pixels, 4-1000 (default: the map's hex_size, at least 24); the image is at most 40 megapixels")
    ap.add_argument("--game", default=None, metavar="GAME", help="a saved game whose units and supply to draw")
    args = ap.parse_args(argv)
    from mapref.render.png import MAX_SIZE, MIN_SIZE, ImageTooBig, check_image_size, render_map

    if args.size is not None and not MIN_SIZE <= args.size <= MAX_SIZE:
        raise UserError(f"--size {args.size:g}: expected a hex radius from {MIN_SIZE:g} to {MAX_SIZE:g} pixels")
    m = _load_map(args.file)
    try:
        check_image_size(m, args.size)
    except ImageTooBig as e:
        raise UserError(f"{args.file}: {e}") from None
    overlay = None
    if args.game:
        from mapref.render.game_overlay import overlay_for  # added with the referee

        overlay = overlay_for(args.game, m)
    try:
        img = render_map(m, args.output, size=args.size, overlay=overlay)
    except (OSError, ValueError) as e:
        raise UserError(f"{args.output}: cannot write the image: {e}") from None
    print(f"{args.output}: {img.width}x{img.height} pixels")
    return 0


@command("new-game", "start a game from a scenario's set-up; --auto-place places its free pools")
def cmd_new_game(argv: list[str]) -> int:
    ap = ArgumentParser(prog="mapref new-game", description="Start a game from a scenario's set-up.")
    ap.add_argument("scenario", metavar="SCENARIO", help="a scenario file or a shipped scenario name (barbarossa...)")
    ap.add_argument("-o", "--output", required=True, metavar="GAME.toml")
    ap.add_argument("--auto-place", action="store_true", help="place the set-up's free pools legally")
    args = ap.parse_args(argv)
    import os

    from mapref.io.gamefile import find_map, find_scenario, load_scenario, save_game
    from mapref.io.mapfile import load_map
    from mapref.rules.hitlers_war.setup import new_game

    sc_path = find_scenario(args.scenario)
    if not sc_path.exists():
        raise UserError(f"{args.scenario}: no such scenario file or shipped scenario")
    sc = load_scenario(sc_path, str(sc_path) if sc_path.name != f"{args.scenario}.toml" or os.sep in args.scenario else args.scenario)
    m_path = find_map(sc.map, sc_path.parent)
    m = load_map(m_path, str(m_path))
    out_dir = Path(args.output).resolve().parent
    shipped = args.scenario == sc_path.stem and os.sep not in args.scenario and not args.scenario.endswith(".toml")
    sc_ref = args.scenario if shipped else os.path.relpath(sc_path.resolve(), out_dir)
    map_ref = sc.map if (shipped and not sc.map.endswith(".toml")) else os.path.relpath(m_path.resolve(), out_dir)
    st = new_game(m, sc, scenario_ref=sc_ref, map_ref=map_ref, auto_place=args.auto_place)
    try:
        save_game(st, args.output)
    except OSError as e:
        raise UserError(f"{args.output}: cannot write: {e.strerror}") from None
    left = sum(sum(p.points.values()) for p in st.pools)
    print(f"{args.output}: {sc.name}, {st.turn}, {len(st.armies)} armies" + (f", {left} points still to place" if left else ""))
    return 0


@command("referee", "the referee's report on a saved game: violations, production; --json")
def cmd_referee(argv: list[str]) -> int:
    ap = ArgumentParser(prog="mapref referee", description="Check a saved game against its scenario's rules.")
    ap.add_argument("game", metavar="GAME.toml")
    ap.add_argument("--json", action="store_true", help="the report as JSON (see docs/format.md)")
    args = ap.parse_args(argv)
    from mapref.io.gamefile import load_game_bundle
    from mapref.rules.hitlers_war.consistency import consistency_problems
    from mapref.rules.referee import referee, report_text

    game = load_game_bundle(args.game)
    problems = consistency_problems(game.map, game.scenario, game.state)
    if problems:
        for p in problems:
            print(f"{args.game}: {p}", file=sys.stderr)
        return 1
    report = referee(game.map, game.scenario, game.state)
    if args.json:
        json.dump(report.as_dict(), sys.stdout, indent=1, ensure_ascii=False)
        print()
    else:
        print(report_text(report))
    return 1 if report.violations else 0


def _game_for_change(path: str):
    from mapref.io.gamefile import load_game_bundle
    from mapref.rules.hitlers_war.consistency import consistency_problems

    game = load_game_bundle(path)
    problems = consistency_problems(game.map, game.scenario, game.state)
    if problems:
        raise UserError(f"{path}: {problems[0]}")
    return game


def _save(game, path: str) -> None:
    from mapref.io.gamefile import save_game

    try:
        save_game(game.state, path)
    except OSError as e:
        raise UserError(f"{path}: cannot write: {e.strerror}") from None


def _space(game, text: str) -> str:
    from mapref.rules.hitlers_war.common import Context

    t = text.strip()
    if t.lower().startswith("box:"):
        t = "box:" + t[4:].lower()
    elif t.lower() in game.map.boxes:
        t = "box:" + t.lower()
    else:
        t = t.upper()
    if not Context(game.map, game.scenario, game.state).exists(t):
        raise UserError(f"{text}: not a hex or box of the map")
    return t


@command("move", "check a move of strength points (or a fleet) and apply it; exit 1 with the rule when illegal")
def cmd_move(argv: list[str]) -> int:
    ap = ArgumentParser(prog="mapref move", description="Check a move and apply it (Movement 1-5; Sea Movement).")
    ap.add_argument("game", metavar="GAME.toml")
    ap.add_argument("frm", metavar="FROM")
    ap.add_argument("to", metavar="TO")
    from mapref.rules.state import POINT_TYPES

    for t in POINT_TYPES:
        flag = {"tactical_air": "air"}.get(t, t)
        ap.add_argument(f"--{flag}", dest=t, type=int, default=0, metavar="N")
    ap.add_argument("--army", default=None, help="the army to move from (where several share a box)")
    ap.add_argument("--fleet", default=None, nargs="?", const="", help="move the fleet in FROM (optionally named)")
    ap.add_argument("--at-sea", action="store_true", help="a fleet moving to a port hex stays at sea there")
    ap.add_argument("--check", action="store_true", help="only check; do not apply")
    args = ap.parse_args(argv)
    from mapref.rules.commands import apply
    from mapref.rules.hitlers_war.common import Context
    from mapref.rules.hitlers_war.movement import check_fleet_move, check_move

    game = _game_for_change(args.game)
    frm, to = _space(game, args.frm), _space(game, args.to)
    cx = Context(game.map, game.scenario, game.state)
    has_army = any(a.at == frm and a.side == game.state.side for a in game.state.armies)
    if args.fleet is not None or (not has_army and any(f.at == frm for f in game.state.fleets)):
        r = check_fleet_move(cx, frm, to, fleet=args.fleet or None, at_sea=args.at_sea)
    else:
        pts = {t: getattr(args, t) for t in POINT_TYPES if getattr(args, t)}
        r = check_move(cx, frm, to, pts or None, army=args.army)
    if not r.ok:
        print(f"mapref: illegal move {frm} -> {to}: {r.reason} [{r.rule}]", file=sys.stderr)
        return 1
    what = r.fleet or f"{sum(r.points.values())} points of {r.army}"
    print(f"{what}: {frm} -> {to} by {' '.join(r.route)}")
    if not args.check:
        apply(game.state, r.commands)
        _save(game, args.game)
    return 0


@command("set", "a referee's correction of the board (a hex's control or devastation) or record of a nation's status")
def cmd_set(argv: list[str]) -> int:
    ap = ArgumentParser(prog="mapref set", description="Correct the board (a hex's control or devastation), or record "
                        "a nation joining a side, surrendering... (--nation CODE --status STATUS [--side SIDE]).")
    ap.add_argument("game", metavar="GAME.toml")
    ap.add_argument("hex", metavar="HEX", nargs="?", default=None)
    ap.add_argument("--control", choices=("axis", "soviet", "allies", "none"))
    ap.add_argument("--devastated", type=int, default=None, metavar="N")
    ap.add_argument("--nation", default=None, metavar="CODE", help="a country code of the map (fi, it, us...)")
    ap.add_argument("--status", default=None, metavar="STATUS",
                    help="the nation's status: at_war, at_peace, unaligned, inclined, surrendered or neutral")
    ap.add_argument("--side", default=None, metavar="SIDE", help="the side it is on or leans to (none: no side); default: unchanged")
    ap.add_argument("--joined", default=None, metavar="TURN",
                    help='the turn it joined its side, "SEASON YEAR" (default: this turn, when it joins one now)')
    args = ap.parse_args(argv)
    if args.nation is not None or args.status is not None or args.side is not None or args.joined is not None:
        return _set_nation(args)
    from mapref.rules.commands import SetHex, SetTurn, apply
    from mapref.rules.hitlers_war.common import Context
    from mapref.rules.hitlers_war.victory import victory

    if args.hex is None:
        raise UserError("nothing to set: give HEX --control SIDE / --devastated N, or --nation CODE --status STATUS")
    game = _game_for_change(args.game)
    space = _space(game, args.hex)
    if args.control is None and args.devastated is None:
        raise UserError("nothing to set: give --control SIDE or --devastated N")
    cx = Context(game.map, game.scenario, game.state)
    if args.devastated is not None and not 0 <= args.devastated <= max(cx.production(space), 12):
        raise UserError(f"{space}: --devastated must be between 0 and its production ({cx.production(space)})")
    if args.control not in (None, "none") and args.control not in game.scenario.sides:
        raise UserError(f"{args.control} is not a side of {game.scenario.id}")
    apply(game.state, [SetHex(space=space, control=args.control, devastated=args.devastated,
                              occupied=None if args.control is None else args.control != "none")])
    v = victory(Context(game.map, game.scenario, game.state))
    msg = f"{space}: " + ", ".join(x for x in (f"control {args.control}" if args.control else "",
                                              f"devastated {args.devastated}" if args.devastated is not None else "") if x)
    if v and v.get("immediate") and game.state.phase != "over":
        apply(game.state, [SetTurn(phase="over", subphase="")])
        msg += f"; game over: {v['winner']} wins ({v['condition']}) [{v['rule']}]"
    _save(game, args.game)
    print(msg)
    return 0


def _set_nation(args) -> int:
    """``mapref set GAME --nation CODE --status STATUS [--side SIDE] [--joined TURN]`` (rulings R39)."""
    from mapref.rules.hitlers_war.common import Context
    from mapref.rules.hitlers_war.nations import KEEP, check_nation
    from mapref.rules.state import Turn

    if args.hex is not None or args.control is not None or args.devastated is not None:
        raise UserError("a hex and a nation are set separately: give either HEX --control/--devastated or --nation")
    if args.nation is None or args.status is None:
        raise UserError("a nation's record needs --nation CODE and --status STATUS")
    try:
        joined = Turn.parse(args.joined) if args.joined is not None else None
    except ValueError as e:
        raise UserError(f"--joined {args.joined!r}: {e}") from None
    side = KEEP if args.side is None else (None if args.side.lower() == "none" else args.side.lower())
    game = _game_for_change(args.game)
    r = check_nation(Context(game.map, game.scenario, game.state), args.nation, args.status.strip().lower(), side, joined)
    if not r.ok:
        raise UserError(f"cannot set nation {args.nation}: {r.reason}" + (f" [{r.rule}]" if r.rule else ""))
    return _apply_result(game, args.game, r)


def _apply_result(game, path: str, r) -> int:
    """Apply a combat result (mapref.rules.hitlers_war.combat), end the game on an immediate
    victory (rulings R32), save, and print what it did."""
    from mapref.rules.commands import apply
    from mapref.rules.hitlers_war.combat import victory_commands

    apply(game.state, r.commands)
    vc, vmsg = victory_commands(game.map, game.scenario, game.state)
    apply(game.state, vc)
    _save(game, path)
    for line in r.messages + ([vmsg] if vmsg else []):
        print(line)
    return 0


@command("losses", "record the losses a player chose after an assault (combat phase); exit 1 with the rule when impossible")
def cmd_losses(argv: list[str]) -> int:
    ap = ArgumentParser(prog="mapref losses", description="Record the strength points the owner removes after an assault "
                        "(Assault resolution 5-8; Effect of forts on combat 2; Air superiority 1).")
    ap.add_argument("game", metavar="GAME.toml")
    ap.add_argument("hex", metavar="HEX")
    from mapref.rules.state import POINT_TYPES

    for t in POINT_TYPES:
        flag = {"tactical_air": "air"}.get(t, t)
        ap.add_argument(f"--{flag}", dest=t, type=int, default=0, metavar="N")
    ap.add_argument("--fort", type=int, default=0, metavar="N", help="fort points lost (enemy assaults only)")
    ap.add_argument("--garrison", action="store_true", help="the garrison of an empty hex is destroyed")
    ap.add_argument("--army", default=None, help="the army losing points (where several share the hex)")
    args = ap.parse_args(argv)
    from mapref.rules.hitlers_war.combat import check_losses
    from mapref.rules.hitlers_war.common import Context

    game = _game_for_change(args.game)
    space = _space(game, args.hex)
    pts = {t: getattr(args, t) for t in POINT_TYPES if getattr(args, t)}
    r = check_losses(Context(game.map, game.scenario, game.state), space, pts, fort=args.fort,
                     garrison=args.garrison, army=args.army)
    if not r.ok:
        raise UserError(f"impossible losses in {space}: {r.reason} [{r.rule}]")
    return _apply_result(game, args.game, r)


@command("capture", "record a successful advance the players rolled: the army moves in, defenders retreat; exit 1 with the rule when illegal")
def cmd_capture(argv: list[str]) -> int:
    ap = ArgumentParser(prog="mapref capture", description="Record a successful advance from FROM into TO "
                        "(Advance resolution 2-13; Off-map combat; Effect of forts on combat 4).")
    ap.add_argument("game", metavar="GAME.toml")
    ap.add_argument("frm", metavar="FROM")
    ap.add_argument("to", metavar="TO")
    ap.add_argument("--retreat-to", action="append", default=[], metavar="HEX",
                    help="where the defender retreats the army displaced from TO (repeat, in order, when TO holds several)")
    ap.add_argument("--army", default=None, help="the advancing army (where several share FROM)")
    ap.add_argument("--check", action="store_true", help="only check; do not apply")
    args = ap.parse_args(argv)
    from mapref.rules.hitlers_war.combat import check_capture
    from mapref.rules.hitlers_war.common import Context

    game = _game_for_change(args.game)
    frm, to = _space(game, args.frm), _space(game, args.to)
    retreats = [_space(game, x) for x in args.retreat_to]
    r = check_capture(Context(game.map, game.scenario, game.state), frm, to, retreats, army=args.army)
    if not r.ok:
        raise UserError(f"illegal advance {frm} -> {to}: {r.reason} [{r.rule}]")
    if args.check:
        for line in r.messages:
            print(line)
        return 0
    return _apply_result(game, args.game, r)


@command("advance", "end the current phase, applying what the rules apply at its end, and save")
def cmd_advance(argv: list[str]) -> int:
    ap = ArgumentParser(prog="mapref advance", description="End the current step of the sequence of play.")
    ap.add_argument("game", metavar="GAME.toml")
    ap.add_argument("--roll", type=int, default=None, choices=range(1, 7), metavar="N",
                    help="the die roll that settles a tie for isolated hexes (Determine supply 8)")
    args = ap.parse_args(argv)
    from mapref.rules.commands import apply
    from mapref.rules.hitlers_war.sequence import advance

    game = _game_for_change(args.game)
    r = advance(game.map, game.scenario, game.state, roll=args.roll)
    if r.error:
        raise UserError(f"{args.game}: {r.error}")
    apply(game.state, r.commands)
    _save(game, args.game)
    for line in r.messages:
        print(line)
    return 0


def _open_app(argv: list[str]) -> int:
    ap = ArgumentParser(prog="mapref", description="Hex and area map editor and referee for WW2 board wargames.",
                        epilog="commands: " + "; ".join(f"{k}: {v[1]}" for k, v in COMMANDS.items()))
    ap.add_argument("file", nargs="?", metavar="FILE", help="a map (opens the editor), a scenario or a saved game (opens the referee); default: the Hitler's War map with the Barbarossa set-up")
    args = ap.parse_args(argv)
    if args.file:
        _load_map(args.file)  # report problems in one line each before any window opens
    from mapref.ui.app import run

    return run(args.file)


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        if argv and argv[0] in COMMANDS:
            return COMMANDS[argv[0]][0](argv[1:])
        return _open_app(argv)
    except FileProblems as e:
        for p in e.problems:
            print(p, file=sys.stderr)
        return 1
    except UserError as e:
        print(f"mapref: {e}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # output piped into head, say
        sys.stderr.close()
        return 0
    except Exception as e:  # an internal error: one line, and the details in a log file
        log = _log_internal_error()
        print(f"mapref: internal error: {type(e).__name__}: {e} (details in {log})", file=sys.stderr)
        return 2


def _log_internal_error() -> str:
    """Append the traceback being handled to the per-user error log (mapref.errorlog: never
    through a link, never someone else's file); return what to tell the user. Never raises."""
    try:
        import traceback

        from mapref.errorlog import append, describe
        from mapref.io.problems import escape

        return escape(describe(*append(traceback.format_exc())))
    except Exception:  # noqa: BLE001 - reporting an error must not raise another
        return "an error log that could not be written"
