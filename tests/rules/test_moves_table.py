"""The moves table (issue 21): each game declares its moves once, and that one table drives the
check's dispatch, the command line's verbs and their help, and the menus (``legal``).

The promise a referee relies on: a greyed entry is one the rules refuse (with the same reason and
rule), an enabled entry with nothing left to ask is one they accept.  It is checked here on every
shipped scenario, at many spaces and pieces and game-wide, step after step; and each scenario is
played a little through ``legal()`` alone, as a window or a fuzzer would.
"""

from __future__ import annotations

import copy
import random
import subprocess
import sys
from pathlib import Path

import pytest

from mapref import cli
from mapref.rules import registry
from mapref.rules.ruleset import FIELD_KINDS, Action, Field, MenuItem, Move
from mapref.rules.files import find_scenario, scenario_files
from mapref.rules.session import start_game

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = [p.stem for p in scenario_files()]  # every installed game's, from the registry
SHIPPED = registry.names()


def game(name: str):
    return start_game(find_scenario(name), auto_place=True)


def filled(item: MenuItem) -> Action:
    """The entry's action with each asked value at its field's default (what an OK on the form
    as it opens sends)."""
    args = copy.deepcopy(item.action.args)
    for f in item.ask:
        if f.default in (None, ""):
            continue
        v = int(f.default) if f.kind == "int" else f.default
        where, _, leaf = f.key.rpartition(".")
        (args.setdefault(where, {}) if where else args)[leaf] = v
    return Action(item.action.verb, args)


