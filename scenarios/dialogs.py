"""What the three scenario game screens share, so that they feel like one product: one key
vocabulary (a key means the same thing in every game), one help layout, the same dialogs (file
path, yes/no, a choice from a list), their look (``games.tcss``), the same yes/no question before
a game in progress is discarded; the files themselves are ``saves``.

Textual is imported here, so only the screens import this module (the rules never need it).
"""

from __future__ import annotations

import dataclasses
import inspect
import re
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any, ClassVar, NamedTuple, TypeVar

from rich.markup import escape
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.notifications import SeverityLevel
from textual.screen import ModalScreen, Screen
from textual.widgets import Input, Label, ListItem, ListView, Static

from campaign.userfiles import FileRefusedError, OwnFile, refuse_own_files
from scenarios.changed_text import show_text
from scenarios.footer import KeysFooter, dialog_keys
from scenarios.keys import key_as_typed
from scenarios.saves import (
    MAX_SAVE_BYTES,
    cannot_write,
    full_path,
    players_line,
    read_players,
    read_resigned,
    read_text_bounded,
    remember_folder,
    resigned_line,
    save_path_in_folder,
    saves_folder,
    write_text_safely,
)
from scenarios.type_ahead import FieldInput

__all__ = [
    "BOARD_WORDS",
    "FILE_WORDS",
    "GAMES_TCSS",
    "HUMAN",
    "MAX_SAVE_BYTES",
    "VOCABULARY",
    "GameChoice",
    "GameConfirm",
    "GameDialog",
    "GameHelp",
    "GamePathDialog",
    "GameScreen",
    "HelpSection",
    "KeyWord",
    "MoveList",
    "cannot_load",
    "confirm_then",
    "game_bindings",
    "game_keys",
    "leave_screen",
    "opponent_seat",
    "player_word",
    "players_line",
    "read_players",
    "read_resigned",
    "read_text_bounded",
    "resigned_line",
    "tab_keys",
    "tab_title",
    "write_text_safely",
]

#: The look of every scenario screen and dialog (package data, shipped in the wheel).
GAMES_TCSS = Path(__file__).with_name("games.tcss")


#: What a game's reader makes of a saved file (``GameScreen.ask_and_load``).
LoadedT = TypeVar("LoadedT")


class KeyWord(NamedTuple):
    """One word of the key vocabulary: its keys, the screen action and the description."""

    keys: str
    action: str
    description: str
    show: bool


#: The key vocabulary of the scenario games (docs/tui.md, "Scenario games"): each key has one
#: meaning in every game that uses it, and a game uses only the words it needs. A binding's id
#: is ``GAME.WORD`` (``invector.undo``), so a keymap remaps a word game by game.
VOCABULARY: dict[str, KeyWord] = {
    "cursor_up": KeyWord("up", "cursor(-1, 0)", "Cursor up", False),
    "cursor_down": KeyWord("down", "cursor(1, 0)", "Cursor down", False),
    "cursor_left": KeyWord("left", "cursor(0, -1)", "Cursor left", False),
    "cursor_right": KeyWord("right", "cursor(0, 1)", "Cursor right", False),
    "activate": KeyWord("enter,space", "activate", "Select / move", False),
    "deselect": KeyWord("escape", "deselect", "Cancel selection", False),
    "swap": KeyWord("s", "swap", "Swap (pie rule)", True),
    "type_move": KeyWord("m", "type_move", "Type", True),
    "flip": KeyWord("f", "flip", "Flip board", False),
    "undo": KeyWord("u", "undo", "Undo", True),
    "opponent": KeyWord("o", "cycle_opponent", "Opponent", False),
    "computer": KeyWord("c", "computer", "Computer", True),
    "scores": KeyWord("r", "scores", "Scores", True),
    "new_game": KeyWord("n", "new_game", "New", True),
    "save": KeyWord("ctrl+s", "save", "Save", True),
    "load": KeyWord("ctrl+o", "load", "Load", True),
    "leave": KeyWord("q", "leave", "Back", True),
    "help": KeyWord("question_mark,f1", "help", "Help", True),
    "resign": KeyWord("x", "resign", "Resign", False),
    # a game with tabs shows tab N with the digit N, as the campaign screen does (Imperial)
    **{f"tab_{n}": KeyWord(str(n), f"show_tab({n - 1})", f"Tab {n}", False) for n in range(1, 10)},
}

