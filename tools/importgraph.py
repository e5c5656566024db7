#!/usr/bin/env python3
"""The import graph of a Python package, every import counted: those at the top of a module and
those made inside a function (or under ``if TYPE_CHECKING``), read with ``ast`` (nothing is
imported). It knows no project: give it the package's folder.

    python tools/importgraph.py mapref                 # the cycles (strongly connected components)
    python tools/importgraph.py mapref --within mapref.rulesets.hitlers_war --deferred

Each cycle is printed with its modules; ``--deferred`` lists the imports made inside functions
(with their lines), ``--edges`` every arrow. The exit status is 1 when there is a cycle. Tests
use ``graph(root)`` and ``cycles(edges)`` the same way.
"""

from __future__ import annotations

import argparse
import ast
import sys
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Import:
    """One arrow: ``source`` imports ``target`` at ``line``; ``deferred`` when made inside a
    function or class body's method (not at module level)."""

    source: str
    target: str
    line: int
    deferred: bool


def module_names(root: Path) -> dict[str, Path]:
    """Every module of the package at ``root`` (a folder with ``__init__.py``) by dotted name."""
    root = root.resolve()
    base = root.parent
    out = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(base).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _resolve(source: str, is_package: bool, level: int, module: str | None) -> str:
    if level == 0:
        return module or ""
    parts = source.split(".")
    if not is_package:
        parts = parts[:-1]
    parts = parts[: len(parts) - (level - 1)] if level > 1 else parts
    return ".".join(parts + ([module] if module else []))


def _in_function(tree: ast.AST) -> list[tuple[ast.AST, bool]]:
    """Every import node with whether it sits inside a function."""
    found: list[tuple[ast.AST, bool]] = []

    def walk(node: ast.AST, inside: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                found.append((child, inside))
            walk(child, inside or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)))

    walk(tree, False)
    return found


def imports(root: Path) -> list[Import]:
    """Every import inside the package at ``root`` of one of its own modules (a name imported
    from a package is an arrow to that submodule when it is one, else to the package)."""
    mods = module_names(root)
    out = []
    for name, path in mods.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        is_package = path.name == "__init__.py"
        for node, deferred in _in_function(tree):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            else:
                assert isinstance(node, ast.ImportFrom)
                base = _resolve(name, is_package, node.level, node.module)
                for a in node.names:
                    sub = f"{base}.{a.name}"
                    targets.append(sub if sub in mods else base)
            for t in targets:
                # `import a.b.c` loads a, a.b and a.b.c: the arrow goes to the deepest module known
                while t and t not in mods:
                    t = t.rpartition(".")[0]
                if t and t != name:
                    out.append(Import(name, t, node.lineno, deferred))
    return out


def graph(root: Path) -> dict[str, set[str]]:
    """The arrows of ``imports(root)`` as module -> the modules it imports."""
    g: dict[str, set[str]] = {m: set() for m in module_names(root)}
    for imp in imports(root):
        g[imp.source].add(imp.target)
    return g


def cycles(g: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative), largest
    first, each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on: set[str] = set()
    stack: list[str] = []
    out: list[list[str]] = []
    counter = 0
    for start in sorted(g):
        if start in index:
            continue
        work = [(start, iter(sorted(g.get(start, ()))))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on.add(start)
        while work:
            v, it = work[-1]
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(g.get(w, ())))))
                    break
                if w in on:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    comp = []
                    while True:
                        w = stack.pop()
                        on.discard(w)
                        comp.append(w)
                        if w == v:
                            break
                    if len(comp) > 1:
                        out.append(sorted(comp))
    return sorted(out, key=lambda c: (-len(c), c))


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("root", type=Path, help="the package's folder (with __init__.py)")
    p.add_argument("--within", default="", help="only modules under this dotted prefix")
    p.add_argument("--deferred", action="store_true", help="list the imports made inside functions")
    p.add_argument("--edges", action="store_true", help="list every arrow")
    a = p.parse_args(argv)

    def keep(m: str) -> bool:
        return not a.within or m == a.within or m.startswith(a.within + ".")

    imps = [i for i in imports(a.root) if keep(i.source) and keep(i.target)]
    g: dict[str, set[str]] = {m: set() for m in module_names(a.root) if keep(m)}
    for i in imps:
        g[i.source].add(i.target)
    found = cycles(g)
    deferred = [i for i in imps if i.deferred]
    print(f"{len(g)} modules, {len(imps)} imports ({len(deferred)} inside functions), {len(found)} cycle(s)")
    for c in found:
        print(f"cycle of {len(c)}: {' '.join(c)}")
    if a.deferred:
        for i in sorted(deferred, key=lambda i: (i.source, i.line)):
            print(f"deferred {i.source}:{i.line} -> {i.target}")
    if a.edges:
        for i in sorted(imps, key=lambda i: (i.source, i.line)):
            print(f"{i.source}:{i.line} -> {i.target}{' (in function)' if i.deferred else ''}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
