"""Parallel numba kernels of the solve: enumeration passes, preparation, retrograde levels.

Work is split into blocks of ``BLOCK_LINES`` directory lines; each kernel handles the blocks
``first .. last - 1``, which one worker per thread claims one at a time from a shared cursor
(``atomic_add``), so a dense region of the table does not leave a core idle. ``workers`` is
``worker_count()``, passed in.

The workers are Python threads (``on_threads``), each running a ``nogil`` kernel, rather than
a numba ``prange`` (issue 47, round 12): numba's parallel lowering links and optimizes each
kernel's code twice (its loop body and the kernel), which cost a third of the compile on a cold
cache, and the kernels run as fast on threads since their hot calls count no references
(``atomics.borrowed``; round 5 measured them slower on threads before that).
Every write another thread may also make goes through ``atomics``:

* enumeration: a child's bit is set with ``atomic_or`` in the directory; whoever set it first
  also marks it in the frontier, and a frontier word is taken with ``atomic_xchg``;
* retrograde: a position's ``state`` (one byte, below) only changes by ``atomic_cas``, so
  exactly one thread decides each position and counts it.

The state byte of a position (issue 47, round 4: one byte where two were, 247 MB less for the
full problem): a value code as ``table`` describes it (0 undecided, the distance + 1 below
``COUNT_BASE``, ``WON_IN_0``); ``CAPTURE`` for a position won in 1 by capturing the enemy BB
(never propagated; 2 in the table); ``COUNT_BASE + n`` for an undecided position with ``n``
children not yet known to be won (1 .. ``MAX_COUNT``). ``value_bytes`` turns the states into
the table's value bytes at the end.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

import numpy as np
from numba import config, njit

from scenarios.imperium_shogi.tablebase.atomics import (
    atomic_add,
    atomic_cas,
    atomic_or,
    atomic_xchg,
    borrowed,
    popcount,
    prefetch,
)
from scenarios.imperium_shogi.tablebase.index import (
    LINE_RANKS,
    LINE_WORDS,
    MEMO_SIZE,
    bit_entry,
    dense_of_rank,
    key_of_rank_near,
    rank_of,
)
from scenarios.imperium_shogi.tablebase.kernel import (
    COUNTED,
    MAX_MOVES,
    T_WIN_CAPTURE,
    T_WIN_TRY,
    captures_bb,
    classify,
    distinct_children,
    parents,
)
from scenarios.imperium_shogi.tablebase.table import WON_IN_0

#: Slices of the states that ``census`` counts apart.
CENSUS_SLICES = 64
#: Directory lines per block of work (448 ranks each).
BLOCK_LINES = 128
#: Ranks per block: a rank's offset in its block fits the enumeration log's 16 bits.
BLOCK_RANKS = BLOCK_LINES * LINE_RANKS
#: State bytes from ``COUNT_BASE`` on: ``CAPTURE``, then the counts of undecided positions.
COUNT_BASE = 192
#: State of a position won in 1 ply by capturing the enemy BB (value code 2 in the table).
#: Such a position is never propagated: its predecessors leave it out of their count of
#: children from the start (``prepare``, the enumeration's log).
CAPTURE = COUNT_BASE
#: Most children a state byte counts (``COUNT_BASE + MAX_COUNT`` stays below ``WON_IN_0``).
MAX_COUNT = WON_IN_0 - 1 - COUNT_BASE
#: Largest distance a state byte holds (its code, ``dist + 1``, stays below ``COUNT_BASE``).
MAX_DIST = COUNT_BASE - 2
#: Generated keys looked up together: their cache lines are prefetched first, so the memory
#: fetches them in parallel instead of one miss after another.
BATCH = 256
#: Room of the batch buffers: a batch is settled once it holds ``BATCH`` keys, and one more
#: position adds at most ``4 * MAX_MOVES`` (its predecessors).
BATCH_ROOM = BATCH + 4 * MAX_MOVES
#: The enumeration's log (``expand_pass``): one record per expanded position, its state byte
#: (``log_code``) and its rank's offset in its block (``log_where``), in chunks of
#: ``LOG_CHUNK`` records that each worker takes in turn from a shared cursor. A record with
#: code ``LOG_BLOCK`` names the block of the records after it (in ``log_where``); code
#: ``LOG_END`` (the zeros never written) ends a chunk. 2 is a value code no expanded position
#: gets (a capture is ``CAPTURE``).
LOG_CHUNK = 1 << 14
LOG_END = 0
LOG_BLOCK = 2
#: ``log_at`` entries: the next free chunk ([0]), whether the log ran out of room ([1]); each
#: worker's next record and chunk end at ``LOG_SLOT * (worker + 1)`` (a cache line apart).
LOG_SLOT = 8


def worker_count() -> int:
    """Threads a kernel runs on: numba's configured count (``NUMBA_NUM_THREADS``, by default
    the machine's cores). Read from the configuration: ``numba.get_num_threads()`` would start
    numba's own thread pool, which no kernel uses."""
    return int(config.NUMBA_NUM_THREADS)  # type: ignore[attr-defined]  # set by numba at import


