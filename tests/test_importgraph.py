"""tools/importgraph.py: the import walk every cycle test uses (in-function imports counted)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))

import importgraph


def package(tmp_path: Path, files: dict[str, str]) -> Path:
    root = tmp_path / "pkg"
    for name, text in files.items():
        p = root / name
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text, encoding="utf-8")
    return root


def test_a_cycle_hidden_in_a_function_is_a_cycle(tmp_path):
    root = package(
        tmp_path,
        {
            "__init__.py": "",
            "low.py": "def f():\n    from pkg.high import g\n    return g\n",
            "high.py": "from pkg import low\n",
            "alone.py": "import pkg.low\n",
        },
    )
    imps = importgraph.imports(root)
    assert {(i.source, i.target, i.deferred) for i in imps} == {
        ("pkg.low", "pkg.high", True),
        ("pkg.high", "pkg.low", False),
        ("pkg.alone", "pkg.low", False),
    }
    assert importgraph.cycles(importgraph.graph(root)) == [["pkg.high", "pkg.low"]]


def test_relative_imports_and_subpackages(tmp_path):
    root = package(
        tmp_path,
        {
            "__init__.py": "",
            "sub/__init__.py": "from . import a\n",
            "sub/a.py": "from .b import x\nfrom ..top import y\n",
            "sub/b.py": "x = 1\n",
            "top.py": "from pkg.sub import b\ny = 2\n",
        },
    )
    g = importgraph.graph(root)
    assert g["pkg.sub"] == {"pkg.sub.a"}
    assert g["pkg.sub.a"] == {"pkg.sub.b", "pkg.top"}
    assert g["pkg.top"] == {"pkg.sub.b"}
    assert importgraph.cycles(g) == []


def test_the_command_line_says_which_modules_make_the_circle(tmp_path, capsys):
    root = package(tmp_path, {"__init__.py": "", "a.py": "import pkg.b\n", "b.py": "def f():\n    import pkg.a\n"})
    assert importgraph.main([str(root), "--deferred"]) == 1
    out = capsys.readouterr().out
    assert "cycle of 2: pkg.a pkg.b" in out
    assert "deferred pkg.b:2 -> pkg.a" in out
