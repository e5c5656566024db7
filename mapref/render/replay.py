"""The game's log stepped through: every position from the opening one to the last, on the page.

The log keeps, for each action, what it takes to undo it (:mod:`mapref.rules.datapatch`); the
positions of a game are rebuilt from it, never stored twice: from the position now, each entry's
undo is applied in turn back to the opening position (:func:`walk_back`, as ``mapref undo``
and the window's Ctrl+Z take an action back), and what each undo would overwrite is kept as that
entry's redo.  Each position is then drawn as the page draws one (:func:`mapref.render.scene.position_scene`,
:func:`mapref.render.html.page_parts`): the page's changing parts (each SVG layer, the turn and
step, the panels, violations, the report, the spaces' facts and the pieces' verdicts) as lists of
chunks, each chunk kept once in a table of strings (:class:`Frames`).  Between two positions
only the chunks that differ travel: a step is, for each part, the runs of chunks replaced (with
the old ones, so that the page steps back as well as forward).

A position is known by a key: the opening position's data hashed, then each action's undo and
redo chained on (:func:`position_keys`), so a position drawn once is not drawn again when the
same log is read again (an undo and a redo in a window, the file saved by another process).

:func:`replay_data` is what an exported page carries (:func:`export_html`);
:func:`update` what a page following a game live needs to go from one version of the game's
track to the next (:mod:`mapref.serve`).
"""

from __future__ import annotations

import copy
import hashlib
import json
from dataclasses import dataclass, field
from difflib import SequenceMatcher
from pathlib import Path

from mapref.core.board import board_for
from mapref.io.atomic import write_atomic
from mapref.io.problems import FileProblems
from mapref.render.html import PARTS, _Styles, _json, arrow_defs, layer_elements, page_of, page_parts, symbol_defs
from mapref.render.marks import LAYERS
from mapref.render.replay_js import REPLAY_CSS, REPLAY_JS
from mapref.render.scene import log_line, position_scene
from mapref.rules import datapatch
from mapref.rules.files import Game
from mapref.rules.gamelog import LogEntry, spaces_named
from mapref.rules.session import GameSession

MISSING = datapatch.MISSING


# ------------------------------------------------------------------------ the positions
def _at(data, path: list[str]):
    """The value at ``path`` in ``data`` (MISSING when it is not there)."""
    v = data
    for k in path:
        if not isinstance(v, dict) or k not in v:
            return MISSING
        v = v[k]
    return v


def redo_of(data: dict, undo: list[dict]) -> list[dict]:
    """What ``undo`` would overwrite in ``data``, as operations that put it back: the entry's
    redo, read from the position after it."""
    out: list[dict] = []
    for op in undo:
        path = op.get("at")
        if not isinstance(path, list):
            continue
        v = _at(data, path)
        if "order" in op:
            if isinstance(v, dict):
                out.append({"at": list(path), "order": list(v)})
        elif v is MISSING:
            out.append({"at": list(path)})
        else:
            out.append({"at": list(path), "was": copy.deepcopy(v)})
    return out


def walk_back(data: dict, log: list[LogEntry]) -> tuple[dict, list[list[dict]], int]:
    """From the position ``data`` (after the whole ``log``) back to the opening one: (the first
    position that can be rebuilt, the redo of each entry after it, how many entries lie before
    it: 0 unless an entry's undo does not fit the game, and then the positions before it cannot
    be rebuilt)."""
    back = copy.deepcopy(data)
    redos: list[list[dict]] = []
    for i in range(len(log) - 1, -1, -1):
        redo = redo_of(back, log[i].undo)
        try:
            back = datapatch.apply(back, log[i].undo, in_place=True)
        except (datapatch.PatchError, TypeError, KeyError, AttributeError):
            back = datapatch.apply(back, redo, in_place=True)  # what it changed before it failed, put back
            redos.reverse()
            return back, redos, i + 1
        redos.append(redo)
    redos.reverse()
    return back, redos, 0


def _hash(*parts: object) -> str:
    h = hashlib.sha256()
    for p in parts:
        h.update(json.dumps(p, ensure_ascii=False, separators=(",", ":"), default=str).encode("utf-8"))
        h.update(b"\0")
    return h.hexdigest()[:32]


