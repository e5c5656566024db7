"""A game from another installed package (issue 32): the toy game of tests/toy_ruleset.py, built
as a package of its own with an entry point in the group ``mapref.rulesets`` and installed by pip
into a folder of its own (fixture ``toy_game``, tests/conftest.py). With no edit to mapref it is
in ``mapref scenarios``, its verbs are mapref's verbs with their help, and the referee's window
lists its scenario in File > New game and offers its moves in its menus."""

from __future__ import annotations

import json
from pathlib import Path

from mapref.rules import registry
from tests.toy_ruleset import race
from tests.helpers import mapref
from tests.ui.events import answer_dialog
from tests.ui.test_every_game import by_mapref, entry, file_menu, right_click

ROOT = Path(__file__).resolve().parents[1]


def test_the_installed_game_is_found_by_its_entry_point(toy_game):
    assert "toy" in registry.names() and registry.installed()["toy"] == "toy_game"
    assert registry.get("toy").title == "Tokens (a test game)"


def test_its_scenario_is_listed_and_played_on_the_command_line(toy_game, tmp_path):
    rows = json.loads(mapref("scenarios", "--json", cwd=tmp_path).stdout)
    race = next(r for r in rows if r["id"] == "race")
    assert race["ruleset"] == "toy" and race["name"] == "Race to Berlin"
    assert "Race to Berlin (Tokens (a test game)" in mapref("scenarios", cwd=tmp_path).stdout
    # its verbs are mapref's verbs, with their help
    top = mapref("--help", cwd=tmp_path)
    assert top.returncode == 0 and "step" in " ".join(top.stdout.split()).split("game verbs of each ruleset")[1]
    r = mapref("step", "--help", cwd=tmp_path)
    assert r.returncode == 0 and "usage: mapref step" in r.stdout and "Tokens (a test game)" in r.stdout
    # a new game of it by the scenario's name, played and saved (by the default writer of its state)
    r = mapref("new-game", "race", "-o", "g.toml", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    r = mapref("step", "g.toml", "E5", "E6", cwd=tmp_path)
    assert r.returncode == 0 and r.stdout.strip() == "r1: E5 -> E6", r.stderr
    assert 'r1 = { side = "red", at = "E6" }' in (tmp_path / "g.toml").read_text()
    r = mapref("step", "g.toml", "E6", "E9", cwd=tmp_path)
    assert r.returncode == 1 and "[Rule 1]" in r.stderr
    assert mapref("check", "g.toml", cwd=tmp_path).returncode == 0


def test_the_window_lists_it_in_file_new_game_and_offers_its_moves(toy_game, tmp_path):
    w = by_mapref(None)  # `mapref` with no file: the default game
    try:
        from mapref.ui.referee.files import scenario_choices

        label = next(k for k in scenario_choices() if k.startswith("Race to Berlin"))
        assert label == "Race to Berlin (Tokens (a test game))"
        w.files.ask_save_changes = lambda what: False
        answer_dialog(w.root, {"scenario": label, "pools": "place them by hand"})
        file_menu(w, "New game...")
        assert w.session.ruleset.name == "toy" and w.session.scenario.id == "race"
        assert w.root.title() == "Race to Berlin (new game) - mapref referee"
        assert w.track.turn_var.get() == "Race to Berlin: turn 1, red to play"
        w.select("token:r1")
        m = right_click(w, "E6")
        i = entry(m, "Step r1 here")
        assert m.entrycget(i, "state") != "disabled"
        m.invoke(i)
        w.root.update()
        assert w.state.tokens["r1"] == ("red", "E6")
        assert any(line.startswith("1. turn 1, red play: step r1 E5 -> E6") for line in w.feed.lines())
    finally:
        w.root.destroy()


def test_import_triplea_asks_which_installed_game_makes_the_scenario(toy_game, tmp_path):
    """``import-triplea --scenario`` with no ``--ruleset``: the one installed game that makes
    scenarios from imported maps (mapref's own area control, the toy game makes none); once an
    outside game makes them too, the user is asked which, and ``--ruleset`` writes that game's."""
    from tests.test_cli_triplea import TOY

    assert registry.importers() == ["area_control"]
    toy = type(registry.get("toy"))

    class Importing(toy):
        name = "toy_importer"

        def import_scenario(self, facts, board, map_ref, placed=None):
            land = [s for s in board.spaces() if board.space(s).is_land][:2]
            text = race(map_ref).replace('ruleset = "toy"', 'ruleset = "toy_importer"')
            text = text.replace('at = "E5"', f'at = "{land[0]}"').replace('at = "E9"', f'at = "{land[1]}"')
            return text.replace('["E7"]', f'["{land[0]}"]'), ["the toy importer's note"]

    registry.register(Importing())
    try:
        assert registry.importers() == ["area_control", "toy_importer"]
        r = mapref("import-triplea", TOY, "-o", "m.toml", "--scenario", "s.toml", cwd=tmp_path)
        assert r.returncode == 1 and "give --ruleset (area_control, toy_importer)" in r.stderr, r.stderr
        assert not (tmp_path / "s.toml").exists()
        r = mapref(
            "import-triplea", TOY, "-o", "m.toml", "--scenario", "s.toml", "--ruleset", "toy_importer", cwd=tmp_path
        )
        assert r.returncode == 0 and "the toy importer's note" in r.stderr, r.stderr
        assert 'ruleset = "toy_importer"' in (tmp_path / "s.toml").read_text(encoding="utf-8")
    finally:
        registry.unregister("toy_importer")


def test_its_counters_are_drawn_in_its_own_colours(toy_game, tmp_path):
    """The drawing of a game asks the game for its sides' colours: the toy game's red and blue
    counters (render/style.py's table of Hitler's War's colour groups, which nothing read, is gone)."""
    from PIL import Image

    assert mapref("new-game", "race", "-o", "g.toml", cwd=tmp_path).returncode == 0
    r = mapref("render", "g.toml", "-o", "g.png", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    colours = {c for _, c in Image.open(tmp_path / "g.png").convert("RGB").getcolors(1 << 24)}
    assert (0xC0, 0x20, 0x20) in colours and (0x20, 0x40, 0xC0) in colours  # red's and blue's fills


def test_a_maps_powers_are_the_installed_games_to_say(toy_game, tmp_path):
    """``mapref check`` asks the installed games which allegiances are no power: the toy game's
    free cities need no capital, its red realm does (as Hitler's War's neutral and Germany)."""
    sample = (ROOT / "maps" / "sample.toml").read_text(encoding="utf-8")
    assert 'ch = { name = "Switzerland", colour = "#a0a0a0", allegiance = "neutral" }' in sample
    for allegiance, warned in (("free_cities", False), ("red_realm", True), ("neutral", False)):
        (tmp_path / "m.toml").write_text(sample.replace('allegiance = "neutral"', f'allegiance = "{allegiance}"'))
        r = mapref("check", "m.toml", cwd=tmp_path)
        assert r.returncode == 0 and ("Switzerland has no capital" in r.stdout + r.stderr) == warned, allegiance


def test_the_map_editor_offers_the_installed_games_allegiances(toy_game, tmp_path):
    """Edit > Add / edit country... in the map editor: its allegiances are the installed games'
    (Hitler's War's colour groups and the toy game's), and a country added with one has it."""
    import shutil
    import tkinter as tk
    from tkinter import ttk

    from mapref.ui.editor import Editor

    shutil.copy(ROOT / "maps" / "sample.toml", tmp_path / "m.toml")
    root = tk.Tk()
    try:
        ed = Editor(root, tmp_path / "m.toml", quiet=True)
        root.update()
        seen = []

        def answer():
            d = next((t for t in root.winfo_children() if isinstance(t, tk.Toplevel) and t.winfo_viewable()), None)
            if d is None:
                root.after(50, answer)
                return
            seen.append(next(w for w in _descendants(d) if isinstance(w, ttk.Combobox)).cget("values"))
            d.vars["code"].set("fc")
            d.vars["name"].set("Free Cities")
            d.vars["allegiance"].set("free_cities")
            d.ok()

        root.after(300, answer)
        edit = ed.menus["Edit"]
        labels = {edit.entrycget(i, "label"): i for i in range(edit.index("end") + 1) if edit.type(i) == "command"}
        edit.invoke(labels["Add / edit country..."])
        assert seen and {"germany", "soviet", "axis_inclined", "neutral", "red_realm", "free_cities"} <= set(seen[0])
        assert ed.model.countries["fc"].allegiance == "free_cities"
    finally:
        root.destroy()


def _descendants(w):
    for c in w.winfo_children():
        yield c
        yield from _descendants(c)
