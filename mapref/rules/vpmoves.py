"""The VP track's two moves (:mod:`mapref.rules.vpgame`), ``vp-set`` and ``vp-check``, in the
moves table of every ruleset that offers the track; the ruleset inherits their checks from
:class:`mapref.rules.vpgame.TrackMoves`.  Light: a moves table (read by ``mapref --help``)
imports this, not the mechanism."""

from __future__ import annotations

from mapref.rules.ruleset import Arg, Move
from mapref.rules.vptrack_names import FACES, INFLUENCES, KINDS, WARS


def _yes(v: str) -> bool:
    return {"yes": True, "no": False}[v]


MOVES = [
    Move(
        "vp-set",
        "record the VP track's markers and counts (a scenario with a VP track)",
        "Record what the Victory Point Check reads: Allied Collapse and Military Takeover markers, Limited or Total War, "
        "the No Retreat and SS Europa markers, postures, Posture Box markers, Influence markers, the Republican Stronghold "
        "and Support markers, Operation Galvanic, Bonus VPs (shared/seeds/003, 0.1-0.3).",
        (
            Arg("war", "choice", choices=WARS, flag="--war", help="Limited or Total War"),
            Arg(
                "collapse",
                "int",
                flag="--collapse",
                metavar="N",
                help="Allied Collapse markers in the Strategic Warfare Box",
            ),
            Arg(
                "takeover",
                "int",
                flag="--takeover",
                metavar="N",
                help="Military Takeover markers in the Strategic Warfare Box",
            ),
            Arg(
                "no_retreat",
                flag="--no-retreat",
                metavar="BOX",
                help="the box of the Axis No Retreat marker (none: off the track)",
            ),
            Arg("ss_europa", flag="--ss-europa", metavar="BOX", help="the box of the SS Europa marker (none: off)"),
            Arg("box", flag="--box", metavar="BOX", help="move the VP marker (a referee's correction)"),
            Arg("face", "choice", choices=FACES, flag="--face", help="turn the VP marker (a referee's correction)"),
            Arg(
                "minors",
                "list",
                flag="--minors",
                metavar="FACTION=POSTURE",
                help="western=war, soviet=neutral... (repeat)",
            ),
            Arg(
                "stronghold",
                flag="--stronghold",
                metavar="HEX",
                help="the hex of the Republican Stronghold marker (none: removed)",
            ),
            Arg(
                "support",
                "choice",
                choices=("soviet", "western"),
                flag="--support",
                help="the Republican Support marker's face",
            ),
            Arg(
                "galvanic",
                "choice",
                choices=("yes", "no"),
                flag="--galvanic",
                convert=_yes,
                help="the Western faction played card 37 Operation Galvanic",
            ),
            Arg("bonus", "list", flag="--bonus", metavar="SIDE=N", help="Bonus VPs: axis=1, allies=0 (14.38)"),
            Arg(
                "country",
                flag="--country",
                metavar="CODE",
                help="a country whose record to change (with the options below)",
            ),
            Arg("kind", "choice", choices=tuple(k for k in KINDS if k), flag="--kind", help="the country's kind"),
            Arg(
                "add_marker",
                "list",
                flag="--add-marker",
                metavar="MARKER",
                help="a marker in its Posture Box (appeasement...)",
            ),
            Arg("remove_marker", "list", flag="--remove-marker", metavar="MARKER"),
            Arg(
                "influence",
                "choice",
                choices=tuple(i for i in INFLUENCES if i) + ("none",),
                flag="--influence",
                help="a Neutral Country's Influence marker",
            ),
            Arg(
                "policy_affected",
                "choice",
                choices=("yes", "no"),
                flag="--policy-affected",
                convert=_yes,
                help="recorded as Policy Affected (13.6.1)",
            ),
        ),
        rule="referee's record (0.1.1-0.3)",
        check="_check_vp_set",
    ),
    Move(
        "vp-check",
        "perform a Victory Point Check now (--final: the Final Victory Point Check)",
        "Perform a Victory Point Check now (0.1: the referee does one by itself at the beginning of every Seasonal Turn); "
        "--final performs the Final Victory Point Check and scores the game (0.3).",
        (
            Arg(
                "final",
                "bool",
                flag="--final",
                help="the Final Victory Point Check (the V-E Day marker is removed: 0.3)",
            ),
        ),
        rule="0.1",
        check="_check_vp_check",
    ),
]


__all__ = ["MOVES"]
