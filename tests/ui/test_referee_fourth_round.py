"""The referee's evening, fourth round (issue 33): what a referee hit in the window, played under a
real window manager (twm, the ``wm_tk`` fixture) with real keys and clicks where the window
manager, grabs or focus take part (XTEST), as tests/ui/test_referee_behaves.py does."""

from __future__ import annotations

import time

import pytest

from mapref.paths import shipped_scenario
from mapref.ui.referee import RefereeWindow, load_for_play
from mapref.ui.referee.window import menu_labels
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


def test_the_set_up_refusal_names_the_windows_own_way_to_place_the_rest(wm):
    # acceptance (issue 33): the refusal a referee reads in the window named only the command
    # line's "place --auto"; it names the Game menu's entry that places the rest, which exists
    w, xt = wm
    new_game(w, xt, "fall_of_germany")
    w.ask_confirm = lambda title, text: True
    keys(w, xt, "Control_L", "Return")
    refusal = w.feed.lines()[-1]
    assert "the set-up is not finished" in refusal.lower()
    entry = "Place the remaining set-up pools automatically"
    assert f"Game > {entry}" in refusal and f"Game > {entry}" in w.track.preview_var.get()
    assert entry in menu_labels(w.game_menu)


def test_pools_left_when_the_set_up_ended_are_no_longer_offered_to_place(wm):
    # acceptance (issue 33): advisory mode ended the set-up with pools left, "never to enter
    # play" (rulings R70); the Pools tab still listed them "to place" and invited a drag that
    # every step refuses.  After the set-up nothing is offered to place
    w, xt = wm
    new_game(w, xt, "fall_of_germany")
    w.mode.set("advisory")
    w.mode_changed()
    w.ask_override = lambda action, refusal: "we play a short game"
    keys(w, xt, "Control_L", "Return")
    assert current(w) != ["Set-up"]
    assert "left unplaced, never to enter play" in "\n".join(w.feed.lines())
    assert w.side.pool_rows() == [("no set-up pools to place", "")]
    assert w.session.ruleset.pools(w.session.game) == []


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


def the_dialog(root):
    """The dialog now shown over ``root`` (a Toplevel of it, mapped)."""
    import tkinter as tk

    return next(t for t in root.winfo_children() if isinstance(t, tk.Toplevel) and t.winfo_viewable())


def run_in_dialog(root, steps, delay=400):
    """Run ``steps`` one after another, ``delay`` ms apart, while a modal dialog waits; the errors
    they raised are returned afterwards."""
    errors = []

    def step(i):
        if i >= len(steps):
            return
        try:
            steps[i]()
        except Exception as e:
            errors.append(e)
            return
        root.after(delay, step, i + 1)

    root.after(delay, step, 0)
    return errors


# ------------------------------------------------------------------------- set-up pools
def pool_row_xy(w, row):
    t = w.side.pool_tree
    w.side.notebook.select(w.side.pools_tab)
    settle(w.root, 3)
    x, y, width, h = t.bbox(row)
    return t.winfo_rootx() + x + 12, t.winfo_rooty() + y + h // 2


