#!/usr/bin/env python3
"""Mutation testing: do the tests catch the bugs that matter?  (issue 36; docs/testing.md)

    tools/mutation [--seed 36] [--sample 60] [--module PATH ...] [--jobs 1] [--list] [--mutant N]

Each mutant is one small change to one module's code, as a bug would make it: a comparison
turned (``<`` to ``<=``, ``==`` to ``!=``, ``in`` to ``not in``), ``and`` to ``or``, a ``not``
dropped, an arithmetic or bitwise operator swapped (``+``/``-``, ``|``/``&``), a number one more,
``True``/``False`` swapped, a string spoiled (``"XXabcXX"``), ``break``/``continue`` swapped, a
returned value or an assigned one made ``None``.  Docstrings and type annotations are left alone.
A seeded sample of each module's mutants is run against the tests that exercise that module
(:data:`TARGETS`), each mutant in a fresh ``pytest -x`` whose processes all import the mutated
module (the tests' own subprocesses too: a ``.pth`` hook in the environment, installed for the
run and removed after it, mutates the module as it is imported when ``MAPREF_MUTANT`` says so).
A mutant is killed when a test fails (or the run passes its time cap); it survives when every
test passes.  The score is killed / (sampled - equivalent); the equivalent mutants (no behaviour
can tell them from the code: :data:`EQUIVALENT`, with why) are listed in docs/testing.md.

This is not run by CI (a sample of 60 mutants of four modules takes an hour or more on two
cores); the wrapper ``tools/mutation`` runs it at ``nice -n 10``.  mutmut 3 was the first choice:
its mutants live in a copy of the tree that the tests' own subprocesses (the killed saves, the
two windows) never import, and it runs every mutant rather than a seeded sample.
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import random
import signal
import subprocess
import sys
import sysconfig
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# the module -> the tests that exercise it (fast and close first: a failing test stops the run)
TARGETS = {
    "mapref/io/atomic.py": [
        "tests/io/test_atomic.py",
        "tests/test_cli_outputs.py",
        "tests/test_reliability_issue36.py",
        "tests/rules/test_two_windows.py",
        "tests/test_reliability_games.py",
        "tests/rules/test_journal.py",
    ],
    "mapref/rulesets/hitlers_war/stacking.py": [
        "tests/rules/test_stacking.py",
        "tests/rules/test_mutants_issue36.py",
        "tests/rules/test_hw_second_pass.py",
        "tests/rules/test_referee2.py",
        "tests/rules/test_hw_fourth_pass.py",
        "tests/rules/test_referee_actions.py",
    ],
    "mapref/rules/session.py": [
        "tests/rules/test_mutants_issue36.py",
        "tests/rules/test_engine.py",
        "tests/rules/test_journal.py",
        "tests/rules/test_two_windows.py",
        "tests/test_reliability_games.py",
        "tests/rules/test_referee_actions.py",
    ],
    "mapref/rules/supply.py": [
        "tests/rules/test_supply.py",
        "tests/rules/test_supply_bits.py",
        "tests/rules/test_supply_fast.py",
        "tests/rules/test_pockets.py",
        "tests/rules/test_mutants_issue36.py",
        "tests/rules/test_routes.py",
        "tests/rules/test_fleet_seas.py",
    ],
}

# mutants no test can tell from the code (the key as --list prints it): why each is equivalent
EQUIVALENT: dict[str, dict[str, str]] = {
    "mapref/io/atomic.py": {
        "Hold.__init__: x = value -> x = None [self.released = False]": "None is false as False is: "
        "release() reads it only as a truth value",
        "_alive: > -> >= [pid > 0]": "pid 0 never reaches it: clean_stale_temps asks only for a pid it read "
        "(non-zero), and os.kill(0, 0) raises nothing",
        "clean_stale_temps: < -> <= [now - st.st_mtime < STALE_AFTER]": "differs only when a temporary is "
        "exactly an hour old to the clock's last digit, at the instant it is looked at",
        "_fsync_dir: '.' -> 'XX...XX' [\".\"]": "a Path is never false: the '.' is never used",
        "_fsync_dir: 0 -> 1 [0]": "the default of getattr(os, 'O_DIRECTORY', 0): Linux has O_DIRECTORY",
        "holder: 0 -> 1 [0]": "the default of getattr(os, 'O_NOFOLLOW', 0): Linux has O_NOFOLLOW",
        "try_hold: 0.02 -> 1.02 [0.02]": "how long it waits between tries, not what it decides",
        "_keep_backup: 1 -> 2 [1]": "the size of the chunks a backup is copied in (1 MiB or 2), not what is copied",
        "holder: 32 -> 33 [32]": "a holder writes its pid (at most 8 bytes): reading 32 or 33 bytes reads it whole",
        "try_hold: 32 -> 33 [32]": "as above",
        "file_lock: 32 -> 33 [32]": "as above",
        "try_hold: 0 -> 1 [0]": "ftruncate to 1 byte, then the pid (two bytes or more) written at 0 over it: the "
        "same file (unless that write fails after the truncation: the note of who holds is kept either way)",
    },
    "mapref/rules/session.py": {
        "ActionStep.undo: and -> or [session.game.log and session.game.log[-1] is self.entry]": "the step undone "
        "is always the last logged (apply, undo, redo and recovery keep history and log in step): both pop it",
        "GameSession.invalidate: 1 -> 2 [1]": "the version is only ever compared for equality (the report's cache)",
        "ActionStep.undo: is -> is not [session.game.log[-1] is self.entry]": "as above: the step undone is the last "
        "logged, which the other branch removes just the same",
        "GameSession._new_problems: return x -> return None [return []]": "None is as false as []: both callers "
        "only ask whether there are problems before reading one",
        "GameSession._new_problems: return x -> return None [return []] #2": "as above",
        "ActionStep.undo: is not -> is [e is not self.entry]": "in the branch no undo reaches (the step undone is "
        "the last logged)",
        'GameSession._new_problems: or -> and [self.path or "<game>"]': "the name a state is read under shows only "
        "in a problem's file, which these refusals leave out (they say the key and the message)",
        "GameSession._new_problems: '<game>' -> 'XX...XX' [\"<game>\"]": "as above",
        'GameSession._new_problems: or -> and [self.path or "<game>"] #2': "as above",
        "GameSession._new_problems: '<game>' -> 'XX...XX' [\"<game>\"] #2": "as above",
        "GameSession.save: x = value -> x = None [old = self.game.path]": "Journal.saved takes the old path and "
        "never reads it (the journal's paths are its own)",
    },
    "mapref/rules/supply.py": {
        "LevelTree.copy: x = value -> x = None [t._code = self._code]": "a cache: a copy without it works its "
        "code out again, the same",
        "_updated: is -> is not [t._par is None]": "where a search starts from, not what it finds: a trace whose "
        "search is done never reads the point to resume from, one without it searches from the sources",
        "Inputs._keep: x = value -> x = None [lists[key] = (self.zone, value)]": "a cache: a value not kept is "
        "worked out again, the same",
        "LevelTree.__getitem__: return x -> return None [return UNSEEN]": "the line says it: a reached space always "
        "has a neighbour one level nearer, so the loop always returns first",
        "sea_bits: * -> / [len(irregular) * 8]": "chooses between the search over bits and the breadth-first one, "
        "which reach the same spaces (tests/rules/test_supply_bits.py holds them to each other)",
        "_make_plan: 8 -> 9 [8]": "as above: when the plan over bits is made at all",
        "search: 1 -> 2 [1]": "the code of a kind the graph does not have: -1 or -2, no connection has either",
    },
    "mapref/rulesets/hitlers_war/stacking.py": {
        "check_stacking: continue -> break [continue]": "spaces are walked sorted; every hex label (A1..U21) "
        "sorts before 'box:', so after the first box come only boxes, which are skipped either way",
        "check_build: 'stacking.build_over_' -> 'XX...XX' [\"stacking.build_over_ten\"]": "the code of a build's "
        "violation is read by no one: its one caller (build.py) says the message and the rule",
        "check_build: x = value -> x = None [side = cx.state.side]": "as above: the side of a build's violation is "
        "read by no one",
        "check_build: return x -> return None [return []] #2": "its one caller asks only whether there is a "
        "violation: None is as false as []",
    },
}

HOOK_NAME = "mapref_mutation_hook.pth"

# ------------------------------------------------------------------------------ the mutants
COMPARE = {
    ast.Lt: ast.LtE,
    ast.LtE: ast.Lt,
    ast.Gt: ast.GtE,
    ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.In: ast.NotIn,
    ast.NotIn: ast.In,
    ast.Is: ast.IsNot,
    ast.IsNot: ast.Is,
}
BINARY = {
    ast.Add: ast.Sub,
    ast.Sub: ast.Add,
    ast.Mult: ast.Div,
    ast.Div: ast.Mult,
    ast.FloorDiv: ast.Div,
    ast.Mod: ast.Div,
    ast.Pow: ast.Mult,
    ast.BitOr: ast.BitAnd,
    ast.BitAnd: ast.BitOr,
    ast.BitXor: ast.BitOr,
    ast.LShift: ast.RShift,
    ast.RShift: ast.LShift,
}
SYMBOL = {
    ast.Lt: "<",
    ast.LtE: "<=",
    ast.Gt: ">",
    ast.GtE: ">=",
    ast.Eq: "==",
    ast.NotEq: "!=",
    ast.In: "in",
    ast.NotIn: "not in",
    ast.Is: "is",
    ast.IsNot: "is not",
    ast.Add: "+",
    ast.Sub: "-",
    ast.Mult: "*",
    ast.Div: "/",
    ast.FloorDiv: "//",
    ast.Mod: "%",
    ast.Pow: "**",
    ast.BitOr: "|",
    ast.BitAnd: "&",
    ast.BitXor: "^",
    ast.LShift: "<<",
    ast.RShift: ">>",
    ast.And: "and",
    ast.Or: "or",
}


@dataclass
class Mutant:
    index: int
    line: int
    where: str  # the function (or class, or "module") it is in
    what: str  # "a < b -> a <= b"
    source: str  # the code it changes, as written

    nth: int = 1  # the same change of the same code in the same function: which one (in walk order)

    @property
    def key(self) -> str:
        return f"{self.where}: {self.what} [{self.source[:80]}]" + (f" #{self.nth}" if self.nth > 1 else "")


def _skipped(tree: ast.AST) -> set[int]:
    """ids of nodes never mutated: docstrings, annotations, __all__, imports, f-string parts."""
    out: set[int] = set()

    def drop(node) -> None:
        if node is not None:
            out.update(id(n) for n in ast.walk(node))

    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                drop(body[0])
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            drop(node.returns)
            for a in node.args.args + node.args.kwonlyargs + node.args.posonlyargs:
                drop(a.annotation)
            for a in (node.args.vararg, node.args.kwarg):
                if a is not None:
                    drop(a.annotation)
        elif isinstance(node, ast.AnnAssign):
            drop(node.annotation)
        elif isinstance(node, (ast.Import, ast.ImportFrom, ast.JoinedStr)):
            drop(node)
        elif isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets):
            drop(node)
        elif isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            drop(node)  # a string standing alone (an attribute's docstring)
    return out


def _owners(tree: ast.AST) -> dict[int, str]:
    """id(node) -> the qualified name of the function or class it is in."""
    out: dict[int, str] = {}

    def visit(node, name: str) -> None:
        for child in ast.iter_child_nodes(node):
            inner = name
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                inner = f"{name}.{child.name}" if name != "module" else child.name
            out[id(child)] = inner
            visit(child, inner)

    visit(tree, "module")
    return out


def _candidates(tree: ast.AST):
    """(node, what, apply) for each mutant of ``tree``, in a fixed order; ``apply()`` makes it."""
    skip = _skipped(tree)
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Compare):
            for i, op in enumerate(node.ops):
                new = COMPARE.get(type(op))
                if new is not None:
                    yield node, f"{SYMBOL[type(op)]} -> {SYMBOL[new]}", _set_item(node.ops, i, new())
        elif isinstance(node, ast.BoolOp):
            new = ast.Or if isinstance(node.op, ast.And) else ast.And
            yield node, f"{SYMBOL[type(node.op)]} -> {SYMBOL[new]}", _set_attr(node, "op", new())
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            yield node, "not x -> x", None  # (made by the parent: see _replace_not)
        elif isinstance(node, (ast.BinOp, ast.AugAssign)):
            new = BINARY.get(type(node.op))
            if new is not None:
                yield node, f"{SYMBOL[type(node.op)]} -> {SYMBOL[new]}", _set_attr(node, "op", new())
        elif isinstance(node, ast.Constant):
            v = node.value
            if isinstance(v, bool):
                yield node, f"{v} -> {not v}", _set_attr(node, "value", not v)
            elif isinstance(v, int):
                yield node, f"{v} -> {v + 1}", _set_attr(node, "value", v + 1)
            elif isinstance(v, float):
                yield node, f"{v} -> {v + 1}", _set_attr(node, "value", v + 1)
            elif isinstance(v, str) and v:
                yield node, f"{v[:20]!r} -> 'XX...XX'", _set_attr(node, "value", f"XX{v}XX")
        elif isinstance(node, ast.Break):
            yield node, "break -> continue", None
        elif isinstance(node, ast.Continue):
            yield node, "continue -> break", None
        elif isinstance(node, ast.Return) and node.value is not None:
            if not (isinstance(node.value, ast.Constant) and node.value.value is None):
                yield node, "return x -> return None", _set_attr(node, "value", ast.Constant(None))
        elif isinstance(node, ast.Assign) and not (isinstance(node.value, ast.Constant) and node.value.value is None):
            yield node, "x = value -> x = None", _set_attr(node, "value", ast.Constant(None))
        elif isinstance(node, ast.Lambda):
            yield node, "lambda: x -> lambda: None", _set_attr(node, "body", ast.Constant(None))


def _set_item(seq: list, i: int, value):
    def apply():
        seq[i] = value

    return apply


def _set_attr(node, attr: str, value):
    def apply():
        setattr(node, attr, value)

    return apply


class _Swap(ast.NodeTransformer):
    """Replaces one node (by id) with what ``make(node)`` returns."""

    def __init__(self, target: int, make) -> None:
        self.target, self.make = target, make

    def visit(self, node):
        if id(node) == self.target:
            return self.make(node)
        return self.generic_visit(node)


def mutants(source: str, path: str = "") -> list[Mutant]:
    tree = ast.parse(source, path)
    owners = _owners(tree)
    out = []
    seen: dict[tuple, int] = {}
    for i, (node, what, _apply) in enumerate(_candidates(tree)):
        seg = ast.get_source_segment(source, node) or ""
        x = Mutant(i, getattr(node, "lineno", 0), owners.get(id(node), "module"), what, " ".join(seg.split()))
        same = (x.where, x.what, x.source[:80])
        seen[same] = x.nth = seen.get(same, 0) + 1
        out.append(x)
    return out


def mutated_tree(source: str, index: int, path: str = "") -> ast.Module:
    """The module's tree with mutant ``index`` made."""
    tree = ast.parse(source, path)
    for i, (node, what, apply) in enumerate(_candidates(tree)):
        if i != index:
            continue
        if apply is not None:
            apply()
        elif what == "not x -> x":
            tree = _Swap(id(node), lambda n: n.operand).visit(tree)
        elif what == "break -> continue":
            tree = _Swap(id(node), lambda n: ast.copy_location(ast.Continue(), n)).visit(tree)
        elif what == "continue -> break":
            tree = _Swap(id(node), lambda n: ast.copy_location(ast.Break(), n)).visit(tree)
        return ast.fix_missing_locations(tree)
    raise IndexError(f"{path}: no mutant {index}")


