"""Imperium Shogi rules: set-up, moves, repair, drops, win, draw (SHO-1..9)."""

from __future__ import annotations

import pytest

from scenarios.imperium_shogi.game import ShogiState, make_game
from scenarios.imperium_shogi.notation import SQUARE_NAMES, move_to_text, parse_square
from scenarios.imperium_shogi.rules import (
    BLUE,
    ENEMY_TERRITORY,
    RED,
    TERRITORY,
    Position,
    kind_of,
    owner_of,
)
from scenarios.protocol import TERMINAL, IllegalActionError

GAME = make_game()
INITIAL = "mfc/1b1/1B1/CFM - r"


def state(text: str) -> ShogiState:
    return GAME.state_from_text(text)


def moves(text: str) -> set[str]:
    """Every legal move of ``text`` in notation."""
    current = state(text)
    return {current.action_to_text(action) for action in current.legal_actions()}


def moves_from(text: str, origin: str) -> set[str]:
    """Destinations (with a trailing + for repairs) of the piece on ``origin``."""
    return {move[2:] for move in moves(text) if move.startswith(origin) and "*" not in move}


def play(current: ShogiState, *texts: str) -> ShogiState:
    for text in texts:
        current.apply_action(current.text_to_action(text))
    return current


def test_board_has_twelve_squares_and_home_ranks_as_territory():
    # SHO-1
    assert SQUARE_NAMES == ("a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3", "a4", "b4", "c4")
    assert {SQUARE_NAMES[sq] for sq in TERRITORY[RED]} == {"a1", "b1", "c1"}
    assert {SQUARE_NAMES[sq] for sq in TERRITORY[BLUE]} == {"a4", "b4", "c4"}
    assert ENEMY_TERRITORY[RED] == TERRITORY[BLUE]


def test_initial_setup_is_point_symmetric_and_red_moves_first():
    # SHO-2
    initial = GAME.new_initial_state()
    assert initial.to_text() == INITIAL
    assert initial.current_player() == RED
    board = initial.position.board
    names = {SQUARE_NAMES[sq]: code for sq, code in enumerate(board) if code}
    assert {sq: (kind_of(c), owner_of(c)) for sq, c in names.items()} == {
        "a1": (3, RED),
        "b1": (1, RED),
        "c1": (2, RED),
        "b2": (4, RED),
        "c4": (3, BLUE),
        "b4": (1, BLUE),
        "a4": (2, BLUE),
        "b3": (4, BLUE),
    }
    for sq, code in enumerate(board):
        mirror = board[11 - sq]
        assert (code == 0) == (mirror == 0)
        if code:
            assert kind_of(code) == kind_of(mirror) and owner_of(code) != owner_of(mirror)


def test_initial_moves():
    # SHO-2 SHO-3: Red's four moves from the set-up
    assert moves(INITIAL) == {"b1a2", "b1c2", "c1c2", "b2b3"}


@pytest.mark.parametrize(
    ("text", "origin", "expected"),
    [
        # flagship: all 8 neighbours
        ("3/f2/1F1/3 BBCCMM r", "b2", {"a1", "b1", "c1", "a2", "c2", "a3", "b3", "c3"}),
        # carrier: orthogonal
        ("f2/3/1M1/F2 BbCcm r", "b2", {"b1", "a2", "c2", "b3"}),
        # cruiser: diagonal
        ("f2/3/1C1/1F1 BbcMm r", "b2", {"a1", "c1", "a3", "c3"}),
        # disrupted battleship: straight forward only
        ("f2/3/1B1/F2 BCcMm r", "b2", {"b3"}),
        # repaired battleship: forward, back, sideways, diagonally forward (6)
        ("f2/3/1+B1/F2 BCcMm r", "b2", {"b1", "a2", "c2", "a3", "b3", "c3"}),
        # Blue's pieces point the other way
        ("2f/1b1/3/F2 BCcMm b", "b3", {"b2"}),
        ("2f/1+b1/3/F2 BCcMm b", "b3", {"b4", "a3", "c3", "a2", "b2", "c2"}),
    ],
)
def test_piece_steps(text, origin, expected):
    # SHO-3
    assert moves_from(text, origin) == expected


