"""The referee's window's files: a new game from any shipped scenario (listed by name, with its
game), open a game or a scenario of any game (it opens in the board view its ruleset declares),
Open recent, save, save as, the question about unsaved changes, and the crash journal's
recovery when a game is opened again (:func:`load_for_play`).
"""

from __future__ import annotations

from pathlib import Path
from tkinter import filedialog, messagebox

from mapref.rules.session import GameSession


class FileActions:
    """File menu actions of a :class:`~mapref.ui.referee.window.RefereeWindow`; the dialogs are
    replaceable attributes (tests answer them without a window)."""

    def __init__(self, window, user_files: bool = False) -> None:
        self.window = window
        self.user_files = user_files  # keep the per-user list of recent games
        self.ask_save_changes = self._ask_save_changes_dialog  # (what) -> True (save), False (discard), None (cancel)
        self.ask_save_path = self._ask_save_path_dialog  # () -> where to save, or None
        self.ask_open_path = self._ask_open_path_dialog  # () -> a file to open, or None
        self.ask_new_game = self._ask_new_game_dialog  # () -> (scenario path, place pools automatically) or None
        self.ask_recover = self._ask_recover_dialog  # (description) -> recover it?

    @property
    def session(self) -> GameSession:
        return self.window.session

    # ------------------------------------------------------------------------ saving
    def save(self) -> bool:
        """Save to the game's own file (Ctrl+S); a new game asks where."""
        if self.window.replay.refuse():
            return False
        if not self.session.path:
            return self.save_as()
        self.session.save()
        self._saved(self.session.path)
        return True

    def save_as(self) -> bool:
        if self.window.replay.refuse():
            return False
        p = self.ask_save_path()
        if not p:
            return False
        self.session.save(p)
        self._saved(p)
        return True

    def _saved(self, p) -> None:
        self.window.update_title()
        self.window.feed.tell(f"saved {p}", "info")
        self.remember(p)

    def settle_unsaved(self) -> bool:
        """Before closing or opening another game: True when it is all right to go on (the
        changes were saved or thrown away), False to stay."""
        s = self.session
        if not s.dirty:
            return True
        what = Path(s.path).name if s.path else f"the new {s.scenario.name} game"
        answer = self.ask_save_changes(what)
        if answer is None:
            return False
        return self.save() if answer else True

    # ----------------------------------------------------------------------- opening
    def ask_open(self) -> None:
        p = self.ask_open_path()
        if p:
            self.open_path(p)

    def open_path(self, p: str | Path) -> bool:
        """Open a saved game or a scenario (of any game) in this window."""
        if self.window.replay.refuse():
            return False
        if not self.settle_unsaved():
            return False
        new = load_for_play(p, journal=True, ask=None if self.window.quiet else self.ask_recover)
        self.window.switch(new, "; ".join([f"opened {p}"] + new.notes))
        self.remember(p)
        return True

    def new_game(self, scenario: str | Path, auto_place: bool = False) -> bool:
        """A new game from a scenario file: its set-up pools placed automatically, or left in the
        Pools tab for the players to place."""
        if self.window.replay.refuse():
            return False
        from mapref.rules.files import new_game

        if not self.settle_unsaved():
            return False
        path = Path(scenario)
        game = new_game(path, scenario_ref=scenario_ref(path), auto_place=auto_place)
        w = self.window
        w.switch(GameSession(game, journal=True), f"new game: {game.scenario.name}")
        if not auto_place and w.session.ruleset.pools(w.session.game):
            w.feed.tell("place the set-up pools from the Pools tab (drag them onto the board)", "info")
            w.side.notebook.select(w.side.pools_tab)
        return True

    def ask_and_start_new(self) -> None:
        v = self.ask_new_game()
        if v:
            self.new_game(*v)

    # ------------------------------------------------------------------ recent games
    def remember(self, p) -> None:
        if self.user_files:
            from mapref.ui.recovery import add_recent

            add_recent(Path(p), key="games")

    def recent(self) -> list[Path]:
        from mapref.ui.recovery import recent

        return recent(key="games") if self.user_files else []

    def fill_recent(self, menu) -> None:
        """File > Open recent: the games and scenarios opened or saved last."""
        from mapref.ui.dialogs import fill_recent_menu
        from mapref.ui.recovery import forget_recent

        fill_recent_menu(
            menu, self.recent(), self.open_recent, lambda p: forget_recent(p, key="games"), "(no recent games)"
        )

    def open_recent(self, path: Path) -> bool:
        if not Path(path).exists():
            from mapref.ui.recovery import forget_recent

            forget_recent(Path(path), key="games")
            raise ValueError(f"{path} is not there any more; it was taken off the list of recent games")
        return self.open_path(path)

    # ------------------------------------------------------------------------ dialogs
    def _ask_save_path_dialog(self) -> str | None:
        return (
            filedialog.asksaveasfilename(
                parent=self.window.root, defaultextension=".toml", filetypes=[("mapref game", "*.toml")]
            )
            or None
        )

    def _ask_open_path_dialog(self) -> str | None:
        return (
            filedialog.askopenfilename(parent=self.window.root, filetypes=[("mapref games and scenarios", "*.toml")])
            or None
        )

    def _ask_save_changes_dialog(self, what: str) -> bool | None:
        return messagebox.askyesnocancel(
            "Unsaved changes", f"Save the changes to {what} first?", parent=self.window.root
        )

    def _ask_recover_dialog(self, text: str) -> bool:
        return messagebox.askyesno("Unsaved changes from a crash", text, parent=self.window.root)

    def _ask_new_game_dialog(self):
        from mapref.ui.dialogs import FormDialog

        names = scenario_choices()
        labels = list(names)
        v = FormDialog(
            self.window.root,
            "New game",
            [
                ("scenario", "Scenario", "choice", labels[0] if labels else "", labels),
                (
                    "pools",
                    "Set-up pools",
                    "choice",
                    "place them by hand",
                    ["place them by hand", "place them automatically"],
                ),
            ],
            note="Every shipped scenario, with its game. The scenario's fixed set-up is placed at once; its free "
            "placements (pools, where the game has them) are dragged from the Pools tab, or placed automatically.",
            validate=lambda v: None if v.get("scenario") in names else "Choose a scenario.",
        ).show()
        if not v:
            return None
        return names[v["scenario"]], v["pools"].endswith("automatically")


