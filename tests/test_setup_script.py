"""The README's two commands (tools/run-mapref, tools/run-tests) and their shared set-up
(tools/setup.sh): what they install and run, decided against stub commands.

Each test copies the three scripts and pyproject.toml into a scratch checkout and runs them with
PATH holding only a folder of stubs: python3 (answers the set-up's probe from a state folder:
tkinter there or not, the venv module there or not, ...), apt-get, dnf, sudo, id, uname, Xvfb, chromium,
plus links to the few real tools the scripts use (cat, grep, mktemp, ...). Every stub writes its
command line to a log, so a test sees exactly what the scripts would have installed and run. No
root, no network, nothing installed for real. The one real interpreter asked is this one, in the
last test, to check the probe itself.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASH = shutil.which("bash") or "/bin/bash"
REAL_TOOLS = ["cat", "chmod", "cp", "dirname", "env", "grep", "mkdir", "mktemp", "rm", "tail", "touch"]

# The stub python3 (copied into a venv's bin/ as its python). State files: tkinter, ensurepip
# (present or not), version (default 3.11), not-system, pip-offline.
PYTHON = r"""#!BASH
state=$STUB_STATE
if [ "$1" = -c ]; then
  case $2 in
    *mapref-probe*)
      echo "$0 probe" >>"$STUB_LOG"
      v=$(cat "$state/version" 2>/dev/null || echo 3.11)
      echo "VERSION=$v"
      if [ "$v" = 3.10 ]; then echo VERSION_OK=0; else echo VERSION_OK=1; fi
      if [ -e "$state/tkinter" ]; then echo TKINTER=1; else echo TKINTER=0; fi
      if [ -e "$state/ensurepip" ]; then echo ENSUREPIP=1; else echo ENSUREPIP=0; fi
      if [ -e "$state/not-system" ]; then echo SYSTEM=0; else echo SYSTEM=1; fi
      echo "EXE=$0"
      exit 0 ;;
  esac
fi
echo "$0 $*" >>"$STUB_LOG"
if [ "$1 $2" = "-m venv" ]; then
  mkdir -p "$3/bin" && cp "$0" "$3/bin/python" && echo "home = /usr/bin" >"$3/pyvenv.cfg"
  if [ ! -e "$state/ensurepip" ]; then
    echo "The virtual environment was not created successfully because ensurepip is not available."
    exit 1
  fi
  touch "$3/bin/pip"
elif [ "$1 $2 $3" = "-m pip install" ]; then
  if [ -e "$state/pip-offline" ]; then
    echo "  error: subprocess-exited-with-error"  # as pip 23 prints it without a network
    echo "  > [2 lines of output]"
    echo "      ERROR: Could not find a version that satisfies the requirement setuptools>=68 (from versions: none)"
    echo "      ERROR: No matching distribution found for setuptools>=68"
    echo "      [end of output]"
    echo "  note: This error originates from a subprocess, and is likely not a problem with pip."
    echo "error: subprocess-exited-with-error"
    echo
    exit 1
  fi
  for tool in mapref ruff lint-imports mypy; do  # mapref's entry point, and the test extra's habit checks
    printf '#!BASH\necho "$0 $*" >>"$STUB_LOG"\n' >"${0%/*}/$tool" && chmod +x "${0%/*}/$tool"
  done
fi
exit 0
"""

# apt-get and dnf: installing a package makes what it brings appear in the state (or Xvfb on
# the PATH); state file os-offline makes installs fail as without a network.
PKG = r"""#!BASH
echo "${0##*/} $*" >>"$STUB_LOG"
[ "$1" = install ] || exit 0
if [ -e "$STUB_STATE/os-offline" ]; then
  echo "E: Unable to locate package ${!#}"
  exit 100
fi
for p in "$@"; do
  case $p in
    python3-tk|python3-tkinter) touch "$STUB_STATE/tkinter" ;;
    python3-venv|python-pip-wheel) touch "$STUB_STATE/ensurepip" ;;
    xvfb|xorg-x11-server-Xvfb) printf '#!BASH\n' >"${0%/*}/Xvfb"; chmod +x "${0%/*}/Xvfb" ;;
    chromium) printf '#!BASH\n' >"${0%/*}/chromium"; chmod +x "${0%/*}/chromium" ;;
  esac
