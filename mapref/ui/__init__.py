"""The Tk user interface (the only package that imports tkinter)."""

import os
import traceback


def classify_error(exc_type, exc, tb, user_errors: tuple) -> tuple[str, str]:
    """(title, text) for an exception caught by Tk's callback hook: a user error is shown as it
    is; anything else is an internal error, logged with its traceback (mapref.errorlog)."""
    from mapref.io.problems import FileProblems

    if isinstance(exc, FileProblems):
        return "The file has problems", "\n".join(str(p) for p in exc.problems)
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
    img = ImageGrab.grab(bbox=(x, y, x + widget.winfo_width(), y + widget.winfo_height()), xdisplay=os.environ.get("DISPLAY"))
    if out is not None:
        img.save(out)
    return img


def autoclose(root) -> None:
    """Close the window after MAPREF_EXIT_AFTER_MS milliseconds, printing its title: lets a
    test run the real ``mapref`` command and see which window opened."""
    ms = os.environ.get("MAPREF_EXIT_AFTER_MS")
    if ms:
        def done():
            print(f"window: {root.title()}", flush=True)
            root.destroy()

        root.after(int(ms), done)
