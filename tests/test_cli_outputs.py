"""``-o`` never destroys (issue 36): every command that writes a file refuses to replace one
without ``--force``, keeps the old one as ``NAME.bak`` when it does replace it, never writes over
a file it read (its own input, a game's map, the image it traces), and writes atomically: a full
disk leaves the old file whole."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from tests.faults import small_disk
from tests.helpers import mapref

ROOT = Path(__file__).resolve().parents[1]
PRECIOUS = b"precious: not to be lost\n"


def squares_geojson(path: Path) -> None:
    features = [
        {
            "type": "Feature",
            "properties": {"name": f"Square {i}"},
            "geometry": {"type": "Polygon", "coordinates": [[[i, 40], [i + 1, 40], [i + 1, 41], [i, 41], [i, 40]]]},
        }
        for i in range(3)
    ]
    path.write_text(json.dumps({"type": "FeatureCollection", "features": features}))


def borders_png(path: Path) -> None:
    """Two rooms side by side, drawn in black on white."""
    img = Image.new("L", (200, 120), 255)
    d = ImageDraw.Draw(img)
    d.rectangle((5, 5, 194, 114), outline=0, width=3)
    d.line((100, 5, 100, 114), fill=0, width=3)
    img.save(path)


@pytest.fixture
def folder(tmp_path):
    """A local game (scenario and map beside it), a GeoJSON file, a border image, a TripleA map."""
    sc = (ROOT / "scenarios" / "barbarossa.toml").read_text(encoding="utf-8")
    (tmp_path / "s.toml").write_text(re.sub(r'(?m)^map = ".*"$', 'map = "map.toml"', sc), encoding="utf-8")
    (tmp_path / "map.toml").write_bytes((ROOT / "maps" / "hitlers_war.toml").read_bytes())
    assert mapref("new-game", "s.toml", "-o", "g.toml", cwd=tmp_path).returncode == 0
    (tmp_path / "small.toml").write_bytes((ROOT / "maps" / "sample.toml").read_bytes())
    squares_geojson(tmp_path / "f.geojson")
    borders_png(tmp_path / "scan.png")
    return tmp_path


# each writing command, with OUT where its file goes
COMMANDS = {
    "render": ["render", "small.toml", "-o", "OUT", "--size", "6"],
    "render a game": ["render", "g.toml", "-o", "OUT", "--size", "4"],
    "export-html": ["export-html", "g.toml", "-o", "OUT"],
    "import-areas": ["import-areas", "f.geojson", "-o", "OUT"],
    "import-triplea": ["import-triplea", str(ROOT / "tests" / "data" / "triplea_toy"), "-o", "OUT"],
    "import-triplea --scenario": [
        "import-triplea",
        str(ROOT / "tests" / "data" / "triplea_toy"),
        "-o",
        "m.toml",
        "--scenario",
        "OUT",
    ],
    "trace-areas": ["trace-areas", "scan.png", "-o", "OUT"],
    "new-map": ["new-map", "-o", "OUT"],
    "new-game": ["new-game", "s.toml", "-o", "OUT"],
}
SUFFIX = {"render": ".png", "render a game": ".png", "export-html": ".html"}


def argv(name: str, out: str) -> list[str]:
    return [out if a == "OUT" else a for a in COMMANDS[name]]


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_a_command_refuses_to_replace_a_file_without_force_and_keeps_a_backup_with_it(folder, name):
    out = folder / ("old" + SUFFIX.get(name, ".toml"))
    out.write_bytes(PRECIOUS)
    r = mapref(*argv(name, out.name), cwd=folder)
    assert r.returncode == 1 and len(r.stderr.splitlines()) == 1, (r.stdout, r.stderr)
    assert out.name in r.stderr and "already exists" in r.stderr and "--force" in r.stderr, r.stderr
    assert out.read_bytes() == PRECIOUS and not (folder / (out.name + ".bak")).exists()
    r = mapref(*argv(name, out.name), "--force", cwd=folder)
    assert r.returncode == 0, r.stderr
    assert out.read_bytes() != PRECIOUS and (folder / (out.name + ".bak")).read_bytes() == PRECIOUS
    assert not [p.name for p in folder.iterdir() if "mapref-tmp" in p.name]


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_a_folder_named_as_the_output_is_refused_as_a_folder_with_or_without_force(folder, name):
    # acceptance (issue 36): `-o FOLDER` was told "FOLDER already exists: give --force to replace
    # it (the old one is kept as FOLDER.bak)", and with --force a message about the file's
    # extension or "not a regular file": a folder is never replaced, so it is said at once
    out = folder / ("out" + SUFFIX.get(name, ".toml"))
    out.mkdir()
    (out / "kept.txt").write_bytes(PRECIOUS)
    for force in ((), ("--force",)):
        r = mapref(*argv(name, out.name), *force, cwd=folder)
        assert r.returncode == 1 and len(r.stderr.splitlines()) == 1, (r.stdout, r.stderr)
        assert f"{out.name}: a folder, not a file" in r.stderr and "--force" not in r.stderr, r.stderr
    assert (out / "kept.txt").read_bytes() == PRECIOUS and not (folder / (out.name + ".bak")).exists()


# (command, the file it reads that -o names): refused even with --force
OWN_INPUTS = [
    (["export-html", "g.toml", "-o", "g.toml"], "g.toml"),
    (["export-html", "g.toml", "-o", "map.toml"], "map.toml"),  # the game's map
    (["export-html", "s.toml", "-o", "s.toml"], "s.toml"),
    (["render", "g.toml", "-o", "g.toml", "--size", "4"], "g.toml"),
    (["render", "g.toml", "-o", "map.toml", "--size", "4"], "map.toml"),
    (["render", "small.toml", "-o", "small.toml", "--size", "6"], "small.toml"),
    (["render", "map.toml", "--game", "g.toml", "-o", "g.toml", "--size", "4"], "g.toml"),
    (["import-areas", "f.geojson", "-o", "f.geojson"], "f.geojson"),
    (["trace-areas", "scan.png", "-o", "scan.png"], "scan.png"),
    (["new-map", "--underlay", "scan.png", "-o", "scan.png"], "scan.png"),
    (["new-game", "s.toml", "-o", "map.toml"], "map.toml"),  # the scenario's map
]


@pytest.mark.parametrize("args,victim", OWN_INPUTS, ids=[" ".join(a) for a, _ in OWN_INPUTS])
def test_a_command_never_writes_over_a_file_it_read(folder, args, victim):
    before = (folder / victim).read_bytes()
    r = mapref(*args, "--force", cwd=folder)
    assert r.returncode == 1 and len(r.stderr.splitlines()) == 1, (r.stdout, r.stderr)
    assert victim in r.stderr and "read" in r.stderr, r.stderr
    assert (folder / victim).read_bytes() == before
    assert not (folder / (victim + ".bak")).exists()


def test_import_triplea_never_writes_over_the_map_folder_it_reads(tmp_path):
    import shutil

    src = tmp_path / "toy"
    shutil.copytree(ROOT / "tests" / "data" / "triplea_toy", src)
    victim = next(p for p in src.rglob("polygons.txt"))
    before = victim.read_bytes()
    r = mapref("import-triplea", "toy", "-o", str(victim.relative_to(tmp_path)), "--force", cwd=tmp_path)
    assert r.returncode == 1 and "polygons.txt" in r.stderr and victim.read_bytes() == before, r.stderr


def test_an_image_rendered_on_a_full_disk_leaves_the_old_image_whole(tmp_path):
    (tmp_path / "m.toml").write_bytes((ROOT / "maps" / "sample.toml").read_bytes())
    with small_disk(tmp_path / "disk", "1m") as disk:
        out = disk.folder / "m.png"
        assert mapref("render", str(tmp_path / "m.toml"), "-o", str(out), "--size", "6").returncode == 0
        old = out.read_bytes()
        Image.open(out).verify()
        disk.fill()
        r = mapref("render", str(tmp_path / "m.toml"), "-o", str(disk.folder / "new.png"), "--size", "12")
        assert r.returncode == 1 and len(r.stderr.splitlines()) == 1 and "new.png" in r.stderr, r.stderr
        assert not (disk.folder / "new.png").exists()  # no truncated image left
        r = mapref("render", str(tmp_path / "m.toml"), "-o", str(out), "--size", "12", "--force")
        disk.free()
        assert r.returncode == 1 and len(r.stderr.splitlines()) == 1 and "m.png" in r.stderr, r.stderr
        assert out.read_bytes() == old
        assert sorted(p.name for p in disk.folder.iterdir() if not p.name.startswith(".filler")) == ["m.png"]
