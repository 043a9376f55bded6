"""Benchmark: the proofs of the joint shuffle for the full neutral deck (issue 42 item 2).

For each pass: CPU time to make it (with its proof) and to check it as the receiver does
(``shuffle.received``: form, every point, the proof), and its size in a turn file (the pass
as canonical JSON, proof included). Median of 5 runs, process CPU time. Goal (issue 42):
under 1 s CPU per pass and under 1 MB per file on this machine. No assertions: figures only.

Run from the repository root: ``.venv/bin/python -m benchmarks.bench_fair_proofs``.
"""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")

RUNS = 5
#: Goals of issue 42: each pass made or checked in under 1 s of CPU, each file under 1 MB.
PASS_GOAL_MS = 1000.0
FILE_GOAL_KB = 1000.0
CONTEXT = "bench-fair"


def _cpu(work: Callable[..., T], *args: object) -> tuple[float, T]:
    started = time.process_time()
    result = work(*args)
    return time.process_time() - started, result


def main() -> None:
    """Print make/check CPU time and size per pass."""
    from benchmarks.goals import goal
    from campaign.content import load_ruleset
    from campaign.pbem.fair import group, proofs, shuffle
    from campaign.rules import fairplay
    from campaign.rules.canonical import canonical_json

    public = fairplay.decks(load_ruleset())
    cards = sum(len(labels) for labels in public.values())
    print(
        f"neutral deck: {cards} cards ({', '.join(f'{k} {len(v)}' for k, v in public.items())})"
        f", {proofs.ROUNDS} rounds per shuffle proof"
    )
    times: dict[str, list[float]] = {
        f"{verb} pass {n}": [] for n in (1, 2, 3) for verb in ("make", "check")
    }
    sizes: dict[int, int] = {}
    for _ in range(RUNS):
        group._is_valid_point.cache_clear()
        made_1, (p1, secrets) = _cpu(shuffle.first_pass, CONTEXT, "solomani", public, os.urandom)
        made_2, (p2, _) = _cpu(shuffle.second_pass, CONTEXT, "aslan", public, p1, os.urandom)
        made_3, p3 = _cpu(shuffle.third_pass, CONTEXT, secrets, public, p2, os.urandom)
        group._is_valid_point.cache_clear()  # the receiver reads every point afresh
        checks = [
            _cpu(shuffle.received, CONTEXT, public, made.to_plain(), earlier)[0]
            for made, earlier in ((p1, {}), (p2, {1: p1}), (p3, {1: p1, 2: p2}))
        ]
        for number, (made, check) in enumerate(
            zip((made_1, made_2, made_3), checks, strict=True), 1
        ):
            times[f"make pass {number}"].append(made)
            times[f"check pass {number}"].append(check)
        for made in (p1, p2, p3):
            sizes[made.number] = len(canonical_json(made.to_plain()).encode())
    for name, values in times.items():
        print(f"{name}: {statistics.median(values) * 1000:.0f} ms CPU (median of {RUNS})")
        goal(
            f"fair shuffle, {name}, CPU (issue 42)",
            statistics.median(values) * 1000,
            PASS_GOAL_MS,
            "ms",
            digits=0,
        )
    for number, size in sizes.items():
        print(f"pass {number} with its proof: {size / 1000:.0f} kB")
        goal(
            f"fair shuffle, pass {number} in a turn file (issue 42)",
            size / 1000,
            FILE_GOAL_KB,
            "kB",
            digits=0,
        )


if __name__ == "__main__":
    main()
