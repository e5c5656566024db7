"""The other operations (section 7.1, 7.2), the end of a player turn (section 7, 8 Supply Lines,
9), the referee's record of the decks (section 6) and corrections.

Cards are counts the referee keeps (rulings S28): each operation takes its cards out of the
active player's hand as the Card Quick Reference says (recycled, or removed from the game), and
refuses when the hand holds too few.
"""

from __future__ import annotations

from mapref.rules.ruleset import Ask
from mapref.rules.victory import evaluate
from mapref.rulesets.struggle_for_europe.common import (
    Done,
    Refused,
    bombing_number,
    check_turn,
    hand_size,
    spend,
    tidy,
    who,
)
from mapref.rulesets.struggle_for_europe.context import CONTESTED, Context
from mapref.rulesets.struggle_for_europe.movement import new_deck
from mapref.rulesets.struggle_for_europe.state import PLAYERS, Counter

R_BUILD = "7.2 Operation: Build and Place Army Counters"
R_FORT = "7.2 Operation: Build and Place Fortress Counters (Axis Player Only)"
R_BOMB = "7.2 Operation: Conduct a Strategic Bombing"
R_SUPPLY = "8 Supply Lines"
R_END = "7 Sequence of Play"
# Card Quick Reference: (cards from the hand, of which removed from the game)
BUILD_COST = {1: (1, 0), 2: (2, 1), 3: (3, 1)}
FORT_COST = (2, 1)
BOMB_COST = (2, 0)


def _faction(cx: Context, text: str | None, player: str) -> str:
    mine = cx.sc.player_factions(player)
    if not text:
        if len(mine) == 1:
            return mine[0]
        raise Refused(f"name the faction that builds ({' or '.join(mine)})", R_BUILD)
    t = text.strip().lower()
    f = next((k for k, x in cx.sc.factions.items() if t in (k, x.colour, x.name.lower())), None)
    if f is None:
        raise Refused(f"{text!r} is not a faction ({', '.join(cx.sc.factions)})", R_BUILD)
    if f not in mine:
        raise Refused(f"the {who(player)} player does not build {cx.faction_name(f)} counters", R_BUILD)
    return f


def check_build(cx: Context, faction: str | None, strength: int, where: str) -> Done:
    """ "Place the army counter just built on the game board in a friendly controlled in supply
    location of your choice" (7.2; rulings S18); the Soviets build from the 2nd Allied deck (6);
    the USA box takes Western counters from the 3rd (6 USA Entry, rulings S5)."""
    st = cx.st
    player = st.player
    check_turn(cx, player)
    f = _faction(cx, faction, player)
    if strength not in BUILD_COST:
        raise Refused(f"armies have strength 1, 2 or 3, not {strength}", "3 Game Counters")
    if not cx.faction_active(f):
        fx = cx.sc.factions[f]
        raise Refused(
            f"{fx.name} counters may not be built yet (Allied deck {cx.counters_now()['allied_deck']})",
            fx.active_rule or "6",
        )
    loc = cx.board.parse_location(where)
    why = cx.entry_refusal(f, loc)
    if why:
        raise Refused(why, "3 Game Counters: counters may only be placed in their colours, tan and gray locations")
    if cx.control(loc) != f:
        held = cx.control(loc)
        what = (
            "contested"
            if held == CONTESTED
            else ("neutral" if held is None else f"held by the {cx.faction_name(held)}")
        )
        raise Refused(
            f"{cx.label(loc)} is {what}: a new counter is placed in a location the {cx.faction_name(f)} control",
            R_BUILD,
        )
    if loc.startswith("box:") and not cx.box_active(loc):
        raise Refused(
            f"{cx.label(loc)} is not active yet: its counters enter play from the 3rd Allied play deck", "6 USA Entry"
        )
    t = cx.trace(f)
    if not any(s in t.parent for s in cx.spaces_of(loc)):
        raise Refused(
            f"{cx.label(loc)} is not in supply for the {cx.faction_name(f)}: a new counter is placed in an in "
            "supply location",
            R_BUILD,
        )
    cards, removed = BUILD_COST[strength]
    spend(cx, player, cards, removed, R_BUILD + "; Card Quick Reference", f"building a {strength} strength army")
    c = Counter(st.new_id(cx.sc.factions[f].prefix), f, strength, loc)
    st.counters.append(c)
    st.operations += 1
    cost = "the card recycled" if strength == 1 else f"the card removed from the game, {cards - removed} more recycled"
    return Done(
        st,
        [f"{c.label} built in {cx.label(loc)} ({cost})"] + tidy(cx),
        R_BUILD,
        f"build {cx.faction_name(f)} {strength} in {cx.label(loc)}",
        {"counter": c.id},
    )


