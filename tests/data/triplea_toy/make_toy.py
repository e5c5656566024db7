"""Write the toy TripleA map of the tests (tests/data/triplea_toy/map/): a world of 100 x 80 pixel
cells drawn as a TripleA map maker draws it, for ``mapref import-triplea`` without the shared maps.

    python tests/data/triplea_toy/make_toy.py

What it exercises: outlines with a two-pixel border line left out between neighbours; islands
drawn over their sea zone; a map that wraps around (the two United States meet across the seam);
a land connection across water (United Kingdom - France); an impassable territory holding a
capital (Himalayas, as in Global 1940); a helper territory too small to draw (Threat); an outline
naming no territory; a connection given twice and one commented out; TripleA's variables
(production by ``foreach="$land$:$ipc$"``, victory cities by ``foreach="$cities$"``); players of
the Axis and Allies, the three kinds of neutrals and the Mongolians; owners, units, factories,
ships, resources and relationships.  Every victory city and capital of shared/seeds/004 that the
house rules need is here (as the Axis & Allies maps name them).
"""

from pathlib import Path

HERE = Path(__file__).resolve().parent / "map"
W, H = 100, 80  # a cell
COLS, ROWS = 12, 5
LAND = {  # (row, col): (territory, owner)
    (0, 0): ("Eastern United States", "Americans"),
    (0, 5): ("Sweden", "Neutral_True"),
    (0, 6): ("Russia", "Russians"),
    (0, 7): ("Samara", "Russians"),
    (0, 8): ("Central Mongolia", "Mongolians"),
    (0, 11): ("Western United States", "Americans"),
    (1, 0): ("Mexico", "Americans"),
    (1, 4): ("France", "French"),
    (1, 5): ("Germany", "Germans"),
    (1, 6): ("Volgograd", "Russians"),
    (1, 7): ("China", "Chinese"),
    (1, 8): ("Kwangtung", "UK_Pacific"),
    (2, 0): ("Brazil", "Neutral_Allies"),
    (2, 3): ("Spain", "Neutral_True"),
    (2, 4): ("Northern Italy", "Italians"),
    (2, 5): ("Bulgaria", "Neutral_Axis"),
    (2, 6): ("Himalayas", ""),
    (2, 7): ("India", "UK_Pacific"),
    (3, 0): ("Argentina", "Neutral_True"),
    (3, 4): ("Southern Italy", "Italians"),
    (3, 5): ("Greece", "Neutral_Allies"),
    (3, 9): ("New South Wales", "ANZAC"),
    (4, 4): ("Union of South Africa", "British"),
}
ISLANDS = {  # drawn over the sea zone of their cell: name, owner, cell, box inside the cell
    "United Kingdom": ("British", (0, 4), (20, 10, 60, 60)),
    "Eire": ("Neutral_Allies", (0, 4), (66, 30, 90, 60)),
    "Japan": ("Japanese", (1, 9), (30, 15, 70, 65)),
    "Philippines": ("Americans", (2, 8), (35, 20, 65, 60)),
    "Hawaiian Islands": ("Americans", (1, 10), (40, 30, 60, 50)),
}
PLAYERS = [
    ("Germans", "Axis"),
    ("Russians", "Allies"),
    ("Japanese", "Axis"),
    ("Americans", "Allies"),
    ("Chinese", "Allies"),
    ("British", "Allies"),
    ("UK_Pacific", "Allies"),
    ("Italians", "Axis"),
    ("ANZAC", "Allies"),
    ("French", "Allies"),
    ("Mongolians", "Mongolians"),
    ("Neutral_Axis", "Neutral_Axis"),
    ("Neutral_Allies", "Neutral_Allies"),
    ("Neutral_True", "Neutral_True"),
]
PRODUCTION = {
    "Germany": 12,
    "France": 8,
    "Southern Italy": 4,
    "Northern Italy": 5,
    "Russia": 8,
    "Volgograd": 3,
    "Samara": 2,
    "Eastern United States": 20,
    "Western United States": 10,
    "Mexico": 2,
    "United Kingdom": 8,
    "India": 3,
    "Kwangtung": 2,
    "China": 2,
    "Japan": 8,
    "Philippines": 2,
    "Hawaiian Islands": 1,
    "New South Wales": 3,
    "Union of South Africa": 2,
    "Spain": 2,
    "Sweden": 3,
    "Bulgaria": 1,
    "Greece": 2,
    "Brazil": 3,
    "Argentina": 2,
}
CITIES = [
    "Germany",
    "Southern Italy",
    "France",
    "Union of South Africa",
    "Russia",
    "Volgograd",
    "United Kingdom",
    "Eastern United States",
    "Japan",
    "Kwangtung",
    "Philippines",
    "India",
    "Samara",
    "New South Wales",
    "Hawaiian Islands",
    "Western United States",
]
CAPITALS = {
    "Germany": "Germans",
    "Southern Italy": "Italians",
    "Japan": "Japanese",
    "Russia": "Russians",
    "Eastern United States": "Americans",
    "United Kingdom": "British",
    "India": "UK_Pacific",
    "New South Wales": "ANZAC",
    "France": "French",
    "Himalayas": "Chinese",
}
UNITS = [
    ("Germany", "infantry", "Germans", 4),
    ("Germany", "armour", "Germans", 2),
    ("Germany", "factory_major", "Germans", 1),
    ("Southern Italy", "infantry", "Italians", 2),
    ("Northern Italy", "infantry", "Italians", 1),
    ("Northern Italy", "factory_minor", "Italians", 1),
    ("Japan", "infantry", "Japanese", 3),
    ("Russia", "infantry", "Russians", 3),
    ("Russia", "factory_major", "Russians", 1),
    ("Volgograd", "factory_minor", "Russians", 1),
    ("Eastern United States", "infantry", "Americans", 2),
    ("United Kingdom", "infantry", "British", 2),
    ("France", "infantry", "French", 3),
    ("India", "infantry", "UK_Pacific", 2),
    ("China", "infantry", "Chinese", 2),
    ("New South Wales", "infantry", "ANZAC", 1),
    ("Spain", "infantry", "Neutral_True", 3),
    ("Sweden", "infantry", "Neutral_True", 2),
    ("Bulgaria", "infantry", "Neutral_Axis", 2),
    ("Greece", "infantry", "Neutral_Allies", 2),
    ("Brazil", "infantry", "Neutral_Allies", 2),
    ("Argentina", "infantry", "Neutral_True", 3),
    ("Central Mongolia", "infantry", "Mongolians", 2),
    ("Eire", "infantry", "Neutral_Allies", 1),
]
AXIS = ("Germans", "Italians", "Japanese")
ALLIES = ("Russians", "Americans", "Chinese", "British", "UK_Pacific", "ANZAC", "French")
AT_WAR = (
    {("Germans", p) for p in ("British", "French", "UK_Pacific", "ANZAC")}
    | {("Italians", p) for p in ("British", "French")}
    | {("Japanese", "Chinese")}
)


