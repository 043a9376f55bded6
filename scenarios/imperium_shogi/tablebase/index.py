"""Dense index of positions: a ranking of every material-consistent key, and a rank directory.

Ranking
    A table holds a fixed material (the start's: how many MS, CR and B there are; a capture
    moves a piece to a hand, and a BB capture ends the game before a position is stored). Every
    key with that material, one BB of each colour on the board, gets a distinct rank in
    ``[0, size)``: squares are read in order 0..11 and the rank counts, like a number in a
    mixed radix, the keys that come first (fewer choices as pieces run out), then the Red hand
    (the Blue hand holds the rest). ``Ranking.tables`` are the per-square prefix counts; for the
    full game ``size`` is 1,567,925,964, an upper bound six times the reachable set.

Rank directory
    One bit per rank says whether the position is reachable; the dense position number (the
    index of its value byte) is the number of reachable ranks before it. The bits are stored in
    64-byte lines of one 64-bit running count followed by seven 64-bit words (448 ranks), so a
    lookup costs one cache line: ``line[0] + popcount`` of the words before.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numba import njit

from scenarios.imperium_shogi.tablebase.atomics import popcount
from scenarios.imperium_shogi.tablebase.kernel import HAND_SHIFT, hand, nib

#: Ranks per directory line (seven 64-bit words) and 64-bit entries per line.
LINE_RANKS = 448
LINE_WORDS = 8
#: Codes a square may hold: empty, Red BB MS CR B B+, Blue BB MS CR B B+.
SQUARE_CODES = (0, 1, 2, 3, 4, 5, 9, 10, 11, 12, 13)
#: Piece kinds counted against the material, in state order: MS, CR, B (B and B+ together).
KIND_OF_CODE = {2: 0, 3: 1, 4: 2, 5: 2}
#: Hand slot of each kind (``kernel.hand``): MS 2, CR 1, B 0.
HAND_SLOT = (2, 1, 0)
MAX_PER_KIND = 2
STATES = 4 * 27  # BB placed (Red, Blue) x used MS x used CR x used B (each 0..2)


def _state(red_bb: int, blue_bb: int, used: tuple[int, int, int]) -> int:
    return (((red_bb * 2 + blue_bb) * 3 + used[0]) * 3 + used[1]) * 3 + used[2]


def _unstate(state: int) -> tuple[int, int, list[int]]:
    used_b = state % 3
    used_cr = state // 3 % 3
    used_ms = state // 9 % 3
    flags = state // 27
    return flags // 2, flags % 2, [used_ms, used_cr, used_b]


@dataclass(frozen=True)
class Ranking:
    """Ranking tables of one material ``(MS, CR, B)``, each 0..2 pieces."""

    material: tuple[int, int, int]
    nxt: np.ndarray  # [state, code] -> next state, -1 if the code cannot go there
    pre: np.ndarray  # [square, state, code] -> keys before this code at this square
    count: np.ndarray  # [square, state] -> completions of squares square..11 and the hands
    size: int

    @classmethod
    def of(cls, material: tuple[int, int, int]) -> Ranking:
        """Tables for ``material`` (pieces of each kind in the whole game, hands included)."""
        if any(not 0 <= m <= MAX_PER_KIND for m in material):
            raise ValueError(f"material {material} outside 0..{MAX_PER_KIND} per kind")
        nxt = np.full((STATES, 16), -1, dtype=np.int64)
        for state in range(STATES):
            red_bb, blue_bb, used = _unstate(state)
            for code in SQUARE_CODES:
                if code == 0:
                    nxt[state, code] = state
                elif code & 7 == 1:
                    if code == 1 and not red_bb:
                        nxt[state, code] = _state(1, blue_bb, tuple(used))
                    elif code == 9 and not blue_bb:
                        nxt[state, code] = _state(red_bb, 1, tuple(used))
                else:
                    kind = KIND_OF_CODE[code & 7]
                    if used[kind] < material[kind]:
                        more = list(used)
                        more[kind] += 1
                        nxt[state, code] = _state(red_bb, blue_bb, tuple(more))
        count = np.zeros((13, STATES), dtype=np.int64)
        for state in range(STATES):
            red_bb, blue_bb, used = _unstate(state)
            if red_bb and blue_bb and all(u <= m for u, m in zip(used, material, strict=True)):
                count[12, state] = int(np.prod([m - u + 1 for u, m in
                                                zip(used, material, strict=True)]))
        pre = np.zeros((12, STATES, 16), dtype=np.int64)
        for square in range(11, -1, -1):
            for state in range(STATES):
                total = 0
                for code in range(16):
                    pre[square, state, code] = total
                    if nxt[state, code] >= 0:
                        total += count[square + 1, nxt[state, code]]
                count[square, state] = total
        return cls(material, nxt, pre, count, int(count[0, 0]))

    @classmethod
    def of_key(cls, key: int) -> Ranking:
        """Tables for the material of ``key`` (a start position)."""
        material = [0, 0, 0]
        for sq in range(12):
            code = int(nib(key, sq))
            if code & 7 in KIND_OF_CODE:
                material[KIND_OF_CODE[code & 7]] += 1
        for kind, slot in enumerate(HAND_SLOT):
            material[kind] += int(hand(key, slot)) + int(hand(key, slot + 3))
        return cls.of((material[0], material[1], material[2]))


@njit(cache=True)
def rank_of(key: int, nxt: np.ndarray, pre: np.ndarray, material: np.ndarray) -> int:
    """Rank of ``key``, or -1 if it does not have the table's material and both BBs."""
    state = 0
    rank = 0
    for sq in range(12):
        code = (key >> (4 * sq)) & 15
        following = nxt[state, code]
        if following < 0:
            return -1
        rank += pre[sq, state, code]
        state = following
    if state < 81:  # a BB missing
        return -1
    used_b = state % 3
    used_cr = state // 3 % 3
    used_ms = state // 9 % 3
    left_ms = material[0] - used_ms
    left_cr = material[1] - used_cr
    left_b = material[2] - used_b
    red_ms = (key >> (HAND_SHIFT + 4)) & 3
    red_cr = (key >> (HAND_SHIFT + 2)) & 3
    red_b = (key >> HAND_SHIFT) & 3
    if red_ms > left_ms or red_cr > left_cr or red_b > left_b:
        return -1
    if ((key >> (HAND_SHIFT + 10)) & 3) != left_ms - red_ms:
        return -1
    if ((key >> (HAND_SHIFT + 8)) & 3) != left_cr - red_cr:
        return -1
    if ((key >> (HAND_SHIFT + 6)) & 3) != left_b - red_b:
        return -1
    return rank + (red_ms * (left_cr + 1) + red_cr) * (left_b + 1) + red_b


