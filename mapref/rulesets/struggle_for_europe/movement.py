"""Moving counters (section 7.2 "Operation: Move an Army Counter").

One move card moves either **some or all counters of one location to adjacent locations** along
the move lines from it (several destinations, possibly several battles), or **one counter through
friendly locations** to a friendly location or the friendly half of a contested one, never into a
battle.  Gray (land) lines need a card with the truck icon, blue (naval) lines one with the naval
transport icon; a naval card also carries a move along land lines (rulings S12).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass

from mapref.core.graph import Connection
from mapref.rules.ruleset import Ask
from mapref.rulesets.struggle_for_europe.common import Done, Refused, check_turn, spend, tidy, who
from mapref.rulesets.struggle_for_europe.context import CONTESTED, MOVE_KINDS, Context
from mapref.rulesets.struggle_for_europe.state import Battle, Counter

R_MOVE = "7.2 Move an Army Counter"
R_CARD = "2 Game Board: move lines (truck icon) and naval move lines (naval transport icon); 7.2"
R_FORT = "3 Fortress Counter: fortresses may not move"
R_SPECIAL = "6 Special Circumstance"
CARDS = ("truck", "naval")


@dataclass
class Leg:
    counters: list[Counter]
    to: str  # the destination as given
    line: Connection | None = None  # the Connection used (adjacent moves)
    entered: str = ""  # the half (or box) the line enters


def origin_spaces(cx: Context, loc: str, player: str) -> tuple[str, ...]:
    """The spaces a player's counters leave a location from: every half, or only its own half of
    a contested location (rulings S13), or the box."""
    if cx.contested(loc):
        h = cx.half_of(loc, player)
        return (h,) if h else ()
    return cx.spaces_of(loc)


def lines_out(cx: Context, spaces, card: str | None):
    """(connection, from space, to space) for every move line in effect leaving ``spaces`` in its
    direction, usable with ``card`` (None: any)."""
    out = []
    for s in spaces:
        for c in cx.graph.out_edges(s, MOVE_KINDS):
            if not cx.edge_active(c):
                continue
            if card == "truck" and c.kind != "land":
                continue
            out.append((c, s, c.other(s)))
    return out


def pick_counters(cx: Context, here: list[Counter], wanted: list[str], taken: set[str], loc: str) -> list[Counter]:
    """Counters named by id ("W3") or by strength ("2": one counter of strength 2 not yet taken)."""
    out = []
    for w in wanted:
        w = str(w).strip()
        if not w:
            continue
        if w.isdigit():
            c = next((x for x in here if x.strength == int(w) and not x.fortress and x.id not in taken), None)
            if c is None:
                raise Refused(f"no other counter of strength {w} to move in {cx.label(loc)}", R_MOVE)
        else:
            c = next((x for x in here if x.id.lower() == w.lower()), None)
            if c is None:
                raise Refused(f"no counter {w} of the moving side in {cx.label(loc)}", R_MOVE)
            if c.id in taken:
                raise Refused(f"{c.id} is named twice", R_MOVE)
        taken.add(c.id)
        out.append(c)
    return out


def check_move(cx: Context, frm: str, legs: list[dict], card: str, via: list[str] | None = None) -> Done:
    st = cx.st
    player = st.player
    check_turn(cx, player)
    if card not in CARDS:
        raise Refused(f"the move card is a truck or a naval card, got {card!r}", R_CARD)
    loc = cx.board.parse_location(frm)
    here = [c for c in cx.counters_in(loc) if cx.player(c.faction) == player]
    if not here:
        raise Refused(f"no {who(player)} counters in {cx.label(loc)}", R_MOVE)
    plan = _plan(cx, loc, here, legs)
    for leg in plan:
        if not leg.counters:
            raise Refused(f"no counters left in {cx.label(loc)} to move to {leg.to}", R_MOVE)
        for c in leg.counters:
            _may_move(cx, c)
    dests = [_dest_or_none(cx, leg.to) for leg in plan]
    if loc in dests:
        raise Refused(f"the counters are already in {cx.label(loc)}", R_MOVE)
    if len(set(dests)) != len(dests):
        raise Refused("name each destination once (all the counters going there in one group)", R_MOVE)
    starts = origin_spaces(cx, loc, player)
    adjacent = all(_adjacent_line(cx, leg, starts, card=None, probe=True) for leg in plan)
    if via and not (len(plan) == 1 and len(plan[0].counters) == 1):
        raise Refused("only one counter moves through several locations (--via)", R_MOVE)
    if not adjacent or via:
        return _not_adjacent(cx, loc, starts, plan, card, via)
    return _adjacent_move(cx, loc, starts, plan, card)


def _plan(cx: Context, loc: str, here: list[Counter], legs: list[dict]) -> list[Leg]:
    """The move's legs: the counters named for each destination (none named: all but fortresses)."""
    taken: set[str] = set()
    plan: list[Leg] = []
    for leg in legs or [{"to": "", "counters": []}]:
        if not leg.get("to"):
            raise Refused("give where the counters move to", R_MOVE)
        names = list(leg.get("counters") or [])
        cs = (
            pick_counters(cx, here, names, taken, loc)
            if names
            else [c for c in here if not c.fortress and c.id not in taken]
        )
        taken |= {c.id for c in cs}
        plan.append(Leg(cs, leg["to"]))
    return plan