def real_pool_drag(w, xt, row, space):
    """A real drag (XTEST) of a pool's row onto ``space``, in fifteen steps across the board."""
    from tests.ui.events import xy

    c = w.canvas
    sx, sy = pool_row_xy(w, row)
    tx, ty = xy(w, space)
    tx, ty = c.winfo_rootx() + tx, c.winfo_rooty() + ty
    xt.move(sx, sy)
    settle(w.root, 3)
    xt.t.XTestFakeButtonEvent(xt.d, 1, 1, 0)
    xt._sync()
    for i in range(1, 16):
        xt.move(sx + (tx - sx) * i // 15, sy + (ty - sy) * i // 15)
        settle(w.root, 1)
    xt.t.XTestFakeButtonEvent(xt.d, 1, 0, 0)
    xt._sync()
    settle(w.root)


def yellow_pixels(img) -> int:
    """Pixels of the selection's yellow (the dragged counter's edge) in a screenshot."""
    from mapref.render.pieces import SELECTED

    import numpy as np

    rgb = [int(SELECTED[i : i + 2], 16) for i in (1, 3, 5)]
    return int((np.asarray(img.convert("RGB")) == rgb).all(axis=2).sum())


def test_a_pool_dropped_where_it_may_not_go_is_refused_at_the_drop_and_leaves_no_trace(wm, tmp_path):
    # the status bar already says "outside where it may be placed" while dragging; the drop is
    # refused with the rule, no "how many" asked; the dragged counter leaves nothing on the map
    from mapref.ui import screenshot

    w, xt = wm
    new_game(w, xt, "fall_of_germany")
    asked = []
    w.ask_form = lambda title, fields, note: asked.append(title) or None
    before = yellow_pixels(screenshot(w.canvas, tmp_path / "before.png"))
    real_pool_drag(w, xt, "axis", "Q17")
    assert asked == []
    assert w.feed.lines()[-1].startswith("Cannot place in Q17: Q17 is outside the area where pool axis may be placed")
    assert w.side.pool_rows()[0][1] == "29 infantry, 14 mechanized"
    w.refresh(force=True)
    settle(w.root)
    after = yellow_pixels(screenshot(w.canvas, tmp_path / "after.png"))
    assert after == before, (before, after)  # no fragment of the dragged counter's edge is left
    # where it may go, the form is asked as before
    real_pool_drag(w, xt, "axis", "P10")
    assert asked == ["Place from pool axis in P10"]


# ------------------------------------------------------------------------- the side panel
def test_the_violations_tab_wraps_long_violations(laptop_tk):
    # The Fall of Germany's set-up: three pools unplaced, each violation a long line; every word
    # of each is on the screen, wrapped to the panel, and a click on one shows it
    w = RefereeWindow(laptop_tk, load_for_play(None), quiet=True)
    w.files.new_game(shipped_scenario("fall_of_germany"), auto_place=False)
    settle(laptop_tk)
    nb = w.side.notebook
    nb.select(w.side.violations_tab)
    settle(laptop_tk)
    t = w.side.violations
    lines = w.side.violation_lines()
    assert len(lines) == 3 and all("still has" in x for x in lines)
    assert t.xview() == (0.0, 1.0)  # nothing cut off at the right
    shown = t.count("1.0", "end", "displaylines")
    shown = shown[0] if isinstance(shown, tuple) else shown
    assert shown > len(lines)  # wrapped
    last = t.bbox("3.end - 1c")  # the last character of the last violation is on the screen
    assert last is not None and last[0] + last[2] <= t.winfo_width()
    x, y, _w, _h = t.bbox("2.0")
    t.event_generate("<ButtonRelease-1>", x=x + 5, y=y + 3)
    settle(laptop_tk)
    assert t.tag_ranges("chosen") and str(t.tag_ranges("chosen")[0]) == "2.0"


# ------------------------------------------------------------------------------- Help
def test_help_shows_the_guide_rendered_with_its_pictures(wm, tmp_path):
    # Help > The referee's guide: headings, lists and emphasis as such, no Markdown marks, and the
    # pictures the guide shows
    from mapref.ui import screenshot

    w, xt = wm
    keys(w, xt, "F1")
    top = w._help
    assert top.winfo_viewable()
    w.help_tabs.select(1)
    settle(w.root)
    t = w.guide_text
    text = t.get("1.0", "end")
    assert text.startswith("An evening as referee\n")
    assert "## " not in text and "![" not in text and "**" not in text and "](" not in text
    assert "h1" in t.tag_names("1.0") and "h2" in t.tag_names(t.search("The window", "1.0"))
    bold = t.search("The turn track", "1.0")
    assert "bold" in t.tag_names(bold) and "item" in t.tag_names(bold)
    end = time.monotonic() + 30  # the pictures are read just after the text, one by one
    while len(t.image_names()) < 16 and time.monotonic() < end:
        settle(w.root, 2)
    assert len(t.image_names()) == 16  # the guide's pictures
    first = t.index("picture1")
    assert "picture" in t.tag_names(first) and t.get(f"{first} + 1c") == "\n"  # on a line of its own
    caption = t.search("The referee's window: turn track", first)
    assert caption and "caption" in t.tag_names(caption)
    img = screenshot(top, tmp_path / "guide.png")
    assert img.size[0] > 600


# -------------------------------------------------------------------------- dialogs
def test_the_new_game_box_shows_whole_scenario_names(wm):
    import tkinter.font as tkfont

    from mapref.ui.referee.files import scenario_choices

    w, xt = wm
    longest = max(scenario_choices(), key=len)
    seen = {}

    def look():
        d = the_dialog(w.root)
        combo = d.fields["scenario"]
        font = tkfont.nametofont(str(combo.cget("font")) or "TkTextFont")
        seen["fits"] = font.measure(longest) <= combo.winfo_width() - 20
        seen["width"] = (font.measure(longest), combo.winfo_width())
        d.cancel()

    errors = run_in_dialog(w.root, [look])
    w.files.ask_and_start_new()
    assert errors == [] and seen["fits"], seen


def test_export_dialogs_start_in_the_games_folder(wm, tmp_path):
    # File > Export position as PNG... of a game saved in a folder: the file dialog opens there
    w, xt = wm
    game = tmp_path / "evening" / "g.toml"
    game.parent.mkdir()
    w.files.ask_save_path = lambda: str(game)
    keys(w, xt, "Control_L", "s")
    assert game.exists()
    seen = {}

    def look():
        seen["dir"] = w.root.tk.eval("set ::tk::dialog::file::__tk_filedialog(selectPath)")
        xt.key("Escape")

    errors = run_in_dialog(w.root, [look], delay=700)
    keys(w, xt, "Control_L", "e")
    assert errors == [] and seen["dir"] == str(game.parent.resolve()), seen


# ------------------------------------------------------------------- what a game offers
@pytest.mark.parametrize("scenario", ["three_fronts", "aa_house_rules"])
def test_a_game_without_supply_offers_no_supply_view(wm, scenario):
    w, xt = wm
    assert "Supply view" in menu_labels(w.view_menu) and w.track.supply_check.winfo_ismapped()
    new_game(w, xt, scenario)
    assert "Supply view" not in menu_labels(w.view_menu)
    assert not w.track.supply_check.winfo_ismapped()
    assert "supply line" not in w.side.info_text.get("1.0", "end")
    keys(w, xt, "s")
    assert not w.supply_on.get() and "traces no supply" in w.status.get()
    new_game(w, xt, "struggle_for_europe")  # and back: a game that traces supply offers it again
    assert "Supply view" in menu_labels(w.view_menu) and w.track.supply_check.winfo_ismapped()


def test_edit_the_map_opens_the_games_own_map_file(wm, tmp_path):
    # File > Edit the map: the map the game is played on, by its file (not "untitled"); Save As
    # starts beside it
    from mapref.paths import shipped_map

    w, xt = wm
    ed = w.edit_map()
    settle(w.root)
    assert ed.path == shipped_map("hitlers_war").resolve()
    assert ed.root.title().startswith("hitlers_war.toml")
    ed.root.destroy()
    # a game beside its own copy of the map
    text = shipped_map("hitlers_war").read_text(encoding="utf-8")
    (tmp_path / "mine.toml").write_text(text, encoding="utf-8")
    from mapref.rules.files import new_game as make

    g = make(shipped_scenario("barbarossa"), scenario_ref="barbarossa", map_ref="mine.toml")
    from mapref.rules.files import save_game

    save_game(g, tmp_path / "g.toml")
    w.files.ask_open_path = lambda: str(tmp_path / "g.toml")
    keys(w, xt, "Control_L", "o")
    ed = w.edit_map()
    settle(w.root)
    assert ed.path == (tmp_path / "mine.toml").resolve()
    ed.root.destroy()


# ------------------------------------------------------------------ the area inspector
def test_the_area_inspector_has_a_production_field(wm_tk, tmp_path):
    # a location's production (attrs.production, what area control reads) has its own field:
    # typed there, saved, undone; no longer typed into Attributes by hand
    import tomllib

    from mapref.ui.area_editor import AreaEditor
    from tests.ui.test_area_editor import SAMPLE

    path = tmp_path / "m.toml"
    path.write_text(SAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    ed = AreaEditor(wm_tk, path, quiet=True)
    settle(wm_tk)
    lid = next(iter(ed.model.locations))
    ed.select("location", lid)
    settle(wm_tk)
    ins = ed.inspector
    label, field = ins.rows["location"]["production"]
    assert label.cget("text") == "Production" and field.winfo_ismapped()
    ins.vars["location"]["production"].set("3")
    ins.commit("location", "production")
    settle(wm_tk, 3)
    assert ed.model.locations[lid].attrs["production"] == 3
    assert "production" in ins.vars["location"]["attrs"].get()
    ed.files.save()
    settle(wm_tk, 3)
    assert tomllib.loads(path.read_text(encoding="utf-8"))["locations"][lid]["attrs"]["production"] == 3
    ed.undo()
    settle(wm_tk, 3)
    assert "production" not in ed.model.locations[lid].attrs and ins.vars["location"]["production"].get() == "0"
