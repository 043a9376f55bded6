"""Numba kernels of the retrograde tablebase: packed keys, moves, un-moves, hash table, levels.

Keys
    The ``rules.encode`` layout without the side bit: 4 bits per square at ``4 * sq`` and the six
    hand counts at bits 48..59. A stored key always has **Red to move** (a Blue-to-move position
    is turned round with ``swap_key``), and of a mirror pair only the smaller key is stored
    (``canon``). Keys stay below 2**60, so plain ``int64`` is used throughout (numba would turn
    mixed ``uint64``/``int64`` arithmetic into floats). ``index`` ranks them densely.

Terminal positions (Tanaka's conventions, used for both variants)
    Red to move can capture the Blue BB: won in 1 ply. Otherwise the Blue BB on Red's home rank
    has entered and cannot be stopped: lost in 0. A Red BB already on Blue's home rank: won in 0
    (only as a start position). No legal move: lost in 0 (SHO-9). The children of terminal
    positions are not expanded, so positions after a BB capture never enter the table.

Variants
    ``dobutsu = False``: Imperium Shogi, the repair of a B entering the far rank is optional (two
    moves, SHO-4). ``dobutsu = True``: promotion is compulsory, so a B (chick) never steps onto
    the far rank unpromoted; a dropped one stays unpromoted in both games.
"""

from __future__ import annotations

import numpy as np
from numba import int64, njit

from scenarios.imperium_shogi.rules import HAND_SHIFT, SQUARES, TARGETS
from scenarios.imperium_shogi.tablebase import table as plain_keys
from scenarios.imperium_shogi.tablebase.atomics import popcount

#: Terminal kinds (``classify``).
T_WIN_CAPTURE = 250
T_LOSS_TRY = 251
T_WIN_TRY = 252
MAX_MOVES = 128
#: ``locals`` of the functions that count keys into a buffer from ``n = 0`` and hand the count
#: on: typed ``int64`` from the start, the functions they call are compiled once. Typed as the
#: literal 0 first, ``_dedupe``, ``_mark_batch`` and ``_settle_batch`` were also compiled for
#: it: about 0.5 s of CPU in each compiling child (issue 47, round 7).
COUNTED = {"n": int64}
#: The 48-bit board and the low bit of each of its twelve 4-bit squares.
BOARD = (1 << HAND_SHIFT) - 1
LOW_BITS = 0x111111111111
#: The low three bits and the high bit of each square's nibble.
LOW_3_BITS = 0x777777777777
HIGH_BITS = 0x888888888888


