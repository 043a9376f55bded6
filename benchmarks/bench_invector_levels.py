"""Benchmark: Invector computer levels on 5×4 (issue 21, item 2).

Two figures per level, printed; nothing is asserted:

* **won starts held**: seeded 5×4 positions without the pie rule (a few random plies from the
  start) that the exact solver says the side to move wins; the level plays that side against
  ``hard`` (perfect wherever the solver reaches, so perfect in these positions). A level "holds"
  a start when it wins the game.
* **pie decisions**: after each first move with the pie rule (5×4 unless ``--pie-size``), whether
  the level swaps, and how many of its decisions are right: swap exactly when the solver says
  Black wins after that first move (on 5×4 every first move is a Black win, so the right answer
  is always *swap*; on 6×3 it is *swap* after 20 of the 27).

Run: ``.venv/bin/python -m benchmarks.bench_invector_levels [--starts 20] [--level medium]
[--pie-size 6x3]`` (``--starts 0`` prints the pie decisions only).
"""

from __future__ import annotations

import argparse
import random
import time

from scenarios.invector import make_game
from scenarios.invector.ai import LEVELS, InvectorAI
from scenarios.invector.board import parse_size
from scenarios.invector.rules import BLACK, SWAP, WHITE, InvectorState
from scenarios.invector.solver import Solver

COLS, ROWS = 5, 4
START_PLIES = 2


def won_starts(count: int, seed: int = 21) -> list[InvectorState]:
    """``count`` distinct seeded positions, won for the side to move (no pie rule)."""
    game = make_game(COLS, ROWS, pie=False)
    solver = Solver(game.board)
    rng = random.Random(seed)
    seen: set[str] = set()
    starts: list[InvectorState] = []
    while len(starts) < count:
        state = game.new_initial_state()
        for _ in range(START_PLIES):
            state.apply_action(rng.choice(state.legal_actions()))
        text = state.to_text()
        if text in seen or state.is_terminal():
            continue
        seen.add(text)
        if solver.value(state) > 0:
            starts.append(state)
    return starts


def hold(
    level: str, start: InvectorState, seed: int, opponent: InvectorAI
) -> tuple[bool, list[float]]:
    """Play ``level`` from ``start`` against ``opponent`` (``hard``, shared between games so its
    solver table is built once); whether the level won, and its times per move."""
    state = start.clone()
    mover = state.current_player()
    players = {mover: InvectorAI(level, random.Random(seed)), 1 - mover: opponent}
    times: list[float] = []
    while not state.is_terminal():
        seat = state.current_player()
        started = time.perf_counter()
        action = players[seat].choose(state)
        if seat == mover:
            times.append(time.perf_counter() - started)
        state.apply_action(action)
    return state.returns()[mover] > 0, times


def right_swaps(cols: int, rows: int) -> dict[int, bool]:
    """For each first move with the pie rule: whether Black wins after it (White should swap)."""
    start = make_game(cols, rows, pie=True).new_initial_state()
    solver = Solver(start.board)
    right = {}
    for first in start.legal_actions():
        state = start.clone()
        state.apply_action(first)
        right[first] = not solver.wins(state.stones[WHITE], state.stones[BLACK])
    return right


def pie_swaps(level: str, cols: int = COLS, rows: int = ROWS) -> tuple[int, int, int]:
    """After each first move of ``cols``×``rows``: how many times the level swaps, how many of
    its decisions are right, out of how many first moves."""
    start = make_game(cols, rows, pie=True).new_initial_state()
    truth = right_swaps(cols, rows)
    swaps = right = 0
    player = InvectorAI(level, random.Random(0))  # one player: its solver table is reused
    for first, should_swap in truth.items():
        state = start.clone()
        state.apply_action(first)
        swapped = player.choose(state) == SWAP
        swaps += swapped
        right += swapped == should_swap
    return swaps, right, len(truth)


def main(argv: list[str] | None = None) -> None:
    """Print the figures of each chosen level."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--starts", type=int, default=20, help="won starts per level")
    parser.add_argument("--level", choices=list(LEVELS), action="append")
    parser.add_argument(
        "--pie-size", default=f"{COLS}x{ROWS}", help="board of the pie decisions (default 5x4)"
    )
    args = parser.parse_args(argv)
    cols, rows = parse_size(args.pie_size)
    starts = won_starts(args.starts)
    opponent = InvectorAI("hard")
    should = sum(right_swaps(cols, rows).values())
    for level in args.level or list(LEVELS):
        started = time.perf_counter()
        swaps, right, firsts = pie_swaps(level, cols, rows)
        line = (
            f"{level:6}: {args.pie_size} pie: swapped after {swaps} of {firsts} first "
            f"moves, {right} of {firsts} decisions right (swap is right after {should})"
        )
        if starts:
            results = [hold(level, start, seed, opponent) for seed, start in enumerate(starts)]
            held = sum(won for won, _ in results)
            times = [t for _, ts in results for t in ts]
            line += (
                f"; held {held} of {len(starts)} won 5x4 starts against hard; "
                f"{sum(times) / len(times):.2f} s/move mean, {max(times):.2f} s max"
            )
        print(f"{line} ({time.perf_counter() - started:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
