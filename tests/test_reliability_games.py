"""Reliability of the game files and commands (issue 15): the fuzz's reproducers in
tests/data/fuzz/, concurrent writers, files changed under a command, new-game overwriting."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from mapref.io.atomic import ChangedOnDisk
from mapref.rules.ruleset import Action
from mapref.rules.session import open_game
from tests.helpers import mapref

ROOT = Path(__file__).resolve().parents[1]
FUZZ = ROOT / "tests" / "data" / "fuzz"
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}


def one_clean_line(r, code=1):
    out = (r.stdout + r.stderr).strip().splitlines()
    assert r.returncode == code and len(out) == 1, r.stdout + r.stderr
    assert "internal error" not in out[0] and "Traceback" not in out[0]
    return out[0]


@pytest.mark.parametrize("name", ["long_map_name.game.toml", "long_scenario_name.game.toml"])
def test_a_game_naming_a_file_too_long_to_look_up_gets_one_line(name):
    line = one_clean_line(mapref("check", name, cwd=FUZZ))
    assert "too long" in line or "no such scenario" in line


def test_new_game_from_a_name_too_long_to_look_up(tmp_path):
    line = one_clean_line(mapref("new-game", "a" * 300, "-o", "g.toml", cwd=tmp_path))
    assert "no such scenario" in line and "..." in line  # the name is echoed cut short
    assert not (tmp_path / "g.toml").exists()


def test_format_true_is_not_format_1_in_games_and_scenarios():
    r = mapref("check", "format_true.game.toml", "format_true.scenario.toml", cwd=FUZZ)
    assert r.returncode == 1
    assert r.stdout.splitlines() == [
        "format_true.game.toml:2:1: format: expected 1 (this is mapref's game format 1), got true",
        "format_true.scenario.toml:2:1: format: expected 1 (this is mapref's scenario format 1), got true",
    ]


def test_a_game_whose_scenario_changed_blames_the_scenario():
    line = one_clean_line(mapref("check", "changed_scenario/game.toml", cwd=FUZZ))
    assert line.startswith("changed_scenario/scenario.toml: setup.axis.supply:")


@pytest.mark.parametrize("name", ["army_lower_case.game.toml", "army_leading_zero.game.toml"])
def test_an_army_in_a_non_canonical_hex_is_a_problem(name):
    line = one_clean_line(mapref("check", name, cwd=FUZZ))
    assert "armies.Army Group North.at" in line and "not a space of the map" in line


def test_new_game_refuses_a_scenario_that_check_refuses_and_writes_nothing(tmp_path):
    r = mapref("new-game", str(FUZZ / "inconsistent.scenario.toml"), "-o", "g.toml", cwd=tmp_path)
    assert r.returncode == 1 and "'A0' is not a hex of the map" in r.stderr
    assert not (tmp_path / "g.toml").exists()


def test_what_a_user_typed_is_echoed_escaped_on_one_line(tmp_path, new_game_file):
    new_game_file()  # as mapref new-game barbarossa -o g.toml writes it
    line = one_clean_line(
        mapref("set", "g.toml", "--nation", "\x1b[31mred\nforged", "--status", "neutral", cwd=tmp_path)
    )
    assert "\x1b" not in line and "\\u001b[31mred\\nforged" in line


def test_new_game_does_not_overwrite_a_game_in_progress_or_the_scenario(tmp_path):
    assert mapref("new-game", "barbarossa", "-o", "g.toml", cwd=tmp_path).returncode == 0
    assert mapref("advance", "g.toml", cwd=tmp_path).returncode == 0
    before = (tmp_path / "g.toml").read_bytes()
    line = one_clean_line(mapref("new-game", "barbarossa", "-o", "g.toml", cwd=tmp_path))
    assert "--force" in line and (tmp_path / "g.toml").read_bytes() == before
    assert mapref("new-game", "barbarossa", "-o", "g.toml", "--force", cwd=tmp_path).returncode == 0
    assert (tmp_path / "g.toml").read_bytes() != before
    sc = tmp_path / "s.toml"
    sc.write_bytes(
        (ROOT / "scenarios" / "barbarossa.toml")
        .read_bytes()
        .replace(b'map = "hitlers_war"', f'map = "{ROOT / "maps" / "hitlers_war.toml"}"'.encode())
    )
    kept = sc.read_bytes()
    line = one_clean_line(mapref("new-game", "s.toml", "-o", "s.toml", "--force", cwd=tmp_path))
    assert "the scenario itself" in line and sc.read_bytes() == kept


def test_commands_on_one_game_at_once_lose_nothing(tmp_path, new_game_file):
    # Concurrent writers: each command holds the game's lock from reading to saving
    new_game_file()  # as mapref new-game barbarossa -o g.toml writes it
    hexes = ["P14", "Q14", "O15", "N14", "R13", "Q15"]
    procs = [
        subprocess.Popen(
            [sys.executable, "-m", "mapref", "set", "g.toml", h, "--control", "axis"],
            cwd=tmp_path,
            env=ENV,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for h in hexes
    ]
    for p in procs:
        out, err = p.communicate(timeout=120)
        assert p.returncode == 0, err
    s = open_game(tmp_path / "g.toml")
    assert all(s.state.hex(h).control == "axis" for h in hexes)
    assert sorted(e.action["space"] for e in s.log) == sorted(hexes)


def test_a_save_refuses_to_overwrite_a_game_changed_on_disk_since_it_was_read(tmp_path, new_game_file):
    new_game_file()  # as mapref new-game barbarossa -o g.toml writes it
    s = open_game(tmp_path / "g.toml")
    assert s.apply(Action("advance")).ok
    assert mapref("set", "g.toml", "P14", "--control", "axis", cwd=tmp_path).returncode == 0  # another mapref
    theirs = (tmp_path / "g.toml").read_bytes()
    with pytest.raises(ChangedOnDisk):
        s.save()
    assert (tmp_path / "g.toml").read_bytes() == theirs  # their change is kept
    s.save(tmp_path / "mine.toml")  # saving under another name works
    assert open_game(tmp_path / "mine.toml").state.phase == "movement"


def test_game_commands_on_names_no_lock_can_be_taken_for(tmp_path):
    for args in (("advance", ""), ("move", "a" * 300 + ".toml", "P10", "P11"), ("undo", "missing/g.toml")):
        line = one_clean_line(mapref(*args, cwd=tmp_path))
        assert line.startswith(("mapref:", "missing/", "a")) or ": " in line


def test_a_scenario_year_a_game_could_not_hold_is_refused(tmp_path):
    sc = tmp_path / "s.toml"
    sc.write_text(
        (ROOT / "scenarios" / "barbarossa.toml")
        .read_text()
        .replace('first_turn = "summer 1941"', 'first_turn = "summer 99999"')
        .replace('map = "hitlers_war"', f'map = "{(ROOT / "maps" / "hitlers_war.toml").as_posix()}"')
    )
    r = mapref("check", "s.toml", cwd=tmp_path)
    assert r.returncode == 1 and "first_turn: expected a turn such as" in r.stdout and "years 1900-2100" in r.stdout


AREA = (ROOT / "maps" / "area_sample.toml").read_text()


def test_area_coordinates_must_be_finite_numbers(tmp_path):
    p = tmp_path / "a.toml"
    p.write_text(AREA.replace("[100, 80], [200, 70]", "[100, 80], [nan, 70]", 1))
    line = one_clean_line(mapref("check", "a.toml", cwd=tmp_path))
    assert line.startswith("a.toml:") and "locations.paris.polygon: expected [x, y] at point 2 (finite numbers" in line


def test_a_self_intersecting_location_with_halves_is_listed_not_a_crash(tmp_path):
    # Paris drawn as a bow tie, still split in halves: info shows it, check lists the problem
    p = tmp_path / "a.toml"
    p.write_text(
        AREA.replace(
            "[100, 80], [200, 70], [215, 150], [210, 230], [110, 230],",
            "[100, 80], [200, 70], [110, 230], [210, 230],",
            1,
        )
    )
    r = mapref("info", "a.toml", "--json", cwd=tmp_path)
    assert r.returncode == 0 and "internal error" not in r.stderr, r.stderr
    r = mapref("check", "a.toml", cwd=tmp_path)
    assert r.returncode == 1 and "Paris: the border crosses itself" in r.stdout and "Traceback" not in r.stderr


def test_a_joined_turn_a_game_could_not_hold_is_refused_before_saving(tmp_path, new_game_file):
    new_game_file()  # as mapref new-game barbarossa -o g.toml writes it
    before = (tmp_path / "g.toml").read_bytes()
    line = one_clean_line(
        mapref("set", "g.toml", "--nation", "tr", "--status", "at_war", "--joined", "winter 99999", cwd=tmp_path)
    )
    assert "a year 1900-2100" in line and (tmp_path / "g.toml").read_bytes() == before


def test_a_fleet_with_no_port_it_may_stand_in_is_a_scenario_problem(tmp_path):
    """Fleet strength points 2 (a fleet starts in a friendly port of its nation's area): a
    scenario whose fleet's ports area holds no port that fleet may use is refused by check and
    new-game, and no game is written that would not load again (fuzz case seed 15 #8845: the
    British Fleet given nation "fr" and British ports)."""
    sc = tmp_path / "s.toml"
    text = (ROOT / "scenarios" / "war_for_europe.toml").read_text()
    british = text.index('[fleets."British Fleet"]')
    text = text[:british] + text[british:].replace('nation = "gb"', 'nation = "fr"', 1)
    sc.write_text(text.replace('map = "hitlers_war"', f'map = "{(ROOT / "maps" / "hitlers_war.toml").as_posix()}"'))
    r = mapref("check", "s.toml", cwd=tmp_path)
    assert (
        r.returncode == 1
        and "fleets.British Fleet.ports: no port in this area where a fr fleet of the allies may start" in r.stdout
    )
    r = mapref("new-game", "s.toml", "-o", "g.toml", cwd=tmp_path)
    assert r.returncode == 1 and "fleets.British Fleet.ports" in r.stderr and not (tmp_path / "g.toml").exists()


# --------------------------------------------------------------------------------- issue 27
def cli(*args, cwd, capsys, monkeypatch) -> tuple[int, str]:
    """``mapref ARGS`` run in this process (as the fuzz runs it): (exit status, what it printed)."""
    from mapref.cli import main

    monkeypatch.chdir(cwd)
    rc = main(list(args))
    out = capsys.readouterr()
    return rc, out.out + out.err


def clean(rc_out, code=1) -> str:
    rc, out = rc_out
    lines = out.strip().splitlines()
    assert rc == code and len(lines) == 1 and "internal error" not in out, out
    return lines[0]


def test_a_wrong_argument_leaves_the_game_as_it_was_and_loadable(tmp_path, capsys, monkeypatch):
    """Issue 27: ``event --opponent-discards -1`` exited 0 and wrote a game check refuses: a move's
    argument is held to its bounds in the moves table, and whatever an action would leave is
    read back through the file reader before it is done."""

    def run(*a):
        return cli(*a, cwd=tmp_path, capsys=capsys, monkeypatch=monkeypatch)

    assert run("new-game", "struggle_for_europe", "-o", "g.toml")[0] == 0
    before = (tmp_path / "g.toml").read_bytes()
    assert (
        clean(run("event", "g.toml", "--opponent-discards", "-1"))
        == "mapref: mapref event: --opponent-discards -1: expected a number of at least 0"
    )
    assert (tmp_path / "g.toml").read_bytes() == before
    assert run("check", "g.toml")[0] == 0 and run("event", "g.toml", "--opponent-discards", "2")[0] == 0
    assert run("undo", "g.toml")[0] == 0 and (tmp_path / "g.toml").read_bytes() == before
    # an argument the table leaves unbounded: the game it would make does not load, so it is not done
    assert run("new-game", "aa_house_rules", "-o", "a.toml")[0] == 0
    before = (tmp_path / "a.toml").read_bytes()
    line = clean(run("collect", "a.toml", "germany", "income", "--amount", "99999999999"))
    assert line.startswith(
        "mapref: not done: the game would then hold what mapref cannot read back (nations.germany.cash: "
        "expected an integer 0-99999, got 1000000000"
    )
    assert (tmp_path / "a.toml").read_bytes() == before and run("check", "a.toml")[0] == 0


def test_a_save_never_writes_a_game_mapref_cannot_read_back(tmp_path):
    """The last guard: whatever put it in the state, a save reads its text back first."""
    from mapref.rules.files import NotReadable

    assert mapref("new-game", "struggle_for_europe", "-o", "g.toml", cwd=tmp_path).returncode == 0
    before = (tmp_path / "g.toml").read_bytes()
    s = open_game(tmp_path / "g.toml")
    s.state.cards["allies"].recycle = -1  # what no action may do, done behind the session's back
    with pytest.raises(NotReadable, match=r"g.toml: not saved, mapref could not read it back: cards.allies.recycle: "):
        s.save()
    assert (tmp_path / "g.toml").read_bytes() == before


def test_a_lock_that_cannot_be_taken_is_refused_not_skipped(tmp_path, capsys, monkeypatch):
    """Issue 27: when ``.NAME.lock`` could not be opened the command ran unlocked."""

    def run(*a):
        return cli(*a, cwd=tmp_path, capsys=capsys, monkeypatch=monkeypatch)

    assert run("new-game", "barbarossa", "-o", "g.toml")[0] == 0
    before = (tmp_path / "g.toml").read_bytes()
    (tmp_path / ".g.toml.lock").mkdir()  # a folder of that name
    line = clean(run("set", "g.toml", "P14", "--control", "axis"))
    assert line == (
        "mapref: g.toml: cannot take its lock (cannot lock: the lock file is not a regular file: .g.toml.lock); "
        "nothing done, so that no other command's change is lost"
    )
    assert (tmp_path / "g.toml").read_bytes() == before
    assert run("move", "g.toml", "Q13", "Q12", "--check")[0] in (0, 1)  # a check only reads: no lock needed
    assert "lock" not in capsys.readouterr().err
    line = clean(run("set", "missing.toml", "P14", "--control", "axis"))  # a game that is not there says so
    assert line == "missing.toml: no such file"


def test_a_lock_file_this_user_may_not_write_still_locks(tmp_path):
    """Another user's 0644 lock in a shared folder (here: one made read-only; as root, a
    read-only mount of the folder) is opened read-only, and flock holds on it just as well."""
    from mapref.io.atomic import Locked, file_lock
    from tests.faults import ROOT_USER, read_only

    g = tmp_path / "shared" / "g.toml"
    g.parent.mkdir()
    g.write_text("x")
    lock = g.parent / ".g.toml.lock"
    lock.write_text("")
    os.chmod(lock, 0o444)
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys, time\nfrom mapref.io.atomic import file_lock\n"
            "with file_lock(sys.argv[1]):\n    print('held', flush=True)\n    time.sleep(60)\n",
            str(g),
        ],
        env=ENV,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        with read_only(g.parent) if ROOT_USER else open(os.devnull):
            assert holder.stdout.readline().strip() == "held"
            with pytest.raises(Locked, match="being changed by another mapref"):
                with file_lock(g, wait=0.2):
                    pass
    finally:
        holder.kill()
        holder.wait()


def test_a_read_only_game_is_not_rewritten(tmp_path, capsys, monkeypatch):
    """Issue 27: a 0444 game was rewritten by every verb."""

    def run(*a):
        return cli(*a, cwd=tmp_path, capsys=capsys, monkeypatch=monkeypatch)

    assert run("new-game", "barbarossa", "-o", "g.toml")[0] == 0
    g = tmp_path / "g.toml"
    before = g.read_bytes()
    os.chmod(g, 0o444)
    line = clean(run("set", "g.toml", "P14", "--control", "axis"))
    assert (
        line == "mapref: g.toml: cannot write: the file is read-only (mode 0444); not overwritten: make it writable "
        "(chmod u+w) or save it elsewhere"
    )
    assert g.read_bytes() == before and oct(g.stat().st_mode & 0o777) == "0o444"


def test_a_hard_linked_game_stays_one_file(tmp_path, capsys, monkeypatch):
    """Issue 27: the save's rename gave one name a new file and left the other on the old one."""

    def run(*a):
        return cli(*a, cwd=tmp_path, capsys=capsys, monkeypatch=monkeypatch)

    assert run("new-game", "barbarossa", "-o", "g.toml")[0] == 0
    os.link(tmp_path / "g.toml", tmp_path / "also.toml")
    assert run("set", "g.toml", "P14", "--control", "axis")[0] == 0
    assert os.path.samefile(tmp_path / "g.toml", tmp_path / "also.toml")
    assert open_game(tmp_path / "also.toml").state.hex("P14").control == "axis"
    assert not [p.name for p in tmp_path.iterdir() if ".mapref-tmp-" in p.name]


