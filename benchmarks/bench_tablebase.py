"""Retrograde tablebase timings (issue 12): reduced problems, and optionally a full solve.

    .venv/bin/python benchmarks/bench_tablebase.py              # reduced problems, seconds
    .venv/bin/python benchmarks/bench_tablebase.py --full imperium [--data-dir DIR]
    .venv/bin/python benchmarks/bench_tablebase.py --full dobutsu

The full solve prints wall time per phase, positions per second and the peak resident memory
(goal: Imperium Shogi in <= 30 min and <= 8 GB on the 2-core machine). It writes the table to
the user data directory (or ``--data-dir``), like ``campaign scenario solve imperium-shogi``.
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scenarios.imperium_shogi.rules import Position  # noqa: E402
from scenarios.imperium_shogi.tablebase.cli import run  # noqa: E402
from scenarios.imperium_shogi.tablebase.solver import solve  # noqa: E402

#: Reduced starts (square -> piece code, Red hand, Blue hand), growing in size.
REDUCED = {
    "BB+B vs BB+CR": ({1: 1, 4: 4, 10: 9, 11: 11}, [0, 0, 0], [0, 0, 0]),
    "BB+B+MS vs BB+CR": ({1: 1, 4: 4, 2: 2, 10: 9, 11: 11}, [0, 0, 0], [0, 0, 0]),
}


def peak_mb() -> float:
    """Peak resident memory of this process, MB."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def bench_reduced() -> None:
    """Time the solver on the reduced problems (numba compile excluded by a warm-up)."""
    solve([Position([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 9, 0], [[0, 0, 0], [0, 0, 0]], 0)])
    for name, (squares, red, blue) in REDUCED.items():
        for dobutsu in (False, True):
            board = [0] * 12
            for sq, code in squares.items():
                board[sq] = code
            started = time.perf_counter()
            solution = solve([Position(board, [red[:], blue[:]], 0)], dobutsu)
            seconds = time.perf_counter() - started
            stats = solution.stats
            print(f"{name:22} {'dobutsu' if dobutsu else 'imperium':8} "
                  f"{stats.positions:>11,} positions  {seconds:7.2f} s  "
                  f"({stats.positions / seconds / 1e6:.2f} M/s)  longest {stats.max_dist} plies")
    print(f"peak memory {peak_mb():.0f} MB")


def main() -> int:
    """Reduced benchmark, or a full solve with ``--full``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--full", choices=("imperium", "dobutsu"), default=None)
    parser.add_argument("--data-dir", default=None)
    args = parser.parse_args()
    if args.full is None:
        bench_reduced()
        return 0
    started = time.perf_counter()
    code = run(args.full, Path(args.data_dir) if args.data_dir else None, force=True)
    print(f"wall time {time.perf_counter() - started:.0f} s, peak memory {peak_mb():.0f} MB")
    return code


if __name__ == "__main__":
    raise SystemExit(main())
