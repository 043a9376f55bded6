"""Questions asked of a solved table: does the optional repair (SHO-4) ever matter?

``repair_choices`` walks every stored non-terminal position, and for every B step into the far
rank compares the value of the repaired and the non-repaired child for the mover (a win is
better than a draw, better than a loss; a quicker win or a slower loss is better).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from scenarios.imperium_shogi.rules import HAND_SHIFT
from scenarios.imperium_shogi.tablebase import kernel as k
from scenarios.imperium_shogi.tablebase.atomics import popcount
from scenarios.imperium_shogi.tablebase.index import (
    LINE_RANKS,
    LINE_WORDS,
    dense_of_key,
    key_of_rank,
)
from scenarios.imperium_shogi.tablebase.table import WON_IN_0, Table


@njit(cache=True)
def mover_score(code: int) -> int:
    """Score for the mover of a move into a child with value ``code`` (child's point of view)."""
    if code == 0:
        return 0
    if code == WON_IN_0:
        return 1 - 100000  # the child (a win in 0) wins; this move adds the one ply
    plies = code  # the child's distance plus this move
    return plies - 100000 if (code - 1) % 2 == 1 else 100000 - plies


@njit(cache=True)
def _scan(
    directory: np.ndarray,
    val: np.ndarray,
    nxt: np.ndarray,
    pre: np.ndarray,
    count: np.ndarray,
    material: np.ndarray,
    tgt: np.ndarray,
    ntgt: np.ndarray,
) -> np.ndarray:
    counts = np.zeros(3, dtype=np.int64)  # declining better, worse, equal
    lines = directory.shape[0] // LINE_WORDS
    for line in range(lines):
        for j in range(1, LINE_WORDS):
            bits = directory[line * LINE_WORDS + j]
            while bits:
                low = bits & (~bits + np.uint64(1))
                bits ^= low
                rank = line * LINE_RANKS + (j - 1) * 64 + popcount(low - np.uint64(1))
                key = key_of_rank(rank, nxt, pre, count, material)
                if k.classify(key, tgt, ntgt):
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
                        base += 1 << (HAND_SHIFT + 2 * slot)
                    repaired = dense_of_key(
                        directory, k.canon(k.swap_key(k.put(base, dst, 5))), nxt, pre, material
                    )
                    declined = dense_of_key(
                        directory, k.canon(k.swap_key(k.put(base, dst, 4))), nxt, pre, material
                    )
                    if repaired < 0 or declined < 0:
                        continue
                    gain = mover_score(val[declined]) - mover_score(val[repaired])
                    counts[0 if gain > 0 else (1 if gain < 0 else 2)] += 1
    return counts


def repair_choices(table: Table) -> dict[str, int]:
    """How often declining the repair is better, worse or equal for the mover (Imperium)."""
    table.check_whole()
    r = table.ranking
    material = np.asarray(r.material, dtype=np.int64)
    better, worse, equal = (
        int(x)
        for x in _scan(
            table.directory, table.val, r.step, r.before, r.count, material, k.TGT, k.NTGT
        )
    )
    return {"declining_better": better, "declining_worse": worse, "equal": equal}
