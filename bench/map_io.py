"""How large a 200x200 map file is, and how long it takes to load and save.

Run: python bench/map_io.py [ROWS COLS]
Builds a map with varied terrain, 30 countries, 5 seas and a feature on one hex in ten, then
prints the file size and the median of several timed loads and saves.
"""

from __future__ import annotations

import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mapref.core.grid import Grid
from mapref.core.model import Country, MapModel, Sea
from mapref.io.mapfile import dumps_map, load_map, save_map


def build(rows: int, cols: int) -> MapModel:
    rnd = random.Random(1939)
    m = MapModel(grid=Grid(rows=rows, cols=cols), name=f"Benchmark {rows}x{cols}")
    for i in range(30):
        m.countries[f"c{i:02d}"] = Country(f"Country {i}", f"#{rnd.randrange(1 << 24):06x}", "unaligned")
    for i in range(5):
        m.seas[f"s{i}"] = Sea(f"Sea {i}", "#a8c8e8")
    for h, d in m.hexes.items():
        land = (h.col + 3 * rnd.random() * 10) % 40 > 12
        d.terrain = "land" if land else "sea"
        if land:
            d.country = f"c{(h.col // 7 + h.row // 9) % 30:02d}"
            if rnd.random() < 0.1:
                d.production = rnd.randint(1, 16)
            if rnd.random() < 0.03:
                d.name = f"Town {h.row}-{h.col}"
        else:
            d.sea = f"s{(h.row // 40) % 5}"
    return m


def timed(fn, n: int) -> float:
    times = []
    for _ in range(n):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def main() -> None:
    rows, cols = (int(sys.argv[1]), int(sys.argv[2])) if len(sys.argv) == 3 else (200, 200)
    m = build(rows, cols)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "big.toml"
        save_map(m, path)
        size = path.stat().st_size
        t_load = timed(lambda: load_map(path), 5)
        loaded = load_map(path)
        t_dump = timed(lambda: dumps_map(loaded), 5)
        t_save = timed(lambda: save_map(loaded, path), 5)
        same = dumps_map(load_map(path)) == path.read_text(encoding="utf-8")
    print(f"map {rows}x{cols}: {rows * cols} hexes")
    print(f"file size: {size / 1024:.0f} KiB")
    print(f"load (parse + validate): {t_load * 1000:.0f} ms")
    print(f"serialise: {t_dump * 1000:.0f} ms")
    print(f"save (serialise + atomic write + fsync): {t_save * 1000:.0f} ms")
    print(f"round trip exact: {same}")


if __name__ == "__main__":
    main()
