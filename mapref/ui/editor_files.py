"""The map editors' files: New, Open, Open recent, Save, Save as, closing, autosave and crash
recovery, the same for hex and area maps (:class:`EditorFiles`, one per editor window).

Opening a map of the other kind puts the other editor in the same window (File > Open of an
area map from the hex editor, File > New > Area map...): :meth:`EditorFiles.switch`.  The
recovery files themselves (where they live, their header, who left them) are
:mod:`mapref.ui.recovery`; saves are atomic (:mod:`mapref.io.atomic`).
"""

from __future__ import annotations

import os
import time
import tkinter as tk
from pathlib import Path
from tkinter import filedialog, messagebox
from collections.abc import Callable

from mapref.core.commands import EditError
from mapref.io.problems import FileProblems
from mapref.ui.dialogs import ChoiceDialog, fill_recent_menu
from mapref.ui.editor_api import EditorWindow, editor_of
from mapref.ui.recovery import (
    Autosave,
    add_recent,
    autosave_path,
    find_orphans,
    forget_recent,
    recent as recent_maps,
    remove as remove_autosave,
    unsaved_orphans,
    write as write_autosave,
)

MAP_KINDS = ("hex", "area")


def read_any_map(path: str | Path, shown: str | None = None) -> tuple[str, object]:
    """(kind, map) of the map file ``path``; a game, a scenario or anything else is refused
    with a message saying what it is (FileProblems)."""
    from mapref.io.anyfile import load_parsed
    from mapref.io.problems import Locator, Problem, parse_toml

    shown = shown or str(path)
    data, source = parse_toml(Path(path), shown)
    kind = data.get("kind")
    if kind in ("game", "scenario"):
        line, col = Locator(source).find("kind")
        raise FileProblems(
            [
                Problem(
                    shown,
                    line,
                    col,
                    "kind",
                    f"this is a {kind}, not a map: open it with  mapref {Path(path).name}  (the referee's window)",
                )
            ]
        )
    kind, obj = load_parsed(data, source, shown)
    return kind, (obj.map if kind == "area" else obj)


