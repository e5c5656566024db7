"""Map files: round trip, atomic saves, and line-precise errors."""

import os
from pathlib import Path

import pytest

from mapref.core.graph import build_graph
from mapref.io.mapfile import dumps_map, load_map, save_map
from mapref.io.problems import FileProblems

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "maps" / "sample.toml"
INVALID = ROOT / "tests" / "data" / "invalid"


def test_every_shipped_map_round_trips_to_the_same_bytes():
    maps = [p for p in sorted((ROOT / "maps").glob("*.toml")) if 'kind = "area"' not in p.read_text(encoding="utf-8")]
    assert maps  # area maps: tests/io/test_areafile.py
    for p in maps:
        assert dumps_map(load_map(p)) == p.read_text(encoding="utf-8"), p


def test_sample_map_exercises_every_feature():
    m = load_map(SAMPLE)
    g = m.grid
    kiel = m.hex("F5")
    assert (kiel.name, kiel.port, kiel.production) == ("Kiel", 10, 2)
    stettin = m.hex("E6")
    assert stettin.port_optional and [g.label(h) for h in stettin.port_access] == ["E5"]
    assert m.hex("E7").capital and m.hex("C8").mountain
    assert {d.terrain for d in m.hexes.values()} == {"land", "sea", "coastal"}
    assert m.side(g.parse_side("D1-D2")).crossing
    assert m.side(g.parse_side("B8-C8")).impassable
    assert m.is_all_sea(g.parse_side("F4-G4"))  # overridden between two coastal hexes
    assert m.boxes["usa"].sea_arrows[0].length == 3
    assert m.features["ll_north"].attrs == {"side": "soviet", "points": 2}
    assert m.regions["east_prussia"].country == "ge"


def test_graph_kinds_follow_terrain_and_hexsides():
    m = load_map(SAMPLE)
    gr = build_graph(m)
    assert gr.kinds_between("D1", "D2") == {"land"} or "land" in gr.kinds_between("D1", "D2")
    assert "crossing" in gr.kinds_between("F4", "G4") and "land" not in gr.kinds_between("F4", "G4")
    assert gr.kinds_between("B8", "C8") == set()  # impassable
    assert "sea" in gr.kinds_between("H1", "H2")
    assert "box_land" in gr.kinds_between("box:siberia", "H10")
    arrow = [c for c in gr.edges("box:usa") if c.kind == "sea_arrow"][0]
    assert (arrow.other("box:usa"), arrow.length, arrow.sea) == ("H1", 3, "atl")


def test_a_change_survives_save_and_reload(tmp_path):
    m = load_map(SAMPLE)
    m.hex("B5").production = 7
    m.hex("B5").name = 'Königsberg "east"'
    out = tmp_path / "m.toml"
    save_map(m, out)
    again = load_map(out)
    assert again.hex("B5").production == 7 and again.hex("B5").name == 'Königsberg "east"'


def test_a_failed_save_leaves_the_old_file_intact(tmp_path, monkeypatch):
    target = tmp_path / "map.toml"
    target.write_bytes(SAMPLE.read_bytes())
    before = target.read_bytes()
    m = load_map(SAMPLE)
    m.hex("B5").production = 9

    real_fsync = os.fsync

    def broken_fsync(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", broken_fsync)
    with pytest.raises(OSError):
        save_map(m, target)
    monkeypatch.setattr(os, "fsync", real_fsync)
    assert target.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["map.toml"]  # no temporary left behind


def invalid_cases():
    files = sorted(INVALID.glob("*.toml"))
    return files


def test_invalid_folder_has_at_least_twenty_files():
    assert len(invalid_cases()) >= 20


@pytest.mark.parametrize("path", invalid_cases(), ids=lambda p: p.name)
def test_invalid_file_gives_its_exact_messages(path):
    expected = path.with_suffix(".expected").read_text(encoding="utf-8").splitlines()
    shown = f"tests/data/invalid/{path.name}"
    from mapref.rules.files import open_file

    with pytest.raises(FileProblems) as e:
        open_file(path, shown=shown)
    assert [str(p) for p in e.value.problems] == expected


def _both_ways(text: str, monkeypatch, tmp_path):
    """The map read with its layers made at once (mapfile._layer_hexes) and read as first written
    (every hex's data made, then set layer by layer): the model, or the problems found."""
    import mapref.io.mapfile as mapfile

    path = tmp_path / "m.toml"
    path.write_text(text, encoding="utf-8")

    def read():
        try:
            return load_map(path)
        except FileProblems as e:
            return [str(p) for p in e.problems]

    quick = read()
    with monkeypatch.context() as mp:
        mp.setattr(mapfile, "_layer_hexes", lambda *a: None)
        plain = read()
    return quick, plain


@pytest.mark.parametrize("name", ["sample", "hitlers_war"])
def test_a_maps_layers_read_at_once_give_the_plain_reads_model(name, monkeypatch, tmp_path):
    text = (ROOT / "maps" / f"{name}.toml").read_text(encoding="utf-8")
    quick, plain = _both_ways(text, monkeypatch, tmp_path)
    assert not isinstance(quick, list) and quick == plain
    assert list(quick.hexes) == list(plain.hexes) == quick.grid.hex_list()


def test_a_layer_not_as_expected_is_read_as_before(monkeypatch, tmp_path):
    """Any row of any layer not as expected (a code unknown, a row short, a row's label wrong, a
    layer missing or an extra one, codes spaced): the plain read, its problems or its model."""
    text = (ROOT / "maps" / "sample.toml").read_text(encoding="utf-8")
    head, sep, rest = text.partition("[layers]\n")
    lines = rest.splitlines(keepends=True)
    row = next(i for i, x in enumerate(lines) if x.lstrip().startswith('"') and "|" in x)
    first = lines[row]
    bar = first.index("|")
    body = first[bar + 1 :].strip().rstrip(",").rstrip('"').strip()
    variants = [
        first[: bar + 2] + "?" + first[bar + 3 :],  # a code unknown
        first[: bar + 2] + first[bar + 3 :],  # a row short
        first.replace("|", "!", 1),  # no bar
        first.replace('"', '"Q', 1),  # a row's label wrong
        first[: bar + 1] + " " + " ".join(body) + '",\n',  # codes spaced (as the format allows)
    ]
    for v in variants:
        quick, plain = _both_ways(head + sep + "".join(lines[:row] + [v] + lines[row + 1 :]), monkeypatch, tmp_path)
        assert quick == plain
    assert not isinstance(quick, list)  # (the spaced row is read)
    without = head + sep + "".join(x for x in lines if not x.startswith("sea"))
    quick, plain = _both_ways(without, monkeypatch, tmp_path)
    assert quick == plain
    extra = head + sep + "depth = []\n" + rest
    quick, plain = _both_ways(extra, monkeypatch, tmp_path)
    assert quick == plain and isinstance(quick, list)


def test_the_benchmarks_map_read_at_once_gives_the_plain_reads_model(monkeypatch, tmp_path):
    """bench/rich_game.py's map (countries, seas, a whole grid of rows)."""
    import sys

    sys.path.insert(0, str(ROOT / "bench"))
    try:
        from rich_game import make
    finally:
        sys.path.remove(str(ROOT / "bench"))
    game = make(tmp_path / "game", 24, seed=3)
    text = (game.parent / "rich_map.toml").read_text(encoding="utf-8")
    quick, plain = _both_ways(text, monkeypatch, tmp_path)
    assert not isinstance(quick, list) and quick == plain
