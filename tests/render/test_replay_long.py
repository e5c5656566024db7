"""The replay of a long game (issue 35): a War for Europe game of 300 actions, stepped on its page
back to the opening position and forward again, shows at each position looked at (four) the very
position ``mapref undo`` gives on a copy of the game taken back that far (its page compared part
by part and pixel by pixel).  In the slow set, with a bound of its own against a hang: the game is
taken back 300 times, and the copies' pages carry their own replays (minutes on a loaded machine)."""

from __future__ import annotations

import shutil

import pytest

from tests.helpers import mapref
from tests.render.test_replay_browser import SHOWN, export, map_png

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(1800)]

LOOKED_AT = (299, 150, 1, 0)  # one step back, a jump, a jump, one step


def test_a_300_action_game_steps_to_the_positions_undo_gives(played_game, open_page, tmp_path):
    game = played_game(300)
    page = open_page(export(game, tmp_path / "g.html"), 390, 844, touch=True)
    tab = page.tab
    assert tab.evaluate("[mapref.replay.at(), mapref.replay.last()]") == [300, 300]
    copy = tmp_path / "copy.toml"
    shutil.copy(game, copy)
    wanted = {}
    for k in range(299, -1, -1):  # mapref undo, one action at a time, on the copy
        r = mapref("undo", copy)
        assert r.returncode == 0, r.stderr
        if k in LOOKED_AT:
            other = open_page(export(copy, tmp_path / f"back{k}.html"), 390, 844, touch=True).tab
            wanted[k] = (other.evaluate(SHOWN), map_png(other))
            other.context.close()
    assert mapref("undo", copy).returncode != 0  # nothing left to take back: 0 is the opening position
    tab.keyboard.press("ArrowLeft")  # one back, by the key
    assert tab.evaluate("mapref.replay.at()") == 299
    for k in LOOKED_AT:  # back: a jump where they are far apart
        tab.evaluate(f"mapref.replay.go({k})")
        assert tab.evaluate(SHOWN) == wanted[k][0], k
        assert map_png(tab) == wanted[k][1], k
    assert "opening position" in tab.inner_text("#replay-action")
    for k in reversed(LOOKED_AT):  # and forward again
        tab.evaluate(f"mapref.replay.go({k})")
        assert tab.evaluate(SHOWN) == wanted[k][0], k
        assert map_png(tab) == wanted[k][1], k
    tab.keyboard.press("End")
    assert tab.evaluate("mapref.replay.at()") == 300
    assert page.errors == []
