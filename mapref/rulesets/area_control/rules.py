"""The house rules of shared/seeds/004_a5840a12b2c8efaf.txt as functions of scenario, state and
board.  Each returns a new state and the lines that say what happened, or a :class:`Refusal`
(the reason and the heading it cites); nothing changes the state it is given.  The readings
are rulings A1-A15 in docs/rulings.md."""

from __future__ import annotations

import copy
import weakref
from dataclasses import dataclass

from mapref.rulesets.area_control.data import Scenario, State

PRODUCTION = ("minor_factory", "major_factory")
PLURAL_VERBS = {"is": "are", "has": "have", "was": "were", "does": "do"}


def plural(name: str) -> bool:
    """Whether a nation's name is a people's, which is plural ("Germans", "Japanese", "British",
    "French", "Thai"): TripleA names its players so; a country's name is singular."""
    n = name.strip()
    return n.endswith(("ese", "ish", "ench", "utch", "Thai")) or (
        n.endswith("s") and not n.endswith(("ss", "us", "is"))
    )


def pro(side: str) -> str:
    """The kind of a neutral friendly to ``side`` (NEUTRAL TERRITORIES: "pro-axis", "pro-allied")."""
    return {"allies": "pro_allied"}.get(side, f"pro_{side}")


def cap(text: str) -> str:
    """A sentence's first letter in capitals ("the Germans take ..." -> "The Germans take ...")."""
    return text[:1].upper() + text[1:]


CITY = "city:"  # a victory condition's space named by its city ("city:Rome"): where the map or [cities] puts it
_CITIES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # board -> (map version, city -> space)


def city_index(board) -> dict[str, str]:
    """Each city a space of the board names in its ``city`` attribute (several: "Moscow, Samara";
    a half's ``city_n``...) -> that space; kept per board and map version."""
    version = getattr(board, "version", None)
    try:
        got = _CITIES.get(board)
    except TypeError:  # a board that cannot be weakly referred to: asked each time
        got = None
    if got is not None and got[0] == version:
        return got[1]
    out: dict[str, str] = {}
    for sid in board.spaces():
        s = board.space(sid)
        half = s.attrs.get("half") if s is not None else None
        text = (s.attrs.get(f"city_{half}") if half else None) or (s.attrs.get("city") if s is not None else None)
        if isinstance(text, str) and (half or "." not in sid):
            for name in text.split(","):
                if name.strip():
                    out.setdefault(name.strip(), sid)
    try:
        _CITIES[board] = (version, out)
    except TypeError:
        pass
    return out


@dataclass
class Refusal:
    reason: str
    rule: str


