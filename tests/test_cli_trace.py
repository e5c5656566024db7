"""``mapref trace-areas`` as a user runs it: a scan of a known map's borders becomes an area map
that passes ``mapref check --strict``; bad input is one line."""

from pathlib import Path

import shapely
from PIL import Image

from mapref.io.areafile import load_area_map
from tests.core.test_areatrace import known_map, scan_of
from tests.helpers import mapref

ROOT = Path(__file__).resolve().parents[1]


def test_trace_a_scan_into_an_area_map_that_passes_check_strict(tmp_path):
    truth = known_map()
    Image.fromarray(scan_of(truth)).save(tmp_path / "scan.png")
    (tmp_path / "maps").mkdir()
    r = mapref("trace-areas", "scan.png", "-o", "maps/traced.toml", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    m = load_area_map(tmp_path / "maps" / "traced.toml")
    assert abs(len(m.locations) - len(truth.locations)) <= 0.1 * len(truth.locations)
    assert r.stdout.startswith(f"maps/traced.toml: {len(m.locations)} locations, {len(m.lines)} proposed land lines")
    polys = [loc.polygon for loc in m.locations.values()]
    assert shapely.coverage_is_valid(polys)  # shared borders exact
    for g in (loc.polygon for loc in truth.locations.values()):
        assert max(p.intersection(g).area for p in polys) > 0.85 * g.area
    # the image is the tracing background, found from the map's folder
    assert m.background["image"] == "../scan.png" and m.page == (1200.0, 840.0)
    r = mapref("check", "--strict", "maps/traced.toml", cwd=tmp_path)
    assert r.returncode == 0 and r.stdout.splitlines()[-1] == "maps/traced.toml: ok (area)", r.stdout


def test_trace_areas_bad_input_is_one_line(tmp_path):
    (tmp_path / "notes.txt").write_text("not an image", encoding="utf-8")
    Image.new("L", (60, 40), 230).save(tmp_path / "blank.png")
    for args, says in (
        (["missing.png"], "missing.png: no such file"),
        (["notes.txt"], "notes.txt: not an image mapref can read"),
        (["blank.png"], "blank.png: no region enclosed by border lines"),
        (["blank.png", "--threshold", "300"], "--threshold 300: expected a grey level from 1 to 255"),
    ):
        r = mapref("trace-areas", *args, "-o", "out.toml", cwd=tmp_path)
        assert r.returncode == 1 and len(r.stderr.splitlines()) == 1 and says in r.stderr, r.stderr
        assert "Traceback" not in r.stderr and not (tmp_path / "out.toml").exists()
