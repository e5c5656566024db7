"""``mapref [FILE]``: which window opens.

With no file, the referee's window (:mod:`mapref.ui.referee`) on the Hitler's War map with the
Barbarossa set-up; a saved game or a scenario of any game opens there too, its board the one
its ruleset declares (``Ruleset.board_view``: the map, hex or area as the game's map is, or the
tracks); a hex map opens in the map editor, an area map in the area editor.  Without a display
the windows are impossible: :func:`display_problem` says so in plain words (the command-line
verbs still work).
"""

from __future__ import annotations

import sys
from pathlib import Path


def __getattr__(name: str):
    if name == "App":  # the map editor; imported when asked for (a game opens without it)
        from mapref.ui.editor import Editor

        return Editor
    raise AttributeError(name)


VERBS = ("check", "info", "render", "new-game", "referee", "scenarios", "log")  # the engine's, besides each game's own


def _local_display() -> bool:
    """DISPLAY names a display of this machine whose socket is there (the usual desktop, Xvfb):
    a window will open, and no trial window is made to find out (it costs a Tk start)."""
    import os
    import re

    m = re.fullmatch(r"(?:unix)?:(\d+)(?:\.\d+)?", os.environ.get("DISPLAY", ""))
    return m is not None and os.path.exists(f"/tmp/.X11-unix/X{m.group(1)}")


def display_problem() -> str | None:
    """None when a window can open; else one paragraph for the terminal saying that the windows
    need a display and that the command-line verbs work without one."""
    import tkinter as tk

    if _local_display():
        return None
    try:
        probe = tk.Tk()
    except tk.TclError as e:
        why = str(e)
    else:
        probe.destroy()
        return None
    return (
        f"mapref: the windows need a graphical display, and there is none here ({why}).\n"
        "Run mapref on a desktop, through ssh -X, or under Xvfb (xvfb-run mapref ...).\n"
        "The command-line verbs work without a display: "
        + ", ".join(f"mapref {v}" for v in VERBS)
        + " and each game's own; mapref --help lists them all."
    )


def run(path: str | Path | None, loaded: tuple[str, object] | None = None) -> int:
    """Open the window for ``path``; ``loaded``: ``(kind, object)`` as
    :func:`mapref.rules.files.open_file` gave it when the caller read the file already
    (``mapref FILE`` does, to report its problems first), so it is not read again here."""
    problem = display_problem()
    if problem:
        print(problem, file=sys.stderr)
        return 1
    from mapref.ui import referee

    if path is None:
        return referee.run(None)
    if loaded is None:
        from mapref.rules.files import open_file

        loaded = open_file(path)
    kind, obj = loaded
    if kind in ("game", "scenario"):  # every game: the one referee's window, its board by the ruleset
        return referee.run(path, loaded)  # (the game read above is played: not read again)
    # the map read above goes to the editor: a 10,000-location map is not parsed twice
    m = getattr(obj, "map", obj) if kind in ("hex", "area") else None
    from mapref.ui.editors import run_editor

    return run_editor(path, "area" if kind == "area" else "hex", m)
