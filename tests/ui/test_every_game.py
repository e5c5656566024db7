"""Every shipped scenario in the one referee's window, through the application's real ways in.

For each scenario: ``mapref FILE`` (mapref.cli.main, which runs the window's event loop: the
window is handed to the test by :data:`mapref.ui.referee.opened` and the loop left) opens the
board its ruleset declares; one legal action is played through the window's own menus and one
refused one is seen greyed there, with its rule; the game is saved with File > Save and opened
again with ``mapref FILE``: the same position, on the same board.  Then File > New game, through
the menu and its real dialog, starts every shipped scenario, listed by name with its game; and
File > Open recent opens a game again.
"""

from __future__ import annotations

import tkinter as tk
from pathlib import Path

import pytest

import mapref.ui.referee as referee
from mapref.cli import main
from tests.ui.events import answer_dialog, menu_foot, menu_labels

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = (
    "barbarossa",
    "fall_of_germany",
    "war_for_europe",
    "war_for_europe_vp",
    "struggle_for_europe",
    "three_fronts",
    "aa_house_rules",
)


def by_mapref(path) -> referee.RefereeWindow:
    """``mapref FILE`` (``mapref`` with None): the window it opened, its event loop left."""
    got = []

    def hook(w):
        got.append(w)
        w.quiet = True  # an error is told in the messages panel, not in a modal box the test cannot close
        w.root.after(400, w.root.quit)

    referee.opened.append(hook)
    try:
        assert main([str(path)] if path is not None else []) == 0
    finally:
        referee.opened.remove(hook)
    w = got[0]
    w.root.update()
    return w


@pytest.fixture
def opened():
    """The windows a test opened, destroyed after it."""
    windows: list = []
    yield windows
    for w in windows:
        try:
            w.root.destroy()
        except tk.TclError:
            pass


def right_click(w, space):
    c = w.canvas
    x, y = c.space_widget_xy(space)
    c.event_generate("<Motion>", x=x, y=y)
    c.event_generate("<ButtonPress-3>", x=x, y=y, button=3, rootx=c.winfo_rootx() + x, rooty=c.winfo_rooty() + y)
    w.root.update()
    return w.controller.context_menu


def entry(menu, label):
    return next(
        i
        for i in range(menu.index("end") + 1)
        if menu.type(i) in ("command", "cascade") and menu.entrycget(i, "label") == label
    )


def choose(w, menu, label):
    """Choose an entry of a menu as the referee does (it must be enabled)."""
    i = entry(menu, label)
    assert menu.entrycget(i, "state") != "disabled", label
    menu.invoke(i)
    w.root.update()


def greyed(w, menu, label, rule):
    """An entry greyed, the reason with its rule at the foot of the menu and in the status bar
    when it is pointed at."""
    i = entry(menu, label)
    assert menu.entrycget(i, "state") == "disabled", label
    assert any(rule in why for why in menu_foot(w)), menu_foot(w)
    w.root.update()
    y = menu.yposition(i) + 4  # the pointer on the entry: Tk says so, and the window says why in the status bar
    menu.event_generate("<Motion>", x=20, y=y, warp=True)
    w.root.update()
    menu.event_generate("<<MenuSelect>>")
    assert "refused now" in w.status.get() and rule in w.status.get(), w.status.get()
    w.controller.close_menu()


def file_menu(w, label):
    m = w.menus["File"]
    m.invoke(entry(m, label))
    w.root.update()


def units(w):
    """The pieces' counters drawn on the board, by piece id."""
    c = w.canvas
    return {
        t[6:]
        for i in c.find_withtag("unit")
        if c.type(i) == "rectangle"
        for t in c.gettags(i)
        if t.startswith("piece:")
    }


def texts(w):
    c = w.canvas
    return [c.itemcget(i, "text") for i in c.find_all() if c.type(i) == "text" and c.itemcget(i, "state") != "hidden"]


# ----------------------------------------------------------------- what each game shows and does
def hw_shows(w):
    assert w.canvas.kind == "hex"
    armies = {p.id for p in w.pieces if p.kind == "army"}
    assert armies and armies <= units(w)


