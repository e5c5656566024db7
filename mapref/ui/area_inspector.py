"""The area editor's inspector: every property of the selected location, move line or box (or
of the map when nothing is selected).  Editing a field (Return, leaving it, picking from a list,
ticking a box) is one undoable edit; a field left as it was changes nothing.

Text fields read what they show: supply ``western; axis if turn >= 12, turn < 20``, a condition
``allied_deck >= 2``, attributes ``terrain = forest; rule = s2``, points ``x y; x y``.  The
labelled fields are built by the hex inspector's field builder.
"""

from __future__ import annotations

import tkinter as tk
from tkinter import ttk
from typing import TYPE_CHECKING

from mapref.core.areaedit import (
    delete_box,
    delete_lines,
    delete_location,
    rename,
    rename_halves,
    set_box,
    set_line,
    set_location,
    set_map,
    unsplit_location,
)
from mapref.core.areamodel import Condition, Supply
from mapref.core.board import SpaceError, board_for
from mapref.core.commands import EditError
from mapref.ui.inspector import build_fields
from mapref.ui.tooltip import Tooltip

if TYPE_CHECKING:
    from mapref.ui.editor_shell import (
        EditorShell,
    )  # its editor (mapref.ui.area_editor.AreaEditor, which imports this module)

LOCATION_FIELDS = [
    ("id", "Id", "entry"),
    ("name", "Name", "entry"),
    ("colour", "Colour class", "combo"),
    ("capital", "Capital", "check"),
    ("vp", "Victory value", "spin"),
    ("production", "Production", "spin"),  # attrs.production, as the games read it
    ("supply", "Supply for", "entry"),
    ("anchor", "Name at (x y)", "entry"),
    ("halves", "Halves", "entry"),
    ("city", "City", "entry"),
    ("attrs", "Attributes", "entry"),
]
LINE_FIELDS = [
    ("id", "Id", "entry"),
    ("a", "From", "entry"),
    ("b", "To", "entry"),
    ("kind", "Kind", "combo"),
    ("oneway", "One-way (from -> to)", "check"),
    ("defence_a", "Defence at from", "spin"),
    ("defence_b", "Defence at to", "spin"),
    ("condition", "Active when", "entry"),
    ("via", "Bends (x y; ...)", "entry"),
    ("proposed", "Proposed", "check"),
    ("crossing", "Strait crossing", "check"),
    ("wrap", "Wraps round the map edge", "check"),
    ("attrs", "Attributes", "entry"),
]
# the line's two flags a designer would otherwise type into the file (docs/format.md, [lines])
LINE_FLAG_TIPS = {
    "crossing": "Strait crossing (land line across water): on purpose, its two locations need not touch, "
    "so the problems panel does not warn that they share no border",
    "wrap": "Wraps round the map edge: the line goes round the back of the world, across its seam, "
    "drawn as two stubs off the map's edges",
}
WRAP_TIP_NO_SEAMS = " (greyed: this map does not wrap round, its file has no [wrap] seams)"
BOX_FIELDS = [
    ("id", "Id", "entry"),
    ("name", "Name", "entry"),
    ("colour", "Colour class", "combo"),
    ("capital", "Capital", "check"),
    ("vp", "Victory value", "spin"),
    ("production", "Production", "spin"),
    ("supply", "Supply for", "entry"),
    ("condition", "Active when", "entry"),
    ("position", "Position (x y)", "entry"),
    ("size", "Size (w h)", "entry"),
    ("city", "City", "entry"),
    ("attrs", "Attributes", "entry"),
]
MAP_FIELDS = [("name", "Map name", "entry"), ("notes", "Notes", "entry")]


# ------------------------------------------------------------------------- text forms
def num(v: float) -> str:
    return f"{v:g}"


def points_text(pts) -> str:
    return "; ".join(f"{num(x)} {num(y)}" for x, y in pts)


