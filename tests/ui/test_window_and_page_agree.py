"""The referee's window and the exported web page show the same position (issue 25: "the page is
rendered from the same data the window uses, not a second drawing code that can drift"): the
same counters at the same places with the same colours and text, the same spaces tinted in the
same holder's colour, the same front.  Read back from the window's canvas and from the page
``mapref export-html`` writes, on a Hitler's War position (Kiev cut off, captured hexes) and a
Struggle for Europe one (two Axis counters cut off in Riga under a German flag)."""

from __future__ import annotations

import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

from mapref.render.scene_area import AreaProjection
from mapref.render.scene_hex import hex_layout
from mapref.render.style import blend
from mapref.ui.referee import RefereeWindow, load_for_play
from tests.render.positions import ROOT, hw_cut_off
from tests.rules.sfe_positions import position as sfe_position


class Page(HTMLParser):
    """What an exported page draws: its shared styles, each piece's counter (its rectangle's
    place and colours, its strength), the tinted spaces, the front's lines."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.styles = {
            name: dict(r.split(":", 1) for r in rules.split(";") if r)
            for name, rules in re.findall(r"\.([a-z]\d+)\{([^}]*)\}", text)
        }
        self.layer = ""
        self.piece: str | None = None
        self.counters: dict[str, dict] = {}
        self.held: dict[str, tuple[str, float]] = {}
        self.front: list[list[tuple[float, float]]] = []
        self._text_of: str | None = None
        self.feed(text)

    def style(self, classes: str) -> dict:
        return self.styles.get(classes.split()[0], {})

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        cls = a.get("class", "")
        if tag == "g" and a.get("id", "").startswith("layer-"):
            self.layer = a["id"][6:]
        elif tag == "g" and "data-id" in a:
            self.piece = a["data-id"]
        elif tag == "rect" and self.piece and " counter" in cls:
            st = self.style(cls)
            x, y, w, h = (float(a[k]) for k in ("x", "y", "width", "height"))
            self.counters[self.piece] = {
                "at": (x + w / 2, y + h / 2),
                "fill": st.get("fill"),
                "edge": st.get("stroke"),
                "text": "",
            }
        elif tag == "text" and self.piece and " strength" in cls:
            self._text_of = self.piece
        elif tag == "path" and self.layer == "held" and "data-s" in a:
            st = self.style(cls)
            self.held[a["data-s"]] = (st["fill"], float(st.get("fill-opacity", 1)))
        elif tag == "path" and self.layer == "front":
            nums = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", a["d"])]
            self.front.append(list(zip(nums[::2], nums[1::2], strict=True)))

    def handle_data(self, data):
        if self._text_of:
            self.counters[self._text_of]["text"] += data

    def handle_endtag(self, tag):
        if tag == "text":
            self._text_of = None
        elif tag == "g" and self.piece and self.layer == "pieces":
            self.piece = None


def export(game: Path) -> Page:
    out = game.with_suffix(".html")
    r = subprocess.run(
        [sys.executable, "-m", "mapref", "export-html", str(game), "-o", str(out)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )
    assert r.returncode == 0, r.stderr
    return Page(out.read_text(encoding="utf-8"))


def window_counters(c) -> dict[str, dict]:
    """The counters on the window's board: piece id -> centre, fill, edge, strength."""
    out: dict[str, dict] = {}
    for i in c.find_withtag("counter"):
        pid = next(t[6:] for t in c.gettags(i) if t.startswith("piece:"))
        x0, y0, x1, y1 = c.coords(i)
        out[pid] = {
            "at": ((x0 + x1) / 2, (y0 + y1) / 2),
            "fill": c.itemcget(i, "fill"),
            "edge": c.itemcget(i, "outline"),
            "text": "",
        }
    for i in c.find_withtag("strength"):
        pid = next(t[6:] for t in c.gettags(i) if t.startswith("piece:"))
        out[pid]["text"] = c.itemcget(i, "text")
    return out


def window_front(c) -> list[list[tuple[float, float]]]:
    out = []
    for i in c.find_withtag("front"):
        v = c.coords(i)
        out.append(list(zip(v[::2], v[1::2], strict=True)))
    return out


def same_lines(a, b, tol: float) -> bool:
    """Two sets of polylines alike within ``tol`` (in any order)."""
    if len(a) != len(b):
        return False
    left = sorted(a, key=lambda ln: (round(ln[0][0] / tol / 10), round(ln[0][1] / tol / 10), ln[-1]))
    right = sorted(b, key=lambda ln: (round(ln[0][0] / tol / 10), round(ln[0][1] / tol / 10), ln[-1]))
    return all(
        len(p) == len(q) and all(abs(u[0] - v[0]) <= tol and abs(u[1] - v[1]) <= tol for u, v in zip(p, q, strict=True))
        for p, q in zip(left, right, strict=True)
    )