def on_threads(kernel: Callable[..., None], workers: int, *arguments: object) -> None:
    """``kernel(worker, *arguments)`` for each ``worker`` in ``range(workers)``, each on its own
    thread (worker 0 on this one) at the same time; the first error of any is raised.

    Returns only when every thread is done, even if interrupted (Ctrl-C) meanwhile: the
    interruption is raised then, as it was after a ``prange`` kernel, so no caller ever sees
    arrays that a worker is still writing (a checkpoint saves them at a level's end)."""
    errors: list[BaseException] = []

    def run(worker: int) -> None:
        try:
            kernel(worker, *arguments)
        except BaseException as error:  # raised again in the calling thread
            errors.append(error)

    threads = [threading.Thread(target=run, args=(worker,)) for worker in range(1, workers)]
    for thread in threads:
        thread.start()
    run(0)
    for thread in threads:
        while thread.is_alive():
            try:
                thread.join()
            except KeyboardInterrupt as interrupt:
                errors.append(interrupt)
    if errors:
        raise errors[0]


def log_cursors(workers: int) -> np.ndarray:
    """A fresh ``log_at`` for ``workers`` workers."""
    return np.zeros(LOG_SLOT * (workers + 1), dtype=np.int64)


@njit(cache=True)
def _worker_sums(totals: np.ndarray) -> np.ndarray:
    """The sum of each column of the workers' ``totals`` (rows). A loop, not
    ``totals.sum(axis=0)``: numba compiles that, with its check of the axis and the error
    message's string formatting, in about 1 s of CPU, in each process (issue 47, round 5)."""
    sums = np.zeros(totals.shape[1], dtype=np.int64)
    for worker in range(totals.shape[0]):
        for column in range(totals.shape[1]):
            sums[column] += totals[worker, column]
    return sums


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
) -> int:
    """Set the directory bits of ``ranks[:n]`` (prefetched lines); new ones enter the frontier.
    Returns how many were new.

    A rank stored inverted (``~rank``) is a child whose mover can capture the BB: terminal
    (won in 1), so it is only marked in the directory and never expanded (a stored position
    that the enumeration's log does not name is such a capture).

    The new ones to expand are gathered at the front of ``ranks`` first, their frontier
    words prefetched, and marked in a second loop: the frontier's words were fetched one
    miss after another (a third of this function's time, issue 47 round 6).
    """
    new = 0
    fresh = 0
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
            new += 1
            if not hangs:
                prefetch(frontier, target)
                ranks[fresh] = child
                fresh += 1
    for i in range(fresh):
        atomic_or(frontier, bit_entry(ranks[i]), _mask(ranks[i]))
    return new


@njit(cache=True, inline="always")
def _counted_state(moves: int, left: int, longest_win: int) -> np.uint8:
    """The state byte of a non-terminal position with ``moves`` legal moves, ``left`` of them
    not known to be won for the mover's opponent (at most ``MAX_COUNT``): lost in 0 without a
    move (SHO-9); lost one ply after the longest win among its children (``longest_win``, 1
    when each hangs the BB) when none is left; else the count. The enumeration's log and
    ``prepare`` both write it."""
    if moves == 0:
        return np.uint8(1)
    if left == 0:
        return np.uint8(longest_win + 2)
    return np.uint8(COUNT_BASE + left)


