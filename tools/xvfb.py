"""Start an Xvfb X server on the first free display number: the one way the tests
(tests/conftest.py), the benchmarks (bench/run) and the screenshot scripts start one."""

from __future__ import annotations

import shutil
import subprocess
import time
from pathlib import Path


def start_xvfb(screen: str = "1600x1000x24", first: int = 91) -> tuple[subprocess.Popen, str]:
    """An Xvfb of ``screen`` (WIDTHxHEIGHTxDEPTH) on the first free display from ``first``:
    (the process, the display name ``:N``).  RuntimeError when Xvfb is missing or will not start."""
    exe = shutil.which("Xvfb")
    if exe is None:
        raise RuntimeError("Xvfb is not installed: run ./tools/run-tests, which installs it")
    for n in range(first, first + 60):
        if Path(f"/tmp/.X{n}-lock").exists():
            continue
        proc = subprocess.Popen([exe, f":{n}", "-screen", "0", screen, "-nolisten", "tcp"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(100):
            if Path(f"/tmp/.X11-unix/X{n}").exists():
                return proc, f":{n}"
            if proc.poll() is not None:  # that number was taken meanwhile: the next one
                break
            time.sleep(0.05)
        proc.kill()
    raise RuntimeError("could not start Xvfb")


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
    import os
    import tempfile

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
