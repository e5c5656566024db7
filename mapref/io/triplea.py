"""``mapref import-triplea``: an area map, and the facts a scenario needs, from a TripleA map.

A TripleA map folder (MAPDIR/map, MAPDIR, or the one folder a few levels below MAPDIR that holds
``polygons.txt``; or the zip TripleA downloads, of which only these files are unpacked, into a
temporary folder) holds ``map/polygons.txt`` (each territory's outline: ``NAME < (x,y) ... >
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
  (a helper territory such as Imperialism's "Threat"), an off-map box, in rows under the map;
- a map that wraps round (``map.scrollWrapX`` / ``map.scrollWrapY``, or connections joining
  territories that meet only across the map's edge) is cut where the fewest land connections
  cross (the middle of an ocean): the territories beyond the cut move one map width (height)
  back, so land connections join territories that touch; the map keeps its seams
  (``AreaMap.wrap_x`` / ``wrap_y``);
- every connection a move line: ``land`` between two land territories, ``naval`` between two sea
  zones, ``coastal`` (a line kind of the map) between land and sea; a line whose territories are
  nearer round the back of a wrapping map is marked ``wrap = true``; a land line whose two
  territories do not touch after cleaning (a strait, a canal), nor across the seam, is marked
  ``crossing = true``; canals (``canalAttachment``) are plain naval lines, with a note;
- production (``attrs.production``), victory cities (``vp``), capitals (``capital`` and
  ``attrs.capital_of``), impassable (``attrs.impassable``), the owner at the start as the
  location's colour class (one per player, with its alliance as side), ``originalOwner``
  (``attrs.original_owner``); the label anchor from ``centers.txt``.

The rest (owners, units, resources, alliances, relationships) is :class:`TripleaGame`, which a
ruleset turns into a scenario (:meth:`mapref.rules.ruleset.GameFiles.import_scenario`).
"""

from __future__ import annotations

import dataclasses
import difflib
import math
import os
import re
import xml.parsers.expat as expat
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, TypedDict

import shapely
from shapely import affinity
from shapely.geometry import Point, Polygon
from shapely.geometry.base import BaseGeometry

from mapref.core.areamodel import (
    COASTAL,
    SEA_CLASS,
    AreaMap,
    Box,
    ColourClass,
    Location,
    MoveLine,
    as_area,
    polygon_parts,
    slug,
)
from mapref.io.problems import FileProblems, Problem, clip, file_kind, read_source

if TYPE_CHECKING:
    from zipfile import ZipInfo

BOX = (90.0, 30.0)  # an off-map box's size
BORDER = 4.0  # pixels: the widest border line TripleA leaves between two territories' outlines
MIN_PIXELS = 2.0  # an outline of less area is no drawing (a helper territory): an off-map box
SEA = "sea"
PALETTE = ("#8c8c8c", "#c0504d", "#e0a040", "#5f9b4c", "#7fae9c", "#c8a27a", "#6f8fc7", "#b7a96e", "#a67b52", "#9b6fb5")
FACILITIES = {
    "factory_major": "major_factory",
    "factory_minor": "minor_factory",
    "factory": "major_factory",
    "harbour": "naval_base",
    "naval_base": "naval_base",
    "airfield": "air_base",
    "air_base": "air_base",
}


# ------------------------------------------------------------------------------------ XML
MAX_OUTLINE_PIXELS = 40_000_000  # the raster the outlines are cleaned on (a 600 x 100,000 one ran out of memory)
MAX_COORD = 1e7  # pixels: an outline's or a centre's point further out is refused (inf broke the geometry)
MAX_XML_DEPTH = 64  # elements nested deeper than this are refused (a TripleA game nests about 6)
MAX_XML_ELEMENTS = 500_000  # a 16 MiB file of the smallest elements would be millions of nodes
MAX_VARIABLE_VALUES = 10_000  # a <variable>'s values, once those of the variables it names are in
MAX_EXPANSIONS = 200_000  # attachments made by every foreach together
MAX_EXPANDED = 32 << 20  # characters of option values written out by the variables


@dataclass(slots=True)
class Node:
    tag: str
    attrs: dict[str, str]
    line: int
    col: int
    children: list[Node] = field(default_factory=list)

    def find(self, tag: str) -> Node | None:
        return next((c for c in self.children if c.tag == tag), None)

    def all(self, tag: str) -> list[Node]:
        return [c for c in self.children if c.tag == tag]

    def walk(self, tag: str):
        """Every element of that tag below this one, in document order (without recursion: the
        nesting is bounded, but a walk need not depend on it)."""
        todo = list(reversed(self.children))
        while todo:
            c = todo.pop()
            if c.tag == tag:
                yield c
            todo.extend(reversed(c.children))


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
    count = [0]

    def start(tag, attrs):
        if len(stack) > MAX_XML_DEPTH:
            raise _Refused(f"elements nested deeper than {MAX_XML_DEPTH} levels (a TripleA game nests about 6)")
        count[0] += 1
        if count[0] > MAX_XML_ELEMENTS:
            raise _Refused(f"more than {MAX_XML_ELEMENTS:,} elements (a TripleA game has tens of thousands)")
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
        raise FileProblems(
            [Problem(shown, e.lineno, e.offset + 1, "", f"not well-formed XML: {expat.ErrorString(e.code)}")]
        ) from None
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
    memberships: dict[str, set[str]] = field(default_factory=dict)  # player -> every alliance it is in
    relations: dict[frozenset, str] = field(default_factory=dict)  # {p1, p2} -> war, allied or neutral (as TripleA)
    said: set[frozenset] = field(default_factory=set)  # the pairs <relationshipInitialize> sets (the rest: alliances)
    ids: dict[str, str] = field(default_factory=dict)  # territory -> its space on the map (location id or box:id)
    outlines: dict[str, BaseGeometry] = field(
        default_factory=dict
    )  # territory -> its outline as TripleA draws it (pixels)
    canals: dict[str, list[str]] = field(default_factory=dict)  # canal name -> the sea zones it joins (canalAttachment)
    duplicates: list[tuple[str, str, int, int]] = field(default_factory=list)  # (t1, t2, line, the first one's line)
    colours: dict[str, str] = field(default_factory=dict)  # player -> its colour (map.properties color.PLAYER)

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
        raise FileProblems(
            [Problem(shown, node.line, node.col, "foreach", f"at most one '^' in a foreach, got {spec!r}")]
        )
    lists = []
    for g in groups:
        names = g.split(":")
        for n in names:
            if n not in variables:
                known = ", ".join(sorted(variables)) or "none"
                raise FileProblems(
                    [
                        Problem(
                            shown,
                            node.line,
                            node.col,
                            "foreach",
                            f"{n!r} is no variable of the <variableList> (its variables: {known})",
                        )
                    ]
                )
        length = len(variables[names[0]])
        if any(len(variables[n]) != length for n in names):
            raise FileProblems(
                [
                    Problem(
                        shown,
                        node.line,
                        node.col,
                        "foreach",
                        f"the variables {', '.join(names)} stepped together have different lengths",
                    )
                ]
            )
        lists.append([{f"@{n.strip('$')}@": variables[n][i] for n in names} for i in range(length)])
    if len(lists) == 1:
        return lists[0]
    if len(lists[0]) * len(lists[1]) > MAX_EXPANSIONS:
        raise FileProblems(
            [
                Problem(
                    shown,
                    node.line,
                    node.col,
                    "foreach",
                    f"{spec!r} crosses {len(lists[0]):,} by {len(lists[1]):,} values: more than {MAX_EXPANSIONS:,}",
                )
            ]
        )
    return [{**b, **a} for a in lists[0] for b in lists[1]]