def parse_points(text: str, what: str) -> list[tuple[float, float]]:
    out = []
    for part in text.replace(",", " ").split(";"):
        bits = part.split()
        if not bits:
            continue
        try:
            x, y = (float(b) for b in bits)
        except ValueError:
            raise EditError(f"{what}: a point is two numbers 'x y', got {part.strip()!r}") from None
        out.append((x, y))
    return out


def parse_point(text: str, what: str):
    pts = parse_points(text, what)
    if len(pts) > 1:
        raise EditError(f"{what}: one point 'x y', got {text!r}")
    return pts[0] if pts else None


def supply_text(sup) -> str:
    return "; ".join(s.text() for s in sup)


def parse_supply(text: str) -> tuple[Supply, ...]:
    out = []
    for part in text.split(";"):
        part = part.strip()
        if not part:
            continue
        side, _, cond = part.partition(" if ")
        side = side.strip()
        if not side.replace("_", "").isalnum() or side.lower() != side:
            raise EditError(f"supply: a side is a lowercase word such as 'western', got {side!r}")
        try:
            out.append(Supply(side, Condition.parse(cond)))
        except ValueError as e:
            raise EditError(f"supply: {e}") from None
    return tuple(out)


def attrs_text(attrs) -> str:
    def show(v):
        return "true" if v is True else "false" if v is False else str(v)

    return "; ".join(f"{k} = {show(v)}" for k, v in attrs.items())


def parse_attrs(text: str) -> dict:
    out: dict = {}
    for part in text.split(";"):
        if not part.strip():
            continue
        k, eq, v = part.partition("=")
        k, v = k.strip(), v.strip()
        if not eq or not k:
            raise EditError(f"attributes are 'key = value; ...', got {part.strip()!r}")
        if v in ("true", "false"):
            out[k] = v == "true"
        else:
            try:
                out[k] = int(v)
            except ValueError:
                try:
                    out[k] = float(v)
                except ValueError:
                    out[k] = v
    return out


