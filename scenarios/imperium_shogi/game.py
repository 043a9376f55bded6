"""Imperium Shogi as a ``scenarios.protocol`` game: the rules core plus game history.

``ShogiState`` adds to ``rules.Position`` what depends on the history of the game: threefold
repetition (SHO-8), the no-legal-move house rule (SHO-9), the list of moves played and
``undo_action`` (used by the TUI and by the alpha-beta search to play and unplay in place).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from scenarios.imperium_shogi.notation import (
    move_to_text,
    parse_move,
    parse_position,
    position_to_text,
)
from scenarios.imperium_shogi.rules import PLAYER_NAMES, Outcome, Position, encode
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
            text = move_to_text(action) if isinstance(action, int) else repr(action)
            raise IllegalActionError(
                f"SHO-3: {text} is not a legal move for {PLAYER_NAMES[self.position.side]} "
                f"in {position_to_text(self.position)}"
            )
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
            raise IllegalActionError(
                f"SHO-3: {text.strip()} is not a legal move in {position_to_text(self.position)}"
            )
        return move

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
