"""Write the two small TripleA maps of tests/io/test_triplea_odd.py: what real TripleA maps do
that the toy map (tests/data/triplea_toy) does not.

    python tests/data/triplea_odd/make_odd.py

``torus/torus-master/map/``: a map kept one folder down (as a repository or a zip of one holds
it), a world of 4 x 3 land cells that wraps both ways (``map.scrollWrapX`` and
``map.scrollWrapY``, as Hex Globe and Conquest of the World do), every cell joined to its four
neighbours round the world, so land connections must cross both seams; and three helper
territories drawn as one pixel at the same corner (as Battle of Jutland's hundreds are).

``strip/map/``: a world map whose map.properties does not say it wraps (as Big World and World
War II Revised do), though the game joins its first and last cell across the east-west edge; and
two neighbours drawn nine pixels apart with open ground beside them (as Diplomacy's Denmark and
Baltic Sea are): once the border lines are shared out a pixel is left between them, which
``mapref check`` calls a gap.
"""

from itertools import pairwise
from pathlib import Path

HERE = Path(__file__).resolve().parent


def ring(x0, y0, x1, y1):
    return f"<  ({x0},{y0}) ({x1},{y0}) ({x1},{y1}) ({x0},{y1})  >"


def game_xml(name, territories, connections, owners):
    players = sorted(set(owners.values()))
    x = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<!DOCTYPE game SYSTEM "game.dtd">',
        "<game>",
        f'  <info name="{name}" version="1.0"/>',
        "  <map>",
    ]
    x += [f'    <territory name="{t}"/>' for t in territories]
    x += [f'    <connection t1="{a}" t2="{b}"/>' for a, b in connections]
    x += ["  </map>", "  <playerList>"]
    x += [f'    <player name="{p}" optional="false"/>' for p in players]
    x += [f'    <alliance player="{p}" alliance="{p}"/>' for p in players]
    x += ["  </playerList>", "  <initialize>", "    <ownerInitialize>"]
    x += [f'      <territoryOwner territory="{t}" owner="{p}"/>' for t, p in owners.items()]
    x += ["    </ownerInitialize>", "  </initialize>", "</game>"]
    return "\n".join(x) + "\n"


def write(folder: Path, game: str, xml: str, polys: list[str], centres: list[str], props: list[str]) -> None:
    (folder / "games").mkdir(parents=True, exist_ok=True)
    (folder / "polygons.txt").write_text("\n".join(polys) + "\n", encoding="utf-8")
    (folder / "centers.txt").write_text("\n".join(centres) + "\n", encoding="utf-8")
    (folder / "map.properties").write_text("\n".join(props) + "\n", encoding="utf-8")
    (folder / "games" / game).write_text(xml, encoding="utf-8")


def torus() -> None:
    cols, rows, w, h = 4, 3, 100, 100
    name = {(r, c): f"{'ABC'[r]}{c + 1}" for r in range(rows) for c in range(cols)}
    polys, centres, owners = [], [], {}
    for (r, c), t in name.items():  # a two-pixel border line left out between neighbours
        polys.append(f"{t}  {ring(c * w + 1, r * h + 1, c * w + w - 1, r * h + h - 1)}")
        centres.append(f"{t}  ({c * w + 50},{r * h + 50})")
        owners[t] = ("Reds", "Blues")[(r + c) % 2]
    conns = []
    for (r, c), t in name.items():  # east and south neighbours, round the world both ways
        conns += [(t, name[r, (c + 1) % cols]), (t, name[(r + 1) % rows, c])]
    helpers = [f"Depot {i}" for i in (1, 2, 3)]
    for i, t in enumerate(helpers):  # one pixel each, all at the same corner
        polys.append(f"{t}  {ring(396, 2, 397, 3)}")
        centres.append(f"{t}  (396,2)")
        conns.append((t, name[0, i]))
    props = [
        "map.width=400",
        "map.height=300",
        "map.scrollWrapX=true",
        "map.scrollWrapY=true",
        "color.Reds=c04040",
        "color.Blues=4060c0",
    ]
    write(
        HERE / "torus" / "torus-master" / "map",
        "torus.xml",
        game_xml("Torus", list(name.values()) + helpers, conns, owners),
        polys,
        centres,
        props,
    )


def strip() -> None:
    cells = ["West End", "Plains", "Hills", "Coast", "East End"]  # x 0..500, y 0..100
    polys = [f"{t}  {ring(i * 100 + 1, 1, i * 100 + 99, 99)}" for i, t in enumerate(cells)]
    centres = [f"{t}  ({i * 100 + 50},50)" for i, t in enumerate(cells)]
    conns = list(pairwise(cells)) + [("East End", "West End")]  # round the back: the map wraps
    # under Hills: two territories nine pixels apart, open ground to their east and west
    polys += [f"Upper Vale  {ring(201, 101, 299, 150)}", f"Lower Vale  {ring(201, 159, 299, 230)}"]
    centres += ["Upper Vale  (250,125)", "Lower Vale  (250,195)"]
    conns += [("Hills", "Upper Vale"), ("Upper Vale", "Lower Vale")]
    owners = {t: "Greens" for t in cells + ["Upper Vale", "Lower Vale"]}
    props = ["map.width=500", "map.height=240", "color.Greens=40a040"]
    write(
        HERE / "strip" / "map",
        "strip.xml",
        game_xml("Strip", cells + ["Upper Vale", "Lower Vale"], conns, owners),
        polys,
        centres,
        props,
    )


if __name__ == "__main__":
    torus()
    strip()
