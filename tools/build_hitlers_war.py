"""Build maps/hitlers_war.toml from real geography plus hand corrections.

Rerunnable: ``PYTHONPATH=. python tools/build_hitlers_war.py [--report]``.

Sources
-------
- ``tools/data/ne_110m_countries_europe.geojson``: Natural Earth 1:110m admin-0 country
  outlines (version in ``tools/data/NE_VERSION.txt``), clipped to Europe, North Africa and the
  Near East.  Natural Earth is in the public domain (naturalearthdata.com: "No permission is
  needed to use Natural Earth").
- ``tools/hitlers_war_corrections.toml``: every hand decision (1939 countries where the
  geometry cannot know them, the hexes the rulebook names, production, ports, capitals,
  mountains, straits, seas by hand, boxes, regions, features).  It is applied AFTER the
  geometry, so rerunning never loses a correction.

Method
------
Each hex of the 21 x 21 grid (pointy, rows B, D, F... shifted east, row A south) is mapped to
longitude/latitude with the least-squares fit of docs/hitlers_war_map.md (r = row index, A=1;
x = column + 0.5 in shifted rows)::

    latitude  = 20.6 + 1.853 r + 0.176 x
    longitude = -22.35 + 3.603 x - 0.207 r

The fit is affine, so the hex polygon is the Layout's six corners pushed through it.  The share
of the polygon that is land (area in degrees scaled by cos(latitude)) decides the terrain:
``>= LAND_MIN`` land, ``<= SEA_MAX`` sea, otherwise coastal.  The country is the 1939 country
holding the largest share of the hex's land.  A water hex's sea is the sea zone holding the
centroid of its water.  A side between two non-sea hexes whose segment does not touch land is
written as ``all_sea = true``.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import tomllib
from pathlib import Path

from shapely.geometry import LineString, Polygon, shape
from shapely.ops import unary_union

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from mapref.core.grid import SQRT3, Grid, Hex
from mapref.core.layout import Layout
from mapref.core.model import Box, Country, Feature, MapModel, Region, Sea, SeaArrow
from mapref.io.mapfile import save_map

GEOJSON = ROOT / "tools" / "data" / "ne_110m_countries_europe.geojson"
CORRECTIONS = ROOT / "tools" / "hitlers_war_corrections.toml"
OUT = ROOT / "maps" / "hitlers_war.toml"

ROWS = COLS = 21
LAND_MIN = 0.85  # land share at or above which a hex is all land
SEA_MAX = 0.12  # land share at or below which a hex is all sea

# Modern Natural Earth country -> 1939 country code (before the polygon splits below).
MODERN_TO_1939 = {
    "Germany": "ge",
    "Austria": "ge",
    "Czechia": "ge",
    "Slovakia": "ge",
    "Poland": "pl",
    "Lithuania": "bs",
    "Latvia": "bs",
    "Estonia": "bs",
    "Russia": "su",
    "Belarus": "su",
    "Ukraine": "su",
    "Georgia": "su",
    "Armenia": "su",
    "Azerbaijan": "su",
    "Kazakhstan": "su",
    "Turkmenistan": "su",
    "Uzbekistan": "su",
    "Finland": "fi",
    "Sweden": "se",
    "Norway": "no",
    "Denmark": "dk",
    "Iceland": "is",
    "United Kingdom": "gb",
    "Ireland": "ie",
    "France": "fr",
    "Switzerland": "ch",
    "Netherlands": "lc",
    "Belgium": "lc",
    "Luxembourg": "lc",
    "Spain": "es",
    "Portugal": "pt",
    "Italy": "it",
    "Albania": "it",
    "Slovenia": "yu",
    "Croatia": "yu",
    "Bosnia and Herz.": "yu",
    "Serbia": "yu",
    "Montenegro": "yu",
    "Kosovo": "yu",
    "Macedonia": "yu",
    "Hungary": "hu",
    "Romania": "ro",
    "Moldova": "ro",
    "Bulgaria": "bg",
    "Greece": "gr",
    "Turkey": "tr",
    "Cyprus": "cy",
    "N. Cyprus": "cy",
    "Syria": "ls",
    "Lebanon": "ls",
    "Israel": "ps",
    "Palestine": "ps",
    "Jordan": "tj",
    "Iraq": "iq",
    "Iran": "ir",
    "Kuwait": "kw",
    "Qatar": "qa",
    "Saudi Arabia": "sa",
    "Egypt": "eg",
    "Libya": "ly",
    "Tunisia": "tn",
    "Algeria": "dz",
    "Morocco": "ma",
    "W. Sahara": "ma",
    "Mauritania": "aof",
    "Mali": "aof",
    "Niger": "aof",
    "Senegal": "aof",
    "Sudan": "eg",
    "Chad": "aof",
    "Yemen": "sa",
    "Oman": "sa",
    "United Arab Emirates": "sa",
}

# Where 1939 borders differ from today's: (modern countries, lon/lat polygon, 1939 code).
SPLITS_1939 = [
    # Poland east of the Curzon line: Polish in 1939
    (
        ("Belarus", "Ukraine"),
        [
            (22.0, 55.8),
            (28.2, 55.9),
            (27.6, 55.0),
            (27.0, 54.0),
            (26.8, 53.5),
            (27.0, 52.6),
            (27.5, 51.5),
            (27.0, 50.6),
            (26.3, 50.2),
            (26.2, 49.6),
            (26.3, 48.6),
            (24.9, 48.4),
            (22.0, 48.8),
        ],
        "pl",
    ),
    # Bukovina and Bessarabia's Black Sea end (Budjak): Rumanian in 1939
    (
        ("Ukraine",),
        [
            (24.9, 48.4),
            (26.3, 48.6),
            (27.5, 48.45),
            (29.2, 47.9),
            (30.2, 46.5),
            (30.5, 45.2),
            (28.0, 45.2),
            (24.9, 47.6),
        ],
        "ro",
    ),
    # Carpatho-Ukraine: Hungarian from March 1939
    (("Ukraine",), [(22.0, 48.9), (24.9, 48.4), (24.9, 47.6), (22.0, 47.6)], "hu"),
    # Pomerania, Silesia and southern East Prussia: German in 1939
    (
        ("Poland",),
        [
            (13.5, 54.8),
            (17.6, 54.9),
            (17.3, 53.7),
            (16.2, 53.3),
            (15.8, 52.4),
            (16.5, 51.7),
            (17.6, 51.3),
            (18.2, 51.1),
            (18.5, 50.3),
            (18.0, 49.7),
            (13.5, 49.7),
        ],
        "ge",
    ),
    (("Poland", "Russia"), [(19.2, 55.6), (19.3, 53.6), (20.3, 53.2), (21.7, 53.1), (22.8, 53.9), (22.9, 55.6)], "ge"),
]

# The Caspian is not one of the rulebook's five seas; it is counted as land (see Rulings).
CASPIAN = [
    (47.0, 45.0),
    (49.0, 46.6),
    (51.0, 47.0),
    (53.0, 46.8),
    (53.0, 45.3),
    (51.3, 44.5),
    (51.3, 43.2),
    (52.7, 41.8),
    (53.0, 40.0),
    (54.0, 38.0),
    (53.9, 37.2),
    (50.3, 37.0),
    (49.0, 37.6),
    (48.9, 38.5),
    (49.5, 40.2),
    (48.6, 41.8),
    (47.5, 43.0),
]


def sea_of(lon: float, lat: float) -> str:
    """The sea zone of a point of water (rough boxes; hand corrections fix the edges)."""
    if 27.3 <= lon <= 42.5 and 40.9 <= lat <= 48.0:
        return "blk"
    if (lon >= 32.2 and lat <= 30.2) or (lon >= 46.5 and lat <= 31.0):
        return "red"
    if 10.4 <= lon <= 32.0 and 53.5 <= lat <= 67.0:
        return "bal"
    biscay = (lon < 0.0 and lat > 42.5) or (lon < 3.0 and lat > 43.6)
    if -5.6 <= lon <= 37.0 and 30.0 <= lat <= 46.0 and not biscay:
        return "med"
    return "atl"


class Geo:
    def __init__(self) -> None:
        self.grid = Grid(rows=ROWS, cols=COLS)
        self.layout = Layout(self.grid, 1.0)
        self.d0 = self.layout._min_doubled()

    def fit(self, x: float, r: float) -> tuple[float, float]:
        return -22.35 + 3.603 * x - 0.207 * r, 20.6 + 1.853 * r + 0.176 * x

    def pixel_to_lonlat(self, px: float, py: float) -> tuple[float, float]:
        x = px / SQRT3 + self.d0 / 2 - 0.5
        r = ROWS - (py - 1.0) / 1.5
        return self.fit(x, r)

    def polygon(self, h: Hex) -> Polygon:
        return Polygon([self.pixel_to_lonlat(*p) for p in self.layout.corners(h)])

    def side_line(self, a: Hex, b: Hex) -> LineString:
        p, q = self.layout.hexside_segment(self.grid.hexside(a, b))
        return LineString([self.pixel_to_lonlat(*p), self.pixel_to_lonlat(*q)])


def load_countries() -> dict[str, object]:
    """1939 country code -> land geometry (lon/lat)."""
    feats = json.loads(GEOJSON.read_text(encoding="utf-8"))["features"]
    parts: dict[str, list] = {}
    splits = [(set(names), Polygon(poly), code) for names, poly, code in SPLITS_1939]
    for f in feats:
        name = f["properties"]["name"]
        code = MODERN_TO_1939.get(name)
        if code is None:
            continue
        g = shape(f["geometry"]).buffer(0)
        for names, poly, new in splits:
            if name in names and g.intersects(poly):
                parts.setdefault(new, []).append(g.intersection(poly))
                g = g.difference(poly)
        parts.setdefault(code, []).append(g)
    caspian = Polygon(CASPIAN)
    parts.setdefault("_caspian", []).append(caspian.difference(unary_union([x for v in parts.values() for x in v])))
    return {k: unary_union(v) for k, v in parts.items()}


def weighted_area(geom, lat: float) -> float:
    return geom.area * math.cos(math.radians(lat))


def build(report: bool = False) -> MapModel:
    geo = Geo()
    grid = geo.grid
    corr = tomllib.loads(CORRECTIONS.read_text(encoding="utf-8"))
    countries = load_countries()
    land = unary_union(list(countries.values()))

    m = MapModel(
        grid=grid, name=corr["map"]["name"], hex_size=float(corr["map"]["hex_size"]), notes=corr["map"]["notes"]
    )
    for code, c in corr["countries"].items():
        m.countries[code] = Country(c["name"], c["colour"], c["allegiance"])
    for code, s in corr["seas"].items():
        m.seas[code] = Sea(s["name"], s["colour"])

    shares: dict[Hex, float] = {}
    for h in grid.hexes():
        poly = geo.polygon(h)
        lat = poly.centroid.y
        total = poly.area
        inter = poly.intersection(land)
        share = inter.area / total
        shares[h] = share
        d = m.hexes[h]
        d.terrain = "land" if share >= LAND_MIN else "sea" if share <= SEA_MAX else "coastal"
        if d.terrain != "sea":
            best, best_a = None, 0.0
            for code, g in countries.items():
                if code == "_caspian" or not poly.intersects(g):
                    continue
                a = poly.intersection(g).area
                if a > best_a:
                    best, best_a = code, a
            d.country = best or "su"  # a hex of nothing but Caspian: Soviet
        if d.terrain != "land":
            water = poly.difference(land)
            c = water.centroid if not water.is_empty else poly.centroid
            d.sea = sea_of(c.x, c.y)
        del lat

    apply_hex_corrections(m, corr)
    # all-sea sides between two non-sea hexes, from the geometry (after the hand terrain)
    for s in grid.all_hexsides():
        if not (grid.contains(s.a) and grid.contains(s.b)):
            continue
        if m.hexes[s.a].terrain == "sea" or m.hexes[s.b].terrain == "sea":
            continue
        if not geo.side_line(s.a, s.b).intersects(land):
            m.set_side(s, all_sea=True)

    apply_corrections(m, corr)
    if report:
        for h in grid.hexes():
            d = m.hexes[h]
            print(grid.label(h), d.terrain, d.country, d.sea, f"{shares[h]:.2f}", d.name)
    return m


def apply_hex_corrections(m: MapModel, corr: dict) -> None:
    g = m.grid
    for lab, c in corr.get("hexes", {}).items():
        d = m.hex(lab)
        for k, v in c.items():
            if k == "port_access":
                d.port_access = tuple(g.parse(x) for x in v)
            elif k in ("country", "sea"):
                setattr(d, k, v or None)
            else:
                setattr(d, k, v)
        if d.terrain == "land":
            d.sea = None
        elif d.sea is None:
            raise SystemExit(f"{lab}: water hex without a sea; give it one in the corrections")
        if d.terrain == "sea":
            d.country = None


def apply_corrections(m: MapModel, corr: dict) -> None:
    g = m.grid
    for lab in corr.get("mountains", {}).get("hexes", []):
        m.hex(lab).mountain = True
    for lab, c in corr.get("hexsides", {}).items():
        s = g.parse_side(lab)
        m.set_side(s, **{k: v for k, v in c.items()})
    for code, rg in corr.get("regions", {}).items():
        m.regions[code] = Region(rg["name"], tuple(g.parse(x) for x in rg["hexes"]), rg.get("country"))
    for code, b in corr.get("boxes", {}).items():
        m.boxes[code] = Box(
            name=b["name"],
            production=b.get("production", 0),
            country=b.get("country"),
            land=tuple(g.parse(x) for x in b.get("land", [])),
            sea_arrows=tuple(SeaArrow(g.parse(a["hex"]), a["length"], a["sea"]) for a in b.get("sea_arrows", [])),
            position=tuple(float(x) for x in b["position"]),
            optional=b.get("optional", False),
        )
    for fid, f in corr.get("features", {}).items():
        attrs = {k: v for k, v in f.items() if k not in ("kind", "hex", "box")}
        m.features[fid] = Feature(f["kind"], g.parse(f["hex"]) if "hex" in f else None, f.get("box"), attrs)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--report", action="store_true", help="print every hex's terrain, country, sea and land share")
    ap.add_argument("-o", "--out", default=str(OUT))
    args = ap.parse_args(argv)
    m = build(args.report)
    save_map(m, args.out, backup=False)  # regenerated from its sources: git keeps the old one
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
