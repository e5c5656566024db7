"""A scenario of the house rules (shared/seeds/004_a5840a12b2c8efaf.txt) on a map imported from
TripleA (``mapref import-triplea --scenario``): the TripleA game gives the owners, units,
resources, alliances and relationships; the house rules give the rest (which cities are won,
what a capital's fall does, the neutral blocks), matched to the map by the names the Axis & Allies
maps of TripleA use (rulings A16-A20, A24-A26).

- **Nations** are the players of the Axis and Allies alliances (an alliance whose name begins
  with Axis or Allies counts for that side: Total World War gives each nation its own,
  "Axis-Germany", "Allies-Britain"), and any other player at war with one side (it fights for
  the other: Global 1940's Dutch).  A player whose name says Neutral ("Neutral_True", Iron War's
  "Pro-Axis-Neutral"), or who is at war with no one (the Mongolians), holds neutral territories.  Which nation of the house rules a
  player is: the one whose capital city its TripleA capital holds (Yamamoto's Tokyo is Japan's),
  else its name (Germans, UK_Pacific...).
- **Wars** are TripleA's at the start (its game parser: players of different alliances at war,
  of one alliance allied, ``relationshipInitialize`` overriding pairs), with the house rules'
  NEUTRAL NATIONS: NOT AT WAR on top for the Soviet Union and the United States where TripleA
  says nothing of the pair and the opening position shows no fighting (rulings A24).
- **Neutral territories** (NEUTRAL TERRITORIES & NEUTRAL BLOCKS): a neutral player's; pro-axis or
  pro-allied when TripleA makes it friendly (allied) to that side, else strict; its standing army
  the land units placed on it.  Blocks: the Mongolians' territories are Mongolia; a neutral in
  the land of Washington (joined to it by land connections) is in South America; the rest in
  Europe, Africa and the Middle East (an island: with the land nearest it).
- **Capitals** are TripleA's, with the house rules' second American capital (San Francisco) and
  each nation's rule (OCCUPATION OF CAPITAL CITIES); a rule that hands an economy to a nation the
  game does not have (Canada in Global 1940) falls back to the plain one.
- **Victory cities** are the two lists of AXIS VICTORY CONDITION, each city found in the
  territory that holds it (:func:`find_cities`: the designer's ``--city``, a territory named after
  the city, the usual Axis & Allies territory names); the conditions name the cities
  (``city:Rome``) and the scenario's ``[cities]`` where each is, so a city placed later on the map
  (a location's ``city`` attribute, in the area editor) counts; **the Pacific map** (for UNITED
  STATES (EXILE) and the Commonwealth rules) is what lies east of Calcutta's territory on the
  TripleA map.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial

from mapref.core.areamodel import slug
from mapref.io import tomlwrite as tw

TYPE_CHECKING = False
if TYPE_CHECKING:
    from mapref.io.triplea import TripleaGame

# the house rules' nations, and the names TripleA's Axis & Allies maps give their players
ROLES = {
    "germany": ("Germans", "Germany", "German"),
    "italy": ("Italians", "Italy", "Italian"),
    "japan": ("Japanese", "Japan"),
    "soviet": ("Russians", "Soviets", "Soviet Union", "USSR", "Russia"),
    "usa": ("Americans", "USA", "United States", "US"),
    "uk_europe": ("British", "UK_Europe", "UK", "United Kingdom", "Britain"),
    "uk_pacific": ("UK_Pacific",),
    "canada": ("Canada", "Canadians"),
    "anzac": ("ANZAC", "Australians", "Australia"),
    "france": ("French", "France"),
    "china": ("Chinese", "China"),
}
# CAPITAL CITIES: the city each nation's capital is (a player whose TripleA capital holds it is that nation)
CAPITAL_CITY = {
    "germany": "Berlin",
    "japan": "Tokyo",
    "soviet": "Moscow",
    "usa": "Washington",
    "uk_europe": "London",
    "uk_pacific": "Calcutta",
    "italy": "Rome",
    "canada": "Ottawa",
    "anzac": "Sydney",
    "france": "Paris",
}
# OCCUPATION OF CAPITAL CITIES: role -> (capital_rule, absorbed_by role, guards role, rule heading)
CAPITAL_RULES = {
    "germany": ("plain", "", "", "OCCUPATION OF CAPITAL CITIES: GERMANY (BERLIN)"),
    "japan": ("plain", "", "", "OCCUPATION OF CAPITAL CITIES: JAPAN (TOKYO)"),
    "soviet": ("relocate", "", "", "OCCUPATION OF CAPITAL CITIES: SOVIET UNION (MOSCOW)"),
    "usa": ("twin", "", "", "OCCUPATION OF CAPITAL CITIES: UNITED STATES (WASHINGTON), (SAN FRANCISCO), (EXILE)"),
    "uk_europe": ("exile_to", "canada", "", "OCCUPATION OF CAPITAL CITIES: UNITED KINGDOM (LONDON)"),
    "uk_pacific": ("exile_to", "anzac", "", "OCCUPATION OF CAPITAL CITIES: UNITED KINGDOM (CALCUTTA)"),
    "italy": ("puppet", "germany", "", "OCCUPATION OF CAPITAL CITIES: ITALY (ROME)"),
    "canada": ("plain", "", "uk_europe", "OCCUPATION OF CAPITAL CITIES: COMMONWEALTH CANADA (OTTAWA)"),
    "anzac": ("plain", "", "uk_pacific", "OCCUPATION OF CAPITAL CITIES: COMMONWEALTH ANZAC (SYDNEY)"),
    "france": ("plain", "", "", "OCCUPATION OF CAPITAL CITIES: FRANCE (PARIS)"),
    "china": ("none", "", "", ""),
}
# The cities the house rules name, and the territories that hold them on TripleA's maps besides
# one named after the city (rulings A20, A25): Global 1940's names first, then the usual names of
# the Axis & Allies boards (Classic, Revised, 1941, 1942: "Western Europe" holds Paris, "Southern
# Europe" Rome, "Caucasus" Stalingrad), then other spellings and older names of the city.
CITIES = {
    "Berlin": ("Germany",),
    "Rome": ("Southern Italy", "Italy", "Southern Europe", "South Europe", "Roma"),
    "Paris": ("France", "Western Europe", "West Europe"),
    "Johannesburg": ("Union of South Africa", "South Africa", "Transvaal", "Southern Africa"),
    "Moscow": ("Russia", "Moskva"),
    "Stalingrad": ("Volgograd", "Caucasus", "Tsaritsyn"),
    "London": ("United Kingdom", "Great Britain", "UK", "England"),
    "Washington": ("Eastern United States", "Eastern USA", "East US", "E.U.S", "Washington DC"),
    "Tokyo": ("Japan",),
    "Hong Kong": ("Kwangtung", "Kwantung", "Hongkong", "Coastal China"),
    "Manila": ("Philippines", "Philippine Islands", "Philipine Islands", "Luzon", "North Philippines"),
    "Calcutta": ("India", "Bengal", "Kolkata"),
    "Samara": ("Kuybyshev", "Kuibyshev", "Kubyshev"),
    "Sydney": ("New South Wales", "Eastern Australia", "Australia"),
    "Honolulu": ("Hawaiian Islands", "Hawaii", "Oahu", "Pearl Harbor"),
    "San Francisco": ("Western United States", "Western USA", "West US", "W.U.S", "California", "Nor Cal"),
    "Ottawa": ("Ontario", "Eastern Canada"),
    "Northern Italy": ("Lombardy",),
}
EUROPEAN = ("Berlin", "Rome", "Paris", "Johannesburg", "Moscow", "Stalingrad", "London", "Washington")
PACIFIC = ("Tokyo", "Hong Kong", "Manila", "Calcutta", "Samara", "Sydney", "Honolulu", "San Francisco")
PHASES = ("purchase", "combat_move", "combat", "noncombat_move", "mobilize", "strategic_missions", "collect_income")
NOT_AT_WAR = {  # NEUTRAL NATIONS: NOT AT WAR: role -> (enemy roles, what it may not do, heading)
    "soviet": (
        ("germany", "italy"),
        ("national_objectives", "oil_tankers", "conscripts", "engineer_tokens", "patron_tokens", "enter_neutral"),
        "NEUTRAL NATIONS: NOT AT WAR: THE SOVIET UNION",
    ),
    "usa": (
        ("germany", "italy", "japan"),
        ("national_objectives", "oil_tankers", "conscripts", "patron_tokens", "enter_neutral"),
        "NEUTRAL NATIONS: NOT AT WAR: THE UNITED STATES",
    ),
    "uk_pacific": (
        ("japan",),
        ("national_objectives", "oil_tankers", "conscripts", "patron_tokens", "enter_neutral"),
        "NEUTRAL NATIONS: NOT AT WAR: THE PACIFIC ALLIES",
    ),
    "anzac": (
        ("japan",),
        ("national_objectives", "oil_tankers", "conscripts", "patron_tokens", "enter_neutral"),
        "NEUTRAL NATIONS: NOT AT WAR: THE PACIFIC ALLIES",
    ),
    "japan": (
        ("uk_pacific", "anzac"),
        ("national_objectives", "oil_tankers", "conscripts", "kamikaze_tokens", "enter_neutral"),
        "NEUTRAL NATIONS: NOT AT WAR: JAPAN",
    ),
}
NEUTRAL_AT_START = ("soviet", "usa")  # the nations the house rules' NOT AT WAR starts at peace (rulings A24)
BLOCKS = {  # NEUTRAL BLOCKS: block -> (name, joins on an Allied attack, on an Axis attack, heading)
    "south_america": ("#1 South America", "germany", "usa", "NEUTRAL BLOCKS: BLOCK #1 - SOUTH AMERICA"),
    "europe": (
        "#2 Europe, Africa & the Middle East",
        "germany",
        "uk_europe",
        "NEUTRAL BLOCKS: BLOCK#2 - EUROPE, AFRICA, & THE MIDDLE EAST",
    ),
    "mongolia": ("#3 Mongolia", "japan", "soviet", "NEUTRAL BLOCKS: BLOCK #3 - MONGOLIA"),
}


def _norm(name: str) -> str:
    return slug(name).replace("_", "")


def find_cities(game, placed: dict[str, str] | None = None) -> dict[str, str | None]:
    """The land territory that holds each city the house rules name (the 16 victory cities,
    Ottawa, Northern Italy), or None: the designer's ``placed`` (``--city NAME=TERRITORY``)
    first, then a territory named after the city, then the names of :data:`CITIES` in order."""
    land = {_norm(t): t for t, water in game.territories.items() if not water}
    out: dict[str, str | None] = {}
    for city, names in CITIES.items():
        given = (placed or {}).get(city)
        if given is not None:
            out[city] = given
            continue
        out[city] = next((land[_norm(n)] for n in (city, *names) if _norm(n) in land), None)
    return out


@dataclass
class Plan:
    """What :func:`scenario_from` works out before it writes: the nations and their sides, which
    nation of the house rules each is, the cities, the wars at the start."""

    game: TripleaGame
    notes: list[str]
    cities: dict[str, str | None]
    side: dict[str, str] = field(default_factory=dict)  # player -> axis or allies
    neutral: list[str] = field(default_factory=list)  # the players who hold neutral territories
    role_of: dict[str, str] = field(default_factory=dict)  # player -> the house rules' nation
    nid: dict[str, str] = field(default_factory=dict)  # player -> its id in the scenario
    wars: set = field(default_factory=set)  # frozenset pairs of players at war at the start
    pacific: list[str] = field(default_factory=list)  # the spaces of the Pacific map

    @property
    def player_of(self) -> dict[str, str]:
        return {r: p for p, r in self.role_of.items()}

    def nations(self) -> list[str]:
        return [p for p in self.game.players if p in self.side]

    def sp(self, t: str) -> str:
        return self.game.ids[t]

    def name(self, p: str) -> str:
        return p.replace("_", " ")


def scenario_from(game, board, map_ref: str, placed: dict[str, str] | None = None) -> tuple[str, list[str]]:
    """The scenario's TOML text and notes; ValueError when the game has no Axis and Allies.
    ``placed``: cities the designer places (``--city NAME=TERRITORY``)."""
    plan = Plan(game, [], find_cities(game, placed))
    _sides(plan)
    _roles(plan)
    _capital_cities(plan)
    plan.nid = {p: slug(p) for p in plan.side}
    plan.pacific = _pacific(plan)
    _wars(plan)
    out = _header(plan, map_ref)
    for p in plan.nations():
        out += _nation(plan, p, _capitals(plan))
    out += _neutrals(plan)
    out += _forces(plan)
    out += _victory(plan)
    return "\n".join(out) + "\n", plan.notes


# ------------------------------------------------------------------------- nations and sides
def _sides(plan: Plan) -> None:
    """Each player's side (rulings A16), or neutral; ValueError when there are no Axis and Allies."""
    game = plan.game
    for p, a in game.alliances.items():
        head = slug(a).split("_")[0]  # "Axis", "Allies", or a side's own alliance: "Axis-Germany", "Allies Britain"
        if head in ("axis", "allies", "allied"):
            plan.side[p] = "axis" if head == "axis" else "allies"
    if not {"axis", "allies"} <= set(plan.side.values()):
        raise ValueError(
            "the game has no Axis and Allies alliances (its alliances: "
            + (", ".join(sorted(set(game.alliances.values()))) or "none")
            + "): the house rules of area control are for an Axis & Allies game"
        )
    for p in game.players:
        if p in plan.side:
            continue
        at_war = {plan.side[q] for q in list(plan.side) if game.relation(p, q) == "war"}
        if "neutral" not in _norm(p) and len(at_war) == 1:
            plan.side[p] = "allies" if at_war == {"axis"} else "axis"  # rulings A16
        else:
            plan.neutral.append(p)