def _may_move(cx: Context, c: Counter) -> None:
    """Refused: a fortress (7.2), a faction not yet in play, a counter in a box not yet active (6)."""
    if c.fortress:
        raise Refused(f"{c.id} is a fortress: fortresses may not be moved from the half they are built in", R_FORT)
    if not cx.faction_active(c.faction):
        f = cx.sc.factions[c.faction]
        raise Refused(
            f"{f.name} counters may not move yet (on Allied deck {cx.counters_now()['allied_deck']})",
            f.active_rule or "6 How to Build Decks and Use Cards",
        )
    if not cx.box_active(c.at):
        raise Refused(
            f"the counters in {cx.label(c.at)} are not active yet: they can move from the shuffle for the "
            "3rd Allied play deck",
            "6 USA Entry",
        )


def _not_adjacent(cx: Context, loc: str, starts, plan: list[Leg], card: str, via: list[str] | None) -> Done:
    """A destination no move line from here reaches, or a way named (--via): one counter may move
    through friendly locations (7.2); a half its line does not enter is named (R_HALF)."""
    bad = next((leg for leg in plan if not _adjacent_line(cx, leg, starts, card=None, probe=True)), plan[0])
    hint = None if via else _half_hint(cx, loc, starts, bad)
    if len(plan) == 1 and len(plan[0].counters) == 1:
        try:
            return _path_move(cx, loc, starts, plan[0], card, via or [])
        except Refused:
            if hint is None:
                raise
            raise Refused(hint, R_HALF) from None
    if hint is not None:
        raise Refused(hint, R_HALF)
    raise Refused(
        f"{cx.label(_dest_or_none(cx, bad.to))} is not next to {cx.label(loc)} along a move line in effect; "
        "only one counter may move "
        "through several locations",
        R_MOVE,
    )


R_HALF = "8 How to Have and Resolve Battle: the half of the location that the attacker's move line enters"


def _half_hint(cx: Context, loc: str, starts, leg: Leg) -> str | None:
    """When ``leg`` names a half its location's lines from here do not enter (``move ruhr
    sedan.w``): which half they enter, or None."""
    try:
        dloc, dspace = _dest(cx, leg.to)
    except ValueError:
        return None
    if dspace is None:
        return None
    entered = sorted({n for _, _, n in lines_out(cx, starts, None) if cx.location_of(n) == dloc})
    if not entered or dspace in entered:
        return None
    return (
        f"the move line from {cx.label(loc)} enters {cx.label(dloc)} by {' or '.join(entered)}, not {dspace}: counters "
        f"enter the half their move line enters"
    )


