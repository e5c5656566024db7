"""No file can break mapref (issue 15): what it refuses to read, how it says so, where an
internal error is logged, and the limits on what it draws.  Each test failed before its fix.

The commands run as a user runs them (in this process, tests/helpers.mapref; as a real process
where a hang or the process's own encoding is the point); files are real files, FIFOs and devices.
Malformed map files with their exact messages are in tests/data/invalid (tests/io/test_mapfile.py).
"""

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from mapref.core.grid import MAX_GRID_HEXES, Grid, Hex, LabelError
from mapref.io.mapfile import load_map, save_map
from mapref.io.problems import MAX_FILE_BYTES, FileProblems, Problem, Reader, escape, show_value
from mapref.rules.files import open_file
from tests.helpers import mapref, mapref_process

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "maps" / "sample.toml"


def problems(path, shown="f.toml") -> list[str]:
    with pytest.raises(FileProblems) as e:
        open_file(path, shown=shown)
    return [str(p) for p in e.value.problems]


# ------------------------------------------------------------------ what mapref reads at all
def test_a_fifo_is_refused_at_once_not_read_for_ever(tmp_path):
    os.mkfifo(tmp_path / "map.toml")
    r = mapref_process("check", "map.toml", cwd=tmp_path)  # a real process: a hang would end in its timeout
    assert (r.returncode, r.stdout.strip()) == (1, "map.toml: expected a regular file, got a named pipe (FIFO)")


@pytest.mark.parametrize(
    "path, what", [("/dev/zero", "a character device"), ("/dev/null", "a character device"), ("/", "a directory")]
)
def test_devices_and_folders_are_refused(path, what):
    assert problems(path, path) == [f"{path}: expected a regular file, got {what}"]


def test_a_file_past_the_size_cap_is_refused_without_reading_it(tmp_path):
    big = tmp_path / "big.toml"
    with open(big, "wb") as f:
        f.truncate(MAX_FILE_BYTES + 1)  # sparse: no disk used
    assert problems(big) == ["f.toml: too big: 16.0 MiB (mapref reads files up to 16.0 MiB)"]


def test_names_too_long_looping_links_and_nul_characters_are_one_line(tmp_path):
    assert problems(tmp_path / ("a" * 300 + ".toml"), "long.toml") == [
        f"long.toml: file name too long ({len(os.fsencode(tmp_path / ('a' * 300 + '.toml')))} bytes)"
    ]
    (tmp_path / "a.toml").symlink_to("b.toml")
    (tmp_path / "b.toml").symlink_to("a.toml")
    assert problems(tmp_path / "a.toml") == ["f.toml: too many levels of symbolic links"]
    assert problems(str(tmp_path / "x\0.toml")) == ["f.toml: not a valid file name (it holds a NUL character)"]
    assert problems("", "") == ['"": expected a file name, got an empty one']


def test_a_game_whose_map_is_dev_zero_is_refused_naming_it(tmp_path):
    assert mapref("new-game", "barbarossa", "-o", "g.toml", cwd=tmp_path).returncode == 0
    g = tmp_path / "g.toml"
    g.write_text(g.read_text().replace('map = "hitlers_war"', 'map = "/dev/zero"'))
    for cmd in ("check", "referee"):
        r = mapref(cmd, "g.toml", cwd=tmp_path)
        assert r.returncode == 1 and "/dev/zero: expected a regular file, got a character device" in r.stdout + r.stderr


def test_nesting_hundreds_deep_and_integers_past_4300_digits_are_errors_not_crashes(tmp_path):
    deep = tmp_path / "deep.toml"
    deep.write_text('format = 1\nkind = "hex"\nx = ' + "{ a = " * 800 + "1" + " }" * 800 + "\n")
    huge = tmp_path / "huge.toml"
    huge.write_text("format = 1\n\nkind = 1" + "0" * 5000 + "\n")
    r = mapref("check", "deep.toml", "huge.toml", cwd=tmp_path)
    assert r.returncode == 1, r.stderr
    assert r.stdout.splitlines() == [
        "deep.toml:3:197: arrays or tables nested more than 32 deep",
        "huge.toml:3:8: integer too long (more than 4300 digits)",
    ]


