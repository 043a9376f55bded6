"""Imperium Shogi notation (SHO-10): square names, move text and the one-line position text.

Moves: ``b2b3`` (step), ``b3b4+`` (step with repair, SHO-4), ``B*b3`` / ``CR*a2`` / ``MS*c3``
(drops; the single letters ``C`` and ``M`` of the position text are accepted too). A step typed
``b2-b3`` or ``b2xb3`` (Invector's way, INV-8) is read too, and written back as ``b2b3``. Squares
and piece names are read in either case (``B2B3``, ``cr*A2``): none is ambiguous.

Position text: ``<rank 4>/<rank 3>/<rank 2>/<rank 1> <hands> <side>``, for example the initial
position ``mfc/1b1/1B1/CFM - r``.

* each rank lists files a..c; a digit counts empty squares; Red pieces are upper case, Blue lower
  case: ``F`` flagship (BB), ``M`` carrier (MS), ``C`` cruiser (CR), ``B`` disrupted battleship,
  ``+B`` repaired battleship;
* hands: the pieces in hand, Red's (upper case) then Blue's (lower case), each in the order
  B, C, M, or ``-`` when both hands are empty;
* side to move: ``r`` (Red) or ``b`` (Blue).
"""

from __future__ import annotations

from scenarios.imperium_shogi.rules import (
    BB,
    BLUE,
    BR,
    CR,
    DROP_BASE,
    FILES,
    HAND_B,
    HAND_CR,
    HAND_MS,
    MS,
    RANKS,
    RED,
    REPAIR,
    SET_COUNTS,
    SQUARES,
    B,
    Position,
    kind_of,
    owner_of,
    piece,
    square,
)
from scenarios.protocol import NotationError, is_number, quoted

FILE_LETTERS = "abc"
SQUARE_NAMES = tuple(f"{FILE_LETTERS[sq % FILES]}{sq // FILES + 1}" for sq in range(SQUARES))
_SQUARE_INDEX = {name: sq for sq, name in enumerate(SQUARE_NAMES)}

#: Kind -> letter in the position text (Red's case).
KIND_LETTERS = {BB: "F", MS: "M", CR: "C", B: "B", BR: "+B"}
_LETTER_KINDS = {"F": BB, "M": MS, "C": CR, "B": B}
#: Hand slot -> letter in the position text, and name in drop notation.
SLOT_LETTERS = ("B", "C", "M")
SLOT_NAMES = ("B", "CR", "MS")
_DROP_NAMES = {"B": HAND_B, "CR": HAND_CR, "C": HAND_CR, "MS": HAND_MS, "M": HAND_MS}
SIDE_LETTERS = ("r", "b")


def square_name(sq: int) -> str:
    """``a1``..``c4`` for square index 0..11."""
    return SQUARE_NAMES[sq]


def parse_square(text: str) -> int:
    """Square index of ``a1``..``c4``, in either case (``B2`` is b2: a square's letter is
    always a file); raises ``NotationError`` (SHO-10)."""
    try:
        return _SQUARE_INDEX[text.lower()]
    except KeyError:
        raise NotationError(f"SHO-10: {quoted(text)} is not a square (a1..c4)") from None


def move_to_text(move: int) -> str:
    """Notation of a move int (see ``rules`` for the encoding)."""
    src = move & 15
    dst = (move >> 4) & 15
    if src >= DROP_BASE:
        return f"{SLOT_NAMES[src - DROP_BASE]}*{SQUARE_NAMES[dst]}"
    return f"{SQUARE_NAMES[src]}{SQUARE_NAMES[dst]}{'+' if move & REPAIR else ''}"


def parse_move(text: str) -> int:
    """The move int written as ``text``; syntax only (legality is the caller's job)."""
    raw = text.strip()
    if "*" in raw:
        name, _, target = raw.partition("*")
        slot = _DROP_NAMES.get(name.upper())
        if slot is None:
            raise NotationError(
                f"SHO-10: {quoted(text)}: {name!r} is not a piece in hand (B, CR, MS)"
            )
        return DROP_BASE + slot | parse_square(target) << 4
    repair = raw.endswith("+")
    body = raw[:-1] if repair else raw
    if len(body) == 5 and body[2] in "-xX":  # ``b2-b3``, as Invector writes a move (INV-8)
        body = body[:2] + body[3:]
    if len(body) != 4:
        raise NotationError(f"SHO-10: {quoted(text)} is not a move like b2b3, b3b4+ or B*b3")
    src, dst = parse_square(body[:2]), parse_square(body[2:])
    return src | dst << 4 | (REPAIR if repair else 0)


