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
    c.event_generate(
        f"<ButtonPress-{button}>", x=x, y=y, button=button, rootx=c.winfo_rootx() + x, rooty=c.winfo_rooty() + y
    )
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
    lit = set(w.canvas.lit)
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


# ------------------------------------------------------------------ the referee's window, by name
def move(w, frm, to, points=None, army=None, **more):
    """A Hitler's War move through the window (its controller: checked, applied, shown)."""
    from mapref.rules.ruleset import Action

    args = {"from": frm, "to": to, **more}
    if points:
        args["points"] = points
    if army:
        args["army"] = army
    return w.act(Action("move", args)).ok


def menu_entries(w, space):
    """The right-click menu at ``space`` as the ruleset gives it: (label, enabled, why)."""
    return [(i.label, i.enabled, i.why) for i in w.controller.menu_at(space)]


def menu_actions(w, space):
    """The enabled entries of the right-click menu at ``space``: (label, do it)."""
    return [(i.label, (lambda i=i: w.controller.invoke(i, space))) for i in w.controller.menu_at(space) if i.enabled]


def end_step(w):
    """End the step without the window's question (what ending it will do)."""
    return w.end_step(confirm=False)


def menu_labels(w):
    """The open right-click menu's entries after its title, without the foot that says why the
    greyed ones are greyed."""
    m = w.controller.context_menu
    return [
        m.entrycget(i, "label")
        for i in range(1, m.index("end") + 1)
        if m.type(i) != "separator" and not m.entrycget(i, "label").startswith(("Greyed: ", "    "))
    ]


def menu_foot(w):
    """The reasons at the foot of the open right-click menu (one per reason the greyed entries have)."""
    m = w.controller.context_menu
    out: list[str] = []
    for i in range(m.index("end") + 1):
        label = m.entrycget(i, "label") if m.type(i) == "command" else ""
        if label.startswith("Greyed: "):
            out.append(label[8:])
        elif out and label.startswith("    "):  # a long reason goes on over more lines
            out[-1] += " " + label.strip()
    return out


def answer_file_dialog(root: tk.Misc, path, seen: dict | None = None, delay: int = 300) -> None:
    """After ``delay`` ms, answer Tk's own save dialog (tkfbox) open over ``root``: note the
    file name it offers (``seen["offered"]``) and its title, type ``path`` into its file name
    field and press Return there, as a user does.  While that same dialog stays open (still
    showing the path typed) the Return is given again: on a loaded machine the dialog may still
    be taking its focus when the first one comes, and a Return that went elsewhere left the test
    waiting for ever.  (tkfbox withdraws its dialog and shows it again for the next question,
    with that question's file name: a later dialog is never answered from here.)"""
    w = ".__tk_filedialog" if str(root) == "." else f"{root}.__tk_filedialog"
    ent = f"{w}.contents.f2.ent"
    typed = str(path)

    def open_() -> bool:
        return bool(int(root.tk.call("winfo", "exists", w)) and int(root.tk.call("winfo", "viewable", w)))

    def answer():
        root.tk.call(ent, "delete", 0, "end")
        root.tk.call(ent, "insert", 0, typed)
        root.tk.call("focus", ent)
        root.tk.call("event", "generate", ent, "<Return>")
        root.after(200, again)

    def again():
        if open_() and root.tk.call(ent, "get") == typed:
            answer()

    def go():
        if not open_():
            root.after(50, go)
            return
        if seen is not None:
            seen["offered"] = root.tk.call(ent, "get")
            seen["title"] = root.tk.call("wm", "title", w)
        answer()

    root.after(delay, go)
