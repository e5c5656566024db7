"""The side panel of the referee's window, a notebook of tabs:

- **Selected**: the selected piece (``Piece.info``) and every piece in the space last clicked
  (the stack / box viewer; a click on a row selects that piece);
- **Pools**: the set-up pools still to place (``Ruleset.pools``), a row per kind: drag one onto
  the board to place it;
- **Tracks** (a map game whose ruleset also has tracks: area control's tallies and blocks, a VP
  track): the tracks drawn as rows of slots (:class:`~.tracks_board.TracksBoard` as a panel);
- **Game**: the ruleset's panels (``Ruleset.panels``), each in its own scrolled pane;
- **Violations**: the referee's report (a click shows where);
- **Legend**: what the board's pieces, marks and colours mean, drawn from the same marks as the
  boards (:mod:`mapref.render.pieces`, :mod:`mapref.ui.marks_tk`).
"""

from __future__ import annotations

import tkinter as tk
from tkinter import ttk

from mapref.render.pieces import (
    FADED,
    FRONT,
    NEUTRAL_COLOURS,
    UNSUPPLIED,
    counter,
    counter_edge,
    piece_marks,
    ring,
    rule_mark,
    selection_marks,
)
from mapref.render.style import blend
from mapref.rules.ruleset import Piece
from mapref.ui.marks_tk import draw_marks, measurer, stipple
from mapref.ui.referee.counters import REACH, hexagon

BG = "#f4f1e8"


def board_hint(session, pieces) -> str:
    """What the mouse does on this game's board, as far as the game has it: a piece's supply
    line only where its pieces trace supply, a drag only where the game moves pieces by one."""
    rs = session.ruleset
    words = []
    if pieces:
        words.append("click a piece to see it" + (" (its supply line too)" if rs.traces_supply else ""))
        if any("drag" in mv.places for mv in rs.moves()):
            words.append("drag it to move it")
    words.append("right-click a space for what can be done there")
    text = "; ".join(words) + "."
    return text[:1].upper() + text[1:]


