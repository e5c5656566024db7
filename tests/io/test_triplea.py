"""Reading TripleA maps (mapref.io.triplea) on the toy map of tests/data/triplea_toy: the game file
as TripleA reads it (variables and foreach expanded, comments and the DTD left alone), the map
made of it, and bad input named by file and line."""

import shutil
from pathlib import Path

import pytest
import shapely

from mapref.core.arealint import lint_area
from mapref.io.problems import FileProblems
from mapref.io.triplea import import_triplea, read_game, read_polygons, read_xml

TOY = Path(__file__).resolve().parents[1] / "data" / "triplea_toy"
GAME = TOY / "map" / "games" / "toy_world.xml"


def test_the_game_file_as_triplea_reads_it():
    g = read_game(GAME)
    assert g.name == "Toy World" and len(g.territories) == 66 and sum(g.territories.values()) == 37
    # production by foreach="$land$:$ipc$" (two variables stepped together), every land territory
    assert g.production["Germany"] == 12 and g.production["Eastern United States"] == 20 and len(g.production) == 25
    # victory cities by foreach="$cities$", a variable made of two variables
    assert len(g.victory) == 16 and g.victory["Samara"] == 1
    assert g.capitals["Himalayas"] == "Chinese" and g.impassable == {"Himalayas"}
    # the commented-out connection is not read; the one given twice is read once, the second kept
    # aside with its line (the map makes one line of it, and says so)
    assert ("Spain", "Germany") not in [(a, b) for a, b, _ in g.connections]
    pairs = [frozenset((a, b)) for a, b, _ in g.connections]
    assert pairs.count(frozenset(("Germany", "France"))) == 1 and len(g.connections) == 116
    assert [(a, b, line) for a, b, line, _ in g.duplicates] == [("Germany", "France", 269)]
    assert g.alliances["Italians"] == "Axis" and g.relation("Germans", "French") == "war"
    assert g.relation("Neutral_Axis", "Germans") == "allied" and g.relation("Mongolians", "Japanese") == "neutral"
    assert g.unit_kinds == {
        "infantry": "land",
        "armour": "land",
        "battleship": "sea",
        "transport": "sea",
        "fighter": "air",
        "factory_major": "facility",
        "factory_minor": "facility",
    }
    assert g.resources["Americans"] == 40 and ("Spain", "infantry", "Neutral_True", 3) in g.units


def test_foreach_steps_and_crosses_as_triplea_does(tmp_path):
    xml = tmp_path / "g.xml"
    xml.write_text(
        """<?xml version="1.0"?>
<game><info name="X"/>
<variableList>
  <variable name="t"><element name="A"/><element name="B"/></variable>
  <variable name="v"><element name="1"/><element name="2"/></variable>
  <variable name="w"><element name="5"/><element name="7"/></variable>
</variableList>
<map><territory name="A"/><territory name="B"/><territory name="A5"/><territory name="A7"/><territory name="B5"/>
<territory name="B7"/></map>
<attachmentList>
  <attachment name="territoryAttachment" attachTo="@t@" foreach="$t$:$v$" type="territory"><option name="Production" value="@v@"/></attachment>
  <attachment name="territoryAttachment" attachTo="@t@@w@" foreach="$t$^$w$" type="territory"><option name="production" value="@w@"/></attachment>
</attachmentList></game>""",
        encoding="utf-8",
    )
    g = read_game(xml)
    # ":" steps together (A 1, B 2); "^" crosses (A5, A7, B5, B7); "Production" is read as "production"
    assert g.production == {"A": 1, "B": 2, "A5": 5, "A7": 7, "B5": 5, "B7": 7}


def test_the_map_made_of_the_toy(tmp_path):
    m, g, notes = import_triplea(str(TOY))
    spaces = set(g.ids.values())
    assert len(spaces) == len(g.territories) == 66 and len(m.locations) == 65 and list(m.boxes) == ["threat"]
    assert [p for p in lint_area(m) if p.level != "note"] == []
    assert shapely.coverage_is_valid([loc.polygon for loc in m.locations.values()])
    # islands drawn over their sea zone cut a hole in it; the United Kingdom's land line to France crosses the water
    sea = m.locations[g.ids["4 Sea Zone"]]
    assert len(sea.polygon.interiors) == 2 and sea.attrs["sea"] is True and sea.colour == "sea"
    uk_fr = next(ln for ln in m.lines.values() if {ln.a, ln.b} == {"united_kingdom", "france"})
    assert uk_fr.kind == "land" and uk_fr.crossing
    assert {ln.kind for ln in m.lines.values()} == {"land", "naval", "coastal"}
    # the map wraps: the two United States touch once the seam is moved into the ocean
    us = next(ln for ln in m.lines.values() if {ln.a, ln.b} == {"eastern_united_states", "western_united_states"})
    assert not us.crossing and m.locations["eastern_united_states"].polygon.intersects(
        m.locations["western_united_states"].polygon
    )
    germany = m.locations["germany"]
    assert (germany.colour, germany.capital, germany.vp, germany.attrs["production"]) == ("germans", True, 1, 12)
    assert m.colours["germans"].side == "axis" and m.colours["neutral_true"].side == ""
    assert m.locations["himalayas"].attrs == {"impassable": True, "capital_of": "chinese"}
    assert any("Atlantis" in n for n in notes) and any("Germany - France is there already" in n for n in notes)


