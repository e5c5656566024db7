"""The referee's window fits and behaves (issue 21): sized from the screen; Ctrl+key never fires
the bare key's action; Escape and a click elsewhere close a right-click menu; dialogs take the
keyboard in their first field and say why OK is refused; number fields select their content;
Help (F1), About, zoom keys, go to a space (Ctrl+G) and find (Ctrl+F); the fit view fills the
board.  Keys and clicks that involve the window manager, grabs or focus are real ones (XTEST, on
a display with twm: the ``wm_tk`` fixture); the rest are synthetic events."""

from __future__ import annotations

import time
import tkinter as tk
from pathlib import Path

import pytest

from mapref.rules.ruleset import Action
from mapref.ui.referee import RefereeWindow, load_for_play
from tests.ui.events import answer_dialog, key
from tests.ui.xtest import XTest

ROOT = Path(__file__).resolve().parents[2]


def settle(root, n=10):
    for _ in range(n):
        root.update()
        time.sleep(0.03)


def window_on(root, scenario=None) -> RefereeWindow:
    w = RefereeWindow(root, load_for_play(ROOT / "scenarios" / f"{scenario}.toml" if scenario else None), quiet=True)
    settle(root)
    w.canvas.fit()
    settle(root, 3)
    return w


@pytest.fixture
def wm(wm_tk, wm_display):
    """The Barbarossa window on the window manager's display, and real input to it."""
    w = window_on(wm_tk)
    xt = XTest(wm_display)
    yield w, xt
    xt.close()