def _target_tables() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Forward ``tgt[code, sq, i]`` (``ntgt`` of them) and reverse ``src[code, dst, i]``."""
    tgt = np.zeros((16, SQUARES, 8), dtype=np.int64)
    ntgt = np.zeros((16, SQUARES), dtype=np.int64)
    src = np.zeros((16, SQUARES, 8), dtype=np.int64)
    nsrc = np.zeros((16, SQUARES), dtype=np.int64)
    for code in range(16):
        for sq in range(SQUARES):
            for dst in TARGETS[code][sq]:
                tgt[code, sq, ntgt[code, sq]] = dst
                ntgt[code, sq] += 1
                src[code, dst, nsrc[code, dst]] = sq
                nsrc[code, dst] += 1
    return tgt, ntgt, src, nsrc


TGT, NTGT, SRC, NSRC = _target_tables()
#: Red's piece codes (BB, MS, CR, B, B+); 6 and 7 are no piece.
RED_CODES = (1, 2, 3, 4, 5)


def _attackers() -> np.ndarray:
    """``ATTACKERS[b, code]``: the high bit of the nibble of every square from which a Red
    piece ``code`` steps onto square ``b`` (``captures_bb``)."""
    attackers = np.zeros((SQUARES, 8), dtype=np.int64)
    for b in range(SQUARES):
        for code in range(1, 8):
            for sq in range(SQUARES):
                if b in TARGETS[code][sq]:
                    attackers[b, code] |= 8 << (4 * sq)
    if attackers[:, [c for c in range(1, 8) if c not in RED_CODES]].any():
        raise ValueError("a code that is no Red piece has moves")
    return attackers


ATTACKERS = _attackers()


@njit(cache=True, inline="always")
def nib(key: int, sq: int) -> int:
    """The piece code on ``sq``."""
    return (key >> (4 * sq)) & 15


@njit(cache=True, inline="always")
def put(key: int, sq: int, code: int) -> int:
    """``key`` with ``code`` on ``sq`` (which must be empty)."""
    return key | (code << (4 * sq))


@njit(cache=True, inline="always")
def clear(key: int, sq: int) -> int:
    """``key`` with ``sq`` emptied."""
    return key & ~(15 << (4 * sq))


@njit(cache=True, inline="always")
def hand(key: int, index: int) -> int:
    """Hand count ``index`` (0..2 Red B, CR, MS; 3..5 Blue B, CR, MS)."""
    return (key >> (HAND_SHIFT + 2 * index)) & 3


# The key functions are written once, in plain Python (``table``, which the perfect level uses
# without numba); the solver compiles the same functions here.
swap_key = njit(cache=True)(plain_keys.swap_key)
mirror_key = njit(cache=True)(plain_keys.mirror_key)


@njit(cache=True)
def canon(key: int) -> int:
    """Canonical member of a mirror pair: the smaller key."""
    other = mirror_key(key)
    return other if other < key else key


@njit(cache=True)
def _dedupe(buf: np.ndarray, n: int) -> int:
    """Sort ``buf[:n]`` and drop repeats in place; return the number of distinct keys.

    An insertion sort: ``n`` is a few dozen at most, where it beats a general sort's calls.
    """
    for i in range(1, n):
        item = buf[i]
        j = i - 1
        while j >= 0 and buf[j] > item:
            buf[j + 1] = buf[j]
            j -= 1
        buf[j + 1] = item
    m = 0
    for i in range(n):
        if m == 0 or buf[i] != buf[m - 1]:
            buf[m] = buf[i]
            m += 1
    return m


@njit(cache=True, inline="always")
def square_of(key: int, code: int) -> int:
    """The square holding ``code`` (a BB, of which there is at most one), or -1; branch-free.

    The classic zero-nibble test on ``board ^ code * 0x111...``: the lowest flagged nibble
    is a true match, and there is at most one.
    """
    board = key & BOARD
    diff = board ^ (code * LOW_BITS)
    zero = (diff - LOW_BITS) & ~diff & (LOW_BITS << 3)
    if zero == 0:
        return -1
    return popcount((zero & -zero) - 1) >> 2


@njit(cache=True, inline="always")
def captures_bb(key: int) -> bool:
    """Whether Red to move can capture the Blue BB (a terminal win in 1 ply).

    Branch-free on the packed key: for each Red piece code, the squares holding it (a nibble
    equal to the code: the exact zero-nibble test of ``may_repeat``) against the squares from
    which it attacks the Blue BB (``ATTACKERS``, compiled in as a constant: an inlined
    function with array arguments counts references to them at each call, and both cores
    counting on one array's count made them wait for each other). It runs for every child of
    the enumeration and every parent of the levels: 2.9 ns a key instead of 23 for the loop
    over the BB's neighbours and their moves, which mispredicted its branches (issue 47,
    round 6).
    """
    blue_bb = square_of(key, 9)
    if blue_bb < 0:
        return False
    board = key & BOARD
    hits = 0
    for code in RED_CODES:
        diff = board ^ (code * LOW_BITS)
        nonzero = (((diff & LOW_3_BITS) + LOW_3_BITS) | diff) & HIGH_BITS
        hits |= ~nonzero & ATTACKERS[blue_bb, code]
    return hits != 0


@njit(cache=True)
def classify(key: int, tgt: np.ndarray, ntgt: np.ndarray) -> int:
    """Terminal code of a Red-to-move key (``T_*``), or 0 if the game goes on (the moves are
    those of ``tgt``, ``ntgt``: always ``TGT``, ``NTGT``, which ``captures_bb`` reads)."""
    blue_bb = square_of(key, 9)
    if blue_bb >= 0:
        if captures_bb(key):
            return T_WIN_CAPTURE
        if blue_bb < 3:
            return T_LOSS_TRY
    if square_of(key, 1) >= 9:
        return T_WIN_TRY
    return 0


@njit(cache=True, inline="always")
def may_repeat(key: int) -> bool:
    """Whether two moves (or two un-moves) of ``key`` can lead to one canonical key.

    Different moves give different keys; two canonical keys are equal only when one move's
    key is the mirror image of another's. A move changes two squares at most, so that needs
    ``key`` and its mirror image to differ on four squares at most; nine positions in ten
    differ on six or eight, and their lists need no sort to drop repeats (``_dedupe`` was about
    half the cost of generating them). The same holds for un-moves, and for the turned key.
    """
    diff = (key ^ mirror_key(key)) & BOARD
    return popcount((((diff & LOW_3_BITS) + LOW_3_BITS) | diff) & HIGH_BITS) <= 4


@njit(cache=True)
def _successors(key: int, tgt: np.ndarray, ntgt: np.ndarray, dobutsu: bool, out: np.ndarray) -> int:
    """Canonical successors of a non-terminal Red-to-move key into ``out`` (one per move, so
    with a repeat where two moves lead to mirror images); count."""
    n = 0
    for sq in range(12):
        code = nib(key, sq)
        if code == 0 or code >= 8:
            continue
        base = clear(key, sq)
        for i in range(ntgt[code, sq]):
            dst = tgt[code, sq, i]
            target = nib(key, dst)
            if 0 < target < 8:
                continue
            child = clear(base, dst)
            if target:
                kind = target & 7
                slot = 0 if kind >= 4 else (1 if kind == 3 else 2)
                child += 1 << (HAND_SHIFT + 2 * slot)
            if code == 4 and dst >= 9:
                out[n] = canon(swap_key(put(child, dst, 5)))
                n += 1
                if dobutsu:
                    continue
            out[n] = canon(swap_key(put(child, dst, code)))
            n += 1
    for slot in range(3):
        if hand(key, slot):
            kind = 4 if slot == 0 else (3 if slot == 1 else 2)
            dropped = key - (1 << (HAND_SHIFT + 2 * slot))
            for dst in range(12):
                if nib(key, dst) == 0:
                    out[n] = canon(swap_key(put(dropped, dst, kind)))
                    n += 1
    return n


@njit(cache=True)
def children(key: int, tgt: np.ndarray, ntgt: np.ndarray, dobutsu: bool, out: np.ndarray) -> int:
    """Distinct canonical successors of a non-terminal Red-to-move key into ``out``, sorted;
    count."""
    return _dedupe(out, _successors(key, tgt, ntgt, dobutsu, out))


@njit(cache=True)
def distinct_children(
    key: int, tgt: np.ndarray, ntgt: np.ndarray, dobutsu: bool, out: np.ndarray
) -> int:
    """``children`` in no particular order (sorted only when ``may_repeat``): the solver's."""
    n = _successors(key, tgt, ntgt, dobutsu, out)
    return _dedupe(out, n) if may_repeat(key) else n


