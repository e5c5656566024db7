"""A map of a world that wraps round, in the area map file: its seams (``[wrap] x = [x0, x1]``),
lines marked ``wrap = true`` that go round the back, and what ``mapref check`` says of them."""

import tomllib

import pytest
from shapely.geometry import box

from mapref.core.arealint import lint_area
from mapref.core.areamodel import AreaMap, Location, MoveLine
from mapref.io.areafile import area_from_dict, dumps_area_map, load_area_map
from mapref.io.problems import FileProblems


def world() -> AreaMap:
    m = AreaMap(name="Ring")
    for i, lid in enumerate(("west", "middle", "east")):
        m.locations[lid] = Location(lid, lid.title(), polygon=box(i * 100, 0, i * 100 + 100, 100))
    m.wrap_x = (0.0, 300.0)
    m.lines["west-middle"] = MoveLine("west-middle", "west", "middle")
    m.lines["middle-east"] = MoveLine("middle-east", "middle", "east")
    m.lines["east-west"] = MoveLine("east-west", "east", "west", wrap=True)
    return m


def test_seams_and_lines_round_the_back_are_saved_and_read_back(tmp_path):
    m = world()
    text = dumps_area_map(m)
    assert "[wrap]\n" in text and "x = [0, 300]" in text and "wrap = true" in text
    (tmp_path / "ring.toml").write_text(text, encoding="utf-8")
    back = load_area_map(tmp_path / "ring.toml")
    assert back.wrap_x == (0.0, 300.0) and back.wrap_y is None
    assert back.lines["east-west"].wrap and not back.lines["west-middle"].wrap
    # East and West meet across the seam: a land line round the back needs no strait crossing
    assert [p.message for p in lint_area(back) if p.level != "note"] == []


def test_a_land_line_round_the_back_between_locations_that_do_not_meet_there_is_a_warning():
    m = world()
    m.locations["east"] = Location("east", "East", polygon=box(200, 0, 280, 100))  # 20 short of the seam
    m.lines["middle-east"] = MoveLine("middle-east", "middle", "east", crossing=True)
    (p,) = [p for p in lint_area(m) if p.level != "note"]
    assert p.code == "land-line-apart" and "even across the map's seam" in p.message


def test_bad_seams_and_a_line_round_a_map_that_does_not_wrap_are_named_by_key_and_line():
    base = dumps_area_map(world())
    text = base.replace("x = [0, 300]", "x = [300, 300]")
    with pytest.raises(FileProblems) as e:
        area_from_dict(tomllib.loads(text), text, "ring.toml")
    p = e.value.problems[0]  # (and the line round the back of a map without a seam)
    assert p.key == "wrap.x" and p.line == text.splitlines().index("x = [300, 300]") + 1 and "x0 below x1" in p.message
    text = base.replace("x = [0, 300]\n", "")
    with pytest.raises(FileProblems) as e:
        area_from_dict(tomllib.loads(text), text, "ring.toml")
    (p,) = e.value.problems
    assert p.key == "lines.east-west.wrap" and "only wrap round a map that wraps" in p.message and p.line
