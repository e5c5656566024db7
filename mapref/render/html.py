"""The position as one self-contained web page: ``mapref export-html GAME.toml -o POSITION.html``.

The page is written from the position's :class:`~mapref.render.scene.Scene` (the one description
the printed position is drawn from too): every :class:`~mapref.render.scene.Mark` becomes an SVG
element in its layer's group, styles shared through CSS classes, hexes and the repeated symbols
placed with ``<use>``; each piece's supply line or cut (the referee's own verdict) is written as a
hidden group the page shows when the piece is tapped; the inspector's facts, the pieces' verdicts
and the position's text go in as data.  A small inline script does what a viewer does: zoom
(wheel, pinch, the + and - buttons) and pan (drag), tap a piece for its verdict, tap a space for
its facts, the supply view on and off.  Nothing is fetched: no external script, font, style or
image, so the file can be mailed and opened anywhere, and it prints (a print style sheet: the
whole map, then the text).
"""

from __future__ import annotations

import html
import json
import re

from mapref.render.labels import text_width
from mapref.render.marks import LAYERS, Mark, Scene
from mapref.render.scene_area import area_selection
from mapref.render.scene_hex import hex_selection

TITLE_MAX = 200
_TAG = re.compile(r"[^a-z0-9_-]+")


def _n(v: float) -> str:
    """A number as short as it reads: 12, 12.5, 12.25."""
    s = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def _e(text: str) -> str:
    return html.escape(str(text), quote=True)


class _Styles:
    """Shared styles: one CSS class per distinct look (named ``prefix`` and a number)."""

    def __init__(self, prefix: str = "s", memo: bool = False) -> None:
        self.prefix = prefix
        self.classes: dict[tuple, str] = {}
        # with ``memo``, each mark's element is written once (a page of many positions of one map)
        self.memo: dict | None = {} if memo else None

    def of(self, m: Mark, symbol: bool = False) -> str:
        key: tuple
        if m.shape == "text":
            key = ("t", m.fill, _n(m.size), m.bold, m.italic, m.anchor)
        elif m.shape == "use":
            key = ("u", m.fill, m.stroke)
        else:
            fill = m.fill or ("none" if m.shape == "line" or not symbol else "")
            key = (
                "s",
                fill,
                m.stroke,
                _n(m.width) if m.stroke or m.shape == "line" else "",
                tuple(_n(d) for d in m.dash),
                _n(m.opacity) if m.opacity != 1 else "",
            )
        if key not in self.classes:
            self.classes[key] = f"{self.prefix}{len(self.classes)}"
        return self.classes[key]

    def css(self) -> str:
        out = []
        for key, name in self.classes.items():
            rules = []
            if key[0] == "t":
                _, fill, size, bold, italic, anchor = key
                rules.append(f"fill:{fill or '#222'}")
                rules.append(f"font-size:{size}px")
                if bold:
                    rules.append("font-weight:bold")
                if italic:
                    rules.append("font-style:italic")
                rules.append(f"text-anchor:{anchor}")
            elif key[0] == "u":
                _, fill, stroke = key
                if fill:
                    rules.append(f"fill:{fill}")
                if stroke:
                    rules.append(f"stroke:{stroke}")
            else:
                _, fill, stroke, width, dash, opacity = key
                if fill:
                    rules.append(f"fill:{fill}")
                if stroke:
                    rules.append(f"stroke:{stroke}")
                if width and (stroke or fill == "none"):
                    rules.append(f"stroke-width:{width}")
                if dash:
                    rules.append("stroke-dasharray:" + " ".join(dash))
                if opacity:
                    rules.append(f"fill-opacity:{opacity}")
            out.append(f".{name}{{{';'.join(rules)}}}")
        return "\n".join(out)


def _d(pts, close: bool) -> str:
    first, *rest = pts
    d = f"M{_n(first[0])},{_n(first[1])}" + ("L" + " ".join(f"{_n(x)},{_n(y)}" for x, y in rest) if rest else "")
    return d + ("Z" if close else "")


def _classes(m: Mark, style: str) -> str:
    tags = [_TAG.sub("-", t.lower()).strip("-") for t in m.tags]
    return " ".join([style] + [t for t in dict.fromkeys(tags) if t])


def _arrow_id(colour: str) -> str:
    return "a" + colour.lstrip("#").lower()


