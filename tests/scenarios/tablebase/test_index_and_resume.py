"""The dense index (ranking, rank directory) and the resumable solve, on reduced problems."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

from scenarios.imperium_shogi.rules import HAND_SHIFT
from scenarios.imperium_shogi.tablebase.index import (
    CACHE_LINE,
    MEMO_SIZE,
    empty_directory,
    key_of_rank,
    key_of_rank_near,
    rank_of,
)
from scenarios.imperium_shogi.tablebase.ranking import (
    PAIR_STRIDE,
    PAIRS_AT,
    STATES,
    Ranking,
    state_step,
)
from scenarios.imperium_shogi.tablebase.solver import Checkpoint, solve
from tests.scenarios.tablebase.conftest import reduced_position, reduced_solution

#: Solves tablebases end to end: seconds each (``make test-fast`` leaves them out).
pytestmark = pytest.mark.slow


def _arrays(ranking: Ranking) -> tuple:
    material = np.asarray(ranking.material, dtype=np.int64)
    return ranking.step, ranking.before, ranking.count, material


@pytest.mark.parametrize("material", [(0, 0, 1), (0, 1, 1), (2, 2, 2)])
def test_ranking_is_a_bijection(material):
    # SHO-1: every rank names one key with the table's material, and that key ranks back
    ranking = Ranking.of(material)
    nxt, pre, count, mat = _arrays(ranking)
    rng = random.Random(8)
    ranks = (
        range(ranking.size)
        if ranking.size < 50_000
        else [rng.randrange(ranking.size) for _ in range(50_000)]
    )
    seen = set()
    for rank in ranks:
        key = int(key_of_rank(rank, nxt, pre, count, mat))
        assert rank_of(key, nxt, pre, mat) == rank == ranking.rank(key)  # numba and Python
        seen.add(key)
    assert len(seen) == len(ranks) or ranking.size >= 50_000


@pytest.mark.parametrize("order", ["ascending, dense", "ascending, sparse", "random", "descending"])
def test_resumed_un_rank_equals_the_whole_walk(order):
    """SHO-1 / issue 47 item 1: ``key_of_rank_near`` (resuming from the squares shared with
    the last key un-ranked) gives ``key_of_rank``'s key, whatever the order of the ranks."""
    ranking = Ranking.of((2, 2, 2))
    nxt, pre, count, mat = _arrays(ranking)
    rng = random.Random(47)
    start = rng.randrange(ranking.size - 100_000)
    ranks = {
        "ascending, dense": [r for r in range(start, start + 20_000) if rng.random() < 0.2],
        "ascending, sparse": sorted(rng.randrange(ranking.size) for _ in range(5_000)),
        "random": [rng.randrange(ranking.size) for _ in range(5_000)],
        "descending": list(range(start + 3_000, start, -1)),
    }[order] + [0, ranking.size - 1]
    near = np.zeros(MEMO_SIZE, dtype=np.int64)
    assert [key_of_rank_near(r, nxt, pre, count, mat, near) for r in ranks] == [
        key_of_rank(r, nxt, pre, count, mat) for r in ranks
    ]


@pytest.mark.parametrize("material", [(0, 1, 1), (2, 0, 1), (2, 2, 2)])
def test_rank_of_altered_keys_equals_the_python_rank(material):
    """SHO-1 / issue 47 item 1: ``rank_of`` (states summed square by square, the counts checked
    at the end) ranks or refuses exactly as ``Ranking.rank`` (the walk on ``nxt``): keys with a
    square or a hand count changed at random, so with a piece too many, a BB missing or twice,
    a code no square holds, hands that do not add up, or still valid."""
    ranking = Ranking.of(material)
    nxt, pre, count, mat = _arrays(ranking)
    rng = random.Random(471)
    refused = 0
    for _ in range(20_000):
        key = int(key_of_rank(rng.randrange(ranking.size), nxt, pre, count, mat))
        square = rng.randrange(12)
        key = key & ~(15 << 4 * square) | rng.randrange(16) << 4 * square
        if rng.random() < 0.3:
            key ^= 1 << (HAND_SHIFT + rng.randrange(12))
        expected = ranking.rank(key)
        assert rank_of(key, nxt, pre, mat) == expected
        refused += expected < 0
    assert 0 < refused < 20_000


