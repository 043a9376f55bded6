"""The computer opponent: legal moves only, immediate wins, beats random play (SHO-7)."""

from __future__ import annotations

import random

import pytest

from scenarios.imperium_shogi.ai import PERFECT, ShogiAI, available_levels
from scenarios.imperium_shogi.cli import cli_solve
from scenarios.imperium_shogi.game import ShogiState, make_game

GAME = make_game()


def play_vs_random(seed: int) -> tuple[float, int]:
    """AI (fixed depth 3) against a seeded uniformly random player; AI's return and plies."""
    rng = random.Random(seed)
    state = GAME.new_initial_state()
    ai_side = seed % 2
    ai = ShogiAI("easy")
    while not state.is_terminal():
        if state.current_player() == ai_side:
            move = ai.choose(state, max_depth=3)
            assert move in state.legal_actions()
        else:
            move = rng.choice(state.legal_actions())
        state.apply_action(move)
    return state.returns()[ai_side], len(state.history())


def test_beats_random_player_in_19_of_20_games():
    # SHO-7: the AI plays for the win
    results = [play_vs_random(seed)[0] for seed in range(20)]
    assert sum(1 for value in results if value > 0) >= 19, results


def test_takes_immediate_capture_of_bb():
    # SHO-7: capturing the enemy BB wins at once; the AI must play it at any level
    state = GAME.state_from_text("3/3/1f1/1F1 BBCCMM r")
    move = ShogiAI("easy").choose(state, max_depth=1)
    assert state.action_to_text(move) == "b1b2"


def test_takes_immediate_bb_capture_with_tiny_time_budget():
    # SHO-7: a Blue MS on a3 can take the Red BB on a2 (other moves exist)
    state = GAME.state_from_text("2f/m2/F2/3 BBCCm b")
    move = ShogiAI("normal").choose(state, seconds=0.001)
    assert state.action_to_text(move) == "a3a2"


def test_finds_try_win_in_three_plies():
    # SHO-7: Red BB c3 enters c4, out of reach of the Blue BB on a4
    state = GAME.state_from_text("f2/2F/3/3 BBCCMM r")
    ai = ShogiAI("normal")
    move = ai.choose(state, max_depth=4)
    assert state.action_to_text(move) == "c3c4"
    assert ai.last is not None and ai.last.is_win


def test_choose_does_not_change_the_state():
    # SHO-10: searching must leave the game exactly as it was (history included)
    state = GAME.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    before, history = state.to_text(), state.history()
    ShogiAI("easy").choose(state, max_depth=3)
    assert state.to_text() == before and state.history() == history


def test_random_midgame_positions_get_legal_moves():
    # SHO-3 SHO-5: from many random positions the chosen move is legal
    rng = random.Random(3)
    ai = ShogiAI("easy")
    for _ in range(15):
        state: ShogiState = GAME.new_initial_state()
        for _ply in range(rng.randrange(1, 30)):
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
        if not state.is_terminal():
            assert ai.choose(state, max_depth=2) in state.legal_actions()


def test_perfect_level_needs_a_tablebase():
    # SHO-7 (perfect play hook)
    assert PERFECT not in available_levels()
    with pytest.raises(ValueError, match="tablebase"):
        ShogiAI(PERFECT)

    class Oracle:
        def probe(self, state: ShogiState) -> int | None:
            return state.legal_actions()[-1]

    state = GAME.new_initial_state()
    assert PERFECT in available_levels(Oracle())
    assert ShogiAI(PERFECT, tablebase=Oracle()).choose(state) == state.legal_actions()[-1]


def test_cli_solve_prints_best_move(capsys):
    # SHO-7 SHO-10
    assert cli_solve(["--position", "f2/2F/3/3 BBCCMM r", "--depth", "3"]) == 0
    out = capsys.readouterr().out
    assert "best move: c3c4" in out and "forced win" in out
