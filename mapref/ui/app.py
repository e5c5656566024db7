"""The mapref application window: ``mapref [FILE]`` opens the map editor on FILE.

``App`` is the editor window (:class:`mapref.ui.editor.Editor`); the referee panels will build
on it.
"""

from __future__ import annotations

from pathlib import Path

from mapref.ui.editor import Editor, run as _run_editor

App = Editor


def run(path: str | Path | None) -> int:
    return _run_editor(path)
