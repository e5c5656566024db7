"""Markdown shown in a Tk text widget (the referee's guide in Help): headings, paragraphs, bulleted
and numbered lists, **bold**, *emphasis*, `code`, links (their text), tables (monospaced rows),
code blocks and pictures (``![caption](file.png)``: a PhotoImage, scaled down to fit).

A small renderer of the Markdown the guides use, not a full CommonMark one: a dependency for it
would bring more than the guide needs (issue 33)."""

from __future__ import annotations

import math
import re
import tkinter as tk
from pathlib import Path

HEADING = re.compile(r"^(#{1,6})\s+(.*)$")
ITEM = re.compile(r"^(\s*)([-*+]|\d+[.)])\s+(.*)$")
IMAGE = re.compile(r"^!\[([^\]]*)\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)\s*$")
INLINE = re.compile(r"(\*\*[^*]+\*\*|__[^_]+__|\*[^*\s][^*]*\*|_[^_\s][^_]*_|`[^`]+`|!?\[[^\]]*\]\([^)]*\))")
MAX_WIDTH = 680  # pictures wider than this are scaled down (whole factors: PhotoImage.subsample)


def blocks(text: str) -> list[tuple]:
    """The Markdown's blocks, in order: ("heading", level, text), ("para", text), ("item",
    depth, marker, text), ("code", text), ("table", [row, ...]), ("image", caption, src)."""
    out: list[tuple] = []
    lines = text.splitlines()
    i = 0
    para: list[str] = []

    def flush() -> None:
        if para:
            out.append(("para", " ".join(x.strip() for x in para)))
            para.clear()

    while i < len(lines):
        line = lines[i]
        if line.strip().startswith("```"):
            flush()
            body = []
            i += 1
            while i < len(lines) and not lines[i].strip().startswith("```"):
                body.append(lines[i])
                i += 1
            out.append(("code", "\n".join(body)))
        elif not line.strip():
            flush()
        elif m := HEADING.match(line):
            flush()
            out.append(("heading", len(m.group(1)), m.group(2).strip().rstrip("#").strip()))
        elif m := IMAGE.match(line.strip()):
            flush()
            out.append(("image", m.group(1), m.group(2)))
        elif line.lstrip().startswith("|"):
            flush()
            rows = []
            while i < len(lines) and lines[i].lstrip().startswith("|"):
                cells = [c.strip() for c in lines[i].strip().strip("|").split("|")]
                if not all(re.fullmatch(r":?-{2,}:?", c) for c in cells):
                    rows.append(cells)
                i += 1
            out.append(("table", rows))
            continue
        elif (m := ITEM.match(line)) and not para:
            depth = len(m.group(1).expandtabs(4)) // 2
            words = [m.group(3)]
            while i + 1 < len(lines) and lines[i + 1].strip() and lines[i + 1].startswith(" "):
                if ITEM.match(lines[i + 1]) or lines[i + 1].lstrip().startswith("|"):
                    break
                i += 1
                words.append(lines[i].strip())
            out.append(("item", depth, m.group(2), " ".join(words)))
        elif (m := ITEM.match(line)) and para:  # a list right after a paragraph line
            flush()
            continue
        elif line.startswith("    ") and not para:
            out.append(("code", line[4:]))
        else:
            para.append(line)
        i += 1
    flush()
    return out


def inline(text: str) -> list[tuple[str, tuple[str, ...]]]:
    """A line's runs: (text, tags) with bold, em and code, links read as their text."""
    out: list[tuple[str, tuple[str, ...]]] = []
    for part in INLINE.split(text):
        if not part:
            continue
        if part.startswith(("**", "__")) and part.endswith(part[:2]) and len(part) > 4:
            out += [(t, ("bold", *tags)) for t, tags in inline(part[2:-2])]
        elif part.startswith("`") and part.endswith("`") and len(part) > 1:
            out.append((part[1:-1], ("code",)))
        elif part[0] in "*_" and part.endswith(part[0]) and len(part) > 2:
            out += [(t, ("em", *tags)) for t, tags in inline(part[1:-1])]
        elif part.startswith(("[", "![")) and "](" in part:
            out += inline(part[part.index("[") + 1 : part.index("](")])
        else:
            out.append((part, ()))
    return out


