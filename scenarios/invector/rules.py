"""Invector rules (INV-1..7) behind the small-game protocol of ``scenarios.protocol``.

Players and colours. Protocol players are *seats*: seat 0 is the player who starts with Black and
moves first (INV-2), seat 1 starts with White. The pie rule (INV-6) lets seat 1, on White's first
turn, ``swap``: from then on seat 1 owns the black stones (including the move Black already made)
and seat 0 continues with White, so seat 0 moves next. ``current_player`` and ``returns`` are always
per seat; ``colour_of(seat)`` tells which colour a seat owns now.

Passes (INV-5). When the player to move has no legal move, ``legal_actions`` is exactly ``[PASS]``:
the turn is skipped by applying that one forced action, so every pass is in ``history`` and is
written ``pass``. The screen, the computer player and the CLI apply it without asking.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scenarios.invector.board import Board, bits, get_board
from scenarios.invector.notation import (
    format_action,
    format_position,
    parse_action,
    read_position,
)
from scenarios.invector.terms import (
    BLACK,
    COLOUR_NAMES,
    PASS,
    PIE_KEPT,
    PIE_OFF,
    PIE_OPEN,
    PIE_STATES,
    PIE_SWAPPED,
    SWAP,
    WHITE,
)
from scenarios.protocol import TERMINAL, IllegalActionError, NotationError

__all__ = [
    "BLACK",
    "COLOUR_NAMES",
    "PASS",
    "PIE_KEPT",
    "PIE_OFF",
    "PIE_OPEN",
    "PIE_STATES",
    "PIE_SWAPPED",
    "SWAP",
    "WHITE",
    "InvectorGame",
    "InvectorState",
    "make_state",
    "parse_position",
    "stone_moves",
]


def stone_moves(board: Board, own: int, opp: int) -> list[tuple[int, int, bool]]:
    """Every move of the stones ``own`` against ``opp`` as ``(from, to, is_capture)`` (INV-4).

    A capture goes onto an orthogonally adjacent enemy stone in any direction; a step goes onto an
    orthogonally adjacent empty cell with strictly smaller distance to the nearer centre cell. A
    stone on a centre cell has no such cell, so it can only capture. Sorted by from-cell, then to.
    """
    empty = board.full & ~(own | opp)
    moves: list[tuple[int, int, bool]] = []
    for cell in bits(own):
        targets = (board.neighbours[cell] & opp) | (board.step_targets[cell] & empty)
        moves.extend((cell, to, bool(opp >> to & 1)) for to in bits(targets))
    return moves


@dataclass(frozen=True)
class InvectorGame:
    """One Invector variant: board size (columns × rows) and whether the pie rule is used."""

    cols: int = 5
    rows: int = 4
    pie: bool = True
    name: str = "invector"
    num_players: int = 2
    min_utility: float = -1.0
    max_utility: float = 1.0

    def __post_init__(self) -> None:
        get_board(self.cols, self.rows)  # validates INV-1 before anything else happens

    @property
    def board(self) -> Board:
        """The board geometry of this variant."""
        return get_board(self.cols, self.rows)

    def new_initial_state(self) -> InvectorState:
        """Full checkerboard, black on the top-left cell, Black to move (INV-2)."""
        board = self.board
        pie = PIE_OPEN if self.pie else PIE_OFF
        return InvectorState(self, board.black_start, board.white_start, BLACK, pie)

    def state_from_text(self, text: str) -> InvectorState:
        """Parse a one-line position text (INV-8); raises ``NotationError``."""
        return parse_position(text, game=self)


class InvectorState:
    """One Invector position: the two stone masks, the colour to move and the pie-rule state."""

    def __init__(self, game: InvectorGame, black: int, white: int, to_move: int, pie: str) -> None:
        self.game = game
        self.board = game.board
        self.stones = [black, white]
        self.to_move = to_move
        self.pie = pie
        self.history: list[int] = []

    # --- seats and colours -------------------------------------------------------------------

    def black_seat(self) -> int:
        """The seat that owns the black stones now (1 only after a swap, INV-6)."""
        return 1 if self.pie == PIE_SWAPPED else 0

    def colour_of(self, seat: int) -> int:
        """The colour (``BLACK``/``WHITE``) that ``seat`` plays now."""
        return BLACK if seat == self.black_seat() else WHITE

    def seat_of(self, colour: int) -> int:
        """The seat that plays ``colour`` now."""
        return self.black_seat() if colour == BLACK else 1 - self.black_seat()

    # --- protocol ----------------------------------------------------------------------------

    def is_terminal(self) -> bool:
        """The game ends when one side has no stone left (INV-7)."""
        return self.stones[BLACK] == 0 or self.stones[WHITE] == 0

    def winner_colour(self) -> int | None:
        """The colour that still has stones once the game is over, else ``None`` (INV-7)."""
        if not self.is_terminal():
            return None
        return WHITE if self.stones[BLACK] == 0 else BLACK

    def current_player(self) -> int:
        """The seat to move, or ``TERMINAL``."""
        if self.is_terminal():
            return TERMINAL
        return self.seat_of(self.to_move)

    def swap_available(self) -> bool:
        """True on White's first turn when the pie rule is on and undecided (INV-6)."""
        return self.pie == PIE_OPEN and self.to_move == WHITE and not self.is_terminal()

    def legal_actions(self) -> list[int]:
        """Board moves (by from-cell, then to-cell), then ``SWAP`` if offered; ``[PASS]`` if the
        player to move has no board move (INV-5); empty when the game is over."""
        if self.is_terminal():
            return []
        own, opp = self.stones[self.to_move], self.stones[1 - self.to_move]
        size = self.board.size
        actions = [frm * size + to for frm, to, _ in stone_moves(self.board, own, opp)]
        if not actions:
            actions.append(PASS)
        if self.swap_available():
            actions.append(SWAP)
        return actions

    def is_capture(self, action: int) -> bool:
        """True if the board move ``action`` lands on an enemy stone in this position."""
        return action >= 0 and bool(self.stones[1 - self.to_move] >> (action % self.board.size) & 1)

    def apply_action(self, action: int) -> None:
        """Play ``action`` in place; raises ``IllegalActionError`` (naming the rule) if illegal."""
        if action not in self.legal_actions():
            raise IllegalActionError(self.why_illegal(action))
        colour = self.to_move
        if action == SWAP:
            self.pie = PIE_SWAPPED  # same colour to move, now played by the other seat
        else:
            if action >= 0:
                frm, to = divmod(action, self.board.size)
                self.stones[colour] ^= (1 << frm) | (1 << to)
                self.stones[1 - colour] &= ~(1 << to)
            if self.pie == PIE_OPEN and colour == WHITE:
                self.pie = PIE_KEPT
            self.to_move = 1 - colour
        self.history.append(action)

    def returns(self) -> list[float]:
        """+1 for the seat whose colour still has stones, -1 for the other (INV-7); zeros while
        the game runs."""
        winner = self.winner_colour()
        if winner is None:
            return [0.0, 0.0]
        out = [-1.0, -1.0]
        out[self.seat_of(winner)] = 1.0
        return out

    def clone(self) -> InvectorState:
        """An independent copy (history included)."""
        copy = InvectorState(
            self.game, self.stones[BLACK], self.stones[WHITE], self.to_move, self.pie
        )
        copy.history = list(self.history)
        return copy

    def to_text(self) -> str:
        """The canonical one-line position text (INV-8)."""
        return format_position(self)

    def action_to_text(self, action: int) -> str:
        """``c2-c3``, ``c2xc3``, ``swap`` or ``pass`` (INV-8)."""
        return format_action(self, action)

    def text_to_action(self, text: str) -> int:
        """Parse move notation in this position; ``NotationError`` or ``IllegalActionError``."""
        return parse_action(self, text)

    # --- helpers -----------------------------------------------------------------------------

    def key(self) -> tuple[int, int, int, str]:
        """Everything that defines the position (not the history)."""
        return (self.stones[BLACK], self.stones[WHITE], self.to_move, self.pie)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, InvectorState):
            return NotImplemented
        return self.game == other.game and self.key() == other.key()

    __hash__ = None  # type: ignore[assignment]  # mutable: equal by value, not hashable

    def __repr__(self) -> str:
        return f"InvectorState({self.to_text()!r})"

    def why_illegal(self, action: object, sep: str | None = None) -> str:
        """A sentence naming the rule that forbids ``action`` here, quoting the move in INV-8
        notation: with ``sep`` (``-`` or ``x``, as the player typed it), else with ``x`` when the
        target holds an enemy stone and ``-`` otherwise."""
        if self.is_terminal():
            return "INV-7: the game is over, no action is legal"
        if action == SWAP:
            return "INV-6: swap is only possible on White's first turn with the pie rule on"
        if action == PASS:
            return "INV-5: there is no voluntary pass while a legal move exists"
        size = self.board.size
        if not isinstance(action, int) or not 0 <= action < size * size:
            return f"INV-4: {action!r} is not a move on the {self.board.label} board"
        frm, to = divmod(action, size)
        if sep is None:
            sep = "x" if self.is_capture(action) else "-"
        name = f"{self.board.cell_name(frm)}{sep}{self.board.cell_name(to)}"
        colour = COLOUR_NAMES[self.to_move]
        if not self.stones[self.to_move] >> frm & 1:
            return f"INV-4: {name}: no {colour} stone on {self.board.cell_name(frm)}"
        if not self.board.neighbours[frm] >> to & 1:
            return f"INV-4: {name}: moves go to an orthogonally adjacent cell only"
        if self.stones[self.to_move] >> to & 1:
            return f"INV-4: {name}: the target holds your own stone"
        if sep == "x":  # typed as a capture onto an empty cell (the step is illegal too)
            enemy = COLOUR_NAMES[1 - self.to_move]
            return f"INV-4: {name}: no {enemy} stone on {self.board.cell_name(to)} to capture"
        if self.board.is_centre(frm):
            return f"INV-4: {name}: a stone on a centre cell can only capture"
        return f"INV-4: {name}: a step must bring the stone strictly closer to the centre"


def make_state(game: InvectorGame, actions: Sequence[int]) -> InvectorState:
    """The position after playing ``actions`` from the start (raises on an illegal one)."""
    state = game.new_initial_state()
    for action in actions:
        state.apply_action(action)
    return state


def parse_position(text: str, game: InvectorGame | None = None) -> InvectorState:
    """Rebuild a state from its position text (INV-8); raises ``NotationError`` naming the
    problem. With ``game`` the text must describe that variant (same size, pie rule on/off
    alike); without it the game is built from the text."""
    fields = read_position(text)
    if game is None:
        game = InvectorGame(fields.cols, fields.rows, pie=fields.pie != PIE_OFF)
    elif (game.cols, game.rows) != (fields.cols, fields.rows) or game.pie != (
        fields.pie != PIE_OFF
    ):
        raise NotationError(
            f"INV-8: position {text.strip()!r} does not belong to the variant "
            f"{game.cols}x{game.rows} {'with' if game.pie else 'without'} the pie rule"
        )
    return InvectorState(game, fields.black, fields.white, fields.to_move, fields.pie)