def _element(m: Mark, styles: _Styles, arrows: set[str], symbol: bool = False, spaces=()) -> str:
    """One mark as an SVG element (``data-s`` names its space when it is one of ``spaces``)."""
    memo = styles.memo
    if memo is None or symbol:
        return _element_text(m, styles, arrows, symbol, spaces)
    key = (m, bool(m.space) and m.space in spaces)
    hit = memo.get(key)
    if hit is None:
        hit = memo[key] = (_element_text(m, styles, arrows, symbol, spaces), m.stroke if m.arrow else "")
    elif hit[1]:
        arrows.add(hit[1])
    return hit[0]


def _element_text(m: Mark, styles: _Styles, arrows: set[str], symbol: bool, spaces) -> str:
    cls = styles.of(m, symbol)
    attrs = (
        f' class="{_classes(m, cls)}"'
        if not symbol
        else (f' class="{cls}"' if (m.fill or m.stroke or m.shape == "text") else "")
    )
    if m.space and m.space in spaces and not symbol:
        attrs += f' data-s="{_e(m.space)}"'
    if m.shape == "poly":
        rings = [m.pts, *m.holes]
        d = "".join(_d(r, True) for r in rings if r)
        rule = ' fill-rule="evenodd"' if m.holes else ""
        return f'<path d="{d}"{rule}{attrs}/>'
    if m.shape == "line":
        extra = ""
        if m.arrow and m.stroke:
            arrows.add(m.stroke)
            extra = f' marker-end="url(#{_arrow_id(m.stroke)})"'
            if m.arrow == "both":
                extra += f' marker-start="url(#{_arrow_id(m.stroke)})"'
        return f'<path d="{_d(m.pts, False)}"{extra}{attrs}/>'
    if m.shape == "rect":
        (x0, y0), (x1, y1) = m.pts
        return (
            f'<rect x="{_n(min(x0, x1))}" y="{_n(min(y0, y1))}" width="{_n(abs(x1 - x0))}" height="{_n(abs(y1 - y0))}"'
            f"{attrs}/>"
        )
    if m.shape == "oval":
        (x0, y0), (x1, y1) = m.pts
        return (
            f'<ellipse cx="{_n((x0 + x1) / 2)}" cy="{_n((y0 + y1) / 2)}" rx="{_n(abs(x1 - x0) / 2)}" ry="{_n(abs(y1 - y0) / 2)}"'
            f"{attrs}/>"
        )
    if m.shape == "text":
        ((x, y),) = m.pts
        if m.fit and text_width(m.text, m.size, m.bold) > m.fit:
            attrs += f' textLength="{_n(m.fit)}" lengthAdjust="spacingAndGlyphs"'
        return f'<text x="{_n(x)}" y="{_n(y)}"{attrs}>{_e(m.text)}</text>'
    if m.shape == "use":
        ((x, y),) = m.pts
        return f'<use href="#{_e(m.text)}" x="{_n(x)}" y="{_n(y)}"{attrs}/>'
    raise ValueError(f"a mark of unknown shape {m.shape!r}")


def _piece_group(p, n: int, elements: list[str]) -> str:
    """A piece's marks as one group the page's script finds it by (``data-p``: its number)."""
    kind = _TAG.sub("-", p.kind)
    state = " out-of-supply" if p.supplied is False else (" in-supply" if p.supplied else "")
    return (
        f'<g class="piece {kind}{state}" data-p="{n}" data-id="{_e(p.id)}" tabindex="0">' + "".join(elements) + "</g>"
    )


def _pieces_layer(sc: Scene, marks: list[Mark], styles: _Styles, arrows: set[str], number) -> list[str]:
    """The pieces layer: each piece's marks grouped (consecutive marks of one piece), the rest as
    they are."""
    piece_of: dict[str, int] = {p.id: i for i, p in enumerate(sc.pieces)}
    parts: list[str] = []
    group: list[str] = []
    current: str | None = None
    then_end: list[Mark | None] = [*marks, None]
    for m in then_end:
        pid = m.space if m is not None and m.space in piece_of else None
        if group and current is not None and (m is None or pid != current or pid is None):
            i = piece_of[current]
            parts.append(_piece_group(sc.pieces[i], number(i), group))
            group = []
        if m is None:
            break
        if pid is not None:
            current = pid
            group.append(_element(m, styles, arrows))
        else:
            parts.append(_element(m, styles, arrows, spaces=sc.spaces))
    return parts


