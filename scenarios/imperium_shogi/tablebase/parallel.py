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
    prefetch,
)
from scenarios.imperium_shogi.tablebase.index import (
    LINE_RANKS,
    LINE_WORDS,
    MEMO_SIZE,
    bit_entry,
    dense_of_rank,
    key_of_rank,
    key_of_rank_near,
    rank_of,
)
from scenarios.imperium_shogi.tablebase.kernel import (
    MAX_MOVES,
    T_LOSS_TRY,
    T_WIN_CAPTURE,
    T_WIN_TRY,
    captures_bb,
    classify,
    distinct_children,
    parents,
)
from scenarios.imperium_shogi.tablebase.table import WON_IN_0

#: Directory lines per block of work (448 ranks each).
BLOCK_LINES = 128
#: Largest distance a value byte holds (``dist + 1 <= 254``).
MAX_DIST = 253
#: Generated keys looked up together: their cache lines are prefetched first, so the memory
#: fetches them in parallel instead of one miss after another.
BATCH = 256
#: Room of the batch buffers: a batch is settled once it holds ``BATCH`` keys, and one more
#: position adds at most ``4 * MAX_MOVES`` (its predecessors).
BATCH_ROOM = BATCH + 4 * MAX_MOVES
#: State of a position won in 1 ply by capturing the enemy BB (value code 2; the high byte,
#: a count for undecided positions, marks it). Such a position is never propagated: its
#: predecessors leave it out of their count of children from the start (``prepare``).
CAPTURE_STATE = 0x0102


@njit(cache=True)
def block_count_of(directory: np.ndarray) -> int:
    """Number of work blocks of a directory."""
    lines = directory.shape[0] // LINE_WORDS
    return (lines + BLOCK_LINES - 1) // BLOCK_LINES


@njit(cache=True, inline="always")
def _mask(rank: int) -> np.uint64:
    return np.uint64(1) << np.uint64((rank % LINE_RANKS) & 63)


@njit(cache=True, inline="always")
def _position_mask(position: int | np.int64) -> np.uint64:
    """The bit of stored position ``position`` in its word of a position-space bitmap."""
    return np.uint64(1) << np.uint64(position & 63)


@njit(cache=True, inline="always")
def _line_count(directory: np.ndarray, line: int) -> int:
    """How many positions directory line ``line`` stores."""
    total = 0
    for j in range(1, LINE_WORDS):
        total += popcount(directory[line * LINE_WORDS + j])
    return total


@njit(cache=True, inline="always")
def _range_mask(word: int | np.int64, first: int | np.int64, last: int | np.int64) -> np.uint64:
    """The bits of position-space word ``word`` that number positions ``first .. last - 1``."""
    mask = ~np.uint64(0)
    if word == first >> 6:
        mask &= ~np.uint64(0) << np.uint64(first & 63)
    if word == (last - 1) >> 6:
        mask &= ~np.uint64(0) >> np.uint64(63 - ((last - 1) & 63))
    return mask


@njit(cache=True, inline="always")
def _any_position_bit(bits: np.ndarray, first: int | np.int64, last: int | np.int64) -> bool:
    """Whether a position-space bitmap has any of the positions ``first .. last - 1``."""
    if last <= first:
        return False
    for word in range(first >> 6, ((last - 1) >> 6) + 1):
        if bits[word] & _range_mask(word, first, last):
            return True
    return False


@njit(cache=True, inline="always")
def _rank_in_line(directory: np.ndarray, line: int, k: int | np.int64) -> int:
    """The rank of the ``k``-th stored position of directory line ``line`` (from 0)."""
    for j in range(1, LINE_WORDS):
        bits = directory[line * LINE_WORDS + j]
        here = popcount(bits)
        if k < here:
            for _ in range(k):
                bits &= bits - np.uint64(1)
            low = bits & (~bits + np.uint64(1))
            return line * LINE_RANKS + (j - 1) * 64 + popcount(low - np.uint64(1))
        k -= here
    return -1


