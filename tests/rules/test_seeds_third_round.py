"""The smaller seeds (issue 23, "Rules, third round"): the VP track of shared/seeds/003 on other
scenarios and games, area control (shared/seeds/004) and the front-token game (shared/seeds/001).
Each test is written from the seed's words and failed on main before its fix."""

from pathlib import Path

from mapref.rules.ruleset import Action
from mapref.rules.session import start_game
from tests.helpers import mapref

ROOT = Path(__file__).resolve().parents[2]

TRACK = """
[vp_track]
rule = "003 0 Seasonal Victory Phase"
factions = { axis = "axis", soviet = "soviet" }
boxes = [
  { id = "allied_av", label = "Allied Automatic Victory box", side = "allies", vp = 4, automatic = true, to = -12 },
  { id = "allied_2", label = "2 VP box (Allied Crusade)", side = "allies", vp = 2, from = -11, to = -5 },
  { id = "allied_1", label = "1 VP box (Allied Crusade)", side = "allies", vp = 1, from = -4, to = 0 },
  { id = "zero", label = "0 box", side = "", vp = 0, from = 1, to = 2 },
  { id = "axis_1", label = "1 VP box (Axis Tide)", side = "axis", vp = 1, from = 3, to = 11 },
  { id = "axis_av", label = "Axis Automatic Victory box", side = "axis", vp = 4, automatic = true, from = 12 },
]

[vp_track.start]
box = "allied_1"
face = "allied_crusade"
war = "limited"

[strategic]
L9 = { faction = "axis", name = "Genoa" }
P9 = { faction = "axis" }
N11 = { faction = "axis" }
O11 = { faction = "axis" }
M12 = { faction = "axis" }
Q17 = { faction = "soviet", name = "Moscow" }
"""


def barbarossa_with_a_track(tmp_path, extra_victory=""):
    text = (ROOT / "scenarios" / "barbarossa.toml").read_text(encoding="utf-8")
    text = text.replace('map = "hitlers_war"', f'map = "{(ROOT / "maps" / "hitlers_war.toml").as_posix()}"')
    path = tmp_path / "barbarossa_vp.toml"
    path.write_text(text + TRACK + extra_victory, encoding="utf-8")
    return path


# ------------------------------------------------------------ 003 0.2: who wins
def test_an_allied_automatic_victory_names_a_side_of_the_scenario(tmp_path):
    # 003 0.2 German Surrender: "If the Allied Crusade VP marker is placed in the 2 VP Box during
    # Limited War, the Allies wins an Automatic Victory."  Barbarossa's Allied side is the
    # Soviets: the game is won by "soviet", a side the scenario has (rulings V16).
    path = barbarossa_with_a_track(
        tmp_path,
        """
[victory.track]
type = "track"
when = "immediate"
rule = "003 0.2 Automatic Victory"
text = "the VP track's Automatic Victory"
""",
    )
    s = start_game(path, auto_place=True)
    assert s.apply(Action("advance")).ok
    for h in ("L9", "P9", "N11", "O11", "M12"):  # five Axis strategic hexes under Soviet control: -5
        assert s.apply(Action("set", {"space": h, "control": "soviet"})).ok
    out = s.apply(Action("vp-check"))
    assert out.ok and s.state.vp_track.result["winner"] == "soviet", out.messages
    assert s.report().as_dict()["victory"]["winner"] == "soviet"


def test_check_warns_when_two_end_conditions_can_name_different_winners(tmp_path):
    # Barbarossa victory conditions 2 ("The Soviet player wins if they prevent the Axis player
    # from fulfilling their victory conditions": a default at the end) and 003 0.3's final score
    # (a track condition at the end): the first always decides, the other never does
    path = barbarossa_with_a_track(
        tmp_path,
        """
[victory.final]
type = "track"
when = "end"
rule = "003 0.3"
text = "the Final Victory Point Check"
""",
    )
    r = mapref("check", str(path), cwd=tmp_path)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "warning" in r.stdout and "victory.soviet_holds_out" in r.stdout and "victory.final" in r.stdout, r.stdout
    r = mapref("check", str(ROOT / "scenarios" / "fall_of_germany.toml"), cwd=tmp_path)
    assert "warning" not in r.stdout  # an ordered chain with the default last is not a disagreement


# ------------------------------------------------------------------ 004 area control
def aa():
    return start_game(ROOT / "scenarios" / "aa_house_rules.toml")


