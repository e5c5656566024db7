"""An imported TripleA board drawn as a game (issue 31): every name stands inside its own territory,
shrunk where it would not fit, on the web page's scene and the printed PNG; each nation's counters
and markers are in the colour its map gives it (map.properties ``color.PLAYER``); the units of
every territory are counters with their count; the page offers only the hints that apply."""

from __future__ import annotations

from pathlib import Path

import pytest
import shapely

from mapref.render.html import page_hint
from mapref.render.scene import position_scene
from mapref.render.scene_area import AreaProjection, name_size
from mapref.rules.session import open_game
from tests.helpers import mapref

ROOT = Path(__file__).resolve().parents[2]
FAMILY = ROOT / "tests" / "data" / "triplea_family"


def imported_game(tmp_path: Path, which: Path) -> Path:
    r = mapref("import-triplea", str(which), "-o", "m.toml", "--scenario", "s.toml", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert mapref("new-game", "s.toml", "-o", "g.toml", cwd=tmp_path).returncode == 0
    return tmp_path / "g.toml"


def back(v):
    """The page's drawing units back to the map's."""
    (ax, ay), (bx, by) = v((0.0, 0.0)), v((1000.0, 1000.0))
    return lambda x, y: ((x - ax) * 1000.0 / (bx - ax), (y - ay) * 1000.0 / (by - ay))


def stands_in(poly, box, to_map) -> bool:
    """A name's box (the text's own extent: its height less a fifth above and below) stands in a
    territory: its middle inside, and all of it but a fifth (NAME_SPILL) give or take the pixel a
    drawing's font rounds to, never on a neighbour's land or off the map."""
    x0, y0, x1, y1 = box
    iy = (y1 - y0) * 0.22
    (ax, ay), (bx, by) = to_map(x0, y0 + iy), to_map(x1, y1 - iy)
    b = shapely.box(min(ax, bx), min(ay, by), max(ax, bx), max(ay, by))
    return poly.contains(b.centroid) and poly.intersection(b).area >= 0.75 * b.area


@pytest.mark.parametrize(
    "which", [FAMILY / "regions", FAMILY / "cities", FAMILY / "broken", ROOT / "tests" / "data" / "triplea_toy"]
)
def test_every_name_on_the_page_stands_inside_its_own_territory(tmp_path, which):
    s = open_game(imported_game(tmp_path, which))
    sc = position_scene(s)
    v = AreaProjection(s.map, 1600.0)
    to_map = back(v)
    names = [mk for mk in sc.marks if "name" in mk.tags and mk.space in s.map.locations]
    assert names and len({mk.space for mk in names}) == len(names)  # each name once
    for mk in names:
        assert stands_in(s.map.locations[mk.space].polygon, mk.box(), to_map), (mk.text, mk.space)
    if which.name == "regions":  # a name wider than its territory at the page's size is drawn smaller
        full = name_size(sc.scale)
        sizes = {mk.text: mk.size for mk in names}
        assert sizes["Union of South Africa"] < full and sizes["Persia"] == full


def test_each_nation_in_its_map_colour_and_its_units_as_counters(tmp_path):
    s = open_game(imported_game(tmp_path, FAMILY / "regions"))
    sc = position_scene(s)
    # map.properties: color.Germans=5a5a5a, color.Japanese=e6b42d
    assert sc.colours["germans"][0] == "#5a5a5a" and sc.colours["japanese"][0] == "#e6b42d"
    counters = {(p.space, p.side): p for p in sc.pieces}
    assert counters[("germany", "germans")].text == "3" and counters[("west_russia", "germans")].text == "4"
    assert counters[("russia", "russians")].title == "4 Russians land units in Russia"
    assert counters[("13_sea_zone", "japanese")].kind == "fleet"
    fills = {t[5:]: mk.fill for mk in sc.marks if "counter" in mk.tags for t in mk.tags if t.startswith("side:")}
    assert fills["germans"] == "#5a5a5a" and fills["japanese"] == "#e6b42d" and fills["russians"] == "#af2828"
    # the victory cities' stars and the capitals' dots in their holder's colour
    marks = {(mk.space, t): mk.fill for mk in sc.marks for t in mk.tags if t in ("mark-star", "mark-dot")}
    assert marks[("japan", "mark-star")] == marks[("japan", "mark-dot")] == "#e6b42d"
    assert marks[("western_europe", "mark-star")] == "#5a5a5a"  # Paris, held by the Germans
    # no supply in this game: the page does not offer a piece's supply line
    assert (
        page_hint(sc)
        == "Tap a piece for what it is; tap a space for what it holds. Drag to pan; wheel or pinch to zoom."
    )


def test_the_printed_png_keeps_names_inside_their_territories(tmp_path):
    """The PNG of the map places names as the page does (mapref.render.scene_area.fit_names):
    each label's box, as the PNG draws it (its name, a capital's star, its VP badge), stands in
    its territory, shrunk where need be."""
    from mapref.render.area_png import SS, _fit_names, _name_box, _View
    from mapref.render.png import _font
    from mapref.render.text import Glyphs

    s = open_game(imported_game(tmp_path, FAMILY / "regions"))
    m = s.map
    v = _View(m, 1600, margin=40)
    to_map = back(v)
    locs = list(m.locations.values())
    fits = _fit_names(m, v, locs, Glyphs(_font(13 * SS, bold=True), 2 * SS), SS, True)
    assert all(f is not None for f in fits)
    for loc, (dx, dy, k) in zip(locs, fits, strict=True):
        x, y = v(loc.label_point)
        glyphs = Glyphs(_font(max(6, int(13 * SS * k)), bold=True), 2 * SS)
        box = _name_box(x + dx, y + dy, loc, glyphs, SS * k, True)
        assert stands_in(loc.polygon, box, to_map), loc.name


@pytest.mark.parametrize("which", [FAMILY / "regions", FAMILY / "cities"])
def test_every_victory_city_star_and_capital_dot_stands_in_its_own_territory(tmp_path, which):
    """The markers go before the name, side by side; in a territory too small for them there
    (a cell of the family's boards, World War II v4's Southern Europe at the page's size) they go
    above the name or where else they fit, never on a sea zone or a neighbour."""
    s = open_game(imported_game(tmp_path, which))
    sc = position_scene(s)
    to_map = back(AreaProjection(s.map, 1600.0))
    marks = [mk for mk in sc.marks if {"mark-star", "mark-dot"} & set(mk.tags)]
    assert len(marks) >= 12
    for mk in marks:
        x0, y0, x1, y1 = mk.box()
        assert s.map.locations[mk.space].polygon.contains(shapely.Point(to_map((x0 + x1) / 2, (y0 + y1) / 2))), (
            mk.space,
            mk.tags,
        )
