"""A TripleA board of the Axis & Allies family imported with its scenario (World War II v4's shape:
region names, no relationshipInitialize; tests/data/triplea_family/regions) played for a round of
seed 004's house rules in the referee's window, where a user starts (``mapref g.toml``): every
name inside its own territory, the nations in the map's own colours, the units as counters with
their counts that a click selects, only the hints that apply, and the round played from the
right-click menus and the Game menu (issue 31)."""

from __future__ import annotations

from pathlib import Path

from mapref.ui import screenshot
from tests.helpers import mapref
from tests.render.test_triplea_board import stands_in
from tests.ui.events import menu_foot
from tests.ui.test_every_game import by_mapref, choose, entry, opened, right_click  # noqa: F401 (a fixture)

ROOT = Path(__file__).resolve().parents[2]
REGIONS = ROOT / "tests" / "data" / "triplea_family" / "regions"


def game_menu(w, label, answers):
    """An entry of the Game menu, its form answered as the user would."""
    w.ask_form = lambda title, fields, note="": answers
    m = w.game_menu
    m.invoke(entry(m, label))
    w.root.update()


def counter_fill(w, piece):
    c = w.canvas
    (rect,) = [i for i in c.find_withtag(f"piece:{piece}") if c.type(i) == "rectangle"]
    return c.itemcget(rect, "fill")


def test_a_round_of_the_house_rules_on_an_imported_board_in_the_window(tmp_path, opened):  # noqa: F811
    r = mapref("import-triplea", str(REGIONS), "-o", "m.toml", "--scenario", "s.toml", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert mapref("new-game", "s.toml", "-o", "g.toml", cwd=tmp_path).returncode == 0
    w = by_mapref(tmp_path / "g.toml")
    opened.append(w)
    c, m = w.canvas, w.map
    assert w.root.title() == "g.toml - mapref referee"
    # every name that shows stands inside its own territory (its middle, and all of it but a fifth)
    shown = 0
    for lid, loc in m.locations.items():
        for i in c.find_withtag(f"name:{lid}"):
            if c.itemcget(i, "state") == "hidden" or c.type(i) != "text":
                continue
            box = c.bbox(i)
            assert stands_in(loc.polygon, box, lambda x, y: (x / c.zoom, y / c.zoom)), (loc.name, box)
            shown += 1
    assert shown >= 35
    # the nations in the map's own colours (map.properties: color.Germans=5a5a5a, Japanese=e6b42d)
    assert counter_fill(w, "army:germany:germans") == "#5a5a5a"
    assert counter_fill(w, "army:japan:japanese") == "#e6b42d"
    # the victory cities' holders by their names, a city not on the map said so
    vic = w.side.panel_text["Victory cities"].get("1.0", "end").splitlines()
    assert vic[0] == (
        "Germans: 3 of 8 (needs 4): Berlin (Germans), Rome (Germans), Paris (Germans), Johannesburg (British), "
        "Moscow (Russians), Stalingrad (Russians), London (British), Washington (Americans)"
    ), vic
    assert "Samara (not on the map)" in vic[1], vic
    # only the hints that apply: this game traces no supply, moves nothing by a drag
    assert w.side.info_text.get("1.0", "end").strip() == (
        "Click a piece to see it; right-click a space for what can be done there."
    )
    # a counter is selected with a click: what it is
    x, y = c.piece_widget_xy("army:germany:germans")
    c.event_generate("<Motion>", x=x, y=y)
    c.event_generate("<ButtonPress-1>", x=x, y=y, button=1)
    c.event_generate("<ButtonRelease-1>", x=x, y=y, button=1, state=0x100)
    w.root.update()
    assert w.selected == "army:germany:germans"
    assert w.side.info_text.get("1.0", "end").splitlines()[0] == "3 Germans land units in Germany"

    # the Russians (first in the turn order) retake West Russia: they are at war with the Germans
    choose(w, right_click(w, "west_russia"), "The Russians take West Russia")
    assert w.canvas.held.get("west_russia") == "russians"
    game_menu(w, "End the phases up to...", {"to": "germans combat"})
    choose(w, right_click(w, "anglo_egypt"), "The Germans take Anglo Egypt")
    game_menu(w, "End the phases up to...", {"to": "americans combat"})
    # NEUTRAL NATIONS: NOT AT WAR: the Americans start at peace with the Japanese (no fighting on the board)
    menu = right_click(w, "japan")
    i = entry(menu, "The Americans take Japan")
    assert menu.entrycget(i, "state") == "disabled"
    assert any("NEUTRAL NATIONS: NOT AT WAR" in why for why in menu_foot(w)), menu_foot(w)
    w.controller.close_menu()
    game_menu(w, "Declare war...", {"nation": "americans", "on": "japanese"})
    choose(w, right_click(w, "japan"), "The Americans take Japan")
    assert w.canvas.held.get("japan") == "americans"
    assert any("The Japanese lose Tokyo" in line for line in w.feed.lines())
    game_menu(w, "End the phases up to...", {"to": "2 russians purchase"})
    assert w.session.position()["title"] == "Regions World: Axis & Allies house rules: round 2, Russians, purchase"
    screenshot(w.root, tmp_path / "window.png")
