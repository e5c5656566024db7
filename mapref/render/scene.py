"""What a game's position looks like, as data: one description for every drawing of it.

:func:`position_scene` turns a game session into a :class:`Scene`: the map (hexes, or area
locations, with their terrain, countries, names, boxes and lines), the game on top (the spaces
held by another side than at the start tinted in the holder's colour, the front line between
enemies, each side's supplied territory, the pieces with their strength), the referee's supply
verdict of every piece (the line it traces, in the drawing's coordinates, or the spaces that cut
it), what the inspector says of each space, and the position's text (turn, step, panels,
violations, the log).  It asks the game only through its ruleset (``pieces``, ``control_view``,
``supply_view``, ``colours``, ``at_war``, ``panels``, ``position``, ``steps``, ``tracks``,
``turn_track``) and the map's geometry (:class:`~mapref.core.layout.Layout`, area polygons).

The drawings are made from it and only from it:

- the web page (:mod:`mapref.render.html`, ``mapref export-html``) writes every :class:`Mark`
  as SVG and the verdicts as data for its script;
- the printed position (:mod:`mapref.render.game_overlay`, ``mapref render --game`` and the
  referee's File > Export position as PNG) draws the game's marks (layers :data:`GAME_LAYERS`)
  over the map with pillow.

- the referee's window (:mod:`mapref.ui.referee`) draws its boards' game from the same
  functions, a tile or a refresh at a time: :mod:`mapref.render.scene_hex` (hex maps) and
  :mod:`mapref.render.scene_area` (area maps) make each decision once (which spaces are tinted,
  where the front runs, where each counter stands, its colours and text, which names show),
  :mod:`mapref.render.pieces` what a piece looks like, :mod:`mapref.render.labels` where names
  go; the window makes each :class:`Mark` one Tk canvas item (:mod:`mapref.ui.marks_tk`).

A :class:`Mark` (:mod:`mapref.render.marks`) is a plain shape in the drawing's coordinates (a
polygon, a line, a rectangle, an oval, a text, a symbol placed at a point) with its style, the
layer it belongs to, its tags (what it shows) and the space it stands for.  No tkinter and no
PIL here.
"""

from __future__ import annotations

from mapref.render.labels import declutter, place_labels, text_width
from mapref.render.marks import GAME_LAYERS, LAYERS, ON_DEMAND, Mark, PieceView, Point, Scene, SpaceView
from mapref.render.pieces import colours_of, held_tint
from mapref.render.scene_area import (
    AREA_SEA,
    AreaProjection,
    area_front,
    area_game_marks,
    area_holders,
    area_map_marks,
    area_scene,
    line_ends,
    line_paths,
    midpoint,
)
from mapref.render.scene_hex import (
    BOX_H,
    BOX_W,
    PAPER,
    box_rect,
    box_slots,
    counter_width,
    front_sides,
    hex_game_marks,
    hex_layout,
    hex_map_marks,
    hex_scene,
    holders,
)


# ------------------------------------------------------------------------------ the position
def position_scene(session, *, size: float = 30.0, width: float = 1600.0, memo: dict | None = None) -> Scene:
    """The whole position of a game session: the map and the game, the verdicts, the text.
    A hex map is drawn with hexes ``size`` wide; an area map ``width`` wide; a game played on
    tracks (``board_view = "tracks"`` on a map without move lines) as its rows of tokens.
    ``memo``: a dict kept between the positions of one game (what its map draws is kept)."""
    rs = session.ruleset
    rep = session.report()
    m = session.map
    if getattr(m, "kind", "") == "area":
        if getattr(rs, "board_view", "map") == "tracks" and not m.lines:
            sc = tracks_scene(session)
        else:
            sc = area_scene(session, width=width, report=rep, memo=memo)
    else:
        sc = hex_scene(session, size=size, report=rep, memo=memo)
    _describe(sc, session, rep)
    return sc


