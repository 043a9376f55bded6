"""Reader of the issue-12 table format (format 1), kept for the old-versus-new comparison.

Format 1 stored the solver's open-addressing hash table: ``keys.npy`` (int64 canonical keys,
a power-of-two number of slots, 0 = empty, linear probing from ``slot_of``) and ``val.npy``
(uint16 per slot: 0 = draw, else ``(plies + 1) << 1 | won``). ``tools/compare_tablebases.py``
reads it to check a new table position by position before the old one is replaced.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import cast

import numpy as np
from numba import njit

EMPTY_KEY = 0
#: Odd 64-bit multiplier (golden ratio), signed. An ``np.int64`` so that numba multiplies
#: with wrap-around; typed as ``int`` for the type checker, which sees only the Python side.
_MULTIPLIER = cast(int, np.int64(-7046029254386353131))


@njit(cache=True, inline="always")
def slot_of(key: int, mask: int) -> int:
    """Home slot of ``key`` in a table of ``mask + 1`` slots."""
    h = key ^ (key >> 29)
    h = h * _MULTIPLIER
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


def decode_value(code: int) -> tuple[str, int]:
    """``(result, plies)`` of a format-1 value code, for the side to move."""
    if code == 0:
        return "draw", 0
    return ("win" if code & 1 else "loss"), (code >> 1) - 1


class LegacyTable:
    """A format-1 table, memory-mapped read-only."""

    def __init__(self, directory: Path) -> None:
        self.meta = json.loads((directory / "meta.json").read_text())
        if self.meta.get("format") != 1:
            raise ValueError(f"{directory}: not a format-1 table")
        self.keys = np.asarray(np.load(directory / "keys.npy", mmap_mode="r"))
        self.val = np.asarray(np.load(directory / "val.npy", mmap_mode="r"))