def check_fortress(cx: Context, where: str) -> Done:
    """ "Place the fortress counter on the game board in a friendly controlled half of a location of
    your choice. Place the counter in either half of the in-supply location. Only one fortress may
    be in each half of a location." (7.2; rulings S19)"""
    st = cx.st
    player = st.player
    check_turn(cx, player)
    axis = cx.sc.faction_of_colour("gray") or "axis"
    if player != cx.player(axis):
        raise Refused("only the Axis player builds fortresses", R_FORT)
    try:
        space = cx.board.parse(where)
    except ValueError as e:
        loc = cx.board.parse_location(where)
        halves = list(cx.spaces_of(loc))
        raise Refused(
            f"name the half of {cx.label(loc)} the fortress stands in ({', '.join(halves)})",
            R_FORT,
            Ask("where", f"the half of {cx.label(loc)} for the fortress", halves),
        ) from e
    loc = cx.location_of(space)
    if space.startswith("box:"):
        raise Refused("a fortress stands in a half of a location", R_FORT)
    if cx.control(loc) != axis:
        raise Refused(
            f"{cx.label(loc)} is not a location the Axis controls (a contested location's halves are not both "
            "friendly)",
            R_FORT,
        )
    if not any(s in cx.trace(axis).parent for s in cx.spaces_of(loc)):
        raise Refused(f"{cx.label(loc)} is not in supply for the Axis", R_FORT)
    if any(c.fortress and c.at == space for c in st.counters):
        raise Refused(
            f"{cx.label(space)} already has a fortress: only one fortress may be in each half of a location", R_FORT
        )
    spend(cx, player, *FORT_COST, rule=R_FORT + "; Card Quick Reference", what="a fortress")
    c = Counter(st.new_id("F"), axis, 3, space, fortress=True)
    st.counters.append(c)
    st.operations += 1
    return Done(
        st,
        [f"fortress {c.id} built in {cx.label(space)} (the card removed from the game, one more recycled)"],
        R_FORT,
        f"fortress in {cx.label(space)}",
        {"counter": c.id},
    )


def check_bomb(cx: Context) -> Done:
    """Axis play moves the marker one space right, Allied play one space left; "A marker can never
    move off the end of the Strategic Bombing Track" (7.2).  The card and one more recycled."""
    st = cx.st
    player = st.player
    check_turn(cx, player)
    step = 1 if player == "axis" else -1
    new = st.bombing + step
    limit = len(cx.sc.bombing_allied_side) if new > 0 else len(cx.sc.bombing_axis_side)
    if abs(new) > limit:
        raise Refused("the strategic bombing marker is at the end of the track: it cannot move further", R_BOMB)
    spend(cx, player, *BOMB_COST, rule=R_BOMB + "; Card Quick Reference", what="strategic bombing")
    st.bombing = new
    st.operations += 1
    victim = "allies" if new > 0 else "axis"
    n = bombing_number(cx, victim) if new else 0
    where = (
        "the black 0" if new == 0 else f"space {abs(new)} on the {'Allied' if new > 0 else 'Axis'} side (number {n})"
    )
    msgs = [f"the bombing marker moves {'right' if step > 0 else 'left'} to {where}"]
    if new:
        msgs.append(
            f"from the {who(victim)} player's next draw his hand size is cut by {n}; the {who(cx.sc.other(victim))} player "
            f"scores {n} victory point{'s' if n != 1 else ''} from the track"
        )
    return Done(st, msgs, R_BOMB, f"strategic bombing by the {who(player)} player", {})


def check_discard(cx: Context) -> Done:
    st = cx.st
    check_turn(cx, st.player)
    spend(cx, st.player, 1, what="a discard")
    st.operations += 1
    return Done(
        st,
        [f"the {who(st.player)} player discards a card to the recycle pile"],
        "7.2 Operation: Discard a Card",
        f"{st.player} discards a card",
        {},
    )


def check_event(cx: Context, removed: bool, opponent_discards: int, note: str) -> Done:
    """An event card (7.2 Operation: Play Card Event): recycled unless it says otherwise; its map
    effects, if any, are applied by the referee's moves and corrections (rulings S29).  Wolfpack and
    Destroyer Attack make the other player discard cards at random."""
    st = cx.st
    check_turn(cx, st.player)
    spend(cx, st.player, 1, 1 if removed else 0, what="an event")
    msgs = [
        f"the {who(st.player)} player plays an event"
        + (f": {note}" if note else "")
        + (" (the card is removed from the game)" if removed else "")
    ]
    if opponent_discards:
        other = cx.sc.other(st.player)
        c = st.cards[other]
        n = min(opponent_discards, c.hand)
        c.hand -= n
        c.recycle += n
        msgs.append(f"the {who(other)} player discards {n} card{'s' if n != 1 else ''} at random")
    st.operations += 1
    return Done(st, msgs, "7.2 Operation: Play Card Event; Card Quick Reference", f"{st.player} plays an event", {})