def position_keys(start: dict, log: list[LogEntry], redos: list[list[dict]]) -> list[str]:
    """The key of each position: the opening one's data hashed, then each entry's undo and redo
    chained on (what the position after it is made of)."""
    keys = [_hash("start", start)]
    for e, redo in zip(log, redos, strict=True):
        keys.append(_hash(keys[-1], e.undo, redo))
    return keys


@dataclass
class Positions:
    """Where each position of a game comes from: its key, the opening position's data, the
    redo of each entry after it, and the entries before it (``skipped``: those whose undo does
    not fit; 0 for a sound log)."""

    keys: list[str]
    start: dict
    redos: list[list[dict]]
    skipped: int

    def data(self, k: int) -> dict:
        """The data of position ``k`` (0: the first one), worked out from the opening one."""
        now = copy.deepcopy(self.start)
        for redo in self.redos[:k]:
            now = datapatch.apply(now, redo, in_place=True)
        return now


def positions(data: dict, log: list[LogEntry]) -> Positions:
    """The positions of a game whose position now is ``data`` after ``log`` (none drawn)."""
    start, redos, skipped = walk_back(data, log)
    return Positions(position_keys(start, log[skipped:], redos), start, redos, skipped)


def session_at(game: Game, data: dict, log: list[LogEntry]) -> GameSession:
    """``game`` (its map, scenario and ruleset) at a position: its data, and the log that led
    there."""
    state = game.ruleset.read_state(data, "", game.path or "<game>")
    return GameSession(Game(game.map, game.scenario, state, game.ruleset, game.path, list(log)))


# ---------------------------------------------------------------------------- the frames
@dataclass
class Track:
    """A game's positions as they are at one moment: each position's key (the opening one first),
    the log lines (one per action), and the number of entries before the first position that
    could be rebuilt (``skipped``)."""

    keys: list[str]
    lines: list[dict]
    skipped: int = 0
    version: int = 0
    partial: bool = False  # the earlier positions are still being drawn
    table_size: int = 0
    css: str = ""
    defs: list[str] = field(default_factory=list)

    @property
    def last(self) -> int:
        return len(self.keys) - 1


