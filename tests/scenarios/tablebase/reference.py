"""Independent reference for the tests: plain minimax on ``rules.Position`` (no tablebase code).

Conventions as in the tablebase (docs/solving.md): the side to move that can capture the enemy
BB wins in 1 ply; an enemy BB on the mover's home rank that cannot be captured has won (lost in
0); the mover's own BB on the enemy home rank has won (won in 0); no legal move loses (SHO-9).
"""

from __future__ import annotations

from scenarios.imperium_shogi.rules import ENEMY_TERRITORY, REPAIR, TARGETS, B, Position


def legal_moves(position: Position, dobutsu: bool) -> list[int]:
    """``Position.moves()``; Dobutsu drops the non-promoting B steps into the far rank."""
    moves = position.moves()
    if not dobutsu:
        return moves
    side = position.side
    board = position.board
    kept = []
    for move in moves:
        src, dst = move & 15, (move >> 4) & 15
        entering = src < 12 and board[src] == B | side << 3 and dst in ENEMY_TERRITORY[side]
        if entering and not move & REPAIR:
            continue
        kept.append(move)
    return kept


def terminal(position: Position) -> tuple[str, int] | None:
    """Result of a terminal position for the side to move, else ``None``."""
    side = position.side
    enemy_bb = position.bb[1 - side]
    for sq, code in enumerate(position.board):
        if code and code >> 3 == side and enemy_bb in TARGETS[code][sq]:
            return ("win", 1)
    if enemy_bb in ENEMY_TERRITORY[1 - side]:
        return ("loss", 0)
    if position.bb[side] in ENEMY_TERRITORY[side]:
        return ("win", 0)
    return None


def minimax(position: Position, depth: int, dobutsu: bool, memo: dict) -> tuple[str, int] | None:
    """``(result, plies)`` if decided by looking ``depth`` plies ahead, else ``None``.

    Terminal positions are exact at any depth, so a result may be up to ``depth + 1`` plies.
    """
    memo_key = (position.key(), depth)
    if memo_key in memo:
        return memo[memo_key]
    result = terminal(position)
    if result is None:
        moves = legal_moves(position, dobutsu)
        if not moves:
            result = ("loss", 0)
        elif depth > 0:
            best_win: int | None = None
            longest_loss = -1
            all_lost = True
            for move in moves:
                captured = position.make(move)
                child = minimax(position, depth - 1, dobutsu, memo)
                position.unmake(move, captured)
                if child is not None and child[0] == "loss":
                    best_win = child[1] + 1 if best_win is None else min(best_win, child[1] + 1)
                elif child is not None and child[0] == "win":
                    longest_loss = max(longest_loss, child[1] + 1)
                else:
                    all_lost = False
            if best_win is not None:
                result = ("win", best_win)
            elif all_lost:
                result = ("loss", longest_loss)
    memo[memo_key] = result
    return result