def cell_box(r, c):
    return c * W + 1, r * H + 1, c * W + W - 1, r * H + H - 1  # one pixel left out on each side: a 2-pixel border line


def ring(x0, y0, x1, y1):
    return f"({x0},{y0}) ({x1},{y0}) ({x1},{y1}) ({x0},{y1})"


def main():
    (HERE / "games").mkdir(parents=True, exist_ok=True)
    polys, centres, water, order = [], [], [], []
    sea_of = {}
    n = 0
    for r in range(ROWS):
        for c in range(COLS):
            x0, y0, x1, y1 = cell_box(r, c)
            if (r, c) in LAND:
                name = LAND[(r, c)][0]
            else:
                n += 1
                name = f"{n} Sea Zone"
                water.append(name)
                sea_of[(r, c)] = name
            order.append(name)
            polys.append(f"{name}  <  {ring(x0, y0, x1, y1)}  >")
            centres.append(f"{name}  ({(x0 + x1) // 2},{(y0 + y1) // 2 + 12})")
    for name, (_, (r, c), (a, b, d, e)) in ISLANDS.items():
        x0, y0 = c * W, r * H
        order.append(name)
        polys.append(f"{name}  <  {ring(x0 + a, y0 + b, x0 + d, y0 + e)}  >")
        centres.append(f"{name}  ({x0 + (a + d) // 2},{y0 + (b + e) // 2})")
    polys.append("Threat  <  (1150,390) (1151,390) (1150,391)  >")  # a helper territory: too small to draw
    polys.append("Atlantis  <  (5,385) (40,385) (40,395)  >")  # names no territory of the game
    (HERE / "polygons.txt").write_text("\n".join(polys) + "\n", encoding="utf-8")
    (HERE / "centers.txt").write_text("\n".join(centres) + "\nThreat  (1150,390)\n", encoding="utf-8")
    props = [
        "# toy map",
        f"map.width={COLS * W}",
        f"map.height={ROWS * H}",
        "map.scrollWrapX=true",
        "color.Germans=5a5a5a",
        "color.Russians=af2828",
        "color.Americans=5a5a00",
        "color.British=916400",
    ]
    (HERE / "map.properties").write_text("\n".join(props) + "\n", encoding="utf-8")

    cells = {}
    for r in range(ROWS):
        for c in range(COLS):
            cells[(r, c)] = LAND[(r, c)][0] if (r, c) in LAND else sea_of[(r, c)]
    conns = []
    for (r, c), name in cells.items():
        for rr, cc in ((r, (c + 1) % COLS), (r + 1, c)):  # east (across the seam too) and south
            if (rr, cc) in cells:
                conns.append((name, cells[(rr, cc)]))
    for name, (_, cell, _) in ISLANDS.items():
        conns.append((name, sea_of[cell]))
    conns.append(("United Kingdom", "France"))  # a land connection across the water (a tunnel, a strait)
    conns.append(("Threat", "Germany"))
    conns.append(("Threat", "Russia"))
    land_names = [v[0] for v in LAND.values()] + list(ISLANDS)

    x = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<!DOCTYPE game SYSTEM "game.dtd">',
        "<game>",
        '  <info name="Toy World" version="1.0"/>',
        '  <loader javaClass="games.strategy.triplea.TripleA"/>',
        "  <variableList>",
    ]

    def var(name, values):
        x.append(f'    <variable name="{name}">')
        x.extend(f'      <element name="{v}"/>' for v in values)
        x.append("    </variable>")

    prod = [t for t in land_names if t in PRODUCTION]
    var("land", prod)
    var("ipc", [str(PRODUCTION[t]) for t in prod])
    var("european_cities", CITIES[:8])
    var("pacific_cities", CITIES[8:])
    var("cities", ["$european_cities$", "$pacific_cities$"])  # a variable made of variables
    x.append("  </variableList>")
    x.append("  <map>")
    for t in order + ["Threat"]:
        x.append(f'    <territory name="{t}"' + (' water="true"' if t in water else "") + "/>")
    for a, b in conns:
        x.append(f'    <connection t1="{a}" t2="{b}"/>')
    x.append('    <connection t1="Germany" t2="France"/>')  # given twice
    x.append('    <!--<connection t1="Spain" t2="Germany"/>-->')
    x.append("  </map>")
    x.append('  <resourceList>\n    <resource name="PUs"/>\n  </resourceList>')
    x.append("  <playerList>")
    x += [f'    <player name="{p}" optional="false"/>' for p, _ in PLAYERS]
    x += [f'    <alliance player="{p}" alliance="{a}"/>' for p, a in PLAYERS]
    x.append("  </playerList>")
    x.append("  <unitList>")
    for u in ("infantry", "armour", "battleship", "transport", "fighter", "factory_major", "factory_minor"):
        x.append(f'    <unit name="{u}"/>')
    x.append("  </unitList>")
    x.append("  <relationshipTypes>")
    for t in ("War", "Allied", "Neutrality", "Strict_Neutral", "Friendly_Neutral", "Unfriendly_Neutral"):
        x.append(f'    <relationshipType name="{t}"/>')
    x.append("  </relationshipTypes>")
    x.append("  <attachmentList>")
    for t, arch in (
        ("War", "war"),
        ("Allied", "allied"),
        ("Neutrality", "neutral"),
        ("Strict_Neutral", "neutral"),
        ("Friendly_Neutral", "allied"),
        ("Unfriendly_Neutral", "war"),
    ):
        x.append(
            f'    <attachment name="relationshipTypeAttachment" attachTo="{t}" javaClass="RelationshipTypeAttachment" '
            f'type="relationship">\n      <option name="archeType" value="{arch}"/>\n    </attachment>'
        )
    for u, opt in (
        ("battleship", "isSea"),
        ("transport", "isSea"),
        ("fighter", "isAir"),
        ("factory_major", "isInfrastructure"),
        ("factory_minor", "isInfrastructure"),
        ("infantry", "movement"),
    ):
        x.append(
            f'    <attachment name="unitAttachment" attachTo="{u}" javaClass="UnitAttachment" type="unitType">\n'
            f'      <option name="{opt}" value="{"1" if opt == "movement" else "true"}"/>\n    </attachment>'
        )
    x.append(
        '    <attachment name="territoryAttachment" attachTo="@land@" foreach="$land$:$ipc$" javaClass="TerritoryAttachment" '
        'type="territory">\n      <option name="production" value="@ipc@"/>\n    </attachment>'
    )
    x.append(
        '    <attachment name="territoryAttachment" attachTo="@cities@" foreach="$cities$" javaClass="TerritoryAttachment" '
        'type="territory">\n      <option name="victoryCity" value="1"/>\n    </attachment>'
    )
    for t, p in CAPITALS.items():
        extra = '\n      <option name="isImpassable" value="true"/>' if t == "Himalayas" else ""
        x.append(
            f'    <attachment name="territoryAttachment" attachTo="{t}" javaClass="TerritoryAttachment" type="territory">\n'
            f'      <option name="capital" value="{p}"/>{extra}\n    </attachment>'
        )
    x.append("  </attachmentList>")
    x.append("  <initialize>")
    x.append("    <ownerInitialize>")
    owners = [(t, o) for t, o in LAND.values() if o] + [(t, v[0]) for t, v in ISLANDS.items()]
    x += [f'      <territoryOwner territory="{t}" owner="{o}"/>' for t, o in owners]
    x.append("    </ownerInitialize>")
    x.append("    <unitInitialize>")
    x += [f'      <unitPlacement unitType="{u}" territory="{t}" quantity="{q}" owner="{o}"/>' for t, u, o, q in UNITS]
    x.append(f'      <unitPlacement unitType="battleship" territory="{sea_of[(0, 3)]}" quantity="1" owner="British"/>')
    x.append(f'      <unitPlacement unitType="transport" territory="{sea_of[(3, 3)]}" quantity="2" owner="Italians"/>')
    x.append("    </unitInitialize>")
    x.append("    <resourceInitialize>")
    for p, cash in (
        ("Germans", 30),
        ("Russians", 24),
        ("Japanese", 26),
        ("Americans", 40),
        ("Chinese", 6),
        ("British", 28),
        ("UK_Pacific", 16),
        ("Italians", 10),
        ("ANZAC", 10),
        ("French", 19),
    ):
        x.append(f'      <resourceGiven player="{p}" resource="PUs" quantity="{cash}"/>')
    x.append("    </resourceInitialize>")
    x.append("    <relationshipInitialize>")
    names = [p for p, _ in PLAYERS]
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            if (a, b) in AT_WAR or (b, a) in AT_WAR:
                t = "War"
            elif (a in AXIS and b in AXIS) or (a in ALLIES and b in ALLIES):
                t = "Allied"
            elif "Neutral_Axis" in (a, b) and ({a, b} & set(AXIS)):
                t = "Friendly_Neutral"
            elif "Neutral_Allies" in (a, b) and ({a, b} & set(ALLIES)):
                t = "Friendly_Neutral"
            elif a.startswith("Neutral") or b.startswith("Neutral") or "Mongolians" in (a, b):
                t = "Strict_Neutral"
            else:
                t = "Neutrality"
            x.append(f'      <relationship player1="{a}" player2="{b}" type="{t}" roundValue="1"/>')
    x.append("    </relationshipInitialize>")
    x.append("  </initialize>")
    x.append("</game>")
    (HERE / "games" / "toy_world.xml").write_text("\n".join(x) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
