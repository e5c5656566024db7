"""Reading a background image (a scan to trace) without letting it take the editor down, and
the editors' background: :class:`Underlay`.

* Only a regular file is opened, without blocking: a FIFO, a device or a directory is refused
  at once (:func:`mapref.io.problems.open_regular`), never waited on.
* A *decompression bomb* (an image whose header claims more pixels than PIL opens safely,
  ``2 * Image.MAX_IMAGE_PIXELS``, about 179 megapixels) is refused with a message that says
  how big it claims to be; nothing of it is decoded.
* A big scan (more than :data:`MAX_PIXELS`, 16 megapixels) is reduced while it is read, never
  decoded whole: a JPEG is decoded at 1/2, 1/4 or 1/8 of its size straight away
  (``Image.draft``); an 8-bit PNG that is not interlaced (what scanners and image editors
  write) is decoded in strips of rows, each reduced before the next is read
  (:func:`_png_in_strips`); any other image is decoded whole and reduced only if that takes at
  most :data:`MAX_DECODED_BYTES`, and is refused with a message saying what to do otherwise.
  The map's ``[background]`` still speaks in pixels of the file (its ``scale``), so the canvas
  is told the file's size.
* Reading happens in a worker thread (:class:`ScanLoader`); the editor polls it, so the map is
  usable while a 144-megapixel scan is decoded.
"""

from __future__ import annotations

import io
import math
import os
import re
import struct
import threading
import warnings
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO

from mapref.io.problems import BROKEN_IMAGE_ERRORS, FileProblems, open_regular

if TYPE_CHECKING:
    from mapref.ui.editor_api import EditorWindow

MAX_PIXELS = 16_000_000  # a bigger scan is reduced to about this many pixels
MAX_DECODED_BYTES = 256 * 1024 * 1024  # an image that cannot be read in parts is decoded whole only up to this


class ScanRefused(ValueError):
    """The image cannot be used as a background (a user error: say why, no traceback)."""


@dataclass
class Scan:
    image: object  # PIL image, at most about MAX_PIXELS
    source_size: tuple[int, int]  # of the file
    note: str = ""  # "reduced from ..." for the status bar


def _mp(pixels: float) -> str:
    return f"{pixels / 1e6:.0f}" if pixels >= 10e6 else f"{pixels / 1e6:.1f}"


def _open(path: str | Path) -> BinaryIO:
    """The image file, opened for reading if it is a regular file (ScanRefused if not)."""
    name = Path(path).name
    try:
        fd = open_regular(path, name)
    except FileProblems as e:
        raise ScanRefused(f"background {name}: {e.problems[0].message}") from None
    return os.fdopen(fd, "rb")


def probe(path: str | Path) -> tuple[int, int]:
    """The size of the image in ``path`` from its header alone; raise :class:`ScanRefused` for
    a file that is not an image, cannot be read, or is a decompression bomb."""
    from PIL import Image, UnidentifiedImageError

    name = Path(path).name
    with _open(path) as f:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", Image.DecompressionBombWarning)
                with Image.open(f) as im:
                    return im.size
        except Image.DecompressionBombError as e:
            m = re.search(r"\((\d+) pixels\)", str(e))
            claimed = f" claims {_mp(int(m.group(1)))} megapixels and" if m else ""
            limit = 2 * (Image.MAX_IMAGE_PIXELS or 0)
            raise ScanRefused(
                f"background {name}{claimed} was refused: more than the {_mp(limit)} megapixels mapref "
                "opens safely (it could be a decompression bomb); scale the scan down in an image editor "
                "and load it again (Tools > Load background image)"
            ) from None
        except UnidentifiedImageError:
            raise ScanRefused(f"background {name} is not an image mapref can read (PNG or JPEG)") from None
        except BROKEN_IMAGE_ERRORS as e:
            raise ScanRefused(f"background {name} cannot be read: {getattr(e, 'strerror', None) or e}") from None


def _usable(im):
    """``im`` in a mode the canvas draws (L, RGB, RGBA)."""
    if im.mode not in ("RGB", "RGBA", "L"):
        im = im.convert("RGBA" if "A" in im.mode or im.mode == "P" or "transparency" in im.info else "RGB")
    return im


