"""Textual screen for Imperium Shogi: board, both hands, move list, computer opponent.

The board and the two hands form one 6 x 3 grid the cursor walks over: the top row is Blue's
hand (B, CR, MS), then ranks 4..1, then Red's hand at the bottom (rotated by half a turn when
the board is flipped, as it is for a person playing Blue against the computer). Select a piece
or a hand slot (Enter, Space or a click) and its destinations light up; pick one to play. A
battleship entering the enemy territory asks whether to repair it (SHO-4). Moves can also be
typed (``m``).
"""

from __future__ import annotations

from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path

from textual import on
from textual.app import ComposeResult
from textual.containers import Grid, Horizontal, Vertical
from textual.events import Click
from textual.message import Message
from textual.widgets import Input, Static

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
from scenarios.imperium_shogi.ai import (
    LEVELS,
    PERFECT,
    ShogiAI,
    available_levels,
    how_to_solve,
    levels_help,
    stored_tablebase,
)
from scenarios.imperium_shogi.game import ShogiState, make_game
from scenarios.imperium_shogi.notation import SLOT_NAMES, move_to_text
from scenarios.imperium_shogi.record import SAVE_RULE, parse_record, record_text
from scenarios.imperium_shogi.rules import (
    BLUE,
    DROP_BASE,
    FILES,
    KIND_NAMES,
    PLAYER_NAMES,
    RANKS,
    RED,
    REPAIR,
)
from scenarios.protocol import DamagedDataError, IllegalActionError, NotationError
from scenarios.type_ahead import TypeAheadInput

GRID_ROWS = RANKS + 2
SIDE_TITLES = ("Red (Empire)", "Blue (Terran Confederation)")
SIDE_MARKS = ("▲", "▼")

RULES_SUMMARY = (
    "Capture the enemy BB, or bring your BB into the enemy home rank and survive one turn "
    "(SHO-7). BB: 8 directions; MS: orthogonal; CR: diagonal; B: forward only until repaired "
    "(B+: forward, back, sideways, diagonally forward). A B entering the enemy rank may repair "
    "(SHO-4). Captured pieces can be placed on any empty square; a placed B is disrupted (SHO-5)."
    " Third repetition draws (SHO-8)."
)


