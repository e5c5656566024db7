"""Battles (section 8 "How to Have and Resolve Battle") and retreats (section 8 "Retreat").

A battle is opened by a move into an enemy-occupied location (or into the enemy half of a
contested one) or by an attack operation in a contested location; the referee then enters what
the players revealed: the attacker's air power value (always one card), the defender's choice
(defend, or retreat before battle), the defender's air power value (at most one card), the
values of battle events, a Defender Reinforce Battle counter, and the counters each side chose
to lose and where the loser retreats.  The referee computes the totals (counter strengths, air
power, events, and the location defence value of the attacker's line), the winner (the defender
wins ties), how many counters each side loses, and checks the choices.
"""

from __future__ import annotations

from mapref.rules.ruleset import Ask
from mapref.rulesets.struggle_for_europe.common import Done, Refused, check_turn, spend, tidy, who
from mapref.rulesets.struggle_for_europe.context import MOVE_KINDS, Context
from mapref.rulesets.struggle_for_europe.movement import origin_spaces
from mapref.rulesets.struggle_for_europe.state import Battle, Counter

R_BATTLE = "8 How to Have and Resolve Battle"
R_RETREAT = "8 Retreat"
R_ATTACK = "7.2 Operation: Attack a Contested Location"
GREAT_COMMANDER = 2  # the card: "Add 2 to your total army strength"


def check_attack(cx: Context, where: str) -> Done:
    """Section 7.2: "If at the start of an operation, both players have army counters contesting
    a location (each occupying half of the location), the active player may attack into the enemy
    occupied half of the location. ... The active player does not play a movement card, the
    attack counts as an operation."  The battle is fought in the defender's half (section 8)."""
    st = cx.st
    player = st.player
    check_turn(cx, player)
    loc = cx.board.parse_location(where)
    if not cx.contested(loc):
        raise Refused(
            f"{cx.label(loc)} is not contested: an attack operation is made only in a location where both "
            "players have counters (move into an enemy location to attack it)",
            R_ATTACK,
        )
    enemy = cx.sc.other(player)
    mine = [c for c in cx.counters_in(loc) if cx.player(c.faction) == player and not c.fortress]
    if not mine:
        raise Refused(
            f"the {who(player)} player has only a fortress in {cx.label(loc)}: fortresses only defend", "7.2 Fortress"
        )
    for c in mine:
        if not cx.faction_active(c.faction):
            raise Refused(
                f"{cx.faction_name(c.faction)} counters may not act yet", cx.sc.factions[c.faction].active_rule
            )
    half = cx.half_of(loc, enemy)
    if half is None:  # (contested: the enemy holds a half of it)
        raise Refused(f"the {who(enemy)} player holds no half of {cx.label(loc)} to attack", R_ATTACK)
    defenders = [c for c in cx.counters_in(loc) if cx.player(c.faction) == enemy and c.at == half]
    if st.cards[player].hand < 1:
        raise Refused(f"an attack needs an air power card, and the {who(player)} hand is empty", "6; 7.2 Attack")
    st.battles.append(
        Battle(half, player, [c.id for c in mine], [c.id for c in defenders], origin=mine[0].at, kind="attack")
    )
    st.operations += 1
    return Done(
        st,
        [
            f"the {who(player)} player attacks {cx.label(half)} with {', '.join(c.label for c in mine)}: enter the battle's "
            "result"
        ],
        R_ATTACK,
        f"attack in {cx.label(loc)}",
        {"battles": [loc]},
    )


