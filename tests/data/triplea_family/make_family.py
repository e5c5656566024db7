"""Write three small TripleA maps of the Axis & Allies family (tests/data/triplea_family/*/map/):
the shapes of public maps the toy map (tests/data/triplea_toy) does not have, made here because
the real maps' licences are unclear (their text files are not copied into the tests).

    python tests/data/triplea_family/make_family.py

``regions/``: World War II v4's shape.  Territories named for regions ("Western Europe" holds
Paris, "Southern Europe" Rome, "Caucasus" Stalingrad, "Philipine Islands" Manila, as TripleA
spells it); a neutral as v4's are (Brazil: no one's, ``isImpassable``); no
``<relationshipInitialize>`` (TripleA puts the two alliances at war); Germans in
West Russia beside Russia's army (the Russians must be able to retake it); no Samara; a world
that wraps though map.properties does not say so (the Americas meet across the edge).

``cities/``: New World Order's and World at War's shape.  Territories named after their cities
(Berlin, Roma, Moscow, Tokyo, Pearl Harbor...), the Japanese player named for its commander
(Yamamoto, whose capital is Tokyo), European Axis minors (Finns, whose army faces the Russians at
Leningrad); no ``<relationshipInitialize>``; no Johannesburg.

``regions/tiles.png``: the regions board as TripleA's base tiles show it once stitched together
(what ``mapref trace-areas`` is given): white land, dark blue filled seas, one-pixel black
borders; Otsu's threshold of such a picture falls between the land and the sea.

``broken/``: Red Sun over China's shape.  A ``<relationshipInitialize>`` that overrides the
alliances (the British at peace with the Japanese; the Americans at war with them, dated round 2);
an outline of one point (``SZ 100 Pacific Ocean  <  (0,2248) >``, line 185's fault in Red Sun
over China's polygons.txt) and a territory one of whose two parts is broken.
"""

from pathlib import Path

HERE = Path(__file__).resolve().parent
W, H = 100, 80  # a cell


def ring(x0, y0, x1, y1):
    return f"({x0},{y0}) ({x1},{y0}) ({x1},{y1}) ({x0},{y1})"


def cell_box(r, c):
    return c * W + 1, r * H + 1, c * W + W - 1, r * H + H - 1  # a 2-pixel border line left out between neighbours


