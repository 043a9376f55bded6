"""Reduced Imperium/Dobutsu problems solved once per test session (small piece sets)."""

from __future__ import annotations

import pytest

from scenarios.imperium_shogi.rules import Position
from scenarios.imperium_shogi.tablebase.solver import Solution, solve

#: Small starts: ``(name, board squares -> code, Red hand, Blue hand)``. Codes: BB 1, MS 2, CR 3,
#: B 4, B+ 5, Blue = code + 8. They keep every rule in play (drops, B repair, try, capture).
REDUCED = {
    "bb_b_vs_bb": ({1: 1, 4: 4, 10: 9}, [0, 0, 0], [0, 0, 0]),
    "bb_b_vs_bb_cr": ({1: 1, 4: 4, 10: 9, 11: 11}, [0, 0, 0], [0, 0, 0]),
}


def reduced_position(name: str) -> Position:
    """The start position of reduced problem ``name`` (Red to move)."""
    squares, red, blue = REDUCED[name]
    board = [0] * 12
    for sq, code in squares.items():
        board[sq] = code
    return Position(board, [red[:], blue[:]], 0)


_CACHE: dict[tuple[str, bool], Solution] = {}


def reduced_solution(name: str, dobutsu: bool) -> Solution:
    """Solved table of a reduced problem (computed once per session)."""
    if (name, dobutsu) not in _CACHE:
        _CACHE[(name, dobutsu)] = solve([reduced_position(name)], dobutsu)
    return _CACHE[(name, dobutsu)]


@pytest.fixture(params=[False, True], ids=["imperium", "dobutsu"])
def dobutsu(request: pytest.FixtureRequest) -> bool:
    """Both variants."""
    return bool(request.param)
