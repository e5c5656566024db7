"""The code's shape (issue 32): no function in mapref over cyclomatic complexity 30 or 100 lines,
no class over 60 methods, measured with radon as the issue measured them.

The offenders once known are listed in ``KNOWN``, each with the file it is in: none left since
issue 32's splits. A function over a limit that is not listed fails, and so does a listed one
that is now within the limits (or gone). Never add to it. A function
nested in another is measured on its own (radon counts its branches apart from its host's; its
lines count in both)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from radon.complexity import cc_visit
from radon.visitors import Class, Function

PKG = Path(__file__).resolve().parent.parent / "mapref"

MAX_COMPLEXITY = 30  # radon's cyclomatic complexity: 1 + each branch, loop, boolean operator, ...
MAX_LINES = 100  # from the def line to the last line of the body, docstring and comments included
MAX_METHODS = 60

# file under mapref/ -> its functions over a limit (Class.method for a method, host.inner for a
# nested function; a class by its name). Never grow it.
KNOWN: dict[str, set[str]] = {}  # empty since issue 32's splits: keep it so


def _functions(blocks, host: str = ""):
    """Every function radon sees, nested ones too, as (name, Function)."""
    for b in blocks:
        if isinstance(b, Function):
            name = f"{host}.{b.name}" if host else b.fullname
            yield name, b
            yield from _functions(b.closures, name)


@cache  # both tests ask; radon reads mapref once
def offenders() -> dict[tuple[str, str], str]:
    """(file under mapref/, name) -> what is over which limit, for every function and class."""
    out = {}
    for path in sorted(PKG.rglob("*.py")):
        rel = path.relative_to(PKG).as_posix()
        blocks = cc_visit(path.read_text(encoding="utf-8"))
        for b in blocks:
            if isinstance(b, Class) and len(b.methods) > MAX_METHODS:
                out[rel, b.name] = f"{len(b.methods)} methods (at most {MAX_METHODS})"
        for name, f in _functions(blocks):
            lines = f.endline - f.lineno + 1
            over = []
            if f.complexity > MAX_COMPLEXITY:
                over.append(f"cyclomatic complexity {f.complexity} (at most {MAX_COMPLEXITY})")
            if lines > MAX_LINES:
                over.append(f"{lines} lines (at most {MAX_LINES})")
            if over:
                out[rel, name] = ", ".join(over)
    return out


def known() -> set[tuple[str, str]]:
    return {(file, name) for file, names in KNOWN.items() for name in names}


def test_no_function_or_class_in_mapref_is_over_the_limits_unless_listed():
    found = offenders()
    new = {f"mapref/{file}: {name}: {why}" for (file, name), why in found.items() if (file, name) not in known()}
    assert not new, (
        "split these into well-named pieces (same behaviour, same tests), never add them to KNOWN:\n"
        + "\n".join(sorted(new))
    )


def test_the_list_of_known_offenders_only_shrinks():
    found = offenders()
    done = {f"mapref/{file}: {name}" for file, name in known() if (file, name) not in found}
    assert not done, "now within the limits (or gone): take these off KNOWN in tests/test_code_shape.py:\n" + "\n".join(
        sorted(done)
    )
