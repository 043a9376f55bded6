"""Reading a solved table in plain Python: keys, value bytes, lookups (no numba needed).

The perfect level opens a stored table and asks it a few dozen positions per move; doing that
in Python (``Ranking.rank`` and one directory line per lookup, about 10 microseconds) avoids
importing and warming numba, so a table opens in milliseconds and a move takes about a
millisecond. ``kernel`` compiles these key functions with numba for the solver.

Value byte: 0 a draw (undecided at the fixpoint); ``dist + 1`` for a decided position, won if
``dist`` is odd and lost if even (a loss at ``d`` gives wins at ``d + 1``, a win at ``d`` losses
at ``d + 1``; the terminal kinds are won in 1 or lost in 0); ``WON_IN_0`` for a start whose
mover's BB already stands on the far rank, which no stored move can reach.
"""

from __future__ import annotations

import numpy as np

from scenarios.imperium_shogi.rules import BLUE, HAND_SHIFT, SIDE_SHIFT, Position, encode
from scenarios.imperium_shogi.tablebase.ranking import LINE_RANKS, LINE_WORDS, Ranking

SIDE_FREE_MASK = (1 << SIDE_SHIFT) - 1
WIN, LOSS, DRAW = "win", "loss", "draw"
WON_IN_0 = 255


#: Masks of the 48-bit board (4 bits a square): the low bit of every square, the bytes and
#: 16-bit halves used to reverse the square order, and the files a, b, c of every rank.
_BOARD = (1 << HAND_SHIFT) - 1
_LOW_BITS = 0x111111111111
_LOW_NIBBLES = 0x0F0F0F0F0F0F
_LOW_BYTES = 0x00FF00FF00FF
_FILE_A = 0x00F00F00F00F
_FILE_B = _FILE_A << 4
_FILE_C = _FILE_A << 8


def swap_key(key: int) -> int:
    """The same position seen from the other player (board turned, colours and hands swapped).

    Branch-free on the packed key (it runs for every generated move of the solve): every
    occupied square flips its colour bit, the twelve squares are read in reverse order (nibbles
    swapped within bytes, bytes within 16-bit halves, then the three halves), hands swapped.
    """
    board = key & _BOARD
    occupied = (board | board >> 1 | board >> 2 | board >> 3) & _LOW_BITS
    board ^= occupied << 3
    board = ((board & _LOW_NIBBLES) << 4) | ((board >> 4) & _LOW_NIBBLES)
    board = ((board & _LOW_BYTES) << 8) | ((board >> 8) & _LOW_BYTES)
    board = ((board & 0xFFFF) << 32) | (board & 0xFFFF0000) | ((board >> 32) & 0xFFFF)
    hands = (key >> HAND_SHIFT) & 0xFFF
    return board | (((hands >> 6) | ((hands & 63) << 6)) << HAND_SHIFT)


def mirror_key(key: int) -> int:
    """Left-right mirror (file a <-> c); hands unchanged. Branch-free, like ``swap_key``."""
    return (key & ~(_FILE_A | _FILE_C)) | ((key & _FILE_A) << 8) | ((key >> 8) & _FILE_A)


def key_of(position: Position) -> int:
    """Canonical tablebase key of ``position`` (Red to move after turning, smaller mirror)."""
    key = encode(position) & SIDE_FREE_MASK
    if position.side == BLUE:
        key = swap_key(key)
    return min(key, mirror_key(key))


def decode_value(code: int) -> tuple[str, int]:
    """``(result, plies)`` of a stored value byte, from the side to move's point of view."""
    if code == 0:
        return DRAW, 0
    if code == WON_IN_0:
        return WIN, 0
    dist = code - 1
    return (WIN if dist % 2 else LOSS), dist


class Table:
    """What every reader of a table shares: the ranking, the rank directory, the value bytes."""

    def __init__(
        self, ranking: Ranking, directory: np.ndarray, val: np.ndarray, dobutsu: bool
    ) -> None:
        self.ranking = ranking
        self.directory = directory
        self.val = val
        self.dobutsu = dobutsu

    def index_of_key(self, key: int) -> int:
        """Position number of a canonical key, or -1 if the key is not stored."""
        rank = self.ranking.rank(key)
        if rank < 0:
            return -1
        line, offset = divmod(rank, LINE_RANKS)
        base = line * LINE_WORDS
        word = offset >> 6
        words = self._words(base, base + 2 + word)
        bit = 1 << (offset & 63)
        if not words[1 + word] & bit:
            return -1
        below = sum(w.bit_count() for w in words[1 : 1 + word])
        return words[0] + below + (words[1 + word] & (bit - 1)).bit_count()

    def _words(self, start: int, stop: int) -> list[int]:
        """Words ``start`` to ``stop - 1`` of the rank directory (a stored table checks them)."""
        return self.directory[start:stop].tolist()

    def _value_code(self, index: int) -> int:
        """The value byte of position ``index`` (a stored table checks it)."""
        return int(self.val[index])

    def check_whole(self) -> None:
        """Before reading the whole table at once: nothing to check for a table in memory."""

    def contains(self, key: int) -> bool:
        """Whether the canonical ``key`` is a stored (reachable) position."""
        return self.index_of_key(key) >= 0

    def value_of_key(self, key: int) -> tuple[str, int] | None:
        """``(result, plies)`` for the side to move, or ``None`` if the key is not stored."""
        index = self.index_of_key(key)
        return None if index < 0 else decode_value(self._value_code(index))

    def value(self, position: Position) -> tuple[str, int] | None:
        """``(result, plies)`` of ``position`` for its side to move, or ``None``."""
        return self.value_of_key(key_of(position))

    def stored_keys(self) -> np.ndarray:
        """Every stored key, in position-number order (``val[i]`` is the value of key ``i``)."""
        # deliberate lazy import: ``index`` is numba code, which the plain reader does not need
        from scenarios.imperium_shogi.tablebase.index import stored_keys

        self.check_whole()
        r = self.ranking
        out = np.empty(self.val.shape[0], dtype=np.int64)
        stored_keys(
            self.directory, r.step, r.before, r.count, np.asarray(r.material, dtype=np.int64), out
        )
        return out
