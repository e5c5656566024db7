"""``mapref import-triplea`` on what real TripleA maps do that the toy map does not (the small maps
of tests/data/triplea_odd, written by its make_odd.py): a map kept a folder down or zipped, a
world that wraps both ways with land connections across both seams, a map that wraps without
saying so, helper territories drawn as one pixel at one corner, and two neighbours left a pixel
apart once their border lines are shared out."""

from itertools import pairwise
import shutil
import zipfile
from pathlib import Path

import pytest

from mapref.core.arealint import lint_area
from mapref.core.areatrace import clean_outlines
from mapref.io.problems import FileProblems
from mapref.io.triplea import import_triplea
from shapely.geometry import box

ODD = Path(__file__).resolve().parents[1] / "data" / "triplea_odd"
TORUS, STRIP = ODD / "torus", ODD / "strip"


def pairs(m, lines):
    return {frozenset((m.locations[ln.a].name, m.locations[ln.b].name)) for ln in lines}


def test_a_world_that_wraps_both_ways_keeps_its_seams_and_its_lines_round_the_back():
    m, g, notes = import_triplea(str(TORUS))  # its polygons.txt is at torus-master/map/, one folder down
    assert len(m.locations) == 12 and len(m.lines) == len(g.connections) == 27
    # the two seams: one map width and one map height apart
    assert m.wrap_x[1] - m.wrap_x[0] == 400 and m.wrap_y[1] - m.wrap_y[0] == 300
    wrapping = [ln for ln in m.lines.values() if ln.wrap]
    assert pairs(m, wrapping) == {
        frozenset(p)
        for p in [("A4", "A1"), ("B4", "B1"), ("C4", "C1"), ("C1", "A1"), ("C2", "A2"), ("C3", "A3"), ("C4", "A4")]
    }
    # the land lines round the back join cells that meet across the seam: no strait crossing, no warning
    assert not any(ln.crossing for ln in m.lines.values())
    assert [p.message for p in lint_area(m) if p.level != "note"] == []
    # drawn as two stubs, each from its own end half way round: they meet one map width apart
    a4_a1 = next(ln for ln in wrapping if pairs(m, [ln]) == {frozenset(("A4", "A1"))})
    (p0, p1), (q0, q1) = m.line_pieces(a4_a1)
    assert p0 == m.space_point(a4_a1.a) and q0 == m.space_point(a4_a1.b)
    assert abs(abs(p1[0] - q1[0]) - 400) < 1e-6 and p1[1] == q1[1]
    a4 = m.locations[a4_a1.a if m.locations[a4_a1.a].name == "A4" else a4_a1.b].label_point
    stub_from_a4 = (p0, p1) if p0 == a4 else (q0, q1)
    assert stub_from_a4[1][0] > a4[0]  # from A4, at the east edge, the stub runs east: off the map
    assert any("7 connections go round the back of the map" in n for n in notes)


def test_helper_territories_of_one_pixel_become_boxes_in_a_row_under_the_map():
    m, g, notes = import_triplea(str(TORUS))
    boxes = sorted(m.boxes.values(), key=lambda b: b.position[0])
    assert [b.name for b in boxes] == ["Depot 1", "Depot 2", "Depot 3"]
    bottom = max(loc.polygon.bounds[3] for loc in m.locations.values())
    assert all(b.position[1] > bottom for b in boxes)  # under the map, not on it
    assert all(a.rect[2] < b.rect[0] for a, b in pairwise(boxes))  # side by side, none hidden under another
    assert any("3 territories with no outline to draw became off-map boxes" in n for n in notes)


def test_a_zipped_map_imports_as_its_folder_does(tmp_path):
    z = tmp_path / "torus.zip"
    with zipfile.ZipFile(z, "w") as f:
        for p in TORUS.rglob("*"):
            if p.is_file():
                f.write(p, p.relative_to(TORUS.parent).as_posix())
        f.writestr("torus/torus-master/map/flags/Reds.png", b"not read")
    m, g, notes = import_triplea(str(z))
    assert (len(m.locations), len(m.boxes), len(m.lines)) == (12, 3, 27) and m.wrap_x and m.wrap_y
    # what is wrong inside the zip is named as ZIP:MEMBER, with its line
    bad = tmp_path / "bad.zip"
    xml = (TORUS / "torus-master" / "map" / "games" / "torus.xml").read_text(encoding="utf-8")
    with zipfile.ZipFile(bad, "w") as f:
        for p in TORUS.rglob("*"):
            if p.is_file() and p.suffix != ".xml":
                f.write(p, p.relative_to(TORUS).as_posix())
        f.writestr("torus-master/map/games/torus.xml", xml.replace('t2="A2"', 't2="A9"', 1))
    with pytest.raises(FileProblems) as e:
        import_triplea(str(bad))
    (p,) = e.value.problems
    assert p.file == f"{bad}:torus-master/map/games/torus.xml" and p.line and "no territory 'A9'" in p.message
    junk = tmp_path / "junk.zip"
    junk.write_bytes(b"PK not really")
    with pytest.raises(FileProblems, match="not a zip file mapref can read"):
        import_triplea(str(junk))


