"""Names that barely fit, in the referee's window at its fit on a laptop's 1366x768 (issue 31):
a TripleA board of sea zones about as wide as their names at the fit, each holding a small island
right beside the point where its name goes (centers.txt), a fraction of a screen pixel off the
name's middle, as Total World War's 159 Sea Zone has.  Every name the canvas shows, its text's
box as Tk reports it (on whole pixels), stands inside its own territory (its middle, and all of it
but a fifth): the placement (:func:`mapref.render.scene_area.fit_names`, the page's and the PNG's
too) keeps a name's middle clear of an island's edge by more than the pixel a drawing rounds it
to, shrinks a name that does not fit, and hides one that fits at no size (the islands')."""

from __future__ import annotations

from pathlib import Path

import shapely

from mapref.render.scene_area import name_size
from mapref.ui.referee import RefereeWindow, load_for_play
from tests.data.triplea_family.make_family import Map
from tests.helpers import mapref
from tests.render.test_triplea_board import stands_in

COLS, ROWS, CH = 15, 4, 300  # the sea zones: 15 a row, each 300 pixels high ...
WIDTHS = [280 + 10 * c for c in range(COLS)]  # ... and from 280 to 420 wide: about a name's width at the fit


def rect(x0, y0, x1, y1) -> str:
    return f"({x0},{y0}) ({x1},{y0}) ({x1},{y1}) ({x0},{y1})"


def islands_board(folder: Path) -> None:
    """The board: rows of sea zones about as wide as their names at the fit (a fifth of a screen
    pixel a map pixel), each with an island a map pixel left of, right of, above or below its
    name's point (centers.txt)."""
    players = [("Germans", "Axis", 10), ("Russians", "Allies", 10)]
    m = Map("Islands World", COLS, ROWS, {}, players, {"Germans": "5a5a5a", "Russians": "af2828"})
    centres = []
    for (r, c), t in m.cells.items():
        x0, y0 = sum(WIDTHS[:c]), r * CH
        x1, y1 = x0 + WIDTHS[c], y0 + CH
        ax, ay = (x0 + x1) // 2, (y0 + y1) // 2
        m.broken[t] = f"{t}  <  {rect(x0, y0, x1, y1)}  >"
        centres.append(f"{t}  ({ax},{ay})")
        k = r * COLS + c
        isle = f"Isle {k + 1}"
        side = [(ax - 31, ay - 20, ax - 1, ay + 20), (ax + 1, ay - 20, ax + 31, ay + 20)]
        side += [(ax - 20, ay - 31, ax + 20, ay - 1), (ax - 20, ay + 1, ax + 20, ay + 31)]
        m.extra_polys.append(f"{isle}  <  {rect(*side[k % 4])}  >")
        m.extra_territories.append(isle)
        m.land[(100, k)] = (isle, "Germans" if k % 2 else "Russians")
        m.extra_conns.append((isle, t))
    m.capitals = {"Isle 1": "Russians", "Isle 2": "Germans"}
    m.units = [("Isle 1", "infantry", "Russians", 2), ("Isle 2", "infantry", "Germans", 2)]
    m.write(folder / "map")
    (folder / "map" / "centers.txt").write_text("\n".join(centres) + "\n", encoding="utf-8")
    (folder / "map" / "map.properties").write_text(
        f"map.width={sum(WIDTHS)}\nmap.height={ROWS * CH}\ncolor.Germans=5a5a5a\ncolor.Russians=af2828\n",
        encoding="utf-8",
    )


def test_names_that_barely_fit_stand_inside_their_territories_in_the_window_at_fit(tmp_path, laptop_root):
    islands_board(tmp_path / "islands")
    r = mapref(
        "import-triplea", "islands", "-o", "m.toml", "--scenario", "s.toml", "--city", "London=isle_2", cwd=tmp_path
    )
    assert r.returncode == 0, r.stderr
    assert mapref("new-game", "s.toml", "-o", "g.toml", cwd=tmp_path).returncode == 0
    w = RefereeWindow(laptop_root, load_for_play(tmp_path / "g.toml"), quiet=True)
    laptop_root.update()
    c, m = w.canvas, w.map
    c.fit()
    laptop_root.update()
    # the board is as meant: each sea zone's island a hole in it, by its name's point
    sea = m.locations["1_sea_zone"]
    assert len(sea.polygon.interiors) == 1
    assert sea.polygon.interiors[0].distance(shapely.Point(sea.label_point)) < 2
    shown, sizes = {}, {}
    for lid, loc in m.locations.items():
        for i in c.find_withtag(f"name:{lid}"):
            if c.type(i) != "text" or c.itemcget(i, "state") == "hidden":
                continue
            box = c.bbox(i)  # the text as drawn, on whole pixels
            assert stands_in(loc.polygon, box, lambda x, y: (x / c.zoom, y / c.zoom)), (loc.name, box)
            shown[lid] = box
            sizes[lid] = abs(int(c.itemcget(i, "font").split()[-2]))
    # every sea zone is named, in full where it fits, smaller where not; no island is (too small)
    assert sorted(shown) == sorted(lid for lid in m.locations if lid.endswith("sea_zone"))
    full = round(name_size(c.unit()))
    assert max(sizes.values()) == full and min(sizes.values()) < full
    # markers too big for their island (each isle a capital, with Moscow's or London's star: World
    # War II v4's Hawaiian Islands, whose star stood off the map) stand side by side over the
    # island, where its name would, not before the name off the map
    for lid in ("isle_1", "isle_2"):
        isle = m.locations[lid].polygon
        middles = []
        for i in c.find_withtag(f"mark:{lid}"):
            x0, y0, x1, y1 = c.bbox(i)
            middles.append(shapely.Point((x0 + x1) / 2 / c.zoom, (y0 + y1) / 2 / c.zoom))
            assert isle.distance(middles[-1]) * c.zoom < c.counter_size(), (lid, c.gettags(i), (x0, y0, x1, y1))
        assert len(middles) == 2 and min(p.x for p in middles) < isle.centroid.x < max(p.x for p in middles)
