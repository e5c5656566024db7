"""Map edits as commands: do, undo, redo, groups, the saved pointer; no screen needed."""

import pytest
from hypothesis import given, settings, strategies as st

from mapref.core.commands import (
    AddBox,
    AddFeature,
    ChangeGrid,
    CommandGroup,
    DeleteBox,
    EditBox,
    EditError,
    SetEntry,
    SetHexProps,
    SetMapAttr,
    SetSide,
    UndoStack,
)
from mapref.core.grid import Grid
from mapref.core.model import Box, Country, Feature
from mapref.io.mapfile import dumps_map, load_map

from pathlib import Path
from tests.helpers import examples

SAMPLE = Path(__file__).resolve().parents[2] / "maps" / "sample.toml"


@pytest.fixture
def m():
    return load_map(SAMPLE)


def test_set_hex_props_undo_restores_every_value(m):
    before = dumps_map(m)
    s = UndoStack(m)
    p = m.grid.parse("E7")
    s.push(SetHexProps.same([p, m.grid.parse("E8")], terrain="coastal", port=4, name="X"))
    assert m.hexes[p].port == 4 and m.hexes[p].name == "X"
    s.undo()
    assert dumps_map(m) == before
    s.redo()
    assert m.hexes[p].terrain == "coastal"


def test_refused_edit_changes_nothing(m):
    with pytest.raises(EditError, match="production must be 0-16, got 17"):
        SetHexProps.same([m.grid.parse("E7")], production=17)
    with pytest.raises(EditError, match="terrain must be one of"):
        SetHexProps.same([m.grid.parse("E7")], terrain="swamp")


def test_group_is_one_step_and_dirty_follows_saved_pointer(m):
    s = UndoStack(m)
    before = dumps_map(m)
    s.begin_group("Paint")
    for lab in ("A3", "A4", "A5", "A4"):
        s.push(SetHexProps.same([m.grid.parse(lab)], terrain="land", country="ge"))
    assert s.dirty
    g = s.end_group()
    assert isinstance(g, CommandGroup) and len(s.done) == 1
    s.mark_saved()
    assert not s.dirty
    s.undo()
    assert dumps_map(m) == before and s.dirty
    s.redo()
    assert not s.dirty
    s.undo()
    s.push(SetHexProps.same([m.grid.parse("A3")], production=2))
    assert s.saved is None and s.dirty and not s.can_redo()


def test_sides_boxes_features_and_map_attrs(m):
    s = UndoStack(m)
    before = dumps_map(m)
    side = m.grid.hexside(m.grid.parse("E7"), m.grid.parse("E8"))
    s.push(SetSide(side, impassable=True))
    s.push(SetSide(m.grid.parse_side("D1-D2"), crossing=False))
    s.push(AddBox("x", Box("Exile", production=3, land=(m.grid.parse("A1"),))))
    s.push(EditBox(m, "x", production=5))
    s.push(DeleteBox("usa"))
    s.push(AddFeature("d1", Feature("lend_lease_depot", hex=m.grid.parse("H8"))))
    s.push(SetEntry("countries", "fr", Country("France", "#a8d58f", "france")))
    s.push(
        SetMapAttr(name="Renamed", background={"image": "scan.png", "opacity": 0.4, "offset": [1.0, 2.0], "scale": 0.5})
    )
    assert m.side(side).impassable and "D1-D2" not in [m.grid.side_label(x) for x in m.hexsides]
    assert m.boxes["x"].production == 5 and "usa" not in m.boxes and "fr" in m.countries
    after = dumps_map(m)
    while s.undo():
        pass
    assert dumps_map(m) == before
    while s.redo():
        pass
    assert dumps_map(m) == after


def test_change_grid_keeps_hex_data_by_label_and_undoes(m):
    s = UndoStack(m)
    before = dumps_map(m)
    g = m.grid
    bigger = Grid(
        rows=g.rows + 2,
        cols=g.cols + 1,
        orientation=g.orientation,
        shifted=g.shifted,
        shift=g.shift,
        labels=g.labels,
        first_row=g.first_row,
    )
    c = ChangeGrid(bigger)
    s.push(c)
    assert m.grid == bigger and len(m.hexes) == bigger.rows * bigger.cols
    assert m.hex("E7").name == "Berlin" and m.hex("F9").capital and c.dropped == 0
    assert m.boxes["siberia"].land
    s.undo()
    assert dumps_map(m) == before
    smaller = Grid(rows=5, cols=5)
    c = ChangeGrid(smaller)
    s.push(c)
    assert c.dropped > 0 and m.find_name("Moscow") is None and m.find_name("London") is not None
    assert all(m.grid.contains(h) for h in m.boxes["siberia"].land)


@settings(max_examples=examples(30), deadline=None)
@given(
    st.lists(
        st.tuples(
            st.integers(1, 8), st.integers(1, 10), st.sampled_from(["sea", "land", "coastal"]), st.integers(0, 16)
        ),
        min_size=1,
        max_size=20,
    )
)
def test_any_sequence_undoes_to_the_original(ops):
    m = load_map(SAMPLE)
    s = UndoStack(m)
    before = dumps_map(m)
    from mapref.core.grid import Hex

    for r, c, t, p in ops:
        s.push(SetHexProps.same([Hex(r, c)], terrain=t, production=p))
    after = dumps_map(m)
    while s.undo():
        pass
    assert dumps_map(m) == before and not s.dirty
    while s.redo():
        pass
    assert dumps_map(m) == after
