"""Run every benchmark script one after another and print their figures (``make bench``).

Each benchmark is its own module that prints its figures and asserts nothing. The full
Imperium Shogi tablebase solve takes tens of minutes, so it only runs with ``--all``.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time

QUICK = (
    "benchmarks.bench_content",
    "benchmarks.bench_replay",
    "benchmarks.bench_movement",
    "benchmarks.bench_forecast",
    "benchmarks.bench_income",
    "benchmarks.bench_tui_launch",
    "benchmarks.bench_shogi_perft",
    "benchmarks.bench_invector_solve",
    "benchmarks.bench_imperial",
    "benchmarks.bench_fair_proofs",
)
LONG = ("benchmarks.bench_tablebase",)


def main(argv: list[str] | None = None) -> int:
    """Run the benchmarks; returns non-zero if any of them failed to run."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--all", action="store_true", help="include the full tablebase solve")
    args = parser.parse_args(argv)
    failed = []
    for module in QUICK + (LONG if args.all else ()):
        print(f"\n=== {module}", flush=True)
        started = time.perf_counter()
        result = subprocess.run([sys.executable, "-m", module], check=False)
        print(f"=== {module}: exit {result.returncode}, {time.perf_counter() - started:.1f} s")
        if result.returncode:
            failed.append(module)
    if failed:
        print("failed:", ", ".join(failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