class Map:
    """A map of ``cols`` x ``rows`` cells: land cells as given, the others sea zones."""

    def __init__(self, name, cols, rows, land, players, colours):
        self.name, self.cols, self.rows, self.land, self.players, self.colours = (
            name,
            cols,
            rows,
            land,
            players,
            colours,
        )
        self.cells, self.water, self.order = {}, [], []
        n = 0
        for r in range(rows):
            for c in range(cols):
                if (r, c) in land:
                    t = land[(r, c)][0]
                else:
                    n += 1
                    t = f"{n} Sea Zone"
                    self.water.append(t)
                self.cells[(r, c)] = t
                self.order.append(t)
        self.capitals, self.production, self.units, self.vc = {}, {}, [], []
        self.relationships = None  # None: no <relationshipInitialize>
        self.extra_polys, self.extra_territories, self.extra_water, self.extra_conns = [], [], [], []
        self.wrap = ""  # "said": map.scrollWrapX=true; "unsaid": joined across the edge only
        self.broken = {}  # territory -> its line in polygons.txt (replacing the cell's)
        self.impassable = []  # territories TripleA lets no unit enter (isImpassable: v4's neutrals)

    def connections(self):
        out = []
        for (r, c), t in self.cells.items():
            east = (r, c + 1) if c + 1 < self.cols else ((r, 0) if self.wrap else None)
            for other in (east, (r + 1, c)):
                if other in self.cells:
                    out.append((t, self.cells[other]))
        return out + self.extra_conns

    def write(self, folder: Path):
        (folder / "games").mkdir(parents=True, exist_ok=True)
        polys, centres = [], []
        for (r, c), t in self.cells.items():
            x0, y0, x1, y1 = cell_box(r, c)
            polys.append(self.broken.get(t) or f"{t}  <  {ring(x0, y0, x1, y1)}  >")
            centres.append(f"{t}  ({(x0 + x1) // 2},{(y0 + y1) // 2})")
        polys += self.extra_polys
        (folder / "polygons.txt").write_text("\n".join(polys) + "\n", encoding="utf-8")
        (folder / "centers.txt").write_text("\n".join(centres) + "\n", encoding="utf-8")
        props = [f"map.width={self.cols * W}", f"map.height={self.rows * H}"]
        props += ["map.scrollWrapX=true"] if self.wrap == "said" else []
        props += [f"color.{p}={c}" for p, c in self.colours.items()]
        (folder / "map.properties").write_text("\n".join(props) + "\n", encoding="utf-8")
        (folder / "games" / f"{self.name.lower().replace(' ', '_')}.xml").write_text(self.xml(), encoding="utf-8")

    def xml(self):
        x = [
            '<?xml version="1.0" encoding="UTF-8"?>',
            '<!DOCTYPE game SYSTEM "game.dtd">',
            "<game>",
            f'  <info name="{self.name}" version="1.0"/>',
            "  <map>",
        ]
        x += [f'    <territory name="{t}"' + (' water="true"/>' if t in self.water else "/>") for t in self.order]
        x += [f'    <territory name="{t}"/>' for t in self.extra_territories]
        x += [f'    <territory name="{t}" water="true"/>' for t in self.extra_water]
        x += [f'    <connection t1="{a}" t2="{b}"/>' for a, b in self.connections()]
        x += ["  </map>", '  <resourceList>\n    <resource name="PUs"/>\n  </resourceList>', "  <playerList>"]
        x += [f'    <player name="{p}" optional="false"/>' for p, _, _ in self.players]
        x += [f'    <alliance player="{p}" alliance="{a}"/>' for p, a, _ in self.players]
        x += ["  </playerList>", "  <unitList>"]
        x += [f'    <unit name="{u}"/>' for u in ("infantry", "armour", "battleship", "transport", "factory_major")]
        x += ["  </unitList>", "  <relationshipTypes>"]
        x += [f'    <relationshipType name="{t}"/>' for t in ("War", "Allied", "Neutrality")]
        x += ["  </relationshipTypes>", "  <attachmentList>"]
        for t, arch in (("War", "war"), ("Allied", "allied"), ("Neutrality", "neutral")):
            x.append(
                f'    <attachment name="relationshipTypeAttachment" attachTo="{t}" javaClass="RelationshipTypeAttachment" '
                f'type="relationship">\n      <option name="archeType" value="{arch}"/>\n    </attachment>'
            )
        for u, opt in (("battleship", "isSea"), ("transport", "isSea"), ("factory_major", "isInfrastructure")):
            x.append(
                f'    <attachment name="unitAttachment" attachTo="{u}" javaClass="UnitAttachment" type="unitType">\n'
                f'      <option name="{opt}" value="true"/>\n    </attachment>'
            )
        for t in dict.fromkeys([v[0] for v in self.land.values()] + self.extra_territories):
            opts = [f'      <option name="production" value="{self.production.get(t, 1)}"/>']
            if t in self.capitals:
                opts.append(f'      <option name="capital" value="{self.capitals[t]}"/>')
            if t in self.vc:
                opts.append('      <option name="victoryCity" value="1"/>')
            if t in self.impassable:
                opts.append('      <option name="isImpassable" value="true"/>')
            x.append(
                f'    <attachment name="territoryAttachment" attachTo="{t}" javaClass="TerritoryAttachment" '
                'type="territory">\n' + "\n".join(opts) + "\n    </attachment>"
            )
        x += ["  </attachmentList>", "  <initialize>", "    <ownerInitialize>"]
        x += [f'      <territoryOwner territory="{t}" owner="{o}"/>' for t, o in self.land.values() if o]
        x += ["    </ownerInitialize>", "    <unitInitialize>"]
        x += [
            f'      <unitPlacement unitType="{u}" territory="{t}" quantity="{q}" owner="{o}"/>'
            for t, u, o, q in self.units
        ]
        x += ["    </unitInitialize>", "    <resourceInitialize>"]
        x += [f'      <resourceGiven player="{p}" resource="PUs" quantity="{cash}"/>' for p, _, cash in self.players]
        x.append("    </resourceInitialize>")
        if self.relationships is not None:
            x.append("    <relationshipInitialize>")
            x += [
                f'      <relationship type="{t}" player1="{a}" player2="{b}" roundValue="{rv}"/>'
                for a, b, t, rv in self.relationships
            ]
            x.append("    </relationshipInitialize>")
        x += ["  </initialize>", "</game>"]
        return "\n".join(x) + "\n"