class _TooLong(Exception):
    """A value the variables would write out past :data:`MAX_EXPANDED` characters."""


def _replace(text: str, old: str, new: str) -> str:
    """``text.replace(old, new)``, refused (:class:`_TooLong`) before it is made past the bound."""
    if len(new) > len(old) and len(text) + text.count(old) * (len(new) - len(old)) > MAX_EXPANDED:
        raise _TooLong
    return text.replace(old, new)


def _sub(text: str, combo: dict[str, str]) -> str:
    for k, v in combo.items():
        if k in text:
            text = _replace(text, k, v)
    return text


def _expand_lists(text: str, variables: dict[str, list[str]]) -> str:
    for k, v in variables.items():
        if k in text:
            text = _replace(text, k, ":".join(v))
    return text


class _GameReader:
    """One game file read into a :class:`TripleaGame`, its problems collected with their lines."""

    def __init__(self, root: Node, shown: str) -> None:
        info = root.find("info")
        self.root, self.shown = root, shown
        self.g = TripleaGame(name=(info.attrs.get("name", "") if info else "") or Path(shown).stem, file=shown)
        self.problems: list[Problem] = []
        self.variables: dict[str, list[str]] = {}
        self.archetypes: dict[str, str] = {}
        self.kinds: dict[str, dict[str, str]] = {}

    def problem(self, node: Node, key: str, message: str) -> None:
        self.problems.append(Problem(self.shown, node.line, node.col, key, message))

    def territory(self, name: str, node: Node, what: str) -> bool:
        """Whether ``name`` is a territory of the map; else a problem, with the nearest name."""
        if name in self.g.territories:
            return True
        close = difflib.get_close_matches(name, list(self.g.territories), n=1, cutoff=0.75)
        self.problem(
            node, what, f"no territory {name!r} in the <map>" + (f' (did you mean "{close[0]}"?)' if close else "")
        )
        return False

    def read(self) -> TripleaGame:
        self.read_variables()
        self.read_map()
        self.read_players()
        self.read_attachments()
        self.read_unit_kinds()
        self.read_initialize()
        if self.problems:
            raise FileProblems(self.problems)
        return self.g

    def read_variables(self) -> None:
        vl = self.root.find("variableList")
        for v in vl.all("variable") if vl else []:
            values: list[str] = []
            for e in v.all("element"):
                val = e.attrs.get("name", "")
                values += self.variables.get(val, [val])  # an element naming an earlier variable stands for its values
                if len(values) > MAX_VARIABLE_VALUES:
                    raise FileProblems(
                        [
                            Problem(
                                self.shown,
                                v.line,
                                v.col,
                                "variable",
                                f"{clip(v.attrs.get('name', ''), 40)!r} has more than {MAX_VARIABLE_VALUES:,} values "
                                "with those of the variables it names",
                            )
                        ]
                    )
            self.variables[f"${v.attrs.get('name', '')}$"] = values

    def read_map(self) -> None:
        mp = self.root.find("map")
        if mp is None:
            raise FileProblems(
                [
                    Problem(
                        self.shown,
                        self.root.line,
                        self.root.col,
                        "",
                        "the game has no <map> (its territories and connections)",
                    )
                ]
            )
        for t in mp.all("territory"):
            name = t.attrs.get("name", "")
            if not name:
                self.problem(t, "territory", "a <territory> without a name")
                continue
            self.g.territories[name] = t.attrs.get("water", "").strip().lower() == "true"
        if not self.g.territories:
            self.problem(mp, "map", "no <territory> in the <map>")
        joined: dict[frozenset, int] = {}
        for c in mp.all("connection"):
            a, b = c.attrs.get("t1", ""), c.attrs.get("t2", "")
            ok_a, ok_b = self.territory(a, c, "connection t1"), self.territory(b, c, "connection t2")
            if ok_a and ok_b:
                if a == b:
                    self.problem(c, "connection", f"joins {a!r} to itself")
                elif frozenset((a, b)) in joined:  # one move line: the rest are said once (g.duplicates)
                    self.g.duplicates.append((a, b, c.line, joined[frozenset((a, b))]))
                else:
                    joined[frozenset((a, b))] = c.line
                    self.g.connections.append((a, b, c.line))

    def read_players(self) -> None:
        pl = self.root.find("playerList")
        for p in pl.all("player") if pl else []:
            if p.attrs.get("name"):
                self.g.players.append(p.attrs["name"])
        for a in pl.all("alliance") if pl else []:
            player, alliance = a.attrs.get("player", ""), a.attrs.get("alliance", "")
            self.g.alliances[player] = alliance
            self.g.memberships.setdefault(player, set()).add(alliance)

    def read_attachments(self) -> None:
        made, self.written = 0, 0  # attachments the foreach made, characters the variables wrote out
        for a in self.root.walk("attachment"):
            combos = _foreach(a, self.variables, self.shown)
            made += len(combos)
            if made > MAX_EXPANSIONS:
                raise FileProblems(
                    [
                        Problem(
                            self.shown,
                            a.line,
                            a.col,
                            "foreach",
                            f"the variables make more than {MAX_EXPANSIONS:,} attachments (a TripleA game makes thousands)",
                        )
                    ]
                )
            for combo in combos:
                self.attachment(a, combo)

    def options(self, a: Node, combo: dict[str, str]) -> tuple[str, str, dict[str, str]]:
        """An attachment's name, what it is attached to and its options, the variables written
        out (refused past :data:`MAX_EXPANDED` characters in all)."""
        try:
            name = _sub(a.attrs.get("name", ""), combo)
            to = _sub(a.attrs.get("attachTo", ""), combo)
            opts = {}
            for o in a.all("option"):
                key = o.attrs.get("name", "")
                key = key[:1].lower() + key[1:]
                if key:
                    opts[key] = _expand_lists(_sub(o.attrs.get("value", ""), combo), self.variables)
                    self.written += len(opts[key])
        except _TooLong:
            self.written = MAX_EXPANDED + 1
        if self.written > MAX_EXPANDED:
            raise FileProblems(
                [
                    Problem(
                        self.shown,
                        a.line,
                        a.col,
                        "option",
                        f"the variables write out more than {MAX_EXPANDED >> 20} MiB of option values",
                    )
                ]
            )
        return name, to, opts

    def attachment(self, a: Node, combo: dict[str, str]) -> None:
        name, to, opts = self.options(a, combo)
        kind = a.attrs.get("type", "unitType")
        if kind == "territory" and name.startswith("territoryAttachment"):
            if self.territory(to, a, "attachment attachTo"):
                _territory_options(self.g, to, opts, a, self.shown, self.problems)
        elif kind == "territory" and name.startswith("canalAttachment"):
            if self.territory(to, a, "attachment attachTo"):
                self.g.canals.setdefault(opts.get("canalName", "").strip() or to, []).append(to)
        elif kind == "relationship" and "archeType" in opts:
            self.archetypes[to] = opts["archeType"].strip().lower()
        elif kind == "unitType" and name.startswith("unitAttachment"):
            self.kinds.setdefault(to, {}).update(opts)

    def read_unit_kinds(self) -> None:
        ul = self.root.find("unitList")
        for u in ul.all("unit") if ul else []:
            n = u.attrs.get("name", "")
            true = {k for k, v in self.kinds.get(n, {}).items() if v.strip().lower() == "true"}
            if "isSea" in true:
                self.g.unit_kinds[n] = "sea"
            elif "isAir" in true:
                self.g.unit_kinds[n] = "air"
            elif true & {"isInfrastructure", "isConstruction", "isFactory", "canProduceUnits"} or self.g.facility(n):
                self.g.unit_kinds[n] = "facility"
            else:
                self.g.unit_kinds[n] = "land"

    def whole(self, node: Node, what: str, default: str) -> int | None:
        try:
            return int(node.attrs.get("quantity", default))
        except ValueError:
            self.problem(node, what, f"expected a whole number, got {node.attrs.get('quantity')!r}")
            return None

    def read_initialize(self) -> None:
        init = self.root.find("initialize")
        if init is not None:
            for o in init.walk("territoryOwner"):
                t = o.attrs.get("territory", "")
                if self.territory(t, o, "territoryOwner territory"):
                    self.g.owners[t] = o.attrs.get("owner", "")
            for u in init.walk("unitPlacement"):
                t = u.attrs.get("territory", "")
                q = (
                    self.whole(u, "unitPlacement quantity", "1")
                    if self.territory(t, u, "unitPlacement territory")
                    else None
                )
                if q is not None:
                    self.g.units.append((t, u.attrs.get("unitType", ""), u.attrs.get("owner", ""), q))
            for r in init.walk("resourceGiven"):
                if r.attrs.get("resource", "") == "PUs":
                    q = self.whole(r, "resourceGiven quantity", "0")
                    if q is not None:
                        self.g.resources[r.attrs.get("player", "")] = q
        self.read_relations(init)

    def read_relations(self, init: Node | None) -> None:
        """Who is at war with whom at the start, as TripleA's GameParser sets it: from the
        alliances (``parseAlliances``: players who share an alliance allied, every other pair at
        war, a player in no alliance at war with everyone), then each ``<relationship>`` of
        ``<relationshipInitialize>`` overriding its pair (``parseRelationInitialize``: whatever its
        ``roundValue``, which is only the round the relationship is dated from)."""
        g = self.g
        for i, a in enumerate(g.players):
            for b in g.players[i + 1 :]:
                shared = g.memberships.get(a, set()) & g.memberships.get(b, set())
                g.relations[frozenset((a, b))] = "allied" if shared else "war"
        for r in init.walk("relationship") if init is not None else []:
            kind = r.attrs.get("type", "")
            pair = frozenset((r.attrs.get("player1", ""), r.attrs.get("player2", "")))
            g.relations[pair] = self.archetypes.get(kind, kind.lower())
            g.said.add(pair)


