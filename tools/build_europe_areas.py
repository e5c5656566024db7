"""Build maps/europe_areas.toml: the area map the Axis & Allies house rules scenario is played on
(scenarios/aa_house_rules.toml; shared/seeds/004).

    PYTHONPATH=. python tools/build_europe_areas.py [OUT.toml]

1. ``mapref import-areas`` on the Natural Earth countries of Europe, North Africa and the Middle
   East (tools/data/ne_110m_countries_europe.geojson): one location per country, a proposed
   land line between every two that share a border;
2. Russia is split into halves at 52 N so that Moscow (the north half) and Stalingrad (the south
   half) are two territories, as the victory-city list needs, and Italy at 43.4 N into Northern
   Italy (the Italian Social Republic rule) and the south with Rome (rulings A2);
3. the proposed land lines are accepted; each country gets its 1939 owner as its colour class;
   the victory cities and capitals of 004 are named on their territories (``attrs.city``);
4. what lies off this map (the Americas, the Pacific, South Africa, Mongolia) is off-map boxes,
   and naval lines join the coasts and the boxes (rulings A1).
"""

from __future__ import annotations

import dataclasses
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mapref.core.areaedit import split_location
from mapref.core.areamodel import Box, ColourClass, MoveLine
from mapref.io.areafile import load_area_map, save_area_map

SOURCE = ROOT / "tools" / "data" / "ne_110m_countries_europe.geojson"  # Natural Earth 1:110m (public domain)
OUT = ROOT / "maps" / "europe_areas.toml"

# nation colour classes: (name, fill, side)
NATIONS = {
    "germany": ("Germany", "#8c8c8c", "axis"),
    "italy": ("Italy", "#b7a96e", "axis"),
    "japan": ("Japan", "#e0a040", "axis"),
    "soviet": ("Soviet Union", "#c0504d", "allies"),
    "usa": ("United States", "#5f9b4c", "allies"),
    "uk_europe": ("United Kingdom (Europe)", "#c8a27a", "allies"),
    "uk_pacific": ("United Kingdom (Pacific)", "#b68d62", "allies"),
    "canada": ("Commonwealth (Canada)", "#d6b48e", "allies"),
    "anzac": ("Commonwealth (ANZAC)", "#a67b52", "allies"),
    "france": ("France", "#6f8fc7", "allies"),
    "china": ("China", "#7fae9c", "allies"),
    "neutral": ("Neutral", "#ece3c8", ""),
}
# 1939 owners of the countries on the map (the rest are neutral)
OWNERS = {
    "germany": ["germany", "austria", "czechia", "slovakia", "poland"],
    "italy": ["italy", "albania", "libya", "eritrea", "ethiopia"],  # Somalia: only a sliver at the frame, not imported
    "soviet": [
        "russia",
        "belarus",
        "ukraine",
        "moldova",
        "georgia",
        "armenia",
        "azerbaijan",
        "kazakhstan",
        "uzbekistan",
        "turkmenistan",
        "tajikistan",
        "kyrgyzstan",
    ],
    "uk_europe": [
        "united_kingdom",
        "egypt",
        "israel",
        "palestine",
        "jordan",
        "cyprus",
        "n_cyprus",
        "sudan",
        "s_sudan",
        "kuwait",
        "qatar",
        "united_arab_emirates",
        "oman",
        "yemen",
        "nigeria",
        "gambia",
    ],
    "uk_pacific": ["india", "pakistan"],
    "france": [
        "france",
        "algeria",
        "tunisia",
        "morocco",
        "syria",
        "lebanon",
        "senegal",
        "mali",
        "mauritania",
        "guinea",
        "burkina_faso",
        "niger",
        "benin",
        "chad",
        "cameroon",
        "djibouti",
    ],
}
# 004's victory cities and capitals on this map: territory -> city
CITIES = {
    "germany": "Berlin",
    "italy.s": "Rome",
    "italy.n": "Northern Italy",
    "france": "Paris",
    "united_kingdom": "London",
    "russia.n": "Moscow",
    "russia.s": "Stalingrad",
    "india": "Calcutta",
}
CAPITALS = {"germany", "italy", "france", "united_kingdom", "russia", "india"}
# off-map boxes: id -> (name, owner, city, capital, position)
BOXES = {
    "washington": ("Eastern United States", "usa", "Washington", True, (15, 370)),
    "ottawa": ("Eastern Canada", "canada", "Ottawa", True, (15, 420)),
    "venezuela": ("Venezuela", "neutral", "", False, (15, 560)),
    "colombia": ("Colombia", "neutral", "", False, (15, 610)),
    "brazil": ("Brazil", "neutral", "", False, (15, 660)),
    "peru": ("Peru", "neutral", "", False, (15, 710)),
    "chile": ("Chile", "neutral", "", False, (15, 760)),
    "argentina": ("Argentina", "neutral", "", False, (15, 810)),
    "johannesburg": ("Union of South Africa", "uk_europe", "Johannesburg", False, (1390, 1190)),
    "mongolia": ("Mongolia", "neutral", "", False, (1545, 520)),
    "samara": ("Samara (Pacific map)", "soviet", "Samara", False, (1545, 420)),
    "tokyo": ("Japan", "japan", "Tokyo", True, (1545, 700)),
    "hong_kong": ("Hong Kong", "uk_pacific", "Hong Kong", False, (1545, 760)),
    "manila": ("Philippines", "usa", "Manila", False, (1545, 820)),
    "sydney": ("New South Wales", "anzac", "Sydney", True, (1545, 880)),
    "honolulu": ("Hawaiian Islands", "usa", "Honolulu", False, (1545, 940)),
    "san_francisco": ("Western United States", "usa", "San Francisco", True, (1545, 1000)),
}
NAVAL = [
    ("united_kingdom", "france"),
    ("united_kingdom", "norway"),
    ("united_kingdom", "iceland"),
    ("iceland", "greenland"),
    ("united_kingdom", "ireland"),
    ("united_kingdom", "netherlands"),
    ("united_kingdom", "belgium"),
    ("united_kingdom", "portugal"),
    ("spain", "morocco"),
    ("italy.s", "libya"),
    ("italy.s", "tunisia"),
    ("italy.s", "albania"),
    ("greece", "egypt"),
    ("turkey", "cyprus"),
    ("cyprus", "egypt"),
    ("cyprus", "lebanon"),
    ("denmark", "norway"),
    ("denmark", "sweden"),
    ("sweden", "germany"),
    ("finland", "estonia"),
    ("sweden", "latvia"),
    ("box:washington", "united_kingdom"),
    ("box:ottawa", "united_kingdom"),
    ("box:washington", "box:venezuela"),
    ("box:washington", "box:brazil"),
    ("box:brazil", "senegal"),
    ("box:brazil", "box:johannesburg"),
    ("box:johannesburg", "djibouti"),
    ("box:johannesburg", "india"),
    ("box:johannesburg", "nigeria"),
    ("box:san_francisco", "box:honolulu"),
    ("box:honolulu", "box:tokyo"),
    ("box:honolulu", "box:manila"),
    ("box:honolulu", "box:sydney"),
    ("box:tokyo", "box:hong_kong"),
    ("box:tokyo", "box:manila"),
    ("box:hong_kong", "box:manila"),
    ("box:hong_kong", "india"),
    ("box:manila", "box:sydney"),
    ("box:sydney", "india"),
]
LAND = [
    ("box:washington", "box:ottawa"),
    ("box:brazil", "box:argentina"),
    ("box:brazil", "box:venezuela"),
    ("box:brazil", "box:colombia"),
    ("box:brazil", "box:peru"),
    ("box:peru", "box:chile"),
    ("box:chile", "box:argentina"),
    ("box:colombia", "box:venezuela"),
    ("box:colombia", "box:peru"),
    ("box:mongolia", "russia.s"),
    ("box:samara", "russia.n"),
    # Turkey meets Bulgaria and Greece in Thrace, its European part across the Straits: the import
    # proposes no line on an outlying part, and armies walk there in 004's games (Russia's
    # Kaliningrad and Northern Ireland stay without: Great Britain is reached by sea)
    ("bulgaria", "turkey"),
    ("greece", "turkey"),
]