class Cx:
    """Scenario, state and board with the look-ups every rule needs (read-only)."""

    def __init__(self, sc: Scenario, st: State, board) -> None:
        self.sc, self.st, self.board = sc, st, board

    def original(self, space: str) -> str | None:
        """The nation a space belongs to on the map (its colour), or None for a neutral."""
        s = self.board.space(space)
        c = s.attrs.get("colour") if s is not None else None
        return c if c in self.sc.nations else None

    def resolve(self, space: str) -> str:
        """The space a victory condition names: itself, or for ``city:NAME`` the space the map's
        ``city`` attribute gives the city, else the scenario's ``[cities]`` ("" when neither
        places it: rulings A25)."""
        if not space.startswith(CITY):
            return space
        name = space[len(CITY) :]
        return city_index(self.board).get(name) or self.sc.cities.get(name, "")

    def owner(self, space: str) -> str | None:
        if space.startswith(CITY):
            space = self.resolve(space)
            if not space:
                return None
        if space in self.st.owners:
            return self.st.owners[space] or None
        if space in self.st.neutrals:
            return None
        return self.original(space)

    def side(self, nation: str | None) -> str:
        return self.sc.side_of(nation)

    def name(self, space: str) -> str:
        s = self.board.space(space)
        return s.name if s is not None and s.name else space

    def city(self, space: str) -> str:
        """The city a space holds (the map's ``city`` attribute, else the scenario's ``[cities]``),
        else its name; a victory condition's ``city:NAME`` is NAME."""
        if space.startswith(CITY):
            return space[len(CITY) :]
        s = self.board.space(space)
        if s is None:
            return space
        half = s.attrs.get("half")
        placed = ", ".join(c for c, sp in self.sc.cities.items() if sp == space and self.resolve(CITY + c) == space)
        return str(s.attrs.get(f"city_{half}") or s.attrs.get("city") or placed or s.name or space)

    def nname(self, nation: str) -> str:
        n = self.sc.nations.get(nation)
        return n.name if n is not None else nation

    # A nation's name in a sentence: a people ("Germans", "Japanese", "British": TripleA's
    # players) is plural and takes "the"; a country ("Germany", "UK Pacific") is singular.
    def plural(self, nation: str) -> bool:
        return plural(self.nname(nation))

    def who(self, nation: str) -> str:
        """ "the Germans", "Germany"."""
        return f"the {self.nname(nation)}" if self.plural(nation) else self.nname(nation)

    def whose(self, nation: str) -> str:
        """ "the Germans'", "Germany's"."""
        return (
            f"{self.who(nation)}'"
            if self.plural(nation) and self.nname(nation).endswith("s")
            else f"{self.who(nation)}'s"
        )

    def does(self, nation: str, verb: str) -> str:
        """The nation and ``verb`` (given as with a country: "takes", "is", "has") agreeing:
        "the Germans take", "Germany takes"."""
        if not self.plural(nation):
            return f"{self.who(nation)} {verb}"
        return f"{self.who(nation)} {PLURAL_VERBS.get(verb, verb[:-1] if verb.endswith('s') else verb)}"

    def at_war(self, a: str, b: str) -> bool:
        return a in self.st.nations and b in self.st.nations[a].at_war

    def capitals(self, nation: str) -> tuple[str, ...]:
        n = self.sc.nations[nation]
        declared = self.st.nations[nation].capital
        return (declared,) if declared else n.capitals

    def spaces_of(self, nation: str) -> list[str]:
        return [s for s in self.board.spaces() if self.owner(s) == nation]

    def production_sites(self, nation: str) -> list[str]:
        return [s for s in self.spaces_of(nation) if any(f in PRODUCTION for f in self.st.facilities.get(s, {}))]


# ------------------------------------------------------------------------ not at war (AA7)
def may(cx: Cx, nation: str, activity: str) -> Refusal | None:
    """NEUTRAL NATIONS: NOT AT WAR: "Unless at war with ..., [the nation] may not collect for
    national objectives, collect for oil tankers, recruit conscripts from rail stations, use ...
    tokens, or move into neutral territories."  And income (OCCUPATION OF CAPITAL CITIES)."""
    n = cx.sc.nations[nation]
    naw = n.not_at_war
    if naw and activity in naw["may_not"] and not any(cx.at_war(nation, e) for e in naw["enemies"]):
        enemies = ", ".join(cx.who(e) for e in naw["enemies"])
        what = activity.replace("_", " ")
        return Refusal(
            cap(f"{cx.does(nation, 'is')} not at war with {enemies}: ")
            + f"{'they' if cx.plural(nation) else 'it'} may not "
            + ("move into neutral territories" if activity == "enter_neutral" else what),
            naw["rule"],
        )
    if activity == "income":
        ok, why = income(cx, nation)
        if not ok:
            return Refusal(
                cap(f"{cx.who(nation)} may not collect income: {why}"), n.rule or "OCCUPATION OF CAPITAL CITIES"
            )
    return None


# ----------------------------------------------------------------- capitals and income (AA8)
def income(cx: Cx, nation: str) -> tuple[bool, str]:
    """Whether a nation may collect income now, and why (OCCUPATION OF CAPITAL CITIES)."""
    n, ns = cx.sc.nations[nation], cx.st.nations[nation]
    rule = n.capital_rule
    held = [c for c in n.capitals if cx.owner(c) == nation]
    if rule in ("none", "puppet"):
        return (
            True,
            "no rule stops its income" if rule == "none" else "its capital's fall stops no income (rulings A11)",
        )
    if rule == "exile_to" and ns.absorbed_by:
        return False, f"its territories belong to {cx.who(ns.absorbed_by)} since its capital fell"
    if rule == "relocate":
        if held:
            return True, f"holds {cx.city(held[0])}"
        if ns.capital:
            if cx.owner(ns.capital) == nation:
                return True, f"its capital is now {cx.name(ns.capital)}"
            return False, f"until {cx.name(ns.capital)}, its last capital, is liberated"
        if cx.production_sites(nation):
            return False, "it must first declare a new capital territory with a production facility"
        return False, f"until {cx.city(n.capitals[0])} is liberated (no production facility left)"
    if rule == "twin":
        if held:
            return True, f"holds {', '.join(cx.city(c) for c in held)}" + (
                " (the lone capital)" if len(held) < len(n.capitals) else ""
            )
        return False, "until " + " or ".join(cx.city(c) for c in n.capitals) + " is liberated"
    if held and len(held) == len(n.capitals):
        return True, f"holds {', '.join(cx.city(c) for c in held)}"
    lost = [c for c in n.capitals if c not in held]
    return False, f"until {', '.join(cx.city(c) for c in lost)} is liberated"


