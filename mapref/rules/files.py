"""Scenarios and saved games on disk, for every ruleset.

The engine owns a file's envelope: ``format``, ``kind``, a scenario's ``ruleset`` (which game it
is; files without one are Hitler's War, :data:`mapref.rules.registry.DEFAULT_RULESET`), a saved
game's ``scenario`` and ``map`` references and its ``[[log]]`` (:mod:`mapref.rules.gamelog`).
The ruleset owns the rest (its schema, with the same line-precise problems).  A saved game is
written as the engine's header, the ruleset's state, then the log; saves are atomic.

:func:`open_file` tells a map, a scenario and a saved game apart and loads any of them (the
``mapref check`` and ``mapref`` entry point).
"""

from __future__ import annotations

import copy
import os
from dataclasses import dataclass, field, replace
from pathlib import Path

from mapref.core.board import Board, board_for
from mapref.io import anyfile
from mapref.io.atomic import Stamp, write_atomic
from mapref.io.problems import (
    FileProblems,
    Locator,
    Problem,
    Reader,
    clip,
    collector_paused,
    escape,
    parse_toml,
    parse_toml_bytes,
    show_value,
)
from mapref.rules import registry
from mapref.rules.gamelog import LogEntry, dumps_log, read_log
from mapref.rules.ruleset import Ruleset

FORMAT = 1
MAP_KINDS = ("hex", "area")


# ------------------------------------------------------------------ finding what a file names
def exists(p: Path) -> bool:
    """Whether ``p`` names something on disk; a name the system cannot even look up (too long,
    a NUL in it) does not exist, and reading it later says why in one line
    (:func:`mapref.io.problems.read_source`)."""
    try:
        return p.exists()
    except (OSError, ValueError):
        return False


def _find(name: str, base: Path | None, shipped) -> Path:
    """A file a user typed (``base`` None: from the current folder) or a file names (from its
    folder ``base``, never from the current one); a bare word no file is a shipped one's name."""
    p = Path(name)
    if not name:
        return p
    if base is not None and not p.is_absolute():
        if exists(base / p) or p.suffix == ".toml" or "/" in name or "\\" in name:
            return base / p
        return shipped(name)
    if p.suffix == ".toml" or exists(p) or "/" in name or "\\" in name:
        return p
    return shipped(name)


def find_scenario(name: str, base: Path | None = None) -> Path:
    """A scenario path, or a shipped scenario name such as ``barbarossa``: one of mapref's own, or
    of an installed game's package (:meth:`mapref.rules.ruleset.GameFiles.scenarios`)."""
    from mapref.paths import shipped_scenario

    def shipped(stem: str) -> Path:
        p = shipped_scenario(stem)
        return p if exists(p) else next((q for q in games_scenarios() if q.stem == stem), p)

    return _find(name, base, shipped)


def games_scenarios() -> list[Path]:
    """The scenario files the installed games carry in their own packages."""
    return [p for name in registry.names() for p in registry.get(name).scenarios()]


def scenario_files() -> list[Path]:
    """Every shipped scenario's file: mapref's own (its ``scenarios/`` folder), then the installed
    games' (:func:`games_scenarios`)."""
    from mapref.paths import data_dir

    return sorted(data_dir("scenarios").glob("*.toml")) + games_scenarios()


def find_map(name: str, base: Path | None = None) -> Path:
    """A map path, or the name of a shipped map (its file name without ``.toml``)."""
    from mapref.paths import shipped_map

    return _find(name, base, shipped_map)


def map_file(game: Game) -> Path | None:
    """The file a game's map is read from (its own ``map``, else its scenario's), found as
    :func:`read_game` and :func:`new_game` find it; None when it is not on disk."""
    own = getattr(game.state, "map", "")
    ref = own or getattr(game.scenario, "map", "")
    if not isinstance(ref, str) or not ref:
        return None
    bases = [Path(game.path).parent] if game.path else []
    sc_path = getattr(game.scenario, "path", "")
    if sc_path and not own:
        bases.append(Path(sc_path).parent)
    for base in bases or [Path(".")]:
        p = find_map(ref, base)
        if exists(p):
            return p.resolve()
    return None


