"""Retrograde solver on reduced problems, checked against plain minimax and the rules module."""

from __future__ import annotations

import random

import numpy as np
import pytest

from scenarios.imperium_shogi.rules import Position, decode, mirror_files, swap_sides
from scenarios.imperium_shogi.tablebase import kernel, table
from scenarios.imperium_shogi.tablebase.solver import key_of
from tests.scenarios.tablebase.conftest import REDUCED, reduced_position, reduced_solution
from tests.scenarios.tablebase.reference import legal_moves, minimax, terminal

DEPTH = 6


def stored_keys(solution, count: int, seed: int) -> list[int]:
    """``count`` random keys of a solved table (reproducible)."""
    occupied = solution.stored_keys()
    rng = random.Random(seed)
    return [int(occupied[rng.randrange(len(occupied))]) for _ in range(count)]


def as_position(key: int) -> Position:
    """A stored key as a Red-to-move ``Position``."""
    return decode(key)


@pytest.mark.parametrize("name", sorted(REDUCED))
def test_children_match_rules_moves(name, dobutsu):
    # SHO-3 SHO-4 SHO-5: the numba successor generator equals the rules module's moves
    solution = reduced_solution(name, dobutsu)
    buf = np.empty(kernel.MAX_MOVES, dtype=np.int64)
    for key in stored_keys(solution, 400, 1):
        position = as_position(key)
        if terminal(position) is not None:
            continue
        n = kernel.children(key, kernel.TGT, kernel.NTGT, dobutsu, buf)
        expected = set()
        for move in legal_moves(position, dobutsu):
            work = position.copy()
            work.make(move)
            expected.add(key_of(work))
        assert set(buf[:n].tolist()) == expected


def test_terminal_kinds_match_the_reference():
    # SHO-3 SHO-7: the branch-free BB-capture test and ``classify`` equal the reference's
    # terminal rules on random boards (not only reachable ones)
    rng = random.Random(22)
    kinds = {
        kernel.T_WIN_CAPTURE: ("win", 1),
        kernel.T_LOSS_TRY: ("loss", 0),
        kernel.T_WIN_TRY: ("win", 0),
        0: None,
    }
    for _ in range(3000):
        squares = rng.sample(range(12), 2 + rng.randrange(7))
        board = [0] * 12
        board[squares[0]], board[squares[1]] = 1, 9  # the two BBs
        for sq in squares[2:]:
            board[sq] = rng.choice((2, 3, 4, 5)) | rng.choice((0, 8))
        position = Position(board, [[0, 0, 0], [0, 0, 0]], 0)
        key = key_of(position)
        expected = terminal(position)
        assert kinds[kernel.classify(key, kernel.TGT, kernel.NTGT)] == expected, board
        assert kernel.captures_bb(key) == (expected == ("win", 1))


@pytest.mark.parametrize("name", sorted(REDUCED))
def test_positions_whose_every_move_hangs_the_bb_are_lost_in_2(name, dobutsu):
    # SHO-7 SHO-9: captures are counted out before the retrograde analysis; a position whose
    # every move lets the enemy capture the BB is lost in 2, one with no move at all in 0
    solution = reduced_solution(name, dobutsu)
    buf = np.empty(kernel.MAX_MOVES, dtype=np.int64)
    seen_all_hanging = 0
    for key in stored_keys(solution, 3000, 5):
        if kernel.classify(key, kernel.TGT, kernel.NTGT):
            continue
        n = kernel.children(key, kernel.TGT, kernel.NTGT, dobutsu, buf)
        hanging = [kernel.captures_bb(child) for child in buf[:n]]
        if n == 0:
            assert solution.value_of_key(key) == ("loss", 0)
        elif all(hanging):
            seen_all_hanging += 1
            assert solution.value_of_key(key) == ("loss", 2)
            assert all(solution.value_of_key(int(c)) == ("win", 1) for c in buf[:n])
    assert seen_all_hanging > 0


@pytest.mark.parametrize("name", sorted(REDUCED))
def test_parents_invert_children(name, dobutsu):
    # SHO-3 SHO-4 SHO-5: every move P -> C is found again as an un-move from C, and every
    # un-move from C that lands on a stored non-terminal position is a real move
    solution = reduced_solution(name, dobutsu)
    kids = np.empty(kernel.MAX_MOVES, dtype=np.int64)
    pars = np.empty(4 * kernel.MAX_MOVES, dtype=np.int64)
    for key in stored_keys(solution, 300, 2):
        if kernel.classify(key, kernel.TGT, kernel.NTGT):
            continue
        n = kernel.children(key, kernel.TGT, kernel.NTGT, dobutsu, kids)
        for child in kids[:n].tolist():
            m = kernel.parents(child, kernel.SRC, kernel.NSRC, dobutsu, pars)
            assert key in set(pars[:m].tolist())
        m = kernel.parents(key, kernel.SRC, kernel.NSRC, dobutsu, pars)
        for parent in pars[:m].tolist():
            if not solution.contains(parent):
                continue
            if kernel.classify(parent, kernel.TGT, kernel.NTGT):
                continue
            n = kernel.children(parent, kernel.TGT, kernel.NTGT, dobutsu, kids)
            assert key in set(kids[:n].tolist())