def check_pass(cx: Context) -> Done:
    st = cx.st
    check_turn(cx, st.player)
    st.operations += 1
    return Done(st, [f"the {who(st.player)} player passes"], "7.2 Operation: Pass", f"{st.player} passes", {})


# ---------------------------------------------------------------------------------- decks
def check_deck(cx: Context, player: str, deck: int, pile: int | None) -> Done:
    """The referee records that ``player``'s play deck ran out and the next one was made (6): the
    II (then III) chevron cards shuffled with the recycle pile; after the Axis third deck the
    recycle pile alone, "as many times as needed"."""
    st = cx.st
    if st.over:
        raise Refused("the game is over", "9")
    if player not in PLAYERS:
        raise Refused(f"the players are {' and '.join(PLAYERS)}, not {player!r}", "5 Game Setup")
    c = st.cards[player]
    msgs = []
    if deck == c.deck + 1 and deck <= 3:
        new_deck(cx, player, deck)
        msgs.append(
            f"the {who(player)} player's play deck {deck} is made: the {'II' if deck == 2 else 'III'} chevron cards "
            "shuffled with the recycle pile"
        )
        if player == "allies" and deck == 2:
            msgs.append("the Soviets come into play; the Algiers line comes into effect; the Allied hand size is 6")
        if player == "allies" and deck == 3:
            msgs.append("the USA box becomes active and a Western supply location; the Allied hand size is 7")
    elif player == "axis" and deck == 3 and c.deck == 3:
        c.reshuffles += 1
        if c.pile is not None:
            c.pile += c.recycle
        c.recycle = 0
        msgs.append(
            f"the Axis recycle pile is reshuffled into a new play deck (reshuffle {c.reshuffles} after the third deck)"
        )
    else:
        last = (
            "the Allied third deck is the last"
            if player == "allies" and c.deck == 3
            else f"the next is deck {c.deck + 1}"
        )
        raise Refused(f"the {who(player)} player is on deck {c.deck}: {last}", "6 How to Build Decks and Use Cards")
    if pile is not None:
        c.pile = pile
    return Done(st, msgs, "6 How to Build Decks and Use Cards", f"{player} deck {deck}", {})


# ---------------------------------------------------------------------------- end of turn
def unsupplied(cx: Context, player: str) -> dict[str, list[Counter]]:
    """The locations (or halves) whose ``player`` counters trace no supply: location -> counters."""
    out: dict[str, list[Counter]] = {}
    for c in cx.st.counters:
        if cx.player(c.faction) == player and not cx.in_supply(c):
            out.setdefault(c.location, []).append(c)
    return out


