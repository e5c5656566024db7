"""The mapref command, run as a user runs it, from outside the checkout: in this process
(tests/helpers.mapref), and once as the real ``python -m mapref`` whose exit status a shell sees."""

import json
from pathlib import Path

from PIL import Image

from tests.helpers import mapref, mapref_process

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = str(ROOT / "maps" / "sample.toml")


def test_check_passes_every_shipped_map(tmp_path):
    maps = sorted(str(p) for p in (ROOT / "maps").glob("*.toml"))
    r = mapref("check", *maps, cwd=tmp_path)
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.count(": ok") == len(maps)


def test_check_fails_with_one_line_per_problem_and_no_traceback(tmp_path):
    bad = ROOT / "tests" / "data" / "invalid" / "23_several_problems_at_once.toml"
    r = mapref_process("check", str(bad), SAMPLE, cwd=tmp_path)  # the exit status a shell sees
    assert r.returncode == 1
    lines = r.stdout.splitlines()
    assert sum("23_several" in ln for ln in lines) == 2
    assert lines[-1].endswith("sample.toml: ok (hex)")
    assert "Traceback" not in r.stdout + r.stderr


def test_missing_file_is_one_line(tmp_path):
    r = mapref("info", "nope.toml", cwd=tmp_path)
    assert r.returncode == 1
    assert r.stderr.strip() == "nope.toml: no such file"


