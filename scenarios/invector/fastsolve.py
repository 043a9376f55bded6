"""Compiled (numba) version of the solver's search, for boards of at most 31 cells.

Same algorithm as ``Solver``'s Python search — memoised negamax with a boolean value, captures
first, stop at the first winning move, a blocked side passes (INV-5) — but iterative with an
explicit stack and an open-addressing hash table in numpy arrays, so no Python object is touched
per position. A position is the int64 key ``own | opp << size`` (side to move first), stored as
``key + 1`` shifted left by one with the value in the low bit, so one int64 per position holds
both and 0 marks an empty slot. The Python wrapper grows the table when it fills up and simply
searches again: every stored value is exact, so nothing is lost.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from scenarios.invector.board import PACKED_MAX_CELLS, Board

#: Largest board the compiled search handles (two masks must fit in one int64 key).
MAX_CELLS = PACKED_MAX_CELLS

TABLE_FULL = -1
OVER_BUDGET = -2


@njit(cache=True, nogil=True)
def _lookup(table: np.ndarray, key: np.int64) -> int:
    """The stored value of ``key`` (0 or 1), or -1 if it is not in the table."""
    mask = table.shape[0] - 1
    slot = (key * 0x9E3779B97F4A7C15) >> 20 & mask
    tag = (key + 1) << 1
    while table[slot] != 0:
        if table[slot] >> 1 << 1 == tag:
            return table[slot] & 1
        slot = (slot + 1) & mask
    return -1


@njit(cache=True, nogil=True)
def _store(table: np.ndarray, key: np.int64, value: int) -> None:
    """Store ``value`` for ``key``: one int64 per position, ``(key + 1) << 1 | value``."""
    mask = table.shape[0] - 1
    slot = (key * 0x9E3779B97F4A7C15) >> 20 & mask
    tag = (key + 1) << 1
    while table[slot] != 0 and table[slot] >> 1 << 1 != tag:
        slot = (slot + 1) & mask
    table[slot] = tag | value


@njit(cache=True, nogil=True)
def _search(
    own0: np.int64,
    opp0: np.int64,
    size: int,
    full: np.int64,
    neighbours: np.ndarray,
    steps: np.ndarray,
    table: np.ndarray,
    counts: np.ndarray,
    max_depth: int,
    budget: int,
) -> int:
    """1 if the side to move with ``own0`` wins, 0 if it loses, or TABLE_FULL / OVER_BUDGET.

    ``counts[0]`` is the number of stored positions, ``counts[1]`` the positions expanded.
    """
    limit = table.shape[0] * 7 // 10
    max_children = 4 * size + 1
    f_own = np.zeros(max_depth, np.int64)
    f_opp = np.zeros(max_depth, np.int64)
    f_n = np.zeros(max_depth, np.int64)
    f_next = np.zeros(max_depth, np.int64)
    c_own = np.zeros((max_depth, max_children), np.int64)  # child: side to move's stones
    c_opp = np.zeros((max_depth, max_children), np.int64)
    sp = 0
    f_own[0] = own0
    f_opp[0] = opp0
    f_n[0] = -1
    result = -1
    while True:
        if result < 0:  # expand the frame on top
            own = f_own[sp]
            opp = f_opp[sp]
            known = _lookup(table, own | (opp << size))
            if known >= 0:
                result = known
            else:
                counts[1] += 1
                empty = full & ~(own | opp)
                n = 0
                won = False
                stones = own
                while stones != 0:  # captures
                    low = stones & -stones
                    stones ^= low
                    cell = 63 - _clz(low)
                    targets = neighbours[cell] & opp
                    while targets != 0:
                        bit = targets & -targets
                        targets ^= bit
                        if opp == bit:
                            won = True
                        c_own[sp, n] = opp ^ bit
                        c_opp[sp, n] = own ^ low ^ bit
                        n += 1
                stones = own
                while stones != 0:  # steps towards the centre
                    low = stones & -stones
                    stones ^= low
                    cell = 63 - _clz(low)
                    targets = steps[cell] & empty
                    while targets != 0:
                        bit = targets & -targets
                        targets ^= bit
                        c_own[sp, n] = opp
                        c_opp[sp, n] = own ^ low ^ bit
                        n += 1
                if won:
                    result = 1
                else:
                    if n == 0:  # blocked: pass (INV-5), the opponent moves on the same board
                        c_own[sp, 0] = opp
                        c_opp[sp, 0] = own
                        n = 1
                    f_n[sp] = n
                    f_next[sp] = 0
                    sp += 1
                    f_own[sp] = c_own[sp - 1, 0]
                    f_opp[sp] = c_opp[sp - 1, 0]
                    continue
                if counts[0] >= limit:
                    return TABLE_FULL
                if budget > 0 and counts[0] >= budget:
                    return OVER_BUDGET
                _store(table, own | (opp << size), result)
                counts[0] += 1
        # a value for the frame on top is known: hand it to the parent
        if sp == 0:
            return result
        sp -= 1
        parent_value = -1
        if result == 0:
            parent_value = 1
        else:
            f_next[sp] += 1
            if f_next[sp] == f_n[sp]:
                parent_value = 0
        if parent_value >= 0:
            if counts[0] >= limit:
                return TABLE_FULL
            if budget > 0 and counts[0] >= budget:
                return OVER_BUDGET
            _store(table, f_own[sp] | (f_opp[sp] << size), parent_value)
            counts[0] += 1
            result = parent_value
        else:
            i = f_next[sp]
            sp += 1
            f_own[sp] = c_own[sp - 1, i]
            f_opp[sp] = c_opp[sp - 1, i]
            result = -1


@njit(cache=True, nogil=True)
def _clz(x: np.int64) -> int:
    """Leading zero count of a positive int64 with one bit set (its bit index is 63 - clz)."""
    n = 0
    if x >> 32 == 0:
        n += 32
        x <<= 32
    if x >> 48 == 0:
        n += 16
        x <<= 16
    if x >> 56 == 0:
        n += 8
        x <<= 8
    if x >> 60 == 0:
        n += 4
        x <<= 4
    if x >> 62 == 0:
        n += 2
        x <<= 2
    if x >> 63 == 0:
        n += 1
    return n


@njit(cache=True, nogil=True)
def _rehash(old: np.ndarray, table: np.ndarray) -> None:
    """Insert every entry of ``old`` into the (bigger, empty) ``table``."""
    for slot in range(old.shape[0]):
        if old[slot] != 0:
            _store(table, (old[slot] >> 1) - 1, old[slot] & 1)


class FastTable:
    """The compiled search's memo for one board, growing as needed."""

    def __init__(self, board: Board, capacity_log2: int = 16) -> None:
        if board.size > MAX_CELLS:
            raise ValueError(f"the compiled solver handles at most {MAX_CELLS} cells")
        self.board = board
        self.neighbours = np.array(board.neighbours, dtype=np.int64)
        self.steps = np.array(board.step_targets, dtype=np.int64)
        self.table = np.zeros(1 << capacity_log2, np.int64)
        self.counts = np.zeros(2, np.int64)

    @property
    def positions(self) -> int:
        """Positions stored so far."""
        return int(self.counts[0])

    @property
    def expanded(self) -> int:
        """Positions whose moves were generated so far."""
        return int(self.counts[1])

    def _grow(self) -> None:
        table = np.zeros(self.table.shape[0] * 2, np.int64)
        _rehash(self.table, table)
        self.table = table

    def wins(self, own: int, opp: int, max_depth: int, budget: int = 0) -> bool | None:
        """True/False for the side to move, or ``None`` when ``budget`` new positions ran out."""
        while True:
            result = _search(
                np.int64(own),
                np.int64(opp),
                self.board.size,
                np.int64(self.board.full),
                self.neighbours,
                self.steps,
                self.table,
                self.counts,
                max_depth,
                budget,
            )
            if result == TABLE_FULL:
                self._grow()
                continue
            if result == OVER_BUDGET:
                return None
            return result == 1