def map_for(rs: Ruleset, ref: str, base: Path, shown: str, source: str, key: str = "map"):
    """The map a scenario or game names (``ref``, found from ``base``), which must be of a kind
    its ruleset is played on: a Struggle for Europe game naming a hex map is a problem of the
    ``map`` key of the file that names it (``shown``)."""
    m_path = find_map(ref, base)
    m = load_map(m_path, str(m_path))
    kind = board_for(m).kind
    if kind not in rs.board_kinds:
        line, col = Locator(source).find(key) if source else (None, None)
        want = " or ".join(f"{k} map" for k in rs.board_kinds)
        raise FileProblems(
            [
                Problem(
                    shown,
                    line,
                    col,
                    key,
                    f"expected {'an' if want[0] in 'aeiou' else 'a'} {want} "
                    f"({rs.title} is played on one), got {m_path.name}, {'an' if kind[0] in 'aeiou' else 'a'} "
                    f"{kind} map",
                )
            ]
        )
    return m


def load_map(path: str | os.PathLike[str], shown: str | None = None):
    """A map of any kind (hex or area); raise FileProblems."""
    shown = shown or str(path)
    kind, obj = anyfile.load_any(path, shown)
    if kind not in MAP_KINDS:
        raise FileProblems(
            [Problem(shown, None, None, "kind", f'expected a map (kind "hex" or "area"), got {show_value(kind)}')]
        )
    return getattr(obj, "map", obj)  # an area file comes with its source (for its checks); the map is inside


# ----------------------------------------------------------------------------- scenarios
def ruleset_of(data: dict, source: str, shown: str) -> Ruleset:
    name = data.get("ruleset", registry.DEFAULT_RULESET)
    try:
        if not isinstance(name, str):
            raise registry.UnknownRuleset(name)
        return registry.get(name)
    except registry.UnknownRuleset:
        line, col = Locator(source).find("ruleset")
        known = ", ".join(f'"{n}"' for n in registry.names())
        raise FileProblems(
            [Problem(shown, line, col, "ruleset", f"expected one of {known}, got {show_value(name)}")]
        ) from None


def read_scenario(data: dict, source: str, shown: str):
    if data.get("kind") != "scenario":
        raise FileProblems(
            [Problem(shown, None, None, "kind", f'expected "scenario", got {show_value(data.get("kind"))}')]
        )
    r = Reader(shown, source)
    r.format_(data, FORMAT, "scenario")
    r.raise_if_any()
    sc = ruleset_of(data, source, shown).read_scenario(data, source, shown)
    sc.path = shown
    return sc


def load_scenario(path: str | os.PathLike[str], shown: str | None = None):
    shown = shown or str(path)
    data, source = parse_toml(Path(path), shown)
    return read_scenario(data, source, shown)


def scenario_ruleset(sc) -> Ruleset:
    return registry.get(getattr(sc, "ruleset", "") or registry.DEFAULT_RULESET)


