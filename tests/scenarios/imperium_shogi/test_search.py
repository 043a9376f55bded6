"""Generic alpha-beta (TT + iterative deepening) equals plain minimax on Imperium Shogi (SHO-7)."""

from __future__ import annotations

import random

import pytest

from scenarios.imperium_shogi.evaluation import evaluate, order_moves
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


#: The issue's position, where ``c1b1`` loses within 6 plies.
ISSUE_POSITION = "1f1/1c1/1F1/2M BMbc r"


def exact_values(state: ShogiState, depth: int) -> dict[int, float]:
    """Each root move's value at ``depth`` for the side to move (full searches of the children)."""
    player = state.current_player()
    values = {}
    for action in state.legal_actions():
        child = state.clone()
        child.apply_action(action)
        if child.is_terminal():
            result = child.returns()[player]
            values[action] = (WIN - 1) * result
        else:
            values[action] = (
                -AlphaBeta(evaluate, order=order_moves).search(child, max_depth=depth - 1).value
            )
    return values


@pytest.mark.slow
def test_budget_cut_iteration_never_picks_a_worse_move():
    # SHO-7 (issue 21): the iteration cut short by the node budget still decides, because it
    # searches the previous best move first; its move must be at least as good as that one at
    # the new depth, and its value exact
    state = make_game().state_from_text(ISSUE_POSITION)
    depth = 4
    previous = AlphaBeta(evaluate, order=order_moves).search(state.clone(), max_depth=depth - 1)
    complete = AlphaBeta(evaluate, order=order_moves).search(state.clone(), max_depth=depth)
    values = exact_values(state, depth)
    assert complete.value == max(values.values())
    partial = 0
    for budget in range(previous.nodes + 1, complete.nodes, max(1, complete.nodes // 40)):
        result = AlphaBeta(evaluate, order=order_moves).search(
            state.clone(), max_depth=depth, node_budget=budget
        )
        if result.depth == depth:
            partial += 1
            assert result.value == values[result.action], budget
            assert values[result.action] >= values[previous.action], budget
        else:
            assert result.action == previous.action, budget
    assert partial > 10  # most budgets end inside the last iteration, which then counts
