"""Hitler's War, fourth pass (issue 23, "Rules, third round"): what a referee still did by hand
and the defects that ended games wrongly.  Each test is written from the rulebook's words
(shared/seeds/002) and failed on main before its fix.  Games are played through a GameSession
on the shipped map and scenarios, as in test_hw_second_pass.py."""

from mapref.rules.ruleset import Action

from hwplay import act, ctx, game, quiet_step


# ------------------------------------------------------------------ Determine supply 7-8
def test_quiet_war_for_europe_turns_change_no_hex_and_no_morale():
    # Determine supply 8: "An unsupplied hex becomes friendly to the opposing side with the
    # closest un-devastated production point."  All remaining unaligned countries 1: "All other
    # unaligned countries remain so until attacked"; Violation of neutrality 1-2: an unaligned
    # nation changes only when it is attacked.  The closest production is measured through the
    # territory of the sides at war only (rulings R23): with the fleets in port, Allied North
    # Africa and Gibraltar, and East Prussia behind the Polish corridor, trace no supply, but no
    # opponent's production reaches them except across unaligned Spain, Libya, Turkey, Poland or
    # the Baltic States, so they stay.  Two turns (winter 1939, spring 1940) in which every side only passes (and the Allies
    # build their three points in France) changes no hex's control, so no morale either
    # (National morale chart: "Loss of five or more hexes during a combat phase").
    s = game("war_for_europe")
    control = dict(ctx(s).control)
    morale = {k: v.morale for k, v in s.state.sides.items()}
    seen = []
    while str(s.state.turn) != "summer 1940":
        seen += quiet_step(s).messages
        now = ctx(s).control
        moved = {h: (control.get(h), now.get(h)) for h in set(control) | set(now) if control.get(h) != now.get(h)}
        assert not moved, (s.state.turn, s.state.side, s.state.phase, sorted(moved)[:10])
        assert {k: v.morale for k, v in s.state.sides.items()} == morale, [m for m in seen if "morale" in m]
    assert not any("becomes" in m for m in seen)
    # the hexes are unsupplied and were reported as staying (not silently ignored)
    assert any("stay allies" in m and "H4" in m and "rulings R23" in m for m in seen)
    assert any("stay axis" in m and "Q13" in m for m in seen)


# --------------------------------------- Fleet strength points 5; Movement of naval 12, 18
ITALIAN_ALLIED = ("H10", "H11", "I11", "I12", "J10", "J11")  # The Fall of Germany: Allied hexes of Italy


def _fall_of_germany_with_an_army_in_i12():
    s = game("fall_of_germany", auto_place=False)
    act(s, "place", pool="allies", space="I12", points={"infantry": 4})
    act(s, "place", auto=True)
    return s


def _fleet(s, name):
    return next((f for f in s.state.fleets if f.name == name), None)


def test_the_allies_split_their_eight_ships_between_the_atlantic_and_the_mediterranean():
    # Fleet strength points 5: "A player may transfer ship strength points but only between fleets
    # of the same colour"; Movement of naval strength points and fleets 12: "New fleets may be
    # created or disbanded to facilitate this movement"; 18: "Fleets can be created at any time to
    # receive ship strength points."  Sea transportation 3: "A fleet at sea also ensures that an
    # army may draw supply through that sea to their side's supply centre" -- London's supply
    # reaches Allied Italy only through the Atlantic and the Mediterranean.  The Fall of Germany
    # gives the Allies "8 Capital ships": placed as 4 + 4 (one fleet in Malta, G11: rulings R64)
    # they open both seas in their first turn, and Italy stays Allied with its army.
    s = _fall_of_germany_with_an_army_in_i12()
    out = act(s, "move", **{"from": "P5", "to": "G11", "fleet": "British Fleet", "ships": 4})
    assert _fleet(s, "British Fleet").capital == 4 and _fleet(s, "British Fleet").at == "P5"
    malta = next(f for f in s.state.fleets if f.at == "G11")
    assert malta.capital == 4 and malta.nation == "gb" and malta.in_port and malta.side == "allies", out.messages
    assert not [v for v in s.report().violations if v.code.startswith("setup.fleet")]  # still the set-up's 8 ships
    from hwplay import advance_to

    advance_to(s, "allies", "movement", "naval")
    act(s, "move", **{"from": "P5", "to": "P4", "fleet": "British Fleet"})
    act(s, "move", **{"from": "G11", "to": "I9", "fleet": malta.name})
    assert {f.at: f.in_port for f in s.state.fleets if f.side == "allies"} == {"P4": False, "I9": False}
    advance_to(s, "allies", "combat", "exploitation")
    msgs = act(s, "advance").messages
    assert all(ctx(s).control.get(h) == "allies" for h in ITALIAN_ALLIED), msgs
    assert any(a.at == "I12" and a.side == "allies" for a in s.state.armies), msgs


