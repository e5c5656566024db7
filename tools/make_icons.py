"""Draw the editor's toolbar and tool icons (24x24 PNG) into icons/.

Each icon is drawn at 4x with pillow and scaled down for smooth edges.  Run it again after
changing a drawing:  python tools/make_icons.py
"""

from __future__ import annotations

import math
from pathlib import Path

from PIL import Image, ImageDraw

OUT = Path(__file__).resolve().parent.parent / "icons"
N = 96  # drawing size; saved at 24
INK = "#263238"
BLUE = "#1e5aa8"
RED = "#b01818"
GREEN = "#3c8d3c"
SAND = "#e8d8a8"


def hexagon(cx, cy, r, start=30):
    return [
        (cx + r * math.cos(math.radians(start + 60 * i)), cy + r * math.sin(math.radians(start + 60 * i)))
        for i in range(6)
    ]


def icon(draw_fn):
    img = Image.new("RGBA", (N, N), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    draw_fn(d)
    return img.resize((24, 24), Image.LANCZOS)


def arrow(d, p, q, colour, w=8, head=18):
    d.line([p, q], fill=colour, width=w)
    ang = math.atan2(q[1] - p[1], q[0] - p[0])
    a1, a2 = ang + math.radians(150), ang - math.radians(150)
    d.polygon(
        [
            q,
            (q[0] + head * math.cos(a1), q[1] + head * math.sin(a1)),
            (q[0] + head * math.cos(a2), q[1] + head * math.sin(a2)),
        ],
        fill=colour,
    )


def page(d):
    d.polygon([(20, 8), (62, 8), (78, 24), (78, 88), (20, 88)], fill="#ffffff", outline=INK, width=5)
    d.line([(62, 8), (62, 24), (78, 24)], fill=INK, width=5)


def new(d):
    page(d)
    d.line([(49, 38), (49, 74)], fill=GREEN, width=9)
    d.line([(31, 56), (67, 56)], fill=GREEN, width=9)


def open_(d):
    d.polygon([(8, 22), (36, 22), (44, 30), (88, 30), (88, 82), (8, 82)], fill="#f2c94c", outline=INK, width=5)
    d.polygon([(8, 82), (22, 46), (94, 46), (88, 82)], fill="#f7dc85", outline=INK, width=5)


def save(d):
    d.rectangle([10, 10, 86, 86], fill=BLUE, outline=INK, width=5)
    d.rectangle([26, 12, 70, 38], fill="#ffffff")
    d.rectangle([24, 54, 72, 86], fill="#dfe7f2")


def undo(d):
    d.arc([18, 22, 84, 82], 200, 90, fill=INK, width=9)
    d.polygon([(6, 40), (34, 46), (20, 20)], fill=INK)


def redo(d):
    d.arc([12, 22, 78, 82], 90, 340, fill=INK, width=9)
    d.polygon([(90, 40), (62, 46), (76, 20)], fill=INK)


def magnifier(d, sign):
    d.ellipse([10, 10, 64, 64], outline=INK, width=8, fill="#ffffff")
    d.line([(56, 56), (88, 88)], fill=INK, width=12)
    d.line([(24, 37), (50, 37)], fill=INK, width=7)
    if sign == "+":
        d.line([(37, 24), (37, 50)], fill=INK, width=7)


def fit(d):
    d.polygon(hexagon(48, 48, 24), fill=SAND, outline=INK, width=4)
    for x, y, dx, dy in [(8, 8, 1, 1), (88, 8, -1, 1), (8, 88, 1, -1), (88, 88, -1, -1)]:
        d.line([(x, y), (x + 20 * dx, y)], fill=INK, width=7)
        d.line([(x, y), (x, y + 20 * dy)], fill=INK, width=7)


def select(d):
    d.polygon(
        [(22, 8), (22, 78), (40, 62), (54, 90), (66, 84), (52, 56), (76, 56)], fill="#ffffff", outline=INK, width=5
    )


def paint(d):
    d.polygon(hexagon(34, 62, 26), fill=GREEN, outline=INK, width=3)
    d.line([(50, 46), (84, 10)], fill="#8d6e63", width=11)
    d.polygon([(40, 44), (54, 58), (44, 68), (30, 60)], fill=RED)


def fill(d):
    d.polygon([(20, 40), (50, 12), (80, 42), (50, 72)], fill="#ffffff", outline=INK, width=5)
    d.polygon([(22, 44), (78, 44), (50, 72)], fill=BLUE)
    d.ellipse([76, 58, 92, 80], fill=BLUE)


def production(d):
    d.polygon(hexagon(48, 48, 42), fill=SAND, outline=INK, width=4)
    d.text((30, 20), "4", fill=INK, font=_font(56))


def port(d):
    d.ellipse([38, 8, 58, 28], outline=BLUE, width=6)
    d.line([(48, 28), (48, 86)], fill=BLUE, width=8)
    d.line([(28, 40), (68, 40)], fill=BLUE, width=7)
    d.arc([14, 40, 82, 88], 20, 160, fill=BLUE, width=8)


def capital(d):
    d.ellipse([8, 8, 88, 88], outline=INK, width=6, fill="#ffffff")
    pts = []
    for i in range(10):
        r = 34 if i % 2 == 0 else 14
        a = math.radians(-90 + 36 * i)
        pts.append((48 + r * math.cos(a), 50 + r * math.sin(a)))
    d.polygon(pts, fill=RED)


def mountain(d):
    d.polygon([(4, 84), (34, 24), (64, 84)], fill="#8d6e63", outline=INK, width=4)
    d.polygon([(36, 84), (64, 34), (92, 84)], fill="#a1887f", outline=INK, width=4)
    d.polygon([(26, 40), (34, 24), (42, 40)], fill="#ffffff")


def name(d):
    d.text((10, 16), "Ab", fill=INK, font=_font(60))
    d.line([(10, 86), (86, 86)], fill=BLUE, width=6)


def hexside(d):
    d.polygon(hexagon(30, 48, 28), fill=SAND, outline=INK, width=3)
    d.polygon(hexagon(30 + 28 * math.sqrt(3), 48, 28), fill=SAND, outline=INK, width=3)
    x = 30 + 14 * math.sqrt(3)
    d.line([(x, 20), (x, 76)], fill="#111111", width=10)
    arrow(d, (20, 48), (76, 48), RED, w=7, head=16)


def box(d):
    d.rectangle([6, 22, 58, 74], fill="#d9534f", outline=INK, width=5)
    arrow(d, (90, 48), (62, 48), BLUE, w=7)


def feature(d):
    d.ellipse([16, 16, 80, 80], fill="#ffffff", outline=INK, width=5)
    d.pieslice([16, 16, 80, 80], 90, 270, fill=INK)
    d.ellipse([4, 4, 92, 92], outline="#e0a000", width=6)


def background(d):
    d.rectangle([6, 14, 90, 82], fill="#c8b88a", outline=INK, width=4)
    d.polygon([(6, 82), (36, 40), (56, 64), (70, 50), (90, 82)], fill="#7a8f5a")
    d.ellipse([62, 22, 78, 38], fill="#ffffff")


def fitgrid(d):
    d.rectangle([4, 12, 92, 84], fill="#c8b88a")
    for cx in (28, 68):
        d.polygon(hexagon(cx, 48, 20), outline=INK, width=4)
    d.line([(28, 48), (68, 48)], fill=RED, width=5)
    d.ellipse([22, 42, 34, 54], fill=RED)
    d.ellipse([62, 42, 74, 54], fill=RED)


def export(d):
    page(d)
    arrow(d, (34, 56), (88, 56), GREEN, w=9, head=22)


def find(d):
    magnifier(d, "")
    d.text((22, 20), "?", fill=INK, font=_font(36))


def goto(d):
    d.polygon(hexagon(48, 48, 40), fill=SAND, outline=INK, width=4)
    d.polygon([(48, 88), (26, 44), (48, 14), (70, 44)], fill=RED)
    d.ellipse([40, 32, 56, 48], fill="#ffffff")


def problems(d):
    d.polygon([(48, 6), (92, 86), (4, 86)], fill="#f2c94c", outline=INK, width=5)
    d.line([(48, 32), (48, 60)], fill=INK, width=9)
    d.ellipse([42, 68, 54, 80], fill=INK)


def _font(size):
    from PIL import ImageFont

    for p in (
        "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    ):
        if Path(p).exists():
            return ImageFont.truetype(p, size)
    return ImageFont.load_default(size=size)


ICONS = {
    "new": new,
    "open": open_,
    "save": save,
    "undo": undo,
    "redo": redo,
    "zoom_in": lambda d: magnifier(d, "+"),
    "zoom_out": lambda d: magnifier(d, "-"),
    "fit": fit,
    "select": select,
    "paint": paint,
    "fill": fill,
    "production": production,
    "port": port,
    "capital": capital,
    "mountain": mountain,
    "name": name,
    "hexside": hexside,
    "box": box,
    "feature": feature,
    "background": background,
    "fit_grid": fitgrid,
    "export": export,
    "find": find,
    "goto": goto,
    "problems": problems,
}


def main() -> None:
    OUT.mkdir(exist_ok=True)
    for n, fn in ICONS.items():
        icon(fn).save(OUT / f"{n}.png")
    # a sheet to look at them all
    sheet = Image.new("RGBA", (len(ICONS) * 28, 28), "#eeeeee")
    for i, n in enumerate(ICONS):
        sheet.paste(Image.open(OUT / f"{n}.png"), (i * 28 + 2, 2), Image.open(OUT / f"{n}.png"))
    sheet.resize((sheet.width * 2, sheet.height * 2)).save("/tmp/icon_sheet.png")
    print(f"{len(ICONS)} icons in {OUT}")


if __name__ == "__main__":
    main()
