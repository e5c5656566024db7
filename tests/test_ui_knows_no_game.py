"""The referee's window knows no game (issue 21): it asks the ruleset what to show and offers
what the ruleset offers.  So no game verb (any move of any shipped ruleset's moves table), no
report field, no ruleset name and no probe of what a ruleset happens to have appear in
mapref/ui; and the windows are split so a newcomer finds their room: no class in mapref/ui over
60 methods."""

import ast
import re
from pathlib import Path

from mapref.rules import registry

UI = Path(__file__).resolve().parent.parent / "mapref" / "ui"
# words the map format itself uses (docs/format.md): a hex's or location's "capital", a move
# line's kind "naval", the map editor's "place" mode for an off-map box
MAP_WORDS = {"capital", "naval", "place"}


def game_verbs() -> set[str]:
    out = set()
    for name in registry.names():
        for m in registry.get(name).moves():
            out.add(m.name)
            out.update(getattr(m, "aliases", ()) or ())
    return out


def ui_sources():
    return [(p, p.read_text(encoding="utf-8")) for p in sorted(UI.rglob("*.py"))]


def test_no_game_verb_in_the_windows():
    verbs = game_verbs()
    assert {"move", "capture", "losses", "battle", "attack", "take", "keep"} <= verbs  # the tables are read
    found = []
    for p, text in ui_sources():
        for v in verbs:
            for m in re.finditer(rf"""["']{re.escape(v)}["']""", text):
                if v in MAP_WORDS and p.parent == UI:
                    continue  # the map's own vocabulary in the editors and the canvases
                found.append(f"{p.relative_to(UI)}:{text[: m.start()].count(chr(10)) + 1}: {v}")
    assert found == []


def test_no_report_field_ruleset_name_or_probe_in_the_windows():
    names = set(registry.names())
    found = []
    for p, text in ui_sources():
        for pattern in (
            r"report\s*\[",
            r"as_dict\(\)\s*\[",
            r"""\[["'](armies|hex|battles|locations|counters|production)["']\]""",
            r"hasattr\(",
            r"nations_lines",
        ):
            for m in re.finditer(pattern, text):
                found.append(f"{p.relative_to(UI)}:{text[: m.start()].count(chr(10)) + 1}: {m.group(0)}")
        for n in names:
            for m in re.finditer(rf"""["']{n}["']""", text):
                found.append(f"{p.relative_to(UI)}:{text[: m.start()].count(chr(10)) + 1}: {m.group(0)}")
    assert found == []


def test_the_windows_are_split_in_classes_of_sixty_methods_at_most():
    sizes = {}
    for p in sorted(UI.rglob("*.py")):
        for node in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                sizes[f"{p.name}:{node.name}"] = sum(
                    isinstance(x, (ast.FunctionDef, ast.AsyncFunctionDef)) for x in node.body
                )
    assert {
        "window.py:RefereeWindow",
        "controller.py:Controller",
        "hex_board.py:HexBoard",
        "area_board.py:AreaBoard",
        "tracks_board.py:TracksBoard",
        "side.py:SidePanel",
        "feed.py:Feed",
        "track.py:TurnTrack",
    } <= set(sizes)
    assert {k: n for k, n in sizes.items() if n > 60} == {}
