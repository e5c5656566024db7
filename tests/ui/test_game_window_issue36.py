"""The referee's window where issue 36 found it wanting: a game another window plays opens
read-only there, saying which process has it; a game ``mapref check`` refuses opens read-only
with its problems listed (it drew an army at A1, took actions, and then every Ctrl+S failed);
a save refused because the file changed on disk says so in words, not "[Errno 16] ..."."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tkinter as tk
from pathlib import Path

from mapref.ui import screenshot
from mapref.ui.referee import open_window
from tests.ui.events import end_step, key

ROOT = Path(__file__).resolve().parents[2]

FIRST = """
import sys
from mapref.ui.referee import open_window
from tests.ui.events import end_step
w = open_window(sys.argv[1], quiet=True, user_files=False)
w.root.update()
end_step(w)
print("shown", flush=True)
w.root.mainloop()
"""


def feed_text(w) -> str:
    return "\n".join(w.feed.lines())


def test_a_game_another_window_plays_opens_read_only_naming_that_window(new_game_file, tmp_path):
    g = new_game_file(auto_place=True)
    first = subprocess.Popen(
        [sys.executable, "-c", FIRST, str(g)],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    try:
        assert first.stdout.readline().strip() == "shown"
        journal = g.with_name(f".{g.name}.journal")
        kept = journal.read_bytes()
        w = open_window(g, quiet=True, user_files=False)  # what `mapref g.toml` opens
        try:
            w.root.update()
            assert w.root.title() == "g.toml (read-only) - mapref referee"
            said = feed_text(w)
            assert f"open in another mapref window (process {first.pid})" in said and "read-only" in said
            phase = w.state.phase
            end_step(w)
            assert w.state.phase == phase and "not done" in w.status.get().lower() and "read-only" in w.status.get()
            key(w, "<Control-s>")
            assert w.messages and "not saved" in w.messages[-1] and f"process {first.pid}" in w.messages[-1]
            screenshot(w.root, tmp_path / "read-only.png")
            assert journal.read_bytes() == kept
        finally:
            w.root.destroy()
    finally:
        first.send_signal(signal.SIGKILL)
        first.wait()


def test_a_game_check_refuses_opens_read_only_with_its_problems_listed(new_game_file, tmp_path):
    g = new_game_file(auto_place=True)
    text = g.read_text(encoding="utf-8")
    g.write_text(text.replace('at = "Q13"', 'at = "o15"', 1), encoding="utf-8")
    before = g.read_bytes()
    w = open_window(g, quiet=True, user_files=False)
    try:
        w.root.update()
        assert w.root.title() == "g.toml (read-only) - mapref referee"
        said = feed_text(w)
        assert "problems mapref check refuses" in said and "'o15' is not a space of the map" in said
        end_step(w)
        assert "not done" in w.status.get().lower() and "read-only" in w.status.get()
        assert not w.session.dirty and not w.session.history.done
        key(w, "<Control-s>")
        assert w.messages and "not saved" in w.messages[-1]
        screenshot(w.root, tmp_path / "refused.png")
        assert g.read_bytes() == before
        assert not g.with_name(f".{g.name}.journal").exists()
    finally:
        w.root.destroy()


def test_a_save_refused_because_the_file_changed_says_so_in_words(new_game_file):
    g = new_game_file(auto_place=True)
    w = open_window(g, quiet=True, user_files=False)
    try:
        w.root.update()
        end_step(w)
        g.write_text(g.read_text(encoding="utf-8") + "\n# changed by another program\n", encoding="utf-8")
        key(w, "<Control-s>")
        assert w.messages, "no message"
        said = w.messages[-1]
        assert "changed on disk" in said and "[Errno" not in said and str(g) in said, said
    finally:
        try:
            w.root.destroy()
        except tk.TclError:
            pass


def test_a_message_that_starts_with_the_games_file_name_shows_it_as_spelt(new_game_file, monkeypatch):
    # acceptance (issue 36): opened as `mapref h.toml`, the refused save read "H.toml: changed on
    # disk ..." in the messages: the first letter of every message was made a capital, the file's
    # name too (on a case-sensitive disk H.toml is another file)
    g = new_game_file(auto_place=True)
    monkeypatch.chdir(g.parent)
    w = open_window(g.name, quiet=True, user_files=False)
    try:
        w.root.update()
        end_step(w)
        g.write_text(g.read_text(encoding="utf-8") + "\n# changed by another program\n", encoding="utf-8")
        key(w, "<Control-s>")
        shown = w.feed.lines()[-1]
        assert shown.startswith(f"{g.name}: ") and "changed on disk" in shown, shown
    finally:
        try:
            w.root.destroy()
        except tk.TclError:
            pass
