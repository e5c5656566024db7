"""Hitler's War's game reader takes a table of armies or hexes whose records all hold usual values
without its per-value calls (issue 34: the 1,350 armies and 3,170 hexes of a 300x300 game are read
back after every action); it must read what the reader reads: the same state, in the same order,
and for a record with anything unusual in it the same problems, in the same order."""

from __future__ import annotations

import copy
import random

from mapref.io.problems import FileProblems
from mapref.rulesets.hitlers_war.files import _usual_armies, _usual_hexes, game_from_dict
from mapref.rulesets.hitlers_war.ruleset import RULESET

from tests.rules.hwplay import game


class Table(dict):
    """A table the shortcut does not take (not a plain dict): the reader reads it key by key."""


def read(data: dict):
    """The state read from ``data``, its hexes' order; or the problems said."""
    try:
        g = game_from_dict(data, "", "<game>")
    except FileProblems as e:
        return [(p.key, p.message) for p in e.problems]
    return g, list(g.hexes), [a.name for a in g.armies]


def by_the_reader(data: dict) -> dict:
    out = dict(data)
    for k in ("armies", "hexes"):
        if k in out and isinstance(out[k], dict):
            out[k] = Table(out[k])
    return out


def position() -> dict:
    """A played position's data: armies of both sides, hexes captured, devastated, occupied."""
    s = game("barbarossa")
    data = {"format": 1, "kind": "game", **RULESET.state_data(s.state)}
    hexes = data["hexes"]
    for i, sp in enumerate(sorted(s.board.spaces())[:60]):
        if not sp.startswith("box:"):
            hexes[sp] = {"control": ("axis", "soviet", "none")[i % 3]} | (
                {"devastated": i % 5, "permanent": i % 3 if i % 3 <= i % 5 else 0} if i % 2 else {"occupied": True}
            )
    return data


UNUSUAL = [
    ("armies", "side", "nobody"),
    ("armies", "side", 3),
    ("armies", "nation", 7),
    ("armies", "at", ["P10"]),
    ("armies", "leader", 1),
    ("armies", "pool", False),
    ("armies", "no_defensive_assault", 1),
    ("armies", "advanced", 100),
    ("armies", "advanced", True),
    ("armies", "infantry", 1000),
    ("armies", "infantry", -1),
    ("armies", "infantry", 2.0),
    ("armies", "mechanized", "3"),
    ("armies", "colour", "red"),
    ("armies", "side", None),  # (dropped: a required key missing)
    ("hexes", "control", ""),
    ("hexes", "control", "nobody"),
    ("hexes", "control", 1),
    ("hexes", "occupied", "yes"),
    ("hexes", "devastated", 100),
    ("hexes", "devastated", -2),
    ("hexes", "permanent", 5),  # (more than the devastated points)
    ("hexes", "permanent", True),
    ("hexes", "supply", 1),
]


def test_usual_records_are_read_as_the_reader_reads_them():
    data = position()
    assert _usual_armies(data) is not None and _usual_hexes(data) is not None  # (the shortcut is taken)
    got = read(data)
    assert not isinstance(got, list)
    assert got == read(by_the_reader(data))
    assert got[0] == RULESET.read_state(data, "", "<game>")
    assert got[2] and len(got[1]) >= 60


def test_unusual_records_give_the_reader_s_problems():
    rng = random.Random(34)
    base = position()
    for round_ in range(60):
        data = copy.deepcopy(base)
        for table, key, value in [UNUSUAL[round_ % len(UNUSUAL)]] + rng.sample(UNUSUAL, rng.randint(0, 2)):
            name = rng.choice(sorted(data[table]))
            rec = data[table][name]
            if value is None:
                rec.pop(key, None)
            else:
                rec[key] = value
        if rng.random() < 0.2:  # a record that is not a table
            data["hexes"][rng.choice(sorted(data["hexes"]))] = "axis"
        got = read(data)
        assert got == read(by_the_reader(data)), round_
    # a table that is not a table
    for table in ("armies", "hexes"):
        data = copy.deepcopy(base)
        data[table] = ["P10"]
        assert read(data) == read(by_the_reader(data))
        assert isinstance(read(data), list)
