"""What the three scenario game screens share: the same keys for saving, loading, leaving and
starting again, the same file dialog, the same yes/no question before a game in progress is
discarded, and a save that never truncates the file it replaces.

Textual is imported here, so only the screens import this module (the rules never need it).
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Input, Label, Static

#: Largest saved game the screens read (a whole Imperial game is far below this).
MAX_SAVE_BYTES = 2_000_000

#: The file keys every game screen binds, with the same ids' suffixes (docs/tui.md).
SAVE_KEY, LOAD_KEY, LEAVE_KEY, NEW_KEY = "ctrl+s", "ctrl+o", "q", "n"

DIALOG_CSS = """
GamePathDialog, GameConfirm { align: center middle; }
GamePathDialog > Vertical, GameConfirm > Vertical {
    width: 64; max-width: 95%; height: auto; border: thick $accent; background: $surface;
    padding: 1 2;
}
GamePathDialog .dialog-error { color: $error; }
"""


def game_bindings(prefix: str) -> list[Binding]:
    """Save, load, new game and back: the same keys on every game screen (ids ``PREFIX.save``,
    ``PREFIX.load``, ``PREFIX.new_game``, ``PREFIX.leave``)."""
    return [
        Binding(NEW_KEY, "new_game", "New", id=f"{prefix}.new_game"),
        Binding(SAVE_KEY, "save", "Save", id=f"{prefix}.save"),
        Binding(LOAD_KEY, "load", "Load", id=f"{prefix}.load"),
        Binding(LEAVE_KEY, "leave", "Back", id=f"{prefix}.leave"),
    ]


def write_text_safely(path: Path, text: str) -> None:
    """Write ``text`` to a temporary file beside ``path``, fsync, then rename it over ``path``:
    a failed save leaves the old file as it was. ``OSError`` when it cannot be written."""
    path = path.expanduser()
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent or ".")
    umask = os.umask(0o022)
    os.umask(umask)
    try:
        os.fchmod(handle, 0o666 & ~umask)  # mkstemp makes 0600; a save gets the usual mode
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def read_text_bounded(path: Path) -> str:
    """The text of a saved game, through the tool's one bounded reader (``campaign.userfiles``:
    regular files only, the size checked before reading); ``ValueError`` naming the file when
    it is missing, special, too large or not UTF-8."""
    from campaign.userfiles import read_text_bounded as read_text

    return read_text(path.expanduser(), MAX_SAVE_BYTES, "saved game")


class GamePathDialog(ModalScreen[str | None]):
    """Ask for a file path: Enter accepts, Esc cancels (the same dialog in every game)."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="game.path.cancel")]
    DEFAULT_CSS = DIALOG_CSS

    def __init__(self, title: str, default: str) -> None:
        super().__init__()
        self._heading = title
        self._default = default

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(f"[b]{self._heading}[/b]")
            yield Input(value=self._default, placeholder="path/to/file.txt", id="game-path")
            yield Static("Enter: OK · Esc: cancel", classes="dialog-hint")

    def on_mount(self) -> None:
        self.set_focus(self.query_one("#game-path", Input))

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)

    def action_cancel(self) -> None:
        """Close without a path."""
        self.dismiss(None)


class GameConfirm(ModalScreen[bool]):
    """A yes/no question: ``y`` confirms, ``n`` or Esc keeps things as they are."""

    BINDINGS = [
        Binding("y", "answer(True)", "Yes", id="game.confirm.yes"),
        Binding("n,escape", "answer(False)", "No", id="game.confirm.no"),
    ]
    DEFAULT_CSS = DIALOG_CSS

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.question)
            yield Static("[b]y[/b] yes   [b]n[/b] / Esc no")

    def action_answer(self, answer: bool) -> None:
        """Close with ``answer``."""
        self.dismiss(answer)


class GameHelp(ModalScreen[None]):
    """The keys of a game screen (key, what, binding id) and a few notes; Esc closes."""

    BINDINGS = [Binding("escape,question_mark,f1,q", "close", "Close", id="game.help.close")]
    DEFAULT_CSS = """
    GameHelp { align: center middle; }
    GameHelp > Vertical {
        width: 90; max-width: 95%; height: auto; max-height: 90%; border: thick $accent;
        background: $surface; padding: 0 1; overflow-y: auto;
    }
    """

    def __init__(self, title: str, bindings: list[Binding], notes: str = "") -> None:
        super().__init__()
        self._heading = title
        self._bindings = bindings
        self._notes = notes

    def compose(self) -> ComposeResult:
        rows = [f"{self.app.get_key_display(b):>12}  {b.description}  [dim]{b.id}[/dim]"
                for b in self._bindings]
        with Vertical():
            yield Label(f"[b]{self._heading} — keys[/b]")
            yield Static("\n".join(rows))
            if self._notes:
                yield Static(self._notes)
            yield Label("Esc closes.")

    def action_close(self) -> None:
        """Close help."""
        self.dismiss(None)


def confirm_then(screen: Screen, needed: bool, question: str, then: Callable[[], object]) -> None:
    """Run ``then`` at once when ``needed`` is false, else after a ``y`` to ``question``."""
    if not needed:
        then()
        return

    def answered(yes: bool | None) -> None:
        if yes:
            then()

    screen.app.push_screen(GameConfirm(question), answered)


def ask_and_save(
    screen: Screen,
    current_path: str | None,
    text_of: Callable[[], str],
    on_saved: Callable[[str], None],
) -> None:
    """Ask for a path (the same dialog in every game) and write ``text_of()`` there safely.

    ``on_saved(path)`` runs only after the file is written (the game then counts as saved); a
    write that fails is one notice and records nothing."""

    def chosen(path: str | None) -> None:
        if path is None:
            return
        try:
            write_text_safely(Path(path), text_of())
        except OSError as error:
            screen.notify(f"{path}: cannot save: {error}", severity="error")
            return
        on_saved(path)
        screen.notify(f"Saved to {path}")

    screen.app.push_screen(GamePathDialog("Save the game to:", current_path), chosen)


def leave_screen(screen: Screen) -> None:
    """Back to the screen below (the launcher), or quit when this is the only screen."""
    if len(screen.app.screen_stack) > 1:
        screen.app.pop_screen()
    else:
        screen.app.exit()
