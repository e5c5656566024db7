"""``mapref trace-areas`` on a TripleA board's own tiles stitched together (issue 31): white land,
dark blue filled seas, black border lines a pixel wide (tests/data/triplea_family/regions/tiles.png,
made by its make_family.py). Otsu's threshold of such a picture falls between the land and the
sea, so every sea was taken for border; the default threshold is now chosen from the border
lines' own greys, every territory is found with its own outline, and the blue regions are
proposed as sea zones."""

from pathlib import Path

import numpy as np
import tomllib
from PIL import Image
from shapely.geometry import Point

from mapref.core.areatrace import border_level, otsu, smooth
from mapref.io.areafile import load_area_map
from mapref.io.triplea import read_game
from tests.data.triplea_family.make_family import H, W, regions
from tests.helpers import mapref

ROOT = Path(__file__).resolve().parents[1]
TILES = ROOT / "tests" / "data" / "triplea_family" / "regions" / "tiles.png"
PAD = 12  # the tiles' white margin round the board


def test_a_board_with_dark_seas_traces_at_the_default_threshold(tmp_path):
    grey = smooth(np.asarray(Image.open(TILES).convert("L")))
    assert otsu(grey) > 97  # Otsu's level: above the sea's grey (97), every sea would be border
    assert border_level(grey) < 97
    r = mapref("trace-areas", str(TILES), "-o", "t.toml", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("t.toml: 40 locations (17 of them sea zones), ")
    m = load_area_map(tmp_path / "t.toml")
    board = regions()
    # every cell of the board is one location, its outline the cell's (within a pixel's share)
    for (row, col), t in board.cells.items():
        x, y = PAD + col * W + W / 2, PAD + row * H + H / 2
        (loc,) = [loc for loc in m.locations.values() if loc.polygon.contains(Point(x, y))]
        assert abs(loc.polygon.area - W * H) / (W * H) < 0.03, (t, loc.polygon.area)
        assert bool(loc.attrs.get("sea")) == (t in board.water), t  # the seas proposed as sea zones
        assert (loc.colour == "sea") == (t in board.water)
    kinds = {ln.kind for ln in m.lines.values()}
    assert kinds == {"land", "naval", "coastal"}
    assert mapref("check", "--strict", "t.toml", cwd=tmp_path).returncode == 0
    doc = tomllib.loads((tmp_path / "t.toml").read_text(encoding="utf-8"))
    assert doc["colours"]["sea"]["colour"] and doc["line_kinds"]["coastal"]
    assert len(read_game(ROOT / "tests/data/triplea_family/regions/map/games/regions_world.xml").territories) == 40
