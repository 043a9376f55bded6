"""Saved Invector games as text: the position, where the game started and the moves (INV-8).

Format (``#`` lines are comments to a reader that only wants the position)::

    invector 5x4 b.bwb/wbwbw/bwbwb/wbwbw w pie:swapped
    # start: invector 5x4 bwbwb/wbwbw/bwbwb/wbwbw b pie:open
    # moves: a1xb1 swap
    # players: person medium

The first line that is neither empty nor a comment is the position saved. The moves are
replayed from the ``# start:`` position and must end at it, so the move list and undo survive
a save and a load, as in Imperium Shogi and Imperial (a load used to set up the position alone:
"no moves yet", nothing to undo). A save written before the start line existed is replayed from
the board's usual start when its moves lead there, and is read as its position alone otherwise
(as every save was read then). A file holding only a position line is a valid save too.
"""

from __future__ import annotations

from collections.abc import Sequence

from scenarios.invector.rules import (
    BLACK,
    COLOUR_NAMES,
    InvectorGame,
    InvectorState,
    parse_position,
)
from scenarios.protocol import IllegalActionError, NotationError, refused_move

#: The rule of the saved game's form (the position, the start and the moves): refusals name it.
SAVE_RULE = "INV-8"
START_PREFIX = "# start:"
MOVES_PREFIX = "# moves:"
#: Width of the Black column of the move list (the longest move, ``p15xp14``, and two spaces).
MOVE_COLUMN = 9


def move_texts(states: Sequence[InvectorState]) -> list[str]:
    """The notation of every action between the positions ``states`` (passes and swap too)."""
    return [
        before.action_to_text(after.history[-1])
        for before, after in zip(states, states[1:], strict=False)
    ]


def move_list_lines(states: Sequence[InvectorState]) -> list[str]:
    """The move list of the game ``states``: a header naming the Black and the White column,
    then numbered rows of one Black move and the White move after it. Each move goes in the
    column of the colour that played it, so a row White starts (a loaded position with White
    to move, or White's move after the swap: INV-2, INV-6) shows ``…`` for Black rather than
    passing White's move off as Black's. No moves: no lines."""
    rows: list[list[str]] = []
    for before, text in zip(states, move_texts(states), strict=False):
        if before.to_move == BLACK or not rows or len(rows[-1]) == 2:
            rows.append([])
        if before.to_move != BLACK and not rows[-1]:
            rows[-1].append("…")
        rows[-1].append(text)
    if not rows:
        return []
    black, white = (name.capitalize() for name in COLOUR_NAMES)
    header = f"{'':5}{black:<{MOVE_COLUMN}}{white}"
    return [header] + [
        f"{number:>3}. " + f"{row[0]:<{MOVE_COLUMN}}{''.join(row[1:])}".rstrip()
        for number, row in enumerate(rows, start=1)
    ]


def record_lines(states: Sequence[InvectorState]) -> list[str]:
    """The lines of a save of the game ``states`` (its positions, first to last): the last
    position, the first one and the moves between them."""
    moves = move_texts(states)
    return [
        states[-1].to_text(),
        f"{START_PREFIX} {states[0].to_text()}",
        f"{MOVES_PREFIX} {' '.join(moves)}".rstrip(),
    ]


def _comment(text: str, prefix: str) -> tuple[int, str] | None:
    """The line number and the text after ``prefix`` of the first line starting with it."""
    for number, line in enumerate(text.splitlines(), start=1):
        if line.startswith(prefix):
            return number, line[len(prefix) :].strip()
    return None


def _replay(start: InvectorState, moves: list[str], line: int) -> list[InvectorState]:
    """The positions from ``start`` through ``moves``; ``NotationError`` naming ``line`` and
    the move that is not legal where it stands."""
    states = [start]
    for token in moves:
        nxt = states[-1].clone()
        try:
            nxt.apply_action(nxt.text_to_action(token))
        except (NotationError, IllegalActionError) as error:
            raise NotationError(f"line {line}: {refused_move(token, error)}") from None
        states.append(nxt)
    return states


def parse_record(text: str) -> list[InvectorState]:
    """The positions of a saved game, from its start to the position saved (one position when
    the save names no moves); ``NotationError`` naming the line of a bad position or move, or
    moves that do not end at the position saved."""
    position: tuple[int, InvectorState] | None = None
    for number, line in enumerate(text.splitlines(), start=1):
        if line.strip() and not line.lstrip().startswith("#"):
            try:
                position = number, parse_position(line)
            except NotationError as error:
                raise NotationError(f"line {number}: {error}") from error
            break
    if position is None:
        raise NotationError(f"{SAVE_RULE}: the file holds no position line")
    at, saved = position
    moves = _comment(text, MOVES_PREFIX)
    if moves is None:
        return [saved]
    moves_line, words = moves
    start = _comment(text, START_PREFIX)
    if start is None:  # a save from before the start line: the usual start, if the moves fit
        usual = InvectorGame(saved.board.cols, saved.board.rows, saved.game.pie)
        try:
            states = _replay(usual.new_initial_state(), words.split(), moves_line)
        except NotationError:
            return [saved]
        return states if states[-1] == saved else [saved]
    start_line, start_text = start
    try:
        first = parse_position(start_text, saved.game)
    except NotationError as error:
        raise NotationError(f"line {start_line}: {error}") from error
    states = _replay(first, words.split(), moves_line)
    if states[-1] != saved:
        raise NotationError(
            f"line {moves_line}: {SAVE_RULE}: the moves from the start (line {start_line}) end at "
            f"{states[-1].to_text()!r}, not at the position of line {at}"
        )
    return states
