"""The front-token card game's rules as pure functions of scenario and state
(``shared/seeds/001_d2451f0fedbbc099.txt``; each rule cites its heading, each reading is a
ruling F1-F12 in docs/rulings.md).  Nothing here changes a state: :mod:`.ruleset` turns what
these functions say into commands."""

from __future__ import annotations

import copy

from mapref.rulesets.fronts.data import PHASES, SIDES, TYPES, Card, Hand, Scenario, State, parse_card


def other(side: str) -> str:
    return SIDES[1 - SIDES.index(side)]


def holds_all(sc: Scenario, st: State, side: str, front: str) -> bool:
    return st.tokens.get(front, {}).get(side, 0) == sc.tokens


def total(st: State, side: str) -> int:
    return sum(t.get(side, 0) for t in st.tokens.values())


# ------------------------------------------------------------------------------- set-up
def new_state(sc: Scenario, scenario_ref: str = "", map_ref: str = "") -> State:
    """SETUP: "Both players shuffle their decks. Both players control two tokens from each of the
    3 Fronts."  The year is the first (HISTORY PHASE: "The starting year is 1939")."""
    st = State(scenario_ref or sc.id, map_ref or sc.map, sc.first_year, "history")
    st.tokens = {
        f: dict(sc.setup.get(f, {"germans": sc.tokens // 2, "allies": sc.tokens - sc.tokens // 2})) for f in sc.fronts
    }
    st.hands = {s: Hand(deck=sc.deck_size.get(s, 0)) for s in SIDES}
    return st


# ------------------------------------------------------------------------------ drawing
def draw_count(sc: Scenario, st: State, side: str) -> tuple[int, list[str]]:
    """DRAW TABLE: the year's number and its modifiers, each spelled out."""
    row = sc.draw.get(st.year, {})
    n = row.get(side, 0)
    terms = [f"{n} for {st.year} (DRAW TABLE)"]
    for m in sc.modifiers:
        if m.side != side:
            continue
        if m.holds_all and holds_all(sc, st, side, m.holds_all):
            n += m.cards
            terms.append(f"{m.cards:+d}: all {sc.tokens} {sc.fronts[m.holds_all].name} tokens ({m.why})")
        elif m.total_side and total(st, m.total_side) >= m.at_least:
            # "The Germans get -1 if the Allies control 9 total tokens": 9 or more (rulings F5)
            n += m.cards
            terms.append(f"{m.cards:+d}: the {m.total_side} control {total(st, m.total_side)} tokens ({m.why})")
    return max(0, n), terms


def draw(h: Hand, n: int) -> tuple[Hand, str]:
    """Draw ``n`` cards: "If a deck runs out, shuffle the discard and draw from it." (PRODUCTION
    PHASE).  A player who has drawn every card there is draws no more (rulings F10)."""
    h = copy.deepcopy(h)
    first = min(n, h.deck)
    h.deck -= first
    h.hand += first
    note = ""
    rest = n - first
    if rest > 0 and h.discard:
        h.deck, h.discard = h.discard, 0
        h.played = []  # the played cards are back in the draw pile
        more = min(rest, h.deck)
        h.deck -= more
        h.hand += more
        note = " (the deck ran out: the discard pile was shuffled and drawn from)"
        rest -= more
    if rest > 0:
        note += f" ({rest} fewer: no card left to draw)"
    return h, note


def discard(h: Hand, n: int) -> Hand:
    h = copy.deepcopy(h)
    n = min(n, h.hand)
    h.hand -= n
    h.discard += n
    return h


# ------------------------------------------------------------------------------- phases
def skip_reason(sc: Scenario, st: State, front: str) -> str:
    """Why a front's phase is skipped this turn, or ""."""
    if front not in sc.fronts_of(st.year):
        note = sc.draw.get(st.year, {}).get("note", "")
        return f"{st.year}: {note or 'not fought this year'} (DRAW TABLE; rulings F3)"
    f = sc.fronts[front]
    if f.skip_if_all and holds_all(sc, st, f.skip_if_all, front):
        # WEST FRONT PHASE / EAST FRONT PHASE: "If the German player controls all 4 ... tokens, skip this phase."
        return f"the {f.skip_if_all} control all {sc.tokens} {f.name} tokens ({f.name.upper()} PHASE)"
    return ""


def next_step(sc: Scenario, st: State) -> tuple[int, str]:
    """(year, phase) after the current phase, the skipped front phases passed over (TURN
    SEQUENCE); ``(year, "over")`` after the last year's last phase (VICTORY)."""
    i = PHASES.index(st.phase)
    for p in PHASES[i + 1 :]:
        if p in sc.fronts and skip_reason(sc, st, p):
            continue
        return st.year, p
    if st.year >= sc.last_year:
        return st.year, "over"
    return st.year + 1, "history"


def skipped_this_turn(sc: Scenario, st: State) -> dict[str, str]:
    return {f: r for f in sc.fronts if (r := skip_reason(sc, st, f))}


# -------------------------------------------------------------------------------- stacks
def split_stack(sc: Scenario, side: str, text: str) -> list[str]:
    """The cards of a stack typed on one line (the window's form): separated by semicolons, new
    lines or commas, a comma being part of a title when the pieces around it make a card
    ("Rommel, the Desert Fox, Africa Korps" is two cards)."""
    out: list[str] = []
    for line in text.replace("\n", ";").split(";"):
        parts = [p.strip() for p in line.split(",")]
        i = 0
        while i < len(parts):
            j = len(parts)
            while j > i + 1 and not _is_card(sc, side, ", ".join(parts[i:j])):
                j -= 1  # the longest run of pieces that names a card
            name = ", ".join(parts[i:j])
            if name:
                out.append(name)
            i = j
    return out


def _is_card(sc: Scenario, side: str, text: str) -> bool:
    try:
        find_card(sc, side, text)
    except ValueError:
        return False
    return True


def find_card(sc: Scenario, side: str, text: str) -> Card:
    """A card a player names: by its title in the side's deck list, or, when the scenario has no
    list for that side (the Allied list is missing: rulings F11), in full notation
    ("Churchill L 2 A"); raises ValueError."""
    deck = sc.decks.get(side, {})
    t = " ".join(text.split())
    if deck:
        low = {k.lower(): c for k, c in deck.items()}
        if t.lower() in low:
            return low[t.lower()]
        try:
            c = parse_card(t)
        except ValueError:
            c = None
        if c is not None and c.title.lower() in low:
            return low[c.title.lower()]
        raise ValueError(f"{t!r} is not a card of the {side}' deck (CARD LIST)")
    c = parse_card(t)
    # CARD LIST NOTATION: a card has a force the card list uses (rulings F13)
    forces = sorted({x.force for d in sc.decks.values() for x in d.values() if x.type})
    if c.type and forces and c.force not in forces:
        raise ValueError(
            f"{t!r}: a card's force is one the card list uses ({' or '.join(map(str, forces))}), not {c.force}"
        )
    return c


def stack_problems(sc: Scenario, st: State, side: str, front: str, cards: list[Card]) -> list[tuple[str, str]]:
    """What makes a played stack illegal: (reason, rule) pairs (empty: legal)."""
    fname = sc.fronts[front].name
    rule = f"{fname.upper()} PHASE"
    out: list[tuple[str, str]] = []
    h = st.hands.get(side, Hand())
    if len(cards) > h.hand:
        out.append((f"{len(cards)} cards played, but the {side} hold {h.hand}", rule))
    seen: set[str] = set()
    for c in cards:
        if c.title in seen:
            out.append((f"{c.title} twice: a deck has one of each card", "THE DECKS"))
        seen.add(c.title)
        if c.title in h.played:
            out.append((f"{c.title} was played this turn already: it is in the discard pile", "THE DECKS; rulings F9"))
        if not c.type:
            out.append(
                (
                    f"{c.title} has no force and no front: it is never played to a front (its use: discarded in the "
                    "Production Phase to draw 3 cards)",
                    "CARD LIST, Notes",
                )
            )
            continue
        if front not in c.fronts:
            out.append(
                (
                    f"{c.title} ({c.text()}) cannot be used in the {fname}: only cards that say they can be used in the "
                    f"{fname} may be played",
                    rule,
                )
            )
        if c.from_year and st.year < c.from_year:
            out.append((f"{c.title} may be played from {c.from_year} ({c.notes}); it is {st.year}", "CARD LIST"))
    for ty, name in TYPES.items():
        n = sum(1 for c in cards if c.type == ty)
        lim = sc.limits.get(ty)
        if lim is not None and n > lim:
            out.append(
                (f"{n} {name} cards: a maximum of {lim} {name} card{'s' if lim != 1 else ''} may be played", rule)
            )
    return out


def force(cards: list[Card]) -> int:
    return sum(c.force for c in cards)


def resolve(sc: Scenario, st: State, front: str, stacks: dict[str, list[Card]]) -> tuple[dict, str, list[str]]:
    """The battle of a front phase: "Both stacks are simultaneously revealed. The player with the
    highest total Force wins. The winner takes one ... front token from his opponent."
    Returns (new tokens of the front, the winner or "", message lines)."""
    fname = sc.fronts[front].name
    totals = {s: force(stacks.get(s, [])) for s in SIDES}
    toks = dict(st.tokens[front])
    lines = [
        f"{fname}, {st.year}: "
        + "; ".join(f"{s} {totals[s]} ({', '.join(c.title for c in stacks.get(s, [])) or 'no card'})" for s in SIDES)
    ]
    if totals["germans"] == totals["allies"]:
        lines.append("a tie: no token changes hands (rulings F1)")
        return toks, "", lines
    win = max(SIDES, key=lambda s: totals[s])
    lose = other(win)
    if toks[lose] == 0:
        lines.append(f"the {win} win, but the {lose} hold no {fname} token: nothing to take (rulings F6)")
        return toks, win, lines
    toks[win] += 1
    toks[lose] -= 1
    lines.append(f"the {win} win and take one {fname} token from the {lose}: {win} {toks[win]}, {lose} {toks[lose]}")
    return toks, win, lines


__all__ = [
    "discard",
    "draw",
    "draw_count",
    "find_card",
    "force",
    "holds_all",
    "new_state",
    "next_step",
    "other",
    "resolve",
    "skip_reason",
    "skipped_this_turn",
    "stack_problems",
    "total",
]
