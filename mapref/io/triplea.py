"""``mapref import-triplea``: an area map, and the facts a scenario needs, from a TripleA map.

A TripleA map folder holds ``map/polygons.txt`` (each territory's outline: ``NAME < (x,y) ... >
< ... >``, one ``< >`` per separate part, pixels with y down), ``map/centers.txt`` (``NAME
(x,y)``, where its name goes), ``map/map.properties`` (colours, the map's size, whether it wraps)
and ``map/games/*.xml``, the game: territories (``water="true"`` for sea zones), connections,
``territoryAttachment`` options (``production``, ``capital``, ``victoryCity``, ``isImpassable``,
``originalOwner``), the players and their alliances, the starting owners
(``<ownerInitialize>``), units (``<unitInitialize>``), resources and relationships.  TripleA's
variables are expanded as TripleA does (``<variableList>``; ``foreach="$a$:$b$^$c$"`` on an
attachment repeats it for each value, ``:`` in step, ``^`` crossed; ``@a@`` is the value;
``$a$`` in an option's value is the whole list joined by ``:``).

The XML is read with the standard library's expat parser with entity declarations refused and
no external DTD or entity fetched (TripleA's ``<!DOCTYPE game SYSTEM "game.dtd">`` is left
alone), each element with its line for messages.

What becomes what (:func:`triplea_map`):

- every territory a location (a sea zone a location with ``attrs.sea``), its outline cleaned
  with the others into one coverage whose borders follow the centre of the border lines TripleA
  leaves out between neighbours (:func:`mapref.core.areatrace.clean_outlines`; an island drawn
  over its sea zone cuts a hole in it); a territory with no outline, or one too small to draw
  (a helper territory such as Imperialism's "Threat"), an off-map box;
- a map that wraps around (``map.scrollWrapX``) is cut where no land connection crosses (the
  middle of an ocean): the territories east of the cut move one map width west, so every land
  connection joins territories that touch;
- every connection a move line: ``land`` between two land territories, ``naval`` between two sea
  zones, ``coastal`` (a line kind of the map) between land and sea; a land line whose two
  territories do not touch after cleaning (a strait, a canal) is marked ``crossing = true``;
- production (``attrs.production``), victory cities (``vp``), capitals (``capital`` and
  ``attrs.capital_of``), impassable (``attrs.impassable``), the owner at the start as the
  location's colour class (one per player, with its alliance as side), ``originalOwner``
  (``attrs.original_owner``); the label anchor from ``centers.txt``.

The rest (owners, units, resources, alliances, relationships) is :class:`TripleaGame`, which a
ruleset turns into a scenario (:meth:`mapref.rules.ruleset.GameFiles.import_scenario`).
"""

from __future__ import annotations

import difflib
import math
import re
import xml.parsers.expat as expat
from dataclasses import dataclass, field
from pathlib import Path

import shapely
from shapely import affinity
from shapely.geometry import Point, Polygon

from mapref.core.areamodel import AreaMap, Box, ColourClass, LineKind, Location, MoveLine, as_area, polygon_parts, slug
from mapref.io.problems import FileProblems, Problem, read_source

BORDER = 4.0  # pixels: the widest border line TripleA leaves between two territories' outlines
MIN_PIXELS = 2.0  # an outline of less area is no drawing (a helper territory): an off-map box
SEA = "sea"
SEA_COLOUR = "#b5cfe8"
PALETTE = ("#8c8c8c", "#c0504d", "#e0a040", "#5f9b4c", "#7fae9c", "#c8a27a", "#6f8fc7", "#b7a96e", "#a67b52", "#9b6fb5")
FACILITIES = {"factory_major": "major_factory", "factory_minor": "minor_factory", "factory": "major_factory",
              "harbour": "naval_base", "naval_base": "naval_base", "airfield": "air_base", "air_base": "air_base"}


# ------------------------------------------------------------------------------------ XML
@dataclass
class Node:
    tag: str
    attrs: dict[str, str]
    line: int
    col: int
    children: list["Node"] = field(default_factory=list)

    def find(self, tag: str) -> "Node | None":
        return next((c for c in self.children if c.tag == tag), None)

    def all(self, tag: str) -> list["Node"]:
        return [c for c in self.children if c.tag == tag]

    def walk(self, tag: str):
        for c in self.children:
            if c.tag == tag:
                yield c
            yield from c.walk(tag)


class _Refused(Exception):
    pass


