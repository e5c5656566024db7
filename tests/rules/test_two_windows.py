"""Two processes on one game (issue 36): a game a window plays is opened read-only in a second
window, which never offers, deletes or shares the first window's crash journal; a command that
would change it is refused, naming the window's process.  Real processes: the first window is a
player process (the window's session without its screen) killed with SIGKILL at the end."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

from mapref.rules.files import load_game
from mapref.rules.journal import journal_path
from mapref.rules.recovery import open_for_play
from tests.helpers import mapref

ROOT = Path(__file__).resolve().parents[2]

PLAYER = """
    import sys
    from mapref.rules.files import load_game
    from mapref.rules.recovery import open_for_play
    s = open_for_play(load_game(sys.argv[1]), ask=lambda question: False)
    for _ in range(2):
        assert s.apply(s.ruleset.end_step(s.game)).ok
    print("shown", s.state_data()["turn"]["phase"], flush=True)
    sys.stdin.readline()
"""


def player(game: Path) -> subprocess.Popen:
    p = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(PLAYER), str(game)],
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    return p


def test_a_second_window_opens_a_game_read_only_and_leaves_the_first_ones_journal_alone(new_game_file):
    g = new_game_file(auto_place=True)
    saved = g.read_bytes()
    first = player(g)
    try:
        shown = first.stdout.readline().split()
        assert shown[0] == "shown"
        journal = journal_path(str(g))
        kept = journal.read_bytes()
        for answer in (False, True):  # "No" deleted the first window's journal, "Yes" shared it
            asked = []
            second = open_for_play(load_game(g), ask=lambda q, asked=asked, answer=answer: asked.append(q) or answer)
            assert asked == [] and second.read_only and f"process {first.pid}" in second.read_only
            assert second.notes and "read-only" in second.notes[0]
            out = second.apply(second.ruleset.end_step(second.game))
            assert not out.ok and "open in another mapref window" in out.reason
            assert journal.read_bytes() == kept and g.read_bytes() == saved
            second.close()
            assert journal.read_bytes() == kept
        # a command that would change the game is refused, naming the window's process
        r = mapref("advance", str(g))
        assert r.returncode == 1 and f"process {first.pid}" in r.stderr and "open in a mapref window" in r.stderr
        assert g.read_bytes() == saved and journal.read_bytes() == kept
        assert mapref("check", str(g)).returncode == 0  # reading it is fine
    finally:
        first.send_signal(signal.SIGKILL)
        first.wait()
    # the first window died: its two acknowledged actions are offered back, and recovered
    asked = []
    again = open_for_play(load_game(g), ask=lambda q: asked.append(q) or True)
    assert len(asked) == 1 and "2 unsaved actions" in asked[0], asked
    assert not again.read_only and again.state_data()["turn"]["phase"] == shown[1] and len(again.log) == 2
    again.close()


def test_a_window_saving_as_a_game_another_window_plays_is_refused(new_game_file, tmp_path):
    g = new_game_file(auto_place=True)
    other = new_game_file(auto_place=True, name="other.toml")
    first = player(g)
    try:
        assert first.stdout.readline().startswith("shown")
        s = open_for_play(load_game(other))
        assert not s.read_only
        before = g.read_bytes()
        try:
            s.save(g)
        except ValueError as e:
            assert f"process {first.pid}" in str(e)
        else:
            raise AssertionError("saved over a game another window plays")
        assert g.read_bytes() == before
        s.close()
    finally:
        first.send_signal(signal.SIGKILL)
        first.wait()


def test_a_command_writing_with_force_over_a_game_a_window_plays_is_refused(new_game_file, tmp_path):
    # acceptance (issue 36): `mapref new-game ... -o GAME --force` (and any writing command's -o)
    # replaced the game a window was playing (a window's Save As over it is refused): the
    # window then found its file changed and its journal no longer fitting the file
    g = new_game_file(auto_place=True)
    squares = '{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {"name": "A"}, '
    squares += '"geometry": {"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [1, 1], [0, 1], [0, 0]]]}}]}'
    (tmp_path / "f.geojson").write_text(squares, encoding="utf-8")
    first = player(g)
    try:
        assert first.stdout.readline().startswith("shown")
        journal = journal_path(str(g))
        before, kept = g.read_bytes(), journal.read_bytes()
        for args in (
            ["new-game", "fall_of_germany", "-o", str(g), "--force"],
            ["import-areas", str(tmp_path / "f.geojson"), "-o", str(g), "--force"],
            ["new-map", "-o", str(g), "--force"],
        ):
            r = mapref(*args)
            assert r.returncode == 1 and len(r.stderr.splitlines()) == 1, (args, r.stdout, r.stderr)
            assert f"process {first.pid}" in r.stderr and "open in a mapref window" in r.stderr, r.stderr
            assert g.read_bytes() == before and journal.read_bytes() == kept
            assert not Path(str(g) + ".bak").exists()
    finally:
        first.send_signal(signal.SIGKILL)
        first.wait()


def test_a_game_a_window_plays_is_the_same_game_through_a_symbolic_link(new_game_file, tmp_path):
    # acceptance (issue 36): `mapref advance LINK.toml`, a symbolic link to the game a window
    # plays, changed it under the window (the window's claim was looked for beside the name
    # given, not beside the file); a second window through the link could play it too
    g = new_game_file(auto_place=True)
    link = tmp_path / "link.toml"
    link.symlink_to(g)
    first = player(g)
    try:
        shown = first.stdout.readline().split()
        assert shown[0] == "shown"
        journal = journal_path(str(g))
        before, kept = g.read_bytes(), journal.read_bytes()
        r = mapref("advance", str(link))
        assert r.returncode == 1 and f"process {first.pid}" in r.stderr, (r.stdout, r.stderr)
        second = open_for_play(load_game(link), ask=lambda q: True)
        assert second.read_only and f"process {first.pid}" in second.read_only
        second.close()
        assert g.read_bytes() == before and journal.read_bytes() == kept
    finally:
        first.send_signal(signal.SIGKILL)
        first.wait()
    # the first window died: opened through the link, its two actions are offered back
    asked = []
    again = open_for_play(load_game(link), ask=lambda q: asked.append(q) or True)
    assert len(asked) == 1 and "2 unsaved actions" in asked[0], asked
    assert not again.read_only and len(again.log) == 2
    again.close()


CLAIM = """
    import sys
    from mapref.rules.journal import claim
    print("free" if claim(sys.argv[1]).ok else "taken", flush=True)
"""


def claimed_elsewhere(game: Path) -> str:
    p = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(CLAIM), str(game)],
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
    )
    return p.stdout.strip()


def test_a_window_saving_as_another_file_plays_that_one_and_lets_the_first_go(new_game_file, tmp_path):
    g = new_game_file(auto_place=True)
    s = open_for_play(load_game(g))
    assert claimed_elsewhere(g) == "taken"
    other = tmp_path / "copy.toml"
    s.save(other)
    assert claimed_elsewhere(g) == "free" and claimed_elsewhere(other) == "taken"
    s.close()
    assert claimed_elsewhere(other) == "free"