#: The player kind of a seat a person plays (the others are computer levels: ``easy`` …).
HUMAN = "human"


def player_word(kind: str) -> str:
    """How a seat's player is shown: ``person``, or the computer level's name."""
    return "person" if kind == HUMAN else kind


def opponent_seat(players: Sequence[str], previous: int) -> int:
    """The seat ``o`` cycles (the board games): the one a person does not play when exactly
    one seat is a person's, else ``previous``, the seat it cycled before. So the opponent stays
    the opponent while its level passes through "person" (``o`` used to cycle seat 1 whenever
    seat 0 was a person: playing seat 1, the next ``o`` made the person's own seat a
    computer)."""
    people = [seat for seat, kind in enumerate(players) if kind == HUMAN]
    return 1 - people[0] if len(people) == 1 else previous


#: The board games' cursor and selection words (Imperium Shogi, Invector).
BOARD_WORDS = ("cursor_up", "cursor_down", "cursor_left", "cursor_right", "activate", "deselect")
#: The words every game screen has, last in its footer (resign: in the help, not the footer).
FILE_WORDS = ("new_game", "save", "load", "leave", "help", "resign")


def game_keys(prefix: str, *words: str) -> list[BindingType]:
    """The bindings of ``words`` (from ``VOCABULARY``) with the ids ``PREFIX.WORD``."""
    return [
        Binding(
            VOCABULARY[word].keys,
            VOCABULARY[word].action,
            VOCABULARY[word].description,
            show=VOCABULARY[word].show,
            id=f"{prefix}.{word}",
        )
        for word in words
    ]


def tab_keys(prefix: str, names: Sequence[str]) -> list[BindingType]:
    """The digit keys that show a game's tabs (``1`` the first, named ``names``), with the ids
    ``PREFIX.tab_N``: the campaign screen's way of switching tabs."""
    return [
        Binding(str(n), f"show_tab({n - 1})", f"{name} tab", show=False, id=f"{prefix}.tab_{n}")
        for n, name in enumerate(names, start=1)
    ]


def tab_title(index: int, name: str) -> str:
    """A tab's title with its key in front (``1 Nations``), as the campaign screen writes it."""
    return f"{index + 1} {name}"


def game_bindings(prefix: str) -> list[BindingType]:
    """New game, save, load, back and help: the same keys on every game screen."""
    return game_keys(prefix, *FILE_WORDS)


class HelpSection(NamedTuple):
    """A titled block of the help below the keys (rules, computer levels, notes)."""

    id: str
    heading: str
    text: str


