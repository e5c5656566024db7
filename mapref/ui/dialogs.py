"""Dialogs: new map / grid settings, country and sea zone, PNG export with a progress bar.

Each dialog is a small form whose values are read by :meth:`FormDialog.values`; ``show()``
runs it modally and returns the values or None.  Tests (and scripts) skip the window and call
the editor's action with parameters instead (``Editor.new_map(grid, hex_size)`` and so on).
"""

from __future__ import annotations

import tkinter as tk
from tkinter import colorchooser, ttk
from collections.abc import Callable

from mapref.core.grid import HEX_SIZE_RANGE, Grid, grid_size_problem


class FormDialog(tk.Toplevel):
    """``fields``: (key, label, kind, default, choices) with kind entry/int/float/choice/colour,
    or file (an entry with a Browse... button; ``choices`` are the file dialog's types), space (a
    value typed or picked among ``choices``), bool (a check box: "1" or "0"), many (several of
    ``choices``: a comma-separated list).

    The first field has the keyboard when the dialog opens, and a number field selects its
    text when it gets the keyboard (typing 2 gives 2, not 20).  ``validate(values)`` returns
    why the values cannot be taken (or None): OK then keeps the dialog open and says so."""

    def __init__(
        self,
        master,
        title: str,
        fields: list[tuple],
        note: str = "",
        validate: Callable[[dict[str, str]], str | None] | None = None,
    ) -> None:
        super().__init__(master)
        self.withdraw()
        self.title(title)
        self.transient(master.winfo_toplevel())
        self.resizable(False, False)
        self.result: dict | None = None
        self.validate = validate
        self.vars: dict[str, tk.StringVar] = {}
        self.fields: dict[str, tk.Widget] = {}  # the widget that takes the keyboard, per key
        body = ttk.Frame(self, padding=10)
        body.pack(fill="both", expand=True)
        for r, (key, label, kind, default, choices) in enumerate(fields):
            ttk.Label(body, text=label).grid(row=r, column=0, sticky="w", padx=(0, 8), pady=2)
            v = tk.StringVar(self, value=str(default))
            self.vars[key] = v
            if kind == "choice":
                w = field = ttk.Combobox(  # wide enough for its longest choice (File > New game names)
                    body,
                    textvariable=v,
                    values=choices,
                    state="readonly",
                    width=min(120, max([18, *(len(str(c)) + 2 for c in choices or ())])),
                )
            elif kind == "space":
                w = field = ttk.Combobox(body, textvariable=v, values=list(choices or ()), width=24)
            elif kind == "bool":
                v.set("1" if str(default).lower() in ("1", "true", "yes", "on") else "0")
                w = field = ttk.Checkbutton(body, variable=v, onvalue="1", offvalue="0")
            elif kind == "many":
                w = field = tk.Listbox(
                    body, selectmode="multiple", height=min(8, max(2, len(choices or ()))), exportselection=False
                )
                chosen = {x.strip() for x in str(default or "").split(",")}
                for i, c in enumerate(choices or ()):
                    field.insert("end", c)
                    if str(c) in chosen:
                        field.selection_set(i)
                field.bind(
                    "<<ListboxSelect>>", lambda e, f=field, v=v: v.set(", ".join(f.get(i) for i in f.curselection()))
                )
            elif kind in ("colour", "file"):
                w = ttk.Frame(body)
                field = ttk.Entry(w, textvariable=v, width=10 if kind == "colour" else 28)
                field.pack(side="left", fill="x", expand=True)
                pick = (lambda v=v: self._pick(v)) if kind == "colour" else (lambda v=v, t=choices: self._browse(v, t))
                ttk.Button(w, text="Pick..." if kind == "colour" else "Browse...", command=pick).pack(
                    side="left", padx=4
                )
            else:
                w = field = ttk.Entry(body, textvariable=v, width=20)
                if kind in ("int", "float"):
                    field.bind("<FocusIn>", lambda e, f=field: f.after_idle(select_all_text, f), add="+")
            self.fields[key] = field
            w.grid(row=r, column=1, sticky="we", pady=2)
        if note:
            ttk.Label(body, text=note, foreground="#555555", wraplength=320).grid(
                row=len(fields), column=0, columnspan=2, sticky="w", pady=(6, 0)
            )
        self.why = tk.StringVar(self, value="")
        ttk.Label(body, textvariable=self.why, foreground="#b00020", wraplength=320).grid(
            row=len(fields) + 1, column=0, columnspan=2, sticky="w"
        )
        buttons = ttk.Frame(self, padding=(10, 0, 10, 10))
        buttons.pack(fill="x")
        ttk.Button(buttons, text="OK", command=self.ok, default="active").pack(side="right")
        ttk.Button(buttons, text="Cancel", command=self.cancel).pack(side="right", padx=6)
        self.bind("<Return>", lambda e: self.ok())
        self.bind("<KP_Enter>", lambda e: self.ok())
        self.bind("<Escape>", lambda e: self.cancel())
        self.protocol("WM_DELETE_WINDOW", self.cancel)

    def _pick(self, v: tk.StringVar) -> None:
        c = colorchooser.askcolor(v.get() or "#cccccc", parent=self)
        if c and c[1]:
            v.set(c[1])

    def _browse(self, v: tk.StringVar, types) -> None:
        from tkinter import filedialog

        p = filedialog.askopenfilename(parent=self, filetypes=list(types or [("All files", "*")]))
        if p:
            v.set(p)

    def values(self) -> dict[str, str]:
        return {k: v.get().strip() for k, v in self.vars.items()}

    def ok(self) -> None:
        why = self.validate(self.values()) if self.validate is not None else None
        if why:
            self.why.set(why)  # the dialog stays: say why OK is refused
            self.bell()
            return
        self.result = self.values()
        self.destroy()

    def cancel(self) -> None:
        self.result = None
        self.destroy()

    def show(self) -> dict | None:
        self.deiconify()
        self.wait_visibility()
        self.grab_set()
        first = next(iter(self.fields.values()), None)
        if first is not None:
            first.focus_force()
            select_all_text(first)
        self.wait_window()
        return self.result