class Frames:
    """Every position of one game (one map, scenario and ruleset) drawn as the page draws it,
    each chunk kept once (``table``), each position as the chunks of :data:`PARTS` and the SVG
    layers (``frames``, by key).  Pieces keep one number across positions (``data-p``), styles
    one CSS class (prefix ``r``)."""

    def __init__(self, game: Game) -> None:
        self.map, self.scenario, self.ruleset, self.path = game.map, game.scenario, game.ruleset, game.path
        self.styles = _Styles("r", memo=True)
        self.arrows: set[str] = set()
        self.defs: dict[str, str] = {}  # the <defs> children any position needs, by id
        self.table: list[str] = []
        self.index: dict[str, int] = {}
        self.numbers: dict[str, int] = {}
        self.frames: dict[str, dict[str, list[int]]] = {}
        self.deltas: dict[tuple[str, str], dict] = {}
        self.memo: dict = {}  # what the map draws, kept between positions (position_scene)
        self.centres: dict[str, tuple[float, float]] = {}  # where each space is drawn

    # ------------------------------------------------------------------------- chunks
    def intern(self, chunk: str) -> int:
        i = self.index.get(chunk)
        if i is None:
            i = self.index[chunk] = len(self.table)
            self.table.append(chunk)
        return i

    def number(self, piece_id: str) -> int:
        n = self.numbers.get(piece_id)
        if n is None:
            n = self.numbers[piece_id] = len(self.numbers)
        return n

    def numbering(self, sc):
        return lambda i: self.number(sc.pieces[i].id)

    @staticmethod
    def parts() -> dict[str, str]:
        """Each part of a frame and its kind ("svg" for a layer)."""
        out = {f"layer-{name}": "svg" for name in (*LAYERS, "selection")}
        out.update(PARTS)
        return out

    # ------------------------------------------------------------------------ a frame
    def session_at(self, data: dict, log: list[LogEntry]) -> GameSession:
        """The game at a position (its data) with the log that led there."""
        return session_at(Game(self.map, self.scenario, None, self.ruleset, self.path), data, log)

    def draw(self, key: str, session: GameSession):
        """Draw the position of ``session`` as frame ``key``; returns its scene."""
        sc = position_scene(session, memo=self.memo)
        if not self.centres:
            self.centres = {sid: v.at for sid, v in sc.spaces.items()}
        number = self.numbering(sc)
        for d in symbol_defs(sc, self.styles, self.arrows):
            self.defs.setdefault(d.split('"', 2)[1], d)
        frame: dict[str, list[int]] = {}
        for name, chunks in layer_elements(sc, self.styles, self.arrows, number).items():
            frame[f"layer-{name}"] = [self.intern(c) for c in chunks]
        for name, chunks in page_parts(sc, number).items():
            frame[name] = [self.intern(c) for c in chunks]
        for d in arrow_defs(self.arrows):
            self.defs.setdefault(d.split('"', 2)[1], d)
        self.frames[key] = frame
        return sc

    def delta(self, a: str, b: str) -> dict:
        """The step from frame ``a`` to frame ``b``: for each part that differs, its runs of chunks
        replaced, ``[where in a, where in b, the old chunks, the new chunks]``."""
        got = self.deltas.get((a, b))
        if got is not None:
            return got
        fa, fb = self.frames[a], self.frames[b]
        out: dict[str, list] = {}
        for part, new in fb.items():
            old = fa.get(part, [])
            if old == new:
                continue
            ops = []
            for tag, i1, i2, j1, j2 in SequenceMatcher(None, old, new, autojunk=False).get_opcodes():
                if tag != "equal":
                    ops.append([i1, j1, old[i1:i2], new[j1:j2]])
            out[part] = ops
        self.deltas[(a, b)] = out
        return out

    def css(self) -> str:
        return self.styles.css()

    # ------------------------------------------------------------------------ a track
    def missing(self, pos: Positions) -> list[int]:
        """The positions not drawn yet."""
        return [k for k, key in enumerate(pos.keys) if key not in self.frames]

    def draw_at(self, pos: Positions, k: int, data: dict, log: list[LogEntry]) -> None:
        """Draw position ``k`` of ``pos`` (its data given) unless it is drawn; one that cannot
        be read is drawn as the one before it."""
        key = pos.keys[k]
        if key in self.frames:
            return
        try:
            self.draw(key, self.session_at(copy.deepcopy(data), log[: pos.skipped + k]))
        except (FileProblems, ValueError, TypeError, KeyError):
            self.frames[key] = self.frames.get(pos.keys[k - 1], {}) if k else {}

    def drawing(self, pos: Positions, log: list[LogEntry]):
        """Draw every position not drawn yet, from the opening one: a generator that yields
        after each one drawn (a caller may let others in between)."""
        now = copy.deepcopy(pos.start)
        for k, key in enumerate(pos.keys):
            if k:
                now = datapatch.apply(now, pos.redos[k - 1], in_place=True)
            if key not in self.frames:
                self.draw_at(pos, k, now, log)
                yield k

    def track_of(self, pos: Positions, log: list[LogEntry], first: int = 0) -> Track:
        """The track of ``pos`` from position ``first`` on (each drawn), with the log's lines."""
        board = board_for(self.map)
        lines = [self.line(e, board) for e in log]
        return Track(
            pos.keys[first:],
            lines,
            pos.skipped + first,
            0,
            bool(first),
            len(self.table),
            self.css(),
            list(self.defs.values()),
        )

    def track(self, data: dict, log: list[LogEntry]) -> Track:
        """Every position of a game whose position now is ``data`` after ``log``, drawn (those
        drawn before are known by their keys)."""
        pos = positions(data, log)
        for _ in self.drawing(pos, log):
            pass
        return self.track_of(pos, log)

    def line(self, e: LogEntry, board) -> dict:
        """A log entry as the replay shows it: its line, its rule, the spaces it touched (named by
        its arguments and what it did, and the spaces whose data its undo puts back)."""
        spaces = spaces_named(board, e.did, e.action)
        for op in e.undo:
            for k in op.get("at", []) if isinstance(op, dict) else []:
                if isinstance(k, str) and k not in spaces and board.space(k) is not None:
                    spaces.append(k)
        at = [list(self.centres[sp]) if sp in self.centres else None for sp in spaces]
        return {"n": e.n, "line": log_line(self.ruleset, e), "did": e.did, "rule": e.rule, "spaces": spaces, "at": at}


