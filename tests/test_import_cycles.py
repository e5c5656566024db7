"""No import cycle in mapref, imports made inside functions (and under ``TYPE_CHECKING``) counted
(issue 32), walked by the one import walker, tools/importgraph.py. Break a cycle by moving what
both sides need to a lower module (as mapref.core.board_base is below both boards), or by letting
the lower side say what it reads of the upper one as a protocol (mapref.rules.ruleset's ``Game``);
never by hiding an import inside a function: the walk sees it. ``python tools/importgraph.py
mapref --deferred`` shows where each import stands."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))

import importgraph

PKG = Path(__file__).resolve().parents[1] / "mapref"


def test_no_import_cycle_in_mapref():
    found = [sorted(c) for c in importgraph.cycles(importgraph.graph(PKG))]
    assert not found, f"import cycles in mapref (break them: move what both sides need lower): {found}"
