"""The one list of map codes the Hitler's War scenarios use, with the rulebook's names.

Scenarios (scenarios/*.toml) name countries, colour groups, regions and boxes by these codes.
If the map chooses other codes, change them here and in the scenario files (a test checks
that every code a scenario uses is listed here, and that the shipped map defines them).
"""

COUNTRIES = {
    "ge": "Germany",
    "it": "Italy",
    "pl": "Poland",
    "dk": "Denmark",
    "no": "Norway",
    "lc": "Low Countries",
    "fr": "France",
    "gb": "Great Britain",
    "su": "Soviet Union",
    "bs": "Baltic States",
    "fi": "Finland",
    "ro": "Rumania",
    "hu": "Hungary",
    "bg": "Bulgaria",
    "yu": "Yugoslavia",
    "gr": "Greece",
    "tr": "Turkey",
    "es": "Spain",
    "pt": "Portugal",
    "se": "Sweden",
    "ch": "Switzerland",
    "sa": "Saudi Arabia",
    "us": "United States",
    "ma": "Morocco",
    "dz": "Algeria",
    "tn": "Tunisia",
    "ly": "Libya",
    "ls": "Lebanon-Syria",
    "iq": "Iraq",
    "ir": "Iran",
}

# the map's ``allegiance`` of a country: the colour it has at the start of the war
ALLEGIANCES = {
    "britain": "brown: Great Britain and allied territory",
    "france": "light green: France and allied territory",
    "italy": "yellow: Italy and allied territory",
    "soviet": "red: Soviet Union",
    "germany": "light blue: Germany",
}

REGIONS = {
    "western_libya": "Western Libya (Barbarossa: Axis-friendly, to hex D12)",
    "sicily": "Sicily",
    "sardinia": "Sardinia",
    "corsica": "Corsica",
    "crete": "Crete",
}

BOXES = {
    "siberia": "Siberia",
    "usa": "USA",
    "canada": "Canada",
    "india": "India",
    "british_africa": "British Africa",
    "french_africa": "French Africa",
    "ac": "Atlantic convoy (AC) box",
}

FEATURES = {"lend_lease_depot": "Soviet lend-lease depots U15 and M20 (Lend-Lease 2)"}