def test_a_kind_that_is_not_a_string_and_format_true_are_errors(tmp_path):
    p = tmp_path / "k.toml"
    p.write_text("format = 1\nkind = { a = 1 }\n")
    assert problems(p) == ['f.toml:2:1: kind: expected one of "area", "game", "hex", "scenario", got a table']
    p.write_text(SAMPLE.read_text().replace("format = 1", "format = true"))
    assert problems(p) == ["f.toml:2:1: format: expected 1 (this is mapref's map format 1), got true"]


def test_the_reader_refuses_booleans_for_format_and_non_finite_numbers():
    r = Reader("f.toml", "format = true\nx = nan\ny = 1e400\n")
    r.format_({"format": True}, 1, "game")
    assert r.num({"x": float("nan")}, "x", "") == 0.0 and r.num({"y": float("inf")}, "y", "", 2.0, lo=0.0) == 2.0
    assert r.num({"z": 10**5000}, "z", "", 3.0) == 3.0
    assert [str(p) for p in r.problems] == [
        "f.toml:1:1: format: expected 1 (this is mapref's game format 1), got true",
        "f.toml:2:1: x: expected a number, got nan",
        "f.toml:3:1: y: expected a number >= 0, got inf",
        "f.toml: z: expected a number, got an integer of about 5001 digits",
    ]


# ------------------------------------------------------------------------------- messages
def test_control_characters_from_a_file_are_escaped_and_cannot_forge_a_line(tmp_path):
    p = tmp_path / "m.toml"
    p.write_text(
        SAMPLE.read_text().replace(
            'E7 = { name = "Berlin", production = 4',
            'E7 = { name = "Berlin", production = "\\u001b[2J\\nm.toml:1:1: all is well\\u202e"',
        )
    )
    r = mapref("check", "m.toml", cwd=tmp_path)
    assert r.returncode == 1
    assert r.stdout.splitlines() == [
        'm.toml:72:25: hexes.E7.production: expected an integer 0-16, got "\\u001b[2J\\nm.toml:1:1: all is well\\u202e"'
    ]


def test_escape_and_show_value_leave_nothing_a_terminal_acts_on():
    nasty = "a\x1b]0;title\x07b\r\nc\x9b31m\u2028\u202e\udcff\x00\x7f"
    assert escape(nasty) == "a\\u001b]0;title\\u0007b\\r\\nc\\u009b31m\\u2028\\u202e\\udcff\\u0000\\u007f"
    assert escape("Königsberg, Łódź, 東京") == "Königsberg, Łódź, 東京"
    assert show_value("x" * 1000) == '"' + "x" * 120 + '..." (1000 characters)'
    assert show_value(16**5000) == "an integer of about 6021 digits" and show_value(None) == "nothing"
    line = str(Problem("g\nh.toml", 3, 4, "hexes.E7\x1b[0m", "expected x, got \x1b[31m"))
    assert line == "g\\nh.toml:3:4: hexes.E7\\u001b[0m: expected x, got \\u001b[31m" and "\n" not in line


def test_a_file_name_that_is_not_utf8_is_printed_escaped_not_crashing(tmp_path):
    name = os.fsdecode(b"caf\xe9.toml")
    (tmp_path / name).write_text('format = 1\nkind = "hex"\n')
    r = subprocess.run(
        [sys.executable, "-m", "mapref", "check", os.fsencode(name)],
        capture_output=True,
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT), "LC_ALL": "C.UTF-8", "PYTHONIOENCODING": "utf-8"},
    )
    assert r.returncode == 1, r.stderr
    assert r.stdout.decode().splitlines()[0].startswith("caf\\udce9.toml:")


def test_non_utf8_bytes_and_an_unfinished_document_have_line_and_column(tmp_path):
    p = tmp_path / "m.toml"
    p.write_bytes(b'format = 1\nname = "K\xc3\xb6ln \xff"\n')
    assert problems(p) == ["f.toml:2:14: not UTF-8 text: byte 0xff (invalid start byte)"]
    p.write_text("format = 1\nx = [1,\n  2,\n")
    assert problems(p) == ["f.toml:4:1: TOML syntax error: Invalid value"]