class GameScreen(Screen[None]):
    """A scenario game screen: the shared look and the shared help (``?``/``F1``)."""

    CSS_PATH = GAMES_TCSS
    #: The game's name in the help's title.
    GAME_TITLE: ClassVar[str] = ""
    #: The file name the save dialog offers first, in the chosen folder (``saves.saves_folder``).
    SAVE_NAME: ClassVar[str] = "game.txt"
    #: The full path of this game's file once it was saved or loaded (the dialogs offer it).
    save_path: str | None = None

    #: The side that resigned (as the screen names it), or ``None``: a resigned game is over,
    #: its saves say so (``# resigned:``), issue 44 item 6.
    resigned: str | None = None

    @on(events.Mount)
    def mount_refusal_line(self) -> None:
        """The refusal line above the footer (a handler of its own name, so that a game's
        ``on_mount``, sync or async, neither replaces it nor has to match its type)."""
        self.mount(Static("", id="game-refusal", markup=False))

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        """A toast, as Textual's; a warning or an error (a move or key refused, a file
        refused) also stays on the refusal line above the footer until the next key (found
        by use, December 7: at 80x24 the toast covered the move field and went away with
        the reason)."""
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=markup)
        if severity != "information":
            self.show_refusal(message)

    def show_refusal(self, message: str) -> None:
        """Show ``message`` on the refusal line ("" hides the line)."""
        for line in self.query("#game-refusal").results(Static):
            # unchanged, no layout: every key clears the line (a layout and a repaint of
            # every widget per key, 0.2 s on Invector's 16 x 15 board)
            show_text(line, message)
            line.set_class(bool(message), "-shown")

    def on_key(self) -> None:
        """The next key is the next action: the refusal it answers goes (a key the action
        refuses again shows its own; bindings run after the screen sees the key)."""
        self.show_refusal("")

    def show_in_footer(self, action: str, shown: bool) -> None:
        """Show the key of ``action`` in the footer only while ``shown`` (a key that does not
        apply now stays out of it, issue 44 item 6). The key itself keeps working, so pressing it
        when it does not apply says why, like every other key of the games (Invector's ``s``,
        switched off instead, did nothing at all)."""
        chosen = self._bindings.key_to_bindings
        for key, bindings in chosen.items():
            chosen[key] = [
                dataclasses.replace(binding, show=shown) if binding.action == action else binding
                for binding in bindings
            ]
        self.refresh_bindings()

    def game_over(self) -> bool:
        """Whether the game has ended (each game says when)."""
        return False

    def move_refusal(self) -> str | None:
        """Why a person cannot move now, or ``None`` (each game says why)."""
        return None

    def refuse_move(self) -> bool:
        """Say why a person cannot move now (``move_refusal``: a warning while the game goes
        on, which stays on the refusal line, plain news once it is over); ``True`` when they
        cannot. The board and the move input ask the same question."""
        refusal = self.move_refusal()
        if refusal is not None:
            self.notify(refusal, severity="information" if self.game_over() else "warning")
        return refusal is not None

    def take_back_resignation(self) -> bool:
        """``u`` after a resignation: take the resignation back, so the game goes on from the
        position where it stood; ``True`` when there was one. (Undo used to take moves back and
        leave the game over, Invector's all the way back to the start.)"""
        if self.resigned is None:
            return False
        self.notify(f"{self.resigned}'s resignation taken back: the game goes on.")
        self.resigned = None
        return True

    def resigning_side(self) -> str | None:
        """The side a person resigns for now (the one to move, or the person's side while the
        computer thinks), or ``None`` when no person may resign (the game is over)."""
        return None

    def resignation_result(self, side: str) -> str:
        """What the game's end is when ``side`` resigns ("Blue wins")."""
        return ""

    def after_resignation(self) -> None:
        """The game is over: stop the computer, redraw (each game)."""

    def action_resign(self) -> None:
        """``x``: resign for the side a person plays, after a y/n question; the game is over
        and its save records it."""
        side = self.resigning_side()
        if side is None:
            self.notify(
                "Nothing to resign: the game is over (n starts a new one).", severity="warning"
            )
            return
        result = self.resignation_result(side)

        def resign() -> None:
            self.resigned = side
            self.after_resignation()
            self.notify(f"{side} resigned: {result}.")

        confirm_then(self, True, f"Resign for {side}? The game ends: {result}.", resign)

    def offered_path(self) -> str:
        """The path the save and load dialogs offer: this game's file, else ``SAVE_NAME`` in
        the folder chosen last time."""
        return self.save_path or save_path_in_folder(self.SAVE_NAME)

    def ask_and_save(self, text_of: Callable[[], str], on_saved: Callable[[], None]) -> None:
        """Ask for a path (the same dialog in every game) and write ``text_of()`` there safely.

        A name without a folder goes to the chosen folder; the folder of a save is remembered
        for the next one (in this session and the next). ``on_saved()`` runs only after the
        file is written (the game then counts as saved). A write that fails keeps the dialog
        open with one line naming the full path and the reason, the path as typed (found by
        use, December 7, night: the dialog closed and the reason went by in a toast, as a
        refused load's did before), leaves the file there as it was and records nothing."""

        def check(typed: str) -> str | None:
            """Write the file while the dialog is open; the refusal it shows, or None."""
            path = full_path(typed)
            try:
                refuse_own_files(path, host_own_files(self.app), "game")
                write_text_safely(path, text_of())
            except FileRefusedError as error:  # the host's database: nothing written
                return str(error)
            except OSError as error:
                return cannot_write(path, error)
            return None

        def chosen(typed: str | None) -> None:
            if typed is None:
                return
            path = full_path(typed)
            self._chose(path)
            on_saved()
            self.notify(f"Saved to {path}")

        self.app.push_screen(
            GamePathDialog("Save the game to:", self.offered_path(), check=check), chosen
        )

    def ask_and_load(
        self,
        unsaved_question: str | None,
        read: Callable[[Path], LoadedT],
        use: Callable[[LoadedT], Awaitable[None] | None],
    ) -> None:
        """Ask ``unsaved_question`` first (when the game has moves not saved), then a path;
        ``read(path)`` parses the file and ``use`` plays the result. A file that cannot be read
        or parsed changes nothing: one line naming the full path (and the line) says why."""

        read_so_far: list[tuple[Path, LoadedT]] = []

        def check(typed: str) -> str | None:
            """Read the file while the dialog is open: a refusal stays in the dialog with the
            path as typed, as the campaign's import prompt does (found by use, December 7:
            the dialog closed and the reason went by in a toast)."""
            path = full_path(typed)
            try:
                read_so_far.append((path, read(path)))
            except (OSError, ValueError) as error:  # the parsers' errors are ValueErrors
                return cannot_load(path, error)
            return None

        async def chosen(typed: str | None) -> None:
            if typed is None or not read_so_far:
                return
            path, loaded = read_so_far[-1]
            self._chose(path)
            outcome = use(loaded)
            if inspect.isawaitable(outcome):
                await outcome
            self.notify(f"Loaded {path}")

        confirm_then(
            self,
            unsaved_question is not None,
            unsaved_question or "",
            lambda: self.app.push_screen(
                GamePathDialog("Load a game from:", self.offered_path(), check=check), chosen
            ),
        )

    def _chose(self, path: Path) -> None:
        """``path`` was saved or loaded: it is this game's file, its folder the chosen one."""
        self.save_path = str(path)
        remember_folder(path.parent)

    def help_sections(self) -> list[HelpSection]:
        """What the help shows below the keys (each game adds its rules and levels)."""
        return []

    def action_help(self) -> None:
        """Show the keys and the game's help sections."""
        self.app.push_screen(GameHelp(self.GAME_TITLE, self._help_rows(), self.help_sections()))

    def _help_rows(self) -> list[tuple[str, str, str]]:
        """The help's rows of this screen's bindings (``help_rows``)."""
        return help_rows(self, self.BINDINGS)


