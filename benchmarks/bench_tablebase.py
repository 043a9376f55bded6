"""Retrograde tablebase figures (issues 12, 22): reduced problems, a full solve, a stored table.

    .venv/bin/python benchmarks/bench_tablebase.py              # reduced problems, seconds
    .venv/bin/python benchmarks/bench_tablebase.py --full imperium [--data-dir DIR]
    .venv/bin/python benchmarks/bench_tablebase.py --full dobutsu
    .venv/bin/python benchmarks/bench_tablebase.py --stored imperium [--data-dir DIR]

``--full`` solves (recomputing) into the user data directory (or ``--data-dir``), like
``campaign scenario solve imperium-shogi``, and prints wall and CPU time, the peak resident
memory, the size of the files, then the ``--stored`` figures: the time to open the table in a
fresh process (memory-mapped) and the time the perfect level takes to answer a move. Goal of
issue 22: <= 5 min wall on the 2-core machine, <= 2 GB peak memory, <= 1 GB on disk, open
< 1 s, a move < 10 ms. Figures only, no assertions; on a shared machine the wall time grows
with the CPU share lost to other work, so the CPU time is printed too.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


from benchmarks.goals import Peer, goal, ratio
from scenarios.imperium_shogi.game import ShogiState
from scenarios.imperium_shogi.rules import Position
from scenarios.imperium_shogi.tablebase import parallel
from scenarios.imperium_shogi.tablebase.cli import cpu_seconds, run
from scenarios.imperium_shogi.tablebase.solver import solve
from scenarios.imperium_shogi.tablebase.store import TablebaseFile, table_dir

ROOT = Path(__file__).resolve().parents[1]
#: Timed in a fresh interpreter: imports, then opening the table and probing the start.
OPEN_SCRIPT = """
import sys, time
started = time.perf_counter()
from pathlib import Path
from scenarios.imperium_shogi.rules import Position
from scenarios.imperium_shogi.tablebase import parallel
from scenarios.imperium_shogi.tablebase.store import TablebaseFile
imported = time.perf_counter()
table = TablebaseFile.open(sys.argv[1], Path(sys.argv[2]) if sys.argv[2] else None)
value = table.value(Position.initial())
print(imported - started, time.perf_counter() - imported, value)
"""

#: Reduced starts (square -> piece code, Red hand, Blue hand), growing in size.
REDUCED = {
    "BB+B vs BB+CR": ({1: 1, 4: 4, 10: 9, 11: 11}, [0, 0, 0], [0, 0, 0]),
    "BB+B+MS vs BB+CR": ({1: 1, 4: 4, 2: 2, 10: 9, 11: 11}, [0, 0, 0], [0, 0, 0]),
}


#: Goals of issue 47 for the full Imperium solve, cold compile cache included.
FULL_WALL_GOAL_S = 60.0
FULL_MEMORY_GOAL_GB = 1.0


def peak_gb() -> float:
    """Peak resident memory of this process, GB (10^9 bytes; Linux ``ru_maxrss`` is in KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024 / 1e9


def bench_reduced() -> None:
    """Time the solver on the reduced problems (numba compile excluded by a warm-up)."""
    solve([Position([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 9, 0], [[0, 0, 0], [0, 0, 0]], 0)])
    for name, (squares, red, blue) in REDUCED.items():
        rates = {}
        for dobutsu in (False, True):
            board = [0] * 12
            for sq, code in squares.items():
                board[sq] = code
            started = time.perf_counter()
            solution = solve([Position(board, [red[:], blue[:]], 0)], dobutsu)
            seconds = time.perf_counter() - started
            stats = solution.stats
            print(
                f"{name:22} {'dobutsu' if dobutsu else 'imperium':8} "
                f"{stats.positions:>11,} positions  {seconds:7.2f} s  "
                f"({stats.positions / seconds / 1e6:.2f} M/s)  longest {stats.max_dist} plies"
            )
            rates[dobutsu] = seconds / stats.positions * 1e9
        ratio(
            f"{name}: Imperium build, time per position",
            rates[False],
            "ns",
            Peer("our Dobutsu build", rates[True]),
        )
    print(f"peak memory {peak_gb():.2f} GB")


def bench_stored(variant: str, root: Path | None, moves: int = 200) -> None:
    """Disk size, opening time (fresh process) and perfect-level move time of a stored table."""
    directory = table_dir(variant, root)
    files = {path.name: path.stat().st_size for path in directory.glob("*") if path.is_file()}
    print(
        f"files in {directory}: "
        + ", ".join(f"{name} {size / 1e6:,.0f} MB" for name, size in sorted(files.items()))
        + f"; total {sum(files.values()) / 1e6:,.0f} MB"
    )
    out = subprocess.run(
        [sys.executable, "-c", OPEN_SCRIPT, variant, str(root) if root else ""],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    ).stdout.split(maxsplit=2)
    print(
        f"fresh process: imports {float(out[0]):.2f} s, open the table and probe the start "
        f"{float(out[1]):.3f} s -> {out[2].strip()}"
    )
    table = TablebaseFile.open(variant, root)
    assert table is not None
    rng = random.Random(22)
    state = ShogiState(Position.initial())
    times = []
    for _ in range(moves):
        if state.is_terminal():
            state = ShogiState(Position.initial())
        started = time.perf_counter()
        move = table.probe(state)
        times.append(time.perf_counter() - started)
        legal = state.legal_actions()
        state.apply_action(move if move is not None and rng.random() < 0.7 else rng.choice(legal))
    times.sort()
    print(
        f"perfect level, {moves} moves: median {times[len(times) // 2] * 1e3:.2f} ms, "
        f"slowest {times[-1] * 1e3:.2f} ms, fastest {times[0] * 1e3:.2f} ms"
    )


def main() -> int:
    """Reduced benchmark, a full solve with ``--full``, a stored table with ``--stored``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--full", choices=("imperium", "dobutsu"), default=None)
    parser.add_argument("--stored", choices=("imperium", "dobutsu"), default=None)
    parser.add_argument("--data-dir", default=None)
    args = parser.parse_args()
    root = Path(args.data_dir) if args.data_dir else None
    if args.full is None and args.stored is None:
        bench_reduced()
        return 0
    code = 0
    if args.full is not None:
        load_before = os.getloadavg()[0]
        started = time.perf_counter()
        code = run(args.full, root, force=True)  # compiles apart first (``warm_up_apart``)
        wall = time.perf_counter() - started
        print(
            f"wall time {wall:.0f} s, CPU (user + sys, all threads) "
            f"{cpu_seconds():.0f} s, peak memory {peak_gb():.2f} GB"
        )
        if args.full == "imperium":
            goal(
                "full Imperium tablebase, wall, compiling included (issue 47)",
                wall,
                FULL_WALL_GOAL_S,
                "s",
                digits=0,
            )
            goal(
                "full Imperium tablebase, peak resident memory (issue 47)",
                peak_gb(),
                FULL_MEMORY_GOAL_GB,
                "GB",
                digits=2,
            )
        print(
            f"machine: {os.cpu_count()} cores, {parallel.worker_count()} solver threads, load "
            f"average {load_before:.1f} before, {os.getloadavg()[0]:.1f} after (other work)"
        )
    bench_stored(args.stored or args.full, root)
    return code


if __name__ == "__main__":
    raise SystemExit(main())
