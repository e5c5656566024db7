"""The victory types issue 16 adds to the one evaluator (mapref.rules.victory): all-of, several
holding sides, a phase, and the VP track, read from real TOML with line-precise problems."""

import tomllib

import pytest

from mapref.io.problems import FileProblems, Reader
from mapref.rules.victory import conditions_data, evaluate, read_conditions

SIDES = ("axis", "allies", "germany", "italy", "japan")

TOML = """
[victory.eu]
rule = "R1"
text = "4 of 8"
type = "hold_n"
role = "part"
sides = ["germany", "italy"]
winner = "axis"
count = 2
spaces = ["a", "b", "c"]

[victory.pac]
rule = "R1"
text = "japan 1"
type = "hold_n"
role = "part"
side = "japan"
winner = "axis"
count = 1
spaces = ["t"]

[victory.axis]
rule = "R1"
text = "both"
type = "all"
of = ["eu", "pac"]
winner = "axis"
when = "immediate"
phase = "missions"

[victory.track]
rule = "0.2"
text = "the track"
type = "track"
when = "immediate"

[victory.allies]
rule = "R2"
text = "default"
type = "default"
winner = "allies"
when = "end"
"""


class F:
    def __init__(self, held, phase="missions", over=False, track=None):
        self.held, self.phase, self.over, self._track = held, phase, over, track

    def holder(self, s):
        return self.held.get(s)

    def start_holder(self, s):
        return None

    def production(self, side, printed):
        return 0

    def track(self):
        return self._track


def read(text):
    r = Reader("v.toml", text)
    out = read_conditions(r, tomllib.loads(text), SIDES)
    r.raise_if_any()
    return out


def test_all_of_parts_held_by_several_sides_in_a_phase():
    conds = read(TOML)
    held = {"a": "germany", "b": "italy", "t": "japan"}
    v = evaluate(conds, F(held))
    assert v["winner"] == "axis" and v["immediate"] and "germany and italy holds 2 of 3" in v["condition"]
    assert evaluate(conds, F(held, phase="combat")) is None  # only in its phase
    assert evaluate(conds, F({"a": "germany", "t": "japan"})) is None  # a part fails: 1 of 3
    assert evaluate(conds, F({}, over=True))["winner"] == "allies"  # the parts decide nothing alone


def test_a_track_condition_takes_its_winner_from_the_track():
    conds = read(TOML)
    v = evaluate(
        conds, F({}, phase="x", track={"how": "automatic", "winner": "allies", "condition": "German Surrender"})
    )
    assert v["winner"] == "allies" and v["rule"] == "0.2" and "German Surrender" in v["condition"]
    assert (
        evaluate(conds, F({}, phase="x", track={"how": "score", "winner": "axis"})) is None
    )  # a score decides at the end only


def test_the_new_keys_round_trip():
    conds = read(TOML)
    d = conditions_data(conds)
    assert (
        d["axis"]["of"] == ["eu", "pac"]
        and d["axis"]["phase"] == "missions"
        and d["eu"]["sides"] == ["germany", "italy"]
    )


@pytest.mark.parametrize(
    "change,words",
    [
        ('of = ["eu", "pac"]', 'of = ["eu", "nope"]'),
        ('sides = ["germany", "italy"]\nwinner = "axis"', 'sides = ["germany", "italy"]'),
    ],
)
def test_problems_have_their_line(change, words):
    bad = TOML.replace(change, words)
    with pytest.raises(FileProblems) as e:
        read(bad)
    p = e.value.problems[0]
    assert p.file == "v.toml" and p.line is not None and p.key.startswith("victory.")
