"""Textual screen for Invector: board with centre cells, legal-move highlights, swap, passes,
a person or the computer on either seat, undo, save/load as position text, help.

Select one of your stones (arrow keys + Enter/Space, or a click): its legal targets light up;
pick one to move. ``s`` swaps on White's first turn (INV-6). Forced passes (INV-5) are played at
once and shown in the move list. Moves can also be typed (``m``), e.g. ``c2xc3``.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from textual import on
from textual.app import ComposeResult
from textual.containers import Grid, Horizontal, Vertical
from textual.events import Click
from textual.message import Message
from textual.widgets import Input, Static

from scenarios.changed_text import show_text
from scenarios.dialogs import (
    BOARD_WORDS,
    HUMAN,
    GameChoice,
    GameScreen,
    HelpSection,
    MoveList,
    confirm_then,
    game_bindings,
    game_keys,
    leave_screen,
    opponent_seat,
    player_word,
    players_line,
    read_players,
    read_resigned,
    read_text_bounded,
    resigned_line,
)
from scenarios.footer import KeysFooter
from scenarios.invector.ai import LEVELS, InvectorAI, levels_help
from scenarios.invector.board import COLUMN_LETTERS
from scenarios.invector.record import (
    SAVE_RULE,
    move_list_lines,
    move_texts,
    parse_record,
    record_lines,
)
from scenarios.invector.rules import (
    BLACK,
    COLOUR_NAMES,
    PASS,
    PIE_KEPT,
    PIE_OFF,
    PIE_OPEN,
    SWAP,
    InvectorGame,
    InvectorState,
)
from scenarios.protocol import IllegalActionError, NotationError
from scenarios.type_ahead import TypeAheadInput

CELL_WIDTH = 7
CELL_HEIGHT = 3
PLAYER_KINDS = (HUMAN, *LEVELS)
STONE_MARKS = {BLACK: "●", 1: "○"}
#: The classes a cell's look may have (games.tcss): a black stone, a centre cell, the selected
#: stone, a legal target, the cursor.
LOOK_CLASSES = ("-black", "-centre", "-selected", "-target", "-cursor")
#: A cell's look: its text and which of ``LOOK_CLASSES`` it has.
CellLook = tuple[str, frozenset[str]]

RULES_SUMMARY = (
    "Move one of your stones per turn: capture an orthogonally adjacent enemy stone (any "
    "direction), or step to an adjacent empty cell closer to the nearer centre cell (marked). "
    "A stone on a centre cell can only capture (INV-4). With no legal move your turn is passed "
    "(INV-5). Pie rule: on White's first turn White may swap colours (INV-6). Lose your last "
    "stone and you lose (INV-7)."
)

#: Board sizes and variants offered by the new-game dialog.
NEW_GAME_CHOICES = [
    ("5x4:pie", "5 x 4 with the pie rule (standard)"),
    ("5x4:nopie", "5 x 4 without the pie rule"),
    ("3x2:pie", "3 x 2 with the pie rule"),
    ("4x3:nopie", "4 x 3 without the pie rule"),
    ("7x6:pie", "7 x 6 with the pie rule"),
    ("9x8:pie", "9 x 8 with the pie rule"),
]

#: The person's seat in a game against the computer (INV-6: the second seat may swap).
SEAT_CHOICES = {
    "0": "seat 0: Black, moves first",
    "1": "seat 1: White, moves second (the pie rule: may swap)",
}


def seat_choices(current: int) -> list[tuple[str, str]]:
    """The person's seat for a new game against the computer, the one played now first (so
    Enter keeps it); found by use (December 7, night): only a save's players line could put
    the person on seat 1, the seat that may swap."""
    order = [str(current), str(1 - current)]
    return [(seat, SEAT_CHOICES[seat]) for seat in order]


class CellView(Static):
    """One board cell; a click posts ``CellView.Clicked``."""

    class Clicked(Message):
        """The player clicked ``cell``."""

        def __init__(self, cell: int) -> None:
            super().__init__()
            self.cell = cell

    def __init__(self, cell: int, name: str, look: CellLook) -> None:
        text, classes = look
        super().__init__(text, id=f"cell-{name}", classes=" ".join(("cell", *classes)))
        self.cell = cell
        #: What the cell shows now: a redraw touches only the cells whose look changed.
        self.look = look

    def show(self, look: CellLook) -> None:
        """Show ``look`` (its text and its classes), if it is not what the cell shows: a
        16 x 15 board redrew all its 240 cells on every cursor key (about 0.3 s a key, found
        by use, December 7, late night)."""
        if look == self.look:
            return
        text, classes = look
        if text != self.look[0]:
            self.update(text)
        for name in LOOK_CLASSES:
            self.set_class(name in classes, name)
        self.look = look

    def on_click(self, event: Click) -> None:
        event.stop()
        self.post_message(self.Clicked(self.cell))


#: How a compact board shows each class of a cell's look: the full-size cells' rules of
#: games.tcss, in their order (a later background wins).
COMPACT_STYLES = {
    "-centre": "on $warning 25%",
    "-target": "on $success 40%",
    "-selected": "on $accent 50%",
    "-cursor": "reverse",
    "-black": "bold",
}


def compact_row_text(row: int, looks: Sequence[CellLook]) -> str:
    """The markup of one compact row: its number (INV-8, from the top), then three columns
    per cell, the mark in the middle, styled by the cell's classes."""
    cells = []
    for text, classes in looks:
        style = " ".join(COMPACT_STYLES[name] for name in COMPACT_STYLES if name in classes)
        cells.append(f"[{style}] {text} [/]" if style else f" {text} ")
    return f"[dim]{row + 1:>2}[/] " + "".join(cells)  # dim: $text-muted is white in markup


