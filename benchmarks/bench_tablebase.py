"""Retrograde tablebase figures (issues 12, 22): reduced problems, a full solve, a stored table.

    .venv/bin/python benchmarks/bench_tablebase.py              # reduced problems, seconds
    .venv/bin/python benchmarks/bench_tablebase.py --full imperium [--data-dir DIR]
    .venv/bin/python benchmarks/bench_tablebase.py --full dobutsu
    .venv/bin/python benchmarks/bench_tablebase.py --stored imperium [--data-dir DIR]
    .venv/bin/python benchmarks/bench_tablebase.py --full imperium --peer PATH/TO/gentb

``--full`` solves (recomputing) into the user data directory (or ``--data-dir``), like
``campaign scenario solve imperium-shogi``, and prints wall and CPU time, the peak resident
memory, the size of the files, then the ``--stored`` figures: the time to open the table in a
fresh process (memory-mapped) and the time the perfect level takes to answer a move. Goal of
issue 22: <= 5 min wall on the 2-core machine, <= 2 GB peak memory, <= 1 GB on disk, open
< 1 s, a move < 10 ms. Figures only, no assertions; on a shared machine the wall time grows
with the CPU share lost to other work, so the CPU time is printed too.

``--peer`` names a build of the best public peer, Robert Clausecker's Dobutsu shogi tablebase
generator (``gentb`` of github.com/clausecker/dobutsu, built with ``cc``; not part of this
project). After the full solve it is run on as many threads as the solver has, in the same run,
and its wall and CPU are printed beside ours (``ratio:`` lines, and the peer of the wall goal):
the machine's speed changes from hour to hour, a ratio to a peer measured beside it does not.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
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


@dataclass(frozen=True)
class PeerRun:
    """What the peer's full solve took: wall seconds and CPU seconds (user + sys)."""

    label: str
    wall: float
    cpu: float


def children_cpu_seconds() -> float:
    """User plus system CPU of this process's finished children (the compiling warm-ups)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_peer(gentb: Path, threads: int) -> PeerRun:
    """Run Clausecker's ``gentb -j threads`` into a scratch file and time it (its output is
    a table of his own format, thrown away)."""
    with tempfile.TemporaryDirectory(prefix="peer-tablebase-") as scratch:
        cpu_before = children_cpu_seconds()
        started = time.perf_counter()
        subprocess.run(
            [str(gentb), "-j", str(threads), str(Path(scratch) / "dobutsu.tb")],
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        wall = time.perf_counter() - started
        cpu = children_cpu_seconds() - cpu_before
    return PeerRun(f"Clausecker's gentb -j {threads}, same run", wall, cpu)


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
    parser.add_argument(
        "--peer",
        type=Path,
        default=None,
        help="a built gentb of github.com/clausecker/dobutsu, run after --full beside it",
    )
    args = parser.parse_args()
    if args.peer is not None and (args.full is None or not os.access(args.peer, os.X_OK)):
        parser.error(f"--peer {args.peer}: needs --full and an executable gentb")
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
        every_cpu = cpu_seconds() + children_cpu_seconds()
        print(
            f"wall time {wall:.0f} s, CPU (user + sys, all threads) "
            f"{cpu_seconds():.0f} s ({every_cpu:.0f} s with the compiling children), "
            f"peak memory {peak_gb():.2f} GB"
        )
        peer = run_peer(args.peer, parallel.worker_count()) if args.peer else None
        if peer is not None:
            print(f"peer: {peer.label}: wall {peer.wall:.0f} s, CPU {peer.cpu:.0f} s")
            ratio(
                f"full {args.full} tablebase, wall, compiling included",
                wall,
                "s",
                Peer(peer.label, peer.wall),
                digits=0,
            )
            ratio(
                f"full {args.full} tablebase, CPU of every process",
                every_cpu,
                "s",
                Peer(peer.label, peer.cpu),
                digits=0,
            )
        if args.full == "imperium":
            goal(
                "full Imperium tablebase, wall, compiling included (issue 47)",
                wall,
                FULL_WALL_GOAL_S,
                "s",
                digits=0,
                peer=Peer(peer.label, peer.wall) if peer else None,
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