# ------------------------------------------------------------------------- what travels
def replay_data(frames: Frames, track: Track, *, shown: bool = False) -> dict:
    """What a page carries to step through ``track``: the table of chunks, the opening position
    in full, each step, the log lines.  ``shown``: the page draws the last position itself, so
    its chunks are left out of the table (null) and the page reads them from itself (a space's
    or a piece's facts by the key in ``keys``)."""
    first = frames.frames[track.keys[0]]
    steps = [frames.delta(a, b) for a, b in zip(track.keys, track.keys[1:], strict=False)]
    table: list = frames.table[: track.table_size]
    keys: dict[int, object] = {}
    if shown:
        frame = frames.frames[track.keys[-1]]
        for i in frame.get("spaces", []):
            keys[i] = json.loads(table[i])[0]
        for i in frame.get("pieces", []):
            keys[i] = json.loads(table[i])["n"]
        held = {i for ids in frame.values() for i in ids}
        table = [None if i in held else c for i, c in enumerate(table)]
    return {
        "version": track.version,
        "parts": Frames.parts(),
        "table": table,
        "keys": keys,
        "first": first,
        "steps": steps,
        "log": track.lines,
        "skipped": track.skipped,
        "partial": track.partial,
        "defs": track.defs,
    }


def update(frames: Frames, old: Track | None, new: Track) -> dict:
    """What a page showing ``old`` needs to follow ``new``: the chunks it lacks, how many of its
    positions still stand (``keep``: the positions before the first that differs), the steps
    after them (or the opening position again, ``first``), the log lines after the common ones,
    the styles and the symbols."""
    out: dict = {"version": new.version, "from": old.version if old is not None else None}
    have = old.table_size if old is not None else 0
    out["table"] = frames.table[have : new.table_size]
    out["at_table"] = have
    keep = 0
    if old is not None:
        while keep < min(len(old.keys), len(new.keys)) and old.keys[keep] == new.keys[keep]:
            keep += 1
    if keep == 0:
        out["first"] = frames.frames[new.keys[0]]
        keep = 1
    out["keep"] = keep  # positions 0 .. keep-1 stand
    out["steps"] = [frames.delta(new.keys[k - 1], new.keys[k]) for k in range(keep, len(new.keys))]
    same = 0
    if old is not None:
        while same < min(len(old.lines), len(new.lines)) and old.lines[same] == new.lines[same]:
            same += 1
    out["log_keep"] = same
    out["log"] = new.lines[same:]
    out["skipped"] = new.skipped
    out["partial"] = new.partial
    out["css"] = new.css
    out["defs"] = new.defs[len(old.defs) if old is not None else 0 :]
    return out


# --------------------------------------------------------------------------- the page
def track_page(frames: Frames, track: Track, session: GameSession, *, live: str = "") -> str:
    """The page of the last position of ``track`` (the game in ``session``) with its replay;
    ``live``: the script that follows the game (a served page), else none."""
    sc = position_scene(session, memo=frames.memo)
    data = replay_data(frames, track, shown=True)
    extra = (
        f"<style>{REPLAY_CSS}</style>\n"
        f'<script type="application/json" id="replay-data">{_json(data)}</script>\n'
        f"<script>\n{REPLAY_JS}\n</script>" + (f"\n<script>\n{live}\n</script>" if live else "")
    )
    page = page_of(sc, styles=frames.styles, number=frames.numbering(sc), extra=extra)
    return _with_defs(page, track.defs)


def _with_defs(page: str, defs: list[str]) -> str:
    """The page with every ``<defs>`` child any position needs (its own position's are in)."""
    head, sep, tail = page.partition("<defs>")
    if not sep:
        return page
    missing = "".join(d for d in defs if f'id="{d.split(chr(34), 2)[1]}"' not in tail.split("</defs>", 1)[0])
    return head + sep + missing + tail


def export_html(session: GameSession, out: str | Path | None = None) -> str:
    """The position of a game session as one web page, with its replay (every position since the
    opening one, a slider and the arrow keys); written to ``out`` (atomically) when given.
    Returns the page."""
    frames = Frames(session.game)
    track = frames.track(session.state_data(), list(session.log))
    page = track_page(frames, track, session)
    if out is not None:
        write_atomic(Path(out), page)
    return page


__all__ = [
    "Frames",
    "Positions",
    "Track",
    "export_html",
    "position_keys",
    "positions",
    "redo_of",
    "replay_data",
    "session_at",
    "track_page",
    "update",
    "walk_back",
]
