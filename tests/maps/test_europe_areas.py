"""maps/europe_areas.toml (the area map of scenarios/aa_house_rules.toml) is what
tools/build_europe_areas.py makes from `mapref import-areas` on the Natural Earth file: building
it again gives the same bytes, and it holds what the house rules (shared/seeds/004) need."""

import subprocess
import sys
from pathlib import Path

from mapref.core.board import board_for
from mapref.rules.files import load_map

ROOT = Path(__file__).resolve().parents[2]
MAP = ROOT / "maps" / "europe_areas.toml"


def test_the_build_reproduces_the_shipped_map(tmp_path):
    out = tmp_path / "europe.toml"
    r = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "build_europe_areas.py"), str(out)],
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
    )
    assert r.returncode == 0, r.stderr
    assert out.read_bytes() == MAP.read_bytes()


def test_victory_cities_are_separate_territories_and_the_boxes_are_joined():
    b = board_for(load_map(MAP))
    # Moscow and Stalingrad, Northern Italy and Rome are different spaces (rulings A2)
    assert b.space("russia.n").attrs["city_n"] == "Moscow" and b.space("russia.s").attrs["city_s"] == "Stalingrad"
    assert b.space("italy.s").attrs.get("city_s") == "Rome"
    for box in ("washington", "tokyo", "sydney", "johannesburg", "mongolia", "brazil"):
        assert b.space(f"box:{box}") is not None and b.graph().neighbours(f"box:{box}"), box
    assert "naval" in b.graph().kinds_between("box:washington", "united_kingdom")