def test_no_move_onto_friendly_piece_and_capture_goes_to_hand():
    # SHO-3 SHO-5: a2 is friendly (blocked), b3 is an enemy (captured into Red's hand)
    text = "f2/1m1/BF1/3 BCcm r"
    assert moves_from(text, "b2") == {"a1", "b1", "c1", "c2", "a3", "b3", "c3"}
    after = play(state(text), "b2b3")
    assert after.to_text() == "f2/1F1/B2/3 BCMcm b"


def test_repair_is_optional_two_distinct_moves():
    # SHO-4
    text = "f2/1B1/3/F2 BCcMm r"
    assert moves_from(text, "b3") == {"b4", "b4+"}
    repaired = play(state(text), "b3b4+")
    assert repaired.to_text() == "f+B1/3/3/F2 BCMcm b"
    kept = play(state(text), "b3b4")
    assert kept.to_text() == "fB1/3/3/F2 BCMcm b"


def test_disrupted_b_left_in_enemy_territory_never_moves_again():
    # SHO-4
    kept = play(state("f2/1B1/3/F2 BCcMm r"), "b3b4", "a4a3")
    assert moves_from(kept.to_text(), "b4") == set()
    # a repaired one keeps moving (and never re-offers the repair)
    fixed = play(state("f2/1B1/3/F2 BCcMm r"), "b3b4+", "a4a3")
    assert moves_from(fixed.to_text(), "b4") == {"a4", "c4", "b3"}


def test_no_repair_outside_enemy_territory():
    # SHO-4: moving within ranks 1..3 never offers a repair
    assert moves_from("f2/3/1B1/F2 BCcMm r", "b2") == {"b3"}


def test_repaired_b_returns_to_hand_as_b():
    # SHO-5
    after = play(state("f2/1+b1/1M1/F2 BCcm r"), "b2b3")
    assert after.to_text() == "f2/1M1/3/F2 BBCcm b"
    assert "+" not in after.to_text()


def test_drops_on_every_empty_square_and_b_dropped_disrupted_even_in_enemy_territory():
    # SHO-5
    text = "f2/3/3/F2 BBCcmm r"
    current = state(text)
    drops = {m for m in moves(text) if "*" in m}
    empties = {"b4", "c4", "a3", "b3", "c3", "a2", "b2", "c2", "b1", "c1"}
    assert drops == {f"{piece}*{sq}" for piece in ("B", "CR") for sq in empties}
    after = play(current, "B*c4", "a4a3")
    assert after.to_text() == "2B/f2/3/F2 BCcmm r"
    assert moves_from(after.to_text(), "c4") == set()
    assert "B*c4+" not in {m for m in moves(text)}


def test_drop_or_move_only_one_per_turn():
    # SHO-5: after a drop it is the opponent's turn
    current = play(state("f2/3/3/F2 BBCcmm r"), "CR*b2")
    assert current.current_player() == BLUE


def test_two_bs_in_a_file_and_trapping_drop_are_legal():
    # SHO-6: nifu-like drop is legal
    assert "B*b1" in moves("f2/3/1B1/F2 BCcmm r")
    # a drop that leaves the enemy BB no escape is legal
    assert "B*a3" in moves("f1M/2M/1C1/F2 BCb r")


def test_bb_may_step_into_attack():
    # SHO-6: b2 is attacked by the Blue MS on b3, still legal
    assert "a1b2" in moves("f2/1m1/3/F2 BBCCm r")


def test_capturing_the_enemy_bb_wins_at_once():
    # SHO-7
    current = play(state("3/3/1f1/1F1 BBCCMM r"), "b1b2")
    assert current.is_terminal()
    assert current.current_player() == TERMINAL
    assert current.returns() == [1.0, -1.0]
    assert current.outcome().rule == "SHO-7"
    assert current.legal_actions() == []


