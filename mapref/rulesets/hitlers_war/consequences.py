"""What an effect sets off, declared once (issue 32): a check returns only its direct effects and
names the events among them (:class:`.results.Attacked`, :class:`.results.Captured`); :data:`FOLLOWS` says what each event sets
off, in order, and :func:`follow` works it out on the position the event happened in.

- an attack (its losses entered): war with the Axis or a nation at war (Entry into the War; The
  Soviet Union 5; Violation of neutrality 1);
- a hex captured, by an army's advance or by isolation (Determine supply 7; rulings R66): war with
  the Axis (The Soviet Union 5: an attack, so not by isolation), a capital's surrender (Surrender,
  Other countries 1-5), Vichy France dissolved when the Allies take Vichy (Vichy France 6), the
  morale chart's events (National morale chart; National Morale 4).

A victory that a change brings about is the engine's follow-up (``HitlersWar.follow_up``:
:func:`.victory.victory_commands`), after every action.  Nothing here changes the state: each
handler returns commands and messages.
"""

from __future__ import annotations

from mapref.rulesets.hitlers_war.results import Attacked, Captured, CombatCheck
from mapref.rulesets.hitlers_war.morale import capture_morale, morale_commands
from mapref.rulesets.hitlers_war.politics import after_attack, capital_surrender
from mapref.rulesets.hitlers_war.surrender import dissolve_vichy

VICHY_HEX = "M8"  # Vichy France 6


def _war(cx, e: Attacked | Captured) -> tuple[list, list[str]]:
    """The Soviet Union 5 and Entry into the War: what an attack sets off, the attack that took a
    hex too (a capture by isolation is none)."""
    if isinstance(e, Captured) and not e.by_army:
        return [], []
    return after_attack(cx, e.side, e.space, list(e.defenders))


def _capital(cx, e: Captured) -> tuple[list, list[str]]:
    return capital_surrender(cx, e.side, e.space)


def _vichy(cx, e: Captured) -> tuple[list, list[str]]:
    if e.side == "allies" and e.space == VICHY_HEX and cx.scenario.has("surrender"):
        r = dissolve_vichy(cx, by="the Allied capture of Vichy (M8)")
        if r.ok:
            return r.commands, r.messages
    return [], []


def _morale(cx, e: Captured) -> tuple[list, list[str]]:
    changes, what = capture_morale(cx, e.side, e.space, by_army=e.by_army)
    return morale_commands(cx, changes, "; ".join(what)) if changes else ([], [])


# event -> what it sets off, in this order
FOLLOWS = {Attacked: (_war,), Captured: (_war, _capital, _vichy, _morale)}


def follow(cx, events) -> tuple[list, list[str]]:
    """The commands and messages of what ``events`` set off, worked out on ``cx``: the position
    before the events' own commands are applied."""
    cmds: list = []
    msgs: list[str] = []
    for e in events:
        for handler in FOLLOWS[type(e)]:
            c, m = handler(cx, e)
            cmds += c
            msgs += m
    return cmds, msgs


def completed(cx, r: CombatCheck) -> CombatCheck:
    """A check's result with what its events set off added after its own effects."""
    if r.ok and r.events:
        c, m = follow(cx, r.events)
        r.commands += c
        r.messages += m
        r.events = []
    return r
