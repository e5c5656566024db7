"""Answering the windows' real (modal) dialogs from a timer, as a user would press OK."""

import tkinter as tk


def answer_dialog(root: tk.Misc, values: dict | None = None, delay: int = 300) -> None:
    """After ``delay`` ms, fill the dialog open over ``root`` with ``values`` (its fields' keys)
    and press OK; a dialog not shown yet (a slow machine) is looked for again every 50 ms."""
    def go():
        d = next((t for t in root.winfo_children() if isinstance(t, tk.Toplevel) and t.winfo_viewable()), None)
        if d is None:
            root.after(50, go)
            return
        for k, v in (values or {}).items():
            d.vars[k].set(v)
        d.ok()
    root.after(delay, go)
