"""What every Hitler's War check shares: the game context (hex control, the spaces' attributes
read from the board, plain supply traces, production per space); the modifiers of an army's own
rolls (the report names them, combat adds the advance's).  Rules ask the board
(mapref.core.board) and its graph, never the grid or the labels."""

from __future__ import annotations

import operator
import weakref
from itertools import compress, repeat

from mapref.core.board import Board, Space, board_for
from mapref.core.graph import Graph, box_space
from mapref.rules import supply
from mapref.rules.ruleset import Violation
from mapref.rulesets.hitlers_war.scenario import Scenario, resolve_area, resolved_area
from mapref.rulesets.hitlers_war.state import GameState, Turn
from mapref.rulesets.hitlers_war.supply import side_trace

__all__ = ["Context", "Violation", "start_control", "SOVIET_UNION"]

SOVIET_UNION = "su"  # the nation whose standing is the Soviet side's (The Soviet Union 1-5)
INACTIVE = ("unaligned", "inclined", "surrendered")  # a nation's forces may not move or attack
EASTERN = ("su", "bs", "fi", "pl", "hu", "ro", "bg")  # Surrender, Rumania and Bulgaria 2; Soviet Union 3
ADJACENT = frozenset({"land", "box_land"})  # never across crossing or all-sea sides


def land_adjacent(cx, a: str, b: str) -> bool:
    return bool(cx.graph.kinds_between(a, b) & ADJACENT)