def test_one_fleet_of_eight_opens_one_sea_and_italy_is_lost():
    # the same opening with the eight ships kept in one fleet: only the Atlantic is open, so
    # Allied Italy traces no supply (Determine supply 6-7) and goes to the Axis, its army with it
    s = _fall_of_germany_with_an_army_in_i12()
    from hwplay import advance_to

    advance_to(s, "allies", "movement", "naval")
    act(s, "move", **{"from": "P5", "to": "P4", "fleet": "British Fleet"})
    advance_to(s, "allies", "combat", "exploitation")
    act(s, "advance")
    assert all(ctx(s).control.get(h) == "axis" for h in ITALIAN_ALLIED)
    assert not any(a.at == "I12" for a in s.state.armies)


def test_ship_points_split_and_merge_only_within_a_nation_and_ten_a_fleet():
    from hwplay import advance_to, refused

    s = game("war_for_europe")
    advance_to(s, "allies", "movement", "naval")
    brit, fr = _fleet(s, "British Fleet"), _fleet(s, "French Fleet")
    home = brit.at
    # 14: "Ship strength points may make one move": three points sail to sea, five stay in port
    act(s, "move", **{"from": home, "to": "P4", "fleet": "British Fleet", "ships": 3})
    new = next(f for f in s.state.fleets if f.at == "P4")
    assert new.capital == 3 and not new.in_port and new.moved and new.nation == "gb"
    assert _fleet(s, "British Fleet").capital == 5 and not _fleet(s, "British Fleet").moved
    # the points that moved do not move again; the five left in port still may
    refused(s, "move", **{"from": "P4", "to": "P3", "fleet": new.name, "ships": 1})
    # Fleet strength points 5: "only between fleets of the same colour": a British point never
    # joins the French fleet, nor shares its hex (3; rulings R17)
    r = refused(s, "move", **{"from": home, "to": fr.at, "fleet": "British Fleet", "ships": 1})
    assert "same colour" in r.refusal or "Fleet strength points 5" in r.rule, r.refusal
    # more points than the fleet has
    r = refused(s, "move", **{"from": home, "to": "P4", "fleet": "British Fleet", "ships": 6})
    assert "5" in r.refusal
    # merging: the remaining five join the three at sea (one fleet of eight in P4)
    act(s, "move", **{"from": home, "to": "P4", "fleet": "British Fleet", "ships": 5})
    at_p4 = [f for f in s.state.fleets if f.at == "P4"]
    assert len(at_p4) == 1 and at_p4[0].capital == 8 and not at_p4[0].in_port
    assert not any(f.at == home for f in s.state.fleets)  # 18: "Empty fleets are removed from play"
    # 2: "Each fleet can hold a maximum of ten naval strength points": six at sea and five more
    from hwplay import edit
    from mapref.rulesets.hitlers_war.state import Fleet

    s = game("war_for_europe")
    advance_to(s, "allies", "movement", "naval")
    edit(s, lambda st: st.fleets.append(Fleet("British Fleet 2", "allies", "gb", "P7", True, 5)))
    act(s, "move", **{"from": home, "to": "P4", "fleet": "British Fleet", "ships": 6})
    r = refused(s, "move", **{"from": "P7", "to": "P4", "fleet": "British Fleet 2"})
    assert "over ten" in r.refusal and "naval strength points and fleets 2" in r.rule
    act(s, "move", **{"from": "P7", "to": "P4", "fleet": "British Fleet 2", "ships": 4})
    assert sorted((f.at, f.capital) for f in s.state.fleets if f.nation == "gb") == [("P4", 10), ("P5", 2), ("P7", 1)]


