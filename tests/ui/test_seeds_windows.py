"""The referee's window on the games of issue 16: the front-token game's three fronts drawn as
rows of tokens (shared/seeds/001) and the Victory Point Check panel of the Hitler's War variant
(shared/seeds/003)."""

import os
from pathlib import Path

import pytest
import tkinter as tk
from PIL import ImageGrab

from mapref.rules.ruleset import Action
from mapref.ui.referee import RefereeWindow, load_for_play
from tests.helpers import mapref
from tests.ui.events import end_step

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def root():
    r = tk.Tk()
    yield r
    r.destroy()


def fronts_window(root):
    w = RefereeWindow(root, load_for_play(ROOT / "scenarios" / "three_fronts.toml"), quiet=True)
    root.update()
    w.canvas.fit()
    root.update()
    return w


def token_sides(w, front):
    c = w.canvas
    out = []
    for i in sorted(c.find_withtag("token")):
        tags = c.gettags(i)
        if any(t.startswith(f"token:{front}:") for t in tags):
            out.append(next(t for t in tags if t.startswith("side:"))[5:])
    return out


def test_the_fronts_open_in_the_referee_s_window_with_tokens_year_and_phase(root):
    w = fronts_window(root)
    c = w.canvas
    assert c.kind == "tracks"
    assert c.itemcget(c.find_withtag("title")[0], "text") == "Three Fronts, 1939-1945: 1939, History Phase"
    assert sorted(token_sides(w, "west")) == ["allies", "allies", "germans", "germans"]
    cur = c.find_withtag("current-turn")
    assert len(cur) == 1 and "turn:1939" in c.gettags(cur[0])
    assert "step:history" in c.gettags(c.find_withtag("current-step")[0])
    # the tokens are drawn in the sides' colours
    x, y = c.winfo_rootx(), c.winfo_rooty()
    shot = ImageGrab.grab(
        bbox=(x, y, x + c.winfo_width(), y + c.winfo_height()), xdisplay=os.environ["DISPLAY"]
    ).convert("RGB")
    ox0, oy0, ox1, oy1 = c.coords([i for i in c.find_withtag("token") if "token:west:0" in c.gettags(i)][0])
    assert shot.getpixel((int((ox0 + ox1) / 2) + 10, int((oy0 + oy1) / 2) + 10)) == (
        0x2F,
        0x5F,
        0xB0,
    )  # an Allied token
    assert "Draw table (this year)" in w.side.panel_text and "germans: 6 = 6 for 1939" in w.side.panel_text[
        "Draw table (this year)"
    ].get("1.0", "end")


def test_a_battle_from_the_right_click_menu_moves_a_token(root):
    w = fronts_window(root)
    for _ in range(3):
        end_step(w)
    c = w.canvas
    assert "step:west" in c.gettags(c.find_withtag("current-step")[0])  # 1939: West Front Only
    assert "track:west" in c.gettags(c.find_withtag("current-track")[0])
    row = next(r for r in c._rows if r[0] == "west")
    space = w.canvas.space_at(100, (row[1] + row[2]) / 2)
    assert space == "west"
    items = w.controller.menu_at(space)
    assert [i.label for i in items] == ["Fight the West Front battle..."]
    w.ask_form = lambda title, fields, note: {"germans": "Guderian, Panzer Divisions", "allies": "Churchill L 2 A"}
    assert w.controller.invoke(items[0])
    assert sorted(token_sides(w, "west")) == ["allies", "germans", "germans", "germans"]
    assert "take one West Front token" in w.status.get()
    assert c.itemcget(c.find_withtag("title")[0], "text") == "Three Fronts, 1939-1945: 1940, History Phase"
    # an illegal stack is refused in the status bar, nothing changes
    w.undo()
    w.ask_form = lambda title, fields, note: {"germans": "Guderian, Manstein", "allies": ""}
    assert not w.controller.invoke(w.controller.menu_at("west")[0])
    assert "2 Leader cards" in w.status.get() and sorted(token_sides(w, "west")) == [
        "allies",
        "allies",
        "germans",
        "germans",
    ]


def test_the_victory_point_check_panel_lists_every_strategic_hex_and_why(root):
    w = RefereeWindow(root, load_for_play(ROOT / "scenarios" / "war_for_europe_vp.toml"), quiet=True)
    root.update()
    end_step(w)
    assert w.act(Action("vp-set", {"country": "fr", "remove_marker": ["appeasement"]})).ok
    for h in ("T10", "O9"):
        assert w.act(Action("set", {"space": h, "control": "axis"})).ok
    assert w.act(Action("vp-check", {})).ok
    text = w.side.panel_text["Victory Point Check"].get("1.0", "end")
    assert text.startswith("Current Strategic Value now: +1 -> 0 box, Allied Crusade")
    assert "VP marker: 0 box, Allied Crusade (check of winter 1939: +1)" in text
    assert "+ Oslo T10 (Western): held by axis: a Western Strategic Hex under Axis control (0.1.1 step 1)" in text
    assert "- Nancy (Metz) N8 (Axis): held by allies: an Axis Strategic Hex under Allied control (0.1.1 step 2)" in text
    assert "Not counted (29):" in text and "Madrid J5 (Axis): held by no side" in text


@pytest.mark.parametrize(
    "scenario,title",
    [
        ("three_fronts", "Three Fronts, 1939-1945 (new game) - mapref referee"),
        (
            "aa_house_rules",
            "Axis & Allies house rules: victory cities, capitals and neutral blocks (new game) - mapref referee",
        ),
    ],
)
def test_mapref_opens_the_new_scenarios_in_the_referee_s_window(tmp_path, scenario, title):
    r = mapref(ROOT / "scenarios" / f"{scenario}.toml", cwd=tmp_path, env={"MAPREF_EXIT_AFTER_MS": "300"})
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == f"window: {title}"
