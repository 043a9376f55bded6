"""Compile the solve's kernels in child processes, before a full solve (issue 47 item 1).

numba compiles a kernel the first time it runs and keeps it in its cache (``cache=True``).
Compiling all of them takes LLVM about 0.6 GB that the process does not give back, so a first
full solve compiled in its own process peaked at 1.88 GB instead of 1.29 GB. ``warm_up_apart``
compiles them in two child processes instead, at the same time (one per core: compiling is
single-threaded, about 16 s of CPU on a cold cache): one runs the enumeration of a tiny problem,
and prepares its states, the other propagates the level of a one-position table
(``PART_KERNELS``). Each fills numba's cache
and exits; the solving process then loads the compiled kernels from the cache. With a warm
cache the children only load them (a second or two).

On Linux, in a process with no other Python thread (the command line's), each child is a fork
of the solving process, which has numba and the solver imported already: a started interpreter
spent about 0.45 s of CPU of each child's 6.5 importing them again (issue 47). The compiler's
memory is still the child's own, and a fork shares numba's settings (the cache directory
among them) with the process that will load what it compiles. Elsewhere each child is a new
interpreter, as before.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import traceback
from collections.abc import Callable
from pathlib import Path

import numpy as np
from numba import config as numba_config

from scenarios.imperium_shogi.rules import Position
from scenarios.imperium_shogi.tablebase import parallel
from scenarios.imperium_shogi.tablebase.index import finish_directory
from scenarios.imperium_shogi.tablebase.ranking import Ranking
from scenarios.imperium_shogi.tablebase.solver import (
    Table,
    directory_total,
    enumerate_positions,
    key_of,
    prepare_states,
    retrograde,
    start_directory,
)

#: A tiny start (the two BBs and one piece): its enumeration runs every enumeration kernel.
TINY_BOARD = [1, 0, 0, 0, 4, 0, 0, 0, 0, 0, 9, 0]
#: A terminal position of the same material (the Blue BB entered Red's home rank, out of
#: reach): a table holding only it runs every kernel after the enumeration, a level included.
LOST_BOARD = [9, 0, 0, 0, 0, 0, 4, 1, 0, 0, 0, 0]
#: What each child compiles (``warm_up(part)``), split so that both take about as long
#: (about 7 s of CPU each on a cold cache). The kernels only a resumed solve runs are
#: compiled by a third child, and only then (``warm_up_apart(resume=True)``): 3 s of CPU
#: that a fresh solve does not wait for (issue 47, round 4).
PART_KERNELS = {
    "enumerate": ("expand_pass", "finish_directory", "prepare_from_log", "census", "value_bytes"),
    "solve": ("retro_level", "collect_level"),
    "resume": ("prepare", "forget_beyond"),
}
#: The parts a fresh solve needs.
FRESH_PARTS = ("enumerate", "solve")
CHILD = "from scenarios.imperium_shogi.tablebase.warm import warm_up; warm_up({part!r})"


def _key(board: list[int]) -> int:
    return key_of(Position(board[:], [[0, 0, 0], [0, 0, 0]], 0))


def warm_up(part: str) -> None:
    """Run the kernels of ``PART_KERNELS[part]`` once on tiny input (compiles or loads them)."""
    if part == "enumerate":
        start = _key(TINY_BOARD)
        ranking = Ranking.of_key(start)
        directory, log = enumerate_positions([start], ranking, False)
        state = np.zeros(directory_total(directory), dtype=np.uint8)
        prepare_states(ranking, directory, log, state, 0, False)
        parallel.census(directory, state)
        parallel.value_bytes(state)
    elif part == "resume":
        start = _key(TINY_BOARD)
        ranking = Ranking.of_key(start)
        directory, _ = enumerate_positions([start], ranking, False)
        state = np.zeros(directory_total(directory), dtype=np.uint8)
        prepare_states(ranking, directory, None, state, 0, False)  # a stop before level 0
        parallel.forget_beyond(state, 1)
        prepare_states(ranking, directory, None, state, 1, False)  # a stop after level 0
    elif part == "solve":
        lost = _key(LOST_BOARD)
        ranking = Ranking.of_key(lost)
        directory, _ = start_directory([lost], ranking)
        finish_directory(directory)
        state = np.ones(1, dtype=np.uint8)  # lost in 0, as ``prepare`` finds it
        table = Table(ranking, directory, np.empty(0, dtype=np.uint8), False)
        if retrograde(table, state, levels=[1]) != [1]:  # (the census is the other part's)
            raise RuntimeError("the one-position warm-up table did not propagate its level")
    else:
        raise ValueError(f"unknown warm-up part {part!r} (known: {', '.join(PART_KERNELS)})")


#: What a started child gives back once it ends: its exit code and what it wrote to stderr.
Finish = Callable[[], tuple[int, str]]


def warm_up_apart(resume: bool = False) -> bool:
    """``warm_up`` of each part a fresh solve needs (and with ``resume`` the parts of a
    resumed one) in its own child process, at the same time; whether all succeeded (else the
    solve compiles what is missing itself)."""
    start = _forked if _may_fork() else _started
    children = [start(part) for part in (PART_KERNELS if resume else FRESH_PARTS)]
    ok = True
    for finish in children:
        code, errors = finish()
        if code != 0:
            ok = False
            print(
                f"compiling the solver apart failed; compiling in this process:\n"
                f"{errors.strip()[-2000:]}",
                file=sys.stderr,
            )
    return ok


def _may_fork() -> bool:
    """Whether the children may be forks of this process: on Linux, with no other Python
    thread (a thread holding a lock at the fork would leave it held in the child), and with
    numba's cache directory still the one the environment names (numba reads it once, at
    import: a fork compiles into the cache this process reads, a new interpreter into the one
    the environment names now)."""
    return (
        sys.platform == "linux"
        and threading.active_count() == 1
        and os.environ.get("NUMBA_CACHE_DIR", "") == numba_config.CACHE_DIR  # type: ignore[attr-defined]
    )


def _forked(part: str) -> Finish:
    """``warm_up(part)`` in a fork of this process, its stderr piped back."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns into the caller's code
        code = 1
        try:
            os.close(read_end)
            os.dup2(write_end, 2)
            warm_up(part)
            code = 0
        except BaseException:  # reported to the parent, which carries on
            traceback.print_exc()
        finally:
            sys.stderr.flush()
            os._exit(code)
    os.close(write_end)

    def finish() -> tuple[int, str]:
        with open(read_end, encoding="utf-8", errors="replace") as errors:
            text = errors.read()
        _, status = os.waitpid(pid, 0)
        return os.waitstatus_to_exitcode(status), text

    return finish


def _started(part: str) -> Finish:
    """``warm_up(part)`` in a new interpreter importing this checkout."""
    root = str(Path(__file__).resolve().parents[3])  # the directory holding ``scenarios``
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [root, env.get("PYTHONPATH")]))
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD.format(part=part)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )

    def finish() -> tuple[int, str]:
        _, errors = child.communicate()
        return child.returncode, errors

    return finish
