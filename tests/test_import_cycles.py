"""No import cycle in mapref, imports made inside functions counted (issue 32), walked by the one
import walker, tools/importgraph.py. The cycles of today are listed in ``KNOWN`` (each by its
modules), a list that only shrinks: a new cycle fails, and so does a listed one that is gone or
changed (take it off, or write it as it now is, in the same commit). Never hide a cycle with an
import inside a function: the walk sees it."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))

import importgraph

PKG = Path(__file__).resolve().parents[1] / "mapref"

KNOWN = [
    {"mapref.rules.files", "mapref.rules.registry", "mapref.rules.ruleset"},
    {"mapref.rules.journal", "mapref.rules.session"},
]


def test_no_new_import_cycle_and_the_known_ones_only_go():
    found = [set(c) for c in importgraph.cycles(importgraph.graph(PKG))]
    new = [sorted(c) for c in found if c not in KNOWN]
    gone = [sorted(c) for c in KNOWN if c not in found]
    assert not new, f"new import cycles (break them; never add them to KNOWN): {new}"
    assert not gone, f"gone or changed: take these off KNOWN in tests/test_import_cycles.py: {gone}"