# -------------------------------------------------------------------------------- results
def check_battle(cx: Context, where: str, a: dict) -> Done:
    st = cx.st
    if st.over:
        raise Refused("the game is over", "9 How to Win the Game")
    loc = cx.board.parse_location(where)
    b = st.battle_at(loc)
    if b is None:
        waiting = ", ".join(cx.label(x.location) for x in st.battles) or "none"
        raise Refused(f"no battle waits in {cx.label(loc)} (battles waiting: {waiting})", R_BATTLE)
    attacker = b.attacker
    atk = [c for c in (st.counter(i) for i in b.attackers) if c is not None]
    dfn = [c for c in (st.counter(i) for i in b.defenders) if c is not None]
    air_a = a.get("attacker_air")
    if air_a is None:
        raise Refused(
            "the attacker plays one card for its air power value: give its value (--attacker-air N)",
            "8: The attacker plays a card face down for its air power value; 6: if you attack you must always "
            "play an air power card",
        )
    air_a = _int(air_a, "the attacker's air power value")
    spend(cx, attacker, 1, rule=R_BATTLE, what="the attacker's air power card")
    contested = b.kind == "attack" or any(d.at == b.at and not d.fortress for d in dfn)
    if a.get("retreat"):
        return _defender_retreats_before(cx, b, dfn, contested, a)
    return _fight(cx, b, atk, dfn, contested, air_a, a)


def _defender_retreats_before(cx: Context, b: Battle, dfn: list[Counter], contested: bool, a: dict) -> Done:
    """8 Defender Retreats Before Battle: he plays no cards; his counters leave the battle."""
    st = cx.st
    loc = b.location
    if a.get("defender_air") is not None or a.get("defender_bonus") or a.get("reinforce") or a.get("defender_events"):
        raise Refused(
            "a defender who retreats before battle plays no cards",
            R_BATTLE + ": The defender decides if he wants to defend or retreat",
        )
    msgs = _retreat_before(cx, b, dfn, contested, a)
    st.battles.remove(b)
    msgs += tidy(cx)
    return Done(
        st,
        msgs,
        R_RETREAT + ": Defender Retreats Before Battle",
        f"battle in {cx.label(loc)}: the defender retreats before battle",
        {"totals": None},
    )


