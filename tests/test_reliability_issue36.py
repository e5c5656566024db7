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


def test_a_polygon_whose_outer_ring_is_one_point_is_one_line_not_an_internal_error(tmp_path):
    """Its ring of one point, with a hole: the geometry library's own exception came out."""
    import json

    feats = [
        {
            "type": "Feature",
            "properties": {"name": "Dot"},
            "geometry": {
                "type": "Polygon",
                "coordinates": [
                    [[1, 40], [1, 40], [1, 40], [1, 40]],
                    [[1.2, 40.2], [1.4, 40.2], [1.4, 40.4], [1.2, 40.2]],
                ],
            },
        },
        {
            "type": "Feature",
            "properties": {"name": "Square"},
            "geometry": {"type": "Polygon", "coordinates": [[[3, 40], [4, 40], [4, 41], [3, 41], [3, 40]]]},
        },
    ]
    (tmp_path / "f.geojson").write_text(json.dumps({"type": "FeatureCollection", "features": feats}))
    r = mapref("import-areas", "f.geojson", "-o", "m.toml", cwd=tmp_path)
    assert r.returncode == 1 and r.stderr.splitlines() == [
        "f.geojson: features[0].geometry.coordinates: expected an outer ring enclosing an area, got one whose "
        "points lie on one point or one line"
    ], r.stderr
    assert not (tmp_path / "m.toml").exists()


def damaged_pngs(folder: Path) -> dict[str, str]:
    """PNG files Pillow gives up on in its own ways: name -> what mapref says of it."""
    import io
    import struct
    import zlib

    from PIL import Image

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    buf = io.BytesIO()
    Image.new("RGB", (40, 30), (250, 250, 250)).save(buf, "PNG")
    good = buf.getvalue()
    i = good.index(b"IDAT")
    n = int.from_bytes(good[i - 4 : i], "big")
    data, rest = good[i + 4 : i + 4 + n], good[i + 8 + n :]
    # the image data split in two chunks, the second of no type: Pillow's SyntaxError while it decodes
    broken = good[: i - 4] + chunk(b"IDAT", data[:10]) + chunk(b"\x7f\xe7Y\xc1", data[10:]) + rest
    out = {
        "chunk.png": (broken, "broken PNG file"),
        "ihdr.png": (good[:8] + b"\x00\x00\x00\x05" + good[12:], "Truncated IHDR chunk"),  # Pillow: ValueError
    }
    for name, (data, _) in out.items():
        (folder / name).write_bytes(data)
    return {name: says for name, (_, says) in out.items()}


def test_a_damaged_image_is_one_line_in_trace_areas_and_new_map(tmp_path):
    for name, says in damaged_pngs(tmp_path).items():
        for args in (["trace-areas", name, "-o", "t.toml"], ["new-map", "--underlay", name, "-o", "n.toml"]):
            r = mapref(*args, cwd=tmp_path)
            assert r.returncode == 1 and len(r.stderr.splitlines()) == 1, r.stderr
            assert r.stderr.startswith(f"mapref: {name}: cannot read the image: ") and says in r.stderr, r.stderr
        assert not (tmp_path / "t.toml").exists() and not (tmp_path / "n.toml").exists()


def test_a_log_problem_echoes_no_raw_control_character(tmp_path):
    """check's line about a log entry quoted the file's text raw (tools/fuzz.py seed 36, case 5870)."""
    from mapref.rules.files import load_game

    game = local_game(tmp_path / "g")
    assert mapref("advance", str(game)).returncode == 0
    text = game.read_text(encoding="utf-8")
    bad = re.sub(r"undo = \[.*\]", lambda m: 'undo = [{ at = ["\\u001b[31mred"], was = 1 }]', text, count=1)
    assert bad != text
    game.write_text(bad, encoding="utf-8")
    assert load_game(game).log
    r = mapref("check", str(game))
    assert r.returncode == 1 and "\x1b" not in r.stdout + r.stderr, r.stdout + r.stderr


