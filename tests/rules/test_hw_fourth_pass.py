"""Hitler's War, fourth pass (issue 23, "Rules, third round"): what a referee still did by hand
and the defects that ended games wrongly.  Each test is written from the rulebook's words
(shared/seeds/002) and failed on main before its fix.  Games are played through a GameSession
on the shipped map and scenarios, as in test_hw_second_pass.py."""

from mapref.rules.ruleset import Action

from hwplay import act, ctx, game


def _quiet_step(s):
    """End the current step doing nothing a player may leave undone: the only obligation of a
    quiet turn is France, Activity limitations 2 ("The Allies must build at least three strength
    points in France per turn"), met with three infantry in Paris's neighbour N8."""
    st = s.state
    if (st.side, st.phase, st.subphase) == ("allies", "production", "build") and st.nations["fr"].status == "at_war":
        act(s, "build", space="N8", points={"infantry": 3})
    return act(s, "advance")


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
        seen += _quiet_step(s).messages
        now = ctx(s).control
        moved = {h: (control.get(h), now.get(h)) for h in set(control) | set(now) if control.get(h) != now.get(h)}
        assert not moved, (s.state.turn, s.state.side, s.state.phase, sorted(moved)[:10])
        assert {k: v.morale for k, v in s.state.sides.items()} == morale, [m for m in seen if "morale" in m]
    assert not any("becomes" in m for m in seen)
    # the hexes are unsupplied and were reported as staying (not silently ignored)
    assert any("stay allies" in m and "H4" in m and "rulings R23" in m for m in seen)
    assert any("stay axis" in m and "Q13" in m for m in seen)
