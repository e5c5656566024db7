"""The referee's window, Hitler's War (issue 23): the Game menu offers what the command line had
and the window lacked -- a naval battle (`mapref naval`), the surrenders the rules offer with the
Soviet refusal (`mapref surrender [--refused]`), home forces -- and the right-click menu splits a
fleet; an invader's losses are checked without a flag the window does not have (rulings R56)."""

import tkinter as tk
from pathlib import Path

import pytest

from mapref.rules.ruleset import Action
from mapref.rulesets.hitlers_war.state import Fleet, HexState
from mapref.ui.referee import RefereeWindow, load_for_play
from tests.ui.events import end_step

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def wfe():
    root = tk.Tk()
    w = RefereeWindow(root, load_for_play(ROOT / "scenarios" / "war_for_europe.toml"), quiet=True)
    root.update()
    yield w
    root.destroy()


def _advance_to(w, side, phase, subphase):
    for _ in range(80):
        st = w.state
        if (st.side, st.phase, st.subphase) == (side, phase, subphase):
            return
        if (st.side, st.phase, st.subphase) == ("allies", "production", "build"):
            w.session.apply(Action("build", {"space": "N8", "points": {"infantry": 3}}))  # France 2
        end_step(w)
    raise AssertionError(f"never reached {side} {phase} {subphase}")


def _game_menu(w, label_start, values):
    """Invoke the Game menu entry (or its submenus') whose label starts so, answering its form with
    ``values``."""
    w.ask_form = lambda title, fields, note="": values
    w.refresh()

    def find(m):
        for i in range(m.index("end") + 1):
            if m.type(i) == "cascade":
                got = find(w.root.nametowidget(m.entrycget(i, "menu")))
                if got is not None:
                    return got
            elif m.type(i) == "command" and m.entrycget(i, "label").startswith(label_start):
                return m, i
        return None

    m, i = find(w.game_menu)
    assert m.entrycget(i, "state") == "normal", m.entrycget(i, "label")
    m.invoke(i)
    w.root.update()


def test_surrenders_offered_applied_and_refused_from_the_game_menu(wfe):
    # Surrender, France 1 (offered once the Axis holds Paris) and Soviet Union 1, 4: the Axis may
    # refuse a Soviet morale surrender, which is then never offered again
    assert not any(lab.startswith("Apply the surrender") for lab in wfe.game_menu_labels())
    wfe.session.game.state.hexes["N7"] = HexState(control="axis", occupied=True)
    wfe.session.game.state.sides["soviet"].morale = 0
    wfe.session.invalidate()
    wfe.refresh()
    labels = wfe.game_menu_labels()
    assert any(lab.startswith("Apply the surrender of France") for lab in labels), labels
    assert "Refuse the Soviet surrender (never offered again)" in labels
    _game_menu(wfe, "Apply the surrender of France", {"free_french": "2"})
    assert wfe.state.nations["fr"].status == "surrendered"
    assert wfe.state.army("Free French Army").points["infantry"] == 2
    _game_menu(wfe, "Refuse the Soviet surrender", {})
    assert wfe.state.sides["soviet"].surrender_refused
    assert not any("Soviet" in lab for lab in wfe.game_menu_labels())


def test_a_naval_battle_and_a_fleet_split_in_the_window(wfe):
    # Naval battle resolution 3-4 (rulings R59) from the Game menu; Fleet strength points 5
    # (rulings R64) from the right-click menu with a fleet selected
    _advance_to(wfe, "allies", "movement", "naval")
    home = next(f for f in wfe.state.fleets if f.name == "British Fleet").at
    # right-click at the fleet's port (the window selects armies, not fleets): where, and how many
    item = next(
        i
        for i in wfe.session.ruleset.menu(wfe.session.game, home, None)
        if i.label.startswith("Move ship points of British Fleet")
    )
    assert item.enabled and [f.key for f in item.ask] == ["to", "ships"]
    wfe.ask_form = lambda title, fields, note="": {"to": "P4", "ships": "3"}
    assert wfe.controller.invoke(item)
    assert sorted((f.at, f.capital) for f in wfe.state.fleets if f.nation == "gb") == sorted([(home, 5), ("P4", 3)])
    raider = Fleet("Raider", "axis", "ge", "P3", False, 2)
    wfe.session.game.state.fleets.append(raider)
    wfe.session.invalidate()
    _advance_to(wfe, "allies", "combat", "amphibious")
    mine = next(f.name for f in wfe.state.fleets if f.at == "P4")
    _game_menu(
        wfe,
        "Record a naval battle",
        {"attacker": mine, "defender": "Raider", "attacker_losses": "0", "defender_losses": "2"},
    )
    assert not any(f.name == "Raider" for f in wfe.state.fleets)