def test_a_verb_refuses_a_game_check_refuses_as_the_window_does(tmp_path):
    # Found by tools/fuzz.py (seed 3338, case 3980): a game whose scenario no longer fits its map
    # (here: the German Fleet's ports all in landlocked Switzerland, so no new game could place
    # it: Fleet strength points 2) is refused by `mapref check` and opened read-only by the window
    # (Game.check), but `mapref advance` played it and wrote a game `check` refuses.  A verb
    # refuses what `check` refuses, before it changes anything
    sc = (ROOT / "scenarios" / "fall_of_germany.toml").read_text(encoding="utf-8")
    sc = re.sub(r'(?m)^map = ".*"$', 'map = "map.toml"', sc)
    (tmp_path / "s.toml").write_text(sc, encoding="utf-8")
    (tmp_path / "map.toml").write_bytes((ROOT / "maps" / "hitlers_war.toml").read_bytes())
    assert mapref("new-game", "s.toml", "-o", "g.toml", "--auto-place", cwd=tmp_path).returncode == 0
    game = tmp_path / "g.toml"
    german = re.compile(r'(\[fleets\."German Fleet"\][^\[]*?ports = )\{[^}]*\}')
    (tmp_path / "s.toml").write_text(german.sub(r'\1{ countries = ["ch"] }', sc, count=1), encoding="utf-8")
    r = mapref("check", "g.toml", cwd=tmp_path)
    assert r.returncode == 1 and "German Fleet.ports: no port" in r.stdout + r.stderr, r.stdout + r.stderr
    before = game.read_bytes()
    r = mapref("advance", "g.toml", cwd=tmp_path)
    assert r.returncode == 1 and len(r.stderr.splitlines()) == 1, (r.stdout, r.stderr)
    assert "German Fleet.ports: no port" in r.stderr and game.read_bytes() == before, r.stderr


def test_a_png_whose_data_chunk_claims_two_gigabytes_is_one_line_within_a_gigabyte(tmp_path):
    # Found by tools/fuzz.py (seed 3339, case 4219): a damaged PNG whose IDAT chunk says it holds
    # 2 GB; Pillow reads that many bytes at once, which under a 1 GB memory limit is a MemoryError:
    # `trace-areas` and `new-map --underlay` ended in "internal error: out of memory"
    import io
    import struct
    import subprocess
    import sys

    from PIL import Image

    buf = io.BytesIO()
    Image.new("L", (240, 160), 255).save(buf, "PNG")
    data = bytearray(buf.getvalue())
    at = data.index(b"IDAT") - 4
    data[at : at + 4] = struct.pack(">I", 0x7FFFFFF0)
    (tmp_path / "huge.png").write_bytes(bytes(data))

    def one_gigabyte():
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))

    for args in (["trace-areas", "huge.png", "-o", "t.toml"], ["new-map", "--underlay", "huge.png", "-o", "n.toml"]):
        r = subprocess.run(
            [sys.executable, "-m", "mapref", *args],
            capture_output=True,
            text=True,
            cwd=tmp_path,
            env={**__import__("os").environ, "PYTHONPATH": str(ROOT)},
            preexec_fn=one_gigabyte,
            timeout=300,
        )
        assert r.returncode == 1 and len(r.stderr.splitlines()) == 1, (r.returncode, r.stderr)
        assert r.stderr.startswith("mapref: huge.png: cannot read the image: "), r.stderr
    assert not (tmp_path / "t.toml").exists() and not (tmp_path / "n.toml").exists()


def test_a_page_of_a_map_whose_border_crosses_itself_is_drawn_not_an_internal_error(tmp_path):
    # Found by tools/fuzz.py (seed 3339, case 3583): one point of Libya's border moved so that it
    # crosses itself (`check` says so, with its line); export-html of the scenario ended in an
    # internal error (GEOSException: the names' placing measured a box against that border)
    sc = (ROOT / "scenarios" / "aa_house_rules.toml").read_text(encoding="utf-8")
    (tmp_path / "s.toml").write_text(re.sub(r'(?m)^map = ".*"$', 'map = "map.toml"', sc), encoding="utf-8")
    lines = (ROOT / "maps" / "europe_areas.toml").read_text(encoding="utf-8").splitlines(keepends=True)
    at = next(i for i, ln in enumerate(lines) if ln.startswith("[locations.libya]"))
    at = next(i for i in range(at, len(lines)) if "[681.84, 1030.57]" in lines[i])
    lines[at] = lines[at].replace("[681.84, 1030.57]", "[681.84, -1]")
    (tmp_path / "map.toml").write_text("".join(lines), encoding="utf-8")
    r = mapref("check", "map.toml", cwd=tmp_path)
    assert r.returncode == 1 and "libya.polygon: Libya: the border crosses itself" in r.stdout, r.stdout + r.stderr
    r = mapref("export-html", "s.toml", "-o", "page.html", cwd=tmp_path)
    assert r.returncode == 0 and "internal error" not in r.stderr, r.stderr
    assert (tmp_path / "page.html").read_text(encoding="utf-8").rstrip().endswith("</html>")
