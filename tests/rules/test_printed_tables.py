"""The printed production and ports Hitler's War reads once per map version (issue 34: read from
the hexes' data, not a space made per hex): each space's figure is what its space says, on random
maps of every layout with boxes, and a changed map gives a fresh table."""

from __future__ import annotations

import random

import pytest

from mapref.core.board import board_for
from mapref.core.model import Box
from mapref.rulesets.hitlers_war.common import _printed, _printed_values, port_spaces, producing
from tests.core.test_graph_index import LAYOUTS, random_map


def plain(board, what: str) -> list[tuple[str, int]]:
    """Every space whose ``what`` is not 0, in board order, with it, read from its space."""
    return [(s, getattr(sp, what)) for s in board.spaces() if (sp := board.space(s)) is not None and getattr(sp, what)]


def table(board, what: str) -> list[tuple[str, int]]:
    return list(zip(_printed(board, what), _printed_values(board, what), strict=True))


@pytest.mark.parametrize("seed", range(10))
def test_the_printed_tables_are_what_the_spaces_say(seed):
    rnd = random.Random(seed)
    m = random_map(seed, LAYOUTS[seed % len(LAYOUTS)])
    for d in m.hexes.values():
        d.production = rnd.choice((0, 0, 0, 1, 4))
    m.boxes["rich"] = Box("Rich", production=rnd.choice((0, 6)))
    m.boxes["poor"] = Box("Poor")
    b = board_for(m)
    for _ in range(4):
        for what in ("production", "port"):
            assert table(b, what) == plain(b, what)
        assert producing(b) == [s for s, _ in plain(b, "production")]
        assert port_spaces(b) == [s for s, _ in plain(b, "port")]
        # a change of the map: a hex's production or port, a box's production
        h = rnd.choice(list(m.hexes))
        if rnd.random() < 0.5:
            m.hexes[h].production = rnd.choice((0, 2, 5))
        else:
            m.hexes[h].port = rnd.choice((0, 3))
        m.boxes["poor"].production = rnd.choice((0, 1))
        m.touch()
