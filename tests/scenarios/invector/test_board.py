"""Board size, start position and centre geometry (INV-1, INV-2, INV-3)."""

from __future__ import annotations

import pytest

from scenarios.invector import make_game
from scenarios.invector.board import BoardSizeError, get_board, parse_size
from scenarios.invector.rules import BLACK, WHITE
from tests.scenarios.invector.reference import centre_cells, distance


@pytest.mark.parametrize("size", [(2, 3), (3, 2), (5, 4), (4, 5), (16, 15), (15, 16), (7, 2)])
def test_legal_sizes_are_accepted(size):
    # INV-1: exactly one side even, from 2x3 up to 16x15
    game = make_game(*size)
    assert (game.cols, game.rows) == size
    assert game.new_initial_state().board.size == size[0] * size[1]


@pytest.mark.parametrize(
    "size, reason",
    [
        ((4, 4), "exactly one"),
        ((5, 3), "exactly one"),
        ((1, 2), "outside"),
        ((2, 1), "outside"),
        ((16, 17), "outside"),
        ((17, 16), "outside"),
        ((18, 3), "outside"),
    ],
)
def test_illegal_sizes_are_rejected_with_the_rule(size, reason):
    # INV-1: other shapes are rejected with a clear message
    with pytest.raises(BoardSizeError) as error:
        make_game(*size)
    assert "INV-1" in str(error.value) and reason in str(error.value)


def test_size_text_parsing():
    # INV-1: "CxR" is columns by rows; malformed text is refused
    assert parse_size("5x4") == (5, 4)
    assert parse_size("3X2") == (3, 2)
    for bad in ("5", "5x", "axb", "4x4", "5x4x3"):
        with pytest.raises(BoardSizeError, match="INV-1"):
            parse_size(bad)


@pytest.mark.parametrize("size", [(5, 4), (4, 5), (2, 3), (3, 2), (7, 6)])
def test_start_is_full_checkerboard_black_top_left(size):
    # INV-2: every cell holds a stone, alternating, black on a1; Black moves first
    cols, rows = size
    state = make_game(cols, rows).new_initial_state()
    for cell in range(cols * rows):
        row, col = divmod(cell, cols)
        colour = BLACK if (row + col) % 2 == 0 else WHITE
        assert state.stones[colour] >> cell & 1
        assert not state.stones[1 - colour] >> cell & 1
    assert state.stones[BLACK] & 1  # a1
    assert state.to_move == BLACK and state.current_player() == 0


@pytest.mark.parametrize("size", [(5, 4), (4, 5), (2, 3), (3, 2), (7, 2), (16, 15), (15, 16)])
def test_centre_cells_and_distances(size):
    # INV-3: two orthogonally adjacent centre cells; distance = Manhattan to the nearer one
    cols, rows = size
    board = get_board(cols, rows)
    expected = {r * cols + c for r, c in centre_cells(cols, rows)}
    assert set(board.centre) == expected and len(expected) == 2
    a, b = board.centre
    assert board.neighbours[a] >> b & 1
    for cell in range(board.size):
        assert board.distance[cell] == distance(cols, rows, *divmod(cell, cols))


def test_centre_of_default_board_is_c2_c3():
    # INV-3: on 5 columns x 4 rows the centre lies between c2 and c3
    board = get_board(5, 4)
    assert sorted(board.cell_name(cell) for cell in board.centre) == ["c2", "c3"]
    assert board.distance[board.parse_cell("a1")] == 3
    assert board.distance[board.parse_cell("e4")] == 3
    assert board.distance[board.parse_cell("b3")] == 1
