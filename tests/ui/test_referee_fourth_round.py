"""The referee's evening, fourth round (issue 33): what a referee hit in the window, played under a
real window manager (twm, the ``wm_tk`` fixture) with real keys and clicks where the window
manager, grabs or focus take part (XTEST), as tests/ui/test_referee_behaves.py does."""

from __future__ import annotations

import time

import pytest

from mapref.paths import shipped_scenario
from mapref.ui.referee import RefereeWindow, load_for_play
from tests.ui.xtest import XTest


def settle(root, n=10):
    for _ in range(n):
        root.update()
        time.sleep(0.03)


@pytest.fixture
def wm(wm_tk, wm_display):
    """The window ``mapref`` opens with no file, on the window manager's display, and real input."""
    w = RefereeWindow(wm_tk, load_for_play(None), quiet=True)
    settle(wm_tk)
    w.canvas.fit()
    settle(wm_tk, 3)
    xt = XTest(wm_display)
    w.files.ask_save_changes = lambda what: False
    yield w, xt
    xt.close()


def keys(w, xt, *keysyms):
    """Real keys pressed with the pointer over the board (which takes the keyboard as it enters)."""
    c = w.canvas
    xt.move(c.winfo_rootx() + c.winfo_width() // 2, c.winfo_rooty() + c.winfo_height() // 2)
    settle(w.root, 3)
    w.root.focus_force()
    c.focus_set()
    settle(w.root, 3)
    xt.key(*keysyms)
    settle(w.root)


def new_game(w, xt, scenario: str) -> None:
    """File > New game (Ctrl+N), the scenario chosen in its dialog."""
    w.files.ask_new_game = lambda: (shipped_scenario(scenario), False)
    keys(w, xt, "Control_L", "n")
    assert w.root.title().endswith("(new game) - mapref referee"), w.root.title()


def current(w) -> list[str]:
    return [label for label, cur in w.track.steps() if cur]


# ------------------------------------------------------------------------------ the set-up
def test_the_set_up_does_not_end_with_pools_left_and_says_what_is_left(wm):
    # Prepare for Play 3, 8: "Each player places their armies ... as instructed by the Scenario
    # Set-up" before "Play can now begin".  The preview says what is unplaced; strict mode refuses
    # to end the set-up (Ctrl+Return); advisory ends it with a reason and the log names what never
    # enters play (rulings R70)
    w, xt = wm
    new_game(w, xt, "fall_of_germany")
    assert current(w) == ["Set-up"] and len(w.side.pool_rows()) == 3
    preview = w.track.preview_var.get()
    assert "still to place: pool axis: 29 infantry, 14 mechanized" in preview, preview
    asked = []
    w.ask_confirm = lambda title, text: asked.append(text) or True
    keys(w, xt, "Control_L", "Return")
    assert current(w) == ["Set-up"] and len(w.side.pool_rows()) == 3
    assert asked == []  # refused: nothing to confirm
    assert "the set-up is not finished" in w.feed.lines()[-1].lower() and w.feed.lines()[-1].endswith(
        "[Prepare for Play 3, 8]"
    )
    # advisory mode: the reason asked, the set-up ended, what is dropped said and logged
    w.mode.set("advisory")
    w.mode_changed()
    reasons = []
    w.ask_override = lambda action, refusal: reasons.append(refusal) or "we play a short game"
    keys(w, xt, "Control_L", "Return")
    assert current(w) != ["Set-up"] and reasons and "still to place" in reasons[0]
    said = "\n".join(w.feed.lines())
    assert "left unplaced, never to enter play: pool axis: 29 infantry, 14 mechanized" in said
    entry = w.session.log[-1]
    assert entry.override.startswith("we play a short game (overrides: ")


def test_a_new_or_opened_game_starts_in_its_own_mode(wm, tmp_path):
    # Advisory mode chosen for one game does not carry into the next: File > New game starts in
    # strict mode; a game saved in advisory mode opens in advisory mode
    w, xt = wm
    w.mode.set("advisory")
    w.mode_changed()
    out = tmp_path / "advisory.toml"
    w.files.ask_save_path = lambda: str(out)
    keys(w, xt, "Control_L", "s")
    assert out.exists() and 'mode = "advisory"' in out.read_text(encoding="utf-8")
    new_game(w, xt, "fall_of_germany")
    assert w.mode.get() == "strict" and not w.advisory
    w.files.ask_open_path = lambda: str(out)
    keys(w, xt, "Control_L", "o")
    assert w.path is not None and w.path.name == "advisory.toml"
    assert w.mode.get() == "advisory" and w.advisory