def hw_plays(w):
    """Hitler's War in set-up: a nation's status set from the Game menu (the referee's record);
    a garrison's destruction refused at a hex, greyed with its rule (combat results are entered
    in a combat phase)."""
    answer_dialog(w.root, {"nation": "Sweden", "status": "at_war", "side": "axis", "joined": ""})
    referee_menu = w.root.nametowidget(w.game_menu.entrycget(entry(w.game_menu, "Referee"), "menu"))
    choose(w, referee_menu, "Set a nation's status...")
    assert w.state.nations["se"].side == "axis"
    assert "Sweden" in w.side.panel_text["Nations"].get("1.0", "end")
    m = right_click(w, "A1")
    assert menu_labels(w) == ["Garrison destroyed"]
    greyed(w, m, "Garrison destroyed", "Sequence of Play 2")


def vp_shows(w):
    hw_shows(w)
    stars = w.canvas.find_withtag("mark-star")
    assert len({t for i in stars for t in w.canvas.gettags(i) if t.startswith("mark:")}) == 32  # every strategic hex
    assert w.side.tracks is not None  # the VP track, drawn as a track
    tokens = w.side.tracks.find_withtag("token")
    assert len(tokens) == 11 and len(w.side.tracks.find_withtag("side:allies")) == 1


def sfe_shows(w):
    assert w.canvas.kind == "area"
    assert units(w) == {p.id for p in w.pieces if p.kind in ("army", "fort")} and len(units(w)) == 38
    assert "\u2605 Berlin" in texts(w) and not [t for t in texts(w) if " if " in t or ">=" in t]  # no raw conditions


def sfe_plays(w):
    """Struggle for Europe: the Ruhr's move of 8 Examples from the right-click menu opens two
    battles (ringed on the map); then another move is greyed: the battles come first (7.2)."""
    w.ask_form = lambda title, fields, note="": {"moves": "sedan=1,2 antwerp=3", "card": "truck"}
    choose(w, right_click(w, "ruhr.w"), "Move counters from here...")
    assert [m.space for m in w.marks if m.shape == "ring"] == ["sedan.e", "antwerp.e"]
    assert len(w.canvas.find_withtag("mark-ring")) == 2
    m = right_click(w, "berlin.w")
    greyed(w, m, "Move counters from here...", "7.2 How to Play Operations")


def fronts_shows(w):
    assert w.canvas.kind == "tracks"
    assert len(w.canvas.find_withtag("token")) == 12
    assert w.canvas.find_withtag("current-step")


def fronts_plays(w):
    """The front-token game in the History Phase: the Germans keep their cards; keeping again is
    greyed (they chose already: HISTORY PHASE)."""
    w.ask_form = lambda title, fields, note="": {"cards": "0"}
    choose(w, right_click(w, "west"), "The germans keep...")
    assert w.state.hands["germans"].kept
    m = right_click(w, "west")
    greyed(w, m, "The germans keep...", "HISTORY PHASE")


def aa_shows(w):
    assert w.canvas.kind == "area"
    stars = {t[5:] for i in w.canvas.find_withtag("mark-star") for t in w.canvas.gettags(i) if t.startswith("mark:")}
    cities = {
        c["space"] for g in w.session.ruleset.cities(w.session.ruleset.cx(w.session.game)).values() for c in g["cities"]
    }
    assert cities and stars == cities  # the victory cities marked on the map
    assert w.canvas.find_withtag("mark-dot")  # the capitals
    assert w.side.tracks is not None and len(w.side.tracks._rows) >= 3  # tallies and neutral blocks beside the map


