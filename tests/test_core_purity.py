"""Importing the rules core loads no Tk (the static rule, no import of tkinter or PIL below the
window, is import-linter's: pyproject.toml, tests/test_layers.py)."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_importing_the_core_loads_no_tkinter():
    import subprocess
    import sys

    code = (
        "import sys, mapref.core.grid, mapref.core.model, mapref.core.graph, mapref.io.mapfile, mapref.io.anyfile;"
        "import pkgutil, importlib, mapref.rules;"
        "[importlib.import_module('mapref.rules.' + m.name) for m in pkgutil.iter_modules(mapref.rules.__path__)];"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('tkinter', 'PIL', '_tkinter')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert out.stdout.strip() == "[]"
