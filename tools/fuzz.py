#!/usr/bin/env python3
"""Feed generated files of every kind mapref reads through every command and count what happens.

    python3 tools/fuzz.py [-n 10000] [--seed 15] [--jobs 1] [--time 10] [--memory 1024] [--wall S]
                          [--families map,scenario,game,...] [--out DIR]

Each case is a folder of files and one command line.  The files: hex and area maps, scenarios
and games of every ruleset (with their logs), the crash journals their windows leave, GeoJSON,
background images; shipped or made with ``mapref new-game``, mutated as text, as TOML or JSON
data, or by hand (a journal torn, a log's undo patch bent, features made to overlap, a PNG whose
header claims 100,000 x 100,000 pixels), or special (a FIFO, /dev/zero, a folder, a looping or
planted link, a sparse file past the size cap), or big (up to the 16 MiB and two-million-item
caps).  The commands: every ``mapref`` command, every verb of every ruleset with its own
options (from the moves table), and ``@open FILE yes|no``: the windows' open path without a
screen (:func:`window_open`: the referee's ``load_for_play`` with its crash-journal question
answered, what it recovered saved as Ctrl+S saves it; a map's background read as the editors
read it).  Families (``--families``): map, map_struct, scenario, game, game_args, refs, random,
render, other_game, verbs, log, journal, geojson, image, window, big.

The command runs *in process* (``mapref.cli.main(argv)``) in a child forked from this process,
with its standard output and error in files, a CPU time cap (RLIMIT_CPU) and a memory cap
(RLIMIT_AS, on top of what the parent already maps); its CPU time, peak resident memory and
wall-clock time are measured (``wait4``).  Outcomes:

ok        exit 0 (what it wrote loads again with ``mapref check``)
error     exit 1, every line of the error form ``FILE[:LINE[:COL]]: ...`` or ``mapref: ...``
messy     exit 1, but a line is not of that form or holds a raw control character; or a
          failed command changed its file, a save left a temporary behind, a planted link was
          written through, or what a command wrote does not pass ``mapref check``
internal  exit 2 (an internal error), or an exception out of main()
hang      past the CPU cap, or the wall-clock cap (``--wall``; default three times the CPU cap
          and 5 s: raise it on a busy machine, where the CPU cap is the measure)
blowup    MemoryError, a peak resident memory past 1 GB, or the child died of a signal

Cases that end in neither ok nor error are kept under ``--out`` as reproducers: the files, the
command line (``cmd.txt``) and what happened (``result.txt``).  The last lines printed are the
costliest case's CPU, memory and time and ``N cases: X internal errors, Y hangs, Z blow-ups (M
messy)``.  tests/test_fuzz.py runs a few hundred cases; docs/reliability.md quotes the last full
run.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import random
import re
import resource
import shutil
import signal
import sys
import tempfile
import time
import tomllib
from collections import Counter, defaultdict
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass, field
from datetime import date, datetime, time as dtime, UTC
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

FAMILIES = (
    "map",
    "map_struct",
    "scenario",
    "game",
    "game_args",
    "refs",
    "random",
    "render",
    "other_game",
    "verbs",
    "log",
    "journal",
    "geojson",
    "image",
    "window",
    "big",
    "triplea",
    "trace",
    "newmap",
    "export",
    "outputs",
    "two",
)
WEIGHTS = {
    "map": 10,
    "map_struct": 6,
    "scenario": 7,
    "game": 12,
    "game_args": 7,
    "refs": 5,
    "random": 6,
    "render": 4,
    "other_game": 9,
    "verbs": 9,
    "log": 6,
    "journal": 8,
    "geojson": 9,
    "image": 5,
    "window": 7,
    "big": 2,
    "triplea": 7,
    "trace": 5,
    "newmap": 4,
    "export": 5,
    "outputs": 8,
    "two": 5,
}
OUTCOMES = ("ok", "error", "messy", "internal", "hang", "blowup")
SHIPPED_SCENARIOS = ("barbarossa", "fall_of_germany", "war_for_europe")
# the other games' scenarios (their own rulesets and maps), and moves that open a position up
OTHER_SCENARIOS = {
    "struggle_for_europe": [["move", "G", "ruhr", "sedan=1,2", "antwerp=3"], ["move", "G", "warsaw", "bialystok=1"]],
    "three_fronts": [["advance", "G"]],
    "aa_house_rules": [["take", "G", "Germany", "--by", "france"]],
    "war_for_europe_vp": [["advance", "G"]],
}

# ----------------------------------------------------------------------------- nasty values
CONTROL = "\x1b[31mred\x1b[0m\nforged.toml:1:1: x\r\x07\u202e\x00"
LABELS = [
    "E7",
    "e7",
    "E07",
    "E007",
    " E7",
    "E7 ",
    "e07",
    "Q13",
    "q13",
    "E٧",
    "Ｅ7",
    "E²",
    "७७",
    "A0",
    "A-1",
    "Z999",
    "AAAA1",
    "A" + "9" * 5000,
    "Ä1",
    "box:",
    "box:" + "x" * 300,
    "P10-Q10",
    "",
    "0",
    "0101",
    "٠١٠١",
    CONTROL,
    "E7\n",
]


ARG_LABELS = [x.replace("\x00", "") for x in LABELS]  # a command line holds no NUL


def toml_str(s: str) -> str:
    return json.dumps(s, ensure_ascii=False)


def nasty_fragment(rnd: random.Random) -> str:
    """A TOML value, as source text, that a loader should refuse (or survive)."""
    pick = rnd.randrange(30)
    d = rnd.choice([5, 33, 40, 120, 400, 600, 2000])
    return [
        lambda: "true",
        lambda: "false",
        lambda: "0",
        lambda: "-1",
        lambda: "1e308",
        lambda: "-0.0",
        lambda: "nan",
        lambda: rnd.choice(["inf", "-inf", "+inf"]),
        lambda: "9" * rnd.choice([20, 4299, 4301, 6000]),
        lambda: "0x" + "f" * rnd.choice([17, 100, 5000]),
        lambda: '""',
        lambda: toml_str(CONTROL),
        lambda: toml_str(rnd.choice(LABELS)),
        lambda: "[]",
        lambda: "{}",
        lambda: "[" * d + "]" * d,
        lambda: "{a=" * d + "1" + "}" * d,
        lambda: toml_str("x" * rnd.choice([200, 100_000])),
        lambda: str(2**63),
        lambda: str(-(2**63) - 1),
        lambda: "1979-05-27T07:32:00Z",
        lambda: "07:32:00",
        lambda: "1979-05-27",
        lambda: '"/dev/zero"',
        lambda: toml_str("a" * 5000 + ".toml"),
        lambda: "[1, 2]",
        lambda: "[nan, inf]",
        lambda: "{ x = 1 }",
        lambda: "1.5",
        lambda: toml_str("\u0000"),
    ][pick]()


def nasty_value(rnd: random.Random, depth: int = 0) -> object:
    """A Python value for structured mutations."""
    pick = rnd.randrange(24)
    if pick == 0:
        return float("nan")
    if pick == 1:
        return rnd.choice([float("inf"), float("-inf"), 1e308, -0.0, 0.5])
    if pick == 2:
        return rnd.choice([0, -1, 1, 2**63, -(2**63), 10**4000, -(10**4000), 16**3000, 10**30])
    if pick == 3:
        return rnd.choice([True, False])
    if pick == 4:
        return rnd.choice(LABELS)
    if pick == 5:
        return CONTROL
    if pick == 6:
        return "x" * rnd.choice([0, 1, 500, 50_000])
    if pick == 7:
        v: object = 1
        for _ in range(rnd.choice([10, 31, 33, 80, 200])):  # deeper ones come as text (nasty_fragment)
            v = [v] if rnd.random() < 0.5 else {"a": v}
        return v
    if pick == 8:
        return rnd.choice([datetime(1941, 6, 22, 3, 15, tzinfo=UTC), date(1941, 6, 22), dtime(3, 15)])
    if pick == 9 and depth < 3:
        return [nasty_value(rnd, depth + 1) for _ in range(rnd.randrange(4))]
    if pick == 10 and depth < 3:
        return {
            rnd.choice(["x", "name", "at", "E7", "kind", "", CONTROL[:6]]): nasty_value(rnd, depth + 1)
            for _ in range(rnd.randrange(3))
        }
    if pick == 11:
        return rnd.choice(["hex", "scenario", "game", "HEX", "", "map"])
    if pick == 12:
        return rnd.choice(["summer 1941", "winter 99999", "spring -1", "autumn 1941", "summer 1941 x", "Summer 1941"])
    if pick == 13:
        return rnd.choice(["axis", "soviet", "allies", "none", "Axis", "neutral"])
    if pick == 14:
        return rnd.choice(
            ["/dev/zero", "/dev/null", ".", "..", "/", "missing.toml", "a" * 300, "map.toml", "game.toml"]
        )
    return rnd.choice([0, 1, 5, 99, 1000, -5, 3.5, "", "ge", "su", "L", "."])


def dump_toml(data: dict) -> str:
    """A TOML writer for anything a mutation makes (nan, inf, huge integers, dates): every
    top-level key on one line, nested values inline."""

    def key(k: str) -> str:
        return k if re.fullmatch(r"[A-Za-z0-9_-]+", k) else toml_str(k)

    def val(v: object) -> str:
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, int):
            if v.bit_length() > 14000:
                return hex(v) if v > 0 else "-" + "9" * 4000
            return str(v)
        if isinstance(v, float):
            return "nan" if v != v else ("inf" if v == float("inf") else ("-inf" if v == float("-inf") else repr(v)))
        if isinstance(v, str):
            return toml_str(v)
        if isinstance(v, (datetime, date, dtime)):
            return v.isoformat()
        if isinstance(v, list):
            return "[" + ", ".join(val(x) for x in v) + "]"
        if isinstance(v, dict):
            return "{ " + ", ".join(f"{key(k)} = {val(x)}" for k, x in v.items()) + " }" if v else "{}"
        raise TypeError(type(v))

    return "".join(f"{key(k)} = {val(v)}\n" for k, v in data.items())


# --------------------------------------------------------------------------------- mutations
_LABEL_TOKEN = re.compile(r"\b[A-U][0-9]{1,2}\b")
_NUMBER = re.compile(r"(?<![\w.])-?[0-9]+(?:\.[0-9]+)?(?![\w.])")


def mutate_text(text: str, rnd: random.Random) -> tuple[bytes, str]:
    """One to three random edits of a TOML text; returns the bytes and what was done."""
    lines = text.split("\n")
    notes = []
    for _ in range(rnd.choice([1, 1, 1, 2, 3])):
        op = rnd.randrange(12)
        n = len(lines)
        i = rnd.randrange(n) if n else 0
        if op == 0 and n:  # a value replaced
            eq = [k for k, ln in enumerate(lines) if "=" in ln and not ln.lstrip().startswith("#")]
            if eq:
                i = rnd.choice(eq)
                lines[i] = lines[i].split("=", 1)[0] + "= " + nasty_fragment(rnd)
                notes.append(f"value on line {i + 1}")
        elif op == 1:  # a hex label respelled
            spots = [(k, m) for k, ln in enumerate(lines) for m in _LABEL_TOKEN.finditer(ln)]
            if spots:
                k, m = rnd.choice(spots)
                new = rnd.choice(LABELS)
                new = new if '"' in lines[k][: m.start()] or "=" in lines[k][: m.start()] else toml_str(new)
                lines[k] = (
                    lines[k][: m.start()] + new.replace('"', "") + lines[k][m.end() :]
                    if rnd.random() < 0.5
                    else lines[k][: m.start()] + rnd.choice(["e7", "E07", "q13", "E٧", "A0"]) + lines[k][m.end() :]
                )
                notes.append(f"label on line {k + 1}")
        elif op == 2 and n:
            notes.append(f"line {i + 1} deleted")
            del lines[i]
        elif op == 3 and n:
            lines.insert(i, lines[i])
            notes.append(f"line {i + 1} doubled")
        elif op == 4 and n > 1:
            j = rnd.randrange(n)
            lines[i], lines[j] = lines[j], lines[i]
            notes.append(f"lines {i + 1} and {j + 1} swapped")
        elif op == 5:
            lines.insert(
                i,
                f"{rnd.choice(['x', 'name', 'kind', 'format', 'E7', 'at', 'map', 'scenario', 'rows', 'hex_size', 'position', 'offset'])} = {nasty_fragment(rnd)}",
            )
            notes.append(f"line inserted at {i + 1}")
        elif op == 6:  # a number changed
            spots = [(k, m) for k, ln in enumerate(lines) for m in _NUMBER.finditer(ln)]
            if spots:
                k, m = rnd.choice(spots)
                lines[k] = (
                    lines[k][: m.start()]
                    + rnd.choice(
                        ["0", "-1", "nan", "inf", "1e308", "9" * 30, "99999", "0.0", "-0.0", "1e-300", "9" * 4400]
                    )
                    + lines[k][m.end() :]
                )
                notes.append(f"number on line {k + 1}")
        elif op == 7:  # grid and drawing numbers
            key = rnd.choice(
                [
                    "rows",
                    "columns",
                    "hex_size",
                    "opacity",
                    "scale",
                    "position",
                    "offset",
                    "year",
                    "production",
                    "format",
                ]
            )
            val = rnd.choice(
                [
                    "0",
                    "-3",
                    "9999",
                    "501",
                    "1000",
                    "100001",
                    "nan",
                    "inf",
                    "0.0",
                    "1e308",
                    "true",
                    "[inf, 0]",
                    "[1e300, 1e300]",
                    "[nan, nan]",
                    "[0]",
                    '"x"',
                    "2.5",
                ]
            )
            hit = [k for k, ln in enumerate(lines) if ln.strip().startswith(key + " ")]
            if hit:
                k = rnd.choice(hit)
                lines[k] = f"{key} = {val}"
            else:
                lines.insert(i, f"{key} = {val}")
            notes.append(f"{key} = {val[:20]}")
        elif op == 8 and n:  # a table header mangled
            heads = [k for k, ln in enumerate(lines) if ln.startswith("[")]
            if heads:
                k = rnd.choice(heads)
                lines[k] = rnd.choice(
                    [
                        lines[k].replace("[", "[[", 1).replace("]", "]]", 1),
                        "[" + ".".join(["a"] * rnd.choice([5, 40, 300])) + "]",
                        lines[k].replace("]", ".x]", 1),
                        "[" + toml_str(CONTROL) + "]",
                        lines[k],
                    ]
                )
                notes.append(f"header on line {k + 1}")
        elif op == 9:  # a string value gets control characters
            spots = [k for k, ln in enumerate(lines) if '= "' in ln]
            if spots:
                k = rnd.choice(spots)
                lines[k] = lines[k].replace('= "', '= "' + json.dumps(CONTROL)[1:-1], 1)
                notes.append(f"control characters on line {k + 1}")
        elif op == 10:  # a key with control characters, or a line break in a key
            lines.insert(i, f"{toml_str(rnd.choice(['E7' + CONTROL, CONTROL, 'x' * 5000]))} = 1")
            notes.append(f"odd key at {i + 1}")
        else:
            notes.append("kept")
    data = "\n".join(lines).encode("utf-8")
    r = rnd.random()
    if r < 0.08:  # bytes: flipped, inserted, cut
        b = bytearray(data)
        for _ in range(rnd.randrange(1, 6)):
            if b:
                b[rnd.randrange(len(b))] = rnd.randrange(256)
        data = bytes(b)
        notes.append("bytes flipped")
    elif r < 0.12:
        k = rnd.randrange(len(data) + 1)
        data = data[:k] + bytes(rnd.randrange(256) for _ in range(rnd.randrange(1, 8))) + data[k:]
        notes.append("bytes inserted")
    elif r < 0.16:
        data = data[: rnd.randrange(len(data) + 1)]
        notes.append("truncated")
    return data, "; ".join(notes)


def mutate_struct(text: str, rnd: random.Random) -> tuple[bytes, str]:
    """Parse, change one value deep inside (or delete or add a key), write back."""
    data = tomllib.loads(text)
    notes = []
    for _ in range(rnd.choice([1, 1, 2, 3])):
        path: list = []
        node: object = data
        while True:
            if isinstance(node, dict) and node and rnd.random() < 0.75:
                k = rnd.choice(list(node))
            elif isinstance(node, list) and node and rnd.random() < 0.75:
                k = rnd.randrange(len(node))
            else:
                break
            path.append(k)
            parent, node = node, node[k]
        if not path:
            continue
        parent = data
        for k in path[:-1]:
            parent = parent[k]
        last = path[-1]
        op = rnd.random()
        if op < 0.15 and isinstance(parent, dict):
            del parent[last]
            notes.append(f"deleted {'.'.join(map(str, path))}")
        elif op < 0.25 and isinstance(parent, dict):
            parent[rnd.choice(["x", "Name", "E07", "e7", "q13", CONTROL[:5], "position", "kind"])] = nasty_value(rnd)
            notes.append(f"key added beside {'.'.join(map(str, path))}")
        else:
            parent[last] = nasty_value(rnd)
            notes.append(f"set {'.'.join(map(str, path))}")
    return dump_toml(data).encode("utf-8"), "; ".join(notes)


def random_document(rnd: random.Random) -> tuple[bytes, str]:
    pick = rnd.randrange(9)
    if pick == 0:
        return bytes(rnd.randrange(256) for _ in range(rnd.randrange(0, 400))), "random bytes"
    if pick == 1:
        d = rnd.choice([30, 33, 100, 450, 1000, 5000, 50_000])
        return (
            f"format = 1\nkind = {toml_str(rnd.choice(['hex', 'game', 'scenario']))}\nx = " + "[" * d + "]" * d + "\n"
        ).encode(), f"arrays {d} deep"
    if pick == 2:
        d = rnd.choice([30, 40, 500, 3000])
        return ("x = " + "{ a = " * d + "1" + " }" * d + "\n").encode(), f"inline tables {d} deep"
    if pick == 3:
        return ("format = " + "9" * rnd.choice([4300, 4301, 10_000]) + "\n").encode(), "huge integer"
    if pick == 4:
        doc = {
            "format": nasty_value(rnd),
            "kind": rnd.choice(["hex", "scenario", "game", 3, ["hex"], {"a": 1}, True, ""]),
        }
        for _ in range(rnd.randrange(6)):
            doc[
                rnd.choice(
                    [
                        "grid",
                        "map",
                        "scenario",
                        "turn",
                        "armies",
                        "hexes",
                        "layers",
                        "x",
                        "sides",
                        "boxes",
                        "background",
                    ]
                )
            ] = nasty_value(rnd)
        return dump_toml(doc).encode(), "random keys"
    if pick == 5:
        rows, cols = rnd.choice(
            [(0, 5), (501, 1), (1, 501), (400, 400), (100001, 1), (9999, 9999), (10**30, 1), (317, 316)]
        )
        return (
            f'format = 1\nkind = "hex"\nname = "big"\n[grid]\nrows = {rows}\ncolumns = {cols}\n'.encode(),
            f"grid {rows}x{cols}",
        )
    if pick == 6:
        return ("\ufeff" + "format = 1\n").encode() if rnd.random() < 0.5 else b"\x00" * rnd.randrange(
            1, 100
        ), "BOM or NULs"
    if pick == 7:
        return (
            'format = 1\nkind = "hex"\n' + "[grid]\n" + "\n".join(f"k{i} = {i}" for i in range(rnd.choice([10, 5000])))
        ).encode(), "many keys"
    return ("a = [" + "1," * rnd.choice([10, 100_000]) + "]\n").encode(), "long array"


# ------------------------------------------------------------- issue 27: JSON, GeoJSON, images
def png_header(w: int, h: int) -> bytes:
    """A PNG that claims ``w`` x ``h`` pixels, with a tiny image chunk (no real pixels)."""
    import struct
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(b"\0" * 64))
        + chunk(b"IEND", b"")
    )


def _png_chunk(kind: bytes, data: bytes) -> bytes:
    import struct
    import zlib

    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def nasty_xml(text: str, rnd: random.Random) -> tuple[str, str]:
    """A TripleA game file made hostile: nesting, entities, variables that multiply, a foreach
    crossing long lists, duplicate connections, many territories, odd attribute values."""
    pick = rnd.randrange(11)
    if pick == 0:
        d = rnd.choice([60, 65, 1000, 50_000])
        return text.replace("<map>", "<map>" + "<x>" * d + "</x>" * d, 1), f"nested {d} deep"
    if pick == 1:
        return text.replace(
            "<game>", '<!DOCTYPE g [<!ENTITY a "aaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]><game>', 1
        ), "entities"
    if pick == 2:
        chain = "".join(
            f'<variable name="v{i}">' + f'<element name="$v{i - 1}$"/>' * 10 + "</variable>" for i in range(1, 12)
        )
        return text.replace(
            "<variableList>", '<variableList><variable name="v0"><element name="Germany"/></variable>' + chain, 1
        ), "variables multiplying"
    if pick == 3:
        n = rnd.choice([100, 5000, 20_000])
        big = '<variable name="big">' + "".join(f'<element name="e{i}"/>' for i in range(n)) + "</variable>"
        att = (
            '<attachment foreach="$big$^$big$" name="territoryAttachment" attachTo="Germany" '
            'javaClass="x" type="territory"><option name="production" value="@big@"/></attachment>'
        )
        text = text.replace("<variableList>", "<variableList>" + big, 1)
        return text.replace("</attachmentList>", att + "</attachmentList>", 1), f"a foreach crossing {n} by {n}"
    if pick == 4:
        n = rnd.choice([10, 1000, 150_000])
        return text.replace("</map>", '<connection t1="Germany" t2="France"/>\n' * n + "</map>", 1), (
            f"{n} duplicate connections"
        )
    if pick == 5:
        n = rnd.choice([100, 3000, 25_000])
        ts = "".join(f'<territory name="T{i}"/>' for i in range(n))
        cs = "".join(f'<connection t1="T{i}" t2="T{i + 1}"/>' for i in range(n - 1))
        return text.replace("</map>", ts + cs + "</map>", 1), f"{n} more territories"
    if pick == 6:
        v = rnd.choice([CONTROL.replace("\x00", ""), "x" * 100_000, "-1", "99999999999999999999", "nan", ""])
        attr = rnd.choice(["name", "t1", "t2", "attachTo", "value", "quantity", "owner", "player"])
        n = 0

        def sub(m):
            nonlocal n
            n += 1
            return f'{attr}="{v}"' if n == 1 else m.group(0)

        return re.sub(rf'{attr}="[^"]*"', sub, text), f"{attr} = {v[:20]!r}"
    if pick == 7:
        return text.replace("<game>", '<!DOCTYPE g [<!ENTITY e SYSTEM "/etc/passwd">]><game>&e;', 1), "external"
    if pick == 8:
        return text[: rnd.randrange(len(text))], "cut short"
    if pick == 9:
        return text.replace("<game>", "<notgame>", 1), "another root"
    n = rnd.choice([1000, 100_000])
    return text.replace("</map>", "<x/>" * n + "</map>", 1), f"{n} empty elements"


def zipped(files: dict[str, bytes], rnd: random.Random) -> tuple[bytes, str]:
    """The files as a zip, maybe made hostile: members added (many maps, names leaving the
    folder), its data corrupted, cut short."""
    import zipfile

    buf = io.BytesIO()
    note = "zipped"
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in files.items():
            z.writestr(name, data)
        pick = rnd.randrange(6)
        if pick == 0:
            for i in range(rnd.choice([2, 40])):
                z.writestr(f"copy{i}/map/polygons.txt", b" " * (1 << 20))
            note = "several maps"
        elif pick == 1:
            for name in ("../escape/map/games/g.xml", "/abs/map/centers.txt", "toy/map/games/../../x.xml"):
                z.writestr(name, b"<game/>")
            note = "names leaving the folder"
        elif pick == 2:
            z.writestr("toy/map/games/fat.xml", b"<game>" + b" " * (15 << 20) + b"</game>")
            note = "a fat game"
    data = bytearray(buf.getvalue())
    if rnd.random() < 0.3:
        for _ in range(rnd.randrange(1, 20)):
            k = rnd.randrange(len(data))
            data[k] ^= 1 << rnd.randrange(8)
        note += ", bytes flipped"
    elif rnd.random() < 0.1:
        data = data[: rnd.randrange(len(data))]
        note += ", cut short"
    return bytes(data), note


def nasty_json(rnd: random.Random) -> object:
    """A value JSON can hold that a reader should refuse or survive (Python's json writes nan
    and infinity as NaN and Infinity, and reads them back)."""

    def plain(v: object) -> object:
        if isinstance(v, (datetime, date, dtime)):
            return v.isoformat()
        if isinstance(v, int) and not isinstance(v, bool) and v.bit_length() > 14000:
            return 10**5000
        if isinstance(v, list):
            return [plain(x) for x in v]
        if isinstance(v, dict):
            return {k: plain(x) for k, x in v.items()}
        return v

    return plain(nasty_value(rnd))


def _walk(data: object, rnd: random.Random) -> tuple[list, object]:
    """A random path into nested JSON data, and the container holding its last step."""
    path: list = []
    node = data
    while True:
        if isinstance(node, dict) and node and rnd.random() < 0.8:
            k = rnd.choice(list(node))
        elif isinstance(node, list) and node and rnd.random() < 0.8:
            k = rnd.randrange(len(node))
        else:
            return path, node
        path.append(k)
        node = node[k]


def mutate_json(text: str, rnd: random.Random) -> tuple[str, str]:
    """One to three changes deep inside a JSON document: a value set to a nasty one, removed,
    a list item doubled, a type swapped."""
    data = json.loads(text)
    notes = []
    for _ in range(rnd.choice([1, 1, 2, 3])):
        path, _ = _walk(data, rnd)
        if not path:
            continue
        parent = data
        for k in path[:-1]:
            parent = parent[k]
        last = path[-1]
        op = rnd.random()
        if op < 0.15:
            del parent[last]
            notes.append(f"deleted {'.'.join(map(str, path))[:60]}")
        elif op < 0.3 and isinstance(parent, list):
            parent.insert(last, parent[last])
            notes.append(f"doubled {'.'.join(map(str, path))[:60]}")
        elif op < 0.45:
            parent[last] = rnd.choice([[], {}, "x", 1, None, [[]], [[[]]], [parent[last]], {"type": "Polygon"}])
            notes.append(f"type of {'.'.join(map(str, path))[:60]}")
        else:
            parent[last] = nasty_json(rnd)
            notes.append(f"set {'.'.join(map(str, path))[:60]}")
    return json.dumps(data, ensure_ascii=rnd.random() < 0.5), "; ".join(notes) or "kept"


def mutate_json_lines(text: str, rnd: random.Random) -> tuple[bytes, str]:
    """A journal (a line of JSON per record) with one line changed as JSON data."""
    lines = text.splitlines()
    k = rnd.randrange(len(lines))
    try:
        lines[k], note = mutate_json(lines[k], rnd)
    except ValueError:
        note = "kept"
    return ("\n".join(lines) + "\n").encode(), f"line {k + 1}: {note}"


def geojson_geometry(data: dict, rnd: random.Random) -> tuple[str, str]:
    """Features made to overlap, coordinates scaled or pushed out of range, many copies,
    holes and multi-polygons of odd shapes."""
    feats = [f for f in data.get("features", []) if isinstance(f, dict)]
    op = rnd.randrange(7)
    if op == 0 and feats:  # a feature copied onto another, or shifted a little over its neighbours
        f = json.loads(json.dumps(rnd.choice(feats)))
        dx = rnd.choice([0, 0.01, 0.3, 2])
        f["geometry"] = json.loads(json.dumps(f["geometry"]), parse_float=lambda s: float(s) + dx)
        f["properties"]["name"] = str(f["properties"].get("name")) + " copy"
        data["features"].append(f)
        note = f"a feature copied, shifted {dx}"
    elif op == 1:  # every coordinate scaled: projected metres, not degrees
        k = rnd.choice([1000, 1e6, 1e300, -1, 0])
        data = json.loads(
            json.dumps(data),
            parse_float=lambda s: float(s) * k,
            parse_int=lambda s: int(s) * int(k) if k == int(k) else float(s) * k,
        )
        note = f"coordinates times {k:g}"
    elif op == 2 and feats:  # many copies of the grid, each shifted: thousands of features
        n = rnd.choice([200, 2000, 6000])
        base = feats[: max(1, len(feats))]
        out = []
        for c in range(n):
            f = base[c % len(base)]
            shift = (c // len(base)) * rnd.choice([0, 20, 0.5])
            g = json.loads(
                json.dumps(f["geometry"]),
                parse_float=lambda s, d=shift: float(s) + d,
                parse_int=lambda s, d=shift: int(s) + d,
            )
            out.append({"type": "Feature", "properties": {"name": f"f{c}"}, "geometry": g})
        data["features"] = out
        note = f"{n} features"
    elif op == 3 and feats:  # one coordinate out of range or not a number
        f = rnd.choice(feats)
        ring = f["geometry"]["coordinates"][0]
        while isinstance(ring[0], list) and isinstance(ring[0][0], list):
            ring = ring[0]
        ring[rnd.randrange(len(ring))] = rnd.choice(
            [
                [200, 0],
                [0, 95],
                [1e308, 1e308],
                [10**400, 0],
                [0],
                [0, 0, 0],
                [1, 2, 3, 4],
                ["a", "b"],
                [None, 1],
                [True, 1],
                5,
                [],
            ]
        )
        note = "a position changed"
    elif op == 4 and feats:  # a hole, or a polygon inside another
        f = rnd.choice(feats)
        g = f["geometry"]
        first = g["coordinates"][0] if g["type"] == "Polygon" else g["coordinates"][0][0]
        xs = [p[0] for p in first]
        ys = [p[1] for p in first]
        cx, cy = sum(xs) / len(xs), sum(ys) / len(ys)
        inner = [
            [cx - 0.1, cy - 0.1],
            [cx + 0.1, cy - 0.1],
            [cx + 0.1, cy + 0.1],
            [cx - 0.1, cy + 0.1],
            [cx - 0.1, cy - 0.1],
        ]
        if rnd.random() < 0.5:
            data["features"].append(
                {
                    "type": "Feature",
                    "properties": {"name": "Inside"},
                    "geometry": {"type": "Polygon", "coordinates": [inner]},
                }
            )
            note = "a polygon inside another"
        else:
            (g["coordinates"] if g["type"] == "Polygon" else g["coordinates"][0]).append(inner[::-1])
            note = "a hole"
    elif op == 5 and feats:  # a self-crossing ring, or a ring that does not close
        f = rnd.choice(feats)
        f["geometry"] = {
            "type": "Polygon",
            "coordinates": [
                rnd.choice(
                    [
                        [[0, 40], [1, 41], [1, 40], [0, 41], [0, 40]],
                        [[0, 40], [1, 40], [1, 41]],
                        [[0, 40], [0, 40], [0, 40], [0, 40]],
                    ]
                )
            ],
        }
        note = "a degenerate ring"
    else:
        data["features"] = [
            {
                "type": "Feature",
                "properties": {"name": "everything"},
                "geometry": {"type": "GeometryCollection", "geometries": []},
            }
        ] + feats
        note = "a geometry collection"
    return json.dumps(data), note


def odd_json(rnd: random.Random) -> tuple[bytes, str]:
    """JSON documents a GeoJSON reader must refuse in one line."""
    pick = rnd.randrange(9)
    if pick == 0:
        d = rnd.choice([100, 900, 5000, 200_000])
        return ("[" * d + "]" * d).encode(), f"arrays {d} deep"
    if pick == 1:
        d = rnd.choice([50, 2000, 100_000])
        return (
            '{"type": "FeatureCollection", "features": ' + '{"a": ' * d + "1" + "}" * d + "}"
        ).encode(), f"objects {d} deep"
    if pick == 2:
        return (
            '{"type": "FeatureCollection", "features": [], "x": ' + "9" * rnd.choice([4300, 5000, 100_000]) + "}"
        ).encode(), "huge integer"
    if pick == 3:
        return json.dumps(
            rnd.choice(
                [
                    [],
                    1,
                    "x",
                    None,
                    {"type": "Feature"},
                    {"type": "Polygon", "coordinates": []},
                    {"type": "FeatureCollection"},
                    {"type": "FeatureCollection", "features": {}},
                    {"type": "FeatureCollection", "features": [1, None, "x"]},
                    {"type": "FeatureCollection", "features": [{"type": "Feature", "properties": [], "geometry": 5}]},
                    {"type": "FeatureCollection", "features": [{"properties": {"name": 5}, "geometry": {"type": 5}}]},
                    {
                        "type": "FeatureCollection",
                        "features": [
                            {"properties": {"name": "a"}, "geometry": {"type": "Polygon", "coordinates": "x"}}
                        ],
                    },
                    {"type": ["FeatureCollection"]},
                ]
            )
        ).encode(), "an odd document"
    if pick == 4:
        return bytes(rnd.randrange(256) for _ in range(rnd.randrange(0, 400))), "random bytes"
    if pick == 5:
        return ("\ufeff" + '{"type": "FeatureCollection", "features": []}').encode(), "a byte-order mark"
    if pick == 6:
        return (
            '{"type": "FeatureCollection", "features": ['
            + ",".join(
                [
                    '{"type": "Feature", "properties": {"name": "x"}, '
                    '"geometry": {"type": "Polygon", "coordinates": [[[0, 40], [1, 40], [1, 41], [0, 40]]]}}'
                ]
                * rnd.choice([2, 50, 3000])
            )
            + "]}"
        ).encode(), "features on top of each other"
    if pick == 7:
        return b'{"type": "FeatureCollection", "features": [NaN, Infinity, -Infinity]}', "NaN"
    return (
        '{"type": "FeatureCollection", "features": ['
        + ",".join(
            [
                f'{{"type": "Feature", "properties": {{"name": "p{k}"}}, '
                f'"geometry": {{"type": "Point", "coordinates": [{k % 360 - 180}, 0]}}}}'
                for k in range(rnd.choice([1, 1000]))
            ]
        )
        + "]}"
    ).encode(), "points only"


def big_document(shape: str, size: int, rnd: random.Random, bases) -> bytes:
    """A file of about ``size`` bytes of one of the costly shapes (see Generator._big)."""

    def fill(unit: str, head: str, tail: str) -> bytes:
        n = max(1, (size - len(head) - len(tail)) // len(unit))
        return (head + unit * n + tail).encode()

    if shape == "ints":
        return fill("1,", 'format = 1\nkind = "hex"\na = [', "]\n")
    if shape == "floats":
        return fill("-1234.5678e-3, ", "a = [", "]\n")
    if shape == "strings":
        return fill('"x", ', 'kind = "scenario"\na = [', "]\n")
    if shape == "inline":
        return fill("{ x = 1, y = [2] }, ", 'kind = "game"\nlog = [', "]\n")
    if shape == "nested":
        return fill("[[1, 2], [3]], ", "a = [", "]\n")
    if shape == "keys":
        n = size // 16
        return (
            'format = 1\nkind = "hex"\nname = "k"\n[grid]\nrows = 500\ncolumns = 200\n[hexes]\n'
            + "".join(f"K{k} = {{ x = 1 }}\n" for k in range(n))
        ).encode()
    if shape == "polygon":
        n = max(4, size // 24)
        pts = ", ".join(f"[{(k % 1000) * 0.01:.2f}, {k // 1000 * 0.01:.2f}]" for k in range(n))
        return (
            'format = 1\nkind = "area"\nname = "big"\n\n[locations.a]\nname = "A"\npolygon = [\n  ' + pts + ",\n]\n"
        ).encode()
    if shape == "locations":
        out = ['format = 1\nkind = "area"\nname = "many"\n']
        k, total = 0, 0
        while total < size:
            x, y = k % 300, k // 300
            part = f'\n[locations.l{k}]\nname = "L{k}"\npolygon = [[{x * 10}, {y * 10}], [{x * 10 + 10}, {y * 10}], [{x * 10 + 10}, {y * 10 + 10}], [{x * 10}, {y * 10 + 10}]]\n'
            out.append(part)
            total += len(part)
            k += 1
        return "".join(out).encode()
    if shape == "log":
        _, base = bases.logged[0]
        text = base["game.toml"].decode()
        entry = '\n[[log]]\nn = 1\nturn = "t"\nside = "s"\nstep = "x"\naction = { verb = "set", space = "P14" }\ndid = "d"\nundo = []\n'
        return (text + entry * max(1, (size - len(text)) // len(entry))).encode()
    # hexes: the largest legal map (500 x 200), every hex named, as far as the size goes
    lines, total = ['format = 1\nkind = "hex"\nname = "largest"\n[grid]\nrows = 500\ncolumns = 200\n\n[hexes]'], 0
    for r in range(500):
        for c in range(200):
            line = f'{_label(r, c)} = {{ name = "Hex {r}-{c}" }}'
            lines.append(line)
            total += len(line) + 1
        if total > size:
            break
    return ("\n".join(lines) + "\n").encode()


def _label(r: int, c: int) -> str:
    """mapref's letter-number hex label of row ``r`` (0 = A...), column ``c``."""
    letters = ""
    r += 1
    while r:
        r, m = divmod(r - 1, 26)
        letters = chr(65 + m) + letters
    return f"{letters}{c + 1}"


