"""Issue 36's reliability round, the smaller items: what a game names is found from the game's
folder, never from the folder mapref runs in; a save on a read-only disk says which folder is
the problem; a broken image or a degenerate polygon is one clear line, not an internal error."""

from __future__ import annotations

import re
from pathlib import Path

from tests.helpers import mapref

ROOT = Path(__file__).resolve().parents[1]


def local_game(folder: Path) -> Path:
    """A game in ``folder`` with its scenario (``s.toml``) and map (``map.toml``) beside it."""
    folder.mkdir(parents=True, exist_ok=True)
    sc = (ROOT / "scenarios" / "barbarossa.toml").read_text(encoding="utf-8")
    (folder / "s.toml").write_text(re.sub(r'(?m)^map = ".*"$', 'map = "map.toml"', sc), encoding="utf-8")
    (folder / "map.toml").write_bytes((ROOT / "maps" / "hitlers_war.toml").read_bytes())
    assert mapref("new-game", "s.toml", "-o", "g.toml", cwd=folder).returncode == 0
    return folder / "g.toml"


def test_a_games_scenario_is_found_beside_the_game_not_in_the_current_folder(tmp_path):
    game = local_game(tmp_path / "campaign")
    here = tmp_path / "elsewhere"
    here.mkdir()
    # another scenario of that name where mapref is run: a game must never be read with it
    (here / "s.toml").write_bytes((game.parent / "s.toml").read_bytes().replace(b'name = "', b'name = "Other ', 1))
    (here / "map.toml").write_bytes((game.parent / "map.toml").read_bytes())
    r = mapref("info", str(game), cwd=here)
    assert r.returncode == 0, r.stderr
    (game.parent / "s.toml").unlink()
    r = mapref("check", str(game), cwd=here)
    assert r.returncode == 1 and "no such scenario" in r.stdout + r.stderr, r.stdout + r.stderr
    assert str(game.parent / "s.toml") in r.stdout + r.stderr
    r = mapref("referee", str(game), cwd=here)
    assert r.returncode == 1 and "no such scenario" in r.stderr, r.stderr


def test_a_save_on_a_read_only_disk_names_the_folder_not_the_files_mode(tmp_path):
    """The game's folder is mounted read-only (as root; else made 0555): its file still has
    its write bits, so "chmod u+w" on it would do nothing; the folder is what to name."""
    from tests.faults import read_only

    game = local_game(tmp_path / "campaign")
    assert mapref("set", str(game), "P13", "--control", "axis").returncode == 0  # its lock file made
    before = game.read_bytes()
    with read_only(game.parent):
        r = mapref("set", str(game), "P14", "--control", "axis")
    assert r.returncode == 1 and len(r.stderr.splitlines()) == 1, r.stderr
    line = r.stderr.strip()
    assert str(game.parent) in line and "save it elsewhere" in line, line
    assert "chmod u+w)" not in line and "the file is read-only" not in line and "mapref-tmp" not in line, line
    assert game.read_bytes() == before
