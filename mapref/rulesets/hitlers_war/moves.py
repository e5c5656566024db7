"""Hitler's War's moves, declared once (mapref.rules.ruleset.Move): the command line's verbs and
their options, what the referee's window offers where, and the method of
:class:`~mapref.rulesets.hitlers_war.ruleset.HitlersWar` that checks each.

This module imports nothing of the game's rules (``mapref --help`` and ``mapref VERB --help``
read it); the checks, offers and ``when`` refusals are named as methods of the ruleset.  The
order of the table is the order of the right-click menu.
"""

from __future__ import annotations

from mapref.rules.ruleset import Arg, Move
from mapref.rules.vpmoves import MOVES as VP_MOVES
from mapref.rulesets.hitlers_war.names import COST_TYPES, MAP_ALLEGIANCES, POINT_TYPES, SIDES, STATUSES
from mapref.rulesets.hitlers_war.names import TITLE as TITLE  # (the registry reads it here)

ALLEGIANCES = MAP_ALLEGIANCES  # the map's colour groups (Ruleset.allegiances), read by the registry
FLAGS = {"tactical_air": "air"}  # the command line's name of a strength type


def parse_points(text: str) -> dict[str, int]:
    """``"infantry=1,mechanized=2"`` (``air`` for tactical air) -> {type: n}; raise ValueError."""
    out: dict[str, int] = {}
    names = {FLAGS.get(t, t): t for t in POINT_TYPES} | {t: t for t in POINT_TYPES} | {"fort": "fort"}
    for part in text.split(","):
        k, eq, v = part.strip().partition("=")
        k = k.strip().lower().replace("-", "_")
        if not eq or k not in names or not v.strip().isdigit():
            raise ValueError(f"{part.strip()!r}: expected TYPE=N with a type of {', '.join(sorted(set(names)))}")
        out[names[k]] = out.get(names[k], 0) + int(v)
    return out


def parse_costs(text: str) -> dict[str, int]:
    """``"mechanized=6,tactical_air=8"`` -> {type: cost} (``air`` for tactical air); raise ValueError."""
    names = {t: t for t in COST_TYPES} | {FLAGS.get(t, t): t for t in POINT_TYPES} | {"ta-shipping": "ta_shipping"}
    out = {}
    for part in text.split(","):
        k, eq, v = part.strip().partition("=")
        k = k.strip().lower()
        name = names.get(k, names.get(k.replace("-", "_")))
        if not eq or name is None or not v.strip().isdigit():
            raise ValueError(f"--cost {part.strip()!r}: expected TYPE=N with a type of {', '.join(COST_TYPES)}")
        out[name] = int(v)
    return out


def _costs(items: list[str]) -> dict[str, int]:
    return {k: v for item in items for k, v in parse_costs(item).items()}


def _points() -> tuple[Arg, ...]:
    """--infantry N ... --air N --para N: strength points by type (in the action's ``points``)."""
    return tuple(
        Arg(
            f"points.{t}",
            "int",
            default=0,
            min=0,
            flag=f"--{FLAGS.get(t, t)}",
            metavar="N",
            help=f"{t.replace('_', ' ')} strength points",
        )
        for t in POINT_TYPES
    )


def parse_placements(items) -> dict[str, int]:
    """``["P12=3", "O13=2"]`` (or one string "P12=3 O13=2") -> {"P12": 3, "O13": 2}; raise ValueError."""
    if isinstance(items, str):
        items = items.replace(",", " ").split()
    at: dict[str, int] = {}
    for item in items:
        space, eq, n = str(item).partition("=")
        if not eq or not n.strip().isdigit():
            raise ValueError(f"{item!r}: expected HEX=N, e.g. P12=3")
        at[space.strip().upper()] = at.get(space.strip().upper(), 0) + int(n)
    return at


def _place_finish(d: dict) -> dict:
    if d.get("auto"):
        return {"auto": True}
    if not d.get("pool") or not d.get("space"):
        raise ValueError("give POOL and HEX (and the points), or --auto")
    return d


