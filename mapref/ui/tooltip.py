"""Tooltips: a small window under a widget after the mouse rests on it."""

from __future__ import annotations

import tkinter as tk


class Tooltip:
    delay_ms = 500
    wrap_px = 360  # a longer text goes on over more lines

    def __init__(self, widget: tk.Widget, text: str) -> None:
        self.widget, self.text = widget, text
        self.tip: tk.Toplevel | None = None
        self._after: str | None = None
        widget.bind("<Enter>", self._schedule, add="+")
        widget.bind("<Leave>", self.hide, add="+")
        widget.bind("<ButtonPress>", self.hide, add="+")

    def _schedule(self, _e=None) -> None:
        self._cancel()
        self._after = self.widget.after(self.delay_ms, self.show)

    def _cancel(self) -> None:
        if self._after:
            self.widget.after_cancel(self._after)
            self._after = None

    def show(self) -> None:
        if self.tip is not None:
            return
        w = self.widget
        self.tip = tip = tk.Toplevel(w)
        tip.wm_overrideredirect(True)
        tk.Label(
            tip,
            text=self.text,
            background="#ffffe0",
            relief="solid",
            borderwidth=1,
            padx=4,
            pady=2,
            justify="left",
            wraplength=self.wrap_px,
            font=("DejaVu Sans", 9),
        ).pack()
        tip.update_idletasks()
        # under the widget, kept on the screen: a widget at the right edge (the inspector) gets
        # its tip moved left, one at the bottom gets it above
        tw, th = tip.winfo_reqwidth(), tip.winfo_reqheight()
        x = max(0, min(w.winfo_rootx() + 10, w.winfo_screenwidth() - tw))
        y = w.winfo_rooty() + w.winfo_height() + 4
        if y + th > w.winfo_screenheight():
            y = max(0, w.winfo_rooty() - th - 4)
        tip.wm_geometry(f"+{x}+{y}")

    def hide(self, _e=None) -> None:
        self._cancel()
        if self.tip is not None:
            self.tip.destroy()
            self.tip = None
