"""Generic alpha-beta (TT + iterative deepening) equals plain minimax on Imperium Shogi (SHO-7)."""

from __future__ import annotations

import random

from scenarios.imperium_shogi.ai import evaluate, order_moves
from scenarios.imperium_shogi.game import ShogiState, make_game
from scenarios.imperium_shogi.rules import perft
from scenarios.solvers.alphabeta import EVAL_LIMIT, WIN, AlphaBeta


def minimax(state: ShogiState, depth: int, ply: int = 0) -> float:
    """Plain negamax without pruning or table: the reference value for the side to move."""
    player = state.current_player()
    best = -WIN - 1
    for action in state.legal_actions():
        child = state.clone()
        child.apply_action(action)
        if child.is_terminal():
            result = child.returns()[player]
            value = (WIN - ply - 1) if result > 0 else -(WIN - ply - 1) if result < 0 else 0.0
        elif depth - 1 <= 0:
            value = -max(-EVAL_LIMIT, min(EVAL_LIMIT, evaluate(child, child.current_player())))
        else:
            value = -minimax(child, depth - 1, ply + 1)
        best = max(best, value)
    return best


def random_positions(count: int, seed: int) -> list[ShogiState]:
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = make_game().new_initial_state()
        for _ in range(rng.randrange(0, 12)):
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
        # small trees only, so that plain minimax to depth 4 stays cheap
        if not state.is_terminal() and perft(state.position.copy(), 4) < 6000:
            found.append(state)
    return found


def test_alphabeta_value_equals_minimax():
    # SHO-7: wins (captures and tries) are scored the same by both searches
    for state in random_positions(6, seed=5):
        for depth in (1, 2, 3, 4):  # depth 4 is where the table starts to be hit
            searcher = AlphaBeta(evaluate, order=order_moves)
            result = searcher.search(state, max_depth=depth)
            expected = minimax(state, depth)
            # a proven win/loss may stop the deepening early; its value must still agree
            assert result.value == expected, (state.to_text(), depth)
            assert result.action in state.legal_actions()
            # searching each child next reuses the table's bounds under other windows
            for action in state.legal_actions() if depth == 4 else ():
                child = state.clone()
                child.apply_action(action)
                if not child.is_terminal():
                    value = searcher.search(child, max_depth=depth - 1).value
                    assert value == minimax(child, depth - 1), (child.to_text(), depth - 1)
