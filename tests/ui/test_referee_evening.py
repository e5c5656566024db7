"""A referee's evening in the window (issue 13, "Done when"): the first turn of Barbarossa played
with synthetic mouse and keyboard events only, from File > New game to saving and reopening the
same position.  Barbarossa's set-up places every army itself (it has no set-up pools): placing
from a pool is played on The Fall of Germany's set-up in tests/ui/test_referee_window.py.

Axis turn: End step out of set-up; a drag that moves Army Group South (the counter follows the
mouse, its reach lit); a refused drag into the Soviet Union (strict mode: the reason and rule in
the messages panel); Army Group North's supply line; the combat steps; Army Group Centre's
advance into P14 from the right-click menu (the defender retreats, P14 takes the Axis colour)
and the losses of the NW Army Group; a build in Berlin.  Soviet turn: the Siberian army moved
against Barbarossa special rule 3 in advisory mode, the override logged with its reason; the
supply view; the Soviet steps ended.  Then Ctrl+S and the game reopened in a new window.
"""

import re
import tkinter as tk

from mapref.paths import shipped_scenario
from mapref.rules.files import load_game
from mapref.ui import screenshot
from mapref.ui.referee import RefereeWindow, load_for_play
from tests.ui.events import click, drag, key, xy


def menu_invoke(w, space, label):
    click(w, space, button=3)
    m = w.controller.context_menu
    labels = [m.entrycget(i, "label") for i in range(m.index("end") + 1)]
    assert label in labels, labels
    i = labels.index(label)
    assert m.entrycget(i, "state") == "normal"
    m.invoke(i)
    w.root.update()


def end_step(w):
    w.track.end_button.invoke()
    w.root.update()


def current(w):
    return [label for label, cur in w.track.steps() if cur]