def build(out: Path = OUT) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        raw = Path(tmp) / "raw.toml"
        r = subprocess.run(
            [sys.executable, "-m", "mapref", "import-areas", str(SOURCE), "-o", str(raw)],
            capture_output=True,
            text=True,
            env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
        )
        if r.returncode != 0:
            raise SystemExit(r.stderr)
        m = load_area_map(raw)
    m.name = "Europe, North Africa and the Middle East (areas)"
    m.notes = (
        "Imported with mapref import-areas from Natural Earth 1:110m countries (public domain), by "
        "tools/build_europe_areas.py: Russia split at 52 N, 1939 owners as colours, 004's victory cities and "
        "capitals named, off-map boxes for the Americas, the Pacific, South Africa and Mongolia, naval lines added."
    )
    split_location(m, "russia", [(700.0, 460.0), (1600.0, 460.0)], ("n", "s")).do(m)
    # Northern Italy (the Italian Social Republic rule) and the south with Rome: split at 43.4 N
    split_location(m, "italy", [(520.0, 632.0), (820.0, 632.0)], ("n", "s")).do(m)
    m.colours = {k: ColourClass(n, c, s) for k, (n, c, s) in NATIONS.items()}
    owner = {loc: nation for nation, locs in OWNERS.items() for loc in locs}
    for lid, loc in list(m.locations.items()):
        attrs = dict(loc.attrs)
        cities = [c for s, c in CITIES.items() if s.split(".")[0] == lid]
        if cities and not loc.has_halves:
            attrs["city"] = cities[0]
        elif loc.has_halves:
            for s, c in CITIES.items():
                if s.startswith(lid + "."):
                    attrs[f"city_{s.split('.')[1]}"] = c
        m.locations[lid] = dataclasses.replace(
            loc, colour=owner.get(lid, "neutral"), capital=lid in CAPITALS, attrs=attrs
        )
    for bid, (name, own, city, capital, pos) in BOXES.items():
        m.boxes[bid] = Box(
            bid,
            name=name,
            colour=own,
            capital=capital,
            attrs={"city": city} if city else {},
            position=pos,
            size=(130.0, 40.0),
        )
    for lid, ln in list(m.lines.items()):
        m.lines[lid] = dataclasses.replace(ln, proposed=False)
    for kind, pairs in (("naval", NAVAL), ("land", LAND)):
        for a, b in pairs:
            lid = f"{a.removeprefix('box:').replace('.', '_')}-{b.removeprefix('box:').replace('.', '_')}"
            if kind == "naval":
                lid += "-sea"
            m.lines[lid] = MoveLine(lid, a, b, kind=kind)
    m.touch()
    save_area_map(m, out)
    print(f"{out}: {len(m.locations)} locations, {len(m.boxes)} boxes, {len(m.lines)} lines")


if __name__ == "__main__":
    build(Path(sys.argv[1]) if len(sys.argv) > 1 else OUT)
