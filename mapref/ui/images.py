"""Reading a background scan without letting it take the editor down.

* A *decompression bomb* (an image whose header claims more pixels than PIL opens safely,
  ``2 * Image.MAX_IMAGE_PIXELS``, about 179 megapixels) is refused with a message that says
  how big it claims to be; nothing of it is decoded.
* A big scan (more than :data:`MAX_PIXELS`, 16 megapixels) is reduced while it is read: a JPEG
  is decoded at 1/2, 1/4 or 1/8 of its size straight away (``Image.draft``), anything else is
  reduced right after decoding (``Image.thumbnail``).  The map's ``[background]`` still speaks
  in pixels of the file (its ``scale``), so the canvas is told the file's size.
* Reading happens in a worker thread (:class:`ScanLoader`); the editor polls it, so the map is
  usable while a 144-megapixel scan is decoded.
"""

from __future__ import annotations

import math
import re
import threading
import warnings
from dataclasses import dataclass
from pathlib import Path

MAX_PIXELS = 16_000_000  # a bigger scan is reduced to about this many pixels


class ScanRefused(ValueError):
    """The image cannot be used as a background (a user error: say why, no traceback)."""


@dataclass
class Scan:
    image: object  # PIL image, at most about MAX_PIXELS
    source_size: tuple[int, int]  # of the file
    note: str = ""  # "reduced from ..." for the status bar


def _mp(pixels: float) -> str:
    return f"{pixels / 1e6:.0f}" if pixels >= 10e6 else f"{pixels / 1e6:.1f}"


def probe(path: str | Path) -> tuple[int, int]:
    """The size of the image in ``path`` from its header alone; raise :class:`ScanRefused` for
    a file that is not an image, cannot be read, or is a decompression bomb."""
    from PIL import Image, UnidentifiedImageError

    name = Path(path).name
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with Image.open(path) as im:
                return im.size
    except Image.DecompressionBombError as e:
        m = re.search(r"\((\d+) pixels\)", str(e))
        claimed = f" claims {_mp(int(m.group(1)))} megapixels and" if m else ""
        limit = 2 * (Image.MAX_IMAGE_PIXELS or 0)
        raise ScanRefused(f"background {name}{claimed} was refused: more than the {_mp(limit)} megapixels mapref "
                          "opens safely (it could be a decompression bomb); scale the scan down in an image editor "
                          "and load it again (Tools > Load background image)") from None
    except UnidentifiedImageError:
        raise ScanRefused(f"background {name} is not an image mapref can read (PNG or JPEG)") from None
    except OSError as e:
        raise ScanRefused(f"background {name} cannot be read: {e.strerror or e}") from None


def read(path: str | Path, max_pixels: int = MAX_PIXELS) -> Scan:
    """Decode the image in ``path``, reduced to about ``max_pixels`` (see the module notes)."""
    from PIL import Image

    w, h = probe(path)
    name = Path(path).name
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            im = Image.open(path)
            note = ""
            if w * h > max_pixels:
                f = math.sqrt(w * h / max_pixels)
                box = (max(1, int(w / f)), max(1, int(h / f)))
                if im.format == "JPEG":
                    im.draft("RGB", box)  # decode at a fraction of the size: fast, little memory
                im.load()
                if im.mode not in ("RGB", "RGBA", "L"):
                    im = im.convert("RGBA" if "A" in im.mode or im.mode == "P" else "RGB")
                im.thumbnail(box, Image.Resampling.BILINEAR, reducing_gap=2.0)
                note = f"Background {name} ({_mp(w * h)} megapixels) is shown reduced to {im.width}x{im.height}"
            else:
                im.load()
                if im.mode not in ("RGB", "RGBA", "L"):
                    im = im.convert("RGBA" if "A" in im.mode or im.mode == "P" else "RGB")
    except (OSError, SyntaxError, ValueError) as e:
        raise ScanRefused(f"background {name} cannot be read: {e}") from None
    except MemoryError:
        raise ScanRefused(f"background {name} ({_mp(w * h)} megapixels) does not fit in memory; scale it down") from None
    return Scan(im, (w, h), note)


class ScanLoader:
    """Read a scan in a worker thread; :meth:`result` is None while it runs, then the
    :class:`Scan` or the :class:`ScanRefused` it raised."""

    def __init__(self, path: str | Path, max_pixels: int = MAX_PIXELS) -> None:
        self.path = Path(path)
        self._result: Scan | ScanRefused | None = None
        self._thread = threading.Thread(target=self._run, args=(max_pixels,), daemon=True)
        self._thread.start()

    def _run(self, max_pixels: int) -> None:
        try:
            self._result = read(self.path, max_pixels)
        except ScanRefused as e:
            self._result = e
        except Exception as e:  # noqa: BLE001 - anything else is still a scan that cannot be used
            self._result = ScanRefused(f"background {self.path.name} cannot be read: {type(e).__name__}: {e}")

    def done(self) -> bool:
        return not self._thread.is_alive()

    def result(self) -> Scan | ScanRefused | None:
        return self._result if self.done() else None