# -------------------------------------------------------------------------------- labels
def test_files_spell_a_hex_one_way_users_may_type_it_loosely():
    g = Grid(rows=21, cols=21)
    assert g.parse("e07") == g.parse(" E7 ") == Hex(row=5, col=7)  # what a user types
    assert g.parse("E7", strict=True) == Hex(row=5, col=7)
    for text, message in [
        ("e7", "expected the hex label 'E7', got 'e7'"),
        ("E07", "expected the hex label 'E7', got 'E07'"),
        (" E7", "expected the hex label 'E7', got ' E7'"),
        ("E٧", "'E٧' is not a hex label: expected row letters then a column number, such as 'P10'"),
        ("Ｅ7", "'Ｅ7' is not a hex label: expected row letters then a column number, such as 'P10'"),
        (
            "A" + "9" * 5000,
            "'A999999999999999...' is not a hex label: expected row letters then a column number, such as 'P10'",
        ),
    ]:
        with pytest.raises(LabelError) as e:
            g.parse(text, strict=True)
        assert str(e.value) == message
    with pytest.raises(LabelError, match="'P11-P10'"):
        g.parse_side("P11-P10", strict=True)
    cc = Grid(rows=21, cols=21, labels="ccrr", first_row="north")
    for text in ("٠١٠١", "0²01", "①①"):
        with pytest.raises(LabelError, match="is not a hex label"):
            cc.parse(text)


def test_grids_are_capped_in_the_model_too():
    with pytest.raises(ValueError, match="at most 100,000 hexes"):
        Grid(rows=400, cols=400)
    with pytest.raises(ValueError, match="1-500"):
        Grid(rows=9999, cols=1)
    assert Grid(rows=200, cols=500).rows * 500 <= MAX_GRID_HEXES


def test_the_grid_form_refuses_what_the_files_refuse():
    from mapref.ui.dialogs import grid_from_values

    v = {
        "rows": "21",
        "cols": "21",
        "orientation": "pointy",
        "shifted": "even",
        "shift": "east",
        "labels": "letter-number",
        "first_row": "south",
        "hex_size": "30",
    }
    assert grid_from_values(v)[1] == 30.0
    for change, message in [
        ({"rows": "400", "cols": "400"}, "at most 100,000 hexes"),
        ({"hex_size": "nan"}, "hex size must be 4-400"),
        ({"hex_size": "0"}, "hex size must be 4-400"),
        ({"hex_size": "inf"}, "hex size must be 4-400"),
    ]:
        with pytest.raises(ValueError, match=message):
            grid_from_values({**v, **change})


def test_a_loaded_map_always_saves_and_reloads(tmp_path):
    """What the limits are for: before them, nan hex sizes and offsets loaded, then saving failed."""
    p = tmp_path / "m.toml"
    text = SAMPLE.read_text().replace(
        "[countries]",
        '[background]\nimage = "scan.png"\nopacity = 1.0\n'
        "offset = [-1000000.0, 1000000.0]\nscale = 0.001\n\n[countries]",
    )
    p.write_text(text.replace("hex_size = 40.0", "hex_size = 400.0"))
    m = load_map(p)
    save_map(m, tmp_path / "again.toml")
    assert load_map(tmp_path / "again.toml").background == m.background


# -------------------------------------------------------------------------------- render
def test_render_size_is_a_radius_with_limits(tmp_path):
    for size in ("2400", "nan", "0", "-3", "1e308"):
        r = mapref("render", str(SAMPLE), "-o", "x.png", "--size", size, cwd=tmp_path)
        assert r.returncode == 1 and r.stderr.strip().endswith("expected a hex radius from 4 to 1000 pixels"), r.stderr
    r = mapref("render", str(ROOT / "maps" / "hitlers_war.toml"), "-o", "x.png", "--size", "400", cwd=tmp_path)
    assert r.returncode == 1 and not (tmp_path / "x.png").exists()
    assert r.stderr.strip().endswith("more than mapref draws (40 megapixels); at most --size 150 fits")


def test_a_box_far_away_cannot_make_a_huge_image(tmp_path):
    from mapref.render.png import ImageTooBig, render_map

    m = load_map(SAMPLE)
    next(iter(m.boxes.values())).position = (10_000.0, -10_000.0)
    with pytest.raises(ImageTooBig, match="too far apart to draw at any size"):
        render_map(m, tmp_path / "x.png", size=4)


