"""Generate tests/data/hw_test_map.toml: a crude stand-in for the Hitler's War map.

Every hex the rulebook names sits in the right country; production values are chosen so that
each scenario's stated production comes out under the readings in docs/rulings.md (see the
arithmetic in docs/rulings.md, "What the map must give").  Run: python tests/data/make_hw_test_map.py
"""

from pathlib import Path

from mapref.core.grid import Grid
from mapref.core.model import Box, Country, Feature, MapModel, Region, Sea, SeaArrow
from mapref.io.mapfile import dumps_map

C = {  # code: (name, colour, allegiance, hexes)
    "ge": ("Germany", "#8ec1ea", "germany", "N9 N10 N11 O9 O10 O11 O12 P9 P10 P11 P12 Q9 Q10 Q11 Q12 Q13 M10 M11"),
    "pl": ("Poland", "#e0e0a0", "unaligned", "N12 N13 O13 O14 P13"),
    "dk": ("Denmark", "#f0b070", "unaligned", "R9 R10"),
    "no": ("Norway", "#f0b070", "unaligned", "S9 T9 T10 U9 U10 U11"),
    "se": ("Sweden", "#f0b070", "unaligned", "S10 S11 T11"),
    "fi": ("Finland", "#f0b070", "unaligned", "T12 T13 U12 U13 U14"),
    "bs": ("Baltic States", "#f0b070", "unaligned", "R12 R13 S12 S13 S14"),
    "lc": ("Low Countries", "#f0b070", "unaligned", "P8"),
    "gb": ("Great Britain", "#b08850", "britain", "P5 P6 P7 Q6 Q7 R6 R7 H4 G11"),
    "fr": ("France", "#a8d8a0", "france", "O8 N6 N7 N8 M6 M7 M8 M9 L7 L8 K7 K8"),
    "it": ("Italy", "#f0e060", "italy", "L9 L10 K9 K10 K11 J9 J10 J11 I11 I12 H11 H10 J8"),
    "yu": ("Yugoslavia", "#f0b070", "unaligned", "K12 L11 L12"),
    "gr": ("Greece", "#f0b070", "unaligned", "H13 I13 G14"),
    "hu": ("Hungary", "#4060a0", "axis_inclined", "M12 M13 M14"),
    "ro": ("Rumania", "#4060a0", "axis_inclined", "K13 K14 L13 L14"),
    "bg": ("Bulgaria", "#4060a0", "axis_inclined", "J13 J14"),
    "tr": ("Turkey", "#f0b070", "unaligned", "I14 I15 I16 J15 J16 H15 H16"),
    "es": ("Spain", "#f0b070", "unaligned", "K4 K5 K6 J4 J5 J6 I5"),
    "pt": ("Portugal", "#f0b070", "unaligned", "J3 K3 I4"),
    "ch": ("Switzerland", "#a0a0a0", "neutral", "L6"),
    "ma": ("Morocco", "#a8d8a0", "france", "G2 G3 F3 F4 G4"),
    "dz": ("Algeria", "#a8d8a0", "france", "G5 G6 G7 F5 F6 F7"),
    "tn": ("Tunisia", "#a8d8a0", "france", "H9 G8 G9"),
    "ly": ("Libya", "#f0e060", "italy", "D10 D11 D12 D13 E10 E11 E12 E13 F10 F11 F12"),
    "eg": ("Egypt", "#b08850", "britain", "D14 D15 E14 C15"),
    "ps": ("Palestine", "#b08850", "britain", "C16 D16"),
    "ls": ("Lebanon-Syria", "#a8d8a0", "france", "E17 F17"),
    "iq": ("Iraq", "#f0b070", "unaligned", "D18 E18"),
    "ir": ("Iran", "#f0b070", "unaligned", "D20 E20 F20"),
    "sa": ("Saudi Arabia", "#a0a0a0", "neutral", "B17 C17 B18"),
    "us": ("United States", "#2e7d32", "usa", ""),
    "su": ("Soviet Union", "#d9534f", "soviet", ""),
}
PRODUCTION = {
    # Germany 16: WfE Axis 16; O10 holds the 3 points devastated in Fall of Germany
    "P10": 6, "O10": 3, "Q10": 2, "N10": 2, "P11": 1, "M11": 1, "Q12": 1,
    "L9": 2, "J11": 3, "J10": 2,  # Italy: 2 Axis-held and 5 Allied-held in Fall of Germany
    "O13": 2, "R9": 1, "U10": 1, "T10": 1, "P8": 2, "K14": 2, "M12": 1, "T13": 1,
    "M8": 1, "N8": 1, "L8": 1,  # France 3, all devastated in Fall of Germany
    "L11": 1, "L12": 1, "H13": 5, "S14": 1,
    "Q17": 5, "T15": 3, "M19": 2, "Q15": 1, "N15": 2, "L15": 1, "U15": 1,  # Soviet Union 15
    "P7": 6, "Q7": 2, "P6": 2, "R7": 1,  # Great Britain 11
    "H9": 1, "D15": 1,  # Tunisia, Cairo: never traced by land to a supply source
}
PORTS = {"Q10": 10, "T15": 10, "P6": 10, "M7": 10, "J11": 10, "H4": 3, "G11": 10, "O8": 10, "Q13": 10}
OPTIONAL_PORTS = {"O8", "Q13"}
CAPITALS = {"P10": "Berlin", "Q17": "Moscow", "T15": "Leningrad", "M19": "Stalingrad", "P7": "London", "N7": "Paris",
            "T10": "Oslo", "H13": "Athens", "L12": "Belgrade"}