def scenario_choices() -> dict[str, Path]:
    """The shipped scenarios as File > New game lists them: "Name (Game)" -> file."""
    from mapref.rules.files import shipped_scenarios

    rows, _problems = shipped_scenarios()
    return {f"{r['name']} ({r['ruleset_title']})": r["path"] for r in rows}


def scenario_ref(path: Path) -> str:
    from mapref.paths import data_dir

    try:
        if path.resolve().parent == data_dir("scenarios").resolve():
            return path.stem
    except OSError:
        pass
    return str(path.resolve())


def load_for_play(path: str | Path | None, *, journal: bool = False, ask=None, loaded=None) -> GameSession:
    """A session on a game file, a scenario file (a fresh set-up with its pools placed), or
    nothing (the shipped default: the Hitler's War map with the Barbarossa set-up).  With
    ``journal``, the session keeps a crash journal; when a crashed window left one for this
    game, ``ask(description) -> bool`` decides whether to recover it (None: never).  ``loaded``:
    ``(kind, object)`` as :func:`mapref.rules.files.open_file` gave it for ``path`` already
    (``mapref GAME`` reads the file to report its problems first), so it is not read again."""
    from mapref.paths import shipped_scenario
    from mapref.rules.recovery import open_for_play
    from mapref.rules import registry
    from mapref.rules.files import new_game, open_file

    if path is None:
        game = new_game(
            shipped_scenario(registry.DEFAULT_SCENARIO), scenario_ref=registry.DEFAULT_SCENARIO, auto_place=True
        )
    else:
        kind, obj = loaded if loaded is not None else open_file(path)
        if kind == "game":
            game = obj  # type: ignore[assignment]
        elif kind == "scenario":
            game = new_game(Path(path), scenario_ref=scenario_ref(Path(path)), auto_place=True)
        else:
            raise ValueError(f"{path}: a {kind} file is a map: open it in the editor (mapref {path})")
    if journal:  # what a crashed window left: offered, asked about, or set aside (never in the way)
        return open_for_play(game, ask)
    return GameSession(game, journal=journal)


__all__ = ["FileActions", "load_for_play", "scenario_choices", "scenario_ref"]
