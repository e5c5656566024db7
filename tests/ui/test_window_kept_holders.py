"""The referee's window keeps who holds each space (the front line's table) while a move changes
no control (issue 34: the drop to settled); after moves, captures, undos and redos it is what a
position worked out from nothing gives, and the board's captured hexes too."""

import random

from mapref.render.scene_hex import holders
from mapref.rules.ruleset import Action

from tests.rules.hwplay import capture_beside_army, fresh


def test_the_kept_holders_are_the_ones_from_nothing(win):
    rng = random.Random(34)
    s, rs = win.session, win.session.ruleset
    win.end_step(confirm=False)  # the set-up's end
    kept = 0
    for _ in range(30):
        roll, st = rng.random(), s.state
        if roll < 0.1:
            win.undo()
        elif roll < 0.15:
            win.redo()
        elif roll < 0.35:  # a capture: a referee's correction, then the window's refresh
            capture_beside_army(s, rng)
            win.refresh()
        else:
            mine = [a for a in st.armies if a.side == st.side and not a.at.startswith("box:")]
            if not mine:
                win.end_step(confirm=False)
                continue
            a = rng.choice(mine)
            before = win.control
            win.act(
                Action("move", {"from": a.at, "to": rng.choice(sorted(s.board.graph().neighbours(a.at, {"land"})))})
            )
            win.controller.flush()
            kept += win.control is before
        win.root.update()
        g = fresh(s)
        assert win.control == holders(rs, g)
        assert win.canvas.held == rs.control_view(g)
    assert kept > 3  # (kept, not worked out again after each move)


def test_the_kept_centres_follow_the_zoom(win):
    """The board keeps each hex's centre with its layout: after zooms and moves of the view a
    space is drawn where the layout puts it."""
    rng = random.Random(34)
    c = win.canvas
    spaces = [a.at for a in win.session.state.armies] + rng.sample(sorted(win.session.board.spaces()), 40)
    for step in (1.25, 1.25, 0.8, None, 0.8):
        if step is None:
            c.centre_on_space(rng.choice(spaces))
        else:
            c.zoom_step(step)
        win.root.update()
        for s in spaces:
            h = c.space_hex(s)
            if h is not None:
                assert c.space_xy(s) == c.layout.centre(h)