def test_a_fleet_returning_from_sea_splits_between_two_ports():
    # Movement of naval strength points and fleets 7, 12-13: ships at sea must return to port at
    # the start of movement, "New fleets may be created or disbanded to facilitate this movement",
    # and only points "which would exceed the port's capacity are eliminated": eight ships at sea
    # off Gibraltar (a port of three) are split between Gibraltar and another port, and none is lost
    from hwplay import advance_to, edit, refused

    s = game("war_for_europe")
    advance_to(s, "allies", "movement", "naval")

    def at_sea(st):
        f = next(f for f in st.fleets if f.name == "British Fleet")
        f.at, f.in_port = "H3", False

    edit(s, at_sea)
    # at sea, its points may only go to port (7)
    refused(s, "move", **{"from": "H3", "to": "H2", "fleet": "British Fleet", "ships": 3, "at_sea": True})
    act(s, "move", **{"from": "H3", "to": "H4", "fleet": "British Fleet", "ships": 3})
    act(s, "move", **{"from": "H3", "to": "P5", "fleet": "British Fleet"})
    ships = sorted((f.at, f.capital, f.in_port) for f in s.state.fleets if f.nation == "gb")
    assert ships == [("H4", 3, True), ("P5", 5, True)]


# ---------------------------------------------------------------------------- Surrender
def test_a_surrender_the_rules_do_not_offer_is_refused():
    # Surrender, France 1: "If the Axis captures Paris (hex N7) they may roll for French
    # surrender"; Germany 1: "If Berlin is captured"; Other countries 1: "All other countries will
    # surrender immediately when their capital is captured"; Soviet Union 1: "The Soviet Union
    # will only offer to surrender as per the morale rules".  On a fresh War for Europe game none
    # of these holds: `mapref surrender` refuses them (rulings R65).
    from hwplay import refused

    s = game("war_for_europe")
    for code, rule in (
        ("fr", "France 1"),
        ("ge", "Germany 1"),
        ("no", "Other countries 1"),
        ("su", "Soviet Union 1"),
        ("gb", "Great Britain 1"),
        ("it", "Italy 1"),
    ):
        r = refused(s, "surrender", nation=code)
        assert rule in r.rule, (code, r.refusal)
    assert "Soviet Union 1" in refused(s, "surrender", nation="su", refused=True).rule
    # advisory mode applies one anyway, with the referee's reason in the log
    s2 = game("war_for_europe")
    out = s2.apply(Action("surrender", {"nation": "no"}), override="the players agreed Norway gives up")
    assert out.ok and s2.state.nations["no"].status == "surrendered"
    assert "against the rules" in s2.log[-1].did and "Other countries 1" in s2.log[-1].override
    # Paris held by the Axis: the roll is offered, and the surrender the players rolled applies
    act(s, "set", space="N7", control="axis")
    assert any(o["nation"] == "fr" for o in s.report().surrender)
    act(s, "surrender", nation="fr")
    assert s.state.nations["fr"].status == "surrendered"
    # a morale surrender is offered to the side's nation: Germany 2 ("as per the morale rules")
    from hwplay import edit

    edit(s, lambda st: setattr(st.sides["axis"], "morale", 0))
    act(s, "surrender", nation="ge")
    assert s.state.nations["ge"].status == "surrendered"


def test_a_capital_taken_by_a_correction_offers_its_countrys_surrender():
    # Surrender, Other countries 1-2: "All other countries will surrender immediately when their
    # capital is captured. ... T10 Oslo".  A capture entered with `mapref set --control` (rulings
    # R32) offers the surrender the capture would have applied; `mapref surrender` applies it with
    # what Other countries 4 says: the uncaptured hexes go to the captor, nothing devastated.
    s = game("war_for_europe")
    out = act(s, "set", space="T10", control="axis")
    assert any("surrender" in m and "no" in m for m in out.messages), out.messages
    (o,) = [o for o in s.report().surrender if o["nation"] == "no"]
    assert o["by"] == "axis" and "Other countries 1" in o["rule"]
    act(s, "surrender", nation="no")
    cx = ctx(s)
    assert s.state.nations["no"].status == "surrendered"
    assert all(cx.control.get(h) == "axis" for h in cx.board.spaces_of_country("no") if cx.exists(h))


