"""Read and write hex maps as TOML (format 1, documented in docs/format.md).

Dense per-hex data (terrain, country, sea zone) is stored as *layers*: one string per row,
northernmost first, each starting with the row's label, then one code per column.  Sparse
data (names, production, ports, capitals, mountains) is one line per hex in ``[hexes]``.
Every problem in a file is collected and reported together with its line.
"""

from __future__ import annotations

import math
import os
from itertools import chain, repeat
from pathlib import Path

from mapref.core.grid import (
    HEX_SIZE_RANGE,
    MAX_GRID_HEXES,
    MAX_GRID_SIDE,
    Grid,
    Hex,
    LabelError,
    LabelScheme,
    Orientation,
    grid_size_problem,
)
from mapref.core.model import MAX_PRODUCTION, Box, Country, Feature, HexData, MapModel, Region, Sea, SeaArrow, SideData
from mapref.io import tomlwrite as tw
from mapref.io.atomic import write_atomic
from mapref.io.problems import FileProblems, Problem, Reader, parse_toml, show_value

FORMAT = 1
TERRAIN_CODES = {".": "sea", "L": "land", "C": "coastal"}
TERRAIN_LETTERS = {v: k for k, v in TERRAIN_CODES.items()}
NONE_CODE = "."

TOP_KEYS = (
    "format",
    "kind",
    "name",
    "notes",
    "grid",
    "countries",
    "seas",
    "regions",
    "layers",
    "hexes",
    "hexsides",
    "boxes",
    "features",
    "background",
)
GRID_KEYS = ("rows", "columns", "orientation", "shifted", "shift", "labels", "first_row", "hex_size")
HEX_KEYS = ("name", "production", "mountain", "capital", "port", "port_optional", "port_access")
SIDE_KEYS = ("crossing", "all_sea", "impassable")
BOX_KEYS = ("name", "production", "country", "land", "sea_arrows", "position", "optional")
ARROW_KEYS = ("hex", "length", "sea")
LAYER_KEYS = ("terrain", "country", "sea")
BACKGROUND_KEYS = ("image", "opacity", "offset", "scale")

# limits on numbers, so that whatever a map holds it draws, saves and reloads (docs/format.md)
BOX_REACH = 10_000.0  # a box's position, in hex sizes either way from the map's origin
BG_OFFSET_REACH = 1_000_000.0  # the background's offset, in pixels either way
BG_SCALE = (0.001, 1000.0)
ATTR_INT_REACH = 2**53  # a feature's integer attributes (they go to JSON too)


def load_map(path: str | os.PathLike[str], shown: str | None = None) -> MapModel:
    """Load a map file; raise :class:`FileProblems` listing every problem found."""
    p = Path(path)
    shown = shown or str(path)
    data, source = parse_toml(p, shown)
    return map_from_dict(data, source, shown)


def map_from_dict(data: dict, source: str, shown: str) -> MapModel:
    r = Reader(shown, source)
    r.check_keys(data, TOP_KEYS, "", required=("format",))
    if "grid" not in data:
        r.error("grid", "missing the [grid] table (rows, columns, orientation...)")
        r.raise_if_any()
    r.format_(data, FORMAT, "map")
    kind = r.str_(data, "kind", "", "hex", choices=("hex",))
    del kind
    grid, hex_size = _read_grid(r, r.table(data, "grid", ""))
    if grid is None:
        r.raise_if_any()
        raise AssertionError("unreachable")  # pragma: no cover
    name, notes = r.str_(data, "name", ""), r.str_(data, "notes", "")
    countries: dict[str, Country] = {}
    seas: dict[str, Sea] = {}
    _read_countries_and_seas(r, data, countries, seas)
    layers = r.table(data, "layers", "")
    # every row of every layer well formed: each hex's data made with them at once; else every
    # hex's data made, then set from what the layers give (and what is wrong said)
    hexes = _layer_hexes(layers, grid, countries, seas)
    m = MapModel(
        grid=grid, name=name, hex_size=hex_size, notes=notes, hexes=hexes or {}, countries=countries, seas=seas
    )
    if hexes is not None:
        r.check_keys(layers, LAYER_KEYS, "layers")
    else:
        _read_layers(r, layers, m, source)

    _read_hexes(r, data, m)
    _read_hexsides(r, data, m)
    _read_regions(r, data, m)
    _read_boxes(r, data, m)
    _read_features(r, data, m)
    _read_background(r, data, m)
    r.raise_if_any()
    return m