@pytest.mark.parametrize("material", [(0, 1, 1), (2, 2, 2)])
def test_the_pair_table_adds_what_two_squares_add(material):
    """SHO-1 / issue 47 item 1, round 7: ``rank_of`` walks the key a byte (two squares) at a
    time: each entry of the pair part of ``Ranking.before`` is what the walk of single squares
    adds for those two squares (``pre`` of the first, then of the second from the state the
    first leads to, capped at the last state as ``rank_of`` caps it), for every state and
    every pair of codes, valid or not."""
    ranking = Ranking.of(material)
    last = STATES - 1
    for pair in range(6):
        for state in range(STATES):
            for byte in range(256):
                first, second = byte & 15, byte >> 4
                after = min(state + state_step(first), last)
                expected = (
                    ranking.pre[2 * pair, state, first] + ranking.pre[2 * pair + 1, after, second]
                )
                entry = PAIRS_AT + pair * PAIR_STRIDE + 256 * state + byte
                assert ranking.before[entry] == expected, (pair, state, byte)
    assert ranking.before.shape == (PAIRS_AT + 6 * PAIR_STRIDE,)


@pytest.mark.parametrize("size", [1, 448 * 100 + 7, Ranking.of((2, 2, 2)).size])
def test_each_directory_line_is_one_cache_line(size):
    """issue 47 item 1, round 7: the directory starts at a cache line, so each of its lines
    (a running count and seven words, 64 bytes) is one cache line and a look-up fetches one.
    numpy's large arrays start 16 bytes into a page: every line straddled two. The full
    game's directory is allocated here too (224 MB of zero pages, only its start touched)."""
    directory = empty_directory(size)
    assert directory.ctypes.data % CACHE_LINE == 0
    assert directory.shape == ((size + 447) // 448 * 8,)
    assert directory.dtype == np.uint64 and not directory[:4096].any()


def test_full_game_rank_space():
    # SHO-1: the full material (two MS, CR and B) ranks 1,567,925,964 keys
    assert Ranking.of((2, 2, 2)).size == 1_567_925_964


def test_keys_of_other_material_have_no_rank():
    # SHO-1: a key with a piece too many, or a BB missing, is not in the index
    ranking = Ranking.of((0, 0, 1))
    nxt, pre, count, mat = _arrays(ranking)
    key = int(key_of_rank(0, nxt, pre, count, mat))
    extra_ms = key | 2 << 44  # an extra Red MS on square 11
    no_red_bb = key & ~(0xF << (4 * [(key >> (4 * sq)) & 15 for sq in range(12)].index(1)))
    for wrong in (extra_ms, no_red_bb):
        assert rank_of(wrong, nxt, pre, mat) == ranking.rank(wrong) == -1


def test_stored_keys_are_numbered_in_order():
    # SHO-1: position i of the value bytes is the i-th stored key
    solution = reduced_solution("bb_b_vs_bb_cr", False)
    keys = solution.stored_keys()
    assert len(keys) == solution.stats.positions
    for i in random.Random(9).sample(range(len(keys)), 200):
        assert solution.index_of_key(int(keys[i])) == i


class _StopAfter:
    """Progress callback that interrupts the solve once ``level`` was propagated."""

    def __init__(self, level: int) -> None:
        self.level = level

    def __call__(self, phase: str, done: int, total: int, note: str) -> None:
        if phase == "retrograde" and note.startswith(f"level {self.level}:"):
            raise KeyboardInterrupt


@pytest.mark.parametrize("stop_level", [0, 1, 2, 3, 12])
def test_a_stopped_solve_continues_to_the_same_table(tmp_path, dobutsu, stop_level):
    # SHO-10: a solve killed part-way continues from its last finished level; the level cut
    # short (propagated but not recorded) is redone, and the table equals an uninterrupted one
    start = reduced_position("bb_b_vs_bb_cr")
    with pytest.raises(KeyboardInterrupt):
        solve(
            [start],
            dobutsu,
            work=tmp_path / "work",
            progress=_StopAfter(stop_level),
            checkpoint_seconds=0,
        )
    checkpoint = Checkpoint(tmp_path / "work")
    assert checkpoint.progress()["next_level"] == stop_level
    assert len(list((tmp_path / "work").glob("state.*"))) == 1  # older states removed
    resumed = solve([start], dobutsu, work=tmp_path / "work", checkpoint_seconds=0)
    whole = reduced_solution("bb_b_vs_bb_cr", dobutsu)
    assert np.array_equal(resumed.val, whole.val)
    assert resumed.stats.levels == whole.stats.levels
    checkpoint.clear()
    assert not (tmp_path / "work").exists()


def test_no_states_are_saved_before_the_interval_and_a_stopped_solve_still_continues(
    tmp_path, dobutsu
):
    # issue 47 item 1 (SHO-10): the prepared states are not written at the start of the levels
    # (247 MB and a second of a full solve); a solve stopped before the first save continues
    # from the saved enumeration to the same table
    start = reduced_position("bb_b_vs_bb_cr")
    with pytest.raises(KeyboardInterrupt):
        solve([start], dobutsu, work=tmp_path / "work", progress=_StopAfter(3))
    checkpoint = Checkpoint(tmp_path / "work")
    assert checkpoint.has_directory()
    assert checkpoint.progress() is None
    assert not list((tmp_path / "work").glob("state.*"))
    resumed = solve([start], dobutsu, work=tmp_path / "work")
    whole = reduced_solution("bb_b_vs_bb_cr", dobutsu)
    assert np.array_equal(resumed.val, whole.val)
    assert resumed.stats.levels == whole.stats.levels


def test_states_of_two_bytes_from_an_older_solve_are_not_read(tmp_path, dobutsu):
    # issue 47 item 1 (round 4, SHO-10): a solve stopped by the older code saved two bytes a
    # position; those states are not taken for one-byte ones: the solve prepares its states
    # again from the saved enumeration and reaches the same table
    start = reduced_position("bb_b_vs_bb_cr")
    with pytest.raises(KeyboardInterrupt):
        solve([start], dobutsu, work=tmp_path / "work", progress=_StopAfter(3))
    work = tmp_path / "work"
    whole = reduced_solution("bb_b_vs_bb_cr", dobutsu)
    np.save(work / "state.3.npy", np.ones(whole.stats.positions, dtype=np.uint16))
    (work / "progress.json").write_text(
        json.dumps({"next_level": 3, "levels": whole.stats.levels[:3], "state": "state.3.npy"})
    )
    assert Checkpoint(work).progress() is None
    resumed = solve([start], dobutsu, work=work)
    assert np.array_equal(resumed.val, whole.val)
    assert resumed.stats.levels == whole.stats.levels


def test_progress_reports_each_phase_to_its_end():
    # SHO-10: the progress bar moves through enumeration, preparation and retrograde levels,
    # the preparation (counting children) and the levels ending at their totals
    calls = []
    solve(
        [reduced_position("bb_b_vs_bb_cr")],
        False,
        progress=lambda phase, done, total, note: calls.append((phase, done, total)),
    )
    phases = [phase for phase, _, _ in calls]
    assert phases.index("enumerate") < phases.index("prepare") < phases.index("retrograde")
    prepared = [(done, total) for phase, done, total in calls if phase == "prepare"]
    assert prepared[-1][0] == prepared[-1][1] > 0
    retro = [(done, total) for phase, done, total in calls if phase == "retrograde"]
    assert all(a[0] <= b[0] for a, b in zip(retro, retro[1:], strict=False))
