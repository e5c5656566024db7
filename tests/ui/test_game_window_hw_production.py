"""The referee's window in the production phase and at the end of movement (issue 12): the
right-click menu's "Build here...", "Repair production here..." and "End movement, choosing the
points lost here..." ask their values in one form and act through the session."""

import tkinter as tk

import pytest

from mapref.ui.referee import RefereeWindow, load_for_play
from tests.ui.events import answer_dialog, end_step, menu_actions, move


@pytest.fixture
def win():
    root = tk.Tk()
    w = RefereeWindow(root, load_for_play(None), quiet=True)  # Barbarossa
    root.update()
    yield w
    root.destroy()


def advance_to(w, side, phase, subphase):
    for _ in range(60):
        st = w.state
        if (st.side, st.phase, st.subphase) == (side, phase, subphase):
            return
        end_step(w)
    raise AssertionError(f"never reached {side} {phase} {subphase}")


def entry(w, space, label):
    return next(f for lab, f in menu_actions(w, space) if lab == label)


def answer_form(w, values):
    """Answer the real form dialog from a timer (it is modal)."""
    answer_dialog(w.root, values)


def test_build_and_repair_from_the_right_click_menu(win):
    # Building strength points 2-4; Repairing devastated production 2-4
    advance_to(win, "axis", "production", "build")
    assert menu_actions(win, "L12") == []  # Yugoslav: the Axis builds only in German production hexes
    item = next(i for i in win.controller.menu_at("N11") if i.label == "Build here...")
    assert [f[0] for f in item.ask] == ["infantry", "mechanized"]
    assert "16 of 16 production left" in item.why and "infantry 2" in item.why and "mechanized 5" in item.why
    answer_form(win, {"infantry": "1", "mechanized": "2"})
    assert entry(win, "N11", "Build here...")()
    a = next(x for x in win.state.armies if x.at == "N11")
    assert a.points["infantry"] == 1 and a.points["mechanized"] == 2
    assert "a new army" in win.status.get()
    # too much: the reason and the rule in the status bar, nothing built
    win.ask_form = lambda title, fields, note: {"mechanized": "2"}
    assert not entry(win, "N11", "Build here...")()
    assert "have 4 of 16" in win.status.get() and "[Building strength points 3" in win.status.get()
    end_step(win)  # -> repair
    assert win.state.subphase == "repair"
    win.ask_form = lambda title, fields, note: {"points": "1"}
    assert entry(win, "L12", "Repair production here...")()
    assert win.state.hex("L12").devastated == 0 and "repaired in L12" in win.status.get()
    win.undo()
    assert win.state.hex("L12").devastated == 1


def test_the_owner_chooses_the_points_lost_to_over_stacking_in_the_window(win):
    # Stacking 3: "they must eliminate strength points of their choice"
    advance_to(win, "axis", "movement", "")
    assert move(win, "O14", "Q13")  # Army Group Centre (2-8) into Army Group North's hex (5-5)
    item = next(i for i in win.controller.menu_at("Q13") if i.label.startswith("End movement"))
    assert item.label == "End movement, choosing the 10 points lost here..." and item.enabled
    win.ask_form = lambda title, fields, note: {"mechanized": "10"}
    assert entry(win, "Q13", item.label)()
    armies = [a for a in win.state.armies if a.at == "Q13"]
    assert len(armies) == 1 and armies[0].points == {**armies[0].points, "infantry": 7, "mechanized": 3}
    assert win.state.phase == "combat"
