"""A victory city the import did not find, placed in the area editor (issue 31): the regions board
(World War II v4's shape) has no territory named for Samara; the designer selects Russia, types
Samara in the inspector's City field (Return), saves with Ctrl+S, and the game started from the
imported scenario counts Samara in the Pacific tally, held by the Russians (rulings A25)."""

import json

from mapref.cli import main
from mapref.io.areafile import load_area_map
from mapref.ui.area_editor import AreaEditor
from tests.helpers import mapref
from tests.ui.test_triplea_window import REGIONS


def test_a_city_placed_in_the_area_editor_counts_in_the_game(laptop_tk, tmp_path, capsys):
    r = mapref("import-triplea", str(REGIONS), "-o", "m.toml", "--scenario", "s.toml", cwd=tmp_path)
    assert r.returncode == 0 and "still missing: Samara" in r.stderr
    ed = AreaEditor(laptop_tk, tmp_path / "m.toml", quiet=True)
    laptop_tk.geometry("+0+0")
    laptop_tk.update()
    ed.select("location", "russia")
    laptop_tk.update()
    ins = ed.inspector
    label, entry = ins.rows["location"]["city"]
    assert label.cget("text") == "City" and entry.winfo_ismapped()
    entry.focus_force()
    ins.vars["location"]["city"].set("Samara")
    entry.event_generate("<Return>")
    laptop_tk.update()
    assert ed.model.locations["russia"].attrs["city"] == "Samara"
    assert ed.history.undo_label().startswith("Set") and laptop_tk.title().startswith("*")
    ed.canvas.focus_force()
    laptop_tk.update()
    ed.canvas.event_generate("<Control-s>")
    laptop_tk.update()
    assert load_area_map(tmp_path / "m.toml").locations["russia"].attrs["city"] == "Samara"

    assert main(["new-game", str(tmp_path / "s.toml"), "-o", str(tmp_path / "g.toml")]) == 0
    capsys.readouterr()
    assert main(["referee", str(tmp_path / "g.toml"), "--json"]) == 0
    rep = json.loads(capsys.readouterr().out)
    samara = {c["city"]: c for c in rep["victory_cities"]["pacific_cities"]["cities"]}["Samara"]
    assert samara["space"] == "russia" and samara["holder"] == "russians"
