"""``mapref [FILE]``: which window opens.

With no file, the referee's window on the Hitler's War map with the Barbarossa set-up; a saved
game or a scenario opens there too; a map opens in the map editor.
"""

from __future__ import annotations

from pathlib import Path

from mapref.ui.editor import Editor, run as _run_editor

App = Editor


def run(path: str | Path | None) -> int:
    from mapref.ui import game

    if path is None:
        return game.run(None)
    from mapref.rules.files import open_file

    kind, _ = open_file(path)
    if kind in ("game", "scenario"):
        return game.run(path)
    if kind == "area":
        from mapref.ui.area_editor import run as run_area_editor

        return run_area_editor(path)
    return _run_editor(path)