class Context:
    """Map, scenario and state with the derived look-ups the checks need (read-only)."""

    def __init__(self, m, sc: Scenario, st: GameState, graph: Graph | None = None):
        self.map, self.scenario, self.state = m, sc, st
        self.board: Board = board_for(m)
        self.graph = graph or self.board.graph()
        self.start = start_control(self.board, sc)
        self._absent = frozenset(box_space(b) for b in sc.absent_boxes)
        # control is worked out once per change of the state's hexes and shared by the contexts
        # made for the same state (_Tracker); a context never changes it
        self._tracker = _tracker(self, sc, st)
        self._pos = self._tracker.position(self)
        self.control = self._pos.control
        self._supply: dict = {}
        # the routes of the supply traces will be asked (the referee's report shows each supplied
        # army's): a trace made from scratch searches them at once (mapref.rules.supply.trace_inputs)
        self.routes_asked = False

    # spaces ---------------------------------------------------------------------------
    def space(self, space: str) -> Space | None:
        """The board's space, or None when the map or the scenario has no such space."""
        s = self.board.space(space)
        return None if s is None or space in self._absent else s

    def is_box(self, space: str) -> bool:
        # every board names its boxes box:<id> (mapref.core.graph.box_space): no other space is
        # made to be asked (a country's tens of thousands of hexes, when a game starts)
        if not space.startswith("box:"):
            return False
        s = self.board.space(space)
        return s is not None and s.is_box

    def exists(self, space: str) -> bool:
        return self.space(space) is not None

    def hexdata(self, space: str) -> Space | None:
        """The space of a hex (None for a box or no space)."""
        s = self.space(space)
        return None if s is None or s.is_box else s

    def country(self, space: str) -> str | None:
        s = self.board.space(space)
        return s.country if s is not None else None

    def is_land(self, space: str) -> bool:
        s = self.space(space)
        return s is not None and s.is_land

    def sea_zone(self, space: str) -> str | None:
        s = self.space(space)
        return s.sea if s is not None else None

    def port(self, space: str) -> int:
        s = self.space(space)
        if s is None or s.is_box:
            return 0
        if s.port_optional and not self.scenario.optional_ports:
            return 0
        return s.port

    def production(self, space: str) -> int:
        """Printed production of a space in this scenario (before devastation)."""
        s = self.space(space)
        if s is None or space in self.no_production:
            return 0
        return s.production

    @property
    def no_production(self) -> set[str]:
        if not hasattr(self, "_no_prod"):
            self._no_prod = (
                resolve_area(self.board, self.scenario.no_production)
                if not self.scenario.no_production.is_empty()
                else set()
            )
        return self._no_prod

    def undevastated(self, space: str) -> int:
        return max(0, self.production(space) - self.state.hex(space).devastated)

    def production_spaces(self) -> list[str]:
        """The spaces with production in this scenario, in board order (once per map version
        and scenario: they depend on neither the position nor the side)."""
        return printed_production(self.board, self.scenario)[0]

    def production_by_side(self) -> dict[str, list[tuple[str, int]]]:
        """The production spaces each side holds now, in board order, with their points less
        devastation (``undevastated``): one pass over the production spaces for every side, kept
        with the position (control) for the devastation it was worked out with (read only)."""
        if not hasattr(self, "_prod_by_side"):
            hexes = self.state.hexes
            devastated = tuple((s, h.devastated) for s, h in hexes.items() if h.devastated)
            kept = self._pos.kept.get("production_by_side")
            if kept is not None and kept[0] == devastated:
                self._prod_by_side = kept[1]
                return kept[1]
            spaces, printed = printed_production(self.board, self.scenario)
            control = self.control
            out: dict[str, list[tuple[str, int]]] = {}
            for s, p in zip(spaces, printed, strict=True):
                side = control.get(s)
                if side is None:
                    continue
                h = hexes.get(s)
                out.setdefault(side, []).append((s, max(0, p - h.devastated) if h is not None else p))
            self._prod_by_side = out
            self._pos.kept["production_by_side"] = (devastated, out)
        return self._prod_by_side

    def build_spaces(self, side: str) -> list[str]:
        """Where ``side`` places newly built strength points: the spaces of its set-up's build
        area that it holds with undevastated production (Building strength points 4), sorted;
        read from its held production (:meth:`production_by_side`), not from every space of the
        area (tens of thousands on a big map, each looked up)."""
        sc = self.scenario
        area = resolved_area(self.board, sc.setup(side).build, sc.absent_boxes)
        return sorted(s for s, p in self.production_by_side().get(side, ()) if p > 0 and s in area)

    def friendly_spaces(self, side: str) -> set[str]:
        """The spaces that exist and are ``side``'s (read from the friendly bytes)."""
        return set(compress(self.graph.index().ids, self.friendly_bytes(side)))

    def changed_control(self) -> dict[str, str]:
        """The spaces that exist and are held by another side than at the start: space -> holder
        (only the state's hexes can differ from the start)."""
        out = {}
        for space in self._pos.overrides:
            side = self.control.get(space)
            if side is not None and self.start.get(space) != side and self.exists(space):
                out[space] = side
        return out

    def occupied_captures(self) -> list[tuple[str, str]]:
        """(space, holder) of the spaces held by another side than at the start whose hex is
        marked occupied, in the order of ``control`` (the start's spaces first, in its order):
        read from the state's hexes, not from every space's control."""
        hexes, control, start = self.state.hexes, self.control, self.start
        out = [(s, control[s]) for s, h in hexes.items() if h.occupied and s in control and start.get(s) != control[s]]
        if len(out) > 1:
            t = self._tracker
            order = t.start_order
            if order is None:
                order = t.start_order = {s: i for i, s in enumerate(start)}
            n = len(order)
            out.sort(
                key=lambda x: order.get(x[0], n)
            )  # (stable: the others in the state's order, as control adds them)
        return out

    def unsupplied_spaces(self, side: str) -> list[str]:
        """The spaces that exist, are ``side``'s and are not in its supplied set, in board order
        (read from the friendly bytes and the trace rather than every space's control)."""
        extra = self.always_supplied(side)
        t = self.trace(side)
        kept = t.__dict__.setdefault("_unsupplied", {})  # per trace: the same position asks again
        key = (frozenset(extra), id(self.board), self.board.version)
        if key not in kept:
            out = [s for s in t.unreached(self.friendly_bytes(side)) if s not in extra]
            kept[key] = self.board.ordered(out)
        return list(kept[key])

    def friendly(self, space: str, side: str) -> bool:
        return self.control.get(space) == side

    def neutral(self, space: str) -> str | None:
        """The country of ``space`` when it is permanently neutral (status ``neutral``: it may
        never be entered or attacked; All remaining unaligned countries 3; Barbarossa special
        rule 1; Fall of Germany special rule 2), else None.  The one neutral check."""
        c = self.country(space)
        n = self.state.nations.get(c) if c else None
        return c if n is not None and n.status == "neutral" else None

    # supply (Combat: Determine supply 1-4; mapref.rulesets.hitlers_war.supply) --------------
    def trace(self, side: str):
        """The side's supply trace (the one implementation: mapref.rules.supply.trace)."""
        if side not in self._supply:
            self._supply[side] = side_trace(self, side)
        return self._supply[side]

    def base_trace(self, side: str, sources, open_seas, blocked):
        """The one trace (mapref.rules.supply) of ``side``'s friendly spaces from ``sources``:
        kept with the state across changes and updated for the spaces whose control changed."""
        return self._tracker.trace(self, side, sources, open_seas, blocked)

    def land_route(self, side: str, frm: str, to: str):
        """The land route of Movement 2 through ``side``'s friendly spaces
        (:func:`mapref.rules.routes.land_route`); from a start whose routes were worked out at once
        (:meth:`land_region`), read from them."""
        from mapref.rules import routes  # (the report searches no route: it starts without them)

        tree = self._supply.get(("routes", side, frm))
        if tree is not None:
            return routes.route_in_tree(self.graph, tree, self.friendly_bytes(side), frm, to)
        return routes.land_route(self.graph, self.friendly_bytes(side), frm, to)

    def land_region(self, side: str, frm: str) -> set[str]:
        """The friendly spaces joined to ``frm`` by land (where ``side``'s land routes from it
        lead); the routes from ``frm`` are kept for :meth:`land_route`."""
        from mapref.rules import routes

        key = ("routes", side, frm)
        if key not in self._supply:
            kept = self._tracker.routes  # shared by the contexts of this position (a window asks often)
            shared = (self._pos.version, side, frm)
            tree = kept.get(shared) if self._pos is self._tracker.pos else None
            if tree is None:
                tree = routes.land_tree(self.graph, self.friendly_bytes(side), frm)
                if self._pos is self._tracker.pos:
                    if len(kept) > 8:
                        kept.clear()
                    kept[shared] = tree
            self._supply[key] = tree
        ids = self.graph.index().ids
        return {ids[i] for i in self._supply[key]}

    def friendly_bytes(self, side: str) -> bytearray:
        """A byte per space of the graph's index: 1 where the space exists and is ``side``'s."""
        return self._tracker.mask(self, side)

    def held_bytes(self, side: str, lost=()) -> bytes | bytearray:
        """A byte per space of the graph's index: 1 where control names ``side`` (a space the
        scenario leaves out included, as a list of the control's spaces has it), but ``lost``."""
        fr = self.friendly_bytes(side)
        ix = self.graph.index().ix
        kept = self._pos.kept  # (control alone: kept with the position, not made again per fleet and report)
        extra = kept.get(("held", side))
        if extra is None:
            control = self.control
            extra = kept["held", side] = [
                ix[s] for s in self._pos.overrides if control.get(s) == side and s in ix and not fr[ix[s]]
            ]
        gone = [ix[s] for s in lost if s in ix and fr[ix[s]]]
        if not extra and not gone:
            return fr
        out = bytearray(fr)
        for i in extra:
            out[i] = 1
        for i in gone:
            out[i] = 0
        return out

    def always_supplied(self, side: str) -> set[str]:
        """Allied Supply and Production 3: "Allied units in the USA and Canada off map boxes are
        ALWAYS in supply" (the scenario's ``always_supplied`` boxes), whoever the box is friendly
        to: the U.S. Home Army is supplied while the U.S. is unaligned."""
        setup = self.scenario.side_setups.get(side)
        return {box_space(b) for b in setup.always_supplied if self.exists(box_space(b))} if setup else set()

    def supplied(self, side: str) -> set[str]:
        """The side's supplied spaces (worked out once per trace, shared by contexts): its
        friendly spaces that trace supply, and the boxes always in supply.  Production and
        isolation read only the friendly ones."""
        key = ("supplied", side)
        if key not in self._supply:
            t = self.trace(side)
            extra = frozenset(self.always_supplied(side))
            sets = t.__dict__.setdefault("_supplied_sets", {})
            if extra not in sets:
                sets[extra] = t.supplied | extra
            self._supply[key] = sets[extra]
        return self._supply[key]

    def active(self, army) -> bool:
        """An army whose nation fights (not unaligned, inclined or surrendered: Italy, The United
        States: Activity limitations 1)."""
        n = self.state.nations.get(army.nation)
        return n is None or n.status not in INACTIVE

    # sides at war -------------------------------------------------------------------
    def at_war(self, a: str, b: str) -> bool:
        """Are sides ``a`` and ``b`` at war?  Allied & Soviet Cooperation 1: the Soviets and the
        Allies "may never attack one another"; The Soviet Union 1 (War for Europe): "The Soviet
        Union is not at war with anyone in 1939", recorded as its nation's ``at_peace`` status
        until it goes to war (The Soviet Union 5) -- and after a Soviet surrender "No further
        attacks are allowed between the Axis and Soviet players" (Surrender, Soviet Union 2)."""
        if a == b or not a or not b:
            return False
        if {a, b} == {"soviet", "allies"}:
            return False
        if "soviet" in (a, b):
            su = self.state.nations.get(SOVIET_UNION)
            return su is None or su.status == "at_war"
        return True


