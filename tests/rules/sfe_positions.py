"""Struggle for Europe positions for the tests, written as real saved games on disk: the set-up of
section 5.2 with the changes a test names (counters added, moved or removed, flags, decks)."""

from __future__ import annotations

from pathlib import Path

from mapref.rules.files import dumps_game, new_game
from mapref.rules.session import open_game

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = ROOT / "scenarios" / "struggle_for_europe.toml"


def position(
    tmp_path: Path,
    *,
    add: dict | None = None,
    remove=(),
    flags: dict | None = None,
    player: str = "axis",
    decks: dict | None = None,
    hands: dict | None = None,
    bombing: int = 0,
    name: str = "g.toml",
):
    """A session on a saved game: ``add`` {id: (faction, strength, at)} (a counter already there
    is moved), ``remove`` counter ids, ``flags`` {location: faction}, ``decks``/``hands``
    {player: n}."""
    game = new_game(SCENARIO, scenario_ref="struggle_for_europe", map_ref="struggle_for_europe")
    st = game.state
    rs = game.ruleset
    d = rs.state_data(st)
    for cid in remove:
        del d["counters"][cid]
    for cid, (faction, strength, at) in (add or {}).items():
        rec = {"faction": faction, "strength": strength, "at": at}
        if cid.startswith("F"):
            rec["fortress"] = True
        d["counters"][cid] = rec
    d["flags"].update(flags or {})
    d["player"] = player
    d["bombing"] = bombing
    for p, n in (decks or {}).items():
        d["cards"][p]["deck"] = n
    for p, n in (hands or {}).items():
        d["cards"][p]["hand"] = n
    game.state = rs.read_state(d, "", "test")
    path = tmp_path / name
    path.write_text(dumps_game(game), encoding="utf-8")
    return open_game(path)


def where(s, cid: str) -> str | None:
    c = s.state.counter(cid)
    return None if c is None else c.at


def counters(s, loc: str) -> list[str]:
    return sorted(c.id for c in s.state.at_location(loc))
