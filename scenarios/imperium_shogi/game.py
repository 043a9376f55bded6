"""Imperium Shogi as a ``scenarios.protocol`` game: the rules core plus game history.

``ShogiState`` adds to ``rules.Position`` what depends on the history of the game: threefold
repetition (SHO-8), the no-legal-move house rule (SHO-9), the list of moves played and
``undo_action`` (used by the TUI and by the alpha-beta search to play and unplay in place).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from scenarios.imperium_shogi.notation import (
    SLOT_NAMES,
    move_to_text,
    parse_move,
    parse_position,
    position_to_text,
    square_name,
)
from scenarios.imperium_shogi.rules import (
    DROP_BASE,
    KIND_NAMES,
    PLAYER_NAMES,
    REPAIR,
    TARGETS,
    Outcome,
    Position,
    encode,
)
from scenarios.protocol import TERMINAL, IllegalActionError

#: Number of times a position must occur for the repetition draw (SHO-8).
REPETITION_LIMIT = 3


@dataclass
class _Ply:
    """What ``undo_action`` needs to take back one move."""

    move: int
    captured: int
    key: int


@dataclass
class ShogiState:
    """One Imperium Shogi game in progress (implements ``scenarios.protocol.GameState``)."""

    position: Position
    counts: dict[int, int] = field(default_factory=dict)
    plies: list[_Ply] = field(default_factory=list)
    #: Text of the position this game started from (for saving the game with its moves).
    start_text: str = ""
    _moves: list[int] | None = None
    _outcome: Outcome | None = None
    _evaluated: bool = False

    def __post_init__(self) -> None:
        if not self.counts:
            self.counts[encode(self.position)] = 1
        if not self.start_text:
            self.start_text = position_to_text(self.position)

    # -- protocol -----------------------------------------------------------------------------

    def current_player(self) -> int:
        """The side to move (0 = Red, 1 = Blue), or ``TERMINAL``."""
        return TERMINAL if self.is_terminal() else self.position.side

    def legal_actions(self) -> list[int]:
        """Every legal move int (see ``rules``); empty once the game is over."""
        return list(self._legal_moves())

    def apply_action(self, action: int) -> None:
        """Play ``action``; raises ``IllegalActionError`` naming the move and the reason."""
        self._evaluate()
        if self._outcome is not None:
            raise IllegalActionError(f"the game is over ({self._outcome.reason})")
        if action not in self._legal_moves():
            raise IllegalActionError(self.why_illegal(action))
        self._play(action)

    def is_terminal(self) -> bool:
        """True once a BB fell or held the enemy territory, by repetition, or with no move."""
        self._evaluate()
        return self._outcome is not None

    def returns(self) -> list[float]:
        """+1 for the winner, -1 for the loser, 0 each for a draw or a running game."""
        self._evaluate()
        if self._outcome is None or self._outcome.winner is None:
            return [0.0, 0.0]
        result = [-1.0, -1.0]
        result[self._outcome.winner] = 1.0
        return result

    def clone(self) -> ShogiState:
        """An independent copy with the same history."""
        copy = ShogiState(
            self.position.copy(), dict(self.counts), list(self.plies), self.start_text
        )
        copy._moves, copy._outcome, copy._evaluated = self._moves, self._outcome, self._evaluated
        return copy

    def to_text(self) -> str:
        """The one-line position text (SHO-10); the history is not part of it."""
        return position_to_text(self.position)

    def action_to_text(self, action: int) -> str:
        """``b2b3``, ``b3b4+`` or ``B*b3`` (SHO-10)."""
        return move_to_text(action)

    def text_to_action(self, text: str) -> int:
        """Parse a move and check that it is legal here."""
        move = parse_move(text)
        if move not in self.legal_actions():
            raise IllegalActionError(self.why_illegal(move))
        return move

    def why_illegal(self, move: object) -> str:
        """A sentence naming the rule that forbids ``move`` here, in the words of the board
        (squares, pieces, hands), never the position text."""
        if not isinstance(move, int) or move < 0:
            return f"SHO-10: {move!r} is not a move"
        text = move_to_text(move)
        outcome = self.outcome()
        if outcome is not None:
            return f"{outcome.rule}: {text}: the game is over ({outcome.reason})"
        position, side = self.position, self.position.side
        mover = PLAYER_NAMES[side]
        src, dst = move & 15, (move >> 4) & 15
        if src >= DROP_BASE:
            piece_name = SLOT_NAMES[src - DROP_BASE]
            if not position.hands[side][src - DROP_BASE]:
                return f"SHO-5: {text}: {mover} has no {piece_name} in hand"
            return f"SHO-5: {text}: a piece is placed on an empty square; {square_name(dst)} is not"
        code = position.board[src]
        if not code:
            return f"SHO-3: {text}: there is no piece on {square_name(src)}"
        name = f"the {KIND_NAMES[code & 7]} on {square_name(src)}"
        if code >> 3 != side:
            return f"SHO-3: {text}: {name} is {PLAYER_NAMES[code >> 3]}'s; {mover} is to move"
        if dst not in TARGETS[code][src]:
            return f"SHO-3: {text}: {name} cannot step to {square_name(dst)}"
        target = position.board[dst]
        if target and target >> 3 == side:
            return f"SHO-3: {text}: {square_name(dst)} holds {mover}'s own {KIND_NAMES[target & 7]}"
        if move & REPAIR:
            return f"SHO-4: {text}: only a disrupted B entering the enemy territory is repaired"
        return f"SHO-3: {text} is not a legal move here"

    # -- extras -------------------------------------------------------------------------------

    def outcome(self) -> Outcome | None:
        """How the game ended, or ``None`` while it runs."""
        self._evaluate()
        return self._outcome

    def undo_action(self) -> int:
        """Take back the last move and return it; raises ``IndexError`` at the start."""
        ply = self.plies.pop()
        self.counts[ply.key] -= 1
        if not self.counts[ply.key]:
            del self.counts[ply.key]
        self.position.unmake(ply.move, ply.captured)
        self._evaluated = False
        return ply.move

    def history(self) -> list[int]:
        """Moves played since this state was created or loaded, oldest first."""
        return [ply.move for ply in self.plies]

    def repetitions(self) -> int:
        """How often the current position has occurred so far (SHO-8)."""
        return self.counts.get(self.key(), 0)

    def key(self) -> int:
        """The compact key of the current position (``rules.encode``), cached per ply."""
        return self.plies[-1].key if self.plies else encode(self.position)

    def __str__(self) -> str:
        return self.to_text()

    # -- internals ----------------------------------------------------------------------------

    def _play(self, move: int) -> None:
        captured = self.position.make(move)
        key = encode(self.position)
        self.plies.append(_Ply(move, captured, key))
        self.counts[key] = self.counts.get(key, 0) + 1
        self._evaluated = False

    def _evaluate(self) -> None:
        """Compute the outcome once per position (SHO-7, SHO-8, SHO-9 in that order).

        The move list itself is only built when asked for (``_legal_moves``): the search visits
        many positions whose moves it never needs, and SHO-9 only needs to know whether a move
        exists.
        """
        if self._evaluated:
            return
        position = self.position
        outcome = position.outcome()
        if outcome is None and self.counts.get(self.key(), 0) >= REPETITION_LIMIT:
            outcome = Outcome(None, "the same position arose for the third time", "SHO-8")
        if outcome is None and not position.has_move():
            loser = position.side
            outcome = Outcome(
                1 - loser, f"{PLAYER_NAMES[loser]} has no legal move and loses", "SHO-9"
            )
        self._moves, self._outcome, self._evaluated = None, outcome, True

    def _legal_moves(self) -> list[int]:
        """The legal moves of this position (built once, shared; do not modify)."""
        self._evaluate()
        if self._outcome is not None:
            return []
        if self._moves is None:
            self._moves = self.position.moves()
        return self._moves


class ShogiGame:
    """The Imperium Shogi game definition (implements ``scenarios.protocol.Game``)."""

    name = "imperium-shogi"
    title = "Imperium Shogi (3x4, Empire vs Terran Confederation)"
    num_players = 2
    min_utility = -1.0
    max_utility = 1.0
    player_names: Sequence[str] = PLAYER_NAMES

    def new_initial_state(self) -> ShogiState:
        """The set-up of SHO-2, Red to move."""
        return ShogiState(Position.initial())

    def state_from_text(self, text: str) -> ShogiState:
        """A state at the position ``text`` (history starts there)."""
        return ShogiState(parse_position(text))


def make_game() -> ShogiGame:
    """The registry's factory."""
    return ShogiGame()