# -------------------------------------------------------------------------------- the cases
@dataclass
class Case:
    id: int
    family: str
    files: dict[str, bytes]
    argv: list[str]
    note: str
    specials: list[tuple[str, str]] = field(default_factory=list)  # (name, fifo|dir|loop|sparse|link)
    watch: str = ""  # the file a failed command must leave unchanged
    saves: str = ""  # the file a successful command wrote, to load again
    keep: tuple[str, ...] = ()  # files that must be as they were whatever happens (a command's inputs)
    backup: str = ""  # a file a successful --force replaced: NAME.bak must hold what it held
    also: tuple[str, ...] = ()  # more files a successful command wrote, to load again (a scenario)


class Bases:
    """The shipped maps and scenarios, and games made from them with ``mapref new-game``."""

    def __init__(self, work: Path):
        from mapref.cli import main

        self.maps = {p.stem: p.read_text(encoding="utf-8") for p in sorted((ROOT / "maps").glob("*.toml"))}
        self.scenarios = {}
        for name in SHIPPED_SCENARIOS:
            text = (ROOT / "scenarios" / f"{name}.toml").read_text(encoding="utf-8")
            self.scenarios[name] = re.sub(r'(?m)^map = ".*"$', 'map = "map.toml"', text)
        self.games = []
        folder = work / "bases"
        folder.mkdir(parents=True, exist_ok=True)
        for name in SHIPPED_SCENARIOS:
            for extra in ([], ["--auto-place"]):
                out = folder / f"{name}{len(extra)}.toml"
                with redirect_stdout(io.StringIO()), redirect_stderr(io.StringIO()):
                    if main(["new-game", name, "-o", str(out), *extra]) != 0:
                        continue
                    self.games.append((name, self._local(out.read_text(encoding="utf-8"))))
                    if extra and main(["advance", str(out)]) == 0:
                        self.games.append((name, self._local(out.read_text(encoding="utf-8"))))
        if not self.games:
            raise SystemExit("fuzz: mapref new-game made no game to start from")
        self.rulesets: dict[str, str] = {}  # scenario name -> its ruleset's name (worked out on first use)
        self.words: dict[str, list[str]] = {}  # scenario name -> words of its games, for verbs' arguments
        self.others = []  # (scenario name, map file's text, scenario text, game text): the other games
        for name, openings in OTHER_SCENARIOS.items():
            sc_path = ROOT / "scenarios" / f"{name}.toml"
            sc_text = sc_path.read_text(encoding="utf-8")
            stem = re.search(r'(?m)^map = "(?:.*/)?([^/"]+?)(?:\.toml)?"$', sc_text).group(1)
            out = folder / f"{name}.toml"
            with redirect_stdout(io.StringIO()), redirect_stderr(io.StringIO()):
                if main(["new-game", name, "-o", str(out)]) != 0:
                    continue
                here = [out.read_text(encoding="utf-8")]
                for argv in openings:
                    if main([str(out) if a == "G" else a for a in argv]) == 0:
                        here.append(out.read_text(encoding="utf-8"))
            local_sc = re.sub(r'(?m)^map = ".*"$', 'map = "map.toml"', sc_text)
            self.others += [(name, self.maps[stem], local_sc, self._local(g)) for g in here]
        self.other_words: list[str] = sorted(
            {w for _, _, _, g in self.others for w in re.findall(r'"([a-z_]+(?:\.[a-z]+)?)"', g)}
        )
        found = re.findall(r'(?m)^at = "([^"]+)"', "".join(g for _, g in self.games))
        self.labels = sorted(set(found) | {"E7", "P10", "Q13", "J11", "U21", "A1"})
        from mapref.io.mapfile import load_map

        grid = load_map(ROOT / "maps" / "hitlers_war.toml").grid
        self.near = {}
        for lab in self.labels:
            try:
                h = grid.parse(lab, strict=True)
            except ValueError:
                continue
            self.near[lab] = [grid.label(n) for n in grid.neighbours(h)] + [
                grid.label(x) for n in grid.neighbours(h) for x in grid.neighbours(n)
            ]
        self._more(folder)

    # ---------------------------------------------------------------- issue 27: every file kind
    def _more(self, folder: Path) -> None:
        """Games of every ruleset with logs, the journals their windows leave, GeoJSON files,
        background images, and the other rulesets' scenarios (see the families below)."""
        from mapref.rules.session import GameSession, open_game

        # every shipped scenario, pointing at map.toml beside it, with its map's text
        self.all_scenarios = {}
        for p in sorted((ROOT / "scenarios").glob("*.toml")):
            text = p.read_text(encoding="utf-8")
            stem = re.search(r'(?m)^map = "(?:.*/)?([^/"]+?)(?:\.toml)?"$', text).group(1)
            self.all_scenarios[p.stem] = (re.sub(r'(?m)^map = ".*"$', 'map = "map.toml"', text), self.maps[stem])
        # games with a log of several actions, and the journal a window left with them
        self.logged: list[tuple[str, dict[str, bytes]]] = []
        self.journals: list[tuple[str, dict[str, bytes]]] = []
        for n, name in enumerate(sorted(self.all_scenarios)):
            sc_text, map_text = self.all_scenarios[name]
            here = folder / f"logged{n}"
            here.mkdir()
            (here / "scenario.toml").write_text(sc_text, encoding="utf-8")
            (here / "map.toml").write_text(map_text, encoding="utf-8")
            from mapref.rules.files import new_game

            game = new_game(here / "scenario.toml", scenario_ref="scenario.toml", map_ref="map.toml", auto_place=True)
            s = GameSession(game)
            s.save(here / "game.toml")
            self._play(s, 4)
            s.save()
            base = {"scenario.toml": sc_text.encode(), "map.toml": map_text.encode()}
            self.logged.append((name, {**base, "game.toml": (here / "game.toml").read_bytes()}))
            w = open_game(here / "game.toml", journal=True)  # a window: three more actions, one undone and redone
            self._play(w, 3)
            if w.history.done:
                w.undo()
                w.redo()
            if w.journal.path.exists():
                self.journals.append(
                    (
                        name,
                        {
                            **base,
                            "game.toml": (here / "game.toml").read_bytes(),
                            ".game.toml.journal": w.journal.path.read_bytes(),
                        },
                    )
                )
            fresh = GameSession(
                new_game(here / "scenario.toml", scenario_ref="scenario.toml", map_ref="map.toml", auto_place=True),
                journal=True,
            )  # a new game's, in the state folder
            self._play(fresh, 2)
            if fresh.journal.path.exists():
                self.journals.append(
                    (
                        name,
                        {
                            **base,
                            f"state/mapref/journals/new-{fresh.journal.path.name.split('-')[1]}"
                            f"-4194000.journal": fresh.journal.path.read_bytes(),
                        },
                    )
                )
            fresh.journal.discard()
            w.journal.discard()
        # GeoJSON: Natural Earth's Europe, and a small grid of squares
        ne = ROOT / "tools" / "data" / "ne_110m_countries_europe.geojson"  # Natural Earth, shipped
        grid = {
            "type": "FeatureCollection",
            "features": [
                {
                    "type": "Feature",
                    "properties": {"name": f"Square {i}-{j}", "n": i * 10 + j},
                    "geometry": {
                        "type": "Polygon",
                        "coordinates": [[[i, 40 + j], [i + 1, 40 + j], [i + 1, 41 + j], [i, 41 + j], [i, 40 + j]]],
                    },
                }
                for i in range(6)
                for j in range(5)
            ],
        }
        self.geojson = {"grid": json.dumps(grid)}
        if ne.is_file():
            self.geojson["europe"] = ne.read_text(encoding="utf-8")
        # background images: small ones, a 40-megapixel one (reduced while read), a bomb's header
        from PIL import Image

        self.images = {}
        for fmt in ("PNG", "JPEG"):
            buf = io.BytesIO()
            Image.new("RGB", (64, 48), (200, 180, 120)).save(buf, fmt)
            self.images[fmt.lower()] = buf.getvalue()
        buf = io.BytesIO()
        Image.new("L", (8000, 5000), 200).save(buf, "PNG")
        self.images["big"] = buf.getvalue()
        self.images["bomb"] = png_header(100_000, 100_000)
        self.images["tall"] = png_header(1, 2**31 - 1)
        self._issue36()

    # ------------------------------------------------------- issue 36: the importers and -o
    def _issue36(self) -> None:
        """The toy TripleA map (its files by path under ``toy/``), a picture of borders to trace,
        the damaged PNGs Pillow gives up on in its own ways."""
        from PIL import Image, ImageDraw

        toy = ROOT / "tests" / "data" / "triplea_toy"
        self.triplea = {
            "toy/" + p.relative_to(toy).as_posix(): p.read_bytes()
            for p in sorted((toy / "map").rglob("*"))
            if p.is_file()
        }
        img = Image.new("L", (240, 160), 255)
        d = ImageDraw.Draw(img)
        d.rectangle((4, 4, 235, 155), outline=0, width=3)
        for x in (80, 160):
            d.line((x, 4, x, 155), fill=0, width=3)
        d.line((4, 80, 235, 80), fill=0, width=3)
        buf = io.BytesIO()
        img.save(buf, "PNG")
        self.scan = buf.getvalue()
        good = self.images["png"]
        i = good.index(b"IDAT")
        n = int.from_bytes(good[i - 4 : i], "big")
        data, rest = good[i + 4 : i + 4 + n], good[i + 8 + n :]
        self.damaged = {
            "broken chunk": good[: i - 4]
            + _png_chunk(b"IDAT", data[:10])
            + _png_chunk(b"\x7f\xe7Y\xc1", data[10:])
            + rest,
            "short header": good[:8] + b"\x00\x00\x00\x05" + good[12:],
        }

    @staticmethod
    def _play(s, n: int) -> None:
        """Up to ``n`` actions that end the current step (every ruleset has them)."""
        for _ in range(n):
            a = s.ruleset.end_step(s.game)
            if a is None:
                return
            out = s.check(a)
            if not out.ok and out.ask is not None and out.ask.options:
                a.args[out.ask.key] = out.ask.options[0]
                out = s.check(a)
            if not out.ok or not s.apply(a, outcome=out).ok:
                return

    @staticmethod
    def _local(game: str) -> str:
        """The game pointing at scenario.toml and map.toml beside it."""
        game = re.sub(r'(?m)^scenario = ".*"$', 'scenario = "scenario.toml"', game)
        return re.sub(r'(?m)^map = ".*"$', 'map = "map.toml"', game)


