"""The solve's smaller working sets (issue 47 item 1), checked on reduced problems.

The level bitmaps and the captured positions are kept in position space (one bit per stored
position) instead of rank space, the value bytes are moved in place at the end, and the kernels
are compiled in a child process: same tables, less memory at the peak.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from scenarios.imperium_shogi.tablebase import parallel
from scenarios.imperium_shogi.tablebase.solver import directory_total, position_bitmap
from scenarios.imperium_shogi.tablebase.warm import warm_up_apart
from tests.scenarios.tablebase.conftest import reduced_solution

pytestmark = pytest.mark.slow


def _rank_bits_of(directory: np.ndarray, chosen: list[int]) -> np.ndarray:
    """A rank-space bitmap (the directory's layout) holding the positions numbered ``chosen``."""
    bits = np.zeros_like(directory)
    lines = directory.shape[0] // 8
    position = 0
    wanted = set(chosen)
    for line in range(lines):
        for j in range(1, 8):
            word = int(directory[line * 8 + j])
            for bit in range(64):
                if word >> bit & 1:
                    if position in wanted:
                        bits[line * 8 + j] |= np.uint64(1 << bit)
                    position += 1
    return bits


def test_to_positions_numbers_each_ranked_bit_by_its_stored_position(dobutsu):
    """issue 47 item 1: bit p of the result <=> the rank of position p is set."""
    table = reduced_solution("bb_b_vs_bb_cr", dobutsu)
    total = directory_total(table.directory)
    chosen = sorted({0, 1, 63, 64, 65, total // 3, total // 2 + 7, total - 1})
    out = parallel.to_positions(table.directory, _rank_bits_of(table.directory, chosen))
    assert out.shape == position_bitmap(total).shape
    found = [p for p in range(total) if int(out[p >> 6]) >> (p & 63) & 1]
    assert found == chosen


def test_value_bytes_are_the_low_bytes_moved_in_place():
    """issue 47 item 1: the same bytes as copying the low bytes out, in the states' memory."""
    rng = np.random.default_rng(47)
    state = rng.integers(0, 2**16, size=100_003, dtype=np.uint16)
    expected = state.view(np.uint8)[0::2].copy()
    moved = parallel.value_bytes(state)
    assert np.array_equal(moved, expected)
    assert np.shares_memory(moved, state)


def test_the_kernels_compile_in_a_child_process():
    """issue 47 item 1: the warm-up runs apart (the compiler's memory stays out of the solve)."""
    assert warm_up_apart()


#: Run in a fresh process after the warm-up: a tiny solve, then every kernel that was not
#: found in numba's cache (and so was compiled in the solving process).
MISSES_SCRIPT = """
from numba.core.registry import CPUDispatcher
from scenarios.imperium_shogi.rules import Position
from scenarios.imperium_shogi.tablebase import index, kernel, parallel, solver
from scenarios.imperium_shogi.tablebase.warm import TINY_BOARD
solver.solve([Position(TINY_BOARD[:], [[0, 0, 0], [0, 0, 0]], 0)], False)
print(sorted({
    f"{module.__name__}.{name}"
    for module in (index, kernel, parallel)
    for name, obj in vars(module).items()
    if isinstance(obj, CPUDispatcher) and obj.stats.cache_misses
}))
"""


def test_the_two_compiling_children_leave_nothing_for_the_solve_to_compile(tmp_path, monkeypatch):
    """issue 47 item 1: on a cold cache the two children (each compiling part of the kernels,
    at the same time) compile every kernel a solve runs, so the solving process compiles none."""
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "numba-cache"))
    assert warm_up_apart()
    root = Path(__file__).resolve().parents[3]
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(filter(None, [str(root), os.environ.get("PYTHONPATH")])),
    }
    done = subprocess.run(
        [sys.executable, "-c", MISSES_SCRIPT], env=env, capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == "[]"
