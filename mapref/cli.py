"""The ``mapref`` command.

``mapref [FILE]`` opens the application; ``mapref COMMAND ...`` runs one of the commands below.
Errors print one line each and exit 1; nothing prints a traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import json
import os
import re
import sys
from pathlib import Path

COMMANDS = {}


def command(name: str, help: str):
    def deco(fn):
        COMMANDS[name] = (fn, help)
        return fn

    return deco


class UserError(Exception):
    """A problem to show the user in one line, without a traceback."""


def _columns() -> int:
    """The terminal's width as ``shutil.get_terminal_size().columns`` gives it (COLUMNS, else the
    terminal of standard output, else 80), without importing shutil (and bz2, lzma) at every start:
    argparse asks it for each parser it makes (issue 34)."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


class _HelpFormatter(argparse.HelpFormatter):
    """argparse's help, never breaking a word at its hyphen (the verb ``home-forces``)."""

    def __init__(self, prog, indent_increment=2, max_help_position=24, width=None):
        super().__init__(prog, indent_increment, max_help_position, _columns() - 2 if width is None else width)

    def _split_lines(self, text, width):
        import textwrap

        return textwrap.wrap(self._whitespace_matcher.sub(" ", text).strip(), width, break_on_hyphens=False)

    def _fill_text(self, text, width, indent):
        import textwrap

        return textwrap.fill(
            self._whitespace_matcher.sub(" ", text).strip(),
            width,
            initial_indent=indent,
            subsequent_indent=indent,
            break_on_hyphens=False,
        )


class ArgumentParser(argparse.ArgumentParser):
    """argparse, but a usage error is one line and exit status 1 like every other error; help
    words are not broken at their hyphens."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("formatter_class", _HelpFormatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str):  # type: ignore[override]
        raise UserError(f"{self.prog}: {message} (see {self.prog} --help)")


def _load_map(path: str):
    """The map a file shows: a map file's own, a scenario's or a saved game's."""
    return _open_map(path)[1]


def _open_map(path: str):
    """(the file's kind, the map it shows)."""
    from mapref.rules.files import open_file

    kind, obj = open_file(path)
    m = getattr(obj, "map", obj) if kind in ("hex", "area") else getattr(obj, "map", None)
    if m is not None:
        return kind, m
    raise UserError(f"{path}: a {kind} file has no map to show")


FORCE_HELP = "replace the file -o names when it exists (the old one is kept as NAME.bak)"


def _output(path: str, force: bool, *inputs: str | os.PathLike[str] | None, hint: str = ""):
    """The file a command writes (``-o``), checked before any work against the one policy of
    every writing command (:mod:`mapref.io.output`: a file there is replaced only with
    ``--force``, its old version kept as NAME.bak; never a file the command reads, ``inputs``
    or any read while it runs): a :class:`mapref.io.output.Output` to :func:`_write`."""
    from mapref.io.output import Output, OutputRefused

    try:
        out = Output(path, force, tuple(os.fspath(i) for i in inputs if i), hint).check()
    except OutputRefused as e:
        raise UserError(str(e)) from None
    if out.replaces:
        _not_in_a_window(path)  # --force never replaces a game a window plays
    return out


def _check(out) -> None:
    """:func:`_output`'s check again, now that every file the command reads has been read."""
    from mapref.io.output import OutputRefused

    try:
        out.check()
    except OutputRefused as e:
        raise UserError(str(e)) from None


def _write(out, data: str | bytes, what: str = "") -> None:
    """Write a command's output (:func:`_output`) atomically, or one line saying why not."""
    from mapref.io.output import OutputRefused

    try:
        out.check()
        if out.replaces:
            _not_in_a_window(out.path)
        out.write(data)
    except OutputRefused as e:
        raise UserError(str(e)) from None
    except OSError as e:
        raise UserError(f"{out.path}: cannot write{what}: {e.strerror or e}") from None


# ------------------------------------------------------------------------------- commands
@command("check", "validate maps, scenarios and saved games; the editor's lint as warnings (--strict: warnings fail)")
def cmd_check(argv: list[str]) -> int:
    ap = ArgumentParser(
        prog="mapref check",
        description="Validate maps, scenarios and saved games: every error (exit 1), and "
        "for a map the problems the editor's problems panel lists, as warning lines FILE:LINE:COL: warning: "
        "MESSAGE [CODE] and notes (exit 0 unless --strict).",
    )
    ap.add_argument("files", nargs="+", metavar="FILE")
    ap.add_argument("--strict", action="store_true", help="warnings fail too (exit 1); notes never do")
    args = ap.parse_args(argv)
    from mapref.io.lintlines import hex_lint
    from mapref.io.problems import FileProblems, read_source
    from mapref.rules import registry
    from mapref.rules.files import open_file

    bad = 0
    for f in args.files:
        try:
            kind, obj = open_file(f)
        except FileProblems as e:
            bad += 1
            for p in e.problems:
                print(p)
            continue
        extra = []
        checker = getattr(obj, "check", None)
        if callable(checker):
            extra = checker()
        lints = []
        if kind == "area":
            lints = [x for x in obj.lint_lines() if x.level != "error"]  # errors: check() above, from the same lint
        elif kind == "hex":
            lints = hex_lint(obj, read_source(f, f).decode("utf-8"), f, registry.independent_allegiances())
        for p in extra:
            print(p)
        for x in lints:
            print(x.text)
        told = getattr(obj, "warnings", None)  # a scenario's end conditions that can disagree (rulings V17)
        told = told() if callable(told) else []
        for w in told:
            print(w)
        warnings = sum(1 for x in lints if x.level == "warning") + len(told)
        if extra or (warnings and args.strict):
            bad += 1
        else:
            print(f"{f}: ok ({kind})" + (f", {warnings} warning{'s' if warnings != 1 else ''}" if warnings else ""))
    return 1 if bad else 0


@command("info", "summary of a map (grid, counts, countries, production); --json for the whole model")
def cmd_info(argv: list[str]) -> int:
    ap = ArgumentParser(prog="mapref info", description="Summarise a map; --json dumps the whole model.")
    ap.add_argument("file", metavar="FILE")
    ap.add_argument("--json", action="store_true", help="the whole model as JSON (see docs/format.md)")
    args = ap.parse_args(argv)
    from mapref.io.jsonview import map_to_json, summary

    m = _load_map(args.file)
    if getattr(m, "kind", "") == "area":
        from mapref.io.areajson import area_summary as summary, area_to_json as map_to_json
    if args.json:
        data = map_to_json(m)
        text = json.dumps(data, ensure_ascii=False)  # the C encoder: a 100,000-hex map in a second or two
        if len(text) < 4_000_000:  # indented for reading, where that is quick (Python's encoder does it)
            text = json.dumps(data, indent=1, ensure_ascii=False)
        print(text)
    else:
        print(summary(m))
    return 0


