"""Retrograde solver driver: enumerate reachable positions, then propagate values level by level.

Phase 1 (enumeration) fills an open-addressing hash table of canonical keys (``kernel``) by
repeated scans that expand every not-yet-expanded entry; each expansion also records the number
of distinct children (the count-down used by phase 2) or the terminal kind. The table doubles
when it is 80 % full.

Phase 2 (retrograde analysis) seeds the terminal values and then, for ``dist = 0, 1, 2, ...``,
generates the predecessors of every position decided at ``dist``: a predecessor of a loss is a
win at ``dist + 1``; a predecessor whose last undecided child became a win is a loss at
``dist + 1``. What is undecided at the fixpoint is a draw (the players can repeat for ever).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from scenarios.imperium_shogi.rules import BLUE, Position, encode
from scenarios.imperium_shogi.tablebase import kernel

Progress = Callable[[str], None]
SIDE_FREE_MASK = (1 << 60) - 1
MAX_LOAD = 0.8

WIN, LOSS, DRAW = "win", "loss", "draw"


def key_of(position: Position) -> int:
    """Canonical tablebase key of ``position`` (Red to move after turning, smaller mirror)."""
    key = encode(position) & SIDE_FREE_MASK
    if position.side == BLUE:
        key = int(kernel.swap_key(key))
    return int(kernel.canon(key))


def decode_value(code: int) -> tuple[str, int]:
    """``(result, plies)`` of a stored value code, from the side to move's point of view."""
    if code == 0:
        return DRAW, 0
    return (WIN if code & 1 else LOSS), (code >> 1) - 1


@dataclass
class SolveStats:
    """Figures of one solve, for the CLI, the benchmark and docs/solving.md."""

    positions: int = 0
    capacity: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0
    max_dist: int = 0
    seconds_enumerate: float = 0.0
    seconds_retrograde: float = 0.0
    levels: list[int] = field(default_factory=list)


def _noop(_: str) -> None:
    return None


def enumerate_positions(
    start_keys: list[int],
    dobutsu: bool,
    *,
    capacity: int = 1 << 16,
    progress: Progress = _noop,
) -> tuple[np.ndarray, np.ndarray, int]:
    """Hash table (keys, info) of every position reachable from ``start_keys``; its size."""
    if capacity & (capacity - 1):
        raise ValueError(f"capacity must be a power of two, got {capacity}")
    keys = np.zeros(capacity, dtype=np.int64)
    info = np.zeros(capacity, dtype=np.uint8)
    count = 0
    for key in start_keys:
        slot, new = kernel.insert(keys, key)
        if new:
            info[slot] = kernel.UNEXPANDED
            count += 1
    scans = 0
    while True:
        limit = int(keys.shape[0] * MAX_LOAD)
        count, expanded, full = kernel.expand_pass(
            keys, info, count, limit, kernel.TGT, kernel.NTGT, dobutsu
        )
        scans += 1
        progress(f"enumerate: scan {scans}, {count:,} positions, {expanded:,} expanded")
        if full:
            bigger = keys.shape[0] * 2
            progress(f"enumerate: growing the table to {bigger:,} slots")
            new_keys = np.zeros(bigger, dtype=np.int64)
            new_info = np.zeros(bigger, dtype=np.uint8)
            kernel.rehash(keys, info, new_keys, new_info)
            keys, info = new_keys, new_info
            del new_keys, new_info
            continue
        if expanded == 0:
            return keys, info, count


def retrograde(
    keys: np.ndarray, info: np.ndarray, dobutsu: bool, *, progress: Progress = _noop
) -> tuple[np.ndarray, list[int]]:
    """Value codes for every slot (see ``decode_value``) and the count decided per level."""
    val = np.zeros(keys.shape[0], dtype=np.uint16)
    kernel.seed_values(keys, info, val)
    census = np.zeros(1 << 16, dtype=np.int64)
    kernel.level_census(keys, val, census)
    levels = [int(census[2] + census[3]), int(census[4] + census[5])]
    dist = 0
    while dist < len(levels):
        if levels[dist]:
            new = kernel.retro_level(keys, info, val, dist, kernel.SRC, kernel.NSRC, dobutsu)
            if new:
                while len(levels) <= dist + 1:
                    levels.append(0)
                levels[dist + 1] += new
            if dist + 1 >= 32766:
                raise OverflowError("distance beyond the 16-bit value code")
        progress(f"retrograde: level {dist}, {levels[dist]:,} positions")
        dist += 1
    while levels and levels[-1] == 0:
        levels.pop()
    return val, levels


@dataclass
class Solution:
    """A solved table: hash-table keys and value codes (same slots), and the figures."""

    keys: np.ndarray
    val: np.ndarray
    dobutsu: bool
    stats: SolveStats

    def value_of_key(self, key: int) -> tuple[str, int] | None:
        """``(result, plies)`` for the side to move, or ``None`` if the key is not stored."""
        slot = int(kernel.find(self.keys, key))
        if slot < 0:
            return None
        return decode_value(int(self.val[slot]))

    def value(self, position: Position) -> tuple[str, int] | None:
        """``(result, plies)`` of ``position`` for its side to move, or ``None``."""
        return self.value_of_key(key_of(position))


def solve(
    start_positions: list[Position],
    dobutsu: bool = False,
    *,
    capacity: int = 1 << 16,
    progress: Progress = _noop,
) -> Solution:
    """Enumerate and solve every position reachable from ``start_positions``."""
    stats = SolveStats()
    started = time.perf_counter()
    keys, info, count = enumerate_positions(
        [key_of(p) for p in start_positions], dobutsu, capacity=capacity, progress=progress
    )
    stats.seconds_enumerate = time.perf_counter() - started
    started = time.perf_counter()
    val, levels = retrograde(keys, info, dobutsu, progress=progress)
    del info
    stats.seconds_retrograde = time.perf_counter() - started
    census = np.zeros(1 << 16, dtype=np.int64)
    kernel.level_census(keys, val, census)
    stats.positions = count
    stats.capacity = int(keys.shape[0])
    stats.draws = int(census[0])
    stats.wins = int(census[1::2].sum())
    stats.losses = int(census[2::2].sum())
    stats.levels = levels
    stats.max_dist = len(levels) - 1
    return Solution(keys, val, dobutsu, stats)
