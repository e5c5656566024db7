# shellcheck shell=bash
# The set-up shared by tools/run-mapref and tools/run-tests: sourced by them, not run.
#
# mapref_setup [test] makes sure there is a Python environment with mapref installed in it, and
# sets MAPREF_ENV to it:
#   - the environment is the active virtual environment when one is active (VIRTUAL_ENV set, as
#     in CI's fresh venv or after `. .venv/bin/activate`), else .venv in the checkout, made on
#     first use with python3 (or the Python named by MAPREF_PYTHON);
#   - the operating system's packages it cannot do without are installed when missing: Tk for
#     Python (python3-tk), the venv module (python3-venv) and, for the tests, Xvfb and Chromium
#     (the web page's tests open it in a real browser, driven by Playwright); through
#     apt-get (Debian, Ubuntu) or dnf (Fedora), with sudo when not root; on macOS it says what
#     to run;
#   - mapref is installed into the environment, editable, with its test extra for `test`, and
#     not again until pyproject.toml changes.
# A second run asks Python one question and changes nothing. Anything that cannot be done stops
# the calling script with one line saying what to run by hand, and exit status 1.
#
# Written for bash 3.2 (macOS) too: no associative arrays, no empty "${array[@]}".
# tests/test_setup_script.py checks these decisions with stub commands on the PATH.

mapref_root=$(cd "${BASH_SOURCE[0]%/*}/.." && pwd)
mapref_me=${0##*/}

_mapref_say() { echo "$mapref_me: $*" >&2; }
_mapref_fail() { _mapref_say "$*"; exit 1; }

# _mapref_run WHAT HINT COMMAND...: runs COMMAND with its output put aside; if it fails, stops
# with "could not WHAT (its last error line); run by hand: HINT".
_mapref_run() {
  local what=$1 hint=$2 log why
  shift 2
  log=$(mktemp "${TMPDIR:-/tmp}/mapref-setup.XXXXXX")
  if "$@" >"$log" 2>&1; then
    rm -f "$log"
    return 0
  fi
  # The reason: apt's or pip's own last error line (pip's may be indented, from a subprocess)
  # before a generic "error: subprocess-exited-with-error", else the last line printed.
  why=$(grep -E '^[[:space:]]*(E|ERROR):' "$log" | tail -n 1)
  [ -n "$why" ] || why=$(grep -E '^[[:space:]]*([Ee]rror|fatal):' "$log" | tail -n 1)
  [ -n "$why" ] || why=$(grep -v '^[[:space:]]*$' "$log" | tail -n 1)
  why=${why#"${why%%[![:space:]]*}"}
  rm -f "$log"
  _mapref_fail "could not $what (${why:-it printed nothing}); run by hand: $hint"
}

# _mapref_probe PYTHON: asks it, in one run, what the set-up needs to know. Sets P_VERSION,
# P_VERSION_OK, P_TKINTER, P_ENSUREPIP (1 or 0), P_SYSTEM (1 for the operating system's own
# Python, whose Tk and venv modules come from system packages) and P_EXE. Fails if it won't run.
_mapref_probe() {
  local out key value
  out=$("$1" -c '# mapref-probe
import sys
print("VERSION=%d.%d" % sys.version_info[:2])
print("VERSION_OK=%d" % (sys.version_info >= (3, 11)))  # pyproject.toml: requires-python
for name in ("tkinter", "ensurepip"):
    try:
        __import__(name)
        print(name.upper() + "=1")
    except Exception:
        print(name.upper() + "=0")
print("SYSTEM=%d" % (sys.base_prefix == "/usr"))
print("EXE=" + sys.executable)
' 2>/dev/null) || return 1
  P_VERSION=; P_VERSION_OK=0; P_TKINTER=0; P_ENSUREPIP=0; P_SYSTEM=0; P_EXE=$1
  while IFS='=' read -r key value; do
    case $key in
      VERSION) P_VERSION=$value ;;
      VERSION_OK) P_VERSION_OK=$value ;;
      TKINTER) P_TKINTER=$value ;;
      ENSUREPIP) P_ENSUREPIP=$value ;;
      SYSTEM) P_SYSTEM=$value ;;
      EXE) P_EXE=$value ;;
    esac
  done <<<"$out"
  [ -n "$P_VERSION" ]
}