@command("render", "draw a map to a PNG")
def cmd_render(argv: list[str]) -> int:
    ap = ArgumentParser(prog="mapref render", description="Draw a map (and a game's units) to an image.")
    ap.add_argument("file", metavar="FILE")
    ap.add_argument("-o", "--output", required=True, metavar="OUT.png")
    ap.add_argument(
        "--size",
        type=float,
        default=None,
        metavar="RADIUS",
        help="hex radius in pixels, 4-1000 (default: the map's hex_size, at least 24, smaller for a map too big to "
        "draw at that within 40 megapixels); the image is at most 40 megapixels; for an area map, the image's width in pixels, 200-8000 (default 1600)",
    )
    ap.add_argument("--game", default=None, metavar="GAME", help="a saved game whose units and supply to draw")
    ap.add_argument("--force", action="store_true", help=FORCE_HELP)
    args = ap.parse_args(argv)
    from mapref.render.png import MAX_SIZE, MIN_SIZE, ImageTooBig, check_image_size, encode_image, render_map

    out = _output(args.output, args.force, args.file, args.game)
    kind, m = _open_map(args.file)
    game = args.game
    if game is None and kind == "game":
        game = args.file  # a saved game renders its position
    if getattr(m, "kind", "") == "area":
        from mapref.render.area_png import MAX_WIDTH, MIN_WIDTH, render_area

        if args.size is not None and not MIN_WIDTH <= args.size <= MAX_WIDTH:
            raise UserError(
                f"--size {args.size:g}: for an area map, expected an image width from {MIN_WIDTH} to {MAX_WIDTH} pixels"
            )
        overlay = None
        if game:
            from mapref.render.game_overlay import area_overlay_for_session

            overlay = area_overlay_for_session(_open_session(game), m)
        try:
            img = render_area(m, None, width=int(args.size) if args.size else None, overlay=overlay)
        except ImageTooBig as e:  # as a hex map's: the image would pass the bound every map has
            raise UserError(f"{args.file}: {e}") from None
        _write_image(out, img, encode_image)
        return 0
    if args.size is not None and not MIN_SIZE <= args.size <= MAX_SIZE:
        raise UserError(f"--size {args.size:g}: expected a hex radius from {MIN_SIZE:g} to {MAX_SIZE:g} pixels")
    try:
        check_image_size(m, args.size)
    except ImageTooBig as e:
        raise UserError(f"{args.file}: {e}") from None
    overlay = None
    if game:
        from mapref.render.game_overlay import overlay_for_session

        overlay = overlay_for_session(_open_session(game), m)
    _write_image(out, render_map(m, None, size=args.size, overlay=overlay), encode_image)
    return 0


def _write_image(out, img, encode) -> None:
    _check(out)
    try:
        data = encode(img, out.path)
    except (OSError, ValueError) as e:
        raise UserError(f"{out.path}: cannot write the image: {e}") from None
    _write(out, data, " the image")
    print(f"{out.path}: {img.width}x{img.height} pixels")


@command(
    "import-areas", "an area map from a GeoJSON file: a location per feature, land lines proposed from shared borders"
)
def cmd_import_areas(argv: list[str]) -> int:
    ap = ArgumentParser(
        prog="mapref import-areas",
        description="Make an area map from the polygons of a GeoJSON file: one "
        "location per feature (multi-polygons kept), and a proposed land line between every two locations "
        "that share a border (accept or delete them in the editor).",
    )
    ap.add_argument("geojson", metavar="FILE.geojson")
    ap.add_argument("-o", "--output", required=True, metavar="MAP.toml")
    ap.add_argument(
        "--name-property",
        default="name",
        metavar="NAME",
        help="the feature property that names a location (default: name)",
    )
    ap.add_argument("--force", action="store_true", help=FORCE_HELP)
    args = ap.parse_args(argv)
    from mapref.io.geojson_import import import_areas

    out = _output(args.output, args.force, args.geojson)
    m, notes = import_areas(args.geojson, args.output, args.name_property, write=lambda _path, text: _write(out, text))
    for n in notes:
        print(f"{args.geojson}: {n}", file=sys.stderr)
    print(
        f"{args.output}: {len(m.locations)} locations, {len(m.lines)} proposed land lines (accept or delete them in the editor)"
    )
    return 0


def _importing_game() -> str:
    """The game ``import-triplea --scenario`` writes for when no ``--ruleset`` says: the one
    installed game whose ruleset makes scenarios from imported maps."""
    from mapref.rules import registry

    found = registry.importers()
    if len(found) == 1:
        return found[0]
    if not found:
        raise UserError("--scenario: no installed game makes a scenario from an imported map")
    raise UserError(
        f"--scenario: several games make a scenario from an imported map: give --ruleset ({', '.join(found)})"
    )


def _triplea_scenario(args, m, game, placed: dict[str, str]) -> tuple[str, list[str]]:
    """``import-triplea --scenario``: the scenario's text for ``--ruleset`` (or the one game that
    makes scenarios from imported maps) and its notes; a UserError when it would not pass check."""
    from mapref.core.board import board_for
    from mapref.rules import registry

    if args.ruleset is None:
        args.ruleset = _importing_game()
    try:
        rs = registry.get(args.ruleset)
    except registry.UnknownRuleset:
        raise UserError(f"--ruleset {args.ruleset}: no such game (known: {', '.join(registry.names())})") from None
    map_ref = os.path.relpath(Path(args.output).resolve(), Path(args.scenario).resolve().parent)
    try:
        got = rs.import_scenario(game, board_for(m), map_ref, placed)
    except ValueError as e:
        raise UserError(f"{game.file}: no {rs.title} scenario: {e}; nothing written") from None
    if got is None:
        raise UserError(f"--ruleset {args.ruleset}: {rs.title} makes no scenario from an imported map")
    scenario, notes = got
    import tomllib

    from mapref.io.problems import FileProblems as Problems

    try:  # never write a scenario mapref check refuses
        sc = rs.read_scenario(tomllib.loads(scenario), scenario, args.scenario)
        wrong = rs.scenario_problems(board_for(m), sc)
    except Problems as e:
        wrong = [str(p) for p in e.problems]
    if wrong:
        raise UserError(f"{args.mapdir}: the scenario made would not pass mapref check ({wrong[0]}); nothing written")
    return scenario, notes


