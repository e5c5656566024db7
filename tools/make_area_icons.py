"""Draw the area editor's tool icons (24x24 PNG) into icons/, in the style of make_icons.py.

python tools/make_area_icons.py
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

_spec = importlib.util.spec_from_file_location("make_icons", Path(__file__).with_name("make_icons.py"))
base = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(base)

INK, BLUE, RED, GREEN, SAND = base.INK, base.BLUE, base.RED, base.GREEN, base.SAND
AREA = [(12, 30), (48, 10), (84, 26), (80, 74), (40, 86), (14, 64)]


def handles(d, pts, fill="#ffffff"):
    for x, y in pts:
        d.rectangle([x - 7, y - 7, x + 7, y + 7], fill=fill, outline=INK, width=4)


def draw(d):
    d.line(AREA[:5], fill=INK, width=6)
    d.line([AREA[4], (22, 56)], fill=RED, width=5)
    handles(d, AREA[:5])


def vertex(d):
    d.polygon(AREA, fill=SAND, outline=INK, width=5)
    handles(d, [p for i, p in enumerate(AREA) if i != 3])
    base.arrow(d, (80, 74), (92, 90), RED, w=6, head=16)
    handles(d, [(80, 74)], fill=RED)


def split(d):
    d.polygon(AREA, fill=SAND, outline=INK, width=5)
    for y in range(4, 92, 16):
        d.line([(52, y), (46, y + 9)], fill=RED, width=7)


def generate(d):
    d.rectangle([6, 6, 90, 90], fill=SAND, outline=INK, width=5)
    d.line([(6, 50), (40, 44), (52, 6)], fill=INK, width=4)
    d.line([(40, 44), (58, 90)], fill=INK, width=4)
    d.line([(52, 6), (90, 40)], fill=INK, width=4)
    for x, y in ((22, 24), (24, 72), (70, 62), (74, 20)):
        d.ellipse([x - 7, y - 7, x + 7, y + 7], fill=RED)


def line(d):
    d.ellipse([6, 58, 34, 86], fill=SAND, outline=INK, width=5)
    d.ellipse([60, 8, 88, 36], fill=SAND, outline=INK, width=5)
    base.arrow(d, (28, 64), (66, 30), BLUE, w=8, head=20)


def suggest(d):
    d.polygon([(6, 10), (48, 10), (48, 86), (6, 86)], fill=SAND, outline=INK, width=5)
    d.polygon([(48, 10), (90, 10), (90, 86), (48, 86)], fill="#d7e4c0", outline=INK, width=5)
    for x in range(18, 80, 16):
        d.line([(x, 48), (x + 9, 48)], fill="#555555", width=7)


def grab(d):
    d.rectangle([4, 4, 92, 92], fill="#ffffff", outline=INK, width=6)
    d.line([(4, 50), (50, 40), (60, 4)], fill=INK, width=8)
    d.line([(50, 40), (64, 92)], fill=INK, width=8)
    d.polygon([(10, 10), (54, 10), (46, 34), (10, 42)], fill=SAND, outline=RED, width=5)
    d.polygon([(40, 22), (40, 78), (54, 64), (64, 86), (74, 82), (64, 60), (82, 60)], fill=INK)


ICONS = {
    "area_grab": grab,
    "area_draw": draw,
    "area_vertex": vertex,
    "area_split": split,
    "area_generate": generate,
    "area_line": line,
    "area_suggest": suggest,
}


def main() -> None:
    for name, fn in ICONS.items():
        base.icon(fn).save(base.OUT / f"{name}.png")
    print(f"wrote {len(ICONS)} icons to {base.OUT}")


if __name__ == "__main__":
    main()
