"""The solve's smaller working sets (issue 47 item 1), checked on reduced problems.

The level bitmaps are kept in position space (one bit per stored position) instead of rank
space, a position's state is one byte, turned into its value byte in place at the end, the
states are set from the enumeration's log (round 4), and the kernels are compiled in a child
process: same tables, less memory at the peak.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from scenarios.imperium_shogi.tablebase import parallel, solver, warm
from scenarios.imperium_shogi.tablebase.ranking import Ranking
from scenarios.imperium_shogi.tablebase.solver import (
    WON_IN_0,
    directory_total,
    enumerate_positions,
    key_of,
    prepare_states,
)
from scenarios.imperium_shogi.tablebase.warm import warm_up_apart
from tests.built_once import built_once
from tests.scenarios.tablebase.conftest import reduced_position

pytestmark = pytest.mark.slow


def _prepared(name: str, dobutsu: bool, log_room: int | None) -> tuple[np.ndarray, bool]:
    """States of a reduced problem prepared after its enumeration; whether from the log
    (``log_room`` replaces the log's room when given)."""
    start = key_of(reduced_position(name))
    ranking = Ranking.of_key(start)
    if log_room is None:
        directory, log = enumerate_positions([start], ranking, dobutsu)
    else:
        original = solver._log_room
        solver._log_room = lambda *_args: log_room  # type: ignore[assignment]
        try:
            directory, log = enumerate_positions([start], ranking, dobutsu)
        finally:
            solver._log_room = original  # type: ignore[assignment]
    state = np.zeros(directory_total(directory), dtype=np.uint8)
    prepare_states(ranking, directory, log, state, 0, dobutsu)
    return state, log is not None


@pytest.mark.parametrize("name", ["bb_b_vs_bb", "bb_b_vs_bb_cr"])
def test_states_from_the_enumeration_log_equal_those_counted_from_the_keys(name, dobutsu):
    """issue 47 item 1 (round 4): the byte the enumeration logs for each expanded position
    (terminal value, lost in 0 or 2, or its count of children that do not hang the BB), and
    ``CAPTURE`` for every position it does not name, equal what ``prepare`` finds from each
    position's key."""
    from_log, logged = _prepared(name, dobutsu, None)
    from_keys, keyed = _prepared(name, dobutsu, 0)  # no room: prepared from the keys
    assert logged and not keyed
    assert np.array_equal(from_log, from_keys)
    assert (from_log == parallel.CAPTURE).sum() > 0 and (from_log > parallel.CAPTURE).sum() > 0


def test_a_log_out_of_room_leaves_the_solve_to_the_keys():
    """issue 47 item 1 (round 4): a log that runs out of room is dropped (the states are
    counted from the keys), not read half-written.

    The room is less than one chunk, so the first worker to log runs out whatever the threads
    do. With one chunk of room, running out depended on how the threads shared the blocks: a
    single thread fits this problem's ~14,800 records in one chunk, and on a machine with both
    cores busy the test failed."""
    full, _ = _prepared("bb_b_vs_bb_cr", False, None)
    cut, logged = _prepared("bb_b_vs_bb_cr", False, parallel.LOG_CHUNK // 2)
    assert not logged
    assert np.array_equal(full, cut)


def test_value_bytes_are_the_states_turned_in_place():
    """issue 47 item 1: a capture is won in 1 (2), a count undecided (0, a draw), a value
    stays; in the states' own memory."""
    codes = [0, 1, 2, 3, 174, parallel.CAPTURE, parallel.CAPTURE + 1, 254, WON_IN_0]
    state = np.array(codes * 1000, dtype=np.uint8)
    expected = np.array([0, 1, 2, 3, 174, 2, 0, 0, WON_IN_0] * 1000, dtype=np.uint8)
    turned = parallel.value_bytes(state)
    assert np.array_equal(turned, expected)
    assert np.shares_memory(turned, state)


def test_the_kernels_compile_in_a_child_process():
    """issue 47 item 1: the warm-up runs apart (the compiler's memory stays out of the solve)."""
    assert warm_up_apart()


def test_a_started_child_compiles_and_says_how_it_ended():
    """issue 47 item 1: where the children cannot be forks (another OS, other threads, the
    cache directory changed since numba's import), each is a new interpreter."""
    code, errors = warm._started("solve")()
    assert (code, errors) == (0, "")


#: Run in a fresh process (no other thread, so the fork is as the command line's): a forked
#: child whose warm-up fails, and what it gave back.
FAILING_FORK_SCRIPT = """
import json
from scenarios.imperium_shogi.tablebase import warm
code, errors = warm._forked("no-such-part")()
print(json.dumps([warm._may_fork(), code, errors]))
"""


def test_a_forked_child_that_fails_gives_back_its_traceback():
    """issue 47 item 1: a forked child that fails exits 1 and gives its traceback back through
    its pipe, for the warm-up to report before the solve compiles in its own process."""
    may_fork, code, errors = json.loads(_run_fresh(FAILING_FORK_SCRIPT, ""))
    assert may_fork == sys.platform.startswith("linux")
    assert code == 1
    assert "ValueError: unknown warm-up part 'no-such-part'" in errors


#: Run in a fresh process after the warm-up: a tiny solve, then every kernel that was not
#: found in numba's cache (and so was compiled in the solving process).
MISSES_SCRIPT = """
import sys
from numba.core.registry import CPUDispatcher
from scenarios.imperium_shogi.rules import Position
from scenarios.imperium_shogi.tablebase import index, kernel, parallel, solver
from scenarios.imperium_shogi.tablebase.warm import TINY_BOARD, warm_up
solver.solve([Position(TINY_BOARD[:], [[0, 0, 0], [0, 0, 0]], 0)], False)
if sys.argv[1] == "resume":
    warm_up("resume")  # the kernels only a resumed solve runs
print(sorted({
    f"{module.__name__}.{name}"
    for module in (index, kernel, parallel)
    for name, obj in vars(module).items()
    if isinstance(obj, CPUDispatcher) and obj.stats.cache_misses
}))
"""


#: Run in a fresh process, as the command line runs the warm-up: whether its children are
#: forks (on Linux they are: the command line has no other thread) and whether all succeeded.
WARM_UP_SCRIPT = """
import json
import sys
from scenarios.imperium_shogi.tablebase import warm
forked = warm._may_fork()
print(json.dumps([forked, warm.warm_up_apart(resume=sys.argv[1] == "resume")]))
"""


def _cold_warm_ups(directory: Path) -> None:
    """On an empty compile cache (``directory/numba-cache``): the warm-up of a fresh solve
    (``warm_up_apart()`` in a fresh process, as the command line runs it), a fresh process's
    tiny solve and the kernels it still compiled, then the warm-up of a resumed solve on the
    same cache (compiling only what a resume adds) and a fresh process's tiny solve and
    resume; written to ``directory/warm-ups.json``.

    One cold compile serves both checks: each warm-up used to start from its own empty cache,
    compiling the fresh solve's kernels twice (about 15 s of CPU; suite time, December 7)."""
    patch = pytest.MonkeyPatch()
    patch.setenv("NUMBA_CACHE_DIR", str(directory / "numba-cache"))
    try:
        found = {
            solve: {
                "forked_and_warmed": json.loads(_run_fresh(WARM_UP_SCRIPT, solve)),
                "compiled_by_the_solve": _run_fresh(MISSES_SCRIPT, solve).strip(),
            }
            for solve in ("fresh", "resume")  # in this order: the resume's cache is warm
        }
    finally:
        patch.undo()
    (directory / "warm-ups.json").write_text(json.dumps(found))


@pytest.fixture(scope="session")
def cold_warm_ups(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Any]]:
    """``_cold_warm_ups``, done once per test run (whichever worker asks first)."""
    directory = built_once(tmp_path_factory, "cold-warm-ups", _cold_warm_ups)
    return json.loads((directory / "warm-ups.json").read_text())


@pytest.mark.parametrize("solve", ["fresh", "resume"])
def test_the_compiling_children_leave_nothing_for_the_solve_to_compile(cold_warm_ups, solve):
    """issue 47 item 1: on a cold cache the children (each compiling part of the kernels, at
    the same time) compile every kernel a solve runs, so the solving process compiles none;
    the kernels only a resumed solve runs are compiled when it resumes (round 4)."""
    forked, warmed = cold_warm_ups[solve]["forked_and_warmed"]
    assert warmed
    assert forked == sys.platform.startswith("linux")  # no interpreter started again (round 17)
    assert cold_warm_ups[solve]["compiled_by_the_solve"] == "[]"


def _run_fresh(script: str, argument: str) -> str:
    """What ``script`` prints, run with ``argument`` in a fresh Python process that imports
    this checkout (and the compile cache of ``NUMBA_CACHE_DIR`` as this process has it)."""
    root = Path(__file__).resolve().parents[3]
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(filter(None, [str(root), os.environ.get("PYTHONPATH")])),
    }
    done = subprocess.run(
        [sys.executable, "-c", script, argument],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout


#: Run in a fresh process with an empty compile cache: one part of the warm-up, then (as
#: JSON) every function numba compiled for it, with how many times.
COMPILED_SCRIPT = """
import json
import sys
from collections import Counter
from numba.core import event
names = Counter()
class Names(event.Listener):
    def on_start(self, found):
        function = found.data["dispatcher"].py_func
        names[(function.__module__ or "", function.__qualname__)] += 1
    def on_end(self, found):
        pass
event.register("numba:compile", Names())
from scenarios.imperium_shogi.tablebase.warm import warm_up
warm_up(sys.argv[1])
print(json.dumps([[module, name, times] for (module, name), times in names.items()]))
"""


def _compiled_on_cold_caches(directory: Path) -> None:
    """For each part of a fresh solve's warm-up, in a fresh process on its own empty compile
    cache, every function numba compiled and how many times (``directory/compiled.json``).
    Both checks below read it: each used to compile the part again (suite time,
    December 7)."""
    patch = pytest.MonkeyPatch()
    found = {}
    try:
        for part in ("enumerate", "solve"):
            patch.setenv("NUMBA_CACHE_DIR", str(directory / f"numba-cache-{part}"))
            found[part] = json.loads(_run_fresh(COMPILED_SCRIPT, part))
    finally:
        patch.undo()
    (directory / "compiled.json").write_text(json.dumps(found))


@pytest.fixture(scope="session")
def compiled_on_cold_caches(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list]:
    """``_compiled_on_cold_caches``, done once per test run (whichever worker asks first)."""
    directory = built_once(tmp_path_factory, "compiled-on-cold-caches", _compiled_on_cold_caches)
    return json.loads((directory / "compiled.json").read_text())


@pytest.mark.parametrize("part", ["enumerate", "solve"])
def test_the_warm_up_compiles_no_array_sum_along_an_axis(compiled_on_cold_caches, part):
    """issue 47 item 1, round 5: the workers' totals are summed by a loop: numba's
    ``sum(axis=...)`` brings its axis check and the error message's string formatting, about
    1 s of CPU in each compiling child (on a cold cache, as the goal is measured)."""
    compiled = {name for _module, name, _times in compiled_on_cold_caches[part]}
    assert "_expand_worker" in compiled or "_retro_worker" in compiled  # the cache was cold
    assert not [name for name in compiled if name.startswith(("array_sum", "check_axis"))]


@pytest.mark.parametrize("part", ["enumerate", "solve"])
def test_the_warm_up_compiles_each_kernel_once(compiled_on_cold_caches, part):
    """issue 47 item 1, round 7: a count of keys in a batch that starts as ``0`` was typed
    as the literal 0 first, and the batch functions (``_mark_batch``, ``_settle_batch``,
    ``_dedupe``) were compiled for it as well as for ``int64``: about 0.5 s of CPU in each
    compiling child on a cold cache."""
    compiled = compiled_on_cold_caches[part]
    twice = [
        name for module, name, times in compiled if module.startswith("scenarios.") and times > 1
    ]
    assert twice == []


def test_the_terminal_test_counts_no_references():
    """issue 47 item 1, round 6: ``classify`` (every position of the enumeration, every
    parent of a level) and the capture test it inlines read the move tables as compiled-in
    constants. With the tables as inlined array arguments, every call counted references on
    them (an atomic add and subtract on one shared count, which both cores fought for)."""
    from numba import njit

    from scenarios.imperium_shogi.tablebase import kernel

    fresh = njit(kernel.classify.py_func)  # its own compile, whatever the cache holds
    key = kernel.swap_key(0x100000000901)  # a Red BB and a Blue BB
    assert fresh(key, kernel.TGT, kernel.NTGT) == kernel.classify(key, kernel.TGT, kernel.NTGT)
    ir = "".join(fresh.inspect_llvm().values())
    bodies = [
        body.split("\n}\n")[0]
        for body in ir.split("\ndefine ")[1:]
        if "classify" in body.split("(")[0] and "cpython" not in body.split("(")[0]
    ]
    assert bodies  # the function itself (not its Python wrapper)
    assert not [body for body in bodies if "@NRT_incref" in body or "@NRT_decref" in body]


#: The element type of each array a block function takes (by its name; the others are
#: 64-bit integers), and the dimensions of those with more than one.
ARRAY_TYPES = {
    "directory": "uint64",
    "frontier": "uint64",
    "level_bits": "uint64",
    "next_bits": "uint64",
    "lows": "uint64",
    "state": "uint8",
    "from_win": "uint8",
    "next_blocks": "uint8",
    "log_code": "uint8",
    "log_where": "uint16",
}
ARRAY_DIMENSIONS = {"count": 2, "tgt": 3, "ntgt": 2, "src": 3, "nsrc": 2}


def _own_reference_counts(function) -> list[str]:
    """The reference-count calls in the body of numba function ``function`` itself (not in
    the functions linked with it), compiled afresh (whatever the compile cache holds)."""
    import inspect

    from numba import njit, types

    arguments = []
    for name, parameter in inspect.signature(function.py_func).parameters.items():
        if parameter.annotation in ("np.ndarray", np.ndarray):
            dtype = getattr(types, ARRAY_TYPES.get(name, "int64"))
            arguments.append(types.Array(dtype, ARRAY_DIMENSIONS.get(name, 1), "C"))
        else:
            arguments.append(types.boolean if name == "dobutsu" else types.int64)
    fresh = njit(function.py_func)
    fresh.compile(tuple(arguments))
    name = function.py_func.__name__
    ir = "".join(fresh.inspect_llvm().values())
    bodies = []
    for body in ir.split("\ndefine ")[1:]:
        symbol = re.search(r'@"?([^\s("]+)', body)  # after attributes such as ``range(...)``
        if symbol and name in symbol.group(1) and "cpython" not in symbol.group(1):
            bodies.append(body.split("\n}\n")[0])
    assert bodies  # the function itself (not its Python wrapper)
    return [
        line.strip()
        for body in bodies
        for line in body.splitlines()
        if "@NRT_incref" in line or "@NRT_decref" in line
    ]


@pytest.mark.parametrize("name", ["_expand_block", "_prepare_block", "_retro_block"])
def test_the_block_kernels_pass_on_arrays_that_count_no_references(name):
    """issue 47 item 1, round 7: the functions that do one block of each phase hand their
    arrays on (to ``key_of_rank_near``, ``distinct_children``, ``parents``, ``rank_of``, once
    per position or child) as views without a reference count (``atomics.borrowed``). With
    the kernel's own arrays, each of those calls counted references on entry and exit: an
    atomic add on one count shared by both cores (about 5 % of each phase's CPU)."""
    assert _own_reference_counts(getattr(parallel, name)) == []


def test_the_census_counts_the_states_alone():
    """issue 47 item 1, round 6: a state is one stored position, so ``census`` counts the
    states in slices without reading the directory (its count per work block, summed as
    arrays, took about 1 s of CPU to compile). A capture is won in 1 (value code 2), a count
    of children left is undecided (0)."""
    state = np.array([0, 1, 2, parallel.CAPTURE, parallel.CAPTURE + 1, 255, 2, 5] * 50, np.uint8)
    expected = np.zeros(256, dtype=np.int64)
    for code, times in ((0, 2), (1, 1), (2, 3), (5, 1), (255, 1)):
        expected[code] = 50 * times
    no_directory = np.zeros(0, dtype=np.uint64)
    assert parallel.census(no_directory, state).tolist() == expected.tolist()


def test_no_kernel_uses_numbas_parallel_lowering():
    """issue 47 item 1, round 12: the workers are Python threads running ``nogil`` kernels.
    A ``parallel=True`` kernel had its code linked and optimized twice (its ``prange`` body
    and the kernel): about a third of each compiling child's time on a cold cache."""
    from numba.core.registry import CPUDispatcher

    from scenarios.imperium_shogi.tablebase import index, kernel

    dispatchers = {
        f"{module.__name__}.{name}": found
        for module in (index, kernel, parallel, solver)
        for name, found in vars(module).items()
        if isinstance(found, CPUDispatcher)
    }
    assert "scenarios.imperium_shogi.tablebase.parallel._retro_worker" in dispatchers
    assert [
        name for name, found in dispatchers.items() if found.targetoptions.get("parallel")
    ] == []
    workers = [name for name in dispatchers if name.endswith("_worker")]
    assert workers and all(dispatchers[name].targetoptions.get("nogil") for name in workers)


def test_the_threads_finish_before_an_error_is_raised():
    """issue 47 item 1, round 12: ``on_threads`` returns (or raises the first error of any
    worker) only when every worker is done, so no caller sees arrays still being written."""
    import threading

    finished: list[int] = []
    second_started = threading.Event()

    def kernel(worker: int, fail_in: int) -> None:
        if worker == 1:
            second_started.set()
        else:
            assert second_started.wait(timeout=60)
        if worker == fail_in:
            raise ValueError(f"worker {worker} failed")
        finished.append(worker)

    with pytest.raises(ValueError, match="worker 0 failed"):
        parallel.on_threads(kernel, 2, 0)
    assert finished == [1]  # the other worker ran to its end first
    finished.clear()
    second_started.clear()
    parallel.on_threads(kernel, 2, -1)
    assert sorted(finished) == [0, 1]
