"""Hitler's War's names of things its files and its moves table share: sides, strength point
types, nations' statuses.  Light: the moves table (read by ``mapref --help``) imports this, not
the game's state or rules."""

SIDES = ("axis", "soviet", "allies")
POINT_TYPES = ("infantry", "mechanized", "amphibious", "tactical_air", "para")
STATUSES = ("at_war", "at_peace", "unaligned", "inclined", "surrendered", "neutral", "vichy")
