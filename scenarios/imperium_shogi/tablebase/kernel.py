"""Numba kernels of the retrograde tablebase: packed keys, moves, un-moves, hash table, levels.

Keys
    The ``rules.encode`` layout without the side bit: 4 bits per square at ``4 * sq`` and the six
    hand counts at bits 48..59. A stored key always has **Red to move** (a Blue-to-move position
    is turned round with ``swap_key``), and of a mirror pair only the smaller key is stored
    (``canon``). Keys stay below 2**60, so plain ``int64`` is used throughout (numba would turn
    mixed ``uint64``/``int64`` arithmetic into floats). Key 0 marks an empty hash slot: a real
    position always has pieces on the board.

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
from numba import njit

from scenarios.imperium_shogi.rules import SQUARES, TARGETS

EMPTY_KEY = 0
#: ``info`` codes beyond the child counts (a count is at most a few dozen).
UNEXPANDED = 255
T_WIN_CAPTURE = 250
T_LOSS_TRY = 251
T_WIN_TRY = 252
MAX_MOVES = 128
HAND_SHIFT = 48

_M1 = np.int64(-7046029254386353131)  # odd 64-bit multiplier (golden ratio), as signed int


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


@njit(cache=True)
def swap_key(key: int) -> int:
    """The same position seen from the other player (board turned, colours and hands swapped)."""
    out = 0
    for sq in range(12):
        code = (key >> (4 * sq)) & 15
        if code:
            out |= (code ^ 8) << (4 * (11 - sq))
    hands = (key >> HAND_SHIFT) & 0xFFF
    return out | (((hands >> 6) | ((hands & 63) << 6)) << HAND_SHIFT)


@njit(cache=True)
def mirror_key(key: int) -> int:
    """Left-right mirror (file a <-> c); hands unchanged."""
    out = key & (0xFFF << HAND_SHIFT)
    for sq in range(12):
        code = (key >> (4 * sq)) & 15
        if code:
            file = sq % 3
            out |= code << (4 * (sq - file + 2 - file))
    return out


@njit(cache=True)
def canon(key: int) -> int:
    """Canonical member of a mirror pair: the smaller key."""
    other = mirror_key(key)
    return other if other < key else key


@njit(cache=True)
def _dedupe(buf: np.ndarray, n: int) -> int:
    """Sort ``buf[:n]`` and drop repeats in place; return the number of distinct keys."""
    buf[:n].sort()
    m = 0
    for i in range(n):
        if m == 0 or buf[i] != buf[m - 1]:
            buf[m] = buf[i]
            m += 1
    return m


@njit(cache=True)
def classify(key: int, tgt: np.ndarray, ntgt: np.ndarray) -> int:
    """Terminal code of a Red-to-move key (``T_*``), or 0 if the game goes on."""
    blue_bb = -1
    red_bb = -1
    for sq in range(12):
        code = nib(key, sq)
        if code == 9:
            blue_bb = sq
        elif code == 1:
            red_bb = sq
    if blue_bb >= 0:
        for sq in range(12):
            code = nib(key, sq)
            if 0 < code < 8:
                for i in range(ntgt[code, sq]):
                    if tgt[code, sq, i] == blue_bb:
                        return T_WIN_CAPTURE
        if blue_bb < 3:
            return T_LOSS_TRY
    if red_bb >= 9:
        return T_WIN_TRY
    return 0


@njit(cache=True)
def children(
    key: int, tgt: np.ndarray, ntgt: np.ndarray, dobutsu: bool, out: np.ndarray
) -> int:
    """Distinct canonical successors of a non-terminal Red-to-move key into ``out``; count."""
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
    return _dedupe(out, n)


@njit(cache=True)
def parents(
    key: int, src: np.ndarray, nsrc: np.ndarray, dobutsu: bool, out: np.ndarray
) -> int:
    """Distinct canonical Red-to-move keys with a move leading to ``key``; count.

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
    return _dedupe(out, n)


# -- hash table -------------------------------------------------------------------------------


@njit(cache=True, inline="always")
def slot_of(key: int, mask: int) -> int:
    """Home slot of ``key`` in a table of ``mask + 1`` slots."""
    h = key ^ (key >> 29)
    h = h * _M1
    h = h ^ (h >> 32)
    return h & mask