# --------------------------------------------------------------------------------- games
@dataclass
class Game:
    """A game: its map, scenario and state, the ruleset that referees it, and its log."""

    map: object
    scenario: object
    state: object
    ruleset: Ruleset
    path: str = ""  # the saved game's path as shown to the user ("" for a new game)
    log: list[LogEntry] = field(default_factory=list)
    cache: dict = field(default_factory=dict, repr=False)  # a ruleset's caches for this game
    stamp: Stamp | None = None  # what the file held when it was read or last saved (saves refuse to
    # overwrite a file someone else changed since: mapref.io.atomic.ChangedOnDisk)
    mode: str = "strict"  # the referee's mode it is played in ("strict" or "advisory"), saved with it

    @property
    def board(self) -> Board:
        return board_for(self.map)

    def check(self) -> list[str]:
        """Problems between the files (unknown codes, spaces): used by ``mapref check``.  Each
        is blamed on the file at fault: the scenario's own on the scenario, the rest on the game."""
        own = self.ruleset.scenario_problems(self.board, self.scenario)
        sc_path = getattr(self.scenario, "path", "") or self.path
        rest = [p for p in self.ruleset.state_problems(self.board, self.scenario, self.state) if p not in own]
        rest += [p for p in self.log_problems() if p not in rest]
        return [f"{sc_path}: {p}" for p in own] + [f"{self.path}: {p}" for p in rest]

    def log_problems(self) -> list[str]:
        """The log must take the game back action by action (``mapref undo``, Ctrl+Z): every
        entry's undo fits the position before it, and the position the last entry's undo gives
        loads again."""
        from mapref.rules import datapatch

        if not self.log:
            return []
        data = self.ruleset.state_data(self.state)
        back = copy.deepcopy(data)
        for i, e in enumerate(reversed(self.log)):
            try:
                back = datapatch.apply(back, e.undo, in_place=True)
            except (datapatch.PatchError, TypeError, KeyError) as x:
                return [
                    f"log: entry {e.n} ({clip(escape(e.did), 60)}): its undo does not fit the game: "
                    f"{clip(escape(str(x)), 120)}"
                ]
            if i == 0:
                try:
                    st = self.ruleset.read_state(back, "", self.path or "<game>")
                    problems = readback_problems(self, self.ruleset.dumps_state(st), whole=False)
                except FileProblems as x:
                    problems = [f"{p.key}: {p.message}" if p.key else p.message for p in x.problems]
                except (ValueError, TypeError) as x:
                    problems = [str(x)]
                if problems:
                    return [
                        f"log: entry {e.n} ({clip(escape(e.did), 60)}): taking it back would give a game that does not "
                        f"load: {escape(problems[0])}"
                    ]
        return []


@dataclass
class ScenarioFile:
    """A scenario with its map, for ``mapref check``."""

    scenario: object
    map: object
    path: str

    @property
    def ruleset(self) -> Ruleset:
        return scenario_ruleset(self.scenario)

    def check(self) -> list[str]:
        return [f"{self.path}: {p}" for p in self.ruleset.scenario_problems(board_for(self.map), self.scenario)]

    def warnings(self) -> list[str]:
        """What may be meant otherwise but is not wrong: end conditions that can disagree."""
        from mapref.rules.victory import disagreements

        return [
            f"{self.path}: warning: {w}" for w in disagreements(list(getattr(self.scenario, "victory", None) or []))
        ]


def scenario_with_map(path: str | os.PathLike[str], shown: str | None = None) -> ScenarioFile:
    shown = shown or str(path)
    data, source = parse_toml(Path(path), shown)
    sc = read_scenario(data, source, shown)
    return ScenarioFile(sc, map_for(scenario_ruleset(sc), sc.map, Path(path).parent, shown, source), shown)


MODES = ("strict", "advisory")  # the referee's modes (mapref.rules.session: advisory overrides)
ENGINE_KEYS = ("log", "mode")  # a saved game's keys the engine reads; the rest is the ruleset's state


def read_game(data: dict, source: str, shown: str, base: Path) -> Game:
    if data.get("kind") != "game":
        raise FileProblems([Problem(shown, None, None, "kind", f'expected "game", got {show_value(data.get("kind"))}')])
    r = Reader(shown, source)
    r.format_(data, FORMAT, "game")
    log = read_log(r, data)
    ref = data.get("scenario")
    if not isinstance(ref, str) or not ref:
        r.expected("scenario", "the scenario's file or shipped name", ref)
        r.stop()
    sc_path = find_scenario(ref, base)
    try:
        sc = load_scenario(sc_path, str(sc_path))
    except FileProblems as e:
        if not exists(sc_path):
            line, col = Locator(source).find("scenario")
            raise FileProblems(
                [Problem(shown, line, col, "scenario", f"no such scenario: {ref!r} ({sc_path})")]
            ) from None
        raise e
    rs = scenario_ruleset(sc)
    mode = data.get("mode", "strict")
    if mode not in MODES:
        line, col = Locator(source).find("mode")
        raise FileProblems(
            [Problem(shown, line, col, "mode", f'expected "strict" or "advisory", got {show_value(mode)}')]
        )
    state_data = {k: v for k, v in data.items() if k not in ENGINE_KEYS}
    try:
        st = rs.read_state(state_data, source, shown)
    except FileProblems as e:
        r.problems += e.problems
        r.raise_if_any()
    r.raise_if_any()
    own = getattr(st, "map", "")
    m = map_for(rs, own or sc.map, base, shown if own else sc.path, source if own else "")
    return Game(m, sc, st, rs, shown, log, stamp=Stamp.of_text(source), mode=mode)