def capital_fall(cx: Cx, new: State, nation: str, space: str, captor: str) -> list[str]:
    """What the fall of ``nation``'s capital ``space`` to ``captor`` does (applied to ``new``)."""
    n = cx.sc.nations[nation]
    rule = n.rule or "OCCUPATION OF CAPITAL CITIES"
    out = []
    cash = new.nations[nation].cash
    # every nation: "they must relinquish all cash on hand to the nation that now controls it"
    new.nations[nation].cash = 0
    new.nations.setdefault(captor, type(new.nations[nation])()).cash += cash
    their = "their" if cx.plural(nation) else "its"
    out.append(
        cap(
            f"{cx.does(nation, 'loses')} {cx.city(space)}: {their} {cash} cash on hand goes to {cx.who(captor)} [{rule}]"
        )
    )
    after = Cx(cx.sc, new, cx.board)
    if n.capital_rule == "plain":
        out.append(
            cap(f"{cx.who(nation)} may not collect income again until {cx.city(space)} has been liberated [{rule}]")
        )
        if n.note:
            out.append(f"{n.note} [{rule}]")
    elif n.capital_rule == "relocate":
        if new.nations[nation].capital == space:
            out.append(
                cap(
                    f"{cx.does(nation, 'has')} lost the last capital: no income until {cx.name(space)} is liberated [{rule}]"
                )
            )
        else:
            sites = after.production_sites(nation)
            if sites:
                new.pending.append(
                    {
                        "kind": "capital",
                        "nation": nation,
                        "choices": sites,
                        "what": cap(
                            f"{cx.who(nation)} must immediately declare a new capital territory with a production facility"
                        ),
                    }
                )
                out.append(
                    cap(
                        f"{cx.who(nation)} must immediately declare a new capital: one of {', '.join(cx.name(s) for s in sites)} [{rule}]"
                    )
                )
            else:
                out.append(
                    cap(
                        f"{cx.does(nation, 'has')} no production facility left: no income until {cx.city(space)} is liberated [{rule}]"
                    )
                )
    elif n.capital_rule == "twin":
        others = [c for c in n.capitals if c != space and after.owner(c) == nation]
        if others:
            out.append(
                f"{cx.city(others[0])} becomes the lone capital: {cx.does(nation, 'continues')} collecting income [{rule}]"
            )
        else:
            # UNITED STATES (EXILE): read as "controls neither" (rulings A8)
            out += exile(cx, new, nation)
    elif n.capital_rule == "exile_to" and n.absorbed_by:
        to = n.absorbed_by
        moved = [s for s in after.spaces_of(nation)]
        for s in moved:
            new.owners[s] = to
        new.nations[nation].absorbed_by = to
        out.append(
            f"all {cx.whose(nation)} territories now belong to {cx.who(to)} ({len(moved)}); "
            f"{'their' if cx.plural(nation) else 'its'} pieces on the board stay {'theirs' if cx.plural(nation) else 'its own'} "
            f"[{rule}]"
        )
    elif n.capital_rule == "puppet":
        out += puppet(cx, new, nation, captor)
    # Canada / ANZAC: "If Canada loses their capital while in control of the UK Europe economy, the
    # UK must remove all British units on the Europe map"
    if n.guards and new.nations[n.guards].absorbed_by == nation:
        where = cx.sc.map_of(space)
        gone = 0
        for s, units in new.units.items():
            if cx.sc.map_of(s) == where and units.get(n.guards):
                gone += units.pop(n.guards)
        out.append(
            cap(f"{cx.does(nation, 'held')} the {cx.nname(n.guards)} economy:")
            + f" the {gone} {cx.nname(n.guards)} units on the {where} map "
            f"are removed [{rule}]"
        )
    return out


