"""mapref.io.jsonout writes what json.dumps(indent=N, ensure_ascii=False) writes, character for
character (issue 34: the referee's --json output)."""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mapref.io.jsonout import dumps_indented

scalars = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text()
keys = st.text() | st.integers() | st.booleans() | st.none() | st.floats(allow_nan=False)
values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=5)
        | st.lists(st.text(), max_size=5)
        | st.tuples(inner, inner)
        | st.dictionaries(keys, inner, max_size=5)
    ),
    max_leaves=40,
)


@settings(max_examples=400, deadline=None)
@given(values, st.integers(min_value=0, max_value=4))
def test_same_text_as_json_dumps(obj, indent):
    assert dumps_indented(obj, indent) == json.dumps(obj, indent=indent, ensure_ascii=False)


def test_special_values_and_escapes():
    obj = {
        "nan": math.nan,
        "inf": [math.inf, -math.inf, 1e300, -0.0],
        "text": ['é\u2028"\\\n\t\x00', ""],
        1: True,
        2.5: False,
        None: {},
        "empty": [[], (), {}],
        "mixed": ["a", 1, None, ["b"], "c"],
    }
    assert dumps_indented(obj, 1) == json.dumps(obj, indent=1, ensure_ascii=False)


def test_refuses_what_json_refuses():
    with pytest.raises(TypeError):
        dumps_indented({"a": {1, 2}})
    with pytest.raises(TypeError):
        dumps_indented({(1, 2): 3})


def test_a_referee_report(tmp_path):
    """The whole report of a rich game (routes, unsupplied hexes, frontiers, production)."""
    from mapref.rules.session import open_game
    from tests.rules.test_pockets import rich_game

    d = open_game(rich_game(tmp_path, 30)).report().as_dict()
    assert any(a["supply_path"] for a in d["armies"])
    assert dumps_indented(d) == json.dumps(d, indent=1, ensure_ascii=False)
