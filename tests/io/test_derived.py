"""The disk store of what mapref works out from a map alone (mapref.io.derived): the newest
KEEP entries stay, older ones go."""

import os

from mapref.io.derived import KEEP, DiskStore


def test_the_newest_entries_stay_and_the_oldest_go(tmp_path):
    store = DiskStore(tmp_path)
    n = KEEP + 3
    for i in range(n):
        store.put(f"k{i}", [i])
        os.utime(tmp_path / f"k{i}.marshal", (1_000_000 + i, 1_000_000 + i))  # written in this order
    store.put(f"k{n - 1}", [n - 1])  # (the last write prunes with every time set)
    kept = sorted(int(p.stem[1:]) for p in tmp_path.glob("*.marshal"))
    assert kept == list(range(n - KEEP, n))
    assert store.get("k0") is None and store.get(f"k{n - 1}") == [n - 1]


# ------------------------------------------------------------ the data classes' generated code
# A process that makes data classes (mapref's own, and some with every option used) and prints
# what they are made of: each generated method's code (mapref.core.graph.code_digest: the same
# code gives the same digest in every process), annotations and defaults, each class's signature,
# and how instances behave; then how many texts it compiled itself.
FINGERPRINT = r"""
import sys
from mapref.io import derived
if sys.argv[1] == "kept":
    derived.keep_generated_code()
import dataclasses, hashlib, inspect, json
from dataclasses import InitVar, dataclass, field
from mapref.core import model
from mapref.rulesets.hitlers_war import scenario, state
from mapref.core.graph import code_digest

@dataclass(frozen=True, order=True)
class Frozen:
    a: int
    b: str = "x"
    c: list = field(default_factory=list, compare=False, repr=False)

@dataclass(slots=True, kw_only=True)
class Slots:
    a: int = 1
    b: tuple = ()

@dataclass(eq=False)
class Post:
    a: int
    b: InitVar[int] = 2
    c: int = field(init=False, default=0)
    def __post_init__(self, b):
        self.c = self.a + b

@dataclass(unsafe_hash=True)
class Hashed:
    self_: int
    object: str = "o"

classes = [c for mod in (model, scenario, state) for c in vars(mod).values()
           if isinstance(c, type) and dataclasses.is_dataclass(c) and c.__module__ == mod.__name__]
classes += [Frozen, Slots, Post, Hashed]
out = {}
for c in classes:
    parts = [str(inspect.signature(c))]
    for name in ("__init__", "__repr__", "__eq__", "__hash__", "__setattr__", "__delattr__",
                 "__lt__", "__le__", "__gt__", "__ge__"):
        f = c.__dict__.get(name)
        f = getattr(f, "__wrapped__", f)
        if callable(f) and hasattr(f, "__code__"):
            h = hashlib.blake2b()
            code_digest(h, f)
            parts.append([name, h.hexdigest(), repr(f.__annotations__), repr(f.__defaults__),
                          repr(f.__kwdefaults__), f.__qualname__, f.__code__.co_filename])
    out[c.__qualname__] = parts
fz = Frozen(1, "y", [3])
try:
    fz.a = 2
except dataclasses.FrozenInstanceError as e:
    out["frozen"] = str(e)
out["behaviour"] = [repr(fz), fz == Frozen(1, "y"), Frozen(0) < fz, hash(fz) == hash(Frozen(1, "y")),
                    repr(Slots(a=3)), Post(1).c, repr(Hashed(1)), hash(Hashed(1)) == hash(Hashed(1)),
                    repr(state.Turn.__init__.__annotations__)]
out["compiled"] = len(derived._code[2]) if derived._code else None
derived.save_generated_code()
print(json.dumps(out))
"""


def _fingerprint(tmp_path, how: str, **env) -> dict:
    import json
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    r = subprocess.run(
        [sys.executable, "-c", FINGERPRINT, how],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(root), "MAPREF_CACHE_DIR": str(tmp_path / "cache"), **env},
        timeout=120,
    )
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def test_data_classes_made_from_the_kept_code_are_made_exactly_as_without_it(tmp_path):
    without = _fingerprint(tmp_path, "plain")
    first = _fingerprint(tmp_path, "kept")  # compiles and keeps
    again = _fingerprint(tmp_path, "kept")  # reads what the first kept
    assert first.pop("compiled") > 100 and again.pop("compiled") == 0
    assert without.pop("compiled") is None
    assert without == first == again
    assert without["frozen"] == "cannot assign to field 'a'"
    assert without["behaviour"][:4] == ["Frozen(a=1, b='y')", True, True, True]


def test_a_damaged_or_foreign_code_entry_is_compiled_again_and_written_over(tmp_path):
    import marshal

    from mapref.io.derived import CODE_KEY, MAGIC

    without = _fingerprint(tmp_path, "plain")
    without.pop("compiled")
    entry = tmp_path / "cache" / f"{CODE_KEY}.marshal"
    entry.parent.mkdir()
    first = _fingerprint(tmp_path, "kept")
    kept = marshal.loads(entry.read_bytes()[len(MAGIC) :])
    # every text's code replaced: by what is not code, by bytes cut short (the folder is the user's
    # own, 0700: like Python's bytecode cache, an entry's code is trusted to be its text's)
    bad = {text: [marshal.dumps(7), b"\xe3\x00", b""][i % 3] for i, text in enumerate(kept)}
    for damaged in (MAGIC + marshal.dumps(bad), MAGIC + b"\x00garbage", b"not mapref's at all", MAGIC):
        entry.write_bytes(damaged)
        got = _fingerprint(tmp_path, "kept")
        compiled = got.pop("compiled")
        assert compiled >= len(kept)  # every text compiled again
        assert got == without
    assert first.pop("compiled") > 100
    assert _fingerprint(tmp_path, "kept")["compiled"] == 0  # written over whole again


def test_code_compiled_after_a_save_in_the_same_process_is_kept_by_the_next_save(tmp_path):
    """A process that runs commands one after another (mapref.cli.main each time) keeps, at
    each command's end, what that command compiled new."""
    code = (
        "from mapref.io import derived\n"
        "derived.keep_generated_code()\n"
        "from dataclasses import dataclass\n"
        "@dataclass\nclass A:\n    a: int\n"
        "derived.save_generated_code()\n"
        "@dataclass\nclass B:\n    b: str\n"
        "print(len(derived._code[2]))\n"
        "derived.save_generated_code()\n"
        "print(len(derived._code[2]))\n"
    )
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONPATH": str(root), "MAPREF_CACHE_DIR": str(tmp_path)}
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == ["3", "0"]  # B's __init__, __repr__, __eq__, then kept
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    assert r.stdout.split() == ["0", "0"]  # A's and B's read back
