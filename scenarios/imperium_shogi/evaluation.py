"""What the Imperium Shogi searches know about a position without searching it: the
evaluation (material on the board and in hand, how far each BB has advanced), the move order
(captures first), and the exact try / BB-capture patterns of SHO-7 (``forced_result``).

Shared by the generic search of ``ai`` and the compiled one of ``fast_search`` (which uses the
same piece values), so neither imports the other for them.
"""

from __future__ import annotations

from collections.abc import Sequence

from scenarios.imperium_shogi.game import ShogiState
from scenarios.imperium_shogi.rules import (
    BB,
    BR,
    CR,
    DROP_BASE,
    ENEMY_TERRITORY,
    MS,
    REPAIR,
    TARGETS,
    TERRITORY,
    B,
)

#: Material values on the board by kind (the flagship is priceless: losing it ends the game).
PIECE_VALUE = {MS: 50, CR: 40, B: 20, BR: 60, BB: 0}
#: Values of pieces in hand by hand slot (B, CR, MS): a drop can go anywhere, so a bit more.
HAND_VALUE = (30, 50, 60)
#: Bonus per rank the flagship has advanced from its home rank (it wins by reaching the far rank).
ADVANCE_BONUS = 6


def evaluate(state: ShogiState, player: int) -> float:
    """Heuristic value of a running position for ``player``: material, BB advance."""
    position = state.position
    score = 0.0
    for sq, code in enumerate(position.board):
        if not code:
            continue
        kind, owner = code & 7, code >> 3
        value = PIECE_VALUE[kind]
        if kind == BB:
            rank = sq // 3
            value += ADVANCE_BONUS * (rank if owner == 0 else 3 - rank)
        score += value if owner == player else -value
    for owner, hand in enumerate(position.hands):
        value = sum(count * HAND_VALUE[slot] for slot, count in enumerate(hand))
        score += value if owner == player else -value
    return score


def order_moves(state: ShogiState, moves: Sequence[int]) -> list[int]:
    """Captures of valuable pieces first, then repairs, steps, and drops last."""
    board = state.position.board

    def priority(move: int) -> int:
        src, dst = move & 15, (move >> 4) & 15
        if src >= DROP_BASE:
            return 0
        target = board[dst]
        if target:
            return 1000 if target & 7 == BB else 100 + PIECE_VALUE[target & 7]
        if move & REPAIR:
            return 50
        bb_entry = board[src] & 7 == BB and dst in ENEMY_TERRITORY[board[src] >> 3]
        return 40 if bb_entry else 10

    return sorted(moves, key=priority, reverse=True)


#: ``ATTACKS[code][sq]``: bit mask of the squares a piece ``code`` on ``sq`` attacks.
ATTACKS = [[sum(1 << dst for dst in dsts) for dsts in per_square] for per_square in TARGETS]


def forced_result(state: ShogiState) -> int | None:
    """An exact result a few plies ahead, found without searching (SHO-7), for the side to move.

    ``1``: it can capture the enemy BB (wins next ply). ``-1``: the enemy BB stands in its home
    rank and cannot be captured (the enemy wins at the start of its next turn, after any reply).
    ``2``: its own BB can step into the enemy rank on a square no enemy piece attacks (the enemy
    cannot capture it there, so it wins at the start of its next turn). ``None`` otherwise. The
    search calls it at every node: it sees these wins and losses up to three plies beyond its
    depth (a try is the usual horizon blunder at a small board).
    """
    position = state.position
    side = position.side
    board = position.board
    enemy_bb = position.bb[1 - side]
    enemy_attacks = 0
    for sq, code in enumerate(board):
        if not code:
            continue
        if code >> 3 == side:
            if ATTACKS[code][sq] >> enemy_bb & 1:
                return 1
        else:
            enemy_attacks |= ATTACKS[code][sq]
    if enemy_bb in TERRITORY[side]:
        return -1
    own_bb = position.bb[side]
    for dst in TARGETS[board[own_bb]][own_bb]:
        if dst in ENEMY_TERRITORY[side] and not enemy_attacks >> dst & 1:
            target = board[dst]
            if not target or target >> 3 != side:
                return 2
    return None