def _read_countries_and_seas(r: Reader, data: dict, countries: dict[str, Country], seas: dict[str, Sea]) -> None:
    """``[countries]`` and ``[seas]``: each code's name and colour (and a country's allegiance)."""
    for code, c in r.table(data, "countries", "").items():
        w = f"countries.{code}"
        if not isinstance(c, dict):
            r.expected(w, 'a table such as { name = "Germany", colour = "#9ec9e8", allegiance = "germany" }', c)
            continue
        r.check_keys(c, ("name", "colour", "allegiance"), w, required=("name", "colour"))
        colour = _colour(r, c, w)
        countries[code] = Country(r.str_(c, "name", w), colour, r.str_(c, "allegiance", w, "unaligned"))
    for code, s in r.table(data, "seas", "").items():
        w = f"seas.{code}"
        if not isinstance(s, dict):
            r.expected(w, 'a table such as { name = "Baltic Sea", colour = "#5d8fc7" }', s)
            continue
        r.check_keys(s, ("name", "colour"), w, required=("name",))
        seas[code] = Sea(r.str_(s, "name", w), _colour(r, s, w, "#a8c8e8"))


def _read_hexes(r: Reader, data: dict, m: MapModel) -> None:
    """``[hexes]``: each named hex's name, production, mountain, capital and port."""
    grid = m.grid
    for lab, hx in r.table(data, "hexes", "").items():
        w = f"hexes.{lab}"
        h = _hex(r, grid, lab, w)
        if not isinstance(hx, dict):
            r.expected(w, 'a table such as { name = "Berlin", production = 4 }', hx)
            continue
        if h is None:
            continue
        r.check_keys(hx, HEX_KEYS, w)
        d = m.hexes[h]
        d.name = r.str_(hx, "name", w)
        d.production = r.int_(hx, "production", w, 0, 0, MAX_PRODUCTION)
        d.mountain = r.bool_(hx, "mountain", w)
        d.capital = r.bool_(hx, "capital", w)
        d.port = r.int_(hx, "port", w, 0, 0, 99)
        d.port_optional = r.bool_(hx, "port_optional", w)
        d.port_access = tuple(_hex_list(r, grid, hx, "port_access", w))
        if d.port_optional and not d.port:
            r.error(f"{w}.port_optional", "an optional port needs a port capacity (port = 10)")
        if d.port_access and not d.port:
            r.error(f"{w}.port_access", "only a port has port_access")


def _read_hexsides(r: Reader, data: dict, m: MapModel) -> None:
    """``[hexsides]``: crossings, all-sea and impassable sides."""
    grid = m.grid
    for lab, sd in r.table(data, "hexsides", "").items():
        w = f"hexsides.{lab}"
        try:
            s = grid.parse_side(lab, strict=True)
        except LabelError as e:
            r.error(w, str(e))
            continue
        if not isinstance(sd, dict):
            r.expected(w, "a table such as { crossing = true }", sd)
            continue
        r.check_keys(sd, SIDE_KEYS, w)
        side = SideData(
            crossing=r.bool_(sd, "crossing", w),
            all_sea=r.bool_(sd, "all_sea", w) if "all_sea" in sd else None,
            impassable=r.bool_(sd, "impassable", w),
        )
        if side.is_default():
            r.error(w, "a hexside entry needs crossing, all_sea or impassable")
        m.hexsides[s] = side


def _read_regions(r: Reader, data: dict, m: MapModel) -> None:
    """``[regions]``: named groups of hexes (Sicily), each of a country or none."""
    grid = m.grid
    for code, rg in r.table(data, "regions", "").items():
        w = f"regions.{code}"
        if not isinstance(rg, dict):
            r.expected(w, 'a table such as { name = "Sicily", hexes = ["H10", "H11"] }', rg)
            continue
        r.check_keys(rg, ("name", "country", "hexes"), w, required=("name", "hexes"))
        country = r.str_(rg, "country", w) or None
        if country is not None and country not in m.countries:
            r.error(f"{w}.country", f"unknown country {show_value(country)}")
        m.regions[code] = Region(r.str_(rg, "name", w), tuple(_hex_list(r, grid, rg, "hexes", w)), country)


