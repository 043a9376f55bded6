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


def test_mirror_and_side_swap_keep_move_counts():
    # SHO-2 SHO-3: the rules are left-right symmetric and the same for both players, so the
    # mirrored and the colour-swapped position have the same perft (tablebase symmetries)
    import random

    from scenarios.imperium_shogi.rules import mirror_files, perft, swap_sides

    initial = make_game().new_initial_state().position
    assert swap_sides(initial).board == initial.board  # the set-up is point-symmetric
    rng = random.Random(2)
    for _ in range(25):
        state = make_game().new_initial_state()
        for _ply in range(rng.randrange(0, 25)):
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
        position = state.position
        expected = perft(position.copy(), 3)
        assert perft(mirror_files(position), 3) == expected
        assert perft(swap_sides(position), 3) == expected
        assert mirror_files(mirror_files(position)) == position
        assert swap_sides(swap_sides(position)) == position
        assert (swap_sides(position).outcome() is None) == (position.outcome() is None)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=10_000), max_size=80))
def test_has_move_agrees_with_the_move_list(choices):
    # SHO-9: the search's cheap "is there a move" check matches the full move generator, in
    # every position of random play (the boxed-in example included)
    boxed = parse_position("MC1/FMC/BB1/f2 - r")
    assert not boxed.has_move() and boxed.moves() == []
    state = make_game().new_initial_state()
    for choice in choices:
        position = state.position
        if position.outcome() is None:
            assert position.has_move() == bool(position.moves())
        if state.is_terminal():
            break
        actions = state.legal_actions()
        state.apply_action(actions[choice % len(actions)])
