"""The exported position in a real browser (issue 25): ``mapref export-html`` writes the page, a
headless Chromium opens it (tests/render/conftest.py), and the tests do what a player does:
tap an army cut off and see the spaces that cut it, tap a supplied one and see its line, turn
the supply view on and see each side's territory shaded, tap a space and read what it holds,
zoom with the wheel and with two fingers, drag the map; on a phone-sized and a desktop-sized
screen.  What the page shows is checked against the referee's own verdicts (Ruleset.pieces,
supply_view) read from the same saved game."""

from __future__ import annotations

from pathlib import Path

import pytest

from mapref.rules.session import open_game
from tests.helpers import mapref
from tests.render.positions import ROOT, hw_cut_off
from tests.rules.sfe_positions import position as sfe_position

pytestmark = pytest.mark.browser


def export(game: Path, out: Path) -> Path:
    r = mapref("export-html", game, "-o", out, cwd=ROOT)
    assert r.returncode == 0, r.stderr
    return out


def verdicts(game: Path):
    s = open_game(game)
    return s, s.ruleset.pieces(s.game, s.report())


def index_of(tab, piece_id: str) -> int:
    return int(tab.get_attribute(f'.piece[data-id="{piece_id}"]', "data-p"))


def shown(tab, selector: str) -> list:
    """The elements matching ``selector`` that the browser draws (not hidden by a style)."""
    return tab.eval_on_selector_all(
        selector,
        "els => els.filter(e => e.getBoundingClientRect().width > 0)"
        ".map(e => e.getAttribute('data-s') || e.getAttribute('class'))",
    )


def click_piece(tab, piece_id: str) -> None:
    tab.click(f'.piece[data-id="{piece_id}"]')


def pixel(png: bytes, x: int, y: int) -> tuple[int, int, int]:
    import io

    from PIL import Image

    return Image.open(io.BytesIO(png)).convert("RGB").getpixel((x, y))


def centre_of(tab, selector: str) -> tuple[float, float]:
    box = tab.locator(selector).first.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


@pytest.fixture(scope="module")
def hw_page(tmp_path_factory):
    d = tmp_path_factory.mktemp("hw")
    game = hw_cut_off(d / "kiev.toml")
    return game, export(game, d / "kiev.html")


@pytest.fixture(scope="module")
def sfe_page(tmp_path_factory):
    d = tmp_path_factory.mktemp("sfe")
    # 8 Supply Lines: "There are two Axis counters in Riga. The Soviet allies control Leningrad and
    # Bialystok. The two Axis counters in Riga are out of supply."
    s = sfe_position(
        d, add={"A90": ("axis", 1, "riga"), "A91": ("axis", 2, "riga")}, flags={"riga": "axis"}, name="riga.toml"
    )
    game = Path(s.path)
    return game, export(game, d / "riga.html")


# ------------------------------------------------------------------------------ Hitler's War
def test_an_army_cut_off_shows_the_spaces_that_cut_it(hw_page, open_page):
    game, page = hw_page
    _s, pieces = verdicts(game)
    kiev = next(p for p in pieces if p.title == "Kiev Military District")
    assert kiev.supplied is False and len(kiev.cut) == 6
    p = open_page(page)
    tab = p.tab
    assert shown(tab, ".supply-cut") == []
    click_piece(tab, kiev.id)
    # each cut hex ringed (a dark edge, a white halo, the red ring) and its outline red
    rings = shown(tab, ".supply-cut")
    assert sorted(set(rings)) == sorted(kiev.cut) and len(rings) == 3 * len(kiev.cut)
    assert sorted(tab.eval_on_selector_all("#layer-spaces .cut", "els => els.map(e => e.dataset.s)")) == sorted(
        kiev.cut
    )
    assert tab.eval_on_selector("#layer-spaces .cut", "e => getComputedStyle(e).stroke") == "rgb(255, 59, 48)"
    text = tab.inner_text("#inspector")
    assert "Kiev Military District" in text and "Out of supply: cut at " in text and "N14" in text
    for space in kiev.cut:
        assert space in text
    assert shown(tab, ".supply-path") == []
    assert p.errors == []