# _mapref_os_install NEEDS: installs the system packages for NEEDS (words among tk, venv, xvfb, chromium),
# or stops with what to run by hand.
_mapref_os_install() {
  local needs=" $1 " what="" pywhat="" pkgs="" sudo="" hint need
  case $needs in *" tk "*) pywhat="tkinter" ;; esac
  case $needs in *" venv "*) pywhat="${pywhat:+$pywhat and }the venv module" ;; esac
  what=$pywhat
  case $needs in *" xvfb "*) what="${what:+$what and }Xvfb" ;; esac
  case $needs in *" chromium "*) what="${what:+$what and }Chromium" ;; esac
  if [ "$(uname -s)" = Darwin ]; then
    for need in $needs; do
      case $need in
        tk) pkgs="$pkgs python-tk@$P_VERSION" ;;
        venv) pkgs="$pkgs python@$P_VERSION" ;;
        xvfb) pkgs="$pkgs --cask xquartz" ;;
        chromium) pkgs="$pkgs --cask chromium" ;;
      esac
    done
    _mapref_fail "missing $what; run by hand: brew install${pkgs}, then $mapref_me again"
  fi
  if [ -n "$pywhat" ] && [ "$P_SYSTEM" != 1 ]; then
    _mapref_fail "$P_EXE (Python $P_VERSION) has no $pywhat, and it is not the system's own Python, so no system package adds it: rebuild it with them, or run with MAPREF_PYTHON=/usr/bin/python3 (and no .venv made by it)"
  fi
  [ "$(id -u)" = 0 ] || sudo="sudo "
  if command -v apt-get >/dev/null 2>&1; then
    for need in $needs; do
      case $need in
        tk) pkgs="$pkgs python3-tk" ;;
        venv) pkgs="$pkgs python3-venv" ;;
        xvfb) pkgs="$pkgs xvfb xauth twm" ;;  # twm: a light window manager for the tests of menus and focus
        chromium) pkgs="$pkgs chromium" ;;
      esac
    done
    pkgs=${pkgs# }
    hint="${sudo}apt-get update && ${sudo}apt-get install -y $pkgs"
  elif command -v dnf >/dev/null 2>&1; then
    for need in $needs; do
      case $need in
        tk) pkgs="$pkgs python3-tkinter" ;;
        venv) pkgs="$pkgs python3-libs python-pip-wheel" ;;  # Fedora's venv module and ensurepip's pip
        xvfb) pkgs="$pkgs xorg-x11-server-Xvfb xorg-x11-xauth twm" ;;
        chromium) pkgs="$pkgs chromium" ;;
      esac
    done
    pkgs=${pkgs# }
    hint="${sudo}dnf install -y $pkgs"
  else
    _mapref_fail "missing $what, and there is neither apt-get nor dnf here: install them with the system's package manager, then $mapref_me again"
  fi
  if [ -n "$sudo" ] && ! command -v sudo >/dev/null 2>&1; then
    _mapref_fail "missing $what, and there is no sudo to install $pkgs with; run by hand as root: ${hint//sudo /}"
  fi
  _mapref_say "installing $pkgs (${hint##* && }) ..."
  # shellcheck disable=SC2086  # $sudo and $pkgs are lists of words
  if command -v apt-get >/dev/null 2>&1; then
    _mapref_run "install $pkgs" "$hint" $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -q
    _mapref_run "install $pkgs" "$hint" $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q $pkgs
  else
    _mapref_run "install $pkgs" "$hint" $sudo dnf install -y -q $pkgs
  fi
  hash -r
}

# _mapref_chromium: is there a Chromium for the browser tests (Debian's chromium, Fedora's
# chromium-browser; tests/render/conftest.py finds it the same way)?
_mapref_chromium() {
  command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1
}

# What .mapref-installed holds once mapref is installed from this checkout with EXTRA.
_mapref_stamp() {
  printf 'root=%s\nextra=%s\n' "$mapref_root" "$1"
  cat "$mapref_root/pyproject.toml"
}

