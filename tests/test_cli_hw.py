"""Hitler's War on the command line, run as a user runs it (issue 12): the new verbs (build,
repair, invade, surrender; advance --lose and --to) and a War for Europe game played over several
years: builds, repairs, a sea transport, a trans-Atlantic move from the USA box to Britain, an
amphibious invasion, the U.S. entry, a capital falling and its country surrendering."""

import json
import sys
from pathlib import Path
from tests.helpers import mapref

ROOT = Path(__file__).resolve().parents[1]


def ok(*args, cwd):
    r = mapref(*args, cwd=cwd)
    assert r.returncode == 0, f"mapref {' '.join(args)}: {r.stderr}"
    assert "Traceback" not in r.stdout + r.stderr
    return r.stdout


def refused(*args, cwd):
    r = mapref(*args, cwd=cwd)
    assert r.returncode == 1, f"mapref {' '.join(args)} was not refused: {r.stdout}"
    assert "Traceback" not in r.stdout + r.stderr and len(r.stderr.strip().splitlines()) == 1
    return r.stderr.strip()


def report(cwd):
    r = mapref("referee", "g.toml", "--json", cwd=cwd)  # exit 1 when the position has violations
    assert r.returncode in (0, 1) and "Traceback" not in r.stderr, r.stderr
    return json.loads(r.stdout)


def game_toml(cwd):
    import tomllib

    return tomllib.loads((Path(cwd) / "g.toml").read_text())


def test_the_us_home_army_is_supplied_and_the_owner_chooses_stacking_losses(tmp_path):
    # Allied Supply and Production 3; Stacking 3; Fortifications, Production 1
    ok("new-game", "war_for_europe", "-o", "g.toml", "--auto-place", cwd=tmp_path)
    armies = {a["name"]: a for a in report(tmp_path)["armies"]}
    assert armies["U.S. Home Army 1"]["supplied"] and armies["U.S. Home Army 2"]["supplied"]
    ok("advance", "g.toml", "--to", "axis land", cwd=tmp_path)
    ok("move", "g.toml", "P9", "N9", cwd=tmp_path)  # German Army 1, ten points, beside the one-point fort
    err = refused("advance", "g.toml", "--lose", "N9:mechanized=2", cwd=tmp_path)
    assert "more than the 1 to lose" in err and "[Stacking 3]" in err
    assert "expected HEX:TYPE=N" in refused("advance", "g.toml", "--lose", "mechanized=1", cwd=tmp_path)
    out = ok("advance", "g.toml", "--lose", "N9:mechanized=1", cwd=tmp_path)
    assert "lost 1 mechanized (the owner's choice)" in out
    a = game_toml(tmp_path)["armies"]["German Army 1"]
    assert a["infantry"] == 9 and "mechanized" not in a