def test_a_supplied_army_shows_its_line_to_its_source(hw_page, open_page):
    game, page = hw_page
    s, pieces = verdicts(game)
    moscow = next(p for p in pieces if p.title == "Moscow")
    assert moscow.supplied and len(moscow.supply_path) > 2
    p = open_page(page)
    tab = p.tab
    click_piece(tab, moscow.id)
    assert len(shown(tab, ".supply-path")) == 1 and len(shown(tab, ".supply-halo")) == 1
    i = index_of(tab, moscow.id)
    d = tab.get_attribute(f"#sel-{i} .supply-path", "d")
    points = d[1:].replace("L", " ").split()
    assert len(points) == len(moscow.supply_path)  # through every hex the referee traced
    # the line starts on the army's hex and ends on its source: the page's hex centres
    spaces = tab.evaluate(
        "() => { const d = JSON.parse(document.getElementById('position-data').textContent); return d.spaces; }"
    )
    assert spaces[moscow.supply_path[0]] and spaces[moscow.supply_path[-1]]
    first = tab.evaluate(
        f"() => {{ const e = document.querySelector('#layer-spaces [data-s=\"{moscow.supply_path[0]}\"]'); "
        "return [+e.getAttribute('x'), +e.getAttribute('y')]; }"
    )
    assert [round(float(v)) for v in points[0].split(",")] == [round(v) for v in first]
    assert tab.eval_on_selector(f"#sel-{i} .supply-path", "e => getComputedStyle(e).stroke") == "rgb(30, 158, 58)"
    text = tab.inner_text("#inspector")
    assert "Moscow" in text and "In supply" in text
    # another tap elsewhere: the line goes, the new army's verdict shows
    click_piece(tab, next(x for x in pieces if x.title == "Kiev Military District").id)
    assert shown(tab, ".supply-path") == [] and "Out of supply" in tab.inner_text("#inspector")
    assert p.errors == []


def test_the_supply_view_shades_each_sides_territory(hw_page, open_page):
    game, page = hw_page
    s = open_game(game)
    view = s.ruleset.supply_view(s.game)
    p = open_page(page)
    tab = p.tab
    hexes = {side: [x for x in sup if not x.startswith("box:")] for side, (sup, _u) in view.items()}
    assert shown(tab, ".supplied") == []
    # a supplied Soviet hex, as drawn before and after
    probe = "R17"
    assert probe in hexes["soviet"]
    x, y = centre_of(tab, f'#layer-spaces [data-s="{probe}"]')
    before = pixel(tab.screenshot(), int(x + 6), int(y + 6))
    tab.click("#supply-toggle")
    assert tab.get_attribute("#supply-toggle", "aria-pressed") == "true"
    for side, spaces in hexes.items():
        assert sorted(shown(tab, f".supplied-{side}")) == sorted(spaces), side
    after = pixel(tab.screenshot(), int(x + 6), int(y + 6))
    soviet = (0x9E, 0x1B, 0x1B)
    # shaded towards the side's colour
    assert sum(abs(a - b) for a, b in zip(after, soviet, strict=True)) < sum(
        abs(a - b) for a, b in zip(before, soviet, strict=True)
    )
    # the army cut off is ringed in the supply view
    rings = shown(tab, ".unsupplied-ring")
    assert len(rings) == 3
    tab.keyboard.press("s")  # the window's key too: off again
    assert shown(tab, ".supplied") == [] and tab.get_attribute("#supply-toggle", "aria-pressed") == "false"
    assert p.errors == []


def test_a_tapped_space_shows_what_the_inspector_says(hw_page, open_page):
    game, page = hw_page
    p = open_page(page)
    tab = p.tab
    # Berlin, an empty hex: a tap inside it
    x, y = centre_of(tab, '#layer-spaces [data-s="P10"]')
    tab.mouse.click(x + 4, y + 4)
    text = tab.inner_text("#inspector")
    berlin = open_game(game).map.hexes[open_game(game).map.grid.parse("P10")]
    assert (
        "P10 Berlin" in text and "Germany" in text and f"production {berlin.production}" in text and "capital" in text
    )
    assert "held by axis" in text and "supplied for axis" in text
    # a hex with an army names it, with its strength
    tab.click("#fit")
    x, y = centre_of(tab, '#layer-spaces [data-s="N14"]')
    tab.mouse.click(x - 12, y + 8)  # inside the hex, off its counter
    text = tab.inner_text("#inspector")
    name = open_game(game).map.hexes[open_game(game).map.grid.parse("N14")].name
    assert (
        f"N14 {name}" in text
        and "Soviet Union" in text
        and "here: Kiev Military District" in text
        and "out of supply" in text
    )
    assert p.errors == []