def _read_boxes(r: Reader, data: dict, m: MapModel) -> None:
    """``[boxes]``: the off-map boxes with their land hexes, sea arrows and position."""
    grid = m.grid
    for code, bx in r.table(data, "boxes", "").items():
        w = f"boxes.{code}"
        if not isinstance(bx, dict):
            r.expected(w, "a table", bx)
            continue
        r.check_keys(bx, BOX_KEYS, w, required=("name",))
        country = r.str_(bx, "country", w) or None
        if country is not None and country not in m.countries:
            r.error(f"{w}.country", f"unknown country {show_value(country)}")
        arrows = []
        raw_arrows = bx.get("sea_arrows", [])
        if not isinstance(raw_arrows, list):
            r.expected(f"{w}.sea_arrows", "an array of { hex, length, sea } tables", raw_arrows)
            raw_arrows = []
        for a in raw_arrows:
            aw = f"{w}.sea_arrows"
            if not isinstance(a, dict):
                r.expected(aw, 'a table such as { hex = "H1", length = 3, sea = "atl" }', a)
                continue
            r.check_keys(a, ARROW_KEYS, aw, required=ARROW_KEYS)
            ah = _hex(r, grid, a.get("hex"), f"{aw}.hex") if "hex" in a else None
            sea = r.str_(a, "sea", aw)
            if sea and sea not in m.seas:
                r.error(f"{aw}.sea", f"unknown sea {show_value(sea)}")
            if ah is not None:
                arrows.append(SeaArrow(ah, r.int_(a, "length", aw, 1, 1, 99), sea))
        pos = _pair(r, bx, "position", w, BOX_REACH, "[x, y] in hex sizes")
        m.boxes[code] = Box(
            name=r.str_(bx, "name", w),
            production=r.int_(bx, "production", w, 0, 0, MAX_PRODUCTION),
            country=country,
            land=tuple(_hex_list(r, grid, bx, "land", w)),
            sea_arrows=tuple(arrows),
            position=(float(pos[0]), float(pos[1])),
            optional=r.bool_(bx, "optional", w),
        )


def _read_features(r: Reader, data: dict, m: MapModel) -> None:
    """``[features]``: a kind of thing at a hex or a box, with plain attributes."""
    grid = m.grid
    for fid, ft in r.table(data, "features", "").items():
        w = f"features.{fid}"
        if not isinstance(ft, dict):
            r.expected(w, 'a table such as { kind = "lend_lease_depot", hex = "U15" }', ft)
            continue
        if "kind" not in ft:
            r.error(w, 'missing required key "kind"')
            continue
        if ("hex" in ft) == ("box" in ft):
            r.error(w, 'a feature needs exactly one of "hex" or "box"')
            continue
        fh = _hex(r, grid, ft["hex"], f"{w}.hex") if "hex" in ft else None
        box = r.str_(ft, "box", w) or None
        if box is not None and box not in m.boxes:
            r.error(f"{w}.box", f"unknown box {show_value(box)}")
        attrs = {}
        for k, v in ft.items():
            if k in ("kind", "hex", "box"):
                continue
            if not plain_attr(v):
                r.expected(f"{w}.{k}", f"a string, a number (finite, within ±{ATTR_INT_REACH:,}) or true/false", v)
                continue
            attrs[k] = v
        m.features[fid] = Feature(r.str_(ft, "kind", w), fh, box, attrs)


def _read_background(r: Reader, data: dict, m: MapModel) -> None:
    """``[background]``: the image behind the map, its opacity, offset and scale."""
    bg = r.table(data, "background", "")
    if bg:
        r.check_keys(bg, BACKGROUND_KEYS, "background", required=("image",))
        image = r.str_(bg, "image", "background")
        if "image" in bg and isinstance(bg["image"], str) and not image.strip():
            r.expected("background.image", "the path of an image file", image)
        m.background = {
            "image": image,
            "opacity": r.num(bg, "opacity", "background", 0.5, 0.0, 1.0),
            "offset": list(_pair(r, bg, "offset", "background", BG_OFFSET_REACH, "[x, y] in pixels")),
            "scale": r.num(bg, "scale", "background", 1.0, *BG_SCALE),
        }


