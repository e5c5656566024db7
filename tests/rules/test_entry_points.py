"""The games' entry points read straight from the distributions on the path
(``registry.entry_points``, so that ``mapref --help`` need not import ``importlib.metadata``): the
same answer as ``importlib.metadata.entry_points`` on distributions written to disk, where names
repeat across the path and within a folder, in every spelling of a name, beside comments, other
groups, an egg-info file and a folder without entry points."""

from __future__ import annotations

import importlib.metadata
import sys

import pytest

from mapref.rules import registry

GROUP = registry.GROUP


def dist(folder, name, text=None):
    d = folder / name
    d.mkdir(parents=True)
    (d / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name.split('-')[0]}\nVersion: 1\n")
    if text is not None:
        (d / "entry_points.txt").write_text(text)


@pytest.fixture
def path(tmp_path, monkeypatch):
    first, second = tmp_path / "first", tmp_path / "second"
    dist(
        first, "Tank_Games-1.0.dist-info", f"[{GROUP}]\n# a comment\nblitz = tank.blitz\n\n[console_scripts]\nx = y:z\n"
    )
    dist(second, "tank.games-2.0.dist-info", f"[{GROUP}]\nblitz = OLD.blitz\nsiege = OLD.siege\n")  # (the same name)
    dist(second, "naval-3.0.dist-info", f"[{GROUP}]\n  convoy   =  naval.convoy:RULESET  \n[other]\nblitz = no\n")
    dist(second, "later_naval-1.dist-info", f"[{GROUP}]\nconvoy = later.convoy\n")
    dist(second, "plain-1.0.dist-info")  # (no entry points)
    dist(second, "Old_Style-0.1.egg-info", f"[{GROUP}]\nold = old_style\n")
    (second / "flat-1.0.egg-info").write_text("Metadata-Version: 1.0\nName: flat\n")  # (a file, not a folder)
    monkeypatch.syspath_prepend(str(second))
    monkeypatch.syspath_prepend(str(first))
    return first, second


@pytest.mark.parametrize("group", [GROUP, "console_scripts", "other", "pytest11", "nothing"])
def test_the_same_entry_points_as_importlib_metadata(path, group):
    theirs = {ep.name: ep.value for ep in importlib.metadata.entry_points(group=group)}
    assert registry.entry_points(group) == theirs


def test_the_first_distribution_of_a_name_on_the_path_is_the_one_read(path):
    found = registry.entry_points(GROUP)
    assert found["blitz"] == "tank.blitz" and "siege" not in found  # tank.games in the second folder: hidden
    assert found["old"] == "old_style"
    assert found["convoy"] in {"naval.convoy:RULESET", "later.convoy"}  # (two names: the folder's order)
    assert sys.path[0] == str(path[0])
