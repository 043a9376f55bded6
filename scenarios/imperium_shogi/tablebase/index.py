"""Numba side of the dense index: ranks of keys (``ranking``) and the rank directory.

Rank directory
    One bit per rank says whether the position is reachable; the dense position number (the
    index of its value byte) is the number of reachable ranks before it. The bits are stored in
    64-byte lines of one 64-bit running count followed by seven 64-bit words (448 ranks), so a
    lookup costs one cache line: ``line[0] + popcount`` of the words before.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from scenarios.imperium_shogi.rules import HAND_SHIFT
from scenarios.imperium_shogi.tablebase.atomics import popcount
from scenarios.imperium_shogi.tablebase.ranking import (
    KIND_OF_CODE,
    LINE_RANKS,
    LINE_WORDS,
    PAIR_STRIDE,
    PAIRS_AT,
    SQUARE_CODES,
    SQUARE_STRIDE,
    STATES,
    state_step,
)


def _square_steps() -> np.ndarray:
    """``SQUARE_STEP[code]``: what a square holding ``code`` adds to the state of the rank walk
    (low 16 bits: the state number, ``ranking._state``) and to the piece counts (4 bits each
    from bit 16: Red BB, Blue BB, MS, CR, B; bit 40 for a code no square may hold)."""
    steps = np.zeros(16, dtype=np.int64)
    for code in range(16):
        if code not in SQUARE_CODES:
            steps[code] = 1 << 40
        elif code == 1:
            steps[code] = state_step(code) | 1 << 16
        elif code == 9:
            steps[code] = state_step(code) | 1 << 20
        elif code:
            kind = KIND_OF_CODE[code & 7]  # MS 0, CR 1, B 2
            steps[code] = state_step(code) | 1 << (24 + 4 * kind)
    return steps


SQUARE_STEP = _square_steps()
#: ``PAIR_STEP[byte]``: ``SQUARE_STEP`` of the two squares a byte of the key holds, added.
PAIR_STEP = SQUARE_STEP[np.arange(256) & 15] + SQUARE_STEP[np.arange(256) >> 4]
#: The largest state number (both BBs and every piece placed): a bound for invalid keys.
LAST_STATE = STATES - 1


@njit(cache=True)
def rank_of(key: int, step: np.ndarray, before: np.ndarray, material: np.ndarray) -> int:
    """Rank of ``key``, or -1 if it does not have the table's material and both BBs.

    The same computation as ``Ranking.rank`` (which the perfect level uses without numba), on
    the flat table ``Ranking.before`` (``step`` is not needed). The state of the walk is a sum
    of what each square adds (``SQUARE_STEP``), so the look-ups do not wait for one another
    (the walk on ``step`` chained them: a third of the enumeration's time, issue 47); the
    piece counts summed beside it are checked once at the end. The walk takes two squares at
    a time, one byte of the key (``before`` from ``PAIRS_AT``, issue 47 round 7: six look-ups
    instead of twelve, about 8 ns a rank instead of 12).
    """
    walk = 0
    rank = 0
    for pair in range(6):
        byte = (key >> (8 * pair)) & 255
        state = min(walk & 0xFFFF, LAST_STATE)  # beyond only for a key that is refused
        rank += before[PAIRS_AT + pair * PAIR_STRIDE + 256 * state + byte]
        walk += PAIR_STEP[byte]
    used_ms = (walk >> 24) & 15
    used_cr = (walk >> 28) & 15
    used_b = (walk >> 32) & 15
    if walk >> 40 or (walk >> 16) & 0xFF != 0x11:  # a code no square holds; not one BB each
        return -1
    if used_ms > material[0] or used_cr > material[1] or used_b > material[2]:
        return -1
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


@njit(cache=True, inline="always")
def _with_hands(key: int, rank: int, state: int, ms: int, cr: int, b: int) -> int:
    """``key`` (its squares) with the hands that rank ``rank`` after them in ``state``, for
    the material ``ms``, ``cr``, ``b`` (numbers, not the array: a function inlined with an
    array argument counts references to it at each call, and both cores counting on one
    array's count made them wait for each other, issue 47 round 6)."""
    left_ms = ms - state // 9 % 3
    left_cr = cr - state // 3 % 3
    left_b = b - state % 3
    red_b = rank % (left_b + 1)
    rank //= left_b + 1
    red_cr = rank % (left_cr + 1)
    red_ms = rank // (left_cr + 1)
    hands = (
        red_b
        | red_cr << 2
        | red_ms << 4
        | (left_b - red_b) << 6
        | (left_cr - red_cr) << 8
        | (left_ms - red_ms) << 10
    )
    return key | hands << HAND_SHIFT


#: ``near`` memo of ``key_of_rank_near``: for squares ``k = 0 .. 12`` of the last key un-ranked,
#: the rank of its first ``k`` squares (``[k]``), the walk's row there (``[ROWS + k]``) and
#: those squares' key bits (``[KEYS + k]``); ``[DEPTH]`` how many of them are filled.
ROWS = 13
KEYS = 26
DEPTH = 39
MEMO_SIZE = 40


@njit(cache=True)
def key_of_rank_near(
    rank: int,
    step: np.ndarray,
    before: np.ndarray,
    count: np.ndarray,
    material: np.ndarray,
    near: np.ndarray,
) -> int:
    """The key with rank ``rank`` (inverse of ``rank_of``; ``count`` gives each square's
    ranks), resuming from the squares that ``rank`` shares with the key un-ranked before with
    the same memo ``near`` (``MEMO_SIZE`` zeros to start; one per thread).

    A solve walks the positions of a line in rank order, and ranks that close share all but
    the last squares: the deepest square ``k`` whose ranks (``count[k]`` from the memo's rank
    there) hold ``rank`` is found, and only the squares from ``k`` on are searched (issue 47:
    an un-rank costed more than generating the moves). Square 0 holds every rank.
    """
    k = near[DEPTH]
    while k > 0:
        offset = rank - near[k]
        if offset >= 0 and offset < count[k, near[ROWS + k] >> 4]:
            break
        k -= 1
    done = near[k]
    row = near[ROWS + k]
    key = near[KEYS + k]
    rank -= done
    for sq in range(k, 12):
        base = sq * SQUARE_STRIDE + row
        # The square's code: the last one whose first rank is not beyond ``rank``. The first
        # ranks rise with the code (a code that cannot go there adds no keys), so it is the
        # number of codes 1..15 whose first rank is not beyond ``rank``: counted without a
        # branch (the search that stopped at the first code beyond mispredicted; issue 47
        # round 7: an un-rank of sparse positions 73 ns instead of 104, of dense ones 42
        # instead of 49).
        chosen = 0
        for code in range(1, 16):
            chosen += before[base + code] <= rank
        took = before[base + chosen]
        rank -= took
        done += took
        key |= chosen << (4 * sq)
        row = step[row + chosen]
        near[sq + 1] = done
        near[ROWS + sq + 1] = row
        near[KEYS + sq + 1] = key
    near[DEPTH] = 12
    return _with_hands(key, rank, row >> 4, material[0], material[1], material[2])


@njit(cache=True)
def key_of_rank(
    rank: int, step: np.ndarray, before: np.ndarray, count: np.ndarray, material: np.ndarray
) -> int:
    """The key with rank ``rank`` (inverse of ``rank_of``): ``key_of_rank_near`` with a
    fresh memo."""
    return key_of_rank_near(rank, step, before, count, material, np.zeros(MEMO_SIZE, np.int64))


# -- rank directory -----------------------------------------------------------------------------


#: Bytes of a cache line: a directory line (``LINE_WORDS`` entries of 8 bytes) is one.
CACHE_LINE = 64


def empty_directory(size: int) -> np.ndarray:
    """A directory with room for ``size`` ranks, no bit set (``uint64`` lines of 8), its first
    entry at the start of a cache line, so that each directory line is one cache line.

    numpy's large arrays start 16 bytes into a page: every directory line then straddled two
    cache lines, and a look-up of a rank in the last two words of its line fetched both (the
    running count is in the first); issue 47, round 7."""
    lines = (size + LINE_RANKS - 1) // LINE_RANKS
    whole = np.zeros(lines * LINE_WORDS + LINE_WORDS, dtype=np.uint64)
    skip = (-whole.ctypes.data % CACHE_LINE) // whole.itemsize
    return whole[skip : skip + lines * LINE_WORDS]


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
    return int(dense)


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
