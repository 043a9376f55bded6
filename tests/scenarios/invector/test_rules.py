"""Moves, passes, pie rule and the end of the game (INV-4, INV-5, INV-6, INV-7)."""

from __future__ import annotations

import random

import pytest

from scenarios.invector import make_game
from scenarios.invector.rules import BLACK, PASS, SWAP, WHITE, parse_position
from scenarios.protocol import TERMINAL, IllegalActionError
from tests.scenarios.invector.reference import moves as reference_moves


def measure(state):
    """Stones plus the sum of their distances (the INV-7 termination measure)."""
    both = state.stones[0] | state.stones[1]
    board = state.board
    return sum(board.distance[c] + 1 for c in range(board.size) if both >> c & 1)


def texts(state):
    return sorted(state.action_to_text(action) for action in state.legal_actions())


def grid_of(state):
    return tuple(state.to_text().split()[2].split("/"))


def test_default_board_has_31_first_moves_all_captures():
    # INV-4 (reference fact): 5x4, Black has 31 first moves, all captures
    state = make_game().new_initial_state()
    actions = state.legal_actions()
    assert len(actions) == 31
    assert all(state.is_capture(action) for action in actions)
    assert all("x" in state.action_to_text(action) for action in actions)


def test_capture_in_any_direction_and_step_only_closer():
    # INV-4: c1 (distance 1) may capture away from the centre but steps only towards it
    state = parse_position("invector 5x4 .wb../...../...../..... b pie:off")
    assert texts(state) == ["c1-c2", "c1xb1"]


def test_step_must_strictly_reduce_distance():
    # INV-4: from b1 (distance 2) only b2 and c1 (distance 1) are closer; a1 is farther
    state = parse_position("invector 5x4 .b.../...../...../....w b pie:off")
    assert texts(state) == ["b1-b2", "b1-c1"]


def test_no_diagonal_moves():
    # INV-4: a diagonal enemy stone cannot be captured, a diagonal empty cell cannot be entered
    state = parse_position("invector 5x4 b..../.w.../...../..... b pie:off")
    assert texts(state) == ["a1-a2", "a1-b1"]
    assert all("b2" not in move for move in texts(state))


def test_stone_on_centre_cell_can_only_capture():
    # INV-4: black on c2 (centre) next to empty cells has no step; it still captures
    state = parse_position("invector 5x4 ...../..b../..w../..... b pie:off")
    assert texts(state) == ["c2xc3"]
    lone = parse_position("invector 5x4 ...../..b../...../....w b pie:off")
    assert lone.legal_actions() == [PASS]


def test_illegal_move_is_refused_with_the_rule_and_changes_nothing():
    # INV-4: stepping away from the centre is illegal, the position stays as it was
    state = parse_position("invector 5x4 .b.../...../...../....w b pie:off")
    before = state.to_text()
    size = state.board.size
    away = state.board.parse_cell("b1") * size + state.board.parse_cell("a1")
    with pytest.raises(IllegalActionError, match="INV-4"):
        state.apply_action(away)
    assert state.to_text() == before and state.history == []


@pytest.mark.parametrize("size", [(5, 4), (4, 5), (3, 2), (7, 6)])
def test_move_generator_matches_naive_reference_in_random_games(size):
    # INV-4: the bitboard generator agrees with a naive grid implementation of the rules
    rng = random.Random(7)
    for _ in range(6):
        state = make_game(*size, pie=False).new_initial_state()
        while not state.is_terminal():
            me = "bw"[state.to_move]
            expected = sorted(name for name, _ in reference_moves(grid_of(state), me))
            got = [] if state.legal_actions() == [PASS] else texts(state)
            assert got == expected, state.to_text()
            state.apply_action(rng.choice(state.legal_actions()))


def test_blocked_player_passes_and_no_voluntary_pass():
    # INV-5: White's only stone sits on the centre cell c2 with no enemy beside it: forced pass
    state = parse_position("invector 5x4 b..../..w../...../..... w pie:off")
    assert state.legal_actions() == [PASS]
    assert state.action_to_text(PASS) == "pass"
    state.apply_action(PASS)
    assert state.to_move == BLACK and state.history == [PASS]
    assert PASS not in state.legal_actions()
    with pytest.raises(IllegalActionError, match="INV-5"):
        state.apply_action(PASS)


def test_swap_only_on_whites_first_turn_and_seats_change_colour():
    # INV-6: after swap seat 1 owns Black (with Black's first move) and seat 0 plays White next
    state = make_game(5, 4, pie=True).new_initial_state()
    assert SWAP not in state.legal_actions()
    first = state.legal_actions()[0]
    state.apply_action(first)
    assert state.current_player() == 1 and SWAP in state.legal_actions()
    board_before = state.stones.copy()
    state.apply_action(SWAP)
    assert state.stones == board_before
    assert state.to_move == WHITE and state.current_player() == 0
    assert state.colour_of(1) == BLACK and state.colour_of(0) == WHITE
    assert SWAP not in state.legal_actions()
    state.apply_action(state.legal_actions()[0])
    assert state.current_player() == 1 and SWAP not in state.legal_actions()


def test_declining_the_swap_closes_it():
    # INV-6: once White has moved, swap is never offered again
    state = make_game(5, 4, pie=True).new_initial_state()
    state.apply_action(state.legal_actions()[0])
    white_move = next(a for a in state.legal_actions() if a != SWAP)
    state.apply_action(white_move)
    assert state.pie == "kept"
    for _ in range(6):
        assert SWAP not in state.legal_actions()
        state.apply_action(state.legal_actions()[0])
    with pytest.raises(IllegalActionError, match="INV-6"):
        state.apply_action(SWAP)


def test_no_swap_without_the_pie_rule():
    # INV-6: the pie rule is an option of the game
    state = make_game(5, 4, pie=False).new_initial_state()
    state.apply_action(state.legal_actions()[0])
    assert SWAP not in state.legal_actions()


def test_capturing_the_last_stone_wins_per_seat():
    # INV-7: the side whose last stone is captured loses; returns are per seat
    state = parse_position("invector 5x4 bw.../...../...../..... b pie:off")
    state.apply_action(state.text_to_action("a1xb1"))
    assert state.is_terminal() and state.current_player() == TERMINAL
    assert state.legal_actions() == []
    assert state.returns() == [1.0, -1.0]
    swapped = parse_position("invector 5x4 bw.../...../...../..... w pie:swapped")
    swapped.apply_action(swapped.text_to_action("b1xa1"))
    assert swapped.winner_colour() == WHITE and swapped.returns() == [1.0, -1.0]


@pytest.mark.parametrize("size", [(3, 2), (5, 4), (7, 6)])
def test_random_games_end_and_measure_decreases(size):
    # INV-7: stones + sum of distances drops on every non-pass ply; games end with one winner
    rng = random.Random(3)
    for pie in (False, True):
        state = make_game(*size, pie=pie).new_initial_state()
        while not state.is_terminal():
            action = rng.choice(state.legal_actions())
            before = measure(state)
            state.apply_action(action)
            if action >= 0:
                assert measure(state) < before
            else:
                assert measure(state) == before
        assert sorted(state.returns()) == [-1.0, 1.0]
