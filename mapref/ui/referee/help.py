"""Help in the referee's window: F1 (the keyboard shortcuts, the mouse, and the referee's guide),
Help > The referee's guide (docs/referee-guide.md rendered: headings, lists, emphasis, pictures),
Help > About."""

from __future__ import annotations

import tkinter as tk
from collections.abc import Iterable
from pathlib import Path
from tkinter import ttk

from mapref.ui.dialogs import shortcuts_tree, text_pane
from mapref.ui.markdown_tk import render

GUIDE = Path(__file__).resolve().parents[3] / "docs" / "referee-guide.md"


def about_text() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        v = version("mapref")
    except PackageNotFoundError:
        v = "(from source)"
    from mapref.rules import registry

    games = ", ".join(registry.title(n) for n in registry.names())
    return (
        f"mapref {v}: hex and area map editor and referee for board wargames of the Second World War.\n\n"
        f"mapref's referee's window plays every game installed: {games}. MIT licence."
    )


def guide_text() -> str:
    try:
        return GUIDE.read_text(encoding="utf-8")
    except OSError:
        return (
            "The referee's guide (docs/referee-guide.md) is not installed with this copy of mapref; it is in the "
            "source tree, and F1 lists every shortcut."
        )


def _raise(w, attr: str) -> tk.Toplevel | None:
    top = getattr(w, attr, None)
    if top is not None and top.winfo_exists():
        top.deiconify()
        top.lift()
        return top
    return None


def _size(top: tk.Toplevel, w: int, h: int) -> None:
    """A help window no bigger than the screen it is on."""
    sw, sh = top.winfo_screenwidth(), top.winfo_screenheight()
    top.geometry(f"{min(w, sw - 40)}x{min(h, sh - 100)}+20+20")


def help_window(w, keys: Iterable, mouse: Iterable[tuple[str, str, str]]) -> tk.Toplevel:
    """F1: the shortcuts by menu, the mouse, and (in a second tab) the guide; F1 again raises it.
    ``keys``: the window's commands (each with its ``menu``, ``accel`` and ``label``); ``mouse``:
    (where, what is done, what it does)."""
    top = _raise(w, "_help")
    if top is not None:
        return top
    top = w._help = tk.Toplevel(w.root)
    top.title("Help - mapref referee")
    top.transient(w.root)
    _size(top, 760, 620)
    nb = ttk.Notebook(top)
    nb.pack(fill="both", expand=True, padx=6, pady=6)
    tab = ttk.Frame(nb)
    nb.add(tab, text="Shortcuts and the mouse")
    rows = [(k.menu, k.accel, k.label) for k in keys if k.accel] + [
        ("Menus", "Escape", "Close a menu; clear the outlines")
    ]
    tree = shortcuts_tree(tab, rows + list(mouse), (80, 200, 420))
    guide = ttk.Frame(nb)
    nb.add(guide, text="The referee's guide")
    # the guide rendered from its Markdown (headings, lists, emphasis, its pictures), when its tab
    # is first shown, its pictures read just after the text: reading them is kept off F1's way
    w.guide_text = text_pane(guide, "", relief="flat", background="#fbfaf5")

    def show_guide(_e=None) -> None:
        if nb.index("current") == 1 and not w.guide_text.get("1.0", "end").strip():
            render(w.guide_text, guide_text(), GUIDE.parent, lazy=True)

    nb.bind("<<NotebookTabChanged>>", show_guide, add="+")
    ttk.Button(top, text="Close", command=top.destroy).pack(pady=(0, 6))
    top.bind("<Escape>", lambda e: top.destroy())
    top.bind("<F1>", lambda e: top.lift())
    w.help_tree = tree
    w.help_tabs = nb
    tree.focus_set()
    return top


def guide_window(w, keys: Iterable, mouse: Iterable[tuple[str, str, str]]) -> tk.Toplevel:
    top = help_window(w, keys, mouse)
    w.help_tabs.select(1)
    return top


__all__ = ["about_text", "guide_text", "guide_window", "help_window"]