@command(
    "import-triplea",
    "an area map from a TripleA map: territories, sea zones, connections, production, capitals, "
    "victory cities; owners and units to a scenario",
)
def cmd_import_triplea(argv: list[str]) -> int:
    ap = ArgumentParser(
        prog="mapref import-triplea",
        description="Make an area map from a TripleA map folder (map/polygons.txt, "
        "map/centers.txt, map/games/*.xml), or the zip file TripleA downloads: every territory a location (sea zones as sea locations) with its "
        "production, capital and victory city, every connection a move line (land, naval, or coastal); with "
        "--scenario, the game's owners, units, resources and wars as a scenario (area control: the Axis & Allies "
        "house rules).",
    )
    ap.add_argument(
        "mapdir",
        metavar="MAPDIR",
        help="the TripleA map folder (the one holding map/, map/ itself, or a folder with "
        "one map somewhere below it), or its zip file",
    )
    ap.add_argument("--game", default=None, metavar="FILE.xml", help="the game file (default: the one in map/games/)")
    ap.add_argument("-o", "--output", required=True, metavar="MAP.toml")
    ap.add_argument("--scenario", default=None, metavar="OUT.toml", help="also write a scenario of the game's set-up")
    ap.add_argument(
        "--ruleset",
        default=None,
        metavar="NAME",
        help="the game the scenario is for (default: the one installed game that makes scenarios from imported maps)",
    )
    ap.add_argument(
        "--force",
        action="store_true",
        help="replace the map or scenario file when it exists (the old one is kept as NAME.bak)",
    )
    ap.add_argument(
        "--city",
        action="append",
        default=[],
        metavar="NAME=TERRITORY",
        help="the territory that holds a city the scenario's rules name, where the import does not find it "
        "(e.g. --city Rome=southern_europe: a territory's name or its location id; repeat)",
    )
    args = ap.parse_args(argv)
    from mapref.core.arealint import lint_area
    from mapref.io.areafile import dumps_area_map
    from mapref.io.triplea import import_triplea

    if args.scenario and Path(args.scenario).resolve() == Path(args.output).resolve():
        raise UserError(f"{args.scenario}: the scenario and the map need two files")
    if args.city and not args.scenario:
        raise UserError("--city places a city for the scenario: give --scenario OUT.toml too")
    out = _output(args.output, args.force, args.mapdir, args.game)
    sc_out = _output(args.scenario, args.force, args.mapdir, args.game) if args.scenario else None
    m, game, notes = import_triplea(args.mapdir, args.game)
    placed = {name: _triplea_territory(game, name, where) for name, where in (_city_arg(c) for c in args.city)}
    problems = [p for p in lint_area(m) if p.level != "note"]
    bad = [p for p in problems if p.is_error]
    if bad:  # never write a map mapref check refuses
        raise UserError(
            f"{args.mapdir}: the imported map would not pass mapref check ({bad[0].message}); nothing written"
        )
    notes += [f"warning (mapref check --strict would fail): {p.message} [{p.code}]" for p in problems]
    scenario = None
    if args.scenario:
        scenario, more = _triplea_scenario(args, m, game, placed)
        notes += more
    _check(out)  # (every file of the TripleA map is read by now: none is written over)
    if sc_out is not None:
        _check(sc_out)
    _write(out, dumps_area_map(m))
    if scenario is not None and sc_out is not None:
        _write(sc_out, scenario)
    for n in notes:
        print(f"{args.mapdir}: {n}", file=sys.stderr)
    land = sum(1 for loc in m.locations.values() if not loc.attrs.get("sea"))
    print(
        f"{args.output}: {len(m.locations)} locations ({land} land, {len(m.locations) - land} sea), {len(m.boxes)} boxes, "
        f"{len(m.lines)} move lines from {len(game.connections) + len(game.duplicates)} connections"
        + (f"; scenario {args.scenario}" if scenario is not None else "")
    )
    return 0


def _city_arg(text: str) -> tuple[str, str]:
    name, eq, where = text.partition("=")
    if not eq or not name.strip() or not where.strip():
        raise UserError(f"--city {text}: expected NAME=TERRITORY (e.g. --city Rome=southern_europe)")
    return name.strip(), where.strip()


def _triplea_territory(game, name: str, where: str) -> str:
    """The land territory of the TripleA game that ``where`` names (its name, any case and
    punctuation, or its location id on the imported map)."""
    import difflib

    def norm(t: str) -> str:
        return re.sub(r"[^0-9a-z]", "", t.lower())

    land = [t for t, water in game.territories.items() if not water]
    for t in land:
        if where in (t, game.ids.get(t)) or norm(where) == norm(t):
            return t
    close = difflib.get_close_matches(where, land + [game.ids[t] for t in land if t in game.ids], n=1, cutoff=0.6)
    raise UserError(
        f"--city {name}={where}: no land territory {where!r} in {game.file}"
        + (f' (did you mean "{close[0]}"?)' if close else "")
    )


@command("new-map", "a new blank area map: its page size, a lon/lat projection or none, an image to trace under it")
def cmd_new_map(argv: list[str]) -> int:
    ap = ArgumentParser(
        prog="mapref new-map",
        description="Start a new area map: a blank page to draw locations on in the "
        "editor (mapref MAP.toml). Hex maps are started in the editor (File > New map); an area map traced "
        "from a picture of its borders is made by mapref trace-areas.",
    )
    ap.add_argument("--area", action="store_true", help="an area map (the only kind made here; the default)")
    ap.add_argument("-o", "--output", required=True, metavar="MAP.toml")
    ap.add_argument("--name", default=None, help="the map's name (default: from the file name)")
    ap.add_argument(
        "--width",
        type=float,
        default=None,
        metavar="W",
        help="the page's width in map units (default 1000, or the underlay's width in pixels)",
    )
    ap.add_argument(
        "--height",
        type=float,
        default=None,
        metavar="H",
        help="the page's height (default: 700, or in the proportion of the underlay or of the width)",
    )
    ap.add_argument(
        "--projection",
        default=None,
        metavar="LON0,LAT0[,SCALE[,PARALLEL]]",
        help="a lon/lat projection: the top-left corner, map units a degree of latitude (default 20), the "
        "parallel of true scale (default LAT0); for drawing from real coordinates",
    )
    ap.add_argument(
        "--underlay",
        default=None,
        metavar="IMAGE",
        help="an image (a scan of the board) laid under the map to trace over, scaled to the page's width",
    )
    ap.add_argument("--force", action="store_true", help=FORCE_HELP)
    args = ap.parse_args(argv)
    from mapref.core.areamodel import new_area_map
    from mapref.io.areafile import dumps_area_map

    output = _output(args.output, args.force, args.underlay)
    out = Path(args.output)
    projection = None
    if args.projection is not None:
        try:
            nums = [float(x) for x in args.projection.split(",")]
        except ValueError:
            nums = []
        if not 2 <= len(nums) <= 4:
            raise UserError(
                f"--projection {args.projection}: expected LON0,LAT0[,SCALE[,PARALLEL]], such as -12,71,20,50"
            )
        projection = dict(
            zip(("lon0", "lat0", "scale", "parallel"), nums, strict=False)
        )  # the last two may be left out
        projection.setdefault("scale", 20.0)
    underlay = size = None
    if args.underlay is not None:
        grey = _grey_image(args.underlay)  # checks it is an image mapref reads
        size = (grey.shape[1], grey.shape[0])
        underlay = os.path.relpath(Path(args.underlay).resolve(), out.resolve().parent)
    try:
        m = new_area_map(
            args.name if args.name is not None else out.stem.replace("_", " "),
            args.width,
            args.height,
            projection,
            underlay,
            size,
        )
    except ValueError as e:
        raise UserError(str(e)) from None
    _write(output, dumps_area_map(m))
    print(
        f"{args.output}: a blank area map, page {m.page[0]:g} x {m.page[1]:g}"
        + (", projected" if m.geo else "")
        + (f", underlay {underlay}" if underlay else "")
        + f" (open it: mapref {args.output})"
    )
    return 0