def aa_plays(w):
    """Area control: Germany takes Algeria (France's) from the right-click menu: the territory
    turns to Germany's colour; claiming Afghanistan's standing army is greyed (a strict
    neutral: CLAIMING STANDING ARMIES)."""
    c = w.canvas
    poly = next(i for i in c.loc_items["algeria"] if c.type(i) == "polygon")
    before = c.itemcget(poly, "fill")
    choose(w, right_click(w, "algeria"), "Germany takes Algeria")
    assert w.canvas.held.get("algeria") == "germany" and c.itemcget(poly, "fill") != before
    m = right_click(w, "afghanistan")
    greyed(w, m, "Germany claims the standing army of Afghanistan", "CLAIMING STANDING ARMIES")


GAMES = {
    "barbarossa": (hw_shows, hw_plays),
    "fall_of_germany": (hw_shows, hw_plays),
    "war_for_europe": (hw_shows, hw_plays),
    "war_for_europe_vp": (vp_shows, hw_plays),
    "struggle_for_europe": (sfe_shows, sfe_plays),
    "three_fronts": (fronts_shows, fronts_plays),
    "aa_house_rules": (aa_shows, aa_plays),
}


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_mapref_file_opens_plays_saves_and_reopens_every_game(scenario, tmp_path, opened):
    shows, plays = GAMES[scenario]
    w = by_mapref(ROOT / "scenarios" / f"{scenario}.toml")
    opened.append(w)
    shows(w)
    n = len(w.session.log)
    plays(w)
    assert len(w.session.log) == n + 1
    last = w.feed.lines()
    assert any(ln.startswith(f"{n + 1}. ") for ln in last)  # the result in the messages and log panel
    # File > Save (a new game: asks where), then mapref FILE again: the same position, on the same board
    out = tmp_path / f"{scenario}.toml"
    w.files.ask_save_path = lambda: str(out)
    file_menu(w, "Save")
    assert out.exists() and w.root.title() == f"{scenario}.toml - mapref referee"
    again = by_mapref(out)
    opened.append(again)
    assert again.session.state_data() == w.session.state_data()
    assert again.session.position() == w.session.position() and len(again.session.log) == n + 1
    assert again.canvas.kind == w.canvas.kind
    assert units(again) == units(w)
    shows(again) if scenario not in ("aa_house_rules",) else aa_shows(again)


def test_new_game_lists_every_shipped_scenario_and_opens_each_on_its_board(opened):
    w = by_mapref(None)  # mapref with no file: Barbarossa
    opened.append(w)
    assert w.session.scenario.id == "barbarossa" and w.canvas.kind == "hex"
    from mapref.ui.referee.files import scenario_choices

    names = scenario_choices()
    assert len(names) == len(SCENARIOS) and {p.stem for p in names.values()} == set(SCENARIOS)
    assert "Struggle for Europe 1939-1945 (Struggle for Europe)" in names
    for label, path in names.items():
        w.files.ask_save_changes = lambda what: False
        answer_dialog(w.root, {"scenario": label, "pools": "place them automatically"})
        file_menu(w, "New game...")
        assert w.session.scenario.id == path.stem, label
        shows, _plays = GAMES[path.stem]
        shows(w)
        assert w.root.title() == f"{w.session.scenario.name} (new game) - mapref referee"


def test_file_open_and_open_recent_open_any_game_in_the_same_window(tmp_path, opened):
    w = by_mapref(ROOT / "scenarios" / "three_fronts.toml")
    opened.append(w)
    assert w.canvas.kind == "tracks"
    w.files.ask_open_path = lambda: str(ROOT / "scenarios" / "struggle_for_europe.toml")
    file_menu(w, "Open game or scenario...")
    assert w.canvas.kind == "area" and w.session.scenario.id == "struggle_for_europe"
    sfe_shows(w)
    # Open recent: the files opened last, newest first; choosing one opens it
    m = w.recent_menu
    w.files.fill_recent(m)
    labels = [m.entrycget(i, "label") for i in range(m.index("end") + 1) if m.type(i) == "command"]
    assert labels[0].startswith("1  struggle_for_europe.toml") and labels[1].startswith("2  three_fronts.toml")
    m.invoke(1)
    w.root.update()
    assert w.canvas.kind == "tracks" and w.session.scenario.id == "three_fronts"