def test_after_an_axis_win_the_referee_names_the_axis(tmp_path):
    # 004 AXIS VICTORY CONDITION: the Axis powers "win the war if during any given strategic
    # missions phase" they hold 4 of 8 European and 4 of 8 Pacific cities; the game is over and
    # stays won by the Axis (the Allied condition, "the Axis powers have not won the game", fails)
    s = aa()
    for space, by in (
        ("france", "germany"),
        ("united_kingdom", "italy"),
        ("box:hong_kong", "japan"),
        ("box:manila", "japan"),
        ("box:sydney", "japan"),
    ):
        s.state.owners[space] = by
    s.invalidate()
    while s.state.phase != "over":
        assert s.apply(Action("advance")).ok
    assert s.state.winner == "axis"
    v = s.report().as_dict()["victory"]
    assert v["winner"] == "axis", v
    r = mapref("referee", "--json", str(_saved(s, tmp_path)), cwd=tmp_path)
    assert '"winner": "axis"' in r.stdout and '"winner": "allies"' not in r.stdout


def _saved(s, tmp_path):
    path = tmp_path / "aa.toml"
    s.save(path)
    return path


def test_bases_are_allowed_on_neutral_territories_only_factories_are_limited():
    # 004 PRODUCTION ON NEUTRAL TERRITORIES: "Minor Factories are the only Production facility
    # allowed on neutral territories regardless of territory value" -- a naval or air base is no
    # production facility
    s = aa()
    assert s.apply(Action("claim", {"space": "bulgaria", "by": "germany"})).ok
    for fac in ("naval_base", "air_base", "minor_factory"):
        out = s.apply(Action("build", {"space": "bulgaria", "facility": fac, "by": "germany"}))
        assert out.ok, (fac, out.refusal)
    out = s.check(Action("build", {"space": "bulgaria", "facility": "major_factory", "by": "germany"}))
    assert not out.ok and "minor factories" in out.reason


def test_only_the_nation_whose_turn_it_is_attacks_or_takes():
    # the turn order (each nation plays its own turn, 004 AXIS VICTORY CONDITION's "strategic
    # missions phase" of a nation's turn): in Germany's turn the United States neither attacks nor
    # takes a territory (rulings A22)
    s = aa()
    assert s.state.nation == "germany"
    s.apply(Action("war", {"nation": "usa", "on": "germany"}))
    out = s.check(Action("attack", {"space": "box:chile", "by": "usa"}))
    assert not out.ok and "germany" in out.reason.lower() and "turn" in out.reason
    out = s.check(Action("take", {"space": "belgium", "by": "usa"}))
    assert not out.ok and "turn" in out.reason
    assert s.check(Action("take", {"space": "belgium", "by": "germany"})).ok


def test_a_base_is_rented_for_one_ship_at_least():
    # 004 NAVAL PORTS ON NEUTRAL TERRITORIES: "... 6 IPCs = repairs and increased movement for up
    # to 3 ships": a rental for no ship is no rental
    s = aa()
    out = s.check(Action("rent", {"space": "spain", "by": "germany", "ships": 0}))
    assert not out.ok and "ship" in out.reason
    assert s.check(Action("rent", {"space": "spain", "by": "germany", "ships": 1})).ok


# ------------------------------------------------------------------ 001 front tokens
def fronts_at(phase, year=1942):
    s = start_game(ROOT / "scenarios" / "three_fronts.toml")
    s.state.year, s.state.phase = year, phase
    for side in ("germans", "allies"):
        s.state.hands[side].hand = 6
    s.invalidate()
    return s


def test_a_card_whose_title_has_a_comma_is_played_from_the_window():
    # 001 CARD LIST: "Rommel, the Desert Fox L 3 WM"; the window's battle form takes each stack as
    # one line of titles: the comma in the title is not a separator
    s = fronts_at("med")
    item = next(i for i in s.ruleset.menu(s.game, "med", None) if i.label.startswith("Fight"))
    args = dict(item.action.args)
    args["germans"] = "Rommel, the Desert Fox, Africa Korps"
    args["allies"] = ""
    out = s.apply(Action(item.action.verb, args))
    assert out.ok, out.refusal
    assert s.state.last_battle["germans"] == ["Rommel, the Desert Fox", "Africa Korps"]
    assert s.state.last_battle["germans_force"] == 6


def test_an_allied_card_has_a_force_the_card_list_uses():
    # 001 CARD LIST NOTATION: "Card Title: Type Force Fronts"; the list's forces are 2 and 3 (the
    # Allied list is missing: the Allies name their cards in this notation, rulings F11, F13)
    s = fronts_at("east")
    out = s.check(Action("battle", {"germans": ["Hitler"], "allies": ["Atom Bomb U 99 A"]}))
    assert not out.ok and "99" in out.reason and "CARD LIST" in out.rule
    assert s.check(Action("battle", {"germans": ["Hitler"], "allies": ["Zhukov L 2 E"]})).ok


