"""The area map as a Board: spaces, names, the graph of move lines and halves."""

from pathlib import Path

import pytest

from mapref.core.board import SpaceError, board_for, graph_for
from mapref.core.graph import LAND_KINDS
from mapref.io.areafile import load_area_map

SAMPLE = Path(__file__).resolve().parents[2] / "maps" / "area_sample.toml"


@pytest.fixture
def m():
    return load_area_map(SAMPLE)


def test_spaces_are_locations_halves_and_boxes(m):
    b = board_for(m)
    assert b.kind == "area" and b is board_for(m)
    sp = b.spaces()
    assert "sedan.w" in sp and "sedan.e" in sp and "sedan" not in sp  # a split location is its halves only
    assert "berlin" in sp and "box:usa" in sp and sp[-1] == "box:usa"
    s = b.space("sedan.e")
    assert (s.kind, s.location, s.name, s.country, s.attrs["half"]) == ("half", "sedan", "Sedan (east)", "blue", "e")
    berlin = b.space("berlin")
    assert (berlin.kind, berlin.capital, berlin.attrs["vp"], berlin.attrs["supply"][0].side) == (
        "location",
        True,
        3,
        "axis",
    )
    usa = b.space("box:usa")
    assert usa.is_box and usa.attrs["condition"].holds({"allied_deck": 3})
    assert b.location_of("paris.w") == "paris" and b.location_of("box:usa") == "box:usa"
    assert b.countries["gray"].name == "Axis" and b.countries["gray"].allegiance == "axis"
    assert b.regions["france"] == ("paris.e", "paris.w", "sedan.w", "sedan.e", "marseilles")
    assert b.spaces_of_country("gray") == ["berlin", "ruhr"]


def test_parse_reads_ids_in_any_case_names_and_boxes(m):
    b = board_for(m)
    assert b.parse("Sedan.W") == "sedan.w"
    assert b.parse(" berlin ") == "berlin" and b.parse("Berlin") == "berlin"
    assert b.parse("usa") == "box:usa" and b.parse("box:USA") == "box:usa"
    with pytest.raises(SpaceError, match=r"Sedan has two halves: sedan\.w, sedan\.e; name one"):
        b.parse("Sedan")
    assert b.parse_location("Sedan") == "sedan" and b.parse_location("sedan.e") == "sedan"
    with pytest.raises(SpaceError, match="no location, half or box"):
        b.parse("Atlantis")


def test_graph_has_one_connection_per_line_and_one_between_halves(m):
    g = graph_for(m)
    assert g is graph_for(m)
    assert g.kinds_between("sedan.w", "sedan.e") == {"half"}
    algiers = [c for c in g.edges("london") if c.attrs.get("line") == "london-algiers"][0]
    assert algiers.kind == "naval" and algiers.oneway
    assert algiers.leads_from("london") and not algiers.leads_from("algiers")
    assert not algiers.attrs["condition"].holds({"allied_deck": 1}) and algiers.attrs["condition"].holds(
        {"allied_deck": 2}
    )
    assert [c.other("algiers") for c in g.out_edges("algiers")] == [
        "marseilles"
    ]  # nothing leads back to London or the USA
    sr = [c for c in g.edges("ruhr") if c.attrs.get("line") == "sedan-ruhr"][0]
    assert dict(sr.attrs["defence"]) == {"sedan.e": 1}
    assert "land" in LAND_KINDS and g.kinds_between("ruhr", "berlin") == {"land", "rail"}
    assert g.neighbours("paris.e", LAND_KINDS) == ["sedan.w"]


def test_the_graph_follows_edits(m):
    from mapref.core.areaedit import add_line
    from mapref.core.history import History

    h = History(m)
    g0 = graph_for(m)
    h.push(add_line(m, "bern", "box:usa", kind="naval"))
    g1 = graph_for(m)
    assert g1 is not g0 and "naval" in g1.kinds_between("bern", "box:usa")
    h.undo()
    assert "naval" not in graph_for(m).kinds_between("bern", "box:usa")