def start_control(board: Board, sc: Scenario) -> dict[str, str]:
    """Friendly hexes at the start (Hex control 1: every hex of the countries the set-up lists).
    Worked out once per map version and scenario."""
    key = (id(board), board.version)
    cached = sc.__dict__.get("_start_control")
    if cached is not None and cached[0] == key:
        return cached[1]
    out: dict[str, str] = {}
    for side in sc.sides:
        if side not in sc.side_setups:
            continue
        # the side's spaces not already another's, in sorted order (what a setdefault per space
        # in the sorted area gives), added at C speed
        area = resolved_area(board, sc.setup(side).friendly, sc.absent_boxes)
        out.update(dict.fromkeys(sorted(area - out.keys() if out else area), side))
    sc.__dict__["_start_control"] = (key, out)
    return out


def producing(board: Board) -> list[str]:
    """The spaces with printed production, in board order (once per map version)."""
    return _printed(board, "production")


def printed_production(board: Board, sc: Scenario) -> tuple[list[str], list[int]]:
    """The spaces with production in scenario ``sc`` (printed, not a scenario's
    ``no_production``, not an absent box), in board order, and each one's printed points
    (``Context.production``): worked out once per map version and scenario."""
    key = (id(board), board.version, repr(sc.no_production), tuple(sc.absent_boxes))
    cached = sc.__dict__.get("_printed_production")
    if cached is not None and cached[0] == key:
        return cached[1]
    absent = frozenset(box_space(b) for b in sc.absent_boxes)
    none = resolve_area(board, sc.no_production) if not sc.no_production.is_empty() else set()
    spaces, points = [], []
    for s, p in zip(producing(board), _printed_values(board, "production"), strict=True):
        if s in absent or s in none or not p:
            continue
        spaces.append(s)
        points.append(p)
    sc.__dict__["_printed_production"] = (key, (spaces, points))
    return spaces, points


