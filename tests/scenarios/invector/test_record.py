"""Saved Invector games (INV-8): the position, the start and the moves, replayed on load."""

from __future__ import annotations

import pytest

from scenarios.invector import make_game
from scenarios.invector.record import move_texts, parse_record, record_lines
from scenarios.invector.rules import InvectorState
from scenarios.protocol import NotationError


def played(start: InvectorState, *moves: str) -> list[InvectorState]:
    """The positions of a game from ``start`` through ``moves``, as the screen keeps them."""
    states = [start]
    for move in moves:
        nxt = states[-1].clone()
        nxt.apply_action(nxt.text_to_action(move))
        states.append(nxt)
    return states


def test_a_save_loads_with_every_move_swap_and_pass():
    """INV-5 INV-6 INV-8: the moves (a swap and a forced pass among them) are replayed from the
    start the save names, so the loaded game has the same positions, move list and undo."""
    game = played(make_game(5, 4).new_initial_state(), "a1xb1", "swap", "d1xc1")
    loaded = parse_record("\n".join(record_lines(game)) + "\n# players: person person\n")
    assert [s.to_text() for s in loaded] == [s.to_text() for s in game]
    assert move_texts(loaded) == ["a1xb1", "swap", "d1xc1"]
    start = make_game(5, 4, pie=False).state_from_text(
        "invector 5x4 b..../..w../...../....b b pie:off"
    )
    blocked = played(start, "a1-b1", "pass")
    assert move_texts(parse_record("\n".join(record_lines(blocked)))) == ["a1-b1", "pass"]


def test_a_position_alone_is_a_game_without_moves():
    """INV-8: a file with a position line only is a game starting there."""
    text = "invector 3x2 .wb/wbw w pie:kept\n"
    assert [s.to_text() for s in parse_record(text)] == [text.strip()]


def test_moves_that_do_not_reach_the_position_are_refused_naming_the_line():
    """INV-8: an edited position (or moves) is refused with the line, not loaded half-way."""
    lines = record_lines(played(make_game(5, 4).new_initial_state(), "a1xb1", "swap"))
    lines[0] = make_game(5, 4).new_initial_state().to_text()
    with pytest.raises(NotationError, match=r"line 3: INV-8: the moves from the start \(line 2\)"):
        parse_record("\n".join(lines))
    lines = record_lines(played(make_game(5, 4).new_initial_state(), "a1xb1"))
    lines[2] = "# moves: a1xb1 a1xb1"
    with pytest.raises(NotationError, match=r"line 3: INV-4: a1xb1: "):
        parse_record("\n".join(lines))


def test_a_save_from_before_the_start_line_is_still_read():
    """INV-8: saves written before the ``# start:`` line are replayed from the board's usual
    start when their moves lead to the position, and read as the position alone otherwise."""
    game = played(make_game(5, 4).new_initial_state(), "a1xb1", "swap")
    old = f"{game[-1].to_text()}\n# moves: a1xb1 swap\n# players: person medium\n"
    assert move_texts(parse_record(old)) == ["a1xb1", "swap"]
    other = f"{game[-1].to_text()}\n# moves: e1xd1\n"
    assert [s.to_text() for s in parse_record(other)] == [game[-1].to_text()]
