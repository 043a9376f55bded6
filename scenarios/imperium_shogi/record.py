"""Saved games as text: the start position (SHO-10) followed by the moves played.

Format (``#`` starts a comment; blank lines are ignored)::

    # Imperium Shogi
    mfc/1b1/1B1/CFM - r
    b2b3 b4b3
    B*b2

The first line is a position text; every later whitespace-separated token is a move, replayed and
checked in order, so repetition counts (SHO-8) and undo survive a save and load. A file holding
only a position line is a valid record too.
"""

from __future__ import annotations

from pathlib import Path

from scenarios.imperium_shogi.game import ShogiState, make_game
from scenarios.protocol import IllegalActionError, NotationError, refused_move
from scenarios.saves import read_text_bounded

#: The rule of the saved game's form (the position text, then the moves): its refusals name it.
SAVE_RULE = "SHO-10"
HEADER = f"# Imperium Shogi game: start position, then the moves ({SAVE_RULE})"
MOVES_PER_LINE = 10


class RecordError(ValueError):
    """A saved game that cannot be loaded; the message names the source and line."""


def record_text(state: ShogiState) -> str:
    """The saved-game text of ``state``."""
    moves = [state.action_to_text(move) for move in state.history()]
    lines = [HEADER, state.start_text]
    for start in range(0, len(moves), MOVES_PER_LINE):
        lines.append(" ".join(moves[start : start + MOVES_PER_LINE]))
    return "\n".join(lines) + "\n"


def parse_record(text: str, source: str = "<text>") -> ShogiState:
    """Rebuild a game from saved text; raises ``RecordError`` naming ``source:line``."""
    game = make_game()
    state: ShogiState | None = None
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if state is None:
            try:
                state = game.state_from_text(line)
            except NotationError as error:
                raise RecordError(f"{source}:{number}: {error}") from None
            continue
        for token in line.split():
            try:
                state.apply_action(state.text_to_action(token))
            except (NotationError, IllegalActionError) as error:
                raise RecordError(f"{source}:{number}: {refused_move(token, error)}") from None
    if state is None:
        raise RecordError(f"{source}: {SAVE_RULE}: no position line, e.g. 'mfc/1b1/1B1/CFM - r'")
    return state


def save_game(state: ShogiState, path: Path) -> None:
    """Write ``state`` to ``path`` as a saved-game text."""
    path.write_text(record_text(state), encoding="utf-8")


def load_game(path: Path) -> ShogiState:
    """Read a saved game; raises ``RecordError`` for unreadable or invalid files."""
    try:
        text = read_text_bounded(path)
    except ValueError as error:
        raise RecordError(str(error)) from None
    return parse_record(text, str(path))