# ---------------------------------------------------------------------------- error log
BOOM = (
    "import sys, mapref.cli as c\n"
    "c.COMMANDS['boom'] = (lambda argv: 1 / 0, 'a command with a bug')\n"
    "sys.exit(c.main(['boom']))\n"
)


def boom(tmp_path, **env):
    base = {"HOME": str(tmp_path / "home"), "XDG_STATE_HOME": str(tmp_path / "state"), "TMPDIR": str(tmp_path / "tmp")}
    (tmp_path / "tmp").mkdir(exist_ok=True)
    e = {**os.environ, "PYTHONPATH": str(ROOT), **base, **env}
    return subprocess.run(
        [sys.executable, "-c", BOOM], capture_output=True, text=True, cwd=tmp_path, env=e, timeout=120
    )


def test_an_internal_error_is_one_line_naming_a_per_user_log(tmp_path):
    r = boom(tmp_path)
    log = tmp_path / "state" / "mapref" / "error.log"
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr == f"mapref: internal error: ZeroDivisionError: division by zero (details in {log})\n"
    assert "Traceback" in log.read_text() and "ZeroDivisionError" in log.read_text()
    assert stat.S_IMODE(log.stat().st_mode) == 0o600 and stat.S_IMODE(log.parent.stat().st_mode) == 0o700
    boom(tmp_path)
    assert log.read_text().count("ZeroDivisionError: division by zero") == 2


def test_a_link_planted_where_the_log_goes_is_never_followed(tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    (tmp_path / "state" / "mapref").mkdir(parents=True)
    (tmp_path / "state" / "mapref" / "error.log").symlink_to(victim)
    (tmp_path / "tmp").mkdir()
    (tmp_path / "tmp" / f"mapref-{os.getuid()}").symlink_to(tmp_path / "elsewhere")
    r = boom(tmp_path, HOME=str(tmp_path / "nohome"))
    assert victim.read_text() == "precious\n" and not (tmp_path / "elsewhere").exists()
    assert r.returncode == 2 and len(r.stderr.splitlines()) == 1 and "Traceback" not in r.stderr
    assert "which could not be written" not in r.stderr  # ~/.local/state took it
    assert "ZeroDivisionError" in (tmp_path / "nohome" / ".local" / "state" / "mapref" / "error.log").read_text()


def test_a_log_folder_of_someone_else_is_not_used_and_nothing_crashes(tmp_path):
    theirs = tmp_path / "tmp" / f"mapref-{os.getuid()}"
    theirs.mkdir(parents=True)
    if os.getuid() == 0:
        os.chown(theirs, 65534, 65534)  # as in /tmp: another user made the folder first
    else:
        os.chmod(theirs, 0o777)  # a folder others may write into is as bad
    (tmp_path / "state").write_text("not a folder")
    (tmp_path / "home").write_text("not a folder either")
    r = boom(tmp_path)
    assert r.returncode == 2 and r.stdout == "" and len(r.stderr.splitlines()) == 1
    assert r.stderr.startswith("mapref: internal error: ZeroDivisionError: division by zero (details in ")
    assert "which could not be written" in r.stderr and "Traceback" not in r.stderr
    assert list(theirs.iterdir()) == []


def test_names_with_control_characters_are_drawn_escaped(tmp_path):
    """Pillow's text layout fails on a carriage return: found by tools/fuzz.py."""
    from mapref.render.png import render_map

    m = load_map(SAMPLE)
    m.hex("E7").name = "Ber\rlin\x00\u202e"
    m.name = "x\r" * 1000
    next(iter(m.boxes.values())).name = "\r"
    img = render_map(m, tmp_path / "m.png", size=10)
    assert img.width > 100 and (tmp_path / "m.png").stat().st_size > 0


def test_info_prints_names_from_the_file_escaped(tmp_path):
    p = tmp_path / "m.toml"
    p.write_text(SAMPLE.read_text().replace('name = "Germany"', 'name = "Germany\\u001b]2;pwned\\u0007\\nfake line"'))
    r = mapref("info", "m.toml", cwd=tmp_path)
    assert r.returncode == 0 and "\x1b" not in r.stdout
    assert "Germany\\u001b]2;pwned\\u0007\\nfake line" in r.stdout


# ----------------------------------------------------- issue 27: big files within the 16 MiB cap
def _one_gigabyte():
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))


