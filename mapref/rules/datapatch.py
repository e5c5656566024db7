"""Differences between two versions of a game's data, and putting one back.

A saved game is a tree of tables (what its TOML reads as).  :func:`diff` compares the tree
before and after an action and returns a :class:`Patch`: for every value that changed, its path
and both values (or that it was absent), and for every table whose key order changed, both
orders.  :meth:`Patch.undo_ops` turned into TOML is what a game's log keeps for each action, so
``mapref undo`` can take the action back in a later process; :func:`apply` puts either side
back.  The engine uses it for every ruleset: a ruleset only has to turn its state into such a
tree and back.

>>> before = {"turn": {"side": "axis"}, "armies": {"A": {"at": "P10"}, "B": {"at": "Q1"}}}
>>> after = {"turn": {"side": "axis"}, "armies": {"A": {"at": "P11"}}}
>>> p = diff(before, after)
>>> apply(after, p.undo_ops()) == before and list(apply(after, p.undo_ops())["armies"]) == ["A", "B"]
True
>>> p.undo_ops()
[{'at': ['armies', 'A', 'at'], 'was': 'P10'}, {'at': ['armies', 'B'], 'was': {'at': 'Q1'}}]
"""

from __future__ import annotations

import copy
import marshal
from collections.abc import Collection
from dataclasses import dataclass, field

MISSING = object()


@dataclass
class Change:
    path: tuple[str, ...]
    old: object  # MISSING when the key was absent
    new: object  # MISSING when the key is gone


@dataclass
class Reorder:
    path: tuple[str, ...]
    old: list[str] | None  # the key order to restore on undo (None: the plain result is right)
    new: list[str] | None  # the key order to restore on redo


@dataclass
class Patch:
    changes: list[Change] = field(default_factory=list)
    orders: list[Reorder] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.changes or self.orders)

    def undo_ops(self) -> list[dict]:
        """Plain data (TOML-able): what turns the new tree back into the old one."""
        out: list[dict] = []
        for c in self.changes:
            op: dict = {"at": list(c.path)}
            if c.old is not MISSING:
                op["was"] = copy.deepcopy(c.old)
            out.append(op)
        out += [{"at": list(o.path), "order": list(o.old)} for o in self.orders if o.old is not None]
        return out

    def redo_ops(self) -> list[dict]:
        out: list[dict] = []
        for c in self.changes:
            op: dict = {"at": list(c.path)}
            if c.new is not MISSING:
                op["was"] = copy.deepcopy(c.new)
            out.append(op)
        out += [{"at": list(o.path), "order": list(o.new)} for o in self.orders if o.new is not None]
        return out


def diff(old: dict, new: dict) -> Patch:
    p = Patch()
    _diff(old, new, (), p)
    return p


def _diff(old: dict, new: dict, path: tuple[str, ...], p: Patch) -> None:
    same: Collection[str] = ()
    if len(old) > MANY:
        if old == new and _marshalled(old) == _marshalled(new) is not None:  # nothing in it changed
            return
        same = _unchanged(old, new)
    for k in [k for k in old if k not in same] if same else old:
        v = old[k]
        if k not in new:
            p.changes.append(Change(path + (k,), copy.deepcopy(v), MISSING))
        else:
            w = new[k]
            if isinstance(v, dict) and isinstance(w, dict):
                _diff(v, w, path + (k,), p)
            elif v != w or type(v) is not type(w):
                p.changes.append(Change(path + (k,), copy.deepcopy(v), copy.deepcopy(w)))
    for k in [k for k in new if k not in old]:
        p.changes.append(Change(path + (k,), MISSING, copy.deepcopy(new[k])))
    r = reorder(old, new, path)
    if r is not None:
        p.orders.append(r)


def reorder(old: dict, new: dict, path: tuple[str, ...]) -> Reorder | None:
    """The order of ``old``'s keys (put back by an undo) and of ``new``'s (by a redo), where
    removing and adding the keys that changed would not give it; None where it would."""
    ko, kn = list(old), list(new)
    if ko == kn:
        return None
    after_undo = [k for k in kn if k in old] + [k for k in ko if k not in new]
    after_redo = [k for k in ko if k in new] + [k for k in kn if k not in old]
    r = Reorder(path, ko if after_undo != ko else None, kn if after_redo != kn else None)
    return r if r.old is not None or r.new is not None else None


