"""The HTTP server of a shared game: the page and its events, and nothing else.

``http://HOST:PORT/TOKEN/`` is the page (the position with its replay, and the script that
follows the game); ``/TOKEN/events?have=VERSION&boot=ID`` a stream of Server-Sent Events: an
``update`` for each new version of the game's track (what changed since the version the page
has), a ``ping`` every two seconds (a page that hears nothing for seven knows its connection is
lost), ``reload`` for a page of another share, ``closed`` when sharing stops.

What it answers (docs/sharing.md): the two addresses above, under the token, to GET and HEAD.
Any other path gets 403 (no token, or a wrong one, whatever follows it) or 404 (under the
token); another method 405.  It reads no file for a request: the page is made from the game in
memory.  It binds to the loopback address unless ``network`` is asked, never logs an address
(the token is in it), refuses more than :data:`MAX_CLIENTS` pages following at once, and sends
each response with a policy that lets the page fetch nothing but its own events.
"""

from __future__ import annotations

import hmac
import secrets
import socket
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

from mapref.serve.share import RELOAD, Share

PING = 2.0  # seconds between pings on an events stream
MAX_CLIENTS = 256
TELL_WAIT = 2.0  # seconds a stop waits for the pages to be told (Server.stop)
HEADERS = {
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Resource-Policy": "same-origin",
}
CSP = (
    "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; "
    "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)


def lan_address() -> str:
    """This machine's address on its local network (the one it would reach the internet from;
    nothing is sent), or the loopback address when it has none."""
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        s.connect(("192.0.2.1", 9))  # a documentation address (RFC 5737): a route is looked up, no packet leaves
        return s.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        s.close()


class _Handler(BaseHTTPRequestHandler):
    server: _HTTPServer
    protocol_version = "HTTP/1.0"
    server_version = "mapref"
    sys_version = ""

    def log_message(self, format, *args) -> None:  # the address holds the token: never logged
        pass

    # ----------------------------------------------------------------------- answers
    def _plain(self, code: int, text: str, extra: dict | None = None) -> None:
        body = (text + "\n").encode("utf-8")
        self.send_response(code)
        for k, v in {**HEADERS, **(extra or {})}.items():
            self.send_header(k, v)
        self.send_header("Content-Type", "text/plain; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _route(self) -> str | None:
        """The path under the token ("" for the page), or None after answering 403."""
        path = urlsplit(self.path).path
        first, sep, rest = path.lstrip("/").partition("/")
        if not hmac.compare_digest(first.encode("utf-8", "replace"), self.server.token.encode("ascii")):
            self._plain(403, "403 forbidden: this address needs the token the referee's mapref shows")
            return None
        if not sep:
            self._plain(301, "moved", {"Location": f"/{self.server.token}/"})
            return None
        return rest

    def do_GET(self) -> None:  # http.server's name
        rest = self._route()
        if rest is None:
            return
        if rest == "":
            self._page()
        elif rest == "events" and self.command == "GET":
            self._events()
        else:
            self._plain(404, "404 not found")

    do_HEAD = do_GET

    def _refuse_method(self) -> None:
        if self._route() is not None:
            self._plain(405, "405 method not allowed: this page is read-only", {"Allow": "GET, HEAD"})

    do_POST = do_PUT = do_DELETE = do_PATCH = do_OPTIONS = _refuse_method

    def _page(self) -> None:
        share = self.server.share
        if not share.ready(10):
            self._plain(503, f"503 the position is not ready{': ' + share.closed if share.closed else ''}")
            return
        gz = "gzip" in self.headers.get("Accept-Encoding", "")
        _, body = share.page(gz)
        self.send_response(200)
        for k, v in HEADERS.items():
            self.send_header(k, v)
        self.send_header("Content-Security-Policy", CSP)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        if gz:
            self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    # ------------------------------------------------------------------------ events
    def _events(self) -> None:
        srv, share = self.server, self.server.share
        with srv.count_lock:
            if srv.clients >= MAX_CLIENTS:
                self._plain(503, "503 too many pages are following this game")
                return
            srv.clients += 1
        try:
            self._stream(share)
        except (BrokenPipeError, ConnectionResetError, ConnectionAbortedError, TimeoutError, OSError):
            pass  # the page went away
        finally:
            with srv.count_lock:
                srv.clients -= 1

    def _stream(self, share: Share) -> None:
        q = parse_qs(urlsplit(self.path).query)
        have_text = q.get("have", [""])[0]
        have = int(have_text) if have_text.isdigit() and len(have_text) < 12 else None
        boot = q.get("boot", [""])[0]
        self.send_response(200)
        for k, v in HEADERS.items():
            self.send_header(k, v)
        self.send_header("Content-Type", "text/event-stream; charset=utf-8")
        self.end_headers()
        self._send("retry: 1000\n\n")
        if boot != share.boot:
            self._send("event: reload\ndata: {}\n\n")
            return
        if not share.ready(30):
            self._send(f"event: closed\ndata: {share.closed or 'no position'}\n\n")
            return
        seen = have
        version, closed = share.version, share.closed
        while True:
            if closed:
                what = "reload" if closed == RELOAD else "closed"
                self._send(f"event: {what}\ndata: " + closed.replace("\n", " ") + "\n\n")
                return
            if version != seen:
                for after in share.versions_after(seen):  # each version in turn: every action reaches the page
                    self._send("event: update\ndata: " + share.update_since(seen, after).decode("utf-8") + "\n\n")
                    seen = after
            else:
                self._send("event: ping\ndata: {}\n\n")
            version, closed = share.wait(seen, PING)

    def _send(self, text: str) -> None:
        self.wfile.write(text.encode("utf-8"))
        self.wfile.flush()


class _HTTPServer(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    share: Share
    token: str
    clients: int = 0
    count_lock: threading.Lock

    def handle_error(self, request, client_address) -> None:
        pass  # a page that went away mid-answer: nothing to report


class Server:
    """The HTTP server of ``share`` (see the module docstring), in a thread of its own once
    :meth:`start`\\ ed.  ``network``: listen on every address of this machine (the local
    network's phones), not the loopback alone; ``port`` 0: a free one."""

    def __init__(self, share: Share, *, network: bool = False, port: int = 0, token: str | None = None) -> None:
        self.share = share
        self.network = network
        self.token = token or secrets.token_urlsafe(18)
        self.httpd = _HTTPServer(("0.0.0.0" if network else "127.0.0.1", port), _Handler)
        self.httpd.share, self.httpd.token = share, self.token
        self.httpd.count_lock = threading.Lock()
        self.host = lan_address() if network else "127.0.0.1"
        self._thread: threading.Thread | None = None

    @property
    def port(self) -> int:
        return self.httpd.server_address[1]

    @property
    def address(self) -> str:
        """The page's address, the token in it."""
        return f"http://{self.host}:{self.port}/{self.token}/"

    @property
    def clients(self) -> int:
        """The pages following the game now."""
        return self.httpd.clients

    def start(self) -> Server:
        self._thread = threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.2}, daemon=True)
        self._thread.start()
        return self

    def stop(self, why: str = "the game was closed") -> None:
        """Stop sharing: the pages are told ``why``, then the server closes.  The pages' streams
        run in daemon threads, which a process that ends next does not wait for: up to
        :data:`TELL_WAIT` seconds are given to them to say it (a loaded machine let a page go
        untold)."""
        self.share.close(why)
        deadline = time.monotonic() + TELL_WAIT
        while self.httpd.clients and time.monotonic() < deadline:
            time.sleep(0.01)
        if self._thread is not None:
            self.httpd.shutdown()
            self._thread.join(5)
        self.httpd.server_close()


__all__ = ["MAX_CLIENTS", "PING", "Server", "lan_address"]
