"""The crash journal: a process killed with SIGKILL mid-game loses none of the actions it showed.
The player is a real process (it is killed); the commands around it run in this process."""

import json
import os
import signal
import stat
import subprocess
import sys
import textwrap
from contextlib import contextmanager
from pathlib import Path

import pytest

from mapref.rules import journal, recovery
from mapref.rules.files import load_game
from mapref.rules.ruleset import Action
from mapref.rules.session import GameSession, open_game
from tests.faults import read_only, small_disk
from tests.helpers import mapref

ROOT = Path(__file__).resolve().parents[2]
ACTIONS = [
    Action("advance"),
    Action("move", {"from": "Q13", "to": "Q12", "points": {"infantry": 2}}),
    Action("set", {"space": "P14", "control": "axis"}),
    Action("move", {"from": "O14", "to": "O13"}),
]

PLAYER = textwrap.dedent("""
    import sys, time
    from mapref.rules.ruleset import Action
    from mapref.rules.session import open_game, start_game
    from mapref.paths import shipped_scenario
    actions = [Action("advance"), Action("move", {"from": "Q13", "to": "Q12", "points": {"infantry": 2}}),
               Action("set", {"space": "P14", "control": "axis"}), Action("move", {"from": "O14", "to": "O13"})]
    path, n = sys.argv[1], int(sys.argv[2])
    if path == "new":
        s = start_game(shipped_scenario("barbarossa"), scenario_ref="barbarossa", journal=True)
    else:
        s = open_game(path, journal=True)
    for i, a in enumerate(actions[:n]):
        assert s.apply(a).ok
        if i == 2:
            s.undo()          # an undo is journaled too ...
            s.redo()          # ... and so is the redo
        print("applied", i + 1, flush=True)
    time.sleep(60)            # the window stays open: killed here
""")


def play_and_kill(arg: str, env: dict, after: int) -> None:
    # the player does exactly ``after`` actions, then waits to be killed (no race with a later one)
    p = subprocess.Popen(
        [sys.executable, "-c", PLAYER, arg, str(after)], stdout=subprocess.PIPE, text=True, env=env, cwd=ROOT
    )
    seen = 0
    while seen < after:
        line = p.stdout.readline()
        assert line, "the player died"
        seen = int(line.split()[1])
    p.send_signal(signal.SIGKILL)
    p.wait()


def expected_after(session: GameSession, n: int) -> dict:
    for a in ACTIONS[:n]:
        assert session.apply(a).ok
    return session.state_data()


def test_a_saved_game_killed_mid_game_is_recovered_exactly(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT), "XDG_STATE_HOME": str(tmp_path / "state")}
    g = tmp_path / "g.toml"
    assert mapref("new-game", "barbarossa", "-o", g, env={"XDG_STATE_HOME": env["XDG_STATE_HOME"]}).returncode == 0
    saved = g.read_bytes()
    play_and_kill(str(g), env, after=3)
    assert g.read_bytes() == saved  # nothing was saved...
    r = journal.pending(str(g))
    assert r is not None and not r.stale and r.actions == 3  # ...but three actions were journaled
    # three actions (the undo and redo of the third are not changes of their own)
    assert r.describe().startswith("3 unsaved actions from ") and r.describe().endswith(
        "(the last: set P14: control axis)"
    )
    recovered = recovery.recover(r, load_game(g, str(g)))
    assert recovered.state_data() == expected_after(open_game(g), 3)
    assert recovered.dirty and [e.verb for e in recovered.log] == ["advance", "move", "set"]
    assert recovered.undo().verb == "set"  # the recovered history can be walked back
    recovered.save()
    assert journal.pending(str(g)) is None  # saving starts a new journal


def test_a_new_game_never_saved_is_recovered_from_the_state_folder(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT), "XDG_STATE_HOME": str(tmp_path / "state")}
    play_and_kill("new", env, after=4)
    old = os.environ.get("XDG_STATE_HOME")
    os.environ["XDG_STATE_HOME"] = env["XDG_STATE_HOME"]
    try:
        r = journal.pending(None, "barbarossa")
        assert r is not None and r.actions == 4
        from mapref.paths import shipped_scenario
        from mapref.rules.files import new_game
        from mapref.rules.session import start_game

        fresh = new_game(shipped_scenario("barbarossa"), scenario_ref="barbarossa")
        recovered = recovery.recover(r, fresh)
        want = expected_after(start_game(shipped_scenario("barbarossa"), scenario_ref="barbarossa"), 4)
        assert recovered.state_data() == want and len(recovered.log) == 4
    finally:
        if old is None:
            del os.environ["XDG_STATE_HOME"]
        else:
            os.environ["XDG_STATE_HOME"] = old


