"""What the referee's window offers where, for each move of the table (:mod:`.moves`): the entries
a right-click, the Game menu or the toolbar shows now (``offer``) and the refusal an entry with
fields meets whatever is typed (``when``).  :class:`Menus` is the part of
:class:`~.ruleset.HitlersWar` that answers them (``legal()`` greys what ``check`` refuses)."""

from __future__ import annotations

# (what only an action needs, its commands first, is imported by the functions that make the
# action: a report starts without it; see ruleset.py, issue 34)
from mapref.rulesets.hitlers_war.common import land_adjacent
from mapref.rulesets.hitlers_war.phases import steps
from mapref.rulesets.hitlers_war.production import production
from mapref.rulesets.hitlers_war.sequence import _overstacked
from mapref.rulesets.hitlers_war.state import POINT_TYPES, STATUSES

TYPE_CHECKING = False  # (typing is not imported at run time, as in mapref.rules.ruleset)
if TYPE_CHECKING:
    from mapref.rules.values import MenuItem, Outcome
    from mapref.rulesets.hitlers_war.common import Context

KEEP = "keep"  # a ``set`` action's side or control: unchanged


class Menus:
    """The ``offer`` and ``when`` methods the moves table names (the rest of the ruleset is
    :class:`~.ruleset.HitlersWar`, which this is a part of: ``self.context``, ``self._space``)."""

    if TYPE_CHECKING:  # what the rest of the ruleset gives this part

        def context(self, game) -> Context: ...

    # ---------------------------------------------------------------- what the window offers
    # The entries each move offers now (the moves table, .moves: legal() greys those check
    # refuses).  Combat results are entered in a combat phase only (rulings R35).
    def _attacker(self, game, space: str | None, piece: str | None):
        """The selected army of the phasing side facing an enemy-held or enemy-occupied ``space``
        (a combat result's attacker), or None."""
        st = game.state
        if space is None or not piece or not piece.startswith("army:"):
            return None
        sel = st.army(piece.partition(":")[2])
        if sel is None or sel.side != st.side or sel.at == space:
            return None
        cx = self.context(game)
        enemy = cx.control.get(space) != st.side or any(x.at == space and x.side != st.side for x in st.armies)
        return sel if enemy else None

    def _offer_invade(self, game, space, piece) -> list[MenuItem]:
        from mapref.rules.values import Action, MenuItem

        # Amphibious invasions (Invasion resolution; Invasion advance 3-4): the players rolled it
        sel = self._attacker(game, space, piece)
        if sel is None or game.state.subphase != "amphibious" or not sel.points.get("amphibious"):
            return []
        args = {"from": sel.at, "to": space, "army": sel.name}
        return [
            MenuItem("Invasion succeeded (landing)", Action("invade", dict(args))),
            MenuItem("Invasion failed (amphibious points lost)", Action("invade", {**args, "failed": True})),
        ]

    def _offer_announce(self, game, space, piece) -> list[MenuItem]:
        from mapref.rules.values import Action, MenuItem

        # Announce initial attacks 1-2: name the attacking army and its target (rulings R60)
        sel = self._attacker(game, space, piece)
        if sel is None or (game.state.phase, game.state.subphase) != ("combat", "announce"):
            return []
        return [
            MenuItem(
                f"Announce {sel.name}'s attack on {space}", Action("announce", {"army": sel.name, "target": space})
            )
        ]

    def _offer_capture(self, game, space, piece) -> list[MenuItem]:
        from mapref.rules.values import Action, MenuItem

        sel = self._attacker(game, space, piece)
        cx = self.context(game)
        if sel is None or not (land_adjacent(cx, sel.at, space) or cx.graph.kinds_between(sel.at, space)):
            return []
        args = {"from": sel.at, "to": space, "army": sel.name}
        return [
            MenuItem("", Action("capture", dict(args))),
            # Advance resolution 2; Exploitation attacks 9: the army makes no more attacks this turn (rulings R69)
            MenuItem("Advance failed (no more attacks this turn)", Action("capture", {**args, "failed": True})),
        ]

    def _offer_losses(self, game, space, piece) -> list[MenuItem]:
        """The losses the owner chose after an assault (their fields bounded by what the army and
        the fort have), or a destroyed garrison in an empty enemy hex."""
        from mapref.rules.values import Action, Field, MenuItem

        st = game.state
        cx = self.context(game)
        here = [x for x in st.armies if x.at == space]
        fort = next((f for f in st.forts if f.at == space), None)
        sel = piece.partition(":")[2] if piece and piece.startswith("army:") else None
        enemy = cx.control.get(space) != st.side or any(x.at == space and x.side != st.side for x in st.armies)
        if here or fort is not None:
            a = next((x for x in here if x.name == sel), here[0] if here else None)
            fields = [
                Field(f"points.{t}", f"{t.replace('_', ' ')} lost (of {n})", "int", 0, min=0, max=n)
                for t, n in (a.points.items() if a else [])
                if n
            ]
            if fort is not None:
                fields.append(
                    Field("fort", f"fort points lost (of {fort.strength})", "int", 0, min=0, max=fort.strength)
                )
            args = {"space": space}
            if a is not None:
                args["army"] = a.name
            who = a.name if a else f"the fort in {space}"
            return [
                MenuItem(
                    "Record losses...",
                    Action("losses", args),
                    ask=fields,
                    note=f"The points {who} loses, as its owner chose (Assault resolution 5).",
                )
            ]
        if enemy and not cx.is_box(space) and not (cx.neutral(space) and space not in cx.control):
            return [MenuItem("Garrison destroyed", Action("losses", {"space": space, "garrison": True}))]
        return []

    def _when_losses(self, game, a: dict) -> Outcome | None:
        from mapref.rulesets.hitlers_war.combat import _combat_phase

        bad = _combat_phase(self.context(game))
        return None if bad is None else self._losses_refused(a.get("space", ""), bad)

    @staticmethod
    def _losses_refused(space: str, r) -> Outcome:
        from mapref.rules.values import Outcome

        return Outcome(False, reason=f"impossible losses in {space}: {r.reason}", rule=r.rule)

    def _offer_move(self, game, space, piece) -> list[MenuItem]:
        from mapref.rulesets.hitlers_war.views import fleet_items

        return fleet_items(self.context(game), space, piece)

    def _offer_surrender(self, game, space, piece) -> list[MenuItem]:
        from mapref.rulesets.hitlers_war.views import surrender_items

        return surrender_items(self.context(game))

    def _offer_naval(self, game, space, piece) -> list[MenuItem]:
        from mapref.rulesets.hitlers_war.views import naval_items

        return naval_items(self.context(game))

    def _when_naval(self, game, a: dict) -> Outcome | None:
        from mapref.rules.values import refused
        from mapref.rulesets.hitlers_war.naval import not_now

        r = not_now(self.context(game))
        return None if r is None else refused(f"naval battle not recorded: {r.reason}", r.rule)

    def _offer_home_forces(self, game, space, piece) -> list[MenuItem]:
        from mapref.rulesets.hitlers_war.views import home_forces_items

        return home_forces_items(self.context(game))

    def _when_home_forces(self, game, a: dict) -> Outcome | None:
        from mapref.rules.values import refused
        from mapref.rulesets.hitlers_war import homeforces

        r = homeforces.not_now(self.context(game))
        return None if r is None else refused(f"home forces not placed: {r.reason}", r.rule)

    def _offer_place(self, game, space, piece) -> list[MenuItem]:
        """At a space in the set-up phase: each pool that may be placed there (the points asked);
        game-wide: the pools left placed automatically."""
        from mapref.rules.values import Action, MenuItem
        from mapref.rulesets.hitlers_war.placement import placeable
        from mapref.rulesets.hitlers_war.views import place_item

        st = game.state
        if space is None:
            return (
                [MenuItem("Place the remaining set-up pools automatically", Action("place", {"auto": True}))]
                if st.pools
                else []
            )
        if st.phase != "setup":
            return []

        cx = self.context(game)
        return [
            item for p in st.pools if space in placeable(cx, p.id) and (item := place_item(cx, p.id, space)) is not None
        ]

    def _when_place(self, game, a: dict) -> Outcome | None:
        from mapref.rules.values import Outcome
        from mapref.rulesets.hitlers_war.placement import RULE

        st = game.state
        if st.phase == "setup":
            return None
        return Outcome(
            False,
            reason=f"cannot place in {a.get('space', '')}: it is the {st.side} {st.phase} phase: set-up "
            "forces are placed before play begins",
            rule=f"{RULE}, 8",
        )

    def _offer_set(self, game, space, piece) -> list[MenuItem]:
        """The referee's corrections (rulings R39): a nation's status, a hex's control or devastation."""
        from mapref.rules.values import Action, Field, MenuItem

        m, st, sc = game.map, game.state, game.scenario
        names = sorted((m.countries[c].name or c) for c in st.nations if c in m.countries)
        return [
            MenuItem(
                "Set a nation's status...",
                Action("set", {}),
                ask=[
                    Field("nation", "nation", "choice", names[0] if names else "", names),
                    Field("status", "status", "choice", "at_war", STATUSES),
                    Field("side", "side", "choice", KEEP, (KEEP, "none", *sc.sides)),
                    Field("joined", "joined on turn (blank: this turn when it joins)", "text", ""),
                ],
            ),
            MenuItem(
                "Correct a hex's control or devastation...",
                Action("set", {}),
                ask=[
                    Field("space", "hex or box", "space"),
                    Field("control", "control", "choice", KEEP, (KEEP, *sc.sides, "none")),
                    Field("devastated", "devastated points (blank: unchanged)", "text", ""),
                ],
            ),
        ]

    def _end_of_land_movement(self, game) -> bool:
        st = game.state
        seq = [x for x in steps(game.scenario) if x[0] == "movement"]
        return bool(seq) and (st.phase, st.subphase) == seq[-1]

    def _offer_advance(self, game, space, piece) -> list[MenuItem]:
        """Movement: at an over-stacked hex of the phasing side, end the movement phase with the
        owner's choice of the points lost (Stacking 3; the rest by rulings R24)."""
        from mapref.rules.values import Action, Field, MenuItem

        st = game.state
        if st.phase != "movement" or space is None:
            return []
        over = _overstacked(self.context(game), st.side).get(space)
        if over is None:
            return []
        armies, ground, forts = over
        if ground + forts <= 10:
            return []
        fields = [
            Field(t, f"{t.replace('_', ' ')} lost (of {n})", "int", 0, min=0, max=n)
            for t in POINT_TYPES
            if t != "tactical_air" and (n := sum(a.points.get(t, 0) for a in armies))
        ]
        if forts:
            fields.append(Field("fort", f"fort points lost (of {forts})", "int", 0, min=0, max=forts))
        return [
            MenuItem(
                f"End movement, choosing the {ground + forts - 10} points lost here...",
                Action("advance", {"lose_at": space}),
                ask=fields,
            )
        ]

    def _when_advance(self, game, a: dict) -> Outcome | None:
        from mapref.rules.values import refused

        if a.get("lose_at") and not self._end_of_land_movement(game):
            return refused("points lost to over-stacking are chosen at the end of land movement", "Stacking 3")
        return None

    def _offer_build(self, game, space, piece) -> list[MenuItem]:
        """Production, build step: "Build here..." at a space where the phasing side builds,
        "Build fort points here..." at a friendly land hex, "Build shipping, ships,
        lend-lease..." game-wide.  Each asks its values in one form; the note gives the costs and
        what is left (Building strength points 1-4)."""
        from mapref.rules.values import Action, Field, MenuItem
        from mapref.rulesets.hitlers_war.build import cost_of, RECORD_TYPES

        st = game.state
        if (st.phase, st.subphase) != ("production", "build"):
            return []
        cx = self.context(game)
        side = st.side
        p = production(cx, side)
        left = f"{p.available} of {p.spendable} production left"
        known = {t: cost_of(cx, side, t) for t in POINT_TYPES + ("fort",)}
        costs = ", ".join(f"{t.replace('_', ' ')} {c}" for t, c in known.items() if c is not None)
        note = f"{left}; costs: {costs or 'none known'} (enter other record-sheet costs with mapref build --cost)"
        if space is None:
            extra = [
                Field(k, f"{k.replace('_', ' ')} points ({cost_of(cx, side, k)} each)", "int", 0, min=0)
                for k in RECORD_TYPES
                if cost_of(cx, side, k) is not None
            ]
            ports = [f.name for f in st.fleets if f.side == side and f.in_port]
            if ports:
                extra.append(Field("ships", "production paid toward capital ships", "int", 0, min=0))
                extra.append(Field("fleet", "fleet in port for completed ships", "choice", ports[0], ports))
            if p.lend_lease is not None and p.lend_lease["max"]:
                extra.append(
                    Field(
                        "lend_lease",
                        f"lend-lease to the Soviets (at most {p.lend_lease['max']})",
                        "int",
                        0,
                        min=0,
                        max=p.lend_lease["max"],
                    )
                )
            return (
                [MenuItem("Build shipping, ships, lend-lease...", Action("build", {}), why=note, ask=extra)]
                if extra
                else []
            )
        if space in p.build_spaces:
            fields = [
                Field(t, f"{t.replace('_', ' ')} ({c} each)", "int", 0, min=0)
                for t, c in known.items()
                if c is not None and t != "fort"
            ]
            if known.get("fort") is not None and not cx.is_box(space):
                fields.append(Field("fort", f"fort points ({known['fort']} each)", "int", 0, min=0))
            if cx.is_box(space):
                names = [a.name for a in st.armies if a.at == space and a.side == side]
                fields.append(Field("army", "join army (empty: a new army)", "choice", "", ["", *names]))
            return [MenuItem("Build here...", Action("build", {"space": space}), why=note, ask=fields)]
        if known.get("fort") is not None and cx.friendly(space, side) and not cx.is_box(space) and cx.is_land(space):
            return [
                MenuItem(
                    "Build fort points here...",
                    Action("build", {"space": space}),
                    why=note,
                    ask=[Field("fort", f"fort points ({known['fort']} each)", "int", 1, min=1)],
                )
            ]
        return []

    def _offer_repair(self, game, space, piece) -> list[MenuItem]:
        """Production, repair step: "Repair production here..." at a friendly devastated space
        (Repairing devastated production 2-8)."""
        from mapref.rules.values import Action, Field, MenuItem

        st = game.state
        if (st.phase, st.subphase) != ("production", "repair") or space is None:
            return []
        cx = self.context(game)
        if not cx.friendly(space, st.side):
            return []
        hs = st.hex(space)
        n = hs.devastated - hs.permanent
        if n <= 0:
            return []
        p = production(cx, st.side)
        note = (
            f"three production a point; {p.repair_left} of {p.repair_budget} left for repairs (25% of {p.spendable}); "
            f"{p.available} of {p.spendable} production left"
        )
        return [
            MenuItem(
                "Repair production here...",
                Action("repair", {"space": space}),
                why=note,
                ask=[Field("points", f"points to repair (of {n} devastated)", "int", 1, min=1, max=n)],
            )
        ]
