"""Seed 004's house rules on the shapes of the public Axis & Allies maps of TripleA (issue 31),
made by tests/data/triplea_family/make_family.py: a map of region names with no
relationshipInitialize (World War II v4), one of city names (New World Order, World at War), one
with relationships and broken outlines (Red Sun over China). Each is imported with a scenario as
a user does and a round of the house rules is played on it through the command line: the wars
start as TripleA's game parser sets them, with the house rules' NOT AT WAR on top where the
opening position allows; every victory city is found or asked for."""

import json
import tomllib
from pathlib import Path

from mapref.cli import main
from mapref.io.areafile import load_area_map
from tests.helpers import mapref

ROOT = Path(__file__).resolve().parents[1]
FAMILY = ROOT / "tests" / "data" / "triplea_family"


def imported(tmp_path, which: str, *more: str):
    (tmp_path / "maps").mkdir(exist_ok=True)
    r = mapref("import-triplea", str(FAMILY / which), "-o", "maps/m.toml", "--scenario", "s.toml", *more, cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert mapref("check", "--strict", "maps/m.toml", "s.toml", cwd=tmp_path).returncode == 0
    return r.stderr, tomllib.loads((tmp_path / "s.toml").read_text(encoding="utf-8"))


def play(capsys, *args) -> tuple[int, str]:
    """One command as the user types it: its exit status and what it printed (out and err)."""
    code = main(list(args))
    got = capsys.readouterr()
    return code, got.out + got.err


def ok(capsys, *args) -> str:
    code, out = play(capsys, *args)
    assert code == 0, out
    return out


def wars(sc: dict) -> dict[str, list[str]]:
    return {n: v.get("at_war", []) for n, v in sc["nations"].items()}


def test_no_relationships_region_names_the_alliances_at_war_and_a_round_played(tmp_path, capsys, monkeypatch):
    err, sc = imported(tmp_path, "regions")
    # TripleA's GameParser: players of different alliances at war; the house rules' NOT AT WAR on
    # top for the Soviet Union and the United States where the opening position allows it
    assert wars(sc) == {
        "russians": ["germans"],
        "germans": ["british", "russians"],
        "british": ["germans", "japanese"],
        "japanese": ["british"],
        "americans": [],
    }
    assert (
        "Russians: starts not at war with Japanese (seed 004: NEUTRAL NATIONS: NOT AT WAR); starts at war with "
        "Germans (West Russia - Russia): the opening position shows them fighting (rulings A24)" in err
    )
    # the cities of region names, by the usual Axis & Allies names; the one missing is asked for
    assert {c: sc["cities"][c] for c in ("Paris", "Rome", "Stalingrad", "Manila", "Samara")} == {
        "Paris": "western_europe",
        "Rome": "southern_europe",
        "Stalingrad": "caucasus",
        "Manila": "philipine_islands",
        "Samara": "",
    }
    assert "pacific cities: 7 of 8 found; still missing: Samara (place it with --city NAME=TERRITORY" in err
    # each nation's colour is the map's own (map.properties color.Germans=5a5a5a)
    assert sc["nations"]["germans"]["colour"] == "#5a5a5a" and sc["nations"]["japanese"]["colour"] == "#e6b42d"

    monkeypatch.chdir(tmp_path)
    ok(capsys, "new-game", "s.toml", "-o", "g.toml")
    # the Russians retake West Russia (they are at war with the Germans in it)
    assert ok(capsys, "take", "g.toml", "west_russia", "--by", "russians").startswith(
        "The Russians take West Russia from the Germans"
    )
    ok(capsys, "advance", "g.toml", "--to", "germans combat")
    assert "The Germans take Anglo Egypt from the British" in ok(
        capsys, "take", "g.toml", "anglo_egypt", "--by", "germans"
    )
    ok(capsys, "advance", "g.toml", "--to", "americans combat")
    code, out = play(capsys, "take", "g.toml", "japan", "--by", "americans")
    assert code == 1 and "The Americans are not at war with the Japanese [NEUTRAL NATIONS: NOT AT WAR" in out
    assert (
        ok(capsys, "war", "g.toml", "americans", "--on", "japanese").strip()
        == "The Americans and the Japanese are at war"
    )
    out = ok(capsys, "take", "g.toml", "japan", "--by", "americans")
    assert "The Japanese lose Tokyo: their 30 cash on hand goes to the Americans" in out
    assert ok(capsys, "advance", "g.toml", "--to", "2 russians purchase").strip() == "now: round 2, Russians, purchase"
    rep = json.loads(ok(capsys, "referee", "g.toml", "--json"))
    pac = rep["victory_cities"]["pacific_cities"]
    assert len(pac["cities"]) == 8 and {c["city"]: c["space"] for c in pac["cities"]}["Samara"] == ""
    assert "Samara (not on the map)" in ok(capsys, "referee", "g.toml")


def test_a_city_placed_by_the_designer(tmp_path):
    err, sc = imported(tmp_path, "regions", "--city", "Samara=Russia")
    assert sc["cities"]["Samara"] == "russia" and "still missing" not in err
    r = mapref(
        "import-triplea",
        str(FAMILY / "regions"),
        "-o",
        "x.toml",
        "--scenario",
        "y.toml",
        "--city",
        "Samara=Rusia",
        cwd=tmp_path,
    )
    assert r.returncode == 1 and r.stderr.strip().endswith(
        "--city Samara=Rusia: no land territory 'Rusia' in "
        + str(FAMILY / "regions" / "map" / "games" / "regions_world.xml")
        + ' (did you mean "Russia"?)'
    ), r.stderr
    assert not (tmp_path / "x.toml").exists()


def test_cities_named_after_themselves_and_a_commander_for_japan(tmp_path, capsys, monkeypatch):
    err, sc = imported(tmp_path, "cities", "--city", "Johannesburg=cape_town")
    # every city found by the territory named after it (Roma, Kuybyshev, Pearl Harbor as Rome,
    # Samara, Honolulu), Johannesburg where the designer put it
    assert all(sc["cities"].values()) and sc["cities"]["Rome"] == "roma" and sc["cities"]["Honolulu"] == "pearl_harbor"
    assert "still missing" not in err
    # Yamamoto's capital is Tokyo: he is Japan; the European Axis powers are the Axis nations with
    # a capital on the Europe map; the condition keeps "4 of the following 8" as written
    eu, pac = sc["victory"]["european_cities"], sc["victory"]["pacific_cities"]
    assert pac["side"] == "yamamoto" and eu["sides"] == ["germans", "italians", "finns"]
    assert eu["count"] == 4 and len(eu["spaces"]) == 8 and "4 of the following 8 European cities" in eu["text"]
    assert wars(sc)["russians"] == ["finns"] and wars(sc)["americans"] == []

    monkeypatch.chdir(tmp_path)
    ok(capsys, "new-game", "s.toml", "-o", "g.toml")
    assert "The French lose Paris: their 20 cash on hand goes to the Germans" in ok(
        capsys, "take", "g.toml", "paris", "--by", "germans"
    )
    ok(capsys, "advance", "g.toml", "--to", "russians combat")
    code, out = play(capsys, "take", "g.toml", "warsaw", "--by", "russians")
    assert code == 1 and "The Russians are not at war with the Germans" in out
    ok(capsys, "advance", "g.toml", "--to", "yamamoto combat")
    code, out = play(capsys, "take", "g.toml", "manila", "--by", "yamamoto")
    assert code == 1 and "Yamamoto is not at war with the Americans" in out
    ok(capsys, "advance", "g.toml", "--to", "finns combat")
    assert "The Finns take Leningrad" in ok(capsys, "take", "g.toml", "leningrad", "--by", "finns")
    ok(capsys, "advance", "g.toml", "--to", "2 germans purchase")
    rep = json.loads(ok(capsys, "referee", "g.toml", "--json"))
    eu = rep["victory_cities"]["european_cities"]
    assert (eu["count"], eu["needs"], len(eu["cities"])) == (3, 4, 8)  # Berlin, Rome, Paris
    assert {c["city"]: c["holder"] for c in eu["cities"]}["Johannesburg"] == "british"


def test_relationships_and_a_broken_outline(tmp_path, capsys, monkeypatch):
    err, sc = imported(tmp_path, "broken")
    # one bad outline among the map's keeps the good parts, makes a box of what has none, said once
    assert err.count("SZ 100 Pacific Ocean (line 17, part 1)") == 1 and "Formosa (line 16, part 2)" in err
    assert "1 territory with no outline to draw became an off-map box: SZ 100 Pacific Ocean" in err
    m = load_area_map(tmp_path / "maps" / "m.toml")
    assert "sz_100_pacific_ocean" in m.boxes and m.locations["formosa"].polygon.area > 800
    # a China board has no European Axis power: its condition is left out, and its cities are not asked for
    assert "european cities: left out (the game has no European Axis power)" in err
    assert "european cities: 0 of 8 found" not in err and "Berlin" not in err
    # relationshipInitialize overrides the alliances, whatever its round; the house rules' NOT AT WAR
    # only where it says nothing
    assert wars(sc)["british"] == [] and "japanese" in wars(sc)["americans"]
    assert "manchukwo" not in wars(sc)["americans"] and wars(sc)["nationalist"] == ["japanese", "manchukwo", "thailand"]

    monkeypatch.chdir(tmp_path)
    ok(capsys, "new-game", "s.toml", "-o", "g.toml")
    assert "Nationalist takes Peking from the Japanese" in ok(capsys, "take", "g.toml", "peking", "--by", "nationalist")
    ok(capsys, "advance", "g.toml", "--to", "british combat")
    code, out = play(capsys, "take", "g.toml", "tokyo", "--by", "british")
    assert code == 1 and "British are not at war with the Japanese" in out
    # a neutral friendly to the British (Pro-Allies-Neutral, allied by relationshipInitialize): theirs to claim
    assert sc["neutrals"]["hainan"] == {"kind": "pro_allied", "army": 2}
    assert ok(capsys, "claim", "g.toml", "hainan", "--by", "british").strip() == (
        "The British claim the standing army of Hainan: 2 units and the territory pass to the British "
        "[CLAIMING STANDING ARMIES]"
    )
    assert ok(capsys, "advance", "g.toml", "--to", "2 nationalist purchase").strip() == (
        "now: round 2, Nationalist, purchase"
    )


def test_a_build_is_offered_only_where_it_may_be_made_and_refused_with_its_rule(tmp_path):
    from mapref.rules.ruleset import Action
    from mapref.rules.session import start_game

    imported(tmp_path, "regions")
    s = start_game(tmp_path / "s.toml")
    g, rs = s.game, s.ruleset
    here = lambda space: [i.label for i in rs.legal(g, space=space)]  # noqa: E731
    assert "The Russians build in Russia..." in here("russia")  # the Russians' turn, their territory
    assert not [x for x in here("germany") if "build" in x]  # not offered where it would be refused
    out = rs.check(g, Action("build", {"space": "germany", "by": "russians", "facility": "minor_factory"}))
    assert not out.ok and out.rule == "rulings A27"
    assert out.refusal == "The Russians do not hold Germany: a nation builds only in its own territory [rulings A27]"


def test_a_sea_zone_and_an_impassable_territory_are_not_taken(tmp_path, capsys, monkeypatch):
    imported(tmp_path, "regions")
    monkeypatch.chdir(tmp_path)
    ok(capsys, "new-game", "s.toml", "-o", "g.toml")
    # a sea zone is held by no one (the house rules' territories are land: rulings A28)
    code, out = play(capsys, "take", "g.toml", "2_sea_zone", "--by", "russians")
    assert code == 1 and out.strip().endswith(
        "2 Sea Zone is a sea zone: no one holds it, it is not taken [rulings A28]"
    ), out
    # v4's neutrals: TripleA lets no unit enter an impassable territory (isImpassable)
    ok(capsys, "advance", "g.toml", "--to", "germans combat")
    code, out = play(capsys, "take", "g.toml", "brazil", "--by", "germans")
    assert code == 1 and out.strip().endswith("Brazil is impassable: no unit enters it [rulings A28]"), out


def test_the_1941_boards_coastal_china_holds_hong_kong():
    """World War II v6 1941 (Axis & Allies 1941) has no Kwangtung: its Coastal China holds Hong
    Kong (rulings A25)."""
    from mapref.io.triplea import TripleaGame
    from mapref.rulesets.area_control.imported import find_cities

    g = TripleaGame(file="WW2v6_1941.xml", name="World War II v6 1941")
    g.territories = {"Coastal China": False, "Japan": False, "Philippine Islands": False, "36 Sea Zone": True}
    assert {c: t for c, t in find_cities(g).items() if t} == {
        "Tokyo": "Japan",
        "Hong Kong": "Coastal China",
        "Manila": "Philippine Islands",
    }


def test_the_referee_and_the_page_name_each_nation_as_the_game_does(tmp_path, capsys, monkeypatch):
    # issue 31: "use the nation's name": the referee's report and the web page's heading said
    # "russians", "Berlin germans" where the panels say "Russians" and "Berlin (Germans)"
    imported(tmp_path, "regions")
    monkeypatch.chdir(tmp_path)
    ok(capsys, "new-game", "s.toml", "-o", "g.toml")
    text = ok(capsys, "referee", "g.toml")
    assert text.splitlines()[0] == "round 1, Russians, purchase"
    assert "Berlin (Germans)" in text and "Samara (not on the map)" in text
    assert "Germans: collects income (holds Berlin)" in text
    assert "germans" not in text and "russians" not in text
    # the JSON keeps the ids a script reads
    assert json.loads(ok(capsys, "referee", "g.toml", "--json"))["nation"] == "russians"
    ok(capsys, "export-html", "g.toml", "-o", "g.html")
    page = (tmp_path / "g.html").read_text(encoding="utf-8")
    assert '<span id="side">Russians</span>' in page