def over_board(w, xt):
    """The pointer over the board (which takes the keyboard as the pointer enters it)."""
    c = w.canvas
    xt.move(c.winfo_rootx() + c.winfo_width() // 2, c.winfo_rooty() + c.winfo_height() // 2)
    settle(w.root)
    w.root.focus_force()
    c.focus_set()
    settle(w.root)


def run_in_dialog(root, steps, delay=400):
    """Run ``steps`` (functions, one after another ``delay`` ms apart) while a modal dialog waits;
    the assertion errors they raise are returned afterwards."""
    errors = []

    def step(i):
        if i >= len(steps):
            return
        try:
            steps[i]()
        except Exception as e:  # reported by the test
            errors.append(e)
            for t in root.winfo_children():
                if isinstance(t, tk.Toplevel):
                    t.destroy()
            return
        root.after(delay, step, i + 1)

    root.after(delay, step, 0)
    return errors


def the_dialog(root) -> tk.Toplevel:
    return next(t for t in root.winfo_children() if isinstance(t, tk.Toplevel) and t.winfo_viewable())


# -------------------------------------------------------------------------- keys and menus
def test_ctrl_s_saves_and_never_toggles_the_supply_view(wm, tmp_path):
    w, xt = wm
    out = tmp_path / "g.toml"
    w.files.ask_save_path = lambda: str(out)
    over_board(w, xt)
    xt.key("Control_L", "s")
    settle(w.root)
    assert out.exists() and w.root.title() == "g.toml - mapref referee"
    assert not w.supply_on.get() and not w.canvas.find_withtag("supply-view")  # Ctrl+S is not S
    xt.key("s")
    settle(w.root)
    assert w.supply_on.get() and w.canvas.find_withtag("supply-view")  # S alone is the supply view
    zoom = w.canvas.zoom
    w.canvas.zoom_step(1.5)
    seen = []

    def find_dialog():
        d = the_dialog(w.root)
        seen.append(d.title())
        d.cancel()

    errors = run_in_dialog(w.root, [find_dialog])
    xt.key("Control_L", "f")  # Ctrl+F finds; F alone fits: nothing is fitted by Ctrl+F
    settle(w.root)
    assert errors == [] and seen == ["Find"] and w.canvas.zoom == pytest.approx(zoom * 1.5)


def test_escape_and_a_click_elsewhere_close_the_right_click_menu(wm):
    w, xt = wm
    c = w.canvas
    x, y = c.space_widget_xy("P14")
    xt.click(c.winfo_rootx() + x, c.winfo_rooty() + y, button=3)
    settle(w.root)
    m = w.controller.context_menu
    assert m is not None and m.winfo_ismapped()
    xt.key("Escape")
    settle(w.root)
    assert w.controller.context_menu is None or not w.controller.context_menu.winfo_ismapped()
    xt.click(c.winfo_rootx() + x, c.winfo_rooty() + y, button=3)
    settle(w.root)
    m = w.controller.context_menu
    assert m is not None and m.winfo_ismapped()
    xt.click(c.winfo_rootx() + x + 150, c.winfo_rooty() + y + 120)  # elsewhere on the board
    settle(w.root)
    assert not m.winfo_exists() or not m.winfo_ismapped()


def test_the_against_the_rules_dialog_takes_the_keyboard_and_wants_a_reason(wm):
    w, xt = wm
    w.ask_override = w._ask_override_dialog  # the real dialog
    w.mode.set("advisory")
    for _ in range(30):  # to the Soviet movement: the Siberian army may not move on the first turn
        if (w.state.phase, w.state.side) == ("movement", "soviet"):
            break
        w.end_step(confirm=False)
    assert (w.state.phase, w.state.side) == ("movement", "soviet")
    seen = {}

    def first():
        d = the_dialog(w.root)
        seen["focus"] = d.focus_get()
        seen["entry"] = next(iter(d.fields.values()))
        xt.key("Return")  # OK with no reason

    def second():
        d = the_dialog(w.root)
        seen["refusal"] = d.why.get()
        xt.type("house rule")
        xt.key("Return")

    errors = run_in_dialog(w.root, [first, second])
    out = w.act(Action("move", {"from": "box:siberia", "to": "Q21"}))
    assert errors == []
    assert seen["focus"] is seen["entry"]  # the reason field has the keyboard: letters never reach the map
    assert seen["refusal"].startswith("Give your reason")
    assert out.ok and w.session.log[-1].override.startswith("house rule (overrides: ")
    assert not w.supply_on.get()  # the "s" of "house" went to the field, not to the map


def test_number_fields_select_their_content_and_refuse_what_is_not_a_number(wm):
    w, xt = wm
    from mapref.rules.ruleset import Field
    from mapref.ui.referee.forms import form_field

    fields = [form_field(Field("points.infantry", "infantry", "int", 0, min=0, max=5))]
    seen = {}

    def first():
        xt.type("7")  # the 0 is selected: typing replaces it
        xt.key("Return")

    def second():
        seen["refusal"] = the_dialog(w.root).why.get()  # 7 is over the bound: OK says so
        xt.key("BackSpace")
        xt.type("2")
        xt.key("Return")

    errors = run_in_dialog(w.root, [first, second])
    values = w.ask_form("Losses", fields, "")
    assert errors == []
    assert seen["refusal"] == "infantry: at most 5"
    assert values == {"points.infantry": "2"}


# ----------------------------------------------------------------------- help and the view
def test_f1_help_lists_the_shortcuts_and_the_guide(win):
    key(win, "<F1>")
    top = win._help
    assert top.winfo_exists() and top.title() == "Help - mapref referee"
    rows = [
        win.help_tree.item(k, "values") for s in win.help_tree.get_children() for k in win.help_tree.get_children(s)
    ]
    keys = {r[0] for r in rows}
    assert {"Ctrl+S", "Ctrl+Z", "F1", "Ctrl+G", "Ctrl+F", "+", "-", "0 / F", "S", "Ctrl+Return"} <= keys
    assert win.help_tabs.tab(1, "text") == "The referee's guide"
    win.show_about()
    assert "mapref" in win.feed.lines()[-1]


def test_zoom_keys_and_fit(win):
    c = win.canvas
    fit = c.zoom
    key(win, "<KeyPress-plus>")
    assert c.zoom > fit
    key(win, "<KeyPress-minus>")
    key(win, "<KeyPress-minus>")
    assert c.zoom < fit
    key(win, "<KeyPress-0>")
    assert c.zoom == pytest.approx(fit)


def test_go_to_a_space_by_name_or_code_and_find_a_piece(win):
    answer_dialog(win.root, {"text": "moscow"})
    key(win, "<Control-g>")
    h = win.map.grid.parse("Q17")
    assert set(win.canvas.selection_items) == {h} and "Moscow" in win.status.get()
    assert win.goto("P10") == "P10" and win.goto("Berlin") == "P10" and win.goto("box:siberia") == "box:siberia"
    with pytest.raises(ValueError, match="no space called 'Atlantis'"):
        win.goto("Atlantis")
    answer_dialog(win.root, {"text": "Army Group"})
    key(win, "<Control-f>")
    n = len([p for p in win.pieces if "army group" in p.title.lower()])
    first = win.selected
    assert first.startswith("army:") and "Army Group" in first and f"(1 of {n})" in win.status.get()
    win.find("Army Group")
    assert win.selected != first and f"(2 of {n})" in win.status.get()


@pytest.mark.parametrize("scenario", ["barbarossa", "struggle_for_europe", "aa_house_rules"])
def test_the_fit_view_fills_the_board(scenario):
    root = tk.Tk()
    try:
        w = window_on(root, scenario)
        c = w.canvas
        c.fit()
        root.update()
        x0, y0, x1, y1 = c.bbox("all" if c.kind == "hex" else "loc")
        wx0, wy0 = c.canvasx(0), c.canvasy(0)
        fill_w, fill_h = (x1 - x0) / c.winfo_width(), (y1 - y0) / c.winfo_height()
        assert max(fill_w, fill_h) >= 0.9, (fill_w, fill_h)  # one way or the other, the map spans the board
        assert x0 >= wx0 - 2 and y0 >= wy0 - 2 and x1 <= wx0 + c.winfo_width() + 2 and y1 <= wy0 + c.winfo_height() + 2
    finally:
        root.destroy()


# --------------------------------------------------------------------- 1366x768, everything
def on_screen(t: tk.Misc) -> bool:
    t.update_idletasks()
    x, y, w, h = t.winfo_rootx(), t.winfo_rooty(), t.winfo_width(), t.winfo_height()
    return x >= 0 and y >= 0 and x + w <= 1366 and y + h <= 768 and w > 50 and h > 50


@pytest.mark.parametrize(
    "scenario", ["barbarossa", "war_for_europe_vp", "struggle_for_europe", "three_fronts", "aa_house_rules"]
)
def test_every_board_fits_a_1366x768_screen(laptop_tk, scenario):
    root = laptop_tk
    w = window_on(root, scenario)
    assert on_screen(root)
    for widget in (w.track.frame, w.track.end_button, w.canvas, w.side.notebook, w.feed.text, w.statusbar):
        assert widget.winfo_ismapped()
        x, y = widget.winfo_rootx(), widget.winfo_rooty()
        assert x + widget.winfo_width() <= root.winfo_rootx() + root.winfo_width() + 1
        assert y + widget.winfo_height() <= root.winfo_rooty() + root.winfo_height() + 1
    assert w.side.notebook.winfo_reqwidth() <= w.side.notebook.winfo_width() + 1  # every tab shows
    assert w.canvas.winfo_height() >= 380


def test_every_dialog_fits_a_1366x768_screen(laptop_tk):
    root = laptop_tk
    w = window_on(root, "barbarossa")
    from mapref.rules.ruleset import Ask

    seen = []

    def check_and_cancel():
        d = the_dialog(root)
        seen.append((d.title(), on_screen(d)))
        d.cancel() if hasattr(d, "cancel") else d.destroy()

    for ask in (
        lambda: w.files.ask_new_game(),
        lambda: w.ask_override(Action("move"), "the rules refuse it [Movement 2]"),
        lambda: w.ask_choice(Ask("retreat_to", "Western Military District retreats from P14 to", ["P15", "Q15"])),
        lambda: w.ask_text("Go to a space", "A space's name or code:", w.space_names()),
    ):
        root.after(300, check_and_cancel)
        ask()
    item = next(i for i in w.session.ruleset.game_menu(w.session.game) if i.label.startswith("Set a nation"))
    root.after(300, check_and_cancel)
    w.controller.invoke(item)
    help_top = w.show_help()
    seen.append((help_top.title(), on_screen(help_top)))
    assert [s for s in seen if not s[1]] == [] and len(seen) == 6