def read_xml(path: str | Path, shown: str) -> Node:
    """The XML file as a tree of :class:`Node` with lines; :class:`FileProblems` for a syntax
    error (with its line and column) or an entity declaration (refused: no entity is expanded,
    no external file read)."""
    raw = read_source(path, shown)
    p = expat.ParserCreate()
    p.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    stack: list[Node] = [Node("", {}, 0, 0)]

    def start(tag, attrs):
        n = Node(tag, dict(attrs), p.CurrentLineNumber, p.CurrentColumnNumber + 1)
        stack[-1].children.append(n)
        stack.append(n)

    def end(tag):
        stack.pop()

    def refuse_entity(name, *args):
        raise _Refused(f"an entity declaration (<!ENTITY {name} ...>): mapref expands no XML entities")

    def refuse_external(*args):
        raise _Refused("a reference to an external entity: mapref reads no other file")

    p.StartElementHandler = start
    p.EndElementHandler = end
    p.EntityDeclHandler = refuse_entity
    p.UnparsedEntityDeclHandler = refuse_entity
    p.ExternalEntityRefHandler = refuse_external
    try:
        p.Parse(raw, True)
    except _Refused as e:
        raise FileProblems([Problem(shown, p.CurrentLineNumber, p.CurrentColumnNumber + 1, "", str(e))]) from None
    except expat.ExpatError as e:
        raise FileProblems([Problem(shown, e.lineno, e.offset + 1, "", f"not well-formed XML: {expat.ErrorString(e.code)}")]) \
            from None
    root = stack[0].children
    if not root:
        raise FileProblems([Problem(shown, None, None, "", "no XML element")])
    return root[0]


# ----------------------------------------------------------------------------- the game
@dataclass
class TripleaGame:
    """What a TripleA game file says, by territory and player name (see the module's notes)."""

    name: str
    file: str
    territories: dict[str, bool] = field(default_factory=dict)  # name -> water, in the file's order
    connections: list[tuple[str, str, int]] = field(default_factory=list)  # (t1, t2, line)
    players: list[str] = field(default_factory=list)
    alliances: dict[str, str] = field(default_factory=dict)  # player -> alliance
    production: dict[str, int] = field(default_factory=dict)
    capitals: dict[str, str] = field(default_factory=dict)  # territory -> player
    victory: dict[str, int] = field(default_factory=dict)  # territory -> victory cities
    impassable: set[str] = field(default_factory=set)
    original_owners: dict[str, str] = field(default_factory=dict)
    owners: dict[str, str] = field(default_factory=dict)  # territory -> player at the start
    units: list[tuple[str, str, str, int]] = field(default_factory=list)  # (territory, unit type, owner or "", count)
    unit_kinds: dict[str, str] = field(default_factory=dict)  # unit type -> land, sea, air or facility
    resources: dict[str, int] = field(default_factory=dict)  # player -> PUs
    relations: dict[frozenset, str] = field(default_factory=dict)  # {p1, p2} -> war, allied or neutral
    ids: dict[str, str] = field(default_factory=dict)  # territory -> its space on the map (location id or box:id)
    outlines: dict[str, object] = field(default_factory=dict)  # territory -> its outline as TripleA draws it (pixels)

    def alliance_members(self, alliance: str) -> list[str]:
        return [p for p in self.players if self.alliances.get(p) == alliance]

    def relation(self, a: str, b: str) -> str:
        return self.relations.get(frozenset((a, b)), "")

    def facility(self, unit_type: str) -> str:
        """The facility a unit type is (``major_factory``, ``naval_base``...), or ""."""
        return FACILITIES.get(unit_type.lower(), "")


def _foreach(node: Node, variables: dict[str, list[str]], shown: str) -> list[dict[str, str]]:
    """TripleA's GameDataVariables.expandVariableCombinations: ``$a$:$b$`` in step, ``^`` crossed."""
    spec = node.attrs.get("foreach", "")
    if not spec.strip():
        return [{}]
    groups = spec.split("^")
    if len(groups) > 2:
        raise FileProblems([Problem(shown, node.line, node.col, "foreach", f"at most one '^' in a foreach, got {spec!r}")])
    lists = []
    for g in groups:
        names = g.split(":")
        for n in names:
            if n not in variables:
                known = ", ".join(sorted(variables)) or "none"
                raise FileProblems([Problem(shown, node.line, node.col, "foreach",
                                            f"{n!r} is no variable of the <variableList> (its variables: {known})")])
        length = len(variables[names[0]])
        if any(len(variables[n]) != length for n in names):
            raise FileProblems([Problem(shown, node.line, node.col, "foreach",
                                        f"the variables {', '.join(names)} stepped together have different lengths")])
        lists.append([{f"@{n.strip('$')}@": variables[n][i] for n in names} for i in range(length)])
    if len(lists) == 1:
        return lists[0]
    return [{**b, **a} for a in lists[0] for b in lists[1]]