def _roles(plan: Plan) -> None:
    """Which nation of the house rules each player is: the one whose capital city its TripleA
    capital holds, else the one its name says (rulings A16)."""
    game, role_of = plan.game, plan.role_of
    for role, city in CAPITAL_CITY.items():
        t = plan.cities.get(city)
        p = game.capitals.get(t) if t is not None else None
        if p in plan.side and p not in role_of and role not in role_of.values():
            role_of[p] = role
    for role, names in ROLES.items():
        if role in role_of.values():
            continue
        wanted = {_norm(n) for n in names}
        p = next((q for q in plan.side if _norm(q) in wanted and q not in role_of), None)
        if p is not None:
            role_of[p] = role
    missing = [r for r in ROLES if r not in role_of.values()]
    if missing:
        plan.notes.append("nations of the house rules the game does not have: " + ", ".join(missing))


def _capital_cities(plan: Plan) -> None:
    """A capital city found by no name is in the territory TripleA makes that nation's capital
    (Big World's Berlin in Eastern Germany, Tokyo in Southern Japan: rulings A25)."""
    player_of = plan.player_of
    for role, city in CAPITAL_CITY.items():
        p = player_of.get(role)
        if plan.cities.get(city) is not None or p is None:
            continue
        caps = [t for t, q in plan.game.capitals.items() if q == p and not plan.game.territories.get(t)]
        if len(caps) == 1:
            plan.cities[city] = caps[0]