def regions():
    land = {
        (0, 0): ("Eastern United States", "Americans"),
        (0, 2): ("United Kingdom", "British"),
        (0, 3): ("Western Europe", "Germans"),
        (0, 4): ("Germany", "Germans"),
        (0, 5): ("West Russia", "Germans"),
        (0, 6): ("Russia", "Russians"),
        (0, 7): ("Soviet Far East", "Russians"),
        (0, 9): ("Western United States", "Americans"),
        (1, 0): ("Central United States", "Americans"),
        (1, 3): ("Southern Europe", "Germans"),
        (1, 4): ("Eastern Europe", "Germans"),
        (1, 5): ("Caucasus", "Russians"),
        (1, 6): ("Kazakh S.S.R.", "Russians"),
        (1, 7): ("Kwantung", "Japanese"),
        (1, 8): ("Japan", "Japanese"),
        (2, 0): ("Brazil", ""),
        (2, 3): ("Anglo Egypt", "British"),
        (2, 5): ("Persia", "British"),
        (2, 6): ("India", "British"),
        (2, 8): ("Philipine Islands", "Japanese"),
        (2, 9): ("Hawaiian Islands", "Americans"),
        (3, 3): ("Union of South Africa", "British"),
        (3, 8): ("Australia", "British"),
    }
    players = [("Russians", "Allies", 24), ("Germans", "Axis", 40), ("British", "Allies", 30)]
    players += [("Japanese", "Axis", 30), ("Americans", "Allies", 42)]
    colours = {"Russians": "af2828", "Germans": "5a5a5a", "British": "916400", "Japanese": "e6b42d"}
    colours["Americans"] = "5a5a00"
    m = Map("Regions World", 10, 4, land, players, colours)
    m.wrap = "unsaid"
    m.impassable = ["Brazil"]  # a neutral as v4's are: no one's, impassable
    m.capitals = {"Germany": "Germans", "Russia": "Russians", "United Kingdom": "British", "Japan": "Japanese"}
    m.capitals["Eastern United States"] = "Americans"
    m.vc = ["Germany", "Russia", "United Kingdom", "Japan", "Eastern United States", "India", "Western Europe"]
    m.production = {"Germany": 10, "Russia": 8, "United Kingdom": 8, "Japan": 8, "Eastern United States": 12}
    m.units = [
        ("Germany", "infantry", "Germans", 3),
        ("Germany", "factory_major", "Germans", 1),
        ("West Russia", "infantry", "Germans", 3),
        ("West Russia", "armour", "Germans", 1),
        ("Southern Europe", "infantry", "Germans", 1),
        ("Russia", "infantry", "Russians", 4),
        ("Russia", "factory_major", "Russians", 1),
        ("Caucasus", "infantry", "Russians", 2),
        ("United Kingdom", "infantry", "British", 2),
        ("Anglo Egypt", "infantry", "British", 1),
        ("Kwantung", "infantry", "Japanese", 2),
        ("Japan", "infantry", "Japanese", 3),
        ("Eastern United States", "infantry", "Americans", 2),
        ("Western United States", "infantry", "Americans", 1),
        ("2 Sea Zone", "battleship", "British", 1),
        ("13 Sea Zone", "transport", "Japanese", 1),
    ]
    return m