def test_a_journal_is_stale_when_the_game_file_changed_after_it(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT), "XDG_STATE_HOME": str(tmp_path / "state")}
    g = tmp_path / "g.toml"
    assert mapref("new-game", "barbarossa", "-o", g, env={"XDG_STATE_HOME": env["XDG_STATE_HOME"]}).returncode == 0
    play_and_kill(str(g), env, after=1)
    assert mapref("advance", g, env={"XDG_STATE_HOME": env["XDG_STATE_HOME"]}).returncode == 0
    r = journal.pending(str(g))
    assert r is not None and r.stale


# --------------------------------------------------------------------- journal write failures


@contextmanager
def state_home(path: Path):
    """mapref's per-user folder (where journals go when the game's folder cannot take them)."""
    old = os.environ.get("XDG_STATE_HOME")
    os.environ["XDG_STATE_HOME"] = str(path)
    try:
        yield path
    finally:
        if old is None:
            del os.environ["XDG_STATE_HOME"]
        else:
            os.environ["XDG_STATE_HOME"] = old


def saved_game(path: Path) -> Path:
    from mapref.paths import shipped_scenario
    from mapref.rules.session import start_game

    s = start_game(shipped_scenario("barbarossa"), scenario_ref="barbarossa")
    s.save(path)
    return path


def flip(i: int) -> Action:
    """The referee's correction of who holds P14, back and forth: as many actions as a test needs."""
    return Action("set", {"space": "P14", "control": "soviet" if i % 2 else "axis"})


def test_an_action_the_journal_cannot_hold_on_a_full_disk_is_not_done(tmp_path):
    """Issue 27: the state and log changed before the journal was written; when the write failed
    the step had advanced anyway and Ctrl+Z took back the action before it."""
    with small_disk(tmp_path / "disk") as disk, state_home(disk.folder / "state"):
        g = saved_game(disk.folder / "g.toml")
        s = open_game(g, journal=True)
        assert s.apply(ACTIONS[0]).ok  # movement
        disk.fill()
        n = 0  # a full disk still takes a line or two into the journal's last block
        while (out := s.apply(flip(n))).ok:
            n += 1
            assert n < 100, "the journal never filled the disk"
        before, labels = s.state_data(), [e.did for e in s.log]
        assert out.reason.startswith("not done: the crash journal (") and "cannot be written" in out.reason
        assert s.state_data() == before and [e.did for e in s.log] == labels and s.history.undo_label() == labels[-1]
        with pytest.raises(OSError, match="^not undone: the crash journal"):
            s.undo()
        assert s.state_data() == before and len(s.history.done) == 1 + n
        disk.free()
        assert s.apply(ACTIONS[1]).ok and s.undo().verb == "move"
        r = journal.pending(str(g))
        assert r is not None and r.actions == 1 + n and not r.bad  # the refused ones left no torn line
        assert recovery.recover(r, load_game(g, str(g))).state_data() == s.state_data()
        for _ in range(n + 1):
            s.undo()
        assert s.state_data() == open_game(g).state_data() and journal.pending(str(g)).empty


def test_the_journal_of_a_game_in_a_read_only_folder_goes_to_the_state_folder(tmp_path):
    folder = tmp_path / "shared"
    folder.mkdir()
    g = saved_game(folder / "g.toml")
    with state_home(tmp_path / "state"), read_only(folder):
        s = open_game(g, journal=True)
        for a in ACTIONS[:3]:
            assert s.apply(a).ok
        assert not (folder / ".g.toml.journal").exists()
        assert s.journal.path.parent == tmp_path / "state" / "mapref" / "journals"
        r = journal.pending(str(g))
        assert r is not None and not r.stale and r.actions == 3
        assert recovery.recover(r, load_game(g, str(g))).state_data() == s.state_data()


