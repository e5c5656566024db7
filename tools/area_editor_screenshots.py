"""Screenshots of the area editor at work, for the README and docs/ (1366x768).

    python tools/area_editor_screenshots.py      (starts its own 1366x768 Xvfb, tools/xvfb.py)

- docs/area-editor-generate.png: France, the Low Countries and Germany made one land outline,
  a city clicked for each area to make (Generate tool);
- docs/area-editor-generated.png: the land cut into areas around the cities, land lines
  proposed along the shared borders (dashed), the problems panel asking to review them;
- docs/area-editor-draw.png: Switzerland drawn again by clicking on its neighbours' corners
  (the clicks snap; the border between two clicks on a neighbour follows it);
- docs/area-editor-lines.png: the sample map, the one-way naval line London -> Algiers
  selected (active from the Allies' second deck), locations split into halves;
- docs/area-editor-grab.png: a new area map over a border image (the Struggle for Europe
  map's borders drawn as on paper), regions grabbed with the Grab tool (K), the next region
  outlined under the pointer;
- docs/area-editor-line-flags.png: the sample map with a land line from Bern to Algiers across
  the sea, selected, *Strait crossing* ticked in the inspector: the problems panel no longer
  warns that the two share no border; *Wraps round the map edge* greyed, its tooltip saying why.

    python tools/area_editor_screenshots.py line_flags      (only that one: the shot's name)
"""

from __future__ import annotations

import os
import sys
import tkinter as tk
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.xvfb import start_xvfb
from mapref.core.areaedit import Edit, delete_location, merge, set_map, suggest_lines
from mapref.core.areageom import outline_of, rings_of
from mapref.core.areamodel import ColourClass
from mapref.io.geojson_import import areas_from_geojson, read_geojson
from mapref.ui import screenshot
from mapref.ui.area_editor import AreaEditor

DOCS = ROOT / "docs"
NE = ROOT / "tools" / "data" / "ne_110m_countries_europe.geojson"
CITIES = {
    "Paris": (2.35, 48.86),
    "Lyon": (4.84, 45.76),
    "Marseille": (5.37, 43.3),
    "Bordeaux": (-0.58, 44.84),
    "Brest": (-4.49, 48.39),
    "Nantes": (-1.55, 47.22),
    "Toulouse": (1.44, 43.6),
    "Lille": (3.06, 50.63),
    "Strasbourg": (7.75, 48.58),
    "Brussels": (4.35, 50.85),
    "Amsterdam": (4.9, 52.37),
    "Cologne": (6.96, 50.94),
    "Hamburg": (10.0, 53.55),
    "Berlin": (13.4, 52.52),
    "Munich": (11.58, 48.14),
    "Frankfurt": (8.68, 50.11),
    "Dresden": (13.74, 51.05),
    "Koenigsberg": (20.5, 54.7),
}
WEST = ("france", "belgium", "luxembourg", "netherlands", "germany")


def editor(model=None, path=None) -> AreaEditor:
    root = tk.Tk()
    ed = AreaEditor(root, path, model=model, quiet=True)  # sized from the 1366x768 screen, as on a laptop
    root.geometry("+0+0")
    root.update()
    return ed


def view(ed, lon0, lat0, lon1, lat1) -> None:
    """Zoom the canvas onto a lon/lat box."""
    m, c = ed.model, ed.canvas
    (x0, y0), (x1, y1) = m.geo_to_map(lon0, lat1), m.geo_to_map(lon1, lat0)
    c.update_idletasks()
    c.zoom = min(c.winfo_width() / (x1 - x0), c.winfo_height() / (y1 - y0))
    c.redraw()
    c.centre_on(((x0 + x1) / 2, (y0 + y1) / 2))
    ed.root.update()


def click(ed, p, motion_only=False) -> None:
    c = ed.canvas
    x, y = c.widget_xy(p)
    c.event_generate("<Motion>", x=x, y=y)
    if not motion_only:
        c.event_generate("<ButtonPress-1>", x=x, y=y, button=1)
        c.event_generate("<ButtonRelease-1>", x=x, y=y, button=1, state=0x100)
    ed.root.update()


def europe():
    """The Natural Earth import with its proposed lines accepted (solid)."""
    import dataclasses

    m, _ = areas_from_geojson(read_geojson(NE), str(NE), name="Western Europe")
    m.lines = {k: dataclasses.replace(v, proposed=False) for k, v in m.lines.items()}
    return m