def test_the_first_turn_of_barbarossa_in_the_window(tmp_path):
    root = tk.Tk()
    w = RefereeWindow(root, load_for_play(None), quiet=True)
    try:
        root.update()
        confirmations = []
        w.ask_confirm = lambda title, text: confirmations.append(text) or True
        w.files.ask_new_game = lambda: (shipped_scenario("barbarossa"), False)
        w.files.ask_save_changes = lambda what: False
        # File > New game...
        w.root.event_generate("<Control-n>")
        root.update()
        assert w.root.title() == "Barbarossa (new game) - mapref referee"
        assert w.side.pool_rows() == [("no set-up pools to place", "")]
        assert current(w) == ["Set-up"] and w.session.report().violations == []
        end_step(w)
        assert current(w) == ["Movement"] and w.track.turn_var.get() == "Barbarossa: Summer 1941, axis movement"

        # ---- Axis movement: a legal drag, its reach lit while dragging
        click(w, "N13")
        assert w.selected == "army:Army Group South"
        lit = drag(w, "N13", "M13")
        assert "M13" in lit and "O15" not in lit
        assert w.state.army("Army Group South").at == "M13"
        # a refused drag (strict mode): the reason and the rule in the messages panel, nothing moved
        click(w, "Q13")
        drag(w, "Q13", "R14")
        assert w.state.army("Army Group North").at == "Q13"
        refusal = w.feed.lines()[-1]
        assert refusal.startswith("Illegal move Q13 -> R14") and refusal.endswith("[Movement 2]")
        # Army Group North's supply line, drawn to Berlin
        click(w, "Q13")
        line = w.canvas.find_withtag("supply-path")
        assert len(line) == 1 and w.selected_piece().supply_path[-1] == "P10"
        assert "In supply: Q13" in w.side.info_text.get("1.0", "end")

        # ---- Axis combat: to the advances
        for step in ("Determine supply", "Announce attacks", "Defensive assaults", "Initial assaults", "Advances"):
            end_step(w)
            assert current(w) == [step]
        click(w, "O14")
        assert w.selected == "army:Army Group Centre"
        w.ask_choice = lambda ask: "P15" if "P15" in ask.options else ask.options[0]
        menu_invoke(w, "P14", "Advance succeeded (capture)")
        st = w.state
        assert st.army("Army Group Centre").at == "P14" and st.army("Western Military District").at == "P15"
        assert st.hex("P14").control == "axis" and w.canvas.held.get("P14") == "axis"
        assert "P14 becomes axis" in "\n".join(w.feed.lines())
        w.ask_form = lambda title, fields, note: {"points.infantry": "1"}
        menu_invoke(w, "Q14", "Record losses...")
        assert st.army("NW Army Group").points["infantry"] == 2
        end_step(w)  # -> exploitation
        assert current(w) == ["Exploitation"]
        preview = w.track.preview_var.get()
        end_step(w)  # -> build (what it did was previewed; asked only when it does something)
        assert current(w) == ["Build"]
        assert bool(confirmations) == preview.startswith("Ending this step: ")

        # ---- Axis production: a build in Berlin
        w.ask_form = lambda title, fields, note: {"mechanized": "2"}
        menu_invoke(w, "P10", "Build here...")
        built = next(a for a in st.armies if a.at == "P10")
        assert built.points["mechanized"] == 2 and "spend 10" in "\n".join(w.feed.lines()[-3:])
        end_step(w)  # -> repair
        end_step(w)  # -> the Soviet movement
        assert w.track.turn_var.get() == "Barbarossa: Summer 1941, soviet movement"

        # ---- Soviet movement: the Siberian army moved against the rules, in advisory mode
        click(w, "T15")
        drag(w, "T15", "S15")  # Leningrad's army, a legal move
        assert st.army("Leningrad").at == "S15"
        w.mode.set("advisory")
        w.mode_changed()
        reasons = []
        w.ask_override = lambda action, refusal: reasons.append(refusal) or "house rule: the Siberians entrain at once"
        w.canvas.fit()
        root.update()
        c = w.canvas
        r = next(c.coords(i) for i in c.find_withtag("piece:army:Siberian Army") if c.type(i) == "rectangle")
        sx, sy = int((r[0] + r[2]) / 2 - c.canvasx(0)), int((r[1] + r[3]) / 2 - c.canvasy(0))
        tx, ty = xy(w, "Q21")
        c.event_generate("<Motion>", x=sx, y=sy)
        c.event_generate("<ButtonPress-1>", x=sx, y=sy, button=1)
        assert w.selected == "army:Siberian Army"
        for i in range(1, 5):
            c.event_generate("<B1-Motion>", x=sx + (tx - sx) * i // 4, y=sy + (ty - sy) * i // 4, state=0x100)
        c.event_generate("<ButtonRelease-1>", x=tx, y=ty, button=1, state=0x100)
        root.update()
        assert reasons and "Barbarossa special rule 3" in reasons[0]
        assert st.army("Siberian Army").at == "Q21"
        e = w.session.log[-1]
        assert (
            e.override.startswith("house rule: the Siberians entrain at once")
            and "Barbarossa special rule 3" in e.override
        )
        assert any("AGAINST THE RULES: house rule" in ln for ln in w.feed.lines())
        w.mode.set("strict")
        w.mode_changed()
        # the supply view: every side's supplied territory, every unsupplied army ringed
        key(w, "<KeyPress-s>")
        assert w.supply_on.get() and w.canvas.find_withtag("supplied:soviet")
        screenshot(root, tmp_path / "supply-view.png")
        key(w, "<KeyPress-s>")
        # ---- the Soviet steps, to the next turn
        for _ in range(9):
            end_step(w)
        assert w.track.turn_var.get() == "Barbarossa: Winter 1941, axis movement"

        # ---- save (Ctrl+S asks where, a new game) and reopen the same position
        out = tmp_path / "evening.toml"
        w.files.ask_save_path = lambda: str(out)
        key(w, "<Control-s>")
        assert w.root.title() == "evening.toml - mapref referee" and out.exists()
        saved_state = w.session.state_data()
        saved_log = [ln for ln in w.feed.lines() if re.match(r"\d+\. ", ln)]
        n = len(w.session.log)
    finally:
        root.destroy()

    game = load_game(out)
    assert len(game.log) == n and game.ruleset.state_data(game.state) == saved_state
    root = tk.Tk()
    try:
        w2 = RefereeWindow(root, load_for_play(out, journal=True), quiet=True)
        root.update()
        assert w2.root.title() == "evening.toml - mapref referee"
        assert w2.session.state_data() == saved_state
        assert [ln for ln in w2.feed.lines() if re.match(r"\d+\. ", ln)] == saved_log and len(saved_log) == n
        assert w2.track.turn_var.get() == "Barbarossa: Winter 1941, axis movement"
        assert w2.state.army("Army Group Centre").at == "P14" and w2.canvas.held.get("P14") == "axis"
        assert w2.edit_menu.entrycget(0, "label").startswith("Undo end of soviet")
    finally:
        root.destroy()