done
"""

SUDO = r"""#!BASH
echo "sudo $*" >>"$STUB_LOG"
exec "$@"
"""


class Checkout:
    """A scratch checkout with the scripts, a stub PATH and a state folder."""

    def __init__(
        self, tmp: Path, *, state=("tkinter", "ensurepip"), have=("apt-get", "Xvfb", "chromium"), uid=0, uname="Linux"
    ):
        self.tmp = tmp
        self.root = tmp / "checkout"
        (self.root / "tools").mkdir(parents=True)
        for name in ("setup.sh", "run-mapref", "run-tests"):
            shutil.copy2(ROOT / "tools" / name, self.root / "tools" / name)
        shutil.copy2(ROOT / "pyproject.toml", self.root / "pyproject.toml")
        self.bin = tmp / "bin"
        self.bin.mkdir()
        for tool in REAL_TOOLS:
            real = shutil.which(tool)
            assert real, f"{tool} is needed to run the set-up scripts"
            (self.bin / tool).symlink_to(real)
        self.state = tmp / "state"
        self.state.mkdir()
        for s in state:
            (self.state / s).touch()
        self.log = tmp / "calls.log"
        self.stub("python3", PYTHON)
        self.stub("id", f'#!BASH\n[ "$1" = -u ] && echo {uid}\n')
        self.stub("uname", f"#!BASH\necho {uname}\n")
        for name in have:
            self.stub(
                name, {"apt-get": PKG, "dnf": PKG, "sudo": SUDO, "Xvfb": "#!BASH\n", "chromium": "#!BASH\n"}[name]
            )
        self.venv = None

    def stub(self, name: str, text: str):
        p = self.bin / name
        p.write_text(text.replace("BASH", BASH))
        p.chmod(0o755)

    def run(self, script: str, *args: str, venv: Path | None = None, python: str | None = None):
        """Runs tools/SCRIPT; returns (exit status, stderr lines, the stubs' calls since the last
        run, with the scratch folders written ROOT, BIN and TMP and the probes left out)."""
        self.log.write_text("")
        env = {
            "PATH": str(self.bin),
            "HOME": str(self.tmp),
            "TMPDIR": str(self.tmp),
            "STUB_STATE": str(self.state),
            "STUB_LOG": str(self.log),
        }
        if venv is not None:
            env["VIRTUAL_ENV"] = str(venv)
        if python is not None:
            env["MAPREF_PYTHON"] = python
        r = subprocess.run(
            [BASH, str(self.root / "tools" / script), *args],
            env=env,
            cwd=self.tmp,
            capture_output=True,
            text=True,
            timeout=60,
        )
        calls = [
            line.replace(str(self.root), "ROOT").replace(str(self.bin), "BIN").replace(str(self.tmp), "TMP").rstrip()
            for line in self.log.read_text().splitlines()
        ]
        self.probes = [c for c in calls if c.endswith(" probe")]
        assert "Traceback" not in r.stderr
        return r.returncode, r.stderr.splitlines(), [c for c in calls if not c.endswith(" probe")]


APT_UPDATE = "apt-get update -q"


def habits(env: str = "ROOT/.venv") -> list[str]:
    """What run-tests runs before pytest: the habit checks (docs/testing.md), in order."""
    where = "mapref tests bench tools"
    return [
        f"{env}/bin/ruff check --quiet {where}",
        f"{env}/bin/ruff format --check --quiet {where}",
        f"{env}/bin/lint-imports --no-cache",
        f"{env}/bin/mypy",
    ]


PIP = "ROOT/.venv/bin/python -m pip install -q --disable-pip-version-check -e ROOT"


def test_stock_debian_as_root_installs_tk_and_venv_makes_the_venv_installs_and_runs_mapref(tmp_path):
    co = Checkout(tmp_path, state=())  # Debian's python3: no tkinter, no ensurepip (venv)
    rc, err, calls = co.run("run-mapref", "maps/x.toml", "--flag")
    assert rc == 0, err
    assert calls == [
        APT_UPDATE,
        "apt-get install -y -q python3-tk python3-venv",
        "BIN/python3 -m venv ROOT/.venv",
        PIP,
        "ROOT/.venv/bin/mapref maps/x.toml --flag",
    ]
    assert err == [
        "run-mapref: installing python3-tk python3-venv (apt-get install -y python3-tk python3-venv) ...",
        f"run-mapref: making the virtual environment {co.root}/.venv with BIN/python3 ...".replace("BIN", str(co.bin)),
        f"run-mapref: installing mapref into {co.root}/.venv (pip) ...",
    ]
    # A second run changes nothing: no package manager, no venv, no pip, one probe; mapref starts.
    rc, err, calls = co.run("run-mapref")
    assert rc == 0 and err == []
    assert calls == ["ROOT/.venv/bin/mapref"]
    assert co.probes == ["ROOT/.venv/bin/python probe"]


def test_not_root_installs_with_sudo(tmp_path):
    co = Checkout(tmp_path, state=("ensurepip",), have=("apt-get", "sudo", "Xvfb"), uid=1000)
    rc, err, calls = co.run("run-mapref")
    assert rc == 0, err
    assert calls[:4] == [
        "sudo env DEBIAN_FRONTEND=noninteractive apt-get update -q",
        APT_UPDATE,
        "sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q python3-tk",
        "apt-get install -y -q python3-tk",
    ]
    assert calls[4:] == ["BIN/python3 -m venv ROOT/.venv", PIP, "ROOT/.venv/bin/mapref"]
    assert err[0] == "run-mapref: installing python3-tk (sudo apt-get install -y python3-tk) ..."


def test_not_root_and_no_sudo_says_what_to_run_as_root_and_installs_nothing(tmp_path):
    co = Checkout(tmp_path, state=(), uid=1000)
    rc, err, calls = co.run("run-mapref")
    assert rc == 1 and calls == []
    assert err == [
        "run-mapref: missing tkinter and the venv module, and there is no sudo to install "
        "python3-tk python3-venv with; run by hand as root: apt-get update && apt-get install -y "
        "python3-tk python3-venv"
    ]
    assert not (co.root / ".venv").exists()


def test_tk_and_venv_present_no_venv_yet_installs_no_system_package(tmp_path):
    co = Checkout(tmp_path)
    rc, err, calls = co.run("run-mapref")
    assert rc == 0, err
    assert calls == ["BIN/python3 -m venv ROOT/.venv", PIP, "ROOT/.venv/bin/mapref"]


def test_venv_present_tkinter_missing_installs_only_tk(tmp_path):
    co = Checkout(tmp_path)
    assert co.run("run-mapref")[0] == 0
    (co.state / "tkinter").unlink()  # say python3-tk was removed since
    rc, err, calls = co.run("run-mapref")
    assert rc == 0, err
    assert calls == [APT_UPDATE, "apt-get install -y -q python3-tk", "ROOT/.venv/bin/mapref"]
    assert co.probes == ["ROOT/.venv/bin/python probe", "ROOT/.venv/bin/python probe"]  # asked again after


def test_a_venv_left_without_pip_is_made_again_once_the_venv_module_is_installed(tmp_path):
    co = Checkout(tmp_path, state=("tkinter",))
    rc, err, calls = co.run("run-mapref")  # as if python3 -m venv had been run by hand before
    assert rc == 0, err
    assert calls[:3] == [APT_UPDATE, "apt-get install -y -q python3-venv", "BIN/python3 -m venv ROOT/.venv"]
    (co.root / ".venv" / "bin" / "pip").unlink()
    (co.root / ".venv" / ".mapref-installed").unlink()
    rc, err, calls = co.run("run-mapref")
    assert rc == 0, err
    assert calls == ["BIN/python3 -m venv ROOT/.venv", PIP, "ROOT/.venv/bin/mapref"]


def test_venv_module_missing_when_the_venv_is_already_there_installs_nothing(tmp_path):
    co = Checkout(tmp_path)
    assert co.run("run-mapref")[0] == 0
    (co.state / "ensurepip").unlink()
    rc, err, calls = co.run("run-mapref")
    assert (rc, err, calls) == (0, [], ["ROOT/.venv/bin/mapref"])


def test_a_failed_system_install_is_one_line_with_what_to_run(tmp_path):
    co = Checkout(tmp_path, state=("ensurepip", "os-offline"))
    rc, err, calls = co.run("run-mapref")
    assert rc == 1
    assert calls == [APT_UPDATE, "apt-get install -y -q python3-tk"]
    assert err[-1] == (
        "run-mapref: could not install python3-tk (E: Unable to locate package python3-tk); "
        "run by hand: apt-get update && apt-get install -y python3-tk"
    )
    assert not (co.root / ".venv").exists()


def test_a_failed_pip_install_is_one_line_and_is_tried_again_next_time(tmp_path):
    co = Checkout(tmp_path, state=("tkinter", "ensurepip", "pip-offline"))
    rc, err, calls = co.run("run-mapref")
    assert rc == 1
    assert calls == ["BIN/python3 -m venv ROOT/.venv", PIP]
    assert err[-1] == (
        f"run-mapref: could not install mapref into {co.root}/.venv (ERROR: No matching distribution "
        f"found for setuptools>=68); run by hand: {co.root}/.venv/bin/python -m pip install -e "
        f"'{co.root}'"
    )
    (co.state / "pip-offline").unlink()
    rc, err, calls = co.run("run-mapref")
    assert rc == 0 and calls == [PIP, "ROOT/.venv/bin/mapref"]


def test_fedora_uses_dnf_with_fedoras_names(tmp_path):
    co = Checkout(tmp_path, state=(), have=("dnf",))
    rc, err, calls = co.run("run-tests")
    assert rc == 0, err
    assert calls[0] == (
        "dnf install -y -q python3-tkinter python3-libs python-pip-wheel xorg-x11-server-Xvfb "
        "xorg-x11-xauth twm chromium"
    )
    assert calls[1:3] == ["BIN/python3 -m venv ROOT/.venv", PIP + "[test]"]


def test_macos_says_what_to_run_with_brew_and_installs_nothing(tmp_path):
    co = Checkout(tmp_path, state=("ensurepip",), uname="Darwin")
    rc, err, calls = co.run("run-mapref")
    assert (rc, calls) == (1, [])
    assert err == ["run-mapref: missing tkinter; run by hand: brew install python-tk@3.11, then run-mapref again"]


def test_a_python_of_its_own_without_tkinter_gets_no_system_package(tmp_path):
    co = Checkout(tmp_path, state=("ensurepip", "not-system"))  # say pyenv's, built without Tk
    rc, err, calls = co.run("run-mapref")
    assert (rc, calls) == (1, [])
    assert len(err) == 1 and "has no tkinter, and it is not the system's own Python" in err[0]
    assert "MAPREF_PYTHON=/usr/bin/python3" in err[0]


def test_a_python_too_old_is_named(tmp_path):
    co = Checkout(tmp_path)
    (co.state / "version").write_text("3.10")
    rc, err, calls = co.run("run-mapref")
    assert (rc, calls) == (1, [])
    assert err == [
        "run-mapref: mapref needs Python 3.11 or newer and python3 is Python 3.10: install a newer one, "
        "then run again with MAPREF_PYTHON=python3.11 (or newer)"
    ]


def test_no_python3_at_all_is_named(tmp_path):
    co = Checkout(tmp_path)
    (co.bin / "python3").unlink()
    rc, err, calls = co.run("run-mapref")
    assert (rc, calls) == (1, [])
    assert len(err) == 1 and err[0].startswith("run-mapref: there is no python3 on the PATH: install Python 3.11")


def test_run_tests_installs_xvfb_chromium_and_the_test_extra_and_passes_arguments_to_pytest(tmp_path):
    co = Checkout(tmp_path, have=("apt-get",))
    rc, err, calls = co.run("run-tests", "-k", "supply and not slow", "-x")
    assert rc == 0, err
    assert calls == [
        APT_UPDATE,
        "apt-get install -y -q xvfb xauth twm chromium",
        "BIN/python3 -m venv ROOT/.venv",
        PIP + "[test]",
        *habits(),
        "ROOT/.venv/bin/python -m pytest -n auto --dist worksteal --durations=10 -k supply and not slow -x",
    ]
    assert (co.bin / "Xvfb").exists() and (co.bin / "chromium").exists()
    # Installed with the test extra, mapref needs nothing more for run-mapref, nor again for run-tests.
    assert co.run("run-mapref")[2] == ["ROOT/.venv/bin/mapref"]
    assert co.run("run-tests")[2] == [
        *habits(),
        "ROOT/.venv/bin/python -m pytest -n auto --dist worksteal --durations=10",
    ]
    # one process when asked (-n 0, or a debugger), the rest as given
    assert co.run("run-tests", "-n", "0", "--slow")[2] == [
        *habits(),
        "ROOT/.venv/bin/python -m pytest --durations=10 -n 0 --slow",
    ]
    assert co.run("run-tests", "--pdb")[2] == [*habits(), "ROOT/.venv/bin/python -m pytest --durations=10 --pdb"]


def test_run_tests_after_run_mapref_adds_the_test_extra(tmp_path):
    co = Checkout(tmp_path)
    assert co.run("run-mapref")[2] == ["BIN/python3 -m venv ROOT/.venv", PIP, "ROOT/.venv/bin/mapref"]
    assert co.run("run-tests")[2] == [
        PIP + "[test]",
        *habits(),
        "ROOT/.venv/bin/python -m pytest -n auto --dist worksteal --durations=10",
    ]


def test_a_change_to_pyproject_installs_again(tmp_path):
    co = Checkout(tmp_path)
    assert co.run("run-mapref")[0] == 0
    with open(co.root / "pyproject.toml", "a") as f:
        f.write("\n# a new dependency\n")
    assert co.run("run-mapref")[2] == [PIP, "ROOT/.venv/bin/mapref"]
    assert co.run("run-mapref")[2] == ["ROOT/.venv/bin/mapref"]


def test_mapref_python_named_after_dot_venv_was_made_makes_it_again_and_says_so(tmp_path):
    # issue 33: MAPREF_PYTHON was silently ignored once .venv existed (nothing recorded which
    # Python made it)
    co = Checkout(tmp_path)
    assert co.run("run-mapref")[0] == 0
    co.stub("python3.12", PYTHON)
    rc, err, calls = co.run("run-mapref", python="python3.12")
    assert rc == 0, err
    assert calls == ["BIN/python3.12 -m venv ROOT/.venv", PIP, "ROOT/.venv/bin/mapref"]
    assert any("was made with python3" in e and "making it again with python3.12" in e for e in err), err
    rc, err, calls = co.run("run-mapref", python="python3.12")  # made with it now: kept
    assert (rc, calls) == (0, ["ROOT/.venv/bin/mapref"])


def test_an_active_virtual_environment_is_used_instead_of_dot_venv(tmp_path):
    co = Checkout(tmp_path, state=("ensurepip",))  # no tkinter: the system's python3-tk serves the venv too
    venv = tmp_path / "ci-venv"
    (venv / "bin").mkdir(parents=True)
    shutil.copy2(co.bin / "python3", venv / "bin" / "python")
    rc, err, calls = co.run("run-tests", "-q", venv=venv)
    assert rc == 0, err
    assert calls == [
        APT_UPDATE,
        "apt-get install -y -q python3-tk",
        "TMP/ci-venv/bin/python -m pip install -q --disable-pip-version-check -e ROOT[test]",
        *habits("TMP/ci-venv"),
        "TMP/ci-venv/bin/python -m pytest -n auto --dist worksteal --durations=10 -q",
    ]
    assert co.probes == ["TMP/ci-venv/bin/python probe"] * 2
    assert not (co.root / ".venv").exists()


def test_something_in_the_way_of_dot_venv_is_left_alone(tmp_path):
    co = Checkout(tmp_path)
    (co.root / ".venv").mkdir()
    (co.root / ".venv" / "notes.txt").write_text("mine")
    rc, err, calls = co.run("run-mapref")
    assert (rc, calls) == (1, [])
    assert err == [
        f"run-mapref: {co.root}/.venv is in the way and is not a virtual environment: move it away, "
        "then run-mapref again"
    ]
    assert (co.root / ".venv" / "notes.txt").read_text() == "mine"


def test_the_probe_reads_this_python():
    """The probe's question, asked of the real interpreter running the tests (which has tkinter,
    since the GUI tests run with it)."""
    code = (
        f'. "{ROOT}/tools/setup.sh"; _mapref_probe "{sys.executable}"; '
        'echo "$P_VERSION $P_VERSION_OK $P_TKINTER $P_ENSUREPIP $P_SYSTEM $P_EXE"'
    )
    r = subprocess.run([BASH, "-c", code], capture_output=True, text=True, check=True)
    version, ok, tk, ensurepip, system, exe = r.stdout.split()
    assert version == "{}.{}".format(*sys.version_info[:2]) and ok == "1" and tk == "1"
    import importlib.util

    assert ensurepip == str(int(importlib.util.find_spec("ensurepip") is not None))
    assert system == str(int(sys.base_prefix == "/usr"))
    # the same interpreter, though perhaps spelt otherwise: run as ../.venv/bin/python, the tests'
    # sys.executable keeps the "..", the probe's own is normalised
    assert os.path.isabs(exe) and os.path.samefile(exe, sys.executable)


def test_run_tests_with_xvfb_installs_only_chromium_for_the_browser_tests(tmp_path):
    co = Checkout(tmp_path, have=("apt-get", "Xvfb"))
    rc, err, calls = co.run("run-tests")
    assert rc == 0, err
    assert calls[:2] == [APT_UPDATE, "apt-get install -y -q chromium"]
    assert err[0] == "run-tests: installing chromium (apt-get install -y chromium) ..."
    assert co.probes == ["BIN/python3 probe"]  # Chromium is no Python module: the interpreter is not asked again
    assert co.run("run-tests")[2] == [
        *habits(),
        "ROOT/.venv/bin/python -m pytest -n auto --dist worksteal --durations=10",
    ]