def _dest_or_none(cx: Context, text: str) -> str:
    try:
        return _dest(cx, text)[0]
    except ValueError as e:
        raise Refused(str(e), R_MOVE) from None


def _dest(cx: Context, text: str) -> tuple[str, str | None]:
    """(location, half space or None) of what a user typed."""
    t = text.strip()
    try:
        sp = cx.board.parse(t)
        return cx.location_of(sp), sp
    except ValueError:
        return cx.board.parse_location(t), None


def _adjacent_line(cx: Context, leg: Leg, starts, card: str | None, probe: bool = False):
    try:
        dloc, dspace = _dest(cx, leg.to)
    except ValueError as e:
        if probe:
            return None
        raise Refused(str(e), R_MOVE) from None
    options = [
        (c, s, n)
        for c, s, n in lines_out(cx, starts, None)
        if cx.location_of(n) == dloc and (dspace is None or n == dspace)
    ]
    if probe:
        return options or None
    if not options:
        return None
    usable = [o for o in options if card != "truck" or o[0].kind == "land"]
    if not usable:
        return options[0], "naval"
    entered = {n for _, _, n in usable}
    if len(entered) > 1:
        raise Refused(
            f"several lines lead into {cx.label(dloc)}: name the half ({', '.join(sorted(entered))})",
            R_MOVE,
            Ask("to", f"the half of {cx.label(dloc)} to enter", sorted(entered)),
        )
    return usable[0], ""


def _adjacent_move(cx: Context, loc: str, starts, plan: list[Leg], card: str) -> Done:
    st = cx.st
    player = st.player
    enemy = cx.sc.other(player)
    msgs: list[str] = []
    battles: list[Battle] = []
    before = {lid: cx.control(lid) for lid in {cx.location_of(_dest(cx, leg.to)[0]) for leg in plan}}
    occupants = {lid: [c for c in cx.counters_in(lid) if cx.player(c.faction) == enemy] for lid in before}
    red_entered = []
    for leg in plan:
        got, need = _adjacent_line(cx, leg, starts, card)
        if need == "naval":
            raise Refused(
                f"{cx.label(loc)} - {cx.label(cx.location_of(got[2]))} is a naval move line: it needs a card with "
                "the naval transport icon, not a truck",
                R_CARD,
            )
        conn, _, entered = got
        leg.line, leg.entered = conn, entered
        dloc = cx.location_of(entered)
        for c in leg.counters:
            why = cx.entry_refusal(c.faction, dloc)
            if why:
                raise Refused(
                    why,
                    "3 Game Counters; 7.2 Move: blue may not enter red, and red may not enter blue controlled locations",
                )
        msgs.append(_enter(cx, loc, leg, before[dloc], occupants[dloc], battles))
        printed = cx.printed(dloc)
        if player == "axis" and printed and cx.sc.factions[printed].player != player:
            red_entered.append(dloc)
    for b in battles:
        st.battles.append(b)
    # "The attacker must have a card available to use for its air power value" (7.2; 8 Examples:
    # "The player must have two available cards in their hand"): the move card and one per battle
    hand = st.cards[player].hand
    if hand < 1 + len(battles):
        raise Refused(
            f"this move needs {1 + len(battles)} cards in the {who(player)} hand (the move card and an air power card "
            f"for each battle), which holds {hand}",
            "7.2 Move; 8 Examples",
        )
    spend(cx, player, 1, what="a move")
    st.operations += 1
    msgs += special_circumstance(cx, red_entered)
    msgs += tidy(cx)
    labels = "; ".join(f"{cx.label(loc)} -> {cx.label(leg.entered)}" for leg in plan)
    rule = R_MOVE + ("; 8 How to Have and Resolve Battle" if battles else "")
    return Done(st, msgs, rule, f"move {labels}", {"battles": [b.location for b in battles]})


