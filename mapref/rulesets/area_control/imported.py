"""A scenario of the house rules (shared/seeds/004_a5840a12b2c8efaf.txt) on a map imported from
TripleA (``mapref import-triplea --scenario``): the TripleA game gives the owners, units,
resources, alliances and relationships; the house rules give the rest (which cities are won,
what a capital's fall does, the neutral blocks), matched to the map by the names the Axis & Allies
maps of TripleA use (rulings A16-A20).

- **Nations** are the players of the Axis and Allies alliances (an alliance whose name begins
  with Axis or Allies counts for that side: Total World War gives each nation its own,
  "Axis-Germany", "Allies-Britain"), and any other player at war with one side (it fights for
  the other: Global 1940's Dutch).  A player whose name begins with
  "Neutral", or who is at war with no one (the Mongolians), holds neutral territories.
- **Neutral territories** (NEUTRAL TERRITORIES & NEUTRAL BLOCKS): a neutral player's; pro-axis or
  pro-allied when TripleA makes it friendly (allied) to that side, else strict; its standing army
  the land units placed on it.  Blocks: the Mongolians' territories are Mongolia; a neutral in
  the land of Washington (joined to it by land connections) is in South America; the rest in
  Europe, Africa and the Middle East (an island: with the land nearest it).
- **Capitals** are TripleA's, with the house rules' second American capital (San Francisco) and
  each nation's rule (OCCUPATION OF CAPITAL CITIES); a rule that hands an economy to a nation the
  game does not have (Canada in Global 1940) falls back to the plain one.
- **Victory cities** are the two lists of AXIS VICTORY CONDITION, each city found by its
  territory's name; **the Pacific map** (for UNITED STATES (EXILE) and the Commonwealth rules) is
  what lies east of Calcutta's territory on the TripleA map.
"""

from __future__ import annotations