def read(path: str | Path, max_pixels: int = MAX_PIXELS) -> Scan:
    """Decode the image in ``path``, reduced to about ``max_pixels`` (see the module notes)."""
    from PIL import Image

    w, h = probe(path)
    name = Path(path).name
    try:
        with _open(path) as f, warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            if w * h <= max_pixels:
                im = Image.open(f)
                im.load()
                return Scan(_usable(im), (w, h))
            k = math.ceil(math.sqrt(w * h / max_pixels))  # 1/k of the width and of the height
            im = _png_in_strips(f, w, h, k)
            if im is None:
                f.seek(0)
                im = Image.open(f)
                box = (max(1, w // k), max(1, h // k))
                if im.format == "JPEG":
                    im.draft("RGB", box)  # decode at a fraction of the size: fast, little memory
                else:
                    need = w * h * (1 if im.mode in ("1", "L", "P") else 4)
                    if need > MAX_DECODED_BYTES:
                        raise ScanRefused(
                            f"background {name} ({_mp(w * h)} megapixels, {im.format or 'an image'} {im.mode}"
                            f"{', interlaced' if im.info.get('interlace') else ''}) would take {need >> 20} MB to "
                            "read whole; save it as a JPEG or an 8-bit PNG that is not interlaced (mapref reads "
                            "those in parts), or scale it down, and load it again"
                        )
                im.load()
                im = _usable(im)
                im.thumbnail(box, Image.Resampling.BILINEAR, reducing_gap=2.0)
    except ScanRefused:
        raise
    except BROKEN_IMAGE_ERRORS as e:
        raise ScanRefused(f"background {name} cannot be read: {e}") from None
    except MemoryError:
        raise ScanRefused(
            f"background {name} ({_mp(w * h)} megapixels) does not fit in memory; scale it down"
        ) from None
    return Scan(im, (w, h), f"Background {name} ({_mp(w * h)} megapixels) is shown reduced to {im.width}x{im.height}")


_PNG = b"\x89PNG\r\n\x1a\n"
_CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}  # PNG colour type -> samples per pixel
STRIP_BYTES = 4 << 20  # rows of raw image data decoded at a time


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def _png_in_strips(f: BinaryIO, w: int, h: int, k: int):
    """The PNG in ``f`` reduced by ``k`` (1/k of its width and height), decoded a strip of rows
    at a time so the whole image is never in memory; None when ``f`` is not an 8-bit,
    non-interlaced PNG (the caller reads it another way).

    The compressed rows are inflated as they are read; each strip becomes a small PNG of its
    own (its rows as they are in the file, stored uncompressed) that PIL decodes.  A row's
    filter may refer to the row above it: each strip starts with the last row of the strip
    before, decoded, as an unfiltered row, so the file's first row of the strip is rebuilt
    exactly as it would be in one piece."""
    from PIL import Image

    f.seek(0)
    if f.read(8) != _PNG:
        return None
    head = f.read(8)
    if len(head) < 8 or head[4:] != b"IHDR":
        return None
    ihdr = f.read(struct.unpack(">I", head[:4])[0])
    f.read(4)
    _w, _h, depth, ctype, _c, _flt, interlace = struct.unpack(">IIBBBBB", ihdr[:13])
    if depth != 8 or interlace or ctype not in _CHANNELS or (_w, _h) != (w, h):
        return None
    row = w * _CHANNELS[ctype] + 1  # with its filter byte
    per_strip = max(k, STRIP_BYTES // row // k * k)  # a multiple of k rows: the strips reduce to whole rows
    extra = b""  # the palette and transparency, copied into every strip
    inflate = zlib.decompressobj()
    pending = bytearray()
    out = None
    y = 0
    above = None  # the last row of the strip before, decoded

    def strip(raw: bytes) -> None:
        nonlocal out, y, above
        n = len(raw) // row
        lead = b"\x00" + above if above is not None else b""
        ihdr_n = struct.pack(">IIBBBBB", w, n + (1 if lead else 0), 8, ctype, 0, 0, 0)
        png = (
            _PNG
            + _chunk(b"IHDR", ihdr_n)
            + extra
            + _chunk(b"IDAT", zlib.compress(lead + raw, 0))
            + _chunk(b"IEND", b"")
        )
        im = Image.open(io.BytesIO(png))
        im.load()
        if lead:
            im = im.crop((0, 1, w, n + 1))
        above = im.crop((0, n - 1, w, n)).tobytes()
        part = _usable(im).reduce(k)
        if out is None:
            out = Image.new(part.mode, (math.ceil(w / k), math.ceil(h / k)))
        out.paste(part, (0, y // k))
        y += n

    while y < h:
        head = f.read(8)
        if len(head) < 8:
            break
        length, kind = struct.unpack(">I", head[:4])[0], head[4:]
        if kind in (b"PLTE", b"tRNS"):
            extra += _chunk(kind, f.read(length))
        elif kind == b"IDAT":
            left = length
            while left and y < h:
                data = f.read(min(left, 1 << 20))
                if not data:
                    break
                left -= len(data)
                while data and y < h:
                    pending += inflate.decompress(data, STRIP_BYTES)
                    data = inflate.unconsumed_tail
                    while len(pending) >= per_strip * row or (len(pending) >= (h - y) * row and pending):
                        take = min(per_strip, h - y) * row
                        strip(bytes(pending[:take]))
                        del pending[:take]
                        if y >= h:
                            break
            f.seek(left, 1)
        elif kind == b"IEND":
            break
        else:
            f.seek(length, 1)
        f.seek(4, 1)  # the chunk's CRC
    if y < h:
        raise ValueError(f"the image is cut short: {y} of its {h} rows are there")
    return out


def visible_part(size: tuple[int, int], scale: float, x: float, y: float, view: tuple[float, float, float, float]):
    """What of a background image to draw: the image (``size`` pixels) lies at canvas point
    ``(x, y)``, ``scale`` canvas pixels to a pixel of it; ``view`` is the canvas area to cover
    (the window with half a window around it).  Returns the image's box ``(sx0, sy0, sx1, sy1)``
    and its drawn size ``(tw, th)``, or None when none of it is in view.  Only that part is
    resized and drawn, so a big image zoomed in costs the window's size, not the image's."""
    w, h = size
    vx0, vy0, vx1, vy1 = view
    if scale <= 0:
        return None
    sx0, sy0 = max(0, int((vx0 - x) / scale)), max(0, int((vy0 - y) / scale))
    sx1, sy1 = min(w, int((vx1 - x) / scale) + 2), min(h, int((vy1 - y) / scale) + 2)
    if sx1 <= sx0 or sy1 <= sy0:
        return None
    return (sx0, sy0, sx1, sy1), (max(1, int(round((sx1 - sx0) * scale))), max(1, int(round((sy1 - sy0) * scale))))


def must_redraw(region, view: tuple[float, float, float, float]) -> bool:
    """After the view moved: whether the part of the background in view (``view``: canvas box)
    lies beyond what was drawn (``region``: the drawn box, then the whole image's box)."""
    if region is None:
        return False
    px0, py0, px1, py1, ix0, iy0, ix1, iy1 = region
    vx0, vy0, vx1, vy1 = view
    need = (max(vx0, ix0), max(vy0, iy0), min(vx1, ix1), min(vy1, iy1))  # the visible part of the image
    if need[0] >= need[2] or need[1] >= need[3]:
        return False
    return need[0] < px0 - 1 or need[1] < py0 - 1 or need[2] > px1 + 1 or need[3] > py1 + 1


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
        except Exception as e:  # anything else is still a scan that cannot be used
            self._result = ScanRefused(f"background {self.path.name} cannot be read: {type(e).__name__}: {e}")

    def done(self) -> bool:
        return not self._thread.is_alive()

    def result(self) -> Scan | ScanRefused | None:
        return self._result if self.done() else None


class Underlay:
    """An editor's background image (``model.background``: the image file, its opacity, offset
    and scale): read in a worker when the map opens or names another image, drawn by the
    canvas when it is read; an image that cannot be used is said in the status bar and the
    problems panel, and the map stays editable (its ``[background]`` is kept for when the image
    is fixed).  Tools > Load background image, Background opacity and Remove background."""

    def __init__(self, ed: EditorWindow) -> None:
        self.ed = ed
        self._loader: ScanLoader | None = None
        self._path: Path | None = None  # of the image read (or being read)

    def path(self) -> Path | None:
        """The image file the map's background names (relative to the map's folder)."""
        bg = self.ed.model.background
        if not bg or not bg.get("image"):
            return None
        p = Path(bg["image"])
        if not p.is_absolute() and self.ed.path is not None:
            p = self.ed.path.parent / p
        return p

    @property
    def loading(self) -> bool:
        return self._loader is not None

    def load(self) -> None:
        """Read the map's background image in a worker thread: the map is drawn and usable at
        once, the image appears when it is read."""
        ed = self.ed
        p = self.path()
        self._path = p
        self._loader = None
        ed.problems.set_notes([])
        ed.canvas.set_background_image(None)
        if p is None:
            return
        self._loader = loader = ScanLoader(p)
        ed.set_status(f"Reading the background {p.name}...")
        self._poll(loader)

    def changed(self) -> None:
        """The map's ``[background]`` changed (an edit, undo, redo): read another image, or
        draw the same one anew (moved, scaled, another opacity)."""
        if self.path() != self._path:
            self.load()
        else:
            self.ed.canvas.draw_background()

    def _poll(self, loader: ScanLoader) -> None:
        if loader is not self._loader:
            return  # another background since
        r = loader.result()
        if r is None:
            self._after = self.ed.root.after(40, self._poll, loader)
            return
        self._loader = None
        ed = self.ed
        if isinstance(r, ScanRefused):
            from mapref.core.lint import Lint

            text = str(r)[0].upper() + str(r)[1:]
            ed.set_status(text)
            ed.problems.set_notes([Lint("background", "background", text)])
            return
        ed.canvas.set_background_image(r.image, r.source_size)
        ed.set_status(r.note or f"Background {loader.path.name} loaded")

    def wait(self, timeout: float = 60.0) -> None:
        """Process events until the image is read (scripts and tests)."""
        import time

        end = time.monotonic() + timeout
        while self._loader is not None and time.monotonic() < end:
            self.ed.root.update()
            time.sleep(0.01)

    def stop(self) -> None:
        self._loader = None  # a worker still reading is left to finish; nothing polls it

    def shown_name(self, path: str | Path) -> str:
        """How the map names image ``path``: relative to the map's folder when it is in it."""
        if self.ed.path is not None:
            try:
                return str(Path(path).resolve().relative_to(self.ed.path.resolve().parent))
            except ValueError:
                pass
        return str(path)

    def ask_load(self) -> None:
        from tkinter import filedialog

        p = filedialog.askopenfilename(
            parent=self.ed.root, filetypes=[("Images", "*.png *.jpg *.jpeg"), ("All files", "*")]
        )
        if p:
            self.ed.load_background(p)

    def set(self, label: str = "Background", **changes) -> None:
        """Change the background's ``opacity``, ``scale`` or ``offset`` (one undoable step)."""
        ed = self.ed
        if not ed.model.background:
            return
        bg = dict(ed.model.background)
        if "opacity" in changes:
            bg["opacity"] = round(max(0.0, min(1.0, float(changes.pop("opacity")))), 3)
        if "scale" in changes:
            text = changes.pop("scale")
            try:
                s = float(text)
            except ValueError:
                s = float("nan")
            if not (s > 0 and math.isfinite(s)):
                raise ValueError(f"the background's scale is a number above 0, got {text!r}")
            bg["scale"] = s
        bg.update(changes)
        if bg != ed.model.background:
            ed.set_background(bg, label)

    def ask_opacity(self) -> None:
        from tkinter import simpledialog

        ed = self.ed
        if ed.quiet:
            v = ed.answers.pop(0) if ed.answers else None
        else:
            v = simpledialog.askfloat(
                "Background opacity",
                "Opacity 0-1:",
                initialvalue=ed.opacity.get(),
                minvalue=0,
                maxvalue=1,
                parent=ed.root,
            )
        if v is not None:
            ed.opacity.set(v)
            self.set(opacity=v)

    def remove(self) -> None:
        if self.ed.model.background:
            self.ed.set_background(None, "Remove background")
