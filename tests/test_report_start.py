"""What ``mapref referee GAME --json`` imports to start (issue 34: it was 6x ``python -c pass`` on
the Hitler's War map, most of it imports): none of what acts on a game or draws it (the values of
mapref.rules.values, the moves tables, the routes of moves, a grid's pixels, Hitler's War's combat
checks, what its checks return, its commands), nor typing (annotations only: ``TYPE_CHECKING``)
or hashlib (mapref.core.digest).  A module that needs one of them at run time imports it inside
the function that uses it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from mapref import cli

ROOT = Path(__file__).resolve().parents[1]


def test_the_report_starts_without_the_values_the_moves_table_or_the_action_checks(tmp_path):
    g = tmp_path / "g.toml"
    assert cli.main(["new-game", "barbarossa", "-o", str(g), "--auto-place"]) == 0
    assert cli.main(["advance", str(g)]) == 0  # to the Axis movement, as bench/run's game
    code = (
        "import sys\nfrom mapref.cli import main\n"
        f"main(['referee', {str(g)!r}, '--json'])\n"
        "print(sorted(m for m in sys.modules if m.startswith('mapref.')))\n"
        "print('typing' in sys.modules, 'hashlib' in sys.modules)"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert r.returncode == 0, r.stderr
    loaded = set(eval(r.stdout.strip().splitlines()[-2]))
    assert r.stdout.strip().splitlines()[-1] == "False False", "typing or hashlib imported at run time"
    assert "mapref.rulesets.hitlers_war.ruleset" in loaded  # (the report is the game's)
    unwanted = {"mapref.rules.values", "mapref.rules.vpmoves", "mapref.rules.routes", "mapref.core.layout"}
    unwanted |= {
        f"mapref.rulesets.hitlers_war.{m}" for m in ("moves", "combat", "results", "commands", "setup", "politics")
    }
    assert not loaded & unwanted, sorted(loaded & unwanted)


def test_what_is_no_longer_compiled_at_start_finds_what_it_found():
    import random
    import re

    from mapref.io import fasttoml
    from mapref.rules import gamelog

    rng = random.Random(34)
    for _ in range(2000):
        s = "".join(
            chr(rng.choice((rng.randrange(32, 127), rng.randrange(0xD700, 0xE100), rng.randrange(0x10FFFF))))
            for _ in range(rng.randrange(6))
        )
        assert gamelog._surrogate(s) == bool(re.search(r"[\ud800-\udfff]", s)), ascii(s)
    assert gamelog.SPACE_TOKEN.findall("move P10 to box:siberia, then AB12 and x.y") == [
        "move",
        "P10",
        "to",
        "box:siberia",
        "then",
        "AB12",
        "and",
        "x.y",
    ]
    assert fasttoml.loads('a = "tab\\there \\u00e9 \\"q\\""\nb = "plain"\n') == {"a": 'tab\there é "q"', "b": "plain"}
