"""Test set-up: a real X display for the GUI tests, a state folder of the run's own, the
Hypothesis profiles and the slow set (docs/testing.md says how the suite is organised).

Each process that runs tests (the one pytest process, or each pytest-xdist worker) starts its
own Xvfb at 24-bit depth, so parallel GUI tests never share a display (its focus, its grabs);
a serial run uses the DISPLAY it is given when there is one.  The 1366x768 display
(``laptop_display``) and the one with a window manager (``wm_display``) are started by each
test process too, on first use.  Xvfb is installed by
tools/run-tests; a missing Xvfb fails the GUI tests loudly rather than skipping them.
"""

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # tests.helpers, tools.xvfb, tests.toy_ruleset, from any folder
    sys.path.insert(0, str(ROOT))

from tools.xvfb import start_window_manager, start_xvfb  # noqa: E402

# mapref's per-user files (crash journals, the error log) and settings (the lists of recent maps
# and games) go to folders of this test process, removed at its end
_STATE = tempfile.mkdtemp(prefix="mapref-test-state-")
os.environ["XDG_STATE_HOME"] = _STATE
_CONFIG = tempfile.mkdtemp(prefix="mapref-test-config-")
os.environ["XDG_CONFIG_HOME"] = _CONFIG
# what mapref keeps of the maps it read (the graphs, mapref.io.derived) too
_CACHE = tempfile.mkdtemp(prefix="mapref-test-cache-")
os.environ["XDG_CACHE_HOME"] = _CACHE