def test_zoom_with_the_wheel_and_two_fingers_and_drag_to_pan(hw_page, open_page):
    game, page = hw_page
    p = open_page(page, 390, 844, touch=True)
    tab = p.tab

    def view():
        return [float(v) for v in tab.get_attribute("#map", "viewBox").split()]

    full = view()
    # names of the main cities only when zoomed out; every name and the coordinates when in
    assert shown(tab, ".coord") == [] and len(shown(tab, ".fit-name")) > 10
    box = tab.locator("#map").bounding_box()
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    cdp = tab.context.new_cdp_session(tab)

    def touch(kind, points):
        cdp.send(
            "Input.dispatchTouchEvent",
            {"type": kind, "touchPoints": [{"x": x, "y": y, "id": i} for i, (x, y) in enumerate(points)]},
        )

    touch("touchStart", [(cx - 20, cy), (cx + 20, cy)])
    for k in range(1, 9):
        touch("touchMove", [(cx - 20 - 15 * k, cy), (cx + 20 + 15 * k, cy)])
    touch("touchEnd", [])
    pinched = view()
    assert pinched[2] < full[2] / 3  # four times as far apart: about a quarter of the map across
    assert len(shown(tab, ".coord")) > 20 and shown(tab, ".fit-name") == []
    # one finger drags the map
    touch("touchStart", [(cx, cy)])
    for k in range(1, 6):
        touch("touchMove", [(cx + 20 * k, cy + 10 * k)])
    touch("touchEnd", [])
    dragged = view()
    assert dragged[0] < pinched[0] and dragged[1] < pinched[1] and dragged[2] == pytest.approx(pinched[2])
    # the wheel on a desktop
    d = open_page(page)
    before = [float(v) for v in d.tab.get_attribute("#map", "viewBox").split()]
    d.tab.mouse.move(500, 400)
    d.tab.mouse.wheel(0, -300)
    d.tab.wait_for_function(f"document.getElementById('map').getAttribute('viewBox').split(' ')[2] < {before[2]}")
    assert p.errors == [] and d.errors == []


@pytest.mark.parametrize("which", ["hw_page", "sfe_page"])
def test_the_names_shown_never_overlap(which, request, open_page):
    game, page = request.getfixturevalue(which)
    p = open_page(page)
    tab = p.tab
    for clicks in (0, 3):
        for _ in range(clicks):
            tab.click("#zoom-in")
        boxes = tab.eval_on_selector_all(
            ".name, .fit-name",
            "els => els.filter(e => getComputedStyle(e).display !== 'none' && "
            "e.getBBox().width > 0 && getComputedStyle(e.closest('.layer')).display !== 'none')"
            ".map(e => { const b = e.getBBox(); return [e.textContent, b.x, b.y, b.x + b.width, b.y + b.height, "
            "e.classList.contains('fit-name')]; })",
        )
        assert len(boxes) > 15
        for group in (True, False):  # the names of a zoom (the main cities' zoomed out, every name zoomed in)
            shown_now = [b for b in boxes if b[5] == group]
            for i, a in enumerate(shown_now):
                for b in shown_now[i + 1 :]:
                    assert not (a[1] < b[3] and b[1] < a[3] and a[2] < b[4] and b[2] < a[4]), (a, b)


def test_the_page_asks_the_network_for_nothing(hw_page, open_page):
    _game, page = hw_page
    p = open_page(page)
    p.tab.click("#supply-toggle")
    assert p.requests == [page.resolve().as_uri()]


# ------------------------------------------------------------------------- Struggle for Europe
def test_struggle_for_europe_counters_cut_off_and_supplied(sfe_page, open_page):
    game, page = sfe_page
    s, pieces = verdicts(game)
    a90 = next(p for p in pieces if p.id == "counter:A90")
    assert a90.supplied is False and a90.cut == ["bialystok.w", "leningrad.w"]
    p = open_page(page)
    tab = p.tab
    click_piece(tab, a90.id)
    rings = shown(tab, ".supply-cut")
    assert sorted(set(rings)) == ["bialystok.w", "leningrad.w"] and len(rings) == 6
    assert sorted(set(tab.eval_on_selector_all("#layer-spaces .cut", "els => els.map(e => e.dataset.s)"))) == [
        "bialystok.w",
        "leningrad.w",
    ]
    text = tab.inner_text("#inspector")
    assert "Out of supply: cut at" in text and "Bialystok (west)" in text and "Leningrad (west)" in text
    # a counter in supply: its line along the move lines to its supply location
    berlin = next(p for p in pieces if p.supplied and p.space == "ruhr")
    click_piece(tab, berlin.id)
    assert len(shown(tab, ".supply-path")) == 1 and shown(tab, ".supply-cut") == []
    assert "In supply" in tab.inner_text("#inspector")
    # the supply view: each faction's supplied halves and locations shaded, Riga faded for the Axis
    view = s.ruleset.supply_view(s.game)
    tab.click("#supply-toggle")
    assert sorted(set(shown(tab, ".supplied-axis"))) == sorted(view["axis"][0])
    assert sorted(shown(tab, ".unsupplied-axis")) == ["riga.n", "riga.s"]
    # a location's facts
    tab.click("#fit")
    tab.evaluate("() => window.mapref.showSpace('riga')")
    text = tab.inner_text("#inspector")
    assert (
        "Riga" in text
        and "code riga" in text
        and "held by axis" in text
        and "here: A90" in text
        and "here: A91" in text
    )
    assert p.errors == []


