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
    same moment by parallel test processes never share one.  RuntimeError when Xvfb is missing
    or will not start."""
    exe = shutil.which("Xvfb")
    if exe is None:
        raise RuntimeError("Xvfb is not installed: run ./tools/run-tests, which installs it")
    r, w = os.pipe()
    try:
        proc = subprocess.Popen([exe, "-displayfd", str(w), "-screen", "0", screen, "-nolisten", "tcp"],
                                pass_fds=(w,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
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
    """twm on ``display`` (placing windows by itself, with the server's built-in font): a real
    window manager for the tests of focus and menus.  RuntimeError when twm is missing."""
    exe = shutil.which("twm")
    if exe is None:
        raise RuntimeError("twm is not installed: run ./tools/run-tests, which installs it with Xvfb (apt-get install twm)")
    rc = Path(tempfile.mkdtemp(prefix="mapref-twm-")) / "twmrc"
    rc.write_text(TWMRC, encoding="ascii")
    env = {**os.environ, "DISPLAY": display, "LANG": "C", "LC_ALL": "C"}
    proc = subprocess.Popen([exe, "-f", str(rc)], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(0.5)
    if proc.poll() is not None:
        raise RuntimeError("twm would not start")
    return proc