def test_war_for_europe_played_over_several_years(tmp_path):
    def run(*a):
        return ok(*a, cwd=tmp_path)

    ok("new-game", "war_for_europe", "-o", "g.toml", "--auto-place", cwd=tmp_path)
    # ---- winter 1939, Axis: Warsaw falls and Poland surrenders (Surrender, Other countries 1)
    run("advance", "g.toml", "--to", "axis land")
    run("move", "g.toml", "O10", "P11")  # German Army 2
    run("advance", "g.toml", "--to", "axis advances")
    out = run("capture", "g.toml", "P11", "P12")
    assert "Poland surrenders: its capital P12 is captured [Surrender, Other countries 1]" in out
    g = game_toml(tmp_path)
    assert g["nations"]["pl"]["status"] == "surrendered" and g["hexes"]["Q12"]["control"] == "axis"
    # Axis production: a build and a repair (Building strength points 2-4; Repairing 2-4)
    run("advance", "g.toml", "--to", "axis build")
    assert "Building strength points 4" in refused("build", "g.toml", "P12", "--infantry", "1", cwd=tmp_path)
    out = run("build", "g.toml", "P10", "--infantry", "2")
    assert "a new army, German Army 4" in out
    run("advance", "g.toml")
    out = run("repair", "g.toml", "P12", "1")
    assert "repaired in P12 for 3" in out and "counted from the next turn" in out
    assert "no devastated production" in refused("repair", "g.toml", "P12", "1", cwd=tmp_path)
    # ---- winter 1939, Allies: fleets to sea, the British Army crosses to France by sea transport
    run("advance", "g.toml", "--to", "allies naval")
    run("move", "g.toml", "P5", "O7", "--fleet")
    run("move", "g.toml", "L8", "K8", "--fleet")
    run("advance", "g.toml")
    out = run("move", "g.toml", "P7", "O8", "--infantry", "2", "--mechanized", "2")
    assert "by sea transport through atl" in out and "[Sea transportation 1-2]" in out
    run("advance", "g.toml", "--to", "allies build")
    err = refused("advance", "g.toml", cwd=tmp_path)
    assert "[France: Activity limitations 2]" in err
    assert "--cost amphibious=N" in refused("build", "g.toml", "P7", "--amphibious", "3", cwd=tmp_path)
    out = run("build", "g.toml", "P7", "--amphibious", "3", "--cost", "amphibious=4")
    assert "joining British Army 1" in out
    run("build", "g.toml", "M8", "--infantry", "3")
    # ---- spring 1940: France falls (Surrender, France 1-6; Vichy France)
    run("advance", "g.toml", "--to", "spring 1940 axis land")
    run("move", "g.toml", "P12", "N9")
    out = run("advance", "g.toml", "--lose", "N9:amphibious=1")
    assert "lost 1 amphibious (the owner's choice)" in out
    run("advance", "g.toml", "--to", "axis advances")
    out = run("capture", "g.toml", "N9", "N8")
    assert "the allies fort in N8 and its 2 points are destroyed" in out
    run("advance", "g.toml")
    assert "--retreat-to" in refused("capture", "g.toml", "N8", "N7", cwd=tmp_path)
    run("capture", "g.toml", "N8", "N7", "--retreat-to", "M7")
    assert any(s["nation"] == "fr" for s in report(tmp_path)["surrender"])  # the roll offered (rulings R27)
    out = run("surrender", "g.toml", "fr", "--free-french", "4")
    assert "the Free French Army in P6: 4 infantry" in out and "morale axis 11 -> 13, allies 10 -> 8" in out
    g = game_toml(tmp_path)
    assert g["nations"]["ma"]["status"] == "vichy" and g["hexes"]["M8"]["control"] == "axis"
    run("advance", "g.toml", "--to", "axis build")
    run("build", "g.toml", "P10", "--infantry", "2")
    # ---- spring 1940, Allies: an amphibious invasion across the Channel (Invasion advance 3)
    run("advance", "g.toml", "--to", "allies naval")
    run("move", "g.toml", "O7", "P5", "--fleet")  # at sea: first to port (Movement of naval 7)
    run("move", "g.toml", "P5", "O5", "--fleet")
    run("advance", "g.toml", "--to", "allies amphibious")
    out = run("invade", "g.toml", "P7", "O8")
    assert "its 4 amphibious points become infantry [Invasion advance 3]" in out
    g = game_toml(tmp_path)
    assert g["armies"]["British Army 1"]["at"] == "O8" and g["hexes"]["O8"]["control"] == "allies"
    # ---- summer 1941: Rumania, Bulgaria and Hungary join the Axis by themselves
    out = run("advance", "g.toml", "--to", "summer 1941 axis naval", "--roll", "3")
    assert "Rumania joins the axis side at the beginning of the axis summer 1941 turn" in out
    g = game_toml(tmp_path)
    ra = g["armies"]["Rumanian Army"]
    assert (ra["at"], ra["infantry"], ra["mechanized"]) == ("L14", 5, 2)
    # ---- spring 1942: the U.S. joins; its army crosses the Atlantic to Britain
    run("advance", "g.toml", "--to", "winter 1941 allies research", "--roll", "3")
    morale = game_toml(tmp_path)["sides"]["allies"]["morale"]
    out = run("advance", "g.toml", "--to", "spring 1942 allies land", "--roll", "3")
    assert "United States joins the allies side at the beginning of the allies spring 1942 turn" in out
    us = [t for t in report(tmp_path)["production"]["allies"]["breakdown"] if t["what"] == "United States production"]
    assert us[0]["points"] == 16  # The United States 2
    assert "Trans-Atlantic shipping 6" in refused(
        "move", "g.toml", "box:usa", "F4", "--army", "U.S. Home Army 1", "--infantry", "1", cwd=tmp_path
    )
    out = run("move", "g.toml", "box:usa", "P7", "--army", "U.S. Home Army 1", "--infantry", "6")
    assert "by trans-Atlantic shipping: 6 of 8 shipping points carry them" in out
    g = game_toml(tmp_path)
    assert g["sides"]["allies"]["ta_used"] == 6 and any(
        a["at"] == "P7" and a.get("nation") == "us" for a in g["armies"].values()
    )
    run("advance", "g.toml", "--to", "allies build", "--roll", "3")
    assert "[The United States 3]" in refused("build", "g.toml", "P7", "--infantry", "1", cwd=tmp_path)
    run("build", "g.toml", "box:usa", "--infantry", "6")
    run("build", "g.toml", "P7", "--ta-shipping", "1")
    g = game_toml(tmp_path)
    assert g["sides"]["allies"]["ta_shipping"] == 9 and g["sides"]["allies"]["morale"] == morale + 2  # the chart
    # ---- to the end: War for Europe's last turn is winter 1945 (rulings R42)
    out = run("advance", "g.toml", "--to", "winter 1945 allies research", "--roll", "3")
    out = run("advance", "g.toml")
    assert "game over after winter 1945" in out and "surrendered: France, Poland" in out
    # every action is in the log and the last is taken back in a later process
    log = ok("log", "g.toml", cwd=tmp_path)
    assert "surrender of fr" in log and "invasion P7 -> O8" in log and "build 6 infantry in box:usa" in log
    ok("undo", "g.toml", cwd=tmp_path)
    assert game_toml(tmp_path)["turn"]["phase"] == "production"