def places_to_ask(s) -> list[dict]:
    """Where a window would ask: game-wide, each selectable piece (alone, and with its space and
    the spaces next to it right-clicked), and every few spaces of the map."""
    rs, g = s.ruleset, s.game
    out: list[dict] = [{}, {"place": "game"}, {"place": "toolbar"}]
    board = g.board
    spaces = list(board.spaces())
    out += [{"space": sp} for sp in spaces[:: max(1, len(spaces) // 25)]]
    pieces = [p for p in rs.pieces(g) if p.selectable][:8]
    for p in pieces:
        out.append({"piece": p.id})
        near = [p.space] + board.graph().neighbours(p.space)[:5]
        out += [{"space": sp, "piece": p.id} for sp in near]
    return out


def assert_legal_agrees_with_check(s) -> tuple[list, list]:
    """Every entry legal() offers here: greyed exactly when check refuses it.  Returns the
    enabled entries and the greyed ones (with where they were asked)."""
    rs, g = s.ruleset, s.game
    enabled, greyed = [], []
    for where in places_to_ask(s):
        for item in rs.legal(g, **where):
            assert item.label and item.action is not None, (where, item)
            move = rs.move(item.action.verb)
            assert isinstance(move, Move), item.action.verb
            assert all(isinstance(f, Field) and f.kind in FIELD_KINDS for f in item.ask), item
            for f in item.ask:
                if f.kind == "int" and isinstance(f.default, int):
                    assert (f.min is None or f.default >= f.min) and (f.max is None or f.default <= f.max), (
                        item.label,
                        f,
                    )
                if f.kind == "choice" and f.default not in (None, ""):
                    assert str(f.default) in f.options, (item.label, f)
            if not item.ask:  # fully specified: check decides, and legal() says the same
                out = rs.check(g, copy.deepcopy(item.action))
                assert item.enabled == (out.ok or out.ask is not None), (where, item, out)
                if not item.enabled:
                    assert (item.why, item.rule) == (out.reason, out.rule), (where, item, out)
            elif not item.enabled:  # greyed whatever the values: check refuses it as the form opens
                out = rs.check(g, filled(item))
                assert not out.ok and (out.reason, out.rule) == (item.why, item.rule), (where, item, out)
            (enabled if item.enabled else greyed).append((where, item))
    return enabled, greyed


def play_one(s, rnd: random.Random, skip=()) -> MenuItem | None:
    """Do one of the enabled entries legal() offers (its form answered as it opens) that check
    accepts, picked at random (the referee's corrections and the verbs ``skip`` aside); None if
    there is none."""
    rs, g = s.ruleset, s.game
    items = [
        item
        for where in places_to_ask(s)
        for item in rs.legal(g, **where)
        if item.enabled and item.group != "Referee" and item.action.verb not in skip
    ]
    verbs = sorted({i.action.verb for i in items})
    rnd.shuffle(items)
    rnd.shuffle(verbs)  # each verb as likely as another, however many entries it has
    for item in sorted(items, key=lambda i: verbs.index(i.action.verb)):
        a = filled(item)
        out = answered(s, a)
        if out.ok:
            s.apply(a, outcome=out)
            return item
    return None


def answered(s, a: Action):
    """Check ``a``, answering the questions the rules ask first with their first option, as a
    window's choice dialogs would (a retreat, a die roll, the move card)."""
    out = s.check(a)
    for _ in range(20):
        if out.ok or out.ask is None:
            break
        if out.ask.many:
            a.args.setdefault(out.ask.key, []).append(out.ask.options[0])
        else:
            a.args[out.ask.key] = out.ask.options[0]
        out = s.check(a)
    return out


def end_step(s) -> bool:
    """End the step as the window's End step does, answering its questions with the first option."""
    action = s.ruleset.end_step(s.game)
    if action is None:
        return False
    out = answered(s, action)
    return s.apply(action, outcome=out).ok if out.ok else False


# -------------------------------------------------------------------------- the table itself
@pytest.mark.parametrize("name", SHIPPED)
def test_each_game_declares_its_moves_once_and_check_dispatches_by_them(name):
    rs = registry.get(name)
    moves = rs.moves()
    assert moves and len({m.name for m in moves}) == len(moves)
    assert [m.name for m in moves] == [m.name for m in registry.moves(name)]  # the light table is the ruleset's
    assert registry.title(name) == rs.title
    s = game(
        next(
            sc
            for sc in SCENARIOS
            if f'ruleset = "{name}"' in (ROOT / "scenarios" / f"{sc}.toml").read_text()
            or (name == "hitlers_war" and sc == "barbarossa")
        )
    )
    for m in moves:
        assert callable(rs._fn(m.check)), m.name
        out = rs.check(s.game, Action(m.name, {}))
        assert "has no action" not in out.reason, (m.name, out.reason)
        for alias in m.aliases:
            assert rs.move(alias) is m
    out = rs.check(s.game, Action("no-such-verb"))
    assert not out.ok and "has no action 'no-such-verb'" in out.reason
    assert all(m.name in out.reason for m in moves)


def test_a_game_outside_mapref_is_served_by_its_table_too(toy_game):
    """The toy game (tests/toy_ruleset.py, installed as a package of its own) declares two moves;
    dispatch, menus and toolbar follow."""
    s = game("race")
    rs, g = s.ruleset, s.game
    assert [m.name for m in registry.moves("toy")] == ["step", "pass"]
    assert [(i.label, i.enabled, i.action.verb) for i in rs.toolbar(g)] == [("Pass", True, "pass")]
    assert rs.game_menu(g) == []
    steps = {i.label: i for i in rs.menu(g, "E6", "token:r1")}
    assert steps["Step r1 here"].enabled and steps["Step r1 here"].rule == "Rule 1"
    far = rs.menu(g, "E9", "token:r1")[0]
    assert not far.enabled and far.rule == "Rule 1" and far.why == rs.check(g, far.action).reason
    assert s.apply(steps["Step r1 here"].action).ok and s.state.tokens["r1"] == ("red", "E6")
    assert_legal_agrees_with_check(s)


# ------------------------------------------------------------------------- the command line
@pytest.mark.parametrize("name", SHIPPED)
def test_every_verb_has_its_options_and_help_from_the_table(name, capsys):
    for m in registry.moves(name):
        with pytest.raises(SystemExit) as e:
            cli.main([m.name, "--ruleset", name, "--help"])
        assert e.value.code == 0
        text = " ".join(capsys.readouterr().out.split())
        assert f"usage: mapref {m.name}" in text and "GAME.toml" in text
        assert " ".join((m.description or m.help).split())[:40] in text
        for a in m.args:
            if a.flag:
                assert a.flag in text, (m.name, a.flag)
            else:
                shown = a.metavar or ("{" + ",".join(map(str, a.choices)) + "}" if a.choices else a.name)
                assert shown in text, (m.name, a.name)
        assert ("--check" in text) == m.cli_check


def test_a_verb_of_several_games_lists_each_game_without_a_game_file(capsys):
    # Bug: `mapref move --help` printed one game's options, silently
    assert cli.main(["build", "--help"]) == 0
    text = capsys.readouterr().out
    for name in ("hitlers_war", "struggle_for_europe", "area_control"):
        assert f"(--ruleset {name})" in text and registry.title(name) in text
    assert "--ta-shipping" in text and "--faction" in text and "{minor_factory," in text
    assert "fronts" not in text
    assert cli.main(["build"]) == 1
    assert "give the saved game" in capsys.readouterr().err
    assert cli.main(["move", "--ruleset", "fronts", "--help"]) == 1
    assert "fronts has no 'move'" in capsys.readouterr().err


def test_mapref_help_names_every_verb_without_importing_the_games_rules():
    code = (
        "import sys\nfrom mapref.cli import main\n"
        "try:\n    main(['--help'])\nexcept SystemExit:\n    pass\n"
        "heavy = [m for m in sys.modules if m.endswith(('.ruleset', '.movement', '.combat', '.context')) "
        "and m.startswith('mapref.rulesets')]\n"
        "print('HEAVY', heavy, 'shapely' in sys.modules, 'numpy' in sys.modules, 'importlib.metadata' in sys.modules)"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert r.returncode == 0, r.stderr
    # (importlib.metadata: a third of the help's time; the entry points are read by registry.entry_points)
    assert "HEAVY [] False False False" in r.stdout
    for name in SHIPPED:
        for m in registry.moves(name):
            assert m.name in " ".join(r.stdout.split()), m.name


def test_the_help_reads_the_tables_and_their_names_only_and_a_verb_its_own_game(tmp_path):
    """``mapref --help`` reads every game's moves table and the names it offers (sides, point
    types...), none of the games' files, state or rules, nor the TOML reader; ``mapref VERB GAME``
    reads GAME's game only, not the other games' tables (docs/performance.md)."""
    g = tmp_path / "g.toml"
    assert cli.main(["new-game", "barbarossa", "-o", str(g), "--auto-place"]) == 0
    show = "print(sorted(m for m in sys.modules if m.startswith('mapref.')), 'tomllib' in sys.modules)"
    code = f"import sys\nfrom mapref.cli import main\ntry:\n    main(['--help'])\nexcept SystemExit:\n    pass\n{show}"
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert r.returncode == 0, r.stderr
    loaded, toml = r.stdout.strip().splitlines()[-1].rsplit(" ", 1)
    games = [m for m in eval(loaded) if m.startswith("mapref.rulesets.") and m.count(".") == 3]
    assert games and {m.rsplit(".", 1)[1] for m in games} <= {"moves", "names"}, games
    assert toml == "False"
    code = f"import sys\nfrom mapref.cli import main\nmain(['advance', {str(g)!r}])\n{show}"
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert r.returncode == 0, r.stderr
    loaded = eval(r.stdout.strip().splitlines()[-1].rsplit(" ", 1)[0])
    assert "mapref.rulesets.hitlers_war.ruleset" in loaded
    assert [
        m for m in loaded if m.startswith("mapref.rulesets.") and not m.startswith("mapref.rulesets.hitlers_war")
    ] == []


def test_the_command_line_builds_the_action_the_table_says(tmp_path, capsys):
    """Options of every kind become the action's arguments: points nested, lists, converted
    values (--cost), a flag with an optional value (--fleet)."""
    g = tmp_path / "g.toml"
    assert cli.main(["new-game", "barbarossa", "-o", str(g), "--auto-place"]) == 0
    assert cli.main(["advance", str(g)]) == 0
    assert cli.main(["move", str(g), "O14", "O13", "--infantry", "1", "--check"]) == 0
    assert cli.main(["move", str(g), "O14", "O13", "--infantry", "1", "--mechanized", "1"]) == 0
    from mapref.rules.files import load_game

    entry = load_game(g).log[-1]
    assert entry.action == {"verb": "move", "from": "O14", "to": "O13", "points": {"infantry": 1, "mechanized": 1}}
    assert cli.main(["build", str(g), "--cost", "mechanized=6,air=9", "--check"]) == 1  # not the build step
    assert "cannot build" in capsys.readouterr().err
    from mapref.rulesets.hitlers_war.moves import MOVES

    build = next(m for m in MOVES if m.name == "build")
    ns = cli._verb_parser(build).parse_args(
        ["g.toml", "P10", "--infantry", "2", "--cost", "mechanized=6,air=9", "--ships", "3"]
    )
    assert cli._verb_action(build, ns) == {
        "space": "P10",
        "points": {"infantry": 2},
        "ships": 3,
        "cost": {"mechanized": 6, "tactical_air": 9},
    }
    move = next(m for m in MOVES if m.name == "move")
    assert cli._verb_action(move, cli._verb_parser(move).parse_args(["g.toml", "A1", "B2", "--fleet"])) == {
        "from": "A1",
        "to": "B2",
        "fleet": "",
    }
    from mapref.rulesets.struggle_for_europe.moves import MOVES as SFE

    sfe_set = next(m for m in SFE if m.name == "set")
    ns = cli._verb_parser(sfe_set).parse_args(["g.toml", "--hand", "axis", "3", "--flag", "paris", "none"])
    assert cli._verb_action(sfe_set, ns) == {"hand": {"axis": 3}, "flag": {"paris": "none"}}
    sfe_move = next(m for m in SFE if m.name == "move")
    ns = cli._verb_parser(sfe_move).parse_args(["g.toml", "ruhr", "sedan=1,2", "antwerp"])
    assert cli._verb_action(sfe_move, ns) == {
        "from": "ruhr",
        "moves": [{"to": "sedan", "counters": ["1", "2"]}, {"to": "antwerp", "counters": []}],
        "card": "truck",
    }


# --------------------------------------------------------------------------------- the menus
@pytest.mark.parametrize("name", SCENARIOS)
def test_the_menus_are_the_moves_legal_now(name):
    s = game(name)
    rs, g = s.ruleset, s.game

    def labels(items):
        return [(i.label, i.enabled, i.why) for i in items]

    assert labels(rs.game_menu(g)) == labels(rs.legal(g, place="game"))
    assert labels(rs.toolbar(g)) == labels(rs.legal(g, place="toolbar"))
    for where in places_to_ask(s):
        if "space" in where:
            assert labels(rs.menu(g, where["space"], where.get("piece"))) == labels(
                rs.legal(g, space=where["space"], piece=where.get("piece"))
            )


@pytest.mark.parametrize("name,auto_place", [(n, True) for n in SCENARIOS] + [("fall_of_germany", False)])
def test_greyed_is_refused_and_enabled_is_accepted_step_after_step(name, auto_place):
    """Bug: the announce step offered "Advance succeeded" and "Record losses" enabled, then
    refused them.  Every entry of every place, on each scenario's first steps, playing an entry
    between the ends of steps (a move, a battle it opens, a capture...)."""
    s = start_game(ROOT / "scenarios" / f"{name}.toml", auto_place=auto_place)
    rnd = random.Random(name)
    seen_enabled = seen_greyed = 0
    for i in range(14):
        enabled, greyed = assert_legal_agrees_with_check(s)
        seen_enabled += len(enabled)
        seen_greyed += len(greyed)
        if s.position().get("over"):
            break
        if i % 2 == 0 and play_one(s, rnd, skip=("advance", "end-turn")) is not None:
            continue
        if not end_step(s) and play_one(s, rnd) is None:
            break
    assert seen_enabled > 0 and seen_greyed > 0


@pytest.mark.parametrize("name", SCENARIOS)
def test_each_scenario_is_played_through_legal_alone(name):
    """A window's (or a fuzzer's) way to play: the entries legal() offers, their forms answered as
    they open; an entry does what its outcome says (the log records the change, and only it; a
    record that changes nothing, an attack that turns no block, changes nothing) and undo takes
    it back exactly."""
    s = game(name)
    rs, g = s.ruleset, s.game
    rnd = random.Random(name)
    played: list[str] = []
    changed = 0
    for _ in range(12):
        before = rs.dumps_state(g.state)
        item = play_one(s, rnd, skip=played)
        if item is None:
            if not end_step(s):
                break
            continue
        after = rs.dumps_state(g.state)
        entry = s.log[-1]
        assert entry.action["verb"] == item.action.verb and entry.rule
        assert bool(entry.redo) == (after != before), item.label  # the log holds exactly what changed
        s.undo()
        assert rs.dumps_state(g.state) == before
        s.redo()
        assert rs.dumps_state(g.state) == after
        played.append(item.action.verb)
        changed += after != before
    assert played and changed, f"{name}: no entry legal() offered could be played"


# ------------------------------------------------------------------------ what windows knew
def test_the_announce_step_greys_a_capture_with_the_rule_that_refuses_it():
    from tests.rules.hwplay import advance_to

    s = game("barbarossa")
    advance_to(s, "axis", "combat", "announce")
    items = {i.label: i for i in s.ruleset.legal(s.game, space="P14", piece="army:Army Group Centre")}
    cap = items["Advance succeeded (capture)"]
    out = s.check(cap.action)
    assert not cap.enabled and not out.ok and (cap.why, cap.rule) == (out.reason, out.rule)
    assert "announce" in cap.why
    assert items["Announce Army Group Centre's attack on P14"].enabled


def test_the_losses_form_asks_the_points_bounded_by_what_the_army_has():
    from tests.rules.hwplay import advance_to

    s = game("barbarossa")
    advance_to(s, "axis", "combat", "assaults")
    a = next(x for x in s.state.armies if x.at == "P14")
    item = next(i for i in s.ruleset.legal(s.game, space="P14") if i.label == "Record losses...")
    fields = {f.key: f for f in item.ask}
    assert {k for k in fields if k.startswith("points.")} == {f"points.{t}" for t, n in a.points.items() if n}
    assert all(fields[f"points.{t}"].max == n and fields[f"points.{t}"].min == 0 for t, n in a.points.items() if n)
    assert item.action.args == {"space": "P14", "army": a.name} and item.enabled


def test_struggle_for_europe_asks_the_move_card_only_when_a_naval_line_needs_it():
    s = game("struggle_for_europe")
    rs, g = s.ruleset, s.game
    assert [i.label for i in rs.toolbar(g)] == ["Pass", "Discard a card", "Strategic bombing", "Play an event"]
    assert {"End turn", "Record a new play deck..."} <= {i.label for i in rs.game_menu(g)}
    assert all(f.key != "card" for i in rs.legal(g, space="ruhr") for f in i.ask)
    # a dropped counter names no card: a land move takes a truck, a naval line asks for a naval card
    from mapref.rulesets.struggle_for_europe.movement import lines_out

    cx = rs.context(g)
    naval = land = None
    for p in rs.pieces(g):
        if not p.selectable or p.side != s.state.player:
            continue
        for line, _frm, to in lines_out(cx, cx.spaces_of(p.space.split(".", 1)[0]), None):
            a = rs.drag(g, p.id, to)
            assert a is not None and "card" not in a.args
            out = s.check(a)
            if line.kind == "land" and out.ok:
                land = land or out
            if line.kind == "naval":
                assert not out.ok and out.ask is not None and out.ask.key == "card", (p.id, to, out)
                naval = naval or (a, out)
    assert land is not None and naval is not None, "no counter on a land and a naval move line"
    a, out = naval
    assert out.ask.options == ["naval"] and "naval transport icon" in out.ask.note
    a.args["card"] = "truck"
    assert not s.check(a).ok
    a.args["card"] = "naval"
    assert s.check(a).ok


def test_advisory_mode_is_the_sessions():
    """A refused action returns the refusal; with the referee's reason it is done anyway when
    the game can force it, and the log records the reason and the rule overridden."""
    s = game("barbarossa")
    from tests.rules.hwplay import advance_to

    advance_to(s, "axis", "movement", "")
    a = Action("move", {"from": "O14", "to": "O5"})  # not friendly (Movement 2)
    out = s.apply(a)
    assert not out.ok and out.reason and out.rule
    assert s.can_force(a)
    done = s.apply(a, override="house rule: rail movement")
    assert done.ok and "(against the rules)" in s.log[-1].did
    assert s.log[-1].override.startswith("house rule: rail movement (overrides: ") and out.rule in s.log[-1].override
    nothing = Action("move", {"from": "A1", "to": "A2"})
    assert not s.can_force(nothing)
    r = s.apply(nothing, override="because")
    assert not r.ok and r.reason.endswith("(this cannot be done even against the rules)")
