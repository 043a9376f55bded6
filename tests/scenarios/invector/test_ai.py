"""The computer player: always legal, perfect where the solver reaches, pie decisions (INV-4..7)."""

from __future__ import annotations

import random

import pytest

from scenarios.invector import make_game
from scenarios.invector import solver as solver_module
from scenarios.invector.ai import COMPILED_FACTOR, LEVELS, InvectorAI, levels_help
from scenarios.invector.rules import SWAP, parse_position
from scenarios.invector.solver import Solver


@pytest.mark.parametrize("level", list(LEVELS))
@pytest.mark.parametrize("size", [(3, 2), (4, 5), (9, 8)])
def test_every_level_plays_only_legal_actions(level, size):
    # INV-4 INV-5 INV-7: whatever the level and board, the chosen action is legal
    rng = random.Random(2)
    state = make_game(*size).new_initial_state()
    ai = InvectorAI(level, random.Random(1))
    plies = 0
    limit = 2 if level == "hard" else 12  # keep the slow exact tries and big searches short
    while not state.is_terminal() and plies < limit:
        action = ai.choose(state) if plies % 2 == 0 else rng.choice(state.legal_actions())
        assert action in state.legal_actions()
        state.apply_action(action)
        plies += 1


def test_hard_level_plays_perfectly_on_small_boards():
    # INV-7: on 5x2 without pie the first player wins; the exact computer never lets it go
    for seed in range(3):
        rng = random.Random(seed)
        state = make_game(5, 2, pie=False).new_initial_state()
        ai = InvectorAI("hard")
        while not state.is_terminal():
            if state.current_player() == 0:
                action = ai.choose(state)
                assert ai.used_solver or len(state.legal_actions()) == 1
                state.apply_action(action)
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        assert state.returns() == [1.0, -1.0]


def test_hard_level_chooses_a_winning_move_when_there_is_one():
    # INV-4 INV-7: in random 3x4 positions that are won, the chosen move keeps the win
    rng = random.Random(9)
    solver = Solver(make_game(3, 4).board)
    ai = InvectorAI("hard")
    checked = 0
    for _ in range(15):
        state = make_game(3, 4, pie=False).new_initial_state()
        for _ in range(rng.randrange(1, 6)):
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
        if state.is_terminal() or solver.value(state) < 0:
            continue
        analysis = solver.analyse(state)
        assert analysis.action_values[ai.choose(state)] == 1
        checked += 1
    assert checked >= 3


@pytest.mark.parametrize("level", ["hard", "medium"])
def test_solver_levels_use_the_solver_late_in_a_5x4_game(level):
    # INV-7 (issue 21): with few stones left on 5x4 the move of hard and medium comes from the
    # exact solver (it finishes within their budgets) and keeps the win
    rng = random.Random(4)
    solver = Solver(make_game().board)
    for _ in range(10):
        state = make_game(5, 4, pie=False).new_initial_state()
        while not state.is_terminal() and (state.stones[0] | state.stones[1]).bit_count() > 9:
            state.apply_action(rng.choice(state.legal_actions()))
        if state.is_terminal() or len(state.legal_actions()) < 2 or solver.value(state) < 0:
            continue
        ai = InvectorAI(level)
        action = ai.choose(state)
        assert ai.used_solver and solver.analyse(state).action_values[action] == 1
        return
    pytest.fail("no won 5x4 position with 9 stones found")


@pytest.mark.parametrize("size, swaps", [((5, 2), True), ((3, 2), False), ((3, 4), False)])
def test_pie_decision_follows_the_exact_value(size, swaps):
    # INV-6: the computer on White's first turn swaps exactly when Black is winning
    state = make_game(*size, pie=True).new_initial_state()
    state.apply_action(state.legal_actions()[0])
    choice = InvectorAI("hard").choose(state)
    assert (choice == SWAP) == swaps


def test_heuristic_search_on_a_big_board_is_legal_and_decides_the_pie():
    # INV-6: on 9x8 the solver is out of reach; the search still answers with swap or a move
    state = make_game(9, 8, pie=True).new_initial_state()
    state.apply_action(state.legal_actions()[5])
    ai = InvectorAI("medium")
    assert ai.choose(state) in state.legal_actions() and not ai.used_solver


def test_unknown_level_and_finished_game_are_refused():
    # INV-7: bad input is refused clearly
    with pytest.raises(ValueError, match="unknown level"):
        InvectorAI("grandmaster")
    state = make_game(3, 2, pie=False).state_from_text("invector 3x2 b../... w pie:off")
    with pytest.raises(ValueError, match="INV-7"):
        InvectorAI("easy").choose(state)


def test_easy_swaps_after_every_winning_first_move_of_5x4():
    # INV-6 (issue 21): every 5x4 first move is a Black win, so White must swap after each; easy's
    # noise used to turn 9 of those 31 swaps into moves
    start = make_game(5, 4, pie=True).new_initial_state()
    firsts = start.legal_actions()
    assert len(firsts) == 31
    for index, first in enumerate(firsts):
        state = start.clone()
        state.apply_action(first)
        assert InvectorAI("easy", random.Random(index)).choose(state) == SWAP, index