def _advance_args(who: str, frm: str = "", to: str = "", retreat: str = "", failed: bool = False) -> tuple[Arg, ...]:
    """FROM TO [--failed] --retreat-to HEX... --fleet-to HEX... --army NAME: an advance or an
    invasion the players resolved (``who``: the army that goes)."""
    return (
        (
            Arg("from", "space", required=True, metavar="FROM", help=frm),
            Arg("to", "space", required=True, metavar="TO", help=to),
        )
        + (
            (Arg("failed", "bool", flag="--failed", help="the invasion's advance failed (Invasion advance 4)"),)
            if failed
            else ()
        )
        + (
            Arg(
                "retreat_to",
                "list",
                flag="--retreat-to",
                metavar="HEX",
                help=retreat
                or "where the defender retreats the army displaced from TO (repeat, in order, when TO holds several)",
            ),
            Arg(
                "fleet_to",
                "list",
                flag="--fleet-to",
                metavar="HEX",
                help="the port an enemy fleet in port in TO is expelled to (repeat, in order; rulings R52)",
            ),
            Arg("army", flag="--army", help=f"the {who} army (where several share FROM)"),
        )
    )


MOVES = [
    Move(
        "invade",
        "record an amphibious invasion the players resolved: the army lands (or, --failed, loses its amphibious "
        "points); exit 1 with the rule when illegal",
        "Record an amphibious invasion from FROM into TO in the resolve amphibious assaults step (Invasion procedure 1-8; "
        "Invasion advance 1-5; Naval fire 2-4).",
        _advance_args(
            "invading",
            "the invading army's coastal hex",
            "the target hex",
            "where the defender retreats the army displaced from TO",
            failed=True,
        ),
        rule="Amphibious Invasions: Invasion procedure; Invasion advance 3-4",
        places=("piece",),
        check="_check_invade",
        offer="_offer_invade",
        cli_check=True,
    ),
    Move(
        "announce",
        "name an army and the hex it attacks, in the announce step; once any is named only named armies attack "
        "(rulings R60)",
        "Announce an initial attack (Announce initial attacks 1-4; Launching attacks 5): once the side has announced, an "
        "army not named may not attack this combat phase and a named army's initial advance goes into its named hex.",
        (
            Arg("army", "piece", required=True, metavar="ARMY", help="the attacking army's name"),
            Arg("target", "space", required=True, metavar="HEX", help="the hex it attacks (adjacent; may be friendly)"),
        ),
        rule="Announce initial attacks 1-4",
        places=("piece",),
        check="_check_announce",
        offer="_offer_announce",
        cli_check=True,
    ),
    Move(
        "capture",
        "record a successful advance the players rolled: the army moves in, defenders retreat; exit 1 with the "
        "rule when illegal",
        "Record a successful advance from FROM into TO (Advance resolution 2-13; Off-map combat; Effect of forts on combat 4).",
        _advance_args("advancing")
        + (
            Arg(
                "para_drop",
                "int",
                default=0,
                min=0,
                flag="--para-drop",
                metavar="N",
                help="para points dropped in this, the army's first advance (Para-drop 2-5)",
            ),
            Arg(
                "failed",
                "bool",
                flag="--failed",
                help="the advance failed: the army stays and makes no more attacks this turn "
                "(Advance resolution 2; Exploitation attacks 9)",
            ),
            Arg(
                "home_to",
                "space",
                flag="--home-to",
                metavar="HEX",
                help="where the home forces in TO retreat, inside their country (Unaligned Forces 3)",
            ),
        ),
        rule="Advance resolution 2-13",
        places=("piece",),
        label="Advance succeeded (capture)",
        check="_check_capture",
        offer="_offer_capture",
        cli_check=True,
    ),
    Move(
        "losses",
        "record the losses a player chose after an assault (combat phase); exit 1 with the rule when impossible",
        "Record the strength points the owner removes after an assault (Assault resolution 5-8; Effect of forts on combat "
        "2; Air superiority 1).",
        (Arg("space", "space", required=True, metavar="HEX"),)
        + _points()
        + (
            Arg(
                "fort",
                "int",
                default=0,
                min=0,
                flag="--fort",
                metavar="N",
                help="fort points lost (enemy assaults only)",
            ),
            Arg("garrison", "bool", flag="--garrison", help="the garrison of an empty hex is destroyed"),
            Arg("army", flag="--army", help="the army losing points (where several share the hex)"),
            Arg(
                "invader",
                "bool",
                flag="--invader",
                help="an invading army's losses to one naval fire or defensive assault: at least half amphibious (Naval "
                "fire 5; Defensive assault 3)",
            ),
            Arg(
                "home",
                "int",
                default=0,
                min=0,
                flag="--home",
                metavar="N",
                help="home force points lost in HEX (Unaligned Forces 2)",
            ),
        ),
        rule="Assault resolution 5-8",
        places=("space",),
        check="_check_losses",
        offer="_offer_losses",
        when="_when_losses",
    ),
    Move(
        "place",
        "place strength from a set-up pool (set-up phase); exit 1 with the rule when illegal",
        "Place strength points of a set-up pool in a hex or box of its area (Prepare for Play 3; Stacking 1-2, 6), or "
        "--auto: every pool left, as new-game --auto-place does.",
        (
            Arg("pool", metavar="POOL", help="the set-up pool (as the scenario names it)"),
            Arg("space", "space", metavar="HEX"),
        )
        + _points()
        + (
            Arg("leader", flag="--leader", help="a leader of the pool, given to the army placed"),
            Arg("auto", "bool", flag="--auto", help="place every pool left automatically"),
        ),
        rule="Prepare for Play 3",
        places=("space", "game"),
        check="_check_place",
        offer="_offer_place",
        when="_when_place",
        cli_check=True,
        finish=_place_finish,
    ),
    Move(
        "set",
        "a referee's correction of the board (a hex's control or devastation) or record of a nation's status",
        "Correct the board (a hex's control or devastation), or record a nation joining a side, surrendering... "
        "(--nation CODE --status STATUS [--side SIDE]).",
        (
            Arg("space", "space", metavar="HEX"),
            Arg("control", "choice", choices=SIDES + ("none",), flag="--control"),
            Arg("devastated", "int", flag="--devastated", metavar="N"),
            Arg("nation", flag="--nation", metavar="CODE", help="a country code of the map (fi, it, us...)"),
            Arg("status", flag="--status", metavar="STATUS", help="the nation's status: " + ", ".join(STATUSES)),
            Arg(
                "side",
                flag="--side",
                metavar="SIDE",
                help="the side it is on or leans to (none: no side); default: unchanged",
            ),
            Arg(
                "joined",
                flag="--joined",
                metavar="TURN",
                help='the turn it joined its side, "SEASON YEAR" (default: this turn, when it joins one now)',
            ),
            Arg(
                "army",
                flag="--army",
                metavar="ARMY",
                help="the Baltic States joining the Axis: the Axis army that takes their two points (Nations inclined toward "
                "the Axis 5)",
            ),
        ),
        rule="referee's correction; rulings R39",
        places=("game",),
        group="Referee",
        check="_check_set",
        offer="_offer_set",
    ),
    Move(
        "advance",
        "end the current phase, applying what the rules apply at its end, and save",
        "End the current step of the sequence of play.",
        (
            Arg(
                "roll",
                "int",
                choices=tuple(range(1, 7)),
                flag="--roll",
                metavar="N",
                help="the die roll that settles a tie for isolated hexes (Determine supply 8)",
            ),
            Arg(
                "to",
                flag="--to",
                metavar='"[SEASON YEAR] SIDE STEP"',
                help='end step after step until this one, e.g. "allies production", "spring 1942 allies land" (stops, '
                "changing nothing, at a step that cannot end)",
            ),
            Arg(
                "lose",
                "list",
                flag="--lose",
                metavar="HEX:TYPE=N[,TYPE=N]",
                help="at the end of movement: the points the owner eliminates in an over-stacked hex (Stacking 3; types "
                "infantry, mechanized, amphibious, para, fort); the rest by rulings R24",
            ),
        ),
        rule="Sequence of Play",
        places=("space",),
        check="_check_advance",
        offer="_offer_advance",
        when="_when_advance",
    ),
    Move(
        "build",
        "spend the phasing side's production on new strength points, forts, shipping, lend-lease (production: "
        "build step)",
        "Build in the production phase (Building strength points 1-6; Stacking 5; Fortifications, Production; "
        "Trans-Atlantic shipping 3-4; Lend-Lease 1-5; Allied Supply and Production 1; The United States 3; France: "
        "Activity limitations 1-2; Partial Ship Builds).",
        (Arg("space", "space", metavar="HEX", help="where the strength or fort points are placed"),)
        + _points()
        + (
            Arg(
                "fort",
                "int",
                default=0,
                min=0,
                flag="--fort",
                metavar="N",
                help="fort points (under construction for a season)",
            ),
            Arg("army", flag="--army", help="the army in a box the points join, or the new army's name"),
            Arg(
                "ta_shipping",
                "int",
                default=0,
                min=0,
                flag="--ta-shipping",
                metavar="N",
                help="trans-Atlantic shipping points",
            ),
            Arg(
                "uboat",
                "int",
                default=0,
                min=0,
                flag="--uboats",
                metavar="N",
                help="U-boat points (to the U-boat marker in port)",
            ),
            Arg("asw", "int", default=0, min=0, flag="--asw", metavar="N", help="A.S.W. points"),
            Arg("bomber", "int", default=0, min=0, flag="--bombers", metavar="N", help="strategic bomber points"),
            Arg(
                "ships",
                "int",
                default=0,
                min=0,
                flag="--ships",
                metavar="P",
                help="production paid toward capital ship points",
            ),
            Arg("fleet", flag="--fleet", help="the fleet in port that completed ship points join"),
            Arg(
                "lend_lease",
                "int",
                default=0,
                min=0,
                flag="--lend-lease",
                metavar="N",
                help="Allies: production points given to the Soviets (Lend-Lease)",
            ),
            Arg(
                "cost",
                "list",
                flag="--cost",
                metavar="TYPE=N",
                convert=_costs,
                help="record the record sheet's cost of a type (costs the rulebook does not state)",
            ),
        ),
        rule="Building strength points 1-6",
        places=("space", "game"),
        check="_check_build",
        offer="_offer_build",
        cli_check=True,
    ),
    Move(
        "repair",
        "repair devastated production of the phasing side: three production a point, at most 25% of production "
        "(production: repair step)",
        "Repair devastated production (Repairing devastated production 2-8; Siberian production 2, 5).",
        (
            Arg("space", "space", required=True, metavar="HEX"),
            Arg(
                "points",
                "int",
                default=1,
                min=1,
                nargs="?",
                metavar="N",
                keep=True,
                help="devastated points to repair (default 1)",
            ),
        ),
        rule="Repairing devastated production 2-8",
        places=("space",),
        check="_check_repair",
        offer="_offer_repair",
        cli_check=True,
    ),
    Move(
        "move",
        "check a move of strength points (or a fleet) and apply it; exit 1 with the rule when illegal",
        "Check a move and apply it (Movement 1-5; Sea Movement).",
        (Arg("from", "space", required=True, metavar="FROM"), Arg("to", "space", required=True, metavar="TO"))
        + _points()
        + (
            Arg("army", flag="--army", help="the army to move from (where several share a box)"),
            Arg("fleet", flag="--fleet", nargs="?", const="", help="move the fleet in FROM (optionally named)"),
            Arg("at_sea", "bool", flag="--at-sea", help="a fleet moving to a port hex stays at sea there"),
            Arg(
                "ships",
                "int",
                min=1,
                flag="--ships",
                metavar="N",
                help="move only N ship points of the fleet: they form a new fleet, or join the same nation's fleet in TO "
                "(Fleet strength points 5; Movement of naval 12, 18)",
            ),
        ),
        rule="Movement 1-5",
        places=("drag", "space", "piece"),
        check="_check_move",
        offer="_offer_move",
        cli_check=True,
    ),
    Move(
        "naval",
        "record a naval battle the players rolled (each fleet's losses) or an evasion: the larger fleet stays at "
        "sea, the smaller returns to port",
        "Record a naval battle in the resolve amphibious assaults step (Naval battle resolution 2-5) or an evasion "
        "(Attacking enemy fleets 3-4; rulings R59).",
        (
            Arg("attacker", "piece", required=True, metavar="ATTACKER", help="the attacking fleet's name"),
            Arg("defender", "piece", required=True, metavar="DEFENDER", help="the defending fleet's name"),
            Arg("attacker_losses", "int", default=0, min=0, flag="--attacker-losses", metavar="N", keep=True),
            Arg("defender_losses", "int", default=0, min=0, flag="--defender-losses", metavar="N", keep=True),
            Arg("evaded", "bool", flag="--evaded", help="the defender evaded (the players' roll)"),
            Arg(
                "loser_to",
                "space",
                flag="--loser-to",
                metavar="PORT",
                help="the friendly port on the same sea the beaten fleet returns to",
            ),
        ),
        rule="Naval battle resolution; Attacking enemy fleets",
        places=("game",),
        check="_check_naval",
        offer="_offer_naval",
        when="_when_naval",
        cli_check=True,
    ),
    Move(
        "surrender",
        "apply a nation's surrender the players rolled (or whose conditions hold) with all it does; vichy: the "
        "Axis dissolves Vichy France",
        "Apply a surrender (War for Europe, Surrender: France 2-7, Italy 2-4, Rumania and Bulgaria 3-4, Finland 3-4, Great "
        "Britain 3-5, Germany, Soviet Union; National morale chart); NATION 'vichy': Vichy France 5.",
        (
            Arg(
                "nation",
                required=True,
                metavar="NATION",
                help="a country code (fr, it, gb, fi, ge, su...), ro+bg, or vichy",
            ),
            Arg(
                "free_french",
                "int",
                default=0,
                min=0,
                flag="--free-french",
                metavar="N",
                help="France: the infantry points whose roll was 1 or 2 (Surrender, France 4)",
            ),
            Arg(
                "refused",
                "bool",
                flag="--refused",
                help="su: the Axis refuses the Soviet surrender; it is never offered again (Surrender, Soviet Union 4)",
            ),
        ),
        rule="Surrender",
        places=("game",),
        check="_check_surrender",
        offer="_offer_surrender",
        cli_check=True,
    ),
    Move(
        "home-forces",
        "place an unaligned nation's home forces when the first attack on it is announced (HEX=N, at most three a hex)",
        "Place the home forces of an unaligned nation in its uncaptured hexes, all of them, at most three a hex "
        "(Unaligned Forces 1-4, 7; the home forces table; Vichy France 4).",
        (
            Arg("nation", required=True, metavar="NATION", help="the nation's code (pl, es, no...) or name"),
            Arg(
                "at",
                "list",
                required=True,
                metavar="HEX=N",
                convert=parse_placements,
                help="the points placed in a hex",
            ),
        ),
        rule="Unaligned Forces 1-4",
        places=("game",),
        check="_check_home_forces",
        offer="_offer_home_forces",
        when="_when_home_forces",
        cli_check=True,
    ),
] + VP_MOVES  # the VP track's (a scenario with one: mapref.rules.vpgame)

__all__ = ["FLAGS", "MOVES", "TITLE", "parse_costs", "parse_placements", "parse_points"]