def test_bb_try_wins_at_start_of_owners_next_turn():
    # SHO-7: Red enters rank 4; Blue cannot capture; Red wins when its turn starts
    entered = play(state("f2/1F1/3/3 BBCCMM r"), "b3c4")
    assert not entered.is_terminal()  # Blue still gets its reply
    play(entered, "a4b4")
    assert entered.is_terminal() and entered.returns() == [1.0, -1.0]
    assert "held the enemy territory" in entered.outcome().reason


def test_bb_try_fails_when_captured_on_following_turn():
    # SHO-7
    entered = play(state("f2/1F1/3/3 BBCCMM r"), "b3b4")
    play(entered, "a4b4")
    assert entered.returns() == [-1.0, 1.0]


def test_threefold_repetition_is_a_draw():
    # SHO-8: board, hands and side to move repeat for the third time
    current = GAME.new_initial_state()
    shuffle = ("c1c2", "a4a3", "c2c1", "a3a4")
    play(current, *shuffle)
    assert not current.is_terminal() and current.repetitions() == 2
    play(current, *shuffle[:3])
    assert not current.is_terminal()
    play(current, shuffle[3])
    assert current.is_terminal()
    assert current.returns() == [0.0, 0.0]
    assert current.outcome().rule == "SHO-8"


def test_repetition_needs_same_side_to_move():
    # SHO-8: the same board with the other side to move is a different position
    red = state("f2/3/3/F2 BBCCMm r")
    blue = state("f2/3/3/F2 BBCCMm b")
    assert red.position.key() != blue.position.key()


def test_no_legal_move_loses():
    # SHO-9: every Red piece is boxed in by Red pieces and Red has nothing in hand
    current = state("MC1/FMC/BB1/f2 - r")
    assert current.is_terminal()
    assert current.returns() == [-1.0, 1.0]
    assert current.outcome().rule == "SHO-9"


def test_illegal_action_is_rejected_and_changes_nothing():
    # SHO-3
    current = GAME.new_initial_state()
    with pytest.raises(IllegalActionError, match="SHO-3"):
        current.apply_action(0 | parse_square("a2") << 4 | 0)  # a1a2: CR cannot step straight
    with pytest.raises(IllegalActionError, match="SHO-3"):
        current.text_to_action("b2b4")
    assert current.to_text() == INITIAL


def test_no_action_after_the_game_ended():
    # SHO-7
    current = play(state("3/3/1f1/1F1 BBCCMM r"), "b1b2")
    with pytest.raises(IllegalActionError, match="over"):
        current.apply_action(0)


def test_undo_restores_position_history_and_captures():
    # SHO-5 SHO-8: undo puts captured pieces back and forgets the repetition count
    current = GAME.new_initial_state()
    play(current, "b2b3", "b4b3", "B*b2")
    assert current.to_text() == "m1c/1f1/1B1/CFM b b"
    for _ in range(3):
        current.undo_action()
    assert current.to_text() == INITIAL
    assert current.repetitions() == 1
    assert current.history() == []


def test_make_unmake_round_trip_over_random_games():
    # SHO-3 SHO-4 SHO-5: every move is undone exactly (the fast core used by perft and search)
    import random

    rng = random.Random(7)
    for _ in range(30):
        position = Position.initial()
        stack = []
        for _ply in range(60):
            legal = position.moves()
            if not legal:
                break
            move = rng.choice(legal)
            before = (
                position.board[:],
                [h[:] for h in position.hands],
                position.side,
                position.bb[:],
            )
            stack.append((move, position.make(move), before))
        while stack:
            move, captured, before = stack.pop()
            position.unmake(move, captured)
            assert (position.board, position.hands, position.side, position.bb) == before, (
                move_to_text(move)
            )
