"""Struggle for Europe's moves, declared once (mapref.rules.ruleset.Move): the command line's verbs
and their options (docs/format.md "Struggle for Europe"), what the referee's window offers where,
and the method of :class:`~mapref.rulesets.struggle_for_europe.ruleset.StruggleForEurope` that
checks each.

This module imports nothing of the game's rules (``mapref --help`` reads it).
"""

from __future__ import annotations

from mapref.rules.ruleset import Arg, Move
from mapref.rules.vpmoves import MOVES as VP_MOVES

TITLE = "Struggle for Europe"
R = TITLE
PLAYERS = ("axis", "allies")


def legs(items: list[str]) -> list[dict]:
    """``sedan=1,2`` ``antwerp=A4`` ``paris`` -> [{"to": "sedan", "counters": ["1", "2"]}, ...]: where
    counters go and which (by id or strength; none named: all)."""
    out = []
    for it in items:
        to, eq, who_ = it.partition("=")
        out.append({"to": to.strip(), "counters": [x.strip() for x in who_.split(",") if x.strip()] if eq else []})
    return out


def _counts(key: str):
    def convert(pairs: list[list[str]]) -> dict[str, int]:
        try:
            return {p: int(n) for p, n in pairs}
        except ValueError:
            raise ValueError(f"--{key} PLAYER N: N is a whole number") from None

    return convert


def _pairs(pairs: list[list[str]]) -> dict[str, str]:
    return {a: b for a, b in pairs}


