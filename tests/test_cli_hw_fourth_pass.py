"""Hitler's War on the command line, run as a user runs it (issue 23, "Rules, third round"): what
the command line accepted that the rules do not allow, and its help."""

from test_cli_hw import game_toml, mapref, ok, refused


def test_advance_to_a_step_the_game_never_reaches_is_refused(tmp_path):
    # Sequence of Play: the game runs from its first to its final turn (The Fall of Germany:
    # "Spring 1944 - Winter 1945"); `advance --to` names a step still to come, never one in the
    # past or after the last turn (the README's example, "spring 1942 allies land", is before The
    # Fall of Germany begins): refused, the game untouched.
    ok("new-game", "fall_of_germany", "-o", "g.toml", "--auto-place", cwd=tmp_path)
    before = (tmp_path / "g.toml").read_bytes()
    for target in ("spring 1942 allies land", "spring 1946 axis land", "winter 1948 soviet build"):
        err = refused("advance", "g.toml", "--to", target, cwd=tmp_path)
        assert "spring 1944" in err and "winter 1945" in err, err
    assert (tmp_path / "g.toml").read_bytes() == before
    ok("advance", "g.toml", "--to", "summer 1944 axis land", cwd=tmp_path)
    assert game_toml(tmp_path)["turn"]["season"] == "summer"
    err = refused("advance", "g.toml", "--to", "spring 1944 allies build", cwd=tmp_path)
    assert "past" in err, err
    st = game_toml(tmp_path)
    assert (st["turn"]["season"], st["turn"]["year"], st["turn"]["side"]) == ("summer", 1944, "axis")


def test_a_verb_of_several_games_without_a_game_file_gives_each_games_help(tmp_path):
    # `mapref move --help` (no game file yet): move, build and set are verbs of Hitler's War and
    # of Struggle for Europe; the help says both, each with its own arguments
    for verb, hw_flag, sfe_flag in (
        ("move", "--ships", "--card"),
        ("build", "--ta-shipping", "--faction"),
        ("set", "--nation", "--hand"),
    ):
        r = mapref(verb, "--help", cwd=tmp_path)
        assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr
        assert "Hitler's War" in r.stdout and "Struggle for Europe" in r.stdout, r.stdout
        assert hw_flag in r.stdout and sfe_flag in r.stdout
    err = refused("move", cwd=tmp_path)
    assert "give the saved game" in err


def test_ships_split_and_a_surrender_not_offered_on_the_command_line(tmp_path):
    # Fleet strength points 5 (`move --fleet NAME --ships N`, rulings R64) and Surrender, France 1
    # (refused on a fresh game, rulings R65)
    ok("new-game", "war_for_europe", "-o", "g.toml", "--auto-place", cwd=tmp_path)
    err = refused("surrender", "g.toml", "fr", cwd=tmp_path)
    assert "Paris" in err and "[Surrender, France 1]" in err
    ok("advance", "g.toml", "--to", "allies naval", cwd=tmp_path)
    home = game_toml(tmp_path)["fleets"]["British Fleet"]["at"]
    out = ok("move", "g.toml", home, "P4", "--fleet", "British Fleet", "--ships", "3", cwd=tmp_path)
    assert "British Fleet 2" in out
    fleets = game_toml(tmp_path)["fleets"]
    assert fleets["British Fleet"]["capital"] == 5 and fleets["British Fleet 2"]["capital"] == 3
    assert "ten" in refused(
        "move", "g.toml", home, "P4", "--fleet", "British Fleet", "--ships", "9", cwd=tmp_path
    ) or "5" in refused("move", "g.toml", home, "P4", "--fleet", "British Fleet", "--ships", "9", cwd=tmp_path)