def test_info_json_has_every_hex_with_its_properties(tmp_path):
    r = mapref("info", SAMPLE, "--json", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert len(data["hexes"]) == 80
    assert data["hexes"]["E7"]["name"] == "Berlin" and data["hexes"]["E7"]["capital"] is True
    assert data["hexes"]["F5"]["port"] == 10
    assert data["hexsides"]["D1-D2"]["crossing"] is True
    assert data["boxes"]["usa"]["sea_arrows"] == [{"hex": "H1", "length": 3, "sea": "atl"}]
    assert data["countries"]["ge"]["production"] == 9
    assert {"a": "box:siberia", "b": "H10", "kind": "box_land", "length": 1, "sea": None} in data["connections"]


def test_info_text_summary(tmp_path):
    r = mapref("info", SAMPLE, cwd=tmp_path)
    assert r.returncode == 0
    assert "8 rows x 10 columns" in r.stdout and "Siberia (8)" in r.stdout


def test_render_writes_a_png_of_the_map(tmp_path):
    out = tmp_path / "m.png"
    r = mapref("render", SAMPLE, "-o", str(out), cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    img = Image.open(out)
    assert img.width > 600 and img.height > 400
    colours = {c for _, c in img.convert("RGB").getcolors(1 << 20)}
    assert (0xD9, 0x53, 0x4F) in colours  # Soviet red hexes
    assert (0xB0, 0x88, 0x50) in colours  # British brown


def test_render_to_an_unwritable_place_is_one_line(tmp_path):
    r = mapref("render", SAMPLE, "-o", str(tmp_path / "no" / "such" / "dir" / "m.png"), cwd=tmp_path)
    assert r.returncode == 1
    assert "cannot write the image" in r.stderr and "Traceback" not in r.stderr


# ------------------------------------------------------------------ new-game and referee
def _scenario_on_test_map(tmp_path, name):
    """A shipped scenario, given by path (it names the shipped Hitler's War map)."""
    return ROOT / "scenarios" / f"{name}.toml"


def test_new_game_and_referee_json(tmp_path):
    sc = _scenario_on_test_map(tmp_path, "fall_of_germany")
    r = mapref("new-game", str(sc), "-o", "game.toml", "--auto-place", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    r = mapref("referee", "game.toml", "--json", cwd=tmp_path)
    assert r.returncode == 0, r.stdout + r.stderr
    data = json.loads(r.stdout)
    assert data["scenario"] == "fall_of_germany"
    assert data["turn"] == {"season": "spring", "year": 1944, "side": "axis", "phase": "setup", "subphase": ""}
    assert data["violations"] == []
    assert {s: p["total"] for s, p in data["production"].items()} == {"axis": 30, "soviet": 23, "allies": 35}
    a = data["armies"][0]
    assert set(a) >= {"name", "side", "hex", "strength"} and set(a["strength"]) == {
        "infantry",
        "mechanized",
        "amphibious",
        "tactical_air",
        "para",
    }
    r = mapref("check", "game.toml", str(sc), cwd=tmp_path)
    assert r.returncode == 0, r.stdout + r.stderr


def test_referee_reports_violations_with_exit_1(tmp_path):
    sc = _scenario_on_test_map(tmp_path, "barbarossa")
    assert mapref("new-game", str(sc), "-o", "g.toml", cwd=tmp_path).returncode == 0
    g = tmp_path / "g.toml"
    g.write_text(g.read_text().replace('at = "Q13"', 'at = "P13"'), encoding="utf-8")
    r = mapref("referee", "g.toml", cwd=tmp_path)
    assert r.returncode == 1
    assert "stacking.two_armies [Stacking 1]" in r.stdout and "setup.army_misplaced" in r.stdout


def test_referee_errors_are_one_line_without_traceback(tmp_path):
    r = mapref("referee", "missing.toml", cwd=tmp_path)
    assert r.returncode == 1 and r.stderr.strip() == "missing.toml: no such file"
    r = mapref("new-game", "no_such_scenario", "-o", "x.toml", cwd=tmp_path)
    assert r.returncode == 1 and "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1


def test_usage_errors_are_one_line_and_exit_1(tmp_path):
    r = mapref("info", cwd=tmp_path)
    assert r.returncode == 1
    assert (
        r.stderr.strip() == "mapref: mapref info: the following arguments are required: FILE (see mapref info --help)"
    )


# ------------------------------------------------------------------ move, set, advance (referee part 2)
def test_move_set_advance_and_the_referee_json(tmp_path):
    sc = _scenario_on_test_map(tmp_path, "barbarossa")
    assert mapref("new-game", str(sc), "-o", "g.toml", cwd=tmp_path).returncode == 0
    r = mapref("move", "g.toml", "Q13", "Q12", cwd=tmp_path)
    assert r.returncode == 1 and len(r.stderr.strip().splitlines()) == 1 and "Movement 1" in r.stderr
    r = mapref("advance", "g.toml", cwd=tmp_path)
    assert r.returncode == 0 and "summer 1941, axis movement" in r.stdout
    r = mapref("move", "g.toml", "Q13", "Q14", cwd=tmp_path)
    assert r.returncode == 1 and "[Movement 2]" in r.stderr and "Traceback" not in r.stderr
    r = mapref("move", "g.toml", "Q13", "Q12", "--infantry", "2", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    r = mapref("set", "g.toml", "P14", "--control", "axis", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    r = mapref("referee", "g.toml", "--json", cwd=tmp_path)
    data = json.loads(r.stdout)
    assert set(data["supply"]) == {"axis", "soviet"}
    assert {"unsupplied_hexes", "unsupplied_armies"} <= set(data["supply"]["axis"])
    a = next(x for x in data["armies"] if x["name"] == "Army Group North 2")
    assert a["hex"] == "Q12" and a["supplied"] and a["supply_path"][-1] == "P10"
    assert data["victory"] is None and isinstance(data["pending"], list)
    for _ in range(6):  # movement -> ... -> exploitation
        assert mapref("advance", "g.toml", cwd=tmp_path).returncode == 0
    data = json.loads(mapref("referee", "g.toml", "--json", cwd=tmp_path).stdout)
    # Finland is supplied on its initial turn (Nations inclined toward the Axis 4; rulings R36)
    assert not any(p.get("hex") == "T14" for p in data["pending"])
    r = mapref("advance", "g.toml", cwd=tmp_path)
    assert r.returncode == 0 and "T14" not in r.stdout
    for h in ("T15", "Q17"):
        assert mapref("set", "g.toml", h, "--control", "axis", cwd=tmp_path).returncode == 0
    r = mapref("set", "g.toml", "M19", "--control", "axis", cwd=tmp_path)
    assert "game over: axis wins" in r.stdout
    r = mapref("advance", "g.toml", cwd=tmp_path)
    assert r.returncode == 1 and "the game is over" in r.stderr
    r = mapref("render", str(ROOT / "maps" / "hitlers_war.toml"), "-o", "m.png", "--game", "g.toml", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert (tmp_path / "m.png").stat().st_size > 1000


# ------------------------------------------------------------------ losses, capture (combat results)
def _to_axis_advances(tmp_path):
    assert mapref("new-game", "barbarossa", "-o", "g.toml", cwd=tmp_path).returncode == 0
    for _ in range(6):  # set-up -> movement -> supply -> announce -> defensive -> assaults -> advances
        assert mapref("advance", "g.toml", cwd=tmp_path).returncode == 0
    assert '"advances"' in (tmp_path / "g.toml").read_text()


def test_losses_and_capture_on_the_command_line(tmp_path):
    r = mapref("new-game", "barbarossa", "-o", "g.toml", cwd=tmp_path)
    r = mapref("losses", "g.toml", "Q14", "--infantry", "1", cwd=tmp_path)
    assert r.returncode == 1 and len(r.stderr.strip().splitlines()) == 1 and "Sequence of Play 2" in r.stderr
    _to_axis_advances(tmp_path)
    r = mapref("losses", "g.toml", "Q14", "--mechanized", "3", cwd=tmp_path)
    assert r.returncode == 1 and "has 1 mechanized" in r.stderr and "Traceback" not in r.stderr
    r = mapref("losses", "g.toml", "Q14", "--infantry", "2", cwd=tmp_path)
    assert r.returncode == 0 and "NW Army Group loses 2 infantry" in r.stdout
    r = mapref("capture", "g.toml", "O14", "P14", cwd=tmp_path)
    assert r.returncode == 1 and "--retreat-to" in r.stderr and "P15, Q15" in r.stderr
    r = mapref("capture", "g.toml", "L16", "L17", cwd=tmp_path)
    assert r.returncode == 1 and len(r.stderr.strip().splitlines()) == 1
    r = mapref("capture", "g.toml", "O14", "P14", "--retreat-to", "p15", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "Western Military District retreats to P15" in r.stdout and "P14 becomes axis" in r.stdout
    data = json.loads(mapref("referee", "g.toml", "--json", cwd=tmp_path).stdout)
    agc = next(a for a in data["armies"] if a["name"] == "Army Group Centre")
    assert agc["hex"] == "P14" and agc["advanced"] == 1 and data["garrisons_lost"] == ["O14"]
    text = mapref("referee", "g.toml", cwd=tmp_path).stdout
    assert "Army Group Centre has advanced 1" in text and "no garrison until the end of combat: O14" in text


def test_capturing_the_last_capital_ends_the_game(tmp_path):
    # Barbarossa victory conditions 1, at the moment of the capture (rulings R32)
    from mapref.rulesets.hitlers_war.files import load_game_bundle, save_game
    from mapref.rulesets.hitlers_war.common import Context
    from mapref.rulesets.hitlers_war.state import Army, HexState

    _to_axis_advances(tmp_path)
    game = load_game_bundle(tmp_path / "g.toml")
    st = game.state
    cx = Context(game.map, game.scenario, st)
    corridor = _land_path(cx, "N13", "M18")  # an Axis corridor so that M18 traces to Berlin
    for h in corridor + ["T15", "Q17"]:
        st.hexes[h] = HexState(control="axis", occupied=True)
    st.armies = [a for a in st.armies if a.at not in corridor]
    st.armies.append(Army("Panzer Group 2", "axis", "ge", "M18", {"mechanized": 6}))
    save_game(st, tmp_path / "g.toml")
    r = mapref("capture", "g.toml", "M18", "M19", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "game over: axis wins" in r.stdout
    assert 'phase = "over"' in (tmp_path / "g.toml").read_text()


def _land_path(cx, a, b):
    from collections import deque

    prev = {a: None}
    todo = deque([a])
    while todo:
        s = todo.popleft()
        for n in cx.graph.neighbours(s, {"land"}):
            if n not in prev:
                prev[n] = s
                todo.append(n)
    out = [b]
    while prev[out[-1]] is not None:
        out.append(prev[out[-1]])
    return out[:-1]  # without a (already Axis)


# ------------------------------------------------------------------ set --nation (rulings R39)
def test_set_records_a_nation_joining_a_side_and_checks_what_it_is_given(tmp_path):
    assert mapref("new-game", "war_for_europe", "-o", "g.toml", "--auto-place", cwd=tmp_path).returncode == 0
    before = (tmp_path / "g.toml").read_text()
    for args, expected in [
        (("--nation", "xx", "--status", "at_war"), "'xx' is not a country of the map"),
        (("--nation", "fi", "--status", "joined"), "'joined' is not a nation status"),
        (("--nation", "fi", "--status", "at_war", "--side", "martians"), "not a side of war_for_europe"),
        (("--nation", "fi", "--status", "inclined"), "needs a side"),
        (("--nation", "fi"), "needs --nation CODE and --status STATUS"),
        (("P14", "--nation", "fi", "--status", "at_war"), "set separately"),
        ((), "nothing to set"),
    ]:
        r = mapref("set", "g.toml", *args, cwd=tmp_path)
        assert r.returncode == 1 and expected in r.stderr, (args, r.stderr)
        assert len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.stderr
    assert (tmp_path / "g.toml").read_text() == before  # nothing written on an error
    r = mapref("set", "g.toml", "--nation", "FI", "--status", "at_war", "--side", "axis", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "Finland (fi): at war on the axis side, joined winter 1939" in r.stdout
    assert "T13, T14, U13, U14" in r.stdout
    text = (tmp_path / "g.toml").read_text()
    assert 'fi = { side = "axis", status = "at_war", joined = "winter 1939" }' in text
    r = mapref("set", "g.toml", "--nation", "fi", "--status", "at_war", "--side", "axis", cwd=tmp_path)
    assert r.returncode == 1 and "already at war" in r.stderr
    # a surrender keeps the side unless one is given; the hex form still works
    r = mapref("set", "g.toml", "--nation", "pl", "--status", "surrendered", cwd=tmp_path)
    assert r.returncode == 0 and 'pl = { status = "surrendered" }' in (tmp_path / "g.toml").read_text()
    assert mapref("set", "g.toml", "O13", "--control", "axis", cwd=tmp_path).returncode == 0
    data = json.loads(mapref("referee", "g.toml", "--json", cwd=tmp_path).stdout)
    assert data["turn"]["phase"] == "setup"
    assert mapref("check", "g.toml", cwd=tmp_path).returncode == 0


def test_a_process_ends_quickly_with_its_whole_output_and_its_status(tmp_path, new_game_file):
    """``python -m mapref`` ends without Python's tear-down (mapref.cli.run, issue 34): what it
    printed still arrives whole through a pipe, however long, and its status is the command's."""
    hw = ROOT / "maps" / "hitlers_war.toml"
    r = mapref_process("info", hw, "--json", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert len(r.stdout) > 200_000  # far more than a pipe holds: written as the reader reads
    assert json.loads(r.stdout) == json.loads(mapref("info", hw, "--json").stdout)
    game = new_game_file()
    r = mapref_process("referee", game, "--json", cwd=tmp_path)
    report = json.loads(r.stdout)
    assert r.returncode == (1 if report["violations"] else 0)
    assert report["armies"] == json.loads(mapref("referee", game, "--json").stdout)["armies"]


def test_exit_handlers_a_command_registers_still_run_before_the_process_ends(tmp_path):
    """A library that registers an exit handler while a command runs has it called (only Python's
    tear-down after the handlers is skipped), and the status is still the command's."""
    code = (
        "import atexit, sys\n"
        "from mapref import cli\n"
        "main = cli.main\n"
        "def with_handler(argv=None):\n"
        "    atexit.register(lambda: print('handler ran', flush=True))\n"
        "    return main(argv)\n"
        "cli.main = with_handler\n"
        "sys.argv = ['mapref', 'check', 'nope.toml']\n"
        "cli.run()\n"
    )
    import os
    import subprocess
    import sys

    r = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=120,
    )
    assert r.returncode == 1
    assert r.stdout.splitlines() == ["nope.toml: no such file", "handler ran"]