# ------------------------------------------------------------------ the hook in every process
HOOK = """
import ast, importlib.abc, importlib.machinery, os, sys
_name, _, _index = os.environ["MAPREF_MUTANT"].rpartition(":")
sys.path.insert(0, {tools!r})
import mutation as _mutation
sys.path.pop(0)


class _Loader(importlib.abc.Loader):
    def __init__(self, origin):
        self.origin = origin

    def create_module(self, spec):
        return None

    def exec_module(self, module):
        with open(self.origin, encoding="utf-8") as f:
            source = f.read()
        tree = _mutation.mutated_tree(source, int(_index), self.origin) if int(_index) >= 0 else ast.parse(source)
        exec(compile(tree, self.origin, "exec"), module.__dict__)


class _Finder:
    @staticmethod
    def find_spec(name, path=None, target=None):
        if name != _name:
            return None
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        if spec is not None:
            spec.loader = _Loader(spec.origin)
        return spec


sys.meta_path.insert(0, _Finder)
"""


def _site_packages() -> Path:
    return Path(sysconfig.get_paths()["purelib"])


def install_hook() -> Path:
    """The .pth line that makes every Python of this environment import the mutant (only when
    MAPREF_MUTANT is set)."""
    hook = ROOT / "tools" / ".mutation_hook.py"
    hook.write_text(HOOK.format(tools=str(ROOT / "tools")), encoding="utf-8")
    pth = _site_packages() / HOOK_NAME
    pth.write_text(
        f"import os; exec(compile(open({str(hook)!r}).read(), {str(hook)!r}, 'exec'), "
        "{'__name__': 'mapref_mutation_hook'}) if os.environ.get('MAPREF_MUTANT') else None\n",
        encoding="utf-8",
    )
    return pth


