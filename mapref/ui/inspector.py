"""The inspector: the properties of the selected hexes (several at once) or of one box.

Only the fields that apply to the selected hexes are shown: a sea hex has a sea zone and a name;
a land hex a country, production, a mountain, a capital, and a port if water is beside it; a
part-sea hex all of these.  A field
that does not apply but holds a value (production on a sea hex, from a file) is shown too, so
it can be cleared.  Country, sea zone and terrain are picked from lists with colour swatches.

A field shows the common value of the selection, or is blank ("(mixed)" for a picker) when the
hexes differ; editing a field (Return, leaving it, picking from a list, ticking a box) sets that
one property on every selected hex as one undoable command.  Fields left alone are not touched.
Return or a pick gives the keyboard back to the map; Escape puts the field back as it was.
"""

from __future__ import annotations

import tkinter as tk
from tkinter import ttk
from typing import TYPE_CHECKING

from mapref.core.commands import EditBox, EditError, SetHexProps, terrain_changes
from mapref.core.model import HexData, SeaArrow

if TYPE_CHECKING:
    from mapref.ui.editor_shell import EditorShell  # its editor (mapref.ui.editor.Editor, which imports this module)

MIXED = ""
_DEFAULT = HexData()

# the terrains each hex field applies to; port details only where there is a port
APPLIES = {
    "terrain": ("sea", "land", "coastal"),
    "country": ("land", "coastal"),
    "sea": ("sea", "coastal"),
    "production": ("land", "coastal"),
    "name": ("sea", "land", "coastal"),
    "port": ("land", "coastal"),
    "port_optional": ("port",),
    "port_access": ("port",),
    "mountain": ("land", "coastal"),
    "capital": ("land", "coastal"),
}


def applies(m, h, key: str) -> bool:
    """Whether hex field ``key`` means something on hex ``h`` of map ``m`` (or holds a value to
    clear): a port needs water beside it, its details a port."""
    d = m.hexes[h]
    where = APPLIES[key]
    if "port" in where:
        ok = bool(d.port) and d.is_land
    elif key == "port":
        g = m.grid
        ok = d.terrain == "coastal" or (
            d.terrain == "land"
            and any(not g.contains(n) or m.hexes[n].is_water for n in (g.neighbour(h, dr) for dr in g.directions()))
        )
    else:
        ok = d.terrain in where
    return ok or getattr(d, key) != getattr(_DEFAULT, key)


def build_fields(f, fields, commit, vars_, widgets, rows=None, special=None, on_check=None, watch=None) -> None:
    """The inspectors' one field builder: a labelled widget per (key, text, kind) in ``f``
    (kinds: ``check``, ``combo``, ``spin``, ``entry``, or one of ``special``: kind ->
    ``make(frame, key, variable)``); editing one calls ``commit(key)``.  ``on_check(key)`` for a
    tick box (default: commit); ``watch(widget, key)`` takes over how a text field confirms
    (default: Return, Enter and leaving it commit)."""
    for r, (key, text, kind) in enumerate(fields):
        label = ttk.Label(f, text=text)
        label.grid(row=r, column=0, sticky="w", padx=(0, 6), pady=1)
        v: tk.Variable
        if kind == "check":
            v = tk.IntVar(value=0)
            w = ttk.Checkbutton(f, variable=v, command=lambda k=key: (on_check or commit)(k))
        else:
            v = tk.StringVar()
            if special and kind in special:
                w = special[kind](f, key, v)
            elif kind == "combo":
                w = ttk.Combobox(f, textvariable=v, width=18)
                w.bind("<<ComboboxSelected>>", lambda e, k=key: commit(k))
            elif kind == "spin":
                w = ttk.Spinbox(
                    f, textvariable=v, from_=0, to=99 if key == "port" else 16, width=8, command=lambda k=key: commit(k)
                )
            else:
                w = ttk.Entry(f, textvariable=v, width=20)
            if kind in ("spin", "entry", "combo") and not (special and kind in special):
                if watch is not None and kind != "combo":
                    watch(w, key)
                else:
                    for seq in ("<Return>", "<KP_Enter>", "<FocusOut>"):
                        w.bind(seq, lambda e, k=key: commit(k))
        w.grid(row=r, column=1, sticky="we", pady=1)
        vars_[key], widgets[key] = v, w
        if rows is not None:
            rows[key] = (label, w)
    f.columnconfigure(1, weight=1)


