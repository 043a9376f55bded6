"""Benchmark: Imperium Shogi perft from the initial position, and search speed.

Goal: perft depth 6 (76,621 leaves) in at most 2 s on the 2-core reference machine. Prints the
figures; asserts nothing. Run: ``.venv/bin/python -m benchmarks.bench_shogi_perft``

Three counters are timed: the fast core with bulk counting at the last ply (what the CLI uses),
the fast core making every leaf move (an honest moves-made-per-second figure), and the generic
protocol perft (clone per node, with repetition bookkeeping) as a reference.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from benchmarks.goals import goal
from scenarios.imperium_shogi.ai import ShogiAI
from scenarios.imperium_shogi.game import make_game
from scenarios.imperium_shogi.rules import Position, perft
from scenarios.solvers import perft as generic

GOAL_SECONDS = 2.0


def perft_every_leaf(position: Position, depth: int) -> int:
    """Perft that plays and takes back every leaf move too (no bulk counting)."""
    if depth == 0:
        return 1
    total = 0
    for move in position.moves():
        captured = position.make(move)
        total += perft_every_leaf(position, depth - 1)
        position.unmake(move, captured)
    return total


def timed(label: str, count: Callable[[], int]) -> float:
    """Run ``count`` once, print leaves, seconds and leaves per second; return the seconds."""
    started = time.perf_counter()
    leaves = count()
    seconds = time.perf_counter() - started
    print(f"{label:44} {leaves:>9,} leaves  {seconds:7.3f} s  {leaves / seconds:>12,.0f} leaves/s")
    return seconds


def main() -> None:
    """Print the perft and search figures."""
    for depth in (5, 6, 7):
        seconds = timed(
            f"fast perft depth {depth} (bulk count)", lambda d=depth: perft(Position.initial(), d)
        )
        if depth == 6:
            goal("Imperium Shogi perft depth 6 (bulk count), wall", seconds, GOAL_SECONDS, "s")
    timed("fast perft depth 6 (every leaf made)", lambda: perft_every_leaf(Position.initial(), 6))
    timed(
        "generic protocol perft depth 5", lambda: generic.perft(make_game().new_initial_state(), 5)
    )
    ai = ShogiAI("normal")
    ai.choose(make_game().new_initial_state(), seconds=2.0)
    result = ai.last
    assert result is not None
    print(
        f"alpha-beta 2 s from the start: depth {result.depth}, {result.nodes:,} nodes, "
        f"{result.nodes / result.seconds:,.0f} nodes/s"
    )


if __name__ == "__main__":
    main()