def exile(cx: Cx, new: State, nation: str) -> list[str]:
    """UNITED STATES (EXILE): "all American units on the Europe map become German, and all
    American units on the Pacific map become Japanese"."""
    n = cx.sc.nations[nation]
    moved: dict[str, int] = {}
    for s, units in new.units.items():
        k = units.pop(nation, 0)
        if k:
            to = n.exile_to.get(cx.sc.map_of(s), "")
            if to:
                units[to] = units.get(to, 0) + k
                moved[to] = moved.get(to, 0) + k
    return [
        cap(f"{cx.does(nation, 'controls')} neither")
        + f" {' nor '.join(cx.city(c) for c in n.capitals)}: "
        + ("; ".join(f"{k} units pass to {cx.who(to)}" for to, k in moved.items()) or "it has no units left")
        + f" [{n.rule or 'UNITED STATES (EXILE)'}]"
    ]


def puppet(cx: Cx, new: State, nation: str, captor: str) -> list[str]:
    """ITALY (ROME): the Italian Social Republic, "only if Northern Italy is not Allied controlled";
    then the dice for each sea zone with Italian ships and each Italian territory (rulings A10)."""
    n = cx.sc.nations[nation]
    rule = n.rule or "ITALY (ROME)"
    region, to = n.puppet_region, n.absorbed_by
    if new.nations[nation].isr:
        return []
    if cx.side(Cx(cx.sc, new, cx.board).owner(region)) == "allies":
        return [f"Northern Italy is Allied controlled: no Italian Social Republic [{rule}]"]
    new.nations[nation].isr = True
    new.owners[region] = to
    k = 0
    for units in new.units.values():
        m = units.pop(nation, 0)
        if m:
            units[to] = units.get(to, 0) + m
            k += m
    out = [
        f"the Italian Social Republic is established: {cx.name(region)} and all {k} Italian units on the board pass "
        f"to {cx.who(to)} [{rule}]"
    ]
    after = Cx(cx.sc, new, cx.board)
    for zone, ships in sorted(new.ships.items()):
        if ships.get(nation):
            new.pending.append(
                {
                    "kind": "roll",
                    "what": "sea",
                    "target": zone,
                    "captor": captor,
                    "text": f"the Italian ships in {zone}: Germany against {cx.nname(captor)}",
                }
            )
    for s in after.spaces_of(nation):
        new.pending.append(
            {
                "kind": "roll",
                "what": "territory",
                "target": s,
                "captor": captor,
                "text": f"{cx.name(s)}: Germany against {cx.nname(captor)}",
            }
        )
    rolls = sum(1 for p in new.pending if p["kind"] == "roll")
    out.append(
        f"{rolls} rolls between {cx.nname(to)} and {cx.nname(captor)}: each sea zone with Italian ships and each Italian "
        f"territory [{rule}]"
    )
    return out


def roll(cx: Cx, item: dict, german: int, allied: int) -> tuple[State, list[str]] | Refusal:
    """One of the Italian dice rolls (ITALY (ROME), second and third paragraphs)."""
    rule = cx.sc.nations["italy"].rule if "italy" in cx.sc.nations else "ITALY (ROME)"
    if not (1 <= german <= 6 and 1 <= allied <= 6):
        return Refusal("a die roll is 1 to 6", rule)
    if german == allied:
        return Refusal("a tie: roll again (rulings A10)", rule)
    new = copy.deepcopy(cx.st)
    new.pending = [p for p in new.pending if p != item]
    to = cx.sc.nations["italy"].absorbed_by
    t = item["target"]
    if item["what"] == "sea":
        ships = new.ships.get(t, {})
        k = ships.pop("italy", 0)
        if german > allied:
            ships[to] = ships.get(to, 0) + k
            return new, [f"{t}: Germany rolls higher: the {k} Italian ships become German [{rule}]"]
        return new, [f"{t}: the Allies roll higher: the {k} Italian ships are removed [{rule}]"]
    if german > allied:
        new.owners[t] = to
        units = new.units.get(t, {})
        k = units.pop("italy", 0)
        if k:
            units[to] = units.get(to, 0) + k
        return new, [
            f"{cx.name(t)}: Germany rolls higher: the territory, its Italian units and facilities become German [{rule}]"
        ]
    if t not in new.limbo:
        new.limbo.append(t)
    new.units.get(t, {}).pop("italy", None)
    for f in new.facilities.get(t, {}):
        new.facilities[t][f] = "max_damage"
    return new, [
        f"{cx.name(t)}: the Allies roll higher: it stays Italian with its value in limbo; its Italian units are removed "
        f"and its facilities max damaged [{rule}]"
    ]


