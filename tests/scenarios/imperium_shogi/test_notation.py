"""Imperium Shogi notation and position text (SHO-10), and the compact key."""

from __future__ import annotations

import random

import pytest

from scenarios.imperium_shogi.game import make_game
from scenarios.imperium_shogi.notation import (
    move_to_text,
    parse_move,
    parse_position,
    parse_square,
    position_to_text,
    square_name,
)
from scenarios.imperium_shogi.rules import REPAIR, Position, decode, encode
from scenarios.protocol import NotationError

GAME = make_game()


def test_squares_files_from_reds_left_rank_one_is_reds_home():
    # SHO-10
    assert square_name(0) == "a1" and square_name(2) == "c1" and square_name(11) == "c4"
    assert parse_square("b3") == 7


def test_move_texts():
    # SHO-10
    b3, b4 = parse_square("b3"), parse_square("b4")
    assert move_to_text(b3 | b4 << 4) == "b3b4"
    assert move_to_text(b3 | b4 << 4 | REPAIR) == "b3b4+"
    assert parse_move("b3b4+") == b3 | b4 << 4 | REPAIR
    assert move_to_text(parse_move("B*b3")) == "B*b3"
    assert move_to_text(parse_move("CR*a2")) == "CR*a2"
    assert move_to_text(parse_move("MS*c3")) == "MS*c3"
    assert parse_move("C*a2") == parse_move("CR*a2")


def test_a_step_typed_the_invector_way_is_read_and_written_back_as_sho_10_has_it():
    # SHO-10 with INV-8's spelling (issue 44 item 6): ``b3-b4`` and ``b3xb4`` are ``b3b4``
    assert parse_move("b3-b4") == parse_move("b3xb4") == parse_move("b3b4")
    assert move_to_text(parse_move("b3-b4+")) == "b3b4+"


def test_squares_in_capitals_are_read_as_squares():
    """SHO-10 (found by use, December 7): ``B2B3`` was refused ("'B2' is not a square") where
    Invector reads ``A1XB1``. A square's letter is a file whatever its case; a drop's piece
    names read the same in either case, so ``b*B3`` is still ``B*b3``."""
    assert parse_move("B2B3") == parse_move("b2b3")
    assert parse_move("B3B4+") == parse_move("b3b4+")
    assert parse_move("B3XB4") == parse_move("B3-b4") == parse_move("b3b4")
    assert parse_move("CR*A2") == parse_move("cr*a2") == parse_move("CR*a2")
    assert parse_square("C4") == parse_square("c4")


@pytest.mark.parametrize(
    "text", ["b3", "b3b5", "d1a1", "X*b3", "B*", "b3b4++", "", "b3--b4", "b3+b4"]
)
def test_bad_move_text_names_the_text(text):
    # SHO-10
    with pytest.raises(NotationError, match="SHO-10"):
        parse_move(text)


def test_initial_position_text():
    # SHO-10 SHO-2
    assert position_to_text(Position.initial()) == "mfc/1b1/1B1/CFM - r"


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("mfc/1b1/1B1/CFM r", "SHO-10"),  # missing field
        ("mfc/1b1/1B1 - r", "SHO-10"),  # 3 ranks
        ("mfc/1b1/1B1/CFMM - r", "SHO-10"),  # 4 squares in a rank
        ("mfc/1b1/1B1/CF - r", "SHO-10"),  # 2 squares in a rank
        ("mfc/1x1/1B1/CFM - r", "SHO-10"),  # unknown piece
        ("mfc/1+m1/1B1/CFM - r", "SHO-10"),  # only a B can be repaired
        ("mfc/1b1/1B1/CFM - x", "SHO-10"),  # side
        ("mfc/1b1/1B1/CFM F r", "SHO-10"),  # BB in hand
        ("mfc/1b1/1B1/CFM B r", "SHO-2"),  # a third B
        ("m1c/1b1/1B1/C1M - r", "SHO-2"),  # no BB at all
        ("mff/1b1/1B1/CFM - r", "SHO-2"),  # two Blue BBs
    ],
)
def test_bad_position_text_is_rejected_with_reason(text, rule):
    # SHO-10
    with pytest.raises(NotationError, match=rule):
        GAME.state_from_text(text)


def test_position_text_round_trips_through_random_games():
    # SHO-10: text -> position -> text is the identity, and the compact key and a copy
    # round-trip too
    rng = random.Random(11)
    for _ in range(40):
        state = GAME.new_initial_state()
        while not state.is_terminal() and len(state.history()) < 80:
            text = state.to_text()
            assert position_to_text(parse_position(text)) == text
            assert decode(encode(state.position)) == state.position
            copied = state.position.copy()  # the flagship squares copied, not searched again
            assert copied == state.position and copied.bb == decode(encode(copied)).bb
            for action in state.legal_actions():
                assert state.text_to_action(state.action_to_text(action)) == action
            state.apply_action(rng.choice(state.legal_actions()))


def test_hand_text_order_is_canonical():
    # SHO-10: hands in any order parse; the canonical form lists Red's B, C, M then Blue's
    assert position_to_text(parse_position("f2/3/3/F2 mcCBmB r")) == "f2/3/3/F2 BBCcmm r"
