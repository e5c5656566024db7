"""The layers of mapref (docs/architecture.md): the import rules are import-linter's contracts
(``[tool.importlinter]`` in pyproject.toml, run by tools/run-tests as ``lint-imports``, every
import counted, those inside functions too); here, that they hold, and what no import shows."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PKG = ROOT / "mapref"


def test_the_import_contracts_hold():
    lint = Path(sys.executable).with_name("lint-imports")
    r = subprocess.run([str(lint), "--no-cache"], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr
    assert "0 broken" in r.stdout


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