def select_all_text(w: tk.Widget) -> None:
    """Select the whole text of an entry (typing then replaces it)."""
    try:
        w.selection_range(0, "end")  # type: ignore[attr-defined]
        w.icursor("end")  # type: ignore[attr-defined]
    except (tk.TclError, AttributeError):
        pass


def grid_fields(g: Grid | None, hex_size: float = 30.0) -> list[tuple]:
    g = g or Grid(rows=21, cols=21)
    return [
        ("rows", "Rows", "int", g.rows, None),
        ("cols", "Columns", "int", g.cols, None),
        ("orientation", "Orientation", "choice", g.orientation.value, ["pointy", "flat"]),
        ("shifted", "Shifted rows / columns", "choice", g.shifted, ["even", "odd"]),
        ("shift", "Shifted towards", "choice", g.shift, ["east", "west", "north", "south"]),
        ("labels", "Labels", "choice", g.labels.value, ["letter-number", "ccrr"]),
        ("first_row", "Row 1 / A lies at", "choice", g.first_row, ["south", "north"]),
        ("hex_size", "Hex size (pixels)", "float", hex_size, None),
    ]


def grid_from_values(v: dict[str, str]) -> tuple[Grid, float]:
    """Build a grid from the form's text; raise ValueError with a message a user can act on."""
    try:
        rows, cols = int(v["rows"]), int(v["cols"])
    except ValueError:
        raise ValueError(f"rows and columns must be whole numbers, got {v['rows']!r} and {v['cols']!r}") from None
    size_problem = grid_size_problem(rows, cols)
    if size_problem:
        raise ValueError(size_problem)
    shift = v["shift"]
    if v["orientation"] == "pointy" and shift not in ("east", "west"):
        shift = "east"
    if v["orientation"] == "flat" and shift not in ("north", "south"):
        shift = "north"
    try:
        hex_size = float(v["hex_size"])
    except ValueError:
        raise ValueError(f"hex size must be a number, got {v['hex_size']!r}") from None
    lo, hi = HEX_SIZE_RANGE
    if not lo <= hex_size <= hi:  # nan and inf too: the map could not be saved
        raise ValueError(f"hex size must be {lo:g}-{hi:g} pixels, got {v['hex_size']!r}")
    return Grid(
        rows=rows,
        cols=cols,
        orientation=v["orientation"],
        shifted=v["shifted"],
        shift=shift,
        labels=v["labels"],
        first_row=v["first_row"],
    ), hex_size


class ExportDialog(tk.Toplevel):
    """Shows the progress of a PNG export (the editor drives it)."""

    def __init__(self, master, path: str) -> None:
        super().__init__(master)
        self.title("Export PNG")
        self.transient(master.winfo_toplevel())
        ttk.Label(self, text=f"Drawing {path}...", padding=10).pack(anchor="w")
        self.bar = ttk.Progressbar(self, length=320, maximum=1.0, mode="determinate")
        self.bar.pack(padx=10, pady=(0, 10))

    def progress(self, fraction: float) -> None:
        self.bar["value"] = fraction
        self.update()


def fill_recent_menu(menu, paths, open_, forget, empty: str) -> None:
    """File > Open recent: ``paths`` numbered, each opened with ``open_(path)``; ``empty`` greyed
    when there are none, else "Clear the list" (``forget(path)`` for each)."""
    menu.delete(0, "end")
    for i, p in enumerate(paths):
        menu.add_command(
            label=f"{i + 1}  {p.name}  ({p.parent})", underline=0 if i < 9 else -1, command=lambda p=p: open_(p)
        )
    if not paths:
        menu.add_command(label=empty, state="disabled")
    else:
        menu.add_separator()
        menu.add_command(label="Clear the list", command=lambda: [forget(p) for p in paths])


