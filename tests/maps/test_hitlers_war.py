"""maps/hitlers_war.toml: the hexes the rulebook names, the seas, and the production arithmetic
of every scenario (docs/hitlers_war_map.md explains each figure)."""

from pathlib import Path

import pytest

from mapref.cli import main as cli_main
from mapref.io.mapfile import dumps_map, load_map

ROOT = Path(__file__).resolve().parents[2]
MAP = ROOT / "maps" / "hitlers_war.toml"
SEAS = {"atl", "med", "bal", "blk", "red"}


@pytest.fixture(scope="module")
def m():
    return load_map(MAP)


def test_loads_checks_and_round_trips(m, capsys):
    assert cli_main(["check", str(MAP)]) == 0
    assert dumps_map(m) == MAP.read_text(encoding="utf-8")
    assert (m.grid.rows, m.grid.cols) == (21, 21)
    g = m.grid
    assert (g.shifted, g.shift, g.first_row) == ("even", "east", "south")


# (hex, terrain in {land (land or coastal), coastal, sea}, country, name, extra checks)
NAMED = [
    ("P10", "land", "ge", "Berlin", {"capital": True}),
    ("Q17", "land", "su", "Moscow", {"capital": True}),
    ("T15", "land", "su", "Leningrad", {"capital": True, "port": 10, "sea": "bal"}),
    ("M19", "land", "su", "Stalingrad", {"capital": True}),
    ("P7", "coastal", "gb", "London", {"capital": True}),
    ("N7", "land", "fr", "Paris", {"capital": True}),
    ("T10", "land", "no", "Oslo", {"capital": True}),
    ("H13", "coastal", "gr", "Athens", {"capital": True}),
    ("L12", "land", "yu", "Belgrade", {"capital": True}),
    ("D15", "coastal", "eg", "Cairo", {"production": 1}),
    ("H9", "coastal", "tn", "Tunis", {"port": 10, "port_optional": True}),
    ("E10", "coastal", "ly", "Tripoli", {"port": 10, "port_optional": True}),
    ("E13", "coastal", "ly", "Tobruk", {"port": 10, "port_optional": True}),
    ("O8", "coastal", "fr", "Calais", {"port": 10, "port_optional": True}),
    ("Q13", "coastal", "ge", "Konigsberg", {"port": 10, "port_optional": True}),
    ("Q10", "coastal", "ge", "Kiel", {"port": 10, "port_optional": False}),
    ("J11", "coastal", "it", "Taranto", {"port": 10, "port_access": ["I12"]}),
    ("H4", "coastal", "gi", "Gibraltar", {"port": 3}),
    ("G11", "coastal", "mt", "Malta", {"region": "Malta"}),
    ("J8", "coastal", "it", "Sardinia", {"region": "Sardinia"}),
    ("G14", "coastal", "gr", "Crete", {"region": "Crete"}),
    ("H10", "coastal", "it", "Sicily", {"region": "Sicily"}),
    ("K9", "coastal", "fr", "Corsica", {"region": "Corsica"}),
    ("F15", "coastal", "cy", "Cyprus", {}),
    ("U7", "sea", None, "Scapa Flow", {"sea": "atl"}),
    ("U10", "land", "no", "Narvik", {}),
    ("U15", "land", "su", "Murmansk", {"feature": "lend_lease_depot"}),
    ("M20", "land", "su", "Astrakhan", {"feature": "lend_lease_depot"}),
    ("M8", "land", "fr", "Vichy", {"production": 1}),
    ("P6", "land", "gb", "Birmingham", {"feature": "free_french_entry"}),
    ("H2", "sea", None, "", {"sea": "atl"}),
    ("P4", "sea", None, "", {"sea": "atl"}),
    ("I9", "sea", None, "", {"sea": "med"}),
    ("I12", "coastal", "it", "Otranto", {}),
    ("L9", "land", "it", "Genoa", {}),
    ("L10", "land", "it", "Venice", {}),
    ("K10", "land", "it", "Rome", {"capital": True}),
    ("K11", "land", "it", "Pescara", {}),
    ("J10", "land", "it", "Naples", {}),
    ("I11", "land", "it", "Cosenza", {}),
    ("H11", "coastal", "it", "Reggio", {}),
    ("D12", "land", "ly", "El Agheila", {"region": "Western Libya"}),
    ("Q14", "land", "bs", "Vilna", {}),
    ("P13", "land", "pl", "Bialystok", {}),
    ("O14", "land", "pl", "Lublin", {}),
    ("N13", "land", "pl", "Lwow", {}),
    ("K14", "land", "ro", "Dobruja", {}),
    ("R13", "land", "bs", "Riga", {}),
    ("P14", "land", "su", "Pinsk", {}),  # Soviet by the rules (Barbarossa set-up), not 1939 Poland
    ("O15", "land", "su", "Zhitomir", {}),
    ("N14", "land", "su", "Proskurov", {}),
    ("T13", "land", "fi", "Turku", {}),
    ("L14", "land", "ro", "Bucharest", {"capital": True}),
    ("N9", "land", "ge", "Stuttgart", {}),
    ("O10", "land", "ge", "Frankfurt", {"production": 3}),
    ("P8", "land", "lc", "Amsterdam", {}),
    ("Q9", "land", "ge", "Wilhelmshaven", {}),
    ("N8", "land", "fr", "Nancy", {"production": 1}),
    ("M9", "land", "fr", "Lyon", {}),
    ("L8", "land", "fr", "Marseille", {"production": 1}),
    ("L11", "land", "yu", "Zagreb", {"production": 1}),
    ("S14", "land", "bs", "Tallinn", {"production": 1}),
    ("Q15", "land", "su", "Minsk", {"production": 1}),
    ("N15", "land", "su", "Kiev", {"production": 2}),
    ("L15", "land", "su", "Odessa", {"production": 1}),
    ("S15", "land", "su", "Pskov", {}),
    ("R14", "land", "bs", "Dvinsk", {}),
    ("M15", "land", "ro", "Kishinev", {}),
    ("M16", "land", "su", "Dnepropetrovsk", {}),
    ("M17", "land", "su", "Stalino", {}),
]


