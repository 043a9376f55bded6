"""Questions asked of a solved table: does the optional repair (SHO-4) ever matter?

``repair_choices`` walks every stored non-terminal position, and for every B step into the far
rank compares the value of the repaired and the non-repaired child for the mover (a win is
better than a draw, better than a loss; a quicker win or a slower loss is better).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from scenarios.imperium_shogi.tablebase import kernel as k


@njit(cache=True)
def mover_score(code: int) -> int:
    """Score for the mover of a move into a child with value ``code`` (child's point of view)."""
    if code == 0:
        return 0
    plies = code >> 1  # the child's distance plus this move
    return plies - 100000 if code & 1 else 100000 - plies


@njit(cache=True)
def _scan(keys: np.ndarray, val: np.ndarray, tgt: np.ndarray, ntgt: np.ndarray) -> np.ndarray:
    counts = np.zeros(3, dtype=np.int64)  # declining better, worse, equal
    for i in range(keys.shape[0]):
        key = keys[i]
        if key == k.EMPTY_KEY or k.classify(key, tgt, ntgt):
            continue
        for sq in range(6, 9):
            if k.nib(key, sq) != 4:
                continue
            dst = sq + 3
            target = k.nib(key, dst)
            if 0 < target < 8:
                continue
            base = k.clear(k.clear(key, sq), dst)
            if target:
                kind = target & 7
                slot = 0 if kind >= 4 else (1 if kind == 3 else 2)
                base += 1 << (k.HAND_SHIFT + 2 * slot)
            repaired = k.find(keys, k.canon(k.swap_key(k.put(base, dst, 5))))
            declined = k.find(keys, k.canon(k.swap_key(k.put(base, dst, 4))))
            if repaired < 0 or declined < 0:
                continue
            gain = mover_score(val[declined]) - mover_score(val[repaired])
            counts[0 if gain > 0 else (1 if gain < 0 else 2)] += 1
    return counts


def repair_choices(keys: np.ndarray, val: np.ndarray) -> dict[str, int]:
    """How often declining the repair is better, worse or equal for the mover (Imperium)."""
    better, worse, equal = (int(x) for x in _scan(keys, val, k.TGT, k.NTGT))
    return {"declining_better": better, "declining_worse": worse, "equal": equal}