def help_rows(screen: Screen[Any], bindings: Sequence[BindingType]) -> list[tuple[str, str, str]]:
    """(keys as shown, description, id) of each of ``bindings`` of ``screen`` (a game screen
    or a game dialog), with the keys in force now (a keymap may have changed them)."""
    live: dict[str, list[str]] = {}
    for active in screen.active_bindings.values():
        if active.binding.id:
            live.setdefault(active.binding.id, []).append(
                key_as_typed(active.binding.key, screen.app.get_key_display(active.binding))
            )
    rows = []
    for binding in bindings:
        if not isinstance(binding, Binding):
            continue
        keys = live.get(binding.id or "") or [
            key_as_typed(key, screen.app.get_key_display(Binding(key, binding.action)))
            for key in binding.key.split(",")
        ]
        rows.append((" / ".join(keys), binding.description, binding.id or binding.action))
    return rows


class MoveList(VerticalScroll):
    """The scroll pane of a game's move list: after a resize it scrolls to its end again, so the
    newest move stays in view (the screens scroll it there after every move; after a shrink the
    last moves were below the pane until the next one). Textual's ``anchor()`` would do this
    too, but it draws a list shorter than the pane at the pane's bottom."""

    def on_resize(self) -> None:
        self.scroll_end(animate=False)


ResultT = TypeVar("ResultT")
#: Longest path the file dialog takes (longer than any path a file system allows).
MAX_PATH_CHARS = 4096


def game_dialog_keys(*own: BindingType) -> list[BindingType]:
    """A game dialog's bindings: its own keys, then F1 for its keys (``GameDialog.action_help``,
    id ``game.dialog.help``), in the order the campaign's dialogs list theirs
    (``scenarios.footer.dialog_keys``)."""
    return dialog_keys(own, "help", "game.dialog.help")


