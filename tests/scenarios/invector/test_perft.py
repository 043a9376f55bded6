"""Perft through the protocol (the shared ``scenarios.solvers.perft``) against a naive reference
(INV-4, INV-5, INV-6)."""

from __future__ import annotations

import pytest

from scenarios.invector import make_game
from scenarios.invector.rules import parse_position
from scenarios.solvers.perft import divide, perft
from tests.scenarios.invector.reference import perft as reference_perft
from tests.scenarios.invector.reference import start_grid


@pytest.mark.parametrize(
    "size, depth", [((5, 4), 3), ((4, 5), 3), ((3, 2), 6), ((2, 3), 6), ((3, 4), 4), ((7, 2), 4)]
)
@pytest.mark.parametrize("pie", [False, True])
def test_perft_matches_naive_reference(size, depth, pie):
    # INV-4 INV-5 INV-6: leaf counts (swap and forced passes are plies) agree with the reference
    state = make_game(*size, pie=pie).new_initial_state()
    assert perft(state, depth) == reference_perft(start_grid(*size), "b", depth, pie)


def test_perft_depth_one_on_default_board_is_31():
    # INV-4 (reference fact): 31 first moves on 5x4
    assert perft(make_game().new_initial_state(), 1) == 31


def test_divide_sums_to_perft_and_counts_swap():
    # INV-6: on White's first turn the swap is one more action
    state = make_game(5, 4, pie=True).new_initial_state()
    counts = divide(state, 2)
    assert len(counts) == 31 and sum(counts.values()) == perft(state, 2)
    without = divide(make_game(5, 4, pie=False).new_initial_state(), 2)
    assert [count - 1 for count in counts.values()] == list(without.values())


def test_perft_counts_forced_pass_as_a_ply():
    # INV-5: a blocked side has exactly one action, pass
    state = parse_position("invector 5x4 b..../..w../...../..... w pie:off")
    assert perft(state, 1) == 1
    assert perft(state, 2) == 2  # then Black: a1-a2 or a1-b1


def test_perft_rejects_negative_depth():
    # INV-8: bad input is refused clearly
    with pytest.raises(ValueError, match="depth"):
        perft(make_game().new_initial_state(), -1)
    with pytest.raises(ValueError, match="depth"):
        divide(make_game().new_initial_state(), 0)
