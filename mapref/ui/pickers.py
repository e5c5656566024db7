"""A picker of countries, sea zones or terrains: a button showing the colour swatch and the name
of the current choice, whose menu lists every choice with its swatch, name and code.

The choices are read again each time the menu opens, so a country added a moment ago is there.
The value is kept in a ``tk.StringVar`` as the *code* (what the map stores); the button shows
the name.  ``pick(code)`` does what a click on a menu entry does (tests call it, or invoke the
menu entry itself).
"""

from __future__ import annotations

import tkinter as tk
from tkinter import ttk
from collections.abc import Callable, Iterable

Choice = tuple[str, str, str]  # (code, name, colour)

SWATCH = 14
PER_COLUMN = 16  # a long list (44 countries) is split in columns so the menu fits a small screen


def swatch(widget: tk.Misc, colour: str | None) -> tk.PhotoImage:
    """A small square of ``colour`` with a dark border (a hatched grey square for none),
    cached per toplevel."""
    top = widget.winfo_toplevel()
    cache = top.__dict__.setdefault("_mapref_swatches", {})
    key = colour or ""
    if key not in cache:
        img = tk.PhotoImage(master=top, width=SWATCH, height=SWATCH)
        if colour:
            img.put(colour, to=(1, 1, SWATCH - 1, SWATCH - 1))
        else:
            img.put("#ffffff", to=(1, 1, SWATCH - 1, SWATCH - 1))
            for i in range(1, SWATCH - 1):
                img.put("#999999", to=(i, SWATCH - 1 - i, i + 1, SWATCH - i))
        for x0, y0, x1, y1 in (
            (0, 0, SWATCH, 1),
            (0, SWATCH - 1, SWATCH, SWATCH),
            (0, 0, 1, SWATCH),
            (SWATCH - 1, 0, SWATCH, SWATCH),
        ):
            img.put("#444444", to=(x0, y0, x1, y1))
        cache[key] = img
    return cache[key]


class SwatchPicker(ttk.Menubutton):
    """``choices()`` gives the current (code, name, colour) list; ``on_pick(code)`` is called
    after a choice (``""`` for none when ``none_label`` is given)."""

    def __init__(
        self,
        master,
        variable: tk.StringVar,
        choices: Callable[[], Iterable[Choice]],
        on_pick: Callable[[str], object] | None = None,
        none_label: str | None = "(none)",
        add: tuple[str, Callable[[], object]] | None = None,
        width: int = 16,
    ) -> None:
        super().__init__(master, width=width, compound="left")
        self.var = variable
        self.choices = choices
        self.on_pick = on_pick
        self.none_label = none_label
        self.add = add
        self.mixed = False
        self.menu = tk.Menu(self, tearoff=False, postcommand=self.fill)
        self.configure(menu=self.menu)
        self._trace = variable.trace_add("write", lambda *_: self.show())
        self.bind("<Destroy>", self._untrace, add="+")
        self.show()

    def _untrace(self, e) -> None:
        if e.widget is self:
            try:
                self.var.trace_remove("write", self._trace)
            except tk.TclError:
                pass

    def lookup(self, code: str) -> Choice | None:
        for c in self.choices():
            if c[0] == code:
                return c
        return None

    def show(self) -> None:
        """Show the current value on the button: swatch and name (or the code if unknown)."""
        code = self.var.get()
        if self.mixed:
            text, colour = "(mixed)", None
        elif not code:
            text, colour = self.none_label or "", None
        else:
            c = self.lookup(code)
            text, colour = (c[1], c[2]) if c else (f"{code} (unknown)", None)
        self.configure(text=text, image=swatch(self, colour))

    def set(self, code: str | None, mixed: bool = False) -> None:
        self.mixed = mixed
        self.var.set(code or "")
        self.show()

    def fill(self) -> None:
        """(Re)build the menu from the current choices."""
        m = self.menu
        m.delete(0, "end")
        n = 0
        if self.none_label is not None:
            m.add_command(
                label=self.none_label, image=swatch(self, None), compound="left", command=lambda: self.pick("")
            )
            n += 1
        for code, name, colour in self.choices():
            m.add_command(
                label=f"{name}  [{code}]" if name != code else code,
                image=swatch(self, colour),
                compound="left",
                command=lambda c=code: self.pick(c),
                columnbreak=1 if n and n % PER_COLUMN == 0 else 0,
            )
            n += 1
        if self.add is not None:
            label, action = self.add
            m.add_separator()
            m.add_command(label=label, command=action)

    def entries(self) -> list[str]:
        """The labels of the menu as it would open now."""
        self.fill()
        return [
            self.menu.entrycget(i, "label") for i in range(self.menu.index("end") + 1) if self.menu.type(i) == "command"
        ]

    def pick(self, code: str) -> None:
        self.set(code)
        if self.on_pick is not None:
            self.on_pick(code)
