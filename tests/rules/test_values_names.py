"""The plain values of actions, moves and the window live in mapref.rules.values (issue 34); every
name mapref.rules.ruleset gave before is still given there, the same object, and the referee's
report on a saved game starts without them (nor the game's moves table and action checks)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from mapref import cli
from mapref.rules import ruleset, values, vpgame, vpmoves

ROOT = Path(__file__).resolve().parents[2]


def test_every_value_is_given_by_the_ruleset_module_as_before():
    for name in values.__all__:
        assert getattr(ruleset, name) is getattr(values, name), name
        assert name in ruleset.__all__, name
    ns: dict = {}
    exec("from mapref.rules.ruleset import *", ns)
    assert {n: ns[n] for n in values.__all__} == {n: getattr(values, n) for n in values.__all__}
    from mapref.rules.ruleset import Action, Move, Outcome, Piece, refused

    assert Action("move", {"from": "A1"}) == values.Action("move", {"from": "A1"})
    assert (
        repr(refused("no", "Rule 1"))
        == "Outcome(ok=False, commands=[], messages=[], reason='no', rule='Rule 1', label='', ask=None, data={})"
    )
    assert Piece.__module__ == Move.__module__ == Outcome.__module__ == "mapref.rules.values"
    with pytest.raises(AttributeError, match="no attribute 'Nothing'"):
        ruleset.Nothing  # noqa: B018
    assert vpgame.MOVES is vpmoves.MOVES
    with pytest.raises(AttributeError):
        vpgame.NOTHING  # noqa: B018


def test_the_report_starts_without_the_values_the_moves_table_or_the_action_checks(tmp_path):
    g = tmp_path / "g.toml"
    assert cli.main(["new-game", "barbarossa", "-o", str(g), "--auto-place"]) == 0
    code = (
        "import sys\nfrom mapref.cli import main\n"
        f"main(['referee', {str(g)!r}, '--json'])\n"
        "print(sorted(m for m in sys.modules if m.startswith('mapref.')))"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    loaded = set(eval(r.stdout.strip().splitlines()[-1]))
    assert "mapref.rulesets.hitlers_war.ruleset" in loaded  # (the report is the game's)
    unwanted = {"mapref.rules.values", "mapref.rules.vpmoves", "mapref.rulesets.hitlers_war.moves"}
    assert not loaded & unwanted, sorted(loaded & unwanted)