class AreaInspector(ttk.Frame):
    def _fields(self, f, fields, commit, vars_, widgets, rows) -> None:
        build_fields(f, fields, commit, vars_, widgets, rows)  # the hex inspector's field builder

    def __init__(self, master, ed: EditorShell) -> None:
        super().__init__(master, padding=6)
        self.ed = ed
        self.title = tk.StringVar(value="")
        self.info = tk.StringVar(value="")
        ttk.Label(self, textvariable=self.title, font=("DejaVu Sans", 10, "bold"), wraplength=280).pack(
            anchor="w", pady=(0, 4)
        )
        self.frames: dict[str, ttk.Frame] = {}
        self.vars: dict[str, dict[str, tk.Variable]] = {}
        self.widgets: dict[str, dict[str, tk.Widget]] = {}
        self.rows: dict[str, dict[str, tuple[tk.Widget, tk.Widget]]] = {}  # kind -> key -> (label, widget)
        self._loading = False
        for kind, fields in (
            ("location", LOCATION_FIELDS),
            ("line", LINE_FIELDS),
            ("box", BOX_FIELDS),
            ("map", MAP_FIELDS),
        ):
            f = ttk.Frame(self)
            self.vars[kind], self.widgets[kind], self.rows[kind] = {}, {}, {}
            self._fields(
                f,
                fields,
                lambda k, kind=kind: self.commit(kind, k),
                self.vars[kind],
                self.widgets[kind],
                self.rows[kind],
            )
            for _key, w in self.widgets[kind].items():
                if isinstance(w, ttk.Spinbox):
                    w.configure(to=99)
            self.frames[kind] = f
        self.tips = {key: [Tooltip(w, text) for w in self.rows["line"][key]] for key, text in LINE_FLAG_TIPS.items()}
        self._buttons()
        ttk.Label(self, textvariable=self.info, foreground="#555555", wraplength=280, justify="left").pack(
            anchor="w", side="bottom", pady=(8, 0)
        )

    def _buttons(self) -> None:
        ed = self.ed
        f = self.frames["location"]
        row = ttk.Frame(f)
        row.grid(row=len(LOCATION_FIELDS), column=0, columnspan=2, sticky="e", pady=6)
        ttk.Button(row, text="Join halves", command=lambda: ed.push(unsplit_location(ed.model, ed.selected[1]))).pack(
            side="left", padx=2
        )
        ttk.Button(row, text="Delete location", command=lambda: ed.fire("delete")).pack(side="left", padx=2)
        ttk.Label(
            f, text="Supply: SIDE [if COUNTER >= N]; ...\nAttributes: key = value; ...", foreground="#555555"
        ).grid(row=len(LOCATION_FIELDS) + 1, column=0, columnspan=2, sticky="w")
        f = self.frames["line"]
        row = ttk.Frame(f)
        row.grid(row=len(LINE_FIELDS), column=0, columnspan=2, sticky="e", pady=6)
        ttk.Button(row, text="Reverse", command=self.reverse_line).pack(side="left", padx=2)
        ttk.Button(row, text="Delete line", command=lambda: ed.fire("delete")).pack(side="left", padx=2)
        ttk.Label(
            f, text="Active when: such as allied_deck >= 2,\nturn < 10; empty: always", foreground="#555555"
        ).grid(row=len(LINE_FIELDS) + 1, column=0, columnspan=2, sticky="w")
        f = self.frames["box"]
        ttk.Button(f, text="Delete box", command=lambda: ed.fire("delete")).grid(
            row=len(BOX_FIELDS), column=1, sticky="e", pady=6
        )

    # ------------------------------------------------------------------------------ show
    def values(self, kind: str, item) -> dict[str, object]:
        m = self.ed.model
        if kind == "location":
            return {
                "id": item.id,
                "name": item.name,
                "colour": item.colour,
                "capital": int(item.capital),
                "vp": str(item.vp),
                "production": str(item.attrs.get("production", 0)),
                "supply": supply_text(item.supply),
                "anchor": points_text([item.anchor]) if item.anchor else "",
                "halves": " ".join(item.halves),
                "city": str(item.attrs.get("city", "")),
                "attrs": attrs_text(item.attrs),
            }
        if kind == "line":
            return {
                "id": item.id,
                "a": item.a,
                "b": item.b,
                "kind": item.kind,
                "oneway": int(item.oneway),
                "defence_a": str(item.defence_a),
                "defence_b": str(item.defence_b),
                "condition": item.condition.text(),
                "via": points_text(item.via),
                "proposed": int(item.proposed),
                "crossing": int(item.crossing),
                "wrap": int(item.wrap),
                "attrs": attrs_text(item.attrs),
            }
        if kind == "box":
            return {
                "id": item.id,
                "name": item.name,
                "colour": item.colour,
                "capital": int(item.capital),
                "vp": str(item.vp),
                "production": str(item.attrs.get("production", 0)),
                "supply": supply_text(item.supply),
                "condition": item.condition.text(),
                "position": points_text([item.position]),
                "size": points_text([item.size]),
                "city": str(item.attrs.get("city", "")),
                "attrs": attrs_text(item.attrs),
            }
        return {"name": m.name, "notes": m.notes}

    def item(self):
        sel = self.ed.selected
        m = self.ed.model
        if sel is None:
            return "map", m
        kind, k = sel
        table = {"location": m.locations, "line": m.lines, "box": m.boxes}[kind]
        return (kind, table[k]) if k in table else ("map", m)

    def show(self) -> None:
        m = self.ed.model
        self._loading = True
        try:
            kind, item = self.item()
            for f in self.frames.values():
                f.pack_forget()
            colours = [""] + list(m.colours)
            self.widgets["location"]["colour"].configure(values=colours)
            self.widgets["box"]["colour"].configure(values=colours)
            self.widgets["line"]["kind"].configure(values=m.all_line_kinds())
            for k, v in self.values(kind, item).items():
                self.vars[kind][k].set(v)
            self.frames[kind].pack(fill="x")
            if kind == "location":
                self.title.set(f"Location {item.label}")
                lines = m.lines_of(item.id)
                self.info.set(
                    f"area {item.polygon.area:.0f}, {len(item.parts)} part{'s' if len(item.parts) != 1 else ''}, "
                    f"{len(lines)} move line{'s' if len(lines) != 1 else ''}"
                    + (f"\nspaces {', '.join(item.spaces())}" if item.has_halves else "")
                )
            elif kind == "line":
                self.title.set(f"Move line {item.id}" + (" (proposed)" if item.proposed else ""))
                self.info.set(
                    f"{item.kind} line, {'one-way' if item.oneway else 'two-way'}"
                    + (", a strait crossing" if item.crossing else "")
                    + (", round the map edge" if item.wrap else "")
                )
                self._line_flags(item)
            elif kind == "box":
                self.title.set(f"Off-map box {item.label}")
                self.info.set(f"space box:{item.id}, {len(m.lines_of('box:' + item.id))} move lines")
            else:
                self.title.set("Map")
                self.info.set(
                    f"{len(m.locations)} locations, {len(m.lines)} move lines, {len(m.boxes)} boxes; "
                    f"colour classes: {', '.join(m.colours) or 'none (Edit menu)'}"
                )
        finally:
            self._loading = False

    def _line_flags(self, ln) -> None:
        """Strait crossing is about land lines (``mapref check``'s land-line-apart reads only
        them): shown for a land line, or one marked already (to untick it).  Wraps round is for
        any line, greyed on a map that has no seams (the file would be refused)."""
        for w in self.rows["line"]["crossing"]:
            if ln.kind == "land" or ln.crossing:
                w.grid()
            else:
                w.grid_remove()
        can_wrap = self.ed.model.wraps or ln.wrap
        for w in self.rows["line"]["wrap"]:
            w.state(["!disabled" if can_wrap else "disabled"])
        for tip in self.tips["wrap"]:
            tip.text = LINE_FLAG_TIPS["wrap"] + ("" if can_wrap else WRAP_TIP_NO_SEAMS)

    # ---------------------------------------------------------------------------- commit
    def commit(self, kind: str, key: str) -> None:
        if self._loading:
            return
        got_kind, item = self.item()
        if got_kind != kind:
            return
        var = self.vars[kind][key]
        raw = var.get()
        if isinstance(var, tk.IntVar):
            new: object = int(raw)
        else:
            new = str(raw).strip()
        if new == self.values(kind, item)[key]:
            return
        ed = self.ed
        try:
            cmd = self._edit(kind, item, key, new)
        except EditError:
            self.show()
            raise
        if cmd is not None:
            ed.push(cmd)
            if key == "id":
                ed.select(kind, new)

    def _edit(self, kind: str, item, key: str, new):
        m = self.ed.model
        table = {"location": "locations", "line": "lines", "box": "boxes"}.get(kind)
        if key == "id":
            return rename(m, table, item.id, str(new))
        if key == "attrs":
            return self._set(kind, item, attrs=parse_attrs(str(new)))
        if key == "production":  # kept in the attributes (attrs.production), 0 = none
            return self._set(kind, item, attrs=_production_attrs(item.attrs, new))
        if key == "city":  # the city a location holds, as a game's rules name it (a victory city: "Rome")
            return self._set(kind, item, attrs=_city_attrs(item.attrs, new))
        if key == "supply":
            return self._set(kind, item, supply=parse_supply(str(new)))
        if key in ("capital", "oneway", "proposed", "crossing", "wrap"):
            return self._set(kind, item, **{key: bool(new)})
        if key == "colour":
            return self._set(kind, item, colour=_colour_class(m, new))
        if kind == "location":
            return _location_edit(m, item, key, new)
        if kind == "line":
            return _line_edit(m, item, key, new)
        if kind == "box":
            if key in ("position", "size"):
                p = parse_point(str(new), key)
                if p is None:
                    raise EditError(f"{key}: two numbers 'x y'")
                return set_box(m, item.id, **{key: p})
            return set_box(m, item.id, **{key: new})
        return set_map(m, **{key: new})

    def _set(self, kind, item, **props):
        m = self.ed.model
        if kind == "location":
            return set_location(m, item.id, **props)
        if kind == "line":
            return set_line(m, item.id, **props)
        return set_box(m, item.id, **props)

    def reverse_line(self) -> None:
        kind, ln = self.item()
        if kind != "line":
            return
        self.ed.push(
            set_line(
                self.ed.model,
                ln.id,
                label="Reverse line",
                a=ln.b,
                b=ln.a,
                defence_a=ln.defence_b,
                defence_b=ln.defence_a,
                via=list(reversed(ln.via)),
            )
        )