def declare_capital(cx: Cx, nation: str, space: str) -> tuple[State, list[str]] | Refusal:
    n = cx.sc.nations[nation]
    rule = n.rule or "SOVIET UNION (MOSCOW)"
    item = next((p for p in cx.st.pending if p["kind"] == "capital" and p["nation"] == nation), None)
    if item is None:
        return Refusal(cap(f"{cx.does(nation, 'has')} no new capital to declare"), rule)
    if cx.owner(space) != nation or space not in cx.production_sites(nation):
        return Refusal(
            f"{cx.name(space)} is not a {n.name} territory with a production facility "
            f"(choose one of {', '.join(cx.name(s) for s in cx.production_sites(nation))})",
            rule,
        )
    new = copy.deepcopy(cx.st)
    new.pending = [p for p in new.pending if p != item]
    new.nations[nation].capital = space
    return new, [cap(f"{cx.does(nation, 'declares')} {cx.name(space)} the new capital (the last) [{rule}]")]


# ---------------------------------------------------------------------- neutral blocks (AA3)
def block_switch(cx: Cx, new: State, space: str, attacker: str) -> list[str]:
    """NEUTRAL BLOCKS: an attack on a strict neutral of a block turns "all remaining standing
    armies in [the block] ... and the territories they're on" to the block's nation for the
    attacker's side (applied to ``new``; the attacked territory is one of them: rulings A5)."""
    info = cx.st.neutrals.get(space)
    if info is None or info["kind"] != "strict" or not info["block"]:
        return []
    b = cx.sc.blocks[info["block"]]
    to = b.allied_attack if cx.side(attacker) == "allies" else b.axis_attack
    switched = []
    for s, t in sorted(cx.st.neutrals.items()):
        if t["block"] != b.id:
            continue
        new.neutrals.pop(s, None)
        new.owners[s] = to
        if t["army"]:
            new.units.setdefault(s, {})[to] = new.units.get(s, {}).get(to, 0) + t["army"]
        switched.append(s)
    return [
        cap(f"{cx.does(attacker, 'attacks')} {cx.name(space)}, a strict neutral of block {b.name}: the remaining ")
        + f"standing armies of {b.name} and their territories pass to {cx.who(to)} "
        f"({', '.join(cx.name(s) for s in switched)}) [{b.rule}]"
    ]


def block_forecast(cx: Cx, block: str) -> str:
    b = cx.sc.blocks[block]
    left = [s for s, t in cx.st.neutrals.items() if t["block"] == block]
    if not left:
        return f"{b.name}: no standing army left"
    return (
        f"{b.name}: {len(left)} standing armies ({', '.join(cx.name(s) for s in sorted(left))}); an Allied attack on a strict "
        f"neutral hands them to {cx.who(b.allied_attack)}, an Axis attack to {cx.who(b.axis_attack)}"
    )


# ------------------------------------------------------------------ taking a territory (AA8)
def not_land(cx: Cx, space: str) -> Refusal | None:
    """A sea zone or an impassable territory (an imported TripleA board's ``sea``, ``impassable``):
    neither is taken, attacked nor claimed (rulings A28)."""
    attrs = cx.board.space(space).attrs
    if attrs.get("sea"):
        return Refusal(f"{cx.name(space)} is a sea zone: no one holds it, it is not taken", "rulings A28")
    if attrs.get("impassable"):
        return Refusal(f"{cx.name(space)} is impassable: no unit enters it", "rulings A28")
    return None