MAX_TRACE_PIXELS = 40_000_000  # a 7,700 x 5,000 scan; the tracing holds a few numbers per pixel


def _grey_image(path: str, colour: bool = False):
    """An image file as a grey numpy array (what :mod:`mapref.core.areatrace` reads), or one
    line; ``colour``: (grey, the image in RGB)."""
    import warnings

    import numpy as np
    from PIL import Image, UnidentifiedImageError

    from mapref.io.problems import BROKEN_IMAGE_ERRORS, FileProblems, read_source

    try:
        read_source(path, path)  # a regular file, not too big to read (one line otherwise)
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(path) as img:
                if img.width * img.height > MAX_TRACE_PIXELS:
                    raise UserError(
                        f"{path}: {img.width}x{img.height} pixels is more than mapref traces "
                        f"({MAX_TRACE_PIXELS // 1_000_000} megapixels): scale it down first"
                    )
                grey = np.asarray(img.convert("L"))
                return (grey, np.asarray(img.convert("RGB"))) if colour else grey
    except FileProblems as e:
        raise UserError(str(e.problems[0])) from None
    except (UnidentifiedImageError, Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise UserError(f"{path}: not an image mapref can read (PNG, JPEG, GIF, BMP, TIFF...)") from None
    except BROKEN_IMAGE_ERRORS as e:  # a damaged image (Pillow's SyntaxError for a broken PNG chunk...)
        raise UserError(f"{path}: cannot read the image: {getattr(e, 'strerror', None) or e}") from None
    except MemoryError:  # within MAX_TRACE_PIXELS: a damaged chunk claiming gigabytes (Pillow reads it at once)
        raise UserError(
            f"{path}: cannot read the image: its data claims more memory than there is (damaged?)"
        ) from None


@command(
    "trace-areas",
    "an area map from a border image: every enclosed region a location, shared borders exact, land lines proposed",
)
def cmd_trace_areas(argv: list[str]) -> int:
    ap = ArgumentParser(
        prog="mapref trace-areas",
        description="Make an area map from a picture of borders (a scan or a "
        "drawing): every region enclosed by dark border lines becomes a location whose outline follows "
        "the border's centre line, neighbours share their vertices exactly, and a land line is proposed "
        "between every two that share a border. The image becomes the map's tracing background; map "
        "units are its pixels.",
    )
    ap.add_argument("image", metavar="IMAGE")
    ap.add_argument("-o", "--output", required=True, metavar="MAP.toml")
    ap.add_argument(
        "--threshold",
        type=int,
        default=None,
        metavar="N",
        help="grey level 1-255 below which a pixel is border (default: chosen from the image: Otsu's method, or "
        "half way between the border lines and the darkest fill where a fill is darker than that, as a TripleA "
        "board's seas)",
    )
    ap.add_argument(
        "--min-area",
        type=float,
        default=None,
        metavar="PX",
        help="the smallest region in pixels (default 16, or 1/20000 of the image if more); smaller ones "
        "are taken as part of the border",
    )
    ap.add_argument(
        "--tolerance",
        type=float,
        default=None,
        metavar="PX",
        help="how far in pixels a simplified outline may stray from the traced one (default 2; 0 keeps "
        "every pixel step)",
    )
    ap.add_argument("--name", default=None, help="the map's name (default: from the image's file name)")
    ap.add_argument("--force", action="store_true", help=FORCE_HELP)
    args = ap.parse_args(argv)
    if args.threshold is not None and not 1 <= args.threshold <= 255:
        raise UserError(f"--threshold {args.threshold}: expected a grey level from 1 to 255")
    if args.min_area is not None and not args.min_area >= 1:
        raise UserError(f"--min-area {args.min_area:g}: expected a number of pixels, 1 or more")
    if args.tolerance is not None and not 0 <= args.tolerance <= 100:
        raise UserError(f"--tolerance {args.tolerance:g}: expected pixels from 0 to 100")
    from mapref.core.areatrace import TOLERANCE, sea_regions, trace_image, traced_map
    from mapref.io.areafile import dumps_area_map

    output = _output(args.output, args.force, args.image)
    grey, rgb = _grey_image(args.image, colour=True)
    t = trace_image(
        grey,
        threshold=args.threshold,
        min_area=args.min_area,
        tolerance=TOLERANCE if args.tolerance is None else args.tolerance,
    )
    if not t.regions:
        raise UserError(
            f"{args.image}: no region enclosed by border lines darker than grey {t.threshold} "
            "(try another --threshold, or a lower --min-area)"
        )
    out_dir = Path(args.output).resolve().parent
    image_ref = os.path.relpath(Path(args.image).resolve(), out_dir)
    seas = sea_regions(t, rgb)  # the regions in the sea's colour are proposed as sea zones
    m = traced_map(
        t,
        name=args.name if args.name is not None else Path(args.image).stem.replace("_", " "),
        image=image_ref,
        seas=seas,
    )
    from mapref.core.arealint import lint_area

    bad = [p for p in lint_area(m) if p.is_error]
    if bad:  # never write a map mapref check refuses
        raise UserError(f"{args.image}: the traced map would not pass mapref check ({bad[0].message}); nothing written")
    _write(output, dumps_area_map(m))
    lines = sum(1 for ln in m.lines.values() if ln.proposed)
    print(
        f"{args.output}: {len(m.locations)} locations"
        + (f" ({len(seas)} of them sea zones)" if seas else "")
        + f", {lines} proposed {'lines' if seas else 'land lines'} (border darker than grey {t.threshold}; "
        "accept or delete the lines in the editor)"
    )
    return 0


@command("new-game", "start a game from a scenario's set-up; --auto-place places its free pools")
def cmd_new_game(argv: list[str]) -> int:
    ap = ArgumentParser(prog="mapref new-game", description="Start a game from a scenario's set-up.")
    ap.add_argument("scenario", metavar="SCENARIO", help="a scenario file or a shipped scenario name (barbarossa...)")
    ap.add_argument("-o", "--output", required=True, metavar="GAME.toml")
    ap.add_argument("--auto-place", action="store_true", help="place the set-up's free pools legally")
    ap.add_argument(
        "--force",
        action="store_true",
        help="replace GAME.toml even when it holds a game (the old one is kept as NAME.bak)",
    )
    args = ap.parse_args(argv)
    import os

    from mapref.rules.files import (
        NotReadable,
        dumps_game,
        exists,
        find_scenario,
        new_game,
        save_game,
        scenario_with_map,
    )

    sc_path = find_scenario(args.scenario)
    if not exists(sc_path):
        from mapref.io.problems import clip

        raise UserError(f"{clip(args.scenario, 100)}: no such scenario file or shipped scenario")
    checked = scenario_with_map(sc_path, str(sc_path)).check()
    if checked:  # a game made from a scenario `mapref check` refuses would not load again
        for line in checked:
            print(line, file=sys.stderr)
        return 1
    out = Path(args.output)
    if exists(out) and out.resolve() == sc_path.resolve():
        raise UserError(f"{args.output}: that is the scenario itself; give another file for the game")
    out_dir = out.resolve().parent
    shipped = args.scenario == sc_path.stem and os.sep not in args.scenario and not args.scenario.endswith(".toml")
    sc_ref = args.scenario if shipped else os.path.relpath(sc_path.resolve(), out_dir)
    from mapref.rules.files import find_map, load_scenario

    sc = load_scenario(sc_path, str(sc_path) if not shipped else args.scenario)
    m_path = find_map(sc.map, sc_path.parent)
    map_ref = sc.map if (shipped and not sc.map.endswith(".toml")) else os.path.relpath(m_path.resolve(), out_dir)
    game = new_game(
        sc_path,
        scenario_ref=sc_ref,
        map_ref=map_ref,
        auto_place=args.auto_place,
        shown=str(sc_path) if not shipped else args.scenario,
    )
    same = False
    if exists(out) and not args.force:
        try:
            same = out.read_text(encoding="utf-8") == dumps_game(game)
        except (OSError, UnicodeDecodeError):
            same = False
    output = _output(args.output, args.force or same, sc_path, hint="a game in progress?")
    try:
        save_game(game, args.output, backup=output.replaces and not same)
    except NotReadable as e:
        raise UserError(str(e)) from None
    except OSError as e:
        raise UserError(f"{args.output}: cannot write: {e.strerror}") from None
    print(f"{args.output}: " + ", ".join([game.scenario.name, *game.ruleset.summary(game)]))
    return 0


def _open_session(path: str):
    """A saved game ready for a change or a drawing: loaded, its files consistent with each
    other.  A caller that changes it holds the game's lock (:func:`_lock`) from loading to
    saving."""
    from mapref.rules.session import open_game

    s = open_game(path)
    problems = s.game.check()  # what `mapref check` refuses, as the window's open_for_play does
    if problems:
        raise UserError(problems[0])
    return s


def _save(s, path: str) -> None:
    """Save a changed game (the success line is printed after this returns)."""
    from mapref.io.atomic import ChangedOnDisk

    from mapref.rules.files import NotReadable

    try:
        s.save(path)
    except NotReadable as e:
        raise UserError(str(e)) from None
    except ChangedOnDisk:
        raise UserError(
            f"{path}: changed on disk since it was read (another mapref or an editor); "
            "nothing written: run the command again"
        ) from None
    except OSError as e:
        raise UserError(f"{path}: cannot write: {e.strerror}") from None


@contextlib.contextmanager
def _lock(path: str):
    """The game file's lock, held while a command reads, changes and saves it: two commands on
    one game run one after the other, and neither loses the other's change.  Yields None when it
    is held.  A game that cannot be read says why (no such file, a folder...); for one that can
    but whose lock cannot be taken (a lock file that is a folder, a folder nobody may write) it
    yields the refusal, which a command that changes the game raises before doing anything, and
    one that only reads (``--check``) may pass over.  A command that changes the game also asks
    that no window plays it (:func:`_not_in_a_window`)."""
    from mapref.io.atomic import Locked, file_lock
    from mapref.io.problems import read_source

    held = file_lock(path, wait=60)
    try:
        held.__enter__()
    except Locked as e:
        raise UserError(f"{path}: {e.strerror}") from None
    except (OSError, ValueError) as e:
        read_source(path, path)  # a game that cannot be read: its own message
        why = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
        yield (
            f"{path}: cannot take its lock ({why}: {getattr(e, 'filename', '') or 'the lock file'}); "
            "nothing done, so that no other command's change is lost"
        )
        return
    try:
        yield None
    finally:
        held.__exit__(None, None, None)


def _not_in_a_window(path: str) -> None:
    """A command does not change a game a referee's window plays (the window would find its game
    changed under it, its unsaved actions no longer fitting): it says which process has it."""
    from mapref.rules.journal import window_holder

    who = window_holder(path)
    if who is not None:
        raise UserError(
            f"{path}: open in a mapref window ({f'process {who}' if who else 'another process'}); nothing done: "
            "make the change there, or close the game there first"
        )


@command("referee", "the referee's report on a saved game: violations, production; --json")
def cmd_referee(argv: list[str]) -> int:
    ap = ArgumentParser(prog="mapref referee", description="Check a saved game against its scenario's rules.")
    ap.add_argument("game", metavar="GAME.toml")
    ap.add_argument("--json", action="store_true", help="the report as JSON (see docs/format.md)")
    args = ap.parse_args(argv)
    from mapref.io.problems import collector_paused
    from mapref.rules.session import open_game

    # reading a big map makes hundreds of thousands of objects, none of them garbage: the
    # collector walked each at least twice (about 7% of the 300x300 benchmark game, issue 34)
    with collector_paused():
        s = open_game(args.game)
        problems = s.ruleset.state_problems(s.board, s.scenario, s.state)
        if problems:
            for p in problems:
                print(f"{args.game}: {p}", file=sys.stderr)
            return 1
        report = s.report()
    if args.json:
        from mapref.io.jsonout import dumps_indented

        # json.dump's text (indent 1) in one write: its indenting encoder is pure Python (issue 34)
        sys.stdout.write(dumps_indented(report.as_dict()) + "\n")
    else:
        print(report.text())
    return 1 if report.violations else 0


@command("export-html", "the position as one self-contained web page: the map, supply on tap, the log")
def cmd_export_html(argv: list[str]) -> int:
    ap = ArgumentParser(
        prog="mapref export-html",
        description="Write a game's position as one web page that any browser "
        "opens, with nothing to fetch: the map with the pieces (tap one for its supply line or the spaces "
        "that cut it, tap a space for what it holds, the supply view on and off), the turn, production, "
        "victory and the log. A scenario gives its opening position.",
    )
    ap.add_argument("game", metavar="GAME.toml")
    ap.add_argument("-o", "--output", required=True, metavar="POSITION.html")
    ap.add_argument("--force", action="store_true", help=FORCE_HELP)
    args = ap.parse_args(argv)
    from mapref.render.replay import export_html
    from mapref.rules.files import open_file

    out = _output(args.output, args.force, args.game)
    kind, _obj = open_file(args.game)
    if kind == "game":
        s = _open_session(args.game)
    elif kind == "scenario":
        from mapref.rules.session import start_game

        s = start_game(args.game)
    else:
        raise UserError(
            f"{args.game}: a {kind} file, not a saved game or a scenario (mapref new-game SCENARIO -o GAME.toml)"
        )
    page = export_html(s)
    _write(out, page)
    print(f"{args.output}: {len(page.encode('utf-8')) / 1024:.0f} KB, {s.position().get('title', '')}")
    return 0


@command("serve", "share a saved game with the table: its position page over HTTP, live and read-only")
def cmd_serve(argv: list[str]) -> int:
    ap = ArgumentParser(
        prog="mapref serve",
        description="Serve a saved game's position page (the page mapref export-html writes, with its "
        "replay of the log) over HTTP, and keep every page that has it open up to date: an action "
        "taken with mapref VERB GAME.toml, or in a window that has the game open, reaches them within "
        "a second. Read-only. The first line printed is the page's address, a random token in it; "
        "a request without the token is refused. Ctrl+C stops. docs/sharing.md says what it exposes.",
    )
    ap.add_argument("game", metavar="GAME.toml")
    ap.add_argument(
        "--network",
        action="store_true",
        help="let the devices of the local network open it (else this computer only: the loopback address)",
    )
    ap.add_argument("--port", type=int, default=0, help="the port to listen on (default: a free one)")
    ap.add_argument("--qr", action="store_true", help="also print the address as a QR code")
    args = ap.parse_args(argv)
    if not 0 <= args.port <= 65535:
        raise UserError(f"--port: expected a port from 0 to 65535, got {args.port}")
    from mapref.serve import serve_file

    try:
        return serve_file(args.game, network=args.network, port=args.port, qr=args.qr, out=sys.stdout, err=sys.stderr)
    except OSError as e:
        raise UserError(f"cannot serve on port {args.port or 'any'}: {e.strerror or e}") from None


@command("scenarios", "the shipped scenarios: id, name, ruleset, map and first turn; --json")
def cmd_scenarios(argv: list[str]) -> int:
    ap = ArgumentParser(prog="mapref scenarios", description="List the shipped scenarios.")
    ap.add_argument("--json", action="store_true", help="as JSON: a list of {id, name, ruleset, map, first_turn, file}")
    args = ap.parse_args(argv)
    from mapref.rules.files import shipped_scenarios

    rows, problems = shipped_scenarios()
    for problem in problems:
        print(problem, file=sys.stderr)
    rows = [{k: v for k, v in r.items() if k != "path"} for r in rows]
    if args.json:
        json.dump(rows, sys.stdout, indent=1, ensure_ascii=False)
        print()
    else:
        w = max((len(r["id"]) for r in rows), default=2)
        for r in rows:
            print(f"{r['id']:{w}}  {r['name']} ({r['ruleset_title']}; map {r['map']}; first turn {r['first_turn']})")
    return 0


@command("log", "a saved game's log: every action in order, with its step and rule")
def cmd_log(argv: list[str]) -> int:
    ap = ArgumentParser(prog="mapref log", description="Print a saved game's log, oldest first.")
    ap.add_argument("game", metavar="GAME.toml")
    ap.add_argument(
        "--json", action="store_true", help="the log as JSON (each entry as in the file, without undo data)"
    )
    args = ap.parse_args(argv)
    from mapref.rules.files import load_game

    game = load_game(args.game)
    if args.json:
        entries = [{k: v for k, v in e.as_data().items() if k != "undo"} for e in game.log]
        json.dump(entries, sys.stdout, indent=1, ensure_ascii=False)
        print()
        return 0
    if not game.log:
        print(f"{args.game}: no actions logged yet")
    for e in game.log:
        print(e.line())
    return 0


@command("undo", "take back the last action of a saved game's log")
def cmd_undo(argv: list[str]) -> int:
    ap = ArgumentParser(prog="mapref undo", description="Take back the last action of a saved game's log, and save.")
    ap.add_argument("game", metavar="GAME.toml")
    args = ap.parse_args(argv)
    with _lock(args.game) as unlocked:
        if unlocked:
            raise UserError(unlocked)
        _not_in_a_window(args.game)
        s = _open_session(args.game)
        try:
            e = s.undo()
        except ValueError as x:  # a log entry that cannot take its action back
            raise UserError(f"{args.game}: {x}") from None
        if e is None:
            raise UserError(f"{args.game}: nothing to undo (the game's log is empty)")
        _save(s, args.game)
    print(f"undone: {e.line()}")
    return 0


# ----------------------------------------------------------------------- the game verbs
# Each game's verbs, their options and help come from its moves table (Ruleset.moves:
# mapref.rules.ruleset.Move and Arg); ``mapref VERB GAME.toml ...`` checks the action the
# arguments make with the game's ruleset and applies it.
def _add_argument(ap: argparse.ArgumentParser, a) -> None:
    """The command-line option (or positional argument) of a move's argument ``a``."""
    kw: dict = {}
    if a.help:
        kw["help"] = a.help
    if a.metavar:
        kw["metavar"] = a.metavar
    if a.type == "bool":
        kw["action"] = "store_true"
    else:
        if a.type == "list":
            if a.flag:
                kw.update(action="append", default=[])
            else:
                kw["nargs"] = "+" if a.required else "*"
        else:
            kw["default"] = a.default
        if a.type == "int":
            kw["type"] = int
        if a.choices:
            kw["choices"] = a.choices
        if a.nargs is not None:
            kw["nargs"] = a.nargs
        if a.const is not None:
            kw["const"] = a.const
    if a.flag:
        ap.add_argument(a.flag, dest=a.name, required=a.required, **kw)
    else:
        if not a.required and "nargs" not in kw and a.type != "bool":
            kw["nargs"] = "?"
        ap.add_argument(a.name, **kw)


def _verb_action(move, ns) -> dict:
    """The action's arguments from the parsed command line: each argument given (or kept), put
    where its name says, converted as the table says."""
    from mapref.rules.ruleset import put

    d: dict = {}
    for a in move.args:
        v = getattr(ns, a.name)
        if (
            a.type == "int"
            and isinstance(v, int)
            and not isinstance(v, bool)
            and ((a.min is not None and v < a.min) or (a.max is not None and v > a.max))
        ):
            what = (
                f"from {a.min} to {a.max}"
                if a.min is not None and a.max is not None
                else f"of at least {a.min}"
                if a.min is not None
                else f"of at most {a.max}"
            )
            raise UserError(f"mapref {move.name}: {a.flag or a.metavar or a.name} {v}: expected a number {what}")
        default = list(a.default) if a.type == "list" else a.default
        if v is None or (not a.keep and type(v) is type(default) and v == default):
            continue
        try:
            put(d, a.name, a.convert(v) if a.convert else v)
        except ValueError as e:
            raise UserError(str(e)) from None
    if move.finish is not None:
        try:
            d = move.finish(d)
        except ValueError as e:
            raise UserError(str(e)) from None
    return d


def _verb_parser(move, title: str = "") -> ArgumentParser:
    ap = ArgumentParser(
        prog=f"mapref {move.name}", description=(f"{title}: " if title else "") + (move.description or move.help)
    )
    ap.add_argument("game", metavar="GAME.toml")
    for a in move.args:
        _add_argument(ap, a)
    if move.cli_check:
        ap.add_argument("--check", action="store_true", help="only check; do not apply")
    ap.add_argument(
        "--ruleset", metavar="NAME", help="the game this verb is of (the saved game says it; with --help: its options)"
    )
    return ap


def _locator(move) -> ArgumentParser:
    """A parser that finds, in a verb's command line, what is needed before the game is read: the
    saved game, ``--ruleset``, ``--check`` and ``--help``.  It knows how many values each of the
    move's options takes (so ``--army "Army Group North" GAME`` finds GAME) and checks nothing
    else: the game's own parser (:func:`_verb_parser`) does, once the game says which it is."""
    ap = ArgumentParser(prog=f"mapref {move.name}", add_help=False)
    ap.add_argument("-h", "--help", action="store_true")
    ap.add_argument("--ruleset")
    ap.add_argument("game", nargs="?")
    ap.add_argument("rest", nargs="*")
    if move.cli_check:
        ap.add_argument("--check", action="store_true")
    for a in move.args:
        if not a.flag:
            continue
        if a.type == "bool":
            ap.add_argument(a.flag, dest=a.name, action="store_true")
        elif a.type == "list":
            ap.add_argument(a.flag, dest=a.name, action="append", nargs=a.nargs)
        else:
            ap.add_argument(a.flag, dest=a.name, nargs=a.nargs, const=a.const)
    return ap


def _locate(argv: list[str], having) -> argparse.Namespace:
    """The game, ``--ruleset``, ``--check`` and ``--help`` of a verb's command line, as the
    options of the first game with the verb that knows them all read it (:func:`_locator`)."""
    first = None
    for _r, m in having:
        try:
            ns, extras = _locator(m).parse_known_intermixed_args(argv)
        except UserError:
            continue
        if not any(x.startswith("-") for x in extras):
            return ns
        first = first or ns
    if first is None:  # no game's options read it: the first game's parser says why
        _locator(having[0][1]).parse_intermixed_args(argv)
    return first


def _game_first(argv: list[str]) -> str | None:
    """The saved game when it comes first (``mapref VERB GAME ...``, ``--ruleset NAME`` before
    it or not) and is a file: then only that game's moves table is read (docs/performance.md)."""
    ap = ArgumentParser(prog="mapref", add_help=False)
    ap.add_argument("--ruleset")
    ap.add_argument("game")
    ap.add_argument("rest", nargs=argparse.REMAINDER)
    try:
        ns, extras = ap.parse_known_args(argv)
    except UserError:
        return None
    return ns.game if not extras and os.path.isfile(ns.game) else None


def _having(name: str) -> list[tuple[str, object]]:
    """(ruleset, its move) for every ruleset with the verb ``name``."""
    from mapref.rules import registry

    out = []
    for r in registry.names():
        m = next((x for x in registry.moves(r) if x.name == name), None)
        if m is not None:
            out.append((r, m))
    return out


def _game_verb(name: str, argv: list[str]) -> int:
    """``mapref VERB GAME ...``: a game verb of the ruleset that referees GAME; argparse reads the
    whole command line, options before GAME included.  Without GAME, ``--help`` lists every game
    that has the verb with its options (``--ruleset NAME``: that game's only).  A word that is
    no game's verb is what ``mapref WORD ...`` says (:func:`_open_app`)."""
    from mapref.rules import registry

    game_path = _game_first(argv)
    if game_path is not None:
        return _run_verb(name, argv, game_path)
    having = _having(name)
    if not having:
        return _open_app([name, *argv])
    loc = _locate(argv, having)
    if loc.ruleset is not None:
        games = ", ".join(r for r, _ in having)
        having = [(r, m) for r, m in having if r == loc.ruleset]
        if not having:
            from mapref.io.problems import clip

            raise UserError(f"mapref {name}: {clip(loc.ruleset, 60)} has no {name!r} (the games with it: {games})")
    if loc.game is None:  # the help: every game's table (with a game, only its own is read)
        if loc.help and len(having) > 1:
            print(_verbs_help(name, having))
            return 0
        if len(having) == 1:
            r, m = having[0]
            _verb_parser(m, registry.title(r)).parse_intermixed_args(argv)  # says what is missing, or the help
        raise UserError(f"mapref {name}: give the saved game (see mapref {name} --help)")
    return _run_verb(name, argv, loc.game)


def _verbs_help(name: str, having) -> str:
    """``mapref VERB --help`` for a verb of several games: each game's options."""
    from mapref.rules import registry

    out = [
        f"usage: mapref {name} GAME.toml ...",
        "",
        f"{name!r} is a verb of {len(having)} games; the saved game says which.  One game's options only: "
        f"mapref {name} --ruleset NAME --help.",
        "",
    ]
    for r, m in having:
        out.append(f"{registry.title(r)} (--ruleset {r}):")
        out += ["  " + line if line else "" for line in _verb_parser(m, registry.title(r)).format_help().splitlines()]
        out.append("")
    return "\n".join(out).rstrip()


CHECK_ONLY = "check only, nothing changed: the rules allow it"


def _run_verb(name: str, argv: list[str], game_path: str) -> int:
    """The verb ``name`` on the saved game ``game_path``, its command line read by the game's own
    parser, under the game's lock (a verb that only checks, ``--check``, goes on without it where
    it cannot be taken)."""
    from mapref.rules.ruleset import Action

    with _lock(game_path) as unlocked:
        s = _open_session(game_path)
        move = next((m for m in s.ruleset.moves() if m.name == name), None)
        if move is None:
            if name not in _verb_names():  # no game's verb: what `mapref WORD FILE` says
                return _open_app([name, *argv])
            names = ", ".join(m.name for m in s.ruleset.moves())
            raise UserError(f"{game_path}: {s.ruleset.title} has no '{name}' (its verbs: {names})")
        ns = _verb_parser(move, s.ruleset.title).parse_intermixed_args(argv)
        if ns.ruleset is not None and ns.ruleset != s.ruleset.name:
            raise UserError(f"{game_path}: a {s.ruleset.title} game, not {ns.ruleset}")
        check = getattr(ns, "check", False)
        if not check:
            if unlocked:
                raise UserError(unlocked)
            _not_in_a_window(game_path)
        action = Action(move.name, _verb_action(move, ns))
        out = s.check(action)
        if not out.ok:
            raise UserError(out.refusal)
        if check:  # said as a check, never mistaken for a move (issue 33)
            print(CHECK_ONLY + (": it would do:" if out.messages else ""))
            for line in out.messages:
                print("  " + line)
            return 0
        out = s.apply(action, outcome=out)
        if not out.ok:  # what the rules allow may still not be doable (a game mapref could not read back)
            raise UserError(out.refusal)
        _save(s, ns.game)
    for line in move.print_ok(out) if move.print_ok else out.messages:
        print(line)
    return 0


def _may_be_verb(arg: str) -> bool:
    """A game verb is a word: a file to open (``mapref GAME.toml``) is not looked up among the
    verbs, which would read every game's moves table (docs/performance.md)."""
    return not (arg.startswith("-") or "/" in arg or "." in arg or os.sep in arg or os.path.exists(arg))


def _verb_names() -> list[str]:
    """Every game's verbs, from the moves tables (which import none of the games' rules)."""
    from mapref.rules import registry

    out: list[str] = []
    for r in registry.names():
        for m in registry.moves(r):
            if m.name not in out and m.name not in COMMANDS:
                out.append(m.name)
    return out


class _AppParser(ArgumentParser):
    """``mapref [FILE]``'s parser: its help names the game verbs, read from every game's moves
    table only when the help is shown."""

    def format_help(self) -> str:
        self.epilog = (
            "commands: "
            + "; ".join(f"{k}: {v[1]}" for k, v in COMMANDS.items())
            + f"; and the game verbs of each ruleset ({', '.join(_verb_names())}): mapref VERB GAME.toml ..."
        )
        return super().format_help()


def _open_app(argv: list[str]) -> int:
    ap = _AppParser(prog="mapref", description="Hex and area map editor and referee for WW2 board wargames.")
    ap.add_argument(
        "file",
        nargs="?",
        metavar="FILE",
        help="a map (opens the editor), a scenario or a saved game (opens the referee); a .toml file not there yet: a new map, hex or area; default: the Hitler's War map with the Barbarossa set-up",
    )
    args = ap.parse_args(argv)
    loaded = None
    if args.file:
        from mapref.rules.files import exists, open_file

        if args.file.endswith(".toml") and not exists(Path(args.file)):
            return _offer_new_map(args.file)
        loaded = open_file(args.file)  # report problems in one line each before any window opens
        kind, obj = loaded
        if kind not in ("hex", "area") and getattr(obj, "map", None) is None:
            raise UserError(f"{args.file}: a {kind} file has no map to show")
    from mapref.ui.app import run

    return run(args.file, loaded)


def _offer_new_map(file: str) -> int:
    """``mapref NEW.toml`` for a file not there yet: a window offering a new hex or area map, which
    Save writes there; without a display, how to start one from the command line."""
    from mapref.ui.app import display_problem

    folder = Path(file).resolve().parent
    if not folder.is_dir():
        raise UserError(f"{file}: no such file, and no folder {Path(file).parent} to make a new map in")
    if display_problem():
        raise UserError(f"{file}: no such file; to start a new area map there: mapref new-map -o {file}")
    from mapref.ui.editors import run_new

    return run_new(file)


# The cyclic garbage collector's full pass (over every object the process holds) at most once per
# this many passes over the middle generation (Python's own: 10).  A big map is hundreds of thousands
# of objects that live as long as the process; each full pass walked them all again: 22% of
# `mapref referee` on the 300x300 benchmark game (issue 34).  The young objects are still
# collected as often as before.
FULL_COLLECTION_EVERY = 1000


def _collect_rarely() -> None:
    gen0, gen1, _ = gc.get_threshold()
    gc.set_threshold(gen0, gen1, FULL_COLLECTION_EVERY)


def run() -> None:
    """The command line's entry point (the ``mapref`` script, ``python -m mapref``): :func:`main`,
    whose status the process exits with, ended as soon as Python's exit has waited for the threads
    and called the exit handlers (:func:`_end_now`)."""
    import atexit

    atexit.register(_end_now)  # the first registered: called after every other exit handler
    status = main()
    _ending.append(status)
    raise SystemExit(status)


_ending: list[int] = []  # the status :func:`run` exits with, once main has returned


def _end_now() -> None:
    """End the process at once with :func:`run`'s status: the standard streams flushed as Python's
    own exit flushes them, its tear-down skipped (issue 34: freeing every object one by one, a
    200 MB position's 600,000 objects, took 150 ms of ``mapref referee GAME --json`` on the
    300x300 benchmark game; 10 ms on the Hitler's War map).  Without a status (main raised,
    argparse's --help or usage message) Python's exit goes on as usual."""
    if not _ending:
        return
    status = _ending[0]
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None and not stream.closed:
                stream.flush()
        except (OSError, ValueError):
            status = 120  # what Python's own exit gives when flushing standard output fails
    os._exit(status)


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    _collect_rarely()
    from mapref.io import derived

    derived.enable()  # the hex maps' graphs kept on disk between commands (issue 34)
    derived.keep_generated_code()  # and the data classes' code, compiled
    from mapref.io.problems import noting_reads

    try:
        with noting_reads():  # a command never writes over a file it read (mapref.io.output)
            return _main(argv)
    finally:
        derived.save_generated_code()


def _main(argv: list[str]) -> int:
    try:
        if argv and argv[0] in COMMANDS:
            return COMMANDS[argv[0]][0](argv[1:])
        if argv and _may_be_verb(argv[0]):
            return _game_verb(argv[0], argv[1:])
        return _open_app(argv)
    except UserError as e:  # may echo what was typed: escaped, on one line, cut short
        from mapref.io.problems import clip, escape

        print(f"mapref: {clip(escape(str(e)), 600)}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except MemoryError:  # no traceback to format: that takes memory too
        print("mapref: internal error: out of memory (a file too big for this machine's memory?)", file=sys.stderr)
        return 2
    except BrokenPipeError:  # output piped into head, say
        sys.stderr.close()
        return 0
    except Exception as e:
        # a file's problems, one line each (mapref.io.problems is imported only by what reads files:
        # the help and the verbs start without it)
        problems = sys.modules.get("mapref.io.problems")
        if problems is not None and isinstance(e, problems.FileProblems):
            for p in e.problems:
                print(p, file=sys.stderr)
            return 1
        # an internal error: one line, and the details in a log file
        from mapref.io.problems import clip, escape

        log = _log_internal_error()
        print(
            f"mapref: internal error: {type(e).__name__}: {clip(escape(str(e)), 300)} (details in {log})",
            file=sys.stderr,
        )
        return 2


def _log_internal_error() -> str:
    """Append the traceback being handled to the per-user error log (mapref.errorlog: never
    through a link, never someone else's file); return what to tell the user. Never raises."""
    try:
        import traceback

        from mapref.errorlog import append, describe
        from mapref.io.problems import escape

        return escape(describe(*append(traceback.format_exc())))
    except Exception:  # reporting an error must not raise another
        return "an error log that could not be written"