MOVES = [
    Move(
        "battle",
        f"{R}: enter a battle's result: the cards' values, losses and retreats",
        "Enter what the players revealed in a battle; the referee computes the totals, the winner and the losses and checks "
        "the retreats (section 8).",
        (
            Arg("at", "space", required=True, metavar="LOCATION"),
            Arg(
                "attacker_air",
                "int",
                flag="--attacker-air",
                metavar="N",
                help="the attacker's air power card value (required)",
            ),
            Arg("retreat", "bool", flag="--defender-retreats", help="the defender retreats before battle"),
            Arg(
                "defender_air",
                "int",
                flag="--defender-air",
                metavar="N",
                help="the defender's air power card value, if he plays one",
            ),
            Arg(
                "attacker_bonus",
                "int",
                default=0,
                flag="--attacker-bonus",
                metavar="N",
                help="what the attacker's battle events add (other than the Great Commander: --commander)",
            ),
            Arg(
                "attacker_events",
                "int",
                flag="--attacker-events",
                metavar="N",
                help="battle event cards the attacker played (default: 1 if a bonus)",
            ),
            Arg(
                "defender_bonus",
                "int",
                default=0,
                flag="--defender-bonus",
                metavar="N",
                help="what the defender's battle events add",
            ),
            Arg(
                "defender_events",
                "int",
                flag="--defender-events",
                metavar="N",
                help="battle event cards the defender played",
            ),
            Arg(
                "reinforce",
                flag="--reinforce",
                metavar="COUNTER",
                help="the counter a Defender Reinforce Battle card brings in",
            ),
            Arg(
                "commander",
                "list",
                flag="--commander",
                choices=("attacker", "defender"),
                help="who played the Great Commander card (+2; only one a battle)",
            ),
            Arg("losses", "list", flag="--lose", metavar="COUNTER", help="a counter lost (repeat; the owners choose)"),
            Arg(
                "retreat_to",
                "list",
                flag="--retreat",
                metavar="[COUNTER=]LOCATION",
                help="where the loser retreats: one location for all, or COUNTER=LOCATION each (repeat)",
            ),
        ),
        rule="8 Battles",
        places=("space",),
        check="_check_battle",
        offer="_offer_battle",
        cli_check=True,
    ),
    Move(
        "move",
        f"{R}: move counters with one move card; battles it causes wait for their result",
        "Move counters of one location to adjacent locations (several destinations: TO=COUNTERS each), or one counter "
        "through friendly locations (section 7.2).",
        (
            Arg("from", "space", required=True, metavar="FROM", help="the location the counters leave"),
            Arg(
                "moves",
                "list",
                required=True,
                metavar="TO[=COUNTERS]",
                convert=legs,
                help="where they go: a location or a half (sedan.e), with =COUNTERS the counters that go there, by id (W3) or "
                "strength (2), comma-separated (default: all)",
            ),
            Arg(
                "card",
                "choice",
                default="truck",
                choices=("truck", "naval"),
                flag="--card",
                keep=True,
                help="the move card's icon: truck (land lines) or naval (naval lines too); default truck",
            ),
            Arg(
                "via",
                "list",
                flag="--via",
                metavar="LOCATION",
                help="one counter moving through several locations: a location it passes (repeat, in order)",
            ),
        ),
        rule="7.2 Operations: move",
        places=("space", "drag"),
        label="Move counters from here...",
        check="_check_move",
        offer="_offer_move",
        when="_when_operation",
        cli_check=True,
    ),
    Move(
        "attack",
        f"{R}: an attack operation in a contested location (opens a battle)",
        "Attack the enemy half of a contested location (section 7.2).",
        (Arg("at", "space", required=True, metavar="LOCATION"),),
        rule="7.2 Operations: attack",
        places=("space",),
        check="_check_attack",
        offer="_offer_attack",
        cli_check=True,
    ),
    Move(
        "build",
        f"{R}: build an army counter",
        "Build an army of strength 1-3 in a friendly, in-supply location (section 7.2).",
        (
            Arg("strength", "int", required=True, choices=(1, 2, 3), metavar="STRENGTH"),
            Arg("at", "space", required=True, metavar="LOCATION"),
            Arg("faction", flag="--faction", help="western or soviet (the Allied player); the Axis needs none"),
        ),
        rule="7.2 Operations: build",
        places=("space",),
        check="_check_build",
        offer="_offer_build",
        cli_check=True,
    ),
    Move(
        "fortress",
        f"{R}: build an Axis fortress in a half",
        "Build a fortress in a half of an Axis location in supply (section 7.2).",
        (Arg("at", "space", required=True, metavar="HALF"),),
        rule="7.2 Operations: build a fortress",
        places=("space",),
        check="_check_fortress",
        offer="_offer_fortress",
        cli_check=True,
    ),
    Move(
        "pass",
        f"{R}: pass an operation",
        "Pass (section 7.2).",
        rule="7.2 Operations: pass",
        places=("toolbar", "game"),
        label="Pass",
        check="_check_pass",
    ),
    Move(
        "discard",
        f"{R}: discard a card as an operation",
        "Discard one card (section 7.2).",
        rule="7.2 Operations: discard",
        places=("toolbar", "game"),
        label="Discard a card",
        check="_check_discard",
    ),
    Move(
        "bomb",
        f"{R}: a strategic bombing operation",
        "Move the strategic bombing marker one space (section 7.2).",
        rule="7.2 Operations: strategic bombing",
        places=("toolbar", "game"),
        label="Strategic bombing",
        check="_check_bomb",
    ),
    Move(
        "event",
        f"{R}: play an event card as an operation",
        "Play an event (section 7.2).",
        (
            Arg("removed", "bool", flag="--removed", help="the card is removed from the game (Coordinated Offensive)"),
            Arg(
                "opponent_discards",
                "int",
                default=0,
                min=0,
                flag="--opponent-discards",
                metavar="N",
                help="the other player discards N cards at random (Wolfpack, Destroyer Attack)",
            ),
            Arg("note", default="", flag="--note", help="which event, for the log"),
        ),
        rule="7.2 Operations: event",
        places=("toolbar", "game"),
        label="Play an event",
        check="_check_event",
    ),
    Move(
        "end-turn",
        f"{R}: end the player turn: supply losses, the draw, the 7-point check",
        "End the active player's turn (sections 7, 8 Supply Lines, 9).",
        (
            Arg(
                "losses",
                "list",
                flag="--lose",
                metavar="COUNTER",
                help="the counter lost in a location out of supply (owner's choice; repeat per location)",
            ),
            Arg(
                "last",
                "bool",
                flag="--last",
                help="the Allied third deck has run out and the Allies have no playable cards: the game ends",
            ),
        ),
        rule="7 Sequence of Play; 8 Supply Lines; 9",
        places=("game",),
        label="End turn",
        check="_check_end_turn",
        aliases=("advance", "end_turn"),
        cli_check=True,
    ),
    Move(
        "deck",
        f"{R}: record a player's new play deck",
        "Record that a player's play deck ran out and the next one was made (section 6).",
        (
            Arg("player", "choice", required=True, choices=PLAYERS),
            Arg(
                "deck",
                "int",
                required=True,
                choices=(1, 2, 3),
                metavar="DECK",
                help="the play deck now in use (3 again: an Axis reshuffle)",
            ),
            Arg(
                "cards", "int", flag="--cards", metavar="N", min=0, help="the cards in the new play deck, when counted"
            ),
        ),
        rule="6 How to Build Decks and Use Cards",
        places=("game",),
        label="Record a new play deck...",
        check="_check_deck",
        offer="_offer_deck",
    ),
    Move(
        "set",
        f"{R}: a referee's correction (cards, a flag, the bombing marker, a counter)",
        "Correct the record: cards in a hand, play deck or recycle pile, a control flag, the bombing marker, or a counter "
        "moved or removed.",
        (
            Arg("hand", "list", flag="--hand", nargs=2, metavar=("PLAYER", "N"), convert=_counts("hand")),
            Arg("pile", "list", flag="--pile", nargs=2, metavar=("PLAYER", "N"), convert=_counts("pile")),
            Arg("recycle", "list", flag="--recycle", nargs=2, metavar=("PLAYER", "N"), convert=_counts("recycle")),
            Arg(
                "flag",
                "list",
                flag="--flag",
                nargs=2,
                metavar=("LOCATION", "FACTION"),
                convert=_pairs,
                help="a control flag (none: removed)",
            ),
            Arg(
                "bombing",
                "int",
                flag="--bombing",
                metavar="N",
                help="the bombing marker (0: the black 0; negative: left, the Axis side)",
            ),
            Arg("remove", "list", flag="--remove", metavar="COUNTER"),
            Arg("at", "list", flag="--at", nargs=2, metavar=("COUNTER", "SPACE"), convert=_pairs),
        ),
        rule="referee's correction",
        check="_check_set",
    ),
] + VP_MOVES  # a seasonal VP track, when the scenario has one (mapref.rules.vpgame)

__all__ = ["MOVES", "TITLE", "legs"]
