"""Check a new tablebase (format 2) against an earlier one before replacing it.

    .venv/bin/python -m tools.compare_tablebases OLD_DIR NEW_DIR [--sample 1000000] [--seed 1]

Both directories are table directories (``.../tablebase/imperium``). ``OLD_DIR`` holds an
issue-12 table (format 1, a hash table) or an earlier format-2 table (another solver's). The
figures must be equal (reachable positions, won/lost/drawn, longest, the size of every level),
and on a random sample of positions drawn from each table the other table must hold the same
position with the same value and distance (a format-1 sample is drawn from its occupied hash
slots, a format-2 one from its position numbers). Two format-2 tables are also compared whole
(rank directory and value bytes). Prints the result; exit status 0 when everything agrees,
1 otherwise (or when a directory does not hold a table of the expected format).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np
from numba import njit

from scenarios.imperium_shogi.tablebase.index import (
    LINE_RANKS,
    LINE_WORDS,
    dense_of_key,
    key_of_rank,
)
from scenarios.imperium_shogi.tablebase.legacy import LegacyTable, find
from scenarios.imperium_shogi.tablebase.store import FORMAT_VERSION, TablebaseFile, stored_format
from scenarios.imperium_shogi.tablebase.table import WON_IN_0

FIGURES = ("positions", "wins", "losses", "draws", "max_dist", "levels")


@njit(cache=True)
def old_code_of(code: int) -> int:
    """The format-1 value code of a format-2 value byte."""
    if code == 0:
        return 0
    if code == WON_IN_0:
        return (1 << 1) | 1
    dist = code - 1
    return ((dist + 1) << 1) | (dist % 2)


@njit(cache=True)
def _old_against_new(old_keys, old_val, slots, directory, val, nxt, pre, material):
    """(sampled, missing from the new table, different value) over the sampled old slots."""
    sampled = missing = different = 0
    for slot in slots:
        key = old_keys[slot]
        if key == 0:
            continue
        sampled += 1
        p = dense_of_key(directory, key, nxt, pre, material)
        if p < 0:
            missing += 1
        elif old_code_of(val[p]) != old_val[slot]:
            different += 1
    return sampled, missing, different


@njit(cache=True)
def _rank_at(directory, p):
    """Rank of position number ``p`` (a binary search over the running counts)."""
    lines = directory.shape[0] // LINE_WORDS
    low, high = 0, lines - 1  # the last line whose running count is <= p
    while low < high:
        mid = (low + high + 1) // 2
        if np.int64(directory[mid * LINE_WORDS]) <= p:
            low = mid
        else:
            high = mid - 1
    left = p - np.int64(directory[low * LINE_WORDS])
    for j in range(1, LINE_WORDS):
        bits = directory[low * LINE_WORDS + j]
        for bit in range(64):
            if bits >> np.uint64(bit) & np.uint64(1):
                if left == 0:
                    return low * LINE_RANKS + (j - 1) * 64 + bit
                left -= 1
    return -1


@njit(cache=True)
def _new_against_old(positions, directory, val, nxt, pre, count, material, old_keys, old_val):
    """(missing from the old table, different value) over sampled position numbers."""
    missing = different = 0
    for p in positions:
        key = key_of_rank(_rank_at(directory, p), nxt, pre, count, material)
        slot = find(old_keys, key)
        if slot < 0:
            missing += 1
        elif old_val[slot] != old_code_of(val[p]):
            different += 1
    return missing, different


@njit(cache=True)
def _against_format_2(
    positions, directory, val, other_directory, other_val, step, before, count, material
):
    """(missing from the other format-2 table, different value) over sampled positions."""
    missing = different = 0
    for p in positions:
        key = key_of_rank(_rank_at(directory, p), step, before, count, material)
        q = dense_of_key(other_directory, key, step, before, material)
        if q < 0:
            missing += 1
        elif other_val[q] != val[p]:
            different += 1
    return missing, different


def _compare_figures(old_meta: dict, new_meta: dict) -> list[str]:
    """Lines of differing figures (the equal ones are printed)."""
    problems = []
    for name in FIGURES:
        if old_meta[name] != new_meta[name]:
            problems.append(f"{name}: old {old_meta[name]}, new {new_meta[name]}")
        else:
            shown = new_meta[name] if name != "levels" else f"{len(new_meta[name])} levels"
            print(f"{name:10} equal: {shown}")
    return problems


def compare_format_2(old_dir: Path, new_dir: Path, sample: int, seed: int) -> list[str]:
    """``compare`` for two format-2 tables: figures, samples both ways, then the whole files."""
    old = TablebaseFile(old_dir)
    new = TablebaseFile(new_dir)
    problems = _compare_figures(old.meta, new.meta)
    if old.ranking.material != new.ranking.material:
        return [*problems, f"material: old {old.ranking.material}, new {new.ranking.material}"]
    rng = np.random.default_rng(seed)
    r = new.ranking
    material = np.asarray(r.material, dtype=np.int64)
    for name, (a, b) in {"old -> new": (old, new), "new -> old": (new, old)}.items():
        started = time.perf_counter()
        positions = np.sort(rng.integers(0, a.val.shape[0], size=sample))
        lost, wrong = _against_format_2(
            positions, a.directory, a.val, b.directory, b.val, r.step, r.before, r.count, material
        )
        print(
            f"{name}: {sample:,} sampled positions, {lost} missing, {wrong} different "
            f"({time.perf_counter() - started:.1f} s)"
        )
        if lost or wrong:
            problems.append(f"{name}: {lost} missing, {wrong} with another value")
    same_index = np.array_equal(old.directory, new.directory)
    same_values = same_index and np.array_equal(old.val, new.val)
    print(
        f"whole tables: rank directory {'identical' if same_index else 'different'}, "
        f"value bytes {'identical' if same_values else 'different'}"
    )
    if not same_values:
        problems.append("whole tables: not identical")
    return problems


def compare(old_dir: Path, new_dir: Path, sample: int, seed: int) -> list[str]:
    """Lines of differences (empty when the tables agree); prints the progress."""
    if stored_format(old_dir) == FORMAT_VERSION:
        return compare_format_2(old_dir, new_dir, sample, seed)
    old = LegacyTable(old_dir)
    new = TablebaseFile(new_dir)
    problems = _compare_figures(old.meta, new.meta)
    rng = np.random.default_rng(seed)
    r = new.ranking
    material = np.asarray(r.material, dtype=np.int64)
    started = time.perf_counter()
    drawn, missing, different = 0, 0, 0
    while drawn < sample:
        slots = np.sort(rng.integers(0, old.keys.shape[0], size=2 * (sample - drawn)))
        got, lost, wrong = _old_against_new(
            old.keys, old.val, slots, new.directory, new.val, r.step, r.before, material
        )
        drawn, missing, different = drawn + got, missing + lost, different + wrong
    print(
        f"old -> new: {drawn:,} sampled positions, {missing} missing, {different} different "
        f"({time.perf_counter() - started:.1f} s)"
    )
    if missing or different:
        problems.append(f"old -> new: {missing} missing, {different} with another value")
    started = time.perf_counter()
    positions = np.sort(rng.integers(0, new.val.shape[0], size=sample))
    lost, wrong = _new_against_old(
        positions, new.directory, new.val, r.step, r.before, r.count, material, old.keys, old.val
    )
    print(
        f"new -> old: {sample:,} sampled positions, {lost} missing, {wrong} different "
        f"({time.perf_counter() - started:.1f} s)"
    )
    if lost or wrong:
        problems.append(f"new -> old: {lost} missing, {wrong} with another value")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old", type=Path, help="format-1 or format-2 table directory")
    parser.add_argument("new", type=Path, help="format-2 table directory")
    parser.add_argument("--sample", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if not 1 <= args.sample <= 100_000_000:
        print("compare_tablebases: --sample must be 1..100,000,000", file=sys.stderr)
        return 1
    try:
        problems = compare(args.old, args.new, args.sample, args.seed)
    except (OSError, ValueError, KeyError) as error:
        print(f"compare_tablebases: {error}", file=sys.stderr)
        return 1
    for line in problems:
        print(f"DIFFERENT: {line}")
    print("the tables agree" if not problems else "the tables differ")
    return 0 if not problems else 1


if __name__ == "__main__":
    raise SystemExit(main())
