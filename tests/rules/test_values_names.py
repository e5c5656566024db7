"""The plain values of actions, moves and the window live in mapref.rules.values (issue 34); every
name mapref.rules.ruleset gave before is still given there, the same object."""

from __future__ import annotations

import pytest

from mapref.rules import ruleset, values, vpgame, vpmoves


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
