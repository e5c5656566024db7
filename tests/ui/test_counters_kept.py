"""The hex board draws again, after a move, only the pieces whose marks changed (issue 34: the drop
to settled); the others' canvas items stand.  The board must then be what drawing every piece
gives: the same items, with the same options, in the same stacking order, after drags (done and
refused), moves by the menus' actions, selections, stacks made and broken up, the supply view,
undo, redo and zooms."""

import random

from mapref.rules.ruleset import Action

from tests.ui.events import drag


def drawn(c) -> list[tuple]:
    """Every item of the canvas, bottom to top: its type, place, tags and options."""
    out = []
    for i in c.find_all():
        opts = {k: v[-1] for k, v in c.itemconfigure(i).items()}
        tags = tuple(t for t in c.gettags(i) if t != "current")
        out.append((c.type(i), tuple(round(v, 2) for v in c.coords(i)), tags, tuple(sorted(opts.items()))))
    return out


def every_piece_drawn(w) -> list[tuple]:
    """The canvas as the refresh's redraw leaves it when it draws every piece again."""
    c = w.canvas
    c._piece_items, c._marks_for = {}, {}  # (the pieces' marks made again too)
    c.redraw_game()
    w.root.update()
    return drawn(c)


def test_the_pieces_kept_are_the_ones_drawing_every_piece_gives(win):
    rng = random.Random(34)
    s, c = win.session, win.canvas
    win.end_step(confirm=False)  # the set-up's end
    kept = 0
    for step in range(40):
        st, roll = s.state, rng.random()
        mine = [a for a in st.armies if a.side == st.side and not a.at.startswith("box:")]
        before = {pid: ids for pid, (_, ids) in c._piece_items.items()}
        if roll < 0.08:
            win.undo()
        elif roll < 0.12:
            win.redo()
        elif roll < 0.17:
            win.toggle_supply_view()
        elif roll < 0.22:
            c.zoom_step(rng.choice((1.25, 0.8)))
        elif roll < 0.32 and win.pieces:
            win.select(rng.choice([p.id for p in win.pieces if p.selectable] or [None]))
        elif not mine:
            win.end_step(confirm=False)
        elif roll < 0.5:  # by the menus' action: onto a neighbour, a stack's hex or a far hex (refused)
            a = rng.choice(mine)
            near = sorted(s.board.graph().neighbours(a.at, {"land"}))
            to = rng.choice(near + [rng.choice(mine).at, rng.choice(sorted(s.board.spaces()))])
            win.act(Action("move", {"from": a.at, "to": to}))
            win.controller.flush()
        else:  # dragged on the board: to a neighbour or onto another army (a stack), or refused
            a = rng.choice(mine)
            c.centre_on_space(a.at)
            win.root.update()
            near = sorted(s.board.graph().neighbours(a.at, {"land"}))
            to = rng.choice(near + [rng.choice(mine).at])
            if c.space_hex(to) is None:
                continue
            drag(win, a.at, to)
            win.controller.flush()
        win.root.update()
        # the redraw the window's next refresh does (a selection or a click changes the two
        # counters' edges in place, not as a drawing does: they are drawn again then)
        c.redraw_game()
        win.root.update()
        kept += sum(1 for pid, (_, ids) in c._piece_items.items() if before.get(pid) == ids)
        shown = drawn(c)
        assert shown == every_piece_drawn(win), f"step {step}"
    assert kept > 100  # (most pieces were kept, not drawn again after each move)


def test_a_refused_drop_puts_the_counter_back(win):
    """A counter dragged and dropped where it may not go is drawn where it stands (its items were
    carried: not kept)."""
    s, c = win.session, win.canvas
    win.end_step(confirm=False)
    st = s.state
    a = next(a for a in st.armies if a.side == st.side and not a.at.startswith("box:"))
    far = next(sp for sp in sorted(s.board.spaces()) if c.space_hex(sp) is not None and sp != a.at)
    win.root.update()
    drag(win, a.at, far)
    win.controller.flush()
    win.root.update()
    assert s.state.army(a.name).at == a.at
    assert drawn(c) == every_piece_drawn(win)


def test_a_counter_selected_again_before_a_redraw_is_drawn_again(win):
    """A selection changes the edges of two counters in place (not as a drawing does: a thicker
    edge widens a counter for its text); a counter selected, left and selected again before the
    next redraw is then as a drawing of every piece draws it."""
    c = win.canvas
    win.end_step(confirm=False)
    win.root.update()
    a, b = [p.id for p in win.pieces if p.selectable][:2]
    win.select(a)
    c.redraw_game()
    win.select(b)
    win.select(a)
    c.redraw_game()
    win.root.update()
    assert drawn(c) == every_piece_drawn(win)


def test_cut_off_armies_kept_in_the_supply_view(tk_root, tmp_path):
    """On a rich position (armies cut off in pockets: red edges, and rings in the supply view),
    through the supply view turned on and off, pockets' edges taken and given back, moves: the
    board is what drawing every piece gives."""
    from mapref.ui.referee import RefereeWindow, load_for_play

    from tests.rules.test_pockets import rich_game

    win = RefereeWindow(tk_root, load_for_play(rich_game(tmp_path)), quiet=True)
    tk_root.update()
    s, c = win.session, win.canvas
    rng = random.Random(34)
    cut = [a for a in s.report().armies if a.get("frontier")]
    edges = sorted({x for a in cut for x in a["frontier"]})
    c.centre_on_space(cut[0]["hex"])
    for step in range(16):
        roll = rng.random()
        if roll < 0.3:
            win.toggle_supply_view()
        elif roll < 0.7:
            space = rng.choice(edges)
            holder = s.ruleset.context(s.game).control.get(space)
            win.act(Action("set", {"space": space, "control": next(x for x in s.scenario.sides if x != holder)}))
        else:
            win.undo()
        win.controller.flush()
        win.root.update()
        c.redraw_game()
        win.root.update()
        assert drawn(c) == every_piece_drawn(win), f"step {step}"
    assert c.find_withtag("unsupplied-ring") or not win.supply_on.get()
