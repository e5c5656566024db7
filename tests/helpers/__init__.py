"""Helpers shared by the tests (one place: docs/testing.md).

:func:`mapref` runs the ``mapref`` command in the test's own process: ``mapref.cli.main(argv)``
with its output captured, as ``mapref ARGS`` would run in a shell.  Tests use it wherever the
process itself is not what they are about; the few that are (the installed entry point, exit
codes seen by a shell, signals, the encoding of a locale, two processes at once) start a real
``python -m mapref``.
"""

from __future__ import annotations

import contextlib
import io
import os
from dataclasses import dataclass

from hypothesis import settings


@dataclass
class Run:
    """What a ``mapref`` command did: like :class:`subprocess.CompletedProcess` with text output."""

    args: list[str]
    returncode: int
    stdout: str
    stderr: str


class _Output(io.StringIO):
    def close(self) -> None:  # mapref closes stderr on a broken pipe: keep what it wrote
        pass


def mapref(*args, cwd=None, env: dict[str, str | None] | None = None) -> Run:
    """``mapref ARGS`` in this process, in the folder ``cwd`` (the current one by default), with
    the environment variables ``env`` set (``None`` unsets one) for the call only.  Afterwards the
    folder, the environment and the rulesets registered are as they
    were, as after a process that ended."""
    from mapref.cli import main
    from mapref.rules import registry

    argv = [os.fspath(a) for a in args]
    out, err = _Output(), _Output()
    here = os.getcwd()
    saved_env = {k: os.environ.get(k) for k in (env or {})}
    loaded, registered = dict(registry._LOADED), set(registry._REGISTERED)
    try:
        if cwd is not None:
            os.chdir(cwd)
        _set_env(env or {})
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(argv)
            except SystemExit as e:  # argparse's --help and the like
                code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
                if not isinstance(e.code, (int, type(None))):
                    print(e.code, file=err)
    finally:
        os.chdir(here)
        _set_env(saved_env)
        registry._LOADED.clear()
        registry._LOADED.update(loaded)
        registry._REGISTERED.clear()
        registry._REGISTERED.update(registered)
    return Run(argv, code if code is not None else 0, out.getvalue(), err.getvalue())


def _set_env(env: dict[str, str | None]) -> None:
    for k, v in env.items():
        if v is None:
            os.environ.pop(k, None)
        else:
            os.environ[k] = v


def mapref_process(*args, cwd=None, env: dict[str, str] | None = None, timeout: float = 120):
    """``python -m mapref ARGS`` as a real process (for the tests about the process itself), with
    this checkout first on its path and the variables ``env`` added to the environment: a
    :class:`subprocess.CompletedProcess` with text output."""
    import subprocess
    import sys
    from pathlib import Path

    root = str(Path(__file__).resolve().parents[2])
    return subprocess.run(
        [sys.executable, "-m", "mapref", *map(os.fspath, args)],
        capture_output=True,
        text=True,
        cwd=cwd,
        env={**os.environ, "PYTHONPATH": root, **(env or {})},
        timeout=timeout,
        stdin=subprocess.DEVNULL,
    )


def examples(n: int) -> int:
    """How many examples a property test that asks for ``n`` runs: ``n`` under the Hypothesis
    profile "ci" (the default, tests/conftest.py), twenty times as many under "long"."""
    return n * max(1, settings().max_examples // 100)


class Allocations:
    """What code allocates while it is watched, not what the process grows by: Python's peak
    (tracemalloc) and the peak of Pillow's image memory, which tracemalloc does not see (Pillow
    allocates in C), counted in blocks of one megabyte and sampled at each :meth:`sample` and
    while :meth:`wait` runs.  ``with Allocations() as mem: ...``, then ``mem.peak_mb``."""

    BLOCK = 1 << 20

    def __enter__(self) -> Allocations:
        import tracemalloc

        from PIL import Image

        self._block = Image.core.get_block_size()
        Image.core.set_block_size(self.BLOCK)
        self._live0 = self._live()
        self.pillow_peak = 0
        self.python_peak = 0
        tracemalloc.start()
        return self

    @staticmethod
    def _live() -> int:
        from PIL import Image

        s = Image.core.get_stats()
        return s["allocated_blocks"] + s["reused_blocks"] - s["freed_blocks"] - s["blocks_cached"]

    def sample(self) -> None:
        self.pillow_peak = max(self.pillow_peak, (self._live() - self._live0) * self.BLOCK)

    def wait(self, root, busy, timeout: float = 120.0) -> None:
        """Process ``root``'s events while ``busy()`` (a worker reading, say), sampling; the
        timeout only ends a hang."""
        import time

        end = time.monotonic() + timeout
        while busy() and time.monotonic() < end:
            root.update()
            self.sample()
            time.sleep(0.005)
        self.sample()

    def __exit__(self, *exc) -> None:
        import tracemalloc

        from PIL import Image

        self.sample()
        self.python_peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        Image.core.set_block_size(self._block)

    @property
    def peak_mb(self) -> float:
        return (self.python_peak + self.pillow_peak) / (1 << 20)