@pytest.mark.parametrize("name", sorted(REDUCED))
def test_lists_left_unsorted_hold_no_repeats(name, dobutsu):
    """issue 47 item 1 (SHO-3): the solver sorts a list of children or parents to drop repeats
    only when the key and its mirror image differ on four squares at most (``may_repeat``);
    every other list has none: the same keys as the sorted, deduplicated lists, each once."""
    solution = reduced_solution(name, dobutsu)
    kids = np.empty(kernel.MAX_MOVES, dtype=np.int64)
    sorted_kids = np.empty(kernel.MAX_MOVES, dtype=np.int64)
    pars = np.empty(4 * kernel.MAX_MOVES, dtype=np.int64)
    left_unsorted = 0
    for key in stored_keys(solution, 2000, 7):
        left_unsorted += not kernel.may_repeat(key)
        m = kernel.parents(key, kernel.SRC, kernel.NSRC, dobutsu, pars)
        assert len(set(pars[:m].tolist())) == m
        if kernel.classify(key, kernel.TGT, kernel.NTGT):
            continue
        n = kernel.distinct_children(key, kernel.TGT, kernel.NTGT, dobutsu, kids)
        k = kernel.children(key, kernel.TGT, kernel.NTGT, dobutsu, sorted_kids)
        assert sorted(kids[:n].tolist()) == sorted_kids[:k].tolist()
    assert 0 < left_unsorted < 2000


def test_key_symmetries_match_rules_helpers():
    # SHO-1 SHO-2: the packed swap/mirror (numba and Python) equal rules.swap_sides/mirror_files
    solution = reduced_solution("bb_b_vs_bb_cr", False)
    for key in stored_keys(solution, 300, 3):
        position = as_position(key)
        assert kernel.mirror_key(key) == table.mirror_key(key) == mirror_files(position).key()
        turned = swap_sides(position)
        assert kernel.swap_key(key) == table.swap_key(key) == turned.key() & ((1 << 60) - 1)
        assert key_of(turned) == key_of(position) == key


@pytest.mark.parametrize(
    ("name", "dobutsu"),
    [("bb_b_vs_bb", False), ("bb_b_vs_bb", True), ("bb_b_vs_bb_cr", False)],
)
@pytest.mark.slow
def test_reachable_count_matches_plain_search(name, dobutsu):
    # SHO-5 SHO-7: the enumeration finds exactly the positions a plain breadth-first search
    # over rules.Position reaches (normalised with the rules module's own helpers)
    start = reduced_position(name)

    def norm(position: Position) -> int:
        if position.side:
            position = swap_sides(position)
        return min(position.key(), mirror_files(position).key())

    seen = {norm(start)}
    frontier = [start]
    while frontier:
        nxt = []
        for position in frontier:
            if terminal(position) is not None:
                continue
            for move in legal_moves(position, dobutsu):
                work = position.copy()
                work.make(move)
                k = norm(work)
                if k not in seen:
                    seen.add(k)
                    nxt.append(work)
        frontier = nxt
    if len(seen) > 30000:
        pytest.fail("reduced problem too large for the plain search")
    assert reduced_solution(name, dobutsu).stats.positions == len(seen)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(REDUCED))
def test_values_match_minimax(name, dobutsu):
    # SHO-7 SHO-8 SHO-9: win/loss and distance agree with plain minimax; long or drawn
    # positions are undecided by a shallow minimax
    solution = reduced_solution(name, dobutsu)
    memo: dict = {}
    checked = 0
    for key in stored_keys(solution, 500, 4):
        result, plies = solution.value_of_key(key)
        position = as_position(key)
        found = minimax(position, DEPTH, dobutsu, memo)
        if result != "draw" and plies <= DEPTH:
            assert found == (result, plies), position
            checked += 1
        elif result == "draw" or plies > DEPTH + 1:
            assert found is None, position
    assert checked > 100


def test_mirrors_and_turned_positions_share_a_value():
    # SHO-1: a mirrored or turned-round position probes to the same stored entry
    solution = reduced_solution("bb_b_vs_bb_cr", True)
    for key in stored_keys(solution, 200, 5):
        position = as_position(key)
        value = solution.value(position)
        assert solution.value(mirror_files(position)) == value
        assert solution.value(swap_sides(position)) == value


def test_material_beyond_the_game_is_refused():
    # SHO-10: bad solver input is refused with a clear message
    from scenarios.imperium_shogi.tablebase.ranking import Ranking

    with pytest.raises(ValueError, match="material"):
        Ranking.of((3, 0, 0))