class EditorFiles:
    def __init__(self, ed: EditorWindow, ask_recover: Callable[[Autosave], bool] | None, user_files: bool) -> None:
        self.ed = ed
        self.user_files = user_files
        self._ask_recover_given = ask_recover
        self.ask_recover = ask_recover or (None if ed.quiet else self._ask_recover_dialog)
        self._autosave_file: Path | None = None
        self._changes = 0  # since the last autosave
        self._session = f"{os.getpid()}-{int(time.time())}"
        self._after: str | None = None

    def start(self) -> None:
        """The window is built: start the autosave timer, remember the map, offer what a crashed
        editor left of it."""
        ed = self.ed
        root = ed.root
        if not getattr(root, "mapref_autosave_bound", False):
            root.mapref_autosave_bound = True  # type: ignore[attr-defined]
            root.bind("<Destroy>", lambda e: e.widget is root and _drop_for(root), add="+")
        self._after = root.after(ed.autosave_ms, self._tick)
        if ed.path is not None:
            self.remember(ed.path)
            self.offer_recovery()
        if self.user_files and unsaved_orphans():
            ed.set_status("A map never saved was autosaved before mapref stopped: File > Recover unsaved map")

    def stop(self) -> None:
        if self._after is not None:
            try:
                self.ed.root.after_cancel(self._after)
            except tk.TclError:
                pass
            self._after = None

    # ------------------------------------------------------------------ open, save, close
    def confirm_discard(self) -> bool:
        """True when it is fine to drop the current map (saved, or the user says so)."""
        ed = self.ed
        if not ed.history.dirty:
            return True
        if ed.quiet:
            answer = ed.answers.pop(0) if ed.answers else False
        else:
            answer = messagebox.askyesnocancel(
                "Unsaved changes", f"Save the changes to {ed.path.name if ed.path else 'this map'}?", parent=ed.root
            )
        if answer is None:
            return False
        return self.save() if answer else True

    def open_path(self, path: str | Path) -> bool:
        """Open the map in ``path`` in this window (in the other editor for the other kind of
        map); a file with problems is shown and the current map kept."""
        try:
            kind, m = read_any_map(path)
        except FileProblems as e:
            self.ed.show_error(f"{Path(path).name} has problems", "\n".join(str(p) for p in e.problems))
            return False
        self.remember(Path(path))
        if kind != self.ed.map_kind.name:
            self.switch(kind, m, Path(path)).set_status(f"Opened {path}")
            return True
        self.ed.replace_model(m, Path(path))
        self.ed.set_status(f"Opened {path}")
        self.offer_recovery()
        return True

    def ask_open(self) -> None:
        if not self.confirm_discard():
            return
        p = filedialog.askopenfilename(parent=self.ed.root, filetypes=[("mapref maps", "*.toml"), ("All files", "*")])
        if p:
            self.open_path(p)

    def switch(self, kind: str, model, path: Path | None) -> EditorWindow:
        """Put the editor of ``kind`` in this window on ``model`` (this editor's map was saved
        or discarded); returns the new editor (also ``editor_of(root)``)."""
        old = self.ed
        cls = old.editor_class(kind)
        self.drop_autosave()
        old.dispose()
        new = cls(
            old.root,
            path,
            model=model,
            quiet=old.quiet,
            ask_recover=self._ask_recover_given,
            user_files=self.user_files,
            editors=old.editors,
        )
        new.messages[:0] = old.messages
        new.answers[:0] = old.answers
        getattr(new.canvas, "hold_view", lambda: None)()  # (the area canvas: drawn once, at the view below)
        old.root.update_idletasks()
        new.canvas.initial_view()
        return new

    def save(self) -> bool:
        if self.ed.path is None:
            return self.ask_save_as()
        return self.save_to(self.ed.path)

    def save_to(self, path: str | Path) -> bool:
        ed = self.ed
        ed.map_kind.write(ed.model, path)
        self.drop_autosave()  # saved: nothing to recover (and a new name autosaves elsewhere)
        ed.path = Path(path)
        ed.history.mark_saved()
        ed.update_title()
        ed.set_status(f"Saved {path}")
        self.remember(ed.path)
        return True

    def ask_save_as(self) -> bool:
        ed = self.ed
        p = filedialog.asksaveasfilename(
            parent=ed.root,
            defaultextension=".toml",
            filetypes=[("mapref maps", "*.toml")],
            initialfile=ed.path.name if ed.path else "map.toml",
            **({"initialdir": str(ed.path.parent)} if ed.path else {}),  # beside the map, not the program
        )
        return self.save_to(p) if p else False

    def close(self) -> None:
        if self.confirm_discard():
            self.drop_autosave()
            self.ed.root.destroy()

    # ---------------------------------------------------------------------------- new maps
    def ask_new(self, kind: str) -> None:
        """File > New > Hex map / Area map: the form of that kind, then the map in this window."""
        if not self.confirm_discard():
            return
        values = self.ed.editor_class(kind).map_kind.ask_new(self.ed)
        if values is not None:
            self.new_map(kind, values)

    def new_map(self, kind: str, values: dict, path: Path | None = None) -> EditorWindow:
        """A new map of ``kind`` from the New map form's ``values``; with ``path`` (``mapref
        NEW.toml`` for a file not there yet) Save writes it there.  Returns the editor."""
        model = self.ed.editor_class(kind).map_kind.make_new(values)
        ed = self.ed
        if kind == ed.map_kind.name:
            ed.replace_model(model, path)
        else:
            ed = self.switch(kind, model, path)
        if path is not None:
            ed.history.saved = None  # not on disk yet: the title says so and closing asks
            ed.update_title()
        ed.set_status(f"New {kind} map" + (f": Save writes {path}" if path is not None else ""))
        return ed

    # ------------------------------------------------------------- autosave and recovery
    def count_change(self) -> None:
        self._changes += 1
        if self._changes >= self.ed.autosave_changes:
            self.autosave()

    def _tick(self) -> None:
        if self._changes:
            self.autosave()
        self._after = self.ed.root.after(self.ed.autosave_ms, self._tick)

    def autosave(self) -> Path | None:
        """Write the recovery file now if there are unsaved changes (remove it if there are
        none); a failure is told in the status bar, never raised.  Returns the file written."""
        ed = self.ed
        self._changes = 0
        if not ed.history.dirty:
            self.drop_autosave()
            return None
        if ed.path is None and not self.user_files:
            return None  # a map never saved, outside the mapref command (a script, a test)
        try:
            if self._autosave_file is None:
                self._autosave_file = autosave_path(ed.path, self._session)
            write_autosave(self._autosave_file, ed.map_kind.dumps(ed.model), ed.path)
        except OSError as e:
            ed.set_status(f"Autosave to {self._autosave_file} failed: {e.strerror or e}")
            self._autosave_file = None
            return None
        return self._autosave_file

    @property
    def autosave_file(self) -> Path | None:
        return self._autosave_file

    def drop_autosave(self) -> None:
        remove_autosave(self._autosave_file)
        self._autosave_file = None
        self._changes = 0

    def _ask_recover_dialog(self, a: Autosave) -> bool:
        ed = self.ed
        ed.root.update()  # the window is up (and the map drawn) behind the question
        ed.canvas.fit()
        name = a.of.name if a.of else "A map never saved"
        text = (
            f"They were autosaved {a.describe()}. Recover puts them back (Undo then shows the map as it "
            "was last saved); Discard deletes them for good."
        )
        if a.of is not None and a.of.exists() and a.of.stat().st_mtime > a.when + 1:
            text += "\n\nThe map file was saved again after that autosave: recovering replaces it when you save."
        d = ChoiceDialog(
            ed.root,
            "Recover unsaved changes",
            f"{name} has changes that were not saved when mapref stopped.",
            text,
            [("Recover", True), ("Discard", False)],
            safe=True,
        )
        ed.recover_dialog = d
        return bool(d.show())

    def offer_recovery(self) -> bool:
        """If an editor that is gone left changes to this map, offer them: yes makes the map as
        autosaved (one step: Undo goes back to the file), no deletes the autosave.  True when
        recovered."""
        ed = self.ed
        if ed.path is None or self.ask_recover is None:
            return False
        found = find_orphans(ed.path)
        if not found:
            return False
        newest = found[0]
        try:
            recovered = ed.map_kind.read(newest.path, shown=f"the autosave of {ed.path.name}")
        except FileProblems as e:
            ed.set_status(f"The autosave {newest.path} cannot be read ({e.problems[0]}); it was left there")
            return False
        yes = self.ask_recover(newest)
        for a in found:
            remove_autosave(a.path)
        if not yes:
            ed.set_status(f"Autosaved changes to {ed.path.name} discarded")
            return False
        ed.push(ed.map_kind.replace(ed.model, recovered))
        ed.canvas.fit()
        self.autosave()  # ours now: a crash before the next save still has them
        ed.set_status(f"Recovered the changes to {ed.path.name} autosaved {newest.describe()}; save to keep them")
        return True

    def recover_unsaved(self) -> bool:
        """File > Recover unsaved map: offer the maps never saved that an editor left behind."""
        found = unsaved_orphans() if self.user_files else []
        if not found:
            self.ed.set_status("No unsaved map to recover")
            return False
        ask = self.ask_recover or self._ask_recover_dialog
        for a in found:
            try:
                kind, m = read_any_map(a.path, shown="the autosave of an unsaved map")
            except FileProblems:
                continue
            if ask(a):
                if not self.confirm_discard():
                    return False
                ed = self.ed
                if kind == ed.map_kind.name:
                    ed.replace_model(m, None)
                else:
                    ed = self.switch(kind, m, None)
                ed.history.saved = None  # unsaved: the title shows it, closing asks
                ed.update_title()
                remove_autosave(a.path)
                ed.files.autosave()
                ed.set_status(f"Recovered an unsaved map autosaved {a.describe()}; save it to keep it")
                return True
            remove_autosave(a.path)
        return False

    # ---------------------------------------------------------------------- recent maps
    def remember(self, path: Path) -> None:
        if self.user_files:
            add_recent(path)

    def fill_recent(self) -> None:
        fill_recent_menu(
            self.ed.recent_menu,
            recent_maps() if self.user_files else [],
            self.open_recent,
            forget_recent,
            "(no maps opened yet)",
        )

    def open_recent(self, path: Path) -> bool:
        if not path.exists():
            forget_recent(path)
            raise EditError(f"{path} is not there any more; it was taken off the list of recent maps")
        if not self.confirm_discard():
            return False
        return self.open_path(path)


def _drop_for(root: tk.Misc) -> None:
    """The window is gone: so is the autosave of the editor in it (closing asked already)."""
    ed = editor_of(root)
    if ed is not None:
        ed.files.stop()
        ed.files.drop_autosave()