def remove_hook() -> None:
    for p in (_site_packages() / HOOK_NAME, ROOT / "tools" / ".mutation_hook.py"):
        try:
            p.unlink()
        except FileNotFoundError:
            pass


# -------------------------------------------------------------------------------- running
def dotted(path: str) -> str:
    return path[: -len(".py")].replace("/", ".")


def run_tests(module: str, index: int, tests: list[str], timeout: float) -> tuple[str, float, str]:
    """("killed" | "survived" | "timeout", seconds, the last lines of the output)."""
    env = {**os.environ, "MAPREF_MUTANT": f"{dotted(module)}:{index}", "PYTHONDONTWRITEBYTECODE": "1"}
    cmd = [sys.executable, "-m", "pytest", "-x", "-q", "-n0", "-p", "no:cacheprovider", "-m", "not slow", *tests]
    t0 = time.monotonic()
    p = subprocess.Popen(
        cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True
    )
    try:
        out, _ = p.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        out, _ = p.communicate()
        return "timeout", time.monotonic() - t0, out[-2000:]
    took = time.monotonic() - t0
    return ("survived" if p.returncode == 0 else "killed"), took, out[-2000:]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=36)
    ap.add_argument("--sample", type=int, default=60, help="mutants a module (default 60; 0: all)")
    ap.add_argument("--module", action="append", default=None, help="a module's path (default: every TARGETS one)")
    ap.add_argument("--list", action="store_true", help="list every mutant of the modules, run nothing")
    ap.add_argument("--mutant", type=int, action="append", default=None, help="run only these mutants (by index)")
    ap.add_argument("--json", default=None, help="write the results here as JSON too")
    args = ap.parse_args(argv)
    modules = args.module or list(TARGETS)
    for m in modules:
        if m not in TARGETS:
            ap.error(f"{m}: no tests known for it (TARGETS in tools/mutation.py)")
    if args.list:
        for m in modules:
            for x in mutants((ROOT / m).read_text(encoding="utf-8"), m):
                print(f"{m}:{x.index}: line {x.line}: {x.key}")
        return 0
    results: dict = {}
    pth = install_hook()
    try:
        for m in modules:
            results[m] = run_module(m, args)
    finally:
        remove_hook()
        _ = pth
    print()
    print(f"seed {args.seed}, sample {args.sample or 'all'} a module")
    for m, r in results.items():
        print(f"{m}: {r['score']}")
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1), encoding="utf-8")
    return 0


