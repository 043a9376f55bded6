"""Benchmark: Imperial whole games (random and computer players), replay and position text.

Goal: a whole random 4-player game (a few hundred orders) in under 1 s, so the conformance
playouts and the TUI's computer seats stay quick. Prints the figures; asserts nothing.
Run: ``.venv/bin/python -m benchmarks.bench_imperial``
"""

from __future__ import annotations

import random
import time

from benchmarks.goals import goal
from scenarios.imperial import ai, make_game

GOAL_SECONDS = 1.0


def whole_game(players: int, seed: int, computer: bool) -> tuple[int, float, object]:
    """Play one game; returns (orders, seconds, final position)."""
    position = make_game(players, seed=seed).new_initial_state()
    rng = random.Random(seed)
    start = time.perf_counter()
    orders = 0
    while not position.is_terminal():
        legal = position.legal_actions()
        order = ai.choose(position.state, rng) if computer else rng.choice(legal)
        position.apply_action(order)
        orders += 1
    return orders, time.perf_counter() - start, position


def main() -> None:
    """Print games/s, orders/s, replay and text round-trip times."""
    for computer in (False, True):
        label = "computer" if computer else "random"
        for players in (4, 6):
            runs = [whole_game(players, seed, computer) for seed in range(5)]
            orders = sum(r[0] for r in runs)
            seconds = sum(r[1] for r in runs)
            print(
                f"{label:8} {players}p: {orders / 5:6.0f} orders/game, "
                f"{seconds / 5 * 1000:7.1f} ms/game, {orders / seconds:8.0f} orders/s "
                f"(goal < {GOAL_SECONDS:.1f} s/game)"
            )
            goal(
                f"Imperial {players} players, {label} seats, per game",
                seconds / 5,
                GOAL_SECONDS,
                "s",
            )
    _, _, position = whole_game(4, 1, False)
    start = time.perf_counter()
    position.replay()
    print(
        f"replay of {len(position.events())} events: {(time.perf_counter() - start) * 1000:.1f} ms"
    )
    text = position.to_text()
    start = time.perf_counter()
    for _ in range(100):
        make_game(4, seed=1).state_from_text(text)
    print(f"position text ({len(text)} chars) parse: {(time.perf_counter() - start) * 10:.2f} ms")


if __name__ == "__main__":
    main()