def _axis(plan: Plan, where: str = "") -> list[str]:
    """The Axis nations; ``where="europe"``: the European Axis powers (Germany, Italy, and any
    other Axis nation but Japan whose capital is on the Europe map: rulings A26)."""
    out = [p for p in plan.nations() if plan.side[p] == "axis"]
    if where != "europe":
        return out
    caps = {p: [t for t, q in plan.game.capitals.items() if q == p] for p in out}
    pacific = set(plan.pacific)
    return [
        p
        for p in out
        if plan.role_of.get(p) in ("germany", "italy")
        or (plan.role_of.get(p) != "japan" and caps[p] and all(plan.sp(t) not in pacific for t in caps[p]))
    ]


# ------------------------------------------------------------------------------------ wars
def _wars(plan: Plan) -> None:
    """The wars at the start (rulings A24): TripleA's between the two sides, less the pairs the
    house rules' NEUTRAL NATIONS: NOT AT WAR starts at peace (the Soviet Union and the United
    States with each Axis nation) where TripleA says nothing of the pair and the opening position
    shows no fighting between them."""
    game = plan.game
    for i, a in enumerate(plan.nations()):
        for b in plan.nations()[i + 1 :]:
            if plan.side[a] != plan.side[b] and game.relation(a, b) == "war":
                plan.wars.add(frozenset((a, b)))
    for role in NEUTRAL_AT_START:
        x = plan.player_of.get(role)
        if x is None:
            continue
        peace, fighting = [], []
        for y in _axis(plan):
            pair = frozenset((x, y))
            if pair not in plan.wars or pair in game.said:
                continue
            why = _fighting(game, x, y)
            if why:
                fighting.append(f"{plan.name(y)} ({why})")
            else:
                plan.wars.discard(pair)
                peace.append(plan.name(y))
        said = []
        if peace:
            said.append(f"starts not at war with {', '.join(peace)} (seed 004: NEUTRAL NATIONS: NOT AT WAR)")
        if fighting:
            said.append(f"starts at war with {', '.join(fighting)}: the opening position shows them fighting")
        if said:
            plan.notes.append(f"{plan.name(x)}: " + "; ".join(said) + " (rulings A24)")


