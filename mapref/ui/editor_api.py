"""What the map editors' collaborators see of the editor they serve, below every editor module.

:class:`mapref.ui.editor_shell.EditorShell` builds its collaborators (:class:`mapref.ui.editor_files.
EditorFiles`, :class:`mapref.ui.images.Underlay`, :mod:`mapref.ui.editor_help`) and hands itself to
them; they see it as an :class:`EditorWindow`, so none of them imports the shell (or an editor) back.
A kind of map is described by its :class:`MapKind`; ``editor_of(root)`` is the editor in a window now.
docs/architecture.md ("Inside the window") has the floor plan.
"""

from __future__ import annotations

import tkinter as tk
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol
from collections.abc import Callable, Mapping


@dataclass(frozen=True)
class MapKind:
    """How an editor reads, writes and makes its kind of map (the files and the New map form
    ask it; the editor's class names it as ``map_kind``)."""

    name: str  # "hex" or "area": the ``kind`` key of the map files
    read: Callable  # (path, shown=None) -> map, or FileProblems
    blank: Callable  # () -> a map to start from
    dumps: Callable  # (map) -> the file's text
    write: Callable  # (map, path) -> None: an atomic save
    replace: Callable  # (map, other) -> one command that makes the map equal to other (recovery)
    history: Callable  # (map) -> its undo history
    ask_new: Callable  # (editor) -> the New map form's values, or None
    make_new: Callable  # (values) -> a new map, or ValueError saying what is wrong


class EditorWindow(Protocol):
    """A map editor as its collaborators use it (the shell and both editors are one)."""

    root: tk.Misc
    quiet: bool  # no modal dialogs: messages go to ``messages``, answers come from ``answers``
    messages: list[str]
    answers: list
    path: Path | None
    model: Any  # the map: a hex map (MapModel) or an area map (AreaMap)
    map_kind: MapKind
    history: Any  # the map's undo history (mapref.core.history.History)
    canvas: Any
    problems: Any
    files: Any  # its EditorFiles
    opacity: tk.DoubleVar  # the background image's
    recent_menu: tk.Menu
    recover_dialog: Any  # the recovery question while it is asked (tests answer it)
    editors: Mapping[str, type]  # the editor of each kind of map this window may switch to
    window_title: str
    guide: str  # the editor's part of the Help window's guide
    TOOL_CLASSES: tuple
    autosave_ms: int
    autosave_changes: int

    def set_status(self, text: str) -> None: ...
    def show_error(self, title: str, text: str) -> None: ...
    def update_title(self) -> None: ...
    def replace_model(self, m: Any, path: Path | None) -> None: ...
    def push(self, cmd: Any) -> None: ...
    def dispose(self) -> None: ...
    def shortcut_rows(self) -> list[tuple[str, str, str]]: ...
    def set_background(self, bg: dict | None, label: str) -> None: ...
    def load_background(self, path: str | Path, opacity: float = 0.5) -> None: ...
    def editor_class(self, kind: str) -> type: ...


def editor_of(root: tk.Misc) -> EditorWindow | None:
    """The editor that runs in window ``root`` now (File > Open of the other kind of map, or File >
    New of it, puts the other editor in the same window)."""
    return getattr(root, "mapref_editor", None)


__all__ = ["EditorWindow", "MapKind", "editor_of"]
