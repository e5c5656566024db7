"""The pictures of an imported TripleA map in docs/: Axis & Allies Global 1940 imported with
``mapref import-triplea`` and drawn with ``mapref render`` (the whole world, and Europe close up).

    python tools/triplea_screenshots.py ../shared/triplea/world_war_ii_global

Writes docs/triplea-global-1940.png and docs/triplea-global-1940-europe.png (rendered PNGs
reduced to 256 colours to keep them small).
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parents[1]


def mapref(*args: str) -> None:
    subprocess.run([sys.executable, "-m", "mapref", *args], check=True, cwd=ROOT)


def main(mapdir: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        t = Path(tmp)
        mapref("import-triplea", mapdir, "-o", str(t / "g40.toml"))
        mapref("render", str(t / "g40.toml"), "-o", str(t / "world.png"), "--size", "1800")
        mapref("render", str(t / "g40.toml"), "-o", str(t / "big.png"), "--size", "6000")
        world = Image.open(t / "world.png").convert("RGB")
        world.quantize(256).save(ROOT / "docs" / "triplea-global-1940.png", optimize=True)
        big = Image.open(t / "big.png").convert("RGB")
        w, h = big.size  # Europe and the Mediterranean: about a fifth of the world's width, from the top
        europe = big.crop((int(w * 0.30), int(h * 0.06), int(w * 0.30) + 1366, int(h * 0.06) + 768))
        europe.quantize(256).save(ROOT / "docs" / "triplea-global-1940-europe.png", optimize=True)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else str(ROOT.parent / "shared" / "triplea" / "world_war_ii_global"))