def _sub(text: str, combo: dict[str, str]) -> str:
    for k, v in combo.items():
        text = text.replace(k, v)
    return text


def _expand_lists(text: str, variables: dict[str, list[str]]) -> str:
    for k, v in variables.items():
        if k in text:
            text = text.replace(k, ":".join(v))
    return text


def read_game(path: str | Path, shown: str | None = None) -> TripleaGame:
    """A TripleA game file; :class:`FileProblems` names the file and line of what is wrong."""
    shown = shown or str(path)
    root = read_xml(path, shown)
    if root.tag != "game":
        raise FileProblems([Problem(shown, root.line, root.col, "", f"expected a TripleA game (<game>), got <{root.tag}>")])
    info = root.find("info")
    g = TripleaGame(name=(info.attrs.get("name", "") if info else "") or Path(shown).stem, file=shown)
    problems: list[Problem] = []

    variables: dict[str, list[str]] = {}
    vl = root.find("variableList")
    for v in vl.all("variable") if vl else []:
        values: list[str] = []
        for e in v.all("element"):
            val = e.attrs.get("name", "")
            values += variables.get(val, [val])  # an element naming an earlier variable stands for its values
        variables[f"${v.attrs.get('name', '')}$"] = values

    mp = root.find("map")
    if mp is None:
        raise FileProblems([Problem(shown, root.line, root.col, "", "the game has no <map> (its territories and connections)")])
    lines: dict[str, int] = {}
    for t in mp.all("territory"):
        name = t.attrs.get("name", "")
        if not name:
            problems.append(Problem(shown, t.line, t.col, "territory", "a <territory> without a name"))
            continue
        g.territories[name] = t.attrs.get("water", "").strip().lower() == "true"
        lines[name] = t.line
    if not g.territories:
        problems.append(Problem(shown, mp.line, mp.col, "map", "no <territory> in the <map>"))

    def territory(name: str, node: Node, what: str) -> bool:
        if name in g.territories:
            return True
        close = difflib.get_close_matches(name, list(g.territories), n=1, cutoff=0.75)
        problems.append(Problem(shown, node.line, node.col, what, f"no territory {name!r} in the <map>"
                                + (f' (did you mean "{close[0]}"?)' if close else "")))
        return False

    for c in mp.all("connection"):
        a, b = c.attrs.get("t1", ""), c.attrs.get("t2", "")
        ok_a, ok_b = territory(a, c, "connection t1"), territory(b, c, "connection t2")
        if ok_a and ok_b:
            if a == b:
                problems.append(Problem(shown, c.line, c.col, "connection", f"joins {a!r} to itself"))
            else:
                g.connections.append((a, b, c.line))

    pl = root.find("playerList")
    for p in pl.all("player") if pl else []:
        if p.attrs.get("name"):
            g.players.append(p.attrs["name"])
    for a in pl.all("alliance") if pl else []:
        g.alliances[a.attrs.get("player", "")] = a.attrs.get("alliance", "")

    archetypes: dict[str, str] = {}
    kinds: dict[str, dict[str, str]] = {}
    for a in root.walk("attachment"):
        for combo in _foreach(a, variables, shown):
            name = _sub(a.attrs.get("name", ""), combo)
            to = _sub(a.attrs.get("attachTo", ""), combo)
            opts = {}
            for o in a.all("option"):
                key = o.attrs.get("name", "")
                key = key[:1].lower() + key[1:]
                if key:
                    opts[key] = _expand_lists(_sub(o.attrs.get("value", ""), combo), variables)
            kind = a.attrs.get("type", "unitType")
            if kind == "territory" and name.startswith("territoryAttachment"):
                if not territory(to, a, "attachment attachTo"):
                    continue
                _territory_options(g, to, opts, a, shown, problems)
            elif kind == "relationship" and "archeType" in opts:
                archetypes[to] = opts["archeType"].strip().lower()
            elif kind == "unitType" and name.startswith("unitAttachment"):
                kinds.setdefault(to, {}).update(opts)

    ul = root.find("unitList")
    for u in ul.all("unit") if ul else []:
        n = u.attrs.get("name", "")
        o = kinds.get(n, {})
        true = {k for k, v in o.items() if v.strip().lower() == "true"}
        if "isSea" in true:
            g.unit_kinds[n] = "sea"
        elif "isAir" in true:
            g.unit_kinds[n] = "air"
        elif true & {"isInfrastructure", "isConstruction", "isFactory", "canProduceUnits"} or g.facility(n):
            g.unit_kinds[n] = "facility"
        else:
            g.unit_kinds[n] = "land"

    init = root.find("initialize")
    if init is not None:
        for o in init.walk("territoryOwner"):
            t = o.attrs.get("territory", "")
            if territory(t, o, "territoryOwner territory"):
                g.owners[t] = o.attrs.get("owner", "")
        for u in init.walk("unitPlacement"):
            t = u.attrs.get("territory", "")
            if not territory(t, u, "unitPlacement territory"):
                continue
            try:
                q = int(u.attrs.get("quantity", "1"))
            except ValueError:
                problems.append(Problem(shown, u.line, u.col, "unitPlacement quantity",
                                        f"expected a whole number, got {u.attrs.get('quantity')!r}"))
                continue
            g.units.append((t, u.attrs.get("unitType", ""), u.attrs.get("owner", ""), q))
        for r in init.walk("resourceGiven"):
            if r.attrs.get("resource", "") == "PUs":
                try:
                    g.resources[r.attrs.get("player", "")] = int(r.attrs.get("quantity", "0"))
                except ValueError:
                    problems.append(Problem(shown, r.line, r.col, "resourceGiven quantity",
                                            f"expected a whole number, got {r.attrs.get('quantity')!r}"))
        for r in init.walk("relationship"):
            if r.attrs.get("roundValue", "1").strip() in ("", "0", "1"):
                arch = archetypes.get(r.attrs.get("type", ""), r.attrs.get("type", "").lower())
                g.relations[frozenset((r.attrs.get("player1", ""), r.attrs.get("player2", "")))] = arch
    if problems:
        raise FileProblems(problems)
    return g