LOG_DAMAGE = {
    "an undo patch through a value": (
        'undo = [{ at = ["turn", "phase"], was = "setup" }]',
        'undo = [{ at = ["turn", "phase", "x"], was = "setup" }]',
    ),
    "an undo patch that is not a patch": ('undo = [{ at = ["turn", "phase"], was = "setup" }]', "undo = [{ at = 3 }]"),
    "an undo giving a game that does not load": (
        'undo = [{ at = ["turn", "phase"], was = "setup" }]',
        'undo = [{ at = ["turn", "phase"], was = "lunch" }]',
    ),
    "a date inside a logged action": (
        'action = { verb = "advance" }',
        'action = { verb = "advance", when = 1941-06-22 }',
    ),
}


@pytest.mark.parametrize("what", sorted(LOG_DAMAGE))
def test_check_refuses_a_log_that_undo_or_a_save_would_trip_on(tmp_path, capsys, monkeypatch, what):
    """Issue 27: check said ok, then undo or every saving verb failed with an internal error."""

    def run(*a):
        return cli(*a, cwd=tmp_path, capsys=capsys, monkeypatch=monkeypatch)

    assert run("new-game", "barbarossa", "-o", "g.toml")[0] == 0 and run("advance", "g.toml")[0] == 0
    g = tmp_path / "g.toml"
    old, new = LOG_DAMAGE[what]
    assert old in g.read_text()
    g.write_text(g.read_text().replace(old, new))
    rc, out = run("check", "g.toml")
    assert rc == 1 and "internal error" not in out and out.startswith("g.toml:") and "log" in out.splitlines()[0]
    for verb in (("undo", "g.toml"), ("set", "g.toml", "P14", "--control", "axis")):
        rc, out = run(*verb)
        assert rc == 1 and "internal error" not in out, out


