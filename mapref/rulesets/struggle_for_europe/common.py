"""What every action shares: a refusal as a value, the state as one command, tidying the
board after a change (control flags, halves), and the card bookkeeping."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

from mapref.rules.change import Replace
from mapref.rulesets.struggle_for_europe.context import CONTESTED, Context
from mapref.rulesets.struggle_for_europe.state import GameState


class Refused(Exception):
    """An action the rules refuse: the reason and the rule (turned into an Outcome)."""

    def __init__(self, reason: str, rule: str = "", ask=None) -> None:
        super().__init__(reason)
        self.reason, self.rule, self.ask = reason, rule, ask


@dataclass
class Done:
    """What an allowed action does: the new state, a line for each thing, the rules applied."""

    state: GameState
    messages: list[str] = field(default_factory=list)
    rule: str = ""
    label: str = ""
    data: dict = field(default_factory=dict)


def who(player: str) -> str:
    """How messages name a player: "Axis", "Allied"."""
    return {"axis": "Axis", "allies": "Allied"}.get(player, player)


def work(game) -> tuple[Context, GameState]:
    """A copy of the state to work on, and its context (the game is not touched)."""
    st = copy.deepcopy(game.state)
    return Context(game.map, game.scenario, st), st


def tidy(cx: Context) -> list[str]:
    """After every change (sections 2, 3): armies of a location that is no longer contested stand
    in it as a whole (rulings S11); a location held by one faction's counters alone gets that
    faction's flag, unless it is printed in its colour ("Control flags are never placed in
    starting locations if controlled by the starting color counters"), where a flag is removed.
    Returns what changed hands."""
    st = cx.st
    out = []
    for loc in sorted({c.location for c in st.counters}):
        here = cx.counters_in(loc)
        players = {cx.player(c.faction) for c in here}
        if len(players) > 1:
            continue
        for c in here:
            if not c.fortress and "." in c.at:
                c.at = loc
        factions = {c.faction for c in here}
        if len(factions) != 1 or loc.startswith("box:"):
            continue
        f = factions.pop()
        before = st.flags.get(loc) or cx.printed(loc)
        if f == cx.printed(loc):
            st.flags.pop(loc, None)
        else:
            st.flags[loc] = f
        if before != f:
            out.append(
                f"{cx.label(loc)} is now held by the {cx.faction_name(f)}"
                + (f" ({cx.sc.factions[f].flag} flag)" if loc in st.flags and cx.sc.factions[f].flag else "")
            )
    return out


def spend(cx: Context, player: str, cards: int, removed: int = 0, rule: str = "", what: str = "") -> None:
    """Cards leave ``player``'s hand: ``removed`` of them permanently, the rest to the recycle
    pile (Card Quick Reference).  Refused when the hand has fewer ("limited by the number of the
    cards in their hand", section 6)."""
    c = cx.st.cards[player]
    if c.hand < cards:
        raise Refused(
            f"{what or 'this'} needs {cards} card{'s' if cards != 1 else ''} from the {who(player)} hand, "
            f"which holds {c.hand}",
            rule or "6 How to Build Decks and Use Cards",
        )
    c.hand -= cards
    c.removed += removed
    c.recycle += cards - removed


def hand_size(cx: Context, player: str) -> int:
    """The maximum hand size now (section 5.1), less the number under the bombing marker on this
    player's side of the track (section 7.2)."""
    c = cx.st.cards[player]
    base = cx.sc.hands[player][min(c.deck, 3) - 1]
    return max(0, base - bombing_number(cx, player))


def bombing_number(cx: Context, player: str) -> int:
    """The number of the bombing track's space the marker is on, when it is on ``player``'s side
    (it cuts that player's hand and scores for the other: section 2).  The Axis side is left of
    the black 0 (the section 7.2 example), the Allied side right."""
    b = cx.st.bombing
    side = cx.sc.bombing_axis_side if player == "axis" else cx.sc.bombing_allied_side
    k = -b if player == "axis" else b
    return side[k - 1] if 0 < k <= len(side) else 0


def check_turn(cx: Context, player: str | None = None, operation: bool = True) -> None:
    """The game is on, it is this player's turn, no battle waits, and (for an operation) fewer
    than two operations are done (section 7)."""
    st = cx.st
    if st.over:
        raise Refused("the game is over", "9 How to Win the Game")
    if player is not None and player != st.player:
        raise Refused(f"it is the {who(st.player)} player's turn", "7 Sequence of Play")
    if st.battles:
        b = st.battles[0]
        raise Refused(
            f"the battle in {cx.label(b.location)} must be resolved first (enter its result with battle)",
            "7.2 How to Play Operations: each operation must be completed before the next",
        )
    if operation and st.operations >= 2:
        raise Refused(
            f"the {who(st.player)} player has done his two operations: end the turn",
            "7 Sequence of Play: the active player performs any two operations",
        )


def controlled(cx: Context, loc: str, faction: str) -> bool:
    return cx.control(loc) == faction and cx.control(loc) != CONTESTED


__all__ = [
    "Done",
    "Refused",
    "Replace",
    "bombing_number",
    "check_turn",
    "controlled",
    "hand_size",
    "spend",
    "tidy",
    "who",
    "work",
]
