"""``mapref export-html GAME.toml -o POSITION.html`` (issue 25) without a browser: every shipped
scenario exports, the page fetches nothing, it is small enough to mail, it carries the referee's
verdicts and the position's text, and bad input gets one clear line.  The browser's side is
tests/render/test_export_html_browser.py."""

from __future__ import annotations

import html
import json
import re

import pytest

from mapref.rules.session import open_game
from tests.helpers import mapref
from tests.render.positions import ROOT, hw_cut_off, shipped_game

SCENARIOS = sorted(p.stem for p in (ROOT / "scenarios").glob("*.toml"))
SVG_NS = "http://www.w3.org/2000/svg"


def network_references(page: str) -> list[str]:
    """Everything in the page that would reach beyond it: URLs with a scheme (but the SVG and
    XHTML namespace names, which are names, not addresses), src and href attributes other than
    a reference inside the page (#id), style sheets or fonts to load, url() of anything but an
    id."""
    found = []
    for m in re.finditer(r"(?i)\b(?:https?|ftp|wss?):?//[^\s\"'<>)]*", page):
        if m.group(0) not in (SVG_NS, "http://www.w3.org/1999/xhtml"):
            found.append(m.group(0))
    found += [
        m.group(0)
        for m in re.finditer(r"(?i)\b(?:src|href|xlink:href|action|poster|data)\s*=\s*[\"'](?!#)[^\"']*", page)
    ]
    found += re.findall(r"(?i)<link\b[^>]*>|@import|@font-face|<iframe|<object|<embed|<img\b", page)
    found += [u for u in re.findall(r"(?i)url\(\s*([^)]*)\)", page) if not u.strip("'\" ").startswith("#")]
    found += re.findall(r"(?i)\b(?:fetch|XMLHttpRequest|WebSocket|EventSource|importScripts|sendBeacon)\b", page)
    return found


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_every_shipped_scenario_exports_a_page_that_fetches_nothing(scenario, tmp_path):
    game = shipped_game(tmp_path / "g.toml", scenario)
    r = mapref("export-html", "g.toml", "-o", "position.html", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    page = (tmp_path / "position.html").read_text(encoding="utf-8")
    s = open_game(game)
    title = s.position()["title"]
    assert r.stdout.startswith("position.html: ") and title in r.stdout
    assert page.startswith("<!DOCTYPE html>") and '<svg id="map"' in page and page.rstrip().endswith("</html>")
    assert f'<h1 id="title">{title.replace("&", "&amp;")}</h1>' in page
    assert network_references(page) == []
    data = json.loads(
        re.search(r'<script type="application/json" id="position-data">(.*?)</script>', page, re.S).group(1)
    )
    # every piece the ruleset shows, with the referee's verdict
    pieces = s.ruleset.pieces(s.game, s.report())
    drawn = {p["id"]: p for p in data["pieces"]}
    for p in pieces:
        if p.kind in ("army", "fort") or p.supplied is not None:
            assert p.id in drawn, p.id
            assert drawn[p.id]["supplied"] == p.supplied and drawn[p.id]["cut"] == p.cut
    # the log, the panels (production, victory points...) and the violations are written in
    for title_, _lines in s.ruleset.panels(s.game, s.report()):
        assert f"<h2>{title_}</h2>" in page.replace("&amp;", "&")
    assert '<section id="log">' in page and '<section id="victory">' in page and '<section id="violations">' in page


def test_the_war_for_europe_is_small_enough_to_mail_and_carries_its_log(tmp_path):
    shipped_game(tmp_path / "g.toml", "war_for_europe")
    assert mapref("advance", "g.toml", cwd=tmp_path).returncode == 0
    r = mapref("export-html", "g.toml", "-o", "wfe.html", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    size = (tmp_path / "wfe.html").stat().st_size
    assert size < 1_000_000, size  # well under 3 MB (docs/performance.md has the figure)
    page = (tmp_path / "wfe.html").read_text(encoding="utf-8")
    log = json.loads(mapref("log", "g.toml", "--json", cwd=tmp_path).stdout)
    assert log and all(html.escape(e["did"], quote=True) in page for e in log)
    assert page.count('<use href="#hex-pointy"') == 441  # the hexes: one shape, placed 441 times
    assert "<ul class='log'>" in page.split('<section id="log">')[1]


def test_a_cut_off_army_carries_its_cut_and_a_supplied_one_its_line(tmp_path):
    game = hw_cut_off(tmp_path / "kiev.toml")
    r = mapref("export-html", "kiev.toml", "-o", "kiev.html", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    page = (tmp_path / "kiev.html").read_text(encoding="utf-8")
    s = open_game(game)
    pieces = {p.title: p for p in s.ruleset.pieces(s.game, s.report()) if p.kind == "army"}
    kiev, moscow = pieces["Kiev Military District"], pieces["Moscow"]
    ids = {m.group(2): m.group(1) for m in re.finditer(r'data-p="(\d+)" data-id="([^"]+)"', page)}
    cut = re.search(rf'<g id="sel-{ids[kiev.id]}" class="sel" style="display:none">(.*?)</g>', page).group(1)
    assert sorted(set(re.findall(r'data-s="([^"]+)"', cut))) == sorted(kiev.cut) and "supply-path" not in cut
    line = re.search(rf'<g id="sel-{ids[moscow.id]}" class="sel" style="display:none">(.*?)</g>', page).group(1)
    assert "supply-path" in line and "supply-cut" not in line


def test_a_scenario_exports_its_opening_position(tmp_path):
    r = mapref("export-html", str(ROOT / "scenarios" / "barbarossa.toml"), "-o", "b.html", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "Barbarossa" in (tmp_path / "b.html").read_text(encoding="utf-8")


def test_text_from_the_files_is_written_as_text_not_markup(tmp_path):
    shipped_game(tmp_path / "g.toml", "barbarossa")
    assert mapref("set", "g.toml", "P14", "--control", "axis", cwd=tmp_path).returncode == 0
    text = (tmp_path / "g.toml").read_text(encoding="utf-8")
    text = text.replace('did = "', 'did = "<script>alert(1)</script> ', 1)
    (tmp_path / "g.toml").write_text(text, encoding="utf-8")
    r = mapref("export-html", "g.toml", "-o", "p.html", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    page = (tmp_path / "p.html").read_text(encoding="utf-8")
    assert "<script>alert(1)</script>" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    # the position's data and the page's script, the replay's data and its script
    assert page.count("<script") == 4


def test_bad_input_is_one_line_and_writes_nothing(tmp_path):
    r = mapref("export-html", str(ROOT / "maps" / "hitlers_war.toml"), "-o", "m.html", cwd=tmp_path)
    assert r.returncode == 1 and len(r.stderr.strip().splitlines()) == 1
    assert "a hex file, not a saved game or a scenario" in r.stderr and not (tmp_path / "m.html").exists()
    r = mapref("export-html", "nothing.toml", "-o", "m.html", cwd=tmp_path)
    assert r.returncode == 1 and len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.stderr
    shipped_game(tmp_path / "g.toml", "barbarossa")
    r = mapref("export-html", "g.toml", "-o", "no/such/folder/p.html", cwd=tmp_path)
    assert r.returncode == 1 and len(r.stderr.strip().splitlines()) == 1 and "no/such/folder/p.html" in r.stderr
    r = mapref("export-html", "g.toml", cwd=tmp_path)
    assert r.returncode == 1 and "-o" in r.stderr


def test_the_rounds_and_the_log_are_numbered_once(tmp_path):
    # issue 33: the page showed area control's rounds as "1. 1 ... 12. 12" and each log line as
    # "1. 1. ...": the rounds are their own names and a log line carries its own number, so
    # neither list numbers them again
    assert mapref("new-game", "aa_house_rules", "-o", "g.toml", cwd=tmp_path).returncode == 0
    assert mapref("advance", "g.toml", cwd=tmp_path).returncode == 0
    assert mapref("export-html", "g.toml", "-o", "p.html", cwd=tmp_path).returncode == 0
    page = (tmp_path / "p.html").read_text(encoding="utf-8")
    sequence = page.split('<section id="sequence">')[1].split("</section>")[0]
    log = page.split('<section id="log">')[1].split("</section>")[0]
    assert "<ul class='turns'>" in sequence and "<ol class='turns'>" not in sequence
    assert "<ul class='log'>" in log and "<ol" not in log and "<li>1. " in log
    assert "ul.turns,ul.log{list-style:none" in page