def test_a_game_naming_a_map_of_the_wrong_kind_is_a_problem_of_its_map_key(tmp_path, capsys, monkeypatch):
    """Issue 27: a Struggle for Europe game naming a hex map: 'MapModel' object has no attribute 'locations'."""

    def run(*a):
        return cli(*a, cwd=tmp_path, capsys=capsys, monkeypatch=monkeypatch)

    assert run("new-game", "struggle_for_europe", "-o", "g.toml")[0] == 0
    g = tmp_path / "g.toml"
    g.write_text(g.read_text().replace('map = "struggle_for_europe"', 'map = "hitlers_war"'))
    want = (
        "g.toml:5:1: map: expected an area map (Struggle for Europe is played on one), got hitlers_war.toml, a hex map"
    )
    for args in (
        ("check", "g.toml"),
        ("referee", "g.toml"),
        ("render", "g.toml", "-o", "x.png"),
        ("end-turn", "g.toml"),
    ):
        assert clean(run(*args)) == want


def test_render_of_a_game_checks_it_first(tmp_path, capsys, monkeypatch):
    """Issue 27: render skipped the consistency check (a KeyError on an unknown faction)."""

    def run(*a):
        return cli(*a, cwd=tmp_path, capsys=capsys, monkeypatch=monkeypatch)

    assert run("new-game", "struggle_for_europe", "-o", "g.toml")[0] == 0
    g = tmp_path / "g.toml"
    g.write_text(g.read_text().replace('A1 = { faction = "axis"', 'A1 = { faction = "martians"'))
    rc, check = run("check", "g.toml")
    assert rc == 1
    line = clean(run("render", "g.toml", "-o", "x.png"))
    assert (
        line.startswith("mapref: g.toml: ")
        and line.removeprefix("mapref: ") in check
        and not (tmp_path / "x.png").exists()
    )


