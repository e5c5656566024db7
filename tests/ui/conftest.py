"""The windows most tests start from, fitted to their canvas: ``win``, the referee's window on the
shipped Hitler's War map with the Barbarossa set-up (what ``mapref`` opens with no file), and
``ed``, the hex map editor on a copy of that map."""

import gc
import shutil
import tkinter as tk
from pathlib import Path

import pytest

from mapref.ui.editor import Editor
from mapref.ui.referee import RefereeWindow, load_for_play

MAP = Path(__file__).resolve().parents[2] / "maps" / "hitlers_war.toml"


@pytest.fixture
def win():
    root = tk.Tk()
    w = RefereeWindow(root, load_for_play(None), quiet=True)
    root.update()
    w.canvas.fit()
    root.update()
    yield w
    try:
        root.destroy()
    except tk.TclError:  # a test that closed the window itself
        pass


@pytest.fixture
def ed(tmp_path):
    """The hex map editor on a copy of the shipped Hitler's War map, fitted to its canvas."""
    path = tmp_path / MAP.name
    shutil.copy(MAP, path)
    root = tk.Tk()
    e = Editor(root, path, quiet=True)
    root.geometry("1400x900+0+0")
    root.update()
    e.canvas.fit()
    root.update()
    yield e
    root.destroy()


@pytest.fixture
def tk_root():
    """A Tk root for a window the test makes itself (the map editors' tests), destroyed after
    (unless the test closed it)."""
    r = tk.Tk()
    yield r
    try:
        r.destroy()
    except tk.TclError:
        pass


@pytest.fixture(autouse=True)
def _windows_freed_in_the_main_thread():
    """The windows a test leaves behind are freed after it, here, in the main thread.  Were a
    later test's worker thread (a background image read, a tracing) to free their Tk variables,
    each would wait a second for a main loop the tests do not run (tkinter's "main thread is
    not in main loop"), and that test's wait for its worker would run out (seen in a parallel
    run of the whole suite)."""
    yield
    gc.collect()