def delete_selected(ed: EditorShell) -> None:
    """Delete the selected location (with its lines), line or box."""
    sel = ed.selected
    if sel is None:
        return
    kind, k = sel
    m = ed.model
    cmd = {"location": delete_location, "box": delete_box}.get(kind)
    ed.push(cmd(m, k) if cmd else delete_lines(m, [k]))
    ed.select(None)


def _production_attrs(attrs: dict, new) -> dict:
    """A location's attributes with its production ``new`` (a whole number, 0 = none)."""
    try:
        n = int(str(new).strip() or 0)
    except ValueError:
        raise EditError(f"production: a whole number of 0 or more, got {new!r}") from None
    if n < 0:
        raise EditError(f"production: a whole number of 0 or more, got {n}")
    rest = {k: v for k, v in attrs.items() if k != "production"}
    return {**rest, "production": n} if n else rest


def _city_attrs(attrs: dict, new) -> dict:
    """A location's attributes with the cities ``new`` names (comma-separated; none: no city)."""
    rest = {k: v for k, v in attrs.items() if k != "city"}
    if str(new).strip():
        rest["city"] = ", ".join(c.strip() for c in str(new).split(",") if c.strip())
    return rest


def _colour_class(m, new):
    """The colour class ``new`` names, by its id or its name (any case)."""
    if new and new not in m.colours:
        by_name = {c.name.lower(): k for k, c in m.colours.items()}
        if str(new).lower() not in by_name:
            raise EditError(
                f"unknown colour class {new!r}: add it in the Edit menu, or pick one of {', '.join(m.colours) or 'none'}"
            )
        new = by_name[str(new).lower()]
    return new


def _location_edit(m, item, key: str, new):
    """The edit of a location's own field: the name's anchor, the halves' ids, or any other."""
    if key == "anchor":
        return set_location(m, item.id, anchor=parse_point(str(new), "name at"))
    if key == "halves":
        ids = str(new).split()
        if not ids and item.has_halves:
            return unsplit_location(m, item.id)
        if not item.has_halves:
            raise EditError(f"{item.label} has no halves: split it with the Split tool (S) first")
        if len(ids) != 2:
            raise EditError(f"two half ids such as 'w e', got {new!r}")
        return rename_halves(m, item.id, tuple(ids))
    return set_location(m, item.id, **{key: new})


def _line_edit(m, item, key: str, new):
    """The edit of a move line's own field: its bends, an end (a space as typed), or any other."""
    if key == "via":
        return set_line(m, item.id, via=parse_points(str(new), "bends"))
    if key in ("a", "b"):
        try:
            space = board_for(m).parse(str(new))
        except SpaceError as e:
            raise EditError(str(e)) from None
        return set_line(m, item.id, **{key: space})
    return set_line(m, item.id, **{key: new})