mapref_setup() {
  local extra=${1:-} py=${MAPREF_PYTHON:-python3} env base need_venv=0 needs="" stamp have spec made_by
  # 1. Which environment, and which Python to ask.
  if [ -n "${VIRTUAL_ENV:-}" ] && [ -x "$VIRTUAL_ENV/bin/python" ]; then
    env=$VIRTUAL_ENV
  else
    env=$mapref_root/.venv
    # A venv made while the venv module was missing has a python but no pip: it is made again.
    { [ -x "$env/bin/python" ] && [ -e "$env/bin/pip" ]; } || need_venv=1
  fi
  base=$env/bin/python
  # A .venv made by another Python than MAPREF_PYTHON names is made again with that one (its
  # record .mapref-python says which made it; none: python3, or by hand), never silently kept.
  if [ $need_venv = 0 ] && [ "$env" = "$mapref_root/.venv" ] && [ -n "${MAPREF_PYTHON:-}" ]; then
    made_by=$(cat "$env/.mapref-python" 2>/dev/null || echo "python3 (or by hand)")
    if [ "$made_by" != "$MAPREF_PYTHON" ]; then
      _mapref_say "$env was made with $made_by: making it again with $MAPREF_PYTHON"
      need_venv=1
    fi
  fi
  if [ $need_venv = 0 ] && ! _mapref_probe "$base"; then
    [ "$env" = "$mapref_root/.venv" ] ||
      _mapref_fail "the active virtual environment's python ($base) does not run: deactivate it, then $mapref_me again"
    need_venv=1
  fi
  if [ $need_venv = 1 ]; then
    base=$py
    command -v "$py" >/dev/null 2>&1 ||
      _mapref_fail "there is no $py on the PATH: install Python 3.11 or newer (Debian, Ubuntu: apt-get install python3; Fedora: dnf install python3), then $mapref_me again"
    _mapref_probe "$py" ||
      _mapref_fail "$py does not run: install Python 3.11 or newer, or name one with MAPREF_PYTHON=, then $mapref_me again"
  fi
  if [ "$P_VERSION_OK" != 1 ]; then
    [ $need_venv = 1 ] ||
      _mapref_fail "mapref needs Python 3.11 or newer and $env was made with Python $P_VERSION: remove it (or deactivate it), then run again with MAPREF_PYTHON=python3.11 (or newer)"
    _mapref_fail "mapref needs Python 3.11 or newer and $py is Python $P_VERSION: install a newer one, then run again with MAPREF_PYTHON=python3.11 (or newer)"
  fi

  # 2. The operating system's packages.
  [ "$P_TKINTER" = 1 ] || needs="tk"
  [ $need_venv = 0 ] || [ "$P_ENSUREPIP" = 1 ] || needs="$needs venv"
  [ "$extra" != test ] || command -v Xvfb >/dev/null 2>&1 || needs="$needs xvfb"
  [ "$extra" != test ] || _mapref_chromium || needs="$needs chromium"
  needs=${needs# }
  if [ -n "$needs" ]; then
    _mapref_os_install "$needs"
    if [ "${needs% chromium}" != xvfb ] && [ "$needs" != chromium ]; then
      _mapref_probe "$base" || _mapref_fail "$base does not run after installing system packages"
      [ "$P_TKINTER" = 1 ] ||
        _mapref_fail "$P_EXE still has no tkinter after installing Tk for Python: run with MAPREF_PYTHON=/usr/bin/python3"
      [ $need_venv = 0 ] || [ "$P_ENSUREPIP" = 1 ] ||
        _mapref_fail "$P_EXE still has no venv module after installing it: run with MAPREF_PYTHON=/usr/bin/python3"
    fi
    [ "$extra" != test ] || command -v Xvfb >/dev/null 2>&1 || _mapref_fail "Xvfb is still missing after installing it"
    [ "$extra" != test ] || _mapref_chromium || _mapref_fail "Chromium is still missing after installing it"
  fi

  # 3. The virtual environment.
  if [ $need_venv = 1 ]; then
    [ ! -e "$env" ] || [ -f "$env/pyvenv.cfg" ] ||
      _mapref_fail "$env is in the way and is not a virtual environment: move it away, then $mapref_me again"
    rm -rf "$env"
    _mapref_say "making the virtual environment $env with $P_EXE ..."
    _mapref_run "make $env" "$base -m venv $env" "$base" -m venv "$env"
    printf '%s\n' "$py" >"$env/.mapref-python"  # which Python made it (MAPREF_PYTHON above)
  fi

  # 4. mapref in it; installed again only when pyproject.toml (its dependencies) changes. An
  # install with the test extra serves run-mapref too.
  stamp=$env/.mapref-installed
  have=$(cat "$stamp" 2>/dev/null || true)
  if [ ! -x "$env/bin/mapref" ] ||
    { [ "$have" != "$(_mapref_stamp "$extra")" ] && { [ -n "$extra" ] || [ "$have" != "$(_mapref_stamp test)" ]; }; }; then
    spec="$mapref_root${extra:+[$extra]}"
    _mapref_say "installing mapref${extra:+[$extra]} into $env (pip) ..."
    _mapref_run "install mapref into $env" "$env/bin/python -m pip install -e '$spec'" \
      "$env/bin/python" -m pip install -q --disable-pip-version-check -e "$spec"
    _mapref_stamp "$extra" >"$stamp"
  fi
  # shellcheck disable=SC2034  # read by the calling script
  MAPREF_ENV=$env
}