def _battle_events(cx: Context, b: Battle, a: dict) -> tuple[int, int, int | None]:
    """What the battle events add to each side's total, the cards they and the defender's air
    power cost paid: (attacker's bonus, defender's bonus, defender's air value or None)."""
    attacker = b.attacker
    defender = cx.sc.other(attacker)
    air_d = a.get("defender_air")
    air_d = None if air_d is None else _int(air_d, "the defender's air power value")
    bonus_a = _int(a.get("attacker_bonus", 0), "the attacker's battle events")
    bonus_d = _int(a.get("defender_bonus", 0), "the defender's battle events")
    ev_a = _int(a.get("attacker_events", 1 if bonus_a else 0), "the attacker's battle event cards")
    ev_d = _int(a.get("defender_events", 1 if bonus_d else 0), "the defender's battle event cards") + (
        1 if a.get("reinforce") else 0
    )
    commander = a.get("commander") or []
    commander = [commander] if isinstance(commander, str) else [str(x) for x in commander]
    for x in commander:
        if x not in ("attacker", "defender"):
            raise Refused(
                f"the Great Commander is played by the attacker or the defender, not {x!r}",
                "8 Examples: Great Commander",
            )
    # the Great Commander card: "Add 2 to your total army strength. Only one Great Commander may be
    # played in a battle." (8 Examples; rulings S35).  It is the only Battle Event of the rules that
    # adds to a total (Defender Reinforce Battle brings a counter): every 2 of a side's bonus is
    # one more Great Commander (rulings S37)
    played = commander + ["attacker"] * (bonus_a // GREAT_COMMANDER) + ["defender"] * (bonus_d // GREAT_COMMANDER)
    if len(played) > 1:
        raise Refused(
            "Only one Great Commander may be played in a battle: "
            + " and ".join(f"the {x}" for x in played)
            + " played one (a battle event bonus of 2 is the Great Commander's)",
            "8 Examples: Great Commander (rulings S35, S37)",
        )
    for x in commander:
        if x == "attacker":
            bonus_a, ev_a = bonus_a + GREAT_COMMANDER, ev_a + 1
        else:
            bonus_d, ev_d = bonus_d + GREAT_COMMANDER, ev_d + 1
    if ev_a:
        spend(cx, attacker, ev_a, rule=R_BATTLE, what="the attacker's battle events")
    if air_d is not None or ev_d:
        spend(cx, defender, (1 if air_d is not None else 0) + ev_d, rule=R_BATTLE, what="the defender's cards")
    return bonus_a, bonus_d, air_d


def _fight(
    cx: Context, b: Battle, atk: list[Counter], dfn: list[Counter], contested: bool, air_a: int, a: dict
) -> Done:
    """The defender defends (8): the totals, the losses, the loser's retreat."""
    st = cx.st
    loc = b.location
    attacker = b.attacker
    defender = cx.sc.other(attacker)
    msgs: list[str] = []
    if a.get("reinforce"):
        r = _reinforce(cx, b, dfn, str(a["reinforce"]))
        dfn.append(r)
        msgs.append(f"{r.label} reinforces the battle from {cx.label(r.location)} (Defender Reinforce Battle)")
        r.at = b.at
    bonus_a, bonus_d, air_d = _battle_events(cx, b, a)
    sa = sum(c.strength for c in atk)
    sd = sum(c.strength for c in dfn)
    total_a = sa + air_a + bonus_a
    total_d = sd + (air_d or 0) + b.defence + bonus_d
    winner = attacker if total_a > total_d else defender
    loser = defender if winner == attacker else attacker
    parts_a = [f"counters {sa}", f"air {air_a}"] + ([f"events {bonus_a}"] if bonus_a else [])
    parts_d = (
        [f"counters {sd}"]
        + ([f"air {air_d}"] if air_d is not None else [])
        + ([f"location defence {b.defence}"] if b.defence else [])
        + ([f"events {bonus_d}"] if bonus_d else [])
    )
    msgs.append(
        f"{who(attacker)}: {' + '.join(parts_a)} = {total_a}; {who(defender)}: {' + '.join(parts_d)} = {total_d}: "
        f"the {who(winner)} player wins" + (" (the defender wins ties)" if total_a == total_d else "")
    )
    side_of = {attacker: atk, defender: dfn}
    lose_n = dict(zip((loser, winner), losses(len(side_of[loser]), len(side_of[winner])), strict=True))
    gone = _counters_lost(cx, loc, side_of, lose_n, (loser, winner), [str(x) for x in a.get("losses") or []])
    for c in gone:
        st.counters.remove(c)
    if gone:
        msgs.append("lost: " + ", ".join(f"{c.label} ({who(cx.player(c.faction))})" for c in gone))
    survivors = [c for c in side_of[loser] if c not in gone]
    if loser == defender:
        # the loser retreats from the entire location; a fortress there is eliminated (8 Retreat)
        leaving = survivors + [
            c
            for c in cx.counters_in(loc)
            if cx.player(c.faction) == defender and c not in survivors and (not contested or c.at == b.at)
        ]
        msgs += _retreat(cx, b, leaving, "defender", a, [b.at] if contested else list(cx.spaces_of(loc)))
    else:
        msgs += _retreat(cx, b, survivors, "attacker", a, [])
    st.battles.remove(b)
    msgs += tidy(cx)
    return Done(
        st,
        msgs,
        R_BATTLE + "; " + R_RETREAT,
        f"battle in {cx.label(loc)}: {winner} wins {total_a}-{total_d}"
        if winner == attacker
        else f"battle in {cx.label(loc)}: {winner} holds {total_d}-{total_a}",
        {
            "totals": {attacker: total_a, defender: total_d},
            "winner": winner,
            "losses": {attacker: lose_n[attacker], defender: lose_n[defender]},
        },
    )


def _counters_lost(cx: Context, loc: str, side_of: dict, lose_n: dict, order, chosen: list[str]) -> list[Counter]:
    """The counters each side removes (8): "The loser removes half of his total counters
    (including any fortress) in the battle, rounded up ... The winner removes half of his total
    counters, rounded down, but may never lose more counters than the loser of the battle ...
    Losses are determined before retreat."  The owners choose (``chosen``) where it matters."""
    gone: list[Counter] = []
    for side in order:
        pool = side_of[side]
        named = [c for c in pool if c.id in chosen]
        if len(named) > lose_n[side]:
            raise Refused(
                f"the {who(side)} player loses {lose_n[side]} counter{'s' if lose_n[side] != 1 else ''} in this battle, "
                f"not {len(named)} ({', '.join(c.id for c in named)})",
                R_BATTLE,
            )
        rest = [c for c in pool if c not in named]
        need = lose_n[side] - len(named)
        if need:
            kinds = {(c.strength, c.fortress) for c in rest}
            if len(kinds) == 1 or need == len(rest):
                named += rest[:need]
            else:
                raise Refused(
                    f"the {who(side)} player chooses {need} more counter{'s' if need != 1 else ''} to lose of "
                    f"{', '.join(c.label for c in rest)}",
                    R_BATTLE + ": the players lose counters, not strength",
                    Ask(
                        "losses",
                        f"the {who(side)} player loses a counter in {cx.label(loc)}",
                        [c.id for c in rest],
                        f"The {who(side)} player chooses which of his counters is lost (8: the players lose "
                        f"counters, not strength; the owner chooses).",
                    ),
                )
        gone += named
    unknown = [x for x in chosen if not any(c.id == x for side in order for c in side_of[side])]
    if unknown:
        raise Refused(f"{', '.join(unknown)} did not fight in {cx.label(loc)}", R_BATTLE)
    return gone


def losses(loser: int, winner: int) -> tuple[int, int]:
    """The counters the loser and the winner remove, of ``loser`` and ``winner`` counters in the
    battle (8): "The loser removes half of his total counters (including any fortress) in the
    battle, rounded up ... The winner removes half of his total counters, rounded down, but may
    never lose more counters than the loser of the battle"."""
    lost = (loser + 1) // 2
    return lost, min(winner // 2, lost)


def _int(v, what: str) -> int:
    try:
        n = int(v)
    except (TypeError, ValueError):
        raise Refused(f"{what} is a whole number, got {v!r}", R_BATTLE) from None
    if n < 0:
        raise Refused(f"{what} cannot be negative, got {n}", R_BATTLE)
    return n


def _reinforce(cx: Context, b: Battle, dfn: list[Counter], cid: str) -> Counter:
    """The Defender Reinforce Battle card: "The defender may reinforce the battle location with one
    unit from any adjacent friendly controlled location" (rulings S24)."""
    st = cx.st
    c = st.counter(cid)
    rule = "8 Examples: Defender Reinforce Battle"
    if c is None:
        raise Refused(f"no counter {cid}", rule)
    if cx.player(c.faction) == b.attacker or c in dfn:
        raise Refused(f"{c.id} is not a defending counter outside the battle", rule)
    if c.fortress:
        raise Refused(f"{c.id} is a fortress: fortresses may not move", "3 Fortress Counter")
    if dfn and c.faction not in {d.faction for d in dfn}:
        raise Refused(
            f"{c.id} is {cx.faction_name(c.faction)}: blue and red counters may not be in the same location",
            "3 Game Counters; rulings S24",
        )
    if not cx.faction_active(c.faction):
        raise Refused(f"{cx.faction_name(c.faction)} counters may not move yet", cx.sc.factions[c.faction].active_rule)
    if not cx.box_active(c.at):
        raise Refused(f"the counters in {cx.label(c.at)} are not active yet", "6 USA Entry")
    src = c.location
    if cx.control(src) != c.faction:
        raise Refused(f"{cx.label(src)} is not a location the {cx.faction_name(c.faction)} control", rule)
    reach = [
        n
        for s in origin_spaces(cx, src, cx.player(c.faction))
        for conn in cx.graph.out_edges(s, MOVE_KINDS)
        if cx.edge_active(conn)
        for n in [conn.other(s)]
        if cx.location_of(n) == b.location
    ]
    if not reach:
        raise Refused(f"{cx.label(src)} is not next to {cx.label(b.location)} along a move line", rule)
    return c


def retreat_options(cx: Context, faction: str, player: str, spaces, only_line: str = "") -> dict[str, tuple[str, bool]]:
    """Where counters of ``faction`` may retreat from ``spaces``: location -> (the space they end
    in, whether the line is naval).  "Counters can only retreat to friendly controlled locations
    or to the half of a contested location in which he has counters, via the retreat movement
    line. Counters may not retreat into a neutral location." (8 Retreat): friendly to the
    retreating player (2: "your sides color", "your counters"), the Western and the Soviet Allies
    alike; the colour clause then keeps each Allied faction out of the other's (rulings S8, S36)."""
    out: dict[str, tuple[str, bool]] = {}
    mine = cx.sc.player_factions(player)
    for s in spaces:
        for conn in cx.graph.out_edges(s, MOVE_KINDS):
            if not cx.edge_active(conn):
                continue
            if only_line and str(conn.attrs.get("line", "")) != only_line:
                continue
            n = conn.other(s)
            dloc = cx.location_of(n)
            # 8 Retreat: "(Western allied counters cannot retreat into red locations. Soviet allied
            # counters cannot retreat into blue controlled locations)"; 3: printed colour, control
            # and presence (rulings S8, S36)
            if cx.entry_refusal(faction, dloc):
                continue
            if cx.controller(dloc) == player:
                end = dloc
            elif cx.contested(dloc) and any(cx.holds_space(f, n) for f in mine):
                end = n
            else:
                continue
            naval = conn.kind == "naval"
            if dloc not in out or (out[dloc][1] and not naval):
                out[dloc] = (end, naval)
    return out


def _retreat_before(cx: Context, b: Battle, dfn: list[Counter], contested: bool, a: dict) -> list[str]:
    """Section 8 "Defender Retreats Before Battle": "he places all defending counters(s) into the
    other half of the location that the attacker did not move into using move lines. If it was a
    contested location, he places all defending counter(s) into another (non-neutral) friendly
    controlled location using connecting move lines. If the counter(s) cannot retreat, they do
    battle."  A fortress never retreats: "If counters in a location with a fortress retreat (forced or
    elected), the counters retreat but the fortress is eliminated" (7.2; 8 Retreat), wherever in the
    location it stands (rulings S21).  Counters that cannot retreat are refused the election: the
    battle is fought (S21)."""
    loc = b.location
    defender = cx.sc.other(b.attacker)
    if not contested:
        return _into_the_other_half(cx, b, defender)
    leaving = [c for c in cx.counters_in(loc) if cx.player(c.faction) == defender and c.at == b.at]
    stuck = [c for c in leaving if not c.fortress and not _can_retreat(cx, c, defender, b.at, loc)]
    if stuck or not any(not c.fortress for c in leaving):
        raise Refused(
            f"{', '.join(c.id for c in stuck) or 'a fortress alone'} cannot retreat from {cx.label(loc)} "
            f"(no move line to a friendly location, or a naval line and no card): they do battle; enter the "
            f"battle with the defender's cards",
            R_RETREAT + ": Defender Retreats Before Battle (If the counter(s) cannot retreat, they do battle)",
        )
    return _retreat(cx, b, leaving, "defender", a, [b.at])


def _into_the_other_half(cx: Context, b: Battle, defender: str) -> list[str]:
    """An uncontested location's defenders retreat before battle into its other half (8), the
    location becoming contested; a fortress there is eliminated."""
    st = cx.st
    loc = b.location
    others = [s for s in cx.spaces_of(loc) if s != b.at]
    if not others:
        raise Refused(f"{cx.label(loc)} has no other half: the defenders cannot retreat and do battle", R_RETREAT)
    other = others[0]
    if not any(True for _ in cx.graph.out_edges(other, MOVE_KINDS)):
        # 2: halves "aid in determining ... movements paths ... retreat paths": a half no move
        # line reaches (Lisbon's west, Sevastopol's south) would leave its counters unable to
        # move or trace supply, so it is no retreat (rulings S38)
        raise Refused(
            f"{cx.label(other)} has no move line: the defenders cannot retreat there and do battle",
            R_RETREAT + ": Defender Retreats Before Battle",
        )
    armies = [c for c in cx.counters_in(loc) if cx.player(c.faction) == defender and not c.fortress]
    forts = [c for c in cx.counters_in(loc) if cx.player(c.faction) == defender and c.fortress]
    if not armies:
        raise Refused("a fortress cannot retreat: it does battle", "3 Fortress Counter")
    for c in armies:
        c.at = other
    for f in forts:
        st.counters.remove(f)
    for c in cx.counters_in(loc):
        if c.id in b.attackers:
            c.at = b.at
    out = [f"the {who(defender)} player retreats before battle into {cx.label(other)}: {cx.label(loc)} is contested"]
    out += [
        f"{f.label} cannot retreat and is eliminated (7.2 Fortress: the counters retreat but the fortress is "
        f"eliminated)"
        for f in forts
    ]
    return out


def _can_retreat(cx: Context, c: Counter, player: str, space: str, loc: str) -> bool:
    """May ``c`` retreat from ``space`` (8 Retreat: a move line to a friendly location; across a
    naval line only with a card to discard)?"""
    opts = retreat_options(cx, c.faction, player, [space])
    opts.pop(loc, None)
    return any(not naval or cx.st.cards[player].hand >= 1 for _, naval in opts.values())


def _retreat(cx: Context, b: Battle, leaving: list[Counter], role: str, a: dict, spaces: list[str]) -> list[str]:
    """Move the retreating counters out (8 Retreat), each where the referee says (``retreat_to``:
    "ID=LOCATION" or "LOCATION" entries, in order) or where the only way leads; a counter that
    cannot retreat is eliminated; a fortress is eliminated."""
    st = cx.st
    loc = b.location
    player = b.attacker if role == "attacker" else cx.sc.other(b.attacker)
    out: list[str] = []
    given = [str(x) for x in a.get("retreat_to") or []]
    named = {}
    plain = []
    for g in given:
        if "=" in g:
            k, _, v = g.partition("=")
            named[k.strip().lower()] = v.strip()
        else:
            plain.append(g.strip())
    if role == "attacker" and b.kind == "move":
        spaces, only = [b.at], b.line
        rule = R_RETREAT + ": the attacker, if moving, must retreat using the move line he used to enter the location"
    elif role == "attacker":
        spaces, only = [b.origin], ""
        rule = R_RETREAT + ": a move line that exits the half of the location he is attacking from"
    else:
        only = ""
        rule = R_RETREAT + ": the defender retreats using a move line to a friendly controlled location"
    naval_paid: set[str] = set()
    for c in sorted(leaving, key=lambda x: (x.fortress, x.id)):
        if c.fortress:
            st.counters.remove(c)
            out.append(f"{c.label} cannot retreat and is eliminated (3 Fortress Counter)")
            continue
        opts = retreat_options(cx, c.faction, player, spaces, only)
        opts.pop(loc, None)
        want = named.get(c.id.lower())
        if want is None and plain:
            want = plain[0] if len(plain) == 1 else plain.pop(0)  # one place for all, or one each in order
        if want is not None:
            try:
                wloc = cx.board.parse_location(want)
            except ValueError as e:
                raise Refused(str(e), rule) from None
            if wloc not in opts:
                legal = ", ".join(cx.label(x) for x in opts) or "nowhere"
                raise Refused(
                    f"{c.id} cannot retreat from {cx.label(loc)} to {cx.label(wloc)} (it may retreat to: {legal})", rule
                )
            choice = wloc
        elif len(opts) == 1:
            choice = next(iter(opts))
        elif not opts:
            st.counters.remove(c)
            out.append(
                f"{c.label} cannot retreat and is eliminated (8 Retreat: If you can not retreat you are eliminated)"
            )
            continue
        else:
            raise Refused(
                f"{c.id} must retreat from {cx.label(loc)}: choose where ({', '.join(cx.label(x) for x in opts)})",
                rule,
                Ask(
                    "retreat_to",
                    f"{c.id} retreats from {cx.label(loc)} to",
                    sorted(opts),
                    "The retreating player chooses (8 Retreat).",
                ),
            )
        end, naval = opts[choice]
        if naval and choice not in naval_paid:
            if st.cards[player].hand < 1:
                st.counters.remove(c)
                out.append(f"{c.label} cannot retreat across a naval move line without a naval card and is eliminated")
                continue
            spend(cx, player, 1, rule=R_RETREAT + ": Special", what="a retreat across a naval move line")
            naval_paid.add(choice)
            out.append(f"the {who(player)} player discards a naval move card to retreat across a naval move line")
        c.at = end
        out.append(f"{c.label} retreats to {cx.label(end)}")
    return out


__all__ = ["check_attack", "check_battle", "losses", "retreat_options"]
