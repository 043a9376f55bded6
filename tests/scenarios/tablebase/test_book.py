"""The opening-book builder against an independent minimax on a reduced game (SHO-7, SHO-9)."""

from __future__ import annotations

import pytest

from scenarios.imperium_shogi.book import decode_book, encode_book
from scenarios.imperium_shogi.rules import Position, decode, encode
from scenarios.imperium_shogi.tablebase.book import build_book
from tests.scenarios.tablebase.conftest import reduced_position, reduced_solution
from tests.scenarios.tablebase.reference import minimax, terminal

#: BB+B against BB: 1,440 positions, longest distance 19 plies, so a 20-ply minimax is exact.
PROBLEM, EXACT_DEPTH, BOOK_DEPTH = "bb_b_vs_bb", 20, 6
RANK = {"win": 0, "draw": 1, "loss": 2}
FLIP = {"win": "loss", "loss": "win", "draw": "draw"}


def exact_result(position: Position, memo: dict) -> str:
    """Win, draw or loss for the side to move, by minimax deep enough to decide everything."""
    found = minimax(position, EXACT_DEPTH, False, memo)
    return "draw" if found is None else found[0]


def table_reachable(start: Position) -> set[int]:
    """Keys of the positions a table holds: reachable from ``start`` without passing through a
    position decided by the conventions (whose children the table does not expand)."""
    seen, todo = {encode(start)}, [start]
    while todo:
        position = todo.pop()
        if position.is_over() or terminal(position) is not None:
            continue
        for move in position.moves():
            child = position.copy()
            child.make(move)
            if child.bb[0] >= 0 and child.bb[1] >= 0 and encode(child) not in seen:
                seen.add(encode(child))
                todo.append(child)
    return seen


def expected_book(start: Position, depth: int) -> dict[int, tuple[int, ...]]:
    """The book by its definition, from minimax values only (no tablebase code)."""
    memo: dict = {}
    table_positions = table_reachable(start)
    layer, seen = [start], {encode(start)}
    expected: dict[int, tuple[int, ...]] = {}
    for ply in range(depth + 1):
        following = []
        for position in layer:
            if position.is_over():
                continue
            moves = position.moves()
            results = {}
            for move in moves:
                child = position.copy()
                captured = child.make(move)
                if child.bb[0] < 0 or child.bb[1] < 0:
                    results[move] = "win"
                else:
                    results[move] = FLIP[exact_result(child, memo)]
                    if ply < depth and encode(child) not in seen:
                        seen.add(encode(child))
                        following.append(child)
                del captured
            if terminal(position) is not None or encode(position) not in table_positions:
                continue  # decided by the conventions (BB capture, try), or not a table position
            best = min(results.values(), key=RANK.__getitem__)
            kept = tuple(move for move in moves if results[move] == best)
            if best != "loss" and len(kept) < len(moves):
                expected[encode(position)] = kept
        layer = following
    return expected


@pytest.mark.slow
def test_book_keeps_exactly_the_moves_that_keep_the_result():
    # SHO-7/SHO-9: every position within 6 plies of the reduced start where the mover is not
    # lost, cannot capture the enemy BB, and some move gives the result away is stored with
    # the moves that keep it
    start = reduced_position(PROBLEM)
    book = build_book(reduced_solution(PROBLEM, False), start, BOOK_DEPTH)
    expected = expected_book(start, BOOK_DEPTH)
    assert book == expected
    memo: dict = {}
    kinds = {exact_result(decode(key), memo) for key in book}
    assert kinds == {"win", "draw"}  # both kinds of entry are exercised


def test_built_book_survives_the_file_format():
    # SHO-10: the compact keys and move ints come back unchanged from the stored bytes
    start = reduced_position(PROBLEM)
    book = build_book(reduced_solution(PROBLEM, False), start, BOOK_DEPTH)
    read = decode_book(encode_book(book, BOOK_DEPTH), "reduced.bin")
    assert read.depth == BOOK_DEPTH
    assert dict(read.entries) == book
