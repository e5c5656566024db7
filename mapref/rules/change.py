"""What an action does to a game's state: the commands a ruleset's check returns
(:class:`mapref.rules.ruleset.Outcome` ``commands``) and its follow-up.

A change only does: the game session applies it, records the data the action changed
(:mod:`mapref.rules.datapatch`) and undoes and redoes by that record, in the window, with
``mapref undo`` in a later process and after a crash.  So a game writes no undo: a change is a
``label`` and a ``do(state)``.  (The map editors' edits, :mod:`mapref.core.commands`, are undone
by their own history and keep theirs.)

>>> class State:
...     def __init__(self, turn): self.turn = turn
>>> class NextTurn(Change):
...     label = "next turn"
...     def do(self, st): st.turn += 1
>>> st = State(1)
>>> NextTurn().do(st); st.turn
2
>>> Replace(State(7)).do(st); st.turn
7
"""

from __future__ import annotations

import copy


class Change:
    """A change to a game's state (applied by the session, which undoes it by data patch)."""

    label = ""

    def do(self, state) -> None:
        raise NotImplementedError


class Replace(Change):
    """Make the state what an action worked out on a copy (a deep copy of ``new``): the one change
    of a game that works each action out on a copy of its state."""

    def __init__(self, new, label: str = "") -> None:
        self.new, self.label = copy.deepcopy(new), label

    def do(self, state) -> None:
        state.__dict__.update(copy.deepcopy(self.new).__dict__)


__all__ = ["Change", "Replace"]