def agree_on_counters(win: dict, page: dict, to_map_win, to_map_page, tol: float) -> None:
    assert set(win) == set(page) and len(win) > 10
    for pid, w in win.items():
        p = page[pid]
        assert (w["fill"], w["edge"], w["text"]) == (p["fill"], p["edge"], p["text"]), (pid, w, p)
        (wx, wy), (px, py) = to_map_win(w["at"]), to_map_page(p["at"])
        assert abs(wx - px) <= tol and abs(wy - py) <= tol, (pid, (wx, wy), (px, py))


@pytest.fixture
def root(laptop_root):
    return laptop_root


def test_a_hitlers_war_position_is_the_same_in_the_window_and_on_the_page(tmp_path, root):
    game = hw_cut_off(tmp_path / "kiev.toml")
    page = export(game)
    w = RefereeWindow(root, load_for_play(game), quiet=True)
    root.update()
    c = w.canvas
    m = w.map
    lay_w, lay_p = c.layout, hex_layout(m, 30)

    def norm(lay):  # a point of the drawing in hex sizes from the layout's origin: the same on both
        return lambda xy: ((xy[0] - lay.origin[0]) / lay.size, (xy[1] - lay.origin[1]) / lay.size)

    # the same counters at the same places, with the same colours and strength (Kiev's red edge)
    win = window_counters(c)
    agree_on_counters(win, page.counters, norm(lay_w), norm(lay_p), 0.02)
    kiev = win["army:Kiev Military District"]
    assert kiev["edge"] == "#ff3b30" and kiev["text"] == page.counters["army:Kiev Military District"]["text"] != ""
    # the same hexes tinted, each its own colour blended with its holder's as the page lays it over
    assert page.held and {"N15", "O15"} <= set(page.held)
    held, c.held = c.held, {}
    plain = {h: c.fill_of(h) for h in c.items}  # each hex's own colour, no side's over it
    c.held = held
    for space, (fill, opacity) in page.held.items():
        h = m.grid.parse(space)
        assert c.itemcget(c.items[h], "fill") == blend(plain[h], fill, opacity), space
    tinted = {m.grid.label(h) for h, i in c.items.items() if c.itemcget(i, "fill") != plain[h]}
    assert tinted == set(page.held)
    # the same front, side by side
    to_hex_w, to_hex_p = norm(lay_w), norm(lay_p)
    assert same_lines(
        [[to_hex_w(p) for p in ln] for ln in window_front(c)], [[to_hex_p(p) for p in ln] for ln in page.front], 0.01
    )
    assert len(page.front) > 20


def test_a_struggle_for_europe_position_is_the_same_in_the_window_and_on_the_page(tmp_path, root):
    # 8 Supply Lines: the two Axis counters in Riga are out of supply; the German flag holds Riga
    s = sfe_position(
        tmp_path, add={"A90": ("axis", 1, "riga"), "A91": ("axis", 2, "riga")}, flags={"riga": "axis"}, name="riga.toml"
    )
    game = Path(s.path)
    page = export(game)
    w = RefereeWindow(root, load_for_play(game), quiet=True)
    root.update()
    c = w.canvas
    m = w.map
    v = AreaProjection(m, 1600)
    c.zoom = v.k  # the window at the page's scale draws what the page draws
    c.redraw()
    root.update()

    def from_page(xy):
        return (xy[0] - v.margin) / v.k + v.x0, (xy[1] - v.margin - v.top) / v.k + v.y0

    def from_window(xy):
        return xy[0] / c.zoom, xy[1] / c.zoom

    win = window_counters(c)
    agree_on_counters(win, page.counters, from_window, from_page, 0.05)
    assert win["counter:A90"]["edge"] == "#ff3b30" and win["counter:A91"]["text"] == "2"
    # Riga in the Axis grey, blended as the page lays it over Riga's own colour
    assert set(page.held) == {"riga"} == set(w.session.ruleset.control_view(w.session.game))
    fill, opacity = page.held["riga"]
    base = c.fill_of(m.locations["riga"].colour)
    riga = [
        i
        for i in c.find_withtag("loc:riga")
        if c.type(i) == "polygon" and "loc" in c.gettags(i) and "hole" not in c.gettags(i)
    ]
    assert riga and {c.itemcget(i, "fill") for i in riga} == {blend(base, fill, opacity)}
    others = {
        c.itemcget(i, "fill")
        for i in c.find_withtag("loc")
        if c.type(i) == "polygon" and "loc:riga" not in c.gettags(i) and "hole" not in c.gettags(i)
    }
    assert others <= {c.fill_of(cls) for cls in m.colours} | {c.fill_of("")}
    # the same front, between the Axis and the Soviet Allies
    assert page.front and same_lines(
        [[from_window(p) for p in ln] for ln in window_front(c)],
        [[from_page(p) for p in ln] for ln in page.front],
        0.05,
    )