@njit(cache=True)
def _block_positions(directory: np.ndarray, block: int) -> tuple[np.int64, np.int64]:
    """The stored positions of work block ``block``: numbers ``first .. last - 1``."""
    lines = directory.shape[0] // LINE_WORDS
    first = np.int64(directory[block * BLOCK_LINES * LINE_WORDS])
    end_line = min(lines, (block + 1) * BLOCK_LINES)
    last = np.int64(directory[(end_line - 1) * LINE_WORDS]) + _line_count(directory, end_line - 1)
    return first, last


@njit(cache=True, inline="always")
def _line_positions(directory: np.ndarray, line: int, entries: np.ndarray, lows: np.ndarray) -> int:
    """The stored positions of directory line ``line``, in order: the entry holding each
    one's bit and that bit (``entries[k]``, ``lows[k]``); returns how many there are. The
    ``k``-th is position number ``directory[line * LINE_WORDS] + k``."""
    n = 0
    for j in range(1, LINE_WORDS):
        bits = directory[line * LINE_WORDS + j]
        while bits:
            low = bits & (~bits + np.uint64(1))
            bits ^= low
            entries[n] = line * LINE_WORDS + j
            lows[n] = low
            n += 1
    return n


@njit(cache=True, inline="always")
def _rank_of_bit(entry: int, low: np.uint64) -> int:
    """The rank whose directory bit is ``low`` in entry ``entry``."""
    line = entry // LINE_WORDS
    return line * LINE_RANKS + (entry - line * LINE_WORDS - 1) * 64 + popcount(low - np.uint64(1))