def run_module(m: str, args) -> dict:
    source = (ROOT / m).read_text(encoding="utf-8")
    every = mutants(source, m)
    tests = [t for t in TARGETS[m] if (ROOT / t).exists()]
    if args.mutant:
        chosen = [every[i] for i in args.mutant]
    elif args.sample and args.sample < len(every):
        chosen = sorted(random.Random(f"{args.seed}-{m}").sample(every, args.sample), key=lambda x: x.index)
    else:
        chosen = every
    print(f"{m}: {len(every)} mutants, running {len(chosen)} against {len(tests)} test files", flush=True)
    status, base, out = run_tests(m, -1, tests, 3600)
    if status != "survived":
        raise SystemExit(f"{m}: the tests fail without a mutant:\n{out}")
    print(f"  the tests pass as the code is, in {base:.0f} s", flush=True)
    equivalent = EQUIVALENT.get(m, {})
    rows = []
    for x in chosen:
        if x.key in equivalent:
            rows.append({"index": x.index, "line": x.line, "key": x.key, "status": "equivalent"})
            print(f"  {x.index:4} line {x.line:4} equivalent  {x.key}", flush=True)
            continue
        status, took, out = run_tests(m, x.index, tests, 3 * base + 60)
        rows.append({"index": x.index, "line": x.line, "key": x.key, "status": status, "seconds": round(took, 1)})
        print(f"  {x.index:4} line {x.line:4} {status:10} {took:5.0f} s  {x.key}", flush=True)
    killed = sum(r["status"] in ("killed", "timeout") for r in rows)
    counted = sum(r["status"] != "equivalent" for r in rows)
    score = (
        f"{killed}/{counted} killed = {100 * killed / max(counted, 1):.0f}% "
        f"({len(rows) - counted} equivalent; {len(every)} mutants in all)"
    )
    survivors = [r for r in rows if r["status"] == "survived"]
    if survivors:
        print("  survived:")
        for r in survivors:
            print(f"    {r['index']:4} line {r['line']:4} {r['key']}")
    print(f"  {m}: {score}", flush=True)
    return {"score": score, "mutants": len(every), "rows": rows}


if __name__ == "__main__":
    sys.exit(main())
