"""The table of TripleA maps tried in docs/triplea.md ("Maps tried: the house rules"): each game of
each map folder given is imported with a scenario of seed 004's house rules, started, played for a
round through the command line and through the referee's window, and drawn; one row per game.

    python tools/triplea_maps_table.py MAPS_DIR [NAME ...] > table.md

MAPS_DIR holds one folder per TripleA map (``NAME/map/polygons.txt``, ``NAME/map/games/*.xml``: a
repository of github.com/triplea-maps unpacked). Needs an X display for the window (Xvfb).

Columns: the map and its game; whether it imports (the map passes ``mapref check --strict``);
the wars at the start (pairs of nations at war, and where the house rules' NOT AT WAR starts the
Soviet Union or the United States at peace); the victory cities found of those the game's
conditions use, and those still missing (asked for by the import; a game with no Japan or no
European Axis power leaves that condition and its 8 cities out); a round played through the command line (a nation takes a territory of
an enemy it borders, then every phase to the next round); the same round through the window (its
controller, as its menus do); every name drawn inside its territory on the page's scene and in the
window (names outside: none; a name stands in its territory with its middle inside and all of it but
a fifth, as mapref.render.scene_area.fit_names places it), and each nation's counters in the map's own
colour.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mapref.render.scene import position_scene
from mapref.render.scene_area import AreaProjection
from mapref.rules.ruleset import Action
from mapref.rules.session import open_game
from mapref.rulesets.area_control.imported import EUROPEAN, PACIFIC
from tests.render.test_triplea_board import stands_in


def run(*args, cwd) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}  # this checkout's mapref
    return subprocess.run([sys.executable, "-m", "mapref", *args], cwd=cwd, capture_output=True, text=True, env=env)


def cities_found(sc: dict, notes: str) -> str:
    """The 16 cities found; those asked for (of a condition the game plays); the conditions left
    out (a game with no Japan or no European Axis power: their cities are not asked for)."""
    cities = sc.get("cities", {})
    groups = {"european": EUROPEAN, "pacific": PACIFIC}
    out = [g for g in groups if f"{g} cities: left out" in notes]
    used = [c for g, cs in groups.items() if g not in out for c in cs]
    missing = [c for c in used if not cities.get(c)]
    text = f"{len(used) - len(missing)} of {len(used)}"
    text += f"; asked for: {', '.join(missing)}" if missing else ""
    for g in out:
        why = "no Japan" if g == "pacific" else "no European Axis power"
        text += f"; the {g.capitalize()} 8 left out ({why})"
    return text


def a_take(s) -> tuple[str, str] | None:
    """The first nation's take of an enemy's land territory beside one it holds, if any."""
    g, rs = s.game, s.ruleset
    cx = rs.cx(g)
    first = g.state.nation
    mine = set(cx.spaces_of(first))
    for ln in s.map.lines.values():
        for a, b in ((ln.a, ln.b), (ln.b, ln.a)):
            attrs = s.board.space(b).attrs
            if a in mine and b not in mine and not attrs.get("sea") and not attrs.get("impassable"):
                owner = cx.owner(b)
                if owner and cx.at_war(first, owner):
                    return b, first
    return None


def names_outside_page(s) -> int:
    sc = position_scene(s)
    v = AreaProjection(s.map, 1600.0)
    (ax, ay), (bx, by) = v((0.0, 0.0)), v((1000.0, 1000.0))
    back = lambda x, y: ((x - ax) * 1000 / (bx - ax), (y - ay) * 1000 / (by - ay))  # noqa: E731
    out = 0
    for mk in sc.marks:
        if "name" in mk.tags and mk.space in s.map.locations:
            out += not stands_in(s.map.locations[mk.space].polygon, mk.box(), back)
    return out


def window_round(game: Path, take) -> tuple[bool, int, bool]:
    """The round through the window: (played, names outside their territory, counters in the map's colours)."""
    import tkinter as tk

    from mapref.ui.referee import RefereeWindow, load_for_play

    root = tk.Tk()
    try:
        w = RefereeWindow(root, load_for_play(game), quiet=True)
        root.geometry("1366x768+0+0")
        root.update()
        w.canvas.fit()
        root.update()
        c, m = w.canvas, w.map
        outside = 0
        for lid, loc in m.locations.items():
            for i in c.find_withtag(f"name:{lid}"):
                if c.type(i) != "text" or c.itemcget(i, "state") == "hidden":
                    continue
                outside += not stands_in(loc.polygon, c.bbox(i), lambda x, y: (x / c.zoom, y / c.zoom))
        colours = w.session.ruleset.colours(w.session.game)
        coloured = True
        for p in w.pieces[:30]:
            rects = [i for i in c.find_withtag(f"piece:{p.id}") if c.type(i) == "rectangle"]
            if rects and p.side in colours and c.itemcget(rects[0], "fill") != colours[p.side][0]:
                coloured = False
        sc = w.session.scenario
        ok = True
        if take is not None:
            ok = w.controller.act(Action("take", {"space": take[0], "by": take[1]})).ok
        nxt = f"2 {sc.order[0]} {sc.phases[0]}"
        ok = ok and w.controller.act(Action("advance", {"to": nxt})).ok
        ok = ok and w.session.game.state.round == 2
        return ok, outside, coloured
    finally:
        root.destroy()


def row(mapdir: Path, xml: Path) -> str:
    name = f"{mapdir.name} ({xml.name})"
    with tempfile.TemporaryDirectory() as tmp:
        t0 = time.monotonic()
        r = run("import-triplea", str(mapdir), "--game", str(xml), "-o", "m.toml", "--scenario", "s.toml", cwd=tmp)
        secs = time.monotonic() - t0
        if r.returncode != 0:
            why = (r.stderr.strip().splitlines() or ["?"])[-1]
            if "no Axis and Allies alliances" in why:
                return f"| {name} | map only | not an Axis & Allies game | | | | |"
            return f"| {name} | NO: {why[:120]} | | | | | |"
        strict = run("check", "--strict", "m.toml", "s.toml", cwd=tmp).returncode == 0
        sc = tomllib.loads((Path(tmp) / "s.toml").read_text(encoding="utf-8"))
        nations = sc["nations"]
        pairs = {frozenset((n, x)) for n, v in nations.items() for x in v.get("at_war", [])}
        peace = []
        for ln in r.stderr.splitlines():
            if "starts not at war with " in ln:
                who = ln.split(": starts not at war")[0].split(": ")[-1]
                peace.append(f"{who} with {ln.split('starts not at war with ')[1].split(' (seed 004')[0]}")
        wars = f"{len(pairs)} pairs at war" + (f"; not at war (seed 004): {'; '.join(peace)}" if peace else "")
        found = cities_found(sc, r.stderr)
        assert run("new-game", "s.toml", "-o", "g.toml", cwd=tmp).returncode == 0
        s = open_game(Path(tmp) / "g.toml")
        take = a_take(s)
        cli = True
        if take is not None:
            cli = run("take", "g.toml", take[0], "--by", take[1], cwd=tmp).returncode == 0
        first = f"2 {sc['order'][0]} {sc['phases'][0]}"
        cli = cli and run("advance", "g.toml", "--to", first, cwd=tmp).returncode == 0
        assert run("new-game", "s.toml", "-o", "w.toml", cwd=tmp).returncode == 0
        win, outside_w, coloured = window_round(Path(tmp) / "w.toml", take)
        outside_p = names_outside_page(open_game(Path(tmp) / "w.toml"))
        took = f" ({take[1]} take {take[0]})" if take else ""
        return (
            f"| {name} | yes ({secs:.0f} s{', check --strict ok' if strict else ', check --strict FAILS'}) | {wars} | "
            f"{found} | {'yes' if cli else 'NO'}{took} | {'yes' if win else 'NO'} | "
            f"{outside_p} on the page, {outside_w} in the window; colours {'the map' + chr(39) + 's' if coloured else 'NOT the map' + chr(39) + 's'} |"
        )


def main() -> None:
    maps = Path(sys.argv[1])
    names = sys.argv[2:] or sorted(p.name for p in maps.iterdir() if (p / "map" / "games").is_dir())
    print(
        "| map (game) | imports | wars at the start | victory cities found | a round (CLI) | a round (window) | "
        "names outside their territory; colours |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for n in names:
        for xml in sorted((maps / n / "map" / "games").glob("*.xml")):
            try:
                print(row(maps / n, xml), flush=True)
            except Exception as e:  # a row that fails says how
                print(f"| {n} ({xml.name}) | FAILED: {type(e).__name__}: {str(e)[:100]} | | | | | |", flush=True)


if __name__ == "__main__":
    main()