def _pair(r: Reader, d: dict, key: str, where: str, reach: float, what: str) -> tuple[float, float]:
    """``[x, y]``: two finite numbers within ``reach`` either way of 0."""
    v = d.get(key, [0.0, 0.0])
    ok = (
        isinstance(v, list)
        and len(v) == 2
        and all((type(x) is int or isinstance(x, float)) and not isinstance(x, bool) and abs(x) <= reach for x in v)
    )
    if not ok:  # abs(nan) <= reach is False: nan and inf are refused too
        r.expected(f"{where}.{key}", f"{what}, each within ±{reach:,g}", v)
        return 0.0, 0.0
    return float(v[0]), float(v[1])


def plain_attr(v: object) -> bool:
    """A value a free attribute may hold (a hex feature's, an area map's place or line): one that
    saves and reloads as it is, and goes to JSON."""
    if isinstance(v, float):
        return math.isfinite(v)
    if isinstance(v, int) and not isinstance(v, bool):
        return abs(v) <= ATTR_INT_REACH
    return isinstance(v, (str, bool))


def _colour(r: Reader, d: dict, where: str, default: str = "#cccccc") -> str:
    c = r.str_(d, "colour", where, default)
    if not (len(c) == 7 and c.startswith("#") and all(ch in "0123456789abcdefABCDEF" for ch in c[1:])):
        r.expected(f"{where}.colour", 'a colour such as "#9ec9e8"', c)
        return default
    return c


def _hex(r: Reader, grid: Grid, label: object, where: str) -> Hex | None:
    if not isinstance(label, str):
        r.expected(where, f"a hex label such as {show_value(grid.example_label())}", label)
        return None
    try:
        return grid.parse(label, strict=True)
    except LabelError as e:
        r.error(where, str(e))
        return None


def _hex_list(r: Reader, grid: Grid, d: dict, key: str, where: str) -> list[Hex]:
    v = d.get(key, [])
    if not isinstance(v, list):
        r.expected(f"{where}.{key}", "an array of hex labels", v)
        return []
    out = []
    for lab in v:
        h = _hex(r, grid, lab, f"{where}.{key}")
        if h is not None:
            out.append(h)
    return out


def _read_grid(r: Reader, g: dict) -> tuple[Grid | None, float]:
    r.check_keys(g, GRID_KEYS, "grid", required=("rows", "columns"))
    rows = r.int_(g, "rows", "grid", 0, 1, MAX_GRID_SIDE)
    cols = r.int_(g, "columns", "grid", 0, 1, MAX_GRID_SIDE)
    if rows and cols and grid_size_problem(rows, cols):
        r.error(
            "grid.rows",
            f"expected rows x columns of at most {MAX_GRID_HEXES:,} hexes, got {rows} x {cols} = {rows * cols:,}",
        )
        rows = 0
    orientation = r.str_(g, "orientation", "grid", "pointy", choices=("pointy", "flat"))
    shifted = r.str_(g, "shifted", "grid", "even", choices=("even", "odd"))
    shift_choices = ("east", "west") if orientation == "pointy" else ("north", "south")
    shift = r.str_(g, "shift", "grid", shift_choices[0], choices=shift_choices)
    labels = r.str_(g, "labels", "grid", "letter-number", choices=("letter-number", "ccrr"))
    first = r.str_(
        g, "first_row", "grid", "south" if labels == "letter-number" else "north", choices=("south", "north")
    )
    size = r.num(g, "hex_size", "grid", 30.0, *HEX_SIZE_RANGE)
    if not rows or not cols:
        return None, size
    return Grid(
        rows=rows,
        cols=cols,
        orientation=Orientation(orientation),
        shifted=shifted,
        shift=shift,
        labels=LabelScheme(labels),
        first_row=first,
    ), size


def row_order(grid: Grid) -> list[int]:
    """Row numbers in file order: northernmost first."""
    rows = list(range(1, grid.rows + 1))
    return rows[::-1] if grid.first_row == "south" else rows


def _row_label(grid: Grid, row: int) -> str:
    return (
        grid.label(Hex(row=row, col=1))[:-1]
        if grid.labels is LabelScheme.LETTER_NUMBER
        else f"{row:0{grid._ccrr_width()}d}"
    )