NAMES = {"D15": "Cairo", "Q10": "Kiel", "J11": "Taranto", "H4": "Gibraltar", "G11": "Malta", "M8": "Vichy",
         "O8": "Calais", "Q13": "Konigsberg", "U10": "Narvik", "H9": "Tunis"}


def build() -> MapModel:
    g = Grid(rows=21, cols=21)
    m = MapModel(grid=g, name="Hitler's War test stand-in (tests only)", hex_size=30.0)
    m.seas["atl"] = Sea("Atlantic Ocean", "#bccfe0")
    owner = {}
    for code, (name, colour, alleg, hexes) in C.items():
        m.countries[code] = Country(name, colour, alleg)
        for lab in hexes.split():
            owner[lab] = code
    for h in g.hexes():
        lab = g.label(h)
        if lab not in owner and ((h.row >= 11 and h.col >= 15) or lab in ("N14", "P14", "Q14", "R14", "T14")
                                 or (h.row >= 19 and h.col >= 15)):
            owner[lab] = "su"
    for h, d in m.hexes.items():
        lab = g.label(h)
        if lab in owner:
            d.country = owner[lab]
            d.terrain = "coastal" if lab in PORTS or lab in ("P7", "P8") else "land"
        else:
            d.sea = "atl"
        d.production = PRODUCTION.get(lab, 0)
        d.port = PORTS.get(lab, 0)
        d.port_optional = lab in OPTIONAL_PORTS
        d.capital = lab in CAPITALS
        d.name = CAPITALS.get(lab) or NAMES.get(lab, "")
    for a, b in (("P7", "P8"), ("O8", "P7"), ("H9", "H10")):  # the Channel; Sicily-Tunisia
        m.set_side(g.hexside(g.parse(a), g.parse(b)), all_sea=True)
    m.regions["western_libya"] = Region("Western Libya", tuple(g.parse(x) for x in "D10 D11 D12 E10 E11 E12 F10 F11 F12".split()), "ly")
    m.regions["sicily"] = Region("Sicily", (g.parse("H10"),), "it")
    m.regions["sardinia"] = Region("Sardinia", (g.parse("J8"),), "it")
    m.regions["corsica"] = Region("Corsica", (g.parse("K8"),), "fr")
    m.regions["crete"] = Region("Crete", (g.parse("G14"),), "gr")
    m.boxes["siberia"] = Box("Siberia", 8, "su", tuple(g.parse(x) for x in ("P21", "Q21", "R21")), (), (22.0, 6.0))
    m.boxes["usa"] = Box("USA", 16, "us", (), (SeaArrow(g.parse("P1"), 3, "atl"),), (-4.0, 6.0))
    for bid, name, country in (("canada", "Canada", "gb"), ("india", "India", "gb"), ("british_africa", "British Africa", "gb"),
                               ("french_africa", "French Africa", "fr")):
        m.boxes[bid] = Box(name, 1, country, (), (SeaArrow(g.parse("A1"), 4, "atl"),), (-4.0, 0.0), optional=True)
    m.boxes["ac"] = Box("Atlantic convoy", 0, None, (), (), (-4.0, 12.0))
    m.features["ll_north"] = Feature("lend_lease_depot", g.parse("U15"), None, {"side": "soviet", "points": 2})
    m.features["ll_south"] = Feature("lend_lease_depot", g.parse("M20"), None, {"side": "soviet", "points": 2})
    m.features["axis_source"] = Feature("supply_source", g.parse("P10"), None, {"side": "axis"})
    m.features["allied_source"] = Feature("supply_source", g.parse("P7"), None, {"side": "allies"})
    m.features["soviet_source"] = Feature("supply_source", None, "siberia", {"side": "soviet"})
    return m


if __name__ == "__main__":
    out = Path(__file__).with_name("hw_test_map.toml")
    out.write_text(dumps_map(build()), encoding="utf-8")
    print(out)
