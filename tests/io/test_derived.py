"""The disk store of what mapref works out from a map alone (mapref.io.derived): the newest
KEEP entries stay, older ones go."""

import os

from mapref.io.derived import KEEP, DiskStore


def test_the_newest_entries_stay_and_the_oldest_go(tmp_path):
    store = DiskStore(tmp_path)
    n = KEEP + 3
    for i in range(n):
        store.put(f"k{i}", [i])
        os.utime(tmp_path / f"k{i}.marshal", (1_000_000 + i, 1_000_000 + i))  # written in this order
    store.put(f"k{n - 1}", [n - 1])  # (the last write prunes with every time set)
    kept = sorted(int(p.stem[1:]) for p in tmp_path.glob("*.marshal"))
    assert kept == list(range(n - KEEP, n))
    assert store.get("k0") is None and store.get(f"k{n - 1}") == [n - 1]
