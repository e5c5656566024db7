"""Changes to a map as command objects with do/undo, and an undo stack with a saved pointer.

Every edit the map editor makes goes through here, so the CLI, scripts and tests can edit a
map the same way the window does.  A command applies itself to a :class:`MapModel` and knows
how to take itself back; :meth:`Command.touch` says what it changed so a view can refresh only
that (the hexes whose look changed, or whole overlays such as hexsides or boxes).

>>> from mapref.core.grid import Grid
>>> from mapref.core.model import MapModel
>>> m = MapModel(Grid(rows=3, cols=3))
>>> stack = UndoStack(m)
>>> p10 = m.grid.parse("B2")
>>> stack.push(SetHexProps.same([p10], terrain="land", production=3))
>>> m.hexes[p10].production, stack.dirty
(3, True)
>>> stack.undo().label, m.hexes[p10].production, stack.dirty
('Set production, terrain', 0, False)

Commands raise :class:`EditError` (a ``ValueError``) *before* changing anything when an edit
is not allowed, so a refused edit never leaves the map half changed.
"""

from __future__ import annotations

import copy
import dataclasses
from dataclasses import dataclass, field
from collections.abc import Iterable
from typing import Any

from mapref.core import history
from mapref.core.grid import Grid, Hex, Hexside
from mapref.core.model import MAX_PRODUCTION, TERRAINS, Box, Feature, HexData, MapModel, Region, SeaArrow, SideData


class EditError(ValueError):
    """An edit the map cannot take (a user error: show the message, no traceback)."""


@dataclass
class Touch:
    """What a command changed, for views that refresh incrementally."""

    hexes: set[Hex] = field(default_factory=set)
    sides: bool = False
    boxes: bool = False
    features: bool = False
    background: bool = False
    everything: bool = False  # grid, colours of countries or seas: redraw all

    def __or__(self, other: Touch) -> Touch:
        return Touch(
            self.hexes | other.hexes,
            self.sides or other.sides,
            self.boxes or other.boxes,
            self.features or other.features,
            self.background or other.background,
            self.everything or other.everything,
        )


class Command(history.Command):
    """A change to a map (:class:`mapref.core.history.Command` with a :meth:`touch`)."""

    label = "Edit"

    def touch(self) -> Touch:
        return Touch(everything=True)


# --------------------------------------------------------------------------------- hexes
HEX_FIELDS = {f.name for f in dataclasses.fields(HexData)}


def check_hex_value(name: str, value: Any) -> object:
    """Normalise and check one hex property; raise :class:`EditError` if it cannot be.
    ``value`` is what the user gave (any type: this is where it is checked)."""
    if name not in HEX_FIELDS:
        raise EditError(f"hexes have no property {name!r} (they have {', '.join(sorted(HEX_FIELDS))})")
    if name == "terrain":
        if value not in TERRAINS:
            raise EditError(f"terrain must be one of {', '.join(TERRAINS)}, got {value!r}")
    elif name in ("country", "sea"):
        if value == "":
            value = None
        if value is not None and not isinstance(value, str):
            raise EditError(f"{name} must be a code or nothing, got {value!r}")
    elif name in ("production", "port"):
        try:
            value = int(value)
        except (TypeError, ValueError):
            raise EditError(f"{name} must be a whole number, got {value!r}") from None
        hi = MAX_PRODUCTION if name == "production" else 99
        if not 0 <= value <= hi:
            raise EditError(f"{name} must be 0-{hi}, got {value}")
    elif name in ("mountain", "capital", "port_optional"):
        value = bool(value)
    elif name == "name":
        value = str(value).strip()
    elif name == "port_access":
        value = tuple(value)
    return value


def terrain_changes(d: HexData, terrain: str) -> dict[str, object]:
    """The changes that make hex ``d`` of ``terrain``, with what no longer applies removed: a sea
    hex belongs to no country, a land hex to no sea zone (a part-sea hex keeps both)."""
    ch: dict[str, object] = {}
    if d.terrain != terrain:
        ch["terrain"] = terrain
    if terrain == "sea" and d.country:
        ch["country"] = None
    if terrain == "land" and d.sea:
        ch["sea"] = None
    return ch


