"""The position's scene (mapref/render/scene.py): the one description the web page and the
printed position are drawn from.  The printed PNG shows the counters where the scene puts them;
the supply view and control the rulesets answer agree with the referee's verdicts; names never
overlap; the module needs neither Tk nor pillow (the referee's window can draw from it)."""

from __future__ import annotations

import subprocess
import sys

from mapref.render.scene import declutter, hex_game_marks, hex_layout, position_scene, text_width
from mapref.rules.ruleset import Action
from mapref.rules.session import open_game, start_game
from tests.render.positions import ROOT, hw_cut_off
from tests.rules.sfe_positions import position as sfe_position


def test_the_scene_needs_neither_tk_nor_pillow():
    code = (
        "import sys, mapref.render.scene, mapref.render.html; "
        "bad = [m for m in ('tkinter', 'PIL') if m in sys.modules]; print(bad); sys.exit(1 if bad else 0)"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0, r.stdout + r.stderr


def test_the_printed_position_draws_the_counters_where_the_scene_puts_them(tmp_path):
    """One description: the PNG's counters stand at the scene's points for the same layout, in
    their side's colour, the cut-off army edged in red."""
    from mapref.render.game_overlay import render_position

    s = open_game(hw_cut_off(tmp_path / "g.toml"))
    img = render_position(s, tmp_path / "p.png", size=36).convert("RGB")
    marks, pieces, _ = hex_game_marks(s, hex_layout(s.map, 36), s.report(), supply=False)
    counters = [m for m in marks if "counter" in m.tags]
    assert len(counters) == len([p for p in pieces if p.kind == "army"]) > 10

    def rgb(c):
        return tuple(int(c[i : i + 2], 16) for i in (1, 3, 5))

    for m in counters:
        (x0, y0), (x1, y1) = m.pts
        inside = img.getpixel((int(x0 + 3), int(y1 - 3)))  # in the counter, clear of its strength
        assert max(abs(a - b) for a, b in zip(inside, rgb(m.fill), strict=True)) <= 12, (m.space, inside, m.fill)
        edge = img.getpixel((int(x0), int((y0 + y1) / 2)))
        if m.stroke == "#ff3b30":
            assert edge[0] > 200 and edge[1] < 100, (m.space, edge)


def test_struggle_for_europes_supply_view_agrees_with_its_counters(tmp_path):
    """8 Supply Lines: the supply view shades what each faction's trace reaches; a counter in
    supply stands in it, the Axis counters cut off in Riga do not."""
    s = sfe_position(tmp_path, add={"A90": ("axis", 1, "riga"), "A91": ("axis", 2, "riga")}, flags={"riga": "axis"})
    view = s.ruleset.supply_view(s.game)
    assert set(view) >= {"axis", "western", "soviet"}
    for p in s.ruleset.pieces(s.game, s.report()):
        if p.kind != "army":
            continue
        sup, unsup = view[p.side]
        spaces = [p.space] if "." in p.space or p.space.startswith("box:") else list(s.map.locations[p.space].spaces())
        assert any(x in (sup if p.supplied else unsup) for x in spaces), (p.id, p.space, p.supplied)
    assert {"riga.n", "riga.s"} <= view["axis"][1]
    # control: Riga by the Axis flag; the Western and Soviet Allies are never at war with each other
    assert s.ruleset.control_view(s.game) == {"riga": "axis"}
    rs, g = s.ruleset, s.game
    assert rs.at_war(g, "axis", "soviet") and rs.at_war(g, "western", "axis") and not rs.at_war(g, "western", "soviet")


def test_area_control_shows_a_taken_territory_in_its_new_owners_colour():
    s = start_game(ROOT / "scenarios" / "aa_house_rules.toml")
    rs = s.ruleset
    assert rs.control_view(s.game) == {}
    assert rs.at_war(s.game, "germany", "france") and not rs.at_war(s.game, "germany", "soviet")
    out = s.apply(Action("take", {"space": "france", "by": "germany"}))
    assert out.ok, out.refusal
    assert rs.control_view(s.game)["france"] == "germany"
    sc = position_scene(s)
    held = [m for m in sc.marks if m.layer == "held" and m.space == "france"]
    assert held and all(m.fill == rs.side_colours["germany"][0] for m in held)
    assert sc.spaces["france"].holder == "germany" and "held by germany" in sc.spaces["france"].facts


def test_names_kept_never_overlap_and_the_capitals_come_first():
    boxes = [((1, 0), (0, 0, 50, 10)), ((0, 0), (40, 0, 90, 10)), ((1, 1), (95, 0, 120, 10)), ((2, 0), (10, 5, 30, 20))]
    assert declutter(boxes) == [1, 2, 3]
    sc = position_scene(start_game(ROOT / "scenarios" / "war_for_europe.toml", auto_place=True))
    for tag in ("name", "fit-name"):
        names = [m for m in sc.marks if tag in m.tags]
        assert len(names) > 15
        rects = []
        for m in names:
            ((x, y),) = m.pts
            w = text_width(m.text, m.size, m.bold)
            rects.append((x - w / 2, y - m.size * 0.6, x + w / 2, y + m.size * 0.6))
        for i, a in enumerate(rects):
            for b in rects[i + 1 :]:
                assert not (a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3])
        assert {"Berlin", "Moscow", "London", "Rome"} <= {m.text for m in names}


def test_every_game_has_a_scene_with_its_text():
    for name, kind in (
        ("war_for_europe_vp", "hex"),
        ("struggle_for_europe", "area"),
        ("aa_house_rules", "area"),
        ("three_fronts", "tracks"),
    ):
        s = start_game(ROOT / "scenarios" / f"{name}.toml", auto_place=True)
        sc = position_scene(s)
        assert sc.kind == kind and sc.title == s.position()["title"] and sc.victory
        assert sc.spaces and sc.marks
        assert [t for t, _ in sc.panels] == [t for t, _ in s.ruleset.panels(s.game, s.report())]