def _selections(sc: Scene, styles: _Styles, arrows: set[str], number) -> list[str]:
    """The referee's verdict of each piece, shown when it is tapped: its supply line or its cut."""
    centre = {sid: v.at for sid, v in sc.spaces.items()}
    sel = []
    for i, p in enumerate(sc.pieces):
        if sc.kind == "hex":
            marks = hex_selection(p.supplied, p.path, p.cut, centre.get, sc.unit)
        else:
            marks = area_selection(p.supplied, p.path, p.cut, centre.get, sc.scale)
        if marks:
            sel.append(
                f'<g id="sel-{number(i)}" class="sel" style="display:none">'
                + "".join(_element(m, styles, arrows, spaces=sc.spaces) for m in marks)
                + "</g>"
            )
    return sel


def layer_elements(sc: Scene, styles: _Styles, arrows: set[str], number=None) -> dict[str, list[str]]:
    """Every layer's SVG elements, bottom to top (:data:`LAYERS`, an empty list for an empty
    layer), then ``"selection"``: each piece's verdict, hidden.  ``number(i)``: the number the
    ``i``-th piece of the scene goes by in the page (``data-p``, ``sel-N``; by default ``i``).
    Each element is one SVG element (a piece's marks are one group)."""
    number = number or (lambda i: i)
    by_layer: dict[str, list[Mark]] = {}
    for m in sc.marks:
        by_layer.setdefault(m.layer, []).append(m)
    out: dict[str, list[str]] = {}
    for layer in LAYERS:
        marks = by_layer.get(layer, [])
        if layer == "pieces":
            out[layer] = _pieces_layer(sc, marks, styles, arrows, number)
        else:
            out[layer] = [_element(m, styles, arrows, spaces=sc.spaces) for m in marks]
    out["selection"] = _selections(sc, styles, arrows, number)
    return out


def symbol_defs(sc: Scene, styles: _Styles, arrows: set[str]) -> list[str]:
    """The symbols the scene's marks place (``<use>``), as ``<defs>`` children."""
    used = {m.text for m in sc.marks if m.shape == "use"}
    return [
        f'<g id="{_e(name)}">' + "".join(_element(m, styles, arrows, symbol=True) for m in marks) + "</g>"
        for name, marks in sc.symbols.items()
        if name in used
    ]


def arrow_defs(arrows: set[str]) -> list[str]:
    """An arrow head for each colour of line that has one, as ``<defs>`` children."""
    return [
        f'<marker id="{_arrow_id(colour)}" viewBox="0 0 10 10" refX="7" refY="5" markerWidth="4" markerHeight="4" '
        f'orient="auto-start-reverse"><path d="M0,0L10,5L0,10Z" fill="{colour}"/></marker>'
        for colour in sorted(arrows)
    ]


def svg_of(sc: Scene, styles: _Styles | None = None, number=None) -> tuple[str, str]:
    """The scene as an inline SVG element, and the CSS of its shared styles (``styles``: the
    styles to share, ``number``: see :func:`layer_elements`)."""
    styles = styles if styles is not None else _Styles()
    arrows: set[str] = set()
    defs = symbol_defs(sc, styles, arrows)
    layers = layer_elements(sc, styles, arrows, number)
    body = [f'<g id="layer-{name}" class="layer">' + "".join(parts) + "</g>" for name, parts in layers.items()]
    defs += arrow_defs(arrows)
    x0, y0, x1, y1 = sc.extent
    svg = (
        f'<svg id="map" class="{sc.kind}" viewBox="{_n(x0)} {_n(y0)} {_n(x1 - x0)} {_n(y1 - y0)}" role="img" '
        f'aria-label="{_e(sc.title or sc.map_name)}"><rect class="paper" x="{_n(x0)}" y="{_n(y0)}" width="{_n(x1 - x0)}" '
        f'height="{_n(y1 - y0)}" fill="{sc.background}"/><defs>{"".join(defs)}</defs>{"".join(body)}</svg>'
    )
    return svg, styles.css()


