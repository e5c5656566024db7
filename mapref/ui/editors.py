"""The two map editors together: which one edits which kind of map, and the windows they open
in (``mapref MAP.toml``, ``mapref NEW.toml``, the referee's File > Edit the map).

Every editor made here is given :data:`EDITORS`, so File > Open and File > New of the other kind
of map put the other editor in its window (:meth:`mapref.ui.editor_files.EditorFiles.switch`).
This is the top of the editors' floor plan (docs/architecture.md, "Inside the window"): nothing
below imports it.
"""

from __future__ import annotations

import os
import tkinter as tk
from pathlib import Path
from collections.abc import Iterator, Mapping

from mapref.ui.dialogs import ChoiceDialog
from mapref.ui.editor_api import editor_of
from mapref.ui.editor_shell import EditorShell


class _Editors(Mapping[str, type[EditorShell]]):
    """Kind of map -> its editor, each imported when it is first asked for: a hex map opens
    without the area editor (nor shapely)."""

    KINDS = ("hex", "area")

    def __getitem__(self, kind: str) -> type[EditorShell]:
        if kind == "hex":
            from mapref.ui.editor import Editor

            return Editor
        if kind == "area":
            from mapref.ui.area_editor import AreaEditor

            return AreaEditor
        raise KeyError(kind)

    def __contains__(self, kind: object) -> bool:
        return kind in self.KINDS

    def __iter__(self) -> Iterator[str]:
        return iter(self.KINDS)

    def __len__(self) -> int:
        return len(self.KINDS)


EDITORS: Mapping[str, type[EditorShell]] = _Editors()


def editor_class(kind: str) -> type[EditorShell]:
    """The editor of maps of ``kind`` ("hex" or "area")."""
    return EDITORS[kind]


def open_editor(master: tk.Misc, kind: str, path: str | Path | None = None, model=None, **options) -> EditorShell:
    """The editor of ``kind`` in ``master`` (a window of its own) on ``path`` or ``model``, able to
    switch to the other kind; ``options`` go to the editor (``quiet``...)."""
    return editor_class(kind)(master, path, model=model, editors=EDITORS, **options)


def run_editor(path: str | Path | None = None, kind: str | None = None, model=None) -> int:
    """``mapref MAP.toml``: the editor of the map's kind in a window of its own, until it is
    closed (``model``: the map read from ``path`` already, not read again).  A map never saved
    and autosaved maps go to the per-user folders (not for a window that closes itself,
    MAPREF_EXIT_AFTER_MS: a test of which window opens)."""
    from mapref.ui import autoclose

    root = tk.Tk()
    cls = editor_class(kind or "hex")
    root.title(cls.window_title)
    ed = cls(root, path, model=model, user_files=not os.environ.get("MAPREF_EXIT_AFTER_MS"), editors=EDITORS)
    getattr(ed.canvas, "hold_view", lambda: None)()  # (the area canvas: drawn once, at the view below)
    root.after(50, lambda: (ed := editor_of(root)) is not None and ed.canvas.initial_view())
    autoclose(root)
    root.mainloop()
    return 0


def open_new(root: tk.Misc, path: str | Path, user_files: bool = False) -> EditorShell:
    """``mapref NEW.toml`` for a file that is not there yet: the hex editor on a blank map in
    ``root``, then the question: a new hex map or a new area map (its form), which Save writes
    to ``path``; Cancel closes the window.  Returns the editor in the window at the start."""
    path = Path(path)
    ed = editor_class("hex")(root, None, user_files=user_files, editors=EDITORS)
    root.title(f"{path.name} (new) - mapref")
    root.after(100, lambda: _offer_new(root, path))
    return ed


def _offer_new(root: tk.Misc, path: Path) -> None:
    ed = editor_of(root)
    if ed is None or not _alive(root):
        return
    if ed.quiet:
        kind = ed.answers.pop(0) if ed.answers else None
    else:
        kind = ChoiceDialog(
            root,
            "New map",
            f"{path.name} is not there yet: make a new map?",
            f"Save writes the new map to {path}.",
            [("Hex map...", "hex"), ("Area map...", "area"), ("Cancel", None)],
            safe=None,
        ).show()
    values = editor_class(kind).map_kind.ask_new(ed) if kind and _alive(root) else None
    if not _alive(root):
        return  # the window was closed meanwhile (MAPREF_EXIT_AFTER_MS: a test of which window opens)
    if values is None:
        root.destroy()  # nothing made: nothing to edit
        return
    ed.files.new_map(kind, values, path)


def _alive(root: tk.Misc) -> bool:
    try:
        return bool(root.winfo_exists())
    except tk.TclError:  # the application is gone
        return False


def run_new(path: str | Path) -> int:
    """``mapref NEW.toml``: :func:`open_new` in a window of its own, until it is closed."""
    from mapref.ui import autoclose

    root = tk.Tk()
    open_new(root, path, user_files=not os.environ.get("MAPREF_EXIT_AFTER_MS"))
    autoclose(root)
    root.mainloop()
    return 0


__all__ = ["EDITORS", "editor_class", "open_editor", "open_new", "run_editor", "run_new"]