def _enter(cx: Context, loc: str, leg: Leg, control, foes: list[Counter], battles: list[Battle]) -> str:
    """One leg's counters enter the location their line leads to (7.2; 8): into their own half of
    a contested location, into a battle (appended to ``battles``), or taking it; what happened."""
    player = cx.st.player
    entered = leg.entered
    dloc = cx.location_of(entered)
    word = f"{', '.join(c.label for c in leg.counters)}: {cx.label(loc)} -> {cx.label(entered)}"
    if control == CONTESTED:
        if entered == cx.half_of(dloc, player):
            for c in leg.counters:
                c.at = entered
            return f"{word}, into the friendly half of contested {cx.label(dloc)} (no battle)"
        battles.append(_battle(cx, leg, entered, [c for c in foes if c.at == entered], player))
        return f"{word}: battle in {cx.label(entered)} with only the counters of that half"
    if foes:
        defenders = [c for c in foes if not c.fortress or c.at == entered]
        if not defenders:  # a fortress alone in the other half defends its location (rulings S21)
            defenders = list(foes)
        battles.append(_battle(cx, leg, entered, defenders, player))
        return f"{word}: battle in {cx.label(entered)}"
    for c in leg.counters:
        c.at = dloc
    if control is not None and cx.player(control) == player:
        return word
    held = "neutral" if control is None else f"held by the {cx.faction_name(control)}"
    return f"{word}: {cx.label(dloc)} ({held}, unoccupied) is taken without battle"


def _battle(cx: Context, leg: Leg, entered: str, defenders: list[Counter], player: str) -> Battle:
    conn = leg.line
    if conn is None:  # (a move into a battle is along a move line: _plan gives each leg its line)
        raise ValueError(f"a battle in {entered} entered by no move line")
    values = conn.attrs.get("defence")  # the line's defence value at each end (a half: its value)
    defence = values.get(entered, 0) if isinstance(values, Mapping) else 0
    for c in leg.counters:
        c.at = entered
    return Battle(
        entered,
        player,
        [c.id for c in leg.counters],
        [c.id for c in defenders],
        line=str(conn.attrs.get("line", "")),
        origin=conn.other(entered),
        defence=int(defence),
        kind="move",
    )


def special_circumstance(cx: Context, entered: list[str]) -> list[str]:
    """Section 6: "If the Axis player enters a red location prior to the Allied starting play deck
    running out of cards, the Allied player will immediately shuffle in their two chevron cards
    ... and the Soviets allies come into play" (the printed colour, whatever the battle's outcome:
    rulings S16)."""
    st = cx.st
    allies = st.cards["allies"]
    soviet = cx.sc.faction_of_colour("red")
    reds = [loc for loc in entered if cx.printed(loc) == soviet]
    if not reds or allies.deck != 1:
        return []
    new_deck(cx, "allies", 2)
    return [
        f"the Axis entered {cx.label(reds[0])}, a red location, on the first Allied deck: the Allies shuffle in their "
        f"II cards at once (Allied deck 2) and the Soviets come into play [{R_SPECIAL}]"
    ]


def new_deck(cx: Context, player: str, deck: int) -> None:
    c = cx.st.cards[player]
    if c.pile is not None:
        sizes = cx.sc.decks.get(player)
        c.pile += c.recycle + (sizes[deck - 1] if sizes else 0)
    c.recycle = 0
    c.deck = deck


