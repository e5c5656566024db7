"""Start an Xvfb X server on a free display: the one way the tests (tests/conftest.py, one
server per test process), the benchmarks (bench/run) and the screenshot scripts start one."""

from __future__ import annotations

import os
import select
import shutil
import subprocess
import tempfile
import time
from pathlib import Path


def start_xvfb(screen: str = "1600x1000x24") -> tuple[subprocess.Popen, str]:
    """An Xvfb of ``screen`` (WIDTHxHEIGHTxDEPTH) on a display it picks itself: (the process, the
    display name ``:N``).  Xvfb chooses the number (``-displayfd``), so servers started at the
    same moment by parallel test processes never share one.  It never resets (``-noreset``): by
    default an X server resets when its last client leaves, and a client connecting meanwhile
    (the next test's window, a window manager) is refused.  RuntimeError when Xvfb is missing
    or will not start."""
    exe = shutil.which("Xvfb")
    if exe is None:
        raise RuntimeError("Xvfb is not installed: run ./tools/run-tests, which installs it")
    r, w = os.pipe()
    try:
        proc = subprocess.Popen(
            [exe, "-displayfd", str(w), "-screen", "0", screen, "-nolisten", "tcp", "-noreset"],
            pass_fds=(w,),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
    finally:
        os.close(w)
    got = b""
    try:
        while not got.endswith(b"\n"):  # Xvfb writes "N\n" once it accepts connections
            if not select.select([r], [], [], 30)[0]:
                break
            chunk = os.read(r, 16)
            if not chunk:  # it exited
                break
            got += chunk
    finally:
        os.close(r)
    if not got.strip().isdigit():
        proc.kill()
        proc.wait()
        raise RuntimeError("could not start Xvfb")
    return proc, f":{int(got)}"


TWMRC = """RandomPlacement
UsePPosition "on"
TitleFont "fixed"
ResizeFont "fixed"
MenuFont "fixed"
IconFont "fixed"
IconManagerFont "fixed"
"""


def start_window_manager(display: str) -> subprocess.Popen:
    """twm on ``display`` (placing windows by itself, with the server's built-in font), returned
    once it manages the screen: a real window manager for the tests of focus and menus.
    RuntimeError when twm is missing or will not start."""
    exe = shutil.which("twm")
    if exe is None:
        raise RuntimeError(
            "twm is not installed: run ./tools/run-tests, which installs it with Xvfb (apt-get install twm)"
        )
    folder = tempfile.mkdtemp(prefix="mapref-twm-")
    try:
        rc = Path(folder) / "twmrc"
        rc.write_text(TWMRC, encoding="ascii")
        env = {**os.environ, "DISPLAY": display, "LANG": "C", "LC_ALL": "C"}
        proc = subprocess.Popen([exe, "-f", str(rc)], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        # twm has read its rc and taken the screen once its own windows are on it (it makes them
        # after it has asked for the root window's map requests): a fixed wait was not always enough
        deadline = time.monotonic() + 30
        while proc.poll() is None and not _root_windows(display):
            if time.monotonic() > deadline:
                proc.kill()
                proc.wait()
                break
            time.sleep(0.01)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    if proc.poll() is not None:
        raise RuntimeError("twm would not start")
    return proc


def _root_windows(display: str) -> int:
    """How many windows the root window of ``display`` has (libX11's XQueryTree)."""
    import ctypes
    import ctypes.util

    x = ctypes.cdll.LoadLibrary(ctypes.util.find_library("X11") or "libX11.so.6")
    x.XOpenDisplay.restype = ctypes.c_void_p
    x.XOpenDisplay.argtypes = [ctypes.c_char_p]
    x.XDefaultRootWindow.restype = ctypes.c_ulong
    x.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
    x.XQueryTree.argtypes = [
        ctypes.c_void_p,
        ctypes.c_ulong,
        ctypes.POINTER(ctypes.c_ulong),
        ctypes.POINTER(ctypes.c_ulong),
        ctypes.POINTER(ctypes.POINTER(ctypes.c_ulong)),
        ctypes.POINTER(ctypes.c_uint),
    ]
    x.XFree.argtypes = [ctypes.c_void_p]
    x.XCloseDisplay.argtypes = [ctypes.c_void_p]
    d = x.XOpenDisplay(display.encode())
    if not d:
        raise RuntimeError(f"cannot open display {display}")
    try:
        root, parent, n = ctypes.c_ulong(), ctypes.c_ulong(), ctypes.c_uint()
        children = ctypes.POINTER(ctypes.c_ulong)()
        x.XQueryTree(
            d,
            x.XDefaultRootWindow(d),
            ctypes.byref(root),
            ctypes.byref(parent),
            ctypes.byref(children),
            ctypes.byref(n),
        )
        if children:
            x.XFree(children)
        return n.value
    finally:
        x.XCloseDisplay(d)