def read_game(path: str | Path, shown: str | None = None) -> TripleaGame:
    """A TripleA game file; :class:`FileProblems` names the file and line of what is wrong."""
    shown = shown or str(path)
    root = read_xml(path, shown)
    if root.tag != "game":
        raise FileProblems(
            [Problem(shown, root.line, root.col, "", f"expected a TripleA game (<game>), got <{root.tag}>")]
        )
    return _GameReader(root, shown).read()


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


def read_polygons(path: Path, shown: str) -> tuple[dict[str, list[Polygon]], dict[str, int], list[tuple[str, Problem]]]:
    """``polygons.txt``: name -> its parts, name -> its line, and what is left out, each with a
    few words saying which (a part that is not a closed list of at least three points, a line
    that is no outline): one bad outline does not refuse the map, its territory keeps its good
    parts (docs/triplea.md).  :class:`FileProblems` when no line is a territory's outline."""
    out: dict[str, list[Polygon]] = {}
    where: dict[str, int] = {}
    broken: list[tuple[str, Problem]] = []
    for n, line in enumerate(_text(path, shown).splitlines(), start=1):
        if not line.strip():
            continue
        name, lt, rest = line.partition("<")
        name = name.strip()
        if not lt or not name:
            why = "expected NAME < (x,y) (x,y) ... > (a territory's outline), got " + repr(line[:60])
            broken.append((f"line {n}", Problem(shown, n, 1, "", why)))
            continue
        parts = []
        for i, chunk in enumerate(("<" + rest).split("<")[1:], start=1):
            body, gt, _tail = chunk.partition(">")
            pts = [(float(x), float(y)) for x, y in _POINT.findall(body)]
            far = next((q for q in pts if not all(abs(v) <= MAX_COORD for v in q)), None)  # (inf too)
            if far is not None:
                why = (
                    f"{name}: part {i} has a point out of range ({far[0]:.6g},{far[1]:.6g}): expected pixels "
                    f"within {MAX_COORD:g}"
                )
                broken.append((f"{name} (line {n}, part {i})", Problem(shown, n, line.index("<") + 1, "", why)))
                continue
            if not gt or _POINT.sub("", body).strip() or len(pts) < 3:
                why = f"{name}: part {i} is not a closed list of at least three points (x,y) between < and >"
                broken.append((f"{name} (line {n}, part {i})", Problem(shown, n, line.index("<") + 1, "", why)))
                continue
            parts.append(Polygon(pts))
        if name not in where:
            out[name] = parts
            where[name] = n
    if not any(out.values()):
        raise FileProblems(
            [p for _, p in broken[:20]] or [Problem(shown, None, None, "", "no territory's outline in it")]
        )
    return out, where, broken


