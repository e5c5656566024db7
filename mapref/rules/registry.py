"""The one door to the games: rulesets by name (a scenario's ``ruleset`` key).

A game is a package installed with an entry point in the group ``mapref.rulesets`` (its name ->
its package), as mapref's own four are in its ``pyproject.toml``::

    [project.entry-points."mapref.rulesets"]
    hitlers_war = "mapref.rulesets.hitlers_war"

so a game in another installed package is found with no edit to mapref (docs/architecture.md,
"How to add a game").  A package is imported the first time its game is asked for: its
``RULESET`` (a :class:`mapref.rules.ruleset.Ruleset`), or its ``ruleset`` module's; its
``moves`` module, the moves table, is read alone for the command line's help (:func:`moves`).
:func:`register` adds a ruleset object by hand (a window's test).  Nothing outside this module
and the games' own packages imports a game.

>>> sorted(names())[:1]
['area_control']
>>> get("hitlers_war").title
"Hitler's War"
"""

from __future__ import annotations

import importlib
import os

from mapref.rules.ruleset import Ruleset

TYPE_CHECKING = False  # (typing is not imported at run time, as in mapref.rules.ruleset)

if TYPE_CHECKING:
    from mapref.rules.values import Move

GROUP = "mapref.rulesets"  # the entry points' group
# a scenario written before the ``ruleset`` key was read (format 1 files name none): Hitler's War
DEFAULT_RULESET = "hitlers_war"
# what `mapref` opens with no file: the Hitler's War map with the Barbarossa set-up
DEFAULT_SCENARIO = "barbarossa"

_LOADED: dict[str, Ruleset] = {}


class UnknownRuleset(KeyError):
    pass


def register(ruleset: Ruleset) -> Ruleset:
    """Make a ruleset available under its ``name`` (replacing one of the same name)."""
    if not ruleset.name:
        raise ValueError("a ruleset needs a name")
    _LOADED[ruleset.name] = ruleset
    _REGISTERED.add(ruleset.name)
    return ruleset


def unregister(name: str) -> None:
    _LOADED.pop(name, None)
    _REGISTERED.discard(name)


_REGISTERED: set[str] = set()


def refresh() -> None:
    """Read the installed games again (a package installed, or put on the path, since): the games
    loaded from entry points are forgotten, the registered ones kept."""
    global _INSTALLED
    _INSTALLED = None
    for name in [n for n in _LOADED if n not in _REGISTERED]:
        del _LOADED[name]


def installed() -> dict[str, str]:
    """Every installed game: its name -> its package, from the entry points (read once a process).
    mapref's own games are its ``mapref.rulesets`` packages, whatever the entry points say (run
    from a source tree that was never installed there are none of mapref's own; another package
    naming one of them does not replace it: :func:`get` finds them without the entry points)."""
    global _INSTALLED
    if _INSTALLED is None:
        found = entry_points(GROUP)
        found.update(_source_tree_games())
        _INSTALLED = dict(sorted(found.items()))
    return _INSTALLED


_INSTALLED: dict[str, str] | None = None


def entry_points(group: str) -> dict[str, str]:
    """Every entry point of ``group``: its name -> its value, as ``{ep.name: ep.value for ep in
    importlib.metadata.entry_points(group=group)}`` gives them, read straight from the
    distributions' ``.dist-info`` and ``.egg-info`` folders on ``sys.path``: importing
    ``importlib.metadata`` (email, zipfile, csv, pathlib) was a third of ``mapref --help``
    (docs/performance.md).  Its search, step for step: each folder of the path in turn, the first
    distribution of a name the one read (``Lookup``, ``_unique``), its ``entry_points.txt`` read
    as ``Sectioned`` reads it; a later entry point of a name replaces an earlier one.  A path
    holding a zip file or an egg is left to importlib.metadata itself."""
    import sys

    if any(p.lower().endswith(".egg") or os.path.isfile(p) for p in sys.path):
        from importlib.metadata import entry_points as read

        return {ep.name: ep.value for ep in read(group=group)}
    out: dict[str, str] = {}
    seen: set[str] = set()
    for root in sys.path:
        try:
            children = os.listdir(root or ".")
        except OSError:
            continue
        infos: dict[str, str] = {}  # (Lookup, then _unique: the first folder of a name met)
        for child in children:
            low = child.lower()
            if low.endswith((".dist-info", ".egg-info")):
                infos.setdefault(_normalize(low.rpartition(".")[0].partition("-")[0]), child)
        for name, child in infos.items():
            if name in seen:  # (_unique: the first distribution of a name on the path)
                continue
            seen.add(name)
            try:
                with open(os.path.join(root or ".", child, "entry_points.txt"), encoding="utf-8") as f:
                    text = f.read()
            except (OSError, UnicodeDecodeError):
                continue
            section = None
            for line in text.splitlines():
                line = line.strip()
                if not line or line.startswith("#"):
                    continue
                if line.startswith("[") and line.endswith("]"):
                    section = line.strip("[]")
                elif section == group:
                    key, _, value = line.partition("=")
                    out[key.strip()] = value.strip()
    return out


