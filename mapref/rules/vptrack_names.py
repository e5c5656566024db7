"""The VP track's names of things (:mod:`mapref.rules.vptrack`) a game's moves table offers: the
marker's faces, the wars, the kinds of country and the influences.  Light: a moves table (read by
``mapref --help``) imports this, not the mechanism."""

FACES = ("axis_tide", "allied_crusade")
WARS = ("limited", "total")
KINDS = ("", "major", "western_minor", "soviet_minor", "neutral", "civil_war")
INFLUENCES = ("", "pro_axis", "pro_soviet", "pro_west")