def read_centers(path: Path, shown: str) -> dict[str, tuple[float, float]]:
    out: dict[str, tuple[float, float]] = {}
    problems = []
    for n, line in enumerate(_text(path, shown).splitlines(), start=1):
        if not line.strip():
            continue
        m = _POINT.search(line)
        name = line[: m.start()].strip() if m else ""
        if not m or not name:
            problems.append(Problem(shown, n, 1, "", "expected NAME (x,y), got " + repr(line[:60])))
            continue
        x, y = float(m.group(1)), float(m.group(2))
        if not (abs(x) <= MAX_COORD and abs(y) <= MAX_COORD):
            problems.append(
                Problem(shown, n, 1, "", f"{name}: a point out of range: expected pixels within {MAX_COORD:g}")
            )
            continue
        out.setdefault(name, (x, y))
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
    unpacked: Path | None = None  # where a zipped map was unpacked (a temporary folder) ...
    packed: str = ""  # ... and the zip file it came from, for messages

    def shown(self, path: Path) -> str:
        """How a file of the map is named in messages (a zipped map's files as ZIP:MEMBER)."""
        if self.unpacked is not None:
            try:
                return f"{self.packed}:{path.relative_to(self.unpacked).as_posix()}"
            except ValueError:
                pass
        return str(path)


MAP_FILES = ("polygons.txt", "centers.txt", "map.properties")
DEPTH = 3  # how deep under MAPDIR polygons.txt is looked for (a repository holding NAME/map/polygons.txt)


MAX_SCANNED = 20_000  # entries looked at under MAPDIR for the map's folder


def _maps_below(base: Path, shown: str) -> set[Path]:
    """The folders 1 to :data:`DEPTH` levels below ``base`` holding polygons.txt (hidden names and
    what cannot be listed skipped: a folder such as /proc changes while it is read), looking at
    no more than :data:`MAX_SCANNED` entries."""
    found: set[Path] = set()
    level = [base]
    seen = 0
    for _depth in range(DEPTH):
        below = []
        for d in level:
            try:
                with os.scandir(d) as it:
                    entries = list(it)
            except (OSError, ValueError):
                continue
            seen += len(entries)
            if seen > MAX_SCANNED:
                raise FileProblems(
                    [
                        Problem(
                            shown,
                            None,
                            None,
                            "",
                            f"more than {MAX_SCANNED:,} files and folders below it to look through for "
                            "map/polygons.txt: give the TripleA map's own folder",
                        )
                    ]
                )
            for e in entries:
                if e.name.startswith("."):
                    continue
                try:
                    if not e.is_dir():
                        continue
                    sub = Path(e.path)
                    if (sub / "polygons.txt").is_file():
                        found.add(sub)
                except (OSError, ValueError):
                    continue
                below.append(sub)
        level = below
    return found


def _polygons_dir(base: Path, shown: str) -> Path:
    """The folder holding polygons.txt: MAPDIR/map, MAPDIR, or the one folder under MAPDIR (at
    most :data:`DEPTH` down) that holds it."""
    for d in (base / "map", base):
        if (d / "polygons.txt").is_file():
            return d
    found = sorted(_maps_below(base, shown), key=lambda d: (len(d.parts), str(d)))
    if len(found) > 1:
        raise FileProblems(
            [
                Problem(
                    shown,
                    None,
                    None,
                    "",
                    "several TripleA maps in it ("
                    + listed([str(d.relative_to(base)) for d in found])
                    + "): give the one to import",
                )
            ]
        )
    if not found:
        raise FileProblems(
            [
                Problem(
                    shown,
                    None,
                    None,
                    "",
                    "no map/polygons.txt in it: a TripleA map folder holds map/polygons.txt, "
                    "map/centers.txt and map/games/*.xml",
                )
            ]
        )
    return found[0]


def locate(mapdir: str, game: str | None = None) -> MapFolder:
    """The map folder (MAPDIR/map, MAPDIR, or the one folder below MAPDIR holding polygons.txt)
    and its game file (``--game``, else the one XML in ``games/``); :class:`FileProblems` saying
    what is missing."""
    base = Path(mapdir)
    if not base.is_dir():
        try:  # there, but neither a folder nor (the caller saw) a zip file: say what it is
            what = f"not a folder: got {file_kind(os.stat(base).st_mode)}"
        except (OSError, ValueError):
            what = "no such folder"
        raise FileProblems(
            [
                Problem(
                    mapdir,
                    None,
                    None,
                    "",
                    f"{what} (a TripleA map: the folder holding map/polygons.txt, or its zip file)",
                )
            ]
        )
    d = _polygons_dir(base, mapdir)
    games_dir = next((g for g in (d / "games", d.parent / "games") if g.is_dir()), d / "games")
    if game is not None:
        g = Path(game)
        if not g.exists() and (games_dir / game).exists():
            g = games_dir / game
        return MapFolder(d, g)
    games = sorted(games_dir.glob("*.xml")) if games_dir.is_dir() else []
    if not games:
        raise FileProblems(
            [Problem(str(games_dir), None, None, "", "no game file (*.xml) here: give one with --game FILE.xml")]
        )
    if len(games) > 1:
        raise FileProblems(
            [
                Problem(
                    str(games_dir),
                    None,
                    None,
                    "",
                    "several games: choose one with --game (" + ", ".join(p.name for p in games) + ")",
                )
            ]
        )
    return MapFolder(d, games[0])