def port_spaces(board: Board) -> list[str]:
    """The spaces with a printed port, in board order (once per map version)."""
    return _printed(board, "port")


def _printed(board: Board, what: str) -> list[str]:
    """The spaces whose printed ``what`` (production, port) is not 0, in board order, worked out
    once per map version: a hex map's hexes read from its data, not made spaces one by one."""
    return _printed_table(board, what)[0]


def _printed_values(board: Board, what: str) -> list:
    """The printed ``what`` of each space :func:`_printed` lists (what its space says)."""
    return _printed_table(board, what)[1]


def _printed_table(board: Board, what: str) -> tuple[list[str], list]:
    kept = board.__dict__.setdefault("_printed", {})
    cached = kept.get(what)
    if cached is None or cached[0] != board.version:
        m = getattr(board, "map", None)
        hexes = getattr(m, "hexes", None)
        if (
            m is not None
            and isinstance(hexes, dict)
            and len(hexes) == m.grid.rows * m.grid.cols
            and list(hexes) == m.grid.hex_list()
        ):
            labels = m.grid.labels_row_major()
            pairs = [(lab, v) for lab, d in zip(labels, hexes.values(), strict=True) if (v := getattr(d, what))]
            boxes = board.spaces()[len(labels) :]
        else:
            pairs, boxes = [], board.spaces()
        pairs += [(s, v) for s in boxes if (v := getattr(board.space(s) or Space(s, "box"), what))]
        cached = kept[what] = (board.version, ([s for s, _ in pairs], [v for _, v in pairs]))
    return cached[1]


# ------------------------------------------------------------------ control kept per state
class _Position:
    """Control at one version of a state: the dict the rules read and a byte per space per side."""

    __slots__ = ("overrides", "control", "masks", "version", "kept")

    def __init__(self, overrides: dict, control: dict, masks: dict, version: int) -> None:
        self.overrides, self.control, self.masks, self.version = overrides, control, masks, version
        self.kept: dict = {}  # what is worked out from control alone (Context.held_bytes), by question


