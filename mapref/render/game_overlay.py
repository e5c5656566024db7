"""A saved game drawn over the map (``mapref render MAP -o OUT.png --game GAME.toml``): the
pieces its ruleset shows (armies as counters with their name and strength, fleets, forts) and
the spaces that trace no supply (hatched in the colour of their side).  The game is reached only
through its ruleset (mapref.rules.registry), so every game renders the same way."""

from __future__ import annotations

from PIL import ImageDraw

from mapref.render.png import _font


def overlay_for(game_path: str, m):
    """The overlay function render_map calls with (draw, layout)."""
    from mapref.rules.session import open_game

    s = open_game(game_path)
    rs = s.ruleset
    board = s.board
    pieces = rs.pieces(s.game, s.report())
    view = rs.supply_view(s.game) if hasattr(rs, "supply_view") else {}

    def colour(side: str) -> str:
        return rs.side_colours.get(side, ("#444444", "#ffffff"))[0]

    def centre(lay, space: str):
        sp = board.space(space)
        if sp is None:
            return None
        if sp.is_box:
            b = m.boxes.get(space.partition(":")[2])
            if b is None:
                return None
            size = lay.size if hasattr(lay, "size") else 24
            return lay.origin[0] + b.position[0] * size + 1.6 * size, lay.origin[1] + b.position[1] * size + 1.1 * size
        return lay.centre(m.grid.parse(space))

    def draw(d: ImageDraw.ImageDraw, lay) -> None:
        size = getattr(lay, "size", 24)
        font = _font(max(7, int(size * 0.22)))
        for side, (_, unsupplied) in view.items():
            for space in unsupplied:
                sp = board.space(space)
                if sp is None or sp.is_box:
                    continue
                h = m.grid.parse(space)
                d.polygon(lay.corners(h), outline=colour(side), width=max(2, int(size / 10)))
                x, y = lay.centre(h)
                d.line([(x - size * 0.4, y - size * 0.4), (x + size * 0.4, y + size * 0.4)], fill=colour(side), width=2)
        seen: dict[str, int] = {}
        for p in pieces:
            c = centre(lay, p.space)
            if c is None:
                continue
            if p.kind == "army":
                k = seen.get(p.space, 0)
                seen[p.space] = k + 1
                x, y = c[0], c[1] + k * size * 0.55
                w, hh = size * 0.8, size * 0.5
                d.rectangle([x - w / 2, y - hh / 2, x + w / 2, y + hh / 2], fill=colour(p.side), outline="#000")
                name = p.title if len(p.title) <= 10 else p.title[:9] + "."
                d.text((x, y - hh * 0.2), name, font=font, fill="white", anchor="mm")
                d.text((x, y + hh * 0.25), p.text, font=font, fill="white", anchor="mm")
            elif p.kind == "fleet":
                x, y = c[0] + size * 0.3, c[1] - size * 0.3
                d.ellipse([x - size * 0.25, y - size * 0.2, x + size * 0.25, y + size * 0.2], fill=colour(p.side), outline="#000")
                d.text((x, y), p.text, font=font, fill="white", anchor="mm")

    return draw