class BoardRow(Static):
    """One row of a compact board (more than 8 columns or rows): its number and one character
    per cell. A board of a widget per cell took seconds to lay out (a 16 x 15 save loaded
    over a 5 x 4 game, found by use, December 7, late night); a widget per row takes a
    fraction of that. A click on a cell posts ``CellView.Clicked``, as a cell's widget does."""

    def __init__(self, row: int, first: int, looks: Sequence[CellLook]) -> None:
        super().__init__(compact_row_text(row, looks), classes="board-row")
        self.row = row
        #: The first cell of the row (the row's cells are ``first``, ``first + 1`` …).
        self.first = first
        #: What the row shows now: a redraw updates only the rows whose cells changed.
        self.looks = list(looks)

    def show(self, looks: Sequence[CellLook]) -> None:
        """Show ``looks`` (one per cell), if they are not what the row shows."""
        if list(looks) != self.looks:
            self.looks = list(looks)
            self.update(compact_row_text(self.row, looks))

    def on_click(self, event: Click) -> None:
        """The cell under the pointer (three columns a cell, after the row's number)."""
        event.stop()
        column = event.x // 3 - 1
        if 0 <= column < len(self.looks):
            self.post_message(CellView.Clicked(self.first + column))


class InvectorScreen(GameScreen):
    """Play Invector against a person or the computer.

    ``players[seat]`` is ``"human"`` or a computer level (``easy``, ``medium``, ``hard``). Seat 0
    starts with Black; after a swap seat 1 plays Black (INV-6).
    """

    GAME_TITLE = "Invector"
    SAVE_NAME = "invector.txt"
    AUTO_FOCUS = ""
    BINDINGS = [
        *game_keys("invector", *BOARD_WORDS, "swap", "type_move", "undo", "opponent"),
        *game_bindings("invector"),
    ]

    def __init__(
        self,
        *,
        cols: int = 5,
        rows: int = 4,
        pie: bool = True,
        players: tuple[str, str] = (HUMAN, "medium"),
        state: InvectorState | None = None,
        save_path: str | None = None,
    ) -> None:
        super().__init__()
        for kind in players:
            if kind not in PLAYER_KINDS:
                raise ValueError(f"unknown player {kind!r} (known: {', '.join(PLAYER_KINDS)})")
        self.players = list(players)
        self.save_path = save_path
        start = state if state is not None else InvectorGame(cols, rows, pie).new_initial_state()
        #: Every position of the game so far; the last one is the current position.
        self.states: list[InvectorState] = [start]
        self.cursor = 0
        self.selected: int | None = None
        self.targets: dict[int, int] = {}
        self.thinking = False
        self._generation = 0
        self._ai: dict[str, InvectorAI] = {}
        #: The seat ``o`` cycles (the one the person does not play).
        self._opponent = 1
        #: Positions of the game when it was last saved, loaded or started (ask before a loss).
        self._saved_length = 1
        #: The cell widgets in cell order (a board up to 8 x 8), or the rows of a compact
        #: board (larger), and whether the board is compact.
        self._cells: list[CellView] = []
        self._rows: list[BoardRow] = []
        self._compact = False

    # --- state -------------------------------------------------------------------------------

    @property
    def state(self) -> InvectorState:
        """The current position."""
        return self.states[-1]

    @property
    def moves(self) -> list[str]:
        """The notation of every action played so far (passes and swap included)."""
        return move_texts(self.states)

    def is_human_turn(self) -> bool:
        """True when a person is to move in a running game."""
        player = self.state.current_player()
        return player >= 0 and self.resigned is None and self.players[player] == HUMAN

    def game_over(self) -> bool:
        """True when the game has ended: a winner on the board, or a colour resigned."""
        return self.resigned is not None or self.state.is_terminal()

    def resigning_side(self) -> str | None:
        """The person's colour: the one to move, else the other (the computer thinks)."""
        if self.game_over():
            return None
        state = self.state
        for colour in (state.to_move, 1 - state.to_move):
            if self.players[state.seat_of(colour)] == HUMAN:
                return COLOUR_NAMES[colour].capitalize()
        return None

    def resignation_result(self, side: str) -> str:
        colours = [name.capitalize() for name in COLOUR_NAMES]
        other = 1 - colours.index(side)
        return f"{colours[other]} (seat {self.state.seat_of(other)}) wins"

    def after_resignation(self) -> None:
        self._generation += 1
        self.thinking = False
        self.selected, self.targets = None, {}
        self.refresh_view()

    # --- layout ------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        with Horizontal(id="inv-main"):
            with Vertical(id="inv-board-pane"):
                yield Static("", id="inv-title")
                yield Grid(id="inv-board")
            with Vertical(id="inv-side"):
                yield Static("", id="inv-status")
                with MoveList(id="inv-moves-scroll"):
                    yield Static("", id="inv-moves")
                yield TypeAheadInput(placeholder="move, e.g. c2xc3", id="inv-move-input")
        yield KeysFooter(compact=True)

    async def on_mount(self) -> None:
        self.query_one("#inv-move-input", Input).display = False
        await self._build_board()
        self._after_change()

    async def _build_board(self) -> None:
        """(Re)create the board's widgets for the current board size, each made with its look
        (the redraw after it has nothing to change): a widget per cell, or on a board larger
        than 8 a widget per row (``BoardRow``)."""
        board = self.state.board
        grid = self.query_one("#inv-board", Grid)
        self._cells, self._rows = [], []
        await grid.remove_children()
        self._compact = compact = board.cols > 8 or board.rows > 8
        self.cursor = min(self.cursor, board.size - 1)
        grid.set_class(compact, "-compact")
        widgets: list[Static] = []
        if compact:
            # the files (letters) above the board, the rows (numbers from the top, INV-8)
            # to its left: a compact cell has no room for its name
            grid.styles.grid_size_columns = 1
            grid.styles.grid_size_rows = board.rows + 1
            grid.styles.width = (board.cols + 1) * 3
            grid.styles.height = board.rows + 1
            files = "".join(f" {COLUMN_LETTERS[col]} " for col in range(board.cols))
            widgets.append(Static(f"[dim]   {files}[/]", classes="coord -files"))
            for row in range(board.rows):
                first = row * board.cols
                looks = [self._cell_look(cell) for cell in range(first, first + board.cols)]
                self._rows.append(BoardRow(row, first, looks))
            widgets.extend(self._rows)
        else:
            grid.styles.grid_size_columns = board.cols
            grid.styles.grid_size_rows = board.rows
            grid.styles.width = board.cols * CELL_WIDTH
            grid.styles.height = board.rows * CELL_HEIGHT
            for cell in range(board.size):
                view = CellView(cell, board.cell_name(cell), self._cell_look(cell))
                self._cells.append(view)
            widgets.extend(self._cells)
        await grid.mount_all(widgets)

    def refresh_view(self) -> None:
        """Redraw the cells whose look changed, the title, the status and the move list from
        the current state (and the footer's keys: ``s`` comes and goes with the swap)."""
        self.show_in_footer("swap", self.swap_refusal() is None)
        for view in self._cells:
            view.show(self._cell_look(view.cell))
        for line in self._rows:
            line.show([self._cell_look(line.first + col) for col in range(len(line.looks))])
        self._show_texts()

    def _show_texts(self, progress: str = "centre cells are shaded") -> None:
        """The title (board and pie rule, ``progress`` below it while a board is laid out),
        the status and the move list."""
        state = self.state
        pie = {
            "off": "no pie rule",
            "open": "pie rule",
            "kept": "pie rule (kept)",
            "swapped": "pie rule (swapped)",
        }[state.pie]
        show_text(
            self.query_one("#inv-title", Static), f"Invector {state.board.label}, {pie}\n{progress}"
        )
        show_text(self.query_one("#inv-status", Static), self._status_text())
        lines = move_list_lines(self.states)
        show_text(self.query_one("#inv-moves", Static), "\n".join(lines) or "no moves yet")
        self.call_after_refresh(self.query_one("#inv-moves-scroll").scroll_end, animate=False)

    def _cell_look(self, cell: int) -> CellLook:
        """What ``cell`` shows now: its text and its classes."""
        state = self.state
        colour = next((c for c in (0, 1) if state.stones[c] >> cell & 1), None)
        flags = (
            colour == BLACK,
            state.board.is_centre(cell),
            cell == self.selected,
            cell in self.targets,
            cell == self.cursor,
        )
        classes = frozenset(name for name, on in zip(LOOK_CLASSES, flags, strict=True) if on)
        return self._cell_text(cell, colour), classes

    def _cell_text(self, cell: int, colour: int | None) -> str:
        """A stone (or a dot) with the cell's INV-8 name: rows count from the top (INV-8), so
        every cell is labelled rather than the board being read like Shogi's ranks."""
        if self._compact:
            return STONE_MARKS[colour] if colour is not None else "·"
        name = self.state.board.cell_name(cell)
        if colour is None:
            return f"[dim]{name}[/dim]"
        return f"{STONE_MARKS[colour]}[dim]{name}[/dim]"

    def _status_text(self) -> str:
        state = self.state
        seats = []
        for seat in (0, 1):
            colour = COLOUR_NAMES[state.colour_of(seat)]
            stones = state.stones[state.colour_of(seat)].bit_count()
            noun = "stone" if stones == 1 else "stones"
            seats.append(
                f"seat {seat}: {player_word(self.players[seat])} — {colour}, {stones} {noun}"
            )
        if self.resigned is not None:
            result = self.resignation_result(self.resigned)
            turn = f"Game over: {result} ({self.resigned} resigned)."
        elif state.is_terminal():
            winner = state.winner_colour()
            assert winner is not None
            colour = COLOUR_NAMES[winner].capitalize()
            loser = COLOUR_NAMES[1 - winner].capitalize()
            turn = (
                f"Game over: {colour} (seat {state.seat_of(winner)}) wins: "
                f"{loser} has no stone left (INV-7)."
            )
        else:
            turn = f"{COLOUR_NAMES[state.to_move].capitalize()} to move"
            turn += " (thinking…)" if self.thinking else ""
            if state.swap_available() and self.is_human_turn() and not self.thinking:
                turn += "\nWhite may swap colours instead of moving: press s."
            elif state.swap_available():  # the computer decides: nothing for a person to press
                turn += "\nWhite may swap colours instead of moving (INV-6)."
        if state.history[-1:] == [PASS]:
            passer = COLOUR_NAMES[1 - state.to_move].capitalize()
            turn += f"\n{passer} had no legal move and passed (INV-5)."
        return "\n".join([*seats, turn])

    # --- game flow ---------------------------------------------------------------------------

    def play(self, action: int) -> None:
        """Play ``action`` for the player to move, then any forced passes; ``IllegalActionError``
        (nothing changes) if it is not legal."""
        nxt = self.state.clone()
        nxt.apply_action(action)
        self.states.append(nxt)
        self._after_change()

    def _after_change(self) -> None:
        """Apply forced passes (INV-5), clear the selection, redraw, let the computer move."""
        while self.state.legal_actions() == [PASS]:
            nxt = self.state.clone()
            nxt.apply_action(PASS)
            self.states.append(nxt)
        self.selected = None
        self.targets = {}
        self.refresh_view()
        if not self.game_over() and not self.is_human_turn():
            self._start_computer()

    def _start_computer(self) -> None:
        """Let the computer choose in a worker thread (the screen stays responsive)."""
        self._generation += 1
        generation = self._generation
        level = self.players[self.state.current_player()]
        ai = self._ai.setdefault(level, InvectorAI(level))
        position = self.state.clone()
        self.thinking = True
        self.refresh_view()

        def think() -> None:
            action = ai.choose(position)
            self.app.call_from_thread(self._computer_moved, generation, action)

        self.run_worker(think, thread=True, group="invector-ai", name="invector-ai")

    def _computer_moved(self, generation: int, action: int) -> None:
        if generation != self._generation:
            return  # the position changed meanwhile (undo, new game, load)
        self.thinking = False
        self.play(action)

    # --- actions -----------------------------------------------------------------------------

    def action_cursor(self, drow: int, dcol: int) -> None:
        """Move the cursor on the board."""
        board = self.state.board
        row, col = divmod(self.cursor, board.cols)
        row = min(max(row + drow, 0), board.rows - 1)
        col = min(max(col + dcol, 0), board.cols - 1)
        self.cursor = row * board.cols + col
        self.refresh_view()

    def action_activate(self) -> None:
        """Select the stone under the cursor, or move the selected stone there."""
        self._use_cell(self.cursor)

    @on(CellView.Clicked)
    def _clicked(self, event: CellView.Clicked) -> None:
        self.cursor = event.cell
        self._use_cell(event.cell)

    def move_refusal(self) -> str | None:
        """Why a person cannot move now (the game is over, or it is not a person's turn), or
        ``None``: one answer for the board and the move input (a move typed after the end was
        told "It is not your turn.", found by use, December 8)."""
        if self.game_over():
            return "INV-7: the game is over (n starts a new one)."
        if not self.is_human_turn():
            return "It is not your turn."
        return None

    def _use_cell(self, cell: int) -> None:
        if self.refuse_move():
            return
        if cell in self.targets:
            self.play(self.targets[cell])
            return
        state = self.state
        size = state.board.size
        targets = {a % size: a for a in state.legal_actions() if a >= 0 and a // size == cell}
        if not targets:
            self.selected, self.targets = None, {}
            if state.stones[state.to_move] >> cell & 1:
                self.notify(f"{state.board.cell_name(cell)} has no legal move.")
        else:
            self.selected, self.targets = cell, targets
        self.refresh_view()

    def action_deselect(self) -> None:
        """Drop the selection and leave the move input (as Esc does in Imperium Shogi: the
        input stayed open and took the next keys)."""
        self._close_move_input()
        self.selected, self.targets = None, {}
        self.refresh_view()

    def _close_move_input(self) -> None:
        """Hide the move input and give the keys back to the board."""
        self.query_one("#inv-move-input", Input).display = False
        self.set_focus(None)

    def swap_refusal(self) -> str | None:
        """Why a person cannot swap now (naming the rule), or ``None`` when ``s`` swaps."""
        state = self.state
        if self.game_over():
            return "INV-7: the game is over, there is no swap (n starts a new one)."
        if state.pie == PIE_OFF:
            return "INV-6: this game is played without the pie rule: there is no swap."
        if state.pie != PIE_OPEN:
            done = "kept its colour" if state.pie == PIE_KEPT else "swapped"
            return f"INV-6: White has {done} already: the swap is offered once, on its first turn."
        if not state.swap_available():
            return "INV-6: White may swap on its first turn, after Black's first move."
        if not self.is_human_turn() or self.thinking:
            return "INV-6: the computer plays White and decides the swap itself."
        return None

    def action_swap(self) -> None:
        """Swap colours on White's first turn (INV-6); at any other time say why not (the key
        is in the footer only while a person may swap, issue 44 item 6)."""
        refusal = self.swap_refusal()
        if refusal is not None:
            self.notify(refusal, severity="warning")
            return
        self.play(SWAP)

    def action_type_move(self) -> None:
        """Show the move input."""
        box = self.query_one("#inv-move-input", Input)
        box.display = True
        box.value = ""
        self.set_focus(box)

    @on(Input.Submitted, "#inv-move-input")
    def _typed(self, event: Input.Submitted) -> None:
        """Play the typed move. A move that cannot be played now stays in the open input, to be
        corrected or sent again, as the campaign's order line keeps a refused order (found by
        use, December 8: the input closed, so the correction went to the board's keys, where
        ``x`` asks to resign and ``u`` takes a move back)."""
        if not event.value.strip():  # an empty line closes the input, as in Imperium Shogi
            self._close_move_input()
            return
        if self.refuse_move():
            if self.game_over():  # nothing to send again: the keys go back to the board
                self._close_move_input()
            return
        try:
            action = self.state.text_to_action(event.value)
        except (NotationError, IllegalActionError) as error:
            self.notify(str(error), severity="error")
            return
        self._close_move_input()
        self.play(action)

    def action_undo(self) -> None:
        """Take back the last move of a person (and the computer's replies and passes after it);
        after a resignation, the resignation only."""
        if self.take_back_resignation():
            self.refresh_view()
            if not self.game_over() and not self.is_human_turn():
                self._start_computer()
            return
        if len(self.states) == 1:
            self.notify("Nothing to undo.")
            return
        self._generation += 1
        self.thinking = False
        self.states.pop()
        while len(self.states) > 1 and (
            not self.is_human_turn() or self.state.legal_actions() == [PASS]
        ):
            self.states.pop()
        self.selected, self.targets = None, {}
        self.refresh_view()
        if not self.game_over() and not self.is_human_turn():
            self._start_computer()

    def action_cycle_opponent(self) -> None:
        """Cycle the opponent through person and computer levels: seat 1, or seat 0 when a
        person plays seat 1 (``dialogs.opponent_seat``)."""
        seat = self._opponent = opponent_seat(self.players, self._opponent)
        kinds = list(PLAYER_KINDS)
        self.players[seat] = kinds[(kinds.index(self.players[seat]) + 1) % len(kinds)]
        self.notify(f"Seat {seat} is now played by: {player_word(self.players[seat])}")
        self._generation += 1
        self.thinking = False
        self.refresh_view()
        if not self.game_over() and not self.is_human_turn():
            self._start_computer()

    def unsaved_game(self) -> bool:
        """True when a running game has moves that were not saved (leaving would lose them)."""
        return (
            len(self.states) > 1 and not self.game_over() and len(self.states) != self._saved_length
        )

    def action_new_game(self) -> None:
        """Ask first if the game in progress is not saved; then a board and variant."""

        async def chosen(value: str | None) -> None:
            if value is None:
                return
            size, variant = value.split(":")
            cols, rows = (int(part) for part in size.split("x"))
            start = InvectorGame(cols, rows, variant == "pie").new_initial_state()
            people = [seat for seat, kind in enumerate(self.players) if kind == HUMAN]
            if len(people) != 1:  # two people, or two computers: nobody to ask
                await self.start([start])
                return

            async def seated(seat: str | None) -> None:
                if seat is not None:
                    computer = self.players[1 - people[0]]
                    self.players = [HUMAN, computer] if seat == "0" else [computer, HUMAN]
                    await self.start([start])

            self.app.push_screen(GameChoice("Your seat", seat_choices(people[0])), seated)

        confirm_then(
            self,
            self.unsaved_game(),
            "Start a new game and drop the moves not saved?",
            lambda: self.app.push_screen(GameChoice("New game", NEW_GAME_CHOICES), chosen),
        )

    async def start(self, states: list[InvectorState], resigned: str | None = None) -> None:
        """Replace the game by the one whose positions are ``states`` (a new game: its start
        alone), rebuilding the board if its size changes; ``resigned``: a saved game a colour
        resigned."""
        self.resigned = resigned
        self._generation += 1
        self.thinking = False
        resize = states[-1].board != self.state.board
        self.states = list(states)
        self._saved_length = len(self.states)
        if resize:  # the new board's title at once: laying out a large one takes a moment
            self.selected, self.targets = None, {}
            board = self.state.board
            self._show_texts(f"laying out the board ({board.size} cells)…")
            await self._build_board()
        self._after_change()

    def action_save(self) -> None:
        """Save the position text (INV-8), the start and the moves (as comments) to a file."""
        self.ask_and_save(self._record_text, self._mark_saved)

    def _record_text(self) -> str:
        """The saved file: the position text, then the start, the moves and the players as
        comments (the players line keeps the computer levels when the game is loaded again)."""
        return (
            "\n".join(
                [
                    *record_lines(self.states),
                    players_line(self.players),
                    *resigned_line(self.resigned),
                ]
            )
            + "\n"
        )

    def _mark_saved(self) -> None:
        """The game was written: leaving it no longer asks first."""
        self._saved_length = len(self.states)

    def action_load(self) -> None:
        """Load a game saved earlier, its moves replayed (so undo works) and its players (an
        unreadable file changes nothing)."""

        async def use(loaded: tuple[list[InvectorState], list[str] | None, str | None]) -> None:
            states, players, resigned = loaded
            if players is not None:
                self.players = players
            await self.start(states, resigned)

        self.ask_and_load(
            "Load a game and drop the moves not saved?" if self.unsaved_game() else None,
            load_game,
            use,
        )

    def help_sections(self) -> list[HelpSection]:
        """The rules summary and the computer levels, below the keys."""
        return [
            HelpSection("rules", "Rules", RULES_SUMMARY),
            HelpSection("levels", "Computer levels", levels_help()),
        ]

    def action_leave(self) -> None:
        """Close the game screen; asks first when the game has moves not saved."""

        def leave() -> None:
            self._generation += 1
            leave_screen(self)

        confirm_then(self, self.unsaved_game(), "Leave and drop the moves not saved?", leave)


def load_game(path: Path) -> tuple[list[InvectorState], list[str] | None, str | None]:
    """The positions of the game in a save file (``record.parse_record``: from its start to
    the position saved), the players its ``# players:`` line names (``None`` in a save without
    one) and the colour its ``# resigned:`` line names."""
    text = read_text_bounded(path)
    states = parse_record(text)  # first: a file of another game is refused for its position
    players = read_players(text, PLAYER_KINDS, rule=SAVE_RULE)
    resigned = read_resigned(text, [name.capitalize() for name in COLOUR_NAMES], rule=SAVE_RULE)
    return states, players, resigned
