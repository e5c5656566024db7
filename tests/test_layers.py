"""The layers of mapref (docs/architecture.md), held by reading every module's imports.

- core imports nothing above it; io imports core only (rulesets own their schemas);
- the generic rules import no ruleset (the registry finds games by name);
- a ruleset imports no other game, and no user interface;
- render, ui and cli reach a game only through the registry (mapref.rules.registry).
"""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PKG = ROOT / "mapref"


def imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.add(node.module)
            out |= {f"{node.module}.{a.name}" for a in node.names}
    return {m for m in out if m == "mapref" or m.startswith("mapref.")}


def modules(sub: str) -> list[Path]:
    p = PKG / sub
    return sorted(p.rglob("*.py")) if p.is_dir() else [p]


def offenders(sub: str, allowed) -> list[str]:
    out = []
    for f in modules(sub):
        for m in sorted(imports(f)):
            if not allowed(f, m):
                out.append(f"{f.relative_to(ROOT)} imports {m}")
    return out


def under(m: str, *prefixes: str) -> bool:
    return any(m == p or m.startswith(p + ".") for p in prefixes)


def test_there_are_modules_in_every_layer():
    for sub in ("core", "io", "rules", "rulesets", "render", "ui"):
        assert modules(sub), sub


def test_core_imports_nothing_above_it():
    assert offenders("core", lambda f, m: under(m, "mapref.core")) == []


def test_io_imports_core_only():
    assert offenders("io", lambda f, m: under(m, "mapref.core", "mapref.io", "mapref.paths")) == []


def test_the_generic_rules_import_no_ruleset():
    ok = lambda f, m: under(m, "mapref.core", "mapref.io", "mapref.rules", "mapref.paths")  # noqa: E731
    assert offenders("rules", ok) == []


def test_a_ruleset_imports_no_other_game_and_no_user_interface():
    for game in sorted(p for p in (PKG / "rulesets").iterdir() if p.is_dir() and p.name != "__pycache__"):
        own = f"mapref.rulesets.{game.name}"
        ok = lambda f, m: under(m, "mapref.core", "mapref.io", "mapref.rules", "mapref.paths", own)  # noqa: E731
        assert offenders(f"rulesets/{game.name}", ok) == []


def test_render_ui_and_cli_reach_a_game_only_through_the_registry():
    for sub in ("render", "ui", "cli.py"):
        assert offenders(sub, lambda f, m: not under(m, "mapref.rulesets")) == [], sub


def test_the_name_of_a_game_appears_only_in_its_package_and_the_registry():
    # `grep -rn hitlers_war mapref/` (issue: one engine for many games)
    found = []
    for f in sorted(PKG.rglob("*.py")):
        rel = f.relative_to(PKG).as_posix()
        if rel.startswith("rulesets/hitlers_war/") or rel == "rules/registry.py":
            continue
        for n, line in enumerate(f.read_text(encoding="utf-8").splitlines(), 1):
            if "hitlers_war" in line:
                found.append(f"{rel}:{n}: {line.strip()}")
    assert found == []