class _Tracker:
    """What the contexts made for one game state share while the state changes: its control (made
    again from the start control and the state's hexes only when they changed), the friendly bytes
    per side, and each side's supply trace, updated for the spaces whose control changed
    (mapref.rules.supply.update) instead of traced again from the sources."""

    def __init__(self, st: GameState, exists: bytearray, start_masks: dict) -> None:
        self.state_ref = weakref.ref(st)
        self.exists = exists
        self.start_masks = start_masks
        self.pos: _Position | None = None
        self.log: list[tuple[int, list[int]]] = []  # (version, spaces whose control changed then)
        self.traces: dict[str, tuple] = {}  # side -> (inputs key, version, trace)
        self.routes: dict[tuple, dict] = {}  # (version, side, start) -> land routes (Context.land_region)
        self.start_order: dict[str, int] | None = None  # each start-control space's rank (made when first asked)

    def position(self, cx: Context) -> _Position:
        st = cx.state
        ov = {space: hs.control for space, hs in st.hexes.items() if hs.control}
        p = self.pos
        if p is not None and p.overrides == ov:
            return p
        control = dict(cx.start)
        for space, c in ov.items():
            if c == "none":
                control.pop(space, None)
            else:
                control[space] = c
        ix = cx.graph.index().ix
        if p is None:
            masks = {side: bytearray(b) for side, b in self.start_masks.items()}
            spaces = list(ov)
        else:
            masks = {side: bytearray(b) for side, b in p.masks.items()}
            spaces = [x for x in set(ov) | set(p.overrides) if ov.get(x) != p.overrides.get(x)]
        changed = []
        for space in spaces:
            i = ix.get(space)
            if i is None:
                continue
            now = control.get(space) if self.exists[i] else None
            moved = False
            for side, b in masks.items():
                v = 1 if now == side else 0
                if b[i] != v:
                    b[i] = v
                    moved = True
            if moved:
                changed.append(i)
        version = (p.version + 1) if p is not None else 0
        if p is not None:
            self.log.append((version, changed))
            del self.log[:-64]
        self.pos = _Position(ov, control, masks, version)
        return self.pos

    def mask(self, cx: Context, side: str) -> bytearray:
        b = cx._pos.masks.get(side)
        if b is None:  # a side the scenario does not list
            ix = cx.graph.index().ix
            b = bytearray(len(self.exists))
            for space, v in cx.control.items():
                i = ix.get(space)
                if v == side and i is not None and self.exists[i]:
                    b[i] = 1
            cx._pos.masks[side] = b
        return b

    def changed_since(self, version: int, now: int) -> list[int] | None:
        out: list[int] = []
        first = None
        for v, ch in self.log:
            if version < v <= now:
                first = v if first is None else first
                out += ch
        if now > version and first != version + 1:
            return None  # the log no longer goes back that far
        return out

    def trace(self, cx: Context, side: str, sources, open_seas, blocked):
        pos = cx._pos
        key = (tuple(sources), frozenset(open_seas), frozenset(blocked))
        inp = supply.inputs(cx.graph, cx.map, self.mask(cx, side), sources, open_seas, blocked)
        kept = self.traces.get(side)
        current = pos is self.pos
        if kept is not None and kept[0] == key and current:
            if kept[1] == pos.version:
                return kept[2]
            changed = self.changed_since(kept[1], pos.version)
            t = (
                supply.update(kept[2], inp, changed, routes=cx.routes_asked)
                if changed is not None
                else supply.trace_inputs(inp, cx.graph, cx.routes_asked)
            )
        else:
            t = supply.trace_inputs(inp, cx.graph, cx.routes_asked)
        if current:
            self.traces[side] = (key, pos.version, t)
        return t