def copy_toy(tmp_path) -> Path:
    d = tmp_path / "toy"
    shutil.copytree(TOY / "map", d / "map")
    return d


def test_bad_xml_is_named_by_file_and_line(tmp_path):
    d = copy_toy(tmp_path)
    game = d / "map" / "games" / "toy_world.xml"
    text = game.read_text(encoding="utf-8")
    line = text.splitlines().index('    <connection t1="Germany" t2="France"/>') + 1
    game.write_text(
        text.replace('<connection t1="Germany" t2="France"/>', '<connection t1="Germany" t2="Frnace"/>'),
        encoding="utf-8",
    )
    with pytest.raises(FileProblems) as e:
        read_game(game)
    (p,) = e.value.problems
    assert (p.file, p.line) == (
        str(game),
        line,
    ) and p.message == "no territory 'Frnace' in the <map> (did you mean \"France\"?)"
    game.write_text(text.replace("</map>", "</mapp>"), encoding="utf-8")
    with pytest.raises(FileProblems) as e:
        read_game(game)
    assert "not well-formed XML: mismatched tag" in str(e.value) and e.value.problems[0].line is not None


def test_xml_entities_are_refused_and_no_other_file_is_read(tmp_path):
    bomb = tmp_path / "bomb.xml"
    bomb.write_text(
        '<?xml version="1.0"?>\n<!DOCTYPE game [\n<!ENTITY a "aaaaaaaaaa">\n<!ENTITY b "&a;&a;&a;&a;&a;&a;">\n]>\n'
        "<game>&b;</game>\n",
        encoding="utf-8",
    )
    with pytest.raises(FileProblems) as e:
        read_xml(bomb, "bomb.xml")
    assert e.value.problems[0].line == 3 and "entity declaration" in e.value.problems[0].message
    secret = tmp_path / "secret.txt"
    secret.write_text("SECRET", encoding="utf-8")
    ext = tmp_path / "ext.xml"
    ext.write_text(
        f'<?xml version="1.0"?>\n<!DOCTYPE game [<!ENTITY s SYSTEM "{secret}">]>\n<game>&s;</game>\n', encoding="utf-8"
    )
    with pytest.raises(FileProblems) as e:
        read_xml(ext, "ext.xml")
    assert "SECRET" not in str(e.value)
    # TripleA's own DOCTYPE names a DTD file that is not there: it is not fetched
    assert read_xml(GAME, "toy").tag == "game"


def test_bad_polygons_and_missing_files(tmp_path):
    d = copy_toy(tmp_path)
    poly = d / "map" / "polygons.txt"
    lines = poly.read_text(encoding="utf-8").splitlines()
    lines[4] = lines[4].replace(">", "", 1)
    poly.write_text("\n".join(lines) + "\n", encoding="utf-8")
    # one bad outline does not refuse the map: it is left out, said with its line
    outlines, _, broken = read_polygons(poly, "polygons.txt")
    name = lines[4].split("<")[0].strip()
    assert outlines[name] == [] and len(outlines) == len(lines)
    assert [(p.line, what) for what, p in broken] == [(5, f"{name} (line 5, part 1)")]
    assert "not a closed list of at least three points" in broken[0][1].message
    # a file of which no line is an outline is refused, with the lines
    poly.write_text("Spain  <  (1,2) >\nnonsense\n", encoding="utf-8")
    with pytest.raises(FileProblems) as e:
        read_polygons(poly, "polygons.txt")
    assert [p.line for p in e.value.problems] == [1, 2]
    (tmp_path / "empty").mkdir()
    with pytest.raises(FileProblems, match="no map/polygons.txt"):
        import_triplea(str(tmp_path / "empty"))
    (d / "map" / "games" / "toy_world.xml").rename(d / "map" / "games" / "a.xml")
    (d / "map" / "games" / "b.xml").write_text("<game/>", encoding="utf-8")
    with pytest.raises(FileProblems, match="several games: choose one with --game"):
        import_triplea(str(d))


def test_a_note_that_lists_some_of_many_says_so_and_the_page_is_the_map_size(tmp_path):
    # seven territories connected to nothing: the note names six of them and says there are more
    d = copy_toy(tmp_path)
    game = d / "map" / "games" / "toy_world.xml"
    poly = d / "map" / "polygons.txt"
    names = [f"Islet {i}" for i in range(1, 8)]
    game.write_text(
        game.read_text(encoding="utf-8").replace(
            '<territory name="Germany"/>',
            '<territory name="Germany"/>' + "".join(f'\n    <territory name="{n}"/>' for n in names),
            1,
        ),
        encoding="utf-8",
    )
    poly.write_text(
        poly.read_text(encoding="utf-8")
        + "".join(
            f"{n}  <  ({10 + 12 * i},385) ({18 + 12 * i},385) ({18 + 12 * i},395)  >\n" for i, n in enumerate(names)
        ),
        encoding="utf-8",
    )
    m, _g, notes = import_triplea(str(d))
    (note,) = [n for n in notes if "connects to nothing" in n]
    assert note.startswith("7 territories the game connects to nothing") and note.endswith(", islet_6 ...")
    # [page] is the TripleA map's size (map.properties map.width, map.height)
    assert m.page == (1200.0, 400.0)
