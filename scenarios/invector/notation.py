"""Invector notation (INV-8): cell names, move texts and the one-line position text.

Moves: ``c2-c3`` (step), ``c2xc3`` (capture), ``swap`` (pie rule), ``pass`` (forced skip); a
move typed ``c2c3`` (Imperium Shogi's way, SHO-10) is read too, and written back as INV-8 has it.
Cells: column letter from the left (``a``..), row number from the top (``1``..).

Position text, one line, fields separated by single spaces::

    invector 5x4 bwbwb/wbwbw/bwbwb/wbwbw b pie:open

* ``invector`` — the game name (so a file from another game is refused clearly);
* ``CxR`` — columns × rows;
* the rows from the top, separated by ``/``, one character per cell from the left:
  ``b`` black stone, ``w`` white stone, ``.`` empty;
* the colour to move, ``b`` or ``w``;
* the pie rule: ``pie:off`` (not used), ``pie:open`` (White may still swap on its first turn),
  ``pie:kept`` (White declined: seat 0 plays Black) or ``pie:swapped`` (seat 1 plays Black).
"""

from __future__ import annotations

import re
from typing import NamedTuple, Protocol

from scenarios.invector.board import SIZE_RULE, Board, BoardSizeError, parse_size
from scenarios.invector.terms import BLACK, PASS, PIE_STATES, SWAP, WHITE
from scenarios.protocol import IllegalActionError, NotationError, quoted

_COLOUR_CHARS = "bw"


class Position(Protocol):
    """What the notation reads of a position (``rules.InvectorState`` has it; the rules import
    this module for the protocol's text methods, so it cannot import them back)."""

    board: Board
    stones: list[int]
    to_move: int
    pie: str

    def legal_actions(self) -> list[int]:
        """Every legal action."""
        ...

    def is_capture(self, action: int) -> bool:
        """True if the board move ``action`` lands on an enemy stone."""
        ...

    def why_illegal(self, action: object, sep: str | None = None) -> str:
        """A sentence naming the rule that forbids ``action`` (quoted with ``sep`` if given)."""
        ...


class PositionFields(NamedTuple):
    """The contents of a position text (``read_position``); ``rules.parse_position`` makes the
    state."""

    cols: int
    rows: int
    black: int
    white: int
    to_move: int
    pie: str


def format_position(state: Position) -> str:
    """The canonical position text of ``state``."""
    board = state.board
    black, white = state.stones
    rows = []
    for row in range(board.rows):
        chars = []
        for col in range(board.cols):
            cell = row * board.cols + col
            chars.append("b" if black >> cell & 1 else "w" if white >> cell & 1 else ".")
        rows.append("".join(chars))
    return f"invector {board.label} {'/'.join(rows)} {_COLOUR_CHARS[state.to_move]} pie:{state.pie}"


def read_position(text: str) -> PositionFields:
    """The fields of a position text, checked one by one; ``NotationError`` naming the problem.
    (``rules.parse_position`` turns them into a state.)"""
    fields = text.strip().split()
    if len(fields) != 5 or fields[0] != "invector":
        raise NotationError(
            f"INV-8: position {quoted(text)}: expected 'invector CxR ROWS b|w pie:STATE' (5 fields)"
        )
    _, size_text, rows_text, turn_text, pie_text = fields
    try:
        cols, rows = parse_size(size_text)
    except BoardSizeError as error:
        reason = str(error).removeprefix(f"{SIZE_RULE}: ")  # the rule first, as every refusal
        raise NotationError(f"{SIZE_RULE}: position {quoted(text)}: {reason}") from error
    row_texts = rows_text.split("/")
    if len(row_texts) != rows or any(len(row) != cols for row in row_texts):
        raise NotationError(
            f"INV-8: position {quoted(text)}: board field must have {rows} rows of {cols} cells"
        )
    black = white = 0
    for row, row_text in enumerate(row_texts):
        for col, char in enumerate(row_text):
            bit = 1 << (row * cols + col)
            if char == "b":
                black |= bit
            elif char == "w":
                white |= bit
            elif char != ".":
                raise NotationError(
                    f"INV-8: position {quoted(text)}: cell character {char!r} is not b, w or ."
                )
    if not black and not white:
        raise NotationError(f"INV-7: position {quoted(text)}: the board has no stones")
    if turn_text not in ("b", "w"):
        raise NotationError(
            f"INV-8: position {quoted(text)}: side to move {turn_text!r} is not b or w"
        )
    pie = pie_text.removeprefix("pie:")
    if not pie_text.startswith("pie:") or pie not in PIE_STATES:
        raise NotationError(
            f"INV-8: position {quoted(text)}: pie field {pie_text!r} is not one of "
            + ", ".join(f"pie:{name}" for name in PIE_STATES)
        )
    return PositionFields(cols, rows, black, white, BLACK if turn_text == "b" else WHITE, pie)


def format_action(state: Position, action: int) -> str:
    """Notation of ``action`` in ``state``: ``c2-c3``, ``c2xc3``, ``swap`` or ``pass``."""
    if action == SWAP:
        return "swap"
    if action == PASS:
        return "pass"
    board = state.board
    if not isinstance(action, int) or not 0 <= action < board.size * board.size:
        raise NotationError(f"INV-8: {action!r} is not an Invector action")
    frm, to = divmod(action, board.size)
    sep = "x" if state.is_capture(action) else "-"
    return f"{board.cell_name(frm)}{sep}{board.cell_name(to)}"


#: A move written without a separator (``c2c3``): the way Imperium Shogi writes its moves
#: (SHO-10), read here too so a player of both games may type either (issue 44 item 6); the
#: step or capture is then the one the position makes it.
JOINED_MOVE = re.compile(r"([a-p][0-9]{1,2})([a-p][0-9]{1,2})")


def parse_action(state: Position, text: str) -> int:
    """The action written ``text`` in ``state`` (``c2-c3``, ``c2xc3``, ``swap``, ``pass``; also
    ``c2c3``, with no separator, for a step or a capture).

    Raises ``NotationError`` for text that is not Invector notation, ``IllegalActionError`` (with
    the rule) for a well-formed action that is not legal here, including a capture written with
    ``-`` or a step written with ``x``.
    """
    word = text.strip().lower()
    action: int
    sep: str | None = None  # the separator typed; none for swap, pass and ``c2c3``
    if word == "swap":
        action = SWAP
    elif word == "pass":
        action = PASS
    else:
        joined = JOINED_MOVE.fullmatch(word)  # ``c2c3``, as Imperium Shogi writes a move
        sep = None if joined else "x" if "x" in word[1:] else "-"
        parts = list(joined.groups()) if joined else word.split(sep) if sep and sep in word else []
        if len(parts) != 2:
            raise NotationError(
                f"INV-8: {quoted(text)} is not a move like c2-c3, c2xc3, swap or pass"
            )
        try:
            frm, to = (state.board.parse_cell(part) for part in parts)
        except ValueError as error:
            raise NotationError(f"INV-8: {quoted(text)}: {error}") from error
        action = frm * state.board.size + to
        if sep and action in state.legal_actions() and state.is_capture(action) != (sep == "x"):
            kind = "a capture, write x" if state.is_capture(action) else "a step, write -"
            raise IllegalActionError(f"INV-8: {quoted(text)} is {kind}")
    if action not in state.legal_actions():
        raise IllegalActionError(state.why_illegal(action, sep))  # quoted as typed (INV-8)
    return action
