"""The log stepped through on the exported page, in a real browser (issue 35): the slider, the
buttons and the arrow keys go back to the opening position and forward again, each position
the one ``mapref undo`` gives (the page of a copy of the game taken back that far, compared part
by part and pixel by pixel), with the action's line, its rule and the spaces it touched."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.helpers import mapref

pytestmark = pytest.mark.browser

# what a position shows, read from a page: the facts of every space, every piece's verdict (its
# number aside: a page of fewer positions numbers its pieces as it meets them), the text parts
SHOWN = """() => {
  const D = window.mapref.data;
  const pieces = Object.values(D.pieces).map(p => { const q = Object.assign({}, p); delete q.n; return JSON.stringify(q); }).sort();
  const text = ["title", "where", "sequence-lists", "victory-list", "panels", "violations-list", "sides", "report-text"]
    .map(id => { const e = document.getElementById(id); return e ? e.textContent : null; });
  const drawn = Array.from(document.querySelectorAll("#map g.layer")).map(g => g.id + ":" + g.children.length);
  const spaces = JSON.stringify(Object.keys(D.spaces).sort().map(k => [k, D.spaces[k]]));
  return {spaces, pieces, text, drawn};
}"""


def export(game: Path, out: Path) -> Path:
    r = mapref("export-html", game, "-o", out)
    assert r.returncode == 0, r.stderr
    return out


def taken_back(game: Path, n: int, where: Path) -> Path:
    """A copy of the game with its last ``n`` actions taken back by ``mapref undo``."""
    copy = where / f"back{n}.toml"
    shutil.copy(game, copy)
    for _ in range(n):
        r = mapref("undo", copy)
        assert r.returncode == 0, r.stderr
    return copy


def map_png(tab) -> bytes:
    """The map as drawn, painted whole (a part repainted after a step may differ in a few edge
    pixels' shading from the same picture painted at once)."""
    tab.evaluate(
        "() => { const s = document.getElementById('map'); s.style.display = 'none'; s.getBoundingClientRect(); s.style.display = ''; }"
    )
    return tab.locator("#map").screenshot()


def test_the_page_steps_back_and_forth_to_the_positions_undo_gives(played_game, open_page, tmp_path):
    game = played_game(25)
    page = open_page(export(game, tmp_path / "g.html"))
    tab = page.tab
    assert tab.evaluate("[mapref.replay.at(), mapref.replay.last()]") == [25, 25]
    wanted = {}
    for k in (24, 20, 7, 0):
        copy = taken_back(game, 25 - k, tmp_path)
        other = open_page(export(copy, tmp_path / f"back{k}.html"))
        wanted[k] = (other.tab.evaluate(SHOWN), map_png(other.tab))
    tab.keyboard.press("ArrowLeft")  # one back
    assert tab.evaluate("mapref.replay.at()") == 24
    assert tab.evaluate(SHOWN) == wanted[24][0] and map_png(tab) == wanted[24][1]
    tab.evaluate("mapref.replay.go(20)")  # four back, step by step
    assert tab.evaluate(SHOWN) == wanted[20][0] and map_png(tab) == wanted[20][1]
    tab.keyboard.press("Home")  # the opening position, in one jump
    assert tab.evaluate("mapref.replay.at()") == 0
    assert tab.evaluate(SHOWN) == wanted[0][0] and map_png(tab) == wanted[0][1]
    assert "opening position" in tab.inner_text("#replay-action")
    for _ in range(7):
        tab.keyboard.press("ArrowRight")  # forward again
    assert tab.evaluate(SHOWN) == wanted[7][0] and map_png(tab) == wanted[7][1]
    tab.keyboard.press("End")
    assert tab.evaluate("mapref.replay.at()") == 25
    assert page.errors == [] and page.requests == [(tmp_path / "g.html").resolve().as_uri()]


def test_the_action_shown_has_its_line_rule_and_spaces_and_the_log_marks_it(played_game, open_page, tmp_path):
    from mapref.rules.session import open_game

    game = played_game(25)
    s = open_game(game)
    k = max(i for i, e in enumerate(s.log) if e.verb == "move") + 1  # the last move
    e = s.log[k - 1]
    tab = open_page(export(game, tmp_path / "g.html")).tab
    tab.evaluate(f"mapref.replay.go({k})")
    line = tab.inner_text("#replay-action")
    assert e.did in line and f"[{e.rule}]" in line
    for sp in (e.action["from"], e.action["to"]):
        assert sp in line  # named (with its name on the map)
        assert tab.locator(f'#layer-touched [data-touched="{sp}"]').count() == 1  # and ringed
    assert tab.inner_text("#log li.at") == tab.evaluate(f"mapref.replay.lines()[{k - 1}].line")
    assert tab.locator("#log li.later").count() == 25 - k
    assert tab.inner_text("#replay-count") == f"{k} / 25"
    # the slider goes there too
    tab.evaluate(
        "(() => { const s = document.getElementById('replay-slider'); s.value = '3'; s.dispatchEvent(new Event('input')); })()"
    )
    tab.wait_for_function("mapref.replay.at() === 3")
    tab.click("#replay-next")
    assert tab.evaluate("mapref.replay.at()") == 4
    tab.click("#replay-prev")
    tab.click("#replay-first")
    assert tab.evaluate("mapref.replay.at()") == 0
    tab.click("#replay-last")
    assert tab.evaluate("mapref.replay.at()") == 25


def test_a_phone_steps_with_the_bar_on_its_screen(played_game, open_page, tmp_path):
    tab = open_page(export(played_game(25), tmp_path / "g.html"), 390, 844, touch=True).tab
    bar = tab.locator("#replay").bounding_box()
    assert bar["width"] <= 390 and bar["height"] < 150
    tab.tap("#replay-prev")
    assert tab.evaluate("mapref.replay.at()") == 24
    tab.tap("#replay-first")
    assert tab.evaluate("mapref.replay.at()") == 0
