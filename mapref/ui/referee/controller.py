"""The referee's window's controller: turns the referee's gestures into the ruleset's actions
and the session's changes, knowing no game.

- **Acting** (:meth:`Controller.act`): the session checks the action; a choice the rules need
  first (``Outcome.ask``) is asked and the action checked again; in advisory mode a refusal can
  be overridden with the referee's reason (the session does it and logs it); the result or the
  refusal, with its rule, goes to the messages and log panel.
- **Menus** (:meth:`invoke`, :meth:`fill_menu`): a ruleset's :class:`MenuItem` list becomes a
  Tk menu (submenus by ``group`` or ``items``); a greyed entry is one the rules refuse now, its
  reason and rule said at the foot of the menu and in the status bar when it is pointed at;
  an entry's ``ask`` fields are asked in a form first.
- **The mouse on the board**: a click selects the piece under it (again: the next piece of the
  space), a drag carries it while the spaces it may reach are lit (a big map's reach is asked a
  few spaces at a time between events) and a drop is the ruleset's ``drag`` action; a
  right-click opens the ruleset's menu for the space; a set-up pool dragged from the side panel
  is placed where it is dropped (``Ruleset.place``).
"""

from __future__ import annotations

import textwrap
import tkinter as tk

from mapref.rules.ruleset import Action, Outcome
from mapref.ui.referee.feed import sentence
from mapref.ui.referee.forms import fill_args, form_field
from mapref.ui.referee.replay import BUSY as REPLAYING

REACH_STEP = 40  # spaces asked at a time while a big map's reach fills in (a few ms each)


