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
    ap.add_argument("--size", type=float, default=None, help="hex radius in pixels (default: the map's hex_size, at least 24)")
    ap.add_argument("--game", default=None, metavar="GAME", help="a saved game whose units and supply to draw")
    args = ap.parse_args(argv)
    from mapref.render.png import render_map

    m = _load_map(args.file)
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
    import tempfile
    import traceback

    path = Path(tempfile.gettempdir()) / "mapref-error.log"
    with open(path, "a", encoding="utf-8") as f:
        traceback.print_exc(file=f)
    return str(path)