@njit(cache=True)
def find(keys: np.ndarray, key: int) -> int:
    """Slot of ``key`` or -1 (linear probing)."""
    mask = keys.shape[0] - 1
    i = slot_of(key, mask)
    while True:
        k = keys[i]
        if k == key:
            return i
        if k == EMPTY_KEY:
            return -1
        i = (i + 1) & mask


@njit(cache=True)
def insert(keys: np.ndarray, key: int) -> tuple[int, bool]:
    """Slot of ``key``, inserting it if absent; and whether it was new."""
    mask = keys.shape[0] - 1
    i = slot_of(key, mask)
    while True:
        k = keys[i]
        if k == key:
            return i, False
        if k == EMPTY_KEY:
            keys[i] = key
            return i, True
        i = (i + 1) & mask


@njit(cache=True)
def rehash(old_keys: np.ndarray, old_info: np.ndarray, keys: np.ndarray, info: np.ndarray) -> None:
    """Move every entry of the old table into the (larger, empty) new one."""
    for i in range(old_keys.shape[0]):
        k = old_keys[i]
        if k != EMPTY_KEY:
            j, _ = insert(keys, k)
            info[j] = old_info[i]


@njit(cache=True)
def expand_pass(
    keys: np.ndarray,
    info: np.ndarray,
    count: int,
    limit: int,
    tgt: np.ndarray,
    ntgt: np.ndarray,
    dobutsu: bool,
) -> tuple[int, int, bool]:
    """One scan over the table expanding every unexpanded position (breadth-first by scans).

    Returns (positions now stored, positions expanded in this scan, stopped early because the
    table reached ``limit`` entries and must grow).
    """
    buf = np.empty(MAX_MOVES, dtype=np.int64)
    expanded = 0
    for i in range(keys.shape[0]):
        if info[i] != UNEXPANDED:
            continue
        if count >= limit:
            return count, expanded, True
        key = keys[i]
        terminal = classify(key, tgt, ntgt)
        expanded += 1
        if terminal:
            info[i] = terminal
            continue
        m = children(key, tgt, ntgt, dobutsu, buf)
        info[i] = m
        for j in range(m):
            slot, new = insert(keys, buf[j])
            if new:
                info[slot] = UNEXPANDED
                count += 1
    return count, expanded, False


@njit(cache=True)
def seed_values(keys: np.ndarray, info: np.ndarray, val: np.ndarray) -> None:
    """Values of the terminal positions. ``val = (dist + 1) << 1 | win``; 0 = undecided."""
    for i in range(keys.shape[0]):
        if keys[i] == EMPTY_KEY:
            continue
        code = info[i]
        if code == T_WIN_CAPTURE:
            val[i] = (2 << 1) | 1
        elif code == T_WIN_TRY:
            val[i] = (1 << 1) | 1
        elif code == T_LOSS_TRY or code == 0:
            val[i] = 1 << 1


@njit(cache=True)
def retro_level(
    keys: np.ndarray,
    info: np.ndarray,
    val: np.ndarray,
    dist: int,
    src: np.ndarray,
    nsrc: np.ndarray,
    dobutsu: bool,
) -> int:
    """Propagate every position decided at ``dist`` plies to its predecessors; new count.

    A predecessor of a lost position is won at ``dist + 1``; a predecessor of a won position
    loses one undecided child, and is lost at ``dist + 1`` when none is left (its longest
    defence, as levels are taken in increasing order).
    """
    buf = np.empty(4 * MAX_MOVES, dtype=np.int64)
    level = dist + 1
    new = 0
    for i in range(keys.shape[0]):
        v = val[i]
        if (v >> 1) != level:
            continue
        won = v & 1
        m = parents(keys[i], src, nsrc, dobutsu, buf)
        for j in range(m):
            p = find(keys, buf[j])
            if p < 0 or val[p] != 0:
                continue
            if won == 0:
                val[p] = ((level + 1) << 1) | 1
                new += 1
            else:
                info[p] -= 1
                if info[p] == 0:
                    val[p] = (level + 1) << 1
                    new += 1
    return new


@njit(cache=True)
def level_census(keys: np.ndarray, val: np.ndarray, out: np.ndarray) -> None:
    """``out[v]`` = number of stored positions with value code ``v`` (0 = draw)."""
    for i in range(keys.shape[0]):
        if keys[i] != EMPTY_KEY:
            out[val[i]] += 1