class GameDialog(ModalScreen[ResultT]):
    """A dialog of the scenario games: a framed box in the middle (``games.tcss``), with its
    own key footer and F1 for its keys, as the campaign's dialogs have (found by use, December
    7: under a dialog the footer named the game screen's keys, which the dialog types into its
    field or ignores, and F1 did nothing). Its help is the games' help layout (``GameHelp``),
    so the scenarios need nothing of the host app."""

    CSS_PATH = GAMES_TCSS
    #: None here: each dialog lists its keys with ``game_dialog_keys`` (its own, then F1)
    BINDINGS: ClassVar[list[BindingType]] = []
    #: The help's title (F1): what the dialog is, not its class.
    HELP_TITLE = "dialog"

    def on_mount(self) -> None:
        """Its own footer (every subclass's ``on_mount`` runs too: Textual calls each)."""
        self.mount(KeysFooter())

    def action_help(self) -> None:
        """The dialog's keys (its own, then the F1 all dialogs share)."""
        bindings = [  # Textual's own (Tab, copy) are not the dialog's words
            binding
            for kind in reversed(type(self).__mro__)
            if issubclass(kind, GameDialog)
            for binding in vars(kind).get("BINDINGS", ())
        ]
        self.app.push_screen(GameHelp(self.HELP_TITLE, help_rows(self, bindings)))


class GamePathDialog(GameDialog[str | None]):
    """Ask for a file path: Enter accepts, Esc cancels (the same dialog in every game). It
    offers a full path and says which folder a bare name goes to; Enter on an empty field
    keeps the dialog open and says so. With ``check`` a path it refuses (its message) keeps
    the dialog open too, showing why, with the path as typed."""

    BINDINGS = game_dialog_keys(Binding("escape", "cancel", "Cancel", id="game.path.cancel"))
    HELP_TITLE = "file path"

    def __init__(
        self,
        title: str,
        default: str | None,
        *,
        check: Callable[[str], str | None] | None = None,
    ) -> None:
        super().__init__()
        self._heading = title
        self._default = default or ""
        self._check = check

    def compose(self) -> ComposeResult:
        with Vertical(classes="game-dialog"):
            yield Label(self._heading, classes="game-dialog-title")
            yield FieldInput(  # focused, the name is selected: a name typed keeps the folder
                value=self._default,
                placeholder="a file name or a full path",
                max_length=MAX_PATH_CHARS,
                id="game-path",
            )
            yield Static("", classes="dialog-error", id="game-path-error")
            yield Static(
                f"A name alone goes in {saves_folder()}\nEnter: OK · Esc: cancel",
                classes="dialog-hint",
                id="game-path-hint",
            )

    def on_mount(self) -> None:
        self.set_focus(self.query_one("#game-path", Input))

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        problem = (
            "Type a path, or Esc to cancel."
            if not event.value.strip()  # say why
            else "A path cannot hold a NUL character."
            if "\0" in event.value
            else (self._check(event.value.strip()) or "")
            if self._check is not None
            else ""
        )
        if problem:  # the dialog stays open
            self.query_one("#game-path-error", Static).update(escape(problem))
            return
        self.dismiss(event.value.strip())

    def action_cancel(self) -> None:
        """Close without a path."""
        self.dismiss(None)


class GameConfirm(GameDialog[bool]):
    """A yes/no question: ``y`` confirms, ``n`` or Esc keeps things as they are."""

    BINDINGS = game_dialog_keys(
        Binding("y", "answer(True)", "Yes", id="game.confirm.yes"),
        Binding("n,escape", "answer(False)", "No", id="game.confirm.no"),
    )
    HELP_TITLE = "y/n question"

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(classes="game-dialog"):
            yield Static(self.question)
            yield Static("[b]y[/b] yes   [b]n[/b] / Esc no")

    def action_answer(self, answer: bool) -> None:
        """Close with ``answer``."""
        self.dismiss(answer)


