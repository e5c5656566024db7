"""The Game menu stands when a refresh finds the same entries as before (issue 34: the drop to
settled; a move seldom changes them); after ends of steps, moves, undos and the mode changed it
is the menu made again from nothing."""

import random
from pathlib import Path

import pytest

from mapref.rules.ruleset import Action
from mapref.ui.referee import RefereeWindow, load_for_play

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"


def entries(m) -> list[tuple]:
    """A menu's entries as shown: type, label, state; a submenu's after its own."""
    out: list[tuple] = []
    end = m.index("end")
    for i in range(end + 1 if end is not None else 0):
        kind = m.type(i)
        if kind == "separator":
            out.append((kind,))
            continue
        out.append((kind, m.entrycget(i, "label"), m.entrycget(i, "state")))
        if kind == "cascade":
            out.append(entries(m.nametowidget(m.entrycget(i, "menu"))))
    return out


@pytest.mark.parametrize("name", ["war_for_europe", "three_fronts"])  # (their Game menus change with the step)
def test_the_game_menu_kept_is_the_one_made_again(tk_root, name):
    win = RefereeWindow(tk_root, load_for_play(SCENARIOS / f"{name}.toml"), quiet=True)
    tk_root.update()
    rng = random.Random(34)
    s = win.session
    win.ask_override = lambda action, refusal: None  # (advisory mode: a refused move is not forced)
    win.ask_choice = lambda ask: None
    changed, last = 0, None
    for step in range(30):
        st, roll = s.state, rng.random()
        armies, side = getattr(st, "armies", []), getattr(st, "side", "")
        mine = [
            a for a in armies if getattr(a, "side", "") == side and not str(getattr(a, "at", "box:")).startswith("box:")
        ]
        if roll < 0.25 or not mine:
            win.end_step(confirm=False)
        elif roll < 0.35:
            win.undo()
        elif roll < 0.4:
            win.mode.set("advisory" if win.mode.get() == "strict" else "strict")
            win.refresh()
        else:
            a = rng.choice(mine)
            near = sorted(s.board.graph().neighbours(a.at, {"land"})) or [a.at]
            win.act(Action("move", {"from": a.at, "to": rng.choice(near)}))
            win.controller.flush()
        win.root.update()
        shown = entries(win.game_menu)
        changed += shown != last
        last = shown
        win._game_menu_shown = None  # made again from nothing
        win._update_game_menu()
        assert shown == entries(win.game_menu), f"step {step}"
    assert changed > 2  # (the menu changed on the way)