def _path_move(cx: Context, loc: str, starts, leg: Leg, card: str, via: list[str]) -> Done:
    """Section 7.2 "Army Movement Between Non-Adjacent Locations": "One army counter (any
    strength) can move to any friendly controlled location or friendly half of a contested
    location ... the army must be able to trace a set of movement lines through the friendly half
    of a contested location and/or friendly controlled locations."""
    st = cx.st
    c = leg.counters[0]
    try:
        dloc, dspace = _dest(cx, leg.to)
    except ValueError as e:
        raise Refused(str(e), R_MOVE) from None
    why = cx.entry_refusal(c.faction, dloc)
    if why:
        raise Refused(
            why, "3 Game Counters; 7.2: blue may not enter red, and red may not enter blue controlled locations"
        )
    if not any(cx.holds_space(c.faction, s) for s in cx.spaces_of(dloc)):
        raise Refused(
            f"{cx.label(dloc)} is not friendly to the {cx.faction_name(c.faction)}: one counter moving through "
            "several locations ends in a friendly location or the friendly half of a contested one (no battle)",
            R_MOVE + ": Army Movement Between Non-Adjacent Locations",
        )
    targets = {
        s
        for s in cx.spaces_of(dloc)
        if cx.holds_space(c.faction, s) and (dspace is None or s == dspace or not cx.contested(dloc))
    }
    stops = []
    for v in via:
        try:
            vloc = cx.board.parse_location(v)
        except ValueError as e:
            raise Refused(str(e), R_MOVE) from None
        stops.append({s for s in cx.spaces_of(vloc) if cx.holds_space(c.faction, s)} or {f"?{vloc}"})
    path = _search_via(cx, c.faction, starts, stops + [targets], card)
    if path is None:
        other = _search_via(cx, c.faction, starts, stops + [targets], "naval") if card == "truck" else None
        if other is not None:
            raise Refused(
                f"the only way from {cx.label(loc)} to {cx.label(dloc)} through friendly locations crosses a naval "
                "move line: it needs a card with the naval transport icon, not a truck",
                R_CARD,
            )
        through = f" by {', '.join(cx.label(cx.board.parse_location(v)) for v in via)}" if via else ""
        raise Refused(
            f"no chain of move lines from {cx.label(loc)} to {cx.label(dloc)}{through} through locations friendly to the "
            f"{cx.faction_name(c.faction)} (or the friendly half of contested ones)",
            R_MOVE + ": Army Movement Between Non-Adjacent Locations",
        )
    end = path[-1]
    c.at = end if cx.contested(dloc) else dloc
    spend(cx, st.player, 1, what="a move")
    st.operations += 1
    msgs = [f"{c.label}: {' -> '.join(_path_words(cx, path))} (no battle)"]
    msgs += tidy(cx)
    return Done(
        st,
        msgs,
        R_MOVE + ": Army Movement Between Non-Adjacent Locations",
        f"move {c.id} {cx.label(loc)} -> {cx.label(end)}",
        {"path": path},
    )


def _path_words(cx: Context, path: list[str]) -> list[str]:
    out: list[str] = []
    for s in path:
        loc = cx.location_of(s)
        word = cx.label(s) if cx.contested(loc) else cx.label(loc)
        if not out or out[-1] != word:
            out.append(word)
    return out


def _search_via(cx: Context, faction: str, starts, legs: list[set[str]], card: str) -> list[str] | None:
    """A chain through each set of spaces in turn (the locations a player names with ``via``)."""
    out: list[str] = []
    here = tuple(starts)
    for targets in legs:
        got = _search(cx, faction, here, targets, card)
        if got is None:
            return None
        out += got if not out else got[1:]
        here = (got[-1],)
    return out


def _search(cx: Context, faction: str, starts, targets: set[str], card: str) -> list[str] | None:
    """The shortest chain of spaces from ``starts`` to one of ``targets`` through spaces friendly
    to ``faction``, along lines in effect in their direction (and between the halves of a
    friendly location); None when there is none."""
    parent: dict[str, str | None] = {s: None for s in starts}
    todo = deque(starts)
    while todo:
        s = todo.popleft()
        if s in targets:
            out = [s]
            p = parent[s]
            while p is not None:
                out.append(p)
                p = parent[p]
            return out[::-1]
        for conn in cx.graph.out_edges(s):
            n = conn.other(s)
            if n in parent or not cx.edge_active(conn):
                continue
            if conn.kind == "half" or conn.kind == "land" or (conn.kind == "naval" and card == "naval"):
                if cx.holds_space(faction, n) and not cx.entry_refusal(faction, cx.location_of(n)):
                    parent[n] = s
                    todo.append(n)
    return None


__all__ = ["CARDS", "check_move", "lines_out", "new_deck", "origin_spaces", "special_circumstance"]