# ---------------------------------------------- 003 on the other games: any ruleset offers it
TRACK_ALLIED = TRACK.replace(
    'factions = { axis = "axis", soviet = "soviet" }',
    'factions = { axis = "axis", soviet = "allies", western = "allies" }',
)


def _with_track(tmp_path, scenario, factions_line, strategic, name):
    text = (ROOT / "scenarios" / f"{scenario}.toml").read_text(encoding="utf-8")
    map_line = next(x for x in text.splitlines() if x.startswith("map = "))
    mname = map_line.split('"')[1]
    text = text.replace(map_line, f'map = "{(ROOT / "maps" / f"{mname}.toml").as_posix()}"')
    track = TRACK[: TRACK.index("[strategic]")].replace(
        'factions = { axis = "axis", soviet = "soviet" }', factions_line
    )
    path = tmp_path / f"{name}.toml"
    path.write_text(
        text
        + track
        + "[strategic]\n"
        + strategic
        + """
[victory.track]
type = "track"
when = "immediate"
rule = "003 0.2 Automatic Victory"
text = "the VP track's Automatic Victory"
""",
        encoding="utf-8",
    )
    return path


def test_struggle_for_europe_offers_the_vp_track(tmp_path):
    # 003 0.1: "A Victory Point Check is performed at the beginning of every Seasonal Turn";
    # 0.2 German Surrender.  Struggle for Europe answers the track's questions (who controls a
    # location, whose armies are in it, the turn): its scenario may switch the track on (V18)
    path = _with_track(
        tmp_path,
        "struggle_for_europe",
        'factions = { axis = "axis", soviet = "allies", western = "allies" }',
        "".join(f'{x} = {{ faction = "axis" }}\n' for x in ("hamburg", "munich", "naples", "palermo", "prague"))
        + 'paris = { faction = "western" }\n',
        "sfe_vp",
    )
    s = start_game(path, scenario_ref=str(path))
    assert s.apply(Action("pass")).ok
    assert s.state.vp_track.checked == "turn 1" and s.state.vp_track.value == 0
    out = s.apply(Action("set", {"flag": {x: "western" for x in ("hamburg", "munich", "naples", "palermo", "prague")}}))
    assert out.ok, out.refusal
    out = s.apply(Action("vp-check"))
    assert out.ok and s.state.over and s.state.result["winner"] == "allies", out.messages
    assert s.report().as_dict()["vp_track"]["value"] == -5
    s.save(tmp_path / "g.toml")
    r = mapref("referee", str(tmp_path / "g.toml"), cwd=tmp_path)
    assert "Victory Point Check" in r.stdout


def test_area_control_offers_the_vp_track(tmp_path):
    # 003 0.1 on the house rules' game: every round a Seasonal Turn, a territory held by its
    # nation's side; five Axis strategic territories held by the Allies: the German Surrender (V18)
    axis = ("germany", "italy.n", "italy.s", "romania", "bulgaria")
    path = _with_track(
        tmp_path,
        "aa_house_rules",
        'factions = { axis = "axis", western = "allies", soviet = "allies" }',
        "".join(f'"{x}" = {{ faction = "axis" }}\n' for x in axis) + 'france = { faction = "western" }\n',
        "aa_vp",
    )
    s = start_game(path, scenario_ref=str(path))
    assert s.apply(Action("advance")).ok
    assert s.state.vp_track.checked == "round 1"
    for x in axis:
        s.state.owners[x] = "uk_europe"
        s.state.neutrals.pop(x, None)
    s.invalidate()
    out = s.apply(Action("vp-check"))
    assert out.ok and s.state.over and s.state.winner == "allies", out.messages
    assert s.report().as_dict()["vp_track"]["value"] == -5


def test_the_front_token_game_offers_the_vp_track(tmp_path):
    # 003 0.1 on the front-token game: every year a Seasonal Turn; a front held by the side with
    # more of its tokens (rulings F15)
    path = _with_track(
        tmp_path,
        "three_fronts",
        'factions = { axis = "germans", western = "allies" }',
        'east = { faction = "axis" }\nwest = { faction = "western" }\n',
        "fronts_vp",
    )
    s = start_game(path, scenario_ref=str(path))
    assert s.apply(Action("advance")).ok
    assert s.state.vp_track.checked == "1939"
    s.state.tokens["west"] = {"germans": 3, "allies": 1}
    s.invalidate()
    out = s.apply(Action("vp-check"))
    assert out.ok and s.state.vp_track.value == 1, out.messages  # the Germans hold the Allied West front
