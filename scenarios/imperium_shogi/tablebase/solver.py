"""Retrograde solver driver: enumerate reachable positions, then propagate values level by level.

Phase 1 (enumeration) sets one bit per reachable position in the rank directory (``index``):
passes over a frontier bitmap expand every newly found position on all cores (``parallel``)
until a pass finds nothing new. The directory's running counts then number the positions
densely (``0 .. positions - 1``).

Phase 2 (retrograde analysis) keeps one byte per position (``state``: the value code, or the
count of children not yet known to be won; ``parallel``), seeds the terminal values (from the
enumeration's log: each expanded position's byte was found when its moves were generated) and, for
``dist = 0, 1, 2, ...``, generates the predecessors of every position decided at ``dist``: a
predecessor of a loss is a win at ``dist + 1``; a predecessor whose last undecided child became
a win is a loss at ``dist + 1``. What is undecided at the fixpoint is a draw.

With a work directory (the CLI's full solves) the directory and the states live in files there
and ``progress.json`` records each finished level, so a killed solve continues from the last
finished level (``Checkpoint``). See docs/solving.md and docs/adr/0017-tablebase-dense-index.md.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from scenarios.imperium_shogi.rules import Position
from scenarios.imperium_shogi.tablebase import kernel, parallel
from scenarios.imperium_shogi.tablebase.index import empty_directory, finish_directory, rank_of
from scenarios.imperium_shogi.tablebase.ranking import LINE_RANKS, LINE_WORDS, Ranking
from scenarios.imperium_shogi.tablebase.table import (  # noqa: F401 (re-exported)
    DRAW,
    LOSS,
    WIN,
    WON_IN_0,
    Table,
    decode_value,
    key_of,
)

#: ``progress(phase, done, total, note)``: ``total`` is 0 when not known in advance.
Progress = Callable[[str, int, int, str], None]
#: Seconds between two saves of the states during the retrograde analysis.
CHECKPOINT_SECONDS = 60.0
#: Calls per enumeration pass and for the preparation (each reports progress).
ENUMERATION_SLICES = 64
MIN_SLICE_BLOCKS = 256
#: The level ``prepare`` adds positions to besides level 0 (lost in 2: every child hangs the
#: BB), so it is collected from the states as well as from the propagation of level 1.
PREPARED_LEVEL = 2
#: Bytes of a position's state (``parallel``), recorded with the saved states.
STATE_BYTES = 1


@dataclass
class SolveStats:
    """Figures of one solve, for the CLI, the benchmark and docs/solving.md."""

    positions: int = 0
    rank_space: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0
    max_dist: int = 0
    seconds_enumerate: float = 0.0
    seconds_retrograde: float = 0.0
    #: CPU seconds (all threads) of the phases in this process (enumeration 0 if resumed).
    cpu_enumerate: float = 0.0
    cpu_retrograde: float = 0.0
    levels: list[int] = field(default_factory=list)


def _quiet(_phase: str, _done: int, _total: int, _note: str) -> None:
    return None


class Solution(Table):
    """A table solved in this process, with the figures of the solve."""

    def __init__(
        self,
        ranking: Ranking,
        directory: np.ndarray,
        val: np.ndarray,
        dobutsu: bool,
        stats: SolveStats,
    ) -> None:
        super().__init__(ranking, directory, val, dobutsu)
        self.stats = stats


class Checkpoint:
    """Files of a solve in progress (``<table>/work``), so a killed solve can continue.

    ``directory.npy`` is written once the enumeration is done. The states stay in memory; at
    the end of a level, at most every ``every_seconds`` (counted from the first level), they
    are written to ``state.<level>.npy`` and ``progress.json`` then names that file, the next
    level to propagate and the level sizes so far (each file written under a temporary name,
    fsynced, renamed), so the recorded progress always matches a complete states file.
    """

    def __init__(self, path: Path, every_seconds: float = CHECKPOINT_SECONDS) -> None:
        self.path = path
        self.every_seconds = every_seconds
        self._saved_at = -float("inf")

    def progress(self) -> dict | None:
        """The recorded progress, or ``None`` if no states were saved (or they are missing, or
        are of two bytes a position, as before issue 47's round 4: then the solve prepares the
        states again from the saved enumeration)."""
        file = self.path / "progress.json"
        if not file.exists():
            return None
        record = json.loads(file.read_text())
        states = record.get("state")
        if record.get("state_bytes") != STATE_BYTES:
            return None
        return record if states and (self.path / states).exists() else None

    def start_levels(self) -> None:
        """The levels begin: the first save comes ``every_seconds`` later, so a solve that
        finishes sooner writes no states (a kill before it prepares them again from the saved
        directory, a few seconds of work)."""
        self._saved_at = time.monotonic()

    def level_done(self, state: np.ndarray, next_level: int, sizes: list[int] | None) -> None:
        """Save the states and record ``next_level`` as the one to propagate next (if due)."""
        now = time.monotonic()
        if now - self._saved_at < self.every_seconds:
            return
        old = self.progress()
        name = f"state.{next_level}.npy"
        tmp = self.path / f"{name}.tmp"
        with tmp.open("wb") as out:
            np.save(out, state)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, self.path / name)
        self._write_json(
            "progress.json",
            {"next_level": next_level, "levels": sizes, "state": name, "state_bytes": STATE_BYTES},
        )
        if old is not None and old.get("state") not in (None, name):
            (self.path / old["state"]).unlink(missing_ok=True)
        self._saved_at = time.monotonic()

    def _write_json(self, name: str, record: dict) -> None:
        """Write ``name`` under a temporary name, fsync, rename."""
        tmp = self.path / f"{name}.tmp"
        with tmp.open("w") as out:
            json.dump(record, out)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, self.path / name)

    def has_directory(self) -> bool:
        """Whether the enumeration was finished."""
        return (self.path / "enumeration.json").exists()

    def save_directory(self, directory: np.ndarray, seconds: float) -> None:
        """Keep the finished enumeration (directory first, then the note that it is there)."""
        self.path.mkdir(parents=True, exist_ok=True)
        tmp = self.path / "directory.tmp.npy"
        with tmp.open("wb") as out:
            np.save(out, directory)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, self.path / "directory.npy")
        self._write_json("enumeration.json", {"seconds": seconds})

    def directory_file(self) -> Path | None:
        """``directory.npy`` once the enumeration is saved (``has_directory``), else None. It
        holds the directory as ``np.save`` writes it, and the directory does not change after
        the enumeration, so the stored table's ``index.npy`` is the same file (``store.save``)."""
        return self.path / "directory.npy" if self.has_directory() else None

    def load_directory(self) -> np.ndarray:
        """The finished enumeration."""
        return np.load(self.path / "directory.npy")

    def enumeration_seconds(self) -> float:
        """Time the (earlier) enumeration took."""
        return float(json.loads((self.path / "enumeration.json").read_text())["seconds"])

    def state(self, positions: int) -> np.ndarray:
        """The states saved with the recorded progress, or new (zero) ones."""
        record = self.progress()
        if record is None:
            return np.zeros(positions, dtype=np.uint8)
        return np.load(self.path / record["state"])

    def clear(self) -> None:
        """Remove the work files (the table is complete, or a recompute was asked for)."""
        if not self.path.exists():
            return
        for name in (
            "progress.json",
            "progress.json.tmp",
            "enumeration.json",
            "enumeration.json.tmp",
            "directory.npy",
            "directory.tmp.npy",
        ):
            (self.path / name).unlink(missing_ok=True)
        for states in self.path.glob("state.*npy*"):
            states.unlink()
        if self.path.exists() and not any(self.path.iterdir()):
            self.path.rmdir()


