"""Area map files: the sample uses every feature, round trips to the same bytes, saves are
atomic, and every problem of a bad file is reported at once with its line."""

import os
from pathlib import Path

import pytest
from shapely.geometry import Point

from mapref.core.areamodel import Condition, Supply
from mapref.io.anyfile import load_any
from mapref.io.areafile import AreaFile, dumps_area_map, load_area_map, save_area_map
from mapref.io.problems import FileProblems

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "maps" / "area_sample.toml"
INVALID = ROOT / "tests" / "data" / "invalid_area"


def test_the_sample_round_trips_to_the_same_bytes():
    assert dumps_area_map(load_area_map(SAMPLE)) == SAMPLE.read_text(encoding="utf-8")


def test_the_sample_uses_every_feature():
    m = load_area_map(SAMPLE)
    paris, sedan, berlin, marseilles, bern = (
        m.locations[k] for k in ("paris", "sedan", "berlin", "marseilles", "bern")
    )
    assert (paris.name, paris.colour, paris.capital, paris.vp, paris.supply) == (
        "Paris",
        "blue",
        True,
        2,
        (Supply("western"),),
    )
    assert paris.anchor == (150.0, 140.0) and paris.halves == ("e", "w")
    # the first half lies left of the split line walked from its first point: Sedan's line runs north
    assert (
        sedan.halves == ("w", "e")
        and sedan.half_geoms["w"].bounds[2] == 240.0
        and sedan.half_geoms["e"].bounds[0] == 240.0
    )
    assert len(berlin.polygon.interiors) == 1  # a lake
    assert marseilles.polygon.geom_type == "MultiPolygon" and len(marseilles.parts) == 2
    assert bern.supply[1] == Supply("axis", Condition((("turn", 12),), (("turn", 20),)))
    assert sedan.attrs == {"terrain": "forest"}
    # lines meet a half at its anchor when the map gives one, else at a point well inside it
    assert sedan.half_points == {"w": (225.0, 150.0), "e": (255.0, 140.0)} and m.space_point("sedan.e") == (
        255.0,
        140.0,
    )
    assert paris.half_anchors == {} and paris.half_geoms["w"].contains(Point(paris.half_points["w"]))
    usa = m.boxes["usa"]
    assert (
        usa.size == (80.0, 50.0)
        and usa.condition.holds({"allied_deck": 3})
        and not usa.condition.holds({"allied_deck": 2})
    )
    assert usa.supply[0].condition == Condition((("allied_deck", 3),))
    algiers = m.lines["london-algiers"]
    assert (algiers.kind, algiers.oneway, algiers.condition.text(), dict(algiers.attrs)) == (
        "naval",
        True,
        "allied_deck >= 2",
        {"rule": "s2"},
    )
    assert m.lines["london-paris"].defence_a == 2 and m.lines["sedan-ruhr"].defence_a == 1
    assert m.lines["usa-algiers"].via == ((0.0, 300.0),)
    assert m.lines["ruhr-berlin_2"].kind == "rail" and m.line_kinds["rail"].name == "Railway"
    assert m.lines["ruhr-berlin_2"].condition.active_until == (("turn", 20),)
    assert m.lines["bern-marseilles"].proposed
    assert {c.name for c in m.colours.values()} == {"Western Allies", "Soviet Allies", "Axis", "Neutral"}
    assert m.regions["front"].members == ("sedan.e", "ruhr")
    assert (
        m.land is not None
        and len(m.land.interiors if m.land.geom_type == "Polygon" else m.land.geoms[0].interiors) == 1
    )
    assert m.geo_to_map(-10, 60) == (0.0, 0.0)
    assert m.notes


def test_load_any_gives_an_area_file_whose_check_passes():
    kind, obj = load_any(SAMPLE)
    assert kind == "area" and isinstance(obj, AreaFile)
    assert obj.check() == []


def test_check_names_the_file_line_and_key_of_an_overlap(tmp_path):
    text = SAMPLE.read_text(encoding="utf-8").replace(
        "[200, 70], [215, 150], [210, 230], [110, 230],", "[200, 70], [245, 150], [210, 230], [110, 230],", 1
    )
    p = tmp_path / "overlap.toml"
    p.write_text(text, encoding="utf-8")
    _, obj = load_any(p, shown="overlap.toml")
    lines = obj.check()
    line_no = next(i for i, t in enumerate(text.splitlines(), 1) if t.startswith("[locations.paris]")) + 9
    assert lines == [f"overlap.toml:{line_no}:1: locations.paris.polygon: Paris and Sedan overlap (area 2400.00)"]


