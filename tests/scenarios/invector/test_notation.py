"""Notation and the one-line position text (INV-8)."""

from __future__ import annotations

import random

import pytest

from scenarios.invector import make_game
from scenarios.invector.rules import PASS, SWAP, parse_position
from scenarios.protocol import IllegalActionError, NotationError


def test_start_position_text():
    # INV-8 INV-2: rows from the top, black on a1, Black to move, pie state
    assert make_game().new_initial_state().to_text() == (
        "invector 5x4 bwbwb/wbwbw/bwbwb/wbwbw b pie:open"
    )
    assert make_game(3, 2, pie=False).new_initial_state().to_text() == (
        "invector 3x2 bwb/wbw b pie:off"
    )


def test_cell_names_column_letter_and_row_from_top():
    # INV-8: a1 is the top-left cell, c2 the third column of the second row
    board = make_game().board
    assert board.cell_name(0) == "a1"
    assert board.cell_name(1 * 5 + 2) == "c2"
    assert board.parse_cell("e4") == 19
    for bad in ("f1", "a5", "a0", "1a", "zz"):
        with pytest.raises(ValueError):
            board.parse_cell(bad)


def test_move_texts_step_capture_swap_pass():
    # INV-8: c2-c3 for a step, c2xc3 for a capture, swap and pass
    state = parse_position("invector 5x4 .wb../...../...../..... b pie:off")
    capture = state.text_to_action("c1xb1")
    step = state.text_to_action("c1-c2")
    assert state.action_to_text(capture) == "c1xb1"
    assert state.action_to_text(step) == "c1-c2"
    assert state.action_to_text(SWAP) == "swap" and state.action_to_text(PASS) == "pass"
    opening = make_game().new_initial_state()
    opening.apply_action(opening.text_to_action("a1xb1"))
    assert opening.text_to_action("swap") == SWAP


def test_a_move_typed_the_shogi_way_is_read_and_written_back_as_inv_8_has_it():
    # INV-8 with SHO-10's spelling (issue 44 item 6): ``c1c2`` is the step, ``c1b1`` the
    # capture the position makes them; the move list keeps INV-8's ``-`` and ``x``
    state = parse_position("invector 5x4 .wb../...../...../..... b pie:off")
    assert state.text_to_action("c1c2") == state.text_to_action("c1-c2")
    assert state.text_to_action("C1B1") == state.text_to_action("c1xb1")
    assert state.action_to_text(state.text_to_action("c1b1")) == "c1xb1"
    with pytest.raises(IllegalActionError, match="INV-4"):
        state.text_to_action("c1d1")


def test_wrong_separator_and_illegal_moves_are_refused():
    # INV-8 INV-4: a capture written with '-' or a step with 'x' is refused, as is an illegal move
    state = parse_position("invector 5x4 .wb../...../...../..... b pie:off")
    with pytest.raises(IllegalActionError, match="capture"):
        state.text_to_action("c1-b1")
    with pytest.raises(IllegalActionError, match="step"):
        state.text_to_action("c1xc2")
    with pytest.raises(IllegalActionError, match="INV-4"):
        state.text_to_action("c1-d1")
    with pytest.raises(IllegalActionError, match="INV-6"):
        state.text_to_action("swap")


def test_an_illegal_move_is_quoted_in_inv_8_notation_as_typed():
    # INV-8 INV-4: the reason quotes the move as written: a capture with x (it was rewritten
    # as a step, "e2-e1", found by use); a move typed c2c3 is quoted with the position's sign
    start = make_game().new_initial_state()
    with pytest.raises(IllegalActionError, match="^INV-4: e2xe1: no black stone on e2$"):
        start.text_to_action("e2xe1")
    with pytest.raises(IllegalActionError, match="^INV-4: c2xc3: no black stone on c2$"):
        start.text_to_action("c2xc3")
    with pytest.raises(IllegalActionError, match="^INV-4: b1-b2: no black stone on b1$"):
        start.text_to_action("b1b2")
    state = parse_position("invector 5x4 .bbwb/wbwbw/bwbwb/wbwbw w pie:open")
    with pytest.raises(IllegalActionError, match="^INV-4: a2xa1: no black stone on a1 to capture"):
        state.text_to_action("a2xa1")
    with pytest.raises(IllegalActionError, match="^INV-4: a2-a1: a step must bring"):
        state.text_to_action("a2-a1")
    c1xb1 = state.board.parse_cell("c1") * state.board.size + state.board.parse_cell("b1")
    assert state.why_illegal(c1xb1) == "INV-4: c1xb1: no white stone on c1"  # onto an enemy


@pytest.mark.parametrize("bad", ["", "c1", "c1--c2", "hello", "c1xz9", "c1-c9"])
def test_malformed_move_text_is_a_notation_error(bad):
    # INV-8: text that is not a move is a NotationError naming it
    state = make_game().new_initial_state()
    with pytest.raises(NotationError, match="INV-8"):
        state.text_to_action(bad)


@pytest.mark.parametrize(
    "text, problem",
    [
        ("invector 5x4 bwbwb/wbwbw/bwbwb b pie:open", "4 rows of 5"),
        ("invector 4x4 bwbw/wbwb/bwbw/wbwb b pie:open", "INV-1"),
        ("invector 5x4 bwbwb/wbwbw/bwbwb/wbwbq b pie:open", "'q'"),
        ("invector 5x4 bwbwb/wbwbw/bwbwb/wbwbw x pie:open", "side to move"),
        ("invector 5x4 bwbwb/wbwbw/bwbwb/wbwbw b pie:maybe", "pie field"),
        ("invector 5x4 ...../...../...../..... b pie:off", "INV-7"),
        ("shogi 5x4 bwbwb/wbwbw/bwbwb/wbwbw b pie:open", "expected"),
        ("invector 5x4", "expected"),
    ],
)
def test_bad_position_text_names_the_problem(text, problem):
    # INV-8: a bad position text raises NotationError with the reason and the rule (found by
    # use: `campaign scenario solve invector --position x` named none, where Shogi's say SHO-10)
    with pytest.raises(NotationError) as error:
        parse_position(text)
    assert problem in str(error.value)
    assert any(rule in str(error.value) for rule in ("INV-1", "INV-7", "INV-8"))


def test_position_text_must_match_the_game_variant():
    # INV-8 INV-6: a pie-rule position does not load into a game without it
    with pytest.raises(NotationError, match="INV-8: .*variant"):
        make_game(5, 4, pie=False).state_from_text(make_game().new_initial_state().to_text())
    with pytest.raises(NotationError, match="variant"):
        make_game(3, 2).state_from_text(make_game().new_initial_state().to_text())


@pytest.mark.parametrize("size", [(5, 4), (2, 3), (6, 5)])
def test_round_trip_in_random_games_with_swap(size):
    # INV-8 INV-6: every position text and every action text round-trips, swapped games included
    rng = random.Random(11)
    for _ in range(4):
        game = make_game(*size)
        state = game.new_initial_state()
        while not state.is_terminal():
            rebuilt = game.state_from_text(state.to_text())
            assert rebuilt == state and rebuilt.current_player() == state.current_player()
            for action in state.legal_actions():
                assert state.text_to_action(state.action_to_text(action)) == action
            actions = state.legal_actions()
            state.apply_action(SWAP if SWAP in actions else rng.choice(actions))
        assert game.state_from_text(state.to_text()).returns() == state.returns()