def _territory_options(g: TripleaGame, t: str, opts: dict[str, str], node: Node, shown: str, problems: list) -> None:
    def number(key: str) -> int | None:
        v = opts[key].strip()
        if v.lower() == "true":
            return 1
        if v.lower() == "false":
            return 0
        try:
            return int(v)
        except ValueError:
            problems.append(Problem(shown, node.line, node.col, key, f"{t}: expected a whole number, got {v!r}"))
            return None

    if "production" in opts:
        n = number("production")
        if n is not None:
            g.production[t] = n
    if "victoryCity" in opts:
        n = number("victoryCity")
        if n:
            g.victory[t] = n
    if opts.get("capital", "").strip():
        g.capitals[t] = opts["capital"].strip()
    if opts.get("isImpassable", "").strip().lower() == "true":
        g.impassable.add(t)
    if opts.get("originalOwner", "").strip():
        g.original_owners[t] = opts["originalOwner"].strip()


# --------------------------------------------------------------------------- map files
_POINT = re.compile(r"\(\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*\)")


def _text(path: Path, shown: str) -> str:
    raw = read_source(path, shown)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


def read_polygons(path: Path, shown: str) -> tuple[dict[str, list[Polygon]], dict[str, int]]:
    """``polygons.txt``: name -> its parts, and name -> its line."""
    out: dict[str, list[Polygon]] = {}
    where: dict[str, int] = {}
    problems = []
    for n, line in enumerate(_text(path, shown).splitlines(), start=1):
        if not line.strip():
            continue
        name, lt, rest = line.partition("<")
        name = name.strip()
        if not lt or not name:
            problems.append(Problem(shown, n, 1, "", "expected NAME < (x,y) (x,y) ... > (a territory's outline), got "
                                    + repr(line[:60])))
            continue
        parts = []
        for i, chunk in enumerate(("<" + rest).split("<")[1:], start=1):
            body, gt, _tail = chunk.partition(">")
            pts = [(float(x), float(y)) for x, y in _POINT.findall(body)]
            leftover = _POINT.sub("", body).strip()
            if not gt or leftover or len(pts) < 3:
                col = line.index("<") + 1
                problems.append(Problem(shown, n, col, "", f"{name}: part {i} is not a closed list of at least three "
                                        "points (x,y) between < and >"))
                parts = []
                break
            parts.append(Polygon(pts))
        if parts and name not in out:
            out[name] = parts
            where[name] = n
    if problems:
        raise FileProblems(problems[:20])
    return out, where