def load_game(path: str | os.PathLike[str], shown: str | None = None) -> Game:
    """A saved game with its scenario, map and log; raise FileProblems."""
    shown = shown or str(path)
    data, source = parse_toml(Path(path), shown)
    return read_game(data, source, shown, Path(path).parent)


def dumps_game(game: Game) -> str:
    head = f'# mapref saved game; the format is described in docs/format.md\nformat = {FORMAT}\nkind = "game"\n'
    if game.mode != "strict":  # the mode it is played in (issue 33: a game opens in its own mode)
        head += f'mode = "{game.mode}"\n'
    return head + game.ruleset.dumps_state(game.state) + dumps_log(game.log)


class NotReadable(ValueError):
    """What would be saved would not load again: nothing is written."""

    def __init__(self, path: str | os.PathLike[str], problems: list[str]):
        self.problems = problems
        super().__init__(
            f"{path}: not saved, mapref could not read it back: {problems[0]}"
            + (f" (and {len(problems) - 1} more)" if len(problems) > 1 else "")
        )


def readback_problems(
    game: Game, text: str, shown: str = "", whole: bool = True, keep: dict | None = None
) -> list[str]:
    """Why ``text`` (a whole saved game, or with ``whole=False`` only the ruleset's state) would
    not load again as ``game`` with ``mapref check`` passing: the file reader's problems and the
    consistency check's, or [].  Saves call it before they replace a file, the session before
    it applies an action.  ``keep``: given, ``keep["data"]`` is what the text parsed as."""
    shown = shown or game.path or "<game>"
    try:
        data, source = parse_toml_bytes(text.encode("utf-8"), shown)
        if keep is not None:
            keep["data"] = data
        r = Reader(shown, source)
        log = []
        if whole:
            r.format_(data, FORMAT, "game")
            log = read_log(r, data)
        r.raise_if_any()
        st = game.ruleset.read_state({k: v for k, v in data.items() if k not in ENGINE_KEYS}, source, shown)
    except UnicodeEncodeError:
        return ["it holds text that is not valid Unicode (from a file name or an argument?)"]
    except FileProblems as e:
        return [f"{p.key}: {p.message}" if p.key else p.message for p in e.problems]
    except (ValueError, TypeError) as e:  # what the writer itself cannot write (nan...)
        return [f"cannot be written: {e}"]
    problems = game.ruleset.state_problems(game.board, game.scenario, st)
    if whole and not problems:
        problems = replace(game, state=st, log=log, cache={}).log_problems()
    if whole and not problems:  # what it names must be found from where it is written (Save as elsewhere...)
        base = Path(shown).parent
        own = game.ruleset.state_data(st)
        for key, find in (("scenario", find_scenario), ("map", find_map)):
            ref = own.get(key)  # (a game without its own map reference uses its scenario's, found from the scenario)
            if isinstance(ref, str) and ref and not exists(find(ref, base)):
                problems.append(f"{key}: {show_value(ref)} is not found from {base}")
    return problems


