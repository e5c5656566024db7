"""What a user does in the referee's window on a hex map, as synthetic events (under Xvfb):
click or right-click a hex, drag from one hex to another, press a key, and answer the window's
real (modal) dialogs from a timer as a user would press OK."""

import tkinter as tk


def xy(w, space):
    """Where hex ``space`` is in the window's canvas (widget pixels)."""
    return w.canvas.widget_xy(w.map.grid.parse(space))


def click(w, space, button=1):
    """Press (and, for the left button, release) the mouse on ``space``."""
    c = w.canvas
    x, y = xy(w, space)
    c.event_generate("<Motion>", x=x, y=y)
    c.event_generate(f"<ButtonPress-{button}>", x=x, y=y, button=button, rootx=c.winfo_rootx() + x, rooty=c.winfo_rooty() + y)
    if button == 1:
        c.event_generate("<ButtonRelease-1>", x=x, y=y, button=1)
    w.root.update()


def drag(w, frm, to, steps=4):
    """Press on ``frm``, move in ``steps`` B1-Motion events, release on ``to``; returns the
    spaces the window lit as reachable just before the release."""
    c = w.canvas
    (x0, y0), (x1, y1) = xy(w, frm), xy(w, to)
    c.event_generate("<Motion>", x=x0, y=y0)
    c.event_generate("<ButtonPress-1>", x=x0, y=y0, button=1)
    for i in range(1, steps + 1):
        c.event_generate("<B1-Motion>", x=x0 + (x1 - x0) * i // steps, y=y0 + (y1 - y0) * i // steps, state=0x100)
    w.root.update()
    lit = set(w.drag_reach())
    c.event_generate("<ButtonRelease-1>", x=x1, y=y1, button=1, state=0x100)
    w.root.update()
    return lit


def key(w, sequence):
    """Press a key (``sequence``, as Tk names it) with the map focused."""
    w.root.focus_force()
    w.canvas.focus_set()
    w.root.update()
    w.canvas.event_generate(sequence)
    w.root.update()


def answer_dialog(root: tk.Misc, values: dict | None = None, delay: int = 300) -> None:
    """After ``delay`` ms, fill the dialog open over ``root`` with ``values`` (its fields' keys)
    and press OK; a dialog not shown yet (a slow machine) is looked for again every 50 ms."""
    def go():
        d = next((t for t in root.winfo_children() if isinstance(t, tk.Toplevel) and t.winfo_viewable()), None)
        if d is None:
            root.after(50, go)
            return
        for k, v in (values or {}).items():
            d.vars[k].set(v)
        d.ok()
    root.after(delay, go)
