"""mapref.io.fasttoml reads what tomllib reads, or declines (Unsupported) and tomllib reads it:
on random documents written by mapref's writer and tomli-w, on those documents with random
characters changed, on hand-made corner cases, and on every TOML file of the repository."""

from __future__ import annotations

import random
import tomllib
from pathlib import Path

import pytest
import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mapref.io import fasttoml, tomlwrite
from mapref.io.fasttoml import Unsupported
from tests.helpers import examples

ROOT = Path(__file__).resolve().parents[2]


def agree(src: str) -> bool:
    """fasttoml gives tomllib's result, or declines; True when it read the text itself."""
    try:
        want = tomllib.loads(src)
    except (tomllib.TOMLDecodeError, RecursionError, ValueError):  # ValueError: an integer too long
        want = None
    try:
        got = fasttoml.loads(src)
    except Unsupported:
        return False
    assert want is not None, f"fasttoml read what tomllib refuses:\n{src!r}"
    assert got == want and _types(got) == _types(want), src
    return True


def _types(v):
    if isinstance(v, dict):
        return {k: _types(x) for k, x in v.items()}
    if isinstance(v, list):
        return [_types(x) for x in v]
    return type(v).__name__


keys = st.one_of(
    st.sampled_from(["a", "b", "name", "x-y", "A_1", "0", "", "a b", "é", 'q"uote', "back\\slash", "tab\t"]),
    st.text(max_size=6),
)
scalars = st.one_of(
    st.integers(-(10**12), 10**12),
    st.booleans(),
    st.text(max_size=12),
    st.floats(allow_nan=False, allow_infinity=False, width=64),
    st.sampled_from(["", "\u00e9\u4e2d", "\x7f", '\n\t"\\', "\ud7ff", "\U0001f600"]),
)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(keys, inner, max_size=3)),
    max_leaves=8,
)
documents = st.dictionaries(
    keys,
    st.one_of(
        values,
        st.dictionaries(keys, values, max_size=4),
        st.lists(st.dictionaries(keys, scalars, max_size=3), min_size=1, max_size=3),
    ),
    max_size=6,
)


def mapref_dumps(doc: dict) -> str:
    """Tables as mapref writes them: key = value lines, then [table] and [[array]] sections."""
    lines, tables = [], []
    for k, v in doc.items():
        if isinstance(v, dict) and v and all(not isinstance(x, dict) for x in v.values()):
            tables.append(("t", k, v))
        elif isinstance(v, list) and v and all(isinstance(x, dict) for x in v):
            tables.append(("a", k, v))
        else:
            lines.append(tomlwrite.assign(k, v))
    for kind, k, v in tables:
        for item in v if kind == "a" else [v]:
            lines += ["", f"[[{tomlwrite.key(k)}]]" if kind == "a" else f"[{tomlwrite.key(k)}]"]
            lines += [tomlwrite.assign(ik, iv) for ik, iv in item.items()]
    return "\n".join(lines) + "\n"


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(documents, st.integers(0, 10**9))
def test_random_documents_and_their_mutants(doc, seed):
    agree_with_mutants(doc, seed)