def test_capture_names_the_port_of_a_fleet_expelled_from_a_captured_port(tmp_path):
    # Movement of naval strength points and fleets 17; rulings R52.  The position (an Axis army
    # beside Marseille, where the French fleet is in port) is set up through a session and saved,
    # then played on the command line.
    sys.path.insert(0, str(ROOT / "tests" / "rules"))
    from hwplay import game
    from test_hw_third_pass import _axis_at_marseille

    s = game("war_for_europe")
    _axis_at_marseille(s)
    s.save(str(tmp_path / "g.toml"))
    err = refused("capture", "g.toml", "L9", "L8", "--retreat-to", "L7", cwd=tmp_path)
    assert "--fleet-to" in err and "H7" in err and "Movement of naval strength points and fleets 17" in err
    out = ok("capture", "g.toml", "L9", "L8", "--retreat-to", "L7", "--fleet-to", "H7", cwd=tmp_path)
    assert "French Fleet is expelled" in out
    f = game_toml(tmp_path)["fleets"]["French Fleet"]
    assert f["at"] == "H7" and f["in_port"] is True


def test_a_naval_battle_on_the_command_line(tmp_path):
    # Naval battle resolution 4; rulings R59
    sys.path.insert(0, str(ROOT / "tests" / "rules"))
    from hwplay import advance_to, game
    from test_hw_third_pass import _fleets_at_sea

    s = game("war_for_europe")
    _fleets_at_sea(s, **{"British Fleet": "O5", "German Fleet": "O4"})
    advance_to(s, "allies", "combat", "amphibious")
    s.save(str(tmp_path / "g.toml"))
    err = refused("naval", "g.toml", "British Fleet", "German Fleet", "--defender-losses", "1", cwd=tmp_path)
    assert "--loser-to" in err and "Q9" in err
    out = ok(
        "naval", "g.toml", "British Fleet", "German Fleet", "--defender-losses", "1", "--loser-to", "Q9", cwd=tmp_path
    )
    assert "British Fleet remains at sea" in out
    f = game_toml(tmp_path)["fleets"]["German Fleet"]
    assert f["at"] == "Q9" and f["in_port"] is True


def test_announced_attacks_on_the_command_line(tmp_path):
    # Announce initial attacks 1-2; rulings R60
    def run(*a):
        return ok(*a, cwd=tmp_path)

    run("new-game", "war_for_europe", "-o", "g.toml", "--auto-place")
    run("advance", "g.toml", "--to", "axis announce")
    out = run("announce", "g.toml", "German Army 3", "P12")
    assert "German Army 3 is named to attack P12" in out
    assert game_toml(tmp_path)["announced"] == {"German Army 3": "P12"}
    run("advance", "g.toml", "--to", "axis advances")
    assert "Announce initial attacks 2" in refused("capture", "g.toml", "O10", "O11", cwd=tmp_path)
    run("capture", "g.toml", "O12", "P12")
    run("advance", "g.toml", "--to", "soviet land")
    assert "announced" not in game_toml(tmp_path)
