"""The table's live page: a game's position served over HTTP while it is played.

``mapref serve GAME.toml`` and the referee's File > Share with the table serve the position page
(the one ``mapref export-html`` writes, with its replay of the log) to the players' phones and
laptops, and keep every page that has it open up to date within a second of each action, undo and
redo.  :mod:`.share` holds the game's positions and what each page needs to follow them,
:mod:`.server` answers the HTTP requests (the page, and a stream of Server-Sent Events that
carries each change), :mod:`.follow` follows a game file on disk and the crash journal a window
keeps beside it.

It is read-only and closed by default (docs/sharing.md): it listens on the loopback address
unless the referee chooses the network; every address it answers carries a random token, and a
request without it gets 403; it answers GET (and HEAD) for the page and its events only, reads no
file for a request, and stops when the game closes.  No tkinter here.
"""

from mapref.serve.command import serve_file
from mapref.serve.live_js import live_script
from mapref.serve.server import Server, lan_address
from mapref.serve.share import Share

__all__ = ["Server", "Share", "lan_address", "live_script", "serve_file"]
