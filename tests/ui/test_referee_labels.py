"""Counters and names on the referee's boards (issue 21): they scale with the zoom and never
overlap or clip at any zoom.  A counter's text fits inside its counter ("10-0+2" at the fit
zoom); a name never lies under a counter or over another name (it moves aside, or hides until the
zoom makes room); on an area map each location is named at a point well inside it, with no raw
condition text, and a name at the map's edge ("Leningrad") shows in full at the fit zoom."""

from __future__ import annotations

from pathlib import Path

import pytest

from mapref.ui.referee import RefereeWindow, load_for_play

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def laptop_window(laptop_tk):
    def make(scenario):
        w = RefereeWindow(laptop_tk, load_for_play(ROOT / "scenarios" / f"{scenario}.toml"), quiet=True)
        laptop_tk.update()
        w.canvas.fit()
        laptop_tk.update()
        return w

    return make


def touch(a, b, slack=1):
    return a[0] + slack < b[2] and b[0] + slack < a[2] and a[1] + slack < b[3] and b[1] + slack < a[3]


def counters(c):
    return [tuple(c.bbox(i)) for i in c.find_withtag("unit") if c.type(i) == "rectangle"]


def names(c):
    return [
        (c.itemcget(i, "text"), tuple(c.bbox(i)))
        for i in c.find_withtag("name")
        if c.itemcget(i, "state") != "hidden" and c.bbox(i)
    ]


def in_view(c, bb):
    x0, y0 = c.canvasx(0), c.canvasy(0)
    return bb[0] >= x0 and bb[1] >= y0 and bb[2] <= x0 + c.winfo_width() and bb[3] <= y0 + c.winfo_height()


def settle_zoom(w, factor):
    """Zoom about the middle of the board as the + and - keys do, and let the map redraw."""
    c = w.canvas
    c.zoom_step(factor)
    w.root.update()
    if getattr(c, "_redraw_after", None):  # an area map redraws a moment after the last zoom step
        c.after_cancel(c._redraw_after)
        c._settle()
    w.root.update()


def check_board(w):
    c = w.canvas
    boxes = counters(c)
    shown = names(c)
    on_counter = [(t, bb) for t, bb in shown if any(touch(bb, u) for u in boxes)]
    assert on_counter == [], on_counter[:5]
    crossing = [(a, b) for i, (a, ra) in enumerate(shown) for b, rb in shown[i + 1 :] if touch(ra, rb)]
    assert crossing == [], crossing[:5]
    # each counter's text inside its counter
    for i in c.find_withtag("unit"):
        if c.type(i) != "text" or not c.itemcget(i, "text"):
            continue
        tb = c.bbox(i)
        rect = next(
            (
                j
                for j in c.find_withtag(next(t for t in c.gettags(i) if t.startswith("piece:")))
                if c.type(j) == "rectangle"
            ),
            None,
        )
        if rect is not None:
            rb = c.bbox(rect)
            assert rb[0] - 1 <= tb[0] and tb[2] <= rb[2] + 1, (c.itemcget(i, "text"), tb, rb)
    return shown


@pytest.mark.parametrize("scenario", ["war_for_europe", "struggle_for_europe", "aa_house_rules"])
def test_names_and_counters_never_overlap_at_any_zoom(laptop_window, scenario):
    w = laptop_window(scenario)
    c = w.canvas
    sizes = []
    for factor in (1.0, 1.6, 1.6, 0.5):
        if factor != 1.0:
            settle_zoom(w, factor)
        shown = check_board(w)
        sizes.append(
            (
                c.zoom,
                max(
                    (c.bbox(i)[2] - c.bbox(i)[0] for i in c.find_withtag("unit") if c.type(i) == "rectangle"), default=0
                ),
                len(shown),
            )
        )
    # counters grow with the zoom, and more names find room
    assert sizes[2][2] >= sizes[0][2] and (sizes[2][1] > sizes[0][1] or not w.pieces)


def test_area_names_stand_inside_their_locations_in_full_and_without_conditions(laptop_window):
    from shapely.geometry import Point

    w = laptop_window("struggle_for_europe")
    c = w.canvas
    texts = [c.itemcget(i, "text") for i in c.find_all() if c.type(i) == "text"]
    assert not [t for t in texts if " if " in t or ">=" in t or t.startswith("supply")]
    shown = dict((t.replace("\u2605 ", ""), bb) for t, bb in names(c))
    assert "Leningrad" in shown and in_view(c, shown["Leningrad"])  # not "ngrad"
    for t, bb in shown.items():
        assert in_view(c, bb), t
    # a name that stays at its place is on the location's pole of inaccessibility
    m = w.map
    berlin = next(i for i in c.find_withtag("name:berlin"))
    x, y = c.coords(berlin)
    assert (
        m.locations["berlin"].polygon.buffer(1).contains(Point(x / c.zoom, y / c.zoom))
        or m.locations["berlin"].polygon.distance(Point(x / c.zoom, y / c.zoom)) * c.zoom < 30
    )
