"""Test set-up: a real X display for the GUI tests.

When no DISPLAY is set (CI, a terminal over ssh), one Xvfb server at 24-bit depth is started for
the whole session. Xvfb is installed by tools/run-tests; a missing Xvfb fails the GUI tests loudly
rather than skipping them.
"""

import os
import tempfile
from pathlib import Path

import pytest

from tools.xvfb import start_window_manager, start_xvfb

ROOT = Path(__file__).resolve().parent.parent


# mapref's per-user files (crash journals, the error log) go to a folder of this test run
os.environ["XDG_STATE_HOME"] = tempfile.mkdtemp(prefix="mapref-test-state-")
# ... and its per-user settings (the lists of recent maps and games) too
os.environ["XDG_CONFIG_HOME"] = tempfile.mkdtemp(prefix="mapref-test-config-")

_XVFB = None
if not os.environ.get("DISPLAY"):
    _XVFB, os.environ["DISPLAY"] = start_xvfb()


_LAPTOP: list = []
_WM: list = []


def pytest_unconfigure(config):
    if _XVFB is not None:
        _XVFB.terminate()
    for proc, _display in _LAPTOP:
        proc.terminate()
    for procs, _display in _WM:
        for p in reversed(procs):
            p.terminate()


@pytest.fixture(scope="session")
def laptop_display():
    """A second X display the size of a small laptop screen, 1366x768 (started once, on first
    use): windows opened on it with ``tk.Tk(screenName=...)`` must fit it."""
    if not _LAPTOP:
        _LAPTOP.append(start_xvfb("1366x768x24"))
    return _LAPTOP[0][1]


@pytest.fixture(scope="session")
def wm_display():
    """A 1366x768 X display with a real window manager (twm) on it (started once, on first use):
    where focus, grabs and menus behave as on a desktop.  Real keys and clicks are sent to it
    with tests/ui/xtest.py."""
    if not _WM:
        xvfb, display = start_xvfb("1366x768x24")
        _WM.append(([xvfb], display))
        _WM[0][0].append(start_window_manager(display))
    return _WM[0][1]


@pytest.fixture
def wm_tk(wm_display):
    """A Tk root on the window manager's display (DISPLAY put back afterwards)."""
    import tkinter as tk

    display = os.environ.get("DISPLAY")
    root = tk.Tk(screenName=wm_display)
    yield root
    try:
        root.destroy()
    except tk.TclError:
        pass
    if display is not None:
        os.environ["DISPLAY"] = display


@pytest.fixture
def laptop_tk(laptop_display):
    """A Tk root on the 1366x768 display.  Tk sets the process's DISPLAY to the display it
    opened: it is put back afterwards, so later windows open on the usual display."""
    import tkinter as tk

    display = os.environ.get("DISPLAY")
    root = tk.Tk(screenName=laptop_display)
    yield root
    try:
        root.destroy()
    except tk.TclError:
        pass
    if display is not None:
        os.environ["DISPLAY"] = display


@pytest.fixture
def root():
    return ROOT
