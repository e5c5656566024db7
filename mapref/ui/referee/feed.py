"""The messages and log panel of the referee's window: every result (the log entry the session
made, with the rule it applied and what followed) and every refusal (its reason and rule) in
full, oldest first; undone entries struck through.  A click on a line outlines its spaces on the
board, centres the first, and selects the piece it names.
"""

from __future__ import annotations

import re
import tkinter as tk
from tkinter import ttk

from mapref.rules.gamelog import spaces_named
from mapref.rules.ruleset import Action, Outcome

_PLAIN_WORD = re.compile(r"[a-z]+(?:['-][a-z]+)*(?=[\s:,;!?)]|$)")


def sentence(text: str) -> str:
    """``text`` with a capital first letter, when it starts with a plain word: a file's name
    ("h.toml: ..."), a space's id or a code is shown as it is spelt."""
    return text[:1].upper() + text[1:] if _PLAIN_WORD.match(text) else text


class Feed:
    """The panel (a frame for the window's lower pane) and what it shows (:attr:`items`)."""

    def __init__(self, master: tk.Misc, window) -> None:
        self.window = window
        self.items: list[dict] = []
        frame = self.frame = ttk.Frame(master)
        head = ttk.Frame(frame)
        head.pack(fill="x")
        ttk.Label(head, text="Messages and log", font=("DejaVu Sans", 9, "bold")).pack(side="left", padx=4)
        ttk.Label(
            head, text="(click a line to see its spaces on the board)", foreground="#666666", font=("DejaVu Sans", 8)
        ).pack(side="left")
        t = self.text = tk.Text(
            frame,
            height=4,
            wrap="word",
            relief="flat",
            background="#fbfaf5",
            font=("DejaVu Sans", 9),
            cursor="arrow",
            padx=4,
        )
        sb = ttk.Scrollbar(frame, orient="vertical", command=t.yview)
        t.configure(yscrollcommand=sb.set)
        sb.pack(side="right", fill="y")
        t.pack(fill="both", expand=True)
        t.tag_configure("refused", foreground="#b00020")
        t.tag_configure("override", foreground="#a15c00")
        t.tag_configure("info", foreground="#555555")
        t.tag_configure("undone", foreground="#9a9a9a", overstrike=True)
        t.tag_configure("detail", lmargin1=18, lmargin2=18, foreground="#333333")
        t.tag_configure("current", background="#fff3b0")
        t.configure(state="disabled")

    @property
    def session(self):
        return self.window.session

    def reset(self) -> None:
        """The game's own log (a game opened, another started)."""
        self.items = [{"kind": "log", "entry": e, "details": []} for e in self.session.log]
        self.render()

    def tell(self, text: str, kind: str = "info", spaces=()) -> None:
        """A message in the panel (in full) and its first line in the status bar."""
        self.items.append({"kind": kind, "text": text, "spaces": list(spaces) or self.spaces_in(text)})
        self.window.status.set(text.splitlines()[0] if text else "")
        self.render()

    def show(self, action: Action, out: Outcome) -> None:
        """The one place an outcome becomes what the referee sees: a result is the new log entry
        with what it did and the rule, a refusal its reason and rule in full."""
        if out.ok:
            entry = self.session.log[-1] if self.session.log else None
            details = [m for m in out.messages if m and m != (entry.did if entry else "")]
            if entry is not None:
                self.items.append({"kind": "log", "entry": entry, "details": details})
            rule = f" [{out.rule}]" if out.rule else ""
            self.window.status.set(("; ".join(out.messages) or out.label) + rule)
        else:
            text = sentence(out.refusal)
            self.items.append({"kind": "refused", "text": text, "spaces": self.spaces_in(text, action.args)})
            self.window.status.set(text)
        self.render()

    def spaces_in(self, text: str = "", args=None) -> list[str]:
        """The spaces an action's arguments and a message name, in order."""
        return spaces_named(self.session.board, text, args)

    def render(self) -> None:
        t = self.text
        t.configure(state="normal")
        t.delete("1.0", "end")
        live = {id(e) for e in self.session.log}
        for i, item in enumerate(self.items):
            tag = f"feed:{i}"
            if item["kind"] == "log":
                e = item["entry"]
                gone = id(e) not in live
                tags = [tag] + (["undone"] if gone else []) + (["override"] if e.override else [])
                t.insert("end", self.log_line(e) + ("  (undone)" if gone else "") + "\n", tuple(tags))
                for d in item["details"]:
                    t.insert("end", d + "\n", (tag, "detail") + (("undone",) if gone else ()))
            else:
                t.insert("end", item["text"] + "\n", (tag, item["kind"]))
            t.tag_bind(tag, "<Button-1>", lambda e, i=i: self.goto(i))
        t.configure(state="disabled")
        t.see("end")

    def log_line(self, e) -> str:
        """A log entry as the panel shows it: its step by name, the rule, the override with its reason."""
        over = f"\n    AGAINST THE RULES: {e.override}" if e.override else ""
        return e.head(self.session.ruleset.step_name(e.step)) + over

    def lines(self) -> list[str]:
        """The panel's text, a line each (tests read it)."""
        return self.text.get("1.0", "end").strip("\n").splitlines()

    def spaces(self, i: int) -> list[str]:
        item = self.items[i]
        if item["kind"] == "log":
            e = item["entry"]
            return self.spaces_in(
                " ".join([e.did, *item["details"]]), {k: v for k, v in e.action.items() if k != "verb"}
            )
        return list(item.get("spaces", []))

    def goto(self, i: int) -> None:
        """A click on a line: its spaces outlined on the board, the first one centred, the piece
        it names selected."""
        if not 0 <= i < len(self.items):
            return
        t = self.text
        t.tag_remove("current", "1.0", "end")
        r = t.tag_ranges(f"feed:{i}")
        if r:
            t.tag_add("current", r[0], r[-1])
        w = self.window
        spaces = self.spaces(i)
        w.canvas.outline(spaces)
        if spaces:
            w.canvas.centre_on_space(spaces[0])
        item = self.items[i]
        if item["kind"] == "log":
            e = item["entry"]
            text = " ".join([e.did, *item["details"]])
            values = [v for k, v in e.action.items() if k != "verb" and isinstance(v, str)]
        else:
            text, values = item.get("text", ""), []
        piece = w.piece_named(values, text)
        if piece is not None:
            w.select(piece.id)
        if spaces:
            w.status.set("on the board: " + ", ".join(spaces))


__all__ = ["Feed", "sentence"]
