"""Area control's names of things shared by its files and its moves table (light: ``mapref --help``
reads the table without the game's data or rules): the activities a nation not at war may not do,
the facilities."""

ACTIVITIES = (
    "income",
    "national_objectives",
    "oil_tankers",
    "conscripts",
    "engineer_tokens",
    "patron_tokens",
    "kamikaze_tokens",
    "enter_neutral",
)
FACILITIES = ("minor_factory", "major_factory", "naval_base", "air_base")