def generate_shots() -> None:
    m = europe()
    m.colours = {"land": ColourClass("Land", "#e8e2cf")}
    ed = editor(m)
    land = outline_of(m.locations[k].polygon for k in WEST)
    ed.push(merge("Cut out the west", *[delete_location(m, k) for k in WEST]))
    ed.push(set_map(m, label="Land outline", land=land))
    ed.history.mark_saved()
    view(ed, -6, 41.5, 22, 56)
    ed.set_tool("generate")
    for _name, (lon, lat) in CITIES.items():
        click(ed, m.geo_to_map(lon, lat))
    ed.set_status(f"{len(CITIES)} cities: Return to cut the land into {len(CITIES)} areas")
    ed.status.set("")
    ed.root.update()
    screenshot(ed.root, DOCS / "area-editor-generate.png")
    ed.fire("finish")
    ed.root.update()
    names = list(CITIES)
    new = [k for k in m.locations if k.startswith("area_")]
    from mapref.core.areaedit import set_location

    ed.push(merge("Name the areas", *[set_location(m, k, name=n) for k, n in zip(new, names, strict=True)]))
    renames = Edit("Ids from names", renames={"locations": {k: n.lower() for k, n in zip(new, names, strict=True)}})
    ed.push(renames)
    e = suggest_lines(m, ids=[n.lower() for n in names])
    ed.push(e)
    ed.select("location", "paris")
    ed.problems.run()
    view(ed, -6, 41.5, 22, 56)
    ed.select("location", "paris")
    ed.set_status(f"{e.label}: dashed; accept them (Tools menu, or the inspector) or delete them")
    ed.status.set(ed.describe("paris"))
    ed.root.update()
    screenshot(ed.root, DOCS / "area-editor-generated.png")
    ed.root.destroy()


