"""The Tk user interface (the only package that imports tkinter)."""

import os
import traceback


def classify_error(exc_type, exc, tb, user_errors: tuple) -> tuple[str, str]:
    """(title, text) for an exception caught by Tk's callback hook: a user error is shown as it
    is; anything else is an internal error, logged with its traceback (mapref.errorlog)."""
    from mapref.io.problems import FileProblems

    if isinstance(exc, FileProblems):
        return "The file has problems", "\n".join(str(p) for p in exc.problems)
    if isinstance(exc, OSError) and isinstance(exc, user_errors) and exc.strerror:
        # a file's error in words, never Python's "[Errno 16] ...: 'PATH'"
        return "Cannot do that", f"{exc.filename}: {exc.strerror}" if exc.filename else str(exc.strerror)
    if isinstance(exc, user_errors):
        return "Cannot do that", str(exc)
    from mapref.errorlog import append, describe

    log = describe(*append("".join(traceback.format_exception(exc_type, exc, tb))))
    return "Internal error", f"mapref hit an internal error: {exc_type.__name__}: {exc}\n\nDetails are in {log}"


def screenshot(widget, out=None):
    """A picture of ``widget`` as it is on the screen (PIL image; saved to ``out`` if given)."""
    from PIL import ImageGrab

    widget.update()
    x, y = widget.winfo_rootx(), widget.winfo_rooty()
    display = widget.winfo_screen() or os.environ.get("DISPLAY")  # the display the widget is on
    img = ImageGrab.grab(bbox=(x, y, x + widget.winfo_width(), y + widget.winfo_height()), xdisplay=display)
    if out is not None:
        img.save(out)
    return img


def autoclose(root) -> None:
    """Close the window after MAPREF_EXIT_AFTER_MS milliseconds, printing its title: lets a
    test run the real ``mapref`` command and see which window opened.  ``settled`` instead of a
    number: once the window has settled (:func:`when_settled`), what bench/run times."""
    ms = os.environ.get("MAPREF_EXIT_AFTER_MS")
    if ms:

        def done():
            root.update_idletasks()  # the first frame drawn before it is reported (bench/run times it)
            print(f"window: {root.title()}", flush=True)
            root.destroy()

        if ms == "settled":
            root.after(1, lambda: when_settled(root, done))
        else:
            root.after(int(ms), done)


QUIET_POLLS = 50  # a timer still waiting after this many turns of the event loop (a second) is a slow one


def when_settled(root, then, limit_s: float = 120.0) -> None:
    """Call ``then()`` once the window has settled: no worker thread alive (the problems check),
    and no timer but those still waiting after :data:`QUIET_POLLS` turns of the event loop, 20 ms
    apart (an autosave in thirty seconds; a timer that was due while the loop was busy drawing
    runs at the next turn): everything the window does at open done, as the user waits for it.
    The check costs a few microseconds a turn; after ``limit_s`` it calls ``then()`` anyway."""
    import threading
    import time

    seen: dict[str, int] = {}
    start = time.monotonic()
    mine = [""]

    def poll() -> None:
        busy = threading.active_count() > 1
        for job in root.tk.splitlist(root.tk.call("after", "info")):
            if job != mine[0]:
                seen[job] = seen.get(job, 0) + 1
                busy = busy or seen[job] < QUIET_POLLS
        if busy and time.monotonic() - start < limit_s:
            mine[0] = root.after(20, poll)
            return
        then()

    poll()


class PositionExport:
    """File > Export position as PNG (Ctrl+E) and File > Export position as web page
    (Ctrl+Shift+E) in a referee's window: the position drawn as ``mapref render GAME.toml``
    draws it (:func:`mapref.render.game_overlay.render_position`, the print view), or written as
    the one web page ``mapref export-html GAME.toml`` writes (:func:`mapref.render.replay.export_html`).
    The window has ``session`` and ``root``, sets ``ask_export_path(kind)`` (a save dialog for
    "png" or "html"; tests may replace it), and says what it did with ``exported(text)``;
    ``export_supply()`` draws the supply view on the PNG."""

    KINDS = {
        "png": (".png", "PNG image", "Export the position as PNG"),
        "html": (".html", "Web page", "Export the position as a web page"),
    }

    def export_supply(self) -> bool:
        return False

    def exported(self, text: str) -> None:
        raise NotImplementedError

    def export_png(self, out):
        """The position as a PNG at ``out``; returns its path."""
        from pathlib import Path

        from mapref.render.game_overlay import render_position

        render_position(self.session, out, supply=self.export_supply())
        self.exported(f"exported the position to {out}")
        return Path(out)

    def export_html(self, out):
        """The position as one self-contained web page at ``out`` (written atomically); returns
        its path."""
        from pathlib import Path

        from mapref.render.replay import export_html

        export_html(self.session, out)
        self.exported(f"exported the position as a web page to {out}")
        return Path(out)

    def ask_and_export(self) -> None:
        p = self.ask_export_path("png")
        if p:
            self.export_png(p)

    def ask_and_export_html(self) -> None:
        p = self.ask_export_path("html")
        if p:
            self.export_html(p)

    def _ask_export_path_dialog(self, kind: str = "png") -> str | None:
        from pathlib import Path
        from tkinter import filedialog

        ext, what, title = self.KINDS[kind]
        path = getattr(self.session, "path", None)
        name = (Path(path).stem if path else getattr(self.session.scenario, "id", "position")) + ext
        where = {"initialdir": str(Path(path).resolve().parent)} if path else {}  # beside the game, not the program
        return (
            filedialog.asksaveasfilename(
                parent=self.root,
                title=title,
                defaultextension=ext,
                initialfile=name,
                filetypes=[(what, f"*{ext}")],
                **where,
            )
            or None
        )