def cities():
    land = {
        (0, 0): ("Washington", "Americans"),
        (0, 2): ("London", "British"),
        (0, 3): ("Paris", "French"),
        (0, 4): ("Berlin", "Germans"),
        (0, 5): ("Warsaw", "Germans"),
        (0, 6): ("Moscow", "Russians"),
        (0, 7): ("Kuybyshev", "Russians"),
        (0, 9): ("San Francisco", "Americans"),
        (1, 3): ("Lombardy", "Italians"),
        (1, 4): ("Roma", "Italians"),
        (1, 6): ("Stalingrad", "Russians"),
        (1, 7): ("Hong Kong", "Chinese"),
        (1, 8): ("Tokyo", "Yamamoto"),
        (2, 4): ("Helsinki", "Finns"),
        (2, 5): ("Leningrad", "Russians"),
        (2, 6): ("Calcutta", "British"),
        (2, 8): ("Manila", "Americans"),
        (2, 9): ("Pearl Harbor", "Americans"),
        (3, 8): ("Sydney", "Anzac"),
        (3, 3): ("Cape Town", "British"),
    }
    players = [("Germans", "Axis", 40), ("Russians", "Allies", 30), ("Italians", "Axis", 12), ("French", "Allies", 20)]
    players += [("Yamamoto", "Axis", 30), ("Chinese", "Allies", 8), ("British", "Allies", 30), ("Anzac", "Allies", 10)]
    players += [("Finns", "Axis", 4), ("Americans", "Allies", 40)]
    colours = {"Germans": "5a5a5a", "Russians": "af2828", "Italians": "236b6a", "French": "1a4fc4"}
    colours |= {"Yamamoto": "e6b42d", "Chinese": "644664", "British": "916400", "Anzac": "4e7c30"}
    colours |= {"Finns": "6c8ebf", "Americans": "5a5a00"}
    m = Map("Cities World", 10, 4, land, players, colours)
    m.wrap = "said"
    m.capitals = {"Berlin": "Germans", "Moscow": "Russians", "Roma": "Italians", "Paris": "French"}
    m.capitals |= {"Tokyo": "Yamamoto", "London": "British", "Sydney": "Anzac", "Helsinki": "Finns"}
    m.capitals |= {"Washington": "Americans"}
    m.vc = list(m.capitals)
    m.units = [
        ("Berlin", "infantry", "Germans", 4),
        ("Roma", "infantry", "Italians", 2),
        ("Moscow", "infantry", "Russians", 4),
        ("Leningrad", "infantry", "Russians", 2),
        ("Helsinki", "infantry", "Finns", 2),
        ("Tokyo", "infantry", "Yamamoto", 3),
        ("London", "infantry", "British", 2),
        ("Paris", "infantry", "French", 3),
        ("Washington", "infantry", "Americans", 2),
        ("Hong Kong", "infantry", "Chinese", 1),
        ("Sydney", "infantry", "Anzac", 1),
    ]
    # no German army stands beside a Russian one (Warsaw, beside Moscow, is empty): the Russians
    # start at peace with the Germans; the Finns' army faces theirs at Leningrad
    return m


