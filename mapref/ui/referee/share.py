"""File > Share with the table in the referee's window: the position page served to the players'
phones (:mod:`mapref.serve`), updated after every action, undo and redo done here.

The dialog shows the page's address (the token in it) and its QR code, how many pages follow
the game, and a choice: this computer only (the loopback address: the default) or the phones on
the local network.  Sharing stops with Stop sharing, when the window closes, or when another game
is opened in it; each page following it is told so.
"""

from __future__ import annotations

import base64
import copy
import io
import tkinter as tk
from tkinter import ttk

from mapref.rules.files import Game
from mapref.serve import Server, Share, live_script

# under the QR code: who can open the address (a phone cannot open this computer's loopback address)
ONLY_HERE = "Only this computer can open this address: tick the box below to let the players' phones in."
ON_NETWORK = "The phones on this network can open it: point a phone's camera at the code."


def qr_png(text: str, scale: int = 5) -> bytes:
    """``text`` as a QR code, a PNG image (segno: a pure-Python QR code writer)."""
    import segno

    buf = io.BytesIO()
    segno.make(text, error="m").save(buf, kind="png", scale=scale, border=4)
    return buf.getvalue()


class TableShare:
    """The window's sharing (see the module docstring): ``start(network)``, ``stop(why)``,
    ``address``; the dialog with :meth:`show`."""

    def __init__(self, window) -> None:
        self.window = window
        self.server: Server | None = None
        self.session = None
        self.dialog: tk.Toplevel | None = None
        self.network = tk.BooleanVar(master=window.root, value=False)
        self._qr: tk.PhotoImage | None = None
        self._tick: str | None = None

    @property
    def address(self) -> str:
        return self.server.address if self.server is not None else ""

    @property
    def active(self) -> bool:
        return self.server is not None

    def start(self, network: bool = False) -> str:
        """Share the window's game (again, on the network or not); returns the page's address."""
        self.stop("", quiet=True)
        s = self.window.session
        # the map and the scenario do not change while a game is played (File > Edit the map edits
        # a copy): the share's thread reads them as the window does
        game = Game(s.map, s.scenario, None, s.ruleset, s.path)
        share = Share(game, live_script())
        self.server = Server(share, network=network).start()
        self.session = s
        s.listeners.append(self._changed)
        self._changed("changed")
        self.network.set(network)
        self.window.feed.tell(
            f"sharing the position with the table at {self.server.address} "
            + ("(the local network's devices may open it)" if network else "(this computer only)"),
            "info",
        )
        self._show_state()  # the dialog (the tick box restarts it): the new address, its QR code
        return self.server.address

    def _changed(self, what: str) -> None:
        """The session changed (an action, an undo, a redo): the players' pages follow."""
        if self.server is not None and what == "changed" and self.session is not None:
            self.server.share.submit(copy.deepcopy(self.session.state_data()), list(self.session.log))

    def stop(self, why: str = "the referee stopped sharing", quiet: bool = False) -> None:
        if self.server is None:
            return
        if self.session is not None and self._changed in self.session.listeners:
            self.session.listeners.remove(self._changed)
        self.server.stop(why or "the referee stopped sharing")
        self.server, self.session = None, None
        if not quiet:
            self.window.feed.tell(f"stopped sharing the position ({why})", "info")
        self._show_state()

    # ----------------------------------------------------------------------- the dialog
    def show(self) -> tk.Toplevel:
        """File > Share with the table: start sharing (this computer only) and show the dialog."""
        if not self.active:
            self.start(self.network.get())
        if self.dialog is not None and self.dialog.winfo_exists():
            self.dialog.deiconify()
            self.dialog.lift()
            self._show_state()
            return self.dialog
        top = self.dialog = tk.Toplevel(self.window.root)
        top.title("Share with the table")
        top.transient(self.window.root)
        top.protocol("WM_DELETE_WINDOW", top.withdraw)
        body = ttk.Frame(top, padding=12)
        body.pack(fill="both", expand=True)
        ttk.Label(
            body,
            text="The players open this address on a phone or a laptop: the position, live, read-only.",
            wraplength=360,
        ).pack(anchor="w")
        row = ttk.Frame(body)
        row.pack(fill="x", pady=6)
        self.entry = ttk.Entry(row, width=48)
        self.entry.pack(side="left", fill="x", expand=True)
        ttk.Button(row, text="Copy", command=self.copy).pack(side="left", padx=(6, 0))
        self.qr_label = ttk.Label(body)
        self.qr_label.pack(pady=4)
        self.hint = ttk.Label(body, text="", wraplength=360)
        self.hint.pack(anchor="w", pady=(0, 4))
        ttk.Checkbutton(
            body,
            text="Let the phones on this network open it (else this computer only)",
            variable=self.network,
            command=lambda: self.start(self.network.get()),
        ).pack(anchor="w")
        self.state = ttk.Label(body, text="")
        self.state.pack(anchor="w", pady=(6, 0))
        buttons = ttk.Frame(body)
        buttons.pack(fill="x", pady=(8, 0))
        ttk.Button(buttons, text="Stop sharing", command=self.stop).pack(side="left")
        ttk.Button(buttons, text="Close", command=top.withdraw).pack(side="right")
        self._show_state()
        return top

    def copy(self) -> None:
        root = self.window.root
        root.clipboard_clear()
        root.clipboard_append(self.address)

    def _show_state(self) -> None:
        if self.dialog is None or not self.dialog.winfo_exists():
            return
        self.entry.configure(state="normal")
        self.entry.delete(0, "end")
        self.entry.insert(0, self.address or "(not shared)")
        self.entry.configure(state="readonly")
        if self.server is not None:
            self._qr = tk.PhotoImage(master=self.dialog, data=base64.b64encode(qr_png(self.address)).decode("ascii"))
            self.qr_label.configure(image=self._qr)
            self.hint.configure(text=ON_NETWORK if self.server.network else ONLY_HERE)
        else:
            self.qr_label.configure(image="")
            self.hint.configure(text="")
        self._follow_count()

    def _follow_count(self) -> None:
        if self.dialog is None or not self.dialog.winfo_exists():
            return
        n = self.server.clients if self.server is not None else 0
        self.state.configure(
            text=(f"{n} page{'s' if n != 1 else ''} following the game" if self.server is not None else "not shared")
        )
        if self._tick is not None:
            self.dialog.after_cancel(self._tick)
        self._tick = self.dialog.after(1000, self._follow_count) if self.server is not None else None


__all__ = ["ON_NETWORK", "ONLY_HERE", "TableShare", "qr_png"]
