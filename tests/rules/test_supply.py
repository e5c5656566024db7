"""Supply tracing (Hitler's War, Combat: Determine supply; Fall of Germany: Sea transportation 3,
Blocking sea routes 1) on the sample map."""

from itertools import pairwise
from mapref.rules.supply import trace


def test_every_connected_friendly_hex_traces_to_the_source(sample, german):
    m, g = sample
    t = trace(g, m, german(m), ["E7"])
    assert t.supplied == german(m)
    path = t.path("A6")
    assert path[0] == "A6" and path[-1] == "E7"
    # each step of the path is a land connection between friendly hexes
    for a, b in pairwise(path):
        assert "land" in g.kinds_between(a, b)


def test_an_encircled_pocket_is_cut_and_says_where(sample, german):
    # Determine supply 1: an unbroken chain of friendly hexes; cut B6's links to the rest.
    m, g = sample
    ring = {"B7", "C6", "C7", "A6", "A7"}
    fr = german(m) - ring
    t = trace(g, m, fr, ["E7"])
    assert not t.is_supplied("B6")
    assert t.path("B6") == []
    assert set(t.frontier("B6")) >= ring - {"A6", "A7"}
    assert t.is_supplied("E7")


def test_a_crossing_arrow_keeps_a_pocket_supplied(sample, german):
    # Determine supply 3: "may pass through any number of crossing hexsides".
    m, g = sample
    assert "crossing" in g.kinds_between("F4", "G4")
    # G4 reaches Berlin only across the F4-G4 arrow when G5, H4 and H5 are not friendly
    fr = german(m) - {"G5", "H5", "H4", "G6", "G7", "H6", "H7"}
    t = trace(g, m, fr, ["E7"])
    assert t.is_supplied("G4")
    assert t.path("G4")[:2] == ["G4", "F4"]


def test_a_full_sea_side_blocks_supply_without_a_fleet(sample, german):
    # Determine supply 3: "It may not cross a full sea hexside."
    m, g = sample
    fr = german(m) | {"C1", "C2", "D1", "D2"}  # a British pocket held by the Axis
    t = trace(g, m, fr, ["E7"])
    assert not t.is_supplied("C2")


def test_a_fleet_at_sea_opens_its_sea_and_an_enemy_fleet_closes_a_hex(sample, german):
    # Sea transportation 3 and Blocking sea routes 1.
    m, g = sample
    fr = german(m) | {"C1", "C2", "D1", "D2"}
    opened = trace(g, m, fr, ["E7"], open_seas={"atl", "bal"})
    assert opened.is_supplied("C2")
    route = opened.path("C2")
    assert any(m.hex(s).terrain == "sea" for s in route if not s.startswith("box:"))
    # enemy fleets at sea in every sea hex beside the British coast close the route again
    shore = {s for s in ("D3", "C3", "B3", "E3", "E2", "E1", "B2") if m.hex(s).terrain == "sea"}
    closed = trace(g, m, fr, ["E7"], open_seas={"atl", "bal"}, blocked=shore)
    assert not closed.is_supplied("C2")


def test_an_off_map_box_joins_the_trace_by_land(sample):
    m, g = sample
    soviet = {m.label(h) for h in m.hexes_of_country("su")} | {"box:siberia"}
    t = trace(g, m, soviet, ["box:siberia"])
    assert t.is_supplied("F9")
    assert t.path("F9")[-1] == "box:siberia"
