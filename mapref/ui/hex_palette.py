"""The hex editor's tool palette below the tool buttons: the options of the current tool only
(as in Tiled or GIMP), then the background image's opacity when the map has one.

:func:`build_options` makes one frame of options per tool (``_options_<tool name>``; a tool
without options shows its hint); the editor packs the frame of the tool in use.  The values
live in the editor's variables (``paint_attr``, ``brush_radius``, ``production_value``...),
which the tools read.
"""

from __future__ import annotations

import tkinter as tk
from tkinter import ttk
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mapref.ui.editor_shell import EditorShell  # its editor (mapref.ui.editor.Editor, which imports this module)


def build_options(ed: EditorShell, f: ttk.Frame, cls) -> None:
    globals().get(f"_options_{cls.name}", options_hint)(ed, f, cls)


def options_hint(ed: EditorShell, f: ttk.Frame, cls) -> None:
    text = cls.tip.split(":", 1)[1].strip() if ":" in cls.tip else cls.tip
    ttk.Label(f, text=text[0].upper() + text[1:] + ".", wraplength=200, justify="left", foreground="#444444").pack(
        anchor="w"
    )


def _paint_options(ed: EditorShell, f: ttk.Frame, brush: bool) -> None:
    for attr, text in (("terrain", "Terrain"), ("country", "Country"), ("sea", "Sea zone")):
        row = ttk.Frame(f)
        row.pack(fill="x", pady=1)
        ttk.Radiobutton(row, text=text, value=attr, variable=ed.paint_attr, width=8).pack(side="left")
        pk = ed.picker(
            row, attr, ed.paint_values[attr], lambda code, a=attr: ed.paint_attr.set(a), none=attr != "terrain"
        )
        pk.pack(side="left", fill="x", expand=True)
        ed.paint_pickers.setdefault(brush, {})[attr] = pk
    if brush:
        row = ttk.Frame(f)
        row.pack(fill="x", pady=(4, 0))
        ttk.Label(row, text="Brush radius").pack(side="left")
        for r in (0, 1, 2):
            ttk.Radiobutton(row, text=str(r), value=r, variable=ed.brush_radius).pack(side="left")


def _options_paint(ed, f, cls) -> None:
    _paint_options(ed, f, brush=True)


def _options_fill(ed, f, cls) -> None:
    _paint_options(ed, f, brush=False)


def _spin_option(ed, f, text: str, var: tk.IntVar, hi: int) -> None:
    row = ttk.Frame(f)
    row.pack(fill="x", pady=1)
    ttk.Label(row, text=text).pack(side="left")
    sp = ttk.Spinbox(row, from_=0, to=hi, textvariable=var, width=5)
    sp.pack(side="right")
    ed.watch_field(sp)


def _options_production(ed, f, cls) -> None:
    _spin_option(ed, f, "Production", ed.production_value, 16)
    options_hint(ed, f, cls)


def _options_port(ed, f, cls) -> None:
    _spin_option(ed, f, "Port capacity", ed.port_capacity, 99)
    options_hint(ed, f, cls)


def _options_hexside(ed, f, cls) -> None:
    for v, t in (("crossing", "Crossing arrow"), ("impassable", "Impassable"), ("all_sea", "All-sea override")):
        ttk.Radiobutton(f, text=t, value=v, variable=ed.side_mode).pack(anchor="w")


def _options_box(ed, f, cls) -> None:
    for v, t in (("place", "Place / move"), ("land", "Land contact"), ("sea", "Sea arrow")):
        ttk.Radiobutton(f, text=t, value=v, variable=ed.box_mode).pack(anchor="w")
    _spin_option(ed, f, "Sea arrow length", ed.arrow_length, 20)


def _options_feature(ed, f, cls) -> None:
    cb = ttk.Combobox(f, textvariable=ed.feature_kind, values=["lend_lease_depot", "supply_source"], width=18)
    cb.pack(anchor="w", fill="x")
    ed.watch_field(cb)
    row = ttk.Frame(f)
    row.pack(fill="x", pady=(2, 0))
    ttk.Label(row, text="Side").pack(side="left")
    e = ttk.Entry(row, textvariable=ed.feature_side, width=10)
    e.pack(side="left", padx=(4, 0))
    ed.watch_field(e)


def _options_fit_grid(ed, f, cls) -> None:
    options_hint(ed, f, cls)
    row = ttk.Frame(f)
    row.pack(fill="x", pady=(4, 0))
    ttk.Button(row, text="Load image...", command=lambda: ed.fire("load-background")).pack(side="left")
    ttk.Button(row, text="Remove", command=lambda: ed.fire("remove-background")).pack(side="left", padx=(4, 0))


def background_frame(ed, p: ttk.Frame) -> ttk.LabelFrame:
    """The background image's opacity slider and Show box (packed only when the map has one)."""
    o = ttk.LabelFrame(p, text="Background image", padding=4)
    row = ttk.Frame(o)
    row.pack(fill="x")
    ttk.Label(row, text="Opacity").pack(side="left")
    s = ttk.Scale(row, from_=0.0, to=1.0, variable=ed.opacity, orient="horizontal", length=110)
    s.pack(side="left", fill="x", expand=True, padx=(4, 0))
    s.bind("<ButtonRelease-1>", lambda e: ed.underlay.set("Background opacity", opacity=ed.opacity.get()))
    ttk.Checkbutton(
        o,
        text="Show",
        variable=ed.layer_vars["background"],
        command=lambda: ed.set_layer("background", ed.layer_vars["background"].get()),
    ).pack(anchor="w")
    return o


def show_background_frame(ed) -> None:
    if ed.model.background:
        ed.background_frame.pack(fill="x", pady=2)
    else:
        ed.background_frame.pack_forget()


def choices(model, attr: str) -> list[tuple[str, str, str]]:
    """(code, name, colour) of the terrains, or of the map's countries or sea zones, by name."""
    from mapref.render.style import LAND_UNOWNED, SEA_DEFAULT

    if attr == "terrain":
        return [
            ("sea", "Sea", SEA_DEFAULT),
            ("land", "Land", LAND_UNOWNED),
            ("coastal", "Part sea, part land", "#b9c8a6"),
        ]
    table = model.countries if attr == "country" else model.seas
    return sorted(((code, x.name, x.colour) for code, x in table.items()), key=lambda c: c[1].lower())
