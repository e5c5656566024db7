"""The area editor's problems panel lints big maps in a worker thread on a snapshot of the map: the
snapshot must be the whole map, so the panel lists exactly what `mapref check` lists (a warning the
map accepts on purpose in `[checks] accept` included)."""

from pathlib import Path

from mapref.core.arealint import lint_area
from mapref.io.areafile import load_area_map
from mapref.ui.area_problems import snapshot

ROOT = Path(__file__).resolve().parents[2]


def test_the_worker_s_snapshot_lints_as_the_map_does():
    m = load_area_map(ROOT / "maps" / "struggle_for_europe.toml")
    assert m.accept, "the shipped map accepts some warnings on purpose"
    snap = snapshot(m)
    assert snap == m
    assert [(p.code, p.where) for p in lint_area(snap)] == [(p.code, p.where) for p in lint_area(m)]
