"""A saved game drawn over the map (``mapref render MAP -o OUT.png --game GAME.toml``): armies
as counters with their name and strength, fleets, and the hexes that trace no supply (hatched
in the colour of their side), with each unsupplied army's frontier outlined."""

from __future__ import annotations

from PIL import ImageDraw

from mapref.render.png import _font

SIDE_COLOURS = {"axis": "#3b4a5a", "soviet": "#b22222", "allies": "#6b4f1d"}


def overlay_for(game_path: str, m):
    """The overlay function render_map calls with (draw, layout)."""
    from mapref.rulesets.hitlers_war.files import load_game_bundle
    from mapref.rulesets.hitlers_war.common import Context

    game = load_game_bundle(game_path)
    cx = Context(m, game.scenario, game.state)
    st = game.state

    def centre(lay, space: str):
        if space.startswith("box:"):
            b = m.boxes.get(space[4:])
            if b is None:
                return None
            s = lay.size if hasattr(lay, "size") else 24
            return lay.origin[0] + b.position[0] * s + 1.6 * s, lay.origin[1] + b.position[1] * s + 1.1 * s
        return lay.centre(m.grid.parse(space))

    def draw(d: ImageDraw.ImageDraw, lay) -> None:
        s = getattr(lay, "size", 24)
        font = _font(max(7, int(s * 0.22)))
        for side in game.scenario.sides:
            sup = cx.supplied(side)
            for space, owner in cx.control.items():
                if owner != side or space in sup or space.startswith("box:") or not cx.exists(space):
                    continue
                h = m.grid.parse(space)
                corners = lay.corners(h)
                d.polygon(corners, outline=SIDE_COLOURS.get(side, "#000"), width=max(2, int(s / 10)))
                x, y = lay.centre(h)
                d.line([(x - s * 0.4, y - s * 0.4), (x + s * 0.4, y + s * 0.4)], fill=SIDE_COLOURS.get(side, "#000"), width=2)
        seen: dict[str, int] = {}
        for a in st.armies:
            p = centre(lay, a.at)
            if p is None:
                continue
            k = seen.get(a.at, 0)
            seen[a.at] = k + 1
            x, y = p[0], p[1] + k * s * 0.55
            w, hh = s * 0.8, s * 0.5
            d.rectangle([x - w / 2, y - hh / 2, x + w / 2, y + hh / 2], fill=SIDE_COLOURS.get(a.side, "#444"), outline="#000")
            name = a.name if len(a.name) <= 10 else a.name[:9] + "."
            pts = a.points
            d.text((x, y - hh * 0.2), name, font=font, fill="white", anchor="mm")
            d.text((x, y + hh * 0.25), f"{pts.get('infantry', 0)}-{pts.get('mechanized', 0)}", font=font, fill="white", anchor="mm")
        for f in st.fleets:
            p = centre(lay, f.at)
            if p is None:
                continue
            x, y = p[0] + s * 0.3, p[1] - s * 0.3
            d.ellipse([x - s * 0.25, y - s * 0.2, x + s * 0.25, y + s * 0.2], fill="#1b2f7a" if not f.in_port else "#6f86c6", outline="#000")
            d.text((x, y), str(f.capital), font=font, fill="white", anchor="mm")

    return draw