class Controller:
    def __init__(self, window) -> None:
        self.window = window
        self.press_at: dict | None = None  # a press or drag under way on the board
        self.pool_drag: dict | None = None
        self.reach_job: dict | None = None
        self.refresh_job: str | None = None
        self.pending: tuple | None = None
        self.context_menu: tk.Menu | None = None
        self._menu_items: dict[str, list] = {}

    @property
    def session(self):
        return self.window.session

    # ---------------------------------------------------------------------------- acting
    def act(self, action: Action, *, choices: bool = True, space: str | None = None) -> Outcome:
        """Check an action, ask the choices the rules need first (not with ``choices=False``),
        apply it, and show the result or the refusal.  In advisory mode a refused action is
        done anyway when the referee gives a reason and the game can do it; the session logs
        the override.  ``space``: where the gesture was (shown in the side panel after)."""
        w = self.window
        if w.replay.refuse():
            return Outcome(False, reason=REPLAYING)
        s = self.session
        action = Action(action.verb, dict(action.args))
        out = s.check(action)
        while choices and not out.ok and out.ask is not None:
            choice = w.ask_choice(out.ask)
            if not choice:
                w.feed.tell(
                    f"Not done ({out.ask.label}: nothing chosen): {out.refusal}",
                    "info",
                    w.feed.spaces_in("", action.args),
                )
                return out
            if out.ask.many:
                action.args[out.ask.key] = list(action.args.get(out.ask.key) or []) + [choice]
            else:
                action.args[out.ask.key] = choice
            out = s.check(action)
        override = ""
        if not out.ok and out.ask is None and w.advisory:
            if not s.can_force(action):
                out = s.not_forcible(out)
                w.feed.show(action, out)
                return out
            override = w.ask_override(action, sentence(out.refusal))
            if not override:
                w.feed.show(action, out)
                return out
        res = s.apply(action, outcome=out if out.ok else None, override=override)
        if res.ok:
            self._after(space)
        w.feed.show(action, res)
        return res

    def _after(self, space: str | None) -> None:
        w = self.window
        if space:
            w.here = space
        if getattr(w.canvas, "culling", False):
            # a big map: what the action moved stands where it was dropped already; the report
            # and the rest of the window come just after this frame
            self.pending = (space,)
            if self.refresh_job is None:
                self.refresh_job = w.root.after(1, self.after_now)
            return
        self.after_now()

    def after_now(self) -> None:
        self.refresh_job = None
        self.pending = None
        self.window.refresh(force=False)  # the report of the new position, worked out once

    def flush(self) -> None:
        """Do now what a big map's window left for just after an action's frame (tests)."""
        if self.refresh_job is not None:
            self.window.root.after_cancel(self.refresh_job)
            self.after_now()

    def invoke(self, item, space: str | None = None) -> bool:
        """A menu entry: its values asked first (its ``ask`` fields), then its action.  A greyed
        entry is not done (advisory mode overrides the rules on an action, with a reason, not the
        menus)."""
        w = self.window
        if item.action is None:
            return False
        if not item.enabled:
            w.status.set(self.why_text(item) or "not now")
            return False
        args = dict(item.action.args)
        if item.ask:
            fields = [form_field(f) for f in item.ask]
            for f in fields:
                if f.key == "space" and not f.default and w.last_space:
                    f.default = w.last_space
                if f.kind == "space" and not f.options:
                    f.options = tuple(w.space_names())
            values = w.ask_form(
                item.label.rstrip(".").rstrip("."), fields, "\n".join(x for x in (item.note, item.why) if x)
            )
            if not values:
                return False
            args = fill_args(args, fields, values)
        return self.act(Action(item.action.verb, args), space=space).ok

    @staticmethod
    def why_text(item) -> str:
        why = sentence(item.why) if item.why else ""
        rule = getattr(item, "rule", "")
        if rule and rule not in why:
            why = f"{why} [{rule}]" if why else f"[{rule}]"
        return why

    # ----------------------------------------------------------------------------- menus
    def register(self, menu: tk.Menu) -> list:
        """Start ``menu``'s list of entries (parallel to its entries: a MenuItem, or None for the
        window's own entries); pointing at an entry then says in the status bar why it is
        greyed, or what it does."""
        key = str(menu)
        if key not in self._menu_items:
            menu.bind("<<MenuSelect>>", lambda e, m=menu: self._pointed(m), add="+")
        self._menu_items[key] = []
        return self._menu_items[key]

    def fill_menu(self, menu: tk.Menu, items: list, why_foot: bool = True) -> None:
        """The entries of ``items`` in ``menu`` (registered): submenus by ``group`` or ``items``,
        greyed entries with why and rule at the foot."""
        own = self._menu_items.setdefault(str(menu), [])
        groups: dict[str, tk.Menu] = {}
        greyed: list = []
        for item in items:
            target, listed = menu, own
            if item.group:
                target = groups.get(item.group)
                if target is None:
                    target = groups[item.group] = tk.Menu(menu, tearoff=False)
                    self.register(target)
                    menu.add_cascade(label=item.group, menu=target)
                    own.append(None)
                listed = self._menu_items[str(target)]
            if item.action is None and item.items:
                sub = tk.Menu(target, tearoff=False)
                self.register(sub)
                self.fill_menu(sub, item.items, why_foot=False)
                target.add_cascade(label=item.label, menu=sub)
            elif item.enabled:
                target.add_command(label=item.label, command=lambda i=item: self._chosen(i))
            else:
                target.add_command(label=item.label, state="disabled")
                greyed.append(item)
            listed.append(item)
        if greyed and why_foot:
            whys = list(dict.fromkeys(t for t in (self.why_text(i) for i in greyed) if t))
            if whys:
                menu.add_separator()
                own.append(None)
                for t in whys[:4]:
                    for k, line in enumerate(textwrap.wrap(f"Greyed: {t}", 84)[:4]):
                        menu.add_command(label=line if k == 0 else f"    {line}", state="disabled")
                        own.append(None)

    def _chosen(self, item) -> None:
        """An entry chosen: the right-click menu closes first (its dialogs come after it)."""
        self.close_menu()
        self.invoke(item, self.window.last_space)

    def _pointed(self, menu: tk.Menu) -> None:
        try:
            i = menu.index("active")
            if i is None:  # a greyed entry never becomes active: the entry under the pointer
                y = menu.winfo_pointery() - menu.winfo_rooty()
                i = menu.index(f"@{y}") if 0 <= y < menu.winfo_height() else None
        except tk.TclError:
            return
        items = self._menu_items.get(str(menu), [])
        item = items[i] if isinstance(i, int) and 0 <= i < len(items) else None
        if item is None:
            return
        w = self.window
        w.status.set(
            f"{item.label}: refused now: {self.why_text(item)}" if not item.enabled else (item.note or item.label)
        )

    def menu_at(self, space: str) -> list:
        s = self.session
        return s.ruleset.menu(s.game, space, self.window.selected)

    def popup(self, space: str, x_root: int, y_root: int) -> tk.Menu | None:
        """The ruleset's menu for ``space`` as a right-click menu at the pointer (Escape or a
        click elsewhere closes it)."""
        w = self.window
        items = self.menu_at(space)
        if not items:
            w.status.set(f"{space or 'here'}: nothing to do here now")
            return None
        self.close_menu()
        menu = self.context_menu = tk.Menu(w.root, tearoff=False)
        self.register(menu).append(None)
        title = space if space else "this phase"
        sp = w.session.board.space(space) if space else None
        name = getattr(sp, "name", "") if sp is not None else ""
        menu.add_command(label=f"{space} {name}" if name and name != space else title, state="disabled")
        self.fill_menu(menu, items)
        greyed = [self.why_text(i) for i in items if not i.enabled]
        if greyed:
            w.status.set(f"{title}: greyed entries are refused now: {greyed[0]}")
        menu.bind("<Escape>", lambda e: self.close_menu(), add="+")
        menu.tk_popup(x_root, y_root)
        return menu

    def close_menu(self) -> None:
        m = self.context_menu
        if m is not None:
            self._menu_items.pop(str(m), None)
            try:
                m.unpost()
                m.destroy()
            except tk.TclError:
                pass
            self.context_menu = None

    # ------------------------------------------------------------------------- the mouse
    def bind(self, board) -> None:
        board.bind("<Motion>", self.hover, add="+")
        board.bind("<ButtonPress-1>", self.press, add="+")
        board.bind("<B1-Motion>", self.drag_motion, add="+")
        board.bind("<ButtonRelease-1>", self.release, add="+")
        board.bind("<ButtonPress-3>", self.right_click, add="+")

    def right_click(self, e: tk.Event) -> None:
        w = self.window
        space = w.canvas.space_at(e.x, e.y)
        if space is None:
            return
        w.last_space = space or w.last_space
        self.popup(space, e.x_root, e.y_root)

    def right_click_tracks(self, e: tk.Event) -> None:
        """A right-click on the Tracks panel: the ruleset's menu for that row."""
        t = self.window.side.tracks
        if t is not None:
            self.popup(t.space_at(e.x, e.y) or "", e.x_root, e.y_root)

    def hover(self, e: tk.Event) -> None:
        w = self.window
        if self.press_at is not None and self.press_at.get("dragging"):
            return
        space = w.canvas.space_at(e.x, e.y)
        if not space:
            return
        text = w.canvas.describe(space)
        here = [p for p in w.pieces if p.space == space and p.kind != "marker"]
        marks = [m.label for m in w.marks if m.space == space and m.label]
        if here:
            text += "; " + ", ".join(f"{p.title or p.text} ({p.side})" for p in here)
        if marks:
            text += "; " + ", ".join(dict.fromkeys(marks))
        w.status.set(text)

    def press(self, e: tk.Event) -> None:
        w = self.window
        c = w.canvas
        self.close_menu()
        space = c.space_at(e.x, e.y)
        c.outline(())
        w.last_space = space or w.last_space
        pid = c.piece_at(e.x, e.y)
        here = [p for p in w.pieces if p.space == space and p.selectable] if space else []
        if pid is None and here:
            # a click in a space cycles through its pieces (off-map boxes hold many)
            ids = [p.id for p in here]
            pid = ids[(ids.index(w.selected) + 1) % len(ids)] if w.selected in ids else ids[0]
        piece = w.piece(pid) if pid else None
        w.here = piece.space if piece is not None else space
        self.press_at = {
            "from": piece.space if piece is not None else space,
            "x": e.x,
            "y": e.y,
            "dragging": False,
            "piece": pid if piece is not None and piece.selectable else None,
        }
        w.select(pid if piece is not None else None)

    def drag_motion(self, e: tk.Event) -> None:
        """Dragging a piece: it follows the mouse, the spaces it may reach are lit."""
        p = self.press_at
        if p is None or not p.get("piece"):
            return
        c = self.window.canvas
        if not p["dragging"]:
            if abs(e.x - p["x"]) + abs(e.y - p["y"]) < 4:
                return
            p["dragging"] = True
            p["last"] = (p["x"], p["y"])
            self.start_reach(p["piece"], p["from"])
            c.pick_up(p["piece"])
        lx, ly = p["last"]
        c.carry(e.x - lx, e.y - ly)
        p["last"] = (e.x, e.y)
        to = c.space_at(e.x, e.y)
        if to:
            ok = to in c.lit or to == p["from"]
            self.window.status.set(f"drop on {to}" + ("" if ok else ": not a space it may reach now"))

    def start_reach(self, piece: str, frm: str | None) -> None:
        """Light the spaces ``piece`` may be dropped on.  A big map asks about the spaces drawn
        around the view, nearest first, a few at a time between events."""
        c = self.window.canvas
        s = self.session
        if not getattr(c, "culling", False):
            c.lit = s.ruleset.reach(s.game, piece)
            c.show_reach()
            return
        c.lit = set()
        c.delete("reach")
        gen = (self.reach_job or {}).get("gen", 0) + 1
        self.reach_job = {"piece": piece, "todo": c.spaces_near(frm), "gen": gen, "asked": set()}
        self.window.root.after(1, self._reach_step, gen)

    def _reach_step(self, gen: int) -> None:
        job = self.reach_job
        if job is None or job["gen"] != gen or self.press_at is None:
            return
        chunk, job["todo"] = job["todo"][:REACH_STEP], job["todo"][REACH_STEP:]
        job["asked"].update(chunk)
        s = self.session
        got = s.ruleset.reach(s.game, job["piece"], within=chunk)
        c = self.window.canvas
        if got:
            c.lit |= got
            c.draw_reach(got)
        if job["todo"]:
            self.window.root.after(1, self._reach_step, gen)
        else:
            self.reach_job = None

    def release(self, e: tk.Event) -> None:
        """Dropping a piece on another space does the ruleset's drag action there."""
        p, self.press_at = self.press_at, None
        w = self.window
        c = w.canvas
        dragging = p is not None and p.get("dragging")
        c.lit = set()
        self.reach_job = None
        c.delete("reach")
        to = c.space_at(e.x, e.y)
        if dragging and to and to != p["from"]:
            s = self.session
            action = s.ruleset.drag(s.game, p["piece"], to)
            if action is not None:
                c.put_down(to)
                w.last_space = to
                if self.act(action, space=to).ok:
                    return
        c.put_down()
        if dragging:
            c.redraw_game()

    # ------------------------------------------------------------------- set-up pools
    def bind_pools(self, tree) -> None:
        tree.bind("<ButtonPress-1>", self.pool_press)
        tree.bind("<B1-Motion>", self.pool_motion)
        tree.bind("<ButtonRelease-1>", self.pool_release)

    def pool_press(self, e: tk.Event) -> None:
        side = self.window.side
        row = side.pool_tree.identify_row(e.y)
        self.pool_drag = None
        pool, _, kind = (row or "").partition("/")
        if pool in side.pools:
            side.pool_tree.selection_set(row)
            self.pool_drag = {"pool": pool, "kind": kind, "dragging": False}

    def _pool_xy(self, e: tk.Event) -> tuple[int, int]:
        t, c = self.window.side.pool_tree, self.window.canvas
        return e.x + t.winfo_rootx() - c.winfo_rootx(), e.y + t.winfo_rooty() - c.winfo_rooty()

    def pool_motion(self, e: tk.Event) -> None:
        """Dragging a pool: a counter of its side follows the mouse over the board, the spaces it
        may be placed in are lit."""
        d = self.pool_drag
        if d is None:
            return
        w = self.window
        c = w.canvas
        x, y = self._pool_xy(e)
        pool = w.side.pools[d["pool"]]
        if not d["dragging"]:
            d["dragging"] = True
            s = self.session
            c.lit = s.ruleset.reach(s.game, f"pool:{pool.id}")
            c.show_reach()
        c.delete("ghost")
        if 0 <= x < c.winfo_width() and 0 <= y < c.winfo_height():
            c.ghost(x, y, pool.side)
            to = c.space_at(x, y)
            if to:
                w.status.set(
                    f"place {pool.label} in {to}" + ("" if to in c.lit else ": outside where it may be placed")
                )

    def pool_release(self, e: tk.Event) -> None:
        d, self.pool_drag = self.pool_drag, None
        w = self.window
        c = w.canvas
        c.delete("ghost")
        if d is None or not d["dragging"]:
            return
        c.lit = set()
        c.delete("reach")
        x, y = self._pool_xy(e)
        space = c.space_at(x, y) if 0 <= x < c.winfo_width() and 0 <= y < c.winfo_height() else None
        if not space:
            return
        w.last_space = space
        s = self.session
        item = s.ruleset.place(s.game, d["pool"], space, d["kind"])
        if item is None:
            w.feed.tell(f"{d['pool']} cannot be placed in {space}", "refused", [space])
            return
        if item.enabled and not w.advisory and space not in s.ruleset.reach(s.game, f"pool:{d['pool']}", [space]):
            # dropped where it may not be placed: refused at the drop, with the rule, before any
            # "how many" is asked (advisory mode asks, and the override follows)
            fields = [form_field(f) for f in item.ask or []]
            action = Action(
                item.action.verb, fill_args(dict(item.action.args), fields, {f.key: f.default for f in fields})
            )
            out = s.check(action)
            if not out.ok and out.ask is None:
                w.feed.show(action, out)
                return
        self.invoke(item, space)


__all__ = ["Controller"]
