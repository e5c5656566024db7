"""Hex grid geometry: neighbours, distance, labels, hexsides and pixels, for every layout."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mapref.core.grid import Grid, Hex, LabelError, letters_row, row_letters
from mapref.core.layout import Layout
from tests.helpers import examples

LAYOUTS = [
    dict(orientation=o, shifted=p, shift=s, first_row=f)
    for o, shifts in (("pointy", ("east", "west")), ("flat", ("north", "south")))
    for p in ("even", "odd")
    for s in shifts
    for f in ("south", "north")
]


def grid_for(layout, rows=9, cols=11, labels="letter-number"):
    return Grid(rows=rows, cols=cols, labels=labels, **layout)


@st.composite
def grid_and_hex(draw):
    layout = draw(st.sampled_from(LAYOUTS))
    rows = draw(st.integers(1, 30))
    cols = draw(st.integers(1, 30))
    labels = draw(st.sampled_from(["letter-number", "ccrr"]))
    g = grid_for(layout, rows, cols, labels)
    h = Hex(row=draw(st.integers(1, rows)), col=draw(st.integers(1, cols)))
    return g, h


def test_hitlers_war_neighbours_match_the_rulebook():
    # Hitler's War, Fleet movement rule 19: Taranto (J11) is entered through I12, so they touch;
    # Barbarossa set-up: Army Group Centre (O14) faces P14, O15 and N14.
    g = Grid(rows=21, cols=21)

    def nb(lab):
        return {g.label(n) for n in g.neighbours(g.parse(lab))}

    assert "I12" in nb("J11")
    assert {"P14", "O15", "N14"} <= nb("O14")
    assert {"R13", "Q14"} <= nb("Q13")
    assert {"Q14", "P14"} <= nb("P13")
    assert nb("J11") == {"J10", "J12", "K11", "K12", "I11", "I12"}  # J shifted east
    assert nb("I11") == {"I10", "I12", "J10", "J11", "H10", "H11"}  # I not shifted


@given(grid_and_hex())
@settings(max_examples=examples(300))
def test_neighbours_are_symmetric_and_at_distance_one(gh):
    g, h = gh
    for dr in g.directions():
        n = g.neighbour(h, dr)
        assert g.distance(h, n) == 1
        assert h in [g.neighbour(n, d2) for d2 in g.directions()]
        assert g.hexside(h, n) == g.hexside(n, h)
    assert len(set(g.hexsides(h))) == 6


@given(grid_and_hex(), st.data())
@settings(max_examples=examples(300))
def test_distance_is_the_shortest_walk(gh, data):
    g, a = gh
    b = Hex(row=data.draw(st.integers(1, g.rows)), col=data.draw(st.integers(1, g.cols)))
    # breadth-first search over the unbounded lattice agrees with the formula
    frontier, seen, dist = {a}, {a}, 0
    while b not in frontier:
        nxt = set()
        for h in frontier:
            for dr in g.directions():
                n = g.neighbour(h, dr)
                if n not in seen and -3 <= n.row <= g.rows + 3 and -3 <= n.col <= g.cols + 3:
                    seen.add(n)
                    nxt.add(n)
        frontier, dist = nxt, dist + 1
    assert g.distance(a, b) == dist == g.distance(b, a)


@given(grid_and_hex())
@settings(max_examples=examples(300))
def test_labels_round_trip(gh):
    g, h = gh
    assert g.parse(g.label(h)) == h
    for s in g.hexsides(h):
        assert g.parse_side(g.side_label(s)) == s


@given(grid_and_hex(), st.floats(5, 80), st.floats(-0.45, 0.45), st.floats(-0.45, 0.45))
@settings(max_examples=examples(300))
def test_pixel_round_trip(gh, size, fx, fy):
    g, h = gh
    lay = Layout(g, size, origin=(7.0, -3.0))
    x, y = lay.centre(h)
    assert lay.pixel_to_hex(x, y) == h
    # any point well inside the hex (within the inscribed circle) maps back to it
    r = size * 0.8
    assert lay.pixel_to_hex(x + fx * r, y + fy * r) == h


@pytest.mark.parametrize("layout", LAYOUTS)
def test_adjacent_centres_are_one_hex_width_apart_and_share_a_side(layout):
    g = grid_for(layout)
    lay = Layout(g, 20)
    for h in [Hex(4, 5), Hex(5, 5)]:
        cx, cy = lay.centre(h)
        for dr in g.directions():
            n = g.neighbour(h, dr)
            nx, ny = lay.centre(n)
            assert abs(((nx - cx) ** 2 + (ny - cy) ** 2) ** 0.5 - 20 * 3**0.5) < 1e-6
            # the side segment seen from h is the side seen from n
            seg_h = sorted(lay.side_segment(h, dr))
            seg_n = sorted(lay.side_segment(n, g.direction_of(n, h)))
            for p, q in zip(seg_h, seg_n, strict=True):
                assert abs(p[0] - q[0]) < 1e-6 and abs(p[1] - q[1]) < 1e-6


@pytest.mark.parametrize("layout", LAYOUTS)
def test_layout_bounds_start_at_zero(layout):
    lay = Layout(grid_for(layout), 10)
    x0, y0, x1, y1 = lay.bounds()
    assert abs(x0) < 1e-6 and abs(y0) < 1e-6 and x1 > 0 and y1 > 0


def test_row_letters_continue_past_z():
    assert [row_letters(i) for i in (1, 26, 27, 28, 52, 53, 702, 703)] == [
        "A",
        "Z",
        "AA",
        "AB",
        "AZ",
        "BA",
        "ZZ",
        "AAA",
    ]
    for i in range(1, 2000):
        assert letters_row(row_letters(i)) == i


def test_pointy_row_a_is_south_so_row_u_is_drawn_above_it():
    g = Grid(rows=21, cols=21)
    lay = Layout(g, 10)
    assert lay.centre(g.parse("U1"))[1] < lay.centre(g.parse("A1"))[1]
    assert lay.centre(g.parse("A2"))[0] > lay.centre(g.parse("A1"))[0]
    # row B is shifted east of row A
    assert lay.centre(g.parse("B1"))[0] > lay.centre(g.parse("A1"))[0]


@pytest.mark.parametrize(
    "labels, text, message",
    [
        ("letter-number", "10P", "'10P' is not a hex label: expected row letters then a column number, such as 'P10'"),
        ("letter-number", "P", "'P' is not a hex label: expected row letters then a column number, such as 'P10'"),
        ("letter-number", "Z10", "'Z10' is off the map: rows run A..U, columns 1..21"),
        ("letter-number", "P22", "'P22' is off the map: rows run A..U, columns 1..21"),
        ("ccrr", "105", "'105' is not a hex label: expected 4 digits (column then row), such as '1016'"),
        ("ccrr", "2201", "'2201' is off the map: rows run 1..21, columns 1..21"),
    ],
)
def test_bad_labels_say_what_was_expected(labels, text, message):
    g = Grid(rows=21, cols=21, labels=labels)
    with pytest.raises(LabelError) as e:
        g.parse(text)
    assert str(e.value) == message


def test_ccrr_labels_widen_for_big_maps():
    g = Grid(rows=200, cols=150, labels="ccrr", first_row="north")
    assert g.label(Hex(row=7, col=120)) == "120007"
    assert g.parse("120007") == Hex(row=7, col=120)


def test_bad_grid_settings_are_refused():
    with pytest.raises(ValueError, match="shift for a flat grid"):
        Grid(rows=3, cols=3, orientation="flat", shift="east")


def test_neighbours_and_all_sides_walked_by_steps_agree_with_neighbour_on_every_kind_of_grid():
    """Issue 27: the largest map's 300,000 sides took seconds one neighbour() call each; they are
    walked with the grid's neighbour steps now, and must be the very same hexes and sides."""
    from mapref.core.grid import Hexside, Orientation

    for o in Orientation:
        for shifted in ("even", "odd"):
            for shift in ("east", "west") if o is Orientation.POINTY else ("north", "south"):
                for first in ("south", "north"):
                    g = Grid(7, 6, o, shifted, shift, first_row=first)
                    for h in g.hexes():
                        assert g.neighbours(h) == [
                            n for n in (g.neighbour(h, d) for d in g.directions()) if g.contains(n)
                        ]
                    want, seen = [], set()
                    for h in g.hexes():
                        for d in g.directions():
                            n = g.neighbour(h, d)
                            s = Hexside(min(h, n), max(h, n))
                            if s not in seen:
                                seen.add(s)
                                want.append(s)
                    assert list(g.all_hexsides()) == want
