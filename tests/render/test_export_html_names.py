"""Names that read as markup inside a script (issue 36): the page's data block is script data,
where the HTML parser looks for ``<!--``, ``<script`` and ``</script`` whatever the JSON around
them says; a name holding any of them made the exported page dead in Chromium.  Each sequence,
in a real browser: the page still runs, and a tapped hex shows its name as it is written."""

from __future__ import annotations

import re

import pytest

from mapref.rules.files import dumps_game, new_game
from tests.helpers import mapref
from tests.render.positions import ROOT

pytestmark = pytest.mark.browser

NAMES = [
    "Berlin <!--<script>",  # the one that killed the page: the script data's double escaped state
    "Berlin <!--",
    "Berlin <script>alert(1)",
    "Berlin </script><b>bold</b>",
    "Berlin </SCRIPT >",
    "Berlin <ScRiPt",
]
LAB = "P10"


@pytest.fixture(scope="module", params=NAMES)
def page(request, tmp_path_factory):
    name = request.param
    d = tmp_path_factory.mktemp("names")
    text = (ROOT / "maps" / "hitlers_war.toml").read_text(encoding="utf-8")
    text, n = re.subn(rf'(?m)^{LAB} = {{ name = "[^"]*"', f'{LAB} = {{ name = "{name}"', text)
    assert n == 1
    (d / "map.toml").write_text(text, encoding="utf-8")
    game = new_game(ROOT / "scenarios" / "barbarossa.toml", scenario_ref="barbarossa", map_ref="map.toml")
    (d / "g.toml").write_text(dumps_game(game), encoding="utf-8")
    r = mapref("export-html", "g.toml", "-o", "g.html", cwd=d)
    assert r.returncode == 0, r.stderr
    return d / "g.html", name


def test_a_name_holding_script_markup_leaves_the_page_working_and_reads_as_written(page, open_page):
    page, name = page
    html = page.read_text(encoding="utf-8")
    block = html.split('<script type="application/json" id="position-data">', 1)[1].split("</script>", 1)[0]
    for seq in ("<!--", "<script", "</script"):
        assert seq not in block.lower()
    p = open_page(page)
    tab = p.tab
    spaces = tab.evaluate("() => JSON.parse(document.getElementById('position-data').textContent).spaces")
    assert spaces[LAB][0] == name
    box = tab.locator(f'#layer-spaces [data-s="{LAB}"]').first.bounding_box()
    tab.mouse.click(box["x"] + box["width"] / 2 + 3, box["y"] + box["height"] / 2 + 3)
    assert f"{LAB} {name}" in tab.inner_text("#inspector")
    assert p.errors == []
