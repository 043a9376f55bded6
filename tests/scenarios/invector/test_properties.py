"""Property tests: random legal play on random boards keeps the invariants (INV-1..INV-8)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scenarios.invector import make_game
from scenarios.invector.rules import PASS, SWAP

SIZES = [(2, 3), (3, 2), (5, 4), (4, 5), (7, 2), (6, 5), (9, 8), (16, 15)]


@settings(max_examples=40, deadline=None)
@given(
    size=st.sampled_from(SIZES),
    pie=st.booleans(),
    choices=st.lists(st.integers(min_value=0, max_value=10_000), max_size=60),
)
def test_random_play_keeps_invariants(size, pie, choices):
    # INV-4 INV-5 INV-6 INV-7 INV-8: stones never overlap or appear, passes only when blocked,
    # swap only once, the position text round-trips, a finished game has one winner
    game = make_game(*size, pie=pie)
    state = game.new_initial_state()
    full = state.board.full
    swaps = 0
    for choice in choices:
        if state.is_terminal():
            break
        actions = state.legal_actions()
        assert actions and len(set(actions)) == len(actions)
        if PASS in actions:
            assert [a for a in actions if a != SWAP] == [PASS]
        action = actions[choice % len(actions)]
        before = (state.stones[0] | state.stones[1]).bit_count()
        state.apply_action(action)
        black, white = state.stones
        assert black & white == 0 and (black | white) & ~full == 0
        after = (black | white).bit_count()
        assert after in (before, before - 1)
        swaps += action == SWAP
        assert swaps <= 1 and (swaps == 0 or pie)
        assert game.state_from_text(state.to_text()) == state
    if state.is_terminal():
        assert sorted(state.returns()) == [-1.0, 1.0] and state.legal_actions() == []
    else:
        assert state.returns() == [0.0, 0.0]