from mapref.core.areamodel import slug
from mapref.io import tomlwrite as tw

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
# the cities the house rules name, and the territories that hold them on TripleA's maps
CITIES = {
    "Berlin": ("Germany",),
    "Rome": ("Southern Italy", "Italy"),
    "Paris": ("France",),
    "Johannesburg": ("Union of South Africa", "South Africa"),
    "Moscow": ("Russia", "Moscow"),
    "Stalingrad": ("Volgograd", "Stalingrad"),
    "London": ("United Kingdom", "Great Britain", "UK"),
    "Washington": ("Eastern United States", "Eastern USA", "Washington"),
    "Tokyo": ("Japan",),
    "Hong Kong": ("Kwangtung", "Hong Kong"),
    "Manila": ("Philippines", "Philippine Islands"),
    "Calcutta": ("India", "Calcutta"),
    "Samara": ("Samara",),
    "Sydney": ("New South Wales", "Sydney", "Eastern Australia"),
    "Honolulu": ("Hawaiian Islands", "Hawaii"),
    "San Francisco": ("Western United States", "Western USA", "San Francisco"),
    "Ottawa": ("Ontario", "Eastern Canada", "Ottawa"),
    "Northern Italy": ("Northern Italy",),
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


def scenario_from(game, board, map_ref: str) -> tuple[str, list[str]]:
    """The scenario's TOML text and notes; ValueError when the game has no Axis and Allies."""
    notes: list[str] = []
    terr = {_norm(t): t for t in game.territories}

    def find(city: str) -> str | None:
        for cand in CITIES.get(city, ()):
            t = terr.get(_norm(cand))
            if t is not None and not game.territories[t]:
                return t
        return None

    # --------------------------------------------------------------------- nations and sides
    alliance_side = {}
    for p, a in game.alliances.items():
        head = slug(a).split("_")[0]  # "Axis", "Allies", or a side's own alliance: "Axis-Germany", "Allies Britain"
        if head in ("axis", "allies", "allied"):
            alliance_side[p] = "axis" if head == "axis" else "allies"
    if not {"axis", "allies"} <= set(alliance_side.values()):
        raise ValueError(
            "the game has no Axis and Allies alliances (its alliances: "
            + (", ".join(sorted(set(game.alliances.values()))) or "none")
            + "): the house rules of area control are for an Axis & Allies game"
        )
    side = dict(alliance_side)
    neutral_players = []
    for p in game.players:
        if p in side:
            continue
        at_war = {side[q] for q in side if game.relation(p, q) == "war"}
        if not _norm(p).startswith("neutral") and len(at_war) == 1:
            side[p] = "allies" if at_war == {"axis"} else "axis"  # rulings A16
        else:
            neutral_players.append(p)
    role_of: dict[str, str] = {}
    for role, names in ROLES.items():
        for p in side:
            if _norm(p) in {_norm(n) for n in names} and p not in role_of:
                role_of[p] = role
                break
    player_of = {r: p for p, r in role_of.items()}
    nid = {p: slug(p) for p in side}
    missing = [r for r in ROLES if r not in player_of]
    if missing:
        notes.append("nations of the house rules the game does not have: " + ", ".join(missing))

    def sp(t: str) -> str:
        return game.ids[t]

    # ------------------------------------------------------------------------- capitals
    capitals: dict[str, list[str]] = {}
    for t, p in game.capitals.items():
        if p in side:
            capitals.setdefault(p, []).append(sp(t))
    if "usa" in player_of:  # CAPITAL CITIES: "United States - Washington & San Francisco"
        us = player_of["usa"]
        for city in ("Washington", "San Francisco"):
            t = find(city)
            if t is not None and sp(t) not in capitals.get(us, []):
                capitals.setdefault(us, []).append(sp(t))
    if "china" in player_of:  # CAPITAL CITIES: "China - N/A" (TripleA's is a stand-in)
        capitals.pop(player_of["china"], None)

    out = [
        '# mapref scenario; the format is described in docs/format.md ("Area control").',
        f"# The house rules of shared/seeds/004 on {game.name}, imported with mapref import-triplea from",
        f"# {game.file}: owners, units, resources and wars from the game, the rest from the house rules",
        "# (mapref.rulesets.area_control.imported; rulings A16-A20).",
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
        tw.assign("order", [nid[p] for p in game.players if p in side]),
    ]
    pacific = _pacific(game, find)
    if pacific:
        out.append("# UNITED STATES (EXILE) names the Europe map and the Pacific map: east of Calcutta (rulings A19)")
        out.append(tw.assign("pacific", pacific))
    else:
        notes.append("no territory holds Calcutta: every space is on the Europe map")
    out.append(
        "rental = { strict = 6, pro = 3, friendly = 0, own = 0, ships = 3 }   # NAVAL PORTS ON NEUTRAL TERRITORIES"
    )

    for p in [q for q in game.players if q in side]:
        role = role_of.get(p, "")
        rule, absorbed, guards, heading = CAPITAL_RULES.get(role, ("plain" if capitals.get(p) else "none", "", "", ""))
        caps = capitals.get(p, [])
        extra: list[str] = []
        if rule == "exile_to" and absorbed not in player_of:
            notes.append(
                f"{p}: the house rules hand its economy to {absorbed}, a nation this game does not have: its "
                "capital's fall only stops its income (rulings A17)"
            )
            rule, absorbed = "plain", ""
        if rule == "puppet":
            north = find("Northern Italy")
            if north is None or absorbed not in player_of:
                notes.append(f"{p}: no Northern Italy (or Germany) for the Italian Social Republic: a plain capital")
                rule, absorbed = "plain", ""
            else:
                extra.append(tw.assign("puppet_region", sp(north)))
        if guards and guards not in player_of:
            guards = ""
        if rule in ("plain", "relocate", "twin", "exile_to", "puppet") and not caps:
            rule = "none"
        out += [
            "",
            f"[nations.{tw.key(nid[p])}]",
            tw.assign("name", p.replace("_", " ")),
            tw.assign("side", side[p]),
            f"cash = {game.resources.get(p, 0)}",
            tw.assign("capitals", caps),
            tw.assign("capital_rule", rule),
        ]
        if absorbed:
            out.append(tw.assign("absorbed_by", nid[player_of[absorbed]]))
        if guards:
            out.append(tw.assign("guards", nid[player_of[guards]]))
        if rule == "twin" and "germany" in player_of and "japan" in player_of:
            out.append(tw.assign("exile_to", {"europe": nid[player_of["germany"]], "pacific": nid[player_of["japan"]]}))
        out += extra
        if heading:
            out.append(tw.assign("rule", heading))
        wars = sorted(nid[q] for q in side if q != p and game.relation(p, q) == "war")
        if wars:
            out.append(tw.assign("at_war", wars))
        if role in NOT_AT_WAR:
            enemies, may_not, naw_rule = NOT_AT_WAR[role]
            en = [nid[player_of[r]] for r in enemies if r in player_of]
            if en:
                out.append(tw.assign("not_at_war", {"enemies": en, "may_not": list(may_not), "rule": naw_rule}))

    # ----------------------------------------------------------------------- neutrals
    neutral_kind = {}
    for p in neutral_players:
        friends = {side[q] for q in side if game.relation(p, q) == "allied"}
        neutral_kind[p] = (
            {"axis": "pro_axis", "allies": "pro_allied"}[friends.pop()] if len(friends) == 1 else "strict"
        )  # A18
    block_of = _blocks(game, find, neutral_players)
    out += ["", "# NEUTRAL BLOCKS"]
    used_blocks = sorted({b for b in block_of.values() if b})
    for b in used_blocks:
        name, allied, axis, heading = BLOCKS[b]
        if allied not in player_of or axis not in player_of:
            notes.append(f"block {name}: the game lacks the nation it would join; its neutrals are in no block")
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
    army: dict[str, int] = {}
    units: dict[str, dict[str, int]] = {}
    ships: dict[str, dict[str, int]] = {}
    facilities: dict[str, list[str]] = {}
    for t, utype, owner, n in game.units:
        kind = game.unit_kinds.get(utype, "land")
        s = sp(t)
        if kind == "facility":
            f = game.facility(utype)
            if f and f not in facilities.setdefault(s, []):
                facilities[s].append(f)
        elif owner in side and kind == "land":
            units.setdefault(s, {})[nid[owner]] = units.get(s, {}).get(nid[owner], 0) + n
        elif owner in side and kind == "sea":
            ships.setdefault(s, {})[nid[owner]] = ships.get(s, {}).get(nid[owner], 0) + n
        elif kind == "land" and (owner in neutral_players or not owner):
            army[t] = army.get(t, 0) + n
    out += [
        "",
        "# NEUTRAL TERRITORIES: kind (strict, pro_axis, pro_allied), block, standing army (rulings A18)",
        "[neutrals]",
    ]
    for t in game.territories:
        p = game.owners.get(t, "")
        if p in neutral_players and not game.territories[t]:
            rec = {"kind": neutral_kind[p], "block": block_of.get(t, ""), "army": army.get(t, 0)}
            if not rec["block"]:
                del rec["block"]
            out.append(f"{tw.key(sp(t))} = {tw.inline(rec)}")
    out += ["", "[facilities]"] + [f"{tw.key(s)} = {tw.value(v)}" for s, v in facilities.items()]
    out += ["", "# land units by nation (counts)", "[units]"] + [
        f"{tw.key(s)} = {tw.inline(v)}" for s, v in units.items()
    ]
    out += ["", "# ships by sea zone", "[ships]"] + [f"{tw.key(s)} = {tw.inline(v)}" for s, v in ships.items()]

    # ------------------------------------------------------------------------ victory
    out += _victory(game, find, player_of, nid, sp, notes)
    return "\n".join(out) + "\n", notes


def _pacific(game, find) -> list[str]:
    """The spaces of the Pacific map: what lies east of Calcutta's territory's west edge on the
    TripleA map, to its end (rulings A19)."""
    calcutta = find("Calcutta")
    if calcutta is None or calcutta not in game.outlines:
        return []
    west = game.outlines[calcutta].bounds[0]
    out = []
    for t, g in game.outlines.items():
        x0, _, x1, _ = g.bounds
        if (x0 + x1) / 2 >= west:
            out.append(game.ids[t])
    return sorted(out)


def _blocks(game, find, neutral_players) -> dict[str, str]:
    """Each neutral territory's block (rulings A18): the Mongolians' is Mongolia; one joined by
    land to Washington is South America; one joined by land to Berlin is Europe, Africa and the
    Middle East; one joined to neither (an island) goes with the nearer of those two lands."""
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
        t = find(city)
        if t is not None and t in parent:
            anchors[block] = root(t)
    out = {}
    for t in land:
        p = game.owners.get(t, "")
        if p not in neutral_players:
            continue
        if _norm(p).startswith("mongol"):
            out[t] = "mongolia"
            continue
        r = root(t)
        hit = [b for b, a in anchors.items() if a == r]
        if hit:
            out[t] = hit[0]
        elif anchors and t in game.outlines:

            def dist(block):
                members = [x for x in land if root(x) == anchors[block] and x in game.outlines]
                return min(game.outlines[t].distance(game.outlines[x]) for x in members) if members else float("inf")

            out[t] = min(anchors, key=dist)
        else:
            out[t] = ""
    return out


def _victory(game, find, player_of, nid, sp, notes) -> list[str]:
    out = ["", "# AXIS VICTORY CONDITION (rulings A3, A20)"]
    parts = []
    for group, cities, who in (
        ("european_cities", EUROPEAN, ("germany", "italy")),
        ("pacific_cities", PACIFIC, ("japan",)),
    ):
        holders = [nid[player_of[r]] for r in who if r in player_of]
        found = [(c, find(c)) for c in cities]
        spaces = [sp(t) for _, t in found if t is not None]
        lost = [c for c, t in found if t is None]
        if lost:
            notes.append(f"{group.replace('_', ' ')}: no territory found for {', '.join(lost)}")
        if not holders or len(spaces) < 4:
            notes.append(f"{group.replace('_', ' ')}: left out (its nation or its cities are not in the game)")
            continue
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
            tw.assign("sides", holders) if len(holders) > 1 else tw.assign("side", holders[0]),
            'winner = "axis"',
            "count = 4",
            tw.assign("spaces", spaces),
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


__all__ = ["scenario_from"]