class Inspector(ttk.Frame):
    def __init__(self, master, ed: EditorShell) -> None:
        super().__init__(master, padding=6)
        self.ed = ed
        self.title = tk.StringVar(value="Nothing selected")
        self.subtitle = tk.StringVar(value="Click a hex or a box on the map (Shift-click or drag for several).")
        ttk.Label(self, textvariable=self.title, font=("DejaVu Sans", 10, "bold"), wraplength=280).pack(anchor="w")
        ttk.Label(self, textvariable=self.subtitle, wraplength=280, foreground="#444444", justify="left").pack(
            anchor="w", pady=(0, 6)
        )
        self.hex_frame = ttk.Frame(self)
        self.box_frame = ttk.Frame(self)
        self.vars: dict[str, tk.Variable] = {}
        self.widgets: dict[str, tk.Widget] = {}
        self.rows: dict[str, tuple[tk.Widget, tk.Widget]] = {}
        self.box_vars: dict[str, tk.Variable] = {}
        self.box_widgets: dict[str, tk.Widget] = {}
        self._loading = False
        self._build_hex()
        self._build_box()

    # ----------------------------------------------------------------------------- build
    def _fields(self, f, fields, commit, vars_, widgets, rows=None) -> None:
        pickers = {
            kind: (
                lambda fr, key, v, kind=kind: self.ed.picker(
                    fr, kind, v, lambda code, k=key: self._confirm(commit, k, code), none=kind != "terrain"
                )
            )
            for kind in ("terrain", "country", "sea")
        }
        build_fields(
            f,
            fields,
            commit,
            vars_,
            widgets,
            rows,
            special=pickers,
            on_check=lambda k: self._confirm(commit, k),
            watch=lambda w, k: self.ed.watch_field(w, confirm=lambda: commit(k), revert=self.show),
        )

    def _confirm(self, commit, key, value=None) -> None:
        """A value picked (list, tick box): set it, and give the keyboard back to the map."""
        if value is None:
            commit(key)
        else:
            commit(key, value)
        self.ed.canvas.focus_set()

    def _build_hex(self) -> None:
        fields = [
            ("terrain", "Terrain", "terrain"),
            ("country", "Country", "country"),
            ("sea", "Sea zone", "sea"),
            ("production", "Production", "spin"),
            ("name", "Name", "entry"),
            ("port", "Port capacity", "spin"),
            ("port_optional", "Optional port", "check"),
            ("port_access", "Port entered from", "entry"),
            ("mountain", "Mountain", "check"),
            ("capital", "Capital", "check"),
        ]
        self._fields(self.hex_frame, fields, self.commit, self.vars, self.widgets, self.rows)

    def _build_box(self) -> None:
        f = self.box_frame
        fields = [
            ("name", "Name", "entry"),
            ("production", "Production", "spin"),
            ("country", "Country", "country"),
            ("optional", "Optional", "check"),
            ("position", "Position (x y)", "entry"),
            ("land", "Land contact", "entry"),
            ("sea_arrows", "Sea arrows", "entry"),
        ]
        self._fields(f, fields, self.commit_box, self.box_vars, self.box_widgets)
        ttk.Label(f, text="Sea arrows: HEX LENGTH SEA; ...\ne.g.  H1 3 atl; A4 2 bal", foreground="#555555").grid(
            row=len(fields), column=0, columnspan=2, sticky="w", pady=(4, 0)
        )
        ttk.Button(f, text="Delete box", command=lambda: self.ed.fire("delete")).grid(
            row=len(fields) + 1, column=1, sticky="e", pady=6
        )

    # ------------------------------------------------------------------------------ show
    def shown_fields(self) -> list[str]:
        """The hex fields on show now (for tests and screen readers)."""
        return [k for k, (label, w) in self.rows.items() if w.winfo_manager()]

    def show(self) -> None:
        """Load the fields from the model for the editor's current selection."""
        m = self.ed.model
        self._loading = True
        try:
            bid = self.ed.selected_box
            sel = sorted(self.ed.selection)
            self.hex_frame.pack_forget()
            self.box_frame.pack_forget()
            if bid is not None and bid in m.boxes:
                b = m.boxes[bid]
                self.title.set(f"Box {b.name}")
                self.subtitle.set(
                    f"Off-map box '{bid}'. Drag it with the Select tool; connect hexes with the Box tool."
                )
                g = m.grid
                vals = {
                    "name": b.name,
                    "production": str(b.production),
                    "optional": int(b.optional),
                    "position": f"{b.position[0]:g} {b.position[1]:g}",
                    "land": " ".join(g.label(h) for h in b.land),
                    "sea_arrows": "; ".join(f"{g.label(a.hex)} {a.length} {a.sea}" for a in b.sea_arrows),
                }
                for k, v in vals.items():
                    self.box_vars[k].set(v)
                self.box_widgets["country"].set(b.country)
                self.box_frame.pack(fill="x")
                return
            if not sel:
                self.title.set("Nothing selected")
                self.subtitle.set("Click a hex or a box on the map (Shift-click or drag for several).")
                return
            g = m.grid
            if len(sel) == 1:
                d = m.hexes[sel[0]]
                self.title.set(g.label(sel[0]) + (f" {d.name}" if d.name else ""))
                self.subtitle.set(m.describe(sel[0]).split(", ", 1)[1] if ", " in m.describe(sel[0]) else "")
            else:
                self.title.set(f"{len(sel)} hexes")
                terrains = sorted({m.hexes[h].terrain for h in sel})
                self.subtitle.set(
                    f"{g.label(sel[0])} and {len(sel) - 1} more ({', '.join(terrains)}); "
                    "a blank field differs between them"
                )
            for k in self.vars:
                label, w = self.rows[k]
                if any(applies(m, h, k) for h in sel):
                    label.grid()
                    w.grid()
                else:
                    label.grid_remove()
                    w.grid_remove()
                values = {self._text(k, getattr(m.hexes[h], k)) for h in sel}
                one = values.pop() if len(values) == 1 else None
                if k in ("terrain", "country", "sea"):
                    self.widgets[k].set(one if one is not None else "", mixed=one is None)
                elif isinstance(self.vars[k], tk.IntVar):
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
    def commit(self, key: str, picked: str | None = None) -> None:
        """Set field ``key`` on every selected hex: from its widget, or ``picked`` from a list."""
        if self._loading or not self.ed.selection:
            return
        m = self.ed.model
        sel = sorted(self.ed.selection)
        value: object
        if picked is not None:  # a choice from a list is always meant, even "(none)" on mixed hexes
            value = picked or None
        elif isinstance(self.vars[key], tk.IntVar):
            value = bool(self.vars[key].get())
            self.widgets[key].state(["!alternate"])
        else:
            raw = str(self.vars[key].get()).strip()
            current = {self._text(key, getattr(m.hexes[h], key)) for h in sel}
            if raw == MIXED and len(current) > 1:
                return  # a blank mixed field left alone
            if key == "port_access":
                value = tuple(m.grid.parse(t) for t in raw.replace(",", " ").split())
            elif key in ("production", "port"):
                value = raw or "0"
            else:
                value = raw
        if key in ("country", "sea") and value is not None:
            table = m.countries if key == "country" else m.seas
            if value not in table:
                self.show()
                raise EditError(f"unknown {key} {value!r}: known codes are {', '.join(sorted(table)) or 'none yet'}")
        if key == "terrain":
            cmd = SetHexProps({h: terrain_changes(m.hexes[h], str(value)) for h in sel}, label="Set terrain")
        else:
            cmd = SetHexProps.same(sel, label=f"Set {key.replace('_', ' ')}", **{key: value})
        if not cmd.is_noop(m):
            self.ed.push(cmd)

    def commit_box(self, key: str, picked: str | None = None) -> None:
        bid = self.ed.selected_box
        if self._loading or bid is None or bid not in self.ed.model.boxes:
            return
        m = self.ed.model
        raw = picked if picked is not None else self.box_vars[key].get()
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
