"""Compile the solve's kernels in a child process, before a full solve (issue 47 item 1).

numba compiles a kernel the first time it runs and keeps it in its cache (``cache=True``).
Compiling all of them takes LLVM about 0.6 GB that the process does not give back, so a first
full solve compiled in its own process peaked at 1.88 GB instead of 1.29 GB. ``warm_up_apart``
runs a tiny solve in a child process instead: the child compiles and fills the cache and
exits; the solving process then loads the compiled kernels from the cache. With a warm cache
the child only loads them (a second or two).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from scenarios.imperium_shogi.rules import Position
from scenarios.imperium_shogi.tablebase.solver import solve

#: A tiny start (the two BBs and one piece): its solve runs every kernel of a fresh solve.
TINY_BOARD = [1, 0, 0, 0, 4, 0, 0, 0, 0, 0, 9, 0]
CHILD = "from scenarios.imperium_shogi.tablebase.warm import warm_up; warm_up()"


def warm_up() -> None:
    """Run every kernel of a fresh solve once, on a tiny problem (compiles or loads them)."""
    for dobutsu in (False, True):
        solve([Position(TINY_BOARD[:], [[0, 0, 0], [0, 0, 0]], 0)], dobutsu)


def warm_up_apart() -> bool:
    """``warm_up`` in a child process; whether it succeeded (else the solve compiles itself)."""
    root = str(Path(__file__).resolve().parents[3])  # the directory holding ``scenarios``
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [root, env.get("PYTHONPATH")]))
    done = subprocess.run(
        [sys.executable, "-c", CHILD],
        env=env,
        check=False,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    if done.returncode != 0:
        print(
            f"compiling the solver apart failed; compiling in this process:\n"
            f"{done.stderr.strip()[-2000:]}",
            file=sys.stderr,
        )
    return done.returncode == 0