def test_a_front_token_game_without_its_tokens_is_refused_by_check(tmp_path, capsys, monkeypatch):
    """Issue 27: check said ok, then battle raised KeyError."""

    def run(*a):
        return cli(*a, cwd=tmp_path, capsys=capsys, monkeypatch=monkeypatch)

    assert run("new-game", "three_fronts", "-o", "g.toml")[0] == 0
    g = tmp_path / "g.toml"
    text = g.read_text()
    g.write_text(text[: text.index("[tokens]")] + text[text.index("[hands.germans]") :])
    rc, out = run("check", "g.toml")
    assert rc == 1 and out.splitlines()[0] == "g.toml: tokens.med: missing: each front holds 4 tokens (FRONTS)"
    assert clean(run("battle", "g.toml")) == "mapref: g.toml: tokens.med: missing: each front holds 4 tokens (FRONTS)"


def test_a_400_digit_coordinate_in_an_area_map_is_a_problem_not_a_crash(tmp_path, capsys, monkeypatch):
    def run(*a):
        return cli(*a, cwd=tmp_path, capsys=capsys, monkeypatch=monkeypatch)

    text = (ROOT / "maps" / "three_fronts.toml").read_text()
    (tmp_path / "m.toml").write_text(text.replace("[0, 0], [300, 0]", f"[0, 0], [{'9' * 400}, 0]", 1))
    for args in (("check", "m.toml"), ("info", "m.toml"), ("render", "m.toml", "-o", "x.png")):
        out = run(*args)[1]
        assert (
            out.strip().endswith(
                ": locations.west.polygon: expected [x, y] at point 2 (finite numbers within 1e+07), "
                "got [an integer of about 401 digits, 0]"
            )
            and out.startswith("m.toml:")
            and len(out.splitlines()) == 1
        )


def test_a_game_is_not_saved_where_its_scenario_would_not_be_found(tmp_path):
    """Save as into another folder: a game naming its scenario by a path relative to where it was
    would not load there; nothing is written."""
    from mapref.rules.files import NotReadable

    here, there = tmp_path / "here", tmp_path / "there"
    here.mkdir()
    there.mkdir()
    (here / "my.toml").write_text((ROOT / "scenarios" / "barbarossa.toml").read_text())
    assert mapref("new-game", "my.toml", "-o", "g.toml", cwd=here).returncode == 0
    s = open_game(here / "g.toml")
    with pytest.raises(NotReadable, match=r'scenario: "my.toml" is not found from '):
        s.save(there / "g.toml")
    assert not (there / "g.toml").exists()
    s.save(here / "copy.toml")  # beside it, it is found
    assert open_game(here / "copy.toml").state_data() == s.state_data()