def _fighting(game, a: str, b: str) -> str:
    """Why the opening position shows players a and b fighting ("" when it does not): one holds a
    territory whose original owner is the other, their units share a territory or sea zone, or
    their land units face each other across a land connection."""
    for t, p in game.owners.items():
        o = game.original_owners.get(t)
        if {p, o} == {a, b}:
            return f"{p.replace('_', ' ')} holds {t}"
    units: dict[str, set[str]] = {}
    land: dict[str, set[str]] = {}
    for t, utype, owner, n in game.units:
        if n > 0 and owner in (a, b):
            units.setdefault(t, set()).add(owner)
            if game.unit_kinds.get(utype, "land") == "land" and game.owners.get(t) == owner:
                land.setdefault(t, set()).add(owner)
    for t, who in units.items():
        if who == {a, b}:
            return f"units of both in {t}"
    for t1, t2, _ in game.connections:
        w1, w2 = land.get(t1, set()), land.get(t2, set())
        if w1 and w2 and w1 | w2 == {a, b} and w1 != w2:
            return f"{t1} - {t2}"
    return ""


# --------------------------------------------------------------------------------- capitals
def _capitals(plan: Plan) -> dict[str, list[str]]:
    game, player_of = plan.game, plan.player_of
    capitals: dict[str, list[str]] = {}
    for t, p in game.capitals.items():
        if p in plan.side:
            capitals.setdefault(p, []).append(plan.sp(t))
    if "usa" in player_of:  # CAPITAL CITIES: "United States - Washington & San Francisco"
        us = player_of["usa"]
        for city in ("Washington", "San Francisco"):
            where = plan.cities.get(city)
            if where is not None and plan.sp(where) not in capitals.get(us, []):
                capitals.setdefault(us, []).append(plan.sp(where))
    if "china" in player_of:  # CAPITAL CITIES: "China - N/A" (TripleA's is a stand-in)
        capitals.pop(player_of["china"], None)
    return capitals


