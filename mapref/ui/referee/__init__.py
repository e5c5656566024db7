"""The referee's window: one shell for every game (:mod:`.window`), its board views (hex, area,
tracks), panels, and the controller that turns gestures into the ruleset's actions.

:func:`open_window` makes the window on a file (what ``mapref FILE`` and the application's other
ways in open); :func:`run` runs it until it is closed.
"""

from __future__ import annotations

from pathlib import Path

from mapref.ui.referee.files import load_for_play
from mapref.ui.referee.window import RefereeWindow

# called with each window :func:`open_window` makes, before the event loop runs (a test drives
# the window that ``mapref FILE`` opened through these; a plug-in may add its own panels)
opened: list = []


def open_window(
    path: str | Path | None, root=None, *, quiet: bool = False, user_files: bool = True, loaded=None
) -> RefereeWindow:
    """The referee's window on ``path`` (a game or a scenario of any game; None: the shipped
    default), its board fitted; a crash journal left for it is offered first.  ``loaded``: the
    file as read already (:func:`load_for_play`)."""
    import tkinter as tk
    from tkinter import messagebox

    root = root if root is not None else tk.Tk()
    root.withdraw()
    ask = None if quiet else (lambda text: messagebox.askyesno("Unsaved changes from a crash", text))
    session = load_for_play(path, journal=True, ask=ask, loaded=loaded)
    root.deiconify()
    w = RefereeWindow(root, session, quiet=quiet, user_files=user_files)
    for note in session.notes:  # a crash journal set aside, recovered...
        w.feed.tell(note, "info")
    if path is not None:
        w.files.remember(path)
    root.update_idletasks()
    # the whole map, or on a big map its middle at a working zoom: fitting 40,000 hexes would draw
    # every one (View > Fit still does)
    root.after(60, w.canvas.initial_view)
    for f in list(opened):
        f(w)
    return w


def run(path: str | Path | None = None, loaded=None) -> int:
    """``mapref FILE`` for a game or a scenario (``loaded``: the file as read already)."""
    from mapref.ui import autoclose

    w = open_window(path, loaded=loaded)
    autoclose(w.root)
    w.root.mainloop()
    return 0


__all__ = ["RefereeWindow", "load_for_play", "open_window", "opened", "run"]
