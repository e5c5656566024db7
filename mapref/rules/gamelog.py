"""A game's log: every action in order, who did it, in which step, with the rule.

The log is saved with the game (``[[log]]`` tables at the end of the file, docs/format.md) and is
what ``mapref log`` prints.  Each entry keeps what it takes to undo it (``undo``: the values the
action changed, as :mod:`mapref.rules.datapatch` operations), so ``mapref undo`` works in a later
process, and play by e-mail can read and take back the last move.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from mapref.io import tomlwrite as tw
from mapref.io.problems import Reader

LOG_KEYS = ("n", "turn", "side", "step", "by", "action", "did", "rule", "override", "undo")


@dataclass
class LogEntry:
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
        who = f" by {self.by}" if self.by else ""
        rule = f" [{self.rule}]" if self.rule else ""
        over = f" OVERRIDE: {self.override}" if self.override else ""
        return f"{self.n}. {self.turn}, {self.side} {self.step}{who}: {self.did}{rule}{over}"

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


def read_log(r: Reader, data: dict) -> list[LogEntry]:
    """The ``[[log]]`` array of a saved game (problems go to ``r`` with their lines)."""
    raw = data.get("log", [])
    if not isinstance(raw, list) or not all(isinstance(x, dict) for x in raw):
        r.expected("log", "an array of tables ([[log]] entries)", raw)
        return []
    out = []
    for i, e in enumerate(raw):
        w = "log"
        r.check_keys(e, LOG_KEYS, w, required=("n", "action", "did"))
        action = e.get("action", {})
        if not isinstance(action, dict) or not isinstance(action.get("verb"), str):
            r.expected(f"{w}.action", 'a table such as { verb = "move", from = "Q13", to = "R14" }', action)
            action = {"verb": "?"}
        undo = e.get("undo", [])
        if not isinstance(undo, list) or not all(isinstance(op, dict) and isinstance(op.get("at"), list) for op in undo):
            r.expected(f"{w}.undo", "an array of tables such as { at = [\"armies\", \"A\", \"at\"], was = \"Q13\" }", undo)
            undo = []
        out.append(LogEntry(r.int_(e, "n", w, i + 1, 1), r.str_(e, "turn", w), r.str_(e, "side", w), r.str_(e, "step", w),
                            dict(action), r.str_(e, "did", w), r.str_(e, "rule", w), r.str_(e, "by", w),
                            r.str_(e, "override", w), list(undo)))
    return out


def dumps_log(entries: list[LogEntry]) -> str:
    """The ``[[log]]`` tables, one entry per block (empty for no entries)."""
    out: list[str] = []
    for e in entries:
        out += ["", "[[log]]"]
        out += [tw.assign(k, v) for k, v in e.as_data().items()]
    return "\n".join(out) + ("\n" if out else "")


__all__ = ["LogEntry", "dumps_log", "read_log"]