def test_a_change_survives_save_and_reload(tmp_path):
    import dataclasses

    m = load_area_map(SAMPLE)
    m.locations["paris"] = dataclasses.replace(m.locations["paris"], name='Paris "la ville"', vp=5)
    out = tmp_path / "a.toml"
    save_area_map(m, out)
    again = load_area_map(out)
    assert again.locations["paris"].name == 'Paris "la ville"' and again.locations["paris"].vp == 5
    assert dumps_area_map(again) == out.read_text(encoding="utf-8")


def test_a_failed_save_leaves_the_old_file_intact(tmp_path, monkeypatch):
    target = tmp_path / "area.toml"
    target.write_bytes(SAMPLE.read_bytes())
    before = target.read_bytes()
    m = load_area_map(SAMPLE)
    m.name = "changed"

    def broken_fsync(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", broken_fsync)
    with pytest.raises(OSError):
        save_area_map(m, target)
    monkeypatch.undo()
    assert target.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["area.toml"]


def test_a_non_canonical_file_is_read_and_written_canonically(tmp_path):
    p = tmp_path / "loose.toml"
    p.write_text(
        'format = 1\nkind = "area"\nname = "Loose"\n[locations.a]\nname = "A"\n'
        "polygon = [[0.0, 0.0], [10.50, 0], [10, 10], [0, 0]]\n",
        encoding="utf-8",
    )
    text = dumps_area_map(load_area_map(p))
    assert "polygon = [\n  [0, 0], [10.5, 0], [10, 10],\n]" in text  # the closing point is not repeated
    p.write_text(text, encoding="utf-8")
    assert dumps_area_map(load_area_map(p)) == text


def invalid_cases():
    return sorted(INVALID.glob("*.toml"))


def test_invalid_folder_has_at_least_twenty_files():
    assert len(invalid_cases()) >= 20


@pytest.mark.parametrize("path", invalid_cases(), ids=lambda p: p.name)
def test_invalid_file_gives_its_exact_messages(path):
    expected = path.with_suffix(".expected").read_text(encoding="utf-8").splitlines()
    shown = f"tests/data/invalid_area/{path.name}"
    with pytest.raises(FileProblems) as e:
        load_any(path, shown=shown)
    assert [str(p) for p in e.value.problems] == expected


def test_the_example_in_docs_format_md_loads_and_is_canonical(tmp_path):
    doc = (ROOT / "docs" / "format.md").read_text(encoding="utf-8")
    section = doc[doc.index('# Area maps (`kind = "area"`)') :]
    example = section[section.index("```toml\n") + 8 : section.index("```\n", section.index("```toml\n") + 8)]
    p = tmp_path / "example.toml"
    p.write_text(example, encoding="utf-8")
    m = load_area_map(p)
    assert dumps_area_map(m) == example
    assert m.locations["sedan"].spaces() == ("sedan.w", "sedan.e") and m.lines["usa-paris"].oneway
    assert load_any(p)[1].check() == []


def test_page_accepted_warnings_and_crossing_lines_round_trip(tmp_path):
    m = load_area_map(SAMPLE)
    m.page = (1200.0, 800.0)
    m.accept = ("no-lines:bern", "gap")
    import dataclasses

    m.lines["london-paris"] = dataclasses.replace(m.lines["london-paris"], crossing=True)
    out = dumps_area_map(m)
    assert "page = [1200, 800]" in out and 'accept = ["no-lines:bern", "gap"]' in out and "crossing = true" in out
    p = tmp_path / "m.toml"
    p.write_text(out, encoding="utf-8")
    back = load_area_map(p)
    assert (back.page, back.accept, back.lines["london-paris"].crossing) == (
        (1200.0, 800.0),
        ("no-lines:bern", "gap"),
        True,
    )
    assert dumps_area_map(back) == out and back.bounds()[2] >= 1200
    p.write_text(out.replace('"gap"]', '"overlap", "no-such-code"]'), encoding="utf-8")
    with pytest.raises(FileProblems) as e:
        load_area_map(p)
    (prob,) = e.value.problems
    assert prob.key == "checks.accept" and prob.line == out.splitlines().index('accept = ["no-lines:bern", "gap"]') + 1


def _grid_map(n: int) -> str:
    """An area map of ``n`` square locations side by side (a designer's generated map)."""
    side = int(n**0.5) + 1
    out = ['format = 1\nkind = "area"\nname = "grid"\n']
    for k in range(n):
        x, y = (k % side) * 10, (k // side) * 10
        out.append(
            f"[locations.l{k}]\npolygon = [[{x}, {y}], [{x + 10}, {y}], [{x + 10}, {y + 10}], [{x}, {y + 10}]]\n"
        )
    return "\n".join(out)


def test_a_ten_thousand_location_map_opens_and_a_far_bigger_one_is_one_clear_error(tmp_path):
    """Issue 26 measures (and Generate areas makes, issue 22) area maps of 10,000 locations: they
    must open; the cap that keeps a hostile file's cost bounded (issue 27) lies beyond them."""
    from mapref.io.areafile import MAX_LOCATIONS

    p = tmp_path / "ten_thousand.toml"
    p.write_text(_grid_map(10_000))
    assert len(load_area_map(p).locations) == 10_000
    p.write_text(_grid_map(MAX_LOCATIONS + 1))
    with pytest.raises(FileProblems) as e:
        load_area_map(p)
    assert str(e.value).splitlines() == [
        f"{p}:5:1: locations: {MAX_LOCATIONS + 1:,} locations: mapref reads area maps of up to {MAX_LOCATIONS:,}"
    ]


def test_outlines_made_at_once_are_those_made_one_by_one():
    """A big map's outlines are made in one shapely call (``_outlines``), the same polygons,
    coordinate for coordinate, as ``_area`` makes of each location (and the same count of
    points); other shapes (several parts, holes) are left to ``_area``, and so is every
    location when a ring's points are wrong, so each problem is reported as before."""
    import shapely

    from mapref.io.areafile import _area, _outlines
    from mapref.io.problems import Reader

    tables = {
        "ints": {"polygon": [[0, 0], [10, 0], [10, 10], [0, 10]]},
        "closed": {"polygon": [[0.5, 0.25], [10, 0], [10, 10.75], [0.5, 0.25]]},  # the first point repeated at the end
        "zeros": {"polygon": [[-0.0, 0.0], [3.0, -0.0], [3.0, 3.0]]},
        "crossed": {"polygon": [[0, 0], [10, 10], [10, 0], [0, 10]]},
        "far": {"polygon": [[-1e7, -1e7], [1e7, -1e7], [1e7, 1e7]]},
        "parts": {"polygon": [[[0, 0], [1, 0], [1, 1]], [[5, 5], [6, 5], [6, 6]]]},
        "holed": {"polygon": [[0, 0], [10, 0], [10, 10], [0, 10]], "holes": [[[2, 2], [3, 2], [3, 3]]]},
        "nothing": {"name": "no polygon"},
    }
    got = _outlines(tables)
    assert set(got) == {"ints", "closed", "zeros", "crossed", "far"}
    for lid, (g, n) in got.items():
        one = _area(Reader("m.toml", ""), tables[lid], f"locations.{lid}")
        assert g.wkb == one.wkb and g.geom_type == one.geom_type and n == shapely.get_num_coordinates(one), lid
    for bad in (
        [[0, 0], [1, 0], [0, 0]],  # two points once closed
        [[0, 0], [1, 0], [1, 1], [0, 0], [0, 0]],  # closed twice
        [[0, 0], [1, 0], [1, True]],
        [[0, 0], [1, 0], [1, "1"]],
        [[0, 0], [1, 0], [1, 2, 3]],
        [[0, 0], [1, 0], [1, float("nan")]],
        [[0, 0], [1, 0], [1, 2e7]],
        [[0, 0], [1, 0], [1, 10**400]],
    ):
        assert _outlines({**tables, "bad": {"polygon": bad}}) == {}, bad


def test_a_plain_line_is_read_as_the_general_reading_reads_it():
    """``{ a = .., b = .., kind = .. }`` between two spaces of the map is read with a few checks
    (``_plain_line``), as the general reading (``_read_line``) reads it; any other line is left
    to the general reading, which reports its problems."""
    from mapref.core.areamodel import BUILTIN_LINE_KINDS, AreaMap
    from mapref.io.areafile import _plain_line, _read_line
    from mapref.io.problems import Reader

    m = AreaMap()
    spaces, kinds = {"paris", "sedan.w", "box:usa"}, set(BUILTIN_LINE_KINDS)
    plain = {
        "a": {"a": "paris", "b": "sedan.w"},
        "b": {"a": "box:usa", "b": "paris", "kind": "naval"},
        "c-d_1": {"b": "paris", "kind": "land", "a": "sedan.w"},
    }
    for lid, lt in plain.items():
        r = Reader("m.toml", "")
        assert _plain_line(lid, lt, spaces, kinds) == _read_line(r, m, lid, lt, spaces, kinds, set()) and not r.problems
        assert _plain_line(lid, lt, spaces, kinds).attrs == {}
    others = {
        "one": {"a": "paris", "b": "sedan.w", "oneway": True},
        "far": {"a": "paris", "b": "lyon"},
        "same": {"a": "paris", "b": "paris"},
        "rail": {"a": "paris", "b": "sedan.w", "kind": "rail"},
        "num": {"a": "paris", "b": "sedan.w", "kind": 3},
        "list": {"a": ["paris"], "b": "sedan.w"},
        "half": {"a": "paris"},
        "Bad id": {"a": "paris", "b": "sedan.w"},
        "str": "paris-sedan",
    }
    for lid, lt in others.items():
        assert _plain_line(lid, lt, spaces, kinds) is None, lid


def test_ids_checked_at_once_agree_with_each_checked_alone():
    """``_all_ids`` (one match over a table's keys joined by newlines) says yes exactly when
    ``valid_id`` says yes of every key: keys with a newline, empty, uppercase, a leading dash,
    other letters, and tables of one key or none."""
    from mapref.core.areamodel import valid_id
    from mapref.io.areafile import _all_ids

    good = ["paris", "a", "0", "_x", "sedan-w", "area_19999", "a-b-c_1"]
    bad = ["", "Paris", "-a", "a b", "a\nb", "\n", "a\n", "\nb", "é", "a.b", "a\r", "a\t"]
    assert _all_ids(good) and _all_ids([]) and _all_ids({"paris": 1})
    for k in bad:
        for keys in ([k], [*good, k], [k, *good], [*good[:3], k, *good[3:]]):
            assert _all_ids(keys) is all(valid_id(x) for x in keys) is False, keys
    for keys in (["a\nb", "c"], ["a", "b\nc\nd"]):  # (a newline splits a key in two ids)
        assert not _all_ids(keys)


def test_a_line_made_at_once_is_the_line_its_class_makes():
    """``_new_line`` (the plain line's fields set without the frozen dataclass's ``__init__``)
    makes what ``MoveLine(lid, a, b, kind=kind, attrs={})`` makes: equal, every field the same,
    in the same order, and a class with nothing more to run when it is made."""
    import dataclasses

    from mapref.core.areamodel import MoveLine
    from mapref.io.areafile import _new_line

    got, want = (
        _new_line("p-s", "paris", "sedan.w", "naval"),
        MoveLine("p-s", "paris", "sedan.w", kind="naval", attrs={}),
    )
    assert got == want and type(got) is MoveLine
    assert list(vars(got).items()) == list(vars(want).items())
    assert [f.name for f in dataclasses.fields(MoveLine)] == list(vars(want))
    assert not hasattr(MoveLine, "__post_init__") and not hasattr(MoveLine, "__slots__")
    got.attrs["x"] = 1  # each line its own attrs
    assert _new_line("p-s", "paris", "sedan.w", "naval").attrs == {}
    with pytest.raises(dataclasses.FrozenInstanceError):
        got.a = "lyon"


def test_a_point_read_at_once_is_the_point_the_general_reading_gives():
    """``_point``'s usual case (two ints or floats within MAX_COORD) answers as the checks one
    number at a time (``_number``) do: the same point, or the same problem."""
    from mapref.io.areafile import MAX_COORD, _number, _point
    from mapref.io.problems import Reader

    values = [
        [1, 2],
        [1.5, -2.25],
        [-0.0, 0],
        [MAX_COORD, -MAX_COORD],
        [int(MAX_COORD), -int(MAX_COORD)],
        [MAX_COORD * (1 + 1e-15), 0],
        [int(MAX_COORD) + 1, 0],
        [10**400, 0],
        [float("nan"), 0],
        [0, float("inf")],
        [0, -float("inf")],
        [True, 0],
        [0, False],
        ["1", 2],
        [1, 2, 3],
        [1],
        [],
        (1, 2),
        "1, 2",
        None,
    ]
    for v in values:
        r, expected = Reader("m.toml", ""), Reader("m.toml", "")
        got = _point(r, {"at": v}, "at", "loc")
        if isinstance(v, list) and len(v) == 2 and all(_number(x) for x in v):
            want = (float(v[0]), float(v[1]))
        else:
            want = None
            expected.expected("loc.at", "[x, y] (two numbers)", v)
        assert got == want and [str(p) for p in r.problems] == [str(p) for p in expected.problems], v
        assert got is None or all(type(x) is float for x in got)


def test_reading_and_checking_leave_the_collector_as_they_found_it(tmp_path):
    """A file is read, and an area map built and checked, with Python's cycle collector paused
    (a big map's million objects are not searched as they come); it runs again after, the file
    good or bad (a syntax error, a bad id, one that tomllib reads), and stays off if it was."""
    import gc

    from mapref.core.arealint import lint_area
    from mapref.io.problems import collector_paused
    from mapref.rules.files import open_file

    bad = tmp_path / "bad.toml"
    bad.write_text('format = 1\nkind = "area"\n[locations.Paris]\npolygon = [[0, 0], [1, 0], [1, 1]]\n')
    broken = tmp_path / "broken.toml"
    broken.write_text('format = 1\nkind = "area\n')
    odd = tmp_path / "odd.toml"  # (a dotted key: read by tomllib)
    odd.write_text('format = 1\nkind = "area"\nlocations.a.polygon = [[0, 0], [1, 0], [1, 1]]\n')
    for enabled in (True, False):
        (gc.enable if enabled else gc.disable)()
        try:
            for read in (load_area_map, open_file):
                assert read(SAMPLE) and gc.isenabled() is enabled
                assert read(odd) and gc.isenabled() is enabled
                for path in (bad, broken):
                    with pytest.raises(FileProblems):
                        read(path)
                    assert gc.isenabled() is enabled
            lint_area(load_area_map(SAMPLE))
            assert gc.isenabled() is enabled
            with pytest.raises(KeyError), collector_paused():
                with collector_paused():
                    assert not gc.isenabled()
                assert not gc.isenabled()  # (the outermost restores it)
                raise KeyError
            assert gc.isenabled() is enabled
        finally:
            gc.enable()


def test_what_a_pause_made_goes_to_the_collectors_oldest_generation_and_is_still_collected():
    """After a pause (io.problems.collector_paused) the objects made during it are in the cycle
    collector's oldest generation (the young collections do not search them again), none is
    frozen, and cyclic garbage made during the pause is collected as any other."""
    import gc
    import weakref

    from mapref.io.problems import collector_paused

    class Node:
        pass

    assert gc.isenabled() and gc.get_freeze_count() == 0
    with collector_paused():
        kept = [Node() for _ in range(5000)]
        a, b = Node(), Node()
        a.other, b.other = b, a  # a cycle
        gone = weakref.ref(a)
        del a, b
    assert gc.isenabled() and gc.get_freeze_count() == 0
    young = {id(o) for gen in (0, 1) for o in gc.get_objects(gen)}
    assert not young & {id(x) for x in kept}
    oldest = {id(o) for o in gc.get_objects(2)}
    assert {id(x) for x in kept} <= oldest
    assert gone() is not None  # (a cycle: only the collector frees it)
    gc.collect()
    assert gone() is None


def test_a_plain_location_is_read_as_the_general_reading_reads_it():
    """A table of name, colour, capital, vp, anchor and a one-ring polygon, none of them wrong,
    is made by ``_plain_location`` as the general reading (``_place``, ``_point``, ``_area``)
    makes it, with no problem; any other location (another key, a wrong value) is left to the
    general reading, which reports its problems."""
    import dataclasses

    from mapref.core.areamodel import AreaMap, ColourClass
    from mapref.io.areafile import _area, _outlines, _place, _plain_location, _point
    from mapref.io.problems import Reader
    from mapref.core.areamodel import Location

    m = AreaMap()
    m.colours = {"blue": ColourClass("Western Allies", "#9dbce0")}
    ring = [[0, 0], [10, 0], [10.5, 10], [0, 10]]
    plain = [
        {"polygon": ring},
        {"name": "Paris", "colour": "blue", "capital": True, "vp": 3, "anchor": [5, 5.5], "polygon": ring},
        {"name": "", "colour": "", "capital": False, "vp": 0, "anchor": [-1e7, 1e7], "polygon": ring + [[0, 0]]},
        {"vp": 99, "polygon": ring, "anchor": [0, -0.0]},
    ]
    for n, lt in enumerate(plain):
        got = _outlines({"x": lt})["x"]
        r = Reader("m.toml", "")
        want = Location(
            "x",
            anchor=_point(r, lt, "anchor", "locations.x"),
            halves=(),
            split=(),
            polygon=_area(r, lt, "locations.x"),
            half_anchors={},
            **_place(r, lt, "locations.x", m),
        )
        made = _plain_location("x", lt, got, m.colours)
        assert not r.problems and made is not None and made.same(want), n
        assert list(vars(made).items())[:-1] == list(vars(want).items())[:-1]  # (the outline: same wkb, above)
        assert made.attrs == {} and made.half_anchors == {} and type(made.anchor) is type(want.anchor)
        assert [f.name for f in dataclasses.fields(Location)] == list(vars(made))  # (made without __init__)
        made.attrs["x"] = made.half_anchors["w"] = 1  # each its own
        assert _plain_location("x", lt, got, m.colours).attrs == {} and want.attrs == {}
        with pytest.raises(dataclasses.FrozenInstanceError):
            made.vp = 2
        assert made.parts == want.parts and made.spaces() == ("x",)  # (its cached properties work)
    assert not hasattr(Location, "__post_init__") and not hasattr(Location, "__slots__")
    others = [
        {"colour": "red", "polygon": ring},
        {"colour": 3, "polygon": ring},
        {"name": 3, "polygon": ring},
        {"capital": 1, "polygon": ring},
        {"vp": True, "polygon": ring},
        {"vp": 100, "polygon": ring},
        {"vp": -1, "polygon": ring},
        {"vp": 1.0, "polygon": ring},
        {"anchor": [float("nan"), 0], "polygon": ring},
        {"anchor": [0, 2e7], "polygon": ring},
        {"anchor": [0, 1, 2], "polygon": ring},
        {"anchor": [True, 1], "polygon": ring},
        {"anchor": "0 1", "polygon": ring},
        {"supply": "western", "polygon": ring},
        {"attrs": {}, "polygon": ring},
        {"halves": ["w", "e"], "split": [[5, -1], [5, 11]], "polygon": ring},
        {"polygon": ring, "nmae": "Paris"},
    ]
    got = _outlines({"x": {"polygon": ring}})["x"]
    for lt in others:
        assert _plain_location("x", lt, got, m.colours) is None, lt
    assert _plain_location("x", "paris", got, m.colours) is None


def test_too_many_points_in_all_is_one_clear_error_at_the_location_that_goes_over(tmp_path, monkeypatch):
    """The points of every location are counted, plain locations too (read at once), and the
    location whose points go over the limit is named, with its line."""
    from mapref.io import areafile

    monkeypatch.setattr(areafile, "MAX_POINTS", 10)
    p = tmp_path / "m.toml"
    tables = "".join(
        f"[locations.{k}]\npolygon = [[{x}, 0], [{x + 1}, 0], [{x + 1}, 1], [{x}, 1]]\n" for x, k in enumerate("abc")
    )
    p.write_text(f'format = 1\nkind = "area"\n{tables}')
    with pytest.raises(FileProblems) as e:
        load_area_map(p, shown="m.toml")
    assert [str(x) for x in e.value.problems] == [
        "m.toml:7:1: locations.c: more than 10 points in all the locations: mapref reads area maps of up to "
        "that many (simplify the outlines)"
    ]
    monkeypatch.setattr(areafile, "MAX_POINTS", 15)
    assert len(load_area_map(p).locations) == 3


@pytest.mark.parametrize("name", ["area_sample", "europe_areas", "struggle_for_europe", "three_fronts"])
def test_the_spaces_lines_are_checked_against_are_the_maps_spaces(name):
    """``_spaces`` (taken at once when no location has halves) is ``set(m.all_spaces())``: with
    halves and boxes (the maps), and with the halves taken away."""
    import dataclasses

    from mapref.io.areafile import _spaces

    m = load_area_map(ROOT / "maps" / f"{name}.toml")
    assert _spaces(m) == set(m.all_spaces())
    halved = sum(1 for loc in m.locations.values() if loc.halves)
    m.locations = {k: dataclasses.replace(loc, halves=(), split=()) for k, loc in m.locations.items()}
    assert _spaces(m) == set(m.all_spaces()) and len(_spaces(m)) == len(m.locations) + len(m.boxes)
    if name in ("area_sample", "europe_areas"):
        assert halved and m.boxes  # (the cases are there)