@njit(cache=True)
def key_of_rank(
    rank: int, nxt: np.ndarray, pre: np.ndarray, count: np.ndarray, material: np.ndarray
) -> int:
    """The key with rank ``rank`` (inverse of ``rank_of``)."""
    state = 0
    key = 0
    for sq in range(12):
        chosen = 0
        for code in range(15, -1, -1):
            if nxt[state, code] >= 0 and pre[sq, state, code] <= rank:
                chosen = code
                break
        rank -= pre[sq, state, chosen]
        key |= chosen << (4 * sq)
        state = nxt[state, chosen]
    left_ms = material[0] - state // 9 % 3
    left_cr = material[1] - state // 3 % 3
    left_b = material[2] - state % 3
    red_b = rank % (left_b + 1)
    rank //= left_b + 1
    red_cr = rank % (left_cr + 1)
    red_ms = rank // (left_cr + 1)
    hands = (red_b | red_cr << 2 | red_ms << 4 | (left_b - red_b) << 6
             | (left_cr - red_cr) << 8 | (left_ms - red_ms) << 10)
    return key | hands << HAND_SHIFT


# -- rank directory -----------------------------------------------------------------------------


def empty_directory(size: int) -> np.ndarray:
    """A directory with room for ``size`` ranks, no bit set (``uint64`` lines of 8)."""
    lines = (size + LINE_RANKS - 1) // LINE_RANKS
    return np.zeros(lines * LINE_WORDS, dtype=np.uint64)


@njit(cache=True, inline="always")
def bit_entry(rank: int) -> int:
    """Entry of the directory array holding the bit of ``rank``."""
    line = rank // LINE_RANKS
    return line * LINE_WORDS + 1 + ((rank - line * LINE_RANKS) >> 6)


@njit(cache=True)
def finish_directory(directory: np.ndarray) -> int:
    """Fill the running counts (reachable ranks before each line); return the total."""
    total = 0
    for line in range(directory.shape[0] // LINE_WORDS):
        base = line * LINE_WORDS
        directory[base] = total
        for j in range(1, LINE_WORDS):
            total += popcount(directory[base + j])
    return total


@njit(cache=True)
def dense_of_rank(directory: np.ndarray, rank: int) -> int:
    """Position number of a rank, or -1 if that rank is not reachable."""
    if rank < 0:
        return -1
    line = rank // LINE_RANKS
    base = line * LINE_WORDS
    offset = rank - line * LINE_RANKS
    word = offset >> 6
    bits = directory[base + 1 + word]
    below = np.uint64(1) << np.uint64(offset & 63)
    if not bits & below:
        return -1
    dense = np.int64(directory[base]) + popcount(bits & (below - np.uint64(1)))
    for j in range(word):
        dense += popcount(directory[base + 1 + j])
    return dense


@njit(cache=True)
def dense_of_key(
    directory: np.ndarray, key: int, nxt: np.ndarray, pre: np.ndarray, material: np.ndarray
) -> int:
    """Position number of a canonical key, or -1 if it is not in the table."""
    return dense_of_rank(directory, rank_of(key, nxt, pre, material))


@njit(cache=True)
def stored_keys(
    directory: np.ndarray,
    nxt: np.ndarray,
    pre: np.ndarray,
    count: np.ndarray,
    material: np.ndarray,
    out: np.ndarray,
) -> None:
    """Every stored key, in position-number order, into ``out``."""
    n = 0
    for line in range(directory.shape[0] // LINE_WORDS):
        for j in range(1, LINE_WORDS):
            bits = directory[line * LINE_WORDS + j]
            while bits:
                low = bits & (~bits + np.uint64(1))
                bit = popcount(low - np.uint64(1))
                rank = line * LINE_RANKS + (j - 1) * 64 + bit
                out[n] = key_of_rank(rank, nxt, pre, count, material)
                n += 1
                bits ^= low
