"""Hitler's War's names of things its files and its moves table share: sides, strength point
types, nations' statuses.  Light: the moves table (read by ``mapref --help``) imports this, not
the game's state or rules."""

SIDES = ("axis", "soviet", "allies")
POINT_TYPES = ("infantry", "mechanized", "amphibious", "tactical_air", "para")
# what a build may cost (Building strength points 1): strength points, forts, capital ships and what
# goes onto the record sheet (build.RECORD_TYPES says where, in this order)
RECORD_BUILDS = ("ta_shipping", "uboat", "asw", "bomber")
COST_TYPES = POINT_TYPES + ("fort", "capital_ship") + RECORD_BUILDS
STATUSES = ("at_war", "at_peace", "unaligned", "inclined", "surrendered", "neutral", "vichy")