# ---------------------------------------------------------------------------- every game, print
@pytest.mark.parametrize(
    "scenario",
    [
        "barbarossa",
        "fall_of_germany",
        "war_for_europe",
        "war_for_europe_vp",
        "struggle_for_europe",
        "aa_house_rules",
        "three_fronts",
    ],
)
def test_every_shipped_game_opens_and_answers_a_tap(scenario, tmp_path, open_page):
    from tests.render.positions import shipped_game

    game = shipped_game(tmp_path / "g.toml", scenario)
    page = export(game, tmp_path / "g.html")
    p = open_page(page, 390, 844, touch=True)
    tab = p.tab
    s = open_game(game)
    assert tab.inner_text("#title") == s.position()["title"]
    n = tab.eval_on_selector_all(".piece", "els => els.length")
    if n:
        tab.locator(".piece").first.tap()
        assert tab.locator("#inspector .piece-info").count() == 1
    else:  # a board of tracks or an area map without pieces: a space answers
        first = tab.eval_on_selector("#layer-spaces [data-s]", "e => e.dataset.s")
        tab.evaluate(f"() => window.mapref.showSpace({first!r})")
        assert tab.locator("#inspector .space").count() == 1
    assert p.errors == [] and p.requests == [page.resolve().as_uri()]


def test_it_prints_the_whole_map_then_the_text(hw_page, open_page, tmp_path):
    _game, page = hw_page
    p = open_page(page)
    tab = p.tab
    tab.click("#zoom-in")
    tab.emulate_media(media="print")
    tab.evaluate("() => window.dispatchEvent(new Event('beforeprint'))")
    assert tab.eval_on_selector(".controls", "e => getComputedStyle(e).display") == "none"
    assert tab.eval_on_selector("#supply-toggle", "e => getComputedStyle(e).display") == "none"
    full = tab.evaluate("() => document.getElementById('position-data').textContent")
    import json

    x0, y0, x1, y1 = json.loads(full)["extent"]
    assert [float(v) for v in tab.get_attribute("#map", "viewBox").split()] == pytest.approx([x0, y0, x1 - x0, y1 - y0])
    box = tab.locator("#map").bounding_box()
    assert (
        box["width"] > 1000 and abs(box["height"] / box["width"] - (y1 - y0) / (x1 - x0)) < 0.02
    )  # all of it, as drawn
    pdf = tab.pdf(format="A4")
    assert pdf.startswith(b"%PDF") and len(pdf) > 50_000
    assert p.errors == []


# ------------------------------------------------------------------------------- screenshots
def test_screenshots_for_the_docs(hw_page, sfe_page, open_page, tmp_path):
    """The pictures in docs/ (docs/web-page-*.png) are made by tools/web_page_screenshots.py
    with these same steps; here they are taken and checked to show the map, its counters and the
    text on a phone and on a laptop."""
    for (_game, page), (w, h), touch in (
        (hw_page, (390, 844), True),
        (hw_page, (1366, 768), False),
        (sfe_page, (1366, 768), False),
    ):
        p = open_page(page, w, h, touch=touch)
        box = p.tab.locator("#map").bounding_box()
        assert box["width"] <= w and box["height"] > 200
        assert p.tab.locator("#inspector").bounding_box()["width"] > 0
        png = p.tab.screenshot()
        from PIL import Image
        import io

        img = Image.open(io.BytesIO(png))
        assert img.size == (w, h)
        assert len(img.convert("RGB").getcolors(1 << 20)) > 50  # a drawn map, not a blank page