MAX_ZIP_BYTES = 1 << 30  # a zipped map's own size (TripleA's biggest, with their images, are a few hundred MB)
MAX_ZIP_ENTRIES = 50_000  # files in it (a map's image tiles are thousands)
MAX_UNPACKED = 48 << 20  # what is unpacked of it: a map's polygons, centres, properties and games


def _zip_problem(path: str, message: str, member: str = "") -> FileProblems:
    return FileProblems([Problem(f"{path}:{member}" if member else path, None, None, "", message)])


def _members(path: str, infos: list[ZipInfo], game: str | None) -> list[tuple[ZipInfo, list[str]]]:
    """The members of a zipped map the import reads, chosen by their names alone (nothing is
    unpacked to choose): the one map's ``polygons.txt``, ``centers.txt``, ``map.properties`` and
    its ``games/*.xml`` (only the ``--game`` one when it names a game of the zip); a zip holding
    several maps is refused."""
    named = []
    for info in infos:
        name = info.filename.replace("\\", "/")
        parts = [x for x in name.split("/") if x not in ("", ".")]
        if info.is_dir() or not parts or ".." in parts or ":" in name:
            continue
        named.append((info, parts))
    maps = sorted({tuple(parts[:-1]) for _, parts in named if parts[-1] == "polygons.txt"}, key=lambda d: (len(d), d))
    if len(maps) > 1:
        shown = listed(["/".join(d) or "." for d in maps])
        raise _zip_problem(path, f"several TripleA maps in it ({shown}): unzip it and give the one to import")
    here = maps[0] if maps else None
    out = []
    for info, parts in named:
        folder, leaf = tuple(parts[:-1]), parts[-1]
        if leaf in MAP_FILES:
            wanted = here is None or folder == here
        elif len(parts) > 1 and parts[-2] == "games" and leaf.lower().endswith(".xml"):
            wanted = here is None or folder[:-1] in (here, here[:-1])
            if wanted and game is not None and not Path(game).exists():
                wanted = leaf == Path(game).name
        else:
            wanted = False
        if wanted:
            out.append((info, parts))
    return out


def _unzip(path: str, into: Path, game: str | None = None) -> None:
    """The files of a zipped TripleA map that the import reads (:func:`_members`), copied under
    ``into``; nothing else is unpacked, no name leaves ``into``, no file over mapref's size cap is
    read, and at most :data:`MAX_UNPACKED` bytes in all, from a zip of at most
    :data:`MAX_ZIP_ENTRIES` files."""
    import zipfile
    import zlib

    from mapref.io.problems import MAX_FILE_BYTES

    try:
        if Path(path).stat().st_size > MAX_ZIP_BYTES:
            raise _zip_problem(path, f"too big for a TripleA map (more than {MAX_ZIP_BYTES >> 20} MiB)")
        with zipfile.ZipFile(path) as z:
            infos = z.infolist()
            if len(infos) > MAX_ZIP_ENTRIES:
                raise _zip_problem(
                    path, f"{len(infos):,} files in it: a TripleA map's zip has at most {MAX_ZIP_ENTRIES:,}"
                )
            total = 0
            for info, parts in _members(path, infos, game):
                name = "/".join(parts)
                if info.file_size > MAX_FILE_BYTES:
                    raise _zip_problem(path, f"too big ({info.file_size} bytes unpacked)", name)
                with z.open(info) as src:
                    data = src.read(MAX_FILE_BYTES + 1)
                if len(data) > MAX_FILE_BYTES:
                    raise _zip_problem(path, "too big unpacked", name)
                total += len(data)
                if total > MAX_UNPACKED:
                    raise _zip_problem(
                        path,
                        f"more than {MAX_UNPACKED >> 20} MiB unpacked from it for the map's polygons, centres, "
                        "properties and games (a TripleA map's are a few MB)",
                    )
                out = into.joinpath(*parts)
                out.parent.mkdir(parents=True, exist_ok=True)
                out.write_bytes(data)
    except (zipfile.BadZipFile, zipfile.LargeZipFile, NotImplementedError, EOFError, zlib.error) as e:
        raise _zip_problem(path, f"not a zip file mapref can read ({clip(str(e), 100)})") from None
    except OSError as e:
        raise _zip_problem(path, f"cannot read: {e.strerror or e}") from None


# ---------------------------------------------------------------------------- the map
def listed(items: list[str], most: int = 6) -> str:
    """``items`` joined by commas: the first ``most``, then " ..." when there are more."""
    return ", ".join(items[:most]) + (" ..." if len(items) > most else "")


def player_colours(props: dict[str, str], players: list[str]) -> dict[str, str]:
    """Each player's colour as the map gives it (map.properties ``color.PLAYER=RRGGBB``)."""
    out = {}
    for p in players:
        raw = props.get(f"color.{p}", "").strip().lstrip("#")
        if re.fullmatch(r"[0-9a-fA-F]{6}", raw):
            out[p] = "#" + raw.lower()
    return out


def _colour(props: dict[str, str], player: str, i: int) -> str:
    raw = props.get(f"color.{player}", "").strip().lstrip("#")
    if re.fullmatch(r"[0-9a-fA-F]{6}", raw):
        r, g, b = (int(raw[k : k + 2], 16) for k in (0, 2, 4))
        r, g, b = (round(c + (255 - c) * 0.45) for c in (r, g, b))  # lightened: names stay readable on it
        return f"#{r:02x}{g:02x}{b:02x}"
    return PALETTE[i % len(PALETTE)]


AXES = ("x", "y")
EDGES = (
    {"west": "west", "east": "east", "move": "west", "edge": "east-west"},
    {"west": "north", "east": "south", "move": "north", "edge": "north-south"},
)


