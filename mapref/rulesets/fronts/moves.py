"""The front-token card game's moves, declared once (mapref.rules.ruleset.Move): the command
line's verbs and their options, what the referee's window offers, and the method of
:class:`~mapref.rulesets.fronts.ruleset.Fronts` that checks each.

This module imports nothing of the game's rules (``mapref --help`` reads it).
"""

from __future__ import annotations

from mapref.rules.ruleset import Arg, Move
from mapref.rules.vpmoves import MOVES as VP_MOVES
from mapref.rulesets.fronts.names import SIDES

TITLE = "Three Fronts (a front-token card game)"


def _side_n(what: str) -> tuple[Arg, ...]:
    return (
        Arg("side", "side", required=True, choices=SIDES),
        Arg("cards", "int", required=True, min=0, metavar="N", help=what),
    )


MOVES = [
    Move(
        "advance",
        "end the current phase (History: keep and discard, then the draws)",
        "End the current phase of the turn sequence and apply what follows it.",
        rule="TURN SEQUENCE",
        check="_check_advance",
    ),
    Move(
        "keep",
        "History Phase: how many unused cards a player keeps (up to 2)",
        "A player keeps up to 2 unused cards from the previous turn; the rest are discarded (HISTORY PHASE).",
        _side_n("cards kept"),
        rule="HISTORY PHASE",
        places=("space", "game"),
        check="_check_keep",
        offer="_offer_keep",
        when="_when_keep",
    ),
    Move(
        "speer",
        "Production Phase: the Germans discard Speer to draw 3 cards",
        "Discard the Speer card in the Production Phase to draw 3 cards (CARD LIST, Notes).",
        rule="CARD LIST, Notes: Discard the Speer card in Production Phase to draw 3 cards.",
        places=("space", "game"),
        label="The Germans discard Speer to draw 3",
        check="_check_speer",
        offer="_offer_speer",
    ),
    Move(
        "swap",
        "Planning Phase: a player discards up to 3 cards and draws as many",
        "A player may discard up to 3 cards and draw an equal number of replacement cards (PLANNING PHASE).",
        _side_n("cards discarded and drawn again"),
        rule="PLANNING PHASE",
        places=("space", "game"),
        check="_check_swap",
        offer="_offer_swap",
        when="_when_swap",
    ),
    Move(
        "battle",
        "a front phase: both stacks revealed; checked, the higher force takes a token",
        "Both players' stacks of the current front phase, revealed together: each is checked (the front, at most 1 Leader, "
        "1 Operation, 2 Unit and 1 Special card, the card's years), the higher total force takes one token of the front from "
        "the other (the front phases).",
        (
            Arg(
                "germans",
                "list",
                flag="--germans",
                metavar="CARD",
                keep=True,
                help="a card of the German stack (repeat)",
            ),
            Arg(
                "allies",
                "list",
                flag="--allies",
                metavar="CARD",
                keep=True,
                help='a card of the Allied stack (repeat; in full notation, such as "Churchill L 2 A", while the scenario '
                "lists no Allied deck)",
            ),
        ),
        rule="the front phases",
        places=("space", "game"),
        check="_check_battle",
        offer="_offer_battle",
        cli_check=True,
    ),
] + VP_MOVES  # a seasonal VP track, when the scenario has one (mapref.rules.vpgame)

__all__ = ["MOVES", "TITLE"]
