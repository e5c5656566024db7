"""View > Replay the log in the referee's window (issue 35; File > Share with the table is in
tests/render/test_serve_window.py, beside the browser it drives).

Replay: the window steps back through the log to the opening position and forward again (the
arrow keys, Home and End), each position the one the log's undo gives, the action's line with
its rule and spaces in the bar; nothing can be changed meanwhile, and Escape returns to the game
as it was."""

from __future__ import annotations


import pytest

from mapref.rules.session import open_game
from mapref.ui.referee import RefereeWindow, load_for_play
from mapref.ui.referee.replay import BUSY
from tests.render.conftest import _played, played_game  # noqa: F401 - the fixtures


def view_entry(w, label: str) -> int:
    m = w.menus["View"]
    return next(i for i in range(m.index("end") + 1) if m.type(i) == "command" and m.entrycget(i, "label") == label)


@pytest.fixture
def root(laptop_root):
    return laptop_root


def test_the_window_replays_the_log_back_to_the_opening_position_and_forward_again(played_game, root):  # noqa: F811
    game = played_game(12)
    w = RefereeWindow(root, load_for_play(game), quiet=True)
    root.update()
    live = w.session
    now = live.ruleset.dumps_state(live.state)
    undone = open_game(game)  # the positions the log's undo gives, last first
    wanted = []
    for _ in range(13):
        wanted.append(undone.ruleset.dumps_state(undone.state))
        undone.undo()
    wanted.reverse()
    w.menus["View"].invoke(view_entry(w, "Replay the log"))
    root.update()
    assert w.replay.active and w.replay.at == 12
    rs = live.ruleset
    for key, k in (("<KeyPress-Left>", 11), ("<KeyPress-Left>", 10), ("<KeyPress-Home>", 0), ("<KeyPress-Right>", 1)):
        root.event_generate(key)
        root.update()
        assert w.replay.at == k
        assert rs.dumps_state(w.session.state) == wanted[k], k
    e = live.log[0]
    assert e.did in w.replay.text.cget("text") and f"[{e.rule}]" in w.replay.text.cget("text")
    w.replay.go(5)
    moves = [(i, x) for i, x in enumerate(live.log) if x.verb == "move"]
    if moves:
        i, x = moves[0]
        w.replay.go(i + 1)
        assert x.action["from"] in w.replay.text.cget("text") and x.action["to"] in w.replay.text.cget("text")
    # nothing changes while it replays
    refused = w.act(rs.end_step(w.session.game))
    assert not refused.ok and BUSY in w.feed.lines()[-1]
    w.undo()
    assert BUSY in w.feed.lines()[-1]
    root.event_generate("<KeyPress-End>")
    root.update()
    assert w.replay.at == 12 and rs.dumps_state(w.session.state) == now
    root.event_generate("<Escape>")
    root.update()
    assert not w.replay.active and w.session is live and rs.dumps_state(live.state) == now
    assert len(live.log) == 12 and not live.dirty
