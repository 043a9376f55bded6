"""The repair question (SHO-4) asked of a table, cross-checked move by move in Python."""

from __future__ import annotations

import pytest

from scenarios.imperium_shogi.rules import REPAIR, decode
from scenarios.imperium_shogi.tablebase.analysis import repair_choices
from scenarios.imperium_shogi.tablebase.store import move_values, rank_move
from tests.scenarios.tablebase.conftest import reduced_solution
from tests.scenarios.tablebase.reference import terminal


@pytest.mark.slow
def test_repair_choices_match_move_values():
    # SHO-4: counting repair vs non-repair outcomes agrees with the per-move values
    solution = reduced_solution("bb_b_vs_bb_cr", False)
    counts = {"declining_better": 0, "declining_worse": 0, "equal": 0}
    for key in solution.stored_keys().tolist():
        position = decode(key)
        if terminal(position) is not None:
            continue
        moves = position.moves()
        values = move_values(solution, position, moves)
        for move in moves:
            if not move & REPAIR:
                continue
            declined, repaired = values[move & ~REPAIR], values[move]
            gain = (
                rank_move(*repaired) > rank_move(*declined),
                rank_move(*repaired) < rank_move(*declined),
            )
            name = "declining_better" if gain[0] else "declining_worse" if gain[1] else "equal"
            counts[name] += 1
    assert sum(counts.values()) > 0
    assert repair_choices(solution) == counts
