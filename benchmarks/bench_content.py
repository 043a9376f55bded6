"""Benchmark: loading the rules profile and querying the assembled map (DN-DATA-*, DN-MAP-*).

Run from the repository root: ``.venv/bin/python -m benchmarks.bench_content``.

Prints the best-of-N time of

- ``load_ruleset``: read and validate every file of data/ and assemble the standard layout
  (goal: well under 100 ms, the TUI and every CLI command do it once at start);
- ``random assembly``: seeded DN-MAP-5 assembly from already loaded sections;
- ``neighbours`` / ``hex_neighbours`` / ``route_between`` / ``system``: one query on the standard
  map, and one ``CombatTable.lookup`` (goal: about a microsecond; the movement and combat rules
  ask them many times per order).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from benchmarks.goals import goal
from campaign.content import load_ruleset, loader
from campaign.content.loader import default_data_dir, load_sections_of
from campaign.rules.map_assembly import assemble_random

#: Goals of the docstring: loading well under 100 ms, a query about a microsecond.
LOAD_GOAL_MS = 100.0
QUERY_GOAL_US = 1.0


def fresh_load(data_dir: Path) -> object:
    """``load_ruleset`` as a process's first load does it (the kept rulesets forgotten)."""
    loader._BUILT.clear()
    return load_ruleset(data_dir)


def best_of(runs: int, action: Callable[[], object]) -> float:
    """The fastest of ``runs`` calls of ``action``, in seconds."""
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        action()
        best = min(best, time.perf_counter() - start)
    return best


def per_call(repeats: int, action: Callable[[], object]) -> float:
    """Average seconds per call over ``repeats`` calls (best of 5 batches)."""

    def batch() -> None:
        for _ in range(repeats):
            action()

    return best_of(5, batch) / repeats


def main() -> None:
    data_dir = default_data_dir()
    load_time = best_of(10, lambda: fresh_load(data_dir))
    print(f"load_ruleset (standard)     {load_time * 1e3:8.2f} ms")
    goal("load_ruleset, standard layout", load_time * 1e3, LOAD_GOAL_MS, "ms", digits=2)
    again = best_of(10, lambda: load_ruleset(data_dir))
    print(f"  again, same process       {again * 1e3:8.2f} ms (kept: the files' hashes only)")
    catalog = load_sections_of(data_dir)
    seeds = iter(range(10**9))
    random_time = best_of(50, lambda: assemble_random(catalog, next(seeds)))
    print(f"random assembly (DN-MAP-5)  {random_time * 1e3:8.2f} ms")
    star_map = load_ruleset(data_dir).star_map
    ids = [system.id for system in star_map.systems]
    first, second = ids[0], star_map.neighbours(ids[0])[0]
    queries = {
        "neighbours": lambda: star_map.neighbours(first),
        "hex_neighbours": lambda: star_map.hex_neighbours(first),
        "route_between": lambda: star_map.route_between(first, second),
        "system": lambda: star_map.system(second),
    }
    space = load_ruleset(data_dir).tables["space_crt"]
    queries["space_crt lookup"] = lambda: space.lookup(7, 3, 4)
    for name, query in queries.items():
        micros = per_call(20_000, query) * 1e6
        print(f"{name:27} {micros:8.3f} us/call")
        goal(f"map query {name}", micros, QUERY_GOAL_US, "us/call")


if __name__ == "__main__":
    main()
