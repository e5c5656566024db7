"""The crash journal: a process killed with SIGKILL mid-game loses none of the actions it showed."""

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

from mapref.rules import journal
from mapref.rules.files import load_game
from mapref.rules.ruleset import Action
from mapref.rules.session import GameSession, open_game

ROOT = Path(__file__).resolve().parents[2]
ACTIONS = [Action("advance"), Action("move", {"from": "Q13", "to": "Q12", "points": {"infantry": 2}}),
           Action("set", {"space": "P14", "control": "axis"}), Action("move", {"from": "O14", "to": "O13"})]

PLAYER = textwrap.dedent('''
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
''')


def play_and_kill(arg: str, env: dict, after: int) -> None:
    # the player does exactly ``after`` actions, then waits to be killed (no race with a later one)
    p = subprocess.Popen([sys.executable, "-c", PLAYER, arg, str(after)], stdout=subprocess.PIPE, text=True, env=env, cwd=ROOT)
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
    assert subprocess.run([sys.executable, "-m", "mapref", "new-game", "barbarossa", "-o", str(g)], env=env).returncode == 0
    saved = g.read_bytes()
    play_and_kill(str(g), env, after=3)
    assert g.read_bytes() == saved  # nothing was saved...
    r = journal.pending(str(g))
    assert r is not None and not r.stale and r.actions == 3  # ...but three actions were journaled
    # three actions (the undo and redo of the third are not changes of their own)
    assert r.describe().startswith("3 unsaved actions from ") and r.describe().endswith("(the last: set P14: control axis)")
    recovered = journal.recover(r, load_game(g, str(g)))
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
        recovered = journal.recover(r, fresh)
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
    assert subprocess.run([sys.executable, "-m", "mapref", "new-game", "barbarossa", "-o", str(g)], env=env).returncode == 0
    play_and_kill(str(g), env, after=1)
    assert subprocess.run([sys.executable, "-m", "mapref", "advance", str(g)], env=env).returncode == 0
    r = journal.pending(str(g))
    assert r is not None and r.stale