def _gap(geoms: dict[str, BaseGeometry], a: str, b: str, axis: int, da: float, db: float) -> float:
    """How far apart the bounding boxes of a and b are, a moved by da and b by db along axis."""
    ab, bb = list(geoms[a].bounds), list(geoms[b].bounds)
    ab[axis] += da
    ab[axis + 2] += da
    bb[axis] += db
    bb[axis + 2] += db
    dx = max(0.0, bb[0] - ab[2], ab[0] - bb[2])
    dy = max(0.0, bb[1] - ab[3], ab[1] - bb[3])
    return math.hypot(dx, dy)


def _across_edge(game: TripleaGame, geoms: dict[str, BaseGeometry], span: float, axis: int) -> list[str]:
    """The connections whose two territories meet only across the map's edge along ``axis`` (one
    at each edge, touching when one is moved a whole map width): the map wraps round there."""
    out = []
    for a, b, _ in game.connections:
        if a in geoms and b in geoms and _gap(geoms, a, b, axis, 0.0, 0.0) > 2 * BORDER:
            if min(_gap(geoms, a, b, axis, 0.0, d) for d in (span, -span)) <= 2 * BORDER:
                out.append(f"{a} - {b}")
    return out


def _wrap_cut(game: TripleaGame, geoms: dict[str, BaseGeometry], span: float, axis: int) -> float:
    """Where to cut a map that wraps round along ``axis`` (0: x, 1: y): the place at which the
    fewest land connections cross (then the fewest connections, then the fewest territories
    move), territories beyond it moving one map width back; ``span`` (TripleA's own edge) when
    that is as good."""
    mid = {t: (g.bounds[axis] + g.bounds[axis + 2]) / 2 for t, g in geoms.items()}
    pairs = [
        (a, b, not game.territories[a] and not game.territories[b])
        for a, b, _ in game.connections
        if a in geoms and b in geoms
    ]

    def score(x: float) -> tuple[int, int, int]:
        land = every = 0
        for a, b, is_land in pairs:
            if _gap(geoms, a, b, axis, -span if mid[a] > x else 0.0, -span if mid[b] > x else 0.0) > 2 * BORDER:
                every += 1
                land += is_land
        return land, every, sum(1 for c in mid.values() if c > x)  # then: move as few territories as may be

    best_x, best = span, score(span)
    for k in range(1, 200):
        x = span * k / 200
        sc = score(x)
        if sc < best:
            best_x, best = x, sc
    return best_x


def _unwrap(
    game: TripleaGame, geoms: dict[str, BaseGeometry], props: dict[str, str], notes: list[str]
) -> tuple[dict[str, list[float]], dict[int, tuple[float, float]]]:
    """Cut a map that wraps round (``map.scrollWrapX`` / ``map.scrollWrapY``, or connections
    that join territories only across the map's edge) where the fewest land connections cross:
    (territory -> its shift [dx, dy], axis -> the seam's two edges before any other shift)."""
    live = [g for g in geoms.values() if not g.is_empty]
    extent = shapely.total_bounds(live) if live else (0.0, 0.0, 0.0, 0.0)
    shift: dict[str, list[float]] = {t: [0.0, 0.0] for t in geoms}
    seams: dict[int, tuple[float, float]] = {}
    for axis, name in enumerate(("map.width", "map.height")):
        span = _number(props, name) or float(math.ceil(extent[axis + 2]))
        said = props.get(f"map.scrollWrap{AXES[axis].upper()}", "").strip().lower() == "true"
        e = EDGES[axis]
        if span <= 0:
            continue
        if not said:
            across = _across_edge(game, geoms, span, axis)
            if not across:
                continue
            notes.append(
                f"map.properties does not say the map wraps {e['edge']} (map.scrollWrap{AXES[axis].upper()}), but "
                f"{len(across)} connection{'s join' if len(across) != 1 else ' joins'} territories that meet only across "
                f"its {e['edge']} edge ({listed(across, 3)}): taken as wrapping"
            )
        cut = _wrap_cut(game, geoms, span, axis)
        seams[axis] = (cut - span, cut)
        moved = [t for t, g in geoms.items() if (g.bounds[axis] + g.bounds[axis + 2]) / 2 > cut] if cut < span else []
        for t in moved:
            shift[t][axis] = -span
            geoms[t] = affinity.translate(geoms[t], *((-span, 0.0) if axis == 0 else (0.0, -span)))
        if moved:
            pos = "x" if axis == 0 else "y"
            notes.append(
                f"the map wraps {e['edge']}: cut at {pos} = {cut:g}, where the fewest land connections cross; the "
                f"{len(moved)} territories {e['east']} of it moved one map {'width' if axis == 0 else 'height'} ({span:g}) "
                f"{e['move']}"
            )
    return shift, seams


def _number(props: dict[str, str], key: str) -> float:
    """A size from map.properties; one that cannot be a map's (past :data:`MAX_COORD` pixels, inf,
    nan) is taken as not given, as a missing one is (it became a page mapref check refused)."""
    try:
        v = max(0.0, float(props.get(key, "0") or 0))
    except ValueError:
        return 0.0
    return v if v <= MAX_COORD else 0.0


def _round_the_back(m: AreaMap, a: str, b: str) -> bool:
    """Whether locations a and b of a map that wraps are nearer across its seam than across it."""
    ga, gb = m.locations[a].polygon, m.locations[b].polygon
    dx, dy = m.wrap_shift(m.locations[a].label_point, m.locations[b].label_point)
    if not dx and not dy:
        return False
    return ga.distance(affinity.translate(gb, dx, dy)) < ga.distance(gb)


class _PlaceProps(TypedDict):
    """What a territory's location or box is given whether it is drawn or off the map."""

    name: str
    colour: str
    capital: bool
    vp: int
    attrs: dict[str, object]


def triplea_map(
    game: TripleaGame,
    polygons: dict[str, list[Polygon]],
    centers: dict[str, tuple[float, float]],
    props: dict[str, str],
    notes: list[str],
) -> AreaMap:
    """The area map of a TripleA game (see the module's notes); fills ``game.ids``."""
    m = AreaMap(
        name=game.name,
        notes=f"Imported with mapref import-triplea from the TripleA game {Path(game.file).name}: "
        "territories, sea zones, connections, production, capitals and victory cities.",
    )
    geoms: dict[str, BaseGeometry] = {}
    for t in game.territories:
        parts = [shapely.make_valid(p) if not p.is_valid else p for p in polygons.get(t, [])]
        g = as_area([q for p in parts for q in polygon_parts(p)])
        if not g.is_empty and g.area >= MIN_PIXELS:
            geoms[t] = shapely.union_all(polygon_parts(g))
    game.outlines = dict(geoms)
    cleaned, moved, seams = _laid_out(m, game, geoms, props, notes)
    pids = _player_classes(m, game, props)
    _territories(m, game, cleaned, centers, moved, pids, notes)
    _duplicate_notes(game, notes)
    _move_lines(m, game, seams, notes)
    _connection_notes(m, game, notes)
    return m