@pytest.mark.parametrize("label,terrain,country,name,extra", NAMED, ids=[n[0] for n in NAMED])
def test_named_hex(m, label, terrain, country, name, extra):
    d = m.hex(label)
    if terrain == "land":
        assert d.is_land, f"{label} must be land or coastal"
    else:
        assert d.terrain == terrain
    assert d.country == country
    assert d.name == name
    h = m.grid.parse(label)
    for k, v in extra.items():
        if k == "port_access":
            assert [m.label(x) for x in d.port_access] == v
        elif k == "region":
            assert any(rg.name == v and h in rg.hexes for rg in m.regions.values()) or (
                m.countries[d.country].name == v
            )
        elif k == "feature":
            assert any(f.kind == v and f.hex == h for f in m.features.values())
        else:
            assert getattr(d, k) == v, (label, k)


def test_supply_sources(m):
    src = {(f.attrs["side"], f.hex and m.label(f.hex), f.box) for f in m.features.values() if f.kind == "supply_source"}
    assert ("axis", "P10", None) in src and ("allies", "P7", None) in src and ("soviet", None, "siberia") in src
    assert ("allies", "N7", None) in src


def test_kiel_touches_atlantic_and_baltic(m):
    g = m.grid
    seas = {m.hexes[n].sea for n in g.neighbours(g.parse("Q10")) if m.hexes[n].is_water}
    assert {"atl", "bal"} <= seas


def test_gibraltar_touches_atlantic_and_mediterranean(m):
    g = m.grid
    seas = {m.hexes[n].sea for n in g.neighbours(g.parse("H4")) if m.hexes[n].is_water}
    assert {"atl", "med"} <= seas


def test_taranto_entered_from_i12(m):
    g = m.grid
    assert g.adjacent(g.parse("I12"), g.parse("J11"))
    assert m.hex("I12").is_water


def test_every_water_hex_has_one_of_the_five_seas(m):
    assert set(m.seas) == SEAS
    for h, d in m.hexes.items():
        if d.is_water:
            assert d.sea in SEAS, m.label(h)
        else:
            assert d.sea is None, m.label(h)
        if d.is_land:
            assert d.country in m.countries, m.label(h)


def test_neutrals(m):
    assert m.countries["ch"].allegiance == "neutral" and m.countries["sa"].allegiance == "neutral"
    assert m.hexes_of_country("ch") and m.hexes_of_country("sa")


REQUIRED = [
    "Poland",
    "Denmark",
    "Norway",
    "Sweden",
    "Finland",
    "Baltic States",
    "Low Countries",
    "Spain",
    "Portugal",
    "Turkey",
    "Yugoslavia",
    "Greece",
    "Crete",
    "Rumania",
    "Hungary",
    "Bulgaria",
    "Italy",
    "Sicily",
    "Sardinia",
    "Corsica",
    "Malta",
    "Cyprus",
    "Morocco",
    "Algeria",
    "Tunisia",
    "Libya",
    "Western Libya",
    "Egypt",
    "Palestine",
    "Trans-Jordan",
    "Lebanon-Syria",
    "Iraq",
    "Iran",
    "Kuwait",
    "Qatar",
    "Gibraltar",
    "North Ireland",
    "Great Britain",
    "Germany",
    "France",
    "Soviet Union",
    "Switzerland",
    "Saudi Arabia",
]


@pytest.mark.parametrize("name", REQUIRED)
def test_country_or_region_exists_with_hexes(m, name):
    codes = [c for c, k in m.countries.items() if k.name == name]
    regions = [r for r in m.regions.values() if r.name == name]
    assert codes or regions, name
    if codes:
        assert m.hexes_of_country(codes[0]), name
    else:
        assert regions[0].hexes


