"""A game's log: every action in order, who did it, in which step, with the rule.

The log is saved with the game (``[[log]]`` tables at the end of the file, docs/format.md) and is
what ``mapref log`` prints.  Each entry keeps what it takes to undo it (``undo``: the values the
action changed, as :mod:`mapref.rules.datapatch` operations), so ``mapref undo`` works in a later
process, and play by e-mail can read and take back the last move.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

from mapref.io import tomlwrite as tw
from mapref.io.problems import MAX_DEPTH, Reader, show_value

# what may be a space's id in a sentence: a hex label (P10), an off-map box, a location or a half
# (compiled when first used, re keeps it: a command that reads a log starts without compiling it;
# :data:`SPACE_TOKEN` gives it compiled)
_SPACE_TOKEN = r"box:[A-Za-z_]+|\b[A-Z]{1,2}\d{1,3}\b|\b[a-z][a-z_]*(?:\.[a-z]+)?\b"

TYPE_CHECKING = False  # (typing is not imported at run time, as in mapref.rules.ruleset)
if TYPE_CHECKING:
    SPACE_TOKEN: re.Pattern[str]


def __getattr__(name: str) -> object:
    if name == "SPACE_TOKEN":
        return re.compile(_SPACE_TOKEN)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _surrogate(v: str) -> bool:
    """Whether ``v`` holds a surrogate code point (U+D800-U+DFFF): the one thing UTF-8 cannot
    encode, so this is ``re.search(r"[\\ud800-\\udfff]", v)`` without compiling that pattern
    (about half a millisecond at every start, issue 34)."""
    try:
        v.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


LOG_KEYS = ("n", "turn", "side", "step", "by", "action", "did", "rule", "override", "undo")


@dataclass
class LogEntry:
    """One action of a game's log: when and by whom it was done, what it did and how to undo it."""

    n: int  # 1, 2, 3... in the order the actions were done
    turn: str  # the game's turn when it was done ("summer 1941")
    side: str  # the side whose turn it was
    step: str  # the step of the sequence of play ("movement (land)")
    action: dict  # the action as data: {verb = "move", from = "Q13", ...}
    did: str  # one line: what it did
    rule: str = ""  # the rules applied or cited
    by: str = ""  # who did it, when not the side to play ("referee")
    override: str = ""  # advisory mode: the rule overridden and the referee's reason
    undo: list[dict] = field(default_factory=list)  # datapatch operations back to the position before
    redo: list[dict] = field(default_factory=list, repr=False)  # in memory and the journal only

    @property
    def verb(self) -> str:
        return str(self.action.get("verb", ""))

    def line(self) -> str:
        """``12. summer 1941, axis movement (land): move ... [Movement 1-5]``"""
        over = f" OVERRIDE: {self.override}" if self.override else ""
        return self.head(self.step) + over

    def head(self, step: str) -> str:
        """The entry's number, when and by whom, what it did and its rule, the step as ``step``
        names it: ``12. summer 1941, axis movement (land): move ... [Movement 1-5]``; a game
        without turns, sides or steps says only what it has (``3. move ...``)."""
        when = ", ".join(x for x in (self.turn, " ".join(x for x in (self.side, step) if x)) if x)
        who = f" by {self.by}" if self.by else ""
        rule = f" [{self.rule}]" if self.rule else ""
        return f"{self.n}. {when}{who}: {self.did}{rule}" if when or who else f"{self.n}. {self.did}{rule}"

    def as_data(self, with_redo: bool = False) -> dict:
        d: dict = {"n": self.n, "turn": self.turn, "side": self.side, "step": self.step}
        if self.by:
            d["by"] = self.by
        d["action"] = dict(self.action)
        d["did"] = self.did
        if self.rule:
            d["rule"] = self.rule
        if self.override:
            d["override"] = self.override
        d["undo"] = list(self.undo)
        if with_redo:
            d["redo"] = list(self.redo)
        return d


OP_KEYS = ("at", "was", "order")


def plain_problem(v: object, depth: int = 0) -> str:
    """Why ``v`` cannot be kept in a log ("" when it can): a log entry is written to the game as
    TOML and to the crash journal as JSON, so it holds strings, true/false, integers of 64 bits,
    finite numbers, arrays and tables, nested at most :data:`MAX_DEPTH` deep; never a date."""
    if isinstance(v, str):
        return "" if not _surrogate(v) else "text that is not valid Unicode"
    if isinstance(v, bool):
        return ""
    if isinstance(v, int):
        return "" if -(2**63) <= v < 2**63 else "an integer beyond 64 bits"
    if isinstance(v, float):
        return "" if math.isfinite(v) else "a number that is not finite"
    if depth >= MAX_DEPTH and isinstance(v, (list, tuple, dict)):
        return f"values nested more than {MAX_DEPTH} deep"
    if isinstance(v, (list, tuple)):  # (an action built in code may hold a tuple: it is written as an array)
        return next((p for p in (plain_problem(x, depth + 1) for x in v) if p), "")
    if isinstance(v, dict):
        return next((p for p in (plain_problem(x, depth + 1) for x in v.values()) if p), "")
    return f"a {type(v).__name__}, which a log cannot hold" if not hasattr(v, "isoformat") else "a date or time"


