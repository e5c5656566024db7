"""File > Share with the table and View > Replay the log in the referee's window (issue 35).

Sharing: the dialog shows the page's address (a token in it, the loopback address) and its QR
code; two players' pages (real Chromium tabs, a phone's and a laptop's) follow a move made in the
window, its undo (Ctrl+Z) and its redo (Ctrl+Y); closing the window tells them sharing stopped.
Replay: the window steps back through the log to the opening position and forward again (the
arrow keys, Home and End), each position the one the log's undo gives, the action's line with
its rule and spaces in the bar; nothing can be changed meanwhile, and Escape returns to the game
as it was."""

from __future__ import annotations

import tkinter as tk

import pytest

from mapref.rules.session import open_game
from mapref.ui.referee import RefereeWindow, load_for_play
from mapref.ui.referee.replay import BUSY
from tests.render.conftest import _played, chromium, played_game  # noqa: F401 - the fixtures

FOLLOW = 10_000  # ms: a bound against a hang only (bench/live_load.py measures the time to follow)


def file_entry(w, label: str) -> int:
    m = w.menus["File"]
    return next(i for i in range(m.index("end") + 1) if m.type(i) == "command" and m.entrycget(i, "label") == label)


def view_entry(w, label: str) -> int:
    m = w.menus["View"]
    return next(i for i in range(m.index("end") + 1) if m.type(i) == "command" and m.entrycget(i, "label") == label)


@pytest.fixture
def root():
    r = tk.Tk()
    r.geometry("1366x768+0+0")
    yield r
    try:
        r.destroy()
    except tk.TclError:
        pass


def a_move(w):
    """A drag the rules accept now: (piece, where to)."""
    rs, g = w.session.ruleset, w.session.game
    for p in rs.pieces(g):
        if p.selectable and p.kind == "army":
            for to in sorted(rs.reach(g, p.id)):
                a = rs.drag(g, p.id, to)
                if a is not None and w.session.check(a).ok:
                    return p, to, a
    raise AssertionError("no move to make")


def where(tab, piece_id: str) -> str:
    return tab.evaluate(
        "(id) => Object.values(mapref.data.pieces).filter(p => p.id === id).map(p => p.space)[0]", piece_id
    )


@pytest.mark.browser
def test_two_pages_follow_a_move_its_undo_and_its_redo_made_in_the_window(played_game, chromium, root):  # noqa: F811
    game = played_game(60)  # the Allies' land movement
    w = RefereeWindow(root, load_for_play(game), quiet=True)
    root.update()
    m = w.menus["File"]
    m.invoke(file_entry(w, "Share with the table..."))
    root.update()
    address = w.share.address
    assert address.startswith("http://127.0.0.1:") and len(address.rstrip("/").rsplit("/", 1)[1]) >= 20
    assert w.share.entry.get() == address and w.share._qr.width() > 100  # the address, and its QR code
    tabs = []
    for size, phone in (((390, 844), True), ((1366, 768), False)):
        ctx = chromium.new_context(viewport=dict(zip(("width", "height"), size, strict=True)), is_mobile=phone)
        tab = ctx.new_page()
        errors: list[str] = []
        tab.on("pageerror", lambda e, errors=errors: errors.append(str(e)))
        tab.goto(address)
        tab.wait_for_function("() => window.mapref.live && window.mapref.live.connected()", timeout=FOLLOW)
        tabs.append((ctx, tab, errors))
    piece, to, action = a_move(w)
    before = piece.space
    for tab in (t for _, t, _ in tabs):
        tab.wait_for_function("() => mapref.replay.last() === 60", timeout=FOLLOW)
        assert where(tab, piece.id) == before
    assert w.act(action).ok
    for _, tab, _ in tabs:
        tab.wait_for_function("() => mapref.replay.last() === 61 && mapref.replay.at() === 61", timeout=FOLLOW)
        assert where(tab, piece.id) == to
    root.event_generate("<Control-z>")  # undo, in the window
    root.update()
    for _, tab, _ in tabs:
        tab.wait_for_function("() => mapref.replay.last() === 60", timeout=FOLLOW)
        assert where(tab, piece.id) == before
    root.event_generate("<Control-y>")  # redo
    root.update()
    for _, tab, _ in tabs:
        tab.wait_for_function("() => mapref.replay.last() === 61", timeout=FOLLOW)
        assert where(tab, piece.id) == to
        assert tab.inner_text("#replay-state") == "live"
    w.files.ask_save_changes = lambda what: False  # (the move is not saved)
    w.close()  # sharing stops with the window: the pages are told
    for ctx, tab, errors in tabs:
        tab.wait_for_function("() => mapref.live.stopped()", timeout=FOLLOW)
        assert "stopped sharing" in tab.inner_text("#live-banner")
        assert errors == []
        ctx.close()


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
