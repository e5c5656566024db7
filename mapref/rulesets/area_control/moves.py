"""Area control's moves, declared once (mapref.rules.ruleset.Move): the command line's verbs and
their options, what the referee's window offers where, and the method of
:class:`~mapref.rulesets.area_control.ruleset.AreaControl` that checks each.

This module imports nothing of the game's rules (``mapref --help`` reads it).
"""

from __future__ import annotations

from mapref.rules.ruleset import Arg, Move
from mapref.rules.vpmoves import MOVES as VP_MOVES
from mapref.rulesets.area_control.names import ACTIVITIES, FACILITIES

TITLE = "Area control (Axis & Allies house rules)"
SPACE = Arg("space", "space", required=True, metavar="TERRITORY")
BY = Arg("by", "choice", required=True, flag="--by", metavar="NATION")

MOVES = [
    Move(
        "roll",
        "one of the Italian dice rolls after Rome falls",
        "Enter the dice of a roll for Italian ships or territory (ITALY (ROME)).",
        (
            Arg("target", "space", required=True, metavar="TERRITORY_OR_SEA_ZONE"),
            Arg("germany", "int", required=True, min=1, max=6, flag="--germany", metavar="N"),
            Arg("allies", "int", required=True, min=1, max=6, flag="--allies", metavar="N"),
        ),
        rule="ITALY (ROME)",
        places=("space", "game"),
        check="_check_roll",
        offer="_offer_roll",
    ),
    Move(
        "capital",
        "the Soviet Union declares its new capital",
        "Declare a new capital (SOVIET UNION (MOSCOW)).",
        (
            Arg("space", "space", required=True, metavar="TERRITORY"),
            Arg("nation", "choice", required=True, flag="--nation", metavar="NATION"),
        ),
        rule="SOVIET UNION (MOSCOW)",
        places=("space", "game"),
        check="_check_capital",
        offer="_offer_capital",
    ),
    Move(
        "take",
        "a territory taken by a nation: neutral blocks, liberation, a capital's fall and what follows",
        "Record that NATION took TERRITORY (combat won or entered), with what follows (NEUTRAL BLOCKS; OCCUPATION OF CAPITAL "
        "CITIES).",
        (SPACE, BY),
        rule="OCCUPATION OF CAPITAL CITIES; NEUTRAL BLOCKS",
        places=("space", "game"),
        check="_check_take",
        offer="_offer_take",
        cli_check=True,
    ),
    Move(
        "attack",
        "an attack declared on a neutral territory: a strict neutral turns its block",
        "Record an attack on a neutral territory (NEUTRAL BLOCKS).",
        (SPACE, BY),
        rule="NEUTRAL BLOCKS",
        places=("space", "game"),
        check="_check_attack",
        offer="_offer_attack",
        cli_check=True,
    ),
    Move(
        "claim",
        "a pro-neutral's standing army claimed (by a land unit or an air transport with infantry)",
        "Claim a pro-neutral's standing army (CLAIMING STANDING ARMIES).",
        (
            SPACE,
            BY,
            Arg(
                "air_transport",
                "bool",
                flag="--air-transport",
                keep=True,
                help="the claim is made by an air transport landing",
            ),
            Arg(
                "cargo",
                "list",
                flag="--cargo",
                metavar="UNIT",
                keep=True,
                help="what the air transport carries (repeat)",
            ),
        ),
        rule="CLAIMING STANDING ARMIES",
        places=("space",),
        check="_check_claim",
        offer="_offer_claim",
        cli_check=True,
    ),
    Move(
        "build",
        "a facility built (only minor factories on neutral territories)",
        "Build a facility (PRODUCTION ON NEUTRAL TERRITORIES).",
        (SPACE, BY, Arg("facility", "choice", required=True, choices=FACILITIES)),
        rule="PRODUCTION ON NEUTRAL TERRITORIES",
        places=("space",),
        check="_check_build",
        offer="_offer_build",
        cli_check=True,
    ),
    Move(
        "rent",
        "a naval base rented for this turn (paid in the purchase phase)",
        "Rent a naval base for one turn (NAVAL PORTS ON NEUTRAL TERRITORIES).",
        (SPACE, BY, Arg("ships", "int", required=True, min=0, flag="--ships", metavar="N")),
        rule="NAVAL PORTS ON NEUTRAL TERRITORIES",
        places=("space",),
        check="_check_rent",
        offer="_offer_rent",
        when="_when_rent",
        cli_check=True,
    ),
    Move(
        "war",
        "two nations go to war",
        "Record a declaration of war.",
        (
            Arg("nation", "choice", required=True, metavar="NATION"),
            Arg("on", "choice", required=True, flag="--on", metavar="NATION"),
        ),
        rule="NEUTRAL NATIONS: NOT AT WAR",
        places=("game",),
        label="Declare war...",
        check="_check_war",
        offer="_offer_war",
    ),
    Move(
        "collect",
        "a nation collects income, national objectives, oil tankers... (refused when the rules say no)",
        "Record what a nation collects or uses (NEUTRAL NATIONS: NOT AT WAR; OCCUPATION OF CAPITAL CITIES).",
        (
            Arg("nation", "choice", required=True, metavar="NATION"),
            Arg("what", "choice", required=True, choices=tuple(x for x in ACTIVITIES if x != "enter_neutral")),
            Arg(
                "amount",
                "int",
                default=0,
                flag="--amount",
                metavar="N",
                keep=True,
                help="what it adds to the nation's cash",
            ),
        ),
        rule="NEUTRAL NATIONS: NOT AT WAR; OCCUPATION OF CAPITAL CITIES",
        places=("game",),
        label="Collect...",
        check="_check_collect",
        offer="_offer_collect",
        cli_check=True,
    ),
    Move(
        "cash",
        "the referee records a nation's cash on hand",
        "Record a nation's cash on hand.",
        (
            Arg("nation", "choice", required=True, metavar="NATION"),
            Arg("amount", "int", required=True, min=0, metavar="N"),
        ),
        rule="referee's record",
        places=("game",),
        label="Cash on hand...",
        group="Referee",
        check="_check_cash",
        offer="_offer_cash",
    ),
    Move(
        "advance",
        "end the current phase (the turn passes to the next nation, then the next round)",
        "End the current phase of the current nation's turn; with --to, every phase up to the one named.",
        (
            Arg(
                "to",
                "text",
                flag="--to",
                metavar="'[ROUND] NATION PHASE'",
                help="end the phases up to this one (e.g. '2 germans purchase'; the round: this one)",
            ),
        ),
        rule="the turn sequence",
        places=("game",),
        label="End the phases up to...",
        check="_check_advance",
        offer="_offer_advance",
    ),
] + VP_MOVES  # a seasonal VP track, when the scenario has one (mapref.rules.vpgame)

__all__ = ["MOVES", "TITLE"]
