"""The referee's window on a big map (drawn by tiles): a drag shows the counter on its new space
in the drop's frame and the report follows just after; the reach of a dragged army fills in a
few spaces at a time and is what the rules allow among the spaces drawn."""

import gc
import subprocess
import sys
import time
import tkinter as tk
from pathlib import Path

import pytest

from mapref.ui.referee import RefereeWindow, load_for_play

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def big_game(tmp_path_factory):
    out = tmp_path_factory.mktemp("big")
    subprocess.run(
        [
            sys.executable,
            str(ROOT / "bench" / "big_game.py"),
            str(out),
            "--rows",
            "80",
            "--cols",
            "80",
            "--armies",
            "40",
        ],
        check=True,
        capture_output=True,
        cwd=ROOT,
    )
    return out / "big_game.toml"


@pytest.fixture
def win(big_game):
    root = tk.Tk()
    w = RefereeWindow(root, load_for_play(big_game), quiet=True)
    root.update()
    yield w
    root.destroy()
    gc.collect()


def a_move(w):
    st, board = w.session.state, w.session.board
    cx = w.session.ruleset.context(w.session.game)
    taken = {a.at for a in st.armies}
    for a in st.armies:
        if a.side == st.side and not board.space(a.at).is_box:
            for n in board.graph().neighbours(a.at, {"land"}):
                if cx.control.get(n) == a.side and n not in taken:
                    return a.name, a.at, n
    raise AssertionError("no army with an empty friendly neighbour")


def xy(w, space):
    c = w.canvas
    x, y = c.space_xy(space)
    return int(round(x - c.canvasx(0))), int(round(y - c.canvasy(0)))


def test_a_drag_on_a_big_map(win):
    c = win.canvas
    assert c.culling
    name, frm, to = a_move(win)
    c.centre_on(win.map.grid.parse(frm))
    win.root.update()
    (xa, ya), (xb, yb) = xy(win, frm), xy(win, to)
    c.event_generate("<ButtonPress-1>", x=xa, y=ya, button=1)
    c.event_generate("<B1-Motion>", x=(xa + xb) // 2, y=(ya + yb) // 2, state=0x100)
    deadline = time.monotonic() + 60  # the reach fills in between events, a step per ms or so
    while win.controller.reach_job is not None and time.monotonic() < deadline:
        win.root.update()
    assert win.controller.reach_job is None, "the reach never finished filling in"
    drawn = {win.map.grid.label(h) for h in c.items} | {f"box:{b}" for b in win.map.boxes}
    piece = win.selected_piece().id
    assert set(win.canvas.lit) == win.session.ruleset.reach(win.session.game, piece, within=drawn)
    assert to in set(win.canvas.lit)
    c.event_generate("<ButtonRelease-1>", x=xb, y=yb, button=1, state=0x100)
    win.root.update_idletasks()
    # the drop's frame: the move is done and the counter stands on its new space
    assert win.state.army(name).at == to
    rect = next(i for i in c.find_withtag(f"piece:army:{name}") if c.type(i) == "rectangle")
    x0, y0, x1, y1 = c.coords(rect)
    assert ((x0 + x1) / 2, (y0 + y1) / 2) == pytest.approx(c.space_xy(to), abs=1)
    # just after it, the report and the pieces of the new position
    win.controller.flush()
    assert any(p.title == name and p.space == to for p in win.pieces)
    assert win.selected == f"army:{name}"
