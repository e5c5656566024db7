"""The mapref application window (the viewer; the editor and referee panels build on it)."""

from __future__ import annotations

import tkinter as tk
from pathlib import Path

from mapref.core.model import MapModel
from mapref.io.mapfile import load_map
from mapref.ui.canvas import MapCanvas


class App:
    def __init__(self, root: tk.Tk, path: str | Path) -> None:
        self.root = root
        self.path = Path(path)
        self.model: MapModel = load_map(self.path)
        root.title(f"mapref - {self.path.name}")
        root.geometry("1200x800")
        self.status = tk.StringVar(value="")
        self.canvas = MapCanvas(root, self.model)
        bar = tk.Label(root, textvariable=self.status, anchor="w", relief="sunken")
        bar.pack(side="bottom", fill="x")
        self.canvas.pack(side="top", fill="both", expand=True)
        self.canvas.bind("<Motion>", self._motion, add="+")

    def describe(self, h) -> str:
        m = self.model
        d = m.hexes[h]
        parts = [m.grid.label(h)]
        if d.name:
            parts[0] += f" {d.name}"
        if d.country and d.country in m.countries:
            parts.append(m.countries[d.country].name)
        parts.append(d.terrain)
        if d.sea and d.sea in m.seas:
            parts.append(m.seas[d.sea].name)
        if d.production:
            parts.append(f"production {d.production}")
        if d.port:
            parts.append(f"port {d.port}")
        if d.capital:
            parts.append("capital")
        if d.mountain:
            parts.append("mountain")
        return ", ".join(parts)

    def _motion(self, e: tk.Event) -> None:
        h = self.canvas.hex_at(e.x, e.y)
        self.status.set(self.describe(h) if h else "")


def run(path: str | Path) -> int:
    root = tk.Tk()
    App(root, path)
    root.mainloop()
    return 0