# Hypothesis: "ci" (the default) is the same run every time: derandomized, no deadline (a busy
# machine is not a failure), the examples each test asks for.  "long" (--hypothesis-profile=long,
# with --slow for the fuzz runs) searches twenty times as many at random, remembering failures.
settings.register_profile(
    "ci",
    deadline=None,
    derandomize=True,
    database=None,
    max_examples=100,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("long", deadline=None, max_examples=2000, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

_XVFB = None


def pytest_addoption(parser):
    parser.addoption(
        "--slow",
        action="store_true",
        help="run the slow set (tests marked slow: the long fuzz and property runs) instead of the default set",
    )


def pytest_configure(config):
    global _XVFB
    worker = hasattr(config, "workerinput")
    controller = not worker and bool(getattr(config.option, "numprocesses", None))  # runs no test itself
    if worker or (not controller and not os.environ.get("DISPLAY")):
        _XVFB, os.environ["DISPLAY"] = start_xvfb()


def pytest_collection_modifyitems(config, items):
    """The default run leaves out the tests marked slow; ``--slow`` runs only those."""
    slow = config.getoption("slow")
    keep, drop = [], []
    for it in items:
        (keep if (it.get_closest_marker("slow") is not None) == slow else drop).append(it)
    if drop:
        config.hook.pytest_deselected(items=drop)
        items[:] = keep


_LAPTOP: list = []
_WM: list = []


def pytest_unconfigure(config):
    if _XVFB is not None:
        _XVFB.terminate()
    for proc, _display in _LAPTOP:
        proc.terminate()
    for procs, _display in _WM:
        for p in reversed(procs):
            p.terminate()
    shutil.rmtree(_STATE, ignore_errors=True)
    shutil.rmtree(_CONFIG, ignore_errors=True)
    shutil.rmtree(_CACHE, ignore_errors=True)


@pytest.fixture(scope="session")
def laptop_display():
    """A second X display the size of a small laptop screen, 1366x768 (started once, on first
    use): windows opened on it with ``tk.Tk(screenName=...)`` must fit it."""
    if not _LAPTOP:
        _LAPTOP.append(start_xvfb("1366x768x24"))
    return _LAPTOP[0][1]


@pytest.fixture(scope="session")
def wm_display():
    """A 1366x768 X display with a real window manager (twm) on it (started once, on first use):
    where focus, grabs and menus behave as on a desktop.  Real keys and clicks are sent to it
    with tests/ui/xtest.py."""
    if not _WM:
        xvfb, display = start_xvfb("1366x768x24")
        _WM.append(([xvfb], display))
        _WM[0][0].append(start_window_manager(display))
    return _WM[0][1]


def _tk_on(screen: str):
    """A Tk root on the X display ``screen``.  Tk sets the process's DISPLAY to the display it
    opened: it is put back afterwards, so later windows open on the usual display."""
    import tkinter as tk

    display = os.environ.get("DISPLAY")
    root = tk.Tk(screenName=screen)
    yield root
    try:
        root.destroy()
    except tk.TclError:
        pass
    if display is not None:
        os.environ["DISPLAY"] = display


@pytest.fixture
def wm_tk(wm_display):
    """A Tk root on the window manager's display (DISPLAY put back afterwards)."""
    yield from _tk_on(wm_display)


@pytest.fixture
def laptop_tk(laptop_display):
    """A Tk root on the 1366x768 display (DISPLAY put back afterwards)."""
    yield from _tk_on(laptop_display)


@pytest.fixture
def root():
    return ROOT


@pytest.fixture
def laptop_root():
    """A Tk root of a laptop's 1366x768 at the screen's corner, destroyed afterwards (unless the
    test's window already destroyed it)."""
    import tkinter as tk

    r = tk.Tk()
    r.geometry("1366x768+0+0")
    yield r
    try:
        r.destroy()
    except tk.TclError:
        pass


@pytest.fixture(scope="session")
def _new_games(tmp_path_factory):
    """A new game of each shipped scenario asked for, made once a session by ``mapref new-game``
    (its bytes; a game of a shipped scenario names the scenario and the map, not a path)."""
    from tests.helpers import mapref

    made: dict = {}

    def get(scenario: str, auto_place: bool) -> bytes:
        if (scenario, auto_place) not in made:
            out = tmp_path_factory.mktemp("new-game") / "g.toml"
            r = mapref("new-game", scenario, "-o", out, *(["--auto-place"] if auto_place else []))
            assert r.returncode == 0, r.stderr
            made[scenario, auto_place] = out.read_bytes()
        return made[scenario, auto_place]

    return get


@pytest.fixture
def new_game_file(_new_games, tmp_path):
    """``new_game_file(scenario="barbarossa", auto_place=False, name="g.toml")``: the game that
    ``mapref new-game SCENARIO -o tmp_path/NAME`` writes, copied from the session's own."""

    def make(scenario: str = "barbarossa", auto_place: bool = False, name: str = "g.toml") -> Path:
        p = tmp_path / name
        p.write_bytes(_new_games(scenario, auto_place))
        return p

    return make


# -------------------------------------------------------------------- a game from outside mapref
TOY_PYPROJECT = """[build-system]
requires = ["setuptools>=68"]
build-backend = "setuptools.build_meta"

[project]
name = "mapref-toy-game"
version = "0.1"

[project.entry-points."mapref.rulesets"]
toy = "toy_game"

[tool.setuptools]
packages = ["toy_game"]

[tool.setuptools.package-data]
toy_game = ["scenarios/*.toml", "maps/*.toml"]
"""


@pytest.fixture(scope="session")
def _toy_game_site(tmp_path_factory):
    """The toy game of tests/toy_ruleset.py as a package of its own (``toy_game``, with its
    scenario and map inside it and an entry point in the group ``mapref.rulesets``), installed
    by pip, offline, into a folder of its own: what a game from outside mapref is. Once a session."""
    from tests.toy_ruleset import race

    src = tmp_path_factory.mktemp("toy-game-src")
    (src / "pyproject.toml").write_text(TOY_PYPROJECT, encoding="utf-8")
    pkg = src / "toy_game"
    (pkg / "scenarios").mkdir(parents=True)
    (pkg / "maps").mkdir()
    shutil.copy(ROOT / "tests" / "toy_ruleset.py", pkg / "__init__.py")
    shutil.copy(ROOT / "maps" / "sample.toml", pkg / "maps" / "toy_board.toml")
    (pkg / "scenarios" / "race.toml").write_text(race("../maps/toy_board.toml"), encoding="utf-8")
    site = tmp_path_factory.mktemp("toy-game-site")
    r = subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--no-index", "--no-deps", "--no-build-isolation"]
        + ["--disable-pip-version-check", "--target", str(site), str(src)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert r.returncode == 0, r.stdout + r.stderr
    return site


@pytest.fixture
def toy_game(_toy_game_site, monkeypatch):
    """The installed toy game on this process's path (and a child process's PYTHONPATH): mapref
    finds it by its entry point, as it would find any installed game. Its folder is returned."""
    from mapref.rules import registry

    monkeypatch.syspath_prepend(str(_toy_game_site))
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(filter(None, [str(_toy_game_site), os.environ.get("PYTHONPATH")])))
    registry.refresh()
    yield _toy_game_site
    monkeypatch.undo()
    sys.modules.pop("toy_game", None)
    registry.refresh()


@pytest.fixture
def store(tmp_path):
    """A disk store of derived data in the test's own folder, in use for the test's graphs
    (mapref.io.derived; mapref.core.graph.use_store), none after it."""
    from mapref.core.graph import use_store
    from mapref.io.derived import DiskStore

    s = DiskStore(tmp_path / "derived")
    use_store(s)
    yield s
    use_store(None)