class SetHexProps(Command):
    """Set properties of hexes: ``{hex: {"terrain": "land", ...}}``; old values kept for undo."""

    def __init__(self, changes: dict[Hex, dict[str, object]], label: str | None = None) -> None:
        self.changes = {h: {k: check_hex_value(k, v) for k, v in ch.items()} for h, ch in changes.items()}
        self.old: dict[Hex, dict[str, object]] = {}
        keys = sorted({k for ch in self.changes.values() for k in ch})
        self.label = label or ("Set " + ", ".join(keys) if keys else "Set nothing")

    @classmethod
    def same(cls, hexes: Iterable[Hex], label: str | None = None, **changes: object) -> SetHexProps:
        return cls({h: dict(changes) for h in hexes}, label)

    def do(self, m: MapModel) -> None:
        for h in self.changes:
            if h not in m.hexes:
                raise EditError(f"{h} is not on the map")
        self.old = {h: {k: getattr(m.hexes[h], k) for k in ch} for h, ch in self.changes.items()}
        for h, ch in self.changes.items():
            d = m.hexes[h]
            for k, v in ch.items():
                setattr(d, k, v)

    def undo(self, m: MapModel) -> None:
        for h, ch in self.old.items():
            d = m.hexes[h]
            for k, v in ch.items():
                setattr(d, k, v)

    def touch(self) -> Touch:
        # terrain changes alter which sides are all sea (drawn with the hexsides)
        sides = any("terrain" in ch for ch in self.changes.values())
        return Touch(hexes=set(self.changes), sides=sides)

    def is_noop(self, m: MapModel) -> bool:
        return all(getattr(m.hexes[h], k) == v for h, ch in self.changes.items() for k, v in ch.items())


# ----------------------------------------------------------------------------- hexsides
class SetSide(Command):
    def __init__(self, side: Hexside, label: str | None = None, **changes: object) -> None:
        bad = set(changes) - {f.name for f in dataclasses.fields(SideData)}
        if bad:
            raise EditError(f"hexsides have no property {', '.join(sorted(bad))}")
        self.side = side
        self.changes = changes
        self.old: SideData | None = None
        self.label = label or "Set hexside " + ", ".join(sorted(changes))

    def do(self, m: MapModel) -> None:
        old = m.hexsides.get(self.side)
        self.old = copy.copy(old) if old is not None else None
        m.set_side(self.side, **self.changes)

    def undo(self, m: MapModel) -> None:
        if self.old is None:
            m.hexsides.pop(self.side, None)
        else:
            m.hexsides[self.side] = copy.copy(self.old)

    def touch(self) -> Touch:
        return Touch(sides=True)


# ------------------------------------------------------------ tables: boxes, features...
TABLES = {"countries": "everything", "seas": "everything", "regions": "", "boxes": "boxes", "features": "features"}


class SetEntry(Command):
    """Add, replace or (with ``value=None``) delete one entry of a table of the map:
    ``countries``, ``seas``, ``regions``, ``boxes`` or ``features``."""

    def __init__(self, table: str, key: str, value: object | None, label: str | None = None) -> None:
        if table not in TABLES:
            raise EditError(f"no table {table!r} in a map (tables: {', '.join(TABLES)})")
        if not key or not isinstance(key, str):
            raise EditError(f"a {table[:-1]} needs an id, got {key!r}")
        self.table, self.key, self.value = table, key, value
        self.old: object | None = None
        self.label = label or (f"Delete {table[:-1]} {key}" if value is None else f"Set {table[:-1]} {key}")

    def do(self, m: MapModel) -> None:
        d = getattr(m, self.table)
        self.old = d.get(self.key)
        if self.value is None:
            d.pop(self.key, None)
        else:
            d[self.key] = copy.deepcopy(self.value)

    def undo(self, m: MapModel) -> None:
        d = getattr(m, self.table)
        if self.old is None:
            d.pop(self.key, None)
        else:
            d[self.key] = self.old

    def touch(self) -> Touch:
        kind = TABLES[self.table]
        if kind == "everything":
            return Touch(everything=True)
        return Touch(boxes=kind == "boxes" or self.table == "features", features=kind == "features")