def take(cx: Cx, space: str, by: str) -> tuple[State, list[str]] | Refusal:
    """A territory taken by ``by`` (combat won, or an empty one entered): the neutral blocks, the
    not-at-war rule, liberation, and a capital's fall."""
    sc, st = cx.sc, cx.st
    if cx.board.space(space) is None:
        return Refusal(f"{space!r} is not a territory of the map", "")
    no = not_land(cx, space)
    if no is not None:
        return no
    owner = cx.owner(space)
    if owner == by:
        return Refusal(cap(f"{cx.does(by, 'holds')} {cx.name(space)} already"), "")
    new = copy.deepcopy(st)
    before: list[str] = []
    if space in st.neutrals:
        ref = may(cx, by, "enter_neutral")
        if ref is not None:
            return ref
        info = st.neutrals[space]
        if info["kind"] == pro(cx.side(by)):
            return Refusal(
                f"{cx.name(space)} is a {pro(cx.side(by)).replace('_', '-')} neutral: its standing army is claimed "
                "(mapref claim), not attacked",
                "CLAIMING STANDING ARMIES",
            )
        before = block_switch(cx, new, space, by)
        new.neutrals.pop(space, None)
        owner = Cx(sc, new, cx.board).owner(space)
    elif owner is not None and cx.side(owner) != cx.side(by) and not cx.at_war(by, owner):
        return Refusal(
            cap(f"{cx.does(by, 'is')} not at war with {cx.who(owner)}"),
            "NEUTRAL NATIONS: NOT AT WAR (rulings A14, A24)",
        )
    elif owner is not None and cx.side(owner) == cx.side(by):
        return Refusal(f"{cx.name(space)} is held by {cx.who(owner)}, an ally", "")
    to = by
    orig = cx.original(space)
    after: list[str] = []
    if orig is not None and orig != by and cx.side(orig) == cx.side(by):
        # liberated: back to its original owner, or to the nation that absorbed its economy
        # (UNITED KINGDOM (LONDON): "Any originally controlled UK Europe territory which gets liberated
        # after exile (including London) is now absorbed into the Canadian economy.")
        to = new.nations[orig].absorbed_by or orig
        after.append(f"{cx.name(space)} is liberated: it returns to {cx.who(to)}")
    if to == orig:
        new.owners.pop(space, None)
    else:
        new.owners[space] = to
    out = (
        before + [cap(f"{cx.does(by, 'takes')} {cx.name(space)}") + (f" from {cx.who(owner)}" if owner else "")] + after
    )
    if owner is not None and space in cx.capitals(owner) and cx.side(to) != cx.side(owner):
        out += capital_fall(cx, new, owner, space, to)
    # ITALY (ROME): "It won't matter if an Axis nation liberates Rome, Northern Italy will remain the
    # new capital and all units remain German." (nothing is undone when Rome is retaken)
    return new, out


def attack(cx: Cx, space: str, by: str) -> tuple[State, list[str]] | Refusal:
    """An attack declared on a neutral territory (before its result): the neutral blocks."""
    if space not in cx.st.neutrals:
        return Refusal(
            f"{cx.name(space)} is not a neutral territory: record its capture with mapref take", "NEUTRAL BLOCKS"
        )
    ref = may(cx, by, "enter_neutral")
    if ref is not None:
        return ref
    new = copy.deepcopy(cx.st)
    out = block_switch(cx, new, space, by)
    if not out:
        out = [
            cap(f"{cx.does(by, 'attacks')} {cx.name(space)}")
            + f" ({cx.st.neutrals[space]['kind'].replace('_', '-')} neutral): no block changes sides"
        ]
    return new, out


