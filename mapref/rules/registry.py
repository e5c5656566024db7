"""The one door to the games: rulesets by name (a scenario's ``ruleset`` key).

The games mapref ships are listed in :data:`BUILTIN` (name -> package) and imported the first
time they are asked for; each package's ``ruleset`` module has a ``RULESET`` object (a
:class:`mapref.rules.ruleset.Ruleset`), and its ``moves`` module the moves table, read alone
for the command line's help (:func:`moves`).  Others (a test's toy game, a plug-in) call
:func:`register`, or are named in the ``MAPREF_RULESETS`` environment variable (modules,
comma-separated, each with a ``RULESET``), which the command line reads too.  Nothing outside
this module and the games' own packages imports a game.

>>> sorted(names())[:1]
['hitlers_war']
>>> get("hitlers_war").title
"Hitler's War"
"""

from __future__ import annotations

import importlib
import importlib.util
import os

from mapref.rules.ruleset import Move, Ruleset

BUILTIN = {
    "hitlers_war": "mapref.rulesets.hitlers_war",
    "struggle_for_europe": "mapref.rulesets.struggle_for_europe",
    "fronts": "mapref.rulesets.fronts",
    "area_control": "mapref.rulesets.area_control",
}
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
    return ruleset


def unregister(name: str) -> None:
    _LOADED.pop(name, None)


def _available_builtin() -> list[str]:
    out = []
    for name, module in BUILTIN.items():
        try:
            spec = importlib.util.find_spec(module)
        except ModuleNotFoundError:
            spec = None
        if spec is not None:
            out.append(name)
    return out


_PLUGINS_SEEN: set[str] = set()


def _load_plugins() -> None:
    """The rulesets named by MAPREF_RULESETS (``package.module,other.module``)."""
    for module in os.environ.get("MAPREF_RULESETS", "").split(","):
        module = module.strip()
        if module and module not in _PLUGINS_SEEN:
            _PLUGINS_SEEN.add(module)
            register(importlib.import_module(module).RULESET)


def names() -> list[str]:
    """Every ruleset that can be used: the shipped ones and the registered ones."""
    _load_plugins()
    return sorted(set(_available_builtin()) | set(_LOADED))


def _table(name: str):
    """A shipped game's moves module (``MOVES``, ``TITLE``), or None: a registered game's."""
    _load_plugins()
    if name in _LOADED:
        return None
    module = BUILTIN.get(name)
    if module is None or name not in _available_builtin():
        raise UnknownRuleset(name)
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


def get(name: str) -> Ruleset:
    _load_plugins()
    if name in _LOADED:
        return _LOADED[name]
    module = BUILTIN.get(name)
    if module is None or name not in _available_builtin():
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
    "BUILTIN",
    "DEFAULT_RULESET",
    "DEFAULT_SCENARIO",
    "UnknownRuleset",
    "get",
    "moves",
    "names",
    "register",
    "title",
    "unregister",
]
