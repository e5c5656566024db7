"""Sharing a game with the table (issue 35) without a browser: ``mapref serve GAME.toml`` prints
the address first and follows the file; a request without the token is refused and nothing but
the page and its events is served; a window's unsaved actions reach the pages through its crash
journal.  The browser's side: tests/render/test_serve_browser.py and tests/ui/test_referee_share.py."""

from __future__ import annotations

import http.client
import json
import subprocess
import sys
from urllib.parse import urlsplit

import pytest

from mapref.rules.ruleset import Action
from mapref.rules.session import open_game
from mapref.serve import Server, Share, live_script
from mapref.serve.follow import Follower, position_of
from tests.helpers import mapref
from tests.render.positions import ROOT


def events(address: str, have: int | None = None, boot: str = ""):
    """An events stream: yields (event, data) as they come."""
    u = urlsplit(address)
    conn = http.client.HTTPConnection(u.hostname, u.port, timeout=60)
    conn.request("GET", f"{u.path}events?have={'' if have is None else have}&boot={boot}")
    r = conn.getresponse()
    assert r.status == 200 and r.getheader("Content-Type").startswith("text/event-stream")
    event = ""
    while line := r.readline().decode("utf-8"):
        line = line.rstrip("\n")
        if line.startswith("event: "):
            event = line[7:]
        elif line.startswith("data: ") and event:
            yield event, line[6:]
            event = ""


def boot_of(page: str) -> str:
    return page.split('boot = "', 1)[1].split('"', 1)[0]


def get(address: str, path: str, method: str = "GET") -> http.client.HTTPResponse:
    u = urlsplit(address)
    conn = http.client.HTTPConnection(u.hostname, u.port, timeout=60)
    conn.request(method, path)
    return conn.getresponse()


@pytest.fixture
def served(played_game):
    """A played game shared in this process: (its path, the server)."""
    game = played_game(12)
    g, data, log = position_of(str(game))
    share = Share(g, live_script())
    share.submit(data, log)
    server = Server(share).start()
    assert share.ready(60)
    yield game, server
    server.stop()


def test_mapref_serve_prints_the_address_first_and_follows_the_file(played_game):
    game = played_game(12)
    p = subprocess.Popen(
        [sys.executable, "-m", "mapref", "serve", str(game)], stdout=subprocess.PIPE, text=True, cwd=ROOT
    )
    try:
        address = p.stdout.readline().strip()
        assert address.startswith("http://127.0.0.1:") and address.endswith("/")
        assert "read-only" in p.stdout.readline()
        page = get(address, urlsplit(address).path).read().decode("utf-8")
        stream = events(address, None, boot_of(page))
        u = json.loads(next(d for e, d in stream if e == "update"))
        while u["log_keep"] + len(u["log"]) != 12 or u["partial"]:  # the earlier positions come after the last
            u = json.loads(next(d for e, d in stream if e == "update"))
        # an action taken on the file by another command reaches the page
        r = mapref("advance", game)
        assert r.returncode == 0, r.stderr
        did = open_game(game).log[-1].did
        u = json.loads(next(d for e, d in stream if e == "update"))
        assert u["log_keep"] == 12 and [x["did"] for x in u["log"]] == [did] and len(u["steps"]) == 1
        r = mapref("undo", game)
        u = json.loads(next(d for e, d in stream if e == "update"))
        assert u["log_keep"] == 12 and u["log"] == [] and u["keep"] == 13 and u["steps"] == []
        p.terminate()  # the referee stops it: the page is told
        assert next(e for e, _ in stream if e != "ping") == "closed"
        assert p.wait(30) == 0 and "stopped sharing" in p.stdout.read()
    finally:
        p.kill()


def test_without_the_token_a_request_is_refused_and_only_the_page_and_its_events_are_served(served):
    game, server = served
    address, token = server.address, server.token
    assert server.httpd.server_address[0] == "127.0.0.1"  # this computer only, by default
    for path in (
        "/",
        "/favicon.ico",
        "/index.html",
        f"/{token[:-1]}/",
        f"/{token}x/",
        f"/x/{token}/",
        "/../etc/passwd",
    ):
        r = get(address, path)
        assert r.status == 403, path
        assert token not in r.read().decode("utf-8")
    for path in (f"/{token}/g.toml", f"/{token}/../../etc/passwd", f"/{token}/events/x", f"/{token}/%2e%2e/g.toml"):
        assert get(address, path).status == 404, path
    assert get(address, f"/{token}").status == 301
    for method in ("POST", "PUT", "DELETE"):
        assert get(address, f"/{token}/", method).status == 405
        assert get(address, "/", method).status == 403
    r = get(address, f"/{token}/")
    assert r.status == 200 and r.getheader("Cache-Control") == "no-store"
    assert "connect-src 'self'" in r.getheader("Content-Security-Policy")
    assert r.getheader("Referrer-Policy") == "no-referrer"
    page = r.read().decode("utf-8")
    assert page.startswith("<!DOCTYPE html>") and "EventSource" in page and token not in page
    head = get(address, f"/{token}/", "HEAD")
    assert head.status == 200 and head.read() == b""
    assert game.read_bytes() == game.read_bytes()  # (nothing written)


def test_a_windows_unsaved_actions_reach_the_pages_through_its_journal(played_game):
    game = played_game(12)
    saved = game.read_bytes()
    seen: list = []
    follower = Follower(str(game), lambda g, data, log: seen.append((data, [e.did for e in log])))
    assert follower.look() and len(seen[-1][1]) == 12
    window = open_game(game, journal=True)  # what a window keeps: a crash journal beside the file
    out = window.apply(Action("advance", {}))
    assert out.ok, out.reason
    assert follower.look()
    assert seen[-1][1][-1] == window.log[-1].did and len(seen[-1][1]) == 13
    assert seen[-1][0] == window.state_data() and game.read_bytes() == saved  # the file as it was
    window.undo()
    assert follower.look() and len(seen[-1][1]) == 12
    window.redo()
    window.save()
    assert not follower.look() or len(seen[-1][1]) == 13  # saved: the same position, from the file now
    assert len(seen[-1][1]) == 13
    window.close()


def test_a_file_that_cannot_be_read_keeps_the_last_position_and_says_so_once(played_game):
    game = played_game(12)
    said: list[str] = []
    seen: list = []
    follower = Follower(str(game), lambda g, data, log: seen.append(len(log)), said.append)
    assert follower.look() and seen == [12]
    good = game.read_bytes()
    game.write_text("format = 1\nkind = [\n", encoding="utf-8")
    assert not follower.look() and seen == [12] and len(said) == 1 and "still showing the last position" in said[0]
    game.write_text("format = 1\nkind = [\n", encoding="utf-8")  # written again, still bad: not said twice
    follower._seen = None
    assert not follower.look() and len(said) == 1
    game.write_bytes(good)
    assert not follower.look() and seen == [12]  # the same position again: nothing new to show
