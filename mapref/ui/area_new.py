"""File > New > Area map: the form (name, size, projection or none, an image to trace) and the
map it makes with :func:`mapref.core.areamodel.new_area_map` (what ``mapref new-map`` makes).

Size is in map units (the units of the outlines): the map's blank page (``page``); a size left
blank follows the image to trace, or the other size in the proportion 10 x 7.  A projection
makes the map speak longitude and latitude (``[geo]``, as ``mapref import-areas`` writes it):
the form asks the west, east, south and north edges in degrees, and the page's width then gives
the scale.  An image to trace (a scan of a board, a border image) is laid on the page over its
width, ready for the Grab tool (K) or Draw location (D).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from mapref.core.areamodel import AreaMap, new_area_map

if TYPE_CHECKING:
    from mapref.ui.editor_api import EditorWindow

PROJECTIONS = ("none", "longitude and latitude")

FIELDS = [
    ("name", "Name", "entry", "Untitled", None),
    ("width", "Width (map units)", "float", 1000, None),
    ("height", "Height (blank: in proportion)", "float", "", None),
    ("projection", "Projection", "choice", PROJECTIONS[0], list(PROJECTIONS)),
    ("extent", "Edges W E S N (degrees)", "entry", "", None),
    ("underlay", "Image to trace (optional)", "file", "", [("Images", "*.png *.jpg *.jpeg"), ("All files", "*")]),
]


def _size(values: dict, key: str, what: str) -> float | None:
    text = str(values.get(key, "")).strip()
    if not text:
        return None
    try:
        v = float(text)
    except ValueError:
        v = math.nan
    if not (math.isfinite(v) and 1 <= v <= 1e6):
        raise ValueError(f"{what} is a number of map units from 1 to 1000000, got {values.get(key)!r}")
    return v


def geo_for(extent: str, width: float) -> dict:
    """``[geo]`` for a map ``width`` units wide over ``extent`` ("west east south north" in
    degrees): x = (lon - lon0) * scale * cos(parallel), y = (lat0 - lat) * scale."""
    try:
        w, e, s, n = (float(v) for v in extent.replace(",", " ").split())
    except ValueError:
        raise ValueError(
            f"the edges are four numbers in degrees, west east south north (such as -10 40 35 60), got {extent!r}"
        ) from None
    if not (-180 <= w < e <= 180 and -85 <= s < n <= 85):
        raise ValueError(f"the edges are west < east within -180..180 and south < north within -85..85, got {extent!r}")
    parallel = (s + n) / 2
    scale = width / ((e - w) * math.cos(math.radians(parallel)))
    return {"lon0": w, "lat0": n, "scale": round(scale, 6), "parallel": round(parallel, 3)}


def new_area_map_from(values: dict) -> AreaMap:
    """The map the New area map form's ``values`` ask for (ValueError saying what is wrong)."""
    width, height = _size(values, "width", "the width"), _size(values, "height", "the height")
    underlay = str(values.get("underlay", "")).strip() or None
    size = None
    if underlay:
        from mapref.ui.images import probe

        size = probe(underlay)  # a bomb, a FIFO, not an image: refused (ValueError) before anything
    name = str(values.get("name", "")).strip()
    m = new_area_map(name, width, height, None, underlay, size)
    if str(values.get("projection", "none")) != "none":
        m = new_area_map(name, *m.page, geo_for(str(values.get("extent", "")), m.page[0]), underlay, size)
    return m


def form_problem(values: dict) -> str | None:
    try:
        new_area_map_from(values)
    except ValueError as e:
        return str(e)
    return None


def ask_new_area_values(ed: EditorWindow) -> dict | None:
    """The New area map form over editor ``ed``'s window (in quiet mode: the next answer)."""
    if ed.quiet:
        return ed.answers.pop(0) if ed.answers else None
    from mapref.ui.dialogs import FormDialog

    return FormDialog(
        ed.root,
        "New area map",
        FIELDS,
        validate=form_problem,
        note="Projection: none for a board drawn by hand; longitude and latitude for a map of the world "
        "(give its edges). An image to trace is laid on the page over its width: grab its regions "
        "with the Grab tool (K).",
    ).show()