def _layer_hexes(layers: object, grid: Grid, countries: dict, seas: dict) -> dict | None:
    """Every hex's data made with its terrain, country and sea from the layers at once, when every
    row of every layer is as :func:`_read_layers` expects (issue 34: a 300x300 map's 90,000 hexes
    made once, not made and then set three times); None otherwise (read by :func:`_read_layers`,
    which says what is wrong)."""
    if not isinstance(layers, dict) or any(k not in LAYER_KEYS for k in layers):
        return None
    n, cols = grid.rows * grid.cols, grid.cols
    known = {
        "terrain": TERRAIN_CODES,
        "country": {c: c for c in countries} | {NONE_CODE: None},
        "sea": {c: c for c in seas} | {NONE_CODE: None},
    }
    values: dict[str, list] = {}
    expected_rows = row_order(grid)
    for layer in LAYER_KEYS:
        rows = layers.get(layer)
        if rows is None:
            continue
        if not isinstance(rows, list) or len(rows) != grid.rows or not all(isinstance(x, str) for x in rows):
            return None
        table = known[layer]
        by_row: list = [None] * grid.rows
        for row, text in zip(expected_rows, rows, strict=True):
            label, bar, body = text.partition("|")
            if not bar or label.strip() != _row_label(grid, row):
                return None
            body = body.strip()
            codes = body.split() if " " in body else list(body)
            if len(codes) != cols or not table.keys() >= set(codes):
                return None
            by_row[row - 1] = codes
        values[layer] = list(map(table.__getitem__, chain.from_iterable(by_row)))
    terrain = values.get("terrain", repeat("sea", n))
    country = values.get("country", repeat(None, n))
    sea = values.get("sea", repeat(None, n))
    return dict(zip(grid.hex_list(), map(HexData, terrain, country, sea), strict=False))


def _read_layers(r: Reader, layers: dict, m: MapModel, source: str) -> None:
    grid = m.grid
    r.check_keys(layers, LAYER_KEYS, "layers")
    lines = source.splitlines()
    expected_rows = row_order(grid)
    valid = {"terrain": set(TERRAIN_CODES), "country": set(m.countries) | {NONE_CODE}, "sea": set(m.seas) | {NONE_CODE}}
    order = grid.hex_list()
    C = grid.cols
    datas = list(m.hexes.values()) if list(m.hexes) == order else [m.hexes[h] for h in order]
    row_datas = [datas[i * C : (i + 1) * C] for i in range(grid.rows)]  # row r (1-based) is row_datas[r - 1]
    for layer in LAYER_KEYS:
        if layer not in layers:
            continue
        w = f"layers.{layer}"
        rows = layers[layer]
        if not isinstance(rows, list) or not all(isinstance(x, str) for x in rows):
            r.expected(w, "an array of row strings", rows)
            continue
        if len(rows) != grid.rows:
            r.error(w, f"expected {grid.rows} rows (one per grid row), got {len(rows)}")
            continue
        for row, text in zip(expected_rows, rows, strict=True):
            label, bar, body = text.partition("|")
            want = _row_label(grid, row)

            def err(msg: str, text: str = text, offset: int = 0, w: str = w) -> None:
                line = _line_of(lines, r.locator.find(w)[0], text)
                col = None
                if line is not None and f'"{text}"' in lines[line - 1]:
                    col = lines[line - 1].index(f'"{text}"') + 2 + offset
                r.problems.append(Problem(r.shown, line, col, w, msg))

            if not bar or label.strip() != want:
                err(f'row {want}: expected the row to start with "{want} |", got {show_value(text[:12])}')
                continue
            spaced = " " in body.strip()
            codes = body.split() if spaced else list(body.strip())
            if len(codes) != grid.cols:
                err(f"row {want}: expected {grid.cols} codes (one per column), got {len(codes)}")
                continue
            ok = valid[layer]
            datas = row_datas[row - 1]
            if set(codes) <= ok:  # the usual case: every code known, set the row in one go
                if layer == "terrain":
                    for d, code in zip(datas, codes, strict=True):
                        d.terrain = TERRAIN_CODES[code]
                elif layer == "country":
                    for d, code in zip(datas, codes, strict=True):
                        d.country = None if code == NONE_CODE else code
                else:
                    for d, code in zip(datas, codes, strict=True):
                        d.sea = None if code == NONE_CODE else code
                continue
            for col, code in enumerate(codes, start=1):
                if code not in ok:
                    what = {
                        "terrain": '"." (sea), "L" (land) or "C" (coastal)',
                        "country": 'a country code from [countries] or "."',
                        "sea": 'a sea code from [seas] or "."',
                    }[layer]
                    err(
                        f"{grid.label(Hex(row, col))}: expected {what}, got {show_value(code)}",
                        offset=_code_offset(text, col, spaced),
                    )
                    continue
                d = datas[col - 1]
                if layer == "terrain":
                    d.terrain = TERRAIN_CODES[code]
                elif layer == "country":
                    d.country = None if code == NONE_CODE else code
                else:
                    d.sea = None if code == NONE_CODE else code


