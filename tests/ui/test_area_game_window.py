"""The referee's window on an area map: Struggle for Europe's first operation played with the
mouse (synthetic events under Xvfb): a click shows a supply line along the move lines, a drag
the rules refuse says why, the Ruhr's move from the right-click menu opens two battles (ringed
on the map), their results entered from the menu, the turn ended with End step; the Allied
move by sea asks for the naval card; the game saved and reopened."""

import tkinter as tk
from pathlib import Path

import pytest

from mapref.ui.referee import RefereeWindow, load_for_play
from mapref.render.pieces import SELECTED
from tests.helpers import mapref

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = ROOT / "scenarios" / "struggle_for_europe.toml"


@pytest.fixture
def win():
    root = tk.Tk()
    w = RefereeWindow(root, load_for_play(SCENARIO), quiet=True)
    root.geometry("1366x768+0+0")
    root.update()
    w.canvas.fit()
    root.update()
    yield w
    root.destroy()


def view(w, lon0, lat0, lon1, lat1):
    """Zoom the map onto a longitude/latitude box, as a referee does with the wheel."""
    m, c = w.map, w.canvas
    (x0, y0), (x1, y1) = m.geo_to_map(lon0, lat1), m.geo_to_map(lon1, lat0)
    c.zoom = min(c.winfo_width() / (x1 - x0), c.winfo_height() / (y1 - y0))
    c.redraw()
    c.centre_on(((x0 + x1) / 2, (y0 + y1) / 2))
    w.root.update()


