"""A game drawn over the map: ``mapref render MAP -o OUT.png --game GAME.toml``, and the referee's
File > Export position as PNG (:func:`render_position`, the print view).

What is drawn: the spaces held by another side than at the start tinted in the holder's colour,
the front line between enemies, with ``supply`` each side's supplied territory tinted in its
colour and its unsupplied spaces faded (otherwise only the unsupplied spaces, outlined and struck),
the pieces its ruleset shows (armies as counters with their name and strength, several in a box
side by side, fleets, forts, occupation markers), unsupplied armies ringed, and a title with the
position.  The game is reached only through its ruleset (mapref.rules.registry), so every game
renders the same way.  No tkinter here.
"""

from __future__ import annotations

from pathlib import Path

from PIL import ImageDraw

from mapref.render.png import _font, render_map

UNSUPPLIED = "#ff3b30"
FRONT = "#111111"


def _rgba(colour: str, alpha: int) -> tuple[int, int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16), alpha


def overlay_for(game_path: str, m):
    """The overlay function render_map calls with (draw, layout), for a saved game."""
    from mapref.rules.session import open_game

    return overlay_for_session(open_game(game_path), m)


def overlay_for_session(s, m, supply: bool = False):
    """The overlay function for a game session (the referee's window)."""
    rs = s.ruleset
    board = s.board
    pieces = rs.pieces(s.game, s.report())
    view = rs.supply_view(s.game)
    held = rs.control_view(s.game)
    holders: dict[str, str] = {}
    for side, (sup, unsup) in view.items():
        for sp in sup | unsup:
            holders[sp] = side
    holders.update(held)

    def colour(side: str) -> str:
        return rs.side_colours.get(side, ("#444444", "#ffffff"))[0]

    def hex_of(space: str):
        sp = board.space(space)
        if sp is None or sp.is_box:
            return None
        try:
            return m.grid.parse(space)
        except ValueError:
            return None

    def box_rect(lay, space: str):
        b = m.boxes.get(space.partition(":")[2])
        if b is None:
            return None
        size = lay.size
        x, y = lay.origin[0] + b.position[0] * size, lay.origin[1] + b.position[1] * size
        return x, y, x + 3.0 * size, y + 2.0 * size

    def draw(d0: ImageDraw.ImageDraw, lay) -> None:
        image = getattr(d0, "_image", None)
        d = ImageDraw.Draw(image, "RGBA") if image is not None else d0
        size = getattr(lay, "size", 24)
        font = _font(max(7, int(size * 0.22)))
        bold = _font(max(7, int(size * 0.26)), bold=True)
        # the captured spaces in the holder's colour
        for space, side in held.items():
            h = hex_of(space)
            if h is not None:
                d.polygon(lay.corners(h), fill=_rgba(colour(side), 110))
        # the front line
        grid = m.grid
        for space, side in holders.items():
            h = hex_of(space)
            if h is None:
                continue
            for dr in grid.directions():
                n = grid.neighbour(h, dr)
                if not grid.contains(n) or (n.row, n.col) < (h.row, h.col):
                    continue
                other = holders.get(grid.label(n))
                if other is not None and other != side and rs.at_war(s.game, side, other):
                    d.line(lay.side_segment(h, dr), fill=FRONT, width=max(2, int(size / 8)))
        # supply
        for side, (sup, unsup) in view.items():
            if supply:  # as the window's supply view: supplied tinted, unsupplied faded
                for space in sup:
                    h = hex_of(space)
                    if h is not None:
                        d.polygon(lay.corners(h), fill=_rgba(colour(side), 45))
            for space in unsup:
                h = hex_of(space)
                if h is None:
                    continue
                d.polygon(lay.corners(h), outline=colour(side), width=max(2, int(size / 10)),
                          fill=(255, 255, 255, 130) if supply else None)
                if not supply:
                    x, y = lay.centre(h)
                    d.line([(x - size * 0.4, y - size * 0.4), (x + size * 0.4, y + size * 0.4)], fill=colour(side), width=2)
        # the pieces
        in_box: dict[str, list] = {}
        for p in pieces:
            sp = board.space(p.space)
            if p.kind == "army" and sp is not None and sp.is_box:
                in_box.setdefault(p.space, []).append(p)
        slot: dict[str, tuple[float, float, float]] = {}
        for space, ps in in_box.items():
            r = box_rect(lay, space)
            if r is None:
                continue
            x0, y0, x1, y1 = r
            n = len(ps)
            cols = min(n, 3)
            rows = -(-n // cols)
            w = min((x1 - x0 - size * 0.2) / cols, (y1 - y0 - size * 0.9) / rows / 0.65) * 0.92
            w = min(w, size * 0.9)
            for i, p in enumerate(ps):
                rr, cc = divmod(i, cols)
                slot[p.id] = (x0 + size * 0.1 + (x1 - x0 - size * 0.2) / cols * (cc + 0.5),
                              y0 + size * 0.85 + (y1 - y0 - size * 0.9) / rows * (rr + 0.5), w)
        for p in pieces:
            h = hex_of(p.space)
            if p.id in slot:
                x, y, w = slot[p.id]
            elif h is not None:
                (x, y), w = lay.centre(h), size * 0.9
            else:
                continue
            fill = colour(p.side)
            if p.kind == "army":
                hh = w * 0.62
                d.rectangle([x - w / 2, y - hh / 2, x + w / 2, y + hh / 2], fill=fill,
                            outline=UNSUPPLIED if p.supplied is False else "#000000", width=2 if p.supplied is False else 1)
                name = p.title if len(p.title) <= 10 else p.title[:9] + "."
                d.text((x, y - hh * 0.2), name, font=font, fill="white", anchor="mm")
                d.text((x, y + hh * 0.25), p.text, font=bold, fill="white", anchor="mm")
                if p.supplied is False and supply:
                    r = w * 0.62
                    d.ellipse([x - r, y - r, x + r, y + r], outline="#ffffff", width=max(3, int(size / 8)))
                    d.ellipse([x - r, y - r, x + r, y + r], outline=UNSUPPLIED, width=max(2, int(size / 14)))
            elif p.kind == "fleet":
                fx, fy = x + size * 0.45, y - size * 0.5
                d.ellipse([fx - size * 0.25, fy - size * 0.2, fx + size * 0.25, fy + size * 0.2], fill=fill, outline="#000")
                d.text((fx, fy), p.text, font=font, fill="white", anchor="mm")
            elif p.kind == "fort":
                fx, fy = x - size * 0.47, y + size * 0.5
                d.rectangle([fx - size * 0.22, fy - size * 0.2, fx + size * 0.22, fy + size * 0.2], fill="#e9e2c8", outline=fill, width=2)
                d.text((fx, fy), p.text, font=font, fill=fill, anchor="mm")
            elif p.kind == "marker":
                mx, my = x + size * 0.25, y - size * 0.65
                r = size * 0.2
                d.polygon([(mx, my), (mx + r * 2, my + r * 0.6), (mx, my + r * 1.2)], fill=fill, outline="#f4f1e8")
        title = s.position().get("title", "")
        if title:
            tf = _font(max(12, int(size * 0.55)), bold=True)
            x = size * 0.6 + (d.textlength(m.name + "  \u2014  ", font=tf) if m.name else 0)
            d.text((x, size * 0.35), (f"\u2014  {title}" if m.name else title) + ("  (supply view)" if supply else ""),
                   font=tf, fill="#222222", anchor="lm")

    return draw


def area_overlay_for_session(s, m):
    """The overlay function :func:`mapref.render.area_png.render_area` calls for a game on an
    area map: the counters and fortresses of each location (laid out as in the referee's window,
    :mod:`mapref.render.area_pieces`), unsupplied ones outlined in red, control flags beside the
    names, battles waiting ringed; it returns the position for the title."""
    from mapref.render.area_pieces import stack_points, stacks

    rs = s.ruleset
    rep = s.report()
    pieces = rs.pieces(s.game, rep)
    report = rep.as_dict()

    def colours(side: str) -> tuple[str, str]:
        return rs.side_colours.get(side, ("#555555", "#ffffff"))

    def draw(d: ImageDraw.ImageDraw, to_px, scale: float) -> str:
        width = to_px.size[0] / scale if hasattr(to_px, "size") else 1600  # the image's width
        counter = scale * max(12.0, min(32.0, 20.0 * width / 1600))  # 20 pixels wide at the default width
        h = counter / 2
        font = _font(max(8, int(counter * 0.5)), bold=True)
        at: dict[str, tuple[float, float]] = {}
        for space, ps in stacks(pieces).items():
            for p, (x, y) in zip(ps, stack_points(m, space, len(ps), to_px, counter)):
                fill, ink = colours(p.side)
                edge = UNSUPPLIED if p.supplied is False else "#f4f1e8"
                wide = int(max(2, scale * (2.5 if p.supplied is False else 1)))
                if p.kind == "fort":
                    d.rectangle([x - h, y - h, x + h, y + h], fill="#e9e2c8", outline=fill, width=int(2 * scale))
                    d.text((x, y), "F", font=font, fill=fill, anchor="mm")
                else:
                    d.rectangle([x - h, y - h, x + h, y + h], fill=fill, outline=edge, width=wide)
                    d.text((x, y), str(p.text), font=font, fill=ink, anchor="mm")
                at[p.id.partition(":")[2]] = (x, y)
        for p in pieces:  # control flags, left of the location's name
            loc = m.locations.get(p.space) if p.kind == "marker" else None
            if loc is None:
                continue
            x, y = area_flag_pole(d, m, loc, to_px, scale)
            fill = colours(p.side)[0]
            d.line([(x, y + 7 * scale), (x, y - 9 * scale)], fill="#222222", width=int(1.5 * scale))
            d.polygon([(x, y - 9 * scale), (x + 13 * scale, y - 5 * scale), (x, y - 1 * scale)], fill=fill, outline="#222222")
        for b in report.get("battles", []):  # a battle waiting for its result
            pts = [at[c] for c in b.get("attackers", []) if c in at]
            if not pts and b.get("at") in m.locations:
                pts = [to_px(m.locations[b["at"]].label_point)]
            if pts:
                r = h + 6 * scale
                d.ellipse([min(p[0] for p in pts) - r, min(p[1] for p in pts) - r, max(p[0] for p in pts) + r,
                           max(p[1] for p in pts) + r], outline=UNSUPPLIED, width=int(3 * scale))
        return s.position().get("title", "")

    return draw


def area_flag_pole(d: ImageDraw.ImageDraw, m, loc, to_px, scale: float) -> tuple[float, float]:
    """Where a control flag's pole stands on a printed area map: left of the location's name
    (drawn by :func:`mapref.render.area_png.render_area`), and of its capital's star."""
    x, y = to_px(loc.label_point)
    x -= d.textlength(loc.label, font=_font(int(13 * scale), bold=True)) / 2 + (24 if loc.capital else 8) * scale
    return x, y


def render_position(session, out: str | Path | None = None, *, supply: bool = False, size: float | None = 36):
    """The position of a game session as a PNG (the print view: hexes of ``size`` pixels, big
    enough to read the counters on paper; on an area map, an image ``size``x45 pixels wide at the
    default); returns the image."""
    if getattr(session.map, "kind", "") == "area":
        from mapref.render.area_png import render_area

        return render_area(session.map, out, width=int((size or 36) * 45),
                           overlay=area_overlay_for_session(session, session.map))
    return render_map(session.map, out, size, overlay=overlay_for_session(session, session.map, supply=supply))


__all__ = ["area_flag_pole", "area_overlay_for_session", "overlay_for", "overlay_for_session", "render_position"]