def read_centers(path: Path, shown: str) -> dict[str, tuple[float, float]]:
    out = {}
    problems = []
    for n, line in enumerate(_text(path, shown).splitlines(), start=1):
        if not line.strip():
            continue
        m = _POINT.search(line)
        name = line[:m.start()].strip() if m else ""
        if not m or not name:
            problems.append(Problem(shown, n, 1, "", "expected NAME (x,y), got " + repr(line[:60])))
            continue
        out.setdefault(name, (float(m.group(1)), float(m.group(2))))
    if problems:
        raise FileProblems(problems[:20])
    return out


def read_properties(path: Path, shown: str) -> dict[str, str]:
    out = {}
    for line in _text(path, shown).splitlines():
        line = line.strip()
        if line and not line.startswith(("#", "!")) and "=" in line:
            k, _, v = line.partition("=")
            out[k.strip()] = v.strip()
    return out


@dataclass
class MapFolder:
    dir: Path  # the folder holding polygons.txt
    game: Path


def locate(mapdir: str, game: str | None = None) -> MapFolder:
    """The map folder (MAPDIR or MAPDIR/map) and its game file (``--game``, else the one XML in
    ``games/``); :class:`FileProblems` saying what is missing."""
    base = Path(mapdir)
    if not base.is_dir():
        raise FileProblems([Problem(mapdir, None, None, "", "no such folder (a TripleA map: the folder holding map/polygons.txt)")])
    d = base / "map" if (base / "map" / "polygons.txt").exists() else base
    if not (d / "polygons.txt").exists():
        raise FileProblems([Problem(mapdir, None, None, "", "no map/polygons.txt in it: a TripleA map folder holds map/polygons.txt, "
                                    "map/centers.txt and map/games/*.xml")])
    if game is not None:
        g = Path(game)
        if not g.exists() and (d / "games" / game).exists():
            g = d / "games" / game
        return MapFolder(d, g)
    games = sorted((d / "games").glob("*.xml")) if (d / "games").is_dir() else []
    if not games:
        raise FileProblems([Problem(str(d / "games"), None, None, "", "no game file (*.xml) here: give one with --game FILE.xml")])
    if len(games) > 1:
        raise FileProblems([Problem(str(d / "games"), None, None, "", "several games: choose one with --game ("
                                    + ", ".join(p.name for p in games) + ")")])
    return MapFolder(d, games[0])


# ---------------------------------------------------------------------------- the map
def _colour(props: dict[str, str], player: str, i: int) -> str:
    raw = props.get(f"color.{player}", "").strip().lstrip("#")
    if re.fullmatch(r"[0-9a-fA-F]{6}", raw):
        r, g, b = (int(raw[k:k + 2], 16) for k in (0, 2, 4))
        r, g, b = (round(c + (255 - c) * 0.45) for c in (r, g, b))  # lightened: names stay readable on it
        return f"#{r:02x}{g:02x}{b:02x}"
    return PALETTE[i % len(PALETTE)]


def _wrap_cut(game: TripleaGame, geoms: dict[str, object], width: float) -> float | None:
    """Where to cut a map that wraps around: the x at which the fewest land connections cross
    (then the fewest connections, then the fewest territories move), territories east of it
    moving one width west; None when cutting where TripleA does (x = width) is as good."""
    cx = {t: (g.bounds[0] + g.bounds[2]) / 2 for t, g in geoms.items()}

    def gap(a, b, da, db) -> float:
        ax0, ay0, ax1, ay1 = geoms[a].bounds
        bx0, by0, bx1, by1 = geoms[b].bounds
        dx = max(0.0, (bx0 + db) - (ax1 + da), (ax0 + da) - (bx1 + db))
        dy = max(0.0, by0 - ay1, ay0 - by1)
        return math.hypot(dx, dy)

    pairs = [(a, b, not game.territories[a] and not game.territories[b]) for a, b, _ in game.connections if a in geoms and b in geoms]

    def score(x: float) -> tuple[int, int, int]:
        land = every = 0
        for a, b, is_land in pairs:
            da = -width if cx[a] > x else 0.0
            db = -width if cx[b] > x else 0.0
            if gap(a, b, da, db) > 2 * BORDER:
                every += 1
                land += is_land
        return land, every, sum(1 for c in cx.values() if c > x)  # then: move as few territories as may be

    best_x, best = width, score(width)
    for k in range(1, 200):
        x = width * k / 200
        s = score(x)
        if s < best:
            best_x, best = x, s
    return None if best_x == width else best_x