def _laid_out(m: AreaMap, game: TripleaGame, geoms: dict, props: dict[str, str], notes: list[str]):
    """The outlines cleaned into one coverage, a wrapping world cut and nothing left of or above
    the page (the map's seams and page set): (territory -> outline, territory -> its move
    (dx, dy) on the map, the seams by axis)."""
    from mapref.core.areatrace import clean_outlines, raster_scale

    shift, seams = _unwrap(game, geoms, props, notes)
    names = list(geoms)
    outlines = [geoms[t] for t in names]
    k = raster_scale(outlines, BORDER, MAX_OUTLINE_PIXELS)
    if k < 1.0:  # the raster the outlines are cleaned on is bounded as a traced image is
        x0, y0, x1, y1 = shapely.total_bounds([g for g in outlines if not g.is_empty])
        notes.append(
            f"the outlines span {x1 - x0:,.0f} x {y1 - y0:,.0f} pixels, more than the "
            f"{MAX_OUTLINE_PIXELS // 1_000_000} megapixels mapref cleans them on: cleaned at a scale of {k:.2f} "
            f"(a border line of {BORDER:g} pixels or less still shared out)"
        )
    cleaned = dict(zip(names, clean_outlines(outlines, border=BORDER, max_pixels=MAX_OUTLINE_PIXELS), strict=True))
    x0 = min((g.bounds[0] for g in cleaned.values() if not g.is_empty), default=0.0)
    y0 = min((g.bounds[1] for g in cleaned.values() if not g.is_empty), default=0.0)
    dx, dy = -min(0.0, math.floor(x0)), -min(0.0, math.floor(y0))  # nothing left of or above the page
    if dx or dy:
        cleaned = {t: affinity.translate(g, dx, dy) for t, g in cleaned.items()}
    if 0 in seams:
        m.wrap_x = (round(seams[0][0] + dx, 2), round(seams[0][1] + dx, 2))
    if 1 in seams:
        m.wrap_y = (round(seams[1][0] + dy, 2), round(seams[1][1] + dy, 2))
    live = [g for g in cleaned.values() if not g.is_empty]
    width, height = _number(props, "map.width"), _number(props, "map.height")
    # the page: TripleA's own map size (map.properties), else what the outlines cover
    x1 = width or max([g.bounds[2] for g in live] + [m.wrap_x[1] if m.wrap_x else 0.0])
    y1 = height or max([g.bounds[3] for g in live] + [m.wrap_y[1] if m.wrap_y else 0.0])
    m.page = (float(math.ceil(x1)), float(math.ceil(y1)))
    moved = {t: (shift[t][0] + dx, shift[t][1] + dy) for t in shift}
    return cleaned, moved, seams


def _player_classes(m: AreaMap, game: TripleaGame, props: dict[str, str]) -> dict[str, str]:
    """A colour class for each player owning land (its colour from map.properties, lightened; its
    side the alliance when it has more than one player), the sea zones' and the coastal line kind:
    player -> its class id."""
    owners = {p for t, p in game.owners.items() if p and not game.territories.get(t)}
    players = [p for p in game.players if p in owners] + sorted(owners - set(game.players))
    pids = {p: slug(p) or f"player_{i}" for i, p in enumerate(players)}
    for i, p in enumerate(players):
        alliance = game.alliances.get(p, "")
        side = slug(alliance) if alliance and len(game.alliance_members(alliance)) > 1 else ""
        m.colours[pids[p]] = ColourClass(p.replace("_", " "), _colour(props, p, i), side)
    m.colours[SEA] = SEA_CLASS
    m.line_kinds["coastal"] = COASTAL
    return pids


def _territory_attrs(game: TripleaGame, t: str, pids: dict[str, str]) -> dict[str, object]:
    water = game.territories[t]
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
    return attrs


