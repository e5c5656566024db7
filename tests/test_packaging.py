"""`pip install .` from an sdist or a wheel: every module of mapref/ and the shipped maps,
scenarios and icons are in it, and a regular (not editable) install opens the Hitler's War map
from outside the checkout.

The sdist and the wheel are built the way pip builds them (setuptools' PEP 517 hooks, the wheel
from the unpacked sdist), from a copy of the sources, with the setuptools of the test extra and
no network. The wheel is installed into a new virtual environment that finds mapref's
dependencies in this one.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tarfile
import shutil
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ("maps", "scenarios", "icons")


def _hook(src: Path, hook: str, out: Path) -> Path:
    out.mkdir(exist_ok=True)
    code = f"from setuptools import build_meta as b; print(b.{hook}({str(out)!r}))"
    r = subprocess.run([sys.executable, "-c", code], cwd=src, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr[-3000:]
    return out / r.stdout.strip().splitlines()[-1]


def test_sdist_and_wheel_carry_every_module_and_the_data_and_a_regular_install_runs(tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, src / name)
    for d in ("mapref", *DATA):
        shutil.copytree(ROOT / d, src / d, ignore=shutil.ignore_patterns("__pycache__"))
    modules = {p.relative_to(ROOT).as_posix() for p in (ROOT / "mapref").rglob("*.py")}
    data = {f"{d}/{p.name}" for d in DATA for p in (ROOT / d).iterdir() if p.suffix in (".toml", ".png")}
    assert {"maps/hitlers_war.toml", "scenarios/barbarossa.toml", "icons/paint.png"} <= data

    sdist = _hook(src, "build_sdist", tmp_path / "dist")
    with tarfile.open(sdist) as t:
        top = t.getnames()[0].split("/")[0]
        in_sdist = {n.split("/", 1)[1] for n in t.getnames() if "/" in n}
        t.extractall(tmp_path / "unpacked", **({"filter": "data"} if hasattr(tarfile, "data_filter") else {}))
    assert modules <= in_sdist, sorted(modules - in_sdist)
    assert data <= in_sdist, sorted(data - in_sdist)

    wheel = _hook(tmp_path / "unpacked" / top, "build_wheel", tmp_path / "wheel")
    names = set(zipfile.ZipFile(wheel).namelist())
    assert {n for n in names if n.startswith("mapref/")} == modules
    shared = {n.split(".data/data/share/mapref/", 1)[1] for n in names if ".data/data/share/mapref/" in n}
    assert shared == data

    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(venv / "bin" / "python"),
            "install",
            "-q",
            "--no-deps",
            "--no-index",
            "--disable-pip-version-check",
            str(wheel),
        ],
        check=True,
    )
    # mapref's dependencies, from this environment (a .pth line adds a folder, not its .pth files)
    import PIL
    import shapely
    import tomli_w

    site = next((venv / "lib").glob("python3*/site-packages"))
    (site / "deps.pth").write_text("".join(f"{Path(m.__file__).parent.parent}\n" for m in (PIL, shapely, tomli_w)))

    outside = tmp_path / "elsewhere"
    outside.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    r = subprocess.run(
        [
            str(venv / "bin" / "python"),
            "-c",
            "import mapref, mapref.paths as p; print(mapref.__file__); print(p.data_dir('maps'))",
        ],
        cwd=outside,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    assert r.stdout.split() == [str(site / "mapref" / "__init__.py"), str(venv / "share" / "mapref" / "maps")]
    r = subprocess.run(
        [str(venv / "bin" / "mapref")],
        cwd=outside,
        env={**env, "MAPREF_EXIT_AFTER_MS": "500"},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "window: Barbarossa (new game) - mapref referee"
