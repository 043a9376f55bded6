"""Board geometry of Invector: size checks, cell names, centre cells, distances, neighbour masks.

Everything here depends only on the board size, so one ``Board`` is built per game and shared by
every state, the solver and the screen. Cells are numbered ``row * cols + col`` with row 0 at the
top and column 0 at the left; a set of cells is an ``int`` bit mask (bit ``i`` = cell ``i``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from scenarios.protocol import is_number

#: Smallest and largest accepted dimensions (INV-1): 2×3 / 3×2 up to 16×15 / 15×16.
MIN_SIDE = 2
MAX_SIDE = 16
MAX_CELLS = 16 * 15
#: Largest board whose position key ``own | opp << size`` fits one int64: the limit of the
#: compiled solver (``fastsolve``); larger boards use the pure-Python solver.
PACKED_MAX_CELLS = 31

COLUMN_LETTERS = "abcdefghijklmnop"


#: The rule of the board sizes: every ``BoardSizeError`` message starts with it.
SIZE_RULE = "INV-1"


class BoardSizeError(ValueError):
    """A board size that INV-1 does not allow (the message says which rule and why)."""


def check_size(cols: int, rows: int) -> None:
    """Raise ``BoardSizeError`` unless ``cols`` × ``rows`` is a legal Invector board (INV-1)."""
    if not isinstance(cols, int) or not isinstance(rows, int):
        raise BoardSizeError(
            f"{SIZE_RULE}: board size must be whole numbers, got {cols!r}x{rows!r}"
        )
    if (cols % 2 == 0) == (rows % 2 == 0):
        raise BoardSizeError(
            f"{SIZE_RULE}: exactly one of columns and rows must be even, got {cols}x{rows}"
        )
    if min(cols, rows) < MIN_SIDE or max(cols, rows) > MAX_SIDE or cols * rows > MAX_CELLS:
        raise BoardSizeError(
            f"{SIZE_RULE}: board {cols}x{rows} is outside the accepted range 2x3 .. 16x15"
        )


def parse_size(text: str) -> tuple[int, int]:
    """Parse ``"CxR"`` (columns × rows) and check it; raises ``BoardSizeError``."""
    parts = text.lower().replace("×", "x").split("x")
    if len(parts) != 2 or not all(is_number(part.strip()) for part in parts):
        raise BoardSizeError(
            f"{SIZE_RULE}: board size {text!r} is not of the form COLSxROWS, e.g. 5x4"
        )
    cols, rows = int(parts[0]), int(parts[1])
    check_size(cols, rows)
    return cols, rows


@dataclass(frozen=True)
class Board:
    """The static geometry of one board size (built through ``get_board``)."""

    cols: int
    rows: int
    size: int = field(init=False)
    full: int = field(init=False)
    centre: tuple[int, int] = field(init=False)
    distance: tuple[int, ...] = field(init=False)
    neighbours: tuple[int, ...] = field(init=False)
    step_targets: tuple[int, ...] = field(init=False)
    black_start: int = field(init=False)
    white_start: int = field(init=False)

    def __post_init__(self) -> None:
        check_size(self.cols, self.rows)
        cols, rows = self.cols, self.rows
        size = cols * rows
        centre = _centre_cells(cols, rows)
        distance = tuple(
            min(abs(r - cr) + abs(c - cc) for cr, cc in (divmod(x, cols) for x in centre))
            for r, c in (divmod(i, cols) for i in range(size))
        )
        neighbours = tuple(_neighbour_mask(i, cols, rows) for i in range(size))
        steps = tuple(
            sum(1 << j for j in bits(neighbours[i]) if distance[j] < distance[i])
            for i in range(size)
        )
        black = sum(1 << i for i in range(size) if sum(divmod(i, cols)) % 2 == 0)
        values = {
            "size": size,
            "full": (1 << size) - 1,
            "centre": centre,
            "distance": distance,
            "neighbours": neighbours,
            "step_targets": steps,
            "black_start": black,
            "white_start": ((1 << size) - 1) & ~black,
        }
        for name, value in values.items():
            object.__setattr__(self, name, value)

    @property
    def label(self) -> str:
        """The size as ``"CxR"``."""
        return f"{self.cols}x{self.rows}"

    def cell_name(self, cell: int) -> str:
        """``a1``-style name (INV-8): column letter from the left, row number from the top."""
        row, col = divmod(cell, self.cols)
        return f"{COLUMN_LETTERS[col]}{row + 1}"

    def parse_cell(self, text: str) -> int:
        """The cell called ``text``; ``ValueError`` naming the text if it is off the board."""
        text = text.strip().lower()
        if len(text) < 2 or text[0] not in COLUMN_LETTERS or not is_number(text[1:]):
            raise ValueError(f"{text!r} is not a cell name like a1")
        col = COLUMN_LETTERS.index(text[0])
        row = int(text[1:]) - 1
        if col >= self.cols or not 0 <= row < self.rows:
            raise ValueError(f"cell {text!r} is off the {self.label} board")
        return row * self.cols + col

    def is_centre(self, cell: int) -> bool:
        """True for the two centre cells (INV-3)."""
        return cell in self.centre


def _centre_cells(cols: int, rows: int) -> tuple[int, int]:
    """The two orthogonally adjacent cells the board's centre point lies between (INV-3)."""
    if rows % 2 == 0:
        col = cols // 2
        return ((rows // 2 - 1) * cols + col, (rows // 2) * cols + col)
    row = rows // 2
    return (row * cols + cols // 2 - 1, row * cols + cols // 2)


def _neighbour_mask(cell: int, cols: int, rows: int) -> int:
    """Mask of the orthogonal neighbours of ``cell`` (never diagonal, INV-4)."""
    row, col = divmod(cell, cols)
    mask = 0
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        r, c = row + dr, col + dc
        if 0 <= r < rows and 0 <= c < cols:
            mask |= 1 << (r * cols + c)
    return mask


def bits(mask: int) -> list[int]:
    """Indices of the set bits of ``mask``, lowest first (the cells of a stone set)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


@cache
def get_board(cols: int, rows: int) -> Board:
    """The shared ``Board`` for a size (validated, INV-1)."""
    return Board(cols, rows)
