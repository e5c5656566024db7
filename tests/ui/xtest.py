"""Real input for the GUI tests: keys and mouse buttons pressed through the X server's XTEST
extension (libXtst), as a user's are, so a window manager, Tk's grabs and the keyboard focus
all take part (event_generate bypasses them)."""

from __future__ import annotations

import ctypes
import ctypes.util
import time


class XTest:
    def __init__(self, display: str) -> None:
        x11 = ctypes.util.find_library("X11")
        xtst = ctypes.util.find_library("Xtst")
        if not x11 or not xtst:
            raise RuntimeError("libX11 and libXtst are needed for real input (apt-get install libxtst6)")
        self.x = ctypes.cdll.LoadLibrary(x11)
        self.t = ctypes.cdll.LoadLibrary(xtst)
        self.x.XOpenDisplay.restype = ctypes.c_void_p
        self.x.XOpenDisplay.argtypes = [ctypes.c_char_p]
        self.x.XKeysymToKeycode.argtypes = [ctypes.c_void_p, ctypes.c_ulong]
        self.x.XStringToKeysym.restype = ctypes.c_ulong
        self.x.XStringToKeysym.argtypes = [ctypes.c_char_p]
        self.x.XFlush.argtypes = [ctypes.c_void_p]
        self.x.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
        self.x.XCloseDisplay.argtypes = [ctypes.c_void_p]
        for f in (self.t.XTestFakeKeyEvent, self.t.XTestFakeButtonEvent):
            f.argtypes = [ctypes.c_void_p, ctypes.c_uint, ctypes.c_int, ctypes.c_ulong]
        self.t.XTestFakeMotionEvent.argtypes = [
            ctypes.c_void_p,
            ctypes.c_int,
            ctypes.c_int,
            ctypes.c_int,
            ctypes.c_ulong,
        ]
        self.d = self.x.XOpenDisplay(display.encode())
        if not self.d:
            raise RuntimeError(f"cannot open display {display}")

    def close(self) -> None:
        self.x.XCloseDisplay(self.d)

    def _sync(self) -> None:
        self.x.XSync(self.d, 0)
        time.sleep(0.05)

    def _code(self, keysym: str) -> int:
        return self.x.XKeysymToKeycode(self.d, self.x.XStringToKeysym(keysym.encode()))

    def key(self, *keysyms: str) -> None:
        """Press the keys in order (``"Control_L", "s"``: Ctrl+S), then release them."""
        codes = [self._code(k) for k in keysyms]
        for c in codes:
            self.t.XTestFakeKeyEvent(self.d, c, 1, 0)
        for c in reversed(codes):
            self.t.XTestFakeKeyEvent(self.d, c, 0, 0)
        self._sync()

    NAMES = {" ": "space", ".": "period", ",": "comma", "-": "minus", "+": "plus", ":": "colon", "'": "apostrophe"}

    def type(self, text: str) -> None:
        """Type ``text`` (letters, digits, spaces and a little punctuation; capitals with Shift)."""
        for ch in text:
            if ch.isupper():
                self.key("Shift_L", ch.lower())
            else:
                self.key(self.NAMES.get(ch, ch))

    def move(self, x: int, y: int) -> None:
        """The pointer to screen point (x, y)."""
        self.t.XTestFakeMotionEvent(self.d, -1, int(x), int(y), 0)
        self._sync()

    def click(self, x: int, y: int, button: int = 1) -> None:
        self.move(x, y)
        self.t.XTestFakeButtonEvent(self.d, button, 1, 0)
        self._sync()
        self.t.XTestFakeButtonEvent(self.d, button, 0, 0)
        self._sync()
