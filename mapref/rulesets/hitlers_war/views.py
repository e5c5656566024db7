"""What the referee's window asks Hitler's War beyond the actions: where a dragged army may go,
who holds the hexes that changed hands, what ending the step will do, the set-up pools, and
the commands that do a refused action anyway (advisory mode).

Nothing here changes the state.
"""

from __future__ import annotations

from mapref.core.graph import box_space
from mapref.rules.ruleset import Action, Field, MenuItem, Outcome, SetupPool
from mapref.rulesets.hitlers_war.commands import MoveFleet, MovePoints
from mapref.rulesets.hitlers_war.homeforces import entitled
from mapref.rulesets.hitlers_war.movement import check_move
from mapref.rulesets.hitlers_war.placement import RULE, check_place, placeable, room
from mapref.rulesets.hitlers_war.sequence import advance
from mapref.rulesets.hitlers_war.state import POINT_TYPES
from mapref.rulesets.hitlers_war.surrender import SIDE_NATION, check_surrender
from mapref.rulesets.hitlers_war.transport import AMERICA, fleet_capacity
from mapref.rulesets.hitlers_war.victory import surrender_offers


def reach(cx, piece: str, within=None) -> set[str]:
    """The spaces a dragged army may move to now (Movement 1-5), or a set-up pool be placed in;
    of the spaces ``within`` only, when given."""
    kind, _, name = piece.partition(":")
    if kind == "pool":
        out = placeable(cx, name)
        return out if within is None else out & set(within)
    if kind != "army":
        return set()
    st = cx.state
    a = st.army(name)
    if a is None or st.phase != "movement" or a.side != st.side:
        return set()

    america = {box_space(b) for b in AMERICA}
    friendly = [s for s, v in cx.control.items() if v == a.side and s != a.at]
    if within is not None:
        near = set(within)
        friendly = [s for s in friendly if s in near]
    if not fleet_capacity(cx, a.side) and a.at not in america:
        # no sea transport nor trans-Atlantic shipping from here: only a friendly space joined to
        # the army by land can be reached (Movement 2), and America by shipping; one search
        # finds them, and the checks read their routes from it
        region = cx.land_region(a.side, a.at) | america
        friendly = [s for s in friendly if s in region]
    return {s for s in friendly if check_move(cx, a.at, s, army=name).ok}


def control_view(cx) -> dict[str, str]:
    """Hexes held by another side than at the start (captured, isolated, joined): space -> holder."""
    return cx.changed_control()


def unsupplied_why(cx, army) -> str:
    """Why an army traces no supply when no enemy space cuts its line (Determine supply 1-3)."""
    t = cx.trace(army.side)
    if army.at in t.parent and army.at in t.friendly:
        return ""
    if not cx.friendly(army.at, army.side):
        return f"{army.at} is not friendly to the {army.side}: supply is traced only through friendly hexes [Determine supply 1]"
    if t.frontier(army.at):
        return ""
    region = t.region(army.at)
    if not any(s in region for s in t.sources) and not t.sources:
        return f"the {army.side} has no supply source it holds [Determine supply 4]"
    return (
        f"its friendly region ({len(region)} space{'s' if len(region) != 1 else ''}) touches no enemy hex: the sea cuts it off "
        f"from its source, and supply crosses the sea only through a sea zone where a {army.side} fleet is at sea "
        f"(none is) [Determine supply 1-3; Sea transportation 3]"
    )


def end_step_preview(ruleset, game) -> list[str]:
    """What ending the current step applies, besides moving on (the check's messages)."""
    out = ruleset.check(game, Action("advance"))
    if not out.ok:
        return [out.refusal]
    # what changes: not the moving on, nor the unsupplied hexes that stay as they are (rulings R23)
    return [
        m
        for m in out.messages
        if not m.startswith("now: ") and not m.startswith("unsupplied, but no opposing production")
    ]