def press_release(w, x, y, tx=None, ty=None):
    c = w.canvas
    c.event_generate("<Motion>", x=x, y=y)
    c.event_generate("<ButtonPress-1>", x=x, y=y, button=1)
    if tx is not None:
        c.event_generate("<B1-Motion>", x=(x + tx) // 2, y=(y + ty) // 2, state=0x100)
        c.event_generate("<B1-Motion>", x=tx, y=ty, state=0x100)
        x, y = tx, ty
    c.event_generate("<ButtonRelease-1>", x=x, y=y, button=1, state=0x100)
    w.root.update()


def click_counter(w, cid):
    press_release(w, *w.canvas.piece_widget_xy(f"counter:{cid}"))


def drag(w, cid, space):
    x, y = w.canvas.piece_widget_xy(f"counter:{cid}")
    tx, ty = w.canvas.widget_xy(w.map.space_point(space))
    press_release(w, x, y, tx, ty)


def right_click_and_choose(w, space, label):
    c = w.canvas
    x, y = c.widget_xy(w.map.space_point(space))
    c.event_generate("<ButtonPress-3>", x=x, y=y, button=3, rootx=c.winfo_rootx() + x, rooty=c.winfo_rooty() + y)
    w.root.update()
    m = w.controller.context_menu
    labels = [m.entrycget(i, "label") for i in range(m.index("end") + 1)]
    assert label in labels, labels
    m.invoke(labels.index(label))
    w.root.update()


def centre(w, cid):
    x0, y0, x1, y1 = w.canvas.piece_box(f"counter:{cid}")
    return (x0 + x1) / 2, (y0 + y1) / 2


def battles(w):
    """The battles waiting, as the map rings them."""
    return [m.space for m in w.marks if m.shape == "ring"]


def test_the_first_operation_played_with_the_mouse(win, tmp_path):
    w = win
    assert w.root.title() == "Struggle for Europe 1939-1945 (new game) - mapref referee"
    assert w.canvas.kind == "area"
    drawn = {t for i in w.canvas.find_withtag("unit") for t in w.canvas.gettags(i) if t.startswith("piece:counter:")}
    assert drawn == {f"piece:counter:{c.id}" for c in w.state.counters} and len(drawn) == 38
    view(w, -6, 42, 16, 56)  # the western front
    # a click on the Axis 3 in the Ruhr: its supply line along the move lines to Berlin
    click_counter(w, "A15")
    assert w.selected == "counter:A15"
    assert w.side.info_text.get("1.0", "end").splitlines()[1] == "In supply: Ruhr - Berlin"
    assert w.canvas.find_withtag("supply-path")
    box = [i for i in w.canvas.find_withtag("piece:counter:A15") if w.canvas.type(i) == "rectangle"][0]
    assert w.canvas.itemcget(box, "outline") == SELECTED
    # an Allied counter dragged in the Axis turn: refused with the rule, nothing changes
    before = w.session.state_data()
    drag(w, "W1", "normandy.n")
    assert w.status.get() == "No Axis counters in London [7.2 Move an Army Counter]"
    assert w.session.state_data() == before
    # 8 Examples: the Ruhr's 1 and 2 to Sedan, its 3 to Antwerp, one truck card
    w.ask_form = lambda title, fields, note="": {"moves": "sedan=1,2 antwerp=3", "card": "truck"}
    right_click_and_choose(w, "ruhr.w", "Move counters from here...")
    assert battles(w) == ["sedan.e", "antwerp.e"]
    assert len(w.canvas.find_withtag("mark-ring")) == 2
    assert "[7.2" in w.feed.lines()[-3]  # the move's log entry cites its rule
    # Antwerp: the Allies retreat into the back half; the location is contested, each side in its half
    w.ask_form = lambda title, fields, note="": {"attacker_air": "3"}
    right_click_and_choose(w, "antwerp.e", "Battle: the defender retreats before battle...")
    assert w.session.report().as_dict()["locations"]["antwerp"]["control"] == "contested"
    (ax, _), (wx, _) = centre(w, "A15"), centre(w, "W5")
    assert ax > wx  # the Axis in the east half, drawn east of the Western counter
    # Sedan: the Allies defend and win; the Axis chooses its loss when asked
    w.ask_form = lambda title, fields, note="": {
        "attacker_air": "4",
        "attacker_bonus": "0",
        "defender_air": "5",
        "defender_bonus": "0",
    }
    asked = []
    w.ask_choice = lambda ask: asked.append((ask.label, ask.options)) or "A13"
    right_click_and_choose(w, "sedan.e", "Battle result: the defender defends...")
    assert asked == [("the Axis player loses a counter in Sedan", ["A12", "A13"])]
    assert battles(w) == [] and w.state.counter("A12").at == "ruhr"
    assert "A12 (1) retreats to Ruhr" in w.status.get()
    # the turn ends (End step): supply, the draw, the Allies to play
    w.track.end_button.invoke()
    w.root.update()
    assert w.track.turn_var.get() == "Struggle for Europe 1939-1945: turn 1, the Allied player, operation 1"
    # the Allies: London to Marseilles by sea needs the naval card: the window asks which card was played
    asked.clear()
    w.ask_choice = lambda ask: asked.append((ask.label, ask.options)) or None
    drag(w, "W1", "marseilles.nw")
    assert asked == [("the move card", ["naval"])] and w.state.counter("W1").at == "london"
    assert (
        "the only way from London to Marseilles through friendly locations crosses a naval move line" in w.status.get()
    )
    w.ask_choice = lambda ask: "naval"
    drag(w, "W1", "marseilles.nw")
    assert w.state.counter("W1").at == "marseilles" and w.selected == "counter:W1"
    assert w.root.title().startswith("*")
    w.session.save(tmp_path / "g.toml")
    again = load_for_play(tmp_path / "g.toml")
    assert again.state_data() == w.session.state_data() and len(again.log) == 5


def test_an_unsupplied_counter_shows_where_its_line_is_cut(win):
    w = win
    from mapref.rules.ruleset import Action

    view(w, 15, 50, 37, 64)

    w.act(Action("set", {"at": {"A1": "riga"}, "flag": {"riga": "axis"}}))
    click_counter(w, "A1")
    assert "OUT OF SUPPLY: cut at Bialystok (west), Leningrad (west)" in w.side.info_text.get("1.0", "end")
    cuts = {t for i in w.canvas.find_withtag("supply-cut") for t in w.canvas.gettags(i) if t.startswith("cut:")}
    assert cuts == {"cut:bialystok.w", "cut:leningrad.w"}
    box = [i for i in w.canvas.find_withtag("piece:counter:A2") if w.canvas.type(i) == "rectangle"][0]
    assert w.canvas.itemcget(box, "outline") != SELECTED
    assert w.canvas.find_withtag("piece:flag:riga")  # the German flag in Riga


def test_ctrl_e_exports_the_position_with_the_control_flags(win, tmp_path):
    """File > Export position as PNG (Ctrl+E): the printed position shows what the window shows,
    here the German flag planted in Riga beside its name."""
    from PIL import Image

    from mapref.render.area_png import SS, _View
    from mapref.render.game_overlay import render_position
    from mapref.rules.ruleset import Action

    w = win
    plain = render_position(w.session)
    w.act(Action("set", {"flag": {"riga": "axis"}}))
    out = tmp_path / "position.png"
    w.ask_export_path = lambda kind: str(out)
    w.canvas.focus_force()
    w.root.event_generate("<Control-e>")
    w.root.update()
    assert w.status.get() == f"exported the position to {out}"
    img = Image.open(out).convert("RGB")
    assert img.size == plain.size
    # the flag's cloth: just right of its pole, left of the name "Riga"
    m = w.map
    v = _View(m, img.size[0], margin=40)
    from PIL import ImageDraw

    from mapref.render.game_overlay import area_flag_pole, printed_counter

    x, y = area_flag_pole(ImageDraw.Draw(Image.new("RGB", (1, 1))), m, m.locations["riga"], v, SS)
    from mapref.render.scene_area import FLAG

    size = printed_counter(v, SS) * FLAG  # the pennant's cloth: from the top of its pole, right of it
    at = (int((x + 0.08 * size) / SS), int((y - 0.5 * size + 0.11 * size) / SS))
    grey = (0x5A, 0x5A, 0x5A)
    assert max(abs(a - b) for a, b in zip(img.getpixel(at), grey, strict=True)) <= 20
    assert max(abs(a - b) for a, b in zip(plain.convert("RGB").getpixel(at), grey, strict=True)) > 20


def test_mapref_with_the_scenario_opens_the_area_referee(tmp_path):
    r = mapref(SCENARIO, cwd=tmp_path, env={"MAPREF_EXIT_AFTER_MS": "300"})
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "window: Struggle for Europe 1939-1945 (new game) - mapref referee"


def test_the_area_game_has_the_supply_view_and_the_reach_while_dragging(win):
    """The same evening on every game (issue 21): S shows each faction's supplied locations on
    the area map; a counter being dragged lights where a move card takes it; every result cites
    its rule in the messages and log panel."""
    w = win
    c = w.canvas
    assert not c.find_withtag("supply-view")
    c.focus_force()
    c.event_generate("<KeyPress-s>")
    w.root.update()
    assert w.supply_on.get() and c.find_withtag("supplied:axis") and c.find_withtag("supplied:western")
    c.event_generate("<KeyPress-s>")
    w.root.update()
    assert not c.find_withtag("supply-view")
    view(w, -6, 42, 16, 56)
    x, y = c.piece_widget_xy("counter:A15")
    tx, ty = c.widget_xy(w.map.space_point("antwerp.e"))
    c.event_generate("<Motion>", x=x, y=y)
    c.event_generate("<ButtonPress-1>", x=x, y=y, button=1)
    c.event_generate("<B1-Motion>", x=(x + tx) // 2, y=(y + ty) // 2, state=0x100)
    w.root.update()
    lit = set(c.lit)
    assert "antwerp.e" in lit and "sedan.e" in lit and "london" not in lit and c.find_withtag("reach")
    c.event_generate("<ButtonRelease-1>", x=tx, y=ty, button=1, state=0x100)
    w.root.update()
    assert w.state.counter("A15").at == "antwerp.e"
    entry = w.feed.lines()[0]
    assert entry.startswith("1. turn 1, axis operation 1: move Ruhr -> Antwerp (east)") and "[7.2" in entry