def triplea_map(game: TripleaGame, polygons: dict[str, list[Polygon]], centers: dict[str, tuple[float, float]],
                props: dict[str, str], notes: list[str]) -> AreaMap:
    """The area map of a TripleA game (see the module's notes); fills ``game.ids``."""
    from mapref.core.areaedit import line_id
    from mapref.core.areageom import shared_borders
    from mapref.core.areatrace import clean_outlines

    m = AreaMap(name=game.name, notes=f"Imported with mapref import-triplea from the TripleA game {Path(game.file).name}: "
                "territories, sea zones, connections, production, capitals and victory cities.")
    geoms: dict[str, object] = {}
    for t in game.territories:
        parts = [shapely.make_valid(p) if not p.is_valid else p for p in polygons.get(t, [])]
        g = as_area([q for p in parts for q in polygon_parts(p)])
        if not g.is_empty and g.area >= MIN_PIXELS:
            geoms[t] = shapely.union_all(polygon_parts(g))
    game.outlines = dict(geoms)
    width = float(props.get("map.width", "0") or 0)
    shift: dict[str, float] = {}
    if props.get("map.scrollWrapX", "").strip().lower() == "true" and width > 0:
        cut = _wrap_cut(game, geoms, width)
        if cut is not None:
            for t, g in geoms.items():
                if (g.bounds[0] + g.bounds[2]) / 2 > cut:
                    shift[t] = -width
            notes.append(f"the map wraps around: cut at x = {cut:g} (no land connection crosses there); the "
                         f"{len(shift)} territories east of it moved one map width ({width:g}) west")
    if shift:
        geoms = {t: affinity.translate(g, shift.get(t, 0.0), 0) for t, g in geoms.items()}
    names = list(geoms)
    cleaned = dict(zip(names, clean_outlines([geoms[t] for t in names], border=BORDER)))
    x0 = min((g.bounds[0] for g in cleaned.values() if not g.is_empty), default=0.0)
    y0 = min((g.bounds[1] for g in cleaned.values() if not g.is_empty), default=0.0)
    dx, dy = -min(0.0, math.floor(x0)), -min(0.0, math.floor(y0))  # nothing left of or above the page
    if dx or dy:
        cleaned = {t: affinity.translate(g, dx, dy) for t, g in cleaned.items()}

    owners = {p for t, p in game.owners.items() if p and not game.territories.get(t)}
    players = [p for p in game.players if p in owners] + sorted(owners - set(game.players))
    pids = {p: slug(p) or f"player_{i}" for i, p in enumerate(players)}
    for i, p in enumerate(players):
        alliance = game.alliances.get(p, "")
        side = slug(alliance) if alliance and len(game.alliance_members(alliance)) > 1 else ""
        m.colours[pids[p]] = ColourClass(p.replace("_", " "), _colour(props, p, i), side)
    m.colours[SEA] = ColourClass("Sea zone", SEA_COLOUR)
    m.line_kinds["coastal"] = LineKind("Coastal (land to sea)", "#4f86b8")

    boxed = []
    for t, water in game.territories.items():
        g = cleaned.get(t)
        attrs: dict[str, object] = {}
        if water:
            attrs["sea"] = True
        if game.production.get(t):
            attrs["production"] = game.production[t]
        if t in game.impassable:
            attrs["impassable"] = True
        if t in game.capitals:
            attrs["capital_of"] = pids.get(game.capitals[t], slug(game.capitals[t]))
        if t in game.original_owners:
            attrs["original_owner"] = pids.get(game.original_owners[t], slug(game.original_owners[t]))
        owner = game.owners.get(t, "")
        if water and owner:
            attrs["owner"] = pids.get(owner, slug(owner))
        colour = SEA if water else pids.get(owner, "")
        props_ = dict(name=t, colour=colour, capital=t in game.capitals, vp=min(99, game.victory.get(t, 0)), attrs=attrs)
        if g is None or g.is_empty:
            bid = m.new_id(t, "boxes")
            x, y = centers.get(t, (0.0, 0.0))
            x += shift.get(t, 0.0) + dx
            y += dy
            m.boxes[bid] = Box(bid, position=(round(x, 2), round(y, 2)), size=(90.0, 30.0), **props_)
            game.ids[t] = f"box:{bid}"
            boxed.append(t)
            continue
        lid = m.new_id(t)
        anchor = None
        if t in centers:
            c = (round(centers[t][0] + shift.get(t, 0.0) + dx, 2), round(centers[t][1] + dy, 2))
            anchor = c if g.contains(Point(c)) else None
        m.locations[lid] = Location(lid, polygon=g, anchor=anchor, **props_)
        game.ids[t] = lid
    if boxed:
        notes.append(f"{len(boxed)} territor{'ies' if len(boxed) != 1 else 'y'} with no outline to draw became off-map boxes: " + ", ".join(boxed[:8])
                     + (" ..." if len(boxed) > 8 else ""))

    seen: dict[frozenset, tuple[str, int]] = {}
    touching = shared_borders(m)
    crossing = []
    taken: set[str] = set()
    for a, b, line in game.connections:
        key = frozenset((a, b))
        if key in seen:
            notes.append(f"{Path(game.file).name}:{line}: the connection {a} - {b} is there already (line {seen[key][1]}): one "
                         "move line")
            continue
        seen[key] = (a, b), line
        wa, wb = game.territories[a], game.territories[b]
        kind = "naval" if wa and wb else "land" if not wa and not wb else "coastal"
        sa, sb = game.ids[a], game.ids[b]
        lid = line_id(m, sa, sb, used=taken)
        taken.add(lid)
        apart = kind == "land" and not sa.startswith("box:") and not sb.startswith("box:") \
            and (sa, sb) not in touching and (sb, sa) not in touching
        if apart:
            crossing.append(f"{a} - {b}")
        m.lines[lid] = MoveLine(lid, sa, sb, kind=kind, crossing=apart)
    if crossing:
        notes.append(f"{len(crossing)} land connection{'s join' if len(crossing) != 1 else ' joins'} territories that do not touch "
                     "(straits, canals): marked as "
                     "crossings: " + ", ".join(crossing[:6]) + (" ..." if len(crossing) > 6 else ""))
    joined = {s for ln in m.lines.values() for s in (ln.a, ln.b)}
    lonely = [s for s in game.ids.values() if s not in joined]
    if lonely:
        m.accept = tuple(f"no-lines:{s}" for s in lonely)
        notes.append(f"{len(lonely)} territor{'ies' if len(lonely) != 1 else 'y'} the game connects to nothing (impassable, or a place TripleA shows things in): accepted "
                     "without move lines: " + ", ".join(lonely[:6]))
    x1 = max([g.bounds[2] for g in cleaned.values() if not g.is_empty] + [width + dx if not shift else 0.0])
    y1 = max([g.bounds[3] for g in cleaned.values() if not g.is_empty] + [float(props.get("map.height", "0") or 0) + dy])
    m.page = (float(math.ceil(x1)), float(math.ceil(y1)))
    return m