def pools(cx) -> list[SetupPool]:
    """The set-up pools with something still to place: none once the set-up is over (what was
    left then never enters play: Prepare for Play 3, 8; rulings R70)."""
    if cx.state.phase != "setup":
        return []
    specs = {p.id: p for p in cx.scenario.pools}
    out = []
    for p in cx.state.pools:
        spec = specs.get(p.id)
        if spec is None or p.empty():
            continue
        name = spec.army_name or p.id
        out.append(
            SetupPool(
                p.id, p.side, f"{name} ({p.side})", {t: n for t, n in p.points.items() if n}, spec.rule, list(p.leaders)
            )
        )
    return out


def place_item(cx, pool_id: str, space: str, kind: str = "") -> MenuItem | None:
    """The entry for dropping pool ``pool_id`` on ``space``: the points to place (by default as
    many as fit, infantry first), asked before placing.  ``kind``: one row of the pool was
    dragged (a point type, or ``leader/NAME``): the form starts with that only (as many of it as
    fit, or that leader)."""
    st = cx.state
    pool = next((p for p in st.pools if p.id == pool_id), None)
    if pool is None:
        return None
    left = room(cx, space)
    fields = []
    for t in POINT_TYPES:
        n = pool.points.get(t, 0)
        if not n:
            continue
        default = n if t == "tactical_air" else min(n, left)
        if t != "tactical_air":
            left -= default
        if kind:  # one row dragged: that kind only, as many as the space takes (a leader's row: no points)
            default = min(n, room(cx, space)) if t == kind else 0
        fields.append(Field(f"points.{t}", f"{t.replace('_', ' ')} (of {n} left)", "int", default, min=0, max=n))
    if pool.leaders:
        fields.append(
            Field("leader", "leader", "choice", kind[7:] if kind.startswith("leader/") else "", ["", *pool.leaders])
        )
    setup = st.phase == "setup"
    why = (
        ""
        if setup
        else f"it is the {st.side} {st.phase} phase: set-up forces are placed before play begins [{RULE}, 8]"
    )
    return MenuItem(
        f"Place from pool {pool_id} in {space}...",
        Action("place", {"pool": pool_id, "space": space}),
        setup,
        why,
        ask=fields,
    )


def force(ruleset, game, action: Action) -> Outcome | None:
    """Advisory mode: the commands that do a refused ``move``, ``place``, ``surrender`` or the
    end of a set-up with pools left anyway (None: the action cannot be done at all, or is not
    one that can be forced)."""
    how = {"move": _force_move, "surrender": _force_surrender, "place": _force_place, "advance": _force_advance}.get(
        action.verb
    )
    if how is None:
        return None
    try:
        return how(ruleset, game, ruleset.context(game), dict(action.args))
    except (ValueError, KeyError):
        return None


def _force_move(ruleset, game, cx, a: dict) -> Outcome | None:
    st = game.state
    frm, to = ruleset._space(game, a.get("from", "")), ruleset._space(game, a.get("to", ""))
    if "fleet" in a:
        return _force_fleet_move(cx, a, frm, to)
    army = st.army(a["army"]) if a.get("army") else next((x for x in st.armies if x.at == frm), None)
    if army is None or army.at != frm or frm == to:
        return None
    want = {t: int(v) for t, v in (a.get("points") or {}).items() if v} or {t: v for t, v in army.points.items() if v}
    if any(v > army.points.get(t, 0) or v < 0 for t, v in want.items()):
        return None
    target = None if cx.is_box(to) else next((x for x in st.armies if x.at == to and x.side == army.side), None)
    n = 2
    names = {x.name for x in st.armies}
    while f"{army.name} {n}" in names:
        n += 1
    what = f"{sum(want.values())} points of {army.name}"
    return Outcome(
        True,
        [
            MovePoints(
                text=f"move {want} from {frm} to {to}",
                army=army.name,
                to=to,
                points=want,
                new_name=f"{army.name} {n}",
                join=target.name if target is not None else "",
            )
        ],
        [f"{what}: {frm} -> {to}"],
        label=f"move {what} {frm} -> {to}",
        data={"army": army.name},
    )


