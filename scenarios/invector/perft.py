"""Perft for Invector: count the action sequences of a given length through the protocol.

Every protocol action is one ply, including ``swap`` (INV-6) and the forced ``pass`` (INV-5);
a game that ends earlier contributes nothing at the requested depth (as in chess perft).
"""

from __future__ import annotations

from scenarios.invector.rules import InvectorState


def perft(state: InvectorState, depth: int) -> int:
    """Number of leaf positions exactly ``depth`` plies below ``state``."""
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


def divide(state: InvectorState, depth: int) -> list[tuple[str, int]]:
    """Perft split by first action: ``(notation, count)`` for each legal action (depth >= 1)."""
    if depth < 1:
        raise ValueError(f"divide needs depth >= 1, got {depth}")
    out = []
    for action in state.legal_actions():
        child = state.clone()
        child.apply_action(action)
        out.append((state.action_to_text(action), perft(child, depth - 1)))
    return out