def test_boxes_outside_the_grid_with_arrows_to_water(m):
    g = m.grid
    from mapref.core.layout import Layout

    x0, y0, x1, y1 = Layout(g, 1.0).bounds()
    for code, b in m.boxes.items():
        bx, by = b.position
        outside = bx + 3 <= x0 or bx >= x1 or by + 2 <= y0 or by >= y1
        assert outside, code
        for a in b.sea_arrows:
            assert m.hexes[a.hex].is_water and m.hexes[a.hex].sea == a.sea, (code, m.label(a.hex))
    assert {k for k, b in m.boxes.items() if b.optional} == {"india", "british_africa", "french_africa", "canada"}
    assert m.boxes["siberia"].land and all(m.hexes[h].is_land for h in m.boxes["siberia"].land)
    assert m.boxes["siberia"].production == 8 and m.boxes["usa"].production == 16


def test_crossings_are_all_sea_sides_between_land(m):
    crossings = [s for s, sd in m.hexsides.items() if sd.crossing]
    assert len(crossings) >= 6
    for s in crossings:
        assert m.is_all_sea(s) and m.hexes[s.a].is_land and m.hexes[s.b].is_land


# ------------------------------------------------------------------------------ production
def prod(m, *labels):
    return sum(m.hex(x).production for x in labels)


def country(m, *codes):
    pc = m.production_by_country()
    return sum(pc.get(c, 0) for c in codes)


def region(m, code):
    return sum(m.hexes[h].production for h in m.regions[code].hexes)


def test_production_range(m):
    for d in m.hexes.values():
        assert 0 <= d.production <= 16
        if d.production:
            assert d.is_land
    for b in m.boxes.values():
        assert 0 <= b.production <= 16


def test_devastated_hexes_carry_production(m):
    for lab in ["M8", "L8", "N8", "L11", "L12", "S14", "Q15", "N15", "L15"]:
        assert m.hex(lab).production >= 1, lab
    assert m.hex("O10").production >= 3


def test_barbarossa_axis_34(m):
    # Germany, Italy, Poland, Denmark, Norway, Low Countries, Morocco, Algeria, Western Libya,
    # Tunisia, Corsica, Greece, Crete, Rumania, Hungary, Bulgaria, Finland; France with 3 points
    # permanently devastated; Yugoslavia and Greece devastated.
    friendly = country(m, "ge", "it", "pl", "dk", "no", "lc", "ma", "dz", "tn", "ro", "hu", "bg", "fi")
    friendly += region(m, "western_libya") + region(m, "corsica") + region(m, "crete")
    greece_mainland = country(m, "gr") - region(m, "crete")
    france = country(m, "fr") - region(m, "corsica") - 3
    assert friendly + france == 34  # Greece (mainland) and Yugoslavia add nothing: devastated
    assert greece_mainland >= 1 and country(m, "yu") >= 1


def test_barbarossa_soviet_16(m):
    assert country(m, "su", "bs") == 16  # Siberia's 8 comes in winter 1941


def test_fall_of_germany_axis_30(m):
    devastated = prod(m, "M8", "L8", "N8", "L11", "L12", "S14", "Q15", "N15", "L15") + 3  # + 3 in O10
    friendly = country(m, "ge", "pl", "dk", "no", "lc", "bg", "bs", "fr", "yu", "gr", "ro", "hu")
    friendly -= region(m, "corsica")  # Corsica is Allied
    friendly += region(m, "italy_fog_axis") + region(m, "soviet_fog_axis")
    friendly += 0  # Finland's production point is removed in Fall of Germany
    assert friendly - devastated == 30


def test_fall_of_germany_soviet_23(m):
    soviet = country(m, "su") - region(m, "soviet_fog_axis") + 12  # Siberia at twelve by 1944
    assert soviet == 23


def test_fall_of_germany_allies_35(m):
    allied = country(m, "gb", "ls", "ma", "dz", "tn", "ir", "iq", "ly", "eg", "ps", "tj", "cy", "mt", "gi", "kw", "qa")
    allied += region(m, "italy_fog_allied") + region(m, "sicily") + region(m, "sardinia") + region(m, "corsica")
    allied -= prod(m, "D15")  # Cairo's production point is removed; India, Canada, the Africas are gone
    allied += m.boxes["usa"].production + 8  # U.S. box, 8 points of trans-Atlantic shipping
    assert allied == 35


def test_war_for_europe(m):
    assert country(m, "ge") == 16
    assert country(m, "su") == 15  # Siberia at zero
    green = country(m, "fr", "ma", "dz", "tn", "ls", "aof")
    brown = country(m, "gb", "eg", "ps", "tj", "iq", "kw", "qa", "cy", "mt", "gi")
    boxes = sum(m.boxes[b].production for b in ("canada", "india", "british_africa", "french_africa"))
    assert green + brown + boxes == 23


def test_every_port_is_a_coastal_hex(m):
    for h, d in m.hexes.items():
        if d.port:
            assert d.terrain == "coastal", m.label(h)
