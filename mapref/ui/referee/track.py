"""The turn track across the top of the referee's window: the turn and the side, the whole
sequence of play with the current step marked (``Ruleset.steps``), what ending the step will do
(``end_step_preview``), the Strict / Advisory choice, the supply view, and End step (the window's
own button: ``Ruleset.end_step``).  The ruleset's tool bar entries (``Ruleset.toolbar`` where a
ruleset has one) stand beside End step.
"""

from __future__ import annotations

import tkinter as tk
from tkinter import ttk


class TurnTrack:
    def __init__(self, master: tk.Misc, window) -> None:
        self.window = window
        root = window.root
        track = self.frame = ttk.Frame(master, padding=(6, 3))
        top = ttk.Frame(track)
        top.pack(fill="x")
        self.turn_var = tk.StringVar(master=root)
        self.turn_label = ttk.Label(top, textvariable=self.turn_var, font=("DejaVu Sans", 11, "bold"))
        self.turn_label.pack(side="left")
        self.end_button = ttk.Button(top, text="End step \u25b8", command=window.end_step)
        self.end_button.pack(side="right")
        self.supply_check = ttk.Checkbutton(
            top, text="Supply view (S)", variable=window.supply_on, command=window.refresh
        )  # shown for a game that traces supply (Ruleset.traces_supply)
        self.supply_check.pack(side="right", padx=8)
        ttk.Radiobutton(top, text="Advisory", value="advisory", variable=window.mode, command=window.mode_changed).pack(
            side="right"
        )
        ttk.Radiobutton(top, text="Strict", value="strict", variable=window.mode, command=window.mode_changed).pack(
            side="right"
        )
        ttk.Label(top, text="Rules:").pack(side="right", padx=(8, 2))
        row = ttk.Frame(track)
        row.pack(fill="x")
        self.toolbar = ttk.Frame(row)  # the ruleset's tool bar, beside the sequence of play
        self.toolbar.pack(side="right", padx=(8, 0))
        self.steps_text = tk.Text(
            row,
            height=1,
            wrap="word",
            relief="flat",
            background=root.cget("background"),
            font=("DejaVu Sans", 9),
            padx=0,
            pady=2,
            cursor="arrow",
            highlightthickness=0,
            width=40,
        )
        self.steps_text.pack(side="left", fill="x", expand=True)
        self.preview_var = tk.StringVar(master=root)
        self.preview_label = ttk.Label(track, textvariable=self.preview_var, foreground="#7a3b00", wraplength=1300)
        self.preview_label.pack(fill="x")
        track.bind("<Configure>", lambda e: self.preview_label.configure(wraplength=max(300, e.width - 20)))
        self._shown = None
        self._tools = None

    def show(self) -> None:
        s = self.window.session
        shown = bool(self.supply_check.winfo_manager())
        if s.ruleset.traces_supply and not shown:
            self.supply_check.pack(side="right", padx=8, after=self.end_button)
        elif not s.ruleset.traces_supply and shown:
            self.supply_check.pack_forget()
        pos = s.position()
        self.turn_var.set(pos.get("title", ""))
        steps = s.ruleset.steps(s.game)
        t = self.steps_text
        here = next((i for i, st in enumerate(steps) if st.current), None)
        shown = (pos.get("side", ""), tuple((st.id, st.label, st.current) for st in steps), t.winfo_width())
        if shown != self._shown:  # the same step still (a move): the track stays
            self._shown = shown
            self._draw(pos, steps, here)
        self._preview(pos, steps, here)

    def _draw(self, pos: dict, steps, here) -> None:
        s = self.window.session
        t = self.steps_text
        t.configure(state="normal")
        t.delete("1.0", "end")
        fill, ink = s.ruleset.colours(s.game).get(pos.get("side", ""), ("#333333", "#ffffff"))
        t.tag_configure("current", background=fill, foreground=ink, font=("DejaVu Sans", 9, "bold"))
        t.tag_configure("done", foreground="#8a8a8a")
        t.tag_configure("todo", foreground="#222222")
        for i, st in enumerate(steps):
            if i:
                t.insert("end", " \u203a ", ("todo",))
            tag = "current" if st.current else ("done" if here is not None and i < here else "todo")
            t.insert("end", f" {st.label} ", (tag, f"step:{st.id}"))
        t.configure(state="disabled")
        t.update_idletasks()
        lines = t.count("1.0", "end", "displaylines")
        t.configure(height=max(1, min(3, (lines[0] if isinstance(lines, tuple) else lines) or 1)))

    def _preview(self, pos: dict, steps, here) -> None:
        s = self.window.session
        action = s.ruleset.end_step(s.game)
        preview = s.ruleset.end_step_preview(s.game) if action is not None and not pos.get("over") else []
        nxt = steps[here + 1].label if here is not None and here + 1 < len(steps) else ""
        if pos.get("over"):
            self.preview_var.set("The game is over.")
        elif preview:
            self.preview_var.set("Ending this step: " + "; ".join(preview))
        else:
            self.preview_var.set(
                f"Ending this step moves on to {nxt.lower() if nxt else 'the next side or turn'}; nothing else happens."
            )
        self.end_button.configure(state="disabled" if action is None or pos.get("over") else "normal")

    def show_tools(self, items) -> None:
        """The ruleset's tool bar: a button per entry, greyed (with why in the status bar when
        pointed at) when the rules refuse it now."""
        key = tuple((i.label, i.enabled, i.why) for i in items)
        if key == self._tools:
            return
        self._tools = key
        for child in self.toolbar.winfo_children():
            child.destroy()
        self.tool_buttons = {}
        for item in items:
            b = ttk.Button(
                self.toolbar,
                text=item.label,
                command=lambda i=item: self.window.controller.invoke(i),
                state="normal" if item.enabled else "disabled",
            )
            b.pack(side="left", padx=2)
            why = self.window.controller.why_text(item)
            if why:
                b.bind("<Enter>", lambda e, t=why: self.window.status.set(t))
            self.tool_buttons[item.label] = b

    def steps(self) -> list[tuple[str, bool]]:
        """The turn track as shown: (label, current) per step."""
        t = self.steps_text
        out = []
        for tag in t.tag_names():
            if tag.startswith("step:"):
                r = t.tag_ranges(tag)
                if r:
                    out.append((t.index(r[0]), t.get(r[0], r[1]).strip(), "current" in t.tag_names(r[0])))
        return [(label, cur) for _i, label, cur in sorted(out, key=lambda x: tuple(int(v) for v in x[0].split(".")))]


__all__ = ["TurnTrack"]
