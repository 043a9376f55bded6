"""Benchmark: the Imperial computer levels against each other (issue 21, item 3).

Seeded 4-player games, two seats ``normal`` (the investor/military player) and two ``easy`` (the
old greedy player); the seats swap every game (``normal`` on 0 and 2, then on 1 and 3) so
neither level keeps the better seats. Prints, asserting nothing:

* the share of games won by a ``normal`` seat (goal > 60 %; 50 % would be equal strength);
* per level: the share of its rondel moves that land on Investor, hostile entries (a hostile move
  or a flip, IMP-13) per game;
* per game: factories destroyed (IMP-15), 1M rescue payments (IMP-19), nation turns, and which
  nation reached 25 power first (IMP-20);
* milliseconds per decision of each level.

Run: ``.venv/bin/python -m benchmarks.bench_imperial_players [--games 60] [--preset guide]``
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter

from scenarios.imperial import ai, events, make_game
from scenarios.imperial.constants import RONDEL
from scenarios.imperial.options import PRESETS

LEVELS = ("normal", "easy")


def seats_of(game_index: int) -> list[str]:
    """Levels by seat: ``normal`` on the even seats in even games, on the odd ones otherwise."""
    first, second = LEVELS if game_index % 2 == 0 else LEVELS[::-1]
    return [first, second, first, second]


def play(game_index: int, preset: str, counts: Counter[str]) -> None:
    """One seeded game; adds its figures to ``counts``."""
    seats = seats_of(game_index)
    position = make_game(4, seed=game_index, preset=preset).new_initial_state()
    rng = random.Random(game_index)
    while not position.is_terminal():
        state = position.state
        seat = position.current_player()
        level = seats[seat]
        started = time.perf_counter()
        order = ai.choose(state, rng, level)
        counts[f"seconds {level}"] += time.perf_counter() - started
        counts[f"decisions {level}"] += 1
        if order[0] == "rondel":
            counts[f"rondel {level}"] += 1
            counts[f"investor {level}"] += RONDEL[order[1]] == "Investor"
        hostile = (order[0] == "move" and order[4]) or order[0] == "flip"
        counts[f"hostile {level}"] += bool(hostile)
        position.apply_action(order)
    for event in position.events():
        if isinstance(event, events.FactoryDestroyed):
            counts["destroyed"] += 1
        elif isinstance(event, events.Transfer) and event.reason == "IMP-19 rescue":
            counts["rescues"] += 1
    counts["turns"] += position.state.turns
    ended = position.state.ended or ""
    ender = ended.split()[0] if "reached" in ended else "turn cap"
    counts[f"first {ender}"] += 1
    for seat, share in enumerate(position.returns()):
        counts[f"wins {seats[seat]}"] += share


def main(argv: list[str] | None = None) -> None:
    """Play the games and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--preset", choices=sorted(PRESETS), default="guide")
    args = parser.parse_args(argv)
    counts: Counter[str] = Counter()
    started = time.perf_counter()
    for index in range(args.games):
        play(index, args.preset, counts)
    games = args.games
    print(
        f"{games} seeded 4-player games ({args.preset} preset), 2 normal + 2 easy seats, "
        f"{time.perf_counter() - started:.0f} s"
    )
    print(
        f"  games won by a normal seat: {counts['wins normal']:.1f} of {games} "
        f"({100 * counts['wins normal'] / games:.0f} %; goal > 60 %)"
    )
    for level in LEVELS:
        rondel = counts[f"rondel {level}"] or 1
        print(
            f"  {level:6}: Investor landings {counts[f'investor {level}']} of "
            f"{counts[f'rondel {level}']} rondel moves "
            f"({100 * counts[f'investor {level}'] / rondel:.1f} %), "
            f"hostile entries {counts[f'hostile {level}'] / games:.1f} per game, "
            f"{1000 * counts[f'seconds {level}'] / (counts[f'decisions {level}'] or 1):.1f} "
            f"ms/decision"
        )
    print(
        f"  per game: {counts['destroyed'] / games:.2f} factories destroyed, "
        f"{counts['rescues'] / games:.2f} rescue payments, {counts['turns'] / games:.0f} "
        f"nation turns"
    )
    firsts = sorted((k.split(" ", 1)[1], v) for k, v in counts.items() if k.startswith("first "))
    print("  first to 25 power: " + ", ".join(f"{nation} {n}" for nation, n in firsts))


if __name__ == "__main__":
    main()