def _header(plan: Plan, map_ref: str) -> list[str]:
    game = plan.game
    out = [
        '# mapref scenario; the format is described in docs/format.md ("Area control").',
        f"# The house rules of shared/seeds/004 on {game.name}, imported with mapref import-triplea from",
        f"# {game.file}: owners, units, resources and wars from the game, the rest from the house rules",
        "# (mapref.rulesets.area_control.imported; rulings A16-A20, A24-A26).",
        "format = 1",
        'kind = "scenario"',
        'ruleset = "area_control"',
        tw.assign("id", slug(game.name) or "imported"),
        tw.assign("name", f"{game.name}: Axis & Allies house rules"),
        tw.assign("map", map_ref),
        'rule = "shared/seeds/004 (POLITICAL SITUATIONS)"',
        'sides = ["axis", "allies"]',
        "first_round = 1",
        'last_round = 12                 # ALLIED VICTORY CONDITION: "before the end of round 12"',
        tw.assign("phases", list(PHASES)),
        tw.assign("order", [plan.nid[p] for p in plan.nations()]),
    ]
    if plan.pacific:
        out.append("# UNITED STATES (EXILE) names the Europe map and the Pacific map: east of Calcutta (rulings A19)")
        out.append(tw.assign("pacific", plan.pacific))
    else:
        plan.notes.append("no territory holds Calcutta: every space is on the Europe map")
    out.append(
        "rental = { strict = 6, pro = 3, friendly = 0, own = 0, ships = 3 }   # NAVAL PORTS ON NEUTRAL TERRITORIES"
    )
    return out


