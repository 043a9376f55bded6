"""Run every benchmark script one after another, print their figures, then every goal
(``make bench``).

Each benchmark is its own module that prints its figures and asserts nothing; the goals it
measures it states as ``goal:`` lines (``benchmarks.goals``): met or not met, and the ratio to a
peer measured in the same run where there is one. This runner shows each benchmark's output as
it comes and ends with all the goal lines together (issue 47 item 4). The full tablebase solve
takes minutes and a gigabyte or two, so it runs only with ``--all``.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time

from benchmarks.goals import PREFIX, RATIO_PREFIX

QUICK = (
    "benchmarks.bench_content",
    "benchmarks.bench_replay",
    "benchmarks.bench_movement",
    "benchmarks.bench_forecast",
    "benchmarks.bench_income",
    "benchmarks.bench_cli",
    "benchmarks.bench_tui_launch",
    "benchmarks.bench_shogi_perft",
    "benchmarks.bench_tablebase",
    "benchmarks.bench_invector_solve",
    "benchmarks.bench_imperial",
    "benchmarks.bench_fair_proofs",
)
LONG = (("benchmarks.bench_tablebase", "--full", "imperium"),)


def run_one(argv: list[str]) -> tuple[int, list[str]]:
    """Run one benchmark, echoing its output; its exit code and its ``goal:`` lines."""
    goals = []
    with subprocess.Popen(
        [sys.executable, "-m", *argv], stdout=subprocess.PIPE, text=True, bufsize=1
    ) as process:
        assert process.stdout is not None
        for line in process.stdout:
            print(line, end="", flush=True)
            if line.startswith((PREFIX, RATIO_PREFIX)):
                goals.append(line.rstrip("\n"))
    return process.returncode, goals


def main(argv: list[str] | None = None) -> int:
    """Run the benchmarks; returns non-zero if any of them failed to run."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--all", action="store_true", help="include the full tablebase solve")
    args = parser.parse_args(argv)
    failed = []
    goals: list[tuple[str, str]] = []
    runs = [(module,) for module in QUICK] + (list(LONG) if args.all else [])
    for run in runs:
        label = " ".join(run)
        print(f"\n=== {label}", flush=True)
        started = time.perf_counter()
        code, found = run_one(list(run))
        print(f"=== {label}: exit {code}, {time.perf_counter() - started:.1f} s")
        goals += [(label, line) for line in found]
        if code:
            failed.append(label)
    stated = [line for _, line in goals if line.startswith(PREFIX)]
    met = sum(1 for line in stated if line.endswith(": met") or ": met;" in line)
    print(f"\n=== goals: {met} met, {len(stated) - met} not met")
    for label, line in goals:
        print(f"{label.removeprefix('benchmarks.')}: {line}")
    if failed:
        print("failed:", ", ".join(failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