def check_end_turn(cx: Context, losses: list[str], last: bool, victory_facts) -> Done:
    """The end of the active player's turn (7): the operations not done are passes; supply is
    checked for his counters, and "counters in a location that cannot trace supply back to their
    supply location, lose one counter a turn, owners' choice" (8 Supply Lines; rulings S25); he
    draws up to his hand size (5.1, 7.2); the 7-point lead is checked (9)."""
    st = cx.st
    player = st.player
    check_turn(cx, player, operation=False)
    if last and not (player == "allies" and st.cards["allies"].deck == 3):
        raise Refused(
            "the game ends when the Allied third deck runs out and the Allied player has no more playable cards: "
            "only at the end of an Allied turn on the third deck",
            "6 GAME END; 9",
        )
    msgs = []
    if st.operations < 2:
        msgs.append(f"the {who(player)} player passes {2 - st.operations} operation{'s' if st.operations == 0 else ''}")
    names = [str(x).strip().lower() for x in losses or []]
    for loc, cs in sorted(unsupplied(cx, player).items()):
        named = [c for c in cs if c.id.lower() in names]
        if len(named) > 1:
            raise Refused(f"{cx.label(loc)} loses one counter a turn, not {len(named)}", R_SUPPLY)
        if named:
            lost = named[0]
        elif len({(c.strength, c.fortress) for c in cs}) == 1:
            lost = cs[0]
        else:
            raise Refused(
                f"the counters in {cx.label(loc)} are out of supply: the {who(player)} player chooses the one to lose "
                f"({', '.join(c.label for c in cs)})",
                R_SUPPLY,
                Ask(
                    "losses",
                    f"out of supply in {cx.label(loc)}: the counter lost",
                    [c.id for c in cs],
                    "Owner's choice (8 Supply Lines).",
                ),
            )
        st.counters.remove(lost)
        msgs.append(f"{lost.label} in {cx.label(loc)} is out of supply and is lost")
        names = [n for n in names if n != lost.id.lower()]
    if names:
        raise Refused(f"{', '.join(names)}: not out of supply now (nothing to lose)", R_SUPPLY)
    msgs += tidy(cx)
    c = st.cards[player]
    limit = hand_size(cx, player)
    want = max(0, limit - c.hand)
    got = want if c.pile is None else min(want, c.pile)
    c.hand += got
    if c.pile is not None:
        c.pile -= got
    msgs.append(
        f"the {who(player)} player draws {got} card{'s' if got != 1 else ''} (hand size {limit}, {c.hand} in hand)"
    )
    if c.pile is not None and got < want:
        msgs.append(f"the {who(player)} play deck ran out: record the next deck (mapref deck)")
    st.operations = 0
    facts = victory_facts(cx, over=last, turn_ended=player)
    result = evaluate(cx.sc.victory, facts)
    if last:
        st.over = True
        msgs.append("the Allied third deck is spent: the game ends (6 GAME END)")
    if result is not None:
        st.over = True
        st.result = {"winner": result["winner"], "condition": result["condition"], "rule": result["rule"]}
        msgs.append(f"game over: the {result['winner']} player wins: {result['condition']} [{result['rule']}]")
    if not st.over:
        st.player = cx.sc.other(player)
        if st.player == cx.sc.first_player:
            st.turn += 1
        msgs.append(f"turn {st.turn}: the {who(st.player)} player's operations")
    return Done(st, msgs, R_END + "; " + R_SUPPLY + "; 9 How to Win the Game", f"end of the {player} turn", {})


# ---------------------------------------------------------------------------- corrections
def check_set(cx: Context, a: dict) -> Done:
    """A referee's correction (rulings S28): cards in a hand or a play deck, a control flag, the
    bombing marker, a counter moved or removed."""
    st = cx.st
    msgs = []
    for key in ("hand", "pile", "recycle"):
        for p, n in (a.get(key) or {}).items():
            if p not in PLAYERS:
                raise Refused(f"the players are {' and '.join(PLAYERS)}, not {p!r}")
            if int(n) < 0:
                raise Refused(f"{key} cannot be negative")
            setattr(st.cards[p], key, int(n))
            msgs.append(f"{p} {key}: {n}")
    for loc_t, f in (a.get("flag") or {}).items():
        loc = cx.board.parse_location(loc_t)
        if f in ("none", "", None):
            st.flags.pop(loc, None)
        elif f in cx.sc.factions:
            st.flags[loc] = f
        else:
            raise Refused(f"{f!r} is not a faction ({', '.join(cx.sc.factions)}) or none")
        msgs.append(f"{cx.label(loc)}: flag {f}")
    if a.get("bombing") is not None:
        b = int(a["bombing"])
        if not -len(cx.sc.bombing_axis_side) <= b <= len(cx.sc.bombing_allied_side):
            raise Refused(
                f"the bombing track runs from -{len(cx.sc.bombing_axis_side)} to {len(cx.sc.bombing_allied_side)}"
            )
        st.bombing = b
        msgs.append(f"bombing marker: {b}")
    for cid in a.get("remove") or []:
        c = st.counter(str(cid))
        if c is None:
            raise Refused(f"no counter {cid}")
        st.counters.remove(c)
        msgs.append(f"{c.label} removed")
    for cid, to in (a.get("at") or {}).items():
        c = st.counter(str(cid))
        if c is None:
            raise Refused(f"no counter {cid}")
        try:
            sp = cx.board.parse(to)
        except ValueError:
            sp = cx.board.parse_location(to)
        c.at = sp
        msgs.append(f"{c.label} now in {cx.label(sp)}")
    if not msgs:
        raise Refused(
            "nothing to set: give --hand/--pile/--recycle PLAYER N, --flag LOCATION FACTION, --bombing N, "
            "--remove COUNTER or --at COUNTER SPACE"
        )
    msgs += tidy(cx)
    return Done(st, msgs, "referee's correction", "set " + "; ".join(msgs[:3]), {})


__all__ = [
    "check_bomb",
    "check_build",
    "check_deck",
    "check_discard",
    "check_end_turn",
    "check_event",
    "check_fortress",
    "check_pass",
    "check_set",
    "unsupplied",
]