@njit(cache=True, locals=COUNTED)
def parents(key: int, src: np.ndarray, nsrc: np.ndarray, dobutsu: bool, out: np.ndarray) -> int:
    """Distinct canonical Red-to-move keys with a move leading to ``key``, in no particular
    order (sorted only when ``may_repeat``); count.

    ``key`` has Red to move, so Blue just moved: turned round (``swap_key``), the mover is Red
    and its un-moves (un-drop, un-step with or without an un-capture, un-repair) give the
    predecessors with Red to move. Membership in the table and non-terminality are checked by
    the caller (a predecessor outside the table does not matter).
    """
    pos = swap_key(key)
    n = 0
    for dst in range(12):
        code = nib(pos, dst)
        if code == 0 or code >= 8:
            continue
        base = clear(pos, dst)
        if 2 <= code <= 4:  # un-drop of MS, CR or a disrupted B
            slot = 0 if code == 4 else (1 if code == 3 else 2)
            if hand(pos, slot) < 3:
                out[n] = canon(base + (1 << (HAND_SHIFT + 2 * slot)))
                n += 1
        for variant in range(2):
            # variant 0: the piece stepped as it is; 1: a B stepped into the far rank and was
            # repaired/promoted on the way.
            if variant == 0:
                if code == 4 and dobutsu and dst >= 9:
                    continue
                moved = code
                count = nsrc[code, dst]
            else:
                if code != 5 or dst < 9:
                    continue
                moved = 4
                count = 1
            for i in range(count):
                s = src[code, dst, i] if variant == 0 else dst - 3
                if nib(pos, s) != 0:
                    continue
                prev = put(base, s, moved)
                out[n] = canon(prev)
                n += 1
                for slot in range(3):
                    if hand(pos, slot):
                        less = prev - (1 << (HAND_SHIFT + 2 * slot))
                        if slot == 0:
                            out[n] = canon(put(less, dst, 12))
                            out[n + 1] = canon(put(less, dst, 13))
                            n += 2
                        else:
                            out[n] = canon(put(less, dst, 11 if slot == 1 else 10))
                            n += 1
    return _dedupe(out, n) if may_repeat(pos) else n
