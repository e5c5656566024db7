"""``mapref import-triplea`` as a user runs it, on the toy TripleA map of tests/data/triplea_toy: the
map keeps every territory, connection, production figure, capital and victory city and passes
``mapref check --strict``; the scenario plays the house rules of shared/seeds/004 (area control)
through the command line for a whole round; bad input is one line naming the file."""

import json
import re
import shutil
import tomllib
from pathlib import Path

from PIL import Image

from mapref.cli import main
from mapref.io.areafile import load_area_map
from mapref.io.triplea import read_game
from tests.helpers import mapref

ROOT = Path(__file__).resolve().parents[1]
TOY = ROOT / "tests" / "data" / "triplea_toy"


def test_import_keeps_every_territory_connection_and_figure(tmp_path):
    r = mapref("import-triplea", str(TOY), "-o", "toy.toml", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "toy.toml: 65 locations (28 land, 37 sea), 1 boxes, 116 move lines from 117 connections"
    assert "toy_world.xml:269: the connection Germany - France is there already (line 185): one move line" in r.stderr
    g = read_game(TOY / "map" / "games" / "toy_world.xml")
    m = load_area_map(tmp_path / "toy.toml")
    places = {**{loc.name: loc for loc in m.locations.values()}, **{b.name: b for b in m.boxes.values()}}
    assert set(places) == set(g.territories)
    assert {t: places[t].attrs.get("production") for t in g.production} == g.production
    assert {t for t, p in places.items() if p.capital} == set(g.capitals)
    assert {t: places[t].vp for t in g.victory} == g.victory and sum(1 for p in places.values() if p.vp) == 16
    pairs = {frozenset((a, b)) for a, b, _ in g.connections}
    name = {**{k: v.name for k, v in m.locations.items()}, **{f"box:{k}": v.name for k, v in m.boxes.items()}}
    assert {frozenset((name[ln.a], name[ln.b])) for ln in m.lines.values()} == pairs
    r = mapref("check", "--strict", "toy.toml", cwd=tmp_path)
    assert r.returncode == 0 and r.stdout.splitlines()[-1] == "toy.toml: ok (area)", r.stdout
    r = mapref("render", "toy.toml", "-o", "toy.png", "--size", "1200", cwd=tmp_path)
    assert r.returncode == 0 and Image.open(tmp_path / "toy.png").width == 1200


def run(capsys, *args) -> str:
    assert main(list(args)) == 0, capsys.readouterr().err
    return capsys.readouterr().out


def test_the_imported_scenario_plays_the_house_rules_for_a_round(tmp_path, capsys, monkeypatch):
    (tmp_path / "maps").mkdir()
    r = mapref("import-triplea", str(TOY), "-o", "maps/toy.toml", "--scenario", "toy_game.toml", cwd=tmp_path)
    assert r.returncode == 0 and r.stdout.strip().endswith("; scenario toy_game.toml"), r.stderr
    assert "the house rules hand its economy to canada, a nation this game does not have" in r.stderr
    sc = tomllib.loads((tmp_path / "toy_game.toml").read_text(encoding="utf-8"))
    assert sc["map"] == "maps/toy.toml" and sc["nations"]["americans"]["capitals"] == [
        "eastern_united_states",
        "western_united_states",
    ]
    assert sc["neutrals"]["spain"] == {"kind": "strict", "block": "europe", "army": 3}
    assert sc["neutrals"]["eire"]["block"] == "europe" and sc["neutrals"]["brazil"] == {
        "kind": "pro_allied",
        "block": "south_america",
        "army": 2,
    }
    assert (
        sc["neutrals"]["central_mongolia"]["block"] == "mongolia" and sc["neutrals"]["bulgaria"]["kind"] == "pro_axis"
    )
    assert sc["units"]["germany"] == {"germans": 6} and sc["ships"]["21_sea_zone"] == {"italians": 2}
    r = mapref("check", "--strict", "toy_game.toml", cwd=tmp_path)
    assert r.returncode == 0 and r.stdout.strip() == "toy_game.toml: ok (scenario)", r.stdout + r.stderr

    monkeypatch.chdir(tmp_path)
    run(capsys, "new-game", "toy_game.toml", "-o", "g.toml")
    # NEUTRAL BLOCKS: an Axis attack on a strict neutral of Europe turns the whole block British
    out = run(capsys, "attack", "g.toml", "spain", "--by", "germans")
    assert out.startswith("The Germans attack Spain, a strict neutral of block ")
    assert "pass to the British (Bulgaria, Eire, Greece, Spain, Sweden)" in out
    # OCCUPATION OF CAPITAL CITIES: Paris falls, France's cash goes to Germany
    out = run(capsys, "take", "g.toml", "france", "--by", "germans")
    assert "The French lose Paris: their 19 cash on hand goes to the Germans" in out
    # an Allied attack in South America turns that block German (made in the British turn: a
    # nation acts in its own turn, rulings A22)
    run(capsys, "advance", "g.toml", "--to", "british purchase")
    out = run(capsys, "attack", "g.toml", "argentina", "--by", "british")
    assert "The British attack Argentina" in out and "pass to the Germans (Argentina, Brazil)" in out
    # AXIS VICTORY CONDITION: the tally of the European cities
    rep = json.loads(run(capsys, "referee", "g.toml", "--json"))
    eu = rep["victory_cities"]["european_cities"]
    assert (eu["count"], eu["needs"], len(eu["cities"])) == (3, 4, 8) and rep["victory"] is None
    assert {c["city"]: c["holder"] for c in eu["cities"]}["Paris"] == "germans"
    assert rep["income"]["french"][0] is False
    # the rest of the round: every phase of every nation, in one step
    assert run(capsys, "advance", "g.toml", "--to", "2 germans purchase").strip() == "now: round 2, Germans, purchase"
    rep = json.loads(run(capsys, "referee", "g.toml", "--json"))
    assert (rep["round"], rep["nation"], rep["phase"]) == (2, "germans", "purchase")
    state = tomllib.loads(Path("g.toml").read_text(encoding="utf-8"))
    assert (
        state["owners"]["sweden"] == "british"
        and state["owners"]["brazil"] == "germans"
        and state["owners"]["france"] == "germans"
    )


def test_bad_triplea_input_is_one_line_and_writes_nothing(tmp_path):
    bad = tmp_path / "bad"
    shutil.copytree(TOY / "map", bad / "map")
    game = bad / "map" / "games" / "toy_world.xml"
    text = game.read_text(encoding="utf-8")
    line = text.splitlines().index('    <connection t1="Germany" t2="France"/>') + 1
    game.write_text(
        text.replace('<connection t1="Germany" t2="France"/>', '<connection t1="Germany" t2="Frnace"/>'),
        encoding="utf-8",
    )
    r = mapref("import-triplea", "bad", "-o", "out.toml", cwd=tmp_path)
    assert r.returncode == 1 and r.stderr.splitlines() == [
        f"bad/map/games/toy_world.xml:{line}:5: connection t2: no territory 'Frnace' in the <map> (did you mean \"France\"?)"
    ]
    game.write_text(text.replace("<map>", "<map", 1), encoding="utf-8")
    r = mapref("import-triplea", "bad", "-o", "out.toml", cwd=tmp_path)
    assert (
        r.returncode == 1
        and len(r.stderr.splitlines()) == 1
        and "toy_world.xml:" in r.stderr
        and "not well-formed XML" in r.stderr
    )
    r = mapref("import-triplea", "nowhere", "-o", "out.toml", cwd=tmp_path)
    assert (
        r.returncode == 1
        and r.stderr.strip()
        == "nowhere: no such folder (a TripleA map: the folder holding map/polygons.txt, or its zip file)"
    )
    game.write_text(text.replace('alliance="Axis"', 'alliance="Central Powers"'), encoding="utf-8")
    r = mapref("import-triplea", "bad", "-o", "out.toml", "--scenario", "s.toml", cwd=tmp_path)
    assert (
        r.returncode == 1
        and len(r.stderr.splitlines()) == 1
        and "the game has no Axis and Allies alliances" in r.stderr
    )
    assert "Traceback" not in r.stderr and not (tmp_path / "out.toml").exists() and not (tmp_path / "s.toml").exists()


def test_a_map_check_would_warn_on_is_written_with_the_warning_said(tmp_path):
    # TripleA's names are case-sensitive: "ATLANTIS" beside "Germany" is a territory of its own, but
    # mapref check --strict warns that two places share a name
    d = tmp_path / "toy"
    shutil.copytree(TOY / "map", d / "map")
    game = d / "map" / "games" / "toy_world.xml"
    text = game.read_text(encoding="utf-8")
    game.write_text(
        text.replace(
            '<territory name="Germany"/>',
            '<territory name="Germany"/>\n    <territory name="Atlantis"/>\n'
            '    <territory name="ATLANTIS"/>\n    <connection t1="Atlantis" t2="ATLANTIS"/>',
            1,
        ),
        encoding="utf-8",
    )
    poly = d / "map" / "polygons.txt"
    poly.write_text(
        poly.read_text(encoding="utf-8") + "ATLANTIS  <  (41,385) (80,385) (80,395) (41,395)  >\n", encoding="utf-8"
    )
    r = mapref("import-triplea", "toy", "-o", "toy.toml", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert (
        "toy: warning (mapref check --strict would fail): ATLANTIS: name already used by atlantis [duplicate-name]"
        in r.stderr
    )
    r = mapref("check", "--strict", "toy.toml", cwd=tmp_path)
    assert r.returncode == 1 and "[duplicate-name]" in r.stdout + r.stderr


def test_each_nation_its_own_alliance_named_for_its_side(tmp_path):
    # Total World War gives each nation an alliance of its own: "Axis-Germany", "Allies-Britain"
    d = tmp_path / "toy"
    shutil.copytree(TOY / "map", d / "map")
    game = d / "map" / "games" / "toy_world.xml"
    text = game.read_text(encoding="utf-8")
    for side in ("Axis", "Allies"):
        text = re.sub(
            rf'<alliance player="(\w+)" alliance="{side}"/>', rf'<alliance player="\1" alliance="{side}-\1"/>', text
        )
    assert 'alliance="Axis-Germans"' in text and 'alliance="Allies-Russians"' in text
    game.write_text(text, encoding="utf-8")
    r = mapref("import-triplea", "toy", "-o", "toy.toml", "--scenario", "toy_game.toml", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    sc = tomllib.loads((tmp_path / "toy_game.toml").read_text(encoding="utf-8"))
    assert {n: v["side"] for n, v in sc["nations"].items()} == {
        "germans": "axis",
        "russians": "allies",
        "japanese": "axis",
        "americans": "allies",
        "chinese": "allies",
        "british": "allies",
        "uk_pacific": "allies",
        "italians": "axis",
        "anzac": "allies",
        "french": "allies",
    }