MANY = 32  # a table of more records than this is compared whole first (:func:`_unchanged`)


def _unchanged(old: dict, new: dict) -> set:
    """The keys of ``old`` whose values :func:`_diff` would find nothing changed in (or none),
    found without going through them key by key: a game's tables of armies and hexes hold
    thousands of records, and an action changes a few.  The values equal in both are taken
    together when they are equal and marshal writes them as the same bytes: the same keys in the
    same order, the same values of the same types.  (One difference from the walk: a NaN float
    left as it was, the same object, is not listed as changed into itself; no game's data holds
    a float.)"""
    eq = [k for k, v in old.items() if new.get(k, MISSING) == v]
    was = _marshalled([old[k] for k in eq])
    return set(eq) if was is not None and was == _marshalled([new[k] for k in eq]) else set()


def _marshalled(data: dict | list) -> bytes | None:
    """marshal's bytes for ``data`` (version 2: no back references, which depend on how many
    hold each object), or None when it cannot write it (a subclass of dict...)."""
    try:
        return marshal.dumps(data, 2)
    except ValueError:
        return None


class PatchError(ValueError):
    """A patch that does not fit the data it is applied to."""


def apply(data: dict, ops: list[dict], *, in_place: bool = False) -> dict:
    """A copy of ``data`` with the operations of :meth:`Patch.undo_ops` / :meth:`Patch.redo_ops`
    (or a log's ``undo`` list) applied: ``{at, was}`` sets a value, ``{at}`` removes it,
    ``{at, order}`` puts a table's keys in that order.  ``in_place``: change ``data`` itself
    (a walk back through a whole log copies once, not once per entry)."""
    out = data if in_place else copy.deepcopy(data)
    if not isinstance(ops, list):
        raise PatchError(f"expected a list of operations, got {type(ops).__name__}")
    for op in ops:
        path = _checked(op)
        if path == [] and "order" in op:  # the top table's key order (diff's Reorder at ())
            out = _reordered(out, op["order"])
            continue
        if not isinstance(path, list) or not path or not all(isinstance(x, str) for x in path):
            raise PatchError(f"expected a path of keys, got {path!r}"[:200])
        _apply_at(_parent(out, path), path, op)
    return out


def _checked(op) -> object:
    """The path of an operation, once the operation is a table and its order a list of keys."""
    if not isinstance(op, dict):
        raise PatchError(f"expected an operation table, got {type(op).__name__}")
    if "order" in op and (not isinstance(op["order"], list) or not all(isinstance(k, str) for k in op["order"])):
        raise PatchError(f"expected an order of keys, got {op['order']!r}"[:200])
    return op.get("at")


def _reordered(table: dict, order: list[str]) -> dict:
    """``table`` with the keys of ``order`` first, in that order, then the others as they were."""
    return {k: table[k] for k in order if k in table} | {k: v for k, v in table.items() if k not in order}


def _parent(out: dict, path: list[str]) -> dict:
    """The table holding the last key of ``path`` (tables on the way made as needed)."""
    parent = out
    for k in path[:-1]:
        nxt = parent.get(k)
        if nxt is None:
            nxt = parent[k] = {}
        if not isinstance(nxt, dict):
            raise PatchError(f"{'.'.join(path)}: {k} is not a table")
        parent = nxt
    return parent


def _apply_at(parent: dict, path: list[str], op: dict) -> None:
    """One operation on the last key of ``path`` in ``parent``: reorder, set or remove."""
    last = path[-1]
    if "order" in op:
        table = parent.get(last)
        if not isinstance(table, dict):
            raise PatchError(f"{'.'.join(path)}: not a table to reorder")
        parent[last] = _reordered(table, op["order"])
    elif "was" in op:
        parent[last] = copy.deepcopy(op["was"])
    else:
        parent.pop(last, None)


__all__ = ["MISSING", "Change", "Patch", "PatchError", "Reorder", "apply", "diff"]