def test_a_game_folder_that_fills_up_sends_the_journal_to_the_state_folder(tmp_path):
    """The game's disk full, the state folder on another with room: the journal moves there
    (where no second disk can be made, as without root, the game's folder is made read-only
    instead: the file size limit holds in every folder)."""
    from tests.faults import ROOT_USER

    with (
        small_disk(tmp_path / "disk") if ROOT_USER else read_only_later(tmp_path / "disk") as disk,
        state_home(tmp_path / "state"),
    ):
        g = saved_game(disk.folder / "g.toml")
        s = open_game(g, journal=True)
        assert s.apply(ACTIONS[0]).ok and s.journal.path.parent == disk.folder
        disk.fill()
        n = 0  # (a full disk may still take a line or two into the journal's last block)
        while s.journal.path.parent == disk.folder:
            assert s.apply(flip(n)).ok, "an action was refused with room in the state folder"
            n += 1
            assert n < 100
        assert s.journal.path.parent == tmp_path / "state" / "mapref" / "journals"
        assert journal.pending(str(g)).actions == 1 + n


@contextmanager
def read_only_later(folder: Path):
    """A folder whose ``fill()`` makes it read-only (mode 0555), for a user who cannot mount."""
    folder.mkdir()

    class Folder:
        def fill(self):
            os.chmod(folder, 0o555)

    f = Folder()
    f.folder = folder
    try:
        yield f
    finally:
        os.chmod(folder, 0o755)


PLAYER_ON_COMMAND = textwrap.dedent("""
    import sys
    from mapref.rules.ruleset import Action
    from mapref.rules.session import open_game
    s = open_game(sys.argv[1], journal=True)
    n = 0
    for line in sys.stdin:
        try:
            if line.startswith("act"):
                out = s.apply(Action("set", {"space": "P14", "control": "soviet" if n % 2 else "axis"}))
                n += out.ok
                print("ok" if out.ok else "refused: " + out.reason, flush=True)
            elif line.startswith("undo"):
                s.undo()
                n -= 1
                print("ok", flush=True)
        except OSError as e:
            print("refused: " + str(e), flush=True)
""")


def test_a_window_killed_after_a_full_disk_refused_actions_recovers_exactly_what_it_showed(tmp_path):
    """The kill test on a full disk: actions shown as done survive SIGKILL; those refused while the
    disk was full were never done, and leave no torn line behind the ones that follow."""
    import resource

    with small_disk(tmp_path / "disk") as disk:
        env = {**os.environ, "PYTHONPATH": str(ROOT), "XDG_STATE_HOME": str(disk.folder / "state")}
        with state_home(disk.folder / "state"):
            g = saved_game(disk.folder / "g.toml")
        p = subprocess.Popen(
            [sys.executable, "-c", PLAYER_ON_COMMAND, str(g)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
            cwd=ROOT,
        )

        def say(cmd: str) -> str:
            p.stdin.write(cmd + "\n")
            p.stdin.flush()
            return p.stdout.readline().strip()

        done = 0
        assert say("act") == "ok"
        done += 1
        if disk.mounted:
            disk.fill()
        else:  # the size limit, given to the running player
            resource.prlimit(p.pid, resource.RLIMIT_FSIZE, (0, resource.RLIM_INFINITY))
        while (answer := say("act")) == "ok":
            done += 1
            assert done < 100
        assert answer.startswith("refused: not done: the crash journal")
        assert say("undo").startswith("refused: not undone: the crash journal")
        if disk.mounted:
            disk.free()
        else:
            resource.prlimit(p.pid, resource.RLIMIT_FSIZE, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))
        assert say("act") == "ok" and say("act") == "ok"
        done += 2
        p.send_signal(signal.SIGKILL)
        p.wait()
        with state_home(disk.folder / "state"):
            r = journal.pending(str(g))
            assert r is not None and r.actions == done and not r.bad
            want = open_game(g)
            for i in range(done):
                assert want.apply(flip(i)).ok
            assert recovery.recover(r, load_game(g, str(g))).state_data() == want.state_data()


def test_a_window_killed_in_a_read_only_folder_is_recovered_from_the_state_folder(tmp_path):
    folder = tmp_path / "shared"
    folder.mkdir()
    g = saved_game(folder / "g.toml")
    env = {"PYTHONPATH": str(ROOT), "XDG_STATE_HOME": str(tmp_path / "state")}
    with read_only(folder):
        play_and_kill(str(g), {**os.environ, **env}, after=3)
        assert not (folder / ".g.toml.journal").exists()
        with state_home(tmp_path / "state"):
            r = journal.pending(str(g))
            assert r is not None and r.actions == 3
            assert recovery.recover(r, load_game(g, str(g))).state_data() == expected_after(open_game(g), 3)


