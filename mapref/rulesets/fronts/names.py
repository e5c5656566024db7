"""The front-token game's sides, shared by its files and its moves table (light: ``mapref --help``
reads the table without the game's data or rules)."""

SIDES = ("germans", "allies")