def _describe(sc: Scene, session, rep) -> None:
    """The position's text: title, steps, turns, panels, violations, victory, report, log."""
    rs, game = session.ruleset, session.game
    pos = session.position()
    sc.position = dict(pos)
    sc.title = pos.get("title", "")
    sc.game = rs.title or rs.name
    sc.map_name = getattr(session.map, "name", "") or ""
    sc.steps = list(rs.steps(game))
    sc.turns = list(rs.turn_track(game))
    sc.panels = [(t, list(lines)) for t, lines in rs.panels(game, rep)]
    sc.violations = [
        (f"{v.where}: " if v.where else "") + f"{v.message} [{v.rule}]" for v in getattr(rep, "violations", [])
    ]
    data = rep.as_dict() if hasattr(rep, "as_dict") else {}
    v = data.get("victory") if isinstance(data, dict) else None
    if isinstance(v, dict) and v:
        who = v.get("winner") or v.get("side") or ""
        how = v.get("condition") or v.get("how") or v.get("text") or ""
        rule = f" [{v['rule']}]" if v.get("rule") else ""
        sc.victory = [f"{who} wins: {how}{rule}".strip()]
    elif pos.get("over"):
        sc.victory = ["the game is over"]
    else:
        sc.victory = ["no victory yet"]
    try:
        sc.report = rep.text()
    except Exception:  # a report without text still exports its panels
        sc.report = ""
    sc.log = [log_line(rs, e) for e in session.log]
    try:
        sc.tracks = list(rs.tracks(game))
    except Exception:  # a game without tracks
        sc.tracks = []
    sc.colours = {
        side: colours_of(rs, game, side)
        for side in list(dict.fromkeys(list(getattr(session.scenario, "sides", ()) or ()) + list(rs.colours(game))))
    }


def log_line(rs, e) -> str:
    """A log entry as the referee's window shows it: its step by name, the override with its reason."""
    who = f" by {e.by}" if e.by else ""
    rule = f" [{e.rule}]" if e.rule else ""
    over = f" AGAINST THE RULES: {e.override}" if e.override else ""
    return f"{e.n}. {e.turn}, {e.side} {rs.step_name(e.step)}{who}: {e.did}{rule}{over}"


# ------------------------------------------------------------------------------------- tracks
TRACKS_W, TRACKS_PAD = 1000.0, 24.0  # the tracks scene's width and margin


def tracks_scene(session) -> Scene:
    """A game played on tracks (the front-token card game): its rows of token slots as the
    tracks view draws them (:class:`mapref.ui.tracks_view.TracksView`), 1000 units wide."""
    rs, game = session.ruleset, session.game
    w, pad = TRACKS_W, TRACKS_PAD
    out: list[Mark] = []
    y = _turn_row(out, rs.turn_track(game), pad)
    y = _step_row(out, rs.steps(game), y)
    sc = Scene("tracks", (0.0, 0.0, w, 0.0), PAPER, 26.0)
    short = len(rs.colours(game)) > 2
    for row in rs.tracks(game):
        _track_row(out, sc, row, y, lambda side: colours_of(rs, game, side), short)
        y += 134
    sc.marks = out
    sc.extent = (0.0, 0.0, w, y + pad)
    return sc


def _turn_row(out: list[Mark], turns, y: float) -> float:
    """The turn track's boxes, the current one marked; the y below them."""
    if not turns:
        return y
    w, pad = TRACKS_W, TRACKS_PAD
    out.append(Mark("text", "names", ((pad, y + 14),), fill="#222222", text="Turn", size=13, bold=True, anchor="start"))
    bw = min(90.0, (w - 2 * pad - 90) / len(turns))
    for i, t in enumerate(turns):
        x0 = pad + 90 + i * bw
        out.append(
            Mark(
                "rect",
                "spaces",
                ((x0, y), (x0 + bw - 6, y + 28)),
                fill="#fff6d6" if t.current else "#ffffff",
                stroke="#e8a200" if t.current else "#8a8a8a",
                width=3 if t.current else 1,
                tags=("turn",) + (("current-turn",) if t.current else ()),
            )
        )
        out.append(
            Mark("text", "names", ((x0 + (bw - 6) / 2, y + 14),), fill="#222222", text=t.label, size=12, bold=t.current)
        )
    return y + 44


def _step_row(out: list[Mark], steps, y: float) -> float:
    """The phases of the turn, numbered, the current one marked and skipped ones greyed; the y
    below them."""
    if not steps:
        return y
    w, pad = TRACKS_W, TRACKS_PAD
    out.append(
        Mark("text", "names", ((pad, y + 16),), fill="#222222", text="Phase", size=13, bold=True, anchor="start")
    )
    bw = (w - 2 * pad - 90) / len(steps)
    for i, st in enumerate(steps):
        x0 = pad + 90 + i * bw
        skipped = "(skipped)" in st.label
        out.append(
            Mark(
                "rect",
                "spaces",
                ((x0, y), (x0 + bw - 6, y + 32)),
                fill="#fff6d6" if st.current else ("#e4e0d6" if skipped else "#ffffff"),
                stroke="#e8a200" if st.current else "#8a8a8a",
                width=3 if st.current else 1,
                tags=("step",) + (("current-step",) if st.current else ()),
            )
        )
        out.append(
            Mark(
                "text",
                "names",
                ((x0 + (bw - 6) / 2, y + 16),),
                fill="#8a8a8a" if skipped else "#222222",
                text=f"{i + 1}. {st.label.replace(' (skipped)', '')}",
                size=10,
                bold=st.current,
            )
        )
    return y + 52