def save_game(game: Game, path: str | os.PathLike[str], *, expect: Stamp | None = None, backup: bool = False) -> None:
    """Write the game atomically; with ``expect``, only if the file still holds what it held
    then (else :class:`mapref.io.atomic.ChangedOnDisk`, and nothing is written); with
    ``backup``, the file it replaces is kept as ``NAME.bak``.  What would not load again is not
    written (:class:`NotReadable`)."""
    try:
        text = dumps_game(game)
    except (ValueError, TypeError) as e:
        raise NotReadable(path, [f"cannot be written: {e}"]) from None
    problems = readback_problems(game, text, str(path))
    if problems:
        raise NotReadable(path, problems)
    write_atomic(path, text, expect=expect, backup=backup)
    game.stamp = Stamp.of_text(text)


def new_game(
    scenario_path: str | os.PathLike[str],
    *,
    scenario_ref: str = "",
    map_ref: str = "",
    auto_place: bool = False,
    shown: str | None = None,
) -> Game:
    """A game at the start of a scenario's set-up (the scenario and map loaded from disk)."""
    sf = scenario_with_map(scenario_path, shown)
    rs = sf.ruleset
    st = rs.new_game(board_for(sf.map), sf.scenario, scenario_ref=scenario_ref, map_ref=map_ref, auto_place=auto_place)
    game = Game(sf.map, sf.scenario, st, rs)
    # what follows the opening position itself, before any action: a seasonal Victory Point
    # Check "is performed at the beginning of every Seasonal Turn" (shared/seeds/003 0.1), the
    # first turn's on the position the game starts from (issue 33; rulings V19)
    for c in rs.follow_up(game)[0]:
        c.do(st)
    return game


# ----------------------------------------------------------------------------- any file
def open_file(path: str | os.PathLike[str], shown: str | None = None) -> tuple[str, object]:
    """(kind, object): a map model, a :class:`ScenarioFile` or a :class:`Game`; raise FileProblems.
    The cycle collector is paused meanwhile: the parsed text (a big map's million lists) is gone
    before it runs again, and what is read is searched once."""
    with collector_paused():
        return _open_file(path, shown or str(path))


def _open_file(path: str | os.PathLike[str], shown: str) -> tuple[str, object]:
    data, source = parse_toml(Path(path), shown)
    kind = data.get("kind", "hex" if "grid" in data else None)
    if kind == "scenario":
        sc = read_scenario(data, source, shown)
        return kind, ScenarioFile(sc, map_for(scenario_ruleset(sc), sc.map, Path(path).parent, shown, source), shown)
    if kind == "game":
        return kind, read_game(data, source, shown, Path(path).parent)
    return anyfile.load_parsed(data, source, shown, extra_kinds=("scenario", "game"))


def shipped_scenarios() -> tuple[list[dict], list[str]]:
    """The shipped scenarios, by file name: (rows, problems).  A row has ``id``, ``name``,
    ``ruleset``, ``ruleset_title``, ``map``, ``first_turn``, ``file`` (its name) and ``path``; a
    scenario that does not read gives its first problem instead (``mapref scenarios`` and the
    referee's File > New game list them)."""
    from mapref.io.problems import FileProblems

    rows, problems = [], []
    for p in scenario_files():
        try:
            sc = load_scenario(p, str(p))
        except FileProblems as e:
            problems.append(str(e.problems[0]))
            continue
        rs = scenario_ruleset(sc)
        d = rs.describe_scenario(sc)
        rows.append(
            {
                "id": sc.id,
                "name": sc.name,
                "ruleset": rs.name,
                "ruleset_title": rs.title,
                "map": sc.map,
                "first_turn": d.get("first_turn", ""),
                "file": p.name,
                "path": p,
            }
        )
    return rows, problems


__all__ = [
    "FORMAT",
    "Game",
    "NotReadable",
    "ScenarioFile",
    "dumps_game",
    "map_for",
    "readback_problems",
    "find_map",
    "find_scenario",
    "load_game",
    "load_map",
    "load_scenario",
    "new_game",
    "open_file",
    "read_scenario",
    "save_game",
    "scenario_ruleset",
    "scenario_with_map",
    "shipped_scenarios",
]