@dataclass(frozen=True)
class Cell:
    """A place on the 6 x 3 grid: ``row`` 0 (Blue hand) .. 5 (Red hand), ``col`` 0..2."""

    row: int
    col: int

    @property
    def square(self) -> int | None:
        """Board square index, or ``None`` for a hand slot."""
        if 1 <= self.row <= RANKS:
            return (RANKS - self.row) * FILES + self.col
        return None

    @property
    def hand_owner(self) -> int | None:
        """Owner of the hand slot, or ``None`` for a board square."""
        return BLUE if self.row == 0 else RED if self.row == GRID_ROWS - 1 else None

    @staticmethod
    def of_square(sq: int) -> Cell:
        """The grid cell showing board square ``sq``."""
        return Cell(RANKS - sq // FILES, sq % FILES)


class CellView(Static):
    """One place of the grid as drawn (``place``: row 0 is the top); a click posts ``Clicked``.

    Which board square or hand slot it shows depends on whether the board is flipped.
    """

    class Clicked(Message):
        """The player clicked the grid place ``place``."""

        def __init__(self, place: Cell) -> None:
            super().__init__()
            self.place = place

    def __init__(self, place: Cell) -> None:
        super().__init__("", id=f"cell-{place.row}-{place.col}", classes="cell")
        self.place = place

    def on_click(self, event: Click) -> None:
        event.stop()
        self.post_message(self.Clicked(self.place))


def tablebase_problem() -> str:
    """Why the stored tablebase cannot be used (damaged, stored without checksums), or ""."""
    try:
        stored_tablebase()
    except DamagedDataError as error:
        return str(error)
    return ""


#: The new-game dialog's question; a line below it says why ``perfect`` is missing, if it is.
NEW_GAME_QUESTION = "New game: who plays?"


def new_game_title() -> str:
    """The new-game dialog's heading: the question, and when ``perfect`` is not offered, why
    (no table solved here, and the command that solves it; or the damage found). Without it
    the dialog listed three levels and left a player looking for the fourth."""
    problem = tablebase_problem()
    if problem:
        return f"{NEW_GAME_QUESTION}\n(perfect is not offered: {problem})"
    if stored_tablebase() is None:
        return (
            f"{NEW_GAME_QUESTION}\n(perfect needs the solved table, not built here: "
            f"{how_to_solve()})"
        )
    return NEW_GAME_QUESTION


def new_game_options() -> list[tuple[str, str]]:
    """``(value, label)`` pairs of the new-game dialog: value is ``red:blue`` player kinds
    (``perfect`` only with a usable tablebase; ``tablebase_problem`` says why not)."""
    options = [(f"{HUMAN}:{HUMAN}", "Two people at this keyboard")]
    for name in available_levels(None if tablebase_problem() else stored_tablebase()):
        options.append((f"{HUMAN}:{name}", f"You play Red vs computer ({name})"))
        options.append((f"{name}:{HUMAN}", f"You play Blue vs computer ({name})"))
    return options


class ShogiScreen(GameScreen):
    """Play Imperium Shogi against a person or the computer."""

    GAME_TITLE = "Imperium Shogi"
    SAVE_NAME = "imperium-shogi.txt"
    AUTO_FOCUS = ""  # keys drive the board until the move input is asked for (m)
    BINDINGS = [
        *game_keys("shogi", *BOARD_WORDS, "type_move", "flip", "undo", "opponent"),
        *game_bindings("shogi"),
    ]

    def __init__(
        self,
        *,
        red: str = HUMAN,
        blue: str = "normal",
        state: ShogiState | None = None,
        max_depth: int | None = None,
        save_path: str | None = None,
    ) -> None:
        super().__init__()
        self.state: ShogiState = state or make_game().new_initial_state()
        self.players = [red, blue]
        self.max_depth = max_depth
        self.save_path = save_path
        #: Blue at the bottom (set automatically when a person plays Blue against the computer).
        self.flipped = red != HUMAN and blue == HUMAN
        self.cursor = Cell(GRID_ROWS - 2, 1)  # a board cell (not a drawn place): b1
        self.selected: Cell | None = None
        self.targets: dict[Cell, list[int]] = {}
        self.thinking = False
        self._generation = 0
        self._left = False
        #: Moves of the game when it was last saved, loaded or started (to ask before a loss).
        self._saved_moves = len(self.state.history())
        self._computers: dict[int, ShogiAI] = {}
        #: The side ``o`` cycles (the one the person does not play).
        self._opponent = BLUE
        self._check_players()

    # -- layout -------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        with Horizontal(id="shogi-main"):
            with Vertical(id="board-pane"), Grid(id="grid"):
                for row in range(GRID_ROWS):
                    for col in range(FILES):
                        yield CellView(Cell(row, col))
            with Vertical(id="side-pane"):
                yield Static("", id="status")
                with MoveList(id="moves-scroll"):
                    yield Static("", id="moves")
                field = TypeAheadInput(placeholder="move, e.g. b2b3, b3b4+, B*b3", id="move-input")
                field.can_focus = False  # m (or a click) opens it: _field_left
                yield field
        yield KeysFooter(compact=True)

    def on_mount(self) -> None:
        self.title = "Imperium Shogi"
        self.refresh_view()
        self._maybe_computer_move()

    # -- players ------------------------------------------------------------------------------

    def _check_players(self) -> None:
        for side, kind in enumerate(self.players):
            if kind != HUMAN and kind not in LEVELS and kind != PERFECT:
                raise ValueError(f"{PLAYER_NAMES[side]}: unknown player {kind!r}")
        self._computers = {
            side: ShogiAI(kind, tablebase=stored_tablebase() if kind == PERFECT else None)
            for side, kind in enumerate(self.players)
            if kind != HUMAN
        }

    def is_human_turn(self) -> bool:
        """True when a person is to move in a running game."""
        return not self.game_over() and self.players[self.state.position.side] == HUMAN

    def game_over(self) -> bool:
        """True when the game has ended: a result on the board, or a side resigned."""
        return self.resigned is not None or self.state.is_terminal()

    def resigning_side(self) -> str | None:
        """The person's side: the one to move, else the other (the computer is thinking)."""
        if self.game_over():
            return None
        side = self.state.position.side
        for seat in (side, 1 - side):
            if self.players[seat] == HUMAN:
                return PLAYER_NAMES[seat]
        return None

    def resignation_result(self, side: str) -> str:
        return f"{PLAYER_NAMES[1 - PLAYER_NAMES.index(side)]} wins"

    def after_resignation(self) -> None:
        self._forget_thinking()
        self.refresh_view()

    # -- drawing ------------------------------------------------------------------------------

    def refresh_view(self) -> None:
        """Redraw cells, status and move list from ``self.state``."""
        position = self.state.position
        last = set()
        if self.state.plies:
            move = self.state.plies[-1].move
            last.add(Cell.of_square((move >> 4) & 15))
            if move & 15 < DROP_BASE:
                last.add(Cell.of_square(move & 15))
        for view in self.query(CellView):
            cell = self.cell_at(view.place)
            view.update(self._cell_text(cell))
            view.set_class(cell.square is None, "hand")
            view.set_class(cell.row == 1, "blue-zone")
            view.set_class(cell.row == RANKS, "red-zone")
            sq = cell.square
            owner = None
            if sq is not None and position.board[sq]:
                owner = position.board[sq] >> 3
            elif sq is None:
                owner = cell.hand_owner
            view.set_class(owner == RED, "red")
            view.set_class(owner == BLUE, "blue")
            view.set_class(cell == self.cursor, "-cursor")
            view.set_class(cell == self.selected, "-selected")
            view.set_class(cell in self.targets, "-target")
            view.set_class(cell in last, "-last")
        self.query_one("#status", Static).update(self._status_text())
        self.query_one("#moves", Static).update(self._moves_text())
        # the newest move (the game-ending one included) stays in view
        self.call_after_refresh(self.query_one("#moves-scroll").scroll_end, animate=False)

    def _cell_text(self, cell: Cell) -> str:
        position = self.state.position
        sq = cell.square
        if sq is None:
            owner = cell.hand_owner
            assert owner is not None
            count = position.hands[owner][cell.col]
            label = f"{SIDE_MARKS[owner]}{SLOT_NAMES[cell.col]}"
            return f"{label} ×{count}" if count else f"[dim]{label} ×0[/dim]"
        code = position.board[sq]
        name = f"{'abc'[cell.col]}{sq // FILES + 1}"
        if not code:
            return f"[dim]{name}[/dim]"
        return f"{SIDE_MARKS[code >> 3]}{KIND_NAMES[code & 7]}"

    def _status_text(self) -> str:
        if self.resigned is not None:
            return (
                f"[b]Game over — {self.resignation_result(self.resigned)}[/b]: "
                f"{self.resigned} resigned"
            )
        outcome = self.state.outcome()
        if outcome is not None:
            who = "Draw" if outcome.winner is None else f"{PLAYER_NAMES[outcome.winner]} wins"
            return f"[b]Game over — {who}[/b]: {outcome.reason} ({outcome.rule})"
        side = self.state.position.side
        kind = self.players[side]
        who = "you" if kind == HUMAN else f"computer, {kind}"
        doing = " — thinking…" if self.thinking else ""
        players = " vs ".join(
            f"{PLAYER_NAMES[n]}: {player_word(k)}" for n, k in enumerate(self.players)
        )
        return f"{SIDE_TITLES[side]} to move ({who}){doing}\n[dim]{players}[/dim]"

    def _moves_text(self) -> str:
        history = self.state.history()
        if not history:
            return "[dim]no moves yet[/dim]"
        first_side = (self.state.position.side - len(history)) % 2
        lines = []
        for index, move in enumerate(history):
            side = (first_side + index) % 2
            lines.append(f"{index + 1:>3}. {SIDE_MARKS[side]} {move_to_text(move)}")
        return "\n".join(lines[-200:])

    # -- selection and moves ------------------------------------------------------------------

    def cell_at(self, place: Cell) -> Cell:
        """The board square or hand slot drawn at grid ``place`` (rotated when flipped)."""
        if self.flipped:
            return Cell(GRID_ROWS - 1 - place.row, FILES - 1 - place.col)
        return place

    def action_flip(self) -> None:
        """Turn the board around (Blue at the bottom, or back)."""
        self.flipped = not self.flipped
        self.refresh_view()

    def action_cursor(self, drow: int, dcol: int) -> None:
        """Move the cursor over the board and the hands, in the direction as drawn."""
        if self.flipped:
            drow, dcol = -drow, -dcol
        self.cursor = Cell(
            min(max(self.cursor.row + drow, 0), GRID_ROWS - 1),
            min(max(self.cursor.col + dcol, 0), FILES - 1),
        )
        self.refresh_view()

    def action_activate(self) -> None:
        """Select the piece under the cursor, or play to the highlighted square under it."""
        self.activate(self.cursor)

    @on(CellView.Clicked)
    def _clicked(self, event: CellView.Clicked) -> None:
        cell = self.cell_at(event.place)
        self.cursor = cell
        self.activate(cell)

    def move_refusal(self) -> str | None:
        """Why a person cannot move now (the game is over, or it is the computer's turn), or
        ``None``. (After a resignation Enter did nothing and a typed move said "It is not your
        turn.")"""
        if self.resigned is not None:
            return (
                f"The game is over: {self.resigned} resigned (n starts a new one, u takes the "
                "resignation back)."
            )
        outcome = self.state.outcome()
        if outcome is not None:
            return f"{outcome.rule}: the game is over (n starts a new one)."
        if not self.is_human_turn():
            return "It is not your turn: the computer is to move."
        return None

    def activate(self, cell: Cell) -> None:
        """What Enter or a click does on ``cell``."""
        if self.refuse_move():
            return
        if self.selected is not None and cell in self.targets:
            self._play_choice(self.targets[cell])
            return
        self.select(cell)

    def select(self, cell: Cell) -> None:
        """Select ``cell`` if it holds a piece (or hand slot) with legal moves."""
        moves_by_target: dict[Cell, list[int]] = {}
        for move in self.state.legal_actions():
            src = move & 15
            if src >= DROP_BASE:
                origin = Cell(
                    0 if self.state.position.side == BLUE else GRID_ROWS - 1, src - DROP_BASE
                )
            else:
                origin = Cell.of_square(src)
            if origin == cell:
                moves_by_target.setdefault(Cell.of_square((move >> 4) & 15), []).append(move)
        if moves_by_target:
            self.selected, self.targets = cell, moves_by_target
        else:
            self.selected, self.targets = None, {}
        self.refresh_view()

    def action_deselect(self) -> None:
        """Drop the current selection (and leave the move input)."""
        self.selected, self.targets = None, {}
        self.set_focus(None)
        self.refresh_view()

    def _play_choice(self, moves: list[int]) -> None:
        if len(moves) == 1:
            self.play(moves[0])
            return
        plain = next(move for move in moves if not move & REPAIR)
        repair = plain | REPAIR

        def chosen(value: str | None) -> None:
            if value is not None:
                self.play(repair if value == "repair" else plain)

        self.app.push_screen(
            GameChoice(
                f"{move_to_text(plain)}: repair the battleship? (SHO-4)",
                [
                    ("repair", f"Repair: {move_to_text(repair)}"),
                    ("keep", f"Stay disrupted: {move_to_text(plain)}"),
                ],
            ),
            chosen,
        )

    def play(self, move: int) -> bool:
        """Play a human move; returns False (and says why) when it is not legal."""
        if self.refuse_move():
            return False
        try:
            self.state.apply_action(move)
        except IllegalActionError as error:
            self.notify(str(error), severity="error")
            return False
        self.selected, self.targets = None, {}
        self.refresh_view()
        self._maybe_computer_move()
        return True

    def action_type_move(self) -> None:
        """Focus the move input: the one way into it, with a click on it (``m``, as in
        Invector)."""
        field = self.query_one("#move-input", Input)
        field.can_focus = True
        self.set_focus(field)

    @on(Click, "#move-input")
    def _clicked_field(self) -> None:
        """A click on the move input opens it as ``m`` does."""
        self.action_type_move()

    @on(Input.Blurred, "#move-input")
    def _field_left(self, event: Input.Blurred) -> None:
        """Tab passes over the move input once the keys are back on the board: it stays on
        screen (its hint shows how moves are written) but is not in the focus chain, so ``q``
        and the board keys are never typed into it by a Tab (they were: Tab went on from the
        move list into the field)."""
        event.input.can_focus = False

    @on(Input.Submitted, "#move-input")
    def _typed(self, event: Input.Submitted) -> None:
        """Play the typed move. A move refused while the game goes on stays in the field, which
        keeps the keys, to be corrected, as the campaign's order line keeps a refused order
        (found by use, December 8: the field was emptied and left, so the correction went to
        the board's keys, where ``x`` asks to resign and ``u`` takes a move back)."""
        text = event.value.strip()
        if not text or self.refuse_move():
            if not text or self.game_over():
                event.input.value = ""
                self.set_focus(None)
            return
        try:
            move = self.state.text_to_action(text)
        except (NotationError, IllegalActionError) as error:
            self.notify(str(error), severity="error")
            return
        event.input.value = ""
        self.set_focus(None)
        self.play(move)

    # -- computer -----------------------------------------------------------------------------

    def _maybe_computer_move(self) -> None:
        if self.game_over():
            self.refresh_view()
            return
        side = self.state.position.side
        computer = self._computers.get(side)
        if computer is None or self.thinking:
            return
        self.thinking = True
        generation = self._generation
        snapshot = self.state.clone()
        depth = self.max_depth

        def think() -> None:
            try:
                move = computer.choose(snapshot, max_depth=depth)
            except DamagedDataError as error:  # a damaged book or table: one line, no move
                with suppress(RuntimeError):
                    self.app.call_from_thread(self._computer_failed, str(error))
                return
            with suppress(RuntimeError):  # the app closed while the computer was thinking
                self.app.call_from_thread(self._computer_moved, generation, move)

        self.refresh_view()
        self.run_worker(think, thread=True, group="shogi-ai", name="shogi-ai")

    def _computer_failed(self, problem: str) -> None:
        """The computer cannot move (its data is damaged): say so; the game waits (undo, load
        or start a new game with another level)."""
        self.thinking = False
        self.notify(problem, severity="error", timeout=30)
        self.refresh_view()

    def _computer_moved(self, generation: int, move: int) -> None:
        self.thinking = False
        if self._left:
            return
        if generation != self._generation or self.game_over():
            self._maybe_computer_move()
            return
        self.state.apply_action(move)  # legal: chosen from this very position's actions
        self.refresh_view()
        self._maybe_computer_move()

    def _forget_thinking(self) -> None:
        """Make a running search's answer stale (it is ignored when it arrives)."""
        self._generation += 1
        self.selected, self.targets = None, {}

    # -- game commands ------------------------------------------------------------------------

    def action_undo(self) -> None:
        """Take back the last move (and the computer's reply, back to a person's turn); after a
        resignation, the resignation only."""
        if self.take_back_resignation():
            self.refresh_view()
            self._maybe_computer_move()
            return
        if not self.state.plies:
            self.notify("Nothing to undo.")
            return
        self._forget_thinking()
        self.state.undo_action()
        while self.state.plies and self.players[self.state.position.side] != HUMAN:
            self.state.undo_action()
        self.refresh_view()
        if not self.thinking:
            self._maybe_computer_move()

    def unsaved_game(self) -> bool:
        """True when a running game has moves that were not saved (leaving would lose them)."""
        moves = len(self.state.history())
        return moves > 0 and not self.game_over() and moves != self._saved_moves

    def action_new_game(self) -> None:
        """Ask first if the game in progress is not saved; then who plays, then start from the
        set-up (SHO-2)."""

        def chosen(value: str | None) -> None:
            if value is not None:
                red, blue = value.split(":")
                self.start(make_game().new_initial_state(), red, blue)

        def ask() -> None:
            problem = tablebase_problem()
            if problem:
                self.notify(f"perfect level not offered: {problem}", severity="warning", timeout=30)
            self.app.push_screen(GameChoice(new_game_title(), new_game_options()), chosen)

        confirm_then(
            self, self.unsaved_game(), "Start a new game and drop the moves not saved?", ask
        )

    def start(self, state: ShogiState, red: str, blue: str, resigned: str | None = None) -> None:
        """Replace the game and the players (``resigned``: a saved game a side resigned)."""
        self._forget_thinking()
        self.resigned = resigned
        if [red, blue] != self.players:
            self.flipped = red != HUMAN and blue == HUMAN
        self.players = [red, blue]
        self._check_players()
        self.state = state
        self._saved_moves = len(state.history())
        self.refresh_view()
        if not self.thinking:
            self._maybe_computer_move()

    def action_save(self) -> None:
        """Ask for a path and write the game there: start position, moves, and the players
        (so a game against a computer level is loaded against the same level)."""
        self.ask_and_save(
            lambda: (
                "\n".join(
                    [
                        record_text(self.state).rstrip("\n"),
                        players_line(self.players),
                        *resigned_line(self.resigned),
                    ]
                )
                + "\n"
            ),
            self._mark_saved,
        )

    def _mark_saved(self) -> None:
        """The game was written: leaving it no longer asks first."""
        self._saved_moves = len(self.state.history())

    def action_load(self) -> None:
        """Ask for a path and load a saved game (position text plus moves) from it, against the
        computer levels it was saved with."""

        def use(loaded: tuple[ShogiState, list[str], str | None]) -> None:
            state, players, resigned = loaded
            if PERFECT in players and stored_tablebase() is None:
                players = ["hard" if kind == PERFECT else kind for kind in players]
                self.notify("No solved tablebase here: the perfect level plays as hard.")
            red, blue = players
            self.start(state, red, blue, resigned)

        self.ask_and_load(
            "Load a game and drop the moves not saved?" if self.unsaved_game() else None,
            self._read_game,
            use,
        )

    def _read_game(self, path: Path) -> tuple[ShogiState, list[str], str | None]:
        """The game saved in ``path``, its players (this screen's when the file names none)
        and the side that resigned; ``ValueError`` naming the file and line."""
        text = read_text_bounded(path)
        state = parse_record(text, str(path))
        return (
            state,
            read_players(text, [HUMAN, *LEVELS, PERFECT], rule=SAVE_RULE) or list(self.players),
            read_resigned(text, PLAYER_NAMES, rule=SAVE_RULE),
        )

    def help_sections(self) -> list[HelpSection]:
        """The rules summary and the computer levels, below the keys."""
        return [
            HelpSection("rules", "Rules", RULES_SUMMARY),
            HelpSection("levels", "Computer levels", levels_help()),
        ]

    def action_cycle_opponent(self) -> None:
        """Cycle the opponent through person and computer levels: Blue, or Red when a person
        plays Blue (the same key as in Invector; ``dialogs.opponent_seat``)."""
        side = self._opponent = opponent_seat(self.players, self._opponent)
        kinds = [HUMAN, *available_levels(stored_tablebase())]
        current = self.players[side]
        self.players[side] = kinds[(kinds.index(current) + 1) % len(kinds)]
        self._forget_thinking()
        self._check_players()
        self.notify(f"{PLAYER_NAMES[side]} is now played by: {player_word(self.players[side])}")
        self.refresh_view()
        if not self.thinking:
            self._maybe_computer_move()

    def on_unmount(self) -> None:
        self._left = True

    def action_leave(self) -> None:
        """Back to the screen below (the launcher), or quit when this is the only screen; asks
        first when the game in progress has moves not saved."""

        def leave() -> None:
            self._forget_thinking()
            self._left = True
            leave_screen(self)

        confirm_then(self, self.unsaved_game(), "Leave and drop the moves not saved?", leave)