@njit(cache=True, inline="always")
def _terminal_state(terminal: int) -> np.uint8:
    """The state byte of a terminal position (``classify``'s kind)."""
    if terminal == T_WIN_CAPTURE:
        return np.uint8(CAPTURE)
    if terminal == T_WIN_TRY:
        return np.uint8(WON_IN_0)
    return np.uint8(1)  # T_LOSS_TRY: lost in 0


@njit(cache=True, locals=COUNTED)
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
    ranks: np.ndarray,
    totals: np.ndarray,
    log_code: np.ndarray,
    log_where: np.ndarray,
    log_at: np.ndarray,
    slot: int,
    near: np.ndarray,
) -> None:
    """Expand the frontier positions of one block; add (new, expanded, not ranked, too many
    children) to ``totals``; log each expanded position's state byte (``LOG_CHUNK``).

    The figures are counted in locals and added to ``totals`` once, at the end: the workers'
    rows of ``totals`` share a cache line, and an increment per position made both cores
    fight for it (a tenth of the enumeration's CPU, issue 47 round 6)."""
    # Views that count no references: see ``atomics.borrowed``.
    directory, frontier, log_code, log_where, log_at, totals = borrowed(
        (directory, frontier, log_code, log_where, log_at, totals)
    )
    nxt, pre, count, material, tgt, ntgt = borrowed((nxt, pre, count, material, tgt, ntgt))
    buf, ranks, near = borrowed((buf, ranks, near))
    lines = directory.shape[0] // LINE_WORDS
    n = 0
    new = 0
    expanded = 0
    unranked = 0
    too_many = 0
    at = log_at[slot]
    end = log_at[slot + 1]
    named = False  # the block is named in the current chunk
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
                key = key_of_rank_near(rank, nxt, pre, count, material, near)
                expanded += 1
                terminal = classify(key, tgt, ntgt)
                if terminal:
                    code = _terminal_state(terminal)
                else:
                    m = distinct_children(key, tgt, ntgt, dobutsu, buf)
                    left = m
                    for c in range(m):
                        child = rank_of(buf[c], nxt, pre, material)
                        if child < 0:
                            unranked += 1
                            continue
                        _prefetch_line(directory, child)
                        if captures_bb(buf[c]):
                            left -= 1
                            ranks[n] = ~child
                        else:
                            ranks[n] = child
                        n += 1
                    # What ``prepare`` finds from the key: children that hang the BB are
                    # won in 1 whatever happens, so they are not counted.
                    if left > MAX_COUNT:
                        too_many += 1
                        left = MAX_COUNT
                    code = _counted_state(m, left, 1)  # a child left out hangs the BB
                if at + 2 > end:  # a new chunk (it names the block first)
                    at = atomic_add(log_at, 0, LOG_CHUNK)
                    end = at + LOG_CHUNK
                    named = False
                    if end > log_code.shape[0]:  # out of room: ``prepare`` works without
                        log_at[1] = 1
                        at = end
                if at + 2 <= end:
                    if not named:
                        log_code[at] = LOG_BLOCK
                        log_where[at] = block
                        at += 1
                        named = True
                    log_code[at] = code
                    log_where[at] = rank - block * BLOCK_RANKS
                    at += 1
                if n >= BATCH:
                    new += _mark_batch(n, ranks, directory, frontier)
                    n = 0
    new += _mark_batch(n, ranks, directory, frontier)
    totals[0] += new
    totals[1] += expanded
    totals[2] += unranked
    totals[3] += too_many
    log_at[slot] = at
    log_at[slot + 1] = end


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
    log_code: np.ndarray,
    log_where: np.ndarray,
    log_at: np.ndarray,
) -> np.ndarray:
    """Expand the frontier positions of blocks ``first .. last - 1`` once.

    Children whose mover can capture the BB are terminal: they are marked in the directory
    only, never in the frontier (``_mark_batch``). Every expanded position's state byte, as
    ``prepare`` would find it from its key (a terminal value, lost in 0 or 2, or the count of
    its children that do not hang the BB), goes to the log (``log_code``, ``log_where``,
    ``log_at`` from ``log_cursors(workers)``, kept from pass to pass; ``prepare_from_log``
    reads it once the positions are numbered), so no position's moves are generated twice.
    Returns (new positions, positions expanded, children that could not be ranked, positions
    with more than ``MAX_COUNT`` counted children).
    """
    cursor = np.full(1, first, dtype=np.int64)
    totals = np.zeros((workers, 4), dtype=np.int64)
    on_threads(
        _expand_worker,
        workers,
        cursor,
        last,
        totals,
        directory,
        frontier,
        nxt,
        pre,
        count,
        material,
        tgt,
        ntgt,
        dobutsu,
        log_code,
        log_where,
        log_at,
    )
    return _worker_sums(totals)


