"""Hitler's War's names of things its files and its moves table share: sides, strength point
types, nations' statuses.  Light: the moves table (read by ``mapref --help``) imports this, not
the game's state or rules."""

TITLE = "Hitler's War"
SIDES = ("axis", "soviet", "allies")
POINT_TYPES = ("infantry", "mechanized", "amphibious", "tactical_air", "para")
# what a build may cost (Building strength points 1): strength points, forts, capital ships and what
# goes onto the record sheet (build.RECORD_TYPES says where, in this order)
RECORD_BUILDS = ("ta_shipping", "uboat", "asw", "bomber")
COST_TYPES = POINT_TYPES + ("fort", "capital_ship") + RECORD_BUILDS
STATUSES = ("at_war", "at_peace", "unaligned", "inclined", "surrendered", "neutral", "vichy")

# every ``allegiance`` of the map's countries (Map Board 3's colour groups) -> whether it is a
# power: its home country and colonies need a capital (``mapref check``'s no-capital); the
# nations inclined towards the Axis, the unaligned and the permanently neutral are none
MAP_ALLEGIANCES = {
    "germany": True,
    "italy": True,
    "britain": True,
    "france": True,
    "soviet": True,
    "usa": True,
    "axis_inclined": False,
    "unaligned": False,
    "neutral": False,
}
