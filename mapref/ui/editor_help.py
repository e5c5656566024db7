"""Help in the map editors: F1 opens one window with the keyboard shortcuts (from the editor's
one registry of actions and its tools) and the guide (the editor's own words, then each tool's);
Help > About says what mapref is."""

from __future__ import annotations

import tkinter as tk
from tkinter import messagebox, ttk
from typing import TYPE_CHECKING

from mapref.ui.dialogs import shortcuts_tree, text_pane

if TYPE_CHECKING:
    from mapref.ui.editor_api import EditorWindow


def guide_text(ed: EditorWindow) -> str:
    """The guide: the editor's own part, then what each tool does (its tip, as the palette and
    the status bar show it)."""
    paragraphs = [" ".join(p.split("\n")) for p in ed.guide.strip().split("\n\n")]  # the text widget wraps them
    parts = ["\n\n".join(paragraphs), "", "TOOLS"]
    for cls in ed.TOOL_CLASSES:
        head, _, rest = cls.tip.partition(":")
        parts.append(f"{head.strip()}: {rest.strip()}" if rest else head.strip())
    return "\n".join(parts) + "\n"


def show_help(ed: EditorWindow) -> tk.Toplevel:
    """Help > Keyboard shortcuts and guide (F1): one window, two tabs; F1 again raises it."""
    top = getattr(ed, "help_window", None)
    if top is not None and top.winfo_exists():
        top.deiconify()
        top.lift()
        return top
    top = ed.help_window = tk.Toplevel(ed.root)
    top.title(f"Help - {ed.window_title}")
    top.transient(ed.root)
    tabs = ttk.Notebook(top)
    tabs.pack(fill="both", expand=True, padx=8, pady=(8, 0))

    keys = ttk.Frame(tabs)
    tree = shortcuts_tree(keys, ed.shortcut_rows(), (90, 190, 380), height=20)
    tabs.add(keys, text="Keyboard shortcuts")

    guide = ttk.Frame(tabs)
    text = text_pane(guide, guide_text(ed), width=80, height=22)
    tabs.add(guide, text="Guide")

    ttk.Button(top, text="Close", command=top.destroy).pack(side="bottom", pady=6)
    top.bind("<Escape>", lambda e: top.destroy())
    ed.shortcuts_tree, ed.guide_widget, ed.help_tabs = tree, text, tabs
    tree.focus_set()
    return top


def show_about(ed: EditorWindow) -> None:
    text = (
        "mapref: hex and area map editor and referee for WW2 board wargames.\n\n"
        "Maps are TOML files (docs/format.md); mapref check MAP.toml lists a map's problems."
    )
    if ed.quiet:
        ed.messages.append(text)
        return
    messagebox.showinfo("About mapref", text, parent=ed.root)
