"""Struggle for Europe on the command line, as a referee uses it (subprocesses, files on disk):
check, new-game, referee --json, the game verbs with their refusals, log and undo."""

import json
from pathlib import Path

from tests.rules.sfe_positions import position
from tests.helpers import mapref

ROOT = Path(__file__).resolve().parents[1]


def test_check_passes_on_the_map_and_the_scenario(tmp_path):
    r = mapref(
        "check",
        str(ROOT / "maps" / "struggle_for_europe.toml"),
        str(ROOT / "scenarios" / "struggle_for_europe.toml"),
        cwd=tmp_path,
    )
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.splitlines()[0].endswith("struggle_for_europe.toml: ok (area)")
    assert r.stdout.splitlines()[1].endswith("struggle_for_europe.toml: ok (scenario)")
    rows = {x["id"]: x for x in json.loads(mapref("scenarios", "--json", cwd=tmp_path).stdout)}
    assert (
        rows["struggle_for_europe"]["ruleset"] == "struggle_for_europe"
        and rows["struggle_for_europe"]["map"] == "struggle_for_europe"
    )


def test_new_game_starts_a_clean_game_every_counter_in_supply(tmp_path):
    r = mapref("new-game", "struggle_for_europe", "-o", "g.toml", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "g.toml: Struggle for Europe 1939-1945, turn 1, 38 armies"
    assert mapref("check", "g.toml", cwd=tmp_path).stdout.strip() == "g.toml: ok (game)"
    r = mapref("referee", "g.toml", "--json", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    d = json.loads(r.stdout)
    assert len(d["counters"]) == 38 and all(c["supplied"] for c in d["counters"])
    assert d["out_of_supply"] == {"axis": {}, "allies": {}} and d["violations"] == [] and d["battles"] == []
    assert d["position"] == {"turn": 1, "player": "axis", "operations": 0, "over": False}
    assert d["locations"]["ruhr"]["counters"] == {"": ["A12", "A13", "A14", "A15"]}
    text = mapref("referee", "g.toml", cwd=tmp_path).stdout.splitlines()
    assert text[0] == "Struggle for Europe 1939-1945: turn 1, the Axis player, 0 of 2 operations done"
    assert text[-1] == "no violations"


def test_the_ruhr_example_on_the_command_line_with_log_and_undo(tmp_path):
    assert mapref("new-game", "struggle_for_europe", "-o", "g.toml", cwd=tmp_path).returncode == 0
    g = tmp_path / "g.toml"
    start = g.read_bytes()
    r = mapref("move", "g.toml", "ruhr", "sedan=1,2", "antwerp=3", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines() == [
        "A12 (1), A13 (2): Ruhr -> Sedan (east): battle in Sedan (east)",
        "A15 (3): Ruhr -> Antwerp (east): battle in Antwerp (east)",
    ]
    r = mapref("pass", "g.toml", cwd=tmp_path)  # the battles come first
    assert r.returncode == 1 and r.stderr.startswith("mapref: the battle in Sedan must be resolved first")
    r = mapref("battle", "g.toml", "antwerp", "--attacker-air", "3", "--defender-retreats", cwd=tmp_path)
    assert r.stdout.strip() == "the Allied player retreats before battle into Antwerp (west): Antwerp is contested"
    r = mapref("battle", "g.toml", "sedan", "--attacker-air", "4", "--defender-air", "5", cwd=tmp_path)
    assert r.returncode == 1
    assert r.stderr.strip() == (
        "mapref: the Axis player chooses 1 more counter to lose of A12 (1), A13 (2) "
        "[8 How to Have and Resolve Battle: the players lose counters, not strength]"
    )
    r = mapref("battle", "g.toml", "sedan", "--attacker-air", "4", "--defender-air", "5", "--lose", "A13", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines() == [
        "Axis: counters 3 + air 4 = 7; Allied: counters 2 + air 5 = 7: the Allied player wins (the defender wins ties)",
        "lost: A13 (2) (Axis), W6 (1) (Allied)",
        "A12 (1) retreats to Ruhr",
    ]
    log = mapref("log", "g.toml", cwd=tmp_path).stdout.splitlines()
    assert log == [
        "1. turn 1, axis operation 1: move Ruhr -> Sedan (east); Ruhr -> Antwerp (east) [7.2 Move an Army "
        "Counter; 8 How to Have and Resolve Battle]",
        "2. turn 1, axis battle: battle in Antwerp: the defender retreats before battle [8 Retreat: Defender "
        "Retreats Before Battle]",
        "3. turn 1, axis battle: battle in Sedan: allies holds 7-7 [8 How to Have and Resolve Battle; 8 Retreat]",
    ]
    d = json.loads(mapref("referee", "g.toml", "--json", cwd=tmp_path).stdout)
    assert d["locations"]["antwerp"]["counters"] == {"e": ["A15"], "w": ["W5"]}
    assert d["locations"]["antwerp"]["control"] == "contested"
    for _ in range(3):
        assert mapref("undo", "g.toml", cwd=tmp_path).returncode == 0
    assert g.read_bytes() == start


def test_a_refused_move_names_the_rule_and_changes_nothing(tmp_path):
    s = position(
        tmp_path,
        player="allies",
        add={
            "W50": ("western", 3, "london"),
            "W51": ("western", 2, "marseilles.nw"),
            "A94": ("axis", 1, "marseilles.se"),
        },
        remove=["W8"],
    )
    before = (tmp_path / "g.toml").read_bytes()
    r = mapref("move", "g.toml", "london", "marseilles=W50", "--card", "truck", cwd=tmp_path)
    assert r.returncode == 1
    assert r.stderr.strip() == (
        "mapref: the only way from London to Marseilles through friendly locations crosses a naval "
        "move line: it needs a card with the naval transport icon, not a truck [2 Game Board: move "
        "lines (truck icon) and naval move lines (naval transport icon); 7.2]"
    )
    assert (tmp_path / "g.toml").read_bytes() == before
    r = mapref(
        "move",
        "g.toml",
        "london",
        "marseilles=W50",
        "--card",
        "naval",
        "--via",
        "normandy",
        "--via",
        "paris",
        "--check",
        cwd=tmp_path,
    )
    assert r.returncode == 0 and r.stdout.splitlines() == [
        "check only, nothing changed: the rules allow it: it would do:",
        "  W50 (3): London -> Normandy -> Paris -> Marseilles (north-west) (no battle)",
    ]
    assert (tmp_path / "g.toml").read_bytes() == before
    assert s is not None


def test_bad_input_is_one_line_without_a_traceback(tmp_path):
    assert mapref("new-game", "struggle_for_europe", "-o", "g.toml", cwd=tmp_path).returncode == 0
    r = mapref("move", "g.toml", "ruhr", "atlantis", cwd=tmp_path)
    assert (
        r.returncode == 1
        and len(r.stderr.splitlines()) == 1
        and "'atlantis'" in r.stderr
        and "Traceback" not in r.stderr
    )
    r = mapref("advance", "g.toml", cwd=tmp_path)  # Hitler's War's verb
    assert r.returncode == 1 and "Struggle for Europe has no 'advance'" in r.stderr and "end-turn" in r.stderr
    text = (tmp_path / "g.toml").read_text().replace("turn = 1\n", 'turn = "one"\n', 1)
    (tmp_path / "g.toml").write_text(text)
    r = mapref("referee", "g.toml", cwd=tmp_path)
    line = next(n for n, t in enumerate(text.splitlines(), 1) if t.startswith("turn ="))
    assert r.returncode == 1 and r.stderr.strip() == f'g.toml:{line}:1: turn: expected an integer 1-999, got "one"'


def test_the_map_renders(tmp_path):
    r = mapref("render", str(ROOT / "maps" / "struggle_for_europe.toml"), "-o", "m.png", cwd=tmp_path)
    assert r.returncode == 0 and r.stdout.startswith("m.png: 1600x")


def _counter_colours(img, game_file, space: str) -> list:
    """The colour inside each counter standing in ``space`` (near its lower right corner, clear
    of its figure and of a battle's ring), where the printed position draws it (the scene's
    marks, laid out as ``mapref render`` lays them out at its default width)."""
    from PIL import Image, ImageDraw

    from mapref.render.area_png import SS, _View
    from mapref.render.game_overlay import _measure, _printed_name_width, printed_counter
    from mapref.render.scene_area import area_game_marks
    from mapref.rules.session import open_game

    s = open_game(game_file)
    v = _View(s.map, 1600, margin=40)
    d = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    marks, _, _ = area_game_marks(
        s,
        v,
        SS,
        s.report(),
        counter=printed_counter(v, SS),
        measure=_measure(d),
        supply=False,
        name_width=_printed_name_width(d, s.map, SS),
    )
    here = {p.id for p in s.ruleset.pieces(s.game) if p.space == space}
    out = []
    for mk in marks:
        if mk.shape == "rect" and "piece" in mk.tags and mk.space in here:
            (x0, y0), (x1, y1) = mk.pts
            out.append(img.getpixel((int((x1 - (x1 - x0) * 0.2) / SS), int((y1 - (y1 - y0) * 0.2) / SS))))
    return out


def test_a_game_renders_its_counters_where_they_stand(tmp_path):
    """`mapref render GAME.toml` (or MAP --game GAME) draws the position: the counters in their
    side's colour at their location, in the half they entered after a move, battles waiting."""
    from PIL import Image

    from mapref.rulesets.struggle_for_europe.ruleset import StruggleForEurope

    assert mapref("new-game", "struggle_for_europe", "-o", "g.toml", cwd=tmp_path).returncode == 0
    grey, blue = (StruggleForEurope.side_colours[x][0] for x in ("axis", "allies"))
    r = mapref("render", "g.toml", "-o", "before.png", cwd=tmp_path)
    assert r.returncode == 0 and r.stdout.startswith("before.png: 1600x"), r.stdout + r.stderr
    before = Image.open(tmp_path / "before.png").convert("RGB")

    def rgb(c):
        return tuple(int(c[i : i + 2], 16) for i in (1, 3, 5))

    def near(a, b):
        return max(abs(x - y) for x, y in zip(a, b, strict=True)) <= 12

    ruhr = _counter_colours(before, tmp_path / "g.toml", "ruhr")
    assert len(ruhr) == 4 and all(near(c, rgb(grey)) for c in ruhr)  # the Ruhr's four Axis counters
    london = _counter_colours(before, tmp_path / "g.toml", "london")
    assert len(london) == 4 and all(near(c, rgb(blue)) for c in london)  # London's four British
    assert _counter_colours(before, tmp_path / "g.toml", "sedan.e") == []  # nobody in Sedan's east half yet
    assert mapref("move", "g.toml", "ruhr", "sedan=1,2", "antwerp=3", cwd=tmp_path).returncode == 0
    r = mapref(
        "render", str(ROOT / "maps" / "struggle_for_europe.toml"), "--game", "g.toml", "-o", "after.png", cwd=tmp_path
    )
    assert r.returncode == 0, r.stderr
    after = Image.open(tmp_path / "after.png").convert("RGB")
    sedan = _counter_colours(after, tmp_path / "g.toml", "sedan.e")
    assert len(sedan) == 2 and all(near(c, rgb(grey)) for c in sedan)  # A12 and A13 attack Sedan from its east half
    ruhr = _counter_colours(after, tmp_path / "g.toml", "ruhr")
    assert len(ruhr) == 1 and near(ruhr[0], rgb(grey))  # A14 stays in the Ruhr
    assert before.size == after.size and before.getbbox() and before.tobytes() != after.tobytes()