def _nation(plan: Plan, p: str, capitals: dict[str, list[str]]) -> list[str]:
    """The ``[nations.ID]`` table of player ``p``: its side, cash, colour, capitals and their
    rule, its wars and its NOT AT WAR restrictions."""
    game, player_of, nid = plan.game, plan.player_of, plan.nid
    role = plan.role_of.get(p, "")
    caps = capitals.get(p, [])
    rule, absorbed, guards, heading = CAPITAL_RULES.get(role, ("plain" if caps else "none", "", "", ""))
    extra: list[str] = []
    if rule == "exile_to" and absorbed not in player_of:
        plan.notes.append(
            f"{plan.name(p)}: the house rules hand its economy to {absorbed}, a nation this game does not have: its "
            "capital's fall only stops its income (rulings A17)"
        )
        rule, absorbed = "plain", ""
    if rule == "puppet":
        north = plan.cities.get("Northern Italy")
        if north is None or absorbed not in player_of:
            plan.notes.append(
                f"{plan.name(p)}: no Northern Italy (or Germany) for the Italian Social Republic: a plain capital"
            )
            rule, absorbed = "plain", ""
        else:
            extra.append(tw.assign("puppet_region", plan.sp(north)))
    if guards and guards not in player_of:
        guards = ""
    if rule in ("plain", "relocate", "twin", "exile_to", "puppet") and not caps:
        rule = "none"
    out = ["", f"[nations.{tw.key(nid[p])}]", tw.assign("name", plan.name(p)), tw.assign("side", plan.side[p])]
    if getattr(game, "colours", {}).get(p):
        out.append(tw.assign("colour", game.colours[p]))  # the map's own colour (map.properties: color.PLAYER)
    out += [f"cash = {game.resources.get(p, 0)}", tw.assign("capitals", caps), tw.assign("capital_rule", rule)]
    if absorbed:
        out.append(tw.assign("absorbed_by", nid[player_of[absorbed]]))
    if guards:
        out.append(tw.assign("guards", nid[player_of[guards]]))
    if rule == "twin" and "germany" in player_of and "japan" in player_of:
        out.append(tw.assign("exile_to", {"europe": nid[player_of["germany"]], "pacific": nid[player_of["japan"]]}))
    out += extra
    if heading:
        out.append(tw.assign("rule", heading))
    wars = sorted(nid[q] for q in plan.side if q != p and frozenset((p, q)) in plan.wars)
    if wars:
        out.append(tw.assign("at_war", wars))
    if role in NOT_AT_WAR:
        enemies, may_not, naw_rule = NOT_AT_WAR[role]
        who = _axis(plan, "europe") if role == "soviet" else [player_of[r] for r in enemies if r in player_of]
        en = [nid[q] for q in (_axis(plan) if role == "usa" else who)]
        if en:
            out.append(tw.assign("not_at_war", {"enemies": en, "may_not": list(may_not), "rule": naw_rule}))
    return out