# ------------------------------------------------------------------ what a journal may not do
def test_a_planted_link_where_the_journal_goes_is_replaced_not_followed(tmp_path):
    g = saved_game(tmp_path / "g.toml")
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    (tmp_path / ".g.toml.journal").symlink_to(victim)
    s = open_game(g, journal=True)
    assert s.apply(ACTIONS[0]).ok and s.apply(ACTIONS[1]).ok
    j = tmp_path / ".g.toml.journal"
    assert victim.read_text() == "precious\n" and not j.is_symlink() and j.is_file()
    j.unlink()
    j.symlink_to(victim)  # planted again between two actions: still not followed
    assert s.apply(ACTIONS[2]).ok and victim.read_text() == "precious\n" and not j.is_symlink()
    assert journal.pending(str(g)).actions == 3


def test_a_journal_is_readable_by_its_user_only(tmp_path):
    old = os.umask(0o022)
    try:
        g = saved_game(tmp_path / "g.toml")
        s = open_game(g, journal=True)
        assert s.apply(ACTIONS[0]).ok
    finally:
        os.umask(old)
    assert stat.S_IMODE(s.journal.path.stat().st_mode) == 0o600
    assert stat.S_IMODE(g.stat().st_mode) == 0o644  # the game itself is an ordinary file


# ------------------------------------------------------------------ a journal that is wrong
def left_journal(tmp_path) -> tuple[Path, Path, dict]:
    """A game and the journal a killed window left: three actions, the last undone and redone."""
    g = saved_game(tmp_path / "g.toml")
    s = open_game(g, journal=True)
    for a in ACTIONS[:3]:
        assert s.apply(a).ok
    s.undo()
    s.redo()
    return g, s.journal.path, s.state_data()


def lines_of(j: Path) -> list[dict]:
    return [json.loads(x) for x in j.read_text().splitlines()]


def write_lines(j: Path, rows) -> None:
    j.write_text("".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in rows))


CORRUPTIONS = {
    "a header that is not a journal's": lambda rows: [{"x": 1}] + rows[1:],
    "a time that is not a time": lambda rows: [{**rows[0], "time": "noon"}] + rows[1:],
    "a huge time": lambda rows: [{**rows[0], "time": 1e300}] + rows[1:],
    "a huge count of saved actions": lambda rows: [{**rows[0], "saved_log": 10**30}] + rows[1:],
    "deep JSON": lambda rows: rows[:2] + ["[" * 100_000 + "]" * 100_000] + rows[2:],
    "JSON deeper than a game": lambda rows: (
        rows[:2]
        + [{"do": {**rows[1]["do"], "action": {"verb": "x", "a": json.loads("[" * 200 + "]" * 200)}}}]
        + rows[2:]
    ),
    "a record of another kind": lambda rows: rows[:2] + [{"jump": rows[1]["do"]}] + rows[2:],
    "an undo patch of the wrong type": lambda rows: (
        rows[:2] + [{"do": {**rows[2]["do"], "undo": "everything"}}] + rows[3:]
    ),
    "a redo patch through a value": lambda rows: (
        rows[:2] + [{"do": {**rows[2]["do"], "redo": [{"at": ["turn", "x", "y"], "was": 1}]}}] + rows[3:]
    ),
    "a patch that gives a game that does not load": lambda rows: (
        rows[:2] + [{"do": {**rows[2]["do"], "redo": [{"at": ["armies"], "was": 5}]}}] + rows[3:]
    ),
    "a patch moving the game to another map": lambda rows: (
        rows[:2]
        + [{"do": {**rows[2]["do"], "redo": rows[2]["do"]["redo"] + [{"at": ["map"], "was": "map"}]}}]
        + rows[3:]
    ),
    "an undo of an action never done": lambda rows: rows[:2] + [{"undo": {**rows[2]["do"], "n": 99}}] + rows[3:],
    "a date in an action": lambda rows: (
        rows[:2] + [{"do": {**rows[2]["do"], "action": {"verb": "set", "when": float("nan")}}}] + rows[3:]
    ),
    "a torn line in the middle": lambda rows: rows[:2] + ['{"do": {"n": 3, "tu'] + rows[2:],
    "binary": lambda rows: ["\udcff\x00\x01"],
}


