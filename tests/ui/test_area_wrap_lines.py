"""A line round the back of a map that wraps (an imported TripleA world: Alaska - 2 Sea Zone) is
drawn as two stubs running off the map's edges, by ``mapref render`` and by the area editor's
canvas (under Xvfb), never as a line across the whole map."""

from shapely.geometry import box

from mapref.core.areamodel import AreaMap, ColourClass, Location, MoveLine
from mapref.render.area_png import render_area
from mapref.render.scene import AreaProjection, area_map_marks
from tests.ui.test_area_editor import at_zoom_2, click, make_editor

LINE = (107, 107, 107)  # land lines' grey, #6b6b6b


def world(wrap: bool) -> AreaMap:
    """Three locations across a world 600 wide: Far West and Far East meet round the back."""
    m = AreaMap(name="Round the world", colours={"tan": ColourClass("Land", "#e0d0a0")})
    for lid, x0 in (("far_west", 0), ("middle", 100), ("far_east", 500)):
        m.locations[lid] = Location(
            lid,
            lid.replace("_", " ").title(),
            polygon=box(x0, 0, x0 + (400 if lid == "middle" else 100), 100),
            colour="tan",
        )
    m.wrap_x = (0.0, 600.0)
    m.lines["far_east-far_west"] = MoveLine("far_east-far_west", "far_east", "far_west", wrap=wrap)
    return m


def near(c, rgb, d=40):
    return all(abs(a - b) <= d for a, b in zip(c, rgb, strict=True))


def test_render_draws_a_line_round_the_back_as_two_stubs_off_the_edges():
    m = world(wrap=True)
    img = render_area(m, width=640, hidden={"names"})  # the map's 600 units in x 40..600, its top at y = 76
    k = 560 / 600
    y = round(76 + 50 * k)  # the line's height: the labels' middle
    grey = sorted({x for x in range(img.width) for dy in (-1, 0, 1) if near(img.getpixel((x, y + dy)), LINE)})
    # nothing over the middle of the map; a stub from each end to the map's edge (x 40 and 600),
    # half way round to the other end, where its chevron says it goes on
    assert not [x for x in grey if 40 + 150 * k < x < 40 + 450 * k]
    assert min(grey) <= 42 and max(grey) >= 598
    # the same line not marked wrap crosses the whole map
    straight = render_area(world(wrap=False), width=640, hidden={"names"})
    assert any(near(straight.getpixel((320, y + dy)), LINE) for dy in (-1, 0, 1))


def test_the_area_canvas_draws_and_picks_the_two_stubs(tk_root, tmp_path):
    ed = make_editor(tmp_path / "w.toml", world(wrap=True))
    try:
        at_zoom_2(ed)
        c = ed.canvas
        paths = [i for i in c.find_withtag("line:far_east-far_west") if "path" in c.gettags(i)]
        assert len(paths) == 2
        for i in paths:  # each stub stays in its own outer third, with an arrow where it leaves the map
            xs = c.coords(i)[0::2]
            assert max(xs) - min(xs) <= 2 * 110 and (max(xs) < 2 * 200 or min(xs) > 2 * 400)
            assert c.itemcget(i, "arrow") == "last"
        ed.set_tool("select")
        click(ed, (20, 50 + 2))  # on the west stub, between Far West's label and the edge
        assert ed.selected == ("line", "far_east-far_west")
        sel = c.find_withtag("selection")
        assert sel and all(max(c.coords(i)[0::2]) - min(c.coords(i)[0::2]) < 2 * 200 for i in sel)
    finally:
        ed.root.destroy()


def test_the_scene_of_a_position_draws_the_two_stubs_too():
    # the one description the web page (mapref export-html) is written from
    m = world(wrap=True)
    v = AreaProjection(m, 640)
    lines = [mk for mk in area_map_marks(m, v) if "move-line" in mk.tags]
    assert len(lines) == 2 and all(mk.arrow == "last" for mk in lines)
    for mk in lines:  # each from its own end to the map's edge, none across the middle
        xs = [p[0] for p in mk.pts]
        assert max(xs) - min(xs) < v((150, 0))[0] - v((0, 0))[0] + 1
    ends = [mk for mk in area_map_marks(m, v) if "line-end" in mk.tags]
    assert len(ends) == 2  # at Far West and Far East, none at the seam