def shortcuts_tree(master, rows, widths: tuple[int, int, int], height: int | None = None) -> ttk.Treeview:
    """The Help window's list of shortcuts: ``rows`` of (section, keys, what it does), grouped
    under their sections, scrolled, packed into ``master``; ``widths`` of the three columns."""
    tree = ttk.Treeview(
        master, columns=("keys", "what"), show="tree headings", **({"height": height} if height else {})
    )
    tree.heading("#0", text="")
    tree.heading("keys", text="Keys")
    tree.heading("what", text="Does")
    tree.column("#0", width=widths[0], stretch=False)
    tree.column("keys", width=widths[1], stretch=False)
    tree.column("what", width=widths[2])
    sections: dict[str, str] = {}
    for section, keys, what in rows:
        if section not in sections:
            sections[section] = tree.insert("", "end", text=section, open=True)
        tree.insert(sections[section], "end", values=(keys, what))
    sb = ttk.Scrollbar(master, orient="vertical", command=tree.yview)
    tree.configure(yscrollcommand=sb.set)
    sb.pack(side="right", fill="y")
    tree.pack(fill="both", expand=True)
    return tree


def text_pane(master, text: str, **options) -> tk.Text:
    """A read-only, word-wrapped, scrolled text packed into ``master`` (the guide in Help)."""
    t = tk.Text(master, wrap="word", font=("DejaVu Sans", 10), padx=8, pady=6, **options)
    sb = ttk.Scrollbar(master, orient="vertical", command=t.yview)
    t.configure(yscrollcommand=sb.set)
    sb.pack(side="right", fill="y")
    t.pack(fill="both", expand=True)
    t.insert("1.0", text)
    t.configure(state="disabled")
    return t


def show_text(master, title: str, text: str) -> None:
    """A scrollable, copyable text window (the problems of a file that would not open)."""
    top = tk.Toplevel(master)
    top.title(title)
    top.transient(master.winfo_toplevel())
    t = tk.Text(top, width=100, height=min(20, text.count("\n") + 2), wrap="none", font=("DejaVu Sans Mono", 9))
    t.insert("1.0", text)
    t.configure(state="disabled")
    t.pack(fill="both", expand=True, padx=8, pady=8)
    ttk.Button(top, text="Close", command=top.destroy).pack(pady=(0, 8))


class ChoiceDialog(tk.Toplevel):
    """A question with named buttons ("Recover", "Discard") instead of Yes and No; ``show()``
    waits for a click and returns the value of the button.  Closing the window or Escape
    returns ``safe`` (the choice that loses nothing)."""

    def __init__(
        self, master, title: str, heading: str, text: str, buttons: list[tuple[str, object]], safe: object
    ) -> None:
        super().__init__(master)
        self.withdraw()
        self.title(title)
        self.transient(master.winfo_toplevel())
        self.resizable(False, False)
        self.result = safe
        body = ttk.Frame(self, padding=14)
        body.pack(fill="both", expand=True)
        ttk.Label(body, text=heading, font=("DejaVu Sans", 11, "bold"), wraplength=420, justify="left").pack(anchor="w")
        ttk.Label(body, text=text, wraplength=420, justify="left").pack(anchor="w", pady=(8, 0))
        row = ttk.Frame(self, padding=(14, 0, 14, 14))
        row.pack(fill="x")
        self.buttons: dict[str, ttk.Button] = {}
        for _i, (label, value) in enumerate(reversed(buttons)):
            b = ttk.Button(
                row, text=label, command=lambda v=value: self.choose(v), default="active" if value == safe else "normal"
            )
            b.pack(side="right", padx=(6, 0))
            self.buttons[label] = b
        self.bind("<Escape>", lambda e: self.choose(safe))
        self.bind("<Return>", lambda e: self.choose(safe))
        self.protocol("WM_DELETE_WINDOW", lambda: self.choose(safe))

    def choose(self, value) -> None:
        self.result = value
        self.destroy()

    def show(self):
        top = self.master.winfo_toplevel()
        self.update_idletasks()
        x = top.winfo_rootx() + (top.winfo_width() - self.winfo_reqwidth()) // 2
        y = top.winfo_rooty() + (top.winfo_height() - self.winfo_reqheight()) // 3
        self.geometry(f"+{max(0, x)}+{max(0, y)}")
        self.deiconify()
        self.wait_visibility()
        self.grab_set()
        safe = next((b for b in self.buttons.values() if str(b.cget("default")) == "active"), None)
        if safe is not None:
            safe.focus_force()  # the keyboard is in the question, on the choice that loses nothing
        self.wait_window()
        return self.result
