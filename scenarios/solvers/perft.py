"""Perft over any ``scenarios.protocol`` game: count the leaves of the move tree.

Used to cross-check a game's fast, game-specific move generator and as the "divide" tool when
counts disagree: ``divide`` gives the count below each first move, in notation.
"""

from __future__ import annotations

from typing import Any

from scenarios.protocol import GameState

#: The deepest ``perft --depth`` the CLIs accept: each ply multiplies the count (Imperium
#: Shogi's depth 10 is about ten billion sequences), so a deeper count would run until killed.
MAX_PERFT_DEPTH = 20


def perft_depth_problem(depth: int) -> str | None:
    """Why ``depth`` is no depth a user may ask perft for, or None (issue 47's "bound every
    input": ``--depth 99999999999999999999`` was accepted and counted until killed)."""
    if not 1 <= depth <= MAX_PERFT_DEPTH:
        return f"--depth must be 1 to {MAX_PERFT_DEPTH}, got {depth}"
    return None


def perft(state: GameState[Any], depth: int) -> int:
    """Number of move sequences of exactly ``depth`` plies (terminal states have no moves; a
    game that ends earlier contributes nothing at the requested depth, as in chess perft).
    ``ValueError`` for a negative depth."""
    if depth < 0:
        raise ValueError(f"perft depth must be >= 0, got {depth}")
    if depth == 0:
        return 1
    actions = state.legal_actions()
    if depth == 1:
        return len(actions)
    total = 0
    for action in actions:
        child = state.clone()
        child.apply_action(action)
        total += perft(child, depth - 1)
    return total


def divide(state: GameState[Any], depth: int) -> dict[str, int]:
    """Perft of depth ``depth - 1`` below each legal first move, keyed by its notation, in
    ``legal_actions`` order. ``ValueError`` for a depth below 1."""
    if depth < 1:
        raise ValueError(f"divide needs depth >= 1, got {depth}")
    result: dict[str, int] = {}
    for action in state.legal_actions():
        child = state.clone()
        child.apply_action(action)
        result[state.action_to_text(action)] = perft(child, depth - 1)
    return result


def format_divide(counts: dict[str, int]) -> str:
    """Divide output, one ``move: count`` line each, then the total."""
    lines = [f"{move}: {count}" for move, count in counts.items()]
    lines.append(f"total: {sum(counts.values())}")
    return "\n".join(lines)
