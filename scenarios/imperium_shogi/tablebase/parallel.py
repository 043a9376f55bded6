"""Parallel numba kernels of the solve: enumeration passes, preparation, retrograde levels.

Work is split into blocks of ``BLOCK_LINES`` directory lines; each kernel handles the blocks
``first .. last - 1``, which one worker per thread (``prange``) claims one at a time from a
shared cursor (``atomic_add``), so a dense region of the table does not leave a core idle.
``workers`` is ``numba.get_num_threads()``, passed in (calling it inside a kernel would keep
numba from caching the compiled kernel).
Every write another thread may also make goes through ``atomics``:

* enumeration: a child's bit is set with ``atomic_or`` in the directory; whoever set it first
  also marks it in the frontier, and a frontier word is taken with ``atomic_xchg``;
* retrograde: a position's ``state`` (``uint16``: high byte the count of children not yet
  known to be won, low byte the value code) only changes by ``atomic_cas``, so exactly one
  thread decides each position and counts it.

The value byte (the low byte of ``state``) is described in ``table``.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from scenarios.imperium_shogi.tablebase.atomics import (
    atomic_add,
    atomic_cas,
    atomic_or,
    atomic_xchg,
    popcount,
)
from scenarios.imperium_shogi.tablebase.index import (
    LINE_RANKS,
    LINE_WORDS,
    bit_entry,
    dense_of_rank,
    key_of_rank,
    rank_of,
)
from scenarios.imperium_shogi.tablebase.kernel import (
    MAX_MOVES,
    T_LOSS_TRY,
    T_WIN_CAPTURE,
    T_WIN_TRY,
    children,
    classify,
    parents,
)
from scenarios.imperium_shogi.tablebase.table import WON_IN_0

#: Directory lines per block of work (448 ranks each).
BLOCK_LINES = 128
#: Largest distance a value byte holds (``dist + 1 <= 254``).
MAX_DIST = 253


@njit(cache=True)
def block_count_of(directory: np.ndarray) -> int:
    """Number of work blocks of a directory."""
    lines = directory.shape[0] // LINE_WORDS
    return (lines + BLOCK_LINES - 1) // BLOCK_LINES


@njit(cache=True, inline="always")
def _mask(rank: int) -> np.uint64:
    return np.uint64(1) << np.uint64((rank % LINE_RANKS) & 63)


@njit(cache=True, inline="always")
def is_won(code: int) -> bool:
    """Whether a non-zero value code is a win for the side to move."""
    return code == WON_IN_0 or (code - 1) % 2 == 1


@njit(cache=True)
def _expand_block(
    block: int,
    directory: np.ndarray,
    frontier: np.ndarray,
    nxt: np.ndarray,
    pre: np.ndarray,
    count: np.ndarray,
    material: np.ndarray,
    tgt: np.ndarray,
    ntgt: np.ndarray,
    dobutsu: bool,
    buf: np.ndarray,
    totals: np.ndarray,
) -> None:
    """Expand the frontier positions of one block; add (new, expanded, not ranked)."""
    lines = directory.shape[0] // LINE_WORDS
    for line in range(block * BLOCK_LINES, min(lines, (block + 1) * BLOCK_LINES)):
        for j in range(1, LINE_WORDS):
            entry = line * LINE_WORDS + j
            if frontier[entry] == 0:
                continue
            bits = atomic_xchg(frontier, entry, np.uint64(0))
            while bits:
                low = bits & (~bits + np.uint64(1))
                bits ^= low
                rank = line * LINE_RANKS + (j - 1) * 64 + popcount(low - np.uint64(1))
                key = key_of_rank(rank, nxt, pre, count, material)
                totals[1] += 1
                if classify(key, tgt, ntgt):
                    continue
                m = children(key, tgt, ntgt, dobutsu, buf)
                for c in range(m):
                    child = rank_of(buf[c], nxt, pre, material)
                    if child < 0:
                        totals[2] += 1
                        continue
                    target = bit_entry(child)
                    mask = _mask(child)
                    if directory[target] & mask:
                        continue
                    if not atomic_or(directory, target, mask) & mask:
                        atomic_or(frontier, target, mask)
                        totals[0] += 1


@njit(cache=True, parallel=True)
def expand_pass(
    directory: np.ndarray,
    frontier: np.ndarray,
    first: int,
    last: int,
    nxt: np.ndarray,
    pre: np.ndarray,
    count: np.ndarray,
    material: np.ndarray,
    tgt: np.ndarray,
    ntgt: np.ndarray,
    dobutsu: bool,
    workers: int,
) -> np.ndarray:
    """Expand the frontier positions of blocks ``first .. last - 1`` once.

    Returns (new positions, positions expanded, children that could not be ranked).
    """
    cursor = np.full(1, first, dtype=np.int64)
    totals = np.zeros((workers, 3), dtype=np.int64)
    for worker in prange(workers):
        buf = np.empty(MAX_MOVES, dtype=np.int64)
        block = atomic_add(cursor, 0, 1)
        while block < last:
            _expand_block(block, directory, frontier, nxt, pre, count, material, tgt, ntgt,
                          dobutsu, buf, totals[worker])
            block = atomic_add(cursor, 0, 1)
    return totals.sum(axis=0)


@njit(cache=True, inline="always")
def _won_by(code: int, max_won_dist: int) -> bool:
    """Whether a child with value ``code`` is a win already counted (distance <= max)."""
    if code == 0:
        return False
    if code == WON_IN_0:
        return max_won_dist >= 0
    return (code - 1) % 2 == 1 and code - 1 <= max_won_dist


@njit(cache=True)
def _prepare_block(
    block: int,
    directory: np.ndarray,
    state: np.ndarray,
    max_won_dist: int,
    nxt: np.ndarray,
    pre: np.ndarray,
    count: np.ndarray,
    material: np.ndarray,
    tgt: np.ndarray,
    ntgt: np.ndarray,
    dobutsu: bool,
    buf: np.ndarray,
) -> int:
    """``prepare`` for one block; the number of children that could not be ranked."""
    lines = directory.shape[0] // LINE_WORDS
    bad = 0
    for line in range(block * BLOCK_LINES, min(lines, (block + 1) * BLOCK_LINES)):
        dense = np.int64(directory[line * LINE_WORDS])
        for j in range(1, LINE_WORDS):
            bits = directory[line * LINE_WORDS + j]
            while bits:
                low = bits & (~bits + np.uint64(1))
                bits ^= low
                here = dense
                dense += 1
                if state[here] & 0xFF:
                    continue
                rank = line * LINE_RANKS + (j - 1) * 64 + popcount(low - np.uint64(1))
                key = key_of_rank(rank, nxt, pre, count, material)
                terminal = classify(key, tgt, ntgt)
                if terminal == T_WIN_CAPTURE:
                    state[here] = 2
                    continue
                if terminal == T_WIN_TRY:
                    state[here] = WON_IN_0
                    continue
                if terminal == T_LOSS_TRY:
                    state[here] = 1
                    continue
                m = children(key, tgt, ntgt, dobutsu, buf)
                left = m
                if max_won_dist >= 0:
                    for c in range(m):
                        child = dense_of_rank(directory, rank_of(buf[c], nxt, pre, material))
                        if child < 0:
                            bad += 1
                        elif _won_by(state[child] & 0xFF, max_won_dist):
                            left -= 1
                state[here] = np.uint16(left << 8) if left else np.uint16(1)
    return bad


@njit(cache=True, parallel=True)
def prepare(
    directory: np.ndarray,
    state: np.ndarray,
    max_won_dist: int,
    nxt: np.ndarray,
    pre: np.ndarray,
    count: np.ndarray,
    material: np.ndarray,
    tgt: np.ndarray,
    ntgt: np.ndarray,
    dobutsu: bool,
    workers: int,
) -> int:
    """Seed the terminal values and set the child counts of the undecided positions.

    A fresh solve (``max_won_dist = -1``, ``state`` all zero) classifies every position and
    counts its children. A resumed one recounts the children of the undecided positions,
    leaving out those won within ``max_won_dist`` plies (the levels already propagated).
    Returns the number of children that could not be ranked (0 unless a generator is wrong).
    """
    cursor = np.zeros(1, dtype=np.int64)
    last = block_count_of(directory)
    bad = np.zeros(workers, dtype=np.int64)
    for worker in prange(workers):
        buf = np.empty(MAX_MOVES, dtype=np.int64)
        block = atomic_add(cursor, 0, 1)
        while block < last:
            bad[worker] += _prepare_block(block, directory, state, max_won_dist, nxt, pre, count,
                                          material, tgt, ntgt, dobutsu, buf)
            block = atomic_add(cursor, 0, 1)
    return bad.sum()


@njit(cache=True)
def _retro_block(
    block: int,
    directory: np.ndarray,
    state: np.ndarray,
    presence: np.ndarray,
    dist: int,
    nxt: np.ndarray,
    pre: np.ndarray,
    count: np.ndarray,
    material: np.ndarray,
    src: np.ndarray,
    nsrc: np.ndarray,
    dobutsu: bool,
    buf: np.ndarray,
    totals: np.ndarray,
) -> None:
    """``retro_level`` for one block; add (newly decided, impossible losses) to ``totals``."""
    lines = directory.shape[0] // LINE_WORDS
    now = dist + 1
    after = np.uint16(dist + 2)
    for line in range(block * BLOCK_LINES, min(lines, (block + 1) * BLOCK_LINES)):
        dense = np.int64(directory[line * LINE_WORDS])
        for j in range(1, LINE_WORDS):
            bits = directory[line * LINE_WORDS + j]
            while bits:
                low = bits & (~bits + np.uint64(1))
                bits ^= low
                code = state[dense] & 0xFF
                dense += 1
                if code != now and not (dist == 0 and code == WON_IN_0):
                    continue
                won = is_won(code)
                rank = line * LINE_RANKS + (j - 1) * 64 + popcount(low - np.uint64(1))
                key = key_of_rank(rank, nxt, pre, count, material)
                m = parents(key, src, nsrc, dobutsu, buf)
                for i in range(m):
                    parent_rank = rank_of(buf[i], nxt, pre, material)
                    p = dense_of_rank(directory, parent_rank)
                    if p < 0:
                        continue
                    old = state[p]
                    while not old & 0xFF:
                        last_child = not won or (old >> 8) == 1
                        target = after if last_child else np.uint16(old - 256)
                        seen = atomic_cas(state, p, old, target)
                        if seen == old:
                            if last_child:
                                totals[0] += 1
                                presence[parent_rank // LINE_RANKS // BLOCK_LINES, dist + 2] = 1
                                if won and dist % 2 == 0:
                                    totals[1] += 1
                            break
                        old = seen


@njit(cache=True, parallel=True)
def retro_level(
    directory: np.ndarray,
    state: np.ndarray,
    presence: np.ndarray,
    dist: int,
    nxt: np.ndarray,
    pre: np.ndarray,
    count: np.ndarray,
    material: np.ndarray,
    src: np.ndarray,
    nsrc: np.ndarray,
    dobutsu: bool,
    workers: int,
) -> np.ndarray:
    """Propagate the positions decided at ``dist`` plies: (newly decided, impossible losses).

    A stored undecided predecessor of a loss is won at ``dist + 1``; a predecessor of a win
    loses one child from its count and is lost at ``dist + 1`` when the count reaches 0 (its
    longest defence, as levels come in increasing order). ``presence[block, code]`` says
    which blocks hold which codes, so the late, thin levels skip most of the table. The
    second figure counts losses at an odd distance (only after a ``WON_IN_0`` start), which
    a value byte cannot hold.
    """
    blocks = block_count_of(directory)
    wanted = np.zeros(blocks, dtype=np.int64)
    n = 0
    for block in range(blocks):
        if presence[block, dist + 1] or (dist == 0 and presence[block, WON_IN_0]):
            wanted[n] = block
            n += 1
    cursor = np.zeros(1, dtype=np.int64)
    totals = np.zeros((workers, 2), dtype=np.int64)
    for worker in prange(workers):
        buf = np.empty(4 * MAX_MOVES, dtype=np.int64)
        claimed = atomic_add(cursor, 0, 1)
        while claimed < n:
            _retro_block(wanted[claimed], directory, state, presence, dist, nxt, pre, count,
                         material, src, nsrc, dobutsu, buf, totals[worker])
            claimed = atomic_add(cursor, 0, 1)
    return totals.sum(axis=0)


@njit(cache=True, parallel=True)
def census(directory: np.ndarray, state: np.ndarray, presence: np.ndarray) -> np.ndarray:
    """Positions per value code (``out[code]``), and ``presence`` rebuilt from ``state``."""
    lines = directory.shape[0] // LINE_WORDS
    blocks = (lines + BLOCK_LINES - 1) // BLOCK_LINES
    per_block = np.zeros((blocks, 256), dtype=np.int64)
    for block in prange(blocks):
        start = np.int64(directory[block * BLOCK_LINES * LINE_WORDS])
        end = start
        last = min(lines, (block + 1) * BLOCK_LINES)
        for line in range(block * BLOCK_LINES, last):
            for j in range(1, LINE_WORDS):
                end += popcount(directory[line * LINE_WORDS + j])
        for p in range(start, end):
            per_block[block, state[p] & 0xFF] += 1
        for code in range(256):
            presence[block, code] = 1 if per_block[block, code] else 0
    out = np.zeros(256, dtype=np.int64)
    for block in range(blocks):
        out += per_block[block]
    return out


@njit(cache=True, parallel=True)
def forget_beyond(state: np.ndarray, last_code: int) -> None:
    """Make undecided every position valued beyond ``last_code`` (a level cut short)."""
    for p in prange(state.shape[0]):
        code = state[p] & 0xFF
        if code > last_code and code != WON_IN_0:
            state[p] = 0