class SidePanel:
    def __init__(self, master: tk.Misc, window) -> None:
        self.window = window
        style = ttk.Style(window.root)
        style.configure("Side.TNotebook.Tab", padding=(5, 2))
        nb = self.notebook = ttk.Notebook(master, width=330, style="Side.TNotebook")
        sel = self.selected_tab = ttk.Frame(nb, padding=4)
        nb.add(sel, text="Selected")
        self.info_text = tk.Text(sel, height=7, width=36, wrap="word", relief="flat", background=BG)
        self.info_text.pack(fill="x")
        self.here_var = tk.StringVar(master=window.root, value="Here")
        ttk.Label(sel, textvariable=self.here_var, font=("DejaVu Sans", 10, "bold")).pack(anchor="w", pady=(6, 0))
        self.here_list = tk.Listbox(sel, height=8, width=36, activestyle="none")
        self.here_list.pack(fill="both", expand=True)
        self.here_list.bind("<<ListboxSelect>>", self._here_clicked)
        self._here_items: list = []
        pools = self.pools_tab = ttk.Frame(nb, padding=4)  # shown while the game has set-up pools
        ttk.Label(
            pools,
            text="Drag a pool onto the board to place it; the counts go down as you place.",
            wraplength=300,
            foreground="#555555",
        ).pack(anchor="w")
        t = self.pool_tree = ttk.Treeview(
            pools, columns=("left",), show="tree headings", height=12, selectmode="browse"
        )
        t.heading("#0", text="pool")
        t.heading("left", text="to place")
        t.column("#0", width=220, stretch=True)
        t.column("left", width=90, anchor="e", stretch=False)
        t.pack(fill="both", expand=True)
        self.pools: dict = {}
        self.tracks_tab = ttk.Frame(nb, padding=2)
        self.tracks = None
        game = self.game_tab = ttk.Frame(nb, padding=4)
        nb.add(game, text="Game")
        self._panes = ttk.PanedWindow(game, orient="vertical")
        self._panes.pack(fill="both", expand=True)
        self.panel_text: dict[str, tk.Text] = {}
        vf = self.violations_tab = ttk.Frame(nb, padding=4)
        nb.add(vf, text="Violations")
        # one paragraph a violation, wrapped to the panel's width (a long reason is read whole)
        self.violations = tk.Text(
            vf,
            height=12,
            width=36,
            wrap="word",
            relief="flat",
            background=BG,
            cursor="arrow",
            padx=4,
            pady=4,
            font=("DejaVu Sans", 9),
        )
        self.violations.tag_configure("violation", lmargin2=14, spacing3=6)
        self.violations.tag_configure("chosen", background="#ffe9a8")
        vsb = ttk.Scrollbar(vf, orient="vertical", command=self.violations.yview)
        self.violations.configure(yscrollcommand=vsb.set, state="disabled")
        vsb.pack(side="right", fill="y")
        self.violations.pack(fill="both", expand=True)
        self.violations.bind("<ButtonRelease-1>", self._violation_clicked)
        self._violation_where: list[str] = []
        lf = self.legend_tab = ttk.Frame(nb, padding=4)
        nb.add(lf, text="Legend")
        self.legend = tk.Canvas(lf, width=310, height=300, background=BG, highlightthickness=0)
        lsb = ttk.Scrollbar(lf, orient="vertical", command=self.legend.yview)
        self.legend.configure(yscrollcommand=lsb.set)
        lsb.pack(side="right", fill="y")
        self.legend.pack(fill="both", expand=True)
        self.legend.bind("<Button-4>", lambda e: self.legend.yview_scroll(-2, "units"))
        self.legend.bind("<Button-5>", lambda e: self.legend.yview_scroll(2, "units"))
        self._legend_for = None

    # ----------------------------------------------------------------------- showing
    def show(self, report) -> None:
        """Everything the tabs show, after the position changed."""
        w = self.window
        s = w.session
        self._show_tracks()
        for title, lines in s.ruleset.panels(s.game, report):
            t = self.panel(title)
            t.delete("1.0", "end")
            t.insert("end", "\n".join(lines))
        lines = [(f"{v.where}: " if v.where else "") + f"{v.message} [{v.rule}]" for v in report.violations]
        self._violation_where = [v.where for v in report.violations] or [""]
        t = self.violations
        t.configure(state="normal")
        t.delete("1.0", "end")
        t.insert("end", "\n".join(lines or ["No violations"]), "violation")
        t.configure(state="disabled")
        label = f"Violations {len(report.violations)}" if report.violations else "Violations"
        if self.notebook.tab(self.violations_tab, "text") != label:  # setting it lays the notebook out again
            self.notebook.tab(self.violations_tab, text=label)
        self.show_pools()
        self.show_selected()
        self.show_legend()

    def panel(self, title: str) -> tk.Text:
        t = self.panel_text.get(title)
        if t is None:
            frame = ttk.Frame(self._panes)
            ttk.Label(frame, text=title, font=("DejaVu Sans", 10, "bold")).pack(anchor="w", pady=(4, 0))
            t = tk.Text(frame, height=4, width=34, wrap="word", relief="flat", background=BG)
            sb = ttk.Scrollbar(frame, orient="vertical", command=t.yview)
            t.configure(yscrollcommand=sb.set)
            sb.pack(side="right", fill="y")
            t.pack(side="left", fill="both", expand=True)
            self._panes.add(frame, weight=1)
            self.panel_text[title] = t
        return t

    def clear_panels(self) -> None:
        """Another game: its own panels (and the Pools tab only if it has pools)."""
        if str(self.pools_tab) in self.notebook.tabs():
            self.notebook.forget(self.pools_tab)
        for child in self._panes.panes():
            self._panes.forget(child)
        self.panel_text = {}
        self._legend_for = None

    def _show_tracks(self) -> None:
        """A map game with tracks too: the Tracks tab (added the first time there are rows)."""
        from mapref.ui.referee.tracks_board import TracksBoard

        w = self.window
        s = w.session
        rows = s.ruleset.tracks(s.game) if w.canvas.kind != "tracks" else []
        if rows and self.tracks is None:
            self.tracks = TracksBoard(self.tracks_tab, w, panel=True)
            sb = ttk.Scrollbar(self.tracks_tab, orient="vertical", command=self.tracks.yview)
            self.tracks.configure(yscrollcommand=sb.set)
            sb.pack(side="right", fill="y")
            self.tracks.pack(fill="both", expand=True)
            self.notebook.insert(1, self.tracks_tab, text="Tracks")
            self.tracks.bind("<ButtonPress-3>", w.controller.right_click_tracks, add="+")
        elif not rows and self.tracks is not None:
            self.notebook.forget(self.tracks_tab)
            self.tracks.destroy()
            self.tracks = None
            for child in self.tracks_tab.winfo_children():
                child.destroy()
        if self.tracks is not None:
            self.tracks.draw_overlays()

    def show_pools(self) -> None:
        """Each pool with what it still has to place, a row per kind (dragging a kind's row
        places that kind; the pool's row, all it has)."""
        tree = self.pool_tree
        s = self.window.session
        open_ = {i for i in tree.get_children() if tree.item(i, "open")}
        tree.delete(*tree.get_children())
        self.pools = {p.id: p for p in s.ruleset.pools(s.game)}
        shown = str(self.pools_tab) in self.notebook.tabs()
        if self.pools and not shown:
            self.notebook.insert(1, self.pools_tab, text="Pools")
        for p in self.pools.values():
            total = sum(p.left.values())
            tree.insert(
                "",
                "end",
                iid=p.id,
                text=p.label,
                values=(f"{total} to place",),
                open=p.id in open_ or len(self.pools) < 4,
            )
            for k, n in p.left.items():
                if n:
                    tree.insert(p.id, "end", iid=f"{p.id}/{k}", text=k.replace("_", " "), values=(n,))
            for ld in p.leaders:
                tree.insert(p.id, "end", iid=f"{p.id}/leader/{ld}", text=f"leader {ld}", values=("",))
        if not self.pools:
            tree.insert("", "end", iid="-", text="no set-up pools to place", values=("",))

    def pool_rows(self) -> list[tuple[str, str]]:
        """The pools as shown: (pool, what it still has to place)."""
        tree = self.pool_tree
        out = []
        for i in tree.get_children():
            kids = tree.get_children(i)
            left = ", ".join(
                f"{tree.item(k, 'values')[0]} {tree.item(k, 'text')}"
                for k in kids
                if not k.partition("/")[2].startswith("leader/")
            )
            leaders = [tree.item(k, "text")[7:] for k in kids if k.partition("/")[2].startswith("leader/")]
            if leaders:
                left += ("; " if left else "") + "leaders: " + ", ".join(leaders)
            out.append((tree.item(i, "text"), left))
        return out

    def show_selected(self) -> None:
        w = self.window
        p = w.selected_piece()
        t = self.info_text
        t.delete("1.0", "end")
        if p is not None:
            t.insert("end", "\n".join(p.info or [p.title or p.id]))
        elif w.canvas.kind == "tracks":
            t.insert("end", "Right-click the board for the actions of this phase.")
        else:
            t.insert("end", board_hint(w.session, w.pieces))
        self._show_here()

    def _show_here(self) -> None:
        w = self.window
        lb = self.here_list
        lb.delete(0, "end")
        self._here_items = []
        space = w.here
        if not space:
            self.here_var.set("Here")
            return
        items = [p for p in w.pieces if p.space == space]
        sp = w.session.board.space(space)
        name = getattr(sp, "name", "") if sp is not None else ""
        self.here_var.set(
            f"In {space}{' ' + name if name and name != space else ''}: {len(items)} piece{'s' if len(items) != 1 else ''}"
        )
        for p in items:
            flag = "  no supply" if p.supplied is False else ""
            lb.insert("end", f"{p.title or p.kind} ({p.kind}) {p.text}{flag}")
            lb.itemconfigure(
                "end",
                foreground=UNSUPPLIED if p.supplied is False else w.canvas.colours(p.side)[0],
                selectforeground="#000000",
            )
            if p.id == w.selected:
                lb.itemconfigure("end", background="#fff3b0")
            self._here_items.append(p)

    def here_rows(self) -> list[str]:
        return list(self.here_list.get(0, "end"))

    def _here_clicked(self, _e=None) -> None:
        sel = self.here_list.curselection()
        if sel and sel[0] < len(self._here_items):
            p = self._here_items[sel[0]]
            if p.selectable:
                self.window.select(p.id)

    def violation_lines(self) -> list[str]:
        """The violations as shown, one a line (each wrapped on the screen)."""
        return self.violations.get("1.0", "end-1c").split("\n")

    def _violation_clicked(self, e=None) -> None:
        t = self.violations
        i = int(t.index(f"@{e.x},{e.y}" if e is not None else "insert").split(".")[0]) - 1
        if not 0 <= i < len(self._violation_where):
            return
        t.tag_remove("chosen", "1.0", "end")
        t.tag_add("chosen", f"{i + 1}.0", f"{i + 1}.end")
        where = self._violation_where[i]
        w = self.window
        piece = w.piece_named([where], "")
        space = piece.space if piece is not None else where
        if piece is not None and piece.selectable:
            w.select(piece.id)
        if space and w.session.board.space(space) is not None:
            w.canvas.outline([space])
            w.canvas.centre_on_space(space)

    # ------------------------------------------------------------------------ legend
    def show_legend(self) -> None:
        """The legend, drawn from the boards' own marks (:mod:`mapref.render.pieces`): a counter
        of each side, each kind of piece on the board (``Ruleset.legend`` says what it is), the
        marks, and what the colours and lines mean (once per game and kinds shown: a move
        changes nothing in it)."""
        w = self.window
        c = self.legend
        rs, game = w.session.ruleset, w.session.game
        palette = rs.colours(game)
        sides = [s for s in getattr(game.scenario, "sides", ()) or () if s in palette] or list(palette)
        captions = rs.legend(game)
        kinds = sorted({p.kind for p in w.pieces} | set(captions))
        marks = sorted({(m.shape, m.label) for m in w.marks})
        key = (id(rs), tuple(sides), tuple(kinds), tuple(marks), w.canvas.kind)
        if self._legend_for == key and c.find_all():
            return
        self._legend_for = key
        c.delete("all")
        lg = _Legend(c, palette)
        fill = self._legend_counters(lg, sides, kinds, captions)
        self._legend_kinds_and_marks(lg, sides, kinds, marks, captions)
        if w.canvas.kind != "tracks":
            self._legend_colours(lg, sides, fill, rs.traces_supply)
        c.configure(scrollregion=(0, 0, 300, lg.y))

    def _legend_counters(self, lg: _Legend, sides: list[str], kinds: list[str], captions: dict) -> str:
        """A counter of each side (one of its pieces on the board where it has one), the selected
        piece, a piece out of supply (where the game traces supply); the first side's fill."""
        w = self.window
        sample = {}
        for p in w.pieces:
            sample.setdefault((p.kind, p.side), p)
        counter_kinds = [k for k in kinds if k not in ("fleet", "fort", "marker")] or ["army"]
        for side in sides:
            fill, ink = lg.colours(side)
            p = next((sample.get((k, side)) for k in counter_kinds if sample.get((k, side))), None)
            lg.counter(fill, ink, (p.text if p is not None else "3")[:6], None, False)
            kind = p.kind if p is not None else counter_kinds[0]
            lg.row(f"{side.replace('_', ' ')} {captions.get(kind, kind)}")
        fill, ink = lg.colours(sides[0]) if sides else NEUTRAL_COLOURS
        lg.counter(fill, ink, "3", None, True)
        lg.row("the selected piece")
        if any(p.supplied is False or p.supplied is True for p in w.pieces):
            lg.counter(fill, ink, "3", False, False)
            lg.row("a piece out of supply")
        return fill

    def _legend_kinds_and_marks(
        self, lg: _Legend, sides: list[str], kinds: list[str], marks: list, captions: dict
    ) -> None:
        """Fleets, forts and markers as the board draws them, and each rule mark shown."""
        w, c = self.window, lg.c
        for k in kinds:
            if k in ("fleet", "fort", "marker"):
                p = next((x for x in w.pieces if x.kind == k), None) or Piece(
                    f"legend:{k}", k, sides[0] if sides else "", "", "2"
                )
                draw_marks(
                    c,
                    piece_marks(
                        p,
                        30 if k != "marker" else 24,
                        lg.y if k != "marker" else lg.y - 8,
                        30,
                        lg.colours,
                        measure=lg.measure,
                    ),
                    ("legend",),
                )
                lg.row(captions.get(k, f"a {k}"))
        for shape, label in marks:
            mk = next(m for m in w.marks if (m.shape, m.label) == (shape, label))
            draw_marks(c, rule_mark(mk, 30, lg.y, 12, lg.colours), ("legend",))
            lg.row(label or shape)

    def _legend_colours(self, lg: _Legend, sides: list[str], fill: str, supply: bool) -> None:
        """What the colours and lines of a map mean: a held space's tint, the supply line and its
        cut (where the game traces supply), where a dragged piece may go, the front, and the
        supply view's tints."""
        c = lg.c
        hexes = self.window.canvas.kind == "hex"

        def swatch(f, **kw):
            if hexes:
                c.create_polygon(hexagon(30, lg.y, 15), fill=f, **kw)
            else:
                c.create_rectangle(14, lg.y - 11, 46, lg.y + 11, fill=f, **kw)

        base = "#d9534f"
        swatch(blend(base, fill, 0.5), outline="#6d6d6d")
        lg.row("a space held by a side: tinted in its colour")
        if supply:  # only what applies to the game: no supply line where it traces none
            draw_marks(c, selection_marks(True, [(10, lg.y), (50, lg.y)], [], lambda sp: None, 4, 0, 0), ("legend",))
            lg.row("the supply line of the selected piece, to its source")
            draw_marks(c, ring(30, lg.y, 11, 3, UNSUPPLIED, "legend"), ("legend",))
            lg.row("ringed: where a cut-off piece's line is cut; in the supply view, every unsupplied piece")
        swatch(REACH, stipple="gray25", outline=REACH, width=3)
        lg.row("where the dragged piece (or pool) may go")
        c.create_line(12, lg.y, 48, lg.y, fill=FRONT, width=4)
        lg.row("the front: where the spaces of two enemies meet")
        if not supply:
            return
        for side in sides[:3]:
            f = lg.colours(side)[0]
            swatch("#e8e2cf", outline="")
            swatch(f, stipple=stipple(0.2), outline="")
            lg.row(f"supply view: {side.replace('_', ' ')} supplied")
        swatch(fill, outline="")
        swatch(FADED, stipple=stipple(0.5), outline=fill, dash=(4, 2), width=2)
        lg.row("supply view: friendly but unsupplied (faded)")


class _Legend:
    """The legend's canvas as it is written, row by row: where the next row goes (``y``), the
    game's colours, the counters' measure."""

    def __init__(self, c, palette: dict) -> None:
        self.c, self.palette, self.y = c, palette, 16.0
        self.measure = measurer(c)

    def row(self, text: str) -> None:
        """A row's caption at the right of its sample; the next row below it."""
        t = self.c.create_text(64, self.y, text=text, anchor="w", font=("DejaVu Sans", 9), width=240)
        x0, y0, x1, y1 = self.c.bbox(t)
        self.y += max(26, (y1 - y0) + 8)

    def colours(self, side):
        return self.palette.get(side, NEUTRAL_COLOURS)

    def counter(self, fill, ink, text, supplied, selected) -> None:
        edge, line = counter_edge(supplied, selected, 36)
        draw_marks(self.c, counter(30, self.y, 36, fill, ink, text, edge, line, ("legend",), measure=self.measure))


__all__ = ["SidePanel"]