BIG = {
    "1.9 million numbers": lambda: "a = [" + "1," * 1_900_000 + "]\n",
    "an array of 15.8 MiB": lambda: "a = [" + "1," * 8_280_000 + "]\n",
    "strings": lambda: 'kind = "scenario"\na = [' + '"x", ' * 3_300_000 + "]\n",
    "inline tables with a key mapref refuses": lambda: (
        'kind = "game"\nlog = [' + "{ x = 1, y = [2] }, " * 420_000 + "]\n"
    ),
    "a million unknown keys": lambda: (
        'format = 1\nkind = "hex"\n[grid]\nrows = 2\ncolumns = 2\n[hexes]\n'
        + "".join(f"K{k} = 1\n" for k in range(1_000_000))
    ),
}


SLOW_BIG = {"a million unknown keys"}  # 7 s: in the slow set (./tools/run-tests --slow, docs/testing.md)


@pytest.mark.parametrize("what", [pytest.param(k, marks=pytest.mark.slow) if k in SLOW_BIG else k for k in sorted(BIG)])
def test_a_big_file_within_the_cap_is_one_clean_error_in_a_gigabyte(tmp_path, what):
    """Issue 27: a 2M-element array cost 11 s of CPU, a 15.8 MiB one 44 s and 1.9 GB, and under a
    1 GB limit check printed a raw MemoryError traceback.  Now a file is refused before it is
    parsed past two million items, no path is copied per element, and problems past a hundred
    are counted, not located."""
    (tmp_path / "f.toml").write_text(BIG[what]())
    assert (tmp_path / "f.toml").stat().st_size <= MAX_FILE_BYTES
    r = subprocess.run(
        [sys.executable, "-m", "mapref", "check", "f.toml"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        preexec_fn=_one_gigabyte,
        timeout=300,
    )
    out = (r.stdout + r.stderr).splitlines()
    assert r.returncode == 1 and "Traceback" not in r.stderr and "internal error" not in r.stderr, r.stderr[-2000:]
    assert all(line.startswith("f.toml:") for line in out) and len(out) <= 101, out[:3]


@pytest.mark.slow  # 100,000 hexes written and drawn: ./tools/run-tests --slow (docs/testing.md)
def test_the_largest_map_every_hex_named_gives_its_json_and_its_picture(tmp_path):
    """Found by tools/fuzz.py: 100,000 named hexes took 14 s to write as indented JSON (and 15 s
    to draw, before the renderer's glyph cache); a JPEG wider than its format allows printed the
    encoder's own line."""
    import json

    lines = ['format = 1\nkind = "hex"\nname = "largest"\n[grid]\nrows = 500\ncolumns = 200\n\n[hexes]']
    lines += [f'{lab} = {{ name = "Hex {lab}" }}' for lab in Grid(500, 200).labels_row_major()]
    (tmp_path / "big.toml").write_text("\n".join(lines) + "\n")
    r = mapref("info", "big.toml", "--json", cwd=tmp_path)
    d = json.loads(r.stdout)
    assert r.returncode == 0 and len(d["hexes"]) == 100_000 and d["hexes"]["A1"]["neighbours"] == ["A2", "B1"]
    r = mapref("render", "big.toml", "-o", "big.png", "--size", "12", cwd=tmp_path)
    assert r.returncode == 0 and r.stdout.strip() == "big.png: 4181x9030 pixels"
    m = (ROOT / "maps" / "sample.toml").read_text()
    (tmp_path / "far.toml").write_text(m.replace("position = [", "position = [9000.0, 0.0] # ", 1))
    r = mapref("render", "far.toml", "-o", "far.jpg", "--size", "10", cwd=tmp_path)
    assert r.returncode == 1 and r.stderr.splitlines() == [
        "mapref: far.jpg: cannot write the image: a JPG image is at most 65,500 pixels a side, and this one is "
        f"{r.stderr.split('this one is ')[1].split(':')[0]}: write a PNG, or give a smaller --size"
    ]
    assert not (tmp_path / "far.jpg").exists()