def broken():
    land = {
        (0, 1): ("Peking", "Japanese"),
        (0, 2): ("Manchuria", "Manchukwo"),
        (1, 1): ("Nanking", "Nationalist"),
        (1, 2): ("Yenan", "Communist"),
        (2, 1): ("Hongkong", "British"),
        (2, 2): ("Bangkok", "Thailand"),
        (0, 4): ("Tokyo", "Japanese"),
        (1, 4): ("Manila", "Americans"),
    }
    players = [("Nationalist", "Allies", 20), ("Communist", "Allies", 8), ("British", "Allies", 10)]
    players += [
        ("Manchukwo", "Axis", 6),
        ("Japanese", "Axis", 30),
        ("Thailand", "Axis", 4),
        ("Americans", "Allies", 30),
    ]
    colours = {"Nationalist": "1a4fc4", "Communist": "c41a1a", "British": "916400", "Manchukwo": "b08040"}
    colours |= {"Japanese": "e6b42d", "Thailand": "40a0a0", "Americans": "5a5a00"}
    m = Map("Broken World", 5, 3, land, players, colours)
    m.capitals = {"Nanking": "Nationalist", "Yenan": "Communist", "Tokyo": "Japanese", "Manila": "Americans"}
    m.units = [("Nanking", "infantry", "Nationalist", 3), ("Peking", "infantry", "Japanese", 3)]
    m.relationships = [
        ("Nationalist", "Communist", "Allied", 1),
        ("Nationalist", "Japanese", "War", 1),
        ("Communist", "Japanese", "War", 1),
        ("Nationalist", "Manchukwo", "War", 1),
        ("British", "Japanese", "Neutrality", 1),
        ("British", "Manchukwo", "Neutrality", 1),
        ("British", "Thailand", "Neutrality", 1),
        ("Americans", "Japanese", "War", 2),  # dated round 2: in force at the start all the same (TripleA)
    ]
    # an island in 6 Sea Zone whose second part is broken, and a sea zone of one point (a box)
    m.extra_territories, m.extra_water = ["Formosa", "Hainan"], ["SZ 100 Pacific Ocean"]
    m.land[(9, 9)] = ("Formosa", "Japanese")  # off the grid: drawn by its own line below
    m.extra_polys = [
        "Formosa  <  (310,170) (340,170) (340,200) (310,200)  >  <  (320,150) (330  >",
        "SZ 100 Pacific Ocean  <  (0,2248) >",
        "Hainan  <  (310,90) (340,90) (340,120) (310,120)  >",
    ]
    m.extra_conns = [("Formosa", "6 Sea Zone"), ("SZ 100 Pacific Ocean", "7 Sea Zone"), ("Hainan", "4 Sea Zone")]
    # a neutral player friendly to the British (Iron War's Pro-Allies-Neutral): its island's army
    # is the British's to claim (CLAIMING STANDING ARMIES)
    m.players.append(("Pro-Allies-Neutral", "Neutral", 0))
    m.colours["Pro-Allies-Neutral"] = "b0b0b0"
    m.land[(9, 8)] = ("Hainan", "Pro-Allies-Neutral")
    m.units.append(("Hainan", "infantry", "Pro-Allies-Neutral", 2))
    m.relationships.append(("British", "Pro-Allies-Neutral", "Allied", 1))
    return m


def tiles(m: Map, out: Path) -> None:
    """The board as TripleA's stitched base tiles: land white, sea zones filled dark blue
    (#46648c, grey 97), black border lines a pixel wide, a white margin round the map."""
    from PIL import Image, ImageDraw

    pad = 12
    img = Image.new("RGB", (m.cols * W + 2 * pad, m.rows * H + 2 * pad), "white")
    d = ImageDraw.Draw(img)
    for (r, c), t in m.cells.items():
        if t in m.water:
            d.rectangle([pad + c * W, pad + r * H, pad + c * W + W, pad + r * H + H], fill="#46648c")
    for c in range(m.cols + 1):
        d.line([(pad + c * W, pad), (pad + c * W, pad + m.rows * H)], fill="black", width=1)
    for r in range(m.rows + 1):
        d.line([(pad, pad + r * H), (pad + m.cols * W, pad + r * H)], fill="black", width=1)
    img.save(out, optimize=True)


def main():
    regions().write(HERE / "regions" / "map")
    tiles(regions(), HERE / "regions" / "tiles.png")
    cities().write(HERE / "cities" / "map")
    broken().write(HERE / "broken" / "map")


if __name__ == "__main__":
    main()