def _normalize(name: str) -> str:
    """A distribution's name as importlib.metadata compares them (``Prepared.normalize``)."""
    import re

    return re.sub(r"[-_.]+", "_", name.lower())


def _source_tree_games() -> dict[str, str]:
    """mapref's own games, from the folders of ``mapref/rulesets`` (nothing imported)."""
    import pkgutil
    from pathlib import Path

    here = Path(__file__).resolve().parent.parent / "rulesets"
    return {m.name: f"mapref.rulesets.{m.name}" for m in pkgutil.iter_modules([str(here)]) if m.ispkg}


def _own_game(name: str) -> str | None:
    """The package of mapref's own game ``name`` (a folder of ``mapref/rulesets``), or None."""
    here = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "rulesets")
    if name.isidentifier() and os.path.isfile(os.path.join(here, name, "__init__.py")):
        return f"mapref.rulesets.{name}"
    return None


def names() -> list[str]:
    """Every ruleset that can be used: the installed ones and the registered ones."""
    return sorted(set(installed()) | set(_LOADED))


def _table(name: str):
    """An installed game's moves module (``MOVES``, ``TITLE``), or None: a registered game's, or
    one whose package has no ``moves`` module (its ruleset answers)."""
    if name in _LOADED:
        return None
    module = _own_game(name) or installed().get(name)
    if module is None:
        raise UnknownRuleset(name)
    import importlib.util

    try:
        found = importlib.util.find_spec(f"{module}.moves")
    except ModuleNotFoundError:
        found = None
    return importlib.import_module(f"{module}.moves") if found is not None else None


def moves(name: str) -> list[Move]:
    """A ruleset's moves table (its verbs, their arguments and help).  A shipped game's is read
    from its package's ``moves`` module, without importing the game's rules: the command line's
    help lists every game's verbs and stays quick (docs/performance.md)."""
    table = _table(name)
    return list(table.MOVES) if table is not None else get(name).moves()


def title(name: str) -> str:
    """A ruleset's title ("Hitler's War"), as :func:`moves` reads it."""
    table = _table(name)
    return getattr(table, "TITLE", "") if table is not None else get(name).title or name


def allegiances() -> dict[str, bool]:
    """The hex map's country ``allegiance`` values the installed games use, in their order, each
    -> whether it is a power (:attr:`Ruleset.allegiances`; a power in one game is a power).  A
    game with a moves module says them there (``ALLEGIANCES``, none when it does not), read
    without its rules."""
    out: dict[str, bool] = {}
    for name in names():
        table = _table(name)
        found = getattr(table, "ALLEGIANCES", {}) if table is not None else get(name).allegiances
        for a, power in found.items():
            out[a] = out.get(a, False) or bool(power)
    return out


def independent_allegiances() -> tuple[str, ...]:
    """The allegiances no installed game counts as a power (for :func:`mapref.core.lint.lint`)."""
    return tuple(a for a, power in allegiances().items() if not power)


def importers() -> list[str]:
    """The games that make a scenario from an imported map (``mapref import-triplea --scenario``):
    those whose ruleset answers :meth:`Ruleset.import_scenario` (each game is imported to ask)."""
    return [n for n in names() if type(get(n)).import_scenario is not Ruleset.import_scenario]


def get(name: str) -> Ruleset:
    if name in _LOADED:
        return _LOADED[name]
    module = _own_game(name) or installed().get(name)  # mapref's own: no entry points read
    if module is None:
        raise UnknownRuleset(name)
    # a package exposes RULESET, or its ``ruleset`` module does (imported only now: the package
    # alone is light, its ``moves`` table read without the game's rules)
    rs = (
        getattr(importlib.import_module(module), "RULESET", None)
        or importlib.import_module(f"{module}.ruleset").RULESET
    )
    _LOADED[name] = rs
    return rs


__all__ = [
    "DEFAULT_RULESET",
    "DEFAULT_SCENARIO",
    "UnknownRuleset",
    "get",
    "installed",
    "moves",
    "names",
    "refresh",
    "register",
    "title",
    "unregister",
]
