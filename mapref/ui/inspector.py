"""The inspector: every property of the selected hexes (several at once) or of one box.

A field shows the common value of the selection, or is blank when the hexes differ; editing a
field (Return, leaving it, picking from a list, ticking a box) sets that one property on every
selected hex as one undoable command.  Fields left alone are not touched.
"""

from __future__ import annotations

import tkinter as tk
from tkinter import ttk
from typing import TYPE_CHECKING

from mapref.core.commands import EditBox, EditError, SetHexProps, terrain_changes
from mapref.core.model import SeaArrow, TERRAINS

if TYPE_CHECKING:
    from mapref.ui.editor import Editor

MIXED = ""


class Inspector(ttk.Frame):
    def __init__(self, master, ed: "Editor") -> None:
        super().__init__(master, padding=6)
        self.ed = ed
        self.title = tk.StringVar(value="Nothing selected")
        ttk.Label(self, textvariable=self.title, font=("DejaVu Sans", 10, "bold"), wraplength=230).pack(anchor="w", pady=(0, 6))
        self.hex_frame = ttk.Frame(self)
        self.box_frame = ttk.Frame(self)
        self.vars: dict[str, tk.Variable] = {}
        self.widgets: dict[str, tk.Widget] = {}
        self.box_vars: dict[str, tk.Variable] = {}
        self.box_widgets: dict[str, tk.Widget] = {}
        self._loading = False
        self._build_hex()
        self._build_box()

    # ----------------------------------------------------------------------------- build
    def _row(self, frame, r, text):
        ttk.Label(frame, text=text).grid(row=r, column=0, sticky="w", padx=(0, 6), pady=1)

    def _fields(self, f, fields, commit, vars_, widgets) -> None:
        """One labelled widget per (key, text, kind) in ``f``; editing one calls ``commit(key)``."""
        for r, (key, text, kind) in enumerate(fields):
            self._row(f, r, text)
            if kind == "check":
                v = tk.IntVar(value=0)
                w = ttk.Checkbutton(f, variable=v, command=lambda k=key: self._confirm(commit, k))
            else:
                v = tk.StringVar()
                if kind == "combo":
                    w = ttk.Combobox(f, textvariable=v, width=18)
                    w.bind("<<ComboboxSelected>>", lambda e, k=key: self._confirm(commit, k))
                elif kind == "spin":
                    w = ttk.Spinbox(f, textvariable=v, from_=0, to=99 if key == "port" else 16, width=8,
                                    command=lambda k=key: commit(k))
                else:
                    w = ttk.Entry(f, textvariable=v, width=20)
                self.ed.watch_field(w, confirm=lambda k=key: commit(k), revert=self.show)
            w.grid(row=r, column=1, sticky="we", pady=1)
            vars_[key], widgets[key] = v, w
        f.columnconfigure(1, weight=1)

    def _confirm(self, commit, key) -> None:
        """A value picked (list, tick box): set it, and give the keyboard back to the map."""
        commit(key)
        self.ed.canvas.focus_set()

    def _build_hex(self) -> None:
        fields = [("terrain", "Terrain", "combo"), ("country", "Country", "combo"), ("sea", "Sea zone", "combo"),
                  ("production", "Production", "spin"), ("name", "Name", "entry"), ("port", "Port capacity", "spin"),
                  ("port_optional", "Optional port", "check"), ("port_access", "Port entered from", "entry"),
                  ("mountain", "Mountain", "check"), ("capital", "Capital", "check")]
        self._fields(self.hex_frame, fields, self.commit, self.vars, self.widgets)

    def _build_box(self) -> None:
        f = self.box_frame
        fields = [("name", "Name", "entry"), ("production", "Production", "spin"), ("country", "Country", "combo"),
                  ("optional", "Optional", "check"), ("position", "Position (x y)", "entry"),
                  ("land", "Land contact", "entry"), ("sea_arrows", "Sea arrows", "entry")]
        self._fields(f, fields, self.commit_box, self.box_vars, self.box_widgets)
        ttk.Label(f, text="Sea arrows: HEX LENGTH SEA; ...\ne.g.  H1 3 atl; A4 2 bal", foreground="#555555").grid(
            row=len(fields), column=0, columnspan=2, sticky="w", pady=(4, 0))
        ttk.Button(f, text="Delete box", command=lambda: self.ed.fire("delete")).grid(row=len(fields) + 1, column=1, sticky="e", pady=6)

    # ------------------------------------------------------------------------------ show
    def show(self) -> None:
        """Load the fields from the model for the editor's current selection."""
        m = self.ed.model
        self._loading = True
        try:
            codes_c = [""] + sorted(m.countries)
            codes_s = [""] + sorted(m.seas)
            self.widgets["terrain"].configure(values=list(TERRAINS))
            self.widgets["country"].configure(values=codes_c)
            self.widgets["sea"].configure(values=codes_s)
            self.box_widgets["country"].configure(values=codes_c)
            bid = self.ed.selected_box
            sel = sorted(self.ed.selection)
            self.hex_frame.pack_forget()
            self.box_frame.pack_forget()
            if bid is not None and bid in m.boxes:
                b = m.boxes[bid]
                self.title.set(f"Box {b.name} ({bid})")
                g = m.grid
                vals = {"name": b.name, "production": str(b.production), "country": b.country or "", "optional": int(b.optional),
                        "position": f"{b.position[0]:g} {b.position[1]:g}", "land": " ".join(g.label(h) for h in b.land),
                        "sea_arrows": "; ".join(f"{g.label(a.hex)} {a.length} {a.sea}" for a in b.sea_arrows)}
                for k, v in vals.items():
                    self.box_vars[k].set(v)
                self.box_frame.pack(fill="x")
                return
            if not sel:
                self.title.set("Nothing selected")
                return
            g = m.grid
            self.title.set(f"{g.label(sel[0])}" + (f" and {len(sel) - 1} more" if len(sel) > 1 else ""))
            for k in self.vars:
                values = {self._text(k, getattr(m.hexes[h], k)) for h in sel}
                one = values.pop() if len(values) == 1 else None
                if isinstance(self.vars[k], tk.IntVar):
                    self.vars[k].set(int(one) if one is not None else 0)
                    self.widgets[k].state(["!alternate"] if one is not None else ["alternate"])
                else:
                    self.vars[k].set(one if one is not None else MIXED)
            self.hex_frame.pack(fill="x")
        finally:
            self._loading = False

    def _text(self, key, value):
        if key == "port_access":
            return " ".join(self.ed.model.grid.label(h) for h in value)
        if isinstance(value, bool):
            return int(value)
        return "" if value is None else str(value)

    # ---------------------------------------------------------------------------- commit
    def commit(self, key: str) -> None:
        if self._loading or not self.ed.selection:
            return
        m = self.ed.model
        sel = sorted(self.ed.selection)
        raw = self.vars[key].get()
        if isinstance(self.vars[key], tk.IntVar):
            value: object = bool(raw)
            self.widgets[key].state(["!alternate"])
        else:
            raw = str(raw).strip()
            current = {self._text(key, getattr(m.hexes[h], key)) for h in sel}
            if raw == MIXED and len(current) > 1:
                return  # a blank mixed field left alone
            if key == "port_access":
                value = tuple(m.grid.parse(t) for t in raw.replace(",", " ").split())
            elif key in ("production", "port"):
                value = raw or "0"
            elif key in ("country", "sea"):
                value = raw or None
                table = m.countries if key == "country" else m.seas
                if value is not None and value not in table:
                    names = {v.name.lower(): k for k, v in table.items()}
                    if value.lower() in names:
                        value = names[value.lower()]
                    else:
                        self.show()
                        raise EditError(f"unknown {key} {raw!r}: known codes are {', '.join(sorted(table)) or 'none yet'}")
            else:
                value = raw
        if key == "terrain":
            cmd = SetHexProps({h: terrain_changes(m.hexes[h], str(value)) for h in sel}, label="Set terrain")
        else:
            cmd = SetHexProps.same(sel, label=f"Set {key.replace('_', ' ')}", **{key: value})
        if not cmd.is_noop(m):
            self.ed.push(cmd)

    def commit_box(self, key: str) -> None:
        bid = self.ed.selected_box
        if self._loading or bid is None or bid not in self.ed.model.boxes:
            return
        m = self.ed.model
        raw = self.box_vars[key].get()
        g = m.grid
        if key == "optional":
            value: object = bool(raw)
        elif key == "position":
            parts = str(raw).replace(",", " ").split()
            try:
                value = (float(parts[0]), float(parts[1]))
            except (IndexError, ValueError):
                self.show()
                raise EditError(f"position must be two numbers 'x y' in hex sizes, got {raw!r}") from None
        elif key == "land":
            value = tuple(g.parse(t) for t in str(raw).replace(",", " ").split())
        elif key == "sea_arrows":
            arrows = []
            for part in str(raw).split(";"):
                bits = part.split()
                if not bits:
                    continue
                if len(bits) != 3 or not bits[1].isdigit():
                    self.show()
                    raise EditError(f"a sea arrow is 'HEX LENGTH SEA' such as 'H1 3 atl', got {part.strip()!r}")
                if bits[2] not in m.seas:
                    self.show()
                    raise EditError(f"unknown sea zone {bits[2]!r}: known codes are {', '.join(sorted(m.seas))}")
                arrows.append(SeaArrow(g.parse(bits[0]), int(bits[1]), bits[2]))
            value = tuple(arrows)
        elif key == "country":
            value = str(raw).strip() or None
        elif key == "production":
            value = str(raw).strip() or "0"
        else:
            value = str(raw).strip()
        if getattr(m.boxes[bid], key) == value:
            return
        self.ed.push(EditBox(m, bid, **{key: value}))