def piece_data(p, n: int) -> dict:
    """What the page's script knows of a piece: its verdict and facts (``n``: its number)."""
    return {
        "n": n,
        "id": p.id,
        "kind": p.kind,
        "side": p.side,
        "space": p.space,
        "title": p.title,
        "text": p.text,
        "supplied": p.supplied,
        "cut": p.cut,
        "why": p.why,
        "info": p.info,
        "line": len(p.path),
    }


def _json(v) -> str:
    """JSON as a page carries it in a script element."""
    # the block is script data, where the HTML parser acts on "<!--", "<script" and "</script"
    # whatever the JSON says (HTML 4.12.1.3): no "<" is left in it (JSON reads \u003c as "<"),
    # and no line separator a script might trip on
    text = json.dumps(v, separators=(",", ":"), ensure_ascii=False)
    return text.replace("<", "\\u003c").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")


def _data(sc: Scene, number=None) -> str:
    """What the page's script reads: the spaces' facts, the pieces' verdicts, the sizes."""
    number = number or (lambda i: i)
    d = {
        "kind": sc.kind,
        "extent": [round(v, 2) for v in sc.extent],
        "unit": round(sc.unit, 2),
        "spaces": {sid: [v.name, v.holder, v.facts] for sid, v in sc.spaces.items()},
        "pieces": [piece_data(p, number(i)) for i, p in enumerate(sc.pieces)],
    }
    return _json(d)


def _lines(items: list[str], cls: str = "") -> str:
    c = f' class="{cls}"' if cls else ""
    return f"<ul{c}>" + "".join(f"<li>{_e(x)}</li>" for x in items) + "</ul>" if items else '<p class="none">none</p>'


def _sides(sc: Scene) -> str:
    rows = []
    for side, (sup, unsup) in sc.supply.items():
        fill = sc.colours.get(side, ("#555555", "#ffffff"))[0]
        rows.append(
            f'<li><span class="swatch" style="background:{fill}"></span>{_e(side)}: {len(sup)} supplied, '
            f"{len(unsup)} without supply</li>"
        )
    return '<ul class="sides">' + "".join(rows) + "</ul>" if rows else ""


def _tracks(sc: Scene) -> str:
    if not sc.tracks or sc.kind == "tracks":
        return ""
    rows = "".join(
        f"<li><b>{_e(r.label)}</b>: "
        + ", ".join(
            f"{_e(r.labels[i]) + ' ' if i < len(r.labels) else ''}{_e(s or '-')}" for i, s in enumerate(r.slots)
        )
        + (f" <i>{_e(r.note)}</i>" if r.note else "")
        + "</li>"
        for r in sc.tracks
    )
    return f"<section><h2>Tracks</h2><ul>{rows}</ul></section>"


# The parts of the page that change from one position to the next, each the children of one
# element of the page (``id``), a chunk each: "one" is the element's whole content (one chunk),
# "list" one child element per chunk, "data" what the script knows (a space or a piece per
# chunk, as JSON).  A page stepping through a game's log (mapref.render.replay) changes these only.
PARTS = {
    "title": "one",
    "where": "one",
    "sequence-lists": "one",
    "victory-list": "one",
    "panels": "list",
    "tracks": "one",
    "violations-list": "one",
    "sides": "one",
    "report-text": "list",
    "spaces": "data",
    "pieces": "data",
}


def page_parts(sc: Scene, number=None) -> dict[str, list[str]]:
    """The chunks of each of :data:`PARTS` for the scene's position (``number``: see
    :func:`layer_elements`)."""
    number = number or (lambda i: i)
    pos = sc.position
    steps = "".join(f'<li class="{"current" if st.current else ""}">{_e(st.label)}</li>' for st in sc.steps)
    turns = "".join(f'<li class="{"current" if st.current else ""}">{_e(st.label)}</li>' for st in sc.turns)
    where = (
        f'<span id="turn">{_e(pos.get("turn", ""))}</span> <span id="side">{_e(pos.get("side_name") or pos.get("side", ""))}</span> '
        f'<span id="step">{_e(pos.get("step", ""))}</span>'
    )
    sequence = ("<ul class='turns'>" + turns + "</ul>" if turns else "") + (
        "<ol class='steps'>" + steps + "</ol>" if steps else ""
    )
    return {
        "title": [_e(sc.title or sc.map_name or "position")],
        "where": [where],
        "sequence-lists": [sequence],
        "victory-list": [_lines(sc.victory)],
        "panels": [f"<section><h2>{_e(t)}</h2>{_lines(lines)}</section>" for t, lines in sc.panels],
        "tracks": [_tracks(sc)],
        "violations-list": [_lines(sc.violations)],
        "sides": [_sides(sc)],
        "report-text": [f"<span>{_e(line)}\n</span>" for line in sc.report.split("\n")] if sc.report else [],
        "spaces": [_json([sid, v.name, v.holder, v.facts]) for sid, v in sc.spaces.items()],
        "pieces": [_json(piece_data(p, number(i))) for i, p in enumerate(sc.pieces)],
    }