class Generator:
    def __init__(self, bases: Bases, seed: int, families: tuple[str, ...]):
        self.b = bases
        self.seed = seed
        self.families = families

    def case(self, i: int) -> Case:
        rnd = random.Random(f"{self.seed}-{i}")
        fam = rnd.choices(self.families, weights=[WEIGHTS[f] for f in self.families])[0]
        return getattr(self, f"_{fam}")(i, rnd)

    # a map alone: check, info, info --json, render
    def _map_commands(self, rnd: random.Random, f: str) -> list[str]:
        return rnd.choice(
            [
                ["check", f],
                ["info", f],
                ["info", f, "--json"],
                ["render", f, "-o", "out.png", "--size", rnd.choice(["4", "5", "6", "8"])],
            ]
        )

    def _map(self, i: int, rnd: random.Random) -> Case:
        name = rnd.choice(sorted(self.b.maps))
        data, note = mutate_text(self.b.maps[name], rnd)
        return Case(i, "map", {"map.toml": data}, self._map_commands(rnd, "map.toml"), f"{name}: {note}")

    def _map_struct(self, i: int, rnd: random.Random) -> Case:
        name = rnd.choice(sorted(self.b.maps))
        data, note = mutate_struct(self.b.maps[name], rnd)
        return Case(i, "map_struct", {"map.toml": data}, self._map_commands(rnd, "map.toml"), f"{name}: {note}")

    def _scenario(self, i: int, rnd: random.Random) -> Case:
        name = rnd.choice(SHIPPED_SCENARIOS)
        text = self.b.scenarios[name]
        data, note = mutate_struct(text, rnd) if rnd.random() < 0.3 else mutate_text(text, rnd)
        files = {"scenario.toml": data, "map.toml": self.b.maps["hitlers_war"].encode()}
        argv = rnd.choice(
            [
                ["check", "scenario.toml"],
                ["new-game", "scenario.toml", "-o", "game.toml"],
                ["new-game", "scenario.toml", "-o", "game.toml", "--auto-place"],
                ["info", "scenario.toml"],
            ]
        )
        return Case(i, "scenario", files, argv, f"{name}: {note}", saves="game.toml" if argv[0] == "new-game" else "")

    def _game_files(self, rnd: random.Random) -> tuple[dict[str, bytes], str]:
        sc, game = rnd.choice(self.b.games)
        return {
            "game.toml": game.encode(),
            "scenario.toml": self.b.scenarios[sc].encode(),
            "map.toml": self.b.maps["hitlers_war"].encode(),
        }, sc

    def _game_argv(self, rnd: random.Random, odd: bool) -> list[str]:
        def space() -> str:
            if odd and rnd.random() < 0.5:
                return rnd.choice(ARG_LABELS + ["box:siberia", "box:usa", "box:nowhere", "-1", "--infantry"])
            return rnd.choice(self.b.labels)

        def number() -> str:
            return (
                rnd.choice(["1", "2", "5"])
                if not odd or rnd.random() < 0.5
                else rnd.choice(["0", "-1", "99999999999", "9" * 5000, "x", "1e3"])
            )

        def step(frm: str) -> str:
            return rnd.choice(self.b.near[frm]) if frm in self.b.near and (not odd or rnd.random() < 0.5) else space()

        g = "game.toml"
        frm = space()
        kinds = rnd.choice(["infantry", "mechanized", "air", "amphibious", "para"])
        options = [
            ["check", g],
            ["referee", g],
            ["referee", g, "--json"],
            ["info", g],
            ["advance", g],
            ["advance", g, "--roll", rnd.choice(["1", "6", "0", "7", "x"])],
            ["move", g, frm, step(frm), f"--{kinds}", number()],
            ["move", g, frm, step(frm)],
            ["move", g, frm, step(frm)],
            ["move", g, frm, step(frm), "--check"],
            ["move", g, space(), space(), "--fleet"],
            ["set", g, space(), "--control", rnd.choice(["axis", "soviet", "allies", "none"])],
            ["set", g, space(), "--devastated", number()],
            [
                "set",
                g,
                "--nation",
                rnd.choice(["fi", "us", "it", "xx", "", ARG_LABELS[-2]]),
                "--status",
                rnd.choice(["at_war", "neutral", "surrendered", "bogus"]),
                "--side",
                rnd.choice(["axis", "allies", "none", "x"]),
            ],
            [
                "set",
                g,
                "--nation",
                "tr",
                "--status",
                "at_war",
                "--joined",
                rnd.choice(["summer 1941", "winter 99999", ARG_LABELS[-2], "x"]),
            ],
            ["losses", g, space(), f"--{kinds}", number()],
            ["capture", g, frm, step(frm)],
            ["capture", g, frm, step(frm), "--retreat-to", space(), "--check"],
            ["render", "map.toml", "-o", "out.png", "--size", "4", "--game", g],
        ]
        return rnd.choice(options)

    def _game(self, i: int, rnd: random.Random) -> Case:
        files, sc = self._game_files(rnd)
        target = rnd.choices(["game.toml", "scenario.toml", "map.toml"], weights=[6, 2, 2])[0]
        text = files[target].decode()
        r = rnd.random()
        if r < 0.25:
            data, note = text.encode(), "unchanged"
        else:
            data, note = mutate_struct(text, rnd) if r < 0.45 else mutate_text(text, rnd)
        files[target] = data
        argv = self._game_argv(rnd, odd=False)
        saving = argv[0] in ("move", "set", "advance", "losses", "capture") and "--check" not in argv
        return Case(
            i,
            "game",
            files,
            argv,
            f"{sc} game, {target}: {note}",
            watch="game.toml",
            saves="game.toml" if saving else "",
        )

    def _game_args(self, i: int, rnd: random.Random) -> Case:
        files, sc = self._game_files(rnd)
        argv = self._game_argv(rnd, odd=True)
        saving = argv[0] in ("move", "set", "advance", "losses", "capture") and "--check" not in argv
        return Case(
            i,
            "game_args",
            files,
            argv,
            f"{sc} game, odd arguments",
            watch="game.toml",
            saves="game.toml" if saving else "",
        )

    def _refs(self, i: int, rnd: random.Random) -> Case:
        files, sc = self._game_files(rnd)
        specials = [
            ("fifo.toml", "fifo"),
            ("folder.toml", "dir"),
            ("loop.toml", "loop"),
            ("big.toml", "sparse"),
            ("zero.toml", "link"),
        ]
        ref = rnd.choice(
            [
                "/dev/zero",
                "/dev/null",
                "/dev/urandom",
                "/dev/stdin",
                "/proc/self/status",
                "/proc/self/mem",
                "fifo.toml",
                "folder.toml",
                "loop.toml",
                "big.toml",
                "zero.toml",
                "a" * 300 + ".toml",
                "a" * 5000,
                "missing.toml",
                ".",
                "/",
                "",
                "nul\u0000.toml",
                "sub/" * 2000 + "x.toml",
                "game.toml",
                CONTROL,
            ]
        )
        holder = rnd.choice(["game.toml:map", "game.toml:scenario", "scenario.toml:map", "argv"])
        if holder == "argv":
            argv = rnd.choice(
                [
                    ["check", ref],
                    ["info", ref],
                    ["render", ref, "-o", "out.png", "--size", "4"],
                    ["new-game", ref, "-o", "g2.toml"],
                    ["referee", ref],
                    ["advance", ref],
                ]
            )
            if "\x00" in ref:  # no command line holds a NUL
                argv = ["check", "missing.toml"]
        else:
            fname, key = holder.split(":")
            text = files[fname].decode()
            text = re.sub(rf'(?m)^{key} = ".*"$', lambda m: f"{key} = {toml_str(ref)}", text, count=1)
            files[fname] = text.encode()
            argv = (
                ["new-game", "scenario.toml", "-o", "g2.toml"]
                if fname == "scenario.toml" and rnd.random() < 0.5
                else self._game_argv(rnd, odd=False)
                if fname == "game.toml"
                else ["check", fname]
            )
        return Case(i, "refs", files, argv, f"{holder} -> {ref[:40]!r}", specials=specials)

    def _other_game(self, i: int, rnd: random.Random) -> Case:
        """A game of another ruleset (Struggle for Europe on its area map, the front-token game,
        area control, the VP track), its game, scenario or map mutated or not, and one of the
        commands a referee runs on it, the game verbs with words of its own game or odd ones."""
        from mapref.rules import registry

        name, map_text, sc_text, game = rnd.choice(self.b.others)
        files = {"game.toml": game.encode(), "scenario.toml": sc_text.encode(), "map.toml": map_text.encode()}
        r = rnd.random()
        target = rnd.choices(["game.toml", "scenario.toml", "map.toml"], weights=[6, 2, 2])[0]
        if r < 0.4:
            note = "unchanged"
        else:
            files[target], note = (
                mutate_struct(files[target].decode(), rnd) if r < 0.65 else mutate_text(files[target].decode(), rnd)
            )
        ruleset = re.search(r'(?m)^ruleset = "([a-z_]+)"', sc_text)
        verbs = sorted(m.name for m in registry.moves(ruleset.group(1) if ruleset else registry.DEFAULT_RULESET))

        def word() -> str:
            if rnd.random() < 0.75:
                return rnd.choice(self.b.other_words)
            return rnd.choice(ARG_LABELS + ["1", "0", "-1", "9" * 500, "x=1", "sedan=1,2", "ruhr.w", "box:usa", ""])

        g = "game.toml"
        verb = rnd.choice(verbs + ["check", "referee", "log", "undo", "render"])
        if verb in ("check", "referee", "log", "undo"):
            argv = [verb, g] + (["--json"] if verb in ("referee", "log") and rnd.random() < 0.5 else [])
        elif verb == "render":
            argv = [
                "render",
                rnd.choice([g, "map.toml"]),
                "-o",
                "out.png",
                "--size",
                rnd.choice(["200", "300", "4", "9000"]),
            ]
            if argv[1] == "map.toml" and rnd.random() < 0.7:
                argv += ["--game", g]
        else:
            argv = [verb, g] + [word() for _ in range(rnd.randrange(4))]
            for _ in range(rnd.randrange(3)):
                argv += [
                    rnd.choice(
                        [
                            "--check",
                            "--card",
                            "--attacker-air",
                            "--defender-air",
                            "--defender-retreats",
                            "--lose",
                            "--retreat",
                            "--faction",
                            "--by",
                            "--flag",
                            "--at",
                            "--last",
                            "--to",
                            "--roll",
                        ]
                    ),
                    word(),
                ]
        saving = argv[0] not in ("check", "referee", "log", "render") and "--check" not in argv
        return Case(
            i,
            "other_game",
            files,
            argv,
            f"{name} game, {target}: {note}",
            watch="game.toml",
            saves="game.toml" if saving else "",
        )

    def _random(self, i: int, rnd: random.Random) -> Case:
        data, note = random_document(rnd)
        argv = rnd.choice(
            [
                ["check", "f.toml"],
                ["info", "f.toml", "--json"],
                ["render", "f.toml", "-o", "out.png", "--size", "4"],
                ["new-game", "f.toml", "-o", "g.toml"],
                ["referee", "f.toml"],
                ["move", "f.toml", "A1", "A2"],
                ["advance", "f.toml"],
            ]
        )
        return Case(i, "random", {"f.toml": data}, argv, note)

    def _render(self, i: int, rnd: random.Random) -> Case:
        name = rnd.choice(sorted(self.b.maps))
        text = self.b.maps[name]
        if rnd.random() < 0.5:
            text = re.sub(
                r"(?m)^position = \[.*\]$",
                f"position = [{rnd.choice(['1e4', '-1e4', '9999.0', '0.0', '5000.0'])}, {rnd.choice(['0.0', '1e4', '-9999.0'])}]",
                text,
                count=1,
            )
        if rnd.random() < 0.3:
            text = re.sub(
                r"(?m)^hex_size = .*$",
                f"hex_size = {rnd.choice(['4.0', '400.0', '1e308', 'nan', '0.0', '401.0'])}",
                text,
            )
        size = rnd.choice(
            [None, "4", "10", "150", "151", "1000", "1001", "2400", "0", "-1", "nan", "inf", "1e308", "x"]
        )
        argv = ["render", "map.toml", "-o", rnd.choice(["out.png", "out.jpg", "out.xyz", "no/such/dir/out.png", ""])]
        if size is not None:
            argv += ["--size", size]
        return Case(i, "render", {"map.toml": text.encode()}, argv, f"{name}, size {size}")

    # ------------------------------------------------------------------ issue 27: more families
    def _verbs(self, i: int, rnd: random.Random) -> Case:
        """Any verb of any ruleset on a game of that ruleset with a log, its arguments and its
        own options (read from the verb's parser) given words of the game, odd values, or none."""
        from mapref.rules import registry
        from mapref.rules.files import load_scenario, scenario_ruleset

        name, files = rnd.choice(self.b.logged)
        files = dict(files)
        if rnd.random() < 0.15:
            files["game.toml"], note = mutate_struct(files["game.toml"].decode(), rnd)
        else:
            note = "unchanged"
        rs_name = self.b.rulesets.get(name)
        if rs_name is None:
            sc = load_scenario(ROOT / "scenarios" / f"{name}.toml")
            rs_name = self.b.rulesets[name] = scenario_ruleset(sc).name
        from mapref.cli import _verb_parser

        verb = rnd.choice(registry.moves(rs_name))
        ap = _verb_parser(verb)
        words = self.b.words.get(name)
        if words is None:
            words = self.b.words[name] = sorted(
                set(re.findall(r'"([A-Za-z_][A-Za-z0-9_ .:-]{0,30})"', files["game.toml"].decode()))
                | set(self.b.labels[:20])
            )

        def value(a) -> str:
            r = rnd.random()
            if r < 0.8 and a.choices:
                return str(rnd.choice(list(a.choices)))
            if r < 0.8 and a.type in (int, float):
                return rnd.choice(["1", "2", "0", "3", "6", "10"])
            if r < 0.85:
                return rnd.choice(words)
            if r < 0.93:
                return rnd.choice(["1", "2", "0", "3", "6", "10"])
            return rnd.choice(ARG_LABELS + ["-1", "9" * 30, "9" * 5000, "1e3", "nan", "x=1", "a,b", "", " ", "-", "--"])

        argv = [verb.name, "game.toml"]
        for a in ap._actions:
            if a.dest in ("help", "game", "check"):
                continue
            if a.option_strings:
                if rnd.random() < 0.4:
                    argv.append(a.option_strings[0])
                    if a.nargs != 0:
                        argv += [value(a) for _ in range(1 if a.nargs in (None, "?") else rnd.randrange(1, 3))]
            elif rnd.random() < 0.9:
                argv += [value(a) for _ in range(1 if a.nargs in (None, "?") else rnd.randrange(0, 4))]
        if verb.cli_check and rnd.random() < 0.2:
            argv.append("--check")
        saving = "--check" not in argv
        return Case(
            i,
            "verbs",
            files,
            argv,
            f"{name} game, {verb.name}: {note}",
            watch="game.toml",
            saves="game.toml" if saving else "",
        )

    def _log(self, i: int, rnd: random.Random) -> Case:
        """A game whose [[log]] is damaged (undo patches, actions, numbers), then the commands
        that read or take back the log, and one that saves."""
        name, files = rnd.choice(self.b.logged)
        files = dict(files)
        data = tomllib.loads(files["game.toml"].decode())
        log = data.get("log", [])
        notes = []
        for _ in range(rnd.choice([1, 1, 2])):
            if not isinstance(log, list) or not log or not isinstance(e := rnd.choice(log), dict):
                break
            if not isinstance(e.get("undo"), list) or not all(isinstance(u, dict) for u in e["undo"]):
                e["undo"] = []
            if not isinstance(e.get("action"), dict):
                e["action"] = {"verb": "x"}
            op = rnd.randrange(10)
            if op == 0 and e.get("undo"):
                u = rnd.choice(e["undo"])
                u["at"] = rnd.choice(
                    [
                        [],
                        ["x"],
                        ["turn", "x", "y"],
                        [1, 2],
                        "turn",
                        [CONTROL],
                        ["armies", "nobody", "at"],
                        list(u["at"]) + ["deeper"],
                    ]
                )
                notes.append("an undo path changed")
            elif op == 1 and e.get("undo"):
                rnd.choice(e["undo"])["was"] = nasty_value(rnd)
                notes.append("an undo value changed")
            elif op == 2:
                e["undo"] = nasty_value(rnd)
                notes.append("undo replaced")
            elif op == 3:
                e["action"][rnd.choice(["when", "verb", "from", "x"])] = nasty_value(rnd)
                notes.append("an action value changed")
            elif op == 4:
                e["n"] = nasty_value(rnd)
                notes.append("n changed")
            elif op == 5:
                log.insert(rnd.randrange(len(log) + 1), dict(e))
                notes.append("an entry doubled")
            elif op == 6 and len(log) > 1:
                j, k = rnd.randrange(len(log)), rnd.randrange(len(log))
                log[j], log[k] = log[k], log[j]
                notes.append("entries swapped")
            elif op == 7:
                log.remove(e)
                notes.append("an entry removed")
            elif op == 8 and e.get("undo"):
                rnd.choice(e["undo"])["order"] = rnd.choice([["a"], [1], "x", []])
                notes.append("an order added")
            else:
                e[rnd.choice(["redo", "x", "did", "turn", "by"])] = nasty_value(rnd)
                notes.append("a key set")
        files["game.toml"] = dump_toml(data).encode("utf-8")
        argv = rnd.choice(
            [
                ["log", "game.toml"],
                ["log", "game.toml", "--json"],
                ["undo", "game.toml"],
                ["check", "game.toml"],
                ["referee", "game.toml"],
                ["undo", "game.toml"],
                ["@open", "game.toml", rnd.choice(["yes", "no"])],
            ]
        )
        saves = "game.toml" if argv[0] in ("undo", "@open") else ""
        return Case(
            i, "log", files, argv, f"{name} game: {'; '.join(notes) or 'unchanged'}", watch="game.toml", saves=saves
        )

    def _journal(self, i: int, rnd: random.Random) -> Case:
        """A game and the crash journal a window left (beside it, or a new game's in the state
        folder), the journal damaged or not, the game changed since or not; the window's open
        path answers the recovery question yes or no and saves what it recovered."""
        name, files = rnd.choice(self.b.journals)
        files = dict(files)
        jname = next(k for k in files if k.endswith(".journal"))
        text = files[jname].decode()
        r = rnd.random()
        specials: list[tuple[str, str]] = []
        if r < 0.25:
            note = "unchanged"
        elif r < 0.5:
            files[jname], note = mutate_json_lines(text, rnd)
        elif r < 0.7:
            files[jname], note = mutate_text(text, rnd)
        elif r < 0.8:
            files[jname] = files[jname][: rnd.randrange(len(files[jname]) + 1)]
            note = "torn"
        elif r < 0.9 and "game.toml" in files:
            files["game.toml"], note = mutate_text(files["game.toml"].decode(), rnd)
            note = "the game changed since: " + note
        else:
            kind = rnd.choice(["fifo", "dir", "link", "loop", "sparse", "victim"])
            del files[jname]
            specials = [(jname, kind)]
            note = f"the journal is a {kind}"
        target = "game.toml" if "game.toml" in files else "scenario.toml"
        return Case(
            i,
            "journal",
            files,
            ["@open", target, rnd.choice(["yes", "yes", "no"])],
            f"{name}: {note}",
            specials=specials,
            watch="victim.txt" if specials and specials[0][1] == "victim" else "",
            saves=target if target == "game.toml" else "saved.toml",
        )

    def _geojson(self, i: int, rnd: random.Random) -> Case:
        """``import-areas`` on GeoJSON: Natural Earth's Europe or a grid of squares, mutated as
        JSON or as text, features made to overlap, scaled out of range, multiplied, deep JSON,
        odd documents, or special files; a map it writes must pass ``mapref check``."""
        name = rnd.choice(sorted(self.b.geojson))
        text = self.b.geojson[name]
        r = rnd.random()
        specials: list[tuple[str, str]] = []
        data = text.encode()
        if r < 0.15:
            note = "unchanged"
        elif r < 0.4:
            t, note = mutate_json(text, rnd)
            data = t.encode()
        elif r < 0.5:
            data, note = mutate_text(text, rnd)
        elif r < 0.75:
            t, note = geojson_geometry(json.loads(text), rnd)
            data = t.encode()
        elif r < 0.9:
            data, note = odd_json(rnd)
        else:
            kind = rnd.choice(["fifo", "dir", "link", "loop", "sparse", "sparse100"])
            specials = [("f.geojson", kind)]
            note = f"a {kind}"
        files = {} if specials else {"f.geojson": data}
        argv = ["import-areas", "f.geojson", "-o", "out.toml"]
        if rnd.random() < 0.25:
            argv += [
                "--name-property",
                rnd.choice(["name", "admin", "iso_a3", "n", "x", "", CONTROL.replace("\x00", "")]),
            ]
        return Case(i, "geojson", files, argv, f"{name}: {note}", specials=specials, saves="out.toml")

    def _image(self, i: int, rnd: random.Random) -> Case:
        """A map (hex or area) with a background image: a small PNG or JPEG, a 40-megapixel one,
        a bomb's header, each maybe damaged; random bytes, or a special file; opened as the
        editor opens it."""
        mname = rnd.choice(["sample", "area_sample"])
        text = self.b.maps[mname]
        ext = rnd.choice(["png", "jpg", "jpeg", "gif", ""])
        bg = f"bg.{ext}" if ext else "bg"
        if "[background]" not in text:
            text += f"\n[background]\nimage = {toml_str(bg)}\nopacity = 0.5\n"
        else:
            text = re.sub(r'(?m)^image = ".*"$', f"image = {toml_str(bg)}", text)
        kind = rnd.choice(sorted(self.b.images) + ["random", "text", "empty", "special"])
        specials: list[tuple[str, str]] = []
        files = {"map.toml": text.encode()}
        if kind == "special":
            sk = rnd.choice(["fifo", "dir", "link", "loop", "sparse"])
            specials = [(bg, sk)]
            note = f"a {sk}"
        else:
            blob = {
                "random": bytes(rnd.randrange(256) for _ in range(rnd.randrange(1, 3000))),
                "text": b"not an image\n",
                "empty": b"",
            }.get(kind, self.b.images.get(kind, b""))
            r = rnd.random()
            note = kind
            if r < 0.3 and blob:
                b = bytearray(blob)
                for _ in range(rnd.randrange(1, 8)):
                    b[rnd.randrange(len(b))] = rnd.randrange(256)
                blob, note = bytes(b), f"{kind}, bytes flipped"
            elif r < 0.5 and blob:
                blob, note = blob[: rnd.randrange(len(blob))], f"{kind}, cut short"
            elif r < 0.6 and blob[:4] == b"\x89PNG":
                w, h = rnd.choice([(0, 1), (1, 0), (2**31 - 1, 2**31 - 1), (70000, 70000), (20000, 9000), (5, 5)])
                blob, note = png_header(w, h) + blob[33:], f"{kind}, header says {w}x{h}"
            files[bg] = blob
        return Case(
            i, "image", files, ["@open", "map.toml", "yes"], f"{mname} with background {bg}: {note}", specials=specials
        )

    def _window(self, i: int, rnd: random.Random) -> Case:
        """Any file a window opens (maps of both kinds, every ruleset's scenarios and games),
        mutated or not, through the windows' open path."""
        pick = rnd.randrange(3)
        if pick == 0:
            mname = rnd.choice(sorted(self.b.maps))
            files, target = {"file.toml": self.b.maps[mname].encode()}, "file.toml"
            note = mname
        elif pick == 1:
            sname = rnd.choice(sorted(self.b.all_scenarios))
            sc, mp = self.b.all_scenarios[sname]
            files, target, note = {"scenario.toml": sc.encode(), "map.toml": mp.encode()}, "scenario.toml", sname
        else:
            note, files = rnd.choice(self.b.logged)
            files, target = dict(files), "game.toml"
        which = rnd.choice(sorted(files))
        r = rnd.random()
        if r < 0.3:
            note += ", unchanged"
        elif r < 0.6:
            files[which], n = mutate_struct(files[which].decode(), rnd)
            note += f", {which}: {n}"
        else:
            files[which], n = mutate_text(files[which].decode(), rnd)
            note += f", {which}: {n}"
        return Case(
            i,
            "window",
            files,
            ["@open", target, rnd.choice(["yes", "no"])],
            note,
            watch=target if pick == 2 else "",
            saves=target if pick == 2 else ("saved.toml" if pick == 1 else ""),
        )

    # ------------------------------------------------ issue 36: the importers, -o, two processes
    def _triplea(self, i: int, rnd: random.Random) -> Case:
        """``import-triplea`` on the toy TripleA map: its game file made hostile or mutated as
        text, its outlines, centres or properties mutated, or the folder zipped (and the zip made
        hostile); with a scenario of its set-up, another game file, or none."""
        files = dict(self.b.triplea)
        game = "toy/map/games/toy_world.xml"
        r = rnd.random()
        if r < 0.15:
            note = "unchanged"
        elif r < 0.5:
            text, note = nasty_xml(files[game].decode(), rnd)
            files[game] = text.encode("utf-8", "surrogatepass")
        else:
            which = rnd.choice(sorted(files))
            files[which], n = mutate_text(files[which].decode("utf-8", "replace"), rnd)
            note = f"{which}: {n}"
        src = "toy"
        if rnd.random() < 0.3:
            data, n = zipped(files, rnd)
            files, src, note = {"toy.zip": data}, "toy.zip", f"{note}; {n}"
        argv = ["import-triplea", src, "-o", "out.toml"]
        also: tuple[str, ...] = ()
        if rnd.random() < 0.4:
            argv += ["--scenario", "s.toml"]
            also = ("s.toml",)
        if rnd.random() < 0.15:
            argv += ["--game", rnd.choice(["toy_world.xml", "missing.xml", "toy/map/polygons.txt", "/dev/zero"])]
        if rnd.random() < 0.05:
            argv[1] = rnd.choice(["/proc", "/", "/dev", ".", "nowhere"])
        return Case(i, "triplea", files, argv, note, saves="out.toml", also=also)

    def _scan_file(self, rnd: random.Random) -> tuple[bytes | None, str, list[tuple[str, str]]]:
        """An image to trace or lay under a map: the border picture, a damaged or odd one, or a
        special file (then None and the special's kind)."""
        pick = rnd.randrange(8)
        if pick < 3:
            return self.b.scan, "borders", []
        if pick == 3:
            name = rnd.choice(sorted(self.b.damaged))
            return self.b.damaged[name], name, []
        if pick == 4:
            b = bytearray(self.b.scan)
            for _ in range(rnd.randrange(1, 10)):
                b[rnd.randrange(len(b))] = rnd.randrange(256)
            return bytes(b), "borders, bytes flipped", []
        if pick == 5:
            w, h = rnd.choice([(100_000, 100_000), (8000, 5001), (0, 1), (2**31 - 1, 1)])
            return png_header(w, h), f"header says {w}x{h}", []
        if pick == 6:
            return rnd.choice([b"", b"not an image\n", self.b.images["jpeg"], self.b.images["bomb"]]), "odd", []
        return None, "special", [("scan.png", rnd.choice(["fifo", "dir", "link", "loop", "sparse"]))]

    def _trace(self, i: int, rnd: random.Random) -> Case:
        """``trace-areas`` on a picture of borders, damaged images and special files, with odd options."""
        data, note, specials = self._scan_file(rnd)
        argv = ["trace-areas", "scan.png", "-o", "out.toml"]
        for opt, values in (
            ("--threshold", ["1", "128", "255", "0", "256", "-1", "x", "9" * 30]),
            ("--min-area", ["1", "16", "0", "1e9", "nan", "-5", "inf"]),
            ("--tolerance", ["0", "2", "100", "101", "nan", "-1"]),
            ("--name", ["A map", "", CONTROL.replace("\x00", ""), "x" * 5000]),
        ):
            if rnd.random() < 0.3:
                argv += [opt, rnd.choice(values)]
        files = {"scan.png": data} if data is not None else {}
        return Case(i, "trace", files, argv, note, specials=specials, saves="out.toml", keep=tuple(files))

    def _newmap(self, i: int, rnd: random.Random) -> Case:
        """``new-map`` with odd sizes, projections, names and underlays."""
        argv = ["new-map", "-o", rnd.choice(["out.toml", "sub/out.toml", "out", ".toml"])]
        for opt, values in (
            ("--width", ["1000", "1", "0", "-5", "1e9", "nan", "inf", "x"]),
            ("--height", ["700", "1", "0", "1e308", "nan"]),
            ("--projection", ["-12,71", "-12,71,20,50", "0,0,0", "x,y", "1,2,3,4,5", "nan,nan", "1e308,1", ""]),
            ("--name", ["Europe", "", CONTROL.replace("\x00", ""), "y" * 5000]),
        ):
            if rnd.random() < 0.35:
                argv += [opt, rnd.choice(values)]
        files: dict[str, bytes] = {}
        specials: list[tuple[str, str]] = []
        note = "blank"
        if rnd.random() < 0.4:
            data, note, specials = self._scan_file(rnd)
            if data is not None:
                files["scan.png"] = data
            argv += ["--underlay", "scan.png"]
        return Case(i, "newmap", files, argv, note, specials=specials, saves=argv[2], keep=tuple(files))

    def _export(self, i: int, rnd: random.Random) -> Case:
        """``export-html`` of a game or a scenario of any ruleset, names holding what script data
        acts on, the files mutated or not; the page must be whole and its data block inert."""
        name, files = rnd.choice(self.b.logged)
        files = dict(files)
        if rnd.random() < 0.5:
            seq = rnd.choice(["<!--<script>", "</script><b>x</b>", "<script>", "<!--", "-->", "</SCRIPT >", "\u2028"])
            text = files["map.toml"].decode()
            names = re.findall(r'name = "([^"]+)"', text)
            if names:
                target = rnd.choice(names)
                text = text.replace(f'name = "{target}"', f'name = "{target} {seq}"', 1)
            files["map.toml"] = text.encode()
            note = f"a name with {seq!r}"
        elif rnd.random() < 0.5:
            which = rnd.choice(sorted(files))
            files[which], n = mutate_text(files[which].decode(), rnd)
            note = f"{which}: {n}"
        else:
            note = "unchanged"
        src = rnd.choice(["game.toml", "game.toml", "scenario.toml"])
        return Case(i, "export", files, ["export-html", src, "-o", "page.html"], f"{name}: {note}", saves="page.html")

    def _outputs(self, i: int, rnd: random.Random) -> Case:
        """Every command that writes a file, told to write where it must not: over a file there
        (without --force: refused, unchanged; with it: replaced, the old one kept as NAME.bak), over
        a file it reads (refused even with --force), a link to one, a folder, a FIFO, nowhere."""
        name, base = rnd.choice(self.b.logged)
        files = {**base, "scan.png": self.b.scan, "f.geojson": self.b.geojson["grid"].encode()}
        files.update(self.b.triplea)
        writers = {
            "render": (["render", "game.toml", "--size", "4"], ".png", ["game.toml", "map.toml"]),
            "export-html": (["export-html", "game.toml"], ".html", ["game.toml", "map.toml", "scenario.toml"]),
            "import-areas": (["import-areas", "f.geojson"], ".toml", ["f.geojson"]),
            "import-triplea": (
                ["import-triplea", "toy"],
                ".toml",
                ["toy/map/polygons.txt", "toy/map/games/toy_world.xml"],
            ),
            "trace-areas": (["trace-areas", "scan.png"], ".toml", ["scan.png"]),
            "new-map": (["new-map", "--underlay", "scan.png"], ".toml", ["scan.png"]),
            "new-game": (["new-game", "scenario.toml"], ".toml", ["scenario.toml", "map.toml"]),
        }
        verb = rnd.choice(sorted(writers))
        argv, ext, inputs = writers[verb]
        argv = list(argv)
        where = rnd.choice(
            ["new", "exists", "force", "input", "input", "link", "hardlink", "folder", "fifo", "nowhere"]
        )
        specials: list[tuple[str, str]] = []
        keep = tuple(inputs)
        backup, saves, out = "", "", f"out{ext}"
        if where == "new":
            saves = out
        elif where in ("exists", "force"):
            files[out] = b"precious: not to be lost\n"
            if where == "force":
                argv.append("--force")
                backup, saves = out, out
            else:
                keep += (out,)
        elif where == "input":
            out = rnd.choice(inputs)
            argv.append("--force")
        elif where in ("link", "hardlink"):
            victim = rnd.choice(inputs)
            out = f"alias{ext}"
            specials = [(out, f"{'sym' if where == 'link' else 'hard'}:{victim}")]
            argv.append("--force")
        elif where == "folder":
            specials = [(out, "dir")]
        elif where == "fifo":
            specials, out = [(out, "fifo")], out
            argv.append("--force")
        else:
            out = rnd.choice(["no/such/dir/out" + ext, "", "/proc/out" + ext])
        argv[1:1] = []
        argv += ["-o", out]
        if saves and ext not in (".toml", ".html", ".png"):
            saves = ""
        return Case(
            i, "outputs", files, argv, f"{verb}: -o {where}", specials=specials, keep=keep, backup=backup, saves=saves
        )

    def _two(self, i: int, rnd: random.Random) -> Case:
        """Two processes on one game: a window playing it and a second window, or the command
        line, at it; the first window then saved, closed or killed (:func:`two_processes`)."""
        name, files = rnd.choice(self.b.logged)
        files = dict(files)
        if rnd.random() < 0.2:  # the leftover of an earlier window
            files[".game.toml.journal"] = b'{"journal": 1, "time": 1, "game": "x", "base": "0", "saved_log": 0}\n'

        second = rnd.choice(["window yes", "window no", "cli", "cli --check", "save as", "undo", "cli -o --force"])
        first = rnd.choice(["saved", "closed", "killed", "killed", "kept"])
        return Case(
            i, "two", files, ["@two", second, first, str(rnd.randrange(1, 4))], f"{name}: {second}, then {first}"
        )

    def _big(self, i: int, rnd: random.Random) -> Case:
        """Files up to the 16 MiB cap, of the shapes that cost the most to read: long arrays of
        numbers, strings or tables, many keys, a polygon of a million points, many locations, a
        game with a long log."""
        from mapref.io import problems

        MAX_ITEMS = getattr(problems, "MAX_ITEMS", 2_000_000)
        size = rnd.choice([1, 4, 8, 15.5]) * (1 << 20)
        shape = rnd.choice(
            ["ints", "floats", "strings", "inline", "nested", "keys", "polygon", "locations", "log", "hexes"]
        )
        data = big_document(shape, int(size), rnd, self.b)
        items = sum(data.count(c) for c in (b",", b"=", b"[", b"{"))
        if items > MAX_ITEMS and rnd.random() < 0.8:  # mostly just under the cap on items: the costliest files read
            data = big_document(shape, int(len(data) * MAX_ITEMS * 0.97 / items), rnd, self.b)
        fname = "game.toml" if shape == "log" else "f.toml"
        files = {fname: data}
        if shape == "log":
            _, base = self.b.logged[0]
            files.update({k: v for k, v in base.items() if k != "game.toml"})
        argv = rnd.choice(
            [
                ["check", fname],
                ["info", fname],
                ["info", fname, "--json"],
                ["render", fname, "-o", "out.png", "--size", "4"],
                ["@open", fname, "yes"],
                ["log", fname],
                ["referee", fname],
            ]
        )
        return Case(i, "big", files, argv, f"{shape}, {len(data) >> 20} MiB")