def AddBox(box_id: str, box: Box) -> SetEntry:  # named as the command it makes
    return SetEntry("boxes", box_id, box, f"Add box {box.name or box_id}")


def EditBox(m: MapModel, box_id: str, **changes: Any) -> SetEntry:
    if box_id not in m.boxes:
        raise EditError(f"no box {box_id!r}")
    for k in changes:
        if k not in {f.name for f in dataclasses.fields(Box)}:
            raise EditError(f"boxes have no property {k!r}")
    if "production" in changes:
        changes["production"] = check_hex_value("production", changes["production"])
    return SetEntry("boxes", box_id, dataclasses.replace(m.boxes[box_id], **changes), f"Edit box {box_id}")


def DeleteBox(box_id: str) -> SetEntry:
    return SetEntry("boxes", box_id, None)


def AddFeature(feature_id: str, feature: Feature) -> SetEntry:
    if (feature.hex is None) == (feature.box is None):
        raise EditError("a feature sits on one hex or one box")
    return SetEntry("features", feature_id, feature, f"Add {feature.kind.replace('_', ' ')}")


def DeleteFeature(feature_id: str) -> SetEntry:
    return SetEntry("features", feature_id, None)


def new_id(existing: Iterable[str], stem: str) -> str:
    taken = set(existing)
    n = 1
    while f"{stem}{n}" in taken:
        n += 1
    return f"{stem}{n}"


# ------------------------------------------------------------------------ map settings
class SetMapAttr(Command):
    """Change ``name``, ``notes``, ``hex_size`` or ``background`` of the map."""

    ALLOWED = ("name", "notes", "hex_size", "background")

    def __init__(self, label: str | None = None, **changes: Any) -> None:
        bad = set(changes) - set(self.ALLOWED)
        if bad:
            raise EditError(f"cannot set {', '.join(sorted(bad))} of a map")
        if "hex_size" in changes:
            try:
                hs = float(changes["hex_size"])
            except (TypeError, ValueError):
                raise EditError(f"hex size must be a number, got {changes['hex_size']!r}") from None
            if not 4 <= hs <= 400:
                raise EditError(f"hex size must be 4-400 pixels, got {hs:g}")
            changes["hex_size"] = hs
        self.changes = changes
        self.old: dict[str, object] = {}
        self.label = label or "Set map " + ", ".join(sorted(changes))

    def do(self, m: MapModel) -> None:
        self.old = {k: copy.deepcopy(getattr(m, k)) for k in self.changes}
        for k, v in self.changes.items():
            setattr(m, k, copy.deepcopy(v))

    def undo(self, m: MapModel) -> None:
        for k, v in self.old.items():
            setattr(m, k, v)

    def touch(self) -> Touch:
        if set(self.changes) <= {"background"}:
            return Touch(background=True)
        return Touch(everything=set(self.changes) != {"name"} and set(self.changes) != {"notes"})


_STATE = ("grid", "hex_size", "hexes", "hexsides", "regions", "boxes", "features")


