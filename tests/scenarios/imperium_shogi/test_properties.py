"""Property tests: random legal play keeps the piece set intact and never raises (SHO-2, SHO-5)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scenarios.imperium_shogi.game import make_game
from scenarios.imperium_shogi.notation import parse_position
from scenarios.imperium_shogi.rules import BB, BR, CR, HAND_KIND, MS, B


def material(state) -> dict[int, int]:
    """Count of each kind over board and hands (a repaired B counts as a B)."""
    counts = {kind: 0 for kind in (BB, MS, CR, B)}
    for code in state.position.board:
        if code:
            kind = B if code & 7 == BR else code & 7
            counts[kind] += 1
    for hand in state.position.hands:
        for kind, count in zip(HAND_KIND, hand, strict=True):
            counts[kind] += count
    return counts


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=10_000), max_size=120))
def test_random_play_keeps_the_set_and_text_valid(choices):
    # SHO-2 SHO-5: pieces only change hands (2 each of B, CR, MS; a BB leaves only when captured)
    state = make_game().new_initial_state()
    for choice in choices:
        if state.is_terminal():
            assert state.legal_actions() == []
            break
        actions = state.legal_actions()
        state.apply_action(actions[choice % len(actions)])
        counts = material(state)
        assert counts[MS] == counts[CR] == counts[B] == 2
        assert counts[BB] in (1, 2)
        assert counts[BB] == 2 or state.is_terminal()
        parse_position(state.to_text())  # still a valid position text (SHO-10)
    while state.history():
        state.undo_action()
    assert state.to_text() == "mfc/1b1/1B1/CFM - r"