# ------------------------------------------------------------------------------ running one
# FILE[:LINE[:COL]]: ..., FILE possibly ZIP:MEMBER (a zipped TripleA map's file), or mapref: ...
ERROR_LINE = re.compile(r"^(mapref: .+|[^\s:][^:]*(:[^\s:\d][^:]*)?(:\d+(:\d+)?)?: .+)$")
UNSAFE = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def _rss_mb() -> float:
    """This process's resident size now, in MB (what a child forked now starts with)."""
    try:
        return int(Path("/proc/self/status").read_text().split("VmRSS:")[1].split()[0]) / 1024
    except (OSError, IndexError, ValueError):
        return 0.0


def _vm_bytes() -> int:
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmSize:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 512 << 20


def window_open(argv: list[str]) -> int:
    """``@open FILE yes|no``: what ``mapref FILE`` does before its window shows, without a screen.

    The file is read as ``mapref FILE`` reads it (:func:`mapref.rules.files.open_file`); a game
    or a scenario is then loaded for play by the referee's windows' own function
    (:func:`mapref.ui.referee.load_for_play`, which deals with what a crashed window left: the
    question is answered ``yes`` or ``no``), and what it recovered is saved as Ctrl+S saves it
    (a game to its file, a new game to ``saved.toml``); a map's background image is read as the
    editors read it (:func:`mapref.ui.images.read`).  Errors are printed as ``mapref`` prints
    them; what the windows show as a message (a refused background, a save that failed) exits
    1 with that message; anything else is an internal error, as it is in ``mapref FILE``."""
    from mapref.io.problems import FileProblems, clip, escape

    path, answer = argv[1], argv[2] == "yes"
    try:
        from mapref.rules.files import NotReadable, open_file

        kind, obj = open_file(path)
        if kind in ("game", "scenario"):
            from mapref.ui.referee import load_for_play

            s = load_for_play(path, journal=True, ask=lambda question: answer)
            for note in getattr(s, "notes", ()):
                print(escape(note))
            if s.dirty:
                try:
                    s.save(path if kind == "game" else "saved.toml")
                except (NotReadable, OSError) as e:  # the window says so in a message box
                    print(f"mapref: {clip(escape(str(e)), 600)}", file=sys.stderr)
                    return 1
            s.close()
            return 0
        bg = getattr(getattr(obj, "map", obj), "background", None)
        if bg:
            from mapref.ui.images import ScanRefused, read

            try:
                scan = read(Path(path).parent / bg["image"])
                print(f"background {scan.image.width}x{scan.image.height}")
            except ScanRefused as e:  # the editor's status bar and problems panel
                print(f"mapref: {clip(escape(str(e)), 600)}", file=sys.stderr)
                return 1
        return 0
    except FileProblems as e:
        for p in e.problems:
            print(p, file=sys.stderr)
        return 1
    except MemoryError:
        raise
    except Exception as e:  # as mapref.cli.main reports it, the traceback in the error log
        from mapref.cli import _log_internal_error

        log = _log_internal_error()
        print(
            f"mapref: internal error: {type(e).__name__}: {clip(escape(str(e)), 300)} (details in {log})",
            file=sys.stderr,
        )
        return 2