def regrid(m: MapModel, grid: Grid, hex_size: float | None = None) -> tuple[MapModel, int]:
    """A new map on ``grid`` keeping everything of ``m`` whose hexes still exist.

    Hexes are matched by (row, column), which is their label for a given label scheme, so
    adding rows or columns, changing the shifted rows or the orientation keeps every hex that
    is still on the grid; hexsides are kept where their two hexes are still adjacent.  Returns
    the new map and how many hexes with data were dropped."""
    new = MapModel(
        grid=grid,
        name=m.name,
        hex_size=hex_size or m.hex_size,
        notes=m.notes,
        countries=copy.deepcopy(m.countries),
        seas=copy.deepcopy(m.seas),
        background=copy.deepcopy(m.background),
    )
    dropped = 0
    for h, d in m.hexes.items():
        if grid.contains(h):
            nd = copy.deepcopy(d)
            nd.port_access = tuple(x for x in nd.port_access if grid.contains(x) and grid.distance(x, h) == 1)
            new.hexes[h] = nd
        elif d != HexData():
            dropped += 1
    for s, sd in m.hexsides.items():
        if (grid.contains(s.a) or grid.contains(s.b)) and grid.distance(s.a, s.b) == 1:
            new.hexsides[grid.hexside(s.a, s.b)] = copy.deepcopy(sd)
    for k, r in m.regions.items():
        new.regions[k] = Region(r.name, tuple(h for h in r.hexes if grid.contains(h)), r.country)
    for k, b in m.boxes.items():
        new.boxes[k] = dataclasses.replace(
            b,
            land=tuple(h for h in b.land if grid.contains(h)),
            sea_arrows=tuple(a for a in b.sea_arrows if grid.contains(a.hex)),
        )
    for k, f in m.features.items():
        if f.hex is None or grid.contains(f.hex):
            new.features[k] = copy.deepcopy(f)
    return new, dropped


class ChangeGrid(Command):
    """Change the grid's shape, orientation, shifted lines or label scheme (see :func:`regrid`).

    The map object stays the same (views keep their reference); its state is swapped."""

    def __init__(self, grid: Grid, hex_size: float | None = None) -> None:
        self.grid, self.hex_size = grid, hex_size
        self.old: dict[str, object] = {}
        self.dropped = 0
        self.label = f"Change grid to {grid.rows}x{grid.cols}"

    def do(self, m: MapModel) -> None:
        self.old = {k: getattr(m, k) for k in _STATE}
        new, self.dropped = regrid(m, self.grid, self.hex_size)
        for k in _STATE:
            setattr(m, k, getattr(new, k))

    def undo(self, m: MapModel) -> None:
        for k, v in self.old.items():
            setattr(m, k, v)


class ReplaceMap(Command):
    """Make the map equal to ``other`` (every table, the grid, the name...): recovering an
    autosaved version is one step that Undo takes back to the file as it was saved.

    The map object stays the same (views keep their reference); its state is swapped."""

    FIELDS = (
        "grid",
        "name",
        "hex_size",
        "hexes",
        "hexsides",
        "countries",
        "seas",
        "regions",
        "boxes",
        "features",
        "notes",
        "background",
    )

    def __init__(self, other: MapModel, label: str = "Recover autosaved changes") -> None:
        self.new = {k: getattr(other, k) for k in self.FIELDS}
        self.old: dict[str, object] = {}
        self.label = label

    def do(self, m: MapModel) -> None:
        self.old = {k: getattr(m, k) for k in self.FIELDS}
        for k, v in self.new.items():
            setattr(m, k, copy.deepcopy(v))

    def undo(self, m: MapModel) -> None:
        for k, v in self.old.items():
            setattr(m, k, v)


# ------------------------------------------------------------------------------- groups
class CommandGroup(history.CommandGroup, Command):
    """Several map commands done and undone as one step (one drag of a brush)."""

    def touch(self) -> Touch:
        t = Touch()
        for c in self.commands:
            t = t | (c.touch() if isinstance(c, Command) else Touch(everything=True))
        return t


class UndoStack(history.History):
    """The map editor's history (:class:`mapref.core.history.History` on a map model: every
    change bumps the map's edit version).  Groups are map :class:`CommandGroup` s."""

    def begin_group(self, label: str) -> None:
        if self.group is None:
            self.group = CommandGroup(label)


__all__ = [
    "terrain_changes",
    "ReplaceMap",
    "Command",
    "CommandGroup",
    "SetHexProps",
    "SetSide",
    "SetEntry",
    "SetMapAttr",
    "ChangeGrid",
    "AddBox",
    "EditBox",
    "DeleteBox",
    "AddFeature",
    "DeleteFeature",
    "UndoStack",
    "Touch",
    "EditError",
    "regrid",
    "new_id",
    "SeaArrow",
]
