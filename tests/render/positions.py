"""Saved games on disk for the web page's and the scene's tests, made the way a referee's file is:
a scenario's set-up with the changes a test names, written as a real game file."""

from __future__ import annotations

from pathlib import Path

from mapref.rules.files import dumps_game, new_game

ROOT = Path(__file__).resolve().parents[2]
# Barbarossa with the Axis around Kiev (the referee window's cut-off test): the Kiev Military
# District in N14 is cut off by the Axis hexes about it, every other army traces supply
CUT_OFF = {"M14": True, "M15": True, "N15": True, "O15": True, "O14": False, "N13": False, "M13": True}


def hw_cut_off(path: Path) -> Path:
    """Barbarossa, the Axis army groups on their start lines and the SW Army Group moved to O16,
    the hexes about Kiev held by the Axis: Kiev Military District (N14) cut off."""
    game = new_game(
        ROOT / "scenarios" / "barbarossa.toml", scenario_ref="barbarossa", map_ref="hitlers_war", auto_place=True
    )
    rs = game.ruleset
    d = rs.state_data(game.state)
    d["armies"]["SW Army Group"]["at"] = "O16"
    for lab, occupied in CUT_OFF.items():
        d["hexes"].setdefault(lab, {}).update({"control": "axis", "occupied": occupied})
    game.state = rs.read_state(d, "", "test")
    path.write_text(dumps_game(game), encoding="utf-8")
    return path


def shipped_game(path: Path, scenario: str) -> Path:
    """A new game of a shipped scenario, its set-up pools placed."""
    game = new_game(ROOT / "scenarios" / f"{scenario}.toml", scenario_ref=scenario, auto_place=True)
    path.write_text(dumps_game(game), encoding="utf-8")
    return path
