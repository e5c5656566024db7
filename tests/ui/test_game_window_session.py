"""The referee's window on the game session: Redo, the unsaved mark, Ctrl+S to the game's own
file, the question before closing with unsaved changes, and recovery after a crash."""

import os
import signal
import subprocess
import sys
import tkinter as tk
from pathlib import Path

import pytest

from mapref.rules.ruleset import Action
from mapref.ui.referee import RefereeWindow, load_for_play
from tests.faults import small_disk
from tests.ui.events import end_step, key, move

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def game_win(new_game_file):
    g = new_game_file()
    root = tk.Tk()
    w = RefereeWindow(root, load_for_play(g, journal=True), quiet=True)
    root.update()
    w.canvas.fit()
    root.update()
    yield w, g
    try:
        root.destroy()
    except tk.TclError:
        pass


def test_redo_and_the_unsaved_mark_in_the_title(game_win):
    w, g = game_win
    assert w.root.title() == "g.toml - mapref referee"
    end_step(w)
    assert w.root.title() == "*g.toml - mapref referee" and w.state.phase == "movement"
    assert w.edit_menu.entrycget(0, "label") == "Undo end of axis set-up"
    key(w, "<Control-z>")
    assert w.state.phase == "setup" and w.root.title() == "g.toml - mapref referee"  # back where it was saved
    assert w.edit_menu.entrycget(1, "label") == "Redo end of axis set-up"
    key(w, "<Control-y>")
    assert w.state.phase == "movement" and w.status.get() == "redone: end of axis set-up"
    assert w.root.title().startswith("*")


def test_ctrl_s_saves_to_the_games_own_file_without_asking(game_win):
    w, g = game_win
    end_step(w)
    assert move(w, "O14", "O13")
    key(w, "<Control-s>")
    assert w.root.title() == "g.toml - mapref referee"
    text = g.read_text()
    assert 'phase = "movement"' in text and text.count("[[log]]") == 2
    from mapref.rules.files import load_game

    assert load_game(g).state.army("Army Group Centre").at == "O13"


def test_closing_with_unsaved_changes_asks_first(game_win):
    w, g = game_win
    before = g.read_bytes()
    end_step(w)
    asked = []
    w.files.ask_save_changes = lambda what: asked.append(what) or None  # Cancel: the window stays
    w.close()
    assert asked == ["g.toml"] and w.root.winfo_exists()
    w.files.ask_save_changes = lambda what: False  # Don't save: closes, the file is as it was
    w.close()
    assert g.read_bytes() == before
    with pytest.raises(tk.TclError):
        w.root.winfo_exists()


def test_closing_and_saving(game_win):
    w, g = game_win
    end_step(w)
    w.files.ask_save_changes = lambda what: True
    w.close()
    assert 'phase = "movement"' in g.read_text()


def test_a_clean_game_closes_without_a_question(game_win):
    w, g = game_win
    w.files.ask_save_changes = lambda what: pytest.fail("asked with nothing to save")
    w.close()


def test_opening_another_game_with_unsaved_changes_asks_first(game_win, new_game_file):
    w, g = game_win
    end_step(w)
    g2 = new_game_file(name="other.toml")
    w.files.ask_save_changes = lambda what: None
    assert not w.files.open_path(g2) and w.path == g
    w.files.ask_save_changes = lambda what: False
    assert w.files.open_path(g2) and w.path == g2 and w.state.phase == "setup"


WINDOW = """
import sys, tkinter as tk
from mapref.ui.referee import RefereeWindow, load_for_play
from tests.ui.events import end_step, move
root = tk.Tk()
w = RefereeWindow(root, load_for_play(sys.argv[1], journal=True), quiet=True)
root.update()
end_step(w)
move(w, "O14", "O13")
print("shown", flush=True)
root.mainloop()
"""


