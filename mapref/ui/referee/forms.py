"""The questions the referee's window asks: the values of a menu entry (its ``ask`` fields, as
:class:`~mapref.rules.ruleset.Field` objects or the older 5-tuples), a choice the rules need
(:class:`~mapref.rules.ruleset.Ask`), the reason for doing something against the rules, a
yes/no confirmation.  Each is a real modal dialog (:class:`mapref.ui.dialogs.FormDialog`) that
takes the keyboard in its first field and says why OK is refused; the window keeps them as
replaceable attributes so tests and scripts can answer without a dialog.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass

from mapref.rules.ruleset import Field


@dataclass
class FormField:
    key: str
    label: str
    kind: str
    default: object
    options: tuple
    min: int | None = None
    max: int | None = None

    def as_tuple(self) -> tuple:
        kind = {"text": "entry"}.get(self.kind, self.kind)
        default = "" if self.default is None else self.default
        if self.kind == "many" and isinstance(default, (list, tuple)):
            default = ", ".join(map(str, default))
        return (self.key, self.label, kind, default, list(self.options or ()))


def form_field(f) -> FormField:
    """A ruleset's field, either form, as the window handles it."""
    if isinstance(f, Field):
        return FormField(f.key, f.label, f.kind, f.default, tuple(f.options or ()), f.min, f.max)
    key, label, kind, default, options = f
    return FormField(key, label, "text" if kind == "entry" else kind, default, tuple(options or ()))


def refusal(fields: list[FormField], values: dict) -> str | None:
    """Why the form's values cannot be taken (a number field that is not a whole number, or out
    of its bounds), or None."""
    for f in fields:
        if f.kind != "int":
            continue
        v = str(values.get(f.key, "")).strip()
        if v == "":
            continue
        try:
            n = int(v)
        except ValueError:
            return f"{f.label}: a whole number, please (not {v!r})"
        if f.min is not None and n < f.min:
            return f"{f.label}: at least {f.min}"
        if f.max is not None and n > f.max:
            return f"{f.label}: at most {f.max}"
    return None


def fill_args(args: dict, fields: list[FormField], values: dict) -> dict:
    """The action's arguments with the form's values put in: ``a.b`` keys go in ``args["a"]["b"]``,
    numbers as ints (an empty or zero count left out of a table), lists as lists; an empty
    value leaves the argument out."""
    out = copy.deepcopy(args)
    for f in fields:
        v = values.get(f.key, "")
        if f.kind == "bool":
            v = bool(v) if not isinstance(v, str) else v.lower() in ("1", "true", "yes", "on")
        elif f.kind == "int":
            v = str(v).strip()
            if v == "":
                continue
            v = int(v)
        elif f.kind == "many":
            v = [x.strip() for x in v.split(",") if x.strip()] if isinstance(v, str) else list(v)
        else:
            v = str(v).strip()
            if v in ("", "None"):
                continue
        where, _, leaf = f.key.rpartition(".")
        if where:
            if f.kind == "int" and not v:
                continue
            out.setdefault(where, {})[leaf] = v
        else:
            out[f.key] = v
    return out


def ask_form(root, title: str, fields: list[FormField], note: str = "") -> dict | None:
    from mapref.ui.dialogs import FormDialog

    return FormDialog(
        root, title, [f.as_tuple() for f in fields], note=note, validate=lambda v: refusal(fields, v)
    ).show()


def ask_choice(root, ask) -> str | None:
    from mapref.ui.dialogs import FormDialog

    from mapref.ui.referee.feed import sentence

    label = sentence(ask.label)
    v = FormDialog(
        root,
        label,
        [("choice", label, "choice", ask.options[0] if ask.options else "", list(ask.options))],
        note=ask.note,
    ).show()
    return v["choice"] if v else None


def ask_override(root, refusal_text: str) -> str | None:
    """Advisory mode: the referee's reason for doing what the rules refuse (required: OK with
    no reason says so and waits)."""
    from mapref.ui.dialogs import FormDialog

    v = FormDialog(
        root,
        "Against the rules",
        [("reason", "Your reason (kept in the log)", "entry", "", None)],
        note=f"Advisory mode. The rules refuse this: {refusal_text}\n\nDo it anyway?",
        validate=lambda v: (
            None
            if v.get("reason")
            else "Give your reason: the log keeps it with the override, or Cancel to leave it undone."
        ),
    ).show()
    return (v or {}).get("reason") or None


__all__ = ["FormField", "ask_choice", "ask_form", "ask_override", "fill_args", "form_field", "refusal"]
