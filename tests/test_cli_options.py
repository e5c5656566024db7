"""argparse reads the whole command line of a game verb (issue 32): options before the saved game,
between its arguments or after them; ``--ruleset=NAME`` as ``--ruleset NAME``."""

import tomllib

from tests.helpers import mapref


def state(g):
    data = tomllib.loads(g.read_text())
    data.pop("log", None)
    return data


def test_options_before_the_game_file_are_read_as_options(new_game_file, tmp_path):
    # Bug: `mapref move --army "Army Group North" GAME Q13 Q12` said "Army Group North: no such file"
    before = new_game_file("barbarossa", name="before.toml")
    after = new_game_file("barbarossa", name="after.toml")
    for g in (before, after):
        assert mapref("advance", g.name, cwd=tmp_path).returncode == 0
    r = mapref("move", "--army", "Army Group North", "--infantry", "2", "before.toml", "Q13", "Q12", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    r2 = mapref("move", "after.toml", "Q13", "Q12", "--army", "Army Group North", "--infantry", "2", cwd=tmp_path)
    assert r2.returncode == 0, r2.stderr
    assert r.stdout == r2.stdout
    assert state(before) == state(after)
    assert "Q12" in r.stdout


def test_an_option_between_the_game_and_its_spaces(new_game_file, tmp_path):
    new_game_file("barbarossa")
    assert mapref("advance", "g.toml", cwd=tmp_path).returncode == 0
    r = mapref("move", "g.toml", "--infantry", "2", "Q13", "Q12", cwd=tmp_path)
    assert r.returncode == 0, r.stderr


def test_check_before_the_game_only_checks(new_game_file, tmp_path):
    g = new_game_file("barbarossa")
    assert mapref("advance", "g.toml", cwd=tmp_path).returncode == 0
    text = g.read_text()
    r = mapref("move", "--check", "--infantry", "2", "g.toml", "Q13", "Q12", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert g.read_text() == text  # nothing applied


def test_ruleset_with_an_equals_sign_is_the_same_option(new_game_file, tmp_path, capsys):
    # Bug: `--ruleset=NAME` was not seen (only `--ruleset NAME` was looked for by hand)
    new_game_file("barbarossa")
    r = mapref("advance", "g.toml", "--ruleset=struggle_for_europe", cwd=tmp_path)
    assert r.returncode == 1 and "a Hitler's War game, not struggle_for_europe" in r.stderr
    r = mapref("advance", "--ruleset=hitlers_war", "g.toml", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    one = mapref("build", "--ruleset=hitlers_war", "--help", cwd=tmp_path)
    two = mapref("build", "--ruleset", "hitlers_war", "--help", cwd=tmp_path)
    assert one.returncode == 0 and one.stdout == two.stdout
    assert "--ta-shipping" in one.stdout and "--faction" not in one.stdout  # Hitler's War's options only
    r = mapref("move", "--ruleset=fronts", "--help", cwd=tmp_path)
    assert r.returncode == 1 and "fronts has no 'move'" in r.stderr


def test_a_word_that_is_no_verb_before_a_game_is_what_mapref_says_of_it(new_game_file, tmp_path):
    new_game_file("barbarossa")
    r = mapref("frobnicate", "g.toml", cwd=tmp_path)
    assert r.returncode == 1 and "unrecognized arguments" in r.stderr and "Traceback" not in r.stderr
    r = mapref("frobnicate", "--fast", "g.toml", cwd=tmp_path)
    assert r.returncode == 1 and "Traceback" not in r.stderr