@pytest.mark.slow
@settings(max_examples=examples(400), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(documents, st.integers(0, 10**9))
def test_random_documents_and_their_mutants_at_length(doc, seed):
    agree_with_mutants(doc, seed)


def agree_with_mutants(doc, seed):
    """The document written by tomli_w and as mapref writes tables, and six mutants of each
    (one to three characters changed, inserted or removed): fasttoml and tomllib agree on all."""
    texts = []
    try:
        texts.append(tomli_w.dumps(doc))
    except (TypeError, ValueError):
        pass
    try:
        texts.append(mapref_dumps(doc))
    except (TypeError, ValueError):
        pass
    rnd = random.Random(seed)
    alphabet = " \t\n\r\"\\#=[]{},.0123456789abetruefls+-_e'\x01\x7f:"
    for text in list(texts):
        agree(text)
        for _ in range(6):  # one to three characters changed, inserted or removed
            t = list(text)
            for _ in range(rnd.randint(1, 3)):
                i = rnd.randrange(len(t) + 1)
                op = rnd.randrange(3)
                if op == 0 and t:
                    t[min(i, len(t) - 1)] = rnd.choice(alphabet)
                elif op == 1:
                    t.insert(i, rnd.choice(alphabet))
                elif t:
                    del t[min(i, len(t) - 1)]
            agree("".join(t))


CASES = [
    "a = 1\nb = -0\nc = +5\nd = 1.5\ne = -1e5\nf = 1E+02\ng = true\nh = false\n",
    'a = "x # not a comment" # a comment\n',
    'a = [1, 2,\n  # a comment\n  3,]\nb = [ ]\nc = [[1], ["x"], [{ k = 1 }]]\n',
    "[a.b]\nx = 1\n[a]\ny = 2\n",
    "[a]\n[a.b]\n[a]\n",
    "[[a]]\nx = 1\n[a.b]\ny = 2\n[[a]]\nx = 3\n",
    "a = { x = 1 }\n[a.b]\n",
    "a = [1]\n[[a]]\n",
    "[[a]]\n[a]\n",
    "a = 1\n[a]\n",
    "a = 1\na = 2\n",
    '"a" = 1\na = 2\n',
    "a = { x = 1, x = 2 }\n",
    "a = { x = 1, }\n",
    "a = { x = 1,\n y = 2 }\n",
    "a.b = 1\n",
    "a = 'literal'\n",
    'a = """multi"""\n',
    'a = ""\nb = "\\u00e9\\U0001F600\\t\\"\\\\"\n',
    'a = "\\ud800"\n',
    'a = "\\x41"\n',
    "a = 1979-05-27\n",
    "a = 1_000\n",
    "a = 0x10\n",
    "a = 01\n",
    "a = inf\n",
    "a = nan\n",
    "a = .5\n",
    "a = 5.\n",
    "a = 1\r\nb = 2\r\n",
    "a = 1\rb = 2\n",
    "a = 1 b = 2\n",
    '[ a . "b c" ]\nx = 1\n',
    "[a]]\n",
    "[[a]\n",
    "\ufeffa = 1\n",
    'a = "tab\there"\n',
    'a = "ctl\x01"\n',
    "# only a comment",
    "",
    "a = [1 2]\n",
    "a = [,]\n",
    "a = { }\nb = {}\n",
    'x = { a = "1, b = 2", c = 3 }\n',
    'x = { a = 1, b = "" , c = true}\n',
    'a=1\nb=\t"x"\n',
    # the usual lines of an area map, read in one match each: a header [a.b], key = [...], and a
    # move line's three strings
    '[l.a]\np = [\n  [1, 2], [3.5, -4],\n]\nq = [1.5, 2]\n[l.b]\n[lines]\na-b = { a = "a", b = "b", kind = "land" }\n',
    "[l.a]\nx = 1\n[l.a]\n",
    "[l]\n[l.a]\n[l.a.b]\n[l.a]\n",
    "l = { a = 1 }\n[l.b]\n",
    "[[l]]\n[l.a]\nx = 1\n",
    "l = [1]\n[l.a]\n",
    "[l.a] # a comment\n[l.b]]\n",
    "[l.a]\np = [1]\np = [2]\n",
    "p = [1] x\n",
    "p = [,]\nq = [1,,]\n",
    'x = { a = "1", b = "2", a = "3" }\n',
    'x = { a = "1", b = "2", c = "3" }\nx = { d = "4", e = "5", f = "6" }\n',
    'x = { a = "1", b = "2", c = "3", }\n',
    'x = { a = "1", b = "2", c = "\\n" }\n',
    'x = { a = "1",b="2" ,  c = "" } # note\n',
    'x = { a = "1", b = "2", c = """3""" }\n',
    "p = [[1,],]\nq = [1 ,]\nr = [[1, 2] ,\n]\ns = [[1e5, -0.5],\n  [2, 3],  \n]\n",
]


@pytest.mark.parametrize("src", CASES)
def test_corner_cases(src):
    agree(src)


def test_every_toml_file_of_the_repository_is_read_quickly():
    files = [p for p in ROOT.rglob("*.toml") if ".git" not in p.parts]
    assert files
    for p in files:
        src = p.read_text(encoding="utf-8", errors="replace")
        agree(src)
    for name in ("maps/hitlers_war.toml", "maps/sample.toml", "scenarios/barbarossa.toml"):
        assert agree((ROOT / name).read_text()), name  # mapref's own files: no fallback


# -- a big text's runs (fasttoml._run): the usual statements of a long stretch read at once.  A
# text under fasttoml._BIG characters, or a run under _RUN_MIN, is read statement by statement,
# so these texts are area maps of 600 locations with something else put among them.


def _location(i: int) -> str:
    return (
        f'[locations.l{i}]\nname = "L {i}"\ncolour = "blue"\nvp = {i % 3}\ncapital = {"true" if i % 2 else "false"}\n'
        f"anchor = [{i}.5, -{i}]\npolygon = [\n  [0, 0], [{i}, 1.25], [1e3, -2], [-0.5, {i}],\n]\n\n"
    )


def big_text(extra: str = "", at: int = 300, lines: str = "", nl: str = "\n") -> str:
    """An area map's text (600 locations and their lines) with ``extra`` after location ``at``
    and ``lines`` after its lines; ``nl`` for its line ends."""
    head = '# an area map\nformat = 1\nkind = "area"\n\n[colours]\nblue = { name = "Blue", colour = "#9dbce0" }\n\n'
    locs = [_location(i) for i in range(600)]
    locs.insert(at + 1, extra)
    moves = "".join(f'l{i}-l{i + 1} = {{ a = "l{i}", b = "l{i + 1}", kind = "land" }}\n' for i in range(599))
    text = head + "".join(locs) + "[lines]\n" + moves + lines
    assert len(text) > fasttoml._BIG
    return text.replace("\n", nl)


BIG_READ = [  # fasttoml reads these itself (runs around what it reads statement by statement)
    "",
    "x = 1.5\n",  # a float: not in a run
    'y = "esc\\n"\nz = 2\n',  # a string with an escape
    'c = { a = "1", b = "2" }\n',  # an inline table of two
    "vp2 = 1 # a note\n# a comment line\n\n  w = true  \n",
    "[[extra]]\nx = 1\n[extra.sub]\ny = 2\n[[extra]]\n[extra.sub]\n",  # [a.b] into an array of tables' last
    "[locations]\nsome = 1\n",  # [a] after [a.b]: a key of a
    "p = [1 ,]\nq = [[1, 2] ,\n]\n",  # arrays JSON's reader declines: the run read one by one
    "ok = [\n  [1, 2], # a comment\n]\n",
    "[solo]\nk = 1\n[solo.t]\nk = 2\n",
]
BIG_REFUSED = [  # TOML refuses these (tomllib says why); fasttoml must not read them
    'name = "again"\n',  # a key given twice within a run
    "[locations.l5]\n",  # a table given twice
    "[locations.l5.polygon]\n",  # a header into an array of numbers
    "[[locations.l5.anchor]]\n",
    "[locations.l7]\nx = 1\n",
    "p = [,]\n",
    "n = " + "9" * 5000 + "\n",  # an integer past Python's digits
]


@pytest.mark.parametrize("extra", BIG_READ)
@pytest.mark.parametrize("nl", ["\n", "\r\n"])
def test_a_big_texts_runs_read_what_tomllib_reads(extra, nl):
    assert agree(big_text(extra, nl=nl)), extra


@pytest.mark.parametrize("extra", BIG_REFUSED)
def test_a_big_texts_runs_refuse_what_tomllib_refuses(extra):
    assert not agree(big_text(extra))


@pytest.mark.parametrize(
    "lines",
    [
        "[lines.l1-l2]\n",  # a header into an inline table of a run
        "[lines.l1-l2.x]\n",
        'l3-l4 = { a = "x", b = "y", kind = "z" }\n',  # a key given twice
        'l9-l9 = { a = "x", a = "y", kind = "z" }\n',  # a key given twice within the inline table
    ],
)
def test_a_big_texts_lines_refuse_what_tomllib_refuses(lines):
    assert not agree(big_text(lines=lines))


@pytest.mark.parametrize("at", [0, 5, 598])
def test_a_big_text_read_with_its_odd_statements_anywhere(at):
    # the run stops early (then the next runs are measured first), the last line has no newline
    text = big_text("x = 1.5\n", at=at, lines='last = { a = "1", b = "2", kind = "3" }')
    assert agree(text)
    assert agree(text + "\n" + "".join(_location(i) for i in range(600)).replace("[locations.", "[more."))


@pytest.mark.parametrize("seed", range(12))
def test_a_big_texts_mutants(seed):
    rnd = random.Random(seed)
    t = list(big_text())
    alphabet = " \t\n\r\"\\#=[]{},.0123456789abetruefls+-_e'\x01\x7f:"
    for _ in range(rnd.randint(1, 3)):
        i = rnd.randrange(len(t))
        op = rnd.randrange(3)
        if op == 0:
            t[i] = rnd.choice(alphabet)
        elif op == 1:
            t.insert(i, rnd.choice(alphabet))
        else:
            del t[i]
    agree("".join(t))
