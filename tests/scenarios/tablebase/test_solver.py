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
