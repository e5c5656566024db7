"""A real headless Chromium for the web page's tests: the operating system's (Debian's chromium,
Fedora's chromium-browser; tools/setup.sh installs it as it installs Xvfb), driven by Playwright
for Python with its executable path pointed at it (Playwright downloads no browser here).  A
missing Chromium fails the browser tests loudly rather than skipping them.  ``MAPREF_CHROMIUM``
names another binary."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium_path() -> str:
    found = os.environ.get("MAPREF_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    assert found, (
        "no Chromium: tools/run-tests installs it (apt-get install chromium), or name one with MAPREF_CHROMIUM"
    )
    return found


@pytest.fixture(scope="session")
def chromium():
    """Playwright's handle on the system's Chromium, started once for the session."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        # launch() gives the browser a fresh profile folder of its own (the --user-data-dir flag is Playwright's to set)
        browser = p.chromium.launch(executable_path=chromium_path(), args=FLAGS, headless=True)
        yield browser
        browser.close()


class Page:
    """An exported page open in a browser tab: the tab (``tab``), what its script logged or
    threw (``errors``), and what the page asked of the network (``requests``)."""

    def __init__(self, tab, errors, requests) -> None:
        self.tab, self.errors, self.requests = tab, errors, requests


@pytest.fixture
def open_page(chromium):
    """open_page(path, width, height, touch=False) -> Page: the file in a fresh tab of that size."""
    contexts = []

    def opener(path: Path, width: int = 1366, height: int = 768, touch: bool = False) -> Page:
        ctx = chromium.new_context(viewport={"width": width, "height": height}, has_touch=touch, is_mobile=touch)
        contexts.append(ctx)
        tab = ctx.new_page()
        errors: list[str] = []
        requests: list[str] = []
        tab.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        tab.on("pageerror", lambda e: errors.append(str(e)))
        tab.on("request", lambda r: requests.append(r.url))
        tab.goto(Path(path).resolve().as_uri())
        tab.wait_for_function("document.getElementById('map').getAttribute('viewBox') !== null")
        return Page(tab, errors, requests)

    yield opener
    for ctx in contexts:
        ctx.close()


@pytest.fixture(scope="session")
def _played(tmp_path_factory):
    """Games played through the ruleset as a window plays them (bench/long_game.py: pieces dragged
    where they may go, steps ended, the forms of what the rules ask answered), made once a session:
    ``get(actions, scenario="war_for_europe", seed=7)`` -> the saved game's bytes."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("long_game", ROOT / "bench" / "long_game.py")
    long_game = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(long_game)
    made: dict = {}

    def get(actions: int, scenario: str = "war_for_europe", seed: int = 7) -> bytes:
        key = (actions, scenario, seed)
        if key not in made:
            s = long_game.play(ROOT / "scenarios" / f"{scenario}.toml", actions, seed)
            assert len(s.log) == actions, (scenario, len(s.log))
            out = tmp_path_factory.mktemp("played") / "g.toml"
            s.save(out)
            made[key] = out.read_bytes()
        return made[key]

    return get


@pytest.fixture
def played_game(_played, tmp_path):
    """``played_game(actions, scenario="war_for_europe", name="g.toml")``: a game of that many
    actions (see ``_played``) in the test's folder."""

    def make(actions: int, scenario: str = "war_for_europe", name: str = "g.toml") -> Path:
        p = tmp_path / name
        p.write_bytes(_played(actions, scenario))
        return p

    return make