# ------------------------------------------------------------------------------------ neutrals
def _neutrals(plan: Plan) -> list[str]:
    game, player_of, nid = plan.game, plan.player_of, plan.nid
    out = ["", "# NEUTRAL BLOCKS"]
    block_of = _blocks(plan)
    for b in sorted({b for b in block_of.values() if b}):
        name, allied, axis, heading = BLOCKS[b]
        if allied not in player_of or axis not in player_of:
            plan.notes.append(f"block {name}: the game lacks the nation it would join; its neutrals are in no block")
            block_of = {t: (x if x != b else "") for t, x in block_of.items()}
            continue
        out += [
            "",
            f"[blocks.{b}]",
            tw.assign("name", name),
            tw.assign("allied_attack", nid[player_of[allied]]),
            tw.assign("axis_attack", nid[player_of[axis]]),
            tw.assign("rule", heading),
        ]
    kind = {}
    for p in plan.neutral:
        friends = {plan.side[q] for q in plan.side if game.relation(p, q) == "allied"}
        kind[p] = {"axis": "pro_axis", "allies": "pro_allied"}[friends.pop()] if len(friends) == 1 else "strict"  # A18
    army: dict[str, int] = {}
    for t, utype, owner, n in game.units:
        if game.unit_kinds.get(utype, "land") == "land" and (owner in plan.neutral or not owner):
            army[t] = army.get(t, 0) + n
    out += ["", "# NEUTRAL TERRITORIES: kind (strict, pro_axis, pro_allied), block, standing army (rulings A18)"]
    out.append("[neutrals]")
    for t in game.territories:
        p = game.owners.get(t, "")
        if p in plan.neutral and not game.territories[t]:
            rec = {"kind": kind[p], "block": block_of.get(t, ""), "army": army.get(t, 0)}
            if not rec["block"]:
                del rec["block"]
            out.append(f"{tw.key(plan.sp(t))} = {tw.inline(rec)}")
    return out


def _forces(plan: Plan) -> list[str]:
    """Facilities, land units and ships at the start, by space and nation."""
    game, nid = plan.game, plan.nid
    units: dict[str, dict[str, int]] = {}
    ships: dict[str, dict[str, int]] = {}
    facilities: dict[str, list[str]] = {}
    for t, utype, owner, n in game.units:
        kind = game.unit_kinds.get(utype, "land")
        s = plan.sp(t)
        if kind == "facility":
            f = game.facility(utype)
            if f and f not in facilities.setdefault(s, []):
                facilities[s].append(f)
        elif owner in plan.side and kind in ("land", "sea"):
            tab = units if kind == "land" else ships
            tab.setdefault(s, {})[nid[owner]] = tab.get(s, {}).get(nid[owner], 0) + n
    out = ["", "[facilities]"] + [f"{tw.key(s)} = {tw.value(v)}" for s, v in facilities.items()]
    out += ["", "# land units by nation (counts)", "[units]"] + [
        f"{tw.key(s)} = {tw.inline(v)}" for s, v in units.items()
    ]
    out += ["", "# ships by sea zone", "[ships]"] + [f"{tw.key(s)} = {tw.inline(v)}" for s, v in ships.items()]
    return out


def _pacific(plan: Plan) -> list[str]:
    """The spaces of the Pacific map: what lies east of Calcutta's territory's west edge on the
    TripleA map, to its end (rulings A19)."""
    game = plan.game
    calcutta = plan.cities.get("Calcutta")
    if calcutta is None or calcutta not in game.outlines:
        return []
    west = game.outlines[calcutta].bounds[0]
    out = []
    for t, g in game.outlines.items():
        x0, _, x1, _ = g.bounds
        if (x0 + x1) / 2 >= west:
            out.append(game.ids[t])
    return sorted(out)


def _blocks(plan: Plan) -> dict[str, str]:
    """Each neutral territory's block (rulings A18): the Mongolians' is Mongolia; one joined by
    land to Washington is South America; one joined by land to Berlin is Europe, Africa and the
    Middle East; one joined to neither (an island) goes with the nearer of those two lands."""
    game = plan.game
    land = [t for t, water in game.territories.items() if not water and t not in game.impassable]
    parent = {t: t for t in land}

    def root(t):
        while parent[t] != t:
            parent[t] = parent[parent[t]]
            t = parent[t]
        return t

    for a, b, _ in game.connections:
        if a in parent and b in parent:
            parent[root(a)] = root(b)
    anchors = {}
    for block, city in (("south_america", "Washington"), ("europe", "Berlin")):
        t = plan.cities.get(city)
        if t is not None and t in parent:
            anchors[block] = root(t)

    def dist(t, block):
        members = [x for x in land if root(x) == anchors[block] and x in game.outlines]
        return min(game.outlines[t].distance(game.outlines[x]) for x in members) if members else float("inf")

    out = {}
    for t in land:
        p = game.owners.get(t, "")
        if p not in plan.neutral:
            continue
        hit = [b for b, a in anchors.items() if a == root(t)]
        if _norm(p).startswith("mongol"):
            out[t] = "mongolia"
        elif hit:
            out[t] = hit[0]
        elif anchors and t in game.outlines:
            out[t] = min(anchors, key=partial(dist, t))
        else:
            out[t] = ""
    return out


