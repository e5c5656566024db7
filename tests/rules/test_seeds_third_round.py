"""The smaller seeds (issue 23, "Rules, third round"): the VP track of shared/seeds/003 on other
scenarios and games, area control (shared/seeds/004) and the front-token game (shared/seeds/001).
Each test is written from the seed's words and failed on main before its fix."""

import os
import subprocess
import sys
from pathlib import Path

from mapref.rules.ruleset import Action
from mapref.rules.session import start_game

ROOT = Path(__file__).resolve().parents[2]
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}

TRACK = '''
[vp_track]
rule = "003 0 Seasonal Victory Phase"
factions = { axis = "axis", soviet = "soviet" }
boxes = [
  { id = "allied_av", label = "Allied Automatic Victory box", side = "allies", vp = 4, automatic = true, to = -12 },
  { id = "allied_2", label = "2 VP box (Allied Crusade)", side = "allies", vp = 2, from = -11, to = -5 },
  { id = "allied_1", label = "1 VP box (Allied Crusade)", side = "allies", vp = 1, from = -4, to = 0 },
  { id = "zero", label = "0 box", side = "", vp = 0, from = 1, to = 2 },
  { id = "axis_1", label = "1 VP box (Axis Tide)", side = "axis", vp = 1, from = 3, to = 11 },
  { id = "axis_av", label = "Axis Automatic Victory box", side = "axis", vp = 4, automatic = true, from = 12 },
]

[vp_track.start]
box = "allied_1"
face = "allied_crusade"
war = "limited"

[strategic]
L9 = { faction = "axis", name = "Genoa" }
P9 = { faction = "axis" }
N11 = { faction = "axis" }
O11 = { faction = "axis" }
M12 = { faction = "axis" }
Q17 = { faction = "soviet", name = "Moscow" }
'''


def mapref(*args, cwd):
    return subprocess.run([sys.executable, "-m", "mapref", *args], capture_output=True, text=True, cwd=cwd, env=ENV)


def barbarossa_with_a_track(tmp_path, extra_victory=""):
    text = (ROOT / "scenarios" / "barbarossa.toml").read_text(encoding="utf-8")
    text = text.replace('map = "hitlers_war"', f'map = "{(ROOT / "maps" / "hitlers_war.toml").as_posix()}"')
    path = tmp_path / "barbarossa_vp.toml"
    path.write_text(text + TRACK + extra_victory, encoding="utf-8")
    return path


# ------------------------------------------------------------ 003 0.2: who wins
def test_an_allied_automatic_victory_names_a_side_of_the_scenario(tmp_path):
    # 003 0.2 German Surrender: "If the Allied Crusade VP marker is placed in the 2 VP Box during
    # Limited War, the Allies wins an Automatic Victory."  Barbarossa's Allied side is the
    # Soviets: the game is won by "soviet", a side the scenario has (rulings V16).
    path = barbarossa_with_a_track(tmp_path, '''
[victory.track]
type = "track"
when = "immediate"
rule = "003 0.2 Automatic Victory"
text = "the VP track's Automatic Victory"
''')
    s = start_game(path, auto_place=True)
    assert s.apply(Action("advance")).ok
    for h in ("L9", "P9", "N11", "O11", "M12"):  # five Axis strategic hexes under Soviet control: -5
        assert s.apply(Action("set", {"space": h, "control": "soviet"})).ok
    out = s.apply(Action("vp-check"))
    assert out.ok and s.state.vp_track.result["winner"] == "soviet", out.messages
    assert s.report().as_dict()["victory"]["winner"] == "soviet"


def test_check_warns_when_two_end_conditions_can_name_different_winners(tmp_path):
    # Barbarossa victory conditions 2 ("The Soviet player wins if they prevent the Axis player
    # from fulfilling their victory conditions": a default at the end) and 003 0.3's final score
    # (a track condition at the end): the first always decides, the other never does
    path = barbarossa_with_a_track(tmp_path, '''
[victory.final]
type = "track"
when = "end"
rule = "003 0.3"
text = "the Final Victory Point Check"
''')
    r = mapref("check", str(path), cwd=tmp_path)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "warning" in r.stdout and "victory.soviet_holds_out" in r.stdout and "victory.final" in r.stdout, r.stdout
    r = mapref("check", str(ROOT / "scenarios" / "fall_of_germany.toml"), cwd=tmp_path)
    assert "warning" not in r.stdout  # an ordered chain with the default last is not a disagreement