@njit(cache=True, nogil=True)
def _expand_worker(
    worker: int,
    cursor: np.ndarray,
    last: int,
    totals: np.ndarray,
    directory: np.ndarray,
    frontier: np.ndarray,
    nxt: np.ndarray,
    pre: np.ndarray,
    count: np.ndarray,
    material: np.ndarray,
    tgt: np.ndarray,
    ntgt: np.ndarray,
    dobutsu: bool,
    log_code: np.ndarray,
    log_where: np.ndarray,
    log_at: np.ndarray,
) -> None:
    """One thread of ``expand_pass``: the blocks it claims from ``cursor`` until ``last``."""
    buf = np.empty(MAX_MOVES, dtype=np.int64)
    ranks = np.empty(BATCH_ROOM, dtype=np.int64)
    near = np.zeros(MEMO_SIZE, dtype=np.int64)
    block = atomic_add(cursor, 0, 1)
    while block < last:
        _expand_block(
            block,
            directory,
            frontier,
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
            log_code,
            log_where,
            log_at,
            LOG_SLOT * (worker + 1),
            near,
        )
        block = atomic_add(cursor, 0, 1)


def prepare_from_log(
    directory: np.ndarray,
    state: np.ndarray,
    log_code: np.ndarray,
    log_where: np.ndarray,
    first: int,
    last: int,
) -> None:
    """Set the states of the positions the enumeration's log names in chunks ``first ..
    last - 1`` (``expand_pass``): each record's byte goes to the position numbered by its
    rank. ``state`` starts as ``CAPTURE`` everywhere: a stored position no record names was
    only ever found as a child that hangs the BB (``_mark_batch``)."""
    cursor = np.full(1, first, dtype=np.int64)
    on_threads(_log_worker, worker_count(), cursor, last, directory, state, log_code, log_where)


@njit(cache=True, nogil=True)
def _log_worker(
    worker: int,
    cursor: np.ndarray,
    last: int,
    directory: np.ndarray,
    state: np.ndarray,
    log_code: np.ndarray,
    log_where: np.ndarray,
) -> None:
    """One thread of ``prepare_from_log``: the chunks it claims from ``cursor``."""
    chunk = atomic_add(cursor, 0, 1)
    while chunk < last:
        base = np.int64(0)  # the first rank of the block being named
        for i in range(chunk * LOG_CHUNK, (chunk + 1) * LOG_CHUNK):
            code = log_code[i]
            if code == LOG_END:
                break
            if code == LOG_BLOCK:
                base = np.int64(log_where[i]) * BLOCK_RANKS
                continue
            state[dense_of_rank(directory, int(base + log_where[i]))] = code
        chunk = atomic_add(cursor, 0, 1)


@njit(cache=True, inline="always")
def _counting(held: int) -> bool:
    """Whether a state byte is an undecided position's count of children (``COUNT_BASE``)."""
    return held > CAPTURE and held != WON_IN_0