def import_triplea(mapdir: str, game_file: str | None = None) -> tuple[AreaMap, TripleaGame, list[str]]:
    """Read a TripleA map folder: (the area map, the game's facts, notes for the user)."""
    where = locate(mapdir, game_file)
    shown = lambda p: str(p)  # noqa: E731
    game = read_game(where.game, shown(where.game))
    polygons, poly_lines = read_polygons(where.dir / "polygons.txt", shown(where.dir / "polygons.txt"))
    centers = read_centers(where.dir / "centers.txt", shown(where.dir / "centers.txt")) if (where.dir / "centers.txt").exists() else {}
    props = read_properties(where.dir / "map.properties", shown(where.dir / "map.properties")) \
        if (where.dir / "map.properties").exists() else {}
    notes = []
    extra = [n for n in polygons if n not in game.territories]
    if extra:
        notes.append(f"{where.dir / 'polygons.txt'}: {len(extra)} outlines name no territory of the game, left out: "
                     + ", ".join(f"{n!r} (line {poly_lines[n]})" for n in extra[:6]))
    m = triplea_map(game, polygons, centers, props, notes)
    return m, game, notes


__all__ = ["MapFolder", "Node", "TripleaGame", "import_triplea", "locate", "read_centers", "read_game", "read_polygons",
           "read_properties", "read_xml", "triplea_map"]