def position_to_text(position: Position) -> str:
    """The canonical one-line text of ``position``."""
    ranks = []
    for rank in range(RANKS, 0, -1):
        cells, empty = [], 0
        for file in range(FILES):
            code = position.board[square(file, rank)]
            if not code:
                empty += 1
                continue
            if empty:
                cells.append(str(empty))
                empty = 0
            letter = KIND_LETTERS[kind_of(code)]
            cells.append(letter if owner_of(code) == RED else letter.lower())
        if empty:
            cells.append(str(empty))
        ranks.append("".join(cells))
    hand = "".join(
        (SLOT_LETTERS[slot] if owner == RED else SLOT_LETTERS[slot].lower()) * count
        for owner in (RED, BLUE)
        for slot, count in enumerate(position.hands[owner])
    )
    return f"{'/'.join(ranks)} {hand or '-'} {SIDE_LETTERS[position.side]}"


def parse_position(text: str) -> Position:
    """Parse a position text; raises ``NotationError`` naming the text and the problem."""
    fields = text.split()
    if len(fields) != 3:
        raise NotationError(
            f"SHO-10: {quoted(text)}: "
            f"expected '<ranks 4..1> <hands> <side>', e.g. 'mfc/1b1/1B1/CFM - r'"
        )
    board_text, hand_text, side_text = fields
    board = _parse_board(text, board_text)
    hands = _parse_hands(text, hand_text)
    if side_text not in SIDE_LETTERS:
        raise NotationError(
            f"SHO-10: {quoted(text)}: side to move must be 'r' or 'b', not {side_text!r}"
        )
    position = Position(board, hands, SIDE_LETTERS.index(side_text))
    _check_material(text, position)
    return position


def _parse_board(text: str, board_text: str) -> list[int]:
    rows = board_text.split("/")
    if len(rows) != RANKS:
        raise NotationError(f"SHO-10: {quoted(text)}: the board needs 4 ranks separated by '/'")
    board = [0] * SQUARES
    for index, row in enumerate(rows):
        rank = RANKS - index
        file, pos = 0, 0
        while pos < len(row):
            char = row[pos]
            if is_number(char):
                file += int(char)
                pos += 1
                continue
            repaired = char == "+"
            if repaired:
                pos += 1
                char = row[pos] if pos < len(row) else ""
            kind = _LETTER_KINDS.get(char.upper())
            if kind is None or (repaired and kind != B):
                raise NotationError(
                    f"SHO-10: {quoted(text)}: unknown piece {row[pos - repaired :]!r}"
                )
            if file >= FILES:
                raise NotationError(f"SHO-10: {quoted(text)}: rank {rank} has more than 3 squares")
            owner = RED if char.isupper() else BLUE
            board[square(file, rank)] = piece(BR if repaired else kind, owner)
            file += 1
            pos += 1
        if file != FILES:
            raise NotationError(
                f"SHO-10: {quoted(text)}: rank {rank} describes {file} squares, not 3"
            )
    return board


def _parse_hands(text: str, hand_text: str) -> list[list[int]]:
    hands = [[0, 0, 0], [0, 0, 0]]
    if hand_text == "-":
        return hands
    for char in hand_text:
        if char.upper() not in SLOT_LETTERS:
            raise NotationError(f"SHO-10: {quoted(text)}: {char!r} cannot be in hand (B, C, M)")
        owner = RED if char.isupper() else BLUE
        hands[owner][SLOT_LETTERS.index(char.upper())] += 1
    return hands


def _check_material(text: str, position: Position) -> None:
    """A position must use the one set of pieces: 2 each of B, CR, MS, at most one BB a side."""
    counts = {kind: 0 for kind in SET_COUNTS}
    flagships = [0, 0]
    for code in position.board:
        if code:
            kind = B if kind_of(code) == BR else kind_of(code)
            counts[kind] += 1
            if kind == BB:
                flagships[owner_of(code)] += 1
    for owner in (RED, BLUE):
        for slot, kind in ((HAND_B, B), (HAND_CR, CR), (HAND_MS, MS)):
            counts[kind] += position.hands[owner][slot]
    if max(flagships) > 1 or sum(flagships) == 0:
        raise NotationError(
            f"SHO-2: {quoted(text)}: each side has one BB (at most one can be captured)"
        )
    for kind in (MS, CR, B):
        if counts[kind] != SET_COUNTS[kind]:
            name = SLOT_NAMES[(B, CR, MS).index(kind)]
            raise NotationError(
                f"SHO-2: {quoted(text)}: "
                f"the set has exactly 2 {name}, this position has {counts[kind]}"
            )