def _track_row(out: list[Mark], sc: Scene, row, top: float, colours, short: bool) -> None:
    """One track: its box, name and counts, its slots' tokens with their labels, its note; and
    its space in the scene (what a hover says of it)."""
    w, pad = TRACKS_W, TRACKS_PAD
    bottom = top + 120
    out.append(
        Mark(
            "rect",
            "spaces",
            ((pad, top), (w - pad, bottom)),
            fill="#fffdf6",
            stroke="#e8a200" if row.current else "#b9b2a0",
            width=4 if row.current else 1,
            tags=("track",) + (("current-track",) if row.current else ()),
            space=row.id,
        )
    )
    out.append(
        Mark(
            "text",
            "names",
            ((pad + 14, top + 22),),
            fill="#222222",
            text=row.label + (" (now)" if row.current else ""),
            size=15,
            bold=True,
            anchor="start",
            space=row.id,
        )
    )
    counts = {sd: row.slots.count(sd) for sd in dict.fromkeys(row.slots) if sd}
    out.append(
        Mark(
            "text",
            "names",
            ((pad + 14, top + 44),),
            fill="#555555",
            text=", ".join(f"{k} {v}" for k, v in counts.items()),
            size=12,
            anchor="start",
        )
    )
    _slot_tokens(out, row, top, bottom, colours, short)
    if row.note:
        out.append(
            Mark(
                "text",
                "names",
                ((pad + 14, bottom - 14),),
                fill="#7a3b00",
                text=row.note,
                size=12,
                italic=True,
                anchor="start",
            )
        )
    sc.spaces[row.id] = SpaceView(
        row.id,
        row.label,
        (w / 2, (top + bottom) / 2),
        "",
        [row.label]
        + ([row.note] if row.note else [])
        + [
            f"slot {i + 1}: {s or 'empty'}" + (f" ({row.labels[i]})" if i < len(row.labels) else "")
            for i, s in enumerate(row.slots)
        ],
    )


def _slot_tokens(out: list[Mark], row, top: float, bottom: float, colours, short: bool) -> None:
    """A track's slots, each a token in its side's colours (white when empty) with its label."""
    w, pad = TRACKS_W, TRACKS_PAD
    cx0 = pad + 300
    n = max(1, len(row.slots))
    room = w - pad - cx0 - 10
    r = max(5.0, min(26.0, (room / n - 18) / 2))
    gap = min(2 * r + 18, room / n)
    for i, side in enumerate(row.slots):
        fill, ink = colours(side) if side else ("#ffffff", "#222222")
        cx, cy = cx0 + r + i * gap, (top + bottom) / 2 - (8 if row.labels else 0)
        out.append(
            Mark(
                "oval",
                "pieces",
                ((cx - r, cy - r), (cx + r, cy + r)),
                fill=fill,
                stroke="#444444",
                width=2,
                tags=("token", f"side:{side or 'none'}"),
                space=row.id,
            )
        )
        if side and r >= 10:
            out.append(
                Mark(
                    "text", "pieces", ((cx, cy),), fill=ink, text=side[: 2 if short else 1].upper(), size=13, bold=True
                )
            )
        if i < len(row.labels) and r >= 13:
            out.append(Mark("text", "names", ((cx, cy + r + 10),), fill="#222222", text=row.labels[i], size=9))


__all__ = [
    "AREA_SEA",
    "AreaProjection",
    "BOX_H",
    "BOX_W",
    "GAME_LAYERS",
    "LAYERS",
    "Mark",
    "ON_DEMAND",
    "PAPER",
    "PieceView",
    "Point",
    "Scene",
    "SpaceView",
    "area_front",
    "area_game_marks",
    "area_holders",
    "area_map_marks",
    "area_scene",
    "box_rect",
    "box_slots",
    "colours_of",
    "counter_width",
    "declutter",
    "front_sides",
    "held_tint",
    "hex_game_marks",
    "hex_layout",
    "hex_map_marks",
    "hex_scene",
    "holders",
    "line_ends",
    "line_paths",
    "midpoint",
    "place_labels",
    "log_line",
    "position_scene",
    "text_width",
    "tracks_scene",
]