@njit(cache=True, inline="always")
def _value_code(held: int) -> int:
    """The table's value code of a state byte: ``CAPTURE`` is won in 1 (2), a count is
    undecided (0, a draw at the end)."""
    if held == CAPTURE:
        return 2
    return 0 if _counting(held) else held


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
    """``prepare`` for one block; the number of children that could not be ranked (and of
    positions with more than ``MAX_COUNT`` children to count)."""
    # Views that count no references: see ``atomics.borrowed``.
    directory, state = borrowed((directory, state))
    nxt, pre, count, material, tgt, ntgt = borrowed((nxt, pre, count, material, tgt, ntgt))
    buf, entries, lows, near = borrowed((buf, entries, lows, near))
    lines = directory.shape[0] // LINE_WORDS
    bad = 0
    for line in range(block * BLOCK_LINES, min(lines, (block + 1) * BLOCK_LINES)):
        dense = np.int64(directory[line * LINE_WORDS])
        for k in range(_line_positions(directory, line, entries, lows)):
            here = dense + k
            if state[here] != 0 and not _counting(state[here]):
                continue  # decided
            rank = _rank_of_bit(entries[k], lows[k])
            key = key_of_rank_near(rank, nxt, pre, count, material, near)
            terminal = classify(key, tgt, ntgt)
            if terminal:
                state[here] = _terminal_state(terminal)
                continue
            m = distinct_children(key, tgt, ntgt, dobutsu, buf)
            left = m
            longest_win = 1  # the longest win among the children left out
            for c in range(m):
                if captures_bb(buf[c]):
                    left -= 1
                elif max_won_dist >= 0:
                    child = dense_of_rank(directory, rank_of(buf[c], nxt, pre, material))
                    if child < 0:
                        bad += 1
                    elif _won_by(_value_code(state[child]), max_won_dist):
                        left -= 1
                        longest_win = max(longest_win, _distance(_value_code(state[child])))
            if left > MAX_COUNT:
                bad += 1
                left = MAX_COUNT
            # Every child won (each hangs the BB, or was decided already on a resume):
            # lost one ply after the longest of those wins.
            state[here] = _counted_state(m, left, longest_win)
    return bad