def _play(s, n: int) -> int:
    """Up to ``n`` actions that end the step (every ruleset has them); how many were done."""
    done = 0
    for _ in range(n):
        a = s.ruleset.end_step(s.game)
        if a is None:
            break
        out = s.check(a)
        if not out.ok and out.ask is not None and out.ask.options:
            a.args[out.ask.key] = out.ask.options[0]
            out = s.check(a)
        if not out.ok or not s.apply(a, outcome=out).ok:
            break
        done += 1
    return done


def _first_window(game: str, n: int, tell: int, hear: int) -> None:
    """In a process of its own: a window's session playing ``n`` actions of ``game``, then doing
    what it is told (save, close, or nothing) and waiting to be told to go, or killed."""
    try:
        from mapref.rules.files import load_game
        from mapref.rules.recovery import open_for_play

        s = open_for_play(load_game(game, game), ask=lambda question: False)
        done = _play(s, n)
        os.write(tell, f"{done} {len(s.log)} {int(bool(getattr(s, 'read_only', '')))}\n".encode())
        what = os.read(hear, 16).decode().strip()
        if what == "saved":
            s.save()
        elif what == "closed":
            s.close()
        os.write(tell, b"ok\n")
        os.read(hear, 1)
    finally:
        os._exit(0)


def two_processes(argv: list[str]) -> int:
    """``@two SECOND FIRST N``: two processes on ``game.toml``.  A first window (a process of its
    own, :func:`_first_window`) plays N actions; then, while it has the game, SECOND is a second
    window (``window yes|no``: answering the crash journal's question so, were it asked), a
    command (``cli``, ``cli --check``, ``undo``; ``cli -o --force``: ``new-game -o`` the game
    ``--force``) or a new game saved as the same file (``save as``); then the first window is ``saved``, ``closed``, ``killed`` or ``kept``.  What must hold:
    the second never changes the game, its journal or the first's, nor is offered the first's
    journal; the first's actions are then saved, gone with its close, or (killed) all offered back
    by the next window.  A broken promise is one ``fuzz-invariant:`` line (a messy case)."""
    import signal as sig

    from mapref.cli import main as mapref_main
    from mapref.rules.files import load_game, new_game
    from mapref.rules.journal import journal_path
    from mapref.rules.recovery import open_for_play
    from mapref.rules.session import GameSession

    second, first, n = argv[1], argv[2], int(argv[3])
    game = "game.toml"
    journal = journal_path(game)
    r1, w1 = os.pipe()
    r2, w2 = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r1)
        os.close(w2)
        _first_window(game, n, w1, r2)
    os.close(w1)
    os.close(r2)
    broken: list[str] = []
    try:
        got = os.read(r1, 100).decode().split()
        if len(got) != 3:
            print("mapref: the first window could not open the game", file=sys.stderr)
            return 1
        done, log_len, ro = (int(x) for x in got)
        if ro:
            print("mapref: the first window opened the game read-only", file=sys.stderr)
            return 1
        file_before = Path(game).read_bytes()
        journal_before = journal.read_bytes() if journal.exists() else None
        asked: list[str] = []
        if second.startswith("window"):
            s2 = open_for_play(load_game(game, game), ask=lambda q: asked.append(q) or second == "window yes")
            if not getattr(s2, "read_only", ""):
                broken.append("a second window could change the game a first window plays")
            if asked:
                broken.append("a second window was offered the first window's crash journal")
            a = s2.ruleset.end_step(s2.game)
            if a is not None and s2.apply(a).ok:
                broken.append("a second window did an action on a game a first window plays")
            try:
                s2.save()
                broken.append("a second window saved over a game a first window plays")
            except ValueError:
                pass
            s2.close()
        elif second.startswith("cli") or second == "undo":
            out = io.StringIO()
            if second == "undo":
                args = ["undo", game]
            elif second == "cli -o --force":  # a writing command told to replace the game
                args = ["new-game", "scenario.toml", "-o", game, "--force"]
            else:
                args = ["advance", game] + second.split()[1:]
            with redirect_stdout(out), redirect_stderr(out):
                rc = mapref_main(args)
            if rc == 0 and "--check" not in args:
                broken.append(f"mapref {' '.join(args)} changed a game a window plays")
        else:  # save as
            s2 = GameSession(
                new_game("scenario.toml", scenario_ref="scenario.toml", map_ref="map.toml", auto_place=True),
                journal=True,
            )
            _play(s2, 1)
            try:
                s2.save(game)
                broken.append("a new game was saved over a game a window plays")
            except ValueError:
                pass
            s2.close()
        if Path(game).read_bytes() != file_before:
            broken.append(f"{second} changed the game file under the first window")
        if (journal.read_bytes() if journal.exists() else None) != journal_before:
            broken.append(f"{second} changed the first window's crash journal")
        if first == "killed":
            os.kill(pid, sig.SIGKILL)
            os.waitpid(pid, 0)
            pid = 0
            s3 = open_for_play(load_game(game, game), ask=lambda q: True)
            if len(s3.log) != log_len:
                broken.append(f"the killed window had {log_len} actions in its log; {len(s3.log)} came back")
            s3.close()
        else:
            os.write(w2, (first + "\n").encode())
            os.read(r1, 10)
            saved = load_game(game, game)
            want = log_len if first == "saved" else len(load_game(game, game).log)
            if first == "saved" and len(saved.log) != want:
                broken.append(f"the first window saved {log_len} actions; the file holds {len(saved.log)}")
            if first == "closed" and journal.exists():
                broken.append("the first window closed without saving, and its journal is still there")
        print(f"{done} actions by the first window; {second}; then {first}")
    finally:
        if pid:
            try:
                os.write(w2, b"x\n")
                os.write(w2, b"x")
            except OSError:
                pass
            os.waitpid(pid, 0)
        for fd in (r1, w2):
            try:
                os.close(fd)
            except OSError:
                pass
    for b in broken:
        print(f"fuzz-invariant: {b}", file=sys.stderr)
    return 1 if broken else 0