# ------------------------------------------------------------- Trans-Atlantic shipping 1, 4
def test_shipping_built_in_a_production_phase_carries_nothing_until_the_next():
    # Production points 1: "At the start of each production phase, the player counts all the
    # un-devastated production points they control ... The total represents their side's
    # production output for that season."  Trans-Atlantic shipping 1, 4-5: each shipping point
    # carries one production point, "costs three production points to build", and what the convoy
    # cannot carry is lost.  The Fall of Germany's Allies with five shipping points receive five
    # of their eight; two built now cost six and carry production from the next phase on.
    from hwplay import advance_to, edit

    s = game("fall_of_germany")
    edit(s, lambda st: setattr(st.sides["allies"], "ta_shipping", 5))
    advance_to(s, "allies", "production", "build")

    def shipping(p):
        return next(t.points for t in p.breakdown if "trans-Atlantic" in t.what)

    before = s.report().production["allies"]
    assert shipping(before) == 5
    act(s, "build", ta_shipping=2)
    after = s.report().production["allies"]
    assert s.state.sides["allies"].ta_shipping == 7
    assert after.available == before.available - 6  # three production a shipping point
    assert shipping(after) == 5 and after.spendable == before.spendable and after.total == before.total
    advance_to(s, "allies", "production", "build", turn="summer 1944")
    assert shipping(s.report().production["allies"]) == 7


# ------------------------------------------------- Determine supply 7: isolation is capture
def _hold(s, side, spaces):
    from hwplay import edit
    from mapref.rulesets.hitlers_war.state import HexState

    def put(st):
        for x in spaces:
            st.hexes[x] = HexState(control=side, occupied=True)

    edit(s, put)


def test_leningrad_taken_by_isolation_lowers_soviet_morale():
    # Determine supply 7: "All unsupplied hexes are immediately captured by an opponent"; Friendly
    # hexes 2: a hex becomes friendly "if one of its armies enters that hex or if the side manages
    # to isolate it from supply".  National morale chart: "Axis captures Leningrad -1 to Soviet
    # Union" -- a capture by isolation is a capture (rulings R66).
    from hwplay import advance_to, edit
    from mapref.core.graph import LAND_KINDS
    from mapref.rulesets.hitlers_war.state import Nation

    s = game("war_for_europe")
    advance_to(s, "soviet", "combat", "exploitation")
    edit(s, lambda st: st.nations.__setitem__("su", Nation("soviet", "at_war")))
    cx = ctx(s)
    _hold(
        s,
        "axis",
        cx.graph.neighbours("T15", LAND_KINDS) + [h for h in cx.board.spaces_of_country("pl") if cx.exists(h)],
    )
    assert "T15" not in ctx(s).supplied("soviet")
    morale = s.state.sides["soviet"].morale
    msgs = act(s, "advance").messages
    assert ctx(s).control.get("T15") == "axis", msgs
    assert s.state.sides["soviet"].morale == morale - 1, msgs
    assert any("Leningrad" in m and "National morale chart" in m for m in msgs)


def test_a_capital_taken_by_isolation_makes_its_country_surrender():
    # Surrender, Other countries 1: "All other countries will surrender immediately when their
    # capital is captured"; Determine supply 7: unsupplied hexes "are immediately captured".
    # Yugoslavia on the Allied side, cut off with the Axis beside it in L11: at the end of the
    # Allied combat phase Belgrade (L12) goes to the Axis, and Yugoslavia surrenders.
    from hwplay import advance_to, edit
    from mapref.rulesets.hitlers_war.state import Nation

    s = game("war_for_europe")
    advance_to(s, "allies", "combat", "exploitation")
    edit(s, lambda st: st.nations.__setitem__("yu", Nation("allies", "at_war")))
    _hold(s, "allies", ["K12", "L12"])
    _hold(s, "axis", ["L11"])
    msgs = act(s, "advance").messages
    assert ctx(s).control.get("L12") == "axis", msgs
    assert s.state.nations["yu"].status == "surrendered", msgs
    assert any("Other countries 1" in m for m in msgs)