@pytest.mark.parametrize("what", sorted(CORRUPTIONS))
def test_a_corrupted_journal_is_reported_set_aside_and_never_blocks_the_game(tmp_path, what):
    g, j, _ = left_journal(tmp_path)
    rows = lines_of(j)
    bad = CORRUPTIONS[what](rows)
    if what == "binary":
        j.write_bytes(b"\xff\x00\x01\n")
    else:
        write_lines(j, bad)
    saved = open_game(g).state_data()
    for answer in (True, False):  # whatever the user answers, if asked at all
        asked: list[str] = []
        s = recovery.open_for_play(
            load_game(g, str(g)), ask=lambda q, asked=asked, answer=answer: asked.append(q) or answer
        )
        assert s.state_data() == saved and s.journal is not None
        if answer:
            assert (
                len(s.notes) == 1 and "crash journal of this game could" in s.notes[0] and "set aside as" in s.notes[0]
            )
            assert not j.exists() and len(list(tmp_path.glob(".g.toml.journal.bad-*"))) == 1
            assert s.apply(ACTIONS[0]).ok  # and the game goes on, with a journal of its own
            assert journal.pending(str(g)).actions == 1
            s.close()
            write_lines(j, bad) if what != "binary" else j.write_bytes(b"\xff\x00\x01\n")
        else:
            assert not j.exists()  # set aside (unreadable) or removed (the user said no)


def test_a_journal_that_is_a_fifo_a_folder_or_a_link_to_a_device_never_blocks(tmp_path):
    g = saved_game(tmp_path / "g.toml")
    j = tmp_path / ".g.toml.journal"
    for make in (os.mkfifo, os.mkdir, lambda p: os.symlink("/dev/zero", p)):
        make(j)
        s = recovery.open_for_play(load_game(g, str(g)), ask=lambda q: True)
        assert s.notes and "could not be read" in s.notes[0] and s.state_data() == open_game(g).state_data()
        assert s.apply(ACTIONS[0]).ok  # a journal of its own, in the place of the one set aside
        s.close()
        for p in tmp_path.glob(".g.toml.journal*"):
            (os.rmdir if p.is_dir() and not p.is_symlink() else os.unlink)(p)


def test_a_stale_journal_is_asked_about_and_kept_unless_the_user_deletes_it(tmp_path):
    """Issue 27: it was deleted without a word when the game changed on disk after the crash."""
    g, j, _ = left_journal(tmp_path)
    kept = j.read_bytes()
    s = open_game(g)
    s.apply(ACTIONS[0])
    s.save()  # another mapref changed the game since
    asked: list[str] = []
    s = recovery.open_for_play(load_game(g, str(g)), ask=lambda q: asked.append(q) or False)
    assert len(asked) == 1 and "g.toml was changed on disk after them" in asked[0] and "Delete them?" in asked[0]
    aside = list(tmp_path.glob(".g.toml.journal.stale-*"))
    assert len(aside) == 1 and aside[0].read_bytes() == kept and "set aside as" in s.notes[0]
    aside[0].rename(j)
    s = recovery.open_for_play(load_game(g, str(g)), ask=lambda q: True)
    assert not j.exists() and not list(tmp_path.glob(".g.toml.journal.*")) and s.notes == []


def test_the_recovery_question_counts_actions_not_records_and_names_the_last_one_still_done(tmp_path):
    """Issue 27: three records (an action, its undo, another) were "3 unsaved changes", and the
    undone action was named as the last."""
    g = saved_game(tmp_path / "g.toml")
    s = open_game(g, journal=True)
    assert s.apply(ACTIONS[0]).ok and s.apply(ACTIONS[1]).ok
    s.undo()
    r = journal.pending(str(g))
    assert r.describe().startswith("1 unsaved action from ") and r.describe().endswith("(the last: end of axis set-up)")
    s.save()
    s.undo()  # a saved action taken back
    assert journal.pending(str(g)).describe().startswith("1 saved action taken back from ")
    s.redo()  # and done again: nothing to recover
    r = journal.pending(str(g))
    assert r.empty
    s2 = recovery.open_for_play(load_game(g, str(g)), ask=lambda q: pytest.fail("nothing to ask about"))
    assert s2.notes == [] and journal.pending(str(g)) is None
