"""The log stepped through (issue 35), without a browser: every position the page carries is the
one the log's undo gives, rebuilt from the undo patches (no position stored twice), a position
drawn once is not drawn again, and what a page following the game needs to go from one version
to the next.  The browser's side is tests/render/test_replay_browser.py."""

from __future__ import annotations

import json
import re

from mapref.render.replay import Frames, export_html, update, walk_back
from mapref.rules.ruleset import Action
from mapref.rules.session import open_game
from tests.helpers import mapref


def replay_of(page: str) -> dict:
    return json.loads(re.search(r'<script type="application/json" id="replay-data">(.*?)</script>', page, re.S)[1])


def test_each_position_is_the_one_the_logs_undo_gives(played_game):
    game = played_game(25)
    s = open_game(game)
    rs = s.ruleset
    start, redos, skipped = walk_back(s.state_data(), s.log)
    assert skipped == 0 and len(redos) == 25
    frames = Frames(s.game)
    track = frames.track(s.state_data(), list(s.log))
    assert len(track.keys) == 26 and len(set(track.keys)) == 26
    # the positions, rebuilt from the undo patches, are the game after each undo in turn
    from mapref.rules import datapatch

    now = start
    positions = [rs.dumps_state(rs.read_state(now, "", "t"))]
    for redo in redos:
        now = datapatch.apply(now, redo)
        positions.append(rs.dumps_state(rs.read_state(now, "", "t")))
    undone = open_game(game)
    for k in range(25, -1, -1):
        assert positions[k] == rs.dumps_state(undone.state), k
        undone.undo()


def test_a_position_drawn_once_is_not_drawn_again(played_game):
    s = open_game(played_game(12))
    frames = Frames(s.game)
    first = frames.track(s.state_data(), list(s.log))
    drawn = dict(frames.frames)
    assert len(drawn) == 13
    e = s.undo()  # an undo, then the same action again: nothing new to draw
    again = frames.track(s.state_data(), list(s.log))
    assert again.keys == first.keys[:-1] and frames.frames == drawn
    s.redo()
    assert frames.track(s.state_data(), list(s.log)).keys == first.keys and len(frames.frames) == 13
    assert e is not None


def test_a_page_following_the_game_gets_only_what_changed(played_game):
    s = open_game(played_game(12))
    frames = Frames(s.game)
    old = frames.track(s.state_data(), list(s.log))
    s.undo()
    s.undo()
    out = s.apply(Action("advance", {}))
    assert out.ok, out.reason
    new = frames.track(s.state_data(), list(s.log))
    u = update(frames, old, new)
    assert u["keep"] == 11 and len(u["steps"]) == 1 and "first" not in u  # 0..10 stand, one new step
    assert u["log_keep"] == 10 and [x["did"] for x in u["log"]] == [s.log[-1].did]
    assert u["table"] == frames.table[old.table_size : new.table_size]
    # a page that knows nothing gets the opening position and every step
    full = update(frames, None, new)
    assert full["first"] == frames.frames[new.keys[0]] and len(full["steps"]) == 11 and full["at_table"] == 0


def test_the_page_carries_every_action_with_its_rule_and_spaces(played_game, tmp_path):
    game = played_game(25)
    r = mapref("export-html", game, "-o", tmp_path / "g.html")
    assert r.returncode == 0, r.stderr
    page = (tmp_path / "g.html").read_text(encoding="utf-8")
    data = replay_of(page)
    s = open_game(game)
    assert len(data["steps"]) == 25 and data["skipped"] == 0
    assert [x["did"] for x in data["log"]] == [e.did for e in s.log]
    assert [x["rule"] for x in data["log"]] == [e.rule for e in s.log]
    moves = [(x, e) for x, e in zip(data["log"], s.log, strict=True) if e.verb == "move"]
    assert moves and all(e.action["from"] in x["spaces"] and e.action["to"] in x["spaces"] for x, e in moves)
    # the last position is drawn in the page itself: its chunks are not carried twice
    assert data["table"].count(None) > 1000
    assert page.count('<use href="#hex-pointy"') == 441


def test_a_game_without_actions_has_nothing_to_step_through(new_game_file, tmp_path):
    s = open_game(new_game_file("barbarossa", auto_place=True))
    data = replay_of(export_html(s))
    assert data["steps"] == [] and data["log"] == []