def _code_offset(text: str, col: int, spaced: bool) -> int:
    """Offset of the ``col``-th code (1-based) within a row string."""
    bar = text.index("|") + 1
    if not spaced:
        body = text[bar:]
        lead = len(body) - len(body.lstrip())
        return bar + lead + col - 1
    i, n = bar, 0
    while i < len(text):
        while i < len(text) and text[i] == " ":
            i += 1
        n += 1
        if n == col:
            return i
        while i < len(text) and text[i] != " ":
            i += 1
    return bar


def _line_of(lines: list[str], start: int | None, text: str) -> int | None:
    if start is None:
        return None
    for i in range(start - 1, len(lines)):
        if f'"{text}"' in lines[i]:
            return i + 1
    return start


# ---------------------------------------------------------------------------------- writing


def dumps_map(m: MapModel) -> str:
    out = _head_lines(m) + _table_lines(m) + _layer_lines(m) + _hex_lines(m) + _feature_and_box_lines(m)
    return "\n".join(out) + "\n"


def _head_lines(m: MapModel) -> list[str]:
    """The top keys, ``[grid]`` and ``[background]``."""
    g = m.grid
    out = [
        "# mapref map; the format is described in docs/format.md",
        f"format = {FORMAT}",
        'kind = "hex"',
        tw.assign("name", m.name),
    ]
    if m.notes:
        out.append(tw.assign("notes", m.notes))
    out += [
        "",
        "[grid]",
        f"rows = {g.rows}",
        f"columns = {g.cols}",
        tw.assign("orientation", g.orientation.value),
        tw.assign("shifted", g.shifted),
        tw.assign("shift", g.shift),
        tw.assign("labels", g.labels.value),
        tw.assign("first_row", g.first_row),
        tw.assign("hex_size", float(m.hex_size)),
    ]
    bg = m.background
    if bg:
        out += [
            "",
            "[background]",
            tw.assign("image", bg["image"]),
            tw.assign("opacity", float(bg["opacity"])),
            tw.assign("offset", [float(x) for x in bg["offset"]]),
            tw.assign("scale", float(bg["scale"])),
        ]
    return out


def _table_lines(m: MapModel) -> list[str]:
    """``[countries]``, ``[seas]`` and ``[regions]``."""
    g = m.grid
    out: list[str] = ["", "[countries]"]
    for code, c in m.countries.items():
        out.append(f"{tw.key(code)} = {tw.inline({'name': c.name, 'colour': c.colour, 'allegiance': c.allegiance})}")
    out += ["", "[seas]"]
    for code, sea in m.seas.items():
        out.append(f"{tw.key(code)} = {tw.inline({'name': sea.name, 'colour': sea.colour})}")
    out += ["", "[regions]"]
    for code, rg in m.regions.items():
        region: dict = {"name": rg.name}
        if rg.country:
            region["country"] = rg.country
        region["hexes"] = [g.label(h) for h in rg.hexes]
        out.append(f"{tw.key(code)} = {tw.inline(region)}")
    return out


def _layer_lines(m: MapModel) -> list[str]:
    """``[layers]``: terrain, country and sea, one string per row, northernmost first."""
    g = m.grid
    out: list[str] = [
        "",
        "[layers]",
        "# one string per row, northernmost first: the row's label, '|', then one code per column",
    ]
    label_w = max(len(_row_label(g, r)) for r in range(1, g.rows + 1))
    getters = {
        "terrain": lambda d: TERRAIN_LETTERS[d.terrain],
        "country": lambda d: d.country or NONE_CODE,
        "sea": lambda d: d.sea or NONE_CODE,
    }
    for layer, get in getters.items():
        codes = {r: [get(m.hexes[Hex(r, c)]) for c in range(1, g.cols + 1)] for r in range(1, g.rows + 1)}
        w = max(len(x) for row in codes.values() for x in row)
        sep = "" if w == 1 else " "
        prefix = " " * (label_w + 3)
        ends = [len(prefix) + i * (w + len(sep)) + w - 1 for i in range(g.cols)]
        out.append(f"{layer} = [")
        out += _ruler(ends)
        for row in row_order(g):
            body = sep.join(x.rjust(w) for x in codes[row])
            out.append(f'  "{_row_label(g, row).ljust(label_w)} | {body}",')
        out.append("]")
    return out