# ------------------------------------------------------------------------------------ victory
def _victory(plan: Plan) -> list[str]:
    """AXIS VICTORY CONDITION's two lists, as written ("4 of the following 8"), each city named
    (``city:Rome``) and placed by the ``[cities]`` table; the ALLIED VICTORY CONDITION."""
    out = [
        "",
        '# Where the house rules\' cities are: a territory, or "" when the map has none yet (place it with',
        "# mapref import-triplea --city NAME=TERRITORY, or give a location the city attribute in the area",
        "# editor: the map's city attribute counts before this table) (rulings A20, A25)",
        "[cities]",
    ]
    for city in EUROPEAN + PACIFIC:
        t = plan.cities.get(city)
        out.append(f"{tw.key(city)} = {tw.value(plan.sp(t) if t is not None else '')}")
    out += ["", "# AXIS VICTORY CONDITION (rulings A3, A20, A25)"]
    parts = []
    for group, cities, holders in (
        ("european_cities", EUROPEAN, _axis(plan, "europe")),
        ("pacific_cities", PACIFIC, [p for p, r in plan.role_of.items() if r == "japan"]),
    ):
        what = group.replace("_", " ")
        lost = [c for c in cities if plan.cities.get(c) is None]
        if not holders:  # the condition is left out: its cities are not asked for
            plan.notes.append(
                f"{what}: left out (the game has no {'European Axis power' if 'eu' in group else 'Japan'})"
            )
            continue
        if lost:
            plan.notes.append(
                f"{what}: {len(cities) - len(lost)} of {len(cities)} found; still missing: {', '.join(lost)} (place "
                f"{'each' if len(lost) > 1 else 'it'} with --city NAME=TERRITORY, or a location's city in the area editor)"
            )
        ids = [plan.nid[p] for p in holders]
        text = (
            f"{'The European Axis powers control' if group == 'european_cities' else 'Japan controls'} 4 of the following "
            f"{len(cities)} {'European' if group == 'european_cities' else 'Pacific'} cities: " + ", ".join(cities)
        )
        out += [
            "",
            f"[victory.{group}]",
            'rule = "AXIS VICTORY CONDITION"',
            tw.assign("text", text),
            'type = "hold_n"',
            'role = "part"',
            tw.assign("sides", ids) if len(ids) > 1 else tw.assign("side", ids[0]),
            'winner = "axis"',
            "count = 4",
            tw.assign("spaces", [f"city:{c}" for c in cities]),
            'when = "immediate"',
        ]
        parts.append(group)
    if parts:
        out += [
            "",
            "[victory.axis]",
            'rule = "AXIS VICTORY CONDITION"',
            'text = "The Axis powers win the war if during any given strategic missions phase the European Axis powers control '
            '4 of the 8 European cities and Japan controls 4 of the 8 Pacific cities."',
            'type = "all"',
            tw.assign("of", parts),
            'winner = "axis"',
            'when = "immediate"',
            'phase = "strategic_missions"',
        ]
    out += [
        "",
        "[victory.allies]",
        'rule = "ALLIED VICTORY CONDITION"',
        'text = "The Allied powers win if the Axis powers have not won the game before the end of round 12 when America '
        'develops nuclear technology."',
        'type = "default"',
        'winner = "allies"',
        'when = "end"',
    ]
    return out


__all__ = ["CITIES", "EUROPEAN", "PACIFIC", "find_cities", "scenario_from"]
