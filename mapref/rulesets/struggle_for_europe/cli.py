"""The command-line verbs of Struggle for Europe (``mapref VERB GAME.toml ...``)."""

from __future__ import annotations

from mapref.rules.ruleset import Action, Verb
from mapref.rulesets.struggle_for_europe.ruleset import legs

R = "Struggle for Europe"


def verbs() -> list[Verb]:
    def move_args(ap):
        ap.add_argument("frm", metavar="FROM", help="the location the counters leave")
        ap.add_argument("to", metavar="TO[=COUNTERS]", nargs="+",
                        help="where they go: a location or a half (sedan.e), with =COUNTERS the counters that go there, by id "
                             "(W3) or strength (2), comma-separated (default: all)")
        ap.add_argument("--card", choices=("truck", "naval"), default="truck",
                        help="the move card's icon: truck (land lines) or naval (naval lines too); default truck")
        ap.add_argument("--via", action="append", default=[], metavar="LOCATION",
                        help="one counter moving through several locations: a location it passes (repeat, in order)")

    def battle_args(ap):
        ap.add_argument("at", metavar="LOCATION")
        ap.add_argument("--attacker-air", type=int, default=None, metavar="N", help="the attacker's air power card value (required)")
        ap.add_argument("--defender-retreats", action="store_true", help="the defender retreats before battle")
        ap.add_argument("--defender-air", type=int, default=None, metavar="N", help="the defender's air power card value, if he plays one")
        ap.add_argument("--attacker-bonus", type=int, default=0, metavar="N", help="what the attacker's battle events add (Great Commander: 2)")
        ap.add_argument("--attacker-events", type=int, default=None, metavar="N", help="battle event cards the attacker played (default: 1 if a bonus)")
        ap.add_argument("--defender-bonus", type=int, default=0, metavar="N", help="what the defender's battle events add")
        ap.add_argument("--defender-events", type=int, default=None, metavar="N", help="battle event cards the defender played")
        ap.add_argument("--reinforce", default=None, metavar="COUNTER", help="the counter a Defender Reinforce Battle card brings in")
        ap.add_argument("--lose", action="append", default=[], metavar="COUNTER", help="a counter lost (repeat; the owners choose)")
        ap.add_argument("--retreat", action="append", default=[], metavar="[COUNTER=]LOCATION",
                        help="where the loser retreats: one location for all, or COUNTER=LOCATION each (repeat)")

    def battle_action(args, game) -> Action:
        d: dict = {"at": args.at}
        if args.attacker_air is not None:
            d["attacker_air"] = args.attacker_air
        if args.defender_retreats:
            d["retreat"] = True
        if args.defender_air is not None:
            d["defender_air"] = args.defender_air
        for k in ("attacker_bonus", "defender_bonus"):
            if getattr(args, k):
                d[k] = getattr(args, k)
        for k in ("attacker_events", "defender_events"):
            if getattr(args, k) is not None:
                d[k] = getattr(args, k)
        if args.reinforce:
            d["reinforce"] = args.reinforce
        if args.lose:
            d["losses"] = list(args.lose)
        if args.retreat:
            d["retreat_to"] = list(args.retreat)
        return Action("battle", d)

    def build_args(ap):
        ap.add_argument("strength", type=int, choices=(1, 2, 3), metavar="STRENGTH")
        ap.add_argument("at", metavar="LOCATION")
        ap.add_argument("--faction", default=None, help="western or soviet (the Allied player); the Axis needs none")

    def event_args(ap):
        ap.add_argument("--removed", action="store_true", help="the card is removed from the game (Coordinated Offensive)")
        ap.add_argument("--opponent-discards", type=int, default=0, metavar="N",
                        help="the other player discards N cards at random (Wolfpack, Destroyer Attack)")
        ap.add_argument("--note", default="", help="which event, for the log")

    def end_args(ap):
        ap.add_argument("--lose", action="append", default=[], metavar="COUNTER",
                        help="the counter lost in a location out of supply (owner's choice; repeat per location)")
        ap.add_argument("--last", action="store_true",
                        help="the Allied third deck has run out and the Allies have no playable cards: the game ends")

    def deck_args(ap):
        ap.add_argument("player", choices=("axis", "allies"))
        ap.add_argument("deck", type=int, choices=(1, 2, 3), metavar="DECK", help="the play deck now in use (3 again: an Axis reshuffle)")
        ap.add_argument("--cards", type=int, default=None, metavar="N", help="the cards in the new play deck, when counted")

    def set_args(ap):
        ap.add_argument("--hand", nargs=2, action="append", default=[], metavar=("PLAYER", "N"))
        ap.add_argument("--pile", nargs=2, action="append", default=[], metavar=("PLAYER", "N"))
        ap.add_argument("--recycle", nargs=2, action="append", default=[], metavar=("PLAYER", "N"))
        ap.add_argument("--flag", nargs=2, action="append", default=[], metavar=("LOCATION", "FACTION"),
                        help="a control flag (none: removed)")
        ap.add_argument("--bombing", type=int, default=None, metavar="N", help="the bombing marker (0: the black 0; "
                        "negative: left, the Axis side)")
        ap.add_argument("--remove", action="append", default=[], metavar="COUNTER")
        ap.add_argument("--at", nargs=2, action="append", default=[], metavar=("COUNTER", "SPACE"))

    def set_action(args, game) -> Action:
        d: dict = {}
        for k in ("hand", "pile", "recycle"):
            if getattr(args, k):
                try:
                    d[k] = {p: int(n) for p, n in getattr(args, k)}
                except ValueError:
                    raise ValueError(f"--{k} PLAYER N: N is a whole number") from None
        if args.flag:
            d["flag"] = {loc: f for loc, f in args.flag}
        if args.bombing is not None:
            d["bombing"] = args.bombing
        if args.remove:
            d["remove"] = list(args.remove)
        if args.at:
            d["at"] = {c: s for c, s in args.at}
        return Action("set", d)

    def one(name):
        return lambda ap: ap.add_argument("at", metavar=name)

    return [
        Verb("move", f"{R}: move counters with one move card; battles it causes wait for their result",
             "Move counters of one location to adjacent locations (several destinations: TO=COUNTERS each), or one counter "
             "through friendly locations (section 7.2).", move_args,
             lambda a, g: Action("move", {"from": a.frm, "moves": legs(a.to), "card": a.card,
                                          **({"via": list(a.via)} if a.via else {})}), check_only=True),
        Verb("attack", f"{R}: an attack operation in a contested location (opens a battle)",
             "Attack the enemy half of a contested location (section 7.2).", one("LOCATION"),
             lambda a, g: Action("attack", {"at": a.at}), check_only=True),
        Verb("battle", f"{R}: enter a battle's result: the cards' values, losses and retreats",
             "Enter what the players revealed in a battle; the referee computes the totals, the winner and the losses and "
             "checks the retreats (section 8).", battle_args, battle_action, check_only=True),
        Verb("build", f"{R}: build an army counter", "Build an army of strength 1-3 in a friendly, in-supply location "
             "(section 7.2).", build_args,
             lambda a, g: Action("build", {"strength": a.strength, "at": a.at, **({"faction": a.faction} if a.faction else {})}),
             check_only=True),
        Verb("fortress", f"{R}: build an Axis fortress in a half", "Build a fortress in a half of an Axis location in supply "
             "(section 7.2).", one("HALF"), lambda a, g: Action("fortress", {"at": a.at}), check_only=True),
        Verb("bomb", f"{R}: a strategic bombing operation", "Move the strategic bombing marker one space (section 7.2).",
             lambda ap: None, lambda a, g: Action("bomb")),
        Verb("discard", f"{R}: discard a card as an operation", "Discard one card (section 7.2).", lambda ap: None,
             lambda a, g: Action("discard")),
        Verb("event", f"{R}: play an event card as an operation", "Play an event (section 7.2).", event_args,
             lambda a, g: Action("event", {k: v for k, v in (("removed", a.removed), ("opponent_discards", a.opponent_discards),
                                                              ("note", a.note)) if v})),
        Verb("pass", f"{R}: pass an operation", "Pass (section 7.2).", lambda ap: None, lambda a, g: Action("pass")),
        Verb("end-turn", f"{R}: end the player turn: supply losses, the draw, the 7-point check",
             "End the active player's turn (sections 7, 8 Supply Lines, 9).", end_args,
             lambda a, g: Action("end-turn", {k: v for k, v in (("losses", list(a.lose)), ("last", a.last)) if v}),
             check_only=True),
        Verb("deck", f"{R}: record a player's new play deck", "Record that a player's play deck ran out and the next one "
             "was made (section 6).", deck_args,
             lambda a, g: Action("deck", {"player": a.player, "deck": a.deck, **({"cards": a.cards} if a.cards is not None else {})})),
        Verb("set", f"{R}: a referee's correction (cards, a flag, the bombing marker, a counter)",
             "Correct the record: cards in a hand, play deck or recycle pile, a control flag, the bombing marker, or a counter "
             "moved or removed.", set_args, set_action),
    ]


__all__ = ["verbs"]