def log_items(lines: list[str]) -> str:
    """The log as the page lists it."""
    return (
        "<ul class='log'>" + "".join(f"<li>{_e(x)}</li>" for x in lines) + "</ul>"
        if lines
        else "<p class='none'>nothing done yet</p>"
    )


def page_hint(sc: Scene) -> str:
    """What a tap shows, as far as the game has it: a piece's supply line only where the game
    traces supply for its pieces."""
    if any(p.supplied is not None for p in sc.pieces):
        taps = "Tap a piece for its supply line or the spaces that cut it; tap a space for what it holds."
    elif sc.pieces:
        taps = "Tap a piece for what it is; tap a space for what it holds."
    else:
        taps = "Tap a space for what it holds."
    return taps + " Drag to pan; wheel or pinch to zoom."


def page_of(sc: Scene, *, styles: _Styles | None = None, number=None, extra: str = "") -> str:
    """The whole page (``styles`` and ``number``: see :func:`svg_of`; ``extra``: more of the
    page, scripts and their data, before the end of its body)."""
    svg, css = svg_of(sc, styles, number)
    parts = {k: "".join(v) for k, v in page_parts(sc, number).items()}
    title = sc.title or sc.map_name or "position"
    supply = ""
    if sc.supply:
        supply = (
            '<section id="supply"><h2>Supply</h2><button id="supply-toggle" type="button" aria-pressed="false">'
            f'Show the supply view</button><div id="sides">{parts["sides"]}</div></section>'
        )
    heading = _e(sc.game) + (f" &middot; {_e(sc.map_name)}" if sc.map_name and sc.map_name != sc.game else "")
    hint = page_hint(sc)
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="mapref export-html">
<title>{_e(title[:TITLE_MAX])}</title>
<style>
{PAGE_CSS}
{css}
</style>
</head>
<body>
<header>
<div class="what">{heading}</div>
<h1 id="title">{parts["title"]}</h1>
<div id="where">{parts["where"]}</div>
</header>
<main>
<div id="mapbox" style="--ratio:{_n(sc.extent[2] - sc.extent[0])} / {_n(sc.extent[3] - sc.extent[1])}">
<div class="controls"><button id="zoom-in" type="button" aria-label="zoom in">+</button><button id="zoom-out" type="button" aria-label="zoom out">&minus;</button><button id="fit" type="button">Fit</button></div>
{svg}
</div>
<aside>
<section id="inspector" aria-live="polite"><h2>Selected</h2><div id="inspector-body"><p class="hint">{_e(hint)}</p></div></section>
{supply}
<section id="sequence"><h2>Turn and step</h2><div id="sequence-lists">{parts["sequence-lists"]}</div></section>
<section id="victory"><h2>Victory standing</h2><div id="victory-list">{parts["victory-list"]}</div></section>
<div id="panels">{parts["panels"]}</div>
<div id="tracks">{parts["tracks"]}</div>
<section id="violations"><h2>Violations</h2><div id="violations-list">{parts["violations-list"]}</div></section>
<section id="log"><h2>Log</h2>{log_items(sc.log)}</section>
<details id="report"><summary>The referee's report</summary><pre id="report-text">{parts["report-text"]}</pre></details>
</aside>
</main>
<script type="application/json" id="position-data">{_data(sc, number)}</script>
<script>
{PAGE_JS}
</script>
{extra}
</body>
</html>
"""


PAGE_CSS = """
*{box-sizing:border-box}
html,body{margin:0;height:100%;font-family:"DejaVu Sans",Verdana,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;color:#222;background:#f4f1e8}
header{padding:6px 12px;border-bottom:1px solid #c9c2ae;background:#ebe5d3}
header .what{font-size:12px;color:#555}
h1{font-size:17px;margin:2px 0}
#where{font-size:13px}
#where span{margin-right:10px}
main{display:flex;height:calc(100% - 64px);min-height:300px}
#mapbox{position:relative;flex:1;min-width:0;border-right:1px solid #c9c2ae;background:#f4f1e8}
#map{width:100%;height:100%;display:block;touch-action:none;user-select:none;-webkit-user-select:none;cursor:grab}
#map text{font-family:"DejaVu Sans",Verdana,sans-serif;dominant-baseline:central}
#map *{pointer-events:none}
#map [data-s],#map .piece,#map .piece *{pointer-events:visiblePainted}
#map .half{pointer-events:fill}
#map .piece{cursor:pointer}
#map .piece.selected rect,#map .piece.selected ellipse{stroke:#ffd400;stroke-width:4px}
#map .cut{stroke:#ff3b30 !important;stroke-width:4px !important}
#layer-supply-view,#layer-supply-rings{display:none}
#map.supply-on #layer-supply-view,#map.supply-on #layer-supply-rings{display:inline}
#map.hex:not(.z2) .detail{display:none}
#map.hex.z2 .fit-name{display:none}
#map.hex:not(.z1) #layer-marks{display:none}
.controls{position:absolute;right:8px;top:8px;display:flex;gap:4px;z-index:2}
.controls button{min-width:34px;height:34px;font-size:18px}
aside{width:360px;overflow:auto;padding:6px 12px 24px;font-size:13px}
aside h2{font-size:14px;margin:12px 0 4px;border-bottom:1px solid #d6cfba}
aside ul,aside ol{margin:0;padding-left:18px}
aside .none,aside .hint{color:#666;margin:2px 0}
#inspector-body h3{font-size:14px;margin:4px 0}
#inspector-body .verdict{font-weight:bold}
#inspector-body .verdict.out{color:#c0150c}
#inspector-body .verdict.in{color:#1e7e34}
.steps li.current,.turns li.current{font-weight:bold;background:#fff3b0}
ul.turns,ul.log{list-style:none;padding-left:8px}
ul.turns li{display:inline-block;margin-right:8px}
.swatch{display:inline-block;width:12px;height:12px;margin-right:6px;border:1px solid #444;vertical-align:-1px}
button{font:inherit;padding:4px 10px;border:1px solid #8a8a8a;border-radius:4px;background:#fff;cursor:pointer}
button[aria-pressed=true]{background:#1e9e3a;color:#fff;border-color:#14692a}
#log ol{padding-left:26px}
#report pre{white-space:pre-wrap;font-size:11px}
@media (max-width:800px){
 main{flex-direction:column;height:auto}
 #mapbox{flex:none;height:auto;aspect-ratio:var(--ratio);max-height:78vh;min-height:240px;border-right:0;border-bottom:1px solid #c9c2ae}
 aside{width:auto;overflow:visible}
 h1{font-size:15px}
}
@media print{
 html,body{height:auto;background:#fff}
 .controls,#supply-toggle,.hint{display:none}
 main{display:block;height:auto}
 #mapbox{height:auto;border:0;break-after:page}
 #map{height:auto;max-height:none}
 aside{width:auto;overflow:visible;columns:2;font-size:11px}
 aside section{break-inside:avoid}
 #report{display:none}
}
"""

PAGE_JS = r"""
(function () {
  "use strict";
  var D = JSON.parse(document.getElementById("position-data").textContent);
  var pieces = D.pieces;  // by the number the page's marks carry (data-p)
  D.pieces = {};
  pieces.forEach(function (p) { D.pieces[p.n] = p; });
  var svg = document.getElementById("map");
  var X = D.extent, full = {x: X[0], y: X[1], w: X[2] - X[0], h: X[3] - X[1]};
  var view = {x: full.x, y: full.y, w: full.w, h: full.h};
  var body = document.getElementById("inspector-body");
  var selected = -1;

  function apply() {
    svg.setAttribute("viewBox", view.x + " " + view.y + " " + view.w + " " + view.h);
    lod();
  }
  function scale() {
    var r = svg.getBoundingClientRect();
    return Math.min(r.width / view.w, r.height / view.h) || 1;
  }
  function lod() {  // what shows at this zoom, as the window: marks from 7 pixels a hex, names from 14
    var px = D.unit * scale();
    svg.classList.toggle("z1", px >= 7);
    svg.classList.toggle("z2", px >= 14);
  }
  function fit() { view = {x: full.x, y: full.y, w: full.w, h: full.h}; apply(); }
  function toMap(cx, cy) {
    var p = svg.createSVGPoint(); p.x = cx; p.y = cy;
    return p.matrixTransform(svg.getScreenCTM().inverse());
  }
  function zoomAt(f, cx, cy) {
    var p = toMap(cx, cy);
    var w = Math.max(D.unit * 4, Math.min(full.w * 3, view.w / f)), k = w / view.w;
    view.x = p.x - (p.x - view.x) * k; view.y = p.y - (p.y - view.y) * k;
    view.w = w; view.h = view.h * k;
    apply();
  }
  function zoomCentre(f) {
    var r = svg.getBoundingClientRect();
    zoomAt(f, r.left + r.width / 2, r.top + r.height / 2);
  }
  function pan(dx, dy) {
    var s = scale();
    view.x -= dx / s; view.y -= dy / s;
    apply();
  }

  // ------------------------------------------------------------------ the inspector
  function el(tag, text, cls) {
    var e = document.createElement(tag);
    if (text !== undefined) e.textContent = text;
    if (cls) e.className = cls;
    return e;
  }
  function list(items) {
    var ul = el("ul");
    items.forEach(function (t) { ul.appendChild(el("li", t)); });
    return ul;
  }
  function spaceName(id) {
    var s = D.spaces[id];  // a hex by its code and name ("N14 Kiev"); a location, a half, a box by its name
    if (!s || !s[0] || s[0] === id) return id;
    return D.kind === "hex" ? id + " " + s[0] : s[0];
  }
  function clearSelection() {
    if (selected >= 0) {
      var g = document.getElementById("sel-" + selected);
      if (g) g.style.display = "none";
    }
    svg.querySelectorAll(".piece.selected").forEach(function (e) { e.classList.remove("selected"); });
    svg.querySelectorAll("#layer-spaces .cut, #layer-boxes .cut").forEach(function (e) { e.classList.remove("cut"); });
    selected = -1;
  }
  function showSpace(id, keep) {
    var s = D.spaces[id];
    if (!keep) body.textContent = "";
    if (!s) return;
    var box = el("div", undefined, "space");
    box.appendChild(el("h3", spaceName(id)));
    box.appendChild(list(s[2]));
    box.setAttribute("data-space", id);
    body.appendChild(box);
  }
  function selectPiece(i) {
    clearSelection();
    var p = D.pieces[i];
    if (!p) return;
    selected = i;
    var g = document.getElementById("sel-" + i);
    if (g) g.style.display = "inline";
    svg.querySelectorAll('.piece[data-p="' + i + '"]').forEach(function (e) { e.classList.add("selected"); });
    p.cut.forEach(function (sp) {
      svg.querySelectorAll('#layer-spaces [data-s="' + CSS.escape(sp) + '"], #layer-boxes rect[data-s="' + CSS.escape(sp) + '"]')
        .forEach(function (e) { e.classList.add("cut"); });
    });
    body.textContent = "";
    var box = el("div", undefined, "piece-info");
    box.setAttribute("data-piece", p.id);
    box.appendChild(el("h3", (p.title || p.kind) + (p.text ? " " + p.text : "") + " (" + p.side + ")"));
    if (p.supplied === true) {
      box.appendChild(el("p", "In supply" + (p.line > 1 ? ": the green line runs to its source" : ""), "verdict in"));
    } else if (p.supplied === false) {
      box.appendChild(el("p", "Out of supply" + (p.cut.length ? ": cut at " + p.cut.map(spaceName).join(", ") : ""), "verdict out"));
      if (!p.cut.length && p.why && p.info.indexOf(p.why) < 0) box.appendChild(el("p", p.why, "why"));
    }
    if (p.info.length) box.appendChild(list(p.info));
    body.appendChild(box);
    showSpace(p.space, true);
  }
  function tap(target) {
    var pg = target && target.closest ? target.closest("[data-p]") : null;
    if (pg) { selectPiece(+pg.getAttribute("data-p")); return; }
    var sg = target && target.closest ? target.closest("[data-s]") : null;
    clearSelection();
    if (sg) showSpace(sg.getAttribute("data-s"));
  }

  // ------------------------------------------------------- drag, wheel and pinch
  var ptrs = new Map(), start = null, moved = false, downTarget = null, last = null, pinch = null;
  function mid() {
    var a = Array.from(ptrs.values());
    return {x: (a[0].x + a[1].x) / 2, y: (a[0].y + a[1].y) / 2, d: Math.hypot(a[0].x - a[1].x, a[0].y - a[1].y)};
  }
  svg.addEventListener("pointerdown", function (e) {
    ptrs.set(e.pointerId, {x: e.clientX, y: e.clientY});
    try { svg.setPointerCapture(e.pointerId); } catch (err) { /* a synthetic pointer */ }
    if (ptrs.size === 1) { start = {x: e.clientX, y: e.clientY}; last = start; moved = false; downTarget = e.target; }
    else if (ptrs.size === 2) { pinch = mid(); moved = true; }
  });
  svg.addEventListener("pointermove", function (e) {
    if (!ptrs.has(e.pointerId)) return;
    ptrs.set(e.pointerId, {x: e.clientX, y: e.clientY});
    if (ptrs.size === 1 && last) {
      if (Math.hypot(e.clientX - start.x, e.clientY - start.y) > 6) moved = true;
      if (moved) { pan(e.clientX - last.x, e.clientY - last.y); }
      last = {x: e.clientX, y: e.clientY};
    } else if (ptrs.size === 2 && pinch) {
      var m = mid();
      if (pinch.d > 0 && m.d > 0) zoomAt(m.d / pinch.d, m.x, m.y);
      pan(m.x - pinch.x, m.y - pinch.y);
      pinch = m;
    }
  });
  function up(e) {
    if (!ptrs.has(e.pointerId)) return;
    var wasOne = ptrs.size === 1;
    ptrs.delete(e.pointerId);
    if (wasOne && !moved && e.type === "pointerup") tap(downTarget);
    if (ptrs.size < 2) pinch = null;
    if (ptrs.size === 1) { var p = Array.from(ptrs.values())[0]; last = p; start = p; }
    if (ptrs.size === 0) { last = null; downTarget = null; }
  }
  svg.addEventListener("pointerup", up);
  svg.addEventListener("pointercancel", up);
  svg.addEventListener("wheel", function (e) {
    e.preventDefault();
    zoomAt(e.deltaY < 0 ? 1.15 : 1 / 1.15, e.clientX, e.clientY);
  }, {passive: false});
  svg.addEventListener("keydown", function (e) {
    if (e.key === "Enter" || e.key === " ") {
      var pg = e.target.closest && e.target.closest("[data-p]");
      if (pg) { e.preventDefault(); selectPiece(+pg.getAttribute("data-p")); }
    }
  });
  document.getElementById("zoom-in").addEventListener("click", function () { zoomCentre(1.5); });
  document.getElementById("zoom-out").addEventListener("click", function () { zoomCentre(1 / 1.5); });
  document.getElementById("fit").addEventListener("click", fit);
  var toggle = document.getElementById("supply-toggle");
  if (toggle) toggle.addEventListener("click", function () {
    var on = !svg.classList.contains("supply-on");
    svg.classList.toggle("supply-on", on);
    toggle.setAttribute("aria-pressed", on ? "true" : "false");
    toggle.textContent = on ? "Hide the supply view" : "Show the supply view";
  });
  document.addEventListener("keydown", function (e) {
    if (e.key === "s" && toggle && !e.ctrlKey && !e.metaKey && !e.altKey) toggle.click();
    if (e.key === "f") fit();
  });
  window.addEventListener("resize", lod);
  window.addEventListener("beforeprint", fit);
  window.mapref = {fit: fit, zoomAt: zoomAt, selectPiece: selectPiece, showSpace: showSpace, clearSelection: clearSelection,
    selected: function () { return selected; },
    data: D, view: function () { return view; }};
  fit();
})();
"""


__all__ = ["PARTS", "layer_elements", "log_items", "page_of", "page_parts", "piece_data", "svg_of"]