def claim(
    cx: Cx, space: str, by: str, air_transport: bool = False, cargo: list[str] | None = None
) -> tuple[State, list[str]] | Refusal:
    """CLAIMING STANDING ARMIES: "Any land unit may claim a pro-neutral's standing army, however,
    an air transport may land on a pro-neutral territory and claim the standing army if carrying at
    least one regular infantry or elite infantry ON it." (a pro-neutral of the claimant's side: A6)"""
    rule = "CLAIMING STANDING ARMIES"
    info = cx.st.neutrals.get(space)
    if info is None:
        return Refusal(f"{cx.name(space)} has no neutral standing army", rule)
    if info["kind"] != pro(cx.side(by)):
        return Refusal(
            f"{cx.name(space)} is a {info['kind'].replace('_', '-')} neutral: only a {pro(cx.side(by)).replace('_', '-')} "
            f"neutral's army can be claimed by {cx.who(by)}",
            rule,
        )
    ref = may(cx, by, "enter_neutral")
    if ref is not None:
        return ref
    cargo = [c.strip().lower().replace(" ", "_") for c in (cargo or []) if c.strip()]
    if air_transport and not any(c in ("infantry", "regular_infantry", "elite_infantry") for c in cargo):
        return Refusal(
            f"an air transport claims a standing army only carrying at least one regular or elite infantry "
            f"(it carries {', '.join(cargo) or 'nothing'})",
            rule,
        )
    new = copy.deepcopy(cx.st)
    new.neutrals.pop(space)
    new.owners[space] = by
    if info["army"]:
        new.units.setdefault(space, {})[by] = new.units.get(space, {}).get(by, 0) + info["army"]
    how = " by air transport" if air_transport else ""
    return new, [
        cap(f"{cx.does(by, 'claims')} the standing army of {cx.name(space)}{how}: {info['army']} units and the ")
        + f"territory pass to {cx.who(by)} [{rule}]"
    ]


# ---------------------------------------------------------------- production and bases (AA5, AA6)
def build(cx: Cx, space: str, facility: str, by: str) -> tuple[State, list[str]] | Refusal:
    rule = "PRODUCTION ON NEUTRAL TERRITORIES"
    if cx.owner(space) != by:
        # a nation builds in a territory it holds (rulings A27: Axis & Allies' own rule; the house
        # rules limit only neutral territories)
        return Refusal(
            cap(f"{cx.does(by, 'does')} not hold {cx.name(space)}: a nation builds only in its own territory"),
            "rulings A27",
        )
    if cx.original(space) is None and facility in PRODUCTION and facility != "minor_factory":
        # "Minor Factories are the only Production facility allowed on neutral territories regardless of territory value"
        return Refusal(
            f"{cx.name(space)} is a neutral territory: minor factories are the only production facility allowed there",
            rule,
        )
    if facility in cx.st.facilities.get(space, {}):
        return Refusal(f"{cx.name(space)} has a {facility.replace('_', ' ')} already", "")
    new = copy.deepcopy(cx.st)
    new.facilities.setdefault(space, {})[facility] = "ok"
    return new, [cap(f"{cx.does(by, 'builds')} a {facility.replace('_', ' ')} in {cx.name(space)}")]


def rental(cx: Cx, space: str, by: str, ships: int) -> tuple[int, str] | Refusal:
    """NAVAL PORTS ON NEUTRAL TERRITORIES: the cost for ``ships`` and which rate applies."""
    rule = "NAVAL PORTS ON NEUTRAL TERRITORIES"
    r = cx.sc.rental
    if "naval_base" not in cx.st.facilities.get(space, {}):
        return Refusal(f"{cx.name(space)} has no naval base", rule)
    if ships < 1:
        return Refusal(f'a base is rented for ships: 1 ship at least, not {ships} ("for up to 3 ships")', rule)
    per = r.get("ships", 3)
    owner = cx.owner(space)
    payments = -(-ships // per) if ships > 0 else 0  # "for up to 3 ships": each 3 more, another payment (A7)
    if owner == by:
        return r.get("own", 0), "nation owned: unlimited ships"
    if space in cx.st.neutrals:
        kind = cx.st.neutrals[space]["kind"]
        rate, what = (r.get("strict", 6), "strict neutral") if kind == "strict" else (r.get("pro", 3), "pro neutral")
        return rate * payments, f"{what}: {rate} for up to {per} ships, {payments} payment(s)"
    if owner is not None and cx.side(owner) == cx.side(by):
        return r.get("friendly", 0) * payments, f"friendly: {r.get('friendly', 0)} for up to {per} ships"
    return Refusal(f"{cx.name(space)}'s base is held by {cx.who(owner) if owner else 'no one'}, an enemy", rule)


__all__ = [
    "Cx",
    "Refusal",
    "attack",
    "block_forecast",
    "block_switch",
    "build",
    "capital_fall",
    "claim",
    "declare_capital",
    "income",
    "may",
    "rental",
    "roll",
    "take",
]