@pytest.mark.parametrize("size", [(3, 4), (5, 4)])
def test_easy_swap_decision_does_not_depend_on_its_noise(size):
    # INV-6 (issue 21): easy's random noise only affects its moves, never swap-or-keep
    start = make_game(*size, pie=True).new_initial_state()
    for first in start.legal_actions():
        state = start.clone()
        state.apply_action(first)
        decisions = {
            InvectorAI("easy", random.Random(seed)).choose(state) == SWAP for seed in range(4)
        }
        assert len(decisions) == 1, state.to_text()


def test_levels_help_describes_every_level():
    # INV-6 INV-7 (issue 21): each level says what it searches and with which budget
    text = levels_help()
    for name, level in LEVELS.items():
        assert f"{name}:" in text and level.summary in text
    assert "solver" in LEVELS["medium"].summary and "noise" in LEVELS["easy"].summary


@pytest.mark.parametrize("level", list(LEVELS))
def test_levels_never_read_the_clock(level, monkeypatch):
    # INV-7 (issue 21): a level's budget counts work, not seconds, so a slow machine plays the
    # same moves; any clock reading during a choice would fail this test (6x5 is too big for
    # the solver, so the budgeted search answers)
    size = (6, 5)
    import time

    def no_clock() -> float:
        raise AssertionError("the computer player read the clock")

    state = make_game(*size, pie=True).new_initial_state()
    expected = []
    for _ in range(3):
        action = InvectorAI(level, random.Random(7)).choose(state)
        expected.append(action)
        state.apply_action(action)
    state = make_game(*size, pie=True).new_initial_state()
    for name in ("monotonic", "perf_counter", "time"):
        monkeypatch.setattr(time, name, no_clock)
    for action in expected:
        assert InvectorAI(level, random.Random(7)).choose(state) == action
        state.apply_action(action)


def _refuted_within(state, positions, backend):
    """The actions a fresh solver refutes (the opponent wins after them) when it tries them in
    ``legal_actions`` order with ``positions`` new positions in all (what medium's solver does
    before it falls back to the search)."""
    solver = Solver(state.board, backend)
    end = solver.positions + positions
    refuted = set()
    for action in state.legal_actions():
        child = state.clone()
        child.apply_action(action)
        value = solver.value_within(child, end - solver.positions)
        if value is not None and value > 0:
            refuted.add(action)
    return refuted


@pytest.mark.parametrize(
    "text, refuted_move",
    [
        ("invector 9x2 bb.wbwbwb/ww.bwbwbw b pie:off", "a1xa2"),
        ("invector 4x5 .bbw/wb../bwwb/wbww/bwb. b pie:off", "c1xd1"),
    ],
)
def test_medium_never_falls_back_on_a_move_its_solver_refuted(text, refuted_move):
    # INV-7 (issue 29): medium's solver runs out of budget in these won positions, but not
    # before it has shown that the capture the search liked loses; the search used to play it
    # anyway (a1xa2, c1xd1). With the compiled solver (the `solver` extra).
    pytest.importorskip("numba")
    state = parse_position(text)
    budget = LEVELS["medium"].solver_positions * COMPILED_FACTOR
    refuted = _refuted_within(state, budget, "numba")
    assert state.text_to_action(refuted_move) in refuted
    action = InvectorAI("medium").choose(state)
    assert action not in refuted, state.action_to_text(action)


def test_medium_without_numba_never_falls_back_on_a_refuted_move(monkeypatch):
    # INV-7 (issue 29): the same with the pure-Python solver of an install without the
    # `solver` extra (its budget is 20 times smaller): at this won position the search's
    # favourite b2xa2 was refuted before the budget ran out; medium now plays a winning move
    monkeypatch.setattr(solver_module, "fast_backend_available", lambda: False)
    state = parse_position("invector 5x4 ..w.w/bwwb./bwbb./b.w.b w pie:off")
    refuted = _refuted_within(state, LEVELS["medium"].solver_positions, "python")
    assert state.text_to_action("b2xa2") in refuted
    ai = InvectorAI("medium")
    action = ai.choose(state)
    assert ai._solvers[(5, 4)].backend == "python"
    assert action not in refuted
    assert Solver(state.board).analyse(state).action_values[action] == 1


def test_every_refuted_move_is_a_real_loss():
    # INV-7: what the fallback leaves out is lost for the mover by the full solve (the budget
    # only cuts the search short, it never changes a stored value)
    state = parse_position("invector 4x5 .bbw/wb../bwwb/wbww/bwb. b pie:off")
    values = Solver(state.board).analyse(state).action_values
    refuted = _refuted_within(state, 400_000, "auto")
    assert refuted and all(values[action] < 0 for action in refuted)


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_solver_levels_take_the_last_stone_at_once(level):
    # INV-7 (issue 29): c2xd2 captures White's last stone and ends the game; b1-c1 also wins
    # (the solver's first winning move in legal order) but later, so the levels used to play it
    state = parse_position("invector 5x2 .b.../..bw. b pie:off")
    assert state.action_to_text(InvectorAI(level).choose(state)) == "c2xd2"