def _child(case: Case, folder: Path, cpu: int, memory_mb: int, entry=None) -> None:
    """In the forked child: limits, output to files, mapref.cli.main(argv), the result to result.json."""
    try:
        os.chdir(folder)
        null = os.open(os.devnull, os.O_RDONLY)
        os.dup2(null, 0)
        out = os.open("stdout.txt", os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        err = os.open("stderr.txt", os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        os.dup2(out, 1)
        os.dup2(err, 2)
        sys.stdout = open(1, "w", encoding="utf-8", closefd=False)
        sys.stderr = open(2, "w", encoding="utf-8", errors="backslashreplace", closefd=False)
        os.environ["XDG_STATE_HOME"] = str(folder / "state")
        resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 2))
        limit = _vm_bytes() + (memory_mb << 20)
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        from mapref.cli import main as mapref_main

        main = entry or {"@open": window_open, "@two": two_processes}.get(case.argv[0], mapref_main)
        saved_before = Path(case.saves).read_bytes() if case.saves and Path(case.saves).is_file() else None

        result: dict = {"status": "returned"}
        try:
            result["rc"] = main(list(case.argv))
        except SystemExit as e:
            result["rc"] = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
        except MemoryError:
            result = {"status": "memory"}
        except BaseException as e:
            import traceback

            result = {
                "status": "raised",
                "error": f"{type(e).__name__}: {e}"[:500],
                "traceback": traceback.format_exc()[-3000:],
            }
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        except BaseException as e:  # output that cannot be written is the command's failure
            result = {"status": "raised", "error": f"flushing output: {type(e).__name__}: {e}"[:500]}
        written = bool(case.saves) and Path(case.saves).is_file() and Path(case.saves).read_bytes() != saved_before
        if result.get("rc") == 0 and written:  # what a command wrote must load again
            result["reload"], result["reload_err"] = _reload(case.saves, mapref_main)
        for more in case.also if result.get("rc") == 0 else ():
            if result.get("reload") in (0, None) and Path(more).is_file():
                result["reload"], result["reload_err"] = _reload(more, mapref_main)
        fd = os.open(folder / "result.json", os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        os.write(fd, json.dumps(result).encode())
        os.close(fd)
        os._exit(0)
    except BaseException:
        os._exit(3)


def _reload(path: str, mapref_main) -> tuple[int, str]:
    """(0 when what a command wrote is whole, else 1 or 2; what was said): a TOML file must pass
    ``mapref check``; a web page must be whole, its data block holding nothing the HTML parser acts
    on in script data; an image must decode."""
    out = io.StringIO()
    kind = path.removesuffix(".bak")  # a backup is read as the file it was
    with redirect_stdout(out), redirect_stderr(out):
        try:
            if kind.endswith(".html"):
                page = Path(path).read_text(encoding="utf-8")
                block = page.split('id="position-data">', 1)[1].split("</script>", 1)[0]
                json.loads(block)
                bad = [x for x in ("<!--", "<script", "</script") if x in block.lower()]
                if not page.rstrip().endswith("</html>") or bad:
                    print(f"{path}: a torn page, or its data block holds {bad}")
                    return 1, out.getvalue()[-500:]
                return 0, ""
            if kind.endswith((".png", ".jpg")):
                from PIL import Image

                with Image.open(path) as im:
                    im.load()
                return 0, ""
            return mapref_main(["check", path]), out.getvalue()[-500:]
        except BaseException as e:
            print(f"{path}: {type(e).__name__}: {e}")
            return 2, out.getvalue()[-500:]


def _prepare(case: Case, folder: Path) -> None:
    folder.mkdir(parents=True)
    for name, data in case.files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(data)
    for name, kind in case.specials:
        p = folder / name
        p.parent.mkdir(parents=True, exist_ok=True)
        if kind == "victim":  # a link planted where mapref writes: the file it names must stay as it is
            (folder / "victim.txt").write_text("precious\n")
            p.symlink_to(folder / "victim.txt")
        elif kind == "sparse100":
            with open(p, "wb") as f:
                f.truncate(100 << 20)
        elif kind == "fifo":
            os.mkfifo(p)
        elif kind == "dir":
            p.mkdir()
        elif kind == "loop":
            p.symlink_to(p.name)
        elif kind == "sparse":
            with open(p, "wb") as f:
                f.truncate(17 << 20)
        elif kind == "link":
            p.symlink_to("/dev/zero")
        elif kind.startswith("sym:"):  # another name for a file of the case
            p.symlink_to(kind[4:])
        elif kind.startswith("hard:"):
            os.link(folder / kind[5:], p)


def _classify(case: Case, folder: Path, how: str, before: bytes | None) -> tuple[str, str, dict]:
    """(outcome, detail, result) of a finished child."""
    if how == "hang":
        return "hang", "over the wall-clock cap", {}
    if how.startswith("signal"):
        sig = int(how.split()[1])
        if sig in (signal.SIGXCPU,):
            return "hang", "over the CPU cap", {}
        return "blowup", f"killed by signal {signal.Signals(sig).name}", {}
    try:
        result = json.loads((folder / "result.json").read_text())
    except (OSError, ValueError):
        return "blowup", f"child ended without a result ({how})", {}
    out = (folder / "stdout.txt").read_text(encoding="utf-8", errors="replace")
    err = (folder / "stderr.txt").read_text(encoding="utf-8", errors="replace")
    result["stdout"], result["stderr"] = out[-4000:], err[-4000:]
    if result["status"] == "memory":
        return "blowup", "MemoryError out of main()", result
    if result["status"] == "raised":
        return "internal", result.get("error", ""), result
    rc = result.get("rc")
    if rc == 2 or "internal error" in err:
        if "MemoryError" in err:
            return "blowup", "MemoryError", result
        return "internal", _signature(folder, err), result
    if "Traceback" in out + err:
        return "internal", "a traceback was printed", result
    leftovers = [p.name for p in folder.iterdir() if ".mapref-tmp-" in p.name]
    if leftovers:
        return "messy", f"temporary left behind: {leftovers[0]}", result
    for name in case.keep:  # a command's inputs: never written over, whatever it was told
        if not (folder / name).is_file() or (folder / name).read_bytes() != case.files.get(name):
            return "messy", f"destroyed {name}, a file it read", result
    if "fuzz-invariant:" in err:
        return "messy", err.split("fuzz-invariant:", 1)[1].strip().splitlines()[0][:200], result
    victim = folder / "victim.txt"
    if victim.exists() and victim.read_text(errors="replace") != "precious\n":
        return "messy", "a planted link was written through", result
    if rc == 1 and case.argv[0] == "referee" and out.strip() and not err.strip():
        rc = 0  # the referee's report, with violations: exit 1 by design
    if rc == 0:
        bak = folder / (case.backup + ".bak")
        if case.backup and (not bak.is_file() or bak.read_bytes() != case.files.get(case.backup)):
            return "messy", f"replaced {case.backup} without keeping it as {case.backup}.bak", result
        if case.saves and result.get("reload") not in (0, None):
            return (
                "messy",
                f"{case.saves} written, but it does not load again: {result.get('reload_err', '')[:200]}",
                result,
            )
        return "ok", "", result
    if rc != 1:
        return "internal", f"exit status {rc}", result
    if (
        case.watch
        and before is not None
        and (folder / case.watch).exists()
        and (folder / case.watch).read_bytes() != before
    ):
        return "messy", f"a failed command changed {case.watch}", result
    lines = [ln for ln in (err.splitlines() + (out.splitlines() if case.argv[0] == "check" else [])) if ln.strip()]
    for ln in lines:
        if UNSAFE.search(ln):
            return "messy", f"raw control character in: {ln[:120]!r}", result
        if case.argv[0] == "check" and ln.endswith(")") and ": ok (" in ln:
            continue
        if not ERROR_LINE.match(ln):
            return "messy", f"not an error line: {ln[:120]!r}", result
    if not lines:
        return "messy", "exit 1 without a message", result
    return "error", "", result


def _signature(folder: Path, err: str) -> str:
    """Exception type and the innermost mapref frame, from the case's error log."""
    log = folder / "state" / "mapref" / "error.log"
    m = re.search(r"internal error: (\w+)", err)
    kind = m.group(1) if m else "?"
    try:
        tb = log.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return f"{kind} (no log)"
    frames = re.findall(r'File "([^"]*mapref/[^"]+)", line (\d+), in (\w+)', tb)
    if frames:
        f, line, fn = frames[-1]
        return f"{kind} at {f.split('mapref/', 1)[1]}:{line} in {fn}"
    return kind


# ----------------------------------------------------------------------------------- driver
MEMORY_BUDGET_MB = 1024  # a case whose peak resident memory passes this is a blow-up


@dataclass
class Cost:
    """What one case's child used: CPU seconds, peak resident megabytes (as the kernel counts
    them for the forked child: with pages it shares with this process, whose resident size when
    it forked is ``parent_mb``), wall-clock seconds."""

    cpu: float
    peak_mb: float
    wall: float
    parent_mb: float = 0.0


@dataclass
class Report:
    counts: dict = field(default_factory=lambda: defaultdict(Counter))
    signatures: dict = field(default_factory=lambda: defaultdict(list))
    total: int = 0
    seconds: float = 0.0
    costs: list = field(default_factory=list)  # (Cost, case id) per case run

    def costliest(self) -> str:
        """The most CPU, memory and wall-clock time any case took, and which case."""
        if not self.costs:
            return "no costs measured"
        cpu = sorted(self.costs, key=lambda c: -c[0].cpu)[:3]
        mem = sorted(self.costs, key=lambda c: -c[0].peak_mb)[:3]
        own = max(self.costs, key=lambda c: c[0].peak_mb - c[0].parent_mb)
        wall = max(self.costs, key=lambda c: c[0].wall)
        return (
            f"most CPU {', '.join(f'{c.cpu:.1f} s (case {i})' for c, i in cpu)}; most memory "
            f"{', '.join(f'{c.peak_mb:.0f} MB (case {i}; the driver {c.parent_mb:.0f} MB when it forked)' for c, i in mem)}; "
            f"most above the driver's size {own[0].peak_mb - own[0].parent_mb:.0f} MB (case {own[1]}); "
            f"longest {wall[0].wall:.1f} s wall (case {wall[1]})"
        )

    def add(self, case: Case, outcome: str, detail: str) -> None:
        self.counts[case.family][outcome] += 1
        self.total += 1
        if outcome not in ("ok", "error"):
            self.signatures[(outcome, detail if outcome != "messy" else detail.split(":")[0])].append(case)

    def count(self, outcome: str) -> int:
        return sum(c[outcome] for c in self.counts.values())

    def table(self) -> str:
        fams = sorted(self.counts)
        rows = [f"{'family':<11}" + "".join(f"{o:>10}" for o in OUTCOMES) + f"{'cases':>10}"]
        for f in fams + ["all"]:
            c = Counter()
            for g in fams if f == "all" else [f]:
                c.update(self.counts[g])
            rows.append(f"{f:<11}" + "".join(f"{c[o]:>10}" for o in OUTCOMES) + f"{sum(c.values()):>10}")
        return "\n".join(rows)

    def summary(self) -> str:
        return (
            f"{self.total} cases: {self.count('internal')} internal errors, {self.count('hang')} hangs, "
            f"{self.count('blowup')} blow-ups ({self.count('messy')} messy)"
        )


def _preload() -> None:
    for mod in (
        "mapref.cli",
        "mapref.io.anyfile",
        "mapref.io.mapfile",
        "mapref.io.jsonview",
        "mapref.core.graph",
        "mapref.render.png",
        "mapref.io.gamefile",
        "mapref.render.game_overlay",
    ):
        try:
            __import__(mod)  # loaded once here, shared by every forked child
        except ImportError:
            pass


def run(
    n: int = 10000,
    seed: int = 15,
    jobs: int = 1,
    cpu: int = 10,
    memory_mb: int = 1024,
    families: tuple[str, ...] = FAMILIES,
    out: Path | None = None,
    progress=None,
    start: int = 0,
    wall: float | None = None,
) -> Report:
    """Run cases ``start`` .. ``start + n - 1`` of the seed; return the report."""
    _preload()
    work = Path(tempfile.mkdtemp(prefix="mapref-fuzz-"))
    try:
        gen = Generator(Bases(work), seed, families)
        return run_cases(
            (gen.case(i) for i in range(start, start + n)), work, jobs, cpu, memory_mb, out, progress, wall=wall
        )
    finally:
        shutil.rmtree(work, ignore_errors=True)


def run_cases(
    cases,
    work: Path,
    jobs: int = 1,
    cpu: int = 10,
    memory_mb: int = 1024,
    out: Path | None = None,
    progress=None,
    entry=None,
    wall: float | None = None,
    rss_mb: float = MEMORY_BUDGET_MB,
) -> Report:
    """Run each case in a forked child, ``jobs`` at a time.  ``entry`` replaces
    ``mapref.cli.main`` (the tests of this harness use it); ``wall`` is the wall-clock cap
    (default three times the CPU cap, and 5 s); a case whose peak resident memory passes
    ``rss_mb`` is a blow-up."""
    report = Report()
    t0 = time.monotonic()
    cases = iter(cases)
    running: dict[int, tuple[Case, Path, float, bytes | None, float]] = {}
    wall = 3 * cpu + 5 if wall is None else wall
    more = True
    try:
        while more or running:
            while more and len(running) < jobs:
                case = next(cases, None)
                if case is None:
                    more = False
                    break
                folder = work / "cases" / str(case.id)
                _prepare(case, folder)
                before = (folder / case.watch).read_bytes() if case.watch and (folder / case.watch).is_file() else None
                sys.stdout.flush()
                sys.stderr.flush()
                parent_mb = _rss_mb()
                pid = os.fork()
                if pid == 0:
                    _child(case, folder, cpu, memory_mb, entry)
                running[pid] = (case, folder, time.monotonic(), before, parent_mb)
            done = False
            for p, (case, folder, started, before, parent_mb) in list(running.items()):
                got, status, usage = os.wait4(p, os.WNOHANG)  # only our children: never another's
                if got == 0 and time.monotonic() - started <= wall:
                    continue
                if got == 0:
                    os.kill(p, signal.SIGKILL)
                    _, status, usage = os.wait4(p, 0)
                    how = "hang"
                else:
                    how = (
                        f"signal {os.WTERMSIG(status)}" if os.WIFSIGNALED(status) else f"exit {os.WEXITSTATUS(status)}"
                    )
                del running[p]
                done = True
                cost = Cost(
                    usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, time.monotonic() - started, parent_mb
                )
                _finish(report, case, folder, how, before, out, progress, cost, rss_mb)
            if not done:
                time.sleep(0.003)
    finally:
        for p in running:  # interrupted: leave no child behind
            try:
                os.kill(p, signal.SIGKILL)
                os.waitpid(p, 0)
            except OSError:
                pass
        report.seconds = time.monotonic() - t0
    return report


def _finish(
    report: Report,
    case: Case,
    folder: Path,
    how: str,
    before,
    out: Path | None,
    progress,
    cost=None,
    rss_mb: float = MEMORY_BUDGET_MB,
) -> None:
    outcome, detail, result = _classify(case, folder, how, before)
    if cost is not None:
        report.costs.append((cost, case.id))
        if outcome in ("ok", "error", "messy") and cost.peak_mb > rss_mb:
            outcome, detail = "blowup", f"over {rss_mb:.0f} MB resident"
    if outcome == "error":
        lines = [ln for ln in (result.get("stderr", "") + result.get("stdout", "")).splitlines() if ln.strip()]
        detail = lines[0] if lines else ""
    report.add(case, outcome, detail)
    if outcome not in ("ok", "error") and out is not None:
        keep = out / f"{outcome}-{case.id}"
        shutil.rmtree(keep, ignore_errors=True)
        shutil.copytree(
            folder, keep, symlinks=True, ignore=lambda d, names: [x for x in names if x in ("fifo.toml", "big.toml")]
        )
        (keep / "cmd.txt").write_text(
            " ".join(_quote(a) for a in ["mapref", *case.argv])
            + "\n"
            + ("(with fifo.toml a FIFO, big.toml a 17 MiB sparse file)\n" if case.specials else "")
        )
        (keep / "result.txt").write_text(
            f"{outcome}: {detail}\ncase {case.id}, {case.family}: {case.note}\n\n"
            f"stdout:\n{result.get('stdout', '')}\nstderr:\n{result.get('stderr', '')}\n"
            f"{result.get('traceback', '')}"
        )
    shutil.rmtree(folder, ignore_errors=True)
    if progress:
        progress(report, case, outcome, detail)


def _quote(a: str) -> str:
    """A command-line argument as a shell would read it, cut short, control characters escaped."""
    import shlex

    from mapref.io.problems import escape

    return escape(shlex.quote(a[:200] + ("..." if len(a) > 200 else "")))


# ------------------------------------------------------------------------------ the kill loop
KILL_KINDS = ("atomic", "map", "game", "journal", "render", "export", "import")
KILL_POINTS = ("link", "replace", "fsync", "write", "ftruncate", "unlink", "rename")


def _saver(kind: str, point: str = "", nth: int = 1) -> None:
    """In a forked child, in its folder: save ``kind`` over and over, two versions in turn, as
    the user's command or window would (until it is killed).  ``point``: the process kills itself
    as it makes its ``nth`` call of that system call (``link``, ``replace``, ``fsync``, ``write``,
    ``ftruncate``, ``unlink``): the leftovers of a kill at the worst moments, for the next kills."""
    from mapref.cli import main as mapref_main

    if point:
        real = getattr(os, point)
        calls = [0]

        def killing(*a, **kw):
            calls[0] += 1
            if calls[0] >= nth:
                os.kill(os.getpid(), signal.SIGKILL)
            return real(*a, **kw)

        setattr(os, point, killing)

    quiet = io.StringIO()
    n = 0
    with redirect_stdout(quiet), redirect_stderr(quiet):
        if kind == "atomic":  # the atomic writer alone, 2 MB at a time with its backup: the moments of a save
            from mapref.io.atomic import write_atomic

            texts = _versions(Path("map.toml").read_text(encoding="utf-8"))
            while True:
                write_atomic("big.toml", texts[n % 2], backup=True)
                n += 1
        if kind == "map":
            from mapref.io.mapfile import load_map, save_map

            m = load_map("map.toml")
            while True:
                m.hexes[m.grid.parse("P10")].production = 2 + n % 2
                save_map(m, "map.toml")  # the editor's save: NAME.bak kept
                n += 1
        elif kind == "journal":
            from mapref.rules.files import load_game
            from mapref.rules.recovery import open_for_play

            s = open_for_play(load_game("game.toml"), ask=lambda q: True)
            while True:
                if _play(s, 1) == 0 or n % 3 == 2:
                    s.undo()
                if n % 7 == 6:
                    s.save()
                n += 1
        else:
            argv = {
                "game": ["set", "game.toml", "P14", "--control"],
                "render": ["render", "small.toml", "-o", "m.png", "--size", "6", "--force"],
                "export": ["export-html", "game.toml", "-o", "page.html", "--force"],
                "import": ["import-areas", "f.geojson", "-o", "areas.toml", "--force"],
            }[kind]
            while True:
                mapref_main(argv + (["axis" if n % 2 else "soviet"] if kind == "game" else []))
                n += 1


def _versions(text: str) -> tuple[str, str]:
    """The two versions the ``atomic`` kind saves in turn (one a byte longer than the other)."""
    return text, text.replace("production = 2", "production = 13", 1)


def _verify(kind: str) -> str:
    """What is wrong with the files after a kill ("" when nothing): every file whole (the map
    one of its two versions, with its backup; the game passing check; the page whole; the image
    decoding), what the window journaled recoverable, and the next save working and leaving no
    temporary of a dead process."""
    from mapref.cli import main as mapref_main

    quiet = io.StringIO()
    with redirect_stdout(quiet), redirect_stderr(quiet):
        try:
            if kind == "atomic":
                from mapref.io.atomic import write_atomic

                texts = _versions(Path("map.toml").read_text(encoding="utf-8"))
                for f in ("big.toml", "big.toml.bak"):
                    if Path(f).exists() and Path(f).read_text(encoding="utf-8") not in texts:
                        return f"{f}: torn (neither of the two versions saved)"
                write_atomic("big.toml", texts[0], backup=True)
            if kind == "map":
                from mapref.io.mapfile import load_map, save_map

                for f in ("map.toml", "map.toml.bak"):
                    if Path(f).exists() and load_map(f).hexes[load_map(f).grid.parse("P10")].production not in (2, 3):
                        return f"{f}: not one of the versions saved"
                save_map(load_map("map.toml"), "map.toml")
            elif kind == "game":
                if mapref_main(["check", "game.toml"]) != 0:
                    return "game.toml: torn: " + quiet.getvalue()[-200:]
                if mapref_main(["set", "game.toml", "P14", "--control", "axis"]) != 0:
                    return "the next command failed: " + quiet.getvalue()[-200:]
            elif kind == "journal":
                from mapref.rules.files import load_game
                from mapref.rules.recovery import open_for_play

                s = open_for_play(load_game("game.toml"), ask=lambda q: True)
                bad = [x for x in s.notes if "could not" in x]
                if bad:
                    return f"the journal: {bad[0][:200]}"
                s.save()
                s.close()
                if mapref_main(["check", "game.toml"]) != 0:
                    return "game.toml after recovery: " + quiet.getvalue()[-200:]
            elif kind == "render":
                from PIL import Image

                for f in ("m.png", "m.png.bak"):
                    if Path(f).exists():
                        with Image.open(f) as im:
                            im.load()
                if mapref_main(["render", "small.toml", "-o", "m.png", "--size", "6", "--force"]) != 0:
                    return "the next render failed: " + quiet.getvalue()[-200:]
            elif kind == "export":
                for f in ("page.html", "page.html.bak"):
                    if Path(f).exists() and _reload(f, mapref_main)[0] != 0:
                        return f"{f}: torn"
                if mapref_main(["export-html", "game.toml", "-o", "page.html", "--force"]) != 0:
                    return "the next export failed: " + quiet.getvalue()[-200:]
            elif kind == "import":
                for f in ("areas.toml", "areas.toml.bak"):
                    if Path(f).exists() and mapref_main(["check", f]) != 0:
                        return f"{f}: torn: " + quiet.getvalue()[-200:]
                if mapref_main(["import-areas", "f.geojson", "-o", "areas.toml", "--force"]) != 0:
                    return "the next import failed: " + quiet.getvalue()[-200:]
        except BaseException as e:
            return f"{type(e).__name__}: {str(e)[:200]}"
    dead = [p.name for p in Path(".").iterdir() if ".mapref-tmp-" in p.name]
    return f"a dead save's temporary left after the next save: {dead[0]}" if dead else ""


def _in_child(fn, *args) -> int:
    """Fork; run ``fn(*args)`` in the child; return its pid."""
    sys.stdout.flush()
    sys.stderr.flush()
    pid = os.fork()
    if pid == 0:
        try:
            fn(*args)
        finally:
            os._exit(0)
    return pid


def _verify_in_child(kind: str) -> str:
    """:func:`_verify` in a process of its own (a window's claim or a lock it takes dies with it)."""
    r, w = os.pipe()

    def go():
        os.close(r)
        os.write(w, (_verify(kind) or "-").encode("utf-8", "replace")[:4000])
        os.close(w)

    pid = _in_child(go)
    os.close(w)
    chunks = []
    while True:
        b = os.read(r, 4096)
        if not b:
            break
        chunks.append(b)
    os.close(r)
    os.waitpid(pid, 0)
    said = b"".join(chunks).decode("utf-8", "replace")
    return "" if said == "-" else (said or "the verifier died")


def kill_loop(n: int, seed: int, out: Path | None = None, kinds: tuple[str, ...] = KILL_KINDS) -> dict:
    """Kill a process saving each kind of file ``n`` times at random moments, in one folder per
    kind that keeps whatever the earlier kills left (temporaries, hard links, journals); after each
    kill check the files (:func:`_verify`).  Returns kind -> (kills, problems found)."""
    _preload()
    rnd = random.Random(f"kill-{seed}")
    work = Path(tempfile.mkdtemp(prefix="mapref-kill-"))
    results: dict[str, list] = {}
    here = os.getcwd()
    try:
        os.environ["XDG_STATE_HOME"] = str(work / "state")
        bases = work / "bases"
        bases.mkdir()
        from mapref.cli import main as mapref_main

        with redirect_stdout(io.StringIO()), redirect_stderr(io.StringIO()):
            mapref_main(["new-game", "barbarossa", "-o", str(bases / "game.toml"), "--auto-place"])
        from mapref.core.grid import Grid
        from mapref.core.model import MapModel
        from mapref.io.mapfile import dumps_map

        big = MapModel(Grid(rows=200, cols=200))  # a save of some time: 200 x 200 hexes, every one named
        for h, d in big.hexes.items():
            d.terrain, d.name = "land", f"Hex {big.grid.label(h)} of the big map"
        big.hexes[big.grid.parse("P10")].production = 2
        seed_files = {
            "map.toml": dumps_map(big).encode(),
            "game.toml": (bases / "game.toml").read_bytes(),
            "small.toml": (ROOT / "maps" / "hitlers_war.toml").read_bytes(),
            "f.geojson": (ROOT / "tools" / "data" / "ne_110m_countries_europe.geojson").read_bytes(),
        }
        for kind in kinds:
            folder = work / kind
            folder.mkdir()
            for name, data in seed_files.items():
                (folder / name).write_bytes(data)
            problems: list[str] = []
            os.chdir(folder)
            if kind == "atomic":
                (folder / "big.toml").write_bytes(seed_files["map.toml"])
            for k in range(n * (5 if kind == "atomic" else 1)):  # (the writer alone: quick, and the heart of it)
                point = rnd.choice(KILL_POINTS) if rnd.random() < 0.4 else ""
                pid = _in_child(_saver, kind, point, rnd.randrange(1, 3))
                if kind == "atomic":  # its first save, where an earlier kill's leftovers bite, and later ones
                    time.sleep(rnd.uniform(0.0, 0.03) if rnd.random() < 0.5 else rnd.uniform(0.0, 0.15))
                else:
                    time.sleep(rnd.uniform(0.02, 0.6))
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                wrong = _verify_in_child(kind)
                if wrong:
                    problems.append(f"kill {k}: {wrong}")
                    if out is not None:
                        keep = out / f"kill-{kind}-{k}"
                        shutil.copytree(folder, keep, symlinks=True)
            os.chdir(here)
            results[kind] = [n * (5 if kind == "atomic" else 1), problems]
    finally:
        os.chdir(here)
        shutil.rmtree(work, ignore_errors=True)
    return results


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-n", type=int, default=10000, help="how many cases (default 10000)")
    ap.add_argument("--seed", type=int, default=15)
    ap.add_argument("--start", type=int, default=0, help="the first case number (to run a slice of a seed)")
    ap.add_argument("--jobs", type=int, default=1, help="cases run at once (default 1)")
    ap.add_argument("--time", type=int, default=10, help="CPU seconds a case may take (default 10)")
    ap.add_argument("--memory", type=int, default=1024, help="MB a case may allocate (default 1024)")
    ap.add_argument(
        "--wall",
        type=float,
        default=None,
        help="wall-clock seconds before a case counts as hanging (blocked: "
        "a FIFO...); default three times the CPU cap and 5 s; raise it on a busy machine, where the CPU cap "
        "is the measure",
    )
    ap.add_argument("--families", default=",".join(FAMILIES), help="comma-separated, of: " + ", ".join(FAMILIES))
    ap.add_argument("--out", default=None, help="where to keep reproducers (default: none kept)")
    ap.add_argument("--show-errors", action="store_true", help="print the first line of every clean error too")
    ap.add_argument("--case", type=int, default=None, help="print one case's command and files, without running it")
    ap.add_argument(
        "--kill",
        type=int,
        default=None,
        metavar="N",
        help="instead of cases: kill a process saving each kind of file (" + ", ".join(KILL_KINDS) + ") N times "
        "at random moments, the leftovers of the earlier kills kept, and check the files after each",
    )
    args = ap.parse_args(argv)
    if args.kill is not None:
        t0 = time.monotonic()
        results = kill_loop(args.kill, args.seed, Path(args.out) if args.out else None)
        print(f"{'kind':<10}{'kills':>8}{'problems':>10}")
        for kind, (kills, problems) in results.items():
            print(f"{kind:<10}{kills:>8}{len(problems):>10}")
            for p in problems[:10]:
                print(f"    {p}")
        found = sum(len(p) for _, p in results.values())
        print(f"seed {args.seed}, {args.kill} kills a kind, {time.monotonic() - t0:.0f} s: {found} problems")
        return 1 if found else 0
    families = tuple(f for f in args.families.split(",") if f)
    bad = [f for f in families if f not in FAMILIES]
    if bad:
        ap.error(f"unknown families: {', '.join(bad)}")
    if args.case is not None:
        work = Path(tempfile.mkdtemp(prefix="mapref-fuzz-"))
        try:
            c = Generator(Bases(work), args.seed, families).case(args.case)
        finally:
            shutil.rmtree(work, ignore_errors=True)
        print(f"case {c.id} ({c.family}): {c.note}\nmapref {' '.join(_quote(a) for a in c.argv)}")
        for name, data in c.files.items():
            print(f"--- {name} ({len(data)} bytes)")
        return 0
    from mapref.io.problems import escape

    out = Path(args.out) if args.out else None
    if out:
        out.mkdir(parents=True, exist_ok=True)
    last = [time.monotonic()]

    def progress(report: Report, case: Case, outcome: str, detail: str) -> None:
        if outcome not in ("ok", "error") or (outcome == "error" and args.show_errors):
            print(
                f"case {case.id} ({case.family}) {outcome}: {escape(detail[:160])} [mapref {' '.join(_quote(a) for a in case.argv)[:120]}]",
                flush=True,
            )
        if time.monotonic() - last[0] > 60:
            last[0] = time.monotonic()
            print(f"... {report.summary()}", flush=True)

    report = run(args.n, args.seed, args.jobs, args.time, args.memory, families, out, progress, args.start, args.wall)
    print()
    print(report.table())
    print()
    if report.signatures:
        print("what went wrong (outcome, detail: cases):")
        for (outcome, detail), cases in sorted(report.signatures.items(), key=lambda kv: -len(kv[1])):
            print(f"  {outcome}: {escape(detail[:150])}: {len(cases)} (e.g. case {cases[0].id})")
        print()
    print(
        f"seed {args.seed}, cases {args.start}-{args.start + args.n - 1}, {args.jobs} at a time, "
        f"caps {args.time} s CPU and {args.memory} MB, {report.seconds:.0f} s"
    )
    print(report.costliest())
    print(report.summary())
    return 0 if report.count("internal") + report.count("hang") + report.count("blowup") == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
