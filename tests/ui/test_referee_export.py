"""File > Export position as web page and File > Export position as PNG in the referee's window
(issue 25): the menu entries, a save dialog (Tk's own, answered as a user does: a file name typed
and Return), and the page written is the very page ``mapref export-html`` writes for that game."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from mapref.ui.referee import RefereeWindow, load_for_play
from tests.render.positions import ROOT, hw_cut_off
from tests.rules.sfe_positions import position as sfe_position
from tests.ui.events import answer_file_dialog


def file_entry(w, label: str) -> int:
    m = w.menus["File"]
    return next(i for i in range(m.index("end") + 1) if m.type(i) == "command" and m.entrycget(i, "label") == label)


def games(tmp_path: Path, which: str) -> Path:
    if which == "hitlers_war":
        return hw_cut_off(tmp_path / "kiev.toml")
    s = sfe_position(
        tmp_path, add={"A90": ("axis", 1, "riga"), "A91": ("axis", 2, "riga")}, flags={"riga": "axis"}, name="riga.toml"
    )
    return Path(s.path)


@pytest.fixture
def root(laptop_root):
    return laptop_root


@pytest.mark.parametrize("which", ["hitlers_war", "struggle_for_europe"])
def test_file_export_position_as_web_page_writes_the_page_export_html_writes(which, tmp_path, root):
    game = games(tmp_path, which)
    w = RefereeWindow(root, load_for_play(game), quiet=True)
    root.update()
    m = w.menus["File"]
    labels = [m.entrycget(i, "label") for i in range(m.index("end") + 1) if m.type(i) == "command"]
    assert labels.index("Export position as PNG...") + 1 == labels.index("Export position as web page...")
    assert m.entrycget(file_entry(w, "Export position as web page..."), "accelerator") == "Ctrl+Shift+E"
    out = tmp_path / "exported" / "position.html"
    out.parent.mkdir()
    seen: dict = {}
    answer_file_dialog(root, out, seen)
    m.invoke(file_entry(w, "Export position as web page..."))
    root.update()
    assert seen == {"offered": game.stem + ".html", "title": "Export the position as a web page"}
    assert out.exists(), "no page written"
    assert w.feed.lines()[-1] == f"exported the position as a web page to {out}"
    cli = tmp_path / "cli.html"
    r = subprocess.run(
        [sys.executable, "-m", "mapref", "export-html", str(game), "-o", str(cli)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )
    assert r.returncode == 0, r.stderr
    assert out.read_text(encoding="utf-8") == cli.read_text(encoding="utf-8")


def test_file_export_position_as_png_still_asks_where_and_writes_the_png(tmp_path, root):
    game = games(tmp_path, "hitlers_war")
    w = RefereeWindow(root, load_for_play(game), quiet=True)
    root.update()
    out = tmp_path / "position.png"
    seen: dict = {}
    answer_file_dialog(root, out, seen)
    w.menus["File"].invoke(file_entry(w, "Export position as PNG..."))
    root.update()
    assert seen == {"offered": "kiev.png", "title": "Export the position as PNG"}
    assert Image.open(out).size[0] > 800 and w.feed.lines()[-1] == f"exported the position to {out}"
