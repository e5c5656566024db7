"""The lint of a map as ``mapref check`` prints it: one line per problem, ``FILE:LINE:COL: LEVEL:
MESSAGE [CODE]``, found by the same functions as the editor's problems panel
(:func:`mapref.core.arealint.lint_area` for area maps, :func:`mapref.core.lint.lint` for hex
maps), so the command line and the window never disagree about what is wrong with a map.

Levels: ``error`` (the map is unusable by the rules: ``mapref check`` fails), ``warning``
(``mapref check --strict`` fails) and ``note`` (something left to do, never a failure).
"""

from __future__ import annotations

import re
from collections.abc import Collection
from typing import NamedTuple

from mapref.io.problems import Locator, clip, escape


class LintLine(NamedTuple):
    level: str  # error, warning or note
    code: str
    text: str  # the whole line as printed


def _line(shown: str, line: int | None, col: int | None, level: str, message: str, code: str) -> str:
    where = escape(clip(shown, 400)) or '""'
    if line is not None:
        where += f":{line}" + (f":{col}" if col is not None else "")
    return f"{where}: {level}: {escape(clip(message, 2000))} [{code}]"


def area_lint(
    m, source: str, shown: str, problems: list | None = None, locator: Locator | None = None
) -> list[LintLine]:
    """Every problem of an area map (errors included), in the problems panel's order
    (``problems``: :func:`mapref.core.arealint.lint_area` of the map, when worked out already;
    ``locator``: the source's, when made already)."""
    from mapref.core.arealint import ORDER, lint_area

    found = problems if problems is not None else lint_area(m)
    probs = sorted(found, key=lambda p: ORDER.index(p.code) if p.code in ORDER else len(ORDER))
    if not probs:
        return []  # (a clean map: no key looked up in its file)
    loc = locator if locator is not None else Locator(source)
    out = []
    for p in probs:
        line, col = loc.find(p.key)
        out.append(LintLine(p.level, p.code, _line(shown, line, col, p.level, p.message, p.code)))
    return out


def hex_lint(m, source: str, shown: str, independent: Collection[str] = ()) -> list[LintLine]:
    """The hex map's lint (:mod:`mapref.core.lint`, ``independent`` the allegiances that are no
    power): every problem is a warning, placed on the hex's entry in ``[hexes]`` or its row in the
    terrain layer, a side's entry in ``[hexsides]``, a box's table."""
    from mapref.core.grid import Hex, Hexside
    from mapref.core.lint import lint

    loc = Locator(source)
    lines = source.splitlines()
    terrain_at = loc.positions.get("layers.terrain")

    def place(where) -> tuple[int | None, int | None]:
        if isinstance(where, Hex):
            label = m.grid.label(where)
            if f"hexes.{label}" in loc.positions:
                return loc.positions[f"hexes.{label}"]
            if terrain_at is not None:
                row = re.sub(r"\d+$", "", label) if label[:1].isalpha() else None
                for n in range(terrain_at[0], min(len(lines), terrain_at[0] + m.grid.rows + 40)):
                    if row and re.match(rf'\s*"{re.escape(row)}\s*\|', lines[n]):
                        return n + 1, lines[n].index('"') + 1
                return terrain_at
            return None, None
        if isinstance(where, Hexside):
            return loc.find(f"hexsides.{m.grid.side_label(where)}")
        if isinstance(where, str) and where.startswith("box:"):
            return loc.find(f"boxes.{where[4:]}")
        return None, None

    out = []
    for p in lint(m, independent):
        line, col = place(p.where)
        out.append(LintLine("warning", p.code, _line(shown, line, col, "warning", p.message, p.code)))
    return out


__all__ = ["LintLine", "area_lint", "hex_lint"]
