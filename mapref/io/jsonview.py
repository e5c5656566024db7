"""The map as plain JSON for scripts (``mapref info --json``), and a short text summary.

The JSON is documented in docs/format.md ("mapref info --json")."""

from __future__ import annotations

from mapref.core.graph import build_graph
from mapref.core.model import MapModel
from mapref.io.problems import escape


def map_to_json(m: MapModel) -> dict:
    g = m.grid
    labels = dict(
        zip(g.hex_list(), g.labels_row_major(), strict=True)
    )  # every hex's label made once (the largest map: 100,000)

    def lab(h) -> str:
        return labels.get(h) or g.label(h)

    hexes = {}
    for h in sorted(m.hexes):
        d = m.hexes[h]
        hexes[lab(h)] = {
            "row": h.row,
            "column": h.col,
            "terrain": d.terrain,
            "country": d.country,
            "sea": d.sea,
            "production": d.production,
            "name": d.name,
            "mountain": d.mountain,
            "capital": d.capital,
            "port": d.port,
            "port_optional": d.port_optional,
            "port_access": [lab(x) for x in d.port_access],
            "neighbours": [lab(n) for n in g.neighbours(h)],
        }
    sides = {}
    for s in g.all_hexsides():
        sd = m.side(s)
        all_sea = m.is_all_sea(s)
        if sd.is_default() and not all_sea:
            continue
        if not (g.contains(s.a) and g.contains(s.b)) and sd.is_default():
            continue
        sides[g.side_label(s)] = {
            "all_sea": all_sea,
            "crossing": sd.crossing,
            "impassable": sd.impassable,
            "all_sea_overridden": sd.all_sea is not None,
        }
    graph = build_graph(m)
    return {
        "format": 1,
        "kind": "hex",
        "name": m.name,
        "grid": {
            "rows": g.rows,
            "columns": g.cols,
            "orientation": g.orientation.value,
            "shifted": g.shifted,
            "shift": g.shift,
            "labels": g.labels.value,
            "first_row": g.first_row,
            "hex_size": m.hex_size,
        },
        "countries": {
            k: {
                "name": c.name,
                "colour": c.colour,
                "allegiance": c.allegiance,
                "hexes": len(m.hexes_of_country(k)),
                "production": m.production_by_country().get(k, 0),
            }
            for k, c in m.countries.items()
        },
        "seas": {k: {"name": s.name, "colour": s.colour} for k, s in m.seas.items()},
        "regions": {
            k: {"name": r.name, "country": r.country, "hexes": [lab(h) for h in r.hexes]} for k, r in m.regions.items()
        },
        "hexes": hexes,
        "hexsides": sides,
        "boxes": {
            k: {
                "name": b.name,
                "production": b.production,
                "country": b.country,
                "optional": b.optional,
                "land": [lab(h) for h in b.land],
                "position": list(b.position),
                "sea_arrows": [{"hex": lab(a.hex), "length": a.length, "sea": a.sea} for a in b.sea_arrows],
            }
            for k, b in m.boxes.items()
        },
        "features": {
            k: {"kind": f.kind, "hex": lab(f.hex) if f.hex else None, "box": f.box, **f.attrs}
            for k, f in m.features.items()
        },
        "connections": [
            {"a": c.a, "b": c.b, "kind": c.kind, "length": c.length, "sea": c.sea} for c in graph.connections
        ],
    }


def summary(m: MapModel) -> str:
    g = m.grid
    terr = {"land": 0, "sea": 0, "coastal": 0}
    for d in m.hexes.values():
        terr[d.terrain] += 1
    prod = m.production_by_country()
    lines = [
        f"{m.name or '(unnamed map)'}",
        f"grid: {g.rows} rows x {g.cols} columns, {g.orientation.value}-top, {g.shifted} {'rows' if g.orientation.value == 'pointy' else 'columns'} shifted {g.shift}, labels {g.labels.value} ({g.label_range()})",
        f"hexes: {len(m.hexes)} ({terr['land']} land, {terr['coastal']} coastal, {terr['sea']} sea); "
        f"{sum(1 for d in m.hexes.values() if d.port)} ports, {sum(1 for d in m.hexes.values() if d.capital)} capitals, "
        f"{sum(1 for d in m.hexes.values() if d.mountain)} mountain hexes, {sum(1 for s in m.hexsides.values() if s.crossing)} crossing arrows",
        f"seas: {', '.join(s.name for s in m.seas.values()) or 'none'}",
        f"off-map boxes: {', '.join(f'{b.name} ({b.production})' if b.production else b.name for b in m.boxes.values()) or 'none'}",
        "countries (production):",
    ]
    for k, c in sorted(m.countries.items(), key=lambda kv: kv[1].name):
        lines.append(f"  {k:5} {c.name:28} {c.allegiance:14} {prod.get(k, 0):3}")
    lines.append(
        f"total production on the map: {sum(prod.values())}, in boxes: {sum(b.production for b in m.boxes.values())}"
    )
    return "\n".join(escape(line) for line in lines)  # names are the file's: nothing a terminal acts on