def _force_fleet_move(cx, a: dict, frm: str, to: str) -> Outcome | None:
    f = next((x for x in cx.state.fleets if x.at == frm and (not a["fleet"] or x.name == a["fleet"])), None)
    if f is None or frm == to:
        return None
    port = cx.port(to) > 0 and not a.get("at_sea")
    return Outcome(
        True,
        [MoveFleet(text=f"fleet {f.name} {frm} -> {to}", fleet=f.name, to=to, in_port=port, counts_as_move=f.in_port)],
        [f"{f.name}: {frm} -> {to}"],
        label=f"move {f.name} {frm} -> {to}",
        data={"fleet": f.name},
    )


def _force_advance(ruleset, game, cx, a: dict) -> Outcome | None:
    """The set-up ended with pools left: what never enters play is said (rulings R70)."""
    if game.state.phase != "setup" or a.get("to"):
        return None
    r = advance(game.map, game.scenario, game.state, drop_pools=True)
    if r.error:
        return None
    return Outcome(True, r.commands, r.messages, rule="Sequence of Play", label="end of the set-up")


def _force_surrender(ruleset, game, cx, a: dict) -> Outcome | None:
    """A surrender the rules do not offer now (rulings R65), applied as the referee rules."""
    nation = str(a.get("nation", "")).strip().lower()
    r = check_surrender(cx, nation, int(a.get("free_french") or 0), refused=bool(a.get("refused")), offered=False)
    if not r.ok:
        return None
    return Outcome(True, r.commands, r.messages, label=f"surrender of {nation}")


def _force_place(ruleset, game, cx, a: dict) -> Outcome | None:
    if a.get("auto"):
        return None
    space = ruleset._space(game, a.get("space", ""))
    r = check_place(cx, a.get("pool", ""), space, a.get("points") or {}, a.get("leader", ""), force=True)
    if not r.ok or r.command is None:  # (a placement checked ok carries its command)
        return None
    return Outcome(True, [r.command], [r.message], label=r.label, data={"army": r.command.join or r.command.new_name})


# ------------------------------------------------------------- the Game menu's war entries
# What concerns no one space (the moves table's offers for the place "game"): the surrenders
# the rules offer now, a naval battle, an unaligned nation's home forces; and the fleet's ship
# points moved from the right-click menu.
def surrender_items(cx) -> list[MenuItem]:
    """The surrenders the rules offer now, with the Axis refusal of a Soviet one (Surrender;
    rulings R57, R65), and the dissolution of Vichy France (Vichy France 5)."""
    st, sc = cx.state, cx.scenario
    if not sc.has("surrender"):
        return []
    out: list[MenuItem] = []
    for o in surrender_offers(cx):
        code = SIDE_NATION.get(o["nation"], o["nation"])
        name = "Rumania and Bulgaria" if code == "ro+bg" else cx.board.country_name(code)
        roll = f", rolled {o['roll_at_most']} or less" if "roll_at_most" in o else ""
        ask = (
            [Field("free_french", "French infantry points that rolled 1 or 2 (Free French)", "int", 0, min=0)]
            if code == "fr"
            else []
        )
        out.append(
            MenuItem(
                f"Apply the surrender of {name}{roll}" + ("..." if ask else ""),
                Action("surrender", {"nation": code}),
                why=f"{o['what']} [{o['rule']}]",
                ask=ask,
                rule=o["rule"],
            )
        )
        if code == "su":
            out.append(
                MenuItem(
                    "Refuse the Soviet surrender (never offered again)",
                    Action("surrender", {"nation": "su", "refused": True}),
                )
            )
    if any(n.status == "vichy" for n in st.nations.values()):
        out.append(MenuItem("Dissolve Vichy France", Action("surrender", {"nation": "vichy"})))
    return out