def test_two_maps_under_one_folder_are_named(tmp_path):
    for name in ("one", "two"):
        d = tmp_path / name / "map"
        d.mkdir(parents=True)
        (d / "polygons.txt").write_text("A  <  (0,0) (9,0) (9,9)  >\n", encoding="utf-8")
    with pytest.raises(FileProblems, match=r"several TripleA maps in it \(one/map, two/map\): give the one to import"):
        import_triplea(str(tmp_path))


def test_more_maps_under_one_folder_than_are_named_says_there_are_more(tmp_path):
    for i in range(8):
        d = tmp_path / f"m{i}" / "map"
        d.mkdir(parents=True)
        (d / "polygons.txt").write_text("A  <  (0,0) (9,0) (9,9)  >\n", encoding="utf-8")
    with pytest.raises(FileProblems) as e:
        import_triplea(str(tmp_path))
    assert "several TripleA maps in it (m0/map, m1/map, m2/map, m3/map, m4/map, m5/map ...)" in str(e.value)


def test_a_map_that_wraps_without_saying_so_and_neighbours_left_a_pixel_apart():
    m, g, notes = import_triplea(str(STRIP))
    # map.properties says nothing of wrapping, but East End and West End meet across the edge
    assert any(
        "does not say the map wraps east-west (map.scrollWrapX), but 1 connection joins territories that meet only "
        "across its east-west edge (East End - West End): taken as wrapping" in n
        for n in notes
    )
    assert m.wrap_x[1] - m.wrap_x[0] == 500 and m.wrap_y is None
    (ends,) = [ln for ln in m.lines.values() if ln.wrap]
    assert pairs(m, [ends]) == {frozenset(("East End", "West End"))} and not ends.crossing
    # Upper and Lower Vale, drawn nine pixels apart with open ground beside them, share a border
    upper, lower = m.locations["upper_vale"].polygon, m.locations["lower_vale"].polygon
    assert upper.intersection(lower).length > 90
    assert [p.message for p in lint_area(m) if p.level != "note"] == []


def test_cleaning_outlines_bridges_neighbours_a_pixel_apart():
    # a strip of open ground nine pixels wide: each side takes four, the pixel left (less than
    # mapref check's tolerance for outlines this big) goes to one of them: they share a border
    up, low = clean_outlines([box(0, 0, 200, 100), box(0, 109, 200, 300)], border=4.0)
    assert up.intersection(low).length > 190 and up.intersection(low).area == 0


def test_canals_are_kept_as_naval_lines_always_open_and_said_so(tmp_path):
    d = tmp_path / "canal"
    shutil.copytree(STRIP, d)
    xml = d / "map" / "games" / "strip.xml"
    xml.write_text(
        xml.read_text(encoding="utf-8").replace(
            "</map>",
            """</map>
  <attachmentList>
    <attachment name="canalAttachment" attachTo="Upper Vale" type="territory"><option name="canalName" value="Vale Canal"/>
      <option name="landTerritories" value="Hills"/></attachment>
    <attachment name="canalAttachment" attachTo="Lower Vale" type="territory"><option name="canalName" value="Vale Canal"/>
      <option name="landTerritories" value="Hills"/></attachment>
  </attachmentList>""",
        ),
        encoding="utf-8",
    )
    m, g, notes = import_triplea(str(d))
    assert g.canals == {"Vale Canal": ["Upper Vale", "Lower Vale"]}
    assert any(
        "1 canal (Vale Canal) opens a sea connection only to whoever holds the land beside it in TripleA: mapref keeps "
        "the connections as naval lines always open" in n
        for n in notes
    )