def op_problem(op: object) -> str:
    """Why ``op`` is not a :mod:`mapref.rules.datapatch` operation ("" when it is)."""
    if not isinstance(op, dict) or set(op) - set(OP_KEYS) or "at" not in op:
        return 'expected tables such as { at = ["armies", "A", "at"], was = "Q13" }'
    at = op["at"]
    if not isinstance(at, list) or not all(isinstance(k, str) for k in at) or not (at or "order" in op):
        return 'expected at = a list of keys, such as ["armies", "A", "at"]'
    if "order" in op and (
        not isinstance(op["order"], list) or not all(isinstance(k, str) for k in op["order"]) or "was" in op
    ):
        return "expected order = a list of keys (and no was)"
    return plain_problem(op["was"]) if "was" in op else ""


def spaces_named(board, text: str = "", args=None) -> list[str]:
    """The spaces of ``board`` an action's arguments (``args``, any nesting) and a sentence
    (``text``: what it did) name, in order, each once."""
    out: list[str] = []

    def add(v) -> None:
        if isinstance(v, str):
            if v not in out and board.space(v) is not None:
                out.append(v)
        elif isinstance(v, (list, tuple)):
            for x in v:
                add(x)
        elif isinstance(v, dict):
            for x in v.values():
                add(x)

    add(args or {})
    for tok in re.findall(_SPACE_TOKEN, text or ""):
        add(tok)
    return out


def read_entry(r: Reader, e: object, i: int, w: str = "log", with_redo: bool = False) -> LogEntry | None:
    """One log entry (a ``[[log]]`` table, or a journal's record with ``redo``); its problems go
    to ``r``; None when it is not a table."""
    if not isinstance(e, dict):
        r.expected(w, "a table (a log entry)", e)
        return None
    r.check_keys(e, LOG_KEYS + (("redo",) if with_redo else ()), w, required=("n", "action", "did"))
    action = e.get("action", {})
    if not isinstance(action, dict) or not isinstance(action.get("verb"), str):
        r.expected(f"{w}.action", 'a table such as { verb = "move", from = "Q13", to = "R14" }', action)
        action = {"verb": "?"}
    elif plain_problem(action):
        r.error(f"{w}.action", f"expected plain values, got {plain_problem(action)}")
    patches = {}
    for k in ("undo", "redo") if with_redo else ("undo",):
        ops = e.get(k, [])
        bad = (
            "expected an array of tables" if not isinstance(ops, list) else next(filter(None, map(op_problem, ops)), "")
        )
        if bad:
            r.error(f"{w}.{k}", f"{bad}, got {show_value(ops)}" if not isinstance(ops, list) else bad)
            ops = []
        patches[k] = list(ops)
    return LogEntry(
        r.int_(e, "n", w, i + 1, 1),
        r.str_(e, "turn", w),
        r.str_(e, "side", w),
        r.str_(e, "step", w),
        dict(action),
        r.str_(e, "did", w),
        r.str_(e, "rule", w),
        r.str_(e, "by", w),
        r.str_(e, "override", w),
        patches["undo"],
        patches.get("redo", []),
    )


def read_log(r: Reader, data: dict) -> list[LogEntry]:
    """The ``[[log]]`` array of a saved game (problems go to ``r`` with their lines)."""
    raw = data.get("log", [])
    if not isinstance(raw, list) or not all(isinstance(x, dict) for x in raw):
        r.expected("log", "an array of tables ([[log]] entries)", raw)
        return []
    return [e for e in (read_entry(r, x, i) for i, x in enumerate(raw)) if e is not None]


def dumps_log(entries: list[LogEntry]) -> str:
    """The ``[[log]]`` tables, one entry per block (empty for no entries)."""
    out: list[str] = []
    for e in entries:
        out += ["", "[[log]]"]
        out += [tw.assign(k, v) for k, v in e.as_data().items()]
    return "\n".join(out) + ("\n" if out else "")


__all__ = [
    "LogEntry",
    "SPACE_TOKEN",
    "dumps_log",
    "op_problem",
    "plain_problem",
    "read_entry",
    "read_log",
    "spaces_named",
]