def test_a_window_killed_mid_game_offers_the_recovered_position(new_game_file):
    g = new_game_file()
    saved = g.read_bytes()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    p = subprocess.Popen([sys.executable, "-c", WINDOW, str(g)], stdout=subprocess.PIPE, text=True, env=env)
    assert p.stdout.readline().strip() == "shown"
    p.send_signal(signal.SIGKILL)
    p.wait()
    assert g.read_bytes() == saved
    offered = []
    s = load_for_play(g, journal=True, ask=lambda text: offered.append(text) or True)
    assert offered and "2 unsaved actions from " in offered[0]
    assert s.state.phase == "movement" and s.state.army("Army Group Centre").at == "O13" and s.dirty
    root = tk.Tk()
    w = RefereeWindow(root, s, quiet=True)
    root.update()
    assert w.root.title() == "*g.toml - mapref referee"
    w.undo()
    assert w.state.army("Army Group Centre").at == "O14"
    root.destroy()


# ------------------------------------------------------------------ issue 27: the journal path


def test_an_action_the_journal_cannot_hold_is_refused_on_screen_and_ctrl_z_stays_right(
    tmp_path, monkeypatch, new_game_file
):
    """Issue 27: on a full disk the window said the write failed, the step advanced anyway, and
    Ctrl+Z took back the action before it."""
    with small_disk(tmp_path / "disk") as disk:
        monkeypatch.setenv("XDG_STATE_HOME", str(disk.folder / "state"))  # the disk mapref writes to is full
        g = disk.folder / "g.toml"
        g.write_bytes(new_game_file().read_bytes())
        root = tk.Tk()
        try:
            w = RefereeWindow(root, load_for_play(g, journal=True), quiet=True)
            root.update()
            end_step(w)
            assert w.state.phase == "movement"
            disk.fill()
            n = 0
            while w.act(Action("set", {"space": "P14", "control": "soviet" if n % 2 else "axis"})).ok:
                n += 1
                assert n < 100
            held = w.session.state_data()
            assert w.status.get().startswith("Not done: the crash journal (") and w.feed.items[-1]["kind"] == "refused"
            assert w.edit_menu.entrycget(0, "label") == (
                "Undo end of axis set-up" if not n else f"Undo {w.session.log[-1].did}"
            )
            key(w, "<Control-z>")  # refused too: the journal could not say so
            assert w.session.state_data() == held and w.status.get().startswith("Not undone: the crash journal (")
            disk.free()
            key(w, "<Control-z>")
            assert len(w.session.log) == n  # exactly one action taken back: the last one done
        finally:
            root.destroy()


JOURNAL_DAMAGE = {
    "a time that is not a time": lambda rows: [{**rows[0], "time": "noon"}] + rows[1:],
    "deep JSON": lambda rows: rows + ["[" * 100000 + "]" * 100000],
    "a patch through a value": lambda rows: (
        rows[:2] + [{"do": {**rows[2]["do"], "redo": [{"at": ["turn", "x", "y"], "was": 1}]}}]
    ),
    "a patch giving a game that does not load": lambda rows: (
        rows[:2] + [{"do": {**rows[2]["do"], "redo": [{"at": ["armies"], "was": 5}]}}]
    ),
}


@pytest.mark.parametrize("what", sorted(JOURNAL_DAMAGE))
def test_a_corrupted_journal_never_stops_the_window_opening_its_game(tmp_path, what, new_game_file):
    """Issue 27: opening it died with an internal error (Recovery.describe, datapatch, deep JSON),
    or a recovered game was saved that check refuses."""
    import json

    from mapref.rules.files import load_game
    from mapref.rules.session import open_game

    g = new_game_file()
    s = open_game(g, journal=True)
    assert s.apply(Action("advance")).ok and s.apply(Action("move", {"from": "O14", "to": "O13"})).ok
    j = s.journal.path
    rows = [json.loads(x) for x in j.read_text().splitlines()]
    j.write_text("".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in JOURNAL_DAMAGE[what](rows)))
    s = load_for_play(g, journal=True, ask=lambda text: True)
    assert s.state_data() == open_game(g).state_data() and "set aside as" in s.notes[0]
    s.save()
    assert load_game(g).check() == []