class GameChoice(GameDialog[str | None]):
    """Pick one option from a list (Enter) or cancel (Esc); options are ``(value, label)``."""

    BINDINGS = game_dialog_keys(Binding("escape", "cancel", "Cancel", id="game.choice.cancel"))
    HELP_TITLE = "choice"

    def __init__(self, title: str, options: Sequence[tuple[str, str]]) -> None:
        super().__init__()
        self._heading = title
        self.options = list(options)

    def compose(self) -> ComposeResult:
        with Vertical(classes="game-dialog"):
            # shown as written: a heading may hold an install line's ``'.[solver]'``, which
            # markup would drop (found by use, December 7, late night)
            yield Label(self._heading, classes="game-dialog-title", markup=False)
            yield ListView(
                *(
                    ListItem(Label(label, markup=False), name=value)
                    for value, label in self.options
                ),
                id="game-choices",
            )

    def on_mount(self) -> None:
        self.query_one("#game-choices", ListView).focus()

    @on(ListView.Selected)
    def _chosen(self, event: ListView.Selected) -> None:
        self.dismiss(event.item.name)

    def action_cancel(self) -> None:
        """Close without a choice."""
        self.dismiss(None)


class GameHelp(GameDialog[None]):
    """The help of every game screen, in one layout: the keys (as in force, what they do, the
    binding id), then the game's sections (rules, computer levels, notes). It scrolls when it
    is taller than the terminal; Esc, ``?``, F1 or ``q`` closes it."""

    BINDINGS = [Binding("escape,question_mark,f1,q", "close", "Close", id="game.help.close")]
    HELP_TITLE = "help"

    def __init__(
        self, title: str, rows: Sequence[tuple[str, str, str]], sections: Sequence[HelpSection] = ()
    ) -> None:
        super().__init__()
        self._heading = title
        self._rows = list(rows)
        self._sections = list(sections)

    def compose(self) -> ComposeResult:
        width = max((len(keys) for keys, _, _ in self._rows), default=0)
        lines = [
            f"{keys:>{width}}  {text}  [dim]{binding_id}[/dim]"
            for keys, text, binding_id in self._rows
        ]
        with VerticalScroll(classes="game-dialog -wide"):
            yield Label(f"{self._heading} — keys", classes="game-dialog-title")
            yield Static("\n".join(lines), id="help-keys")
            for section in self._sections:
                yield Label(section.heading, classes="game-help-heading")
                yield Static(section.text, id=f"help-{section.id}")
            yield Label("Esc closes.", classes="dialog-hint")

    def action_close(self) -> None:
        """Close help."""
        self.dismiss(None)


def confirm_then(
    screen: Screen[None], needed: bool, question: str, then: Callable[[], object]
) -> None:
    """Run ``then`` at once when ``needed`` is false, else after a ``y`` to ``question``."""
    if not needed:
        then()
        return

    def answered(yes: bool | None) -> None:
        if yes:
            then()

    screen.app.push_screen(GameConfirm(question), answered)


def host_own_files(app: object) -> Sequence[OwnFile]:
    """The files the app hosting a scenario game must keep (the campaign referee's database,
    ``CampaignApp.own_files``): a save never replaces one. None for a host without them (a
    game run on its own)."""
    own = getattr(app, "own_files", None)
    return own() if callable(own) else ()


#: A refusal that names its line in words ("line 3: …": the players and resigned lines,
#: Invector's record), as ``cannot_load`` turns it into ``PATH:3: …``.
_LINE_IN_WORDS = re.compile(r"line (\d+): ")


def cannot_load(path: Path, error: Exception) -> str:
    """One line naming the full ``path`` and why it was refused (the bounded reader and the
    record parsers name the path themselves; an ``OSError`` is told in words). A line is
    always named ``PATH:LINE:``, as the move parsers and ``campaign data check`` name it (a
    save refused for its players line read "PATH: line 3: …", for a move "PATH:3: …")."""
    if isinstance(error, OSError):
        return f"{path}: cannot read: {(error.strerror or type(error).__name__).lower()}"
    text = str(error)
    if text.startswith(str(path)):
        return text
    numbered = _LINE_IN_WORDS.match(text)
    if numbered is not None:
        return f"{path}:{numbered.group(1)}: {text[numbered.end() :]}"
    return f"{path}: {text}"


def leave_screen(screen: Screen[None]) -> None:
    """Back to the screen below (the launcher), or quit when this is the only screen."""
    if len(screen.app.screen_stack) > 1:
        screen.app.pop_screen()
    else:
        screen.app.exit()
