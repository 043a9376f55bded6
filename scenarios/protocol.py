"""The small-game protocol every scenario implements, and every solver and UI consumes.

Shaped after OpenSpiel's ``Game``/``State`` split: a ``Game`` is the immutable description (rules
variant, board size, players) and makes states; a ``GameState`` is one position that can be
advanced in place with ``apply_action`` and copied with ``clone``. Actions are small hashable
values chosen by each game; ``action_to_text``/``text_to_action`` give their notation.

Players are numbered from 0. ``current_player`` returns ``TERMINAL`` once the game is over.
``returns`` gives one value per player in ``[game.min_utility, game.max_utility]``; it is only
meaningful for terminal states (non-terminal states return all zeros).

Both protocols are generic in the action type (``GameState[int]`` for Imperium Shogi and
Invector, ``GameState[tuple[...]]`` for Imperial's order tuples), so a solver keeps the game's
own action type; ``clone`` returns the state's own class.
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Sequence
from typing import Protocol, Self, TypeVar, runtime_checkable

#: ``current_player`` of a finished game.
TERMINAL = -1

#: Any game's action: a small hashable value chosen by the game.
Action = Hashable
#: The action type of one game (invariant: a state both takes and returns its actions).
ActionT = TypeVar("ActionT", bound=Hashable)


class IllegalActionError(ValueError):
    """An action that is not legal in the position it was applied to (message says why)."""


class NotationError(ValueError):
    """A move or position text that cannot be parsed (message names the text and the problem)."""


def is_number(text: str) -> bool:
    """True for a whole number in ASCII digits, as every notation writes them: ``str.isdigit``
    alone also accepts "²", which ``int`` then refuses (a traceback on the command line, a
    save refused without its file and line: found by use, December 7, night)."""
    return text.isascii() and text.isdigit()


#: How much of a refused text a refusal quotes: a position or move is far shorter, and another
#: game's save (an Imperial start line of 1,500 characters loaded in Invector) filled the
#: dialog with its JSON, the reason off the screen (found by use, December 8).
QUOTED_CHARS = 60


def quoted(text: str) -> str:
    """``text`` (stripped) quoted for a refusal: whole when short, else its start, an ellipsis
    and its length."""
    text = text.strip()
    if len(text) <= QUOTED_CHARS:
        return repr(text)
    return f"{text[:QUOTED_CHARS]!r}… ({len(text):,} characters)"


#: The rule id a scenario's refusal starts with (``SHO-10: ``, ``INV-6: ``, ``IMP-22: ``).
_RULE_FIRST = re.compile(r"^((?:SHO|INV|IMP)-\d+): ")


def refused_move(move: str, error: Exception) -> str:
    """The refusal of ``move`` read from a saved game, the rule first and the move named once:
    ``SHO-10: move 'b3b9': 'b9' is not a square``. A refusal that names the move already is
    kept as it is (a save's refusal read "move 'zz': SHO-10: 'zz' is not a move …", the move
    twice and the rule in the middle: found by use, December 8)."""
    reason = str(error)
    if quoted(move) in reason or f"{move}:" in reason:
        return reason
    rule = _RULE_FIRST.match(reason)
    if rule is None:
        return f"move {quoted(move)}: {reason}"
    return f"{rule.group(1)}: move {quoted(move)}: {reason[rule.end() :]}"


class DamagedDataError(ValueError):
    """A data file of a game (an opening book, a solved table) is missing parts, damaged or not
    a regular file; the one-line message names the file and what to do."""


@runtime_checkable
class GameState(Protocol[ActionT]):
    """One position of a game."""

    def current_player(self) -> int:
        """The player to move, or ``TERMINAL``."""
        ...

    def legal_actions(self) -> Sequence[ActionT]:
        """Every legal action, in a stable order; empty when terminal."""
        ...

    def apply_action(self, action: ActionT) -> None:
        """Play ``action`` in place; raises ``IllegalActionError`` if it is not legal."""
        ...

    def is_terminal(self) -> bool:
        """True when the game is over."""
        ...

    def returns(self) -> list[float]:
        """Outcome per player (zeros while the game is running)."""
        ...

    def clone(self) -> Self:
        """An independent copy; equal to the original until one of them moves."""
        ...

    def to_text(self) -> str:
        """The canonical one-line position text (round-trips through ``Game.state_from_text``)."""
        ...

    def action_to_text(self, action: ActionT) -> str:
        """Notation of ``action`` in this position."""
        ...

    def text_to_action(self, text: str) -> ActionT:
        """Parse notation in this position; raises ``NotationError`` or ``IllegalActionError``."""
        ...


@runtime_checkable
class Game(Protocol[ActionT]):
    """A game definition: makes initial states and parses position texts."""

    name: str
    num_players: int
    min_utility: float
    max_utility: float

    def new_initial_state(self) -> GameState[ActionT]:
        """The starting position."""
        ...

    def state_from_text(self, text: str) -> GameState[ActionT]:
        """Rebuild a state from ``GameState.to_text`` output; raises ``NotationError``."""
        ...
