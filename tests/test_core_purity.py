"""The rules core never imports the user interface or the image library."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PURE = ["mapref/core", "mapref/io", "mapref/rules", "mapref/rulesets"]
FORBIDDEN = ("tkinter", "PIL", "_tkinter", "mapref.ui", "mapref.render")


def imported_modules(path: Path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                yield a.name
        elif isinstance(node, ast.ImportFrom) and node.module:
            yield node.module


def test_core_io_and_rules_import_no_tkinter_or_pil():
    files = [p for d in PURE for p in (ROOT / d).rglob("*.py")]
    assert len(files) >= 5
    bad = [
        (str(p.relative_to(ROOT)), mod)
        for p in files
        for mod in imported_modules(p)
        if any(mod == f or mod.startswith(f + ".") for f in FORBIDDEN)
    ]
    assert bad == []


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