def draw_shot() -> None:
    m = europe()
    swiss = m.locations["switzerland"]
    ring = rings_of(swiss.polygon)[0][1]
    ed = editor(m)
    ed.push(delete_location(m, "switzerland"))
    ed.history.mark_saved()
    view(ed, 1.5, 43.5, 15.5, 50.0)
    ed.set_tool("draw")
    step = max(1, len(ring) // 7)
    picks = ring[::step][:4]
    for p in picks:
        click(ed, (p[0] + 0.15, p[1] - 0.1))  # a little off: the clicks snap onto the corners
    nxt = ring[4 * step]
    click(ed, (nxt[0] + 0.2, nxt[1] + 0.1), motion_only=True)
    ed.set_status(
        "Drawing Switzerland again: 4 clicks snapped to the neighbours' corners; the square shows the next snap"
    )
    ed.status.set("")
    ed.root.update()
    screenshot(ed.root, DOCS / "area-editor-draw.png")
    ed.root.destroy()


def lines_shot() -> None:
    ed = editor(path=ROOT / "maps" / "area_sample.toml")
    ed.canvas.fit()
    ed.root.update()
    ed.select("line", "london-algiers")
    ed.problems.run()
    ed.root.update()
    screenshot(ed.root, DOCS / "area-editor-lines.png")
    ed.root.destroy()


def border_scan(path: Path) -> tuple[int, int]:
    """A border image as a scan of a printed board would be: the Struggle for Europe map's
    location borders drawn dark on paper, 3 pixels wide, blurred; returns its size."""
    from PIL import Image, ImageDraw, ImageFilter

    from mapref.io.areafile import load_area_map

    m = load_area_map(ROOT / "maps" / "struggle_for_europe.toml")
    x0, y0, x1, y1 = m.bounds()
    k = 2.0
    w, h = int((x1 - x0) * k) + 40, int((y1 - y0) * k) + 40
    img = Image.new("RGB", (w, h), "#f4efe2")
    d = ImageDraw.Draw(img)
    for loc in m.locations.values():
        for _ref, r in rings_of(loc.polygon):
            d.line([((x - x0) * k + 20, (y - y0) * k + 20) for x, y in list(r) + [r[0]]], fill="#3b3026", width=3)
    img.filter(ImageFilter.GaussianBlur(0.8)).save(path)
    return w, h


GRABBED = (
    "paris",
    "normandy",
    "bordeaux",
    "sedan",
    "antwerp",
    "amsterdam",
    "ruhr",
    "hamburg",
    "berlin",
    "munich",
    "marseilles",
    "milan",
    "prague",
    "vienna",
)


def grab_shot() -> None:
    """docs/area-editor-grab.png: a new area map over a border image (File > New > Area map with an
    image to trace), regions grabbed with the Grab tool and named in the inspector, the next one
    outlined under the pointer."""
    import tempfile
    import time

    from mapref.core.areaedit import set_location
    from mapref.io.areafile import load_area_map
    from mapref.ui.editor import Editor
    from mapref.ui.editor_shell import editor_of

    tmp = Path(tempfile.mkdtemp())
    w, h = border_scan(tmp / "europe_borders.png")
    sfe = load_area_map(ROOT / "maps" / "struggle_for_europe.toml")
    x0, y0 = sfe.bounds()[:2]

    def at(lid):  # where a Struggle for Europe location is on the traced map (its image at half scale)
        x, y = sfe.locations[lid].label_point
        return (x - x0 + 10, y - y0 + 10)

    root = tk.Tk()
    hexed = Editor(root, None, quiet=True)
    root.geometry("+0+0")
    root.update()
    hexed.answers = [
        {
            "name": "Europe, traced",
            "width": str(w / 2),
            "height": str(h / 2),
            "projection": "none",
            "extent": "",
            "underlay": str(tmp / "europe_borders.png"),
        }
    ]
    hexed.fire("new-area")
    ed = editor_of(root)
    ed.underlay.wait()
    c = ed.canvas
    c.zoom = 2.0
    c.redraw()
    (ax, ay), (bx, by) = at("sedan"), at("munich")
    c.centre_on(((ax + bx) / 2, (ay + by) / 2 + 10))
    root.update()
    c.focus_force()
    c.event_generate("<KeyPress-k>")  # the grab tool
    tool = ed.tools["grab"]
    for lid in GRABBED:
        before = set(ed.model.locations)
        click(ed, at(lid))
        for _ in range(500):  # the first click waits for the tracing
            root.update()
            if set(ed.model.locations) != before:
                break
            time.sleep(0.02)
        (new,) = set(ed.model.locations) - before
        ed.push(set_location(ed.model, new, name=sfe.locations[lid].name))  # typed in the inspector
    assert not tool._pending and len(ed.model.locations) == len(GRABBED)
    click(ed, at("budapest"), motion_only=True)  # the next region, outlined under the pointer
    ed.set_status(
        f"Grabbed {sfe.locations[GRABBED[-1]].name}; name it in the inspector, grab its neighbours, then Tools > "
        "Suggest land lines (Ctrl+L)"
    )
    ed.problems.run()
    root.update()
    screenshot(root, DOCS / "area-editor-grab.png")
    root.destroy()


def line_flags_shot() -> None:
    """docs/area-editor-line-flags.png: a land line across the sea (Bern - Algiers, the example of
    docs/format.md) selected from its warning in the problems panel, Strait crossing ticked."""
    import tempfile

    path = Path(tempfile.mkdtemp()) / "area_sample.toml"
    path.write_text(
        (ROOT / "maps" / "area_sample.toml").read_text(encoding="utf-8")
        + 'bern-algiers = { a = "bern", b = "algiers", kind = "land" }\n',
        encoding="utf-8",
    )
    ed = editor(path=path)
    ed.canvas.fit()
    ed.root.update()
    ed.goto_problem(next(p for p in ed.problems.run() if p.code == "land-line-apart"))
    box = ed.inspector.widgets["line"]["crossing"]
    box.invoke()
    ed.problems.run()
    ed.root.update()
    ed.inspector.tips["wrap"][1].show()  # the greyed Wraps round box says why
    ed.root.update()
    screenshot(ed.root, DOCS / "area-editor-line-flags.png")
    ed.root.destroy()


SHOTS = {
    "generate": generate_shots,
    "draw": draw_shot,
    "lines": lines_shot,
    "grab": grab_shot,
    "line_flags": line_flags_shot,
}


def main(names: list[str]) -> None:
    for name in names or SHOTS:
        SHOTS[name]()
    print("wrote the screenshots of docs/area-editor-*.png: " + ", ".join(names or SHOTS))


if __name__ == "__main__":
    proc, display = start_xvfb("1366x768x24")
    os.environ["DISPLAY"] = display
    try:
        main(sys.argv[1:])
    finally:
        proc.terminate()
