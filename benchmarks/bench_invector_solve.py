"""Benchmark: solve Invector exactly from the start and print time and positions visited.

Run ``python benchmarks/bench_invector_solve.py`` (default 5x4, goal: at most 60 s) or pass
``--size CxR``, ``--backend python|numba|auto`` and ``--full`` (also the value of every first
move, i.e. the list of winning first moves). The compiled backend is warmed up on 3x2 first so
numba's compile time is reported separately.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.goals import goal
from scenarios.invector import make_game
from scenarios.invector.board import parse_size
from scenarios.invector.solver import Solver

#: Goal of the docstring: the default 5x4 board solved in at most 60 s.
SOLVE_GOAL_S = 60.0


def run(cols: int, rows: int, backend: str, full: bool) -> float:
    """Solve one start position (without the pie rule: with it the value needs no search)."""
    state = make_game(cols, rows, pie=False).new_initial_state()
    solver = Solver(state.board, backend)
    started = time.perf_counter()
    if full:
        analysis = solver.analyse(state)
        value = analysis.value
        won, total = len(analysis.winning_actions), len(analysis.action_values)
        detail = f"winning first moves {won}/{total}"
    else:
        value = solver.value(state)
        detail = "value only"
    elapsed = time.perf_counter() - started
    verdict = "first player wins" if value > 0 else "second player wins"
    print(
        f"{cols}x{rows} backend={solver.backend:6} {detail:28} {verdict:18} "
        f"positions={solver.positions:>10,} time={elapsed:7.2f} s"
    )
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--size", default="5x4")
    parser.add_argument("--backend", default=None, help="python, numba or auto (default: both)")
    parser.add_argument("--full", action="store_true", help="only the full first-move analysis")
    args = parser.parse_args()
    cols, rows = parse_size(args.size)
    warm = time.perf_counter()
    Solver(make_game(3, 2).board, "numba").value(make_game(3, 2, pie=False).new_initial_state())
    print(f"numba warm-up (compile or load cache): {time.perf_counter() - warm:.2f} s")
    backends = [args.backend] if args.backend else ["numba", "python"]
    for backend in backends:
        for full in [True] if args.full else [False, True]:
            if backend == "python" and full and not args.backend:
                continue  # about a minute in pure Python; ask for it with --backend python
            elapsed = run(cols, rows, backend, full)
            if not full and backend != "python":
                goal(
                    f"Invector {cols}x{rows} solved, backend {backend}, wall",
                    elapsed,
                    SOLVE_GOAL_S,
                    "s",
                    digits=2,
                )


if __name__ == "__main__":
    main()