def _hex_lines(m: MapModel) -> list[str]:
    """``[hexes]`` (the hexes with anything to say, row by row) and ``[hexsides]``."""
    g = m.grid
    out: list[str] = ["", "[hexes]"]
    order = {r: i for i, r in enumerate(row_order(g))}
    for h in sorted(m.hexes, key=lambda h: (order[h.row], h.col)):
        d = m.hexes[h]
        rec: dict = {}
        if d.name:
            rec["name"] = d.name
        if d.production:
            rec["production"] = d.production
        if d.capital:
            rec["capital"] = True
        if d.mountain:
            rec["mountain"] = True
        if d.port:
            rec["port"] = d.port
        if d.port_optional:
            rec["port_optional"] = True
        if d.port_access:
            rec["port_access"] = [g.label(x) for x in d.port_access]
        if rec:
            out.append(f"{tw.key(g.label(h))} = {tw.inline(rec)}")

    out += ["", "[hexsides]"]
    for s in sorted(m.hexsides, key=lambda s: (order.get(s.a.row, -1), s.a.col, s.b.row, s.b.col)):
        sd = m.hexsides[s]
        rec = {}
        if sd.crossing:
            rec["crossing"] = True
        if sd.all_sea is not None:
            rec["all_sea"] = sd.all_sea
        if sd.impassable:
            rec["impassable"] = True
        out.append(f"{tw.key(g.side_label(s))} = {tw.inline(rec)}")
    return out


def _feature_and_box_lines(m: MapModel) -> list[str]:
    """``[features]`` and each ``[boxes.CODE]``."""
    g = m.grid
    out: list[str] = ["", "[features]"]
    for fid, f in m.features.items():
        rec: dict = {"kind": f.kind}
        if f.hex is not None:
            rec["hex"] = g.label(f.hex)
        if f.box is not None:
            rec["box"] = f.box
        rec.update(f.attrs)
        out.append(f"{tw.key(fid)} = {tw.inline(rec)}")

    for code, b in m.boxes.items():
        out += ["", f"[boxes.{tw.key(code)}]", tw.assign("name", b.name)]
        if b.production:
            out.append(f"production = {b.production}")
        if b.country:
            out.append(tw.assign("country", b.country))
        if b.optional:
            out.append("optional = true")
        out.append(tw.assign("position", [float(b.position[0]), float(b.position[1])]))
        out.append(tw.assign("land", [g.label(h) for h in b.land]))
        if b.sea_arrows:
            out.append("sea_arrows = [")
            for a in b.sea_arrows:
                out.append(f"  {tw.inline({'hex': g.label(a.hex), 'length': a.length, 'sea': a.sea})},")
            out.append("]")
        else:
            out.append("sea_arrows = []")
    return out


def _ruler(ends: list[int]) -> list[str]:
    """Comment lines that number the columns, digits stacked above each code's last character."""
    numbers = [str(i + 1) for i in range(len(ends))]
    depth = max(len(n) for n in numbers)
    lines = []
    for level in range(depth):
        chars = [" "] * (ends[-1] + 1)
        for n, e in zip(numbers, ends, strict=True):
            padded = n.rjust(depth)
            if padded[level] != " ":
                chars[e] = padded[level]
        lines.append(("  #" + "".join(chars)).rstrip())
    return lines


def save_map(m: MapModel, path: str | os.PathLike[str], *, backup: bool = True) -> None:
    """Write the map atomically (the old file stays whole if anything fails), keeping the
    version it replaces as ``NAME.bak`` beside it unless ``backup`` is false."""
    write_atomic(path, dumps_map(m), backup=backup)


__all__ = ["load_map", "save_map", "dumps_map", "FileProblems", "map_from_dict"]