def naval_items(cx) -> list[MenuItem]:
    """A naval battle the players rolled, or an evasion (Naval battle resolution 3-5; Attacking
    enemy fleets 3-4; rulings R59): the fleets at sea to choose from, while the side moving and
    an enemy both have one at sea (Attacking enemy fleets 1)."""
    st = cx.state
    mine = [f.name for f in st.fleets if f.side == st.side and not f.in_port]
    theirs = [f.name for f in st.fleets if f.side != st.side and not f.in_port]
    if not (mine and theirs):
        return []
    pick = [
        Field("attacker", "attacking fleet", "choice", mine[0] if mine else "", mine),
        Field("defender", "defending fleet", "choice", theirs[0] if theirs else "", theirs),
    ]
    return [
        MenuItem(
            "Record a naval battle...",
            Action("naval", {}),
            ask=pick
            + [
                Field("attacker_losses", "the attacker's ship points lost", "int", 0, min=0),
                Field("defender_losses", "the defender's ship points lost", "int", 0, min=0),
            ],
            note="The larger fleet stays at sea, the smaller returns to a friendly port on the same sea "
            "(Naval battle resolution 3-5; rulings R59).",
        ),
        MenuItem(
            "Record an evasion...",
            Action("naval", {"evaded": True}),
            ask=pick,
            note="The defender evaded: it goes to the nearest friendly port (Attacking enemy fleets 3-4).",
        ),
    ]


def home_forces_items(cx) -> list[MenuItem]:
    """An unaligned nation's home forces placed (Unaligned Forces 1-4; rulings R68)."""
    st, sc = cx.state, cx.scenario
    if sc.home_forces is None:
        return []
    due = sorted((cx.board.country_name(c), c) for c in st.nations if entitled(cx, c))
    if not due:
        return []
    return [
        MenuItem(
            "Place an unaligned nation's home forces...",
            Action("home-forces", {}),
            ask=[
                Field("nation", "nation", "choice", due[0][1], [c for _, c in due]),
                Field("at", "where (HEX=N ...)", "text", ""),
            ],
            note="All of them, in the nation's uncaptured hexes, at most three a hex: "
            + ", ".join(f"{n} {sc.home_forces.of(c)}" for n, c in due)
            + " (Unaligned Forces 1-4; rulings R68).",
        )
    ]


def fleet_items(cx, space: str | None, piece: str | None) -> list[MenuItem]:
    """Some or all of a fleet's ship points moved (Fleet strength points 5; Movement of naval
    strength points and fleets 12, 18; rulings R64): with a fleet selected, to the space
    right-clicked; at a space holding fleets of the side moving (or in set-up), to a space asked."""
    st = cx.state
    if space is None or st.phase not in ("setup", "movement"):
        return []
    movable = [f for f in st.fleets if st.phase == "setup" or f.side == st.side]
    note = "Fewer than all form a new fleet, or join the same nation's fleet there (at most ten)."
    sel = next((f for f in movable if piece == f"fleet:{f.name}"), None)
    if sel is not None:
        if sel.at == space:
            return []
        return [
            MenuItem(
                f"Move ship points of {sel.name} here...",
                Action("move", {"from": sel.at, "to": space, "fleet": sel.name}),
                ask=[Field("ships", f"ship points (of {sel.capital})", "int", sel.capital, min=1, max=sel.capital)],
                note=note,
            )
        ]
    return [
        MenuItem(
            f"Move ship points of {f.name}...",
            Action("move", {"from": f.at, "fleet": f.name}),
            ask=[
                Field("to", "to (a port or sea hex)", "space"),
                Field("ships", f"ship points (of {f.capital})", "int", f.capital, min=1, max=f.capital),
            ],
            note=note,
        )
        for f in movable
        if f.at == space
    ]
