"""The shared page in a real browser (issue 35): a browser without the token is refused; a page
whose connection is cut (a phone asleep, the Wi-Fi gone) says "connection lost" over a greyed
map rather than show a stale position, reconnects by itself when the network is back, and
catches up with the actions done meanwhile (through the file, as ``mapref VERB`` does them)."""

from __future__ import annotations

from contextlib import contextmanager

import pytest

from mapref.serve import Server, Share, live_script
from mapref.serve.follow import Follower, position_of
from tests.helpers import mapref
from tests.render.proxy import Relay

pytestmark = pytest.mark.browser

FOLLOW = 60_000  # ms: a bound against a hang only, generous for a loaded machine


@contextmanager
def serving(game):
    """The game shared as ``mapref serve`` shares it (following its file), in this process: its server."""
    g, data, log = position_of(str(game))
    share = Share(g, live_script())
    follower = Follower(str(game), lambda g, d, lg: share.submit(d, lg))
    follower.look()
    server = Server(share).start()
    follower.start()
    try:
        yield server
    finally:
        follower.stop()
        server.stop()


@pytest.fixture
def shared(played_game):
    """A played game shared: (its file, the server)."""
    game = played_game(12)
    with serving(game) as server:
        yield game, server


def test_a_browser_without_the_token_is_refused(shared, chromium):
    _, server = shared
    tab = chromium.new_context().new_page()
    for url in (f"http://127.0.0.1:{server.port}/", server.address.replace(server.token, server.token[::-1])):
        r = tab.goto(url)
        assert r.status == 403 and "403 forbidden" in tab.inner_text("body")
    assert tab.goto(server.address).status == 200
    tab.context.close()


def test_a_page_that_loses_its_connection_says_so_and_catches_up(shared, chromium):
    game, server = shared
    relay = Relay(server.port)  # the phone's network
    tab = chromium.new_context(viewport={"width": 390, "height": 844}, is_mobile=True).new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda e: errors.append(str(e)))
    tab.goto(f"http://127.0.0.1:{relay.port}/{server.token}/")
    tab.wait_for_function("() => mapref.live.connected() && mapref.replay.last() === 12", timeout=FOLLOW)
    assert tab.inner_text("#replay-state") == "live"
    relay.cut()  # the network goes
    tab.wait_for_function("() => document.body.classList.contains('lost')", timeout=FOLLOW)
    assert "Connection lost" in tab.inner_text("#live-banner") and tab.inner_text("#replay-state") == "connection lost"
    assert tab.evaluate("getComputedStyle(document.getElementById('map')).opacity") == "0.25"
    for verb in ("advance", "advance", "undo"):  # meanwhile, the referee plays on
        r = mapref(verb, game)
        assert r.returncode == 0, r.stderr
    tab.wait_for_timeout(1500)
    assert tab.evaluate("mapref.replay.last()") == 12 and tab.evaluate("document.body.classList.contains('lost')")
    relay.down.clear()  # the network is back: it reconnects by itself and catches up
    tab.wait_for_function(
        "() => mapref.replay.last() === 13 && !document.body.classList.contains('lost')", timeout=FOLLOW
    )
    from mapref.rules.session import open_game

    s = open_game(game)
    assert tab.evaluate("mapref.replay.lines().map(l => l.did)") == [e.did for e in s.log]
    assert tab.inner_text("#title") == s.position()["title"]
    assert tab.inner_text("#replay-state") == "live" and errors == []
    relay.close()
    tab.context.close()


def test_a_new_game_shared_shows_it_is_live_before_its_first_action(new_game_file, chromium):
    # nothing to replay yet, but the player sees that the page follows the game
    game = new_game_file("barbarossa")
    with serving(game) as server:
        tab = chromium.new_context(viewport={"width": 390, "height": 844}, is_mobile=True).new_page()
        tab.goto(server.address)
        tab.wait_for_function("() => mapref.live.connected()", timeout=FOLLOW)
        assert tab.evaluate("mapref.replay.last()") == 0
        assert tab.locator("#replay").is_visible() and tab.inner_text("#replay-state") == "live"
        assert mapref("advance", game).returncode == 0  # the first action: the page follows it
        tab.wait_for_function("() => mapref.replay.last() === 1", timeout=FOLLOW)
        assert tab.inner_text("#replay-count") == "1 / 1" and tab.inner_text("#replay-state") == "live"
        tab.context.close()