def prepare(
    directory: np.ndarray,
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

    A solve with no log of its enumeration (``max_won_dist = -1``, ``state`` all zero: the
    enumeration was saved, then the solve stopped) classifies every position and counts its
    children, leaving out the children in which the mover can capture the BB (won in 1,
    ``CAPTURE``): those are never propagated, which spares the largest level (about 60 % of
    all positions). A position all of whose children hang the BB is therefore lost in 2 from
    the start; one with no legal move at all is lost in 0 (SHO-9). A fresh solve has these
    states from the enumeration's log instead (``prepare_from_log``). A resumed solve
    recounts the children of the undecided positions, also leaving out those won within
    ``max_won_dist`` plies (the levels already propagated).
    Returns the number of children that could not be ranked and of positions with more than
    ``MAX_COUNT`` children to count (0 unless a generator is wrong).
    """
    cursor = np.full(1, first, dtype=np.int64)
    bad = np.zeros(workers, dtype=np.int64)
    on_threads(
        _prepare_worker,
        workers,
        cursor,
        last,
        bad,
        directory,
        state,
        max_won_dist,
        nxt,
        pre,
        count,
        material,
        tgt,
        ntgt,
        dobutsu,
    )
    return int(bad.sum())


@njit(cache=True, nogil=True)
def _prepare_worker(
    worker: int,
    cursor: np.ndarray,
    last: int,
    bad: np.ndarray,
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
) -> None:
    """One thread of ``prepare``: the blocks it claims from ``cursor`` until ``last``."""
    buf = np.empty(MAX_MOVES, dtype=np.int64)
    entries = np.empty(LINE_RANKS, dtype=np.int64)
    lows = np.empty(LINE_RANKS, dtype=np.uint64)
    near = np.zeros(MEMO_SIZE, dtype=np.int64)
    block = atomic_add(cursor, 0, 1)
    while block < last:
        bad[worker] += _prepare_block(
            block,
            directory,
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
) -> tuple[int, int]:
    """Apply ``n`` predecessor ranks of positions decided at ``dist`` (prefetched lines);
    return (how many were decided, how many of those are losses at an odd distance).

    A predecessor of a loss (``from_win[i] == 0``) is won at ``dist + 1``; one of a win loses
    a child and is lost at ``dist + 1`` when it has none left. The position numbers are
    found first (the state lines prefetched), then the states change by compare-and-swap;
    whoever decides a position marks it in ``next_bits`` (position space, one bit per stored
    position) and its block in ``next_blocks`` (read first: both workers writing the same
    line of it, or of shared counters, at every decision kept both cores waiting for it).
    """
    decided = 0
    odd = 0
    for i in range(n):
        p = dense_of_rank(directory, ranks[i])
        places[i] = p
        if p >= 0:
            prefetch(state, p)
    after = np.uint8(dist + 2)
    for i in range(n):
        p = places[i]
        if p < 0:
            continue
        won = from_win[i] != 0
        old = state[p]
        while _counting(old):
            last_child = not won or old == COUNT_BASE + 1
            target = after if last_child else np.uint8(old - 1)
            seen = atomic_cas(state, p, old, target)
            if seen == old:
                if last_child:
                    decided += 1
                    atomic_or(next_bits, p >> 6, _position_mask(p))
                    block = ranks[i] // LINE_RANKS // BLOCK_LINES
                    if next_blocks[block] == 0:
                        next_blocks[block] = 1
                    if won and dist % 2 == 0:
                        odd += 1
                break
            old = seen
    return decided, odd


@njit(cache=True, locals=COUNTED)
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
    near: np.ndarray,
) -> None:
    """``retro_level`` for one block: add to ``totals`` (its level bits are cleared later),
    once, at the end (see ``_expand_block``)."""
    # Views that count no references: see ``atomics.borrowed``.
    directory, state, level_bits, next_bits, next_blocks, totals = borrowed(
        (directory, state, level_bits, next_bits, next_blocks, totals)
    )
    nxt, pre, count, material, src, nsrc, tgt, ntgt = borrowed(
        (nxt, pre, count, material, src, nsrc, tgt, ntgt)
    )
    buf, ranks, from_win, places, near = borrowed((buf, ranks, from_win, places, near))
    lines = directory.shape[0] // LINE_WORDS
    n = 0
    decided = 0
    odd = 0
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
                    won = state[here] == WON_IN_0
                rank = _rank_in_line(directory, line, here - dense)
                key = key_of_rank_near(rank, nxt, pre, count, material, near)
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
                    settled = _settle_batch(
                        n, ranks, from_win, places, directory, state, next_bits, next_blocks, dist
                    )
                    decided += settled[0]
                    odd += settled[1]
                    n = 0
    settled = _settle_batch(
        n, ranks, from_win, places, directory, state, next_bits, next_blocks, dist
    )
    totals[0] += decided + settled[0]
    totals[1] += odd + settled[1]


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
    wanted = _claim_blocks(level_blocks, block_count_of(directory))
    cursor = np.zeros(1, dtype=np.int64)
    totals = np.zeros((workers, 2), dtype=np.int64)
    on_threads(
        _retro_worker,
        workers,
        cursor,
        wanted,
        totals,
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
    )
    _clear_level_bits(directory, level_bits, wanted)
    return _worker_sums(totals)


@njit(cache=True)
def _claim_blocks(level_blocks: np.ndarray, blocks: int) -> np.ndarray:
    """The blocks marked in ``level_blocks`` (their marks cleared)."""
    wanted = np.zeros(blocks, dtype=np.int64)
    n = 0
    for block in range(blocks):
        if level_blocks[block]:
            level_blocks[block] = 0
            wanted[n] = block
            n += 1
    return wanted[:n]


@njit(cache=True)
def _clear_level_bits(directory: np.ndarray, level_bits: np.ndarray, wanted: np.ndarray) -> None:
    """A word of level bits may hold positions of two blocks: cleared once every block is done."""
    for i in range(wanted.shape[0]):
        first, last = _block_positions(directory, wanted[i])
        if last > first:
            level_bits[first >> 6 : ((last - 1) >> 6) + 1] = 0


@njit(cache=True, nogil=True)
def _retro_worker(
    worker: int,
    cursor: np.ndarray,
    wanted: np.ndarray,
    totals: np.ndarray,
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
) -> None:
    """One thread of ``retro_level``: the blocks of ``wanted`` it claims from ``cursor``."""
    buf = np.empty(4 * MAX_MOVES, dtype=np.int64)
    ranks = np.empty(BATCH_ROOM, dtype=np.int64)
    from_win = np.empty(BATCH_ROOM, dtype=np.uint8)
    places = np.empty(BATCH_ROOM, dtype=np.int64)
    near = np.zeros(MEMO_SIZE, dtype=np.int64)
    n = wanted.shape[0]
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
            near,
        )
        claimed = atomic_add(cursor, 0, 1)


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
    cursor = np.zeros(1, dtype=np.int64)
    on_threads(
        _collect_worker,
        worker_count(),
        cursor,
        directory,
        state,
        dist,
        level_bits,
        level_blocks,
    )


@njit(cache=True, nogil=True)
def _collect_worker(
    worker: int,
    cursor: np.ndarray,
    directory: np.ndarray,
    state: np.ndarray,
    dist: int,
    level_bits: np.ndarray,
    level_blocks: np.ndarray,
) -> None:
    """One thread of ``collect_level``: the blocks it claims from ``cursor``."""
    lines = directory.shape[0] // LINE_WORDS
    blocks = (lines + BLOCK_LINES - 1) // BLOCK_LINES
    code = dist + 1
    entries = np.empty(LINE_RANKS, dtype=np.int64)
    lows = np.empty(LINE_RANKS, dtype=np.uint64)
    block = atomic_add(cursor, 0, 1)
    while block < blocks:
        found = False
        for line in range(block * BLOCK_LINES, min(lines, (block + 1) * BLOCK_LINES)):
            dense = np.int64(directory[line * LINE_WORDS])
            for k in range(_line_positions(directory, line, entries, lows)):
                held = state[dense + k]  # ``CAPTURE`` is neither
                if not (held == code or (dist == 0 and held == WON_IN_0)):
                    continue
                atomic_or(level_bits, (dense + k) >> 6, _position_mask(dense + k))
                found = True
        if found:
            level_blocks[block] = 1
        block = atomic_add(cursor, 0, 1)


def census(directory: np.ndarray, state: np.ndarray) -> np.ndarray:
    """Positions per value code (``out[code]``; ``_value_code`` of the states).

    A state is one stored position, so the states are counted in ``CENSUS_SLICES`` equal
    slices, without the directory, and the slices' counts summed by a loop: a count per work
    block (27,000 of them, 56 MB) summed as arrays took about 1 s of CPU to compile, in the
    child that compiles the longest (issue 47, round 6)."""
    per_slice = np.zeros((CENSUS_SLICES, 256), dtype=np.int64)
    cursor = np.zeros(1, dtype=np.int64)
    on_threads(_census_worker, worker_count(), cursor, state, per_slice)
    return _worker_sums(per_slice)


@njit(cache=True, nogil=True)
def _census_worker(
    worker: int, cursor: np.ndarray, state: np.ndarray, per_slice: np.ndarray
) -> None:
    """One thread of ``census``: the slices it claims from ``cursor``."""
    total = state.shape[0]
    size = (total + CENSUS_SLICES - 1) // CENSUS_SLICES
    piece = atomic_add(cursor, 0, 1)
    while piece < CENSUS_SLICES:
        for p in range(piece * size, min(total, (piece + 1) * size)):
            per_slice[piece, _value_code(state[p])] += 1
        piece = atomic_add(cursor, 0, 1)


def forget_beyond(state: np.ndarray, last_code: int) -> None:
    """Make undecided every position valued beyond ``last_code`` (a level cut short)."""
    workers = worker_count()
    on_threads(_forget_worker, workers, workers, state, last_code)


@njit(cache=True, nogil=True)
def _forget_worker(worker: int, workers: int, state: np.ndarray, last_code: int) -> None:
    """One thread of ``forget_beyond``: its share of the states."""
    first, last = _share(worker, workers, state.shape[0])
    for p in range(first, last):
        code = state[p]
        if last_code < code < CAPTURE:
            state[p] = 0


def value_bytes(state: np.ndarray) -> np.ndarray:
    """The table's value bytes, in the states' own memory (``_value_code`` of each: a capture
    is won in 1, an undecided position a draw). ``state`` is spent: the result is it."""
    workers = worker_count()
    on_threads(_value_worker, workers, workers, state)
    return state


@njit(cache=True, nogil=True)
def _value_worker(worker: int, workers: int, state: np.ndarray) -> None:
    """One thread of ``value_bytes``: its share of the states."""
    first, last = _share(worker, workers, state.shape[0])
    for p in range(first, last):
        state[p] = _value_code(state[p])


@njit(cache=True, inline="always")
def _share(worker: int, workers: int, total: int) -> tuple[int, int]:
    """The positions ``first .. last - 1`` of ``worker``'s equal share of ``total``."""
    size = (total + workers - 1) // workers
    return min(total, worker * size), min(total, (worker + 1) * size)
