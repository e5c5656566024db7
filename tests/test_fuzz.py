"""tools/fuzz.py: a few hundred generated files through every command, and the harness itself.

The full run (10,000 cases, every family) is the script's, quoted in docs/reliability.md.  Here
400 seeded cases of every family but ``big`` (files of 16 MiB: seconds each) must end in a
result or a clean error: no internal error, no hang, no blow-up, and nothing written that
``mapref check`` refuses.  Every file kind mapref reads is among them: hex and area maps,
scenarios and games of every ruleset, logs, crash journals, GeoJSON, background images, through
every verb and the windows' open path.
"""

import importlib.util
import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
spec = importlib.util.spec_from_file_location("mapref_fuzz", ROOT / "tools" / "fuzz.py")
fuzz = importlib.util.module_from_spec(spec)
sys.modules["mapref_fuzz"] = fuzz
spec.loader.exec_module(fuzz)

FAMILIES = tuple(f for f in fuzz.FAMILIES if f != "big")


@pytest.mark.slow  # ./tools/run-tests --slow (docs/testing.md)
def test_four_hundred_generated_cases_end_in_a_result_or_a_clean_error():
    report = fuzz.run(n=400, seed=2024, families=FAMILIES, cpu=10, memory_mb=1024, wall=120)
    assert report.total == 400
    failures = {k: [c.id for c in v] for k, v in report.signatures.items() if k[0] in ("internal", "hang", "blowup")}
    assert failures == {}, report.table()
    assert report.count("ok") >= 30 and report.count("error") >= 100, report.table()  # both paths exercised
    assert len(report.counts) == len(FAMILIES)


def _case(i, argv=("check", "x.toml"), **kw):
    return fuzz.Case(i, "harness", {"x.toml": b"format = 1\n"}, list(argv), "a test of the harness", **kw)


def test_the_harness_tells_each_outcome_apart(tmp_path):
    """A hang, a blow-up, an internal error, a messy and a clean error, each made on purpose."""

    def entry(argv):
        what = argv[0]
        if what == "spin":
            while True:
                pass
        if what == "sleep":
            os.read(os.open(str(tmp_path / "fifo"), os.O_RDONLY), 1)  # blocks: nobody writes
        if what == "eat":
            hog = []
            while True:
                hog.append(bytearray(50 << 20))
        if what == "raise":
            raise KeyError("a bug")
        if what == "messy":
            print("x.toml:1:1: a\x1b[31m raw escape", file=sys.stderr)
            return 1
        if what == "loose":
            print("Something went wrong", file=sys.stderr)
            return 1
        if what == "clean":
            print("x.toml:1:1: format: expected 1, got 2", file=sys.stderr)
            return 1
        if what == "fat":  # returns fine, but its resident memory passed the budget
            hog = b"\x01" * (150 << 20)
            return len(hog) and 0
        if what == "litter":
            Path(".x.toml.mapref-tmp-1-abcd").write_text("")
            return 0
        return 0

    os.mkfifo(tmp_path / "fifo")
    cases = [
        _case(i, (w,))
        for i, w in enumerate(["spin", "sleep", "eat", "raise", "messy", "loose", "clean", "litter", "ok", "fat"])
    ]
    status = Path("/proc/self/status").read_text()
    now_mb = int(status.split("VmRSS:")[1].split()[0]) / 1024  # a forked child starts as big as this process is now
    # the hangs against a short wall-clock cap; the rest against a long one, so that a busy
    # machine, slow to run them, does not make them hangs
    hangs = fuzz.run_cases(cases[:2], tmp_path / "hangs", jobs=2, cpu=1, memory_mb=300, entry=entry, wall=3)
    report = fuzz.run_cases(
        cases[2:], tmp_path / "work", jobs=3, cpu=10, memory_mb=300, entry=entry, wall=120, rss_mb=now_mb + 100
    )
    got = {c.id: outcome for r in (hangs, report) for (outcome, _), cs in r.signatures.items() for c in cs}
    assert got == {0: "hang", 1: "hang", 2: "blowup", 3: "internal", 4: "messy", 5: "messy", 7: "messy", 9: "blowup"}
    assert report.counts["harness"]["error"] == 1 and report.counts["harness"]["ok"] == 1
    assert hangs.summary() == "2 cases: 0 internal errors, 2 hangs, 0 blow-ups (0 messy)"
    assert report.summary() == "8 cases: 1 internal errors, 0 hangs, 2 blow-ups (3 messy)"
    assert len(report.costs) == 8 and max(c.peak_mb for c, _ in report.costs) > now_mb + 100