# ----------------------------------------------------------- Unaligned Forces; home forces table
def test_poland_places_its_eight_home_forces_three_a_hex_once_and_they_stay_home():
    # Unaligned Forces 1-4, 7 and the home forces table ("Poland 8"): placed "at the moment the
    # first attack of a hex in their home country is announced ... anywhere in their country,
    # limited to a maximum of three strength points per hex"; "Home forces cannot leave their
    # homeland. If forced to retreat out of their country, they are eliminated"; "Once eliminated,
    # they cannot be rebuilt. They are available just once."  (rulings R68)
    from hwplay import advance_to, refused

    s = game("war_for_europe")
    assert "combat phase" in refused(s, "home-forces", nation="pl", at={"O13": 3, "P12": 3, "N13": 2}).reason
    advance_to(s, "axis", "combat", "announce")
    assert "8" in refused(s, "home-forces", nation="pl", at={"O13": 3, "P12": 3}).reason  # all eight
    assert "three a hex" in refused(s, "home-forces", nation="pl", at={"O13": 4, "P12": 3, "N13": 1}).reason
    assert "not in Poland" in refused(s, "home-forces", nation="pl", at={"O12": 2, "P12": 3, "N13": 3}).reason
    assert "no home forces" in refused(s, "home-forces", nation="it", at={"L10": 2}).reason  # Italy's are its armies
    act(s, "home-forces", nation="pl", at={"O13": 3, "P12": 3, "N13": 2})
    assert sorted((h.at, h.points) for h in s.state.home_forces) == [("N13", 2), ("O13", 3), ("P12", 3)]
    assert "just once" in refused(s, "home-forces", nation="pl", at={"O14": 2}).reason
    # an assault's losses, then an advance: the forces in O13 retreat inside Poland, never out of it
    advance_to(s, "axis", "combat", "assaults")
    act(s, "losses", space="O13", home=1)
    advance_to(s, "axis", "combat", "advances")
    r = s.check(Action("capture", {"from": "O12", "to": "O13"}))
    assert (
        not r.ok
        and r.ask is not None
        and set(r.ask.options) <= {"O14", "P13", "N13", "P12"}
        and "O12" not in r.ask.options
    )
    act(s, "capture", **{"from": "O12", "to": "O13", "home_to": "P13"})
    assert sorted((h.at, h.points) for h in s.state.home_forces) == [("N13", 2), ("P12", 3), ("P13", 2)]
    # Warsaw taken: Poland surrenders and its home forces "disappear forever" (3)
    act(s, "capture", **{"from": "O13", "to": "P12"})
    assert not s.state.home_forces and s.state.nations["pl"].status == "surrendered"


def test_an_invaders_losses_need_no_flag_in_the_amphibious_step():
    # Naval fire 5: "At least half the losses of each separate fire must be amphibious strength
    # points"; in the resolve amphibious assaults step the phasing side's armies lose points only
    # as invaders, so the half is checked without `--invader` (the window records losses without
    # it: rulings R56 as changed)
    from hwplay import advance_to, edit, refused
    from mapref.rulesets.hitlers_war.state import Army

    s = game("fall_of_germany")
    edit(
        s,
        lambda st: (
            setattr(st, "armies", [a for a in st.armies if a.at != "P7"]),
            st.armies.append(Army("Overlord", "allies", "gb", "P7", {"amphibious": 2, "infantry": 3})),
        ),
    )
    advance_to(s, "allies", "combat", "amphibious")
    assert "Naval fire 5" in refused(s, "losses", space="P7", points={"infantry": 1}).rule
    act(s, "losses", space="P7", points={"infantry": 1, "amphibious": 1})


