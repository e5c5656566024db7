"""The data patch of an action (``datapatch.diff``) takes a big table's unchanged records together
(issue 34: a game's thousands of armies and hexes, a few changed by an action): it must find what
walking every record key by key finds, the type of a value and the order of keys included.
"""

from __future__ import annotations

import copy
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from mapref.rules import datapatch
from mapref.rules.datapatch import MANY, MISSING, Change, Patch


def walked(old: dict, new: dict) -> Patch:
    """The patch found key by key, every record looked at (as before issue 34's change)."""
    p = Patch()

    def walk(old: dict, new: dict, path: tuple[str, ...]) -> None:
        for k, v in old.items():
            if k not in new:
                p.changes.append(Change(path + (k,), copy.deepcopy(v), MISSING))
            else:
                w = new[k]
                if isinstance(v, dict) and isinstance(w, dict):
                    walk(v, w, path + (k,))
                elif v != w or type(v) is not type(w):
                    p.changes.append(Change(path + (k,), copy.deepcopy(v), copy.deepcopy(w)))
        for k, w in new.items():
            if k not in old:
                p.changes.append(Change(path + (k,), MISSING, copy.deepcopy(w)))
        r = datapatch.reorder(old, new, path)  # (the order of keys: not what the change touched)
        if r is not None:
            p.orders.append(r)

    walk(old, new, ())
    return p


def same_patch(old: dict, new: dict) -> None:
    got, want = datapatch.diff(old, new), walked(old, new)
    assert got.changes == want.changes
    assert got.orders == want.orders
    assert datapatch.apply(new, got.undo_ops()) == old
    assert datapatch.apply(old, got.redo_ops()) == new


def armies(n: int) -> dict:
    return {
        f"a{i}": {"side": "axis" if i % 2 else "soviet", "nation": "w0", "at": f"P{i}", "infantry": i % 7 + 1}
        for i in range(n)
    }


def test_a_value_of_another_type_alone_is_a_change_in_a_big_table():
    old = {"armies": armies(MANY * 3), "turn": {"side": "axis"}}
    for value in (True, 1.0):  # equal to 1, not the same value in the file
        new = copy.deepcopy(old)
        new["armies"]["a7"]["infantry"] = value
        old["armies"]["a7"]["infantry"] = 1
        assert old == new
        same_patch(old, new)
        assert [c.path for c in datapatch.diff(old, new).changes] == [("armies", "a7", "infantry")]


def test_keys_put_in_another_order_alone_are_a_change_in_a_big_table():
    old = {"armies": armies(MANY * 3)}
    new = copy.deepcopy(old)
    rec = new["armies"]["a40"]
    new["armies"]["a40"] = {k: rec[k] for k in reversed(rec)}
    assert old == new
    same_patch(old, new)
    assert [o.path for o in datapatch.diff(old, new).orders] == [("armies", "a40")]
    # a table inside a record, in another order
    old["armies"]["a3"]["costs"] = {"x": 1, "y": 2}
    new = copy.deepcopy(old)
    new["armies"]["a3"]["costs"] = {"y": 2, "x": 1}
    same_patch(old, new)
    assert [o.path for o in datapatch.diff(old, new).orders] == [("armies", "a3", "costs")]


def test_a_value_marshal_cannot_write_is_compared_key_by_key():
    class Odd:
        def __init__(self, n: int) -> None:
            self.n = n

        def __eq__(self, other: object) -> bool:
            return isinstance(other, Odd) and other.n == self.n

        def __deepcopy__(self, memo):
            return Odd(self.n)

    old = {"armies": armies(MANY * 2)}
    old["armies"]["a1"]["odd"] = Odd(1)
    new = copy.deepcopy(old)
    new["armies"]["a2"]["at"] = "Q1"
    same_patch(old, new)


LEAVES = st.one_of(
    st.integers(-3, 3),
    st.booleans(),
    st.sampled_from([0.0, 1.0, 2.5, -0.0]),
    st.sampled_from(["axis", "soviet", "P10", "", "g"]),
    st.lists(st.integers(0, 3), max_size=3),
)


def bend(rng: random.Random, data: dict, leaves: list) -> dict:
    """A copy of ``data`` with a few records changed: a value (or only its type), a key's order,
    a record added or dropped, a table's order; the untouched records share nothing with
    ``data`` or share every object, by chance."""
    new = copy.deepcopy(data) if rng.random() < 0.5 else {k: dict(v) for k, v in data.items()}
    for _ in range(rng.randint(0, 4)):
        table = new[rng.choice(list(new))]
        if not table:
            continue
        name = rng.choice(list(table))
        rec = table[name] = dict(table[name])
        what = rng.randrange(7)
        key = rng.choice(list(rec)) if rec else "x"
        if what == 0:
            rec[key] = rng.choice(leaves)
        elif what == 1 and type(rec.get(key)) in (int, bool, float):
            rec[key] = {int: bool, bool: float, float: int}[type(rec[key])](rec[key])  # the same value, another type
        elif what == 2:
            table[name] = {k: rec[k] for k in reversed(rec)}
        elif what == 3:
            del table[name]
        elif what == 4:
            table[f"new{rng.randrange(9)}"] = {"at": rng.choice(leaves)}
        elif what == 5:
            items = list(table.items())
            rng.shuffle(items)
            table.clear()
            table.update(items)
        else:
            rec["sub"] = {"a": rng.choice(leaves), "b": rng.choice(leaves)}
    return new


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.integers(0, 3 * MANY), min_size=1, max_size=3),
    st.lists(LEAVES, min_size=3, max_size=8),
    st.integers(0, 2**32),
)
def test_the_patch_is_the_one_found_key_by_key(sizes, leaves, seed):
    rng = random.Random(seed)
    data = {
        f"t{i}": {f"r{j}": {k: rng.choice(leaves) for k in rng.sample("abcde", rng.randint(0, 5))} for j in range(n)}
        for i, n in enumerate(sizes)
    }
    for _ in range(3):
        same_patch(data, bend(rng, data, leaves))