def start_directory(start_keys: list[int], ranking: Ranking) -> tuple[np.ndarray, int]:
    """An empty rank directory for ``ranking`` with the bits of ``start_keys`` set (running
    counts not filled in), and how many distinct positions they are."""
    material = np.asarray(ranking.material, dtype=np.int64)
    directory = empty_directory(ranking.size)
    ranks = set()
    for key in start_keys:
        rank = int(rank_of(key, ranking.step, ranking.before, material))
        if rank < 0:
            raise ValueError(f"start key {key:#x} does not fit the table's material")
        ranks.add(rank)
        entry = (rank // LINE_RANKS) * LINE_WORDS + 1 + (rank % LINE_RANKS) // 64
        directory[entry] |= np.uint64(1) << np.uint64(rank % 64)
    return directory, len(ranks)


#: Log of an enumeration (``parallel.expand_pass``): state bytes, rank offsets, chunks used.
Log = tuple[np.ndarray, np.ndarray, int]


def _log_room(ranking: Ranking, expected: int, blocks: int, workers: int) -> int:
    """Records the enumeration's log has room for: one per position (``expected``, else the
    whole rank space) and a block's name per block and pass (room for 64 passes), in whole
    chunks. Pages never written are never resident (``np.zeros``), so the room costs only
    what is used; should it run out, the states are prepared from the keys instead."""
    records = min(ranking.size, expected or ranking.size) + 64 * blocks
    chunks = records // parallel.LOG_CHUNK + 2 * (workers + 1)
    return chunks * parallel.LOG_CHUNK


def enumerate_positions(
    start_keys: list[int],
    ranking: Ranking,
    dobutsu: bool,
    *,
    progress: Progress = _quiet,
    expected: int = 0,
) -> tuple[np.ndarray, Log | None]:
    """Rank directory with a bit set for every position reachable from ``start_keys``.

    Also returns the log of the expanded positions' state bytes (``parallel.expand_pass``),
    from which ``parallel.prepare_from_log`` sets the states without generating any move
    again, or ``None`` if it ran out of room (then ``parallel.prepare`` works from the keys).
    A stored position the log does not name was found only as a child that hangs the BB.
    """
    r = ranking
    material = np.asarray(r.material, dtype=np.int64)
    directory, found = start_directory(start_keys, ranking)
    frontier = np.zeros_like(directory)  # untouched pages stay unallocated
    starting = np.flatnonzero(directory)
    frontier[starting] = directory[starting]
    blocks = parallel.block_count_of(directory)
    workers = parallel.worker_count()
    room = _log_room(ranking, expected, blocks, workers) if blocks <= 1 << 16 else 0
    log_code = np.zeros(room, dtype=np.uint8)  # zero pages: resident once written
    log_where = np.zeros(room, dtype=np.uint16)
    log_at = parallel.log_cursors(workers)
    step = max(MIN_SLICE_BLOCKS, blocks // ENUMERATION_SLICES)
    passes = 0
    while True:
        passes += 1
        expanded = 0
        for first in range(0, blocks, step):
            new, done, bad, crowded = parallel.expand_pass(
                directory,
                frontier,
                first,
                min(blocks, first + step),
                r.step,
                r.before,
                r.count,
                material,
                kernel.TGT,
                kernel.NTGT,
                dobutsu,
                workers,
                log_code,
                log_where,
                log_at,
            )
            if bad:
                raise RuntimeError(f"{bad} generated children do not fit the table's material")
            if crowded:
                raise RuntimeError(
                    f"{crowded} positions have more than {parallel.MAX_COUNT} children to count"
                )
            found += int(new)
            expanded += int(done)
            progress("enumerate", found, expected, f"pass {passes}")
        if expanded == 0:
            break
    del frontier
    finish_directory(directory)
    if log_at[1] or room == 0:
        return directory, None
    return directory, (log_code, log_where, min(int(log_at[0]), room) // parallel.LOG_CHUNK)


def retrograde(
    table: Table,
    state: np.ndarray,
    *,
    first_level: int = 0,
    levels: list[int] | None = None,
    progress: Progress = _quiet,
    after_level: Callable[[int, list[int]], None] | None = None,
) -> list[int]:
    """Propagate levels ``first_level, ...`` over prepared ``state``; the size of each level.

    ``levels`` are the sizes known so far (a resumed solve); ``after_level(next, levels)`` is
    called after each finished level (the checkpoint).
    """
    r = table.ranking
    material = np.asarray(r.material, dtype=np.int64)
    if levels is None:
        counts = parallel.census(table.directory, state)
        # Every decided level so far (``prepare`` also decides positions lost in 2).
        decided = [code for code in range(1, WON_IN_0) if counts[code]]
        levels = [0] * max(first_level + 2, decided[-1] if decided else 0)
        for code in decided:
            levels[code - 1] = int(counts[code])
        levels[0] += int(counts[WON_IN_0])
    # The positions of the level being propagated and of the next one (position space: one
    # bit per stored position, 31 MB each for the full problem where a bit per rank took
    # 214 MB) and the blocks holding any: each level is found without a scan.
    level_bits = position_bitmap(int(state.shape[0]))
    next_bits = position_bitmap(int(state.shape[0]))
    blocks = parallel.block_count_of(table.directory)
    level_blocks = np.zeros(blocks, dtype=np.uint8)
    next_blocks = np.zeros(blocks, dtype=np.uint8)
    parallel.collect_level(table.directory, state, first_level, level_bits, level_blocks)
    total = int(state.shape[0])
    done = sum(levels[:first_level])
    dist = first_level
    while dist < len(levels):
        if dist == PREPARED_LEVEL and first_level < PREPARED_LEVEL:
            parallel.collect_level(table.directory, state, dist, level_bits, level_blocks)
        if levels[dist]:
            if dist + 1 > parallel.MAX_DIST:
                raise OverflowError(f"distance {dist + 1} beyond a value byte")
            new, odd_losses = parallel.retro_level(
                table.directory,
                state,
                level_bits,
                level_blocks,
                next_bits,
                next_blocks,
                dist,
                r.step,
                r.before,
                r.count,
                material,
                kernel.SRC,
                kernel.NSRC,
                kernel.TGT,
                kernel.NTGT,
                table.dobutsu,
                parallel.worker_count(),
            )
            if odd_losses:
                raise OverflowError("a loss at an odd distance (after a start won in 0)")
            if new:
                while len(levels) <= dist + 1:
                    levels.append(0)
                levels[dist + 1] += int(new)
        level_bits, next_bits = next_bits, level_bits
        level_blocks, next_blocks = next_blocks, level_blocks
        done += levels[dist]
        dist += 1
        progress("retrograde", done, total, f"level {dist - 1}: {levels[dist - 1]:,}")
        if after_level is not None:
            after_level(dist, levels)
    while levels and levels[-1] == 0:
        levels.pop()
    return levels


def position_bitmap(positions: int) -> np.ndarray:
    """An empty bitmap with one bit per stored position (``p >> 6``, bit ``p & 63``)."""
    return np.zeros((positions + 63) // 64, dtype=np.uint64)


def _stats_of(
    val_counts: np.ndarray, positions: int, rank_space: int, levels: list[int]
) -> SolveStats:
    stats = SolveStats(positions=positions, rank_space=rank_space, levels=levels)
    stats.draws = int(val_counts[0])
    stats.wins = int(val_counts[WON_IN_0] + val_counts[2:255:2].sum())
    stats.losses = int(val_counts[1:255:2].sum())
    stats.max_dist = len(levels) - 1
    return stats


def directory_total(directory: np.ndarray) -> int:
    """Number of positions of a finished directory (the last running count plus its line)."""
    return int(directory[-8]) + sum(int(word).bit_count() for word in directory[-7:])


def solve(
    start_positions: list[Position],
    dobutsu: bool = False,
    *,
    progress: Progress = _quiet,
    work: Path | None = None,
    expected: int = 0,
    checkpoint_seconds: float = CHECKPOINT_SECONDS,
) -> Solution:
    """Enumerate and solve every position reachable from ``start_positions``.

    With ``work`` (a directory) the solve keeps its files there and continues from the last
    finished level if a previous run was stopped; the caller removes them once the table is
    stored (``Checkpoint.clear``). ``expected`` (positions, 0 if unknown) only feeds the
    progress estimate of the enumeration.
    """
    starts = [key_of(p) for p in start_positions]
    ranking = Ranking.of_key(starts[0])
    checkpoint = Checkpoint(work, checkpoint_seconds) if work is not None else None
    started = time.perf_counter()
    cpu_started = time.process_time()
    cpu_enumerate = 0.0
    if checkpoint is not None and checkpoint.has_directory():
        directory = checkpoint.load_directory()
        log = None  # not kept: prepare classifies the keys
        seconds_enumerate = checkpoint.enumeration_seconds()
    else:
        directory, log = enumerate_positions(
            starts, ranking, dobutsu, progress=progress, expected=expected
        )
        seconds_enumerate = time.perf_counter() - started
        cpu_enumerate = time.process_time() - cpu_started
        if checkpoint is not None:
            checkpoint.save_directory(directory, seconds_enumerate)
    held = [log]  # handed over, so that ``solve_enumerated`` can let it go
    del log
    solution = solve_enumerated(
        ranking, directory, held, dobutsu, progress=progress, checkpoint=checkpoint
    )
    solution.stats.seconds_enumerate = seconds_enumerate
    solution.stats.cpu_enumerate = cpu_enumerate
    return solution


def prepare_states(
    ranking: Ranking,
    directory: np.ndarray,
    log: Log | None,
    state: np.ndarray,
    first_level: int,
    dobutsu: bool,
    progress: Progress = _quiet,
) -> None:
    """Seed the terminal values and the child counts of ``state``, in slices so that the
    progress bar moves: from the enumeration's ``log`` (``parallel.prepare_from_log``) on a
    fresh solve, else from the keys (``parallel.prepare``); ``first_level`` is the next level
    to propagate."""
    if log is not None and first_level == 0:
        log_code, log_where, chunks = log
        state[:] = parallel.CAPTURE  # what the log does not name
        step = max(1, chunks // ENUMERATION_SLICES)
        for first in range(0, chunks, step):
            parallel.prepare_from_log(
                directory, state, log_code, log_where, first, min(chunks, first + step)
            )
            progress("prepare", min(chunks, first + step), chunks, "states from the enumeration")
        return
    material = np.asarray(ranking.material, dtype=np.int64)
    blocks = parallel.block_count_of(directory)
    step = max(MIN_SLICE_BLOCKS, blocks // ENUMERATION_SLICES)
    for first in range(0, blocks, step):
        bad = parallel.prepare(
            directory,
            state,
            first,
            min(blocks, first + step),
            first_level - 1,
            ranking.step,
            ranking.before,
            ranking.count,
            material,
            kernel.TGT,
            kernel.NTGT,
            dobutsu,
            parallel.worker_count(),
        )
        if bad:
            raise RuntimeError(
                f"{bad} children do not fit the table's material (or positions have more "
                f"than {parallel.MAX_COUNT} children to count)"
            )
        progress("prepare", min(blocks, first + step), blocks, "counting children")


def solve_enumerated(
    ranking: Ranking,
    directory: np.ndarray,
    held: list[Log | None],
    dobutsu: bool,
    *,
    progress: Progress = _quiet,
    checkpoint: Checkpoint | None = None,
) -> Solution:
    """Prepare the states and propagate the levels over a finished ``directory`` (``solve``
    after the enumeration). ``held`` holds the log as ``enumerate_positions`` returns it (or
    ``None``), which is taken out and let go once the states are prepared."""
    log = held.pop()
    positions = directory_total(directory)
    started = time.perf_counter()
    cpu_started = time.process_time()
    record = checkpoint.progress() if checkpoint is not None else None
    if checkpoint is not None:
        state = checkpoint.state(positions)
    else:
        state = np.zeros(positions, dtype=np.uint8)
    first_level = 0 if record is None else int(record["next_level"])
    levels = None if record is None or record["levels"] is None else list(record["levels"])
    if record is not None:
        # The saved states match the record; recounting is a cheap guard should they not
        # (values beyond ``first_level`` plies are forgotten, the counts recomputed).
        parallel.forget_beyond(state, first_level + 1)
        progress("resume", 0, 0, f"continuing at level {first_level}")
    prepare_states(ranking, directory, log, state, first_level, dobutsu, progress)
    del log

    after_level = None
    if checkpoint is not None:

        def after_level(next_level: int, sizes: list[int] | None) -> None:
            checkpoint.level_done(state, next_level, sizes)

        checkpoint.start_levels()
        if record is None:
            after_level(0, None)  # due only when saving after every level
    table = Table(ranking, directory, np.empty(0, dtype=np.uint8), dobutsu)
    levels = retrograde(
        table,
        state,
        first_level=first_level,
        levels=levels,
        progress=progress,
        after_level=after_level,
    )
    counts = parallel.census(directory, state)
    val = parallel.value_bytes(state)  # the low (value) byte, in the states' own memory
    stats = _stats_of(counts, positions, ranking.size, levels)
    stats.seconds_retrograde = time.perf_counter() - started
    stats.cpu_retrograde = time.process_time() - cpu_started
    return Solution(ranking, directory, val, dobutsu, stats)