def configure(t: tk.Text, family: str = "DejaVu Sans", size: int = 10) -> None:
    """The text widget's tags for the rendering."""
    t.tag_configure("h1", font=(family, size + 7, "bold"), spacing1=6, spacing3=8)
    t.tag_configure("h2", font=(family, size + 4, "bold"), spacing1=12, spacing3=6)
    t.tag_configure("h3", font=(family, size + 2, "bold"), spacing1=10, spacing3=4)
    t.tag_configure("para", spacing3=8)
    t.tag_configure("item", lmargin1=14, lmargin2=30, spacing3=3)
    t.tag_configure("item2", lmargin1=34, lmargin2=50, spacing3=3)
    t.tag_configure("bold", font=(family, size, "bold"))
    t.tag_configure("em", font=(family, size, "italic"))
    t.tag_configure("code", font=("DejaVu Sans Mono", size - 1), background="#ecebe4")
    t.tag_configure("pre", font=("DejaVu Sans Mono", size - 1), lmargin1=14, lmargin2=14, spacing3=8)
    t.tag_configure("table", font=("DejaVu Sans Mono", size - 1), lmargin1=14, lmargin2=14)
    t.tag_configure("picture", justify="center", spacing1=4)
    t.tag_configure("caption", font=(family, size - 1, "italic"), justify="center", spacing3=10, foreground="#555555")


def picture(t: tk.Text, path: Path, max_width: int = MAX_WIDTH) -> tk.PhotoImage | None:
    """A picture for the text, scaled down by a whole factor to ``max_width`` (None: unreadable)."""
    try:
        img = tk.PhotoImage(master=t, file=str(path))
    except (tk.TclError, OSError):
        return None
    if img.width() > max_width:
        img = img.subsample(math.ceil(img.width() / max_width))
    return img


def render(t: tk.Text, text: str, base: Path | None = None, max_width: int = MAX_WIDTH, lazy: bool = False) -> None:
    """``text`` (Markdown) into ``t`` (emptied first), its pictures read from ``base``; ``lazy``:
    the text at once, the pictures read one by one just after (a dozen screenshots take a second
    or more to decode)."""
    configure(t)
    pending: list[tuple[str, Path]] = []
    t.configure(state="normal")
    t.delete("1.0", "end")
    images = t.__dict__.setdefault("_pictures", [])  # Tk keeps no reference of its own
    images.clear()
    for b in blocks(text):
        kind = b[0]
        if kind == "heading":
            _runs(t, b[2], (f"h{min(3, b[1])}",))
        elif kind == "para":
            _runs(t, b[1], ("para",))
        elif kind == "item":
            bullet = "\u2022" if b[2] in "-*+" else b[2]
            _runs(t, f"{bullet} {b[3]}", ("item2" if b[1] else "item",))
        elif kind == "code":
            t.insert("end", b[1] + "\n", ("pre",))
        elif kind == "table":
            widths = [max(len(_plain(r[c])) if c < len(r) else 0 for r in b[1]) for c in range(max(map(len, b[1])))]
            for r in b[1]:
                t.insert(
                    "end", "  ".join(_plain(c).ljust(w) for c, w in zip(r, widths, strict=False)) + "\n", ("table",)
                )
            t.insert("end", "\n", ("table",))
        elif kind == "image":
            path = (base or Path(".")) / b[2]
            if b[2].startswith(("http:", "https:")):
                pass  # nothing is fetched
            elif lazy:
                mark = f"picture-at{len(pending)}"
                t.mark_set(mark, "end - 1c")
                t.mark_gravity(mark, "left")
                t.insert("end", "\n", ("picture",))
                pending.append((mark, path))
            else:
                _place(t, "end - 1c", picture(t, path, max_width))
            if b[1]:
                t.insert("end", b[1] + "\n", ("caption",))
    t.configure(state="disabled")
    if pending:
        t.after(1, _fill, t, pending, max_width)


def _place(t: tk.Text, index: str, img: tk.PhotoImage | None) -> None:
    """A picture into the text at ``index`` (the start of its own line), centred."""
    if img is None:
        return
    images = t.__dict__["_pictures"]
    images.append(img)
    start = t.index(index)
    t.image_create(start, image=img, name=f"picture{len(images)}")
    if t.get(f"{start} + 1c") != "\n":
        t.insert(f"{start} + 1c", "\n")
    t.tag_add("picture", start, f"{start} lineend")


def _fill(t: tk.Text, pending: list, max_width: int) -> None:
    """The next picture left to read, then the one after it a moment later."""
    try:
        if not t.winfo_exists() or not pending:
            return
        mark, path = pending.pop(0)
        t.configure(state="normal")
        _place(t, mark, picture(t, path, max_width))
        t.configure(state="disabled")
        if pending:
            t.after(1, _fill, t, pending, max_width)
    except tk.TclError:  # the window closed meanwhile
        return


def _plain(text: str) -> str:
    return "".join(s for s, _ in inline(text))


def _runs(t: tk.Text, text: str, block: tuple[str, ...]) -> None:
    for s, tags in inline(text):
        t.insert("end", s, block + tags)
    t.insert("end", "\n", block)


__all__ = ["blocks", "inline", "render"]
