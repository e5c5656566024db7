"""``mapref serve GAME.toml``: a saved game shared with the table until Ctrl+C.

The first line of output is the page's address, the token in it; then what is shared and with
whom.  The game file and a window's crash journal beside it are followed (:mod:`.follow`): an
action taken with ``mapref VERB GAME.toml`` in another terminal, or in a window that has the game
open, reaches every page within a second.  Ctrl+C (or SIGTERM) stops it, and the pages are told.
"""

from __future__ import annotations

import io
import signal
import threading

from mapref.rules.files import Game
from mapref.serve.follow import Follower
from mapref.serve.live_js import live_script
from mapref.serve.server import Server
from mapref.serve.share import RELOAD, Share


def _identity(game: Game) -> tuple:
    """What a share's drawings hold to: the ruleset, the scenario and the map."""
    return (
        game.ruleset.name,
        str(getattr(game.scenario, "path", "")),
        getattr(game.map, "name", ""),
        id(type(game.map)),
    )


def qr_text(text: str) -> str:
    """``text`` as a QR code for a terminal (segno), dark on light."""
    import segno

    buf = io.StringIO()
    segno.make(text, error="m").terminal(out=buf, compact=True)
    return buf.getvalue()


def serve_file(path: str, *, network: bool = False, port: int = 0, qr: bool = False, out, err) -> int:
    """Serve the game at ``path`` until interrupted (see the module docstring).  Raises
    FileProblems when the game cannot be read, OSError when the port cannot be had."""
    holder: dict = {}

    def changed(new: Game, d: dict, lg: list) -> None:
        if "share" not in holder or _identity(new) != holder["id"]:
            old = holder.get("share")
            holder["share"], holder["id"] = Share(new, live_script()), _identity(new)
            if old is not None:  # another game saved in its place: the pages load it afresh
                server.httpd.share = holder["share"]
                old.close(RELOAD)
        holder["share"].submit(d, lg)

    follower = Follower(path, changed, lambda text: print(f"mapref serve: {text}", file=err, flush=True))
    follower.look(strict=True)  # the game as it is now (FileProblems when it cannot be read)
    server = Server(holder["share"], network=network, port=port).start()
    print(server.address, file=out, flush=True)
    who = (
        "the devices of this machine's local network that have the address"
        if network
        else "this computer only (mapref serve --network for the phones on the local network)"
    )
    print(
        f"sharing {path}, read-only, with {who}: the position, its log and the report; "
        "it follows the file and a window's unsaved actions. Ctrl+C stops.",
        file=out,
        flush=True,
    )
    if qr:
        print(qr_text(server.address), file=out, flush=True)
    follower.start()
    done = threading.Event()
    old = (
        signal.signal(signal.SIGTERM, lambda *a: done.set())
        if threading.current_thread() is threading.main_thread()
        else None
    )
    try:
        while not done.wait(0.5):
            pass
    except KeyboardInterrupt:
        pass
    finally:
        follower.stop()
        server.stop("the referee stopped sharing")
        if old is not None:
            signal.signal(signal.SIGTERM, old)
    print("stopped sharing", file=out, flush=True)
    return 0


__all__ = ["qr_text", "serve_file"]