# --------------------------------------------- Exploitation attacks 2-3, 9; Advance resolution 2
def _empty_enemy_neighbour(s, army, taken=()):
    from mapref.rulesets.hitlers_war.common import land_adjacent

    cx = ctx(s)
    a = s.state.army(army)
    return next(
        n
        for n in cx.board.sorted(set(cx.graph.neighbours(a.at)))
        if land_adjacent(cx, a.at, n)
        and cx.control.get(n) == "soviet"
        and not any(x.at == n for x in s.state.armies)
        and n not in taken
    )


def test_exploitation_goes_one_army_at_a_time_and_a_failed_advance_ends_an_armys_attacks():
    # Exploitation attacks 2-3: "Attacks in the exploitation sub-phase are completed one army at a
    # time ... Once the attacker begins one army's exploitation, they cannot then return to finish
    # another army's earlier exploitation attack"; 9: "After failing to advance, an army is no
    # longer able to assault"; Advance resolution 2: "If the advance fails, the army remains where
    # it is and can make no more attacks that turn."  (rulings R69)
    from hwplay import advance_to, edit, refused

    s = game("barbarossa")
    advance_to(s, "axis", "combat", "advances")
    edit(
        s,
        lambda st: setattr(
            st, "armies", [a for a in st.armies if a.side == "axis" or a.at in ("Q17", "T15", "box:siberia")]
        ),
    )
    north, centre, south = "Army Group North", "Army Group Centre", "Army Group South"
    # Army Group South's initial advance fails: no more attacks this turn, no exploitation
    a = s.state.army(south)
    out = act(s, "capture", **{"from": a.at, "to": _empty_enemy_neighbour(s, south), "army": south, "failed": True})
    assert s.state.army(south).at == a.at and any("no more attacks" in m for m in out.messages)
    for name in (north, centre):
        a = s.state.army(name)
        act(s, "capture", **{"from": a.at, "to": _empty_enemy_neighbour(s, name), "army": name})
    act(s, "advance")  # -> exploitation
    a = s.state.army(south)
    assert "Advance resolution 2" in refused(s, "capture", **{"from": a.at, "to": "N14", "army": south}).rule
    a = s.state.army(north)
    act(s, "capture", **{"from": a.at, "to": _empty_enemy_neighbour(s, north), "army": north})
    a = s.state.army(centre)
    out = act(s, "capture", **{"from": a.at, "to": _empty_enemy_neighbour(s, centre), "army": centre})
    assert any("may not return" in m for m in out.messages)
    a = s.state.army(north)
    r = refused(s, "capture", **{"from": a.at, "to": _empty_enemy_neighbour(s, north), "army": north})
    assert "Exploitation attacks 3" in r.rule
    # Army Group Centre fails its next advance: its exploitation, and its attacks, are over
    a = s.state.army(centre)
    act(s, "capture", **{"from": a.at, "to": _empty_enemy_neighbour(s, centre), "army": centre, "failed": True})
    assert (
        "Exploitation attacks"
        in refused(s, "capture", **{"from": a.at, "to": _empty_enemy_neighbour(s, centre), "army": centre}).rule
    )
    act(s, "advance")  # the end of the combat phase clears the record
    assert not s.state.stopped and not s.state.exploiting


def test_the_vichy_lands_have_two_neutral_infantry_each():
    # Vichy France 4: "Morocco, Algeria, Tunisia and Lebanon/Syria have neutral forces of two
    # infantry points each should they be attacked. The Axis player places these forces."
    from hwplay import advance_to, refused

    s = game("war_for_europe")
    _hold(s, "axis", ["N7"])
    act(s, "surrender", nation="fr")
    advance_to(s, "allies", "combat", "announce")
    cx = ctx(s)
    tn = [h for h in cx.board.spaces_of_country("tn") if cx.exists(h)]
    assert "2" in refused(s, "home-forces", nation="tn", at={tn[0]: 3}).reason
    act(s, "home-forces", nation="tn", at={tn[0]: 2})
    assert [(h.nation, h.points) for h in s.state.home_forces] == [("tn", 2)]