def _tracker(cx: Context, sc: Scenario, st: GameState) -> _Tracker:
    """The tracker of ``st`` for this board version, graph and scenario (a few kept per scenario)."""
    board, graph = cx.board, cx.graph
    key = (id(board), board.version, id(graph), cx._absent, id(st))
    kept = sc.__dict__.setdefault("_trackers", {})
    tr = kept.get(key)
    if tr is not None and tr.state_ref() is st:
        kept[key] = kept.pop(key)  # the last used last: the game's own state outlives the copies read back
        return tr
    ix = graph.index()
    # what the trackers of this map version and scenario share (read only): a byte per space that
    # exists, and each side's friendly bytes at the start; made once, not for each state read back
    masks_key = ("_start_masks", id(board), board.version, id(graph), cx._absent)
    cached = sc.__dict__.get("_start_masks")
    if cached is None or cached[0] != masks_key:
        known = board.__dict__.get("_space_ids")  # the board's ids as a set, if the checks made it (consistency)
        ids = known[1] if known is not None and known[0] == board.version else set(board.spaces())
        exists = bytearray(map(ids.__contains__, ix.ids))  # C-level passes over the spaces
        for space in cx._absent:
            if space in ix.ix:
                exists[ix.ix[space]] = 0
        owners = list(map(cx.start.get, ix.ids))
        sides = list(sc.sides) + sorted(set(cx.start.values()).difference(sc.sides))
        masks = {side: bytearray(map(operator.eq, owners, repeat(side))) for side in sides}
        gone = [i for i in compress(range(ix.n), map(operator.not_, exists))]
        for b in masks.values():
            for i in gone:
                b[i] = 0
        cached = (masks_key, masks, exists)
        sc.__dict__["_start_masks"] = cached
    exists = cached[2]
    tr = _Tracker(st, exists, cached[1])
    kept[key] = tr
    while len(kept) > 6:
        kept.pop(next(iter(kept)))
    return tr


AA = ["assault", "advance"]  # the rolls most modifiers touch (defensive assaults "as per normal")


def roll_modifiers(cx, a) -> list[dict]:
    """The modifiers the rules give army ``a``'s own rolls now (the dice are the players': rulings
    R35; the referee names them, as it does Advance resolution 13's).  Each: ``value``, ``rolls``
    (of assault, advance, defensive assault), ``rule`` and ``why``.

    - Soviet winter combat 1-2: an Axis army in a Soviet hex in a winter turn, +4 the first winter
      of the war between the Axis and the Soviet Union, +2 the second, +1 after (rulings R54);
    - Italian forces 6: the Italian Army +1 (not the PAA); The Rumanian army 4: +1 (War for
      Europe);
    - National Morale 7-8: its side's morale five or less +1, fifteen or more -1."""
    st, sc = cx.state, cx.scenario
    out = []
    if a.side == "axis" and st.turn.season == "winter" and cx.country(a.at) == "su":
        n = soviet_winter(cx)
        if n:
            v = {1: 4, 2: 2}.get(n, 1)
            out.append(
                {
                    "value": v,
                    "rolls": AA + ["defensive assault"],
                    "rule": "Soviet winter combat 1-2",
                    "why": f"an Axis army in a Soviet hex in winter, the war's winter number {n} (rulings R54)",
                }
            )
    if a.name == "Italian Army" and sc.has("italian_forces"):
        out.append({"value": 1, "rolls": list(AA), "rule": "Italian forces 6", "why": "the Italian Army (not the PAA)"})
    if a.name == "Rumanian Army" and sc.id == "war_for_europe":
        out.append({"value": 1, "rolls": list(AA), "rule": "The Rumanian army 4", "why": "the Rumanian army"})
    rec = st.sides.get(a.side)
    if rec is not None and rec.morale is not None and sc.has("morale"):
        if rec.morale <= 5:
            out.append(
                {"value": 1, "rolls": list(AA), "rule": "National Morale 7", "why": f"{a.side} morale {rec.morale}"}
            )
        elif rec.morale >= 15:
            out.append(
                {"value": -1, "rolls": list(AA), "rule": "National Morale 8", "why": f"{a.side} morale {rec.morale}"}
            )
    return out


EASTERN_WAR = Turn(1941, "summer")  # the Axis attack on the Soviet Union, historically (Soviet winter combat)


def soviet_winter(cx) -> int:
    """Which winter of the war between the Axis and the Soviet Union this turn is (1 the first), or
    0: not a winter turn of that war.  The war starts when the Soviet Union joined it (its
    ``joined`` turn: War for Europe, The Soviet Union 3, 5) or, at war from the start with no turn
    recorded, when it did historically, summer 1941 (Barbarossa's first turn; The Fall of Germany,
    from spring 1944, has the war's fourth and fifth winters), or at the scenario's first turn if
    it is earlier ("reproduce the historical situation": rulings R54)."""
    st = cx.state
    su = st.nations.get("su")
    if st.turn.season != "winter" or su is None or su.status != "at_war":
        return 0
    start = su.joined or min(cx.scenario.first_turn, EASTERN_WAR)
    if st.turn < start:
        return 0
    return sum(1 for y in range(start.year, st.turn.year + 1) if start <= Turn(y, "winter") <= st.turn)
