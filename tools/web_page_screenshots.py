"""Take the screenshots of the exported web page in docs/ (docs/web-page-*.png):
``python tools/web_page_screenshots.py``.  Each position is written with ``mapref export-html``
and opened in the system's Chromium through Playwright (as tests/render/test_export_html_browser.py
does): Hitler's War on a phone-sized screen (390x844) with the Kiev Military District tapped (cut
off: the hexes that cut it ringed), on a laptop-sized one (1366x768) with the supply view on and
Moscow's supply line, and Struggle for Europe's Riga example on the laptop."""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.render.conftest import FLAGS, chromium_path
from tests.render.positions import hw_cut_off
from tests.rules.sfe_positions import position as sfe_position

DOCS = ROOT / "docs"


def export(game: Path, out: Path) -> Path:
    subprocess.run(
        [sys.executable, "-m", "mapref", "export-html", str(game), "-o", str(out), "--force"], check=True, cwd=ROOT
    )
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--out", default=str(DOCS), help="where to write the pictures (default: docs/)")
    args = ap.parse_args()
    out = Path(args.out)
    work = Path(tempfile.mkdtemp(prefix="mapref-web-page-"))
    hw = export(hw_cut_off(work / "kiev.toml"), work / "kiev.html")
    sfe_session = sfe_position(
        work, add={"A90": ("axis", 1, "riga"), "A91": ("axis", 2, "riga")}, flags={"riga": "axis"}, name="riga.toml"
    )
    sfe = export(Path(sfe_session.path), work / "riga.html")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path(), args=FLAGS, headless=True)

        def shoot(page: Path, size, name: str, steps, touch: bool = False) -> None:
            ctx = browser.new_context(
                viewport={"width": size[0], "height": size[1]},
                has_touch=touch,
                is_mobile=touch,
                device_scale_factor=2 if touch else 1,
            )
            tab = ctx.new_page()
            tab.goto(page.resolve().as_uri())
            for step in steps:
                step(tab)
            tab.wait_for_timeout(150)
            tab.screenshot(path=str(out / name))
            ctx.close()
            print(out / name)

        def piece(title):
            return lambda tab: tab.click(f'.piece[data-id="{title}"]')

        def zoom(times, on):
            """The wheel turned ``times`` over the piece ``on``: it stays under the pointer."""

            def go(tab):
                for _ in range(times):
                    b = tab.locator(f'.piece[data-id="{on}"]').bounding_box()
                    tab.mouse.move(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2)
                    tab.mouse.wheel(0, -200)
                    tab.wait_for_timeout(80)

            return go

        shoot(
            hw,
            (390, 844),
            "web-page-phone.png",
            [zoom(4, "army:Kiev Military District"), piece("army:Kiev Military District")],
            touch=True,
        )
        shoot(hw, (1366, 768), "web-page-desktop.png", [lambda tab: tab.click("#supply-toggle"), piece("army:Moscow")])
        shoot(sfe, (1366, 768), "web-page-sfe.png", [zoom(3, "counter:A90"), piece("counter:A90")])
        browser.close()


if __name__ == "__main__":
    main()
