"""Victory conditions as data, and the one evaluator every game uses.

A scenario states its conditions in ``[victory.ID]`` tables (docs/format.md), each with the
rule it encodes and its words::

    [victory.axis]
    rule = "Barbarossa victory conditions 1"
    text = "The Axis wins at the moment it controls Leningrad, Moscow and Stalingrad together."
    type = "hold_all"          # what must be true (below)
    side = "axis"              # who must hold the spaces
    spaces = ["T15", "Q17", "M19"]
    when = "immediate"         # at the moment it holds ("immediate"), when the game ends ("end"),
                               # or at the end of a side's player turn ("turn_end", with turn_of)

Types:

=============== =======================================================================
``hold_all``    ``side`` holds every space of ``spaces``
``hold_any``    one of ``sides`` (or ``side``) holds one of ``spaces``
``hold_n``      ``side`` holds at least ``count`` of ``spaces`` ("control 4 of these 8")
``production``  ``side``'s production is at least ``ratio`` (``[2, 3]``: two thirds) of
                ``versus``'s; ``printed = true`` counts every friendly production point,
                devastated or not
``vp``          ``side``'s victory points from ``values`` (space -> points, of spaces it
                holds; ``enemy_start = true``: only spaces it did not hold at the start), plus
                the points the game's ``tracks`` give it (Struggle for Europe's strategic
                bombing track), lead the ``versus`` side's by at least ``margin``
``default``     always true: "the Soviet player wins if they prevent..." (with ``when = "end"``)
``all``         every condition listed in ``of`` holds ("4 of these 8 ... and ... 4 of those
                8"); the listed ones say ``role = "part"`` so that they decide nothing alone
``track``       the scenario's VP track decides (:mod:`mapref.rules.vptrack`): ``when =
                "immediate"`` an Automatic Victory, ``when = "end"`` the final score; the
                winner is the side the track names (the ruleset's ``Facts.track()``)
``note``        not evaluated: a condition the players or the ruleset's own code judge
=============== =======================================================================

``when = "turn_end"`` with ``turn_of = SIDE`` checks a condition at the end of that side's player
turn only ("The Axis player has a 7 victory point differential at the end of an Allied player
turn"): the ruleset says which turn has just ended (``Facts.turn_ended``), and such a condition
decides then as an immediate one does.

``hold_all`` and ``hold_n`` count the spaces held by ``side``, or by any of ``sides`` ("the
European Axis powers": ``sides = ["germany", "italy"]``, ``winner = "axis"``).  ``phase``
restricts a condition to a step of play: it is checked only while the game's ``Facts.phase`` is
that step ("during any given strategic missions phase").

``winner`` names who wins when it is not ``side``.  ``effect = "end"`` makes a condition end
the game instead of deciding it (The Fall of Germany: the capture of Berlin ends the game; the
``when = "end"`` conditions then decide).  ``role`` puts a condition in another contest reported
beside the main one (``role = "two_player"``: The Fall of Germany special rule 1).  Conditions are
checked in the order they are written; in each contest the first that holds decides.

A ruleset answers the questions (:class:`Facts`); :func:`evaluate` returns the result the
referee reports (winner, the condition's words, the rule, whether it was at once).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from mapref.io.problems import Reader

TYPE_CHECKING = False  # typing is not imported at run time: the command line starts quicker (issue 34)
if TYPE_CHECKING:
    from typing import Protocol
else:
    Protocol = object  # (a protocol is for the type checkers: a plain class at run time)

TYPES = ("hold_all", "hold_any", "hold_n", "production", "vp", "default", "all", "track", "note")
WHENS = ("immediate", "end", "turn_end")
KEYS = (
    "rule",
    "text",
    "type",
    "side",
    "sides",
    "winner",
    "spaces",
    "hexes",
    "count",
    "ratio",
    "versus",
    "printed",
    "values",
    "enemy_start",
    "tracks",
    "margin",
    "when",
    "turn_of",
    "effect",
    "role",
    "code",
    "of",
    "phase",
)


@dataclass
class Condition:
    """One victory condition of a scenario as its file states it."""

    id: str
    rule: str
    text: str
    type: str = "note"
    side: str = ""
    sides: tuple[str, ...] = ()
    winner: str = ""
    spaces: tuple[str, ...] = ()
    count: int = 0
    ratio: tuple[int, int] = (1, 1)
    versus: str = ""
    printed: bool = False
    values: dict[str, int] = field(default_factory=dict)
    enemy_start: bool = False
    tracks: tuple[str, ...] = ()  # tracks whose points count (Facts.track_points)
    margin: int = 0
    when: str = "end"
    turn_of: str = ""  # with when = "turn_end": the side whose player turn ends
    effect: str = "win"
    role: str = "win"
    code: str = ""
    of: tuple[str, ...] = ()  # type "all": the conditions that must all hold
    phase: str = ""  # checked only in this step of play ("" = always)

    @property
    def hexes(self) -> tuple[str, ...]:  # the name format 1 scenarios use
        return self.spaces

    def who(self) -> str:
        return self.winner or self.side

    def holders(self) -> tuple[str, ...]:
        """Who counts as holding a space for this condition: ``sides``, else ``side``."""
        return self.sides or ((self.side,) if self.side else ())


class Facts(Protocol):
    """What the evaluator asks a game."""

    over: bool

    def holder(self, space: str) -> str | None: ...

    def start_holder(self, space: str) -> str | None: ...

    def production(self, side: str, printed: bool) -> int: ...

    # optional: the points a track gives a side (vp conditions with ``tracks``), and the side
    # whose player turn has just ended (``turn_end`` conditions); a game without them has none
    # def track_points(self, side: str, track: str) -> int: ...
    # turn_ended: str | None


NEEDS = {  # what a condition of each type needs
    "hold_all": ("side", "spaces"),
    "hold_any": ("spaces",),
    "hold_n": ("side", "spaces", "count"),
    "all": ("of",),
    "production": ("side", "versus"),
    "vp": ("side", "versus", "values"),
    "default": (),
}


def read_conditions(r: Reader, data: dict, sides: tuple[str, ...]) -> list[Condition]:
    """The ``[victory.*]`` tables of a scenario (problems go to ``r`` with their lines)."""
    out = []
    table = r.table(data, "victory", "")
    for cid, t in table.items():
        w = f"victory.{cid}"
        if not isinstance(t, dict):
            r.expected(w, "a table with rule, text and type", t)
            continue
        out.append(_read_condition(r, cid, t, w, sides))
    ids = {c.id for c in out}
    for c in out:
        for x in c.of:
            if x not in ids or x == c.id:
                r.expected(f"victory.{c.id}.of", "the ids of other [victory.*] conditions of the scenario", x)
    return out


def _read_condition(r: Reader, cid: str, t: dict, w: str, sides: tuple[str, ...]) -> Condition:
    """One ``[victory.ID]`` table ``t`` (at ``w``)."""
    r.check_keys(t, KEYS, w, required=("rule", "text"))
    c = Condition(
        cid,
        r.str_(t, "rule", w),
        r.str_(t, "text", w),
        r.str_(t, "type", w, "note", choices=TYPES),
        code=r.str_(t, "code", w),
    )
    sidechoices = tuple(sides)
    c.side = r.str_(t, "side", w, "", choices=sidechoices) if "side" in t else ""
    c.winner = r.str_(t, "winner", w)
    c.versus = r.str_(t, "versus", w, "", choices=sidechoices) if "versus" in t else ""
    _read_lists(r, t, w, c, sides)
    c.count = r.int_(t, "count", w, 0, 0, 9999)
    if "ratio" in t:
        _read_ratio(r, t["ratio"], w, c)
    c.printed = r.bool_(t, "printed", w)
    vals = r.table(t, "values", w)
    c.values = {k: r.int_(vals, k, f"{w}.values", 0, -999, 999) for k in vals}
    c.enemy_start = r.bool_(t, "enemy_start", w)
    c.margin = r.int_(t, "margin", w, 0, 0, 9999)
    _read_when(r, t, w, c, sidechoices)
    c.effect = r.str_(t, "effect", w, "win", choices=("win", "end"))
    c.role = r.str_(t, "role", w, "win")
    c.phase = r.str_(t, "phase", w)
    _check_needs(r, t, w, c)
    return c


def _read_lists(r: Reader, t: dict, w: str, c: Condition, sides: tuple[str, ...]) -> None:
    """The arrays of strings: ``sides``, ``spaces`` (or ``hexes``), ``tracks`` and ``of``."""
    for k in ("sides", "spaces", "hexes", "tracks", "of"):
        v = t.get(k, [])
        if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
            r.expected(f"{w}.{k}", "an array of strings", v)
            v = []
        if k == "sides":
            bad = [x for x in v if x not in sides]
            if bad:
                r.expected(f"{w}.sides", "sides of the scenario (" + ", ".join(sides) + ")", bad[0])
            c.sides = tuple(x for x in v if x in sides)
        elif k == "tracks":
            c.tracks = tuple(v)
        elif k == "of":
            c.of = tuple(v)
        elif v:
            c.spaces = tuple(v)


def _read_ratio(r: Reader, v, w: str, c: Condition) -> None:
    if (
        not isinstance(v, list)
        or len(v) != 2
        or not all(isinstance(x, int) and not isinstance(x, bool) and x > 0 for x in v)
    ):
        r.expected(f"{w}.ratio", "two positive integers such as [2, 3] (two thirds)", v)
    else:
        c.ratio = (v[0], v[1])


def _read_when(r: Reader, t: dict, w: str, c: Condition, sidechoices: tuple[str, ...]) -> None:
    """``when`` and ``turn_of`` (only a condition checked at a side's turn end has one)."""
    c.when = r.str_(t, "when", w, "end", choices=WHENS)
    c.turn_of = r.str_(t, "turn_of", w, "", choices=sidechoices) if "turn_of" in t else ""
    if c.when == "turn_end" and not c.turn_of:
        r.error(w, 'a condition with when = "turn_end" needs "turn_of" (the side whose player turn ends)')
    if c.turn_of and c.when != "turn_end":
        r.error(f"{w}.turn_of", 'only a condition with when = "turn_end" has "turn_of"')


def _check_needs(r: Reader, t: dict, w: str, c: Condition) -> None:
    """What a condition of its type needs (NEEDS), and a winner where the type needs one."""
    for k in NEEDS.get(c.type, ()):
        if k == "side" and c.sides and c.type in ("hold_all", "hold_n"):
            if not c.who():
                r.error(w, f'a condition of type "{c.type}" held by several sides needs "winner"')
            continue
        if not getattr(c, k) and not (k == "spaces" and "hexes" in t):
            r.error(w, f'a condition of type "{c.type}" needs "{k}"')
    if c.type == "default" and not c.who():
        r.error(w, 'a condition of type "default" needs "winner" (or "side")')
    if c.type == "hold_any" and not (c.sides or c.side):
        r.error(w, 'a condition of type "hold_any" needs "sides" (or "side")')


def conditions_data(conds: list[Condition]) -> dict:
    """Back to the tables they were read from (for writers and ``--json``)."""
    out = {}
    for c in conds:
        d: dict = {"rule": c.rule, "text": c.text, "type": c.type}
        for k in ("side", "winner", "versus", "code"):
            if getattr(c, k):
                d[k] = getattr(c, k)
        if c.sides:
            d["sides"] = list(c.sides)
        if c.spaces:
            d["spaces"] = list(c.spaces)
        if c.count:
            d["count"] = c.count
        if c.ratio != (1, 1):
            d["ratio"] = list(c.ratio)
        if c.printed:
            d["printed"] = True
        if c.values:
            d["values"] = dict(c.values)
        if c.enemy_start:
            d["enemy_start"] = True
        if c.tracks:
            d["tracks"] = list(c.tracks)
        if c.margin:
            d["margin"] = c.margin
        d["when"] = c.when
        if c.turn_of:
            d["turn_of"] = c.turn_of
        if c.effect != "win":
            d["effect"] = c.effect
        if c.role != "win":
            d["role"] = c.role
        if c.of:
            d["of"] = list(c.of)
        if c.phase:
            d["phase"] = c.phase
        out[c.id] = d
    return out


# ------------------------------------------------------------------------------ evaluating
def holds(c: Condition, f: Facts, conds: list[Condition] | None = None) -> tuple[bool, str]:
    """Whether a condition holds now, and the figures behind it (for the report).  ``conds``:
    the scenario's conditions (what ``all`` refers to)."""
    if c.phase and getattr(f, "phase", None) != c.phase:
        return False, ""
    if c.type == "hold_all":
        held = [s for s in c.spaces if f.holder(s) in c.holders()]
        return len(held) == len(c.spaces), f"{_who(c)} holds {len(held)} of {len(c.spaces)}"
    if c.type == "all":
        parts = [x for x in (conds or []) if x.id in c.of]
        got = [holds(x, f, conds) for x in parts]
        return bool(parts) and all(ok for ok, _ in got), "; ".join(fig for _, fig in got if fig)
    if c.type == "track":
        res = _track(f, c)
        return res is not None, (res or {}).get("condition", "")
    if c.type == "hold_any":
        who = c.sides or (c.side,)
        held = [s for s in c.spaces if f.holder(s) in who]
        return bool(held), (f"{', '.join(held)} held by {f.holder(held[0])}" if held else "")
    if c.type == "hold_n":
        held = [s for s in c.spaces if f.holder(s) in c.holders()]
        return len(held) >= c.count, f"{_who(c)} holds {len(held)} of {len(c.spaces)}, needs {c.count}"
    if c.type == "production":
        a, b = f.production(c.side, c.printed), f.production(c.versus, c.printed)
        num, den = c.ratio
        return a * den >= b * num, f"{c.side} production {a}, {c.versus} {b}"
    if c.type == "vp":
        a, b = victory_points(c, f, c.side), victory_points(c, f, c.versus)
        return a - b >= c.margin, f"{c.side} {a} victory points, {c.versus} {b}"
    if c.type == "default":
        return True, ""
    return False, ""


def disagreements(conds: list[Condition]) -> list[str]:
    """Warnings for a scenario whose end conditions can name different winners: a condition that
    always decides at the end of the game (``default``; ``track``, whose final score always names
    a winner) before another end condition of the same contest, which then never decides."""
    out = []
    for role in dict.fromkeys(c.role for c in conds):
        ends = [c for c in conds if c.role == role and c.effect == "win" and c.when == "end" and c.type != "note"]
        for i, c in enumerate(ends):
            if c.type in ("default", "track") and i + 1 < len(ends):
                later = ", ".join(f"victory.{x.id}" for x in ends[i + 1 :])
                out.append(
                    f"victory.{c.id} always decides at the end of the game ({c.type}), so {later} after it never "
                    f"does: the two can name different winners (the first that holds wins; order them or drop one)"
                )
                break
    return out


def _who(c: Condition) -> str:
    return " and ".join(c.holders()) or c.who()


def _track(f: Facts, c: Condition) -> dict | None:
    """The VP track's result for a ``track`` condition: an automatic victory (``when =
    "immediate"``) or the final score (``when = "end"``), or None."""
    fn = getattr(f, "track", None)
    res = fn() if callable(fn) else None
    if not res:
        return None
    return res if (res.get("how") == "automatic") == (c.when == "immediate") else None


def victory_points(c: Condition, f: Facts, side: str) -> int:
    total = 0
    for space, v in c.values.items():
        if f.holder(space) == side and not (c.enemy_start and f.start_holder(space) == side):
            total += v
    points = getattr(f, "track_points", None)  # optional (Facts): a game without tracks has none
    for track in c.tracks:
        total += points(side, track) if points is not None else 0
    return total


def _now(c: Condition, f: Facts, when: str) -> bool:
    """Is ``c`` checked at this moment?  ``turn_end`` conditions count as immediate at the end
    of their side's player turn."""
    if c.when == "turn_end":
        return when == "immediate" and c.turn_of == getattr(f, "turn_ended", None)
    return c.when == when


def _decide(
    conds: list[Condition], f: Facts, when: str, every: list[Condition] | None = None
) -> tuple[Condition, str] | None:
    for c in conds:
        if c.type == "note" or c.effect != "win" or not _now(c, f, when):
            continue
        ok, figures = holds(c, f, every if every is not None else conds)
        if ok:
            return c, figures
    return None


def _winner(c: Condition, f: Facts) -> str:
    if c.type == "track":
        return (_track(f, c) or {}).get("winner", "") or c.who()
    return c.who()


def evaluate(conds: list[Condition], f: Facts) -> dict | None:
    """The game's result now, or None while no condition has decided it.

    ``winner``, ``condition`` (the condition's words, with the figures that decided), ``rule``,
    ``immediate`` (decided at the moment it happened, not at the end of the game), and one
    ``ROLE`` / ``ROLE_rule`` pair per other contest (``two_player``)."""
    main = [c for c in conds if c.role == "win"]
    immediate, ended = False, f.over
    found = _decide(main, f, "immediate", conds)
    if found is not None:
        immediate = True
    else:
        for c in main:
            if c.effect == "end" and _now(c, f, "immediate") and holds(c, f, conds)[0]:
                immediate = ended = True
                break
        if not ended:
            return None
        found = _decide(main, f, "end", conds)
    if found is None:
        return None
    c, figures = found
    out = {
        "winner": _winner(c, f),
        "condition": c.text + (f" ({figures})" if figures else ""),
        "rule": c.rule,
        "immediate": immediate,
    }
    for role in dict.fromkeys(x.role for x in conds if x.role not in ("win", "part")):
        group = [x for x in conds if x.role == role]
        got = _decide(group, f, "immediate", conds) or _decide(group, f, "end", conds)
        if got is not None:
            out[role] = _winner(got[0], f)
            out[f"{role}_rule"] = got[0].rule
    return out


__all__ = [
    "Condition",
    "Facts",
    "TYPES",
    "conditions_data",
    "disagreements",
    "evaluate",
    "holds",
    "read_conditions",
    "victory_points",
]