@njit(cache=True, inline="always")
def _prefetch_line(directory: np.ndarray, rank: int) -> None:
    """Prefetch the directory line of ``rank`` (its running count and its word; a line need
    not start on a cache line, so both ends are asked for)."""
    prefetch(directory, rank // LINE_RANKS * LINE_WORDS)
    prefetch(directory, bit_entry(rank))


@njit(cache=True, inline="always")
def is_won(code: int) -> bool:
    """Whether a non-zero value code is a win for the side to move."""
    return code == WON_IN_0 or (code - 1) % 2 == 1


@njit(cache=True)
def _mark_batch(
    n: int,
    ranks: np.ndarray,
    directory: np.ndarray,
    frontier: np.ndarray,
    captured: np.ndarray,
    totals: np.ndarray,
) -> None:
    """Set the directory bits of ``ranks[:n]`` (prefetched lines); new ones enter the frontier.

    A rank stored inverted (``~rank``) is a child whose mover can capture the BB: terminal
    (won in 1), so it goes to ``captured`` instead of the frontier and is never expanded.
    """
    for i in range(n):
        child = ranks[i]
        hangs = child < 0
        if hangs:
            child = ~child
        target = bit_entry(child)
        mask = _mask(child)
        if directory[target] & mask:
            continue
        if not atomic_or(directory, target, mask) & mask:
            atomic_or(captured if hangs else frontier, target, mask)
            totals[0] += 1


@njit(cache=True)
def _expand_block(
    block: int,
    directory: np.ndarray,
    frontier: np.ndarray,
    captured: np.ndarray,
    nxt: np.ndarray,
    pre: np.ndarray,
    count: np.ndarray,
    material: np.ndarray,
    tgt: np.ndarray,
    ntgt: np.ndarray,
    dobutsu: bool,
    buf: np.ndarray,
    ranks: np.ndarray,
    totals: np.ndarray,
) -> None:
    """Expand the frontier positions of one block; add (new, expanded, not ranked)."""
    lines = directory.shape[0] // LINE_WORDS
    n = 0
    for line in range(block * BLOCK_LINES, min(lines, (block + 1) * BLOCK_LINES)):
        for j in range(1, LINE_WORDS):
            entry = line * LINE_WORDS + j
            if frontier[entry] == 0:
                continue
            bits = atomic_xchg(frontier, entry, np.uint64(0))
            while bits:
                low = bits & (~bits + np.uint64(1))
                bits ^= low
                rank = _rank_of_bit(entry, low)
                key = key_of_rank(rank, nxt, pre, count, material)
                totals[1] += 1
                if classify(key, tgt, ntgt):
                    continue
                m = distinct_children(key, tgt, ntgt, dobutsu, buf)
                for c in range(m):
                    child = rank_of(buf[c], nxt, pre, material)
                    if child < 0:
                        totals[2] += 1
                        continue
                    _prefetch_line(directory, child)
                    ranks[n] = ~child if captures_bb(buf[c], tgt, ntgt) else child
                    n += 1
                if n >= BATCH:
                    _mark_batch(n, ranks, directory, frontier, captured, totals)
                    n = 0
    _mark_batch(n, ranks, directory, frontier, captured, totals)


@njit(cache=True, parallel=True)
def expand_pass(
    directory: np.ndarray,
    frontier: np.ndarray,
    captured: np.ndarray,
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

    Children whose mover can capture the BB are terminal: they are marked in ``captured``
    rather than the frontier (``_mark_batch``). Returns (new positions, positions expanded,
    children that could not be ranked).
    """
    cursor = np.full(1, first, dtype=np.int64)
    totals = np.zeros((workers, 3), dtype=np.int64)
    for worker in prange(workers):
        buf = np.empty(MAX_MOVES, dtype=np.int64)
        ranks = np.empty(BATCH_ROOM, dtype=np.int64)
        block = atomic_add(cursor, 0, 1)
        while block < last:
            _expand_block(
                block,
                directory,
                frontier,
                captured,
                nxt,
                pre,
                count,
                material,
                tgt,
                ntgt,
                dobutsu,
                buf,
                ranks,
                totals[worker],
            )
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


@njit(cache=True, inline="always")
def _distance(code: int) -> int:
    """Plies of a decided position's value code (0 for ``WON_IN_0``)."""
    return 0 if code == WON_IN_0 else code - 1


@njit(cache=True)
def _prepare_block(
    block: int,
    directory: np.ndarray,
    captured: np.ndarray,
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
    entries: np.ndarray,
    lows: np.ndarray,
    near: np.ndarray,
) -> int:
    """``prepare`` for one block; the number of children that could not be ranked."""
    lines = directory.shape[0] // LINE_WORDS
    bad = 0
    for line in range(block * BLOCK_LINES, min(lines, (block + 1) * BLOCK_LINES)):
        dense = np.int64(directory[line * LINE_WORDS])
        for k in range(_line_positions(directory, line, entries, lows)):
            here = dense + k
            if state[here] & 0xFF:
                continue
            if captured.shape[0] and captured[here >> 6] & _position_mask(here):
                state[here] = CAPTURE_STATE  # known from the enumeration: no key needed
                continue
            rank = _rank_of_bit(entries[k], lows[k])
            key = key_of_rank_near(rank, nxt, pre, count, material, near)
            terminal = classify(key, tgt, ntgt)
            if terminal == T_WIN_CAPTURE:
                state[here] = CAPTURE_STATE
                continue
            if terminal == T_WIN_TRY:
                state[here] = WON_IN_0
                continue
            if terminal == T_LOSS_TRY:
                state[here] = 1
                continue
            m = distinct_children(key, tgt, ntgt, dobutsu, buf)
            if m == 0:
                state[here] = 1  # no legal move: lost in 0 (SHO-9)
                continue
            left = m
            longest_win = 1  # the longest win among the children left out
            for c in range(m):
                if captures_bb(buf[c], tgt, ntgt):
                    left -= 1
                elif max_won_dist >= 0:
                    child = dense_of_rank(directory, rank_of(buf[c], nxt, pre, material))
                    if child < 0:
                        bad += 1
                    elif _won_by(state[child] & 0xFF, max_won_dist):
                        left -= 1
                        longest_win = max(longest_win, _distance(state[child] & 0xFF))
            # Every child won (each hangs the BB, or was decided already on a resume):
            # lost one ply after the longest of those wins.
            state[here] = np.uint16(left << 8) if left else np.uint16(longest_win + 2)
    return bad


@njit(cache=True, parallel=True)
def prepare(
    directory: np.ndarray,
    captured: np.ndarray,
    state: np.ndarray,
    first: int,
    last: int,
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
    """Seed the terminal values and set the child counts of the undecided positions of blocks
    ``first .. last - 1`` (called in slices, so that the progress bar moves).

    A fresh solve (``max_won_dist = -1``, ``state`` all zero) classifies every position and
    counts its children, leaving out the children in which the mover can capture the BB
    (won in 1, ``CAPTURE_STATE``): those are never propagated, which spares the largest level
    (about 60 % of all positions). A position all of whose children hang the BB is therefore
    lost in 2 from the start; one with no legal move at all is lost in 0 (SHO-9). A resumed
    solve recounts the children of the undecided positions, also leaving out those won within
    ``max_won_dist`` plies (the levels already propagated). ``captured`` (position space, from
    the enumeration by ``to_positions``; empty after a resume) names the positions won by a
    capture without their key.
    Returns the number of children that could not be ranked (0 unless a generator is wrong).
    """
    cursor = np.full(1, first, dtype=np.int64)
    bad = np.zeros(workers, dtype=np.int64)
    for worker in prange(workers):
        buf = np.empty(MAX_MOVES, dtype=np.int64)
        entries = np.empty(LINE_RANKS, dtype=np.int64)
        lows = np.empty(LINE_RANKS, dtype=np.uint64)
        near = np.zeros(MEMO_SIZE, dtype=np.int64)
        block = atomic_add(cursor, 0, 1)
        while block < last:
            bad[worker] += _prepare_block(
                block,
                directory,
                captured,
                state,
                max_won_dist,
                nxt,
                pre,
                count,
                material,
                tgt,
                ntgt,
                dobutsu,
                buf,
                entries,
                lows,
                near,
            )
            block = atomic_add(cursor, 0, 1)
    return bad.sum()


@njit(cache=True)
def _settle_batch(
    n: int,
    ranks: np.ndarray,
    from_win: np.ndarray,
    places: np.ndarray,
    directory: np.ndarray,
    state: np.ndarray,
    next_bits: np.ndarray,
    next_blocks: np.ndarray,
    dist: int,
    totals: np.ndarray,
) -> None:
    """Apply ``n`` predecessor ranks of positions decided at ``dist`` (prefetched lines).

    A predecessor of a loss (``from_win[i] == 0``) is won at ``dist + 1``; one of a win loses
    a child and is lost at ``dist + 1`` when it has none left. The position numbers are
    found first (the state lines prefetched), then the states change by compare-and-swap;
    whoever decides a position marks it in ``next_bits`` (position space, one bit per stored
    position) and its block in ``next_blocks``.
    """
    for i in range(n):
        p = dense_of_rank(directory, ranks[i])
        places[i] = p
        if p >= 0:
            prefetch(state, p)
    after = np.uint16(dist + 2)
    for i in range(n):
        p = places[i]
        if p < 0:
            continue
        won = from_win[i] != 0
        old = state[p]
        while not old & 0xFF:
            last_child = not won or (old >> 8) == 1
            target = after if last_child else np.uint16(old - 256)
            seen = atomic_cas(state, p, old, target)
            if seen == old:
                if last_child:
                    totals[0] += 1
                    atomic_or(next_bits, p >> 6, _position_mask(p))
                    next_blocks[ranks[i] // LINE_RANKS // BLOCK_LINES] = 1
                    if won and dist % 2 == 0:
                        totals[1] += 1
                break
            old = seen


@njit(cache=True)
def _retro_block(
    block: int,
    directory: np.ndarray,
    state: np.ndarray,
    level_bits: np.ndarray,
    next_bits: np.ndarray,
    next_blocks: np.ndarray,
    dist: int,
    nxt: np.ndarray,
    pre: np.ndarray,
    count: np.ndarray,
    material: np.ndarray,
    src: np.ndarray,
    nsrc: np.ndarray,
    tgt: np.ndarray,
    ntgt: np.ndarray,
    dobutsu: bool,
    buf: np.ndarray,
    ranks: np.ndarray,
    from_win: np.ndarray,
    places: np.ndarray,
    totals: np.ndarray,
) -> None:
    """``retro_level`` for one block: add to ``totals`` (its level bits are cleared later)."""
    lines = directory.shape[0] // LINE_WORDS
    n = 0
    won = dist % 2 == 1
    for line in range(block * BLOCK_LINES, min(lines, (block + 1) * BLOCK_LINES)):
        dense = np.int64(directory[line * LINE_WORDS])
        end = dense + _line_count(directory, line)
        if not _any_position_bit(level_bits, dense, end):
            continue
        for word in range(dense >> 6, ((end - 1) >> 6) + 1):
            bits = level_bits[word] & _range_mask(word, dense, end)
            while bits:  # only the level's positions: a few in a line of hundreds
                low = bits & (~bits + np.uint64(1))
                bits ^= low
                here = word * 64 + popcount(low - np.uint64(1))
                if dist == 0:  # lost in 0, or (a start) won in 0
                    won = state[here] & 0xFF == WON_IN_0
                rank = _rank_in_line(directory, line, here - dense)
                key = key_of_rank(rank, nxt, pre, count, material)
                m = parents(key, src, nsrc, dobutsu, buf)
                for i in range(m):
                    if classify(buf[i], tgt, ntgt):
                        continue  # terminal, so decided already: not worth a look-up
                    parent_rank = rank_of(buf[i], nxt, pre, material)
                    if parent_rank < 0:
                        continue
                    _prefetch_line(directory, parent_rank)
                    ranks[n] = parent_rank
                    from_win[n] = 1 if won else 0
                    n += 1
                if n >= BATCH:
                    _settle_batch(
                        n,
                        ranks,
                        from_win,
                        places,
                        directory,
                        state,
                        next_bits,
                        next_blocks,
                        dist,
                        totals,
                    )
                    n = 0
    _settle_batch(
        n, ranks, from_win, places, directory, state, next_bits, next_blocks, dist, totals
    )


@njit(cache=True, parallel=True)
def retro_level(
    directory: np.ndarray,
    state: np.ndarray,
    level_bits: np.ndarray,
    level_blocks: np.ndarray,
    next_bits: np.ndarray,
    next_blocks: np.ndarray,
    dist: int,
    nxt: np.ndarray,
    pre: np.ndarray,
    count: np.ndarray,
    material: np.ndarray,
    src: np.ndarray,
    nsrc: np.ndarray,
    tgt: np.ndarray,
    ntgt: np.ndarray,
    dobutsu: bool,
    workers: int,
) -> np.ndarray:
    """Propagate the positions decided at ``dist`` plies: (newly decided, impossible losses).

    The level is the set bits of ``level_bits`` (position space: bit ``p`` for stored position
    ``p``, one bit per position instead of one per rank; blocks with any set in
    ``level_blocks``), which are cleared on the way. A stored undecided
    predecessor of a loss is won at ``dist + 1``; a predecessor of a win loses one child from
    its count and is lost at ``dist + 1`` when the count reaches 0 (its longest defence, as
    levels come in increasing order). Every newly decided position is marked in
    ``next_bits``/``next_blocks``: the next level, found without scanning the table. The
    second figure counts losses at an odd distance (only after a ``WON_IN_0`` start), which
    a value byte cannot hold.
    """
    blocks = block_count_of(directory)
    wanted = np.zeros(blocks, dtype=np.int64)
    n = 0
    for block in range(blocks):
        if level_blocks[block]:
            level_blocks[block] = 0
            wanted[n] = block
            n += 1
    cursor = np.zeros(1, dtype=np.int64)
    totals = np.zeros((workers, 2), dtype=np.int64)
    for worker in prange(workers):
        buf = np.empty(4 * MAX_MOVES, dtype=np.int64)
        ranks = np.empty(BATCH_ROOM, dtype=np.int64)
        from_win = np.empty(BATCH_ROOM, dtype=np.uint8)
        places = np.empty(BATCH_ROOM, dtype=np.int64)
        claimed: int = atomic_add(cursor, 0, 1)
        while claimed < n:
            _retro_block(
                wanted[claimed],
                directory,
                state,
                level_bits,
                next_bits,
                next_blocks,
                dist,
                nxt,
                pre,
                count,
                material,
                src,
                nsrc,
                tgt,
                ntgt,
                dobutsu,
                buf,
                ranks,
                from_win,
                places,
                totals[worker],
            )
            claimed = atomic_add(cursor, 0, 1)
    # A word of level bits may hold positions of two blocks: cleared once every block is done.
    for i in range(n):
        first, last = _block_positions(directory, wanted[i])
        if last > first:
            level_bits[first >> 6 : ((last - 1) >> 6) + 1] = 0
    return totals.sum(axis=0)


@njit(cache=True, parallel=True)
def collect_level(
    directory: np.ndarray,
    state: np.ndarray,
    dist: int,
    level_bits: np.ndarray,
    level_blocks: np.ndarray,
) -> None:
    """Mark in ``level_bits`` (position space) every position decided at ``dist`` plies (a scan
    of the states).

    Used where a level was not (only) made by propagating the one before: the first level of
    a solve or a resumed solve, and level 2 (``prepare`` decides positions lost in 2). The
    positions won in 1 by a capture are left out (never propagated); level 0 includes the
    starts won in 0.
    """
    lines = directory.shape[0] // LINE_WORDS
    blocks = (lines + BLOCK_LINES - 1) // BLOCK_LINES
    code = dist + 1
    for block in prange(blocks):
        found = False
        entries = np.empty(LINE_RANKS, dtype=np.int64)
        lows = np.empty(LINE_RANKS, dtype=np.uint64)
        for line in range(block * BLOCK_LINES, min(lines, (block + 1) * BLOCK_LINES)):
            dense = np.int64(directory[line * LINE_WORDS])
            for k in range(_line_positions(directory, line, entries, lows)):
                held = state[dense + k]
                here = held & 0xFF
                if held == CAPTURE_STATE or not (here == code or (dist == 0 and here == WON_IN_0)):
                    continue
                atomic_or(level_bits, (dense + k) >> 6, _position_mask(dense + k))
                found = True
        if found:
            level_blocks[block] = 1


@njit(cache=True, parallel=True)
def to_positions(directory: np.ndarray, rank_bits: np.ndarray) -> np.ndarray:
    """A rank-space bitmap (the directory's layout) as a position-space one.

    Bit ``p`` of the result is set when the rank of stored position ``p`` is set in
    ``rank_bits``: one bit per stored position instead of one per rank (31 MB instead of 214 MB
    for the full problem), so the solve holds less while the states are being prepared.
    """
    lines = directory.shape[0] // LINE_WORDS
    blocks = (lines + BLOCK_LINES - 1) // BLOCK_LINES
    total = np.int64(directory[(lines - 1) * LINE_WORDS]) + _line_count(directory, lines - 1)
    out = np.zeros((total + 63) // 64, dtype=np.uint64)
    for block in prange(blocks):
        entries = np.empty(LINE_RANKS, dtype=np.int64)
        lows = np.empty(LINE_RANKS, dtype=np.uint64)
        for line in range(block * BLOCK_LINES, min(lines, (block + 1) * BLOCK_LINES)):
            dense = np.int64(directory[line * LINE_WORDS])
            for k in range(_line_positions(directory, line, entries, lows)):
                if rank_bits[entries[k]] & lows[k]:
                    atomic_or(out, (dense + k) >> 6, _position_mask(dense + k))
    return out


@njit(cache=True, parallel=True)
def census(directory: np.ndarray, state: np.ndarray) -> np.ndarray:
    """Positions per value code (``out[code]``)."""
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


@njit(cache=True)
def value_bytes(state: np.ndarray) -> np.ndarray:
    """The value bytes (low bytes) of ``state``, moved to the front of its own memory.

    Copying them out would hold both at the end of a solve (247 MB more for the full problem);
    moved in place, byte ``p`` is read from ``2 p`` (little-endian low byte) before anything
    writes there. ``state`` is spent: the result is a view of its first half.
    """
    raw = state.view(np.uint8)
    n = state.shape[0]
    for p in range(n):
        raw[p] = raw[2 * p]
    return raw[:n]
