"""File > Share with the table in the referee's window (issue 35), with real browsers: the dialog
shows the page's address (a token in it, the loopback address) and its QR code; two players'
pages (Chromium tabs, a phone's and a laptop's) follow a move made in the window, its undo (Ctrl+Z)
and its redo (Ctrl+Y); closing the window tells them sharing stopped.  (Here, beside the browser
fixture it shares with the page's other tests.)"""

from __future__ import annotations

import gc
from tkinter import ttk

import pytest

from mapref.serve.server import lan_address
from mapref.ui.referee import RefereeWindow, load_for_play
from mapref.ui.referee.share import ON_NETWORK, ONLY_HERE

FOLLOW = 60_000  # ms: a bound against a hang only, generous for a loaded machine (bench/live_load.py measures the time to follow)


def file_entry(w, label: str) -> int:
    m = w.menus["File"]
    return next(i for i in range(m.index("end") + 1) if m.type(i) == "command" and m.entrycget(i, "label") == label)


@pytest.fixture(autouse=True)
def _windows_freed_in_the_main_thread():
    """A test's window freed after it in the main thread, as tests/ui/conftest.py does: were a
    later test's thread to free its Tk variables and images, each would wait for a main loop."""
    yield
    gc.collect()


@pytest.fixture
def root(laptop_root):
    return laptop_root


def a_move(w):
    """A drag the rules accept now: (piece, where to, the action)."""
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


def test_the_dialog_says_a_phone_needs_the_network_and_the_tick_box_lets_it_in(played_game, root):
    w = RefereeWindow(root, load_for_play(played_game(5)), quiet=True)
    root.update()
    w.menus["File"].invoke(file_entry(w, "Share with the table..."))
    root.update()
    d = w.share.dialog
    # this computer only: the QR code is there, and the dialog says a phone cannot open it yet
    assert w.share.address.startswith("http://127.0.0.1:") and w.share.hint.cget("text") == ONLY_HERE
    tick = next(c for c in all_children(d) if isinstance(c, ttk.Checkbutton))
    tick.invoke()  # let the phones on this network open it
    root.update()
    # the dialog shows the new address, its QR code and who can open it (it said "(not shared)")
    assert w.share.address.startswith(f"http://{lan_address()}:") and w.share.entry.get() == w.share.address
    assert w.share.hint.cget("text") == ON_NETWORK and w.share.qr_label.cget("image")
    w.share.stop()
    root.update()
    assert w.share.entry.get() == "(not shared)" and w.share.hint.cget("text") == ""
    w.close()


def all_children(widget):
    for c in widget.winfo_children():
        yield c
        yield from all_children(c)


@pytest.mark.browser
def test_two_pages_follow_a_move_its_undo_and_its_redo_made_in_the_window(played_game, chromium, root):
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
