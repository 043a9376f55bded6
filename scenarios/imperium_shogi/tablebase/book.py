"""Building the opening book (``scenarios.imperium_shogi.book``) from a solved table.

For every position within ``depth`` plies of a start, the kept moves are those whose result for
the mover (win, draw or loss, whatever the distance) equals the position's best; a position is
stored only when the mover is not lost, cannot capture the enemy BB at once, and some move gives
the value away. Any table with
``value(position)`` serves: the stored Imperium table, or a reduced one solved in a test.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from scenarios.imperium_shogi.rules import BB, Position, decode, encode
from scenarios.imperium_shogi.tablebase.store import move_values
from scenarios.imperium_shogi.tablebase.table import DRAW, LOSS, WIN

#: Results for the mover, best first.
RESULT_ORDER = {WIN: 0, DRAW: 1, LOSS: 2}


def kept_moves(table: Any, position: Position) -> tuple[int, ...] | None:
    """The moves of ``position`` that keep its solved result, or ``None`` when there is nothing
    to filter: the mover is lost, every move keeps the result, or the mover can capture the
    enemy BB (won in 1 ply: the table does not expand such a position, and every level plays
    an immediate win anyway)."""
    moves = position.moves()
    enemy_bb = BB | (1 - position.side) << 3
    if table.value(position) is None or any(
        position.board[(move >> 4) & 15] == enemy_bb for move in moves
    ):
        return None
    values = move_values(table, position, moves)
    results = {move: RESULT_ORDER[result] for move, (result, _plies) in values.items()}
    best = min(results.values(), default=RESULT_ORDER[LOSS])
    if best == RESULT_ORDER[LOSS]:
        return None
    kept = tuple(move for move in moves if results.get(move) == best)
    return kept if len(kept) < len(moves) else None


def positions_within(start: Position, depth: int) -> list[set[int]]:
    """Compact keys of the positions first reached after 0, 1, ..., ``depth`` plies."""
    layers = [{encode(start)}]
    seen = set(layers[0])
    for _ in range(depth):
        layer: set[int] = set()
        for key in layers[-1]:
            position = decode(key)
            if position.is_over():
                continue
            for move in position.moves():
                captured = position.make(move)
                child = encode(position)
                position.unmake(move, captured)
                if child not in seen:
                    seen.add(child)
                    layer.add(child)
        layers.append(layer)
    return layers


def build_book(
    table: Any,
    start: Position,
    depth: int,
    progress: Callable[[int, int], None] | None = None,
) -> dict[int, tuple[int, ...]]:
    """Kept moves by compact key for every position within ``depth`` plies of ``start`` that
    needs them; ``progress(done, total)`` is called now and then."""
    keys = sorted(set().union(*positions_within(start, depth)))
    entries: dict[int, tuple[int, ...]] = {}
    for done, key in enumerate(keys):
        position = decode(key)
        if not position.is_over():
            kept = kept_moves(table, position)
            if kept is not None:
                entries[key] = kept
        if progress is not None and done % 5_000 == 0:
            progress(done, len(keys))
    return entries
