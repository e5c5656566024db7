"""``mapref [FILE]``: which window opens.

With no file, the referee's window on the Hitler's War map with the Barbarossa set-up; a saved
game or a scenario opens there too (on an area map: the area referee's window,
:mod:`mapref.ui.area_game`); a map opens in the map editor.  Without a display both windows are
impossible: :func:`display_problem` says so in plain words (the command-line verbs still work).
"""

from __future__ import annotations

import sys
from pathlib import Path

from mapref.ui.editor import Editor, run as _run_editor

App = Editor

VERBS = ("check", "info", "render", "new-game", "referee", "move", "set", "advance")


def display_problem() -> str | None:
    """None when a window can open; else one paragraph for the terminal saying that the windows
    need a display and that the command-line verbs work without one."""
    import tkinter as tk

    try:
        probe = tk.Tk()
    except tk.TclError as e:
        why = str(e)
    else:
        probe.destroy()
        return None
    return (f"mapref: the windows need a graphical display, and there is none here ({why}).\n"
            "Run mapref on a desktop, through ssh -X, or under Xvfb (xvfb-run mapref ...).\n"
            "The command-line verbs work without a display: "
            + ", ".join(f"mapref {v}" for v in VERBS) + "; mapref --help lists them all.")


def run(path: str | Path | None) -> int:
    problem = display_problem()
    if problem:
        print(problem, file=sys.stderr)
        return 1
    from mapref.ui import game

    if path is None:
        return game.run(None)
    from mapref.rules.files import open_file

    kind, obj = open_file(path)
    if kind in ("game", "scenario"):
        if getattr(getattr(obj, "map", None), "kind", "") == "area":  # Struggle for Europe
            from mapref.ui.area_game import run as run_area_game

            return run_area_game(path)
        return game.run(path)
    if kind == "area":
        from mapref.ui.area_editor import run as run_area_editor

        return run_area_editor(path)
    return _run_editor(path)