def _territories(
    m: AreaMap, game: TripleaGame, cleaned: dict, centers: dict, moved: dict, pids: dict[str, str], notes: list[str]
) -> None:
    """Every territory a location (its label at TripleA's centre when that lies inside it), or
    with no outline an off-map box, in rows under the page in the game's order."""
    boxed: list[str] = []
    for t, water in game.territories.items():
        g = cleaned.get(t)
        colour = SEA if water else pids.get(game.owners.get(t, ""), "")
        props_ = _PlaceProps(
            name=t,
            colour=colour,
            capital=t in game.capitals,
            vp=min(99, game.victory.get(t, 0)),
            attrs=_territory_attrs(game, t, pids),
        )
        if g is None or g.is_empty:  # off the map: in rows under it, in the game's order
            bid = m.new_id(t, "boxes")
            width, height = m.page or (0.0, 0.0)  # (the outlines' extent, set before)
            per_row = max(1, int(width // (BOX[0] + 10)))
            row, col = divmod(len(boxed), per_row)
            position = (col * (BOX[0] + 10), height + 20 + row * (BOX[1] + 10))
            m.boxes[bid] = Box(bid, position=(float(position[0]), float(position[1])), size=BOX, **props_)
            game.ids[t] = f"box:{bid}"
            boxed.append(t)
            continue
        lid = m.new_id(t)
        anchor = None
        if t in centers:
            c = (round(centers[t][0] + moved[t][0], 2), round(centers[t][1] + moved[t][1], 2))
            anchor = c if g.contains(Point(c)) else None
        m.locations[lid] = Location(lid, polygon=g, anchor=anchor, **props_)
        game.ids[t] = lid
    if boxed:
        notes.append(
            f"{len(boxed)} territor{'ies' if len(boxed) != 1 else 'y'} with no outline to draw became "
            f"{'off-map boxes' if len(boxed) != 1 else 'an off-map box'}: " + listed(boxed, 8)
        )


def _duplicate_notes(game: TripleaGame, notes: list[str]) -> None:
    dup = game.duplicates  # (dropped as the game was read: the rest of the import sees each connection once)
    for a, b, line, first in dup if len(dup) <= 6 else ():
        notes.append(
            f"{Path(game.file).name}:{line}: the connection {a} - {b} is there already (line {first}): one move line"
        )
    if len(dup) > 6:
        notes.append(
            f"{Path(game.file).name}: {len(dup):,} connections are there already (line {dup[0][2]}: {dup[0][0]} - "
            f"{dup[0][1]}, as on line {dup[0][3]}; lines {', '.join(str(x[2]) for x in dup[1:6])} ...): one move "
            "line each"
        )


def _move_lines(m: AreaMap, game: TripleaGame, seams: dict, notes: list[str]) -> None:
    """Every connection a move line: land, naval or coastal by its ends; round the back of a
    wrapping world (``wrap``), or a land line between territories that do not touch (a strait
    ``crossing``), said in a note each."""
    from mapref.core.areaedit import line_id
    from mapref.core.areageom import shared_borders, touch_across_seam

    touching = shared_borders(m)
    crossing: list[str] = []
    wrapping: list[str] = []
    taken: set[str] = set()
    for a, b, _line in game.connections:
        wa, wb = game.territories[a], game.territories[b]
        kind = "naval" if wa and wb else "land" if not wa and not wb else "coastal"
        sa, sb = game.ids[a], game.ids[b]
        lid = line_id(m, sa, sb, used=taken)
        taken.add(lid)
        boxes = sa.startswith("box:") or sb.startswith("box:")
        wraps = not boxes and seams and _round_the_back(m, sa, sb)
        if wraps:
            wrapping.append(f"{a} - {b}")
        apart = (
            kind == "land"
            and not boxes
            and (sa, sb) not in touching
            and (sb, sa) not in touching
            and not (wraps and touch_across_seam(m, sa, sb))
        )
        if apart:
            crossing.append(f"{a} - {b}")
        m.lines[lid] = MoveLine(lid, sa, sb, kind=kind, crossing=apart, wrap=bool(wraps))
    if crossing:
        notes.append(
            f"{len(crossing)} land connection{'s join' if len(crossing) != 1 else ' joins'} territories that do not touch "
            "(straits, canals): marked as crossings: " + listed(crossing)
        )
    if wrapping:
        notes.append(
            f"{len(wrapping)} connection{'s go' if len(wrapping) != 1 else ' goes'} round the back of the map (across its seam): "
            "drawn as two stubs off its edges: " + listed(wrapping)
        )


def _connection_notes(m: AreaMap, game: TripleaGame, notes: list[str]) -> None:
    """The canals (kept as naval lines always open) and the territories joined to nothing."""
    if game.canals:  # TripleA opens a canal's connection only to whoever holds the land beside it (canalAttachment)
        names = sorted(game.canals)
        one = len(names) == 1
        notes.append(
            f"{len(names)} canal{'' if one else 's'} ({listed(names, 4)}) "
            f"{'opens' if one else 'open'} a sea connection only to whoever holds the land beside {'it' if one else 'them'} "
            "in TripleA: mapref keeps the connections as naval lines always open"
        )
    joined = {s for ln in m.lines.values() for s in (ln.a, ln.b)}
    lonely = [s for s in game.ids.values() if s not in joined]
    if lonely:
        m.accept = tuple(f"no-lines:{s}" for s in lonely)
        notes.append(
            f"{len(lonely)} territor{'ies' if len(lonely) != 1 else 'y'} the game connects to nothing (impassable, or a place TripleA shows things in): accepted "
            "without move lines: " + listed(lonely)
        )


def import_triplea(mapdir: str, game_file: str | None = None) -> tuple[AreaMap, TripleaGame, list[str]]:
    """Read a TripleA map (its folder, or the zip file TripleA downloads): (the area map, the
    game's facts, notes for the user)."""
    if Path(mapdir).is_file():
        import tempfile

        with tempfile.TemporaryDirectory(prefix="mapref-triplea-") as tmp:
            _unzip(mapdir, Path(tmp), game_file)
            try:
                where = locate(tmp, game_file)
            except FileProblems as e:  # name the zip, not the temporary folder
                raise FileProblems(
                    [
                        dataclasses.replace(
                            p,
                            file=p.file.replace(tmp + "/", mapdir + ":").replace(tmp, mapdir),
                            message=p.message.replace(tmp + "/", ""),
                        )
                        for p in e.problems
                    ]
                ) from None
            where.unpacked, where.packed = Path(tmp), mapdir
            return _import(where)
    return _import(locate(mapdir, game_file))


def _import(where: MapFolder) -> tuple[AreaMap, TripleaGame, list[str]]:
    game = read_game(where.game, where.shown(where.game))
    poly_file = where.dir / "polygons.txt"
    polygons, poly_lines, broken = read_polygons(poly_file, where.shown(poly_file))
    centers = (
        read_centers(where.dir / "centers.txt", where.shown(where.dir / "centers.txt"))
        if (where.dir / "centers.txt").exists()
        else {}
    )
    props = (
        read_properties(where.dir / "map.properties", where.shown(where.dir / "map.properties"))
        if (where.dir / "map.properties").exists()
        else {}
    )
    game.colours = player_colours(props, game.players)
    notes = []
    if broken:  # kept: the territory's good parts; with none left it becomes an off-map box (below)
        notes.append(
            f"{where.shown(poly_file)}: {len(broken)} outline part{'s are' if len(broken) != 1 else ' is'} not a closed list "
            "of at least three points (x,y) between < and >, left out (each territory keeps its other parts): "
            + listed([what for what, _ in broken])
        )
    extra = [n for n in polygons if n not in game.territories]
    if extra:
        notes.append(
            f"{where.shown(poly_file)}: {len(extra)} outline{'s name' if len(extra) != 1 else ' names'} no territory of "
            "the game, left out: " + listed([f"{n!r} (line {poly_lines[n]})" for n in extra])
        )
    m = triplea_map(game, polygons, centers, props, notes)
    return m, game, notes


__all__ = [
    "MapFolder",
    "Node",
    "TripleaGame",
    "import_triplea",
    "listed",
    "locate",
    "read_centers",
    "read_game",
    "read_polygons",
    "read_properties",
    "read_xml",
    "triplea_map",
]
