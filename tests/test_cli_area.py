"""The ``mapref`` command on area maps, run as a user runs it (a subprocess)."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image
from tests.helpers import mapref

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = str(ROOT / "maps" / "area_sample.toml")
NE = str(ROOT / "tools" / "data" / "ne_110m_countries_europe.geojson")  # the shared Natural Earth file, shipped


def test_check_info_and_render_an_area_map(tmp_path):
    r = mapref("check", SAMPLE, cwd=tmp_path)
    # the two proposed lines are notes (something to do, nothing wrong): even --strict passes
    assert r.returncode == 0 and r.stdout.splitlines() == [
        f"{SAMPLE}:147:1: note: line ruhr-bern: proposed from a shared border: accept or delete it [proposed-line]",
        f"{SAMPLE}:148:1: note: line bern-marseilles: proposed from a shared border: accept or delete it [proposed-line]",
        f"{SAMPLE}: ok (area)",
    ], r.stdout + r.stderr
    assert mapref("check", "--strict", SAMPLE, cwd=tmp_path).returncode == 0
    r = mapref("info", SAMPLE, cwd=tmp_path)
    assert r.returncode == 0
    assert "8 locations (2 split into halves), 1 off-map boxes, 11 spaces" in r.stdout
    assert "supply for western: Paris, London, USA (allied_deck >= 3)" in r.stdout
    r = mapref("info", "--json", SAMPLE, cwd=tmp_path)
    d = json.loads(r.stdout)
    assert d["kind"] == "area"
    sedan = d["locations"]["sedan"]
    assert sedan["spaces"] == ["sedan.w", "sedan.e"] and set(sedan["halves"]) == {"w", "e"}
    assert sedan["halves"]["e"]["lines"] == ["sedan-ruhr"] and sedan["neighbours"]["paris"] > 0
    line = d["lines"]["london-algiers"]
    assert (line["kind"], line["oneway"], line["condition"]["active_from"], line["attrs"]) == (
        "naval",
        True,
        {"allied_deck": 2},
        {"rule": "s2"},
    )
    assert d["lines"]["london-paris"]["defence_a"] == 2 and d["boxes"]["usa"]["space"] == "box:usa"
    assert {"a": "sedan.w", "b": "sedan.e", "kind": "half", "oneway": False, "line": None, "defence": {}} in d[
        "connections"
    ]
    out = tmp_path / "area.png"
    r = mapref("render", SAMPLE, "-o", str(out), "--size", "900", cwd=tmp_path)
    assert r.returncode == 0 and r.stdout.strip() == f"{out}: 900x{Image.open(out).height} pixels"
    img = Image.open(out).convert("RGB")
    # Paris is filled with its colour class (blue) and the sea around is the sea colour
    colours = {c for _, c in img.getcolors(1 << 20)}
    assert (0x9D, 0xBC, 0xE0) in colours and (0xCF, 0xDE, 0xEC) in colours


def test_check_reports_an_overlap_with_its_line_and_fails(tmp_path):
    text = (
        Path(SAMPLE)
        .read_text(encoding="utf-8")
        .replace("[200, 70], [215, 150], [210, 230], [110, 230],", "[200, 70], [245, 150], [210, 230], [110, 230],", 1)
    )
    bad = tmp_path / "bad.toml"
    bad.write_text(text, encoding="utf-8")
    r = mapref("check", "bad.toml", cwd=tmp_path)
    assert r.returncode == 1
    assert r.stdout.startswith("bad.toml:") and "locations.paris.polygon: Paris and Sedan overlap" in r.stdout
    assert "Traceback" not in r.stdout + r.stderr


def test_check_prints_the_editors_lint_as_warnings_and_strict_makes_them_fail(tmp_path):
    """One truth about problems: what the problems panel lists (mapref.core.arealint) is what
    check prints, each on its line of the file."""
    from mapref.core.arealint import lint_area
    from mapref.io.areafile import load_area_map

    text = Path(SAMPLE).read_text(encoding="utf-8")
    text += 'bern-algiers = { a = "bern", b = "algiers", kind = "land" }\n'  # Bern and Algiers do not touch
    m = tmp_path / "m.toml"
    m.write_text(text, encoding="utf-8")
    panel = [p for p in lint_area(load_area_map(m)) if p.level == "warning"]
    assert [p.code for p in panel] == ["land-line-apart"]
    line_no = text.splitlines().index('bern-algiers = { a = "bern", b = "algiers", kind = "land" }') + 1
    r = mapref("check", "m.toml", cwd=tmp_path)
    warning = (
        f"m.toml:{line_no}:1: warning: line bern-algiers: a land line between bern and algiers, which share no border "
        "(a strait crossing on purpose: mark it crossing = true) [land-line-apart]"
    )
    assert (
        r.returncode == 0
        and warning in r.stdout.splitlines()
        and r.stdout.splitlines()[-1] == "m.toml: ok (area), 1 warning"
    )
    r = mapref("check", "--strict", "m.toml", cwd=tmp_path)
    assert r.returncode == 1 and warning in r.stdout.splitlines() and "ok (area)" not in r.stdout
    # marked as a strait crossing on purpose, the line is fine; an accepted warning is left out
    m.write_text(text.replace('kind = "land" }\n', 'kind = "land", crossing = true }\n'), encoding="utf-8")
    assert mapref("check", "--strict", "m.toml", cwd=tmp_path).returncode == 0
    m.write_text(
        text.replace("[lines]", '[checks]\naccept = ["land-line-apart:bern-algiers"]\n\n[lines]', 1), encoding="utf-8"
    )
    assert mapref("check", "--strict", "m.toml", cwd=tmp_path).returncode == 0


def test_check_strict_fails_on_overlapping_areas(tmp_path):
    text = (
        Path(SAMPLE)
        .read_text(encoding="utf-8")
        .replace("[200, 70], [215, 150], [210, 230], [110, 230],", "[200, 70], [245, 150], [210, 230], [110, 230],", 1)
    )
    (tmp_path / "bad.toml").write_text(text, encoding="utf-8")
    for args in (["check"], ["check", "--strict"]):
        r = mapref(*args, "bad.toml", cwd=tmp_path)
        assert r.returncode == 1 and "Paris and Sedan overlap" in r.stdout and "ok (area)" not in r.stdout


def test_every_shipped_map_passes_check_strict(tmp_path):
    maps = sorted((ROOT / "maps").glob("*.toml"))
    r = mapref("check", "--strict", *map(str, maps), cwd=tmp_path)
    assert r.returncode == 0, r.stdout + r.stderr
    assert [ln for ln in r.stdout.splitlines() if ": warning: " in ln or ": error" in ln] == []


def test_a_bad_area_file_is_one_line_per_problem(tmp_path):
    bad = ROOT / "tests" / "data" / "invalid_area" / "20_several_problems_at_once.toml"
    r = mapref("info", str(bad), cwd=tmp_path)
    assert r.returncode == 1 and len(r.stderr.splitlines()) == 4 and "Traceback" not in r.stderr


def test_import_natural_earth_europe(tmp_path):
    out = tmp_path / "europe.toml"
    r = mapref("import-areas", NE, "-o", str(out), cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert (
        r.stdout.splitlines()[-1]
        == f"{out}: 90 locations, 163 proposed land lines (accept or delete them in the editor)"
    )
    # borders on an outlying part only are not proposed, and the import says so
    assert "Ireland - United Kingdom: they meet only on an outlying part of one of them" in r.stdout + r.stderr
    assert mapref("check", str(out), cwd=tmp_path).returncode == 0
    d = json.loads(mapref("info", "--json", str(out), cwd=tmp_path).stdout)
    land = [ln for ln in d["lines"].values() if ln["kind"] == "land"]
    pairs = {frozenset((ln["a_location"], ln["b_location"])) for ln in land}
    assert frozenset(("france", "germany")) in pairs
    assert frozenset(("spain", "france")) in pairs and frozenset(("united_kingdom", "france")) not in pairs
    # the United Kingdom touches land only in Northern Ireland, an outlying part: Great Britain has
    # no land line, to Ireland or anywhere (Russia's Kaliningrad joins it to no one either)
    assert [ln for ln in land if "united_kingdom" in (ln["a_location"], ln["b_location"])] == []
    assert frozenset(("russia", "poland")) not in pairs and frozenset(("belarus", "russia")) in pairs
    assert d["locations"]["united_kingdom"]["parts"] == 2 and d["locations"]["france"]["parts"] == 2
    assert d["locations"]["france"]["attrs"] == {"admin": "France", "iso_a3": "-99"}
    assert d["locations"]["germany"]["neighbours"]["france"] > 0


def test_import_with_a_missing_name_property_lists_the_properties(tmp_path):
    r = mapref("import-areas", NE, "-o", str(tmp_path / "x.toml"), "--name-property", "NAME", cwd=tmp_path)
    assert r.returncode == 1 and not (tmp_path / "x.toml").exists()
    first = r.stderr.splitlines()[0]
    assert first == (
        f"{NE}: features[0].properties.NAME: expected the feature's name, got null "
        "(its text properties: admin, iso_a3, name; choose one with --name-property)"
    )
    r = mapref("import-areas", NE, "-o", str(tmp_path / "x.toml"), "--name-property", "iso_a3", cwd=tmp_path)
    assert r.returncode == 0 and "90 locations" in r.stdout


def test_import_of_a_broken_json_file_names_the_line(tmp_path):
    p = tmp_path / "broken.geojson"
    p.write_text('{"type": "FeatureCollection",\n "features": [,]}', encoding="utf-8")
    r = mapref("import-areas", "broken.geojson", "-o", "x.toml", cwd=tmp_path)
    assert r.returncode == 1 and r.stderr.strip() == "broken.geojson:2:15: JSON syntax error: Expecting value"


def test_new_area_map_from_the_command_line(tmp_path):
    r = mapref("new-map", "--area", "-o", "maps/blank.toml", "--projection=-12,71,20,50", cwd=tmp_path)
    assert r.returncode == 1 and "maps/blank.toml: cannot write" in r.stderr  # no such folder: one line
    (tmp_path / "maps").mkdir()
    r = mapref("new-map", "--area", "-o", "maps/blank.toml", "--projection=-12,71,20,50", cwd=tmp_path)
    assert r.returncode == 0 and r.stdout.strip() == (
        "maps/blank.toml: a blank area map, page 1000 x 700, projected (open it: mapref maps/blank.toml)"
    ), r.stderr
    from mapref.io.areafile import load_area_map

    m = load_area_map(tmp_path / "maps" / "blank.toml")
    assert (m.name, m.page, m.geo, m.bounds()) == (
        "blank",
        (1000.0, 700.0),
        {"lon0": -12.0, "lat0": 71.0, "scale": 20.0, "parallel": 50.0},
        (0.0, 0.0, 1000.0, 700.0),
    )
    assert mapref("check", "--strict", "maps/blank.toml", cwd=tmp_path).returncode == 0
    # an underlay to trace: the page takes its proportions, the image lies under it scaled to the page's width
    Image.new("RGB", (400, 300), "white").save(tmp_path / "scan.png")
    r = mapref("new-map", "-o", "maps/scan.toml", "--underlay", "scan.png", "--width", "800", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    m = load_area_map(tmp_path / "maps" / "scan.toml")
    assert m.page == (800.0, 600.0) and m.background == {
        "image": "../scan.png",
        "opacity": 0.5,
        "offset": [0.0, 0.0],
        "scale": 2.0,
    }
    r = mapref("new-map", "-o", "maps/scan.toml", cwd=tmp_path)
    assert r.returncode == 1 and "maps/scan.toml already exists: give --force" in r.stderr
    for args, says in (
        (["--projection=north"], "--projection north: expected LON0,LAT0"),
        (["--width", "-5"], "a page is from 1 to 1,000,000 map units"),
        (["--underlay", "nothing.png"], "nothing.png: no such file"),
    ):
        r = mapref("new-map", "-o", "maps/x.toml", *args, cwd=tmp_path)
        assert (
            r.returncode == 1
            and says in r.stderr
            and len(r.stderr.splitlines()) == 1
            and not (tmp_path / "maps" / "x.toml").exists()
        )
    # opening a map that is not there, without a display, says how to start one (with a display a
    # window offers a new map: tests/ui/test_editor_new_map.py)
    r = mapref("new.toml", cwd=tmp_path, env={"DISPLAY": ""})
    assert (
        r.returncode == 1
        and r.stderr.strip()
        == "mapref: new.toml: no such file; to start a new area map there: mapref new-map -o new.toml"
    )


# ----------------------------------------------------------- issue 27: import-areas' read guards


def run_here(tmp_path, capsys, monkeypatch, *args) -> tuple[int, list[str]]:
    """``mapref ARGS`` in this process: (exit status, the lines it printed)."""
    from mapref.cli import main

    monkeypatch.chdir(tmp_path)
    rc = main(list(args))
    out = capsys.readouterr()
    return rc, (out.out + out.err).splitlines()


def squares(n: int, size: float = 1.0, step: float = 1.0) -> dict:
    """``n`` x ``n`` squares of ``size`` degrees, ``step`` apart (overlapping when size > step)."""
    return {
        "type": "FeatureCollection",
        "features": [
            {
                "type": "Feature",
                "properties": {"name": f"S{i}-{j}"},
                "geometry": {
                    "type": "Polygon",
                    "coordinates": [
                        [
                            [i * step, 40 + j * step],
                            [i * step + size, 40 + j * step],
                            [i * step + size, 40 + j * step + size],
                            [i * step, 40 + j * step + size],
                            [i * step, 40 + j * step],
                        ]
                    ],
                },
            }
            for i in range(n)
            for j in range(n)
        ],
    }


SPECIAL = {
    "a FIFO": (lambda p: os.mkfifo(p), "f.geojson: expected a regular file, got a named pipe (FIFO)"),
    "/dev/zero": (lambda p: p.symlink_to("/dev/zero"), "f.geojson: expected a regular file, got a character device"),
    "100 MB": (
        lambda p: open(p, "wb").truncate(100 << 20),
        "f.geojson: too big: 100.0 MiB (mapref reads files up to 16.0 MiB)",
    ),
    "a folder": (lambda p: p.mkdir(), "f.geojson: expected a regular file, got a directory"),
}


@pytest.mark.parametrize("what", sorted(SPECIAL))
def test_import_reads_through_the_same_guard_as_every_loader(tmp_path, capsys, monkeypatch, what):
    """Issue 27: a FIFO hung, /dev/zero ran 9 s and 1.7 GB to a MemoryError, 100 MB became a map
    check refuses."""
    make, want = SPECIAL[what]
    make(tmp_path / "f.geojson")
    rc, lines = run_here(tmp_path, capsys, monkeypatch, "import-areas", "f.geojson", "-o", "out.toml")
    assert (rc, lines) == (1, [want]) and not (tmp_path / "out.toml").exists()


BAD_GEOJSON = {
    "deep JSON": ("[" * 100_000 + "]" * 100_000, "f.geojson: arrays or objects nested more than 32 deep"),
    "JSON deeper than the limit": (
        '{"type": "FeatureCollection", "features": ' + "[" * 40 + "]" * 40 + "}",
        "f.geojson: arrays or objects nested more than 32 deep",
    ),
    "a number alone": ("1", 'f.geojson: type: expected a GeoJSON "FeatureCollection", got 1'),
    "features not an array": (
        '{"type": "FeatureCollection", "features": {"a": 1}}',
        "f.geojson: features: expected an array of features, got a table",
    ),
    "properties not an object": (
        '{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": [1], "geometry": null}]}',
        "f.geojson: features[0].properties: expected an object, got [1]",
    ),
    "geometry not an object": (
        '{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {"name": "A"}, "geometry": 5}]}',
        "f.geojson: features[0].geometry: expected a geometry object, got 5",
    ),
    "coordinates that overflow": (
        json.dumps(
            {
                "type": "FeatureCollection",
                "features": [
                    {
                        "type": "Feature",
                        "properties": {"name": "A"},
                        "geometry": {"type": "Polygon", "coordinates": [[[0, 0], [1e308, 0], [1e308, 1e308], [0, 0]]]},
                    }
                ],
            }
        ),
        "f.geojson: features[0].geometry.coordinates: expected longitude -180 to 180 and latitude -90 to 90 "
        "(degrees, as GeoJSON has them), got [1e+308, 0]",
    ),
    "a 5000-digit number": (
        '{"type": "FeatureCollection", "features": [], "x": ' + "9" * 5000 + "}",
        "f.geojson: not a number mapref can read (Exceeds the limit (4300 digits) for integer string conversion: ",
    ),
    "a ring of three points": (
        json.dumps(
            {
                "type": "FeatureCollection",
                "features": [
                    {
                        "type": "Feature",
                        "properties": {"name": "A"},
                        "geometry": {"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [0, 0]]]},
                    }
                ],
            }
        ),
        "f.geojson: features[0].geometry.coordinates: expected a ring of at least 4 positions",
    ),
}


@pytest.mark.parametrize("what", sorted(BAD_GEOJSON))
def test_import_refuses_malformed_geojson_in_one_line(tmp_path, capsys, monkeypatch, what):
    """Issue 27: 140 fuzzed files were internal errors (deep JSON, features, properties or geometry
    of the wrong type, coordinates that overflow)."""
    text, want = BAD_GEOJSON[what]
    (tmp_path / "f.geojson").write_text(text)
    rc, lines = run_here(tmp_path, capsys, monkeypatch, "import-areas", "f.geojson", "-o", "out.toml")
    assert rc == 1 and len(lines) == 1 and lines[0].startswith(want), lines
    assert not (tmp_path / "out.toml").exists()


def test_import_never_writes_a_map_check_refuses(tmp_path, capsys, monkeypatch):
    """Issue 27: 38 written maps failed check (overlaps); 3,600 overlapping features took over 120 s."""
    (tmp_path / "f.geojson").write_text(
        json.dumps(squares(60, size=0.3, step=0.1))
    )  # 3,600 squares over their neighbours
    rc, lines = run_here(tmp_path, capsys, monkeypatch, "import-areas", "f.geojson", "-o", "out.toml")
    assert rc == 1 and not (tmp_path / "out.toml").exists()
    assert (
        lines[0].startswith("f.geojson: features[0]: S0-0 and S")
        and " overlap (area " in lines[0]
        and lines[0].endswith("): the locations of a map may not overlap or cross themselves")
    )
    assert (
        len(lines) == 21
        and lines[-1].startswith("f.geojson: features: and ")
        and lines[-1].endswith(" more such problems")
    )
    (tmp_path / "f.geojson").write_text(json.dumps(squares(6)))  # the same squares side by side: a map, and it checks
    rc, lines = run_here(tmp_path, capsys, monkeypatch, "import-areas", "f.geojson", "-o", "out.toml")
    assert (
        rc == 0 and lines[-1] == "out.toml: 36 locations, 60 proposed land lines (accept or delete them in the editor)"
    )
    rc, lines = run_here(tmp_path, capsys, monkeypatch, "check", "out.toml")
    assert rc == 0 and lines[-1].startswith("out.toml: ok (area)")  # (the notes list the proposed lines to accept)


def test_import_bounds_its_work(tmp_path, capsys, monkeypatch):
    (tmp_path / "f.geojson").write_text(json.dumps(squares(71, size=0.01, step=0.02)))  # 5,041 tiny squares
    rc, lines = run_here(tmp_path, capsys, monkeypatch, "import-areas", "f.geojson", "-o", "out.toml")
    assert (rc, lines) == (1, ["f.geojson: features: 5,041 features: import-areas takes up to 5,000"])
    ring = [[i * 1e-4, 40.0] for i in range(100_001)] + [[10, 41], [0, 41], [0, 40]]
    (tmp_path / "f.geojson").write_text(
        json.dumps(
            {
                "type": "FeatureCollection",
                "features": [
                    {
                        "type": "Feature",
                        "properties": {"name": n},
                        "geometry": {"type": "Polygon", "coordinates": [ring]},
                    }
                    for n in "AB"
                ],
            }
        )
    )
    rc, lines = run_here(tmp_path, capsys, monkeypatch, "import-areas", "f.geojson", "-o", "out.toml")
    assert (rc, lines) == (
        1,
        [
            "f.geojson: features: more than 200,000 points: import-areas takes up to that many "
            "(simplify the file in a GIS first)"
        ],
    )


def _one_gigabyte():
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))


@pytest.mark.slow  # 3,000 features piled up, under a 1 GB limit: 8 s (./tools/run-tests --slow, docs/testing.md)
def test_locations_piled_on_each_other_cost_what_a_limit_allows(tmp_path):
    """Found by tools/fuzz.py: 3,000 features on top of each other ran import-areas out of memory
    (every pair of them looked at at once); an area map of such locations did the same to check
    and info --json.  Pairs are looked for up to a limit, a hundred locations at a time."""
    one = {
        "type": "Feature",
        "properties": {"name": "x"},
        "geometry": {"type": "Polygon", "coordinates": [[[0, 40], [1, 40], [1, 41], [0, 40]]]},
    }
    (tmp_path / "f.geojson").write_text(json.dumps({"type": "FeatureCollection", "features": [one] * 3000}))
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    r = subprocess.run(
        [sys.executable, "-m", "mapref", "import-areas", "f.geojson", "-o", "out.toml"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        preexec_fn=_one_gigabyte,
        timeout=600,
    )
    lines = r.stderr.splitlines()
    assert r.returncode == 1 and len(lines) == 21 and "internal error" not in r.stderr, r.stderr[-500:]
    assert lines[0].startswith("f.geojson: features[0]: x and x overlap (area ")
    assert lines[-1].startswith("f.geojson: features: and at least ") and not (tmp_path / "out.toml").exists()
    square = "polygon = [[0, 0], [10, 0], [10, 10], [0, 10]]\n"
    (tmp_path / "piled.toml").write_text(
        'format = 1\nkind = "area"\nname = "piled"\n'
        + "".join(f'\n[locations.l{k}]\nname = "L{k}"\n{square}' for k in range(3000))
    )
    for args in (["check", "piled.toml"], ["info", "--json", "piled.toml"]):
        r = subprocess.run(
            [sys.executable, "-m", "mapref", *args],
            capture_output=True,
            text=True,
            cwd=tmp_path,
            env=env,
            preexec_fn=_one_gigabyte,
            timeout=600,
        )
        assert r.returncode in (0, 1) and "internal error" not in r.stderr and "Traceback" not in r.stderr, r.stderr[
            -500:
        ]
    r = subprocess.run(
        [sys.executable, "-m", "mapref", "check", "piled.toml"], capture_output=True, text=True, cwd=tmp_path, env=env
    )
    assert (
        r.returncode == 1
        and r.stdout.startswith("piled.toml:7:1: locations.l0.polygon: L0 and L")
        and " overlap (area 100.00)" in r.stdout.splitlines()[0]
    )


def test_an_area_map_too_big_to_draw_is_one_line_saying_what_size_fits(tmp_path):
    """Found by tools/fuzz.py (seed 3336, case 9855): an off-map box 10,000 units up made the
    default 1600-pixel-wide image 36 million pixels tall, and `render` stopped with an internal
    error (ImageTooBig out of render_area; the hex maps' same refusal was caught); `--size 8000`
    on the sample the same."""
    text = Path(SAMPLE).read_text(encoding="utf-8").replace("position = [-120, 100]", "position = [0.0, -9999.0]")
    (tmp_path / "tall.toml").write_text(text, encoding="utf-8")
    for args in (["tall.toml", "-o", "tall.png"], [SAMPLE, "-o", "wide.png", "--size", "8000"]):
        r = mapref("render", *args, cwd=tmp_path)
        assert r.returncode == 1 and len(r.stderr.splitlines()) == 1, (r.returncode, r.stderr)
        assert "internal error" not in r.stderr and r.stderr.startswith(f"mapref: {args[0]}: "), r.stderr
        assert "over the 40 megapixels mapref draws" in r.stderr and not (tmp_path / args[2]).exists()
    assert "at most --size" in mapref("render", SAMPLE, "-o", "wide.png", "--size", "8000", cwd=tmp_path).stderr
    # so tall that no width `render` takes fits: no size is offered that `render` then refuses
    (tmp_path / "taller.toml").write_text(text.replace("-9999.0]", "-999999.0]"), encoding="utf-8")
    r = mapref("render", "taller.toml", "-o", "tall.png", cwd=tmp_path)
    assert r.returncode == 1 and "at most --size" not in r.stderr and "even a 200-pixel-wide one" in r.stderr, r.stderr


def test_an_area_map_drawn_at_the_largest_size_that_fits_stays_within_a_gigabyte(tmp_path):
    """Found by tools/fuzz.py: a 40-megapixel area image was drawn supersampled, four times its
    size, then reduced: 1.1 GB.  Past 16 megapixels it is drawn at its own size."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    r = mapref("render", SAMPLE, "-o", str(tmp_path / "x.png"), "--size", "8000", cwd=tmp_path)
    assert r.returncode == 1, r.stderr
    most = int(r.stderr.split("at most --size ")[1].split()[0])  # the largest that fits 40 megapixels
    r = subprocess.run(
        [sys.executable, "-m", "mapref", "render", SAMPLE, "-o", "big.png", "--size", str(most)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        preexec_fn=_one_gigabyte,
        timeout=600,
    )
    assert r.returncode == 0, r.stderr[-500:]
    w, h = (int(x) for x in r.stdout.split(": ")[1].split()[0].split("x"))
    assert w == most and 30_000_000 < w * h <= 40_000_000
    with Image.open(tmp_path / "big.png") as im:
        assert im.size == (w, h)
